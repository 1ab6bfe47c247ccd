//! `GET /category/{code}/items`: the items of a category's whole subtree, by part number.

use actix_web::web;
use kernel::{ApiError, ApiResponse, ApiResult};
use serde::Deserialize;
use utoipa::IntoParams;

use crate::item::library::ItemLibrary;
use crate::item::store::ItemStore;
use crate::routes::view::{ItemRoutes, ItemSummary, PageResult, Paging};
use crate::taxonomy::CategoryCode;

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct CategoryItemsQuery {
    /// From 1 (default 1).
    pub page_no: Option<i64>,
    /// 1–100 (default 10).
    pub page_size: Option<i64>,
}

/// The items of a category and its whole subtree, by part number.
#[utoipa::path(
    get,
    path = "/category/{code}/items",
    tag = "items",
    params(("code" = String, Path, description = "分类编码"), CategoryItemsQuery),
    responses((status = 200, description = "{list, total}; unknown code → the library's 分类不存在, malformed code or paging → 400",
        body = ApiResponse<PageResult<ItemSummary>>))
)]
#[tracing::instrument(skip_all, fields(library = state.library.library().key, code = %code))]
pub async fn category_items<L: ItemLibrary>(
    state: web::Data<ItemRoutes<L>>,
    code: web::Path<String>,
    query: web::Query<CategoryItemsQuery>,
) -> ApiResult<ApiResponse<PageResult<ItemSummary>>> {
    let code =
        CategoryCode::parse(&code).ok_or_else(|| ApiError::bad_request("code 格式不正确"))?;
    let paging = Paging::parse(query.page_no, query.page_size)?;
    let records = state.category_records().await?;
    let category = records
        .iter()
        .find(|record| record.code == code.as_str())
        .ok_or_else(|| ApiError::new(state.library.library().category_not_found))?;
    let page = state
        .items
        .list_in_subtree(&category.path, paging.offset, paging.limit)
        .await?;
    Ok(ApiResponse::ok(state.page(page).await?))
}
