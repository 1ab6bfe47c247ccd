//! The usage tables (`usage_search`, `usage_download`; migration `20261127000071_usage.sql`),
//! one store per backend stamped from one macro like the kit's other stores. Every window is a
//! range of UTC days (`day >= $from`), compared as `YYYY-MM-DD` text on both backends.

use anyhow::Context;
use serde::Serialize;
use sqlx::{PgPool, QueryBuilder, SqlitePool};
use utoipa::ToSchema;

use super::{DownloadEvent, SearchEvent};

/// Searches of one day.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct DailySearches {
    /// UTC date, `YYYY-MM-DD`.
    pub date: String,
    pub searches: i64,
    /// Searches that found nothing.
    pub zero_result: i64,
}

/// A query and how often it was searched.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct TopQuery {
    /// Normalised: trimmed, lower-case, whitespace collapsed.
    pub query: String,
    pub searches: i64,
    /// The result total of its latest search.
    pub last_total: i64,
}

/// A query whose latest search (without filters) found nothing.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct ZeroResultQuery {
    pub query: String,
    /// Its searches without filters in the window.
    pub searches: i64,
    /// When it was last searched.
    pub last_seen: chrono::DateTime<chrono::Utc>,
}

/// Downloads of one item's file kind.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct TopDownload {
    pub item_id: i64,
    /// `None` when the item no longer exists.
    pub item_name: Option<String>,
    /// Part number, grade or designation.
    pub part_number: Option<String>,
    /// The file kind (format).
    pub kind: String,
    pub downloads: i64,
}

#[allow(async_fn_in_trait)] // used with concrete types only; no `dyn`
pub trait UsageStore {
    /// Inserts the events in one transaction.
    async fn insert(
        &self,
        searches: &[SearchEvent],
        downloads: &[DownloadEvent],
    ) -> anyhow::Result<()>;
    /// Deletes the events of days before `before` (`YYYY-MM-DD`); answers how many.
    async fn prune(&self, before: &str) -> anyhow::Result<u64>;
    /// Searches per day from `from` on (days without searches are left out).
    async fn daily_searches(&self, library: &str, from: &str)
        -> anyhow::Result<Vec<DailySearches>>;
    /// The most searched queries from `from` on.
    async fn top_queries(
        &self,
        library: &str,
        from: &str,
        limit: i64,
    ) -> anyhow::Result<Vec<TopQuery>>;
    /// Queries whose latest unfiltered search from `from` on found nothing, most searched first.
    async fn zero_result_queries(
        &self,
        library: &str,
        from: &str,
        limit: i64,
    ) -> anyhow::Result<Vec<ZeroResultQuery>>;
    /// The most downloaded (item, kind) pairs from `from` on.
    async fn top_downloads(
        &self,
        library: &str,
        from: &str,
        limit: i64,
    ) -> anyhow::Result<Vec<TopDownload>>;
}

/// Rows per insert statement (7 parameters each: far below either backend's limit).
const ROWS_PER_STATEMENT: usize = 500;

const DAILY: &str = "SELECT day AS date, COUNT(*) AS searches, \
     SUM(CASE WHEN total = 0 THEN 1 ELSE 0 END) AS zero_result \
     FROM usage_search WHERE library = $1 AND day >= $2 GROUP BY day ORDER BY day";
const TOP_QUERIES: &str = "SELECT q.query, q.searches, s.total AS last_total FROM \
     (SELECT query, COUNT(*) AS searches, MAX(id) AS last_id FROM usage_search \
      WHERE library = $1 AND day >= $2 GROUP BY query) q \
     JOIN usage_search s ON s.id = q.last_id \
     ORDER BY q.searches DESC, q.query LIMIT $3";
const ZERO_RESULT: &str = "SELECT q.query, q.searches, s.created_at AS last_seen FROM \
     (SELECT query, COUNT(*) AS searches, MAX(id) AS last_id FROM usage_search \
      WHERE library = $1 AND day >= $2 AND filtered = $3 GROUP BY query) q \
     JOIN usage_search s ON s.id = q.last_id WHERE s.total = 0 \
     ORDER BY q.searches DESC, s.id DESC LIMIT $4";
const TOP_DOWNLOADS: &str =
    "SELECT d.item_id, i.name AS item_name, i.code AS part_number, d.kind, \
     d.downloads FROM \
     (SELECT item_id, kind, COUNT(*) AS downloads FROM usage_download \
      WHERE library = $1 AND day >= $2 GROUP BY item_id, kind) d \
     LEFT JOIN item i ON i.id = d.item_id \
     ORDER BY d.downloads DESC, d.item_id, d.kind LIMIT $3";

macro_rules! usage_store {
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

        impl UsageStore for $store {
            #[tracing::instrument(skip_all, fields(searches = searches.len(), downloads = downloads.len()))]
            async fn insert(
                &self,
                searches: &[SearchEvent],
                downloads: &[DownloadEvent],
            ) -> anyhow::Result<()> {
                let mut tx = self.pool.begin().await.context("starting the transaction")?;
                for chunk in searches.chunks(ROWS_PER_STATEMENT) {
                    let mut insert = QueryBuilder::<$db>::new(
                        "INSERT INTO usage_search \
                         (library, query, filtered, total, user_id, day, created_at) ",
                    );
                    insert.push_values(chunk, |mut row, event| {
                        row.push_bind(event.library)
                            .push_bind(&event.query)
                            .push_bind(event.filtered)
                            .push_bind(event.total)
                            .push_bind(event.user_id)
                            .push_bind(super::day_of(event.at))
                            .push_bind(event.at);
                    });
                    insert
                        .build()
                        .execute(&mut *tx)
                        .await
                        .context("inserting searches")?;
                }
                for chunk in downloads.chunks(ROWS_PER_STATEMENT) {
                    let mut insert = QueryBuilder::<$db>::new(
                        "INSERT INTO usage_download \
                         (library, item_id, kind, user_id, day, created_at) ",
                    );
                    insert.push_values(chunk, |mut row, event| {
                        row.push_bind(event.library)
                            .push_bind(event.item_id)
                            .push_bind(&event.kind)
                            .push_bind(event.user_id)
                            .push_bind(super::day_of(event.at))
                            .push_bind(event.at);
                    });
                    insert
                        .build()
                        .execute(&mut *tx)
                        .await
                        .context("inserting downloads")?;
                }
                tx.commit().await.context("committing usage events")
            }

            async fn prune(&self, before: &str) -> anyhow::Result<u64> {
                let mut pruned = 0;
                for table in ["usage_search", "usage_download"] {
                    pruned += sqlx::query(&format!("DELETE FROM {table} WHERE day < $1"))
                        .bind(before)
                        .execute(&self.pool)
                        .await
                        .with_context(|| format!("pruning {table}"))?
                        .rows_affected();
                }
                Ok(pruned)
            }

            async fn daily_searches(
                &self,
                library: &str,
                from: &str,
            ) -> anyhow::Result<Vec<DailySearches>> {
                sqlx::query_as(DAILY)
                    .bind(library)
                    .bind(from)
                    .fetch_all(&self.pool)
                    .await
                    .context("counting searches per day")
            }

            async fn top_queries(
                &self,
                library: &str,
                from: &str,
                limit: i64,
            ) -> anyhow::Result<Vec<TopQuery>> {
                sqlx::query_as(TOP_QUERIES)
                    .bind(library)
                    .bind(from)
                    .bind(limit)
                    .fetch_all(&self.pool)
                    .await
                    .context("listing top queries")
            }

            async fn zero_result_queries(
                &self,
                library: &str,
                from: &str,
                limit: i64,
            ) -> anyhow::Result<Vec<ZeroResultQuery>> {
                sqlx::query_as(ZERO_RESULT)
                    .bind(library)
                    .bind(from)
                    .bind(false)
                    .bind(limit)
                    .fetch_all(&self.pool)
                    .await
                    .context("listing zero-result queries")
            }

            async fn top_downloads(
                &self,
                library: &str,
                from: &str,
                limit: i64,
            ) -> anyhow::Result<Vec<TopDownload>> {
                sqlx::query_as(TOP_DOWNLOADS)
                    .bind(library)
                    .bind(from)
                    .bind(limit)
                    .fetch_all(&self.pool)
                    .await
                    .context("listing top downloads")
            }
        }
    };
}

usage_store!(SqliteUsageStore, SqlitePool, sqlx::Sqlite);
usage_store!(PgUsageStore, PgPool, sqlx::Postgres);

kernel::repository! {
    /// The usage store of the library's database.
    pub enum UsageRepository: UsageStore {
        Sqlite(SqliteUsageStore),
        Postgres(PgUsageStore),
    }
    async fn insert(&self, searches: &[SearchEvent], downloads: &[DownloadEvent]) -> anyhow::Result<()>;
    async fn prune(&self, before: &str) -> anyhow::Result<u64>;
    async fn daily_searches(&self, library: &str, from: &str) -> anyhow::Result<Vec<DailySearches>>;
    async fn top_queries(&self, library: &str, from: &str, limit: i64) -> anyhow::Result<Vec<TopQuery>>;
    async fn zero_result_queries(&self, library: &str, from: &str, limit: i64) -> anyhow::Result<Vec<ZeroResultQuery>>;
    async fn top_downloads(&self, library: &str, from: &str, limit: i64) -> anyhow::Result<Vec<TopDownload>>;
}
