//! Item stores, one per database backend: the trait, a SQLite and a PostgreSQL implementation
//! stamped from one macro (the SQL text is shared; sqlx-sqlite accepts `$n` placeholders), and
//! [`ItemRepository`] choosing between them (`kernel::repository!`).

use std::collections::HashMap;

use anyhow::Context;
use chrono::{SubsecRound, Utc};
use sqlx::{types::Json, PgPool, Postgres, QueryBuilder, Sqlite, SqlitePool};

use super::model::{
    Change, ExtensionRow, ExtensionValue, IndexDocument, ItemFile, ItemLink, ItemRecord,
    ManufacturerSummary, NewItem, Page, Parameter, UpsertReport,
};

/// Every read here is public: a hidden item ([`VISIBLE`]) answers like a missing one, leaves the
/// lists, counts and index documents, and is no link's target. Writes (the import) leave the
/// hidden state alone.
#[allow(async_fn_in_trait)] // used with concrete types only; no `dyn`
pub trait ItemStore {
    async fn count(&self) -> anyhow::Result<i64>;
    async fn get(&self, id: i64) -> anyhow::Result<Option<ItemRecord>>;
    /// The item a hidden item `id` was merged into, if it was (docs/operations.md "Merging
    /// duplicate items"): its old address shows that one.
    async fn merged_into(&self, id: i64) -> anyhow::Result<Option<i64>>;
    /// The manufacturer a merged one's items went to (`None`: never merged).
    async fn manufacturer_merged_into(&self, id: i64) -> anyhow::Result<Option<i64>>;
    /// The items of `ids` that exist and are not hidden, in no particular order.
    async fn get_many(&self, ids: &[i64]) -> anyhow::Result<Vec<ItemRecord>>;
    /// Parameters of each of `ids`, in stored order.
    async fn parameters_of(&self, ids: &[i64]) -> anyhow::Result<HashMap<i64, Vec<Parameter>>>;
    /// Files of one item, by kind then name.
    async fn files_of(&self, id: i64) -> anyhow::Result<Vec<ItemFile>>;
    /// Links of one item, by kind then target.
    async fn links_of(&self, id: i64) -> anyhow::Result<Vec<ItemLink>>;
    /// Items whose category lies in the subtree at `category_path` (`/capacitor`), by code.
    async fn list_in_subtree(
        &self,
        category_path: &str,
        offset: i64,
        limit: i64,
    ) -> anyhow::Result<Page<ItemRecord>>;
    /// Items directly in one category, by code.
    async fn list_in_category(
        &self,
        category_id: i64,
        offset: i64,
        limit: i64,
    ) -> anyhow::Result<Page<ItemRecord>>;
    /// Manufacturers whose name contains `keyword` (case-insensitive), most items first.
    async fn manufacturers(
        &self,
        keyword: Option<&str>,
        offset: i64,
        limit: i64,
    ) -> anyhow::Result<Page<ManufacturerSummary>>;
    async fn manufacturer(&self, id: i64) -> anyhow::Result<Option<ManufacturerSummary>>;
    /// Items of one manufacturer, by code.
    async fn items_of_manufacturer(
        &self,
        id: i64,
        offset: i64,
        limit: i64,
    ) -> anyhow::Result<Page<ItemRecord>>;
    /// The change feed: entries after `after_seq`, oldest first.
    async fn changes_since(&self, after_seq: i64, limit: i64) -> anyhow::Result<Vec<Change>>;
    /// Documents for a search index, by id after `after_id` (a full rebuild reads in pages).
    async fn index_documents(
        &self,
        after_id: i64,
        limit: i64,
    ) -> anyhow::Result<Vec<IndexDocument>>;
    /// Inserts or updates each record by `(source, source_id)` in one transaction, with its
    /// parameters, files, links and library extension row; records whose content digest is
    /// unchanged are left alone; every inserted or updated item appends one change. Upserts are serialised (see [`POSTGRES_UPSERT_LOCK`]).
    async fn upsert(&self, items: &[NewItem]) -> anyhow::Result<UpsertReport>;
    /// The digest of the seed `seed` last imported, if any.
    async fn seed_digest(&self, seed: &str) -> anyhow::Result<Option<String>>;
    async fn record_seed_digest(&self, seed: &str, digest: &str) -> anyhow::Result<()>;
}

const SELECT_ITEM: &str = "SELECT i.id, i.source, i.source_id, i.code, i.name, \
     i.manufacturer_id, m.name AS manufacturer_name, i.manufacturer_method, i.category_id, \
     k.code AS category_code, i.category_method, i.description, i.keywords, i.document_url, \
     i.lifecycle, i.license, i.attributes, i.content_digest, i.created_at, i.updated_at \
     FROM item i LEFT JOIN item_manufacturer m ON m.id = i.manufacturer_id \
     LEFT JOIN category k ON k.id = i.category_id";
const SELECT_MANUFACTURER: &str = "SELECT m.id, m.name, m.website, \
     (SELECT COUNT(*) FROM item i WHERE i.manufacturer_id = m.id AND i.hidden_at IS NULL) \
     AS item_count \
     FROM item_manufacturer m";
/// Public reads see only the items no operator hid (docs/operations.md "Catalogue items"); the
/// operators' own list ([`crate::catalog_admin`]) reads them all.
pub const VISIBLE: &str = "i.hidden_at IS NULL";
const UPSERT_MANUFACTURER: &str =
    "INSERT INTO item_manufacturer (name, name_key, website, created_at) \
     VALUES ($1, $2, $3, $4) ON CONFLICT (name) DO UPDATE \
     SET website = COALESCE(item_manufacturer.website, excluded.website) RETURNING id";
/// One statement per item: inserted (revision 1), updated (revision + 1), or — when the digest
/// is unchanged — no row at all.
const UPSERT_ITEM: &str = "INSERT INTO item (source, source_id, code, name, manufacturer_id, \
     manufacturer_method, category_id, category_method, description, keywords, document_url, \
     lifecycle, license, attributes, content_digest, revision, created_at, updated_at) \
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, 1, $16, $16) \
     ON CONFLICT (source, source_id) DO UPDATE SET code = excluded.code, name = excluded.name, \
     manufacturer_id = excluded.manufacturer_id, \
     manufacturer_method = excluded.manufacturer_method, category_id = excluded.category_id, \
     category_method = excluded.category_method, description = excluded.description, \
     keywords = excluded.keywords, document_url = excluded.document_url, \
     lifecycle = excluded.lifecycle, license = excluded.license, \
     attributes = excluded.attributes, content_digest = excluded.content_digest, \
     revision = item.revision + 1, updated_at = excluded.updated_at \
     WHERE item.content_digest <> excluded.content_digest \
     RETURNING id, revision";
/// A changed record whose key the pre-read found ([`SELECT_DIGESTS`]): a plain update, which
/// takes no identity value (an `INSERT … ON CONFLICT DO UPDATE` takes one even when it updates).
/// The binds are [`UPSERT_ITEM`]'s.
const UPDATE_ITEM: &str = "UPDATE item SET code = $3, name = $4, manufacturer_id = $5, \
     manufacturer_method = $6, category_id = $7, category_method = $8, description = $9, \
     keywords = $10, document_url = $11, lifecycle = $12, license = $13, attributes = $14, \
     content_digest = $15, revision = revision + 1, updated_at = $16 \
     WHERE source = $1 AND source_id = $2 RETURNING id, revision";
/// The digests stored for a batch's keys, read before writing: an `INSERT … ON CONFLICT` takes an
/// identity value even when the row exists, so unchanged records (most of a re-import) must not
/// reach it, or every re-import would leave a gap of ids behind (ids are in URLs).
const SELECT_DIGESTS: &str =
    "SELECT source, source_id, content_digest FROM item WHERE (source, source_id) IN ";
const SELECT_FILE: &str =
    "SELECT id, media_type, size, digest FROM item_file WHERE kind = $1 AND name = $2";
/// The manufacturer of a name: the one with that name, else the one it is an alias of (an
/// operator renamed or merged it away, docs/operations.md "Manufacturers"); `aliased` tells which.
const SELECT_MANUFACTURER_ID: &str = "SELECT id, website, FALSE AS aliased FROM item_manufacturer \
     WHERE name = $1 UNION ALL SELECT manufacturer_id, NULL, TRUE FROM item_manufacturer_alias \
     WHERE name = $1";
const UPSERT_FILE: &str = "INSERT INTO item_file (kind, name, media_type, size, digest, \
     updated_at) VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (kind, name) DO UPDATE \
     SET media_type = excluded.media_type, size = excluded.size, digest = excluded.digest, \
     updated_at = CASE WHEN item_file.digest = excluded.digest THEN item_file.updated_at \
     ELSE excluded.updated_at END RETURNING id";
pub(crate) const INSERT_PARAMETERS: &str =
    "INSERT INTO item_parameter (item_id, position, dimension, \
     min_value, typ_value, max_value, original, conditions) ";

/// One statement inserting `$parameters` (a non-empty `&[Parameter]`) as item `$id`'s rows, in
/// order, for database `$db`: the import and the operators' corrections write them alike.
macro_rules! parameter_insert {
    ($db:ty, $id:expr, $parameters:expr) => {{
        let mut insert = sqlx::QueryBuilder::<$db>::new($crate::item::store::INSERT_PARAMETERS);
        insert.push_values(
            $parameters.iter().enumerate(),
            |mut row, (position, parameter)| {
                row.push_bind($id)
                    .push_bind(i32::try_from(position).unwrap_or(i32::MAX))
                    .push_bind(&parameter.dimension)
                    .push_bind(parameter.min)
                    .push_bind(parameter.typ)
                    .push_bind(parameter.max)
                    .push_bind(&parameter.original)
                    .push_bind(&parameter.conditions);
            },
        );
        insert
    }};
}
pub(crate) use parameter_insert;
const INSERT_FILE_LINKS: &str = "INSERT INTO item_file_link (item_id, file_id) ";
const INSERT_LINKS: &str =
    "INSERT INTO item_link (item_id, kind, target_source, target_source_id) ";
const INSERT_CHANGES: &str = "INSERT INTO item_change (item_id, changed_at) ";
const RECORD_DIGEST: &str =
    "INSERT INTO seed_state (name, digest, applied_at) VALUES ($1, $2, $3) \
     ON CONFLICT (name) DO UPDATE SET digest = excluded.digest, applied_at = excluded.applied_at";

/// Serialises upserts, so that change-feed sequence numbers are handed out in commit order: a
/// follower that has read up to `seq` never later finds a smaller `seq` committed (identity
/// values are taken when a row is inserted, not when its transaction commits). On PostgreSQL a
/// transaction-scoped advisory lock; on SQLite a write as the transaction's first statement,
/// which takes the write lock up front (see catalog::store).
pub const POSTGRES_UPSERT_LOCK: &str = "SELECT pg_advisory_xact_lock(727003)";
pub const SQLITE_UPSERT_LOCK: &str = "DELETE FROM item_change WHERE 0 = 1";

type ParameterRow = (
    i64,
    String,
    Option<f64>,
    Option<f64>,
    Option<f64>,
    String,
    Option<String>,
);

/// `%keyword%` for LIKE, lowercased, with LIKE's wildcards in the keyword taken literally.
fn like_pattern(keyword: &str) -> String {
    let escaped = keyword
        .to_lowercase()
        .replace('\\', "\\\\")
        .replace('%', "\\%")
        .replace('_', "\\_");
    format!("%{escaped}%")
}

/// `path/%` for LIKE, with LIKE's wildcards in the path taken literally.
fn subtree_pattern(path: &str) -> String {
    let escaped = path
        .replace('\\', "\\\\")
        .replace('%', "\\%")
        .replace('_', "\\_");
    format!("{escaped}/%")
}

/// A plain SQL identifier (`[a-z_][a-z0-9_]*`), so a name can be written into a statement.
fn plain_identifier(name: &str) -> anyhow::Result<&str> {
    let mut chars = name.chars();
    let valid = chars
        .next()
        .is_some_and(|first| first.is_ascii_lowercase() || first == '_')
        && chars.all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_');
    anyhow::ensure!(valid, "{name:?} is not a plain SQL identifier");
    Ok(name)
}

/// `INSERT INTO <table> (item_id, <columns>) VALUES ($1, …)` of an extension row.
fn extension_insert(extension: &ExtensionRow) -> anyhow::Result<String> {
    let mut columns = vec!["item_id"];
    for (column, _) in &extension.columns {
        columns.push(plain_identifier(column)?);
    }
    let placeholders: Vec<String> = (1..=columns.len()).map(|n| format!("${n}")).collect();
    Ok(format!(
        "INSERT INTO {} ({}) VALUES ({})",
        plain_identifier(extension.table)?,
        columns.join(", "),
        placeholders.join(", ")
    ))
}

macro_rules! item_store {
    ($store:ident, $pool:ty, $db:ty, $upsert_lock:expr, $reapply_overrides:path) => {
        #[derive(Clone)]
        pub struct $store {
            pool: $pool,
        }

        impl $store {
            pub fn new(pool: $pool) -> Self {
                Self { pool }
            }

            async fn page_of_items(
                &self,
                condition: &str,
                bind: ItemFilter<'_>,
                offset: i64,
                limit: i64,
            ) -> anyhow::Result<Page<ItemRecord>> {
                let count_sql = format!(
                    "SELECT COUNT(*) FROM item i LEFT JOIN category k ON k.id = i.category_id \
                     WHERE ({condition}) AND {VISIBLE}"
                );
                let list_sql = format!(
                    "{SELECT_ITEM} WHERE ({condition}) AND {VISIBLE} ORDER BY i.code, i.id \
                     LIMIT ${} OFFSET ${}",
                    bind.arity() + 1,
                    bind.arity() + 2
                );
                let mut count = sqlx::query_scalar(&count_sql);
                let mut list = sqlx::query_as(&list_sql);
                match bind {
                    ItemFilter::Id(id) => {
                        count = count.bind(id);
                        list = list.bind(id);
                    }
                    ItemFilter::Subtree(path, below) => {
                        count = count.bind(path).bind(below.clone());
                        list = list.bind(path).bind(below);
                    }
                }
                let total: i64 = count
                    .fetch_one(&self.pool)
                    .await
                    .context("counting items")?;
                let items = list
                    .bind(limit)
                    .bind(offset)
                    .fetch_all(&self.pool)
                    .await
                    .context("listing items")?;
                Ok(Page { items, total })
            }
        }

        impl ItemStore for $store {
            async fn count(&self) -> anyhow::Result<i64> {
                sqlx::query_scalar(&format!("SELECT COUNT(*) FROM item i WHERE {VISIBLE}"))
                    .fetch_one(&self.pool)
                    .await
                    .context("counting items")
            }

            async fn get(&self, id: i64) -> anyhow::Result<Option<ItemRecord>> {
                sqlx::query_as(&format!("{SELECT_ITEM} WHERE i.id = $1 AND {VISIBLE}"))
                    .bind(id)
                    .fetch_optional(&self.pool)
                    .await
                    .context("reading an item")
            }

            async fn merged_into(&self, id: i64) -> anyhow::Result<Option<i64>> {
                let target: Option<Option<i64>> = sqlx::query_scalar(
                    "SELECT merged_into FROM item WHERE id = $1 AND hidden_at IS NOT NULL",
                )
                .bind(id)
                .fetch_optional(&self.pool)
                .await
                .context("reading where an item was merged")?;
                Ok(target.flatten())
            }

            async fn manufacturer_merged_into(&self, id: i64) -> anyhow::Result<Option<i64>> {
                sqlx::query_scalar("SELECT target_id FROM item_manufacturer_merged WHERE id = $1")
                    .bind(id)
                    .fetch_optional(&self.pool)
                    .await
                    .context("reading where a manufacturer was merged")
            }

            async fn get_many(&self, ids: &[i64]) -> anyhow::Result<Vec<ItemRecord>> {
                if ids.is_empty() {
                    return Ok(Vec::new());
                }
                let mut query = QueryBuilder::<$db>::new(SELECT_ITEM);
                query.push(format!(" WHERE {VISIBLE} AND i.id IN ("));
                let mut list = query.separated(", ");
                for id in ids {
                    list.push_bind(*id);
                }
                query.push(")");
                query
                    .build_query_as()
                    .fetch_all(&self.pool)
                    .await
                    .context("reading items")
            }

            async fn parameters_of(
                &self,
                ids: &[i64],
            ) -> anyhow::Result<HashMap<i64, Vec<Parameter>>> {
                let mut by_item: HashMap<i64, Vec<Parameter>> = HashMap::new();
                if ids.is_empty() {
                    return Ok(by_item);
                }
                let mut query = QueryBuilder::<$db>::new(
                    "SELECT item_id, dimension, min_value, typ_value, max_value, original, \
                     conditions FROM item_parameter WHERE item_id IN (",
                );
                let mut list = query.separated(", ");
                for id in ids {
                    list.push_bind(*id);
                }
                query.push(") ORDER BY item_id, position");
                let rows: Vec<ParameterRow> = query
                    .build_query_as()
                    .fetch_all(&self.pool)
                    .await
                    .context("reading parameters")?;
                for (item_id, dimension, min, typ, max, original, conditions) in rows {
                    by_item.entry(item_id).or_default().push(Parameter {
                        dimension,
                        min,
                        typ,
                        max,
                        original,
                        conditions,
                    });
                }
                Ok(by_item)
            }

            async fn files_of(&self, id: i64) -> anyhow::Result<Vec<ItemFile>> {
                sqlx::query_as(
                    "SELECT f.id, f.kind, f.name, f.media_type, f.size, f.digest \
                     FROM item_file f JOIN item_file_link l ON l.file_id = f.id \
                     WHERE l.item_id = $1 ORDER BY f.kind, f.name",
                )
                .bind(id)
                .fetch_all(&self.pool)
                .await
                .context("listing an item's files")
            }

            async fn links_of(&self, id: i64) -> anyhow::Result<Vec<ItemLink>> {
                sqlx::query_as(
                    "SELECT l.kind, l.target_source, l.target_source_id, t.id AS target_id \
                     FROM item_link l LEFT JOIN item t ON t.source = l.target_source \
                     AND t.source_id = l.target_source_id AND t.hidden_at IS NULL \
                     WHERE l.item_id = $1 \
                     ORDER BY l.kind, l.target_source, l.target_source_id",
                )
                .bind(id)
                .fetch_all(&self.pool)
                .await
                .context("listing an item's links")
            }

            async fn list_in_subtree(
                &self,
                category_path: &str,
                offset: i64,
                limit: i64,
            ) -> anyhow::Result<Page<ItemRecord>> {
                self.page_of_items(
                    "k.path = $1 OR k.path LIKE $2 ESCAPE '\\'",
                    ItemFilter::Subtree(category_path, subtree_pattern(category_path)),
                    offset,
                    limit,
                )
                .await
                .context("listing a category subtree")
            }

            async fn list_in_category(
                &self,
                category_id: i64,
                offset: i64,
                limit: i64,
            ) -> anyhow::Result<Page<ItemRecord>> {
                self.page_of_items(
                    "i.category_id = $1",
                    ItemFilter::Id(category_id),
                    offset,
                    limit,
                )
                .await
                .context("listing a category")
            }

            async fn manufacturers(
                &self,
                keyword: Option<&str>,
                offset: i64,
                limit: i64,
            ) -> anyhow::Result<Page<ManufacturerSummary>> {
                let filter = keyword.map(like_pattern);
                let condition = if filter.is_some() {
                    " WHERE m.name_key LIKE $1 ESCAPE '\\'"
                } else {
                    ""
                };
                let count_sql = format!("SELECT COUNT(*) FROM item_manufacturer m{condition}");
                let mut count = sqlx::query_scalar(&count_sql);
                if let Some(filter) = &filter {
                    count = count.bind(filter.clone());
                }
                let total: i64 = count
                    .fetch_one(&self.pool)
                    .await
                    .context("counting manufacturers")?;
                let (limit_at, offset_at) = if filter.is_some() { (2, 3) } else { (1, 2) };
                let sql = format!(
                    "{SELECT_MANUFACTURER}{condition} \
                     ORDER BY item_count DESC, m.name LIMIT ${limit_at} OFFSET ${offset_at}"
                );
                let mut query = sqlx::query_as(&sql);
                if let Some(filter) = &filter {
                    query = query.bind(filter.clone());
                }
                let items = query
                    .bind(limit)
                    .bind(offset)
                    .fetch_all(&self.pool)
                    .await
                    .context("listing manufacturers")?;
                Ok(Page { items, total })
            }

            async fn manufacturer(&self, id: i64) -> anyhow::Result<Option<ManufacturerSummary>> {
                sqlx::query_as(&format!("{SELECT_MANUFACTURER} WHERE m.id = $1"))
                    .bind(id)
                    .fetch_optional(&self.pool)
                    .await
                    .context("reading a manufacturer")
            }

            async fn items_of_manufacturer(
                &self,
                id: i64,
                offset: i64,
                limit: i64,
            ) -> anyhow::Result<Page<ItemRecord>> {
                self.page_of_items("i.manufacturer_id = $1", ItemFilter::Id(id), offset, limit)
                    .await
                    .context("listing a manufacturer's items")
            }

            async fn changes_since(
                &self,
                after_seq: i64,
                limit: i64,
            ) -> anyhow::Result<Vec<Change>> {
                sqlx::query_as(
                    "SELECT seq, item_id FROM item_change WHERE seq > $1 ORDER BY seq LIMIT $2",
                )
                .bind(after_seq)
                .bind(limit)
                .fetch_all(&self.pool)
                .await
                .context("reading the change feed")
            }

            async fn index_documents(
                &self,
                after_id: i64,
                limit: i64,
            ) -> anyhow::Result<Vec<IndexDocument>> {
                let items: Vec<ItemRecord> = sqlx::query_as(&format!(
                    "{SELECT_ITEM} WHERE i.id > $1 AND {VISIBLE} ORDER BY i.id LIMIT $2"
                ))
                .bind(after_id)
                .bind(limit)
                .fetch_all(&self.pool)
                .await
                .context("reading items to index")?;
                let ids: Vec<i64> = items.iter().map(|item| item.id).collect();
                let mut parameters = self.parameters_of(&ids).await?;
                Ok(items
                    .into_iter()
                    .map(|item| IndexDocument {
                        parameters: parameters.remove(&item.id).unwrap_or_default(),
                        item,
                        extension: (),
                    })
                    .collect())
            }

            async fn upsert(&self, items: &[NewItem]) -> anyhow::Result<UpsertReport> {
                let now = Utc::now().trunc_subsecs(6);
                let mut report = UpsertReport::default();
                let mut tx = self.pool.begin().await.context("starting the upsert")?;
                sqlx::query($upsert_lock)
                    .execute(&mut *tx)
                    .await
                    .context("waiting for the upsert lock")?;
                let categories: HashMap<String, i64> =
                    sqlx::query_as::<_, (String, i64)>("SELECT code, id FROM category")
                        .fetch_all(&mut *tx)
                        .await
                        .context("reading categories")?
                        .into_iter()
                        .collect();
                let mut stored_digests: HashMap<(String, String), String> = HashMap::new();
                for chunk in items.chunks(500) {
                    let mut select = QueryBuilder::<$db>::new(SELECT_DIGESTS);
                    select.push_tuples(chunk, |mut row, item| {
                        row.push_bind(&item.source).push_bind(&item.source_id);
                    });
                    let rows: Vec<(String, String, String)> = select
                        .build_query_as()
                        .fetch_all(&mut *tx)
                        .await
                        .context("reading the stored digests")?;
                    stored_digests.extend(
                        rows.into_iter()
                            .map(|(source, source_id, digest)| ((source, source_id), digest)),
                    );
                }
                let mut manufacturers: HashMap<String, i64> = HashMap::new();
                let mut files: HashMap<(String, String), i64> = HashMap::new();
                let mut changed: Vec<i64> = Vec::new();
                for item in items {
                    let key = format!("{}:{}", item.source, item.source_id);
                    let digest = item.content_digest()?;
                    let stored_key = (item.source.clone(), item.source_id.clone());
                    let statement = match stored_digests.get(&stored_key) {
                        Some(stored) if *stored == digest => {
                            report.unchanged += 1;
                            continue;
                        }
                        Some(_) => UPDATE_ITEM,
                        None => UPSERT_ITEM,
                    };
                    let manufacturer_id = match &item.manufacturer {
                        None => None,
                        Some(manufacturer) => match manufacturers.get(&manufacturer.name) {
                            Some(id) => Some(*id),
                            None => {
                                let existing: Option<(i64, Option<String>, bool)> =
                                    sqlx::query_as(SELECT_MANUFACTURER_ID)
                                        .bind(&manufacturer.name)
                                        .fetch_optional(&mut *tx)
                                        .await
                                        .context("reading a manufacturer")?;
                                let id: i64 = match existing {
                                    // The manufacturer an operator merged the name into; its
                                    // website is the operator's.
                                    Some((id, _, true)) => id,
                                    // Nothing to write: the upsert would only take an id.
                                    Some((id, website, false))
                                        if website.is_some() || manufacturer.website.is_none() =>
                                    {
                                        id
                                    }
                                    _ => sqlx::query_scalar(UPSERT_MANUFACTURER)
                                        .bind(&manufacturer.name)
                                        .bind(manufacturer.name.to_lowercase())
                                        .bind(&manufacturer.website)
                                        .bind(now)
                                        .fetch_one(&mut *tx)
                                        .await
                                        .context("storing a manufacturer")?,
                                };
                                manufacturers.insert(manufacturer.name.clone(), id);
                                Some(id)
                            }
                        },
                    };
                    let category_id = item
                        .category_code
                        .as_ref()
                        .and_then(|code| categories.get(code).copied());
                    let stored: Option<(i64, i64)> = sqlx::query_as(statement)
                        .bind(&item.source)
                        .bind(&item.source_id)
                        .bind(&item.code)
                        .bind(&item.name)
                        .bind(manufacturer_id)
                        .bind(item.manufacturer.as_ref().map(|m| m.method.as_str()))
                        .bind(category_id)
                        .bind(&item.category_method)
                        .bind(&item.description)
                        .bind(&item.keywords)
                        .bind(&item.document_url)
                        .bind(&item.lifecycle)
                        .bind(&item.license)
                        .bind(Json(&item.attributes))
                        .bind(&digest)
                        .bind(now)
                        .fetch_optional(&mut *tx)
                        .await
                        .with_context(|| format!("storing {key}"))?;
                    let Some((id, revision)) = stored else {
                        report.unchanged += 1;
                        continue;
                    };
                    // A second record with the same key in this batch compares with this one.
                    stored_digests.insert(stored_key, digest);
                    if revision == 1 {
                        report.inserted += 1;
                    } else {
                        report.updated += 1;
                        let extension = match &item.extension {
                            Some(extension) => Some(plain_identifier(extension.table)?),
                            None => None,
                        };
                        for table in ["item_parameter", "item_file_link", "item_link"]
                            .into_iter()
                            .chain(extension)
                        {
                            sqlx::query(&format!("DELETE FROM {table} WHERE item_id = $1"))
                                .bind(id)
                                .execute(&mut *tx)
                                .await
                                .with_context(|| format!("replacing {table} of {key}"))?;
                        }
                    }
                    if let Some(extension) = &item.extension {
                        let sql = extension_insert(extension)?;
                        let mut insert = sqlx::query(&sql).bind(id);
                        for (_, value) in &extension.columns {
                            insert = match value {
                                ExtensionValue::Text(text) => insert.bind(text.as_deref()),
                                ExtensionValue::Integer(number) => insert.bind(*number),
                                ExtensionValue::Float(number) => insert.bind(*number),
                            };
                        }
                        insert.execute(&mut *tx).await.with_context(|| {
                            format!("storing the {} row of {key}", extension.table)
                        })?;
                    }
                    if !item.parameters.is_empty() {
                        // One statement per item: imports write tens of thousands.
                        parameter_insert!($db, id, item.parameters)
                            .build()
                            .execute(&mut *tx)
                            .await
                            .with_context(|| format!("storing the parameters of {key}"))?;
                    }
                    let mut file_ids: Vec<i64> = Vec::with_capacity(item.files.len());
                    for file in &item.files {
                        let file_key = (file.kind.clone(), file.name.clone());
                        let file_id = match files.get(&file_key) {
                            Some(file_id) => *file_id,
                            None => {
                                let existing: Option<(i64, String, i64, String)> =
                                    sqlx::query_as(SELECT_FILE)
                                        .bind(&file.kind)
                                        .bind(&file.name)
                                        .fetch_optional(&mut *tx)
                                        .await
                                        .with_context(|| format!("reading file {}", file.name))?;
                                let file_id: i64 = match existing {
                                    // Unchanged: the upsert would only take an id.
                                    Some((file_id, media_type, size, digest))
                                        if media_type == file.media_type
                                            && size == file.size
                                            && digest == file.digest =>
                                    {
                                        file_id
                                    }
                                    _ => sqlx::query_scalar(UPSERT_FILE)
                                        .bind(&file.kind)
                                        .bind(&file.name)
                                        .bind(&file.media_type)
                                        .bind(file.size)
                                        .bind(&file.digest)
                                        .bind(now)
                                        .fetch_one(&mut *tx)
                                        .await
                                        .with_context(|| format!("storing file {}", file.name))?,
                                };
                                files.insert(file_key, file_id);
                                file_id
                            }
                        };
                        if !file_ids.contains(&file_id) {
                            file_ids.push(file_id);
                        }
                    }
                    if !file_ids.is_empty() {
                        let mut insert = QueryBuilder::<$db>::new(INSERT_FILE_LINKS);
                        insert.push_values(&file_ids, |mut row, file_id| {
                            row.push_bind(id).push_bind(*file_id);
                        });
                        insert
                            .build()
                            .execute(&mut *tx)
                            .await
                            .with_context(|| format!("linking the files of {key}"))?;
                    }
                    let mut links = item.links.iter().collect::<Vec<_>>();
                    links.sort_by(|a, b| {
                        (&a.kind, &a.target_source, &a.target_source_id).cmp(&(
                            &b.kind,
                            &b.target_source,
                            &b.target_source_id,
                        ))
                    });
                    links.dedup();
                    if !links.is_empty() {
                        let mut insert = QueryBuilder::<$db>::new(INSERT_LINKS);
                        insert.push_values(links, |mut row, link| {
                            row.push_bind(id)
                                .push_bind(&link.kind)
                                .push_bind(&link.target_source)
                                .push_bind(&link.target_source_id);
                        });
                        insert
                            .build()
                            .execute(&mut *tx)
                            .await
                            .with_context(|| format!("storing the links of {key}"))?;
                    }
                    changed.push(id);
                }
                // Operators' corrections outlive the source's changes.
                $reapply_overrides(&mut tx, &changed).await?;
                // The change feed in order, a few hundred rows per statement.
                for chunk in changed.chunks(500) {
                    let mut insert = QueryBuilder::<$db>::new(INSERT_CHANGES);
                    insert.push_values(chunk, |mut row, id| {
                        row.push_bind(*id).push_bind(now);
                    });
                    insert
                        .build()
                        .execute(&mut *tx)
                        .await
                        .context("appending to the change feed")?;
                }
                tx.commit().await.context("committing the upsert")?;
                Ok(report)
            }

            async fn seed_digest(&self, seed: &str) -> anyhow::Result<Option<String>> {
                sqlx::query_scalar("SELECT digest FROM seed_state WHERE name = $1")
                    .bind(seed)
                    .fetch_optional(&self.pool)
                    .await
                    .context("reading a seed digest")
            }

            async fn record_seed_digest(&self, seed: &str, digest: &str) -> anyhow::Result<()> {
                sqlx::query(RECORD_DIGEST)
                    .bind(seed)
                    .bind(digest)
                    .bind(Utc::now().trunc_subsecs(6))
                    .execute(&self.pool)
                    .await
                    .context("recording a seed digest")?;
                Ok(())
            }
        }
    };
}

/// What a paged item listing binds before its `LIMIT`/`OFFSET`.
enum ItemFilter<'a> {
    /// `$1`: a category or manufacturer id.
    Id(i64),
    /// `$1`: the category path, `$2`: the LIKE pattern of its descendants.
    Subtree(&'a str, String),
}

impl ItemFilter<'_> {
    fn arity(&self) -> usize {
        match self {
            Self::Id(_) => 1,
            Self::Subtree(..) => 2,
        }
    }
}

item_store!(
    SqliteItemStore,
    SqlitePool,
    Sqlite,
    SQLITE_UPSERT_LOCK,
    crate::catalog_admin::store::sqlite_impl::reapply_overrides
);
item_store!(
    PgItemStore,
    PgPool,
    Postgres,
    POSTGRES_UPSERT_LOCK,
    crate::catalog_admin::store::postgres_impl::reapply_overrides
);

kernel::repository! {
    /// The item store of a library's database, whichever backend it is.
    #[derive(Clone)]
    pub enum ItemRepository: ItemStore {
        Sqlite(SqliteItemStore),
        Postgres(PgItemStore),
    }
    async fn count(&self) -> anyhow::Result<i64>;
    async fn get(&self, id: i64) -> anyhow::Result<Option<ItemRecord>>;
    async fn merged_into(&self, id: i64) -> anyhow::Result<Option<i64>>;
    async fn manufacturer_merged_into(&self, id: i64) -> anyhow::Result<Option<i64>>;
    async fn get_many(&self, ids: &[i64]) -> anyhow::Result<Vec<ItemRecord>>;
    async fn parameters_of(&self, ids: &[i64]) -> anyhow::Result<HashMap<i64, Vec<Parameter>>>;
    async fn files_of(&self, id: i64) -> anyhow::Result<Vec<ItemFile>>;
    async fn links_of(&self, id: i64) -> anyhow::Result<Vec<ItemLink>>;
    async fn list_in_subtree(&self, category_path: &str, offset: i64, limit: i64) -> anyhow::Result<Page<ItemRecord>>;
    async fn list_in_category(&self, category_id: i64, offset: i64, limit: i64) -> anyhow::Result<Page<ItemRecord>>;
    async fn manufacturers(&self, keyword: Option<&str>, offset: i64, limit: i64) -> anyhow::Result<Page<ManufacturerSummary>>;
    async fn manufacturer(&self, id: i64) -> anyhow::Result<Option<ManufacturerSummary>>;
    async fn items_of_manufacturer(&self, id: i64, offset: i64, limit: i64) -> anyhow::Result<Page<ItemRecord>>;
    async fn changes_since(&self, after_seq: i64, limit: i64) -> anyhow::Result<Vec<Change>>;
    async fn index_documents(&self, after_id: i64, limit: i64) -> anyhow::Result<Vec<IndexDocument>>;
    async fn upsert(&self, items: &[NewItem]) -> anyhow::Result<UpsertReport>;
    async fn seed_digest(&self, seed: &str) -> anyhow::Result<Option<String>>;
    async fn record_seed_digest(&self, seed: &str, digest: &str) -> anyhow::Result<()>;
}
