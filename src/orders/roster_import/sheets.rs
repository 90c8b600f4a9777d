//! Spreadsheets in a zip container (XLSX, ODS), read no further than a roster goes.
//!
//! Every part is unpacked once, to nowhere, through what is left of [`MAX_UNPACKED_BYTES`]:
//! its declared size is checked first, then what it really unpacks to (a part may lie), so a
//! zip bomb is refused after a bounded amount of work, before `calamine` unpacks anything.
//! An XLSX sheet is then read cell by cell with `calamine`'s cell reader, never as a range (a
//! range spans the first cell to the last: 2^34 cells for A1 and XFD1048576); an ODS sheet is
//! read row by row from its XML, repeated rows and columns counted rather than copied
//! (`calamine` copies them, and reads every sheet whole when the file is opened).

use super::{Bounded, MAX_CELL_CHARS, MAX_UNPACKED_BYTES, RosterFileError, SparseSheet};
use quick_xml::events::{BytesStart, Event};
use std::io::{BufRead, BufReader, Cursor, Read, Seek};
use zip::ZipArchive;

/// The fewest bytes one text of a shared-strings part takes (`<si/>`).
const SMALLEST_SHARED_TEXT: u64 = 5;

/// A problem of the file as the sentence's reason (zip's, `calamine`'s or the XML's words).
pub(super) fn bad(e: impl std::fmt::Display) -> RosterFileError {
    RosterFileError::Spreadsheet(e.to_string())
}

fn unpacks_too_large() -> RosterFileError {
    RosterFileError::UnpacksTooLarge {
        mib: MAX_UNPACKED_BYTES / (1024 * 1024),
    }
}

/// The rows of the first sheet with cells of an XLSX or ODS file (an XLSB file is refused).
pub(super) fn read_zip(bytes: &[u8]) -> Result<Vec<Vec<String>>, RosterFileError> {
    let mut zip = ZipArchive::new(Cursor::new(bytes)).map_err(bad)?;
    let parts = unpacked_parts(&mut zip)?;
    let has = |name: &str| parts.iter().any(|p| p.name.eq_ignore_ascii_case(name));
    if has("xl/workbook.bin") {
        Err(RosterFileError::OldFormat)
    } else if has("content.xml") {
        read_ods(&mut zip)
    } else {
        check_shared_strings(&mut zip, &parts)?;
        read_xlsx(bytes)
    }
}

/// A part of the container and what it unpacks to.
struct Part {
    name: String,
    unpacked: u64,
}

/// Every part (in the container's order), each unpacked through what is left of
/// [`MAX_UNPACKED_BYTES`]: refused as soon as the parts, as declared or as they really
/// unpack, come to more.
fn unpacked_parts<R: Read + Seek>(zip: &mut ZipArchive<R>) -> Result<Vec<Part>, RosterFileError> {
    let mut total = 0_u64;
    let mut parts = Vec::new();
    for i in 0..zip.len() {
        let mut part = zip.by_index(i).map_err(bad)?;
        let left = MAX_UNPACKED_BYTES.saturating_sub(total);
        if part.size() > left {
            return Err(unpacks_too_large());
        }
        let name = part.name().map_err(bad)?.into_owned();
        let unpacked =
            std::io::copy(&mut (&mut part).take(left + 1), &mut std::io::sink()).map_err(bad)?;
        total += unpacked;
        if total > MAX_UNPACKED_BYTES {
            return Err(unpacks_too_large());
        }
        parts.push(Part { name, unpacked });
    }
    Ok(parts)
}

/// Refuses a shared-strings part that announces more texts than its bytes can hold:
/// `calamine` makes room for as many as announced before it reads one.
fn check_shared_strings<R: Read + Seek>(
    zip: &mut ZipArchive<R>,
    parts: &[Part],
) -> Result<(), RosterFileError> {
    for (i, part) in parts.iter().enumerate() {
        if !part
            .name
            .to_ascii_lowercase()
            .ends_with("sharedstrings.xml")
        {
            continue;
        }
        let entry = zip.by_index(i).map_err(bad)?;
        let mut xml = quick_xml::Reader::from_reader(BufReader::new(entry));
        let mut buf = Vec::new();
        loop {
            buf.clear();
            match xml.read_event_into(&mut buf).map_err(bad)? {
                Event::Start(e) | Event::Empty(e) if e.local_name().as_ref() == "sst" => {
                    let announced = e
                        .try_get_attribute("uniqueCount")
                        .map_err(bad)?
                        .and_then(|a| count(&a.value));
                    if let Some(n) = announced
                        && n.saturating_mul(SMALLEST_SHARED_TEXT) > part.unpacked
                    {
                        return Err(bad(format!(
                            "{} announces {n} texts in {} bytes",
                            part.name, part.unpacked
                        )));
                    }
                    break;
                }
                Event::Eof => break,
                _ => {}
            }
        }
    }
    Ok(())
}

/// A count as a spreadsheet writes it (leading `+` and zeros allowed); one too large for 64
/// bits is the largest; `None` when it is not digits.
fn count(text: &str) -> Option<u64> {
    let digits = text.trim().trim_start_matches('+');
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some(digits.parse().unwrap_or(u64::MAX))
}

/// The first worksheet with cells of an XLSX file, cell by cell: only cells that hold
/// something are kept, so a sheet's rows and columns cost nothing until they do.
fn read_xlsx(bytes: &[u8]) -> Result<Vec<Vec<String>>, RosterFileError> {
    use calamine::Reader as _;
    let mut book = calamine::Xlsx::new(Cursor::new(bytes)).map_err(bad)?;
    for name in book.sheet_names() {
        let mut cells = match book.worksheet_cells_reader(&name) {
            Ok(cells) => cells,
            Err(calamine::XlsxError::NotAWorksheet(_)) => continue,
            Err(e) => return Err(bad(e)),
        };
        let mut sheet = SparseSheet::default();
        while let Some(cell) = cells.next_cell().map_err(bad)? {
            let (row, column) = cell.get_position();
            let text = calamine::Data::from(cell.get_value().clone()).to_string();
            sheet.put(row.into(), column.into(), &text)?;
        }
        let rows = sheet.into_rows()?;
        if !rows.is_empty() {
            return Ok(rows);
        }
    }
    Ok(Vec::new())
}

/// The first table with cells of an ODS file's `content.xml`, row by row.
fn read_ods<R: Read + Seek>(zip: &mut ZipArchive<R>) -> Result<Vec<Vec<String>>, RosterFileError> {
    let content = zip.by_name("content.xml").map_err(bad)?;
    let mut xml = quick_xml::Reader::from_reader(BufReader::new(content));
    let mut buf = Vec::new();
    let mut rows = Bounded::default();
    // The table's rows so far, repeated ones counted: where the next row is.
    let mut row = 0_u64;
    loop {
        buf.clear();
        match xml.read_event_into(&mut buf).map_err(bad)? {
            Event::Start(e) if e.name().as_ref() == "table:table" => {
                rows = Bounded::default();
                row = 0;
            }
            Event::End(e) if e.name().as_ref() == "table:table" && !rows.rows.is_empty() => {
                return Ok(rows.rows);
            }
            Event::Start(e) if e.name().as_ref() == "table:table-row" => {
                let times = repeats(&e, "table:number-rows-repeated")?;
                let cells = read_ods_row(&mut xml, row)?;
                rows.push(cells, times)?;
                row = row.saturating_add(times);
            }
            Event::Empty(e) if e.name().as_ref() == "table:table-row" => {
                row = row.saturating_add(repeats(&e, "table:number-rows-repeated")?);
            }
            Event::Eof => return Ok(rows.rows),
            _ => {}
        }
    }
}

/// How many times an element stands for itself (`table:number-rows-repeated`,
/// `table:number-columns-repeated`): 1 when it does not say.
fn repeats(e: &BytesStart<'_>, attribute: &str) -> Result<u64, RosterFileError> {
    match e.try_get_attribute(attribute).map_err(bad)? {
        None => Ok(1),
        Some(a) => count(&a.value).ok_or_else(|| {
            bad(format!(
                "{attribute}=\"{}\" in content.xml is not a count",
                a.value
            ))
        }),
    }
}

fn is_ods_cell(e: &BytesStart<'_>) -> bool {
    matches!(
        e.name().as_ref(),
        "table:table-cell" | "table:covered-table-cell"
    )
}

/// The value a cell carries in its attributes (a number, a date…), for a cell without text.
fn ods_value(e: &BytesStart<'_>) -> Result<String, RosterFileError> {
    for name in [
        "office:string-value",
        "office:value",
        "office:date-value",
        "office:time-value",
        "office:boolean-value",
    ] {
        if let Some(a) = e.try_get_attribute(name).map_err(bad)? {
            return a
                .normalized_value(quick_xml::XmlVersion::Implicit1_0)
                .map(|v| v.into_owned())
                .map_err(bad);
        }
    }
    Ok(String::new())
}

/// The cells of row `row` of an ODS table (its start tag read) up to its end tag: at most
/// [`super::MAX_COLUMNS`], a cell repeated across columns put in each of them.
fn read_ods_row<B: BufRead>(
    xml: &mut quick_xml::Reader<B>,
    row: u64,
) -> Result<Vec<String>, RosterFileError> {
    let mut cells = Vec::new();
    let mut column = 0_u64;
    let mut buf = Vec::new();
    loop {
        buf.clear();
        let (times, text) = match xml.read_event_into(&mut buf).map_err(bad)? {
            Event::Start(e) if is_ods_cell(&e) => {
                let times = repeats(&e, "table:number-columns-repeated")?;
                let value = ods_value(&e)?;
                let text = read_ods_cell(xml, row, column)?;
                (times, if text.trim().is_empty() { value } else { text })
            }
            Event::Empty(e) if is_ods_cell(&e) => (
                repeats(&e, "table:number-columns-repeated")?,
                ods_value(&e)?,
            ),
            Event::End(e) if e.name().as_ref() == "table:table-row" => return Ok(cells),
            Event::Eof => return Err(bad("content.xml ends inside a table row")),
            _ => continue,
        };
        let text = text.trim();
        if !text.is_empty() && times > 0 {
            // The rightmost copy decides whether the cell is within a roster's columns.
            Bounded::check(row, column.saturating_add(times - 1), text)?;
            cells.resize(column as usize, String::new());
            for _ in 0..times {
                cells.push(text.to_owned());
            }
        }
        column = column.saturating_add(times);
    }
}

/// The text of an ODS cell (its start tag read) up to its end tag: its paragraphs one a line,
/// with their spaces (`text:s`), tabs and line breaks; comments left out. Refused once longer
/// than [`MAX_CELL_CHARS`].
fn read_ods_cell<B: BufRead>(
    xml: &mut quick_xml::Reader<B>,
    row: u64,
    column: u64,
) -> Result<String, RosterFileError> {
    let too_long = || RosterFileError::CellTooLong {
        row: row + 1,
        column: column + 1,
        max: MAX_CELL_CHARS,
    };
    let mut text = String::new();
    // Elements open inside the cell; the depth of a comment being left out; paragraphs open
    // and begun.
    let mut depth = 0_usize;
    let mut comment_at = None;
    let mut open = 0_usize;
    let mut paragraphs = 0_usize;
    let mut buf = Vec::new();
    loop {
        buf.clear();
        let event = xml.read_event_into(&mut buf).map_err(bad)?;
        let kept = comment_at.is_none();
        match event {
            Event::Start(e) => {
                depth += 1;
                match e.name().as_ref() {
                    _ if !kept => {}
                    "office:annotation" => comment_at = Some(depth),
                    "text:p" | "text:h" => {
                        if paragraphs > 0 {
                            text.push('\n');
                        }
                        paragraphs += 1;
                        open += 1;
                    }
                    _ => {}
                }
            }
            Event::End(_) if depth == 0 => return Ok(text),
            Event::End(e) => {
                if comment_at == Some(depth) {
                    comment_at = None;
                } else if kept && matches!(e.name().as_ref(), "text:p" | "text:h") {
                    open = open.saturating_sub(1);
                }
                depth -= 1;
            }
            Event::Empty(e) if kept => match e.name().as_ref() {
                "text:s" => {
                    let n = repeats(&e, "text:c")?.min(MAX_CELL_CHARS as u64 + 1);
                    text.extend((0..n).map(|_| ' '));
                }
                "text:tab" => text.push('\t'),
                "text:line-break" => text.push('\n'),
                "text:p" | "text:h" => {
                    if paragraphs > 0 {
                        text.push('\n');
                    }
                    paragraphs += 1;
                }
                _ => {}
            },
            Event::Text(t) if kept && open > 0 => text.push_str(&t.xml10_content()),
            Event::CData(t) if kept && open > 0 => text.push_str(&t.xml10_content()),
            Event::GeneralRef(r) if kept && open > 0 => {
                if let Some(s) = quick_xml::escape::resolve_predefined_entity(&r) {
                    text.push_str(s);
                } else if let Ok(Some(c)) = r.resolve_char_ref() {
                    text.push(c);
                }
            }
            Event::Eof => return Err(bad("content.xml ends inside a table cell")),
            _ => {}
        }
        // More than 4 bytes a character: more characters than a cell may hold (the exact
        // count is checked once the cell is whole).
        if text.len() > MAX_CELL_CHARS * 4 {
            return Err(too_long());
        }
    }
}
