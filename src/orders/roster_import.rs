//! Rosters read from a file for a design line: a CSV export (`,`, `;` or tab, sniffed; a
//! UTF-8 BOM or a Windows-1252 file as Danish Excel writes them) or a spreadsheet (XLSX, XLS,
//! ODS through `calamine`), turned into a table of text cells. Which column is the size, the
//! quantity, the name and the number is guessed from a header row in Danish or English and
//! can be changed; the rows are checked by the paste parser's rule
//! ([`super::roster::row_problem`]), and numbers used twice within the design are flagged.
//!
//! No egui here: the backend reads the file off the UI thread, the composer shows the preview.

use super::form::RowForm;
use super::roster::row_problem;
use std::collections::{BTreeMap, HashMap};
use std::io::Cursor;
use std::path::Path;

/// Files larger than this are not read (a roster of a thousand players is a few dozen KiB).
pub const MAX_FILE_BYTES: u64 = 10 * 1024 * 1024;

/// Why a roster file could not be read, as a sentence that says what to do.
#[derive(Debug, thiserror::Error)]
pub enum RosterFileError {
    #[error("{}", crate::tr!("roster-file-unreadable", reason = .0.to_string()))]
    Read(#[from] std::io::Error),
    #[error("{}", crate::tr!("roster-file-too-large", mib = .0.to_string()))]
    TooLarge(u64),
    #[error("{}", crate::tr!("roster-file-not-csv", reason = .0.to_string()))]
    Csv(#[from] ::csv::Error),
    #[error("{}", crate::tr!("roster-file-not-spreadsheet", reason = .0.as_str()))]
    Spreadsheet(String),
    #[error("{}", crate::tr!("roster-file-empty"))]
    Empty,
}

/// A file's cells, row by row (text, trimmed; empty rows left out).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct RosterTable {
    /// The file's name, as the preview names it.
    pub file_name: String,
    pub rows: Vec<Vec<String>>,
}

/// What a column of the file holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
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

    /// The column a header names (Danish or English), if it names one.
    fn from_header(header: &str) -> Option<Column> {
        let h = header.trim().to_lowercase();
        let h = h.trim_end_matches(':');
        Some(match h {
            "size" | "sizes" | "størrelse" | "størrelser" | "str" | "str." | "strl" | "strl." => {
                Column::Size
            }
            "qty" | "qty." | "quantity" | "amount" | "count" | "antal" | "stk" | "stk." => {
                Column::Quantity
            }
            "name" | "names" | "player" | "navn" | "spiller" | "spillernavn" | "tryk navn" => {
                Column::Name
            }
            "number" | "numbers" | "no" | "no." | "nr" | "nr." | "#" | "nummer" | "numre"
            | "trøjenummer" | "rygnummer" | "shirt number" => Column::Number,
            _ => return None,
        })
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
    let mut uses: HashMap<String, usize> = HashMap::new();
    for r in existing.iter().chain(&rows) {
        let n = r.number.trim();
        if !n.is_empty() {
            *uses.entry(n.to_owned()).or_default() += 1;
        }
    }
    rows.into_iter()
        .map(|row| PreviewRow {
            problem: row_problem(&row),
            duplicate: uses.get(row.number.trim()).is_some_and(|n| *n > 1),
            row,
        })
        .collect()
}

/// Reads a roster file: a spreadsheet (by its content, else its extension) or CSV.
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
    let extension = path
        .extension()
        .map(|e| e.to_string_lossy().to_ascii_lowercase())
        .unwrap_or_default();
    let rows = if is_spreadsheet(&bytes, &extension) {
        read_spreadsheet(bytes)?
    } else {
        read_csv(&bytes)?
    };
    if rows.is_empty() {
        return Err(RosterFileError::Empty);
    }
    Ok(RosterTable { file_name, rows })
}

/// A zip (XLSX, ODS) or OLE (XLS) container, or a spreadsheet's extension.
fn is_spreadsheet(bytes: &[u8], extension: &str) -> bool {
    bytes.starts_with(b"PK\x03\x04")
        || bytes.starts_with(&[0xD0, 0xCF, 0x11, 0xE0])
        || matches!(extension, "xlsx" | "xlsm" | "xlsb" | "xls" | "ods")
}

/// The first sheet with cells, as text.
fn read_spreadsheet(bytes: Vec<u8>) -> Result<Vec<Vec<String>>, RosterFileError> {
    use calamine::Reader as _;
    let bad = |e: calamine::Error| RosterFileError::Spreadsheet(e.to_string());
    let mut book = calamine::open_workbook_auto_from_rs(Cursor::new(bytes)).map_err(bad)?;
    for i in 0..book.sheet_names().len() {
        let Some(range) = book.worksheet_range_at(i) else {
            continue;
        };
        let range = range.map_err(bad)?;
        let rows = cleaned(
            range
                .rows()
                .map(|r| r.iter().map(|c| c.to_string()).collect()),
        );
        if !rows.is_empty() {
            return Ok(rows);
        }
    }
    Ok(Vec::new())
}

/// CSV in UTF-8 (a BOM is dropped) or, failing that, Windows-1252; the separator sniffed.
pub fn read_csv(bytes: &[u8]) -> Result<Vec<Vec<String>>, RosterFileError> {
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    let text = match std::str::from_utf8(bytes) {
        Ok(t) => std::borrow::Cow::Borrowed(t),
        Err(_) => encoding_rs::WINDOWS_1252.decode(bytes).0,
    };
    let reader = ::csv::ReaderBuilder::new()
        .delimiter(sniff_separator(&text))
        .has_headers(false)
        .flexible(true)
        .from_reader(text.as_bytes());
    let mut rows = Vec::new();
    for record in reader.into_records() {
        rows.push(record?.iter().map(str::to_owned).collect());
    }
    Ok(cleaned(rows.into_iter()))
}

/// Cells trimmed, trailing empty cells and empty rows dropped.
fn cleaned(rows: impl Iterator<Item = Vec<String>>) -> Vec<Vec<String>> {
    rows.map(|r| {
        let mut r: Vec<String> = r.into_iter().map(|c| c.trim().to_owned()).collect();
        while r.last().is_some_and(String::is_empty) {
            r.pop();
        }
        r
    })
    .filter(|r| !r.is_empty())
    .collect()
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
    }
}
