//! The solver as a test's judge (feature `solver-check`): CalculiX (`ccx`, Debian
//! `calculix-ccx`) solves a one-element tensile test built around an exported `*MATERIAL` card,
//! and the stress/strain it computes must give back the card's E and ν. Used by this crate's
//! solver tests and by `mat-api`'s test of the export route.
//!
//! A missing program fails, as a missing server does in the other crates' tests; only
//! `PORTAL_TEST_REQUIRE_SERVICES=0` lets [`available`] answer `false` (the caller then prints
//! nothing more and ends early: `skipping: …` is counted as skipped by scripts/junit-summary.py).

use std::path::Path;
use std::process::{Command, Stdio};

use anyhow::{bail, ensure, Context};

use crate::UnitSystem;

pub fn services_required() -> bool {
    !std::env::var("PORTAL_TEST_REQUIRE_SERVICES")
        .is_ok_and(|value| value == "0" || value == "false")
}

/// `Ok(false)`: the program is missing and the run allows skipping.
pub fn available(program: &str, probe: &[&str], install: &str) -> anyhow::Result<bool> {
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

pub const STRAIN: f64 = 1e-3;

/// A unit cube C3D8 (edge 1 in the model's length unit) held by symmetry on x=0, y=0, z=0 and
/// pulled on z=1 by a displacement of `STRAIN`: uniaxial stress, szz/ezz = E, -exx/ezz = ν.
pub fn tensile_model(card: &str) -> String {
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
pub fn dat_block(dat: &str, title: &str) -> anyhow::Result<Vec<[f64; 6]>> {
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

pub fn run_ccx(dir: &Path, input: &str) -> anyhow::Result<String> {
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
pub fn pascals_per_stress_unit(system: UnitSystem) -> f64 {
    match system {
        UnitSystem::Si => 1.0,
        UnitSystem::MmNTS => 1e6,
        UnitSystem::MmKgMs => 1e9,
        // psi = lbf/in² = 4.4482216152605 N / 0.0254² m²
        UnitSystem::InLbfS => 4.448_221_615_260_5 / (0.0254 * 0.0254),
    }
}

pub fn within(actual: f64, expected: f64, relative: f64) -> bool {
    (actual - expected).abs() <= relative * expected.abs()
}

/// Runs the tensile test of `card` (a CalculiX/Abaqus export in `system`) and checks that every
/// integration point gives back `e_si` (Pa) and `nu` within 0.5 %.
pub fn check_tensile(card: &str, system: UnitSystem, e_si: f64, nu: f64) -> anyhow::Result<()> {
    ensure!(card.contains("\n*ELASTIC\n"), "no *ELASTIC in\n{card}");
    let dir = tempfile::tempdir()?;
    let dat = run_ccx(dir.path(), &tensile_model(card))?;
    let stresses = dat_block(&dat, "stresses (elem, integ.pnt.,sxx")?;
    let strains = dat_block(&dat, "strains (elem, integ.pnt.,exx")?;
    let expected_e = e_si / pascals_per_stress_unit(system);
    for (stress, strain) in stresses.iter().zip(&strains) {
        let e = stress[2] / strain[2];
        let lateral = -strain[0] / strain[2];
        ensure!(
            within(e, expected_e, 0.005),
            "{system}: szz/ezz = {e}, E = {expected_e}"
        );
        ensure!(
            within(lateral, nu, 0.005) && within(-strain[1] / strain[2], nu, 0.005),
            "{system}: lateral strain gives ν = {lateral}, expected {nu}"
        );
        ensure!(within(strain[2], STRAIN, 0.005), "ezz = {}", strain[2]);
    }
    Ok(())
}
