//! FreeCAD's material cards (`freecad/*.FCMat`, from Debian's `freecad-common`): INI files with
//! quantities (`YoungsModulus = 210000 MPa`), the norm and material number.

use std::collections::BTreeMap;
use std::path::Path;

use anyhow::Context;
use catalog::item::import::Rejection;

use super::record::{quantity, Material, MaterialAttributes, Property};
use super::{Naming, SourceRead};
use crate::glossary::RecordKey;

pub const SOURCE: &str = "freecad";
pub const FOLDER: &str = "freecad";
const VERSION: &str = "freecad-common 0.20.2+dfsg1-4+deb12u1";

/// Card key → property key. `UltimateStrain` is in percent.
const KEYS: &[(&str, &str)] = &[
    ("Density", "density"),
    ("YoungsModulus", "youngsModulus"),
    ("ShearModulus", "shearModulus"),
    ("PoissonRatio", "poissonRatio"),
    ("YieldStrength", "yieldStrength"),
    ("UltimateTensileStrength", "tensileStrength"),
    ("CompressiveStrength", "compressiveStrength"),
    ("UltimateStrain", "elongation"),
    ("ThermalExpansionCoefficient", "thermalExpansion"),
    ("ThermalConductivity", "thermalConductivity"),
    ("SpecificHeat", "specificHeat"),
];

/// A card's `Key = Value` lines (sections ignored: keys are unique across them), and its author
/// line (the second comment: `(c) 2014 M. Münch - GNU Lesser General Public License (LGPL)`,
/// `Uwe Stöhr, LGPL`, `Uwe Stöhr`).
pub fn parse_card(text: &str) -> (BTreeMap<String, String>, Option<String>) {
    let mut values = BTreeMap::new();
    let mut comments = Vec::new();
    for line in text.lines() {
        let line = line.trim();
        if let Some(comment) = line.strip_prefix(';') {
            comments.push(comment.trim().to_string());
            continue;
        }
        if line.starts_with('[') {
            continue;
        }
        if let Some((key, value)) = line.split_once('=') {
            let value = value.trim();
            if !value.is_empty() {
                values.insert(key.trim().to_string(), value.to_string());
            }
        }
    }
    let author = comments
        .into_iter()
        .nth(1)
        .filter(|c| !c.is_empty() && !c.starts_with("information about"));
    (values, author)
}

/// The card's licence from its author line; a card that states none is under the package's
/// licence (Debian's `copyright`: LGPL-2+), and its note says so.
fn license_of(author: Option<&str>) -> (&'static str, String) {
    match author {
        Some(a) if a.contains("CC-BY 3.0") || a.contains("CC-BY-3.0") => {
            ("CC-BY-3.0", a.to_string())
        }
        Some(a) if a.contains("LGPL") || a.contains("Lesser General Public") => {
            ("LGPL-2.0-or-later", a.to_string())
        }
        Some(a) => (
            "LGPL-2.0-or-later",
            format!("{a}; no licence in the card: FreeCAD's (LGPL-2+, Debian copyright)"),
        ),
        None => (
            "LGPL-2.0-or-later",
            "no licence in the card: FreeCAD's (LGPL-2+, Debian copyright)".to_string(),
        ),
    }
}

/// A card written under a decimal-comma locale (`Graphite`: `1750,000 kg/m^3`, `0,72 kJ/kg/K`)
/// and `1/K` after a number, which the units crate reads as strain per kelvin (`m/m/K`).
fn normalised(text: &str) -> String {
    let (number, unit) = text.trim().split_once(' ').unwrap_or((text.trim(), ""));
    let number = if number.contains(',') && !number.contains('.') {
        number.replacen(',', ".", 1)
    } else {
        number.to_string()
    };
    let unit = if unit == "1/K" { "m/m/K" } else { unit };
    format!("{number} {unit}").trim().to_string()
}

pub fn read(dir: &Path, naming: &Naming) -> anyhow::Result<SourceRead> {
    let mut read = SourceRead::default();
    let folder = dir.join(FOLDER);
    let mut paths: Vec<_> = std::fs::read_dir(&folder)
        .with_context(|| format!("listing {}", folder.display()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "FCMat"))
        .collect();
    paths.sort();
    for path in paths {
        let stem = path
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        let record = format!("{FOLDER}/{stem}.FCMat");
        let text = std::fs::read_to_string(&path).with_context(|| format!("reading {record}"))?;
        match card(&stem, &text, &mut read.dropped) {
            Ok((material, kind)) => {
                let key = RecordKey {
                    id: &stem,
                    name: &material.code.clone(),
                    std: None,
                    su: None,
                };
                let rules = [("freecad", stem.as_str()), ("freecadKind", kind.as_str())];
                read.materials.push(naming.finish(material, &key, &rules));
            }
            Err(reason) => read
                .rejections
                .push(Rejection::new(record, reason.to_string())),
        }
    }
    Ok(read)
}

/// One card as a material, and its `KindOfMaterial`.
fn card(stem: &str, text: &str, dropped: &mut Vec<String>) -> anyhow::Result<(Material, String)> {
    let (values, author) = parse_card(text);
    let name = values
        .get("Name")
        .cloned()
        .ok_or_else(|| anyhow::anyhow!("no Name"))?;
    let (license, license_note) = license_of(author.as_deref());
    let mut properties = Vec::new();
    for (card_key, key) in KEYS {
        let Some(text) = values.get(*card_key) else {
            continue;
        };
        let value = if *key == "elongation" {
            // A bare percentage (`UltimateStrain = 27`).
            text.trim()
                .parse::<f64>()
                .map(|percent| percent / 100.0)
                .map_err(|_| anyhow::anyhow!("{card_key}: `{text}` is no percentage"))
        } else {
            quantity(key, &normalised(text))
        };
        match value {
            // FreeCAD writes 0 for "unknown" (`None.FCMat`, `UltimateStrain = 0`): no value, and
            // nothing wrong with the card.
            Ok(0.0) => {}
            Ok(v) => properties.push(Property::value(key, v, text.clone())?),
            Err(e) => dropped.push(format!("{stem}: {e}")),
        }
    }
    if properties.is_empty() {
        anyhow::bail!("no property values (every value missing or zero)");
    }
    let kind = values.get("KindOfMaterial").cloned().unwrap_or_default();
    let material_number = values
        .get("MaterialNumber")
        // FreeCAD's cards store the number as a float (1.057 for 1.0570): four decimals.
        .map(|n| match n.split_once('.') {
            Some((head, tail))
                if head.len() == 1
                    && tail.len() < 4
                    && tail.chars().all(|c| c.is_ascii_digit()) =>
            {
                format!("{head}.{tail:0<4}")
            }
            _ => n.clone(),
        });
    let standard = values
        .get("Norm")
        .or_else(|| values.get("StandardCode"))
        .cloned();
    let mut keywords = vec![name.clone()];
    keywords.extend(values.get("NameDE").cloned());
    keywords.extend(values.get("Description").cloned());
    let name_en = match values.get("Description") {
        Some(d) => format!("{name} — {d}"),
        None => name.clone(),
    };
    let mut aliases = Vec::new();
    if let Some(de) = values.get("NameDE") {
        if de != &name {
            aliases.push(de.clone());
        }
    }
    Ok((
        Material {
            source: SOURCE,
            source_id: stem.to_string(),
            code: name.clone(),
            name: name.clone(),
            name_en,
            category: None,
            license: license.to_string(),
            keywords,
            attributes: MaterialAttributes {
                designation: name,
                standard,
                material_number,
                kind: (!kind.is_empty()).then(|| kind.clone()),
                properties,
                aliases,
                source_version: VERSION.to_string(),
                license_note: Some(license_note),
                ..MaterialAttributes::default()
            },
        },
        kind,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_card_is_read_with_units_and_its_number_padded() -> anyhow::Result<()> {
        let text = "; Steel\n; (c) 2014 M. Münch - GNU Lesser General Public License (LGPL)\n[General]\nName = S355J2G3\nMaterialNumber = 1.057\nNorm = EN 10025\n[Mechanical]\nDensity = 7800 kg/m^3\nYoungsModulus = 210000 MPa\nUltimateStrain = 22\n[Thermal]\nThermalExpansionCoefficient = 0.000012 m/m/K\n";
        let mut dropped = Vec::new();
        let (m, _) = card("Steel-S355J2G3", text, &mut dropped)?;
        assert_eq!(m.license, "LGPL-2.0-or-later");
        assert_eq!(m.attributes.material_number.as_deref(), Some("1.0570"));
        let e = m
            .attributes
            .properties
            .iter()
            .find(|p| p.key == "youngsModulus");
        assert!(e
            .and_then(|p| p.typ)
            .is_some_and(|v| units::approx_eq(v, 210e9)));
        let a = m
            .attributes
            .properties
            .iter()
            .find(|p| p.key == "elongation");
        assert!(a
            .and_then(|p| p.typ)
            .is_some_and(|v| units::approx_eq(v, 0.22)));
        let none = "; None\n; (c) 2015 Przemo Firszt (CC-BY 3.0)\n[General]\nName = None\n[Mechanical]\nDensity = 0 kg/m^3\n";
        assert!(card("None", none, &mut dropped).is_err());
        assert_eq!(normalised("1750,000 kg/m^3"), "1750.000 kg/m^3");
        assert_eq!(normalised("8e-6 1/K"), "8e-6 m/m/K");
        Ok(())
    }
}
