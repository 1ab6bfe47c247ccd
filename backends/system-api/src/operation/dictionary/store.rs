//! The operators' dictionary store: the entries, and a value change written with its audit
//! entry in one transaction, the entry's row locked so that parallel changes form one chain.

use anyhow::Context;
use chrono::{DateTime, Utc};
use serde_json::json;
use sqlx::{PgPool, SqlitePool};

use super::checked_value;
use crate::{
    accounts::store::now,
    operation::audit::{Actor, AuditEntry, ACTION_DICT_UPDATE, TARGET_DICT_DATA},
};

/// One entry.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct DictRow {
    pub id: i64,
    pub dict_type: String,
    pub label: String,
    pub value: String,
    pub sort: i64,
    pub status: i64,
    pub remark: Option<String>,
    pub updated_at: DateTime<Utc>,
}

/// What a value change did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DictChange {
    NotFound,
    /// The value checker refused it (the message says why).
    Invalid(String),
    Unchanged,
    Changed,
}

#[allow(async_fn_in_trait)] // used with concrete types only; no `dyn`
pub trait DictAdminStore {
    /// Every entry (or those of `dict_type`), by type, order and id.
    async fn list_entries(&self, dict_type: Option<&str>) -> anyhow::Result<Vec<DictRow>>;
    /// Sets the value of entry `id` once `checked_value` accepted it for that entry.
    async fn set_value(&self, id: i64, raw: &str, actor: &Actor) -> anyhow::Result<DictChange>;
}

const SELECT_ENTRIES: &str = "SELECT id, dict_type, label, value, CAST(sort AS BIGINT) AS sort, \
     CAST(status AS BIGINT) AS status, remark, updated_at FROM dict_data";

macro_rules! dict_admin_store {
    ($store:ident, $pool:ty, $lock:expr, $accounts:ident, $audit:ident) => {
        #[derive(Clone)]
        pub struct $store {
            pool: $pool,
        }

        impl $store {
            pub fn new(pool: $pool) -> Self {
                Self { pool }
            }
        }

        impl DictAdminStore for $store {
            async fn list_entries(&self, dict_type: Option<&str>) -> anyhow::Result<Vec<DictRow>> {
                // `dict_type = $1` or, with no type, `$1 IS NULL`: one statement for both.
                sqlx::query_as(&format!(
                    "{SELECT_ENTRIES} WHERE ($1 IS NULL OR dict_type = $1) ORDER BY dict_type, sort, id"
                ))
                .bind(dict_type.map(str::to_owned))
                .fetch_all(&self.pool)
                .await
                    .context("listing dictionary entries")
            }

            async fn set_value(
                &self,
                id: i64,
                raw: &str,
                actor: &Actor,
            ) -> anyhow::Result<DictChange> {
                let mut tx = crate::accounts::store::$accounts::begin_write(&self.pool).await?;
                let current: Option<DictRow> =
                    sqlx::query_as(&format!("{SELECT_ENTRIES} WHERE id = $1{}", $lock))
                        .bind(id)
                        .fetch_optional(&mut *tx)
                        .await
                        .context("reading the dictionary entry")?;
                let Some(current) = current else {
                    return Ok(DictChange::NotFound);
                };
                let value = match checked_value(&current.dict_type, &current.label, raw) {
                    Ok(value) => value,
                    Err(reason) => return Ok(DictChange::Invalid(reason)),
                };
                if value == current.value {
                    return Ok(DictChange::Unchanged);
                }
                sqlx::query("UPDATE dict_data SET value = $2, updated_at = $3 WHERE id = $1")
                    .bind(id)
                    .bind(&value)
                    .bind(now())
                    .execute(&mut *tx)
                    .await
                    .context("storing the dictionary value")?;
                let state = |value: &str| {
                    json!({"dictType": current.dict_type, "label": current.label, "value": value})
                };
                let entry = AuditEntry {
                    actor,
                    action: ACTION_DICT_UPDATE,
                    target_type: TARGET_DICT_DATA,
                    target_id: id.to_string(),
                    before: state(&current.value),
                    after: state(&value),
                };
                crate::operation::audit::store::$audit::record(&mut *tx, &entry).await?;
                tx.commit().await.context("committing the dictionary value")?;
                Ok(DictChange::Changed)
            }
        }
    };
}

mod sqlite_impl {
    use super::*;
    // SQLite: `begin_write` already holds the database's write lock.
    dict_admin_store!(
        SqliteDictAdminStore,
        SqlitePool,
        "",
        sqlite_impl,
        sqlite_impl
    );
}
mod postgres_impl {
    use super::*;
    dict_admin_store!(
        PgDictAdminStore,
        PgPool,
        " FOR UPDATE",
        postgres_impl,
        postgres_impl
    );
}
pub use postgres_impl::PgDictAdminStore;
pub use sqlite_impl::SqliteDictAdminStore;

kernel::repository! {
    /// The operators' dictionary store of the system database, whichever backend it is.
    #[derive(Clone)]
    pub enum DictAdminRepository: DictAdminStore {
        Sqlite(SqliteDictAdminStore),
        Postgres(PgDictAdminStore),
    }
    async fn list_entries(&self, dict_type: Option<&str>) -> anyhow::Result<Vec<DictRow>>;
    async fn set_value(&self, id: i64, raw: &str, actor: &Actor) -> anyhow::Result<DictChange>;
}
