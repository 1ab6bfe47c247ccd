//! One variant of a standard part or profile as the importers build it, and how it becomes the
//! kit's [`NewItem`]: the attributes JSON (the contract with the geometry crate, docs/parts.md),
//! typed parameters, the `part_variant` row, names, keywords and search aliases.

use std::collections::BTreeMap;

use catalog::item::model::{ExtensionRow, ExtensionValue, NewItem, NewManufacturer, Parameter};
use serde::{Deserialize, Serialize};
use units::Dimension;

use super::size::{label, mm_text};
use crate::glossary::{GbEquivalent, Note};
use crate::materials::MaterialOption;

/// The extension table (`migrations/*/20261126000003_part_variant.sql`).
pub const VARIANT_TABLE: &str = "part_variant";

/// The attributes of every part item: what the geometry crate reads (`family`, `standard`,
/// `size`, `dimensions` in mm) and what the pages and search show.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PartAttributes {
    /// The bd_warehouse table's stem (`socket_head_cap`) or `profile`.
    pub family: String,
    /// The table's standard prefix (`iso4762`) or the profile category (`IPE`).
    pub standard: String,
    /// The size cell (`M6-1`) or the profile name (`IPE100`).
    pub size: String,
    /// Dimension name (without the standard prefix) → value in mm; fasteners add `d`, `pitch`
    /// and `l`. Countersink angles (`a`) are in degrees.
    pub dimensions: BTreeMap<String, f64>,
    /// screw, nut, washer, bearing, o-ring, circlip, key, profile.
    pub kind: String,
    /// `ISO 4762`, `DIN 931`, `EN 10365`.
    pub designation: String,
    /// The approximate GB/T equivalent, when the glossary names one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub gb: Option<GbEquivalent>,
    /// The thread without pitch (`M6`, `#10`), for threaded parts and washers.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub thread: Option<String>,
    /// The size as written in codes (`M6`, `M8×1`, `1/4-20`, `6204`, `IPE100`).
    pub size_code: String,
    /// Nominal length as written in codes (`20`, `1.25"`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub length_code: Option<String>,
    /// Non-numeric cells (`recess: T30`, bearing `Designation`).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub text: BTreeMap<String, String>,
    /// Values that are no length, in the unit the key names (`C_kN`, `mass_kg`, `speedLimit_rpm`).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub ratings: BTreeMap<String, f64>,
    /// The profile class of profiles.csv (`H`, `RH`, `C`, `R`, `U`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub profile_class: Option<String>,
    /// How common the family is (the glossary's priority): the search's quality factor.
    pub priority: f32,
    /// Other ways engineers write this item (`M6×20`, `M6x20`, `GB/T 70.1 M6×20`): matched like
    /// the code by the search.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub aliases: Vec<String>,
    /// What the standards make the part of (`data/parts/materials.json`): property classes with
    /// a grade of the materials library each.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub materials: Vec<MaterialOption>,
}

/// A typed value under its label (`dk 10 mm`, `C 13.5 kN`).
#[derive(Debug, Clone)]
pub struct TypedValue {
    pub label: String,
    pub dimension: Dimension,
    /// Canonical SI.
    pub value: f64,
    /// As the source writes it, with its unit (`10 mm`, `0.312 in`, `13.5 kN`).
    pub original: String,
}

impl TypedValue {
    pub fn length_mm(name: &str, mm: f64, original: Option<String>) -> Self {
        Self {
            label: label(name),
            dimension: Dimension::Length,
            value: mm / 1000.0,
            original: original.unwrap_or_else(|| format!("{} mm", mm_text(mm))),
        }
    }

    pub fn new(name: &str, dimension: Dimension, value: f64, original: String) -> Self {
        Self {
            label: label(name),
            dimension,
            value,
            original,
        }
    }

    fn parameter(&self) -> Parameter {
        Parameter {
            dimension: self.dimension.as_str().to_string(),
            min: None,
            typ: Some(self.value),
            max: None,
            original: self.original.clone(),
            conditions: Some(self.label.clone()),
        }
    }
}

/// Everything one variant becomes.
#[derive(Debug, Clone)]
pub struct Variant {
    pub source: &'static str,
    pub source_id: String,
    pub code: String,
    pub name: String,
    pub name_en: String,
    pub body: String,
    pub category: String,
    pub license: &'static str,
    pub keywords: Vec<String>,
    pub attributes: PartAttributes,
    pub parameters: Vec<TypedValue>,
    /// Nominal diameter in mm (thread, bore, shaft; a profile's height): orders the sizes.
    pub diameter_mm: Option<f64>,
    pub length_mm: Option<f64>,
    /// The standard's note for the detail (ISO 15: no load ratings), from the glossary.
    pub note: Option<Note>,
}

impl Variant {
    pub fn into_item(self) -> anyhow::Result<NewItem> {
        let gb = self
            .attributes
            .gb
            .as_ref()
            .map(|gb| {
                format!(
                    " · ≈ {}（近似对应 / approximate equivalent）",
                    gb.designation
                )
            })
            .unwrap_or_default();
        let extension = ExtensionRow {
            table: VARIANT_TABLE,
            columns: vec![
                ("family", text(&self.attributes.family)),
                ("kind", text(&self.attributes.kind)),
                ("standard", text(&self.attributes.standard)),
                ("size", text(&self.attributes.size)),
                (
                    "thread",
                    ExtensionValue::Text(self.attributes.thread.clone()),
                ),
                ("diameter_mm", ExtensionValue::Float(self.diameter_mm)),
                ("length_mm", ExtensionValue::Float(self.length_mm)),
            ],
        };
        Ok(NewItem {
            source: self.source.to_string(),
            source_id: self.source_id,
            description: format!(
                "{} {}{gb}{}",
                self.name_en,
                self.code,
                self.note
                    .as_ref()
                    .map(|note| format!(" · {} / {}", note.zh, note.en))
                    .unwrap_or_default()
            ),
            code: self.code,
            name: self.name,
            manufacturer: Some(NewManufacturer {
                name: self.body,
                website: None,
                method: "standard".to_string(),
            }),
            category_code: Some(self.category),
            category_method: Some("glossary".to_string()),
            keywords: self.keywords.join(" "),
            document_url: None,
            lifecycle: None,
            license: self.license.to_string(),
            attributes: serde_json::to_value(&self.attributes)?,
            parameters: self.parameters.iter().map(TypedValue::parameter).collect(),
            files: Vec::new(),
            links: Vec::new(),
            extension: Some(extension),
        })
    }
}

fn text(value: &str) -> ExtensionValue {
    ExtensionValue::Text(Some(value.to_string()))
}

/// `M6×20` and the spellings engineers type for it (`M6x20`, `M6*20` is matched through the
/// identifier key of `M6×20`), with the designation and the GB/T designation in front.
pub fn aliases(
    designation: &str,
    gb: Option<&GbEquivalent>,
    size_code: &str,
    length_code: Option<&str>,
) -> Vec<String> {
    let mut bases = vec![size_code.to_string()];
    if let Some(length) = length_code {
        bases = vec![
            format!("{size_code}×{length}"),
            format!("{size_code}x{length}"),
        ];
    }
    let mut aliases = bases.clone();
    for prefix in std::iter::once(designation).chain(gb.map(|g| g.designation.as_str())) {
        for base in &bases {
            aliases.push(format!("{prefix} {base}"));
        }
    }
    aliases.dedup();
    aliases
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn aliases_spell_the_size_every_way_with_each_designation() {
        let gb = GbEquivalent {
            designation: "GB/T 70.1".into(),
            approximate: true,
        };
        let list = aliases("ISO 4762", Some(&gb), "M6", Some("20"));
        assert_eq!(
            list,
            [
                "M6×20",
                "M6x20",
                "ISO 4762 M6×20",
                "ISO 4762 M6x20",
                "GB/T 70.1 M6×20",
                "GB/T 70.1 M6x20"
            ]
        );
        assert_eq!(aliases("ISO 4032", None, "M6", None), ["M6", "ISO 4032 M6"]);
    }
}
