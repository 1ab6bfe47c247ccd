//! The members' routes: their organisation's items in this library, submitting one, and
//! resubmitting one that was reviewed.

use actix_web::web;
use auth::AuthUser;
use kernel::error::enterprise::{FILE_NOT_FOUND, ITEM_NOT_FOUND, ITEM_UNDER_REVIEW};
use kernel::paging::PageResult;
use kernel::{ApiError, ApiResponse, ApiResult};

use super::{EnterpriseState, ItemListQuery};
use crate::enterprise::store::{EnterpriseStore, ResubmitOutcome, Submitter};
use crate::enterprise::{EnterpriseItem, EnterpriseItemDraft, EnterpriseItemState};

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
    Ok(ApiResponse::ok(
        state.item(id.into_inner(), Some(org_id)).await?,
    ))
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
    if !draft.keep_files.is_empty() {
        return Err(ApiError::bad_request("keepFiles 仅用于重新提交"));
    }
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

/// Resubmits an approved or rejected item of the caller's organisation: its fields replaced by
/// the draft, its files those of `keepFiles` (kept, in that order) then the new uploads, and it
/// waits for a review again (hidden from the approved list until then).
#[utoipa::path(
    put,
    path = "/items/{id}",
    tag = "enterprise",
    params(("id" = i64, Path, description = "Item id")),
    request_body = EnterpriseItemDraft,
    responses((status = 200, description = "The item, pending again; missing or another organisation's → 1042001001; \
        pending (under review) → 1042001007; keepFiles naming no file → 1042001006; otherwise as POST /items",
        body = ApiResponse<EnterpriseItem>))
)]
#[tracing::instrument(skip_all)]
pub async fn resubmit_item(
    user: AuthUser,
    state: web::Data<EnterpriseState>,
    id: web::Path<i64>,
    body: web::Json<EnterpriseItemDraft>,
) -> ApiResult<ApiResponse<EnterpriseItem>> {
    let org_id = state.publisher_org(&user)?;
    let id = id.into_inner();
    let draft = body.into_inner().parse()?;
    let current = state.item(id, Some(org_id)).await?;
    if current.state == EnterpriseItemState::Pending {
        return Err(ApiError::new(ITEM_UNDER_REVIEW));
    }
    let mut files = draft
        .keep_files
        .iter()
        .map(|&index| current.files.get(index).cloned())
        .collect::<Option<Vec<_>>>()
        .ok_or_else(|| ApiError::new(FILE_NOT_FOUND))?;
    state.check_category(draft.category_id).await?;
    files.extend(state.attachments.take(&draft.files, user.user_id()).await?);
    let submitter = Submitter {
        library: state.library.key,
        org_id,
        user_id: user.user_id(),
    };
    match state.store.resubmit(submitter, id, &draft, &files).await? {
        ResubmitOutcome::Resubmitted(item) => {
            tracing::info!(
                library = state.library.key,
                org = org_id,
                item = item.id,
                files = item.files.len(),
                "enterprise item resubmitted"
            );
            Ok(ApiResponse::ok(*item))
        }
        ResubmitOutcome::NotFound => Err(ApiError::new(ITEM_NOT_FOUND)),
        ResubmitOutcome::UnderReview => Err(ApiError::new(ITEM_UNDER_REVIEW)),
    }
}
