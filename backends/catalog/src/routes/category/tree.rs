use actix_web::web;
use kernel::{ApiResponse, ApiResult};

use crate::{
    model::{build_tree, CategoryNode},
    store::CategoryStore,
    CatalogState,
};

/// The library's whole category tree: the root nodes with their descendants.
#[utoipa::path(
    get,
    path = "/category/tree",
    tag = "category",
    responses((status = 200, description = "分类树 (roots with children; leaves have children: [])",
        body = ApiResponse<Vec<CategoryNode>>))
)]
#[tracing::instrument(skip_all, fields(library = state.library.key))]
pub async fn get_category_tree(
    state: web::Data<CatalogState>,
) -> ApiResult<ApiResponse<Vec<CategoryNode>>> {
    let records = state.store.list().await?;
    Ok(ApiResponse::ok(build_tree(&records)))
}
