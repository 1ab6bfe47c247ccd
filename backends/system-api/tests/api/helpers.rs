use anyhow::Context;
use kernel::{
    db::{Database, DatabaseLocation},
    testing::{TestApp, TestEnvironment},
    Settings,
};
use serde_json::{json, Value};

pub const BASE: &str = "/to/api/base/system";
/// A password that passes the spec's rules.
pub const PASSWORD: &str = "Abcdef12!";

/// Test settings: cheap argon2 parameters (the production cost is measured by the benchmark).
pub fn fast_settings(environment: &TestEnvironment) -> Settings {
    let mut settings = environment.settings.clone();
    settings.accounts.password_hash.memory_kib = 1024;
    settings.accounts.password_hash.iterations = 1;
    settings
}

pub async fn spawn_system(environment: &TestEnvironment) -> anyhow::Result<TestApp> {
    spawn_with(fast_settings(environment)).await
}

pub async fn spawn_with(settings: Settings) -> anyhow::Result<TestApp> {
    TestApp::spawn(settings, vec![system_api::service()], None).await
}

/// A request to the API, with an optional bearer token; answers status and JSON body.
pub async fn call(
    app: &TestApp,
    method: reqwest::Method,
    path: &str,
    body: Option<Value>,
    token: Option<&str>,
    headers: &[(&str, &str)],
) -> anyhow::Result<(u16, Value)> {
    let mut request = app
        .client
        .request(method, app.url(&format!("{BASE}{path}")));
    if let Some(body) = body {
        request = request.json(&body);
    }
    if let Some(token) = token {
        request = request.bearer_auth(token);
    }
    for (name, value) in headers {
        request = request.header(*name, *value);
    }
    let response = request.send().await?;
    let status = response.status().as_u16();
    let body = response.json().await.context("body is not JSON")?;
    Ok((status, body))
}

pub async fn post(app: &TestApp, path: &str, body: Value) -> anyhow::Result<Value> {
    let (status, body) = call(app, reqwest::Method::POST, path, Some(body), None, &[]).await?;
    assert_eq!(status, 200, "{body}");
    Ok(body)
}

pub async fn get_with(app: &TestApp, path: &str, token: &str) -> anyhow::Result<Value> {
    let (status, body) = call(app, reqwest::Method::GET, path, None, Some(token), &[]).await?;
    assert_eq!(status, 200, "{body}");
    Ok(body)
}

/// Asserts an error envelope: HTTP 200, the code, the message, `data: null`.
pub fn assert_error(body: &Value, code: i64, msg: &str) {
    assert_eq!(body["code"], code, "{body}");
    assert_eq!(body["msg"], msg, "{body}");
    assert_eq!(body["data"], Value::Null, "{body}");
}

/// The system database of the environment, for what no API does (disable an account,
/// age a token).
pub async fn system_database(settings: &Settings) -> anyhow::Result<Database> {
    Database::connect(&DatabaseLocation::resolve(settings, "system")?, 1).await
}

pub async fn execute(settings: &Settings, sql: &str) -> anyhow::Result<()> {
    let db = system_database(settings).await?;
    match &db {
        Database::Sqlite(pool) => sqlx::query(sql).execute(pool).await.map(drop),
        Database::Postgres(pool) => sqlx::query(sql).execute(pool).await.map(drop),
    }?;
    db.close().await;
    Ok(())
}

pub async fn create_admin(settings: &Settings, email: &str) -> anyhow::Result<i64> {
    system_api::admin::create_administrator(
        settings.clone(),
        system_api::admin::NewAdministrator {
            username: "root".to_owned(),
            email: Some(email.to_owned()),
            mobile: None,
            password: PASSWORD.to_owned(),
        },
    )
    .await
}

/// Logs in by e-mail and answers the login data.
pub async fn login_email(app: &TestApp, email: &str, password: &str) -> anyhow::Result<Value> {
    post(
        app,
        "/auth/login",
        json!({"email": email, "password": password, "userType": 2}),
    )
    .await
}

pub fn token_of(login: &Value) -> anyhow::Result<String> {
    login["data"]["accessToken"]
        .as_str()
        .map(str::to_owned)
        .with_context(|| format!("no access token in {login}"))
}

/// A human-looking drag to the right end of the issued track (x = handle offset).
pub fn human_track(track_width: f64, handle_width: f64) -> Value {
    let end = track_width - handle_width;
    let points: Vec<Value> = (0..=30)
        .map(|i| {
            let f = f64::from(i) / 30.0;
            // Ease-out, as a hand slows down near the end.
            let x = end * (1.0 - (1.0 - f) * (1.0 - f));
            json!({"x": x, "y": (f * 9.0).sin() * 2.0, "t": 600.0 * f + f64::from(i % 3)})
        })
        .collect();
    Value::Array(points)
}

/// Passes the slider for `scene` (`sms`, `email`, `login`) and answers the ticket.
pub async fn slider_ticket(app: &TestApp, scene: &str) -> anyhow::Result<String> {
    let challenge = post(app, "/captcha/slider/challenge", json!({"scene": scene})).await?;
    let data = &challenge["data"];
    let track_width = data["trackWidth"].as_f64().context("trackWidth")?;
    let handle_width = data["handleWidth"].as_f64().context("handleWidth")?;
    // The server's clock bounds the drag: no answer faster than a hand.
    tokio::time::sleep(std::time::Duration::from_millis(150)).await;
    let verified = post(
        app,
        "/captcha/slider/verify",
        json!({
            "challengeId": data["challengeId"],
            "trackWidth": track_width,
            "track": human_track(track_width, handle_width),
        }),
    )
    .await?;
    assert_eq!(verified["code"], 0, "{verified}");
    verified["data"]["ticket"]
        .as_str()
        .map(str::to_owned)
        .context("no ticket")
}

/// The newest code the development outbox holds for `to`.
pub async fn outbox_code(app: &TestApp, to: &str) -> anyhow::Result<String> {
    let (status, body) = app
        .get_json(&format!("/to/api/dev/outbox?to={}", to.replace('@', "%40")))
        .await?;
    assert_eq!(status, 200, "{body}");
    // Notices (an invitation) share the outbox with an empty code.
    body["data"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|message| message["code"].as_str())
        .find(|code| !code.is_empty())
        .map(str::to_owned)
        .with_context(|| format!("no code for {to}: {body}"))
}

/// Sends a code (`sms` → send-sms-code, `email` → send-email-code) and answers the envelope.
pub async fn send_code(app: &TestApp, to: &str, scene: i64) -> anyhow::Result<Value> {
    if to.contains('@') {
        let ticket = slider_ticket(app, "email").await?;
        post(
            app,
            "/user/send-email-code",
            json!({"email": to, "scene": scene, "ticket": ticket}),
        )
        .await
    } else {
        let ticket = slider_ticket(app, "sms").await?;
        post(
            app,
            "/auth/send-sms-code",
            json!({"mobile": to, "scene": scene, "ticket": ticket}),
        )
        .await
    }
}

/// Registers `contact` (e-mail or mobile) with a fresh code; answers the register envelope.
pub async fn register(app: &TestApp, contact: &str, nickname: &str) -> anyhow::Result<Value> {
    let sent = send_code(app, contact, 4).await?;
    assert_eq!(sent, json!({"code": 0, "data": true, "msg": ""}));
    let code = outbox_code(app, contact).await?;
    let key = if contact.contains('@') {
        "email"
    } else {
        "mobile"
    };
    post(
        app,
        "/user/register",
        json!({
            "username": if nickname.is_empty() { contact } else { nickname },
            "nickname": nickname,
            key: contact,
            "code": code,
            "password": PASSWORD,
            "confirmPwd": PASSWORD,
            "origin": "100",
            "agreement": true,
        }),
    )
    .await
}

/// A request to any path of the app (not only the system base); answers status and JSON body.
pub async fn call_path(
    app: &TestApp,
    method: reqwest::Method,
    path: &str,
    body: Option<Value>,
    token: Option<&str>,
) -> anyhow::Result<(u16, Value)> {
    let mut request = app.client.request(method, app.url(path));
    if let Some(body) = body {
        request = request.json(&body);
    }
    if let Some(token) = token {
        request = request.bearer_auth(token);
    }
    let response = request.send().await?;
    let status = response.status().as_u16();
    let body = response.json().await.context("body is not JSON")?;
    Ok((status, body))
}

/// Registers `email` (role `member`) and answers its access token.
pub async fn signed_in(app: &TestApp, email: &str, nickname: &str) -> anyhow::Result<String> {
    token_of(&register(app, email, nickname).await?)
}

/// Registers `email`, adds role `role_code` (e.g. `operator`) and signs in again, so that the
/// new token carries the role's permissions; answers the access token.
pub async fn signed_in_with_role(
    app: &TestApp,
    settings: &Settings,
    email: &str,
    role_code: &str,
) -> anyhow::Result<String> {
    register(app, email, "").await?;
    execute(
        settings,
        &format!(
            "INSERT INTO user_role (user_id, role_id, created_at, updated_at) \
             SELECT u.id, r.id, CURRENT_TIMESTAMP, CURRENT_TIMESTAMP FROM app_user u, role r \
             WHERE u.email = '{email}' AND r.code = '{role_code}'"
        ),
    )
    .await?;
    token_of(&login_email(app, email, PASSWORD).await?)
}

/// Registers `email` (role `member`); answers its access token and user id.
pub async fn signed_in_user(
    app: &TestApp,
    email: &str,
    nickname: &str,
) -> anyhow::Result<(String, i64)> {
    let registered = register(app, email, nickname).await?;
    let user_id = registered["data"]["userId"]
        .as_i64()
        .with_context(|| format!("no userId in {registered}"))?;
    Ok((token_of(&registered)?, user_id))
}

/// A stored file row as the files module keeps it after an upload (for features that only
/// refer to files by id, e.g. feedback images).
pub async fn insert_file(
    settings: &Settings,
    id: i64,
    user_id: i64,
    name: &str,
    mime_type: &str,
    size: i64,
) -> anyhow::Result<()> {
    execute(
        settings,
        &format!(
            "INSERT INTO file (id, user_id, name, storage_key, storage, size, category, \
             mime_type, biz_code, module_type, created_at, updated_at, access_key) VALUES ({id}, \
             {user_id}, '{name}', 'test/{id}', 'local', {size}, 'Images', '{mime_type}', 'feedback', \
             3, '2026-11-22T00:00:00+00:00', '2026-11-22T00:00:00+00:00', '{id:032x}')"
        ),
    )
    .await
}

/// The code of the token check for a session, personal access token or API key (0 live, 401
/// refused).
pub async fn token_code(app: &TestApp, token: &str) -> anyhow::Result<Value> {
    let body: Value = app
        .client
        .get(app.url(&format!("{BASE}/auth/check-token")))
        .header("Authorization", format!("Token {token}"))
        .send()
        .await?
        .json()
        .await?;
    Ok(body["code"].clone())
}

/// The rows of a page answer (`data.list`), none when absent.
pub fn list_of(page: &Value) -> Vec<Value> {
    page["data"]["list"].as_array().cloned().unwrap_or_default()
}

/// A request that must answer in the envelope with HTTP 200 or 400 (a refusal's code is in the
/// body); answers the body.
pub async fn send(
    app: &TestApp,
    method: reqwest::Method,
    path: &str,
    body: Option<Value>,
    token: &str,
) -> anyhow::Result<Value> {
    let (http, body) = call(app, method, path, body, Some(token), &[]).await?;
    assert!(http == 200 || http == 400, "{http}: {body}");
    Ok(body)
}

/// The operator audit entries of `action`, oldest first.
pub async fn audit_of(app: &TestApp, token: &str, action: &str) -> anyhow::Result<Vec<Value>> {
    let page = get_with(
        app,
        &format!("/operation/audit-log/page?pageSize=100&action={action}"),
        token,
    )
    .await?;
    let mut entries = list_of(&page);
    entries.reverse();
    Ok(entries)
}
