//! The audit-log store: the page the operators search, and `record`, the insert every
//! operator change runs inside its own transaction (one per backend, stamped from one macro).

use anyhow::Context;
use chrono::{DateTime, Utc};
use sqlx::{PgPool, SqlitePool};

use super::AuditEntry;
use crate::{accounts::store::now, operation::page::Paging};

/// A stored entry with the operator's account names (absent when the account is gone).
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct AuditRecord {
    pub id: i64,
    pub operator_id: i64,
    pub operator_username: Option<String>,
    pub operator_nickname: Option<String>,
    pub action: String,
    pub target_type: String,
    pub target_id: String,
    pub before_json: String,
    pub after_json: String,
    pub client_ip: String,
    pub created_at: DateTime<Utc>,
}

/// Page filters (all optional, combined with AND).
#[derive(Debug, Clone, Default)]
pub struct AuditFilter {
    /// A `LIKE` pattern (`operation::text::contains_pattern`) over the action, the target, the
    /// before/after texts and the operator's username and nickname.
    pub keyword_pattern: Option<String>,
    pub action: Option<String>,
    pub operator_id: Option<i64>,
    pub created_from: Option<DateTime<Utc>>,
    /// Exclusive.
    pub created_before: Option<DateTime<Utc>>,
}

#[allow(async_fn_in_trait)] // used with concrete types only; no `dyn`
pub trait AuditStore {
    /// Newest first; answers the page and the total count.
    async fn page_audit(
        &self,
        filter: &AuditFilter,
        paging: Paging,
    ) -> anyhow::Result<(Vec<AuditRecord>, i64)>;
    /// The accounts of `ids` that exist: `(id, username, nickname)`, by id. The library
    /// services' audit logs carry the operator's id only; the audit page names them with this.
    async fn operator_names(&self, ids: &[i64]) -> anyhow::Result<Vec<(i64, String, String)>>;
}

const SELECT_AUDIT: &str = "SELECT a.id, a.operator_id, u.username AS operator_username, \
     u.nickname AS operator_nickname, a.action, a.target_type, a.target_id, a.before_json, \
     a.after_json, a.client_ip, a.created_at \
     FROM operation_audit_log a LEFT JOIN app_user u ON u.id = a.operator_id";
const COUNT_AUDIT: &str =
    "SELECT COUNT(*) FROM operation_audit_log a LEFT JOIN app_user u ON u.id = a.operator_id";
const INSERT_AUDIT: &str = "INSERT INTO operation_audit_log (operator_id, action, target_type, \
     target_id, before_json, after_json, client_ip, created_at) \
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)";

macro_rules! audit_store {
    ($store:ident, $pool:ty, $db:ty) => {
        #[derive(Clone)]
        pub struct $store {
            pool: $pool,
        }

        impl $store {
            pub fn new(pool: $pool) -> Self {
                Self { pool }
            }
        }

        /// Writes `entry` on `connection` (the change's transaction).
        pub async fn record(
            connection: &mut <$db as sqlx::Database>::Connection,
            entry: &AuditEntry<'_>,
        ) -> anyhow::Result<()> {
            sqlx::query(INSERT_AUDIT)
                .bind(entry.actor.user_id)
                .bind(entry.action)
                .bind(entry.target_type)
                .bind(&entry.target_id)
                .bind(entry.before.to_string())
                .bind(entry.after.to_string())
                .bind(&entry.actor.client_ip)
                .bind(now())
                .execute(connection)
                .await
                .context("writing the audit log entry")?;
            Ok(())
        }

        fn push_filter(builder: &mut sqlx::QueryBuilder<'_, $db>, filter: &AuditFilter) {
            builder.push(" WHERE 1 = 1");
            if let Some(action) = &filter.action {
                builder.push(" AND a.action = ").push_bind(action.clone());
            }
            if let Some(operator_id) = filter.operator_id {
                builder.push(" AND a.operator_id = ").push_bind(operator_id);
            }
            if let Some(from) = filter.created_from {
                builder.push(" AND a.created_at >= ").push_bind(from);
            }
            if let Some(before) = filter.created_before {
                builder.push(" AND a.created_at < ").push_bind(before);
            }
            if let Some(pattern) = &filter.keyword_pattern {
                let columns = [
                    "a.action",
                    "a.target_type",
                    "a.target_id",
                    "a.before_json",
                    "a.after_json",
                    "COALESCE(u.username, '')",
                    "COALESCE(u.nickname, '')",
                ];
                builder.push(" AND (");
                for (index, column) in columns.iter().enumerate() {
                    if index > 0 {
                        builder.push(" OR ");
                    }
                    builder
                        .push(format!("LOWER({column}) LIKE "))
                        .push_bind(pattern.clone())
                        .push(" ESCAPE '\\'");
                }
                builder.push(")");
            }
        }

        impl AuditStore for $store {
            async fn page_audit(
                &self,
                filter: &AuditFilter,
                paging: Paging,
            ) -> anyhow::Result<(Vec<AuditRecord>, i64)> {
                let mut count = sqlx::QueryBuilder::<$db>::new(COUNT_AUDIT);
                push_filter(&mut count, filter);
                let total: i64 = count
                    .build_query_scalar()
                    .fetch_one(&self.pool)
                    .await
                    .context("counting audit log entries")?;
                let mut list = sqlx::QueryBuilder::<$db>::new(SELECT_AUDIT);
                push_filter(&mut list, filter);
                list.push(" ORDER BY a.id DESC LIMIT ")
                    .push_bind(paging.limit)
                    .push(" OFFSET ")
                    .push_bind(paging.offset);
                let rows = list
                    .build_query_as()
                    .fetch_all(&self.pool)
                    .await
                    .context("listing audit log entries")?;
                Ok((rows, total))
            }

            async fn operator_names(
                &self,
                ids: &[i64],
            ) -> anyhow::Result<Vec<(i64, String, String)>> {
                if ids.is_empty() {
                    return Ok(Vec::new());
                }
                let mut select = sqlx::QueryBuilder::<$db>::new(
                    "SELECT id, username, nickname FROM app_user WHERE id IN (",
                );
                let mut separated = select.separated(", ");
                for id in ids {
                    separated.push_bind(*id);
                }
                select.push(") ORDER BY id");
                select
                    .build_query_as()
                    .fetch_all(&self.pool)
                    .await
                    .context("reading operators' names")
            }
        }
    };
}

pub mod sqlite_impl {
    use super::*;
    audit_store!(SqliteAuditStore, SqlitePool, sqlx::Sqlite);
}
pub mod postgres_impl {
    use super::*;
    audit_store!(PgAuditStore, PgPool, sqlx::Postgres);
}
pub use postgres_impl::PgAuditStore;
pub use sqlite_impl::SqliteAuditStore;

kernel::repository! {
    /// The audit-log store of the system database, whichever backend it is.
    #[derive(Clone)]
    pub enum AuditRepository: AuditStore {
        Sqlite(SqliteAuditStore),
        Postgres(PgAuditStore),
    }
    async fn page_audit(&self, filter: &AuditFilter, paging: Paging) -> anyhow::Result<(Vec<AuditRecord>, i64)>;
    async fn operator_names(&self, ids: &[i64]) -> anyhow::Result<Vec<(i64, String, String)>>;
}
