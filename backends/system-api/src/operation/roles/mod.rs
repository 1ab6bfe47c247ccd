//! Roles and permissions of the operations platform (docs/operations.md "Roles and
//! permissions"): the operators' list of roles with their permissions and holders, creating,
//! changing and deleting roles, and setting the roles of an account. The permission strings a
//! role may hold come from one catalogue ([`PERMISSION_CATALOGUE`]), grouped by the area of the
//! portal they open (the operations menu's pages among them). Nobody grants what they do not
//! hold: a role may be created, changed, deleted, given or withdrawn only by someone who holds
//! every permission it has before and after the change, so a role manager cannot climb above
//! their own permissions. The wildcard `*:*:*` stays with `super_admin`, which no one changes.

pub mod store;

use auth::ALL_PERMISSIONS;

/// The roles page and the permission catalogue.
pub const ROLE_QUERY: &str = "system:role:query";
/// Creating, changing, deleting roles and setting an account's roles.
pub const ROLE_UPDATE: &str = "system:role:update";

/// Holds `*:*:*`; its permissions, code and holders' last one are protected.
pub const SUPER_ADMIN_ROLE: &str = crate::operation::users::SUPER_ADMIN_ROLE;
/// The roles the portal itself relies on: every new account is given `member`, and the
/// migrations grant `operator` the operations pages. They cannot be deleted or recoded.
pub const BUILT_IN_ROLES: [&str; 3] = [SUPER_ADMIN_ROLE, "member", "operator"];

/// The area of the portal a permission belongs to (the UI groups the catalogue by it).
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "kebab-case")]
pub enum PermissionGroup {
    /// What a signed-in user does for themselves.
    Portal,
    /// The operations platform's pages.
    Operation,
    /// The libraries' operator actions.
    Library,
}

/// Every permission a role may hold: the strings the services and the front end check.
pub const PERMISSION_CATALOGUE: [(&str, PermissionGroup); 29] = [
    ("portal:profile:query", PermissionGroup::Portal),
    ("portal:profile:update", PermissionGroup::Portal),
    ("portal:feedback:create", PermissionGroup::Portal),
    ("open:key:manage", PermissionGroup::Portal),
    ("enterprise:item:publish", PermissionGroup::Portal),
    ("operation:feedback:query", PermissionGroup::Operation),
    ("operation:feedback:update", PermissionGroup::Operation),
    ("system:brand-application:query", PermissionGroup::Operation),
    (
        "system:brand-application:review",
        PermissionGroup::Operation,
    ),
    ("system:user:query", PermissionGroup::Operation),
    ("system:user:update", PermissionGroup::Operation),
    ("system:org:query", PermissionGroup::Operation),
    ("system:org:update", PermissionGroup::Operation),
    (ROLE_QUERY, PermissionGroup::Operation),
    (ROLE_UPDATE, PermissionGroup::Operation),
    ("system:dict:query", PermissionGroup::Operation),
    ("system:dict:update", PermissionGroup::Operation),
    ("operation:open-key:query", PermissionGroup::Operation),
    ("operation:open-key:update", PermissionGroup::Operation),
    ("operation:stat:query", PermissionGroup::Operation),
    ("system:audit-log:query", PermissionGroup::Operation),
    ("operation:frontlog:query", PermissionGroup::Operation),
    (
        "operation:enterprise-item:audit",
        PermissionGroup::Operation,
    ),
    ("component:search-index:rebuild", PermissionGroup::Library),
    ("part:search-index:rebuild", PermissionGroup::Library),
    ("mat:search-index:rebuild", PermissionGroup::Library),
    ("component:catalog:manage", PermissionGroup::Library),
    ("part:catalog:manage", PermissionGroup::Library),
    ("mat:catalog:manage", PermissionGroup::Library),
];

/// Whether `permission` is in the catalogue.
pub fn is_known(permission: &str) -> bool {
    PERMISSION_CATALOGUE
        .iter()
        .any(|(known, _)| *known == permission)
}

/// Whether `held` (a principal's permissions) covers every one of `wanted`.
pub fn holds_all<'a>(held: &[String], wanted: impl IntoIterator<Item = &'a String>) -> bool {
    let all = held.iter().any(|permission| permission == ALL_PERMISSIONS);
    wanted
        .into_iter()
        .all(|permission| all || held.contains(permission))
}

/// The state the role routes share.
pub struct OperationRoles {
    pub store: store::RoleAdminRepository,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn strings(values: &[&str]) -> Vec<String> {
        values.iter().map(|value| (*value).to_owned()).collect()
    }

    #[test]
    fn only_a_holder_of_every_permission_covers_them() {
        let wanted = strings(&["system:user:query", "system:org:query"]);
        assert!(holds_all(&strings(&[ALL_PERMISSIONS]), &wanted));
        assert!(holds_all(
            &strings(&["system:org:query", "system:user:query", "x:y:z"]),
            &wanted
        ));
        assert!(!holds_all(&strings(&["system:user:query"]), &wanted));
        assert!(holds_all(&[], &Vec::new()));
    }

    #[test]
    fn the_catalogue_names_each_permission_once_and_never_the_wildcard() {
        let mut codes: Vec<&str> = PERMISSION_CATALOGUE.iter().map(|(code, _)| *code).collect();
        codes.sort_unstable();
        codes.dedup();
        assert_eq!(codes.len(), PERMISSION_CATALOGUE.len());
        assert!(!is_known(ALL_PERMISSIONS));
        assert!(is_known(ROLE_UPDATE));
    }
}
