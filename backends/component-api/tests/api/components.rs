use anyhow::Context;
use kernel::testing::TestEnvironment;
use serde_json::Value;

use crate::helpers::{data, error, id_of, spawn, BASE};

const NOT_FOUND: i64 = 1_020_002_000;
const MANUFACTURER_NOT_FOUND: i64 = 1_020_003_000;
const FILE_NOT_AVAILABLE: i64 = 1_020_004_000;
const CATEGORY_NOT_FOUND: i64 = 1_020_001_000;
const BAD_REQUEST: i64 = 400;

fn codes(list: &Value, key: &str) -> Vec<String> {
    list.as_array()
        .map(|items| {
            items
                .iter()
                .map(|item| item[key].as_str().unwrap_or_default().to_owned())
                .collect()
        })
        .unwrap_or_default()
}

async fn detail_drawings_and_downloads(environment: TestEnvironment) -> anyhow::Result<()> {
    let app = spawn(&environment).await?;
    let id = id_of(&environment, "Regulator_Linear:AMS1117-3.3").await?;

    let detail = data(&app, &format!("{BASE}/item/{id}")).await?;
    assert_eq!(detail["component"]["partNumber"], "AMS1117-3.3");
    assert_eq!(detail["component"]["package"], "SOT-223-3");
    assert_eq!(detail["component"]["pinCount"], 3);
    assert_eq!(
        detail["component"]["license"],
        "CC-BY-SA-4.0 WITH KiCad-libraries-exception"
    );
    assert_eq!(
        codes(&detail["categoryPath"], "code"),
        ["power-management", "linear-regulator", "ldo"]
    );
    assert_eq!(
        detail["manufacturer"]["name"],
        "Advanced Monolithic Systems"
    );
    assert_eq!(detail["component"]["manufacturerMethod"], "datasheet-host");
    let parameters = detail["parameters"].as_array().cloned().unwrap_or_default();
    let voltage = parameters
        .iter()
        .find(|p| p["dimension"] == "voltage")
        .context("a voltage parameter")?;
    assert_eq!(voltage["typ"], 3.3);
    assert_eq!(voltage["unit"], "V");
    assert_eq!(voltage["name"], "电压");
    assert_eq!(voltage["original"], "3.3V");
    assert_eq!(
        codes(&detail["files"], "kind"),
        ["footprint", "model-glb", "model-step", "symbol"],
        "{}",
        detail["files"]
    );

    // The symbol and footprint drawn as SVG.
    for path in [
        format!("{BASE}/item/{id}/symbol.svg"),
        format!("{BASE}/item/{id}/symbol.svg?unit=1"),
        format!("{BASE}/item/{id}/footprint.svg"),
    ] {
        let response = app.get(&path).await?;
        assert_eq!(response.status(), 200, "{path}");
        let content_type = response.headers()["content-type"].to_str()?.to_owned();
        assert!(
            content_type.starts_with("image/svg+xml"),
            "{path}: {content_type}"
        );
        let body = response.text().await?;
        assert!(
            body.contains("<svg") && body.trim_end().ends_with("</svg>"),
            "{path}"
        );
    }

    // The symbol download is a library KiCad can read: the alias and the symbol it extends.
    let response = app
        .get(&format!("{BASE}/item/{id}/download/symbol"))
        .await?;
    assert_eq!(response.status(), 200);
    let disposition = response.headers()["content-disposition"]
        .to_str()?
        .to_owned();
    assert_eq!(
        disposition,
        "attachment; filename=\"AMS1117-3.3.kicad_sym\""
    );
    let library = kicad::SymbolLibrary::parse(&response.text().await?)?;
    let names: Vec<&str> = library.symbols.iter().map(|s| s.name.as_str()).collect();
    assert_eq!(names, ["AP1117-15", "AMS1117-3.3"]);
    assert_eq!(library.resolve("AMS1117-3.3")?.pins().count(), 3);

    let response = app
        .get(&format!("{BASE}/item/{id}/download/footprint"))
        .await?;
    assert_eq!(response.status(), 200);
    let footprint = kicad::Footprint::parse(&response.text().await?)?;
    assert_eq!(footprint.name, "SOT-223-3_TabPin2");

    // The footprint's 3D model as binary glTF (converted from KiCad's VRML by backends/mesh).
    let response = app
        .get(&format!("{BASE}/item/{id}/download/model-glb"))
        .await?;
    assert_eq!(response.status(), 200);
    assert_eq!(response.headers()["content-type"], "model/gltf-binary");
    assert_eq!(
        response.headers()["content-disposition"],
        "attachment; filename=\"SOT-223.glb\""
    );
    let glb = response.bytes().await?;
    assert_eq!(&glb[..4], b"glTF");

    // The same model as STEP for mechanical CAD: gzipped in the source, stored and sent plain.
    let response = app
        .get(&format!("{BASE}/item/{id}/download/model-step"))
        .await?;
    assert_eq!(response.status(), 200);
    assert_eq!(response.headers()["content-type"], "model/step");
    assert_eq!(
        response.headers()["content-disposition"],
        "attachment; filename=\"SOT-223.step\""
    );
    let step = response.text().await?;
    assert!(
        step.starts_with("ISO-10303-21;"),
        "{}",
        &step[..40.min(step.len())]
    );
    assert!(step.trim_end().ends_with("END-ISO-10303-21;"));

    // Files it does not have, kinds that do not exist, ids that are not ids.
    let without_model = id_of(&environment, "Regulator_Linear:LM7805_TO220").await?;
    for kind in ["model-glb", "model-step"] {
        assert_eq!(
            error(
                &app,
                &format!("{BASE}/item/{without_model}/download/{kind}")
            )
            .await?
            .1,
            FILE_NOT_AVAILABLE,
            "{kind}"
        );
    }
    let (status, code, msg) = error(&app, &format!("{BASE}/item/{id}/download/gerber")).await?;
    assert_eq!((status, code), (200, BAD_REQUEST));
    assert!(msg.contains("kind"), "{msg}");
    assert_eq!(
        error(&app, &format!("{BASE}/item/99999999")).await?.1,
        NOT_FOUND
    );
    assert_eq!(
        error(&app, &format!("{BASE}/item/99999999/symbol.svg"))
            .await?
            .1,
        NOT_FOUND
    );
    assert_eq!(
        error(&app, &format!("{BASE}/item/99999999/download/symbol"))
            .await?
            .1,
        NOT_FOUND
    );
    for malformed in ["abc", "0", "-4", "1.5", "99999999999999999999"] {
        let (status, code, msg) = error(&app, &format!("{BASE}/item/{malformed}")).await?;
        assert_eq!((status, code), (200, BAD_REQUEST), "{malformed}");
        assert!(msg.contains("id"), "{malformed}: {msg}");
    }
    app.stop().await;
    Ok(())
}

async fn manufacturers_and_category_listings(environment: TestEnvironment) -> anyhow::Result<()> {
    let app = spawn(&environment).await?;

    let page = data(&app, &format!("{BASE}/manufacturer/page?pageSize=100")).await?;
    let names = codes(&page["list"], "name");
    assert!(page["total"].as_i64().unwrap_or_default() >= 5, "{page}");
    assert!(
        names.contains(&"STMicroelectronics".to_owned()),
        "{names:?}"
    );
    let found = data(&app, &format!("{BASE}/manufacturer/page?keyWords=ONSEMI")).await?;
    assert_eq!(codes(&found["list"], "name"), ["onsemi"]);
    let onsemi = &found["list"][0];
    assert!(
        onsemi["componentCount"].as_i64().unwrap_or_default() >= 3,
        "{onsemi}"
    );
    // A Chinese name or alias of the glossary finds the vendor.
    let chinese = data(&app, &format!("{BASE}/manufacturer/page?keyWords=安森美")).await?;
    assert_eq!(codes(&chinese["list"], "name"), ["onsemi"]);
    assert_eq!(chinese["list"][0]["nameZh"], "安森美");
    // LIKE wildcards in a keyword are literal.
    let none = data(&app, &format!("{BASE}/manufacturer/page?keyWords=%25")).await?;
    assert_eq!(none["total"], 0);
    let long = "x".repeat(65);
    for bad in [
        format!("{BASE}/manufacturer/page?keyWords={long}"),
        format!("{BASE}/manufacturer/page?pageNo=0"),
        format!("{BASE}/manufacturer/page?pageSize=101"),
        format!("{BASE}/manufacturer/page?pageSize=ten"),
    ] {
        assert_eq!(error(&app, &bad).await?.1, BAD_REQUEST, "{bad}");
    }

    let id = onsemi["id"].as_i64().unwrap_or_default();
    let detail = data(&app, &format!("{BASE}/manufacturer/{id}?pageSize=2")).await?;
    assert_eq!(detail["manufacturer"]["name"], "onsemi");
    assert_eq!(
        detail["components"]["list"].as_array().map(Vec::len),
        Some(2)
    );
    assert_eq!(detail["components"]["total"], onsemi["componentCount"]);
    assert_eq!(
        error(&app, &format!("{BASE}/manufacturer/99999999"))
            .await?
            .1,
        MANUFACTURER_NOT_FOUND
    );
    assert_eq!(
        error(&app, &format!("{BASE}/manufacturer/x1")).await?.1,
        BAD_REQUEST
    );

    // A leaf and its ancestors list the same LDOs.
    let ldo = data(&app, &format!("{BASE}/category/ldo/items?pageSize=100")).await?;
    let parts = codes(&ldo["list"], "partNumber");
    assert_eq!(ldo["total"], 11, "{parts:?}");
    assert!(parts.contains(&"AMS1117-3.3".to_owned()));
    assert!(
        parts.contains(&"KA78R05".to_owned()),
        "the Fritzing part too"
    );
    let mut sorted = parts.clone();
    sorted.sort();
    assert_eq!(parts, sorted, "ordered by part number");
    let root = data(
        &app,
        &format!("{BASE}/category/power-management/items?pageNo=2&pageSize=4"),
    )
    .await?;
    assert_eq!(root["total"], 11);
    assert_eq!(codes(&root["list"], "partNumber"), parts[4..8]);
    assert_eq!(
        error(&app, &format!("{BASE}/category/no-such-category/items"))
            .await?
            .1,
        CATEGORY_NOT_FOUND
    );
    assert_eq!(
        error(&app, &format!("{BASE}/category/Bad_Code/items"))
            .await?
            .1,
        BAD_REQUEST
    );
    app.stop().await;
    Ok(())
}

async fn compare_and_alternatives(environment: TestEnvironment) -> anyhow::Result<()> {
    let app = spawn(&environment).await?;
    let a = id_of(&environment, "Regulator_Linear:AMS1117-3.3").await?;
    let b = id_of(&environment, "Regulator_Linear:AMS1117-5.0").await?;
    let c = id_of(&environment, "Regulator_Linear:LM7805_TO220").await?;

    let comparison = data(&app, &format!("{BASE}/item/compare?ids={c},{a},{b}")).await?;
    assert_eq!(
        codes(&comparison["components"], "partNumber"),
        ["LM7805_TO220", "AMS1117-3.3", "AMS1117-5.0"]
    );
    let rows = comparison["rows"].as_array().cloned().unwrap_or_default();
    let row = |key: &str| rows.iter().find(|r| r["key"] == key).cloned();
    let voltage = row("param:voltage").context("a voltage row")?;
    assert_eq!(voltage["values"].as_array().map(Vec::len), Some(3));
    assert_eq!(voltage["differs"], true);
    assert_eq!(voltage["values"][1], "3.3V");
    let category = row("category").context("a category row")?;
    assert_eq!(category["differs"], false);
    // The category names come in English too (the English interface shows them).
    let english = category["valuesEn"][0].as_str().unwrap_or_default();
    assert!(
        english.ends_with("Regulators") && english.is_ascii(),
        "{category}"
    );
    let package = row("package").context("a package row")?;
    assert_eq!(package["values"][1], "SOT-223-3");
    assert_eq!(package["differs"], true);

    for bad in [
        format!("{BASE}/item/compare"),
        format!("{BASE}/item/compare?ids={a}"),
        format!("{BASE}/item/compare?ids={a},{a}"),
        format!("{BASE}/item/compare?ids={a},x"),
        format!("{BASE}/item/compare?ids=1,2,3,4,5,6,7,8,9,10,11"),
    ] {
        let (status, code, msg) = error(&app, &bad).await?;
        assert_eq!((status, code), (200, BAD_REQUEST), "{bad}: {msg}");
    }
    assert_eq!(
        error(&app, &format!("{BASE}/item/compare?ids={a},99999999"))
            .await?
            .1,
        NOT_FOUND
    );

    let alternatives = data(&app, &format!("{BASE}/item/{a}/alternatives")).await?;
    let list = alternatives.as_array().cloned().unwrap_or_default();
    let parts: Vec<&str> = list
        .iter()
        .map(|alt| alt["component"]["partNumber"].as_str().unwrap_or_default())
        .collect();
    assert!(!parts.contains(&"AMS1117-3.3"), "not itself: {parts:?}");
    // Same footprint and current beat a different package.
    assert!(
        parts.iter().position(|p| *p == "AMS1117-5.0")
            < parts.iter().position(|p| *p == "LM7805_TO220"),
        "{parts:?}"
    );
    let first = &list[0];
    assert!(
        first["reason"]
            .as_str()
            .unwrap_or_default()
            .contains("封装相同"),
        "{first}"
    );
    let scores: Vec<i64> = list
        .iter()
        .map(|alt| alt["score"].as_i64().unwrap_or_default())
        .collect();
    assert!(
        scores.windows(2).all(|pair| pair[0] >= pair[1]),
        "{scores:?}"
    );
    let two = data(&app, &format!("{BASE}/item/{a}/alternatives?size=2")).await?;
    assert_eq!(two.as_array().map(Vec::len), Some(2));
    for bad in ["size=0", "size=51", "size=many"] {
        assert_eq!(
            error(&app, &format!("{BASE}/item/{a}/alternatives?{bad}"))
                .await?
                .1,
            BAD_REQUEST,
            "{bad}"
        );
    }
    assert_eq!(
        error(&app, &format!("{BASE}/item/99999999/alternatives"))
            .await?
            .1,
        NOT_FOUND
    );
    app.stop().await;
    Ok(())
}

#[test]
fn openapi_documents_every_route() {
    use kernel::Service;
    let service = component_api::ComponentService::new(None);
    let document = serde_json::to_value(service.openapi()).unwrap();
    let paths = document["paths"].as_object().cloned().unwrap_or_default();
    for path in [
        "/item/{id}",
        "/item/{id}/symbol.svg",
        "/item/{id}/footprint.svg",
        "/item/{id}/download/{kind}",
        "/item/{id}/alternatives",
        "/item/compare",
        "/manufacturer/page",
        "/manufacturer/{id}",
        "/category/{code}/items",
        "/category/tree",
        "/kicad-api/v1/categories.json",
        "/kicad-api/portal.kicad_httplib",
        "/kicad-api/v1/parts/category/{file}",
        "/kicad-api/v1/parts/{file}",
    ] {
        assert!(
            paths.contains_key(&format!("{BASE}{path}")),
            "{path} undocumented"
        );
    }
}

kernel::backend_tests!(
    detail_drawings_and_downloads,
    manufacturers_and_category_listings,
    compare_and_alternatives
);
