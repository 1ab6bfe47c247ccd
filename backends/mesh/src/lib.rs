//! KiCad's 3D models (VRML 2.0 `.wrl` written by KiCad StepUp: `Shape`s of an `IndexedFaceSet`
//! with a `Material`) converted to binary glTF 2.0 (GLB), which three.js's GLTFLoader reads.
//!
//! - [`parse_vrml`] reads the shapes (materials resolved through `DEF`/`USE`), polygons
//!   triangulated as fans.
//! - [`write_glb`] writes one mesh with one primitive per material: positions in metres, Y up
//!   (VRML units of KiCad models are 0.1 inch, Z up), `u16`/`u32` indices, no normals (glTF
//!   viewers compute flat normals then, which suits these faceted models).
//! - [`write_glb_in`] does the same for parts in another unit and frame ([`SourceFrame`]), e.g.
//!   the generated standard parts (millimetres, Z up).

use std::collections::HashMap;

use serde_json::json;

/// One KiCad VRML unit in metres (0.1 inch).
pub const VRML_UNIT_METRES: f32 = 0.00254;

#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum MeshError {
    #[error("not a VRML 2.0 file")]
    NotVrml,
    #[error("malformed VRML near token {position}: {message}")]
    Malformed { position: usize, message: String },
    #[error("the model has no triangles")]
    Empty,
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Material {
    pub diffuse: [f32; 3],
    pub transparency: f32,
}

impl Default for Material {
    fn default() -> Self {
        Material {
            diffuse: [0.8, 0.8, 0.8],
            transparency: 0.0,
        }
    }
}

/// The unit and up axis of the parts' coordinates, which GLB turns into metres, Y up.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SourceFrame {
    pub metres_per_unit: f32,
    pub z_up: bool,
    /// The glTF `asset.generator`.
    pub generator: &'static str,
}

/// KiCad's VRML models: 0.1 inch, Z up.
pub const KICAD_VRML: SourceFrame = SourceFrame {
    metres_per_unit: VRML_UNIT_METRES,
    z_up: true,
    generator: "portal mesh (KiCad VRML)",
};

/// Triangles sharing one material.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Part {
    pub material: Material,
    /// Coordinates in the source's unit and frame (VRML coordinates as written).
    pub points: Vec<[f32; 3]>,
    pub triangles: Vec<[u32; 3]>,
}

fn tokenize(text: &str) -> Vec<&str> {
    let mut tokens = Vec::new();
    for line in text.lines() {
        let line = line.split('#').next().unwrap_or_default();
        let mut start = None;
        for (index, c) in line.char_indices() {
            let separator = c.is_whitespace() || c == ',';
            let bracket = matches!(c, '{' | '}' | '[' | ']');
            if separator || bracket {
                if let Some(begin) = start.take() {
                    tokens.push(&line[begin..index]);
                }
                if bracket {
                    tokens.push(&line[index..index + c.len_utf8()]);
                }
            } else if start.is_none() {
                start = Some(index);
            }
        }
        if let Some(begin) = start {
            tokens.push(&line[begin..]);
        }
    }
    tokens
}

struct Reader<'a> {
    tokens: Vec<&'a str>,
    position: usize,
    materials: HashMap<String, Material>,
}

impl<'a> Reader<'a> {
    fn error(&self, message: impl Into<String>) -> MeshError {
        MeshError::Malformed {
            position: self.position,
            message: message.into(),
        }
    }

    fn next(&mut self) -> Option<&'a str> {
        let token = self.tokens.get(self.position).copied();
        self.position += 1;
        token
    }

    fn peek(&self) -> Option<&'a str> {
        self.tokens.get(self.position).copied()
    }

    fn expect(&mut self, wanted: &str) -> Result<(), MeshError> {
        match self.next() {
            Some(token) if token == wanted => Ok(()),
            other => Err(self.error(format!("expected `{wanted}`, found {other:?}"))),
        }
    }

    fn number(&mut self) -> Result<f32, MeshError> {
        let token = self.next().ok_or_else(|| self.error("unexpected end"))?;
        token
            .parse::<f32>()
            .map_err(|_| self.error(format!("`{token}` is not a number")))
    }

    /// Skips a `{ … }` or `[ … ]` block, or one value.
    fn skip_value(&mut self) -> Result<(), MeshError> {
        match self.peek() {
            Some("{") | Some("[") => {
                let mut depth = 0usize;
                while let Some(token) = self.next() {
                    match token {
                        "{" | "[" => depth += 1,
                        "}" | "]" => {
                            depth -= 1;
                            if depth == 0 {
                                return Ok(());
                            }
                        }
                        _ => {}
                    }
                }
                Err(self.error("unclosed block"))
            }
            Some(_) => {
                self.next();
                Ok(())
            }
            None => Err(self.error("unexpected end")),
        }
    }

    fn material_body(&mut self) -> Result<Material, MeshError> {
        self.expect("{")?;
        let mut material = Material::default();
        loop {
            match self.next() {
                Some("}") => return Ok(material),
                Some("diffuseColor") => {
                    material.diffuse = [self.number()?, self.number()?, self.number()?];
                }
                Some("transparency") => material.transparency = self.number()?,
                Some("ambientIntensity") | Some("shininess") => {
                    self.number()?;
                }
                Some("specularColor") | Some("emissiveColor") => {
                    for _ in 0..3 {
                        self.number()?;
                    }
                }
                Some(_) => self.skip_value()?,
                None => return Err(self.error("unclosed Material")),
            }
        }
    }

    /// `appearance Appearance { material (DEF name Material {…} | USE name | Material {…}) }`
    fn appearance(&mut self) -> Result<Material, MeshError> {
        self.expect("Appearance")?;
        self.expect("{")?;
        let mut material = Material::default();
        loop {
            match self.next() {
                Some("}") => return Ok(material),
                Some("material") => match self.next() {
                    Some("DEF") => {
                        let name = self
                            .next()
                            .ok_or_else(|| self.error("DEF without a name"))?;
                        self.expect("Material")?;
                        material = self.material_body()?;
                        self.materials.insert(name.to_owned(), material);
                    }
                    Some("USE") => {
                        let name = self
                            .next()
                            .ok_or_else(|| self.error("USE without a name"))?;
                        material = self.materials.get(name).copied().unwrap_or_default();
                    }
                    Some("Material") => material = self.material_body()?,
                    other => return Err(self.error(format!("unexpected material {other:?}"))),
                },
                Some(_) => self.skip_value()?,
                None => return Err(self.error("unclosed Appearance")),
            }
        }
    }

    fn indices(&mut self) -> Result<Vec<i64>, MeshError> {
        self.expect("[")?;
        let mut values = Vec::new();
        loop {
            match self.next() {
                Some("]") => return Ok(values),
                Some(token) => values.push(
                    token
                        .parse::<i64>()
                        .map_err(|_| self.error(format!("`{token}` is not an index")))?,
                ),
                None => return Err(self.error("unclosed index list")),
            }
        }
    }

    fn points(&mut self) -> Result<Vec<[f32; 3]>, MeshError> {
        self.expect("Coordinate")?;
        self.expect("{")?;
        self.expect("point")?;
        self.expect("[")?;
        let mut points = Vec::new();
        while self.peek() != Some("]") {
            points.push([self.number()?, self.number()?, self.number()?]);
        }
        self.expect("]")?;
        self.expect("}")?;
        Ok(points)
    }

    fn face_set(&mut self, part: &mut Part) -> Result<(), MeshError> {
        self.expect("IndexedFaceSet")?;
        self.expect("{")?;
        let mut indices = Vec::new();
        loop {
            match self.next() {
                Some("}") => break,
                Some("coordIndex") => indices = self.indices()?,
                Some("coord") => part.points = self.points()?,
                Some(_) => self.skip_value()?,
                None => return Err(self.error("unclosed IndexedFaceSet")),
            }
        }
        let count = part.points.len() as i64;
        for polygon in indices.split(|index| *index < 0) {
            if polygon.iter().any(|index| *index >= count) {
                return Err(self.error("coordIndex out of range"));
            }
            for pair in polygon.windows(2).skip(1) {
                // Fan from the first vertex; indices were checked against the point count.
                part.triangles
                    .push([polygon[0] as u32, pair[0] as u32, pair[1] as u32]);
            }
        }
        Ok(())
    }

    fn shape(&mut self) -> Result<Part, MeshError> {
        self.expect("{")?;
        let mut part = Part::default();
        loop {
            match self.next() {
                Some("}") => return Ok(part),
                Some("appearance") => part.material = self.appearance()?,
                Some("geometry") => self.face_set(&mut part)?,
                Some(_) => self.skip_value()?,
                None => return Err(self.error("unclosed Shape")),
            }
        }
    }
}

/// The shapes of a KiCad VRML file.
pub fn parse_vrml(text: &str) -> Result<Vec<Part>, MeshError> {
    if !text.starts_with("#VRML V2.0") {
        return Err(MeshError::NotVrml);
    }
    let mut reader = Reader {
        tokens: tokenize(text),
        position: 0,
        materials: HashMap::new(),
    };
    let mut parts = Vec::new();
    // Transform/Group wrappers are passed over: their Shape children are read as they come.
    while let Some(token) = reader.next() {
        if token == "Shape" {
            parts.push(reader.shape()?);
        }
    }
    Ok(parts)
}

/// Shapes merged per material (colour and transparency), in first-seen order.
fn merge_by_material(parts: Vec<Part>) -> Vec<Part> {
    let mut merged: Vec<Part> = Vec::new();
    for part in parts.into_iter().filter(|p| !p.triangles.is_empty()) {
        let target = match merged.iter_mut().find(|m| m.material == part.material) {
            Some(target) => target,
            None => {
                merged.push(Part {
                    material: part.material,
                    ..Part::default()
                });
                let last = merged.len() - 1;
                &mut merged[last]
            }
        };
        let offset = target.points.len() as u32;
        target.points.extend(part.points);
        target.triangles.extend(
            part.triangles
                .iter()
                .map(|t| [t[0] + offset, t[1] + offset, t[2] + offset]),
        );
    }
    merged
}

fn pad4(bytes: &mut Vec<u8>, fill: u8) {
    while !bytes.len().is_multiple_of(4) {
        bytes.push(fill);
    }
}

/// A GLB file of KiCad VRML parts: one node, one mesh, one primitive per material.
pub fn write_glb(parts: Vec<Part>) -> Result<Vec<u8>, MeshError> {
    write_glb_in(parts, &KICAD_VRML)
}

/// A GLB file of parts in `frame`'s unit and up axis: one node, one mesh, one primitive per
/// material.
pub fn write_glb_in(parts: Vec<Part>, frame: &SourceFrame) -> Result<Vec<u8>, MeshError> {
    let parts = merge_by_material(parts);
    if parts.is_empty() {
        return Err(MeshError::Empty);
    }
    let mut binary: Vec<u8> = Vec::new();
    let mut buffer_views = Vec::new();
    let mut accessors = Vec::new();
    let mut materials = Vec::new();
    let mut primitives = Vec::new();
    for part in &parts {
        // The source unit → metres; Z up → glTF's Y up.
        let scale = frame.metres_per_unit;
        let positions: Vec<[f32; 3]> = part
            .points
            .iter()
            .map(|[x, y, z]| {
                if frame.z_up {
                    [x * scale, z * scale, -y * scale]
                } else {
                    [x * scale, y * scale, z * scale]
                }
            })
            .collect();
        let mut min = [f32::MAX; 3];
        let mut max = [f32::MIN; 3];
        for point in &positions {
            for axis in 0..3 {
                min[axis] = min[axis].min(point[axis]);
                max[axis] = max[axis].max(point[axis]);
            }
        }
        let position_offset = binary.len();
        for point in &positions {
            for value in point {
                binary.extend_from_slice(&value.to_le_bytes());
            }
        }
        buffer_views.push(json!({
            "buffer": 0, "byteOffset": position_offset,
            "byteLength": positions.len() * 12, "target": 34962
        }));
        accessors.push(json!({
            "bufferView": buffer_views.len() - 1, "componentType": 5126,
            "count": positions.len(), "type": "VEC3", "min": min, "max": max
        }));
        let position_accessor = accessors.len() - 1;

        let index_offset = binary.len();
        let small = positions.len() <= usize::from(u16::MAX);
        for index in part.triangles.iter().flatten() {
            if small {
                binary.extend_from_slice(&(*index as u16).to_le_bytes());
            } else {
                binary.extend_from_slice(&index.to_le_bytes());
            }
        }
        let index_length = binary.len() - index_offset;
        pad4(&mut binary, 0);
        buffer_views.push(json!({
            "buffer": 0, "byteOffset": index_offset, "byteLength": index_length, "target": 34963
        }));
        accessors.push(json!({
            "bufferView": buffer_views.len() - 1,
            "componentType": if small { 5123 } else { 5125 },
            "count": part.triangles.len() * 3, "type": "SCALAR"
        }));
        let index_accessor = accessors.len() - 1;

        let [r, g, b] = part.material.diffuse;
        let alpha = (1.0 - part.material.transparency).clamp(0.0, 1.0);
        let mut material = json!({
            "pbrMetallicRoughness": {
                "baseColorFactor": [r, g, b, alpha], "metallicFactor": 0.0, "roughnessFactor": 0.6
            },
            "doubleSided": true
        });
        if alpha < 1.0 {
            material["alphaMode"] = json!("BLEND");
        }
        materials.push(material);
        primitives.push(json!({
            "attributes": { "POSITION": position_accessor },
            "indices": index_accessor,
            "material": materials.len() - 1,
            "mode": 4
        }));
    }
    let document = json!({
        "asset": { "version": "2.0", "generator": frame.generator },
        "scene": 0,
        "scenes": [{ "nodes": [0] }],
        "nodes": [{ "mesh": 0 }],
        "meshes": [{ "primitives": primitives }],
        "materials": materials,
        "accessors": accessors,
        "bufferViews": buffer_views,
        "buffers": [{ "byteLength": binary.len() }]
    });
    let mut json_bytes = serde_json::to_vec(&document).map_err(|error| MeshError::Malformed {
        position: 0,
        message: error.to_string(),
    })?;
    pad4(&mut json_bytes, b' ');
    let total = 12 + 8 + json_bytes.len() + 8 + binary.len();
    let mut glb = Vec::with_capacity(total);
    glb.extend_from_slice(b"glTF");
    glb.extend_from_slice(&2u32.to_le_bytes());
    glb.extend_from_slice(&(total as u32).to_le_bytes());
    glb.extend_from_slice(&(json_bytes.len() as u32).to_le_bytes());
    glb.extend_from_slice(b"JSON");
    glb.extend_from_slice(&json_bytes);
    glb.extend_from_slice(&(binary.len() as u32).to_le_bytes());
    glb.extend_from_slice(b"BIN\0");
    glb.extend_from_slice(&binary);
    Ok(glb)
}

/// A KiCad `.wrl` as GLB bytes.
pub fn vrml_to_glb(text: &str) -> Result<Vec<u8>, MeshError> {
    write_glb(parse_vrml(text)?)
}

#[cfg(test)]
mod tests {
    use super::*;

    const CUBE_CORNER: &str = "#VRML V2.0 utf8\n#kicad StepUp wrl exported\n\
Shape {\n appearance Appearance {material DEF PIN-01 Material {\n ambientIntensity 0.271\n\
 diffuseColor 0.824 0.82 0.781\n specularColor 0.328 0.258 0.172\n emissiveColor 0.0 0.0 0.0\n\
 transparency 0.0\n shininess 0.7\n }\n }\n geometry IndexedFaceSet {\n creaseAngle 0.50\n\
 coordIndex [0,1,2,3,-1,0,1,4,-1]\n coord Coordinate { point [0 0 0, 1 0 0, 1 1 0, 0 1 0, 0 0 1] }\n }\n}\n\
Shape { appearance Appearance {material USE PIN-01 }\n geometry IndexedFaceSet {\n\
 coordIndex [0,1,2,-1]\n coord Coordinate { point [0 0 2,1 0 2,0 1 2]\n }\n }\n}\n\
Shape { appearance Appearance {material DEF IC-BODY Material {\n diffuseColor 0.1 0.1 0.1\n\
 transparency 0.5\n }\n }\n geometry IndexedFaceSet {\n coordIndex [0,1,2,-1]\n\
 coord Coordinate { point [0 0 3,1 0 3,0 1 3] }\n }\n}\n";

    #[test]
    fn shapes_are_read_with_their_materials_and_fan_triangulated() {
        let parts = parse_vrml(CUBE_CORNER).unwrap();
        assert_eq!(parts.len(), 3);
        assert_eq!(parts[0].points.len(), 5);
        assert_eq!(parts[0].triangles, [[0, 1, 2], [0, 2, 3], [0, 1, 4]]);
        assert_eq!(parts[1].material, parts[0].material, "USE resolves the DEF");
        assert_eq!(parts[0].material.diffuse, [0.824, 0.82, 0.781]);
        assert_eq!(parts[2].material.transparency, 0.5);
    }

    #[test]
    fn the_glb_is_well_formed_gltf() {
        let glb = vrml_to_glb(CUBE_CORNER).unwrap();
        assert_eq!(&glb[0..4], b"glTF");
        assert_eq!(u32::from_le_bytes(glb[4..8].try_into().unwrap()), 2);
        assert_eq!(
            u32::from_le_bytes(glb[8..12].try_into().unwrap()) as usize,
            glb.len()
        );
        let json_length = u32::from_le_bytes(glb[12..16].try_into().unwrap()) as usize;
        assert_eq!(&glb[16..20], b"JSON");
        assert_eq!(json_length % 4, 0);
        let document: serde_json::Value =
            serde_json::from_slice(&glb[20..20 + json_length]).unwrap();
        let bin_header = 20 + json_length;
        let bin_length =
            u32::from_le_bytes(glb[bin_header..bin_header + 4].try_into().unwrap()) as usize;
        assert_eq!(&glb[bin_header + 4..bin_header + 8], b"BIN\0");
        assert_eq!(document["buffers"][0]["byteLength"], bin_length);
        // Two materials → two primitives; the shared one merged its two shapes.
        let primitives = document["meshes"][0]["primitives"].as_array().unwrap();
        assert_eq!(primitives.len(), 2);
        assert_eq!(document["accessors"][0]["count"], 8);
        assert_eq!(document["accessors"][1]["count"], 12);
        assert_eq!(document["materials"][1]["alphaMode"], "BLEND");
        // Z up in VRML becomes Y up: the top point (z = 2 units) is 5.08 mm high.
        let max_y = document["accessors"][0]["max"][1].as_f64().unwrap();
        assert!((max_y - 0.00508).abs() < 1e-6, "{max_y}");
        for view in document["bufferViews"].as_array().unwrap() {
            let end = view["byteOffset"].as_u64().unwrap() + view["byteLength"].as_u64().unwrap();
            assert!(end as usize <= bin_length);
        }
    }

    #[test]
    fn bad_input_is_an_error_not_a_panic() {
        assert_eq!(parse_vrml("solid x"), Err(MeshError::NotVrml));
        let out_of_range = "#VRML V2.0 utf8\nShape { geometry IndexedFaceSet { coordIndex [0,1,5,-1] coord Coordinate { point [0 0 0, 1 0 0, 0 1 0] } } }";
        assert!(matches!(
            parse_vrml(out_of_range),
            Err(MeshError::Malformed { .. })
        ));
        assert!(matches!(
            parse_vrml("#VRML V2.0 utf8\nShape {"),
            Err(MeshError::Malformed { .. })
        ));
        assert_eq!(write_glb(Vec::new()), Err(MeshError::Empty));
    }

    #[test]
    fn another_frame_scales_and_keeps_its_up_axis() {
        let triangle = Part {
            material: Material::default(),
            points: vec![[0.0, 0.0, 0.0], [1000.0, 0.0, 0.0], [0.0, 2000.0, 0.0]],
            triangles: vec![[0, 1, 2]],
        };
        let frame = SourceFrame {
            metres_per_unit: 0.001,
            z_up: false,
            generator: "test",
        };
        let glb = write_glb_in(vec![triangle], &frame).unwrap();
        let json_length = u32::from_le_bytes(glb[12..16].try_into().unwrap()) as usize;
        let document: serde_json::Value =
            serde_json::from_slice(&glb[20..20 + json_length]).unwrap();
        assert_eq!(document["asset"]["generator"], "test");
        assert_eq!(document["accessors"][0]["max"][0].as_f64(), Some(1.0));
        assert_eq!(document["accessors"][0]["max"][1].as_f64(), Some(2.0));
    }
}
