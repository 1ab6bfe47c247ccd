use actix_web::{web, HttpResponse};
use kernel::{ApiError, ApiResult};

use crate::{
    model::FileKind,
    routes::view::{load_component, parse_id},
    ComponentState, DRAWING_FAILED, FILE_NOT_AVAILABLE,
};

/// The component's footprint drawn as SVG (from its KiCad footprint).
#[utoipa::path(
    get,
    path = "/item/{id}/footprint.svg",
    tag = "component",
    params(("id" = i64, Path, description = "元器件 id")),
    responses(
        (status = 200, description = "image/svg+xml; no footprint → 该元器件没有此文件 (1020004000)", content_type = "image/svg+xml", body = String)
    )
)]
#[tracing::instrument(skip_all, fields(id = %id))]
pub async fn get_footprint_svg(
    state: web::Data<ComponentState>,
    id: web::Path<String>,
) -> ApiResult<HttpResponse> {
    let id = parse_id(&id)?;
    load_component(&state, id).await?;
    let (_, content) = state
        .store
        .file_content(id, FileKind::Footprint)
        .await?
        .ok_or_else(|| ApiError::new(FILE_NOT_AVAILABLE))?;
    let footprint = kicad::Footprint::parse(&String::from_utf8_lossy(&content))
        .map_err(|error| ApiError::with_detail(DRAWING_FAILED, error))?;
    Ok(HttpResponse::Ok()
        .content_type("image/svg+xml; charset=utf-8")
        .body(kicad::render_footprint_svg(&footprint)))
}
