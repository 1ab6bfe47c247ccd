//! API checks every library service must pass (used by the library crates' integration
//! tests against their real taxonomy), and records for the libraries' unit tests.

use anyhow::{ensure, Context};
use kernel::testing::TestApp;
use serde_json::Value;

use crate::{
    item::model::{ItemRecord, Parameter},
    taxonomy::Taxonomy,
    Library,
};

/// A stored item with its import key and code and nothing else stated (no manufacturer,
/// category, texts or attributes), for unit tests that set the fields they look at.
pub fn item_record(id: i64, source: &str, source_id: &str, code: &str) -> ItemRecord {
    let now = chrono::Utc::now();
    ItemRecord {
        id,
        source: source.to_owned(),
        source_id: source_id.to_owned(),
        code: code.to_owned(),
        name: code.to_owned(),
        manufacturer_id: None,
        manufacturer_name: None,
        manufacturer_method: None,
        category_id: None,
        category_code: None,
        category_method: None,
        description: String::new(),
        keywords: String::new(),
        document_url: None,
        lifecycle: None,
        license: String::new(),
        attributes: serde_json::json!({}),
        content_digest: String::new(),
        created_at: now,
        updated_at: now,
    }
}

/// A parameter with a typical value only (`original` as the source wrote it), no conditions.
pub fn parameter(dimension: &str, typ: f64, original: &str) -> Parameter {
    Parameter {
        dimension: dimension.to_owned(),
        min: None,
        typ: Some(typ),
        max: None,
        original: original.to_owned(),
        conditions: None,
    }
}

/// Walks the served tree and compares it with the taxonomy file, node by node.
pub async fn check_library_api(app: &TestApp, library: &Library) -> anyhow::Result<()> {
    let taxonomy = library.parse_taxonomy()?;
    let base = library.api_base();

    let (status, body) = app.get_json(&format!("{base}/category/tree")).await?;
    ensure!(status == 200, "tree answered HTTP {status}");
    ensure!(
        body["code"] == 0 && body["msg"] == "",
        "not a success envelope: {body}"
    );
    let roots = body["data"].as_array().context("data is not an array")?;
    ensure!(
        roots.len() == taxonomy.root_count(),
        "{} roots served, {} in the taxonomy",
        roots.len(),
        taxonomy.root_count()
    );
    let mut served = Vec::new();
    for root in roots {
        ensure!(root["parentId"].is_null(), "root with a parent: {root}");
        collect(root, None, &mut served)?;
    }
    ensure!(
        served.len() == taxonomy.categories.len(),
        "{} nodes served, {} in the taxonomy",
        served.len(),
        taxonomy.categories.len()
    );
    // Same order as the file (depth-first, siblings by position) and the same names.
    for (node, expected) in served.iter().zip(&taxonomy.categories) {
        ensure!(
            node["code"] == expected.code.as_str(),
            "order differs at {}",
            expected.code
        );
        ensure!(
            node["name"] == expected.name.as_str(),
            "zh name differs at {}",
            expected.code
        );
        ensure!(
            node["nameEn"] == expected.name_en.as_str(),
            "en name differs at {}",
            expected.code
        );
        ensure!(
            node["sort"] == expected.sort,
            "sort differs at {}",
            expected.code
        );
    }

    check_detail(app, &base, &taxonomy).await?;

    // The enterprise routes are mounted (their table migrated) and ask for a session.
    for path in [
        format!("{}/items", library.enterprise_base()),
        format!("{}/enterprise-items", library.operation_base()),
    ] {
        let (status, body) = app.get_json(&path).await?;
        ensure!(
            status == 200 && body["code"] == 401,
            "{path} without a session answered HTTP {status}: {body}"
        );
    }

    let (status, body) = app
        .get_json(&format!("{base}/category/no-such-category"))
        .await?;
    ensure!(status == 200, "unknown category answered HTTP {status}");
    ensure!(
        body["code"] == library.category_not_found.code,
        "unexpected {body}"
    );
    ensure!(body["data"].is_null() && body["msg"] == library.category_not_found.msg);

    let (_, body) = app.get_json(&format!("{base}/category/Not_A_Code")).await?;
    ensure!(body["code"] == 400, "bad code not rejected: {body}");

    let response = app
        .client
        .post(app.url(&format!("{base}/category/tree")))
        .send()
        .await?;
    ensure!(
        response.status().as_u16() == 405,
        "POST answered {}",
        response.status()
    );
    let body: Value = response.json().await?;
    ensure!(
        body["code"] == 405 && body["msg"] == "请求方法不正确",
        "unexpected {body}"
    );

    let (status, document) = app
        .get_json(&format!("/to/api/docs/{}/openapi.json", library.key))
        .await?;
    ensure!(status == 200, "openapi answered {status}");
    ensure!(
        document["paths"][format!("{base}/category/tree")].is_object(),
        "the tree route is not documented"
    );
    Ok(())
}

/// Depth-first list of the served nodes, checking the parent links and the leaves' children.
fn collect<'a>(
    node: &'a Value,
    parent: Option<i64>,
    out: &mut Vec<&'a Value>,
) -> anyhow::Result<()> {
    ensure!(node["id"].is_i64(), "node without a numeric id: {node}");
    ensure!(
        node["parentId"].as_i64() == parent,
        "wrong parentId in {}",
        node["code"]
    );
    let children = node["children"]
        .as_array()
        .context("children must be an array")?;
    out.push(node);
    let id = node["id"].as_i64();
    for child in children {
        collect(child, id, out)?;
    }
    Ok(())
}

async fn check_detail(app: &TestApp, base: &str, taxonomy: &Taxonomy) -> anyhow::Result<()> {
    let deepest = taxonomy
        .categories
        .iter()
        .max_by_key(|category| category.depth)
        .context("empty taxonomy")?;
    let (status, body) = app
        .get_json(&format!("{base}/category/{}", deepest.code))
        .await?;
    ensure!(status == 200 && body["code"] == 0, "detail failed: {body}");
    ensure!(body["data"]["category"]["code"] == deepest.code.as_str());
    let ancestors: Vec<&str> = body["data"]["ancestors"]
        .as_array()
        .context("ancestors must be an array")?
        .iter()
        .filter_map(|crumb| crumb["code"].as_str())
        .collect();
    let expected: Vec<&str> = deepest
        .path
        .trim_start_matches('/')
        .split('/')
        .filter(|code| *code != deepest.code)
        .collect();
    ensure!(
        ancestors == expected,
        "ancestors {ancestors:?}, expected {expected:?}"
    );
    Ok(())
}

/// A grey PNG of `side` × `side`, black where `ink(x, y)` says (x, y in 0–1, y down): a sketch,
/// drawing or blank picture for the 2D shape search's tests.
pub fn grey_png(side: u32, ink: impl Fn(f32, f32) -> bool) -> anyhow::Result<Vec<u8>> {
    let pixels: Vec<u8> = (0..side * side)
        .map(|i| {
            let (x, y) = (
                (i % side) as f32 / side as f32,
                (i / side) as f32 / side as f32,
            );
            if ink(x, y) {
                0
            } else {
                255
            }
        })
        .collect();
    let mut bytes = Vec::new();
    {
        let mut encoder = png::Encoder::new(&mut bytes, side, side);
        encoder.set_color(png::ColorType::Grayscale);
        encoder.set_depth(png::BitDepth::Eight);
        encoder.write_header()?.write_image_data(&pixels)?;
    }
    Ok(bytes)
}
