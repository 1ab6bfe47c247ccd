//! Symbols drawn as SVG in KiCad's default schematic colours. Symbol files use Y up; SVG uses
//! Y down, so every Y is negated (text is placed, never mirrored).

use std::fmt::Write;

use crate::geometry::{arc_points, BoundingBox, Point};
use crate::svg::{self, num};
use crate::symbol::{Fill, Pin, Symbol, SymbolGraphic, TextStyle};

const BODY_COLOR: &str = "#840000";
const BODY_BACKGROUND: &str = "#ffffc2";
const PIN_COLOR: &str = "#840000";
const PIN_NUMBER_COLOR: &str = "#a90000";
const PIN_NAME_COLOR: &str = "#006464";
const FIELD_COLOR: &str = "#006464";
const TEXT_COLOR: &str = "#0000c2";
/// KiCad's default schematic line width (6 mil) for strokes written as 0.
const DEFAULT_LINE_WIDTH: f64 = 0.1524;
/// Radius of the bubble of an inverted pin (KiCad: 15 mil).
const INVERTED_PIN_RADIUS: f64 = 0.381;
/// Size of the clock triangle (KiCad: 20 mil).
const CLOCK_SIZE: f64 = 0.508;
/// Gap between a pin line and its number or outside name.
const TEXT_GAP: f64 = 0.254;

fn flip(point: Point) -> Point {
    Point::new(point.x, -point.y)
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Anchor {
    Start,
    Middle,
    End,
}

impl Anchor {
    fn svg(self) -> &'static str {
        match self {
            Anchor::Start => "start",
            Anchor::Middle => "middle",
            Anchor::End => "end",
        }
    }
}

struct Canvas {
    body: String,
    bounds: BoundingBox,
}

impl Canvas {
    /// Text centred vertically on `at` (SVG coordinates), rotated `angle` degrees counter-clockwise
    /// as KiCad counts (so the SVG rotation is negative).
    fn text(
        &mut self,
        content: &str,
        at: Point,
        angle: f64,
        size: f64,
        anchor: Anchor,
        color: &str,
    ) {
        if content.is_empty() {
            return;
        }
        let width = svg::text_width(content, size);
        let (left, right) = match anchor {
            Anchor::Start => (0.0, width),
            Anchor::Middle => (-width / 2.0, width / 2.0),
            Anchor::End => (-width, 0.0),
        };
        for corner in [
            Point::new(left, -size / 2.0),
            Point::new(right, -size / 2.0),
            Point::new(left, size / 2.0),
            Point::new(right, size / 2.0),
        ] {
            // Rotating by -angle in the Y-down frame is rotating by +angle in a Y-up one.
            let turned = Point::new(corner.x, -corner.y).rotated(angle);
            self.bounds
                .add(Point::new(at.x + turned.x, at.y - turned.y));
        }
        let rotation = if angle.rem_euclid(360.0).abs() > 1e-9 {
            format!(
                r#" transform="rotate({} {} {})""#,
                num(-angle),
                num(at.x),
                num(at.y)
            )
        } else {
            String::new()
        };
        let _ = write!(
            self.body,
            r#"<text x="{}" y="{}" font-size="{}" textLength="{}" lengthAdjust="spacingAndGlyphs" text-anchor="{}" dominant-baseline="central" fill="{color}"{rotation}>{}</text>"#,
            num(at.x),
            num(at.y),
            num(size * 1.3),
            num(width),
            anchor.svg(),
            svg::markup(content)
        );
    }

    fn shape(&mut self, element: &str, stroke_width: f64, fill: Fill, color: &str) {
        let fill_color = match fill {
            Fill::None => "none",
            Fill::Outline | Fill::Color => color,
            Fill::Background => BODY_BACKGROUND,
        };
        let width = if stroke_width > 0.0 {
            stroke_width
        } else {
            DEFAULT_LINE_WIDTH
        };
        let _ = write!(
            self.body,
            r#"<{element} fill="{fill_color}" stroke="{color}" stroke-width="{}" stroke-linecap="round" stroke-linejoin="round"/>"#,
            num(width)
        );
    }
}

/// Anchor for KiCad justification words.
fn anchor_of(style: &TextStyle) -> Anchor {
    if style.is_justified("left") {
        Anchor::Start
    } else if style.is_justified("right") {
        Anchor::End
    } else {
        Anchor::Middle
    }
}

/// KiCad keeps text readable: 180° is drawn as 0°, 270° as 90°.
fn readable(angle: f64) -> f64 {
    let angle = angle.rem_euclid(360.0);
    if angle > 90.0 + 1e-9 && angle <= 270.0 + 1e-9 {
        angle - 180.0
    } else {
        angle
    }
}

fn draw_graphic(canvas: &mut Canvas, graphic: &SymbolGraphic) {
    match graphic {
        SymbolGraphic::Rectangle {
            start,
            end,
            stroke,
            fill,
        } => {
            let (a, b) = (flip(*start), flip(*end));
            canvas.bounds.add(a);
            canvas.bounds.add(b);
            let element = format!(
                r#"rect x="{}" y="{}" width="{}" height="{}""#,
                num(a.x.min(b.x)),
                num(a.y.min(b.y)),
                num((a.x - b.x).abs()),
                num((a.y - b.y).abs())
            );
            canvas.shape(&element, stroke.width, *fill, BODY_COLOR);
        }
        SymbolGraphic::Polyline {
            points,
            stroke,
            fill,
        } => {
            let points: Vec<Point> = points.iter().copied().map(flip).collect();
            points.iter().for_each(|point| canvas.bounds.add(*point));
            let element = format!(r#"path d="{}""#, svg::polyline_path(&points, false));
            canvas.shape(&element, stroke.width, *fill, BODY_COLOR);
        }
        SymbolGraphic::Circle {
            center,
            radius,
            stroke,
            fill,
        } => {
            let center = flip(*center);
            canvas.bounds.add_disc(center, *radius);
            let element = format!(
                r#"circle cx="{}" cy="{}" r="{}""#,
                num(center.x),
                num(center.y),
                num(*radius)
            );
            canvas.shape(&element, stroke.width, *fill, BODY_COLOR);
        }
        SymbolGraphic::Arc {
            start,
            mid,
            end,
            stroke,
            fill,
        } => {
            let (start, mid, end) = (flip(*start), flip(*mid), flip(*end));
            arc_points(start, mid, end)
                .into_iter()
                .for_each(|point| canvas.bounds.add(point));
            let element = format!(r#"path d="{}""#, svg::arc_path(start, mid, end));
            canvas.shape(&element, stroke.width, *fill, BODY_COLOR);
        }
        SymbolGraphic::Bezier {
            points,
            stroke,
            fill,
        } => {
            let points: Vec<Point> = points.iter().copied().map(flip).collect();
            points.iter().for_each(|point| canvas.bounds.add(*point));
            if let [p0, p1, p2, p3] = points.as_slice() {
                let element = format!(
                    r#"path d="M{} {} C{} {} {} {} {} {}""#,
                    num(p0.x),
                    num(p0.y),
                    num(p1.x),
                    num(p1.y),
                    num(p2.x),
                    num(p2.y),
                    num(p3.x),
                    num(p3.y)
                );
                canvas.shape(&element, stroke.width, *fill, BODY_COLOR);
            }
        }
        SymbolGraphic::Text { text, style } => {
            if !style.hidden {
                canvas.text(
                    text,
                    flip(style.at),
                    readable(style.angle),
                    style.size,
                    anchor_of(style),
                    TEXT_COLOR,
                );
            }
        }
    }
}

fn draw_pin(canvas: &mut Canvas, pin: &Pin, symbol: &Symbol) {
    if pin.hidden {
        return;
    }
    let outer = flip(pin.at);
    let inner = flip(pin.body_end());
    // Unit vector from the connection point towards the body, in SVG coordinates.
    let direction = {
        let turned = Point::new(1.0, 0.0).rotated(pin.angle);
        Point::new(turned.x, -turned.y)
    };
    let along = |from: Point, distance: f64| {
        Point::new(
            from.x + direction.x * distance,
            from.y + direction.y * distance,
        )
    };
    let normal = Point::new(direction.y, -direction.x);
    let style = pin.graphic_style.as_str();
    let line_end = if style.contains("inverted") {
        along(inner, -2.0 * INVERTED_PIN_RADIUS)
    } else {
        inner
    };
    canvas.bounds.add(outer);
    canvas.bounds.add(inner);
    let _ = write!(
        canvas.body,
        r#"<path d="M{} {} L{} {}" stroke="{PIN_COLOR}" stroke-width="{}" stroke-linecap="round"/>"#,
        num(outer.x),
        num(outer.y),
        num(line_end.x),
        num(line_end.y),
        num(DEFAULT_LINE_WIDTH)
    );
    if style.contains("inverted") {
        let center = along(inner, -INVERTED_PIN_RADIUS);
        let _ = write!(
            canvas.body,
            r#"<circle cx="{}" cy="{}" r="{}" fill="none" stroke="{PIN_COLOR}" stroke-width="{}"/>"#,
            num(center.x),
            num(center.y),
            num(INVERTED_PIN_RADIUS),
            num(DEFAULT_LINE_WIDTH)
        );
    }
    if style.contains("clock") {
        let side = |sign: f64| {
            Point::new(
                inner.x + normal.x * sign * CLOCK_SIZE,
                inner.y + normal.y * sign * CLOCK_SIZE,
            )
        };
        let tip = along(inner, CLOCK_SIZE);
        let element = format!(
            r#"path d="{}""#,
            svg::polyline_path(&[side(1.0), tip, side(-1.0)], false)
        );
        canvas.shape(&element, DEFAULT_LINE_WIDTH, Fill::None, PIN_COLOR);
    }

    let horizontal = direction.x.abs() > direction.y.abs();
    // Text along the pin: horizontal text for horizontal pins, vertical (90°) for vertical ones.
    let text_angle = if horizontal { 0.0 } else { 90.0 };
    // "Above" the pin line: up for horizontal pins, left for vertical ones (KiCad's placement).
    let above = if horizontal {
        Point::new(0.0, -1.0)
    } else {
        Point::new(-1.0, 0.0)
    };
    let middle = Point::new((outer.x + inner.x) / 2.0, (outer.y + inner.y) / 2.0);
    let beside =
        |distance: f64| Point::new(middle.x + above.x * distance, middle.y + above.y * distance);
    let name = if pin.name == "~" {
        ""
    } else {
        pin.name.as_str()
    };
    let show_name = !symbol.pin_names_hidden && !name.is_empty();
    let show_number = !symbol.pin_numbers_hidden && !pin.number.is_empty();
    if symbol.pin_names_offset > 0.0 {
        if show_name {
            let at = along(inner, symbol.pin_names_offset);
            // Text reads left-to-right or bottom-to-top; it starts at the body when the pin points
            // that way, else it ends there.
            let reads_away = if horizontal {
                direction.x > 0.0
            } else {
                direction.y < 0.0
            };
            let anchor = if reads_away {
                Anchor::Start
            } else {
                Anchor::End
            };
            canvas.text(name, at, text_angle, pin.name_size, anchor, PIN_NAME_COLOR);
        }
        if show_number {
            let at = beside(TEXT_GAP + pin.number_size / 2.0);
            canvas.text(
                &pin.number,
                at,
                text_angle,
                pin.number_size,
                Anchor::Middle,
                PIN_NUMBER_COLOR,
            );
        }
    } else {
        if show_name {
            let at = beside(TEXT_GAP + pin.name_size / 2.0);
            canvas.text(
                name,
                at,
                text_angle,
                pin.name_size,
                Anchor::Middle,
                PIN_NAME_COLOR,
            );
        }
        if show_number {
            let at = beside(-(TEXT_GAP + pin.number_size / 2.0));
            canvas.text(
                &pin.number,
                at,
                text_angle,
                pin.number_size,
                Anchor::Middle,
                PIN_NUMBER_COLOR,
            );
        }
    }
}

fn is_background(graphic: &SymbolGraphic) -> bool {
    matches!(
        graphic,
        SymbolGraphic::Rectangle {
            fill: Fill::Background,
            ..
        } | SymbolGraphic::Polyline {
            fill: Fill::Background,
            ..
        } | SymbolGraphic::Circle {
            fill: Fill::Background,
            ..
        } | SymbolGraphic::Arc {
            fill: Fill::Background,
            ..
        } | SymbolGraphic::Bezier {
            fill: Fill::Background,
            ..
        }
    )
}

/// Draws one unit (1-based; clamped to the symbol's units) of a symbol, with its visible fields.
/// Pass a symbol resolved with [`crate::SymbolLibrary::resolve`] so aliases have their drawing.
pub fn render_symbol_svg(symbol: &Symbol, unit: u32) -> String {
    render_symbol_svg_with_value(symbol, unit, None)
}

/// [`render_symbol_svg`] for a part placed with `value` (`100nF` on the generic `Device:C`): the
/// Value field shows it. A Value field that would repeat the Reference field's text (a generic
/// symbol without a value: Reference `C`, Value `C`) is drawn once, as KiCad's own symbol
/// previews do not repeat it either.
pub fn render_symbol_svg_with_value(symbol: &Symbol, unit: u32, value: Option<&str>) -> String {
    let value = value.map(str::trim).filter(|v| !v.is_empty() && *v != "~");
    let reference = symbol
        .properties
        .iter()
        .find(|p| p.name == "Reference" && !p.style.hidden)
        .map(|p| p.value.trim());
    let unit = unit.clamp(1, symbol.unit_count());
    let mut canvas = Canvas {
        body: String::new(),
        bounds: BoundingBox::empty(),
    };
    // Filled backgrounds first so outlines and pins stay visible on top of them.
    let parts: Vec<_> = symbol.parts_of_unit(unit).collect();
    for background_pass in [true, false] {
        for graphic in parts.iter().flat_map(|part| part.graphics.iter()) {
            if is_background(graphic) == background_pass {
                draw_graphic(&mut canvas, graphic);
            }
        }
    }
    for pin in parts.iter().flat_map(|part| part.pins.iter()) {
        draw_pin(&mut canvas, pin, symbol);
    }
    for property in &symbol.properties {
        if property.style.hidden || property.value.is_empty() || property.name.starts_with("ki_") {
            continue;
        }
        let mut text = property.value.clone();
        if property.name == "Value" {
            if let Some(value) = value {
                value.clone_into(&mut text);
            }
            if reference == Some(text.trim()) {
                continue;
            }
        }
        if property.name == "Reference" && symbol.unit_count() > 1 {
            // KiCad names units A, B, C… after the reference.
            if let Some(letter) = char::from_u32(u32::from(b'A') + unit - 1).filter(|_| unit <= 26)
            {
                text.push(letter);
            }
        }
        canvas.text(
            &text,
            flip(property.style.at),
            readable(property.style.angle),
            property.style.size,
            anchor_of(&property.style),
            FIELD_COLOR,
        );
    }
    let title = format!("{} (unit {unit})", symbol.name);
    let body = format!(r#"<g font-family="sans-serif">{}</g>"#, canvas.body);
    svg::document(&title, canvas.bounds, 1.27, None, &body)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::SymbolLibrary;

    const LIBRARY: &str = r#"(kicad_symbol_lib (version 20211014)
  (symbol "U" (pin_names (offset 1.016)) (in_bom yes) (on_board yes)
    (property "Reference" "U" (id 0) (at 0 6.35 0) (effects (font (size 1.27 1.27))))
    (property "Value" "Chip" (id 1) (at 0 -6.35 0) (effects (font (size 1.27 1.27))))
    (symbol "U_0_1"
      (rectangle (start -5.08 5.08) (end 5.08 -5.08) (stroke (width 0.254)) (fill (type background)))
      (arc (start -1 0) (mid 0 1) (end 1 0) (stroke (width 0)) (fill (type none))))
    (symbol "U_1_1"
      (pin input inverted (at -7.62 0 0) (length 2.54) (name "~{RESET}" (effects (font (size 1.27 1.27)))) (number "1" (effects (font (size 1.27 1.27)))))
      (pin output clock (at 7.62 0 180) (length 2.54) (name "Q" (effects (font (size 1.27 1.27)))) (number "2" (effects (font (size 1.27 1.27))))))
    (symbol "U_2_1"
      (pin power_in line (at 0 7.62 270) (length 2.54) (name "VCC" (effects (font (size 1.27 1.27)))) (number "3" (effects (font (size 1.27 1.27))))))))"#;

    #[test]
    fn draws_body_pins_and_fields() {
        let library = SymbolLibrary::parse(LIBRARY).unwrap();
        let symbol = library.resolve("U").unwrap();
        let svg = render_symbol_svg(&symbol, 1);
        assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\""));
        assert!(svg.contains(
            r##"<rect x="-5.08" y="-5.08" width="10.16" height="10.16" fill="#ffffc2""##
        ));
        assert!(svg.contains(r#"text-decoration="overline">RESET<"#));
        assert!(svg.contains(">UA</text>"), "{svg}");
        assert!(svg.contains(">Chip</text>"));
        assert!(svg.contains("<circle"), "inverted bubble");
        assert!(!svg.contains(">VCC<"), "unit 2 pin is not in unit 1");
        let unit_two = render_symbol_svg(&symbol, 2);
        assert!(unit_two.contains(">VCC<") && !unit_two.contains("RESET"));
    }

    const CAPACITOR: &str = r#"(kicad_symbol_lib (version 20211014)
  (symbol "C" (pin_numbers hide) (pin_names (offset 0.254)) (in_bom yes) (on_board yes)
    (property "Reference" "C" (id 0) (at 0.635 2.54 0) (effects (font (size 1.27 1.27)) (justify left)))
    (property "Value" "C" (id 1) (at 0.635 -2.54 0) (effects (font (size 1.27 1.27)) (justify left)))
    (property "Footprint" "" (id 2) (at 0.9652 -3.81 0) (effects (font (size 1.27 1.27)) hide))
    (symbol "C_0_1"
      (polyline (pts (xy -2.032 -0.762) (xy 2.032 -0.762)) (stroke (width 0.508) (type default) (color 0 0 0 0)) (fill (type none)))
      (polyline (pts (xy -2.032 0.762) (xy 2.032 0.762)) (stroke (width 0.508) (type default) (color 0 0 0 0)) (fill (type none))))
    (symbol "C_1_1"
      (pin passive line (at 0 3.81 270) (length 2.794) (name "~" (effects (font (size 1.27 1.27)))) (number "1" (effects (font (size 1.27 1.27)))))
      (pin passive line (at 0 -3.81 90) (length 2.794) (name "~" (effects (font (size 1.27 1.27)))) (number "2" (effects (font (size 1.27 1.27))))))))"#;

    fn texts(svg: &str) -> Vec<&str> {
        svg.split("</text>")
            .filter(|piece| piece.contains("<text"))
            .filter_map(|piece| piece.rsplit('>').next())
            .collect()
    }

    #[test]
    fn a_generic_symbol_shows_the_part_value_or_its_letter_once() {
        // Device:C of the KiCad 6 library: Reference and Value are both `C`.
        let library = SymbolLibrary::parse(CAPACITOR).unwrap();
        let symbol = library.resolve("C").unwrap();
        assert_eq!(texts(&render_symbol_svg(&symbol, 1)), ["C"]);
        let placed = render_symbol_svg_with_value(&symbol, 1, Some("100nF"));
        assert_eq!(texts(&placed), ["C", "100nF"]);
        // A symbol whose value differs from its reference keeps both.
        let chip = SymbolLibrary::parse(LIBRARY).unwrap().resolve("U").unwrap();
        assert!(texts(&render_symbol_svg_with_value(&chip, 1, None)).contains(&"Chip"));
    }

    #[test]
    fn view_box_covers_the_pins() {
        let library = SymbolLibrary::parse(LIBRARY).unwrap();
        let svg = render_symbol_svg(&library.resolve("U").unwrap(), 1);
        let view_box: Vec<f64> = svg
            .split("viewBox=\"")
            .nth(1)
            .and_then(|rest| rest.split('"').next())
            .map(|text| text.split(' ').filter_map(|n| n.parse().ok()).collect())
            .unwrap_or_default();
        assert_eq!(view_box.len(), 4);
        // Pins reach x = ±7.62; the margin adds 1.27 on each side.
        assert!(view_box[0] <= -7.62 - 1.27 + 1e-9);
        assert!(view_box[0] + view_box[2] >= 7.62 + 1.27 - 1e-9);
    }

    #[test]
    fn readable_angles() {
        assert_eq!(readable(180.0), 0.0);
        assert_eq!(readable(270.0), 90.0);
        assert_eq!(readable(90.0), 90.0);
    }
}
