use actix_web::web;
use auth::AuthUser;
use kernel::{ApiResponse, ApiResult};
use serde::Serialize;
use utoipa::ToSchema;

use super::AppTypeQuery;
use crate::accounts::Accounts;

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ExtendUserInfo {
    pub client_id: String,
}

/// The OAuth2 client id of the portal (`accounts.client_id`).
#[utoipa::path(
    get,
    path = "/to/api/base/system/auth/get-extend-user-info",
    tag = "auth",
    params(AppTypeQuery),
    security(("bearer" = [])),
    responses((status = 200, description = "扩展用户信息", body = ApiResponse<ExtendUserInfo>))
)]
pub async fn get_extend_user_info(
    accounts: web::Data<Accounts>,
    _user: AuthUser,
    query: web::Query<AppTypeQuery>,
) -> ApiResult<ApiResponse<ExtendUserInfo>> {
    query.check()?;
    Ok(ApiResponse::ok(ExtendUserInfo {
        client_id: accounts.settings.client_id.clone(),
    }))
}
