//! Writes one CAE file for a material given as JSON on standard input (the crate's `Material`):
//!
//! `cargo run -p mat-cae --example export -- <fcmat|abaqus|apdl> <si|mm-N-t-s|mm-kg-ms|in-lbf-s> <out dir> < material.json`
//!
//! Prints the file's path and its warnings.

use std::io::Read;

use anyhow::Context;
use mat_cae::{export, CaeFormat, Material, UnitSystem};

fn main() -> anyhow::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [format, system, out_dir] = args.as_slice() else {
        anyhow::bail!("usage: export <format> <unit system> <out dir> < material.json");
    };
    let format: CaeFormat = format.parse()?;
    let system: UnitSystem = system.parse()?;
    let mut json = String::new();
    std::io::stdin().read_to_string(&mut json)?;
    let material: Material = serde_json::from_str(&json).context("reading the material JSON")?;
    let file = export(&material, format, system)?;
    let path = std::path::Path::new(out_dir).join(&file.file_name);
    std::fs::write(&path, &file.content)?;
    println!("{}", path.display());
    for warning in &file.warnings {
        println!("warning: {}", serde_json::to_string(warning)?);
    }
    Ok(())
}
