//! The feedback store: one trait, SQLite and PostgreSQL implementations stamped from one macro
//! (shared SQL; list filters built with `QueryBuilder`), and [`FeedbackRepository`] dispatching
//! on the service's pool.

use anyhow::Context;
use chrono::{DateTime, Utc};
use sqlx::{PgPool, SqlitePool};

use super::{STATUS_CLOSED, STATUS_OPEN};
use crate::{
    accounts::store::now,
    operation::{
        audit::{Actor, AuditEntry, ACTION_FEEDBACK_CLOSE, TARGET_FEEDBACK},
        page::Paging,
    },
};

/// A validated feedback to store.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewFeedback {
    pub user_id: i64,
    pub feedback_type: i32,
    pub message: String,
    /// Empty when not given.
    pub mobile: String,
    pub email: String,
    pub org_name: String,
    /// File ids (at most 3).
    pub images: Vec<String>,
    /// The client's `channel` header (portal, a plug-in channel code).
    pub channel: String,
}

/// A stored feedback with its sender's account data.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct FeedbackRecord {
    pub id: i64,
    pub user_id: i64,
    pub feedback_type: i32,
    pub message: String,
    pub mobile: String,
    pub email: String,
    pub org_name: String,
    /// Comma-joined file ids.
    pub images: String,
    pub channel: String,
    pub status: i32,
    pub reply: String,
    pub closed_by: Option<i64>,
    pub closed_at: Option<DateTime<Utc>>,
    pub created_at: DateTime<Utc>,
    /// When the sender saw the operator's answer (NULL while open, or closed and not yet seen).
    pub reply_seen_at: Option<DateTime<Utc>>,
    pub user_nickname: Option<String>,
    pub user_username: Option<String>,
    pub user_mobile: Option<String>,
    pub user_email: Option<String>,
}

/// Operator list filters (all optional, combined with AND).
#[derive(Debug, Clone, Default)]
pub struct FeedbackFilter {
    pub status: Option<i32>,
    pub feedback_type: Option<i32>,
    /// A `LIKE` pattern (`operation::text::contains_pattern`) over message, organisation,
    /// contact data and the sender's nickname.
    pub keyword_pattern: Option<String>,
    pub user_id: Option<i64>,
    pub created_from: Option<DateTime<Utc>>,
    /// Exclusive.
    pub created_before: Option<DateTime<Utc>>,
}

/// What closing did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CloseOutcome {
    Closed,
    AlreadyClosed,
    NotFound,
}

#[allow(async_fn_in_trait)] // used with concrete types only; no `dyn`
pub trait FeedbackStore {
    async fn insert_feedback(&self, feedback: &NewFeedback) -> anyhow::Result<i64>;
    async fn find_feedback(&self, id: i64) -> anyhow::Result<Option<FeedbackRecord>>;
    /// Newest first; answers the page and the total count.
    async fn page_feedback(
        &self,
        filter: &FeedbackFilter,
        paging: Paging,
    ) -> anyhow::Result<(Vec<FeedbackRecord>, i64)>;
    /// Closes an open feedback and writes the operator's audit entry in the same transaction.
    async fn close_feedback(
        &self,
        id: i64,
        actor: &Actor,
        reply: &str,
    ) -> anyhow::Result<CloseOutcome>;
    /// How many of `user_id`'s feedback were closed (answered) and not yet seen by them.
    async fn unseen_replies(&self, user_id: i64) -> anyhow::Result<i64>;
    /// Marks `user_id`'s answered feedback as seen (those among `ids`, or all when `None`);
    /// answers how many changed.
    async fn mark_replies_seen(&self, user_id: i64, ids: Option<&[i64]>) -> anyhow::Result<u64>;
}

const SELECT_FEEDBACK: &str = "SELECT f.id, f.user_id, f.feedback_type, f.message, f.mobile, \
     f.email, f.org_name, f.images, f.channel, f.status, f.reply, f.closed_by, f.closed_at, \
     f.created_at, f.reply_seen_at, u.nickname AS user_nickname, u.username AS user_username, \
     u.mobile AS user_mobile, u.email AS user_email \
     FROM feedback_message f LEFT JOIN app_user u ON u.id = f.user_id";
const COUNT_FEEDBACK: &str =
    "SELECT COUNT(*) FROM feedback_message f LEFT JOIN app_user u ON u.id = f.user_id";

macro_rules! feedback_store {
    ($store:ident, $pool:ty, $db:ty, $audit:ident) => {
        #[derive(Clone)]
        pub struct $store {
            pool: $pool,
        }

        impl $store {
            pub fn new(pool: $pool) -> Self {
                Self { pool }
            }
        }

        fn push_filter(builder: &mut sqlx::QueryBuilder<'_, $db>, filter: &FeedbackFilter) {
            builder.push(" WHERE 1 = 1");
            if let Some(status) = filter.status {
                builder.push(" AND f.status = ").push_bind(status);
            }
            if let Some(feedback_type) = filter.feedback_type {
                builder.push(" AND f.feedback_type = ").push_bind(feedback_type);
            }
            if let Some(user_id) = filter.user_id {
                builder.push(" AND f.user_id = ").push_bind(user_id);
            }
            if let Some(from) = filter.created_from {
                builder.push(" AND f.created_at >= ").push_bind(from);
            }
            if let Some(before) = filter.created_before {
                builder.push(" AND f.created_at < ").push_bind(before);
            }
            if let Some(pattern) = &filter.keyword_pattern {
                let columns = [
                    "f.message",
                    "f.org_name",
                    "f.mobile",
                    "f.email",
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

        impl FeedbackStore for $store {
            async fn insert_feedback(&self, feedback: &NewFeedback) -> anyhow::Result<i64> {
                let now = now();
                sqlx::query_scalar(
                    "INSERT INTO feedback_message (user_id, feedback_type, message, mobile, \
                     email, org_name, images, channel, status, reply, created_at, updated_at) \
                     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, '', $10, $10) RETURNING id",
                )
                .bind(feedback.user_id)
                .bind(feedback.feedback_type)
                .bind(&feedback.message)
                .bind(&feedback.mobile)
                .bind(&feedback.email)
                .bind(&feedback.org_name)
                .bind(feedback.images.join(","))
                .bind(&feedback.channel)
                .bind(STATUS_OPEN)
                .bind(now)
                .fetch_one(&self.pool)
                .await
                .context("storing the feedback")
            }

            async fn find_feedback(&self, id: i64) -> anyhow::Result<Option<FeedbackRecord>> {
                sqlx::query_as(&format!("{SELECT_FEEDBACK} WHERE f.id = $1"))
                    .bind(id)
                    .fetch_optional(&self.pool)
                    .await
                    .context("reading a feedback")
            }

            async fn page_feedback(
                &self,
                filter: &FeedbackFilter,
                paging: Paging,
            ) -> anyhow::Result<(Vec<FeedbackRecord>, i64)> {
                let mut count = sqlx::QueryBuilder::<$db>::new(COUNT_FEEDBACK);
                push_filter(&mut count, filter);
                let total: i64 = count
                    .build_query_scalar()
                    .fetch_one(&self.pool)
                    .await
                    .context("counting feedback")?;
                let mut list = sqlx::QueryBuilder::<$db>::new(SELECT_FEEDBACK);
                push_filter(&mut list, filter);
                list.push(" ORDER BY f.id DESC LIMIT ")
                    .push_bind(paging.limit)
                    .push(" OFFSET ")
                    .push_bind(paging.offset);
                let rows = list
                    .build_query_as()
                    .fetch_all(&self.pool)
                    .await
                    .context("listing feedback")?;
                Ok((rows, total))
            }

            async fn close_feedback(
                &self,
                id: i64,
                actor: &Actor,
                reply: &str,
            ) -> anyhow::Result<CloseOutcome> {
                let now = now();
                let mut tx = self.pool.begin().await.context("starting the transaction")?;
                let done = sqlx::query(
                    "UPDATE feedback_message SET status = $2, reply = $3, closed_by = $4, \
                     closed_at = $5, updated_at = $5 WHERE id = $1 AND status = $6",
                )
                .bind(id)
                .bind(STATUS_CLOSED)
                .bind(reply)
                .bind(actor.user_id)
                .bind(now)
                .bind(STATUS_OPEN)
                .execute(&mut *tx)
                .await
                .context("closing the feedback")?;
                if done.rows_affected() == 1 {
                    let entry = AuditEntry {
                        actor,
                        action: ACTION_FEEDBACK_CLOSE,
                        target_type: TARGET_FEEDBACK,
                        target_id: id.to_string(),
                        before: serde_json::json!({"status": STATUS_OPEN}),
                        after: serde_json::json!({"status": STATUS_CLOSED, "reply": reply}),
                    };
                    crate::operation::audit::store::$audit::record(&mut *tx, &entry).await?;
                    tx.commit().await.context("committing the close")?;
                    return Ok(CloseOutcome::Closed);
                }
                drop(tx);
                let exists: Option<i64> =
                    sqlx::query_scalar("SELECT id FROM feedback_message WHERE id = $1")
                        .bind(id)
                        .fetch_optional(&self.pool)
                        .await
                        .context("looking up the feedback")?;
                Ok(if exists.is_some() {
                    CloseOutcome::AlreadyClosed
                } else {
                    CloseOutcome::NotFound
                })
            }

            async fn unseen_replies(&self, user_id: i64) -> anyhow::Result<i64> {
                sqlx::query_scalar(
                    "SELECT COUNT(*) FROM feedback_message \
                     WHERE user_id = $1 AND status = $2 AND reply_seen_at IS NULL",
                )
                .bind(user_id)
                .bind(STATUS_CLOSED)
                .fetch_one(&self.pool)
                .await
                .context("counting unseen replies")
            }

            async fn mark_replies_seen(
                &self,
                user_id: i64,
                ids: Option<&[i64]>,
            ) -> anyhow::Result<u64> {
                let mut update = sqlx::QueryBuilder::<$db>::new(
                    "UPDATE feedback_message SET reply_seen_at = ",
                );
                update
                    .push_bind(now())
                    .push(" WHERE user_id = ")
                    .push_bind(user_id)
                    .push(" AND status = ")
                    .push_bind(STATUS_CLOSED)
                    .push(" AND reply_seen_at IS NULL");
                if let Some(ids) = ids {
                    if ids.is_empty() {
                        return Ok(0);
                    }
                    update.push(" AND id IN (");
                    let mut list = update.separated(", ");
                    for id in ids {
                        list.push_bind(*id);
                    }
                    update.push(")");
                }
                let done = update
                    .build()
                    .execute(&self.pool)
                    .await
                    .context("marking replies seen")?;
                Ok(done.rows_affected())
            }
        }
    };
}

mod sqlite_impl {
    use super::*;
    feedback_store!(SqliteFeedbackStore, SqlitePool, sqlx::Sqlite, sqlite_impl);
}
mod postgres_impl {
    use super::*;
    feedback_store!(PgFeedbackStore, PgPool, sqlx::Postgres, postgres_impl);
}
pub use postgres_impl::PgFeedbackStore;
pub use sqlite_impl::SqliteFeedbackStore;

kernel::repository! {
    /// The feedback store of the system database, whichever backend it is.
    #[derive(Clone)]
    pub enum FeedbackRepository: FeedbackStore {
        Sqlite(SqliteFeedbackStore),
        Postgres(PgFeedbackStore),
    }
    async fn insert_feedback(&self, feedback: &NewFeedback) -> anyhow::Result<i64>;
    async fn find_feedback(&self, id: i64) -> anyhow::Result<Option<FeedbackRecord>>;
    async fn page_feedback(&self, filter: &FeedbackFilter, paging: Paging) -> anyhow::Result<(Vec<FeedbackRecord>, i64)>;
    async fn close_feedback(&self, id: i64, actor: &Actor, reply: &str) -> anyhow::Result<CloseOutcome>;
    async fn unseen_replies(&self, user_id: i64) -> anyhow::Result<i64>;
    async fn mark_replies_seen(&self, user_id: i64, ids: Option<&[i64]>) -> anyhow::Result<u64>;
}
