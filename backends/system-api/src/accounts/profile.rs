//! The user object of `get-permission-info` and the personal centre (spec §3).

use kernel::ApiResult;
use serde::Serialize;
use utoipa::ToSchema;

use super::{
    store::{AccountStore, UserRecord},
    Accounts,
};

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UserInfo {
    pub id: i64,
    pub avatar: String,
    pub nickname: String,
    pub username: String,
    /// The organisation's name; for platform users (orgId 0) the company they entered.
    pub org_name: String,
    /// 0 platform, 1 blocked, >1 private deployment.
    pub org_id: i64,
    pub org_enable: bool,
    /// An administrator of its organisation: manages the members in the personal centre.
    pub org_admin: bool,
    /// Empty when the account has none.
    pub email: String,
    pub mobile: String,
    /// Ability codes; 1 = enterprise library.
    pub business_scope: Vec<i64>,
    pub client_id: String,
}

impl Accounts {
    pub async fn user_info(&self, user: &UserRecord) -> ApiResult<UserInfo> {
        let org = self.store.find_org(user.org_id).await?;
        let (org_name, org_enable, business_scope) = match &org {
            Some(org) if org.id != 0 => (org.name.clone(), org.enabled, org.business_scope_codes()),
            Some(org) => (
                user.org_name.clone(),
                org.enabled,
                org.business_scope_codes(),
            ),
            None => (user.org_name.clone(), false, Vec::new()),
        };
        Ok(UserInfo {
            id: user.id,
            avatar: user.avatar.clone(),
            nickname: user.nickname.clone(),
            username: user.username.clone(),
            org_name,
            org_id: user.org_id,
            org_enable,
            org_admin: user.org_admin && user.org_id > 1,
            email: user.email.clone().unwrap_or_default(),
            mobile: user.mobile.clone().unwrap_or_default(),
            business_scope,
            client_id: self.settings.client_id.clone(),
        })
    }
}
