//! Rosters read from a file for a design line: a CSV export (`,`, `;` or tab, sniffed; a
//! UTF-8 BOM, Excel's "Unicode text" in UTF-16 with its BOM, or a Windows-1252 file as Danish
//! Excel writes them) or a spreadsheet (XLSX through `calamine`'s cell reader, ODS as a stream:
//! [`sheets`]; Excel 97–2003 `.xls` through a bounded reader of our own: [`xls`]), turned into
//! a table of text cells. A binary workbook (`.xlsb`) and Excel 5.0/95 are refused with a
//! sentence that asks for XLSX or CSV. Which column is the size, the quantity, the
//! name and the number is guessed from a header row in Danish or English and can be changed;
//! the rows are checked by the paste parser's rule ([`super::roster::row_problem`]), and
//! numbers used twice within the design are flagged.
//!
//! A file is read only as far as a roster goes: at most [`MAX_ROWS`] rows (one design line's
//! instances) and a header, [`MAX_COLUMNS`] columns, [`MAX_CELL_CHARS`] characters a cell, and
//! a spreadsheet's parts unpacked to [`MAX_UNPACKED_BYTES`] at most (an `.xls` file is at most
//! [`MAX_XLS_BYTES`], since its container is read whole); past any of them the file
//! is refused with a sentence that says so, before more is read or kept.
//!
//! No egui here: the backend reads the file off the UI thread, the composer shows the preview.

mod sheets;
mod xls;

use super::form::{RowForm, RowId};
use super::roster::{numbers_used_twice, row_problem};
use std::borrow::Cow;
use std::collections::BTreeMap;
use std::path::Path;

/// Files larger than this are not read (a roster of a thousand players is a few dozen KiB).
pub const MAX_FILE_BYTES: u64 = 10 * 1024 * 1024;

/// Rows of players a file may hold: as many as one design line takes, the service's limit
/// ([`crate::api::MAX_INSTANCES_PER_DESIGN`]). One row more is read, for a header.
pub const MAX_ROWS: usize = crate::api::MAX_INSTANCES_PER_DESIGN;

/// Columns a roster may use: four are imported, and a club's export carries more (e-mail,
/// birthday, team…); a cell further right is refused.
pub const MAX_COLUMNS: usize = 100;

/// Characters of one cell (a name on a shirt is a few dozen at most).
pub const MAX_CELL_CHARS: usize = 1_000;

/// Excel 97–2003 workbooks (`.xls`) larger than this are not read. Excel's own file of a
/// 500-player roster is well under 100 KiB (an empty workbook is about 25 KiB; styles, a logo
/// and a few more sheets add a few hundred), and [`xls`] holds the file, its workbook stream
/// and the stream's shared texts at once, a few times the file: 4 MiB keeps that to a few
/// dozen MiB whatever the file says.
pub const MAX_XLS_BYTES: u64 = 4 * 1024 * 1024;

/// Bytes a spreadsheet's parts may unpack to, all together: a roster's workbook unpacks to a
/// few dozen KiB; more is another workbook, or a zip bomb.
pub const MAX_UNPACKED_BYTES: u64 = 16 * 1024 * 1024;

/// Why a roster file could not be read, as a sentence that says what to do.
#[derive(Debug, thiserror::Error)]
pub enum RosterFileError {
    #[error("{}", crate::tr!("roster-file-unreadable", reason = .0.to_string()))]
    Read(#[from] std::io::Error),
    #[error("{}", crate::tr!("roster-file-too-large", mib = .0.to_string()))]
    TooLarge(u64),
    #[error("{}", crate::tr!("roster-file-not-spreadsheet", reason = .0.as_str()))]
    Spreadsheet(String),
    #[error("{}", crate::tr!("roster-file-empty"))]
    Empty,
    /// More rows than a design line takes (and a header).
    #[error("{}", crate::tr!("roster-file-too-many-rows", max = *max))]
    TooManyRows { max: usize },
    /// A cell right of [`MAX_COLUMNS`] (row and column counted from 1).
    #[error("{}", crate::tr!("roster-file-too-many-columns", row = *row, column = *column, max = *max))]
    TooManyColumns { row: u64, column: u64, max: usize },
    /// A cell of more than [`MAX_CELL_CHARS`] characters (row and column counted from 1).
    #[error("{}", crate::tr!("roster-file-cell-too-long", row = *row, column = *column, max = *max))]
    CellTooLong { row: u64, column: u64, max: usize },
    /// A spreadsheet whose parts unpack to more than [`MAX_UNPACKED_BYTES`].
    #[error("{}", crate::tr!("roster-file-unpacks-too-large", mib = *mib))]
    UnpacksTooLarge { mib: u64 },
    /// A binary workbook (`.xlsb`): `calamine` reads it whole, with no limit on the area a
    /// few cells span.
    #[error("{}", crate::tr!("roster-file-old-format"))]
    OldFormat,
    /// An Excel 5.0/95 workbook (BIFF5 and older, a `Book` stream): [`xls`] reads BIFF8, the
    /// format of Excel 97–2003, only.
    #[error("{}", crate::tr!("roster-file-excel-95"))]
    Excel95,
}

/// A file's cells, row by row (text, trimmed; empty rows left out).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct RosterTable {
    /// The file's name, as the preview names it.
    pub file_name: String,
    pub rows: Vec<Vec<String>>,
}

/// What a column of the file holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Column {
    Size,
    Quantity,
    Name,
    Number,
    /// Not imported.
    Skip,
}

impl Column {
    pub const ALL: [Column; 5] = [
        Column::Size,
        Column::Quantity,
        Column::Name,
        Column::Number,
        Column::Skip,
    ];

    /// The column's name in the person's language, as the import's preview offers it.
    pub fn label(self) -> String {
        match self {
            Column::Size => crate::tr!("orders-column-size"),
            Column::Quantity => crate::tr!("orders-column-quantity"),
            Column::Name => crate::tr!("orders-column-name"),
            Column::Number => crate::tr!("orders-column-number"),
            Column::Skip => crate::tr!("orders-column-skip"),
        }
    }

    /// The column a heading names (Danish or English, as clubs write them: "Trøjenr.",
    /// "Rygnr.", "Navn på ryg", "Str", "Stk.", "Jersey #", "Player", "Qty" …), if it names
    /// one. The heading is read as words ([`heading_words`]); a number word wins over a name
    /// word ("Spiller nr." is the number), then quantity, size and name.
    pub fn from_header(header: &str) -> Option<Column> {
        let words = heading_words(header);
        let any = |pred: &dyn Fn(&str) -> bool| words.iter().any(|w| pred(w));
        if any(&|w| {
            matches!(
                w,
                "#" | "nr" | "no" | "nummer" | "numre" | "number" | "numbers" | "num"
            ) || w.ends_with("nr")
                || w.ends_with("nummer")
                || w.ends_with('#')
        }) {
            Some(Column::Number)
        } else if any(&|w| {
            matches!(
                w,
                "qty"
                    | "quantity"
                    | "amount"
                    | "count"
                    | "pcs"
                    | "pieces"
                    | "antal"
                    | "stk"
                    | "styk"
                    | "stykker"
            )
        }) {
            Some(Column::Quantity)
        } else if any(&|w| {
            matches!(w, "size" | "sizes" | "str" | "strl" | "størrelser")
                || w.ends_with("størrelse")
        }) {
            Some(Column::Size)
        } else if any(&|w| {
            matches!(w, "name" | "names" | "player" | "spiller" | "navne") || w.ends_with("navn")
        }) {
            Some(Column::Name)
        } else {
            None
        }
    }
}

/// A heading as words: lower case, split at spaces and at `.`, `:`, `-`, `_`, `/`, `(` and
/// `)`; a `#` is a word of its own ("Jersey#" is "jersey", "#").
fn heading_words(header: &str) -> Vec<String> {
    let lower = header.to_lowercase().replace('#', " # ");
    lower
        .split(|c: char| c.is_whitespace() || ".:-_/()".contains(c))
        .filter(|w| !w.is_empty())
        .map(str::to_owned)
        .collect()
}

/// The key under which the mapping a person chose for a file's headings is remembered: the
/// headings as words, in order. `None` for a table without a heading row that names text.
pub fn headings_key(table: &RosterTable) -> Option<String> {
    let first = table.rows.first()?;
    let key = first
        .iter()
        .map(|h| heading_words(h).join(" "))
        .collect::<Vec<_>>()
        .join(" | ");
    (!key.trim_matches([' ', '|']).is_empty()).then_some(key)
}

/// Mappings people chose for files with a heading row, most recent first: the next file with
/// the same headings is mapped the same way. Kept with the window's state between runs.
#[derive(Debug, Clone, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct RememberedMappings {
    chosen: Vec<(String, Vec<Column>)>,
}

impl RememberedMappings {
    /// How many heading sets are remembered; the oldest goes first.
    pub const MAX: usize = 32;

    /// Remembers `mapping` for `table`'s headings, when it has a heading row.
    pub fn remember(&mut self, table: &RosterTable, mapping: &Mapping) {
        let Some(key) = headings_key(table).filter(|_| mapping.has_header) else {
            return;
        };
        self.chosen.retain(|(k, _)| *k != key);
        self.chosen.insert(0, (key, mapping.columns.clone()));
        self.chosen.truncate(Self::MAX);
    }

    /// The mapping for `table`: the one remembered for its headings, else the guess.
    pub fn mapping_for(&self, table: &RosterTable) -> Mapping {
        let guess = Mapping::guess(table);
        let Some(key) = headings_key(table) else {
            return guess;
        };
        match self.chosen.iter().find(|(k, _)| *k == key) {
            Some((_, columns)) if columns.len() == guess.columns.len() => Mapping {
                columns: columns.clone(),
                has_header: true,
            },
            _ => guess,
        }
    }
}

/// How the table becomes rows: what each column holds and whether the first row is a header.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mapping {
    pub columns: Vec<Column>,
    pub has_header: bool,
}

impl Mapping {
    /// The guess for `table`: from a header row when its first row names at least one column
    /// (size, quantity, name, number — størrelse, antal, navn, nummer…); else the paste
    /// format's order (size, quantity, name, number), or size, name, number for three
    /// columns and name, number for two.
    pub fn guess(table: &RosterTable) -> Mapping {
        let width = table.rows.iter().map(Vec::len).max().unwrap_or(0);
        let named: Vec<Option<Column>> = table
            .rows
            .first()
            .map(|r| r.iter().map(|h| Column::from_header(h)).collect())
            .unwrap_or_default();
        if named.iter().any(Option::is_some) {
            let mut taken = Vec::new();
            let columns = (0..width)
                .map(|i| match named.get(i).copied().flatten() {
                    // A column named twice is imported once (the first).
                    Some(c) if !taken.contains(&c) => {
                        taken.push(c);
                        c
                    }
                    _ => Column::Skip,
                })
                .collect();
            return Mapping {
                columns,
                has_header: true,
            };
        }
        use Column::*;
        let order: &[Column] = match width {
            0 | 1 => &[Name],
            2 => &[Name, Number],
            3 => &[Size, Name, Number],
            _ => &[Size, Quantity, Name, Number],
        };
        Mapping {
            columns: (0..width)
                .map(|i| order.get(i).copied().unwrap_or(Skip))
                .collect(),
            has_header: false,
        }
    }

    /// Sets column `i` to `column`; another column that held it is skipped (each is imported
    /// from one column).
    pub fn set(&mut self, i: usize, column: Column) {
        if column != Column::Skip {
            for c in &mut self.columns {
                if *c == column {
                    *c = Column::Skip;
                }
            }
        }
        if let Some(c) = self.columns.get_mut(i) {
            *c = column;
        }
    }
}

/// One row of the preview: the row as it would be added, why it cannot be ordered as it is,
/// and whether its number is used by another row of the design.
#[derive(Debug, Clone, PartialEq)]
pub struct PreviewRow {
    pub row: RowForm,
    pub problem: Option<String>,
    pub duplicate: bool,
}

impl PreviewRow {
    /// Whether the row is marked in the grid once added.
    pub fn is_marked(&self) -> bool {
        self.problem.is_some() || self.duplicate
    }
}

/// The rows `table` becomes with `mapping`, each checked; `existing` are the design line's
/// rows already there (a number used twice among them and the new rows is flagged). Without
/// a quantity column each row is one garment.
pub fn preview(table: &RosterTable, mapping: &Mapping, existing: &[RowForm]) -> Vec<PreviewRow> {
    let cell = |r: &[String], what: Column| {
        mapping
            .columns
            .iter()
            .position(|c| *c == what)
            .and_then(|i| r.get(i))
            .cloned()
            .unwrap_or_default()
    };
    let has_quantity = mapping.columns.contains(&Column::Quantity);
    let rows: Vec<RowForm> = table
        .rows
        .iter()
        .skip(usize::from(mapping.has_header))
        .map(|r| RowForm {
            id: RowId::next(),
            size: cell(r, Column::Size),
            quantity: if has_quantity {
                cell(r, Column::Quantity)
            } else {
                "1".to_owned()
            },
            name: cell(r, Column::Name),
            number: cell(r, Column::Number),
            values: BTreeMap::new(),
        })
        .collect();
    let twice = numbers_used_twice(existing.iter().chain(&rows));
    rows.into_iter()
        .map(|row| PreviewRow {
            problem: row_problem(&row),
            duplicate: twice.contains(row.number.trim()),
            row,
        })
        .collect()
}

/// What a file's name says it is, as the import reads it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Named {
    /// CSV or text exported from a spreadsheet.
    Text,
    /// An XLSX or ODS workbook (a zip container).
    Sheet,
    /// An Excel 97–2003 workbook (`.xls`): read by [`xls`].
    Xls,
    /// A binary workbook (`.xlsb`): refused with a sentence.
    Xlsb,
}

/// What `path`'s extension says the file is, if it names a roster file at all.
fn named(path: &Path) -> Option<Named> {
    let extension = path.extension()?.to_str()?.to_ascii_lowercase();
    Some(match extension.as_str() {
        "csv" | "tsv" | "txt" => Named::Text,
        "xlsx" | "xlsm" | "ods" => Named::Sheet,
        "xls" => Named::Xls,
        "xlsb" => Named::Xlsb,
        _ => return None,
    })
}

/// Whether `path` names a file the roster import reads (or explains it refuses, like an
/// `.xlsb`), by its extension: what a dropped file is taken for.
pub fn is_roster_file_name(path: &Path) -> bool {
    named(path).is_some()
}

/// Reads a roster file: a spreadsheet (by its content, else its extension) or CSV. An OLE
/// compound file, or a file named `.xls` that is not a zip container, goes to [`xls`] (which
/// says so when it is no Excel 97–2003 workbook).
pub fn read_file(path: &Path) -> Result<RosterTable, RosterFileError> {
    let size = std::fs::metadata(path)?.len();
    if size > MAX_FILE_BYTES {
        return Err(RosterFileError::TooLarge(size.div_ceil(1024 * 1024)));
    }
    let bytes = std::fs::read(path)?;
    let file_name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let rows = if bytes.starts_with(b"PK\x03\x04") {
        sheets::read_zip(&bytes)?
    } else if xls::is_compound_file(&bytes) {
        xls::read_xls(&bytes)?
    } else {
        match named(path) {
            // Refused, with what the file is not.
            Some(Named::Xls) => xls::read_xls(&bytes)?,
            Some(Named::Xlsb) => return Err(RosterFileError::OldFormat),
            Some(Named::Sheet) => {
                return Err(RosterFileError::Spreadsheet(
                    "not a zip container".to_owned(),
                ));
            }
            Some(Named::Text) | None => read_csv(&bytes)?,
        }
    };
    if rows.is_empty() {
        return Err(RosterFileError::Empty);
    }
    Ok(RosterTable { file_name, rows })
}

/// A file's rows as they are read, held to a roster's size: at most [`MAX_ROWS`] rows and a
/// header, [`MAX_COLUMNS`] columns, [`MAX_CELL_CHARS`] characters a cell.
#[derive(Debug, Default)]
struct Bounded {
    rows: Vec<Vec<String>>,
}

impl Bounded {
    /// Checks the cell at `row`, `column` (counted from 0) holding `text` (trimmed): an empty
    /// one is never refused, wherever it is.
    fn check(row: u64, column: u64, text: &str) -> Result<(), RosterFileError> {
        if text.is_empty() {
            return Ok(());
        }
        let (row, column) = (row.saturating_add(1), column.saturating_add(1));
        if column > MAX_COLUMNS as u64 {
            return Err(RosterFileError::TooManyColumns {
                row,
                column,
                max: MAX_COLUMNS,
            });
        }
        if text.chars().count() > MAX_CELL_CHARS {
            return Err(RosterFileError::CellTooLong {
                row,
                column,
                max: MAX_CELL_CHARS,
            });
        }
        Ok(())
    }

    /// Adds `row` (cells checked, trimmed; at most [`MAX_COLUMNS`]) `times` times, without its
    /// trailing empty cells; an empty row is left out.
    fn push(&mut self, mut row: Vec<String>, times: u64) -> Result<(), RosterFileError> {
        while row.last().is_some_and(String::is_empty) {
            row.pop();
        }
        if row.is_empty() {
            return Ok(());
        }
        for _ in 0..times {
            // One row more than a line takes: the header.
            if self.rows.len() > MAX_ROWS {
                return Err(RosterFileError::TooManyRows { max: MAX_ROWS });
            }
            self.rows.push(row.clone());
        }
        Ok(())
    }
}

/// A sheet's cells as a spreadsheet lists them, in any order: row → column → text (trimmed),
/// only cells that hold something. Each is checked as it comes ([`Bounded::check`]), and more
/// rows with text than a roster and a header are refused at once, so a sheet's empty rows and
/// columns cost nothing and its filled ones no more than a roster.
#[derive(Debug, Default)]
struct SparseSheet {
    cells: BTreeMap<u64, BTreeMap<u64, String>>,
}

impl SparseSheet {
    /// Puts `text` at `row`, `column` (counted from 0); an empty cell is left out.
    fn put(&mut self, row: u64, column: u64, text: &str) -> Result<(), RosterFileError> {
        let text = text.trim();
        Bounded::check(row, column, text)?;
        if text.is_empty() {
            return Ok(());
        }
        self.cells
            .entry(row)
            .or_default()
            .insert(column, text.to_owned());
        if self.cells.len() > MAX_ROWS + 1 {
            return Err(RosterFileError::TooManyRows { max: MAX_ROWS });
        }
        Ok(())
    }

    /// The rows in order, each as wide as its rightmost cell (the gaps empty).
    fn into_rows(self) -> Result<Vec<Vec<String>>, RosterFileError> {
        let mut rows = Bounded::default();
        for cells in self.cells.into_values() {
            let mut row = Vec::new();
            for (column, text) in cells {
                // Within MAX_COLUMNS: `put` checked it.
                row.resize(
                    usize::try_from(column).unwrap_or(MAX_COLUMNS),
                    String::new(),
                );
                row.push(text);
            }
            rows.push(row, 1)?;
        }
        Ok(rows.rows)
    }
}

/// The text of a CSV file: UTF-8 or UTF-16 by its BOM (Excel's "Unicode text" is UTF-16 LE
/// with one), else UTF-8 or, failing that, Windows-1252.
fn decode_text(bytes: &[u8]) -> Cow<'_, str> {
    if let Some((encoding, bom)) = encoding_rs::Encoding::for_bom(bytes) {
        let rest = bytes.get(bom..).unwrap_or_default();
        return encoding.decode_without_bom_handling(rest).0;
    }
    match std::str::from_utf8(bytes) {
        Ok(t) => Cow::Borrowed(t),
        Err(_) => encoding_rs::WINDOWS_1252.decode(bytes).0,
    }
}

/// CSV in UTF-8, UTF-16 (by their BOM) or Windows-1252, the separator sniffed: cells trimmed,
/// trailing empty cells and empty rows dropped. Read a field at a time, so a file beyond a
/// roster's bounds is refused as soon as it is seen to be ([`Bounded`]).
pub fn read_csv(bytes: &[u8]) -> Result<Vec<Vec<String>>, RosterFileError> {
    let text = decode_text(bytes);
    let mut reader = csv_core::ReaderBuilder::new()
        .delimiter(sniff_separator(&text))
        .build();
    let mut input = text.as_bytes();
    // A field that does not fit has more than MAX_CELL_CHARS characters (4 bytes at most each).
    let mut field = vec![0; MAX_CELL_CHARS * 4];
    let mut filled = 0;
    let mut rows = Bounded::default();
    let mut cells = Vec::new();
    let (mut row, mut column) = (0_u64, 0_u64);
    loop {
        let (result, read, written) = reader.read_field(input, &mut field[filled..]);
        input = input.get(read..).unwrap_or_default();
        filled += written;
        match result {
            // The next call, with no input left, ends the last field.
            csv_core::ReadFieldResult::InputEmpty => {}
            csv_core::ReadFieldResult::OutputFull => {
                return Err(RosterFileError::CellTooLong {
                    row: row + 1,
                    column: column + 1,
                    max: MAX_CELL_CHARS,
                });
            }
            csv_core::ReadFieldResult::Field { record_end } => {
                let text = String::from_utf8_lossy(&field[..filled]);
                let text = text.trim();
                Bounded::check(row, column, text)?;
                if column < MAX_COLUMNS as u64 {
                    cells.push(text.to_owned());
                }
                filled = 0;
                column += 1;
                if record_end {
                    rows.push(std::mem::take(&mut cells), 1)?;
                    row += 1;
                    column = 0;
                }
            }
            csv_core::ReadFieldResult::End => break,
        }
    }
    Ok(rows.rows)
}

/// The separator of a CSV text: of tab, `;` and `,`, the one found (outside quotes) the same
/// number of times on most of the first lines; tab, then `;` on a tie (a Danish export uses
/// `;` because `,` is its decimal mark).
fn sniff_separator(text: &str) -> u8 {
    let lines: Vec<&str> = text
        .lines()
        .filter(|l| !l.trim().is_empty())
        .take(20)
        .collect();
    let mut best = (0, b',');
    for sep in [b'\t', b';', b','] {
        let counts: Vec<usize> = lines.iter().map(|l| count_outside_quotes(l, sep)).collect();
        let Some(&first) = counts.first() else {
            continue;
        };
        if first == 0 {
            continue;
        }
        let score = counts.iter().filter(|c| **c == first).count();
        if score > best.0 {
            best = (score, sep);
        }
    }
    best.1
}

fn count_outside_quotes(line: &str, sep: u8) -> usize {
    let mut quoted = false;
    let mut n = 0;
    for b in line.bytes() {
        if b == b'"' {
            quoted = !quoted;
        } else if b == sep && !quoted {
            n += 1;
        }
    }
    n
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table(rows: &[&[&str]]) -> RosterTable {
        RosterTable {
            file_name: "roster.csv".into(),
            rows: rows
                .iter()
                .map(|r| r.iter().map(|c| c.to_string()).collect())
                .collect(),
        }
    }

    #[test]
    fn csv_with_each_separator_reads_the_same() {
        let expected = vec![
            vec!["Størrelse", "Navn", "Nummer"],
            vec!["M", "Hansen", "7"],
            vec!["L", "Sørensen, Jens", "10"],
        ];
        for text in [
            "Størrelse,Navn,Nummer\nM,Hansen,7\nL,\"Sørensen, Jens\",10\n",
            "Størrelse;Navn;Nummer\r\nM;Hansen;7\r\nL;Sørensen, Jens;10\r\n",
            "Størrelse\tNavn\tNummer\nM\tHansen\t7\n\nL\t\"Sørensen, Jens\"\t10\n",
        ] {
            assert_eq!(read_csv(text.as_bytes()).unwrap(), expected, "{text:?}");
        }
    }

    #[test]
    fn csv_with_a_bom_quotes_or_windows_1252() {
        let with_bom = b"\xEF\xBB\xBFSize;Name;Number\nM;\"Berg; Anna\";\"7\"\n";
        let rows = read_csv(with_bom).unwrap();
        assert_eq!(rows[0][0], "Size", "the BOM is not part of the first cell");
        assert_eq!(rows[1], ["M", "Berg; Anna", "7"]);
        // "Sørensen" as Danish Excel saves it (ø is 0xF8 in Windows-1252).
        let rows = read_csv(b"M;S\xF8rensen;17\n").unwrap();
        assert_eq!(rows[0], ["M", "Sørensen", "17"]);
    }

    #[test]
    fn columns_are_guessed_from_danish_or_english_headers() {
        let t = table(&[
            &["Nummer", "Navn", "Str.", "Note"],
            &["7", "Hansen", "M", "x"],
        ]);
        let m = Mapping::guess(&t);
        use Column::*;
        assert_eq!(m.columns, [Number, Name, Size, Skip]);
        assert!(m.has_header);
        let t = table(&[&["No.", "Name", "Size", "Qty"]]);
        assert_eq!(Mapping::guess(&t).columns, [Number, Name, Size, Quantity]);
        let t = table(&[&["#", "name", "størrelse"]]);
        assert_eq!(Mapping::guess(&t).columns, [Number, Name, Size]);
        // No header: the paste format's order.
        let t = table(&[&["M", "1", "Hansen", "7"]]);
        let m = Mapping::guess(&t);
        assert_eq!(m.columns, [Size, Quantity, Name, Number]);
        assert!(!m.has_header);
        assert_eq!(
            Mapping::guess(&table(&[&["M", "Hansen", "7"]])).columns,
            [Size, Name, Number]
        );
        // Choosing a column moves it: the one that held it is skipped.
        let mut m = Mapping::guess(&table(&[&["Size", "Name", "Number"]]));
        m.set(2, Name);
        assert_eq!(m.columns, [Size, Skip, Name]);
    }

    #[test]
    fn roster_files_are_told_by_their_extension() {
        for name in [
            "hold.csv",
            "HOLD.XLSX",
            "a/b/hold.ods",
            "liste.txt",
            "gammel.xls",
        ] {
            assert!(is_roster_file_name(Path::new(name)), "{name}");
        }
        for name in ["logo.png", "logo.svg", "hold", "hold.pdf", ".csv.png"] {
            assert!(!is_roster_file_name(Path::new(name)), "{name}");
        }
    }

    /// Headings as clubs write them, Danish and English, and what each names.
    #[test]
    fn headings_clubs_write_are_recognised() {
        use Column::*;
        let cases: &[(&str, Option<Column>)] = &[
            ("Trøjenr.", Some(Number)),
            ("Rygnr.", Some(Number)),
            ("Nr.", Some(Number)),
            ("nr", Some(Number)),
            ("Nummer", Some(Number)),
            ("Rygnummer", Some(Number)),
            ("Trøje nr", Some(Number)),
            ("Jersey #", Some(Number)),
            ("Jersey#", Some(Number)),
            ("#", Some(Number)),
            ("No.", Some(Number)),
            ("Shirt number", Some(Number)),
            ("Spiller nr.", Some(Number)),
            ("Player #", Some(Number)),
            ("Spillernavn", Some(Name)),
            ("Navn på ryg", Some(Name)),
            ("Navn", Some(Name)),
            ("Efternavn", Some(Name)),
            ("Tryk navn", Some(Name)),
            ("Player", Some(Name)),
            ("Player name", Some(Name)),
            ("Name on back", Some(Name)),
            ("NAME:", Some(Name)),
            ("Str", Some(Size)),
            ("Str.", Some(Size)),
            ("Strl.", Some(Size)),
            ("Størrelse", Some(Size)),
            ("Tøjstørrelse", Some(Size)),
            ("Shirt size", Some(Size)),
            ("Size (EU)", Some(Size)),
            ("Stk.", Some(Quantity)),
            ("Antal", Some(Quantity)),
            ("Qty", Some(Quantity)),
            ("Quantity", Some(Quantity)),
            ("Pcs", Some(Quantity)),
            ("Note", None),
            ("Bemærkning", None),
            ("Email", None),
            ("Telefon", None),
            ("", None),
        ];
        for (heading, want) in cases {
            assert_eq!(Column::from_header(heading), *want, "heading {heading:?}");
        }
        // The headings of the roster seen in the window: every column recognised.
        let t = table(&[&["Spillernavn", "Trøjenr.", "Str", "Stk."]]);
        assert_eq!(Mapping::guess(&t).columns, [Name, Number, Size, Quantity]);
    }

    #[test]
    fn the_mapping_a_person_chose_is_remembered_for_the_same_headings() {
        use Column::*;
        let t = table(&[&["Spiller", "Kode", "Str"], &["Hansen", "7", "M"]]);
        let mut remembered = RememberedMappings::default();
        // First time: "Kode" means nothing to the guess.
        let mut m = remembered.mapping_for(&t);
        assert_eq!(m.columns, [Name, Skip, Size]);
        m.set(1, Number);
        remembered.remember(&t, &m);
        // The next file with the same headings (written differently) is mapped the same way.
        let again = table(&[&["SPILLER", "kode", "Str."], &["Berg", "9", "L"]]);
        assert_eq!(remembered.mapping_for(&again).columns, [Name, Number, Size]);
        // Other headings, or a table without headings, keep the guess.
        let other = table(&[&["Spiller", "Kode", "Str", "Note"]]);
        assert_eq!(remembered.mapping_for(&other), Mapping::guess(&other));
        // A choice without a heading row is not remembered.
        let mut plain = Mapping::guess(&t);
        plain.has_header = false;
        let mut fresh = RememberedMappings::default();
        fresh.remember(&t, &plain);
        assert_eq!(fresh, RememberedMappings::default());
        // Bounded: the oldest goes first.
        for k in 0..RememberedMappings::MAX + 3 {
            let heading = format!("kolonne {k}");
            let t = table(&[&["Navn", heading.as_str()]]);
            remembered.remember(&t, &Mapping::guess(&t));
        }
        assert_eq!(remembered.chosen.len(), RememberedMappings::MAX);
        assert_eq!(remembered.mapping_for(&again).columns, [Name, Skip, Size]);
    }

    #[test]
    fn the_preview_marks_problems_and_duplicate_numbers() {
        let t = table(&[
            &["Size", "Name", "Number"],
            &["M", "Hansen", "7"],
            &["", "Berg", "8"],
            &["L", "Dahl", "7"],
            &["S", "Frost", "9a"],
            &["XL", "Lund", "12"],
        ]);
        let existing = [RowForm {
            size: "M".into(),
            quantity: "1".into(),
            number: "12".into(),
            ..RowForm::default()
        }];
        let rows = preview(&t, &Mapping::guess(&t), &existing);
        assert_eq!(rows.len(), 5, "the header is not a row");
        assert_eq!(
            rows[0].row.quantity, "1",
            "one garment each without a quantity column"
        );
        assert_eq!(rows[0].row.name, "Hansen");
        let duplicate: Vec<bool> = rows.iter().map(|r| r.duplicate).collect();
        assert_eq!(duplicate, [true, false, true, false, true]);
        assert_eq!(rows[1].problem.as_deref(), Some("No size."));
        assert!(
            rows[3]
                .problem
                .as_deref()
                .is_some_and(|p| p.contains("\"9a\""))
        );
        assert!(rows[0].problem.is_none() && rows[0].is_marked());
        assert!(!rows[1].duplicate && rows[1].is_marked());
    }

    #[test]
    fn an_xlsx_file_written_by_excel_s_format_is_read() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("Hold U15.xlsx");
        let mut book = rust_xlsxwriter::Workbook::new();
        let sheet = book.add_worksheet();
        for (c, h) in ["Størrelse", "Navn", "Nummer"].iter().enumerate() {
            sheet.write_string(0, c as u16, *h).unwrap();
        }
        sheet.write_string(1, 0, "M").unwrap();
        sheet.write_string(1, 1, "Sørensen").unwrap();
        // Numbers typed in Excel are numbers, not text: 7, not "7.0".
        sheet.write_number(1, 2, 7.0).unwrap();
        sheet.write_string(2, 0, "L").unwrap();
        sheet.write_string(2, 1, "Berg").unwrap();
        sheet.write_number(2, 2, 10.0).unwrap();
        book.save(&path).unwrap();
        let t = read_file(&path).unwrap();
        assert_eq!(t.file_name, "Hold U15.xlsx");
        assert_eq!(t.rows[1], ["M", "Sørensen", "7"]);
        assert_eq!(t.rows[2], ["L", "Berg", "10"]);
        let rows = preview(&t, &Mapping::guess(&t), &[]);
        assert_eq!(rows.len(), 2);
        assert!(rows.iter().all(|r| !r.is_marked()), "{rows:?}");
    }

    #[test]
    fn files_that_are_not_rosters_say_so() {
        let dir = tempfile::tempdir().unwrap();
        let empty = dir.path().join("empty.csv");
        std::fs::write(&empty, "\n \n").unwrap();
        assert!(matches!(read_file(&empty), Err(RosterFileError::Empty)));
        let broken = dir.path().join("broken.xlsx");
        std::fs::write(&broken, b"PK\x03\x04 not really").unwrap();
        let e = read_file(&broken).unwrap_err();
        assert!(
            e.to_string()
                .starts_with("The spreadsheet could not be read"),
            "{e}"
        );
        let gone = read_file(&dir.path().join("gone.csv")).unwrap_err();
        assert!(
            gone.to_string().contains("Check that it still exists"),
            "{gone}"
        );
        // A binary workbook is refused; so is a file named .xls that holds no OLE container.
        for (name, bytes, sentence) in [
            (
                "Hold.xls",
                &[0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1][..],
                "The spreadsheet could not be read (it is not an OLE compound file).",
            ),
            (
                "Hold.xlsb",
                b"Size;Name\nM;Berg\n",
                "The file is a binary Excel workbook (.xlsb), which logodesk does not read. Open it in your spreadsheet, save it as an Excel workbook (.xlsx)",
            ),
        ] {
            let old = dir.path().join(name);
            std::fs::write(&old, bytes).unwrap();
            let e = read_file(&old).unwrap_err().to_string();
            assert!(e.starts_with(sentence), "{name}: {e}");
        }
    }

    /// Excel's "Unicode text" (Save As → Unicode Text): UTF-16 LE with a BOM, tabs between
    /// cells. Big-endian with its BOM reads the same.
    #[test]
    fn excel_s_unicode_text_keeps_its_letters() {
        let text = "Størrelse\tNavn\tNummer\r\nM\tSøren Ødegaard\t7\r\nL\tÅse Æbelø\t10\r\n";
        let little: Vec<u8> = [0xFF, 0xFE]
            .into_iter()
            .chain(text.encode_utf16().flat_map(u16::to_le_bytes))
            .collect();
        let big: Vec<u8> = [0xFE, 0xFF]
            .into_iter()
            .chain(text.encode_utf16().flat_map(u16::to_be_bytes))
            .collect();
        let dir = tempfile::tempdir().unwrap();
        for (name, bytes) in [("Hold.txt", little), ("Hold-be.txt", big)] {
            let path = dir.path().join(name);
            std::fs::write(&path, bytes).unwrap();
            let t = read_file(&path).unwrap();
            assert_eq!(t.rows[1], ["M", "Søren Ødegaard", "7"], "{name}");
            assert_eq!(t.rows[2], ["L", "Åse Æbelø", "10"], "{name}");
            let rows = preview(&t, &Mapping::guess(&t), &[]);
            assert_eq!(rows[1].row.name, "Åse Æbelø");
        }
    }

    /// `rows` CSV lines of `cells` cells each ("c1", "c2"…), after a header line.
    fn csv_of(rows: usize, cells: usize) -> String {
        let line = |prefix: &str| {
            (1..=cells)
                .map(|c| format!("{prefix}{c}"))
                .collect::<Vec<_>>()
                .join(";")
        };
        let mut text = line("Column ") + "\n";
        for _ in 0..rows {
            text += &line("c");
            text += "\n";
        }
        text
    }

    #[test]
    fn a_roster_is_read_only_as_far_as_a_design_line_goes() {
        // A header and one line's worth of rows; one row more is refused.
        assert_eq!(read_csv(csv_of(MAX_ROWS, 4).as_bytes()).unwrap().len(), 501);
        let e = read_csv(csv_of(MAX_ROWS + 1, 4).as_bytes()).unwrap_err();
        assert_eq!(
            e.to_string(),
            "The file has more than 500 rows, and one design line takes at most 500. Keep at most 500 players in the file (a bigger roster goes in two orders) and import it again."
        );
        // Empty lines are not rows.
        let spaced = csv_of(MAX_ROWS, 2).replace('\n', "\n;\n\n");
        assert_eq!(read_csv(spaced.as_bytes()).unwrap().len(), 501);
    }

    #[test]
    fn columns_and_cells_are_held_to_a_roster_s_size() {
        let rows = read_csv(csv_of(2, MAX_COLUMNS).as_bytes()).unwrap();
        assert_eq!(rows[2].len(), MAX_COLUMNS);
        let e = read_csv(csv_of(2, MAX_COLUMNS + 1).as_bytes()).unwrap_err();
        assert_eq!(
            e.to_string(),
            "Row 1 of the file has a cell in column 101, and a roster has at most 100 columns. Delete the columns the roster does not need, save the file and import it again."
        );
        // Empty cells beyond the last column (a sheet's used range) are no cells.
        let padded = format!("M;Hansen;7{}\n", ";".repeat(5000));
        assert_eq!(read_csv(padded.as_bytes()).unwrap(), [["M", "Hansen", "7"]]);
        // A cell of 1,000 characters is read; one more is refused, however long it is.
        let name = "æ".repeat(MAX_CELL_CHARS);
        assert_eq!(
            read_csv(format!("M;{name}\n").as_bytes()).unwrap()[0][1],
            name
        );
        for long in [MAX_CELL_CHARS + 1, 100_000] {
            let e = read_csv(format!("M;1\nL;{}\n", "x".repeat(long)).as_bytes()).unwrap_err();
            assert_eq!(
                e.to_string(),
                "The cell in row 2, column 2 holds more than 1000 characters, more than any name or size. Shorten it or delete its column, save the file and import it again."
            );
        }
    }

    /// A zip container of `parts` (name, content), deflated.
    fn zip_of(parts: &[(&str, &[u8])]) -> Vec<u8> {
        use std::io::Write as _;
        let mut zip = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
        let options = zip::write::SimpleFileOptions::default();
        for (name, content) in parts {
            zip.start_file(*name, options).unwrap();
            zip.write_all(content).unwrap();
        }
        zip.finish().unwrap().into_inner()
    }

    /// An ODS file whose first table is `rows` (the XML of its rows).
    fn ods_of(rows: &str) -> Vec<u8> {
        let content = format!(
            r#"<?xml version="1.0" encoding="UTF-8"?>
<office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"><office:body><office:spreadsheet><table:table table:name="Empty"><table:table-row table:number-rows-repeated="1048576"><table:table-cell table:number-columns-repeated="16384"/></table:table-row></table:table><table:table table:name="Hold">{rows}</table:table></office:spreadsheet></office:body></office:document-content>"#
        );
        zip_of(&[
            (
                "mimetype",
                b"application/vnd.oasis.opendocument.spreadsheet",
            ),
            ("content.xml", content.as_bytes()),
        ])
    }

    #[test]
    fn an_ods_file_is_read_row_by_row() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("Hold.ods");
        std::fs::write(
            &path,
            ods_of(concat!(
                r#"<table:table-row><table:table-cell office:value-type="string"><text:p>Str.</text:p></table:table-cell>"#,
                r#"<table:table-cell><text:p>Navn</text:p></table:table-cell><table:table-cell><text:p>Nr.</text:p></table:table-cell></table:table-row>"#,
                // Empty rows and cells, repeated: nothing to read, nothing kept.
                r#"<table:table-row table:number-rows-repeated="1000000"><table:table-cell table:number-columns-repeated="16384"/></table:table-row>"#,
                r#"<table:table-row table:number-rows-repeated="2"><table:table-cell><text:p>M</text:p></table:table-cell>"#,
                r#"<table:table-cell><office:annotation><text:p>a comment</text:p></office:annotation><text:p>Søren<text:s text:c="2"/>Ødegaard &amp; co</text:p></table:table-cell>"#,
                r#"<table:table-cell office:value-type="float" office:value="7"/></table:table-row>"#,
                r#"<table:table-row><table:table-cell table:number-columns-repeated="2"><text:p>XL</text:p></table:table-cell>"#,
                r#"<table:covered-table-cell/><table:table-cell office:value-type="float" office:value="10"><text:p>10</text:p></table:table-cell></table:table-row>"#,
            )),
        )
        .unwrap();
        let t = read_file(&path).unwrap();
        assert_eq!(
            t.rows,
            [
                vec!["Str.", "Navn", "Nr."],
                vec!["M", "Søren  Ødegaard & co", "7"],
                vec!["M", "Søren  Ødegaard & co", "7"],
                vec!["XL", "XL", "", "10"],
            ]
        );
        // A filled row repeated beyond a line, or a cell repeated beyond a roster's columns.
        for (rows, sentence) in [
            (
                r#"<table:table-row table:number-rows-repeated="1000000"><table:table-cell><text:p>M</text:p></table:table-cell></table:table-row>"#,
                "The file has more than 500 rows",
            ),
            (
                r#"<table:table-row><table:table-cell table:number-columns-repeated="16384"><text:p>M</text:p></table:table-cell></table:table-row>"#,
                "Row 1 of the file has a cell in column 16384",
            ),
        ] {
            std::fs::write(&path, ods_of(rows)).unwrap();
            let e = read_file(&path).unwrap_err().to_string();
            assert!(e.starts_with(sentence), "{e}");
        }
    }

    /// Reads a workbook of text `cells` (row, column, text) from a file.
    fn read_cells(cells: &[(u32, u16, &str)]) -> Result<RosterTable, RosterFileError> {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("Hold.xlsx");
        let mut book = rust_xlsxwriter::Workbook::new();
        let sheet = book.add_worksheet();
        for (row, column, text) in cells {
            sheet.write_string(*row, *column, *text).unwrap();
        }
        book.save(&path).unwrap();
        read_file(&path)
    }

    #[test]
    fn a_sparse_sheet_costs_only_its_cells() {
        let far = read_cells(&[(0, 0, "Navn"), (1_048_575, 0, "Hansen")]).unwrap();
        assert_eq!(far.rows, [["Navn"], ["Hansen"]]);
        let wide = read_cells(&[(0, 0, "Navn"), (3, 100, "Hansen")]).unwrap_err();
        assert!(
            wide.to_string()
                .starts_with("Row 4 of the file has a cell in column 101,"),
            "{wide}"
        );
    }

    #[test]
    fn a_spreadsheet_that_unpacks_beyond_a_roster_is_refused_before_it_is_read() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("Hold.xlsx");
        let big = vec![b' '; MAX_UNPACKED_BYTES as usize + 1];
        std::fs::write(&path, zip_of(&[("xl/worksheets/sheet1.xml", &big)])).unwrap();
        assert_eq!(
            read_file(&path).unwrap_err().to_string(),
            "The spreadsheet unpacks to more than 16 MiB, far more than a roster. Copy the roster's rows into a new workbook (or save them as CSV) and import that."
        );
        // Shared strings that announce more texts than they hold (calamine would make room).
        let strings = br#"<?xml version="1.0"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" uniqueCount="99999999999"><si><t>M</t></si></sst>"#;
        std::fs::write(&path, zip_of(&[("xl/sharedStrings.xml", strings)])).unwrap();
        let e = read_file(&path).unwrap_err().to_string();
        assert!(
            e.contains("xl/sharedStrings.xml announces 99999999999 texts"),
            "{e}"
        );
    }
}
