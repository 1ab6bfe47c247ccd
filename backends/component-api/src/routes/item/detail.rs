use actix_web::web;
use catalog::item::store::ItemStore;
use catalog::model::CategoryCrumb;
use kernel::{ApiResponse, ApiResult};
use serde::Serialize;
use utoipa::ToSchema;

use crate::{
    model::{ComponentRecord, FileInfo},
    routes::view::{
        categories, category_path, download_url, load_component, parse_id, FileView,
        ManufacturerSummary, ParameterView,
    },
    ComponentState,
};

/// A component with everything the detail page shows.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ComponentDetail {
    pub component: ComponentRecord,
    pub footprint_filters: Vec<String>,
    pub parameters: Vec<ParameterView>,
    pub manufacturer: Option<ManufacturerSummary>,
    /// Root first, the component's own category last.
    pub category_path: Vec<CategoryCrumb>,
    pub files: Vec<FileView>,
    /// Only for a component with a KiCad symbol (Fritzing and alloy-devices parts have none).
    pub symbol_svg_url: Option<String>,
    pub footprint_svg_url: Option<String>,
}

/// One component: parameters, manufacturer, category path and files.
#[utoipa::path(
    get,
    path = "/item/{id}",
    tag = "component",
    params(("id" = i64, Path, description = "元器件 id (positive integer)")),
    responses((status = 200, description = "元器件详情; unknown id → 元器件不存在 (1020002000), malformed id → 400",
        body = ApiResponse<ComponentDetail>))
)]
#[tracing::instrument(skip_all, fields(id = %id))]
pub async fn get_component(
    state: web::Data<ComponentState>,
    id: web::Path<String>,
) -> ApiResult<ApiResponse<ComponentDetail>> {
    let id = parse_id(&id)?;
    let component = load_component(&state, id).await?;
    let mut parameters = state.store.items.parameters_of(&[id]).await?;
    let manufacturer = match component.manufacturer_id {
        Some(manufacturer_id) => state
            .store
            .items
            .manufacturer(manufacturer_id)
            .await?
            .map(ManufacturerSummary::from),
        None => None,
    };
    let records = categories(&state).await?;
    let files: Vec<FileView> = state
        .store
        .items
        .files_of(id)
        .await?
        .iter()
        .filter_map(FileInfo::of)
        .map(|file| FileView {
            url: download_url(id, file.kind),
            file,
        })
        .collect();
    let base = crate::LIBRARY.api_base();
    Ok(ApiResponse::ok(ComponentDetail {
        footprint_filters: serde_json::from_str(&component.footprint_filters).unwrap_or_default(),
        parameters: parameters
            .remove(&id)
            .unwrap_or_default()
            .iter()
            .map(ParameterView::from)
            .collect(),
        manufacturer,
        category_path: category_path(&records, component.category_id),
        symbol_svg_url: files
            .iter()
            .any(|f| f.file.kind == crate::model::FileKind::Symbol)
            .then(|| format!("{base}/item/{id}/symbol.svg")),
        footprint_svg_url: files
            .iter()
            .any(|f| f.file.kind == crate::model::FileKind::Footprint)
            .then(|| format!("{base}/item/{id}/footprint.svg")),
        files,
        component,
    }))
}
