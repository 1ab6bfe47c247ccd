use actix_web::web;
use auth::AuthUser;
use kernel::{error::global, ApiError, ApiResponse, ApiResult};
use serde::Serialize;
use utoipa::ToSchema;

use super::AppTypeQuery;
use crate::accounts::{profile::UserInfo, store::AccountStore, Accounts};

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PermissionInfo {
    pub user: UserInfo,
    /// Role codes (`super_admin`, `member`).
    pub roles: Vec<String>,
    /// Permission strings; `*:*:*` grants all.
    pub permissions: Vec<String>,
    /// Menu tree (none in the portal yet).
    pub menus: Vec<serde_json::Value>,
}

/// The signed-in user, roles, permissions and menus.
#[utoipa::path(
    get,
    path = "/to/api/base/system/auth/get-permission-info",
    tag = "auth",
    params(AppTypeQuery),
    security(("bearer" = [])),
    responses((status = 200, description = "用户、角色与权限", body = ApiResponse<PermissionInfo>))
)]
#[tracing::instrument(skip_all)]
pub async fn get_permission_info(
    accounts: web::Data<Accounts>,
    user: AuthUser,
    query: web::Query<AppTypeQuery>,
) -> ApiResult<ApiResponse<PermissionInfo>> {
    query.check()?;
    let record = accounts
        .store
        .find_user(user.user_id())
        .await?
        .ok_or_else(|| ApiError::new(global::UNAUTHORIZED))?;
    Ok(ApiResponse::ok(PermissionInfo {
        user: accounts.user_info(&record).await?,
        roles: user.principal.roles.clone(),
        permissions: user.principal.permissions.clone(),
        menus: Vec::new(),
    }))
}
