//! Physical dimensions the portal knows, with their canonical unit and display rules.

use std::fmt;
use std::str::FromStr;

/// What a quantity measures. Every [`crate::Quantity`] stores its value in the canonical unit of
/// its dimension (see [`Dimension::canonical_unit`]), so values compare and sort directly.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Dimension {
    Resistance,
    Capacitance,
    Inductance,
    Voltage,
    Current,
    Power,
    Frequency,
    Time,
    Length,
    Area,
    Volume,
    Mass,
    /// Canonical unit °C (an SI derived unit): engineering data is written in °C, and storing it
    /// as such keeps `-40` exactly `-40` instead of `233.14999999999998` K.
    Temperature,
    /// Pressure and mechanical stress (Pa).
    Pressure,
    Density,
    Energy,
    Charge,
    Force,
    Torque,
    /// A plain fraction: `5%` is 0.05, `50ppm` is 5e-5.
    Ratio,
    /// Relative change per kelvin (`ppm/°C`), canonical 1/K.
    TemperatureCoefficient,
    /// °C/W (same as K/W).
    ThermalResistance,
    /// W/(m·K): how well a material conducts heat.
    ThermalConductivity,
    /// J/(kg·K): specific heat capacity.
    SpecificHeat,
    /// Ω·m: a material's electrical resistivity.
    Resistivity,
    /// Canonical unit radian; displayed in degrees.
    Angle,
    /// Bytes. Prefixes are binary (1 KB = 1024 B), the memory-size convention of MCU data.
    DataSize,
    /// Bits per second (also baud).
    DataRate,
    LuminousIntensity,
    /// Logarithmic level in decibels (gain, attenuation, noise figure).
    Level,
    Dimensionless,
}

/// How values of a dimension are written back as text.
pub(crate) struct DisplayRule {
    /// Unit symbol written after the number (after the prefix, when prefixes apply).
    pub symbol: &'static str,
    /// Canonical value of one display unit (gram = 1e-3 kg, degree = π/180 rad).
    pub unit_value: f64,
    /// Lowest and highest decimal exponent of the prefixes used when displaying, both multiples of 3.
    /// `None` = the unit never takes a prefix.
    pub prefix_exponents: Option<(i32, i32)>,
}

impl Dimension {
    /// Every dimension, in declaration order.
    pub const ALL: [Dimension; 31] = [
        Dimension::Resistance,
        Dimension::Capacitance,
        Dimension::Inductance,
        Dimension::Voltage,
        Dimension::Current,
        Dimension::Power,
        Dimension::Frequency,
        Dimension::Time,
        Dimension::Length,
        Dimension::Area,
        Dimension::Volume,
        Dimension::Mass,
        Dimension::Temperature,
        Dimension::Pressure,
        Dimension::Density,
        Dimension::Energy,
        Dimension::Charge,
        Dimension::Force,
        Dimension::Torque,
        Dimension::Ratio,
        Dimension::TemperatureCoefficient,
        Dimension::ThermalResistance,
        Dimension::ThermalConductivity,
        Dimension::SpecificHeat,
        Dimension::Resistivity,
        Dimension::Angle,
        Dimension::DataSize,
        Dimension::DataRate,
        Dimension::LuminousIntensity,
        Dimension::Level,
        Dimension::Dimensionless,
    ];

    /// Stable snake_case identifier (database columns, API facets).
    pub fn as_str(self) -> &'static str {
        match self {
            Dimension::Resistance => "resistance",
            Dimension::Capacitance => "capacitance",
            Dimension::Inductance => "inductance",
            Dimension::Voltage => "voltage",
            Dimension::Current => "current",
            Dimension::Power => "power",
            Dimension::Frequency => "frequency",
            Dimension::Time => "time",
            Dimension::Length => "length",
            Dimension::Area => "area",
            Dimension::Volume => "volume",
            Dimension::Mass => "mass",
            Dimension::Temperature => "temperature",
            Dimension::Pressure => "pressure",
            Dimension::Density => "density",
            Dimension::Energy => "energy",
            Dimension::Charge => "charge",
            Dimension::Force => "force",
            Dimension::Torque => "torque",
            Dimension::Ratio => "ratio",
            Dimension::TemperatureCoefficient => "temperature_coefficient",
            Dimension::ThermalResistance => "thermal_resistance",
            Dimension::ThermalConductivity => "thermal_conductivity",
            Dimension::SpecificHeat => "specific_heat",
            Dimension::Resistivity => "resistivity",
            Dimension::Angle => "angle",
            Dimension::DataSize => "data_size",
            Dimension::DataRate => "data_rate",
            Dimension::LuminousIntensity => "luminous_intensity",
            Dimension::Level => "level",
            Dimension::Dimensionless => "dimensionless",
        }
    }

    /// Chinese name for facets and parameter columns.
    pub fn name_zh(self) -> &'static str {
        match self {
            Dimension::Resistance => "电阻",
            Dimension::Capacitance => "电容",
            Dimension::Inductance => "电感",
            Dimension::Voltage => "电压",
            Dimension::Current => "电流",
            Dimension::Power => "功率",
            Dimension::Frequency => "频率",
            Dimension::Time => "时间",
            Dimension::Length => "长度",
            Dimension::Area => "面积",
            Dimension::Volume => "体积",
            Dimension::Mass => "质量",
            Dimension::Temperature => "温度",
            Dimension::Pressure => "压力/应力",
            Dimension::Density => "密度",
            Dimension::Energy => "能量",
            Dimension::Charge => "电荷",
            Dimension::Force => "力",
            Dimension::Torque => "扭矩",
            Dimension::Ratio => "比率",
            Dimension::TemperatureCoefficient => "温度系数",
            Dimension::ThermalResistance => "热阻",
            Dimension::ThermalConductivity => "导热系数",
            Dimension::SpecificHeat => "比热容",
            Dimension::Resistivity => "电阻率",
            Dimension::Angle => "角度",
            Dimension::DataSize => "存储容量",
            Dimension::DataRate => "数据速率",
            Dimension::LuminousIntensity => "发光强度",
            Dimension::Level => "电平/增益",
            Dimension::Dimensionless => "无量纲",
        }
    }

    /// English name.
    pub fn name_en(self) -> &'static str {
        match self {
            Dimension::Resistance => "Resistance",
            Dimension::Capacitance => "Capacitance",
            Dimension::Inductance => "Inductance",
            Dimension::Voltage => "Voltage",
            Dimension::Current => "Current",
            Dimension::Power => "Power",
            Dimension::Frequency => "Frequency",
            Dimension::Time => "Time",
            Dimension::Length => "Length",
            Dimension::Area => "Area",
            Dimension::Volume => "Volume",
            Dimension::Mass => "Mass",
            Dimension::Temperature => "Temperature",
            Dimension::Pressure => "Pressure/stress",
            Dimension::Density => "Density",
            Dimension::Energy => "Energy",
            Dimension::Charge => "Charge",
            Dimension::Force => "Force",
            Dimension::Torque => "Torque",
            Dimension::Ratio => "Ratio",
            Dimension::TemperatureCoefficient => "Temperature coefficient",
            Dimension::ThermalResistance => "Thermal resistance",
            Dimension::ThermalConductivity => "Thermal conductivity",
            Dimension::SpecificHeat => "Specific heat",
            Dimension::Resistivity => "Resistivity",
            Dimension::Angle => "Angle",
            Dimension::DataSize => "Data size",
            Dimension::DataRate => "Data rate",
            Dimension::LuminousIntensity => "Luminous intensity",
            Dimension::Level => "Level",
            Dimension::Dimensionless => "Dimensionless",
        }
    }

    /// The unit in which [`crate::Quantity::value`] is stored.
    pub fn canonical_unit(self) -> &'static str {
        match self {
            Dimension::Resistance => "Ω",
            Dimension::Capacitance => "F",
            Dimension::Inductance => "H",
            Dimension::Voltage => "V",
            Dimension::Current => "A",
            Dimension::Power => "W",
            Dimension::Frequency => "Hz",
            Dimension::Time => "s",
            Dimension::Length => "m",
            Dimension::Area => "m²",
            Dimension::Volume => "m³",
            Dimension::Mass => "kg",
            Dimension::Temperature => "°C",
            Dimension::Pressure => "Pa",
            Dimension::Density => "kg/m³",
            Dimension::Energy => "J",
            Dimension::Charge => "C",
            Dimension::Force => "N",
            Dimension::Torque => "N·m",
            Dimension::Ratio => "1",
            Dimension::TemperatureCoefficient => "1/K",
            Dimension::ThermalResistance => "K/W",
            Dimension::ThermalConductivity => "W/(m·K)",
            Dimension::SpecificHeat => "J/(kg·K)",
            Dimension::Resistivity => "Ω·m",
            Dimension::Angle => "rad",
            Dimension::DataSize => "B",
            Dimension::DataRate => "bit/s",
            Dimension::LuminousIntensity => "cd",
            Dimension::Level => "dB",
            Dimension::Dimensionless => "",
        }
    }

    /// Whether metric prefixes make sense for this dimension (`10k` may mean 10 kΩ, never 10 k°C).
    pub fn takes_prefixes(self) -> bool {
        self.display_rule().prefix_exponents.is_some()
    }

    /// How this dimension is written back. The prefix ranges leave out the prefixes that the
    /// parser folds (see `crate::unit_table::fold_prefix`), so display → parse is a round trip.
    pub(crate) fn display_rule(self) -> DisplayRule {
        let rule = |symbol, unit_value, prefix_exponents| DisplayRule {
            symbol,
            unit_value,
            prefix_exponents,
        };
        match self {
            Dimension::Resistance => rule("Ω", 1.0, Some((-6, 9))),
            // No MF/MH/MA: the parser reads those as milli.
            Dimension::Capacitance => rule("F", 1.0, Some((-15, 0))),
            Dimension::Inductance => rule("H", 1.0, Some((-12, 0))),
            Dimension::Voltage => rule("V", 1.0, Some((-9, 6))),
            Dimension::Current => rule("A", 1.0, Some((-15, 3))),
            Dimension::Power => rule("W", 1.0, Some((-15, 9))),
            // No mHz: the parser reads it as MHz.
            Dimension::Frequency => rule("Hz", 1.0, Some((0, 12))),
            Dimension::Time => rule("s", 1.0, Some((-15, 0))),
            Dimension::Length => rule("m", 1.0, Some((-12, 3))),
            Dimension::Area => rule("m²", 1.0, None),
            Dimension::Volume => rule("m³", 1.0, None),
            Dimension::Mass => rule("g", 1e-3, Some((-9, 3))),
            Dimension::Temperature => rule("°C", 1.0, None),
            // No mPa: the parser reads it as MPa.
            Dimension::Pressure => rule("Pa", 1.0, Some((0, 12))),
            Dimension::Density => rule("kg/m³", 1.0, None),
            Dimension::Energy => rule("J", 1.0, Some((-15, 9))),
            // A bare `C` reads as °C, so charge is always written with a prefix (mC at most).
            Dimension::Charge => rule("C", 1.0, Some((-15, -3))),
            Dimension::Force => rule("N", 1.0, Some((-6, 6))),
            Dimension::Torque => rule("N·m", 1.0, Some((-6, 3))),
            Dimension::Ratio => rule("%", 0.01, None),
            Dimension::TemperatureCoefficient => rule("ppm/°C", 1e-6, None),
            Dimension::ThermalResistance => rule("°C/W", 1.0, None),
            Dimension::ThermalConductivity => rule("W/(m·K)", 1.0, None),
            Dimension::SpecificHeat => rule("J/(kg·K)", 1.0, None),
            // No prefixes: values span 1e-8 (copper) to 1e16 (PTFE), and `PΩ·m` would read as pico.
            Dimension::Resistivity => rule("Ω·m", 1.0, None),
            Dimension::Angle => rule("°", std::f64::consts::PI / 180.0, None),
            // Binary prefixes, handled by the display code (exponents here count thousands).
            Dimension::DataSize => rule("B", 1.0, Some((0, 12))),
            Dimension::DataRate => rule("bit/s", 1.0, Some((0, 12))),
            Dimension::LuminousIntensity => rule("cd", 1.0, Some((-6, 3))),
            Dimension::Level => rule("dB", 1.0, None),
            Dimension::Dimensionless => rule("", 1.0, Some((0, 12))),
        }
    }
}

impl fmt::Display for Dimension {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Error for [`Dimension::from_str`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown dimension `{0}`")]
pub struct UnknownDimension(pub String);

impl FromStr for Dimension {
    type Err = UnknownDimension;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        Dimension::ALL
            .iter()
            .copied()
            .find(|dimension| dimension.as_str() == text)
            .ok_or_else(|| UnknownDimension(text.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn identifiers_round_trip_through_from_str() {
        for dimension in Dimension::ALL {
            assert_eq!(dimension.as_str().parse::<Dimension>(), Ok(dimension));
        }
        assert!("ohms".parse::<Dimension>().is_err());
    }

    #[test]
    fn temperature_and_ratio_take_no_prefix() {
        assert!(!Dimension::Temperature.takes_prefixes());
        assert!(!Dimension::Ratio.takes_prefixes());
        assert!(Dimension::Resistance.takes_prefixes());
    }
}
