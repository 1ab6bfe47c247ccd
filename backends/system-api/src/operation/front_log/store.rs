//! The front-end log store: one trait, SQLite and PostgreSQL implementations stamped from one
//! macro, and [`FrontLogRepository`] dispatching on the service's pool.

use anyhow::Context;
use chrono::{DateTime, Utc};
use sqlx::{PgPool, SqlitePool};

use crate::{accounts::store::now, operation::page::Paging};

/// One entry to store (already truncated).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct NewFrontLog {
    pub user_id: Option<i64>,
    pub client_ip: String,
    pub user_agent: String,
    pub level: i32,
    pub message: String,
    pub name: String,
    pub code: String,
    pub stack: String,
    pub url: String,
    pub position: String,
    pub source: String,
    /// The entry's other fields as JSON text (empty when none).
    pub extra: String,
    pub client_time: Option<i64>,
}

#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct FrontLogRecord {
    pub id: i64,
    pub user_id: Option<i64>,
    pub client_ip: String,
    pub user_agent: String,
    pub level: i32,
    pub message: String,
    pub name: String,
    pub code: String,
    pub stack: String,
    pub url: String,
    pub position: String,
    pub source: String,
    pub extra: String,
    pub client_time: Option<i64>,
    pub created_at: DateTime<Utc>,
}

/// Operator search filters (all optional, combined with AND).
#[derive(Debug, Clone, Default)]
pub struct FrontLogFilter {
    /// A `LIKE` pattern over message, name, stack, code and the extra fields.
    pub text_pattern: Option<String>,
    /// A `LIKE` pattern over the page URL.
    pub url_pattern: Option<String>,
    pub level: Option<i32>,
    pub user_id: Option<i64>,
    pub created_from: Option<DateTime<Utc>>,
    /// Exclusive.
    pub created_before: Option<DateTime<Utc>>,
}

#[allow(async_fn_in_trait)] // used with concrete types only; no `dyn`
pub trait FrontLogStore {
    /// Stores a batch in one statement; answers how many rows.
    async fn insert_logs(&self, entries: &[NewFrontLog]) -> anyhow::Result<u64>;
    /// Deletes the entries received before `before`; answers how many.
    async fn delete_logs_before(&self, before: DateTime<Utc>) -> anyhow::Result<u64>;
    /// Newest first; answers the page and the total count.
    async fn page_logs(
        &self,
        filter: &FrontLogFilter,
        paging: Paging,
    ) -> anyhow::Result<(Vec<FrontLogRecord>, i64)>;
}

const SELECT_LOGS: &str = "SELECT id, user_id, client_ip, user_agent, level, message, name, \
     code, stack, url, position, source, extra, client_time, created_at FROM front_log";

macro_rules! front_log_store {
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

        fn push_filter(builder: &mut sqlx::QueryBuilder<'_, $db>, filter: &FrontLogFilter) {
            builder.push(" WHERE 1 = 1");
            if let Some(level) = filter.level {
                builder.push(" AND level = ").push_bind(level);
            }
            if let Some(user_id) = filter.user_id {
                builder.push(" AND user_id = ").push_bind(user_id);
            }
            if let Some(from) = filter.created_from {
                builder.push(" AND created_at >= ").push_bind(from);
            }
            if let Some(before) = filter.created_before {
                builder.push(" AND created_at < ").push_bind(before);
            }
            if let Some(pattern) = &filter.url_pattern {
                builder
                    .push(" AND LOWER(url) LIKE ")
                    .push_bind(pattern.clone())
                    .push(" ESCAPE '\\'");
            }
            if let Some(pattern) = &filter.text_pattern {
                builder.push(" AND (");
                for (index, column) in ["message", "name", "stack", "code", "extra"]
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

        impl FrontLogStore for $store {
            async fn insert_logs(&self, entries: &[NewFrontLog]) -> anyhow::Result<u64> {
                if entries.is_empty() {
                    return Ok(0);
                }
                let now = now();
                let mut insert = sqlx::QueryBuilder::<$db>::new(
                    "INSERT INTO front_log (user_id, client_ip, user_agent, level, message, \
                     name, code, stack, url, position, source, extra, client_time, created_at, \
                     updated_at) ",
                );
                insert.push_values(entries, |mut row, entry| {
                    row.push_bind(entry.user_id)
                        .push_bind(entry.client_ip.clone())
                        .push_bind(entry.user_agent.clone())
                        .push_bind(entry.level)
                        .push_bind(entry.message.clone())
                        .push_bind(entry.name.clone())
                        .push_bind(entry.code.clone())
                        .push_bind(entry.stack.clone())
                        .push_bind(entry.url.clone())
                        .push_bind(entry.position.clone())
                        .push_bind(entry.source.clone())
                        .push_bind(entry.extra.clone())
                        .push_bind(entry.client_time)
                        .push_bind(now)
                        .push_bind(now);
                });
                let done = insert
                    .build()
                    .execute(&self.pool)
                    .await
                    .context("storing front-end log entries")?;
                Ok(done.rows_affected())
            }

            async fn delete_logs_before(&self, before: DateTime<Utc>) -> anyhow::Result<u64> {
                let done = sqlx::query("DELETE FROM front_log WHERE created_at < $1")
                    .bind(before)
                    .execute(&self.pool)
                    .await
                    .context("deleting old front-end log entries")?;
                Ok(done.rows_affected())
            }

            async fn page_logs(
                &self,
                filter: &FrontLogFilter,
                paging: Paging,
            ) -> anyhow::Result<(Vec<FrontLogRecord>, i64)> {
                let mut count = sqlx::QueryBuilder::<$db>::new("SELECT COUNT(*) FROM front_log");
                push_filter(&mut count, filter);
                let total: i64 = count
                    .build_query_scalar()
                    .fetch_one(&self.pool)
                    .await
                    .context("counting front-end log entries")?;
                let mut list = sqlx::QueryBuilder::<$db>::new(SELECT_LOGS);
                push_filter(&mut list, filter);
                list.push(" ORDER BY id DESC LIMIT ")
                    .push_bind(paging.limit)
                    .push(" OFFSET ")
                    .push_bind(paging.offset);
                let rows = list
                    .build_query_as()
                    .fetch_all(&self.pool)
                    .await
                    .context("listing front-end log entries")?;
                Ok((rows, total))
            }
        }
    };
}

mod sqlite_impl {
    use super::*;
    front_log_store!(SqliteFrontLogStore, SqlitePool, sqlx::Sqlite);
}
mod postgres_impl {
    use super::*;
    front_log_store!(PgFrontLogStore, PgPool, sqlx::Postgres);
}
pub use postgres_impl::PgFrontLogStore;
pub use sqlite_impl::SqliteFrontLogStore;

kernel::repository! {
    /// The front-end log store of the system database, whichever backend it is.
    #[derive(Clone)]
    pub enum FrontLogRepository: FrontLogStore {
        Sqlite(SqliteFrontLogStore),
        Postgres(PgFrontLogStore),
    }
    async fn insert_logs(&self, entries: &[NewFrontLog]) -> anyhow::Result<u64>;
    async fn delete_logs_before(&self, before: DateTime<Utc>) -> anyhow::Result<u64>;
    async fn page_logs(&self, filter: &FrontLogFilter, paging: Paging) -> anyhow::Result<(Vec<FrontLogRecord>, i64)>;
}
