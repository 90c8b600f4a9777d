//! An order as the service returned it, and a design line's roster (or the empty roster
//! template), written as CSV for a spreadsheet in the person's language (the `csv` crate
//! does the quoting):
//!
//! - UTF-8 with a byte order mark, so Excel reads "ø" and "æ" as such;
//! - Danish: `;` between cells and a decimal comma (`125,5`), as Danish Excel expects;
//!   English: `,` and a decimal point;
//! - numbers without thousands separators, so every spreadsheet reads them as numbers;
//! - **text cells** (titles, names, references, values: whatever a person or the service
//!   typed) that start with `=`, `+`, `-`, `@`, a tab or a carriage return get a leading `'`,
//!   so a spreadsheet shows them as text instead of running them as a formula;
//! - **number cells** (quantities, amounts, the VAT rate) are written from the numbers the
//!   order holds (`i64`, `Decimal`), never from text, so they cannot carry a formula: a
//!   negative number stays `-12,5`, a number, and is not neutralised.

use super::form::RowForm;
use super::lines::OrderLines;
use crate::api::{Order, TrackingRecord};
use crate::locale::Language;
use rust_decimal::Decimal;

/// The UTF-8 byte order mark every export starts with.
pub const BOM: &[u8] = b"\xEF\xBB\xBF";

/// Why the CSV could not be written.
#[derive(Debug, thiserror::Error)]
#[error("{}", crate::tr!("orders-csv-failed", reason = .0.to_string()))]
pub struct CsvError(#[from] csv::Error);

/// The cell separator a spreadsheet in `language` expects.
pub fn separator(language: Language) -> u8 {
    match language {
        Language::Danish => b';',
        Language::English => b',',
    }
}

/// A text cell as a spreadsheet should show it: with a leading `'` when it starts with a
/// character that would make it a formula (`=`, `+`, `-`, `@`, tab, carriage return).
pub fn text_cell(text: &str) -> String {
    if text.starts_with(['=', '+', '-', '@', '\t', '\r']) {
        format!("'{text}")
    } else {
        text.to_owned()
    }
}

/// One cell, text or number.
enum Cell<'a> {
    Text(&'a str),
    Number(Decimal),
}

impl Cell<'_> {
    fn write(&self, language: Language) -> String {
        match self {
            Cell::Text(text) => text_cell(text),
            Cell::Number(n) => language.plain_number(*n),
        }
    }
}

/// The order's lines and totals as CSV for a spreadsheet in `language` (BOM, separators and
/// decimals as the module says), as the service returned them.
pub fn order_csv(
    record: &TrackingRecord,
    order: &Order,
    language: Language,
) -> Result<Vec<u8>, CsvError> {
    let mut out = BOM.to_vec();
    {
        let mut w = csv::WriterBuilder::new()
            .delimiter(separator(language))
            .flexible(true)
            .from_writer(&mut out);
        let mut row = |cells: &[Cell<'_>]| -> Result<(), CsvError> {
            w.write_record(cells.iter().map(|c| c.write(language)))?;
            Ok(())
        };
        use Cell::{Number, Text};
        let word = |id: &str| crate::i18n::text_in(language, id, None);
        let head = [
            "csv-kind",
            "csv-item",
            "csv-title",
            "csv-size",
            "csv-quantity",
            "csv-name",
            "csv-number",
            "csv-value",
        ]
        .map(word);
        row(&head.each_ref().map(|h| Text(h.as_str())))?;
        let (design, logo) = (word("csv-kind-design"), word("csv-kind-logo"));
        let lines = OrderLines::of(order);
        for d in &lines.designs {
            let item = d.item.to_string();
            for r in &d.rows {
                row(&[
                    Text(&design),
                    Text(&item),
                    Text(&d.title),
                    Text(&r.size),
                    Number(r.quantity.into()),
                    Text(&r.name),
                    Text(&r.number),
                    Text(&r.values),
                ])?;
            }
        }
        for l in &lines.logos {
            let item = l.item.to_string();
            row(&[
                Text(&logo),
                Text(&item),
                Text(&l.title),
                Text(""),
                Number(l.quantity.into()),
                Text(""),
                Text(""),
                Text(&l.value),
            ])?;
        }
        let tracking = record.id.to_string();
        let facts = [
            ("csv-order-number", Text(order.order_number.as_str())),
            ("csv-tracking-id", Text(&tracking)),
            ("csv-reference", Text(&order.reference)),
            ("csv-currency", Text(&order.currency)),
            ("csv-subtotal", Number(order.sub_total)),
            ("csv-vat-rate", Number(order.vat_rate)),
            ("csv-vat", Number(order.vat)),
            ("csv-total", Number(order.total)),
        ];
        for (id, value) in facts {
            let name = word(id);
            row(&[Text(&name), value])?;
        }
        w.flush().map_err(csv::Error::from)?;
    }
    Ok(out)
}

/// A design line's roster as CSV for a spreadsheet in `language`: a heading row (size,
/// quantity, name, number — the headings the roster import recognises) and a row per row of
/// the grid. With no rows it is the roster template a club fills in.
pub fn roster_csv(rows: &[RowForm], language: Language) -> Result<Vec<u8>, CsvError> {
    let mut out = BOM.to_vec();
    {
        let mut w = csv::WriterBuilder::new()
            .delimiter(separator(language))
            .from_writer(&mut out);
        let word = |id: &str| crate::i18n::text_in(language, id, None);
        w.write_record(["csv-size", "csv-quantity", "csv-name", "csv-number"].map(word))?;
        for r in rows {
            w.write_record(
                [&r.size, &r.quantity, &r.name, &r.number].map(|c| text_cell(c.trim())),
            )?;
        }
        w.flush().map_err(csv::Error::from)?;
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(reference: &str, title: &str, name: &str) -> TrackingRecord {
        serde_json::from_value(serde_json::json!({
            "id": 50001, "orderNumber": "SO-1", "status": "Completed",
            "order": {
                "orderNumber": "SO-1", "placedAtUtc": "2026-01-02T10:00:00Z",
                "latestDeliveryDate": "2026-01-09T00:00:00", "reference": reference,
                "comment": "", "originOfDelivery": "",
                "deliveryAddress": {"name": "N", "address": "A", "zip": "Z", "city": "C", "country": "DK"},
                "currency": "DKK", "subTotal": 1000.5, "vat": 250.125, "vatRate": 25.0, "total": 1250.625,
                "designs": [{"designId": 1, "designMul": "MUL1", "designTitle": title,
                    "instances": [{"size": "M", "quantity": 2, "name": name, "number": "7",
                        "logoValues": [{"logoId": 4, "value": "Sønderå"}]}]}],
                "logos": [{"logoId": 9, "logoSku": "300036", "logoTitle": "Numbers", "quantity": 3}]
            }
        }))
        .unwrap()
    }

    /// The CSV read back with the `csv` crate as a spreadsheet of `language` would.
    fn read_back(bytes: &[u8], language: Language) -> Vec<Vec<String>> {
        let body = bytes.strip_prefix(BOM).expect("starts with the BOM");
        csv::ReaderBuilder::new()
            .delimiter(separator(language))
            .has_headers(false)
            .flexible(true)
            .from_reader(body)
            .records()
            .map(|r| r.unwrap().iter().map(str::to_owned).collect())
            .collect()
    }

    fn csv_of(record: &TrackingRecord, language: Language) -> Vec<u8> {
        order_csv(record, record.order.as_ref().unwrap(), language).unwrap()
    }

    fn fact<'a>(rows: &'a [Vec<String>], name: &str) -> &'a str {
        &rows.iter().find(|r| r[0] == name).unwrap()[1]
    }

    #[test]
    fn danish_reads_back_with_semicolons_and_decimal_commas() {
        let r = record("PO; 7, \"A\"", "Kit", "Hansen");
        let bytes = csv_of(&r, Language::Danish);
        let text = std::str::from_utf8(&bytes[BOM.len()..]).unwrap();
        assert!(
            text.starts_with("type;varenr.;titel;størrelse;antal;navn;nummer;værdi\n"),
            "{text}"
        );
        let rows = read_back(&bytes, Language::Danish);
        assert_eq!(
            rows[1],
            [
                "design",
                "MUL1",
                "Kit",
                "M",
                "2",
                "Hansen",
                "7",
                "4: Sønderå"
            ]
        );
        assert_eq!(rows[2], ["logo", "300036", "Numbers", "", "3", "", "", ""]);
        assert_eq!(fact(&rows, "reference"), "PO; 7, \"A\"");
        assert_eq!(fact(&rows, "sporings-id"), "50001");
        assert_eq!(fact(&rows, "subtotal"), "1000,5");
        assert_eq!(fact(&rows, "moms"), "250,125");
        assert_eq!(fact(&rows, "momssats %"), "25");
        assert_eq!(fact(&rows, "i alt"), "1250,625");
    }

    #[test]
    fn english_reads_back_with_commas_and_decimal_points() {
        let r = record("PO; 7, \"A\"", "Kit", "Hansen");
        let bytes = csv_of(&r, Language::English);
        assert!(bytes.starts_with(b"\xEF\xBB\xBFkind,item,title,"));
        let rows = read_back(&bytes, Language::English);
        assert_eq!(rows[1][0..5], ["design", "MUL1", "Kit", "M", "2"]);
        assert_eq!(fact(&rows, "reference"), "PO; 7, \"A\"");
        assert_eq!(fact(&rows, "subtotal"), "1000.5");
        assert_eq!(fact(&rows, "total"), "1250.625");
        // Read with the other locale's separator it is not the same table.
        assert_ne!(read_back(&bytes, Language::Danish)[1], rows[1]);
    }

    /// A line's roster exported and imported again is the same roster, in both languages,
    /// and the template's headings are each recognised.
    #[test]
    fn a_roster_exported_imports_again_as_it_was() {
        use crate::orders::roster_import::{Column, Mapping, RosterTable, preview, read_csv};
        let row = |size: &str, name: &str, number: &str| RowForm {
            size: size.into(),
            quantity: "1".into(),
            name: name.into(),
            number: number.into(),
            ..RowForm::default()
        };
        let rows = [row("M", "Sørensen", "7"), row("152", "Hansen, Jr.", "10")];
        for language in [Language::Danish, Language::English] {
            let template = roster_csv(&[], language).unwrap();
            let table = RosterTable {
                file_name: "holdliste.csv".into(),
                rows: read_csv(&template).unwrap(),
            };
            assert_eq!(
                Mapping::guess(&table).columns,
                [Column::Size, Column::Quantity, Column::Name, Column::Number],
                "{language:?}"
            );
            let table = RosterTable {
                file_name: "holdliste.csv".into(),
                rows: read_csv(&roster_csv(&rows, language).unwrap()).unwrap(),
            };
            let back: Vec<RowForm> = preview(&table, &Mapping::guess(&table), &[])
                .into_iter()
                .map(|p| p.row)
                .collect();
            assert_eq!(back, rows, "{language:?}");
        }
    }

    #[test]
    fn formulas_in_text_are_neutralised() {
        let r = record("=HYPERLINK(\"x\")", "+Kit", "-Hansen");
        for language in Language::ALL {
            let rows = read_back(&csv_of(&r, language), language);
            assert_eq!(fact(&rows, "reference"), "'=HYPERLINK(\"x\")");
            assert_eq!(rows[1][2], "'+Kit");
            assert_eq!(rows[1][5], "'-Hansen");
        }
        assert_eq!(text_cell("@SUM(A1)"), "'@SUM(A1)");
        assert_eq!(text_cell("\tx"), "'\tx");
        assert_eq!(text_cell("\rx"), "'\rx");
        assert_eq!(text_cell("a=b"), "a=b");
        assert_eq!(text_cell(""), "");
    }

    #[test]
    fn negative_numbers_stay_numbers() {
        let mut r = record("PO", "Kit", "Hansen");
        if let Some(order) = &mut r.order {
            order.vat = Decimal::new(-125, 1);
        }
        let rows = read_back(&csv_of(&r, Language::Danish), Language::Danish);
        assert_eq!(fact(&rows, "moms"), "-12,5");
        let rows = read_back(&csv_of(&r, Language::English), Language::English);
        assert_eq!(fact(&rows, "vat"), "-12.5");
    }
}
