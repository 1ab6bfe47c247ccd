//! Personal access tokens (docs/accounts.md "Personal access tokens"): long-lived tokens a
//! signed-in user creates for machine clients such as KiCad's HTTP library. The secret
//! (`pat_<64 hex>`) is shown once; only its SHA-256 digest and a display prefix are stored.
//! A token resolves to the same principal as a session of its owner, but only the routes
//! taking `auth::TokenUser` accept it.

use anyhow::Context;
use chrono::{DateTime, Utc};
use kernel::{ApiError, ApiResult};
use sqlx::{PgPool, SqlitePool};

use super::store::now;
use crate::operation::text::required_line;

/// Live (unexpired) tokens one user may hold.
pub const MAX_TOKENS_PER_USER: i64 = 10;
pub const NAME_MAX: usize = 32;
/// The lifetimes a user may choose (days); `None` (never expires) is allowed too.
pub const LIFETIMES_DAYS: [i64; 3] = [30, 90, 365];
pub const NAME_REQUIRED: &str = "请填写令牌名称";
pub const NAME_TOO_LONG: &str = "令牌名称不能超过32个字符";
pub const LIFETIME_INVALID: &str = "有效期只能是30、90、365天或永不过期";
/// What a principal of a never-expiring token reports as its expiry (9999-12-31, epoch ms).
pub const NEVER_EXPIRES_MILLIS: i64 = 253_402_300_799_000;
/// A token's "last used" is written at most this often (it is written on cache misses).
const LAST_USED_GRANULARITY_SECS: i64 = 60;

/// A token's name: 1–32 characters on one line.
pub fn parse_name(raw: Option<&str>) -> ApiResult<String> {
    required_line(raw, NAME_MAX, NAME_REQUIRED, NAME_TOO_LONG)
}

/// A lifetime in days: 30, 90 or 365; absent (or null) = never expires.
pub fn parse_lifetime(days: Option<i64>) -> ApiResult<Option<chrono::Duration>> {
    match days {
        None => Ok(None),
        Some(days) if LIFETIMES_DAYS.contains(&days) => Ok(Some(chrono::Duration::days(days))),
        Some(_) => Err(ApiError::bad_request(LIFETIME_INVALID)),
    }
}

#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct PersonalTokenRecord {
    pub id: i64,
    pub user_id: i64,
    pub name: String,
    pub prefix: String,
    pub expires_at: Option<DateTime<Utc>>,
    pub last_used_at: Option<DateTime<Utc>>,
    pub created_at: DateTime<Utc>,
}

impl PersonalTokenRecord {
    pub fn is_live(&self, at: DateTime<Utc>) -> bool {
        self.expires_at.is_none_or(|expires_at| expires_at > at)
    }
}

#[derive(Debug, Clone)]
pub struct NewPersonalToken {
    pub user_id: i64,
    pub name: String,
    pub digest: String,
    pub prefix: String,
    /// Counted from the stored creation time, so that expiry − creation is exactly the lifetime.
    pub lifetime: Option<chrono::Duration>,
}

#[allow(async_fn_in_trait)] // used with concrete types only; no `dyn`
pub trait PersonalTokenStore {
    /// Stores a token unless the user already holds [`MAX_TOKENS_PER_USER`] live ones
    /// (`Ok(None)`); answers the stored record.
    async fn insert_token(
        &self,
        token: &NewPersonalToken,
    ) -> anyhow::Result<Option<PersonalTokenRecord>>;
    /// The user's tokens, newest first (expired ones too, until revoked).
    async fn tokens_of(&self, user_id: i64) -> anyhow::Result<Vec<PersonalTokenRecord>>;
    async fn find_token(&self, digest: &str) -> anyhow::Result<Option<PersonalTokenRecord>>;
    /// Deletes one of the user's tokens; answers its digest (`None`: no such token of theirs).
    async fn delete_token(&self, user_id: i64, id: i64) -> anyhow::Result<Option<String>>;
    /// Records a use (at most once per minute per token).
    async fn touch_token(&self, id: i64, at: DateTime<Utc>) -> anyhow::Result<()>;
}

const TOKEN_COLUMNS: &str = "id, user_id, name, prefix, expires_at, last_used_at, created_at";
/// Serialises one user's inserts so that the limit holds under concurrent requests. SQLite:
/// a write first, so the transaction takes the database's write lock up front; PostgreSQL:
/// a lock on the user's row.
const SQLITE_OWNER_LOCK: &str =
    "UPDATE personal_access_token SET id = id WHERE 0 = 1 AND user_id = $1";
const POSTGRES_OWNER_LOCK: &str = "SELECT id FROM app_user WHERE id = $1 FOR UPDATE";

macro_rules! personal_token_store {
    ($store:ident, $pool:ty, $owner_lock:expr) => {
        #[derive(Clone)]
        pub struct $store {
            pool: $pool,
        }

        impl $store {
            pub fn new(pool: $pool) -> Self {
                Self { pool }
            }
        }

        impl PersonalTokenStore for $store {
            async fn insert_token(
                &self,
                token: &NewPersonalToken,
            ) -> anyhow::Result<Option<PersonalTokenRecord>> {
                let now = now();
                let mut tx = self
                    .pool
                    .begin()
                    .await
                    .context("starting the transaction")?;
                sqlx::query($owner_lock)
                    .bind(token.user_id)
                    .execute(&mut *tx)
                    .await
                    .context("locking the user's tokens")?;
                let live: i64 = sqlx::query_scalar(
                    "SELECT COUNT(*) FROM personal_access_token WHERE user_id = $1 \
                     AND (expires_at IS NULL OR expires_at > $2)",
                )
                .bind(token.user_id)
                .bind(now)
                .fetch_one(&mut *tx)
                .await
                .context("counting the user's tokens")?;
                if live >= MAX_TOKENS_PER_USER {
                    return Ok(None);
                }
                let record = sqlx::query_as(&format!(
                    "INSERT INTO personal_access_token (user_id, name, token_hash, prefix, \
                     expires_at, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $6) \
                     RETURNING {TOKEN_COLUMNS}"
                ))
                .bind(token.user_id)
                .bind(&token.name)
                .bind(&token.digest)
                .bind(&token.prefix)
                .bind(token.lifetime.map(|lifetime| now + lifetime))
                .bind(now)
                .fetch_one(&mut *tx)
                .await
                .context("storing the personal access token")?;
                tx.commit().await.context("committing the token")?;
                Ok(Some(record))
            }

            async fn tokens_of(&self, user_id: i64) -> anyhow::Result<Vec<PersonalTokenRecord>> {
                sqlx::query_as(&format!(
                    "SELECT {TOKEN_COLUMNS} FROM personal_access_token WHERE user_id = $1 \
                     ORDER BY id DESC"
                ))
                .bind(user_id)
                .fetch_all(&self.pool)
                .await
                .context("listing personal access tokens")
            }

            async fn find_token(
                &self,
                digest: &str,
            ) -> anyhow::Result<Option<PersonalTokenRecord>> {
                sqlx::query_as(&format!(
                    "SELECT {TOKEN_COLUMNS} FROM personal_access_token WHERE token_hash = $1"
                ))
                .bind(digest)
                .fetch_optional(&self.pool)
                .await
                .context("looking up a personal access token")
            }

            async fn delete_token(&self, user_id: i64, id: i64) -> anyhow::Result<Option<String>> {
                sqlx::query_scalar(
                    "DELETE FROM personal_access_token WHERE id = $1 AND user_id = $2 \
                     RETURNING token_hash",
                )
                .bind(id)
                .bind(user_id)
                .fetch_optional(&self.pool)
                .await
                .context("revoking a personal access token")
            }

            async fn touch_token(&self, id: i64, at: DateTime<Utc>) -> anyhow::Result<()> {
                sqlx::query(
                    "UPDATE personal_access_token SET last_used_at = $2, updated_at = $2 \
                     WHERE id = $1 AND (last_used_at IS NULL OR last_used_at < $3)",
                )
                .bind(id)
                .bind(at)
                .bind(at - chrono::Duration::seconds(LAST_USED_GRANULARITY_SECS))
                .execute(&self.pool)
                .await
                .context("recording a token's use")?;
                Ok(())
            }
        }
    };
}

mod sqlite_impl {
    use super::*;
    personal_token_store!(SqlitePersonalTokenStore, SqlitePool, SQLITE_OWNER_LOCK);
}
mod postgres_impl {
    use super::*;
    personal_token_store!(PgPersonalTokenStore, PgPool, POSTGRES_OWNER_LOCK);
}
pub use postgres_impl::PgPersonalTokenStore;
pub use sqlite_impl::SqlitePersonalTokenStore;

kernel::repository! {
    /// The personal-token store of the system database, whichever backend it is.
    #[derive(Clone)]
    pub enum PersonalTokenRepository: PersonalTokenStore {
        Sqlite(SqlitePersonalTokenStore),
        Postgres(PgPersonalTokenStore),
    }
    async fn insert_token(&self, token: &NewPersonalToken) -> anyhow::Result<Option<PersonalTokenRecord>>;
    async fn tokens_of(&self, user_id: i64) -> anyhow::Result<Vec<PersonalTokenRecord>>;
    async fn find_token(&self, digest: &str) -> anyhow::Result<Option<PersonalTokenRecord>>;
    async fn delete_token(&self, user_id: i64, id: i64) -> anyhow::Result<Option<String>>;
    async fn touch_token(&self, id: i64, at: DateTime<Utc>) -> anyhow::Result<()>;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_lifetimes_are_checked() {
        assert_eq!(
            parse_name(Some("  KiCad 笔记本 ")).ok().as_deref(),
            Some("KiCad 笔记本")
        );
        assert!(parse_name(None).is_err());
        assert!(parse_name(Some("   ")).is_err());
        assert!(parse_name(Some(&"令".repeat(32))).is_ok());
        assert!(parse_name(Some(&"令".repeat(33))).is_err());
        assert!(parse_name(Some("a\nb")).is_err());
        assert_eq!(parse_lifetime(None).ok(), Some(None));
        assert_eq!(
            parse_lifetime(Some(90)).ok(),
            Some(Some(chrono::Duration::days(90)))
        );
        assert!(parse_lifetime(Some(0)).is_err());
        assert!(parse_lifetime(Some(31)).is_err());
    }
}
