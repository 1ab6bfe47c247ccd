use actix_web::web;
use auth::AuthUser;
use kernel::{ApiError, ApiResponse, ApiResult};
use serde::Deserialize;
use utoipa::IntoParams;

use super::FeedbackView;
use crate::files::Files;
use crate::{
    operation::feedback::{store::FeedbackStore, Feedback, FEEDBACK_QUERY},
    FEEDBACK_NOT_EXISTS,
};

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct FeedbackIdQuery {
    pub id: i64,
}

/// Operators: one feedback with its images' URLs and the sender's name and contact data.
/// Permission `operation:feedback:query`; an unknown id answers 1002020000.
#[utoipa::path(
    get,
    path = "/to/api/operation/behavior/message/get",
    tag = "feedback",
    params(FeedbackIdQuery),
    security(("bearer" = [])),
    responses((status = 200, description = "反馈详情", body = ApiResponse<FeedbackView>))
)]
pub async fn get_feedback(
    feedback: web::Data<Feedback>,
    files: web::Data<Files>,
    user: AuthUser,
    query: web::Query<FeedbackIdQuery>,
) -> ApiResult<ApiResponse<FeedbackView>> {
    user.require_permission(FEEDBACK_QUERY)?;
    let record = feedback
        .store
        .find_feedback(query.id)
        .await?
        .ok_or_else(|| ApiError::new(FEEDBACK_NOT_EXISTS))?;
    let links = files.links(&record.image_ids()).await?;
    Ok(ApiResponse::ok(FeedbackView::new(record, &links)))
}
