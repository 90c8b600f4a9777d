//! The PDFs in Danish: the roster proof sheet (one with rows, one without) and the order
//! confirmation, made while the process speaks Danish, read back with a PDF reader (lopdf):
//! the Danish headings are there, no English word of `assets/i18n/en/pdf.ftl` is left (every
//! message's English text that differs from its Danish twin is looked for), money reads
//! `1.830,75 kr.`, counts `1.213`, dates `1. mar. 2026`, and æøå come out as typed.
//! `LOGODESK_KEEP_DANISH_PDF=<folder>` keeps `proof.pdf` and `confirmation.pdf` there to look at.

use fluent_syntax::ast;
use logodesk::api::{Order, OrderId};
use logodesk::i18n::set_language;
use logodesk::locale::Language;
use logodesk::pdf;
use std::sync::MutexGuard;

/// Danish for as long as it lives (taking its turn with the other tests), English after.
struct InDanish {
    _turn: MutexGuard<'static, ()>,
}

impl InDanish {
    fn new() -> InDanish {
        let turn = crate::one_language_at_a_time();
        set_language(Language::Danish);
        InDanish { _turn: turn }
    }
}

impl Drop for InDanish {
    fn drop(&mut self) {
        set_language(Language::English);
    }
}

/// The text of every page, and the title in the document's properties.
fn read_back(bytes: &[u8]) -> (String, String) {
    let doc = lopdf::Document::load_mem(bytes).expect("a readable PDF");
    let pages: Vec<u32> = doc.get_pages().keys().copied().collect();
    let text = doc.extract_text(&pages).expect("its text");
    let title = doc
        .trailer
        .get(b"Info")
        .and_then(|info| doc.dereference(info))
        .and_then(|(_, info)| info.as_dict())
        .and_then(|info| info.get(b"Title"))
        .and_then(|title| title.as_str())
        .map(text_string)
        .expect("a title in the document's properties");
    (text, title)
}

/// A PDF text string: UTF-16 with its byte-order mark, else one byte a letter.
fn text_string(bytes: &[u8]) -> String {
    match bytes.strip_prefix(&[0xfe, 0xff]) {
        Some(utf16) => {
            let units: Vec<u16> = utf16
                .chunks_exact(2)
                .map(|c| u16::from_be_bytes([c[0], c[1]]))
                .collect();
            String::from_utf16_lossy(&units)
        }
        None => bytes.iter().map(|&b| char::from(b)).collect(),
    }
}

fn keep(name: &str, bytes: &[u8]) {
    if let Ok(folder) = std::env::var("LOGODESK_KEEP_DANISH_PDF") {
        std::fs::write(std::path::Path::new(&folder).join(name), bytes).unwrap();
    }
}

/// A completed order with every fact the confirmation can show, 1.830,75 kr. in all.
fn order() -> Order {
    serde_json::from_value(serde_json::json!({
        "orderNumber": "SO-4711", "placedAtUtc": "2026-03-02T09:30:00Z",
        "latestDeliveryDate": "2026-03-16T00:00:00", "reference": "U15 forår",
        "comment": "Ring før levering", "originOfDelivery": "Vejle",
        "deliveryAddress": {"name": "Sønderå IF", "address": "Stadionvej 1", "zip": "6700",
            "city": "Esbjerg", "country": "DK", "contactPerson": "Jørgen Ærø"},
        "currency": "DKK", "subTotal": 1464.6, "vat": 366.15, "vatRate": 25.0, "total": 1830.75,
        "designs": [{"designId": 20001, "designMul": "MUL000001", "designTitle": "Hjemmebanetrøje",
            "instances": [
                {"size": "M", "quantity": 1, "name": "Æbelø", "number": "7",
                    "logoValues": [{"logoId": 10035, "value": "Sørensen"}]},
                {"size": "XXL", "quantity": 1200, "name": "Åse Brænder", "number": "17"}
            ]}],
        "logos": [{"logoId": 300036, "logoTitle": "Rygnumre", "quantity": 12, "value": "ØST"}]
    }))
    .unwrap()
}

/// The pieces of a pattern's own text (its variants' too), split at punctuation: the words a
/// person reads around the figures.
fn pieces(pattern: &ast::Pattern<&str>, out: &mut Vec<String>) {
    for element in &pattern.elements {
        match element {
            ast::PatternElement::TextElement { value } => out.extend(
                value
                    .split(['·', ':', ';', '.', ',', '(', ')', '%', '\n'])
                    .map(|p| p.trim().to_owned())
                    .filter(|p| p.chars().filter(|c| c.is_alphabetic()).count() >= 3),
            ),
            ast::PatternElement::Placeable {
                expression: ast::Expression::Select { variants, .. },
            } => {
                for variant in variants {
                    pieces(&variant.value, out);
                }
            }
            ast::PatternElement::Placeable { .. } => {}
        }
    }
}

/// Every message of a language's `pdf.ftl` with its pieces of text.
fn messages(language: &str) -> Vec<(String, Vec<String>)> {
    let path = format!(
        "{}/assets/i18n/{language}/pdf.ftl",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(path).unwrap();
    let resource = fluent_syntax::parser::parse(text.as_str()).expect("pdf.ftl parses");
    resource
        .body
        .iter()
        .filter_map(|entry| match entry {
            ast::Entry::Message(m) => {
                let mut out = Vec::new();
                if let Some(pattern) = &m.value {
                    pieces(pattern, &mut out);
                }
                Some((m.id.name.to_owned(), out))
            }
            _ => None,
        })
        .collect()
}

/// The English words of `pdf.ftl` that its Danish twin does not share ("Roster proof",
/// "Size", "Qty", "made with logodesk"…; not "Reference" or "Subtotal", the same in both).
fn english_only_words() -> Vec<(String, String)> {
    let danish = messages("da");
    let mut out = Vec::new();
    for (id, english) in messages("en") {
        let twin = danish
            .iter()
            .find(|(d, _)| *d == id)
            .map(|(_, p)| p.clone())
            .unwrap_or_default();
        for piece in english {
            if !twin.contains(&piece) {
                out.push((id.clone(), piece));
            }
        }
    }
    out
}

#[test]
fn both_pdfs_are_in_danish_with_danish_money_counts_and_dates() {
    let _danish = InDanish::new();

    let mut sheet = pdf::proof::sample_sheet(14, [30, 40]);
    sheet.language = Language::Danish;
    sheet.rows[2].name = String::new();
    sheet.rows[3].views.clear();
    sheet.rows[4].quantity = "1200".into();
    sheet.rows[5].values = vec!["Rygnavn: Sørensen".into()];
    let proof = pdf::proof::build(&sheet).unwrap();
    keep("proof.pdf", &proof);
    let (proof_text, proof_title) = read_back(&proof);

    let mut empty = pdf::proof::sample_sheet(0, [30, 40]);
    empty.language = Language::Danish;
    let (empty_text, _) = read_back(&pdf::proof::build(&empty).unwrap());

    let confirmation =
        pdf::confirmation::build(&order(), Some(OrderId(4711)), Language::Danish).unwrap();
    keep("confirmation.pdf", &confirmation);
    let (confirmation_text, confirmation_title) = read_back(&confirmation);

    for heading in [
        "Korrektur på holdliste",
        "Reference:",
        "Klub:",
        "Nordby IF",
        "Dato:",
        "1. mar. 2026",
        "Design: Hjemmebanetrøje · MUL000001",
        "14 rækker · 1.213 trøjer. Tjek alle navne, numre og størrelser",
        "Godkendt af (navn, dato, underskrift):",
        "Str. M · Antal 1 · række 1",
        "række 14",
        "Str. M · Antal 1.200 · række 5",
        "(intet navn)",
        "Intet billede",
        "Rygnavn: Sørensen",
        "Side 1 af 2",
        "Side 2 af 2",
        "lavet med logodesk",
    ] {
        assert!(
            proof_text.contains(heading),
            "{heading:?} is not on the proof sheet:\n{proof_text}"
        );
    }
    assert_eq!(proof_title, "Korrektur på holdliste PO-1 · Hjemmebanetrøje");
    assert!(
        empty_text.contains("Designlinjen har ingen rækker endnu.")
            && empty_text.contains("0 rækker · 0 trøjer")
            && empty_text.contains("Side 1 af 1"),
        "{empty_text}"
    );

    let placed = Language::Danish.date_time(&order().placed_at_utc);
    assert!(placed.starts_with("02.03.2026 "), "{placed}");
    for heading in [
        "Ordrebekræftelse SO-4711",
        "Ordrenummer",
        "Afgivet",
        placed.as_str(),
        "Reference",
        "U15 forår",
        "Senest leveret",
        "16. mar. 2026",
        "Sporings-id",
        "4711",
        "Bemærkning",
        "Ring før levering",
        "Afsender",
        "Leveres til",
        "Sønderå IF",
        "Att. Jørgen Ærø",
        "Hjemmebanetrøje · MUL000001",
        "2 rækker · 1.201 trøjer",
        "Størrelse",
        "Navn",
        "Nummer",
        "Værdier",
        "Antal",
        "1.200",
        "10035: Sørensen",
        "Løse tryk",
        "Logo",
        "Varenr.",
        "Værdi",
        "logo 300036",
        "Subtotal",
        "1.464,60 kr.",
        "Moms 25 %",
        "366,15 kr.",
        "I alt",
        "1.830,75 kr.",
        "Priser, moms og beløb i alt som beregnet af tjenesten.",
        "Side 1 af 1",
        "lavet med logodesk",
    ] {
        assert!(
            confirmation_text.contains(heading),
            "{heading:?} is not in the confirmation:\n{confirmation_text}"
        );
    }
    assert_eq!(confirmation_title, "Ordrebekræftelse SO-4711");
    assert!(
        !confirmation_text.contains("DKK") && !confirmation_text.contains("1,830.75"),
        "money in English:\n{confirmation_text}"
    );

    // No English left: every English piece of pdf.ftl that Danish does not share is looked
    // for (so a heading left in English, or a new English text, fails here).
    let english = english_only_words();
    for must in [
        "Roster proof",
        "Size",
        "Qty",
        "Order number",
        "Total",
        "Page",
    ] {
        assert!(
            english.iter().any(|(_, piece)| piece == must),
            "{must:?} is among the English words looked for: {english:?}"
        );
    }
    let all = format!("{proof_text}\n{empty_text}\n{confirmation_text}");
    for (id, piece) in &english {
        assert!(
            !all.contains(piece.as_str()),
            "English {piece:?} (from `{id}`) in a Danish PDF:\n{all}"
        );
    }
    assert!(!all.contains("pdf-"), "a message id shown as such:\n{all}");
}
