//! The search box's suggest call (spec §7) on a library without items: an empty
//! list in the normal envelope, never a 404; bad parameters are refused like the components'.

use std::sync::Arc;

use kernel::testing::{TestApp, TestEnvironment};
use part_api::PartService;

const SUGGEST: &str = "/to/api/public/part/es/keyword/suggest";

async fn suggest_answers_an_empty_list(environment: TestEnvironment) -> anyhow::Result<()> {
    let app = TestApp::spawn(
        environment.settings.clone(),
        vec![Arc::new(PartService::new(None))],
        None,
    )
    .await?;

    for query in [
        "keyword=hex&size=15",
        "keyword=%E8%9E%BA%E6%A0%93",
        "keyword=",
        "",
    ] {
        let (status, body) = app.get_json(&format!("{SUGGEST}?{query}")).await?;
        anyhow::ensure!(status == 200, "{query}: HTTP {status}");
        anyhow::ensure!(
            body["code"] == 0 && body["msg"] == "" && body["data"] == serde_json::json!([]),
            "{query}: not an empty success envelope: {body}"
        );
    }

    let long = "a".repeat(129);
    let (status, body) = app.get_json(&format!("{SUGGEST}?keyword={long}")).await?;
    anyhow::ensure!(
        status == 200 && body["code"] == 400,
        "129 characters accepted: {body}"
    );
    let (_, body) = app.get_json(&format!("{SUGGEST}?keyword=a&size=0")).await?;
    anyhow::ensure!(body["code"] == 400, "size 0 accepted: {body}");

    app.stop().await;
    Ok(())
}

kernel::backend_tests!(suggest_answers_an_empty_list);
