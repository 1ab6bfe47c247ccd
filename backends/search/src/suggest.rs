//! Prefix completions of part numbers, names, keywords, categories and manufacturers.
//!
//! The writer side keeps a count per suggestion; each commit publishes an immutable snapshot:
//! an `fst` map from the lower-case key to an entry, which readers query without locks.

use std::collections::BTreeMap;

use fst::{IntoStreamer, Map, MapBuilder, Streamer};

use crate::analysis::{fold_full_width, identifier_key};
use crate::document::SearchDocument;

/// Longest text offered as a suggestion (longer names are skipped).
const MAX_SUGGESTION_CHARS: usize = 64;
/// Candidates read from the map before ranking; bounds the cost of one-letter prefixes.
const SCAN_LIMIT: usize = 2_000;

/// How much a kind of suggestion weighs when ranking candidates of equal count.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Kind {
    Keyword = 0,
    Name = 1,
    Category = 2,
    Identifier = 3,
}

#[derive(Debug, Clone)]
struct Entry {
    display: String,
    count: u32,
    kind: Kind,
}

/// The suggestions every document contributes, counted (writer side).
#[derive(Debug, Default)]
pub struct SuggestionCounts {
    entries: BTreeMap<String, Entry>,
}

/// The suggestion texts of one document: (text, kind).
fn document_suggestions(document: &SearchDocument) -> Vec<(String, Kind)> {
    let mut out = Vec::new();
    let mut push = |text: &str, kind: Kind| {
        let text = text.trim();
        if !text.is_empty() && text.chars().count() <= MAX_SUGGESTION_CHARS {
            out.push((text.to_string(), kind));
        }
    };
    push(&document.part_number, Kind::Identifier);
    for alias in &document.aliases {
        push(alias, Kind::Identifier);
    }
    push(&document.name, Kind::Name);
    for keyword in &document.keywords {
        push(keyword, Kind::Keyword);
    }
    for category in &document.categories {
        push(&category.name, Kind::Category);
        push(&category.name_en, Kind::Category);
    }
    if let Some(manufacturer) = &document.manufacturer {
        push(manufacturer, Kind::Name);
    }
    out
}

/// The lookup keys of a suggestion: its lower-case text, and for identifiers also the key
/// without separators (`lm358n` finds `LM358-N`).
fn keys(text: &str, kind: Kind) -> Vec<String> {
    let lower = normalise_prefix(text);
    let mut keys = vec![lower.clone()];
    if kind == Kind::Identifier {
        let compact = identifier_key(text);
        if !compact.is_empty() && compact != lower {
            keys.push(compact);
        }
    }
    keys
}

/// What a typed prefix is compared as: full-width folded, lower case, outer space trimmed.
pub fn normalise_prefix(text: &str) -> String {
    text.chars()
        .map(fold_full_width)
        .collect::<String>()
        .trim()
        .to_lowercase()
}

impl SuggestionCounts {
    pub fn add(&mut self, document: &SearchDocument) {
        for (text, kind) in document_suggestions(document) {
            for key in keys(&text, kind) {
                let entry = self.entries.entry(key).or_insert_with(|| Entry {
                    display: text.clone(),
                    count: 0,
                    kind,
                });
                entry.count = entry.count.saturating_add(1);
                entry.kind = entry.kind.max(kind);
            }
        }
    }

    pub fn remove(&mut self, document: &SearchDocument) {
        for (text, kind) in document_suggestions(document) {
            for key in keys(&text, kind) {
                if let Some(entry) = self.entries.get_mut(&key) {
                    entry.count = entry.count.saturating_sub(1);
                    if entry.count == 0 {
                        self.entries.remove(&key);
                    }
                }
            }
        }
    }

    /// An immutable snapshot for readers.
    pub fn snapshot(&self) -> Result<Suggester, fst::Error> {
        let mut builder = MapBuilder::memory();
        let mut entries = Vec::with_capacity(self.entries.len());
        // BTreeMap iterates in byte order of the keys, the order fst requires.
        for (index, (key, entry)) in self.entries.iter().enumerate() {
            builder.insert(key, index as u64)?;
            entries.push(entry.clone());
        }
        let map = Map::new(builder.into_inner()?)?;
        Ok(Suggester { map, entries })
    }
}

/// A published set of suggestions.
#[derive(Default)]
pub struct Suggester {
    map: Map<Vec<u8>>,
    entries: Vec<Entry>,
}

impl Suggester {
    /// Up to `size` completions of `prefix`: an exact match first, then identifiers and
    /// categories before names and keywords, more frequent first, shorter first.
    pub fn suggest(&self, prefix: &str, size: usize) -> Vec<String> {
        let prefix = normalise_prefix(prefix);
        if prefix.is_empty() || size == 0 {
            return Vec::new();
        }
        let mut stream = self.map.range().ge(prefix.as_bytes()).into_stream();
        let mut candidates = Vec::new();
        while let Some((key, index)) = stream.next() {
            if !key.starts_with(prefix.as_bytes()) || candidates.len() >= SCAN_LIMIT {
                break;
            }
            if let Some(entry) = self.entries.get(index as usize) {
                candidates.push((key.len() == prefix.len(), entry));
            }
        }
        candidates.sort_by(|(a_exact, a), (b_exact, b)| {
            b_exact
                .cmp(a_exact)
                .then(b.kind.cmp(&a.kind))
                .then(b.count.cmp(&a.count))
                .then(a.display.chars().count().cmp(&b.display.chars().count()))
                .then(a.display.cmp(&b.display))
        });
        let mut seen = std::collections::HashSet::new();
        candidates
            .into_iter()
            .map(|(_, entry)| entry.display.clone())
            .filter(|display| seen.insert(display.to_lowercase()))
            .take(size)
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::document::CategoryRef;

    fn document(part_number: &str, category: &str) -> SearchDocument {
        SearchDocument {
            id: part_number.to_string(),
            part_number: part_number.to_string(),
            name: part_number.to_string(),
            categories: vec![CategoryRef {
                code: "op-amp".into(),
                name: category.into(),
                name_en: "Operational Amplifiers".into(),
            }],
            ..SearchDocument::default()
        }
    }

    #[test]
    fn completes_identifiers_categories_case_insensitively() -> Result<(), fst::Error> {
        let mut counts = SuggestionCounts::default();
        for pn in ["LM358", "LM358-N", "LM324", "TL072"] {
            counts.add(&document(pn, "运算放大器"));
        }
        let suggester = counts.snapshot()?;
        assert_eq!(suggester.suggest("lm358", 15), vec!["LM358", "LM358-N"]);
        assert_eq!(suggester.suggest("LM358N", 15), vec!["LM358-N"]);
        assert_eq!(suggester.suggest("运算", 15), vec!["运算放大器"]);
        assert_eq!(suggester.suggest("Ｌｍ3", 2).len(), 2);
        assert!(suggester.suggest("", 15).is_empty());
        assert!(suggester.suggest("zzz", 15).is_empty());
        Ok(())
    }

    #[test]
    fn removing_documents_removes_their_suggestions() -> Result<(), fst::Error> {
        let mut counts = SuggestionCounts::default();
        let a = document("LM358", "运算放大器");
        let b = document("LM324", "运算放大器");
        counts.add(&a);
        counts.add(&b);
        counts.remove(&a);
        let suggester = counts.snapshot()?;
        assert_eq!(suggester.suggest("lm", 15), vec!["LM324"]);
        assert_eq!(suggester.suggest("运算", 15), vec!["运算放大器"]);
        counts.remove(&b);
        assert!(counts.snapshot()?.suggest("运算", 15).is_empty());
        Ok(())
    }
}
