//! mendeleev's elements (`mendeleev/elements.csv`, exported from `elements.db` by
//! `scripts/materials/export_mendeleev.py`): density (g/cm³), thermal conductivity (W/(m·K)),
//! specific heat (J/(g·K)), melting and boiling points (K), by series.

use std::path::Path;

use anyhow::Context;
use catalog::item::import::Rejection;
use serde::Deserialize;

use super::record::{Condition, Material, MaterialAttributes, Property};
use super::{Naming, SourceRead};
use crate::glossary::RecordKey;

pub const SOURCE: &str = "mendeleev";
pub const FILE: &str = "mendeleev/elements.csv";
const VERSION: &str = "mendeleev 1.3.0";

/// 0 °C in kelvin.
const ZERO_CELSIUS: f64 = 273.15;

#[derive(Debug, Deserialize)]
struct Row {
    atomic_number: u32,
    symbol: String,
    name: String,
    series: String,
    density_g_cm3: Option<f64>,
    #[serde(rename = "thermal_conductivity_W_mK")]
    thermal_conductivity: Option<f64>,
    #[serde(rename = "specific_heat_J_gK")]
    specific_heat: Option<f64>,
    #[serde(rename = "melting_point_K")]
    melting_point: Option<f64>,
    #[serde(rename = "boiling_point_K")]
    boiling_point: Option<f64>,
    cas: Option<String>,
}

pub fn read(dir: &Path, naming: &Naming) -> anyhow::Result<SourceRead> {
    let path = dir.join(FILE);
    let mut reader =
        csv::Reader::from_path(&path).with_context(|| format!("opening {}", path.display()))?;
    let mut read = SourceRead::default();
    for (index, row) in reader.deserialize::<Row>().enumerate() {
        let record = format!("{FILE} line {}", index + 2);
        let row = match row {
            Ok(row) => row,
            Err(e) => {
                read.rejections.push(Rejection::new(record, e.to_string()));
                continue;
            }
        };
        match material(&row) {
            Ok(material) => {
                let key = RecordKey {
                    id: &row.symbol,
                    name: &row.name,
                    std: None,
                    su: None,
                };
                read.materials.push(naming.finish(
                    material,
                    &key,
                    &[("mendeleevSeries", row.series.as_str())],
                ));
            }
            Err(reason) => read
                .rejections
                .push(Rejection::new(record, reason.to_string())),
        }
    }
    Ok(read)
}

fn material(row: &Row) -> anyhow::Result<Material> {
    let room = Condition {
        temperature: Some("25 °C".into()),
        ..Condition::default()
    };
    let mut properties = Vec::new();
    if let Some(d) = row.density_g_cm3 {
        properties.push(
            Property::value("density", d * 1000.0, format!("{d} g/cm³"))
                .map(|p| p.with_condition(&room))?,
        );
    }
    if let Some(k) = row.thermal_conductivity {
        properties.push(
            Property::value("thermalConductivity", k, format!("{k} W/(m·K)"))?
                .with_condition(&room),
        );
    }
    if let Some(c) = row.specific_heat {
        properties.push(
            Property::value("specificHeat", c * 1000.0, format!("{c} J/(g·K)"))?
                .with_condition(&room),
        );
    }
    if let Some(t) = row.melting_point {
        properties.push(Property::value(
            "meltingPoint",
            t - ZERO_CELSIUS,
            format!("{t} K"),
        )?);
    }
    if let Some(t) = row.boiling_point {
        properties.push(Property::value(
            "boilingPoint",
            t - ZERO_CELSIUS,
            format!("{t} K"),
        )?);
    }
    if properties.is_empty() {
        anyhow::bail!("no property values");
    }
    Ok(Material {
        source: SOURCE,
        source_id: row.symbol.clone(),
        code: row.symbol.clone(),
        name: format!("{} {}", row.symbol, row.name),
        name_en: format!("{} ({}), Z = {}", row.name, row.symbol, row.atomic_number),
        category: None,
        license: "MIT".to_string(),
        keywords: vec![row.name.clone(), row.series.clone()]
            .into_iter()
            .chain(row.cas.clone())
            .collect(),
        attributes: MaterialAttributes {
            designation: row.name.clone(),
            kind: Some(row.series.clone()),
            properties,
            source_version: VERSION.to_string(),
            ..MaterialAttributes::default()
        },
    })
}
