//! Operators: every API key with its creator, organisation and usage; revoking any of them.

use actix_web::{web, HttpRequest};
use auth::AuthUser;
use kernel::{ApiError, ApiResponse, ApiResult};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::OpenKeyView;
use crate::{
    accounts::Accounts,
    open_platform::{
        keys::OpenKeyStore, parse_limits, OpenPlatform, KEY_OPERATION_QUERY, KEY_OPERATION_UPDATE,
        OPERATOR_USAGE_DAYS,
    },
    operation::{
        audit::Actor,
        page::{PageResult, Paging},
        text::{contains_pattern, trimmed},
    },
    OPEN_KEY_NOT_EXISTS,
};

const KEYWORD_MAX: usize = 100;

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct OpenKeyPageQuery {
    /// From 1 (default 1).
    pub page_no: Option<i64>,
    /// 1–100 (default 10).
    pub page_size: Option<i64>,
    /// Part of the key's name or prefix, its creator's username or its organisation's name.
    pub keyword: Option<String>,
}

/// A key in the operators' list.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OperatorOpenKeyView {
    #[serde(flatten)]
    pub key: OpenKeyView,
    pub username: String,
    /// Empty for an account's own key.
    pub org_name: String,
    /// Requests on the last 30 UTC days.
    pub requests_last30_days: i64,
}

/// Operators: every API key, newest first, with its usage. Permission `operation:open-key:query`.
#[utoipa::path(
    get,
    path = "/to/api/base/system/operation/open-keys/page",
    tag = "open-platform",
    params(OpenKeyPageQuery),
    security(("bearer" = [])),
    responses((status = 200, description = "API 密钥分页", body = ApiResponse<PageResult<OperatorOpenKeyView>>))
)]
pub async fn page_open_keys(
    open: web::Data<OpenPlatform>,
    user: AuthUser,
    query: web::Query<OpenKeyPageQuery>,
) -> ApiResult<ApiResponse<PageResult<OperatorOpenKeyView>>> {
    user.require_permission(KEY_OPERATION_QUERY)?;
    let query = query.into_inner();
    let paging = Paging::parse(query.page_no, query.page_size)?;
    let keyword = trimmed(query.keyword.as_deref());
    if keyword.is_some_and(|keyword| keyword.chars().count() > KEYWORD_MAX) {
        return Err(ApiError::bad_request("keyword 不能超过100个字符"));
    }
    let pattern = keyword.map(contains_pattern);
    let (records, total) = open
        .keys
        .page_keys(pattern.as_deref(), paging.offset, paging.limit)
        .await?;
    let mut list = Vec::with_capacity(records.len());
    for record in records {
        let usage = open.usage_of(record.key.id, OPERATOR_USAGE_DAYS).await?;
        let requests_last30_days = usage.iter().map(|day| day.requests).sum();
        list.push(OperatorOpenKeyView {
            // The owner's list shows a week; so does this one, with the month's sum beside it.
            key: OpenKeyView::new(record.key, usage[usage.len().saturating_sub(7)..].to_vec()),
            username: record.username,
            org_name: record.org_name,
            requests_last30_days,
        });
    }
    Ok(ApiResponse::ok(PageResult { list, total }))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OpenKeyLimitsRequest {
    /// 1–100,000.
    pub requests_per_minute: Option<i64>,
    /// 1–100,000,000 (a UTC day).
    pub requests_per_day: Option<i64>,
}

/// Operators: a key's own rate and daily quota (a partner that needs more, a key that abuses).
/// Every process applies them from its next look-up of the key (the cached principal carrying
/// the old ones is dropped). Writes `open-key.limits` when they changed. Permission
/// `operation:open-key:update`.
#[utoipa::path(
    put,
    path = "/to/api/base/system/operation/open-keys/{id}/limits",
    tag = "open-platform",
    params(("id" = i64, Path, description = "密钥编号")),
    request_body = OpenKeyLimitsRequest,
    security(("bearer" = [])),
    responses((status = 200, description = "已更新", body = ApiResponse<bool>))
)]
pub async fn set_open_key_limits(
    accounts: web::Data<Accounts>,
    open: web::Data<OpenPlatform>,
    user: AuthUser,
    req: HttpRequest,
    id: web::Path<i64>,
    payload: web::Json<OpenKeyLimitsRequest>,
) -> ApiResult<ApiResponse<bool>> {
    user.require_permission(KEY_OPERATION_UPDATE)?;
    let (per_minute, per_day) =
        parse_limits(payload.requests_per_minute, payload.requests_per_day)?;
    let digest = open
        .keys
        .set_limits(
            id.into_inner(),
            per_minute,
            per_day,
            &Actor::of(&user, &req),
        )
        .await?
        .ok_or_else(|| ApiError::new(OPEN_KEY_NOT_EXISTS))?;
    accounts.forget(&[digest]).await?;
    Ok(ApiResponse::ok(true))
}

/// Operators: revokes any key (abuse); writes `open-key.revoke`. Permission
/// `operation:open-key:update`.
#[utoipa::path(
    post,
    path = "/to/api/base/system/operation/open-keys/{id}/revoke",
    tag = "open-platform",
    params(("id" = i64, Path, description = "密钥编号")),
    security(("bearer" = [])),
    responses((status = 200, description = "已撤销", body = ApiResponse<bool>))
)]
pub async fn operator_revoke_open_key(
    accounts: web::Data<Accounts>,
    open: web::Data<OpenPlatform>,
    user: AuthUser,
    req: HttpRequest,
    id: web::Path<i64>,
) -> ApiResult<ApiResponse<bool>> {
    user.require_permission(KEY_OPERATION_UPDATE)?;
    let digest = open
        .keys
        .operator_revoke_key(id.into_inner(), &Actor::of(&user, &req))
        .await?
        .ok_or_else(|| ApiError::new(OPEN_KEY_NOT_EXISTS))?;
    accounts.forget(&[digest]).await?;
    Ok(ApiResponse::ok(true))
}
