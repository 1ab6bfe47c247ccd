use actix_web::{web, HttpRequest};
use kernel::{ApiError, ApiResponse, ApiResult};
use serde::Deserialize;
use utoipa::ToSchema;

use crate::{
    accounts::{
        client_ip,
        codes::{SCENE_REGISTER, SCENE_RESET},
        model::Email,
        slider::SliderScene,
        store::AccountStore,
        Accounts,
    },
    routes::auth::send_sms_code::parse_scene,
    USER_EMAIL_EXISTS, USER_NOT_EXISTS,
};

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SendEmailCodeRequest {
    pub email: Option<String>,
    /// 2 forgot password, 4 register.
    pub scene: Option<i64>,
    pub ticket: Option<String>,
}

/// Sends an e-mail code with the SMS rules: slider ticket, scene 2 needs a registered e-mail
/// (1002003003), scene 4 a free one (1002003002), the same send limits.
#[utoipa::path(
    post,
    path = "/to/api/base/system/user/send-email-code",
    tag = "user",
    request_body = SendEmailCodeRequest,
    responses((status = 200, description = "已发送", body = ApiResponse<bool>))
)]
#[tracing::instrument(skip_all)]
pub async fn send_email_code(
    accounts: web::Data<Accounts>,
    req: HttpRequest,
    payload: web::Json<SendEmailCodeRequest>,
) -> ApiResult<ApiResponse<bool>> {
    let payload = payload.into_inner();
    let email = Email::parse(payload.email.as_deref().unwrap_or_default())?;
    let scene = parse_scene(payload.scene, &[SCENE_RESET, SCENE_REGISTER])?;
    accounts.throttle_probe(&client_ip(&req)).await?;
    accounts
        .consume_ticket(payload.ticket.as_deref(), SliderScene::Email)
        .await?;
    let registered = accounts
        .store
        .find_user_by_email(email.as_str())
        .await?
        .is_some();
    match (scene, registered) {
        (SCENE_REGISTER, true) => return Err(ApiError::new(USER_EMAIL_EXISTS)),
        (SCENE_RESET, false) => return Err(ApiError::new(USER_NOT_EXISTS)),
        _ => {}
    }
    accounts
        .send_code("email", email.as_str(), scene, &client_ip(&req))
        .await?;
    Ok(ApiResponse::ok(true))
}
