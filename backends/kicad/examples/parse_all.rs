//! Parses every symbol library and footprint of an unpacked KiCad library set and prints counts
//! and failures.
//!
//! ```sh
//! apt-get download kicad-symbols kicad-footprints && dpkg -x kicad-symbols_*.deb root && dpkg -x kicad-footprints_*.deb root
//! cargo run -p kicad --example parse_all -- root/usr/share/kicad [--render]
//! ```
//! `--render` also draws every symbol (unit 1) and footprint as SVG.

use std::path::{Path, PathBuf};
use std::time::Instant;

use kicad::{render_footprint_svg, render_symbol_svg, Footprint, Mounting, SymbolLibrary};

fn files_with_extension(
    directory: &Path,
    extension: &str,
    found: &mut Vec<PathBuf>,
) -> std::io::Result<()> {
    for entry in std::fs::read_dir(directory)? {
        let path = entry?.path();
        if path.is_dir() {
            files_with_extension(&path, extension, found)?;
        } else if path.extension().is_some_and(|e| e == extension) {
            found.push(path);
        }
    }
    Ok(())
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut arguments = std::env::args().skip(1);
    let root = PathBuf::from(
        arguments
            .next()
            .unwrap_or_else(|| "/usr/share/kicad".into()),
    );
    let render = arguments.any(|argument| argument == "--render");

    let mut libraries = Vec::new();
    files_with_extension(&root.join("symbols"), "kicad_sym", &mut libraries)?;
    libraries.sort();
    let started = Instant::now();
    let (mut symbols, mut aliases, mut with_description, mut pins, mut svg_bytes) =
        (0usize, 0usize, 0usize, 0usize, 0usize);
    let mut failures: Vec<String> = Vec::new();
    for path in &libraries {
        let text = std::fs::read_to_string(path)?;
        match SymbolLibrary::parse(&text) {
            Ok(library) => {
                for symbol in &library.symbols {
                    match library.resolve(&symbol.name) {
                        Ok(resolved) => {
                            symbols += 1;
                            aliases += usize::from(symbol.extends.is_some());
                            with_description += usize::from(resolved.description().is_some());
                            pins += resolved.pins().count();
                            if render {
                                svg_bytes += render_symbol_svg(&resolved, 1).len();
                            }
                        }
                        Err(error) => failures.push(format!("{}: {error}", path.display())),
                    }
                }
            }
            Err(error) => failures.push(format!("{}: {error}", path.display())),
        }
    }
    let symbol_time = started.elapsed();
    println!(
        "symbols: {} libraries, {symbols} symbols ({aliases} extends aliases, {with_description} with a description, {pins} pins) in {:.2?}",
        libraries.len(),
        symbol_time
    );

    let mut footprint_files = Vec::new();
    files_with_extension(&root.join("footprints"), "kicad_mod", &mut footprint_files)?;
    footprint_files.sort();
    let started = Instant::now();
    let (mut footprints, mut smd, mut through_hole, mut pads, mut models) =
        (0usize, 0usize, 0usize, 0usize, 0usize);
    let mut footprint_failures = 0usize;
    for path in &footprint_files {
        let text = std::fs::read_to_string(path)?;
        match Footprint::parse(&text) {
            Ok(footprint) => {
                footprints += 1;
                match footprint.mounting() {
                    Mounting::Smd => smd += 1,
                    Mounting::ThroughHole => through_hole += 1,
                    Mounting::Unspecified => {}
                }
                pads += footprint.pads.len();
                models += footprint.models.len();
                if render {
                    svg_bytes += render_footprint_svg(&footprint).len();
                }
            }
            Err(error) => {
                footprint_failures += 1;
                failures.push(format!("{}: {error}", path.display()));
            }
        }
    }
    let libraries_of_footprints = footprint_files
        .iter()
        .filter_map(|path| path.parent())
        .collect::<std::collections::BTreeSet<_>>()
        .len();
    println!(
        "footprints: {libraries_of_footprints} libraries, {footprints} footprints ({smd} smd, {through_hole} through-hole, {pads} pads, {models} 3D model references) in {:.2?}",
        started.elapsed()
    );
    if render {
        println!("rendered SVG: {svg_bytes} bytes");
    }
    println!(
        "failures: {} ({footprint_failures} footprints)",
        failures.len()
    );
    for failure in failures.iter().take(50) {
        println!("  {failure}");
    }
    if failures.is_empty() {
        Ok(())
    } else {
        Err(format!("{} files or symbols failed", failures.len()).into())
    }
}
