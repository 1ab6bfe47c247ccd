//! The operator audit log (docs/operations.md "Audit log"): who changed what, with the target's
//! state before and after. A row is written by the store that makes the change, inside the
//! change's transaction ([`store::sqlite_impl::record`] / [`store::postgres_impl::record`]), so a
//! change without its entry (or an entry without its change) cannot be committed.

pub mod store;

use actix_web::HttpRequest;
use auth::AuthUser;
use serde_json::Value;

/// Reading the audit log.
pub const AUDIT_LOG_QUERY: &str = "system:audit-log:query";

/// The actions written today (the `action` column; the page filters on them exactly).
pub const ACTION_USER_DISABLE: &str = "user.disable";
pub const ACTION_USER_ENABLE: &str = "user.enable";
pub const ACTION_USER_SESSIONS_REVOKE: &str = "user.sessions.revoke";
pub const ACTION_FEEDBACK_CLOSE: &str = "feedback.close";
pub const ACTION_BRAND_APPLICATION_REVIEW: &str = "brand-application.review";
pub const ACTION_ORG_CREATE: &str = "org.create";
pub const ACTION_ORG_UPDATE: &str = "org.update";
pub const ACTION_ORG_MEMBER_ADD: &str = "org.member.add";
pub const ACTION_ORG_MEMBER_REMOVE: &str = "org.member.remove";
pub const ACTION_ORG_MEMBER_ADMIN: &str = "org.member.admin";
pub const ACTION_ORG_MEMBER_PUBLISH: &str = "org.member.publish";
pub const ACTION_ORG_INVITATION_CREATE: &str = "org.invitation.create";
pub const ACTION_ORG_INVITATION_WITHDRAW: &str = "org.invitation.withdraw";
pub const ACTION_ORG_INVITATION_DECLINE: &str = "org.invitation.decline";
pub const ACTION_ROLE_CREATE: &str = "role.create";
pub const ACTION_ROLE_UPDATE: &str = "role.update";
pub const ACTION_ROLE_DELETE: &str = "role.delete";
pub const ACTION_USER_ROLES: &str = "user.roles";
pub const ACTION_DICT_UPDATE: &str = "dict.update";
pub const ACTION_OPEN_KEY_LIMITS: &str = "open-key.limits";
pub const ACTION_OPEN_KEY_REVOKE: &str = "open-key.revoke";

/// The target types (the `target_type` column).
pub const TARGET_USER: &str = "user";
pub const TARGET_FEEDBACK: &str = "feedback";
pub const TARGET_BRAND_APPLICATION: &str = "brand-application";
pub const TARGET_ORG: &str = "org";
pub const TARGET_ROLE: &str = "role";
pub const TARGET_DICT_DATA: &str = "dict-data";
pub const TARGET_OPEN_KEY: &str = "open-key";

/// The operator behind a change: the signed-in user and the client's address (the TCP peer,
/// as for the accounts' per-IP limits).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Actor {
    pub user_id: i64,
    pub client_ip: String,
}

impl Actor {
    pub fn of(user: &AuthUser, req: &HttpRequest) -> Self {
        Self {
            user_id: user.user_id(),
            client_ip: crate::accounts::client_ip(req),
        }
    }
}

/// One audit row to write with a change.
#[derive(Debug, Clone, PartialEq)]
pub struct AuditEntry<'a> {
    pub actor: &'a Actor,
    pub action: &'a str,
    pub target_type: &'a str,
    pub target_id: String,
    pub before: Value,
    pub after: Value,
}
