use actix_web::web;
use auth::AuthUser;
use kernel::{error::global, ApiError, ApiResponse, ApiResult};
use serde::Deserialize;
use utoipa::ToSchema;

use super::social_login::required_code;
use crate::{
    accounts::{model::DisplayName, refused, store::AccountStore, Accounts},
    routes::user::register::SOCIAL_TYPE_WECHAT,
};

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WxBindingRequest {
    /// The signed-in account (its username, e-mail or mobile).
    pub username: Option<String>,
    /// WeChat's authorisation code from the QR scan (scan_type band), or the code a previous
    /// social-login already exchanged.
    pub code: Option<String>,
}

/// Binds a WeChat account to the signed-in account. The code is looked up among the codes
/// social-login exchanged (WeChat codes are single-use), else exchanged now. A WeChat account
/// bound to someone else, or a second WeChat account → 1002018000.
#[utoipa::path(
    post,
    path = "/to/api/base/system/auth/wx-binding",
    tag = "auth",
    request_body = WxBindingRequest,
    security(("bearer" = [])),
    responses((status = 200, description = "绑定成功", body = ApiResponse<bool>))
)]
#[tracing::instrument(skip_all)]
pub async fn wx_binding(
    accounts: web::Data<Accounts>,
    user: AuthUser,
    payload: web::Json<WxBindingRequest>,
) -> ApiResult<ApiResponse<bool>> {
    let payload = payload.into_inner();
    let username = DisplayName::parse(payload.username.as_deref().unwrap_or_default(), "用户名")?;
    let code = required_code(payload.code)?;
    let record = accounts
        .store
        .find_user(user.user_id())
        .await?
        .ok_or_else(|| ApiError::new(global::UNAUTHORIZED))?;
    let names_this_account = [
        Some(record.username.as_str()),
        record.email.as_deref(),
        record.mobile.as_deref(),
    ]
    .into_iter()
    .flatten()
    .any(|name| name.eq_ignore_ascii_case(username.as_str()));
    if !names_this_account {
        return Err(ApiError::bad_request("用户名与当前账号不符"));
    }
    let social = match accounts
        .store
        .find_social_user_by_code(SOCIAL_TYPE_WECHAT, &code)
        .await?
    {
        Some(social) => social,
        None => {
            accounts
                .social_user_of_code(SOCIAL_TYPE_WECHAT, &code)
                .await?
        }
    };
    if social.user_id == Some(record.id) {
        return Ok(ApiResponse::ok(true));
    }
    accounts
        .store
        .bind_social_user(social.id, record.id)
        .await?
        .map_err(refused)?;
    tracing::info!(user_id = record.id, "WeChat account bound");
    Ok(ApiResponse::ok(true))
}
