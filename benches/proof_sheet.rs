//! A 20-row roster proof sheet made by the backend against its embedded sandbox, as the
//! composer's "Proof sheet…" makes it: the design fetched, 20 rows drawn by the service (4 at
//! once), decoded and shrunk, laid out and written as a PDF. Each run uses other names, so no
//! picture comes from the cache. Also the PDF alone (layout and writing, 40 pictures of
//! 300 × 400 px), and both PDFs with a name of 100,000 characters (a roster pasted into one
//! cell). Prints times and the file's size; nothing is asserted.
//!
//! `cargo bench --bench proof_sheet` (release), or `--profile dev` to reuse the test build
//! (the sandbox's renderer is then unoptimized and dominates). Words after `--` pick the
//! parts whose names hold them: `sandbox`, `pdf alone`, `long name`.

use logodesk::api::DesignId;
use logodesk::backend::proofs::{ProofKey, ProofsCommand, ProofsEvent, SheetOrder, SheetRow};
use logodesk::backend::{Backend, BackendConfig, Command, Event, SaveTo};
use logodesk::locale::Language;
use logodesk::orders::roster::{DEMO_ROSTER, parse_roster};
use logodesk::pdf::proof::sample_sheet;
use logodesk::pdf::{PdfError, confirmation, proof};
use std::time::{Duration, Instant};

const RUNS: usize = 3;

fn main() {
    let picked: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with("--"))
        .collect();
    let wanted = |part: &str| picked.is_empty() || picked.iter().any(|p| part.contains(p.as_str()));
    if wanted("sandbox") {
        against_the_sandbox();
    }
    if wanted("pdf alone") {
        pdf_alone();
    }
    if wanted("long name") {
        long_name();
    }
}

/// 20-row sheets made by the backend, as the composer makes them.
fn against_the_sandbox() {
    let downloads = tempfile::tempdir().expect("a temporary folder");
    let keychain = logodesk::keychain::Keychain::with_store(
        keyring_core::mock::Store::new().expect("mock store"),
    );
    let config = BackendConfig {
        downloads: Some(downloads.path().to_owned()),
        ..BackendConfig::ephemeral(keychain)
    };
    let mut backend = Backend::start(config, logodesk::backend::Waker::none()).expect("backend");
    wait(&backend, |e| {
        matches!(e, Event::AccountActivated { .. }).then_some(())
    });
    let design = DesignId(logodesk::sandbox::fixtures().done_design_id);
    let roster = parse_roster(DEMO_ROSTER).rows;
    for run in 0..RUNS {
        let rows = roster
            .iter()
            .map(|r| SheetRow {
                size: r.size.clone(),
                quantity: r.quantity.clone(),
                key: ProofKey::new(design, &format!("{} {run}", r.name), &r.number, []),
                value_labels: Vec::new(),
            })
            .collect();
        let request = backend.next_request();
        let started = Instant::now();
        backend.send(Command::Proofs(ProofsCommand::Sheet {
            request,
            sheet: SheetOrder {
                reference: format!("BENCH-{run}"),
                club: "Nordby IF".into(),
                design,
                rows,
            },
            to: SaveTo::Ask,
            language: Language::Danish,
            qr: None,
        }));
        let path = wait(&backend, |e| match e {
            Event::Proofs(ProofsEvent::Saved { path, .. }) => Some(path),
            _ => None,
        });
        let took = started.elapsed();
        let size = std::fs::metadata(&path).map(|m| m.len()).unwrap_or(0);
        println!(
            "20-row proof sheet against the sandbox, run {}: {:.2} s, {} KiB",
            run + 1,
            took.as_secs_f64(),
            size / 1024
        );
    }
    backend.shutdown(Duration::from_secs(3));
}

/// The PDF alone: 20 rows, each with its own front and back.
fn pdf_alone() {
    let sheet = sample_sheet(20, [300, 400]);
    timed(
        "proof sheet PDF alone (20 rows, 40 pictures of 300 × 400 px, noisy)",
        || proof::build(&sheet),
    );
}

/// Both PDFs with a name of 100,000 characters in a row (and in the club, the reference, the
/// delivery address), shortened with "…" where it is printed.
fn long_name() {
    let name: String = "Østergaard-Christiansen "
        .repeat(5_000)
        .chars()
        .take(100_000)
        .collect();
    let mut sheet = sample_sheet(3, [30, 40]);
    sheet.rows[0].name = name.clone();
    sheet.header.club = name.clone();
    timed("proof sheet PDF with a 100,000-character name", || {
        proof::build(&sheet)
    });
    let order: logodesk::api::Order = serde_json::from_value(serde_json::json!({
        "orderNumber": "SO-78", "placedAtUtc": "2026-01-02T10:00:00Z",
        "latestDeliveryDate": "2026-01-09T00:00:00", "reference": name,
        "deliveryAddress": {"name": name, "address": "Stadionvej 1", "zip": "6700", "city": "Esbjerg", "country": "DK"},
        "currency": "DKK", "subTotal": 100.0, "vat": 25.0, "vatRate": 25.0, "total": 125.0,
        "designs": [{"designId": 1, "designMul": "MUL000001", "designTitle": "Kit", "instances": [
            {"size": "M", "quantity": 1, "name": name, "number": "7"}
        ]}],
        "logos": []
    }))
    .expect("an order");
    timed("confirmation PDF with a 100,000-character name", || {
        confirmation::build(&order, None, Language::Danish)
    });
}

/// Prints how long `build` takes, the mean of [`RUNS`].
fn timed(what: &str, build: impl Fn() -> Result<Vec<u8>, PdfError>) {
    let started = Instant::now();
    let mut bytes = 0;
    for _ in 0..RUNS {
        bytes = build().expect("the PDF").len();
    }
    println!(
        "{what}: {:.1} ms each, {} KiB",
        started.elapsed().as_secs_f64() * 1000.0 / RUNS as f64,
        bytes / 1024
    );
}

/// Drains the backend until `pick` takes an event; panics on a failure or after 5 minutes.
fn wait<T>(backend: &Backend, mut pick: impl FnMut(Event) -> Option<T>) -> T {
    let started = Instant::now();
    loop {
        while let Some(envelope) = backend.try_recv() {
            if let Event::Failed(e) = &envelope.event {
                panic!("failed: {}", e.message);
            }
            if let Some(v) = pick(envelope.event) {
                return v;
            }
        }
        assert!(started.elapsed() < Duration::from_secs(300), "timed out");
        std::thread::sleep(Duration::from_millis(10));
    }
}
