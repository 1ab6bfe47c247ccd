//! The components library on the library kit (docs/adding-a-library.md): files in the blob
//! store (stored once per content, downloads with ETags and ranges through the real HTTP API),
//! and the migration `20261126000002_component_kicad` taking a database of the old component
//! tables onto the kit without changing an id.

use std::{
    collections::BTreeSet,
    path::{Path, PathBuf},
};

use anyhow::Context;
use chrono::Utc;
use component_api::store::KicadStore;
use kernel::{
    db::DatabaseLocation,
    testing::{TestBackend, TestEnvironment},
    Database,
};
use reqwest::header;

use crate::helpers::{data, id_of, spawn, BASE};

/// Every object under `<data_dir>/files/objects` (the local blob store).
fn stored_objects(root: &Path) -> anyhow::Result<Vec<PathBuf>> {
    let mut found = Vec::new();
    let mut pending = vec![root.to_path_buf()];
    while let Some(dir) = pending.pop() {
        for entry in std::fs::read_dir(&dir).with_context(|| format!("{}", dir.display()))? {
            let path = entry?.path();
            if path.is_dir() {
                pending.push(path);
            } else {
                found.push(path);
            }
        }
    }
    Ok(found)
}

async fn files_are_stored_once_and_served_with_etags_and_ranges(
    environment: TestEnvironment,
) -> anyhow::Result<()> {
    let app = spawn(&environment).await?;

    // One object per distinct content, however many items and file names share it.
    let location = DatabaseLocation::resolve(&environment.settings, "component")?;
    let db = Database::connect(&location, 1).await?;
    let (digests, rows): (Vec<String>, i64) = match &db {
        Database::Sqlite(pool) => (
            sqlx::query_scalar("SELECT DISTINCT digest FROM item_file")
                .fetch_all(pool)
                .await?,
            sqlx::query_scalar("SELECT COUNT(*) FROM item_file_link")
                .fetch_one(pool)
                .await?,
        ),
        Database::Postgres(pool) => (
            sqlx::query_scalar("SELECT DISTINCT digest FROM item_file")
                .fetch_all(pool)
                .await?,
            sqlx::query_scalar("SELECT COUNT(*) FROM item_file_link")
                .fetch_one(pool)
                .await?,
        ),
    };
    db.close().await;
    let objects = stored_objects(&environment.settings.data_dir.join("files/objects"))?;
    let names: BTreeSet<String> = objects
        .iter()
        .filter_map(|path| path.file_name()?.to_str().map(str::to_owned))
        .collect();
    assert_eq!(
        names,
        digests.iter().cloned().collect::<BTreeSet<_>>(),
        "one object per digest"
    );
    assert_eq!(objects.len(), digests.len());
    assert!(
        rows > digests.len() as i64,
        "files are shared: {rows} links, {} contents",
        digests.len()
    );

    // A STEP model is stored as the STEP file itself: its listed size is what a download
    // sends, and a range of it is a range of the STEP text.
    let id = id_of(&environment, "Regulator_Linear:AMS1117-3.3").await?;
    let detail = data(&app, &format!("{BASE}/item/{id}")).await?;
    let step = detail["files"]
        .as_array()
        .and_then(|files| files.iter().find(|f| f["kind"] == "model-step"))
        .context("a STEP model")?;
    assert_eq!(step["mediaType"], "model/step");
    let size = step["size"].as_u64().context("a size")?;
    let url = app.url(&format!("{BASE}/item/{id}/download/model-step"));
    let client = reqwest::Client::new();
    let whole = client.get(&url).send().await?;
    assert_eq!(whole.status(), 200);
    assert_eq!(whole.headers()[header::ACCEPT_RANGES], "bytes");
    let etag = whole.headers()[header::ETAG].to_str()?.to_owned();
    assert_eq!(whole.bytes().await?.len() as u64, size);

    let unchanged = client
        .get(&url)
        .header(header::IF_NONE_MATCH, &etag)
        .send()
        .await?;
    assert_eq!(unchanged.status(), 304);

    let head = client
        .get(&url)
        .header(header::RANGE, "bytes=0-12")
        .send()
        .await?;
    assert_eq!(head.status(), 206);
    assert_eq!(
        head.headers()[header::CONTENT_RANGE].to_str()?,
        format!("bytes 0-12/{size}")
    );
    assert_eq!(head.text().await?, "ISO-10303-21;");

    let beyond = client
        .get(&url)
        .header(header::RANGE, format!("bytes={size}-"))
        .send()
        .await?;
    assert_eq!(beyond.status(), 416);
    app.stop().await;
    Ok(())
}

/// The migrations of this crate up to and including `last` (the files, symlinks resolved), in
/// a directory of their own: a database as an older build left it.
fn migrations_up_to(backend: TestBackend, last: &str) -> anyhow::Result<tempfile::TempDir> {
    let folder = match backend {
        TestBackend::Sqlite => "sqlite",
        TestBackend::Postgres => "postgres",
    };
    let source = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("migrations")
        .join(folder);
    let dir = tempfile::tempdir()?;
    for entry in std::fs::read_dir(&source)? {
        let entry = entry?;
        let name = entry.file_name().to_string_lossy().into_owned();
        if name.as_str() <= last {
            std::fs::copy(entry.path(), dir.path().join(&name))?;
        }
    }
    Ok(dir)
}

/// The statements that write one component into the old tables: manufacturer 77, component
/// 4242 (an AMS1117-3.3 of the fixture seed, with a stale description), a parameter, a symbol
/// file with its bytes, its change at seq 9000 and the seed digest of an older import.
const OLD_ROWS: [&str; 7] = [
    "INSERT INTO manufacturer (id, name, name_key, website, created_at) \
     VALUES (77, 'Advanced Monolithic Systems', 'advanced monolithic systems', NULL, $1)",
    "INSERT INTO component (id, source, source_id, part_number, name, manufacturer_id, \
     manufacturer_method, category_id, category_method, description, keywords, datasheet, \
     symbol_ref, footprint_ref, footprint_filters, reference_prefix, value, pin_count, unit_count, \
     package, lifecycle, license, content_digest, created_at, updated_at) \
     VALUES (4242, 'kicad', 'Regulator_Linear:AMS1117-3.3', 'AMS1117-3.3', 'AMS1117-3.3', 77, \
     'datasheet-host', NULL, NULL, 'as the old importer wrote it', 'regulator', NULL, \
     'Regulator_Linear:AMS1117-3.3', NULL, '[]', 'U', 'AMS1117-3.3', 3, 1, NULL, NULL, \
     'CC-BY-SA-4.0', 'old-digest', $1, $1)",
    "INSERT INTO component_parameter (component_id, position, dimension, min_value, typ_value, \
     max_value, original, conditions) VALUES (4242, 0, 'voltage', NULL, 3.3, NULL, '3.3V', NULL)",
    "INSERT INTO component_file (id, kind, name, media_type, content, digest, updated_at) \
     VALUES (5, 'symbol', 'Regulator_Linear:AMS1117-3.3', 'application/x-kicad-symbol', \
     $2, 'old', $1)",
    "INSERT INTO component_file_link (component_id, file_id) VALUES (4242, 5)",
    "INSERT INTO component_change (seq, component_id, changed_at) VALUES (9000, 4242, $1)",
    "INSERT INTO seed_state (name, digest, applied_at) VALUES ('components', 'older-seed', $1)",
];

async fn moving_onto_the_kit_keeps_ids_and_brings_the_files_back(
    environment: TestEnvironment,
) -> anyhow::Result<()> {
    // A database at the last migration before the kit, holding one component.
    let old = migrations_up_to(environment.backend, "20261122000001_component.sql")?;
    let migrator = sqlx::migrate::Migrator::new(old.path()).await?;
    let location = DatabaseLocation::resolve(&environment.settings, "component")?;
    let db = Database::connect(&location, 1).await?;
    let now = Utc::now();
    let symbol = b"(kicad_symbol_lib (symbol \"AMS1117-3.3\"))".to_vec();
    match &db {
        Database::Sqlite(pool) => {
            migrator.run(pool).await?;
            for statement in OLD_ROWS {
                sqlx::query(statement)
                    .bind(now)
                    .bind(symbol.clone())
                    .execute(pool)
                    .await
                    .with_context(|| statement.to_owned())?;
            }
        }
        Database::Postgres(pool) => {
            migrator.run(pool).await?;
            for statement in OLD_ROWS {
                let query = sqlx::query(statement).bind(now);
                // PostgreSQL refuses a parameter a statement does not use.
                let query = if statement.contains("$2") {
                    query.bind(symbol.clone())
                } else {
                    query
                };
                query
                    .execute(pool)
                    .await
                    .with_context(|| statement.to_owned())?;
            }
        }
    }
    db.close().await;

    // The service migrates it on start and, the seed digest being cleared, imports the seed
    // again: the upsert by (source, source_id) finds the kept id.
    let app = spawn(&environment).await?;
    assert_eq!(
        id_of(&environment, "Regulator_Linear:AMS1117-3.3").await?,
        4242
    );
    let detail = data(&app, &format!("{BASE}/item/4242")).await?;
    assert_eq!(detail["component"]["partNumber"], "AMS1117-3.3");
    assert_eq!(detail["component"]["package"], "SOT-223-3");
    assert_ne!(
        detail["component"]["description"],
        "as the old importer wrote it"
    );
    assert_eq!(detail["manufacturer"]["id"], 77);
    let kinds: Vec<&str> = detail["files"]
        .as_array()
        .context("files")?
        .iter()
        .filter_map(|f| f["kind"].as_str())
        .collect();
    assert_eq!(kinds, ["footprint", "model-glb", "model-step", "symbol"]);
    // The files are back, from the blob store.
    let response = app
        .get(&format!("{BASE}/item/4242/download/symbol"))
        .await?;
    assert_eq!(response.status(), 200);
    let library = kicad::SymbolLibrary::parse(&response.text().await?)?;
    assert!(library.symbols.iter().any(|s| s.name == "AMS1117-3.3"));
    let store = crate::helpers::store(&environment).await?;
    // Its symbol root (the first symbol of its file, the one it extends) was computed at the
    // re-import: the migration could not read it out of the old file contents.
    assert_eq!(
        store
            .kicad
            .symbol_roots_of(&[4242])
            .await?
            .get(&4242)
            .map(String::as_str),
        Some("AP1117-15")
    );

    // The change feed kept its sequence numbers and continues after them; new rows take ids
    // after the moved ones (PostgreSQL's identities were moved on).
    let feed = store.changes_since(0, 100_000).await?;
    assert_eq!(feed.first().map(|c| (c.seq, c.item_id)), Some((9000, 4242)));
    assert!(feed[1..].iter().all(|c| c.seq > 9000));
    assert!(feed
        .iter()
        .filter(|c| c.item_id != 4242)
        .all(|c| c.item_id > 4242));
    app.stop().await;

    // The old tables are gone.
    let db = Database::connect(&location, 1).await?;
    let leftover = match &db {
        Database::Sqlite(pool) => sqlx::query("SELECT 1 FROM component_file")
            .fetch_optional(pool)
            .await
            .is_ok(),
        Database::Postgres(pool) => sqlx::query("SELECT 1 FROM component_file")
            .fetch_optional(pool)
            .await
            .is_ok(),
    };
    db.close().await;
    assert!(!leftover, "component_file was dropped");
    Ok(())
}

kernel::backend_tests!(
    files_are_stored_once_and_served_with_etags_and_ranges,
    moving_onto_the_kit_keeps_ids_and_brings_the_files_back,
);
