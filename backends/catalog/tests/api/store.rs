//! The same store tests on both backends.

use catalog::{
    store::{CategoryRepository, CategoryStore, SyncReport},
    taxonomy::Taxonomy,
    MIGRATIONS,
};
use kernel::{db::DatabaseLocation, testing::TestEnvironment, Database};

use crate::DEMO;

async fn open(environment: &TestEnvironment) -> anyhow::Result<(Database, CategoryRepository)> {
    let location = DatabaseLocation::resolve(&environment.settings, "demo")?;
    let db = Database::connect(&location, 2).await?;
    db.migrate(&MIGRATIONS).await?;
    let store = CategoryRepository::new(&db);
    Ok((db, store))
}

async fn sync_inserts_then_is_idempotent(environment: TestEnvironment) -> anyhow::Result<()> {
    let (db, store) = open(&environment).await?;
    let taxonomy = DEMO.parse_taxonomy()?;
    assert_eq!(store.applied_digest().await?, None);
    assert_eq!(store.last_sync().await?, None);

    let first = store.sync(&taxonomy).await?;
    assert_eq!(
        first,
        SyncReport {
            total: 7,
            inserted: 7,
            updated: 0,
            unchanged: 0,
            stale: 0
        }
    );
    assert_eq!(
        store.applied_digest().await?.as_deref(),
        Some(taxonomy.digest.as_str())
    );
    let ids: Vec<i64> = store.list().await?.iter().map(|r| r.id).collect();
    let stamp = store
        .last_sync()
        .await?
        .ok_or_else(|| anyhow::anyhow!("no sync stamp"))?;
    assert_eq!(stamp.digest, taxonomy.digest);

    let second = store.sync(&taxonomy).await?;
    assert_eq!(
        second,
        SyncReport {
            total: 7,
            inserted: 0,
            updated: 0,
            unchanged: 7,
            stale: 0
        }
    );
    let ids_again: Vec<i64> = store.list().await?.iter().map(|r| r.id).collect();
    assert_eq!(ids, ids_again, "ids are stable across re-seeding");
    // Every sync stamps anew, even one that changed nothing.
    let again = store
        .last_sync()
        .await?
        .ok_or_else(|| anyhow::anyhow!("no sync stamp"))?;
    assert_eq!(again.digest, taxonomy.digest);
    assert!(again.applied_at >= stamp.applied_at);
    assert_eq!(store.count().await?, 7);
    db.close().await;
    Ok(())
}

async fn sync_updates_moves_and_keeps_stale(environment: TestEnvironment) -> anyhow::Result<()> {
    let (db, store) = open(&environment).await?;
    store.sync(&DEMO.parse_taxonomy()?).await?;
    let before = store
        .find_by_code("mlcc")
        .await?
        .ok_or_else(|| anyhow::anyhow!("mlcc missing"))?;

    // Rename a category, move mlcc under capacitor directly, drop crystal.
    let edited = DEMO
        .taxonomy
        .replace("\"贴片电阻\"", "\"片式电阻\"")
        .replace(
            "\"children\": [\n            { \"code\": \"mlcc\", \"name\": \"多层陶瓷电容\", \"nameEn\": \"MLCC\" }\n          ]",
            "\"children\": []",
        )
        .replace(
            "\"nameEn\": \"Capacitors\",\n      \"children\": [",
            "\"nameEn\": \"Capacitors\",\n      \"children\": [\n        { \"code\": \"mlcc\", \"name\": \"多层陶瓷电容\", \"nameEn\": \"MLCC\" },",
        )
        .replace(",\n    { \"code\": \"crystal\", \"name\": \"晶振\", \"nameEn\": \"Crystals\" }", "");
    let taxonomy = Taxonomy::parse("demo", &edited)?;
    assert_eq!(taxonomy.categories.len(), 6, "the fixture edit applied");

    let report = store.sync(&taxonomy).await?;
    assert_eq!(report.total, 6);
    assert_eq!(report.inserted, 0);
    assert_eq!(report.stale, 1);
    // chip-resistor renamed; mlcc moved; ceramic-capacitor shifted to sort 2.
    assert_eq!(report.updated, 3, "{report:?}");

    let chip = store
        .find_by_code("chip-resistor")
        .await?
        .ok_or_else(|| anyhow::anyhow!("missing"))?;
    assert_eq!(chip.name, "片式电阻");
    let capacitor = store
        .find_by_code("capacitor")
        .await?
        .ok_or_else(|| anyhow::anyhow!("missing"))?;
    let mlcc = store
        .find_by_code("mlcc")
        .await?
        .ok_or_else(|| anyhow::anyhow!("missing"))?;
    assert_eq!(mlcc.id, before.id);
    assert_eq!(mlcc.parent_id, Some(capacitor.id));
    assert_eq!(
        (mlcc.depth, mlcc.sort, mlcc.path.as_str()),
        (1, 1, "/capacitor/mlcc")
    );
    assert!(
        store.find_by_code("crystal").await?.is_some(),
        "stale categories are kept"
    );
    assert!(store.find_by_code("nope").await?.is_none());
    db.close().await;
    Ok(())
}

async fn list_orders_by_depth_then_sort(environment: TestEnvironment) -> anyhow::Result<()> {
    let (db, store) = open(&environment).await?;
    store.sync(&DEMO.parse_taxonomy()?).await?;
    let records = store.list().await?;
    let roots: Vec<&str> = records
        .iter()
        .filter(|r| r.depth == 0)
        .map(|r| r.code.as_str())
        .collect();
    assert_eq!(roots, ["resistor", "capacitor", "crystal"]);
    assert!(records
        .windows(2)
        .all(|pair| pair[0].depth <= pair[1].depth));
    let chip = records
        .iter()
        .find(|r| r.code == "chip-resistor")
        .ok_or_else(|| anyhow::anyhow!("missing"))?;
    assert_eq!(
        (chip.name.as_str(), chip.name_en.as_str()),
        ("贴片电阻", "Chip Resistors")
    );
    db.close().await;
    Ok(())
}

/// Two synchronisations at once (e.g. two replicas starting) both succeed, and the tree is
/// stored once.
async fn concurrent_syncs_serialise(environment: TestEnvironment) -> anyhow::Result<()> {
    let (db, store) = open(&environment).await?;
    let (_, other) = open(&environment).await?;
    let taxonomy = DEMO.parse_taxonomy()?;
    let (first, second) = tokio::join!(store.sync(&taxonomy), other.sync(&taxonomy));
    let (first, second) = (first?, second?);
    assert_eq!(first.inserted + second.inserted, 7, "{first:?} {second:?}");
    assert_eq!(
        first.unchanged + second.unchanged,
        7,
        "{first:?} {second:?}"
    );
    assert_eq!(store.count().await?, 7);
    db.close().await;
    Ok(())
}

kernel::backend_tests!(
    concurrent_syncs_serialise,
    sync_inserts_then_is_idempotent,
    sync_updates_moves_and_keeps_stale,
    list_orders_by_depth_then_sort,
);
