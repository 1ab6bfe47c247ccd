//! The stored form of a fingerprint: versioned little-endian bytes, ~1 KB. Coefficients are
//! quantised to a byte against their block's maximum (they are non-negative magnitudes and the
//! comparison is of unit vectors, so 1/255 of the largest is far below the distances that rank).

use crate::fingerprint::{Fingerprint, D2_BINS};
use crate::views::{CHANNEL_DIMS, VIEW_DIMS};
use crate::ShapeError;

const MAGIC: &[u8; 3] = b"SHF";
/// Bumped whenever the descriptor changes: stored fingerprints of another version are refused
/// (the libraries recompute them from the model).
pub const VERSION: u8 = 1;
pub const ENCODED_LEN: usize =
    4 + 12 + 4 + 1 + 2 * D2_BINS + (4 + VIEW_DIMS) + 3 * (4 + CHANNEL_DIMS);

pub fn encode(fingerprint: &Fingerprint) -> Vec<u8> {
    let mut out = Vec::with_capacity(ENCODED_LEN);
    out.extend_from_slice(MAGIC);
    out.push(VERSION);
    for v in fingerprint.size {
        out.extend_from_slice(&v.to_le_bytes());
    }
    out.extend_from_slice(&fingerprint.rms_radius.to_le_bytes());
    out.push(fingerprint.chirality as u8);
    for v in fingerprint.d2 {
        out.extend_from_slice(&((v.clamp(0.0, 1.0) * 65535.0).round() as u16).to_le_bytes());
    }
    quantise(&fingerprint.views, VIEW_DIMS, &mut out);
    for silhouette in &fingerprint.silhouettes {
        quantise(silhouette, CHANNEL_DIMS, &mut out);
    }
    out
}

fn quantise(values: &[f32], len: usize, out: &mut Vec<u8>) {
    let max = values.iter().copied().fold(0.0f32, f32::max);
    out.extend_from_slice(&max.to_le_bytes());
    for i in 0..len {
        let v = values.get(i).copied().unwrap_or(0.0);
        let q = if max > 0.0 {
            (v / max).clamp(0.0, 1.0) * 255.0
        } else {
            0.0
        };
        out.push(q.round() as u8);
    }
}

pub fn decode(bytes: &[u8]) -> Result<Fingerprint, ShapeError> {
    let bad = |message: &str| ShapeError::BadFingerprint(message.to_owned());
    if bytes.len() < 4 || &bytes[..3] != MAGIC {
        return Err(bad("no SHF header"));
    }
    if bytes[3] != VERSION {
        return Err(ShapeError::BadFingerprint(format!(
            "version {} (this build reads {VERSION})",
            bytes[3]
        )));
    }
    if bytes.len() != ENCODED_LEN {
        return Err(ShapeError::BadFingerprint(format!(
            "{} bytes, expected {ENCODED_LEN}",
            bytes.len()
        )));
    }
    let mut at = 4;
    let f32_at = |at: &mut usize| {
        let v = f32::from_le_bytes([bytes[*at], bytes[*at + 1], bytes[*at + 2], bytes[*at + 3]]);
        *at += 4;
        v
    };
    let size = [0; 3].map(|_| f32_at(&mut at));
    let rms_radius = f32_at(&mut at);
    let chirality = bytes[at] as i8;
    at += 1;
    let mut d2 = [0.0; D2_BINS];
    for v in d2.iter_mut() {
        *v = f32::from(u16::from_le_bytes([bytes[at], bytes[at + 1]])) / 65535.0;
        at += 2;
    }
    let mut dequantise = |len: usize| {
        let max = f32_at(&mut at);
        let values: Vec<f32> = bytes[at..at + len]
            .iter()
            .map(|&q| f32::from(q) / 255.0 * max)
            .collect();
        at += len;
        values
    };
    let views = dequantise(VIEW_DIMS);
    let silhouettes = [0; 3].map(|_| dequantise(CHANNEL_DIMS));
    if !(size.iter().all(|s| s.is_finite() && *s >= 0.0)
        && rms_radius.is_finite()
        && (-1..=1).contains(&chirality))
    {
        return Err(bad("out-of-range size, radius or chirality"));
    }
    Ok(Fingerprint {
        size,
        rms_radius,
        chirality,
        d2,
        views,
        silhouettes,
    })
}
