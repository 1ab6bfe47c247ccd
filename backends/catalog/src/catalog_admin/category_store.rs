//! The operators' reads and writes of a library's category tree (one store per backend, stamped
//! from one macro): every category with its correction and counts; correcting one and hiding or
//! showing one, each with its audit log entry and a new category stamp in one transaction.

use anyhow::Context;
use chrono::{SubsecRound, Utc};
use sqlx::{PgPool, SqlitePool};

use super::category::{
    CategoryAdminRow, CategoryEdit, CategoryEditOutcome, CategoryHideOutcome, CategoryOverride,
    ACTION_CATEGORY_HIDE, ACTION_CATEGORY_UNHIDE, ACTION_CATEGORY_UPDATE, TARGET_CATEGORY,
};
use super::Visibility;
use crate::audit::{Actor, AuditEntry};
use crate::item::store::{POSTGRES_UPSERT_LOCK, SQLITE_UPSERT_LOCK};
use crate::store::{CATEGORY_SEED, POSTGRES_SYNC_LOCK, SQLITE_SYNC_LOCK, TOUCH_STAMP};
use crate::taxonomy::FlatCategory;

#[allow(async_fn_in_trait)] // used with concrete types only; no `dyn`
pub trait CategoryAdminStore {
    /// Every category with its correction, its hidden state and the items filed directly under it
    /// (public visible ones; `library`'s organisation items that are pending or approved).
    async fn category_rows(&self, library: &str) -> anyhow::Result<Vec<CategoryAdminRow>>;
    /// Corrects category `code` against `source`, the taxonomy file's entry (`None`: the file no
    /// longer lists it). Renamed categories re-index the items of their subtree.
    async fn edit_category(
        &self,
        library: &str,
        code: &str,
        source: Option<&FlatCategory>,
        edit: &CategoryEdit,
        actor: &Actor,
    ) -> anyhow::Result<CategoryEditOutcome>;
    /// Hides category `code` (only when no item the public or an organisation sees is in its
    /// subtree) or shows it again.
    async fn set_category_visibility(
        &self,
        library: &str,
        code: &str,
        visibility: &Visibility,
        actor: &Actor,
    ) -> anyhow::Result<CategoryHideOutcome>;
}

const SELECT_ROWS: &str = "SELECT c.id, c.code, c.parent_id, c.name, c.name_en, c.sort, \
     c.hidden_at, c.hidden_reason, c.hidden_by, \
     o.name AS corrected_name, o.name_en AS corrected_name_en, o.sort AS corrected_sort, \
     o.reason AS correction_reason, o.updated_by AS corrected_by, o.updated_at AS correction_time, \
     COALESCE(ic.n, 0) AS item_count, COALESCE(ec.n, 0) AS enterprise_item_count \
     FROM category c \
     LEFT JOIN category_override o ON o.category_id = c.id \
     LEFT JOIN (SELECT category_id, COUNT(*) AS n FROM item WHERE hidden_at IS NULL \
       GROUP BY category_id) ic ON ic.category_id = c.id \
     LEFT JOIN (SELECT category_id, COUNT(*) AS n FROM enterprise_item \
       WHERE library = $1 AND state <> 'rejected' GROUP BY category_id) ec \
       ON ec.category_id = c.id";

/// The category's id, shown values, path and hidden state (`$1` its code).
const SELECT_CATEGORY: &str = "SELECT c.id, c.name, c.name_en, c.sort, c.path, \
     c.hidden_at IS NOT NULL AS hidden, c.hidden_reason FROM category c WHERE c.code = $1";
#[derive(Debug, Clone, sqlx::FromRow)]
struct CategoryState {
    id: i64,
    name: String,
    name_en: String,
    sort: i32,
    path: String,
    hidden: bool,
    hidden_reason: Option<String>,
}

impl CategoryState {
    /// What the audit log records of it.
    fn audited(&self) -> serde_json::Value {
        serde_json::json!({
            "name": self.name,
            "nameEn": self.name_en,
            "sort": self.sort,
            "hidden": self.hidden,
            "hiddenReason": self.hidden_reason,
        })
    }
}

/// The categories of a subtree: `$1` its path, `$2` the path's prefix pattern (`<path>/%`).
const IN_SUBTREE: &str = "SELECT id FROM category WHERE path = $1 OR path LIKE $2";

macro_rules! category_admin_store {
    ($store:ident, $pool:ty, $db:ty, $item_lock:expr, $sync_lock:expr, $record_audit:path) => {
        #[derive(Clone)]
        pub struct $store {
            pool: $pool,
        }

        impl $store {
            pub fn new(pool: $pool) -> Self {
                Self { pool }
            }

            /// A transaction holding the item upserts' lock (a rename appends change-feed
            /// entries, handed out in commit order) and then the category sync's (a sync reads
            /// the corrections it applies): `code`'s row and state as of now.
            async fn locked(
                &self,
                what: &str,
                code: &str,
            ) -> anyhow::Result<(sqlx::Transaction<'static, $db>, Option<CategoryState>)> {
                let mut tx = self
                    .pool
                    .begin()
                    .await
                    .with_context(|| format!("starting to {what}"))?;
                for lock in [$item_lock, $sync_lock] {
                    sqlx::query(lock)
                        .execute(&mut *tx)
                        .await
                        .context("taking the category write locks")?;
                }
                let state = sqlx::query_as(SELECT_CATEGORY)
                    .bind(code)
                    .fetch_optional(&mut *tx)
                    .await
                    .with_context(|| format!("reading the category to {what}"))?;
                Ok((tx, state))
            }
        }

        /// Records the change in the audit log and a new category stamp (readers of the tree
        /// read it again), then commits.
        async fn finish(
            mut tx: sqlx::Transaction<'static, $db>,
            entry: &AuditEntry<'_>,
            now: chrono::DateTime<Utc>,
        ) -> anyhow::Result<()> {
            sqlx::query(TOUCH_STAMP)
                .bind(CATEGORY_SEED)
                .bind(now)
                .execute(&mut *tx)
                .await
                .context("stamping the category change")?;
            $record_audit(&mut *tx, entry).await?;
            tx.commit()
                .await
                .context("committing the category change")
        }

        impl CategoryAdminStore for $store {
            #[tracing::instrument(skip(self))]
            async fn category_rows(&self, library: &str) -> anyhow::Result<Vec<CategoryAdminRow>> {
                sqlx::query_as(SELECT_ROWS)
                    .bind(library)
                    .fetch_all(&self.pool)
                    .await
                    .context("listing the categories for operators")
            }

            #[tracing::instrument(skip(self, source, edit, actor))]
            async fn edit_category(
                &self,
                library: &str,
                code: &str,
                source: Option<&FlatCategory>,
                edit: &CategoryEdit,
                actor: &Actor,
            ) -> anyhow::Result<CategoryEditOutcome> {
                let (mut tx, before) = self.locked("correct a category", code).await?;
                let Some(before) = before else {
                    return Ok(CategoryEditOutcome::NotFound);
                };
                let Some(source) = source else {
                    return Ok(CategoryEditOutcome::Stale);
                };
                let (id, path) = (before.id, &before.path);
                if before.name == edit.name && before.name_en == edit.name_en && before.sort == edit.sort
                {
                    return Ok(CategoryEditOutcome::Unchanged);
                }
                let now = Utc::now().trunc_subsecs(3);
                let correction = CategoryOverride::between(edit, source);
                if correction.is_empty() {
                    sqlx::query("DELETE FROM category_override WHERE category_id = $1")
                        .bind(id)
                        .execute(&mut *tx)
                        .await
                        .context("dropping the category's corrections")?;
                } else {
                    sqlx::query(
                        "INSERT INTO category_override \
                         (category_id, name, name_en, sort, reason, updated_by, updated_at) \
                         VALUES ($1, $2, $3, $4, $5, $6, $7) \
                         ON CONFLICT (category_id) DO UPDATE SET name = excluded.name, \
                         name_en = excluded.name_en, sort = excluded.sort, \
                         reason = excluded.reason, updated_by = excluded.updated_by, \
                         updated_at = excluded.updated_at",
                    )
                    .bind(id)
                    .bind(&correction.name)
                    .bind(&correction.name_en)
                    .bind(correction.sort)
                    .bind(&edit.reason)
                    .bind(actor.user_id)
                    .bind(now)
                    .execute(&mut *tx)
                    .await
                    .context("storing the category's corrections")?;
                }
                sqlx::query(
                    "UPDATE category SET name = $2, name_en = $3, sort = $4, updated_at = $5 \
                     WHERE id = $1",
                )
                .bind(id)
                .bind(&edit.name)
                .bind(&edit.name_en)
                .bind(edit.sort)
                .bind(now)
                .execute(&mut *tx)
                .await
                .context("correcting the category")?;
                if before.name != edit.name || before.name_en != edit.name_en {
                    // Search documents carry their category path's names.
                    sqlx::query(&format!(
                        "INSERT INTO item_change (item_id, changed_at) SELECT i.id, $3 \
                         FROM item i WHERE i.category_id IN ({IN_SUBTREE}) ORDER BY i.id"
                    ))
                    .bind(path)
                    .bind(format!("{path}/%"))
                    .bind(now)
                    .execute(&mut *tx)
                    .await
                    .context("appending the renamed category's item changes")?;
                }
                let after = CategoryState {
                    name: edit.name.clone(),
                    name_en: edit.name_en.clone(),
                    sort: edit.sort,
                    ..before.clone()
                };
                let mut after_state = after.audited();
                after_state["reason"] = serde_json::Value::from(edit.reason.clone());
                let entry = AuditEntry {
                    library,
                    actor,
                    action: ACTION_CATEGORY_UPDATE,
                    target_type: TARGET_CATEGORY,
                    target_id: code.to_owned(),
                    before: before.audited(),
                    after: after_state,
                };
                finish(tx, &entry, now).await?;
                Ok(CategoryEditOutcome::Changed)
            }

            #[tracing::instrument(skip(self, actor))]
            async fn set_category_visibility(
                &self,
                library: &str,
                code: &str,
                visibility: &Visibility,
                actor: &Actor,
            ) -> anyhow::Result<CategoryHideOutcome> {
                let (mut tx, before) = self.locked("hide a category", code).await?;
                let Some(before) = before else {
                    return Ok(CategoryHideOutcome::NotFound);
                };
                let (id, path, hidden) = (before.id, &before.path, before.hidden);
                let now = Utc::now().trunc_subsecs(3);
                let (action, reason) = match visibility {
                    Visibility::Hidden { .. } if hidden => {
                        return Ok(CategoryHideOutcome::Unchanged)
                    }
                    Visibility::Visible if !hidden => return Ok(CategoryHideOutcome::Unchanged),
                    Visibility::Hidden { reason } => (ACTION_CATEGORY_HIDE, Some(reason.clone())),
                    Visibility::Visible => (ACTION_CATEGORY_UNHIDE, None),
                };
                if reason.is_some() {
                    let (items, enterprise_items): (i64, i64) = sqlx::query_as(&format!(
                        "SELECT \
                         (SELECT COUNT(*) FROM item WHERE hidden_at IS NULL \
                           AND category_id IN ({IN_SUBTREE})), \
                         (SELECT COUNT(*) FROM enterprise_item WHERE library = $3 \
                           AND state <> 'rejected' AND category_id IN ({IN_SUBTREE}))"
                    ))
                    .bind(path)
                    .bind(format!("{path}/%"))
                    .bind(library)
                    .fetch_one(&mut *tx)
                    .await
                    .context("counting the items under the category")?;
                    if items + enterprise_items > 0 {
                        return Ok(CategoryHideOutcome::NotEmpty {
                            items,
                            enterprise_items,
                        });
                    }
                }
                sqlx::query(
                    "UPDATE category SET hidden_at = $2, hidden_reason = $3, hidden_by = $4 \
                     WHERE id = $1",
                )
                .bind(id)
                .bind(reason.as_ref().map(|_| now))
                .bind(&reason)
                .bind(reason.as_ref().map(|_| actor.user_id))
                .execute(&mut *tx)
                .await
                .context("storing the category's hidden state")?;
                let after = CategoryState {
                    hidden: reason.is_some(),
                    hidden_reason: reason,
                    ..before.clone()
                };
                let entry = AuditEntry {
                    library,
                    actor,
                    action,
                    target_type: TARGET_CATEGORY,
                    target_id: code.to_owned(),
                    before: before.audited(),
                    after: after.audited(),
                };
                finish(tx, &entry, now).await?;
                Ok(CategoryHideOutcome::Changed)
            }
        }
    };
}

pub(crate) mod sqlite_impl {
    use super::*;
    category_admin_store!(
        SqliteCategoryAdminStore,
        SqlitePool,
        sqlx::Sqlite,
        SQLITE_UPSERT_LOCK,
        SQLITE_SYNC_LOCK,
        crate::audit::store::sqlite_impl::record
    );
}
pub(crate) mod postgres_impl {
    use super::*;
    category_admin_store!(
        PgCategoryAdminStore,
        PgPool,
        sqlx::Postgres,
        POSTGRES_UPSERT_LOCK,
        POSTGRES_SYNC_LOCK,
        crate::audit::store::postgres_impl::record
    );
}
pub use postgres_impl::PgCategoryAdminStore;
pub use sqlite_impl::SqliteCategoryAdminStore;

kernel::repository! {
    /// The operators' category store of the library's database, whichever backend it is.
    #[derive(Clone)]
    pub enum CategoryAdminRepository: CategoryAdminStore {
        Sqlite(SqliteCategoryAdminStore),
        Postgres(PgCategoryAdminStore),
    }
    async fn category_rows(&self, library: &str) -> anyhow::Result<Vec<CategoryAdminRow>>;
    async fn edit_category(&self, library: &str, code: &str, source: Option<&FlatCategory>, edit: &CategoryEdit, actor: &Actor) -> anyhow::Result<CategoryEditOutcome>;
    async fn set_category_visibility(&self, library: &str, code: &str, visibility: &Visibility, actor: &Actor) -> anyhow::Result<CategoryHideOutcome>;
}
