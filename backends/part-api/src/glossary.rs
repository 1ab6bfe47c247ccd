//! The parts glossary (`data/parts/glossary.json`, project data): per bd_warehouse table its
//! Chinese and English names, category, search words and ranking priority; per standard its
//! designation, standards body and approximate GB/T equivalent; per FreeCAD profile category the
//! same. No source has Chinese names or GB/T numbers: this file is where they come from.

use std::collections::BTreeMap;
use std::path::Path;

use anyhow::Context;
use serde::{Deserialize, Serialize};

pub const GLOSSARY_FILE: &str = "glossary.json";

#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Glossary {
    /// Keyed by the family: the table's file stem without `_parameters` (`socket_head_cap`).
    pub families: BTreeMap<String, Family>,
    /// Keyed by the category column of profiles.csv (`IPE`, `American Wide Flange`).
    pub profiles: BTreeMap<String, ProfileCategory>,
    /// Per profile class (`H`, `RH`, …) the names of its geometric columns, in file order.
    pub profile_classes: BTreeMap<String, Vec<String>>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Family {
    /// The table under `bd_warehouse/`.
    pub file: String,
    /// screw, nut, washer, bearing, o-ring, circlip, key: what recommendations match on.
    pub kind: String,
    pub name_zh: String,
    pub name_en: String,
    /// A category code of `data/categories/part.json`.
    pub category: String,
    /// Words engineers search the family by (内六角, 卡簧, 顶丝).
    #[serde(default)]
    pub keywords: Vec<String>,
    /// How common the family is, 0–1: the search's quality factor, so that among equal text
    /// matches the everyday part (ISO 4762) ranks before the rarer one.
    pub priority: f32,
    /// Keyed by the table's column prefix (`iso4762`, `asme_b18.3`, `SKT`).
    pub standards: BTreeMap<String, Standard>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Standard {
    /// `ISO 4762`, `DIN 931`, `ASME B18.3`.
    pub designation: String,
    /// The standards body that owns the catalogue (the item's manufacturer): ISO, DIN, ASME.
    pub body: String,
    /// The GB/T standard this one approximately corresponds to.
    pub gb: Option<GbEquivalent>,
    /// Overrides the family's category, names (ISO 4017 is the fully threaded hex head screw).
    pub category: Option<String>,
    pub name_zh: Option<String>,
    pub name_en: Option<String>,
    /// A project-authored table (path relative to the seed directory) that holds this
    /// standard's columns instead of the family's bd_warehouse table (ISO 15 bearings above
    /// bd_warehouse's 10 mm bore).
    pub file: Option<String>,
    /// What the detail must say about this standard's data (ISO 15 has no load ratings),
    /// Chinese and English.
    pub note: Option<Note>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Note {
    pub zh: String,
    pub en: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct GbEquivalent {
    /// `GB/T 70.1`.
    pub designation: String,
    /// Always true today: a GB/T standard adopted from or close to the ISO/DIN one, which may
    /// differ in details.
    pub approximate: bool,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ProfileCategory {
    pub name_zh: String,
    pub name_en: String,
    pub body: String,
    /// The standard the section series is defined in (`EN 10365`).
    pub standard: String,
    pub category: String,
}

impl Glossary {
    pub fn load(dir: &Path) -> anyhow::Result<Self> {
        let path = dir.join(GLOSSARY_FILE);
        let text = std::fs::read_to_string(&path)
            .with_context(|| format!("reading {}", path.display()))?;
        serde_json::from_str(&text).with_context(|| format!("parsing {}", path.display()))
    }
}

impl Family {
    /// The name of the family in `standard` (`内六角圆柱头螺钉`, ISO 4017: `六角头螺栓 全螺纹`).
    pub fn name_zh<'a>(&'a self, standard: &'a Standard) -> &'a str {
        standard.name_zh.as_deref().unwrap_or(&self.name_zh)
    }

    pub fn name_en<'a>(&'a self, standard: &'a Standard) -> &'a str {
        standard.name_en.as_deref().unwrap_or(&self.name_en)
    }

    pub fn category<'a>(&'a self, standard: &'a Standard) -> &'a str {
        standard.category.as_deref().unwrap_or(&self.category)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn glossary() -> Glossary {
        Glossary::load(&crate::import::committed_seed_dir()).expect("the committed glossary")
    }

    #[test]
    fn every_category_of_the_glossary_is_in_the_taxonomy() {
        let taxonomy: serde_json::Value = serde_json::from_str(crate::TAXONOMY).expect("part.json");
        let mut codes = Vec::new();
        fn walk(node: &serde_json::Value, codes: &mut Vec<String>) {
            match node {
                serde_json::Value::Array(nodes) => nodes.iter().for_each(|n| walk(n, codes)),
                serde_json::Value::Object(map) => {
                    if let Some(code) = map.get("code").and_then(|c| c.as_str()) {
                        codes.push(code.to_string());
                    }
                    map.values().for_each(|v| walk(v, codes));
                }
                _ => {}
            }
        }
        walk(&taxonomy, &mut codes);
        let glossary = glossary();
        for (key, family) in &glossary.families {
            for standard in family.standards.values() {
                let category = family.category(standard);
                assert!(codes.iter().any(|c| c == category), "{key}: {category}");
            }
        }
        for (key, profile) in &glossary.profiles {
            assert!(
                codes.contains(&profile.category),
                "{key}: {}",
                profile.category
            );
        }
    }

    #[test]
    fn the_gb_equivalents_named_by_the_issue_are_there_and_approximate() {
        let glossary = glossary();
        let gb = |family: &str, standard: &str| {
            glossary.families[family].standards[standard]
                .gb
                .clone()
                .expect("a GB/T equivalent")
        };
        for (family, standard, expected) in [
            ("socket_head_cap", "iso4762", "GB/T 70.1"),
            ("hex_head", "iso4014", "GB/T 5782"),
            ("hex_head", "iso4017", "GB/T 5783"),
            ("hex_nut", "iso4032", "GB/T 6170"),
            ("plain_washer", "iso7089", "GB/T 97.1"),
            ("single_row_deep_groove_ball_bearing", "SKT", "GB/T 276"),
            ("din471", "din471", "GB/T 894"),
            ("shaft_key", "din6885", "GB/T 1096"),
        ] {
            let equivalent = gb(family, standard);
            assert_eq!(equivalent.designation, expected);
            assert!(equivalent.approximate);
        }
        assert_eq!(
            glossary.families["socket_head_cap"].name_zh,
            "内六角圆柱头螺钉"
        );
    }
}
