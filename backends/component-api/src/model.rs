//! The component library's records: what the importer writes, the store keeps and the API and
//! the search index (backends/search) read.

use catalog::{item::model::ItemRecord, routes::view::ItemSummary};
use kernel::ApiResult;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::{items::ComponentItems, store::KicadRow};

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

/// A component: the kit's item (manufacturer's and category's names joined in) with its
/// `component_kicad` row. What the API answers of it is the kit's (`ItemSummary`, `ItemRecord`
/// with the library's extras, `crate::items::ComponentItems`).
#[derive(Debug, Clone, PartialEq)]
pub struct ComponentRecord {
    pub item: ItemRecord,
    pub kicad: KicadRow,
}

impl ComponentRecord {
    /// The component as lists, search hits, alternatives and recommendations show it: the kit's
    /// summary with the package, footprint and pin count.
    pub fn summary(&self, library: &ComponentItems) -> ApiResult<ItemSummary> {
        ItemSummary::of(library, &self.item, Some(&self.kicad))
    }
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
