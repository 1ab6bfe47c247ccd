use actix_web::{web, HttpRequest};
use auth::AuthUser;
use kernel::{ApiError, ApiResponse, ApiResult};
use serde::Deserialize;
use utoipa::ToSchema;

use crate::{
    operation::{
        audit::Actor,
        feedback::{
            store::{CloseOutcome, FeedbackStore},
            Feedback, FEEDBACK_UPDATE, REPLY_MAX, REPLY_TOO_LONG,
        },
        text::{check_length, trimmed},
    },
    FEEDBACK_ALREADY_CLOSED, FEEDBACK_NOT_EXISTS,
};

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CloseFeedbackRequest {
    pub id: Option<i64>,
    /// The reply or remark, at most 500 characters (optional).
    pub reply: Option<String>,
}

/// Operators: closes an open feedback with a reply. Permission `operation:feedback:update`;
/// unknown id 1002020000, already closed 1002020001. Writes an audit entry `feedback.close`.
#[utoipa::path(
    post,
    path = "/to/api/operation/behavior/message/close",
    tag = "feedback",
    request_body = CloseFeedbackRequest,
    security(("bearer" = [])),
    responses((status = 200, description = "已关闭", body = ApiResponse<bool>))
)]
pub async fn close_feedback(
    feedback: web::Data<Feedback>,
    user: AuthUser,
    req: HttpRequest,
    payload: web::Json<CloseFeedbackRequest>,
) -> ApiResult<ApiResponse<bool>> {
    user.require_permission(FEEDBACK_UPDATE)?;
    let payload = payload.into_inner();
    let id = payload
        .id
        .ok_or_else(|| ApiError::missing_parameter("id"))?;
    let reply = trimmed(payload.reply.as_deref()).unwrap_or_default();
    check_length(reply, REPLY_MAX, REPLY_TOO_LONG)?;
    match feedback
        .store
        .close_feedback(id, &Actor::of(&user, &req), reply)
        .await?
    {
        CloseOutcome::Closed => Ok(ApiResponse::ok(true)),
        CloseOutcome::AlreadyClosed => Err(ApiError::new(FEEDBACK_ALREADY_CLOSED)),
        CloseOutcome::NotFound => Err(ApiError::new(FEEDBACK_NOT_EXISTS)),
    }
}
