//! `GET /item/{id}/thumbnail.png`: the item's model, flat-shaded from an oblique direction on a
//! transparent background (rendered on first request, then kept in memory per model).

use actix_web::http::header;
use actix_web::{web, HttpRequest, HttpResponse};
use kernel::error::shape::ITEM_WITHOUT_MODEL;
use kernel::{ApiError, ApiResult};

use crate::item::library::ItemLibrary;
use crate::routes::view::{parse_id, ItemRoutes};
use crate::shape_search::{ModelSource, ShapeSearch};

/// The PNG of the item's model (256 × 256).
#[utoipa::path(
    get,
    path = "/item/{id}/thumbnail.png",
    tag = "items",
    params(("id" = i64, Path, description = "id (positive integer)")),
    responses(
        (status = 200, description = "PNG (ETag: the model's key); an item without a fingerprinted model → \
            envelope 1040003000, unknown id → the library's 不存在 code", content_type = "image/png", body = Vec<u8>),
        (status = 304, description = "If-None-Match matched the ETag")
    )
)]
#[tracing::instrument(skip_all, fields(library = state.library.library().key, id = %id))]
pub async fn thumbnail<L: ItemLibrary, S: ModelSource>(
    state: web::Data<ItemRoutes<L>>,
    search: web::Data<ShapeSearch<S>>,
    request: HttpRequest,
    id: web::Path<String>,
) -> ApiResult<HttpResponse> {
    let id = parse_id(&id)?;
    state.load_item(id).await?;
    let (etag, png) = search
        .thumbnail(id)
        .await?
        .ok_or_else(|| ApiError::new(ITEM_WITHOUT_MODEL))?;
    let etag = header::EntityTag::new_strong(etag);
    let matches = request
        .headers()
        .get(header::IF_NONE_MATCH)
        .and_then(|value| value.to_str().ok())
        .is_some_and(|value| {
            value
                .split(',')
                .any(|tag| tag.trim().trim_matches('"') == etag.tag())
        });
    if matches {
        return Ok(HttpResponse::NotModified()
            .insert_header(header::ETag(etag))
            .finish());
    }
    Ok(HttpResponse::Ok()
        .content_type("image/png")
        .insert_header(header::ETag(etag))
        .insert_header((header::CACHE_CONTROL, "public, max-age=86400"))
        .body(png.as_ref().clone()))
}
