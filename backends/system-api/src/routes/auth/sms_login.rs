use actix_web::{web, HttpRequest};
use kernel::{ApiError, ApiResponse, ApiResult};
use serde::Deserialize;
use utoipa::ToSchema;

use crate::{
    accounts::{
        client_ip,
        codes::SCENE_LOGIN,
        model::{parse_user_type, Mobile, VerificationCode},
        refused,
        store::AccountStore,
        Accounts, LoginAnswer,
    },
    AUTH_LOGIN_USER_DISABLED, AUTH_MOBILE_NOT_EXISTS,
};

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SmsLoginRequest {
    pub mobile: Option<String>,
    pub code: Option<String>,
    /// The client's slider flag: accepted and ignored (the code was sent only with a ticket).
    pub verified: Option<bool>,
    pub user_type: Option<i64>,
}

/// Login with an SMS code (scene 1): unknown mobile → 1002000007; code checked not found →
/// expired → used; the code is used up in the transaction that opens the session.
#[utoipa::path(
    post,
    path = "/to/api/base/system/auth/sms-login",
    tag = "auth",
    request_body = SmsLoginRequest,
    responses((status = 200, description = "登录成功：令牌", body = ApiResponse<LoginAnswer>))
)]
#[tracing::instrument(skip_all)]
pub async fn sms_login(
    accounts: web::Data<Accounts>,
    req: HttpRequest,
    payload: web::Json<SmsLoginRequest>,
) -> ApiResult<ApiResponse<LoginAnswer>> {
    let payload = payload.into_inner();
    let mobile = Mobile::parse(payload.mobile.as_deref().unwrap_or_default())?;
    let code = VerificationCode::parse(payload.code.as_deref())?;
    parse_user_type(payload.user_type, &[1, 2])?;
    accounts.throttle_probe(&client_ip(&req)).await?;
    let user = accounts
        .store
        .find_user_by_mobile(mobile.as_str())
        .await?
        .ok_or_else(|| ApiError::new(AUTH_MOBILE_NOT_EXISTS))?;
    let code_use = accounts
        .check_code(
            mobile.as_str(),
            SCENE_LOGIN,
            code.as_str(),
            &client_ip(&req),
        )
        .await?;
    if !user.is_enabled() {
        return Err(ApiError::new(AUTH_LOGIN_USER_DISABLED));
    }
    let answer = accounts
        .open_session(&user, Some(&code_use))
        .await?
        .map_err(refused)?;
    Ok(ApiResponse::ok(answer))
}
