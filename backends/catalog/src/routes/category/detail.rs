use actix_web::web;
use kernel::{ApiError, ApiResponse, ApiResult};

use crate::{
    model::{ancestors_of, build_subtree, CategoryDetail},
    store::CategoryStore,
    taxonomy::CategoryCode,
    CatalogState,
};

/// One category with its subtree and its ancestors (for breadcrumbs).
#[utoipa::path(
    get,
    path = "/category/{code}",
    tag = "category",
    params(("code" = String, Path, description = "分类编码, lowercase a-z 0-9 -")),
    responses((status = 200, description = "分类详情; unknown code → the library's 分类不存在 code",
        body = ApiResponse<CategoryDetail>))
)]
#[tracing::instrument(skip_all, fields(library = state.library.key, code = %code))]
pub async fn get_category(
    state: web::Data<CatalogState>,
    code: web::Path<String>,
) -> ApiResult<ApiResponse<CategoryDetail>> {
    let code =
        CategoryCode::parse(&code).ok_or_else(|| ApiError::bad_request("code 格式不正确"))?;
    // The tree is small; one read gives the node, its subtree and its ancestors.
    let records = state.store.list().await?;
    let Some(record) = records.iter().find(|record| record.code == code.as_str()) else {
        return Err(ApiError::new(state.library.category_not_found));
    };
    Ok(ApiResponse::ok(CategoryDetail {
        category: build_subtree(&records, record),
        ancestors: ancestors_of(&records, record),
    }))
}
