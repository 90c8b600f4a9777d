//! Issue 29, item 9: a history longer than a page. History shows its first page at once with
//! the count of every row, the next page on "Show more" or when the list is scrolled to its
//! end, and a filter is asked of the store (it counts every matching row, loaded or not).

use crate::ui_common::*;
use egui::{Event, Modifiers, vec2};
use egui_kittest::kittest::Queryable as _;
use logodesk::backend::StoreLocation;
use logodesk::store::Store;
use std::collections::HashSet;
use std::path::Path;
use std::time::{Duration, Instant};

/// More rows than two pages of 200.
const ROWS: i64 = 450;

/// `ROWS` completed orders of the sandbox account in the database `db` (every third one to
/// Sønderby), written in one statement: `PAGE-1` is the oldest, `PAGE-450` the newest.
fn long_history(db: &Path) {
    let store = Store::open(db).unwrap();
    let account = store.ensure_sandbox_account().unwrap().id;
    drop(store);
    let conn = rusqlite::Connection::open(db).unwrap();
    logodesk::store::register_sqlite_functions(&conn).unwrap();
    conn.execute(
        "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?2)
         INSERT INTO local_orders (account_id, state, reference, recipient, tracking_id,
             order_number, updated_at, dest_base, dest_auth, dest_key_version, reached)
         SELECT ?1, 'completed', 'PAGE-' || i,
             CASE WHEN i % 3 = 0 THEN 'Sønderby BK' ELSE 'Nordby IF' END, i, 'SO-' || i,
             strftime('%Y-%m-%dT%H:%M:%fZ', '2026-01-01', '+' || i || ' minutes'),
             'sandbox', 'bearer', 1, 1
         FROM n",
        rusqlite::params![account.0, ROWS],
    )
    .unwrap();
}

fn loaded(h: &egui_kittest::Harness<'static, logodesk::app::LogodeskApp>) -> usize {
    h.state().screens().history.orders.len()
}

#[test]
fn a_long_history_comes_a_page_at_a_time_and_is_filtered_by_the_store() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("logodesk.sqlite");
    long_history(&db);
    let mut config = config();
    config.store = StoreLocation::File(db.clone());
    let mut h = app_with(config, egui::Theme::Light, Default::default());
    wait_for(&mut h, "the history", |h| {
        h.state().screens().history.is_loaded()
    });
    h.get_by_label("History").click();
    wait_for(&mut h, "the count of every row", |h| {
        shows_text(h, "450 orders found")
    });
    assert_eq!(loaded(&h), 200, "the first page only");
    assert!(shows_text(&h, "200 of 450 listed"));
    assert!(shows(&h, "PAGE-450"), "the newest first");

    // "Show more": the next page comes after the rows shown.
    press(&mut h, "Show more");
    wait_for(&mut h, "the second page", |h| loaded(h) == 400);
    assert!(shows_text(&h, "400 of 450 listed"));

    // Scrolled to the end of the list: the last page comes by itself.
    let over_the_list = h.get_by_label("PAGE-450").rect().center();
    h.hover_at(over_the_list);
    h.run_steps(1);
    let start = Instant::now();
    while loaded(&h) < 450 {
        assert!(start.elapsed() < PATIENCE, "no last page after scrolling");
        h.event(Event::MouseWheel {
            unit: egui::MouseWheelUnit::Point,
            delta: vec2(0.0, -4000.0),
            phase: egui::TouchPhase::Move,
            source: egui::MouseWheelSource::Wheel,
            modifiers: Modifiers::NONE,
        });
        h.step();
        std::thread::sleep(Duration::from_millis(10));
    }
    h.run_steps(3);
    assert!(!shows(&h, "Show more"), "nothing more to show");
    let ids: HashSet<_> = h
        .state()
        .screens()
        .history
        .orders
        .iter()
        .map(|o| o.id)
        .collect();
    assert_eq!(ids.len(), 450, "no row twice");

    // A search is the store's: every Sønderby order counted, the first page of them listed.
    type_into(&mut h, "Search orders", "SØNDERBY");
    wait_for(&mut h, "the search's answer", |h| {
        shows_text(h, "150 orders found")
    });
    assert_eq!(loaded(&h), 150);
    assert!(
        h.state()
            .screens()
            .history
            .orders
            .iter()
            .all(|o| o.recipient == "Sønderby BK")
    );
    assert!(!shows(&h, "Show more"));
    assert!(
        shows_text(&h, "450 placed from this machine"),
        "the subtitle counts all"
    );
}
