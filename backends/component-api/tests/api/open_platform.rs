//! The open platform's gate on the component library (docs/open-platform.md), with the system
//! service in the same application as the portal runs it: an API key created through the system
//! API reads `/to/open/component/…` with the `RateLimit-*` headers; a missing, unknown, foreign-
//! scope or session token is refused with the HTTP status machine clients read; a parallel burst
//! past the daily quota admits exactly the quota; a revoked key stops at once.

use std::sync::Arc;

use anyhow::Context;
use component_api::ComponentService;
use kernel::testing::{TestApp, TestEnvironment};
use reqwest::Method;
use serde_json::{json, Value};

const OPEN: &str = "/to/open/component";
const SYSTEM: &str = "/to/api/base/system";
const EMAIL: &str = "open@example.com";
const PASSWORD: &str = "Abcdef12!";
const QUOTA: i64 = 12;

async fn spawn(environment: &TestEnvironment) -> anyhow::Result<TestApp> {
    let mut settings = environment.settings.clone();
    settings.accounts.password_hash.memory_kib = 1024;
    settings.accounts.password_hash.iterations = 1;
    settings.open.requests_per_day = QUOTA;
    settings.open.requests_per_minute = 1000;
    system_api::admin::create_administrator(
        settings.clone(),
        system_api::admin::NewAdministrator {
            username: "open".to_owned(),
            email: Some(EMAIL.to_owned()),
            mobile: None,
            password: PASSWORD.to_owned(),
        },
    )
    .await?;
    let component = Arc::new(ComponentService::new(Some(crate::helpers::fixture_seed())));
    TestApp::spawn(settings, vec![system_api::service(), component], None).await
}

async fn system(
    app: &TestApp,
    method: Method,
    path: &str,
    session: Option<&str>,
    body: Option<Value>,
) -> anyhow::Result<Value> {
    let mut request = app
        .client
        .request(method, app.url(&format!("{SYSTEM}{path}")));
    if let Some(session) = session {
        request = request.bearer_auth(session);
    }
    if let Some(body) = body {
        request = request.json(&body);
    }
    let answer: Value = request.send().await?.json().await?;
    anyhow::ensure!(answer["code"] == 0, "{path}: {answer}");
    Ok(answer["data"].clone())
}

/// An open call with `headers`: status, the `RateLimit-*` and `Retry-After` headers, the body.
struct Answer {
    status: u16,
    headers: reqwest::header::HeaderMap,
    body: Value,
}

impl Answer {
    fn header(&self, name: &str) -> Option<&str> {
        self.headers.get(name).and_then(|value| value.to_str().ok())
    }
}

async fn open_get(app: &TestApp, path: &str, headers: &[(&str, &str)]) -> anyhow::Result<Answer> {
    let mut request = app.client.get(app.url(&format!("{OPEN}{path}")));
    for (name, value) in headers {
        request = request.header(*name, *value);
    }
    let response = request.send().await?;
    let status = response.status().as_u16();
    let headers = response.headers().clone();
    let body = response
        .json()
        .await
        .with_context(|| format!("{path}: not JSON"))?;
    Ok(Answer {
        status,
        headers,
        body,
    })
}

async fn an_api_key_reads_within_its_scope_rate_and_quota(
    environment: TestEnvironment,
) -> anyhow::Result<()> {
    let app = spawn(&environment).await?;
    let login = system(
        &app,
        Method::POST,
        "/auth/login",
        None,
        Some(json!({"email": EMAIL, "password": PASSWORD, "userType": 2})),
    )
    .await?;
    let session = login["accessToken"]
        .as_str()
        .context("accessToken")?
        .to_owned();
    let key = system(
        &app,
        Method::POST,
        "/open/api-keys",
        Some(&session),
        Some(json!({"name": "ERP", "scopes": ["component"]})),
    )
    .await?;
    let secret = key["secret"].as_str().context("secret")?.to_owned();
    let key_id = key["id"].as_i64().context("id")?;
    let parts_only = system(
        &app,
        Method::POST,
        "/open/api-keys",
        Some(&session),
        Some(json!({"name": "CAD", "scopes": ["part", "mat"]})),
    )
    .await?;
    let parts_secret = parts_only["secret"].as_str().context("secret")?.to_owned();

    // Refusals use the HTTP status (machine clients read it) and the envelope; none counts.
    let missing = open_get(&app, "/search?keyWords=LM358", &[]).await?;
    assert_eq!(
        (missing.status, missing.body["code"].as_i64()),
        (401, Some(1_041_001_000)),
        "{}",
        missing.body
    );
    let unknown_key = format!("opk_{}", "0".repeat(64));
    let unknown = open_get(
        &app,
        "/search?keyWords=LM358",
        &[("X-API-Key", unknown_key.as_str())],
    )
    .await?;
    assert_eq!(
        (unknown.status, unknown.body["code"].as_i64()),
        (401, Some(1_041_001_001))
    );
    let malformed = open_get(&app, "/search?keyWords=LM358", &[("X-API-Key", "hello")]).await?;
    assert_eq!(malformed.status, 401);
    let bearer_session = format!("Bearer {session}");
    let as_session = open_get(
        &app,
        "/search?keyWords=LM358",
        &[("Authorization", bearer_session.as_str())],
    )
    .await?;
    assert_eq!(
        (as_session.status, as_session.body["code"].as_i64()),
        (401, Some(1_041_001_000)),
        "a session is not an API key"
    );
    let foreign = open_get(
        &app,
        "/search?keyWords=LM358",
        &[("X-API-Key", parts_secret.as_str())],
    )
    .await?;
    assert_eq!(
        (foreign.status, foreign.body["code"].as_i64()),
        (403, Some(1_041_001_002)),
        "{}",
        foreign.body
    );
    assert_eq!(foreign.header("ratelimit-limit"), None);

    // Admitted: the public answer, with the headers of the tightest limit (the quota of 12).
    let found = open_get(
        &app,
        "/search?keyWords=LM358",
        &[("X-API-Key", secret.as_str())],
    )
    .await?;
    assert_eq!(found.status, 200, "{}", found.body);
    assert_eq!(found.body["code"], 0);
    assert!(
        found.body["data"]["total"].as_i64().unwrap_or_default() > 0,
        "{}",
        found.body
    );
    assert_eq!(found.header("ratelimit-limit"), Some("12"));
    assert_eq!(found.header("ratelimit-remaining"), Some("11"));
    assert_eq!(
        found.header("ratelimit-policy"),
        Some("1000;w=60, 12;w=86400")
    );
    let reset: u64 = found.header("ratelimit-reset").context("reset")?.parse()?;
    assert!((1..=86_400).contains(&reset), "{reset}");
    let id = found.body["data"]["list"][0]["id"]
        .as_i64()
        .context("an id")?;
    let bearer_key = format!("Bearer {secret}");
    let detail = open_get(
        &app,
        &format!("/item/{id}"),
        &[("Authorization", bearer_key.as_str())],
    )
    .await?;
    assert_eq!(
        (detail.status, detail.body["code"].as_i64()),
        (200, Some(0)),
        "Bearer works too"
    );
    assert_eq!(detail.header("ratelimit-remaining"), Some("10"));
    let tree = open_get(&app, "/category/tree", &[("X-API-Key", secret.as_str())]).await?;
    assert_eq!(tree.status, 200);

    // The key opens nothing else: not the KiCad library, not the account.
    let kicad = app
        .client
        .get(app.url("/to/api/public/component/kicad-api/v1/categories.json"))
        .header("Authorization", format!("Token {secret}"))
        .send()
        .await?;
    assert_eq!(kicad.status(), 401);

    // A parallel burst of 20 with 9 left: exactly 9 admitted, 11 refused with 429, Retry-After
    // and nothing remaining.
    let key_header = [("X-API-Key", secret.as_str())];
    let burst = (0..20).map(|_| open_get(&app, "/search?keyWords=NE555", &key_header));
    let answers = futures_util::future::join_all(burst).await;
    let (mut admitted, mut refused) = (0, 0);
    for answer in answers {
        let answer = answer?;
        match answer.status {
            200 => admitted += 1,
            429 => {
                assert_eq!(answer.body["code"], 1_041_002_001, "{}", answer.body);
                assert_eq!(answer.body["msg"], "今日调用次数已用完");
                assert_eq!(answer.header("ratelimit-remaining"), Some("0"));
                assert!(answer.header("retry-after").is_some());
                refused += 1;
            }
            other => anyhow::bail!("unexpected {other}: {}", answer.body),
        }
    }
    assert_eq!((admitted, refused), (9, 11));
    // The owner sees today's 12 requests (refusals do not count).
    let keys = system(&app, Method::GET, "/open/api-keys", Some(&session), None).await?;
    let listed = keys
        .as_array()
        .and_then(|keys| keys.iter().find(|key| key["id"] == key_id))
        .context("the key")?;
    assert_eq!(listed["usage"][6]["requests"], QUOTA, "{listed}");
    assert!(listed["lastUsedTime"].is_i64());

    // Revoked: refused at once.
    system(
        &app,
        Method::DELETE,
        &format!("/open/api-keys/{key_id}"),
        Some(&session),
        None,
    )
    .await?;
    let revoked = open_get(&app, "/category/tree", &[("X-API-Key", secret.as_str())]).await?;
    assert_eq!(
        (revoked.status, revoked.body["code"].as_i64()),
        (401, Some(1_041_001_001))
    );
    app.stop().await;
    Ok(())
}

kernel::backend_tests!(an_api_key_reads_within_its_scope_rate_and_quota);
