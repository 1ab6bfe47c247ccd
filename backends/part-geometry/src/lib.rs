//! Standard parts' geometry: every variant's exact solid from its dimension row, written as
//! STEP AP214 (truck-stepio), binary STL and GLB (tessellated by truck-meshalgo), and a
//! three-view drawing with its key dimensions as SVG and DXF.
//!
//! A variant's `attributes` are `{"family", "standard", "size", "dimensions": {name: mm}}`
//! (docs/part-geometry.md); [`Shape::from_attributes`] reads the family and its dimensions into a
//! typed shape, which builds itself from bodies ([`section::Body`]): prisms (planar sections —
//! circles, polygons, paths of lines and arcs — with holes, extruded along Z, stacked where a part
//! has several, head + shank), tori (O-rings), solids of revolution (domed and countersunk
//! heads, a cap nut's dome) and frustum slabs with holes (a countersunk head's top with its
//! socket), so no boolean operation is needed (truck-stepio cannot write their results).

use std::collections::BTreeMap;

pub mod brep;
pub mod drawing;
pub mod export;
pub mod families;
pub mod recess;
pub mod section;

pub use brep::{Detail, Model, TriangleMesh};
pub use drawing::Drawing;
use families::{
    profile_dimension_name, Bearing, CheeseHead, Circlip, CountersunkHead, DomedCapNut, HexHead,
    HexHeadWithFlange, HexNutWithFlange, Nut, NutOutline, ORing, PlainWasher, Profile, RoundHead,
    Row, SetScrew, ShaftKey, ShoulderScrew, SocketHeadCap, ToothLockWasher,
};
use section::{Body, BoundingBox, Prism};

#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum GeometryError {
    #[error("family `{family}` has no geometry generator (supported: {supported})", supported = SUPPORTED_FAMILIES.join(", "))]
    UnsupportedFamily { family: String },
    #[error("family `{family}` has no standard or profile class `{standard}`")]
    UnsupportedStandard { family: String, standard: String },
    #[error("family `{family}` needs the dimension `{name}` (mm)")]
    MissingDimension { family: String, name: String },
    #[error("family `{family}`: dimension `{name}` = {value} {reason}")]
    InvalidDimension {
        family: String,
        name: String,
        value: f64,
        reason: String,
    },
    #[error("the solid could not be built: {0}")]
    Modeling(String),
}

/// The family keys (bd_warehouse's table names, and `profile`) that have a generator.
pub const SUPPORTED_FAMILIES: &[&str] = &[
    "socket_head_cap",
    "cheese_head",
    "pan_head",
    "pan_head_with_collar",
    "raised_cheese_head",
    "button_head",
    "button_head_with_collar",
    "countersunk_head",
    "raised_countersunk_oval_head",
    "shoulder_screw",
    "hex_head",
    "hex_head_with_flange",
    "setscrew",
    "metric_set_screw",
    "hex_nut",
    "hex_nut_with_flange",
    "unchamfered_hex_nut",
    "square_nut",
    "domed_cap_nut",
    "plain_washer",
    "chamfered_washer",
    "cheese_head_washer",
    "internal_tooth_lock_washer",
    "din471",
    "din472",
    "single_row_deep_groove_ball_bearing",
    "single_row_capped_deep_groove_ball_bearing",
    "single_row_angular_contact_ball_bearing",
    "single_row_cylindrical_roller_bearing",
    "single_row_tapered_roller_bearing",
    "shaft_key",
    "o-ring",
    "profile",
];

/// A part variant's geometry, typed per family.
#[derive(Debug, Clone, PartialEq)]
pub enum Shape {
    SocketHeadCap(SocketHeadCap),
    CheeseHead(CheeseHead),
    RoundHead(RoundHead),
    CountersunkHead(CountersunkHead),
    ShoulderScrew(ShoulderScrew),
    DomedCapNut(DomedCapNut),
    HexHead(HexHead),
    HexHeadWithFlange(HexHeadWithFlange),
    SetScrew(SetScrew),
    Nut(Nut),
    HexNutWithFlange(HexNutWithFlange),
    PlainWasher(PlainWasher),
    ToothLockWasher(ToothLockWasher),
    Circlip(Circlip),
    Bearing(Bearing),
    ShaftKey(ShaftKey),
    Profile(Profile),
    ORing(ORing),
}

impl Shape {
    /// Reads a variant's family, standard and dimensions (millimetres, named after the source
    /// table's columns) into its shape.
    pub fn from_attributes(
        family: &str,
        standard: &str,
        dimensions: &BTreeMap<String, f64>,
    ) -> Result<Shape, GeometryError> {
        let family = family.trim();
        if family == "profile" {
            let normalised = dimensions
                .iter()
                .map(|(name, value)| (profile_dimension_name(name), *value))
                .collect();
            return Ok(Shape::Profile(Profile::read(
                standard,
                &Row::new(family, normalised),
            )?));
        }
        let row = Row::new(family, dimensions.clone());
        Ok(match family {
            "socket_head_cap" => Shape::SocketHeadCap(SocketHeadCap::read(&row)?),
            "cheese_head" => Shape::CheeseHead(CheeseHead::read(standard, &row)?),
            // ISO 1580 is slotted like ISO 1207; the recessed pan heads are round heads.
            "pan_head" if standard.eq_ignore_ascii_case("iso1580") => {
                Shape::CheeseHead(CheeseHead::read(standard, &row)?)
            }
            "pan_head" => Shape::RoundHead(RoundHead::read(&row, None, false)?),
            "button_head" | "raised_cheese_head" => {
                Shape::RoundHead(RoundHead::read(&row, None, true)?)
            }
            "button_head_with_collar" => {
                Shape::RoundHead(RoundHead::read(&row, Some(("dc", "c")), true)?)
            }
            // DIN 967's collar is as wide as the head.
            "pan_head_with_collar" => {
                Shape::RoundHead(RoundHead::read(&row, Some(("dk", "c")), true)?)
            }
            "countersunk_head" => Shape::CountersunkHead(CountersunkHead::read(&row, false)?),
            "raised_countersunk_oval_head" => {
                Shape::CountersunkHead(CountersunkHead::read(&row, true)?)
            }
            "shoulder_screw" => Shape::ShoulderScrew(ShoulderScrew::read(&row)?),
            "domed_cap_nut" => Shape::DomedCapNut(DomedCapNut::read(&row)?),
            "hex_head" => Shape::HexHead(HexHead::read(&row)?),
            "hex_head_with_flange" => Shape::HexHeadWithFlange(HexHeadWithFlange::read(&row)?),
            "setscrew" => Shape::SetScrew(SetScrew::read(&row, ["s", "t"])?),
            "metric_set_screw" => {
                Shape::SetScrew(SetScrew::read(&row, ["Socket_Size", "Socket_Depth"])?)
            }
            "hex_nut_with_flange" => Shape::HexNutWithFlange(HexNutWithFlange::read(&row)?),
            "hex_nut" | "unchamfered_hex_nut" => Shape::Nut(Nut::read(&row, NutOutline::Hexagon)?),
            "square_nut" => Shape::Nut(Nut::read(&row, NutOutline::Square)?),
            "plain_washer" | "chamfered_washer" | "cheese_head_washer" => {
                Shape::PlainWasher(PlainWasher::read(&row)?)
            }
            "internal_tooth_lock_washer" => Shape::ToothLockWasher(ToothLockWasher::read(&row)?),
            "din471" => Shape::Circlip(Circlip::read(&row, false)?),
            "din472" => Shape::Circlip(Circlip::read(&row, true)?),
            "single_row_deep_groove_ball_bearing"
            | "single_row_capped_deep_groove_ball_bearing"
            | "single_row_angular_contact_ball_bearing"
            | "single_row_cylindrical_roller_bearing" => {
                Shape::Bearing(Bearing::read(&row, false)?)
            }
            "single_row_tapered_roller_bearing" => Shape::Bearing(Bearing::read(&row, true)?),
            "shaft_key" => Shape::ShaftKey(ShaftKey::read(&row)?),
            "o-ring" => Shape::ORing(ORing::read(&row)?),
            _ => {
                return Err(GeometryError::UnsupportedFamily {
                    family: family.to_owned(),
                })
            }
        })
    }

    /// The solids.
    pub fn bodies(&self) -> Vec<Body> {
        let prisms: Vec<Prism> = match self {
            Shape::SocketHeadCap(shape) => shape.prisms(),
            Shape::CheeseHead(shape) => shape.prisms(),
            Shape::HexHead(shape) => shape.prisms(),
            Shape::HexHeadWithFlange(shape) => shape.prisms(),
            Shape::SetScrew(shape) => shape.prisms(),
            Shape::HexNutWithFlange(shape) => shape.prisms(),
            Shape::Nut(shape) => shape.prisms(),
            Shape::PlainWasher(shape) => shape.prisms(),
            Shape::ToothLockWasher(shape) => shape.prisms(),
            Shape::Circlip(shape) => shape.prisms(),
            Shape::Bearing(shape) => shape.prisms(),
            Shape::ShaftKey(shape) => shape.prisms(),
            Shape::Profile(shape) => shape.prisms(),
            Shape::ORing(shape) => return vec![Body::Torus(shape.torus())],
            Shape::RoundHead(shape) => return shape.bodies(),
            Shape::CountersunkHead(shape) => return shape.bodies(),
            Shape::DomedCapNut(shape) => return shape.bodies(),
            Shape::ShoulderScrew(shape) => shape.prisms(),
        };
        prisms.into_iter().map(Body::Prism).collect()
    }

    /// The key dimensions the drawing shows.
    pub fn dimensions(&self) -> Vec<drawing::Dimension> {
        match self {
            Shape::SocketHeadCap(shape) => shape.dimensions(),
            Shape::CheeseHead(shape) => shape.dimensions(),
            Shape::RoundHead(shape) => shape.dimensions(),
            Shape::CountersunkHead(shape) => shape.dimensions(),
            Shape::ShoulderScrew(shape) => shape.dimensions(),
            Shape::DomedCapNut(shape) => shape.dimensions(),
            Shape::HexHead(shape) => shape.dimensions(),
            Shape::HexHeadWithFlange(shape) => shape.dimensions(),
            Shape::SetScrew(shape) => shape.dimensions(),
            Shape::HexNutWithFlange(shape) => shape.dimensions(),
            Shape::Nut(shape) => shape.dimensions(),
            Shape::PlainWasher(shape) => shape.dimensions(),
            Shape::ToothLockWasher(shape) => shape.dimensions(),
            Shape::Circlip(shape) => shape.dimensions(),
            Shape::Bearing(shape) => shape.dimensions(),
            Shape::ShaftKey(shape) => shape.dimensions(),
            Shape::Profile(shape) => shape.dimensions(),
            Shape::ORing(shape) => shape.dimensions(),
        }
    }

    /// The exact volume in mm³ (the solids do not overlap).
    pub fn volume(&self) -> f64 {
        self.bodies().iter().map(Body::volume).sum()
    }

    pub fn bounding_box(&self) -> BoundingBox {
        BoundingBox::of_bodies(&self.bodies())
    }

    /// The B-rep solids.
    pub fn model(&self) -> Result<Model, GeometryError> {
        Model::from_bodies(&self.bodies())
    }

    /// The three-view drawing with its dimensions.
    pub fn drawing(&self) -> Drawing {
        Drawing::of(&self.bodies(), &self.dimensions())
    }
}

#[cfg(test)]
mod tests;
