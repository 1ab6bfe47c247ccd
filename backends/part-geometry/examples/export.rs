//! Writes one variant's files: `cargo run -p part-geometry --example export -- <family>
//! <standard> <json dimensions> <out dir>` → `<out dir>/model.step`, `model.stl`, `model.glb`,
//! `drawing.svg`, `drawing.dxf` and `expected.json` (the analytic volume, bounding box and the
//! drawing's dimension names), which scripts/part-geometry-check.mjs reads back with OpenCascade,
//! the glTF validator and ezdxf.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::process::ExitCode;

use part_geometry::{export, Shape};

fn run(arguments: &[String]) -> Result<(), String> {
    let [family, standard, dimensions, out] = arguments else {
        return Err("usage: export <family> <standard> <json dimensions> <out dir>".to_owned());
    };
    let dimensions: BTreeMap<String, f64> = serde_json::from_str(dimensions)
        .map_err(|error| format!("dimensions are not a JSON object of numbers: {error}"))?;
    let shape = Shape::from_attributes(family, standard, &dimensions).map_err(|e| e.to_string())?;
    let model = shape.model().map_err(|error| error.to_string())?;
    let mesh = model.mesh();
    let name = format!("{family} {standard}");
    let out = PathBuf::from(out);
    std::fs::create_dir_all(&out).map_err(|error| error.to_string())?;
    let drawing = shape.drawing();
    let bounds = shape.bounding_box();
    let expected = serde_json::json!({
        "family": family,
        "standard": standard,
        "volume": shape.volume(),
        "min": bounds.min,
        "max": bounds.max,
        "solids": model.solid_count(),
        "dimensions": shape.dimensions().iter().map(|d| d.name.clone()).collect::<Vec<_>>(),
    });
    let files: [(&str, Vec<u8>); 6] = [
        ("model.step", model.step(&name).into_bytes()),
        ("model.stl", export::stl(&mesh, &name)),
        (
            "model.glb",
            export::glb(&mesh).map_err(|error| error.to_string())?,
        ),
        ("drawing.svg", drawing.svg(&name).into_bytes()),
        ("drawing.dxf", drawing.dxf().into_bytes()),
        ("expected.json", expected.to_string().into_bytes()),
    ];
    for (file, bytes) in files {
        std::fs::write(out.join(file), bytes).map_err(|error| format!("{file}: {error}"))?;
    }
    Ok(())
}

fn main() -> ExitCode {
    let arguments: Vec<String> = std::env::args().skip(1).collect();
    match run(&arguments) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("export: {message}");
            ExitCode::from(2)
        }
    }
}
