use actix_web::web;
use catalog::taxonomy::CategoryCode;
use kernel::{ApiError, ApiResponse, ApiResult};
use serde::Deserialize;
use utoipa::IntoParams;

use crate::{
    routes::view::{categories, ComponentSummary, PageResult, Paging},
    ComponentState, CATEGORY_NOT_FOUND,
};

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct CategoryItemsQuery {
    /// From 1 (default 1).
    pub page_no: Option<i64>,
    /// 1–100 (default 10).
    pub page_size: Option<i64>,
}

/// The components of a category and its whole subtree, by part number.
#[utoipa::path(
    get,
    path = "/category/{code}/items",
    tag = "component",
    params(("code" = String, Path, description = "分类编码"), CategoryItemsQuery),
    responses((status = 200, description = "{list, total}; unknown code → 分类不存在, malformed code or paging → 400",
        body = ApiResponse<PageResult<ComponentSummary>>))
)]
#[tracing::instrument(skip_all, fields(code = %code))]
pub async fn category_items(
    state: web::Data<ComponentState>,
    code: web::Path<String>,
    query: web::Query<CategoryItemsQuery>,
) -> ApiResult<ApiResponse<PageResult<ComponentSummary>>> {
    let code =
        CategoryCode::parse(&code).ok_or_else(|| ApiError::bad_request("code 格式不正确"))?;
    let paging = Paging::parse(query.page_no, query.page_size)?;
    let records = categories(&state).await?;
    let category = records
        .iter()
        .find(|record| record.code == code.as_str())
        .ok_or_else(|| ApiError::new(CATEGORY_NOT_FOUND))?;
    let page = state
        .store
        .list_in_subtree(&category.path, paging.offset, paging.limit)
        .await?;
    Ok(ApiResponse::ok(PageResult {
        list: page.items.iter().map(ComponentSummary::from).collect(),
        total: page.total,
    }))
}
