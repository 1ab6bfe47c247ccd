//! `GET /manufacturer/page?keyWords=&pageNo=&pageSize=`: the brand list.

use actix_web::web;
use kernel::{ApiError, ApiResponse, ApiResult};
use serde::Deserialize;
use utoipa::IntoParams;

use crate::item::library::ItemLibrary;
use crate::item::store::ItemStore;
use crate::routes::view::{ItemRoutes, ManufacturerView, PageResult, Paging};

/// Longest manufacturer keyword accepted.
pub const KEYWORD_MAX: usize = 64;

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct ManufacturerPageQuery {
    /// Part of the manufacturer's name, case-insensitive (≤ 64 characters); a glossary name
    /// (德州仪器, TI) finds the catalogue's name.
    pub key_words: Option<String>,
    /// From 1 (default 1).
    pub page_no: Option<i64>,
    /// 1–100 (default 10).
    pub page_size: Option<i64>,
}

/// Manufacturers of the library, most items first (the brand page).
#[utoipa::path(
    get,
    path = "/manufacturer/page",
    tag = "items",
    params(ManufacturerPageQuery),
    responses((status = 200, description = "{list, total}; keyword over 64 characters or bad paging → 400",
        body = ApiResponse<PageResult<ManufacturerView>>))
)]
#[tracing::instrument(skip_all, fields(library = state.library.library().key))]
pub async fn manufacturer_page<L: ItemLibrary>(
    state: web::Data<ItemRoutes<L>>,
    query: web::Query<ManufacturerPageQuery>,
) -> ApiResult<ApiResponse<PageResult<ManufacturerView>>> {
    let paging = Paging::parse(query.page_no, query.page_size)?;
    let keyword = query
        .key_words
        .as_deref()
        .map(str::trim)
        .filter(|k| !k.is_empty());
    if keyword.is_some_and(|k| k.chars().count() > KEYWORD_MAX) {
        return Err(ApiError::bad_request(format!(
            "keyWords 不能超过{KEYWORD_MAX}个字符"
        )));
    }
    // 德州仪器, TI, 意法 … name a vendor of the glossary: look for its catalogue name, which
    // also covers the catalogue's variants (`Analog Devices (Maxim Integrated)`).
    let keyword = keyword.map(|k| {
        search::glossary_manufacturer(k)
            .and_then(|entry| entry.names.first().copied())
            .unwrap_or(k)
    });
    let page = state
        .items
        .manufacturers(keyword, paging.offset, paging.limit)
        .await?;
    Ok(ApiResponse::ok(PageResult {
        list: page
            .items
            .into_iter()
            .map(ManufacturerView::named)
            .collect(),
        total: page.total,
    }))
}
