//! The store of open-platform API keys (docs/open-platform.md): SQLite and PostgreSQL behind
//! one trait, as every store of the system service.

use anyhow::Context;
use chrono::{DateTime, Utc};
use sqlx::{PgPool, SqlitePool};

use serde_json::json;

use crate::{
    accounts::store::now,
    operation::audit::{
        Actor, AuditEntry, ACTION_OPEN_KEY_LIMITS, ACTION_OPEN_KEY_REVOKE, TARGET_OPEN_KEY,
    },
};

/// Who a key belongs to: an organisation (every member with `open:key:manage` manages it), or
/// an account without one (org 0: the platform's own users).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KeyOwner {
    Organisation(i64),
    Account { user_id: i64 },
}

impl KeyOwner {
    /// A user of organisation `org_id` (> 1: a real organisation) or of the platform (0).
    pub fn of(user_id: i64, org_id: i64) -> Self {
        if org_id > 1 {
            Self::Organisation(org_id)
        } else {
            Self::Account { user_id }
        }
    }

    /// `(org_id, user_id)` for `org_id = $1 AND ($2 = 0 OR user_id = $2)`.
    fn binds(self) -> (i64, i64) {
        match self {
            Self::Organisation(org_id) => (org_id, 0),
            Self::Account { user_id } => (0, user_id),
        }
    }

    /// The name the insert lock serialises on.
    fn lock_name(self) -> String {
        match self {
            Self::Organisation(org_id) => format!("open_api_key:org:{org_id}"),
            Self::Account { user_id } => format!("open_api_key:user:{user_id}"),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct OpenKeyRecord {
    pub id: i64,
    pub org_id: i64,
    pub user_id: i64,
    pub name: String,
    pub prefix: String,
    /// Comma-separated library keys.
    pub scopes: String,
    pub requests_per_minute: i64,
    pub requests_per_day: i64,
    pub revoked_at: Option<DateTime<Utc>>,
    pub last_used_at: Option<DateTime<Utc>>,
    pub created_at: DateTime<Utc>,
}

impl OpenKeyRecord {
    pub fn scope_list(&self) -> Vec<String> {
        self.scopes
            .split(',')
            .map(str::trim)
            .filter(|scope| !scope.is_empty())
            .map(str::to_owned)
            .collect()
    }
}

/// A key as operators list it: the record with its creator and organisation.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct OperatorKeyRecord {
    #[sqlx(flatten)]
    pub key: OpenKeyRecord,
    pub username: String,
    pub org_name: String,
}

#[derive(Debug, Clone)]
pub struct NewOpenKey {
    pub owner: KeyOwner,
    pub user_id: i64,
    pub org_id: i64,
    pub name: String,
    pub digest: String,
    pub prefix: String,
    pub scopes: String,
    pub requests_per_minute: i64,
    pub requests_per_day: i64,
}

#[allow(async_fn_in_trait)] // used with concrete types only; no `dyn`
pub trait OpenKeyStore {
    /// Stores a key unless its owner already holds `max_live` unrevoked ones (`Ok(None)`).
    async fn insert_key(
        &self,
        key: &NewOpenKey,
        max_live: i64,
    ) -> anyhow::Result<Option<OpenKeyRecord>>;
    /// The owner's keys, newest first, revoked ones included.
    async fn keys_of(&self, owner: KeyOwner) -> anyhow::Result<Vec<OpenKeyRecord>>;
    async fn find_key(&self, digest: &str) -> anyhow::Result<Option<OpenKeyRecord>>;
    /// Revokes one of the owner's live keys; answers its digest, `None` when the owner has no
    /// such live key.
    async fn revoke_key(&self, owner: KeyOwner, id: i64) -> anyhow::Result<Option<String>>;
    /// Records a use (at most once per minute per key).
    async fn touch_key(&self, id: i64, at: DateTime<Utc>) -> anyhow::Result<()>;
    /// The digests of the live keys `user_id` created (dropped from the token caches when the
    /// account is disabled, so its keys stop at once rather than when their cache entries end).
    async fn live_digests_created_by(&self, user_id: i64) -> anyhow::Result<Vec<String>>;
    /// Operators: new limits for a live key; answers its digest (`None`: no such live key).
    async fn set_limits(
        &self,
        id: i64,
        requests_per_minute: i64,
        requests_per_day: i64,
        actor: &Actor,
    ) -> anyhow::Result<Option<String>>;
    /// An operator revokes any live key; writes `open-key.revoke`. Answers its digest.
    async fn operator_revoke_key(&self, id: i64, actor: &Actor) -> anyhow::Result<Option<String>>;
    /// Operators: every key whose name, prefix, creator or organisation contains `pattern`
    /// (a LIKE pattern), newest first, and how many match.
    async fn page_keys(
        &self,
        pattern: Option<&str>,
        offset: i64,
        limit: i64,
    ) -> anyhow::Result<(Vec<OperatorKeyRecord>, i64)>;
}

const KEY_COLUMNS: &str = "k.id, k.org_id, k.user_id, k.name, k.prefix, k.scopes, \
    k.requests_per_minute, k.requests_per_day, k.revoked_at, k.last_used_at, k.created_at";
/// The same, unqualified, for `RETURNING` (SQLite does not qualify there).
const KEY_FIELDS: &str = "id, org_id, user_id, name, prefix, scopes, requests_per_minute, \
    requests_per_day, revoked_at, last_used_at, created_at";
const OWNER_FILTER: &str = "k.org_id = $1 AND ($2 = 0 OR k.user_id = $2)";
/// `$1`: a lower-case LIKE pattern escaped with `\` (`operation::text::contains_pattern`).
const OPERATOR_FILTER: &str = "($1 IS NULL OR LOWER(k.name) LIKE $1 ESCAPE '\\' \
    OR LOWER(k.prefix) LIKE $1 ESCAPE '\\' OR LOWER(u.username) LIKE $1 ESCAPE '\\' \
    OR LOWER(COALESCE(o.name, '')) LIKE $1 ESCAPE '\\')";
const LAST_USED_GRANULARITY_SECS: i64 = 60;
/// Serialises one owner's inserts so that the limit holds under concurrent requests. SQLite:
/// a write first, so the transaction takes the database's write lock up front; PostgreSQL: an
/// advisory lock on the owner's name.
const SQLITE_OWNER_LOCK: &str = "UPDATE open_api_key SET id = id WHERE 0 = 1 AND prefix = $1";
const POSTGRES_OWNER_LOCK: &str = "SELECT pg_advisory_xact_lock(hashtextextended($1, 0))";

macro_rules! open_key_store {
    ($store:ident, $pool:ty, $owner_lock:expr, $lock:expr, $accounts:ident, $audit:ident) => {
        #[derive(Clone)]
        pub struct $store {
            pool: $pool,
        }

        impl $store {
            pub fn new(pool: $pool) -> Self {
                Self { pool }
            }
        }

        impl OpenKeyStore for $store {
            async fn insert_key(
                &self,
                key: &NewOpenKey,
                max_live: i64,
            ) -> anyhow::Result<Option<OpenKeyRecord>> {
                let now = now();
                let mut tx = self
                    .pool
                    .begin()
                    .await
                    .context("starting the transaction")?;
                sqlx::query($owner_lock)
                    .bind(key.owner.lock_name())
                    .execute(&mut *tx)
                    .await
                    .context("locking the owner's keys")?;
                let (org_id, user_id) = key.owner.binds();
                let live: i64 = sqlx::query_scalar(&format!(
                    "SELECT COUNT(*) FROM open_api_key k WHERE {OWNER_FILTER} \
                     AND k.revoked_at IS NULL"
                ))
                .bind(org_id)
                .bind(user_id)
                .fetch_one(&mut *tx)
                .await
                .context("counting the owner's keys")?;
                if live >= max_live {
                    return Ok(None);
                }
                let record = sqlx::query_as(&format!(
                    "INSERT INTO open_api_key (org_id, user_id, name, token_hash, prefix, \
                     scopes, requests_per_minute, requests_per_day, created_at, updated_at) \
                     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9) RETURNING {KEY_FIELDS}"
                ))
                .bind(key.org_id)
                .bind(key.user_id)
                .bind(&key.name)
                .bind(&key.digest)
                .bind(&key.prefix)
                .bind(&key.scopes)
                .bind(key.requests_per_minute)
                .bind(key.requests_per_day)
                .bind(now)
                .fetch_one(&mut *tx)
                .await
                .context("storing the API key")?;
                tx.commit().await.context("committing the key")?;
                Ok(Some(record))
            }

            async fn keys_of(&self, owner: KeyOwner) -> anyhow::Result<Vec<OpenKeyRecord>> {
                let (org_id, user_id) = owner.binds();
                sqlx::query_as(&format!(
                    "SELECT {KEY_COLUMNS} FROM open_api_key k WHERE {OWNER_FILTER} \
                     ORDER BY k.id DESC"
                ))
                .bind(org_id)
                .bind(user_id)
                .fetch_all(&self.pool)
                .await
                .context("listing API keys")
            }

            async fn find_key(&self, digest: &str) -> anyhow::Result<Option<OpenKeyRecord>> {
                sqlx::query_as(&format!(
                    "SELECT {KEY_COLUMNS} FROM open_api_key k WHERE k.token_hash = $1"
                ))
                .bind(digest)
                .fetch_optional(&self.pool)
                .await
                .context("looking up an API key")
            }

            async fn revoke_key(
                &self,
                owner: KeyOwner,
                id: i64,
            ) -> anyhow::Result<Option<String>> {
                let (org_id, user_id) = owner.binds();
                let now = now();
                sqlx::query_scalar(
                    "UPDATE open_api_key SET revoked_at = $4, updated_at = $4 \
                     WHERE id = $3 AND revoked_at IS NULL \
                     AND org_id = $1 AND ($2 = 0 OR user_id = $2) \
                     RETURNING token_hash",
                )
                .bind(org_id)
                .bind(user_id)
                .bind(id)
                .bind(now)
                .fetch_optional(&self.pool)
                .await
                .context("revoking an API key")
            }

            async fn touch_key(&self, id: i64, at: DateTime<Utc>) -> anyhow::Result<()> {
                sqlx::query(
                    "UPDATE open_api_key SET last_used_at = $2 \
                     WHERE id = $1 AND (last_used_at IS NULL OR last_used_at < $3)",
                )
                .bind(id)
                .bind(at)
                .bind(at - chrono::Duration::seconds(LAST_USED_GRANULARITY_SECS))
                .execute(&self.pool)
                .await
                .context("recording an API key's use")?;
                Ok(())
            }

            async fn live_digests_created_by(&self, user_id: i64) -> anyhow::Result<Vec<String>> {
                sqlx::query_scalar(
                    "SELECT token_hash FROM open_api_key WHERE user_id = $1 AND revoked_at IS NULL",
                )
                .bind(user_id)
                .fetch_all(&self.pool)
                .await
                .context("listing a creator's API keys")
            }

            async fn set_limits(
                &self,
                id: i64,
                requests_per_minute: i64,
                requests_per_day: i64,
                actor: &Actor,
            ) -> anyhow::Result<Option<String>> {
                let mut tx = crate::accounts::store::$accounts::begin_write(&self.pool).await?;
                let current: Option<(String, String, String, i64, i64)> = sqlx::query_as(&format!(
                    "SELECT token_hash, name, prefix, requests_per_minute, requests_per_day \
                     FROM open_api_key WHERE id = $1 AND revoked_at IS NULL{}",
                    $lock
                ))
                .bind(id)
                .fetch_optional(&mut *tx)
                .await
                .context("reading the API key")?;
                let Some((digest, name, prefix, per_minute, per_day)) = current else {
                    return Ok(None);
                };
                if (per_minute, per_day) == (requests_per_minute, requests_per_day) {
                    return Ok(Some(digest));
                }
                sqlx::query(
                    "UPDATE open_api_key SET requests_per_minute = $2, requests_per_day = $3, \
                     updated_at = $4 WHERE id = $1",
                )
                .bind(id)
                .bind(requests_per_minute)
                .bind(requests_per_day)
                .bind(now())
                .execute(&mut *tx)
                .await
                .context("setting an API key's limits")?;
                let state = |per_minute: i64, per_day: i64| {
                    json!({"name": name, "prefix": prefix,
                           "requestsPerMinute": per_minute, "requestsPerDay": per_day})
                };
                let entry = AuditEntry {
                    actor,
                    action: ACTION_OPEN_KEY_LIMITS,
                    target_type: TARGET_OPEN_KEY,
                    target_id: id.to_string(),
                    before: state(per_minute, per_day),
                    after: state(requests_per_minute, requests_per_day),
                };
                crate::operation::audit::store::$audit::record(&mut *tx, &entry).await?;
                tx.commit().await.context("committing the key's limits")?;
                Ok(Some(digest))
            }

            async fn operator_revoke_key(
                &self,
                id: i64,
                actor: &Actor,
            ) -> anyhow::Result<Option<String>> {
                let now = now();
                let mut tx = crate::accounts::store::$accounts::begin_write(&self.pool).await?;
                let revoked: Option<(String, String, String)> = sqlx::query_as(
                    "UPDATE open_api_key SET revoked_at = $2, updated_at = $2 \
                     WHERE id = $1 AND revoked_at IS NULL RETURNING token_hash, name, prefix",
                )
                .bind(id)
                .bind(now)
                .fetch_optional(&mut *tx)
                .await
                .context("revoking an API key")?;
                let Some((digest, name, prefix)) = revoked else {
                    return Ok(None);
                };
                let entry = AuditEntry {
                    actor,
                    action: ACTION_OPEN_KEY_REVOKE,
                    target_type: TARGET_OPEN_KEY,
                    target_id: id.to_string(),
                    before: json!({"name": name, "prefix": prefix, "revoked": false}),
                    after: json!({"name": name, "prefix": prefix, "revoked": true}),
                };
                crate::operation::audit::store::$audit::record(&mut *tx, &entry).await?;
                tx.commit().await.context("committing the revocation")?;
                Ok(Some(digest))
            }

            async fn page_keys(
                &self,
                pattern: Option<&str>,
                offset: i64,
                limit: i64,
            ) -> anyhow::Result<(Vec<OperatorKeyRecord>, i64)> {
                let from = "FROM open_api_key k JOIN app_user u ON u.id = k.user_id \
                     LEFT JOIN org o ON o.id = k.org_id";
                let total: i64 =
                    sqlx::query_scalar(&format!("SELECT COUNT(*) {from} WHERE {OPERATOR_FILTER}"))
                        .bind(pattern)
                        .fetch_one(&self.pool)
                        .await
                        .context("counting API keys")?;
                let rows = sqlx::query_as(&format!(
                    "SELECT {KEY_COLUMNS}, u.username AS username, \
                     COALESCE(o.name, '') AS org_name {from} WHERE {OPERATOR_FILTER} \
                     ORDER BY k.id DESC LIMIT $2 OFFSET $3"
                ))
                .bind(pattern)
                .bind(limit)
                .bind(offset)
                .fetch_all(&self.pool)
                .await
                .context("listing API keys")?;
                Ok((rows, total))
            }
        }
    };
}

mod sqlite_impl {
    use super::*;
    open_key_store!(
        SqliteOpenKeyStore,
        SqlitePool,
        SQLITE_OWNER_LOCK,
        "",
        sqlite_impl,
        sqlite_impl
    );
}
mod postgres_impl {
    use super::*;
    open_key_store!(
        PgOpenKeyStore,
        PgPool,
        POSTGRES_OWNER_LOCK,
        " FOR UPDATE",
        postgres_impl,
        postgres_impl
    );
}
pub use postgres_impl::PgOpenKeyStore;
pub use sqlite_impl::SqliteOpenKeyStore;

kernel::repository! {
    /// The API-key store of the system database, whichever backend it is.
    #[derive(Clone)]
    pub enum OpenKeyRepository: OpenKeyStore {
        Sqlite(SqliteOpenKeyStore),
        Postgres(PgOpenKeyStore),
    }
    async fn insert_key(&self, key: &NewOpenKey, max_live: i64) -> anyhow::Result<Option<OpenKeyRecord>>;
    async fn keys_of(&self, owner: KeyOwner) -> anyhow::Result<Vec<OpenKeyRecord>>;
    async fn find_key(&self, digest: &str) -> anyhow::Result<Option<OpenKeyRecord>>;
    async fn revoke_key(&self, owner: KeyOwner, id: i64) -> anyhow::Result<Option<String>>;
    async fn touch_key(&self, id: i64, at: DateTime<Utc>) -> anyhow::Result<()>;
    async fn live_digests_created_by(&self, user_id: i64) -> anyhow::Result<Vec<String>>;
    async fn set_limits(&self, id: i64, requests_per_minute: i64, requests_per_day: i64, actor: &Actor) -> anyhow::Result<Option<String>>;
    async fn operator_revoke_key(&self, id: i64, actor: &Actor) -> anyhow::Result<Option<String>>;
    async fn page_keys(&self, pattern: Option<&str>, offset: i64, limit: i64) -> anyhow::Result<(Vec<OperatorKeyRecord>, i64)>;
}
