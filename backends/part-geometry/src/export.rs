//! Mesh formats of a model: binary STL and GLB (through the `mesh` crate's writer).

use crate::brep::TriangleMesh;
use crate::GeometryError;

/// A steel-grey material for the GLB.
const STEEL: mesh::Material = mesh::Material {
    diffuse: [0.62, 0.64, 0.67],
    transparency: 0.0,
};

/// Millimetres, Z up, as the generators build.
const PART_FRAME: mesh::SourceFrame = mesh::SourceFrame {
    metres_per_unit: 0.001,
    z_up: true,
    generator: "portal part-geometry (truck)",
};

/// Binary STL in millimetres: an 80-byte header, the triangle count, then per triangle its
/// normal, three corners and a zero attribute word.
pub fn stl(mesh: &TriangleMesh, name: &str) -> Vec<u8> {
    let mut bytes = Vec::with_capacity(84 + 50 * mesh.triangles.len());
    let mut header = [b' '; 80];
    // The header must not begin with "solid", which marks ASCII STL.
    let title = format!("part-geometry {name}");
    for (slot, byte) in header.iter_mut().zip(title.bytes().filter(u8::is_ascii)) {
        *slot = byte;
    }
    bytes.extend_from_slice(&header);
    bytes.extend_from_slice(&(mesh.triangles.len() as u32).to_le_bytes());
    for triangle in &mesh.triangles {
        let [a, b, c] = triangle.map(|index| mesh.positions[index as usize]);
        let u = [b[0] - a[0], b[1] - a[1], b[2] - a[2]];
        let v = [c[0] - a[0], c[1] - a[1], c[2] - a[2]];
        let n = [
            u[1] * v[2] - u[2] * v[1],
            u[2] * v[0] - u[0] * v[2],
            u[0] * v[1] - u[1] * v[0],
        ];
        let length = (n[0] * n[0] + n[1] * n[1] + n[2] * n[2]).sqrt();
        let normal = if length > 0.0 {
            n.map(|c| c / length)
        } else {
            [0.0; 3]
        };
        for value in normal.iter().chain(&a).chain(&b).chain(&c) {
            bytes.extend_from_slice(&(*value as f32).to_le_bytes());
        }
        bytes.extend_from_slice(&0u16.to_le_bytes());
    }
    bytes
}

/// GLB (metres, Y up) of the mesh.
pub fn glb(mesh: &TriangleMesh) -> Result<Vec<u8>, GeometryError> {
    let part = mesh::Part {
        material: STEEL,
        points: mesh.positions.iter().map(|p| p.map(|c| c as f32)).collect(),
        triangles: mesh.triangles.clone(),
    };
    mesh::write_glb_in(vec![part], &PART_FRAME)
        .map_err(|error| GeometryError::Modeling(error.to_string()))
}

/// A download's file name that says family, standard and size, e.g.
/// `socket_head_cap_iso4762_M6-1x20.step`: ASCII letters, digits, `-`, `_`, `.` and `x` only.
pub fn file_name(family: &str, standard: &str, size: &str, extension: &str) -> String {
    let clean = |text: &str| -> String {
        text.trim()
            .chars()
            .map(|c| match c {
                'a'..='z' | 'A'..='Z' | '0'..='9' | '-' | '.' => c,
                '×' => 'x',
                _ => '_',
            })
            .collect()
    };
    format!(
        "{}_{}_{}.{}",
        clean(family),
        clean(standard),
        clean(size),
        extension
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn file_names_carry_family_standard_and_size_in_ascii() {
        assert_eq!(
            file_name("socket_head_cap", "iso4762", "M6-1×20", "step"),
            "socket_head_cap_iso4762_M6-1x20.step"
        );
        assert_eq!(
            file_name("profile", "IS Beam", "ISMB 100/2", "dxf"),
            "profile_IS_Beam_ISMB_100_2.dxf"
        );
    }
}
