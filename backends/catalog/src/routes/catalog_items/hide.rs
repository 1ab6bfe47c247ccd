//! `PUT /{id}/hidden`: hiding a public item, or restoring it.

use actix_web::{web, HttpRequest};
use auth::AuthUser;
use kernel::error::catalog::CATALOG_ITEM_NOT_FOUND;
use kernel::{ApiError, ApiResponse, ApiResult};

use super::CatalogItemsState;
use crate::audit::Actor;
use crate::catalog_admin::store::CatalogAdminStore;
use crate::catalog_admin::{CatalogItem, HideRequest};

/// Hides the item from every public route (search, suggestions, lists, detail, compare,
/// downloads, KiCad and shape search; the search index follows within a second) or restores it.
/// Hiding needs a reason; asking for the state the item is in changes nothing. Each change lands
/// in the library's audit log (`catalog-item.hide`, `catalog-item.unhide`).
#[utoipa::path(
    put,
    path = "/catalog-items/{id}/hidden",
    tag = "catalog-items",
    params(("id" = i64, Path, description = "The item's id")),
    request_body = HideRequest,
    responses((status = 200, description = "The item's state; no reason to hide → 400; unknown id → 1043001000; not signed in → 401; without <library>:catalog:manage → 403",
        body = ApiResponse<CatalogItem>))
)]
#[tracing::instrument(skip_all, fields(id = *id))]
pub async fn set_item_hidden(
    user: AuthUser,
    request: HttpRequest,
    state: web::Data<CatalogItemsState>,
    id: web::Path<i64>,
    body: web::Json<HideRequest>,
) -> ApiResult<ApiResponse<CatalogItem>> {
    user.require_permission(&state.permission())?;
    let visibility = body.into_inner().parse()?;
    let actor = Actor::of(&user, &request);
    let item = state
        .store
        .set_visibility(state.library.key, *id, &visibility, &actor)
        .await?
        .item()
        .ok_or_else(|| ApiError::new(CATALOG_ITEM_NOT_FOUND))?;
    Ok(ApiResponse::ok(item))
}
