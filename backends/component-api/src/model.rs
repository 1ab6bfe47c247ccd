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
    /// The footprint's 3D model as STEP (stored plain, so that ranges of it can be served).
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

/// One parameter value with units (`units::extract_params`): the kit's typed value.
pub use catalog::item::model::Parameter;

/// A component as the API answers it: the kit's item (manufacturer's and category's names
/// joined in) with its `component_kicad` row.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
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

impl ComponentRecord {
    /// The record of an item and its `component_kicad` row.
    pub fn new(item: catalog::item::model::ItemRecord, kicad: crate::store::KicadRow) -> Self {
        Self {
            id: item.id,
            source: item.source,
            source_id: item.source_id,
            part_number: item.code,
            name: item.name,
            manufacturer_id: item.manufacturer_id,
            manufacturer_name: item.manufacturer_name,
            manufacturer_method: item.manufacturer_method,
            category_id: item.category_id,
            category_code: item.category_code,
            category_method: item.category_method,
            description: item.description,
            keywords: item.keywords,
            datasheet: item.document_url,
            symbol_ref: kicad.symbol_ref,
            footprint_ref: kicad.footprint_ref,
            footprint_filters: kicad.footprint_filters,
            reference_prefix: kicad.reference_prefix,
            value: kicad.value,
            pin_count: kicad.pin_count,
            unit_count: kicad.unit_count,
            package: kicad.package,
            lifecycle: item.lifecycle,
            license: item.license,
            updated_at: item.updated_at,
        }
    }
}

impl FileInfo {
    /// The listing of a stored item file (`None` for a kind this library does not define).
    pub fn of(file: &catalog::item::model::ItemFile) -> Option<Self> {
        Some(Self {
            id: file.id,
            kind: FileKind::parse(&file.kind)?,
            name: file.name.clone(),
            media_type: file.media_type.clone(),
            size: file.size,
        })
    }
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

/// A file to store with a component.
#[derive(Debug, Clone, PartialEq)]
pub struct NewFile {
    pub kind: FileKind,
    pub name: String,
    pub media_type: String,
    /// Stored in the blob store by its digest (`catalog::item::files::ItemFiles`).
    pub content: Vec<u8>,
}

/// An inferred manufacturer and how it was inferred.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InferredManufacturer {
    pub name: String,
    pub website: Option<String>,
    pub method: &'static str,
}

/// One component as the importer hands it to the store.
#[derive(Debug, Clone, PartialEq)]
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
