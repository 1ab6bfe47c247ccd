//! The sender's side (issue 12, 我的反馈): their own feedback with its state and the operator's
//! answer, the count of answers they have not seen yet (the notice badge) and marking them seen.

use actix_web::web;
use auth::AuthUser;
use kernel::{ApiError, ApiResponse, ApiResult};
use serde::Deserialize;
use utoipa::{IntoParams, ToSchema};

use super::{image_ids_of, FeedbackView};
use crate::files::Files;
use crate::operation::{
    feedback::{
        store::{FeedbackFilter, FeedbackStore},
        Feedback,
    },
    page::{PageResult, Paging},
};

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct MyFeedbackQuery {
    /// From 1 (default 1).
    pub page_no: Option<i64>,
    /// 1–100 (default 10).
    pub page_size: Option<i64>,
    /// 0 open, 1 closed.
    pub status: Option<i32>,
}

/// The signed-in user's own feedback, newest first, with state, the operator's reply, signed
/// image addresses and `replyUnread`. Only the caller's feedback, whatever the query says.
#[utoipa::path(
    get,
    path = "/to/api/operation/behavior/message/my-page",
    tag = "feedback",
    params(MyFeedbackQuery),
    security(("bearer" = [])),
    responses((status = 200, description = "我的反馈", body = ApiResponse<PageResult<FeedbackView>>))
)]
pub async fn my_feedback_page(
    feedback: web::Data<Feedback>,
    files: web::Data<Files>,
    user: AuthUser,
    query: web::Query<MyFeedbackQuery>,
) -> ApiResult<ApiResponse<PageResult<FeedbackView>>> {
    let paging = Paging::parse(query.page_no, query.page_size)?;
    if query
        .status
        .is_some_and(|status| !(0..=1).contains(&status))
    {
        return Err(ApiError::bad_request("status 不正确"));
    }
    let filter = FeedbackFilter {
        status: query.status,
        user_id: Some(user.user_id()),
        ..FeedbackFilter::default()
    };
    let (records, total) = feedback.store.page_feedback(&filter, paging).await?;
    let links = files.links(&image_ids_of(&records)).await?;
    Ok(ApiResponse::ok(PageResult {
        list: records
            .into_iter()
            .map(|record| FeedbackView::new(record, &links))
            .collect(),
        total,
    }))
}

/// How many of the caller's feedback were answered (closed) since they last looked.
#[utoipa::path(
    get,
    path = "/to/api/operation/behavior/message/my-unread-count",
    tag = "feedback",
    security(("bearer" = [])),
    responses((status = 200, description = "未读回复数", body = ApiResponse<i64>))
)]
pub async fn my_unread_count(
    feedback: web::Data<Feedback>,
    user: AuthUser,
) -> ApiResult<ApiResponse<i64>> {
    Ok(ApiResponse::ok(
        feedback.store.unseen_replies(user.user_id()).await?,
    ))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MarkReadRequest {
    /// The feedback whose answers were shown; absent = all of the caller's.
    pub ids: Option<Vec<i64>>,
}

/// Marks the caller's answered feedback as seen (the ids shown, or all); answers how many
/// changed. Other users' ids are ignored.
#[utoipa::path(
    post,
    path = "/to/api/operation/behavior/message/my-read",
    tag = "feedback",
    request_body = MarkReadRequest,
    security(("bearer" = [])),
    responses((status = 200, description = "已读数量", body = ApiResponse<u64>))
)]
pub async fn mark_my_replies_read(
    feedback: web::Data<Feedback>,
    user: AuthUser,
    payload: Option<web::Json<MarkReadRequest>>,
) -> ApiResult<ApiResponse<u64>> {
    let ids = payload.and_then(|payload| payload.into_inner().ids);
    if ids.as_ref().is_some_and(|ids| ids.len() > 100) {
        return Err(ApiError::bad_request("ids 最多100个"));
    }
    Ok(ApiResponse::ok(
        feedback
            .store
            .mark_replies_seen(user.user_id(), ids.as_deref())
            .await?,
    ))
}
