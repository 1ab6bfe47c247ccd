use actix_web::web;
use catalog::item::store::ItemStore;
use kernel::{ApiError, ApiResponse, ApiResult};
use serde::Deserialize;
use utoipa::IntoParams;

use crate::{
    routes::view::{
        parse_id, ComponentSummary, ManufacturerDetail, ManufacturerSummary, PageResult, Paging,
    },
    ComponentState, MANUFACTURER_NOT_FOUND,
};

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct ManufacturerDetailQuery {
    /// Page of the manufacturer's components, from 1 (default 1).
    pub page_no: Option<i64>,
    /// 1–100 (default 10).
    pub page_size: Option<i64>,
}

/// One manufacturer with a page of its components.
#[utoipa::path(
    get,
    path = "/manufacturer/{id}",
    tag = "component",
    params(("id" = i64, Path, description = "厂商 id"), ManufacturerDetailQuery),
    responses((status = 200, description = "厂商详情; unknown id → 厂商不存在 (1020003000), malformed id → 400",
        body = ApiResponse<ManufacturerDetail>))
)]
#[tracing::instrument(skip_all, fields(id = %id))]
pub async fn get_manufacturer(
    state: web::Data<ComponentState>,
    id: web::Path<String>,
    query: web::Query<ManufacturerDetailQuery>,
) -> ApiResult<ApiResponse<ManufacturerDetail>> {
    let id = parse_id(&id)?;
    let paging = Paging::parse(query.page_no, query.page_size)?;
    let mut manufacturer: ManufacturerSummary = state
        .store
        .items
        .manufacturer(id)
        .await?
        .ok_or_else(|| ApiError::new(MANUFACTURER_NOT_FOUND))?
        .into();
    manufacturer.name_zh = search::manufacturer_name_zh(&manufacturer.name).map(str::to_string);
    let page = state
        .store
        .components_of_manufacturer(id, paging.offset, paging.limit)
        .await?;
    Ok(ApiResponse::ok(ManufacturerDetail {
        manufacturer,
        components: PageResult {
            list: page.items.iter().map(ComponentSummary::from).collect(),
            total: page.total,
        },
    }))
}
