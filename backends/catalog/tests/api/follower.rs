//! The kit's index follower over the kit's own item store (`ItemFeed`, the demo library): the
//! category table is read again only when a sync has stamped it since the last read — by a follow tick
//! (`refresh_categories`) or by a catch-up that has documents to build — and items the store no
//! longer has leave the index.

use std::sync::Arc;

use catalog::{
    item::store::ItemStore,
    search::{FacetConfig, IndexFollower, IndexStart, ItemFeed},
    store::{CategoryRepository, CategoryStore},
    taxonomy::Taxonomy,
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

kernel::backend_tests!(categories_are_read_again_only_after_a_sync);
