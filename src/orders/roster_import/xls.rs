//! Excel 97–2003 workbooks (`.xls`: BIFF8 records in an OLE compound file), read by a reader of
//! our own that goes no further than a roster.
//!
//! Neither `calamine`'s reader nor the `cfb` crate is used: `calamine` makes room for a sheet's
//! rows × columns as its DIMENSIONS record claims and builds every sheet whole (a file of two
//! cells, A1 and IV65536, is 16.7 million cells), and follows the container's sector chains
//! without noticing a loop; `cfb` lets a file's DIFAT name one FAT sector over and over, so a
//! FAT of gigabytes grows from a file of a few MiB before it is checked.
//!
//! How far each part is read:
//! - The container ([`Compound`]): the file is at most [`MAX_XLS_BYTES`]; the FAT is read as
//!   far as the file has sectors, no further; a chain is followed no more steps than there are
//!   sectors it could use (a loop is refused, and no stream grows larger than the file), and
//!   the tree of the directory's names is walked at most once an entry. What is held is a few
//!   times the file.
//! - The workbook stream's globals ([`read_globals`]): BOF, FILEPASS (a password: refused),
//!   BOUNDSHEET8 and the shared texts (SST with its CONTINUE records, whose count is checked
//!   against the bytes that remain before room is made for them), up to EOF.
//! - Then the first worksheet with cells ([`read_sheet`]), only its cell records: LABELSST,
//!   LABEL, RK, MULRK, NUMBER, FORMULA with its cached value (a text result in the STRING
//!   record after it) and BOOLERR. DIMENSIONS is ignored: each cell is checked and kept as it
//!   comes ([`SparseSheet`]), so a sheet costs its cells, at most a roster's. The sheets walked
//!   together are no longer than the stream (sheets that overlap are refused).
//!
//! A cell's text is the one `calamine` gives an XLSX cell ([`calamine::Data`]'s `Display`): 10
//! is "10", 1.5 is "1.5", a date its serial number (no formats are read). BIFF8's texts are
//! UTF-16 or Latin-1, so the workbook's code page does not matter. Excel 5.0/95 (a `Book`
//! stream, BIFF5) is refused with a sentence of its own; a truncated or corrupt file with
//! [`RosterFileError::Spreadsheet`] and what is wrong.

use super::sheets::bad;
use super::{MAX_XLS_BYTES, RosterFileError, SparseSheet};

/// The first bytes of an OLE compound file.
const SIGNATURE: [u8; 8] = [0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1];

/// Whether `bytes` begin as an OLE compound file does (an `.xls`, or an encrypted `.xlsx`).
pub(super) fn is_compound_file(bytes: &[u8]) -> bool {
    bytes.starts_with(&SIGNATURE)
}

/// The rows of the first worksheet with cells of an Excel 97–2003 workbook.
pub(super) fn read_xls(bytes: &[u8]) -> Result<Vec<Vec<String>>, RosterFileError> {
    let size = bytes.len() as u64;
    if size > MAX_XLS_BYTES {
        return Err(RosterFileError::TooLarge(size.div_ceil(1024 * 1024)));
    }
    let file = Compound::open(bytes)?;
    let stream = match file.child_named("Workbook")? {
        Some(entry) => file.stream(entry)?,
        None if file.child_named("Book")?.is_some() => return Err(RosterFileError::Excel95),
        None if file.child_named("EncryptedPackage")?.is_some() => {
            return Err(bad("the workbook is protected with a password"));
        }
        None => return Err(bad("the file holds no Excel workbook")),
    };
    let globals = read_globals(&stream)?;
    let mut budget = stream.len();
    for &at in &globals.worksheets {
        if let Some(sheet) = read_sheet(&stream, at, &globals.texts, &mut budget)? {
            let rows = sheet.into_rows()?;
            if !rows.is_empty() {
                return Ok(rows);
            }
        }
    }
    Ok(Vec::new())
}

/// The little-endian `u16` at `at`, if the bytes reach that far.
fn u16_at(bytes: &[u8], at: usize) -> Option<u16> {
    let b = bytes.get(at..at.checked_add(2)?)?;
    Some(u16::from_le_bytes(b.try_into().ok()?))
}

fn u32_at(bytes: &[u8], at: usize) -> Option<u32> {
    let b = bytes.get(at..at.checked_add(4)?)?;
    Some(u32::from_le_bytes(b.try_into().ok()?))
}

fn u64_at(bytes: &[u8], at: usize) -> Option<u64> {
    let b = bytes.get(at..at.checked_add(8)?)?;
    Some(u64::from_le_bytes(b.try_into().ok()?))
}

/// The `u32`s of `bytes`, in order (a last partial one left out).
fn u32s(bytes: &[u8]) -> impl Iterator<Item = u32> + '_ {
    bytes
        .chunks_exact(4)
        .map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
}

// ---------------------------------------------------------------------------------------------
// The OLE compound file ([MS-CFB]).

/// The header's length (the first sector of a 4096-byte file holds it and nothing else).
const HEADER_LEN: usize = 512;
/// Where the header lists its first 109 FAT sectors.
const HEADER_DIFAT: usize = 0x4C;
/// The last sector number that names a sector; above it are markers.
const MAX_REGULAR_SECTOR: u32 = 0xFFFF_FFFA;
const END_OF_CHAIN: u32 = 0xFFFF_FFFE;
/// A directory entry's "no sibling" or "no child".
const NO_ENTRY: u32 = 0xFFFF_FFFF;
const DIRECTORY_ENTRY_LEN: usize = 128;
const MINI_SECTOR_LEN: usize = 64;
const STREAM: u8 = 2;
const ROOT: u8 = 5;

/// An OLE compound file: its FAT (as far as the file has sectors) and its directory.
struct Compound<'a> {
    file: &'a [u8],
    sector_len: usize,
    /// Version 3 keeps a stream's size in 32 bits (the high half may hold anything).
    sizes_32_bits: bool,
    /// The next sector of each sector's chain; no longer than the file has sectors.
    fat: Vec<u32>,
    /// Streams shorter than this are in the mini stream, in 64-byte sectors.
    mini_cutoff: u64,
    first_minifat_sector: u32,
    entries: Vec<Entry>,
}

/// A directory entry: a storage or a stream, and its place in the tree of its siblings.
#[derive(Debug)]
struct Entry {
    name: String,
    kind: u8,
    left: u32,
    right: u32,
    child: u32,
    start: u32,
    size: u64,
}

impl Entry {
    /// The entry in `b` (128 bytes).
    fn parse(b: &[u8]) -> Entry {
        let name_bytes = usize::from(u16_at(b, 0x40).unwrap_or(0)).min(64);
        let units: Vec<u16> = b
            .get(..name_bytes)
            .unwrap_or_default()
            .chunks_exact(2)
            .map(|u| u16::from_le_bytes([u[0], u[1]]))
            .take_while(|u| *u != 0)
            .collect();
        Entry {
            name: String::from_utf16_lossy(&units),
            kind: b.get(0x42).copied().unwrap_or(0),
            left: u32_at(b, 0x44).unwrap_or(NO_ENTRY),
            right: u32_at(b, 0x48).unwrap_or(NO_ENTRY),
            child: u32_at(b, 0x4C).unwrap_or(NO_ENTRY),
            start: u32_at(b, 0x74).unwrap_or(END_OF_CHAIN),
            size: u64_at(b, 0x78).unwrap_or(0),
        }
    }
}

impl<'a> Compound<'a> {
    fn open(file: &'a [u8]) -> Result<Compound<'a>, RosterFileError> {
        let header = file
            .get(..HEADER_LEN)
            .filter(|h| h.starts_with(&SIGNATURE))
            .ok_or_else(|| bad("it is not an OLE compound file"))?;
        let field = |at| u32_at(header, at).unwrap_or(END_OF_CHAIN);
        let sector_len = match (u16_at(header, 0x1A), u16_at(header, 0x1E)) {
            (Some(3), Some(9)) => 512,
            (Some(4), Some(12)) => 4096,
            _ => return Err(bad("its sectors are neither 512 nor 4096 bytes")),
        };
        if u16_at(header, 0x20) != Some(6) {
            return Err(bad("its mini sectors are not 64 bytes"));
        }
        let mut compound = Compound {
            file,
            sector_len,
            sizes_32_bits: sector_len == 512,
            fat: Vec::new(),
            mini_cutoff: field(0x38).into(),
            first_minifat_sector: field(0x3C),
            entries: Vec::new(),
        };
        compound.fat = compound.read_fat(header)?;
        let directory = compound.read_chain(field(0x30))?;
        compound.entries = directory
            .chunks_exact(DIRECTORY_ENTRY_LEN)
            .map(Entry::parse)
            .collect();
        Ok(compound)
    }

    /// Sectors that start within the file, after the header's.
    fn sector_count(&self) -> usize {
        self.file
            .len()
            .saturating_sub(self.sector_len)
            .div_ceil(self.sector_len)
    }

    /// The bytes of sector `id` (the last one may be cut short by the file's end).
    fn sector(&self, id: u32) -> Result<&'a [u8], RosterFileError> {
        let beyond = || bad(format!("sector {id} lies beyond the end of the file"));
        let start = usize::try_from(id)
            .ok()
            .and_then(|id| id.checked_add(1)?.checked_mul(self.sector_len))
            .ok_or_else(beyond)?;
        let end = start.saturating_add(self.sector_len).min(self.file.len());
        self.file
            .get(start..end)
            .filter(|s| !s.is_empty())
            .ok_or_else(beyond)
    }

    /// The FAT: its sectors as the header and the DIFAT chain list them, only as many as the
    /// file has sectors to describe (a DIFAT that names a sector again and again reads no
    /// more), cut to the sectors there are.
    fn read_fat(&self, header: &[u8]) -> Result<Vec<u32>, RosterFileError> {
        let sectors = self.sector_count();
        let per_sector = self.sector_len / 4;
        let needed = sectors.div_ceil(per_sector);
        let mut fat_sectors = Vec::new();
        let mut take = |ids: &mut dyn Iterator<Item = u32>| {
            fat_sectors.extend(
                ids.filter(|id| *id <= MAX_REGULAR_SECTOR)
                    .take(needed.saturating_sub(fat_sectors.len())),
            );
            fat_sectors.len() < needed
        };
        let mut more = take(&mut u32s(header.get(HEADER_DIFAT..).unwrap_or_default()));
        let mut difat = u32_at(header, 0x44).unwrap_or(END_OF_CHAIN);
        let mut steps = 0;
        while more && difat <= MAX_REGULAR_SECTOR {
            steps += 1;
            if steps > sectors {
                return Err(bad("its DIFAT chain runs in a loop"));
            }
            let sector = self.sector(difat)?;
            // The sector's last entry is the next DIFAT sector.
            let (ids, next) = sector.split_at(sector.len().saturating_sub(4));
            more = take(&mut u32s(ids));
            difat = u32_at(next, 0).unwrap_or(END_OF_CHAIN);
        }
        let mut fat = Vec::with_capacity(fat_sectors.len() * per_sector);
        for id in fat_sectors {
            fat.extend(u32s(self.sector(id)?));
        }
        fat.truncate(sectors);
        Ok(fat)
    }

    /// The bytes of the chain of sectors from `start`, followed through the FAT: at most as
    /// many sectors as the FAT describes, so a chain that comes back on itself is refused.
    fn read_chain(&self, start: u32) -> Result<Vec<u8>, RosterFileError> {
        let mut bytes = Vec::new();
        let mut at = start;
        let mut steps = 0;
        while at != END_OF_CHAIN {
            steps += 1;
            if steps > self.fat.len() {
                return Err(bad("a chain of its sectors runs in a loop"));
            }
            let next = usize::try_from(at)
                .ok()
                .and_then(|i| self.fat.get(i))
                .ok_or_else(|| {
                    bad(format!(
                        "a chain of its sectors leads to sector {at}, outside the file"
                    ))
                })?;
            bytes.extend_from_slice(self.sector(at)?);
            at = *next;
        }
        Ok(bytes)
    }

    /// The bytes of the chain of mini sectors from `start` in the mini stream (the root's
    /// chain), followed through the MiniFAT: at most as many as the mini stream holds.
    fn read_mini_chain(&self, start: u32) -> Result<Vec<u8>, RosterFileError> {
        let root = self
            .entries
            .first()
            .ok_or_else(|| bad("its directory is empty"))?;
        let mini_stream = self.read_chain(root.start)?;
        let minifat: Vec<u32> = u32s(&self.read_chain(self.first_minifat_sector)?).collect();
        let most = minifat
            .len()
            .min(mini_stream.len().div_ceil(MINI_SECTOR_LEN));
        let mut bytes = Vec::new();
        let mut at = start;
        let mut steps = 0;
        while at != END_OF_CHAIN {
            steps += 1;
            if steps > most {
                return Err(bad("a chain of its mini sectors runs in a loop"));
            }
            let outside = || {
                bad(format!(
                    "a chain of its mini sectors leads to mini sector {at}, outside the mini stream"
                ))
            };
            let index = usize::try_from(at).map_err(|_| outside())?;
            let next = minifat.get(index).ok_or_else(outside)?;
            let from = index.checked_mul(MINI_SECTOR_LEN).ok_or_else(outside)?;
            let to = from.saturating_add(MINI_SECTOR_LEN).min(mini_stream.len());
            bytes.extend_from_slice(mini_stream.get(from..to).ok_or_else(outside)?);
            at = *next;
        }
        Ok(bytes)
    }

    /// The root's child (a storage or stream at the top) named `name`, in any case, as the
    /// container compares names. The siblings' tree is walked at most once an entry: a tree
    /// that comes back on itself is refused.
    fn child_named(&self, name: &str) -> Result<Option<&Entry>, RosterFileError> {
        let Some(root) = self.entries.first().filter(|e| e.kind == ROOT) else {
            return Err(bad("its directory has no root"));
        };
        let mut to_visit = vec![root.child];
        let mut visits = 0;
        while let Some(id) = to_visit.pop() {
            let Some(entry) = usize::try_from(id).ok().and_then(|i| self.entries.get(i)) else {
                continue;
            };
            visits += 1;
            if visits > self.entries.len() {
                return Err(bad("its directory runs in a loop"));
            }
            if entry.name.eq_ignore_ascii_case(name) {
                return Ok(Some(entry));
            }
            to_visit.extend([entry.left, entry.right]);
        }
        Ok(None)
    }

    /// The bytes of stream `entry`: in the mini stream when shorter than the cutoff, else in
    /// sectors of its own; never more than the file.
    fn stream(&self, entry: &Entry) -> Result<Vec<u8>, RosterFileError> {
        if entry.kind != STREAM {
            return Err(bad(format!("its {} is not a stream", entry.name)));
        }
        let size = if self.sizes_32_bits {
            entry.size & 0xFFFF_FFFF
        } else {
            entry.size
        };
        let cut_short = || bad(format!("its {} stream is cut short", entry.name));
        let size = usize::try_from(size)
            .ok()
            .filter(|s| *s <= self.file.len())
            .ok_or_else(cut_short)?;
        let mut bytes = if (size as u64) < self.mini_cutoff {
            self.read_mini_chain(entry.start)?
        } else {
            self.read_chain(entry.start)?
        };
        if bytes.len() < size {
            return Err(cut_short());
        }
        bytes.truncate(size);
        Ok(bytes)
    }
}

// ---------------------------------------------------------------------------------------------
// BIFF8 records ([MS-XLS]).

const BOF: u16 = 0x0809;
const EOF: u16 = 0x000A;
const CONTINUE: u16 = 0x003C;
const FILEPASS: u16 = 0x002F;
const BOUNDSHEET8: u16 = 0x0085;
const SST: u16 = 0x00FC;
const LABELSST: u16 = 0x00FD;
const LABEL: u16 = 0x0204;
const RSTRING: u16 = 0x00D6;
const RK: u16 = 0x027E;
const MULRK: u16 = 0x00BD;
const NUMBER: u16 = 0x0203;
const FORMULA: u16 = 0x0006;
const STRING: u16 = 0x0207;
const BOOLERR: u16 = 0x0205;
/// Records that may stand between a FORMULA and the STRING of its text.
const SHRFMLA: u16 = 0x04BC;
const ARRAY: u16 = 0x0221;
const TABLE: u16 = 0x0236;

/// BOF's version of BIFF8; an older one is Excel 5.0/95 or before.
const BIFF8: u16 = 0x0600;
/// BOF's kinds of substream.
const GLOBALS: u16 = 0x0005;
const WORKSHEET: u16 = 0x0010;
/// BOUNDSHEET8's kind of a worksheet (others are macro sheets, charts, modules).
const BOUNDSHEET_WORKSHEET: u8 = 0;

/// The records of a workbook stream from a place in it, one by one.
struct Records<'a> {
    stream: &'a [u8],
    at: usize,
}

impl<'a> Records<'a> {
    /// The next record's kind and data; `None` at the stream's end.
    fn next(&mut self) -> Result<Option<(u16, &'a [u8])>, RosterFileError> {
        if self.at >= self.stream.len() {
            return Ok(None);
        }
        let (Some(kind), Some(len)) = (
            u16_at(self.stream, self.at),
            u16_at(self.stream, self.at.saturating_add(2)),
        ) else {
            return Err(bad("its last record is cut short"));
        };
        let start = self.at.saturating_add(4);
        let end = start.saturating_add(len.into());
        let data = self.stream.get(start..end).ok_or_else(|| {
            bad(format!(
                "a record of {len} bytes runs past the end of the workbook stream"
            ))
        })?;
        self.at = end;
        Ok(Some((kind, data)))
    }

    /// The data of `first` and of the CONTINUE records right after it, which carry on what
    /// did not fit in one record.
    fn with_continues(&mut self, first: &'a [u8]) -> Result<Pieces<'a>, RosterFileError> {
        let mut pieces = vec![first];
        while u16_at(self.stream, self.at) == Some(CONTINUE) {
            match self.next()? {
                Some((_, data)) => pieces.push(data),
                None => break,
            }
        }
        Ok(Pieces::new(pieces))
    }
}

/// A record's data and its CONTINUE records', read as one, except in a text's characters: a
/// text split between records goes on with a flags byte of its own (Latin-1 or UTF-16).
struct Pieces<'a> {
    pieces: Vec<&'a [u8]>,
    piece: usize,
    at: usize,
    /// Bytes left in all pieces together.
    left: usize,
}

fn cut_short() -> RosterFileError {
    bad("a text or a record is cut short")
}

impl<'a> Pieces<'a> {
    fn new(pieces: Vec<&'a [u8]>) -> Pieces<'a> {
        let left = pieces.iter().map(|p| p.len()).sum();
        Pieces {
            pieces,
            piece: 0,
            at: 0,
            left,
        }
    }

    /// What is left of the current piece.
    fn rest(&self) -> &'a [u8] {
        self.pieces
            .get(self.piece)
            .and_then(|p| p.get(self.at..))
            .unwrap_or_default()
    }

    /// Moves on to the next piece; false when there is none.
    fn next_piece(&mut self) -> bool {
        if self.piece + 1 >= self.pieces.len() {
            return false;
        }
        self.piece += 1;
        self.at = 0;
        true
    }

    fn byte(&mut self) -> Result<u8, RosterFileError> {
        loop {
            if let Some(&b) = self.rest().first() {
                self.at += 1;
                self.left -= 1;
                return Ok(b);
            }
            if !self.next_piece() {
                return Err(cut_short());
            }
        }
    }

    fn u16(&mut self) -> Result<u16, RosterFileError> {
        Ok(u16::from_le_bytes([self.byte()?, self.byte()?]))
    }

    fn u32(&mut self) -> Result<u32, RosterFileError> {
        Ok(u32::from_le_bytes([
            self.byte()?,
            self.byte()?,
            self.byte()?,
            self.byte()?,
        ]))
    }

    /// Passes over `n` bytes (a text's formatting), across pieces.
    fn skip(&mut self, mut n: usize) -> Result<(), RosterFileError> {
        if n > self.left {
            return Err(cut_short());
        }
        while n > 0 {
            let here = self.rest().len().min(n);
            if here == 0 && !self.next_piece() {
                return Err(cut_short());
            }
            self.at += here;
            self.left -= here;
            n -= here;
        }
        Ok(())
    }

    /// `count` characters, each one byte (Latin-1) or two (UTF-16) as `wide` says; where a
    /// piece ends before them, the next begins with flags that say it again.
    fn characters(&mut self, count: usize, mut wide: bool) -> Result<String, RosterFileError> {
        if count > self.left {
            return Err(cut_short());
        }
        let mut units = Vec::with_capacity(count);
        while units.len() < count {
            let rest = self.rest();
            if rest.is_empty() {
                if !self.next_piece() {
                    return Err(cut_short());
                }
                wide = self.byte()? & 0x01 != 0;
                continue;
            }
            let (unit, len) = match (wide, rest) {
                (true, [low, high, ..]) => (u16::from_le_bytes([*low, *high]), 2),
                (false, [byte, ..]) => (u16::from(*byte), 1),
                _ => return Err(bad("a character is split between two records")),
            };
            units.push(unit);
            self.at += len;
            self.left -= len;
        }
        Ok(String::from_utf16_lossy(&units))
    }

    /// A text: its length in characters, its flags, its characters; with `rich`, the
    /// formatting runs and phonetic data an SST's texts may carry, passed over.
    fn text(&mut self, rich: bool) -> Result<String, RosterFileError> {
        let count = self.u16()?;
        let flags = self.byte()?;
        let runs = if rich && flags & 0x08 != 0 {
            self.u16()?
        } else {
            0
        };
        let phonetic = if rich && flags & 0x04 != 0 {
            self.u32()?
        } else {
            0
        };
        let text = self.characters(count.into(), flags & 0x01 != 0)?;
        let formatting =
            (usize::from(runs) * 4).saturating_add(usize::try_from(phonetic).unwrap_or(usize::MAX));
        self.skip(formatting)?;
        Ok(text)
    }
}

/// The workbook's shared texts (SST), one after another in a string.
#[derive(Debug, Default)]
struct SharedTexts {
    all: String,
    /// Where each text ends in `all`.
    ends: Vec<usize>,
}

impl SharedTexts {
    /// The fewest bytes one text takes: its length and its flags.
    const SMALLEST: usize = 3;

    fn read(mut pieces: Pieces<'_>) -> Result<SharedTexts, RosterFileError> {
        let _total_uses = pieces.u32()?;
        let count = pieces.u32()?;
        let fits = usize::try_from(count)
            .ok()
            .filter(|n| n.saturating_mul(Self::SMALLEST) <= pieces.left);
        let Some(count) = fits else {
            return Err(bad(format!(
                "its shared texts announce {count} texts in {} bytes",
                pieces.left
            )));
        };
        let mut texts = SharedTexts {
            all: String::new(),
            ends: Vec::with_capacity(count),
        };
        for _ in 0..count {
            let text = pieces.text(true)?;
            texts.all.push_str(&text);
            texts.ends.push(texts.all.len());
        }
        Ok(texts)
    }

    fn get(&self, index: u32) -> Result<&str, RosterFileError> {
        let i = usize::try_from(index).unwrap_or(usize::MAX);
        let start = match i.checked_sub(1) {
            Some(before) => self.ends.get(before).copied(),
            None => Some(0),
        };
        start
            .zip(self.ends.get(i).copied())
            .and_then(|(start, end)| self.all.get(start..end))
            .ok_or_else(|| {
                bad(format!(
                    "a cell names shared text {index}, and there are {}",
                    self.ends.len()
                ))
            })
    }
}

/// What the workbook's globals say: where its worksheets begin, in order, and its texts.
#[derive(Debug, Default)]
struct Globals {
    worksheets: Vec<usize>,
    texts: SharedTexts,
}

/// Checks a BOF record's data: BIFF8, and of the kind `kind`; `Ok(false)` for another kind.
fn bof_is(data: &[u8], kind: u16) -> Result<bool, RosterFileError> {
    match u16_at(data, 0) {
        Some(BIFF8) => Ok(u16_at(data, 2) == Some(kind)),
        Some(version) if version < BIFF8 => Err(RosterFileError::Excel95),
        _ => Err(bad("its BOF record names no version of Excel")),
    }
}

/// The workbook globals, from the stream's first record to their EOF.
fn read_globals(stream: &[u8]) -> Result<Globals, RosterFileError> {
    let mut records = Records { stream, at: 0 };
    match records.next()? {
        Some((BOF, data)) if bof_is(data, GLOBALS)? => {}
        _ => {
            return Err(bad(
                "its workbook stream does not begin with the workbook's globals",
            ));
        }
    }
    let mut globals = Globals::default();
    loop {
        match records.next()? {
            None => {
                return Err(bad(
                    "its workbook stream ends inside the workbook's globals",
                ));
            }
            Some((EOF, _)) => return Ok(globals),
            Some((FILEPASS, _)) => return Err(bad("the workbook is protected with a password")),
            Some((BOUNDSHEET8, data)) => {
                let at = u32_at(data, 0).ok_or_else(cut_short)?;
                if data.get(5) == Some(&BOUNDSHEET_WORKSHEET) {
                    globals
                        .worksheets
                        .push(usize::try_from(at).unwrap_or(usize::MAX));
                }
            }
            Some((SST, data)) => globals.texts = SharedTexts::read(records.with_continues(data)?)?,
            Some(_) => {}
        }
    }
}

/// The row and column of a cell record (counted from 0).
fn cell_at(data: &[u8]) -> Result<(u64, u64), RosterFileError> {
    match (u16_at(data, 0), u16_at(data, 2)) {
        (Some(row), Some(column)) => Ok((row.into(), column.into())),
        _ => Err(cut_short()),
    }
}

/// A number as `calamine` writes an XLSX cell's: 10 is "10", 1.5 is "1.5".
fn number(n: f64) -> String {
    calamine::Data::Float(n).to_string()
}

/// The number an RK value packs: an integer of 30 bits or the high 30 bits of a float,
/// perhaps a hundredth of it.
fn rk_number(rk: u32) -> f64 {
    let n = if rk & 0x02 != 0 {
        // An arithmetic shift keeps the sign.
        f64::from((rk as i32) >> 2)
    } else {
        f64::from_bits(u64::from(rk & 0xFFFF_FFFC) << 32)
    };
    if rk & 0x01 != 0 { n / 100.0 } else { n }
}

/// A cell's error, as `calamine` writes an XLSX cell's ("#DIV/0!", "#N/A" …).
fn error_text(code: u8) -> Result<String, RosterFileError> {
    use calamine::CellErrorType::*;
    let error = match code {
        0x00 => Null,
        0x07 => Div0,
        0x0F => Value,
        0x17 => Ref,
        0x1D => Name,
        0x24 => Num,
        0x2A => NA,
        0x2B => GettingData,
        _ => return Err(bad(format!("a cell holds the unknown error {code}"))),
    };
    Ok(calamine::Data::Error(error).to_string())
}

/// A BOOLERR cell's text: TRUE and FALSE as `calamine` writes them, or the error.
fn bool_or_error(value: u8, is_error: u8) -> Result<String, RosterFileError> {
    if is_error != 0 {
        error_text(value)
    } else {
        Ok(calamine::Data::Bool(value != 0).to_string())
    }
}

/// The cells of the worksheet whose BOF is at `at`, read to its EOF (a chart's substream
/// inside it passed over); `None` when `at` begins another kind of sheet. `budget` is what is
/// left of the stream's length for sheets to walk: sheets that overlap are refused.
fn read_sheet(
    stream: &[u8],
    at: usize,
    texts: &SharedTexts,
    budget: &mut usize,
) -> Result<Option<SparseSheet>, RosterFileError> {
    let mut records = Records { stream, at };
    match records.next()? {
        Some((BOF, data)) => {
            if !bof_is(data, WORKSHEET)? {
                return Ok(None);
            }
        }
        _ => {
            return Err(bad(format!(
                "no sheet begins at {at}, where the workbook says one does"
            )));
        }
    }
    let mut sheet = SparseSheet::default();
    // Substreams open inside the sheet (a chart's), and the cell whose formula's text the
    // next STRING record holds.
    let mut depth = 0_usize;
    let mut text_for = None;
    loop {
        let Some((kind, data)) = records.next()? else {
            return Err(bad("its workbook stream ends inside a sheet"));
        };
        if !matches!(kind, STRING | SHRFMLA | ARRAY | TABLE) {
            text_for = None;
        }
        match kind {
            BOF => depth += 1,
            EOF if depth == 0 => break,
            EOF => depth -= 1,
            _ if depth > 0 => {}
            LABELSST => {
                let (row, column) = cell_at(data)?;
                let index = u32_at(data, 6).ok_or_else(cut_short)?;
                sheet.put(row, column, texts.get(index)?)?;
            }
            LABEL | RSTRING => {
                let (row, column) = cell_at(data)?;
                let text = Pieces::new(vec![data.get(6..).unwrap_or_default()]).text(false)?;
                sheet.put(row, column, &text)?;
            }
            NUMBER => {
                let (row, column) = cell_at(data)?;
                let n = u64_at(data, 6).ok_or_else(cut_short)?;
                sheet.put(row, column, &number(f64::from_bits(n)))?;
            }
            RK => {
                let (row, column) = cell_at(data)?;
                let rk = u32_at(data, 6).ok_or_else(cut_short)?;
                sheet.put(row, column, &number(rk_number(rk)))?;
            }
            MULRK => {
                // Row, first column, then (format, RK) six bytes a cell, then the last column.
                let (row, first) = cell_at(data)?;
                let cells = data
                    .get(4..data.len().saturating_sub(2))
                    .filter(|c| c.len() % 6 == 0)
                    .ok_or_else(|| bad("a MULRK record is cut short"))?;
                for (column, cell) in (first..).zip(cells.chunks_exact(6)) {
                    let rk = u32_at(cell, 2).ok_or_else(cut_short)?;
                    sheet.put(row, column, &number(rk_number(rk)))?;
                }
            }
            BOOLERR => {
                let (row, column) = cell_at(data)?;
                let (Some(&value), Some(&is_error)) = (data.get(6), data.get(7)) else {
                    return Err(cut_short());
                };
                sheet.put(row, column, &bool_or_error(value, is_error)?)?;
            }
            FORMULA => {
                // The cached value: a number, or (marked by 0xFFFF at its end) a kind and a
                // value: a text in the STRING record that follows, a boolean, an error, "".
                let (row, column) = cell_at(data)?;
                let value = data.get(6..14).ok_or_else(cut_short)?;
                match value {
                    [kind, _, v, _, _, _, 0xFF, 0xFF] => match kind {
                        0 => text_for = Some((row, column)),
                        1 => sheet.put(row, column, &bool_or_error(*v, 0)?)?,
                        2 => sheet.put(row, column, &error_text(*v)?)?,
                        _ => {}
                    },
                    _ => {
                        let n = u64_at(value, 0).ok_or_else(cut_short)?;
                        sheet.put(row, column, &number(f64::from_bits(n)))?;
                    }
                }
            }
            STRING => {
                if let Some((row, column)) = text_for.take() {
                    let text = records.with_continues(data)?.text(false)?;
                    sheet.put(row, column, &text)?;
                }
            }
            _ => {}
        }
    }
    let walked = records.at.saturating_sub(at);
    *budget = budget
        .checked_sub(walked)
        .ok_or_else(|| bad("its sheets overlap"))?;
    Ok(Some(sheet))
}

#[cfg(test)]
mod tests {
    use super::super::{MAX_ROWS, Mapping, preview, read_file};
    use super::*;
    use std::io::Write as _;

    /// A record: its kind, its length, its data.
    fn record(kind: u16, data: &[u8]) -> Vec<u8> {
        let len = u16::try_from(data.len()).unwrap();
        [&kind.to_le_bytes()[..], &len.to_le_bytes(), data].concat()
    }

    fn bof(kind: u16) -> Vec<u8> {
        let mut data = [
            BIFF8.to_le_bytes(),
            kind.to_le_bytes(),
            [0xBB, 0x0D],
            [0xCC, 0x07],
        ]
        .concat();
        data.extend([0; 8]);
        record(BOF, &data)
    }

    fn eof() -> Vec<u8> {
        record(EOF, &[])
    }

    /// A text as Excel writes it: its length, its flags, its characters in Latin-1 when every
    /// one is, else in UTF-16.
    fn text(s: &str) -> Vec<u8> {
        let units: Vec<u16> = s.encode_utf16().collect();
        let latin1 = units.iter().all(|u| *u <= 0xFF);
        let mut b = u16::try_from(units.len()).unwrap().to_le_bytes().to_vec();
        b.push(u8::from(!latin1));
        for u in units {
            if latin1 {
                b.push(u as u8);
            } else {
                b.extend(u.to_le_bytes());
            }
        }
        b
    }

    /// A cell record's data: row, column, format, then `value`.
    fn cell(kind: u16, row: u16, column: u16, value: &[u8]) -> Vec<u8> {
        record(
            kind,
            &[
                &row.to_le_bytes()[..],
                &column.to_le_bytes(),
                &[0, 0],
                value,
            ]
            .concat(),
        )
    }

    fn shared(row: u16, column: u16, index: u32) -> Vec<u8> {
        cell(LABELSST, row, column, &index.to_le_bytes())
    }

    fn label(row: u16, column: u16, s: &str) -> Vec<u8> {
        cell(LABEL, row, column, &text(s))
    }

    fn number_cell(row: u16, column: u16, n: f64) -> Vec<u8> {
        cell(NUMBER, row, column, &n.to_le_bytes())
    }

    /// An RK of integer `n`, a hundredth of it with `hundredth`.
    fn rk_int(n: i32, hundredth: bool) -> u32 {
        ((n << 2) as u32) | 0x02 | u32::from(hundredth)
    }

    /// An SST of `texts`, all in one record.
    fn sst(texts: &[&str]) -> Vec<u8> {
        let count = u32::try_from(texts.len()).unwrap().to_le_bytes();
        let mut data = [count, count].concat();
        for t in texts {
            data.extend(text(t));
        }
        record(SST, &data)
    }

    /// A workbook stream: its globals (`globals`, then a BOUNDSHEET8 a sheet), then each
    /// sheet's records between a BOF and an EOF.
    fn workbook(globals: &[Vec<u8>], sheets: &[Vec<Vec<u8>>]) -> Vec<u8> {
        let boundsheet = |at: usize, i: usize| {
            let name = format!("Ark{i}");
            let mut data = u32::try_from(at).unwrap().to_le_bytes().to_vec();
            data.extend([0, BOUNDSHEET_WORKSHEET, name.len() as u8, 0]);
            data.extend(name.bytes());
            record(BOUNDSHEET8, &data)
        };
        let sheets: Vec<Vec<u8>> = sheets
            .iter()
            .map(|records| [bof(WORKSHEET), records.concat(), eof()].concat())
            .collect();
        let mut out = [bof(GLOBALS), globals.concat()].concat();
        let mut at = out.len()
            + (0..sheets.len())
                .map(|i| boundsheet(0, i).len())
                .sum::<usize>()
            + eof().len();
        for (i, sheet) in sheets.iter().enumerate() {
            out.extend(boundsheet(at, i));
            at += sheet.len();
        }
        out.extend(eof());
        out.extend(sheets.concat());
        out
    }

    /// `stream` as stream `name` of an OLE compound file of `version`, as the `cfb` crate
    /// writes it (a stream under 4096 bytes in the mini stream).
    fn compound_of(version: cfb::Version, name: &str, stream: &[u8]) -> Vec<u8> {
        let inner = std::io::Cursor::new(Vec::new());
        let mut file = cfb::CompoundFile::create_with_version(version, inner).unwrap();
        file.create_stream(name).unwrap().write_all(stream).unwrap();
        file.flush().unwrap();
        file.into_inner().into_inner()
    }

    /// An `.xls` file (512-byte sectors) of `globals` and `sheets` ([`workbook`]).
    fn xls(globals: &[Vec<u8>], sheets: &[Vec<Vec<u8>>]) -> Vec<u8> {
        compound_of(cfb::Version::V3, "Workbook", &workbook(globals, sheets))
    }

    /// A sheet of `rows` rows of three texts each, "M", "Player k", "k" (a stream of 4096
    /// bytes or more from 60 rows: in sectors of its own, not the mini stream).
    fn roster_of(rows: u16) -> Vec<Vec<u8>> {
        (0..rows)
            .flat_map(|r| {
                [
                    label(r, 0, "M"),
                    label(r, 1, &format!("Player {r}")),
                    number_cell(r, 2, r.into()),
                ]
            })
            .collect()
    }

    /// The sentence a file is refused with.
    fn refused(bytes: &[u8]) -> String {
        read_xls(bytes).unwrap_err().to_string()
    }

    /// The Danish roster: header and names in the shared texts, "Søren Ødegaard" split
    /// between the SST and a CONTINUE record (Latin-1 before, UTF-16 after), "Navn" with a
    /// formatting run.
    fn danish_roster() -> Vec<u8> {
        let mut sst_data = [7_u32.to_le_bytes(), 7_u32.to_le_bytes()].concat();
        sst_data.extend(text("Størrelse"));
        // "Navn", rich: one formatting run (4 bytes) after its characters.
        sst_data.extend([4, 0, 0x08, 1, 0]);
        sst_data.extend(b"Navn");
        sst_data.extend([0, 0, 1, 0]);
        sst_data.extend(text("Nummer"));
        sst_data.extend(text("M"));
        // 14 characters; 6 here, 8 in the CONTINUE record.
        sst_data.extend([14, 0, 0]);
        sst_data.extend("Søren ".chars().map(|c| c as u8));
        let mut continued = vec![0x01];
        continued.extend("Ødegaard".encode_utf16().flat_map(u16::to_le_bytes));
        continued.extend(text("L"));
        continued.extend(text("Åse Æbelø"));
        let globals = [record(SST, &sst_data), record(CONTINUE, &continued)];
        let rows = vec![
            shared(0, 0, 0),
            shared(0, 1, 1),
            shared(0, 2, 2),
            shared(1, 0, 3),
            shared(1, 1, 4),
            number_cell(1, 2, 7.0),
            shared(2, 0, 5),
            shared(2, 1, 6),
            cell(RK, 2, 2, &rk_int(10, false).to_le_bytes()),
        ];
        workbook(&globals, &[rows])
    }

    #[test]
    fn a_danish_roster_is_read_from_its_shared_texts() {
        let dir = tempfile::tempdir().unwrap();
        let stream = danish_roster();
        for (name, version) in [
            ("Hold U15.xls", cfb::Version::V3),
            ("Hold v4.xls", cfb::Version::V4),
        ] {
            let path = dir.path().join(name);
            std::fs::write(&path, compound_of(version, "Workbook", &stream)).unwrap();
            let t = read_file(&path).unwrap();
            assert_eq!(t.file_name, name);
            assert_eq!(
                t.rows,
                [
                    ["Størrelse", "Navn", "Nummer"],
                    ["M", "Søren Ødegaard", "7"],
                    ["L", "Åse Æbelø", "10"],
                ]
            );
            let rows = preview(&t, &Mapping::guess(&t), &[]);
            assert_eq!(rows.len(), 2, "the header is no row");
            assert_eq!(rows[0].row.name, "Søren Ødegaard");
            assert!(rows.iter().all(|r| !r.is_marked()), "{rows:?}");
        }
    }

    #[test]
    fn values_read_as_a_person_sees_them() {
        let formula = |row, column, value: [u8; 8]| {
            cell(
                FORMULA,
                row,
                column,
                &[&value[..], &[0; 6], &[0, 0]].concat(),
            )
        };
        let special = |kind: u8, v: u8| [kind, 0, v, 0, 0, 0, 0xFF, 0xFF];
        let rk = |row, column, rk: u32| cell(RK, row, column, &rk.to_le_bytes());
        let mut mulrk = [5_u16.to_le_bytes(), 1_u16.to_le_bytes()].concat();
        for value in [rk_int(12, false), 0x3FF8_0000, rk_int(1200, true)] {
            mulrk.extend([0, 0]);
            mulrk.extend(value.to_le_bytes());
        }
        mulrk.extend(3_u16.to_le_bytes());
        let sheet = vec![
            number_cell(0, 0, 10.0),
            number_cell(0, 1, 1.5),
            number_cell(0, 2, -3.25),
            rk(1, 0, rk_int(7, false)),
            rk(1, 1, rk_int(7, true)),
            rk(1, 2, rk_int(-21, false)),
            // 1.5 as an RK float (the high 30 bits of the double).
            rk(1, 3, 0x3FF8_0000),
            formula(2, 0, 21.0_f64.to_le_bytes()),
            formula(2, 1, special(0, 0)),
            // A shared formula's record may stand before the STRING of the text.
            record(SHRFMLA, &[0; 10]),
            record(STRING, &text("Dahl")),
            formula(2, 2, special(1, 1)),
            formula(2, 3, special(2, 0x07)),
            formula(2, 4, special(3, 0)),
            // A STRING that follows no text formula is no cell.
            record(STRING, &text("stray")),
            cell(BOOLERR, 3, 0, &[0, 0]),
            cell(BOOLERR, 3, 1, &[0x2A, 1]),
            // BLANK and MULBLANK: formats of empty cells.
            cell(0x0201, 4, 0, &[]),
            record(0x00BE, &[4, 0, 1, 0, 0, 0, 0, 0, 2, 0]),
            record(MULRK, &mulrk),
            label(6, 0, "  Hansen \t"),
            cell(RSTRING, 6, 1, &[text("Berg"), vec![0, 0]].concat()),
        ];
        let rows = read_xls(&xls(&[], &[sheet])).unwrap();
        assert_eq!(
            rows,
            [
                vec!["10", "1.5", "-3.25"],
                vec!["7", "0.07", "-21", "1.5"],
                vec!["21", "Dahl", "true", "#DIV/0!"],
                vec!["false", "#N/A"],
                vec!["", "12", "1.5", "12"],
                vec!["Hansen", "Berg"],
            ]
        );
    }

    #[test]
    fn the_first_sheet_with_cells_is_read() {
        let empty = vec![
            // DIMENSIONS of a whole sheet, formats of empty cells, a text of spaces, and a
            // chart's substream with a text of its own: no cells.
            record(0x0200, &[0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0]),
            cell(0x0201, 0, 0, &[]),
            label(3, 3, "   "),
            bof(0x0020),
            label(0, 0, "Diagramtitel"),
            eof(),
        ];
        let roster = vec![label(0, 0, "Navn"), label(1, 0, "Hansen")];
        let rows = read_xls(&xls(&[], &[empty.clone(), roster])).unwrap();
        assert_eq!(rows, [["Navn"], ["Hansen"]]);
        assert!(read_xls(&xls(&[], &[empty])).unwrap().is_empty());
        assert!(read_xls(&xls(&[], &[])).unwrap().is_empty());
    }

    #[test]
    fn a_sheet_costs_only_its_cells_whatever_its_dimensions_claim() {
        // DIMENSIONS claims all 65536 × 256 cells; three are there.
        let mut dimensions = 65_536_u32.to_le_bytes().to_vec();
        dimensions.splice(0..0, [0, 0, 0, 0]);
        dimensions.extend([0, 0, 0, 1, 0, 0]);
        let sheet = vec![
            record(0x0200, &dimensions),
            label(0, 0, "M"),
            label(0, 1, "Berg"),
            number_cell(0, 2, 7.0),
        ];
        assert_eq!(read_xls(&xls(&[], &[sheet])).unwrap(), [["M", "Berg", "7"]]);
        // A1 and A65536: two rows, nothing between them kept.
        let far = vec![label(0, 0, "Navn"), label(65_535, 0, "Hansen")];
        assert_eq!(read_xls(&xls(&[], &[far])).unwrap(), [["Navn"], ["Hansen"]]);
        // A1 and IV65536 (the 16.7 million cells calamine would build): refused at the second.
        let started = std::time::Instant::now();
        let corners = vec![label(0, 0, "Navn"), label(65_535, 255, "x")];
        assert_eq!(
            refused(&xls(&[], &[corners])),
            "Row 65536 of the file has a cell in column 256, and a roster has at most 100 columns. Delete the columns the roster does not need, save the file and import it again."
        );
        assert!(started.elapsed() < std::time::Duration::from_secs(1));
    }

    #[test]
    fn rows_beyond_a_design_line_are_refused() {
        let rows = u16::try_from(MAX_ROWS).unwrap() + 1;
        assert_eq!(read_xls(&xls(&[], &[roster_of(rows)])).unwrap().len(), 501);
        assert!(
            refused(&xls(&[], &[roster_of(rows + 1)]))
                .starts_with("The file has more than 500 rows")
        );
        // A cell of more than a roster's characters.
        let long = vec![label(1, 1, &"æ".repeat(1001))];
        assert!(
            refused(&xls(&[], &[long]))
                .starts_with("The cell in row 2, column 2 holds more than 1000 characters")
        );
    }

    #[test]
    fn counts_the_file_announces_are_checked_against_its_bytes() {
        let mut data = [(1_u32 << 31).to_le_bytes(), (1_u32 << 31).to_le_bytes()].concat();
        data.extend([b'x'; 92]);
        assert_eq!(
            refused(&xls(&[record(SST, &data)], &[])),
            "The spreadsheet could not be read (its shared texts announce 2147483648 texts in 92 bytes). Save it as XLSX (Excel workbook) or CSV and try again."
        );
        // A text longer than what is left of the SST, a cell naming a text that is not there.
        let mut short = [1_u32.to_le_bytes(), 1_u32.to_le_bytes()].concat();
        short.extend([200, 0, 0, b'a']);
        assert!(refused(&xls(&[record(SST, &short)], &[])).contains("is cut short"));
        let missing = xls(&[sst(&["M"])], &[vec![shared(0, 0, 1)]]);
        assert!(refused(&missing).contains("a cell names shared text 1, and there are 1"));
    }

    #[test]
    fn a_truncated_or_damaged_file_is_refused_with_a_sentence() {
        // The sheet's last record claims 100 bytes; 10 are there.
        let mut stream = workbook(&[], &[vec![label(0, 0, "M")]]);
        stream.truncate(stream.len() - eof().len());
        stream.extend([0x04, 0x02, 100, 0]);
        stream.extend([0; 10]);
        let file = compound_of(cfb::Version::V3, "Workbook", &stream);
        assert!(
            refused(&file)
                .contains("a record of 100 bytes runs past the end of the workbook stream"),
            "{}",
            refused(&file)
        );
        // Cut anywhere, or any byte spoilt: a sentence or the roster, never a panic.
        let file = compound_of(cfb::Version::V3, "Workbook", &danish_roster());
        for len in 0..file.len() {
            let _ = read_xls(&file[..len]);
        }
        for i in 0..file.len() {
            for spoilt in [0x00, 0xFF, 0x7F] {
                let mut bytes = file.clone();
                bytes[i] = spoilt;
                let _ = read_xls(&bytes);
            }
        }
    }

    /// Where the FAT (or MiniFAT, whose first sector is named at `header_field`) of a
    /// 512-byte-sector `file` holds the next of `sector`.
    fn next_of(file: &[u8], header_field: usize, sector: u32) -> usize {
        let table = u32_at(file, header_field).unwrap() as usize;
        512 + table * 512 + sector as usize * 4
    }

    /// The directory entry of the `Workbook` stream: where it starts and its first sector.
    fn workbook_entry(file: &[u8]) -> (usize, u32) {
        let name: Vec<u8> = "Workbook"
            .encode_utf16()
            .flat_map(u16::to_le_bytes)
            .collect();
        let at = file.windows(name.len()).position(|w| w == name).unwrap();
        (at, u32_at(file, at + 0x74).unwrap())
    }

    #[test]
    fn a_loop_in_the_container_is_refused() {
        let set = |file: &mut Vec<u8>, at: usize, value: u32| {
            file[at..at + 4].copy_from_slice(&value.to_le_bytes());
        };
        // The workbook's chain of sectors comes back to its first from its second.
        let big = xls(&[], &[roster_of(200)]);
        let (_, start) = workbook_entry(&big);
        let second = u32_at(&big, next_of(&big, HEADER_DIFAT, start)).unwrap();
        let mut looped = big.clone();
        set(&mut looped, next_of(&big, HEADER_DIFAT, second), start);
        assert!(refused(&looped).contains("a chain of its sectors runs in a loop"));
        // The directory's chain points at itself.
        let mut looped = big.clone();
        let directory = u32_at(&big, 0x30).unwrap();
        set(
            &mut looped,
            next_of(&big, HEADER_DIFAT, directory),
            directory,
        );
        assert!(refused(&looped).contains("runs in a loop"));
        // A chain of the mini stream's sectors points at itself.
        let small = xls(&[], &[vec![label(0, 0, "M")]]);
        let (_, start) = workbook_entry(&small);
        let mut looped = small.clone();
        set(&mut looped, next_of(&small, 0x3C, start), start);
        assert!(refused(&looped).contains("a chain of its mini sectors runs in a loop"));
        // The directory's tree: the workbook's entry is its own left sibling, and it is not
        // the entry sought.
        let mut looped = small.clone();
        let (entry, _) = workbook_entry(&small);
        let directory = 512 + u32_at(&small, 0x30).unwrap() as usize * 512;
        let index = u32::try_from((entry - directory) / DIRECTORY_ENTRY_LEN).unwrap();
        set(&mut looped, entry + 0x44, index);
        looped[entry] = b'X';
        assert!(refused(&looped).contains("its directory runs in a loop"));
        // The header names the one FAT sector 109 times: read once, as far as the file goes.
        let mut repeated = big.clone();
        let fat = u32_at(&big, HEADER_DIFAT).unwrap();
        for k in 1..109 {
            set(&mut repeated, HEADER_DIFAT + 4 * k, fat);
        }
        assert_eq!(read_xls(&repeated).unwrap().len(), 200);
    }

    #[test]
    fn other_workbooks_say_what_they_are() {
        let dir = tempfile::tempdir().unwrap();
        let file = |name: &str, bytes: &[u8]| {
            let path = dir.path().join(name);
            std::fs::write(&path, bytes).unwrap();
            read_file(&path).unwrap_err().to_string()
        };
        let excel_95 = "The file is an Excel 5.0/95 workbook, older than logodesk reads.";
        // Excel 5.0/95: a Book stream, or a BOF of BIFF5.
        let biff5 = record(BOF, &[0, 5, 5, 0]);
        assert!(
            file("a.xls", &compound_of(cfb::Version::V3, "Book", &biff5)).starts_with(excel_95)
        );
        assert!(
            file("b.xls", &compound_of(cfb::Version::V3, "Workbook", &biff5)).starts_with(excel_95)
        );
        // A password: the workbook's FILEPASS, or an encrypted XLSX in its container.
        let password =
            "The spreadsheet could not be read (the workbook is protected with a password).";
        let filepass = xls(&[record(FILEPASS, &[1, 0, 1, 0])], &[]);
        assert!(file("c.xls", &filepass).starts_with(password));
        let encrypted = compound_of(cfb::Version::V3, "EncryptedPackage", b"...");
        assert!(file("d.xlsx", &encrypted).starts_with(password));
        // A Word document; a text file named .xls.
        let word = compound_of(cfb::Version::V3, "WordDocument", b"...");
        assert!(file("e.xls", &word).contains("(the file holds no Excel workbook)"));
        assert!(
            file("f.xls", b"Navn;Nummer\nBerg;7\n").contains("(it is not an OLE compound file)")
        );
        // Larger than an .xls roster may be.
        let mut big = SIGNATURE.to_vec();
        big.resize(MAX_XLS_BYTES as usize + 1, 0);
        assert_eq!(
            file("g.xls", &big),
            "The file is 5 MiB; a roster file is much smaller. Choose the roster's CSV or Excel file."
        );
    }

    /// A roster Python's xlwt wrote (tests/fixtures/xls/make_fixtures.py): another writer's
    /// container, records and shared texts, an empty first sheet.
    #[test]
    fn a_roster_written_by_xlwt_is_read() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/fixtures/xls/hold_u15_xlwt.xls");
        let t = read_file(&path).unwrap();
        assert_eq!(
            t.rows,
            [
                ["Størrelse", "Navn", "Nummer"],
                ["M", "Lund", "21"],
                ["XL", "Østergaard", "22"],
                ["L", "Berg", "7"],
                ["S", "Dahl", "21"],
            ]
        );
    }
}
