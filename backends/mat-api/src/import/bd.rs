//! bd-materials' range tables, exported once to JSON by `scripts/materials/export_bd_materials.py`
//! (`bd-materials/materials.json`): typical min–max bands per property, units from the package's
//! own table (`units`).

use std::collections::BTreeMap;
use std::path::Path;

use anyhow::Context;
use catalog::item::import::Rejection;
use serde::Deserialize;
use serde_json::Value;

use super::record::{Condition, Material, MaterialAttributes, Property};
use super::{Naming, SourceRead};
use crate::glossary::RecordKey;

pub const SOURCE: &str = "bd-materials";
pub const FILE: &str = "bd-materials/materials.json";

#[derive(Debug, Deserialize)]
struct Export {
    version: String,
    license: String,
    units: BTreeMap<String, String>,
    materials: Vec<BTreeMap<String, Value>>,
}

/// Field → property key. `hardness` goes by its `hardness_scale`.
const FIELDS: &[(&str, &str)] = &[
    ("density", "density"),
    ("modulus_of_elasticity", "youngsModulus"),
    ("shear_modulus", "shearModulus"),
    ("poisson_ratio", "poissonRatio"),
    ("yield_strength", "yieldStrength"),
    ("tensile_strength", "tensileStrength"),
    ("shear_strength", "shearStrength"),
    ("compressive_strength_parallel", "compressiveStrength"),
    ("elongation_at_break", "elongation"),
    ("thermal_expansion", "thermalExpansion"),
    ("thermal_conductivity", "thermalConductivity"),
    ("specific_heat_capacity", "specificHeat"),
    ("melting_temperature", "meltingPoint"),
    ("glass_transition_temperature", "glassTransition"),
    ("heat_deflection_temperature", "heatDeflection"),
    ("max_service_temp", "maxServiceTemperature"),
];

/// Canonical value of one unit of the package's table.
fn scale(unit: &str) -> Option<f64> {
    Some(match unit {
        "GPa" => 1e9,
        "MPa" => 1e6,
        "%" => 0.01,
        "" | "kg/m³" | "°C" | "1/K" | "W/(m·K)" | "J/(kg·K)" => 1.0,
        _ => return None,
    })
}

fn hardness_key(scale: &str) -> Option<&'static str> {
    Some(match scale {
        "HB" => "hardnessBrinell",
        "HV" => "hardnessVickers",
        "HRC" => "hardnessRockwellC",
        "Shore A" => "hardnessShoreA",
        "Shore D" => "hardnessShoreD",
        _ => return None,
    })
}

/// A number or a `[min, max]` pair.
fn bounds(value: &Value) -> Option<(f64, f64)> {
    match value {
        Value::Number(n) => n.as_f64().map(|v| (v, v)),
        Value::Array(pair) if pair.len() == 2 => Some((pair[0].as_f64()?, pair[1].as_f64()?)),
        _ => None,
    }
}

fn text(value: f64) -> String {
    format!("{value}")
}

fn original((low, high): (f64, f64), unit: &str) -> String {
    let numbers = if low == high {
        text(low)
    } else {
        format!("{}–{}", text(low), text(high))
    };
    format!("{numbers} {unit}").trim().to_string()
}

pub fn read(dir: &Path, naming: &Naming) -> anyhow::Result<SourceRead> {
    let path = dir.join(FILE);
    let export: Export = serde_json::from_str(
        &std::fs::read_to_string(&path).with_context(|| format!("reading {}", path.display()))?,
    )
    .with_context(|| format!("parsing {}", path.display()))?;
    let mut read = SourceRead::default();
    for fields in &export.materials {
        let name = fields
            .get("name")
            .and_then(Value::as_str)
            .unwrap_or_default();
        let record = format!("{FILE} {name}");
        match material(&export, fields, &mut read.dropped) {
            Ok(material) => {
                let family = fields
                    .get("family")
                    .and_then(Value::as_str)
                    .unwrap_or_default();
                let key = RecordKey {
                    id: name,
                    name,
                    std: None,
                    su: None,
                };
                read.materials
                    .push(naming.finish(material, &key, &[("bdMaterials", family)]));
            }
            Err(reason) => read
                .rejections
                .push(Rejection::new(record, reason.to_string())),
        }
    }
    Ok(read)
}

fn material(
    export: &Export,
    fields: &BTreeMap<String, Value>,
    dropped: &mut Vec<String>,
) -> anyhow::Result<Material> {
    let name = fields
        .get("name")
        .and_then(Value::as_str)
        .filter(|n| !n.is_empty())
        .ok_or_else(|| anyhow::anyhow!("no name"))?;
    let family = fields
        .get("family")
        .and_then(Value::as_str)
        .unwrap_or_default();
    let mut properties = Vec::new();
    let mut push = |key: &str, field: &str, unit: &str, value: &Value| -> anyhow::Result<()> {
        let Some((low, high)) = bounds(value) else {
            dropped.push(format!("{name} {field}: not a number or range"));
            return Ok(());
        };
        let Some(factor) = scale(unit) else {
            dropped.push(format!("{name} {field}: unit `{unit}` unknown"));
            return Ok(());
        };
        let mut property = Property::range(
            key,
            low * factor,
            high * factor,
            original((low, high), unit),
        )?;
        if field == "compressive_strength_parallel" {
            property = property.with_condition(&Condition {
                form: Some("parallel to grain".into()),
                ..Condition::default()
            });
        }
        properties.push(property);
        Ok(())
    };
    for (field, key) in FIELDS {
        if let Some(value) = fields.get(*field) {
            let unit = export
                .units
                .get(*field)
                .map(String::as_str)
                .unwrap_or_default();
            push(key, field, unit, value)?;
        }
    }
    if let (Some(value), Some(scale_name)) = (
        fields.get("hardness"),
        fields.get("hardness_scale").and_then(Value::as_str),
    ) {
        match hardness_key(scale_name) {
            Some(key) => push(key, "hardness", scale_name, value)?,
            None => dropped.push(format!("{name} hardness: scale `{scale_name}` unknown")),
        }
    }
    if properties.is_empty() {
        anyhow::bail!("no property values");
    }
    // `Alu_G6061_T6` → `Alu G6061 T6`, the grade as engineers read it.
    let readable = name.replace(['_', '.'], " ");
    Ok(Material {
        source: SOURCE,
        source_id: name.to_string(),
        code: name.to_string(),
        name: name.to_string(),
        name_en: format!("{readable} ({family})"),
        category: None,
        license: export.license.clone(),
        keywords: vec![readable, family.replace('_', " ")],
        attributes: MaterialAttributes {
            designation: name.to_string(),
            kind: Some(family.to_string()),
            properties,
            source_version: format!("bd-materials {}", export.version),
            ..MaterialAttributes::default()
        },
    })
}
