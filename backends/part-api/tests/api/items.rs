//! The kit's item routes on the parts library: a variant's detail (typed parameters, the
//! variant's dimensions, the designations side by side), compare, a category's items, the
//! catalogue owners (standards bodies) and their parts, and the library's own codes.

use kernel::testing::TestEnvironment;

use crate::helpers::{data, error_code, id_of_code, spawn, BASE};

async fn a_variant_s_detail_compare_and_owners(environment: TestEnvironment) -> anyhow::Result<()> {
    let app = spawn(&environment).await?;
    let id = id_of_code(&app, "ISO 4762 M6×20").await?;
    let detail = data(&app, &format!("{BASE}/item/{id}")).await?;
    let record = &detail["component"];
    anyhow::ensure!(
        record["name"] == "内六角圆柱头螺钉 ISO 4762 M6×20",
        "{record}"
    );
    anyhow::ensure!(
        record["sourceId"] == "iso4762/M6-1/20" && record["source"] == "bd_warehouse",
        "{record}"
    );
    anyhow::ensure!(
        record["license"] == "Apache-2.0 (bd_warehouse 0.4.0)",
        "{record}"
    );
    anyhow::ensure!(
        record["family"] == "socket_head_cap"
            && record["standard"] == "iso4762"
            && record["size"] == "M6-1",
        "{record}"
    );
    let dimensions = &record["dimensions"];
    for (key, mm) in [
        ("d", 6.0),
        ("pitch", 1.0),
        ("l", 20.0),
        ("dk", 10.22),
        ("k", 6.0),
        ("s", 5.0),
    ] {
        anyhow::ensure!(dimensions[key].as_f64() == Some(mm), "{key}: {dimensions}");
    }
    anyhow::ensure!(
        detail["manufacturer"]["name"] == "ISO",
        "{}",
        detail["manufacturer"]
    );
    let path: Vec<&str> = detail["categoryPath"]
        .as_array()
        .map(|p| p.iter().filter_map(|c| c["code"].as_str()).collect())
        .unwrap_or_default();
    anyhow::ensure!(path.last() == Some(&"socket-head-cap-screw"), "{path:?}");
    // Typed parameters: d = 6 mm as 0.006 m, labelled.
    let parameters = detail["parameters"].as_array().cloned().unwrap_or_default();
    let d = parameters
        .iter()
        .find(|p| p["label"] == "d")
        .ok_or_else(|| anyhow::anyhow!("no d: {parameters:?}"))?;
    anyhow::ensure!(
        d["dimension"] == "length" && d["typ"].as_f64() == Some(0.006),
        "{d}"
    );
    anyhow::ensure!(
        parameters
            .iter()
            .any(|p| p["label"] == "l" && p["typ"].as_f64() == Some(0.02)),
        "{parameters:?}"
    );
    // GB/ISO designations side by side, the GB one marked approximate.
    let equivalents = &detail["equivalents"];
    anyhow::ensure!(
        equivalents[0]["designation"] == "ISO 4762 M6×20" && equivalents[0]["approximate"] == false,
        "{equivalents}"
    );
    anyhow::ensure!(
        equivalents[1]["designation"] == "GB/T 70.1 M6×20" && equivalents[1]["approximate"] == true,
        "{equivalents}"
    );

    // A bearing: C in kN typed as force in N, mass in kg.
    let bearing = id_of_code(&app, "6200").await?;
    let detail = data(&app, &format!("{BASE}/item/{bearing}")).await?;
    let parameters = detail["parameters"].as_array().cloned().unwrap_or_default();
    let c = parameters
        .iter()
        .find(|p| p["label"] == "C")
        .ok_or_else(|| anyhow::anyhow!("no C: {parameters:?}"))?;
    anyhow::ensure!(
        c["dimension"] == "force" && c["typ"].as_f64().is_some_and(|n| n > 1000.0),
        "{c}"
    );
    anyhow::ensure!(
        parameters.iter().any(|p| p["dimension"] == "mass"),
        "{parameters:?}"
    );
    let dimensions = &detail["component"]["dimensions"];
    anyhow::ensure!(
        dimensions["d"] == 10.0 && dimensions["D"] == 30.0 && dimensions["B"] == 9.0,
        "{dimensions}"
    );

    // A profile: dimensions as profiles.csv names them, its length left to the user.
    let profile = id_of_code(&app, "IPE100").await?;
    let detail = data(&app, &format!("{BASE}/item/{profile}")).await?;
    let record = &detail["component"];
    anyhow::ensure!(
        record["family"] == "profile"
            && record["standard"] == "IPE"
            && record["source"] == "freecad-profiles",
        "{record}"
    );
    anyhow::ensure!(
        record["dimensions"]["height"] == 100.0 && record["dimensions"]["width"] == 55.0,
        "{record}"
    );

    // Compare three bearings: the library's rows and the parameters.
    let ids: Vec<i64> = [
        id_of_code(&app, "6000").await?,
        id_of_code(&app, "6200").await?,
        id_of_code(&app, "6300").await?,
    ]
    .to_vec();
    let list = ids.iter().map(i64::to_string).collect::<Vec<_>>().join(",");
    let comparison = data(&app, &format!("{BASE}/item/compare?ids={list}")).await?;
    anyhow::ensure!(
        comparison["components"].as_array().map(Vec::len) == Some(3),
        "{comparison}"
    );
    let rows = comparison["rows"].as_array().cloned().unwrap_or_default();
    anyhow::ensure!(
        rows.iter()
            .any(|r| r["key"] == "gb" && r["values"][0] == "GB/T 276"),
        "{rows:?}"
    );
    anyhow::ensure!(
        rows.iter()
            .any(|r| r["key"] == "size" && r["differs"] == true),
        "{rows:?}"
    );

    // A category's items, the catalogue owners and one owner's parts.
    let items = data(&app, &format!("{BASE}/category/hex-nut/items?pageSize=100")).await?;
    anyhow::ensure!(
        items["total"].as_i64().unwrap_or_default() >= 29,
        "{}",
        items["total"]
    );
    let owners = data(&app, &format!("{BASE}/manufacturer/page?pageSize=50")).await?;
    let names: Vec<&str> = owners["list"]
        .as_array()
        .map(|l| l.iter().filter_map(|m| m["name"].as_str()).collect())
        .unwrap_or_default();
    for body in ["ISO", "DIN", "ASME", "CEN"] {
        anyhow::ensure!(names.contains(&body), "{body} not among {names:?}");
    }
    anyhow::ensure!(names.first() == Some(&"ISO"), "most parts first: {names:?}");
    let din = owners["list"]
        .as_array()
        .and_then(|l| l.iter().find(|m| m["name"] == "DIN"))
        .and_then(|m| m["id"].as_i64())
        .unwrap_or_default();
    let din_parts = data(&app, &format!("{BASE}/manufacturer/{din}?pageSize=5")).await?;
    anyhow::ensure!(
        din_parts["components"]["total"]
            .as_i64()
            .unwrap_or_default()
            > 100,
        "{din_parts}"
    );

    // The library's own codes.
    anyhow::ensure!(error_code(&app, &format!("{BASE}/item/999999999")).await? == 1_010_002_000);
    anyhow::ensure!(
        error_code(&app, &format!("{BASE}/manufacturer/999999999")).await? == 1_010_003_000
    );
    app.stop().await;
    Ok(())
}

kernel::backend_tests!(a_variant_s_detail_compare_and_owners);
