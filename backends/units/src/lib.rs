//! The one parser for engineering quantities used across the portal.
//!
//! - [`parse_quantity`] / [`parse_quantity_as`]: one value (`10k`, `4k7`, `0.1µF`, `1/4W`, `M6x20`).
//! - [`parse_param`]: a catalogue parameter — ranges (`-40~+85℃`), lists (`3.3V/5V`),
//!   tolerances (`±5%`, `5V ±5%`), conditions (`10mΩ @ 4.5V`) — into [`ParamValue`]s.
//! - [`canonical_display`]: the one way a quantity is written back (`10μF`, `4.7kΩ`).
//! - [`normalize_keyword`]: the search-keyword rule for capacitance and inductance tokens.
//! - [`extract_params`]: values with units found in free text (KiCad descriptions).
//! - [`same_value`]: equality of canonical values with a relative epsilon.
//!
//! Every value is stored in the canonical unit of its [`Dimension`] (SI; °C for temperature), so
//! `10uF`, `10 µF`, `0.01mF` and `10000nF` all become `1e-5` F. Decisions where notations
//! disagree (m versus M, `C`, `h`, `K`, binary KB) are written in `docs/units.md`.

mod cursor;
mod dimension;
mod display;
mod extract;
mod keyword;
mod parse;
mod thread;
mod unit_table;

pub use cursor::MAX_INPUT_CHARS;
pub use dimension::{Dimension, UnknownDimension};
pub use display::{canonical_display, display_param, display_value};
pub use extract::extract_params;
pub use keyword::{keyword_quantity, normalize_keyword};
pub use parse::{parse_param, parse_quantity, parse_quantity_as};
pub use thread::{parse_thread, MetricThread};

/// A value in the canonical unit of its dimension.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Quantity {
    pub dimension: Dimension,
    /// In [`Dimension::canonical_unit`].
    pub value: f64,
}

impl std::fmt::Display for Quantity {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&canonical_display(*self))
    }
}

/// One parameter value as catalogues state it: a typical value, a range, or both.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ParamValue {
    pub dimension: Dimension,
    /// Canonical unit. A range `-40~85℃` sets min and max; `5V ±5%` sets all three; `±5%` sets
    /// min = -0.05 and max = 0.05.
    pub min: Option<f64>,
    pub typ: Option<f64>,
    pub max: Option<f64>,
    /// The text of this value as written (after full-width and dash normalisation), without the
    /// label and the conditions.
    pub original: String,
    /// What follows `@` (`4.5V`, `Vgs=10V, Id=5A`), shared by every value of the parameter.
    pub conditions: Option<String>,
}

impl ParamValue {
    /// Whether the parameter can take `value` (inside its range, or equal to its typical value).
    pub fn admits(&self, value: f64) -> bool {
        match (self.min, self.typ, self.max) {
            (None, Some(typ), None) => approx_eq(typ, value),
            (min, _, max) => {
                let above_min = min.is_none_or(|min| value >= min || approx_eq(value, min));
                let below_max = max.is_none_or(|max| value <= max || approx_eq(value, max));
                (min.is_some() || max.is_some()) && above_min && below_max
            }
        }
    }
}

/// Why a text is not a quantity. Positions count characters from the start of the input.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ParseError {
    #[error("empty input")]
    Empty,
    #[error("input longer than {max} characters")]
    TooLong { max: usize },
    #[error("expected a number at position {position}")]
    ExpectedNumber { position: usize },
    #[error("number out of range at position {position}")]
    OutOfRange { position: usize },
    #[error("unknown unit `{unit}` at position {position}")]
    UnknownUnit { unit: String, position: usize },
    #[error("unexpected `{text}` at position {position}")]
    UnexpectedText { text: String, position: usize },
    #[error("expected a {expected} value, found {found}")]
    DimensionMismatch {
        expected: Dimension,
        found: Dimension,
    },
    #[error("`{unit}` is a prefix, and {dimension} takes no prefix")]
    PrefixNotAllowed { unit: String, dimension: Dimension },
    #[error("expected a single value, found a {found}")]
    NotASingleValue { found: &'static str },
    #[error("invalid metric thread designation `{text}`")]
    InvalidThread { text: String },
}

/// Relative tolerance of [`same_value`]: far below any catalogue's precision, far above the
/// rounding error of prefix arithmetic (`10000 × 1e-9` versus `0.01 × 1e-3`).
pub const RELATIVE_EPSILON: f64 = 1e-9;

/// Equality of two canonical values with [`RELATIVE_EPSILON`].
pub fn approx_eq(a: f64, b: f64) -> bool {
    if a == b {
        return true;
    }
    let scale = a.abs().max(b.abs());
    (a - b).abs() <= scale * RELATIVE_EPSILON
}

/// Whether two quantities are the same value: same dimension, canonical values equal within
/// [`RELATIVE_EPSILON`]. `10uF`, `10μF`, `10 µF`, `0.01mF` and `10000nF` are all the same.
pub fn same_value(a: &Quantity, b: &Quantity) -> bool {
    a.dimension == b.dimension && approx_eq(a.value, b.value)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_spec_keyword_values_are_all_the_same() {
        let spellings = [
            "10uf", "10μF", "10 µF", "0.01mF", "10000nF", "10UF", "1e-5F",
        ];
        let quantities: Vec<Quantity> = spellings
            .iter()
            .map(|text| parse_quantity_as(text, Dimension::Capacitance))
            .collect::<Result<_, _>>()
            .unwrap_or_default();
        assert_eq!(quantities.len(), spellings.len());
        for quantity in &quantities {
            assert!(same_value(quantity, &quantities[0]), "{quantity:?}");
        }
        let other = Quantity {
            dimension: Dimension::Capacitance,
            value: 1.0001e-5,
        };
        assert!(!same_value(&quantities[0], &other));
        let other_dimension = Quantity {
            dimension: Dimension::Inductance,
            value: 1e-5,
        };
        assert!(!same_value(&quantities[0], &other_dimension));
    }

    #[test]
    fn approx_eq_handles_zero_and_signs() {
        assert!(approx_eq(0.0, 0.0));
        assert!(approx_eq(0.0, -0.0));
        assert!(!approx_eq(0.0, 1e-300));
        assert!(!approx_eq(1.0, -1.0));
    }

    #[test]
    fn admits_checks_ranges_and_typical_values() {
        let range = ParamValue {
            dimension: Dimension::Voltage,
            min: Some(1.8),
            typ: None,
            max: Some(5.5),
            original: "1.8-5.5V".into(),
            conditions: None,
        };
        assert!(range.admits(3.3));
        assert!(range.admits(5.5));
        assert!(!range.admits(6.0));
        let single = ParamValue {
            min: None,
            typ: Some(3.3),
            max: None,
            ..range.clone()
        };
        assert!(single.admits(3.3));
        assert!(!single.admits(3.4));
    }
}
