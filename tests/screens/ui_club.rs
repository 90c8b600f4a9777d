//! *Ask the club to approve…* in the real app (issue 41), on a desk of its own: the form is
//! prefilled with the order's contact and e-mail, a contact is required, and a desk without a
//! team is told in place what the club room needs — nothing is marked sent, no link made.

use crate::ui_common;

use egui_kittest::kittest::Queryable as _;
use logodesk::orders::approval::{ProofStatus, Shown};
use ui_common::*;

type H = egui_kittest::Harness<'static, logodesk::app::LogodeskApp>;

fn composer(h: &H) -> &logodesk::ui::orders::composer::Composer {
    &h.state().screens().orders.composer
}

#[test]
fn asking_the_club_on_a_desk_without_a_team_says_what_the_club_room_needs() {
    let downloads = tempfile::tempdir().unwrap();
    let mut h = app_saving_to(downloads.path());
    open_new_order(&mut h);
    h.state_mut().screens_mut().orders.composer.form = logodesk::backend::demo_form();
    wait_for(&mut h, "the draft saved", |h| {
        composer(h).draft_id().is_some()
    });
    assert!(shows(&h, "The club's approval"));

    h.get_by_label("Ask the club to approve…").click_accesskit();
    h.run_steps(3);
    // Prefilled from the order: its contact person and its e-mail.
    let contact = composer(&h).form.address.contact_person.clone();
    assert!(!contact.is_empty());
    assert_eq!(
        text_field(&h, "Contact at the club:").value().as_deref(),
        Some(contact.as_str())
    );
    assert_eq!(
        text_field(&h, "E-mail:").value(),
        Some(composer(&h).form.email.clone())
    );
    assert!(shows(&h, "Dansk") && shows(&h, "English"));

    h.get_by_label("Make link").click_accesskit();
    wait_for(&mut h, "the sentence", |h| {
        shows_text(h, "team's database") && composer(h).club_link().is_none()
    });
    assert!(shows_text(&h, "The club room keeps its links"));
    // Nothing was marked sent on the way.
    assert_eq!(
        composer(&h).proof_status(0),
        Shown::Current(ProofStatus::NotSent)
    );
    assert!(composer(&h).club_shown().is_none());
}
