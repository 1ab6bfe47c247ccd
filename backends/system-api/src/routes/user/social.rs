use actix_web::web;
use auth::AuthUser;
use chrono::{DateTime, Utc};
use kernel::{ApiResponse, ApiResult};
use serde::Serialize;
use utoipa::ToSchema;

use crate::{
    accounts::{store::AccountStore, Accounts},
    routes::user::register::SOCIAL_TYPE_WECHAT,
};

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SocialAccount {
    /// 32 = WeChat.
    #[serde(rename = "type")]
    pub social_type: i32,
    pub nickname: String,
    pub bound_at: Option<DateTime<Utc>>,
}

/// The social accounts bound to the signed-in user.
#[utoipa::path(
    get,
    path = "/to/api/base/system/user/social",
    tag = "user",
    security(("bearer" = [])),
    responses((status = 200, description = "已绑定的社交账号", body = ApiResponse<Vec<SocialAccount>>))
)]
pub async fn list_social(
    accounts: web::Data<Accounts>,
    user: AuthUser,
) -> ApiResult<ApiResponse<Vec<SocialAccount>>> {
    let bound = accounts.store.social_users_of(user.user_id()).await?;
    Ok(ApiResponse::ok(
        bound
            .into_iter()
            .map(|social| SocialAccount {
                social_type: SOCIAL_TYPE_WECHAT,
                nickname: social.nickname,
                bound_at: social.bound_at,
            })
            .collect(),
    ))
}

/// Unbinds the user's WeChat account (`true` also when none was bound).
#[utoipa::path(
    delete,
    path = "/to/api/base/system/user/social/wechat",
    tag = "user",
    security(("bearer" = [])),
    responses((status = 200, description = "已解绑", body = ApiResponse<bool>))
)]
pub async fn unbind_wechat(
    accounts: web::Data<Accounts>,
    user: AuthUser,
) -> ApiResult<ApiResponse<bool>> {
    accounts
        .store
        .unbind_social_user(user.user_id(), SOCIAL_TYPE_WECHAT)
        .await?;
    Ok(ApiResponse::ok(true))
}
