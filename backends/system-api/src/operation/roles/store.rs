//! The operators' role store: the roles with their permissions and holder counts, and the
//! changes, each one transaction with its audit entry. The escalation rule (nobody grants what
//! they do not hold, `super::holds_all`) is checked inside the transaction against the role as
//! it is locked, so that a concurrent change cannot slip a permission past it. A change that
//! alters what signed-in people may do answers the digests of their live sessions and personal
//! tokens: the caller drops their cached principals, as a logout does.

use std::collections::BTreeSet;

use anyhow::Context;
use chrono::{DateTime, Utc};
use serde_json::{json, Value};
use sqlx::{PgPool, SqlitePool};

use super::{holds_all, BUILT_IN_ROLES, SUPER_ADMIN_ROLE};
use crate::{
    accounts::store::now,
    operation::audit::{
        Actor, AuditEntry, ACTION_ROLE_CREATE, ACTION_ROLE_DELETE, ACTION_ROLE_UPDATE,
        ACTION_USER_ROLES, TARGET_ROLE, TARGET_USER,
    },
};

/// A role as the page shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RoleRow {
    pub id: i64,
    pub code: String,
    pub name: String,
    /// Sorted.
    pub permissions: Vec<String>,
    pub user_count: i64,
    pub created_at: DateTime<Utc>,
}

impl RoleRow {
    pub fn is_built_in(&self) -> bool {
        BUILT_IN_ROLES.contains(&self.code.as_str())
    }
}

#[derive(Debug, Clone, sqlx::FromRow)]
struct RoleHead {
    id: i64,
    code: String,
    name: String,
    created_at: DateTime<Utc>,
    user_count: i64,
}

/// A role's state as its audit entries show it.
fn role_state(code: &str, name: &str, permissions: &[String]) -> Value {
    json!({"code": code, "name": name, "permissions": permissions})
}

/// A new role (validated by the route; permissions sorted, without repeats, all known).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewRole {
    pub code: String,
    pub name: String,
    pub permissions: Vec<String>,
}

/// A change of a role: the fields given are set, the others kept.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RoleUpdate {
    pub name: Option<String>,
    /// Sorted, without repeats, all known.
    pub permissions: Option<Vec<String>>,
}

/// What creating a role did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RoleCreation {
    Created {
        id: i64,
    },
    CodeTaken,
    /// The actor does not hold every permission of the role.
    NotHeld,
}

/// What changing a role did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RoleChange {
    NotFound,
    /// `super_admin`: nobody changes it.
    Protected,
    /// The actor does not hold every permission the role has before or after.
    NotHeld,
    /// Nothing differed: nothing written, no audit entry.
    Unchanged,
    /// Changed; `revoked`: the digests of the holders' sessions and personal tokens when the
    /// permissions changed.
    Changed {
        revoked: Vec<String>,
    },
}

/// What deleting a role did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RoleDeletion {
    NotFound,
    /// One of the built-in roles.
    Protected,
    NotHeld,
    /// Accounts still hold it: they lose it first, on purpose, one by one.
    InUse {
        holders: i64,
    },
    Deleted,
}

/// What setting an account's roles did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum UserRolesChange {
    UserNotFound,
    RoleNotFound,
    /// The actor does not hold every permission of a role given or withdrawn.
    NotHeld,
    /// Withdrawing `super_admin` from its last holder would leave nobody to run the portal.
    LastSuperAdmin,
    /// The account had exactly those roles: nothing written.
    Unchanged,
    /// Changed; `revoked`: the digests of the account's sessions and personal tokens.
    Changed {
        revoked: Vec<String>,
    },
}

#[allow(async_fn_in_trait)] // used with concrete types only; no `dyn`
pub trait RoleAdminStore {
    /// Every role, oldest first, with its permissions and holder count.
    async fn list_roles(&self) -> anyhow::Result<Vec<RoleRow>>;
    /// `held`: the actor's permissions (the escalation rule).
    async fn create_role(
        &self,
        role: &NewRole,
        held: &[String],
        actor: &Actor,
    ) -> anyhow::Result<RoleCreation>;
    async fn update_role(
        &self,
        id: i64,
        update: &RoleUpdate,
        held: &[String],
        actor: &Actor,
    ) -> anyhow::Result<RoleChange>;
    async fn delete_role(
        &self,
        id: i64,
        held: &[String],
        actor: &Actor,
    ) -> anyhow::Result<RoleDeletion>;
    /// Gives `user_id` exactly the roles `role_ids` (sorted, without repeats).
    async fn set_user_roles(
        &self,
        user_id: i64,
        role_ids: &[i64],
        held: &[String],
        actor: &Actor,
    ) -> anyhow::Result<UserRolesChange>;
}

const SELECT_ROLES: &str = "SELECT r.id, r.code, r.name, r.created_at, \
     (SELECT COUNT(*) FROM user_role ur WHERE ur.role_id = r.id) AS user_count FROM role r";

macro_rules! role_admin_store {
    ($store:ident, $pool:ty, $db:ty, $lock_role:expr, $lock_user:expr, $accounts:ident, $audit:ident) => {
        #[derive(Clone)]
        pub struct $store {
            pool: $pool,
        }

        impl $store {
            pub fn new(pool: $pool) -> Self {
                Self { pool }
            }
        }

        /// The role, locked for the change (PostgreSQL; SQLite holds the database's write
        /// lock already), with its permissions and holder count. The row is locked by a
        /// statement of its own and read by the next one: a statement that waited for the lock
        /// would count the holders as they were before the change it waited for.
        async fn locked_role(
            tx: &mut sqlx::Transaction<'_, $db>,
            id: i64,
        ) -> anyhow::Result<Option<(RoleHead, Vec<String>)>> {
            if !$lock_role.is_empty() {
                sqlx::query($lock_role)
                    .bind(id)
                    .execute(&mut **tx)
                    .await
                    .context("locking the role")?;
            }
            let head: Option<RoleHead> = sqlx::query_as(&format!("{SELECT_ROLES} WHERE r.id = $1"))
                .bind(id)
                .fetch_optional(&mut **tx)
                .await
                .context("reading the role")?;
            let Some(head) = head else {
                return Ok(None);
            };
            let permissions = sqlx::query_scalar(
                "SELECT permission FROM role_permission WHERE role_id = $1 ORDER BY permission",
            )
            .bind(id)
            .fetch_all(&mut **tx)
            .await
            .context("reading the role's permissions")?;
            Ok(Some((head, permissions)))
        }

        async fn write_permissions(
            tx: &mut sqlx::Transaction<'_, $db>,
            role_id: i64,
            permissions: &[String],
            now: DateTime<Utc>,
        ) -> anyhow::Result<()> {
            sqlx::query("DELETE FROM role_permission WHERE role_id = $1")
                .bind(role_id)
                .execute(&mut **tx)
                .await
                .context("clearing the role's permissions")?;
            for permission in permissions {
                sqlx::query(
                    "INSERT INTO role_permission (role_id, permission, created_at, updated_at) \
                     VALUES ($1, $2, $3, $3)",
                )
                .bind(role_id)
                .bind(permission)
                .bind(now)
                .execute(&mut **tx)
                .await
                .context("storing the role's permissions")?;
            }
            Ok(())
        }

        /// Sessions and personal tokens carry the holder's permissions; open-platform keys
        /// carry only their own scopes.
        async fn digests_of(
            tx: &mut sqlx::Transaction<'_, $db>,
            holders: &str,
            bound: i64,
            now: DateTime<Utc>,
        ) -> anyhow::Result<Vec<String>> {
            crate::accounts::store::$accounts::credential_digests(
                tx,
                holders,
                bound,
                now,
                &["personal_access_token"],
            )
            .await
        }

        impl RoleAdminStore for $store {
            async fn list_roles(&self) -> anyhow::Result<Vec<RoleRow>> {
                let heads: Vec<RoleHead> =
                    sqlx::query_as(&format!("{SELECT_ROLES} ORDER BY r.id"))
                        .fetch_all(&self.pool)
                        .await
                        .context("listing roles")?;
                let grants: Vec<(i64, String)> = sqlx::query_as(
                    "SELECT role_id, permission FROM role_permission ORDER BY role_id, permission",
                )
                .fetch_all(&self.pool)
                .await
                .context("listing role permissions")?;
                Ok(heads
                    .into_iter()
                    .map(|head| RoleRow {
                        permissions: grants
                            .iter()
                            .filter(|(role_id, _)| *role_id == head.id)
                            .map(|(_, permission)| permission.clone())
                            .collect(),
                        id: head.id,
                        code: head.code,
                        name: head.name,
                        user_count: head.user_count,
                        created_at: head.created_at,
                    })
                    .collect())
            }

            async fn create_role(
                &self,
                role: &NewRole,
                held: &[String],
                actor: &Actor,
            ) -> anyhow::Result<RoleCreation> {
                if !holds_all(held, &role.permissions) {
                    return Ok(RoleCreation::NotHeld);
                }
                let now = now();
                let mut tx = crate::accounts::store::$accounts::begin_write(&self.pool).await?;
                let inserted = sqlx::query_scalar(
                    "INSERT INTO role (code, name, created_at, updated_at) \
                     VALUES ($1, $2, $3, $3) RETURNING id",
                )
                .bind(&role.code)
                .bind(&role.name)
                .bind(now)
                .fetch_one(&mut *tx)
                .await;
                let id: i64 = match inserted {
                    Ok(id) => id,
                    Err(error) if crate::accounts::store::is_unique_violation(&error) => {
                        return Ok(RoleCreation::CodeTaken)
                    }
                    Err(error) => return Err(error).context("storing the role"),
                };
                write_permissions(&mut tx, id, &role.permissions, now).await?;
                let entry = AuditEntry {
                    actor,
                    action: ACTION_ROLE_CREATE,
                    target_type: TARGET_ROLE,
                    target_id: id.to_string(),
                    before: json!({}),
                    after: role_state(&role.code, &role.name, &role.permissions),
                };
                crate::operation::audit::store::$audit::record(&mut *tx, &entry).await?;
                tx.commit().await.context("committing the new role")?;
                Ok(RoleCreation::Created { id })
            }

            async fn update_role(
                &self,
                id: i64,
                update: &RoleUpdate,
                held: &[String],
                actor: &Actor,
            ) -> anyhow::Result<RoleChange> {
                let now = now();
                let mut tx = crate::accounts::store::$accounts::begin_write(&self.pool).await?;
                let Some((head, current)) = locked_role(&mut tx, id).await? else {
                    return Ok(RoleChange::NotFound);
                };
                if head.code == SUPER_ADMIN_ROLE {
                    return Ok(RoleChange::Protected);
                }
                let name = update.name.clone().unwrap_or_else(|| head.name.clone());
                let permissions = update
                    .permissions
                    .clone()
                    .unwrap_or_else(|| current.clone());
                if name == head.name && permissions == current {
                    return Ok(RoleChange::Unchanged);
                }
                if !holds_all(held, current.iter().chain(&permissions)) {
                    return Ok(RoleChange::NotHeld);
                }
                sqlx::query("UPDATE role SET name = $2, updated_at = $3 WHERE id = $1")
                    .bind(id)
                    .bind(&name)
                    .bind(now)
                    .execute(&mut *tx)
                    .await
                    .context("storing the role")?;
                let revoked = if permissions == current {
                    Vec::new()
                } else {
                    write_permissions(&mut tx, id, &permissions, now).await?;
                    digests_of(
                        &mut tx,
                        "user_id IN (SELECT user_id FROM user_role WHERE role_id = $1)",
                        id,
                        now,
                    )
                    .await?
                };
                let entry = AuditEntry {
                    actor,
                    action: ACTION_ROLE_UPDATE,
                    target_type: TARGET_ROLE,
                    target_id: id.to_string(),
                    before: role_state(&head.code, &head.name, &current),
                    after: role_state(&head.code, &name, &permissions),
                };
                crate::operation::audit::store::$audit::record(&mut *tx, &entry).await?;
                tx.commit().await.context("committing the role change")?;
                Ok(RoleChange::Changed { revoked })
            }

            async fn delete_role(
                &self,
                id: i64,
                held: &[String],
                actor: &Actor,
            ) -> anyhow::Result<RoleDeletion> {
                let mut tx = crate::accounts::store::$accounts::begin_write(&self.pool).await?;
                let Some((head, permissions)) = locked_role(&mut tx, id).await? else {
                    return Ok(RoleDeletion::NotFound);
                };
                if BUILT_IN_ROLES.contains(&head.code.as_str()) {
                    return Ok(RoleDeletion::Protected);
                }
                if !holds_all(held, &permissions) {
                    return Ok(RoleDeletion::NotHeld);
                }
                if head.user_count > 0 {
                    return Ok(RoleDeletion::InUse {
                        holders: head.user_count,
                    });
                }
                sqlx::query("DELETE FROM role WHERE id = $1")
                    .bind(id)
                    .execute(&mut *tx)
                    .await
                    .context("deleting the role")?;
                let entry = AuditEntry {
                    actor,
                    action: ACTION_ROLE_DELETE,
                    target_type: TARGET_ROLE,
                    target_id: id.to_string(),
                    before: role_state(&head.code, &head.name, &permissions),
                    after: json!({}),
                };
                crate::operation::audit::store::$audit::record(&mut *tx, &entry).await?;
                tx.commit().await.context("committing the role deletion")?;
                Ok(RoleDeletion::Deleted)
            }

            async fn set_user_roles(
                &self,
                user_id: i64,
                role_ids: &[i64],
                held: &[String],
                actor: &Actor,
            ) -> anyhow::Result<UserRolesChange> {
                let now = now();
                let mut tx = crate::accounts::store::$accounts::begin_write(&self.pool).await?;
                let user: Option<i64> = sqlx::query_scalar(&format!(
                    "SELECT id FROM app_user WHERE id = $1{}",
                    $lock_user
                ))
                .bind(user_id)
                .fetch_optional(&mut *tx)
                .await
                .context("reading the account")?;
                if user.is_none() {
                    return Ok(UserRolesChange::UserNotFound);
                }
                let current: BTreeSet<i64> =
                    sqlx::query_scalar("SELECT role_id FROM user_role WHERE user_id = $1")
                        .bind(user_id)
                        .fetch_all(&mut *tx)
                        .await
                        .context("reading the account's roles")?
                        .into_iter()
                        .collect();
                let wanted: BTreeSet<i64> = role_ids.iter().copied().collect();
                if current == wanted {
                    return Ok(UserRolesChange::Unchanged);
                }
                // Every role given or withdrawn, locked in id order (no deadlock between two
                // changes), so that a deletion or a permission change waits for this one.
                let mut touched = Vec::new();
                for role_id in current.symmetric_difference(&wanted) {
                    match locked_role(&mut tx, *role_id).await? {
                        Some(role) => touched.push(role),
                        None => return Ok(UserRolesChange::RoleNotFound),
                    }
                }
                if !touched
                    .iter()
                    .all(|(_, permissions)| holds_all(held, permissions))
                {
                    return Ok(UserRolesChange::NotHeld);
                }
                if let Some((super_admin, _)) = touched
                    .iter()
                    .find(|(head, _)| head.code == SUPER_ADMIN_ROLE)
                {
                    if current.contains(&super_admin.id) && super_admin.user_count <= 1 {
                        return Ok(UserRolesChange::LastSuperAdmin);
                    }
                }
                sqlx::query("DELETE FROM user_role WHERE user_id = $1")
                    .bind(user_id)
                    .execute(&mut *tx)
                    .await
                    .context("clearing the account's roles")?;
                for role_id in &wanted {
                    sqlx::query(
                        "INSERT INTO user_role (user_id, role_id, created_at, updated_at) \
                         VALUES ($1, $2, $3, $3)",
                    )
                    .bind(user_id)
                    .bind(role_id)
                    .bind(now)
                    .execute(&mut *tx)
                    .await
                    .context("storing the account's roles")?;
                }
                let codes: Vec<(i64, String)> = sqlx::query_as("SELECT id, code FROM role ORDER BY code")
                    .fetch_all(&mut *tx)
                    .await
                    .context("reading role codes")?;
                let named = |ids: &BTreeSet<i64>| -> Vec<String> {
                    codes
                        .iter()
                        .filter(|(id, _)| ids.contains(id))
                        .map(|(_, code)| code.clone())
                        .collect()
                };
                let revoked = digests_of(&mut tx, "user_id = $1", user_id, now).await?;
                let entry = AuditEntry {
                    actor,
                    action: ACTION_USER_ROLES,
                    target_type: TARGET_USER,
                    target_id: user_id.to_string(),
                    before: json!({"roles": named(&current)}),
                    after: json!({"roles": named(&wanted)}),
                };
                crate::operation::audit::store::$audit::record(&mut *tx, &entry).await?;
                tx.commit().await.context("committing the account's roles")?;
                Ok(UserRolesChange::Changed { revoked })
            }
        }
    };
}

mod sqlite_impl {
    use super::*;
    // SQLite: `begin_write` already holds the database's write lock.
    role_admin_store!(
        SqliteRoleAdminStore,
        SqlitePool,
        sqlx::Sqlite,
        "",
        "",
        sqlite_impl,
        sqlite_impl
    );
}
mod postgres_impl {
    use super::*;
    role_admin_store!(
        PgRoleAdminStore,
        PgPool,
        sqlx::Postgres,
        "SELECT id FROM role WHERE id = $1 FOR UPDATE",
        " FOR UPDATE",
        postgres_impl,
        postgres_impl
    );
}
pub use postgres_impl::PgRoleAdminStore;
pub use sqlite_impl::SqliteRoleAdminStore;

kernel::repository! {
    /// The operators' role store of the system database, whichever backend it is.
    #[derive(Clone)]
    pub enum RoleAdminRepository: RoleAdminStore {
        Sqlite(SqliteRoleAdminStore),
        Postgres(PgRoleAdminStore),
    }
    async fn list_roles(&self) -> anyhow::Result<Vec<RoleRow>>;
    async fn create_role(&self, role: &NewRole, held: &[String], actor: &Actor) -> anyhow::Result<RoleCreation>;
    async fn update_role(&self, id: i64, update: &RoleUpdate, held: &[String], actor: &Actor) -> anyhow::Result<RoleChange>;
    async fn delete_role(&self, id: i64, held: &[String], actor: &Actor) -> anyhow::Result<RoleDeletion>;
    async fn set_user_roles(&self, user_id: i64, role_ids: &[i64], held: &[String], actor: &Actor) -> anyhow::Result<UserRolesChange>;
}
