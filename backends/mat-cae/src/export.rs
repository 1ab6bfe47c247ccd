//! CAE export of one material: FreeCAD `.FCMat`, CalculiX / Abaqus `*MATERIAL` cards and Ansys
//! APDL `MP` commands, in a unit system the user chooses (docs/materials-cae.md).
//!
//! A range exports its representative value ([`PropertyValue::representative`]: the source's
//! typical value, else the middle). A property a section needs that the material lacks leaves
//! that section out and is listed in [`CaeFile::warnings`] — never written as zero.

use std::fmt;
use std::fmt::Write as _;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::material::{InvalidMaterial, Material, Property, PropertyValue};
use crate::taxonomy::Taxonomy;
use crate::unit_system::UnitSystem;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum CaeFormat {
    /// FreeCAD material card (`.FCMat`).
    Fcmat,
    /// CalculiX / Abaqus input (`*MATERIAL`), `.inp`.
    Abaqus,
    /// Ansys APDL commands (`MP`, `TB`), `.mac`.
    Apdl,
}

impl CaeFormat {
    pub const ALL: [CaeFormat; 3] = [CaeFormat::Fcmat, CaeFormat::Abaqus, CaeFormat::Apdl];

    pub fn id(self) -> &'static str {
        match self {
            CaeFormat::Fcmat => "fcmat",
            CaeFormat::Abaqus => "abaqus",
            CaeFormat::Apdl => "apdl",
        }
    }

    pub fn media_type(self) -> &'static str {
        // All three are plain text; the extension tells the CAE program what it is.
        "text/plain; charset=utf-8"
    }
}

impl fmt::Display for CaeFormat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown CAE format `{0}` (fcmat, abaqus, calculix, apdl)")]
pub struct UnknownFormat(pub String);

impl FromStr for CaeFormat {
    type Err = UnknownFormat;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim().to_ascii_lowercase().as_str() {
            "fcmat" | "freecad" => Ok(CaeFormat::Fcmat),
            "abaqus" | "calculix" | "ccx" | "inp" => Ok(CaeFormat::Abaqus),
            "apdl" | "ansys" => Ok(CaeFormat::Apdl),
            _ => Err(UnknownFormat(s.to_owned())),
        }
    }
}

/// Why part of a card is missing or was computed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum WarningCode {
    /// The section needs `properties`, which the material lacks: the section is left out.
    SectionOmitted,
    /// The format can hold `properties`, which the material lacks: those lines are left out.
    PropertyMissing,
    /// `properties` have no consistent unit in the chosen system: left out.
    NotInUnitSystem,
    /// Poisson's ratio was computed from E and G (ν = E / 2G − 1).
    PoissonDerived,
    /// The format has no place for the plastic curve the material has.
    PlasticNotExported,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ExportWarning {
    pub code: WarningCode,
    /// The card section (`*ELASTIC`, `Thermal`, `MP,KXX`).
    pub section: String,
    pub properties: Vec<Property>,
}

/// One exported file.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CaeFile {
    /// Says grade (else name), format and, where numbers depend on it, unit system.
    pub file_name: String,
    pub media_type: String,
    pub content: String,
    pub warnings: Vec<ExportWarning>,
}

/// Exports `material` in `format`. `.FCMat` quantities carry their units (FreeCAD converts
/// them), so a FreeCAD card is the same whatever `system`.
pub fn export(
    material: &Material,
    format: CaeFormat,
    system: UnitSystem,
) -> Result<CaeFile, InvalidMaterial> {
    material.validate()?;
    let mut warnings = Vec::new();
    let stem = file_stem(material.label());
    let (file_name, content) = match format {
        CaeFormat::Fcmat => {
            // FreeCAD's card name is the file stem; its units travel with each quantity.
            let card_name = format!("{stem}_FreeCAD");
            let content = fcmat(material, &card_name, &mut warnings);
            (format!("{card_name}.FCMat"), content)
        }
        CaeFormat::Abaqus => (
            format!("{stem}_CalculiX-Abaqus_{system}.inp"),
            abaqus(material, system, &mut warnings),
        ),
        CaeFormat::Apdl => (
            format!("{stem}_Ansys-APDL_{system}.mac"),
            apdl(material, system, &mut warnings),
        ),
    };
    Ok(CaeFile {
        file_name,
        media_type: format.media_type().to_owned(),
        content,
        warnings,
    })
}

/// A number as solvers read it: 10 significant digits (beyond any source's precision) and at
/// most 16 characters, inside CalculiX's 20-character fields; plain decimals where short.
pub fn format_number(value: f64) -> String {
    let rounded: f64 = format!("{value:.9e}").parse().unwrap_or(value);
    if rounded == 0.0 {
        return "0".to_owned();
    }
    if (1e-3..1e9).contains(&rounded.abs()) {
        format!("{rounded}")
    } else {
        format!("{rounded:e}")
    }
}

/// A file-name stem: letters and digits of any script kept, anything else one `-`.
fn file_stem(label: &str) -> String {
    let mut out = String::new();
    for c in label.chars() {
        if c.is_alphanumeric() || c == '.' || c == '_' {
            out.push(c);
        } else if !out.ends_with('-') {
            out.push('-');
        }
    }
    let trimmed = out.trim_matches(['-', '.']).to_owned();
    if trimmed.is_empty() {
        "material".to_owned()
    } else {
        trimmed
    }
}

/// A solver keyword value (CalculiX: at most 80 characters, no comma, no blank).
fn solver_name(label: &str) -> String {
    let mut out: String = label
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' || c == '_' || c == '.' {
                c
            } else {
                '_'
            }
        })
        .take(80)
        .collect();
    if !out.chars().any(|c| c.is_ascii_alphanumeric()) {
        out = "MATERIAL".to_owned();
    }
    out
}

/// One line of free text inside a comment: no line breaks.
fn one_line(text: &str) -> String {
    text.chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect()
}

fn header_lines(material: &Material, system: UnitSystem) -> Vec<String> {
    let mut lines = vec![one_line(&material.name)];
    let identity: Vec<&str> = [material.grade.as_deref(), material.standard.as_deref()]
        .into_iter()
        .flatten()
        .filter(|part| !part.trim().is_empty())
        .collect();
    if !identity.is_empty() {
        lines.push(one_line(&identity.join(", ")));
    }
    lines.push("exported by the engineering library portal".to_owned());
    lines.push(format!("unit system {}", system.description()));
    lines.push("a range is exported as its typical value, else its middle".to_owned());
    lines
}

/// A property converted to `system`, or the reason it is not there.
enum Value {
    Number(f64),
    Missing,
    NoUnit,
}

fn value_in(material: &Material, property: Property, system: UnitSystem) -> Value {
    match material.get(property).map(PropertyValue::representative) {
        None => Value::Missing,
        Some(si) => match system.convert(property, si) {
            Some(value) => Value::Number(value),
            None => Value::NoUnit,
        },
    }
}

/// Poisson's ratio as given, else from E and G when that gives a physical value.
fn poisson(material: &Material, warnings: &mut Vec<ExportWarning>, section: &str) -> Option<f64> {
    if let Some(nu) = material.representative(Property::PoissonRatio) {
        return Some(nu);
    }
    let e = material.representative(Property::YoungsModulus)?;
    let g = material.representative(Property::ShearModulus)?;
    let nu = e / (2.0 * g) - 1.0;
    if g > 0.0 && nu > -1.0 && nu < 0.5 {
        warnings.push(ExportWarning {
            code: WarningCode::PoissonDerived,
            section: section.to_owned(),
            properties: vec![Property::PoissonRatio],
        });
        Some(nu)
    } else {
        None
    }
}

/// One property in `system` for a one-value section; when absent or without a unit there,
/// records why and returns `None`.
fn single_value(
    material: &Material,
    system: UnitSystem,
    section: &str,
    property: Property,
    warnings: &mut Vec<ExportWarning>,
) -> Option<f64> {
    let code = match value_in(material, property, system) {
        Value::Number(value) => return Some(value),
        Value::Missing => WarningCode::SectionOmitted,
        Value::NoUnit => WarningCode::NotInUnitSystem,
    };
    warnings.push(ExportWarning {
        code,
        section: section.to_owned(),
        properties: vec![property],
    });
    None
}

/// The plastic curve as (true stress in `system`, plastic strain) numbers.
fn plastic_points(material: &Material, system: UnitSystem) -> Vec<(String, String)> {
    material
        .plastic
        .iter()
        .map(|point| {
            let stress = system
                .convert(Property::YieldStrength, point.true_stress)
                .unwrap_or(point.true_stress);
            (format_number(stress), format_number(point.plastic_strain))
        })
        .collect()
}

/// Header comments, warning comments, then the card.
fn with_comments(
    material: &Material,
    system: UnitSystem,
    comment: &str,
    notes: &[&str],
    warnings: &[ExportWarning],
    body: &str,
) -> String {
    let mut out = String::new();
    for line in header_lines(material, system) {
        let _ = writeln!(out, "{comment} {line}");
    }
    for note in notes {
        let _ = writeln!(out, "{comment} {note}");
    }
    warning_comments(warnings, &format!("{comment} warning:"), &mut out);
    out.push_str(body);
    out
}

/// E and ν in `system`, ν derived from G when absent; `None` (warned) when either is missing.
fn elastic(
    material: &Material,
    system: UnitSystem,
    section: &str,
    warnings: &mut Vec<ExportWarning>,
) -> Option<(f64, f64)> {
    let nu = poisson(material, warnings, section);
    let e = material.representative(Property::YoungsModulus);
    match (e, nu) {
        (Some(e), Some(nu)) => Some((system.convert(Property::YoungsModulus, e)?, nu)),
        _ => {
            let missing = [
                (Property::YoungsModulus, e.is_none()),
                (Property::PoissonRatio, nu.is_none()),
            ]
            .into_iter()
            .filter_map(|(property, absent)| absent.then_some(property))
            .collect();
            warnings.push(ExportWarning {
                code: WarningCode::SectionOmitted,
                section: section.to_owned(),
                properties: missing,
            });
            None
        }
    }
}

fn warning_comments(warnings: &[ExportWarning], prefix: &str, out: &mut String) {
    for warning in warnings {
        let keys: Vec<&str> = warning.properties.iter().map(|p| p.key()).collect();
        let what = match warning.code {
            WarningCode::SectionOmitted => "left out, missing",
            WarningCode::PropertyMissing => "missing",
            WarningCode::NotInUnitSystem => "left out, no unit in this system for",
            WarningCode::PoissonDerived => "computed from E and G:",
            WarningCode::PlasticNotExported => "no place in this format for",
        };
        let _ = writeln!(
            out,
            "{prefix} {}: {what} {}",
            warning.section,
            keys.join(", ")
        );
    }
}

fn abaqus(material: &Material, system: UnitSystem, warnings: &mut Vec<ExportWarning>) -> String {
    let mut body = String::new();
    let _ = writeln!(body, "*MATERIAL, NAME={}", solver_name(material.label()));
    if let Some((e, nu)) = elastic(material, system, "*ELASTIC", warnings) {
        let _ = writeln!(
            body,
            "*ELASTIC\n{}, {}",
            format_number(e),
            format_number(nu)
        );
        if !material.plastic.is_empty() {
            // *PLASTIC needs *ELASTIC before it: the elastic part of the curve.
            body.push_str("*PLASTIC\n");
            for (stress, strain) in plastic_points(material, system) {
                let _ = writeln!(body, "{stress}, {strain}");
            }
        }
    }
    let singles = [
        ("*DENSITY", Property::Density),
        ("*EXPANSION", Property::ThermalExpansion),
        ("*CONDUCTIVITY", Property::ThermalConductivity),
        ("*SPECIFIC HEAT", Property::SpecificHeat),
    ];
    for (keyword, property) in singles {
        if let Some(value) = single_value(material, system, keyword, property, warnings) {
            let _ = writeln!(body, "{keyword}\n{}", format_number(value));
        }
    }
    with_comments(material, system, "**", &[], warnings, &body)
}

fn apdl(material: &Material, system: UnitSystem, warnings: &mut Vec<ExportWarning>) -> String {
    let mut body = String::new();
    if let Some((e, nu)) = elastic(material, system, "MP,EX/PRXY", warnings) {
        let _ = writeln!(body, "MP,EX,1,{}", format_number(e));
        let _ = writeln!(body, "MP,PRXY,1,{}", format_number(nu));
        if !material.plastic.is_empty() {
            // Multilinear isotropic hardening: (plastic strain, true stress) pairs.
            let _ = writeln!(body, "TB,PLAS,1,1,{},MISO", material.plastic.len());
            for (stress, strain) in plastic_points(material, system) {
                let _ = writeln!(body, "TBPT,DEFI,{strain},{stress}");
            }
        }
    }
    let singles = [
        ("DENS", Property::Density),
        ("ALPX", Property::ThermalExpansion),
        ("KXX", Property::ThermalConductivity),
        ("C", Property::SpecificHeat),
        ("RSVX", Property::ElectricalResistivity),
    ];
    for (label, property) in singles {
        let section = format!("MP,{label}");
        if let Some(value) = single_value(material, system, &section, property, warnings) {
            let _ = writeln!(body, "MP,{label},1,{}", format_number(value));
        }
    }
    let notes = ["material number 1: renumber MAT 1 to place it in a model"];
    with_comments(material, system, "!", &notes, warnings, &body)
}

/// FreeCAD's `Father` (the parent kind its material editor groups by) of each taxonomy branch.
const FATHERS: &[(&str, &str)] = &[
    ("ferrous-metal", "Metal"),
    ("nonferrous-metal", "Metal"),
    ("reinforcing-steel", "Metal"),
    ("engineering-plastic", "Thermoplast"),
    ("general-plastic", "Thermoplast"),
    ("printing-material", "Thermoplast"),
    ("thermoset", "Thermoset"),
    ("elastomer", "Elastomer"),
    ("glass", "Glass"),
    ("concrete", "Aggregate"),
    ("carbon-material", "Carbon"),
    ("ceramic", "Ceramic"),
    ("composite", "Composite"),
    ("wood", "Wood"),
];

fn fcmat_father(family: &str) -> Option<&'static str> {
    let taxonomy = Taxonomy::get();
    FATHERS
        .iter()
        .find(|(branch, _)| taxonomy.is_within(family, branch))
        .map(|&(_, father)| father)
}

/// One `.FCMat` line: FreeCAD's quantity notation (units as its own cards write them).
fn fcmat_quantity(property: Property, si: f64) -> Option<(&'static str, String)> {
    let (key, value, unit) = match property {
        Property::Density => ("Density", si, " kg/m^3"),
        Property::PoissonRatio => ("PoissonRatio", si, ""),
        Property::ShearModulus => ("ShearModulus", si * 1e-6, " MPa"),
        // FreeCAD's cards write the elongation at break in percent, unitless (`UltimateStrain = 14`).
        Property::Elongation => ("UltimateStrain", si * 100.0, ""),
        Property::TensileStrength => ("UltimateTensileStrength", si * 1e-6, " MPa"),
        Property::YieldStrength => ("YieldStrength", si * 1e-6, " MPa"),
        Property::YoungsModulus => ("YoungsModulus", si * 1e-6, " MPa"),
        Property::SpecificHeat => ("SpecificHeat", si, " J/kg/K"),
        Property::ThermalConductivity => ("ThermalConductivity", si, " W/m/K"),
        Property::ThermalExpansion => ("ThermalExpansionCoefficient", si, " m/m/K"),
        Property::ElectricalResistivity if si > 0.0 => ("ElectricalConductivity", 1.0 / si, " S/m"),
        _ => return None,
    };
    Some((key, format!("{}{unit}", format_number(value))))
}

fn fcmat(material: &Material, card_name: &str, warnings: &mut Vec<ExportWarning>) -> String {
    let mut out = String::new();
    // FreeCAD reads line 1 as the card name (the file stem) and line 2, up to its next `;`, as
    // author and licence.
    let _ = writeln!(out, "; {card_name}");
    let _ = writeln!(
        out,
        "; exported by the engineering library portal, licence: see the material's source"
    );
    out.push_str("; information about the content of such cards can be found on the wiki:\n");
    out.push_str("; https://www.freecadweb.org/wiki/Material\n");
    out.push_str("; a range is exported as its typical value, else its middle\n");

    let _ = writeln!(out, "\n[General]");
    let _ = writeln!(out, "Name = {}", one_line(&material.name));
    if let Some(family) = material.family.as_deref() {
        if let Some(father) = fcmat_father(family) {
            let _ = writeln!(out, "Father = {father}");
        }
        if let Some(found) = Taxonomy::get().family(family) {
            let _ = writeln!(out, "KindOfMaterial = {}", found.name_en);
        }
    }
    let standard_code: Vec<&str> = [material.standard.as_deref(), material.grade.as_deref()]
        .into_iter()
        .flatten()
        .filter(|part| !part.trim().is_empty())
        .collect();
    if !standard_code.is_empty() {
        let _ = writeln!(out, "StandardCode = {}", one_line(&standard_code.join(" ")));
    }

    let sections: [(&str, &[Property]); 3] = [
        (
            "Mechanical",
            &[
                Property::Density,
                Property::PoissonRatio,
                Property::ShearModulus,
                Property::Elongation,
                Property::TensileStrength,
                Property::YieldStrength,
                Property::YoungsModulus,
            ],
        ),
        (
            "Thermal",
            &[
                Property::SpecificHeat,
                Property::ThermalConductivity,
                Property::ThermalExpansion,
            ],
        ),
        ("Electrical", &[Property::ElectricalResistivity]),
    ];
    for (section, properties) in sections {
        let mut lines = Vec::new();
        let mut missing = Vec::new();
        for &property in properties {
            match material
                .representative(property)
                .and_then(|si| fcmat_quantity(property, si))
            {
                Some((key, value)) => lines.push(format!("{key} = {value}")),
                None => missing.push(property),
            }
        }
        if lines.is_empty() {
            warnings.push(ExportWarning {
                code: WarningCode::SectionOmitted,
                section: section.to_owned(),
                properties: missing,
            });
            continue;
        }
        if !missing.is_empty() {
            warnings.push(ExportWarning {
                code: WarningCode::PropertyMissing,
                section: section.to_owned(),
                properties: missing,
            });
        }
        let _ = writeln!(out, "\n[{section}]");
        for line in lines {
            let _ = writeln!(out, "{line}");
        }
    }
    if !material.plastic.is_empty() {
        warnings.push(ExportWarning {
            code: WarningCode::PlasticNotExported,
            section: "Mechanical".to_owned(),
            properties: Vec::new(),
        });
    }
    out
}

#[cfg(test)]
mod tests;
