use actix_web::web;
use kernel::{ApiError, ApiResponse, ApiResult};
use serde::Deserialize;
use utoipa::ToSchema;

use crate::accounts::{
    slider::{Ticket, TrackPoint, MAX_TRACK_POINTS},
    Accounts,
};

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VerifyRequest {
    pub challenge_id: Option<String>,
    /// The track's width as the client drew it (pixels).
    pub track_width: Option<f64>,
    /// The drag: handle (or pointer) positions with milliseconds since the drag started.
    pub track: Option<Vec<TrackPoint>>,
}

/// Checks the drag: the handle reached the right end, in a human time, along a plausible
/// path. Success → a single-use ticket (about 5 minutes); failure → 1002014010 and a new
/// challenge is needed.
#[utoipa::path(
    post,
    path = "/to/api/base/system/captcha/slider/verify",
    tag = "captcha",
    request_body = VerifyRequest,
    responses((status = 200, description = "滑块票据", body = ApiResponse<Ticket>))
)]
pub async fn slider_verify(
    accounts: web::Data<Accounts>,
    payload: web::Json<VerifyRequest>,
) -> ApiResult<ApiResponse<Ticket>> {
    let payload = payload.into_inner();
    let challenge_id = payload
        .challenge_id
        .ok_or_else(|| ApiError::missing_parameter("challengeId"))?;
    let track_width = payload
        .track_width
        .ok_or_else(|| ApiError::missing_parameter("trackWidth"))?;
    if !(100.0..=4000.0).contains(&track_width) {
        return Err(ApiError::bad_request("trackWidth 不正确"));
    }
    let track = payload
        .track
        .ok_or_else(|| ApiError::missing_parameter("track"))?;
    if track.len() > MAX_TRACK_POINTS {
        return Err(ApiError::bad_request("track 点数过多"));
    }
    Ok(ApiResponse::ok(
        accounts
            .slider_verify(&challenge_id, track_width, &track)
            .await?,
    ))
}
