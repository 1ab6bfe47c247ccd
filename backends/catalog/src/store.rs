//! Category stores, one per database backend (the atuin pattern: a trait, a SQLite and a
//! PostgreSQL implementation, one test suite run against both).
//!
//! The SQL is the same text for both backends (sqlx-sqlite accepts `$n` placeholders, and
//! timestamps are bound from Rust), so both implementations are stamped from one macro with
//! their concrete pool types; a backend-specific statement would go into its own impl.

use std::collections::{HashMap, HashSet};

use anyhow::Context;
use chrono::{SubsecRound, Utc};
use serde_json::Value;
use sqlx::{types::Json, PgPool, SqlitePool};

use crate::{
    model::{visible_only, CategoryRecord},
    taxonomy::{FlatCategory, Taxonomy},
};

/// Counts of one synchronisation of the stored tree with a taxonomy file.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, serde::Serialize)]
pub struct SyncReport {
    /// Categories in the file.
    pub total: usize,
    pub inserted: usize,
    pub updated: usize,
    pub unchanged: usize,
    /// Stored categories the file no longer lists (kept: items may refer to them).
    pub stale: usize,
}

/// When the category table was last synchronised, and with which taxonomy. Every write to the
/// table records this in the same transaction ([`CategoryStore::sync`], an operator's correction
/// through [`TOUCH_STAMP`]): a reader that holds the categories of one stamp knows they are
/// current while the stamp is.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct SyncStamp {
    pub digest: String,
    pub applied_at: chrono::DateTime<Utc>,
}

/// Name of the seed whose digest `seed_state` records.
pub(crate) const CATEGORY_SEED: &str = "categories";

#[allow(async_fn_in_trait)] // used with concrete types only; no `dyn`
pub trait CategoryStore {
    /// Every category the public sees (the trees are small: hundreds to a few thousand rows):
    /// hidden ones and their subtrees left out.
    async fn list(&self) -> anyhow::Result<Vec<CategoryRecord>>;
    /// Every category, hidden ones included (operators, the search follower).
    async fn list_all(&self) -> anyhow::Result<Vec<CategoryRecord>>;
    async fn find_by_code(&self, code: &str) -> anyhow::Result<Option<CategoryRecord>>;
    async fn count(&self) -> anyhow::Result<i64>;
    /// Upserts every category of the taxonomy by `code` in one transaction, operators'
    /// corrections (`category_override`) applied over the file's values, and records the
    /// taxonomy's digest.
    async fn sync(&self, taxonomy: &Taxonomy) -> anyhow::Result<SyncReport>;
    /// The digest of the taxonomy last synchronised, if any.
    async fn applied_digest(&self) -> anyhow::Result<Option<String>>;
    /// The stamp of the last synchronisation (`None` before the first): one row by key, what
    /// the search follower reads on each tick instead of the whole table.
    async fn last_sync(&self) -> anyhow::Result<Option<SyncStamp>>;
}

const SELECT_ALL: &str = "SELECT id, code, parent_id, name, name_en, sort, depth, path, \
     hidden_at IS NOT NULL AS hidden FROM category ORDER BY depth, sort, id";
const SELECT_BY_CODE: &str = "SELECT id, code, parent_id, name, name_en, sort, depth, path, \
     hidden_at IS NOT NULL AS hidden FROM category WHERE code = $1";
/// Operators' corrections by category code (NULL: the taxonomy's value).
const SELECT_OVERRIDES: &str = "SELECT c.code, o.name, o.name_en, o.sort \
     FROM category_override o JOIN category c ON c.id = o.category_id";
const SELECT_FOR_SYNC: &str =
    "SELECT id, parent_id, name, name_en, sort, depth, path, match_hints \
     FROM category WHERE code = $1";
const INSERT: &str = "INSERT INTO category \
     (code, parent_id, name, name_en, sort, depth, path, match_hints, created_at, updated_at) \
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9) RETURNING id";
const UPDATE: &str = "UPDATE category SET parent_id = $2, name = $3, name_en = $4, sort = $5, \
     depth = $6, path = $7, match_hints = $8, updated_at = $9 WHERE id = $1";
const RECORD_DIGEST: &str =
    "INSERT INTO seed_state (name, digest, applied_at) VALUES ($1, $2, $3) \
     ON CONFLICT (name) DO UPDATE SET digest = excluded.digest, applied_at = excluded.applied_at";
const SELECT_DIGEST: &str = "SELECT digest FROM seed_state WHERE name = $1";
/// A new stamp for the same taxonomy (`$1` [`CATEGORY_SEED`], `$2` now): what an operator's
/// correction of the table writes, so readers of the old stamp read the table again.
pub(crate) const TOUCH_STAMP: &str = "UPDATE seed_state SET applied_at = $2 WHERE name = $1";
const SELECT_STAMP: &str = "SELECT digest, applied_at FROM seed_state WHERE name = $1";

/// Code, corrected name, English name and sort.
type CategoryOverrideRow = (String, Option<String>, Option<String>, Option<i32>);

/// `category` as the public sees it: the operators' corrections over the file's values.
fn corrected(category: &FlatCategory, correction: Option<&CategoryOverrideRow>) -> FlatCategory {
    let mut shown = category.clone();
    if let Some((_, name, name_en, sort)) = correction {
        if let Some(name) = name {
            shown.name.clone_from(name);
        }
        if let Some(name_en) = name_en {
            shown.name_en.clone_from(name_en);
        }
        if let Some(sort) = sort {
            shown.sort = *sort;
        }
    }
    shown
}

type SyncRow = (
    i64,
    Option<i64>,
    String,
    String,
    i32,
    i32,
    String,
    Option<Json<Value>>,
);

/// Serialises concurrent synchronisations (replicas starting together, an import while the
/// portal starts): the second waits, then finds everything unchanged. On PostgreSQL a
/// transaction-scoped advisory lock; on SQLite a write as the transaction's first statement,
/// which takes the write lock up front (waiting up to the busy timeout) instead of failing
/// when a read transaction later tries to upgrade.
pub(crate) const POSTGRES_SYNC_LOCK: &str = "SELECT pg_advisory_xact_lock(727001)";
pub(crate) const SQLITE_SYNC_LOCK: &str = "DELETE FROM seed_state WHERE 0 = 1";

macro_rules! category_store {
    ($store:ident, $pool:ty, $sync_lock:expr) => {
        #[derive(Clone)]
        pub struct $store {
            pool: $pool,
        }

        impl $store {
            pub fn new(pool: $pool) -> Self {
                Self { pool }
            }
        }

        impl CategoryStore for $store {
            #[tracing::instrument(skip(self))]
            async fn list(&self) -> anyhow::Result<Vec<CategoryRecord>> {
                Ok(visible_only(self.list_all().await?))
            }

            #[tracing::instrument(skip(self))]
            async fn list_all(&self) -> anyhow::Result<Vec<CategoryRecord>> {
                sqlx::query_as(SELECT_ALL)
                    .fetch_all(&self.pool)
                    .await
                    .context("listing categories")
            }

            #[tracing::instrument(skip(self))]
            async fn find_by_code(&self, code: &str) -> anyhow::Result<Option<CategoryRecord>> {
                sqlx::query_as(SELECT_BY_CODE)
                    .bind(code)
                    .fetch_optional(&self.pool)
                    .await
                    .context("looking up a category")
            }

            async fn count(&self) -> anyhow::Result<i64> {
                sqlx::query_scalar("SELECT COUNT(*) FROM category")
                    .fetch_one(&self.pool)
                    .await
                    .context("counting categories")
            }

            #[tracing::instrument(skip_all, fields(library = %taxonomy.library))]
            async fn sync(&self, taxonomy: &Taxonomy) -> anyhow::Result<SyncReport> {
                let now = Utc::now().trunc_subsecs(6);
                let mut tx = self
                    .pool
                    .begin()
                    .await
                    .context("starting the transaction")?;
                sqlx::query($sync_lock)
                    .execute(&mut *tx)
                    .await
                    .context("waiting for the category sync lock")?;
                let mut ids: HashMap<&str, i64> = HashMap::new();
                let mut report = SyncReport {
                    total: taxonomy.categories.len(),
                    ..SyncReport::default()
                };
                let overrides: Vec<CategoryOverrideRow> = sqlx::query_as(SELECT_OVERRIDES)
                    .fetch_all(&mut *tx)
                    .await
                    .context("reading the operators' category corrections")?;
                let overrides: HashMap<String, CategoryOverrideRow> = overrides
                    .into_iter()
                    .map(|row| (row.0.clone(), row))
                    .collect();
                for listed in &taxonomy.categories {
                    let category = &corrected(listed, overrides.get(&listed.code));
                    let parent_id = match &category.parent_code {
                        Some(code) => Some(*ids.get(code.as_str()).with_context(|| {
                            format!("parent {code} of {} not stored yet", category.code)
                        })?),
                        None => None,
                    };
                    let hints = category.match_hints.as_ref().map(Json);
                    let existing: Option<SyncRow> = sqlx::query_as(SELECT_FOR_SYNC)
                        .bind(&category.code)
                        .fetch_optional(&mut *tx)
                        .await
                        .with_context(|| format!("reading category {}", category.code))?;
                    let id = match existing {
                        None => {
                            report.inserted += 1;
                            sqlx::query_scalar(INSERT)
                                .bind(&category.code)
                                .bind(parent_id)
                                .bind(&category.name)
                                .bind(&category.name_en)
                                .bind(category.sort)
                                .bind(category.depth)
                                .bind(&category.path)
                                .bind(hints)
                                .bind(now)
                                .fetch_one(&mut *tx)
                                .await
                                .with_context(|| format!("inserting category {}", category.code))?
                        }
                        Some((id, old_parent, name, name_en, sort, depth, path, old_hints)) => {
                            let unchanged = old_parent == parent_id
                                && name == category.name
                                && name_en == category.name_en
                                && sort == category.sort
                                && depth == category.depth
                                && path == category.path
                                && old_hints.map(|json| json.0) == category.match_hints;
                            if unchanged {
                                report.unchanged += 1;
                            } else {
                                report.updated += 1;
                                sqlx::query(UPDATE)
                                    .bind(id)
                                    .bind(parent_id)
                                    .bind(&category.name)
                                    .bind(&category.name_en)
                                    .bind(category.sort)
                                    .bind(category.depth)
                                    .bind(&category.path)
                                    .bind(hints)
                                    .bind(now)
                                    .execute(&mut *tx)
                                    .await
                                    .with_context(|| {
                                        format!("updating category {}", category.code)
                                    })?;
                            }
                            id
                        }
                    };
                    ids.insert(listed.code.as_str(), id);
                }
                let stored: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM category")
                    .fetch_one(&mut *tx)
                    .await
                    .context("counting categories")?;
                report.stale = usize::try_from(stored)
                    .unwrap_or_default()
                    .saturating_sub(ids.len());
                sqlx::query(RECORD_DIGEST)
                    .bind(CATEGORY_SEED)
                    .bind(&taxonomy.digest)
                    .bind(now)
                    .execute(&mut *tx)
                    .await
                    .context("recording the seed digest")?;
                tx.commit().await.context("committing the category sync")?;
                Ok(report)
            }

            async fn applied_digest(&self) -> anyhow::Result<Option<String>> {
                sqlx::query_scalar(SELECT_DIGEST)
                    .bind(CATEGORY_SEED)
                    .fetch_optional(&self.pool)
                    .await
                    .context("reading the seed digest")
            }

            async fn last_sync(&self) -> anyhow::Result<Option<SyncStamp>> {
                sqlx::query_as(SELECT_STAMP)
                    .bind(CATEGORY_SEED)
                    .fetch_optional(&self.pool)
                    .await
                    .context("reading the category sync stamp")
            }
        }
    };
}

category_store!(SqliteCategoryStore, SqlitePool, SQLITE_SYNC_LOCK);
category_store!(PgCategoryStore, PgPool, POSTGRES_SYNC_LOCK);

kernel::repository! {
    /// The category store of a service's database, whichever backend it is.
    #[derive(Clone)]
    pub enum CategoryRepository: CategoryStore {
        Sqlite(SqliteCategoryStore),
        Postgres(PgCategoryStore),
    }
    async fn list(&self) -> anyhow::Result<Vec<CategoryRecord>>;
    async fn list_all(&self) -> anyhow::Result<Vec<CategoryRecord>>;
    async fn find_by_code(&self, code: &str) -> anyhow::Result<Option<CategoryRecord>>;
    async fn count(&self) -> anyhow::Result<i64>;
    async fn sync(&self, taxonomy: &Taxonomy) -> anyhow::Result<SyncReport>;
    async fn applied_digest(&self) -> anyhow::Result<Option<String>>;
    async fn last_sync(&self) -> anyhow::Result<Option<SyncStamp>>;
}

/// Codes stored but missing from the taxonomy (for reports).
pub fn stale_codes(records: &[CategoryRecord], taxonomy: &Taxonomy) -> Vec<String> {
    let listed: HashSet<&str> = taxonomy
        .categories
        .iter()
        .map(|c| c.code.as_str())
        .collect();
    records
        .iter()
        .filter(|record| !listed.contains(record.code.as_str()))
        .map(|record| record.code.clone())
        .collect()
}
