use std::sync::Arc;

use kernel::testing::{TestApp, TestEnvironment};
use mat_api::MatService;
use serde_json::Value;

pub const BASE: &str = "/to/api/public/mat";

/// The service seeded from the committed `data/materials`, served over HTTP.
pub async fn spawn(environment: &TestEnvironment) -> anyhow::Result<TestApp> {
    let service = Arc::new(MatService::new(Some(mat_api::import::committed_seed_dir())));
    TestApp::spawn(
        environment.settings.clone(),
        vec![service as Arc<dyn kernel::Service>],
        None,
    )
    .await
}

/// The service's database, as the service wrote it.
pub async fn database(environment: &TestEnvironment) -> anyhow::Result<kernel::Database> {
    let location = kernel::db::DatabaseLocation::resolve(&environment.settings, "mat")?;
    kernel::Database::connect(&location, 2).await
}

/// `data` of a success envelope.
pub async fn data(app: &TestApp, path: &str) -> anyhow::Result<Value> {
    let (status, body) = app.get_json(path).await?;
    anyhow::ensure!(status == 200, "{path}: HTTP {status}: {body}");
    anyhow::ensure!(body["code"] == 0, "{path}: not a success: {body}");
    Ok(body["data"].clone())
}

/// The envelope's code of an error answer.
pub async fn error_code(app: &TestApp, path: &str) -> anyhow::Result<i64> {
    let (_, body) = app.get_json(path).await?;
    let code = body["code"].as_i64().unwrap_or_default();
    anyhow::ensure!(code != 0, "{path}: expected an error, got {body}");
    Ok(code)
}

/// A keyword search (one tag) with `extra` query parameters.
pub async fn search(app: &TestApp, keyword: &str, extra: &str) -> anyhow::Result<Value> {
    let path = format!(
        "{BASE}/search?keyWords={}&pageSize=20{extra}",
        encode(keyword)
    );
    data(app, &path).await
}

/// Percent-encodes a query value (every byte outside the unreserved set).
pub use kernel::testing::query_encode as encode;

/// The hits of an answer.
pub fn hits(answer: &Value) -> Vec<Value> {
    answer["list"].as_array().cloned().unwrap_or_default()
}
