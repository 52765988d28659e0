//! Thermographs as pictures: a small PNG image drawn and encoded here (no dependency).

use crate::dyadic::Dyadic;
use crate::thermograph::Thermograph;

const WHITE: [u8; 3] = [255, 255, 255];
const GREY: [u8; 3] = [190, 190, 190];
const BLUE: [u8; 3] = [30, 80, 200];
const RED: [u8; 3] = [200, 40, 40];
const BLACK: [u8; 3] = [0, 0, 0];

struct Canvas {
    width: usize,
    height: usize,
    pixels: Vec<u8>,
}

impl Canvas {
    fn new(width: usize, height: usize) -> Canvas {
        Canvas {
            width,
            height,
            pixels: WHITE.repeat(width * height),
        }
    }

    fn set(&mut self, x: i64, y: i64, colour: [u8; 3]) {
        for (dx, dy) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
            let (x, y) = (x + dx, y + dy);
            if x >= 0 && y >= 0 && (x as usize) < self.width && (y as usize) < self.height {
                let i = 3 * (y as usize * self.width + x as usize);
                self.pixels[i..i + 3].copy_from_slice(&colour);
            }
        }
    }

    fn line(&mut self, (x0, y0): (i64, i64), (x1, y1): (i64, i64), colour: [u8; 3]) {
        let steps = (x1 - x0).abs().max((y1 - y0).abs()).max(1);
        for k in 0..=steps {
            let x = x0 + (x1 - x0) * k / steps;
            let y = y0 + (y1 - y0) * k / steps;
            self.set(x, y, colour);
        }
    }
}

fn as_f64(x: Dyadic) -> f64 {
    x.to_f64()
}

/// The thermograph drawn as a `width × height` PNG image, in the usual orientation: values
/// grow to the LEFT (Left's side), temperature grows upwards from -1; the left wall is
/// blue, the right wall red, the mast black, the axes (value 0, temperature 0) grey. The
/// picture shows temperatures up to one above the game's temperature (at least 1).
///
/// ```
/// use cgtk_partizan::{thermograph_png, Arena};
/// let mut a = Arena::new();
/// let g = a.parse("{2|-1}").unwrap();
/// let png = thermograph_png(&a.thermograph(g), 320, 240);
/// assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
/// ```
pub fn thermograph_png(th: &Thermograph, width: usize, height: usize) -> Vec<u8> {
    let width = width.clamp(16, 4096);
    let height = height.clamp(16, 4096);
    let top_t = if th.temperature < Dyadic::ZERO {
        Dyadic::integer(1)
    } else {
        th.temperature + Dyadic::integer(1)
    };
    let left_pts = th.left.points(top_t);
    let right_pts = th.right.points(top_t);
    let values = left_pts.iter().chain(&right_pts).map(|p| as_f64(p.1));
    let (mut lo, mut hi) = (0.0f64, 0.0f64);
    for v in values {
        lo = lo.min(v);
        hi = hi.max(v);
    }
    let pad = ((hi - lo) * 0.1).max(0.5);
    let (lo, hi) = (lo - pad, hi + pad);
    let (t_lo, t_hi) = (-1.0, as_f64(top_t));
    let margin = 10.0;
    let (w, h) = (width as f64 - 2.0 * margin, height as f64 - 2.0 * margin);
    // Larger values to the left.
    let px = |v: f64| (margin + (hi - v) / (hi - lo) * w).round() as i64;
    let py = |t: f64| (margin + (t_hi - t) / (t_hi - t_lo) * h).round() as i64;
    let mut c = Canvas::new(width, height);
    c.line((px(0.0), py(t_lo)), (px(0.0), py(t_hi)), GREY);
    c.line((px(hi), py(0.0)), (px(lo), py(0.0)), GREY);
    for (pts, colour) in [(&left_pts, BLUE), (&right_pts, RED)] {
        for pair in pts.windows(2) {
            let (a, b) = (pair[0], pair[1]);
            c.line(
                (px(as_f64(a.1)), py(as_f64(a.0))),
                (px(as_f64(b.1)), py(as_f64(b.0))),
                colour,
            );
        }
    }
    let mast = as_f64(th.mean);
    let t0 = as_f64(th.temperature).max(t_lo);
    c.line((px(mast), py(t0)), (px(mast), py(t_hi)), BLACK);
    encode_png(width, height, &c.pixels)
}

fn crc32(bytes: &[u8]) -> u32 {
    let mut crc = !0u32;
    for &b in bytes {
        crc ^= b as u32;
        for _ in 0..8 {
            crc = if crc & 1 == 1 {
                (crc >> 1) ^ 0xEDB8_8320
            } else {
                crc >> 1
            };
        }
    }
    !crc
}

fn adler32(bytes: &[u8]) -> u32 {
    let (mut a, mut b) = (1u32, 0u32);
    for &x in bytes {
        a = (a + x as u32) % 65521;
        b = (b + a) % 65521;
    }
    (b << 16) | a
}

fn chunk(out: &mut Vec<u8>, kind: &[u8; 4], data: &[u8]) {
    out.extend_from_slice(&(data.len() as u32).to_be_bytes());
    let start = out.len();
    out.extend_from_slice(kind);
    out.extend_from_slice(data);
    let crc = crc32(&out[start..]);
    out.extend_from_slice(&crc.to_be_bytes());
}

/// An RGB image as PNG, its pixels in zlib "stored" (uncompressed) blocks.
fn encode_png(width: usize, height: usize, rgb: &[u8]) -> Vec<u8> {
    let mut raw = Vec::with_capacity(height * (3 * width + 1));
    for row in rgb.chunks(3 * width) {
        raw.push(0); // filter: none
        raw.extend_from_slice(row);
    }
    let mut z = vec![0x78, 0x01];
    let blocks: Vec<&[u8]> = raw.chunks(65535).collect();
    for (i, block) in blocks.iter().enumerate() {
        z.push(u8::from(i + 1 == blocks.len()));
        let len = block.len() as u16;
        z.extend_from_slice(&len.to_le_bytes());
        z.extend_from_slice(&(!len).to_le_bytes());
        z.extend_from_slice(block);
    }
    z.extend_from_slice(&adler32(&raw).to_be_bytes());
    let mut out = b"\x89PNG\r\n\x1a\n".to_vec();
    let mut ihdr = Vec::with_capacity(13);
    ihdr.extend_from_slice(&(width as u32).to_be_bytes());
    ihdr.extend_from_slice(&(height as u32).to_be_bytes());
    ihdr.extend_from_slice(&[8, 2, 0, 0, 0]); // 8-bit RGB
    chunk(&mut out, b"IHDR", &ihdr);
    chunk(&mut out, b"IDAT", &z);
    chunk(&mut out, b"IEND", &[]);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn checksums_match_known_values() {
        // The CRC-32 and Adler-32 of "123456789" (the standard check values).
        assert_eq!(crc32(b"123456789"), 0xCBF4_3926);
        assert_eq!(adler32(b"123456789"), 0x091E_01DE);
    }
}
