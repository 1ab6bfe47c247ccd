use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// The wildcard permission: grants every permission (spec §6).
pub const ALL_PERMISSIONS: &str = "*:*:*";

/// Who a live access token belongs to, as every service sees it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Principal {
    pub user_id: i64,
    /// 0 platform, 1 blocked, >1 a private deployment (spec §4).
    pub org_id: i64,
    pub roles: Vec<String>,
    pub permissions: Vec<String>,
    /// When the access token expires (epoch milliseconds).
    pub expires_at: i64,
    /// Present when the token is an open-platform API key: which key and its limits.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub api_key: Option<ApiKeyGrant>,
}

/// The limits of an open-platform API key (docs/open-platform.md), carried in its principal so
/// that every library service enforces them without asking the system service again.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ApiKeyGrant {
    pub key_id: i64,
    pub requests_per_minute: i64,
    pub requests_per_day: i64,
}

impl Principal {
    pub fn has_permission(&self, permission: &str) -> bool {
        self.permissions
            .iter()
            .any(|held| held == ALL_PERMISSIONS || held == permission)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn principal(permissions: &[&str]) -> Principal {
        Principal {
            user_id: 1,
            org_id: 0,
            roles: vec![],
            permissions: permissions.iter().map(|p| (*p).to_owned()).collect(),
            expires_at: 0,
            api_key: None,
        }
    }

    #[test]
    fn the_wildcard_grants_everything_and_others_only_themselves() {
        assert!(principal(&[ALL_PERMISSIONS]).has_permission("system:user:delete"));
        let member = principal(&["portal:profile:update"]);
        assert!(member.has_permission("portal:profile:update"));
        assert!(!member.has_permission("system:user:delete"));
        assert!(!principal(&[]).has_permission("portal:profile:update"));
    }
}
