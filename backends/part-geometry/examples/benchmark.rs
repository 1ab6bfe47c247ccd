//! Generation time per family: `cargo run --release -p part-geometry --example benchmark [runs]`.
//! For every fixture row (tests/fixtures/variants.json) it times, `runs` times over (default 30),
//! the whole generation a first request pays: the shape from its row, the B-rep, STEP, the
//! tessellation, STL, GLB and the drawing as SVG and DXF; then prints p50 / p99 per variant and
//! the output sizes. docs/benchmarks.md holds the figures.

use std::collections::BTreeMap;
use std::time::{Duration, Instant};

use part_geometry::{export, Shape};

const VARIANTS: &str = include_str!("../tests/fixtures/variants.json");

struct Outputs {
    step: usize,
    glb: usize,
    stl: usize,
    svg: usize,
    dxf: usize,
}

fn generate(
    family: &str,
    standard: &str,
    dimensions: &BTreeMap<String, f64>,
) -> Result<Outputs, String> {
    let shape = Shape::from_attributes(family, standard, dimensions).map_err(|e| e.to_string())?;
    let model = shape.model().map_err(|e| e.to_string())?;
    let step = model.step(family);
    let mesh = model.mesh();
    let stl = export::stl(&mesh, family);
    let glb = export::glb(&mesh).map_err(|e| e.to_string())?;
    let drawing = shape.drawing();
    Ok(Outputs {
        step: step.len(),
        glb: glb.len(),
        stl: stl.len(),
        svg: drawing.svg(family).len(),
        dxf: drawing.dxf().len(),
    })
}

fn percentile(sorted: &[Duration], fraction: f64) -> Duration {
    let index = ((sorted.len() as f64 - 1.0) * fraction).round() as usize;
    sorted[index.min(sorted.len() - 1)]
}

fn main() -> Result<(), String> {
    let runs: usize = std::env::args()
        .nth(1)
        .map(|text| {
            text.parse()
                .map_err(|_| format!("runs must be a number, not {text}"))
        })
        .transpose()?
        .unwrap_or(30)
        .max(1);
    let variants: Vec<serde_json::Value> =
        serde_json::from_str(VARIANTS).map_err(|e| e.to_string())?;
    println!("| variant | p50 ms | p99 ms | STEP KB | GLB KB | STL KB | SVG KB | DXF KB |");
    println!("|---|---:|---:|---:|---:|---:|---:|---:|");
    for variant in &variants {
        let text = |key: &str| variant[key].as_str().unwrap_or_default().to_owned();
        let (family, standard, size) = (text("family"), text("standard"), text("size"));
        let dimensions: BTreeMap<String, f64> =
            serde_json::from_value(variant["dimensions"].clone()).map_err(|e| e.to_string())?;
        let mut times = Vec::with_capacity(runs);
        let mut outputs = None;
        for _ in 0..runs {
            let start = Instant::now();
            outputs = Some(generate(&family, &standard, &dimensions)?);
            times.push(start.elapsed());
        }
        times.sort();
        let ms = |d: Duration| d.as_secs_f64() * 1000.0;
        let kb = |bytes: usize| bytes as f64 / 1024.0;
        if let Some(o) = outputs {
            println!(
                "| {family} {standard} {size} | {:.1} | {:.1} | {:.0} | {:.0} | {:.0} | {:.0} | {:.0} |",
                ms(percentile(&times, 0.5)),
                ms(percentile(&times, 0.99)),
                kb(o.step),
                kb(o.glb),
                kb(o.stl),
                kb(o.svg),
                kb(o.dxf)
            );
        }
    }
    Ok(())
}
