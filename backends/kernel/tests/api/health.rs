use kernel::testing::TestEnvironment;
use serde_json::{json, Value};

use crate::demo::spawn_demo;

async fn live_and_ready(environment: TestEnvironment) -> anyhow::Result<()> {
    let environment = environment.with_test_redis().await?;
    let expected_cache = if environment.settings.redis_url.is_some() {
        "cache:redis"
    } else {
        "cache:memory"
    };
    let app = spawn_demo(&environment).await?;

    let (status, body) = app.get_json("/health/live").await?;
    assert_eq!(
        (status, body),
        (
            200,
            json!({"code": 0, "data": {"status": "live"}, "msg": ""})
        )
    );

    let (status, body) = app.get_json("/health/ready").await?;
    assert_eq!(status, 200);
    assert_eq!(body["data"]["status"], "ready");
    assert_eq!(body["data"]["checks"]["database:demo"], "ok");
    assert_eq!(body["data"]["checks"][expected_cache], "ok");

    // A database that stops answering makes the service not ready.
    let response = app
        .client
        .post(app.url("/to/api/demo/close-database"))
        .send()
        .await?;
    assert_eq!(response.status().as_u16(), 200);
    let (status, body) = app.get_json("/health/ready").await?;
    assert_eq!(status, 503);
    assert_eq!(body["code"], 500);
    assert_eq!(body["msg"], "服务未就绪");
    assert_eq!(body["data"]["checks"]["database:demo"], "unavailable");
    let (status, _) = app.get_json("/health/live").await?;
    assert_eq!(status, 200);

    app.stop().await;
    Ok(())
}

async fn api_docs_work_offline(environment: TestEnvironment) -> anyhow::Result<()> {
    let app = spawn_demo(&environment).await?;

    let response = app.get("/to/api/docs").await?;
    assert_eq!(response.status().as_u16(), 308);
    let response = app.get("/to/api/docs/").await?;
    assert_eq!(response.status().as_u16(), 200);
    let page = response.text().await?;
    assert!(page.contains("swagger-ui"), "{page}");
    // Everything the page loads is served by the application itself.
    for asset in [
        "swagger-ui-bundle.js",
        "swagger-ui.css",
        "swagger-initializer.js",
    ] {
        let response = app.get(&format!("/to/api/docs/{asset}")).await?;
        assert_eq!(response.status().as_u16(), 200, "{asset}");
    }
    let initializer = app
        .get("/to/api/docs/swagger-initializer.js")
        .await?
        .text()
        .await?;
    assert!(
        initializer.contains("/to/api/docs/demo/openapi.json"),
        "{initializer}"
    );
    assert!(
        !page.contains("http://") && !page.contains("https://"),
        "the page loads nothing remote"
    );

    let (status, document): (u16, Value) = app.get_json("/to/api/docs/demo/openapi.json").await?;
    assert_eq!(status, 200);
    assert_eq!(document["info"]["title"], "演示 Demo API");
    assert!(document["openapi"]
        .as_str()
        .is_some_and(|v| v.starts_with("3.")));

    app.stop().await;
    Ok(())
}

kernel::backend_tests!(live_and_ready, api_docs_work_offline);
