use actix_web::web;
use kernel::{ApiError, ApiResponse, ApiResult};
use serde::Deserialize;
use utoipa::ToSchema;

use crate::accounts::{
    slider::{Challenge, SliderScene},
    Accounts,
};

#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct ChallengeRequest {
    /// What the ticket will be used for: `sms`, `email` or `login`; any use when absent.
    pub scene: Option<SliderScene>,
}

/// A new slider challenge (one verification attempt). The body is optional: none, `{}` or
/// `{"scene": "sms"}`.
#[utoipa::path(
    post,
    path = "/to/api/base/system/captcha/slider/challenge",
    tag = "captcha",
    request_body = ChallengeRequest,
    responses((status = 200, description = "滑块挑战", body = ApiResponse<Challenge>))
)]
pub async fn slider_challenge(
    accounts: web::Data<Accounts>,
    body: web::Bytes,
) -> ApiResult<ApiResponse<Challenge>> {
    let payload: ChallengeRequest = if body.iter().all(u8::is_ascii_whitespace) {
        ChallengeRequest::default()
    } else {
        serde_json::from_slice(&body).map_err(ApiError::bad_request)?
    };
    let scene = payload.scene.unwrap_or(SliderScene::Any);
    Ok(ApiResponse::ok(accounts.slider_challenge(scene).await?))
}
