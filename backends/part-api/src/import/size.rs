//! Reading the cells of the bd_warehouse tables: thread sizes (`M6-1`, `#10-32`, `1/4-20`,
//! `1 1/8`), numbers written as decimals or inch fractions (`5/32`), and the labels under which
//! a dimension is shown (`d1` → `d₁`: the kit shows a label without ASCII digits before the
//! value, as standards print it).

pub const MM_PER_INCH: f64 = 25.4;

/// A thread size as the tables write it.
#[derive(Debug, Clone, PartialEq)]
pub struct ThreadSize {
    /// The designation without the pitch: `M6`, `#10`, `1/4`.
    pub thread: String,
    /// Nominal diameter in mm.
    pub diameter_mm: f64,
    /// Pitch in mm (metric: as written; inch: 25.4 / threads per inch), when the size gives it.
    pub pitch_mm: Option<f64>,
    /// Inch (ASME) rather than metric.
    pub inch: bool,
}

/// `M6-1`, `M1.6-0.35`, `M6` (washers), `#10-32`, `#10`, `1/4-20`, `1/4`, `1 1/8`, `1-8`.
pub fn thread_size(cell: &str) -> Option<ThreadSize> {
    let cell = cell.trim();
    if let Some(metric) = cell.strip_prefix('M') {
        let (diameter, pitch) = match metric.split_once('-') {
            Some((d, p)) => (d, Some(p)),
            None => (metric, None),
        };
        let diameter_mm = positive(diameter)?;
        let pitch_mm = match pitch {
            Some(p) => Some(positive(p)?),
            None => None,
        };
        return Some(ThreadSize {
            thread: format!("M{diameter}"),
            diameter_mm,
            pitch_mm,
            inch: false,
        });
    }
    // Inch: `#n` numbered sizes (ASME B1.1: 0.060 in + 0.013 in per number) or fractions.
    let (diameter, tpi) = match cell.rsplit_once('-') {
        Some((d, t)) => (d, Some(t)),
        None => (cell, None),
    };
    let diameter_in = if let Some(number) = diameter.strip_prefix('#') {
        let number: u32 = number.parse().ok()?;
        0.060 + 0.013 * f64::from(number)
    } else {
        inch_number(diameter)?
    };
    let pitch_mm = match tpi {
        Some(t) => Some(MM_PER_INCH / positive(t)?),
        None => None,
    };
    Some(ThreadSize {
        thread: diameter.to_string(),
        diameter_mm: diameter_in * MM_PER_INCH,
        pitch_mm,
        inch: true,
    })
}

/// A decimal (`0.312`), a fraction (`5/32`) or a whole number and a fraction (`1 1/8`).
pub fn inch_number(text: &str) -> Option<f64> {
    let text = text.trim();
    let (whole, fraction) = match text.split_once(' ') {
        Some((w, f)) => (Some(w), f),
        None => (None, text),
    };
    let value = match fraction.split_once('/') {
        Some((n, d)) => positive(n)? / positive(d)?,
        None => number(fraction)?,
    };
    let whole = match whole {
        Some(w) => positive(w)?,
        None => 0.0,
    };
    let value = whole + value;
    (value.is_finite() && value >= 0.0).then_some(value)
}

/// A finite number (`.79` included); dashes and blanks are none.
pub fn number(text: &str) -> Option<f64> {
    let value: f64 = text.trim().parse().ok()?;
    value.is_finite().then_some(value)
}

fn positive(text: &str) -> Option<f64> {
    number(text).filter(|v| *v > 0.0)
}

/// Whether a cell is empty for the tables' purposes: blank, or a dash (`–`, `-`).
pub fn is_blank(cell: &str) -> bool {
    matches!(cell.trim(), "" | "-" | "–" | "—")
}

/// `d1` → `d₁`, `C0` → `C₀`, `r12` → `r₁₂`: digits as subscripts, as the standards print them.
pub fn label(name: &str) -> String {
    name.chars()
        .map(|c| match c.to_digit(10) {
            Some(d) => char::from_u32(0x2080 + d).unwrap_or(c),
            None => c,
        })
        .collect()
}

/// A length in mm written without needless zeros (`20`, `1.6`, `19.05`).
pub fn mm_text(value: f64) -> String {
    let rounded = (value * 1000.0).round() / 1000.0;
    let text = format!("{rounded:.3}");
    text.trim_end_matches('0').trim_end_matches('.').to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-9
    }

    #[test]
    fn metric_sizes_give_diameter_and_pitch() {
        let m6 = thread_size("M6-1").expect("M6-1");
        assert_eq!(m6.thread, "M6");
        assert!(close(m6.diameter_mm, 6.0) && m6.pitch_mm == Some(1.0) && !m6.inch);
        let m16 = thread_size("M1.6-0.35").expect("M1.6");
        assert!(close(m16.diameter_mm, 1.6) && m16.pitch_mm == Some(0.35));
        let washer = thread_size("M10").expect("M10");
        assert_eq!((washer.thread.as_str(), washer.pitch_mm), ("M10", None));
    }

    #[test]
    fn inch_sizes_are_converted_to_mm() {
        let n10 = thread_size("#10-32").expect("#10-32");
        assert_eq!(n10.thread, "#10");
        assert!(close(n10.diameter_mm, 0.19 * 25.4));
        assert!(close(n10.pitch_mm.expect("tpi"), 25.4 / 32.0));
        let quarter = thread_size("1/4-20").expect("1/4-20");
        assert!(close(quarter.diameter_mm, 6.35) && quarter.inch);
        let one = thread_size("1-8").expect("1-8");
        assert!(close(one.diameter_mm, 25.4));
        let washer = thread_size("1 1/8").expect("1 1/8");
        assert!(close(washer.diameter_mm, 1.125 * 25.4) && washer.pitch_mm.is_none());
    }

    #[test]
    fn cells_that_are_no_size_or_number_are_refused() {
        assert_eq!(thread_size("M-1"), None);
        assert_eq!(thread_size("Mx"), None);
        assert_eq!(thread_size(""), None);
        assert_eq!(number("–"), None);
        assert_eq!(inch_number("5/0"), None);
        assert!(close(inch_number("5/32").expect("fraction"), 5.0 / 32.0));
        assert!(close(number(".79").expect("leading point"), 0.79));
        assert!(is_blank(" – ") && is_blank("") && !is_blank("0"));
    }

    #[test]
    fn labels_carry_no_ascii_digit() {
        assert_eq!(label("d1"), "d₁");
        assert_eq!(label("C0"), "C₀");
        assert_eq!(label("dk"), "dk");
        assert!(catalog::item::display::is_label(&label("r12")));
        assert_eq!(mm_text(20.0), "20");
        assert_eq!(mm_text(19.05), "19.05");
        assert_eq!(mm_text(1.6000000001), "1.6");
    }
}
