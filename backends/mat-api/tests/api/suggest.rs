//! The search box's suggest call (spec §7): completions from the materials seed in the normal
//! envelope; bad parameters are refused like the components'.

use kernel::testing::TestEnvironment;

use crate::helpers::{data, spawn};

const SUGGEST: &str = "/to/api/public/mat/es/keyword/suggest";

async fn suggest_completes_grades_and_refuses_bad_parameters(
    environment: TestEnvironment,
) -> anyhow::Result<()> {
    let app = spawn(&environment).await?;

    let completions = data(&app, &format!("{SUGGEST}?keyword=X5CrNi&size=15")).await?;
    let list = completions.as_array().cloned().unwrap_or_default();
    anyhow::ensure!(
        list.iter()
            .any(|c| c.as_str().is_some_and(|c| c.starts_with("X5CrNi18-10"))),
        "X5CrNi does not complete to X5CrNi18-10: {completions}"
    );
    anyhow::ensure!(list.len() <= 15, "{} completions", list.len());
    let none = data(&app, &format!("{SUGGEST}?keyword=")).await?;
    anyhow::ensure!(none == serde_json::json!([]), "empty keyword: {none}");

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

kernel::backend_tests!(suggest_completes_grades_and_refuses_bad_parameters);
