//! Distance between fingerprints and its 0–100 % score.
//!
//! The base distance is Euclidean over one vector per fingerprint ([`feature`]): the D2
//! histogram's square roots (Hellinger), the view descriptor and the log proportions of the
//! principal extents, each weighted. The HNSW index ranks by it; the options add their terms on
//! top (size, handedness), so exact and approximate search agree on the same candidates.

use crate::fingerprint::Fingerprint;

/// Weights of the descriptor parts in the base distance (docs/shape-search.md: chosen on the
/// KiCad families by the benchmark example).
pub const WEIGHT_D2: f32 = 0.5;
pub const WEIGHT_VIEWS: f32 = 1.0;
pub const WEIGHT_PROPORTIONS: f32 = 0.25;
/// Per unit of |ln(size ratio)| when size counts: twice the size is as far as a clearly
/// different shape.
pub const WEIGHT_SIZE: f32 = 0.5;
/// Added when both shapes are chiral and of opposite handedness, unless mirrored are ignored.
pub const MIRROR_PENALTY: f32 = 0.15;
/// The distance that scores 0 %.
pub const ZERO_SCORE_DISTANCE: f32 = 1.0;

/// Query switches (CADENAS' "include part size" and "ignore mirrored parts").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Options {
    pub include_size: bool,
    pub ignore_mirrored: bool,
}

/// The vector the base distance and the ANN index use.
pub fn feature(f: &Fingerprint) -> Vec<f32> {
    let mut out = Vec::with_capacity(f.d2.len() + f.views.len() + 2);
    out.extend(f.d2.iter().map(|h| WEIGHT_D2 * h.max(0.0).sqrt()));
    out.extend(f.views.iter().map(|v| WEIGHT_VIEWS * v));
    let largest = f.size[0].max(1e-12);
    for s in &f.size[1..] {
        out.push(WEIGHT_PROPORTIONS * (s.max(largest * 1e-4) / largest).ln());
    }
    out
}

pub fn euclidean(a: &[f32], b: &[f32]) -> f32 {
    a.iter()
        .zip(b)
        .map(|(x, y)| (x - y) * (x - y))
        .sum::<f32>()
        .sqrt()
}

/// The full distance from a base distance and the option terms.
pub fn with_options(base: f32, a: &Fingerprint, b: &Fingerprint, options: Options) -> f32 {
    let mut squared = base * base;
    if options.include_size {
        let ratio = (a.rms_radius.max(1e-12) / b.rms_radius.max(1e-12)).ln();
        squared += (WEIGHT_SIZE * ratio).powi(2);
    }
    if !options.ignore_mirrored && a.chirality * b.chirality == -1 {
        squared += MIRROR_PENALTY * MIRROR_PENALTY;
    }
    squared.sqrt()
}

pub fn distance(a: &Fingerprint, b: &Fingerprint, options: Options) -> f32 {
    with_options(euclidean(&feature(a), &feature(b)), a, b, options)
}

/// 100 % for the same shape, falling linearly to 0 % at [`ZERO_SCORE_DISTANCE`].
pub fn score(distance: f32) -> f32 {
    (100.0 * (1.0 - distance / ZERO_SCORE_DISTANCE)).clamp(0.0, 100.0)
}

/// A 2D query against a model: the nearest of its three silhouettes.
pub fn silhouette_distance(query: &[f32], f: &Fingerprint) -> f32 {
    f.silhouettes
        .iter()
        .map(|s| euclidean(query, s))
        .fold(f32::INFINITY, f32::min)
}
