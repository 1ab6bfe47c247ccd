use std::{path::PathBuf, sync::Arc};

use anyhow::Context;

use component_api::ComponentService;
use kernel::testing::{TestApp, TestEnvironment};
use kernel::{Database, Settings};
use serde_json::{json, Value};

pub const BASE: &str = "/to/api/public/component";
const LOGIN: &str = "/to/api/base/system/auth/login";
/// The password of every user [`create_user`] creates.
pub const PASSWORD: &str = "Abcdef12!";

/// An account in the system database (an administrator: `*:*:*` until [`set_role`]).
pub async fn create_user(settings: &Settings, username: &str, email: &str) -> anyhow::Result<i64> {
    system_api::admin::create_administrator(
        settings.clone(),
        system_api::admin::NewAdministrator {
            username: username.to_owned(),
            email: Some(email.to_owned()),
            mobile: None,
            password: PASSWORD.to_owned(),
        },
    )
    .await
}

/// Gives `user_id` the role `code` (`member`, `operator`) instead of its own: there is no role
/// API, an administrator changes roles in the system database (docs/feedback-and-logs.md).
pub async fn set_role(settings: &Settings, user_id: i64, code: &str) -> anyhow::Result<()> {
    let db = Database::connect(
        &kernel::db::DatabaseLocation::resolve(settings, "system")?,
        1,
    )
    .await?;
    let sql = "UPDATE user_role SET role_id = (SELECT id FROM role WHERE code = $2) \
               WHERE user_id = $1";
    let changed = match &db {
        Database::Sqlite(pool) => sqlx::query(sql)
            .bind(user_id)
            .bind(code)
            .execute(pool)
            .await?
            .rows_affected(),
        Database::Postgres(pool) => sqlx::query(sql)
            .bind(user_id)
            .bind(code)
            .execute(pool)
            .await?
            .rows_affected(),
    };
    db.close().await;
    anyhow::ensure!(changed == 1, "user {user_id} has {changed} roles");
    Ok(())
}

/// A session of `email` (password [`PASSWORD`]).
pub async fn sign_in(app: &TestApp, email: &str) -> anyhow::Result<String> {
    let answer: Value = app
        .client
        .post(app.url(LOGIN))
        .json(&json!({"email": email, "password": PASSWORD, "userType": 2}))
        .send()
        .await?
        .json()
        .await?;
    answer["data"]["accessToken"]
        .as_str()
        .map(str::to_owned)
        .with_context(|| format!("no session for {email}: {answer}"))
}

/// The small seed of the tests (subsets of real KiCad 6 libraries and two broken files).
pub fn fixture_seed() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/seed")
}

/// The service seeded from the fixture, served over HTTP.
pub async fn spawn(environment: &TestEnvironment) -> anyhow::Result<TestApp> {
    let service = Arc::new(ComponentService::new(Some(fixture_seed())));
    TestApp::spawn(environment.settings.clone(), vec![service], None).await
}

/// `data` of a success envelope.
pub async fn data(app: &TestApp, path: &str) -> anyhow::Result<Value> {
    let (status, body) = app.get_json(path).await?;
    anyhow::ensure!(status == 200, "{path}: HTTP {status}: {body}");
    anyhow::ensure!(body["code"] == 0, "{path}: not a success: {body}");
    Ok(body["data"].clone())
}

/// The envelope's code and message of an error answer (HTTP 200 or the given status).
pub async fn error(app: &TestApp, path: &str) -> anyhow::Result<(u16, i64, String)> {
    let (status, body) = app.get_json(path).await?;
    let code = body["code"].as_i64().unwrap_or_default();
    anyhow::ensure!(code != 0, "{path}: expected an error, got {body}");
    anyhow::ensure!(body["data"].is_null(), "{path}: error with data: {body}");
    Ok((
        status,
        code,
        body["msg"].as_str().unwrap_or_default().to_owned(),
    ))
}

/// The component store of the test's database (the seam the search index reads), with the
/// blob store the service opens (`<data_dir>/files`).
pub async fn store(
    environment: &TestEnvironment,
) -> anyhow::Result<component_api::store::ComponentRepository> {
    let location = kernel::db::DatabaseLocation::resolve(&environment.settings, "component")?;
    let db = kernel::Database::connect(&location, 2).await?;
    let blobs = storage::Blobs::open(
        &storage::FilesSettings::default(),
        &environment.settings.data_dir,
    )
    .await?;
    Ok(component_api::store::ComponentRepository::new(
        &db,
        catalog::item::files::ItemFiles::new(blobs),
    ))
}

/// The id of a component by its source id, through the store the service wrote.
pub async fn id_of(environment: &TestEnvironment, source_id: &str) -> anyhow::Result<i64> {
    let store = store(environment).await?;
    let mut after = 0;
    loop {
        let page = store.index_documents(after, 500).await?;
        let Some(last) = page.last() else {
            anyhow::bail!("{source_id} not imported");
        };
        if let Some(found) = page.iter().find(|d| d.item.source_id == source_id) {
            return Ok(found.item.id);
        }
        after = last.item.id;
    }
}

/// Any envelope of a request with an optional session.
pub async fn call(
    app: &TestApp,
    method: reqwest::Method,
    path: &str,
    session: Option<&str>,
    body: Option<&Value>,
) -> anyhow::Result<Value> {
    let mut request = app.client.request(method, app.url(path));
    if let Some(session) = session {
        request = request.bearer_auth(session);
    }
    if let Some(body) = body {
        request = request.json(body);
    }
    Ok(request.send().await?.json().await?)
}

/// `data` of a successful call.
pub async fn ok(
    app: &TestApp,
    method: reqwest::Method,
    path: &str,
    session: &str,
    body: Option<&Value>,
) -> anyhow::Result<Value> {
    let envelope = call(app, method.clone(), path, Some(session), body).await?;
    anyhow::ensure!(envelope["code"] == 0, "{method} {path}: {envelope}");
    Ok(envelope["data"].clone())
}
