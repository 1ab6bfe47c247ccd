//! `.kicad_sym` symbol libraries (KiCad 6 and later).

use crate::geometry::Point;
use crate::sexpr::{self, Sexpr};
use crate::KicadError;

/// Default text height when a file gives none (KiCad's 50 mil).
pub const DEFAULT_TEXT_SIZE: f64 = 1.27;
/// Default pin name offset when `pin_names` gives none (KiCad's 20 mil).
pub const DEFAULT_PIN_NAME_OFFSET: f64 = 0.508;
/// Libraries up to this version store symbol graphic text angles in tenths of a degree.
const LAST_VERSION_WITH_TENTHS: u32 = 20_211_014;

/// How a text is drawn.
#[derive(Debug, Clone, PartialEq)]
pub struct TextStyle {
    pub at: Point,
    /// Degrees, counter-clockwise.
    pub angle: f64,
    /// Character height in millimetres.
    pub size: f64,
    pub hidden: bool,
    /// `left`, `right`, `top`, `bottom`, `mirror` as written.
    pub justify: Vec<String>,
}

impl Default for TextStyle {
    fn default() -> Self {
        TextStyle {
            at: Point::default(),
            angle: 0.0,
            size: DEFAULT_TEXT_SIZE,
            hidden: false,
            justify: Vec::new(),
        }
    }
}

impl TextStyle {
    /// Reads `(at x y angle)` and `(effects (font (size h w)) (justify …) hide)` of `node`.
    pub(crate) fn read(node: &Sexpr<'_>) -> TextStyle {
        let at = node.child("at");
        let effects = node.child("effects");
        let size = effects
            .and_then(|effects| effects.child("font"))
            .and_then(|font| font.child("size"))
            .and_then(|size| size.number(0))
            .unwrap_or(DEFAULT_TEXT_SIZE);
        let justify = effects
            .and_then(|effects| effects.child("justify"))
            .map(|justify| {
                justify.items()[1..]
                    .iter()
                    .filter_map(Sexpr::as_str)
                    .map(str::to_string)
                    .collect()
            })
            .unwrap_or_default();
        TextStyle {
            at: at.and_then(Point::from_node).unwrap_or_default(),
            angle: at.and_then(|at| at.number(2)).unwrap_or(0.0),
            size,
            hidden: node.flag("hide") || effects.is_some_and(|effects| effects.flag("hide")),
            justify,
        }
    }

    pub fn is_justified(&self, side: &str) -> bool {
        self.justify.iter().any(|item| item == side)
    }
}

/// A symbol field: Reference, Value, Footprint, Datasheet, Description, ki_keywords, user fields.
#[derive(Debug, Clone, PartialEq)]
pub struct Property {
    pub name: String,
    pub value: String,
    pub style: TextStyle,
}

/// Stroke and fill of a graphic item.
#[derive(Debug, Clone, PartialEq)]
pub struct Stroke {
    /// Millimetres; 0 means the default line width.
    pub width: f64,
}

/// `none`, `outline` (filled with the line colour) or `background` (the body colour).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fill {
    None,
    Outline,
    Background,
    Color,
}

#[derive(Debug, Clone, PartialEq)]
pub enum SymbolGraphic {
    Rectangle {
        start: Point,
        end: Point,
        stroke: Stroke,
        fill: Fill,
    },
    Polyline {
        points: Vec<Point>,
        stroke: Stroke,
        fill: Fill,
    },
    Circle {
        center: Point,
        radius: f64,
        stroke: Stroke,
        fill: Fill,
    },
    Arc {
        start: Point,
        mid: Point,
        end: Point,
        stroke: Stroke,
        fill: Fill,
    },
    Bezier {
        points: Vec<Point>,
        stroke: Stroke,
        fill: Fill,
    },
    Text {
        text: String,
        style: TextStyle,
    },
}

/// A pin. `at` is the connection point; the pin runs `length` from there in direction `angle`
/// (0 = towards +X, 90 = towards +Y, which is up in symbols).
#[derive(Debug, Clone, PartialEq)]
pub struct Pin {
    /// `input`, `output`, `bidirectional`, `passive`, `power_in`, … as written.
    pub electrical_type: String,
    /// `line`, `inverted`, `clock`, `inverted_clock`, … as written.
    pub graphic_style: String,
    pub at: Point,
    pub angle: f64,
    pub length: f64,
    pub hidden: bool,
    /// `~` means no name.
    pub name: String,
    pub number: String,
    pub name_size: f64,
    pub number_size: f64,
}

impl Pin {
    /// The end of the pin that touches the body.
    pub fn body_end(&self) -> Point {
        let direction = Point::new(1.0, 0.0).rotated(self.angle);
        Point::new(
            self.at.x + direction.x * self.length,
            self.at.y + direction.y * self.length,
        )
    }
}

/// The graphics and pins of one unit in one body style. Unit 0 is shared by every unit.
#[derive(Debug, Clone, PartialEq)]
pub struct SymbolUnit {
    pub name: String,
    pub unit: u32,
    /// 1 = normal, 2 = De Morgan alternate; 0 = both.
    pub style: u32,
    pub graphics: Vec<SymbolGraphic>,
    pub pins: Vec<Pin>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Symbol {
    pub name: String,
    /// The parent symbol whose drawing an alias reuses.
    pub extends: Option<String>,
    pub properties: Vec<Property>,
    pub power: bool,
    pub in_bom: bool,
    pub on_board: bool,
    pub pin_names_offset: f64,
    pub pin_names_hidden: bool,
    pub pin_numbers_hidden: bool,
    pub units: Vec<SymbolUnit>,
}

impl Symbol {
    /// A property's value, when present and not empty or `~` (KiCad's "none").
    pub fn property(&self, name: &str) -> Option<&str> {
        self.properties
            .iter()
            .find(|property| property.name == name)
            .map(|property| property.value.as_str())
            .filter(|value| !value.is_empty() && *value != "~")
    }

    pub fn reference(&self) -> Option<&str> {
        self.property("Reference")
    }

    pub fn value(&self) -> Option<&str> {
        self.property("Value")
    }

    pub fn footprint(&self) -> Option<&str> {
        self.property("Footprint")
    }

    pub fn datasheet(&self) -> Option<&str> {
        self.property("Datasheet")
    }

    /// `Description` (KiCad 8+) or `ki_description` (KiCad 6–7).
    pub fn description(&self) -> Option<&str> {
        self.property("Description")
            .or_else(|| self.property("ki_description"))
    }

    pub fn keywords(&self) -> Vec<&str> {
        self.property("ki_keywords")
            .map(|text| text.split_whitespace().collect())
            .unwrap_or_default()
    }

    /// Footprint name patterns such as `R_*`.
    pub fn footprint_filters(&self) -> Vec<&str> {
        self.property("ki_fp_filters")
            .map(|text| text.split_whitespace().collect())
            .unwrap_or_default()
    }

    /// How many units the symbol has (at least 1).
    pub fn unit_count(&self) -> u32 {
        self.units
            .iter()
            .map(|unit| unit.unit)
            .max()
            .unwrap_or(0)
            .max(1)
    }

    /// Graphics and pins drawn for `unit` in the normal body style.
    pub fn parts_of_unit(&self, unit: u32) -> impl Iterator<Item = &SymbolUnit> {
        self.units
            .iter()
            .filter(move |part| (part.unit == 0 || part.unit == unit) && part.style <= 1)
    }

    /// Every pin of every unit (normal body style).
    pub fn pins(&self) -> impl Iterator<Item = &Pin> {
        self.units
            .iter()
            .filter(|part| part.style <= 1)
            .flat_map(|part| part.pins.iter())
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct SymbolLibrary {
    pub version: Option<u32>,
    pub generator: Option<String>,
    pub symbols: Vec<Symbol>,
}

/// How deep `extends` chains are followed (KiCad allows one level; a little slack for safety).
const MAX_EXTENDS_DEPTH: usize = 8;

impl SymbolLibrary {
    /// Parses the text of a `.kicad_sym` file.
    pub fn parse(text: &str) -> Result<SymbolLibrary, KicadError> {
        let root = sexpr::parse(text)?;
        if root.head() != Some("kicad_symbol_lib") {
            return Err(KicadError::Format {
                context: "library".into(),
                message: format!(
                    "expected `kicad_symbol_lib`, found `{}`",
                    root.head().unwrap_or("")
                ),
            });
        }
        let version = root
            .child("version")
            .and_then(|version| version.arg(0))
            .and_then(|v| v.parse().ok());
        let angles_in_tenths = version.is_some_and(|version| version <= LAST_VERSION_WITH_TENTHS);
        let symbols = root
            .children("symbol")
            .map(|node| read_symbol(node, angles_in_tenths))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(SymbolLibrary {
            version,
            generator: root.child_str("generator").map(str::to_string),
            symbols,
        })
    }

    pub fn get(&self, name: &str) -> Option<&Symbol> {
        self.symbols.iter().find(|symbol| symbol.name == name)
    }

    /// The symbol with `extends` resolved: an alias keeps its own fields and takes its parent's
    /// pins, graphics and pin settings (and the parent's fields it does not set).
    pub fn resolve(&self, name: &str) -> Result<Symbol, KicadError> {
        let symbol = self.get(name).ok_or_else(|| KicadError::Format {
            context: name.to_string(),
            message: "no such symbol in the library".into(),
        })?;
        let mut resolved = symbol.clone();
        let mut current = symbol;
        for _ in 0..MAX_EXTENDS_DEPTH {
            let Some(parent_name) = current.extends.as_deref() else {
                resolved.extends = symbol.extends.clone();
                return Ok(resolved);
            };
            let parent = self.get(parent_name).ok_or_else(|| KicadError::Format {
                context: name.to_string(),
                message: format!("extends `{parent_name}`, which is not in the library"),
            })?;
            if resolved.units.is_empty() {
                resolved.units.clone_from(&parent.units);
                resolved.pin_names_offset = parent.pin_names_offset;
                resolved.pin_names_hidden = parent.pin_names_hidden;
                resolved.pin_numbers_hidden = parent.pin_numbers_hidden;
                resolved.power |= parent.power;
            }
            for property in &parent.properties {
                if !resolved
                    .properties
                    .iter()
                    .any(|own| own.name == property.name)
                {
                    resolved.properties.push(property.clone());
                }
            }
            current = parent;
        }
        Err(KicadError::Format {
            context: name.to_string(),
            message: format!("`extends` chain longer than {MAX_EXTENDS_DEPTH} (a cycle?)"),
        })
    }

    /// Every symbol with `extends` resolved, in file order.
    pub fn resolved_symbols(&self) -> Result<Vec<Symbol>, KicadError> {
        self.symbols
            .iter()
            .map(|symbol| self.resolve(&symbol.name))
            .collect()
    }
}

fn read_symbol(node: &Sexpr<'_>, angles_in_tenths: bool) -> Result<Symbol, KicadError> {
    let name = node.arg(0).ok_or_else(|| KicadError::Format {
        context: "symbol".into(),
        message: "symbol without a name".into(),
    })?;
    let properties = node
        .children("property")
        .map(|property| Property {
            name: property.arg(0).unwrap_or_default().to_string(),
            value: property.arg(1).unwrap_or_default().to_string(),
            style: TextStyle::read(property),
        })
        .collect();
    let pin_names = node.child("pin_names");
    let yes_no = |child: &str, default: bool| match node.child_str(child) {
        Some("yes") => true,
        Some("no") => false,
        _ => default,
    };
    let mut units = Vec::new();
    for unit_node in node.children("symbol") {
        units.push(read_unit(name, unit_node, angles_in_tenths)?);
    }
    Ok(Symbol {
        name: name.to_string(),
        extends: node.child_str("extends").map(str::to_string),
        properties,
        power: node.child("power").is_some(),
        in_bom: yes_no("in_bom", true),
        on_board: yes_no("on_board", true),
        pin_names_offset: pin_names
            .and_then(|p| p.child_number("offset"))
            .unwrap_or(DEFAULT_PIN_NAME_OFFSET),
        pin_names_hidden: pin_names.is_some_and(|p| p.flag("hide")),
        pin_numbers_hidden: node.child("pin_numbers").is_some_and(|p| p.flag("hide")),
        units,
    })
}

/// Sub-symbols are named `<symbol>_<unit>_<style>`.
fn unit_and_style(symbol_name: &str, unit_name: &str) -> Option<(u32, u32)> {
    let suffix = unit_name
        .strip_prefix(symbol_name)
        .and_then(|rest| rest.strip_prefix('_'))?;
    let (unit, style) = suffix.split_once('_')?;
    Some((unit.parse().ok()?, style.parse().ok()?))
}

fn read_unit(
    symbol_name: &str,
    node: &Sexpr<'_>,
    angles_in_tenths: bool,
) -> Result<SymbolUnit, KicadError> {
    let name = node.arg(0).unwrap_or_default();
    // A unit renamed after its parent (derived symbols written by old tools) still ends in _U_S.
    let (unit, style) = unit_and_style(symbol_name, name)
        .or_else(|| {
            let mut parts = name.rsplitn(3, '_');
            let style = parts.next()?.parse().ok()?;
            let unit = parts.next()?.parse().ok()?;
            Some((unit, style))
        })
        .ok_or_else(|| KicadError::Format {
            context: symbol_name.to_string(),
            message: format!("sub-symbol `{name}` is not named <symbol>_<unit>_<style>"),
        })?;
    let mut graphics = Vec::new();
    let mut pins = Vec::new();
    for item in node.items().iter().skip(2) {
        match item.head() {
            Some("pin") => pins.push(read_pin(item)),
            Some(_) => {
                if let Some(graphic) = read_graphic(item, angles_in_tenths) {
                    graphics.push(graphic);
                }
            }
            None => {}
        }
    }
    Ok(SymbolUnit {
        name: name.to_string(),
        unit,
        style,
        graphics,
        pins,
    })
}

fn read_stroke(node: &Sexpr<'_>) -> Stroke {
    Stroke {
        width: node
            .child("stroke")
            .and_then(|stroke| stroke.child_number("width"))
            .or_else(|| node.child_number("width"))
            .unwrap_or(0.0),
    }
}

fn read_fill(node: &Sexpr<'_>) -> Fill {
    match node.child("fill").and_then(|fill| fill.child_str("type")) {
        Some("outline") => Fill::Outline,
        Some("background") => Fill::Background,
        Some("color") => Fill::Color,
        _ => Fill::None,
    }
}

fn read_graphic(node: &Sexpr<'_>, angles_in_tenths: bool) -> Option<SymbolGraphic> {
    let stroke = read_stroke(node);
    let fill = read_fill(node);
    Some(match node.head()? {
        "rectangle" => SymbolGraphic::Rectangle {
            start: Point::child(node, "start")?,
            end: Point::child(node, "end")?,
            stroke,
            fill,
        },
        "polyline" => SymbolGraphic::Polyline {
            points: Point::list(node),
            stroke,
            fill,
        },
        "circle" => SymbolGraphic::Circle {
            center: Point::child(node, "center")?,
            radius: node.child_number("radius")?,
            stroke,
            fill,
        },
        "arc" => SymbolGraphic::Arc {
            start: Point::child(node, "start")?,
            mid: Point::child(node, "mid")?,
            end: Point::child(node, "end")?,
            stroke,
            fill,
        },
        "bezier" => SymbolGraphic::Bezier {
            points: Point::list(node),
            stroke,
            fill,
        },
        "text" => {
            let mut style = TextStyle::read(node);
            if angles_in_tenths {
                style.angle /= 10.0;
            }
            SymbolGraphic::Text {
                text: node.arg(0).unwrap_or_default().to_string(),
                style,
            }
        }
        _ => return None,
    })
}

fn read_pin(node: &Sexpr<'_>) -> Pin {
    let at = node.child("at");
    let text_size = |name: &str| {
        node.child(name)
            .and_then(|child| child.child("effects"))
            .and_then(|effects| effects.child("font"))
            .and_then(|font| font.child("size"))
            .and_then(|size| size.number(0))
            .unwrap_or(DEFAULT_TEXT_SIZE)
    };
    Pin {
        electrical_type: node.arg(0).unwrap_or("unspecified").to_string(),
        graphic_style: node.arg(1).unwrap_or("line").to_string(),
        at: at.and_then(Point::from_node).unwrap_or_default(),
        angle: at.and_then(|at| at.number(2)).unwrap_or(0.0),
        length: node.child_number("length").unwrap_or(0.0),
        hidden: node.flag("hide"),
        name: node.child_str("name").unwrap_or("~").to_string(),
        number: node.child_str("number").unwrap_or_default().to_string(),
        name_size: text_size("name"),
        number_size: text_size("number"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const LIBRARY: &str = r#"(kicad_symbol_lib (version 20211014) (generator kicad_symbol_editor)
  (symbol "R" (pin_numbers hide) (pin_names (offset 0)) (in_bom yes) (on_board yes)
    (property "Reference" "R" (id 0) (at 2.032 0 90) (effects (font (size 1.27 1.27))))
    (property "Value" "R" (id 1) (at 0 0 90) (effects (font (size 1.27 1.27))))
    (property "Datasheet" "~" (id 3) (at 0 0 0) (effects (font (size 1.27 1.27)) hide))
    (property "ki_keywords" "R res resistor" (id 4) (at 0 0 0) (effects (font (size 1.27 1.27)) hide))
    (property "ki_description" "Resistor" (id 5) (at 0 0 0) (effects (font (size 1.27 1.27)) hide))
    (property "ki_fp_filters" "R_*" (id 6) (at 0 0 0) (effects (font (size 1.27 1.27)) hide))
    (symbol "R_0_1"
      (rectangle (start -1.016 -2.54) (end 1.016 2.54) (stroke (width 0.254) (type default) (color 0 0 0 0)) (fill (type none)))
      (text "ESD" (at 0 0 900) (effects (font (size 0.5 0.5))))
    )
    (symbol "R_1_1"
      (pin passive line (at 0 3.81 270) (length 1.27) (name "~" (effects (font (size 1.27 1.27)))) (number "1" (effects (font (size 1.27 1.27)))))
      (pin passive line (at 0 -3.81 90) (length 1.27) hide (name "~" (effects (font (size 1.27 1.27)))) (number "2" (effects (font (size 1.27 1.27)))))
    )
  )
  (symbol "R_US" (extends "R")
    (property "Reference" "R" (id 0) (at 2.032 0 90) (effects (font (size 1.27 1.27))))
    (property "Value" "R_US" (id 1) (at 0 0 90) (effects (font (size 1.27 1.27))))
    (property "ki_description" "Resistor, US symbol" (id 5) (at 0 0 0) (effects (font (size 1.27 1.27)) hide))
  )
  (symbol "Loop" (extends "Loop"))
)"#;

    #[test]
    fn reads_fields_units_and_pins() {
        let library = SymbolLibrary::parse(LIBRARY).unwrap();
        assert_eq!(library.version, Some(20_211_014));
        let resistor = library.get("R").unwrap();
        assert_eq!(resistor.reference(), Some("R"));
        assert_eq!(resistor.datasheet(), None);
        assert_eq!(resistor.description(), Some("Resistor"));
        assert_eq!(resistor.keywords(), vec!["R", "res", "resistor"]);
        assert_eq!(resistor.footprint_filters(), vec!["R_*"]);
        assert!(resistor.pin_numbers_hidden);
        assert_eq!(resistor.pin_names_offset, 0.0);
        assert_eq!(resistor.unit_count(), 1);
        let pins: Vec<_> = resistor.pins().collect();
        assert_eq!(pins.len(), 2);
        assert_eq!(pins[0].number, "1");
        assert_eq!(pins[0].angle, 270.0);
        assert!(pins[1].hidden);
        let body_end = pins[0].body_end();
        assert!((body_end.y - 2.54).abs() < 1e-9 && body_end.x.abs() < 1e-9);
        let text_angle = resistor.units[0]
            .graphics
            .iter()
            .find_map(|graphic| match graphic {
                SymbolGraphic::Text { style, .. } => Some(style.angle),
                _ => None,
            });
        assert_eq!(text_angle, Some(90.0));
    }

    #[test]
    fn extends_inherits_drawing_but_keeps_own_fields() {
        let library = SymbolLibrary::parse(LIBRARY).unwrap();
        let alias = library.resolve("R_US").unwrap();
        assert_eq!(alias.value(), Some("R_US"));
        assert_eq!(alias.description(), Some("Resistor, US symbol"));
        assert_eq!(alias.keywords(), vec!["R", "res", "resistor"]);
        assert_eq!(alias.pins().count(), 2);
        assert!(alias.pin_numbers_hidden);
        assert_eq!(alias.extends.as_deref(), Some("R"));
    }

    #[test]
    fn broken_extends_are_errors() {
        let library = SymbolLibrary::parse(LIBRARY).unwrap();
        assert!(library.resolve("Loop").is_err());
        assert!(library.resolve("Missing").is_err());
        assert!(library.resolved_symbols().is_err());
    }

    #[test]
    fn other_documents_are_refused() {
        assert!(matches!(
            SymbolLibrary::parse("(footprint \"x\")"),
            Err(KicadError::Format { .. })
        ));
    }
}
