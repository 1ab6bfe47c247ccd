//! Shape search over the libraries' models (issue 18): meshes in (STL, OBJ, glTF/GLB, KiCad
//! VRML), a compact fingerprint out (normalised pose and scale with the size kept apart, a D2
//! shape distribution, a view descriptor), a 0–100 % similarity, an exact and an HNSW
//! nearest-neighbour index with filters applied before ranking, 2D (silhouette) queries and
//! thumbnails rendered from the same views. No I/O, no HTTP: the libraries call it.
//! Design and figures: docs/shape-search.md, docs/benchmarks.md.

pub mod codec;
pub mod fingerprint;
pub mod index;
pub mod load;
pub mod picture;
pub mod similarity;
pub mod views;

pub use codec::{decode, encode};
pub use fingerprint::{fingerprint, Fingerprint, Pose};
pub use index::{Hit, Index, Query, Target};
pub use load::{load, Format, Mesh};
pub use picture::{silhouette_from_image, thumbnail_png};
pub use similarity::{score, Options};

#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum ShapeError {
    #[error("unsupported model format: {0} (STL, OBJ, GLB/glTF or VRML)")]
    UnsupportedFormat(String),
    #[error("malformed {format:?} model: {message}")]
    Malformed { format: Format, message: String },
    #[error("the model has no measurable triangles (empty, degenerate or not finite)")]
    Empty,
    #[error("the model has {triangles} triangles, more than the limit of {limit}")]
    TooLarge { triangles: usize, limit: usize },
    #[error("not a fingerprint of a known version: {0}")]
    BadFingerprint(String),
    #[error("unreadable image: {0}")]
    BadImage(String),
    #[error("the image shows no outline (blank, or no contrast)")]
    BlankImage,
}

/// Reads a model file (format from its name) and fingerprints it.
pub fn fingerprint_file(name: &str, bytes: &[u8]) -> Result<Fingerprint, ShapeError> {
    fingerprint(&load(bytes, Format::from_file_name(name)?)?)
}

#[cfg(test)]
mod tests;
