//! `GET /item/{id}`: one item with everything the detail page shows.

use actix_web::web;
use kernel::{ApiResponse, ApiResult};
use serde::Serialize;
use utoipa::ToSchema;

use crate::item::library::ItemLibrary;
use crate::item::store::ItemStore;
use crate::model::CategoryCrumb;
use crate::routes::view::{
    category_path, parse_id, DetailExtrasView, FileView, ItemRecordView, ItemRoutes,
    ManufacturerView, ParameterView,
};

/// An item with its parameters, manufacturer, category path and files, and what the library
/// adds (flattened).
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ItemDetail {
    /// The item record (`component` in every library: the spec's name).
    pub component: ItemRecordView,
    pub parameters: Vec<ParameterView>,
    /// As stored (`nameZh` null here; the manufacturer routes fill it).
    pub manufacturer: Option<ManufacturerView>,
    /// Root first, the item's own category last.
    pub category_path: Vec<CategoryCrumb>,
    pub files: Vec<FileView>,
    #[serde(flatten)]
    pub extras: DetailExtrasView,
}

/// One item: parameters, manufacturer, category path and files. The address of an item an
/// operator merged into another answers that other item.
#[utoipa::path(
    get,
    path = "/item/{id}",
    tag = "items",
    params(("id" = i64, Path, description = "id (positive integer)")),
    responses((status = 200, description = "详情; unknown id → the library's 不存在 code, malformed id → 400",
        body = ApiResponse<ItemDetail>))
)]
#[tracing::instrument(skip_all, fields(library = state.library.library().key, id = %id))]
pub async fn get_item<L: ItemLibrary>(
    state: web::Data<ItemRoutes<L>>,
    id: web::Path<String>,
) -> ApiResult<ApiResponse<ItemDetail>> {
    let id = parse_id(&id)?;
    // Only a missing item asks where it went: a merged duplicate's old address shows the item
    // it went into.
    let (id, item) = match state.items.get(id).await? {
        Some(item) => (id, item),
        None => {
            let target = state.items.merged_into(id).await?.unwrap_or(id);
            (target, state.load_item(target).await?)
        }
    };
    let mut parameters = state.items.parameters_of(&[id]).await?;
    let manufacturer = match item.manufacturer_id {
        Some(manufacturer_id) => state.items.manufacturer(manufacturer_id).await?,
        None => None,
    };
    let records = state.category_records().await?;
    let base = state.library.library().api_base();
    let files: Vec<FileView> = state
        .items
        .files_of(id)
        .await?
        .iter()
        .map(|file| FileView::of(&base, id, file))
        .collect();
    let extensions = state.extensions_of(std::slice::from_ref(&item)).await?;
    let extension = extensions.get(&id);
    Ok(ApiResponse::ok(ItemDetail {
        component: ItemRecordView::of(state.library.as_ref(), &item, extension)?,
        parameters: parameters
            .remove(&id)
            .unwrap_or_default()
            .iter()
            .map(ParameterView::from)
            .collect(),
        manufacturer: manufacturer.map(ManufacturerView::stored),
        category_path: category_path(&records, item.category_id),
        extras: DetailExtrasView::of(state.library.as_ref(), &item, extension, &files)?,
        files,
    }))
}
