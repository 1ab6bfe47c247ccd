//! Reads KiCad symbol libraries into [`NewComponent`]s: one component per symbol (aliases
//! resolved), with its standalone symbol file, the footprint it names and the parameters its
//! description states.

use std::{
    collections::{BTreeSet, HashMap},
    path::{Path, PathBuf},
};

use kicad::{Footprint, Symbol, SymbolLibrary};

use super::{category::CategoryMatcher, manufacturer, params};
use crate::model::{FileKind, NewComponent, NewFile};

pub const SOURCE: &str = "kicad";
/// The licence of every KiCad library file (Debian `copyright`, kept in data/components).
pub const LICENSE: &str = "CC-BY-SA-4.0 WITH KiCad-libraries-exception";
const SYMBOL_MEDIA_TYPE: &str = "application/x-kicad-symbol";
const FOOTPRINT_MEDIA_TYPE: &str = "application/x-kicad-footprint";

/// One top-level `(symbol …)` of a library file, as written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RawSymbol<'a> {
    pub name: String,
    pub text: &'a str,
}

/// The top-level `(symbol …)` blocks of a `.kicad_sym` text, verbatim (for the per-symbol
/// download: KiCad reads the file back exactly as its library had it).
pub fn split_symbols(text: &str) -> Vec<RawSymbol<'_>> {
    let mut blocks = Vec::new();
    let mut depth = 0usize;
    let mut in_string = false;
    let mut escaped = false;
    let mut start = None;
    for (index, c) in text.char_indices() {
        if in_string {
            if escaped {
                escaped = false;
            } else if c == '\\' {
                escaped = true;
            } else if c == '"' {
                in_string = false;
            }
            continue;
        }
        match c {
            '"' => in_string = true,
            '(' => {
                depth += 1;
                if depth == 2 {
                    start = Some(index);
                }
            }
            ')' => {
                if depth == 2 {
                    if let Some(begin) = start.take() {
                        let block = &text[begin..=index];
                        if let Some(name) = symbol_name(block) {
                            blocks.push(RawSymbol { name, text: block });
                        }
                    }
                }
                depth = depth.saturating_sub(1);
            }
            _ => {}
        }
    }
    blocks
}

/// The name of a `(symbol "Name" …)` block.
fn symbol_name(block: &str) -> Option<String> {
    let rest = block.strip_prefix("(symbol")?.trim_start();
    if let Some(quoted) = rest.strip_prefix('"') {
        let mut name = String::new();
        let mut chars = quoted.chars();
        while let Some(c) = chars.next() {
            match c {
                '\\' => name.push(chars.next()?),
                '"' => return Some(name),
                c => name.push(c),
            }
        }
        None
    } else {
        let end = rest.find(|c: char| c.is_whitespace() || c == ')')?;
        Some(rest[..end].to_owned())
    }
}

/// A `.kicad_sym` file holding `name` and the symbols it extends (parents first).
pub fn standalone_symbol_file(
    version: Option<u32>,
    blocks: &HashMap<&str, &str>,
    symbol: &Symbol,
    library: &SymbolLibrary,
) -> String {
    let mut chain = vec![symbol.name.as_str()];
    let mut current = library.get(&symbol.name);
    while let Some(parent) = current.and_then(|s| s.extends.as_deref()) {
        if chain.contains(&parent) {
            break;
        }
        chain.push(parent);
        current = library.get(parent);
    }
    let mut file = format!(
        "(kicad_symbol_lib (version {}) (generator portal)\n",
        version.unwrap_or(20211014)
    );
    for name in chain.iter().rev() {
        if let Some(text) = blocks.get(name) {
            file.push_str("  ");
            file.push_str(text);
            file.push('\n');
        }
    }
    file.push_str(")\n");
    file
}

/// Vendor names KiCad puts before a vendor-specific package (`ST_WLCSP-64_Die441`,
/// `Texas_S-PVQFN-N20_EP3.15x3.15mm`, `TI_SO-PowerPAD-8`): a maker, never a package.
const VENDOR_PREFIXES: [&str; 29] = [
    "AO",
    "SiliconLabs",
    "ST",
    "TI",
    "Texas",
    "NXP",
    "Analog",
    "ADI",
    "Maxim",
    "Microchip",
    "Atmel",
    "Infineon",
    "Vishay",
    "OnSemi",
    "ON",
    "Nexperia",
    "Diodes",
    "Linear",
    "Panasonic",
    "Fairchild",
    "Toshiba",
    "Renesas",
    "Rohm",
    "ROHM",
    "Nordic",
    "Espressif",
    "Silicon",
    "Cypress",
    "Bosch",
];

/// At most this many words name a vendor package (`MicroStar_Junior_BGA-12`).
const MAX_VENDOR_PACKAGE_WORDS: usize = 3;

/// The package family a footprint name states: `SOIC-8_3.9x4.9mm_P1.27mm` → `SOIC-8`,
/// `R_0603_1608Metric` → `0603` (passives lead with their kind), `ST_WLCSP-64_Die441` →
/// `WLCSP-64` (a vendor prefix is skipped; the package is the words up to and including the
/// first one with a digit: `Vishay_PowerPAK_1212-8_Single` → `PowerPAK 1212-8`).
pub fn package_of(footprint_name: &str) -> Option<String> {
    let mut tokens = footprint_name.split('_').filter(|t| !t.is_empty());
    let first = tokens.next()?;
    let kind_prefixes = ["R", "C", "L", "D", "LED", "CP", "Fuse", "Crystal"];
    if kind_prefixes.contains(&first) {
        tokens
            .next()
            .map(str::to_owned)
            .or_else(|| Some(first.to_owned()))
    } else if VENDOR_PREFIXES.contains(&first) {
        let mut words = Vec::new();
        for token in tokens.take(MAX_VENDOR_PACKAGE_WORDS) {
            words.push(token);
            if token.chars().any(|c| c.is_ascii_digit()) {
                break;
            }
        }
        // A vendor name alone (`ST`) is no package.
        (!words.is_empty()).then(|| words.join(" "))
    } else {
        Some(first.to_owned())
    }
}

/// Lifecycle where the library says it (KiCad marks a few parts obsolete or NRND).
pub fn lifecycle_of(description: &str, keywords: &str) -> Option<String> {
    let text = format!("{description} {keywords}").to_lowercase();
    if text.contains("obsolete") || text.contains("discontinued") {
        Some("obsolete".into())
    } else if text.contains("nrnd") || text.contains("not recommended for new design") {
        Some("nrnd".into())
    } else {
        None
    }
}

/// The seed-relative GLB name of a footprint's model path:
/// `${KICAD6_3DMODEL_DIR}/Package_SO.3dshapes/SOIC-8.wrl` → `Package_SO.3dshapes/SOIC-8.glb`.
pub fn glb_name(model_path: &str) -> Option<String> {
    let relative = match model_path.strip_prefix("${") {
        Some(rest) => rest.split_once("}/")?.1,
        None => model_path,
    };
    let stem = relative
        .strip_suffix(".wrl")
        .or_else(|| relative.strip_suffix(".step"))
        .or_else(|| relative.strip_suffix(".stp"))?;
    (!stem.contains("..")).then(|| format!("{stem}.glb"))
}

/// What a STEP model is served as (every mechanical CAD opens it).
pub const STEP_MEDIA_TYPE: &str = "model/step";

/// The content of a gzip file; `None` (the model is left out) when it is not one.
fn gunzip(gz: &[u8]) -> Option<Vec<u8>> {
    use std::io::Read;
    let mut plain = Vec::with_capacity(gz.len() * 5);
    flate2::read::GzDecoder::new(gz)
        .read_to_end(&mut plain)
        .ok()?;
    Some(plain)
}

/// Footprints read from a `<Lib>.pretty/<Name>.kicad_mod` tree, each read once, and the 3D
/// models of a sibling `3dmodels` tree (GLB for the viewer, STEP for download).
pub struct FootprintSource {
    root: PathBuf,
    models: PathBuf,
    cache: HashMap<String, Option<(String, Footprint)>>,
    model_cache: HashMap<String, Vec<NewFile>>,
}

impl FootprintSource {
    pub fn new(root: PathBuf) -> Self {
        let models = root
            .parent()
            .map_or_else(|| root.join("3dmodels"), |parent| parent.join("3dmodels"));
        Self {
            root,
            models,
            cache: HashMap::new(),
            model_cache: HashMap::new(),
        }
    }

    /// The model files of the footprint's first visible model the source has: its GLB
    /// (`<name>.glb`) and its STEP (`<name>.step.gz` in the source, unzipped here: the blob
    /// store keeps what a download serves, so that ranges and ETags are those of the STEP file).
    pub fn models_of(&mut self, reference: &str) -> Vec<NewFile> {
        let Some(glb) = self.get(reference).and_then(|(_, footprint)| {
            footprint
                .models
                .iter()
                .find(|model| !model.hidden)
                .and_then(|model| glb_name(&model.path))
        }) else {
            return Vec::new();
        };
        if !self.model_cache.contains_key(&glb) {
            let step = format!("{}.step.gz", glb.trim_end_matches(".glb"));
            let files = [
                (FileKind::ModelGlb, glb.clone(), "model/gltf-binary"),
                (FileKind::ModelStep, step, STEP_MEDIA_TYPE),
            ]
            .into_iter()
            .filter_map(|(kind, name, media_type)| {
                let mut content = std::fs::read(self.models.join(&name)).ok()?;
                if kind == FileKind::ModelStep {
                    let Some(plain) = gunzip(&content) else {
                        tracing::warn!(model = %name, "STEP model is not gzip; left out");
                        return None;
                    };
                    content = plain;
                }
                Some(NewFile {
                    kind,
                    name,
                    media_type: media_type.into(),
                    content,
                })
            })
            .collect();
            self.model_cache.insert(glb.clone(), files);
        }
        self.model_cache.get(&glb).cloned().unwrap_or_default()
    }

    /// The footprint `Lib:Name` (its text and parse), or `None` when the source lacks it or it
    /// does not parse.
    pub fn get(&mut self, reference: &str) -> Option<&(String, Footprint)> {
        if !self.cache.contains_key(reference) {
            let loaded = reference.split_once(':').and_then(|(library, name)| {
                let path = self
                    .root
                    .join(format!("{library}.pretty"))
                    .join(format!("{name}.kicad_mod"));
                let text = std::fs::read_to_string(path).ok()?;
                let footprint = Footprint::parse(&text).ok()?;
                Some((text, footprint))
            });
            self.cache.insert(reference.to_owned(), loaded);
        }
        self.cache.get(reference).and_then(Option::as_ref)
    }
}

/// What reading one library file produced.
pub struct LibraryRead {
    pub components: Vec<NewComponent>,
    /// `Lib:Symbol — reason` of records that could not be read.
    pub rejected: Vec<String>,
    pub missing_footprints: usize,
}

/// Reads one `.kicad_sym` library. A file that does not parse is one rejection; a symbol
/// that does not resolve is rejected alone.
pub fn read_library(
    path: &Path,
    text: &str,
    matcher: &CategoryMatcher,
    footprints: &mut FootprintSource,
) -> LibraryRead {
    let library_name = path
        .file_stem()
        .map(|stem| stem.to_string_lossy().into_owned())
        .unwrap_or_default();
    let mut read = LibraryRead {
        components: Vec::new(),
        rejected: Vec::new(),
        missing_footprints: 0,
    };
    let library = match SymbolLibrary::parse(text) {
        Ok(library) => library,
        Err(error) => {
            read.rejected.push(format!("{library_name}: {error}"));
            return read;
        }
    };
    let raw = split_symbols(text);
    let blocks: HashMap<&str, &str> = raw.iter().map(|b| (b.name.as_str(), b.text)).collect();
    for declared in &library.symbols {
        let source_id = format!("{library_name}:{}", declared.name);
        let symbol = match library.resolve(&declared.name) {
            Ok(symbol) => symbol,
            Err(error) => {
                read.rejected.push(format!("{source_id}: {error}"));
                continue;
            }
        };
        if symbol.power || symbol.reference().is_some_and(|r| r.starts_with('#')) {
            continue; // power flags and ports are not components
        }
        if !blocks.contains_key(declared.name.as_str()) {
            read.rejected
                .push(format!("{source_id}: symbol text not found in the file"));
            continue;
        }
        let symbol_file =
            standalone_symbol_file(library.version, &blocks, &symbol, &library).into_bytes();
        let mut component = component_of(&library_name, &source_id, &symbol, matcher, symbol_file);
        if let Some(reference) = &component.footprint_ref {
            match footprints.get(reference) {
                Some((text, _)) => component.files.push(NewFile {
                    kind: FileKind::Footprint,
                    name: reference.clone(),
                    media_type: FOOTPRINT_MEDIA_TYPE.into(),
                    content: text.clone().into_bytes(),
                }),
                None => read.missing_footprints += 1,
            }
            component.files.extend(footprints.models_of(reference));
        }
        read.components.push(component);
    }
    read
}

fn non_empty(value: Option<&str>) -> Option<String> {
    value
        .map(str::trim)
        .filter(|v| !v.is_empty() && *v != "~")
        .map(str::to_owned)
}

/// The component of one resolved symbol (without its footprint file).
pub fn component_of(
    library_name: &str,
    source_id: &str,
    symbol: &Symbol,
    matcher: &CategoryMatcher,
    symbol_file: Vec<u8>,
) -> NewComponent {
    let description = non_empty(symbol.description()).unwrap_or_default();
    let keywords = symbol.keywords().join(" ");
    let datasheet = non_empty(symbol.datasheet());
    let footprint_ref = non_empty(symbol.footprint()).filter(|f| f.contains(':'));
    let category = matcher.classify(source_id, footprint_ref.as_deref());
    let pins: BTreeSet<&str> = symbol.pins().map(|pin| pin.number.as_str()).collect();
    let package = footprint_ref
        .as_deref()
        .and_then(|f| f.split_once(':'))
        .and_then(|(_, name)| package_of(name));
    NewComponent {
        source: SOURCE.into(),
        source_id: source_id.into(),
        part_number: symbol.name.clone(),
        name: non_empty(symbol.value()).unwrap_or_else(|| symbol.name.clone()),
        manufacturer: manufacturer::infer(library_name, datasheet.as_deref()),
        category_code: category.as_ref().map(|c| c.code.clone()),
        category_method: category.map(|c| c.method),
        lifecycle: lifecycle_of(&description, &keywords),
        parameters: params::parameters_of(&description),
        description,
        keywords,
        datasheet,
        symbol_ref: Some(source_id.into()),
        footprint_ref,
        footprint_filters: symbol
            .footprint_filters()
            .into_iter()
            .map(str::to_owned)
            .collect(),
        reference_prefix: non_empty(symbol.reference()),
        value: non_empty(symbol.value()),
        pin_count: i32::try_from(pins.len()).unwrap_or(i32::MAX),
        unit_count: i32::try_from(symbol.unit_count()).unwrap_or(i32::MAX),
        package,
        license: LICENSE.into(),
        files: vec![NewFile {
            kind: FileKind::Symbol,
            name: source_id.into(),
            media_type: SYMBOL_MEDIA_TYPE.into(),
            content: symbol_file,
        }],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn step_models_are_unzipped_at_import_and_broken_ones_refused() {
        use std::io::Write;
        let step = b"ISO-10303-21;\nHEADER;\nENDSEC;\nEND-ISO-10303-21;\n";
        let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
        gz.write_all(step).unwrap();
        assert_eq!(gunzip(&gz.finish().unwrap()).as_deref(), Some(&step[..]));
        assert_eq!(gunzip(b"not gzip"), None);
    }

    const LIBRARY: &str = r#"(kicad_symbol_lib (version 20211014) (generator kicad_symbol_editor)
  (symbol "AMS1117-3.3" (pin_names (offset 0.254)) (in_bom yes) (on_board yes)
    (property "Reference" "U" (id 0) (at -3.81 3.175 0) (effects (font (size 1.27 1.27))))
    (property "Value" "AMS1117-3.3" (id 1) (at 0 3.175 0) (effects (font (size 1.27 1.27)) (justify left)))
    (property "Footprint" "Package_TO_SOT_SMD:SOT-223-3_TabPin2" (id 2) (at 0 5.08 0) (effects (font (size 1.27 1.27)) hide))
    (property "Datasheet" "http://www.advanced-monolithic.com/pdf/ds1117.pdf" (id 3) (at 2.54 -6.35 0) (effects (font (size 1.27 1.27)) hide))
    (property "ki_keywords" "linear regulator ldo fixed positive" (id 4) (at 0 0 0) (effects (font (size 1.27 1.27)) hide))
    (property "ki_description" "1A Low Dropout regulator, positive, 3.3V fixed output, SOT-223" (id 5) (at 0 0 0) (effects (font (size 1.27 1.27)) hide))
    (symbol "AMS1117-3.3_0_1"
      (rectangle (start -5.08 -5.08) (end 5.08 1.905) (stroke (width 0.254) (type default) (color 0 0 0 0)) (fill (type background)))
    )
    (symbol "AMS1117-3.3_1_1"
      (pin power_in line (at 0 -7.62 90) (length 2.54) (name "GND" (effects (font (size 1.27 1.27)))) (number "1" (effects (font (size 1.27 1.27)))))
      (pin power_out line (at 7.62 0 180) (length 2.54) (name "VO" (effects (font (size 1.27 1.27)))) (number "2" (effects (font (size 1.27 1.27)))))
      (pin power_in line (at -7.62 0 0) (length 2.54) (name "VI" (effects (font (size 1.27 1.27)))) (number "3" (effects (font (size 1.27 1.27)))))
    )
  )
  (symbol "AMS1117-5.0" (extends "AMS1117-3.3")
    (property "Reference" "U" (id 0) (at -3.81 3.175 0) (effects (font (size 1.27 1.27))))
    (property "Value" "AMS1117-5.0" (id 1) (at 0 3.175 0) (effects (font (size 1.27 1.27)) (justify left)))
    (property "ki_description" "1A Low Dropout regulator, positive, 5.0V fixed output, SOT-223 \"quoted\" (x)" (id 5) (at 0 0 0) (effects (font (size 1.27 1.27)) hide))
  )
)
"#;

    #[test]
    fn top_level_symbols_are_cut_out_verbatim() {
        let blocks = split_symbols(LIBRARY);
        let names: Vec<&str> = blocks.iter().map(|b| b.name.as_str()).collect();
        assert_eq!(names, ["AMS1117-3.3", "AMS1117-5.0"]);
        assert!(blocks[1].text.ends_with("hide))\n  )"));
        assert!(blocks[1].text.contains(r#"\"quoted\" (x)"#));
    }

    #[test]
    fn an_alias_downloads_with_its_parent_and_parses_back() {
        let library = SymbolLibrary::parse(LIBRARY).unwrap();
        let blocks = split_symbols(LIBRARY);
        let map: HashMap<&str, &str> = blocks.iter().map(|b| (b.name.as_str(), b.text)).collect();
        let alias = library.resolve("AMS1117-5.0").unwrap();
        let file = standalone_symbol_file(library.version, &map, &alias, &library);
        let reread = SymbolLibrary::parse(&file).unwrap();
        let names: Vec<&str> = reread.symbols.iter().map(|s| s.name.as_str()).collect();
        assert_eq!(names, ["AMS1117-3.3", "AMS1117-5.0"]);
        assert_eq!(reread.resolve("AMS1117-5.0").unwrap().pins().count(), 3);
    }

    #[test]
    fn a_symbol_becomes_a_component_with_everything_it_states() {
        let library = SymbolLibrary::parse(LIBRARY).unwrap();
        let taxonomy = crate::LIBRARY.parse_taxonomy().unwrap();
        let matcher = CategoryMatcher::new(&taxonomy);
        let symbol = library.resolve("AMS1117-5.0").unwrap();
        let component = component_of(
            "Regulator_Linear",
            "Regulator_Linear:AMS1117-5.0",
            &symbol,
            &matcher,
            Vec::new(),
        );
        assert_eq!(component.part_number, "AMS1117-5.0");
        assert_eq!(component.pin_count, 3);
        assert_eq!(component.category_code.as_deref(), Some("ldo"));
        assert_eq!(
            component.category_method.as_deref(),
            Some("kicadSymbol:Regulator_Linear")
        );
        assert_eq!(
            component.footprint_ref.as_deref(),
            Some("Package_TO_SOT_SMD:SOT-223-3_TabPin2")
        );
        assert_eq!(component.package.as_deref(), Some("SOT-223-3"));
        let manufacturer = component.manufacturer.unwrap();
        assert_eq!(
            (manufacturer.name.as_str(), manufacturer.method),
            ("Advanced Monolithic Systems", "datasheet-host")
        );
        let dimensions: Vec<&str> = component
            .parameters
            .iter()
            .map(|p| p.dimension.as_str())
            .collect();
        assert_eq!(dimensions, ["current", "voltage"]);
        assert_eq!(component.parameters[1].typ, Some(5.0));
    }

    #[test]
    fn model_paths_map_to_seed_glb_names() {
        assert_eq!(
            glb_name("${KICAD6_3DMODEL_DIR}/Package_SO.3dshapes/SOIC-8_3.9x4.9mm_P1.27mm.wrl")
                .as_deref(),
            Some("Package_SO.3dshapes/SOIC-8_3.9x4.9mm_P1.27mm.glb")
        );
        assert_eq!(
            glb_name("Resistor_SMD.3dshapes/R_0603_1608Metric.step").as_deref(),
            Some("Resistor_SMD.3dshapes/R_0603_1608Metric.glb")
        );
        assert_eq!(glb_name("${KISYS3DMOD}/../../etc/passwd.wrl"), None);
        assert_eq!(glb_name("model.obj"), None);
    }

    #[test]
    fn packages_and_lifecycles_are_read_from_names_and_words() {
        assert_eq!(package_of("R_0603_1608Metric").as_deref(), Some("0603"));
        assert_eq!(
            package_of("SOIC-8_3.9x4.9mm_P1.27mm").as_deref(),
            Some("SOIC-8")
        );
        assert_eq!(
            package_of("LQFP-48_7x7mm_P0.5mm").as_deref(),
            Some("LQFP-48")
        );
        assert_eq!(package_of("ST"), None);
    }

    #[test]
    fn vendor_prefixes_are_skipped() {
        // Footprint names of the seed (data/components/kicad), as the symbols name them.
        for (footprint, package) in [
            ("ST_WLCSP-64_Die441", "WLCSP-64"),
            ("ST_WLCSP-49_Die423", "WLCSP-49"),
            ("ST_WLCSP-168_Die434", "WLCSP-168"),
            ("ST_uTFBGA-36_3.6x3.6mm_Layout6x6_P0.5mm", "uTFBGA-36"),
            ("TI_SO-PowerPAD-8", "SO-PowerPAD-8"),
            ("Texas_S-PVQFN-N20_EP3.15x3.15mm_ThermalVias", "S-PVQFN-N20"),
            ("Texas_DSBGA-8_1.43x1.41mm_Layout3x3_P0.5mm", "DSBGA-8"),
            (
                "Texas_MicroStar_Junior_BGA-12_2.0x2.5mm_Layout4x3_P0.5mm",
                "MicroStar Junior BGA-12",
            ),
            ("Texas_DQK", "DQK"),
            ("Analog_KS-4", "KS-4"),
            ("Analog_TO-46-4_ThermalShield", "TO-46-4"),
            (
                "Maxim_WLP-9_1.595x1.415_Layout3x3_P0.4mm_Ball0.27mm_Pad0.25mm_NSMD",
                "WLP-9",
            ),
            (
                "Microchip_DRQFN-44-1EP_5x5mm_P0.7mm_EP2.65x2.65mm",
                "DRQFN-44-1EP",
            ),
            ("Infineon_PG-HSOF-8-1", "PG-HSOF-8-1"),
            ("Vishay_PowerPAK_1212-8_Single", "PowerPAK 1212-8"),
            ("Nexperia_CFP15", "CFP15"),
            ("AO_DFN-8-1EP_5.55x5.2mm_P1.27mm_EP4.12x4.6mm", "DFN-8-1EP"),
            ("SiliconLabs_QFN-20-1EP_3x3mm_P0.5mm", "QFN-20-1EP"),
            ("OnSemi_UDFN-8_1.2x1.8mm_P0.4mm", "UDFN-8"),
            ("Diodes_PowerDI3333-8", "PowerDI3333-8"),
            ("Fairchild_DualPower33-6", "DualPower33-6"),
            ("Panasonic_HSON-8_8x8mm_P2.00mm", "HSON-8"),
        ] {
            assert_eq!(
                package_of(footprint).as_deref(),
                Some(package),
                "{footprint}"
            );
        }
        // Not vendors: package families and kinds stay as they were.
        assert_eq!(package_of("DirectFET_MX").as_deref(), Some("DirectFET"));
        assert_eq!(package_of("SOT-23-5").as_deref(), Some("SOT-23-5"));
        assert_eq!(
            lifecycle_of("Obsolete, use X instead", "").as_deref(),
            Some("obsolete")
        );
        assert_eq!(lifecycle_of("NRND op amp", "").as_deref(), Some("nrnd"));
        assert_eq!(lifecycle_of("Op amp", "opamp"), None);
    }
}
