//! The search index on disk (issue 13): reopened at the next start instead of rebuilt, caught
//! up from the change feed with what changed while the service was stopped; rebuilt when its
//! version stamp differs or the operator asks. How it started is read from the service
//! (`ComponentSearch::start`, also logged), never from a timing.

use std::sync::Arc;
use std::time::Duration;

use component_api::model::{NewComponent, Parameter};
use component_api::search_routes::index::IndexStart;
use component_api::ComponentService;
use kernel::testing::{TestApp, TestEnvironment};
use kernel::Settings;
use serde_json::Value;

use crate::helpers::{data, fixture_seed, store, BASE};

/// Starts the service on `settings`, answers how its index started.
pub(crate) async fn start(
    settings: &Settings,
) -> anyhow::Result<(TestApp, Arc<ComponentService>, IndexStart)> {
    let service = Arc::new(ComponentService::new(Some(fixture_seed())));
    let app = TestApp::spawn(settings.clone(), vec![service.clone()], None).await?;
    let started = service
        .search()
        .start()
        .cloned()
        .ok_or_else(|| anyhow::anyhow!("the index did not report how it started"))?;
    Ok((app, service, started))
}

/// Stops the app and waits until nothing holds the index any more (its directory lock goes
/// with it), as a process exit would.
pub(crate) async fn stop(app: TestApp, service: Arc<ComponentService>) -> anyhow::Result<()> {
    let search = Arc::downgrade(service.search());
    drop(service);
    app.stop().await;
    for _ in 0..200 {
        if search.upgrade().is_none() {
            return Ok(());
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    anyhow::bail!("the search index is still held after the service stopped")
}

/// A 0.1 µF 0402 MLCC that is not in the seed (also used by `search.rs`).
pub(crate) fn capacitor() -> NewComponent {
    NewComponent {
        source: "test".into(),
        source_id: "test:GRM155R71C104KA88D".into(),
        part_number: "GRM155R71C104KA88D".into(),
        name: "GRM155R71C104KA88D".into(),
        manufacturer: None,
        category_code: Some("mlcc".into()),
        category_method: Some("test".into()),
        description: "Murata MLCC 0.1uF 16V X7R 0402".into(),
        keywords: "capacitor mlcc".into(),
        datasheet: None,
        symbol_ref: None,
        footprint_ref: None,
        footprint_filters: Vec::new(),
        reference_prefix: Some("C".into()),
        value: None,
        pin_count: 2,
        unit_count: 1,
        package: Some("0402".into()),
        lifecycle: None,
        license: "test".into(),
        parameters: vec![Parameter {
            dimension: "capacitance".into(),
            min: None,
            typ: Some(1e-7),
            max: None,
            original: "0.1uF".into(),
            conditions: None,
        }],
        files: Vec::new(),
    }
}

async fn the_index_is_reused_and_catches_up_after_a_restart(
    environment: TestEnvironment,
) -> anyhow::Result<()> {
    let lm358 = format!("{BASE}/search?keyWords=LM358&pageSize=20");
    let (app, service, started) = start(&environment.settings).await?;
    assert!(
        matches!(&started, IndexStart::Rebuilt { indexed, .. } if *indexed > 0),
        "{started:?}"
    );
    let before = data(&app, &lm358).await?;
    assert!(before["total"].as_i64().unwrap_or_default() > 0, "{before}");
    let grm = format!("{BASE}/search?keyWords=GRM155");
    assert_eq!(data(&app, &grm).await?["total"], 0);
    stop(app, service).await?;

    // A change made while the service is stopped (an import by another process).
    store(&environment).await?.upsert(&[capacitor()]).await?;

    let (app, service, started) = start(&environment.settings).await?;
    assert_eq!(started, IndexStart::Reopened { caught_up: 1 });
    // The same answers as before the restart, from the index alone (stored hits).
    assert_eq!(data(&app, &lm358).await?, before);
    let found = data(&app, &grm).await?;
    assert_eq!(found["total"], 1, "{found}");
    let item = &found["list"][0];
    assert_eq!(item["partNumber"], "GRM155R71C104KA88D");
    assert_eq!(item["package"], "0402");
    assert_eq!(item["parameters"][0]["dimension"], "capacitance", "{item}");
    assert_eq!(item["parameters"][0]["original"], "0.1uF", "{item}");
    // The hit answers what the detail page reads from the database.
    let id = item["id"].as_i64().unwrap_or_default();
    let detail = data(&app, &format!("{BASE}/item/{id}")).await?;
    assert_eq!(detail["component"]["partNumber"], item["partNumber"]);
    assert_eq!(detail["component"]["description"], item["description"]);
    assert_eq!(detail["parameters"], item["parameters"]);
    let suggested = data(&app, &format!("{BASE}/es/keyword/suggest?keyword=grm")).await?;
    assert_eq!(suggested, serde_json::json!(["GRM155R71C104KA88D"]));
    stop(app, service).await?;

    // Nothing changed: reopened with nothing to catch up.
    let (app, service, started) = start(&environment.settings).await?;
    assert_eq!(started, IndexStart::Reopened { caught_up: 0 });
    assert_eq!(data(&app, &grm).await?["total"], 1);
    stop(app, service).await?;
    Ok(())
}

async fn another_version_or_an_operator_request_rebuilds(
    environment: TestEnvironment,
) -> anyhow::Result<()> {
    let (app, service, _) = start(&environment.settings).await?;
    stop(app, service).await?;
    let dir = environment
        .settings
        .data_dir
        .join("index")
        .join("component");
    let stamp = std::fs::read_to_string(dir.join("portal-search-version"))?;
    assert!(stamp.contains("owner component"), "{stamp}");

    // Written by a build with other analysers: rebuilt.
    std::fs::write(
        dir.join("portal-search-version"),
        stamp.replace("analysis ", "analysis 0"),
    )?;
    let (app, service, started) = start(&environment.settings).await?;
    assert!(
        matches!(&started, IndexStart::Rebuilt { reason, indexed } if reason.contains("version") && *indexed > 0),
        "{started:?}"
    );
    let lm358 = data(&app, &format!("{BASE}/search?keyWords=LM358")).await?;
    assert!(lm358["total"].as_i64().unwrap_or_default() > 0, "{lm358}");
    stop(app, service).await?;
    assert_eq!(
        std::fs::read_to_string(dir.join("portal-search-version"))?,
        stamp
    );

    // The operator asks (search.rebuild_on_start).
    let mut settings = environment.settings.clone();
    settings.search.rebuild_on_start = true;
    let (app, service, started) = start(&settings).await?;
    assert!(
        matches!(&started, IndexStart::Rebuilt { reason, .. } if reason.contains("requested")),
        "{started:?}"
    );
    stop(app, service).await?;

    // Back to normal: reused.
    let (app, service, started) = start(&environment.settings).await?;
    assert_eq!(started, IndexStart::Reopened { caught_up: 0 });
    let answer: Value = data(&app, &format!("{BASE}/search?keyWords=LM358")).await?;
    assert_eq!(answer["total"], lm358["total"]);
    stop(app, service).await?;
    Ok(())
}

kernel::backend_tests!(
    the_index_is_reused_and_catches_up_after_a_restart,
    another_version_or_an_operator_request_rebuilds
);
