//! Drive recesses as planar sections: a type H cross recess (ISO 4757) and a hexalobular socket
//! (ISO 10664), each cut as a hole of constant section into the top solid of a head, so that no
//! boolean operation is needed (truck-stepio cannot write their results).
//!
//! bd_warehouse's rows name the recess (`recess: PH2`, `T30`) in a text cell, which the importer
//! keeps out of the dimensions; the standards assign one recess per thread size, so the
//! generator looks it up by the row's nominal diameter `d` in the product standard's table below.

use std::f64::consts::PI;

use crate::section::{Contour, PathArc, PathStep};

/// ISO 4757 type H cross recess, per recess number: the wing width b and the core diameter g
/// (ISO 4757:1983 table for type H; the same values are FreeCAD Fasteners' `iso4757def.csv`).
const ISO4757_H: [(u8, f64, f64); 5] = [
    (0, 0.61, 0.81),
    (1, 0.97, 1.27),
    (2, 1.47, 2.29),
    (3, 2.41, 3.81),
    (4, 3.48, 5.08),
];

/// The angle of a type H recess's wing flanks to the axis: 26°30′ (ISO 4757, figure for type
/// H; FreeCAD Fasteners' `makeHCrossRecess` builds the recess with it).
const CROSS_FLANK_DEGREES: f64 = 26.5;

/// ISO 7048 cheese head screws with type H cross recess, per thread diameter d: the recess
/// number and its diameter m at the top (ISO 7048:2011 table 1, m ref. for type H; the same
/// values are FreeCAD Fasteners' `iso7048def.csv`, columns `cT`, `mH`). The recess numbers agree
/// with bd_warehouse's `iso7048:recess` column (PH1 for M2.5, PH2 for M3–M5, PH3 for M6, M8).
const ISO7048: [(f64, u8, f64); 7] = [
    (2.5, 1, 2.7),
    (3.0, 2, 3.5),
    (3.5, 2, 3.8),
    (4.0, 2, 4.1),
    (5.0, 2, 4.8),
    (6.0, 3, 6.2),
    (8.0, 3, 7.7),
];

/// ISO 10664 hexalobular sockets, per size (T number): the diameters A across the lobes and B
/// between them and the lobes' radius Re (bd_warehouse 0.4.0's `iso10664def.csv`, which the
/// importer does not import as a part table: data/parts/README.md).
const ISO10664: [(u16, f64, f64, f64); 10] = [
    (6, 1.75, 1.27, 0.134),
    (8, 2.4, 1.75, 0.193),
    (10, 2.8, 2.05, 0.231),
    (15, 3.35, 2.4, 0.269),
    (20, 3.95, 2.85, 0.307),
    (25, 4.5, 3.25, 0.378),
    (30, 5.6, 4.05, 0.454),
    (40, 6.75, 4.85, 0.548),
    (45, 7.93, 5.64, 0.576),
    (50, 8.95, 6.45, 0.777),
];

/// ISO 14580 hexalobular socket cheese head screws, per thread diameter d: the socket size and
/// its depth t min (ISO 14580:2011 table 1; t min as bd_warehouse gives ISO 4762's socket
/// depth). The sizes agree with bd_warehouse's `iso14580:recess` column; FreeCAD Fasteners'
/// `iso14580def.csv` gives the mean depths (0.8 … 3.3), each between these minima and the
/// standard's maxima.
const ISO14580: [(f64, u16, f64); 9] = [
    (2.0, 6, 0.71),
    (2.5, 8, 0.78),
    (3.0, 10, 1.01),
    (3.5, 15, 1.07),
    (4.0, 20, 1.27),
    (5.0, 25, 1.52),
    (6.0, 30, 1.9),
    (8.0, 45, 2.66),
    (10.0, 50, 3.04),
];

/// A drive recess of constant section, `depth` deep from a head's top.
#[derive(Debug, Clone, PartialEq)]
pub enum Recess {
    /// ISO 4757 type H cross recess `number`: two wings `b` wide crossing at the axis, `m` long
    /// (the recess's diameter at the top), along X and Y.
    Cross {
        number: u8,
        m: f64,
        b: f64,
        depth: f64,
    },
    /// ISO 10664 hexalobular socket T`size`: six lobes of radius `re` reaching the diameter `a`,
    /// joined by concave arcs touching the diameter `b`; a lobe's tip on +Y.
    Hexalobular {
        size: u16,
        a: f64,
        b: f64,
        re: f64,
        depth: f64,
    },
}

fn by_diameter<T: Copy>(table: &[(f64, T, f64)], d: f64) -> Option<(T, f64)> {
    table
        .iter()
        .find(|(diameter, _, _)| (diameter - d).abs() < 1e-6)
        .map(|(_, key, value)| (*key, *value))
}

impl Recess {
    /// ISO 7048's cross recess for the thread diameter `d`. A prism cannot follow the recess's
    /// tapered wings, so its depth is where the wings' 26°30′ flanks reach the core diameter g:
    /// (m − g) / 2 / tan 26°30′ (M3, No. 2: 1.21 mm). For the m of ISO 7045 and ISO 7046 this
    /// lies within 0.2 mm below the penetration depths those standards give (ISO 7045 M4, m 4.4:
    /// 2.12 against 1.9–2.4); ISO 7048's own penetration depths are not in the data.
    pub fn iso7048_cross(d: f64) -> Option<Recess> {
        let (number, m) = by_diameter(&ISO7048, d)?;
        let (_, b, g) = ISO4757_H.iter().find(|(n, _, _)| *n == number)?;
        Some(Recess::Cross {
            number,
            m,
            b: *b,
            depth: (m - g) / 2.0 / CROSS_FLANK_DEGREES.to_radians().tan(),
        })
    }

    /// ISO 14580's hexalobular socket for the thread diameter `d`.
    pub fn iso14580_hexalobular(d: f64) -> Option<Recess> {
        let (size, depth) = by_diameter(&ISO14580, d)?;
        let (_, a, b, re) = ISO10664.iter().find(|(t, ..)| *t == size)?;
        Some(Recess::Hexalobular {
            size,
            a: *a,
            b: *b,
            re: *re,
            depth,
        })
    }

    pub fn depth(&self) -> f64 {
        match self {
            Recess::Cross { depth, .. } | Recess::Hexalobular { depth, .. } => *depth,
        }
    }

    /// The diameter of the circle the recess fits in.
    pub fn reach(&self) -> f64 {
        match self {
            Recess::Cross { m, b, .. } => m.hypot(*b),
            Recess::Hexalobular { a, .. } => *a,
        }
    }

    /// The drive's name: `PH2`, `T30`.
    pub fn name(&self) -> String {
        match self {
            Recess::Cross { number, .. } => format!("PH{number}"),
            Recess::Hexalobular { size, .. } => format!("T{size}"),
        }
    }

    /// The width the top view dimensions, across the recess along Y, and its name: the cross's
    /// m, the hexalobular socket's A (ISO 10664's letter).
    pub fn across(&self) -> (&'static str, f64) {
        match self {
            Recess::Cross { m, .. } => ("m", *m),
            Recess::Hexalobular { a, .. } => ("A", *a),
        }
    }

    /// The section, counter-clockwise seen from +Z.
    pub fn contour(&self) -> Contour {
        match self {
            Recess::Cross { m, b, .. } => cross(*m, *b),
            Recess::Hexalobular { a, b, re, .. } => hexalobular(*a, *b, *re).contour(),
        }
    }
}

/// A cross of two bars `m` long and `b` wide through the origin, along X and Y.
fn cross(m: f64, b: f64) -> Contour {
    let (h, w) = (m / 2.0, b / 2.0);
    Contour::Polygon(vec![
        [h, -w],
        [h, w],
        [w, w],
        [w, h],
        [-w, h],
        [-w, w],
        [-h, w],
        [-h, -w],
        [-w, -w],
        [-w, -h],
        [w, -h],
        [w, -w],
    ])
}

fn polar(radius: f64, angle: f64) -> [f64; 2] {
    [radius * angle.cos(), radius * angle.sin()]
}

/// The arcs of a hexalobular contour: lobe `j` is the circle of radius Re about `lobes[j]`,
/// between lobes `j` and `j + 1` the concave arc of radius Ri about `valleys[j]`,
/// and the two meet (touching) at `tangents[j]` = (end of lobe j, start of valley j) and
/// (end of valley j, start of lobe j + 1).
pub(crate) struct Hexalobular {
    pub lobes: [[f64; 2]; 6],
    pub valleys: [[f64; 2]; 6],
    pub tangents: [([f64; 2], [f64; 2]); 6],
}

/// The valleys' radius Ri: |lobe centre − valley centre| = Re + Ri with the centres A/2 − Re
/// and B/2 + Ri from the axis and 30° apart about it:
/// lobe² + (B/2 + Ri)² − √3 · lobe · (B/2 + Ri) = (Re + Ri)², linear in Ri.
pub(crate) fn valley_radius(a: f64, b: f64, re: f64) -> f64 {
    let (lobe, sqrt3) = (a / 2.0 - re, 3f64.sqrt());
    (re * re - lobe * lobe - b * b / 4.0 + sqrt3 * lobe * b / 2.0) / (b - sqrt3 * lobe - 2.0 * re)
}

/// ISO 10664's contour from A, B and Re: the lobes' centres lie A/2 − Re from the axis; the
/// valleys' radius Ri is the one whose circle, centred B/2 + Ri from the axis halfway between
/// two lobes, touches both (ISO 10664 gives Ri only as a drawing aid, annex A).
pub(crate) fn hexalobular(a: f64, b: f64, re: f64) -> Hexalobular {
    let (lobe, ri) = (a / 2.0 - re, valley_radius(a, b, re));
    let angle = |j: usize| PI / 2.0 + PI / 3.0 * j as f64;
    let lobes: [[f64; 2]; 6] = std::array::from_fn(|j| polar(lobe, angle(j)));
    let valleys: [[f64; 2]; 6] = std::array::from_fn(|j| polar(b / 2.0 + ri, angle(j) + PI / 6.0));
    // Where lobe `l` touches valley `v`: Re from the lobe's centre towards the valley's.
    let touch = |l: [f64; 2], v: [f64; 2]| {
        let (dx, dy) = (v[0] - l[0], v[1] - l[1]);
        let length = dx.hypot(dy);
        [l[0] + re * dx / length, l[1] + re * dy / length]
    };
    let tangents = std::array::from_fn(|j| {
        (
            touch(lobes[j], valleys[j]),
            touch(lobes[(j + 1) % 6], valleys[j]),
        )
    });
    Hexalobular {
        lobes,
        valleys,
        tangents,
    }
}

impl Hexalobular {
    /// Counter-clockwise: round each lobe (about its centre), then back in along the valley
    /// (clockwise about the valley's centre, which lies outside).
    pub fn contour(&self) -> Contour {
        let start = self.tangents[5].1;
        let mut steps = Vec::with_capacity(12);
        for j in 0..6 {
            steps.push(PathStep {
                to: self.tangents[j].0,
                arc: Some(PathArc {
                    center: self.lobes[j],
                    clockwise: false,
                }),
            });
            steps.push(PathStep {
                to: if j == 5 { start } else { self.tangents[j].1 },
                arc: Some(PathArc {
                    center: self.valleys[j],
                    clockwise: true,
                }),
            });
        }
        Contour::Path { start, steps }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hexalobular_contour_reaches_a_and_b_and_its_arcs_touch() {
        for (size, a, b, re) in ISO10664 {
            let shape = hexalobular(a, b, re);
            let ri = valley_radius(a, b, re);
            // bd_warehouse's `hexalobular_recess` solves the same tangency in another form.
            let sqrt3 = 3f64.sqrt();
            let theirs = (a * a - sqrt3 * a * b - 4.0 * a * re + b * b + 2.0 * sqrt3 * b * re)
                / (2.0 * (sqrt3 * a - 2.0 * b - 2.0 * sqrt3 * re + 4.0 * re));
            assert!(
                ri > 0.0 && (ri - theirs).abs() < 1e-9,
                "T{size}: Ri {ri}, {theirs}"
            );
            for j in 0..6 {
                let distance = |p: [f64; 2], q: [f64; 2]| (p[0] - q[0]).hypot(p[1] - q[1]);
                // The valley's circle touches both neighbouring lobes' circles from outside.
                for lobe in [shape.lobes[j], shape.lobes[(j + 1) % 6]] {
                    let gap = distance(lobe, shape.valleys[j]) - (re + ri);
                    assert!(gap.abs() < 1e-9, "T{size}: {gap}");
                }
                // Each touching point lies on both circles.
                let (end, start) = shape.tangents[j];
                assert!((distance(end, shape.lobes[j]) - re).abs() < 1e-9);
                assert!((distance(end, shape.valleys[j]) - ri).abs() < 1e-9);
                assert!((distance(start, shape.valleys[j]) - ri).abs() < 1e-9);
            }
            // A across the lobes' tips (one on +Y), B across the valleys' bottoms.
            let [x0, y0, x1, y1] = shape.contour().extent();
            assert!(
                (y1 - a / 2.0).abs() < 1e-9 && (y0 + a / 2.0).abs() < 1e-9,
                "T{size}"
            );
            assert!(x1 < a / 2.0 && (x0 + x1).abs() < 1e-9, "T{size}");
            let bottom = shape.valleys[0][0].hypot(shape.valleys[0][1]) - ri;
            assert!((bottom - b / 2.0).abs() < 1e-9, "T{size}: {bottom}");
        }
    }

    #[test]
    fn the_recesses_are_looked_up_by_thread_diameter() {
        let cross = Recess::iso7048_cross(3.0).unwrap();
        assert_eq!(cross.name(), "PH2");
        // (3.5 − 2.29) / 2 / tan 26.5°.
        assert!((cross.depth() - 1.2135).abs() < 1e-3, "{}", cross.depth());
        assert!(Recess::iso7048_cross(10.0).is_none());
        let torx = Recess::iso14580_hexalobular(6.0).unwrap();
        assert_eq!(torx.name(), "T30");
        assert_eq!(torx.across(), ("A", 5.6));
        assert_eq!(torx.depth(), 1.9);
        // Every size of both tables fits its head in bd_warehouse's rows: shallower than k.
        for (d, k) in [(2.5, 1.8), (3.0, 2.0), (5.0, 3.3), (8.0, 5.0)] {
            assert!(Recess::iso7048_cross(d).unwrap().depth() < k, "M{d}");
        }
    }
}
