//! FreeCAD's structural profiles (`data/parts/freecad/profiles.csv`): one configurable variant
//! per profile, its length chosen by the user. Rows are `Category,Name,Class,<dimensions…>`;
//! the class (`C`, `H`, `R`, `RH`, `U`) names the dimension columns (the glossary's
//! `profileClasses`, from the file's own comments), all in mm.

use std::collections::BTreeMap;
use std::path::Path;

use catalog::item::import::Rejection;

use super::size::{mm_text, number};
use super::table::Table;
use super::variant::{PartAttributes, TypedValue, Variant};
use crate::glossary::Glossary;

pub const SOURCE: &str = "freecad-profiles";
pub const LICENSE: &str = "LGPL-2.0-or-later (FreeCAD 0.20.2 profiles.csv)";
pub const PROFILES_FILE: &str = "freecad/profiles.csv";

#[derive(Debug, Default)]
pub struct ProfileVariants {
    pub variants: Vec<Variant>,
    pub rejections: Vec<Rejection>,
}

pub fn read_profiles(dir: &Path, glossary: &Glossary) -> anyhow::Result<ProfileVariants> {
    let table = Table::read(&dir.join(PROFILES_FILE), true)?;
    let mut out = ProfileVariants::default();
    for row in &table.rows {
        let (category_key, name, class) = (row.cell(0), row.cell(1), row.cell(2));
        let at = table.at(row);
        let Some(category) = glossary.profiles.get(category_key) else {
            out.rejections.push(Rejection::new(
                at,
                format!("profile category {category_key:?} is not in the glossary"),
            ));
            continue;
        };
        let Some(columns) = glossary.profile_classes.get(class) else {
            out.rejections.push(Rejection::new(
                at,
                format!("unknown profile class {class:?}"),
            ));
            continue;
        };
        if name.is_empty() {
            out.rejections.push(Rejection::new(at, "no profile name"));
            continue;
        }
        let mut dimensions = BTreeMap::new();
        let mut parameters = Vec::new();
        let mut bad = None;
        for (offset, column) in columns.iter().enumerate() {
            match number(row.cell(3 + offset)).filter(|v| *v > 0.0) {
                Some(mm) => {
                    dimensions.insert(column.clone(), mm);
                    parameters.push(TypedValue::length_mm(column, mm, None));
                }
                None => {
                    bad = Some(format!(
                        "{column}: {:?} is no positive number",
                        row.cell(3 + offset)
                    ));
                    break;
                }
            }
        }
        if let Some(reason) = bad {
            out.rejections.push(Rejection::new(at, reason));
            continue;
        }
        // Sizes are ordered by the section's height (a tube's outside diameter).
        let order = dimensions
            .get("height")
            .or_else(|| dimensions.get("Outside diameter"))
            .copied();
        let section = columns
            .iter()
            .filter_map(|c| dimensions.get(c))
            .map(|v| mm_text(*v))
            .collect::<Vec<_>>()
            .join("×");
        let mut keywords = vec![
            category_key.replace(' ', ""),
            category.name_zh.replace(' ', ""),
            "型材".to_string(),
            section.clone(),
        ];
        keywords.push(category.standard.replace(' ', ""));
        out.variants.push(Variant {
            source: SOURCE,
            source_id: name.to_string(),
            code: name.to_string(),
            name: format!("{} {name}", category.name_zh),
            name_en: category.name_en.clone(),
            body: category.body.clone(),
            category: category.category.clone(),
            license: LICENSE,
            keywords,
            attributes: PartAttributes {
                family: "profile".to_string(),
                standard: category_key.to_string(),
                size: name.to_string(),
                dimensions,
                kind: "profile".to_string(),
                designation: category.standard.clone(),
                gb: None,
                thread: None,
                size_code: name.to_string(),
                length_code: None,
                text: BTreeMap::new(),
                ratings: BTreeMap::new(),
                profile_class: Some(class.to_string()),
                priority: 0.7,
                aliases: vec![section],
                materials: Vec::new(),
            },
            parameters,
            diameter_mm: order,
            length_mm: None,
            note: None,
        });
    }
    Ok(out)
}
