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

/// Across two libraries, each answering from its own database: a part names its material by the
/// materials library's grade, mat-api gives the grade's item, whose page asks part-api for the
/// standard parts made of it (docs/parts.md and docs/materials.md, "Materials").
async fn a_part_links_its_material_and_the_material_lists_the_part(
    environment: TestEnvironment,
) -> anyhow::Result<()> {
    let services: Vec<std::sync::Arc<dyn kernel::Service>> = vec![
        std::sync::Arc::new(part_api::PartService::new(Some(
            part_api::import::committed_seed_dir(),
        ))),
        std::sync::Arc::new(mat_api::MatService::new(Some(
            mat_api::import::committed_seed_dir(),
        ))),
    ];
    let mut settings = environment.settings.clone();
    settings.search.shape_fingerprints = false;
    let app = kernel::testing::TestApp::spawn(settings, services, None).await?;
    let (_, hits) = app
        .get_json("/to/api/public/part/search?keyWords=ISO%204762%20M6%C3%9720&pageSize=5")
        .await?;
    let screw = hits["data"]["list"]
        .as_array()
        .and_then(|list| {
            list.iter()
                .find(|hit| hit["partNumber"] == "ISO 4762 M6×20")
        })
        .and_then(|hit| hit["id"].as_i64())
        .ok_or_else(|| anyhow::anyhow!("ISO 4762 M6×20 not found: {hits}"))?;
    let (_, detail) = app
        .get_json(&format!("/to/api/public/part/item/{screw}"))
        .await?;
    let grades: Vec<String> = detail["data"]["component"]["materials"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|m| m["grade"].as_str().map(str::to_string))
        .collect();
    anyhow::ensure!(grades.contains(&"06Cr19Ni10".to_string()), "{detail}");

    // Every grade the part names is an item of the materials library.
    let (_, linked) = app
        .get_json(&format!(
            "/to/api/public/mat/grades?codes={}",
            grades.join("%7C")
        ))
        .await?;
    anyhow::ensure!(linked["data"]["missing"] == json!([]), "{linked}");
    let stainless = linked["data"]["list"]
        .as_array()
        .and_then(|list| list.iter().find(|g| g["grade"] == "06Cr19Ni10"))
        .and_then(|g| g["id"].as_i64())
        .ok_or_else(|| anyhow::anyhow!("no item for 06Cr19Ni10: {linked}"))?;
    let (_, material) = app
        .get_json(&format!("/to/api/public/mat/item/{stainless}"))
        .await?;
    let grade = material["data"]["component"]["grade"].clone();
    anyhow::ensure!(grade == "06Cr19Ni10", "{material}");

    // The material page's section: the parts made of its grade, ISO 4762 among them.
    let (_, parts) = app
        .get_json("/to/api/public/part/materials/06Cr19Ni10/parts")
        .await?;
    anyhow::ensure!(
        parts["data"]["families"]
            .as_array()
            .is_some_and(|families| families.iter().any(|f| f["designation"] == "ISO 4762")),
        "{parts}"
    );
    app.stop().await;
    Ok(())
}

kernel::backend_tests!(
    every_service_answers_in_one_process,
    a_part_links_its_material_and_the_material_lists_the_part
);
