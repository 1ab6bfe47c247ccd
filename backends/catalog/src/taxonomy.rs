//! The project's taxonomy files (`data/categories/<library>.json`): parsing, validation and
//! flattening into rows (parents before children).

use std::collections::HashSet;

use anyhow::{bail, ensure, Context};
use serde::Deserialize;
use serde_json::Value;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TaxonomyFile {
    pub library: String,
    pub version: u32,
    pub license: String,
    pub source: String,
    pub categories: Vec<TaxonomyNode>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct TaxonomyNode {
    pub code: String,
    pub name: String,
    pub name_en: String,
    #[serde(default)]
    pub children: Vec<TaxonomyNode>,
    /// Hints for future importers (KiCad library names, standards, …); stored as JSON.
    #[serde(default, rename = "match")]
    pub match_hints: Option<Value>,
}

/// One category ready to store: `parent_code` refers to a category earlier in the list.
#[derive(Debug, Clone, PartialEq)]
pub struct FlatCategory {
    pub code: String,
    pub parent_code: Option<String>,
    pub name: String,
    pub name_en: String,
    /// Position among its siblings, from 1.
    pub sort: i32,
    /// 0 for roots.
    pub depth: i32,
    /// `/root-code/…/code`.
    pub path: String,
    pub match_hints: Option<Value>,
}

/// A parsed, validated taxonomy with a digest of its text (to notice a changed file).
#[derive(Debug)]
pub struct Taxonomy {
    pub library: String,
    pub categories: Vec<FlatCategory>,
    pub digest: String,
}

impl Taxonomy {
    /// Parses and validates the file of `library`: codes lowercase `[a-z0-9-]+` and unique,
    /// names non-empty, the declared library matching.
    pub fn parse(library: &str, text: &str) -> anyhow::Result<Self> {
        let file: TaxonomyFile = serde_json::from_str(text).with_context(|| {
            format!("taxonomy of {library} is not valid JSON of the expected shape")
        })?;
        ensure!(
            file.library == library,
            "taxonomy file declares library {:?}, expected {library:?}",
            file.library
        );
        ensure!(
            !file.categories.is_empty(),
            "taxonomy of {library} has no categories"
        );
        let mut categories = Vec::new();
        let mut seen = HashSet::new();
        flatten(&file.categories, None, "", 0, &mut seen, &mut categories)?;
        Ok(Self {
            library: file.library,
            categories,
            digest: format!("{:016x}", fnv1a64(text.as_bytes())),
        })
    }

    pub fn root_count(&self) -> usize {
        self.categories.iter().filter(|c| c.depth == 0).count()
    }
}

fn flatten(
    nodes: &[TaxonomyNode],
    parent: Option<&str>,
    parent_path: &str,
    depth: i32,
    seen: &mut HashSet<String>,
    out: &mut Vec<FlatCategory>,
) -> anyhow::Result<()> {
    for (index, node) in nodes.iter().enumerate() {
        validate_code(&node.code)?;
        if !seen.insert(node.code.clone()) {
            bail!("category code {:?} appears more than once", node.code);
        }
        ensure!(
            !node.name.trim().is_empty() && !node.name_en.trim().is_empty(),
            "category {:?} needs both a Chinese and an English name",
            node.code
        );
        let path = format!("{parent_path}/{}", node.code);
        out.push(FlatCategory {
            code: node.code.clone(),
            parent_code: parent.map(str::to_owned),
            name: node.name.trim().to_owned(),
            name_en: node.name_en.trim().to_owned(),
            sort: i32::try_from(index + 1).context("too many siblings")?,
            depth,
            path: path.clone(),
            match_hints: node.match_hints.clone(),
        });
        flatten(
            &node.children,
            Some(&node.code),
            &path,
            depth + 1,
            seen,
            out,
        )?;
    }
    Ok(())
}

/// A checked category code (see [`is_valid_code`]).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct CategoryCode(String);

impl CategoryCode {
    pub fn parse(raw: &str) -> Option<Self> {
        is_valid_code(raw).then(|| Self(raw.to_owned()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// Category codes: 1–64 characters of lowercase ASCII letters, digits and `-`.
pub fn validate_code(code: &str) -> anyhow::Result<()> {
    ensure!(
        is_valid_code(code),
        "category code {code:?} must be 1–64 characters of a-z, 0-9 and '-'"
    );
    Ok(())
}

pub fn is_valid_code(code: &str) -> bool {
    // `tree` names the tree route (`/category/tree`), so no category may use it.
    code != "tree"
        && !code.is_empty()
        && code.len() <= 64
        && code
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
}

/// FNV-1a, 64 bit: a stable digest of the file text (std's hasher is not stable across
/// releases; a cryptographic hash is not needed to notice an edited file).
fn fnv1a64(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |hash, byte| {
        (hash ^ u64::from(*byte)).wrapping_mul(0x0100_0000_01b3)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const MINI: &str = include_str!("../tests/fixtures/mini.json");

    #[test]
    fn flattens_parents_before_children() -> anyhow::Result<()> {
        let taxonomy = Taxonomy::parse("demo", MINI)?;
        let codes: Vec<&str> = taxonomy
            .categories
            .iter()
            .map(|c| c.code.as_str())
            .collect();
        assert_eq!(
            codes,
            [
                "resistor",
                "chip-resistor",
                "through-hole-resistor",
                "capacitor",
                "ceramic-capacitor",
                "mlcc",
                "crystal"
            ]
        );
        assert_eq!(taxonomy.root_count(), 3);
        let mlcc = &taxonomy.categories[5];
        assert_eq!(mlcc.parent_code.as_deref(), Some("ceramic-capacitor"));
        assert_eq!(mlcc.depth, 2);
        assert_eq!(mlcc.sort, 1);
        assert_eq!(mlcc.path, "/capacitor/ceramic-capacitor/mlcc");
        assert_eq!(taxonomy.categories[2].sort, 2);
        assert!(taxonomy.categories[1].match_hints.is_some());
        Ok(())
    }

    #[test]
    fn rejects_duplicate_codes() {
        let text = MINI.replace("\"crystal\"", "\"mlcc\"");
        let error = Taxonomy::parse("demo", &text).err().map(|e| e.to_string());
        assert!(error.is_some_and(|e| e.contains("more than once")));
    }

    #[test]
    fn rejects_bad_codes_names_and_libraries() {
        assert!(Taxonomy::parse("demo", &MINI.replace("\"crystal\"", "\"Crystal\"")).is_err());
        assert!(Taxonomy::parse("demo", &MINI.replace("\"晶振\"", "\" \"")).is_err());
        assert!(Taxonomy::parse("part", MINI).is_err());
        assert!(Taxonomy::parse("demo", "{\"library\":\"demo\"").is_err());
        assert!(Taxonomy::parse(
            "demo",
            &MINI.replace("\"nameEn\": \"MLCC\"", "\"nameEN\": \"MLCC\"")
        )
        .is_err());
    }

    #[test]
    fn digest_changes_with_the_text() -> anyhow::Result<()> {
        let a = Taxonomy::parse("demo", MINI)?;
        let b = Taxonomy::parse("demo", &MINI.replace("晶振", "晶体振荡器"))?;
        assert_ne!(a.digest, b.digest);
        assert_eq!(a.digest, Taxonomy::parse("demo", MINI)?.digest);
        Ok(())
    }

    #[test]
    fn code_rules() {
        assert!(is_valid_code("hex-head-bolt"));
        assert!(is_valid_code("m3"));
        assert!(!is_valid_code(""));
        assert!(!is_valid_code("tree"));
        assert!(!is_valid_code("Hex"));
        assert!(!is_valid_code("a_b"));
        assert!(!is_valid_code(&"a".repeat(65)));
    }
}
