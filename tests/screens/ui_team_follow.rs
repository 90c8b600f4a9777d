//! A team draft watched read-only while another desk edits it and places it (issue 29, item
//! 3, found in the two-window walk): the watching desk shows the placed order, not a stale
//! draft offering "Take over".

use crate::ui_common::*;
use crate::ui_team::{anna_on_the_team, own_cluster};
use egui_kittest::kittest::{NodeT as _, Queryable as _};
use logodesk::store::{EditClaim, Store};
use logodesk::ui::Screen;

#[test]
fn a_draft_watched_read_only_shows_as_placed_once_the_other_desk_places_it() {
    let (cluster, db, dir) = own_cluster();
    let form = serde_json::to_string(&logodesk::orders::form::DraftForm {
        reference: "PO-PLACED-THERE".into(),
        ..Default::default()
    })
    .unwrap();
    let mut h = anna_on_the_team(
        &cluster,
        &db,
        dir.path(),
        Screen::Orders,
        |store, account| {
            store
                .create_draft(account, &form, "PO-PLACED-THERE", "Nordby IF")
                .unwrap();
        },
    );
    wait_for(&mut h, "the team's draft listed", |h| {
        h.state()
            .orders()
            .drafts
            .iter()
            .any(|d| d.id.0 >= logodesk::store::TEAM_IDS_FROM)
    });
    let id = h.state().orders().drafts[0].id;

    // Bo, on another desk, edits it: Anna opens it read-only.
    let mut bo = Store::open_in_memory().unwrap();
    let client = postgres::Client::connect(&cluster.conninfo(&db), postgres::NoTls).unwrap();
    bo.attach_team(client, "Bo").unwrap();
    assert_eq!(bo.start_editing(id, false).unwrap(), EditClaim::Mine);
    h.get_by_label_contains("Drafts (").click();
    wait_for(&mut h, "the draft marked as Bo's", |h| {
        shows_text(h, "Bo is editing")
    });
    h.get_by_label("Open").click();
    wait_for(&mut h, "the draft read-only", |h| {
        shows_text(h, "Bo is editing this draft (since ")
    });

    // Bo places it: Anna's composer shows the placed order (NOTIFY → lists), nothing to take
    // over, and nothing of it editable.
    assert!(
        bo.queue_draft(id, &form, "PO-PLACED-THERE", "Nordby IF", b"{}")
            .unwrap()
    );
    wait_for(&mut h, "the order shown as placed", |h| {
        shows_text(h, "Placed order")
    });
    h.run_steps(2);
    assert!(!shows_text(&h, "Bo is editing this draft"));
    assert!(h.query_by_label("Take over").is_none());
    let reference = text_field(&h, "Reference");
    let reference = reference.accesskit_node();
    assert_eq!(
        (
            reference.value().unwrap_or_default(),
            reference.is_disabled()
        ),
        ("PO-PLACED-THERE".to_owned(), true)
    );
    assert_eq!(h.state().orders().drafts.len(), 0, "no draft left");
}
