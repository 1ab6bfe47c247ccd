//! The material as this crate takes it: named properties in canonical SI, each a value or a
//! min–max range (the contract with `mat-api`).

use std::collections::BTreeMap;
use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// A property key of the contract, with its canonical SI unit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Property {
    /// kg/m³
    Density,
    /// Pa
    YoungsModulus,
    /// Pa
    ShearModulus,
    /// 1
    PoissonRatio,
    /// Pa
    YieldStrength,
    /// Pa
    TensileStrength,
    /// Elongation at break as a fraction (0.14 for 14 %).
    Elongation,
    /// HB
    HardnessBrinell,
    /// 1/K
    ThermalExpansion,
    /// W/(m·K)
    ThermalConductivity,
    /// J/(kg·K)
    SpecificHeat,
    /// Ω·m
    ElectricalResistivity,
    /// K
    MeltingPoint,
    /// K
    GlassTransition,
    /// Cost per kilogram in any one currency, the same for every material compared (only the
    /// ratio between materials matters to the indices).
    Cost,
}

impl Property {
    pub const ALL: [Property; 15] = [
        Property::Density,
        Property::YoungsModulus,
        Property::ShearModulus,
        Property::PoissonRatio,
        Property::YieldStrength,
        Property::TensileStrength,
        Property::Elongation,
        Property::HardnessBrinell,
        Property::ThermalExpansion,
        Property::ThermalConductivity,
        Property::SpecificHeat,
        Property::ElectricalResistivity,
        Property::MeltingPoint,
        Property::GlassTransition,
        Property::Cost,
    ];

    /// The key in the property map and in the API.
    pub fn key(self) -> &'static str {
        match self {
            Property::Density => "density",
            Property::YoungsModulus => "youngsModulus",
            Property::ShearModulus => "shearModulus",
            Property::PoissonRatio => "poissonRatio",
            Property::YieldStrength => "yieldStrength",
            Property::TensileStrength => "tensileStrength",
            Property::Elongation => "elongation",
            Property::HardnessBrinell => "hardnessBrinell",
            Property::ThermalExpansion => "thermalExpansion",
            Property::ThermalConductivity => "thermalConductivity",
            Property::SpecificHeat => "specificHeat",
            Property::ElectricalResistivity => "electricalResistivity",
            Property::MeltingPoint => "meltingPoint",
            Property::GlassTransition => "glassTransition",
            Property::Cost => "cost",
        }
    }

    /// The canonical SI unit values are stored in.
    pub fn si_unit(self) -> &'static str {
        match self {
            Property::Density => "kg/m³",
            Property::YoungsModulus
            | Property::ShearModulus
            | Property::YieldStrength
            | Property::TensileStrength => "Pa",
            Property::PoissonRatio | Property::Elongation => "1",
            Property::HardnessBrinell => "HB",
            Property::ThermalExpansion => "1/K",
            Property::ThermalConductivity => "W/(m·K)",
            Property::SpecificHeat => "J/(kg·K)",
            Property::ElectricalResistivity => "Ω·m",
            Property::MeltingPoint | Property::GlassTransition => "K",
            Property::Cost => "1/kg",
        }
    }
}

impl fmt::Display for Property {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.key())
    }
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown material property `{0}`")]
pub struct UnknownProperty(pub String);

impl FromStr for Property {
    type Err = UnknownProperty;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Property::ALL
            .into_iter()
            .find(|property| property.key() == s)
            .ok_or_else(|| UnknownProperty(s.to_owned()))
    }
}

/// A property value: a single value (`min == max`) or a min–max range, in canonical SI, with
/// the source's typical value when it states one.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PropertyValue {
    pub min: f64,
    pub max: f64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub typical: Option<f64>,
}

impl PropertyValue {
    pub fn value(value: f64) -> Self {
        PropertyValue {
            min: value,
            max: value,
            typical: None,
        }
    }

    /// A range; the bounds may come in either order.
    pub fn range(a: f64, b: f64) -> Self {
        PropertyValue {
            min: a.min(b),
            max: a.max(b),
            typical: None,
        }
    }

    pub fn with_typical(mut self, typical: f64) -> Self {
        self.typical = Some(typical);
        self
    }

    /// The one number a CAE card takes: the source's typical value when it states one, else the
    /// middle of the range (a single value is its own middle).
    pub fn representative(&self) -> f64 {
        self.typical.unwrap_or((self.min + self.max) / 2.0)
    }

    pub fn is_range(&self) -> bool {
        self.min != self.max
    }

    /// Finite bounds in order, a typical value inside them.
    pub fn check(&self, property: &str) -> Result<(), InvalidMaterial> {
        let finite =
            self.min.is_finite() && self.max.is_finite() && self.typical.is_none_or(f64::is_finite);
        let ordered = self.min <= self.max
            && self
                .typical
                .is_none_or(|typical| typical >= self.min && typical <= self.max);
        if finite && ordered {
            Ok(())
        } else {
            Err(InvalidMaterial::InvalidValue {
                property: property.to_owned(),
            })
        }
    }
}

/// One point of a plastic (hardening) curve, SI: true stress in Pa, plastic strain as a fraction.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PlasticPoint {
    pub true_stress: f64,
    pub plastic_strain: f64,
}

/// A material as the library holds it.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Material {
    pub name: String,
    #[serde(default)]
    pub grade: Option<String>,
    #[serde(default)]
    pub standard: Option<String>,
    /// A `data/categories/mat.json` category code.
    #[serde(default)]
    pub family: Option<String>,
    /// Keys of [`Property`]; other keys are kept by the caller and ignored here.
    #[serde(default)]
    pub properties: BTreeMap<String, PropertyValue>,
    /// Ordered by plastic strain, the first at 0 (initial yield).
    #[serde(default)]
    pub plastic: Vec<PlasticPoint>,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum InvalidMaterial {
    #[error("the material has no name")]
    NoName,
    #[error("property `{property}` is not finite, or its range is reversed")]
    InvalidValue { property: String },
    #[error(
        "the plastic curve must start at plastic strain 0 and grow, with finite positive stresses"
    )]
    InvalidPlasticCurve,
}

impl Material {
    pub fn get(&self, property: Property) -> Option<&PropertyValue> {
        self.properties.get(property.key())
    }

    /// The representative value of a property, if present.
    pub fn representative(&self, property: Property) -> Option<f64> {
        self.get(property).map(PropertyValue::representative)
    }

    pub fn set(&mut self, property: Property, value: PropertyValue) -> &mut Self {
        self.properties.insert(property.key().to_owned(), value);
        self
    }

    /// The grade when there is one (what users call a material by), else the name.
    pub fn label(&self) -> &str {
        self.grade
            .as_deref()
            .filter(|grade| !grade.trim().is_empty())
            .unwrap_or(&self.name)
    }

    /// Rejects what no export or ranking can use; called by every entry point.
    pub fn validate(&self) -> Result<(), InvalidMaterial> {
        if self.name.trim().is_empty() {
            return Err(InvalidMaterial::NoName);
        }
        for (key, value) in &self.properties {
            value.check(key)?;
        }
        let starts_at_zero = self
            .plastic
            .first()
            .is_none_or(|first| first.plastic_strain == 0.0);
        let growing = self
            .plastic
            .windows(2)
            .all(|pair| pair[1].plastic_strain > pair[0].plastic_strain);
        let finite = self.plastic.iter().all(|point| {
            point.true_stress.is_finite()
                && point.true_stress > 0.0
                && point.plastic_strain.is_finite()
        });
        if !(starts_at_zero && growing && finite) {
            return Err(InvalidMaterial::InvalidPlasticCurve);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_round_trip() {
        for property in Property::ALL {
            assert_eq!(property.key().parse::<Property>(), Ok(property));
        }
        assert!("hardness".parse::<Property>().is_err());
    }

    #[test]
    fn representative_is_typical_else_mid() {
        assert_eq!(PropertyValue::range(300.0, 200.0).representative(), 250.0);
        assert_eq!(
            PropertyValue::range(200.0, 300.0)
                .with_typical(280.0)
                .representative(),
            280.0
        );
        assert_eq!(PropertyValue::value(7.0).representative(), 7.0);
    }

    #[test]
    fn validation_rejects_bad_values() {
        let mut material = Material {
            name: "x".into(),
            ..Material::default()
        };
        assert!(material.validate().is_ok());
        material.set(Property::Density, PropertyValue::value(f64::NAN));
        assert_eq!(
            material.validate(),
            Err(InvalidMaterial::InvalidValue {
                property: "density".into()
            })
        );
        material.set(
            Property::Density,
            PropertyValue::range(1.0, 2.0).with_typical(3.0),
        );
        assert!(material.validate().is_err());
        material.set(Property::Density, PropertyValue::value(1.0));
        material.plastic = vec![PlasticPoint {
            true_stress: 1.0,
            plastic_strain: 0.1,
        }];
        assert_eq!(
            material.validate(),
            Err(InvalidMaterial::InvalidPlasticCurve)
        );
        material.name = " ".into();
        assert_eq!(material.validate(), Err(InvalidMaterial::NoName));
    }
}
