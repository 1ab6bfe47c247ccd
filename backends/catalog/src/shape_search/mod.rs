//! The kit's shape search (issue 18; docs/shape-search.md, "Wired into the libraries"): every
//! item with a 3D model gets a fingerprint (crate `shape`) stored in `item_shape`, computed in
//! the background after start from the model its library names ([`ModelSource`]: item files of
//! a kind, [`FileModels`], or generated meshes), and searched in memory ([`ShapeSearch`]) by the
//! routes a library mounts with `routes::configure_shape`.

pub mod search;
pub mod source;
pub mod store;

pub use search::{
    fingerprint_version, ItemHit, KeptUploads, LoadedShapes, QueryTarget, ShapeQuery, ShapeSearch,
    ShapeState, ShapeStatus, SHAPE_FOLLOW_INTERVAL, THUMBNAIL_SIDE,
};
pub use source::{FileModels, ModelContent, ModelRef, ModelSource};
pub use store::{ShapeRepository, ShapeStore};
