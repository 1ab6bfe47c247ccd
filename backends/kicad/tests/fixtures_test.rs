//! Integration tests over real KiCad library files (see tests/fixtures/LICENSE.md).
//! Set `KICAD_SVG_OUT=<dir>` to also write the drawings there for a visual check.

use std::path::PathBuf;

use kicad::{
    render_footprint_svg, render_symbol_svg, Footprint, Mounting, PadKind, PadShape, SymbolLibrary,
};

fn fixture(name: &str) -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|error| panic!("{}: {error}", path.display()))
}

fn library() -> SymbolLibrary {
    SymbolLibrary::parse(&fixture("portal_fixture.kicad_sym"))
        .unwrap_or_else(|error| panic!("fixture library: {error}"))
}

fn save(name: &str, svg: &str) {
    if let Some(directory) = std::env::var_os("KICAD_SVG_OUT") {
        let path = PathBuf::from(directory).join(name);
        std::fs::write(&path, svg).unwrap_or_else(|error| panic!("{}: {error}", path.display()));
    }
}

fn view_box(svg: &str) -> Vec<f64> {
    svg.split("viewBox=\"")
        .nth(1)
        .and_then(|rest| rest.split('"').next())
        .map(|text| text.split(' ').filter_map(|n| n.parse().ok()).collect())
        .unwrap_or_default()
}

#[test]
fn every_fixture_symbol_resolves_and_renders() {
    let library = library();
    assert_eq!(library.symbols.len(), 15);
    for symbol in library.resolved_symbols().expect("all extends resolve") {
        for unit in 1..=symbol.unit_count() {
            let svg = render_symbol_svg(&symbol, unit);
            let bounds = view_box(&svg);
            assert_eq!(bounds.len(), 4, "{}", symbol.name);
            assert!(
                bounds[2] > 1.0 && bounds[3] > 1.0,
                "{} has a real size",
                symbol.name
            );
            save(&format!("symbol_{}_{unit}.svg", symbol.name), &svg);
        }
    }
}

#[test]
fn stm32_symbol_has_its_pins_and_fields() {
    let stm32 = library().resolve("STM32F103C8Tx").expect("STM32 resolves");
    assert_eq!(stm32.reference(), Some("U"));
    assert_eq!(stm32.footprint(), Some("Package_QFP:LQFP-48_7x7mm_P0.5mm"));
    assert!(stm32.datasheet().is_some_and(|url| url.starts_with("http")));
    assert!(stm32
        .description()
        .is_some_and(|text| text.contains("Cortex-M3")));
    assert_eq!(
        stm32.pins().filter(|pin| !pin.hidden).count()
            + stm32.pins().filter(|pin| pin.hidden).count(),
        stm32.pins().count()
    );
    let numbers: std::collections::BTreeSet<_> =
        stm32.pins().map(|pin| pin.number.as_str()).collect();
    assert_eq!(numbers.len(), 48, "LQFP-48 has 48 distinct pin numbers");
    let svg = render_symbol_svg(&stm32, 1);
    assert!(svg.contains(">PA0<") || svg.contains(">PA0-WKUP<"));
}

#[test]
fn aliases_take_the_parent_drawing() {
    let library = library();
    let regulator = library.resolve("AMS1117-3.3").expect("alias resolves");
    let parent = library.resolve("AP1117-15").expect("parent resolves");
    assert_eq!(regulator.value(), Some("AMS1117-3.3"));
    assert_eq!(regulator.pins().count(), parent.pins().count());
    assert!(regulator.pins().count() >= 3);
    let op_amp = library.resolve("LM358").expect("LM358 resolves");
    assert_eq!(op_amp.unit_count(), 3, "two amplifiers and a power unit");
    assert!(render_symbol_svg(&op_amp, 3).contains(">V+<"));
}

#[test]
fn resistor_symbol_is_small_and_vertical() {
    let resistor = library().resolve("R").expect("R resolves");
    assert!(resistor.pin_numbers_hidden);
    assert_eq!(resistor.keywords(), vec!["R", "res", "resistor"]);
    let bounds = view_box(&render_symbol_svg(&resistor, 1));
    // Pins from y = -3.81 to 3.81 plus the 1.27 margin: 10.16 mm tall.
    assert!((bounds[3] - 10.16).abs() < 0.01, "{bounds:?}");
}

#[test]
fn soic8_footprint() {
    let footprint =
        Footprint::parse(&fixture("SOIC-8_3.9x4.9mm_P1.27mm.kicad_mod")).expect("parses");
    assert_eq!(footprint.mounting(), Mounting::Smd);
    assert_eq!(
        footprint.pad_numbers(),
        vec!["1", "2", "3", "4", "5", "6", "7", "8"]
    );
    assert!(footprint
        .pads
        .iter()
        .all(|pad| pad.kind == PadKind::Smd && pad.shape == PadShape::RoundRect));
    assert!(footprint
        .graphics
        .iter()
        .any(|graphic| graphic.layer == "F.CrtYd"));
    assert_eq!(
        footprint.models[0].relative_path(),
        "Package_SO.3dshapes/SOIC-8_3.9x4.9mm_P1.27mm.wrl"
    );
    let svg = render_footprint_svg(&footprint);
    let bounds = view_box(&svg);
    // The courtyard is 7.4 x 5.4 mm; the reference above it and the value text below it (wider
    // than the part, as in KiCad) widen the drawing; 0.5 mm margin.
    assert!(bounds[2] > 7.4 + 1.0 && bounds[2] < 20.0, "{bounds:?}");
    assert!(bounds[3] > 5.4 + 1.0 && bounds[3] < 10.0, "{bounds:?}");
    save("footprint_SOIC-8.svg", &svg);
}

#[test]
fn every_fixture_footprint_parses_and_renders() {
    for name in [
        "R_0603_1608Metric.kicad_mod",
        "SOIC-8_3.9x4.9mm_P1.27mm.kicad_mod",
        "PinHeader_1x04_P2.54mm_Vertical.kicad_mod",
        "LQFP-48_7x7mm_P0.5mm.kicad_mod",
        "HVSOF5.kicad_mod",
        "AMS_LGA-10-1EP_2.7x4mm_P0.6mm.kicad_mod",
        "L_Sunlord_SWPA40xxS.kicad_mod",
    ] {
        let footprint =
            Footprint::parse(&fixture(name)).unwrap_or_else(|error| panic!("{name}: {error}"));
        assert!(!footprint.pads.is_empty(), "{name}");
        let svg = render_footprint_svg(&footprint);
        assert!(svg.ends_with("</svg>\n"));
        save(&format!("footprint_{}.svg", footprint.name), &svg);
    }
}

#[test]
fn header_and_special_pads() {
    let header =
        Footprint::parse(&fixture("PinHeader_1x04_P2.54mm_Vertical.kicad_mod")).expect("parses");
    assert_eq!(header.mounting(), Mounting::ThroughHole);
    assert_eq!(header.pads[0].shape, PadShape::Rect, "pin 1 is square");
    assert!(header.pads.iter().all(|pad| pad
        .drill
        .as_ref()
        .is_some_and(|drill| (drill.width - 1.0).abs() < 1e-9)));
    let custom = Footprint::parse(&fixture("HVSOF5.kicad_mod")).expect("parses");
    assert!(custom
        .pads
        .iter()
        .any(|pad| pad.shape == PadShape::Custom && !pad.primitives.is_empty()));
    let trapezoid =
        Footprint::parse(&fixture("AMS_LGA-10-1EP_2.7x4mm_P0.6mm.kicad_mod")).expect("parses");
    assert!(trapezoid
        .pads
        .iter()
        .any(|pad| pad.shape == PadShape::Trapezoid && pad.rect_delta.is_some()));
    let legacy =
        Footprint::parse(&fixture("L_Sunlord_SWPA40xxS.kicad_mod")).expect("KiCad 5 module parses");
    assert_eq!(legacy.reference(), Some("REF**"));
}
