//! The unit symbols and prefixes the parser accepts, and how a unit word is read.
//!
//! A unit word (`kΩ`, `uF`, `MHZ`, `°C`, `N/mm2`) is read in this order, first hit wins unless a
//! dimension hint prefers a later one:
//! 1. the whole word is a unit, exactly as written (`m`, `Pa`, `°C`, `h`);
//! 2. a prefix, exactly as written, followed by a prefixable unit (`kΩ`, `mm`, `nC`);
//! 3. the whole word is a unit ignoring case (`OHMS`, `hz`);
//! 4. a prefix in any case (`U`/`N`/`P`/`K`/`g` too, but `m` and `M` stay distinct) followed by a
//!    prefixable unit ignoring case (`uf`, `KOHM`, `MHZ`);
//! 5. the word is only a prefix (`10k`, `4.7u`): a dimensionless value that adopts the hint;
//! 6. `K` alone is kelvin when the hint is temperature.

use crate::Dimension;

/// A decimal prefix: its exponent of ten.
pub(crate) type PrefixExponent = i32;

/// One accepted spelling of a unit.
pub(crate) struct UnitDef {
    pub symbol: &'static str,
    pub dimension: Dimension,
    /// Canonical value of one unit (gram = 1e-3, °F step = 5/9).
    pub scale: f64,
    /// Added after scaling (temperature scales with another zero).
    pub offset: f64,
    /// Whether a metric prefix may precede it.
    pub prefixable: bool,
}

const fn unit(symbol: &'static str, dimension: Dimension, scale: f64, prefixable: bool) -> UnitDef {
    UnitDef {
        symbol,
        dimension,
        scale,
        offset: 0.0,
        prefixable,
    }
}

use Dimension as D;

/// Order matters for words that name two units (`C` is °C before coulomb, `h` hour before henry).
pub(crate) static UNITS: &[UnitDef] = &[
    // resistance
    unit("Ω", D::Resistance, 1.0, true),
    unit("\u{2126}", D::Resistance, 1.0, true), // OHM SIGN, distinct from Greek capital omega
    unit("ohm", D::Resistance, 1.0, true),
    unit("ohms", D::Resistance, 1.0, true),
    unit("R", D::Resistance, 1.0, false),
    // capacitance, inductance
    unit("F", D::Capacitance, 1.0, true),
    unit("farad", D::Capacitance, 1.0, true),
    unit("H", D::Inductance, 1.0, true),
    unit("henry", D::Inductance, 1.0, true),
    // voltage
    unit("V", D::Voltage, 1.0, true),
    unit("VDC", D::Voltage, 1.0, true),
    unit("VAC", D::Voltage, 1.0, true),
    unit("Vrms", D::Voltage, 1.0, true),
    unit("Vpp", D::Voltage, 1.0, true),
    unit("volt", D::Voltage, 1.0, true),
    unit("volts", D::Voltage, 1.0, true),
    // current
    unit("A", D::Current, 1.0, true),
    unit("amp", D::Current, 1.0, true),
    unit("amps", D::Current, 1.0, true),
    unit("Arms", D::Current, 1.0, true),
    // power
    unit("W", D::Power, 1.0, true),
    unit("watt", D::Power, 1.0, true),
    unit("watts", D::Power, 1.0, true),
    unit("VA", D::Power, 1.0, true),
    // frequency
    unit("Hz", D::Frequency, 1.0, true),
    unit("rpm", D::Frequency, 1.0 / 60.0, false),
    // time
    unit("s", D::Time, 1.0, true),
    unit("sec", D::Time, 1.0, true),
    unit("min", D::Time, 60.0, false),
    unit("h", D::Time, 3600.0, false),
    unit("hr", D::Time, 3600.0, false),
    unit("hrs", D::Time, 3600.0, false),
    unit("hour", D::Time, 3600.0, false),
    unit("hours", D::Time, 3600.0, false),
    // length
    unit("m", D::Length, 1.0, true),
    unit("in", D::Length, 0.0254, false),
    unit("inch", D::Length, 0.0254, false),
    unit("\"", D::Length, 0.0254, false),
    unit("mil", D::Length, 2.54e-5, false),
    unit("mils", D::Length, 2.54e-5, false),
    unit("thou", D::Length, 2.54e-5, false),
    unit("ft", D::Length, 0.3048, false),
    // area and volume: squared prefixes, so every spelling is listed
    unit("m²", D::Area, 1.0, false),
    unit("m2", D::Area, 1.0, false),
    unit("cm²", D::Area, 1e-4, false),
    unit("cm2", D::Area, 1e-4, false),
    unit("mm²", D::Area, 1e-6, false),
    unit("mm2", D::Area, 1e-6, false),
    unit("m³", D::Volume, 1.0, false),
    unit("m3", D::Volume, 1.0, false),
    unit("cm³", D::Volume, 1e-6, false),
    unit("cm3", D::Volume, 1e-6, false),
    unit("cc", D::Volume, 1e-6, false),
    unit("mm³", D::Volume, 1e-9, false),
    unit("mm3", D::Volume, 1e-9, false),
    unit("L", D::Volume, 1e-3, true),
    // mass
    unit("g", D::Mass, 1e-3, true),
    unit("lb", D::Mass, 0.453_592_37, false),
    unit("lbs", D::Mass, 0.453_592_37, false),
    unit("oz", D::Mass, 0.028_349_523_125, false),
    // temperature (offsets set in `temperature_units`)
    unit("°C", D::Temperature, 1.0, false),
    unit("℃", D::Temperature, 1.0, false),
    unit("ºC", D::Temperature, 1.0, false),
    unit("degC", D::Temperature, 1.0, false),
    unit("C", D::Temperature, 1.0, false),
    // pressure and stress
    unit("Pa", D::Pressure, 1.0, true),
    unit("bar", D::Pressure, 1e5, true),
    unit("psi", D::Pressure, 6_894.757_293_168, false),
    unit("ksi", D::Pressure, 6_894_757.293_168, false),
    unit("N/mm²", D::Pressure, 1e6, false),
    unit("N/mm2", D::Pressure, 1e6, false),
    unit("atm", D::Pressure, 101_325.0, false),
    // density
    unit("kg/m³", D::Density, 1.0, false),
    unit("kg/m3", D::Density, 1.0, false),
    unit("g/cm³", D::Density, 1000.0, false),
    unit("g/cm3", D::Density, 1000.0, false),
    unit("g/cc", D::Density, 1000.0, false),
    unit("g/mL", D::Density, 1000.0, false),
    // energy and charge
    unit("J", D::Energy, 1.0, true),
    unit("Wh", D::Energy, 3600.0, true),
    unit("C", D::Charge, 1.0, true),
    unit("Ah", D::Charge, 3600.0, true),
    // force and torque
    unit("N", D::Force, 1.0, true),
    unit("kgf", D::Force, 9.806_65, false),
    unit("lbf", D::Force, 4.448_221_615_260_5, false),
    unit("N·m", D::Torque, 1.0, true),
    unit("N.m", D::Torque, 1.0, true),
    unit("N*m", D::Torque, 1.0, true),
    unit("Nm", D::Torque, 1.0, true),
    // ratios
    unit("%", D::Ratio, 0.01, false),
    unit("‰", D::Ratio, 1e-3, false),
    unit("ppm", D::Ratio, 1e-6, false),
    unit("ppb", D::Ratio, 1e-9, false),
    unit("ppm/°C", D::TemperatureCoefficient, 1e-6, false),
    unit("ppm/℃", D::TemperatureCoefficient, 1e-6, false),
    unit("ppm/K", D::TemperatureCoefficient, 1e-6, false),
    unit("ppm/C", D::TemperatureCoefficient, 1e-6, false),
    unit("%/°C", D::TemperatureCoefficient, 1e-2, false),
    unit("%/℃", D::TemperatureCoefficient, 1e-2, false),
    unit("%/K", D::TemperatureCoefficient, 1e-2, false),
    // thermal expansion: strain per kelvin (m/m/K = 1/K, µm/(m·K) = 1e-6/K)
    unit("m/m/K", D::TemperatureCoefficient, 1.0, false),
    unit("m/(m·K)", D::TemperatureCoefficient, 1.0, false),
    unit("µm/(m·K)", D::TemperatureCoefficient, 1e-6, false),
    unit("μm/(m·K)", D::TemperatureCoefficient, 1e-6, false),
    unit("um/(m·K)", D::TemperatureCoefficient, 1e-6, false),
    unit("µm/(m·°C)", D::TemperatureCoefficient, 1e-6, false),
    unit("μm/(m·°C)", D::TemperatureCoefficient, 1e-6, false),
    unit("µm/m/K", D::TemperatureCoefficient, 1e-6, false),
    unit("μm/m/K", D::TemperatureCoefficient, 1e-6, false),
    unit("um/m/K", D::TemperatureCoefficient, 1e-6, false),
    unit("µm/m·K", D::TemperatureCoefficient, 1e-6, false),
    unit("μm/m·K", D::TemperatureCoefficient, 1e-6, false),
    unit("µm/(m*K)", D::TemperatureCoefficient, 1e-6, false),
    unit("μm/(m*K)", D::TemperatureCoefficient, 1e-6, false),
    unit("°C/W", D::ThermalResistance, 1.0, false),
    unit("℃/W", D::ThermalResistance, 1.0, false),
    unit("K/W", D::ThermalResistance, 1.0, false),
    unit("C/W", D::ThermalResistance, 1.0, false),
    // thermal conductivity
    unit("W/(m·K)", D::ThermalConductivity, 1.0, false),
    unit("W/(m*K)", D::ThermalConductivity, 1.0, false),
    unit("W/(m.K)", D::ThermalConductivity, 1.0, false),
    unit("W/m/K", D::ThermalConductivity, 1.0, false),
    unit("W/m·K", D::ThermalConductivity, 1.0, false),
    unit("W/mK", D::ThermalConductivity, 1.0, false),
    unit("W/(m·°C)", D::ThermalConductivity, 1.0, false),
    // specific heat
    unit("J/(kg·K)", D::SpecificHeat, 1.0, false),
    unit("J/(kg*K)", D::SpecificHeat, 1.0, false),
    unit("J/kg/K", D::SpecificHeat, 1.0, false),
    unit("J/kg·K", D::SpecificHeat, 1.0, false),
    unit("J/kgK", D::SpecificHeat, 1.0, false),
    unit("kJ/(kg·K)", D::SpecificHeat, 1e3, false),
    unit("kJ/kg/K", D::SpecificHeat, 1e3, false),
    unit("J/(g·K)", D::SpecificHeat, 1e3, false),
    unit("J/g/K", D::SpecificHeat, 1e3, false),
    // electrical resistivity
    unit("Ω·m", D::Resistivity, 1.0, true),
    unit("Ω*m", D::Resistivity, 1.0, true),
    unit("ohm·m", D::Resistivity, 1.0, true),
    unit("ohm*m", D::Resistivity, 1.0, true),
    unit("Ω·cm", D::Resistivity, 0.01, true),
    unit("Ω*cm", D::Resistivity, 0.01, true),
    unit("ohm·cm", D::Resistivity, 0.01, true),
    unit("ohm*cm", D::Resistivity, 0.01, true),
    // hardness numbers (Brinell, Vickers): scale readings, stored as plain numbers
    unit("HB", D::Dimensionless, 1.0, false),
    unit("HBW", D::Dimensionless, 1.0, false),
    unit("HV", D::Dimensionless, 1.0, false),
    // angle
    unit("°", D::Angle, std::f64::consts::PI / 180.0, false),
    unit("º", D::Angle, std::f64::consts::PI / 180.0, false),
    unit("deg", D::Angle, std::f64::consts::PI / 180.0, false),
    unit("rad", D::Angle, 1.0, true),
    // data
    unit("B", D::DataSize, 1.0, true),
    unit("byte", D::DataSize, 1.0, true),
    unit("bytes", D::DataSize, 1.0, true),
    unit("b", D::DataSize, 0.125, true),
    unit("bit", D::DataSize, 0.125, true),
    unit("bits", D::DataSize, 0.125, true),
    unit("bit/s", D::DataRate, 1.0, true),
    unit("b/s", D::DataRate, 1.0, true),
    unit("bps", D::DataRate, 1.0, true),
    unit("Bd", D::DataRate, 1.0, true),
    unit("baud", D::DataRate, 1.0, true),
    unit("B/s", D::DataRate, 8.0, true),
    // light, level
    unit("cd", D::LuminousIntensity, 1.0, true),
    unit("dB", D::Level, 1.0, false),
];

/// Units whose zero differs from the canonical zero (°C): (symbol, scale, offset).
const TEMPERATURE_UNITS: &[(&str, f64, f64)] = &[
    ("°F", 5.0 / 9.0, -32.0 * 5.0 / 9.0),
    ("℉", 5.0 / 9.0, -32.0 * 5.0 / 9.0),
    ("degF", 5.0 / 9.0, -32.0 * 5.0 / 9.0),
];

/// Prefix characters as written exactly.
fn exact_prefix(c: char) -> Option<PrefixExponent> {
    Some(match c {
        'f' => -15,
        'p' => -12,
        'n' => -9,
        'u' | 'µ' | 'μ' => -6,
        'm' => -3,
        'c' => -2,
        'k' | 'K' => 3,
        'M' => 6,
        'G' => 9,
        'T' => 12,
        _ => return None,
    })
}

/// Prefix characters tolerated when the word's case is not to be trusted (`10UF`, `16ghz`).
/// Peta, nano-vs-newton and the like never occur as component prefixes, so `P`/`N`/`U` are read
/// as pico/nano/micro. `m`/`M` are never folded here: the dimension decides (see `fold_prefix`).
fn any_case_prefix(c: char) -> Option<PrefixExponent> {
    exact_prefix(c).or(match c {
        'P' => Some(-12),
        'N' => Some(-9),
        'U' => Some(-6),
        'g' => Some(9),
        _ => None,
    })
}

/// One way to read a unit word.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Interpretation {
    /// `None` for a bare prefix: the value takes the hint's dimension (or stays dimensionless).
    pub dimension: Option<Dimension>,
    pub prefix: PrefixExponent,
    pub scale: f64,
    pub offset: f64,
}

impl Interpretation {
    fn of(def: &UnitDef, prefix: PrefixExponent) -> Self {
        Interpretation {
            dimension: Some(def.dimension),
            prefix,
            scale: def.scale,
            offset: def.offset,
        }
    }

    /// Whether this reading can produce a value of `hint`.
    pub fn fits(&self, hint: Dimension) -> bool {
        match self.dimension {
            Some(dimension) => dimension == hint,
            None => self.prefix == 0 || hint.takes_prefixes(),
        }
    }
}

/// Every reading of `word`, best first. Empty when the word is not a unit.
pub(crate) fn interpretations(word: &str) -> Vec<Interpretation> {
    let mut found = Vec::new();
    let lower = word.to_lowercase();
    for &(symbol, scale, offset) in TEMPERATURE_UNITS {
        if symbol == word || symbol.to_lowercase() == lower {
            found.push(Interpretation {
                dimension: Some(Dimension::Temperature),
                prefix: 0,
                scale,
                offset,
            });
        }
    }
    // 1. exact
    found.extend(
        UNITS
            .iter()
            .filter(|def| def.symbol == word)
            .map(|def| Interpretation::of(def, 0)),
    );
    let mut chars = word.chars();
    let first = chars.next();
    let rest = chars.as_str();
    // 2. exact prefix + exact unit
    if let Some(prefix) = first.and_then(exact_prefix) {
        if !rest.is_empty() {
            found.extend(
                UNITS
                    .iter()
                    .filter(|def| def.prefixable && def.symbol == rest)
                    .map(|def| Interpretation::of(def, prefix)),
            );
        }
    }
    // 3. whole word, any case — except a lone prefix letter, which stays a prefix (`1M` is a
    // million, never one metre; `10n` is ten nano, not ten newton).
    let lone_prefix =
        rest.is_empty() && first.is_some_and(|c| c != 'c' && any_case_prefix(c).is_some());
    found.extend(
        UNITS
            .iter()
            .filter(|_| !lone_prefix)
            .filter(|def| def.symbol.to_lowercase() == lower)
            .map(|def| Interpretation::of(def, 0)),
    );
    // 4. any-case prefix + any-case unit
    if let Some(prefix) = first.and_then(any_case_prefix) {
        if !rest.is_empty() {
            let rest_lower = rest.to_lowercase();
            found.extend(
                UNITS
                    .iter()
                    .filter(|def| def.prefixable && def.symbol.to_lowercase() == rest_lower)
                    .map(|def| Interpretation::of(def, prefix)),
            );
        }
    }
    // 5. a bare prefix
    // Centi only ever appears inside a unit (`cm`); `85c` is a temperature.
    if rest.is_empty() && first != Some('c') {
        if let Some(prefix) = first.and_then(any_case_prefix) {
            found.push(Interpretation {
                dimension: None,
                prefix,
                scale: 1.0,
                offset: 0.0,
            });
        }
    }
    // 6. kelvin, only ever chosen through a temperature hint (otherwise `10K` is ten thousand)
    if word == "K" {
        found.push(Interpretation {
            dimension: Some(Dimension::Temperature),
            prefix: 0,
            scale: 1.0,
            offset: -273.15,
        });
    }
    // Later steps repeat earlier hits (an exact spelling also matches ignoring case): keep the first.
    let mut unique: Vec<Interpretation> = Vec::with_capacity(found.len());
    for interpretation in found {
        if !unique.contains(&interpretation) {
            unique.push(interpretation);
        }
    }
    unique
}

/// Where the dimension decides between `m` and `M`: mega-farad, mega-henry and mega-ampere are
/// never component values, so `MF`/`MH`/`MA` mean milli; millihertz and millipascal are never
/// engineering values either, so `mHz`/`mPa` mean mega. `mΩ`/`MΩ`, `mV`/`MV`, `mW`/`MW`, `mm`/`Mm`
/// are all real and stay distinct.
pub(crate) fn fold_prefix(dimension: Dimension, prefix: PrefixExponent) -> PrefixExponent {
    match (dimension, prefix) {
        (Dimension::Capacitance | Dimension::Inductance | Dimension::Current, 6) => -3,
        (Dimension::Frequency | Dimension::Pressure, -3) => 6,
        _ => prefix,
    }
}

/// Multiplier of a prefix for a dimension: binary steps for data sizes (1 KB = 1024 B).
pub(crate) fn prefix_multiplier(dimension: Dimension, prefix: PrefixExponent) -> f64 {
    if dimension == Dimension::DataSize && prefix > 0 {
        1024f64.powi(prefix / 3)
    } else {
        10f64.powi(prefix)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn first(word: &str) -> Option<Interpretation> {
        interpretations(word).into_iter().next()
    }

    #[test]
    fn exact_spelling_comes_before_case_folding() {
        let milli_ohm = first("mΩ");
        let mega_ohm = first("MΩ");
        assert_eq!(milli_ohm.map(|i| i.prefix), Some(-3));
        assert_eq!(mega_ohm.map(|i| i.prefix), Some(6));
        assert_eq!(first("MOHM").map(|i| i.prefix), Some(6));
        assert_eq!(first("mohm").map(|i| i.prefix), Some(-3));
    }

    #[test]
    fn ambiguous_words_list_every_reading() {
        let readings: Vec<_> = interpretations("C").iter().map(|i| i.dimension).collect();
        assert_eq!(
            readings,
            vec![Some(Dimension::Temperature), Some(Dimension::Charge)]
        );
        let readings: Vec<_> = interpretations("h").iter().map(|i| i.dimension).collect();
        assert_eq!(
            readings,
            vec![Some(Dimension::Time), Some(Dimension::Inductance)]
        );
        let readings: Vec<_> = interpretations("m")
            .iter()
            .map(|i| (i.dimension, i.prefix))
            .collect();
        assert_eq!(readings, vec![(Some(Dimension::Length), 0), (None, -3)]);
    }

    #[test]
    fn a_lone_prefix_letter_stays_a_prefix() {
        assert_eq!(first("M").map(|i| (i.dimension, i.prefix)), Some((None, 6)));
        assert_eq!(first("G").map(|i| (i.dimension, i.prefix)), Some((None, 9)));
        assert_eq!(
            first("n").map(|i| (i.dimension, i.prefix)),
            Some((None, -9))
        );
        assert_eq!(
            first("c").and_then(|i| i.dimension),
            Some(Dimension::Temperature)
        );
        assert_eq!(
            first("v").and_then(|i| i.dimension),
            Some(Dimension::Voltage)
        );
        assert_eq!(first("w").and_then(|i| i.dimension), Some(Dimension::Power));
    }

    #[test]
    fn unknown_words_have_no_reading() {
        assert!(interpretations("xyz").is_empty());
        assert!(interpretations("").is_empty());
    }

    #[test]
    fn folding_only_touches_impossible_prefixes() {
        assert_eq!(fold_prefix(Dimension::Capacitance, 6), -3);
        assert_eq!(fold_prefix(Dimension::Resistance, 6), 6);
        assert_eq!(fold_prefix(Dimension::Resistance, -3), -3);
        assert_eq!(fold_prefix(Dimension::Frequency, -3), 6);
    }
}
