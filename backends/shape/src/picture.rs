//! Pictures in and out: a 2D query image (drawing, photo, sketch) turned into the silhouette
//! coefficients the models' views carry, and a PNG thumbnail rendered by the same rasteriser.

use std::collections::VecDeque;
use std::io::Cursor;

use crate::fingerprint::{cross, pose};
use crate::load::Mesh;
use crate::views::{self, RESOLUTION};
use crate::ShapeError;

/// Images above this side are refused before decoding (a query needs 64 pixels).
pub const MAX_IMAGE_SIDE: u32 = 8192;
/// Query images are reduced to this side before the outline is traced.
const WORK_SIDE: u32 = 256;
/// Below this ink share of the enclosed area, a picture is an outline drawing (its closed
/// lines bound the shape) rather than a filled silhouette or photo.
const OUTLINE_INK_SHARE: f64 = 0.35;

/// The silhouette coefficients of a PNG or JPEG picture, compared with the models' views by
/// [`crate::Target::Silhouette`].
pub fn silhouette_from_image(bytes: &[u8]) -> Result<Vec<f32>, ShapeError> {
    let mask = mask_from_image(bytes)?;
    views::silhouette_coefficients(&mask, RESOLUTION).ok_or(ShapeError::BlankImage)
}

/// The picture's shape as a RESOLUTION² mask: the ink (darker than Otsu's threshold, or
/// lighter on a dark background) and what it encloses, by even–odd nesting for outlines.
pub fn mask_from_image(bytes: &[u8]) -> Result<Vec<bool>, ShapeError> {
    let bad = |e: image::ImageError| ShapeError::BadImage(e.to_string());
    let mut reader = image::ImageReader::new(Cursor::new(bytes))
        .with_guessed_format()
        .map_err(|e| ShapeError::BadImage(e.to_string()))?;
    let mut limits = image::Limits::default();
    limits.max_image_width = Some(MAX_IMAGE_SIDE);
    limits.max_image_height = Some(MAX_IMAGE_SIDE);
    reader.limits(limits);
    let picture = reader.decode().map_err(bad)?;
    let picture = if picture.width().max(picture.height()) > WORK_SIDE {
        picture.resize(WORK_SIDE, WORK_SIDE, image::imageops::FilterType::Triangle)
    } else {
        picture
    };
    let rgba = picture.to_rgba8();
    let (width, height) = (rgba.width() as usize, rgba.height() as usize);
    // Transparent pixels are paper: composite over white.
    let luma: Vec<u8> = rgba
        .pixels()
        .map(|p| {
            let a = f32::from(p[3]) / 255.0;
            let y = 0.299 * f32::from(p[0]) + 0.587 * f32::from(p[1]) + 0.114 * f32::from(p[2]);
            (y * a + 255.0 * (1.0 - a)).round() as u8
        })
        .collect();
    let threshold = otsu(&luma).ok_or(ShapeError::BlankImage)?;
    let border: Vec<usize> = (0..width)
        .flat_map(|x| [x, (height - 1) * width + x])
        .chain((0..height).flat_map(|y| [y * width, y * width + width - 1]))
        .collect();
    let border_light = border.iter().filter(|&&i| luma[i] > threshold).count() * 2 >= border.len();
    let ink: Vec<bool> = luma
        .iter()
        .map(|&y| (y <= threshold) == border_light)
        .collect();
    let depth = nesting(&ink, width, height, &border);
    let ink_count = ink.iter().filter(|&&i| i).count();
    let enclosed = depth
        .iter()
        .zip(&ink)
        .filter(|(d, i)| !**i && **d >= 2)
        .count();
    if ink_count == 0 {
        return Err(ShapeError::BlankImage);
    }
    let outline = (ink_count as f64) < OUTLINE_INK_SHARE * (ink_count + enclosed) as f64;
    let shape: Vec<bool> = ink
        .iter()
        .zip(&depth)
        .map(|(&i, &d)| i || (outline && d % 4 == 2))
        .collect();
    Ok(square_mask(&shape, width, height))
}

/// Otsu's threshold of a grey-level histogram; `None` without two distinct levels.
fn otsu(luma: &[u8]) -> Option<u8> {
    let mut histogram = [0u64; 256];
    for &y in luma {
        histogram[y as usize] += 1;
    }
    let total = luma.len() as f64;
    let sum: f64 = histogram
        .iter()
        .enumerate()
        .map(|(i, &h)| i as f64 * h as f64)
        .sum();
    let (mut weight_low, mut sum_low) = (0.0, 0.0);
    let mut best = (0.0, None);
    for (level, &count) in histogram.iter().enumerate() {
        weight_low += count as f64;
        sum_low += level as f64 * count as f64;
        let weight_high = total - weight_low;
        if weight_low == 0.0 || weight_high == 0.0 {
            continue;
        }
        let mean_low = sum_low / weight_low;
        let mean_high = (sum - sum_low) / weight_high;
        let between = weight_low * weight_high * (mean_low - mean_high).powi(2);
        // Less than ~16 grey levels apart is noise, not a drawing.
        if between > best.0 && (mean_high - mean_low) > 16.0 {
            best = (between, Some(level as u8));
        }
    }
    best.1
}

/// Walls crossed from the border to each pixel (0–1 BFS: entering or leaving ink costs 1), so
/// paper inside n closed lines has depth 2n and the lines themselves odd depths.
fn nesting(ink: &[bool], width: usize, height: usize, border: &[usize]) -> Vec<u32> {
    let mut depth = vec![u32::MAX; ink.len()];
    let mut queue = VecDeque::new();
    for &i in border {
        let d = u32::from(ink[i]);
        if d < depth[i] {
            depth[i] = d;
            if d == 0 {
                queue.push_front(i);
            } else {
                queue.push_back(i);
            }
        }
    }
    while let Some(i) = queue.pop_front() {
        let (x, y) = (i % width, i / width);
        let neighbours = [
            (x > 0).then(|| i - 1),
            (x + 1 < width).then(|| i + 1),
            (y > 0).then(|| i - width),
            (y + 1 < height).then(|| i + width),
        ];
        for j in neighbours.into_iter().flatten() {
            let step = u32::from(ink[i] != ink[j]);
            let d = depth[i] + step;
            if d < depth[j] {
                depth[j] = d;
                if step == 0 {
                    queue.push_front(j);
                } else {
                    queue.push_back(j);
                }
            }
        }
    }
    depth
}

/// The shape's bounding square (with the views' margin) resampled to RESOLUTION² by coverage.
fn square_mask(shape: &[bool], width: usize, height: usize) -> Vec<bool> {
    let (mut x0, mut y0, mut x1, mut y1) = (usize::MAX, usize::MAX, 0, 0);
    for (i, _) in shape.iter().enumerate().filter(|&(_, &s)| s) {
        let (x, y) = (i % width, i / width);
        (x0, y0, x1, y1) = (x0.min(x), y0.min(y), x1.max(x), y1.max(y));
    }
    let mut out = vec![false; RESOLUTION * RESOLUTION];
    if x0 == usize::MAX {
        return out;
    }
    let side = ((x1 - x0).max(y1 - y0) + 1) as f64 * (1.0 + 6.0 / RESOLUTION as f64);
    let (cx, cy) = ((x0 + x1 + 1) as f64 / 2.0, (y0 + y1 + 1) as f64 / 2.0);
    let step = side / RESOLUTION as f64;
    for (o, value) in out.iter_mut().enumerate() {
        let (ox, oy) = ((o % RESOLUTION) as f64, (o / RESOLUTION) as f64);
        // 3×3 sub-samples per output pixel.
        let mut hits = 0;
        for sy in 0..3 {
            for sx in 0..3 {
                let x = cx - side / 2.0 + (ox + (sx as f64 + 0.5) / 3.0) * step;
                let y = cy - side / 2.0 + (oy + (sy as f64 + 0.5) / 3.0) * step;
                if x >= 0.0 && y >= 0.0 && (x as usize) < width && (y as usize) < height {
                    hits += usize::from(shape[y as usize * width + x as usize]);
                }
            }
        }
        *value = hits >= 5;
    }
    out
}

/// A PNG thumbnail (RGBA, transparent background) of the mesh in its canonical pose, seen from
/// an oblique direction, flat-shaded.
pub fn thumbnail_png(mesh: &Mesh, side: u32) -> Result<Vec<u8>, ShapeError> {
    let side = side.clamp(16, 1024) as usize;
    let pose = pose(mesh)?;
    let w = normalise([0.45, -0.55, 0.7]);
    let u = normalise(cross([0.0, 0.0, 1.0], w));
    let v = cross(w, u);
    let dot = |a: [f64; 3], b: [f64; 3]| a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
    let points: Vec<[f64; 3]> = mesh
        .positions
        .iter()
        .map(|p| {
            let c = pose.canonical(p.map(f64::from));
            [dot(c, u), dot(c, v), dot(c, w)]
        })
        .collect();
    let mut extent: f64 = 1e-9;
    for t in &mesh.triangles {
        for &i in t {
            let p = points[i as usize];
            extent = extent.max(p[0].abs()).max(p[1].abs());
        }
    }
    let render = views::rasterise(&points, &mesh.triangles, extent * 1.05, side);
    let mut rgba = vec![0u8; side * side * 4];
    for (i, pixel) in rgba.chunks_exact_mut(4).enumerate() {
        let Some(t) = mesh.triangles.get(render.front[i] as usize) else {
            continue;
        };
        let [a, b, c] = t.map(|k| points[k as usize]);
        let n = normalise(cross(
            [0, 1, 2].map(|k| b[k] - a[k]),
            [0, 1, 2].map(|k| c[k] - a[k]),
        ));
        let light = 0.25 + 0.75 * n[2].abs();
        let base = [150.0, 165.0, 185.0];
        pixel[..3].copy_from_slice(&base.map(|c: f64| (c * light + 40.0).min(255.0) as u8));
        pixel[3] = 255;
    }
    let mut out = Vec::new();
    let mut encoder = png::Encoder::new(&mut out, side as u32, side as u32);
    encoder.set_color(png::ColorType::Rgba);
    encoder.set_depth(png::BitDepth::Eight);
    let mut writer = encoder
        .write_header()
        .map_err(|e| ShapeError::BadImage(e.to_string()))?;
    writer
        .write_image_data(&rgba)
        .map_err(|e| ShapeError::BadImage(e.to_string()))?;
    writer
        .finish()
        .map_err(|e| ShapeError::BadImage(e.to_string()))?;
    Ok(out)
}

fn normalise(a: [f64; 3]) -> [f64; 3] {
    let n = (a[0] * a[0] + a[1] * a[1] + a[2] * a[2]).sqrt();
    if n > 0.0 {
        a.map(|x| x / n)
    } else {
        [0.0, 0.0, 1.0]
    }
}
