//! Generic SMD passives generated from the IEC 60063 E-series: one chip resistor, MLCC or chip
//! inductor per standard value × package (× rated voltage for capacitors), the way catalogues
//! list "basic parts" and KiCad offers `Device:R`/`C`/`L` with a footprint per size. The ranges
//! are a small definition file (`<seed>/generic/passives.json`); the values, names and
//! parameters are computed here. No manufacturer is invented: the parts have none, and their
//! part numbers (`C0603-10uF-16V`, `R0603-4K7`, `L0603-10nH`) are this library's, not an MPN.

use std::{collections::HashMap, path::Path};

use kicad::SymbolLibrary;
use serde::Deserialize;
use units::Dimension;

use super::{category::CategoryMatcher, kicad as kicad_source};
use crate::model::{FileKind, NewComponent, NewFile, Parameter};

pub const SOURCE: &str = "generic";
/// The definition's file name under `<source>/generic/`.
pub const DEFINITION_FILE: &str = "passives.json";
/// The files are KiCad's (symbol, footprint, model), so their licence applies.
pub const LICENSE: &str = kicad_source::LICENSE;

/// IEC 60063 series, mantissas × 10.
const E6: &[u32] = &[10, 15, 22, 33, 47, 68];
const E12: &[u32] = &[10, 12, 15, 18, 22, 27, 33, 39, 47, 56, 68, 82];
const E24: &[u32] = &[
    10, 11, 12, 13, 15, 16, 18, 20, 22, 24, 27, 30, 33, 36, 39, 43, 47, 51, 56, 62, 68, 75, 82, 91,
];

/// `<seed>/generic/passives.json`.
#[derive(Debug, Clone, Deserialize)]
pub struct Definition {
    pub families: Vec<Family>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Kind {
    Resistor,
    Capacitor,
    Inductor,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Family {
    pub kind: Kind,
    /// `E6`, `E12` or `E24`.
    pub series: String,
    /// KiCad `Lib:Symbol` of the schematic symbol.
    pub symbol: String,
    /// Tolerance of every part of the family (resistors), when the grades do not say it.
    #[serde(default)]
    pub tolerance: Option<String>,
    pub packages: Vec<PackageRange>,
    /// Capacitors: dielectric, tolerance and rated voltages by value (first `upTo` that holds).
    #[serde(default)]
    pub grades: Vec<Grade>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PackageRange {
    /// Imperial size code (`0603`), the package family.
    pub size: String,
    /// KiCad `Lib:Footprint`.
    pub footprint: String,
    pub min: String,
    pub max: String,
    /// Rated power (resistors).
    #[serde(default)]
    pub power: Option<String>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Grade {
    pub up_to: String,
    pub dielectric: String,
    pub tolerance: String,
    pub voltages: Vec<String>,
}

impl Kind {
    fn dimension(self) -> Dimension {
        match self {
            Kind::Resistor => Dimension::Resistance,
            Kind::Capacitor => Dimension::Capacitance,
            Kind::Inductor => Dimension::Inductance,
        }
    }

    fn letter(self) -> &'static str {
        match self {
            Kind::Resistor => "R",
            Kind::Capacitor => "C",
            Kind::Inductor => "L",
        }
    }
}

/// A standard value: mantissa × 10 (10..=99) and the decimal exponent of the whole value, so
/// that value = mantissa × 10^(exponent − 1) exactly, without float noise in the names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StandardValue {
    pub mantissa: u32,
    pub exponent: i32,
}

impl StandardValue {
    pub fn si(self) -> f64 {
        f64::from(self.mantissa) * 10f64.powi(self.exponent - 1)
    }

    /// The number in the unit of `prefix_exponent` (`4.7` for 4.7 k with 3), at most one decimal.
    fn scaled(self, prefix_exponent: i32) -> String {
        let shift = self.exponent - 1 - prefix_exponent;
        let number = f64::from(self.mantissa) * 10f64.powi(shift);
        let text = format!("{number:.1}");
        text.strip_suffix(".0").unwrap_or(&text).to_owned()
    }

    /// The engineering prefix that puts the number in 1..1000: (exponent, letter).
    fn prefix(self, prefixes: &[(i32, &'static str)]) -> (i32, &'static str) {
        let magnitude = self.exponent; // 10^magnitude ≤ value < 10^(magnitude+1)
        prefixes
            .iter()
            .rev()
            .find(|(exponent, _)| magnitude >= *exponent)
            .or_else(|| prefixes.first())
            .copied()
            .unwrap_or((0, ""))
    }
}

/// The values of `series` within `min..=max` (SI), ascending.
pub fn series_values(series: &str, min: f64, max: f64) -> Result<Vec<StandardValue>, String> {
    let mantissas = match series {
        "E6" => E6,
        "E12" => E12,
        "E24" => E24,
        other => return Err(format!("unknown series {other} (E6, E12 or E24)")),
    };
    let mut values = Vec::new();
    for exponent in -15..=9 {
        for &mantissa in mantissas {
            let value = StandardValue { mantissa, exponent };
            let si = value.si();
            let inside =
                (si > min || units::approx_eq(si, min)) && (si < max || units::approx_eq(si, max));
            if inside {
                values.push(value);
            }
        }
    }
    Ok(values)
}

const CAPACITANCE_PREFIXES: &[(i32, &str)] = &[(-12, "p"), (-9, "n"), (-6, "u")];
const INDUCTANCE_PREFIXES: &[(i32, &str)] = &[(-9, "n"), (-6, "u"), (-3, "m")];
const RESISTANCE_PREFIXES: &[(i32, &str)] = &[(0, ""), (3, "k"), (6, "M")];

/// `10uF`, `4.7pF`, `100nH`, `4.7kΩ`: the value as catalogues write it (ASCII `u` for micro).
pub fn value_text(kind: Kind, value: StandardValue) -> String {
    let (prefixes, unit) = match kind {
        Kind::Capacitor => (CAPACITANCE_PREFIXES, "F"),
        Kind::Inductor => (INDUCTANCE_PREFIXES, "H"),
        Kind::Resistor => (RESISTANCE_PREFIXES, "Ω"),
    };
    let (exponent, letter) = value.prefix(prefixes);
    format!("{}{letter}{unit}", value.scaled(exponent))
}

/// The resistor code of IEC 60062 (RKM): `4K7`, `10R`, `4R7`, `1M`, `470R`.
pub fn rkm_code(value: StandardValue) -> String {
    let (exponent, _) = value.prefix(RESISTANCE_PREFIXES);
    let letter = match exponent {
        0 => "R",
        3 => "K",
        _ => "M",
    };
    let number = value.scaled(exponent);
    match number.split_once('.') {
        Some((whole, fraction)) => format!("{whole}{letter}{fraction}"),
        None => format!("{number}{letter}"),
    }
}

/// `R_0603_1608Metric` → `1608`.
fn metric_size(footprint: &str) -> Option<&str> {
    footprint
        .rsplit('_')
        .next()
        .and_then(|last| last.strip_suffix("Metric"))
}

fn parameter(dimension: Dimension, text: &str) -> Result<Parameter, String> {
    let quantity =
        units::parse_quantity_as(text, dimension).map_err(|error| format!("{text}: {error}"))?;
    if quantity.dimension != dimension {
        return Err(format!("{text} is not a {}", dimension.as_str()));
    }
    Ok(Parameter {
        dimension: dimension.as_str().to_owned(),
        min: None,
        typ: Some(quantity.value),
        max: None,
        original: text.to_owned(),
        conditions: None,
    })
}

fn quantity(dimension: Dimension, text: &str) -> Result<f64, String> {
    parameter(dimension, text).and_then(|p| p.typ.ok_or_else(|| format!("{text}: no value")))
}

/// The library files every part of a family shares.
struct SharedFiles {
    symbol: NewFile,
    footprint_filters: Vec<String>,
    footprints: HashMap<String, Vec<NewFile>>,
}

/// What generating the definition produced.
pub struct Generated {
    pub components: Vec<NewComponent>,
    pub rejected: Vec<String>,
    pub missing_footprints: usize,
}

/// Reads the definition file and generates every part. A family whose symbol is missing or
/// whose ranges do not parse is one rejection; the other families are still generated.
pub fn generate(
    definition_path: &Path,
    symbols_dir: &Path,
    matcher: &CategoryMatcher,
    footprints: &mut kicad_source::FootprintSource,
) -> Generated {
    let mut generated = Generated {
        components: Vec::new(),
        rejected: Vec::new(),
        missing_footprints: 0,
    };
    let definition: Definition = match std::fs::read_to_string(definition_path)
        .map_err(|e| e.to_string())
        .and_then(|text| serde_json::from_str(&text).map_err(|e| e.to_string()))
    {
        Ok(definition) => definition,
        Err(error) => {
            generated
                .rejected
                .push(format!("generic/passives.json: {error}"));
            return generated;
        }
    };
    let mut libraries: HashMap<String, Option<String>> = HashMap::new();
    for family in &definition.families {
        let result =
            shared_files(family, symbols_dir, &mut libraries, footprints).and_then(|shared| {
                generated.missing_footprints += family
                    .packages
                    .iter()
                    .filter(|p| {
                        shared
                            .footprints
                            .get(&p.footprint)
                            .is_none_or(Vec::is_empty)
                    })
                    .count();
                family_parts(family, &shared, matcher)
            });
        match result {
            Ok(parts) => generated.components.extend(parts),
            Err(error) => generated
                .rejected
                .push(format!("generic/{}: {error}", family.symbol)),
        }
    }
    generated
}

fn shared_files(
    family: &Family,
    symbols_dir: &Path,
    libraries: &mut HashMap<String, Option<String>>,
    footprints: &mut kicad_source::FootprintSource,
) -> Result<SharedFiles, String> {
    let (library_name, symbol_name) = family
        .symbol
        .split_once(':')
        .ok_or("symbol is not Lib:Name")?;
    let text = libraries
        .entry(library_name.to_owned())
        .or_insert_with(|| {
            std::fs::read_to_string(symbols_dir.join(format!("{library_name}.kicad_sym"))).ok()
        })
        .as_deref()
        .ok_or_else(|| format!("symbol library {library_name} not in the source"))?;
    let library = SymbolLibrary::parse(text).map_err(|e| e.to_string())?;
    let symbol = library.resolve(symbol_name).map_err(|e| e.to_string())?;
    let raw = kicad_source::split_symbols(text);
    let blocks: HashMap<&str, &str> = raw.iter().map(|b| (b.name.as_str(), b.text)).collect();
    let content = kicad_source::standalone_symbol_file(library.version, &blocks, &symbol, &library)
        .into_bytes();
    let mut files = HashMap::new();
    for package in &family.packages {
        let mut package_files = Vec::new();
        if let Some((text, _)) = footprints.get(&package.footprint) {
            package_files.push(NewFile {
                kind: FileKind::Footprint,
                name: package.footprint.clone(),
                media_type: "application/x-kicad-footprint".into(),
                content: text.clone().into_bytes(),
            });
            package_files.extend(footprints.models_of(&package.footprint));
        }
        files.insert(package.footprint.clone(), package_files);
    }
    Ok(SharedFiles {
        symbol: NewFile {
            kind: FileKind::Symbol,
            name: family.symbol.clone(),
            media_type: "application/x-kicad-symbol".into(),
            content,
        },
        footprint_filters: symbol
            .footprint_filters()
            .into_iter()
            .map(str::to_owned)
            .collect(),
        footprints: files,
    })
}

/// One variant of a value: its extra words and parameters (capacitors: one per rated voltage).
struct Variant {
    suffix: Option<String>,
    words: Vec<String>,
    parameters: Vec<Parameter>,
}

fn family_parts(
    family: &Family,
    shared: &SharedFiles,
    matcher: &CategoryMatcher,
) -> Result<Vec<NewComponent>, String> {
    let dimension = family.kind.dimension();
    let grades = family
        .grades
        .iter()
        .map(|grade| quantity(dimension, &grade.up_to).map(|limit| (limit, grade)))
        .collect::<Result<Vec<_>, _>>()?;
    let mut parts = Vec::new();
    for package in &family.packages {
        let min = quantity(dimension, &package.min)?;
        let max = quantity(dimension, &package.max)?;
        let power = package
            .power
            .as_deref()
            .map(|text| parameter(Dimension::Power, text))
            .transpose()?;
        let metric = metric_size(&package.footprint).unwrap_or_default();
        let category = matcher.classify(&family.symbol, Some(&package.footprint));
        for value in series_values(&family.series, min, max)? {
            let text = value_text(family.kind, value);
            let value_parameter = parameter(dimension, &text)?;
            let variants: Vec<Variant> = match family.kind {
                Kind::Capacitor => {
                    let (_, grade) = grades
                        .iter()
                        .find(|(limit, _)| {
                            value.si() < *limit || units::approx_eq(value.si(), *limit)
                        })
                        .ok_or_else(|| format!("no grade holds {text}"))?;
                    grade
                        .voltages
                        .iter()
                        .map(|voltage| {
                            Ok(Variant {
                                suffix: Some(voltage.clone()),
                                words: vec![
                                    voltage.clone(),
                                    grade.dielectric.clone(),
                                    grade.tolerance.clone(),
                                ],
                                parameters: vec![
                                    value_parameter.clone(),
                                    parameter(Dimension::Voltage, voltage)?,
                                ],
                            })
                        })
                        .collect::<Result<_, String>>()?
                }
                Kind::Resistor => vec![Variant {
                    suffix: None,
                    words: family
                        .tolerance
                        .iter()
                        .cloned()
                        .chain(package.power.iter().cloned())
                        .collect(),
                    parameters: std::iter::once(value_parameter.clone())
                        .chain(power.clone())
                        .collect(),
                }],
                Kind::Inductor => vec![Variant {
                    suffix: None,
                    words: Vec::new(),
                    parameters: vec![value_parameter.clone()],
                }],
            };
            for variant in variants {
                let code = match family.kind {
                    Kind::Resistor => rkm_code(value),
                    _ => text.clone(),
                };
                let mut part_number = format!("{}{}-{code}", family.kind.letter(), package.size);
                if let Some(suffix) = &variant.suffix {
                    part_number.push('-');
                    part_number.push_str(suffix);
                }
                let (noun, zh, extra_keywords) = match family.kind {
                    Kind::Resistor => (
                        "Thick film chip resistor",
                        "贴片电阻",
                        format!(
                            "resistor {} {}",
                            rkm_code(value),
                            text.trim_end_matches('Ω')
                        ),
                    ),
                    Kind::Capacitor => (
                        "Multilayer ceramic capacitor",
                        "贴片电容",
                        "capacitor MLCC ceramic".to_owned(),
                    ),
                    Kind::Inductor => (
                        "Multilayer chip inductor",
                        "贴片电感",
                        "inductor".to_owned(),
                    ),
                };
                let details = std::iter::once(text.clone())
                    .chain(variant.words.iter().cloned())
                    .collect::<Vec<_>>()
                    .join(" ");
                let mut files = vec![shared.symbol.clone()];
                files.extend(
                    shared
                        .footprints
                        .get(&package.footprint)
                        .cloned()
                        .unwrap_or_default(),
                );
                parts.push(NewComponent {
                    source: SOURCE.into(),
                    source_id: part_number.clone(),
                    part_number,
                    name: format!("{details} {}", package.size),
                    manufacturer: None,
                    category_code: category.as_ref().map(|c| c.code.clone()),
                    category_method: category.as_ref().map(|c| c.method.clone()),
                    description: format!(
                        "{noun} {details} {} ({metric} metric), generic (E-series {})",
                        package.size, family.series
                    ),
                    keywords: format!("{zh} {extra_keywords} {} generic 通用", package.size),
                    datasheet: None,
                    symbol_ref: Some(family.symbol.clone()),
                    footprint_ref: Some(package.footprint.clone()),
                    footprint_filters: shared.footprint_filters.clone(),
                    reference_prefix: Some(family.kind.letter().to_owned()),
                    value: Some(text.clone()),
                    pin_count: 2,
                    unit_count: 1,
                    package: Some(package.size.clone()),
                    lifecycle: None,
                    license: LICENSE.into(),
                    parameters: variant.parameters,
                    files,
                });
            }
        }
    }
    Ok(parts)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn value(mantissa: u32, exponent: i32) -> StandardValue {
        StandardValue { mantissa, exponent }
    }

    #[test]
    fn values_are_written_as_catalogues_write_them() {
        assert_eq!(value_text(Kind::Capacitor, value(10, -5)), "10uF");
        assert_eq!(value_text(Kind::Capacitor, value(10, -7)), "100nF");
        assert_eq!(value_text(Kind::Capacitor, value(47, -12)), "4.7pF");
        assert_eq!(value_text(Kind::Capacitor, value(10, -12)), "1pF");
        assert_eq!(value_text(Kind::Inductor, value(47, -6)), "4.7uH");
        assert_eq!(value_text(Kind::Inductor, value(10, -9)), "1nH");
        assert_eq!(value_text(Kind::Resistor, value(47, 3)), "4.7kΩ");
        assert_eq!(value_text(Kind::Resistor, value(10, 0)), "1Ω");
        assert_eq!(value_text(Kind::Resistor, value(10, 7)), "10MΩ");
        assert_eq!(rkm_code(value(47, 3)), "4K7");
        assert_eq!(rkm_code(value(47, 0)), "4R7");
        assert_eq!(rkm_code(value(10, 1)), "10R");
        assert_eq!(rkm_code(value(47, 2)), "470R");
        assert_eq!(rkm_code(value(10, 6)), "1M");
        assert_eq!(rkm_code(value(15, 6)), "1M5");
    }

    #[test]
    fn series_cover_their_ranges_inclusively() {
        let e24 = series_values("E24", 1.0, 10e6).unwrap();
        assert_eq!(e24.len(), 7 * 24 + 1);
        assert_eq!(e24.first().copied(), Some(value(10, 0)));
        assert_eq!(e24.last().copied(), Some(value(10, 7)));
        let e12 = series_values("E12", 1e-12, 100e-6).unwrap();
        assert_eq!(e12.len(), 8 * 12 + 1);
        assert_eq!(series_values("E6", 1e-9, 10e-9).unwrap().len(), 7);
        assert!(series_values("E96", 1.0, 2.0).is_err());
        // Every generated text reads back through the units crate as the same value.
        for v in &e12 {
            let text = value_text(Kind::Capacitor, *v);
            let read = units::parse_quantity_as(&text, Dimension::Capacitance).unwrap();
            assert!(units::approx_eq(read.value, v.si()), "{text}");
        }
        for v in &e24 {
            let text = value_text(Kind::Resistor, *v);
            let read = units::parse_quantity_as(&text, Dimension::Resistance).unwrap();
            assert!(units::approx_eq(read.value, v.si()), "{text}");
        }
    }

    #[test]
    fn the_seed_definition_generates_every_part_with_kicad_files() {
        let seed = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data/components");
        let taxonomy = crate::LIBRARY.parse_taxonomy().unwrap();
        let matcher = CategoryMatcher::new(&taxonomy);
        let mut footprints = kicad_source::FootprintSource::new(seed.join("kicad/footprints"));
        let generated = generate(
            &seed.join("generic/passives.json"),
            &seed.join("kicad/symbols"),
            &matcher,
            &mut footprints,
        );
        assert!(generated.rejected.is_empty(), "{:?}", generated.rejected);
        assert_eq!(generated.missing_footprints, 0);
        let parts = &generated.components;
        assert!((1_000..3_000).contains(&parts.len()), "{}", parts.len());
        let mut numbers: Vec<&str> = parts.iter().map(|p| p.part_number.as_str()).collect();
        numbers.sort_unstable();
        numbers.dedup();
        assert_eq!(numbers.len(), parts.len(), "part numbers are unique");

        let capacitor = parts
            .iter()
            .find(|p| p.part_number == "C0603-10uF-16V")
            .expect("10 µF 16 V 0603");
        assert_eq!(capacitor.category_code.as_deref(), Some("mlcc"));
        assert_eq!(capacitor.package.as_deref(), Some("0603"));
        assert_eq!(capacitor.manufacturer, None);
        assert_eq!(capacitor.source, "generic");
        assert_eq!(
            capacitor.description,
            "Multilayer ceramic capacitor 10uF 16V X5R ±10% 0603 (1608 metric), generic (E-series E12)"
        );
        assert!(units::approx_eq(
            capacitor.parameters[0].typ.unwrap(),
            10e-6
        ));
        assert_eq!(capacitor.parameters[1].dimension, "voltage");
        let kinds: Vec<(FileKind, &str)> = capacitor
            .files
            .iter()
            .map(|f| (f.kind, f.name.as_str()))
            .collect();
        assert_eq!(
            kinds,
            [
                (FileKind::Symbol, "Device:C"),
                (FileKind::Footprint, "Capacitor_SMD:C_0603_1608Metric"),
                (
                    FileKind::ModelGlb,
                    "Capacitor_SMD.3dshapes/C_0603_1608Metric.glb"
                ),
                (
                    FileKind::ModelStep,
                    "Capacitor_SMD.3dshapes/C_0603_1608Metric.step.gz"
                ),
            ]
        );
        let resistor = parts.iter().find(|p| p.part_number == "R0805-4K7").unwrap();
        assert_eq!(resistor.category_code.as_deref(), Some("chip-resistor"));
        assert_eq!(resistor.value.as_deref(), Some("4.7kΩ"));
        assert_eq!(resistor.parameters[1].dimension, "power");
        let inductor = parts
            .iter()
            .find(|p| p.part_number == "L0603-10nH")
            .unwrap();
        assert_eq!(inductor.category_code.as_deref(), Some("power-inductor"));
        assert!(
            parts.iter().all(|p| p.files.len() == 4),
            "every part has its symbol, footprint, GLB and STEP"
        );
    }

    #[test]
    fn a_broken_definition_is_a_rejection() {
        let dir = std::env::temp_dir().join(format!("generic-broken-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("passives.json");
        std::fs::write(&path, "{\"families\": [{\"kind\": \"resistor\"").unwrap();
        let taxonomy = crate::LIBRARY.parse_taxonomy().unwrap();
        let matcher = CategoryMatcher::new(&taxonomy);
        let mut footprints = kicad_source::FootprintSource::new(dir.join("footprints"));
        let generated = generate(&path, &dir, &matcher, &mut footprints);
        assert!(generated.components.is_empty());
        assert_eq!(generated.rejected.len(), 1);
        std::fs::write(
            &path,
            r#"{"families": [{"kind": "resistor", "series": "E24", "symbol": "Device:R", "packages": []}]}"#,
        )
        .unwrap();
        let generated = generate(&path, &dir, &matcher, &mut footprints);
        assert!(
            generated.rejected[0].contains("symbol library Device"),
            "{:?}",
            generated.rejected
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
