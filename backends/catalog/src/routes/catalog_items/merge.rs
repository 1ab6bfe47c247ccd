//! `POST /{id}/merge`: merging a duplicate item into another.

use actix_web::{web, HttpRequest};
use auth::AuthUser;
use kernel::error::catalog::CATALOG_ITEM_NOT_FOUND;
use kernel::{ApiError, ApiResponse, ApiResult};

use super::CatalogItemsState;
use crate::audit::Actor;
use crate::catalog_admin::store::CatalogAdminStore;
use crate::catalog_admin::{CatalogItem, ItemMergeOutcome, ItemMergeRequest};

/// Merges the item into `targetId`, a public item of the library: the item is hidden from every
/// public route with the target's id, and its detail address shows the target from then on
/// (items merged into it earlier follow). Restoring it (`PUT …/hidden {hidden: false}`) undoes
/// the merge. Lands in the library's audit log (`catalog-item.merge`).
#[utoipa::path(
    post,
    path = "/catalog-items/{id}/merge",
    tag = "catalog-items",
    params(("id" = i64, Path, description = "The duplicate")),
    request_body = ItemMergeRequest,
    responses((status = 200, description = "The duplicate as merged; no target, itself, a missing or hidden target, or a reason over 200 characters → 400; unknown id → 1043001000; not signed in → 401; without <library>:catalog:manage → 403",
        body = ApiResponse<CatalogItem>))
)]
#[tracing::instrument(skip_all, fields(id = *id))]
pub async fn merge_catalog_item(
    user: AuthUser,
    request: HttpRequest,
    state: web::Data<CatalogItemsState>,
    id: web::Path<i64>,
    body: web::Json<ItemMergeRequest>,
) -> ApiResult<ApiResponse<CatalogItem>> {
    user.require_permission(&state.permission())?;
    let merge = body.parse(*id)?;
    let actor = Actor::of(&user, &request);
    match state
        .store
        .merge_item(state.library.key, *id, &merge, &actor)
        .await?
    {
        ItemMergeOutcome::Merged(item) | ItemMergeOutcome::Unchanged(item) => {
            Ok(ApiResponse::ok(*item))
        }
        ItemMergeOutcome::NotFound => Err(ApiError::new(CATALOG_ITEM_NOT_FOUND)),
        ItemMergeOutcome::TargetUnavailable => {
            Err(ApiError::bad_request("合并目标不存在或不是公开条目"))
        }
    }
}
