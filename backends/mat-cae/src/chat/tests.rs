use std::collections::BTreeMap;

use serde::Deserialize;

use super::*;

/// One sentence of `tests/chat-suite.json` and what it must parse into. Bounds in SI.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Case {
    text: String,
    #[serde(default)]
    families: Vec<String>,
    #[serde(default, rename = "familiesFromConditions")]
    families_from_conditions: bool,
    #[serde(default)]
    constraints: BTreeMap<String, [Option<f64>; 2]>,
    #[serde(default)]
    conditions: Vec<Condition>,
    /// `index:stiffBeam`, `max:yieldStrength`, `min:density`.
    #[serde(default)]
    objective: Option<String>,
    #[serde(default)]
    unparsed: Vec<String>,
}

const SUITE: &str = include_str!("../../tests/chat-suite.json");

fn objective_text(objective: Option<Objective>) -> Option<String> {
    objective.map(|objective| match objective {
        Objective::Index { index } => format!(
            "index:{}",
            serde_json::to_value(index)
                .ok()
                .and_then(|v| v.as_str().map(str::to_owned))
                .unwrap_or_default()
        ),
        Objective::Maximise { property } => format!("max:{}", property.key()),
        Objective::Minimise { property } => format!("min:{}", property.key()),
    })
}

fn same(a: Option<f64>, b: Option<f64>) -> bool {
    match (a, b) {
        (None, None) => true,
        (Some(a), Some(b)) => (a - b).abs() <= 1e-9 * a.abs().max(b.abs()),
        _ => false,
    }
}

/// Differences between what a case expects and what the parser gave, empty when it passes.
fn differences(case: &Case, query: &ChatQuery) -> Vec<String> {
    let mut out = Vec::new();
    if query.families != case.families {
        out.push(format!(
            "families {:?} ≠ {:?}",
            query.families, case.families
        ));
    }
    if query.families_from_conditions != case.families_from_conditions {
        out.push(format!(
            "familiesFromConditions {}",
            query.families_from_conditions
        ));
    }
    let got: BTreeMap<String, [Option<f64>; 2]> = query
        .constraints
        .iter()
        .map(|c| (c.property.key().to_owned(), [c.min, c.max]))
        .collect();
    let keys_match = got.len() == case.constraints.len()
        && got.iter().all(|(key, [min, max])| {
            case.constraints
                .get(key)
                .is_some_and(|[emin, emax]| same(*min, *emin) && same(*max, *emax))
        });
    if !keys_match {
        out.push(format!("constraints {got:?} ≠ {:?}", case.constraints));
    }
    let conditions: Vec<Condition> = query.conditions.iter().map(|note| note.condition).collect();
    if conditions != case.conditions {
        out.push(format!("conditions {conditions:?} ≠ {:?}", case.conditions));
    }
    if objective_text(query.objective) != case.objective {
        out.push(format!(
            "objective {:?} ≠ {:?}",
            objective_text(query.objective),
            case.objective
        ));
    }
    if query.unparsed != case.unparsed {
        out.push(format!(
            "unparsed {:?} ≠ {:?}",
            query.unparsed, case.unparsed
        ));
    }
    out
}

#[test]
fn the_sentence_suite_parses_as_written() {
    let cases: Vec<Case> = match serde_json::from_str(SUITE) {
        Ok(cases) => cases,
        Err(error) => panic!("tests/chat-suite.json: {error}"),
    };
    let chinese = cases
        .iter()
        .filter(|case| {
            case.text
                .chars()
                .any(|c| ('\u{4E00}'..='\u{9FFF}').contains(&c))
        })
        .count();
    assert!(cases.len() >= 100, "{} sentences", cases.len());
    assert!(
        chinese >= 40 && cases.len() - chinese >= 40,
        "{chinese} Chinese of {}",
        cases.len()
    );
    let failures: Vec<String> = cases
        .iter()
        .filter_map(|case| {
            let found = differences(case, &parse(&case.text));
            (!found.is_empty()).then(|| format!("{}\n    {}", case.text, found.join("\n    ")))
        })
        .collect();
    assert!(
        failures.is_empty(),
        "{} of {} sentences differ:\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n")
    );
}

#[test]
fn the_issue_examples() {
    let query = parse("密度小于3 g/cm³、屈服强度大于200 MPa的铝合金");
    assert_eq!(query.families, ["aluminum-alloy"]);
    assert_eq!(
        query.constraints,
        [
            Constraint {
                property: Property::Density,
                min: None,
                max: Some(3000.0)
            },
            Constraint {
                property: Property::YieldStrength,
                min: Some(200e6),
                max: None
            },
        ]
    );
    assert!(query.unparsed.is_empty(), "{:?}", query.unparsed);
    let query = parse("stainless steel with yield above 300 MPa for sea water");
    assert_eq!(query.families, ["stainless-steel"]);
    assert!(!query.families_from_conditions);
    assert_eq!(query.conditions[0].condition, Condition::SeaWater);
    assert!(query.conditions[0]
        .suggested_families
        .contains(&"titanium-alloy".to_owned()));
}

#[test]
fn input_is_capped() {
    let long = format!("密度小于3 {}", "x".repeat(MAX_CHARS));
    let query = parse(&long);
    assert_eq!(query.constraints.len(), 1);
    assert!(query.unparsed.iter().map(String::len).sum::<usize>() >= 3);
}

#[test]
fn the_fallback_pattern_matches_nothing() {
    let nothing = never();
    assert!(!nothing.is_match(""));
    assert!(!nothing.is_match("any text, 任何文字"));
}

#[test]
fn an_unknown_unit_is_reported_not_guessed() {
    let query = parse("密度小于3 furlongs/m³，屈服强度大于200 MPa");
    assert_eq!(query.constraints.len(), 1, "{query:?}");
    assert_eq!(query.constraints[0].property, Property::YieldStrength);
    assert_eq!(query.unparsed, ["密度小于3 furlongs/m³"]);
    let query = parse("density below 1e999 kg/m3");
    assert!(query.constraints.is_empty(), "{query:?}");
    assert_eq!(query.unparsed, ["density below 1e999 kg/m3"]);
}

#[test]
fn every_table_pattern_compiles() {
    for &(pattern, _) in tables::OBJECTIVES {
        assert!(Regex::new(pattern).is_ok(), "{pattern}");
    }
    for rule in tables::CONDITIONS {
        assert!(Regex::new(rule.pattern).is_ok(), "{}", rule.pattern);
    }
    for &(_, codes) in tables::FAMILY_WORDS {
        for code in codes {
            assert!(Taxonomy::get().family(code).is_some(), "{code}");
        }
    }
    for rule in tables::CONDITIONS {
        for code in rule.suggested {
            assert!(Taxonomy::get().family(code).is_some(), "{code}");
        }
    }
}

proptest::proptest! {
    /// Any text, Chinese or not: no panic, finite bounds in order for every single mention, and
    /// nothing understood twice (each constraint once per property).
    #[test]
    fn any_text_parses_without_panic(text in "[0-9a-zA-Z .,~<>=≥≤%/°·µΩ³\\-密度屈服强度大于小于之间的钢铝MPaGgcm]{0,80}") {
        let query = parse(&text);
        let mut seen = std::collections::BTreeSet::new();
        for constraint in &query.constraints {
            proptest::prop_assert!(seen.insert(constraint.property));
            for bound in [constraint.min, constraint.max].into_iter().flatten() {
                proptest::prop_assert!(bound.is_finite(), "{text:?} → {query:?}");
            }
        }
    }
}
