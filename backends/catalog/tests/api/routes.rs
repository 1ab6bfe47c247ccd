use std::sync::Arc;

use catalog::LibraryService;
use kernel::testing::{TestApp, TestEnvironment};
use serde_json::json;

use crate::DEMO;

async fn serves_the_fixture_library(environment: TestEnvironment) -> anyhow::Result<()> {
    let app = TestApp::spawn(
        environment.settings.clone(),
        vec![Arc::new(LibraryService::new(&DEMO))],
        None,
    )
    .await?;
    catalog::testing::check_library_api(&app, &DEMO).await?;

    // The exact shape of the contract, on a known tree.
    let (_, body) = app.get_json("/to/api/public/demo/category/tree").await?;
    let crystal = &body["data"][2];
    assert_eq!(
        crystal,
        &json!({"id": crystal["id"], "code": "crystal", "name": "晶振", "nameEn": "Crystals",
                "parentId": null, "sort": 3, "children": []})
    );
    let (_, body) = app
        .get_json("/to/api/public/demo/category/ceramic-capacitor")
        .await?;
    assert_eq!(body["data"]["category"]["children"][0]["code"], "mlcc");
    assert_eq!(body["data"]["ancestors"][0]["code"], "capacitor");
    assert_eq!(body["data"]["ancestors"][0]["nameEn"], "Capacitors");
    app.stop().await;
    Ok(())
}

kernel::backend_tests!(serves_the_fixture_library);
