//! User management of the operations platform (docs/operations.md "Users"): the operators'
//! search over the accounts, enabling/disabling an account and ending its sessions. Every
//! change writes its audit entry in the change's transaction; the revoked tokens leave the
//! caches (and every other process, through the published revocation) like a logout's.

pub mod store;

/// The user page.
pub const USER_QUERY: &str = "system:user:query";
/// Enabling/disabling and ending sessions.
pub const USER_UPDATE: &str = "system:user:update";

/// `app_user.status`: 0 enabled, 1 disabled.
pub const STATUS_ENABLED: i32 = 0;
pub const STATUS_DISABLED: i32 = 1;

/// The role no operator may disable or sign out.
pub const SUPER_ADMIN_ROLE: &str = "super_admin";

/// The state the operator routes share.
pub struct OperationUsers {
    pub store: store::UserAdminRepository,
}
