//! Press grids written as PNG, PBM, PGM, CSV and text, read back and compared with the
//! grid they came from.

// A panic in a test or benchmark is a failed check, not a user's bad input.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use cgtk_poggle::{
    palette, write_png, write_presses, BitGrid, BoardSpec, CellRows, PictureLayout, PressFormat,
    PressRows,
};

/// Decodes a PNG into its size and RGB pixels (palette expanded by the decoder).
fn decode(png_bytes: &[u8]) -> (u32, u32, Vec<u8>, String) {
    let mut decoder = png::Decoder::new(png_bytes);
    decoder.set_transformations(png::Transformations::EXPAND);
    let mut reader = decoder.read_info().unwrap();
    let comment = reader
        .info()
        .uncompressed_latin1_text
        .iter()
        .map(|t| t.text.clone())
        .collect::<Vec<_>>()
        .join("\n");
    let mut buf = vec![0; reader.output_buffer_size()];
    let frame = reader.next_frame(&mut buf).unwrap();
    assert_eq!(frame.color_type, png::ColorType::Rgb);
    buf.truncate(frame.buffer_size());
    (frame.width, frame.height, buf, comment)
}

/// Checks every pixel of the grid area against the press counts and each legend swatch
/// against its count's colour.
fn check_picture(cells: &[u32], rows: usize, cols: usize, k: u32, cell: u32) {
    let grid = CellRows { cells, cols };
    let mut bytes = Vec::new();
    write_png(&mut bytes, &grid, k, cell).unwrap();
    let (w, h, pixels, comment) = decode(&bytes);
    let layout = PictureLayout::new(rows, cols, k, cell).unwrap();
    assert_eq!((w, h), (layout.width, layout.height));
    assert_eq!(layout.legend_top as usize, rows * cell as usize);
    let colours = palette(k);
    let at = |x: u32, y: u32| {
        let i = 3 * (y as usize * w as usize + x as usize);
        [pixels[i], pixels[i + 1], pixels[i + 2]]
    };
    for y in 0..layout.legend_top {
        for x in 0..cols as u32 * cell {
            let v = cells[(y / cell) as usize * cols + (x / cell) as usize];
            assert_eq!(at(x, y), colours[v as usize], "pixel ({x}, {y})");
        }
    }
    for i in 0..k {
        let (x, y) = layout.swatch_pixel(k, i);
        assert_eq!(at(x, y), colours[i as usize], "legend swatch {i}");
        assert!(comment.contains(&format!("{i}=#")), "{comment}");
    }
}

#[test]
fn png_pixels_match_the_press_grid() {
    // A solution of 7×9 in 3 colours, and pseudo-random grids in 2, 5 and 17 colours (bit
    // depths 2, 4 and 8 with the legend's two extra colours).
    let board = BoardSpec::new(7, 9, 3).build().unwrap();
    let x = board
        .analyze()
        .unwrap()
        .solve(&board.target())
        .unwrap()
        .unwrap();
    check_picture(&x, 7, 9, 3, 5);
    let mut state = 12345u64;
    for (rows, cols, k, cell) in [(13, 11, 2, 1), (6, 20, 5, 3), (4, 4, 17, 7), (1, 1, 2, 32)] {
        let cells: Vec<u32> = (0..rows * cols)
            .map(|_| {
                state = state
                    .wrapping_mul(6_364_136_223_846_793_005)
                    .wrapping_add(1);
                ((state >> 33) % u64::from(k)) as u32
            })
            .collect();
        check_picture(&cells, rows, cols, k, cell);
    }
}

#[test]
fn png_of_a_bit_grid_matches_its_cells() {
    let board = BoardSpec::square(40, 2).build().unwrap();
    let x = board
        .analyze()
        .unwrap()
        .solve_bits(&board.target_bits())
        .unwrap()
        .unwrap();
    let mut from_bits = Vec::new();
    write_png(&mut from_bits, &x, 2, 2).unwrap();
    let cells = x.to_cells();
    let mut from_cells = Vec::new();
    write_png(
        &mut from_cells,
        &CellRows {
            cells: &cells,
            cols: 40,
        },
        2,
        2,
    )
    .unwrap();
    assert_eq!(from_bits, from_cells);
    check_picture(&cells, 40, 40, 2, 2);
}

#[test]
fn too_many_colours_for_a_picture_are_refused() {
    let grid = CellRows {
        cells: &[0, 1],
        cols: 2,
    };
    let err = write_png(Vec::new(), &grid, 300, 1).unwrap_err();
    assert!(err.to_string().contains("at most 254"), "{err}");
}

/// Reads a binary PNM back: (kind, width, height, maxval, pixel bytes).
fn read_pnm(bytes: &[u8]) -> (String, usize, usize, usize, Vec<u8>) {
    let mut fields = Vec::new();
    let mut i = 0;
    let wanted = if bytes.starts_with(b"P4") { 3 } else { 4 };
    while fields.len() < wanted {
        while bytes[i].is_ascii_whitespace() {
            i += 1;
        }
        let start = i;
        while !bytes[i].is_ascii_whitespace() {
            i += 1;
        }
        fields.push(String::from_utf8(bytes[start..i].to_vec()).unwrap());
    }
    i += 1; // the single whitespace after the header
    let num = |j: usize| fields.get(j).map_or(1, |f: &String| f.parse().unwrap());
    (
        fields[0].clone(),
        num(1),
        num(2),
        num(3),
        bytes[i..].to_vec(),
    )
}

#[test]
fn pbm_pgm_csv_and_text_hold_the_press_grid() {
    let board = BoardSpec::new(9, 70, 2).build().unwrap();
    let x = board
        .analyze()
        .unwrap()
        .solve_bits(&board.target_bits())
        .unwrap()
        .unwrap();
    let cells = x.to_cells();

    let mut pbm = Vec::new();
    write_presses(&mut pbm, PressFormat::Pbm, &x, 2).unwrap();
    let (kind, w, h, _, data) = read_pnm(&pbm);
    assert_eq!((kind.as_str(), w, h), ("P4", 70, 9));
    assert_eq!(data.len(), 9 * 70usize.div_ceil(8));
    for (i, &v) in cells.iter().enumerate() {
        let (r, c) = (i / 70, i % 70);
        let bit = data[r * 9 + c / 8] >> (7 - c % 8) & 1;
        assert_eq!(u32::from(bit), v, "pbm ({r}, {c})");
    }

    // PGM in 2 colours (maxval 1), in 7 colours, and in 300 colours (two bytes a pixel).
    for k in [2u32, 7, 300] {
        let grid: Vec<u32> = cells
            .iter()
            .enumerate()
            .map(|(i, &v)| (v + i as u32) % k)
            .collect();
        let mut pgm = Vec::new();
        write_presses(
            &mut pgm,
            PressFormat::Pgm,
            &CellRows {
                cells: &grid,
                cols: 70,
            },
            k,
        )
        .unwrap();
        let (kind, w, h, maxval, data) = read_pnm(&pgm);
        assert_eq!((kind.as_str(), w, h, maxval), ("P5", 70, 9, k as usize - 1));
        let back: Vec<u32> = if k <= 256 {
            data.iter().map(|&b| u32::from(b)).collect()
        } else {
            data.chunks(2)
                .map(|p| u32::from(u16::from_be_bytes([p[0], p[1]])))
                .collect()
        };
        assert_eq!(back, grid, "pgm, k = {k}");
    }

    let mut csv = Vec::new();
    write_presses(&mut csv, PressFormat::Csv, &x, 2).unwrap();
    let back: Vec<u32> = String::from_utf8(csv)
        .unwrap()
        .lines()
        .flat_map(|l| {
            l.split(',')
                .map(|v| v.parse::<u32>().unwrap())
                .collect::<Vec<_>>()
        })
        .collect();
    assert_eq!(back, cells);

    let mut text = Vec::new();
    write_presses(&mut text, PressFormat::Text, &x, 2).unwrap();
    assert_eq!(
        String::from_utf8(text).unwrap(),
        cgtk_poggle::format_grid(&cells, 70, 2)
    );
    let wide = [3u32, 11, 0, 12];
    let mut text = Vec::new();
    write_presses(
        &mut text,
        PressFormat::Text,
        &CellRows {
            cells: &wide,
            cols: 2,
        },
        13,
    )
    .unwrap();
    assert_eq!(
        String::from_utf8(text).unwrap(),
        cgtk_poggle::format_grid(&wide, 2, 13)
    );

    assert!(write_presses(
        Vec::new(),
        PressFormat::Pbm,
        &CellRows {
            cells: &wide,
            cols: 2
        },
        13
    )
    .is_err());
    assert_eq!(x.rows(), 9);
    let _: &dyn PressRows = &BitGrid::new(1, 1);
}
