//! The families: a typed dimension set per family, read from a part variant's `dimensions`, and
//! the prisms and drawing dimensions each builds.
//!
//! Fasteners stand on the XY plane with their axis on Z: the head from z = 0 up, the shank (a
//! cosmetic thread: a cylinder at the nominal diameter) down to z = −l. Nuts, washers and bearing
//! rings sit on z = 0; profiles are extruded from z = 0 to their length.

use std::collections::BTreeMap;

use crate::drawing::{Dimension, View};
use crate::recess::Recess;
use crate::section::{
    Body, Contour, Frustum, PathArc, PathStep, Prism, ProfileStep, Revolution, Torus,
};
use crate::GeometryError;

/// A variant's dimension row, read with the family's name for the errors.
pub(crate) struct Row<'a> {
    family: &'a str,
    values: BTreeMap<String, f64>,
}

impl<'a> Row<'a> {
    pub(crate) fn new(family: &'a str, values: BTreeMap<String, f64>) -> Row<'a> {
        Row { family, values }
    }

    /// A positive, finite length in millimetres.
    fn length(&self, name: &str) -> Result<f64, GeometryError> {
        match self.values.get(name) {
            None => Err(GeometryError::MissingDimension {
                family: self.family.to_owned(),
                name: name.to_owned(),
            }),
            Some(value) if value.is_finite() && *value > 0.0 => Ok(*value),
            Some(value) => Err(self.invalid(name, *value, "must be a positive length in mm")),
        }
    }

    /// An optional length that is used only when it lies strictly between two bounds.
    fn length_between(&self, name: &str, low: f64, high: f64) -> Option<f64> {
        self.values
            .get(name)
            .copied()
            .filter(|value| value.is_finite() && *value > low && *value < high)
    }

    fn invalid(&self, name: &str, value: f64, reason: &str) -> GeometryError {
        GeometryError::InvalidDimension {
            family: self.family.to_owned(),
            name: name.to_owned(),
            value,
            reason: reason.to_owned(),
        }
    }

    /// `name` must be smaller than `bound` (the dimension named `bound_name`).
    /// `name` must not exceed `bound` (the dimension named `bound_name`).
    fn at_most(
        &self,
        name: &str,
        value: f64,
        bound_name: &str,
        bound: f64,
    ) -> Result<(), GeometryError> {
        if value <= bound {
            Ok(())
        } else {
            Err(self.invalid(
                name,
                value,
                &format!("must not exceed {bound_name} = {bound}"),
            ))
        }
    }

    fn less_than(
        &self,
        name: &str,
        value: f64,
        bound_name: &str,
        bound: f64,
    ) -> Result<(), GeometryError> {
        if value < bound {
            Ok(())
        } else {
            Err(self.invalid(
                name,
                value,
                &format!("must be smaller than {bound_name} = {bound}"),
            ))
        }
    }
}

/// A family's struct of lengths, each read from the row's dimension of the field's name.
macro_rules! read_lengths {
    ($row:expr, $family:ident { $($field:ident),+ $(,)? }) => {
        $family { $($field: $row.length(stringify!($field))?),+ }
    };
}

/// The width across corners of a hexagon `s` across flats.
fn across_corners(s: f64) -> f64 {
    2.0 * s / 3f64.sqrt()
}

fn horizontal(
    view: View,
    x0: f64,
    x1: f64,
    y: f64,
    offset: f64,
    name: &str,
    diameter: bool,
) -> Dimension {
    Dimension {
        view,
        from: [x0, y],
        to: [x1, y],
        offset,
        name: name.to_owned(),
        value: x1 - x0,
        diameter,
    }
}

fn vertical(view: View, x: f64, y0: f64, y1: f64, offset: f64, name: &str) -> Dimension {
    Dimension {
        view,
        from: [x, y0],
        to: [x, y1],
        // The perpendicular of an upward line points to −x: a positive offset puts it left.
        offset,
        name: name.to_owned(),
        value: y1 - y0,
        diameter: false,
    }
}

/// A screw head as its front view dimensions it: the width's name and half, whether it is a
/// diameter, and how far out the height's dimension must stand (a flange may reach further).
struct ScrewHead {
    name: &'static str,
    half_width: f64,
    diameter: bool,
    reach: f64,
}

impl ScrewHead {
    /// A cylindrical head of diameter dk.
    fn round(dk: f64) -> ScrewHead {
        ScrewHead {
            name: "dk",
            half_width: dk / 2.0,
            diameter: true,
            reach: dk / 2.0,
        }
    }

    /// A hexagon head s across flats, dimensioned across corners (e); `reach` is the widest
    /// half of the head (a flange).
    fn hexagon(s: f64, reach: f64) -> ScrewHead {
        let e = across_corners(s) / 2.0;
        ScrewHead {
            name: "e",
            half_width: e,
            diameter: false,
            reach: reach.max(e),
        }
    }
}

/// The front view's dimensions every screw has: the head's width and height k, the shank's
/// diameter d and length l.
fn screw_front_dimensions(head: ScrewHead, d: f64, k: f64, l: f64) -> Vec<Dimension> {
    let (r, w) = (d / 2.0, head.half_width);
    vec![
        horizontal(View::Front, -w, w, k, 3.0, head.name, head.diameter),
        horizontal(View::Front, -r, r, -l, -3.0, "d", true),
        vertical(View::Front, -head.reach, 0.0, k, 3.0, "k"),
        vertical(View::Front, r, -l, 0.0, -3.0, "l"),
    ]
}

/// ISO 4762 / ASME B18.3 socket head cap screw: a cylindrical head with a hexagon socket.
#[derive(Debug, Clone, PartialEq)]
pub struct SocketHeadCap {
    pub d: f64,
    pub dk: f64,
    pub k: f64,
    pub s: f64,
    pub t: f64,
    pub l: f64,
}

impl SocketHeadCap {
    pub(crate) fn read(row: &Row) -> Result<Self, GeometryError> {
        let screw = read_lengths!(row, SocketHeadCap { d, dk, k, s, t, l });
        row.less_than("d", screw.d, "dk", screw.dk)?;
        row.less_than("s", across_corners(screw.s), "dk", screw.dk)?;
        row.less_than("t", screw.t, "k", screw.k)?;
        Ok(screw)
    }

    pub(crate) fn prisms(&self) -> Vec<Prism> {
        // The head is two solids so that the socket (an inner wire) is only t deep.
        vec![
            Prism::new(Contour::circle(self.d), -self.l, 0.0),
            Prism::new(Contour::circle(self.dk), 0.0, self.k - self.t),
            Prism::new(Contour::circle(self.dk), self.k - self.t, self.k)
                .with_hole(Contour::hexagon(self.s)),
        ]
    }

    pub(crate) fn dimensions(&self) -> Vec<Dimension> {
        let rk = self.dk / 2.0;
        let mut dimensions =
            screw_front_dimensions(ScrewHead::round(self.dk), self.d, self.k, self.l);
        dimensions.extend([
            vertical(View::Side, rk, self.k - self.t, self.k, -3.0, "t"),
            // Across flats, right of the head in the top view.
            vertical(
                View::Top,
                0.0,
                -self.s / 2.0,
                self.s / 2.0,
                -(rk + 3.0),
                "s",
            ),
        ]);
        dimensions
    }
}

/// A cheese head's drive, cut into its top.
#[derive(Debug, Clone, PartialEq)]
pub enum CheeseDrive {
    /// ISO 1207, ISO 1580: a slot n wide (along X) and t deep across the head.
    Slot { n: f64, t: f64 },
    /// ISO 7048 (cross), ISO 14580 (hexalobular): a recess of constant section.
    Recess(Recess),
}

/// Cheese heads dk × k: ISO 1207 (slotted; ISO 1580's slotted pan head too), ISO 7048 (type H
/// cross recess) and ISO 14580 (hexalobular socket). The head is two solids so that the drive is
/// only as deep as it is: below it a cylinder, above it the top either as the two circle
/// segments beside the slot or as a cylinder with the recess as an inner wire.
#[derive(Debug, Clone, PartialEq)]
pub struct CheeseHead {
    pub d: f64,
    pub dk: f64,
    pub k: f64,
    pub l: f64,
    pub drive: CheeseDrive,
}

impl CheeseHead {
    pub(crate) fn read(standard: &str, row: &Row) -> Result<Self, GeometryError> {
        let is = |name: &str| standard.eq_ignore_ascii_case(name);
        if !["iso1207", "iso1580", "iso7048", "iso14580"]
            .iter()
            .any(|known| is(known))
        {
            return Err(GeometryError::UnsupportedStandard {
                family: row.family.to_owned(),
                standard: standard.to_owned(),
            });
        }
        let (d, dk, k, l) = (
            row.length("d")?,
            row.length("dk")?,
            row.length("k")?,
            row.length("l")?,
        );
        row.less_than("d", d, "dk", dk)?;
        // ISO 1580's slotted pan head is built as ISO 1207's (its slightly domed top is not:
        // the table gives no radius).
        let drive = if is("iso1207") || is("iso1580") {
            let (n, t) = (row.length("n")?, row.length("t")?);
            row.less_than("n", n, "dk", dk)?;
            CheeseDrive::Slot { n, t }
        } else {
            // The rows name their recess in a text cell; the standard fixes one per size.
            let recess = if is("iso7048") {
                Recess::iso7048_cross(d)
            } else {
                Recess::iso14580_hexalobular(d)
            };
            let recess = recess.ok_or_else(|| {
                row.invalid("d", d, &format!("has no recess in {standard}'s table"))
            })?;
            row.less_than("recess", recess.reach(), "dk", dk)?;
            CheeseDrive::Recess(recess)
        };
        let head = CheeseHead { d, dk, k, l, drive };
        row.less_than("t", head.drive_depth(), "k", k)?;
        Ok(head)
    }

    /// How deep the slot or recess reaches below the top.
    pub fn drive_depth(&self) -> f64 {
        match &self.drive {
            CheeseDrive::Slot { t, .. } => *t,
            CheeseDrive::Recess(recess) => recess.depth(),
        }
    }

    pub(crate) fn prisms(&self) -> Vec<Prism> {
        let radius = self.dk / 2.0;
        let bottom = self.k - self.drive_depth();
        let mut prisms = vec![
            Prism::new(Contour::circle(self.d), -self.l, 0.0),
            Prism::new(Contour::circle(self.dk), 0.0, bottom),
        ];
        match &self.drive {
            CheeseDrive::Slot { n, .. } => {
                let chord = n / 2.0;
                prisms.push(Prism::new(
                    Contour::Segment { radius, chord },
                    bottom,
                    self.k,
                ));
                prisms.push(Prism::new(
                    Contour::Segment {
                        radius,
                        chord: -chord,
                    },
                    bottom,
                    self.k,
                ));
            }
            CheeseDrive::Recess(recess) => prisms.push(
                Prism::new(Contour::circle(self.dk), bottom, self.k).with_hole(recess.contour()),
            ),
        }
        prisms
    }

    pub(crate) fn dimensions(&self) -> Vec<Dimension> {
        let rk = self.dk / 2.0;
        let mut dimensions =
            screw_front_dimensions(ScrewHead::round(self.dk), self.d, self.k, self.l);
        dimensions.push(vertical(
            View::Side,
            rk,
            self.k - self.drive_depth(),
            self.k,
            -3.0,
            "t",
        ));
        match &self.drive {
            CheeseDrive::Slot { n, .. } => dimensions.push(horizontal(
                View::Side,
                -n / 2.0,
                n / 2.0,
                self.k,
                3.0,
                "n",
                false,
            )),
            // Across the recess, right of the head in the top view (as a socket's s).
            CheeseDrive::Recess(recess) => {
                let (name, width) = recess.across();
                dimensions.push(vertical(
                    View::Top,
                    0.0,
                    -width / 2.0,
                    width / 2.0,
                    -(rk + 3.0),
                    name,
                ));
            }
        }
        dimensions
    }
}

/// The radius at height `z` of a sphere of radius `rf` about (0, `center_z`), if it reaches `z`.
fn sphere_radius_at(rf: f64, center_z: f64, z: f64) -> Option<f64> {
    let squared = rf * rf - (z - center_z).powi(2);
    (squared > 0.0).then(|| squared.sqrt())
}

/// A head turned about the axis whose top is a spherical dome of radius `rf` reaching height
/// `k` (ISO 7380 button heads, ISO 7045 and DIN 967 pan heads): a cylinder dk up to where the
/// sphere meets it, on an optional collar dc × c (ISO 7380-2, DIN 967). The drive recess is not
/// modelled (it would need a boolean cut truck-stepio cannot write). Without `rf` (ISO 14583,
/// ASME B18.6.3 pan heads: the table gives no radius) the head is the cylinder dk × k.
#[derive(Debug, Clone, PartialEq)]
pub struct RoundHead {
    pub d: f64,
    pub dk: f64,
    pub k: f64,
    pub rf: Option<f64>,
    /// Collar diameter and height.
    pub collar: Option<(f64, f64)>,
    pub l: f64,
}

impl RoundHead {
    /// `collar`: the names of the collar's diameter and height (`dc`, `c`; DIN 967's collar is
    /// dk wide: `dk`, `c`); `domed`: whether the row gives the dome radius `rf`.
    pub(crate) fn read(
        row: &Row,
        collar: Option<(&str, &str)>,
        domed: bool,
    ) -> Result<Self, GeometryError> {
        let head = RoundHead {
            d: row.length("d")?,
            dk: row.length("dk")?,
            k: row.length("k")?,
            rf: if domed { Some(row.length("rf")?) } else { None },
            collar: match collar {
                Some((diameter, height)) => Some((row.length(diameter)?, row.length(height)?)),
                None => None,
            },
            l: row.length("l")?,
        };
        row.less_than("d", head.d, "dk", head.dk)?;
        if let Some((dc, c)) = head.collar {
            row.less_than("d", head.d, "dc", dc)?;
            row.less_than("c", c, "k", head.k)?;
        }
        // The dome must rise from the cylinder (or the collar) to k without overhang.
        if head.profile().is_none() {
            return Err(row.invalid(
                "rf",
                head.rf.unwrap_or_default(),
                "does not close the dome over dk and k",
            ));
        }
        Ok(head)
    }

    /// The head's section, or none when the dome cannot sit on it.
    fn profile(&self) -> Option<Revolution> {
        let big = self.dk / 2.0;
        let mut steps = Vec::new();
        let base = match self.collar {
            Some((dc, c)) => {
                steps.push(ProfileStep::line(dc / 2.0, 0.0));
                steps.push(ProfileStep::line(dc / 2.0, c));
                c
            }
            None => {
                steps.push(ProfileStep::line(big, 0.0));
                0.0
            }
        };
        let widen = |steps: &mut Vec<ProfileStep>| {
            if self
                .collar
                .is_some_and(|(dc, _)| (dc / 2.0 - big).abs() > 1e-9)
            {
                steps.push(ProfileStep::line(big, base));
            }
        };
        let Some(rf) = self.rf else {
            widen(&mut steps);
            steps.push(ProfileStep::line(big, self.k));
            steps.push(ProfileStep::line(0.0, self.k));
            return Some(Revolution {
                start: [0.0, 0.0],
                steps,
            });
        };
        let center = [0.0, self.k - rf];
        // Where the sphere meets the cylinder dk.
        let rim = (rf > big).then(|| center[1] + (rf * rf - big * big).sqrt());
        match rim {
            // Above the base: a cylindrical rim, then the dome.
            Some(rim) if rim > base + 1e-6 => {
                widen(&mut steps);
                steps.push(ProfileStep::line(big, rim));
            }
            // Without a collar the sphere would meet the bearing face inside dk (ISO 7380-1
            // M12, M16: a real head rounds that edge off): the dome runs from dk's edge instead,
            // its radius from dk and k.
            _ if self.collar.is_none() => {
                let radius = (big * big + self.k * self.k) / (2.0 * self.k);
                steps.push(ProfileStep::arc(0.0, self.k, [0.0, self.k - radius]));
                return Some(Revolution {
                    start: [0.0, 0.0],
                    steps,
                });
            }
            // Else it meets the collar's top inside dk: a flat shoulder, then the dome.
            _ => {
                self.collar?;
                let inner = sphere_radius_at(rf, center[1], base).filter(|r| *r <= big)?;
                steps.push(ProfileStep::line(inner, base));
            }
        }
        steps.push(ProfileStep::arc(0.0, self.k, center));
        Some(Revolution {
            start: [0.0, 0.0],
            steps,
        })
    }

    pub(crate) fn bodies(&self) -> Vec<Body> {
        let mut bodies = vec![Body::Prism(Prism::new(
            Contour::circle(self.d),
            -self.l,
            0.0,
        ))];
        bodies.extend(self.profile().map(Body::Revolution));
        bodies
    }

    pub(crate) fn dimensions(&self) -> Vec<Dimension> {
        let reach = self.collar.map_or(self.dk, |(dc, _)| dc.max(self.dk)) / 2.0;
        let mut head = ScrewHead::round(self.dk);
        head.reach = head.reach.max(reach);
        let mut dimensions = screw_front_dimensions(head, self.d, self.k, self.l);
        if let Some((dc, c)) = self.collar {
            let rc = dc / 2.0;
            // DIN 967's collar is dk wide, dimensioned already.
            if (dc - self.dk).abs() > 1e-9 {
                dimensions.push(horizontal(View::Side, -rc, rc, 0.0, -3.0, "dc", true));
            }
            dimensions.push(vertical(View::Side, rc, 0.0, c, -3.0, "c"));
        }
        dimensions
    }
}

/// Countersunk heads (ISO 10642, 2009, 7046, 14581, 14582) and raised countersunk heads (ISO
/// 2010, 7047, 14584): a cone of the included angle `a` from the shank to dk, a cylindrical
/// edge up to k where the table's k exceeds the cone, and for raised heads a spherical raise
/// rf over dk. The nominal length l counts from the countersunk's top (ISO 2009, 2010), so the
/// shank is l − k long. ISO 10642's hexagon socket s × t is cut into the flat top: the head's
/// top t is a frustum slab with the socket as a hole (two, where the cone's cylindrical edge
/// starts within it), the rest of the head a solid of revolution below it. The other drives
/// (slots, cross and hexalobular recesses) are not modelled.
#[derive(Debug, Clone, PartialEq)]
pub struct CountersunkHead {
    pub d: f64,
    pub dk: f64,
    pub k: f64,
    /// Included angle in degrees.
    pub a: f64,
    pub rf: Option<f64>,
    pub l: f64,
    /// ISO 10642's hexagon socket: across flats s, depth t.
    pub socket: Option<(f64, f64)>,
}

impl CountersunkHead {
    pub(crate) fn read(row: &Row, raised: bool) -> Result<Self, GeometryError> {
        let (d, dk) = (row.length("d")?, row.length("dk")?);
        let a = row.values.get("a").copied().unwrap_or(90.0);
        if !(a.is_finite() && a > 30.0 && a < 150.0) {
            return Err(row.invalid("a", a, "must be an included angle in degrees (30–150)"));
        }
        row.less_than("d", d, "dk", dk)?;
        // A raised head's countersunk is the cone from the shank to dk: bd_warehouse's `k` is
        // the raise f in ISO 2010 and 7047 (M6: 1.5) but the countersunk's height in ISO 14584
        // (M6: 3.3 = (12.6 − 6) / 2), so it is not read.
        let k = if raised {
            (dk - d) / 2.0 / (a / 2.0).to_radians().tan()
        } else {
            row.length("k")?
        };
        // Only ISO 10642's rows have a hexagon socket s (ISO 2009's slot is n × t).
        let socket = if !raised && row.values.contains_key("s") {
            Some((row.length("s")?, row.length("t")?))
        } else {
            None
        };
        let head = CountersunkHead {
            d,
            dk,
            k,
            a,
            rf: if raised {
                Some(row.length("rf")?)
            } else {
                None
            },
            l: row.length("l")?,
            socket,
        };
        row.less_than("k", head.k, "l", head.l)?;
        if let Some(rf) = head.rf {
            row.less_than("dk", head.dk / 2.0, "rf", rf)?;
        }
        if let Some((s, t)) = head.socket {
            row.less_than("t", t, "k", k)?;
            // The socket's corners stay inside the cone where the socket ends.
            let room = 2.0 * head.radius_at(k - t);
            row.less_than(
                "s",
                across_corners(s),
                "the head's width at the socket's bottom",
                room,
            )?;
        }
        Ok(head)
    }

    /// The cone's height: from the shank d to dk, at most k.
    fn cone(&self) -> f64 {
        let slope = (self.a / 2.0).to_radians().tan();
        ((self.dk / 2.0 - self.d / 2.0) / slope).min(self.k)
    }

    /// The head's radius at height `z` (0 ≤ z ≤ k): on the cone, then dk's cylindrical edge.
    fn radius_at(&self, z: f64) -> f64 {
        let slope = (self.a / 2.0).to_radians().tan();
        let cone = self.cone();
        self.dk / 2.0 - (cone - z.min(cone)) * slope
    }

    /// Height of the raise over dk.
    fn raise(&self) -> f64 {
        let big = self.dk / 2.0;
        self.rf.map_or(0.0, |rf| rf - (rf * rf - big * big).sqrt())
    }

    fn profile(&self) -> Revolution {
        let big = self.dk / 2.0;
        let slope = (self.a / 2.0).to_radians().tan();
        let cone = ((big - self.d / 2.0) / slope).min(self.k);
        let foot = big - cone * slope;
        let mut steps = vec![ProfileStep::line(foot, 0.0), ProfileStep::line(big, cone)];
        if self.k - cone > 1e-9 {
            steps.push(ProfileStep::line(big, self.k));
        }
        match self.rf {
            Some(rf) => {
                let top = self.k + self.raise();
                steps.push(ProfileStep::arc(0.0, top, [0.0, top - rf]));
            }
            None => steps.push(ProfileStep::line(0.0, self.k)),
        }
        Revolution {
            start: [0.0, 0.0],
            steps,
        }
    }

    pub(crate) fn bodies(&self) -> Vec<Body> {
        let shank = Body::Prism(Prism::new(Contour::circle(self.d), -(self.l - self.k), 0.0));
        let Some((s, t)) = self.socket else {
            return vec![shank, Body::Revolution(self.profile())];
        };
        // The head as frustum slabs stacked from the shank: split where the cone meets the
        // cylindrical edge and where the socket ends (k − t); the slabs above carry the socket.
        // One kind of body for the whole head, so that the drawing can join them into one
        // outline (docs/part-geometry.md).
        let bottom = self.k - t;
        let cone = self.cone();
        let mut levels = vec![0.0, bottom, self.k];
        if cone > 1e-9 && cone < self.k - 1e-9 && (cone - bottom).abs() > 1e-9 {
            levels.push(cone);
        }
        levels.sort_by(f64::total_cmp);
        let mut bodies = vec![shank];
        for pair in levels.windows(2) {
            bodies.push(Body::Frustum(Frustum {
                bottom: pair[0],
                top: pair[1],
                bottom_radius: self.radius_at(pair[0]),
                top_radius: self.radius_at(pair[1]),
                holes: if pair[0] >= bottom - 1e-9 {
                    vec![Contour::hexagon(s)]
                } else {
                    Vec::new()
                },
            }));
        }
        bodies
    }

    pub(crate) fn dimensions(&self) -> Vec<Dimension> {
        let (r, big) = (self.d / 2.0, self.dk / 2.0);
        let shank = self.l - self.k;
        let top = self.k + self.raise();
        let mut dimensions = vec![
            horizontal(View::Front, -big, big, top, 3.0, "dk", true),
            horizontal(View::Front, -r, r, -shank, -3.0, "d", true),
            vertical(View::Front, r, -shank, self.k, -3.0, "l"),
        ];
        dimensions.push(if self.rf.is_some() {
            vertical(View::Side, -big, self.k, top, 3.0, "f")
        } else {
            vertical(View::Front, -big, 0.0, self.k, 3.0, "k")
        });
        if let Some((s, t)) = self.socket {
            // As a socket head cap's: its depth in the side view, across flats in the top view.
            dimensions.extend([
                vertical(View::Side, big, self.k - t, self.k, -3.0, "t"),
                vertical(View::Top, 0.0, -s / 2.0, s / 2.0, -(big + 3.0), "s"),
            ]);
        }
        dimensions
    }
}

/// ISO 7379 hexagon socket shoulder screw: the head dk × k with the socket s × t, the shoulder
/// ds of the nominal length l, the thread d × b (the thread undercut is not modelled).
#[derive(Debug, Clone, PartialEq)]
pub struct ShoulderScrew {
    pub d: f64,
    pub ds: f64,
    pub dk: f64,
    pub k: f64,
    pub b: f64,
    pub s: f64,
    pub t: f64,
    pub l: f64,
}

impl ShoulderScrew {
    pub(crate) fn read(row: &Row) -> Result<Self, GeometryError> {
        let screw = read_lengths!(
            row,
            ShoulderScrew {
                d,
                ds,
                dk,
                k,
                b,
                s,
                t,
                l
            }
        );
        row.less_than("d", screw.d, "ds", screw.ds)?;
        row.less_than("ds", screw.ds, "dk", screw.dk)?;
        row.less_than("s", across_corners(screw.s), "dk", screw.dk)?;
        row.less_than("t", screw.t, "k", screw.k)?;
        Ok(screw)
    }

    pub(crate) fn prisms(&self) -> Vec<Prism> {
        vec![
            Prism::new(Contour::circle(self.d), -self.l - self.b, -self.l),
            Prism::new(Contour::circle(self.ds), -self.l, 0.0),
            Prism::new(Contour::circle(self.dk), 0.0, self.k - self.t),
            Prism::new(Contour::circle(self.dk), self.k - self.t, self.k)
                .with_hole(Contour::hexagon(self.s)),
        ]
    }

    pub(crate) fn dimensions(&self) -> Vec<Dimension> {
        let (rk, rs, r) = (self.dk / 2.0, self.ds / 2.0, self.d / 2.0);
        let bottom = -self.l - self.b;
        vec![
            horizontal(View::Front, -rk, rk, self.k, 3.0, "dk", true),
            vertical(View::Front, -rk, 0.0, self.k, 3.0, "k"),
            vertical(View::Front, rs, -self.l, 0.0, -3.0, "l"),
            vertical(View::Front, r, bottom, -self.l, -3.0, "b"),
            horizontal(View::Front, -r, r, bottom, -3.0, "d", true),
            horizontal(View::Side, -rs, rs, -self.l, -3.0, "ds", true),
            vertical(View::Side, rk, self.k - self.t, self.k, -3.0, "t"),
            vertical(
                View::Top,
                0.0,
                -self.s / 2.0,
                self.s / 2.0,
                -(rk + 3.0),
                "s",
            ),
        ]
    }
}

/// DIN 1587 domed cap nut: the hexagon s × m with its bore d, closed by a dome of diameter dk.
/// The nut's overall height h is not in bd_warehouse's table, so the dome is a hemisphere of dk
/// standing on the hexagon: the model is lower than a real DIN 1587 nut (documented).
#[derive(Debug, Clone, PartialEq)]
pub struct DomedCapNut {
    pub d: f64,
    pub dk: f64,
    pub m: f64,
    pub s: f64,
}

impl DomedCapNut {
    pub(crate) fn read(row: &Row) -> Result<Self, GeometryError> {
        let nut = read_lengths!(row, DomedCapNut { d, dk, m, s });
        row.less_than("d", nut.d, "dk", nut.dk)?;
        row.at_most("dk", nut.dk, "s", nut.s)?;
        Ok(nut)
    }

    pub(crate) fn bodies(&self) -> Vec<Body> {
        let radius = self.dk / 2.0;
        vec![
            Body::Prism(
                Prism::new(Contour::hexagon(self.s), 0.0, self.m)
                    .with_hole(Contour::circle(self.d)),
            ),
            Body::Revolution(Revolution {
                start: [0.0, self.m],
                steps: vec![
                    ProfileStep::line(radius, self.m),
                    ProfileStep::arc(0.0, self.m + radius, [0.0, self.m]),
                ],
            }),
        ]
    }

    pub(crate) fn dimensions(&self) -> Vec<Dimension> {
        let e = across_corners(self.s) / 2.0;
        let radius = self.dk / 2.0;
        vec![
            horizontal(View::Front, -e, e, 0.0, -3.0, "e", false),
            vertical(View::Front, -e, 0.0, self.m, 3.0, "m"),
            horizontal(
                View::Side,
                -radius,
                radius,
                self.m + radius,
                3.0,
                "dk",
                true,
            ),
            horizontal(View::Top, -self.d / 2.0, self.d / 2.0, 0.0, 0.0, "d", true),
        ]
    }
}

/// ISO 4014 / 4017, DIN 931 / 933 hexagon head bolt or screw.
#[derive(Debug, Clone, PartialEq)]
pub struct HexHead {
    pub d: f64,
    pub k: f64,
    pub s: f64,
    pub l: f64,
}

impl HexHead {
    pub(crate) fn read(row: &Row) -> Result<Self, GeometryError> {
        let bolt = read_lengths!(row, HexHead { d, k, s, l });
        row.less_than("d", bolt.d, "s", bolt.s)?;
        Ok(bolt)
    }

    pub(crate) fn prisms(&self) -> Vec<Prism> {
        vec![
            Prism::new(Contour::circle(self.d), -self.l, 0.0),
            Prism::new(Contour::hexagon(self.s), 0.0, self.k),
        ]
    }

    pub(crate) fn dimensions(&self) -> Vec<Dimension> {
        let mut dimensions =
            screw_front_dimensions(ScrewHead::hexagon(self.s, 0.0), self.d, self.k, self.l);
        dimensions.extend([horizontal(
            View::Side,
            -self.s / 2.0,
            self.s / 2.0,
            self.k,
            3.0,
            "s",
            false,
        )]);
        dimensions
    }
}

/// DIN 1662 / 1665 hexagon head bolt with flange: the hexagon stands on a flange dc × c.
#[derive(Debug, Clone, PartialEq)]
pub struct HexHeadWithFlange {
    pub d: f64,
    pub c: f64,
    pub dc: f64,
    pub k: f64,
    pub s: f64,
    pub l: f64,
}

impl HexHeadWithFlange {
    pub(crate) fn read(row: &Row) -> Result<Self, GeometryError> {
        let bolt = read_lengths!(row, HexHeadWithFlange { d, c, dc, k, s, l });
        row.less_than("d", bolt.d, "s", bolt.s)?;
        row.less_than("c", bolt.c, "k", bolt.k)?;
        Ok(bolt)
    }

    pub(crate) fn prisms(&self) -> Vec<Prism> {
        vec![
            Prism::new(Contour::circle(self.d), -self.l, 0.0),
            Prism::new(Contour::circle(self.dc), 0.0, self.c),
            Prism::new(Contour::hexagon(self.s), self.c, self.k),
        ]
    }

    pub(crate) fn dimensions(&self) -> Vec<Dimension> {
        let rc = self.dc / 2.0;
        let mut dimensions =
            screw_front_dimensions(ScrewHead::hexagon(self.s, rc), self.d, self.k, self.l);
        dimensions.extend([
            horizontal(View::Side, -rc, rc, self.k, 3.0, "dc", true),
            vertical(View::Side, rc, 0.0, self.c, -3.0, "c"),
            vertical(View::Top, 0.0, -self.s / 2.0, self.s / 2.0, 0.0, "s"),
        ]);
        dimensions
    }
}

/// ISO 4026 hexagon socket set screw with flat point (also bd_warehouse's metric_set_screw,
/// whose socket columns are Socket_Size and Socket_Depth).
#[derive(Debug, Clone, PartialEq)]
pub struct SetScrew {
    pub d: f64,
    pub s: f64,
    pub t: f64,
    pub l: f64,
}

impl SetScrew {
    pub(crate) fn read(row: &Row, socket_names: [&str; 2]) -> Result<Self, GeometryError> {
        let screw = SetScrew {
            d: row.length("d")?,
            s: row.length(socket_names[0])?,
            t: row.length(socket_names[1])?,
            l: row.length("l")?,
        };
        row.less_than(socket_names[0], across_corners(screw.s), "d", screw.d)?;
        row.less_than(socket_names[1], screw.t, "l", screw.l)?;
        Ok(screw)
    }

    pub(crate) fn prisms(&self) -> Vec<Prism> {
        let socket_bottom = self.l - self.t;
        vec![
            Prism::new(Contour::circle(self.d), 0.0, socket_bottom),
            Prism::new(Contour::circle(self.d), socket_bottom, self.l)
                .with_hole(Contour::hexagon(self.s)),
        ]
    }

    pub(crate) fn dimensions(&self) -> Vec<Dimension> {
        let r = self.d / 2.0;
        vec![
            horizontal(View::Front, -r, r, self.l, 3.0, "d", true),
            vertical(View::Front, -r, 0.0, self.l, 3.0, "l"),
            vertical(View::Side, r, self.l - self.t, self.l, -3.0, "t"),
            vertical(View::Top, 0.0, -self.s / 2.0, self.s / 2.0, 0.0, "s"),
        ]
    }
}

/// DIN 1665 hexagon nut with flange.
#[derive(Debug, Clone, PartialEq)]
pub struct HexNutWithFlange {
    pub d: f64,
    pub c: f64,
    pub dc: f64,
    pub m: f64,
    pub s: f64,
}

impl HexNutWithFlange {
    pub(crate) fn read(row: &Row) -> Result<Self, GeometryError> {
        let nut = read_lengths!(row, HexNutWithFlange { d, c, dc, m, s });
        row.less_than("d", nut.d, "s", nut.s)?;
        row.less_than("d", nut.d, "dc", nut.dc)?;
        row.less_than("c", nut.c, "m", nut.m)?;
        Ok(nut)
    }

    pub(crate) fn prisms(&self) -> Vec<Prism> {
        vec![
            Prism::new(Contour::circle(self.dc), 0.0, self.c).with_hole(Contour::circle(self.d)),
            Prism::new(Contour::hexagon(self.s), self.c, self.m).with_hole(Contour::circle(self.d)),
        ]
    }

    pub(crate) fn dimensions(&self) -> Vec<Dimension> {
        let (e, rc) = (across_corners(self.s) / 2.0, self.dc / 2.0);
        vec![
            horizontal(View::Front, -e, e, self.m, 3.0, "e", false),
            vertical(View::Front, -rc.max(e), 0.0, self.m, 3.0, "m"),
            horizontal(View::Side, -rc, rc, 0.0, -3.0, "dc", true),
            vertical(View::Side, rc, 0.0, self.c, -3.0, "c"),
            horizontal(View::Top, -self.d / 2.0, self.d / 2.0, 0.0, 0.0, "d", true),
        ]
    }
}

/// The outline of a plain nut.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NutOutline {
    /// ISO 4032 / 4033 / 4035 / 4036 hexagon nut.
    Hexagon,
    /// DIN 557 square nut.
    Square,
}

/// A nut of width s across flats and height m with the bore d.
#[derive(Debug, Clone, PartialEq)]
pub struct Nut {
    pub outline: NutOutline,
    pub d: f64,
    pub m: f64,
    pub s: f64,
}

impl Nut {
    pub(crate) fn read(row: &Row, outline: NutOutline) -> Result<Self, GeometryError> {
        let nut = Nut {
            outline,
            d: row.length("d")?,
            m: row.length("m")?,
            s: row.length("s")?,
        };
        row.less_than("d", nut.d, "s", nut.s)?;
        Ok(nut)
    }

    pub(crate) fn prisms(&self) -> Vec<Prism> {
        let outer = match self.outline {
            NutOutline::Hexagon => Contour::hexagon(self.s),
            NutOutline::Square => Contour::rectangle(self.s, self.s),
        };
        vec![Prism::new(outer, 0.0, self.m).with_hole(Contour::circle(self.d))]
    }

    pub(crate) fn dimensions(&self) -> Vec<Dimension> {
        let bore = horizontal(View::Top, -self.d / 2.0, self.d / 2.0, 0.0, 0.0, "d", true);
        match self.outline {
            NutOutline::Hexagon => {
                let e = across_corners(self.s) / 2.0;
                vec![
                    horizontal(View::Front, -e, e, self.m, 3.0, "e", false),
                    vertical(View::Front, -e, 0.0, self.m, 3.0, "m"),
                    horizontal(
                        View::Side,
                        -self.s / 2.0,
                        self.s / 2.0,
                        self.m,
                        3.0,
                        "s",
                        false,
                    ),
                    bore,
                ]
            }
            NutOutline::Square => {
                let h = self.s / 2.0;
                vec![
                    horizontal(View::Front, -h, h, self.m, 3.0, "s", false),
                    vertical(View::Front, -h, 0.0, self.m, 3.0, "m"),
                    bore,
                ]
            }
        }
    }
}

/// ISO 7089 / 7090 / 7091 / 7093 / 7094 plain washer (the chamfer of ISO 7090 is not modelled).
#[derive(Debug, Clone, PartialEq)]
pub struct PlainWasher {
    pub d1: f64,
    pub d2: f64,
    pub h: f64,
}

impl PlainWasher {
    pub(crate) fn read(row: &Row) -> Result<Self, GeometryError> {
        let washer = read_lengths!(row, PlainWasher { d1, d2, h });
        row.less_than("d1", washer.d1, "d2", washer.d2)?;
        Ok(washer)
    }

    pub(crate) fn prisms(&self) -> Vec<Prism> {
        vec![Prism::new(Contour::circle(self.d2), 0.0, self.h).with_hole(Contour::circle(self.d1))]
    }

    pub(crate) fn dimensions(&self) -> Vec<Dimension> {
        let (r1, r2) = (self.d1 / 2.0, self.d2 / 2.0);
        vec![
            horizontal(View::Front, -r2, r2, self.h, 3.0, "d2", true),
            horizontal(View::Front, -r1, r1, 0.0, -3.0, "d1", true),
            vertical(View::Front, -r2, 0.0, self.h, 3.0, "h"),
        ]
    }
}

/// A rolling bearing drawn as its two rings (bore d, outside D, width B); the rolling elements and
/// the cage are not modelled. Ring shoulders come from the row (d1, D1) when it has them.
#[derive(Debug, Clone, PartialEq)]
pub struct Bearing {
    pub d: f64,
    pub outside: f64,
    /// Inner ring width (B); equal to the outer ring's except for tapered roller bearings.
    pub inner_width: f64,
    pub outer_width: f64,
    /// Overall width (B, or T of a tapered roller bearing).
    pub width: f64,
    pub inner_ring_outside: f64,
    pub outer_ring_bore: f64,
}

impl Bearing {
    pub(crate) fn read(row: &Row, tapered: bool) -> Result<Self, GeometryError> {
        let d = row.length("d")?;
        let outside = row.length("D")?;
        row.less_than("d", d, "D", outside)?;
        let (width, inner_width, outer_width) = if tapered {
            let total = row.length("T")?;
            let inner = row.length("B")?;
            let outer = row.length("C")?;
            row.at_most("B", inner, "T", total)?;
            row.at_most("C", outer, "T", total)?;
            (total, inner, outer)
        } else {
            let width = row.length("B")?;
            (width, width, width)
        };
        // Shoulder diameters from the row when they are plausible, else a third of the section.
        let section = outside - d;
        let inner_ring_outside = row
            .length_between("d1", d, outside)
            .unwrap_or(d + section / 3.0);
        let outer_ring_bore = row
            .length_between("D1", inner_ring_outside, outside)
            .unwrap_or(outside - section / 3.0);
        Ok(Bearing {
            d,
            outside,
            inner_width,
            outer_width,
            width,
            inner_ring_outside,
            outer_ring_bore,
        })
    }

    pub(crate) fn prisms(&self) -> Vec<Prism> {
        vec![
            Prism::new(
                Contour::circle(self.inner_ring_outside),
                0.0,
                self.inner_width,
            )
            .with_hole(Contour::circle(self.d)),
            Prism::new(
                Contour::circle(self.outside),
                self.width - self.outer_width,
                self.width,
            )
            .with_hole(Contour::circle(self.outer_ring_bore)),
        ]
    }

    pub(crate) fn dimensions(&self) -> Vec<Dimension> {
        let (r, big) = (self.d / 2.0, self.outside / 2.0);
        vec![
            horizontal(View::Front, -big, big, self.width, 3.0, "D", true),
            horizontal(View::Front, -r, r, 0.0, -3.0, "d", true),
            vertical(
                View::Front,
                -big,
                0.0,
                self.width,
                3.0,
                if self.width == self.inner_width {
                    "B"
                } else {
                    "T"
                },
            ),
        ]
    }
}

/// DIN 6885 parallel key (form B, square ends) of a chosen length.
#[derive(Debug, Clone, PartialEq)]
pub struct ShaftKey {
    pub b: f64,
    pub h: f64,
    pub l: f64,
}

impl ShaftKey {
    pub(crate) fn read(row: &Row) -> Result<Self, GeometryError> {
        Ok(ShaftKey {
            b: row.length("b")?,
            h: row.length("h")?,
            l: row.length("l")?,
        })
    }

    pub(crate) fn prisms(&self) -> Vec<Prism> {
        vec![Prism::new(Contour::rectangle(self.l, self.b), 0.0, self.h)]
    }

    pub(crate) fn dimensions(&self) -> Vec<Dimension> {
        let (x, y) = (self.l / 2.0, self.b / 2.0);
        vec![
            horizontal(View::Front, -x, x, self.h, 3.0, "l", false),
            vertical(View::Front, -x, 0.0, self.h, 3.0, "h"),
            horizontal(View::Side, -y, y, self.h, 3.0, "b", false),
        ]
    }
}

/// A point at `radius` and `angle` (radians, counter-clockwise from +X) about the origin.
fn polar(radius: f64, angle: f64) -> [f64; 2] {
    [radius * angle.cos(), radius * angle.sin()]
}

/// Builds a closed [`Contour::Path`] about the origin from lines and arcs centred on it: a
/// line of no length is dropped, and an arc that continues the previous one on the same circle
/// the same way extends it, so that a circle shared by several stretches is one edge.
struct PathBuilder {
    start: [f64; 2],
    steps: Vec<PathStep>,
}

impl PathBuilder {
    fn new(start: [f64; 2]) -> PathBuilder {
        PathBuilder {
            start,
            steps: Vec::new(),
        }
    }

    fn current(&self) -> [f64; 2] {
        self.steps.last().map_or(self.start, |step| step.to)
    }

    fn line_to(&mut self, to: [f64; 2]) {
        let from = self.current();
        if (to[0] - from[0]).hypot(to[1] - from[1]) > 1e-9 {
            self.steps.push(PathStep { to, arc: None });
        }
    }

    /// Along the circle about the origin through the current point, to `to`.
    fn arc_to(&mut self, to: [f64; 2], clockwise: bool) {
        let arc = Some(PathArc {
            center: [0.0, 0.0],
            clockwise,
        });
        match self.steps.last_mut() {
            Some(last) if last.arc == arc => last.to = to,
            _ => self.steps.push(PathStep { to, arc }),
        }
    }

    fn close(self) -> Contour {
        Contour::Path {
            start: self.start,
            steps: self.steps,
        }
    }
}

/// DIN 471 (shafts) and DIN 472 (bores) retaining rings, flat, s thick: a ring of radial width
/// b open at the top (+Y) between two lugs of radial height a, each with a hole d5. A shaft ring
/// grips with its bore d3 (free state) and carries its lugs outside; a bore ring presses out
/// with its outside d3 and carries its lugs inside. The table gives b only at the back, so the
/// ring is modelled of constant width (a real one narrows towards the lugs); the lugs are
/// 2 × d5 wide at their holes and the opening between them d5 wide (neither is in the table).
#[derive(Debug, Clone, PartialEq)]
pub struct Circlip {
    /// DIN 472: lugs inside, d3 the outside diameter.
    pub internal: bool,
    pub s: f64,
    pub d3: f64,
    pub a: f64,
    pub b: f64,
    pub d5: f64,
}

/// A circlip's radii and angles, from which its outline, volume and drawing follow.
pub(crate) struct CirclipLayout {
    pub ring_inner: f64,
    pub ring_outer: f64,
    pub lug_inner: f64,
    pub lug_outer: f64,
    /// Radius of the lug holes' centres.
    pub hole_radius: f64,
    /// Half the opening's angle, about +Y.
    pub half_gap: f64,
    /// Each lug's angle.
    pub lug: f64,
}

impl Circlip {
    pub(crate) fn read(row: &Row, internal: bool) -> Result<Self, GeometryError> {
        let ring = Circlip {
            internal,
            s: row.length("s")?,
            d3: row.length("d3")?,
            a: row.length("a")?,
            b: row.length("b")?,
            d5: row.length("d5")?,
        };
        row.less_than("b", ring.b, "a", ring.a)?;
        row.less_than("d5", ring.d5, "a", ring.a)?;
        if internal {
            row.less_than("a", ring.a, "d3 / 2", ring.d3 / 2.0)?;
        }
        let layout = ring.layout();
        // The lugs and the opening must stay in the ring's upper half.
        if layout.half_gap + layout.lug >= std::f64::consts::FRAC_PI_2 {
            return Err(row.invalid("d5", ring.d5, "makes the lugs wider than the ring allows"));
        }
        Ok(ring)
    }

    pub(crate) fn layout(&self) -> CirclipLayout {
        let r3 = self.d3 / 2.0;
        let (ring_inner, ring_outer, lug_inner, lug_outer) = if self.internal {
            (r3 - self.b, r3, r3 - self.a, r3)
        } else {
            (r3, r3 + self.b, r3, r3 + self.a)
        };
        let hole_radius = (lug_inner + lug_outer) / 2.0;
        CirclipLayout {
            ring_inner,
            ring_outer,
            lug_inner,
            lug_outer,
            hole_radius,
            half_gap: self.d5 / 2.0 / hole_radius,
            lug: 2.0 * self.d5 / hole_radius,
        }
    }

    /// The outline counter-clockwise: out along the left lug's end face, round the outside
    /// (the lugs' and the ring's) to the right lug's end face, in along it and back round the
    /// inside.
    fn outline(&self) -> Contour {
        let l = self.layout();
        let up = std::f64::consts::FRAC_PI_2;
        let full = 2.0 * std::f64::consts::PI;
        let (left_end, left_back) = (up + l.half_gap, up + l.half_gap + l.lug);
        let (right_back, right_end) = (up - l.half_gap - l.lug + full, up - l.half_gap + full);
        let mut path = PathBuilder::new(polar(l.lug_inner, left_end));
        path.line_to(polar(l.lug_outer, left_end));
        path.arc_to(polar(l.lug_outer, left_back), false);
        path.line_to(polar(l.ring_outer, left_back));
        path.arc_to(polar(l.ring_outer, right_back), false);
        path.line_to(polar(l.lug_outer, right_back));
        path.arc_to(polar(l.lug_outer, right_end), false);
        path.line_to(polar(l.lug_inner, right_end));
        path.arc_to(polar(l.lug_inner, right_back), true);
        path.line_to(polar(l.ring_inner, right_back));
        path.arc_to(polar(l.ring_inner, left_back), true);
        path.line_to(polar(l.lug_inner, left_back));
        path.arc_to(polar(l.lug_inner, left_end), true);
        path.close()
    }

    /// The centres of the two lug holes.
    pub(crate) fn hole_centres(&self) -> [[f64; 2]; 2] {
        let l = self.layout();
        let up = std::f64::consts::FRAC_PI_2;
        let offset = l.half_gap + l.lug / 2.0;
        [
            polar(l.hole_radius, up + offset),
            polar(l.hole_radius, up - offset),
        ]
    }

    pub(crate) fn prisms(&self) -> Vec<Prism> {
        let mut prism = Prism::new(self.outline(), 0.0, self.s);
        for center in self.hole_centres() {
            prism.holes.push(Contour::Circle {
                center,
                radius: self.d5 / 2.0,
            });
        }
        vec![prism]
    }

    pub(crate) fn dimensions(&self) -> Vec<Dimension> {
        let l = self.layout();
        let r3 = self.d3 / 2.0;
        let [left_hole, _] = self.hole_centres();
        let left_end = std::f64::consts::FRAC_PI_2 + l.half_gap;
        let (lug_from, lug_to) = (polar(l.lug_inner, left_end), polar(l.lug_outer, left_end));
        let outer = l.ring_outer;
        vec![
            horizontal(View::Top, -r3, r3, 0.0, 0.0, "d3", true),
            // The ring's width at the back, and a lug's height along its end face.
            vertical(View::Top, 0.0, -l.ring_outer, -l.ring_inner, 0.0, "b"),
            Dimension {
                view: View::Top,
                from: lug_from,
                to: lug_to,
                offset: 0.0,
                name: "a".to_owned(),
                value: self.a,
                diameter: false,
            },
            // Upright across the left hole: its text stands left of it, a's right of the end face.
            Dimension {
                view: View::Top,
                from: [left_hole[0], left_hole[1] - self.d5 / 2.0],
                to: [left_hole[0], left_hole[1] + self.d5 / 2.0],
                offset: 0.0,
                name: "d5".to_owned(),
                value: self.d5,
                diameter: true,
            },
            vertical(View::Front, -outer, 0.0, self.s, 3.0, "s"),
        ]
    }
}

/// DIN 6797 J / ASME B18.21.1 internal tooth lock washer: a ring d2 × h whose bore d1 is the
/// circle through the tips of n teeth. The teeth are left flat (a real washer's are twisted out
/// of its plane, which the table does not size); the slots between them run radially out to
/// halfway between d1 and d2 and take a third of the pitch.
#[derive(Debug, Clone, PartialEq)]
pub struct ToothLockWasher {
    pub d1: f64,
    pub d2: f64,
    pub h: f64,
    pub teeth: usize,
}

impl ToothLockWasher {
    /// Teeth a washer may have: enough to hold a bore, few enough to cut.
    const TEETH: std::ops::RangeInclusive<usize> = 3..=64;

    pub(crate) fn read(row: &Row) -> Result<Self, GeometryError> {
        let (d1, d2, h) = (row.length("d1")?, row.length("d2")?, row.length("h")?);
        row.less_than("d1", d1, "d2", d2)?;
        // `n` counts the teeth (not a length: the importer keeps it unconverted).
        let n = row.length("n")?;
        let teeth = n.round() as usize;
        if (n - n.round()).abs() > 1e-9 || !Self::TEETH.contains(&teeth) {
            return Err(row.invalid("n", n, "must be a whole number of teeth from 3 to 64"));
        }
        Ok(ToothLockWasher { d1, d2, h, teeth })
    }

    /// The slots' outer radius and the angle each takes.
    pub(crate) fn slots(&self) -> (f64, f64) {
        let pitch = 2.0 * std::f64::consts::PI / self.teeth as f64;
        ((self.d1 + self.d2) / 4.0, pitch / 3.0)
    }

    /// The toothed bore, counter-clockwise: each tooth's tip along d1, out along a slot's side,
    /// across the slot's bottom and back in.
    fn bore(&self) -> Contour {
        let (root, slot) = self.slots();
        let (tip, pitch) = (
            self.d1 / 2.0,
            2.0 * std::f64::consts::PI / self.teeth as f64,
        );
        let mut path = PathBuilder::new(polar(tip, slot / 2.0));
        for tooth in 0..self.teeth {
            let next_slot = pitch * (tooth + 1) as f64;
            path.arc_to(polar(tip, next_slot - slot / 2.0), false);
            path.line_to(polar(root, next_slot - slot / 2.0));
            path.arc_to(polar(root, next_slot + slot / 2.0), false);
            path.line_to(polar(tip, next_slot + slot / 2.0));
        }
        path.close()
    }

    pub(crate) fn prisms(&self) -> Vec<Prism> {
        vec![Prism::new(Contour::circle(self.d2), 0.0, self.h).with_hole(self.bore())]
    }

    pub(crate) fn dimensions(&self) -> Vec<Dimension> {
        let r2 = self.d2 / 2.0;
        // d1 across two tooth tips' circle, along the first tooth's middle.
        let middle = std::f64::consts::PI / self.teeth as f64;
        let (from, to) = (polar(-self.d1 / 2.0, middle), polar(self.d1 / 2.0, middle));
        vec![
            horizontal(View::Front, -r2, r2, self.h, 3.0, "d2", true),
            vertical(View::Front, -r2, 0.0, self.h, 3.0, "h"),
            Dimension {
                view: View::Top,
                from,
                to,
                offset: 0.0,
                name: "d1".to_owned(),
                value: self.d1,
                diameter: true,
            },
        ]
    }
}

/// ISO 3601 O-ring: inside diameter id, cross-section w; lying on z = 0.
#[derive(Debug, Clone, PartialEq)]
pub struct ORing {
    pub id: f64,
    pub w: f64,
}

impl ORing {
    pub(crate) fn read(row: &Row) -> Result<Self, GeometryError> {
        Ok(ORing {
            id: row.length("id")?,
            w: row.length("w")?,
        })
    }

    pub(crate) fn torus(&self) -> Torus {
        Torus {
            major_radius: (self.id + self.w) / 2.0,
            minor_radius: self.w / 2.0,
            center_z: self.w / 2.0,
        }
    }

    pub(crate) fn dimensions(&self) -> Vec<Dimension> {
        let (inner, outer) = (self.id / 2.0, self.id / 2.0 + self.w);
        vec![
            horizontal(View::Top, -inner, inner, 0.0, 0.0, "id", true),
            horizontal(View::Front, -outer, -inner, self.w, 3.0, "w", false),
        ]
    }
}

/// The section classes of FreeCAD's profiles.csv.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ProfileClass {
    /// C: circular hollow section.
    CircularTube,
    /// H: I or H beam.
    IBeam,
    /// R: solid rectangle (timber).
    Rectangle,
    /// RH: rectangular hollow section.
    RectangularTube,
    /// U: channel.
    Channel,
}

impl ProfileClass {
    /// The class of a profiles.csv category (the variant's `standard`).
    pub fn of_category(category: &str) -> Option<ProfileClass> {
        let category = category.trim().to_ascii_uppercase();
        Some(match category.as_str() {
            "CHS" => ProfileClass::CircularTube,
            "IPE"
            | "HEA"
            | "HEB"
            | "HEM"
            | "INP"
            | "UB"
            | "UC"
            | "IS BEAM"
            | "AMERICAN WIDE FLANGE" => ProfileClass::IBeam,
            "EUROCODE TIMBER" | "NORTH AMERICA LUMBER" => ProfileClass::Rectangle,
            "RHS" | "SHS" | "IS RHS" | "IS SHS" => ProfileClass::RectangularTube,
            "UPE" | "UPN" | "IS CHANNEL" | "ALUMINIUM C CHANNEL" => ProfileClass::Channel,
            _ => return None,
        })
    }
}

/// A structural profile of FreeCAD's profiles.csv extruded to a chosen length, the section as
/// FreeCAD's Arch workbench draws it (no root radii: the table has none).
#[derive(Debug, Clone, PartialEq)]
pub struct Profile {
    pub class: ProfileClass,
    /// Named after profiles.csv's columns: width, height, thickness, web / flange thickness,
    /// outside diameter; plus the chosen length.
    pub width: f64,
    pub height: f64,
    pub thickness: f64,
    pub web_thickness: f64,
    pub flange_thickness: f64,
    pub length: f64,
}

impl Profile {
    pub(crate) fn read(standard: &str, row: &Row) -> Result<Self, GeometryError> {
        let class = ProfileClass::of_category(standard).ok_or_else(|| {
            GeometryError::UnsupportedStandard {
                family: "profile".to_owned(),
                standard: standard.to_owned(),
            }
        })?;
        let mut profile = Profile {
            class,
            width: 0.0,
            height: 0.0,
            thickness: 0.0,
            web_thickness: 0.0,
            flange_thickness: 0.0,
            length: row.length("length")?,
        };
        match class {
            ProfileClass::CircularTube => {
                profile.width = row.length("outside_diameter")?;
                profile.height = profile.width;
                profile.thickness = row.length("thickness")?;
                row.less_than(
                    "thickness",
                    2.0 * profile.thickness,
                    "outside_diameter",
                    profile.width,
                )?;
            }
            ProfileClass::Rectangle => {
                profile.width = row.length("width")?;
                profile.height = row.length("height")?;
            }
            ProfileClass::RectangularTube => {
                profile.width = row.length("width")?;
                profile.height = row.length("height")?;
                profile.thickness = row.length("thickness")?;
                let smaller = profile.width.min(profile.height);
                row.less_than(
                    "thickness",
                    2.0 * profile.thickness,
                    "the smaller side",
                    smaller,
                )?;
            }
            ProfileClass::IBeam | ProfileClass::Channel => {
                profile.width = row.length("width")?;
                profile.height = row.length("height")?;
                profile.web_thickness = row.length("web_thickness")?;
                profile.flange_thickness = row.length("flange_thickness")?;
                let (web_room, flange_room) = if class == ProfileClass::IBeam {
                    (profile.width, profile.height / 2.0)
                } else {
                    (profile.width / 2.0, profile.height)
                };
                row.less_than("web_thickness", profile.web_thickness, "its room", web_room)?;
                row.less_than(
                    "flange_thickness",
                    profile.flange_thickness,
                    "its room",
                    flange_room,
                )?;
            }
        }
        Ok(profile)
    }

    fn section(&self) -> (Contour, Vec<Contour>) {
        let (w, h) = (self.width / 2.0, self.height / 2.0);
        let (tw, tf) = (self.web_thickness, self.flange_thickness);
        match self.class {
            ProfileClass::CircularTube => (
                Contour::circle(self.width),
                vec![Contour::circle(self.width - 2.0 * self.thickness)],
            ),
            ProfileClass::Rectangle => (Contour::rectangle(self.width, self.height), Vec::new()),
            ProfileClass::RectangularTube => (
                Contour::rectangle(self.width, self.height),
                vec![Contour::rectangle(
                    self.width - 2.0 * self.thickness,
                    self.height - 2.0 * self.thickness,
                )],
            ),
            ProfileClass::IBeam => {
                let web = tw / 2.0;
                (
                    Contour::Polygon(vec![
                        [-w, -h],
                        [w, -h],
                        [w, -h + tf],
                        [web, -h + tf],
                        [web, h - tf],
                        [w, h - tf],
                        [w, h],
                        [-w, h],
                        [-w, h - tf],
                        [-web, h - tf],
                        [-web, -h + tf],
                        [-w, -h + tf],
                    ]),
                    Vec::new(),
                )
            }
            // FreeCAD's U: the web along the bottom (width), the flanges up (height).
            ProfileClass::Channel => (
                Contour::Polygon(vec![
                    [-w, -h],
                    [w, -h],
                    [w, h],
                    [w - tf, h],
                    [w - tf, -h + tw],
                    [-w + tf, -h + tw],
                    [-w + tf, h],
                    [-w, h],
                ]),
                Vec::new(),
            ),
        }
    }

    pub(crate) fn prisms(&self) -> Vec<Prism> {
        let (outer, holes) = self.section();
        let mut prism = Prism::new(outer, 0.0, self.length);
        prism.holes = holes;
        vec![prism]
    }

    pub(crate) fn dimensions(&self) -> Vec<Dimension> {
        let (w, h) = (self.width / 2.0, self.height / 2.0);
        let round = self.class == ProfileClass::CircularTube;
        let mut dimensions = vec![
            horizontal(
                View::Top,
                -w,
                w,
                h,
                3.0,
                if round { "D" } else { "b" },
                round,
            ),
            vertical(View::Front, -w, 0.0, self.length, 3.0, "L"),
        ];
        if !round {
            dimensions.push(vertical(View::Top, -w, -h, h, 3.0, "h"));
        }
        match self.class {
            ProfileClass::IBeam => dimensions.push(horizontal(
                View::Top,
                -self.web_thickness / 2.0,
                self.web_thickness / 2.0,
                0.0,
                0.0,
                "tw",
                false,
            )),
            ProfileClass::Channel => dimensions.push(horizontal(
                View::Top,
                w - self.flange_thickness,
                w,
                h,
                // Below the width's dimension line.
                1.2,
                "tf",
                false,
            )),
            ProfileClass::CircularTube | ProfileClass::RectangularTube => dimensions.push(
                horizontal(View::Top, w - self.thickness, w, 0.0, 0.0, "t", false),
            ),
            ProfileClass::Rectangle => {}
        }
        dimensions
    }
}

/// Profile dimension names are profiles.csv's column titles: accept them as written
/// ("web thickness", "Outside diameter") or in snake case.
pub(crate) fn profile_dimension_name(name: &str) -> String {
    name.trim().to_ascii_lowercase().replace([' ', '-'], "_")
}
