use actix_web::web;
use catalog::item::store::ItemStore;
use kernel::{ApiError, ApiResponse, ApiResult};
use serde::Deserialize;
use utoipa::IntoParams;

use crate::{
    routes::view::ManufacturerSummary,
    routes::view::{PageResult, Paging},
    ComponentState,
};

/// Longest manufacturer keyword accepted.
const KEYWORD_MAX: usize = 64;

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct ManufacturerPageQuery {
    /// Part of the manufacturer's name, case-insensitive (≤ 64 characters).
    pub key_words: Option<String>,
    /// From 1 (default 1).
    pub page_no: Option<i64>,
    /// 1–100 (default 10).
    pub page_size: Option<i64>,
}

/// Manufacturers of the library, most components first (the brand page).
#[utoipa::path(
    get,
    path = "/manufacturer/page",
    tag = "component",
    params(ManufacturerPageQuery),
    responses((status = 200, description = "{list, total}; keyword over 64 characters or bad paging → 400",
        body = ApiResponse<PageResult<ManufacturerSummary>>))
)]
#[tracing::instrument(skip_all)]
pub async fn manufacturer_page(
    state: web::Data<ComponentState>,
    query: web::Query<ManufacturerPageQuery>,
) -> ApiResult<ApiResponse<PageResult<ManufacturerSummary>>> {
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
        .store
        .items
        .manufacturers(keyword, paging.offset, paging.limit)
        .await?;
    Ok(ApiResponse::ok(PageResult {
        list: page
            .items
            .into_iter()
            .map(|manufacturer| {
                let mut manufacturer = ManufacturerSummary::from(manufacturer);
                manufacturer.name_zh =
                    search::manufacturer_name_zh(&manufacturer.name).map(str::to_string);
                manufacturer
            })
            .collect(),
        total: page.total,
    }))
}
