//! What a library implements to serve its items through the kit's routes
//! (`routes::item`, `routes::category::items`, `routes::manufacturer`; docs/adding-a-library.md):
//! its error codes, how its messages name an item, and what it adds to the kit's answers — read
//! from its extension table or its items' `attributes`. A library without extras uses
//! [`NoExtras`] and the default methods.

use std::collections::HashMap;

use kernel::ErrorCode;
use serde::Serialize;
use utoipa::ToSchema;

use super::model::ItemRecord;
use crate::routes::view::{CompareRow, FileView};
use crate::Library;

/// The library's own codes for what its item routes can fail on (docs/error-codes.md): each
/// library keeps its module's numbers (`1020002000 元器件不存在`, …).
#[derive(Debug, Clone, Copy)]
pub struct ItemErrors {
    /// An unknown item id (`/item/{id}`, compare).
    pub item_not_found: ErrorCode,
    pub manufacturer_not_found: ErrorCode,
    /// A download of a file kind the item does not have.
    pub file_not_available: ErrorCode,
    /// How the messages name an item: `元器件` (最多比较10个元器件), `零部件`, `材料`.
    pub item_noun: &'static str,
}

/// What a library adds to an item's search document beyond the kit's fields
/// ([`crate::search::ItemFeed`]): other spellings matched like the code (`M6x20`, `GB/T 70.1
/// M6×20`), the value of the package facet (a standard part's standard, `ISO 4762`), and the
/// quality factor that orders equal text matches (0–1; `None` is 1).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SearchExtras {
    pub aliases: Vec<String>,
    pub package: Option<String>,
    pub quality: Option<f32>,
}

/// Extras of a library that adds nothing: an empty object, flattened into the answer.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, ToSchema)]
pub struct NoExtras {}

/// A library's side of the kit's item routes. The routes read items, parameters, files and
/// manufacturers from the kit's store; this trait adds the library's own fields. Each `*Extras`
/// type is flattened into one answer (and documented in the library's OpenAPI document under
/// the kit's schema names `ItemSummary`, `ItemRecord`, `ItemDetail`).
#[allow(async_fn_in_trait)] // used with concrete types only; no `dyn`
pub trait ItemLibrary: Send + Sync + 'static {
    /// The library's row of its extension table (`()` without one).
    type Extension;
    /// Added to an item in lists, search hits and compare columns (components: `package`,
    /// `footprintRef`, `pinCount`).
    type SummaryExtras: Serialize + ToSchema + Default;
    /// Added to the item record of the detail (`component` key; components: the KiCad fields).
    type RecordExtras: Serialize + ToSchema + Default;
    /// Added to the detail itself (components: `footprintFilters`, `symbolSvgUrl`, `footprintSvgUrl`).
    type DetailExtras: Serialize + ToSchema + Default;

    fn library(&self) -> &'static Library;

    fn errors(&self) -> &ItemErrors;

    /// The extension rows of `ids` that exist.
    async fn extensions(&self, ids: &[i64]) -> anyhow::Result<HashMap<i64, Self::Extension>> {
        let _ = ids;
        Ok(HashMap::new())
    }

    fn summary_extras(
        &self,
        item: &ItemRecord,
        extension: Option<&Self::Extension>,
    ) -> Self::SummaryExtras {
        let _ = (item, extension);
        Self::SummaryExtras::default()
    }

    fn record_extras(
        &self,
        item: &ItemRecord,
        extension: Option<&Self::Extension>,
    ) -> Self::RecordExtras {
        let _ = (item, extension);
        Self::RecordExtras::default()
    }

    /// `files` are the item's files as the detail lists them (with their download URLs).
    fn detail_extras(
        &self,
        item: &ItemRecord,
        extension: Option<&Self::Extension>,
        files: &[FileView],
    ) -> Self::DetailExtras {
        let _ = (item, extension, files);
        Self::DetailExtras::default()
    }

    /// What the item's search document adds to the kit's fields (only the kit's
    /// [`crate::search::ItemFeed`] asks; a library with its own feed maps its documents itself).
    fn search_extras(&self, item: &ItemRecord) -> SearchExtras {
        let _ = item;
        SearchExtras::default()
    }

    /// The library's own compare rows, shown after the manufacturer and category rows and
    /// before lifecycle and the parameters (components: package, footprint, pin count). One
    /// value per item, in the order asked ([`CompareRow::new`] works out `differs`).
    fn compare_rows(&self, items: &[(&ItemRecord, Option<&Self::Extension>)]) -> Vec<CompareRow> {
        let _ = items;
        Vec::new()
    }

    /// The file kinds the library offers for download (`symbol`, `model-step`, …): any other
    /// kind is a bad request.
    fn file_kinds(&self) -> &'static [&'static str] {
        &[]
    }

    /// The name a downloaded file is saved under, from its stored name (`Device:R` →
    /// `R.kicad_sym`); by default the last segment of the stored name with unsafe characters
    /// replaced.
    fn download_name(&self, kind: &str, stored_name: &str) -> String {
        let _ = kind;
        crate::routes::view::safe_file_name(stored_name)
    }
}
