//! Points, bounding boxes and arcs shared by the readers and the renderers.

use crate::sexpr::Sexpr;

/// A point in millimetres, in the file's own coordinates (symbols: Y up; footprints: Y down).
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Point {
    pub x: f64,
    pub y: f64,
}

impl Point {
    pub const fn new(x: f64, y: f64) -> Self {
        Point { x, y }
    }

    /// Reads `(name x y …)`.
    pub(crate) fn from_node(node: &Sexpr<'_>) -> Option<Point> {
        Some(Point::new(node.number(0)?, node.number(1)?))
    }

    /// Reads the child `(name x y)` of `parent`.
    pub(crate) fn child(parent: &Sexpr<'_>, name: &str) -> Option<Point> {
        parent.child(name).and_then(Point::from_node)
    }

    /// Reads `(pts (xy x y) (xy x y) …)`.
    pub(crate) fn list(parent: &Sexpr<'_>) -> Vec<Point> {
        parent
            .child("pts")
            .map(|pts| pts.children("xy").filter_map(Point::from_node).collect())
            .unwrap_or_default()
    }

    pub fn distance(self, other: Point) -> f64 {
        (self.x - other.x).hypot(self.y - other.y)
    }

    /// Rotates around the origin by `degrees`, counter-clockwise in a Y-up frame.
    pub fn rotated(self, degrees: f64) -> Point {
        let (sin, cos) = degrees.to_radians().sin_cos();
        Point::new(self.x * cos - self.y * sin, self.x * sin + self.y * cos)
    }
}

/// An axis-aligned box that grows to include what is added.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct BoundingBox {
    pub min: Point,
    pub max: Point,
}

impl BoundingBox {
    pub fn empty() -> Self {
        BoundingBox {
            min: Point::new(f64::INFINITY, f64::INFINITY),
            max: Point::new(f64::NEG_INFINITY, f64::NEG_INFINITY),
        }
    }

    pub fn is_empty(&self) -> bool {
        !(self.min.x <= self.max.x && self.min.y <= self.max.y)
    }

    pub fn add(&mut self, point: Point) {
        if !(point.x.is_finite() && point.y.is_finite()) {
            return;
        }
        self.min.x = self.min.x.min(point.x);
        self.min.y = self.min.y.min(point.y);
        self.max.x = self.max.x.max(point.x);
        self.max.y = self.max.y.max(point.y);
    }

    /// Adds a disc (a point drawn with a thick pen, a circle).
    pub fn add_disc(&mut self, center: Point, radius: f64) {
        self.add(Point::new(center.x - radius, center.y - radius));
        self.add(Point::new(center.x + radius, center.y + radius));
    }

    pub fn width(&self) -> f64 {
        self.max.x - self.min.x
    }

    pub fn height(&self) -> f64 {
        self.max.y - self.min.y
    }
}

/// A circular arc through three points, as KiCad 6+ stores arcs (start, mid, end).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ArcGeometry {
    pub center: Point,
    pub radius: f64,
    /// Whether going from start to end through mid increases the angle (counter-clockwise in the
    /// frame of the coordinates given).
    pub increasing: bool,
    /// Angle swept from start to end, in radians, in (0, 2π).
    pub sweep: f64,
}

/// The circle through three points; `None` when they are collinear (draw a line instead).
pub fn arc_through(start: Point, mid: Point, end: Point) -> Option<ArcGeometry> {
    let d =
        2.0 * (start.x * (mid.y - end.y) + mid.x * (end.y - start.y) + end.x * (start.y - mid.y));
    if d.abs() < 1e-12 {
        return None;
    }
    let square = |p: Point| p.x * p.x + p.y * p.y;
    let center = Point::new(
        (square(start) * (mid.y - end.y)
            + square(mid) * (end.y - start.y)
            + square(end) * (start.y - mid.y))
            / d,
        (square(start) * (end.x - mid.x)
            + square(mid) * (start.x - end.x)
            + square(end) * (mid.x - start.x))
            / d,
    );
    let angle = |p: Point| (p.y - center.y).atan2(p.x - center.x);
    let turn = std::f64::consts::TAU;
    let normalized = |a: f64| a.rem_euclid(turn);
    let to_mid = normalized(angle(mid) - angle(start));
    let to_end = normalized(angle(end) - angle(start));
    let increasing = to_mid < to_end;
    let sweep = if increasing { to_end } else { turn - to_end };
    Some(ArcGeometry {
        center,
        radius: center.distance(start),
        increasing,
        sweep,
    })
}

/// Points along an arc for bounding boxes (every 10°).
pub fn arc_points(start: Point, mid: Point, end: Point) -> Vec<Point> {
    let Some(arc) = arc_through(start, mid, end) else {
        return vec![start, mid, end];
    };
    let first = (start.y - arc.center.y).atan2(start.x - arc.center.x);
    let steps = ((arc.sweep.to_degrees() / 10.0).ceil() as usize).clamp(1, 36);
    let direction = if arc.increasing { 1.0 } else { -1.0 };
    (0..=steps)
        .map(|step| {
            let angle = first + direction * arc.sweep * step as f64 / steps as f64;
            Point::new(
                arc.center.x + arc.radius * angle.cos(),
                arc.center.y + arc.radius * angle.sin(),
            )
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arc_through_a_half_circle() {
        let arc = arc_through(
            Point::new(1.0, 0.0),
            Point::new(0.0, 1.0),
            Point::new(-1.0, 0.0),
        )
        .unwrap();
        assert!(arc.center.distance(Point::new(0.0, 0.0)) < 1e-12);
        assert!((arc.radius - 1.0).abs() < 1e-12);
        assert!(arc.increasing);
        assert!((arc.sweep - std::f64::consts::PI).abs() < 1e-9);
        let other_way = arc_through(
            Point::new(1.0, 0.0),
            Point::new(0.0, -1.0),
            Point::new(-1.0, 0.0),
        )
        .unwrap();
        assert!(!other_way.increasing);
    }

    #[test]
    fn collinear_points_have_no_arc() {
        assert!(arc_through(
            Point::new(0.0, 0.0),
            Point::new(1.0, 1.0),
            Point::new(2.0, 2.0)
        )
        .is_none());
        assert_eq!(
            arc_points(
                Point::new(0.0, 0.0),
                Point::new(1.0, 1.0),
                Point::new(2.0, 2.0)
            )
            .len(),
            3
        );
    }

    #[test]
    fn bounding_box_ignores_non_finite_points() {
        let mut bounds = BoundingBox::empty();
        assert!(bounds.is_empty());
        bounds.add(Point::new(1.0, 2.0));
        bounds.add(Point::new(f64::NAN, 0.0));
        bounds.add_disc(Point::new(0.0, 0.0), 1.0);
        assert_eq!(bounds.min, Point::new(-1.0, -1.0));
        assert_eq!(bounds.max, Point::new(1.0, 2.0));
    }
}
