//! The exported cards read by the programs they are for: CalculiX solves a one-element tensile
//! test built around each `*MATERIAL` card (`mat_cae::solver_check`), and Python's INI parser
//! reads each `.FCMat` back.
//!
//! A missing `ccx` fails these tests, as a missing server does in the other crates; only
//! `PORTAL_TEST_REQUIRE_SERVICES=0` lets them end early, printing `skipping: …` (counted as
//! skipped by scripts/junit-summary.py). `scripts/test.sh` installs `calculix-ccx`.

use std::process::Command;

use anyhow::{ensure, Context};
use mat_cae::solver_check::{available, check_tensile, run_ccx, tensile_model, within};
use mat_cae::{export, CaeFormat, Material, PlasticPoint, Property, PropertyValue, UnitSystem};

fn material(
    name: &str,
    grade: &str,
    family: &str,
    properties: &[(Property, PropertyValue)],
    plastic: Vec<PlasticPoint>,
) -> Material {
    let mut material = Material {
        name: name.into(),
        grade: Some(grade.into()),
        family: Some(family.into()),
        plastic,
        ..Material::default()
    };
    for &(property, value) in properties {
        material.set(property, value);
    }
    material
}

/// A steel with a hardening curve, an aluminium alloy and a polymer whose modulus is a range.
fn materials() -> Vec<Material> {
    use Property as P;
    vec![
        material(
            "Carbon structural steel",
            "Q235B",
            "carbon-structural-steel",
            &[
                (P::YoungsModulus, PropertyValue::value(206e9)),
                (P::PoissonRatio, PropertyValue::value(0.3)),
                (P::Density, PropertyValue::value(7850.0)),
                (P::ThermalExpansion, PropertyValue::value(1.2e-5)),
                (P::ThermalConductivity, PropertyValue::value(50.0)),
                (P::SpecificHeat, PropertyValue::value(460.0)),
            ],
            // Yield above the test's 1e-3 strain × E, so the element stays elastic.
            vec![
                PlasticPoint {
                    true_stress: 235e6,
                    plastic_strain: 0.0,
                },
                PlasticPoint {
                    true_stress: 420e6,
                    plastic_strain: 0.15,
                },
            ],
        ),
        material(
            "铝合金 6061-T6",
            "6061-T6",
            "aluminum-6xxx",
            &[
                (P::YoungsModulus, PropertyValue::value(68.9e9)),
                (P::PoissonRatio, PropertyValue::value(0.33)),
                (P::Density, PropertyValue::value(2700.0)),
                (P::ThermalExpansion, PropertyValue::value(2.36e-5)),
                (P::ThermalConductivity, PropertyValue::value(167.0)),
                (P::SpecificHeat, PropertyValue::value(896.0)),
            ],
            Vec::new(),
        ),
        material(
            "Polyamide 6",
            "PA6",
            "pa",
            &[
                (P::YoungsModulus, PropertyValue::range(2.6e9, 3.2e9)),
                (P::PoissonRatio, PropertyValue::value(0.39)),
                (P::Density, PropertyValue::range(1120.0, 1150.0)),
                (P::ThermalConductivity, PropertyValue::value(0.25)),
            ],
            Vec::new(),
        ),
    ]
}

#[test]
fn calculix_recovers_e_and_nu_from_every_exported_card() -> anyhow::Result<()> {
    if !available("ccx", &["-v"], "apt-get install calculix-ccx")? {
        return Ok(());
    }
    for material in materials() {
        for system in [
            UnitSystem::Si,
            UnitSystem::MmNTS,
            UnitSystem::MmKgMs,
            UnitSystem::InLbfS,
        ] {
            let file = export(&material, CaeFormat::Abaqus, system)?;
            ensure!(file.content.contains("\n*ELASTIC\n"), "{}", file.content);
            let e_si = material
                .representative(Property::YoungsModulus)
                .unwrap_or(f64::NAN);
            let nu = material
                .representative(Property::PoissonRatio)
                .unwrap_or(f64::NAN);
            check_tensile(&file.content, system, e_si, nu)
                .with_context(|| format!("{} in {system}:\n{}", material.name, file.content))?;
        }
    }
    Ok(())
}

#[test]
fn a_card_without_elastic_constants_is_refused_by_calculix_not_zeroed() -> anyhow::Result<()> {
    if !available("ccx", &["-v"], "apt-get install calculix-ccx")? {
        return Ok(());
    }
    let mut material = materials().remove(1);
    material.properties.remove(Property::PoissonRatio.key());
    let file = export(&material, CaeFormat::Abaqus, UnitSystem::Si)?;
    ensure!(!file.content.contains("\n*ELASTIC\n"));
    let dir = tempfile::tempdir()?;
    // The solver notices the missing constants instead of computing with a zero.
    ensure!(run_ccx(dir.path(), &tensile_model(&file.content)).is_err());
    Ok(())
}

#[test]
fn fcmat_reads_back_with_python_configparser() -> anyhow::Result<()> {
    if !available("python3", &["--version"], "apt-get install python3")? {
        return Ok(());
    }
    for material in materials() {
        let file = export(&material, CaeFormat::Fcmat, UnitSystem::Si)?;
        let dir = tempfile::tempdir()?;
        let path = dir.path().join(&file.file_name);
        std::fs::write(&path, &file.content)?;
        // configparser with FreeCAD's conventions: `;` comments, case kept, values as text.
        let script = r##"
import configparser, json, sys
parser = configparser.ConfigParser(comment_prefixes=(";", "#"), interpolation=None)
parser.optionxform = str
with open(sys.argv[1], encoding="utf-8") as f:
    parser.read_file(f)
print(json.dumps({s: dict(parser[s]) for s in parser.sections()}))
"##;
        let output = Command::new("python3")
            .args(["-c", script])
            .arg(&path)
            .output()?;
        ensure!(
            output.status.success(),
            "{}: {}",
            file.file_name,
            String::from_utf8_lossy(&output.stderr)
        );
        let card: serde_json::Value = serde_json::from_slice(&output.stdout)?;
        ensure!(card["General"]["Name"] == material.name.as_str(), "{card}");
        let e_mpa = material
            .representative(Property::YoungsModulus)
            .unwrap_or(f64::NAN)
            / 1e6;
        let written = card["Mechanical"]["YoungsModulus"]
            .as_str()
            .unwrap_or_default();
        let (number, unit) = written.split_once(' ').unwrap_or_default();
        ensure!(
            unit == "MPa" && within(number.parse::<f64>()?, e_mpa, 1e-9),
            "{written}"
        );
        let density = card["Mechanical"]["Density"].as_str().unwrap_or_default();
        ensure!(density.ends_with(" kg/m^3"), "{density}");
    }
    Ok(())
}
