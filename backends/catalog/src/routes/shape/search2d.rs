//! `POST /search2d`: a picture (a sketch from the canvas, a drawing, a photo) → the items whose
//! rendered views have the most similar outline.

use actix_multipart::Multipart;
use actix_web::web;
use kernel::error::shape::IMAGE_UNREADABLE;
use kernel::{ApiResponse, ApiResult};

use super::{
    ranked, read_upload, refused, upload_token, ShapeAnswer, ShapeOptions, MAX_IMAGE_BYTES,
};
use crate::item::library::ItemLibrary;
use crate::routes::view::ItemRoutes;
use crate::shape_search::{ModelSource, QueryTarget, ShapeSearch};

/// The form of `POST /search2d` (multipart/form-data).
#[derive(Debug, utoipa::ToSchema)]
#[allow(dead_code)] // documents the form only
pub struct ImageUpload {
    /// PNG or JPEG, ≤ 10 MB and 8192 px a side: dark lines or a filled outline on a plain
    /// background.
    #[schema(value_type = String, format = Binary)]
    pub file: Vec<u8>,
}

/// Items whose silhouettes are most like the picture's outline, best first (`includeSize` and
/// `ignoreMirrored` do not apply to a picture).
#[utoipa::path(
    post,
    path = "/search2d",
    tag = "items",
    params(ShapeOptions),
    request_body(content = ImageUpload, content_type = "multipart/form-data"),
    responses((status = 200, description = "ranked items and the upload's `queryToken`; not a PNG/JPEG or over 10 MB → 1040002000, \
        a blank picture → 1040002001, options out of range → 400", body = ApiResponse<ShapeAnswer>))
)]
#[tracing::instrument(skip_all, fields(library = state.library.library().key))]
pub async fn search2d<L: ItemLibrary, S: ModelSource>(
    state: web::Data<ItemRoutes<L>>,
    search: web::Data<ShapeSearch<S>>,
    options: web::Query<ShapeOptions>,
    form: Multipart,
) -> ApiResult<ApiResponse<ShapeAnswer>> {
    let (query, page_size) = options.query(&state, None).await?;
    let (name, bytes) = read_upload(form, MAX_IMAGE_BYTES, IMAGE_UNREADABLE).await?;
    let token = upload_token("image", &name, &bytes);
    let target = search
        .upload_or_compute(&token, move || {
            shape::silhouette_from_image(&bytes).map(QueryTarget::Silhouette)
        })
        .await?
        .map_err(refused)?;
    ranked(&state, &search, target, query, page_size, Some(token)).await
}
