//! The chat parser: one sentence in Chinese or English → families, property constraints in SI,
//! conditions, an objective, and what was not understood. Deterministic tables and regular
//! expressions, no external service; the grammar is in docs/materials-cae.md and the suite of
//! sentences in `tests/chat-suite.json`.

use std::collections::BTreeMap;
use std::sync::OnceLock;

use regex::{Captures, Regex};
use serde::{Deserialize, Serialize};

use crate::material::Property;
use crate::select::{Constraint, Objective};
use crate::taxonomy::Taxonomy;

mod tables;

use tables::{ConditionRule, CONDITIONS, FAMILY_WORDS, FILLER_WORDS, OBJECTIVES, PROPERTY_WORDS};

/// A service condition the sentence names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Condition {
    SeaWater,
    Corrosion,
    HighTemperature,
    LowTemperature,
    FoodContact,
    NonMagnetic,
    Weldable,
    ElectricalInsulation,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ConditionNote {
    pub condition: Condition,
    /// Families that usually serve it (shown as a note; a filter when no family was named and
    /// the condition is one that families decide — see [`ChatQuery::families_from_conditions`]).
    pub suggested_families: Vec<String>,
}

/// What a sentence asks for.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ChatQuery {
    /// `data/categories/mat.json` codes; a material within any of them matches.
    pub families: Vec<String>,
    /// `true` when no family was named and `families` come from the conditions' suggestions.
    pub families_from_conditions: bool,
    /// One per property, bounds in canonical SI (several mentions intersect).
    pub constraints: Vec<Constraint>,
    pub conditions: Vec<ConditionNote>,
    pub objective: Option<Objective>,
    /// Pieces of the sentence not understood, in order.
    pub unparsed: Vec<String>,
}

/// The input cap: a chat sentence, not a document.
pub const MAX_CHARS: usize = 500;

/// Parses `text`. Input beyond [`MAX_CHARS`] characters is cut and reported as unparsed.
pub fn parse(text: &str) -> ChatQuery {
    let mut overflow = None;
    let text = match text.char_indices().nth(MAX_CHARS) {
        Some((cut, _)) => {
            overflow = Some(text[cut..].trim().to_owned());
            &text[..cut]
        }
        None => text,
    };
    let lower = normalise(text);
    let mut state = State {
        text: &lower,
        used: vec![false; lower.len()],
        query: ChatQuery::default(),
        bounds: BTreeMap::new(),
        mentions: Vec::new(),
        unparsed: Vec::new(),
    };
    // Constraints first (they need a number, so they never take an objective's words), then
    // families (so `低合金高强度钢` stays a family, not the wish `高强度`), objectives, conditions.
    state.constraints();
    state.families();
    state.objectives();
    state.conditions();
    state.leftovers();
    let mut query = state.finish();
    query
        .unparsed
        .extend(overflow.filter(|rest| !rest.is_empty()));
    query
}

/// Full-width forms to ASCII, ideographic punctuation to its ASCII kind, one micro sign, the
/// ohm and kelvin signs to letters, then lower case (the grammar's tables are lower case).
fn normalise(text: &str) -> String {
    text.chars()
        .map(|c| match c {
            '\u{FF01}'..='\u{FF5E}' => char::from_u32(c as u32 - 0xFEE0).unwrap_or(c),
            '\u{3000}' => ' ',
            '、' => ',',
            '。' => ';',
            '〜' => '~',
            '–' | '—' | '−' => '-',
            '’' | '‘' => '\'',
            'μ' => 'µ',
            '\u{2126}' => 'Ω',
            '\u{212A}' => 'k',
            '≧' => '≥',
            '≦' => '≤',
            c => c,
        })
        .collect::<String>()
        .to_lowercase()
}

struct State<'a> {
    text: &'a str,
    /// Bytes of `text` already understood.
    used: Vec<bool>,
    query: ChatQuery,
    bounds: BTreeMap<Property, (Option<f64>, Option<f64>)>,
    /// Where each property was named, for a following bare "and below 400 MPa".
    mentions: Vec<(usize, Property)>,
    /// Pieces not understood, with their position (reported in sentence order).
    unparsed: Vec<(usize, String)>,
}

fn number_pattern() -> &'static str {
    r"[-+]?\d+(?:\.\d+)?(?:e[-+]?\d+)?"
}

fn unit_pattern() -> &'static str {
    // A unit is a token with a symbol in it (`g/cm³`, `w/(m·k)`, `%`, `°c`), or one of the
    // letter-only unit words — so that `and`, `to` or `with` after a number are never units.
    r"(?:元(?:/(?:kg|公斤|千克))?|千兆帕|兆帕|吉帕|千帕|摄氏度|华氏度|度|[a-zµωΩ]*[°℃℉%‰$/·*^()³²¹⁻][a-zµωΩ°℃℉%‰$/·*^()\.³²¹⁻0-9-]*|kelvin|mpa|gpa|kpa|psi|ksi|hbw|hbs|ppm|pa|hb|k|c|f)"
}

const MIN_WORDS: &str = r"≥|>=|>|大于等于|大于或等于|不小于|不低于|不少于|大于|高于|超过|多于|至少|最少|最低|greater\s+than\s+or\s+equal\s+to|greater\s+than|more\s+than|higher\s+than|larger\s+than|above|over|exceeding|exceeds|exceed|at\s+least|no\s+less\s+than|not\s+less\s+than|minimum|min\.?";
const MAX_WORDS: &str = r"≤|<=|<|小于等于|小于或等于|不大于|不高于|不超过|不多于|小于|低于|少于|至多|最多|最高|less\s+than\s+or\s+equal\s+to|less\s+than|lower\s+than|smaller\s+than|below|under|at\s+most|no\s+more\s+than|not\s+more\s+than|not\s+exceeding|up\s+to|maximum|max\.?";
const BETWEEN_WORDS: &str = r"between|介于|在|from|范围为?|range\s+of";
const ABOUT_WORDS: &str =
    r"约为|约|大约|大概|approximately|approx\.?|about|around|roughly|≈|~|=|等于|equal\s+to";
const FILL_WORDS: &str =
    r"的|是|为|要|需|需要|要求|应|应该|:|is|of|should\s+be|must\s+be|be|value|值";
const POST_WORDS: &str = r"以上|以下|以内|之间|左右|上下|or\s+more|or\s+higher|or\s+above|or\s+greater|or\s+less|or\s+lower|or\s+below|\+";
const RANGE_JOIN: &str = r"and|to|-|~|至|到|和|与";

/// How a value relates to its property.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Relation {
    Min,
    Max,
    Between,
    About,
}

fn relation_of(word: &str) -> Option<Relation> {
    static SETS: OnceLock<[(Regex, Relation); 4]> = OnceLock::new();
    let sets = SETS.get_or_init(|| {
        let whole = |words: &str| Regex::new(&format!("^(?:{words})$")).unwrap_or_else(|_| never());
        [
            (whole(MIN_WORDS), Relation::Min),
            (whole(MAX_WORDS), Relation::Max),
            (whole(BETWEEN_WORDS), Relation::Between),
            (whole(ABOUT_WORDS), Relation::About),
        ]
    });
    let word = word.trim();
    sets.iter()
        .find(|(pattern, _)| pattern.is_match(word))
        .map(|&(_, relation)| relation)
}

fn post_relation(word: &str) -> Option<Relation> {
    match word.trim() {
        "以上" | "+" => Some(Relation::Min),
        "以下" | "以内" => Some(Relation::Max),
        "之间" => Some(Relation::Between),
        "左右" | "上下" => Some(Relation::About),
        other if other.contains("below") || other.contains("less") || other.contains("lower") => {
            Some(Relation::Max)
        }
        "" => None,
        _ => Some(Relation::Min),
    }
}

/// A regex that matches nothing: the fallback of a table pattern that failed to compile, which
/// the unit tests would show (every table pattern is exercised by the suite).
fn never() -> Regex {
    Regex::new(r"[^\s\S]").unwrap_or_else(|_| unreachable!("a constant pattern"))
}

fn alternation(words: impl Iterator<Item = &'static str>) -> String {
    let mut words: Vec<&str> = words.collect();
    words.sort_by_key(|word| std::cmp::Reverse(word.chars().count()));
    words
        .iter()
        .map(|word| regex::escape(word).replace(' ', r"\s*"))
        .collect::<Vec<_>>()
        .join("|")
}

fn property_alternation() -> String {
    alternation(PROPERTY_WORDS.iter().map(|&(word, _)| word))
}

fn property_of(word: &str) -> Option<Property> {
    let squeezed: String = word.split_whitespace().collect::<Vec<_>>().join(" ");
    PROPERTY_WORDS
        .iter()
        .find(|&&(candidate, _)| {
            candidate == squeezed || candidate.replace(' ', "") == squeezed.replace(' ', "")
        })
        .map(|&(_, property)| property)
}

/// Whether an ASCII keyword at `start..end` stands as a word (not inside `mpa` or `steels`…
/// plural `s` allowed).
fn word_bounded(text: &str, start: usize, end: usize) -> bool {
    let before = text[..start].chars().next_back();
    let after = text[end..].chars().next();
    let first_ascii = text[start..end]
        .chars()
        .next()
        .is_some_and(|c| c.is_ascii_alphanumeric());
    let last_ascii = text[start..end]
        .chars()
        .next_back()
        .is_some_and(|c| c.is_ascii_alphanumeric());
    let before_ok = !first_ascii || !before.is_some_and(|c| c.is_ascii_alphanumeric());
    let after_ok = !last_ascii || !after.is_some_and(|c| c.is_ascii_alphanumeric());
    before_ok && after_ok
}

impl<'a> State<'a> {
    fn free(&self, start: usize, end: usize) -> bool {
        !self.used[start..end].iter().any(|&used| used)
    }

    fn take(&mut self, start: usize, end: usize) {
        for used in &mut self.used[start..end] {
            *used = true;
        }
    }

    /// Every free, word-bounded match of `pattern`, marked used; returns the captures.
    fn find_all(&mut self, pattern: &Regex) -> Vec<Captures<'a>> {
        let text: &'a str = self.text;
        let mut found = Vec::new();
        let mut position = 0;
        while position <= text.len() {
            let Some(captures) = pattern.captures_at(text, position) else {
                break;
            };
            let Some(whole) = captures.get(0) else { break };
            let (start, end) = (whole.start(), whole.end());
            if end == start {
                position = next_char(text, end);
                continue;
            }
            if self.free(start, end) && word_bounded(text, start, end) {
                self.take(start, end);
                position = end;
                found.push(captures);
            } else {
                position = next_char(text, start);
            }
        }
        found
    }

    fn objectives(&mut self) {
        static PATTERNS: OnceLock<Vec<Regex>> = OnceLock::new();
        static TEXTS: OnceLock<Vec<&'static str>> = OnceLock::new();
        let texts = TEXTS.get_or_init(|| OBJECTIVES.iter().map(|&(pattern, _)| pattern).collect());
        let patterns = compiled(texts.as_slice(), &PATTERNS);
        for (regex, &(_, objective)) in patterns.iter().zip(OBJECTIVES) {
            if !self.find_all(regex).is_empty() && self.query.objective.is_none() {
                self.query.objective = Some(objective);
            }
        }
    }

    fn conditions(&mut self) {
        static PATTERNS: OnceLock<Vec<Regex>> = OnceLock::new();
        static TEXTS: OnceLock<Vec<&'static str>> = OnceLock::new();
        let texts = TEXTS.get_or_init(|| CONDITIONS.iter().map(|rule| rule.pattern).collect());
        let patterns = compiled(texts.as_slice(), &PATTERNS);
        for (regex, rule) in patterns.iter().zip(CONDITIONS) {
            let ConditionRule {
                condition,
                suggested,
                ..
            } = rule;
            if !self.find_all(regex).is_empty()
                && !self
                    .query
                    .conditions
                    .iter()
                    .any(|note| note.condition == *condition)
            {
                self.query.conditions.push(ConditionNote {
                    condition: *condition,
                    suggested_families: suggested.iter().map(|&code| code.to_owned()).collect(),
                });
            }
        }
    }

    fn constraints(&mut self) {
        static FORWARD: OnceLock<Regex> = OnceLock::new();
        static REVERSE: OnceLock<Regex> = OnceLock::new();
        static COMPARATIVE: OnceLock<Regex> = OnceLock::new();
        static BARE: OnceLock<Regex> = OnceLock::new();
        let (num, unit) = (number_pattern(), unit_pattern());
        let cmp = format!("{MIN_WORDS}|{MAX_WORDS}|{BETWEEN_WORDS}|{ABOUT_WORDS}");
        let value = format!(
            r"(?:(?P<cmp>{cmp})\s*)?(?P<n1>{num})\s*(?:(?P<join>{RANGE_JOIN})\s*(?P<n2>{num})\s*(?P<u2>{unit})?|(?P<u1>{unit})(?:\s*(?P<join3>{RANGE_JOIN})\s*(?P<n3>{num})\s*(?P<u3>{unit})?)?)?(?:\s*(?P<post>{POST_WORDS}))?"
        );
        let forward = FORWARD.get_or_init(|| {
            Regex::new(&format!(
                r"(?P<prop>{})(?:\s*(?:{FILL_WORDS}))*\s*{value}",
                property_alternation()
            ))
            .unwrap_or_else(|_| never())
        });
        let reverse = REVERSE.get_or_init(|| {
            Regex::new(&format!(
                r"(?P<cmp>{MIN_WORDS}|{MAX_WORDS})\s*(?P<n1>{num})\s*(?P<u1>{unit})?\s*(?:of\s+|的)?(?P<prop>{})",
                property_alternation()
            ))
            .unwrap_or_else(|_| never())
        });
        let comparative = COMPARATIVE.get_or_init(|| {
            Regex::new(&format!(
                r"(?P<adj>lighter|heavier|denser|stiffer|stronger|harder)\s+than\s+(?P<n1>{num})\s*(?P<u1>{unit})?"
            ))
            .unwrap_or_else(|_| never())
        });
        let bare = BARE.get_or_init(|| {
            Regex::new(&format!(
                r"(?:(?P<cmp>{MIN_WORDS}|{MAX_WORDS})\s*)(?P<n1>{num})\s*(?P<u1>{unit})?"
            ))
            .unwrap_or_else(|_| never())
        });
        // Matches are taken in text order within each form so that "… and below 400" attaches
        // to the property named just before it.
        let mut matches: Vec<(usize, Captures<'_>, u8)> = Vec::new();
        for (kind, pattern) in [(0u8, forward), (1, reverse), (2, comparative)] {
            for captures in self.find_all(pattern) {
                let start = captures.get(0).map_or(0, |m| m.start());
                matches.push((start, captures, kind));
            }
        }
        matches.sort_by_key(|(start, _, _)| *start);
        for (_, captures, kind) in &matches {
            let property = match kind {
                2 => comparative_property(captures.name("adj").map_or("", |m| m.as_str()))
                    .map(|(p, _)| p),
                _ => captures.name("prop").and_then(|m| property_of(m.as_str())),
            };
            if let Some(property) = property {
                if self.apply(property, captures, *kind == 2) {
                    self.mentions
                        .push((captures.get(0).map_or(0, |m| m.start()), property));
                }
            }
        }
        for captures in self.find_all(bare) {
            let unit = captures.name("u1").map(|m| m.as_str());
            let start = captures.get(0).map_or(0, |m| m.start());
            let preceding = self
                .mentions
                .iter()
                .rev()
                .find(|(at, _)| *at < start)
                .map(|&(_, property)| property);
            let property = unit.and_then(property_from_unit).or(preceding).or_else(|| {
                unit.filter(|u| is_stress_unit(u))
                    .map(|_| Property::YieldStrength)
            });
            match property {
                Some(property) => {
                    self.apply(property, &captures, false);
                }
                None => {
                    self.reject(&captures);
                }
            }
        }
    }

    /// A match whose value could not be read (an unknown unit): reported as not understood.
    fn reject(&mut self, captures: &Captures<'_>) {
        if let Some(whole) = captures.get(0) {
            self.unparsed
                .push((whole.start(), whole.as_str().trim().to_owned()));
        }
    }

    /// Records one constraint from a match; an unreadable unit goes to `unparsed` (`false`).
    fn apply(&mut self, property: Property, captures: &Captures<'_>, comparative: bool) -> bool {
        let text = |name: &str| captures.name(name).map(|m| m.as_str());
        let relation = if comparative {
            comparative_property(text("adj").unwrap_or_default()).map(|(_, relation)| relation)
        } else {
            text("post")
                .and_then(post_relation)
                .filter(|relation| *relation != Relation::Between)
                .or_else(|| text("cmp").and_then(relation_of))
        };
        let n1 = text("n1").and_then(|n| n.parse::<f64>().ok());
        let n2 = text("n2")
            .or(text("n3"))
            .and_then(|n| n.parse::<f64>().ok());
        let unit2 = text("u2").or(text("u3"));
        let unit1 = text("u1").or(unit2);
        // `1e999` reads as infinity: not a bound anyone meant, so not understood.
        let first = n1
            .and_then(|n| to_si(property, n, unit1))
            .filter(|v| v.is_finite());
        let second = n2
            .and_then(|n| to_si(property, n, unit2.or(unit1)))
            .filter(|v| v.is_finite());
        let Some(first) = first else {
            self.reject(captures);
            return false;
        };
        let (min, max) = match (relation, second) {
            (Some(Relation::Min), _) => (Some(first), None),
            (Some(Relation::Max), _) => (None, Some(first)),
            (_, Some(second)) => (Some(first.min(second)), Some(first.max(second))),
            // A single value: ±10 %, the tolerance of an "about" in a chat.
            _ => {
                let (a, b) = (first * 0.9, first * 1.1);
                (Some(a.min(b)), Some(a.max(b)))
            }
        };
        let entry = self.bounds.entry(property).or_insert((None, None));
        entry.0 = match (entry.0, min) {
            (Some(a), Some(b)) => Some(a.max(b)),
            (a, b) => a.or(b),
        };
        entry.1 = match (entry.1, max) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        true
    }

    fn families(&mut self) {
        static PATTERN: OnceLock<FamilyWords> = OnceLock::new();
        let (pattern, words) = PATTERN.get_or_init(family_words);
        let lookup: BTreeMap<&str, &Vec<String>> = words
            .iter()
            .map(|(word, codes)| (word.as_str(), codes))
            .collect();
        for captures in self.find_all(pattern) {
            let word = captures.get(0).map_or("", |m| m.as_str());
            let squeezed: String = word.split_whitespace().collect::<Vec<_>>().join(" ");
            let codes = lookup
                .get(squeezed.as_str())
                .or_else(|| squeezed.strip_suffix('s').and_then(|word| lookup.get(word)));
            if let Some(codes) = codes {
                for code in codes.iter() {
                    if !self.query.families.contains(code) {
                        self.query.families.push(code.clone());
                    }
                }
            }
        }
    }

    /// What is left: filler words dropped, the rest reported piece by piece.
    fn leftovers(&mut self) {
        static FILLER: OnceLock<Regex> = OnceLock::new();
        let filler = FILLER.get_or_init(|| {
            Regex::new(&format!(
                r"^(?:{})+$",
                alternation(FILLER_WORDS.iter().copied())
            ))
            .unwrap_or_else(|_| never())
        });
        fn end_word(word: &mut String, phrase: &mut Vec<String>, filler: &Regex) {
            if !word.is_empty() {
                let stripped = strip_cjk_filler(word);
                if !stripped.is_empty() && !filler.is_match(word) {
                    phrase.push(stripped);
                }
                word.clear();
            }
        }
        // Consecutive words not understood form one phrase; understood text and punctuation end
        // it.
        let mut word = String::new();
        let mut phrase: Vec<String> = Vec::new();
        let mut phrase_start = 0;
        for (index, c) in self.text.char_indices() {
            if self.used[index] {
                end_word(&mut word, &mut phrase, filler);
                if !phrase.is_empty() {
                    self.unparsed.push((phrase_start, phrase.join(" ")));
                    phrase.clear();
                }
                continue;
            }
            if phrase.is_empty() && word.is_empty() {
                phrase_start = index;
            }
            if ",;:!?()[]\"".contains(c) {
                // Punctuation ends a phrase as understood text does.
                end_word(&mut word, &mut phrase, filler);
                if !phrase.is_empty() {
                    self.unparsed.push((phrase_start, phrase.join(" ")));
                    phrase.clear();
                }
            } else if c.is_whitespace() || c == '\'' || c == '.' {
                end_word(&mut word, &mut phrase, filler);
            } else {
                word.push(c);
            }
        }
        end_word(&mut word, &mut phrase, filler);
        if !phrase.is_empty() {
            self.unparsed.push((phrase_start, phrase.join(" ")));
        }
    }

    fn finish(mut self) -> ChatQuery {
        self.unparsed.sort_by_key(|(start, _)| *start);
        self.query.unparsed = self.unparsed.into_iter().map(|(_, text)| text).collect();
        self.query.constraints = self
            .bounds
            .iter()
            .map(|(&property, &(min, max))| Constraint { property, min, max })
            .collect();
        if self.query.families.is_empty() {
            for note in &self.query.conditions {
                let rule = CONDITIONS
                    .iter()
                    .find(|rule| rule.condition == note.condition);
                if rule.is_some_and(|rule| rule.filters) {
                    for code in &note.suggested_families {
                        if !self.query.families.contains(code) {
                            self.query.families.push(code.clone());
                        }
                    }
                    self.query.families_from_conditions = true;
                }
            }
        }
        self.query
    }
}

fn next_char(text: &str, at: usize) -> usize {
    text[at..]
        .chars()
        .next()
        .map_or(text.len() + 1, |c| at + c.len_utf8())
}

/// The compiled patterns of a table, in table order (compiled once per process).
fn compiled(
    table: &'static [&'static str],
    cell: &'static OnceLock<Vec<Regex>>,
) -> &'static [Regex] {
    cell.get_or_init(|| {
        table
            .iter()
            .map(|pattern| Regex::new(pattern).unwrap_or_else(|_| never()))
            .collect()
    })
}

/// Removes Chinese filler words from a leftover piece (`的`, `材料`, `推荐`…).
fn strip_cjk_filler(piece: &str) -> String {
    let mut rest = piece.to_owned();
    let mut words: Vec<&str> = FILLER_WORDS
        .iter()
        .copied()
        .filter(|word| !word.is_ascii())
        .collect();
    words.sort_by_key(|word| std::cmp::Reverse(word.chars().count()));
    for word in words {
        rest = rest.replace(word, "");
    }
    if rest.is_ascii() && FILLER_WORDS.contains(&rest.as_str()) {
        return String::new();
    }
    rest.trim_matches(|c: char| c.is_whitespace() || c == '-' || c == ':')
        .to_owned()
}

fn comparative_property(adjective: &str) -> Option<(Property, Relation)> {
    Some(match adjective {
        "lighter" => (Property::Density, Relation::Max),
        "heavier" | "denser" => (Property::Density, Relation::Min),
        "stiffer" => (Property::YoungsModulus, Relation::Min),
        "stronger" => (Property::YieldStrength, Relation::Min),
        "harder" => (Property::HardnessBrinell, Relation::Min),
        _ => return None,
    })
}

/// The family-word pattern and each word's family codes.
type FamilyWords = (Regex, Vec<(String, Vec<String>)>);

/// The family words: the hand table, then every taxonomy name (Chinese name without its
/// bracket, the bracketed abbreviation, the English name and its singular).
fn family_words() -> FamilyWords {
    let mut words: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for &(word, codes) in FAMILY_WORDS {
        words.insert(
            word.to_owned(),
            codes.iter().map(|&c| c.to_owned()).collect(),
        );
    }
    for family in Taxonomy::get().families() {
        let mut names = Vec::new();
        let zh = family.name_zh.to_lowercase();
        match zh.split_once(" (") {
            Some((name, abbreviation)) => {
                names.push(name.trim().to_owned());
                names.push(abbreviation.trim_end_matches(')').trim().to_owned());
            }
            None => names.push(zh.trim().to_owned()),
        }
        let en = without_brackets(&family.name_en.to_lowercase());
        if !en.contains('&') && !en.contains(',') {
            if let Some(singular) = en.strip_suffix('s') {
                names.push(singular.to_owned());
            }
            names.push(en);
        }
        for name in names {
            // Short abbreviations collide with ordinary words and units (`pe`, `ps`, `pc`):
            // only those of three letters or more, or Chinese names, are family words.
            let usable = name.chars().count() >= 3 || !name.is_ascii();
            if usable {
                words
                    .entry(name)
                    .or_insert_with(|| vec![family.code.clone()]);
            }
        }
    }
    let mut sorted: Vec<&String> = words.keys().collect();
    sorted.sort_by_key(|word| std::cmp::Reverse(word.chars().count()));
    let pattern = sorted
        .iter()
        .map(|word| regex::escape(word).replace(' ', r"\s+"))
        .collect::<Vec<_>>()
        .join("|");
    // An English plural (`steels`, `alloys`) is the same family word.
    let regex = Regex::new(&format!("(?:{pattern})s?")).unwrap_or_else(|_| never());
    (regex, words.into_iter().collect())
}

/// `ductile (nodular) cast irons` → `ductile cast irons`.
fn without_brackets(name: &str) -> String {
    let mut out = String::new();
    let mut depth = 0usize;
    for c in name.chars() {
        match c {
            '(' => depth += 1,
            ')' => depth = depth.saturating_sub(1),
            c if depth == 0 => out.push(c),
            _ => {}
        }
    }
    out.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn is_stress_unit(unit: &str) -> bool {
    matches!(
        unit.trim_end_matches('.'),
        "mpa" | "kpa" | "pa" | "psi" | "ksi" | "n/mm2" | "n/mm²" | "兆帕" | "千帕"
    )
}

/// Units that name their property (a bare "≤ 3 g/cm³" is a density).
fn property_from_unit(unit: &str) -> Option<Property> {
    let key = unit_key(unit);
    [
        Property::Density,
        Property::ThermalConductivity,
        Property::SpecificHeat,
        Property::ElectricalResistivity,
        Property::ThermalExpansion,
    ]
    .into_iter()
    .find(|&property| {
        local_unit(property, &key).is_some()
            || (property == Property::Density && units_density(unit).is_some())
    })
    .or_else(|| {
        matches!(key.as_str(), "gpa" | "吉帕" | "千兆帕").then_some(Property::YoungsModulus)
    })
}

fn units_density(unit: &str) -> Option<f64> {
    units::parse_quantity_as(&format!("1{unit}"), units::Dimension::Density)
        .ok()
        .map(|q| q.value)
}

/// A unit spelling reduced to letters, digits and `%`: `W/(m·K)`, `w/m-k`, `W/mK` → `wmk`.
fn unit_key(unit: &str) -> String {
    unit.trim_end_matches(['.', ','])
        .chars()
        .filter(|c| !"()·*. -/°^".contains(*c))
        .map(|c| match c {
            '³' => '3',
            '²' => '2',
            '℃' => 'c',
            'Ω' | 'ω' => 'Ω',
            c => c,
        })
        .collect::<String>()
        .replace("ohm", "Ω")
}

/// Units outside the `units` crate's dimensions: factor to SI for a property.
fn local_unit(property: Property, key: &str) -> Option<f64> {
    use Property as P;
    Some(match (property, key) {
        (P::ThermalConductivity, "wmk" | "wmc") => 1.0,
        (P::ThermalConductivity, "wcmk" | "wcmc") => 100.0,
        (P::ThermalConductivity, "btuhftf" | "btuftfh") => 1.730_735,
        (P::SpecificHeat, "jkgk" | "jkgc") => 1.0,
        (P::SpecificHeat, "kjkgk" | "kjkgc" | "jgk" | "jgc") => 1000.0,
        (P::SpecificHeat, "calgc" | "calgk") => 4184.0,
        (P::SpecificHeat, "btulbf") => 4186.8,
        (P::ElectricalResistivity, "Ωm") => 1.0,
        (P::ElectricalResistivity, "Ωcm") => 0.01,
        (P::ElectricalResistivity, "Ωmm") => 1e-3,
        (P::ElectricalResistivity, "µΩcm" | "uΩcm") => 1e-8,
        (P::ElectricalResistivity, "µΩm" | "uΩm") => 1e-6,
        (P::ElectricalResistivity, "nΩm") => 1e-9,
        (P::ElectricalResistivity, "Ωmm2m") => 1e-6,
        (P::ThermalExpansion, "1k" | "k" | "k1" | "1c" | "c" | "c1") => 1.0,
        (
            P::ThermalExpansion,
            "ppmk" | "ppmc" | "µmmk" | "ummk" | "µmmc" | "ummc" | "106k" | "e6k",
        ) => 1e-6,
        (P::ThermalExpansion, "1f" | "f") => 1.8,
        (P::ThermalExpansion, "ppmf" | "µininf" | "uininf") => 1.8e-6,
        (P::Elongation, "%") => 0.01,
        (P::HardnessBrinell, "hb" | "hbw" | "hbs") => 1.0,
        (P::Cost, _)
            if key.starts_with('元')
                || key.starts_with('$')
                || key.starts_with("cny")
                || key.starts_with("rmb")
                || key.starts_with("usd") =>
        {
            1.0
        }
        (P::Density, "tm3") => 1000.0,
        (P::Density, "lbin3") => 27_679.904_71,
        (P::Density, "lbft3") => 16.018_463,
        _ => return None,
    })
}

/// A number with its unit (or the property's default unit) in canonical SI.
fn to_si(property: Property, number: f64, unit: Option<&str>) -> Option<f64> {
    use Property as P;
    let unit = unit
        .map(|u| u.trim_end_matches(['.', ',', '-']))
        .filter(|u| !u.is_empty());
    let Some(unit) = unit else {
        // Defaults: what an engineer means by a bare number (docs/materials-cae.md).
        return Some(match property {
            P::Density if number < 50.0 => number * 1000.0,
            P::Density => number,
            P::YoungsModulus | P::ShearModulus => number * 1e9,
            P::YieldStrength | P::TensileStrength => number * 1e6,
            P::Elongation => number / 100.0,
            P::ThermalExpansion if number >= 1e-3 => number * 1e-6,
            P::ElectricalResistivity if number >= 1e-3 => number * 1e-8,
            P::MeltingPoint | P::GlassTransition => number + 273.15,
            _ => number,
        });
    };
    let key = unit_key(unit);
    if let Some(factor) = local_unit(property, &key) {
        return Some(number * factor);
    }
    let dimension = match property {
        P::YoungsModulus | P::ShearModulus | P::YieldStrength | P::TensileStrength => {
            units::Dimension::Pressure
        }
        P::Density => units::Dimension::Density,
        P::MeltingPoint | P::GlassTransition => {
            return match key.as_str() {
                "k" => Some(number),
                "c" | "摄氏度" | "度" => Some(number + 273.15),
                "f" | "华氏度" => Some((number - 32.0) * 5.0 / 9.0 + 273.15),
                _ => None,
            };
        }
        _ => return None,
    };
    let spelled = match unit {
        "兆帕" => "MPa",
        "吉帕" | "千兆帕" => "GPa",
        "千帕" => "kPa",
        other => other,
    };
    units::parse_quantity_as(&format!("{number}{spelled}"), dimension)
        .ok()
        .map(|quantity| quantity.value)
}

#[cfg(test)]
mod tests;
