use actix_web::{web, HttpResponse};
use kernel::{ApiError, ApiResult};
use serde::Deserialize;
use utoipa::IntoParams;

use crate::{
    model::FileKind,
    routes::view::{load_component, parse_id},
    ComponentState, DRAWING_FAILED, FILE_NOT_AVAILABLE,
};

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct SymbolQuery {
    /// Unit to draw, from 1 (default 1; clamped to the symbol's units).
    pub unit: Option<u32>,
}

/// The component's schematic symbol drawn as SVG (from its KiCad symbol).
#[utoipa::path(
    get,
    path = "/item/{id}/symbol.svg",
    tag = "component",
    params(("id" = i64, Path, description = "元器件 id"), SymbolQuery),
    responses(
        (status = 200, description = "image/svg+xml; errors as the JSON envelope", content_type = "image/svg+xml", body = String)
    )
)]
#[tracing::instrument(skip_all, fields(id = %id))]
pub async fn get_symbol_svg(
    state: web::Data<ComponentState>,
    id: web::Path<String>,
    query: web::Query<SymbolQuery>,
) -> ApiResult<HttpResponse> {
    let id = parse_id(&id)?;
    let component = load_component(&state, id).await?;
    let (_, content) = state
        .store
        .file_content(id, FileKind::Symbol)
        .await?
        .ok_or_else(|| ApiError::new(FILE_NOT_AVAILABLE))?;
    let text = String::from_utf8_lossy(&content);
    // The symbol the component uses (`Device:C` for a generic capacitor), else its own KiCad id.
    let name = component
        .kicad
        .symbol_ref
        .as_deref()
        .unwrap_or(&component.item.source_id)
        .split_once(':')
        .map_or(component.item.code.as_str(), |(_, name)| name);
    let symbol = kicad::SymbolLibrary::parse(&text)
        .and_then(|library| library.resolve(name))
        .map_err(|error| ApiError::with_detail(DRAWING_FAILED, error))?;
    // The part's own value (`100nF`) in the symbol's Value field: a generic symbol is shared.
    let svg = kicad::render_symbol_svg_with_value(
        &symbol,
        query.unit.unwrap_or(1),
        component.kicad.value.as_deref(),
    );
    Ok(HttpResponse::Ok()
        .content_type("image/svg+xml; charset=utf-8")
        .body(svg))
}
