//! The operators' review queue of the library's enterprise items.

use actix_web::{web, HttpRequest};
use auth::AuthUser;
use kernel::error::enterprise::{ALREADY_REVIEWED, ITEM_NOT_FOUND};
use kernel::paging::PageResult;
use kernel::{ApiError, ApiResponse, ApiResult};

use super::{EnterpriseState, ItemListQuery};
use crate::audit::Actor;
use crate::enterprise::store::{EnterpriseStore, ReviewOutcome};
use crate::enterprise::{EnterpriseItem, ReviewRequest, AUDIT_PERMISSION};

/// Every organisation's items of this library, oldest first (review order); `state` and
/// `orgId` narrow it.
#[utoipa::path(
    get,
    path = "/enterprise-items",
    tag = "enterprise-review",
    params(super::ItemListQuery),
    responses((status = 200, description = "{list, total}; not signed in → 401; without operation:enterprise-item:audit → 403",
        body = ApiResponse<PageResult<EnterpriseItem>>))
)]
#[tracing::instrument(skip_all)]
pub async fn review_queue(
    user: AuthUser,
    state: web::Data<EnterpriseState>,
    query: web::Query<ItemListQuery>,
) -> ApiResult<ApiResponse<PageResult<EnterpriseItem>>> {
    user.require_permission(AUDIT_PERMISSION)?;
    Ok(ApiResponse::ok(
        state.page(&query, query.org_id, true).await?,
    ))
}

/// Approves or rejects a pending item (a rejection carries its reason); an item decided
/// meanwhile answers 1042001002, so of two operators at once one wins.
#[utoipa::path(
    put,
    path = "/enterprise-items/{id}",
    tag = "enterprise-review",
    params(("id" = i64, Path, description = "Item id")),
    request_body = ReviewRequest,
    responses((status = 200, description = "The reviewed item; rejected without a remark → 400; missing → 1042001001; no longer pending → 1042001002",
        body = ApiResponse<EnterpriseItem>))
)]
#[tracing::instrument(skip_all)]
pub async fn review_item(
    user: AuthUser,
    state: web::Data<EnterpriseState>,
    id: web::Path<i64>,
    body: web::Json<ReviewRequest>,
    request: HttpRequest,
) -> ApiResult<ApiResponse<EnterpriseItem>> {
    user.require_permission(AUDIT_PERMISSION)?;
    let review = body.into_inner().parse()?;
    let id = id.into_inner();
    let reviewer = Actor::of(&user, &request);
    match state
        .store
        .review(state.library.key, id, &review, &reviewer)
        .await?
    {
        ReviewOutcome::Reviewed(item) => {
            tracing::info!(
                library = state.library.key,
                item = id,
                state = review.state.as_str(),
                reviewer = user.user_id(),
                "enterprise item reviewed"
            );
            Ok(ApiResponse::ok(*item))
        }
        ReviewOutcome::NotFound => Err(ApiError::new(ITEM_NOT_FOUND)),
        ReviewOutcome::AlreadyReviewed => Err(ApiError::new(ALREADY_REVIEWED)),
    }
}
