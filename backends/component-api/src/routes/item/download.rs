use actix_web::{web, HttpRequest, HttpResponse};
use kernel::{ApiError, ApiResult};

use crate::{
    model::FileKind,
    routes::view::{load_component, parse_id, truncate},
    ComponentState, FILE_NOT_AVAILABLE,
};

/// The file name a download is saved under.
fn file_name(kind: FileKind, name: &str) -> String {
    let stem = name.rsplit([':', '/']).next().unwrap_or(name);
    let safe: String = stem
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || "-_.+".contains(c) {
                c
            } else {
                '_'
            }
        })
        .collect();
    match kind {
        FileKind::Symbol => format!("{safe}.kicad_sym"),
        FileKind::Footprint => format!("{safe}.kicad_mod"),
        FileKind::ModelGlb => {
            let stem = [".glb", ".wrl"]
                .iter()
                .find_map(|ext| safe.strip_suffix(ext))
                .unwrap_or(&safe);
            format!("{stem}.glb")
        }
        FileKind::ModelStep => {
            let stem = [".step.gz", ".step", ".stp"]
                .iter()
                .find_map(|ext| safe.strip_suffix(ext))
                .unwrap_or(&safe);
            format!("{stem}.step")
        }
    }
}

/// A library file of the component: `symbol` (a `.kicad_sym` holding just this symbol),
/// `footprint` (`.kicad_mod`), `model-glb` (binary glTF), `model-step` (STEP, `model/step`).
/// Served from the blob store by the kit (`ItemFiles::respond`): ETag (the content's digest),
/// `If-None-Match` → 304, `Range` → 206/416; on S3 a redirect to a presigned URL.
#[utoipa::path(
    get,
    path = "/item/{id}/download/{kind}",
    tag = "component",
    params(
        ("id" = i64, Path, description = "元器件 id"),
        ("kind" = String, Path, description = "symbol | footprint | model-glb | model-step")
    ),
    responses((status = 200, description = "the file as an attachment; unknown kind → 400; missing → 该元器件没有此文件 (1020004000)",
        content_type = "application/octet-stream", body = Vec<u8>))
)]
#[tracing::instrument(skip_all, fields(id = %path.0, kind = %path.1))]
pub async fn download(
    request: HttpRequest,
    state: web::Data<ComponentState>,
    path: web::Path<(String, String)>,
) -> ApiResult<HttpResponse> {
    let (id, kind) = path.into_inner();
    let id = parse_id(&id)?;
    let kind = FileKind::parse(&kind).ok_or_else(|| {
        ApiError::bad_request(format!(
            "kind 必须为 symbol、footprint、model-glb 或 model-step: {}",
            truncate(&kind, 40)
        ))
    })?;
    load_component(&state, id).await?;
    let file = state
        .store
        .file_of(id, kind)
        .await?
        .ok_or_else(|| ApiError::new(FILE_NOT_AVAILABLE))?;
    state
        .store
        .files
        .respond(&request, &file, &file_name(kind, &file.name))
        .await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn download_names_are_safe_file_names() {
        assert_eq!(file_name(FileKind::Symbol, "Device:R"), "R.kicad_sym");
        assert_eq!(
            file_name(FileKind::Footprint, "Resistor_SMD:R_0603_1608Metric"),
            "R_0603_1608Metric.kicad_mod"
        );
        assert_eq!(
            file_name(FileKind::Symbol, "MCU_ST_STM32F4:STM32F4 \"x\""),
            "STM32F4__x_.kicad_sym"
        );
        assert_eq!(
            file_name(
                FileKind::ModelGlb,
                "Package_TO_SOT_SMD.3dshapes/SOT-223.glb"
            ),
            "SOT-223.glb"
        );
        assert_eq!(
            file_name(FileKind::ModelStep, "X.3dshapes/SOT-23.step.gz"),
            "SOT-23.step"
        );
    }
}
