use std::sync::Arc;

use kernel::testing::{TestApp, TestEnvironment};
use part_api::PartService;
use serde_json::Value;

pub const BASE: &str = "/to/api/public/part";

/// The service seeded from the committed `data/parts`, served over HTTP.
pub async fn spawn(environment: &TestEnvironment) -> anyhow::Result<TestApp> {
    Ok(spawn_service(environment).await?.0)
}

/// [`spawn`], with the service itself (its model cache counts generations). Without the
/// background shape fingerprinting: it generates every one of the 6,350 variants (more than a
/// minute of CPU), which only the shape tests use ([`spawn_with_shape_job`]).
pub async fn spawn_service(
    environment: &TestEnvironment,
) -> anyhow::Result<(TestApp, Arc<PartService>)> {
    let mut settings = environment.settings.clone();
    settings.search.shape_fingerprints = false;
    spawn_with(settings).await
}

/// [`spawn_service`] with the shape search's background job running, as in production.
pub async fn spawn_with_shape_job(
    environment: &TestEnvironment,
) -> anyhow::Result<(TestApp, Arc<PartService>)> {
    spawn_with(environment.settings.clone()).await
}

async fn spawn_with(settings: kernel::Settings) -> anyhow::Result<(TestApp, Arc<PartService>)> {
    let service = Arc::new(PartService::new(Some(
        part_api::import::committed_seed_dir(),
    )));
    let app = TestApp::spawn(
        settings,
        vec![Arc::clone(&service) as Arc<dyn kernel::Service>],
        None,
    )
    .await?;
    Ok((app, service))
}

/// The service's database, as the service wrote it.
pub async fn database(environment: &TestEnvironment) -> anyhow::Result<kernel::Database> {
    let location = kernel::db::DatabaseLocation::resolve(&environment.settings, "part")?;
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

/// The hits of a keyword search (one tag), in order.
pub async fn search(app: &TestApp, keyword: &str, extra: &str) -> anyhow::Result<Value> {
    let path = format!(
        "{BASE}/search?keyWords={}&pageSize=20{extra}",
        encode(keyword)
    );
    data(app, &path).await
}

/// Percent-encodes a query value (every byte outside the unreserved set).
pub use kernel::testing::query_encode as encode;

/// The id of the item whose code is `code` (its first search hit with that exact code).
pub async fn id_of_code(app: &TestApp, code: &str) -> anyhow::Result<i64> {
    let hits = search(app, code, "").await?;
    hits["list"]
        .as_array()
        .and_then(|list| list.iter().find(|hit| hit["partNumber"] == code))
        .and_then(|hit| hit["id"].as_i64())
        .ok_or_else(|| anyhow::anyhow!("{code} not found: {hits}"))
}
