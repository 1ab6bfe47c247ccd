//! The component library's records: what the importer writes, the store keeps and the API and
//! the search index (backends/search) read.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// Kinds of library file a component can offer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "kebab-case")]
pub enum FileKind {
    /// A standalone `.kicad_sym` holding just this symbol (and the parent it extends).
    Symbol,
    /// A `.kicad_mod` footprint.
    Footprint,
    /// The footprint's 3D model as binary glTF.
    ModelGlb,
    /// The footprint's 3D model as gzipped STEP.
    ModelStep,
}

impl FileKind {
    pub const ALL: [FileKind; 4] = [
        FileKind::Symbol,
        FileKind::Footprint,
        FileKind::ModelGlb,
        FileKind::ModelStep,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            FileKind::Symbol => "symbol",
            FileKind::Footprint => "footprint",
            FileKind::ModelGlb => "model-glb",
            FileKind::ModelStep => "model-step",
        }
    }

    pub fn parse(text: &str) -> Option<FileKind> {
        FileKind::ALL.into_iter().find(|kind| kind.as_str() == text)
    }
}

/// One parameter value with units, as `units::extract_params` found it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct Parameter {
    /// `units::Dimension::as_str` (`resistance`, `capacitance`, `voltage`, …).
    pub dimension: String,
    /// Canonical SI (°C for temperature).
    #[sqlx(rename = "min_value")]
    pub min: Option<f64>,
    #[sqlx(rename = "typ_value")]
    pub typ: Option<f64>,
    #[sqlx(rename = "max_value")]
    pub max: Option<f64>,
    /// The text as written in the source.
    pub original: String,
    /// What followed `@` (`Vgs=10V`), if anything.
    pub conditions: Option<String>,
}

/// A component as stored, with its manufacturer's and category's names joined in.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct ComponentRecord {
    pub id: i64,
    /// `kicad`, …
    pub source: String,
    /// The record's id in its source (`Device:R`): with `source`, the import key.
    pub source_id: String,
    pub part_number: String,
    pub name: String,
    pub manufacturer_id: Option<i64>,
    pub manufacturer_name: Option<String>,
    /// How the manufacturer was inferred: `library` or `datasheet-host`.
    pub manufacturer_method: Option<String>,
    pub category_id: Option<i64>,
    pub category_code: Option<String>,
    /// The taxonomy hint that placed the record (`kicadSymbol:Device:R`).
    pub category_method: Option<String>,
    pub description: String,
    /// Space-separated, as KiCad writes them.
    pub keywords: String,
    pub datasheet: Option<String>,
    /// KiCad `Lib:Symbol`.
    pub symbol_ref: Option<String>,
    /// KiCad `Lib:Footprint` the symbol names, if any.
    pub footprint_ref: Option<String>,
    /// JSON array of KiCad footprint filter globs.
    #[schema(value_type = String)]
    pub footprint_filters: String,
    /// Reference designator prefix (`R`, `U`).
    pub reference_prefix: Option<String>,
    pub value: Option<String>,
    pub pin_count: i32,
    pub unit_count: i32,
    /// Package family derived from the footprint (`SOIC-8`, `0603`).
    pub package: Option<String>,
    pub lifecycle: Option<String>,
    pub license: String,
    pub updated_at: chrono::DateTime<chrono::Utc>,
}

/// A library file as listed with a component (the content is downloaded separately).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FileInfo {
    pub id: i64,
    pub kind: FileKind,
    /// KiCad name (`Device:R`, `Resistor_SMD:R_0603_1608Metric`) or model path.
    pub name: String,
    pub media_type: String,
    pub size: i64,
}

/// A manufacturer with the number of components the library holds of it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct ManufacturerSummary {
    pub id: i64,
    pub name: String,
    pub website: Option<String>,
    pub component_count: i64,
    /// The Chinese name of the manufacturer glossary (`search::manufacturer_name_zh`), filled by the
    /// routes; not stored.
    #[sqlx(skip)]
    #[serde(default)]
    pub name_zh: Option<String>,
}

/// A file to store with a component.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct NewFile {
    pub kind: FileKind,
    pub name: String,
    pub media_type: String,
    #[serde(skip)]
    pub content: Vec<u8>,
    /// SHA-256 of `content`, hex.
    pub digest: String,
}

/// An inferred manufacturer and how it was inferred.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct InferredManufacturer {
    pub name: String,
    pub website: Option<String>,
    pub method: &'static str,
}

/// One component as the importer hands it to the store.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct NewComponent {
    pub source: String,
    pub source_id: String,
    pub part_number: String,
    pub name: String,
    pub manufacturer: Option<InferredManufacturer>,
    pub category_code: Option<String>,
    pub category_method: Option<String>,
    pub description: String,
    pub keywords: String,
    pub datasheet: Option<String>,
    pub symbol_ref: Option<String>,
    pub footprint_ref: Option<String>,
    pub footprint_filters: Vec<String>,
    pub reference_prefix: Option<String>,
    pub value: Option<String>,
    pub pin_count: i32,
    pub unit_count: i32,
    pub package: Option<String>,
    pub lifecycle: Option<String>,
    pub license: String,
    pub parameters: Vec<Parameter>,
    pub files: Vec<NewFile>,
}

impl NewComponent {
    /// Digest of everything stored for the record (file contents through their digests):
    /// re-imports leave unchanged records (and the change feed) alone.
    pub fn content_digest(&self) -> anyhow::Result<String> {
        use sha2::Digest;
        let json = serde_json::to_vec(self)?;
        Ok(hex::encode(sha2::Sha256::digest(&json)))
    }
}

/// Counts of one import into the store: the kit's report.
pub use catalog::item::model::UpsertReport;

/// One entry of the change feed: the component was inserted or updated (sequence increases).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, sqlx::FromRow)]
pub struct Change {
    pub seq: i64,
    pub component_id: i64,
}

/// What the search index (backends/search) needs of one component.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct IndexDocument {
    pub component: ComponentRecord,
    pub parameters: Vec<Parameter>,
}
