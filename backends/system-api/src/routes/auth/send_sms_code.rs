use actix_web::{web, HttpRequest};
use kernel::{ApiError, ApiResponse, ApiResult};
use serde::Deserialize;
use utoipa::ToSchema;

use crate::{
    accounts::{
        client_ip,
        codes::{SCENE_LOGIN, SCENE_REGISTER, SCENE_RESET},
        model::Mobile,
        slider::SliderScene,
        store::AccountStore,
        Accounts,
    },
    AUTH_MOBILE_NOT_EXISTS, USER_MOBILE_EXISTS,
};

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SendSmsCodeRequest {
    pub mobile: Option<String>,
    /// 1 login, 2 forgot password, 4 register.
    pub scene: Option<i64>,
    /// The slider ticket (`captcha/slider/verify`).
    pub ticket: Option<String>,
}

/// Parses a scene among the allowed ones.
pub fn parse_scene(raw: Option<i64>, allowed: &[i32]) -> ApiResult<i32> {
    let scene = raw.ok_or_else(|| ApiError::missing_parameter("scene"))?;
    i32::try_from(scene)
        .ok()
        .filter(|scene| allowed.contains(scene))
        .ok_or_else(|| ApiError::bad_request("scene 不正确"))
}

/// Sends an SMS code. Needs a slider ticket (1002014010 otherwise); scenes 1 and 2 need a
/// registered mobile (1002000007), scene 4 a free one (1002003001); 60 s between sends and
/// 10 a day per mobile (1002014005, 1002014004), a per-IP hourly limit (429).
#[utoipa::path(
    post,
    path = "/to/api/base/system/auth/send-sms-code",
    tag = "auth",
    request_body = SendSmsCodeRequest,
    responses((status = 200, description = "已发送", body = ApiResponse<bool>))
)]
#[tracing::instrument(skip_all)]
pub async fn send_sms_code(
    accounts: web::Data<Accounts>,
    req: HttpRequest,
    payload: web::Json<SendSmsCodeRequest>,
) -> ApiResult<ApiResponse<bool>> {
    let payload = payload.into_inner();
    let mobile = Mobile::parse(payload.mobile.as_deref().unwrap_or_default())?;
    let scene = parse_scene(payload.scene, &[SCENE_LOGIN, SCENE_RESET, SCENE_REGISTER])?;
    accounts.throttle_probe(&client_ip(&req)).await?;
    accounts
        .consume_ticket(payload.ticket.as_deref(), SliderScene::Sms)
        .await?;
    let registered = accounts
        .store
        .find_user_by_mobile(mobile.as_str())
        .await?
        .is_some();
    match (scene, registered) {
        (SCENE_REGISTER, true) => return Err(ApiError::new(USER_MOBILE_EXISTS)),
        (SCENE_LOGIN | SCENE_RESET, false) => return Err(ApiError::new(AUTH_MOBILE_NOT_EXISTS)),
        _ => {}
    }
    accounts
        .send_code("sms", mobile.as_str(), scene, &client_ip(&req))
        .await?;
    Ok(ApiResponse::ok(true))
}
