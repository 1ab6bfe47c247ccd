//! py-materials' TOML files (`py-materials/*.toml`): a tree of materials (`[stainless]`,
//! `[stainless.s304]`), each with property groups (`mechanical`, `thermal`, `electrical`) written
//! as `<name>_value` and `<name>_unit`; a child inherits its parent's values and overrides them.

use std::collections::BTreeMap;
use std::path::Path;

use anyhow::Context;
use catalog::item::import::Rejection;
use toml::{Table, Value};

use super::record::{quantity, Material, MaterialAttributes, Property};
use super::{Naming, SourceRead};
use crate::glossary::RecordKey;

pub const SOURCE: &str = "py-materials";
pub const FOLDER: &str = "py-materials";
const VERSION: &str = "py-materials 3.10.0";

const GROUPS: &[&str] = &["mechanical", "thermal", "electrical"];

/// Field (without `_value`) → property key.
const FIELDS: &[(&str, &str)] = &[
    ("density", "density"),
    ("youngs_modulus", "youngsModulus"),
    ("shear_modulus", "shearModulus"),
    ("yield_strength", "yieldStrength"),
    ("tensile_strength", "tensileStrength"),
    ("melting_point", "meltingPoint"),
    ("boiling_point", "boilingPoint"),
    ("thermal_conductivity", "thermalConductivity"),
    ("specific_heat", "specificHeat"),
    ("thermal_expansion", "thermalExpansion"),
    ("resistivity", "electricalResistivity"),
    ("volume_resistivity", "electricalResistivity"),
    ("glass_transition", "glassTransition"),
    ("max_service_temp", "maxServiceTemperature"),
];

/// Unit-less numbers: field → (key, canonical value of one, unit written).
const BARE: &[(&str, &str, f64, &str)] = &[
    ("poissons_ratio", "poissonRatio", 1.0, ""),
    ("elongation", "elongation", 0.01, "%"),
    ("hardness_vickers", "hardnessVickers", 1.0, "HV"),
];

fn number(value: &Value) -> Option<f64> {
    value
        .as_float()
        .or_else(|| value.as_integer().map(|i| i as f64))
}

/// The merged property groups of a material: its ancestors' values overridden by its own.
type Groups = BTreeMap<String, Value>;

fn merged(inherited: &Groups, table: &Table) -> Groups {
    let mut groups = inherited.clone();
    for group in GROUPS {
        if let Some(Value::Table(values)) = table.get(*group) {
            for (k, v) in values {
                groups.insert(k.clone(), v.clone());
            }
        }
    }
    groups
}

pub fn read(dir: &Path, naming: &Naming) -> anyhow::Result<SourceRead> {
    let folder = dir.join(FOLDER);
    let mut files: Vec<_> = std::fs::read_dir(&folder)
        .with_context(|| format!("listing {}", folder.display()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .collect();
    files.sort();
    let mut read = SourceRead::default();
    for path in files {
        let file = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let text = std::fs::read_to_string(&path).with_context(|| format!("reading {file}"))?;
        let table: Table = match text.parse() {
            Ok(table) => table,
            Err(e) => {
                read.rejections
                    .push(Rejection::new(format!("{FOLDER}/{file}"), e.to_string()));
                continue;
            }
        };
        let group = file.trim_end_matches(".toml").to_string();
        walk(
            &table,
            &[],
            &Groups::new(),
            &BTreeMap::new(),
            &group,
            &file,
            naming,
            &mut read,
        );
    }
    Ok(read)
}

#[allow(clippy::too_many_arguments)]
fn walk(
    table: &Table,
    path: &[&str],
    inherited: &Groups,
    inherited_composition: &BTreeMap<String, f64>,
    group: &str,
    file: &str,
    naming: &Naming,
    read: &mut SourceRead,
) {
    for (key, value) in table {
        let Value::Table(child) = value else {
            continue;
        };
        if GROUPS.contains(&key.as_str()) || !child.contains_key("name") {
            continue;
        }
        let mut child_path = path.to_vec();
        child_path.push(key);
        let id = child_path.join(".");
        let groups = merged(inherited, child);
        let composition = match child.get("composition") {
            Some(Value::Table(parts)) => parts
                .iter()
                .filter_map(|(element, share)| number(share).map(|s| (element.clone(), s)))
                .collect(),
            _ => inherited_composition.clone(),
        };
        let record = format!("{FOLDER}/{file} [{id}]");
        match material(&id, child, &groups, &composition, group, &mut read.dropped) {
            Ok(material) => {
                let key = RecordKey {
                    id: &id,
                    name: &material.code.clone(),
                    std: None,
                    su: None,
                };
                // The taxonomy names py-materials' top-level keys (`stainless`, `aluminum`).
                let rules = [("pymat", child_path[0]), ("pymat", id.as_str())];
                read.materials.push(naming.finish(material, &key, &rules));
            }
            Err(reason) => read
                .rejections
                .push(Rejection::new(record, reason.to_string())),
        }
        walk(
            child,
            &child_path,
            &groups,
            &composition,
            group,
            file,
            naming,
            read,
        );
    }
}

fn material(
    id: &str,
    table: &Table,
    groups: &Groups,
    composition: &BTreeMap<String, f64>,
    group: &str,
    dropped: &mut Vec<String>,
) -> anyhow::Result<Material> {
    let name = table
        .get("name")
        .and_then(Value::as_str)
        .ok_or_else(|| anyhow::anyhow!("no name"))?;
    let mut properties = Vec::new();
    for (field, key) in FIELDS {
        let Some(value) = groups.get(&format!("{field}_value")).and_then(number) else {
            continue;
        };
        let unit = groups
            .get(&format!("{field}_unit"))
            .and_then(Value::as_str)
            .unwrap_or_default();
        // `1/K` cannot follow a number in a quantity: the same as strain per kelvin.
        let text = match unit {
            "1/K" => format!("{value} m/m/K"),
            unit => format!("{value} {unit}"),
        };
        match quantity(key, &text) {
            Ok(v) => properties.push(Property::value(key, v, format!("{value} {unit}"))?),
            Err(e) => dropped.push(format!("{id}: {e}")),
        }
    }
    for (field, key, factor, unit) in BARE {
        if let Some(value) = groups.get(*field).and_then(number) {
            let original = format!("{value} {unit}").trim().to_string();
            properties.push(Property::value(key, value * factor, original)?);
        }
    }
    if properties.is_empty() {
        anyhow::bail!("no property values");
    }
    let grade = table.get("grade").and_then(Value::as_str);
    let mut aliases = Vec::new();
    aliases.extend(grade.map(str::to_string));
    Ok(Material {
        source: SOURCE,
        source_id: id.to_string(),
        code: name.to_string(),
        name: name.to_string(),
        name_en: name.to_string(),
        category: None,
        license: "MIT".to_string(),
        keywords: vec![group.to_string(), id.replace(['.', '_'], " ")],
        attributes: MaterialAttributes {
            designation: name.to_string(),
            kind: Some(group.to_string()),
            properties,
            composition: composition.clone(),
            aliases,
            source_version: VERSION.to_string(),
            ..MaterialAttributes::default()
        },
    })
}
