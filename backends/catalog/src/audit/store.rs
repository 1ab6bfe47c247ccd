//! The `library_audit_log` table: `record`, run inside the transaction of the change it records,
//! and the page operators search (one store per backend, stamped from one macro).

use anyhow::Context;
use chrono::{DateTime, SubsecRound, Utc};
use sqlx::{PgPool, SqlitePool};

use super::{AuditEntry, AuditFilter, LibraryAuditLogView};
use crate::enterprise::store::like_pattern;

#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
struct AuditRow {
    id: i64,
    library: String,
    operator_id: i64,
    action: String,
    target_type: String,
    target_id: String,
    before_json: String,
    after_json: String,
    client_ip: String,
    created_at: DateTime<Utc>,
}

impl From<AuditRow> for LibraryAuditLogView {
    fn from(row: AuditRow) -> Self {
        let json = |text: &str| serde_json::from_str(text).unwrap_or(serde_json::Value::Null);
        Self {
            id: row.id,
            before: json(&row.before_json),
            after: json(&row.after_json),
            library: row.library,
            operator_id: row.operator_id,
            action: row.action,
            target_type: row.target_type,
            target_id: row.target_id,
            client_ip: row.client_ip,
            create_time: row.created_at.timestamp_millis(),
        }
    }
}

#[allow(async_fn_in_trait)] // used with concrete types only; no `dyn`
pub trait LibraryAuditStore {
    /// Writes `entry` on its own, for an action with no transaction of its own to join (a
    /// search-index rebuild, which changes no table).
    async fn record_alone(&self, entry: &AuditEntry<'_>) -> anyhow::Result<()>;
    /// `library`'s entries, newest first; the page and the total count.
    async fn page_audit(
        &self,
        library: &str,
        filter: &AuditFilter,
        offset: i64,
        limit: i64,
    ) -> anyhow::Result<(Vec<LibraryAuditLogView>, i64)>;
}

const SELECT_AUDIT: &str = "SELECT id, library, operator_id, action, target_type, target_id, \
     before_json, after_json, client_ip, created_at FROM library_audit_log";

macro_rules! library_audit_store {
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
            sqlx::query(
                "INSERT INTO library_audit_log (library, operator_id, action, target_type, \
                 target_id, before_json, after_json, client_ip, created_at) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
            )
            .bind(entry.library)
            .bind(entry.actor.user_id)
            .bind(entry.action)
            .bind(entry.target_type)
            .bind(&entry.target_id)
            .bind(entry.before.to_string())
            .bind(entry.after.to_string())
            .bind(&entry.actor.client_ip)
            .bind(Utc::now().trunc_subsecs(3))
            .execute(connection)
            .await
            .context("writing the library audit log entry")?;
            Ok(())
        }

        fn push_filter(
            builder: &mut sqlx::QueryBuilder<'_, $db>,
            library: &str,
            filter: &AuditFilter,
        ) {
            builder
                .push(" WHERE library = ")
                .push_bind(library.to_owned());
            if let Some(action) = &filter.action {
                builder.push(" AND action = ").push_bind(action.clone());
            }
            if let Some(operator_id) = filter.operator_id {
                builder.push(" AND operator_id = ").push_bind(operator_id);
            }
            if let Some(from) = filter.created_from {
                builder.push(" AND created_at >= ").push_bind(from);
            }
            if let Some(before) = filter.created_before {
                builder.push(" AND created_at < ").push_bind(before);
            }
            if let Some(keyword) = &filter.keyword {
                let pattern = like_pattern(keyword);
                builder.push(" AND (");
                for (index, column) in [
                    "action",
                    "target_type",
                    "target_id",
                    "before_json",
                    "after_json",
                ]
                .iter()
                .enumerate()
                {
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

        impl LibraryAuditStore for $store {
            async fn record_alone(&self, entry: &AuditEntry<'_>) -> anyhow::Result<()> {
                let mut connection = self
                    .pool
                    .acquire()
                    .await
                    .context("connecting to write the library audit log")?;
                record(&mut connection, entry).await
            }

            async fn page_audit(
                &self,
                library: &str,
                filter: &AuditFilter,
                offset: i64,
                limit: i64,
            ) -> anyhow::Result<(Vec<LibraryAuditLogView>, i64)> {
                let mut count =
                    sqlx::QueryBuilder::<$db>::new("SELECT COUNT(*) FROM library_audit_log");
                push_filter(&mut count, library, filter);
                let total: i64 = count
                    .build_query_scalar()
                    .fetch_one(&self.pool)
                    .await
                    .context("counting library audit log entries")?;
                let mut list = sqlx::QueryBuilder::<$db>::new(SELECT_AUDIT);
                push_filter(&mut list, library, filter);
                list.push(" ORDER BY id DESC LIMIT ")
                    .push_bind(limit)
                    .push(" OFFSET ")
                    .push_bind(offset);
                let rows: Vec<AuditRow> = list
                    .build_query_as()
                    .fetch_all(&self.pool)
                    .await
                    .context("listing library audit log entries")?;
                Ok((rows.into_iter().map(Into::into).collect(), total))
            }
        }
    };
}

pub mod sqlite_impl {
    use super::*;
    library_audit_store!(SqliteLibraryAuditStore, SqlitePool, sqlx::Sqlite);
}
pub mod postgres_impl {
    use super::*;
    library_audit_store!(PgLibraryAuditStore, PgPool, sqlx::Postgres);
}
pub use postgres_impl::PgLibraryAuditStore;
pub use sqlite_impl::SqliteLibraryAuditStore;

kernel::repository! {
    /// The audit log of the library's database, whichever backend it is.
    #[derive(Clone)]
    pub enum LibraryAuditRepository: LibraryAuditStore {
        Sqlite(SqliteLibraryAuditStore),
        Postgres(PgLibraryAuditStore),
    }
    async fn record_alone(&self, entry: &AuditEntry<'_>) -> anyhow::Result<()>;
    async fn page_audit(&self, library: &str, filter: &AuditFilter, offset: i64, limit: i64) -> anyhow::Result<(Vec<LibraryAuditLogView>, i64)>;
}
