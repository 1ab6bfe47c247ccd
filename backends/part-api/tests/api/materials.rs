//! What the standards make a part of (`data/parts/materials.json`): the detail's materials with
//! the materials library's grades, the reverse route `/materials/{grade}/parts`, and the classes
//! as search words.

use kernel::testing::TestEnvironment;
use serde_json::Value;

use crate::helpers::{data, encode, error_code, id_of_code, search, spawn, BASE};

fn class<'a>(materials: &'a Value, name: &str) -> anyhow::Result<&'a Value> {
    materials
        .as_array()
        .and_then(|list| list.iter().find(|m| m["class"] == name))
        .ok_or_else(|| anyhow::anyhow!("no class {name} in {materials}"))
}

async fn a_part_names_its_materials_and_a_grade_lists_its_parts(
    environment: TestEnvironment,
) -> anyhow::Result<()> {
    let app = spawn(&environment).await?;

    // ISO 4762 M6×20: steel 8.8 / 10.9 / 12.9 (ISO 898-1), stainless A2-70 / A4-70 (ISO 3506-1).
    let screw = id_of_code(&app, "ISO 4762 M6×20").await?;
    let detail = data(&app, &format!("{BASE}/item/{screw}")).await?;
    let materials = &detail["component"]["materials"];
    let classes: Vec<&str> = materials
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|m| m["class"].as_str())
        .collect();
    anyhow::ensure!(
        classes == ["8.8", "10.9", "12.9", "A2-70", "A4-70"],
        "{classes:?}"
    );
    let a2 = class(materials, "A2-70")?;
    anyhow::ensure!(a2["grade"] == "06Cr19Ni10", "{a2}");
    anyhow::ensure!(a2["relation"] == "approximate", "{a2}");
    anyhow::ensure!(a2["source"] == "ISO 3506-1", "{a2}");
    let steel = class(materials, "8.8")?;
    anyhow::ensure!(
        steel["grade"] == "45" && steel["relation"] == "typical" && steel["source"] == "ISO 898-1",
        "{steel}"
    );

    // A bearing's steel is named by its standard; a profile's by EN 10025-2; an O-ring's
    // elastomer is not in the materials library: named without a grade.
    let bearing = id_of_code(&app, "6204").await?;
    let detail = data(&app, &format!("{BASE}/item/{bearing}")).await?;
    let steel = class(&detail["component"]["materials"], "100Cr6")?;
    anyhow::ensure!(
        steel["grade"] == "GCr15" && steel["relation"] == "specified",
        "{steel}"
    );
    let profile = id_of_code(&app, "IPE100").await?;
    let detail = data(&app, &format!("{BASE}/item/{profile}")).await?;
    anyhow::ensure!(
        class(&detail["component"]["materials"], "S235JR")?["grade"] == "Q235",
        "{detail}"
    );
    let o_rings = search(&app, "O型圈", "").await?;
    let o_ring = o_rings["list"][0]["id"].as_i64().unwrap_or_default();
    let detail = data(&app, &format!("{BASE}/item/{o_ring}")).await?;
    let nbr = class(&detail["component"]["materials"], "NBR 70 Shore A")?;
    anyhow::ensure!(nbr["grade"].is_null(), "{nbr}");

    // The reverse: 06Cr19Ni10 (304) lists ISO 4762 with its 275 variants and only the class
    // that names the grade.
    let answer = data(&app, &format!("{BASE}/materials/06Cr19Ni10/parts")).await?;
    anyhow::ensure!(answer["grade"] == "06Cr19Ni10", "{answer}");
    let families = answer["families"].as_array().cloned().unwrap_or_default();
    let iso4762 = families
        .iter()
        .find(|f| f["standard"] == "iso4762")
        .ok_or_else(|| anyhow::anyhow!("ISO 4762 missing: {answer}"))?;
    anyhow::ensure!(
        iso4762["designation"] == "ISO 4762"
            && iso4762["name"] == "内六角圆柱头螺钉"
            && iso4762["category"] == "socket-head-cap-screw"
            && iso4762["count"] == 275,
        "{iso4762}"
    );
    let named: Vec<&str> = iso4762["classes"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|c| c["class"].as_str())
        .collect();
    anyhow::ensure!(named == ["A2-70"], "{named:?}");
    // Most variants first; no bearing is made of 304.
    let counts: Vec<i64> = families
        .iter()
        .filter_map(|f| f["count"].as_i64())
        .collect();
    anyhow::ensure!(counts.windows(2).all(|w| w[0] >= w[1]), "{counts:?}");
    anyhow::ensure!(
        !families.iter().any(|f| f["family"]
            .as_str()
            .is_some_and(|family| family.contains("bearing"))),
        "{answer}"
    );
    // The search the mat page links to lists the family's parts: its category and the 标准 facet.
    let listed = data(
        &app,
        &format!(
            "{BASE}/search?category=socket-head-cap-screw&package={}&pageSize=5",
            encode("ISO 4762")
        ),
    )
    .await?;
    anyhow::ensure!(listed["total"] == 275, "{}", listed["total"]);

    // GCr15: every bearing family (ISO 15 included), no screw.
    let answer = data(&app, &format!("{BASE}/materials/GCr15/parts")).await?;
    let families = answer["families"].as_array().cloned().unwrap_or_default();
    anyhow::ensure!(
        families.iter().any(|f| f["standard"] == "iso15")
            && families.iter().all(|f| f["family"]
                .as_str()
                .is_some_and(|family| family.contains("bearing"))),
        "{answer}"
    );
    // A grade no standard names answers an empty list; a blank or over-long one is refused.
    let answer = data(&app, &format!("{BASE}/materials/TC4/parts")).await?;
    anyhow::ensure!(answer["families"] == serde_json::json!([]), "{answer}");
    anyhow::ensure!(
        error_code(&app, &format!("{BASE}/materials/{}/parts", "x".repeat(65))).await? == 400
    );
    anyhow::ensure!(error_code(&app, &format!("{BASE}/materials/%20/parts")).await? == 400);

    // The class is a search word: A2-70 among socket head cap screws finds ISO 4762 ones.
    let hits = search(&app, "A2-70", "&category=socket-head-cap-screw").await?;
    anyhow::ensure!(
        hits["total"].as_i64().unwrap_or_default() >= 275,
        "{}",
        hits["total"]
    );
    app.stop().await;
    Ok(())
}

kernel::backend_tests!(a_part_names_its_materials_and_a_grade_lists_its_parts);
