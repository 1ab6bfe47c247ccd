//! The fingerprint of a mesh: its pose and scale normalised away (kept apart as size and
//! handedness), a D2 shape distribution and a view descriptor (docs/shape-search.md).

use rand::{Rng, SeedableRng};

use crate::load::Mesh;
use crate::views::{self, ViewSet};
use crate::ShapeError;

/// D2 histogram bins over pair distances 0 … [`D2_RANGE`] RMS radii.
pub const D2_BINS: usize = 32;
pub const D2_RANGE: f64 = 4.0;
const D2_POINTS: usize = 1024;
const D2_PAIRS: usize = 8192;
/// Fixed so that one mesh always gets the same fingerprint.
const SEED: u64 = 0x5eed_d2d2;

/// A third moment below this fraction of the RMS radius³ counts as zero: the shape is
/// symmetric about that plane, so the axis sign is arbitrary and the shape is not chiral.
const SKEW_EPSILON: f64 = 1e-3;

/// Pose normalisation: centre, principal axes (sign-fixed) and RMS radius of the surface.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Pose {
    /// Area-weighted surface centroid, source units.
    pub centre: [f64; 3],
    /// Principal axes, largest variance first, each pointing to the side with the positive third
    /// moment. Rows of the rotation into the canonical frame.
    pub axes: [[f64; 3]; 3],
    /// sqrt of the surface's mean squared distance from the centre, source units.
    pub rms_radius: f64,
    /// det(axes): +1 or −1 when every axis' third moment is clearly non-zero, 0 when the shape
    /// has a mirror symmetry (then it equals its mirror image).
    pub chirality: i8,
}

impl Pose {
    /// A point in the canonical frame (centred, principal axes, unit RMS radius).
    pub fn canonical(&self, p: [f64; 3]) -> [f64; 3] {
        let d = [0, 1, 2].map(|k| p[k] - self.centre[k]);
        self.axes
            .map(|a| (a[0] * d[0] + a[1] * d[1] + a[2] * d[2]) / self.rms_radius)
    }
}

/// What the search compares: everything but the mesh.
#[derive(Debug, Clone, PartialEq)]
pub struct Fingerprint {
    /// Extents along the principal axes (largest first), in the source unit.
    pub size: [f32; 3],
    pub rms_radius: f32,
    pub chirality: i8,
    /// Normalised D2 histogram (sums to 1).
    pub d2: [f32; D2_BINS],
    /// The view descriptor (unit length), see [`views`].
    pub views: Vec<f32>,
    /// Per principal axis, the silhouette's rotation-invariant coefficients (unit length):
    /// the part of [`Fingerprint::views`] a 2D query is compared with.
    pub silhouettes: [Vec<f32>; 3],
}

/// Area-weighted centroid, covariance, principal axes with the third-moment sign rule.
pub fn pose(mesh: &Mesh) -> Result<Pose, ShapeError> {
    let mut area_total = 0.0;
    let mut centre = [0.0; 3];
    for [a, b, c] in mesh.corners() {
        let area = area(a, b, c);
        area_total += area;
        for k in 0..3 {
            centre[k] += area * (a[k] + b[k] + c[k]) / 3.0;
        }
    }
    if !(area_total > 0.0 && area_total.is_finite()) {
        return Err(ShapeError::Empty);
    }
    centre = centre.map(|c| c / area_total);
    // ∫ x xᵀ dA over a triangle = A/12 (9 m mᵀ + Σ vᵢ vᵢᵀ), m the centroid (exact).
    let mut cov = [[0.0; 3]; 3];
    for [a, b, c] in mesh.corners() {
        let w = area(a, b, c) / 12.0;
        let [a, b, c] = [a, b, c].map(|p| [0, 1, 2].map(|k| p[k] - centre[k]));
        let m = [0, 1, 2].map(|k| (a[k] + b[k] + c[k]) / 3.0);
        for i in 0..3 {
            for j in 0..3 {
                cov[i][j] += w * (9.0 * m[i] * m[j] + a[i] * a[j] + b[i] * b[j] + c[i] * c[j]);
            }
        }
    }
    cov = cov.map(|row| row.map(|v| v / area_total));
    let rms_radius = (cov[0][0] + cov[1][1] + cov[2][2]).sqrt();
    if !(rms_radius > 0.0 && rms_radius.is_finite()) {
        return Err(ShapeError::Empty);
    }
    let (values, vectors) = symmetric_eigen(cov);
    let mut order = [0, 1, 2];
    order.sort_by(|&i, &j| values[j].total_cmp(&values[i]));
    let mut axes = order.map(|i| vectors[i]);
    // Sign rule: the third moment of the surface along each axis is made positive.
    let mut skew = [0.0; 3];
    for [a, b, c] in mesh.corners() {
        let w = area(a, b, c);
        let m = [0, 1, 2].map(|k| (a[k] + b[k] + c[k]) / 3.0 - centre[k]);
        for (s, axis) in skew.iter_mut().zip(&axes) {
            let t = m[0] * axis[0] + m[1] * axis[1] + m[2] * axis[2];
            *s += w * t * t * t;
        }
    }
    let mut chiral = true;
    for (s, axis) in skew.iter().zip(axes.iter_mut()) {
        let s = s / area_total / rms_radius.powi(3);
        if s.abs() < SKEW_EPSILON {
            chiral = false;
        }
        if s < 0.0 {
            *axis = axis.map(|v| -v);
        }
    }
    let det = determinant(&axes);
    let chirality = if chiral { det.signum() as i8 } else { 0 };
    Ok(Pose {
        centre,
        axes,
        rms_radius,
        chirality,
    })
}

pub(crate) fn cross(a: [f64; 3], b: [f64; 3]) -> [f64; 3] {
    [
        a[1] * b[2] - a[2] * b[1],
        a[2] * b[0] - a[0] * b[2],
        a[0] * b[1] - a[1] * b[0],
    ]
}

pub(crate) fn area(a: [f64; 3], b: [f64; 3], c: [f64; 3]) -> f64 {
    let x = cross(
        [0, 1, 2].map(|k| b[k] - a[k]),
        [0, 1, 2].map(|k| c[k] - a[k]),
    );
    0.5 * (x[0] * x[0] + x[1] * x[1] + x[2] * x[2]).sqrt()
}

fn determinant(m: &[[f64; 3]; 3]) -> f64 {
    m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1])
        - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
        + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0])
}

/// Eigenvalues and unit eigenvectors of a symmetric 3×3 matrix by cyclic Jacobi rotations
/// (a 3×3 does not justify a linear-algebra dependency; converges in a few sweeps).
fn symmetric_eigen(mut a: [[f64; 3]; 3]) -> ([f64; 3], [[f64; 3]; 3]) {
    let mut v = [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]];
    for _ in 0..50 {
        let off = a[0][1].powi(2) + a[0][2].powi(2) + a[1][2].powi(2);
        let scale = a[0][0].powi(2) + a[1][1].powi(2) + a[2][2].powi(2);
        if off <= 1e-24 * scale.max(f64::MIN_POSITIVE) {
            break;
        }
        for (p, q) in [(0, 1), (0, 2), (1, 2)] {
            if a[p][q].abs() < f64::MIN_POSITIVE {
                continue;
            }
            let theta = (a[q][q] - a[p][p]) / (2.0 * a[p][q]);
            let t = theta.signum() / (theta.abs() + (theta * theta + 1.0).sqrt());
            let t = if theta == 0.0 { 1.0 } else { t };
            let c = 1.0 / (t * t + 1.0).sqrt();
            let s = t * c;
            // A ← Jᵀ A J for the rotation J in the (p, q) plane.
            for row in a.iter_mut() {
                let (akp, akq) = (row[p], row[q]);
                row[p] = c * akp - s * akq;
                row[q] = s * akp + c * akq;
            }
            // Rows p and q mix with each other, so this one indexes.
            #[allow(clippy::needless_range_loop)]
            for k in 0..3 {
                let (apk, aqk) = (a[p][k], a[q][k]);
                a[p][k] = c * apk - s * aqk;
                a[q][k] = s * apk + c * aqk;
            }
            for row in v.iter_mut() {
                let (vp, vq) = (row[p], row[q]);
                row[p] = c * vp - s * vq;
                row[q] = s * vp + c * vq;
            }
        }
    }
    // Columns of v are the eigenvectors.
    let vectors = [0, 1, 2].map(|i| [v[0][i], v[1][i], v[2][i]]);
    ([a[0][0], a[1][1], a[2][2]], vectors)
}

/// Area-weighted random surface points in the canonical frame (seeded: same mesh, same points).
pub(crate) fn surface_samples(mesh: &Mesh, pose: &Pose, count: usize) -> Vec<[f64; 3]> {
    let triangles: Vec<[[f64; 3]; 3]> = mesh.corners().collect();
    let mut cumulative = Vec::with_capacity(triangles.len());
    let mut total = 0.0;
    for &[a, b, c] in &triangles {
        total += area(a, b, c);
        cumulative.push(total);
    }
    let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(SEED);
    (0..count)
        .map(|_| {
            let target = rng.random::<f64>() * total;
            let index = cumulative
                .partition_point(|&c| c < target)
                .min(triangles.len() - 1);
            let [a, b, c] = triangles[index];
            let (mut r1, mut r2) = (rng.random::<f64>(), rng.random::<f64>());
            if r1 + r2 > 1.0 {
                (r1, r2) = (1.0 - r1, 1.0 - r2);
            }
            let p = [0, 1, 2].map(|k| a[k] + r1 * (b[k] - a[k]) + r2 * (c[k] - a[k]));
            pose.canonical(p)
        })
        .collect()
}

/// D2: the histogram of distances between random pairs of surface points, in RMS radii.
pub fn d2(samples: &[[f64; 3]]) -> [f32; D2_BINS] {
    let mut histogram = [0.0f32; D2_BINS];
    if samples.len() < 2 {
        return histogram;
    }
    let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(SEED ^ 0xd2);
    for _ in 0..D2_PAIRS {
        let a = samples[rng.random_range(0..samples.len())];
        let b = samples[rng.random_range(0..samples.len())];
        let d = ((a[0] - b[0]).powi(2) + (a[1] - b[1]).powi(2) + (a[2] - b[2]).powi(2)).sqrt();
        let bin = ((d / D2_RANGE * D2_BINS as f64) as usize).min(D2_BINS - 1);
        histogram[bin] += 1.0;
    }
    histogram.map(|h| h / D2_PAIRS as f32)
}

/// The whole fingerprint of a mesh.
pub fn fingerprint(mesh: &Mesh) -> Result<Fingerprint, ShapeError> {
    let pose = pose(mesh)?;
    let samples = surface_samples(mesh, &pose, D2_POINTS);
    let d2 = d2(&samples);
    let mut low = [f64::INFINITY; 3];
    let mut high = [f64::NEG_INFINITY; 3];
    let canonical: Vec<[f64; 3]> = mesh
        .positions
        .iter()
        .map(|p| pose.canonical(p.map(f64::from)))
        .collect();
    for t in &mesh.triangles {
        for &i in t {
            let p = canonical[i as usize];
            for k in 0..3 {
                low[k] = low[k].min(p[k]);
                high[k] = high[k].max(p[k]);
            }
        }
    }
    let size = [0, 1, 2].map(|k| ((high[k] - low[k]) * pose.rms_radius) as f32);
    let set = ViewSet::render(&canonical, &mesh.triangles);
    let (descriptor, silhouettes) = views::describe(&set);
    Ok(Fingerprint {
        size,
        rms_radius: pose.rms_radius as f32,
        chirality: pose.chirality,
        d2,
        views: descriptor,
        silhouettes,
    })
}
