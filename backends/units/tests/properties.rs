//! Property tests: display → parse round trips, prefix spellings, and robustness on any input.

use proptest::prelude::*;
use units::{
    canonical_display, extract_params, keyword_quantity, normalize_keyword, parse_param,
    parse_quantity, parse_thread, same_value, Dimension, Quantity,
};

fn dimension() -> impl Strategy<Value = Dimension> {
    prop::sample::select(Dimension::ALL.to_vec())
}

/// A value with at most six significant digits in the dimension's display unit.
fn nice_value() -> impl Strategy<Value = f64> {
    (1i64..=999_999, -24i32..=24, any::<bool>()).prop_map(|(mantissa, exponent, negative)| {
        let value = mantissa as f64 * 10f64.powi(exponent);
        if negative {
            -value
        } else {
            value
        }
    })
}

fn relative_difference(a: f64, b: f64) -> f64 {
    if a == b {
        0.0
    } else {
        (a - b).abs() / a.abs().max(b.abs())
    }
}

/// Characters that exercise every branch of the grammar.
const GRAMMAR_CHARS: &[char] = &[
    '0', '1', '2', '3', '4', '5', '7', '9', '.', ',', ';', '/', '-', '+', '~', '@', '±', ' ', 'e',
    'E', 'k', 'K', 'M', 'm', 'u', 'µ', 'μ', 'n', 'p', 'R', 'r', 'V', 'A', 'W', 'F', 'H', 'h', 'z',
    'Ω', '°', 'C', '℃', '%', 'x', '×', 't', 'o', '²', '³', 'g', 'c', 'B', 'b', 'i', 's', '(', ')',
    '=', ':', '至', '－', '１', '～',
];

fn grammar_text() -> impl Strategy<Value = String> {
    prop::collection::vec(prop::sample::select(GRAMMAR_CHARS.to_vec()), 0..48)
        .prop_map(|chars| chars.into_iter().collect())
}

fn check_no_panic_and_sane(text: &str) -> Result<(), TestCaseError> {
    if let Ok(values) = parse_param(text, None) {
        prop_assert!(!values.is_empty());
        for value in values {
            for bound in [value.min, value.typ, value.max].into_iter().flatten() {
                prop_assert!(bound.is_finite(), "{text:?} gave {value:?}");
            }
            if let (Some(min), Some(max)) = (value.min, value.max) {
                prop_assert!(min <= max, "{text:?} gave {value:?}");
            }
        }
    }
    for hint in [
        Dimension::Resistance,
        Dimension::Temperature,
        Dimension::Charge,
    ] {
        let _ = parse_param(text, Some(hint));
    }
    if let Ok(quantity) = parse_quantity(text) {
        prop_assert!(quantity.value.is_finite());
    }
    let _ = extract_params(text);
    let _ = parse_thread(text);
    if let Some(keyword) = normalize_keyword(text) {
        prop_assert!(keyword_quantity(&keyword).is_some());
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 2_000,
        // Integration tests have no lib.rs for proptest to store regressions beside.
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    #[test]
    fn display_then_parse_gives_the_value_back(dimension in dimension(), value in nice_value()) {
        let quantity = Quantity { dimension, value };
        let text = canonical_display(quantity);
        let parsed = parse_quantity(&text);
        prop_assert!(parsed.is_ok(), "{quantity:?} displayed as {text:?}: {parsed:?}");
        if let Ok(parsed) = parsed {
            prop_assert_eq!(parsed.dimension, dimension, "{}", text);
            prop_assert!(relative_difference(parsed.value, value) <= 5e-6, "{quantity:?} → {text} → {parsed:?}");
        }
    }

    #[test]
    fn display_is_exact_for_values_with_six_digits(
        dimension in dimension().prop_filter("binary prefixes", |d| *d != Dimension::DataSize),
        mantissa in 1i64..=999_999,
        exponent in -18i32..=12,
    ) {
        // The value is nice in the unit it is displayed in (degrees, grams, percent).
        let display_unit_scale = match dimension {
            Dimension::Mass => 1e-3,
            Dimension::Angle => std::f64::consts::PI / 180.0,
            Dimension::Ratio => 0.01,
            Dimension::TemperatureCoefficient => 1e-6,
            _ => 1.0,
        };
        let value = mantissa as f64 * 10f64.powi(exponent) * display_unit_scale;
        let quantity = Quantity { dimension, value };
        let text = canonical_display(quantity);
        let parsed = parse_quantity(&text);
        prop_assert!(parsed.as_ref().is_ok_and(|p| same_value(p, &quantity)), "{quantity:?} → {text} → {parsed:?}");
    }

    #[test]
    fn display_of_any_finite_value_parses_back(
        dimension in dimension(),
        value in prop::num::f64::NORMAL | prop::num::f64::SUBNORMAL | prop::num::f64::ZERO,
    ) {
        // Beyond ±1e250 the display unit (ppm, %) or the prefix can overflow f64; no catalogue
        // value comes near.
        prop_assume!(value.abs() < 1e250);
        let text = canonical_display(Quantity { dimension, value });
        let parsed = parse_quantity(&text);
        prop_assert!(parsed.as_ref().is_ok_and(|p| p.dimension == dimension), "{value:e} {dimension} → {text}: {parsed:?}");
        if let Ok(parsed) = parsed {
            if value.abs() > 1e-280 && value.abs() < 1e280 {
                prop_assert!(relative_difference(parsed.value, value) <= 5e-6, "{value:e} → {text} → {parsed:?}");
            }
        }
    }

    #[test]
    fn display_is_stable(dimension in dimension(), value in nice_value()) {
        let first = canonical_display(Quantity { dimension, value });
        let reparsed = parse_quantity(&first);
        prop_assert!(reparsed.is_ok());
        if let Ok(reparsed) = reparsed {
            prop_assert_eq!(canonical_display(reparsed), first);
        }
    }

    #[test]
    fn prefix_spellings_are_equivalent(count in 1u32..1_000_000) {
        let nano = parse_quantity(&format!("{count}nF"));
        let micro_value = f64::from(count) / 1000.0;
        let pico = parse_quantity(&format!("{}pF", u64::from(count) * 1000));
        let milli = parse_quantity(&format!("{}mF", f64::from(count) / 1e6));
        prop_assert!(nano.is_ok() && pico.is_ok() && milli.is_ok());
        if let (Ok(nano), Ok(pico), Ok(milli)) = (nano, pico, milli) {
            prop_assert!(same_value(&nano, &pico));
            prop_assert!(same_value(&nano, &milli));
            for micro in ["u", "µ", "μ", "U"] {
                for farad in ["F", "f"] {
                    let text = format!("{micro_value}{micro}{farad}");
                    let parsed = parse_quantity(&text);
                    prop_assert!(parsed.as_ref().is_ok_and(|p| same_value(p, &nano)), "{text}: {parsed:?}");
                }
            }
        }
    }

    #[test]
    fn keyword_rule_agrees_with_the_parser(count in 1u32..100_000, unit in prop::sample::select(vec![
        "pf", "PF", "nF", "uf", "UF", "µF", "μf", "mF", "F", "nh", "uH", "µH", "mH", "H", "Mf",
    ])) {
        let keyword = format!("{count}{unit}");
        let normalized = normalize_keyword(&keyword);
        prop_assert!(normalized.is_some(), "{keyword}");
        if let Some(normalized) = normalized {
            let by_rule = keyword_quantity(&keyword);
            let by_parser = parse_quantity(&normalized);
            prop_assert!(
                matches!((by_rule, &by_parser), (Some(a), Ok(b)) if same_value(&a, b)),
                "{keyword} → {normalized}: {by_rule:?} vs {by_parser:?}"
            );
        }
    }

    #[test]
    fn never_panics_on_arbitrary_text(text in any::<String>()) {
        check_no_panic_and_sane(&text)?;
    }

    #[test]
    fn never_panics_on_grammar_shaped_text(text in grammar_text()) {
        check_no_panic_and_sane(&text)?;
    }

    #[test]
    fn ranges_are_ordered_whatever_the_order_written(a in -1000i32..1000, b in -1000i32..1000) {
        let values = parse_param(&format!("{a}~{b}V"), None);
        prop_assert!(values.is_ok());
        if let Ok(values) = values {
            prop_assert_eq!(values[0].min, Some(f64::from(a.min(b))));
            prop_assert_eq!(values[0].max, Some(f64::from(a.max(b))));
        }
    }
}
