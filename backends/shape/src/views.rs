//! The view descriptor: a small software rasteriser renders the canonical mesh along its three
//! principal axes (silhouette, thickness and the two depth reliefs), and each image is reduced to
//! rotation- and reflection-invariant coefficients: sampled on polar rings about the
//! silhouette's centroid, the magnitudes of the Fourier transform along each ring. The same
//! coefficients of a 2D silhouette (a drawing, a photo, a sketch) answer 2D queries.

use rustfft::num_complex::Complex;
use rustfft::FftPlanner;

/// Rendered image side, pixels.
pub const RESOLUTION: usize = 64;
const RINGS: usize = 8;
const ANGLES: usize = 32;
const HARMONICS: usize = 8;
/// Silhouette, thickness, relief seen from +axis, relief seen from −axis.
const CHANNELS: usize = 4;
/// Coefficients of one image channel.
pub const CHANNEL_DIMS: usize = RINGS * HARMONICS;
/// Length of [`crate::Fingerprint::views`].
pub const VIEW_DIMS: usize = 3 * CHANNELS * CHANNEL_DIMS;

/// Depth buffers of one orthographic view; `near > far` marks an empty pixel.
#[derive(Debug, Clone)]
pub struct Render {
    pub size: usize,
    pub near: Vec<f32>,
    pub far: Vec<f32>,
    /// Index of the nearest (largest w) triangle per pixel, for shading thumbnails.
    pub front: Vec<u32>,
}

impl Render {
    pub fn covered(&self, index: usize) -> bool {
        self.near[index] <= self.far[index]
    }
}

/// Rasterises triangles given in view coordinates (u, v, w): u, v in [−extent, extent] map to the
/// image, w is depth (larger = nearer the viewer).
pub fn rasterise(points: &[[f64; 3]], triangles: &[[u32; 3]], extent: f64, size: usize) -> Render {
    let mut render = Render {
        size,
        near: vec![f32::INFINITY; size * size],
        far: vec![f32::NEG_INFINITY; size * size],
        front: vec![u32::MAX; size * size],
    };
    let scale = size as f64 / (2.0 * extent);
    for (index, t) in triangles.iter().enumerate() {
        let [a, b, c] = t.map(|i| {
            let p = points[i as usize];
            [(p[0] + extent) * scale, (extent - p[1]) * scale, p[2]]
        });
        let area = (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]);
        if area.abs() < 1e-12 || !area.is_finite() {
            // Edge-on: it covers no pixel centre, but a thin feature (a pin seen end-on) must
            // still show, so its corners mark their pixels.
            for p in [a, b, c] {
                mark(&mut render, p[0], p[1], p[2], index);
            }
            continue;
        }
        let min_x = a[0].min(b[0]).min(c[0]).floor().max(0.0) as usize;
        let max_x = (a[0].max(b[0]).max(c[0]).ceil() as usize).min(size);
        let min_y = a[1].min(b[1]).min(c[1]).floor().max(0.0) as usize;
        let max_y = (a[1].max(b[1]).max(c[1]).ceil() as usize).min(size);
        let mut any = false;
        for y in min_y..max_y {
            let py = y as f64 + 0.5;
            for x in min_x..max_x {
                let px = x as f64 + 0.5;
                let w0 = ((b[0] - px) * (c[1] - py) - (b[1] - py) * (c[0] - px)) / area;
                let w1 = ((c[0] - px) * (a[1] - py) - (c[1] - py) * (a[0] - px)) / area;
                let w2 = 1.0 - w0 - w1;
                if w0 < 0.0 || w1 < 0.0 || w2 < 0.0 {
                    continue;
                }
                any = true;
                let depth = w0 * a[2] + w1 * b[2] + w2 * c[2];
                update(&mut render, y * size + x, depth, index);
            }
        }
        if !any {
            // Smaller than a pixel: keep it visible at its centroid.
            let m = [0, 1, 2].map(|k| (a[k] + b[k] + c[k]) / 3.0);
            mark(&mut render, m[0], m[1], m[2], index);
        }
    }
    render
}

fn mark(render: &mut Render, x: f64, y: f64, depth: f64, triangle: usize) {
    if x >= 0.0 && y >= 0.0 && (x as usize) < render.size && (y as usize) < render.size {
        let index = y as usize * render.size + x as usize;
        update(render, index, depth, triangle);
    }
}

fn update(render: &mut Render, index: usize, depth: f64, triangle: usize) {
    let depth = depth as f32;
    if depth > render.far[index] {
        render.far[index] = depth;
        render.front[index] = triangle as u32;
    }
    render.near[index] = render.near[index].min(depth);
}

/// The three principal-axis views of a canonical mesh.
pub struct ViewSet {
    pub renders: [Render; 3],
    /// The mesh's largest radius in canonical units (depths are scaled by it).
    pub extent: f64,
}

impl ViewSet {
    pub fn render(canonical: &[[f64; 3]], triangles: &[[u32; 3]]) -> ViewSet {
        let mut extent: f64 = 0.0;
        for t in triangles {
            for &i in t {
                let p = canonical[i as usize];
                extent = extent.max((p[0] * p[0] + p[1] * p[1] + p[2] * p[2]).sqrt());
            }
        }
        let extent = extent.max(1e-9);
        // Each view is framed by its own outline (a rod's end view fills its image as its side
        // view does); the proportions between views are in the fingerprint's extents.
        let renders = [0usize, 1, 2].map(|axis| {
            let (u, v) = ((axis + 1) % 3, (axis + 2) % 3);
            let points: Vec<[f64; 3]> = canonical.iter().map(|p| [p[u], p[v], p[axis]]).collect();
            let mut outline: f64 = 0.0;
            for t in triangles {
                for &i in t {
                    let p = points[i as usize];
                    outline = outline.max((p[0] * p[0] + p[1] * p[1]).sqrt());
                }
            }
            // A margin of a pixel and a half keeps the outline off the image border.
            let outline = outline.max(extent * 1e-3) * (1.0 + 3.0 / RESOLUTION as f64);
            rasterise(&points, triangles, outline, RESOLUTION)
        });
        ViewSet { renders, extent }
    }
}

/// The view descriptor (unit length) and, per axis, the silhouette's coefficients (unit length).
pub fn describe(set: &ViewSet) -> (Vec<f32>, [Vec<f32>; 3]) {
    let mut descriptor = Vec::with_capacity(VIEW_DIMS);
    let mut silhouettes: [Vec<f32>; 3] = Default::default();
    let span = 2.0 * set.extent as f32;
    for (render, silhouette) in set.renders.iter().zip(silhouettes.iter_mut()) {
        let n = render.size * render.size;
        let mask: Vec<f32> = (0..n)
            .map(|i| f32::from(u8::from(render.covered(i))))
            .collect();
        let Some(frame) = PolarFrame::of(&mask, render.size) else {
            descriptor.extend(std::iter::repeat_n(0.0, CHANNELS * CHANNEL_DIMS));
            silhouette.extend(std::iter::repeat_n(0.0, CHANNEL_DIMS));
            continue;
        };
        let channel = |value: &dyn Fn(usize) -> f32| -> Vec<f32> {
            let image: Vec<f32> = (0..n)
                .map(|i| if render.covered(i) { value(i) } else { 0.0 })
                .collect();
            frame.coefficients(&image, render.size)
        };
        let outline = frame.coefficients(&mask, render.size);
        *silhouette = normalised(outline.clone());
        descriptor.extend(outline);
        descriptor.extend(channel(&|i| (render.far[i] - render.near[i]) / span));
        descriptor.extend(channel(&|i| 0.5 + render.far[i] / span));
        descriptor.extend(channel(&|i| 0.5 - render.near[i] / span));
    }
    (normalised(descriptor), silhouettes)
}

pub(crate) fn normalised(mut values: Vec<f32>) -> Vec<f32> {
    let norm = values.iter().map(|v| v * v).sum::<f32>().sqrt();
    if norm > 0.0 && norm.is_finite() {
        values.iter_mut().for_each(|v| *v /= norm);
    }
    values
}

/// 1.8 RMS radii reach the ends of a rod (√3) and the rim of a disc (√2) with little empty
/// margin.
const RADIUS_PER_RMS: f32 = 1.8;

/// Polar sampling frame of a silhouette: its centroid and a radius from its second moment.
struct PolarFrame {
    centre: [f32; 2],
    radius: f32,
}

impl PolarFrame {
    fn of(mask: &[f32], size: usize) -> Option<PolarFrame> {
        let (mut sum, mut cx, mut cy) = (0.0f32, 0.0f32, 0.0f32);
        for (i, &m) in mask.iter().enumerate() {
            if m > 0.5 {
                sum += 1.0;
                cx += (i % size) as f32 + 0.5;
                cy += (i / size) as f32 + 0.5;
            }
        }
        if sum == 0.0 {
            return None;
        }
        let centre = [cx / sum, cy / sum];
        // The sampled disc reaches RADIUS_PER_RMS × the RMS distance of the covered pixels from
        // the centroid: a moment, so one pixel more or less at a corner does not rescale it.
        let mut squares = 0.0f32;
        for (i, &m) in mask.iter().enumerate() {
            if m > 0.5 {
                let dx = (i % size) as f32 + 0.5 - centre[0];
                let dy = (i / size) as f32 + 0.5 - centre[1];
                squares += dx * dx + dy * dy;
            }
        }
        Some(PolarFrame {
            centre,
            radius: RADIUS_PER_RMS * (squares / sum).sqrt() + 0.5,
        })
    }

    /// Per ring, |DFT| of the samples along the ring for harmonics 0 … HARMONICS−1: invariant
    /// to rotating and mirroring the image about the centre.
    fn coefficients(&self, image: &[f32], size: usize) -> Vec<f32> {
        let image = &blur(image, size);
        let fft = FftPlanner::<f32>::new().plan_fft_forward(ANGLES);
        let mut out = Vec::with_capacity(CHANNEL_DIMS);
        let mut ring = vec![Complex::new(0.0, 0.0); ANGLES];
        for r in 0..RINGS {
            let radius = (r as f32 + 0.5) / RINGS as f32 * self.radius;
            for (a, value) in ring.iter_mut().enumerate() {
                let angle = a as f32 / ANGLES as f32 * std::f32::consts::TAU;
                let x = self.centre[0] + radius * angle.cos() - 0.5;
                let y = self.centre[1] + radius * angle.sin() - 0.5;
                *value = Complex::new(bilinear(image, size, x, y), 0.0);
            }
            fft.process(&mut ring);
            out.extend(ring[..HARMONICS].iter().map(|c| c.norm() / ANGLES as f32));
        }
        out
    }
}

/// A separable box blur of radius [`BLUR`]: an edge moved by a pixel then changes the rings it
/// crosses a little instead of flipping one from empty to full.
const BLUR: usize = 2;

fn blur(image: &[f32], size: usize) -> Vec<f32> {
    let pass = |input: &[f32], horizontal: bool| -> Vec<f32> {
        let mut out = vec![0.0; input.len()];
        for a in 0..size {
            for b in 0..size {
                let (lo, hi) = (b.saturating_sub(BLUR), (b + BLUR).min(size - 1));
                let sum: f32 = (lo..=hi)
                    .map(|c| {
                        if horizontal {
                            input[a * size + c]
                        } else {
                            input[c * size + a]
                        }
                    })
                    .sum();
                let value = sum / (2 * BLUR + 1) as f32;
                if horizontal {
                    out[a * size + b] = value;
                } else {
                    out[b * size + a] = value;
                }
            }
        }
        out
    };
    pass(&pass(image, true), false)
}

fn bilinear(image: &[f32], size: usize, x: f32, y: f32) -> f32 {
    let at = |ix: i64, iy: i64| -> f32 {
        if ix < 0 || iy < 0 || ix >= size as i64 || iy >= size as i64 {
            0.0
        } else {
            image[iy as usize * size + ix as usize]
        }
    };
    let (x0, y0) = (x.floor(), y.floor());
    let (fx, fy) = (x - x0, y - y0);
    let (ix, iy) = (x0 as i64, y0 as i64);
    at(ix, iy) * (1.0 - fx) * (1.0 - fy)
        + at(ix + 1, iy) * fx * (1.0 - fy)
        + at(ix, iy + 1) * (1.0 - fx) * fy
        + at(ix + 1, iy + 1) * fx * fy
}

/// The silhouette coefficients (unit length) of a binary mask of `size × size` pixels, as
/// [`describe`] computes them for a model's views; `None` when the mask is empty.
pub fn silhouette_coefficients(mask: &[bool], size: usize) -> Option<Vec<f32>> {
    let mask: Vec<f32> = mask.iter().map(|&m| f32::from(u8::from(m))).collect();
    let frame = PolarFrame::of(&mask, size)?;
    Some(normalised(frame.coefficients(&mask, size)))
}
