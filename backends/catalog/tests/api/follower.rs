//! The kit's index follower over the kit's own item store (`ItemFeed`, the demo library): the
//! category table is read again only when a sync has stamped it since the last read — by a follow tick
//! (`refresh_categories`) or by a catch-up that has documents to build — and items the store no
//! longer has leave the index. Also the kit's search document of an item (`search_document`).

use std::sync::Arc;

use catalog::{
    item::{model::IndexDocument, store::ItemStore},
    model::CategoryRecord,
    routes::search::StoredHit,
    search::{by_dimension, search_document, FacetConfig, IndexFollower, IndexStart, ItemFeed},
    store::{CategoryRepository, CategoryStore},
    taxonomy::Taxonomy,
    testing::{item_record, parameter},
};
use kernel::{testing::TestEnvironment, Database};
use search::SearchRequest;

use crate::{
    item_library::DemoItems,
    items::{item, open},
    DEMO,
};

/// The demo library's side of its index: the kit's feed over the kit's store.
type DemoFeed = ItemFeed<DemoItems>;

/// The demo taxonomy with the MLCC category's Chinese name replaced.
fn mlcc_named(name: &str) -> anyhow::Result<Taxonomy> {
    let text = DEMO
        .taxonomy
        .replace("\"多层陶瓷电容\"", &format!("\"{name}\""));
    anyhow::ensure!(
        text != DEMO.taxonomy || name == "多层陶瓷电容",
        "the fixture edit applied"
    );
    Taxonomy::parse("demo", &text)
}

fn mlcc_name(follower: &IndexFollower<DemoFeed>) -> Option<String> {
    follower
        .category_names()
        .get("mlcc")
        .map(|(name, _)| name.clone())
}

/// The category name the index holds for the item with `code`.
fn indexed_category(
    follower: &IndexFollower<DemoFeed>,
    code: &str,
) -> anyhow::Result<Option<String>> {
    let index = follower
        .index()
        .ok_or_else(|| anyhow::anyhow!("no index"))?;
    let results = follower.search(
        index,
        &SearchRequest {
            keywords: vec![code.to_owned()],
            page: 1,
            size: 10,
            ..SearchRequest::default()
        },
    )?;
    Ok(results
        .hits
        .iter()
        .find(|hit| hit.document.part_number == code)
        // The path runs from the root: the item's own category is the last.
        .and_then(|hit| hit.document.categories.last())
        .map(|category| category.name.clone()))
}

/// Deletes an item the way a store's delete would: the row goes and the feed names it.
async fn delete_item(db: &Database, id: i64) -> anyhow::Result<()> {
    let now = chrono::Utc::now();
    // The same statements on either pool (sqlx-sqlite accepts `$n` placeholders).
    macro_rules! delete_and_announce {
        ($pool:expr) => {{
            sqlx::query("DELETE FROM item WHERE id = $1")
                .bind(id)
                .execute($pool)
                .await?;
            sqlx::query("INSERT INTO item_change (item_id, changed_at) VALUES ($1, $2)")
                .bind(id)
                .bind(now)
                .execute($pool)
                .await?;
        }};
    }
    match db {
        Database::Sqlite(pool) => delete_and_announce!(pool),
        Database::Postgres(pool) => delete_and_announce!(pool),
    }
    Ok(())
}

async fn categories_are_read_again_only_after_a_sync(
    environment: TestEnvironment,
) -> anyhow::Result<()> {
    let (db, store) = open(&environment, 2).await?;
    let categories = CategoryRepository::new(&db);
    let feed = ItemFeed::new(store.clone(), Arc::new(DemoItems), "demo 1");
    store
        .upsert(&[item("1", "MLCC-A", Some("mlcc"), None)])
        .await?;
    let follower = IndexFollower::new(FacetConfig::all());
    let started = follower.open(None, false, &feed, &categories).await?;
    assert!(
        matches!(started, IndexStart::Rebuilt { indexed: 1, .. }),
        "{started:?}"
    );
    assert_eq!(mlcc_name(&follower).as_deref(), Some("多层陶瓷电容"));

    // Nothing synchronised: a tick reads the stamp only, a catch-up uses the kept categories.
    assert!(!follower.refresh_categories(&categories).await?);
    store
        .upsert(&[item("2", "MLCC-B", Some("mlcc"), None)])
        .await?;
    assert_eq!(follower.catch_up(&feed, &categories).await?, 1);
    assert_eq!(
        indexed_category(&follower, "MLCC-B")?.as_deref(),
        Some("多层陶瓷电容")
    );
    assert!(!follower.refresh_categories(&categories).await?);

    // A sync renames the category; an item written after it is indexed with the new name, read
    // by the catch-up that needs it; the facet names follow.
    categories.sync(&mlcc_named("片式多层陶瓷电容")?).await?;
    assert_eq!(
        mlcc_name(&follower).as_deref(),
        Some("多层陶瓷电容"),
        "not read before it is needed"
    );
    store
        .upsert(&[item("3", "MLCC-C", Some("mlcc"), None)])
        .await?;
    assert_eq!(follower.catch_up(&feed, &categories).await?, 1);
    assert_eq!(
        indexed_category(&follower, "MLCC-C")?.as_deref(),
        Some("片式多层陶瓷电容")
    );
    assert_eq!(mlcc_name(&follower).as_deref(), Some("片式多层陶瓷电容"));
    assert!(
        !follower.refresh_categories(&categories).await?,
        "already read by the catch-up"
    );

    // A sync without item changes: the next tick reads the table once.
    categories.sync(&mlcc_named("多层瓷介电容")?).await?;
    assert!(follower.refresh_categories(&categories).await?);
    assert_eq!(mlcc_name(&follower).as_deref(), Some("多层瓷介电容"));
    assert!(!follower.refresh_categories(&categories).await?);
    // Even a sync of the same taxonomy stamps anew: read once more, same names.
    categories.sync(&mlcc_named("多层瓷介电容")?).await?;
    assert!(follower.refresh_categories(&categories).await?);
    assert_eq!(mlcc_name(&follower).as_deref(), Some("多层瓷介电容"));

    // Items the store no longer has leave the index; the others stay.
    let ids: Vec<i64> = store
        .changes_since(0, 10)
        .await?
        .iter()
        .map(|change| change.item_id)
        .collect();
    delete_item(&db, ids[0]).await?;
    assert_eq!(follower.catch_up(&feed, &categories).await?, 1);
    assert_eq!(indexed_category(&follower, "MLCC-A")?, None);
    assert!(indexed_category(&follower, "MLCC-B")?.is_some());
    db.close().await;
    Ok(())
}

/// What every library indexes of an item, and the stored hit with the library's summary extras
/// (the demo's `pinCount`, from the item's attributes).
#[test]
fn the_kit_fields_and_the_library_summary_make_the_search_document() -> anyhow::Result<()> {
    let category = |id: i64, code: &str, parent_id: Option<i64>, path: &str| CategoryRecord {
        id,
        code: code.into(),
        parent_id,
        name: format!("{code}类"),
        name_en: code.into(),
        sort: 0,
        depth: 0,
        path: path.into(),
        hidden: false,
    };
    let categories = [
        category(1, "capacitor", None, "/capacitor"),
        category(2, "mlcc", Some(1), "/capacitor/mlcc"),
    ];
    let document = IndexDocument {
        item: catalog::item::model::ItemRecord {
            manufacturer_id: Some(3),
            manufacturer_name: Some("Murata".into()),
            category_id: Some(2),
            category_code: Some("mlcc".into()),
            keywords: "cap  mlcc".into(),
            attributes: serde_json::json!({"pins": 2}),
            ..item_record(7, "demo", "C1", "C0603-100nF")
        },
        parameters: vec![
            parameter("capacitance", 1e-7, "100nF"),
            parameter("no-such-dimension", 1.0, "1 zz"),
        ],
        extension: (),
    };
    let indexed = search_document(&DemoItems, &document, &categories, by_dimension);
    assert_eq!(indexed.id, "7");
    assert_eq!(indexed.part_number, "C0603-100nF");
    assert_eq!(indexed.keywords, ["cap", "mlcc"]);
    let path: Vec<&str> = indexed.categories.iter().map(|c| c.code.as_str()).collect();
    assert_eq!(path, ["capacitor", "mlcc"]);
    assert_eq!(indexed.manufacturer.as_deref(), Some("Murata"));
    // The unknown dimension is not indexed, but the hit shows it.
    let indexed_parameters: Vec<&str> =
        indexed.parameters.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(indexed_parameters, ["capacitance"]);
    assert!(indexed.aliases.is_empty() && indexed.package.is_none());
    assert_eq!(indexed.quality, None);
    let hit: StoredHit = serde_json::from_str(indexed.payload.as_deref().unwrap_or(""))?;
    assert_eq!(hit.component.0["partNumber"], "C0603-100nF");
    assert_eq!(hit.component.0["pinCount"], 2, "the library's extras");
    assert_eq!(hit.parameters.len(), 2);
    assert_eq!(hit.parameters[1].display, "1 zz");
    Ok(())
}

kernel::backend_tests!(categories_are_read_again_only_after_a_sync);
