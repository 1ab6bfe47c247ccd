//! The accounts store: one trait, a SQLite and a PostgreSQL implementation stamped from one
//! macro (the SQL text is shared; timestamps are bound from Rust, truncated to microseconds),
//! and [`AccountRepository`] dispatching on the service's pool. Every operation that writes
//! more than one row runs in one transaction: a failure leaves nothing half-written.

use anyhow::Context;
use chrono::{DateTime, SubsecRound, Utc};
use sqlx::{PgPool, SqlitePool};

/// Now, truncated to what PostgreSQL keeps (so that round trips compare equal).
pub fn now() -> DateTime<Utc> {
    Utc::now().trunc_subsecs(6)
}

#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct UserRecord {
    pub id: i64,
    pub username: String,
    pub nickname: String,
    pub email: Option<String>,
    pub mobile: Option<String>,
    pub password_hash: String,
    pub avatar: String,
    /// 0 enabled, 1 disabled.
    pub status: i32,
    pub user_type: i32,
    pub org_id: i64,
    pub org_name: String,
    pub origin: String,
    /// An administrator of its organisation (docs/operations.md).
    pub org_admin: bool,
}

impl UserRecord {
    pub fn is_enabled(&self) -> bool {
        self.status == 0
    }
}

#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct OrgRecord {
    pub id: i64,
    pub name: String,
    pub enabled: bool,
    pub business_scope: String,
}

impl OrgRecord {
    pub fn business_scope_codes(&self) -> Vec<i64> {
        business_scope_codes(&self.business_scope)
    }
}

/// A stored business scope as codes: `"1,3"` → `[1, 3]` (malformed entries are ignored).
pub fn business_scope_codes(stored: &str) -> Vec<i64> {
    stored
        .split(',')
        .filter_map(|code| code.trim().parse().ok())
        .collect()
}

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct AccessTokenRecord {
    pub user_id: i64,
    pub refresh_token_id: i64,
    pub expires_at: DateTime<Utc>,
    pub revoked_at: Option<DateTime<Utc>>,
}

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct RefreshTokenRecord {
    pub id: i64,
    pub user_id: i64,
    pub expires_at: DateTime<Utc>,
    pub revoked_at: Option<DateTime<Utc>>,
}

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct CodeRecord {
    pub id: i64,
    pub expires_at: DateTime<Utc>,
    pub used_at: Option<DateTime<Utc>>,
}

/// A token pair to store (digests only).
#[derive(Debug, Clone)]
pub struct NewSession {
    pub access_digest: String,
    pub access_expires_at: DateTime<Utc>,
    pub refresh_digest: String,
    pub refresh_expires_at: DateTime<Utc>,
}

/// A verification code to mark used within the same transaction as what it authorises.
#[derive(Debug, Clone)]
pub struct CodeUse {
    pub code_id: i64,
    pub ip: String,
}

#[derive(Debug, Clone)]
pub struct NewUser {
    pub username: String,
    pub nickname: String,
    pub email: Option<String>,
    pub mobile: Option<String>,
    pub password_hash: String,
    pub org_id: i64,
    pub origin: String,
    pub role_code: &'static str,
}

#[derive(Debug, Clone)]
pub struct NewCode {
    pub channel: &'static str,
    pub target: String,
    pub scene: i32,
    pub code_hash: String,
    pub expires_at: DateTime<Utc>,
    pub create_ip: String,
}

#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, sqlx::FromRow, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OutboxMessage {
    pub to: String,
    pub channel: String,
    pub scene: i32,
    pub code: String,
    pub subject: String,
    pub body: String,
    pub created_at: DateTime<Utc>,
}

#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct SocialUserRecord {
    pub id: i64,
    pub open_id: String,
    pub nickname: String,
    pub avatar: String,
    pub last_code: Option<String>,
    pub user_id: Option<i64>,
    pub bound_at: Option<DateTime<Utc>>,
}

/// What a WeChat user looks like when seen at social login.
#[derive(Debug, Clone)]
pub struct SocialProfile {
    pub social_type: i32,
    pub open_id: String,
    pub union_id: Option<String>,
    pub nickname: String,
    pub avatar: String,
    pub code: String,
}

/// Why a transactional write did not happen (nothing was written).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WriteRefused {
    /// The verification code was used meanwhile (by a concurrent request).
    CodeUsed,
    UsernameTaken,
    MobileTaken,
    EmailTaken,
    /// The WeChat account to bind is unknown or already bound to someone else.
    SocialUnavailable,
}

/// A social account to bind during registration.
#[derive(Debug, Clone)]
pub struct SocialBinding {
    pub social_type: i32,
    pub open_id: String,
}

#[derive(Debug, Clone, Default)]
pub struct ProfileUpdate {
    pub nickname: Option<String>,
    pub org_name: Option<String>,
    pub avatar: Option<String>,
}

#[allow(async_fn_in_trait)] // used with concrete types only; no `dyn`
pub trait AccountStore {
    async fn find_user(&self, id: i64) -> anyhow::Result<Option<UserRecord>>;
    async fn find_user_by_email(&self, email: &str) -> anyhow::Result<Option<UserRecord>>;
    async fn find_user_by_mobile(&self, mobile: &str) -> anyhow::Result<Option<UserRecord>>;
    async fn find_user_by_username(&self, username: &str) -> anyhow::Result<Option<UserRecord>>;
    async fn find_org(&self, id: i64) -> anyhow::Result<Option<OrgRecord>>;
    /// Role codes and the union of their permissions, sorted.
    async fn roles_and_permissions(
        &self,
        user_id: i64,
    ) -> anyhow::Result<(Vec<String>, Vec<String>)>;

    /// Inserts a user with its role (and binds a WeChat account, marks the code used, opens a
    /// session) in one transaction; answers the new id.
    async fn create_user(
        &self,
        user: &NewUser,
        code: Option<&CodeUse>,
        social: Option<&SocialBinding>,
        session: Option<&NewSession>,
    ) -> anyhow::Result<Result<i64, WriteRefused>>;
    /// Opens a session (marking the code used first, when one authorises it).
    async fn open_session(
        &self,
        user_id: i64,
        session: &NewSession,
        code: Option<&CodeUse>,
    ) -> anyhow::Result<Result<(), WriteRefused>>;
    async fn find_access_token(&self, digest: &str) -> anyhow::Result<Option<AccessTokenRecord>>;
    async fn find_refresh_token(&self, digest: &str) -> anyhow::Result<Option<RefreshTokenRecord>>;
    /// Revokes the live access tokens of a refresh token and stores a new one; answers the
    /// revoked digests.
    async fn replace_access_token(
        &self,
        refresh: &RefreshTokenRecord,
        digest: &str,
        expires_at: DateTime<Utc>,
    ) -> anyhow::Result<Vec<String>>;
    /// Revokes the session an access token belongs to (the refresh token and all its access
    /// tokens); answers the revoked access digests.
    async fn revoke_session(&self, access_digest: &str) -> anyhow::Result<Vec<String>>;
    /// Revokes every session of a user except the one of `keep_access_digest`; answers the
    /// revoked access digests and the number of sessions ended.
    async fn revoke_user_sessions(
        &self,
        user_id: i64,
        keep_access_digest: Option<&str>,
    ) -> anyhow::Result<(Vec<String>, u64)>;
    /// Sets a new password hash (marking the code used first) and revokes the user's
    /// sessions except `keep_access_digest`'s, in one transaction.
    /// Sets the password and revokes every session (but the one of `keep_access_digest`)
    /// and every personal access token of the user; answers the revoked digests.
    async fn change_password(
        &self,
        user_id: i64,
        password_hash: &str,
        code: Option<&CodeUse>,
        keep_access_digest: Option<&str>,
    ) -> anyhow::Result<Result<Vec<String>, WriteRefused>>;
    async fn update_profile(&self, user_id: i64, update: &ProfileUpdate) -> anyhow::Result<()>;

    /// When the last code to this target was created, and how many since `since`.
    async fn code_history(
        &self,
        target: &str,
        since: DateTime<Utc>,
    ) -> anyhow::Result<(Option<DateTime<Utc>>, i64)>;
    async fn insert_code(&self, code: &NewCode) -> anyhow::Result<i64>;
    async fn delete_code(&self, id: i64) -> anyhow::Result<()>;
    /// The newest code of this target and scene with this hash.
    async fn find_code(
        &self,
        target: &str,
        scene: i32,
        code_hash: &str,
    ) -> anyhow::Result<Option<CodeRecord>>;

    async fn append_outbox(&self, message: &OutboxMessage) -> anyhow::Result<()>;
    /// Newest first.
    async fn list_outbox(&self, to: &str) -> anyhow::Result<Vec<OutboxMessage>>;

    /// Records (or refreshes) a WeChat account seen at login.
    async fn upsert_social_user(&self, profile: &SocialProfile)
        -> anyhow::Result<SocialUserRecord>;
    async fn find_social_user(
        &self,
        social_type: i32,
        open_id: &str,
    ) -> anyhow::Result<Option<SocialUserRecord>>;
    async fn find_social_user_by_code(
        &self,
        social_type: i32,
        code: &str,
    ) -> anyhow::Result<Option<SocialUserRecord>>;
    async fn social_users_of(&self, user_id: i64) -> anyhow::Result<Vec<SocialUserRecord>>;
    /// Binds an unbound WeChat account to a user (who must not have one of this type yet).
    async fn bind_social_user(
        &self,
        social_id: i64,
        user_id: i64,
    ) -> anyhow::Result<Result<(), WriteRefused>>;
    /// Unbinds a user's accounts of this type; answers how many.
    async fn unbind_social_user(&self, user_id: i64, social_type: i32) -> anyhow::Result<u64>;
}

const USER_COLUMNS: &str = "id, username, nickname, email, mobile, password_hash, avatar, status, \
     user_type, org_id, org_name, origin, org_admin";
const SOCIAL_COLUMNS: &str = "id, open_id, nickname, avatar, last_code, user_id, bound_at";

const INSERT_REFRESH: &str = "INSERT INTO refresh_token (token_hash, user_id, expires_at, \
     created_at, updated_at) VALUES ($1, $2, $3, $4, $4) RETURNING id";
const INSERT_ACCESS: &str = "INSERT INTO access_token (token_hash, user_id, refresh_token_id, \
     expires_at, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $5)";
/// A write that changes nothing (see `begin_write`).
const TAKE_WRITE_LOCK: &str = "UPDATE org SET name = name WHERE 0 = 1";
const USE_CODE: &str = "UPDATE verification_code SET used_at = $2, used_ip = $3, updated_at = $2 \
     WHERE id = $1 AND used_at IS NULL";
/// Revokes the live access tokens of one refresh token, answering their digests.
const REVOKE_ACCESS_OF_REFRESH: &str = "UPDATE access_token SET revoked_at = $2, updated_at = $2 \
     WHERE refresh_token_id = $1 AND revoked_at IS NULL RETURNING token_hash";

/// Whether `error` is the database refusing a duplicate key.
pub fn is_unique_violation(error: &sqlx::Error) -> bool {
    error
        .as_database_error()
        .is_some_and(|error| error.is_unique_violation())
}

macro_rules! account_store {
    ($store:ident, $pool:ty, $db:ty) => {
        #[derive(Clone)]
        pub struct $store {
            pool: $pool,
        }

        impl $store {
            pub fn new(pool: $pool) -> Self {
                Self { pool }
            }

            async fn find_user_where(
                &self,
                column: &str,
                value: &str,
            ) -> anyhow::Result<Option<UserRecord>> {
                sqlx::query_as(&format!(
                    "SELECT {USER_COLUMNS} FROM app_user WHERE {column} = $1"
                ))
                .bind(value)
                .fetch_optional(&self.pool)
                .await
                .with_context(|| format!("looking up a user by {column}"))
            }
        }

        /// Starts a transaction with a write, so that SQLite takes its write lock up front
        /// (waiting up to the busy timeout) instead of failing when a read later upgrades;
        /// on PostgreSQL the statement touches nothing.
        pub(crate) async fn begin_write(pool: &$pool) -> anyhow::Result<sqlx::Transaction<'static, $db>> {
            let mut tx = pool.begin().await.context("starting the transaction")?;
            sqlx::query(TAKE_WRITE_LOCK)
                .execute(&mut *tx)
                .await
                .context("taking the write lock")?;
            Ok(tx)
        }

        /// The digests of the live sessions and of the tokens in `token_tables` (tables with
        /// `user_id` and `token_hash`) of the accounts `holders` selects: a condition on
        /// `user_id` with `$1` bound to `bound`. Their cached principals are dropped when the
        /// accounts' organisation or permissions change.
        pub(crate) async fn credential_digests(
            tx: &mut sqlx::Transaction<'_, $db>,
            holders: &str,
            bound: i64,
            now: DateTime<Utc>,
            token_tables: &[&str],
        ) -> anyhow::Result<Vec<String>> {
            let mut digests: Vec<String> = sqlx::query_scalar(&format!(
                "SELECT token_hash FROM access_token WHERE {holders} \
                 AND revoked_at IS NULL AND expires_at > $2"
            ))
            .bind(bound)
            .bind(now)
            .fetch_all(&mut **tx)
            .await
            .context("listing the accounts' sessions")?;
            for table in token_tables {
                let tokens: Vec<String> = sqlx::query_scalar(&format!(
                    "SELECT token_hash FROM {table} WHERE {holders}"
                ))
                .bind(bound)
                .fetch_all(&mut **tx)
                .await
                .with_context(|| format!("listing the accounts' {table} digests"))?;
                digests.extend(tokens);
            }
            Ok(digests)
        }

        /// Marks a code used; `false` when it was used meanwhile.
        async fn use_code(
            tx: &mut sqlx::Transaction<'_, $db>,
            code: &CodeUse,
            now: DateTime<Utc>,
        ) -> anyhow::Result<bool> {
            let done = sqlx::query(USE_CODE)
                .bind(code.code_id)
                .bind(now)
                .bind(&code.ip)
                .execute(&mut **tx)
                .await
                .context("marking the verification code used")?;
            Ok(done.rows_affected() == 1)
        }

        async fn insert_session(
            tx: &mut sqlx::Transaction<'_, $db>,
            user_id: i64,
            session: &NewSession,
            now: DateTime<Utc>,
        ) -> anyhow::Result<()> {
            let refresh_id: i64 = sqlx::query_scalar(INSERT_REFRESH)
                .bind(&session.refresh_digest)
                .bind(user_id)
                .bind(session.refresh_expires_at)
                .bind(now)
                .fetch_one(&mut **tx)
                .await
                .context("storing the refresh token")?;
            sqlx::query(INSERT_ACCESS)
                .bind(&session.access_digest)
                .bind(user_id)
                .bind(refresh_id)
                .bind(session.access_expires_at)
                .bind(now)
                .execute(&mut **tx)
                .await
                .context("storing the access token")?;
            Ok(())
        }

        /// Revokes every live session of a user but the one holding `keep`; answers the
        /// revoked access tokens' digests and how many sessions (refresh tokens) ended.
        pub(crate) async fn revoke_sessions_in(
            tx: &mut sqlx::Transaction<'_, $db>,
            user_id: i64,
            keep: Option<&str>,
            now: DateTime<Utc>,
        ) -> anyhow::Result<(Vec<String>, u64)> {
            let keep_refresh: Option<i64> = match keep {
                Some(digest) => sqlx::query_scalar(
                    "SELECT refresh_token_id FROM access_token WHERE token_hash = $1",
                )
                .bind(digest)
                .fetch_optional(&mut **tx)
                .await
                .context("finding the current session")?,
                None => None,
            };
            let keep_refresh = keep_refresh.unwrap_or(-1);
            let sessions = sqlx::query(
                "UPDATE refresh_token SET revoked_at = $2, updated_at = $2 \
                 WHERE user_id = $1 AND id <> $3 AND revoked_at IS NULL",
            )
            .bind(user_id)
            .bind(now)
            .bind(keep_refresh)
            .execute(&mut **tx)
            .await
            .context("revoking refresh tokens")?
            .rows_affected();
            let digests: Vec<String> = sqlx::query_scalar(
                "UPDATE access_token SET revoked_at = $2, updated_at = $2 \
                 WHERE user_id = $1 AND refresh_token_id <> $3 AND revoked_at IS NULL \
                 RETURNING token_hash",
            )
            .bind(user_id)
            .bind(now)
            .bind(keep_refresh)
            .fetch_all(&mut **tx)
            .await
            .context("revoking access tokens")?;
            Ok((digests, sessions))
        }

        impl AccountStore for $store {
            async fn find_user(&self, id: i64) -> anyhow::Result<Option<UserRecord>> {
                sqlx::query_as(&format!("SELECT {USER_COLUMNS} FROM app_user WHERE id = $1"))
                    .bind(id)
                    .fetch_optional(&self.pool)
                    .await
                    .context("looking up a user")
            }

            async fn find_user_by_email(&self, email: &str) -> anyhow::Result<Option<UserRecord>> {
                self.find_user_where("email", email).await
            }

            async fn find_user_by_mobile(
                &self,
                mobile: &str,
            ) -> anyhow::Result<Option<UserRecord>> {
                self.find_user_where("mobile", mobile).await
            }

            async fn find_user_by_username(
                &self,
                username: &str,
            ) -> anyhow::Result<Option<UserRecord>> {
                self.find_user_where("username", username).await
            }

            async fn find_org(&self, id: i64) -> anyhow::Result<Option<OrgRecord>> {
                sqlx::query_as("SELECT id, name, enabled, business_scope FROM org WHERE id = $1")
                    .bind(id)
                    .fetch_optional(&self.pool)
                    .await
                    .context("looking up an organisation")
            }

            async fn roles_and_permissions(
                &self,
                user_id: i64,
            ) -> anyhow::Result<(Vec<String>, Vec<String>)> {
                let roles: Vec<String> = sqlx::query_scalar(
                    "SELECT r.code FROM role r JOIN user_role ur ON ur.role_id = r.id \
                     WHERE ur.user_id = $1 ORDER BY r.code",
                )
                .bind(user_id)
                .fetch_all(&self.pool)
                .await
                .context("listing a user's roles")?;
                // A member whose organisation took publishing away has every permission of its
                // roles but that one.
                let permissions: Vec<String> = sqlx::query_scalar(
                    "SELECT DISTINCT rp.permission FROM role_permission rp \
                     JOIN user_role ur ON ur.role_id = rp.role_id \
                     WHERE ur.user_id = $1 AND NOT (rp.permission = $2 AND EXISTS (\
                     SELECT 1 FROM app_user u WHERE u.id = $1 AND NOT u.org_may_publish)) \
                     ORDER BY rp.permission",
                )
                .bind(user_id)
                .bind(auth::PUBLISH_PERMISSION)
                .fetch_all(&self.pool)
                .await
                .context("listing a user's permissions")?;
                Ok((roles, permissions))
            }

            async fn create_user(
                &self,
                user: &NewUser,
                code: Option<&CodeUse>,
                social: Option<&SocialBinding>,
                session: Option<&NewSession>,
            ) -> anyhow::Result<Result<i64, WriteRefused>> {
                let now = now();
                let mut tx = begin_write(&self.pool).await?;
                if let Some(code) = code {
                    if !use_code(&mut tx, code, now).await? {
                        return Ok(Err(WriteRefused::CodeUsed));
                    }
                }
                // Checked inside the transaction; the UNIQUE constraints catch a concurrent
                // insert (the transaction then fails as a whole).
                let taken: Option<(String, Option<String>, Option<String>)> = sqlx::query_as(
                    "SELECT username, email, mobile FROM app_user \
                     WHERE username = $1 OR email = $2 OR mobile = $3 LIMIT 1",
                )
                .bind(&user.username)
                .bind(&user.email)
                .bind(&user.mobile)
                .fetch_optional(&mut *tx)
                .await
                .context("checking for an existing account")?;
                if let Some((username, email, mobile)) = taken {
                    let refused = if username == user.username {
                        WriteRefused::UsernameTaken
                    } else if mobile.is_some() && mobile == user.mobile {
                        WriteRefused::MobileTaken
                    } else if email.is_some() && email == user.email {
                        WriteRefused::EmailTaken
                    } else {
                        WriteRefused::UsernameTaken
                    };
                    return Ok(Err(refused));
                }
                let user_id: i64 = sqlx::query_scalar(
                    "INSERT INTO app_user (username, nickname, email, mobile, password_hash, \
                     org_id, origin, created_at, updated_at) \
                     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8) RETURNING id",
                )
                .bind(&user.username)
                .bind(&user.nickname)
                .bind(&user.email)
                .bind(&user.mobile)
                .bind(&user.password_hash)
                .bind(user.org_id)
                .bind(&user.origin)
                .bind(now)
                .fetch_one(&mut *tx)
                .await
                .context("inserting the user")?;
                let granted = sqlx::query(
                    "INSERT INTO user_role (user_id, role_id, created_at, updated_at) \
                     SELECT $1, id, $2, $2 FROM role WHERE code = $3",
                )
                .bind(user_id)
                .bind(now)
                .bind(user.role_code)
                .execute(&mut *tx)
                .await
                .context("granting the role")?;
                anyhow::ensure!(granted.rows_affected() == 1, "role {} missing", user.role_code);
                if let Some(social) = social {
                    let bound = sqlx::query(
                        "UPDATE social_user SET user_id = $3, bound_at = $4, updated_at = $4 \
                         WHERE type = $1 AND open_id = $2 AND user_id IS NULL",
                    )
                    .bind(social.social_type)
                    .bind(&social.open_id)
                    .bind(user_id)
                    .bind(now)
                    .execute(&mut *tx)
                    .await
                    .context("binding the social account")?;
                    if bound.rows_affected() != 1 {
                        return Ok(Err(WriteRefused::SocialUnavailable));
                    }
                }
                if let Some(session) = session {
                    insert_session(&mut tx, user_id, session, now).await?;
                }
                tx.commit().await.context("committing the new user")?;
                Ok(Ok(user_id))
            }

            async fn open_session(
                &self,
                user_id: i64,
                session: &NewSession,
                code: Option<&CodeUse>,
            ) -> anyhow::Result<Result<(), WriteRefused>> {
                let now = now();
                let mut tx = begin_write(&self.pool).await?;
                if let Some(code) = code {
                    if !use_code(&mut tx, code, now).await? {
                        return Ok(Err(WriteRefused::CodeUsed));
                    }
                }
                insert_session(&mut tx, user_id, session, now).await?;
                tx.commit().await.context("committing the session")?;
                Ok(Ok(()))
            }

            async fn find_access_token(
                &self,
                digest: &str,
            ) -> anyhow::Result<Option<AccessTokenRecord>> {
                sqlx::query_as(
                    "SELECT user_id, refresh_token_id, expires_at, revoked_at \
                     FROM access_token WHERE token_hash = $1",
                )
                .bind(digest)
                .fetch_optional(&self.pool)
                .await
                .context("looking up an access token")
            }

            async fn find_refresh_token(
                &self,
                digest: &str,
            ) -> anyhow::Result<Option<RefreshTokenRecord>> {
                sqlx::query_as(
                    "SELECT id, user_id, expires_at, revoked_at FROM refresh_token \
                     WHERE token_hash = $1",
                )
                .bind(digest)
                .fetch_optional(&self.pool)
                .await
                .context("looking up a refresh token")
            }

            async fn replace_access_token(
                &self,
                refresh: &RefreshTokenRecord,
                digest: &str,
                expires_at: DateTime<Utc>,
            ) -> anyhow::Result<Vec<String>> {
                let now = now();
                let mut tx = begin_write(&self.pool).await?;
                let revoked: Vec<String> = sqlx::query_scalar(REVOKE_ACCESS_OF_REFRESH)
                    .bind(refresh.id)
                    .bind(now)
                    .fetch_all(&mut *tx)
                    .await
                    .context("revoking the old access tokens")?;
                sqlx::query(INSERT_ACCESS)
                    .bind(digest)
                    .bind(refresh.user_id)
                    .bind(refresh.id)
                    .bind(expires_at)
                    .bind(now)
                    .execute(&mut *tx)
                    .await
                    .context("storing the access token")?;
                tx.commit().await.context("committing the refresh")?;
                Ok(revoked)
            }

            async fn revoke_session(&self, access_digest: &str) -> anyhow::Result<Vec<String>> {
                let now = now();
                let mut tx = begin_write(&self.pool).await?;
                let refresh_id: Option<i64> = sqlx::query_scalar(
                    "SELECT refresh_token_id FROM access_token WHERE token_hash = $1",
                )
                .bind(access_digest)
                .fetch_optional(&mut *tx)
                .await
                .context("finding the session")?;
                let Some(refresh_id) = refresh_id else {
                    return Ok(Vec::new());
                };
                sqlx::query(
                    "UPDATE refresh_token SET revoked_at = $2, updated_at = $2 \
                     WHERE id = $1 AND revoked_at IS NULL",
                )
                .bind(refresh_id)
                .bind(now)
                .execute(&mut *tx)
                .await
                .context("revoking the refresh token")?;
                let revoked: Vec<String> = sqlx::query_scalar(REVOKE_ACCESS_OF_REFRESH)
                    .bind(refresh_id)
                    .bind(now)
                    .fetch_all(&mut *tx)
                    .await
                    .context("revoking the access tokens")?;
                tx.commit().await.context("committing the logout")?;
                Ok(revoked)
            }

            async fn revoke_user_sessions(
                &self,
                user_id: i64,
                keep_access_digest: Option<&str>,
            ) -> anyhow::Result<(Vec<String>, u64)> {
                let mut tx = begin_write(&self.pool).await?;
                let revoked = revoke_sessions_in(&mut tx, user_id, keep_access_digest, now()).await?;
                tx.commit().await.context("committing the revocation")?;
                Ok(revoked)
            }

            async fn change_password(
                &self,
                user_id: i64,
                password_hash: &str,
                code: Option<&CodeUse>,
                keep_access_digest: Option<&str>,
            ) -> anyhow::Result<Result<Vec<String>, WriteRefused>> {
                let now = now();
                let mut tx = begin_write(&self.pool).await?;
                if let Some(code) = code {
                    if !use_code(&mut tx, code, now).await? {
                        return Ok(Err(WriteRefused::CodeUsed));
                    }
                }
                sqlx::query(
                    "UPDATE app_user SET password_hash = $2, updated_at = $3 WHERE id = $1",
                )
                .bind(user_id)
                .bind(password_hash)
                .bind(now)
                .execute(&mut *tx)
                .await
                .context("storing the new password")?;
                let (mut revoked, _) =
                    revoke_sessions_in(&mut tx, user_id, keep_access_digest, now).await?;
                // Personal access tokens go too: a password changed because it leaked must not
                // leave a token made with it working.
                let tokens: Vec<String> = sqlx::query_scalar(
                    "DELETE FROM personal_access_token WHERE user_id = $1 RETURNING token_hash",
                )
                .bind(user_id)
                .fetch_all(&mut *tx)
                .await
                .context("revoking the personal access tokens")?;
                revoked.extend(tokens);
                tx.commit().await.context("committing the password change")?;
                Ok(Ok(revoked))
            }

            async fn update_profile(
                &self,
                user_id: i64,
                update: &ProfileUpdate,
            ) -> anyhow::Result<()> {
                sqlx::query(
                    "UPDATE app_user SET nickname = COALESCE($2, nickname), \
                     org_name = COALESCE($3, org_name), avatar = COALESCE($4, avatar), \
                     updated_at = $5 WHERE id = $1",
                )
                .bind(user_id)
                .bind(&update.nickname)
                .bind(&update.org_name)
                .bind(&update.avatar)
                .bind(now())
                .execute(&self.pool)
                .await
                .context("updating the profile")?;
                Ok(())
            }

            async fn code_history(
                &self,
                target: &str,
                since: DateTime<Utc>,
            ) -> anyhow::Result<(Option<DateTime<Utc>>, i64)> {
                let last: Option<DateTime<Utc>> = sqlx::query_scalar(
                    "SELECT created_at FROM verification_code WHERE target = $1 \
                     ORDER BY created_at DESC, id DESC LIMIT 1",
                )
                .bind(target)
                .fetch_optional(&self.pool)
                .await
                .context("reading the last code")?;
                let count: i64 = sqlx::query_scalar(
                    "SELECT COUNT(*) FROM verification_code WHERE target = $1 AND created_at >= $2",
                )
                .bind(target)
                .bind(since)
                .fetch_one(&self.pool)
                .await
                .context("counting today's codes")?;
                Ok((last, count))
            }

            async fn insert_code(&self, code: &NewCode) -> anyhow::Result<i64> {
                sqlx::query_scalar(
                    "INSERT INTO verification_code (channel, target, scene, code_hash, expires_at, \
                     create_ip, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $7) \
                     RETURNING id",
                )
                .bind(code.channel)
                .bind(&code.target)
                .bind(code.scene)
                .bind(&code.code_hash)
                .bind(code.expires_at)
                .bind(&code.create_ip)
                .bind(now())
                .fetch_one(&self.pool)
                .await
                .context("storing the verification code")
            }

            async fn delete_code(&self, id: i64) -> anyhow::Result<()> {
                sqlx::query("DELETE FROM verification_code WHERE id = $1")
                    .bind(id)
                    .execute(&self.pool)
                    .await
                    .context("deleting the verification code")?;
                Ok(())
            }

            async fn find_code(
                &self,
                target: &str,
                scene: i32,
                code_hash: &str,
            ) -> anyhow::Result<Option<CodeRecord>> {
                sqlx::query_as(
                    "SELECT id, expires_at, used_at FROM verification_code \
                     WHERE target = $1 AND scene = $2 AND code_hash = $3 \
                     ORDER BY id DESC LIMIT 1",
                )
                .bind(target)
                .bind(scene)
                .bind(code_hash)
                .fetch_optional(&self.pool)
                .await
                .context("looking up the verification code")
            }

            async fn append_outbox(&self, message: &OutboxMessage) -> anyhow::Result<()> {
                sqlx::query(
                    "INSERT INTO dev_outbox (channel, target, scene, code, subject, body, \
                     created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $7)",
                )
                .bind(&message.channel)
                .bind(&message.to)
                .bind(message.scene)
                .bind(&message.code)
                .bind(&message.subject)
                .bind(&message.body)
                .bind(message.created_at)
                .execute(&self.pool)
                .await
                .context("writing to the outbox")?;
                Ok(())
            }

            async fn list_outbox(&self, to: &str) -> anyhow::Result<Vec<OutboxMessage>> {
                sqlx::query_as(
                    "SELECT target AS \"to\", channel, scene, code, subject, body, created_at \
                     FROM dev_outbox WHERE target = $1 ORDER BY id DESC LIMIT 50",
                )
                .bind(to)
                .fetch_all(&self.pool)
                .await
                .context("reading the outbox")
            }

            async fn upsert_social_user(
                &self,
                profile: &SocialProfile,
            ) -> anyhow::Result<SocialUserRecord> {
                sqlx::query_as(&format!(
                    "INSERT INTO social_user (type, open_id, union_id, nickname, avatar, \
                     last_code, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $7) \
                     ON CONFLICT (type, open_id) DO UPDATE SET union_id = excluded.union_id, \
                     nickname = excluded.nickname, avatar = excluded.avatar, \
                     last_code = excluded.last_code, updated_at = excluded.updated_at \
                     RETURNING {SOCIAL_COLUMNS}"
                ))
                .bind(profile.social_type)
                .bind(&profile.open_id)
                .bind(&profile.union_id)
                .bind(&profile.nickname)
                .bind(&profile.avatar)
                .bind(&profile.code)
                .bind(now())
                .fetch_one(&self.pool)
                .await
                .context("recording the social account")
            }

            async fn find_social_user(
                &self,
                social_type: i32,
                open_id: &str,
            ) -> anyhow::Result<Option<SocialUserRecord>> {
                sqlx::query_as(&format!(
                    "SELECT {SOCIAL_COLUMNS} FROM social_user WHERE type = $1 AND open_id = $2"
                ))
                .bind(social_type)
                .bind(open_id)
                .fetch_optional(&self.pool)
                .await
                .context("looking up a social account")
            }

            async fn find_social_user_by_code(
                &self,
                social_type: i32,
                code: &str,
            ) -> anyhow::Result<Option<SocialUserRecord>> {
                sqlx::query_as(&format!(
                    "SELECT {SOCIAL_COLUMNS} FROM social_user WHERE type = $1 AND last_code = $2"
                ))
                .bind(social_type)
                .bind(code)
                .fetch_optional(&self.pool)
                .await
                .context("looking up a social account by code")
            }

            async fn social_users_of(&self, user_id: i64) -> anyhow::Result<Vec<SocialUserRecord>> {
                sqlx::query_as(&format!(
                    "SELECT {SOCIAL_COLUMNS} FROM social_user WHERE user_id = $1 ORDER BY id"
                ))
                .bind(user_id)
                .fetch_all(&self.pool)
                .await
                .context("listing social accounts")
            }

            async fn bind_social_user(
                &self,
                social_id: i64,
                user_id: i64,
            ) -> anyhow::Result<Result<(), WriteRefused>> {
                let now = now();
                let mut tx = begin_write(&self.pool).await?;
                let already: i64 = sqlx::query_scalar(
                    "SELECT COUNT(*) FROM social_user WHERE user_id = $1 AND type = \
                     (SELECT type FROM social_user WHERE id = $2)",
                )
                .bind(user_id)
                .bind(social_id)
                .fetch_one(&mut *tx)
                .await
                .context("checking existing bindings")?;
                if already > 0 {
                    return Ok(Err(WriteRefused::SocialUnavailable));
                }
                let bound = sqlx::query(
                    "UPDATE social_user SET user_id = $2, bound_at = $3, updated_at = $3 \
                     WHERE id = $1 AND user_id IS NULL",
                )
                .bind(social_id)
                .bind(user_id)
                .bind(now)
                .execute(&mut *tx)
                .await
                .context("binding the social account")?;
                if bound.rows_affected() != 1 {
                    return Ok(Err(WriteRefused::SocialUnavailable));
                }
                tx.commit().await.context("committing the binding")?;
                Ok(Ok(()))
            }

            async fn unbind_social_user(&self, user_id: i64, social_type: i32) -> anyhow::Result<u64> {
                let done = sqlx::query(
                    "UPDATE social_user SET user_id = NULL, bound_at = NULL, updated_at = $3 \
                     WHERE user_id = $1 AND type = $2",
                )
                .bind(user_id)
                .bind(social_type)
                .bind(now())
                .execute(&self.pool)
                .await
                .context("unbinding the social account")?;
                Ok(done.rows_affected())
            }
        }
    };
}

pub(crate) mod sqlite_impl {
    use super::*;
    account_store!(SqliteAccountStore, SqlitePool, sqlx::Sqlite);
}
pub(crate) mod postgres_impl {
    use super::*;
    account_store!(PgAccountStore, PgPool, sqlx::Postgres);
}
pub use postgres_impl::PgAccountStore;
pub use sqlite_impl::SqliteAccountStore;

kernel::repository! {
    /// The accounts store of the system database, whichever backend it is.
    #[derive(Clone)]
    pub enum AccountRepository: AccountStore {
        Sqlite(SqliteAccountStore),
        Postgres(PgAccountStore),
    }
    async fn find_user(&self, id: i64) -> anyhow::Result<Option<UserRecord>>;
    async fn find_user_by_email(&self, email: &str) -> anyhow::Result<Option<UserRecord>>;
    async fn find_user_by_mobile(&self, mobile: &str) -> anyhow::Result<Option<UserRecord>>;
    async fn find_user_by_username(&self, username: &str) -> anyhow::Result<Option<UserRecord>>;
    async fn find_org(&self, id: i64) -> anyhow::Result<Option<OrgRecord>>;
    async fn roles_and_permissions(&self, user_id: i64) -> anyhow::Result<(Vec<String>, Vec<String>)>;
    async fn create_user(&self, user: &NewUser, code: Option<&CodeUse>, social: Option<&SocialBinding>, session: Option<&NewSession>) -> anyhow::Result<Result<i64, WriteRefused>>;
    async fn open_session(&self, user_id: i64, session: &NewSession, code: Option<&CodeUse>) -> anyhow::Result<Result<(), WriteRefused>>;
    async fn find_access_token(&self, digest: &str) -> anyhow::Result<Option<AccessTokenRecord>>;
    async fn find_refresh_token(&self, digest: &str) -> anyhow::Result<Option<RefreshTokenRecord>>;
    async fn replace_access_token(&self, refresh: &RefreshTokenRecord, digest: &str, expires_at: DateTime<Utc>) -> anyhow::Result<Vec<String>>;
    async fn revoke_session(&self, access_digest: &str) -> anyhow::Result<Vec<String>>;
    async fn revoke_user_sessions(&self, user_id: i64, keep_access_digest: Option<&str>) -> anyhow::Result<(Vec<String>, u64)>;
    async fn change_password(&self, user_id: i64, password_hash: &str, code: Option<&CodeUse>, keep_access_digest: Option<&str>) -> anyhow::Result<Result<Vec<String>, WriteRefused>>;
    async fn update_profile(&self, user_id: i64, update: &ProfileUpdate) -> anyhow::Result<()>;
    async fn code_history(&self, target: &str, since: DateTime<Utc>) -> anyhow::Result<(Option<DateTime<Utc>>, i64)>;
    async fn insert_code(&self, code: &NewCode) -> anyhow::Result<i64>;
    async fn delete_code(&self, id: i64) -> anyhow::Result<()>;
    async fn find_code(&self, target: &str, scene: i32, code_hash: &str) -> anyhow::Result<Option<CodeRecord>>;
    async fn append_outbox(&self, message: &OutboxMessage) -> anyhow::Result<()>;
    async fn list_outbox(&self, to: &str) -> anyhow::Result<Vec<OutboxMessage>>;
    async fn upsert_social_user(&self, profile: &SocialProfile) -> anyhow::Result<SocialUserRecord>;
    async fn find_social_user(&self, social_type: i32, open_id: &str) -> anyhow::Result<Option<SocialUserRecord>>;
    async fn find_social_user_by_code(&self, social_type: i32, code: &str) -> anyhow::Result<Option<SocialUserRecord>>;
    async fn social_users_of(&self, user_id: i64) -> anyhow::Result<Vec<SocialUserRecord>>;
    async fn bind_social_user(&self, social_id: i64, user_id: i64) -> anyhow::Result<Result<(), WriteRefused>>;
    async fn unbind_social_user(&self, user_id: i64, social_type: i32) -> anyhow::Result<u64>;
}
