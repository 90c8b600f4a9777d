//! The club's page (issue 41, "Speed"): a 20-row proof page as the club room serves it, made
//! from a request in memory — the open page, the page for correcting rows, and a correction's
//! form read back into a decision. Prints each page's size in bytes; nothing is asserted.
//!
//! The whole page's weight with its pictures, its first byte and its load in a real Chromium
//! are measured where the pictures exist, by the browser test
//! (`tests/api/team_club.rs`: 605 KB with 40 pictures, first byte 8 ms, loaded in 201 ms on
//! this machine, debug build).
//!
//! Run: `cargo bench --bench club_page`.

use criterion::{Criterion, criterion_group, criterion_main};
use logodesk::club::form::Posted;
use logodesk::club::html::{self, Here};
use logodesk::club::page::{ClubPage, PageLine, PagePicture, PageRow};
use logodesk::club::{ClubRequestId, Found, RequestState};
use logodesk::locale::Language;
use logodesk::orders::approval::{LineSnapshot, SnapshotRow};
use logodesk::store::LocalOrderId;
use logodesk::store::club::ClubSubject;
use std::hint::black_box;

/// A request for 20 players, front and back drawn for each.
fn found() -> Found {
    let rows: Vec<PageRow> = (1..=20u32)
        .map(|n| PageRow {
            size: ["S", "M", "L", "XL"][n as usize % 4].into(),
            quantity: "1".into(),
            name: format!("Spiller {n}"),
            number: n.to_string(),
            values: Vec::new(),
            pictures: (0..2)
                .map(|v| PagePicture {
                    n: (n - 1) * 2 + v,
                    view: ["FRONT", "BACK"][v as usize].into(),
                    width: 180,
                    height: 240,
                })
                .collect(),
            asked: true,
        })
        .collect();
    let snapshot = LineSnapshot {
        design: "20001".into(),
        rows: rows
            .iter()
            .map(|r| SnapshotRow {
                size: r.size.clone(),
                quantity: r.quantity.clone(),
                name: r.name.clone(),
                number: r.number.clone(),
                values: Vec::new(),
            })
            .collect(),
    };
    Found {
        id: ClubRequestId(1 << 40),
        subject: ClubSubject::Order(LocalOrderId(1 << 40)),
        contact: "Mette Hansen".into(),
        language: Language::Danish,
        page: ClubPage {
            shop: "Sportigan".into(),
            reference: "FCN-2027 U13".into(),
            club: "FC Nørrebro".into(),
            terms: "Vi trykker præcis det, I godkender.".into(),
            lines: vec![PageLine {
                key: "20001#0".into(),
                title: "Hjemmebanetrøje 2025 · MUL200001".into(),
                snapshot,
                rows,
            }],
            logo: None,
        },
        shown_hash: "2016f2109452f60287faea69955979e864de251896977300fbf8540a99f27da1".into(),
        expires_at: chrono::Utc::now() + chrono::TimeDelta::days(14),
        state: RequestState::Open,
        decision: None,
    }
}

fn club_page(c: &mut Criterion) {
    let found = found();
    let path = "/c/7ZyB1uqM9DUsmUio_hfHNo50lZVMaLBfOZkozgvzVwM";
    let here = Here {
        path,
        language: Language::Danish,
    };
    let open = html::page(&here, &found, None, None);
    let correct = html::correct(&here, &found, None, None);
    eprintln!(
        "20 rows: the open page {} bytes, the correction page {} bytes (HTML, without the \
         pictures)",
        open.len(),
        correct.len()
    );
    c.bench_function("open page, 20 rows", |b| {
        b.iter(|| html::page(black_box(&here), black_box(&found), None, None))
    });
    c.bench_function("correction page, 20 rows", |b| {
        b.iter(|| html::correct(black_box(&here), black_box(&found), None, None))
    });
    let body = format!(
        "shown={}&choice=correct&who=Mette+Hansen&lang=da&r-0-6-name=Bergh{}",
        found.shown_hash,
        (0..20)
            .filter(|r| *r != 6)
            .map(|r| format!("&r-0-{r}-name=Spiller+{}", r + 1))
            .collect::<String>()
    );
    c.bench_function("a correction read into a decision", |b| {
        b.iter(|| {
            Posted::parse(black_box(body.as_bytes()))
                .decision(&found.page, &found.shown_hash)
                .map(|d| d.who.len())
        })
    });
}

criterion_group!(benches, club_page);
criterion_main!(benches);
