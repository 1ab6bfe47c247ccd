//! The operators' reads and writes of a library's items (one store per backend, stamped from one
//! macro): every item with its hidden state, and hiding / restoring one together with its change
//! feed entry and its audit log entry, in one transaction.

use anyhow::Context;
use chrono::{DateTime, SubsecRound, Utc};
use sqlx::{PgPool, SqlitePool};

use super::{
    CatalogFilter, CatalogItem, HideOutcome, Visibility, ACTION_CATALOG_ITEM_HIDE,
    ACTION_CATALOG_ITEM_UNHIDE, TARGET_CATALOG_ITEM,
};
use crate::audit::{Actor, AuditEntry};
use crate::enterprise::store::like_pattern;
use crate::item::store::{POSTGRES_UPSERT_LOCK, SQLITE_UPSERT_LOCK};

#[derive(Debug, Clone, PartialEq, sqlx::FromRow)]
struct CatalogRow {
    id: i64,
    code: String,
    name: String,
    manufacturer_name: Option<String>,
    category_code: Option<String>,
    source: String,
    license: String,
    hidden_at: Option<DateTime<Utc>>,
    hidden_reason: Option<String>,
    hidden_by: Option<i64>,
    updated_at: DateTime<Utc>,
}

impl From<CatalogRow> for CatalogItem {
    fn from(row: CatalogRow) -> Self {
        Self {
            id: row.id,
            code: row.code,
            name: row.name,
            manufacturer_name: row.manufacturer_name,
            category_code: row.category_code,
            source: row.source,
            license: row.license,
            hidden: row.hidden_at.is_some(),
            hidden_reason: row.hidden_reason,
            hidden_time: row.hidden_at.map(|time| time.timestamp_millis()),
            hidden_by: row.hidden_by,
            update_time: row.updated_at.timestamp_millis(),
        }
    }
}

#[allow(async_fn_in_trait)] // used with concrete types only; no `dyn`
pub trait CatalogAdminStore {
    /// Items matching `filter`, hidden ones included, by id; the page and the total count.
    async fn page_items(
        &self,
        filter: &CatalogFilter,
        offset: i64,
        limit: i64,
    ) -> anyhow::Result<(Vec<CatalogItem>, i64)>;
    /// Hides or restores item `id`. A change appends to the change feed (the search index
    /// follows it) and writes `library`'s audit entry in the same transaction; asking for the
    /// state the item is in writes nothing.
    async fn set_visibility(
        &self,
        library: &str,
        id: i64,
        visibility: &Visibility,
        actor: &Actor,
    ) -> anyhow::Result<HideOutcome>;
}

const SELECT_ROWS: &str = "SELECT i.id, i.code, i.name, m.name AS manufacturer_name, \
     k.code AS category_code, i.source, i.license, i.hidden_at, i.hidden_reason, i.hidden_by, \
     i.updated_at FROM item i LEFT JOIN item_manufacturer m ON m.id = i.manufacturer_id \
     LEFT JOIN category k ON k.id = i.category_id";

/// `{"hidden": …}` with the reason while hidden: the audit entry's before or after.
fn audit_state(item: &CatalogItem) -> serde_json::Value {
    if item.hidden {
        serde_json::json!({"hidden": true, "reason": item.hidden_reason, "code": item.code})
    } else {
        serde_json::json!({"hidden": false, "code": item.code})
    }
}

macro_rules! catalog_admin_store {
    ($store:ident, $pool:ty, $db:ty, $lock:expr, $record_audit:path) => {
        #[derive(Clone)]
        pub struct $store {
            pool: $pool,
        }

        impl $store {
            pub fn new(pool: $pool) -> Self {
                Self { pool }
            }
        }

        fn push_filter(builder: &mut sqlx::QueryBuilder<'_, $db>, filter: &CatalogFilter) {
            builder.push(" WHERE 1 = 1");
            match filter.hidden {
                Some(true) => {
                    builder.push(" AND i.hidden_at IS NOT NULL");
                }
                Some(false) => {
                    builder.push(" AND i.hidden_at IS NULL");
                }
                None => {}
            }
            if let Some(keyword) = &filter.keyword {
                let pattern = like_pattern(keyword);
                builder
                    .push(" AND (LOWER(i.code) LIKE ")
                    .push_bind(pattern.clone())
                    .push(" ESCAPE '\\' OR LOWER(i.name) LIKE ")
                    .push_bind(pattern)
                    .push(" ESCAPE '\\' OR i.id = ")
                    .push_bind(keyword.parse::<i64>().ok())
                    .push(")");
            }
        }

        impl CatalogAdminStore for $store {
            async fn page_items(
                &self,
                filter: &CatalogFilter,
                offset: i64,
                limit: i64,
            ) -> anyhow::Result<(Vec<CatalogItem>, i64)> {
                let mut count = sqlx::QueryBuilder::<$db>::new("SELECT COUNT(*) FROM item i");
                push_filter(&mut count, filter);
                let total: i64 = count
                    .build_query_scalar()
                    .fetch_one(&self.pool)
                    .await
                    .context("counting catalogue items")?;
                let mut list = sqlx::QueryBuilder::<$db>::new(SELECT_ROWS);
                push_filter(&mut list, filter);
                list.push(" ORDER BY i.id LIMIT ")
                    .push_bind(limit)
                    .push(" OFFSET ")
                    .push_bind(offset);
                let rows: Vec<CatalogRow> = list
                    .build_query_as()
                    .fetch_all(&self.pool)
                    .await
                    .context("listing catalogue items")?;
                Ok((rows.into_iter().map(Into::into).collect(), total))
            }

            #[tracing::instrument(skip(self, visibility, actor))]
            async fn set_visibility(
                &self,
                library: &str,
                id: i64,
                visibility: &Visibility,
                actor: &Actor,
            ) -> anyhow::Result<HideOutcome> {
                let mut tx = self
                    .pool
                    .begin()
                    .await
                    .context("starting to hide an item")?;
                // The upserts' lock: change-feed entries are handed out in commit order, and
                // the state read below stays true until this commits.
                sqlx::query($lock)
                    .execute(&mut *tx)
                    .await
                    .context("taking the item write lock")?;
                let read = format!("{SELECT_ROWS} WHERE i.id = $1");
                let before: Option<CatalogRow> = sqlx::query_as(&read)
                    .bind(id)
                    .fetch_optional(&mut *tx)
                    .await
                    .context("reading the item to hide")?;
                let Some(before) = before.map(CatalogItem::from) else {
                    return Ok(HideOutcome::NotFound);
                };
                let now = Utc::now().trunc_subsecs(3);
                let (action, update) = match visibility {
                    Visibility::Hidden { .. } if before.hidden => {
                        return Ok(HideOutcome::Unchanged(Box::new(before)))
                    }
                    Visibility::Visible if !before.hidden => {
                        return Ok(HideOutcome::Unchanged(Box::new(before)))
                    }
                    Visibility::Hidden { reason } => (
                        ACTION_CATALOG_ITEM_HIDE,
                        sqlx::query(
                            "UPDATE item SET hidden_at = $2, hidden_reason = $3, hidden_by = $4 \
                             WHERE id = $1",
                        )
                        .bind(id)
                        .bind(now)
                        .bind(reason.clone())
                        .bind(actor.user_id),
                    ),
                    Visibility::Visible => (
                        ACTION_CATALOG_ITEM_UNHIDE,
                        sqlx::query(
                            "UPDATE item SET hidden_at = NULL, hidden_reason = NULL, \
                             hidden_by = NULL WHERE id = $1",
                        )
                        .bind(id),
                    ),
                };
                update
                    .execute(&mut *tx)
                    .await
                    .context("storing the item's hidden state")?;
                sqlx::query("INSERT INTO item_change (item_id, changed_at) VALUES ($1, $2)")
                    .bind(id)
                    .bind(now)
                    .execute(&mut *tx)
                    .await
                    .context("appending the change")?;
                let after: CatalogRow = sqlx::query_as(&read)
                    .bind(id)
                    .fetch_one(&mut *tx)
                    .await
                    .context("reading the hidden item")?;
                let after = CatalogItem::from(after);
                let entry = AuditEntry {
                    library,
                    actor,
                    action,
                    target_type: TARGET_CATALOG_ITEM,
                    target_id: id.to_string(),
                    before: audit_state(&before),
                    after: audit_state(&after),
                };
                $record_audit(&mut *tx, &entry).await?;
                tx.commit()
                    .await
                    .context("committing the item's hidden state")?;
                Ok(HideOutcome::Changed(Box::new(after)))
            }
        }
    };
}

mod sqlite_impl {
    use super::*;
    catalog_admin_store!(
        SqliteCatalogAdminStore,
        SqlitePool,
        sqlx::Sqlite,
        SQLITE_UPSERT_LOCK,
        crate::audit::store::sqlite_impl::record
    );
}
mod postgres_impl {
    use super::*;
    catalog_admin_store!(
        PgCatalogAdminStore,
        PgPool,
        sqlx::Postgres,
        POSTGRES_UPSERT_LOCK,
        crate::audit::store::postgres_impl::record
    );
}
pub use postgres_impl::PgCatalogAdminStore;
pub use sqlite_impl::SqliteCatalogAdminStore;

kernel::repository! {
    /// The operators' item store of the library's database, whichever backend it is.
    #[derive(Clone)]
    pub enum CatalogAdminRepository: CatalogAdminStore {
        Sqlite(SqliteCatalogAdminStore),
        Postgres(PgCatalogAdminStore),
    }
    async fn page_items(&self, filter: &CatalogFilter, offset: i64, limit: i64) -> anyhow::Result<(Vec<CatalogItem>, i64)>;
    async fn set_visibility(&self, library: &str, id: i64, visibility: &Visibility, actor: &Actor) -> anyhow::Result<HideOutcome>;
}
