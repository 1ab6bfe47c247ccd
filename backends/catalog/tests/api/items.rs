//! The kit's item store, the same suite on both backends.

use std::{
    collections::HashSet,
    sync::{
        atomic::{AtomicBool, Ordering},
        Arc,
    },
};

use catalog::{
    item::{
        model::{
            ExtensionRow, ExtensionValue, NewItem, NewItemFile, NewItemLink, NewManufacturer,
            Parameter, UpsertReport,
        },
        store::{ItemRepository, ItemStore},
    },
    store::{CategoryRepository, CategoryStore},
    MIGRATIONS,
};
use kernel::{db::DatabaseLocation, testing::TestEnvironment, Database};
use serde_json::json;

use crate::DEMO;

/// A migrated database with the demo taxonomy, and its item store.
pub(crate) async fn open(
    environment: &TestEnvironment,
    connections: u32,
) -> anyhow::Result<(Database, ItemRepository)> {
    let location = DatabaseLocation::resolve(&environment.settings, "demo")?;
    let db = Database::connect(&location, connections).await?;
    db.migrate(&MIGRATIONS).await?;
    CategoryRepository::new(&db)
        .sync(&DEMO.parse_taxonomy()?)
        .await?;
    let store = ItemRepository::new(&db);
    Ok((db, store))
}

pub(crate) fn item(
    source_id: &str,
    code: &str,
    category: Option<&str>,
    maker: Option<&str>,
) -> NewItem {
    NewItem {
        source: "test".to_owned(),
        source_id: source_id.to_owned(),
        code: code.to_owned(),
        name: format!("{code} name"),
        manufacturer: maker.map(|name| NewManufacturer {
            name: name.to_owned(),
            website: Some(format!("https://{}.example", name.to_lowercase())),
            method: "library".to_owned(),
        }),
        category_code: category.map(str::to_owned),
        category_method: category.map(|_| "test".to_owned()),
        description: format!("{code} description"),
        keywords: "test".to_owned(),
        document_url: None,
        lifecycle: Some("active".to_owned()),
        license: "CC-BY-4.0".to_owned(),
        attributes: json!({ "pins": 2 }),
        parameters: vec![Parameter {
            dimension: "resistance".to_owned(),
            min: None,
            typ: Some(1000.0),
            max: None,
            original: "1k".to_owned(),
            conditions: None,
        }],
        files: Vec::new(),
        links: Vec::new(),
        extension: None,
    }
}

fn report(inserted: usize, updated: usize, unchanged: usize) -> UpsertReport {
    UpsertReport {
        inserted,
        updated,
        unchanged,
    }
}

async fn upsert_counts_inserts_updates_and_unchanged(
    environment: TestEnvironment,
) -> anyhow::Result<()> {
    let (db, store) = open(&environment, 2).await?;
    let mut records = vec![
        item("a", "R-A", Some("chip-resistor"), Some("Yageo")),
        item("b", "R-B", Some("chip-resistor"), Some("Yageo")),
        item("c", "C-C", Some("mlcc"), None),
    ];
    assert_eq!(store.upsert(&records).await?, report(3, 0, 0));
    assert_eq!(store.count().await?, 3);
    assert_eq!(store.upsert(&records).await?, report(0, 0, 3));

    // Change b's name and parameters; ids stay, the change appends one feed entry.
    records[1].name = "renamed".to_owned();
    records[1].parameters[0].original = "2k".to_owned();
    records[1].parameters[0].typ = Some(2000.0);
    records[1].attributes = json!({ "pins": 3 });
    assert_eq!(store.upsert(&records).await?, report(0, 1, 2));
    assert_eq!(store.count().await?, 3);

    let changes = store.changes_since(0, 100).await?;
    assert_eq!(changes.len(), 4, "{changes:?}");
    assert!(changes.windows(2).all(|pair| pair[0].seq < pair[1].seq));
    let ids: Vec<i64> = changes.iter().map(|change| change.item_id).collect();
    assert_eq!(ids[3], ids[1], "the update of b is the last change");
    assert_eq!(store.changes_since(changes[2].seq, 100).await?.len(), 1);
    assert_eq!(store.changes_since(0, 2).await?, changes[..2].to_vec());

    let b = store
        .get(ids[1])
        .await?
        .ok_or_else(|| anyhow::anyhow!("b missing"))?;
    assert_eq!((b.source_id.as_str(), b.name.as_str()), ("b", "renamed"));
    assert_eq!(b.category_code.as_deref(), Some("chip-resistor"));
    assert_eq!(b.manufacturer_name.as_deref(), Some("Yageo"));
    assert_eq!(b.attributes, json!({ "pins": 3 }));
    assert!(b.updated_at >= b.created_at);
    let parameters = store.parameters_of(&[ids[1]]).await?;
    assert_eq!(
        parameters[&ids[1]].len(),
        1,
        "parameters replaced, not added"
    );
    assert_eq!(parameters[&ids[1]][0].typ, Some(2000.0));
    assert!(store.get(i64::MAX).await?.is_none());
    let many = store.get_many(&[ids[0], ids[2], i64::MAX]).await?;
    assert_eq!(many.len(), 2);
    db.close().await;
    Ok(())
}

async fn files_and_links_are_stored_once_and_replaced(
    environment: TestEnvironment,
) -> anyhow::Result<()> {
    let (db, store) = open(&environment, 2).await?;
    let shared = NewItemFile {
        kind: "footprint".to_owned(),
        name: "R_0603".to_owned(),
        media_type: "text/plain".to_owned(),
        size: 120,
        digest: "d1".to_owned(),
    };
    let mut first = item("f1", "R1", None, None);
    first.files = vec![shared.clone(), shared.clone()];
    first.links = vec![NewItemLink {
        kind: "alternative".to_owned(),
        target_source: "test".to_owned(),
        target_source_id: "f2".to_owned(),
    }];
    let mut second = item("f2", "R2", None, None);
    second.files = vec![shared.clone()];
    store.upsert(&[first.clone()]).await?;
    let first_id = store.changes_since(0, 1).await?[0].item_id;
    let links = store.links_of(first_id).await?;
    assert_eq!(links.len(), 1);
    assert_eq!(links[0].target_id, None, "the target is not stored yet");

    store.upsert(&[second]).await?;
    let second_id = store.changes_since(1, 1).await?[0].item_id;
    assert_eq!(
        store.links_of(first_id).await?[0].target_id,
        Some(second_id)
    );
    let files = store.files_of(first_id).await?;
    assert_eq!(files.len(), 1, "a file listed twice is linked once");
    assert_eq!(files[0].id, store.files_of(second_id).await?[0].id);

    // A new version of the file: one row, new digest; the first item now links nothing.
    first.files = vec![NewItemFile {
        digest: "d2".to_owned(),
        size: 130,
        ..shared
    }];
    first.links.clear();
    assert_eq!(store.upsert(&[first]).await?, report(0, 1, 0));
    let files = store.files_of(second_id).await?;
    assert_eq!((files[0].digest.as_str(), files[0].size), ("d2", 130));
    assert!(store.links_of(first_id).await?.is_empty());
    db.close().await;
    Ok(())
}

/// Ids are in URLs: re-importing unchanged or changed records, or a record twice in one batch,
/// must not use up identity values (an `INSERT … ON CONFLICT` takes one even when the row
/// exists), so the next new item, file and manufacturer follow the last ones without a gap.
async fn re_imports_take_no_ids(environment: TestEnvironment) -> anyhow::Result<()> {
    let (db, store) = open(&environment, 2).await?;
    let file = |name: &str, digest: &str| NewItemFile {
        kind: "footprint".to_owned(),
        name: name.to_owned(),
        media_type: "text/plain".to_owned(),
        size: 10,
        digest: digest.to_owned(),
    };
    let mut a = item("a", "R-A", Some("chip-resistor"), Some("Yageo"));
    a.files = vec![file("R_0603", "d1")];
    let b = item("b", "R-B", Some("chip-resistor"), Some("Yageo"));
    assert_eq!(
        store.upsert(&[a.clone(), b.clone()]).await?,
        report(2, 0, 0)
    );
    for _ in 0..3 {
        assert_eq!(
            store.upsert(&[a.clone(), b.clone()]).await?,
            report(0, 0, 2)
        );
    }
    assert_eq!(
        store.upsert(&[a.clone(), a.clone()]).await?,
        report(0, 0, 2)
    );
    let d = item("d", "R-D", None, Some("Yageo"));
    assert_eq!(
        store.upsert(&[d.clone(), d.clone()]).await?,
        report(1, 0, 1),
        "the second copy compares with the first"
    );
    let changed_b = NewItem {
        description: "R-B, changed".to_owned(),
        ..b.clone()
    };
    assert_eq!(store.upsert(&[changed_b]).await?, report(0, 1, 0));

    let mut c = item("c", "R-C", None, Some("Murata"));
    c.files = vec![file("R_0805", "d2")];
    assert_eq!(store.upsert(&[c]).await?, report(1, 0, 0));
    let ids: Vec<i64> = store
        .changes_since(0, 100)
        .await?
        .iter()
        .map(|change| change.item_id)
        .collect();
    assert_eq!(ids.len(), 5, "{ids:?}");
    assert_eq!(ids[3], ids[1], "the change of b: {ids:?}");
    assert_eq!(ids[4], ids[2] + 1, "no item id used up: {ids:?}");
    let a_file = store.files_of(ids[0]).await?;
    let c_file = store.files_of(ids[4]).await?;
    assert_eq!(c_file[0].id, a_file[0].id + 1, "no file id used up");
    let yageo = store
        .get(ids[0])
        .await?
        .and_then(|record| record.manufacturer_id);
    let murata = store
        .get(ids[4])
        .await?
        .and_then(|record| record.manufacturer_id);
    assert_eq!(murata, yageo.map(|id| id + 1), "no manufacturer id used up");
    db.close().await;
    Ok(())
}

async fn listings_page_with_totals(environment: TestEnvironment) -> anyhow::Result<()> {
    let (db, store) = open(&environment, 2).await?;
    store
        .upsert(&[
            item("1", "R3", Some("chip-resistor"), Some("Yageo")),
            item("2", "R1", Some("chip-resistor"), Some("YAGEO Corp")),
            item("3", "R2", Some("through-hole-resistor"), Some("Yageo")),
            item("4", "R0", Some("resistor"), Some("Vishay")),
            item("5", "C1", Some("mlcc"), Some("Murata")),
            item("6", "C0", Some("ceramic-capacitor"), Some("Murata")),
            item("7", "X1", Some("crystal"), None),
            item("8", "N1", None, Some("Yageo")),
        ])
        .await?;
    let codes = |page: &catalog::item::model::Page<catalog::item::model::ItemRecord>| {
        page.items
            .iter()
            .map(|item| item.code.clone())
            .collect::<Vec<_>>()
    };

    let resistors = store.list_in_subtree("/resistor", 0, 3).await?;
    assert_eq!(resistors.total, 4);
    assert_eq!(codes(&resistors), ["R0", "R1", "R2"]);
    let rest = store.list_in_subtree("/resistor", 3, 3).await?;
    assert_eq!((rest.total, codes(&rest)), (4, vec!["R3".to_owned()]));
    let ceramic = store
        .list_in_subtree("/capacitor/ceramic-capacitor", 0, 10)
        .await?;
    assert_eq!(codes(&ceramic), ["C0", "C1"]);
    // A path prefix that is not a whole segment matches nothing.
    assert_eq!(store.list_in_subtree("/resist", 0, 10).await?.total, 0);

    let chip = CategoryRepository::new(&db)
        .find_by_code("chip-resistor")
        .await?
        .ok_or_else(|| anyhow::anyhow!("chip-resistor missing"))?;
    let direct = store.list_in_category(chip.id, 1, 10).await?;
    assert_eq!((direct.total, codes(&direct)), (2, vec!["R3".to_owned()]));

    let all = store.manufacturers(None, 0, 10).await?;
    assert_eq!(all.total, 4);
    let counted: Vec<(&str, i64)> = all
        .items
        .iter()
        .map(|m| (m.name.as_str(), m.item_count))
        .collect();
    assert_eq!(
        counted,
        [
            ("Yageo", 3),
            ("Murata", 2),
            ("Vishay", 1),
            ("YAGEO Corp", 1)
        ]
    );
    let yageo = store.manufacturers(Some("yaGEO"), 0, 1).await?;
    assert_eq!(yageo.total, 2);
    assert_eq!(yageo.items.len(), 1);
    assert_eq!(store.manufacturers(Some("%"), 0, 10).await?.total, 0);
    let murata = &all.items[1];
    assert_eq!(
        store.manufacturer(murata.id).await?.as_ref(),
        Some(murata),
        "one manufacturer answers as in the list"
    );
    assert_eq!(murata.website.as_deref(), Some("https://murata.example"));
    let of_yageo = store.items_of_manufacturer(all.items[0].id, 0, 2).await?;
    assert_eq!(
        (of_yageo.total, codes(&of_yageo)),
        (3, vec!["N1".to_owned(), "R2".to_owned()])
    );

    let first = store.index_documents(0, 5).await?;
    assert_eq!(first.len(), 5);
    let after = first.last().map(|doc| doc.item.id).unwrap_or_default();
    let second = store.index_documents(after, 5).await?;
    assert_eq!(second.len(), 3);
    assert!(first
        .iter()
        .chain(&second)
        .all(|doc| doc.parameters.len() == 1 && doc.parameters[0].original == "1k"));
    let ids: HashSet<i64> = first.iter().chain(&second).map(|doc| doc.item.id).collect();
    assert_eq!(ids.len(), 8);
    db.close().await;
    Ok(())
}

/// Several importers at once storing the same records, twice: every record is stored once,
/// each insert and update is counted by exactly one of them, and the change feed holds one
/// entry per insert or update, in commit order.
async fn a_burst_of_parallel_upserts_stores_each_record_once(
    environment: TestEnvironment,
) -> anyhow::Result<()> {
    const TASKS: usize = 6;
    const RECORDS: usize = 40;
    let (db, store) = open(&environment, TASKS as u32).await?;
    let records: Vec<NewItem> = (0..RECORDS)
        .map(|n| {
            item(
                &format!("burst-{n}"),
                &format!("B{n:03}"),
                Some("mlcc"),
                Some(["Murata", "TDK", "Samsung"][n % 3]),
            )
        })
        .collect();

    // A follower reads the feed while the importers write, as the search index does: it must
    // see every change (a sequence number committed after a larger one would be skipped).
    let importing = Arc::new(AtomicBool::new(true));
    let follower = {
        let store = store.clone();
        let importing = Arc::clone(&importing);
        tokio::spawn(async move {
            let mut seen = Vec::new();
            let mut after = 0;
            loop {
                let done = !importing.load(Ordering::SeqCst);
                let changes = store.changes_since(after, 1000).await?;
                if let Some(last) = changes.last() {
                    after = last.seq;
                }
                seen.extend(changes);
                if done {
                    return anyhow::Ok(seen);
                }
                tokio::task::yield_now().await;
            }
        })
    };

    for round in 0..2 {
        let mut batch = records.clone();
        for record in &mut batch {
            record.description = format!("round {round}");
        }
        let mut tasks = tokio::task::JoinSet::new();
        for task in 0..TASKS {
            let store = store.clone();
            // Each task stores the records in its own order (rotated), in two halves.
            let mut mine = batch.clone();
            mine.rotate_left(task * 7 % RECORDS);
            tasks.spawn(async move {
                let (head, tail) = mine.split_at(RECORDS / 2);
                let mut total = store.upsert(head).await?;
                total.add(store.upsert(tail).await?);
                anyhow::Ok(total)
            });
        }
        let mut sum = UpsertReport::default();
        while let Some(done) = tasks.join_next().await {
            sum.add(done??);
        }
        let expected = if round == 0 {
            report(RECORDS, 0, RECORDS * (TASKS - 1))
        } else {
            report(0, RECORDS, RECORDS * (TASKS - 1))
        };
        assert_eq!(sum, expected, "round {round}");
        assert_eq!(store.count().await?, RECORDS as i64);
    }

    importing.store(false, Ordering::SeqCst);
    let followed = follower.await??;
    let changes = store.changes_since(0, 1000).await?;
    assert_eq!(followed, changes, "the follower saw every change");
    assert_eq!(
        changes.len(),
        2 * RECORDS,
        "one change per insert and update"
    );
    assert!(changes.windows(2).all(|pair| pair[0].seq < pair[1].seq));
    let changed: HashSet<i64> = changes.iter().map(|change| change.item_id).collect();
    assert_eq!(changed.len(), RECORDS);
    let manufacturers = store.manufacturers(None, 0, 10).await?;
    assert_eq!(manufacturers.total, 3, "manufacturers stored once");
    assert_eq!(
        manufacturers
            .items
            .iter()
            .map(|m| m.item_count)
            .sum::<i64>(),
        RECORDS as i64
    );
    db.close().await;
    Ok(())
}

fn with_package(mut record: NewItem, package: &str, pins: i64) -> NewItem {
    record.extension = Some(ExtensionRow {
        table: "demo_extension",
        columns: vec![
            ("package", ExtensionValue::Text(Some(package.to_owned()))),
            ("pin_count", ExtensionValue::Integer(Some(pins))),
            ("weight", ExtensionValue::Float(None)),
        ],
    });
    record
}

/// A library's extension row is written with its item, replaced when the item is updated, and
/// a failing extension row undoes the whole upsert (no item without its row, no change).
async fn extension_rows_share_the_items_transaction(
    environment: TestEnvironment,
) -> anyhow::Result<()> {
    let (db, store) = open(&environment, 2).await?;
    let create = "CREATE TABLE demo_extension (\
         item_id BIGINT PRIMARY KEY REFERENCES item (id) ON DELETE CASCADE, \
         package TEXT NOT NULL, pin_count BIGINT NOT NULL, weight DOUBLE PRECISION)";
    match &db {
        Database::Sqlite(pool) => sqlx::query(create).execute(pool).await.map(drop),
        Database::Postgres(pool) => sqlx::query(create).execute(pool).await.map(drop),
    }?;
    let rows = |db: &Database| {
        let db = db.clone();
        async move {
            let sql = "SELECT item_id, package, pin_count FROM demo_extension ORDER BY item_id";
            let rows: Vec<(i64, String, i64)> = match &db {
                Database::Sqlite(pool) => sqlx::query_as(sql).fetch_all(pool).await?,
                Database::Postgres(pool) => sqlx::query_as(sql).fetch_all(pool).await?,
            };
            anyhow::Ok(rows)
        }
    };

    let first = with_package(item("e1", "U1", None, None), "SOIC-8", 8);
    assert_eq!(store.upsert(&[first]).await?, report(1, 0, 0));
    let id = store.changes_since(0, 1).await?[0].item_id;
    assert_eq!(rows(&db).await?, [(id, "SOIC-8".to_owned(), 8)]);

    assert_eq!(
        store
            .upsert(&[with_package(item("e1", "U1", None, None), "SOIC-14", 14)])
            .await?,
        report(0, 1, 0)
    );
    assert_eq!(rows(&db).await?, [(id, "SOIC-14".to_owned(), 14)]);

    // pin_count NULL violates NOT NULL: the other record of the batch is not stored either.
    let mut broken = with_package(item("e3", "U3", None, None), "DIP-8", 8);
    if let Some(extension) = &mut broken.extension {
        extension.columns[1].1 = ExtensionValue::Integer(None);
    }
    let good = with_package(item("e2", "U2", None, None), "QFN-16", 16);
    assert!(store.upsert(&[good, broken]).await.is_err());
    assert_eq!(store.count().await?, 1, "the failed upsert stored nothing");
    assert_eq!(store.changes_since(0, 100).await?.len(), 2);
    assert_eq!(rows(&db).await?.len(), 1);

    let mut hostile = item("e4", "U4", None, None);
    hostile.extension = Some(ExtensionRow {
        table: "demo_extension; DROP TABLE item",
        columns: Vec::new(),
    });
    assert!(store.upsert(&[hostile]).await.is_err());
    assert_eq!(store.count().await?, 1);
    db.close().await;
    Ok(())
}

async fn seed_digests_are_kept_per_seed(environment: TestEnvironment) -> anyhow::Result<()> {
    let (db, store) = open(&environment, 2).await?;
    assert_eq!(store.seed_digest("items").await?, None);
    store.record_seed_digest("items", "one").await?;
    store.record_seed_digest("items", "two").await?;
    store.record_seed_digest("other", "three").await?;
    assert_eq!(store.seed_digest("items").await?.as_deref(), Some("two"));
    assert_eq!(store.seed_digest("other").await?.as_deref(), Some("three"));
    assert!(
        CategoryRepository::new(&db)
            .applied_digest()
            .await?
            .is_some(),
        "the category seed's digest is left alone"
    );
    db.close().await;
    Ok(())
}

kernel::backend_tests!(
    upsert_counts_inserts_updates_and_unchanged,
    files_and_links_are_stored_once_and_replaced,
    listings_page_with_totals,
    re_imports_take_no_ids,
    a_burst_of_parallel_upserts_stores_each_record_once,
    seed_digests_are_kept_per_seed,
    extension_rows_share_the_items_transaction,
);
