//! The members' routes: their organisation's items in this library, and submitting one.

use actix_web::web;
use auth::AuthUser;
use kernel::error::enterprise::ITEM_NOT_FOUND;
use kernel::paging::PageResult;
use kernel::{ApiError, ApiResponse, ApiResult};

use super::{EnterpriseState, ItemListQuery};
use crate::enterprise::store::{EnterpriseStore, Submitter};
use crate::enterprise::{EnterpriseItem, EnterpriseItemDraft};

/// The caller's organisation's items of this library, newest first, in every state (the
/// members follow their submissions); `keyword` matches code, name and manufacturer.
#[utoipa::path(
    get,
    path = "/items",
    tag = "enterprise",
    params(super::ItemListQuery),
    responses((status = 200, description = "{list, total}; not signed in → 401; not in an organisation → 1042001000; bad state or paging → 400",
        body = ApiResponse<PageResult<EnterpriseItem>>))
)]
#[tracing::instrument(skip_all)]
pub async fn list_items(
    user: AuthUser,
    state: web::Data<EnterpriseState>,
    query: web::Query<ItemListQuery>,
) -> ApiResult<ApiResponse<PageResult<EnterpriseItem>>> {
    let org_id = state.member_org(&user)?;
    Ok(ApiResponse::ok(
        state.page(&query, Some(org_id), false).await?,
    ))
}

/// One item of the caller's organisation; another organisation's id answers like a missing one.
#[utoipa::path(
    get,
    path = "/items/{id}",
    tag = "enterprise",
    params(("id" = i64, Path, description = "Item id")),
    responses((status = 200, description = "The item; missing or another organisation's → 1042001001",
        body = ApiResponse<EnterpriseItem>))
)]
#[tracing::instrument(skip_all)]
pub async fn item_detail(
    user: AuthUser,
    state: web::Data<EnterpriseState>,
    id: web::Path<i64>,
) -> ApiResult<ApiResponse<EnterpriseItem>> {
    let org_id = state.member_org(&user)?;
    let item = state
        .store
        .get(state.library.key, id.into_inner(), Some(org_id))
        .await?
        .ok_or_else(|| ApiError::new(ITEM_NOT_FOUND))?;
    Ok(ApiResponse::ok(item))
}

/// Submits an item into the caller's organisation's library; it waits for an operator's review.
#[utoipa::path(
    post,
    path = "/items",
    tag = "enterprise",
    request_body = EnterpriseItemDraft,
    responses((status = 200, description = "The stored item (state pending); a field out of its limits → 400; unknown category → 1042001003; a file claim forged, expired or another user's → 1042001004; a file of the wrong type for its kind or over 100 MB → 1042001005; without enterprise:item:publish → 403",
        body = ApiResponse<EnterpriseItem>))
)]
#[tracing::instrument(skip_all)]
pub async fn submit_item(
    user: AuthUser,
    state: web::Data<EnterpriseState>,
    body: web::Json<EnterpriseItemDraft>,
) -> ApiResult<ApiResponse<EnterpriseItem>> {
    let org_id = state.publisher_org(&user)?;
    let draft = body.into_inner().parse()?;
    state.check_category(draft.category_id).await?;
    let files = state.attachments.take(&draft.files, user.user_id()).await?;
    let submitter = Submitter {
        library: state.library.key,
        org_id,
        user_id: user.user_id(),
    };
    let item = state.store.submit(submitter, &draft, &files).await?;
    tracing::info!(
        library = state.library.key,
        org = org_id,
        item = item.id,
        files = item.files.len(),
        "enterprise item submitted"
    );
    Ok(ApiResponse::ok(item))
}
