//! `GET /{id}` and `PUT /{id}`: an item with its corrections, and correcting it.

use actix_web::{web, HttpRequest};
use auth::AuthUser;
use kernel::error::catalog::CATALOG_ITEM_NOT_FOUND;
use kernel::{ApiError, ApiResponse, ApiResult};

use super::CatalogItemsState;
use crate::audit::Actor;
use crate::catalog_admin::edit::{CatalogItemDetail, EditItemOutcome, ItemEditRequest};
use crate::catalog_admin::store::CatalogAdminStore;

/// The item (hidden or not) with its correctable fields, the fields an operator corrected and
/// what the source says of each.
#[utoipa::path(
    get,
    path = "/catalog-items/{id}",
    tag = "catalog-items",
    params(("id" = i64, Path, description = "The item's id")),
    responses((status = 200, description = "The item; unknown id → 1043001000; not signed in → 401; without <library>:catalog:manage → 403",
        body = ApiResponse<CatalogItemDetail>))
)]
#[tracing::instrument(skip_all, fields(id = *id))]
pub async fn catalog_item_detail(
    user: AuthUser,
    state: web::Data<CatalogItemsState>,
    id: web::Path<i64>,
) -> ApiResult<ApiResponse<CatalogItemDetail>> {
    user.require_permission(&state.permission())?;
    let detail = state
        .store
        .item_detail(*id)
        .await?
        .ok_or_else(|| ApiError::new(CATALOG_ITEM_NOT_FOUND))?;
    Ok(ApiResponse::ok(detail))
}

/// Corrects the item's name, description, category, manufacturer, document link and lifecycle
/// (the body holds every field as wanted, and why; an absent `manufacturerId` leaves it as it is). The fields that differ from the source are kept as
/// corrections: a re-import updates the rest and keeps them; a field set back to the source's
/// value is no longer corrected. Public routes and the search index show the correction within a
/// second; it lands in the library's audit log (`catalog-item.update`).
#[utoipa::path(
    put,
    path = "/catalog-items/{id}",
    tag = "catalog-items",
    params(("id" = i64, Path, description = "The item's id")),
    request_body = ItemEditRequest,
    responses((status = 200, description = "The item as corrected; a bad field, an unknown category or manufacturer or no reason → 400; unknown id → 1043001000; not signed in → 401; without <library>:catalog:manage → 403",
        body = ApiResponse<CatalogItemDetail>))
)]
#[tracing::instrument(skip_all, fields(id = *id))]
pub async fn edit_catalog_item(
    user: AuthUser,
    request: HttpRequest,
    state: web::Data<CatalogItemsState>,
    id: web::Path<i64>,
    body: web::Json<ItemEditRequest>,
) -> ApiResult<ApiResponse<CatalogItemDetail>> {
    user.require_permission(&state.permission())?;
    let edit = body.into_inner().parse()?;
    let actor = Actor::of(&user, &request);
    match state
        .store
        .edit_item(state.library.key, *id, &edit, &actor)
        .await?
    {
        EditItemOutcome::Changed(detail) | EditItemOutcome::Unchanged(detail) => {
            Ok(ApiResponse::ok(*detail))
        }
        EditItemOutcome::NotFound => Err(ApiError::new(CATALOG_ITEM_NOT_FOUND)),
        EditItemOutcome::UnknownCategory => Err(ApiError::bad_request("分类不存在")),
        EditItemOutcome::UnknownManufacturer => Err(ApiError::bad_request("厂商不存在")),
    }
}
