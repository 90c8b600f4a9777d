//! The club's approval of proofs in the real app against the in-process sandbox: a line's
//! proof is marked sent (its sheet made and kept in the data folder), the club's approval is
//! recorded with who and a note, and the badge says so; changing the line makes the approval
//! stale (and undoing the change makes it current again); placing with a line not approved
//! asks first — "Cancel" sends nothing, "Place anyway" sends once —; and the order's
//! confirmation PDF names who approved, when and which proof.

use crate::ui_common;

use egui_kittest::kittest::Queryable as _;
use logodesk::orders::approval::{ProofStatus, Shown};
use logodesk::orders::form::DesignForm;
use logodesk::sandbox::fixtures;
use ui_common::*;

type H = egui_kittest::Harness<'static, logodesk::app::LogodeskApp>;

fn composer(h: &H) -> &logodesk::ui::orders::composer::Composer {
    &h.state().screens().orders.composer
}

#[test]
fn a_proof_approved_by_the_club_is_shown_goes_stale_and_placing_without_it_asks_first() {
    let downloads = tempfile::tempdir().unwrap();
    let mut h = app_saving_to(downloads.path());
    open_new_order(&mut h);
    {
        let form = &mut h.state_mut().screens_mut().orders.composer.form;
        *form = logodesk::backend::demo_form();
        form.designs.push(DesignForm {
            reference: fixtures().done_design_id.to_string(),
            rows: logodesk::orders::roster::parse_roster("L\t1\tBerg\t9\n").rows,
            ..Default::default()
        });
    }
    h.run_steps(3);
    assert_eq!(
        composer(&h).proof_status(0),
        Shown::Current(ProofStatus::NotSent)
    );
    assert!(shows(&h, "Proof not sent"));

    // The first line's proof: made, kept in the data folder, marked sent.
    // Both lines have the buttons: the first line's come first.
    h.query_all_by_label("Proof sent…")
        .next()
        .expect("the first line's button")
        .click_accesskit();
    h.run_steps(2);
    wait_for(&mut h, "the proof sent", |h| {
        !h.state().screens().orders.composer.proof_sending()
            && h.state().screens().orders.composer.proof_status(0)
                == Shown::Current(ProofStatus::Sent)
    });
    let kept = composer(&h)
        .proof_step(0)
        .and_then(|s| s.proof.clone())
        .expect("a kept proof");
    let bytes = std::fs::read(&kept.path).expect("the kept PDF");
    assert!(bytes.starts_with(b"%PDF"), "{}", kept.path.display());
    assert_eq!(logodesk::orders::approval::content_hash(&bytes), kept.hash);
    assert!(shows(&h, "Open proof"));

    // The club approves: who, a note.
    h.query_all_by_label("Club's answer…")
        .next()
        .expect("the first line's button")
        .click_accesskit();
    h.run_steps(2);
    type_into(&mut h, "Who at the club:", "Mette Jensen");
    type_into(&mut h, "Note:", "Numbers in white, please");
    h.get_by_label("Approved").click_accesskit();
    wait_for(&mut h, "the approval", |h| {
        h.state().screens().orders.composer.proof_status(0) == Shown::Current(ProofStatus::Approved)
    });
    let step = composer(&h).proof_step(0).unwrap().clone();
    assert_eq!(
        (step.who.as_str(), step.note.as_str()),
        ("Mette Jensen", "Numbers in white, please")
    );
    assert_eq!(
        step.proof.as_ref(),
        Some(&kept),
        "the approval names the proof sent"
    );
    assert!(shows_text(&h, "Approved by Mette Jensen"));
    assert!(shows_text(&h, "Numbers in white, please"));

    // A name changed after the approval: stale, and the badge says so.
    let before = composer(&h).form.designs[0].rows[0].name.clone();
    h.state_mut().screens_mut().orders.composer.form.designs[0].rows[0].name =
        "Someone Else".into();
    h.run_steps(3);
    assert!(matches!(
        composer(&h).proof_status(0),
        Shown::Stale {
            was: ProofStatus::Approved,
            ..
        }
    ));
    assert!(shows(&h, "Changed since the proof"));
    assert!(shows_text(&h, "names"));
    // Changed back: the approved proof shows the line again.
    h.state_mut().screens_mut().orders.composer.form.designs[0].rows[0].name = before;
    h.run_steps(3);
    assert!(composer(&h).proof_status(0).is_approved());

    // Placing with the second line not approved asks first, naming it; Cancel sends nothing.
    confirm(&mut h);
    h.get_by_label("Place order").click();
    h.run_steps(3);
    let asked = composer(&h)
        .placing_asks_about()
        .expect("the question")
        .to_vec();
    assert_eq!(asked.len(), 1, "{asked:?}");
    assert!(asked[0].starts_with("Line 2"), "{asked:?}");
    assert!(shows(&h, "Not every proof is approved"));
    assert!(shows_text(&h, "Line 2"));
    h.get_by_label("Cancel").click();
    h.run_steps(5);
    assert!(composer(&h).placing_asks_about().is_none());
    assert!(!composer(&h).is_frozen(), "nothing was placed");
    std::thread::sleep(std::time::Duration::from_millis(300));
    h.run_steps(5);
    assert_eq!(
        h.state().screens().history.orders.len(),
        0,
        "nothing was sent"
    );

    // Place anyway: placed once.
    confirm(&mut h);
    h.get_by_label("Place order").click();
    h.run_steps(3);
    h.get_by_label("Place anyway").click();
    h.run_steps(3);
    assert!(composer(&h).is_frozen());
    wait_for_completed(&mut h);
    std::thread::sleep(std::time::Duration::from_millis(300));
    h.run_steps(5);
    let orders = &h.state().screens().history.orders;
    assert_eq!(orders.len(), 1, "placed once");
    let row = orders[0].clone();

    // The confirmation names the approval.
    let number = row.order_number.clone().expect("an order number");
    h.get_by_label("History").click();
    h.run_steps(2);
    h.state_mut().screens_mut().history.view.open = Some(row.id);
    h.run_steps(3);
    press(&mut h, "Confirmation (PDF)");
    wait_for(&mut h, "the confirmation", |h| {
        saved_confirmation(h).is_some()
    });
    let path = downloads.path().join(format!("order-{number}.pdf"));
    let doc = lopdf::Document::load(&path).expect("a readable PDF");
    let pages: Vec<u32> = doc.get_pages().keys().copied().collect();
    let text = doc.extract_text(&pages).expect("its text");
    for fact in [
        "Proof approval",
        "approved by Mette Jensen",
        &format!("{}.pdf", kept.hash),
        "Numbers in white, please",
        "not approved",
    ] {
        assert!(text.contains(fact), "{fact}:\n{text}");
    }
}
