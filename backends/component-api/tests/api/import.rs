use anyhow::Context;
use component_api::import::{import_dir, ImportOptions};
use kernel::testing::TestEnvironment;

use crate::helpers::{fixture_seed, spawn, store};

/// The service imported the fixture on start; importing again changes nothing, reports the
/// broken records without stopping, and the change feed and index documents cover everything.
async fn import_is_idempotent_and_reports_bad_records(
    environment: TestEnvironment,
) -> anyhow::Result<()> {
    let app = spawn(&environment).await?;
    let store = store(&environment).await?;
    let count = store.count().await?;
    assert!(
        count >= 70,
        "the fixture's components were imported on start ({count})"
    );

    let report = import_dir(&store, &fixture_seed(), &ImportOptions::default()).await?;
    assert_eq!(report.read as i64, count);
    assert_eq!(report.stored.unchanged as i64, count, "{report:?}");
    assert_eq!(report.stored.inserted + report.stored.updated, 0);
    assert_eq!(store.count().await?, count, "no duplicates");
    // One library that does not parse, one alias of a missing parent: both reported.
    // (and a Fritzing file that is not XML)
    assert_eq!(report.rejected, 3, "{:?}", report.reasons);
    assert!(report
        .reasons
        .iter()
        .any(|r| r.starts_with("fritzing/Broken.fzp: not well-formed XML")));
    assert!(report
        .reasons
        .iter()
        .any(|r| r.starts_with("Broken_Syntax:")));
    assert!(report
        .reasons
        .iter()
        .any(|r| r.starts_with("Broken_Extends:Orphan:") && r.contains("Nowhere")));
    assert_eq!(report.uncategorised, 0);

    // The feed holds one entry per stored record so far, oldest first, and pages on.
    let feed = store.changes_since(0, 10_000).await?;
    assert_eq!(feed.len() as i64, count);
    assert!(feed.windows(2).all(|pair| pair[0].seq < pair[1].seq));
    let after = store.changes_since(feed[9].seq, 5).await?;
    assert_eq!(after.first().map(|c| c.seq), Some(feed[10].seq));
    assert!(store
        .changes_since(feed[feed.len() - 1].seq, 10)
        .await?
        .is_empty());

    // Index documents page by id and carry parameters.
    let mut documents = Vec::new();
    let mut last = 0;
    loop {
        let page = store.index_documents(last, 25).await?;
        let Some(tail) = page.last() else { break };
        last = tail.item.id;
        documents.extend(page);
    }
    assert_eq!(documents.len() as i64, count);
    let bss138 = documents
        .iter()
        .find(|d| d.item.source_id == "Transistor_FET:BSS138")
        .context("BSS138 imported")?;
    assert_eq!(
        bss138.item.category_code.as_deref(),
        Some("n-channel-mosfet")
    );
    assert!(bss138
        .parameters
        .iter()
        .any(|p| p.dimension == "voltage" && p.typ == Some(50.0)));
    assert_eq!(bss138.item.manufacturer_name.as_deref(), Some("onsemi"));
    assert_eq!(
        bss138.item.manufacturer_method.as_deref(),
        Some("datasheet-host")
    );

    // A Fritzing part: family → category, properties with units → parameters.
    let regulator = documents
        .iter()
        .find(|d| d.item.source == "fritzing" && d.item.code == "KA78R05")
        .context("the Fritzing regulator imported")?;
    assert_eq!(regulator.item.category_code.as_deref(), Some("ldo"));
    assert_eq!(
        regulator.item.category_method.as_deref(),
        Some("fritzing:voltage regulator")
    );
    assert_eq!(
        regulator.item.manufacturer_name.as_deref(),
        Some("Fairchild")
    );
    assert_eq!(
        regulator.item.manufacturer_method.as_deref(),
        Some("fritzing-property")
    );
    assert_eq!(regulator.item.license, "CC-BY-SA-3.0");
    assert!(regulator.extension.symbol_ref.is_none());
    let values: Vec<(&str, Option<f64>)> = regulator
        .parameters
        .iter()
        .map(|p| (p.dimension.as_str(), p.typ))
        .collect();
    assert!(values.contains(&("voltage", Some(5.0))), "{values:?}");
    assert!(values.contains(&("current", Some(1.0))), "{values:?}");
    app.stop().await;
    Ok(())
}

kernel::backend_tests!(import_is_idempotent_and_reports_bad_records);
