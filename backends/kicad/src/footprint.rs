//! `.kicad_mod` footprints (KiCad 5 `module` and KiCad 6+ `footprint` documents).

use crate::geometry::Point;
use crate::sexpr::{self, Sexpr};
use crate::symbol::TextStyle;
use crate::KicadError;

/// How the footprint is mounted, from `(attr …)`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mounting {
    Smd,
    ThroughHole,
    /// No `smd`/`through_hole` attribute (mechanical parts, logos, test points).
    Unspecified,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PadKind {
    ThroughHole,
    Smd,
    /// Copper without paste (edge connectors).
    Connect,
    NonPlatedHole,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PadShape {
    Circle,
    Rect,
    Oval,
    Trapezoid,
    RoundRect,
    Custom,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Drill {
    /// Diameter, or width of an oval hole.
    pub width: f64,
    pub height: f64,
    pub offset: Point,
}

/// A drawing primitive; coordinates relative to the footprint (or to the pad for custom pads).
#[derive(Debug, Clone, PartialEq)]
pub enum Shape {
    Line {
        start: Point,
        end: Point,
    },
    Rect {
        start: Point,
        end: Point,
    },
    /// KiCad stores a circle by its centre and a point on it.
    Circle {
        center: Point,
        end: Point,
    },
    Arc {
        start: Point,
        mid: Point,
        end: Point,
    },
    Polygon {
        points: Vec<Point>,
    },
    Bezier {
        points: Vec<Point>,
    },
}

#[derive(Debug, Clone, PartialEq)]
pub struct FootprintGraphic {
    pub layer: String,
    pub width: f64,
    pub filled: bool,
    pub shape: Shape,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Pad {
    /// Pad "number" as written (may be a name such as `A1`, `EP`, or empty for holes).
    pub number: String,
    pub kind: PadKind,
    pub shape: PadShape,
    pub at: Point,
    /// Degrees, counter-clockwise on screen.
    pub angle: f64,
    pub size: (f64, f64),
    pub drill: Option<Drill>,
    pub layers: Vec<String>,
    pub roundrect_ratio: Option<f64>,
    /// Trapezoid deformation `(rect_delta dx dy)`.
    pub rect_delta: Option<(f64, f64)>,
    /// Shapes of a custom pad, relative to the pad's position and rotation.
    pub primitives: Vec<FootprintGraphic>,
}

impl Pad {
    /// Whether the pad has copper on the front (or on every copper layer).
    pub fn on_front(&self) -> bool {
        self.layers
            .iter()
            .any(|layer| layer == "F.Cu" || layer == "*.Cu")
    }
}

/// `fp_text` (KiCad ≤ 7) or a visible `property` (KiCad 8+) drawn on the footprint.
#[derive(Debug, Clone, PartialEq)]
pub struct FootprintText {
    /// `reference`, `value` or `user`.
    pub kind: String,
    pub text: String,
    pub layer: String,
    pub style: TextStyle,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Model3d {
    /// As written, usually `${KICAD6_3DMODEL_DIR}/Package_SO.3dshapes/SOIC-8_3.9x4.9mm_P1.27mm.wrl`.
    pub path: String,
    pub offset: [f64; 3],
    pub scale: [f64; 3],
    pub rotate: [f64; 3],
    pub hidden: bool,
}

impl Model3d {
    /// The path without the environment variable: `Package_SO.3dshapes/SOIC-8….wrl`.
    pub fn relative_path(&self) -> &str {
        match self.path.strip_prefix("${") {
            Some(rest) => rest
                .split_once("}/")
                .map_or(self.path.as_str(), |(_, path)| path),
            None => &self.path,
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct Footprint {
    pub name: String,
    pub version: Option<u32>,
    pub generator: Option<String>,
    pub layer: String,
    pub description: Option<String>,
    /// Space-separated tags as written.
    pub tags: Option<String>,
    /// `(property "name" "value")` entries (KiCad 8+ also stores Reference/Value here).
    pub properties: Vec<(String, String)>,
    /// Every word of `(attr …)`: `smd`, `through_hole`, `board_only`, `exclude_from_bom`, …
    pub attributes: Vec<String>,
    pub pads: Vec<Pad>,
    pub graphics: Vec<FootprintGraphic>,
    pub texts: Vec<FootprintText>,
    pub models: Vec<Model3d>,
}

impl Footprint {
    /// Parses the text of a `.kicad_mod` file.
    pub fn parse(text: &str) -> Result<Footprint, KicadError> {
        let root = sexpr::parse(text)?;
        let head = root.head().unwrap_or("");
        if head != "footprint" && head != "module" {
            return Err(KicadError::Format {
                context: "footprint".into(),
                message: format!("expected `footprint` or `module`, found `{head}`"),
            });
        }
        let name = root.arg(0).ok_or_else(|| KicadError::Format {
            context: "footprint".into(),
            message: "footprint without a name".into(),
        })?;
        let mut footprint = Footprint {
            name: name.to_string(),
            version: root.child_str("version").and_then(|v| v.parse().ok()),
            generator: root.child_str("generator").map(str::to_string),
            layer: root.child_str("layer").unwrap_or("F.Cu").to_string(),
            description: root.child_str("descr").map(str::to_string),
            tags: root.child_str("tags").map(str::to_string),
            properties: Vec::new(),
            attributes: root
                .child("attr")
                .map(|attr| {
                    attr.items()[1..]
                        .iter()
                        .filter_map(Sexpr::as_str)
                        .map(str::to_string)
                        .collect()
                })
                .unwrap_or_default(),
            pads: Vec::new(),
            graphics: Vec::new(),
            texts: Vec::new(),
            models: Vec::new(),
        };
        for item in root.items().iter().skip(2) {
            match item.head() {
                Some("pad") => footprint.pads.push(read_pad(item, name)?),
                Some("fp_text") => footprint.texts.push(FootprintText {
                    kind: item.arg(0).unwrap_or("user").to_string(),
                    text: item.arg(1).unwrap_or_default().to_string(),
                    layer: item.child_str("layer").unwrap_or_default().to_string(),
                    style: TextStyle::read(item),
                }),
                Some("property") => {
                    let key = item.arg(0).unwrap_or_default().to_string();
                    let value = item.arg(1).unwrap_or_default().to_string();
                    if let Some(layer) = item.child_str("layer") {
                        footprint.texts.push(FootprintText {
                            kind: key.to_lowercase(),
                            text: value.clone(),
                            layer: layer.to_string(),
                            style: TextStyle::read(item),
                        });
                    }
                    footprint.properties.push((key, value));
                }
                Some("model") => footprint.models.push(read_model(item)),
                Some(_) => {
                    if let Some(graphic) = read_graphic(item, "fp_") {
                        footprint.graphics.push(graphic);
                    }
                }
                None => {}
            }
        }
        Ok(footprint)
    }

    pub fn mounting(&self) -> Mounting {
        if self.attributes.iter().any(|attribute| attribute == "smd") {
            Mounting::Smd
        } else if self
            .attributes
            .iter()
            .any(|attribute| attribute == "through_hole")
        {
            Mounting::ThroughHole
        } else {
            Mounting::Unspecified
        }
    }

    pub fn tag_list(&self) -> Vec<&str> {
        self.tags
            .as_deref()
            .map(|tags| tags.split_whitespace().collect())
            .unwrap_or_default()
    }

    /// Distinct pad numbers, in order (the pin count of the package).
    pub fn pad_numbers(&self) -> Vec<&str> {
        let mut numbers: Vec<&str> = Vec::new();
        for pad in &self.pads {
            if !pad.number.is_empty() && !numbers.contains(&pad.number.as_str()) {
                numbers.push(&pad.number);
            }
        }
        numbers
    }

    /// The reference text (`REF**`), wherever the file version keeps it.
    pub fn reference(&self) -> Option<&str> {
        self.texts
            .iter()
            .find(|text| text.kind == "reference")
            .map(|text| text.text.as_str())
    }
}

fn xyz(node: Option<&Sexpr<'_>>, default: f64) -> [f64; 3] {
    let values = node.and_then(|node| node.child("xyz"));
    let component = |index| values.and_then(|xyz| xyz.number(index)).unwrap_or(default);
    [component(0), component(1), component(2)]
}

fn read_model(node: &Sexpr<'_>) -> Model3d {
    Model3d {
        path: node.arg(0).unwrap_or_default().to_string(),
        // KiCad 5 wrote `(at (xyz …))` in inches; KiCad 6 converted every library to `offset` (mm).
        offset: xyz(node.child("offset").or_else(|| node.child("at")), 0.0),
        scale: xyz(node.child("scale"), 1.0),
        rotate: xyz(node.child("rotate"), 0.0),
        hidden: node.flag("hide"),
    }
}

fn width_of(node: &Sexpr<'_>) -> f64 {
    node.child("stroke")
        .and_then(|stroke| stroke.child_number("width"))
        .or_else(|| node.child_number("width"))
        .unwrap_or(0.0)
}

fn is_filled(node: &Sexpr<'_>) -> bool {
    matches!(node.child_str("fill"), Some("solid" | "yes"))
}

/// Reads `fp_line`/`fp_rect`/… (prefix `fp_`) or the `gr_*` primitives of a custom pad.
fn read_graphic(node: &Sexpr<'_>, prefix: &str) -> Option<FootprintGraphic> {
    let kind = node.head()?.strip_prefix(prefix)?;
    let shape = match kind {
        "line" => Shape::Line {
            start: Point::child(node, "start")?,
            end: Point::child(node, "end")?,
        },
        "rect" => Shape::Rect {
            start: Point::child(node, "start")?,
            end: Point::child(node, "end")?,
        },
        "circle" => Shape::Circle {
            center: Point::child(node, "center")?,
            end: Point::child(node, "end")?,
        },
        "arc" => match (Point::child(node, "mid"), node.child_number("angle")) {
            (Some(mid), _) => Shape::Arc {
                start: Point::child(node, "start")?,
                mid,
                end: Point::child(node, "end")?,
            },
            // KiCad 5: (start centre) (end first point) (angle degrees)
            (None, Some(angle)) => {
                let center = Point::child(node, "start")?;
                let first = Point::child(node, "end")?;
                let offset = Point::new(first.x - center.x, first.y - center.y);
                let at = |degrees: f64| {
                    let turned = offset.rotated(degrees);
                    Point::new(center.x + turned.x, center.y + turned.y)
                };
                Shape::Arc {
                    start: first,
                    mid: at(angle / 2.0),
                    end: at(angle),
                }
            }
            (None, None) => return None,
        },
        "poly" => Shape::Polygon {
            points: Point::list(node),
        },
        "curve" => Shape::Bezier {
            points: Point::list(node),
        },
        _ => return None,
    };
    // Custom-pad polygons are filled unless they say otherwise.
    let filled = is_filled(node)
        || (prefix == "gr_" && kind == "poly" && node.child_str("fill") != Some("none"));
    Some(FootprintGraphic {
        layer: node.child_str("layer").unwrap_or_default().to_string(),
        width: width_of(node),
        filled,
        shape,
    })
}

fn read_pad(node: &Sexpr<'_>, footprint: &str) -> Result<Pad, KicadError> {
    let error = |message: String| KicadError::Format {
        context: format!("{footprint} pad {}", node.arg(0).unwrap_or("?")),
        message,
    };
    let kind = match node.arg(1) {
        Some("thru_hole") => PadKind::ThroughHole,
        Some("smd") => PadKind::Smd,
        Some("connect") => PadKind::Connect,
        Some("np_thru_hole") => PadKind::NonPlatedHole,
        other => return Err(error(format!("unknown pad type `{}`", other.unwrap_or("")))),
    };
    let shape = match node.arg(2) {
        Some("circle") => PadShape::Circle,
        Some("rect") => PadShape::Rect,
        Some("oval") => PadShape::Oval,
        Some("trapezoid") => PadShape::Trapezoid,
        Some("roundrect") => PadShape::RoundRect,
        Some("custom") => PadShape::Custom,
        other => {
            return Err(error(format!(
                "unknown pad shape `{}`",
                other.unwrap_or("")
            )))
        }
    };
    let at = node.child("at");
    let size = node.child("size");
    let drill = node.child("drill").and_then(|drill| {
        let items = &drill.items()[1..];
        let oval = items.first().and_then(Sexpr::as_str) == Some("oval");
        let numbers: Vec<f64> = items
            .iter()
            .filter_map(Sexpr::as_str)
            .filter_map(|text| text.parse::<f64>().ok())
            .collect();
        let width = *numbers.first()?;
        Some(Drill {
            width,
            height: if oval {
                numbers.get(1).copied().unwrap_or(width)
            } else {
                width
            },
            offset: Point::child(drill, "offset").unwrap_or_default(),
        })
    });
    let primitives = node
        .child("primitives")
        .map(|primitives| {
            primitives
                .items()
                .iter()
                .filter_map(|item| read_graphic(item, "gr_"))
                .collect()
        })
        .unwrap_or_default();
    Ok(Pad {
        number: node.arg(0).unwrap_or_default().to_string(),
        kind,
        shape,
        at: at
            .and_then(Point::from_node)
            .ok_or_else(|| error("pad without `at`".into()))?,
        angle: at.and_then(|at| at.number(2)).unwrap_or(0.0),
        size: (
            size.and_then(|size| size.number(0)).unwrap_or(0.0),
            size.and_then(|size| size.number(1)).unwrap_or(0.0),
        ),
        drill,
        layers: node
            .child("layers")
            .map(|layers| {
                layers.items()[1..]
                    .iter()
                    .filter_map(Sexpr::as_str)
                    .map(str::to_string)
                    .collect()
            })
            .unwrap_or_default(),
        roundrect_ratio: node.child_number("roundrect_rratio"),
        rect_delta: node
            .child("rect_delta")
            .and_then(|delta| Some((delta.number(0)?, delta.number(1)?))),
        primitives,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const MODERN: &str = r#"(footprint "R_0603_1608Metric" (version 20211014) (generator pcbnew) (layer "F.Cu")
  (tedit 5F68FEEE)
  (descr "Resistor SMD 0603 (1608 Metric)") (tags "resistor")
  (attr smd)
  (fp_text reference "REF**" (at 0 -1.43) (layer "F.SilkS") (effects (font (size 1 1) (thickness 0.15))))
  (fp_text value "R_0603_1608Metric" (at 0 1.43) (layer "F.Fab") (effects (font (size 1 1) (thickness 0.15))))
  (fp_line (start -0.237258 -0.5225) (end 0.237258 -0.5225) (layer "F.SilkS") (width 0.12))
  (fp_rect (start -1.48 -0.73) (end 1.48 0.73) (layer "F.CrtYd") (width 0.05) (fill none))
  (fp_arc (start 0 -0.9) (mid 0.9 0) (end 0 0.9) (layer "F.Fab") (width 0.1))
  (pad "1" smd roundrect (at -0.825 0) (size 0.8 0.95) (layers "F.Cu" "F.Paste" "F.Mask") (roundrect_rratio 0.25))
  (pad "2" smd roundrect (at 0.825 0 90) (size 0.8 0.95) (layers "F.Cu" "F.Paste" "F.Mask") (roundrect_rratio 0.25))
  (pad "" np_thru_hole oval (at 0 2) (size 1 2) (drill oval 1 2) (layers *.Cu *.Mask))
  (pad "3" thru_hole custom (at 0 3) (size 1 1) (drill 0.5 (offset 0.1 0)) (layers *.Cu *.Mask)
    (primitives (gr_poly (pts (xy 0 0) (xy 1 0) (xy 1 1)) (width 0))))
  (model "${KICAD6_3DMODEL_DIR}/Resistor_SMD.3dshapes/R_0603_1608Metric.wrl"
    (offset (xyz 0 0 0)) (scale (xyz 1 1 1)) (rotate (xyz 0 0 90)))
)"#;

    const LEGACY: &str = r#"(module TSOP-I-56 (layer F.Cu) (tedit 607EF3FE)
  (descr "TSOP-I, 56 Pin") (tags "TSOP-I SO") (attr smd)
  (fp_text reference REF** (at 0 -7.95) (layer F.SilkS) (effects (font (size 1 1) (thickness 0.15))))
  (fp_arc (start 0 0) (end 1 0) (angle 90) (layer F.Fab) (width 0.1))
  (pad 1 smd rect (at -8.6875 -6.75) (size 1.575 0.3) (layers F.Cu F.Mask F.Paste))
)"#;

    #[test]
    fn reads_a_kicad6_footprint() {
        let footprint = Footprint::parse(MODERN).unwrap();
        assert_eq!(footprint.name, "R_0603_1608Metric");
        assert_eq!(footprint.version, Some(20_211_014));
        assert_eq!(footprint.mounting(), Mounting::Smd);
        assert_eq!(footprint.tag_list(), vec!["resistor"]);
        assert_eq!(
            footprint.description.as_deref(),
            Some("Resistor SMD 0603 (1608 Metric)")
        );
        assert_eq!(footprint.reference(), Some("REF**"));
        assert_eq!(footprint.pads.len(), 4);
        assert_eq!(footprint.pad_numbers(), vec!["1", "2", "3"]);
        let second = &footprint.pads[1];
        assert_eq!(
            (second.shape, second.angle, second.roundrect_ratio),
            (PadShape::RoundRect, 90.0, Some(0.25))
        );
        let hole = &footprint.pads[2];
        assert_eq!(hole.kind, PadKind::NonPlatedHole);
        assert_eq!(
            hole.drill.as_ref().map(|d| (d.width, d.height)),
            Some((1.0, 2.0))
        );
        let custom = &footprint.pads[3];
        assert_eq!(
            custom.drill.as_ref().map(|d| d.offset),
            Some(Point::new(0.1, 0.0))
        );
        assert_eq!(custom.primitives.len(), 1);
        assert!(custom.primitives[0].filled);
        assert_eq!(footprint.graphics.len(), 3);
        assert_eq!(footprint.graphics[1].layer, "F.CrtYd");
        let model = &footprint.models[0];
        assert_eq!(
            model.relative_path(),
            "Resistor_SMD.3dshapes/R_0603_1608Metric.wrl"
        );
        assert_eq!(model.rotate, [0.0, 0.0, 90.0]);
    }

    #[test]
    fn reads_a_kicad5_module_with_legacy_arcs() {
        let footprint = Footprint::parse(LEGACY).unwrap();
        assert_eq!(footprint.pads[0].number, "1");
        assert_eq!(footprint.reference(), Some("REF**"));
        match &footprint.graphics[0].shape {
            Shape::Arc { start, mid, end } => {
                assert_eq!(*start, Point::new(1.0, 0.0));
                assert!(end.distance(Point::new(0.0, 1.0)) < 1e-9);
                assert!(mid.distance(Point::new(0.5f64.sqrt(), 0.5f64.sqrt())) < 1e-9);
            }
            other => panic!("expected an arc, got {other:?}"),
        }
    }

    #[test]
    fn bad_pads_are_errors() {
        let text = r#"(footprint "X" (pad "1" laser rect (at 0 0) (size 1 1) (layers F.Cu)))"#;
        assert!(matches!(
            Footprint::parse(text),
            Err(KicadError::Format { .. })
        ));
        let text = r#"(footprint "X" (pad "1" smd rect (size 1 1) (layers F.Cu)))"#;
        assert!(matches!(
            Footprint::parse(text),
            Err(KicadError::Format { .. })
        ));
        assert!(Footprint::parse("(kicad_symbol_lib)").is_err());
    }
}
