//! The two-dimensional drawing: front, side and top views of the prisms with the key
//! dimensions, built once as lines, circles, arrowheads and texts on layers in millimetres, then
//! rendered as SVG ([`Drawing::svg`]) and as DXF R12 ([`Drawing::dxf`]).
//!
//! First-angle projection (GB/T 14692, ISO 128): the front view looks along +Y (X right, Z up),
//! the side view is seen from +X (Y right, Z up) and placed left of the front view, the top view
//! is seen from +Z (X right, Y up) and placed below it.

use std::fmt::Write as _;

use crate::section::{
    arc_angles, path_arc, Body, BoundingBox, Contour, Frustum, Prism, ProfileStep, Revolution,
    Torus,
};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum View {
    Front,
    Side,
    Top,
}

/// A linear dimension in one view's coordinates: the measured points, and the dimension line
/// `offset` text heights away from them, on the left of the direction from → to.
#[derive(Debug, Clone, PartialEq)]
pub struct Dimension {
    pub view: View,
    pub from: [f64; 2],
    pub to: [f64; 2],
    pub offset: f64,
    pub name: String,
    pub value: f64,
    pub diameter: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Layer {
    Outline,
    Hidden,
    Center,
    Dimensions,
}

impl Layer {
    pub fn name(self) -> &'static str {
        match self {
            Layer::Outline => "OUTLINE",
            Layer::Hidden => "HIDDEN",
            Layer::Center => "CENTER",
            Layer::Dimensions => "DIMENSIONS",
        }
    }

    fn line_type(self) -> &'static str {
        match self {
            Layer::Outline | Layer::Dimensions => "CONTINUOUS",
            Layer::Hidden => "DASHED",
            Layer::Center => "CENTER",
        }
    }

    /// AutoCAD colour index.
    fn colour(self) -> u8 {
        match self {
            Layer::Outline => 7,
            Layer::Hidden => 8,
            Layer::Center => 1,
            Layer::Dimensions => 3,
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
pub enum Entity {
    Line {
        layer: Layer,
        from: [f64; 2],
        to: [f64; 2],
    },
    Circle {
        layer: Layer,
        center: [f64; 2],
        radius: f64,
    },
    /// Counter-clockwise from `start` to `end` (degrees).
    Arc {
        layer: Layer,
        center: [f64; 2],
        radius: f64,
        start: f64,
        end: f64,
    },
    /// A filled triangle (dimension arrowheads).
    Arrowhead { corners: [[f64; 2]; 3] },
    /// `text` is centred on `at`, rotated `angle` degrees counter-clockwise.
    Text {
        at: [f64; 2],
        height: f64,
        angle: f64,
        text: DimensionText,
    },
}

/// A dimension's text: name, value and whether it is a diameter, so that each format writes
/// the diameter sign its own way (⌀ in SVG, %%c in DXF).
#[derive(Debug, Clone, PartialEq)]
pub struct DimensionText {
    pub name: String,
    pub value: f64,
    pub diameter: bool,
}

/// Millimetres with at most two decimals, trailing zeros dropped.
pub fn format_length(value: f64) -> String {
    let text = format!("{value:.2}");
    text.trim_end_matches('0').trim_end_matches('.').to_owned()
}

impl DimensionText {
    fn render(&self, diameter_sign: &str) -> String {
        let sign = if self.diameter { diameter_sign } else { "" };
        format!("{} = {sign}{}", self.name, format_length(self.value))
    }
}

/// A three-view drawing in millimetres (Y up).
#[derive(Debug, Clone, PartialEq)]
pub struct Drawing {
    pub entities: Vec<Entity>,
    pub text_height: f64,
}

fn line(layer: Layer, from: [f64; 2], to: [f64; 2]) -> Entity {
    Entity::Line { layer, from, to }
}

/// The lines of one prism seen from the side along `axis` (0: the front view shows X, 1: the side
/// view shows Y): its outline, the corner edges, the holes dashed.
fn side_lines(prism: &Prism, axis: usize) -> Vec<Entity> {
    let (z0, z1) = (prism.bottom, prism.top);
    let outer = prism.outer.edges_seen_along(axis);
    let (low, high) = (outer[0], outer[outer.len() - 1]);
    let mut lines = vec![
        line(Layer::Outline, [low, z0], [high, z0]),
        line(Layer::Outline, [low, z1], [high, z1]),
    ];
    lines.extend(
        outer
            .iter()
            .map(|u| line(Layer::Outline, [*u, z0], [*u, z1])),
    );
    for hole in &prism.holes {
        lines.extend(
            hole.edges_seen_along(axis)
                .iter()
                .map(|u| line(Layer::Hidden, [*u, z0], [*u, z1])),
        );
    }
    lines
}

/// Frusta stacked one on the next (radii matching) as one solid of revolution each stack, the
/// corners where the cone runs on unchanged dropped: the slabs' interfaces are no edges of the
/// part, so the side views draw no line across there.
fn frusta_outlines(frusta: &[Frustum]) -> Vec<Revolution> {
    let mut sorted: Vec<&Frustum> = frusta.iter().collect();
    sorted.sort_by(|a, b| a.bottom.total_cmp(&b.bottom));
    let mut stacks: Vec<Vec<[f64; 2]>> = Vec::new();
    for frustum in sorted {
        let (from, to) = (
            [frustum.bottom_radius, frustum.bottom],
            [frustum.top_radius, frustum.top],
        );
        let on_last = stacks
            .last()
            .and_then(|stack| stack.last())
            .is_some_and(|last| {
                (last[0] - from[0]).abs() < 1e-9 && (last[1] - from[1]).abs() < 1e-9
            });
        if !on_last {
            stacks.push(vec![from, to]);
            continue;
        }
        let Some(stack) = stacks.last_mut() else {
            continue;
        };
        if let [.., before, last] = stack.as_slice() {
            let (u, v) = (
                [last[0] - before[0], last[1] - before[1]],
                [to[0] - last[0], to[1] - last[1]],
            );
            if (u[0] * v[1] - u[1] * v[0]).abs() < 1e-9 {
                stack.pop();
            }
        }
        stack.push(to);
    }
    stacks
        .into_iter()
        .map(|points| {
            let (first, last) = (points[0], points[points.len() - 1]);
            let mut steps: Vec<ProfileStep> = points
                .iter()
                .map(|[r, z]| ProfileStep::line(*r, *z))
                .collect();
            steps.push(ProfileStep::line(0.0, last[1]));
            Revolution {
                start: [0.0, first[1]],
                steps,
            }
        })
        .collect()
}

/// A frustum's holes seen from the side along `axis`: dashed, as a prism's.
fn frustum_hole_lines(frustum: &Frustum, axis: usize) -> Vec<Entity> {
    let (z0, z1) = (frustum.bottom, frustum.top);
    frustum
        .holes
        .iter()
        .flat_map(|hole| hole.edges_seen_along(axis))
        .map(|u| line(Layer::Hidden, [u, z0], [u, z1]))
        .collect()
}

/// A torus seen from the side (either side: it is round): the section's two circles and the
/// lines touching them above and below.
fn torus_side_lines(torus: &Torus) -> Vec<Entity> {
    let (big, small, z) = (torus.major_radius, torus.minor_radius, torus.center_z);
    vec![
        Entity::Circle {
            layer: Layer::Outline,
            center: [-big, z],
            radius: small,
        },
        Entity::Circle {
            layer: Layer::Outline,
            center: [big, z],
            radius: small,
        },
        line(Layer::Outline, [-big, z + small], [big, z + small]),
        line(Layer::Outline, [-big, z - small], [big, z - small]),
    ]
}

/// A solid of revolution seen from the side (either side): its outline and the outline's mirror
/// image, and each circular edge (a corner off the axis) seen edge-on as a line across.
fn revolution_side_lines(revolution: &Revolution) -> Vec<Entity> {
    let mut lines = Vec::new();
    for (from, step) in revolution.segments() {
        match arc_angles(from, step) {
            None => {
                lines.push(line(Layer::Outline, from, step.to));
                let mirror = |[r, z]: [f64; 2]| [-r, z];
                lines.push(line(Layer::Outline, mirror(from), mirror(step.to)));
            }
            Some((center, radius, start, end)) => {
                let (start, end) = (start.to_degrees(), end.to_degrees());
                lines.push(Entity::Arc {
                    layer: Layer::Outline,
                    center,
                    radius,
                    start,
                    end,
                });
                lines.push(Entity::Arc {
                    layer: Layer::Outline,
                    center: [-center[0], center[1]],
                    radius,
                    start: 180.0 - end,
                    end: 180.0 - start,
                });
            }
        }
    }
    for [r, z] in revolution.corners().filter(|[r, _]| *r > 1e-9) {
        lines.push(line(Layer::Outline, [-r, z], [r, z]));
    }
    lines
}

/// Solids of revolution from above: a circle per corner radius, dashed where a part of an
/// outline farther out stands higher (a countersunk head's cone is stacked from several).
fn revolution_top_circles(revolutions: &[Revolution]) -> Vec<Entity> {
    let corners: Vec<[f64; 2]> = revolutions.iter().flat_map(Revolution::corners).collect();
    let mut radii: Vec<f64> = corners.iter().map(|c| c[0]).filter(|r| *r > 1e-9).collect();
    radii.sort_by(f64::total_cmp);
    radii.dedup_by(|a, b| (*a - *b).abs() < 1e-9);
    radii
        .into_iter()
        .map(|radius| {
            let height = corners
                .iter()
                .filter(|c| (c[0] - radius).abs() < 1e-9)
                .map(|c| c[1])
                .fold(f64::MIN, f64::max);
            let covered = corners
                .iter()
                .any(|c| c[0] > radius + 1e-9 && c[1] > height + 1e-9);
            Entity::Circle {
                layer: if covered {
                    Layer::Hidden
                } else {
                    Layer::Outline
                },
                center: [0.0, 0.0],
                radius,
            }
        })
        .collect()
}

/// A torus from above: its inner and outer edges, and the circle its section's centre follows.
fn torus_top_circles(torus: &Torus) -> Vec<Entity> {
    let (big, small) = (torus.major_radius, torus.minor_radius);
    [
        (Layer::Outline, big - small),
        (Layer::Outline, big + small),
        (Layer::Center, big),
    ]
    .into_iter()
    .map(|(layer, radius)| Entity::Circle {
        layer,
        center: [0.0, 0.0],
        radius,
    })
    .collect()
}

fn contour_entities(contour: &Contour, layer: Layer) -> Vec<Entity> {
    match contour {
        Contour::Circle { center, radius } => vec![Entity::Circle {
            layer,
            center: *center,
            radius: *radius,
        }],
        Contour::Segment { radius, chord } => {
            let (half, _) = Contour::chord_ends(*radius, *chord);
            let side = chord.signum();
            let from = [half * side, *chord];
            let to = [-half * side, *chord];
            let angle = |p: [f64; 2]| p[1].atan2(p[0]).to_degrees();
            vec![
                Entity::Arc {
                    layer,
                    center: [0.0, 0.0],
                    radius: *radius,
                    start: angle(from),
                    end: angle(to),
                },
                line(layer, to, from),
            ]
        }
        Contour::Polygon(points) => points
            .iter()
            .zip(points.iter().cycle().skip(1))
            .map(|(a, b)| line(layer, *a, *b))
            .collect(),
        Contour::Path { start, steps } => Contour::path_segments(start, steps)
            .map(|(from, step)| match path_arc(from, step) {
                None => line(layer, from, step.to),
                // Arcs are drawn counter-clockwise: a clockwise step from its end.
                Some((center, radius, angle, sweep)) => {
                    let (low, high) = if sweep >= 0.0 {
                        (angle, angle + sweep)
                    } else {
                        (angle + sweep, angle)
                    };
                    Entity::Arc {
                        layer,
                        center,
                        radius,
                        start: low.to_degrees(),
                        end: high.to_degrees(),
                    }
                }
            })
            .collect(),
    }
}

enum Visibility {
    Visible,
    Hidden,
    /// Covered by a prism above whose outline is the same curve: drawn once, by that prism.
    Repeated,
}

fn contains(outer: [f64; 4], inner: [f64; 4]) -> bool {
    const EPSILON: f64 = 1e-9;
    outer[0] <= inner[0] + EPSILON
        && outer[1] <= inner[1] + EPSILON
        && outer[2] >= inner[2] - EPSILON
        && outer[3] >= inner[3] - EPSILON
}

/// Whether a contour of `prism` shows in the top view: a prism standing on it that covers it
/// hides it, unless the contour lies inside one of that prism's holes (a socket, a bore).
fn seen_from_above(
    contour: &Contour,
    prism: &Prism,
    prisms: &[Prism],
    revolutions: &[Revolution],
) -> Visibility {
    let extent = contour.extent();
    // A head of revolution on the shank covers what lies within its reach.
    for above in revolutions {
        let (reach, bottom, _) = above.extent();
        if bottom >= prism.top - 1e-9 && contains([-reach, -reach, reach, reach], extent) {
            return Visibility::Hidden;
        }
    }
    for above in prisms.iter().filter(|p| p.bottom >= prism.top - 1e-9) {
        let through_a_hole = above
            .holes
            .iter()
            .any(|hole| contains(hole.extent(), extent));
        if !through_a_hole && contains(above.outer.extent(), extent) {
            return if above.outer == *contour {
                Visibility::Repeated
            } else {
                Visibility::Hidden
            };
        }
    }
    Visibility::Visible
}

fn is_round(prisms: &[Prism]) -> bool {
    prisms.iter().any(|prism| {
        matches!(prism.outer, Contour::Circle { center, .. } if center == [0.0, 0.0])
            || prism
                .holes
                .iter()
                .any(|hole| matches!(hole, Contour::Circle { center, .. } if *center == [0.0, 0.0]))
    })
}

fn dimension_entities(dimension: &Dimension, text_height: f64) -> Vec<Entity> {
    let [fx, fy] = dimension.from;
    let [tx, ty] = dimension.to;
    let length = ((tx - fx).powi(2) + (ty - fy).powi(2))
        .sqrt()
        .max(f64::EPSILON);
    let direction = [(tx - fx) / length, (ty - fy) / length];
    let normal = [-direction[1], direction[0]];
    let shift = dimension.offset * text_height;
    let at = |p: [f64; 2], along: f64, across: f64| {
        [
            p[0] + direction[0] * along + normal[0] * across,
            p[1] + direction[1] * along + normal[1] * across,
        ]
    };
    let start = at(dimension.from, 0.0, shift);
    let end = at(dimension.to, 0.0, shift);
    let mut entities = Vec::new();
    if shift.abs() > 0.0 {
        // Extension lines from a small gap off the part to just beyond the dimension line.
        let gap = 0.3 * text_height * shift.signum();
        let beyond = shift + 0.5 * text_height * shift.signum();
        entities.push(line(
            Layer::Dimensions,
            at(dimension.from, 0.0, gap),
            at(dimension.from, 0.0, beyond),
        ));
        entities.push(line(
            Layer::Dimensions,
            at(dimension.to, 0.0, gap),
            at(dimension.to, 0.0, beyond),
        ));
    }
    entities.push(line(Layer::Dimensions, start, end));
    let arrow = (0.8 * text_height).min(length / 3.0);
    let half = arrow / 3.0;
    entities.push(Entity::Arrowhead {
        corners: [start, at(start, arrow, half), at(start, arrow, -half)],
    });
    entities.push(Entity::Arrowhead {
        corners: [end, at(end, -arrow, half), at(end, -arrow, -half)],
    });
    let middle = [(start[0] + end[0]) / 2.0, (start[1] + end[1]) / 2.0];
    // Text above the line, reading left to right or bottom to top.
    let mut angle = direction[1].atan2(direction[0]).to_degrees();
    if angle > 90.0 + 1e-9 || angle <= -90.0 + 1e-9 {
        angle -= 180.0_f64.copysign(angle);
    }
    let up = angle.to_radians();
    let lift = 0.8 * text_height;
    entities.push(Entity::Text {
        at: [middle[0] - up.sin() * lift, middle[1] + up.cos() * lift],
        height: text_height,
        angle,
        text: DimensionText {
            name: dimension.name.clone(),
            value: dimension.value,
            diameter: dimension.diameter,
        },
    });
    entities
}

fn translate(entity: &mut Entity, by: [f64; 2]) {
    let shift = |p: &mut [f64; 2]| {
        p[0] += by[0];
        p[1] += by[1];
    };
    match entity {
        Entity::Line { from, to, .. } => {
            shift(from);
            shift(to);
        }
        Entity::Circle { center, .. } | Entity::Arc { center, .. } => shift(center),
        Entity::Arrowhead { corners } => corners.iter_mut().for_each(shift),
        Entity::Text { at, .. } => shift(at),
    }
}

/// `[min x, min y, max x, max y]` of entities (texts by their anchor).
fn extent(entities: &[Entity]) -> [f64; 4] {
    let mut bounds = [f64::MAX, f64::MAX, f64::MIN, f64::MIN];
    let mut include = |p: [f64; 2], margin: f64| {
        bounds[0] = bounds[0].min(p[0] - margin);
        bounds[1] = bounds[1].min(p[1] - margin);
        bounds[2] = bounds[2].max(p[0] + margin);
        bounds[3] = bounds[3].max(p[1] + margin);
    };
    for entity in entities {
        match entity {
            Entity::Line { from, to, .. } => {
                include(*from, 0.0);
                include(*to, 0.0);
            }
            Entity::Circle { center, radius, .. } | Entity::Arc { center, radius, .. } => {
                include(*center, *radius)
            }
            Entity::Arrowhead { corners } => corners.iter().for_each(|c| include(*c, 0.0)),
            Entity::Text {
                at, height, text, ..
            } => include(*at, height * (text.name.len() + 8) as f64 * 0.3),
        }
    }
    bounds
}

impl Drawing {
    pub fn of(bodies: &[Body], dimensions: &[Dimension]) -> Drawing {
        let bounds = BoundingBox::of_bodies(bodies);
        let prisms: Vec<Prism> = bodies
            .iter()
            .filter_map(|body| match body {
                Body::Prism(prism) => Some(prism.clone()),
                _ => None,
            })
            .collect();
        let tori: Vec<Torus> = bodies
            .iter()
            .filter_map(|body| match body {
                Body::Torus(torus) => Some(*torus),
                _ => None,
            })
            .collect();
        let frusta: Vec<Frustum> = bodies
            .iter()
            .filter_map(|body| match body {
                Body::Frustum(frustum) => Some(frustum.clone()),
                _ => None,
            })
            .collect();
        // Frusta are drawn as solids of revolution (their holes below).
        let revolutions: Vec<Revolution> = bodies
            .iter()
            .filter_map(|body| match body {
                Body::Revolution(revolution) => Some(revolution.clone()),
                _ => None,
            })
            .chain(frusta_outlines(&frusta))
            .collect();
        let size = bounds.size();
        // Texts scale with the part, but a long profile's length must not make them dwarf its
        // section: the length counts for at most three section widths.
        let section = size[0].max(size[1]);
        let text_height = (size[2].min(3.0 * section).max(section) * 0.035).clamp(0.5, 40.0);
        let round = !tori.is_empty() || !revolutions.is_empty() || is_round(&prisms);

        let mut views: Vec<(View, Vec<Entity>)> = Vec::new();
        for (view, axis) in [(View::Front, 0), (View::Side, 1)] {
            let mut entities: Vec<Entity> = prisms
                .iter()
                .flat_map(|prism| side_lines(prism, axis))
                .chain(tori.iter().flat_map(torus_side_lines))
                .chain(revolutions.iter().flat_map(revolution_side_lines))
                .chain(
                    frusta
                        .iter()
                        .flat_map(|frustum| frustum_hole_lines(frustum, axis)),
                )
                .collect();
            if round {
                let margin = text_height;
                entities.push(line(
                    Layer::Center,
                    [0.0, bounds.min[2] - margin],
                    [0.0, bounds.max[2] + margin],
                ));
            }
            views.push((view, entities));
        }
        let mut top: Vec<Entity> = Vec::new();
        for torus in &tori {
            top.extend(torus_top_circles(torus));
        }
        top.extend(revolution_top_circles(&revolutions));
        for frustum in &frusta {
            for hole in &frustum.holes {
                // The same hole through a frustum stacked on this one is drawn once, by it.
                let repeated = frusta
                    .iter()
                    .any(|above| above.bottom >= frustum.top - 1e-9 && above.holes.contains(hole));
                if !repeated {
                    top.extend(contour_entities(hole, Layer::Outline));
                }
            }
        }
        for prism in &prisms {
            for contour in std::iter::once(&prism.outer).chain(&prism.holes) {
                match seen_from_above(contour, prism, &prisms, &revolutions) {
                    Visibility::Visible => top.extend(contour_entities(contour, Layer::Outline)),
                    Visibility::Hidden => top.extend(contour_entities(contour, Layer::Hidden)),
                    Visibility::Repeated => {}
                }
            }
        }
        if round {
            let reach = size[0].max(size[1]) / 2.0 + text_height;
            top.push(line(Layer::Center, [-reach, 0.0], [reach, 0.0]));
            top.push(line(Layer::Center, [0.0, -reach], [0.0, reach]));
        }
        views.push((View::Top, top));
        for (view, entities) in &mut views {
            for dimension in dimensions.iter().filter(|d| d.view == *view) {
                entities.extend(dimension_entities(dimension, text_height));
            }
        }

        // Place the side view left of the front view and the top view below it.
        let gap = 3.0 * text_height;
        let front = extent(&views[0].1);
        let side = extent(&views[1].1);
        let top = extent(&views[2].1);
        let mut entities = Vec::new();
        for (view, mut view_entities) in views {
            let by = match view {
                View::Front => [0.0, 0.0],
                View::Side => [front[0] - gap - side[2], 0.0],
                View::Top => [0.0, front[1] - gap - top[3]],
            };
            view_entities.iter_mut().for_each(|e| translate(e, by));
            entities.extend(view_entities);
        }
        Drawing {
            entities,
            text_height,
        }
    }

    /// `[min x, min y, max x, max y]` with a margin.
    pub fn extent(&self) -> [f64; 4] {
        let [x0, y0, x1, y1] = extent(&self.entities);
        let margin = 2.0 * self.text_height;
        [x0 - margin, y0 - margin, x1 + margin, y1 + margin]
    }

    /// The drawing as a standalone SVG document (1 user unit = 1 mm; Y flipped to SVG's down).
    pub fn svg(&self, title: &str) -> String {
        let [x0, y0, x1, y1] = self.extent();
        let (width, height) = (x1 - x0, y1 - y0);
        let stroke = self.text_height * 0.08;
        let mut svg = String::new();
        let _ = write!(
            svg,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"{} {} {} {}\" width=\"{}mm\" height=\"{}mm\">\n<title>{}</title>\n",
            number(x0), number(-y1), number(width), number(height), number(width), number(height), escape(title)
        );
        let _ = writeln!(
            svg,
            "<style>line,circle,path{{fill:none;stroke:#1f2937;stroke-width:{w}}}.HIDDEN{{stroke-dasharray:{d} {g}}}.CENTER{{stroke:#b91c1c;stroke-width:{t};stroke-dasharray:{l} {g} {g} {g}}}.DIMENSIONS{{stroke:#1d4ed8;stroke-width:{t}}}polygon{{fill:#1d4ed8}}text{{fill:#1d4ed8;font-family:sans-serif;text-anchor:middle;dominant-baseline:middle}}</style>",
            w = number(stroke * 2.0),
            t = number(stroke),
            d = number(self.text_height * 0.6),
            g = number(self.text_height * 0.3),
            l = number(self.text_height * 1.5),
        );
        let p = |point: &[f64; 2]| format!("{},{}", number(point[0]), number(-point[1]));
        for entity in &self.entities {
            match entity {
                Entity::Line { layer, from, to } => {
                    let [x1, y1, x2, y2] = [from[0], -from[1], to[0], -to[1]].map(number);
                    let _ = writeln!(
                        svg,
                        "<line class=\"{}\" x1=\"{x1}\" y1=\"{y1}\" x2=\"{x2}\" y2=\"{y2}\"/>",
                        layer.name()
                    );
                }
                Entity::Circle {
                    layer,
                    center,
                    radius,
                } => {
                    let [cx, cy, r] = [center[0], -center[1], *radius].map(number);
                    let _ = writeln!(
                        svg,
                        "<circle class=\"{}\" cx=\"{cx}\" cy=\"{cy}\" r=\"{r}\"/>",
                        layer.name()
                    );
                }
                Entity::Arc {
                    layer,
                    center,
                    radius,
                    start,
                    end,
                } => {
                    let point = |degrees: f64| {
                        let angle = degrees.to_radians();
                        p(&[
                            center[0] + radius * angle.cos(),
                            center[1] + radius * angle.sin(),
                        ])
                    };
                    let sweep = (end - start).rem_euclid(360.0);
                    // Counter-clockwise with Y up is sweep-flag 0 once SVG's Y points down.
                    let _ = writeln!(
                        svg,
                        "<path class=\"{}\" d=\"M{} A{r} {r} 0 {} 0 {}\"/>",
                        layer.name(),
                        point(*start),
                        u8::from(sweep > 180.0),
                        point(*end),
                        r = number(*radius),
                    );
                }
                Entity::Arrowhead { corners } => {
                    let _ = writeln!(
                        svg,
                        "<polygon points=\"{} {} {}\"/>",
                        p(&corners[0]),
                        p(&corners[1]),
                        p(&corners[2])
                    );
                }
                Entity::Text {
                    at,
                    height,
                    angle,
                    text,
                } => {
                    let _ = writeln!(
                        svg,
                        "<text x=\"{x}\" y=\"{y}\" font-size=\"{}\" transform=\"rotate({} {x} {y})\">{}</text>",
                        number(*height),
                        number(-angle),
                        escape(&text.render("⌀")),
                        x = number(at[0]),
                        y = number(-at[1]),
                    );
                }
            }
        }
        svg.push_str("</svg>\n");
        svg
    }

    /// The drawing as DXF R12 (AC1009) in millimetres: layers OUTLINE, HIDDEN, CENTER and
    /// DIMENSIONS, entities LINE, CIRCLE, ARC, SOLID (arrowheads) and TEXT.
    pub fn dxf(&self) -> String {
        let mut dxf = String::new();
        let mut pair = |code: u16, value: &str| {
            let _ = write!(dxf, "{code}\n{value}\n");
        };
        let [x0, y0, x1, y1] = self.extent();
        pair(0, "SECTION");
        pair(2, "HEADER");
        pair(9, "$ACADVER");
        pair(1, "AC1009");
        pair(9, "$EXTMIN");
        pair(10, &number(x0));
        pair(20, &number(y0));
        pair(9, "$EXTMAX");
        pair(10, &number(x1));
        pair(20, &number(y1));
        // Millimetres.
        pair(9, "$MEASUREMENT");
        pair(70, "1");
        pair(0, "ENDSEC");
        pair(0, "SECTION");
        pair(2, "TABLES");
        pair(0, "TABLE");
        pair(2, "LTYPE");
        pair(70, "3");
        for (name, description, pattern) in [
            ("CONTINUOUS", "Solid line", &[][..]),
            ("DASHED", "Dashed __ __ __", &[3.0, -1.5][..]),
            ("CENTER", "Center ____ _ ____", &[8.0, -1.5, 1.5, -1.5][..]),
        ] {
            pair(0, "LTYPE");
            pair(2, name);
            pair(70, "0");
            pair(3, description);
            pair(72, "65");
            pair(73, &pattern.len().to_string());
            pair(40, &number(pattern.iter().map(|p: &f64| p.abs()).sum()));
            for element in pattern {
                pair(49, &number(*element));
            }
        }
        pair(0, "ENDTAB");
        pair(0, "TABLE");
        pair(2, "LAYER");
        pair(70, "4");
        for layer in [
            Layer::Outline,
            Layer::Hidden,
            Layer::Center,
            Layer::Dimensions,
        ] {
            pair(0, "LAYER");
            pair(2, layer.name());
            pair(70, "0");
            pair(62, &layer.colour().to_string());
            pair(6, layer.line_type());
        }
        pair(0, "ENDTAB");
        pair(0, "ENDSEC");
        pair(0, "SECTION");
        pair(2, "ENTITIES");
        for entity in &self.entities {
            match entity {
                Entity::Line { layer, from, to } => {
                    pair(0, "LINE");
                    pair(8, layer.name());
                    pair(10, &number(from[0]));
                    pair(20, &number(from[1]));
                    pair(30, "0");
                    pair(11, &number(to[0]));
                    pair(21, &number(to[1]));
                    pair(31, "0");
                }
                Entity::Circle {
                    layer,
                    center,
                    radius,
                } => round_entity(&mut pair, "CIRCLE", *layer, *center, *radius),
                Entity::Arc {
                    layer,
                    center,
                    radius,
                    start,
                    end,
                } => {
                    round_entity(&mut pair, "ARC", *layer, *center, *radius);
                    pair(50, &number(*start));
                    pair(51, &number(*end));
                }
                Entity::Arrowhead { corners } => {
                    pair(0, "SOLID");
                    pair(8, Layer::Dimensions.name());
                    // A triangle is a SOLID whose fourth corner repeats the third.
                    for (index, corner) in [corners[0], corners[1], corners[2], corners[2]]
                        .iter()
                        .enumerate()
                    {
                        pair(10 + index as u16, &number(corner[0]));
                        pair(20 + index as u16, &number(corner[1]));
                        pair(30 + index as u16, "0");
                    }
                }
                Entity::Text {
                    at,
                    height,
                    angle,
                    text,
                } => {
                    pair(0, "TEXT");
                    pair(8, Layer::Dimensions.name());
                    pair(10, &number(at[0]));
                    pair(20, &number(at[1]));
                    pair(30, "0");
                    pair(40, &number(*height));
                    pair(1, &text.render("%%c"));
                    pair(50, &number(*angle));
                    // Centred horizontally and vertically on the second alignment point.
                    pair(72, "1");
                    pair(73, "2");
                    pair(11, &number(at[0]));
                    pair(21, &number(at[1]));
                    pair(31, "0");
                }
            }
        }
        pair(0, "ENDSEC");
        pair(0, "EOF");
        dxf
    }
}

/// The group codes a DXF CIRCLE and ARC share: layer, centre, radius.
fn round_entity(
    pair: &mut impl FnMut(u16, &str),
    kind: &str,
    layer: Layer,
    center: [f64; 2],
    radius: f64,
) {
    pair(0, kind);
    pair(8, layer.name());
    pair(10, &number(center[0]));
    pair(20, &number(center[1]));
    pair(30, "0");
    pair(40, &number(radius));
}

/// A coordinate with four decimals, no trailing zeros, no "-0".
fn number(value: f64) -> String {
    let text = format!("{value:.4}");
    let text = text.trim_end_matches('0').trim_end_matches('.');
    if text == "-0" {
        "0".to_owned()
    } else {
        text.to_owned()
    }
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}
