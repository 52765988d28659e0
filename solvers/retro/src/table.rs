//! The table file format (version 1), documented byte by byte in `docs/table-format.md`.

use crate::crc::{crc32, Crc32};
use crate::entry::{decode_entry, Verdict};
use rayon::prelude::*;
use std::fmt;
use std::io::{self, Read, Seek, SeekFrom, Write};

/// The eight magic bytes that open every table file.
pub const MAGIC: [u8; 8] = *b"CGTKTAB\x1a";
/// The format version this code writes and reads.
pub const FORMAT_VERSION: u16 = 1;
/// The only entry encoding so far: a little-endian u16 (2-bit value, 14-bit distance).
pub const ENTRY_U16: u8 = 1;
/// Entries per block unless the writer chooses otherwise.
pub const DEFAULT_BLOCK_ENTRIES: u32 = 1 << 16;
/// The most entries a block may hold (2 MiB decoded): a reader decodes a block whole, and a
/// file of a hundred bytes claiming blocks of 2³² run-length-coded entries asked for 8 GB.
pub const MAX_BLOCK_ENTRIES: u32 = 1 << 20;

const FIXED_HEADER: usize = 48;
const BLOCK_REF: usize = 16;

/// How the blocks of entries are stored.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Compression {
    /// Plain little-endian u16 entries.
    None,
    /// Runs: an entry (u16) then its repeat count (LEB128), until the block is full; a
    /// block that runs would not shrink is stored plain (exactly 2 bytes per entry).
    RunLength,
}

impl Compression {
    fn code(self) -> u8 {
        match self {
            Compression::None => 0,
            Compression::RunLength => 1,
        }
    }
}

impl fmt::Display for Compression {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Compression::None => "none",
            Compression::RunLength => "rle",
        })
    }
}

/// What a table file says about itself.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableHeader {
    /// The format version (1).
    pub version: u16,
    /// The game's id, e.g. `kono`.
    pub game: String,
    /// The rules variant as the game writes it, e.g. `compulsory-capture`.
    pub variant: String,
    /// The name of the indexing scheme, e.g. `kono-sym16-v1`.
    pub scheme: String,
    /// How blocks are stored.
    pub compression: Compression,
    /// Entries in the table (the game's index size).
    pub entry_count: u64,
    /// Entries per block (the last block may hold fewer).
    pub block_entries: u32,
    /// Number of blocks.
    pub block_count: u32,
    /// Bytes after the header: block table and block data.
    pub payload_len: u64,
    /// CRC-32 of the payload.
    pub payload_crc: u32,
    /// CRC-32 of the block table.
    pub block_table_crc: u32,
    /// Length of the header in bytes.
    pub header_len: u16,
}

/// Why a table could not be written or read. A damaged file always gives one of these,
/// never a wrong answer.
#[derive(Debug, thiserror::Error)]
pub enum TableError {
    /// Reading or writing failed.
    #[error("i/o error: {0}")]
    Io(#[from] io::Error),
    /// The file does not start with the table magic bytes.
    #[error("not a cgtk table: the file starts with the bytes {} (hex), expected {}", hex(.found), hex(.expected))]
    BadMagic {
        /// The first bytes found.
        found: Vec<u8>,
        /// [`MAGIC`].
        expected: Vec<u8>,
    },
    /// A format version this code does not read.
    #[error(
        "unsupported table format version {found}: this program reads version {FORMAT_VERSION}"
    )]
    UnsupportedVersion {
        /// The version in the file.
        found: u16,
    },
    /// The file is shorter than its header says.
    #[error("truncated table: {actual} bytes, expected {expected}")]
    Truncated {
        /// The length the header implies (or the minimum readable).
        expected: u64,
        /// The file's length.
        actual: u64,
    },
    /// The file is longer than its header says.
    #[error("table has {extra} unexpected {} after its end", if *extra == 1 { "byte" } else { "bytes" })]
    TrailingBytes {
        /// Bytes beyond the announced end.
        extra: u64,
    },
    /// A stored checksum does not match the data.
    #[error("corrupted table: {part} checksum is {computed:08x}, the file says {stored:08x}")]
    Checksum {
        /// Which part: `header`, `block table`, `payload` or `block N`.
        part: String,
        /// The checksum recorded in the file.
        stored: u32,
        /// The checksum of the bytes found.
        computed: u32,
    },
    /// A field holds a value the format does not allow.
    #[error("corrupted table: {0}")]
    Corrupt(String),
    /// The table is for another game than expected.
    #[error("table is for game {found:?}, expected {expected:?}")]
    WrongGame {
        /// The game wanted.
        expected: String,
        /// The game in the file.
        found: String,
    },
    /// An index beyond the table.
    #[error("index {index} is outside the table (0..{len})")]
    OutOfRange {
        /// The index asked for.
        index: u64,
        /// The number of entries.
        len: u64,
    },
}

/// What describes a table besides its entries.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableSpec<'a> {
    /// The game's id.
    pub game: &'a str,
    /// The rules variant.
    pub variant: &'a str,
    /// The indexing scheme.
    pub scheme: &'a str,
    /// Block storage.
    pub compression: Compression,
    /// Entries per block (at least 1).
    pub block_entries: u32,
}

/// Bytes in hexadecimal, separated by spaces: `43 47 54 4b`.
fn hex(bytes: &[u8]) -> String {
    bytes
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect::<Vec<_>>()
        .join(" ")
}

fn rle_encode(entries: &[u16], out: &mut Vec<u8>) {
    let mut i = 0;
    while i < entries.len() {
        let e = entries[i];
        let mut run = 1u64;
        while i + (run as usize) < entries.len() && entries[i + run as usize] == e {
            run += 1;
        }
        out.extend_from_slice(&e.to_le_bytes());
        let mut r = run;
        loop {
            let byte = (r & 0x7F) as u8;
            r >>= 7;
            if r == 0 {
                out.push(byte);
                break;
            }
            out.push(byte | 0x80);
        }
        i += run as usize;
    }
}

fn rle_decode(bytes: &[u8], want: usize, block: u32) -> Result<Vec<u16>, TableError> {
    let bad = |why: &str| TableError::Corrupt(format!("block {block}: {why}"));
    let mut out = Vec::with_capacity(want);
    let mut pos = 0;
    while pos < bytes.len() {
        if pos + 2 > bytes.len() {
            return Err(bad("a run is cut short"));
        }
        let e = u16::from_le_bytes([bytes[pos], bytes[pos + 1]]);
        pos += 2;
        let mut run = 0u64;
        let mut shift = 0;
        loop {
            let Some(&b) = bytes.get(pos) else {
                return Err(bad("a run length is cut short"));
            };
            pos += 1;
            if shift > 35 {
                return Err(bad("a run length is too long"));
            }
            run |= ((b & 0x7F) as u64) << shift;
            shift += 7;
            if b & 0x80 == 0 {
                break;
            }
        }
        if run == 0 || out.len() as u64 + run > want as u64 {
            return Err(bad("runs do not add up to the block's entry count"));
        }
        out.resize(out.len() + run as usize, e);
    }
    if out.len() != want {
        return Err(bad("runs do not add up to the block's entry count"));
    }
    Ok(out)
}

fn push_str(out: &mut Vec<u8>, s: &str) -> io::Result<()> {
    let len = u8::try_from(s.len()).map_err(|_| {
        io::Error::new(
            io::ErrorKind::InvalidInput,
            format!("header text {s:?} is longer than 255 bytes"),
        )
    })?;
    out.push(len);
    out.extend_from_slice(s.as_bytes());
    Ok(())
}

/// Writes `entries` as a table file described by `spec`.
///
/// ```
/// use cgtk_retro::{write_table, Compression, Table, TableSpec};
/// let entries = vec![0x4001u16, 0x8000, 0xC000, 0];
/// let spec = TableSpec { game: "demo", variant: "standard", scheme: "demo-v1",
///                        compression: Compression::RunLength, block_entries: 2 };
/// let mut file = Vec::new();
/// write_table(&mut file, &spec, &entries).unwrap();
/// let mut table = Table::open(std::io::Cursor::new(file)).unwrap();
/// assert_eq!(table.header().game, "demo");
/// assert_eq!(table.read_all().unwrap(), entries);
/// ```
pub fn write_table<W: Write>(
    mut out: W,
    spec: &TableSpec<'_>,
    entries: &[u16],
) -> Result<(), TableError> {
    if spec.block_entries == 0 || spec.block_entries > MAX_BLOCK_ENTRIES {
        return Err(TableError::Corrupt(format!(
            "block size {} is outside 1..={MAX_BLOCK_ENTRIES}",
            spec.block_entries
        )));
    }
    let blocks: Vec<Vec<u8>> = entries
        .par_chunks(spec.block_entries as usize)
        .map(|chunk| {
            let mut bytes = Vec::with_capacity(chunk.len() * 2);
            match spec.compression {
                Compression::None => {
                    for e in chunk {
                        bytes.extend_from_slice(&e.to_le_bytes());
                    }
                }
                Compression::RunLength => {
                    rle_encode(chunk, &mut bytes);
                    // A block that runs do not shrink is stored plain: exactly two bytes
                    // per entry, which no shorter run-length block can be.
                    if bytes.len() >= 2 * chunk.len() {
                        bytes.clear();
                        for e in chunk {
                            bytes.extend_from_slice(&e.to_le_bytes());
                        }
                    }
                }
            }
            bytes
        })
        .collect();
    let block_count = u32::try_from(blocks.len())
        .map_err(|_| TableError::Corrupt(format!("{} blocks is too many", blocks.len())))?;
    let mut block_table = Vec::with_capacity(blocks.len() * BLOCK_REF);
    let mut offset = 0u64;
    for b in &blocks {
        block_table.extend_from_slice(&offset.to_le_bytes());
        block_table.extend_from_slice(&(b.len() as u32).to_le_bytes());
        block_table.extend_from_slice(&crc32(b).to_le_bytes());
        offset += b.len() as u64;
    }
    let mut payload_crc = Crc32::default();
    payload_crc.update(&block_table);
    for b in &blocks {
        payload_crc.update(b);
    }
    let payload_len = block_table.len() as u64 + offset;

    let mut header = Vec::with_capacity(128);
    header.extend_from_slice(&MAGIC);
    header.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
    header.extend_from_slice(&[0, 0]); // header length, filled in below
    header.push(ENTRY_U16);
    header.push(spec.compression.code());
    header.extend_from_slice(&[0, 0]);
    header.extend_from_slice(&(entries.len() as u64).to_le_bytes());
    header.extend_from_slice(&spec.block_entries.to_le_bytes());
    header.extend_from_slice(&block_count.to_le_bytes());
    header.extend_from_slice(&payload_len.to_le_bytes());
    header.extend_from_slice(&payload_crc.finish().to_le_bytes());
    header.extend_from_slice(&crc32(&block_table).to_le_bytes());
    push_str(&mut header, spec.game)?;
    push_str(&mut header, spec.variant)?;
    push_str(&mut header, spec.scheme)?;
    let header_len = (header.len() + 4) as u16;
    header[10..12].copy_from_slice(&header_len.to_le_bytes());
    let header_crc = crc32(&header);
    header.extend_from_slice(&header_crc.to_le_bytes());

    out.write_all(&header)?;
    out.write_all(&block_table)?;
    for b in &blocks {
        out.write_all(b)?;
    }
    out.flush()?;
    Ok(())
}

#[derive(Clone, Copy, Debug)]
struct BlockRef {
    offset: u64,
    len: u32,
    crc: u32,
}

/// An open table file: header and block table read and checked; blocks are read, checked
/// and decompressed one at a time on demand.
#[derive(Debug)]
pub struct Table<R> {
    reader: R,
    header: TableHeader,
    blocks: Vec<BlockRef>,
    data_start: u64,
    cached: Option<(u32, Vec<u16>)>,
}

fn le_u16(b: &[u8], at: usize) -> u16 {
    u16::from_le_bytes([b[at], b[at + 1]])
}
fn le_u32(b: &[u8], at: usize) -> u32 {
    u32::from_le_bytes([b[at], b[at + 1], b[at + 2], b[at + 3]])
}
fn le_u64(b: &[u8], at: usize) -> u64 {
    let mut a = [0u8; 8];
    a.copy_from_slice(&b[at..at + 8]);
    u64::from_le_bytes(a)
}

/// Reads exactly `buf.len()` bytes or reports how short the file is.
fn read_exact_or_truncated<R: Read>(
    r: &mut R,
    buf: &mut [u8],
    at: u64,
    file_len: u64,
) -> Result<(), TableError> {
    r.read_exact(buf).map_err(|e| {
        if e.kind() == io::ErrorKind::UnexpectedEof {
            TableError::Truncated {
                expected: at + buf.len() as u64,
                actual: file_len,
            }
        } else {
            TableError::Io(e)
        }
    })
}

impl Table<io::BufReader<std::fs::File>> {
    /// Opens the table file at `path`.
    pub fn open_path(path: &std::path::Path) -> Result<Self, TableError> {
        Table::open(io::BufReader::new(std::fs::File::open(path)?))
    }
}

impl<R> Table<R> {
    /// The header.
    pub fn header(&self) -> &TableHeader {
        &self.header
    }

    /// Fails unless the table is for `game`.
    pub fn expect_game(&self, game: &str) -> Result<(), TableError> {
        if self.header.game == game {
            Ok(())
        } else {
            Err(TableError::WrongGame {
                expected: game.to_string(),
                found: self.header.game.clone(),
            })
        }
    }
}

impl<R: Read + Seek> Table<R> {
    /// Reads and checks the header (magic, version, header checksum, every field) and the
    /// block table (its checksum, offsets and lengths), and the file's length.
    pub fn open(mut reader: R) -> Result<Self, TableError> {
        let file_len = reader.seek(SeekFrom::End(0))?;
        reader.seek(SeekFrom::Start(0))?;
        let mut fixed = [0u8; 12];
        let got = read_prefix(&mut reader, &mut fixed)?;
        let head = got.min(8);
        if fixed[..head] != MAGIC[..head] {
            return Err(TableError::BadMagic {
                found: fixed[..head].to_vec(),
                expected: MAGIC.to_vec(),
            });
        }
        if got < 12 {
            return Err(TableError::Truncated {
                expected: FIXED_HEADER as u64 + 7,
                actual: file_len,
            });
        }
        let version = le_u16(&fixed, 8);
        if version != FORMAT_VERSION {
            return Err(TableError::UnsupportedVersion { found: version });
        }
        let header_len = le_u16(&fixed, 10);
        if (header_len as usize) < FIXED_HEADER + 7 {
            return Err(TableError::Corrupt(format!(
                "header length {header_len} is below the minimum {}",
                FIXED_HEADER + 7
            )));
        }
        let mut header = vec![0u8; header_len as usize];
        header[..12].copy_from_slice(&fixed);
        read_exact_or_truncated(&mut reader, &mut header[12..], 12, file_len)?;
        let stored = le_u32(&header, header.len() - 4);
        let computed = crc32(&header[..header.len() - 4]);
        if stored != computed {
            return Err(TableError::Checksum {
                part: "header".into(),
                stored,
                computed,
            });
        }
        let header = parse_header(&header, header_len)?;
        let expected_len = header_len as u64 + header.payload_len;
        if file_len < expected_len {
            return Err(TableError::Truncated {
                expected: expected_len,
                actual: file_len,
            });
        }
        if file_len > expected_len {
            return Err(TableError::TrailingBytes {
                extra: file_len - expected_len,
            });
        }
        let table_len = header.block_count as u64 * BLOCK_REF as u64;
        if table_len > header.payload_len {
            return Err(TableError::Corrupt(format!(
                "payload of {} bytes cannot hold {} block entries",
                header.payload_len, header.block_count
            )));
        }
        let mut table = vec![0u8; table_len as usize];
        read_exact_or_truncated(&mut reader, &mut table, header_len as u64, file_len)?;
        let computed = crc32(&table);
        if computed != header.block_table_crc {
            return Err(TableError::Checksum {
                part: "block table".into(),
                stored: header.block_table_crc,
                computed,
            });
        }
        let mut blocks = Vec::with_capacity(header.block_count as usize);
        let mut next = 0u64;
        let data_len = header.payload_len - table_len;
        for k in 0..header.block_count as usize {
            let r = BlockRef {
                offset: le_u64(&table, k * BLOCK_REF),
                len: le_u32(&table, k * BLOCK_REF + 8),
                crc: le_u32(&table, k * BLOCK_REF + 12),
            };
            let entries = block_len(&header, k as u32);
            let plain = header.compression == Compression::None;
            if r.offset != next
                || (plain && r.len as u64 != 2 * entries)
                || r.len as u64 > 2 * entries
            {
                return Err(TableError::Corrupt(format!(
                    "block {k} has offset {} and length {}, which do not follow the previous blocks",
                    r.offset, r.len
                )));
            }
            next += r.len as u64;
            blocks.push(r);
        }
        if next != data_len {
            return Err(TableError::Corrupt(format!(
                "blocks hold {next} bytes but the payload has {data_len}"
            )));
        }
        Ok(Table {
            reader,
            data_start: header_len as u64 + table_len,
            header,
            blocks,
            cached: None,
        })
    }

    /// Block `k`, read, checked against its checksum and decompressed; every entry is
    /// checked to be a valid encoding.
    pub fn block(&mut self, k: u32) -> Result<&[u16], TableError> {
        if self.cached.as_ref().map(|c| c.0) != Some(k) {
            let r = *self
                .blocks
                .get(k as usize)
                .ok_or_else(|| TableError::Corrupt(format!("block {k} does not exist")))?;
            self.reader
                .seek(SeekFrom::Start(self.data_start + r.offset))?;
            let mut bytes = vec![0u8; r.len as usize];
            let at = self.data_start + r.offset;
            let file_len = self.header.header_len as u64 + self.header.payload_len;
            read_exact_or_truncated(&mut self.reader, &mut bytes, at, file_len)?;
            let computed = crc32(&bytes);
            if computed != r.crc {
                return Err(TableError::Checksum {
                    part: format!("block {k}"),
                    stored: r.crc,
                    computed,
                });
            }
            let want = block_len(&self.header, k) as usize;
            let plain = self.header.compression == Compression::None || bytes.len() == 2 * want;
            let entries = match plain {
                true => bytes
                    .chunks_exact(2)
                    .map(|c| u16::from_le_bytes([c[0], c[1]]))
                    .collect(),
                false => rle_decode(&bytes, want, k)?,
            };
            if let Some(bad) = entries.iter().find(|&&e| decode_entry(e).is_err()) {
                return Err(TableError::Corrupt(format!(
                    "block {k} holds the invalid entry {bad:#06x}"
                )));
            }
            self.cached = Some((k, entries));
        }
        Ok(self.cached.as_ref().map(|c| c.1.as_slice()).unwrap_or(&[]))
    }

    /// The verdict of the position with `index` (`None`: no legal position there).
    pub fn get(&mut self, index: u64) -> Result<Option<Verdict>, TableError> {
        if index >= self.header.entry_count {
            return Err(TableError::OutOfRange {
                index,
                len: self.header.entry_count,
            });
        }
        let b = self.header.block_entries as u64;
        let raw = self.block((index / b) as u32)?[(index % b) as usize];
        decode_entry(raw).map_err(|e| TableError::Corrupt(format!("invalid entry {e:#06x}")))
    }

    /// Checks the checksum of the whole payload (reading every byte once).
    pub fn verify(&mut self) -> Result<(), TableError> {
        self.reader
            .seek(SeekFrom::Start(self.header.header_len as u64))?;
        let mut crc = Crc32::default();
        let mut left = self.header.payload_len;
        let mut buf = vec![0u8; 1 << 16];
        let file_len = self.header.header_len as u64 + self.header.payload_len;
        while left > 0 {
            let n = left.min(buf.len() as u64) as usize;
            let at = file_len - left;
            read_exact_or_truncated(&mut self.reader, &mut buf[..n], at, file_len)?;
            crc.update(&buf[..n]);
            left -= n as u64;
        }
        let computed = crc.finish();
        if computed != self.header.payload_crc {
            return Err(TableError::Checksum {
                part: "payload".into(),
                stored: self.header.payload_crc,
                computed,
            });
        }
        Ok(())
    }

    /// Every entry, block by block (each block checked).
    pub fn read_all(&mut self) -> Result<Vec<u16>, TableError> {
        let mut all = Vec::with_capacity(self.header.entry_count as usize);
        for k in 0..self.header.block_count {
            all.extend_from_slice(self.block(k)?);
        }
        Ok(all)
    }
}

/// Reads up to `buf.len()` bytes, returning how many were available.
fn read_prefix<R: Read>(r: &mut R, buf: &mut [u8]) -> Result<usize, TableError> {
    let mut got = 0;
    while got < buf.len() {
        match r.read(&mut buf[got..]) {
            Ok(0) => break,
            Ok(n) => got += n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e.into()),
        }
    }
    Ok(got)
}

fn block_len(h: &TableHeader, k: u32) -> u64 {
    let start = k as u64 * h.block_entries as u64;
    (h.entry_count - start.min(h.entry_count)).min(h.block_entries as u64)
}

fn parse_header(b: &[u8], header_len: u16) -> Result<TableHeader, TableError> {
    let bad = |why: String| TableError::Corrupt(why);
    if b[12] != ENTRY_U16 {
        return Err(bad(format!(
            "unknown entry encoding {}: only 1 (u16 entries) exists",
            b[12]
        )));
    }
    let compression = match b[13] {
        0 => Compression::None,
        1 => Compression::RunLength,
        c => {
            return Err(bad(format!(
                "unknown compression {c}: 0 (none) or 1 (run length) are allowed"
            )))
        }
    };
    if b[14] != 0 || b[15] != 0 {
        return Err(bad("reserved header bytes 14..16 are not zero".into()));
    }
    let entry_count = le_u64(b, 16);
    let block_entries = le_u32(b, 24);
    let block_count = le_u32(b, 28);
    if block_entries == 0 || block_entries > MAX_BLOCK_ENTRIES {
        return Err(bad(format!(
            "block size {block_entries} entries is outside 1..={MAX_BLOCK_ENTRIES}"
        )));
    }
    if entry_count.div_ceil(block_entries as u64) != block_count as u64 {
        return Err(bad(format!(
            "{block_count} blocks of {block_entries} entries do not hold exactly {entry_count} entries"
        )));
    }
    let mut pos = FIXED_HEADER;
    let mut texts = Vec::new();
    for name in ["game id", "variant", "index scheme"] {
        let len =
            *b.get(pos)
                .ok_or_else(|| bad(format!("header ends before the {name}")))? as usize;
        let bytes = b
            .get(pos + 1..pos + 1 + len)
            .filter(|_| pos + 1 + len <= b.len() - 4)
            .ok_or_else(|| bad(format!("the {name} runs past the header")))?;
        let text =
            std::str::from_utf8(bytes).map_err(|_| bad(format!("the {name} is not UTF-8")))?;
        texts.push(text.to_string());
        pos += 1 + len;
    }
    if pos + 4 != b.len() {
        return Err(bad(format!(
            "header length {header_len} does not match its fields ({} bytes)",
            pos + 4
        )));
    }
    let scheme = texts.pop().unwrap_or_default();
    let variant = texts.pop().unwrap_or_default();
    let game = texts.pop().unwrap_or_default();
    Ok(TableHeader {
        version: le_u16(b, 8),
        game,
        variant,
        scheme,
        compression,
        entry_count,
        block_entries,
        block_count,
        payload_len: le_u64(b, 32),
        payload_crc: le_u32(b, 40),
        block_table_crc: le_u32(b, 44),
        header_len,
    })
}
