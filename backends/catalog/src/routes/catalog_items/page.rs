//! `GET /page`: the library's items as operators manage them.

use actix_web::web;
use auth::AuthUser;
use kernel::paging::{PageResult, Paging};
use kernel::{ApiResponse, ApiResult};

use super::CatalogItemsState;
use crate::catalog_admin::store::CatalogAdminStore;
use crate::catalog_admin::{CatalogItem, CatalogItemQuery};

/// Every item of the library by id, hidden ones included; `keyWords` matches part of the code or
/// name, or the id; `hidden` narrows to hidden (`true`) or public (`false`) items.
#[utoipa::path(
    get,
    path = "/catalog-items/page",
    tag = "catalog-items",
    params(CatalogItemQuery),
    responses((status = 200, description = "{list, total}; not signed in → 401; without <library>:catalog:manage → 403; a bad filter → 400",
        body = ApiResponse<PageResult<CatalogItem>>))
)]
#[tracing::instrument(skip_all)]
pub async fn page_catalog_items(
    user: AuthUser,
    state: web::Data<CatalogItemsState>,
    query: web::Query<CatalogItemQuery>,
) -> ApiResult<ApiResponse<PageResult<CatalogItem>>> {
    user.require_permission(&state.permission())?;
    let paging = Paging::parse(query.page_no, query.page_size)?;
    let filter = query.filter()?;
    let (list, total) = state
        .store
        .page_items(&filter, paging.offset, paging.limit)
        .await?;
    Ok(ApiResponse::ok(PageResult { list, total }))
}
