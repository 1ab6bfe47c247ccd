//! The parameter grammar:
//!
//! ```text
//! param     := [label] items [ '@' conditions ]
//! items     := item ( (',' | ';' | '/') item )*
//! item      := '±' value | value range_sep value | value '±' value | value
//! range_sep := '~' | '..' | '...' | '…' | 'to' | '-' | '至' | '到'
//! value     := thread | ['+'|'-'] number [unit-word]
//! number    := digits ['.' digits] [exponent] | digits '/' digits    (fraction: 1/4W)
//!            | digits letter digits                                  (RKM: 4k7, 4R7, 3V3, 1n5)
//!            | 'R' digits                                            (RKM: R47)
//! ```
//! A `-` right after a value separates a range; anywhere else it is a sign. A value without a unit
//! takes the unit of its range partner (`-40~+85℃`, `10-100uF`), then of the next value in the list.

use crate::cursor::{is_unit_char, normalize, Cursor};
use crate::thread::read_thread;
use crate::unit_table::{fold_prefix, interpretations, prefix_multiplier, Interpretation};
use crate::{Dimension, ParamValue, ParseError, Quantity};

/// A number with the unit word written after it, before the word is interpreted.
#[derive(Debug, Clone)]
struct RawValue {
    number: f64,
    word: Option<String>,
    position: usize,
}

#[derive(Debug, Clone)]
enum ItemShape {
    Single(RawValue),
    Range(RawValue, RawValue),
    /// `±5%`
    Symmetric(RawValue),
    /// `5V ±5%`, `3.3V ± 0.1V`
    Toleranced(RawValue, RawValue),
}

#[derive(Debug, Clone)]
struct Item {
    shape: ItemShape,
    start: usize,
    end: usize,
}

/// Letters that act as a decimal point in RKM notation (IEC 60062): prefixes, `R` for ohms, and
/// `V` for volts (`3V3`).
fn is_rkm_letter(c: char) -> bool {
    matches!(
        c,
        'p' | 'n' | 'u' | 'µ' | 'μ' | 'm' | 'k' | 'K' | 'M' | 'G' | 'R' | 'V'
    )
}

fn read_unit_word(cursor: &mut Cursor<'_>) -> String {
    let mut word = String::new();
    while let Some(c) = cursor.peek() {
        let next = cursor.peek_at(1);
        let accept = if is_unit_char(c) {
            true
        } else {
            let previous_is_letter = word.chars().last().is_some_and(|p| p.is_alphabetic());
            match c {
                // `ppm/°C`, `g/cm3`, `°C/W`, `N/mm²` — but not `3.3V/5V`, a list; `W/(m·K)`
                // opens a bracket after it
                '/' => !word.is_empty() && next.is_some_and(|n| is_unit_char(n) || n == '('),
                '(' => word.ends_with('/') && next.is_some_and(is_unit_char),
                ')' => word.matches('(').count() > word.matches(')').count(),
                // `N.m`, `N*m`
                '.' | '*' => previous_is_letter && next.is_some_and(|n| n.is_ascii_alphabetic()),
                // `mm2`, `cm3`, `kg/m3`: squares and cubes written without superscripts
                '2' | '3' => {
                    word.ends_with('m')
                        && !next.is_some_and(|n| n.is_ascii_alphanumeric() || n == '.')
                }
                _ => false,
            }
        };
        if !accept {
            break;
        }
        word.push(c);
        cursor.pos += 1;
    }
    word
}

/// `to`/`TO` as a range separator, not the start of a unit word.
fn at_to_keyword(cursor: &Cursor<'_>) -> bool {
    matches!(cursor.peek(), Some('t' | 'T'))
        && matches!(cursor.peek_at(1), Some('o' | 'O'))
        && !cursor.peek_at(2).is_some_and(|c| c.is_alphanumeric())
}

fn parse_number(text: &str, position: usize) -> Result<f64, ParseError> {
    let number = text
        .parse::<f64>()
        .map_err(|_| ParseError::ExpectedNumber { position })?;
    if number.is_finite() {
        Ok(number)
    } else {
        Err(ParseError::OutOfRange { position })
    }
}

fn read_value(cursor: &mut Cursor<'_>) -> Result<RawValue, ParseError> {
    let position = cursor.pos;
    let mut negative = false;
    if let Some(sign @ ('+' | '-')) = cursor.peek() {
        negative = sign == '-';
        cursor.bump();
    }
    let apply_sign = |number: f64| if negative { -number } else { number };

    if cursor.peek() == Some('M') && cursor.next_is_digit(1) && !negative {
        let thread = read_thread(cursor)?;
        return Ok(RawValue {
            number: thread.characteristic_length() * 1e3,
            word: Some("mm".to_string()),
            position,
        });
    }
    if matches!(cursor.peek(), Some('R' | 'r')) && cursor.next_is_digit(1) {
        cursor.bump();
        let fraction = cursor.digits();
        let number = parse_number(&format!("0.{fraction}"), position)?;
        let word = format!("R{}", read_unit_word(cursor));
        return Ok(RawValue {
            number: apply_sign(number),
            word: Some(word),
            position,
        });
    }

    let mut text = cursor.digits();
    let mut has_fraction = false;
    if cursor.peek() == Some('.') && cursor.next_is_digit(1) {
        cursor.bump();
        text.push('.');
        text.push_str(&cursor.digits());
        has_fraction = true;
    }
    if text.is_empty() {
        return Err(ParseError::ExpectedNumber {
            position: cursor.pos,
        });
    }

    // RKM: 4k7, 4R7, 2M2, 1n5, 3V3 — the letter is the decimal point and the prefix or unit.
    if !has_fraction {
        if let Some(letter) = cursor.peek().filter(|c| is_rkm_letter(*c)) {
            if cursor.next_is_digit(1) {
                cursor.bump();
                let fraction = cursor.digits();
                let number = parse_number(&format!("{text}.{fraction}"), position)?;
                let word = format!("{letter}{}", read_unit_word(cursor));
                return Ok(RawValue {
                    number: apply_sign(number),
                    word: Some(word),
                    position,
                });
            }
        }
    }

    let mut has_exponent = false;
    if matches!(cursor.peek(), Some('e' | 'E')) {
        let digits_from = if matches!(cursor.peek_at(1), Some('+' | '-')) {
            2
        } else {
            1
        };
        if cursor.next_is_digit(digits_from) {
            for _ in 0..digits_from {
                if let Some(c) = cursor.bump() {
                    text.push(c);
                }
            }
            text.push_str(&cursor.digits());
            has_exponent = true;
        }
    }
    let mut number = parse_number(&text, position)?;

    // 1/4W: a fraction of two integers, unless it is part of a `/` list (`2/4/8g`).
    let follows_slash = position > 0 && cursor.chars.get(position - 1) == Some(&'/');
    if !has_fraction
        && !has_exponent
        && !follows_slash
        && cursor.peek() == Some('/')
        && cursor.next_is_digit(1)
    {
        let save = cursor.pos;
        cursor.bump();
        let denominator_text = cursor.digits();
        let chained = cursor.peek() == Some('/') && cursor.next_is_digit(1);
        if chained || (cursor.peek() == Some('.') && cursor.next_is_digit(1)) {
            // `1/2.5` and `2/4/8g` are lists, not fractions; leave the `/` to the list reader.
            cursor.pos = save;
        } else {
            let denominator = parse_number(&denominator_text, save)?;
            if denominator == 0.0 {
                return Err(ParseError::OutOfRange { position });
            }
            number /= denominator;
        }
    }

    let before_space = cursor.pos;
    cursor.skip_spaces();
    let word = if cursor.peek().is_some_and(is_unit_char) && !at_to_keyword(cursor) {
        Some(read_unit_word(cursor))
    } else {
        cursor.pos = before_space;
        None
    };
    Ok(RawValue {
        number: apply_sign(number),
        word,
        position,
    })
}

/// Consumes a range separator if one is at the cursor.
fn take_range_separator(cursor: &mut Cursor<'_>) -> bool {
    match cursor.peek() {
        Some('~' | '-' | '…' | '至' | '到') => {
            cursor.bump();
            true
        }
        Some('.') if cursor.peek_at(1) == Some('.') => {
            cursor.pos += 2;
            if cursor.peek() == Some('.') {
                cursor.bump();
            }
            true
        }
        Some('t' | 'T') if at_to_keyword(cursor) => {
            cursor.pos += 2;
            true
        }
        _ => false,
    }
}

fn read_item(cursor: &mut Cursor<'_>) -> Result<Item, ParseError> {
    let start = cursor.pos;
    if cursor.peek() == Some('±') {
        cursor.bump();
        cursor.skip_spaces();
        let value = read_value(cursor)?;
        return Ok(Item {
            shape: ItemShape::Symmetric(value),
            start,
            end: cursor.pos,
        });
    }
    let first = read_value(cursor)?;
    let after_first = cursor.pos;
    cursor.skip_spaces();
    let shape = if take_range_separator(cursor) {
        cursor.skip_spaces();
        ItemShape::Range(first, read_value(cursor)?)
    } else if cursor.peek() == Some('±') {
        cursor.bump();
        cursor.skip_spaces();
        ItemShape::Toleranced(first, read_value(cursor)?)
    } else {
        cursor.pos = after_first;
        ItemShape::Single(first)
    };
    Ok(Item {
        shape,
        start,
        end: cursor.pos,
    })
}

fn read_items(cursor: &mut Cursor<'_>) -> Result<Vec<Item>, ParseError> {
    let mut items = Vec::new();
    loop {
        cursor.skip_spaces();
        items.push(read_item(cursor)?);
        cursor.skip_spaces();
        match cursor.peek() {
            None => return Ok(items),
            Some(',' | ';' | '/') => {
                cursor.bump();
            }
            Some(_) => {
                return Err(ParseError::UnexpectedText {
                    text: cursor.rest_excerpt(),
                    position: cursor.pos,
                })
            }
        }
    }
}

/// Interprets one value's unit word, preferring a reading of `target` when there is one.
fn resolve_value(raw: &RawValue, target: Option<Dimension>) -> Result<Quantity, ParseError> {
    let Some(word) = raw.word.as_deref() else {
        return Ok(Quantity {
            dimension: target.unwrap_or(Dimension::Dimensionless),
            value: raw.number,
        });
    };
    let readings = interpretations(word);
    let chosen: Interpretation = match target {
        Some(target) => readings
            .iter()
            .find(|reading| reading.fits(target))
            .or(readings.first())
            .copied(),
        None => readings.first().copied(),
    }
    .ok_or_else(|| ParseError::UnknownUnit {
        unit: word.to_string(),
        position: raw.position,
    })?;
    let dimension = match (chosen.dimension, target) {
        (Some(dimension), _) => dimension,
        (None, Some(target)) if chosen.fits(target) => target,
        (None, Some(target)) => {
            return Err(ParseError::PrefixNotAllowed {
                unit: word.to_string(),
                dimension: target,
            })
        }
        (None, None) => Dimension::Dimensionless,
    };
    let prefix = fold_prefix(dimension, chosen.prefix);
    let value = raw.number * prefix_multiplier(dimension, prefix) * chosen.scale + chosen.offset;
    if !value.is_finite() {
        return Err(ParseError::OutOfRange {
            position: raw.position,
        });
    }
    Ok(Quantity { dimension, value })
}

fn inherit(to: &mut RawValue, from: &RawValue) {
    if to.word.is_none() {
        to.word = from.word.clone();
    }
}

fn is_ratio_word(raw: &RawValue) -> bool {
    raw.word.as_deref().is_some_and(|word| {
        interpretations(word)
            .first()
            .is_some_and(|reading| reading.dimension == Some(Dimension::Ratio))
    })
}

/// Lends unit words to the values written without one.
fn share_units(items: &mut [Item]) {
    for item in items.iter_mut() {
        match &mut item.shape {
            ItemShape::Range(low, high) => {
                inherit(low, high);
                inherit(high, low);
            }
            ItemShape::Toleranced(value, tolerance) => {
                inherit(tolerance, value);
                if !is_ratio_word(tolerance) {
                    inherit(value, tolerance);
                }
            }
            ItemShape::Single(_) | ItemShape::Symmetric(_) => {}
        }
    }
    let item_word = |item: &Item| -> Option<String> {
        match &item.shape {
            ItemShape::Single(value) | ItemShape::Symmetric(value) => value.word.clone(),
            ItemShape::Range(low, _) => low.word.clone(),
            ItemShape::Toleranced(value, _) => value.word.clone(),
        }
    };
    let words: Vec<Option<String>> = items.iter().map(item_word).collect();
    for (index, item) in items.iter_mut().enumerate() {
        if words[index].is_some() {
            continue;
        }
        let lent = words[index + 1..]
            .iter()
            .flatten()
            .next()
            .or_else(|| words[..index].iter().rev().flatten().next())
            .cloned();
        let Some(lent) = lent else { continue };
        let fill = |value: &mut RawValue| {
            if value.word.is_none() {
                value.word = Some(lent.clone());
            }
        };
        match &mut item.shape {
            ItemShape::Single(value) | ItemShape::Symmetric(value) => fill(value),
            ItemShape::Range(low, high) => {
                fill(low);
                fill(high);
            }
            ItemShape::Toleranced(value, tolerance) => {
                fill(value);
                fill(tolerance);
            }
        }
    }
}

/// The dimension of the first value that names one; tolerances do not count.
fn leading_dimension(items: &[Item]) -> Option<Dimension> {
    items.iter().find_map(|item| {
        let value = match &item.shape {
            ItemShape::Single(value)
            | ItemShape::Symmetric(value)
            | ItemShape::Range(value, _)
            | ItemShape::Toleranced(value, _) => value,
        };
        let word = value.word.as_deref()?;
        interpretations(word).first()?.dimension
    })
}

fn expect_dimension(quantity: Quantity, target: Dimension) -> Result<Quantity, ParseError> {
    if quantity.dimension == target {
        Ok(quantity)
    } else {
        Err(ParseError::DimensionMismatch {
            expected: target,
            found: quantity.dimension,
        })
    }
}

fn sorted(a: f64, b: f64) -> (f64, f64) {
    if a <= b {
        (a, b)
    } else {
        (b, a)
    }
}

fn resolve_items(
    cursor: &Cursor<'_>,
    mut items: Vec<Item>,
    hint: Option<Dimension>,
) -> Result<Vec<ParamValue>, ParseError> {
    share_units(&mut items);
    let target = hint.or_else(|| leading_dimension(&items));
    let resolve = |raw: &RawValue| -> Result<Quantity, ParseError> {
        let quantity = resolve_value(raw, target)?;
        match target {
            Some(target) => expect_dimension(quantity, target),
            None => Ok(quantity),
        }
    };
    let mut values = Vec::with_capacity(items.len());
    for item in &items {
        let original = cursor.text(item.start, item.end);
        let (dimension, min, typ, max) = match &item.shape {
            ItemShape::Single(value) => {
                let quantity = resolve(value)?;
                (quantity.dimension, None, Some(quantity.value), None)
            }
            ItemShape::Range(low, high) => {
                let low = resolve(low)?;
                let high = resolve(high)?;
                let (min, max) = sorted(low.value, high.value);
                (low.dimension, Some(min), None, Some(max))
            }
            ItemShape::Symmetric(value) => {
                let quantity = resolve(value)?;
                let half_width = quantity.value.abs();
                (
                    quantity.dimension,
                    Some(-half_width),
                    None,
                    Some(half_width),
                )
            }
            ItemShape::Toleranced(value, tolerance) => {
                let center = resolve(value)?;
                let tolerance = resolve_value(tolerance, Some(center.dimension))?;
                let half_width = if tolerance.dimension == center.dimension {
                    tolerance.value.abs()
                } else if tolerance.dimension == Dimension::Ratio {
                    (center.value * tolerance.value).abs()
                } else {
                    return Err(ParseError::DimensionMismatch {
                        expected: center.dimension,
                        found: tolerance.dimension,
                    });
                };
                (
                    center.dimension,
                    Some(center.value - half_width),
                    Some(center.value),
                    Some(center.value + half_width),
                )
            }
        };
        values.push(ParamValue {
            dimension,
            min,
            typ,
            max,
            original,
            conditions: None,
        });
    }
    Ok(values)
}

fn parse_items(chars: &[char], hint: Option<Dimension>) -> Result<Vec<ParamValue>, ParseError> {
    let mut cursor = Cursor::new(chars);
    let items = read_items(&mut cursor)?;
    resolve_items(&cursor, items, hint)
}

fn trim(chars: &[char]) -> &[char] {
    let start = chars.iter().position(|c| *c != ' ').unwrap_or(chars.len());
    let end = chars
        .iter()
        .rposition(|c| *c != ' ')
        .map_or(start, |i| i + 1);
    &chars[start..end]
}

/// How many leading words may be a label (`Rds(on)`, `Gate charge`).
const MAX_LABEL_WORDS: usize = 3;

/// Parses `text` after a leading label, trying each label boundary in turn.
fn parse_after_label(
    chars: &[char],
    hint: Option<Dimension>,
) -> Option<Result<Vec<ParamValue>, ParseError>> {
    if !chars.first().is_some_and(|c| c.is_alphabetic()) {
        return None;
    }
    chars
        .iter()
        .enumerate()
        .filter(|(_, c)| matches!(c, ' ' | ':' | '='))
        .take(MAX_LABEL_WORDS)
        .map(|(index, _)| trim(&chars[index + 1..]))
        .filter(|rest| !rest.is_empty())
        .map(|rest| parse_items(rest, hint))
        .find(Result::is_ok)
}

/// Parses a parameter: one or several values, each a single value, a range or a tolerance, with
/// optional conditions after `@`. `hint` names the expected dimension: it decides ambiguous
/// words (`10m` is 10 mΩ for a resistance, `C` is coulomb for a charge) and gives bare numbers a
/// dimension; a value of another dimension is an error.
pub fn parse_param(text: &str, hint: Option<Dimension>) -> Result<Vec<ParamValue>, ParseError> {
    let chars = normalize(text)?;
    let chars = trim(&chars);
    if chars.is_empty() {
        return Err(ParseError::Empty);
    }
    let (main, conditions) = match chars.iter().position(|c| *c == '@') {
        Some(at) => {
            let conditions: String = trim(&chars[at + 1..]).iter().collect();
            (
                trim(&chars[..at]),
                Some(conditions).filter(|c| !c.is_empty()),
            )
        }
        None => (chars, None),
    };
    if main.is_empty() {
        return Err(ParseError::ExpectedNumber { position: 0 });
    }
    let mut values = match parse_items(main, hint) {
        Ok(values) => values,
        Err(error) => parse_after_label(main, hint).unwrap_or(Err(error))?,
    };
    for value in &mut values {
        value.conditions.clone_from(&conditions);
    }
    Ok(values)
}

/// Parses text that holds exactly one value (no range, list, tolerance or conditions).
pub fn parse_quantity(text: &str) -> Result<Quantity, ParseError> {
    parse_single(text, None)
}

/// [`parse_quantity`] with the expected dimension (`10k` as resistance → 10 kΩ).
pub fn parse_quantity_as(text: &str, dimension: Dimension) -> Result<Quantity, ParseError> {
    parse_single(text, Some(dimension))
}

fn parse_single(text: &str, hint: Option<Dimension>) -> Result<Quantity, ParseError> {
    let mut values = parse_param(text, hint)?;
    if values.len() != 1 {
        return Err(ParseError::NotASingleValue { found: "list" });
    }
    let value = values.remove(0);
    if value.conditions.is_some() {
        return Err(ParseError::NotASingleValue {
            found: "conditions",
        });
    }
    match (value.min, value.typ, value.max) {
        (None, Some(typ), None) => Ok(Quantity {
            dimension: value.dimension,
            value: typ,
        }),
        (_, None, _) => Err(ParseError::NotASingleValue { found: "range" }),
        _ => Err(ParseError::NotASingleValue { found: "tolerance" }),
    }
}

/// Parses the longest value-shaped prefix of a window of words, for free-text extraction: no label
/// stripping, no conditions unless written with `@`.
pub(crate) fn parse_fragment(text: &str) -> Result<Vec<ParamValue>, ParseError> {
    parse_param(text, None).and_then(|values| {
        if values
            .iter()
            .all(|value| value.dimension != Dimension::Dimensionless)
        {
            Ok(values)
        } else {
            Err(ParseError::NotASingleValue {
                found: "bare number",
            })
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::same_value;

    fn quantity(text: &str) -> Quantity {
        match parse_quantity(text) {
            Ok(quantity) => quantity,
            Err(error) => panic!("`{text}` did not parse: {error}"),
        }
    }

    fn assert_quantity(text: &str, dimension: Dimension, value: f64) {
        let parsed = quantity(text);
        assert!(
            same_value(&parsed, &Quantity { dimension, value }),
            "`{text}` parsed as {parsed:?}, expected {value} {dimension}"
        );
    }

    fn param(text: &str, hint: Option<Dimension>) -> Vec<ParamValue> {
        match parse_param(text, hint) {
            Ok(values) => values,
            Err(error) => panic!("`{text}` did not parse: {error}"),
        }
    }

    fn close(a: Option<f64>, b: f64) -> bool {
        a.is_some_and(|a| crate::approx_eq(a, b))
    }

    #[test]
    fn resistances_in_every_spelling() {
        for text in [
            "10k",
            "10 kΩ",
            "10kΩ",
            "10kohm",
            "10KOhm",
            "10 kohms",
            "10K",
            "10k\u{2126}",
        ] {
            let parsed = parse_quantity_as(text, Dimension::Resistance);
            assert!(
                parsed.is_ok_and(|q| crate::approx_eq(q.value, 10_000.0)),
                "{text}"
            );
        }
        assert_quantity("10 Ohms", Dimension::Resistance, 10.0);
        assert_quantity("10R", Dimension::Resistance, 10.0);
        assert_quantity("0R", Dimension::Resistance, 0.0);
    }

    #[test]
    fn rkm_notation() {
        assert!(parse_quantity_as("4k7", Dimension::Resistance)
            .is_ok_and(|q| crate::approx_eq(q.value, 4700.0)));
        assert_quantity("4R7", Dimension::Resistance, 4.7);
        assert_quantity("R47", Dimension::Resistance, 0.47);
        assert!(parse_quantity_as("2M2", Dimension::Resistance)
            .is_ok_and(|q| crate::approx_eq(q.value, 2.2e6)));
        assert!(parse_quantity_as("1n5", Dimension::Capacitance)
            .is_ok_and(|q| crate::approx_eq(q.value, 1.5e-9)));
        assert_quantity("4n7F", Dimension::Capacitance, 4.7e-9);
        assert_quantity("3V3", Dimension::Voltage, 3.3);
        assert_quantity("4k7Ω", Dimension::Resistance, 4700.0);
        assert_quantity("2u2H", Dimension::Inductance, 2.2e-6);
    }

    #[test]
    fn micro_has_three_spellings() {
        for text in [
            "0.1uF", "0.1µF", "0.1μF", "0.1 uF", "100nF", "100NF", "0.1UF",
        ] {
            assert_quantity(text, Dimension::Capacitance, 1e-7);
        }
    }

    #[test]
    fn milli_and_mega_follow_the_dimension() {
        assert_quantity("1mF", Dimension::Capacitance, 1e-3);
        assert_quantity("1MF", Dimension::Capacitance, 1e-3);
        assert_quantity("10mΩ", Dimension::Resistance, 0.01);
        assert_quantity("10MΩ", Dimension::Resistance, 1e7);
        assert_quantity("10MOhm", Dimension::Resistance, 1e7);
        assert_quantity("16MHz", Dimension::Frequency, 16e6);
        assert_quantity("16mhz", Dimension::Frequency, 16e6);
        assert_quantity("200mA", Dimension::Current, 0.2);
        assert_quantity("200MA", Dimension::Current, 0.2);
        assert_quantity("235MPa", Dimension::Pressure, 235e6);
        assert_quantity("235mpa", Dimension::Pressure, 235e6);
        assert_quantity("10mm", Dimension::Length, 0.01);
        assert_quantity("10mH", Dimension::Inductance, 0.01);
        assert_quantity("10MH", Dimension::Inductance, 0.01);
    }

    #[test]
    fn hint_decides_ambiguous_words() {
        assert!(parse_quantity_as("10m", Dimension::Resistance)
            .is_ok_and(|q| crate::approx_eq(q.value, 0.01)));
        assert_quantity("10m", Dimension::Length, 10.0);
        assert!(parse_quantity_as("10M", Dimension::Capacitance)
            .is_ok_and(|q| crate::approx_eq(q.value, 0.01)));
        assert!(parse_quantity_as("25nC", Dimension::Charge)
            .is_ok_and(|q| crate::approx_eq(q.value, 25e-9)));
        assert!(parse_quantity_as("5C", Dimension::Charge)
            .is_ok_and(|q| crate::approx_eq(q.value, 5.0)));
        assert_quantity("85C", Dimension::Temperature, 85.0);
        assert!(parse_quantity_as("300K", Dimension::Temperature)
            .is_ok_and(|q| crate::approx_eq(q.value, 26.85)));
        assert!(parse_quantity_as("10uh", Dimension::Inductance)
            .is_ok_and(|q| crate::approx_eq(q.value, 1e-5)));
        assert_quantity("2000h", Dimension::Time, 7.2e6);
        assert!(parse_quantity_as("85", Dimension::Temperature).is_ok_and(|q| q.value == 85.0));
    }

    #[test]
    fn fractions_percent_and_exponents() {
        assert_quantity("1/4W", Dimension::Power, 0.25);
        assert_quantity("1/8 W", Dimension::Power, 0.125);
        let chain = param("2/4/8V", None);
        assert_eq!(chain.len(), 3);
        assert!(close(chain[0].typ, 2.0) && close(chain[2].typ, 8.0));
        assert_quantity("5%", Dimension::Ratio, 0.05);
        assert_quantity("1E-3", Dimension::Dimensionless, 1e-3);
        assert_quantity("1e3V", Dimension::Voltage, 1000.0);
        assert_quantity("2.5E+2mA", Dimension::Current, 0.25);
        assert_quantity("3.3V", Dimension::Voltage, 3.3);
        assert_quantity("-5V", Dimension::Voltage, -5.0);
        assert_quantity("+12V", Dimension::Voltage, 12.0);
        assert_quantity(".5A", Dimension::Current, 0.5);
    }

    #[test]
    fn temperatures_in_every_spelling() {
        for text in ["85°C", "85℃", "85 °C", "85ºC", "85C", "185°F"] {
            assert_quantity(text, Dimension::Temperature, 85.0);
        }
        assert_quantity("-40°C", Dimension::Temperature, -40.0);
    }

    #[test]
    fn other_dimensions() {
        assert_quantity("16MHz", Dimension::Frequency, 16e6);
        assert_quantity("2.54mm", Dimension::Length, 2.54e-3);
        assert_quantity("100mil", Dimension::Length, 2.54e-3);
        assert_quantity("0.5mm²", Dimension::Area, 0.5e-6);
        assert_quantity("0.5mm2", Dimension::Area, 0.5e-6);
        assert_quantity("7.85g/cm3", Dimension::Density, 7850.0);
        assert_quantity("7850 kg/m³", Dimension::Density, 7850.0);
        assert_quantity("210GPa", Dimension::Pressure, 210e9);
        assert_quantity("400N/mm²", Dimension::Pressure, 400e6);
        assert_quantity("25nC", Dimension::Charge, 25e-9);
        assert_quantity("2000mAh", Dimension::Charge, 7200.0);
        assert_quantity("10kN", Dimension::Force, 1e4);
        assert_quantity("2.5N·m", Dimension::Torque, 2.5);
        assert_quantity("12Nm", Dimension::Torque, 12.0);
        assert_quantity("50ppm/°C", Dimension::TemperatureCoefficient, 50e-6);
        assert_quantity("62.5°C/W", Dimension::ThermalResistance, 62.5);
        assert_quantity("90°", Dimension::Angle, std::f64::consts::FRAC_PI_2);
        assert_quantity("64KB", Dimension::DataSize, 65_536.0);
        assert_quantity("16Mbit", Dimension::DataSize, 2_097_152.0);
        assert_quantity("1Mbps", Dimension::DataRate, 1e6);
        assert_quantity("115200 baud", Dimension::DataRate, 115_200.0);
        assert_quantity("20mcd", Dimension::LuminousIntensity, 0.02);
        assert_quantity("20dB", Dimension::Level, 20.0);
        assert_quantity("5ms", Dimension::Time, 5e-3);
        assert_quantity("100mW", Dimension::Power, 0.1);
        assert_quantity("1.5kg", Dimension::Mass, 1.5);
        assert_quantity("12VDC", Dimension::Voltage, 12.0);
        assert_quantity("１０ｋΩ", Dimension::Resistance, 1e4);
    }

    #[test]
    fn material_property_units_are_read_in_canonical_si() {
        // Thermal expansion: per kelvin, strain per kelvin, and ppm.
        assert_quantity("12µm/(m·K)", Dimension::TemperatureCoefficient, 12e-6);
        assert_quantity("12 um/(m·K)", Dimension::TemperatureCoefficient, 12e-6);
        assert_quantity("12μm/m/K", Dimension::TemperatureCoefficient, 12e-6);
        assert_quantity("0.000011 m/m/K", Dimension::TemperatureCoefficient, 11e-6);
        assert_quantity("12ppm/K", Dimension::TemperatureCoefficient, 12e-6);
        // Thermal conductivity and specific heat in the spellings of the sources.
        assert_quantity("167 W/m/K", Dimension::ThermalConductivity, 167.0);
        assert_quantity("15.1 W/(m*K)", Dimension::ThermalConductivity, 15.1);
        assert_quantity("50W/(m·K)", Dimension::ThermalConductivity, 50.0);
        assert_quantity("50 W/mK", Dimension::ThermalConductivity, 50.0);
        assert_quantity("500 J/(kg*K)", Dimension::SpecificHeat, 500.0);
        assert_quantity("450 J/kg/K", Dimension::SpecificHeat, 450.0);
        assert_quantity("0.45 J/(g·K)", Dimension::SpecificHeat, 450.0);
        // Resistivity with prefixes and in Ω·cm.
        assert_quantity("7.2e-7 ohm*m", Dimension::Resistivity, 7.2e-7);
        assert_quantity("1.68e-8 Ω·m", Dimension::Resistivity, 1.68e-8);
        assert_quantity("0.72µΩ·m", Dimension::Resistivity, 7.2e-7);
        assert_quantity("72µΩ·cm", Dimension::Resistivity, 7.2e-7);
        assert_quantity("1e14 ohm*cm", Dimension::Resistivity, 1e12);
        // Stresses in imperial units, density in g/cm³, hardness numbers.
        assert_quantity("36ksi", Dimension::Pressure, 248_211_262.554_048);
        assert_quantity("36000 psi", Dimension::Pressure, 248_211_262.554_048);
        assert_quantity("7.85 g/cm³", Dimension::Density, 7850.0);
        assert_quantity("200 HB", Dimension::Dimensionless, 200.0);
        // A `/` between plain numbers is still a list or a fraction, not a per-unit.
        assert_eq!(param("2/4/8g", None).len(), 3);
        assert_eq!(param("3.3V/5V", None).len(), 2);
    }

    #[test]
    fn threads_are_lengths() {
        assert_quantity("M6x20", Dimension::Length, 0.020);
        assert_quantity("M6", Dimension::Length, 0.006);
        assert_quantity("M8x1.25x30", Dimension::Length, 0.030);
    }

    #[test]
    fn ranges_with_every_separator() {
        for text in [
            "-40~+85℃",
            "-40°C to +85°C",
            "-40..85°C",
            "-40-85°C",
            "-40 - 85 °C",
            "-40℃~85℃",
            "-40至85℃",
        ] {
            let values = param(text, None);
            assert_eq!(values.len(), 1, "{text}");
            let value = &values[0];
            assert_eq!(value.dimension, Dimension::Temperature, "{text}");
            assert!(
                close(value.min, -40.0) && close(value.max, 85.0),
                "{text}: {value:?}"
            );
            assert_eq!(value.typ, None);
        }
        let values = param("-40°C to +125°C", None);
        assert!(close(values[0].max, 125.0));
        let negative_range = param("-40--10°C", None);
        assert!(close(negative_range[0].min, -40.0) && close(negative_range[0].max, -10.0));
        let voltages = param("4.5-5.5V", None);
        assert!(close(voltages[0].min, 4.5) && close(voltages[0].max, 5.5));
        let capacitances = param("10-100uF", None);
        assert!(close(capacitances[0].min, 1e-5) && close(capacitances[0].max, 1e-4));
        let reversed = param("5V~3V", None);
        assert!(close(reversed[0].min, 3.0) && close(reversed[0].max, 5.0));
    }

    #[test]
    fn lists_give_several_values() {
        let values = param("3.3V/5V", None);
        assert_eq!(values.len(), 2);
        assert!(close(values[0].typ, 3.3) && close(values[1].typ, 5.0));
        assert_eq!(values[1].original, "5V");
        let values = param("1, 2.2, 4.7uF", None);
        assert_eq!(values.len(), 3);
        assert!(close(values[0].typ, 1e-6) && close(values[2].typ, 4.7e-6));
        let values = param("10k; 20k", Some(Dimension::Resistance));
        assert_eq!(values.len(), 2);
        let values = param("M3/M4", None);
        assert!(close(values[1].typ, 0.004));
    }

    #[test]
    fn tolerances() {
        let values = param("±5%", None);
        assert_eq!(values[0].dimension, Dimension::Ratio);
        assert!(close(values[0].min, -0.05) && close(values[0].max, 0.05));
        let values = param("5V ±5%", None);
        assert_eq!(values[0].dimension, Dimension::Voltage);
        assert!(
            close(values[0].typ, 5.0) && close(values[0].min, 4.75) && close(values[0].max, 5.25)
        );
        let values = param("3.3V +/- 0.1V", None);
        assert!(close(values[0].min, 3.2) && close(values[0].max, 3.4));
        let values = param("10k ±1%", Some(Dimension::Resistance));
        assert!(close(values[0].min, 9_900.0));
        assert!(parse_param("5V ±2A", None).is_err());
    }

    #[test]
    fn conditions_after_at() {
        let values = param("Rds(on) 10mΩ @ 4.5V", None);
        assert_eq!(values.len(), 1);
        assert_eq!(values[0].dimension, Dimension::Resistance);
        assert!(close(values[0].typ, 0.01));
        assert_eq!(values[0].conditions.as_deref(), Some("4.5V"));
        assert_eq!(values[0].original, "10mΩ");
        let values = param("30mΩ@Vgs=10V, Id=5A", None);
        assert_eq!(values[0].conditions.as_deref(), Some("Vgs=10V, Id=5A"));
        let values = param("Gate charge: 25nC", None);
        assert_eq!(values[0].dimension, Dimension::Charge);
    }

    #[test]
    fn clear_errors() {
        assert_eq!(parse_quantity(""), Err(ParseError::Empty));
        assert_eq!(parse_quantity("   "), Err(ParseError::Empty));
        assert!(matches!(
            parse_quantity("10 parsecs"),
            Err(ParseError::UnknownUnit { .. })
        ));
        assert!(matches!(
            parse_quantity("abc"),
            Err(ParseError::ExpectedNumber { .. })
        ));
        assert!(matches!(
            parse_quantity("10V 5A"),
            Err(ParseError::UnexpectedText { .. })
        ));
        assert!(matches!(
            parse_quantity_as("5V", Dimension::Current),
            Err(ParseError::DimensionMismatch {
                expected: Dimension::Current,
                found: Dimension::Voltage
            })
        ));
        assert!(matches!(
            parse_quantity_as("10k", Dimension::Temperature),
            Err(ParseError::PrefixNotAllowed { .. })
        ));
        assert!(matches!(
            parse_quantity("1-2V"),
            Err(ParseError::NotASingleValue { found: "range" })
        ));
        assert!(matches!(
            parse_quantity("1V,2V"),
            Err(ParseError::NotASingleValue { found: "list" })
        ));
        assert!(matches!(
            parse_quantity("1e999V"),
            Err(ParseError::OutOfRange { .. })
        ));
        assert!(matches!(
            parse_quantity("1/0W"),
            Err(ParseError::OutOfRange { .. })
        ));
        assert!(matches!(
            parse_param("5V~3A", None),
            Err(ParseError::DimensionMismatch { .. })
        ));
        assert!(matches!(
            parse_param("@5V", None),
            Err(ParseError::ExpectedNumber { .. })
        ));
    }
}
