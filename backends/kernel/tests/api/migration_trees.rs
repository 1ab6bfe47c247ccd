//! The SQLite and PostgreSQL migration trees of every crate that has them cannot drift: both
//! folders hold the same files, and applied to fresh databases they give the same schema once
//! type names are normalised — tables, columns (name, order, type family, nullability, whether
//! there is a default), primary keys, unique constraints, indexes and foreign keys.
//!
//! Not compared (SQLite does not describe them): CHECK constraints and default values' text.

use std::{
    collections::{BTreeMap, BTreeSet},
    path::{Path, PathBuf},
};

use anyhow::Context;
use kernel::{
    db::DatabaseLocation,
    testing::{TestBackend, TestEnvironment},
    Database,
};
use sqlx::{migrate::Migrator, PgPool, SqlitePool};

/// One column: name, normalised type, NOT NULL, has a default (identities excluded).
type Column = (String, &'static str, bool, bool);

/// An index that is not a constraint: unique, partial, columns (`<expr>` for an expression).
type Index = (bool, bool, Vec<String>);

/// A foreign key: columns, referenced table, referenced columns, ON DELETE action.
type ForeignKey = (Vec<String>, String, Vec<String>, String);

#[derive(Debug, Default, PartialEq, Eq)]
struct Table {
    columns: Vec<Column>,
    primary_key: Vec<String>,
    unique: BTreeSet<Vec<String>>,
    indexes: BTreeMap<String, Index>,
    foreign_keys: BTreeSet<ForeignKey>,
}

type Schema = BTreeMap<String, Table>;

/// table, `p`/`u`/`f`, columns, referenced table, referenced columns, `confdeltype`.
type ConstraintRow = (
    String,
    String,
    String,
    Option<String>,
    Option<String>,
    String,
);

/// The type family a declared type stores as: SQLite keeps timestamps, JSON and UUIDs as TEXT,
/// and booleans as INTEGER 0/1 (it has no boolean type; sqlx decodes `bool` from either).
fn normalise_type(declared: &str) -> &'static str {
    let upper = declared.to_ascii_uppercase();
    if upper.contains("INT") || upper.contains("SERIAL") || upper.contains("BOOL") {
        "integer"
    } else if upper.contains("REAL")
        || upper.contains("FLOA")
        || upper.contains("DOUB")
        || upper.contains("NUMERIC")
    {
        "float"
    } else if upper.contains("BLOB") || upper.contains("BYTEA") {
        "bytes"
    } else if upper.contains("CHAR")
        || upper.contains("TEXT")
        || upper.contains("CLOB")
        || upper.contains("TIMESTAMP")
        || upper.contains("DATE")
        || upper.contains("TIME")
        || upper.contains("JSON")
        || upper.contains("UUID")
    {
        "text"
    } else {
        "unknown"
    }
}

fn split_columns(list: &str) -> Vec<String> {
    list.split(',').map(str::to_owned).collect()
}

fn normalise_action(action: &str) -> String {
    match action {
        // PostgreSQL's confdeltype letters.
        "a" => "NO ACTION",
        "r" => "RESTRICT",
        "c" => "CASCADE",
        "n" => "SET NULL",
        "d" => "SET DEFAULT",
        other => other,
    }
    .to_owned()
}

async fn sqlite_schema(pool: &SqlitePool) -> anyhow::Result<Schema> {
    let names: Vec<String> = sqlx::query_scalar(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' \
         AND name <> '_sqlx_migrations' ORDER BY name",
    )
    .fetch_all(pool)
    .await?;
    let mut schema = Schema::new();
    for name in names {
        let mut table = Table::default();
        let columns: Vec<(String, String, bool, Option<String>, i64)> = sqlx::query_as(
            "SELECT name, type, \"notnull\", dflt_value, pk FROM pragma_table_info($1) ORDER BY cid",
        )
        .bind(&name)
        .fetch_all(pool)
        .await?;
        let mut primary: Vec<(i64, String)> = Vec::new();
        for (column, declared, not_null, default, pk) in columns {
            if pk > 0 {
                primary.push((pk, column.clone()));
            }
            table.columns.push((
                column,
                normalise_type(&declared),
                not_null || pk > 0,
                default.is_some(),
            ));
        }
        primary.sort();
        table.primary_key = primary.into_iter().map(|(_, column)| column).collect();
        let indexes: Vec<(String, bool, String, bool)> =
            sqlx::query_as("SELECT name, \"unique\", origin, partial FROM pragma_index_list($1)")
                .bind(&name)
                .fetch_all(pool)
                .await?;
        for (index, unique, origin, partial) in indexes {
            let columns: Vec<Option<String>> =
                sqlx::query_scalar("SELECT name FROM pragma_index_info($1) ORDER BY seqno")
                    .bind(&index)
                    .fetch_all(pool)
                    .await?;
            let columns: Vec<String> = columns
                .into_iter()
                .map(|column| column.unwrap_or_else(|| "<expr>".to_owned()))
                .collect();
            match origin.as_str() {
                "pk" => {}
                "u" => {
                    table.unique.insert(columns);
                }
                _ => {
                    table.indexes.insert(index, (unique, partial, columns));
                }
            }
        }
        let keys: Vec<(i64, String, String, Option<String>, String)> = sqlx::query_as(
            "SELECT id, \"table\", \"from\", \"to\", on_delete FROM pragma_foreign_key_list($1) \
             ORDER BY id, seq",
        )
        .bind(&name)
        .fetch_all(pool)
        .await?;
        let mut by_id: BTreeMap<i64, ForeignKey> = BTreeMap::new();
        for (id, target, from, to, on_delete) in keys {
            let key = by_id
                .entry(id)
                .or_insert_with(|| (Vec::new(), target.clone(), Vec::new(), on_delete.clone()));
            key.0.push(from);
            // A key naming no target column references the target's primary key.
            key.2.push(to.unwrap_or_else(|| "id".to_owned()));
        }
        table.foreign_keys = by_id.into_values().collect();
        schema.insert(name, table);
    }
    Ok(schema)
}

/// `string_agg` of the column names of an `int2[]` of attribute numbers of relation `rel`.
fn pg_columns(numbers: &str, relation: &str) -> String {
    format!(
        "(SELECT string_agg(COALESCE(a.attname, '<expr>'), ',' ORDER BY k.n) \
         FROM unnest({numbers}) WITH ORDINALITY k(attnum, n) \
         LEFT JOIN pg_attribute a ON a.attrelid = {relation} AND a.attnum = k.attnum)"
    )
}

async fn postgres_schema(pool: &PgPool) -> anyhow::Result<Schema> {
    let mut schema = Schema::new();
    let columns: Vec<(String, String, String, bool, bool)> = sqlx::query_as(
        "SELECT c.table_name::text, c.column_name::text, c.data_type::text, \
         c.is_nullable = 'NO', \
         c.column_default IS NOT NULL AND c.column_default NOT LIKE 'nextval(%' \
         FROM information_schema.columns c JOIN information_schema.tables t \
         ON t.table_schema = c.table_schema AND t.table_name = c.table_name \
         WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE' \
         AND c.table_name <> '_sqlx_migrations' ORDER BY c.table_name, c.ordinal_position",
    )
    .fetch_all(pool)
    .await?;
    for (table, column, declared, not_null, default) in columns {
        schema.entry(table).or_default().columns.push((
            column,
            normalise_type(&declared),
            not_null,
            default,
        ));
    }
    let constraints: Vec<ConstraintRow> = sqlx::query_as(&format!(
        "SELECT t.relname::text, c.contype::text, {}, f.relname::text, {}, \
             c.confdeltype::text \
             FROM pg_constraint c JOIN pg_class t ON t.oid = c.conrelid \
             JOIN pg_namespace ns ON ns.oid = t.relnamespace \
             LEFT JOIN pg_class f ON f.oid = c.confrelid \
             WHERE ns.nspname = 'public' AND c.contype IN ('p', 'u', 'f') \
             AND t.relname <> '_sqlx_migrations'",
        pg_columns("c.conkey", "c.conrelid"),
        pg_columns("c.confkey", "c.confrelid"),
    ))
    .fetch_all(pool)
    .await?;
    for (table, kind, columns, target, target_columns, on_delete) in constraints {
        let entry = schema.entry(table).or_default();
        let columns = split_columns(&columns);
        match kind.as_str() {
            "p" => entry.primary_key = columns,
            "u" => {
                entry.unique.insert(columns);
            }
            _ => {
                entry.foreign_keys.insert((
                    columns,
                    target.unwrap_or_default(),
                    split_columns(&target_columns.unwrap_or_default()),
                    normalise_action(&on_delete),
                ));
            }
        }
    }
    let indexes: Vec<(String, String, bool, bool, String)> = sqlx::query_as(&format!(
        "SELECT t.relname::text, i.relname::text, ix.indisunique, ix.indpred IS NOT NULL, {} \
         FROM pg_index ix JOIN pg_class i ON i.oid = ix.indexrelid \
         JOIN pg_class t ON t.oid = ix.indrelid JOIN pg_namespace ns ON ns.oid = t.relnamespace \
         WHERE ns.nspname = 'public' AND t.relname <> '_sqlx_migrations' \
         AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = ix.indexrelid)",
        pg_columns("ix.indkey::int2[]", "ix.indrelid"),
    ))
    .fetch_all(pool)
    .await?;
    for (table, index, unique, partial, columns) in indexes {
        schema
            .entry(table)
            .or_default()
            .indexes
            .insert(index, (unique, partial, split_columns(&columns)));
    }
    Ok(schema)
}

/// Every difference between the two schemas, one line each.
fn differences(sqlite: &Schema, postgres: &Schema) -> Vec<String> {
    let mut found = Vec::new();
    let tables: BTreeSet<&String> = sqlite.keys().chain(postgres.keys()).collect();
    for name in tables {
        match (sqlite.get(name), postgres.get(name)) {
            (Some(_), None) => found.push(format!("table {name}: only in SQLite")),
            (None, Some(_)) => found.push(format!("table {name}: only in PostgreSQL")),
            (Some(left), Some(right)) => {
                if left.columns != right.columns {
                    found.push(format!(
                        "table {name}: columns differ\n  sqlite:   {:?}\n  postgres: {:?}",
                        left.columns, right.columns
                    ));
                }
                if left.primary_key != right.primary_key {
                    found.push(format!(
                        "table {name}: primary key {:?} ≠ {:?}",
                        left.primary_key, right.primary_key
                    ));
                }
                if left.unique != right.unique {
                    found.push(format!(
                        "table {name}: unique constraints {:?} ≠ {:?}",
                        left.unique, right.unique
                    ));
                }
                if left.indexes != right.indexes {
                    found.push(format!(
                        "table {name}: indexes {:?} ≠ {:?}",
                        left.indexes, right.indexes
                    ));
                }
                if left.foreign_keys != right.foreign_keys {
                    found.push(format!(
                        "table {name}: foreign keys {:?} ≠ {:?}",
                        left.foreign_keys, right.foreign_keys
                    ));
                }
            }
            (None, None) => {}
        }
    }
    found
}

/// `backends/<crate>/migrations` of every crate that has one.
fn migration_trees() -> anyhow::Result<Vec<(String, PathBuf)>> {
    let backends = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut trees = Vec::new();
    for entry in std::fs::read_dir(&backends).context("listing backends/")? {
        let path = entry?.path().join("migrations");
        if path.is_dir() {
            let name = path
                .parent()
                .and_then(Path::file_name)
                .map(|name| name.to_string_lossy().into_owned())
                .unwrap_or_default();
            trees.push((name, path));
        }
    }
    trees.sort();
    Ok(trees)
}

fn file_names(dir: &Path) -> anyhow::Result<BTreeSet<String>> {
    std::fs::read_dir(dir)
        .with_context(|| format!("listing {}", dir.display()))?
        .map(|entry| Ok(entry?.file_name().to_string_lossy().into_owned()))
        .collect()
}

#[tokio::test]
async fn migration_trees_match() -> anyhow::Result<()> {
    let sqlite_environment = TestEnvironment::new(TestBackend::Sqlite)
        .await?
        .context("SQLite is always available")?;
    let Some(postgres_environment) = TestEnvironment::new(TestBackend::Postgres).await? else {
        return Ok(());
    };
    let trees = migration_trees()?;
    let names: Vec<&str> = trees.iter().map(|(name, _)| name.as_str()).collect();
    for expected in ["catalog", "component-api", "system-api"] {
        assert!(
            names.contains(&expected),
            "{expected} not found in {names:?}"
        );
    }
    let mut problems = Vec::new();
    for (name, tree) in &trees {
        let sqlite_files = file_names(&tree.join("sqlite"))?;
        let postgres_files = file_names(&tree.join("postgres"))?;
        if sqlite_files != postgres_files {
            problems.push(format!(
                "{name}: the folders differ: only SQLite {:?}, only PostgreSQL {:?}",
                sqlite_files.difference(&postgres_files).collect::<Vec<_>>(),
                postgres_files.difference(&sqlite_files).collect::<Vec<_>>()
            ));
            continue;
        }
        let database = name.replace('-', "_");
        let sqlite = Database::connect(
            &DatabaseLocation::resolve(&sqlite_environment.settings, &database)?,
            1,
        )
        .await?;
        let postgres = Database::connect(
            &DatabaseLocation::resolve(&postgres_environment.settings, &database)?,
            1,
        )
        .await?;
        let (Database::Sqlite(sqlite_pool), Database::Postgres(postgres_pool)) =
            (&sqlite, &postgres)
        else {
            anyhow::bail!("the test environments gave the wrong backends");
        };
        Migrator::new(tree.join("sqlite"))
            .await?
            .run(sqlite_pool)
            .await
            .with_context(|| format!("{name}: SQLite migrations"))?;
        Migrator::new(tree.join("postgres"))
            .await?
            .run(postgres_pool)
            .await
            .with_context(|| format!("{name}: PostgreSQL migrations"))?;
        let sqlite_schema = sqlite_schema(sqlite_pool).await?;
        let postgres_schema = postgres_schema(postgres_pool).await?;
        assert!(
            !sqlite_schema.is_empty(),
            "{name}: the migrations created no table"
        );
        problems.extend(
            differences(&sqlite_schema, &postgres_schema)
                .into_iter()
                .map(|difference| format!("{name}: {difference}")),
        );
        sqlite.close().await;
        postgres.close().await;
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    Ok(())
}

#[test]
fn type_names_normalise_to_their_storage_family() {
    for (sqlite, postgres) in [
        ("INTEGER", "bigint"),
        ("INTEGER", "integer"),
        ("TEXT", "timestamp with time zone"),
        ("TEXT", "jsonb"),
        ("BLOB", "bytea"),
        ("REAL", "double precision"),
        ("BOOLEAN", "boolean"),
        ("INTEGER", "boolean"),
    ] {
        assert_eq!(
            normalise_type(sqlite),
            normalise_type(postgres),
            "{sqlite} ≈ {postgres}"
        );
    }
    assert_ne!(normalise_type("INTEGER"), normalise_type("TEXT"));
    assert_ne!(normalise_type("REAL"), normalise_type("BIGINT"));
    assert_ne!(normalise_type("BLOB"), normalise_type("text"));
}
