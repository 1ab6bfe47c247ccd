//! Component stores, one per database backend: a trait, a SQLite and a PostgreSQL
//! implementation stamped from one macro (the SQL text is shared: sqlx-sqlite accepts `$n`
//! placeholders), and [`ComponentRepository`] choosing between them.

use std::collections::HashMap;

use anyhow::Context;
use chrono::{SubsecRound, Utc};
use sqlx::{PgPool, Postgres, QueryBuilder, Sqlite, SqlitePool};

use crate::model::{
    Change, ComponentRecord, FileInfo, FileKind, IndexDocument, ManufacturerSummary, NewComponent,
    Parameter, UpsertReport,
};

/// Name under which `seed_state` records the digest of the imported seed.
pub const COMPONENT_SEED: &str = "components";

/// The kit's one page type (`items`, `total`).
pub use catalog::item::model::Page;

#[allow(async_fn_in_trait)] // used with concrete types only; no `dyn`
pub trait ComponentStore {
    async fn count(&self) -> anyhow::Result<i64>;
    async fn get(&self, id: i64) -> anyhow::Result<Option<ComponentRecord>>;
    /// The components of `ids` that exist, in no particular order.
    async fn get_many(&self, ids: &[i64]) -> anyhow::Result<Vec<ComponentRecord>>;
    /// Parameters of each of `ids`, in stored order.
    async fn parameters_of(&self, ids: &[i64]) -> anyhow::Result<HashMap<i64, Vec<Parameter>>>;
    async fn files_of(&self, id: i64) -> anyhow::Result<Vec<FileInfo>>;
    async fn file_content(
        &self,
        id: i64,
        kind: FileKind,
    ) -> anyhow::Result<Option<(FileInfo, Vec<u8>)>>;
    /// Components whose category lies in the subtree at `category_path` (`/capacitor`).
    async fn list_in_subtree(
        &self,
        category_path: &str,
        offset: i64,
        limit: i64,
    ) -> anyhow::Result<Page<ComponentRecord>>;
    /// Components directly in one category, by part number.
    async fn list_in_category(
        &self,
        category_id: i64,
        offset: i64,
        limit: i64,
    ) -> anyhow::Result<Vec<ComponentRecord>>;
    /// Components whose part number starts with `prefix` (exactly, case-sensitive), by part
    /// number: the candidates of a part-number stem.
    async fn list_with_part_number_prefix(
        &self,
        prefix: &str,
        limit: i64,
    ) -> anyhow::Result<Vec<ComponentRecord>>;
    /// `(component id, root symbol)` of every component whose KiCad symbol lies in `library`
    /// (`Regulator_Linear`): the first symbol of its standalone symbol file, i.e. the root of
    /// its `extends` chain ([`crate::recommend::symbol_root`]).
    async fn symbol_roots_in_library(
        &self,
        library: &str,
        limit: i64,
    ) -> anyhow::Result<Vec<(i64, String)>>;
    /// The root symbol of each of `ids` that has a KiCad symbol file.
    async fn symbol_roots_of(&self, ids: &[i64]) -> anyhow::Result<HashMap<i64, String>>;
    /// Components naming the footprint `footprint_ref`, those of `prefer_category` first, then
    /// by part number.
    async fn list_with_footprint(
        &self,
        footprint_ref: &str,
        prefer_category: Option<i64>,
        limit: i64,
    ) -> anyhow::Result<Vec<ComponentRecord>>;
    /// Components of one category with the same package family and pin count, by part number.
    async fn list_with_package(
        &self,
        category_id: i64,
        package: &str,
        pin_count: i32,
        limit: i64,
    ) -> anyhow::Result<Vec<ComponentRecord>>;
    /// `(category_id, count)` of every category directly holding components that have a KiCad
    /// symbol (what the KiCad HTTP library can offer).
    async fn category_counts(&self) -> anyhow::Result<Vec<(i64, i64)>>;
    /// Part numbers held by more than one component (KiCad names must be unique).
    async fn duplicate_part_numbers(&self) -> anyhow::Result<Vec<String>>;
    /// Manufacturers whose name contains `keyword` (case-insensitive), most components first.
    async fn manufacturers(
        &self,
        keyword: Option<&str>,
        offset: i64,
        limit: i64,
    ) -> anyhow::Result<Page<ManufacturerSummary>>;
    async fn manufacturer(&self, id: i64) -> anyhow::Result<Option<ManufacturerSummary>>;
    async fn components_of_manufacturer(
        &self,
        id: i64,
        offset: i64,
        limit: i64,
    ) -> anyhow::Result<Page<ComponentRecord>>;
    /// The change feed: entries after `after_seq`, oldest first.
    async fn changes_since(&self, after_seq: i64, limit: i64) -> anyhow::Result<Vec<Change>>;
    /// Documents for the search index, by id after `after_id` (for a full rebuild in pages).
    async fn index_documents(
        &self,
        after_id: i64,
        limit: i64,
    ) -> anyhow::Result<Vec<IndexDocument>>;
    /// Inserts or updates each record by `(source, source_id)` in one transaction; records
    /// whose content digest is unchanged are left alone.
    async fn upsert(&self, components: &[NewComponent]) -> anyhow::Result<UpsertReport>;
    async fn seed_digest(&self) -> anyhow::Result<Option<String>>;
    async fn record_seed_digest(&self, digest: &str) -> anyhow::Result<()>;
}

const SELECT_COMPONENT: &str = "SELECT c.id, c.source, c.source_id, c.part_number, c.name, \
     c.manufacturer_id, m.name AS manufacturer_name, c.manufacturer_method, c.category_id, \
     k.code AS category_code, c.category_method, c.description, c.keywords, c.datasheet, \
     c.symbol_ref, c.footprint_ref, c.footprint_filters, c.reference_prefix, c.value, \
     c.pin_count, c.unit_count, c.package, c.lifecycle, c.license, c.updated_at \
     FROM component c LEFT JOIN manufacturer m ON m.id = c.manufacturer_id \
     LEFT JOIN category k ON k.id = c.category_id";
const SELECT_MANUFACTURER: &str = "SELECT m.id, m.name, m.website, \
     (SELECT COUNT(*) FROM component c WHERE c.manufacturer_id = m.id) AS component_count \
     FROM manufacturer m";
const SELECT_FILE: &str = "SELECT f.id, f.kind, f.name, f.media_type, \
     CAST(LENGTH(f.content) AS BIGINT) AS size FROM component_file f \
     JOIN component_file_link l ON l.file_id = f.id WHERE l.component_id = $1";
const FIND_FOR_UPSERT: &str =
    "SELECT id, content_digest FROM component WHERE source = $1 AND source_id = $2";
const INSERT_MANUFACTURER: &str = "INSERT INTO manufacturer (name, name_key, website, created_at) \
     VALUES ($1, $2, $3, $4) ON CONFLICT (name) DO NOTHING";
const SELECT_MANUFACTURER_ID: &str = "SELECT id FROM manufacturer WHERE name = $1";
const INSERT_COMPONENT: &str = "INSERT INTO component (source, source_id, part_number, name, \
     manufacturer_id, manufacturer_method, category_id, category_method, description, keywords, \
     datasheet, symbol_ref, footprint_ref, footprint_filters, reference_prefix, value, pin_count, \
     unit_count, package, lifecycle, license, content_digest, created_at, updated_at) \
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, \
     $19, $20, $21, $22, $23, $23) RETURNING id";
const UPDATE_COMPONENT: &str = "UPDATE component SET source = $1, source_id = $2, \
     part_number = $3, name = $4, manufacturer_id = $5, manufacturer_method = $6, \
     category_id = $7, category_method = $8, description = $9, keywords = $10, datasheet = $11, \
     symbol_ref = $12, footprint_ref = $13, footprint_filters = $14, reference_prefix = $15, \
     value = $16, pin_count = $17, unit_count = $18, package = $19, lifecycle = $20, \
     license = $21, content_digest = $22, updated_at = $23 WHERE id = $24";
const INSERT_PARAMETERS: &str = "INSERT INTO component_parameter (component_id, position, \
     dimension, min_value, typ_value, max_value, original, conditions) ";
const FIND_FILE: &str = "SELECT id, digest FROM component_file WHERE kind = $1 AND name = $2";
const INSERT_FILE: &str = "INSERT INTO component_file (kind, name, media_type, content, digest, \
     updated_at) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id";
const UPDATE_FILE: &str = "UPDATE component_file SET media_type = $2, content = $3, digest = $4, \
     updated_at = $5 WHERE id = $1";
const INSERT_LINKS: &str = "INSERT INTO component_file_link (component_id, file_id) ";
const INSERT_CHANGES: &str = "INSERT INTO component_change (component_id, changed_at) ";
const RECORD_DIGEST: &str =
    "INSERT INTO seed_state (name, digest, applied_at) VALUES ($1, $2, $3) \
     ON CONFLICT (name) DO UPDATE SET digest = excluded.digest, applied_at = excluded.applied_at";

/// The beginning of each symbol file (enough for its first symbol's name; `substr` works on
/// BLOB and BYTEA alike).
const SELECT_SYMBOL_HEADS: &str = "SELECT l.component_id, substr(f.content, 1, 512), c.symbol_ref \
     FROM component_file f JOIN component_file_link l ON l.file_id = f.id \
     JOIN component c ON c.id = l.component_id WHERE f.kind = 'symbol'";

/// Serialises concurrent imports (see catalog::store for the reasoning).
const POSTGRES_IMPORT_LOCK: &str = "SELECT pg_advisory_xact_lock(727002)";
const SQLITE_IMPORT_LOCK: &str = "DELETE FROM component_change WHERE 0 = 1";

type ParameterRow = (
    i64,
    String,
    Option<f64>,
    Option<f64>,
    Option<f64>,
    String,
    Option<String>,
);
type FileRow = (i64, String, String, String, i64);

fn file_info((id, kind, name, media_type, size): FileRow) -> anyhow::Result<FileInfo> {
    Ok(FileInfo {
        id,
        kind: FileKind::parse(&kind).with_context(|| format!("unknown file kind {kind}"))?,
        name,
        media_type,
        size,
    })
}

/// `%keyword%` for LIKE, with LIKE's wildcards in the keyword taken literally.
fn like_pattern(keyword: &str) -> String {
    let escaped = keyword
        .to_lowercase()
        .replace('\\', "\\\\")
        .replace('%', "\\%")
        .replace('_', "\\_");
    format!("%{escaped}%")
}

/// `prefix%` for LIKE, with LIKE's wildcards in the prefix taken literally (case kept: callers
/// compare exactly afterwards, as SQLite's LIKE ignores ASCII case and PostgreSQL's does not).
fn like_prefix(prefix: &str) -> String {
    let escaped = prefix
        .replace('\\', "\\\\")
        .replace('%', "\\%")
        .replace('_', "\\_");
    format!("{escaped}%")
}

/// `(component id, symbol file head, symbol_ref)`.
type SymbolHeadRow = (i64, Vec<u8>, Option<String>);

/// Root symbols of the rows' files.
fn symbol_roots(rows: Vec<SymbolHeadRow>) -> Vec<(i64, String)> {
    rows.into_iter()
        .filter_map(|(id, head, _)| crate::recommend::symbol_root(&head).map(|root| (id, root)))
        .collect()
}

macro_rules! component_store {
    ($store:ident, $pool:ty, $db:ty, $import_lock:expr) => {
        #[derive(Clone)]
        pub struct $store {
            pool: $pool,
        }

        impl $store {
            pub fn new(pool: $pool) -> Self {
                Self { pool }
            }
        }

        impl ComponentStore for $store {
            async fn count(&self) -> anyhow::Result<i64> {
                sqlx::query_scalar("SELECT COUNT(*) FROM component")
                    .fetch_one(&self.pool)
                    .await
                    .context("counting components")
            }

            async fn get(&self, id: i64) -> anyhow::Result<Option<ComponentRecord>> {
                sqlx::query_as(&format!("{SELECT_COMPONENT} WHERE c.id = $1"))
                    .bind(id)
                    .fetch_optional(&self.pool)
                    .await
                    .context("reading a component")
            }

            async fn get_many(&self, ids: &[i64]) -> anyhow::Result<Vec<ComponentRecord>> {
                if ids.is_empty() {
                    return Ok(Vec::new());
                }
                let mut query = QueryBuilder::<$db>::new(SELECT_COMPONENT);
                query.push(" WHERE c.id IN (");
                let mut list = query.separated(", ");
                for id in ids {
                    list.push_bind(*id);
                }
                query.push(")");
                query
                    .build_query_as()
                    .fetch_all(&self.pool)
                    .await
                    .context("reading components")
            }

            async fn parameters_of(
                &self,
                ids: &[i64],
            ) -> anyhow::Result<HashMap<i64, Vec<Parameter>>> {
                let mut by_component: HashMap<i64, Vec<Parameter>> = HashMap::new();
                if ids.is_empty() {
                    return Ok(by_component);
                }
                let mut query = QueryBuilder::<$db>::new(
                    "SELECT component_id, dimension, min_value, typ_value, max_value, original, \
                     conditions FROM component_parameter WHERE component_id IN (",
                );
                let mut list = query.separated(", ");
                for id in ids {
                    list.push_bind(*id);
                }
                query.push(") ORDER BY component_id, position");
                let rows: Vec<ParameterRow> = query
                    .build_query_as()
                    .fetch_all(&self.pool)
                    .await
                    .context("reading parameters")?;
                for (component_id, dimension, min, typ, max, original, conditions) in rows {
                    by_component.entry(component_id).or_default().push(Parameter {
                        dimension,
                        min,
                        typ,
                        max,
                        original,
                        conditions,
                    });
                }
                Ok(by_component)
            }

            async fn files_of(&self, id: i64) -> anyhow::Result<Vec<FileInfo>> {
                let rows: Vec<FileRow> =
                    sqlx::query_as(&format!("{SELECT_FILE} ORDER BY f.kind, f.name"))
                        .bind(id)
                        .fetch_all(&self.pool)
                        .await
                        .context("listing files")?;
                rows.into_iter().map(file_info).collect()
            }

            async fn file_content(
                &self,
                id: i64,
                kind: FileKind,
            ) -> anyhow::Result<Option<(FileInfo, Vec<u8>)>> {
                let row: Option<FileRow> =
                    sqlx::query_as(&format!("{SELECT_FILE} AND f.kind = $2 ORDER BY f.name"))
                        .bind(id)
                        .bind(kind.as_str())
                        .fetch_optional(&self.pool)
                        .await
                        .context("finding a file")?;
                let Some(row) = row else { return Ok(None) };
                let content: Vec<u8> =
                    sqlx::query_scalar("SELECT content FROM component_file WHERE id = $1")
                        .bind(row.0)
                        .fetch_one(&self.pool)
                        .await
                        .context("reading a file")?;
                Ok(Some((file_info(row)?, content)))
            }

            async fn list_in_subtree(
                &self,
                category_path: &str,
                offset: i64,
                limit: i64,
            ) -> anyhow::Result<Page<ComponentRecord>> {
                let below = format!("{category_path}/%");
                let total: i64 = sqlx::query_scalar(
                    "SELECT COUNT(*) FROM component c JOIN category k ON k.id = c.category_id \
                     WHERE k.path = $1 OR k.path LIKE $2",
                )
                .bind(category_path)
                .bind(&below)
                .fetch_one(&self.pool)
                .await
                .context("counting a category's components")?;
                let items = sqlx::query_as(&format!(
                    "{SELECT_COMPONENT} WHERE k.path = $1 OR k.path LIKE $2 \
                     ORDER BY c.part_number, c.id LIMIT $3 OFFSET $4"
                ))
                .bind(category_path)
                .bind(&below)
                .bind(limit)
                .bind(offset)
                .fetch_all(&self.pool)
                .await
                .context("listing a category's components")?;
                Ok(Page { items, total })
            }

            async fn list_in_category(
                &self,
                category_id: i64,
                offset: i64,
                limit: i64,
            ) -> anyhow::Result<Vec<ComponentRecord>> {
                sqlx::query_as(&format!(
                    "{SELECT_COMPONENT} WHERE c.category_id = $1 \
                     ORDER BY c.part_number, c.id LIMIT $2 OFFSET $3"
                ))
                .bind(category_id)
                .bind(limit)
                .bind(offset)
                .fetch_all(&self.pool)
                .await
                .context("listing a category's components")
            }

            async fn list_with_part_number_prefix(
                &self,
                prefix: &str,
                limit: i64,
            ) -> anyhow::Result<Vec<ComponentRecord>> {
                let found: Vec<ComponentRecord> = sqlx::query_as(&format!(
                    "{SELECT_COMPONENT} WHERE c.part_number LIKE $1 ESCAPE '\\' \
                     ORDER BY c.part_number, c.id LIMIT $2"
                ))
                .bind(like_prefix(prefix))
                .bind(limit)
                .fetch_all(&self.pool)
                .await
                .context("listing components by part-number prefix")?;
                Ok(found
                    .into_iter()
                    .filter(|c| c.part_number.starts_with(prefix))
                    .collect())
            }

            async fn symbol_roots_in_library(
                &self,
                library: &str,
                limit: i64,
            ) -> anyhow::Result<Vec<(i64, String)>> {
                let library_prefix = format!("{library}:");
                let rows: Vec<SymbolHeadRow> = sqlx::query_as(&format!(
                    "{SELECT_SYMBOL_HEADS} AND c.symbol_ref LIKE $1 ESCAPE '\\' \
                     ORDER BY c.id LIMIT $2"
                ))
                .bind(like_prefix(&library_prefix))
                .bind(limit)
                .fetch_all(&self.pool)
                .await
                .context("reading the symbols of a library")?;
                Ok(symbol_roots(
                    rows.into_iter()
                        .filter(|(_, _, symbol)| {
                            symbol.as_deref().is_some_and(|s| s.starts_with(&library_prefix))
                        })
                        .collect(),
                ))
            }

            async fn symbol_roots_of(&self, ids: &[i64]) -> anyhow::Result<HashMap<i64, String>> {
                if ids.is_empty() {
                    return Ok(HashMap::new());
                }
                let mut query = QueryBuilder::<$db>::new(SELECT_SYMBOL_HEADS);
                query.push(" AND l.component_id IN (");
                let mut list = query.separated(", ");
                for id in ids {
                    list.push_bind(*id);
                }
                query.push(")");
                let rows: Vec<SymbolHeadRow> = query
                    .build_query_as()
                    .fetch_all(&self.pool)
                    .await
                    .context("reading symbol files")?;
                Ok(symbol_roots(rows).into_iter().collect())
            }

            async fn list_with_footprint(
                &self,
                footprint_ref: &str,
                prefer_category: Option<i64>,
                limit: i64,
            ) -> anyhow::Result<Vec<ComponentRecord>> {
                sqlx::query_as(&format!(
                    "{SELECT_COMPONENT} WHERE c.footprint_ref = $1 \
                     ORDER BY CASE WHEN c.category_id = $2 THEN 0 ELSE 1 END, \
                     c.part_number, c.id LIMIT $3"
                ))
                .bind(footprint_ref)
                .bind(prefer_category)
                .bind(limit)
                .fetch_all(&self.pool)
                .await
                .context("listing components by footprint")
            }

            async fn list_with_package(
                &self,
                category_id: i64,
                package: &str,
                pin_count: i32,
                limit: i64,
            ) -> anyhow::Result<Vec<ComponentRecord>> {
                sqlx::query_as(&format!(
                    "{SELECT_COMPONENT} WHERE c.category_id = $1 AND c.package = $2 \
                     AND c.pin_count = $3 ORDER BY c.part_number, c.id LIMIT $4"
                ))
                .bind(category_id)
                .bind(package)
                .bind(pin_count)
                .bind(limit)
                .fetch_all(&self.pool)
                .await
                .context("listing components by package")
            }

            async fn category_counts(&self) -> anyhow::Result<Vec<(i64, i64)>> {
                sqlx::query_as(
                    "SELECT category_id, COUNT(*) FROM component \
                     WHERE category_id IS NOT NULL AND symbol_ref IS NOT NULL \
                     GROUP BY category_id ORDER BY category_id",
                )
                .fetch_all(&self.pool)
                .await
                .context("counting components per category")
            }

            async fn duplicate_part_numbers(&self) -> anyhow::Result<Vec<String>> {
                sqlx::query_scalar(
                    "SELECT part_number FROM component GROUP BY part_number HAVING COUNT(*) > 1",
                )
                .fetch_all(&self.pool)
                .await
                .context("finding repeated part numbers")
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
                let count_sql = format!("SELECT COUNT(*) FROM manufacturer m{condition}");
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
                     ORDER BY component_count DESC, m.name LIMIT ${limit_at} OFFSET ${offset_at}"
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

            async fn components_of_manufacturer(
                &self,
                id: i64,
                offset: i64,
                limit: i64,
            ) -> anyhow::Result<Page<ComponentRecord>> {
                let total: i64 =
                    sqlx::query_scalar("SELECT COUNT(*) FROM component WHERE manufacturer_id = $1")
                        .bind(id)
                        .fetch_one(&self.pool)
                        .await
                        .context("counting a manufacturer's components")?;
                let items = sqlx::query_as(&format!(
                    "{SELECT_COMPONENT} WHERE c.manufacturer_id = $1 \
                     ORDER BY c.part_number, c.id LIMIT $2 OFFSET $3"
                ))
                .bind(id)
                .bind(limit)
                .bind(offset)
                .fetch_all(&self.pool)
                .await
                .context("listing a manufacturer's components")?;
                Ok(Page { items, total })
            }

            async fn changes_since(&self, after_seq: i64, limit: i64) -> anyhow::Result<Vec<Change>> {
                sqlx::query_as(
                    "SELECT seq, component_id FROM component_change WHERE seq > $1 \
                     ORDER BY seq LIMIT $2",
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
                let components: Vec<ComponentRecord> = sqlx::query_as(&format!(
                    "{SELECT_COMPONENT} WHERE c.id > $1 ORDER BY c.id LIMIT $2"
                ))
                .bind(after_id)
                .bind(limit)
                .fetch_all(&self.pool)
                .await
                .context("reading components to index")?;
                let ids: Vec<i64> = components.iter().map(|c| c.id).collect();
                let mut parameters = self.parameters_of(&ids).await?;
                Ok(components
                    .into_iter()
                    .map(|component| IndexDocument {
                        parameters: parameters.remove(&component.id).unwrap_or_default(),
                        component,
                    })
                    .collect())
            }

            async fn upsert(&self, components: &[NewComponent]) -> anyhow::Result<UpsertReport> {
                let now = Utc::now().trunc_subsecs(6);
                let mut report = UpsertReport::default();
                let mut tx = self.pool.begin().await.context("starting the import")?;
                sqlx::query($import_lock)
                    .execute(&mut *tx)
                    .await
                    .context("waiting for the import lock")?;
                let categories: HashMap<String, i64> =
                    sqlx::query_as::<_, (String, i64)>("SELECT code, id FROM category")
                        .fetch_all(&mut *tx)
                        .await
                        .context("reading categories")?
                        .into_iter()
                        .collect();
                let mut manufacturers: HashMap<String, i64> = HashMap::new();
                let mut files: HashMap<(FileKind, String), i64> = HashMap::new();
                let mut changed: Vec<i64> = Vec::new();
                for component in components {
                    let digest = component.content_digest()?;
                    let key = format!("{}:{}", component.source, component.source_id);
                    let existing: Option<(i64, String)> = sqlx::query_as(FIND_FOR_UPSERT)
                        .bind(&component.source)
                        .bind(&component.source_id)
                        .fetch_optional(&mut *tx)
                        .await
                        .with_context(|| format!("looking up {key}"))?;
                    if existing.as_ref().is_some_and(|(_, old)| *old == digest) {
                        report.unchanged += 1;
                        continue;
                    }
                    let manufacturer_id = match &component.manufacturer {
                        None => None,
                        Some(manufacturer) => match manufacturers.get(&manufacturer.name) {
                            Some(id) => Some(*id),
                            None => {
                                sqlx::query(INSERT_MANUFACTURER)
                                    .bind(&manufacturer.name)
                                    .bind(manufacturer.name.to_lowercase())
                                    .bind(&manufacturer.website)
                                    .bind(now)
                                    .execute(&mut *tx)
                                    .await
                                    .context("storing a manufacturer")?;
                                let id: i64 = sqlx::query_scalar(SELECT_MANUFACTURER_ID)
                                    .bind(&manufacturer.name)
                                    .fetch_one(&mut *tx)
                                    .await
                                    .context("reading a manufacturer id")?;
                                manufacturers.insert(manufacturer.name.clone(), id);
                                Some(id)
                            }
                        },
                    };
                    let category_id = component
                        .category_code
                        .as_ref()
                        .and_then(|code| categories.get(code).copied());
                    let filters = serde_json::to_string(&component.footprint_filters)?;
                    let method = component.manufacturer.as_ref().map(|m| m.method);
                    let id: i64 = match existing {
                        None => {
                            report.inserted += 1;
                            sqlx::query_scalar(INSERT_COMPONENT)
                                .bind(&component.source)
                                .bind(&component.source_id)
                                .bind(&component.part_number)
                                .bind(&component.name)
                                .bind(manufacturer_id)
                                .bind(method)
                                .bind(category_id)
                                .bind(&component.category_method)
                                .bind(&component.description)
                                .bind(&component.keywords)
                                .bind(&component.datasheet)
                                .bind(&component.symbol_ref)
                                .bind(&component.footprint_ref)
                                .bind(&filters)
                                .bind(&component.reference_prefix)
                                .bind(&component.value)
                                .bind(component.pin_count)
                                .bind(component.unit_count)
                                .bind(&component.package)
                                .bind(&component.lifecycle)
                                .bind(&component.license)
                                .bind(&digest)
                                .bind(now)
                                .fetch_one(&mut *tx)
                                .await
                                .with_context(|| format!("inserting {key}"))?
                        }
                        Some((id, _)) => {
                            report.updated += 1;
                            sqlx::query(UPDATE_COMPONENT)
                                .bind(&component.source)
                                .bind(&component.source_id)
                                .bind(&component.part_number)
                                .bind(&component.name)
                                .bind(manufacturer_id)
                                .bind(method)
                                .bind(category_id)
                                .bind(&component.category_method)
                                .bind(&component.description)
                                .bind(&component.keywords)
                                .bind(&component.datasheet)
                                .bind(&component.symbol_ref)
                                .bind(&component.footprint_ref)
                                .bind(&filters)
                                .bind(&component.reference_prefix)
                                .bind(&component.value)
                                .bind(component.pin_count)
                                .bind(component.unit_count)
                                .bind(&component.package)
                                .bind(&component.lifecycle)
                                .bind(&component.license)
                                .bind(&digest)
                                .bind(now)
                                .bind(id)
                                .execute(&mut *tx)
                                .await
                                .with_context(|| format!("updating {key}"))?;
                            sqlx::query("DELETE FROM component_parameter WHERE component_id = $1")
                                .bind(id)
                                .execute(&mut *tx)
                                .await
                                .context("replacing parameters")?;
                            sqlx::query("DELETE FROM component_file_link WHERE component_id = $1")
                                .bind(id)
                                .execute(&mut *tx)
                                .await
                                .context("replacing file links")?;
                            id
                        }
                    };
                    if !component.parameters.is_empty() {
                        // One statement per component: imports write tens of thousands.
                        let mut insert = QueryBuilder::<$db>::new(INSERT_PARAMETERS);
                        insert.push_values(
                            component.parameters.iter().enumerate(),
                            |mut row, (position, parameter)| {
                                row.push_bind(id)
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
                            .build()
                            .execute(&mut *tx)
                            .await
                            .with_context(|| format!("storing the parameters of {key}"))?;
                    }
                    let mut file_ids: Vec<i64> = Vec::with_capacity(component.files.len());
                    for file in &component.files {
                        let file_key = (file.kind, file.name.clone());
                        let file_id = match files.get(&file_key) {
                            Some(file_id) => *file_id,
                            None => {
                                let found: Option<(i64, String)> = sqlx::query_as(FIND_FILE)
                                    .bind(file.kind.as_str())
                                    .bind(&file.name)
                                    .fetch_optional(&mut *tx)
                                    .await
                                    .context("looking up a file")?;
                                let file_id = match found {
                                    Some((file_id, old)) if old == file.digest => file_id,
                                    Some((file_id, _)) => {
                                        sqlx::query(UPDATE_FILE)
                                            .bind(file_id)
                                            .bind(&file.media_type)
                                            .bind(&file.content)
                                            .bind(&file.digest)
                                            .bind(now)
                                            .execute(&mut *tx)
                                            .await
                                            .context("updating a file")?;
                                        file_id
                                    }
                                    None => sqlx::query_scalar(INSERT_FILE)
                                        .bind(file.kind.as_str())
                                        .bind(&file.name)
                                        .bind(&file.media_type)
                                        .bind(&file.content)
                                        .bind(&file.digest)
                                        .bind(now)
                                        .fetch_one(&mut *tx)
                                        .await
                                        .context("storing a file")?,
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
                        let mut insert = QueryBuilder::<$db>::new(INSERT_LINKS);
                        insert.push_values(&file_ids, |mut row, file_id| {
                            row.push_bind(id).push_bind(*file_id);
                        });
                        insert
                            .build()
                            .execute(&mut *tx)
                            .await
                            .context("linking files")?;
                    }
                    changed.push(id);
                }
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
                tx.commit().await.context("committing the import")?;
                Ok(report)
            }

            async fn seed_digest(&self) -> anyhow::Result<Option<String>> {
                sqlx::query_scalar("SELECT digest FROM seed_state WHERE name = $1")
                    .bind(COMPONENT_SEED)
                    .fetch_optional(&self.pool)
                    .await
                    .context("reading the component seed digest")
            }

            async fn record_seed_digest(&self, digest: &str) -> anyhow::Result<()> {
                sqlx::query(RECORD_DIGEST)
                    .bind(COMPONENT_SEED)
                    .bind(digest)
                    .bind(Utc::now().trunc_subsecs(6))
                    .execute(&self.pool)
                    .await
                    .context("recording the component seed digest")?;
                Ok(())
            }
        }
    };
}

component_store!(SqliteComponentStore, SqlitePool, Sqlite, SQLITE_IMPORT_LOCK);
component_store!(PgComponentStore, PgPool, Postgres, POSTGRES_IMPORT_LOCK);

kernel::repository! {
    /// The store of the component service's database, whichever backend it is.
    #[derive(Clone)]
    pub enum ComponentRepository: ComponentStore {
        Sqlite(SqliteComponentStore),
        Postgres(PgComponentStore),
    }
    async fn count(&self) -> anyhow::Result<i64>;
    async fn get(&self, id: i64) -> anyhow::Result<Option<ComponentRecord>>;
    async fn get_many(&self, ids: &[i64]) -> anyhow::Result<Vec<ComponentRecord>>;
    async fn parameters_of(&self, ids: &[i64]) -> anyhow::Result<HashMap<i64, Vec<Parameter>>>;
    async fn files_of(&self, id: i64) -> anyhow::Result<Vec<FileInfo>>;
    async fn file_content(
        &self,
        id: i64,
        kind: FileKind,
    ) -> anyhow::Result<Option<(FileInfo, Vec<u8>)>>;
    async fn list_in_subtree(
        &self,
        category_path: &str,
        offset: i64,
        limit: i64,
    ) -> anyhow::Result<Page<ComponentRecord>>;
    async fn list_in_category(
        &self,
        category_id: i64,
        offset: i64,
        limit: i64,
    ) -> anyhow::Result<Vec<ComponentRecord>>;
    async fn list_with_part_number_prefix(
        &self,
        prefix: &str,
        limit: i64,
    ) -> anyhow::Result<Vec<ComponentRecord>>;
    async fn symbol_roots_in_library(
        &self,
        library: &str,
        limit: i64,
    ) -> anyhow::Result<Vec<(i64, String)>>;
    async fn symbol_roots_of(&self, ids: &[i64]) -> anyhow::Result<HashMap<i64, String>>;
    async fn list_with_footprint(
        &self,
        footprint_ref: &str,
        prefer_category: Option<i64>,
        limit: i64,
    ) -> anyhow::Result<Vec<ComponentRecord>>;
    async fn list_with_package(
        &self,
        category_id: i64,
        package: &str,
        pin_count: i32,
        limit: i64,
    ) -> anyhow::Result<Vec<ComponentRecord>>;
    async fn category_counts(&self) -> anyhow::Result<Vec<(i64, i64)>>;
    async fn duplicate_part_numbers(&self) -> anyhow::Result<Vec<String>>;
    async fn manufacturers(
        &self,
        keyword: Option<&str>,
        offset: i64,
        limit: i64,
    ) -> anyhow::Result<Page<ManufacturerSummary>>;
    async fn manufacturer(&self, id: i64) -> anyhow::Result<Option<ManufacturerSummary>>;
    async fn components_of_manufacturer(
        &self,
        id: i64,
        offset: i64,
        limit: i64,
    ) -> anyhow::Result<Page<ComponentRecord>>;
    async fn changes_since(&self, after_seq: i64, limit: i64) -> anyhow::Result<Vec<Change>>;
    async fn index_documents(
        &self,
        after_id: i64,
        limit: i64,
    ) -> anyhow::Result<Vec<IndexDocument>>;
    async fn upsert(&self, components: &[NewComponent]) -> anyhow::Result<UpsertReport>;
    async fn seed_digest(&self) -> anyhow::Result<Option<String>>;
    async fn record_seed_digest(&self, digest: &str) -> anyhow::Result<()>;
}
