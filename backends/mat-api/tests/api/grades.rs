//! `GET /grades?codes=`: the material item of each glossary grade, what the part pages link to.

use kernel::testing::TestEnvironment;

use crate::helpers::{data, encode, error_code, spawn, BASE};

async fn a_grade_names_the_material_to_link(environment: TestEnvironment) -> anyhow::Result<()> {
    let app = spawn(&environment).await?;
    let answer = data(
        &app,
        &format!(
            "{BASE}/grades?codes={}",
            encode("06Cr19Ni10|GCr15|45|QT450-10|06Cr19Ni10")
        ),
    )
    .await?;
    let list = answer["list"].as_array().cloned().unwrap_or_default();
    let grades: Vec<&str> = list.iter().filter_map(|g| g["grade"].as_str()).collect();
    anyhow::ensure!(grades == ["06Cr19Ni10", "GCr15", "45"], "{answer}");
    // QT450-10 names no record (no source gives it).
    anyhow::ensure!(
        answer["missing"] == serde_json::json!(["QT450-10"]),
        "{answer}"
    );

    // 304 links to FreeCAD's X5CrNi18-10 (the first record of the grade), one of its five records;
    // the item it names is the grade.
    let stainless = &list[0];
    anyhow::ensure!(stainless["code"] == "X5CrNi18-10", "{stainless}");
    anyhow::ensure!(
        stainless["records"].as_u64().unwrap_or_default() >= 5,
        "{stainless}"
    );
    for grade in &list {
        let id = grade["id"].as_i64().unwrap_or_default();
        let detail = data(&app, &format!("{BASE}/item/{id}")).await?;
        anyhow::ensure!(
            detail["component"]["grade"] == grade["grade"]
                && detail["component"]["partNumber"] == grade["code"],
            "{grade} → {}",
            detail["component"]
        );
    }

    // No grade, too many, or one too long: 400.
    for bad in [
        String::new(),
        "|".to_string(),
        (0..21).map(|i| i.to_string()).collect::<Vec<_>>().join("|"),
        "x".repeat(65),
    ] {
        let path = format!("{BASE}/grades?codes={}", encode(&bad));
        anyhow::ensure!(error_code(&app, &path).await? == 400, "{bad}");
    }
    anyhow::ensure!(error_code(&app, &format!("{BASE}/grades")).await? == 400);
    app.stop().await;
    Ok(())
}

kernel::backend_tests!(a_grade_names_the_material_to_link);
