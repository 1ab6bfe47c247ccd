//! Values with units found in free text, such as KiCad symbol descriptions:
//! "Resistor, 10kΩ, 1%, 0.125W, 0603" → 10 kΩ, 1 % (0.01), 0.125 W.
//!
//! The text is cut into segments at `,` `;` and brackets, each segment into words. Starting at each
//! word that begins like a number, the longest window of up to [`MAX_WINDOW_WORDS`] words that
//! parses as a parameter with a unit is taken (`2.7V to 5.5V`, `10 kΩ`, `10mΩ @ 4.5V`). Bare
//! numbers (`0603`, `USB 2.0`) and words that only start with digits (`74HC595`, `1N4148`) are
//! skipped because they do not parse.

use crate::parse::parse_fragment;
use crate::{Dimension, ParamValue};

/// Longest window tried, in words: `-40 °C to +85 °C` has five.
const MAX_WINDOW_WORDS: usize = 5;

fn is_segment_break(c: char) -> bool {
    matches!(
        c,
        ',' | ';' | '(' | ')' | '[' | ']' | '{' | '}' | '，' | '；' | '（' | '）' | '、' | '|'
    )
}

fn starts_like_a_value(word: &str) -> bool {
    let mut chars = word.chars();
    match chars.next() {
        Some(c) if c.is_ascii_digit() => true,
        Some('+' | '-' | '±' | '.' | '~') => {
            chars.next().is_some_and(|c| c.is_ascii_digit() || c == '.')
        }
        _ => false,
    }
}

/// Drops sentence punctuation stuck to the end of a word (`5V.` → `5V`, `85°C:` → `85°C`).
fn trim_punctuation(word: &str) -> &str {
    word.trim_end_matches([':', '!', '?', '.'])
}

fn parse_window(words: &[&str]) -> Option<Vec<ParamValue>> {
    let text = words.join(" ");
    parse_fragment(&text).ok()
}

fn extract_from_segment(segment: &str, found: &mut Vec<(Dimension, ParamValue)>) {
    let words: Vec<&str> = segment
        .split_whitespace()
        .map(trim_punctuation)
        .filter(|word| !word.is_empty())
        .collect();
    let mut index = 0;
    while index < words.len() {
        if !starts_like_a_value(words[index]) {
            index += 1;
            continue;
        }
        let longest = (1..=MAX_WINDOW_WORDS.min(words.len() - index))
            .rev()
            .find_map(|length| {
                parse_window(&words[index..index + length]).map(|values| (length, values))
            });
        match longest {
            Some((length, values)) => {
                found.extend(values.into_iter().map(|value| (value.dimension, value)));
                index += length;
            }
            None => {
                // `100nF/50V` lists two dimensions: read each part on its own.
                if words[index].contains('/') {
                    for part in words[index].split('/') {
                        if starts_like_a_value(part) {
                            if let Some(values) = parse_window(&[part]) {
                                found.extend(
                                    values.into_iter().map(|value| (value.dimension, value)),
                                );
                            }
                        }
                    }
                }
                index += 1;
            }
        }
    }
}

/// Every value with a unit found in `description`, in order of appearance. Lists give one entry
/// per value (`3.3V/5V` → two voltages).
pub fn extract_params(description: &str) -> Vec<(Dimension, ParamValue)> {
    let mut found = Vec::new();
    for segment in description.split(is_segment_break) {
        if segment.chars().count() > crate::MAX_INPUT_CHARS {
            // A run-on segment without separators: look at it word by word instead.
            for piece in segment.split_whitespace().collect::<Vec<_>>().chunks(16) {
                extract_from_segment(&piece.join(" "), &mut found);
            }
        } else {
            extract_from_segment(segment, &mut found);
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    type Bounds = (Dimension, Option<f64>, Option<f64>, Option<f64>);

    fn summary(description: &str) -> Vec<Bounds> {
        extract_params(description)
            .into_iter()
            .map(|(dimension, value)| (dimension, value.min, value.typ, value.max))
            .collect()
    }

    fn has(description: &str, dimension: Dimension, typ: f64) -> bool {
        extract_params(description).iter().any(|(d, value)| {
            *d == dimension && value.typ.is_some_and(|v| crate::approx_eq(v, typ))
        })
    }

    #[test]
    fn resistor_description() {
        let text = "Resistor, 10kΩ, 1%, 0.125W, 0603";
        let found = summary(text);
        assert_eq!(found.len(), 3, "{found:?}");
        assert!(has(text, Dimension::Resistance, 10_000.0));
        assert!(has(text, Dimension::Ratio, 0.01));
        assert!(has(text, Dimension::Power, 0.125));
    }

    #[test]
    fn regulator_description() {
        let text = "LDO regulator, 3.3V, 500mA, SOT-23-5";
        assert_eq!(summary(text).len(), 2);
        assert!(has(text, Dimension::Voltage, 3.3));
        assert!(has(text, Dimension::Current, 0.5));
    }

    #[test]
    fn ranges_spanning_words() {
        let text = "Low-power MCU, 1.8V to 3.6V supply, -40 to +85°C, 16MHz";
        let found = extract_params(text);
        let supply = found.iter().find(|(d, _)| *d == Dimension::Voltage);
        assert!(
            supply.is_some_and(|(_, v)| v.min == Some(1.8) && v.max == Some(3.6)),
            "{found:?}"
        );
        let temperature = found.iter().find(|(d, _)| *d == Dimension::Temperature);
        assert!(temperature.is_some_and(|(_, v)| v.min == Some(-40.0) && v.max == Some(85.0)));
        assert!(has(text, Dimension::Frequency, 16e6));
    }

    #[test]
    fn part_numbers_and_bare_numbers_are_skipped() {
        assert!(
            extract_params("74HC595 shift register, 1N4148 diode, USB 2.0, 0603, SOT-23")
                .is_empty()
        );
        assert!(extract_params("").is_empty());
    }

    #[test]
    fn mixed_lists_and_conditions() {
        let text = "Capacitor 100nF/50V X7R. N-MOSFET 30V 5.8A, Rds(on) 28mΩ @ 10V.";
        assert!(has(text, Dimension::Capacitance, 1e-7));
        assert!(has(text, Dimension::Voltage, 50.0));
        assert!(has(text, Dimension::Current, 5.8));
        let found = extract_params(text);
        let rds = found.iter().find(|(d, _)| *d == Dimension::Resistance);
        assert!(
            rds.is_some_and(|(_, v)| v.conditions.as_deref() == Some("10V")),
            "{found:?}"
        );
    }

    #[test]
    fn long_text_does_not_fail() {
        let text = "5V ".repeat(400);
        assert_eq!(extract_params(&text).len(), 400);
    }
}
