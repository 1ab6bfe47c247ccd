//! The operators' user store: the page (with roles, session counts and the last sign-in) and
//! the two changes, each one transaction with its audit entry. Sessions are revoked with the
//! accounts store's own `revoke_sessions_in`, the path logout and password changes use.

use std::collections::BTreeMap;

use anyhow::Context;
use chrono::{DateTime, Utc};
use serde_json::json;
use sqlx::{PgPool, SqlitePool};

use super::{STATUS_DISABLED, STATUS_ENABLED, SUPER_ADMIN_ROLE};
use crate::{
    accounts::store::now,
    operation::{
        audit::{
            Actor, AuditEntry, ACTION_USER_DISABLE, ACTION_USER_ENABLE,
            ACTION_USER_SESSIONS_REVOKE, TARGET_USER,
        },
        page::Paging,
    },
};

/// One row of the page.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct UserRow {
    pub id: i64,
    pub username: String,
    pub nickname: String,
    pub email: Option<String>,
    pub mobile: Option<String>,
    pub org_id: i64,
    /// The organisation's name (absent only if the organisation row is gone).
    pub org_name: Option<String>,
    pub status: i32,
    /// An administrator of its organisation.
    pub org_admin: bool,
    /// May publish into its organisation's enterprise libraries (its administrators decide).
    pub org_may_publish: bool,
    pub created_at: DateTime<Utc>,
    /// When the newest session was opened (a sign-in); absent when the user never signed in.
    pub last_login_at: Option<DateTime<Utc>>,
    /// Sessions (refresh tokens) neither revoked nor expired.
    pub session_count: i64,
}

/// Page filters (all optional, combined with AND).
#[derive(Debug, Clone, Default)]
pub struct UserFilter {
    /// A `LIKE` pattern (`operation::text::contains_pattern`) over username, nickname, e-mail
    /// and mobile.
    pub keyword_pattern: Option<String>,
    pub status: Option<i32>,
    pub org_id: Option<i64>,
}

/// What a status change did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StatusChange {
    NotFound,
    /// Disabling a super administrator is refused.
    SuperAdmin,
    /// The account already had that status: nothing written, no audit entry.
    Unchanged,
    /// Changed; `revoked` are the digests of the access and personal tokens revoked (to drop
    /// from the caches).
    Changed {
        revoked: Vec<String>,
    },
}

/// What a session reset did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SessionReset {
    NotFound,
    SuperAdmin,
    Revoked { revoked: Vec<String>, sessions: u64 },
}

#[allow(async_fn_in_trait)] // used with concrete types only; no `dyn`
pub trait UserAdminStore {
    /// Newest account first; answers the page and the total count. `now` decides which
    /// sessions are live.
    async fn page_users(
        &self,
        filter: &UserFilter,
        paging: Paging,
        now: DateTime<Utc>,
    ) -> anyhow::Result<(Vec<UserRow>, i64)>;
    /// The role codes of each user among `ids` (sorted).
    async fn roles_of(&self, ids: &[i64]) -> anyhow::Result<BTreeMap<i64, Vec<String>>>;
    /// Sets `status`; disabling revokes every session and personal access token of the user.
    async fn set_status(
        &self,
        user_id: i64,
        status: i32,
        actor: &Actor,
    ) -> anyhow::Result<StatusChange>;
    /// Ends every session of the user (personal access tokens stay).
    async fn reset_sessions(&self, user_id: i64, actor: &Actor) -> anyhow::Result<SessionReset>;
}

const FROM_USERS: &str = " FROM app_user u LEFT JOIN org o ON o.id = u.org_id";
const IS_SUPER_ADMIN: &str =
    "SELECT ur.user_id FROM user_role ur JOIN role r ON r.id = ur.role_id \
     WHERE ur.user_id = $1 AND r.code = $2";

macro_rules! user_admin_store {
    ($store:ident, $pool:ty, $db:ty, $lock_user:expr, $accounts:ident, $audit:ident) => {
        #[derive(Clone)]
        pub struct $store {
            pool: $pool,
        }

        impl $store {
            pub fn new(pool: $pool) -> Self {
                Self { pool }
            }
        }

        fn push_filter(builder: &mut sqlx::QueryBuilder<'_, $db>, filter: &UserFilter) {
            builder.push(" WHERE 1 = 1");
            if let Some(status) = filter.status {
                builder.push(" AND u.status = ").push_bind(status);
            }
            if let Some(org_id) = filter.org_id {
                builder.push(" AND u.org_id = ").push_bind(org_id);
            }
            if let Some(pattern) = &filter.keyword_pattern {
                let columns = [
                    "u.username",
                    "u.nickname",
                    "COALESCE(u.email, '')",
                    "COALESCE(u.mobile, '')",
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

        /// Locks the user's row (PostgreSQL; SQLite holds the database's write lock already)
        /// and answers whether it exists and is a super administrator, and its status.
        async fn locked_user(
            tx: &mut sqlx::Transaction<'_, $db>,
            user_id: i64,
        ) -> anyhow::Result<Option<(i32, bool)>> {
            let status: Option<i32> = sqlx::query_scalar(&format!(
                "SELECT status FROM app_user WHERE id = $1{}",
                $lock_user
            ))
            .bind(user_id)
            .fetch_optional(&mut **tx)
            .await
            .context("reading the user")?;
            let Some(status) = status else {
                return Ok(None);
            };
            let super_admin: Option<i64> = sqlx::query_scalar(IS_SUPER_ADMIN)
                .bind(user_id)
                .bind(SUPER_ADMIN_ROLE)
                .fetch_optional(&mut **tx)
                .await
                .context("reading the user's roles")?;
            Ok(Some((status, super_admin.is_some())))
        }

        impl UserAdminStore for $store {
            async fn page_users(
                &self,
                filter: &UserFilter,
                paging: Paging,
                now: DateTime<Utc>,
            ) -> anyhow::Result<(Vec<UserRow>, i64)> {
                let mut count =
                    sqlx::QueryBuilder::<$db>::new(format!("SELECT COUNT(*){FROM_USERS}"));
                push_filter(&mut count, filter);
                let total: i64 = count
                    .build_query_scalar()
                    .fetch_one(&self.pool)
                    .await
                    .context("counting users")?;
                let mut list = sqlx::QueryBuilder::<$db>::new(
                    "SELECT u.id, u.username, u.nickname, u.email, u.mobile, u.org_id, \
                     o.name AS org_name, u.status, u.org_admin, u.org_may_publish, u.created_at, \
                     (SELECT MAX(t.created_at) FROM refresh_token t WHERE t.user_id = u.id) \
                     AS last_login_at, \
                     (SELECT COUNT(*) FROM refresh_token t WHERE t.user_id = u.id \
                     AND t.revoked_at IS NULL AND t.expires_at > ",
                );
                list.push_bind(now).push(") AS session_count");
                list.push(FROM_USERS);
                push_filter(&mut list, filter);
                list.push(" ORDER BY u.id DESC LIMIT ")
                    .push_bind(paging.limit)
                    .push(" OFFSET ")
                    .push_bind(paging.offset);
                let rows = list
                    .build_query_as()
                    .fetch_all(&self.pool)
                    .await
                    .context("listing users")?;
                Ok((rows, total))
            }

            async fn roles_of(&self, ids: &[i64]) -> anyhow::Result<BTreeMap<i64, Vec<String>>> {
                let mut roles: BTreeMap<i64, Vec<String>> = BTreeMap::new();
                if ids.is_empty() {
                    return Ok(roles);
                }
                let mut query = sqlx::QueryBuilder::<$db>::new(
                    "SELECT ur.user_id, r.code FROM user_role ur JOIN role r ON r.id = ur.role_id \
                     WHERE ur.user_id IN (",
                );
                let mut list = query.separated(", ");
                for id in ids {
                    list.push_bind(*id);
                }
                query.push(") ORDER BY ur.user_id, r.code");
                let rows: Vec<(i64, String)> = query
                    .build_query_as()
                    .fetch_all(&self.pool)
                    .await
                    .context("listing the users' roles")?;
                for (user_id, code) in rows {
                    roles.entry(user_id).or_default().push(code);
                }
                Ok(roles)
            }

            async fn set_status(
                &self,
                user_id: i64,
                status: i32,
                actor: &Actor,
            ) -> anyhow::Result<StatusChange> {
                let now = now();
                let mut tx = crate::accounts::store::$accounts::begin_write(&self.pool).await?;
                let Some((current, super_admin)) = locked_user(&mut tx, user_id).await? else {
                    return Ok(StatusChange::NotFound);
                };
                if status == STATUS_DISABLED && super_admin {
                    return Ok(StatusChange::SuperAdmin);
                }
                if current == status {
                    return Ok(StatusChange::Unchanged);
                }
                sqlx::query("UPDATE app_user SET status = $2, updated_at = $3 WHERE id = $1")
                    .bind(user_id)
                    .bind(status)
                    .bind(now)
                    .execute(&mut *tx)
                    .await
                    .context("storing the user's status")?;
                let (entry, revoked) = if status == STATUS_DISABLED {
                    let (mut revoked, sessions) = crate::accounts::store::$accounts::revoke_sessions_in(
                        &mut tx, user_id, None, now,
                    )
                    .await?;
                    let personal: Vec<String> = sqlx::query_scalar(
                        "DELETE FROM personal_access_token WHERE user_id = $1 RETURNING token_hash",
                    )
                    .bind(user_id)
                    .fetch_all(&mut *tx)
                    .await
                    .context("revoking the personal access tokens")?;
                    let after = json!({
                        "status": status,
                        "revokedSessions": sessions,
                        "revokedPersonalTokens": personal.len(),
                    });
                    revoked.extend(personal);
                    ((ACTION_USER_DISABLE, after), revoked)
                } else {
                    ((ACTION_USER_ENABLE, json!({"status": STATUS_ENABLED})), Vec::new())
                };
                let (action, after) = entry;
                let entry = AuditEntry {
                    actor,
                    action,
                    target_type: TARGET_USER,
                    target_id: user_id.to_string(),
                    before: json!({"status": current}),
                    after,
                };
                crate::operation::audit::store::$audit::record(&mut *tx, &entry).await?;
                tx.commit().await.context("committing the status change")?;
                Ok(StatusChange::Changed { revoked })
            }

            async fn reset_sessions(
                &self,
                user_id: i64,
                actor: &Actor,
            ) -> anyhow::Result<SessionReset> {
                let now = now();
                let mut tx = crate::accounts::store::$accounts::begin_write(&self.pool).await?;
                let Some((_, super_admin)) = locked_user(&mut tx, user_id).await? else {
                    return Ok(SessionReset::NotFound);
                };
                if super_admin {
                    return Ok(SessionReset::SuperAdmin);
                }
                let (revoked, sessions) =
                    crate::accounts::store::$accounts::revoke_sessions_in(&mut tx, user_id, None, now)
                        .await?;
                let entry = AuditEntry {
                    actor,
                    action: ACTION_USER_SESSIONS_REVOKE,
                    target_type: TARGET_USER,
                    target_id: user_id.to_string(),
                    before: json!({"sessions": sessions}),
                    after: json!({"sessions": 0}),
                };
                crate::operation::audit::store::$audit::record(&mut *tx, &entry).await?;
                tx.commit().await.context("committing the session reset")?;
                Ok(SessionReset::Revoked { revoked, sessions })
            }
        }
    };
}

mod sqlite_impl {
    use super::*;
    // SQLite: `begin_write` already holds the database's write lock.
    user_admin_store!(
        SqliteUserAdminStore,
        SqlitePool,
        sqlx::Sqlite,
        "",
        sqlite_impl,
        sqlite_impl
    );
}
mod postgres_impl {
    use super::*;
    user_admin_store!(
        PgUserAdminStore,
        PgPool,
        sqlx::Postgres,
        " FOR UPDATE",
        postgres_impl,
        postgres_impl
    );
}
pub use postgres_impl::PgUserAdminStore;
pub use sqlite_impl::SqliteUserAdminStore;

kernel::repository! {
    /// The operators' user store of the system database, whichever backend it is.
    #[derive(Clone)]
    pub enum UserAdminRepository: UserAdminStore {
        Sqlite(SqliteUserAdminStore),
        Postgres(PgUserAdminStore),
    }
    async fn page_users(&self, filter: &UserFilter, paging: Paging, now: DateTime<Utc>) -> anyhow::Result<(Vec<UserRow>, i64)>;
    async fn roles_of(&self, ids: &[i64]) -> anyhow::Result<BTreeMap<i64, Vec<String>>>;
    async fn set_status(&self, user_id: i64, status: i32, actor: &Actor) -> anyhow::Result<StatusChange>;
    async fn reset_sessions(&self, user_id: i64, actor: &Actor) -> anyhow::Result<SessionReset>;
}
