//! Shape search on the real seed (data/components): every component with a KiCad GLB model is
//! fingerprinted by the kit's job after start; an uploaded SOIC-8 model finds SOIC packages
//! first and "find similar" of an SOIC-8 part ranks SOIC parts. SQLite only, like the other
//! seed test: the ranking does not depend on the database (the kit's tests cover both stores).

use std::{path::PathBuf, sync::Arc, time::Duration};

use anyhow::Context;
use component_api::ComponentService;
use kernel::testing::{TestApp, TestBackend, TestEnvironment};
use serde_json::Value;

use crate::helpers::BASE;

fn seed() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../data/components")
}

/// POSTs `bytes` as the multipart field `file` named `name`.
async fn upload(app: &TestApp, path: &str, name: &str, bytes: &[u8]) -> anyhow::Result<Value> {
    let (_, body) = app.post_file(path, name, bytes).await?;
    anyhow::ensure!(body["code"] == 0, "{path}: {body}");
    Ok(body["data"].clone())
}

fn footprints(answer: &Value) -> Vec<String> {
    answer["list"]
        .as_array()
        .map(|list| {
            list.iter()
                .map(|hit| {
                    hit["component"]["footprintRef"]
                        .as_str()
                        .unwrap_or_default()
                        .to_owned()
                })
                .collect()
        })
        .unwrap_or_default()
}

fn is_soic(footprint: &str) -> bool {
    footprint.contains("SOIC") || footprint.contains(":SO-")
}

#[tokio::test]
async fn an_soic_8_model_finds_soic_packages_first() -> anyhow::Result<()> {
    let environment = TestEnvironment::new(TestBackend::Sqlite)
        .await?
        .context("SQLite is always available")?;
    let service = Arc::new(ComponentService::new(Some(seed())));
    let app = TestApp::spawn(environment.settings.clone(), vec![service.clone()], None).await?;
    let started = std::time::Instant::now();
    let mut status = service.shapes().subscribe();
    tokio::time::timeout(
        Duration::from_secs(600),
        status.wait_for(|status| status.passes >= 1),
    )
    .await
    .context("the first shape pass did not end")??;
    let status = service.shapes().status();
    println!(
        "shape pass over the seed: {} items with a model, {} indexed, {} failed, {} models, {:?} after start",
        status.models,
        status.indexed,
        status.failed,
        service.shapes().loaded().models(),
        started.elapsed()
    );
    assert!(status.indexed > 1000, "{status:?}");

    let model = std::fs::read(
        seed().join("kicad/3dmodels/Package_SO.3dshapes/SOIC-8_3.9x4.9mm_P1.27mm.glb"),
    )?;
    let answer = upload(
        &app,
        &format!("{BASE}/search3d?pageSize=30"),
        "SOIC-8.glb",
        &model,
    )
    .await?;
    let found = footprints(&answer);
    println!("SOIC-8 upload: {found:?}");
    assert!(found.len() >= 10, "{answer}");
    assert!(
        found[..10].iter().all(|f| is_soic(f)),
        "SOIC first: {found:?}"
    );
    assert!(
        answer["list"][0]["score"].as_f64() >= Some(99.0),
        "the same model scores ~100"
    );
    let id = answer["list"][0]["component"]["id"]
        .as_i64()
        .context("id")?;

    // The wide-body SOIC-8 (5.275 mm), which three parts use: those, then other models of its
    // KiCad family folder (Package_SO: VSSOP-8 ranks next, shape only, size not counted) before
    // any other family — the ground truth is the folder.
    let wide = std::fs::read(
        seed().join("kicad/3dmodels/Package_SO.3dshapes/SOIC-8_5.275x5.275mm_P1.27mm.glb"),
    )?;
    let answer = upload(
        &app,
        &format!("{BASE}/search3d?pageSize=30"),
        "SOIC-8W.glb",
        &wide,
    )
    .await?;
    let found = footprints(&answer);
    println!("wide SOIC-8 upload: {found:?}");
    let mut distinct: Vec<&String> = Vec::new();
    for footprint in &found {
        if !distinct.contains(&footprint) {
            distinct.push(footprint);
        }
    }
    assert!(
        distinct.len() >= 2,
        "more than one model among the first 30: {distinct:?}"
    );
    assert!(found[0].contains("SOIC-8_5.275x5.275mm"), "{found:?}");
    assert!(
        found.iter().all(|f| f.starts_with("Package_SO:")),
        "the Package_SO family first: {found:?}"
    );

    // "Find similar" of the first (3.9 mm) SOIC-8 part: not itself, SOIC parts first.
    let (_, body) = app
        .get_json(&format!("{BASE}/item/{id}/similar?pageSize=20"))
        .await?;
    let similar = &body["data"];
    assert!(
        similar["list"]
            .as_array()
            .context("list")?
            .iter()
            .all(|hit| hit["component"]["id"] != id),
        "not itself"
    );
    let found = footprints(similar);
    assert!(found[..10].iter().all(|f| is_soic(f)), "{found:?}");
    // The minimum score narrows the answer.
    let (_, narrow) = app
        .get_json(&format!(
            "{BASE}/item/{id}/similar?minScore=99.5&pageSize=100"
        ))
        .await?;
    let (_, wide) = app
        .get_json(&format!(
            "{BASE}/item/{id}/similar?minScore=50&pageSize=100"
        ))
        .await?;
    assert!(
        narrow["data"]["total"].as_u64() < wide["data"]["total"].as_u64(),
        "{} < {}",
        narrow["data"]["total"],
        wide["data"]["total"]
    );
    app.stop().await;
    Ok(())
}
