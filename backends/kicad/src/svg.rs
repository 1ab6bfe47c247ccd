//! SVG writing helpers: numbers, escaping, KiCad text markup, arcs, and the document frame.

use std::fmt::Write;

use crate::geometry::{arc_through, BoundingBox, Point};

/// A number with at most four decimals, without trailing zeros (SVG in millimetres: 0.1 µm).
pub(crate) fn num(value: f64) -> String {
    if !value.is_finite() {
        return "0".into();
    }
    let text = format!("{value:.4}");
    let trimmed = text.trim_end_matches('0').trim_end_matches('.');
    match trimmed {
        "-0" | "" => "0".into(),
        other => other.into(),
    }
}

pub(crate) fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c if (c as u32) < 0x20 && c != '\t' && c != '\n' => {}
            c => out.push(c),
        }
    }
    out
}

/// KiCad 6+ text markup: `~{RESET}` is overlined, `{slash}` and friends are escaped characters.
/// Returns SVG text content (escaped, with `<tspan>`s for overbars).
pub(crate) fn markup(text: &str) -> String {
    let replaced = text
        .replace("{slash}", "/")
        .replace("{backslash}", "\\")
        .replace("{dblquote}", "\"")
        .replace("{quote}", "'")
        .replace("{lt}", "<")
        .replace("{gt}", ">")
        .replace("{colon}", ":")
        .replace("{space}", " ")
        .replace("{tab}", " ")
        .replace("{comma}", ",");
    let mut out = String::new();
    let mut rest = replaced.as_str();
    while let Some(start) = rest.find("~{") {
        out.push_str(&escape(&rest[..start]));
        let after = &rest[start + 2..];
        match after.find('}') {
            Some(end) => {
                let _ = write!(
                    out,
                    r#"<tspan text-decoration="overline">{}</tspan>"#,
                    escape(&after[..end])
                );
                rest = &after[end + 1..];
            }
            None => {
                out.push_str(&escape(&rest[start..]));
                rest = "";
            }
        }
    }
    out.push_str(&escape(rest));
    out
}

/// Length of the text as displayed, in characters (for bounding boxes).
pub(crate) fn display_len(text: &str) -> usize {
    text.replace("~{", "")
        .replace(['{', '}'], "")
        .chars()
        .count()
}

/// Width given to a line of text: about KiCad's stroke font (0.72 of the height per character).
/// The renderers pass it as `textLength`, so whatever font the viewer has, the text occupies
/// exactly the box the viewBox was computed from.
pub(crate) fn text_width(text: &str, size: f64) -> f64 {
    display_len(text) as f64 * size * 0.72
}

/// An SVG path for an arc from start through mid to end, already in SVG coordinates (Y down).
pub(crate) fn arc_path(start: Point, mid: Point, end: Point) -> String {
    match arc_through(start, mid, end) {
        Some(arc) => {
            // In SVG (Y down) increasing angles run clockwise on screen, which is sweep-flag 1.
            let sweep = u8::from(arc.increasing);
            let large = u8::from(arc.sweep > std::f64::consts::PI);
            format!(
                "M{} {} A{} {} 0 {large} {sweep} {} {}",
                num(start.x),
                num(start.y),
                num(arc.radius),
                num(arc.radius),
                num(end.x),
                num(end.y)
            )
        }
        None => format!(
            "M{} {} L{} {}",
            num(start.x),
            num(start.y),
            num(end.x),
            num(end.y)
        ),
    }
}

/// Path data through points.
pub(crate) fn polyline_path(points: &[Point], closed: bool) -> String {
    let mut path = String::new();
    for (index, point) in points.iter().enumerate() {
        let _ = write!(
            path,
            "{}{} {} ",
            if index == 0 { 'M' } else { 'L' },
            num(point.x),
            num(point.y)
        );
    }
    if closed {
        path.push('Z');
    }
    path.trim_end().to_string()
}

/// Wraps drawing content in an `<svg>` whose viewBox is `bounds` plus `margin`, sized in mm so
/// that printing or placing it at 100 % shows the real size.
pub(crate) fn document(
    title: &str,
    bounds: BoundingBox,
    margin: f64,
    background: Option<&str>,
    body: &str,
) -> String {
    let bounds = if bounds.is_empty() {
        BoundingBox {
            min: Point::new(-1.0, -1.0),
            max: Point::new(1.0, 1.0),
        }
    } else {
        bounds
    };
    let x = bounds.min.x - margin;
    let y = bounds.min.y - margin;
    let width = bounds.width() + 2.0 * margin;
    let height = bounds.height() + 2.0 * margin;
    let mut svg = String::with_capacity(body.len() + 512);
    let _ = write!(
        svg,
        r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="{} {} {} {}" width="{}mm" height="{}mm">"#,
        num(x),
        num(y),
        num(width),
        num(height),
        num(width),
        num(height)
    );
    let _ = write!(svg, "<title>{}</title>", escape(title));
    if let Some(color) = background {
        let _ = write!(
            svg,
            r#"<rect x="{}" y="{}" width="{}" height="{}" fill="{color}"/>"#,
            num(x),
            num(y),
            num(width),
            num(height)
        );
    }
    svg.push_str(body);
    svg.push_str("</svg>\n");
    svg
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_short() {
        assert_eq!(num(1.0), "1");
        assert_eq!(num(-0.00001), "0");
        assert_eq!(num(2.54), "2.54");
        assert_eq!(num(1.234_567), "1.2346");
        assert_eq!(num(f64::NAN), "0");
    }

    #[test]
    fn markup_handles_overbars_and_escapes() {
        assert_eq!(
            markup("~{RESET}"),
            r#"<tspan text-decoration="overline">RESET</tspan>"#
        );
        assert_eq!(markup("A{slash}B <1>"), "A/B &lt;1&gt;");
        assert_eq!(markup("~{open"), "~{open");
        assert_eq!(display_len("~{RST}"), 3);
    }

    #[test]
    fn quarter_arc_path() {
        let path = arc_path(
            Point::new(1.0, 0.0),
            Point::new(0.5f64.sqrt(), 0.5f64.sqrt()),
            Point::new(0.0, 1.0),
        );
        assert_eq!(path, "M1 0 A1 1 0 0 1 0 1");
    }
}
