use actix_web::web;
use auth::AuthUser;
use kernel::{ApiError, ApiResponse, ApiResult};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::operation::{
    front_log::{
        store::{FrontLogFilter, FrontLogRecord, FrontLogStore},
        FrontLog, FRONT_LOG_QUERY,
    },
    page::{PageResult, Paging},
    text::{contains_pattern, time_of_millis, trimmed},
};

const FILTER_TEXT_MAX: usize = 200;

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct FrontLogPageQuery {
    /// From 1 (default 1).
    pub page_no: Option<i64>,
    /// 1–100 (default 10).
    pub page_size: Option<i64>,
    /// Part of the message, name, stack, code or other fields.
    pub keyword: Option<String>,
    /// Part of the page URL.
    pub url: Option<String>,
    /// -2 info, -1 warn, 0 error, 1 danger.
    pub level: Option<i32>,
    pub user_id: Option<i64>,
    /// Received at or after (epoch milliseconds).
    pub begin_time: Option<i64>,
    /// Received before (epoch milliseconds).
    pub end_time: Option<i64>,
}

/// A stored entry.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FrontLogView {
    pub id: i64,
    pub user_id: Option<i64>,
    pub client_ip: String,
    pub user_agent: String,
    pub level: i32,
    pub message: String,
    pub name: String,
    pub code: String,
    pub stack: String,
    pub url: String,
    pub position: String,
    pub source: String,
    /// The entry's other fields as JSON text ("" when none).
    pub extra: String,
    /// When the client saw it, as the client says (epoch milliseconds).
    pub client_time: Option<i64>,
    /// When the server received it (epoch milliseconds).
    pub create_time: i64,
}

impl From<FrontLogRecord> for FrontLogView {
    fn from(record: FrontLogRecord) -> Self {
        Self {
            id: record.id,
            user_id: record.user_id,
            client_ip: record.client_ip,
            user_agent: record.user_agent,
            level: record.level,
            message: record.message,
            name: record.name,
            code: record.code,
            stack: record.stack,
            url: record.url,
            position: record.position,
            source: record.source,
            extra: record.extra,
            client_time: record.client_time,
            create_time: record.created_at.timestamp_millis(),
        }
    }
}

fn pattern_of(raw: Option<&str>, name: &str) -> ApiResult<Option<String>> {
    match trimmed(raw) {
        Some(text) if text.chars().count() > FILTER_TEXT_MAX => {
            Err(ApiError::bad_request(format!("{name} 过长")))
        }
        other => Ok(other.map(contains_pattern)),
    }
}

/// Operators: searches the front-end log, newest first. Permission `operation:frontlog:query`.
#[utoipa::path(
    get,
    path = "/tool/api/front/log/page",
    tag = "front-log",
    params(FrontLogPageQuery),
    security(("bearer" = [])),
    responses((status = 200, description = "前端日志分页", body = ApiResponse<PageResult<FrontLogView>>))
)]
pub async fn page_front_log(
    front_log: web::Data<FrontLog>,
    user: AuthUser,
    query: web::Query<FrontLogPageQuery>,
) -> ApiResult<ApiResponse<PageResult<FrontLogView>>> {
    user.require_permission(FRONT_LOG_QUERY)?;
    let query = query.into_inner();
    let paging = Paging::parse(query.page_no, query.page_size)?;
    if query.level.is_some_and(|level| !(-2..=1).contains(&level)) {
        return Err(ApiError::bad_request("level 不正确"));
    }
    let filter = FrontLogFilter {
        text_pattern: pattern_of(query.keyword.as_deref(), "keyword")?,
        url_pattern: pattern_of(query.url.as_deref(), "url")?,
        level: query.level,
        user_id: query.user_id,
        created_from: time_of_millis(query.begin_time, "beginTime")?,
        created_before: time_of_millis(query.end_time, "endTime")?,
    };
    let (records, total) = front_log.store.page_logs(&filter, paging).await?;
    Ok(ApiResponse::ok(PageResult {
        list: records.into_iter().map(FrontLogView::from).collect(),
        total,
    }))
}
