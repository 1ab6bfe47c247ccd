//! `/catalog-manufacturers/…`: the library's manufacturers as operators manage them: the list
//! (with a duplicates view), renaming and setting the website, merging a duplicate into another.

use actix_web::{web, HttpRequest};
use auth::AuthUser;
use kernel::error::catalog::{MANUFACTURER_NAME_TAKEN, MANUFACTURER_NOT_FOUND};
use kernel::paging::{PageResult, Paging};
use kernel::{ApiError, ApiResponse, ApiResult};

use super::CatalogItemsState;
use crate::audit::Actor;
use crate::catalog_admin::manufacturer::{
    CatalogManufacturer, EditOutcome, ManufacturerEditRequest, ManufacturerQuery, MergeOutcome,
    MergeRequest, MergeResult,
};
use crate::catalog_admin::store::CatalogAdminStore;

/// Every manufacturer of the library by name, with its item counts (hidden items included) and
/// the names merged into it. `keyWords` matches part of the name or of an alias, or the id;
/// `duplicates=true` lists only likely duplicates, grouped by `duplicateKey`.
#[utoipa::path(
    get,
    path = "/catalog-manufacturers/page",
    tag = "catalog-items",
    params(ManufacturerQuery),
    responses((status = 200, description = "{list, total}; not signed in → 401; without <library>:catalog:manage → 403; a bad filter → 400",
        body = ApiResponse<PageResult<CatalogManufacturer>>))
)]
#[tracing::instrument(skip_all)]
pub async fn page_manufacturers(
    user: AuthUser,
    state: web::Data<CatalogItemsState>,
    query: web::Query<ManufacturerQuery>,
) -> ApiResult<ApiResponse<PageResult<CatalogManufacturer>>> {
    user.require_permission(&state.permission())?;
    let paging = Paging::parse(query.page_no, query.page_size)?;
    let filter = query.filter()?;
    let (list, total) = state
        .store
        .page_manufacturers(&filter, paging.offset, paging.limit)
        .await?;
    Ok(ApiResponse::ok(PageResult { list, total }))
}

/// Renames the manufacturer or sets its website. The old name stays as an alias (the next
/// import files its records here); the search index shows the new name within a second. A name
/// another manufacturer has, or had before a rename or merge, answers 1043002001: merge instead.
/// Lands in the library's audit log (`catalog-manufacturer.update`).
#[utoipa::path(
    put,
    path = "/catalog-manufacturers/{id}",
    tag = "catalog-items",
    params(("id" = i64, Path, description = "The manufacturer's id")),
    request_body = ManufacturerEditRequest,
    responses((status = 200, description = "The manufacturer; a blank or bad name or website → 400; unknown id → 1043002000; name taken → 1043002001; not signed in → 401; without <library>:catalog:manage → 403",
        body = ApiResponse<CatalogManufacturer>))
)]
#[tracing::instrument(skip_all, fields(id = *id))]
pub async fn edit_manufacturer(
    user: AuthUser,
    request: HttpRequest,
    state: web::Data<CatalogItemsState>,
    id: web::Path<i64>,
    body: web::Json<ManufacturerEditRequest>,
) -> ApiResult<ApiResponse<CatalogManufacturer>> {
    user.require_permission(&state.permission())?;
    let edit = body.into_inner().parse()?;
    let actor = Actor::of(&user, &request);
    match state
        .store
        .edit_manufacturer(state.library.key, *id, &edit, &actor)
        .await?
    {
        EditOutcome::Changed(manufacturer) | EditOutcome::Unchanged(manufacturer) => {
            Ok(ApiResponse::ok(*manufacturer))
        }
        EditOutcome::NotFound => Err(ApiError::new(MANUFACTURER_NOT_FOUND)),
        EditOutcome::NameTaken => Err(ApiError::new(MANUFACTURER_NAME_TAKEN)),
    }
}

/// Merges the manufacturer into `targetId`: its items and aliases move there, its name becomes
/// an alias of the target (the next import files its records there), the target keeps its own
/// website or takes this one's, and this one is deleted. Lands in the library's audit log
/// (`catalog-manufacturer.merge`).
#[utoipa::path(
    post,
    path = "/catalog-manufacturers/{id}/merge",
    tag = "catalog-items",
    params(("id" = i64, Path, description = "The manufacturer that goes")),
    request_body = MergeRequest,
    responses((status = 200, description = "The target and how many items moved; no target or itself → 400; either unknown → 1043002000; not signed in → 401; without <library>:catalog:manage → 403",
        body = ApiResponse<MergeResult>))
)]
#[tracing::instrument(skip_all, fields(id = *id))]
pub async fn merge_manufacturer(
    user: AuthUser,
    request: HttpRequest,
    state: web::Data<CatalogItemsState>,
    id: web::Path<i64>,
    body: web::Json<MergeRequest>,
) -> ApiResult<ApiResponse<MergeResult>> {
    user.require_permission(&state.permission())?;
    let target = body.target(*id)?;
    let actor = Actor::of(&user, &request);
    match state
        .store
        .merge_manufacturer(state.library.key, *id, target, &actor)
        .await?
    {
        MergeOutcome::Merged { target, moved } => Ok(ApiResponse::ok(MergeResult {
            target: *target,
            moved,
        })),
        MergeOutcome::NotFound => Err(ApiError::new(MANUFACTURER_NOT_FOUND)),
    }
}
