//! Organisation management of the operations platform (docs/operations.md "Organisations"):
//! the operators' list of organisations, creating one, renaming it, granting its business
//! scope (1 = enterprise library), enabling/disabling it, and moving accounts in and out.
//! Every change writes its audit entry in the change's transaction. Organisations 0 (the
//! platform) and 1 (the blocked organisation, spec §4) are the system's own: they are not
//! listed, changed, or given members here.

pub mod store;

/// The organisation page.
pub const ORG_QUERY: &str = "system:org:query";
/// Creating, changing and membership.
pub const ORG_UPDATE: &str = "system:org:update";

/// The platform: the organisation of every account that belongs to none.
pub const PLATFORM_ORG: i64 = 0;
/// Spec §4: its members are blocked.
pub const BLOCKED_ORG: i64 = 1;

/// The business-scope codes an organisation may be granted (spec §6: 1 = enterprise library).
pub const BUSINESS_SCOPE_CODES: [i64; 1] = [1];

/// Whether `id` is one of the system's own organisations (0 and 1).
pub fn is_reserved(id: i64) -> bool {
    id == PLATFORM_ORG || id == BLOCKED_ORG
}

/// The state the organisation routes share.
pub struct OperationOrgs {
    pub store: store::OrgAdminRepository,
}
