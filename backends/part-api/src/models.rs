//! A variant's 3D model and drawing (docs/parts.md, "Models"): its `attributes` → the geometry
//! crate's [`Shape`] → STEP, STL, GLB, SVG or DXF, generated on first request off the async
//! threads, stored once in the blob store through the kit's [`ItemFiles`] and found again through
//! `part_model` (cache key → digest). Concurrent first requests for one key generate once.

use std::{
    collections::{BTreeMap, HashMap},
    sync::{
        atomic::{AtomicU64, Ordering},
        Arc, Mutex,
    },
};

use anyhow::Context;
use catalog::item::files::ItemFiles;
use catalog::item::model::ItemRecord;
use kernel::{ApiError, ApiResult};
use part_geometry::{export, GeometryError, Shape, SUPPORTED_FAMILIES};
use serde::{Deserialize, Serialize};
use tokio::sync::Semaphore;
use utoipa::ToSchema;

use crate::store::{VariantRepository, VariantStore};

/// Part of every cache key: bump when the geometry crate's output for the same row changes, so
/// that stored files are generated again instead of served stale, and rows it refused (stored
/// refusals of the shape search) are tried again. 2: ISO 7048 / 14580 cheese heads build,
/// ISO 10642 countersunk heads have their socket.
pub const GENERATOR_VERSION: &str = "part-geometry 2";

/// The lengths a profile's model may be asked for, in mm.
pub const PROFILE_LENGTH_MIN_MM: f64 = 10.0;
pub const PROFILE_LENGTH_MAX_MM: f64 = 20_000.0;

/// The downloadable formats, in the order a page lists them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ModelFormat {
    Step,
    Stl,
    Glb,
    Svg,
    Dxf,
}

impl ModelFormat {
    pub const ALL: [ModelFormat; 5] = [
        ModelFormat::Step,
        ModelFormat::Stl,
        ModelFormat::Glb,
        ModelFormat::Svg,
        ModelFormat::Dxf,
    ];

    /// The format as the URL and the file extension write it (`step`).
    pub fn key(self) -> &'static str {
        match self {
            ModelFormat::Step => "step",
            ModelFormat::Stl => "stl",
            ModelFormat::Glb => "glb",
            ModelFormat::Svg => "svg",
            ModelFormat::Dxf => "dxf",
        }
    }

    pub fn parse(text: &str) -> Option<ModelFormat> {
        ModelFormat::ALL
            .into_iter()
            .find(|format| format.key() == text)
    }

    pub fn media_type(self) -> &'static str {
        match self {
            ModelFormat::Step => "model/step",
            ModelFormat::Stl => "model/stl",
            ModelFormat::Glb => "model/gltf-binary",
            ModelFormat::Svg => "image/svg+xml",
            ModelFormat::Dxf => "image/vnd.dxf",
        }
    }

    /// The kind a stored file of this format is put under (`model-step`, `drawing-svg`).
    fn file_kind(self) -> &'static str {
        match self {
            ModelFormat::Step => "model-step",
            ModelFormat::Stl => "model-stl",
            ModelFormat::Glb => "model-glb",
            ModelFormat::Svg => "drawing-svg",
            ModelFormat::Dxf => "drawing-dxf",
        }
    }
}

/// The attributes the generator reads (the importer's contract, docs/parts.md).
#[derive(Debug, Deserialize)]
struct GeometryAttributes {
    family: String,
    standard: String,
    size: String,
    #[serde(default)]
    dimensions: BTreeMap<String, serde_json::Value>,
}

/// Why a variant has no model of a request.
#[derive(Debug, Clone, PartialEq)]
pub enum ModelRefusal {
    /// The family has no generator, or its row cannot be built (a missing dimension …).
    NotAvailable(String),
    /// A profile without `length`, or a length out of range or given to a part that has none.
    Length(String),
}

/// One variant's geometry, ready to generate: its shape, names and cache key.
#[derive(Debug, Clone)]
pub struct ModelSource {
    pub family: String,
    pub standard: String,
    pub size: String,
    /// The profile length in mm (profiles only).
    pub length: Option<f64>,
    /// The length the file name carries: a profile's, or a screw's or key's nominal `l`.
    named_length: Option<f64>,
    pub shape: Shape,
    content_digest: String,
}

/// A model or drawing download as the detail lists it.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ModelDownload {
    /// step, stl, glb, svg or dxf.
    pub format: String,
    /// The download route (profiles: add `?length=<mm>`).
    pub url: String,
    /// The name the file is saved under (profiles: without the length).
    pub file_name: String,
    /// A profile: the URL needs `length` (10–20000 mm).
    pub length_required: bool,
}

impl ModelSource {
    /// Reads the item's attributes and the requested profile length into a buildable shape.
    pub fn of(item: &ItemRecord, length: Option<f64>) -> Result<ModelSource, ModelRefusal> {
        let attributes: GeometryAttributes = item
            .attributes_as()
            .map_err(|error| ModelRefusal::NotAvailable(format!("零部件属性不完整: {error}")))?;
        let family = attributes.family.trim().to_owned();
        if !SUPPORTED_FAMILIES.contains(&family.as_str()) {
            return Err(ModelRefusal::NotAvailable(format!(
                "系列 {family} 暂无三维模型"
            )));
        }
        let is_profile = family == "profile";
        let mut dimensions: BTreeMap<String, f64> = attributes
            .dimensions
            .iter()
            .filter_map(|(name, value)| Some((name.clone(), value.as_f64()?)))
            .collect();
        match (is_profile, length) {
            (true, None) => {
                return Err(ModelRefusal::Length(
                    "型材必须指定长度 length (mm)".to_owned(),
                ))
            }
            (false, Some(_)) => {
                return Err(ModelRefusal::Length(
                    "只有型材可以指定长度 length".to_owned(),
                ))
            }
            (true, Some(length)) => {
                if !(PROFILE_LENGTH_MIN_MM..=PROFILE_LENGTH_MAX_MM).contains(&length) {
                    return Err(ModelRefusal::Length(format!(
                        "length 必须在 {PROFILE_LENGTH_MIN_MM}–{PROFILE_LENGTH_MAX_MM} mm 之间: {length}"
                    )));
                }
                dimensions.insert("length".to_owned(), length);
            }
            (false, None) => {}
        }
        let shape = Shape::from_attributes(&family, &attributes.standard, &dimensions)
            .map_err(|error| ModelRefusal::NotAvailable(error.to_string()))?;
        let named_length = length.or_else(|| dimensions.get("l").copied());
        Ok(ModelSource {
            family,
            standard: attributes.standard,
            size: attributes.size,
            length,
            named_length,
            shape,
            content_digest: item.content_digest.clone(),
        })
    }

    /// The download name: family, standard and size with its length
    /// (`socket_head_cap_iso4762_M6-1x20.step`, `profile_IPE_IPE100x500.stl`).
    pub fn file_name(&self, format: ModelFormat) -> String {
        self.name_with_length(format, self.named_length)
    }

    fn name_with_length(&self, format: ModelFormat, length: Option<f64>) -> String {
        let size = match length {
            Some(length) => format!("{}x{}", self.size, format_length(length)),
            None => self.size.clone(),
        };
        export::file_name(&self.family, &self.standard, &size, format.key())
    }

    /// The downloads a detail page lists, when the variant's row can be built (a profile is
    /// tried at 1 m; its URLs carry no length and say that one is required).
    pub fn downloads(item: &ItemRecord, api_base: &str) -> Vec<ModelDownload> {
        let is_profile = item.attributes.get("family").and_then(|f| f.as_str()) == Some("profile");
        let probe_length = is_profile.then_some(1_000.0);
        let Ok(source) = ModelSource::of(item, probe_length) else {
            return Vec::new();
        };
        ModelFormat::ALL
            .into_iter()
            .map(|format| ModelDownload {
                format: format.key().to_owned(),
                url: format!("{api_base}/item/{}/model/{}", item.id, format.key()),
                file_name: if is_profile {
                    source.name_with_length(format, None)
                } else {
                    source.file_name(format)
                },
                length_required: is_profile,
            })
            .collect()
    }

    /// Everything the bytes depend on: the row (the item's content digest), the generator, the
    /// format and the length.
    pub fn cache_key(&self, format: ModelFormat) -> String {
        generated_key(&self.content_digest, format.key(), self.length)
    }

    /// The file's bytes (CPU-bound: call off the async threads).
    pub fn generate(&self, format: ModelFormat) -> Result<Vec<u8>, GeometryError> {
        let title = format!("{} {} {}", self.family, self.standard, self.size);
        match format {
            ModelFormat::Svg => return Ok(self.shape.drawing().svg(&title).into_bytes()),
            ModelFormat::Dxf => return Ok(self.shape.drawing().dxf().into_bytes()),
            _ => {}
        }
        let model = self.shape.model()?;
        Ok(match format {
            ModelFormat::Step => model.step(&title).into_bytes(),
            ModelFormat::Stl => export::stl(&model.mesh(), &title),
            _ => export::glb(&model.mesh())?,
        })
    }
}

/// The key of something generated from a variant's row: the row (the item's content digest),
/// the generator, what is generated (a format, or the shape search's mesh) and the length.
pub fn generated_key(content_digest: &str, kind: &str, length: Option<f64>) -> String {
    let length = length.map_or_else(|| "-".to_owned(), format_length);
    format!("{content_digest}/{GENERATOR_VERSION}/{kind}/{length}")
}

/// A length as keys and names write it: `500`, `1250.5`.
pub(crate) fn format_length(length: f64) -> String {
    let text = format!("{length:.3}");
    text.trim_end_matches('0').trim_end_matches('.').to_owned()
}

/// The generated files: single-flight per cache key within this process, at most one
/// generation per core at a time, and a count of generations (tests and logs).
pub struct ModelCache {
    flights: Mutex<HashMap<String, Arc<tokio::sync::Mutex<()>>>>,
    permits: Semaphore,
    generations: AtomicU64,
}

impl Default for ModelCache {
    fn default() -> Self {
        let cores = std::thread::available_parallelism().map_or(1, |cores| cores.get());
        Self {
            flights: Mutex::new(HashMap::new()),
            permits: Semaphore::new(cores),
            generations: AtomicU64::new(0),
        }
    }
}

/// A stored generated file: its digest and size.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredModel {
    pub digest: String,
    pub size: i64,
}

impl ModelCache {
    /// How many files this process has generated.
    pub fn generations(&self) -> u64 {
        self.generations.load(Ordering::Relaxed)
    }

    /// The stored file of `source` in `format`, generated and stored first when missing.
    pub async fn file(
        &self,
        variants: &VariantRepository,
        files: &ItemFiles,
        source: &ModelSource,
        format: ModelFormat,
    ) -> ApiResult<StoredModel> {
        let key = source.cache_key(format);
        if let Some(stored) = lookup(variants, &key).await? {
            return Ok(stored);
        }
        let flight = {
            let mut flights = self.flights.lock().unwrap_or_else(|e| e.into_inner());
            Arc::clone(flights.entry(key.clone()).or_default())
        };
        let _leader = flight.lock().await;
        // A request that waited here finds what the first one stored.
        let outcome = match lookup(variants, &key).await? {
            Some(stored) => Ok(stored),
            None => {
                self.generate_and_store(variants, files, source, format, &key)
                    .await
            }
        };
        self.flights
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .remove(&key);
        outcome
    }

    async fn generate_and_store(
        &self,
        variants: &VariantRepository,
        files: &ItemFiles,
        source: &ModelSource,
        format: ModelFormat,
        key: &str,
    ) -> ApiResult<StoredModel> {
        let _permit = self
            .permits
            .acquire()
            .await
            .context("the model generation permits are closed")
            .map_err(ApiError::internal)?;
        self.generations.fetch_add(1, Ordering::Relaxed);
        let started = std::time::Instant::now();
        let job = source.clone();
        let bytes = tokio::task::spawn_blocking(move || job.generate(format))
            .await
            .context("the model generation task failed")
            .map_err(ApiError::internal)?
            .with_context(|| format!("generating {key}"))
            .map_err(ApiError::internal)?;
        tracing::info!(
            key,
            bytes = bytes.len(),
            elapsed_ms = started.elapsed().as_millis() as u64,
            "part model generated"
        );
        let name = source.file_name(format);
        let file = files
            .put(format.file_kind(), &name, format.media_type(), bytes)
            .await
            .map_err(ApiError::internal)?;
        variants
            .record_model(key, &file.digest, file.size)
            .await
            .map_err(ApiError::internal)?;
        Ok(StoredModel {
            digest: file.digest,
            size: file.size,
        })
    }
}

async fn lookup(variants: &VariantRepository, key: &str) -> ApiResult<Option<StoredModel>> {
    Ok(variants
        .model_of(key)
        .await
        .map_err(ApiError::internal)?
        .map(|(digest, size)| StoredModel { digest, size }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_parse_from_their_keys_only() {
        for format in ModelFormat::ALL {
            assert_eq!(ModelFormat::parse(format.key()), Some(format));
        }
        assert_eq!(ModelFormat::parse("STEP"), None);
        assert_eq!(ModelFormat::parse("obj"), None);
    }

    #[test]
    fn lengths_are_written_without_trailing_zeros() {
        assert_eq!(format_length(500.0), "500");
        assert_eq!(format_length(1250.5), "1250.5");
        assert_eq!(format_length(10.0004), "10");
    }
}
