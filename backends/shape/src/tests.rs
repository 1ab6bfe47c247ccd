//! Hand-checked cases: boxes, cylinders and an asymmetric (chiral) body under rotation,
//! scaling and mirroring; the loaders; the codec; the index; 2D queries; bad input.

use proptest::prelude::*;

use crate::fingerprint::pose;
use crate::index::{Index, Query, Target};
use crate::load::{load, Format, Mesh};
use crate::similarity::{distance, score, Options, MIRROR_PENALTY, WEIGHT_SIZE};
use crate::*;

/// An axis-aligned box centred at `centre`, 12 triangles, outward faces.
pub(crate) fn cuboid(size: [f32; 3], centre: [f32; 3]) -> Mesh {
    let h = size.map(|s| s / 2.0);
    let positions: Vec<[f32; 3]> = (0..8)
        .map(|i| [0, 1, 2].map(|k| centre[k] + if i >> k & 1 == 1 { h[k] } else { -h[k] }))
        .collect();
    let quads = [
        [0, 2, 3, 1],
        [4, 5, 7, 6],
        [0, 1, 5, 4],
        [2, 6, 7, 3],
        [0, 4, 6, 2],
        [1, 3, 7, 5],
    ];
    let triangles = quads
        .iter()
        .flat_map(|q| [[q[0], q[1], q[2]], [q[0], q[2], q[3]]])
        .collect();
    Mesh {
        positions,
        triangles,
    }
}

/// A closed cylinder about Z, `segments` around.
pub(crate) fn cylinder(radius: f32, height: f32, segments: u32) -> Mesh {
    let mut positions = vec![[0.0, 0.0, 0.0], [0.0, 0.0, height]];
    let mut triangles = Vec::new();
    for s in 0..segments {
        let angle = s as f32 / segments as f32 * std::f32::consts::TAU;
        let (x, y) = (radius * angle.cos(), radius * angle.sin());
        positions.push([x, y, 0.0]);
        positions.push([x, y, height]);
    }
    for s in 0..segments {
        let (a, b) = (2 + 2 * s, 2 + 2 * ((s + 1) % segments));
        triangles.extend([
            [0, b, a],
            [1, a + 1, b + 1],
            [a, b, b + 1],
            [a, b + 1, a + 1],
        ]);
    }
    Mesh {
        positions,
        triangles,
    }
}

pub(crate) fn merge(meshes: &[Mesh]) -> Mesh {
    let mut out = Mesh::default();
    for m in meshes {
        let base = out.positions.len() as u32;
        out.positions.extend(&m.positions);
        out.triangles
            .extend(m.triangles.iter().map(|t| t.map(|i| i + base)));
    }
    out
}

/// Three boxes of different sizes off-centre along three axes: no mirror symmetry.
fn chiral() -> Mesh {
    merge(&[
        cuboid([4.0, 1.0, 1.0], [2.0, 0.0, 0.0]),
        cuboid([1.0, 2.5, 1.0], [0.0, 1.25, 0.0]),
        cuboid([1.0, 1.0, 1.6], [0.0, 0.0, 0.8]),
    ])
}

fn rotate(mesh: &Mesh, scale: f32, shift: [f32; 3]) -> Mesh {
    // Rotation about (1, 2, 3)/|…| by 0.7 rad (Rodrigues), then scale and shift.
    let n = 14f32.sqrt();
    let k = [1.0 / n, 2.0 / n, 3.0 / n];
    let (s, c) = 0.7f32.sin_cos();
    mesh.map_positions(|p| {
        let dot = k[0] * p[0] + k[1] * p[1] + k[2] * p[2];
        let cross = [
            k[1] * p[2] - k[2] * p[1],
            k[2] * p[0] - k[0] * p[2],
            k[0] * p[1] - k[1] * p[0],
        ];
        [0, 1, 2].map(|i| scale * (p[i] * c + cross[i] * s + k[i] * dot * (1.0 - c)) + shift[i])
    })
}

fn mirror(mesh: &Mesh) -> Mesh {
    mesh.map_positions(|p| [-p[0], p[1], p[2]])
}

fn fp(mesh: &Mesh) -> Fingerprint {
    match fingerprint(mesh) {
        Ok(f) => f,
        Err(e) => panic!("fingerprint failed: {e}"),
    }
}

const DEFAULT: Options = Options {
    include_size: false,
    ignore_mirrored: false,
};

#[test]
fn cube_pose_by_hand() {
    // Surface of the cube [−1, 1]³: E[x² + y² + z²] = 1 + 1/3 + 1/3 over each face.
    let pose = pose(&cuboid([2.0; 3], [5.0, -3.0, 1.0])).unwrap_or_else(|e| panic!("{e}"));
    assert!((pose.rms_radius - (5.0f64 / 3.0).sqrt()).abs() < 1e-9);
    assert!(pose
        .centre
        .iter()
        .zip([5.0, -3.0, 1.0])
        .all(|(a, b)| (a - b).abs() < 1e-9));
    assert_eq!(pose.chirality, 0, "a cube equals its mirror image");
}

#[test]
fn box_axes_follow_the_extents() {
    let pose = pose(&cuboid([1.0, 6.0, 3.0], [0.0; 3])).unwrap_or_else(|e| panic!("{e}"));
    // Largest variance first: Y, then Z, then X.
    assert!(pose.axes[0][1].abs() > 0.999);
    assert!(pose.axes[1][2].abs() > 0.999);
    assert!(pose.axes[2][0].abs() > 0.999);
    let f = fp(&cuboid([1.0, 6.0, 3.0], [0.0; 3]));
    assert!(f
        .size
        .iter()
        .zip([6.0, 3.0, 1.0])
        .all(|(a, b)| (a - b).abs() < 1e-4));
}

#[test]
fn cube_matches_a_rotated_scaled_moved_copy() {
    let cube = cuboid([2.0, 2.2, 1.8], [0.0; 3]);
    let copy = rotate(&cube, 3.5, [10.0, -4.0, 2.0]);
    let d = distance(&fp(&cube), &fp(&copy), DEFAULT);
    assert!(score(d) > 95.0, "score {} (distance {d})", score(d));
    // Its size differs 3.5×: with size included the score drops by the size term.
    let with_size = distance(
        &fp(&cube),
        &fp(&copy),
        Options {
            include_size: true,
            ..DEFAULT
        },
    );
    let expected = WEIGHT_SIZE * 3.5f32.ln();
    assert!((with_size - (d * d + expected * expected).sqrt()).abs() < 1e-3);
}

#[test]
fn cylinder_is_far_from_a_cube_and_near_a_longer_one() {
    let cube = fp(&cuboid([2.0; 3], [0.0; 3]));
    let cylinder = fp(&cylinder(1.0, 4.0, 48));
    let similar = fp(&cylinder_rotated());
    let near = distance(&cylinder, &similar, DEFAULT);
    let far = distance(&cube, &cylinder, DEFAULT);
    assert!(near < 0.1, "rotated cylinder at {near}");
    assert!(far > 3.0 * near && score(far) < 85.0, "cube–cylinder {far}");
}

fn cylinder_rotated() -> Mesh {
    rotate(&cylinder(2.0, 8.0, 64), 0.5, [1.0, 1.0, 1.0])
}

#[test]
fn mirrored_copies_differ_only_by_handedness() {
    let body = chiral();
    let a = fp(&body);
    let b = fp(&mirror(&rotate(&body, 2.0, [0.0; 3])));
    assert_eq!(a.chirality, -b.chirality);
    assert_ne!(a.chirality, 0);
    let ignoring = distance(
        &a,
        &b,
        Options {
            ignore_mirrored: true,
            ..DEFAULT
        },
    );
    let counting = distance(&a, &b, DEFAULT);
    assert!(ignoring < 0.03, "ignoring mirrored: {ignoring}");
    assert!((counting - (ignoring.powi(2) + MIRROR_PENALTY.powi(2)).sqrt()).abs() < 1e-4);
    // The same body rotated keeps its handedness.
    let c = fp(&rotate(&body, 0.3, [5.0; 3]));
    assert_eq!(a.chirality, c.chirality);
}

#[test]
fn codec_round_trip_and_refusals() {
    let f = fp(&chiral());
    let bytes = encode(&f);
    assert_eq!(bytes.len(), codec::ENCODED_LEN);
    let back = decode(&bytes).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(back.size, f.size);
    assert_eq!(back.chirality, f.chirality);
    assert!(distance(&f, &back, DEFAULT) < 0.01);
    assert!(matches!(decode(b"xyz"), Err(ShapeError::BadFingerprint(_))));
    let mut other_version = bytes.clone();
    other_version[3] = 99;
    assert!(
        matches!(decode(&other_version), Err(ShapeError::BadFingerprint(m)) if m.contains("99"))
    );
    assert!(decode(&bytes[..bytes.len() - 1]).is_err());
}

fn binary_stl(mesh: &Mesh, header: &[u8]) -> Vec<u8> {
    let mut out = vec![0u8; 80];
    out[..header.len()].copy_from_slice(header);
    out.extend_from_slice(&(mesh.triangles.len() as u32).to_le_bytes());
    for t in &mesh.triangles {
        out.extend_from_slice(&[0u8; 12]);
        for &i in t {
            for c in mesh.positions[i as usize] {
                out.extend_from_slice(&c.to_le_bytes());
            }
        }
        out.extend_from_slice(&[0, 0]);
    }
    out
}

fn ascii_stl(mesh: &Mesh) -> String {
    let mut out = String::from("solid test\n");
    for t in &mesh.triangles {
        out.push_str(" facet normal 0 0 0\n  outer loop\n");
        for &i in t {
            let p = mesh.positions[i as usize];
            out.push_str(&format!("   vertex {} {} {}\n", p[0], p[1], p[2]));
        }
        out.push_str("  endloop\n endfacet\n");
    }
    out + "endsolid test\n"
}

#[test]
fn every_format_reads_the_same_cube() {
    let cube = cuboid([2.0, 3.0, 4.0], [1.0, 0.0, 0.0]);
    let reference = fp(&cube);
    let obj: String = cube
        .positions
        .iter()
        .map(|p| format!("v {} {} {}\n", p[0], p[1], p[2]))
        .chain(
            cube.triangles
                .iter()
                .map(|t| format!("f {} {} {}\n", t[0] + 1, t[1] + 1, t[2] + 1)),
        )
        .collect();
    let glb = mesh::write_glb_in(
        vec![mesh::Part {
            points: cube.positions.clone(),
            triangles: cube.triangles.clone(),
            ..Default::default()
        }],
        &mesh::SourceFrame {
            metres_per_unit: 1.0,
            z_up: false,
            generator: "test",
        },
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let mut vrml = String::from(
        "#VRML V2.0 utf8\nShape { geometry IndexedFaceSet { coord Coordinate { point [",
    );
    for p in &cube.positions {
        vrml.push_str(&format!("{} {} {},", p[0], p[1], p[2]));
    }
    vrml.push_str("] } coordIndex [");
    for t in &cube.triangles {
        vrml.push_str(&format!("{},{},{},-1,", t[0], t[1], t[2]));
    }
    vrml.push_str("] } }\n");
    let inputs: Vec<(&str, Vec<u8>)> = vec![
        ("a.stl", binary_stl(&cube, b"binary")),
        // Binary with a header that starts like ASCII STL, as many exporters write it.
        ("b.STL", binary_stl(&cube, b"solid exported by X")),
        ("c.stl", ascii_stl(&cube).into_bytes()),
        ("d.obj", obj.into_bytes()),
        ("e.glb", glb),
        ("f.wrl", vrml.into_bytes()),
    ];
    for (name, bytes) in inputs {
        let f = fingerprint_file(name, &bytes).unwrap_or_else(|e| panic!("{name}: {e}"));
        let d = distance(
            &reference,
            &f,
            Options {
                include_size: true,
                ..DEFAULT
            },
        );
        assert!(d < 0.02, "{name}: distance {d}");
    }
}

#[test]
fn bad_input_gets_clear_errors() {
    assert!(matches!(
        Format::from_file_name("a.step"),
        Err(ShapeError::UnsupportedFormat(_))
    ));
    assert!(matches!(
        load(b"", Format::Stl),
        Err(ShapeError::Malformed { .. })
    ));
    assert!(matches!(
        load(b"solid x\nendsolid x\n", Format::Stl),
        Err(ShapeError::Empty)
    ));
    assert!(matches!(
        load(b"garbage", Format::Gltf),
        Err(ShapeError::Malformed { .. })
    ));
    assert!(matches!(
        load(b"v 0 0 0\n", Format::Obj),
        Err(ShapeError::Empty)
    ));
    assert!(matches!(
        load(&[0xff, 0xfe], Format::Vrml),
        Err(ShapeError::Malformed { .. })
    ));
    // NaN corners and degenerate (zero-area) triangles are dropped; none left is an error.
    let nan = Mesh::new(
        vec![
            [f32::NAN, 0.0, 0.0],
            [1.0, 0.0, 0.0],
            [0.0, 1.0, 0.0],
            [2.0, 0.0, 0.0],
        ],
        vec![[0, 1, 2], [1, 3, 1], [1, 2, 9]],
    );
    assert_eq!(nan, Err(ShapeError::Empty));
    // A binary STL claiming more triangles than the limit is refused before reading them.
    let mut huge = vec![0u8; 84];
    huge[80..84].copy_from_slice(&u32::MAX.to_le_bytes());
    assert!(load(&huge, Format::Stl).is_err());
    // The kept triangles of a partly broken mesh still fingerprint.
    let mut cube = cuboid([1.0; 3], [0.0; 3]);
    cube.positions.push([f32::NAN; 3]);
    cube.triangles.push([0, 1, 8]);
    let cleaned = Mesh::new(cube.positions, cube.triangles).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(cleaned.triangles.len(), 12);
    assert!(fingerprint(&cleaned).is_ok());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]
    #[test]
    fn random_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..600)) {
        for format in [Format::Stl, Format::Obj, Format::Gltf, Format::Vrml] {
            if let Ok(mesh) = load(&bytes, format) {
                let _ = fingerprint(&mesh);
            }
        }
        let _ = decode(&bytes);
        let _ = silhouette_from_image(&bytes);
    }

    #[test]
    fn random_triangles_fingerprint_or_fail_cleanly(
        points in proptest::collection::vec(
            proptest::array::uniform3(prop_oneof![
                -1e6f32..1e6, Just(f32::NAN), Just(f32::INFINITY), Just(0.0f32), Just(1e30f32)
            ]),
            0..24,
        ),
        triangles in proptest::collection::vec(proptest::array::uniform3(0u32..30), 0..24),
    ) {
        if let Ok(mesh) = Mesh::new(points, triangles) {
            match fingerprint(&mesh) {
                Ok(f) => {
                    prop_assert!(f.views.iter().chain(&f.d2).all(|v| v.is_finite()));
                    prop_assert!(f.size.iter().all(|v| v.is_finite()));
                    prop_assert!(decode(&encode(&f)).is_ok());
                }
                Err(e) => prop_assert_eq!(e, ShapeError::Empty),
            }
        }
    }
}

fn library() -> Vec<(String, Fingerprint)> {
    let mut entries = Vec::new();
    for i in 0..6 {
        let s = 1.0 + i as f32 * 0.05;
        entries.push((
            format!("box-{i}"),
            fp(&cuboid([2.0 * s, 1.0, 0.5], [0.0; 3])),
        ));
        entries.push((format!("rod-{i}"), fp(&cylinder(0.5, 6.0 * s, 32))));
        entries.push((format!("body-{i}"), fp(&rotate(&chiral(), s, [0.0; 3]))));
    }
    entries
}

#[test]
fn index_ranks_filters_first_and_ann_agrees() {
    let target = fp(&rotate(&cylinder(1.0, 13.0, 40), 2.0, [3.0; 3]));
    for ann in [false, true] {
        let index = Index::with_ann(library(), ann);
        assert_eq!(index.has_ann(), ann);
        let all = |_: &String| true;
        let hits = index.query(&Query {
            target: Target::Model(&target),
            limit: 6,
            min_score: 0.0,
            options: Options::default(),
            filter: &all,
        });
        assert_eq!(hits.len(), 6);
        assert!(hits.iter().all(|h| h.key.starts_with("rod-")), "{hits:?}");
        assert!(hits.windows(2).all(|w| w[0].score >= w[1].score));
        // Filtered to boxes: the best boxes, not an empty list after the rods were taken.
        let boxes = |key: &String| key.starts_with("box-");
        let hits = index.query(&Query {
            target: Target::Model(&target),
            limit: 3,
            min_score: 0.0,
            options: Options::default(),
            filter: &boxes,
        });
        assert_eq!(hits.len(), 3);
        assert!(hits.iter().all(|h| h.key.starts_with("box-")));
        // A minimum score narrows the results.
        let strict = index.query(&Query {
            target: Target::Model(&target),
            limit: 18,
            min_score: 90.0,
            options: Options::default(),
            filter: &all,
        });
        assert!(!strict.is_empty() && strict.len() < 18);
        assert!(strict.iter().all(|h| h.score >= 90.0));
    }
}

fn png_of(draw: impl Fn(f32, f32) -> bool, side: u32) -> Vec<u8> {
    let picture = image::GrayImage::from_fn(side, side, |x, y| {
        let (u, v) = (
            x as f32 / side as f32 * 2.0 - 1.0,
            y as f32 / side as f32 * 2.0 - 1.0,
        );
        image::Luma([if draw(u, v) { 20 } else { 240 }])
    });
    let mut out = std::io::Cursor::new(Vec::new());
    picture
        .write_to(&mut out, image::ImageFormat::Png)
        .unwrap_or_else(|e| panic!("{e}"));
    out.into_inner()
}

/// A hexagonal prism with a round bore: a nut.
fn nut() -> Mesh {
    let (outer, inner, height, n) = (1.0f32, 0.55f32, 0.8f32, 48u32);
    let hex = |angle: f32| {
        // Radius of a regular hexagon (circumradius 1) along `angle`.
        let sector = (angle + std::f32::consts::FRAC_PI_6).rem_euclid(std::f32::consts::FRAC_PI_3)
            - std::f32::consts::FRAC_PI_6;
        outer * (std::f32::consts::FRAC_PI_6).cos() / sector.cos()
    };
    let mut positions = Vec::new();
    for s in 0..n {
        let a = s as f32 / n as f32 * std::f32::consts::TAU;
        for (r, z) in [
            (hex(a), 0.0),
            (hex(a), height),
            (inner, 0.0),
            (inner, height),
        ] {
            positions.push([r * a.cos(), r * a.sin(), z]);
        }
    }
    let mut triangles = Vec::new();
    for s in 0..n {
        let [o0, o1, i0, i1] = [0, 1, 2, 3].map(|k| 4 * s + k);
        let [p0, p1, j0, j1] = [0, 1, 2, 3].map(|k| 4 * ((s + 1) % n) + k);
        triangles.extend([
            [o0, p0, p1],
            [o0, p1, o1], // outside
            [i0, j1, j0],
            [i0, i1, j1], // bore
            [o0, j0, p0],
            [o0, i0, j0], // bottom ring
            [o1, p1, j1],
            [o1, j1, i1], // top ring
        ]);
    }
    Mesh {
        positions,
        triangles,
    }
}

#[test]
fn a_sketched_hexagon_with_a_circle_finds_the_nut() {
    let entries = vec![
        ("nut".to_owned(), fp(&nut())),
        ("cube".to_owned(), fp(&cuboid([1.0, 1.2, 0.9], [0.0; 3]))),
        ("rod".to_owned(), fp(&cylinder(0.3, 5.0, 40))),
        ("body".to_owned(), fp(&chiral())),
    ];
    let index = Index::new(entries);
    let hexagon = |u: f32, v: f32| {
        // Points within a line width of the hexagon's outline, or of the circle.
        let angle = v.atan2(u);
        let r = (u * u + v * v).sqrt();
        let sector = (angle + std::f32::consts::FRAC_PI_6).rem_euclid(std::f32::consts::FRAC_PI_3)
            - std::f32::consts::FRAC_PI_6;
        let edge = 0.85 * (std::f32::consts::FRAC_PI_6).cos() / sector.cos();
        (r - edge).abs() < 0.02 || (r - 0.45).abs() < 0.02
    };
    let all = |_: &String| true;
    for sketch in [
        png_of(hexagon, 300),
        png_of(|u, v| u * u + v * v < 0.8 && u * u + v * v > 0.2, 90),
    ] {
        let query = silhouette_from_image(&sketch).unwrap_or_else(|e| panic!("{e}"));
        let hits = index.query(&Query {
            target: Target::Silhouette(&query),
            limit: 4,
            min_score: 0.0,
            options: Options::default(),
            filter: &all,
        });
        assert_eq!(hits[0].key, "nut", "{hits:?}");
    }
    // A filled disk is the rod's end view.
    let disk = silhouette_from_image(&png_of(|u, v| u * u + v * v < 0.6, 120))
        .unwrap_or_else(|e| panic!("{e}"));
    let hits = index.exact(&Query {
        target: Target::Silhouette(&disk),
        limit: 1,
        min_score: 0.0,
        options: Options::default(),
        filter: &all,
    });
    assert_eq!(hits[0].key, "rod", "{hits:?}");
    assert!(matches!(
        silhouette_from_image(&png_of(|_, _| false, 50)),
        Err(ShapeError::BlankImage)
    ));
    assert!(matches!(
        silhouette_from_image(b"not an image"),
        Err(ShapeError::BadImage(_))
    ));
}

#[test]
fn thumbnail_is_a_png_of_the_model() {
    let png = thumbnail_png(&nut(), 96).unwrap_or_else(|e| panic!("{e}"));
    let picture = image::load_from_memory(&png)
        .unwrap_or_else(|e| panic!("{e}"))
        .to_rgba8();
    assert_eq!(picture.dimensions(), (96, 96));
    let opaque = picture.pixels().filter(|p| p[3] == 255).count();
    // The nut covers part of the picture, not none and not all of it.
    assert!(
        opaque > 96 * 96 / 10 && opaque < 96 * 96 * 9 / 10,
        "{opaque}"
    );
}
