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

/// At most this many ids in one names request (a page of the audit log holds at most 100 rows).
const OPERATOR_IDS_MAX: usize = 100;

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct OperatorNamesQuery {
    /// Comma-separated user ids (1–100).
    pub ids: Option<String>,
}

/// An operator's account names.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OperatorNameView {
    pub id: i64,
    pub username: String,
    pub nickname: String,
}

/// `ids` as distinct positive ids, 1 to [`OPERATOR_IDS_MAX`] of them.
fn operator_ids(ids: Option<&str>) -> ApiResult<Vec<i64>> {
    let mut parsed = Vec::new();
    for part in ids.unwrap_or_default().split(',').map(str::trim) {
        if part.is_empty() {
            continue;
        }
        let id: i64 = part
            .parse()
            .ok()
            .filter(|id| *id > 0)
            .ok_or_else(|| ApiError::bad_request("ids 须为逗号分隔的用户编号"))?;
        if !parsed.contains(&id) {
            parsed.push(id);
        }
    }
    if parsed.is_empty() {
        return Err(ApiError::bad_request("ids 不能为空"));
    }
    if parsed.len() > OPERATOR_IDS_MAX {
        return Err(ApiError::bad_request("ids 过多"));
    }
    Ok(parsed)
}

/// Operators: the account names of the operators `ids`, for the library services' audit logs,
/// which record the operator's id only (docs/operations.md "Library audit logs"). An id without
/// an account is left out. Permission `system:audit-log:query`.
#[utoipa::path(
    get,
    path = "/to/api/base/system/operation/audit-log/operators",
    tag = "operation",
    params(OperatorNamesQuery),
    security(("bearer" = [])),
    responses((status = 200, description = "操作人账号名; no or bad ids, or over 100 → 400", body = ApiResponse<Vec<OperatorNameView>>))
)]
pub async fn audit_operator_names(
    audit: web::Data<AuditRepository>,
    user: AuthUser,
    query: web::Query<OperatorNamesQuery>,
) -> ApiResult<ApiResponse<Vec<OperatorNameView>>> {
    user.require_permission(AUDIT_LOG_QUERY)?;
    let ids = operator_ids(query.ids.as_deref())?;
    let names = audit.operator_names(&ids).await?;
    Ok(ApiResponse::ok(
        names
            .into_iter()
            .map(|(id, username, nickname)| OperatorNameView {
                id,
                username,
                nickname,
            })
            .collect(),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn operator_ids_are_distinct_positive_and_bounded() {
        assert_eq!(operator_ids(Some(" 3, 1,3 ,")).ok(), Some(vec![3, 1]));
        assert!(operator_ids(None).is_err());
        assert!(operator_ids(Some(" , ")).is_err());
        assert!(operator_ids(Some("1,x")).is_err());
        assert!(operator_ids(Some("0")).is_err());
        let many: Vec<String> = (1..=101).map(|id| id.to_string()).collect();
        assert!(operator_ids(Some(&many.join(","))).is_err());
        let enough: Vec<String> = (1..=100).map(|id| id.to_string()).collect();
        assert_eq!(
            operator_ids(Some(&enough.join(",")))
                .map(|ids| ids.len())
                .ok(),
            Some(100)
        );
    }
}
