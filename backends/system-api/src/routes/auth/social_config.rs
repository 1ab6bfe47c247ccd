use std::time::Duration;

use actix_web::web;
use auth::token;
use kernel::{error::global, ApiError, ApiResponse, ApiResult};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::{accounts::Accounts, routes::user::register::SOCIAL_TYPE_WECHAT};

/// How long a QR login may take between the config call and social-login.
pub const STATE_TTL: Duration = Duration::from_secs(600);

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct SocialConfigQuery {
    /// 32 = WeChat Open Platform.
    #[serde(rename = "type")]
    pub social_type: Option<i64>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SocialConfig {
    pub app_id: String,
    pub redirect_uri: String,
    pub qr_connect_url: String,
    /// Issued by the server, checked (once) by social-login.
    pub state: String,
}

/// What the client needs to show WeChat's QR code, with a fresh `state`. 501 when WeChat
/// login is not configured.
#[utoipa::path(
    get,
    path = "/to/api/base/system/auth/social-config",
    tag = "auth",
    params(SocialConfigQuery),
    responses((status = 200, description = "微信扫码登录配置", body = ApiResponse<SocialConfig>))
)]
pub async fn social_config(
    accounts: web::Data<Accounts>,
    query: web::Query<SocialConfigQuery>,
) -> ApiResult<ApiResponse<SocialConfig>> {
    parse_social_type(query.social_type)?;
    if !accounts.wechat.is_configured() {
        return Err(ApiError::new(global::NOT_IMPLEMENTED));
    }
    let state = token::new_token()?;
    accounts
        .cache
        .set(&format!("wechat:state:{state}"), "1", STATE_TTL)
        .await?;
    let settings = accounts.wechat.settings();
    Ok(ApiResponse::ok(SocialConfig {
        app_id: settings.app_id.clone(),
        redirect_uri: settings.redirect_uri.clone(),
        qr_connect_url: settings.qr_connect_url.clone(),
        state,
    }))
}

pub fn parse_social_type(raw: Option<i64>) -> ApiResult<i32> {
    match raw {
        Some(value) if value == i64::from(SOCIAL_TYPE_WECHAT) => Ok(SOCIAL_TYPE_WECHAT),
        Some(_) => Err(ApiError::bad_request("type 不正确")),
        None => Err(ApiError::missing_parameter("type")),
    }
}
