//! `POST /search3d`: an uploaded model → the library's items ranked by shape.

use actix_multipart::Multipart;
use actix_web::web;
use kernel::error::shape::MODEL_TOO_LARGE;
use kernel::{ApiResponse, ApiResult};

use super::{
    ranked, read_upload, refused, upload_token, ShapeAnswer, ShapeOptions, MAX_MODEL_BYTES,
};
use crate::item::library::ItemLibrary;
use crate::routes::view::ItemRoutes;
use crate::shape_search::{ModelSource, QueryTarget, ShapeSearch};

/// The form of `POST /search3d` (multipart/form-data).
#[derive(Debug, utoipa::ToSchema)]
#[allow(dead_code)] // documents the form only
pub struct ModelUpload {
    /// STL, OBJ, GLB/glTF or VRML (format from the file name's extension), ≤ 50 MB.
    #[schema(value_type = String, format = Binary)]
    pub file: Vec<u8>,
}

/// Items whose models are most like the uploaded one, best first.
#[utoipa::path(
    post,
    path = "/search3d",
    tag = "items",
    params(ShapeOptions),
    request_body(content = ModelUpload, content_type = "multipart/form-data"),
    responses((status = 200, description = "ranked items and the upload's `queryToken`; an unreadable model → \
        1040001000, over 50 MB or 5 million triangles → 1040001001, options out of range → 400", body = ApiResponse<ShapeAnswer>))
)]
#[tracing::instrument(skip_all, fields(library = state.library.library().key))]
pub async fn search3d<L: ItemLibrary, S: ModelSource>(
    state: web::Data<ItemRoutes<L>>,
    search: web::Data<ShapeSearch<S>>,
    options: web::Query<ShapeOptions>,
    form: Multipart,
) -> ApiResult<ApiResponse<ShapeAnswer>> {
    let (query, page_size) = options.query(&state, None).await?;
    let (name, bytes) = read_upload(form, MAX_MODEL_BYTES, MODEL_TOO_LARGE).await?;
    let token = upload_token("model", &name, &bytes);
    let target = search
        .upload_or_compute(&token, move || {
            shape::fingerprint_file(&name, &bytes)
                .map(|fingerprint| QueryTarget::Model(Box::new(fingerprint)))
        })
        .await?
        .map_err(refused)?;
    ranked(&state, &search, target, query, page_size, Some(token)).await
}
