use kernel::testing::TestEnvironment;
use serde_json::json;

use crate::helpers::spawn_portal;

async fn every_service_answers_in_one_process(environment: TestEnvironment) -> anyhow::Result<()> {
    let environment = environment.with_test_redis().await?;
    let app = spawn_portal(&environment).await?;

    for library in [
        &part_api::LIBRARY,
        &component_api::LIBRARY,
        &mat_api::LIBRARY,
    ] {
        catalog::testing::check_library_api(&app, library).await?;
    }
    // Each library's tree comes from its own database: the roots differ.
    let (_, part) = app.get_json("/to/api/public/part/category/tree").await?;
    let (_, mat) = app.get_json("/to/api/public/mat/category/tree").await?;
    assert_ne!(part["data"][0]["code"], mat["data"][0]["code"]);

    let (status, body) = app
        .get_json("/to/api/base/system/dict-data/list-all-simple?dictType=system_config")
        .await?;
    assert_eq!(status, 200);
    assert_eq!(body["data"][0]["label"], "token_expire_time");
    assert_eq!(body["data"][1]["value"], "1440");

    let (status, ready) = app.get_json("/health/ready").await?;
    assert_eq!(status, 200);
    let cache = if environment.settings.redis_url.is_some() {
        "cache:redis"
    } else {
        "cache:memory"
    };
    assert_eq!(
        ready["data"]["checks"],
        json!({"database:system": "ok", "database:part": "ok", "database:component": "ok",
               "database:mat": "ok", cache: "ok"})
    );

    let initializer = app
        .get("/to/api/docs/swagger-initializer.js")
        .await?
        .text()
        .await?;
    for service in ["system", "part", "component", "mat"] {
        let url = format!("/to/api/docs/{service}/openapi.json");
        assert!(
            initializer.contains(&url),
            "{service} missing from the docs page"
        );
        let (status, document) = app.get_json(&url).await?;
        assert_eq!(status, 200);
        assert!(document["paths"]
            .as_object()
            .is_some_and(|paths| !paths.is_empty()));
    }
    app.stop().await;
    Ok(())
}

kernel::backend_tests!(every_service_answers_in_one_process);
