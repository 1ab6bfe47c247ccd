//! The geometric vocabulary every family is written in: a prism is a planar section (an outer
//! contour with holes) in the XY plane, extruded along +Z from `bottom` to `top`; a torus is a
//! disk revolved about the Z axis (O-rings); a solid of revolution is a section turned about Z
//! (domed and countersunk heads); a frustum is a conical slab with holes of constant section (a
//! countersunk head's top with its socket). Stacks of prisms describe screws (head + shank),
//! nuts, washers, bearing rings and profiles without a boolean operation, which truck-stepio
//! cannot write. The B-rep, the analytic volume and bounding box and the drawing's views are all
//! derived from the same bodies.

use std::f64::consts::PI;

/// A closed planar curve in the XY plane (millimetres).
#[derive(Debug, Clone, PartialEq)]
pub enum Contour {
    Circle {
        center: [f64; 2],
        radius: f64,
    },
    /// Corners counter-clockwise seen from +Z; the closing edge is implied.
    Polygon(Vec<[f64; 2]>),
    /// The part of the disk of `radius` about the origin beyond the chord y = `chord`: above it
    /// for a positive chord, below it for a negative one (the two halves of a slotted head).
    Segment {
        radius: f64,
        chord: f64,
    },
    /// A closed outline of lines and circle arcs (circlips, toothed holes), counter-clockwise seen
    /// from +Z overall; the last step ends at `start`.
    Path {
        start: [f64; 2],
        steps: Vec<PathStep>,
    },
}

/// One step of a [`Contour::Path`]: to `to`, straight or along the circle about `center` of
/// `arc`, counter-clockwise or clockwise.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PathStep {
    pub to: [f64; 2],
    pub arc: Option<PathArc>,
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PathArc {
    pub center: [f64; 2],
    pub clockwise: bool,
}

/// An arc step of a path from `from`: centre, radius, start angle and signed sweep (positive
/// counter-clockwise, in (0, 2π); negative clockwise).
pub(crate) fn path_arc(from: [f64; 2], step: &PathStep) -> Option<([f64; 2], f64, f64, f64)> {
    let PathArc { center, clockwise } = step.arc?;
    let angle = |p: [f64; 2]| (p[1] - center[1]).atan2(p[0] - center[0]);
    let radius = ((from[0] - center[0]).powi(2) + (from[1] - center[1]).powi(2)).sqrt();
    let start = angle(from);
    let mut sweep = (angle(step.to) - start).rem_euclid(2.0 * PI);
    if clockwise {
        sweep -= 2.0 * PI;
    }
    Some((center, radius, start, sweep))
}

/// The points of an arc where it reaches furthest along X or Y (strictly inside its sweep).
fn arc_extremes(center: [f64; 2], radius: f64, start: f64, sweep: f64) -> Vec<[f64; 2]> {
    let (low, high) = if sweep >= 0.0 {
        (start, start + sweep)
    } else {
        (start + sweep, start)
    };
    (-8..=8)
        .map(|quarter| f64::from(quarter) * PI / 2.0)
        .filter(|angle| *angle > low && *angle < high)
        .map(|angle| {
            [
                center[0] + radius * angle.cos(),
                center[1] + radius * angle.sin(),
            ]
        })
        .collect()
}

impl Contour {
    /// A path's steps, each with the point it starts from.
    pub fn path_segments<'a>(
        start: &'a [f64; 2],
        steps: &'a [PathStep],
    ) -> impl Iterator<Item = ([f64; 2], &'a PathStep)> + 'a {
        std::iter::once(*start)
            .chain(steps.iter().map(|step| step.to))
            .zip(steps)
    }

    /// A path's corners and the extreme points of its arcs.
    fn path_points(start: &[f64; 2], steps: &[PathStep]) -> Vec<[f64; 2]> {
        let mut points = vec![*start];
        for (from, step) in Contour::path_segments(start, steps) {
            points.push(step.to);
            if let Some((center, radius, angle, sweep)) = path_arc(from, step) {
                points.extend(arc_extremes(center, radius, angle, sweep));
            }
        }
        points
    }
}

impl Contour {
    pub fn circle(diameter: f64) -> Contour {
        Contour::Circle {
            center: [0.0, 0.0],
            radius: diameter / 2.0,
        }
    }

    /// A regular hexagon centred on the origin, `across_flats` wide in Y, corners on the X axis.
    pub fn hexagon(across_flats: f64) -> Contour {
        let corner = across_flats / 3f64.sqrt();
        Contour::Polygon(
            (0..6)
                .map(|i| {
                    let angle = PI / 3.0 * i as f64;
                    [corner * angle.cos(), corner * angle.sin()]
                })
                .collect(),
        )
    }

    /// An axis-aligned rectangle centred on the origin.
    pub fn rectangle(width: f64, height: f64) -> Contour {
        let (x, y) = (width / 2.0, height / 2.0);
        Contour::Polygon(vec![[-x, -y], [x, -y], [x, y], [-x, y]])
    }

    /// Where the chord of a segment meets its circle: (half the chord's length, |chord|).
    pub fn chord_ends(radius: f64, chord: f64) -> (f64, f64) {
        let c = chord.abs();
        ((radius * radius - c * c).max(0.0).sqrt(), c)
    }

    pub fn area(&self) -> f64 {
        match self {
            Contour::Circle { radius, .. } => PI * radius * radius,
            Contour::Segment { radius, chord } => {
                let (half, c) = Contour::chord_ends(*radius, *chord);
                radius * radius * (c / radius).acos() - c * half
            }
            Contour::Path { start, steps } => {
                // Green: A = ½ ∮ (x dy − y dx); along an arc x = cx + R cos θ, y = cy + R sin θ it
                // is ½ ∫ (R² + cx R cos θ + cy R sin θ) dθ, in closed form.
                Contour::path_segments(start, steps)
                    .map(|(from, step)| match path_arc(from, step) {
                        None => (from[0] * step.to[1] - step.to[0] * from[1]) / 2.0,
                        Some(([cx, cy], radius, angle, sweep)) => {
                            let end = angle + sweep;
                            (radius * radius * sweep + cx * radius * (end.sin() - angle.sin())
                                - cy * radius * (end.cos() - angle.cos()))
                                / 2.0
                        }
                    })
                    .sum()
            }
            Contour::Polygon(points) => {
                // Shoelace formula; positive for counter-clockwise corners.
                let doubled: f64 = points
                    .iter()
                    .zip(points.iter().cycle().skip(1))
                    .map(|(a, b)| a[0] * b[1] - b[0] * a[1])
                    .sum();
                doubled / 2.0
            }
        }
    }

    /// `[min x, min y, max x, max y]`.
    pub fn extent(&self) -> [f64; 4] {
        match self {
            Contour::Circle { center, radius } => [
                center[0] - radius,
                center[1] - radius,
                center[0] + radius,
                center[1] + radius,
            ],
            Contour::Segment { radius, chord } => {
                let (half, c) = Contour::chord_ends(*radius, *chord);
                if *chord > 0.0 {
                    [-half, c, half, *radius]
                } else {
                    [-half, -radius, half, -c]
                }
            }
            Contour::Polygon(points) => points.iter().fold(
                [f64::MAX, f64::MAX, f64::MIN, f64::MIN],
                |[x0, y0, x1, y1], [x, y]| [x0.min(*x), y0.min(*y), x1.max(*x), y1.max(*y)],
            ),
            Contour::Path { start, steps } => Contour::path_points(start, steps).iter().fold(
                [f64::MAX, f64::MAX, f64::MIN, f64::MIN],
                |[x0, y0, x1, y1], [x, y]| [x0.min(*x), y0.min(*y), x1.max(*x), y1.max(*y)],
            ),
        }
    }

    /// Coordinates along one axis (0 = X, 1 = Y) where a side view shows an edge of this
    /// contour: the silhouette of a circle, every corner of a polygon.
    pub fn edges_seen_along(&self, axis: usize) -> Vec<f64> {
        match self {
            Contour::Circle { center, radius } => {
                vec![center[axis] - radius, center[axis] + radius]
            }
            // A path's silhouette only: a circlip's or a toothed hole's many corners would crowd
            // the side views with lines that say nothing a reader needs.
            Contour::Segment { .. } | Contour::Path { .. } => {
                let extent = self.extent();
                vec![extent[axis], extent[axis + 2]]
            }
            Contour::Polygon(points) => {
                let mut coordinates: Vec<f64> = points.iter().map(|p| p[axis]).collect();
                coordinates.sort_by(f64::total_cmp);
                coordinates.dedup_by(|a, b| (*a - *b).abs() < 1e-9);
                coordinates
            }
        }
    }
}

/// A section extruded along +Z.
#[derive(Debug, Clone, PartialEq)]
pub struct Prism {
    pub outer: Contour,
    pub holes: Vec<Contour>,
    pub bottom: f64,
    pub top: f64,
}

impl Prism {
    pub fn new(outer: Contour, bottom: f64, top: f64) -> Prism {
        Prism {
            outer,
            holes: Vec::new(),
            bottom,
            top,
        }
    }

    pub fn with_hole(mut self, hole: Contour) -> Prism {
        self.holes.push(hole);
        self
    }

    pub fn volume(&self) -> f64 {
        let section = self.outer.area() - self.holes.iter().map(Contour::area).sum::<f64>();
        section * (self.top - self.bottom)
    }
}

/// A disk of `minor_radius` whose centre circles the Z axis at `major_radius`, in the plane
/// z = `center_z`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Torus {
    pub major_radius: f64,
    pub minor_radius: f64,
    pub center_z: f64,
}

impl Torus {
    /// Pappus: the disk's area times the length of the circle its centre runs along.
    pub fn volume(&self) -> f64 {
        PI * self.minor_radius.powi(2) * 2.0 * PI * self.major_radius
    }
}

/// One step of a revolved section's outline in the (r, z) half-plane: to `to`, straight or
/// counter-clockwise along the arc about `arc_center`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ProfileStep {
    pub to: [f64; 2],
    pub arc_center: Option<[f64; 2]>,
}

impl ProfileStep {
    pub fn line(r: f64, z: f64) -> ProfileStep {
        ProfileStep {
            to: [r, z],
            arc_center: None,
        }
    }

    pub fn arc(r: f64, z: f64, center: [f64; 2]) -> ProfileStep {
        ProfileStep {
            to: [r, z],
            arc_center: Some(center),
        }
    }
}

/// A solid of revolution about the Z axis (domed and conical heads): its section in the (r, z)
/// half-plane runs counter-clockwise from `start` on the axis (r = 0, the bottom) out and round
/// to the last step's point, back on the axis (the top); the axis closes it.
#[derive(Debug, Clone, PartialEq)]
pub struct Revolution {
    pub start: [f64; 2],
    pub steps: Vec<ProfileStep>,
}

/// An arc of a step: centre, radius and its start and end angles (counter-clockwise, end > start).
pub(crate) fn arc_angles(from: [f64; 2], step: &ProfileStep) -> Option<([f64; 2], f64, f64, f64)> {
    let center = step.arc_center?;
    let angle = |p: [f64; 2]| (p[1] - center[1]).atan2(p[0] - center[0]);
    let radius = ((from[0] - center[0]).powi(2) + (from[1] - center[1]).powi(2)).sqrt();
    let (start, mut end) = (angle(from), angle(step.to));
    if end <= start {
        end += 2.0 * PI;
    }
    Some((center, radius, start, end))
}

impl Revolution {
    /// The outline's corners: the start and each step's end.
    pub fn corners(&self) -> impl Iterator<Item = [f64; 2]> + '_ {
        std::iter::once(self.start).chain(self.steps.iter().map(|step| step.to))
    }

    /// Each step with the point it starts from.
    pub fn segments(&self) -> impl Iterator<Item = ([f64; 2], &ProfileStep)> + '_ {
        self.corners().zip(&self.steps)
    }

    /// Pappus in Green's form: V = π ∮ r² dz over the counter-clockwise outline (the axis adds
    /// nothing), in closed form for lines and arcs.
    pub fn volume(&self) -> f64 {
        let integral: f64 = self
            .segments()
            .map(|(from, step)| match arc_angles(from, step) {
                None => {
                    let ([r1, z1], [r2, z2]) = (from, step.to);
                    (z2 - z1) * (r1 * r1 + r1 * r2 + r2 * r2) / 3.0
                }
                Some((center, radius, start, end)) => {
                    // r = c + R cos θ, dz = R cos θ dθ.
                    let (c, big) = (center[0], radius);
                    let antiderivative = |t: f64| {
                        c * c * big * t.sin()
                            + 2.0 * c * big * big * (t / 2.0 + (2.0 * t).sin() / 4.0)
                            + big.powi(3) * (t.sin() - t.sin().powi(3) / 3.0)
                    };
                    antiderivative(end) - antiderivative(start)
                }
            })
            .sum();
        PI * integral
    }

    /// `(r max, z min, z max)` of the outline, arcs' extreme points included.
    pub fn extent(&self) -> (f64, f64, f64) {
        let mut points: Vec<[f64; 2]> = self.corners().collect();
        for (from, step) in self.segments() {
            if let Some((center, radius, start, end)) = arc_angles(from, step) {
                for quarter in -4..=8 {
                    let angle = f64::from(quarter) * PI / 2.0;
                    if angle > start && angle < end {
                        points.push([
                            center[0] + radius * angle.cos(),
                            center[1] + radius * angle.sin(),
                        ]);
                    }
                }
            }
        }
        points
            .iter()
            .fold((0.0, f64::MAX, f64::MIN), |(r, z0, z1), [pr, pz]| {
                (r.max(*pr), z0.min(*pz), z1.max(*pz))
            })
    }
}

/// A slab between z = `bottom` and z = `top` whose outside is a cone (or a cylinder) about the
/// Z axis, from `bottom_radius` to `top_radius`, and whose holes are of constant section: the
/// top of a countersunk head with its drive recess.
#[derive(Debug, Clone, PartialEq)]
pub struct Frustum {
    pub bottom: f64,
    pub top: f64,
    pub bottom_radius: f64,
    pub top_radius: f64,
    pub holes: Vec<Contour>,
}

impl Frustum {
    /// The cone's volume, π h (r0² + r0 r1 + r1²) / 3, less the holes'.
    pub fn volume(&self) -> f64 {
        let (r0, r1, h) = (self.bottom_radius, self.top_radius, self.top - self.bottom);
        PI * h * (r0 * r0 + r0 * r1 + r1 * r1) / 3.0
            - self.holes.iter().map(Contour::area).sum::<f64>() * h
    }

    /// The outside as a solid of revolution (for the drawing's silhouettes and circles).
    pub fn outline(&self) -> Revolution {
        Revolution {
            start: [0.0, self.bottom],
            steps: vec![
                ProfileStep::line(self.bottom_radius, self.bottom),
                ProfileStep::line(self.top_radius, self.top),
                ProfileStep::line(0.0, self.top),
            ],
        }
    }
}

/// One solid of a shape.
#[derive(Debug, Clone, PartialEq)]
pub enum Body {
    Prism(Prism),
    Torus(Torus),
    Revolution(Revolution),
    Frustum(Frustum),
}

impl Body {
    pub fn volume(&self) -> f64 {
        match self {
            Body::Prism(prism) => prism.volume(),
            Body::Torus(torus) => torus.volume(),
            Body::Revolution(revolution) => revolution.volume(),
            Body::Frustum(frustum) => frustum.volume(),
        }
    }

    /// `(min, max)` corners.
    pub fn bounds(&self) -> ([f64; 3], [f64; 3]) {
        match self {
            Body::Prism(prism) => {
                let [x0, y0, x1, y1] = prism.outer.extent();
                ([x0, y0, prism.bottom], [x1, y1, prism.top])
            }
            Body::Torus(torus) => {
                let reach = torus.major_radius + torus.minor_radius;
                (
                    [-reach, -reach, torus.center_z - torus.minor_radius],
                    [reach, reach, torus.center_z + torus.minor_radius],
                )
            }
            Body::Revolution(revolution) => {
                let (reach, bottom, top) = revolution.extent();
                ([-reach, -reach, bottom], [reach, reach, top])
            }
            Body::Frustum(frustum) => {
                let reach = frustum.bottom_radius.max(frustum.top_radius);
                (
                    [-reach, -reach, frustum.bottom],
                    [reach, reach, frustum.top],
                )
            }
        }
    }
}

/// An axis-aligned box `min`..`max` (millimetres).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct BoundingBox {
    pub min: [f64; 3],
    pub max: [f64; 3],
}

impl BoundingBox {
    pub fn of_bodies(bodies: &[Body]) -> BoundingBox {
        let mut bounds = BoundingBox {
            min: [f64::MAX; 3],
            max: [f64::MIN; 3],
        };
        for body in bodies {
            let (min, max) = body.bounds();
            bounds.include(min);
            bounds.include(max);
        }
        bounds
    }

    pub fn include(&mut self, point: [f64; 3]) {
        for (axis, value) in point.into_iter().enumerate() {
            self.min[axis] = self.min[axis].min(value);
            self.max[axis] = self.max[axis].max(value);
        }
    }

    pub fn size(&self) -> [f64; 3] {
        [
            self.max[0] - self.min[0],
            self.max[1] - self.min[1],
            self.max[2] - self.min[2],
        ]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn areas_are_the_textbook_ones() {
        let hexagon = Contour::hexagon(10.0);
        // A regular hexagon of width s across flats: (√3 / 2) s².
        assert!((hexagon.area() - 3f64.sqrt() / 2.0 * 100.0).abs() < 1e-9);
        assert!((Contour::circle(2.0).area() - PI).abs() < 1e-12);
        assert!((Contour::rectangle(3.0, 4.0).area() - 12.0).abs() < 1e-12);
        let washer = Prism::new(Contour::circle(12.0), 0.0, 1.6).with_hole(Contour::circle(6.4));
        assert!((washer.volume() - PI / 4.0 * (144.0 - 40.96) * 1.6).abs() < 1e-9);
    }

    #[test]
    fn a_segment_is_the_disk_beyond_its_chord() {
        // A chord through the centre leaves half the disk; two opposite segments and the strip
        // between them make the whole disk (strip area 2(h√(r²−h²) + r² asin(h/r))).
        let half = Contour::Segment {
            radius: 2.0,
            chord: 1e-12,
        };
        assert!((half.area() - PI * 2.0).abs() < 1e-9);
        let (r, h): (f64, f64) = (5.0, 0.8);
        let strip = 2.0 * (h * (r * r - h * h).sqrt() + r * r * (h / r).asin());
        let upper = Contour::Segment {
            radius: r,
            chord: h,
        };
        let lower = Contour::Segment {
            radius: r,
            chord: -h,
        };
        assert!((upper.area() + lower.area() + strip - PI * r * r).abs() < 1e-9);
        assert_eq!(lower.extent()[3], -h);
        assert_eq!(upper.extent()[1], h);
    }

    #[test]
    fn a_revolution_has_the_textbook_volumes() {
        // A cylinder r 2 × h 3, a cone r 2 × h 3, a hemisphere r 2 on top of the cylinder.
        let cylinder = Revolution {
            start: [0.0, 0.0],
            steps: vec![
                ProfileStep::line(2.0, 0.0),
                ProfileStep::line(2.0, 3.0),
                ProfileStep::line(0.0, 3.0),
            ],
        };
        assert!((cylinder.volume() - PI * 4.0 * 3.0).abs() < 1e-9);
        let cone = Revolution {
            start: [0.0, 0.0],
            steps: vec![ProfileStep::line(2.0, 0.0), ProfileStep::line(0.0, 3.0)],
        };
        assert!((cone.volume() - PI * 4.0 * 3.0 / 3.0).abs() < 1e-9);
        let capped = Revolution {
            start: [0.0, 0.0],
            steps: vec![
                ProfileStep::line(2.0, 0.0),
                ProfileStep::line(2.0, 3.0),
                ProfileStep::arc(0.0, 5.0, [0.0, 3.0]),
            ],
        };
        let expected = PI * 4.0 * 3.0 + 2.0 / 3.0 * PI * 8.0;
        assert!((capped.volume() - expected).abs() < 1e-9);
        assert_eq!(capped.extent(), (2.0, 0.0, 5.0));
        // A shallow cap (sphere r 5 about z = −3, cut at z = 0): height 2, π h² (3R − h) / 3.
        let cap = Revolution {
            start: [0.0, 0.0],
            steps: vec![
                ProfileStep::line(4.0, 0.0),
                ProfileStep::arc(0.0, 2.0, [0.0, -3.0]),
            ],
        };
        assert!((cap.volume() - PI * 4.0 * (15.0 - 2.0) / 3.0).abs() < 1e-9);
    }

    #[test]
    fn a_path_of_lines_and_arcs_has_the_textbook_area_and_reach() {
        // An annulus sector 1 < r < 3 from 30° to 300°: out along 30°, counter-clockwise round
        // the outside, in along 300°, clockwise back round the inside. θ / 2 (r2² − r1²).
        let polar = |r: f64, degrees: f64| {
            let a = degrees.to_radians();
            [r * a.cos(), r * a.sin()]
        };
        let around = |clockwise| {
            Some(PathArc {
                center: [0.0, 0.0],
                clockwise,
            })
        };
        let sector = Contour::Path {
            start: polar(1.0, 30.0),
            steps: vec![
                PathStep {
                    to: polar(3.0, 30.0),
                    arc: None,
                },
                PathStep {
                    to: polar(3.0, 300.0),
                    arc: around(false),
                },
                PathStep {
                    to: polar(1.0, 300.0),
                    arc: None,
                },
                PathStep {
                    to: polar(1.0, 30.0),
                    arc: around(true),
                },
            ],
        };
        let expected = 270f64.to_radians() / 2.0 * (9.0 - 1.0);
        assert!((sector.area() - expected).abs() < 1e-9, "{}", sector.area());
        // It reaches the outer circle at 90°, 180° and 270°, not at 0° (the opening).
        let [x0, y0, x1, y1] = sector.extent();
        assert!((x0 + 3.0).abs() < 1e-9 && (y0 + 3.0).abs() < 1e-9 && (y1 - 3.0).abs() < 1e-9);
        assert!((x1 - 3.0 * 30f64.to_radians().cos()).abs() < 1e-9, "{x1}");
        // Off the origin an arc's area counts its centre's moment: a disk of radius 2 about (5, 1)
        // as two half-circle arcs.
        let off = Some(PathArc {
            center: [5.0, 1.0],
            clockwise: false,
        });
        let disk = Contour::Path {
            start: [7.0, 1.0],
            steps: vec![
                PathStep {
                    to: [3.0, 1.0],
                    arc: off,
                },
                PathStep {
                    to: [7.0, 1.0],
                    arc: off,
                },
            ],
        };
        assert!((disk.area() - 4.0 * PI).abs() < 1e-9, "{}", disk.area());
    }

    #[test]
    fn a_frustum_is_the_cone_between_its_circles_less_its_holes() {
        // The cone r 2 → 5 over 3 is the big cone (r 5, h 5) less the small one (r 2, h 2).
        let slab = Frustum {
            bottom: 1.0,
            top: 4.0,
            bottom_radius: 2.0,
            top_radius: 5.0,
            holes: vec![Contour::hexagon(2.0)],
        };
        let cone = PI / 3.0 * (25.0 * 5.0 - 4.0 * 2.0);
        let hexagon = 3f64.sqrt() / 2.0 * 4.0;
        assert!((slab.volume() - (cone - hexagon * 3.0)).abs() < 1e-9);
        assert!((slab.outline().volume() - cone).abs() < 1e-9);
        assert_eq!(
            Body::Frustum(slab).bounds(),
            ([-5.0, -5.0, 1.0], [5.0, 5.0, 4.0])
        );
    }

    #[test]
    fn a_hexagon_has_its_corners_on_x_and_its_flats_on_y() {
        let [x0, y0, x1, y1] = Contour::hexagon(10.0).extent();
        assert!((x1 - 10.0 / 3f64.sqrt()).abs() < 1e-9 && (x0 + x1).abs() < 1e-9);
        assert!((y1 - 5.0).abs() < 1e-9 && (y0 + 5.0).abs() < 1e-9);
        // Seen along X the middle corners show as a line on the axis.
        assert_eq!(Contour::hexagon(10.0).edges_seen_along(1).len(), 3);
        assert_eq!(Contour::hexagon(10.0).edges_seen_along(0).len(), 4);
    }
}
