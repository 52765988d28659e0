//! Press grids as files: a PNG picture (one colour per press count, with a legend) and
//! the plain formats for very large boards (text, PBM, PGM, CSV). Every writer takes the
//! grid one row at a time and writes it at once, so a 10⁸-button grid never exists twice.

use std::io::{self, Write};
use std::str::FromStr;
use thiserror::Error;

/// The most colours a picture draws (its palette also holds the legend's background and
/// text colours, 256 entries in all).
pub const MAX_PICTURE_COLOURS: u32 = 254;

/// A press grid handed over one row at a time: `rows × cols` press counts in `0..k`.
pub trait PressRows {
    /// Rows.
    fn rows(&self) -> usize;
    /// Columns.
    fn cols(&self) -> usize;
    /// Row i's press counts into `out` (cleared first).
    fn row(&self, i: usize, out: &mut Vec<u32>);
}

impl PressRows for crate::BitGrid {
    fn rows(&self) -> usize {
        crate::BitGrid::rows(self)
    }
    fn cols(&self) -> usize {
        crate::BitGrid::cols(self)
    }
    fn row(&self, i: usize, out: &mut Vec<u32>) {
        self.row_cells(i, out);
    }
}

/// A row-major press grid held as `u32` entries.
#[derive(Debug, Clone, Copy)]
pub struct CellRows<'a> {
    /// The entries, row-major.
    pub cells: &'a [u32],
    /// Columns (the entries are `cells.len() / cols` rows).
    pub cols: usize,
}

impl PressRows for CellRows<'_> {
    fn rows(&self) -> usize {
        self.cells.len() / self.cols.max(1)
    }
    fn cols(&self) -> usize {
        self.cols
    }
    fn row(&self, i: usize, out: &mut Vec<u32>) {
        out.clear();
        out.extend_from_slice(&self.cells[i * self.cols..(i + 1) * self.cols]);
    }
}

/// The plain file formats of a press grid.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PressFormat {
    /// The text format of [`format_grid`](crate::format_grid): one row per line, digits
    /// run together for k ≤ 10, else separated by spaces.
    Text,
    /// Netpbm bitmap (P4, binary), 2 colours only: black where a button is pressed.
    Pbm,
    /// Netpbm greymap (P5, binary) with maxval k − 1: each pixel is the press count.
    Pgm,
    /// Comma-separated press counts, one row per line.
    Csv,
}

impl FromStr for PressFormat {
    type Err = PictureError;
    fn from_str(s: &str) -> Result<Self, PictureError> {
        match s {
            "text" | "txt" => Ok(PressFormat::Text),
            "pbm" => Ok(PressFormat::Pbm),
            "pgm" => Ok(PressFormat::Pgm),
            "csv" => Ok(PressFormat::Csv),
            _ => Err(PictureError::Format(s.to_string())),
        }
    }
}

/// Why a press grid could not be written.
#[derive(Debug, Error)]
pub enum PictureError {
    /// An unknown format name.
    #[error("unknown format {0:?}: use text, pbm, pgm or csv")]
    Format(String),
    /// PBM holds two colours.
    #[error("pbm holds 2 colours, the board has {0}: use pgm or csv")]
    PbmColours(u32),
    /// PGM's maxval is at most 65535.
    #[error("pgm holds at most 65536 colours, the board has {0}: use csv")]
    PgmColours(u32),
    /// The palette of a picture is limited.
    #[error("a picture draws at most {MAX_PICTURE_COLOURS} colours, the board has {0}: use --format pgm or csv")]
    PictureColours(u32),
    /// The picture would be larger than PNG allows.
    #[error("a picture of {width}×{height} pixels is larger than PNG allows (2³¹ − 1 a side): use a smaller --cell-size or --format pbm|pgm|csv")]
    PictureSize {
        /// Width in pixels.
        width: u64,
        /// Height in pixels.
        height: u64,
    },
    /// Writing failed.
    #[error(transparent)]
    Io(#[from] io::Error),
    /// The PNG encoder failed.
    #[error("png: {0}")]
    Png(String),
}

impl From<png::EncodingError> for PictureError {
    fn from(e: png::EncodingError) -> Self {
        match e {
            png::EncodingError::IoError(e) => PictureError::Io(e),
            e => PictureError::Png(e.to_string()),
        }
    }
}

/// Writes a press grid in k colours in one of the plain formats, a row at a time.
///
/// ```
/// use cgtk_poggle::{write_presses, CellRows, PressFormat};
/// let grid = CellRows { cells: &[0, 1, 2, 2, 1, 0], cols: 3 };
/// let mut out = Vec::new();
/// write_presses(&mut out, PressFormat::Csv, &grid, 3)?;
/// assert_eq!(out, b"0,1,2\n2,1,0\n");
/// out.clear();
/// write_presses(&mut out, PressFormat::Pgm, &grid, 3)?;
/// assert_eq!(out, b"P5\n3 2\n2\n\x00\x01\x02\x02\x01\x00");
/// # Ok::<(), cgtk_poggle::PictureError>(())
/// ```
pub fn write_presses<W: Write>(
    out: W,
    format: PressFormat,
    grid: &dyn PressRows,
    k: u32,
) -> Result<(), PictureError> {
    let mut out = io::BufWriter::with_capacity(1 << 16, out);
    let (rows, cols) = (grid.rows(), grid.cols());
    match format {
        PressFormat::Pbm if k != 2 => return Err(PictureError::PbmColours(k)),
        PressFormat::Pgm if k > 65536 => return Err(PictureError::PgmColours(k)),
        PressFormat::Pbm => write!(out, "P4\n{cols} {rows}\n")?,
        PressFormat::Pgm => write!(out, "P5\n{cols} {rows}\n{}\n", k - 1)?,
        PressFormat::Text | PressFormat::Csv => {}
    }
    let mut row = Vec::with_capacity(cols);
    let mut line: Vec<u8> = Vec::new();
    for i in 0..rows {
        grid.row(i, &mut row);
        line.clear();
        match format {
            PressFormat::Text | PressFormat::Csv => {
                let sep = if format == PressFormat::Csv { "," } else { " " };
                for (j, v) in row.iter().enumerate() {
                    if j > 0 && (format == PressFormat::Csv || k > 10) {
                        line.extend_from_slice(sep.as_bytes());
                    }
                    if *v < 10 {
                        line.push(b'0' + *v as u8);
                    } else {
                        line.extend_from_slice(v.to_string().as_bytes());
                    }
                }
                line.push(b'\n');
            }
            PressFormat::Pbm => {
                line.resize(cols.div_ceil(8), 0);
                for (j, &v) in row.iter().enumerate() {
                    line[j / 8] |= ((v & 1) as u8) << (7 - j % 8);
                }
            }
            PressFormat::Pgm if k <= 256 => line.extend(row.iter().map(|&v| v as u8)),
            PressFormat::Pgm => line.extend(row.iter().flat_map(|&v| (v as u16).to_be_bytes())),
        }
        out.write_all(&line)?;
    }
    out.flush()?;
    Ok(())
}

/// The colour of each press count 0..k: white for 0; for k = 2 near-black for 1; else
/// hues round the colour wheel.
///
/// ```
/// let p = cgtk_poggle::palette(3);
/// assert_eq!(p[0], [255, 255, 255]);
/// assert_eq!(p.len(), 3);
/// assert_ne!(p[1], p[2]);
/// ```
pub fn palette(k: u32) -> Vec<[u8; 3]> {
    (0..k)
        .map(|i| {
            if i == 0 {
                [255, 255, 255]
            } else if k == 2 {
                [24, 24, 24]
            } else {
                hue(f64::from(i - 1) / f64::from(k - 1))
            }
        })
        .collect()
}

/// A saturated colour at `t` of the way round the colour wheel.
fn hue(t: f64) -> [u8; 3] {
    let h = t * 6.0;
    let (v, s) = (0.85, 0.8);
    let f = h - h.floor();
    let (p, q, r) = (v * (1.0 - s), v * (1.0 - s * f), v * (1.0 - s * (1.0 - f)));
    let (a, b, c) = match h.floor() as u32 % 6 {
        0 => (v, r, p),
        1 => (q, v, p),
        2 => (p, v, r),
        3 => (p, q, v),
        4 => (r, p, v),
        _ => (v, p, q),
    };
    [a, b, c].map(|x| (x * 255.0).round() as u8)
}

/// Pixels a side of one button when drawing a rows × cols board: large enough to see a
/// small board, one pixel a button from 512 buttons a side on.
pub fn default_cell_size(rows: usize, cols: usize) -> u32 {
    (512 / rows.max(cols).max(1)).clamp(1, 32) as u32
}

/// Digits 0–9 in a 3×5 pixel font, one row of three bits per entry (top row first).
const DIGITS: [[u8; 5]; 10] = [
    [7, 5, 5, 5, 7],
    [2, 6, 2, 2, 7],
    [7, 1, 7, 4, 7],
    [7, 1, 3, 1, 7],
    [5, 5, 7, 1, 1],
    [7, 4, 7, 1, 7],
    [7, 4, 7, 5, 7],
    [7, 1, 1, 2, 2],
    [7, 5, 7, 5, 7],
    [7, 5, 7, 1, 7],
];

/// The legend's geometry: one entry per press count (a framed swatch, then the count in
/// digits), wrapped into lines as wide as the picture.
#[derive(Debug, Clone, Copy)]
struct Legend {
    k: u32,
    per_line: usize,
    lines: usize,
    entry_width: usize,
}

/// Legend sizes in pixels: swatch side (frame included), gap, digit scale, line height.
const SWATCH: usize = 14;
const GAP: usize = 4;
const FONT: usize = 2;
const LINE: usize = SWATCH + 6;

impl Legend {
    fn new(k: u32, grid_width: usize) -> Self {
        let digits = (k - 1).to_string().len();
        let entry_width = SWATCH + GAP + digits * 4 * FONT + 2 * GAP;
        let per_line = (grid_width.max(entry_width) / entry_width).max(1);
        let lines = (k as usize).div_ceil(per_line);
        Legend {
            k,
            per_line,
            lines,
            entry_width,
        }
    }

    fn height(&self) -> usize {
        self.lines * LINE + 4
    }

    /// The palette index of legend pixel (x, y): `k` = background, `k + 1` = text.
    fn pixel(&self, x: usize, y: usize) -> u32 {
        let (background, ink) = (self.k, self.k + 1);
        if y < 4 {
            return background;
        }
        let (line, y) = ((y - 4) / LINE, (y - 4) % LINE);
        let (slot, x) = (x / self.entry_width, x % self.entry_width);
        if slot >= self.per_line {
            return background;
        }
        let count = line * self.per_line + slot;
        if count >= self.k as usize || y >= SWATCH {
            return background;
        }
        let (sx, tx) = (GAP, GAP + SWATCH + GAP);
        if (sx..sx + SWATCH).contains(&x) {
            let (fx, fy) = (x - sx, y);
            let frame = fx == 0 || fy == 0 || fx == SWATCH - 1 || fy == SWATCH - 1;
            return if frame { ink } else { count as u32 };
        }
        let top = (SWATCH - 5 * FONT) / 2;
        if x >= tx && (top..top + 5 * FONT).contains(&y) {
            let text = count.to_string();
            let (char_i, cx) = ((x - tx) / (4 * FONT), (x - tx) % (4 * FONT) / FONT);
            if let Some(d) = text.as_bytes().get(char_i) {
                let row = DIGITS[(d - b'0') as usize][(y - top) / FONT];
                if cx < 3 && row >> (2 - cx) & 1 == 1 {
                    return ink;
                }
            }
        }
        background
    }

    /// The top-left pixel inside the swatch of press count i, relative to the legend.
    fn swatch_inside(&self, i: u32) -> (usize, usize) {
        let i = i as usize;
        let (line, slot) = (i / self.per_line, i % self.per_line);
        (slot * self.entry_width + GAP + 1, 4 + line * LINE + 1)
    }
}

/// Where a picture's parts lie, for reading one back: the grid takes the top
/// `rows × cell` pixels, the legend the band below it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PictureLayout {
    /// Pixels a side of one button.
    pub cell: u32,
    /// Picture width in pixels.
    pub width: u32,
    /// Picture height in pixels.
    pub height: u32,
    /// The first pixel row of the legend.
    pub legend_top: u32,
}

impl PictureLayout {
    /// The layout of the picture of a rows × cols board in k colours.
    pub fn new(rows: usize, cols: usize, k: u32, cell: u32) -> Result<Self, PictureError> {
        let gw = cols as u64 * u64::from(cell);
        let gh = rows as u64 * u64::from(cell);
        let legend = Legend::new(k, usize::try_from(gw).unwrap_or(usize::MAX));
        let width = gw.max(legend.entry_width as u64);
        let height = gh + legend.height() as u64;
        let max = (1u64 << 31) - 1;
        if width > max || height > max {
            return Err(PictureError::PictureSize { width, height });
        }
        Ok(PictureLayout {
            cell,
            width: width as u32,
            height: height as u32,
            legend_top: gh as u32,
        })
    }

    /// The pixel (x, y) inside the legend's swatch of press count i: every pixel there
    /// has that count's colour.
    ///
    /// ```
    /// use cgtk_poggle::PictureLayout;
    /// let layout = PictureLayout::new(5, 5, 3, 20)?;
    /// let (x, y) = layout.swatch_pixel(3, 2);
    /// assert!(y > layout.legend_top && x < layout.width);
    /// # Ok::<(), cgtk_poggle::PictureError>(())
    /// ```
    pub fn swatch_pixel(&self, k: u32, i: u32) -> (u32, u32) {
        let legend = Legend::new(k, (self.width) as usize);
        let (x, y) = legend.swatch_inside(i);
        (x as u32 + 1, self.legend_top + y as u32 + 1)
    }
}

/// Draws a press grid in k colours as a PNG: each button a `cell × cell` square in its
/// press count's [`palette`] colour, a legend below (a framed swatch per count, labelled
/// with the count), and the legend also as a `Comment` text chunk. Indexed colour at the
/// smallest bit depth that holds k + 2 entries (1 or 2 bits a pixel for k = 2), written a
/// row at a time.
///
/// ```
/// use cgtk_poggle::{write_png, CellRows};
/// let grid = CellRows { cells: &[1, 0, 1, 0, 1, 0, 1, 0, 1], cols: 3 };
/// let mut png = Vec::new();
/// write_png(&mut png, &grid, 2, 8)?;
/// assert_eq!(&png[1..4], b"PNG");
/// # Ok::<(), cgtk_poggle::PictureError>(())
/// ```
pub fn write_png<W: Write>(
    out: W,
    grid: &dyn PressRows,
    k: u32,
    cell: u32,
) -> Result<(), PictureError> {
    if k > MAX_PICTURE_COLOURS {
        return Err(PictureError::PictureColours(k));
    }
    let (rows, cols) = (grid.rows(), grid.cols());
    let layout = PictureLayout::new(rows, cols, k, cell)?;
    let (width, cell) = (layout.width as usize, cell as usize);
    let legend = Legend::new(k, width);
    let mut colours = palette(k);
    colours.push([255, 255, 255]);
    colours.push([0, 0, 0]);
    let depth = match colours.len() {
        0..=2 => 1u8,
        3..=4 => 2,
        5..=16 => 4,
        _ => 8,
    };
    let mut encoder = png::Encoder::new(out, layout.width, layout.height);
    encoder.set_color(png::ColorType::Indexed);
    encoder.set_depth(match depth {
        1 => png::BitDepth::One,
        2 => png::BitDepth::Two,
        4 => png::BitDepth::Four,
        _ => png::BitDepth::Eight,
    });
    encoder.set_palette(colours.concat());
    encoder.set_compression(png::Compression::Fast);
    let text: Vec<String> = palette(k)
        .iter()
        .enumerate()
        .map(|(i, [r, g, b])| format!("{i}=#{r:02x}{g:02x}{b:02x}"))
        .collect();
    encoder.add_text_chunk(
        "Comment".into(),
        format!(
            "cgtk poggle press grid, {rows}x{cols}, {k} colours; press count=colour: {}",
            text.join(" ")
        ),
    )?;
    let mut header = encoder.write_header()?;
    let mut writer = header.stream_writer()?;
    let per_byte = 8 / depth as usize;
    let mut line = vec![0u8; width.div_ceil(per_byte)];
    let pack = |line: &mut [u8], x: usize, v: u32| {
        let shift = 8 - depth as usize * (x % per_byte + 1);
        line[x / per_byte] |= (v as u8) << shift;
    };
    let mut row = Vec::with_capacity(cols);
    for i in 0..rows {
        grid.row(i, &mut row);
        line.fill(0);
        for x in 0..width {
            let v = row.get(x / cell).copied().unwrap_or(k);
            pack(&mut line, x, v);
        }
        for _ in 0..cell {
            writer.write_all(&line)?;
        }
    }
    for y in 0..legend.height() {
        line.fill(0);
        for x in 0..width {
            pack(&mut line, x, legend.pixel(x, y));
        }
        writer.write_all(&line)?;
    }
    writer.finish()?;
    header.finish()?;
    Ok(())
}
