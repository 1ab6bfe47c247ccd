//! Consistent unit systems of CAE models: a solver takes numbers, not units, so every number of
//! a card must be in the one system the model uses.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::material::Property;

/// Newton in pound-force (exact by definition of the pound and g₀).
const LBF: f64 = 4.448_221_615_260_5;
/// Inch in metres (exact).
const INCH: f64 = 0.0254;
/// A step of one kelvin is 9/5 °F: per-kelvin quantities become per-°F by × 5/9.
const PER_FAHRENHEIT: f64 = 5.0 / 9.0;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum UnitSystem {
    /// m, kg, s, N, Pa, J, K.
    #[serde(rename = "si")]
    Si,
    /// mm, t (tonne), s, N, MPa, mJ, K — the usual structural system.
    #[serde(rename = "mm-N-t-s")]
    MmNTS,
    /// mm, kg, ms, kN, GPa, J, K — the usual explicit-dynamics system.
    #[serde(rename = "mm-kg-ms")]
    MmKgMs,
    /// in, lbf, s, lbf·s²/in (slinch), psi, in·lbf, °F.
    #[serde(rename = "in-lbf-s")]
    InLbfS,
}

impl UnitSystem {
    pub const ALL: [UnitSystem; 4] = [
        UnitSystem::Si,
        UnitSystem::MmNTS,
        UnitSystem::MmKgMs,
        UnitSystem::InLbfS,
    ];

    pub fn id(self) -> &'static str {
        match self {
            UnitSystem::Si => "si",
            UnitSystem::MmNTS => "mm-N-t-s",
            UnitSystem::MmKgMs => "mm-kg-ms",
            UnitSystem::InLbfS => "in-lbf-s",
        }
    }

    /// The base units, written in the card's header comment.
    pub fn description(self) -> &'static str {
        match self {
            UnitSystem::Si => "SI: m, kg, s, N, Pa, J, K",
            UnitSystem::MmNTS => "mm-N-t-s: mm, t, s, N, MPa, mJ, K",
            UnitSystem::MmKgMs => "mm-kg-ms: mm, kg, ms, kN, GPa, J, K",
            UnitSystem::InLbfS => "in-lbf-s: in, lbf*s^2/in, s, lbf, psi, in*lbf, F",
        }
    }

    /// Factor from the canonical SI value to this system's number, and the unit written beside
    /// it. `None`: the property has no consistent unit here (electrical resistivity outside SI
    /// depends on a choice of current unit the mechanical systems do not make; temperatures are
    /// not exported).
    pub fn conversion(self, property: Property) -> Option<(f64, &'static str)> {
        use Property as P;
        use UnitSystem as U;
        Some(match (self, property) {
            (_, P::PoissonRatio) => (1.0, "1"),
            (_, P::Elongation) => (1.0, "1"),
            (U::Si, P::Density) => (1.0, "kg/m^3"),
            (U::MmNTS, P::Density) => (1e-12, "t/mm^3"),
            (U::MmKgMs, P::Density) => (1e-9, "kg/mm^3"),
            (U::InLbfS, P::Density) => (INCH.powi(4) / LBF, "lbf*s^2/in^4"),
            (
                system,
                P::YoungsModulus | P::ShearModulus | P::YieldStrength | P::TensileStrength,
            ) => match system {
                U::Si => (1.0, "Pa"),
                U::MmNTS => (1e-6, "MPa"),
                U::MmKgMs => (1e-9, "GPa"),
                U::InLbfS => (INCH * INCH / LBF, "psi"),
            },
            (U::InLbfS, P::ThermalExpansion) => (PER_FAHRENHEIT, "1/F"),
            (_, P::ThermalExpansion) => (1.0, "1/K"),
            (U::Si, P::ThermalConductivity) => (1.0, "W/(m*K)"),
            (U::MmNTS, P::ThermalConductivity) => (1.0, "mW/(mm*K)"),
            (U::MmKgMs, P::ThermalConductivity) => (1e-6, "kW/(mm*K)"),
            (U::InLbfS, P::ThermalConductivity) => (PER_FAHRENHEIT / LBF, "lbf/(s*F)"),
            (U::Si, P::SpecificHeat) => (1.0, "J/(kg*K)"),
            (U::MmNTS, P::SpecificHeat) => (1e6, "mJ/(t*K)"),
            (U::MmKgMs, P::SpecificHeat) => (1.0, "J/(kg*K)"),
            (U::InLbfS, P::SpecificHeat) => (PER_FAHRENHEIT / (INCH * INCH), "in^2/(s^2*F)"),
            (U::Si, P::ElectricalResistivity) => (1.0, "Ohm*m"),
            _ => return None,
        })
    }

    /// The SI value in this system, or `None` where the property has no unit here.
    pub fn convert(self, property: Property, si_value: f64) -> Option<f64> {
        self.conversion(property)
            .map(|(factor, _)| si_value * factor)
    }
}

impl fmt::Display for UnitSystem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown unit system `{0}` (si, mm-N-t-s, mm-kg-ms, in-lbf-s)")]
pub struct UnknownUnitSystem(pub String);

impl FromStr for UnitSystem {
    type Err = UnknownUnitSystem;
    /// Case-insensitive: `SI`, `mm-n-t-s`, `MM-KG-MS`.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        UnitSystem::ALL
            .into_iter()
            .find(|system| system.id().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| UnknownUnitSystem(s.to_owned()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() <= 1e-9 * a.abs().max(b.abs())
    }

    #[test]
    fn steel_in_every_system_matches_handbook_values() {
        let convert = |system: UnitSystem, property, value| {
            system.convert(property, value).unwrap_or(f64::NAN)
        };
        // 7850 kg/m³ = 7.85e-9 t/mm³ = 7.85e-6 kg/mm³ = 7.345e-4 lbf·s²/in⁴.
        assert!(close(
            convert(UnitSystem::MmNTS, Property::Density, 7850.0),
            7.85e-9
        ));
        assert!(close(
            convert(UnitSystem::MmKgMs, Property::Density, 7850.0),
            7.85e-6
        ));
        let slinch_per_in3 = convert(UnitSystem::InLbfS, Property::Density, 7850.0);
        assert!(
            (slinch_per_in3 - 7.3453e-4).abs() < 1e-7,
            "{slinch_per_in3}"
        );
        // 210 GPa = 210000 MPa = 210 GPa = 30.458e6 psi.
        assert!(close(
            convert(UnitSystem::MmNTS, Property::YoungsModulus, 210e9),
            210_000.0
        ));
        assert!(close(
            convert(UnitSystem::MmKgMs, Property::YoungsModulus, 210e9),
            210.0
        ));
        let psi = convert(UnitSystem::InLbfS, Property::YoungsModulus, 210e9);
        assert!((psi - 30.458e6).abs() < 1e3, "{psi}");
        // 500 J/(kg·K) = 5e8 mJ/(t·K); 50 W/(m·K) = 50 mW/(mm·K) = 5e-5 kW/(mm·K).
        assert!(close(
            convert(UnitSystem::MmNTS, Property::SpecificHeat, 500.0),
            5e8
        ));
        assert!(close(
            convert(UnitSystem::MmNTS, Property::ThermalConductivity, 50.0),
            50.0
        ));
        assert!(close(
            convert(UnitSystem::MmKgMs, Property::ThermalConductivity, 50.0),
            5e-5
        ));
        // 12e-6 /K = 6.667e-6 /°F.
        assert!(close(
            convert(UnitSystem::InLbfS, Property::ThermalExpansion, 12e-6),
            12e-6 * 5.0 / 9.0
        ));
        // Inch units from the British thermal unit instead: 1 W/(m·K) = 0.577789 BTU/(h·ft·°F) and
        // 1 BTU = 9338.03 in·lbf, so 50 W/(m·K) = 6.2447 lbf/(s·°F); 1 BTU/(lb·°F) = 4186.8
        // J/(kg·K), and 1 BTU/lb = 9338.03 in·lbf per (lbf/386.0886 in/s²).
        let k = convert(UnitSystem::InLbfS, Property::ThermalConductivity, 50.0);
        let by_btu = 50.0 * 0.577_789 * 9338.03 / (3600.0 * 12.0);
        assert!((k - by_btu).abs() < 1e-4 * by_btu, "{k} vs {by_btu}");
        let c = convert(UnitSystem::InLbfS, Property::SpecificHeat, 460.0);
        let by_btu = 460.0 / 4186.8 * 9338.03 * 386.088_6;
        assert!((c - by_btu).abs() < 1e-4 * by_btu, "{c} vs {by_btu}");
        assert_eq!(
            UnitSystem::MmNTS.convert(Property::ElectricalResistivity, 1e-7),
            None
        );
        assert_eq!(UnitSystem::Si.convert(Property::MeltingPoint, 1000.0), None);
    }

    #[test]
    fn ids_parse_in_any_case() {
        for system in UnitSystem::ALL {
            assert_eq!(system.id().to_uppercase().parse::<UnitSystem>(), Ok(system));
        }
        assert!("cgs".parse::<UnitSystem>().is_err());
    }
}
