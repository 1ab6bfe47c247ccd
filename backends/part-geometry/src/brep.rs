//! Prisms as truck B-rep solids, their STEP AP214 text and their tessellation.

use std::collections::HashMap;
use std::f64::consts::PI;

use truck_meshalgo::prelude::{MeshableShape, MeshedShape};
use truck_modeling::{builder, Face, Point3, Rad, Solid, Vector3, Wire};
use truck_stepio::out::{CompleteStepDisplay, StepHeaderDescriptor, StepModels};

use crate::section::{
    arc_angles, path_arc, Body, Contour, Frustum, PathStep, Prism, Revolution, Torus,
};
use crate::GeometryError;

/// The B-rep solids of a shape.
pub struct Model {
    solids: Vec<Solid>,
    /// The bodies the solids were built from, in the same order.
    bodies: Vec<Body>,
    /// The smallest circle radius, which sets the tessellation's chord tolerance.
    smallest_radius: Option<f64>,
}

fn wire(contour: &Contour, z: f64) -> Wire {
    match contour {
        Contour::Circle { center, radius } => {
            let start = builder::vertex(Point3::new(center[0] + radius, center[1], z));
            // Counter-clockwise seen from +Z, as the polygons.
            builder::rsweep(
                &start,
                Point3::new(center[0], center[1], z),
                Vector3::unit_z(),
                Rad(2.0 * PI),
            )
        }
        Contour::Segment { radius, chord } => {
            let (half, _) = Contour::chord_ends(*radius, *chord);
            // Counter-clockwise: along the arc through the far side, back along the chord.
            let side = chord.signum();
            let start = builder::vertex(Point3::new(half * side, *chord, z));
            let end = builder::vertex(Point3::new(-half * side, *chord, z));
            let arc = builder::circle_arc(&start, &end, Point3::new(0.0, radius * side, z));
            vec![arc, builder::line(&end, &start)].into()
        }
        Contour::Path { start, steps } => path_wire(*start, steps, z),
        Contour::Polygon(points) => {
            let vertices: Vec<_> = points
                .iter()
                .map(|[x, y]| builder::vertex(Point3::new(*x, *y, z)))
                .collect();
            vertices
                .iter()
                .zip(vertices.iter().cycle().skip(1))
                .map(|(a, b)| builder::line(a, b))
                .collect()
        }
    }
}

/// A closed path of lines and arcs: one vertex per corner, the last step back to the first.
/// An arc is written as pieces of at most a quarter turn: truck's three-point arc is a rational
/// quadratic curve whose middle weight turns negative beyond a half turn, and its tessellation of
/// such an arc did not finish in minutes (a circlip's ring runs almost all the way round).
fn path_wire(start: [f64; 2], steps: &[PathStep], z: f64) -> Wire {
    let vertex = |[x, y]: [f64; 2]| builder::vertex(Point3::new(x, y, z));
    let first = vertex(start);
    let mut from = first.clone();
    let mut edges = Vec::with_capacity(steps.len());
    for (index, (corner, step)) in Contour::path_segments(&start, steps).enumerate() {
        let to = if index + 1 == steps.len() {
            first.clone()
        } else {
            vertex(step.to)
        };
        match path_arc(corner, step) {
            None => edges.push(builder::line(&from, &to)),
            Some((center, radius, angle, sweep)) => {
                let on_circle =
                    |at: f64| [center[0] + radius * at.cos(), center[1] + radius * at.sin()];
                let pieces = (sweep.abs() / (PI / 2.0)).ceil().max(1.0) as usize;
                let piece = sweep / pieces as f64;
                for part in 0..pieces {
                    let end = if part + 1 == pieces {
                        to.clone()
                    } else {
                        vertex(on_circle(angle + piece * (part + 1) as f64))
                    };
                    let [x, y] = on_circle(angle + piece * (part as f64 + 0.5));
                    edges.push(builder::circle_arc(&from, &end, Point3::new(x, y, z)));
                    from = end;
                }
            }
        }
        from = to;
    }
    edges.into()
}

/// A torus: the disk in the XZ plane revolved a full turn about Z (the disk stays off the axis,
/// which truck's revolution needs).
fn torus(torus: &Torus) -> Result<Solid, GeometryError> {
    let center = Point3::new(torus.major_radius, 0.0, torus.center_z);
    let start = builder::vertex(Point3::new(
        torus.major_radius + torus.minor_radius,
        0.0,
        torus.center_z,
    ));
    let circle: Wire = builder::rsweep(&start, center, Vector3::unit_y(), Rad(2.0 * PI));
    let disk = builder::try_attach_plane(&[circle])
        .map_err(|error| GeometryError::Modeling(error.to_string()))?;
    Ok(builder::rsweep(
        &disk,
        Point3::new(0.0, 0.0, torus.center_z),
        Vector3::unit_z(),
        Rad(2.0 * PI),
    ))
}

/// A solid of revolution: its outline in the XZ plane (x = r) as one wire from the axis round
/// to the axis, turned a full revolution by `builder::cone`, which drops the degenerate edges
/// on the axis so that the shell closes.
fn revolution(revolution: &Revolution) -> Result<Solid, GeometryError> {
    let point = |[r, z]: [f64; 2]| Point3::new(r, 0.0, z);
    let mut from = builder::vertex(point(revolution.start));
    let mut edges = Vec::with_capacity(revolution.steps.len());
    for (start, step) in revolution.segments() {
        let to = builder::vertex(point(step.to));
        let edge = match arc_angles(start, step) {
            None => builder::line(&from, &to),
            Some((center, radius, first, last)) => {
                let middle = (first + last) / 2.0;
                let transit = [
                    center[0] + radius * middle.cos(),
                    center[1] + radius * middle.sin(),
                ];
                builder::circle_arc(&from, &to, point(transit))
            }
        };
        edges.push(edge);
        from = to;
    }
    let wire: Wire = edges.into();
    let shell = builder::cone(&wire, Vector3::unit_z(), Rad(2.0 * PI));
    Solid::try_new(vec![shell]).map_err(|error| GeometryError::Modeling(error.to_string()))
}

fn solid(body: &Body) -> Result<Solid, GeometryError> {
    match body {
        Body::Prism(prism) => prism_solid(prism),
        Body::Torus(shape) => torus(shape),
        Body::Revolution(shape) => revolution(shape),
        Body::Frustum(shape) => frustum(shape),
    }
}

/// A frustum slab with holes, face by face: the cone is the ruled surface between its bottom and
/// top circles (`builder::try_wire_homotopy`: corresponding points of two concentric circles
/// lie on one generator, so the surface is the cone exactly), each hole's walls the ruled
/// surface between its two copies, and the planar bottom and top faces are bounded by the same
/// edges, so the shell closes. Orientation: the outer circles counter-clockwise and the holes
/// clockwise (seen from +Z) make the side faces face out; the caps run the shared edges the
/// other way round.
fn frustum(frustum: &Frustum) -> Result<Solid, GeometryError> {
    fn modeling(error: impl std::fmt::Display) -> GeometryError {
        GeometryError::Modeling(error.to_string())
    }
    let circle = |radius: f64, z: f64| {
        wire(
            &Contour::Circle {
                center: [0.0, 0.0],
                radius,
            },
            z,
        )
    };
    let (outer_bottom, outer_top) = (
        circle(frustum.bottom_radius, frustum.bottom),
        circle(frustum.top_radius, frustum.top),
    );
    let mut faces: Vec<Face> = builder::try_wire_homotopy(&outer_bottom, &outer_top)
        .map_err(modeling)?
        .into_iter()
        .collect();
    let mut bottom_wires = vec![outer_bottom.inverse()];
    let mut top_wires = vec![outer_top];
    for hole in &frustum.holes {
        let (low, high) = (
            wire(hole, frustum.bottom).inverse(),
            wire(hole, frustum.top).inverse(),
        );
        faces.extend(builder::try_wire_homotopy(&low, &high).map_err(modeling)?);
        bottom_wires.push(low.inverse());
        top_wires.push(high);
    }
    faces.push(builder::try_attach_plane(&bottom_wires).map_err(modeling)?);
    faces.push(builder::try_attach_plane(&top_wires).map_err(modeling)?);
    Solid::try_new(vec![faces.into()]).map_err(modeling)
}

fn prism_solid(prism: &Prism) -> Result<Solid, GeometryError> {
    let mut wires = vec![wire(&prism.outer, prism.bottom)];
    // Holes run the other way round, so that the face's material lies left of every wire.
    wires.extend(
        prism
            .holes
            .iter()
            .map(|hole| wire(hole, prism.bottom).inverse()),
    );
    let face = builder::try_attach_plane(&wires)
        .map_err(|error| GeometryError::Modeling(error.to_string()))?;
    Ok(builder::tsweep(
        &face,
        Vector3::new(0.0, 0.0, prism.top - prism.bottom),
    ))
}

/// A welded triangle mesh: shared corners are one vertex, so edges can be counted.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct TriangleMesh {
    pub positions: Vec<[f64; 3]>,
    pub triangles: Vec<[u32; 3]>,
}

impl TriangleMesh {
    /// The enclosed volume (divergence theorem), positive for outward-facing triangles.
    pub fn volume(&self) -> f64 {
        self.triangles
            .iter()
            .map(|[a, b, c]| {
                let (a, b, c) = (
                    self.positions[*a as usize],
                    self.positions[*b as usize],
                    self.positions[*c as usize],
                );
                (a[0] * (b[1] * c[2] - b[2] * c[1]) - a[1] * (b[0] * c[2] - b[2] * c[0])
                    + a[2] * (b[0] * c[1] - b[1] * c[0]))
                    / 6.0
            })
            .sum()
    }

    /// Whether every edge is used by exactly two triangles, once in each direction: a closed,
    /// consistently oriented surface.
    pub fn is_watertight(&self) -> bool {
        let mut directed: HashMap<(u32, u32), usize> = HashMap::new();
        for [a, b, c] in &self.triangles {
            for edge in [(*a, *b), (*b, *c), (*c, *a)] {
                *directed.entry(edge).or_default() += 1;
            }
        }
        !directed.is_empty()
            && directed
                .iter()
                .all(|(&(a, b), count)| *count == 1 && directed.get(&(b, a)) == Some(&1))
    }

    pub fn bounds(&self) -> ([f64; 3], [f64; 3]) {
        self.positions.iter().fold(
            ([f64::MAX; 3], [f64::MIN; 3]),
            |(mut min, mut max), point| {
                for axis in 0..3 {
                    min[axis] = min[axis].min(point[axis]);
                    max[axis] = max[axis].max(point[axis]);
                }
                (min, max)
            },
        )
    }

    fn append(&mut self, other: &TriangleMesh) {
        let offset = self.positions.len() as u32;
        self.positions.extend_from_slice(&other.positions);
        self.triangles.extend(
            other
                .triangles
                .iter()
                .map(|t| [t[0] + offset, t[1] + offset, t[2] + offset]),
        );
    }
}

/// The radii of contours' circles and arcs (the tessellation's chord tolerance follows the
/// smallest).
fn contour_radii<'a>(contours: impl IntoIterator<Item = &'a Contour>) -> Vec<f64> {
    contours
        .into_iter()
        .flat_map(|contour| match contour {
            Contour::Circle { radius, .. } | Contour::Segment { radius, .. } => vec![*radius],
            Contour::Path { start, steps } => Contour::path_segments(start, steps)
                .filter_map(|(from, step)| path_arc(from, step).map(|arc| arc.1))
                .collect(),
            Contour::Polygon(_) => Vec::new(),
        })
        .collect()
}

/// Segments of a full circle of `radius` whose chords stay within `tolerance` of it.
fn circle_segments(radius: f64, tolerance: f64) -> usize {
    let step = 2.0 * (1.0 - (tolerance / radius).min(1.0)).acos();
    ((2.0 * PI / step.max(1e-3)).ceil() as usize).clamp(12, 2048)
}

/// How finely a tessellation divides curved surfaces.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Detail {
    /// The downloads (STL, GLB): prisms' chords within 0.4 % of the smallest circle's radius,
    /// tori's and revolutions' within 0.1 % of their own radius (about 70 segments a turn).
    Fine,
    /// Shape-search fingerprints and thumbnails, which normalise the scale, sample 1,024 surface
    /// points and render 64-pixel views: every chord within 2 % of the radius it divides
    /// (prisms: of the smallest circle's; at least 16 segments a turn). Several times fewer
    /// triangles and less time than [`Detail::Fine`], volumes within about 1.5 %.
    Coarse,
}

impl Detail {
    /// The prisms' chord tolerance as a fraction of the smallest circle's radius.
    fn prism_fraction(self) -> f64 {
        match self {
            Detail::Fine => 0.004,
            Detail::Coarse => 0.02,
        }
    }

    /// Tori's and revolutions' chord tolerance as a fraction of each radius.
    fn own_fraction(self) -> f64 {
        match self {
            Detail::Fine => 0.001,
            Detail::Coarse => 0.02,
        }
    }
}

/// A torus as a grid over its two angles, triangles facing out. Each direction's chords stay
/// within 0.1 % of its radius at [`Detail::Fine`] (about 70 segments), so the grid keeps over
/// 99.7 % of the volume at any size.
fn torus_mesh(torus: &Torus, detail: Detail) -> TriangleMesh {
    let (big, small, z) = (torus.major_radius, torus.minor_radius, torus.center_z);
    let fraction = detail.own_fraction();
    let around = circle_segments(big + small, fraction * (big + small));
    let across = circle_segments(small, fraction * small);
    let mut mesh = TriangleMesh::default();
    for i in 0..around {
        let u = 2.0 * PI * i as f64 / around as f64;
        for j in 0..across {
            let v = 2.0 * PI * j as f64 / across as f64;
            let reach = big + small * v.cos();
            mesh.positions
                .push([reach * u.cos(), reach * u.sin(), z + small * v.sin()]);
        }
    }
    let index = |i: usize, j: usize| ((i % around) * across + j % across) as u32;
    for i in 0..around {
        for j in 0..across {
            let (a, b) = (index(i, j), index(i + 1, j));
            let (c, d) = (index(i + 1, j + 1), index(i, j + 1));
            mesh.triangles.push([a, b, c]);
            mesh.triangles.push([a, c, d]);
        }
    }
    mesh
}

/// A solid of revolution as a grid over its outline and the turn, triangles facing out: each
/// arc of the outline and the turn divided so that chords stay within 0.1 % of their radius (as
/// tori; at [`Detail::Fine`]), a point on the axis one vertex with a fan around it.
/// truck-meshalgo's triangulation of the revolved surfaces leaves gaps where they meet at the
/// axis (the degenerate poles).
fn revolution_mesh(revolution: &Revolution, detail: Detail) -> TriangleMesh {
    let fraction = detail.own_fraction();
    let mut outline: Vec<[f64; 2]> = vec![revolution.start];
    for (from, step) in revolution.segments() {
        if let Some((center, radius, start, end)) = arc_angles(from, step) {
            let full = circle_segments(radius, fraction * radius) as f64;
            let pieces = ((full * (end - start) / (2.0 * PI)).ceil() as usize).max(2);
            for piece in 1..pieces {
                let angle = start + (end - start) * piece as f64 / pieces as f64;
                outline.push([
                    center[0] + radius * angle.cos(),
                    center[1] + radius * angle.sin(),
                ]);
            }
        }
        outline.push(step.to);
    }
    let (reach, _, _) = revolution.extent();
    let around = circle_segments(reach, fraction * reach);
    let on_axis = |point: &[f64; 2]| point[0].abs() < 1e-9;
    let mut mesh = TriangleMesh::default();
    // The first vertex of each outline point: one on the axis, else a ring of `around`.
    let mut first = Vec::with_capacity(outline.len());
    for point in &outline {
        first.push(mesh.positions.len() as u32);
        if on_axis(point) {
            mesh.positions.push([0.0, 0.0, point[1]]);
        } else {
            for i in 0..around {
                let angle = 2.0 * PI * i as f64 / around as f64;
                mesh.positions
                    .push([point[0] * angle.cos(), point[0] * angle.sin(), point[1]]);
            }
        }
    }
    let vertex = |index: usize, i: usize| {
        if on_axis(&outline[index]) {
            first[index]
        } else {
            first[index] + (i % around) as u32
        }
    };
    for index in 0..outline.len() - 1 {
        let (a_axis, b_axis) = (on_axis(&outline[index]), on_axis(&outline[index + 1]));
        for i in 0..around {
            // A = (this, i), B = (next, i), C = (next, i + 1), D = (this, i + 1): along a
            // counter-clockwise outline, A C B and A D C face out.
            let (a, b) = (vertex(index, i), vertex(index + 1, i));
            let (c, d) = (vertex(index + 1, i + 1), vertex(index, i + 1));
            if !b_axis {
                mesh.triangles.push([a, c, b]);
            }
            if !a_axis {
                mesh.triangles.push([a, d, c]);
            }
        }
    }
    mesh
}

/// Corners closer than this (mm) are one vertex: truck evaluates a boundary point once for each
/// face that shares it, and the two results differ in the seventh decimal.
const WELD_TOLERANCE: f64 = 1e-4;

fn weld(positions: &[Point3], triangles: impl Iterator<Item = [usize; 3]>) -> TriangleMesh {
    let mut mesh = TriangleMesh::default();
    let mut cells: HashMap<[i64; 3], Vec<u32>> = HashMap::new();
    let mut remap = vec![u32::MAX; positions.len()];
    for (original, point) in positions.iter().enumerate() {
        let point = [point.x, point.y, point.z];
        let cell = point.map(|c| (c / WELD_TOLERANCE).floor() as i64);
        // A corner within the tolerance lies in this cell or a neighbouring one.
        let mut found = None;
        'search: for dx in -1..=1 {
            for dy in -1..=1 {
                for dz in -1..=1 {
                    let neighbour = [cell[0] + dx, cell[1] + dy, cell[2] + dz];
                    for index in cells.get(&neighbour).into_iter().flatten() {
                        let other = mesh.positions[*index as usize];
                        let distance = (0..3)
                            .map(|axis| (other[axis] - point[axis]).powi(2))
                            .sum::<f64>()
                            .sqrt();
                        if distance < WELD_TOLERANCE {
                            found = Some(*index);
                            break 'search;
                        }
                    }
                }
            }
        }
        remap[original] = found.unwrap_or_else(|| {
            mesh.positions.push(point);
            let index = (mesh.positions.len() - 1) as u32;
            cells.entry(cell).or_default().push(index);
            index
        });
    }
    mesh.triangles = triangles
        .map(|t| t.map(|i| remap[i]))
        // Triangles that collapse when their corners weld carry no area.
        .filter(|[a, b, c]| a != b && b != c && c != a)
        .collect();
    mesh
}

impl Model {
    pub fn from_bodies(bodies: &[Body]) -> Result<Model, GeometryError> {
        let solids = bodies.iter().map(solid).collect::<Result<Vec<_>, _>>()?;
        let smallest_radius = bodies
            .iter()
            .flat_map(|body| match body {
                Body::Prism(prism) => {
                    contour_radii(std::iter::once(&prism.outer).chain(&prism.holes))
                }
                Body::Frustum(frustum) => contour_radii(&frustum.holes)
                    .into_iter()
                    .chain([frustum.bottom_radius, frustum.top_radius])
                    .collect(),
                Body::Torus(torus) => vec![torus.minor_radius],
                // Arcs' radii; a cone's corners set no finer tolerance than its rim needs.
                Body::Revolution(revolution) => revolution
                    .segments()
                    .filter_map(|(from, step)| arc_angles(from, step).map(|arc| arc.1))
                    .chain(revolution.corners().map(|[r, _]| r).filter(|r| *r > 0.0))
                    .collect(),
            })
            .reduce(f64::min);
        Ok(Model {
            solids,
            bodies: bodies.to_vec(),
            smallest_radius,
        })
    }

    pub fn solid_count(&self) -> usize {
        self.solids.len()
    }

    /// The prisms' chord tolerance: at [`Detail::Fine`] 0.4 % of the smallest radius. A regular
    /// polygon with that sagitta keeps 99.5 % of its circle's area; truck divides its curves
    /// more finely than that (measured: 0.01–0.4 % volume error over every row of the tables,
    /// docs/part-geometry.md).
    fn tolerance(&self, detail: Detail) -> f64 {
        let fraction = detail.prism_fraction();
        self.smallest_radius
            .map_or(2.5 * fraction, |radius| radius * fraction)
    }

    /// One welded mesh per solid, at [`Detail::Fine`].
    pub fn meshes(&self) -> Vec<TriangleMesh> {
        self.meshes_at(Detail::Fine)
    }

    /// One welded mesh per solid.
    pub fn meshes_at(&self, detail: Detail) -> Vec<TriangleMesh> {
        let tolerance = self.tolerance(detail);
        self.solids
            .iter()
            .zip(&self.bodies)
            .map(|(solid, body)| {
                if let Body::Torus(torus) = body {
                    // truck-meshalgo's trimmed-surface triangulation breaks down on thin, wide
                    // tori (ISO 3601 rings above ~90 mm: triangles across the hole); the torus's
                    // own parametrisation gives a closed grid of the same chord tolerance.
                    return torus_mesh(torus, detail);
                }
                if let Body::Revolution(revolution) = body {
                    return revolution_mesh(revolution, detail);
                }
                let polygon = solid.triangulation(tolerance).to_polygon();
                weld(
                    polygon.positions(),
                    polygon
                        .faces()
                        .triangle_iter()
                        .map(|t| [t[0].pos, t[1].pos, t[2].pos]),
                )
            })
            .collect()
    }

    /// All solids in one mesh (for STL and GLB), at [`Detail::Fine`].
    pub fn mesh(&self) -> TriangleMesh {
        self.mesh_at(Detail::Fine)
    }

    /// All solids in one mesh.
    pub fn mesh_at(&self, detail: Detail) -> TriangleMesh {
        let mut all = TriangleMesh::default();
        for mesh in self.meshes_at(detail) {
            all.append(&mesh);
        }
        all
    }

    /// The model as a STEP AP214 file; `name` becomes the product's name.
    pub fn step(&self, name: &str) -> String {
        let compressed: Vec<_> = self.solids.iter().map(Solid::compress).collect();
        let models: StepModels<_, _, _> = compressed.iter().collect();
        let text = CompleteStepDisplay::new(models, StepHeaderDescriptor::default()).to_string();
        repair_step(&text, name)
    }
}

/// A STEP string literal's content: apostrophes doubled, non-ASCII left out (STEP strings are
/// ISO 8859-1 unless encoded with \X2\, which not every reader decodes).
fn step_string(text: &str) -> String {
    text.chars()
        .filter(|c| c.is_ascii() && !c.is_ascii_control())
        .collect::<String>()
        .replace('\'', "''")
}

/// truck-stepio 0.3's file with the header an AP214 reader expects, and a named product.
///
/// truck writes FILE_NAME's author and organization lists doubly parenthesised (`((''))`): a
/// list of lists where the schema has a list of strings, which OpenCascade reports as
/// "StepReaderData : Unresolved Reference : Fails Count : 2". It names the schema
/// ISO-10303-042 (AP214 is AUTOMOTIVE_DESIGN) and leaves the product nameless. The DATA
/// section is kept as truck wrote it.
fn repair_step(text: &str, name: &str) -> String {
    let name = step_string(name);
    let data = text.find("DATA;").map_or("", |start| &text[start..]);
    let time_stamp = chrono::Utc::now().format("%Y-%m-%dT%H:%M:%S");
    let header = format!(
        "ISO-10303-21;\nHEADER;\nFILE_DESCRIPTION(('{name}'), '2;1');\n\
         FILE_NAME('{name}', '{time_stamp}', (''), (''), 'truck-stepio 0.3', \
         'portal part-geometry', '');\n\
         FILE_SCHEMA(('AUTOMOTIVE_DESIGN {{ 1 0 10303 214 1 1 1 1 }}'));\nENDSEC;\n"
    );
    header
        + &data.replacen(
            "#7 = PRODUCT('','','', (#8));",
            &format!("#7 = PRODUCT('{name}','{name}','', (#8));"),
            1,
        )
}

/// The `#n` references of a STEP file's DATA section that name no entity of it.
pub fn dangling_references(text: &str) -> Vec<u64> {
    let data = text.split_once("DATA;").map_or("", |(_, rest)| {
        rest.split("ENDSEC;").next().unwrap_or_default()
    });
    let mut defined = std::collections::BTreeSet::new();
    let mut referenced = std::collections::BTreeSet::new();
    for statement in data.split(';') {
        let statement = statement.trim();
        let (head, body) = match statement.split_once('=') {
            Some((head, body)) if head.trim().starts_with('#') => (head, body),
            _ => continue,
        };
        if let Ok(id) = head.trim()[1..].trim().parse::<u64>() {
            defined.insert(id);
        }
        // References outside string literals ('…' may contain '#').
        let mut in_string = false;
        let mut chars = body.chars().peekable();
        while let Some(c) = chars.next() {
            match c {
                '\'' => in_string = !in_string,
                '#' if !in_string => {
                    let mut digits = String::new();
                    while let Some(d) = chars.peek().filter(|d| d.is_ascii_digit()) {
                        digits.push(*d);
                        chars.next();
                    }
                    if let Ok(id) = digits.parse::<u64>() {
                        referenced.insert(id);
                    }
                }
                _ => {}
            }
        }
    }
    referenced.difference(&defined).copied().collect()
}
