//! Materials computations with no I/O, called by `mat-api` (docs/materials-cae.md):
//!
//! - [`export`]: a material as a FreeCAD `.FCMat`, a CalculiX / Abaqus `*MATERIAL` card or
//!   Ansys APDL `MP` commands, in a chosen [`UnitSystem`];
//! - [`chat`]: a Chinese or English sentence parsed into search constraints and an objective;
//! - [`select`]: Ashby performance indices, ranking with reasons, and the chart data.
//!
//! Properties are named by the keys of [`Property`] with values in canonical SI, each a value or
//! a min–max range ([`PropertyValue`]).

pub mod chat;
pub mod export;
mod material;
pub mod select;
#[cfg(feature = "solver-check")]
pub mod solver_check;
mod taxonomy;
mod unit_system;

pub use export::{export, CaeFile, CaeFormat, ExportWarning, WarningCode};
pub use material::{
    InvalidMaterial, Material, PlasticPoint, Property, PropertyValue, UnknownProperty,
};
pub use taxonomy::{Family, Taxonomy};
pub use unit_system::{UnitSystem, UnknownUnitSystem};
