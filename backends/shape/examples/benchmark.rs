//! Retrieval quality and speed of the shape fingerprint on real, labelled models:
//!
//! ```sh
//! cargo run --release -p shape --example benchmark -- [KICAD_3DMODELS_DIR] [--queries N] [--scale K] [--per-folder N]
//! ```
//!
//! - the KiCad 3D set (every `.wrl` under `<dir>/*.3dshapes`, read by the `mesh` crate; default
//!   dir `$KICAD_3DMODELS` or `/usr/share/kicad/3dmodels`), labelled by folder (package family);
//! - the generated standard parts: rows of data/parts/bd_warehouse/*.csv (up to 40 per family,
//!   with three lengths for screws) turned into meshes by `part_geometry`, labelled by family.
//!
//! It prints, per family, precision@10 and mAP (leave-one-out queries within the set) for the
//! chosen descriptor and for D2 alone, fingerprint time per model and for a 100k-triangle mesh,
//! and query latency p50/p99 of the index over all models (exact scan and HNSW, with HNSW's
//! recall@10 against the exact scan). `--scale K` repeats the collection K times for the latency
//! of larger indexes. docs/benchmarks.md holds the figures.

use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use shape::similarity::{self, Options};
use shape::{Fingerprint, Index, Mesh, Query, Target};

const PER_FAMILY: usize = 40;

struct Labelled {
    label: String,
    fingerprint: Fingerprint,
}

fn main() -> Result<(), String> {
    let mut args = std::env::args().skip(1);
    let mut dir = std::env::var("KICAD_3DMODELS")
        .map(PathBuf::from)
        .unwrap_or_else(|_| PathBuf::from("/usr/share/kicad/3dmodels"));
    let mut queries = 2000usize;
    let mut scale = 1usize;
    let mut per_folder = usize::MAX;
    while let Some(arg) = args.next() {
        let mut number = |name: &str| -> Result<usize, String> {
            args.next()
                .and_then(|v| v.parse().ok())
                .ok_or(format!("{name} needs a number"))
        };
        match arg.as_str() {
            "--queries" => queries = number("--queries")?,
            "--scale" => scale = number("--scale")?.max(1),
            "--per-folder" => per_folder = number("--per-folder")?.max(1),
            _ => dir = PathBuf::from(arg),
        }
    }

    let mut times = Vec::new();
    let kicad = kicad_set(&dir, per_folder, &mut times)?;
    let parts = parts_set(&mut times)?;
    times.sort();
    println!(
        "\nfingerprint time per model (mesh loaded): n={} p50 {:.2} ms, p99 {:.2} ms, mean {:.2} ms",
        times.len(),
        ms(percentile(&times, 0.5)),
        ms(percentile(&times, 0.99)),
        ms(times.iter().sum::<Duration>()) / times.len().max(1) as f64
    );
    dense_mesh_time();

    for (name, set) in [("KiCad 3D models", &kicad), ("generated parts", &parts)] {
        println!("\n## {name}: {} models", set.len());
        retrieval(set, queries);
    }

    let all: Vec<&Labelled> = kicad.iter().chain(&parts).collect();
    latency(&all, scale);
    Ok(())
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

fn percentile(sorted: &[Duration], fraction: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    sorted[((sorted.len() as f64 - 1.0) * fraction).round() as usize]
}

fn kicad_set(
    dir: &Path,
    per_folder: usize,
    times: &mut Vec<Duration>,
) -> Result<Vec<Labelled>, String> {
    let mut folders: Vec<PathBuf> = std::fs::read_dir(dir)
        .map_err(|e| format!("{}: {e} (pass the KiCad 3dmodels folder)", dir.display()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "3dshapes"))
        .collect();
    folders.sort();
    let mut out = Vec::new();
    let mut failed: BTreeMap<String, usize> = BTreeMap::new();
    let started = Instant::now();
    for folder in folders {
        let label = folder
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        let mut files: Vec<PathBuf> = std::fs::read_dir(&folder)
            .map_err(|e| e.to_string())?
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|e| e == "wrl"))
            .collect();
        files.sort();
        // An even sample of each folder when --per-folder limits it.
        let step = files.len().div_ceil(per_folder).max(1);
        for file in files.into_iter().step_by(step) {
            let result = std::fs::read_to_string(&file)
                .map_err(|e| e.to_string())
                .and_then(|text| shape::load::load_vrml(&text).map_err(|e| e.to_string()))
                .and_then(|mesh| {
                    let start = Instant::now();
                    let f = shape::fingerprint(&mesh).map_err(|e| e.to_string());
                    times.push(start.elapsed());
                    f
                });
            match result {
                Ok(fingerprint) => out.push(Labelled {
                    label: label.clone(),
                    fingerprint,
                }),
                Err(e) => {
                    *failed.entry(e).or_default() += 1;
                }
            }
        }
    }
    println!(
        "KiCad: {} models fingerprinted in {:.0} s (reading and parsing included), failures: {failed:?}",
        out.len(),
        started.elapsed().as_secs_f64()
    );
    Ok(out)
}

/// Rows of the bd_warehouse tables as the geometry crate's input: `<standard>:<name>` columns,
/// `d` and `pitch` from a metric size (`M6-1`), three lengths between `short` and `long`.
fn parts_set(times: &mut Vec<Duration>) -> Result<Vec<Labelled>, String> {
    let folder = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data/parts/bd_warehouse");
    let mut out = Vec::new();
    let mut failed = 0usize;
    for &family in part_geometry::SUPPORTED_FAMILIES {
        if family == "profile" {
            continue;
        }
        let path = folder.join(format!("{family}_parameters.csv"));
        let Ok(text) = std::fs::read_to_string(&path) else {
            continue;
        };
        let mut lines = text.lines();
        let header: Vec<&str> = lines
            .next()
            .unwrap_or_default()
            .split(',')
            .map(str::trim)
            .collect();
        let mut variants = Vec::new();
        for line in lines {
            let cells: Vec<&str> = line.split(',').map(str::trim).collect();
            let size = cells.first().copied().unwrap_or_default();
            let mut by_standard: BTreeMap<&str, BTreeMap<String, f64>> = BTreeMap::new();
            for (column, cell) in header.iter().zip(&cells).skip(1) {
                let (Some((standard, name)), Ok(value)) =
                    (column.split_once(':'), cell.parse::<f64>())
                else {
                    continue;
                };
                by_standard
                    .entry(standard)
                    .or_default()
                    .insert(name.trim().to_owned(), value);
            }
            for (standard, mut dimensions) in by_standard {
                if let Some(metric) = size.strip_prefix('M') {
                    let mut numbers = metric.split('-').filter_map(|n| n.parse::<f64>().ok());
                    if let Some(d) = numbers.next() {
                        dimensions.entry("d".into()).or_insert(d);
                    }
                    if let Some(pitch) = numbers.next() {
                        dimensions.entry("pitch".into()).or_insert(pitch);
                    }
                }
                let lengths = match (dimensions.get("short"), dimensions.get("long")) {
                    (Some(&short), Some(&long)) => vec![short, (short + long) / 2.0, long],
                    _ if family == "shaft_key" => {
                        let b = dimensions.get("b").copied().unwrap_or(1.0);
                        vec![4.0 * b, 8.0 * b]
                    }
                    _ => vec![0.0],
                };
                for l in lengths {
                    let mut dimensions = dimensions.clone();
                    if l > 0.0 {
                        dimensions.insert("l".into(), l.round().max(1.0));
                    }
                    variants.push((standard.to_owned(), dimensions));
                }
            }
        }
        // An even sample over the sizes.
        let step = (variants.len() / PER_FAMILY).max(1);
        for (standard, dimensions) in variants.into_iter().step_by(step).take(PER_FAMILY) {
            let mesh = part_geometry::Shape::from_attributes(family, &standard, &dimensions)
                .and_then(|s| s.model())
                .map(|model| model.mesh());
            let Ok(mesh) = mesh else {
                failed += 1;
                continue;
            };
            let mesh = Mesh::new(
                mesh.positions.iter().map(|p| p.map(|c| c as f32)).collect(),
                mesh.triangles,
            )
            .map_err(|e| e.to_string())?;
            let start = Instant::now();
            let fingerprint = shape::fingerprint(&mesh).map_err(|e| e.to_string())?;
            times.push(start.elapsed());
            out.push(Labelled {
                label: family.to_owned(),
                fingerprint,
            });
        }
    }
    println!(
        "parts: {} variants fingerprinted, {failed} rows the geometry refused",
        out.len()
    );
    Ok(out)
}

/// A torus of 100k triangles.
fn dense_mesh_time() {
    let (rings, segments) = (250u32, 200u32);
    let mut positions = Vec::new();
    for i in 0..rings {
        let u = i as f32 / rings as f32 * std::f32::consts::TAU;
        for j in 0..segments {
            let v = j as f32 / segments as f32 * std::f32::consts::TAU;
            let r = 10.0 + 3.0 * v.cos();
            positions.push([r * u.cos(), r * u.sin(), 3.0 * v.sin()]);
        }
    }
    let mut triangles = Vec::new();
    for i in 0..rings {
        for j in 0..segments {
            let at = |a: u32, b: u32| (a % rings) * segments + (b % segments);
            triangles.push([at(i, j), at(i + 1, j), at(i + 1, j + 1)]);
            triangles.push([at(i, j), at(i + 1, j + 1), at(i, j + 1)]);
        }
    }
    let Ok(mesh) = Mesh::new(positions, triangles) else {
        return;
    };
    let mut runs = Vec::new();
    for _ in 0..15 {
        let start = Instant::now();
        let _ = shape::fingerprint(&mesh);
        runs.push(start.elapsed());
    }
    runs.sort();
    println!(
        "fingerprint of a {}-triangle mesh: p50 {:.1} ms, max {:.1} ms",
        mesh.triangles().len(),
        ms(percentile(&runs, 0.5)),
        ms(percentile(&runs, 1.0))
    );
}

fn d2_only(f: &Fingerprint) -> Vec<f32> {
    f.d2.iter().map(|h| h.sqrt()).collect()
}

/// Leave-one-out retrieval by label: P@10 (over min(10, family − 1)) and average precision.
fn retrieval(set: &[Labelled], queries: usize) {
    let features: Vec<Vec<f32>> = set
        .iter()
        .map(|l| similarity::feature(&l.fingerprint))
        .collect();
    let baseline: Vec<Vec<f32>> = set.iter().map(|l| d2_only(&l.fingerprint)).collect();
    let mut family_size: HashMap<&str, usize> = HashMap::new();
    for l in set {
        *family_size.entry(&l.label).or_default() += 1;
    }
    let step = (set.len() / queries.max(1)).max(1);
    // label → (count, P@10 sum, AP sum) for the descriptor and D2
    let mut stats: BTreeMap<&str, [f64; 5]> = BTreeMap::new();
    for q in (0..set.len()).step_by(step) {
        let label = set[q].label.as_str();
        let relevant = family_size[label] - 1;
        if relevant == 0 {
            continue;
        }
        let entry = stats.entry(label).or_default();
        entry[0] += 1.0;
        for (slot, vectors) in [(1, &features), (3, &baseline)] {
            let mut ranked: Vec<(f32, bool)> = (0..set.len())
                .filter(|&i| i != q)
                .map(|i| {
                    (
                        similarity::euclidean(&vectors[q], &vectors[i]),
                        set[i].label == label,
                    )
                })
                .collect();
            ranked.sort_by(|a, b| a.0.total_cmp(&b.0));
            let k = relevant.min(10);
            let hits = ranked[..k].iter().filter(|r| r.1).count();
            let (mut found, mut ap) = (0usize, 0.0);
            for (rank, r) in ranked.iter().enumerate() {
                if r.1 {
                    found += 1;
                    ap += found as f64 / (rank + 1) as f64;
                }
            }
            entry[slot] += hits as f64 / k as f64;
            entry[slot + 1] += ap / relevant as f64;
        }
    }
    println!("| family | models | queries | P@10 | mAP | D2 P@10 | D2 mAP |");
    println!("|---|---:|---:|---:|---:|---:|---:|");
    let mut totals = [0.0; 5];
    let mut families = 0.0;
    let mut passing = 0;
    for (label, s) in &stats {
        let n = s[0];
        println!(
            "| {label} | {} | {n} | {:.2} | {:.2} | {:.2} | {:.2} |",
            family_size[label],
            s[1] / n,
            s[2] / n,
            s[3] / n,
            s[4] / n
        );
        for k in 1..5 {
            totals[k] += s[k] / n;
        }
        families += 1.0;
        if s[1] / n >= 0.8 {
            passing += 1;
        }
    }
    println!(
        "| **mean over {families} families** | | | {:.3} | {:.3} | {:.3} | {:.3} |",
        totals[1] / families,
        totals[2] / families,
        totals[3] / families,
        totals[4] / families
    );
    println!("families with P@10 ≥ 0.8: {passing} of {families}");
}

fn latency(all: &[&Labelled], scale: usize) {
    let entries: Vec<(usize, Fingerprint)> = (0..scale)
        .flat_map(|_| all.iter().map(|l| l.fingerprint.clone()))
        .enumerate()
        .collect();
    let n = entries.len();
    let start = Instant::now();
    let exact = Index::with_ann(entries.clone(), false);
    let exact_build = start.elapsed();
    let start = Instant::now();
    let ann = Index::with_ann(entries, true);
    let ann_build = start.elapsed();
    let all_keys = |_: &usize| true;
    let step = (all.len() / 500).max(1);
    let mut exact_times = Vec::new();
    let mut ann_times = Vec::new();
    let mut recall = 0.0;
    let mut count = 0.0;
    for q in (0..all.len()).step_by(step) {
        let query = Query {
            target: Target::Model(&all[q].fingerprint),
            limit: 10,
            min_score: 0.0,
            options: Options::default(),
            filter: &all_keys,
        };
        let start = Instant::now();
        let truth = exact.query(&query);
        exact_times.push(start.elapsed());
        let start = Instant::now();
        let approximate = ann.query(&query);
        ann_times.push(start.elapsed());
        // Distance-based: with --scale the copies tie, so keys alone would undercount.
        let kth = truth.last().map_or(f32::INFINITY, |t| t.distance);
        let found = approximate
            .iter()
            .filter(|h| h.distance <= kth + 1e-6)
            .count();
        recall += found as f64 / truth.len().max(1) as f64;
        count += 1.0;
    }
    exact_times.sort();
    ann_times.sort();
    println!("\n## query latency over {n} models (top 10, no filter), {count} queries");
    println!(
        "exact scan: p50 {:.2} ms, p99 {:.2} ms (index built in {:.2} s)",
        ms(percentile(&exact_times, 0.5)),
        ms(percentile(&exact_times, 0.99)),
        exact_build.as_secs_f64()
    );
    println!(
        "HNSW: p50 {:.2} ms, p99 {:.2} ms, recall@10 {:.3} (graph built in {:.1} s)",
        ms(percentile(&ann_times, 0.5)),
        ms(percentile(&ann_times, 0.99)),
        recall / count,
        ann_build.as_secs_f64()
    );
}
