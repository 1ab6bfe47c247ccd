//! `GET /item/{id}/cae?format=&units=`: the material as a CAE file (`mat_cae::export`), an
//! attachment named by grade, format and unit system; what the card had to leave out travels in
//! the `X-Mat-Cae-Warnings` header (JSON, the warnings of docs/materials-cae.md) and as comments
//! in the file itself.

use actix_web::http::header::{self, ContentDisposition, DispositionParam, DispositionType};
use actix_web::{web, HttpResponse};
use catalog::routes::view::{parse_id, safe_file_name, truncate, ItemRoutes};
use kernel::{ApiError, ApiResult};
use mat_cae::{CaeFormat, Property, UnitSystem};
use serde::Deserialize;
use utoipa::IntoParams;

use crate::items::MatItems;
use crate::selection::material_of;
use crate::{CAE_FORMAT_INVALID, CAE_NOT_AVAILABLE, CAE_UNITS_INVALID};

/// The header listing the export's warnings.
pub const WARNINGS_HEADER: &str = "X-Mat-Cae-Warnings";

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct CaeQuery {
    /// `fcmat`, `abaqus` (CalculiX too) or `apdl`.
    pub format: Option<String>,
    /// `si` (default), `mm-N-t-s`, `mm-kg-ms` or `in-lbf-s`; FreeCAD cards carry their units.
    pub units: Option<String>,
}

/// The contract properties a format writes; a material with none of them gets no file.
/// CalculiX/Abaqus and APDL need the elastic constants besides: a card without them cannot
/// serve a solid section (CalculiX refuses it, docs/materials-cae.md).
fn missing_for(format: CaeFormat, material: &mat_cae::Material) -> Option<String> {
    let has = |property: Property| material.get(property).is_some();
    match format {
        CaeFormat::Fcmat => Property::ALL
            .into_iter()
            .all(|property| !has(property))
            .then(|| "没有可写入的属性".to_owned()),
        CaeFormat::Abaqus | CaeFormat::Apdl => {
            let poisson = has(Property::PoissonRatio) || has(Property::ShearModulus);
            (!has(Property::YoungsModulus) || !poisson)
                .then(|| "缺少弹性模量或泊松比 (youngsModulus, poissonRatio)".to_owned())
        }
    }
}

/// The material as a CAE file.
#[utoipa::path(
    get,
    path = "/item/{id}/cae",
    tag = "mat",
    params(("id" = String, Path, description = "material id"), CaeQuery),
    responses(
        (status = 200, description = "the file as an attachment; header X-Mat-Cae-Warnings: JSON array \
            of {code, section, properties} (sections left out, derived values). Malformed id → 400; \
            unknown id → 1030002000; format other than fcmat, abaqus, apdl → 1030005001; unit system \
            other than si, mm-N-t-s, mm-kg-ms, in-lbf-s → 1030005002; a material without what the \
            format needs (Abaqus/APDL: E and ν or G; FreeCAD: any property) → 1030005000",
            content_type = "text/plain", body = String)
    )
)]
#[tracing::instrument(skip_all, fields(id = %id))]
pub async fn cae(
    routes: web::Data<ItemRoutes<MatItems>>,
    id: web::Path<String>,
    query: web::Query<CaeQuery>,
) -> ApiResult<HttpResponse> {
    let id = parse_id(&id)?;
    let format_text = query.format.as_deref().unwrap_or("");
    let format: CaeFormat = format_text.parse().map_err(|_| {
        ApiError::with_detail(
            CAE_FORMAT_INVALID,
            format!("应为 fcmat、abaqus 或 apdl: {}", truncate(format_text, 40)),
        )
    })?;
    let system: UnitSystem = match query.units.as_deref() {
        None | Some("") => UnitSystem::Si,
        Some(text) => text.parse().map_err(|_| {
            ApiError::with_detail(
                CAE_UNITS_INVALID,
                format!(
                    "应为 si、mm-N-t-s、mm-kg-ms 或 in-lbf-s: {}",
                    truncate(text, 40)
                ),
            )
        })?,
    };
    let item = routes.load_item(id).await?;
    let material = material_of(&item);
    if let Some(missing) = missing_for(format, &material) {
        return Err(ApiError::with_detail(CAE_NOT_AVAILABLE, missing));
    }
    let file = mat_cae::export(&material, format, system)
        .map_err(|error| ApiError::with_detail(CAE_NOT_AVAILABLE, error))?;
    let warnings = serde_json::to_string(&file.warnings).unwrap_or_else(|_| "[]".into());
    let file_name = safe_file_name(&file.file_name);
    Ok(HttpResponse::Ok()
        .content_type(file.media_type)
        .insert_header(ContentDisposition {
            disposition: DispositionType::Attachment,
            parameters: vec![DispositionParam::Filename(file_name)],
        })
        .insert_header((WARNINGS_HEADER, warnings))
        .insert_header((header::ACCESS_CONTROL_EXPOSE_HEADERS, WARNINGS_HEADER))
        .insert_header((header::CACHE_CONTROL, "no-cache"))
        .body(file.content))
}
