//! The materials the standards name for each part family (`data/parts/materials.json`, project
//! data; docs/parts.md, "Materials"). No source gives a part its material; the standards do: a
//! dimension standard names the property classes it is made in (ISO 4762: 8.8 / 10.9 / 12.9 per
//! ISO 898-1, A2-70 / A4-70 per ISO 3506-1), and each class a material group. Each option points
//! to a grade of the materials library by its glossary code (`06Cr19Ni10`, `45`, `GCr15`): the
//! stable key the mat service publishes (it resolves it to an item at `GET /mat/grades`).

use std::collections::BTreeMap;
use std::path::Path;

use anyhow::Context;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::glossary::Glossary;

pub const MATERIALS_FILE: &str = "materials.json";

/// How the grade relates to what the standard names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum Relation {
    /// The standard names this steel itself (ISO 683-17: 100Cr6 ≈ GCr15 for bearing rings).
    Specified,
    /// A common choice inside the class's material group (8.8: quenched and tempered carbon
    /// steel such as 45).
    Typical,
    /// The class's steel group corresponds approximately to the grade (A2 ≈ 304).
    Approximate,
}

/// One material a part may be made of.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MaterialOption {
    /// The property class or material designation as the standard writes it (`8.8`, `A2-70`,
    /// `100Cr6`, `S235JR`, `NBR 70 Shore A`).
    pub class: String,
    /// The standard that defines the class (`ISO 898-1`, `ISO 3506-1`, `EN 10025-2`).
    pub source: String,
    /// The materials library's glossary grade (`06Cr19Ni10`); none where the library has no
    /// such material (O-ring elastomers): named, not linked.
    pub grade: Option<String>,
    pub relation: Relation,
    /// The material group in Chinese / English (`奥氏体不锈钢 A2 / austenitic stainless A2`).
    pub material: String,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
struct FamilyEntry {
    set: String,
    /// Per standard prefix another set, or none (`null`: the standard names no material we
    /// can state, such as a maker's own bearing).
    #[serde(default)]
    standards: BTreeMap<String, Option<String>>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
struct MaterialsFile {
    sets: BTreeMap<String, Vec<MaterialOption>>,
    /// Keyed by the parts glossary's family (`socket_head_cap`).
    families: BTreeMap<String, FamilyEntry>,
    /// Keyed by the profile category (`IPE`).
    profiles: BTreeMap<String, String>,
}

/// The family → materials glossary, read once.
#[derive(Debug, Clone)]
pub struct PartMaterials {
    file: MaterialsFile,
}

/// The family of every profile's attributes (`PartAttributes::family`).
pub const PROFILE_FAMILY: &str = "profile";

impl PartMaterials {
    pub fn load(dir: &Path) -> anyhow::Result<Self> {
        let path = dir.join(MATERIALS_FILE);
        let text = std::fs::read_to_string(&path)
            .with_context(|| format!("reading {}", path.display()))?;
        Self::parse(&text).with_context(|| format!("parsing {}", path.display()))
    }

    pub fn parse(text: &str) -> anyhow::Result<Self> {
        let file: MaterialsFile = serde_json::from_str(text)?;
        let named = file
            .families
            .values()
            .flat_map(|f| std::iter::once(&f.set).chain(f.standards.values().flatten()))
            .chain(file.profiles.values());
        for set in named {
            anyhow::ensure!(file.sets.contains_key(set), "unknown material set {set}");
        }
        Ok(Self { file })
    }

    /// What a part of `family` in `standard` (its column prefix, or the profile category) may
    /// be made of; empty where the glossary says nothing.
    pub fn options(&self, family: &str, standard: &str) -> &[MaterialOption] {
        let set = if family == PROFILE_FAMILY {
            self.file.profiles.get(standard)
        } else {
            self.file
                .families
                .get(family)
                .and_then(|entry| match entry.standards.get(standard) {
                    Some(overridden) => overridden.as_ref(),
                    None => Some(&entry.set),
                })
        };
        set.and_then(|set| self.file.sets.get(set))
            .map(Vec::as_slice)
            .unwrap_or_default()
    }

    /// Every grade the glossary links (each must be a grade of the materials library).
    pub fn grades(&self) -> impl Iterator<Item = &str> {
        self.file
            .sets
            .values()
            .flatten()
            .filter_map(|option| option.grade.as_deref())
    }
}

/// One family and standard with its names and materials: what the reverse question ("which
/// standard parts are made of this grade") answers from.
#[derive(Debug, Clone)]
pub struct FamilyMaterials {
    pub family: String,
    pub standard: String,
    pub designation: String,
    pub name: String,
    pub name_en: String,
    pub category: String,
    pub classes: Vec<MaterialOption>,
}

/// Every family and standard of the parts glossary with its materials, built once at start.
#[derive(Debug, Clone, Default)]
pub struct MaterialUses {
    entries: Vec<FamilyMaterials>,
}

impl MaterialUses {
    pub fn new(glossary: &Glossary, materials: &PartMaterials) -> Self {
        let mut entries = Vec::new();
        for (key, family) in &glossary.families {
            for (prefix, standard) in &family.standards {
                entries.push(FamilyMaterials {
                    family: key.clone(),
                    standard: prefix.clone(),
                    designation: standard.designation.clone(),
                    name: family.name_zh(standard).to_string(),
                    name_en: family.name_en(standard).to_string(),
                    category: family.category(standard).to_string(),
                    classes: materials.options(key, prefix).to_vec(),
                });
            }
        }
        for (key, category) in &glossary.profiles {
            entries.push(FamilyMaterials {
                family: PROFILE_FAMILY.to_string(),
                standard: key.clone(),
                designation: category.standard.clone(),
                name: category.name_zh.clone(),
                name_en: category.name_en.clone(),
                category: category.category.clone(),
                classes: materials.options(PROFILE_FAMILY, key).to_vec(),
            });
        }
        Self { entries }
    }

    /// The glossary of a seed directory.
    pub fn load(dir: &Path) -> anyhow::Result<Self> {
        Ok(Self::new(&Glossary::load(dir)?, &PartMaterials::load(dir)?))
    }

    /// The families and standards with a class naming `grade`, with those classes only.
    pub fn of_grade(&self, grade: &str) -> Vec<FamilyMaterials> {
        self.entries
            .iter()
            .filter_map(|entry| {
                let classes: Vec<MaterialOption> = entry
                    .classes
                    .iter()
                    .filter(|option| option.grade.as_deref() == Some(grade))
                    .cloned()
                    .collect();
                (!classes.is_empty()).then(|| FamilyMaterials {
                    classes,
                    ..entry.clone()
                })
            })
            .collect()
    }
}

/// Search words of a part's materials: the words of its classes written with letters and digits
/// (`A2-70`, `45H`, `100Cr6`, `S235JR`, `A574`), which name a material on their own. Bare numbers
/// (`8.8`, `10`, `200 HV`) and plain words (`ASTM`, `spring`) are left out: the numbers would
/// match sizes and lengths, the words every part of a standards body.
pub fn keywords(options: &[MaterialOption]) -> Vec<String> {
    let mut words: Vec<String> = Vec::new();
    for word in options.iter().flat_map(|o| o.class.split_whitespace()) {
        let word = word.trim_matches(|c: char| c == '(' || c == ')');
        let named = word.chars().any(|c| c.is_ascii_alphabetic())
            && word.chars().any(|c| c.is_ascii_digit());
        if named && !words.iter().any(|w| w == word) {
            words.push(word.to_string());
        }
    }
    words
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::import::committed_seed_dir;

    #[test]
    fn every_family_and_profile_category_is_one_of_the_glossary_and_every_grade_exists(
    ) -> anyhow::Result<()> {
        let dir = committed_seed_dir();
        let materials = PartMaterials::load(&dir)?;
        let glossary = Glossary::load(&dir)?;
        for (family, entry) in &materials.file.families {
            let known = glossary
                .families
                .get(family)
                .with_context(|| format!("{family} is no family of the parts glossary"))?;
            for standard in entry.standards.keys() {
                anyhow::ensure!(
                    known.standards.contains_key(standard),
                    "{family}: no standard {standard}"
                );
            }
        }
        for category in materials.file.profiles.keys() {
            anyhow::ensure!(
                glossary.profiles.contains_key(category),
                "{category} is no profile category"
            );
        }
        // The grades are the materials library's stable keys: each must be a glossary grade
        // that names source records (else the mat service has no item to link to).
        let text = std::fs::read_to_string(dir.join("../materials/glossary.json"))?;
        let mat: serde_json::Value = serde_json::from_str(&text)?;
        let with_records: Vec<&str> = mat["grades"]
            .as_array()
            .context("grades")?
            .iter()
            .filter(|g| g["matches"].as_array().is_some_and(|m| !m.is_empty()))
            .filter_map(|g| g["grade"].as_str())
            .collect();
        for grade in materials.grades() {
            anyhow::ensure!(
                with_records.contains(&grade),
                "{grade} is no grade of the materials library with records"
            );
        }
        Ok(())
    }

    #[test]
    fn a_standard_overrides_its_family_and_profiles_go_by_category() -> anyhow::Result<()> {
        let materials = PartMaterials::load(&committed_seed_dir())?;
        let classes = |family: &str, standard: &str| -> Vec<String> {
            materials
                .options(family, standard)
                .iter()
                .map(|o| o.class.clone())
                .collect()
        };
        assert_eq!(
            classes("socket_head_cap", "iso4762"),
            ["8.8", "10.9", "12.9", "A2-70", "A4-70"]
        );
        assert_eq!(
            classes("socket_head_cap", "asme_b18.3"),
            ["ASTM A574", "ASTM F837 (18-8)"]
        );
        assert!(classes("single_row_capped_deep_groove_ball_bearing", "OpenBuilds").is_empty());
        assert_eq!(
            classes("single_row_deep_groove_ball_bearing", "iso15"),
            ["100Cr6"]
        );
        assert_eq!(classes(PROFILE_FAMILY, "IPE"), ["S235JR", "S355J2"]);
        assert!(classes(PROFILE_FAMILY, "Eurocode timber").is_empty());
        let a2 = &materials.options("socket_head_cap", "iso4762")[3];
        assert_eq!(a2.grade.as_deref(), Some("06Cr19Ni10"));
        assert_eq!(a2.relation, Relation::Approximate);
        assert_eq!(materials.options("o-ring", "iso3601")[0].grade, None);
        Ok(())
    }

    #[test]
    fn a_grade_lists_the_families_whose_classes_name_it() -> anyhow::Result<()> {
        let uses = MaterialUses::load(&committed_seed_dir())?;
        let stainless = uses.of_grade("06Cr19Ni10");
        let iso4762 = stainless
            .iter()
            .find(|f| f.standard == "iso4762")
            .context("ISO 4762 is made in A2-70")?;
        assert_eq!(iso4762.designation, "ISO 4762");
        assert_eq!(iso4762.name, "内六角圆柱头螺钉");
        assert_eq!(iso4762.classes.len(), 1);
        assert_eq!(iso4762.classes[0].class, "A2-70");
        let bearings = uses.of_grade("GCr15");
        assert!(bearings.iter().all(|f| f.classes[0].class == "100Cr6"));
        assert!(bearings.iter().any(|f| f.standard == "iso15"));
        assert!(!bearings.iter().any(|f| f.standard == "OpenBuilds"));
        assert!(uses.of_grade("Q235").iter().any(|f| f.standard == "IPE"));
        assert!(uses.of_grade("TC4").is_empty());
        Ok(())
    }

    #[test]
    fn only_classes_written_with_letters_become_search_words() -> anyhow::Result<()> {
        let materials = PartMaterials::load(&committed_seed_dir())?;
        assert_eq!(
            keywords(materials.options("socket_head_cap", "iso4762")),
            ["A2-70", "A4-70"]
        );
        assert!(keywords(materials.options("o-ring", "iso3601")).is_empty());
        assert_eq!(
            keywords(materials.options("socket_head_cap", "asme_b18.3")),
            ["A574", "F837"]
        );
        assert_eq!(
            keywords(materials.options("hex_nut", "iso4032")),
            ["A2-70", "A4-70"]
        );
        assert!(
            PartMaterials::parse(r#"{"sets":{},"families":{"x":{"set":"y"}},"profiles":{}}"#)
                .is_err()
        );
        Ok(())
    }
}
