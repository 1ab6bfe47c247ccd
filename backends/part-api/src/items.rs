//! The parts library's side of the kit's item routes and search (`catalog::routes`, docs/parts.md):
//! its codes, what it adds to the kit's answers from the item's attributes (family, standard,
//! size, designation and the approximate GB/T equivalent in lists; the whole variant in the
//! detail's record; the designations side by side in the detail), its compare rows, and what
//! its search documents add (aliases `M6x20` / `GB/T 70.1 M6×20`, the standard as the package
//! facet, the family's priority as the quality factor).

use std::collections::BTreeMap;

use catalog::{
    item::{
        library::{ItemErrors, ItemLibrary, SearchExtras},
        model::ItemRecord,
    },
    routes::view::{CompareRow, FileView},
    Library,
};
use serde::Serialize;
use utoipa::ToSchema;

use crate::import::variant::PartAttributes;
use crate::materials::MaterialOption;
use crate::models::{ModelDownload, ModelSource};
use crate::{FILE_NOT_AVAILABLE, LIBRARY, MANUFACTURER_NOT_FOUND, PART_NOT_FOUND};

pub struct PartItems {
    errors: ItemErrors,
}

impl Default for PartItems {
    fn default() -> Self {
        Self {
            errors: ItemErrors {
                item_not_found: PART_NOT_FOUND,
                manufacturer_not_found: MANUFACTURER_NOT_FOUND,
                file_not_available: FILE_NOT_AVAILABLE,
                item_noun: "零部件",
            },
        }
    }
}

/// Added to a part in lists, search hits and compare columns.
#[derive(Debug, Clone, Default, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PartSummaryExtras {
    /// The bd_warehouse table (`socket_head_cap`) or `profile`.
    pub family: String,
    /// The table's standard prefix (`iso4762`) or profile category (`IPE`).
    pub standard: String,
    pub size: String,
    /// `ISO 4762`.
    pub designation: String,
    /// The approximate GB/T equivalent (`GB/T 70.1`), if any.
    pub gb_designation: Option<String>,
}

/// Added to the detail's record: the variant as the importer wrote it (dimensions in mm,
/// ratings, the text cells).
#[derive(Debug, Clone, Default, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PartRecordExtras {
    pub family: String,
    pub standard: String,
    pub size: String,
    pub kind: String,
    pub designation: String,
    /// Dimension name → mm (countersink angle `a` in degrees).
    pub dimensions: BTreeMap<String, f64>,
    pub thread: Option<String>,
    pub profile_class: Option<String>,
    /// What the standards make the part of: property classes, each with a grade of the materials
    /// library (its glossary code; the mat service's `GET /grades` gives the item to link).
    pub materials: Vec<MaterialOption>,
}

/// One designation of the part in a standards system.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Equivalent {
    /// `ISO`, `DIN`, `ASME`, `GB`, `EN`, …
    pub system: String,
    /// `GB/T 70.1 M6×20`.
    pub designation: String,
    /// True where the standards differ in details (every GB/T equivalent today).
    pub approximate: bool,
}

/// Added to the detail: the designations side by side (the source's, then the GB/T one).
#[derive(Debug, Clone, Default, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PartDetailExtras {
    pub equivalents: Vec<Equivalent>,
    /// The model and drawing downloads (`/item/{id}/model/{format}`); empty when the family
    /// has no generator or the row cannot be built.
    pub models: Vec<ModelDownload>,
}

fn attributes(item: &ItemRecord) -> Option<PartAttributes> {
    item.attributes_as::<PartAttributes>().ok()
}

/// `ISO 4762` → `ISO`; `ASME B18.3` → `ASME`.
fn system_of(designation: &str) -> String {
    designation
        .split_whitespace()
        .next()
        .unwrap_or_default()
        .trim_end_matches("/T")
        .to_string()
}

/// The size part of a code (`M6×20`) with the length.
fn sized(attributes: &PartAttributes) -> String {
    match &attributes.length_code {
        Some(length) => format!("{}×{length}", attributes.size_code),
        None => attributes.size_code.clone(),
    }
}

impl ItemLibrary for PartItems {
    type Extension = ();
    type SummaryExtras = PartSummaryExtras;
    type RecordExtras = PartRecordExtras;
    type DetailExtras = PartDetailExtras;

    fn library(&self) -> &'static Library {
        &LIBRARY
    }

    fn errors(&self) -> &ItemErrors {
        &self.errors
    }

    fn summary_extras(&self, item: &ItemRecord, _: Option<&()>) -> PartSummaryExtras {
        let Some(a) = attributes(item) else {
            return PartSummaryExtras::default();
        };
        PartSummaryExtras {
            family: a.family,
            standard: a.standard,
            size: a.size,
            designation: a.designation,
            gb_designation: a.gb.map(|gb| gb.designation),
        }
    }

    fn record_extras(&self, item: &ItemRecord, _: Option<&()>) -> PartRecordExtras {
        let Some(a) = attributes(item) else {
            return PartRecordExtras::default();
        };
        PartRecordExtras {
            family: a.family,
            standard: a.standard,
            size: a.size,
            kind: a.kind,
            designation: a.designation,
            dimensions: a.dimensions,
            thread: a.thread,
            profile_class: a.profile_class,
            materials: a.materials,
        }
    }

    fn detail_extras(&self, item: &ItemRecord, _: Option<&()>, _: &[FileView]) -> PartDetailExtras {
        let Some(a) = attributes(item) else {
            return PartDetailExtras::default();
        };
        let size = sized(&a);
        let mut equivalents = vec![Equivalent {
            system: system_of(&a.designation),
            designation: format!("{} {size}", a.designation),
            approximate: false,
        }];
        if let Some(gb) = &a.gb {
            equivalents.push(Equivalent {
                system: "GB".to_string(),
                designation: format!("{} {size}", gb.designation),
                approximate: gb.approximate,
            });
        }
        PartDetailExtras {
            equivalents,
            models: ModelSource::downloads(item, &LIBRARY.api_base()),
        }
    }

    fn compare_rows(&self, items: &[(&ItemRecord, Option<&()>)]) -> Vec<CompareRow> {
        let all: Vec<Option<PartAttributes>> =
            items.iter().map(|(item, _)| attributes(item)).collect();
        let row = |key: &str,
                   label: &str,
                   label_en: &str,
                   value: &dyn Fn(&PartAttributes) -> Option<String>| {
            let values = all.iter().map(|a| a.as_ref().and_then(value)).collect();
            CompareRow::new(key, label, label_en, values)
        };
        vec![
            row("designation", "标准", "Standard", &|a| {
                Some(a.designation.clone())
            }),
            row("gb", "近似国标", "Approximate GB/T", &|a| {
                a.gb.as_ref().map(|gb| gb.designation.clone())
            }),
            row("size", "规格", "Size", &|a| Some(sized(a))),
        ]
    }

    fn search_extras(&self, item: &ItemRecord) -> SearchExtras {
        let Some(a) = attributes(item) else {
            return SearchExtras::default();
        };
        SearchExtras {
            aliases: a.aliases,
            package: Some(a.designation),
            quality: Some(a.priority.clamp(0.0, 1.0)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_system_is_the_designation_s_first_word() {
        assert_eq!(system_of("ISO 4762"), "ISO");
        assert_eq!(system_of("GB/T 70.1"), "GB");
        assert_eq!(system_of("ASME B18.3"), "ASME");
    }
}
