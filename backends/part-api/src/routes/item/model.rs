//! `GET /item/{id}/model/{format}?length=`: the part's 3D model (STEP, STL, GLB) or drawing (SVG,
//! DXF), generated on first request and cached (`crate::models`), served with the kit's
//! `ItemFiles::respond` (ETag, 304, ranges) under a name that says family, standard and size.

use actix_web::{web, HttpRequest, HttpResponse};
use catalog::item::model::ItemFile;
use catalog::routes::view::{parse_id, truncate, ItemRoutes};
use kernel::{ApiError, ApiResult};
use serde::Deserialize;
use utoipa::IntoParams;

use crate::items::PartItems;
use crate::models::{ModelCache, ModelFormat, ModelRefusal, ModelSource};
use crate::store::VariantRepository;
use crate::{MODEL_FORMAT_INVALID, MODEL_LENGTH_INVALID, MODEL_NOT_AVAILABLE};

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ModelQuery {
    /// Profiles only, and required for them: the length in mm (10–20000).
    pub length: Option<String>,
}

/// A model or drawing of the part as an attachment.
#[utoipa::path(
    get,
    path = "/item/{id}/model/{format}",
    tag = "part",
    params(
        ("id" = i64, Path, description = "id (positive integer)"),
        ("format" = String, Path, description = "step, stl, glb, svg or dxf"),
        ModelQuery
    ),
    responses(
        (status = 200, description = "the file as an attachment (ETag = SHA-256 of the content; Range → 206); \
            malformed id → 400; another format → 1010005001; a profile without length, a length out of \
            10–20000 mm or a length for a part that is no profile → 1010005002; unknown part → 1010002000; \
            a family without generator or a row that cannot be built → 1010005000",
            content_type = "application/octet-stream", body = Vec<u8>),
        (status = 206, description = "the requested byte range"),
        (status = 302, description = "S3: the presigned URL of the content"),
        (status = 304, description = "If-None-Match matched the ETag")
    )
)]
#[tracing::instrument(skip_all, fields(id = %path.0, format = %path.1))]
pub async fn model(
    routes: web::Data<ItemRoutes<PartItems>>,
    variants: web::Data<VariantRepository>,
    cache: web::Data<ModelCache>,
    request: HttpRequest,
    path: web::Path<(String, String)>,
    query: web::Query<ModelQuery>,
) -> ApiResult<HttpResponse> {
    let (id, format) = path.into_inner();
    let id = parse_id(&id)?;
    let format = ModelFormat::parse(&format).ok_or_else(|| {
        ApiError::with_detail(
            MODEL_FORMAT_INVALID,
            format!("应为 step、stl、glb、svg 或 dxf: {}", truncate(&format, 40)),
        )
    })?;
    let length = query
        .length
        .as_deref()
        .map(|text| {
            text.trim()
                .parse::<f64>()
                .ok()
                .filter(|length| length.is_finite())
                .ok_or_else(|| {
                    ApiError::with_detail(
                        MODEL_LENGTH_INVALID,
                        format!("length 不是数值: {}", truncate(text, 40)),
                    )
                })
        })
        .transpose()?;
    let item = routes.load_item(id).await?;
    let source = ModelSource::of(&item, length).map_err(|refusal| match refusal {
        ModelRefusal::NotAvailable(reason) => ApiError::with_detail(MODEL_NOT_AVAILABLE, reason),
        ModelRefusal::Length(reason) => ApiError::with_detail(MODEL_LENGTH_INVALID, reason),
    })?;
    let stored = cache
        .file(&variants, &routes.files, &source, format)
        .await?;
    let name = source.file_name(format);
    let file = ItemFile {
        id,
        kind: format.key().to_owned(),
        name: name.clone(),
        media_type: format.media_type().to_owned(),
        size: stored.size,
        digest: stored.digest,
    };
    routes.files.respond(&request, &file, &name).await
}
