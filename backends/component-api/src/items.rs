//! The components library's side of the kit's item routes (`catalog::routes`, docs/adding-a-library.md
//! "Item routes"): its codes, and what it adds to the kit's answers from its `component_kicad`
//! row — the package, footprint and pin count in lists, the KiCad fields in the detail's record,
//! the footprint filters and drawing URLs in the detail, three compare rows, its file kinds and
//! download names.

use std::collections::HashMap;

use catalog::{
    item::{
        library::{ItemErrors, ItemLibrary},
        model::ItemRecord,
    },
    routes::view::{CompareRow, FileView},
    Library,
};
use serde::Serialize;
use utoipa::ToSchema;

use crate::{
    model::FileKind,
    store::{KicadRepository, KicadRow, KicadStore},
    COMPONENT_NOT_FOUND, FILE_NOT_AVAILABLE, LIBRARY, MANUFACTURER_NOT_FOUND,
};

const ERRORS: ItemErrors = ItemErrors {
    item_not_found: COMPONENT_NOT_FOUND,
    manufacturer_not_found: MANUFACTURER_NOT_FOUND,
    file_not_available: FILE_NOT_AVAILABLE,
    item_noun: "元器件",
};

/// The components library as the kit's routes see it.
pub struct ComponentItems {
    pub kicad: KicadRepository,
}

/// What a component adds in lists, search hits and compare columns.
#[derive(Debug, Clone, Default, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ComponentSummaryExtras {
    /// Package family derived from the footprint (`SOIC-8`, `0603`).
    pub package: Option<String>,
    /// KiCad `Lib:Footprint`.
    pub footprint_ref: Option<String>,
    pub pin_count: i32,
}

/// What a component adds to the detail's record (`component`).
#[derive(Debug, Clone, Default, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ComponentRecordExtras {
    /// KiCad `Lib:Symbol`.
    pub symbol_ref: Option<String>,
    /// KiCad `Lib:Footprint` the symbol names, if any.
    pub footprint_ref: Option<String>,
    /// JSON array of KiCad footprint filter globs (as stored).
    pub footprint_filters: String,
    /// Reference designator prefix (`R`, `U`).
    pub reference_prefix: Option<String>,
    pub value: Option<String>,
    pub pin_count: i32,
    pub unit_count: i32,
    pub package: Option<String>,
}

/// What a component adds to the detail.
#[derive(Debug, Clone, Default, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ComponentDetailExtras {
    /// The footprint filter globs.
    pub footprint_filters: Vec<String>,
    /// Only for a component with a KiCad symbol (Fritzing and alloy-devices parts have none).
    pub symbol_svg_url: Option<String>,
    pub footprint_svg_url: Option<String>,
}

/// The row, or what a component without one shows.
fn row_of(item: &ItemRecord, row: Option<&KicadRow>) -> KicadRow {
    row.cloned().unwrap_or_else(|| KicadRow::missing(item.id))
}

impl ItemLibrary for ComponentItems {
    type Extension = KicadRow;
    type SummaryExtras = ComponentSummaryExtras;
    type RecordExtras = ComponentRecordExtras;
    type DetailExtras = ComponentDetailExtras;

    fn library(&self) -> &'static Library {
        &LIBRARY
    }

    fn errors(&self) -> &ItemErrors {
        &ERRORS
    }

    async fn extensions(&self, ids: &[i64]) -> anyhow::Result<HashMap<i64, KicadRow>> {
        self.kicad.kicad_of(ids).await
    }

    fn summary_extras(&self, item: &ItemRecord, row: Option<&KicadRow>) -> ComponentSummaryExtras {
        let row = row_of(item, row);
        ComponentSummaryExtras {
            package: row.package,
            footprint_ref: row.footprint_ref,
            pin_count: row.pin_count,
        }
    }

    fn record_extras(&self, item: &ItemRecord, row: Option<&KicadRow>) -> ComponentRecordExtras {
        let row = row_of(item, row);
        ComponentRecordExtras {
            symbol_ref: row.symbol_ref,
            footprint_ref: row.footprint_ref,
            footprint_filters: row.footprint_filters,
            reference_prefix: row.reference_prefix,
            value: row.value,
            pin_count: row.pin_count,
            unit_count: row.unit_count,
            package: row.package,
        }
    }

    fn detail_extras(
        &self,
        item: &ItemRecord,
        row: Option<&KicadRow>,
        files: &[FileView],
    ) -> ComponentDetailExtras {
        let row = row_of(item, row);
        let base = LIBRARY.api_base();
        let id = item.id;
        let has = |kind: FileKind| files.iter().any(|file| file.kind == kind.as_str());
        ComponentDetailExtras {
            footprint_filters: serde_json::from_str(&row.footprint_filters).unwrap_or_default(),
            symbol_svg_url: has(FileKind::Symbol).then(|| format!("{base}/item/{id}/symbol.svg")),
            footprint_svg_url: has(FileKind::Footprint)
                .then(|| format!("{base}/item/{id}/footprint.svg")),
        }
    }

    fn compare_rows(&self, items: &[(&ItemRecord, Option<&KicadRow>)]) -> Vec<CompareRow> {
        let rows: Vec<KicadRow> = items.iter().map(|(item, row)| row_of(item, *row)).collect();
        vec![
            CompareRow::new(
                "package",
                "封装",
                "Package",
                rows.iter().map(|row| row.package.clone()).collect(),
            ),
            CompareRow::new(
                "footprint",
                "PCB封装",
                "Footprint",
                rows.iter().map(|row| row.footprint_ref.clone()).collect(),
            ),
            CompareRow::new(
                "pinCount",
                "引脚数",
                "Pin count",
                rows.iter()
                    .map(|row| Some(row.pin_count.to_string()))
                    .collect(),
            ),
        ]
    }

    fn file_kinds(&self) -> &'static [&'static str] {
        &["symbol", "footprint", "model-glb", "model-step"]
    }

    fn download_name(&self, kind: &str, stored_name: &str) -> String {
        file_name(kind, stored_name)
    }
}

/// The name a download is saved under: the stored name's last segment, made safe, with the
/// extension KiCad and CAD tools expect.
fn file_name(kind: &str, stored_name: &str) -> String {
    let safe = catalog::routes::view::safe_file_name(stored_name);
    match FileKind::parse(kind) {
        Some(FileKind::Symbol) => format!("{safe}.kicad_sym"),
        Some(FileKind::Footprint) => format!("{safe}.kicad_mod"),
        Some(FileKind::ModelGlb) => {
            let stem = [".glb", ".wrl"]
                .iter()
                .find_map(|ext| safe.strip_suffix(ext))
                .unwrap_or(&safe);
            format!("{stem}.glb")
        }
        Some(FileKind::ModelStep) => {
            let stem = [".step.gz", ".step", ".stp"]
                .iter()
                .find_map(|ext| safe.strip_suffix(ext))
                .unwrap_or(&safe);
            format!("{stem}.step")
        }
        None => safe,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn name(kind: &str, stored: &str) -> String {
        file_name(kind, stored)
    }

    #[test]
    fn download_names_are_safe_file_names() {
        assert_eq!(name("symbol", "Device:R"), "R.kicad_sym");
        assert_eq!(
            name("footprint", "Resistor_SMD:R_0603_1608Metric"),
            "R_0603_1608Metric.kicad_mod"
        );
        assert_eq!(
            name("symbol", "MCU_ST_STM32F4:STM32F4 \"x\""),
            "STM32F4__x_.kicad_sym"
        );
        assert_eq!(
            name("model-glb", "Package_TO_SOT_SMD.3dshapes/SOT-223.glb"),
            "SOT-223.glb"
        );
        assert_eq!(
            name("model-step", "X.3dshapes/SOT-23.step.gz"),
            "SOT-23.step"
        );
    }
}
