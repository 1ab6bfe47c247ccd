//! The spec's keyword rule (§5): a search token made of a number and a capacitance or inductance
//! unit (pF, nF, μF, mF, F, nH, μH, mH, H), in any case and with `u`/`µ` for μ, is rewritten in
//! canonical case and also sent as a `notAnalyzerKeyWords` value, which the server compares by
//! canonical value ([`keyword_quantity`] + [`crate::same_value`]).

use crate::{Dimension, Quantity};

/// (lower-case spelling, canonical spelling, dimension, decimal exponent)
type KeywordUnit = (&'static str, &'static str, Dimension, i32);

const KEYWORD_UNITS: &[KeywordUnit] = &[
    ("pf", "pF", Dimension::Capacitance, -12),
    ("nf", "nF", Dimension::Capacitance, -9),
    ("uf", "μF", Dimension::Capacitance, -6),
    ("µf", "μF", Dimension::Capacitance, -6),
    ("μf", "μF", Dimension::Capacitance, -6),
    ("mf", "mF", Dimension::Capacitance, -3),
    ("f", "F", Dimension::Capacitance, 0),
    ("nh", "nH", Dimension::Inductance, -9),
    ("uh", "μH", Dimension::Inductance, -6),
    ("µh", "μH", Dimension::Inductance, -6),
    ("μh", "μH", Dimension::Inductance, -6),
    ("mh", "mH", Dimension::Inductance, -3),
    ("h", "H", Dimension::Inductance, 0),
];

/// Splits a keyword into its number (as written) and its unit entry.
fn split_keyword(text: &str) -> Option<(&str, &'static KeywordUnit)> {
    let text = text.trim();
    let number_end = text
        .char_indices()
        .find(|(_, c)| !(c.is_ascii_digit() || *c == '.'))
        .map_or(text.len(), |(index, _)| index);
    let (number, unit) = text.split_at(number_end);
    let valid_number = !number.is_empty()
        && number.chars().filter(|c| *c == '.').count() <= 1
        && number.chars().any(|c| c.is_ascii_digit())
        && !number.ends_with('.');
    if !valid_number {
        return None;
    }
    // The lower-casing keeps Greek mu (μ) and micro sign (µ) as they are, so both are listed.
    let unit = unit.trim_start().to_lowercase();
    KEYWORD_UNITS
        .iter()
        .find(|(spelling, ..)| *spelling == unit)
        .map(|entry| (number, entry))
}

/// `10uf` → `10μF`, `10 µF` → `10μF`, `0.01MF` → `0.01mF`, `100NH` → `100nH`; `None` when the text
/// is not a number followed by one of the units of the rule.
///
/// `MF` is read as mF: mega-farad is not a component value, the same rule [`crate::parse_quantity`]
/// applies.
pub fn normalize_keyword(text: &str) -> Option<String> {
    split_keyword(text).map(|(number, (_, canonical, ..))| format!("{number}{canonical}"))
}

/// The canonical value of a keyword that [`normalize_keyword`] accepts.
pub fn keyword_quantity(text: &str) -> Option<Quantity> {
    let (number, (_, _, dimension, exponent)) = split_keyword(text)?;
    let value = number.parse::<f64>().ok()? * 10f64.powi(*exponent);
    value.is_finite().then_some(Quantity {
        dimension: *dimension,
        value,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::same_value;

    #[test]
    fn spellings_become_canonical() {
        assert_eq!(normalize_keyword("10uf").as_deref(), Some("10μF"));
        assert_eq!(normalize_keyword("10UF").as_deref(), Some("10μF"));
        assert_eq!(normalize_keyword("10μF").as_deref(), Some("10μF"));
        assert_eq!(normalize_keyword("10 µF").as_deref(), Some("10μF"));
        assert_eq!(normalize_keyword("0.01MF").as_deref(), Some("0.01mF"));
        assert_eq!(normalize_keyword("10000nf").as_deref(), Some("10000nF"));
        assert_eq!(normalize_keyword("22PF").as_deref(), Some("22pF"));
        assert_eq!(normalize_keyword("1f").as_deref(), Some("1F"));
        assert_eq!(normalize_keyword("100NH").as_deref(), Some("100nH"));
        assert_eq!(normalize_keyword("4.7uh").as_deref(), Some("4.7μH"));
        assert_eq!(normalize_keyword("10MH").as_deref(), Some("10mH"));
        assert_eq!(normalize_keyword("2H").as_deref(), Some("2H"));
    }

    #[test]
    fn other_tokens_are_left_alone() {
        for text in [
            "10k",
            "10V",
            "uF",
            "STM32F103",
            "10uF0603",
            "1..2uF",
            "1.uF",
            "",
            "10 kF",
            ".uF",
        ] {
            assert_eq!(normalize_keyword(text), None, "{text}");
        }
    }

    #[test]
    fn keyword_values_match_across_spellings() {
        let reference = keyword_quantity("10uf");
        assert!(reference.is_some());
        for text in ["10μF", "10 µF", "0.01mF", "10000nF", "0.00001F"] {
            let quantity = keyword_quantity(text);
            assert!(
                matches!((reference, quantity), (Some(a), Some(b)) if same_value(&a, &b)),
                "{text}"
            );
        }
        assert!(keyword_quantity("10uH").is_some_and(|q| q.dimension == Dimension::Inductance));
    }
}
