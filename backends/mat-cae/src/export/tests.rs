use std::collections::BTreeMap;

use super::*;
use crate::material::PlasticPoint;

fn steel() -> Material {
    let mut material = Material {
        name: "Carbon structural steel Q235B".into(),
        grade: Some("Q235B".into()),
        standard: Some("GB/T 700-2006".into()),
        family: Some("carbon-structural-steel".into()),
        ..Material::default()
    };
    material
        .set(Property::Density, PropertyValue::value(7850.0))
        .set(Property::YoungsModulus, PropertyValue::range(200e9, 220e9))
        .set(Property::PoissonRatio, PropertyValue::value(0.3))
        .set(Property::YieldStrength, PropertyValue::value(235e6))
        .set(
            Property::TensileStrength,
            PropertyValue::range(370e6, 500e6),
        )
        .set(Property::Elongation, PropertyValue::value(0.26))
        .set(Property::ThermalExpansion, PropertyValue::value(1.2e-5))
        .set(Property::ThermalConductivity, PropertyValue::value(50.0))
        .set(Property::SpecificHeat, PropertyValue::value(460.0));
    material.plastic = vec![
        PlasticPoint {
            true_stress: 235e6,
            plastic_strain: 0.0,
        },
        PlasticPoint {
            true_stress: 400e6,
            plastic_strain: 0.2,
        },
    ];
    material
}

/// FreeCAD 0.20's `importFCMat.read`: `#` lines skipped, line 1 `; card name`, line 2
/// `; author`, other `;` and `[` lines skipped, `key = value` split at the first `=`.
fn freecad_read(text: &str) -> BTreeMap<String, String> {
    let mut card = BTreeMap::new();
    for (index, line) in text.lines().enumerate() {
        if line.starts_with('#') {
            continue;
        }
        // `line.split(";")[1].strip()`: up to the next `;`.
        let second_field = || line.split(';').nth(1).unwrap_or_default().trim().to_owned();
        if index == 0 && line.starts_with(';') {
            card.insert("CardName".into(), second_field());
        } else if index == 1 && line.starts_with(';') {
            card.insert("AuthorAndLicense".into(), second_field());
        } else if !line.is_empty() && !line.starts_with([';', '[']) {
            if let Some((key, value)) = line.split_once('=') {
                card.insert(key.trim().to_owned(), value.trim().to_owned());
            }
        }
    }
    card
}

/// Keys of FreeCAD 0.20's `Templatematerial.yml` (General, Mechanical, Thermal, Electrical).
const FREECAD_KEYS: &[&str] = &[
    "CardName",
    "AuthorAndLicense",
    "Name",
    "Description",
    "Father",
    "KindOfMaterial",
    "MaterialNumber",
    "ReferenceSource",
    "SourceURL",
    "StandardCode",
    "Density",
    "PoissonRatio",
    "ShearModulus",
    "UltimateStrain",
    "UltimateTensileStrength",
    "YieldStrength",
    "YoungsModulus",
    "SpecificHeat",
    "ThermalConductivity",
    "ThermalExpansionCoefficient",
    "ElectricalConductivity",
];

#[test]
fn abaqus_card_in_mm_n_t_s() -> Result<(), InvalidMaterial> {
    let file = export(&steel(), CaeFormat::Abaqus, UnitSystem::MmNTS)?;
    assert_eq!(file.file_name, "Q235B_CalculiX-Abaqus_mm-N-t-s.inp");
    let expected = "\
** Carbon structural steel Q235B
** Q235B, GB/T 700-2006
** exported by the engineering library portal
** unit system mm-N-t-s: mm, t, s, N, MPa, mJ, K
** a range is exported as its typical value, else its middle
*MATERIAL, NAME=Q235B
*ELASTIC
210000, 0.3
*PLASTIC
235, 0
400, 0.2
*DENSITY
7.85e-9
*EXPANSION
1.2e-5
*CONDUCTIVITY
50
*SPECIFIC HEAT
460000000
";
    assert_eq!(file.content, expected);
    assert!(file.warnings.is_empty(), "{:?}", file.warnings);
    Ok(())
}

#[test]
fn abaqus_card_in_si_and_inch() -> Result<(), InvalidMaterial> {
    let si = export(&steel(), CaeFormat::Abaqus, UnitSystem::Si)?;
    assert!(
        si.content.contains("*ELASTIC\n2.1e11, 0.3\n"),
        "{}",
        si.content
    );
    assert!(si
        .content
        .contains("*PLASTIC\n235000000, 0\n400000000, 0.2\n"));
    assert!(si.content.contains("*DENSITY\n7850\n"));
    assert!(si.content.contains("*SPECIFIC HEAT\n460\n"));
    let inch = export(&steel(), CaeFormat::Abaqus, UnitSystem::InLbfS)?;
    // 210 GPa = 30,457,924 psi; 7850 kg/m³ = 7.3453e-4 lbf·s²/in⁴.
    assert!(
        inch.content.contains("*ELASTIC\n30457924.92, 0.3\n"),
        "{}",
        inch.content
    );
    assert!(
        inch.content.contains("*DENSITY\n7.34544493e-4\n"),
        "{}",
        inch.content
    );
    Ok(())
}

#[test]
fn a_missing_property_leaves_its_section_out_with_a_warning() -> Result<(), InvalidMaterial> {
    let mut material = steel();
    material.properties.remove("poissonRatio");
    material.properties.remove("thermalConductivity");
    let file = export(&material, CaeFormat::Abaqus, UnitSystem::Si)?;
    assert!(!file.content.contains("\n*ELASTIC\n"));
    // Without *ELASTIC, *PLASTIC has nothing to stand on.
    assert!(!file.content.contains("\n*PLASTIC\n"));
    assert!(!file.content.contains("\n*CONDUCTIVITY\n"));
    assert!(file.content.contains("\n*DENSITY\n"));
    assert_eq!(
        file.warnings,
        [
            ExportWarning {
                code: WarningCode::SectionOmitted,
                section: "*ELASTIC".into(),
                properties: vec![Property::PoissonRatio],
            },
            ExportWarning {
                code: WarningCode::SectionOmitted,
                section: "*CONDUCTIVITY".into(),
                properties: vec![Property::ThermalConductivity],
            },
        ]
    );
    assert!(file
        .content
        .contains("** warning: *ELASTIC: left out, missing poissonRatio\n"));
    assert!(!file.content.contains(", 0\n*"), "no zero stands in");
    Ok(())
}

#[test]
fn poisson_ratio_is_derived_from_e_and_g() -> Result<(), InvalidMaterial> {
    let mut material = steel();
    material.properties.remove("poissonRatio");
    material.set(
        Property::ShearModulus,
        PropertyValue::value(80.769_230_769e9),
    );
    let file = export(&material, CaeFormat::Apdl, UnitSystem::Si)?;
    assert!(file.content.contains("MP,PRXY,1,0.3\n"), "{}", file.content);
    assert_eq!(file.warnings[0].code, WarningCode::PoissonDerived);
    Ok(())
}

#[test]
fn apdl_commands() -> Result<(), InvalidMaterial> {
    let mut material = steel();
    material.set(
        Property::ElectricalResistivity,
        PropertyValue::value(1.6e-7),
    );
    let file = export(&material, CaeFormat::Apdl, UnitSystem::Si)?;
    assert_eq!(file.file_name, "Q235B_Ansys-APDL_si.mac");
    let commands: Vec<&str> = file
        .content
        .lines()
        .filter(|l| !l.starts_with('!'))
        .collect();
    assert_eq!(
        commands,
        [
            "MP,EX,1,2.1e11",
            "MP,PRXY,1,0.3",
            "TB,PLAS,1,1,2,MISO",
            "TBPT,DEFI,0,235000000",
            "TBPT,DEFI,0.2,400000000",
            "MP,DENS,1,7850",
            "MP,ALPX,1,1.2e-5",
            "MP,KXX,1,50",
            "MP,C,1,460",
            "MP,RSVX,1,1.6e-7",
        ]
    );
    // Resistivity has no consistent unit in mm-N-t-s: left out and said so.
    let mm = export(&material, CaeFormat::Apdl, UnitSystem::MmNTS)?;
    assert!(!mm.content.contains("MP,RSVX,"));
    assert_eq!(
        mm.warnings,
        [ExportWarning {
            code: WarningCode::NotInUnitSystem,
            section: "MP,RSVX".into(),
            properties: vec![Property::ElectricalResistivity],
        }]
    );
    Ok(())
}

#[test]
fn fcmat_reads_back_by_freecads_rules() -> Result<(), InvalidMaterial> {
    let file = export(&steel(), CaeFormat::Fcmat, UnitSystem::InLbfS)?;
    assert_eq!(file.file_name, "Q235B_FreeCAD.FCMat");
    let card = freecad_read(&file.content);
    for key in card.keys() {
        assert!(
            FREECAD_KEYS.contains(&key.as_str()),
            "{key} is not a FreeCAD key"
        );
    }
    let get = |key: &str| card.get(key).map(String::as_str);
    assert_eq!(get("CardName"), Some("Q235B_FreeCAD"));
    assert_eq!(
        get("AuthorAndLicense"),
        Some("exported by the engineering library portal, licence: see the material's source")
    );
    assert_eq!(get("Name"), Some("Carbon structural steel Q235B"));
    assert_eq!(get("Father"), Some("Metal"));
    assert_eq!(get("KindOfMaterial"), Some("Carbon Structural Steels"));
    assert_eq!(get("StandardCode"), Some("GB/T 700-2006 Q235B"));
    // The unit system does not matter: FreeCAD quantities carry their units.
    assert_eq!(get("YoungsModulus"), Some("210000 MPa"));
    assert_eq!(get("Density"), Some("7850 kg/m^3"));
    assert_eq!(get("PoissonRatio"), Some("0.3"));
    assert_eq!(get("UltimateTensileStrength"), Some("435 MPa"));
    assert_eq!(get("YieldStrength"), Some("235 MPa"));
    assert_eq!(get("UltimateStrain"), Some("26"));
    assert_eq!(get("SpecificHeat"), Some("460 J/kg/K"));
    assert_eq!(get("ThermalConductivity"), Some("50 W/m/K"));
    assert_eq!(get("ThermalExpansionCoefficient"), Some("1.2e-5 m/m/K"));
    // Sections as FreeCAD writes them, in its order.
    let sections: Vec<&str> = file
        .content
        .lines()
        .filter(|line| line.starts_with('['))
        .collect();
    assert_eq!(sections, ["[General]", "[Mechanical]", "[Thermal]"]);
    assert_eq!(
        file.warnings,
        [
            ExportWarning {
                code: WarningCode::PropertyMissing,
                section: "Mechanical".into(),
                properties: vec![Property::ShearModulus],
            },
            ExportWarning {
                code: WarningCode::SectionOmitted,
                section: "Electrical".into(),
                properties: vec![Property::ElectricalResistivity],
            },
            ExportWarning {
                code: WarningCode::PlasticNotExported,
                section: "Mechanical".into(),
                properties: vec![],
            },
        ]
    );
    Ok(())
}

#[test]
fn file_names_and_solver_names_are_safe() -> Result<(), InvalidMaterial> {
    let material = Material {
        name: "铝合金 6061-T6, 固溶+时效".into(),
        grade: Some("6061-T6 / 铝".into()),
        ..Material::default()
    };
    let file = export(&material, CaeFormat::Abaqus, UnitSystem::Si)?;
    assert_eq!(file.file_name, "6061-T6-铝_CalculiX-Abaqus_si.inp");
    assert!(
        file.content.contains("*MATERIAL, NAME=6061-T6____\n"),
        "{}",
        file.content
    );
    let unnamed = Material {
        name: "\n".into(),
        ..Material::default()
    };
    assert_eq!(
        export(&unnamed, CaeFormat::Fcmat, UnitSystem::Si),
        Err(InvalidMaterial::NoName)
    );
    Ok(())
}

#[test]
fn numbers_fit_solver_fields() {
    assert_eq!(format_number(210000.0), "210000");
    assert_eq!(format_number(7.85e-9), "7.85e-9");
    assert_eq!(format_number(0.1 + 0.2), "0.3");
    assert_eq!(format_number(-1.0 / 3.0 * 1e-12), "-3.333333333e-13");
    assert_eq!(format_number(0.0), "0");
    for value in [1.0 / 7.0, -1e300 / 3.0, 123_456_789.123_456, 1e-300 / 7.0] {
        assert!(format_number(value).len() <= 20, "{}", format_number(value));
    }
}

#[test]
fn formats_parse_by_name() {
    for format in CaeFormat::ALL {
        assert_eq!(format.id().parse::<CaeFormat>(), Ok(format));
    }
    assert_eq!("CalculiX".parse::<CaeFormat>(), Ok(CaeFormat::Abaqus));
    assert!("nastran".parse::<CaeFormat>().is_err());
}
