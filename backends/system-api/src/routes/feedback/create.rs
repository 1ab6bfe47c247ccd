use actix_web::{web, HttpRequest};
use auth::AuthUser;
use kernel::{ApiError, ApiResponse, ApiResult};
use serde::Deserialize;
use serde_json::Value;
use utoipa::ToSchema;

use crate::operation::feedback::{
    self, store::FeedbackStore, Feedback, FeedbackForm, FEEDBACK_CREATE, TYPE_INVALID,
};

/// The header naming the client's channel (docs/channels.md).
const CHANNEL_HEADER: &str = "channel";

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CreateFeedbackRequest {
    /// 1 需求反馈, 2 意见建议, 3 问题反馈, 4 其他 (a number; a numeric string is accepted).
    #[serde(rename = "type")]
    #[schema(value_type = Option<i64>)]
    pub feedback_type: Option<Value>,
    /// Required, at most 500 characters.
    pub message: Option<String>,
    /// Optional; the spec's phone rule, at most 20 characters.
    pub mobile: Option<String>,
    /// Optional; an e-mail address, at most 64 characters.
    pub email: Option<String>,
    /// Optional; at most 100 characters.
    pub org_name: Option<String>,
    /// Ignored: the sender is the signed-in user.
    #[schema(value_type = Option<String>)]
    pub user_id: Option<Value>,
    /// Up to 3 image file ids, comma-joined (`"12,13"`); a JSON array is accepted too.
    #[schema(value_type = Option<String>)]
    pub images: Option<Value>,
}

fn type_of(raw: Option<&Value>) -> ApiResult<Option<i64>> {
    match raw {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(text)) if text.trim().is_empty() => Ok(None),
        Some(Value::Number(number)) => number
            .as_i64()
            .map(Some)
            .ok_or_else(|| ApiError::bad_request(TYPE_INVALID)),
        Some(Value::String(text)) => text
            .trim()
            .parse()
            .map(Some)
            .map_err(|_| ApiError::bad_request(TYPE_INVALID)),
        Some(_) => Err(ApiError::bad_request(TYPE_INVALID)),
    }
}

/// Sends feedback to the platform (spec §7). Sign-in required; the sender is the token's user.
/// Validation as the spec's feedback form (400 with its messages); the images must be jpg/png
/// files the sender uploaded (1002020002); at most 10 an hour per user (1002020003).
#[utoipa::path(
    post,
    path = "/to/api/operation/behavior/message/to/platform/create",
    tag = "feedback",
    request_body = CreateFeedbackRequest,
    security(("bearer" = [])),
    responses((status = 200, description = "新反馈的编号", body = ApiResponse<i64>))
)]
#[tracing::instrument(skip_all)]
pub async fn create_feedback(
    feedback: web::Data<Feedback>,
    user: AuthUser,
    req: HttpRequest,
    payload: web::Json<CreateFeedbackRequest>,
) -> ApiResult<ApiResponse<i64>> {
    user.require_permission(FEEDBACK_CREATE)?;
    let payload = payload.into_inner();
    let channel = req
        .headers()
        .get(CHANNEL_HEADER)
        .and_then(|value| value.to_str().ok())
        .unwrap_or_default();
    let form = FeedbackForm {
        feedback_type: type_of(payload.feedback_type.as_ref())?,
        message: payload.message.as_deref(),
        mobile: payload.mobile.as_deref(),
        email: payload.email.as_deref(),
        org_name: payload.org_name.as_deref(),
        images: payload.images.as_ref(),
    };
    let new_feedback = feedback::validate(&form, user.user_id(), channel)?;
    feedback
        .check_images(user.user_id(), &new_feedback.images)
        .await?;
    feedback.count_submission(user.user_id()).await?;
    let id = feedback.store.insert_feedback(&new_feedback).await?;
    Ok(ApiResponse::ok(id))
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn types_are_numbers_or_numeric_strings() {
        assert_eq!(type_of(Some(&json!(2))).ok(), Some(Some(2)));
        assert_eq!(type_of(Some(&json!("3"))).ok(), Some(Some(3)));
        assert_eq!(type_of(Some(&json!(""))).ok(), Some(None));
        assert_eq!(type_of(None).ok(), Some(None));
        assert!(type_of(Some(&json!("x"))).is_err());
        assert!(type_of(Some(&json!(1.5))).is_err());
        assert!(type_of(Some(&json!([1]))).is_err());
    }
}
