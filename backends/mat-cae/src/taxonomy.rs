//! The materials taxonomy (`data/categories/mat.json`), compiled in: family codes, names and
//! parents for the FreeCAD card's `Father`, the chat parser's family words and the chart's
//! family envelopes.

use std::collections::HashMap;
use std::sync::OnceLock;

use serde::Deserialize;

const MAT_JSON: &str = include_str!("../../../data/categories/mat.json");

#[derive(Debug, Deserialize)]
struct File {
    categories: Vec<Node>,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct Node {
    code: String,
    name: String,
    name_en: String,
    #[serde(default)]
    children: Vec<Node>,
}

/// One category of the taxonomy.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Family {
    pub code: String,
    pub name_zh: String,
    pub name_en: String,
    pub parent: Option<String>,
}

pub struct Taxonomy {
    families: Vec<Family>,
    by_code: HashMap<String, usize>,
}

impl Taxonomy {
    /// The compiled-in taxonomy. An unreadable file is a build defect the tests catch, so it
    /// yields an empty taxonomy rather than a panic at run time.
    pub fn get() -> &'static Taxonomy {
        static TAXONOMY: OnceLock<Taxonomy> = OnceLock::new();
        TAXONOMY.get_or_init(|| {
            let file: File = serde_json::from_str(MAT_JSON).unwrap_or(File {
                categories: Vec::new(),
            });
            let mut families = Vec::new();
            fn walk(nodes: &[Node], parent: Option<&str>, out: &mut Vec<Family>) {
                for node in nodes {
                    out.push(Family {
                        code: node.code.clone(),
                        name_zh: node.name.clone(),
                        name_en: node.name_en.clone(),
                        parent: parent.map(str::to_owned),
                    });
                    walk(&node.children, Some(&node.code), out);
                }
            }
            walk(&file.categories, None, &mut families);
            let by_code = families
                .iter()
                .enumerate()
                .map(|(index, family)| (family.code.clone(), index))
                .collect();
            Taxonomy { families, by_code }
        })
    }

    pub fn families(&self) -> &[Family] {
        &self.families
    }

    pub fn family(&self, code: &str) -> Option<&Family> {
        self.by_code.get(code).map(|&index| &self.families[index])
    }

    /// The code itself, then its parent, up to the root.
    pub fn lineage<'a>(&'a self, code: &str) -> Vec<&'a Family> {
        let mut out = Vec::new();
        let mut next = self.family(code);
        while let Some(family) = next {
            out.push(family);
            next = family
                .parent
                .as_deref()
                .and_then(|parent| self.family(parent));
        }
        out
    }

    /// Whether `code` is `ancestor` or lies under it.
    pub fn is_within(&self, code: &str, ancestor: &str) -> bool {
        self.lineage(code)
            .iter()
            .any(|family| family.code == ancestor)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_taxonomy_loads_with_parents() {
        let taxonomy = Taxonomy::get();
        assert!(taxonomy.families().len() > 100);
        let lineage: Vec<&str> = taxonomy
            .lineage("aluminum-6xxx")
            .iter()
            .map(|family| family.code.as_str())
            .collect();
        assert_eq!(
            lineage,
            [
                "aluminum-6xxx",
                "wrought-aluminum",
                "aluminum-alloy",
                "nonferrous-metal"
            ]
        );
        assert!(taxonomy.is_within("austenitic-stainless", "stainless-steel"));
        assert!(!taxonomy.is_within("stainless-steel", "austenitic-stainless"));
    }
}
