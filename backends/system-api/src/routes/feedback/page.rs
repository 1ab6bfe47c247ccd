use actix_web::web;
use auth::AuthUser;
use kernel::{ApiError, ApiResponse, ApiResult};
use serde::Deserialize;
use utoipa::IntoParams;

use super::{image_ids_of, FeedbackView};
use crate::files::Files;
use crate::operation::{
    feedback::{
        store::{FeedbackFilter, FeedbackStore},
        Feedback, FEEDBACK_QUERY, FEEDBACK_TYPES,
    },
    page::{PageResult, Paging},
    text::{contains_pattern, time_of_millis, trimmed},
};

const KEYWORD_MAX: usize = 100;

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct FeedbackPageQuery {
    /// From 1 (default 1).
    pub page_no: Option<i64>,
    /// 1–100 (default 10).
    pub page_size: Option<i64>,
    /// 0 open, 1 closed.
    pub status: Option<i32>,
    /// 1–4.
    #[serde(rename = "type")]
    pub feedback_type: Option<i32>,
    /// Part of the message, organisation, contact data or the sender's nickname.
    pub keyword: Option<String>,
    pub user_id: Option<i64>,
    /// Created at or after (epoch milliseconds).
    pub begin_time: Option<i64>,
    /// Created before (epoch milliseconds).
    pub end_time: Option<i64>,
}

/// Operators: feedback newest first, with filters. Permission `operation:feedback:query`.
#[utoipa::path(
    get,
    path = "/to/api/operation/behavior/message/page",
    tag = "feedback",
    params(FeedbackPageQuery),
    security(("bearer" = [])),
    responses((status = 200, description = "反馈分页", body = ApiResponse<PageResult<FeedbackView>>))
)]
pub async fn page_feedback(
    feedback: web::Data<Feedback>,
    files: web::Data<Files>,
    user: AuthUser,
    query: web::Query<FeedbackPageQuery>,
) -> ApiResult<ApiResponse<PageResult<FeedbackView>>> {
    user.require_permission(FEEDBACK_QUERY)?;
    let query = query.into_inner();
    let paging = Paging::parse(query.page_no, query.page_size)?;
    if query
        .status
        .is_some_and(|status| !(0..=1).contains(&status))
    {
        return Err(ApiError::bad_request("status 不正确"));
    }
    if query
        .feedback_type
        .is_some_and(|t| !FEEDBACK_TYPES.contains(&i64::from(t)))
    {
        return Err(ApiError::bad_request("type 不正确"));
    }
    let keyword = trimmed(query.keyword.as_deref());
    if keyword.is_some_and(|keyword| keyword.chars().count() > KEYWORD_MAX) {
        return Err(ApiError::bad_request("keyword 过长"));
    }
    let filter = FeedbackFilter {
        status: query.status,
        feedback_type: query.feedback_type,
        keyword_pattern: keyword.map(contains_pattern),
        user_id: query.user_id,
        created_from: time_of_millis(query.begin_time, "beginTime")?,
        created_before: time_of_millis(query.end_time, "endTime")?,
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
