//! Selection and CAE export through the HTTP API: an Abaqus card of a seeded steel (judged by
//! CalculiX when installed, `mat_cae::solver_check`), the export's codes, a recommendation with
//! two constraints and an index, its validation, and a chat sentence at the algorithm host's path.

use anyhow::Context;
use kernel::testing::{TestApp, TestEnvironment};
use mat_cae::solver_check::{available, check_tensile};
use mat_cae::UnitSystem;
use serde_json::{json, Value};

use crate::helpers::{data, error_code, hits, search, spawn, BASE};

async fn post(app: &TestApp, path: &str, body: Value) -> anyhow::Result<Value> {
    let response = app.client.post(app.url(path)).json(&body).send().await?;
    anyhow::ensure!(
        response.status() == 200,
        "{path}: HTTP {}",
        response.status()
    );
    Ok(response.json().await?)
}

async fn post_data(app: &TestApp, path: &str, body: Value) -> anyhow::Result<Value> {
    let answer = post(app, path, body).await?;
    anyhow::ensure!(answer["code"] == 0, "{path}: {answer}");
    Ok(answer["data"].clone())
}

async fn id_of(app: &TestApp, query: &str, code: &str) -> anyhow::Result<i64> {
    hits(&search(app, query, "").await?)
        .iter()
        .find(|hit| hit["partNumber"] == code)
        .and_then(|hit| hit["id"].as_i64())
        .ok_or_else(|| anyhow::anyhow!("{query}: {code} not found"))
}

fn number_after(content: &str, keyword: &str) -> Option<Vec<f64>> {
    let line = content.split(keyword).nth(1)?.lines().nth(1)?;
    line.split(',').map(|v| v.trim().parse().ok()).collect()
}

async fn cae_export_of_a_steel(environment: TestEnvironment) -> anyhow::Result<()> {
    let app = spawn(&environment).await?;
    // FreeCAD's X5CrNi18-10 (1.4301, ≈ 06Cr19Ni10): E and ν in its card.
    let id = id_of(&app, "1.4301", "X5CrNi18-10").await?;
    let detail = data(&app, &format!("{BASE}/item/{id}")).await?;
    let property = |key: &str| {
        detail["component"]["properties"]
            .as_array()
            .and_then(|list| list.iter().find(|p| p["key"] == key))
            .and_then(|p| p["typ"].as_f64())
    };
    let (e, nu) = (
        property("youngsModulus").unwrap_or(f64::NAN),
        property("poissonRatio").unwrap_or(f64::NAN),
    );

    for (units, system, pascals) in [
        ("si", UnitSystem::Si, 1.0),
        ("mm-N-t-s", UnitSystem::MmNTS, 1e6),
    ] {
        let response = app
            .get(&format!("{BASE}/item/{id}/cae?format=abaqus&units={units}"))
            .await?;
        anyhow::ensure!(response.status() == 200, "{}", response.status());
        let disposition = response
            .headers()
            .get("content-disposition")
            .and_then(|v| v.to_str().ok())
            .unwrap_or_default()
            .to_owned();
        anyhow::ensure!(
            disposition.starts_with("attachment")
                && disposition.contains(&format!("06Cr19Ni10_CalculiX-Abaqus_{units}.inp")),
            "{disposition}"
        );
        let warnings: Value = serde_json::from_str(
            response
                .headers()
                .get("x-mat-cae-warnings")
                .and_then(|v| v.to_str().ok())
                .unwrap_or("null"),
        )?;
        anyhow::ensure!(warnings.is_array(), "{warnings}");
        let card = response.text().await?;
        anyhow::ensure!(card.contains("*MATERIAL, NAME="), "{card}");
        let elastic = number_after(&card, "*ELASTIC").unwrap_or_default();
        anyhow::ensure!(
            elastic.len() == 2
                && (elastic[0] - e / pascals).abs() <= 1e-9 * e / pascals
                && (elastic[1] - nu).abs() < 1e-12,
            "{card}"
        );
        let density = number_after(&card, "*DENSITY").unwrap_or_default();
        anyhow::ensure!(!density.is_empty(), "{card}");
        if available("ccx", &["-v"], "apt-get install calculix-ccx")? {
            check_tensile(&card, system, e, nu)?;
        }
    }
    // FreeCAD and APDL of the same material.
    let fcmat = app
        .get(&format!("{BASE}/item/{id}/cae?format=fcmat"))
        .await?;
    let name = fcmat
        .headers()
        .get("content-disposition")
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default()
        .to_owned();
    anyhow::ensure!(name.contains(".FCMat"), "{name}");
    anyhow::ensure!(fcmat.text().await?.contains("[Mechanical]"));
    let apdl = app
        .get(&format!("{BASE}/item/{id}/cae?format=apdl&units=mm-kg-ms"))
        .await?
        .text()
        .await?;
    anyhow::ensure!(apdl.contains("MP,EX,1,"), "{apdl}");

    // The codes.
    let cae = |query: &str| format!("{BASE}/item/{id}/cae?{query}");
    anyhow::ensure!(error_code(&app, &cae("format=nastran")).await? == 1_030_005_001);
    anyhow::ensure!(error_code(&app, &cae("")).await? == 1_030_005_001);
    anyhow::ensure!(error_code(&app, &cae("format=abaqus&units=cgs")).await? == 1_030_005_002);
    anyhow::ensure!(
        error_code(&app, &format!("{BASE}/item/999999999/cae?format=abaqus")).await?
            == 1_030_002_000
    );
    // Helium (mendeleev): no elastic constants, so no Abaqus card — yet a FreeCAD one.
    let helium = id_of(&app, "helium", "He").await?;
    anyhow::ensure!(
        error_code(&app, &format!("{BASE}/item/{helium}/cae?format=abaqus")).await?
            == 1_030_005_000
    );
    app.stop().await;
    Ok(())
}

async fn recommendations(environment: TestEnvironment) -> anyhow::Result<()> {
    let app = spawn(&environment).await?;
    // A light, stiff beam of a metal with yield ≥ 200 MPa and density ≤ 5 g/cm³.
    let answer = post_data(
        &app,
        &format!("{BASE}/recommend"),
        json!({
            "constraints": [
                {"property": "yieldStrength", "min": "200 MPa"},
                {"property": "density", "max": 5000.0}
            ],
            "objective": {"kind": "index", "index": "stiffBeam"},
            "limit": 10
        }),
    )
    .await?;
    anyhow::ensure!(
        answer["objective"]["formula"] == "E^1/2/ρ",
        "{}",
        answer["objective"]
    );
    anyhow::ensure!(
        answer["total"].as_u64().unwrap_or(0) > 1000,
        "{}",
        answer["total"]
    );
    let results = answer["results"].as_array().cloned().unwrap_or_default();
    anyhow::ensure!(results.len() == 10, "{results:?}");
    let values: Vec<f64> = results
        .iter()
        .filter(|r| r["fit"] == "met")
        .filter_map(|r| r["value"]["guaranteed"].as_f64())
        .collect();
    anyhow::ensure!(
        values.windows(2).all(|pair| pair[0] >= pair[1]),
        "not ranked: {values:?}"
    );
    for result in &results {
        let checks = result["checks"].as_array().cloned().unwrap_or_default();
        anyhow::ensure!(checks.len() == 2, "{result}");
        anyhow::ensure!(result["rank"].as_u64().is_some() && result["id"].as_i64().is_some());
    }
    let excluded = answer["excluded"].as_array().cloned().unwrap_or_default();
    anyhow::ensure!(
        excluded
            .iter()
            .any(|e| e["reason"] == "constraint" && e["property"] == "density"),
        "{excluded:?}"
    );
    let chart = &answer["chart"];
    anyhow::ensure!(
        chart["x"] == "density" && chart["y"] == "youngsModulus",
        "{chart}"
    );
    let boxes = chart["boxes"].as_array().cloned().unwrap_or_default();
    anyhow::ensure!(boxes.len() >= 10, "{}", boxes.len());
    anyhow::ensure!(
        boxes.iter().filter(|b| b["rank"].is_u64()).count() == 10,
        "the listed materials are marked"
    );
    anyhow::ensure!(
        !chart["envelopes"]
            .as_array()
            .cloned()
            .unwrap_or_default()
            .is_empty(),
        "{chart}"
    );
    anyhow::ensure!(chart["line"]["slope"] == 2.0, "{}", chart["line"]);

    // Validation in the envelope.
    for bad in [
        json!({"objective": {"kind": "index", "index": "lightest"}}),
        json!({"constraints": [{"property": "colour", "min": 1}], "objective": {"kind": "maximise", "property": "density"}}),
        json!({"constraints": [{"property": "yieldStrength", "min": "200 kg"}], "objective": {"kind": "maximise", "property": "density"}}),
        json!({"objective": {"kind": "maximise", "property": "density"}, "families": ["unobtainium"]}),
    ] {
        let answer = post(&app, &format!("{BASE}/recommend"), bad.clone()).await?;
        anyhow::ensure!(answer["code"] == 1_030_006_000, "{bad}: {answer}");
    }
    let answer = post(
        &app,
        &format!("{BASE}/recommend"),
        json!({"constraints": 3}),
    )
    .await?;
    anyhow::ensure!(answer["code"] == 400, "{answer}");

    // The sentence at the algorithm host's path.
    let chat = post_data(
        &app,
        "/mat/chat-recommend",
        json!({"text": "密度小于3 g/cm³、屈服强度大于200 MPa的铝合金"}),
    )
    .await?;
    let constraints = chat["query"]["constraints"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    anyhow::ensure!(
        constraints
            .iter()
            .any(|c| c["property"] == "density" && c["max"] == 3000.0 && c["unit"] == "kg/m³"),
        "{constraints:?}"
    );
    anyhow::ensure!(
        constraints
            .iter()
            .any(|c| c["property"] == "yieldStrength" && c["min"] == 2e8),
        "{constraints:?}"
    );
    let families = chat["query"]["families"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    anyhow::ensure!(!families.is_empty(), "{}", chat["query"]);
    let results = chat["recommendation"]["results"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    anyhow::ensure!(!results.is_empty(), "{}", chat["recommendation"]);
    anyhow::ensure!(
        results
            .iter()
            .all(|r| r["familyName"].as_str().is_some_and(|f| f.contains('铝'))),
        "not all aluminium: {:?}",
        results.iter().map(|r| &r["family"]).collect::<Vec<_>>()
    );
    let too_long = "铝".repeat(501);
    let answer = post(&app, "/mat/chat-recommend", json!({ "text": too_long })).await?;
    anyhow::ensure!(answer["code"] == 1_030_006_001, "{answer}");
    let answer = post(&app, "/mat/chat-recommend", json!({ "text": "  " })).await?;
    anyhow::ensure!(answer["code"] == 1_030_006_001, "{answer}");

    // OpenAPI: the new paths, the chat one unprefixed.
    let (_, document) = app.get_json("/to/api/docs/mat/openapi.json").await?;
    for path in [
        "/to/api/public/mat/item/{id}/cae",
        "/to/api/public/mat/recommend",
        "/mat/chat-recommend",
    ] {
        anyhow::ensure!(document["paths"].get(path).is_some(), "{path} missing");
    }
    app.stop().await;
    Ok(())
}

/// A material an operator hides (the kit's catalogue store; the route is tested in the component
/// service) leaves the ranking at the next request: the pool reloads when the change feed moves.
async fn a_hidden_material_leaves_the_recommendations(
    environment: TestEnvironment,
) -> anyhow::Result<()> {
    use catalog::catalog_admin::store::{CatalogAdminRepository, CatalogAdminStore};
    use catalog::catalog_admin::Visibility;
    let app = spawn(&environment).await?;
    let request = json!({
        "constraints": [{"property": "yieldStrength", "min": "200 MPa"}],
        "objective": {"kind": "index", "index": "stiffBeam"},
        "limit": 5
    });
    let path = format!("{BASE}/recommend");
    let before = post_data(&app, &path, request.clone()).await?;
    let top = before["results"][0]["id"]
        .as_i64()
        .context("a top result")?;
    let location = kernel::db::DatabaseLocation::resolve(&environment.settings, "mat")?;
    let db = kernel::Database::connect(&location, 1).await?;
    let actor = catalog::audit::Actor {
        user_id: 1,
        client_ip: "127.0.0.1".to_owned(),
    };
    let hidden = Visibility::Hidden {
        reason: "测试".to_owned(),
    };
    CatalogAdminRepository::new(&db)
        .set_visibility("mat", top, &hidden, &actor)
        .await?;
    db.close().await;
    let after = post_data(&app, &path, request).await?;
    anyhow::ensure!(
        after["total"].as_u64() == before["total"].as_u64().map(|total| total - 1),
        "{} then {}",
        before["total"],
        after["total"]
    );
    let ids: Vec<i64> = after["results"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|result| result["id"].as_i64())
        .collect();
    anyhow::ensure!(
        ids.len() == 5 && !ids.contains(&top),
        "{ids:?} still has {top}"
    );
    Ok(())
}

kernel::backend_tests!(
    cae_export_of_a_steel,
    recommendations,
    a_hidden_material_leaves_the_recommendations
);
