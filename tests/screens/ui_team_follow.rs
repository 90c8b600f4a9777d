//! A team draft watched read-only while another desk edits it and places it (issue 29, item
//! 3, found in the two-window walk): the watching desk shows the placed order, not a stale
//! draft offering "Take over".

use crate::ui_common::*;
use crate::ui_team::{anna_watching_bos_edit, own_cluster};
use egui_kittest::kittest::{NodeT as _, Queryable as _};

#[test]
fn a_draft_watched_read_only_shows_as_placed_once_the_other_desk_places_it() {
    let (cluster, db, dir) = own_cluster();
    let form = serde_json::to_string(&logodesk::orders::form::DraftForm {
        reference: "PO-PLACED-THERE".into(),
        ..Default::default()
    })
    .unwrap();
    let (mut h, mut bo, id) = anna_watching_bos_edit(&cluster, &db, dir.path(), "PO-PLACED-THERE");

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
    assert_eq!(h.state().screens().orders.drafts.len(), 0, "no draft left");
}

/// Watching another desk edit a draft with problems (issue 29, item 3): none of them is
/// marked here and no count of things to fix is shown, as if this person had to fix them;
/// taken over, the draft is this person's and its problems show.
#[test]
fn a_draft_watched_read_only_shows_none_of_its_problems_until_taken_over() {
    let (cluster, db, dir) = own_cluster();
    let (mut h, _bo, _id) = anna_watching_bos_edit(&cluster, &db, dir.path(), "PO-WATCHED");
    h.run_steps(2);
    let nothing_to_order = "Add at least one design or logo to the order.";
    assert!(!shows_text(&h, "to fix"), "no count of things to fix");
    assert!(!shows_text(&h, nothing_to_order), "no problem marked");

    h.get_by_label("Take over").click();
    wait_for(&mut h, "the draft editable", |h| {
        !shows_text(h, "Bo is editing this draft")
    });
    h.run_steps(2);
    assert!(shows_text(&h, "to fix"), "the count of things to fix");
    assert!(shows_text(&h, nothing_to_order), "the problem marked");
}
