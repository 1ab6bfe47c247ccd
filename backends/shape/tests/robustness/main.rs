//! Real-world input: the npm `stl-models` package's 35 STL files (14 deliberately broken) each
//! get a fingerprint or a clear error, and the generated standard parts (part_geometry, read-only)
//! fingerprint and find their own kind.
//!
//! `stl-models` is a root devDependency (`npm ci` installs it); its folder may be given as
//! `STL_MODELS_DIR`. Missing, it fails the test like a missing server does in the other crates;
//! only `PORTAL_TEST_REQUIRE_SERVICES=0` lets it end early, printing `skipping: …`.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use shape::similarity::Options;
use shape::{Index, Mesh, Query, ShapeError, Target};

fn stl_models_dir() -> PathBuf {
    std::env::var("STL_MODELS_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|_| {
            Path::new(env!("CARGO_MANIFEST_DIR")).join("../../node_modules/stl-models")
        })
}

fn stl_files(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    for sub in ["broken", "misc", "objects", "polytopes"] {
        if let Ok(entries) = std::fs::read_dir(dir.join(sub)) {
            files.extend(
                entries
                    .filter_map(|e| e.ok().map(|e| e.path()))
                    .filter(|p| p.extension().is_some_and(|e| e == "stl")),
            );
        }
    }
    files.sort();
    files
}

#[test]
fn stl_models_each_get_a_fingerprint_or_a_clear_error() {
    let dir = stl_models_dir();
    if !dir.join("package.json").exists() {
        let required = !std::env::var("PORTAL_TEST_REQUIRE_SERVICES")
            .is_ok_and(|value| value == "0" || value == "false");
        assert!(
            !required,
            "{} is missing: run `npm ci` (root devDependency stl-models)",
            dir.display()
        );
        eprintln!(
            "skipping: {} is missing (npm ci installs stl-models)",
            dir.display()
        );
        return;
    }
    let files = stl_files(&dir);
    assert_eq!(files.len(), 35, "stl-models 0.12.0 ships 35 STL files");
    let mut outcomes = BTreeMap::new();
    for file in &files {
        let name = file
            .strip_prefix(&dir)
            .unwrap_or(file)
            .display()
            .to_string();
        let bytes = std::fs::read(file).unwrap_or_else(|e| panic!("{name}: {e}"));
        let outcome = shape::fingerprint_file(&name, &bytes);
        match &outcome {
            Ok(f) => {
                assert!(f.views.iter().chain(&f.d2).all(|v| v.is_finite()), "{name}");
                assert!(shape::decode(&shape::encode(f)).is_ok(), "{name}");
            }
            Err(e) => assert!(!e.to_string().is_empty()),
        }
        eprintln!(
            "{name}: {}",
            outcome
                .as_ref()
                .map_or_else(|e| format!("error: {e}"), |_| "fingerprint".into())
        );
        outcomes.insert(name, outcome);
    }
    // The well-formed models must all read.
    for (name, outcome) in &outcomes {
        let well_formed = !name.starts_with("broken") && !name.contains("faceless");
        if well_formed {
            assert!(outcome.is_ok(), "{name}: {outcome:?}");
        }
    }
    assert!(matches!(
        outcomes["broken/empty.stl"],
        Err(ShapeError::Malformed { .. } | ShapeError::Empty)
    ));
    assert!(matches!(
        outcomes["misc/faceless.ascii.stl"],
        Err(ShapeError::Empty)
    ));
    // The same cube written as ASCII and binary is the same shape.
    let cube = |n: &str| outcomes[n].clone().unwrap_or_else(|e| panic!("{n}: {e}"));
    let d = shape::similarity::distance(
        &cube("polytopes/cube.ascii.stl"),
        &cube("polytopes/cube.bin.stl"),
        Options {
            include_size: true,
            ignore_mirrored: false,
        },
    );
    assert!(d < 1e-3, "ASCII and binary cube differ by {d}");
}

const VARIANTS: &str = include_str!("../../../part-geometry/tests/fixtures/variants.json");

#[test]
fn generated_parts_find_their_own_kind() {
    let variants: Vec<serde_json::Value> =
        serde_json::from_str(VARIANTS).unwrap_or_else(|e| panic!("{e}"));
    let mut entries = Vec::new();
    for v in &variants {
        let text = |key: &str| v[key].as_str().unwrap_or_default().to_owned();
        let family = text("family");
        let dimensions: BTreeMap<String, f64> =
            serde_json::from_value(v["dimensions"].clone()).unwrap_or_else(|e| panic!("{e}"));
        let mesh = part_geometry::Shape::from_attributes(&family, &text("standard"), &dimensions)
            .and_then(|s| s.model())
            .map(|m| m.mesh())
            .unwrap_or_else(|e| panic!("{family}: {e}"));
        let mesh = Mesh::new(
            mesh.positions.iter().map(|p| p.map(|c| c as f32)).collect(),
            mesh.triangles,
        )
        .unwrap_or_else(|e| panic!("{family}: {e}"));
        let fingerprint = shape::fingerprint(&mesh).unwrap_or_else(|e| panic!("{family}: {e}"));
        entries.push((format!("{family} {}", text("size")), fingerprint));
    }
    let index = Index::new(entries.clone());
    // Every screw family of the fixtures (part-geometry adds families: a new screw joins this list).
    let screws = [
        "socket_head_cap",
        "hex_head",
        "cheese_head",
        "setscrew",
        "hex_head_with_flange",
        "button_head",
        "button_head_with_collar",
        "pan_head",
        "pan_head_with_collar",
        "raised_cheese_head",
        "countersunk_head",
        "raised_countersunk_oval_head",
        "shoulder_screw",
    ];
    for (key, fingerprint) in &entries {
        let family = key.split(' ').next().unwrap_or_default();
        if !screws.contains(&family) {
            continue;
        }
        let other = |k: &String| k != key;
        let hits = index.query(&Query {
            target: Target::Model(fingerprint),
            limit: 1,
            min_score: 0.0,
            options: Options::default(),
            filter: &other,
        });
        let best = hits[0].key.split(' ').next().unwrap_or_default();
        assert!(screws.contains(&best), "{key}: nearest is {:?}", hits[0]);
    }
}
