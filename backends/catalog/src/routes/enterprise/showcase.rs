//! The organisation's public page (docs/enterprise-library.md, "The organisation's public page"):
//! a member with `enterprise:item:publish` shows an approved item to everyone, or hides it again;
//! anyone, signed in or not, reads the items an organisation shows and their files. Nothing else
//! of the organisation's library is reachable here: a pending, rejected or unshown item answers
//! like a missing one.

use actix_web::{web, HttpRequest, HttpResponse};
use auth::AuthUser;
use kernel::error::enterprise::{ITEM_NOT_APPROVED, ITEM_NOT_FOUND};
use kernel::paging::PageResult;
use kernel::{ApiError, ApiResponse, ApiResult};
use serde::Deserialize;
use utoipa::IntoParams;

use super::files::FileQuery;
use super::EnterpriseState;
use crate::enterprise::store::{EnterpriseStore, ItemFilter, ShowcaseOutcome};
use crate::enterprise::{EnterpriseItem, ShowcaseItem, ShowcaseRequest};

/// Shows an approved item of the caller's organisation on its public page, or hides it. A
/// resubmitted item leaves the page while it waits for review and comes back once approved.
#[utoipa::path(
    put,
    path = "/items/{id}/showcase",
    tag = "enterprise",
    params(("id" = i64, Path, description = "Item id")),
    request_body = ShowcaseRequest,
    responses((status = 200, description = "The item; showing a pending or rejected item → 1042001008; missing or another organisation's → 1042001001; without enterprise:item:publish → 403",
        body = ApiResponse<EnterpriseItem>))
)]
#[tracing::instrument(skip_all)]
pub async fn set_showcase(
    user: AuthUser,
    state: web::Data<EnterpriseState>,
    id: web::Path<i64>,
    body: web::Json<ShowcaseRequest>,
) -> ApiResult<ApiResponse<EnterpriseItem>> {
    let org_id = state.publisher_org(&user)?;
    let showcased = body
        .showcased
        .ok_or_else(|| ApiError::bad_request("showcased 不能为空"))?;
    let id = id.into_inner();
    match state
        .store
        .showcase(state.library.key, id, org_id, showcased)
        .await?
    {
        ShowcaseOutcome::Changed(item) => {
            tracing::info!(
                library = state.library.key,
                org = org_id,
                item = id,
                showcased,
                "enterprise item shown or hidden on the organisation's page"
            );
            Ok(ApiResponse::ok(*item))
        }
        ShowcaseOutcome::NotFound => Err(ApiError::new(ITEM_NOT_FOUND)),
        ShowcaseOutcome::NotApproved => Err(ApiError::new(ITEM_NOT_APPROVED)),
    }
}

/// Paging and keyword of the public page.
#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct ShowcaseQuery {
    /// From 1 (default 1).
    pub page_no: Option<i64>,
    /// 1–100 (default 10).
    pub page_size: Option<i64>,
    /// Matches code, name and manufacturer.
    pub keyword: Option<String>,
}

/// The items organisation `orgId` shows in this library, newest first; no sign-in needed. An
/// organisation that shows nothing, does not exist or is disabled answers an empty page.
#[utoipa::path(
    get,
    path = "/showcase/{orgId}/items",
    tag = "enterprise",
    params(("orgId" = i64, Path, description = "Organisation id"), ShowcaseQuery),
    responses((status = 200, description = "{list, total}; bad paging → 400",
        body = ApiResponse<PageResult<ShowcaseItem>>))
)]
#[tracing::instrument(skip_all)]
pub async fn showcase_items(
    state: web::Data<EnterpriseState>,
    org_id: web::Path<i64>,
    query: web::Query<ShowcaseQuery>,
) -> ApiResult<ApiResponse<PageResult<ShowcaseItem>>> {
    let org_id = org_id.into_inner();
    if !state.orgs.is_active(org_id).await? {
        // Paging is still checked, so a bad request answers the same for every organisation.
        kernel::paging::Paging::parse(query.page_no, query.page_size)?;
        return Ok(ApiResponse::ok(PageResult {
            list: Vec::new(),
            total: 0,
        }));
    }
    let filter = ItemFilter {
        org_id: Some(org_id),
        state: None,
        keyword: query.keyword.clone(),
        public_only: true,
    };
    let page = state
        .list(&filter, query.page_no, query.page_size, false)
        .await?;
    Ok(ApiResponse::ok(PageResult {
        list: page.list.into_iter().map(ShowcaseItem::from).collect(),
        total: page.total,
    }))
}

/// A file (or thumbnail) of an item organisation `orgId` shows; no sign-in needed. An item it
/// does not show, or any item of a disabled organisation, answers like a missing one.
#[utoipa::path(
    get,
    path = "/showcase/{orgId}/items/{id}/files/{index}",
    tag = "enterprise",
    params(("orgId" = i64, Path, description = "Organisation id"), ("id" = i64, Path, description = "Item id"),
        ("index" = usize, Path, description = "The file's place in the item's `files`, from 0"), FileQuery),
    responses((status = 200, description = "The file (attachment; ETag, Range) or its thumbnail; an item not shown → 1042001001; no such file or thumbnail → 1042001006", content_type = "application/octet-stream"))
)]
#[tracing::instrument(skip_all)]
pub async fn showcase_file(
    state: web::Data<EnterpriseState>,
    path: web::Path<(i64, i64, usize)>,
    query: web::Query<FileQuery>,
    request: HttpRequest,
) -> ApiResult<HttpResponse> {
    let (org_id, id, index) = path.into_inner();
    if !state.orgs.is_active(org_id).await? {
        return Err(ApiError::new(ITEM_NOT_FOUND));
    }
    let item = state.item(id, Some(org_id)).await?;
    if !item.is_public() {
        return Err(ApiError::new(ITEM_NOT_FOUND));
    }
    state
        .respond_file(&request, &item, index, query.into_inner())
        .await
}
