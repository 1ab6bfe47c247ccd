//! Footprints drawn as SVG, front side, in KiCad's default board colours on its dark background.
//! Footprint files already use Y down, like SVG; KiCad angles are counter-clockwise on screen, so
//! SVG rotations are negated.

use std::fmt::Write;

use crate::footprint::{Footprint, FootprintGraphic, Pad, PadKind, PadShape, Shape};
use crate::geometry::{arc_points, BoundingBox, Point};
use crate::svg::{self, num};

const BACKGROUND: &str = "#001023";
const HOLE_COLOR: &str = "#1a1f2e";
const HOLE_OUTLINE: &str = "#7a7a7a";
const FRONT_PAD_COLOR: &str = "#c83434";
const THROUGH_PAD_COLOR: &str = "#c2a633";
const BACK_PAD_COLOR: &str = "#4d7fc4";
const PAD_NUMBER_COLOR: &str = "#ffffff";

/// Layers drawn, bottom to top, with their colour and the width used for strokes written as 0.
const LAYERS_BELOW_PADS: &[(&str, &str, f64)] = &[
    ("F.CrtYd", "#ff26e2", 0.05),
    ("F.Fab", "#afafaf", 0.1),
    ("F.Cu", FRONT_PAD_COLOR, 0.1),
];
const LAYERS_ABOVE_PADS: &[(&str, &str, f64)] = &[("F.SilkS", "#f2eda1", 0.12)];

struct Canvas {
    body: String,
    bounds: BoundingBox,
}

/// Maps a point of a pad's own frame to footprint coordinates.
fn place(point: Point, pad_at: Point, pad_angle: f64) -> Point {
    // Counter-clockwise on screen in a Y-down frame is clockwise in maths terms.
    let turned = Point::new(point.x, -point.y).rotated(pad_angle);
    Point::new(pad_at.x + turned.x, pad_at.y - turned.y)
}

/// SVG markup of a shape plus the points that bound it (stroke width included by the caller).
fn shape_markup(shape: &Shape, fill: &str, stroke: &str, width: f64) -> (String, Vec<Point>) {
    let stroke_attributes = format!(
        r#" fill="{fill}" stroke="{stroke}" stroke-width="{}" stroke-linecap="round" stroke-linejoin="round""#,
        num(width)
    );
    match shape {
        Shape::Line { start, end } => (
            format!(
                r#"<path d="M{} {} L{} {}"{stroke_attributes}/>"#,
                num(start.x),
                num(start.y),
                num(end.x),
                num(end.y)
            ),
            vec![*start, *end],
        ),
        Shape::Rect { start, end } => (
            format!(
                r#"<rect x="{}" y="{}" width="{}" height="{}"{stroke_attributes}/>"#,
                num(start.x.min(end.x)),
                num(start.y.min(end.y)),
                num((start.x - end.x).abs()),
                num((start.y - end.y).abs())
            ),
            vec![*start, *end],
        ),
        Shape::Circle { center, end } => {
            let radius = center.distance(*end);
            (
                format!(
                    r#"<circle cx="{}" cy="{}" r="{}"{stroke_attributes}/>"#,
                    num(center.x),
                    num(center.y),
                    num(radius)
                ),
                vec![
                    Point::new(center.x - radius, center.y - radius),
                    Point::new(center.x + radius, center.y + radius),
                ],
            )
        }
        Shape::Arc { start, mid, end } => (
            format!(
                r#"<path d="{}"{stroke_attributes}/>"#,
                svg::arc_path(*start, *mid, *end)
            ),
            arc_points(*start, *mid, *end),
        ),
        Shape::Polygon { points } => (
            format!(
                r#"<path d="{}"{stroke_attributes}/>"#,
                svg::polyline_path(points, true)
            ),
            points.clone(),
        ),
        Shape::Bezier { points } => match points.as_slice() {
            [p0, p1, p2, p3] => (
                format!(
                    r#"<path d="M{} {} C{} {} {} {} {} {}"{stroke_attributes}/>"#,
                    num(p0.x),
                    num(p0.y),
                    num(p1.x),
                    num(p1.y),
                    num(p2.x),
                    num(p2.y),
                    num(p3.x),
                    num(p3.y)
                ),
                points.clone(),
            ),
            _ => (String::new(), Vec::new()),
        },
    }
}

fn draw_graphic(canvas: &mut Canvas, graphic: &FootprintGraphic, color: &str, default_width: f64) {
    let width = if graphic.width > 0.0 {
        graphic.width
    } else {
        default_width
    };
    let fill = if graphic.filled { color } else { "none" };
    let (markup, points) = shape_markup(&graphic.shape, fill, color, width);
    canvas.body.push_str(&markup);
    for point in points {
        canvas.bounds.add_disc(point, width / 2.0);
    }
}

fn pad_color(pad: &Pad) -> &'static str {
    match pad.kind {
        PadKind::ThroughHole => THROUGH_PAD_COLOR,
        _ if pad.on_front() => FRONT_PAD_COLOR,
        _ => BACK_PAD_COLOR,
    }
}

/// Draws a pad in its own frame (centre at the origin), inside a translated and rotated group.
fn draw_pad(canvas: &mut Canvas, pad: &Pad) {
    let (width, height) = pad.size;
    let color = pad_color(pad);
    let mut inner = String::new();
    let mut outline: Vec<Point> = Vec::new();
    let rounded = |radius: f64| {
        format!(
            r#"<rect x="{}" y="{}" width="{}" height="{}" rx="{}" fill="{color}"/>"#,
            num(-width / 2.0),
            num(-height / 2.0),
            num(width),
            num(height),
            num(radius)
        )
    };
    let corners = [
        Point::new(-width / 2.0, -height / 2.0),
        Point::new(width / 2.0, -height / 2.0),
        Point::new(width / 2.0, height / 2.0),
        Point::new(-width / 2.0, height / 2.0),
    ];
    if pad.kind != PadKind::NonPlatedHole {
        match pad.shape {
            PadShape::Circle => {
                let _ = write!(
                    inner,
                    r#"<circle r="{}" fill="{color}"/>"#,
                    num(width / 2.0)
                );
                outline.extend(corners);
            }
            PadShape::Rect => {
                inner.push_str(&rounded(0.0));
                outline.extend(corners);
            }
            PadShape::Oval => {
                inner.push_str(&rounded(width.min(height) / 2.0));
                outline.extend(corners);
            }
            PadShape::RoundRect => {
                inner.push_str(&rounded(
                    pad.roundrect_ratio.unwrap_or(0.25) * width.min(height),
                ));
                outline.extend(corners);
            }
            PadShape::Trapezoid => {
                let (dx, dy) = pad
                    .rect_delta
                    .map_or((0.0, 0.0), |(dx, dy)| (dx / 2.0, dy / 2.0));
                let (hx, hy) = (width / 2.0, height / 2.0);
                // KiCad's corner order and deformation (PAD::BuildEffectivePolygon).
                let points = vec![
                    Point::new(-hx - dy, hy + dx),
                    Point::new(hx + dy, hy - dx),
                    Point::new(hx - dy, -hy + dx),
                    Point::new(-hx + dy, -hy - dx),
                ];
                let _ = write!(
                    inner,
                    r#"<path d="{}" fill="{color}"/>"#,
                    svg::polyline_path(&points, true)
                );
                outline.extend(points);
            }
            PadShape::Custom => {
                // The anchor is a small circle or rectangle of `size`; the primitives give the shape.
                inner.push_str(&rounded(0.0));
                outline.extend(corners);
                for primitive in &pad.primitives {
                    let width = primitive.width;
                    let fill = if primitive.filled { color } else { "none" };
                    let (markup, points) =
                        shape_markup(&primitive.shape, fill, color, width.max(0.0));
                    inner.push_str(&markup);
                    outline.extend(points);
                }
            }
        }
    }
    if let Some(drill) = &pad.drill {
        let (fill, stroke) = if pad.kind == PadKind::NonPlatedHole {
            (HOLE_COLOR, HOLE_OUTLINE)
        } else {
            (HOLE_COLOR, "none")
        };
        let _ = write!(
            inner,
            r#"<rect x="{}" y="{}" width="{}" height="{}" rx="{}" fill="{fill}" stroke="{stroke}" stroke-width="0.05"/>"#,
            num(drill.offset.x - drill.width / 2.0),
            num(drill.offset.y - drill.height / 2.0),
            num(drill.width),
            num(drill.height),
            num(drill.width.min(drill.height) / 2.0)
        );
        outline.push(Point::new(
            drill.offset.x - drill.width / 2.0,
            drill.offset.y - drill.height / 2.0,
        ));
        outline.push(Point::new(
            drill.offset.x + drill.width / 2.0,
            drill.offset.y + drill.height / 2.0,
        ));
    }
    for point in &outline {
        canvas.bounds.add(place(*point, pad.at, pad.angle));
    }
    let rotation = if pad.angle.abs() > 1e-9 {
        format!(" rotate({})", num(-pad.angle))
    } else {
        String::new()
    };
    let _ = write!(
        canvas.body,
        r#"<g transform="translate({} {}){rotation}">{inner}</g>"#,
        num(pad.at.x),
        num(pad.at.y)
    );
}

/// The size of a pad's number that fits inside the pad as seen on screen, or `None` when the pad
/// shows no number.
fn fitted_number_size(pad: &Pad) -> Option<f64> {
    if pad.number.is_empty() || pad.kind == PadKind::NonPlatedHole {
        return None;
    }
    // A 90° pad swaps width and height.
    let quarter_turns = (pad.angle / 90.0).round() as i64;
    let (width, height) = if quarter_turns % 2 != 0 {
        (pad.size.1, pad.size.0)
    } else {
        pad.size
    };
    let characters = svg::display_len(&pad.number).max(1) as f64;
    Some(
        (height * 0.6)
            .min(width * 0.85 / (characters * 0.72))
            .clamp(0.1, 2.0),
    )
}

/// How much larger than the typical pad's number a big pad's may be drawn.
const LARGEST_NUMBER_RATIO: f64 = 1.5;

/// Draws the pads' numbers, each fitted to its pad but none much larger than the typical one: an
/// exposed pad's number (`49` under a QFN) would otherwise outweigh the whole drawing.
fn draw_pad_numbers(canvas: &mut Canvas, pads: &[&Pad]) {
    let numbered: Vec<(&Pad, f64)> = pads
        .iter()
        .filter_map(|pad| fitted_number_size(pad).map(|size| (*pad, size)))
        .collect();
    let mut sizes: Vec<f64> = numbered.iter().map(|(_, size)| *size).collect();
    sizes.sort_by(f64::total_cmp);
    let largest = sizes
        .get(sizes.len() / 2)
        .map_or(f64::INFINITY, |median| median * LARGEST_NUMBER_RATIO);
    for (pad, size) in numbered {
        let _ = write!(
            canvas.body,
            r#"<text x="{}" y="{}" font-size="{}" text-anchor="middle" dominant-baseline="central" fill="{PAD_NUMBER_COLOR}">{}</text>"#,
            num(pad.at.x),
            num(pad.at.y),
            num(size.min(largest)),
            svg::escape(&pad.number)
        );
    }
}

/// Texts narrower than this (mm) after fitting are left out: they would be unreadable specks.
const SMALLEST_TEXT: f64 = 0.1;

/// Draws the visible texts. A text wider than the drawing (`fit_width`: pads and graphics) is
/// shrunk to fit, so a long value like `C_0603_1608Metric` on a 1.6 mm part does not make the
/// preview a line of text with a speck of copper.
fn draw_texts(canvas: &mut Canvas, footprint: &Footprint, fit_width: Option<f64>) {
    let reference = footprint.reference().unwrap_or("REF**");
    let value = footprint
        .texts
        .iter()
        .find(|text| text.kind == "value")
        .map_or(footprint.name.as_str(), |text| text.text.as_str());
    for text in &footprint.texts {
        let Some((_, color, _)) = LAYERS_BELOW_PADS
            .iter()
            .chain(LAYERS_ABOVE_PADS)
            .find(|(layer, ..)| *layer == text.layer)
        else {
            continue;
        };
        if text.style.hidden || text.text.is_empty() {
            continue;
        }
        let content = text
            .text
            .replace("${REFERENCE}", reference)
            .replace("${VALUE}", value);
        let mut size = text.style.size;
        let angle = {
            let angle = text.style.angle.rem_euclid(360.0);
            if angle > 90.0 && angle <= 270.0 {
                angle - 180.0
            } else {
                angle
            }
        };
        let mut width = svg::text_width(&content, size);
        if let Some(fit) = fit_width.filter(|fit| width > *fit) {
            size *= fit / width;
            width = fit;
            if size < SMALLEST_TEXT {
                continue;
            }
        }
        for corner in [
            Point::new(-width / 2.0, -size / 2.0),
            Point::new(width / 2.0, size / 2.0),
            Point::new(-width / 2.0, size / 2.0),
            Point::new(width / 2.0, -size / 2.0),
        ] {
            canvas.bounds.add(place(corner, text.style.at, angle));
        }
        let rotation = if angle.abs() > 1e-9 {
            format!(
                r#" transform="rotate({} {} {})""#,
                num(-angle),
                num(text.style.at.x),
                num(text.style.at.y)
            )
        } else {
            String::new()
        };
        let _ = write!(
            canvas.body,
            r#"<text x="{}" y="{}" font-size="{}" textLength="{}" lengthAdjust="spacingAndGlyphs" text-anchor="middle" dominant-baseline="central" fill="{color}"{rotation}>{}</text>"#,
            num(text.style.at.x),
            num(text.style.at.y),
            num(size * 1.3),
            num(width),
            svg::escape(&content)
        );
    }
}

/// Draws the front of a footprint: courtyard, fabrication and copper graphics, pads with their
/// numbers and holes, silkscreen and visible texts. The viewBox is the bounding box plus 0.5 mm.
pub fn render_footprint_svg(footprint: &Footprint) -> String {
    let mut canvas = Canvas {
        body: String::new(),
        bounds: BoundingBox::empty(),
    };
    for (layer, color, width) in LAYERS_BELOW_PADS {
        for graphic in footprint
            .graphics
            .iter()
            .filter(|graphic| graphic.layer == *layer)
        {
            draw_graphic(&mut canvas, graphic, color, *width);
        }
    }
    // Back-only pads first, so front copper covers them.
    let (front, back): (Vec<&Pad>, Vec<&Pad>) = footprint
        .pads
        .iter()
        .partition(|pad| pad.on_front() || pad.kind == PadKind::NonPlatedHole);
    for pad in back.iter().chain(front.iter()) {
        draw_pad(&mut canvas, pad);
    }
    for (layer, color, width) in LAYERS_ABOVE_PADS {
        for graphic in footprint
            .graphics
            .iter()
            .filter(|graphic| graphic.layer == *layer)
        {
            draw_graphic(&mut canvas, graphic, color, *width);
        }
    }
    draw_pad_numbers(&mut canvas, &front);
    let drawing = canvas.bounds;
    draw_texts(
        &mut canvas,
        footprint,
        (!drawing.is_empty()).then(|| drawing.width()),
    );
    let body = format!(r#"<g font-family="sans-serif">{}</g>"#, canvas.body);
    svg::document(&footprint.name, canvas.bounds, 0.5, Some(BACKGROUND), &body)
}

#[cfg(test)]
mod tests {
    use super::*;

    const SOIC: &str = r#"(footprint "SOIC-2" (layer "F.Cu") (attr smd)
  (fp_text reference "REF**" (at 0 -3) (layer "F.SilkS") (effects (font (size 1 1))))
  (fp_text value "SOIC-2" (at 0 3) (layer "F.Fab") (effects (font (size 1 1))))
  (fp_text user "${REFERENCE}" (at 0 0) (layer "F.Fab") (effects (font (size 0.5 0.5))))
  (fp_line (start -2 -2) (end 2 -2) (layer "F.SilkS") (width 0.12))
  (fp_rect (start -3.7 -2.5) (end 3.7 2.5) (layer "F.CrtYd") (width 0.05))
  (fp_line (start 0 0) (end 9 9) (layer "B.SilkS") (width 0.12))
  (pad "1" smd roundrect (at -2.5 0 90) (size 0.6 2) (layers "F.Cu" "F.Paste" "F.Mask") (roundrect_rratio 0.25))
  (pad "2" thru_hole circle (at 2.5 0) (size 1.7 1.7) (drill 1) (layers *.Cu *.Mask))
  (pad "" np_thru_hole circle (at 0 1) (size 1 1) (drill 1) (layers *.Cu *.Mask))
  (pad "3" smd trapezoid (at 0 -1) (size 1 1) (rect_delta 0 0.2) (layers "F.Cu"))
)"#;

    #[test]
    fn draws_layers_pads_and_numbers() {
        let footprint = Footprint::parse(SOIC).unwrap();
        let svg = render_footprint_svg(&footprint);
        assert!(svg.contains("<title>SOIC-2</title>"));
        assert!(svg.contains(r#"<g transform="translate(-2.5 0) rotate(-90)"><rect x="-0.3" y="-1" width="0.6" height="2" rx="0.15""#), "{svg}");
        assert!(
            svg.contains(r##"fill="#c2a633""##),
            "through-hole pad colour"
        );
        assert!(svg.contains(">REF**</text>"));
        assert_eq!(
            svg.matches(">REF**<").count(),
            2,
            "${{REFERENCE}} is substituted"
        );
        assert!(
            svg.contains(">1</text>") && svg.contains(">2</text>") && svg.contains(">3</text>")
        );
        assert!(!svg.contains("M0 0 L9 9"), "back silkscreen is not drawn");
    }

    #[test]
    fn an_exposed_pad_number_is_no_larger_than_the_typical_one_allows() {
        let mut source = String::from(r#"(footprint "QFN-4-1EP" (layer "F.Cu") (attr smd)"#);
        for (number, x) in [(1, -1.5), (2, -0.5), (3, 0.5), (4, 1.5)] {
            source.push_str(&format!(
                r#"(pad "{number}" smd rect (at {x} 2) (size 0.3 0.8) (layers "F.Cu"))"#
            ));
        }
        source.push_str(r#"(pad "5" smd rect (at 0 0) (size 3 3) (layers "F.Cu")))"#);
        let svg = render_footprint_svg(&Footprint::parse(&source).unwrap());
        let size_of = |number: &str| -> f64 {
            let end = svg.find(&format!(">{number}</text>")).unwrap();
            let start = svg[..end].rfind("font-size=\"").unwrap() + "font-size=\"".len();
            svg[start..end].split('"').next().unwrap().parse().unwrap()
        };
        let typical = size_of("1");
        assert!(typical > 0.2, "{svg}");
        assert!(
            size_of("5") <= typical * LARGEST_NUMBER_RATIO + 1e-9,
            "the 3 mm pad's number fits 1.8 mm but is drawn at most 1.5 × {typical}: {svg}"
        );
    }

    #[test]
    fn view_box_is_the_courtyard_plus_margin() {
        let footprint = Footprint::parse(SOIC).unwrap();
        let svg = render_footprint_svg(&footprint);
        // Courtyard x from -3.7 (minus half its 0.05 width), margin 0.5.
        assert!(svg.contains(r#"viewBox="-4.225 "#), "{}", &svg[..200]);
    }

    #[test]
    fn long_texts_shrink_to_the_drawing_width() {
        let small = r#"(footprint "C_0603_1608Metric" (layer "F.Cu") (attr smd)
  (fp_text reference "REF**" (at 0 -1.43) (layer "F.SilkS") (effects (font (size 1 1))))
  (fp_text value "C_0603_1608Metric" (at 0 1.43) (layer "F.Fab") (effects (font (size 1 1))))
  (fp_rect (start -1.48 -0.73) (end 1.48 0.73) (layer "F.CrtYd") (width 0.05))
  (pad "1" smd roundrect (at -0.775 0) (size 0.9 0.95) (layers "F.Cu" "F.Paste" "F.Mask") (roundrect_rratio 0.25))
  (pad "2" smd roundrect (at 0.775 0) (size 0.9 0.95) (layers "F.Cu" "F.Paste" "F.Mask") (roundrect_rratio 0.25))
)"#;
        let svg = render_footprint_svg(&Footprint::parse(small).unwrap());
        let view_box: Vec<f64> = svg
            .split("viewBox=\"")
            .nth(1)
            .and_then(|rest| rest.split('"').next())
            .unwrap()
            .split(' ')
            .map(|n| n.parse().unwrap())
            .collect();
        // Courtyard 2.96 mm + its line + 2 × 0.5 mm margin: the value text no longer widens it.
        assert!(view_box[2] < 4.1, "{view_box:?}");
        assert!(
            svg.contains(">C_0603_1608Metric</text>"),
            "shrunk, not dropped"
        );
    }

    #[test]
    fn place_rotates_counter_clockwise_on_screen() {
        // A point to the right of a pad turned 90° ends up above it (smaller Y on screen).
        let placed = place(Point::new(1.0, 0.0), Point::new(0.0, 0.0), 90.0);
        assert!(placed.distance(Point::new(0.0, -1.0)) < 1e-9);
    }
}
