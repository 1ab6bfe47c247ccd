use kernel::testing::{TestBackend, TestEnvironment};
use serde_json::{json, Value};

use crate::helpers::{spawn_portal_without_items, write_web_root};

async fn environment_with_web_root() -> anyhow::Result<TestEnvironment> {
    let environment = TestEnvironment::new(TestBackend::Sqlite)
        .await?
        .ok_or_else(|| anyhow::anyhow!("SQLite is always available"))?;
    write_web_root(&environment.settings.web_dir)?;
    Ok(environment)
}

fn cache_control(response: &reqwest::Response) -> String {
    response
        .headers()
        .get("cache-control")
        .and_then(|value| value.to_str().ok())
        .unwrap_or_default()
        .to_owned()
}

#[tokio::test]
async fn serves_the_shell_with_spa_fallback() -> anyhow::Result<()> {
    let environment = environment_with_web_root().await?;
    let app = spawn_portal_without_items(&environment).await?;

    for path in [
        "/",
        "/part",
        "/component/category?tab=category",
        "/mat/some/deep/route",
        "/404",
    ] {
        let response = app.get(path).await?;
        assert_eq!(response.status().as_u16(), 200, "{path}");
        assert_eq!(cache_control(&response), "no-cache", "{path}");
        let body = response.text().await?;
        assert!(body.contains("<div id=\"root\"></div>"), "{path}: {body}");
    }

    let response = app.get("/static/main.0123abcd.js").await?;
    assert_eq!(response.status().as_u16(), 200);
    assert_eq!(
        cache_control(&response),
        "public, max-age=31536000, immutable"
    );
    assert_eq!(response.text().await?, "console.log('shell');");

    let response = app.get("/remoteEntry.js").await?;
    assert_eq!(cache_control(&response), "no-cache");

    // Nothing outside the web root leaks through the file service.
    let outside = environment.settings.web_dir.join("../secret.txt");
    std::fs::write(&outside, "TOP-SECRET")?;
    for path in [
        "/..%2fsecret.txt",
        "/static/..%2f..%2f..%2fsecret.txt",
        "/%2e%2e/secret.txt",
    ] {
        let body = app.get(path).await?.text().await?;
        assert!(
            !body.contains("TOP-SECRET"),
            "{path} leaked a file outside the web root"
        );
    }

    // A non-GET outside the API is not the shell's.
    let response = app.client.post(app.url("/part")).send().await?;
    assert_eq!(response.status().as_u16(), 404);
    app.stop().await;
    Ok(())
}

#[tokio::test]
async fn serves_remotes_and_their_manifests() -> anyhow::Result<()> {
    let environment = environment_with_web_root().await?;
    let app = spawn_portal_without_items(&environment).await?;

    let (status, manifest) = app.get_json("/mfe/part/mf-manifest.json").await?;
    assert_eq!((status, manifest), (200, json!({"name": "mfe-part"})));
    let response = app.get("/mfe/component/remoteEntry.js").await?;
    assert_eq!(response.status().as_u16(), 200);
    assert_eq!(cache_control(&response), "no-cache");
    let response = app.get("/mfe/auth/123.89abcdef01.js").await?;
    assert_eq!(
        cache_control(&response),
        "public, max-age=31536000, immutable"
    );

    // Missing files and unbuilt remotes answer the 404 envelope, never the shell.
    let (status, body) = app.get_json("/mfe/part/missing.js").await?;
    assert_eq!((status, body["code"].clone()), (404, json!(404)));
    let (status, body) = app.get_json("/mfe/mat/mf-manifest.json").await?;
    assert_eq!(
        (status, body),
        (
            404,
            json!({"code": 404, "data": null, "msg": "请求地址不存在:/mfe/mat/mf-manifest.json"})
        )
    );
    app.stop().await;
    Ok(())
}

#[tokio::test]
async fn remotes_json_comes_from_configuration() -> anyhow::Result<()> {
    let mut environment = environment_with_web_root().await?;
    let app = spawn_portal_without_items(&environment).await?;
    let response = app.get("/remotes.json").await?;
    assert_eq!(cache_control(&response), "no-cache");
    let remotes: Value = response.json().await?;
    assert_eq!(
        remotes,
        json!({
            "mfe_auth": "/mfe/auth/mf-manifest.json",
            "mfe_part": "/mfe/part/mf-manifest.json",
            "mfe_component": "/mfe/component/mf-manifest.json",
            "mfe_mat": "/mfe/mat/mf-manifest.json"
        })
    );
    app.stop().await;

    environment.settings.remotes.insert(
        "mfe_part".to_owned(),
        "http://cdn.example/part/mf-manifest.json".to_owned(),
    );
    let app = spawn_portal_without_items(&environment).await?;
    let (_, remotes) = app.get_json("/remotes.json").await?;
    assert_eq!(
        remotes["mfe_part"],
        "http://cdn.example/part/mf-manifest.json"
    );
    assert_eq!(remotes["mfe_mat"], "/mfe/mat/mf-manifest.json");
    app.stop().await;
    Ok(())
}

#[tokio::test]
async fn api_paths_never_fall_back_to_the_shell() -> anyhow::Result<()> {
    let environment = environment_with_web_root().await?;
    let app = spawn_portal_without_items(&environment).await?;
    for path in [
        "/to/api/unknown",
        "/to/api/public/part/nothing",
        "/to",
        "/health/unknown",
    ] {
        let (status, body) = app.get_json(path).await?;
        assert_eq!(status, 404, "{path}");
        assert_eq!(
            body,
            json!({"code": 404, "data": null, "msg": format!("请求地址不存在:{path}")})
        );
    }
    let response = app.client.post(app.url("/to/api/unknown")).send().await?;
    assert_eq!(response.status().as_u16(), 404);
    app.stop().await;
    Ok(())
}

/// The JSON data block of a rendered index.html, parsed.
fn start_up_data(html: &str) -> anyhow::Result<Value> {
    let open = format!(
        "<script type=\"application/json\" id=\"{}\">",
        portal::site::START_UP_DATA_ID
    );
    let start = html
        .find(&open)
        .ok_or_else(|| anyhow::anyhow!("no start-up data in {html}"))?
        + open.len();
    let end = start
        + html[start..]
            .find("</script>")
            .ok_or_else(|| anyhow::anyhow!("unterminated start-up data"))?;
    Ok(serde_json::from_str(&html[start..end])?)
}

#[tokio::test]
async fn index_html_carries_the_start_up_files_and_the_remote_preloads() -> anyhow::Result<()> {
    let mut environment = environment_with_web_root().await?;
    let app = spawn_portal_without_items(&environment).await?;

    for path in [
        "/",
        "/index.html",
        "/component/search?keyWords=LM358",
        "/part/x",
    ] {
        let response = app.get(path).await?;
        assert_eq!(response.status().as_u16(), 200, "{path}");
        assert_eq!(cache_control(&response), "no-cache", "{path}");
        let html = response.text().await?;
        // Inside <head>, before the page's own markup.
        let data_at = html.find("portal-start-up").unwrap_or(usize::MAX);
        assert!(
            data_at < html.find("</head>").unwrap_or(0),
            "{path}: {html}"
        );
        let data = start_up_data(&html)?;
        assert_eq!(
            data["/remotes.json"]["mfe_component"],
            "/mfe/component/mf-manifest.json"
        );
        // portal-config.json is not inlined (site.rs `start_up_data`): the shell fetches it early.
        assert!(data.get("/portal-config.json").is_none(), "{path}: {data}");
        assert!(!html.contains("</script><b>"), "{path}: {html}");
        // mfe-auth (the header) on every page: its manifest, never its entry (a failed script
        // preload would break the retry of a remote that was down; site.rs `remote_preload`).
        assert!(
            html.contains("<link rel=\"preload\" href=\"/mfe/auth/mf-manifest.json\" as=\"fetch\" crossorigin=\"anonymous\">"),
            "{path}: {html}"
        );
        assert!(!html.contains("remoteEntry.js"), "{path}: {html}");
    }

    // The current path's remote only.
    let html = app.get("/component/search").await?.text().await?;
    assert!(html.contains("href=\"/mfe/component/mf-manifest.json\" as=\"fetch\""));
    assert!(!html.contains("href=\"/mfe/part/"), "{html}");
    let html = app.get("/").await?.text().await?;
    assert!(!html.contains("href=\"/mfe/component/"), "{html}");
    let html = app.get("/part").await?.text().await?;
    assert!(html.contains("href=\"/mfe/part/mf-manifest.json\" as=\"fetch\""));
    assert!(!html.contains("/mfe/part/remoteEntry.js"), "{html}");
    // The file on disk is left as it is.
    let on_disk =
        std::fs::read_to_string(environment.settings.web_dir.join("shell/dist/index.html"))?;
    assert!(!on_disk.contains("portal-start-up"));
    app.stop().await;

    // A remote on another origin: its manifest is preloaded from there;
    // an unreadable portal-config.json changes nothing in the page.
    environment.settings.remotes.insert(
        "mfe_component".to_owned(),
        "http://cdn.example/component/mf-manifest.json".to_owned(),
    );
    std::fs::write(
        environment
            .settings
            .web_dir
            .join("shell/dist/portal-config.json"),
        "{not json",
    )?;
    let app = spawn_portal_without_items(&environment).await?;
    let html = app.get("/component").await?.text().await?;
    assert!(html.contains(
        "<link rel=\"preload\" href=\"http://cdn.example/component/mf-manifest.json\" as=\"fetch\" crossorigin=\"anonymous\">"
    ));
    assert!(!html.contains("/mfe/component/remoteEntry.js"), "{html}");
    let data = start_up_data(&html)?;
    assert!(data.get("/portal-config.json").is_none(), "{data}");
    assert_eq!(
        data["/remotes.json"]["mfe_component"],
        "http://cdn.example/component/mf-manifest.json"
    );
    app.stop().await;
    Ok(())
}

fn header(response: &reqwest::Response, name: &str) -> Option<String> {
    response
        .headers()
        .get(name)
        .and_then(|value| value.to_str().ok())
        .map(str::to_owned)
}

#[tokio::test]
async fn precompressed_assets_answer_the_encoding_the_client_accepts() -> anyhow::Result<()> {
    let environment = environment_with_web_root().await?;
    // What the production build writes beside an asset (packages/build-config): .br and .gz. The
    // bodies are markers, so the test sees which file answered.
    let dist = environment.settings.web_dir.join("mfe-component/dist");
    let identity = "var chunk;".repeat(200);
    std::fs::write(dist.join("123.89abcdef01.js"), &identity)?;
    std::fs::write(dist.join("123.89abcdef01.js.br"), "BROTLI-BYTES")?;
    std::fs::write(dist.join("123.89abcdef01.js.gz"), "GZIP-BYTES")?;
    let shell = environment.settings.web_dir.join("shell/dist/static");
    std::fs::write(shell.join("main.0123abcd.js.gz"), "SHELL-GZIP")?;
    let app = spawn_portal_without_items(&environment).await?;
    // reqwest here decodes nothing: the bodies come back as stored.
    let client = reqwest::Client::builder()
        .no_gzip()
        .no_brotli()
        .no_deflate()
        .build()?;
    let get = |path: &str, accept: Option<&str>| {
        let mut request = client.get(app.url(path));
        if let Some(accept) = accept {
            request = request.header("accept-encoding", accept);
        }
        request.send()
    };

    let path = "/mfe/component/123.89abcdef01.js";
    let mut etags = Vec::new();
    for (accept, encoding, body) in [
        (Some("gzip, deflate, br, zstd"), Some("br"), "BROTLI-BYTES"),
        (Some("gzip;q=1, br;q=0.5"), Some("gzip"), "GZIP-BYTES"),
        (Some("gzip"), Some("gzip"), "GZIP-BYTES"),
        (Some("identity"), None, identity.as_str()),
        (Some("br;q=0, gzip;q=0"), None, identity.as_str()),
        (None, None, identity.as_str()),
    ] {
        let response = get(path, accept).await?;
        assert_eq!(response.status().as_u16(), 200, "{accept:?}");
        assert_eq!(
            header(&response, "content-encoding").as_deref(),
            encoding,
            "{accept:?}"
        );
        assert_eq!(
            header(&response, "vary").as_deref(),
            Some("accept-encoding"),
            "{accept:?}"
        );
        assert!(
            header(&response, "content-type").is_some_and(|value| value.contains("javascript")),
            "{accept:?}"
        );
        assert_eq!(
            cache_control(&response),
            "public, max-age=31536000, immutable"
        );
        etags.push(header(&response, "etag").unwrap_or_default());
        assert_eq!(response.text().await?, body, "{accept:?}");
    }
    // One ETag per encoding, and a revalidation answers 304 for the encoding asked.
    assert!(etags.iter().all(|etag| !etag.is_empty()));
    assert_ne!(etags[0], etags[1]);
    assert_ne!(etags[1], etags[3]);
    assert_ne!(etags[0], etags[3]);
    let response = client
        .get(app.url(path))
        .header("accept-encoding", "br")
        .header("if-none-match", &etags[0])
        .send()
        .await?;
    assert_eq!(response.status().as_u16(), 304);
    let response = client
        .get(app.url(path))
        .header("accept-encoding", "gzip")
        .header("if-none-match", &etags[0])
        .send()
        .await?;
    assert_eq!(response.status().as_u16(), 200);

    // A Range is answered from the file itself, whatever the client accepts.
    let response = client
        .get(app.url(path))
        .header("accept-encoding", "br")
        .header("range", "bytes=0-9")
        .send()
        .await?;
    assert_eq!(response.status().as_u16(), 206);
    assert_ne!(header(&response, "content-encoding").as_deref(), Some("br"));
    assert_eq!(response.text().await?, "var chunk;");

    // The shell's assets too; without a .br the gzip file answers a browser.
    let response = get("/static/main.0123abcd.js", Some("gzip, deflate, br")).await?;
    assert_eq!(
        header(&response, "content-encoding").as_deref(),
        Some("gzip")
    );
    assert_eq!(response.text().await?, "SHELL-GZIP");
    // A file without siblings is the file service's as before (per-request gzip when asked).
    let response = get("/mfe/component/remoteEntry.js", Some("br")).await?;
    assert_eq!(response.status().as_u16(), 200);
    assert_eq!(response.text().await?, "var remote;");
    // A sibling is never reached by a path that is not a plain build name.
    let response = get("/mfe/component/..%2fdist/123.89abcdef01.js", Some("br")).await?;
    assert_ne!(response.text().await?, "BROTLI-BYTES");
    app.stop().await;
    Ok(())
}

#[tokio::test]
async fn explains_how_to_build_a_missing_shell() -> anyhow::Result<()> {
    let environment = TestEnvironment::new(TestBackend::Sqlite)
        .await?
        .ok_or_else(|| anyhow::anyhow!("SQLite is always available"))?;
    let app = spawn_portal_without_items(&environment).await?;
    let response = app.get("/part").await?;
    assert_eq!(response.status().as_u16(), 503);
    let body = response.text().await?;
    assert!(
        body.contains("门户前端尚未构建") && body.contains("npm run build"),
        "{body}"
    );
    // The APIs work regardless.
    let (status, body) = app.get_json("/to/api/public/part/category/tree").await?;
    assert_eq!((status, body["code"].clone()), (200, json!(0)));
    app.stop().await;
    Ok(())
}

#[tokio::test]
async fn sandboxed_workers_carry_their_own_policy_and_never_the_page_fallback() -> anyhow::Result<()>
{
    let environment = environment_with_web_root().await?;
    // What the shell's sandbox compiler writes (shell/webpack.config.cjs): a worker, the library it
    // loads and a precompressed copy.
    let sandbox = environment.settings.web_dir.join("shell/dist/sandbox");
    std::fs::create_dir_all(sandbox.join("occt-import-js"))?;
    std::fs::write(sandbox.join("step-tessellation.js"), "onmessage = null;")?;
    std::fs::write(
        sandbox.join("occt-import-js/occt-import-js.wasm"),
        b"\0asm\x01\0\0\0",
    )?;
    std::fs::write(
        sandbox.join("occt-import-js/occt-import-js.wasm.br"),
        "BROTLI-WASM",
    )?;
    let app = spawn_portal_without_items(&environment).await?;
    let client = reqwest::Client::builder().no_brotli().build()?;

    let worker = app.get("/sandbox/step-tessellation.js").await?;
    assert_eq!(worker.status().as_u16(), 200);
    let policy = header(&worker, "content-security-policy").unwrap_or_default();
    assert_eq!(policy, kernel::security::SANDBOX_WORKER_POLICY);
    assert!(policy.contains("'unsafe-eval'") && policy.contains("'wasm-unsafe-eval'"));
    assert!(policy.contains("frame-ancestors 'none'"), "{policy}");
    assert_eq!(worker.text().await?, "onmessage = null;");

    // The precompressed answer is served by a middleware inside the policy's: it has the policy too.
    let wasm = client
        .get(app.url("/sandbox/occt-import-js/occt-import-js.wasm"))
        .header("accept-encoding", "br")
        .send()
        .await?;
    assert_eq!(header(&wasm, "content-encoding").as_deref(), Some("br"));
    assert_eq!(
        header(&wasm, "content-type").as_deref(),
        Some("application/wasm")
    );
    assert_eq!(
        header(&wasm, "content-security-policy").as_deref(),
        Some(kernel::security::SANDBOX_WORKER_POLICY)
    );
    assert_eq!(wasm.text().await?, "BROTLI-WASM");

    // A missing file is a 404 in the envelope, never the shell's page under the workers' policy.
    for path in ["/sandbox/nothing-here", "/sandbox"] {
        let (status, body) = app.get_json(path).await?;
        assert_eq!(status, 404, "{path}");
        assert_eq!(
            body,
            json!({"code": 404, "data": null, "msg": format!("请求地址不存在:{path}")})
        );
    }

    // The pages keep theirs: no eval anywhere else.
    let page = app.get("/part").await?;
    let policy = header(&page, "content-security-policy").unwrap_or_default();
    assert!(policy.contains("script-src 'self'"), "{policy}");
    assert!(!policy.contains("unsafe-eval"), "{policy}");
    app.stop().await;
    Ok(())
}
