//! `GET /manufacturer/{id}?pageNo=&pageSize=`: a manufacturer and a page of its items.

use actix_web::web;
use kernel::{ApiError, ApiResponse, ApiResult};
use serde::Deserialize;
use utoipa::IntoParams;

use crate::item::library::ItemLibrary;
use crate::item::store::ItemStore;
use crate::routes::view::{parse_id, ItemRoutes, ManufacturerDetail, ManufacturerView, Paging};

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct ManufacturerDetailQuery {
    /// Page of the manufacturer's items, from 1 (default 1).
    pub page_no: Option<i64>,
    /// 1–100 (default 10).
    pub page_size: Option<i64>,
}

/// One manufacturer with a page of its items, by part number. The id of a manufacturer an
/// operator merged into another answers that one.
#[utoipa::path(
    get,
    path = "/manufacturer/{id}",
    tag = "items",
    params(("id" = i64, Path, description = "厂商 id"), ManufacturerDetailQuery),
    responses((status = 200, description = "厂商详情 (a merged manufacturer's id: the one it went into); unknown id → the library's 厂商不存在 code, malformed id or paging → 400",
        body = ApiResponse<ManufacturerDetail>))
)]
#[tracing::instrument(skip_all, fields(library = state.library.library().key, id = %id))]
pub async fn get_manufacturer<L: ItemLibrary>(
    state: web::Data<ItemRoutes<L>>,
    id: web::Path<String>,
    query: web::Query<ManufacturerDetailQuery>,
) -> ApiResult<ApiResponse<ManufacturerDetail>> {
    let id = parse_id(&id)?;
    let paging = Paging::parse(query.page_no, query.page_size)?;
    // Only a missing manufacturer asks where it went: a merged one's old page shows the
    // manufacturer that kept its items.
    let (id, manufacturer) = match state.items.manufacturer(id).await? {
        Some(manufacturer) => (id, Some(manufacturer)),
        None => match state.items.manufacturer_merged_into(id).await? {
            Some(target) => (target, state.items.manufacturer(target).await?),
            None => (id, None),
        },
    };
    let manufacturer =
        manufacturer.ok_or_else(|| ApiError::new(state.library.errors().manufacturer_not_found))?;
    let page = state
        .items
        .items_of_manufacturer(id, paging.offset, paging.limit)
        .await?;
    Ok(ApiResponse::ok(ManufacturerDetail {
        manufacturer: ManufacturerView::named(manufacturer),
        components: state.page(page).await?,
    }))
}
