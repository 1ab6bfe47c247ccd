//! Mesh input: STL (binary and ASCII), OBJ, glTF/GLB and KiCad VRML, into one triangle soup.
//! Every reader's output goes through [`Mesh::new`], which drops what cannot be measured
//! (non-finite coordinates, indices out of range, zero-area triangles) and refuses what is
//! empty or too large, so the fingerprint never sees NaN and nothing panics on bad input.

use std::io::Cursor;

use crate::ShapeError;

/// Triangles above this are refused: a fingerprint samples the surface, so more detail adds
/// time and memory, not accuracy (CAD exports of a board or an assembly stay far below).
pub const MAX_TRIANGLES: usize = 5_000_000;

/// A triangle mesh in the source's unit (the fingerprint keeps the size in that unit).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Mesh {
    // Private: only `Mesh::new` makes one, so every index is in range and every kept corner finite.
    pub(crate) positions: Vec<[f32; 3]>,
    pub(crate) triangles: Vec<[u32; 3]>,
}

/// The formats [`load`] reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    Stl,
    Obj,
    /// Binary glTF, or JSON glTF with embedded (data URI) buffers.
    Gltf,
    /// KiCad's VRML 2.0 (`.wrl`), through the `mesh` crate.
    Vrml,
}

impl Format {
    /// The format named by a file name's extension (case-insensitive).
    pub fn from_file_name(name: &str) -> Result<Format, ShapeError> {
        let extension = name
            .rsplit_once('.')
            .map(|(_, e)| e.to_ascii_lowercase())
            .unwrap_or_default();
        match extension.as_str() {
            "stl" => Ok(Format::Stl),
            "obj" => Ok(Format::Obj),
            "glb" | "gltf" => Ok(Format::Gltf),
            "wrl" | "vrml" => Ok(Format::Vrml),
            _ => Err(ShapeError::UnsupportedFormat(name.to_owned())),
        }
    }
}

impl Mesh {
    /// Keeps the measurable triangles; an error when none is left or there are too many.
    pub fn new(positions: Vec<[f32; 3]>, triangles: Vec<[u32; 3]>) -> Result<Mesh, ShapeError> {
        if triangles.len() > MAX_TRIANGLES {
            return Err(ShapeError::TooLarge {
                triangles: triangles.len(),
                limit: MAX_TRIANGLES,
            });
        }
        let finite = |p: &[f32; 3]| p.iter().all(|c| c.is_finite() && c.abs() < 1e15);
        let kept: Vec<[u32; 3]> = triangles
            .into_iter()
            .filter(|t| {
                let corners = t.map(|i| positions.get(i as usize));
                match corners {
                    [Some(a), Some(b), Some(c)] if finite(a) && finite(b) && finite(c) => {
                        crate::fingerprint::area(
                            a.map(f64::from),
                            b.map(f64::from),
                            c.map(f64::from),
                        ) > 0.0
                    }
                    _ => false,
                }
            })
            .collect();
        if kept.is_empty() {
            return Err(ShapeError::Empty);
        }
        Ok(Mesh {
            positions,
            triangles: kept,
        })
    }

    /// The corners of each triangle, in f64 (sums over 10⁵ triangles lose too much in f32).
    pub(crate) fn corners(&self) -> impl Iterator<Item = [[f64; 3]; 3]> + '_ {
        self.triangles.iter().map(|t| {
            t.map(|i| {
                let p = self.positions[i as usize];
                [f64::from(p[0]), f64::from(p[1]), f64::from(p[2])]
            })
        })
    }

    pub fn positions(&self) -> &[[f32; 3]] {
        &self.positions
    }

    /// The kept triangles (indices into [`Mesh::positions`]).
    pub fn triangles(&self) -> &[[u32; 3]] {
        &self.triangles
    }

    /// Applies `transform` to every position (a rotation, a mirror in the tests).
    #[cfg(test)]
    pub(crate) fn map_positions(&self, transform: impl Fn([f32; 3]) -> [f32; 3]) -> Mesh {
        Mesh {
            positions: self.positions.iter().map(|p| transform(*p)).collect(),
            triangles: self.triangles.clone(),
        }
    }
}

/// Reads a mesh file of the given format.
pub fn load(bytes: &[u8], format: Format) -> Result<Mesh, ShapeError> {
    match format {
        Format::Stl => load_stl(bytes),
        Format::Obj => load_obj(bytes),
        Format::Gltf => load_gltf(bytes),
        Format::Vrml => {
            let text = std::str::from_utf8(bytes)
                .map_err(|_| malformed(Format::Vrml, "not UTF-8 text"))?;
            load_vrml(text)
        }
    }
}

fn malformed(format: Format, message: impl ToString) -> ShapeError {
    ShapeError::Malformed {
        format,
        message: message.to_string(),
    }
}

/// Binary STL states its triangle count: a file at least that long is binary unless it starts
/// with `solid` and is not exactly that long (many exporters start binary headers with `solid`;
/// some append bytes after the last triangle), otherwise ASCII is tried.
fn load_stl(bytes: &[u8]) -> Result<Mesh, ShapeError> {
    let binary_size = bytes
        .get(80..84)
        .map(|n| 84 + 50 * u64::from(u32::from_le_bytes([n[0], n[1], n[2], n[3]])));
    let text = bytes.trim_ascii_start();
    let ascii_start = text.starts_with(b"solid");
    let length = bytes.len() as u64;
    let is_binary =
        binary_size.is_some_and(|size| size == length || (!ascii_start && size <= length));
    if is_binary {
        let count = (bytes.len() - 84) / 50;
        if count > MAX_TRIANGLES {
            return Err(ShapeError::TooLarge {
                triangles: count,
                limit: MAX_TRIANGLES,
            });
        }
    } else if !ascii_start {
        return Err(malformed(
            Format::Stl,
            "neither binary STL (shorter than its triangle count says) nor ASCII STL",
        ));
    }
    // stl_io reads a file as ASCII when it starts with "solid " (with the space): a binary
    // header, which carries nothing, is blanked; an ASCII file gets the space its first line
    // may lack (`solid` alone, an unnamed solid) and loses leading blanks.
    let patched;
    let input = if is_binary && bytes.starts_with(b"solid") {
        let mut copy = bytes.to_vec();
        copy[..5].copy_from_slice(b"     ");
        patched = copy;
        &patched[..]
    } else if !is_binary && !text.starts_with(b"solid ") {
        patched = [b"solid ", &text[5..]].concat();
        &patched[..]
    } else {
        text
    };
    let parsed =
        stl_io::read_stl(&mut Cursor::new(input)).map_err(|e| malformed(Format::Stl, e))?;
    let positions = parsed.vertices.iter().map(|v| [v[0], v[1], v[2]]).collect();
    let triangles = parsed
        .faces
        .iter()
        .map(|f| f.vertices.map(|i| u32::try_from(i).unwrap_or(u32::MAX)))
        .collect();
    Mesh::new(positions, triangles)
}

fn load_obj(bytes: &[u8]) -> Result<Mesh, ShapeError> {
    let options = tobj::LoadOptions {
        triangulate: true,
        single_index: true,
        ..Default::default()
    };
    // Materials are not needed: a missing .mtl must not fail the geometry.
    let (models, _) =
        tobj::load_obj_buf(
            &mut Cursor::new(bytes),
            &options,
            |_| Ok(Default::default()),
        )
        .map_err(|e| malformed(Format::Obj, e))?;
    let mut positions = Vec::new();
    let mut triangles = Vec::new();
    for model in models {
        let base = positions.len() as u32;
        positions.extend(
            model
                .mesh
                .positions
                .chunks_exact(3)
                .map(|p| [p[0], p[1], p[2]]),
        );
        triangles.extend(
            model
                .mesh
                .indices
                .chunks_exact(3)
                .map(|t| [t[0], t[1], t[2]].map(|i| base.saturating_add(i))),
        );
    }
    Mesh::new(positions, triangles)
}

/// glTF: every triangle primitive of every mesh node, with the node's world transform.
fn load_gltf(bytes: &[u8]) -> Result<Mesh, ShapeError> {
    let (document, buffers, _) =
        gltf::import_slice(bytes).map_err(|e| malformed(Format::Gltf, e))?;
    let mut positions = Vec::new();
    let mut triangles = Vec::new();
    let mut stack: Vec<(gltf::Node, [[f32; 4]; 4])> = document
        .default_scene()
        .or_else(|| document.scenes().next())
        .map(|scene| scene.nodes().map(|n| (n, IDENTITY)).collect())
        .unwrap_or_default();
    let mut visited = 0usize;
    while let Some((node, parent)) = stack.pop() {
        // A node graph is a tree by the specification; a cyclic file must not loop forever.
        visited += 1;
        if visited > 100_000 {
            return Err(malformed(Format::Gltf, "too many nodes (a cycle?)"));
        }
        let world = multiply(&parent, &node.transform().matrix());
        if let Some(mesh) = node.mesh() {
            for primitive in mesh.primitives() {
                if primitive.mode() != gltf::mesh::Mode::Triangles {
                    continue;
                }
                let reader = primitive.reader(|b| buffers.get(b.index()).map(|d| &d.0[..]));
                let Some(points) = reader.read_positions() else {
                    continue;
                };
                let base = positions.len() as u32;
                let count_before = positions.len();
                positions.extend(points.map(|p| transform_point(&world, p)));
                let added = (positions.len() - count_before) as u32;
                match reader.read_indices() {
                    Some(indices) => {
                        let flat: Vec<u32> = indices.into_u32().collect();
                        triangles.extend(
                            flat.chunks_exact(3)
                                .map(|t| [t[0], t[1], t[2]].map(|i| base.saturating_add(i))),
                        );
                    }
                    None => triangles
                        .extend((0..added / 3).map(|t| [0, 1, 2].map(|k| base + 3 * t + k))),
                }
                if triangles.len() > MAX_TRIANGLES {
                    return Err(ShapeError::TooLarge {
                        triangles: triangles.len(),
                        limit: MAX_TRIANGLES,
                    });
                }
            }
        }
        stack.extend(node.children().map(|child| (child, world)));
    }
    Mesh::new(positions, triangles)
}

const IDENTITY: [[f32; 4]; 4] = [
    [1.0, 0.0, 0.0, 0.0],
    [0.0, 1.0, 0.0, 0.0],
    [0.0, 0.0, 1.0, 0.0],
    [0.0, 0.0, 0.0, 1.0],
];

/// Column-major 4×4 product (glTF's layout): `a · b`.
fn multiply(a: &[[f32; 4]; 4], b: &[[f32; 4]; 4]) -> [[f32; 4]; 4] {
    let mut out = [[0.0; 4]; 4];
    for (column, out_column) in out.iter_mut().enumerate() {
        for (row, value) in out_column.iter_mut().enumerate() {
            *value = (0..4).map(|k| a[k][row] * b[column][k]).sum();
        }
    }
    out
}

fn transform_point(m: &[[f32; 4]; 4], p: [f32; 3]) -> [f32; 3] {
    [0, 1, 2].map(|row| m[0][row] * p[0] + m[1][row] * p[1] + m[2][row] * p[2] + m[3][row])
}

/// KiCad VRML through the `mesh` crate's parser (the one that makes the components' GLB).
pub fn load_vrml(text: &str) -> Result<Mesh, ShapeError> {
    let parts = mesh::parse_vrml(text).map_err(|e| match e {
        mesh::MeshError::Empty => ShapeError::Empty,
        other => malformed(Format::Vrml, other),
    })?;
    let mut positions = Vec::new();
    let mut triangles = Vec::new();
    for part in parts {
        let base = positions.len() as u32;
        positions.extend(part.points);
        triangles.extend(
            part.triangles
                .into_iter()
                .map(|t| t.map(|i| base.saturating_add(i))),
        );
    }
    Mesh::new(positions, triangles)
}
