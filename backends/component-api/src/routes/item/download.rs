use std::io::Read;

use actix_web::{http::header, web, HttpResponse};
use kernel::{ApiError, ApiResult};

use crate::{
    model::FileKind,
    routes::view::{load_component, parse_id, truncate},
    store::ComponentStore,
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

/// What a stored file is sent as: STEP models are stored gzipped (a sixth of their size) and sent
/// as plain `.step`, which every mechanical CAD opens.
fn served(kind: FileKind, media_type: &str, content: Vec<u8>) -> ApiResult<(String, Vec<u8>)> {
    if kind != FileKind::ModelStep || media_type != "application/gzip" {
        return Ok((media_type.to_owned(), content));
    }
    let mut step = Vec::with_capacity(content.len() * 5);
    flate2::read::GzDecoder::new(content.as_slice())
        .read_to_end(&mut step)
        .map_err(|error| {
            ApiError::internal(anyhow::anyhow!("stored STEP model is not gzip: {error}"))
        })?;
    Ok(("model/step".to_owned(), step))
}

/// A library file of the component: `symbol` (a `.kicad_sym` holding just this symbol),
/// `footprint` (`.kicad_mod`), `model-glb` (binary glTF), `model-step` (STEP, `model/step`).
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
    let (file, content) = state
        .store
        .file_content(id, kind)
        .await?
        .ok_or_else(|| ApiError::new(FILE_NOT_AVAILABLE))?;
    let (media_type, content) = served(kind, &file.media_type, content)?;
    Ok(HttpResponse::Ok()
        .content_type(media_type)
        .insert_header((
            header::CONTENT_DISPOSITION,
            format!("attachment; filename=\"{}\"", file_name(kind, &file.name)),
        ))
        .body(content))
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

    #[test]
    fn step_models_are_unzipped_on_the_way_out() {
        use std::io::Write;
        let step = b"ISO-10303-21;\nHEADER;\nENDSEC;\nEND-ISO-10303-21;\n";
        let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
        gz.write_all(step).unwrap();
        let stored = gz.finish().unwrap();
        let (media_type, sent) = served(FileKind::ModelStep, "application/gzip", stored).unwrap();
        assert_eq!(
            (media_type.as_str(), sent.as_slice()),
            ("model/step", &step[..])
        );
        // Other kinds pass unchanged; a broken stored file is an error, not garbage.
        let glb = served(FileKind::ModelGlb, "model/gltf-binary", b"glTF".to_vec()).unwrap();
        assert_eq!(glb, ("model/gltf-binary".to_owned(), b"glTF".to_vec()));
        assert!(served(
            FileKind::ModelStep,
            "application/gzip",
            b"not gzip".to_vec()
        )
        .is_err());
    }
}
