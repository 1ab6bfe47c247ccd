use actix_web::web;
use auth::AuthUser;
use kernel::{ApiError, ApiResponse, ApiResult};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::operation::{
    orgs::{
        store::{OrgAdminStore, OrgFilter, OrgRow},
        OperationOrgs, ORG_QUERY,
    },
    page::{PageResult, Paging},
    text::{contains_pattern, trimmed},
};

const KEYWORD_MAX: usize = 100;

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct OrgPageQuery {
    /// From 1 (default 1).
    pub page_no: Option<i64>,
    /// 1–100 (default 10).
    pub page_size: Option<i64>,
    /// Part of the name (case-insensitive).
    pub key_words: Option<String>,
    /// true enabled, false disabled.
    pub enabled: Option<bool>,
}

/// An organisation as the operators see it.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OperationOrgView {
    pub id: i64,
    pub name: String,
    pub enabled: bool,
    /// Ability codes (1 = enterprise library).
    pub business_scope: Vec<i64>,
    /// Accounts in the organisation.
    pub member_count: i64,
    /// Epoch milliseconds.
    pub create_time: i64,
}

impl From<OrgRow> for OperationOrgView {
    fn from(row: OrgRow) -> Self {
        Self {
            business_scope: row.business_scope_codes(),
            id: row.id,
            name: row.name,
            enabled: row.enabled,
            member_count: row.member_count,
            create_time: row.created_at.timestamp_millis(),
        }
    }
}

/// Operators: organisations newest first (the platform and the blocked organisation, 0 and 1,
/// are the system's own and not listed). Their members are the user page with `orgId`.
/// Permission `system:org:query`.
#[utoipa::path(
    get,
    path = "/to/api/base/system/operation/orgs/page",
    tag = "operation",
    params(OrgPageQuery),
    security(("bearer" = [])),
    responses((status = 200, description = "组织分页", body = ApiResponse<PageResult<OperationOrgView>>))
)]
pub async fn page_orgs(
    orgs: web::Data<OperationOrgs>,
    user: AuthUser,
    query: web::Query<OrgPageQuery>,
) -> ApiResult<ApiResponse<PageResult<OperationOrgView>>> {
    user.require_permission(ORG_QUERY)?;
    let query = query.into_inner();
    let paging = Paging::parse(query.page_no, query.page_size)?;
    let keyword = trimmed(query.key_words.as_deref());
    if keyword.is_some_and(|keyword| keyword.chars().count() > KEYWORD_MAX) {
        return Err(ApiError::bad_request("keyWords 过长"));
    }
    let filter = OrgFilter {
        keyword_pattern: keyword.map(contains_pattern),
        enabled: query.enabled,
    };
    let (rows, total) = orgs.store.page_orgs(&filter, paging).await?;
    Ok(ApiResponse::ok(PageResult {
        list: rows.into_iter().map(OperationOrgView::from).collect(),
        total,
    }))
}
