use actix_web::web;
use auth::AuthUser;
use kernel::{ApiError, ApiResponse, ApiResult};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::{IntoParams, ToSchema};

use crate::operation::{
    audit::{
        store::{AuditFilter, AuditRecord, AuditRepository, AuditStore},
        AUDIT_LOG_QUERY,
    },
    page::{PageResult, Paging},
    text::{contains_pattern, time_of_millis, trimmed},
};

const KEYWORD_MAX: usize = 100;
const ACTION_MAX: usize = 64;

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct AuditLogPageQuery {
    /// From 1 (default 1).
    pub page_no: Option<i64>,
    /// 1–100 (default 10).
    pub page_size: Option<i64>,
    /// Part of the action, target, before/after or the operator's username or nickname.
    pub key_words: Option<String>,
    /// Exactly this action (`user.disable`, `feedback.close`, …).
    pub action: Option<String>,
    /// Entries of this operator.
    pub operator_id: Option<i64>,
    /// At or after (epoch milliseconds).
    pub begin_time: Option<i64>,
    /// Before (epoch milliseconds).
    pub end_time: Option<i64>,
}

/// One audit entry.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AuditLogView {
    pub id: i64,
    pub operator_id: i64,
    /// The operator's account name ("" when the account is gone).
    pub operator_username: String,
    pub operator_nickname: String,
    pub action: String,
    pub target_type: String,
    pub target_id: String,
    /// The target's state before the change (a JSON object).
    #[schema(value_type = Object)]
    pub before: Value,
    /// The target's state after the change (a JSON object).
    #[schema(value_type = Object)]
    pub after: Value,
    pub client_ip: String,
    /// Epoch milliseconds.
    pub create_time: i64,
}

impl From<AuditRecord> for AuditLogView {
    fn from(record: AuditRecord) -> Self {
        let json = |text: &str| serde_json::from_str(text).unwrap_or(Value::Null);
        Self {
            id: record.id,
            operator_id: record.operator_id,
            operator_username: record.operator_username.unwrap_or_default(),
            operator_nickname: record.operator_nickname.unwrap_or_default(),
            before: json(&record.before_json),
            after: json(&record.after_json),
            action: record.action,
            target_type: record.target_type,
            target_id: record.target_id,
            client_ip: record.client_ip,
            create_time: record.created_at.timestamp_millis(),
        }
    }
}

/// Operators: the audit log, newest first. Permission `system:audit-log:query`.
#[utoipa::path(
    get,
    path = "/to/api/base/system/operation/audit-log/page",
    tag = "operation",
    params(AuditLogPageQuery),
    security(("bearer" = [])),
    responses((status = 200, description = "操作审计日志分页", body = ApiResponse<PageResult<AuditLogView>>))
)]
pub async fn page_audit_log(
    audit: web::Data<AuditRepository>,
    user: AuthUser,
    query: web::Query<AuditLogPageQuery>,
) -> ApiResult<ApiResponse<PageResult<AuditLogView>>> {
    user.require_permission(AUDIT_LOG_QUERY)?;
    let query = query.into_inner();
    let paging = Paging::parse(query.page_no, query.page_size)?;
    let keyword = trimmed(query.key_words.as_deref());
    if keyword.is_some_and(|keyword| keyword.chars().count() > KEYWORD_MAX) {
        return Err(ApiError::bad_request("keyWords 过长"));
    }
    let action = trimmed(query.action.as_deref());
    if action.is_some_and(|action| action.chars().count() > ACTION_MAX) {
        return Err(ApiError::bad_request("action 过长"));
    }
    let filter = AuditFilter {
        keyword_pattern: keyword.map(contains_pattern),
        action: action.map(str::to_owned),
        operator_id: query.operator_id,
        created_from: time_of_millis(query.begin_time, "beginTime")?,
        created_before: time_of_millis(query.end_time, "endTime")?,
    };
    let (records, total) = audit.page_audit(&filter, paging).await?;
    Ok(ApiResponse::ok(PageResult {
        list: records.into_iter().map(AuditLogView::from).collect(),
        total,
    }))
}
