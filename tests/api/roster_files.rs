//! Hostile roster files (issue 19, "Files from clubs"), each read by `read_file` in a child
//! process under a memory limit: this test binary runs again, with [`CASE`] naming the file,
//! under `RLIMIT_AS` of [`ADDRESS_SPACE`]. The child must answer with a sentence, or the
//! roster, without aborting and within [`PATIENCE`]; it prints its answer, its peak resident
//! memory (`VmHWM`) and how long the read took, and the parent checks them and prints a line
//! per file (`cargo test --test api roster_files -- --nocapture` shows the figures).
//!
//! The files: an XLSX of two cells, A1 and XFD1048576 (the range between them is 2^34
//! cells); an XLSX whose cell holds 400 MB of text in 400 KB (a zip bomb), and the same bomb
//! declaring a thousand bytes; an XLSX whose shared strings announce 10^11 texts; an ODS row
//! of 99 filled cells repeated a million times, and one of 16,384 repeated 6,000 times (each
//! just under `calamine`'s own cap of 10^8 cells, gigabytes as it copies them); a CSV of 1.1
//! million rows; a CSV line of a million cells; and Excel's "Unicode text" (UTF-16 LE), whose
//! letters must survive; an Excel 97–2003 file (written by Python's xlwt, committed under
//! tests/fixtures/xls) of two cells, A1 and IV65536, whose DIMENSIONS record spans the sheet
//! (16.7 million cells for `calamine`'s reader).

// The child's memory limit (`RLIMIT_AS`) and its peak (`/proc/self/status`) are Linux's.
#![cfg(target_os = "linux")]

use crate::patience::PATIENCE;
use logodesk::orders::roster_import::read_file;
use std::io::Write;
use std::os::unix::process::CommandExt as _;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// The environment variable that makes [`child_reads_the_file_it_is_given`] read a file.
const CASE: &str = "LOGODESK_ROSTER_FILE";

/// The child's address space: the test binary and its threads need a few hundred MiB of it,
/// a roster a few more; what today's readers asked for (2^34 cells, a 400 MB cell copied
/// thrice) is far beyond.
const ADDRESS_SPACE: u64 = 1536 * 1024 * 1024;

/// Peak resident memory a read may reach (the test binary itself takes about 30 MiB).
const MOST_RESIDENT_KIB: u64 = 256 * 1024;

/// The child's half. In an ordinary run [`CASE`] is not set and it does nothing.
#[test]
fn child_reads_the_file_it_is_given() {
    let Some(path) = std::env::var_os(CASE) else {
        return;
    };
    let started = Instant::now();
    let answer = match read_file(Path::new(&path)) {
        Ok(table) => {
            let first: Vec<String> = table.rows.iter().take(3).map(|r| r.join("|")).collect();
            format!("{} rows: {}", table.rows.len(), first.join(" / "))
        }
        Err(e) => format!("sentence: {e}"),
    };
    let took = started.elapsed();
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    let kib = |field: &str| {
        status
            .lines()
            .find_map(|l| l.strip_prefix(field))
            .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<u64>().ok())
            .unwrap_or(0)
    };
    println!("ROSTER-ANSWER {answer}");
    println!("ROSTER-PEAK-KIB {}", kib("VmHWM:"));
    println!("ROSTER-MS {}", took.as_millis());
}

/// What the child answered about a file.
struct Answer {
    text: String,
    peak_kib: u64,
    millis: u64,
}

/// Reads `path` in a child process under the memory limit; panics when the child does not
/// answer (aborted, killed, or still reading after [`PATIENCE`]).
fn read_in_child(path: &Path) -> Answer {
    let dir = path.parent().unwrap_or(Path::new("."));
    let out_path = dir.join("child.out");
    let err_path = dir.join("child.err");
    let mut command = Command::new(std::env::current_exe().unwrap());
    command
        .args([
            "roster_files::child_reads_the_file_it_is_given",
            "--exact",
            "--nocapture",
            "--test-threads=1",
        ])
        .env(CASE, path)
        .stdin(Stdio::null())
        .stdout(std::fs::File::create(&out_path).unwrap())
        .stderr(std::fs::File::create(&err_path).unwrap());
    let limit = libc::rlimit {
        rlim_cur: ADDRESS_SPACE,
        rlim_max: ADDRESS_SPACE,
    };
    // SAFETY: between fork and exec only setrlimit is called, which is async-signal-safe; it
    // touches no memory of the parent's.
    unsafe {
        command.pre_exec(move || {
            if libc::setrlimit(libc::RLIMIT_AS, &limit) == 0 {
                Ok(())
            } else {
                Err(std::io::Error::last_os_error())
            }
        });
    }
    let mut child = command.spawn().unwrap();
    let started = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if started.elapsed() > PATIENCE {
            child.kill().ok();
            child.wait().ok();
            panic!("{}: still reading after {PATIENCE:?}", path.display());
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let out = std::fs::read_to_string(&out_path).unwrap_or_default();
    let err = std::fs::read_to_string(&err_path).unwrap_or_default();
    assert!(
        status.success(),
        "{}: the child did not answer ({status:?})\n{out}\n{err}",
        path.display()
    );
    // The harness prints the test's name first, on the same line.
    let field = |name: &str| {
        out.lines()
            .find_map(|l| l.split_once(name).map(|(_, value)| value))
            .map(str::trim)
            .unwrap_or_else(|| panic!("no {name} from the child:\n{out}\n{err}"))
            .to_owned()
    };
    Answer {
        text: field("ROSTER-ANSWER"),
        peak_kib: field("ROSTER-PEAK-KIB").parse().unwrap(),
        millis: field("ROSTER-MS").parse().unwrap(),
    }
}

/// Reads the file `write` makes in a child, checks that the answer starts with `expected`
/// and that the read stayed within [`MOST_RESIDENT_KIB`], and prints the figures.
fn check(name: &str, write: impl FnOnce(&Path), expected: &str) -> Answer {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(name);
    write(&path);
    let bytes = std::fs::metadata(&path).unwrap().len();
    let answer = read_in_child(&path);
    println!(
        "{name}: {bytes} bytes; peak resident {} KiB; read in {} ms; {}",
        answer.peak_kib,
        answer.millis,
        answer.text.chars().take(160).collect::<String>()
    );
    assert!(
        answer.text.starts_with(expected),
        "{name}: {}\nexpected: {expected}",
        answer.text
    );
    assert!(
        answer.peak_kib < MOST_RESIDENT_KIB,
        "{name}: {} KiB resident at the peak",
        answer.peak_kib
    );
    answer
}

/// What writes a part's content.
type Writes<'a> = &'a dyn Fn(&mut dyn Write);

/// Writes a zip container: `parts` as they are, then `streamed`'s part written by a function
/// (so 400 MB never sits in memory), deflated.
fn zip_file(path: &Path, parts: &[(&str, &str)], streamed: (&str, Writes<'_>)) {
    let mut zip = zip::ZipWriter::new(std::fs::File::create(path).unwrap());
    let options = zip::write::SimpleFileOptions::default();
    for (name, content) in parts {
        zip.start_file(*name, options).unwrap();
        zip.write_all(content.as_bytes()).unwrap();
    }
    zip.start_file(streamed.0, options).unwrap();
    streamed.1(&mut zip);
    zip.finish().unwrap();
}

const MAIN: &str = "http://schemas.openxmlformats.org/spreadsheetml/2006/main";
const RELS: &str = "http://schemas.openxmlformats.org/package/2006/relationships";
const DOC_RELS: &str = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";

/// A workbook of one sheet whose `<sheetData>` `cells` writes, as Excel lays it out, with
/// `extra` parts (shared strings) beside it.
fn xlsx(path: &Path, extra: &[(&str, &str)], cells: Writes<'_>) {
    let types = r#"<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>"#;
    let rels = format!(
        r#"<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="{RELS}"><Relationship Id="rId1" Type="{DOC_RELS}/officeDocument" Target="xl/workbook.xml"/></Relationships>"#
    );
    let workbook = format!(
        r#"<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="{MAIN}" xmlns:r="{DOC_RELS}"><sheets><sheet name="Hold" sheetId="1" r:id="rId1"/></sheets></workbook>"#
    );
    let workbook_rels = format!(
        r#"<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="{RELS}"><Relationship Id="rId1" Type="{DOC_RELS}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>"#
    );
    let mut parts = vec![
        ("[Content_Types].xml", types),
        ("_rels/.rels", rels.as_str()),
        ("xl/workbook.xml", workbook.as_str()),
        ("xl/_rels/workbook.xml.rels", workbook_rels.as_str()),
    ];
    parts.extend_from_slice(extra);
    let sheet = |out: &mut dyn Write| {
        write!(
            out,
            r#"<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="{MAIN}"><sheetData>"#
        )
        .unwrap();
        cells(out);
        out.write_all(b"</sheetData></worksheet>").unwrap();
    };
    zip_file(path, &parts, ("xl/worksheets/sheet1.xml", &sheet));
}

/// A cell of inline text.
fn inline(out: &mut dyn Write, cell: &str, text: &str) {
    write!(
        out,
        r#"<c r="{cell}" t="inlineStr"><is><t>{text}</t></is></c>"#
    )
    .unwrap();
}

/// A header row and, in B2, a cell of 400 MB of text.
fn bomb(out: &mut dyn Write) {
    out.write_all(b"<row r=\"1\">").unwrap();
    inline(out, "A1", "Navn");
    out.write_all(b"</row><row r=\"2\"><c r=\"B2\" t=\"inlineStr\"><is><t>")
        .unwrap();
    let chunk = vec![b'A'; 1024 * 1024];
    for _ in 0..400 {
        out.write_all(&chunk).unwrap();
    }
    out.write_all(b"</t></is></c></row>").unwrap();
}

#[test]
fn an_xlsx_of_two_cells_far_apart_is_refused_with_a_sentence() {
    check(
        "two cells.xlsx",
        |path| {
            xlsx(path, &[], &|out| {
                out.write_all(b"<row r=\"1\">").unwrap();
                inline(out, "A1", "Navn");
                out.write_all(b"</row><row r=\"1048576\">").unwrap();
                inline(out, "XFD1048576", "x");
                out.write_all(b"</row>").unwrap();
            })
        },
        "sentence: Row 1048576 of the file has a cell in column 16384, and a roster has at most 100 columns.",
    );
}

#[test]
fn an_xls_of_two_cells_far_apart_is_refused_with_a_sentence() {
    let fixture = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/xls/corners_xlwt.xls");
    check(
        "two cells.xls",
        |path| {
            std::fs::copy(&fixture, path).unwrap();
        },
        "sentence: Row 65536 of the file has a cell in column 256, and a roster has at most 100 columns.",
    );
}

#[test]
fn an_xlsx_zip_bomb_is_refused_before_it_is_unpacked() {
    let answer = check(
        "bomb.xlsx",
        |path| xlsx(path, &[], &bomb),
        "sentence: The spreadsheet unpacks to more than 16 MiB, far more than a roster.",
    );
    assert!(answer.millis < 10_000, "{} ms", answer.millis);
}

/// About the most a workbook may hold: a header and 500 rows of 100 cells of 200 characters,
/// 14 MiB of XML: read whole, within the same bounds.
#[test]
fn a_workbook_as_large_as_a_roster_may_be_is_read_within_bounds() {
    let answer = check(
        "largest.xlsx",
        |path| {
            xlsx(path, &[], &|out| {
                let text = "Ø".repeat(50) + &"x".repeat(150);
                for row in 1..=501 {
                    write!(out, r#"<row r="{row}">"#).unwrap();
                    for column in 0..100 {
                        inline(out, &format!("{}{row}", column_name(column)), &text);
                    }
                    out.write_all(b"</row>").unwrap();
                }
            })
        },
        "501 rows: ",
    );
    assert!(answer.text.contains("ØØØ"), "{}", answer.text);
}

/// Column `n` (from 0) as Excel names it: A…Z, AA…
fn column_name(n: usize) -> String {
    let letter = |k: usize| char::from(b'A' + (k % 26) as u8);
    match n {
        0..26 => letter(n).to_string(),
        _ => format!("{}{}", letter(n / 26 - 1), letter(n)),
    }
}

/// The zip bomb with its sheet declaring 1,000 bytes in the container's headers.
#[test]
fn a_zip_bomb_that_understates_its_size_is_refused_too() {
    check(
        "lying bomb.xlsx",
        |path| {
            xlsx(path, &[], &bomb);
            let mut bytes = std::fs::read(path).unwrap();
            understate(&mut bytes, "xl/worksheets/sheet1.xml", 1_000);
            std::fs::write(path, bytes).unwrap();
        },
        // The container's reader stops at the declared size and says so.
        "sentence: The spreadsheet could not be read (File is larger than its declared uncompressed size).",
    );
}

/// Writes `size` as the unpacked size of part `name` in its local header and its central
/// directory entry.
fn understate(zip: &mut [u8], name: &str, size: u32) {
    let mut patched = 0;
    for at in 0..zip.len().saturating_sub(46) {
        let (name_at, name_len_at, size_at) = match &zip[at..at + 4] {
            b"PK\x03\x04" => (30, 26, 22),
            b"PK\x01\x02" => (46, 28, 24),
            _ => continue,
        };
        let name_len = u16::from_le_bytes([zip[at + name_len_at], zip[at + name_len_at + 1]]);
        if zip.get(at + name_at..at + name_at + usize::from(name_len)) == Some(name.as_bytes()) {
            zip[at + size_at..at + size_at + 4].copy_from_slice(&size.to_le_bytes());
            patched += 1;
        }
    }
    assert_eq!(patched, 2, "the local and the central header of {name}");
}

#[test]
fn shared_strings_that_announce_more_texts_than_they_hold_are_refused() {
    let strings = format!(
        r#"<?xml version="1.0" encoding="UTF-8"?><sst xmlns="{MAIN}" count="1" uniqueCount="100000000000"><si><t>Navn</t></si></sst>"#
    );
    check(
        "strings.xlsx",
        |path| {
            xlsx(
                path,
                &[("xl/sharedStrings.xml", strings.as_str())],
                &|out| {
                    out.write_all(b"<row r=\"1\"><c r=\"A1\" t=\"s\"><v>0</v></c></row>")
                        .unwrap()
                },
            )
        },
        "sentence: The spreadsheet could not be read (xl/sharedStrings.xml announces 100000000000 texts",
    );
}

/// The list of an ODS file's parts, as LibreOffice writes it.
const MANIFEST: &str = r#"<?xml version="1.0" encoding="UTF-8"?><manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.2"><manifest:file-entry manifest:full-path="/" manifest:media-type="application/vnd.oasis.opendocument.spreadsheet"/><manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/></manifest:manifest>"#;

/// An ODS file whose table has a header row and then `rows` (the XML of its rows).
fn ods(path: &Path, rows: &str) {
    let content = format!(
        r#"<?xml version="1.0" encoding="UTF-8"?><office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"><office:body><office:spreadsheet><table:table table:name="Hold"><table:table-row><table:table-cell office:value-type="string"><text:p>Str.</text:p></table:table-cell><table:table-cell office:value-type="string"><text:p>Navn</text:p></table:table-cell></table:table-row>{rows}</table:table></office:spreadsheet></office:body></office:document-content>"#
    );
    let content = content.as_str();
    zip_file(
        path,
        &[
            ("mimetype", "application/vnd.oasis.opendocument.spreadsheet"),
            ("META-INF/manifest.xml", MANIFEST),
        ],
        ("content.xml", &|out: &mut dyn Write| {
            out.write_all(content.as_bytes()).unwrap()
        }),
    );
}

#[test]
fn ods_rows_repeated_a_million_times_are_refused_with_a_sentence() {
    check(
        "repeated rows.ods",
        |path| {
            ods(
                path,
                r#"<table:table-row table:number-rows-repeated="1000000"><table:table-cell office:value-type="string" table:number-columns-repeated="99"><text:p>M</text:p></table:table-cell></table:table-row>"#,
            )
        },
        "sentence: The file has more than 500 rows, and one design line takes at most 500.",
    );
}

#[test]
fn ods_columns_repeated_across_the_sheet_are_refused_with_a_sentence() {
    check(
        "repeated columns.ods",
        |path| {
            ods(
                path,
                r#"<table:table-row table:number-rows-repeated="6000"><table:table-cell office:value-type="string" table:number-columns-repeated="16384"><text:p>M</text:p></table:table-cell></table:table-row>"#,
            )
        },
        "sentence: Row 2 of the file has a cell in column 16384, and a roster has at most 100 columns.",
    );
}

#[test]
fn a_csv_of_a_million_rows_is_refused_with_a_sentence() {
    check(
        "million rows.csv",
        |path| {
            let mut out = std::io::BufWriter::new(std::fs::File::create(path).unwrap());
            for _ in 0..1_100_000 {
                out.write_all(b"M,A,1\n").unwrap();
            }
            out.flush().unwrap();
        },
        "sentence: The file has more than 500 rows, and one design line takes at most 500.",
    );
}

#[test]
fn a_csv_line_of_a_million_cells_is_refused_with_a_sentence() {
    check(
        "million columns.csv",
        |path| std::fs::write(path, "M,".repeat(1_000_000) + "M\n").unwrap(),
        "sentence: Row 1 of the file has a cell in column 101, and a roster has at most 100 columns.",
    );
}

/// Excel's "Save As → Unicode Text": UTF-16 LE with a BOM, tab-separated.
#[test]
fn excel_s_unicode_text_keeps_its_letters() {
    let text = "Størrelse\tNavn\tNummer\r\nM\tSøren Ødegaard\t7\r\nL\tÅse Æbelø\t10\r\n";
    check(
        "Hold (Unicode).txt",
        |path| {
            let bytes: Vec<u8> = [0xFF, 0xFE]
                .into_iter()
                .chain(text.encode_utf16().flat_map(u16::to_le_bytes))
                .collect();
            std::fs::write(path, bytes).unwrap();
        },
        "3 rows: Størrelse|Navn|Nummer / M|Søren Ødegaard|7 / L|Åse Æbelø|10",
    );
}
