//! The PDFs, read back with a PDF reader (lopdf): a 20-player roster proof sheet made by the
//! backend against the in-process sandbox (its pictures drawn by the service with each row's
//! values) and the confirmation of an order the sandbox completed, both with Danish letters.
//! `LOGODESK_KEEP_PDF=<file>` and `LOGODESK_KEEP_CONFIRMATION=<file>` keep a copy to look at.

use crate::common;

use crate::common::PATIENCE;
use common::*;
use logodesk::api::*;
use logodesk::backend::proofs::{
    ProofKey, ProofsCommand, ProofsEvent, SavedKind, SheetOrder, SheetRow,
};
use logodesk::backend::{Backend, BackendConfig, Command, Event, SaveTo};
use logodesk::locale::Language;
use logodesk::orders::roster::{DEMO_ROSTER, parse_roster};
use logodesk::pdf;
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// Page count and the text of every page.
fn read_back(bytes: &[u8]) -> (usize, String) {
    let doc = lopdf::Document::load_mem(bytes).expect("a readable PDF");
    let pages: Vec<u32> = doc.get_pages().keys().copied().collect();
    let text = doc.extract_text(&pages).expect("its text");
    (pages.len(), text)
}

/// The demo roster with Danish letters in some names.
fn roster() -> Vec<(String, String, String)> {
    let mut rows: Vec<(String, String, String)> = parse_roster(DEMO_ROSTER)
        .rows
        .into_iter()
        .map(|r| (r.size, r.name, r.number))
        .collect();
    rows[0].1 = "Æbelø".into();
    rows[1].1 = "Åse Brænder".into();
    rows
}

fn keychain() -> logodesk::keychain::Keychain {
    logodesk::keychain::Keychain::with_store(keyring_core::mock::Store::new().expect("mock store"))
}

/// Drains the backend until `pick` takes an event; panics on a failure or after 60 s.
fn wait<T>(backend: &Backend, mut pick: impl FnMut(Event) -> Option<T>) -> T {
    let started = Instant::now();
    loop {
        while let Some(envelope) = backend.try_recv() {
            if let Event::Failed(e) = &envelope.event {
                panic!("failed: {} ({:?})", e.message, e.details);
            }
            if let Some(v) = pick(envelope.event) {
                return v;
            }
        }
        assert!(started.elapsed() < PATIENCE, "timed out");
        std::thread::sleep(Duration::from_millis(10));
    }
}

/// A backend on an ephemeral sandbox writing its exports to `downloads`, once its account is
/// active.
fn started_backend(downloads: &std::path::Path) -> Backend {
    let config = BackendConfig {
        downloads: Some(downloads.to_owned()),
        ..BackendConfig::ephemeral(keychain())
    };
    let backend = Backend::start(config, logodesk::backend::Waker::none()).unwrap();
    wait(&backend, |e| {
        matches!(e, Event::AccountActivated { .. }).then_some(())
    });
    backend
}

/// A proof sheet of the demo design for Nordby IF with these (size, name, number) rows.
fn sheet(reference: &str, rows: &[(String, String, String)]) -> SheetOrder {
    let design = DesignId(logodesk::sandbox::fixtures().done_design_id);
    SheetOrder {
        reference: reference.into(),
        club: "Nordby IF".into(),
        design,
        rows: rows
            .iter()
            .map(|(size, name, number)| SheetRow {
                size: size.clone(),
                quantity: "1".into(),
                key: ProofKey::new(design, name, number, []),
                value_labels: Vec::new(),
            })
            .collect(),
    }
}

#[test]
fn a_20_player_roster_proof_is_made_from_the_services_pictures_and_reads_back() {
    let downloads = tempfile::tempdir().unwrap();
    let mut backend = started_backend(downloads.path());
    let request = backend.next_request();
    let started = Instant::now();
    backend.send(Command::Proofs(ProofsCommand::Sheet {
        request,
        sheet: sheet("PO-2026/114 U15", &roster()),
        to: SaveTo::Ask,
        language: Language::Danish,
        qr: None,
    }));
    let mut progress = Vec::new();
    let path: PathBuf = wait(&backend, |e| match e {
        Event::Proofs(ProofsEvent::SheetProgress { done, total }) => {
            assert_eq!(total, 20);
            progress.push(done);
            None
        }
        Event::Proofs(ProofsEvent::Saved { kind, path }) => {
            assert_eq!(kind, SavedKind::ProofSheet);
            Some(path)
        }
        _ => None,
    });
    let took = started.elapsed();
    assert_eq!(progress.first(), Some(&0));
    assert_eq!(progress.last(), Some(&20));
    assert!(progress.windows(2).all(|w| w[0] < w[1]), "{progress:?}");
    let today = chrono::Local::now().date_naive().format("%Y-%m-%d");
    assert_eq!(
        path,
        downloads
            .path()
            .join(format!("proof-PO-2026-114-U15-{today}.pdf"))
    );
    let bytes = std::fs::read(&path).unwrap();
    if let Ok(keep) = std::env::var("LOGODESK_KEEP_PDF") {
        std::fs::copy(&path, keep).unwrap();
    }
    let (pages, text) = read_back(&bytes);
    eprintln!(
        "20-row proof sheet: {} KiB, {pages} pages, made in {took:?}",
        bytes.len() / 1024
    );
    assert_eq!(pages, 2, "12 blocks a page");
    for (_, name, number) in roster() {
        assert!(text.contains(&name), "{name} is not in the PDF:\n{text}");
        assert!(text.contains(&format!("#{number}")), "#{number}");
    }
    let day = Language::Danish.date_long(chrono::Local::now().date_naive());
    for fact in ["PO-2026/114 U15", "Nordby IF", "MUL", "Roster proof", &day] {
        assert!(text.contains(fact), "{fact}:\n{text}");
    }
    // Two pictures a row, drawn with the row's values: the demo design's front carries no
    // name or number, so its 20 pictures are one image in the file; the 20 backs differ.
    let doc = lopdf::Document::load_mem(&bytes).unwrap();
    let images = doc
        .objects
        .values()
        .filter(|o| {
            o.as_stream().is_ok_and(|s| {
                s.dict
                    .get(b"Subtype")
                    .and_then(|t| t.as_name())
                    .is_ok_and(|n| n == b"Image")
                    && s.dict.get(b"SMask").is_ok()
            })
        })
        .count();
    assert_eq!(images, 21);
    backend.shutdown(Duration::from_secs(3));
}

#[tokio::test]
async fn a_completed_orders_confirmation_has_its_lines_and_the_services_totals() {
    let env = start().await;
    let mut address = address();
    address.name = "Sønderå IF".into();
    let order = PlaceOrder::new("PO-Æ 7", address)
        .with_design(DesignLine::new(
            DesignId(env.fx.done_design_id),
            vec![
                Instance::new("M", 1).with_name("Æbelø").with_number("7"),
                Instance::new("L", 2)
                    .with_name("Sørensen")
                    .with_number("17"),
            ],
        ))
        .with_logo(LogoLine::quantity(LogoId(env.fx.done_logo_id), 5));
    let placed = env
        .vendor
        .orders()
        .place(&order, &IdempotencyKey::new())
        .await
        .unwrap();
    let record = env.track(&env.vendor, placed.id).await;
    assert_eq!(record.status, OrderStatus::Completed);
    let done = record.order.clone().expect("the completed order");
    for language in Language::ALL {
        let bytes = pdf::confirmation::build(&done, Some(record.id), language).unwrap();
        if let Ok(keep) = std::env::var("LOGODESK_KEEP_CONFIRMATION") {
            std::fs::write(format!("{keep}.{language:?}.pdf"), &bytes).unwrap();
        }
        let (pages, text) = read_back(&bytes);
        assert_eq!(pages, 1);
        let c = &done.currency;
        for fact in [
            format!("Order confirmation {}", done.order_number),
            record.id.to_string(),
            "PO-Æ 7".to_owned(),
            "Sønderå IF".to_owned(),
            "Æbelø".to_owned(),
            "Sørensen".to_owned(),
            language.date_long(done.latest_delivery_date.date()),
            language.date_time(&done.placed_at_utc),
            language.money(done.sub_total, c),
            language.money(done.vat, c),
            language.money(done.total, c),
            format!("VAT {} %", language.plain_number(done.vat_rate)),
            done.designs[0].design_title.clone(),
            done.logos[0].logo_title.clone(),
        ] {
            assert!(text.contains(&fact), "{fact} is not in the PDF:\n{text}");
        }
        let currency = match language {
            Language::Danish => " kr.",
            Language::English => "DKK ",
        };
        assert!(text.contains(currency), "{language:?}:\n{text}");
    }
}

#[test]
fn a_long_confirmation_takes_more_pages_and_keeps_every_instance() {
    let instances: Vec<serde_json::Value> = (0..150)
        .map(|i| serde_json::json!({"size": "M", "quantity": 1, "name": format!("Spiller {i}"), "number": i.to_string()}))
        .collect();
    let order: Order = serde_json::from_value(serde_json::json!({
        "orderNumber": "SO-77", "placedAtUtc": "2026-01-02T10:00:00Z",
        "latestDeliveryDate": "2026-01-09T00:00:00", "reference": "PO 7",
        "deliveryAddress": {"name": "Nordby IF", "address": "Stadionvej 1", "zip": "6700", "city": "Esbjerg", "country": "DK"},
        "currency": "DKK", "subTotal": 1000.5, "vat": 250.125, "vatRate": 25.0, "total": 1250.625,
        "designs": [{"designId": 1, "designMul": "MUL000001", "designTitle": "Kit", "instances": instances}],
        "logos": []
    }))
    .unwrap();
    let english = pdf::confirmation::build(&order, None, Language::English).unwrap();
    let (pages, text) = read_back(&english);
    assert!(pages >= 3, "{pages}");
    assert!(text.contains("Spiller 0") && text.contains("Spiller 149"));
    // The service's figures, two decimals rounded half away from zero.
    assert!(text.contains("DKK 1,000.50"), "{text}");
    assert!(text.contains("DKK 250.13"));
    assert!(text.contains("DKK 1,250.63"));
    assert!(text.contains("9 Jan 2026"));
    assert!(text.contains("Page 3 of"));
    let danish = pdf::confirmation::build(&order, None, Language::Danish).unwrap();
    let (_, text) = read_back(&danish);
    assert!(text.contains("1.000,50 kr."), "{text}");
    assert!(text.contains("250,13 kr."));
    assert!(text.contains("1.250,63 kr."));
    assert!(text.contains("9. jan. 2026"));
}

/// How long one PDF with a 100,000-character name may take in a test: generous, as the
/// machine may be busy (it takes a fraction of a second; before names were cut and halved,
/// hours). The figures are in `benches/proof_sheet.rs`.
const LONG_NAME_BOUND: Duration = Duration::from_secs(10);

/// Runs `build` on a thread of its own and waits for it at most [`LONG_NAME_BOUND`]; a build
/// that takes longer is left running, and the test fails.
fn made_in_time(
    what: &str,
    build: impl FnOnce() -> Result<Vec<u8>, pdf::PdfError> + Send + 'static,
) -> Vec<u8> {
    let (tx, rx) = std::sync::mpsc::channel();
    let started = Instant::now();
    std::thread::spawn(move || tx.send(build()));
    let bytes = match rx.recv_timeout(LONG_NAME_BOUND) {
        Ok(made) => made.expect("the PDF"),
        Err(_) => panic!("{what} was not made within {LONG_NAME_BOUND:?}"),
    };
    eprintln!("{what}: made in {:?}", started.elapsed());
    bytes
}

/// A name of 100,000 characters: a whole roster pasted into one cell.
fn long_name() -> String {
    "Østergaard-Christiansen "
        .repeat(5_000)
        .chars()
        .take(100_000)
        .collect()
}

#[test]
fn a_100000_character_name_is_shortened_in_both_pdfs_at_once() {
    let name = long_name();
    assert_eq!(name.chars().count(), 100_000);
    let mut sheet = pdf::proof::sample_sheet(3, [30, 40]);
    sheet.rows[0].name = name.clone();
    sheet.rows[1].number = "7".repeat(100_000);
    sheet.header.club = name.clone();
    let bytes = made_in_time("proof sheet with a 100,000-character name", move || {
        pdf::proof::build(&sheet)
    });
    let (pages, text) = read_back(&bytes);
    assert_eq!(pages, 1);
    assert!(text.contains("Østergaard-Christiansen Øst"), "{text}");
    assert!(text.contains('…') && text.contains("#777"), "{text}");
    assert!(text.contains("Spiller 2") && text.len() < 20_000, "{text}");

    let order: Order = serde_json::from_value(serde_json::json!({
        "orderNumber": "SO-78", "placedAtUtc": "2026-01-02T10:00:00Z",
        "latestDeliveryDate": "2026-01-09T00:00:00", "reference": name,
        "deliveryAddress": {"name": name, "address": "Stadionvej 1", "zip": "6700", "city": "Esbjerg", "country": "DK"},
        "currency": "DKK", "subTotal": 100.0, "vat": 25.0, "vatRate": 25.0, "total": 125.0,
        "designs": [{"designId": 1, "designMul": "MUL000001", "designTitle": "Kit", "instances": [
            {"size": "M", "quantity": 1, "name": name, "number": "7".repeat(100_000)},
            {"size": "L", "quantity": 1, "name": "Spiller 1", "number": "8"}
        ]}],
        "logos": []
    }))
    .unwrap();
    let bytes = made_in_time("confirmation with a 100,000-character name", move || {
        pdf::confirmation::build(&order, None, Language::Danish)
    });
    let (pages, text) = read_back(&bytes);
    assert_eq!(pages, 1);
    assert!(text.contains("Østergaard-Christiansen Øst"), "{text}");
    assert!(text.contains('…') && text.contains("Spiller 1"), "{text}");
    assert!(text.len() < 20_000, "{text}");
}

#[test]
fn a_cancelled_sheet_saves_nothing_and_the_next_one_is_made() {
    let downloads = tempfile::tempdir().unwrap();
    let mut backend = started_backend(downloads.path());
    let first = backend.next_request();
    backend.send(Command::Proofs(ProofsCommand::Sheet {
        request: first,
        sheet: sheet("FIRST", &roster()),
        to: SaveTo::Ask,
        language: Language::English,
        qr: None,
    }));
    backend.send(Command::Proofs(ProofsCommand::CancelSheet));
    let second = backend.next_request();
    backend.send(Command::Proofs(ProofsCommand::Sheet {
        request: second,
        sheet: sheet("SECOND", &roster()[..1]),
        to: SaveTo::Ask,
        language: Language::English,
        qr: None,
    }));
    let started = Instant::now();
    let saved = loop {
        let Some(envelope) = backend.try_recv() else {
            assert!(started.elapsed() < PATIENCE, "timed out");
            std::thread::sleep(Duration::from_millis(10));
            continue;
        };
        match envelope.event {
            Event::Proofs(ProofsEvent::Saved { path, .. }) => {
                assert_eq!(envelope.request, Some(second), "only the second is saved");
                break path;
            }
            Event::Proofs(ProofsEvent::SheetProgress { done, .. })
                if envelope.request == Some(first) =>
            {
                assert_eq!(done, 0, "the cancelled sheet drew nothing");
            }
            Event::Failed(e) => panic!("failed: {}", e.message),
            _ => {}
        }
    };
    let files: Vec<_> = std::fs::read_dir(downloads.path())
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    assert_eq!(files, vec![saved.clone()]);
    assert!(saved.to_string_lossy().contains("proof-SECOND-"));
    let (pages, text) = read_back(&std::fs::read(&saved).unwrap());
    assert_eq!(pages, 1);
    assert!(text.contains("Æbelø") && !text.contains("Åse"));
    backend.shutdown(Duration::from_secs(3));
}
