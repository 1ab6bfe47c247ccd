//! Maps a KiCad symbol onto the bilingual category tree through the taxonomy's `match` hints
//! (docs/taxonomy.md "How importers use `match`"): `kicadSymbol` hints (a library name, or a
//! glob on `Library:Symbol`), then `kicadFootprint` hints on the symbol's footprint; a glob
//! naming single items beats a whole library, and among equals the deepest node wins.

use catalog::taxonomy::Taxonomy;

use super::glob::glob_match;

struct Hint {
    pattern: String,
    /// The pattern names items (`Lib:Glob`) rather than a whole library.
    item: bool,
    category: usize,
}

/// Where a record goes and which hint sent it there.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CategoryMatch {
    pub code: String,
    /// `kicadSymbol:Device:R*`.
    pub method: String,
}

pub struct CategoryMatcher {
    codes: Vec<String>,
    depths: Vec<i32>,
    symbol_hints: Vec<Hint>,
    footprint_hints: Vec<Hint>,
    fritzing_hints: Vec<Hint>,
    alloy_hints: Vec<Hint>,
}

impl CategoryMatcher {
    pub fn new(taxonomy: &Taxonomy) -> Self {
        let mut matcher = CategoryMatcher {
            codes: Vec::new(),
            depths: Vec::new(),
            symbol_hints: Vec::new(),
            footprint_hints: Vec::new(),
            fritzing_hints: Vec::new(),
            alloy_hints: Vec::new(),
        };
        for (index, category) in taxonomy.categories.iter().enumerate() {
            matcher.codes.push(category.code.clone());
            matcher.depths.push(category.depth);
            let Some(hints) = &category.match_hints else {
                continue;
            };
            for (key, target) in [
                ("kicadSymbol", &mut matcher.symbol_hints),
                ("kicadFootprint", &mut matcher.footprint_hints),
                ("fritzing", &mut matcher.fritzing_hints),
                ("alloyDevices", &mut matcher.alloy_hints),
            ] {
                let patterns = hints.get(key).and_then(|value| value.as_array());
                for pattern in patterns.into_iter().flatten().filter_map(|p| p.as_str()) {
                    target.push(Hint {
                        pattern: pattern.to_owned(),
                        item: pattern.contains(':'),
                        category: index,
                    });
                }
            }
        }
        matcher
    }

    /// `symbol` and `footprint` are KiCad `Library:Name` references.
    pub fn classify(&self, symbol: &str, footprint: Option<&str>) -> Option<CategoryMatch> {
        self.best(&self.symbol_hints, symbol, "kicadSymbol")
            .or_else(|| {
                footprint.and_then(|f| self.best(&self.footprint_hints, f, "kicadFootprint"))
            })
    }

    /// A Fritzing part's family (normalised: lowercase, single spaces) against the `fritzing`
    /// hints, compared whole; the deepest node wins.
    pub fn classify_fritzing(&self, family: &str) -> Option<CategoryMatch> {
        self.fritzing_hints
            .iter()
            .filter(|hint| hint.pattern == family)
            .max_by_key(|hint| self.depths[hint.category])
            .map(|hint| CategoryMatch {
                code: self.codes[hint.category].clone(),
                method: format!("fritzing:{}", hint.pattern),
            })
    }

    /// `vendor/family` of an alloy-devices chip (`st/stm32f4`).
    pub fn classify_alloy(&self, vendor_family: &str) -> Option<CategoryMatch> {
        self.alloy_hints
            .iter()
            .filter(|hint| hint.pattern.eq_ignore_ascii_case(vendor_family))
            .max_by_key(|hint| self.depths[hint.category])
            .map(|hint| CategoryMatch {
                code: self.codes[hint.category].clone(),
                method: format!("alloyDevices:{}", hint.pattern),
            })
    }

    fn best(&self, hints: &[Hint], reference: &str, key: &str) -> Option<CategoryMatch> {
        let library = reference.split_once(':').map_or(reference, |(lib, _)| lib);
        hints
            .iter()
            .filter(|hint| {
                if hint.item {
                    glob_match(&hint.pattern, reference)
                } else {
                    hint.pattern == library
                }
            })
            .max_by_key(|hint| (hint.item, self.depths[hint.category]))
            .map(|hint| CategoryMatch {
                code: self.codes[hint.category].clone(),
                method: format!("{key}:{}", hint.pattern),
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn matcher() -> CategoryMatcher {
        let taxonomy = crate::LIBRARY
            .parse_taxonomy()
            .expect("the taxonomy parses");
        CategoryMatcher::new(&taxonomy)
    }

    fn code(matcher: &CategoryMatcher, symbol: &str, footprint: Option<&str>) -> Option<String> {
        matcher.classify(symbol, footprint).map(|m| m.code)
    }

    #[test]
    fn single_item_globs_beat_whole_libraries() {
        let matcher = matcher();
        assert_eq!(
            code(&matcher, "Device:R", None).as_deref(),
            Some("chip-resistor")
        );
        assert_eq!(
            code(&matcher, "Device:R_Shunt_US", None).as_deref(),
            Some("current-sense-resistor")
        );
        assert_eq!(
            code(&matcher, "Device:C_Polarized", None).as_deref(),
            Some("aluminum-electrolytic-capacitor")
        );
        assert_eq!(
            code(&matcher, "Device:Q_NMOS_GDS", None).as_deref(),
            Some("n-channel-mosfet")
        );
        assert_eq!(
            code(&matcher, "Device:D_Schottky", None).as_deref(),
            Some("schottky-diode")
        );
    }

    #[test]
    fn vendor_libraries_map_to_their_family() {
        let matcher = matcher();
        assert_eq!(
            code(&matcher, "MCU_ST_STM32F4:STM32F407VGTx", None).as_deref(),
            Some("mcu-arm-cortex-m")
        );
        assert_eq!(
            code(&matcher, "Regulator_Linear:AMS1117-3.3", None).as_deref(),
            Some("ldo")
        );
        assert_eq!(
            code(&matcher, "Amplifier_Operational:LM358", None).as_deref(),
            Some("op-amp")
        );
        let found = matcher.classify("MCU_Microchip_ATmega:ATmega328P-PU", None);
        assert_eq!(
            found,
            Some(CategoryMatch {
                code: "mcu-avr".into(),
                method: "kicadSymbol:MCU_Microchip_ATmega".into()
            })
        );
    }

    #[test]
    fn the_footprint_library_is_the_fallback_and_unknowns_stay_unmapped() {
        let matcher = matcher();
        assert_eq!(
            code(
                &matcher,
                "NoSuchLibrary:X",
                Some("Resistor_SMD:R_0603_1608Metric")
            )
            .as_deref(),
            Some("chip-resistor")
        );
        assert_eq!(code(&matcher, "NoSuchLibrary:X", Some("NoSuch:Y")), None);
        assert_eq!(code(&matcher, "NoSuchLibrary:X", None), None);
    }
}
