//! The exported cards read by the programs they are for: CalculiX (`ccx`, Debian `calculix-ccx`)
//! solves a one-element tensile test built around each `*MATERIAL` card, and Python's INI parser
//! reads each `.FCMat` back.
//!
//! A missing `ccx` fails these tests, as a missing server does in the other crates; only
//! `PORTAL_TEST_REQUIRE_SERVICES=0` lets them end early, printing `skipping: …` (counted as
//! skipped by scripts/junit-summary.py). `scripts/test.sh` installs `calculix-ccx`.

use std::path::Path;
use std::process::{Command, Stdio};

use anyhow::{bail, ensure, Context};
use mat_cae::{export, CaeFormat, Material, PlasticPoint, Property, PropertyValue, UnitSystem};

fn services_required() -> bool {
    !std::env::var("PORTAL_TEST_REQUIRE_SERVICES")
        .is_ok_and(|value| value == "0" || value == "false")
}

/// `Ok(false)`: the program is missing and the run allows skipping.
fn available(program: &str, probe: &[&str], install: &str) -> anyhow::Result<bool> {
    let found = Command::new(program)
        .args(probe)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok();
    if found {
        return Ok(true);
    }
    ensure!(!services_required(), "{program} is required: {install}");
    eprintln!("skipping: {program} is not installed ({install})");
    Ok(false)
}

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

const STRAIN: f64 = 1e-3;

/// A unit cube C3D8 (edge 1 in the model's length unit) held by symmetry on x=0, y=0, z=0 and
/// pulled on z=1 by a displacement of `STRAIN`: uniaxial stress, szz/ezz = E, -exx/ezz = ν.
fn tensile_model(card: &str) -> String {
    format!(
        "*HEADING\none-element tensile test\n\
*NODE, NSET=NALL\n\
1, 0, 0, 0\n2, 1, 0, 0\n3, 1, 1, 0\n4, 0, 1, 0\n\
5, 0, 0, 1\n6, 1, 0, 1\n7, 1, 1, 1\n8, 0, 1, 1\n\
*ELEMENT, TYPE=C3D8, ELSET=EALL\n1, 1, 2, 3, 4, 5, 6, 7, 8\n\
*NSET, NSET=XFIX\n1, 4, 5, 8\n\
*NSET, NSET=YFIX\n1, 2, 5, 6\n\
*NSET, NSET=ZFIX\n1, 2, 3, 4\n\
*NSET, NSET=TOP\n5, 6, 7, 8\n\
{card}\
*SOLID SECTION, ELSET=EALL, MATERIAL={name}\n\
*STEP\n*STATIC\n\
*BOUNDARY\nXFIX, 1, 1\nYFIX, 2, 2\nZFIX, 3, 3\nTOP, 3, 3, {STRAIN}\n\
*EL PRINT, ELSET=EALL\nS, E\n\
*END STEP\n",
        name = card
            .lines()
            .find_map(|line| line.strip_prefix("*MATERIAL, NAME="))
            .unwrap_or("MATERIAL"),
    )
}

/// Rows of a `.dat` block (`stresses (elem, integ.pnt.,sxx,…)`): the six components per
/// integration point.
fn dat_block(dat: &str, title: &str) -> anyhow::Result<Vec<[f64; 6]>> {
    let mut rows = Vec::new();
    let mut inside = false;
    for line in dat.lines() {
        if line.trim_start().starts_with(title) {
            inside = true;
            continue;
        }
        if !inside {
            continue;
        }
        let fields: Vec<&str> = line.split_whitespace().collect();
        if fields.is_empty() {
            if rows.is_empty() {
                continue;
            }
            break;
        }
        ensure!(fields.len() == 8, "unexpected .dat row `{line}`");
        let mut row = [0.0; 6];
        for (slot, text) in row.iter_mut().zip(&fields[2..]) {
            *slot = text.parse().with_context(|| format!("number `{text}`"))?;
        }
        rows.push(row);
    }
    ensure!(
        rows.len() == 8,
        "{title}: {} integration points, expected 8",
        rows.len()
    );
    Ok(rows)
}

fn run_ccx(dir: &Path, input: &str) -> anyhow::Result<String> {
    std::fs::write(dir.join("job.inp"), input)?;
    let output = Command::new("ccx")
        .args(["-i", "job"])
        .current_dir(dir)
        .env("OMP_NUM_THREADS", "1")
        .output()
        .context("running ccx")?;
    let stdout = String::from_utf8_lossy(&output.stdout);
    if !output.status.success() || stdout.contains("*ERROR") {
        bail!(
            "ccx failed:\n{stdout}\n{}",
            String::from_utf8_lossy(&output.stderr)
        );
    }
    std::fs::read_to_string(dir.join("job.dat")).context("reading job.dat")
}

/// The stress unit of each system in pascals, written out here rather than taken from the crate,
/// so that a wrong factor in the exporter cannot cancel out.
fn pascals_per_stress_unit(system: UnitSystem) -> f64 {
    match system {
        UnitSystem::Si => 1.0,
        UnitSystem::MmNTS => 1e6,
        UnitSystem::MmKgMs => 1e9,
        // psi = lbf/in² = 4.4482216152605 N / 0.0254² m²
        UnitSystem::InLbfS => 4.448_221_615_260_5 / (0.0254 * 0.0254),
    }
}

fn within(actual: f64, expected: f64, relative: f64) -> bool {
    (actual - expected).abs() <= relative * expected.abs()
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
            let dir = tempfile::tempdir()?;
            let dat = run_ccx(dir.path(), &tensile_model(&file.content))
                .with_context(|| format!("{} in {system}:\n{}", material.name, file.content))?;
            let stresses = dat_block(&dat, "stresses (elem, integ.pnt.,sxx")?;
            let strains = dat_block(&dat, "strains (elem, integ.pnt.,exx")?;
            let e_si = material
                .representative(Property::YoungsModulus)
                .unwrap_or(f64::NAN);
            let expected_e = e_si / pascals_per_stress_unit(system);
            let expected_nu = material
                .representative(Property::PoissonRatio)
                .unwrap_or(f64::NAN);
            for (stress, strain) in stresses.iter().zip(&strains) {
                let e = stress[2] / strain[2];
                let nu = -strain[0] / strain[2];
                ensure!(
                    within(e, expected_e, 0.005),
                    "{} in {system}: szz/ezz = {e}, E = {expected_e}",
                    material.name
                );
                ensure!(
                    within(nu, expected_nu, 0.005)
                        && within(-strain[1] / strain[2], expected_nu, 0.005),
                    "{} in {system}: lateral strain gives ν = {nu}, expected {expected_nu}",
                    material.name
                );
                ensure!(within(strain[2], STRAIN, 0.005), "ezz = {}", strain[2]);
            }
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
