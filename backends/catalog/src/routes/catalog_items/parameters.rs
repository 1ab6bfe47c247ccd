//! `GET /{id}/parameters` and `PUT /{id}/parameters`: an item's parameters with the source's list
//! while corrected, and correcting them.

use actix_web::{web, HttpRequest};
use auth::AuthUser;
use kernel::error::catalog::CATALOG_ITEM_NOT_FOUND;
use kernel::{ApiError, ApiResponse, ApiResult};

use super::CatalogItemsState;
use crate::audit::Actor;
use crate::catalog_admin::parameters::{ItemParameters, ParametersEditRequest, ParametersOutcome};
use crate::catalog_admin::store::CatalogAdminStore;

/// The item's parameters (hidden or not) as written, the source's list while an operator's
/// correction stands, and every dimension a parameter can have.
#[utoipa::path(
    get,
    path = "/catalog-items/{id}/parameters",
    tag = "catalog-items",
    params(("id" = i64, Path, description = "The item's id")),
    responses((status = 200, description = "The parameters; unknown id → 1043001000; not signed in → 401; without <library>:catalog:manage → 403",
        body = ApiResponse<ItemParameters>))
)]
#[tracing::instrument(skip_all, fields(id = *id))]
pub async fn catalog_item_parameters(
    user: AuthUser,
    state: web::Data<CatalogItemsState>,
    id: web::Path<i64>,
) -> ApiResult<ApiResponse<ItemParameters>> {
    user.require_permission(&state.permission())?;
    let parameters = state
        .store
        .item_parameters(*id)
        .await?
        .ok_or_else(|| ApiError::new(CATALOG_ITEM_NOT_FOUND))?;
    Ok(ApiResponse::ok(parameters))
}

/// Corrects the item's parameters: the body holds the whole list as wanted (each one value, range
/// or tolerance of its dimension, parsed with its unit) and why. A list that differs from the
/// source's is kept as a correction: a re-import keeps it; the source's list again ends it. The
/// detail, comparison, parametric search and KiCad library show it within a second; it lands in
/// the library's audit log (`catalog-item.parameters`).
#[utoipa::path(
    put,
    path = "/catalog-items/{id}/parameters",
    tag = "catalog-items",
    params(("id" = i64, Path, description = "The item's id")),
    request_body = ParametersEditRequest,
    responses((status = 200, description = "The parameters as corrected; a value that is not one of its dimension (the row named), an unknown dimension, more than 100 or no reason → 400; unknown id → 1043001000; not signed in → 401; without <library>:catalog:manage → 403",
        body = ApiResponse<ItemParameters>))
)]
#[tracing::instrument(skip_all, fields(id = *id))]
pub async fn correct_catalog_item_parameters(
    user: AuthUser,
    request: HttpRequest,
    state: web::Data<CatalogItemsState>,
    id: web::Path<i64>,
    body: web::Json<ParametersEditRequest>,
) -> ApiResult<ApiResponse<ItemParameters>> {
    user.require_permission(&state.permission())?;
    let edit = body.into_inner().parse()?;
    let actor = Actor::of(&user, &request);
    match state
        .store
        .correct_parameters(state.library.key, *id, &edit, &actor)
        .await?
    {
        ParametersOutcome::Changed(parameters) | ParametersOutcome::Unchanged(parameters) => {
            Ok(ApiResponse::ok(*parameters))
        }
        ParametersOutcome::NotFound => Err(ApiError::new(CATALOG_ITEM_NOT_FOUND)),
    }
}
