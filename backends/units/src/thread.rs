//! ISO metric thread designations: `M6`, `M6x20`, `M6x1`, `M6x1x20`, `M2.5×0.45×8`.

use crate::cursor::{normalize, Cursor};
use crate::ParseError;

/// A metric thread size with an optional pitch and length, all in metres.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct MetricThread {
    pub nominal_diameter: f64,
    pub pitch: Option<f64>,
    pub length: Option<f64>,
}

impl MetricThread {
    /// The length when given (a screw's `M6x20` is 20 mm long), else the nominal diameter.
    pub fn characteristic_length(&self) -> f64 {
        self.length.unwrap_or(self.nominal_diameter)
    }
}

/// ISO 261 pitches in millimetres (coarse and fine).
const ISO_PITCHES_MM: &[f64] = &[
    0.2, 0.25, 0.3, 0.35, 0.4, 0.45, 0.5, 0.6, 0.7, 0.75, 0.8, 1.0, 1.25, 1.5, 1.75, 2.0, 2.5, 3.0,
    3.5, 4.0, 4.5, 5.0, 5.5, 6.0,
];

/// `M6x1` names a pitch, `M6x20` a length. A second number is a pitch when it is an ISO pitch no
/// larger than a quarter of the diameter (every ISO coarse and fine pitch is); otherwise it is a
/// length (`M3x3` set screw, `M10x3`).
fn is_pitch(value_mm: f64, diameter_mm: f64) -> bool {
    ISO_PITCHES_MM
        .iter()
        .any(|pitch| (pitch - value_mm).abs() < 1e-9)
        && value_mm <= diameter_mm / 4.0 + 1e-9
}

fn is_times_sign(c: Option<char>) -> bool {
    matches!(c, Some('x' | 'X' | '×' | '*'))
}

/// Reads a thread designation at the cursor (which must be on the `M`). Leaves the cursor after
/// it, including an optional trailing `mm`.
pub(crate) fn read_thread(cursor: &mut Cursor<'_>) -> Result<MetricThread, ParseError> {
    let start = cursor.pos;
    if cursor.peek() != Some('M') || !cursor.next_is_digit(1) {
        return Err(ParseError::InvalidThread {
            text: cursor.rest_excerpt(),
        });
    }
    cursor.bump();
    let diameter_mm = parse_mm(&cursor.decimal(), start)?;
    let mut extra: Vec<f64> = Vec::new();
    while extra.len() < 2 && is_times_sign(cursor.peek()) && cursor.next_is_digit(1) {
        cursor.bump();
        extra.push(parse_mm(&cursor.decimal(), start)?);
    }
    if cursor.peek() == Some('m') && cursor.peek_at(1) == Some('m') {
        cursor.pos += 2;
    }
    let (pitch_mm, length_mm) = match extra.as_slice() {
        [] => (None, None),
        [only] if is_pitch(*only, diameter_mm) => (Some(*only), None),
        [only] => (None, Some(*only)),
        [pitch, length] => (Some(*pitch), Some(*length)),
        _ => {
            return Err(ParseError::InvalidThread {
                text: cursor.text(start, cursor.pos),
            })
        }
    };
    if diameter_mm <= 0.0
        || pitch_mm.is_some_and(|p| p <= 0.0)
        || length_mm.is_some_and(|l| l <= 0.0)
    {
        return Err(ParseError::InvalidThread {
            text: cursor.text(start, cursor.pos),
        });
    }
    Ok(MetricThread {
        nominal_diameter: diameter_mm * 1e-3,
        pitch: pitch_mm.map(|p| p * 1e-3),
        length: length_mm.map(|l| l * 1e-3),
    })
}

fn parse_mm(text: &str, position: usize) -> Result<f64, ParseError> {
    text.parse::<f64>()
        .map_err(|_| ParseError::ExpectedNumber { position })
}

/// Parses a whole text as a metric thread designation (`M6`, `M6x20`, `M8x1.25x30`).
pub fn parse_thread(text: &str) -> Result<MetricThread, ParseError> {
    let chars = normalize(text.trim())?;
    if chars.is_empty() {
        return Err(ParseError::Empty);
    }
    let mut cursor = Cursor::new(&chars);
    let thread = read_thread(&mut cursor)?;
    if !cursor.at_end() {
        return Err(ParseError::UnexpectedText {
            text: cursor.rest_excerpt(),
            position: cursor.pos,
        });
    }
    Ok(thread)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-12
    }

    #[test]
    fn size_and_length() {
        let thread = parse_thread("M6x20").unwrap();
        assert!(close(thread.nominal_diameter, 0.006));
        assert_eq!(thread.pitch, None);
        assert!(thread.length.is_some_and(|l| close(l, 0.020)));
        assert!(close(thread.characteristic_length(), 0.020));
    }

    #[test]
    fn pitch_is_told_from_length() {
        let fine = parse_thread("M8×1").unwrap();
        assert!(fine.pitch.is_some_and(|p| close(p, 0.001)));
        assert_eq!(fine.length, None);
        let set_screw = parse_thread("M3x3").unwrap();
        assert_eq!(set_screw.pitch, None);
        assert!(set_screw.length.is_some_and(|l| close(l, 0.003)));
        let full = parse_thread("M2.5x0.45x8mm").unwrap();
        assert!(full.pitch.is_some_and(|p| close(p, 0.000_45)));
        assert!(full.length.is_some_and(|l| close(l, 0.008)));
    }

    #[test]
    fn bare_size_is_the_diameter() {
        let thread = parse_thread("M3").unwrap();
        assert!(close(thread.characteristic_length(), 0.003));
    }

    #[test]
    fn malformed_designations_are_errors() {
        assert!(parse_thread("M").is_err());
        assert!(parse_thread("6x20").is_err());
        assert!(parse_thread("M6x20x30x40").is_err());
        assert!(parse_thread("M0").is_err());
        assert!(parse_thread("").is_err());
    }
}
