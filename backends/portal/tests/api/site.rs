use kernel::testing::{TestBackend, TestEnvironment};
use serde_json::{json, Value};

use crate::helpers::{spawn_portal, write_web_root};

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
    let app = spawn_portal(&environment).await?;

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
    let app = spawn_portal(&environment).await?;

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
    let app = spawn_portal(&environment).await?;
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
    let app = spawn_portal(&environment).await?;
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
    let app = spawn_portal(&environment).await?;
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

#[tokio::test]
async fn explains_how_to_build_a_missing_shell() -> anyhow::Result<()> {
    let environment = TestEnvironment::new(TestBackend::Sqlite)
        .await?
        .ok_or_else(|| anyhow::anyhow!("SQLite is always available"))?;
    let app = spawn_portal(&environment).await?;
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
