//! The kit's item and search routes through HTTP, mounted by two fixture libraries in one
//! application (`item_library`): answers, the library's extras and error codes, bad input,
//! paging, and each library's OpenAPI tag and paths.

use std::collections::BTreeSet;

use anyhow::Context;
use kernel::testing::{TestApp, TestEnvironment};
use serde_json::{json, Value};

use crate::item_library::{demo_service, plain_service, DRAWING};

const DEMO: &str = "/to/api/public/demo";
const PLAIN: &str = "/to/api/public/plain";

async fn spawn(environment: &TestEnvironment) -> anyhow::Result<TestApp> {
    TestApp::spawn(
        environment.settings.clone(),
        vec![demo_service(), plain_service()],
        None,
    )
    .await
}

/// `data` of a success envelope.
async fn data(app: &TestApp, path: &str) -> anyhow::Result<Value> {
    let (status, body) = app.get_json(path).await?;
    anyhow::ensure!(
        status == 200 && body["code"] == 0 && body["msg"] == "",
        "{path}: HTTP {status} {body}"
    );
    Ok(body["data"].clone())
}

/// An error envelope (HTTP 200, `data` null): its code and message.
async fn error(app: &TestApp, path: &str) -> anyhow::Result<(i64, String)> {
    let (status, body) = app.get_json(path).await?;
    anyhow::ensure!(status == 200, "{path}: HTTP {status} {body}");
    anyhow::ensure!(body["data"].is_null(), "{path}: error with data: {body}");
    let code = body["code"].as_i64().context("no code")?;
    anyhow::ensure!(code != 0, "{path}: succeeded: {body}");
    Ok((code, body["msg"].as_str().unwrap_or_default().to_owned()))
}

/// The code of an error envelope.
async fn error_code(app: &TestApp, path: &str) -> anyhow::Result<i64> {
    Ok(error(app, path).await?.0)
}

/// Each of `paths` below `base` answers 400 in the envelope.
async fn assert_bad_requests(app: &TestApp, base: &str, paths: &[&str]) -> anyhow::Result<()> {
    for bad in paths {
        assert_eq!(
            error_code(app, &format!("{base}/{bad}")).await?,
            400,
            "{bad}"
        );
    }
    Ok(())
}

fn keys(value: &Value) -> BTreeSet<&str> {
    value
        .as_object()
        .map(|object| object.keys().map(String::as_str).collect())
        .unwrap_or_default()
}

/// The id of the item with `part_number`, through the category listing.
async fn id_of(
    app: &TestApp,
    base: &str,
    category: &str,
    part_number: &str,
) -> anyhow::Result<i64> {
    let page = data(
        app,
        &format!("{base}/category/{category}/items?pageSize=100"),
    )
    .await?;
    page["list"]
        .as_array()
        .context("list")?
        .iter()
        .find(|item| item["partNumber"] == part_number)
        .and_then(|item| item["id"].as_i64())
        .with_context(|| format!("{part_number} not listed in {category}"))
}

const SUMMARY_KEYS: [&str; 8] = [
    "id",
    "partNumber",
    "name",
    "manufacturerId",
    "manufacturerName",
    "categoryCode",
    "description",
    "lifecycle",
];

/// The keys of an item in lists: the kit's and `extra` (the library's, the search's).
fn summary_keys(extra: &[&'static str]) -> BTreeSet<&'static str> {
    SUMMARY_KEYS
        .into_iter()
        .chain(extra.iter().copied())
        .collect()
}

async fn detail_answers_the_item_with_the_librarys_extras(
    environment: TestEnvironment,
) -> anyhow::Result<()> {
    let app = spawn(&environment).await?;
    let id = id_of(&app, DEMO, "resistor", "RC01-1K").await?;
    let detail = data(&app, &format!("{DEMO}/item/{id}")).await?;
    assert_eq!(
        keys(&detail),
        BTreeSet::from([
            "component",
            "parameters",
            "manufacturer",
            "categoryPath",
            "files",
            "drawingUrl"
        ])
    );
    let component = &detail["component"];
    assert_eq!(component["id"], id);
    assert_eq!(component["partNumber"], "RC01-1K");
    assert_eq!(component["sourceId"], "r01");
    assert_eq!(component["datasheet"], "https://example.com/RC01-1K.pdf");
    assert_eq!(component["categoryCode"], "chip-resistor");
    // The library's record extras, flattened.
    assert_eq!(component["pinCount"], 2);
    assert_eq!(component["attributes"], json!({"pins": 2}));
    assert!(component.get("code").is_none() && component.get("contentDigest").is_none());
    assert_eq!(
        detail["parameters"],
        json!([{"dimension": "resistance", "name": "电阻", "nameEn": "Resistance", "unit": "Ω",
                "min": null, "typ": 1000.0, "max": null, "display": "1kΩ", "value": "1kΩ",
                "original": "1k", "conditions": null, "label": null}])
    );
    let manufacturer = &detail["manufacturer"];
    assert_eq!(manufacturer["name"], "Yageo");
    assert_eq!(manufacturer["componentCount"], 12);
    assert!(manufacturer["nameZh"].is_null());
    let path: Vec<&str> = detail["categoryPath"]
        .as_array()
        .context("categoryPath")?
        .iter()
        .filter_map(|crumb| crumb["code"].as_str())
        .collect();
    assert_eq!(path, ["resistor", "chip-resistor"]);
    assert_eq!(detail["categoryPath"][0]["nameEn"], "Resistors");
    let file = &detail["files"][0];
    assert_eq!(
        (
            file["kind"].as_str(),
            file["name"].as_str(),
            file["mediaType"].as_str(),
            file["size"].as_i64()
        ),
        (
            Some("drawing"),
            Some("drawings/RC01.svg"),
            Some("image/svg+xml"),
            Some(DRAWING.len() as i64)
        )
    );
    assert_eq!(file["url"], format!("{DEMO}/item/{id}/download/drawing"));
    assert!(file.get("digest").is_none());
    assert_eq!(
        detail["drawingUrl"],
        format!("{DEMO}/item/{id}/drawing.svg")
    );

    // A labelled value: the label before it.
    let flash = id_of(&app, DEMO, "mlcc", "CL10-1U").await?;
    let detail = data(&app, &format!("{DEMO}/item/{flash}")).await?;
    assert_eq!(detail["parameters"][1]["label"], "Flash");
    assert!(
        detail["parameters"][1]["display"]
            .as_str()
            .is_some_and(|text| text.starts_with("Flash ")),
        "{}",
        detail["parameters"][1]
    );
    assert!(detail["drawingUrl"].is_null());

    // An item without a manufacturer.
    let crystal = id_of(&app, DEMO, "crystal", "XTAL-16M").await?;
    let detail = data(&app, &format!("{DEMO}/item/{crystal}")).await?;
    assert!(detail["manufacturer"].is_null() && detail["component"]["manufacturerName"].is_null());
    assert_eq!(detail["parameters"], json!([]));

    // Bad input and unknown ids: the library's own codes.
    for bad in ["abc", "0", "-4", "99999999999999999999"] {
        let (code, msg) = error(&app, &format!("{DEMO}/item/{bad}")).await?;
        assert_eq!(code, 400, "{bad}: {msg}");
        assert!(msg.contains("id 必须为正整数"), "{msg}");
    }
    assert_eq!(
        error(&app, &format!("{DEMO}/item/999999")).await?,
        (1_099_002_000, "演示条目不存在".to_owned())
    );
    assert_eq!(
        error(&app, &format!("{PLAIN}/item/999999")).await?,
        (1_099_012_000, "材料不存在".to_owned())
    );

    // A library without extras answers the kit's fields alone.
    let plain = id_of(&app, PLAIN, "resistor", "RC01-1K").await?;
    let detail = data(&app, &format!("{PLAIN}/item/{plain}")).await?;
    assert_eq!(
        keys(&detail),
        BTreeSet::from([
            "component",
            "parameters",
            "manufacturer",
            "categoryPath",
            "files"
        ])
    );
    assert!(detail["component"].get("pinCount").is_none());
    assert_eq!(
        detail["files"],
        json!([]),
        "the plain library offers no file kinds"
    );
    app.stop().await;
    Ok(())
}

async fn compare_aligns_rows_and_rejects_bad_id_lists(
    environment: TestEnvironment,
) -> anyhow::Result<()> {
    let app = spawn(&environment).await?;
    let resistor = id_of(&app, DEMO, "resistor", "RC01-1K").await?;
    let capacitor = id_of(&app, DEMO, "mlcc", "CL10-1U").await?;
    let crystal = id_of(&app, DEMO, "crystal", "XTAL-16M").await?;
    let comparison = data(
        &app,
        &format!("{DEMO}/item/compare?ids={capacitor},{resistor},{crystal}"),
    )
    .await?;
    let components = comparison["components"].as_array().context("components")?;
    let order: Vec<&str> = components
        .iter()
        .filter_map(|c| c["partNumber"].as_str())
        .collect();
    assert_eq!(order, ["CL10-1U", "RC01-1K", "XTAL-16M"], "the order asked");
    assert_eq!(keys(&components[0]), summary_keys(&["pinCount"]));
    let rows = comparison["rows"].as_array().context("rows")?;
    let row_keys: Vec<&str> = rows.iter().filter_map(|r| r["key"].as_str()).collect();
    assert_eq!(
        row_keys,
        [
            "manufacturer",
            "category",
            "pinCount",
            "lifecycle",
            "param:capacitance",
            "param:data_size",
            "param:resistance"
        ]
    );
    assert_eq!(
        rows[0],
        json!({"key": "manufacturer", "label": "厂商", "labelEn": "Manufacturer",
               "values": ["Texas Instruments", "Yageo", null], "differs": true})
    );
    assert_eq!(
        rows[1]["values"],
        json!(["多层陶瓷电容", "贴片电阻", "晶振"])
    );
    assert_eq!(
        rows[1]["valuesEn"],
        json!(["MLCC", "Chip Resistors", "Crystals"])
    );
    assert_eq!(rows[2]["values"], json!(["3", "2", "4"]));
    assert_eq!(rows[3]["differs"], false, "all active");
    assert_eq!(rows[3]["values"], json!(["量产", "量产", "量产"]));
    assert_eq!(rows[3]["valuesEn"], json!(["Active", "Active", "Active"]));
    assert_eq!(rows[6]["values"], json!([null, "1kΩ", null]));
    assert_eq!(rows[6]["label"], "电阻");

    let (code, msg) = error(&app, &format!("{DEMO}/item/compare")).await?;
    assert_eq!((code, msg.as_str()), (400, "请求参数缺失:ids"));
    let (code, msg) = error(&app, &format!("{DEMO}/item/compare?ids={resistor}")).await?;
    assert_eq!(code, 400);
    assert!(msg.contains("至少比较2个演示条目"), "{msg}");
    let eleven: Vec<String> = (1..=11).map(|n| n.to_string()).collect();
    let (code, msg) = error(
        &app,
        &format!("{DEMO}/item/compare?ids={}", eleven.join(",")),
    )
    .await?;
    assert_eq!(code, 400);
    assert!(msg.contains("最多比较10个演示条目"), "{msg}");
    let (_, msg) = error(
        &app,
        &format!("{PLAIN}/item/compare?ids={}", eleven.join(",")),
    )
    .await?;
    assert!(msg.contains("最多比较10个材料"), "{msg}");
    let (code, msg) = error(
        &app,
        &format!("{DEMO}/item/compare?ids={resistor},{resistor}"),
    )
    .await?;
    assert_eq!(code, 400);
    assert!(msg.contains("ids 重复"), "{msg}");
    let (code, _) = error(&app, &format!("{DEMO}/item/compare?ids={resistor},x")).await?;
    assert_eq!(code, 400);
    let (code, msg) = error(&app, &format!("{DEMO}/item/compare?ids={resistor},999999")).await?;
    assert_eq!(code, 1_099_002_000);
    assert_eq!(msg, "演示条目不存在:999999");
    // Ten is allowed.
    let mut ten = Vec::new();
    let page = data(&app, &format!("{DEMO}/category/resistor/items?pageSize=10")).await?;
    for item in page["list"].as_array().context("list")? {
        ten.push(item["id"].to_string());
    }
    assert_eq!(ten.len(), 10);
    let comparison = data(&app, &format!("{DEMO}/item/compare?ids={}", ten.join(","))).await?;
    assert_eq!(comparison["components"].as_array().map(Vec::len), Some(10));
    app.stop().await;
    Ok(())
}

async fn category_items_page_through_the_subtree(
    environment: TestEnvironment,
) -> anyhow::Result<()> {
    let app = spawn(&environment).await?;
    let first = data(&app, &format!("{DEMO}/category/resistor/items?pageSize=5")).await?;
    assert_eq!(first["total"], 12);
    let part_numbers = |page: &Value| -> Vec<String> {
        page["list"]
            .as_array()
            .map(|list| {
                list.iter()
                    .filter_map(|item| item["partNumber"].as_str().map(str::to_owned))
                    .collect()
            })
            .unwrap_or_default()
    };
    assert_eq!(
        part_numbers(&first),
        ["RC01-1K", "RC02-1K", "RC03-1K", "RC04-1K", "RC05-1K"]
    );
    assert_eq!(keys(&first["list"][0]), summary_keys(&["pinCount"]));
    let third = data(
        &app,
        &format!("{DEMO}/category/resistor/items?pageNo=3&pageSize=5"),
    )
    .await?;
    assert_eq!(part_numbers(&third), ["RC11-1K", "RC12-1K"]);
    assert_eq!(third["total"], 12);
    let beyond = data(&app, &format!("{DEMO}/category/resistor/items?pageNo=9")).await?;
    assert_eq!(
        (beyond["list"].clone(), beyond["total"].clone()),
        (json!([]), json!(12))
    );
    // The subtree: capacitor holds the MLCCs two levels down; default page size 10.
    let capacitors = data(&app, &format!("{DEMO}/category/capacitor/items")).await?;
    assert_eq!(part_numbers(&capacitors), ["CL10-100N", "CL10-1U"]);
    let empty = data(
        &app,
        &format!("{DEMO}/category/through-hole-resistor/items"),
    )
    .await?;
    assert_eq!(empty, json!({"list": [], "total": 0}));
    // The plain library lists without extras.
    let plain = data(&app, &format!("{PLAIN}/category/crystal/items")).await?;
    assert_eq!(keys(&plain["list"][0]), summary_keys(&[]));

    assert_eq!(
        error(&app, &format!("{DEMO}/category/no-such/items")).await?,
        (1_099_001_000, "分类不存在".to_owned())
    );
    assert_eq!(
        error_code(&app, &format!("{PLAIN}/category/no-such/items")).await?,
        1_099_011_000
    );
    assert_bad_requests(
        &app,
        DEMO,
        &[
            "category/Not_A_Code/items",
            "category/resistor/items?pageSize=101",
            "category/resistor/items?pageSize=0",
            "category/resistor/items?pageNo=0",
            "category/resistor/items?pageNo=x",
        ],
    )
    .await?;
    app.stop().await;
    Ok(())
}

async fn manufacturers_are_listed_and_shown_with_their_items(
    environment: TestEnvironment,
) -> anyhow::Result<()> {
    let app = spawn(&environment).await?;
    let page = data(&app, &format!("{DEMO}/manufacturer/page")).await?;
    assert_eq!(page["total"], 2);
    let yageo = &page["list"][0];
    assert_eq!(
        (yageo["name"].as_str(), yageo["componentCount"].as_i64()),
        (Some("Yageo"), Some(12)),
        "most items first"
    );
    assert_eq!(
        keys(yageo),
        BTreeSet::from(["id", "name", "website", "componentCount", "nameZh"])
    );
    assert_eq!(page["list"][1]["nameZh"], "德州仪器");
    let second = data(
        &app,
        &format!("{DEMO}/manufacturer/page?pageNo=2&pageSize=1"),
    )
    .await?;
    assert_eq!(second["list"][0]["name"], "Texas Instruments");
    assert_eq!(second["total"], 2);
    // Part of the name, case-insensitive; a glossary name finds the catalogue's.
    let found = data(&app, &format!("{DEMO}/manufacturer/page?keyWords=yag")).await?;
    assert_eq!(
        (found["total"].clone(), found["list"][0]["name"].clone()),
        (json!(1), json!("Yageo"))
    );
    let glossary = data(
        &app,
        &format!("{DEMO}/manufacturer/page?keyWords=%E5%BE%B7%E5%B7%9E%E4%BB%AA%E5%99%A8"),
    )
    .await?;
    assert_eq!(glossary["list"][0]["name"], "Texas Instruments");
    // LIKE wildcards are literal.
    for nobody in ["nobody", "%25", "_"] {
        let none = data(&app, &format!("{DEMO}/manufacturer/page?keyWords={nobody}")).await?;
        assert_eq!(none, json!({"list": [], "total": 0}), "{nobody}");
    }
    let long = "x".repeat(65);
    let (code, msg) = error(&app, &format!("{DEMO}/manufacturer/page?keyWords={long}")).await?;
    assert_eq!(code, 400);
    assert!(msg.contains("keyWords 不能超过64个字符"), "{msg}");
    assert_eq!(
        error_code(&app, &format!("{DEMO}/manufacturer/page?pageSize=101")).await?,
        400
    );

    let id = yageo["id"].as_i64().context("id")?;
    let detail = data(
        &app,
        &format!("{DEMO}/manufacturer/{id}?pageNo=2&pageSize=5"),
    )
    .await?;
    assert_eq!(detail["manufacturer"]["name"], "Yageo");
    assert_eq!(detail["manufacturer"]["componentCount"], 12);
    assert_eq!(detail["components"]["total"], 12);
    assert_eq!(detail["components"]["list"][0]["partNumber"], "RC06-1K");
    assert_eq!(detail["components"]["list"][0]["pinCount"], 2);
    let ti = page["list"][1]["id"].as_i64().context("id")?;
    let detail = data(&app, &format!("{DEMO}/manufacturer/{ti}")).await?;
    assert_eq!(detail["manufacturer"]["nameZh"], "德州仪器");
    assert_eq!(
        error(&app, &format!("{DEMO}/manufacturer/999999")).await?,
        (1_099_003_000, "厂商不存在".to_owned())
    );
    assert_eq!(
        error_code(&app, &format!("{PLAIN}/manufacturer/999999")).await?,
        1_099_013_000
    );
    assert_eq!(
        error_code(&app, &format!("{DEMO}/manufacturer/abc")).await?,
        400
    );
    assert_eq!(
        error_code(&app, &format!("{DEMO}/manufacturer/{id}?pageSize=0")).await?,
        400
    );
    app.stop().await;
    Ok(())
}

async fn search_answers_from_the_index_with_the_librarys_facets(
    environment: TestEnvironment,
) -> anyhow::Result<()> {
    let app = spawn(&environment).await?;
    let answer = data(&app, &format!("{DEMO}/search?keyWords=CL10-1U")).await?;
    let hit = &answer["list"][0];
    assert_eq!(hit["partNumber"], "CL10-1U");
    assert_eq!(hit["exact"], true);
    assert_eq!(
        hit["pinCount"], 3,
        "the stored summary carries the library's extras"
    );
    assert_eq!(hit["parameters"][0]["display"], "1μF");
    assert_eq!(
        keys(hit),
        summary_keys(&["pinCount", "exact", "parameters"])
    );
    // The demo configures no package facet: the answer has none.
    assert_eq!(
        keys(&answer["facets"]),
        BTreeSet::from(["categories", "manufacturers", "parameters"])
    );
    let browse = data(
        &app,
        &format!(
            "{DEMO}/search?category=resistor&allowEmpty=true&pageSize=5&pageNo=3&sort=partNumber"
        ),
    )
    .await?;
    assert_eq!(browse["total"], 12);
    let page: Vec<&str> = browse["list"]
        .as_array()
        .context("list")?
        .iter()
        .filter_map(|hit| hit["partNumber"].as_str())
        .collect();
    assert_eq!(page, ["RC11-1K", "RC12-1K"]);
    let categories = &browse["facets"]["categories"];
    assert!(
        categories
            .as_array()
            .context("categories")?
            .iter()
            .any(|entry| entry["value"] == "chip-resistor"
                && entry["name"] == "贴片电阻"
                && entry["count"] == 12),
        "{categories}"
    );
    let plain = data(&app, &format!("{PLAIN}/search?keyWords=XTAL-16M")).await?;
    assert_eq!(
        keys(&plain["facets"]),
        BTreeSet::from(["categories", "manufacturers", "packages", "parameters"])
    );
    assert!(plain["list"][0].get("pinCount").is_none());
    let no_counts = data(
        &app,
        &format!("{DEMO}/search?keyWords=RC01-1K&facets=false"),
    )
    .await?;
    assert_eq!(no_counts["facets"]["manufacturers"], json!([]));
    assert_bad_requests(
        &app,
        DEMO,
        &[
            "search?keyWords=",
            "search?keyWords=x&pageSize=101",
            "search?keyWords=x&range=nonsense",
            "search?keyWords=x&sort=bogus",
        ],
    )
    .await?;

    let suggestions = data(
        &app,
        &format!("{DEMO}/es/keyword/suggest?keyword=CL10&size=5"),
    )
    .await?;
    let suggestions: Vec<&str> = suggestions
        .as_array()
        .context("suggestions")?
        .iter()
        .filter_map(Value::as_str)
        .collect();
    assert!(suggestions.contains(&"CL10-1U"), "{suggestions:?}");
    assert!(suggestions.len() <= 5);
    assert_eq!(
        data(&app, &format!("{DEMO}/es/keyword/suggest?keyword=")).await?,
        json!([])
    );
    assert_eq!(
        error_code(
            &app,
            &format!("{DEMO}/es/keyword/suggest?keyword=CL&size=0")
        )
        .await?,
        400
    );
    let long = "x".repeat(129);
    assert_eq!(
        error_code(&app, &format!("{DEMO}/es/keyword/suggest?keyword={long}")).await?,
        400
    );

    let counts = data(&app, &format!("{DEMO}/category/counts")).await?;
    assert_eq!(
        counts,
        json!({"capacitor": 2, "ceramic-capacitor": 2, "mlcc": 2, "resistor": 12,
               "chip-resistor": 12, "crystal": 1})
    );
    // The category routes still answer beside the counts.
    assert_eq!(
        data(&app, &format!("{DEMO}/category/crystal")).await?["category"]["code"],
        "crystal"
    );
    app.stop().await;
    Ok(())
}

async fn each_library_documents_the_routes_under_its_prefix_and_tag(
    environment: TestEnvironment,
) -> anyhow::Result<()> {
    let app = spawn(&environment).await?;
    for (key, base, extras) in [("demo", DEMO, true), ("plain", PLAIN, false)] {
        let (status, document) = app
            .get_json(&format!("/to/api/docs/{key}/openapi.json"))
            .await?;
        assert_eq!(status, 200);
        let paths = document["paths"].as_object().context("paths")?;
        for (path, tag) in [
            ("/item/{id}", key),
            ("/item/compare", key),
            ("/item/{id}/download/{kind}", key),
            ("/category/{code}/items", key),
            ("/manufacturer/page", key),
            ("/manufacturer/{id}", key),
            ("/search", key),
            ("/es/keyword/suggest", key),
            ("/category/counts", key),
            ("/category/tree", "category"),
        ] {
            let operation = &paths
                .get(&format!("{base}{path}"))
                .with_context(|| format!("{key}: {path} not documented"))?["get"];
            assert_eq!(operation["tags"], json!([tag]), "{key} {path}");
        }
        assert!(
            paths.keys().all(|path| path.starts_with(base)),
            "{key}: a path outside its base"
        );
        let tags: BTreeSet<&str> = paths
            .values()
            .flat_map(|item| item.as_object().into_iter().flat_map(|o| o.values()))
            .flat_map(|operation| operation["tags"].as_array().into_iter().flatten())
            .filter_map(Value::as_str)
            .collect();
        assert_eq!(
            tags,
            BTreeSet::from([key, "category"]),
            "{key}: no placeholder tag left"
        );
        let declared: Vec<&str> = document["tags"]
            .as_array()
            .context("tags")?
            .iter()
            .filter_map(|tag| tag["name"].as_str())
            .collect();
        assert!(
            declared.contains(&key),
            "{key}: tag not declared: {declared:?}"
        );
        let schemas = &document["components"]["schemas"];
        // The item schemas are the kit's fields and the library's extras; no placeholder left.
        for name in ["ItemSummary", "ItemRecord"] {
            let parts = schemas[name]["allOf"]
                .as_array()
                .with_context(|| format!("{key}: {name}"))?;
            assert!(
                parts[0]["properties"]["partNumber"].is_object(),
                "{key}: {name}"
            );
            assert_eq!(
                parts[1]["properties"]["pinCount"].is_object(),
                extras,
                "{key}: {name} extras"
            );
        }
        assert_eq!(
            schemas["ItemDetailExtras"]["properties"]["drawingUrl"].is_object(),
            extras,
            "{key}"
        );
        let detail = schemas["ApiResponse_ItemDetail"]["properties"]["data"].to_string();
        assert!(
            detail.contains("#/components/schemas/ItemRecord"),
            "{detail}"
        );
        for (name, schema) in schemas.as_object().context("schemas")? {
            assert_ne!(
                schema["$ref"],
                format!("#/components/schemas/{name}"),
                "{key}: {name} refers to itself"
            );
        }
    }
    app.stop().await;
    Ok(())
}

async fn downloads_come_from_the_blob_store_in_the_librarys_kinds(
    environment: TestEnvironment,
) -> anyhow::Result<()> {
    let app = spawn(&environment).await?;
    let id = id_of(&app, DEMO, "resistor", "RC01-1K").await?;
    let path = format!("{DEMO}/item/{id}/download/drawing");
    let response = app.get(&path).await?;
    assert_eq!(response.status().as_u16(), 200);
    let header = |response: &reqwest::Response, name: &str| {
        response
            .headers()
            .get(name)
            .and_then(|value| value.to_str().ok())
            .map(str::to_owned)
    };
    assert_eq!(
        header(&response, "content-type").as_deref(),
        Some("image/svg+xml")
    );
    let disposition = header(&response, "content-disposition").unwrap_or_default();
    assert!(
        disposition.starts_with("attachment") && disposition.contains("RC01.svg"),
        "{disposition}"
    );
    let etag = header(&response, "etag").context("no ETag")?;
    assert_eq!(response.text().await?, DRAWING);
    let again = app
        .client
        .get(app.url(&path))
        .header("if-none-match", &etag)
        .send()
        .await?;
    assert_eq!(again.status().as_u16(), 304);
    let part = app
        .client
        .get(app.url(&path))
        .header("range", "bytes=0-3")
        .send()
        .await?;
    assert_eq!(part.status().as_u16(), 206);
    assert_eq!(part.text().await?, &DRAWING[..4]);

    let (code, msg) = error(&app, &format!("{DEMO}/item/{id}/download/symbol")).await?;
    assert_eq!(
        (code, msg.as_str()),
        (
            400,
            "请求参数不正确:kind 必须为 drawing 或 model-step: symbol"
        )
    );
    assert_eq!(
        error(&app, &format!("{DEMO}/item/{id}/download/model-step")).await?,
        (1_099_004_000, "该演示条目没有此文件".to_owned())
    );
    assert_eq!(
        error_code(&app, &format!("{DEMO}/item/999999/download/drawing")).await?,
        1_099_002_000
    );
    assert_eq!(
        error_code(&app, &format!("{DEMO}/item/x/download/drawing")).await?,
        400
    );
    let plain = id_of(&app, PLAIN, "resistor", "RC01-1K").await?;
    let (code, msg) = error(&app, &format!("{PLAIN}/item/{plain}/download/drawing")).await?;
    assert_eq!(code, 400);
    assert!(msg.contains("没有可下载的文件"), "{msg}");
    app.stop().await;
    Ok(())
}

kernel::backend_tests!(
    downloads_come_from_the_blob_store_in_the_librarys_kinds,
    detail_answers_the_item_with_the_librarys_extras,
    compare_aligns_rows_and_rejects_bad_id_lists,
    category_items_page_through_the_subtree,
    manufacturers_are_listed_and_shown_with_their_items,
    search_answers_from_the_index_with_the_librarys_facets,
    each_library_documents_the_routes_under_its_prefix_and_tag,
);
