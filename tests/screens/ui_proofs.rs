//! Roster proofs and PDFs in the real app against the in-process sandbox: a design line's
//! proof shows the sample text until a row is selected, then the selected player's name and
//! number (the render the backend answers carries them, and the picture changes); "Proof
//! sheet…" saves a PDF with every row; a completed order's "Confirmation (PDF)" saves its
//! confirmation. Files go to a temporary downloads folder.

use crate::ui_common;

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use logodesk::app::LogodeskApp;
use logodesk::sandbox::fixtures;
use std::path::Path;
use ui_common::*;

/// The PDF's text and page count.
fn read_pdf(path: &Path) -> (usize, String) {
    let doc = lopdf::Document::load(path).expect("a readable PDF");
    let pages: Vec<u32> = doc.get_pages().keys().copied().collect();
    (pages.len(), doc.extract_text(&pages).expect("its text"))
}

/// The only file in `dir` ending in `.pdf`, once there is one.
fn pdf_in(dir: &Path) -> Option<std::path::PathBuf> {
    let mut found: Vec<_> = std::fs::read_dir(dir)
        .ok()?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "pdf"))
        .collect();
    (found.len() == 1).then(|| found.remove(0))
}

/// Adds a line of the sandbox's finished design with `roster`'s rows.
fn add_done_design(h: &mut Harness<'static, LogodeskApp>, roster: &str) {
    let line = logodesk::orders::form::DesignForm {
        reference: fixtures().done_design_id.to_string(),
        rows: logodesk::orders::roster::parse_roster(roster).rows,
        ..Default::default()
    };
    h.state_mut()
        .screens_mut()
        .orders
        .composer
        .form
        .designs
        .push(line);
}

/// Whether design line `line`'s proof is drawn with `name`.
fn proof_names(h: &Harness<'static, LogodeskApp>, line: usize, name: &str) -> bool {
    let shown = h.state().screens().orders.composer.proof_shown(line);
    shown.is_some_and(|s| s.key.name.as_deref() == Some(name))
}

#[test]
fn selecting_a_roster_row_shows_that_players_name_in_the_proof_and_the_sheet_has_every_row() {
    let downloads = tempfile::tempdir().unwrap();
    let mut h = app_saving_to(downloads.path());
    open_new_order(&mut h);
    {
        let form = &mut h.state_mut().screens_mut().orders.composer.form;
        form.reference = "PO-Ø 9".into();
        form.address.name = "Sønderå IF".into();
    }
    let roster = "M\t1\tÆbelø\t4\nL\t1\tSørensen\t17\nS\t2\tHansen\t7\n";
    add_done_design(&mut h, roster);
    h.run_steps(2);

    // No row selected: the design's sample text.
    wait_for(&mut h, "the sample proof", |h| {
        h.state().screens().orders.composer.proof_shown(0).is_some()
    });
    let sample = h.state().screens().orders.composer.proof_shown(0).unwrap();
    assert_eq!(
        (sample.key.name.clone(), sample.key.number.clone()),
        (None, None)
    );
    let views: Vec<&str> = sample.views.iter().map(|(v, _)| v.as_str()).collect();
    assert_eq!(views, ["FRONT", "BACK"]);
    assert!(shows_text(&h, "Sample text"));
    let back = |shown: &logodesk::ui::orders::composer::ProofShown| shown.views[1].1;

    // Select Sørensen: the backend's answer carries the name and the number, and the back
    // (where they are printed) is another picture.
    press(&mut h, "Show row 2 in the proof");
    assert_eq!(h.state().screens().orders.composer.proof_row(0), Some(1));
    wait_for(&mut h, "Sørensen's proof", |h| {
        proof_names(h, 0, "Sørensen")
    });
    let soerensen = h.state().screens().orders.composer.proof_shown(0).unwrap();
    assert_eq!(soerensen.key.number.as_deref(), Some("17"));
    assert_ne!(back(&soerensen), back(&sample));
    assert_eq!(soerensen.views[0], sample.views[0], "the front has no name");
    assert!(shows_text(&h, "Row 2 · Sørensen · 17 · L"));

    // Another row: another picture; back to Sørensen: the same picture as before.
    press(&mut h, "Show row 3 in the proof");
    wait_for(&mut h, "Hansen's proof", |h| proof_names(h, 0, "Hansen"));
    let hansen = h.state().screens().orders.composer.proof_shown(0).unwrap();
    assert_ne!(back(&hansen), back(&soerensen));
    press(&mut h, "Show row 2 in the proof");
    wait_for(&mut h, "Sørensen's proof again", |h| {
        h.state().screens().orders.composer.proof_shown(0) == Some(soerensen.clone())
    });

    // A number the service refuses: the sentence in place of the pictures, then fixed.
    h.state_mut().screens_mut().orders.composer.form.designs[0].rows[2].number = "7x".into();
    press(&mut h, "Show row 3 in the proof");
    wait_for(&mut h, "the service's refusal", |h| {
        h.state()
            .screens()
            .orders
            .composer
            .proof_problem(0)
            .is_some()
    });
    let why = h
        .state()
        .screens()
        .orders
        .composer
        .proof_problem(0)
        .unwrap()
        .to_owned();
    assert!(why.contains("digits"), "{why}");
    assert!(shows_text(&h, &why));
    assert!(h.state().screens().orders.composer.proof_shown(0).is_none());
    assert!(shows(&h, "Try again"));
    h.state_mut().screens_mut().orders.composer.form.designs[0].rows[2].number = "7".into();
    wait_for(&mut h, "Hansen's proof once more", |h| {
        h.state().screens().orders.composer.proof_shown(0) == Some(hansen.clone())
    });

    // The proof sheet: every row, with the order's header.
    press(&mut h, "Proof sheet…");
    press(&mut h, "Create PDF");
    wait_for(&mut h, "the proof sheet", |h| {
        !h.state().screens().orders.composer.sheet_running() && pdf_in(downloads.path()).is_some()
    });
    let path = pdf_in(downloads.path()).unwrap();
    let name = path.file_name().unwrap().to_string_lossy().into_owned();
    assert!(
        name.starts_with("proof-PO-Ø-9-") && name.ends_with(".pdf"),
        "{name}"
    );
    let (pages, text) = read_pdf(&path);
    assert_eq!(pages, 1);
    for fact in ["Æbelø", "Sørensen", "Hansen", "#17", "PO-Ø 9", "Sønderå IF"] {
        assert!(text.contains(fact), "{fact}:\n{text}");
    }
    assert!(shows_text(&h, &format!("Saved {}", path.display())));
    assert!(
        h.state()
            .notifications()
            .iter()
            .any(|n| n.starts_with("Saved the proof sheet as"))
    );
}

#[test]
fn a_completed_orders_confirmation_button_saves_its_pdf() {
    let downloads = tempfile::tempdir().unwrap();
    let mut h = app_saving_to(downloads.path());
    let row = place_demo_order(&mut h);
    let number = row.order_number.clone().expect("an order number");
    h.get_by_label("History").click();
    h.run_steps(2);
    h.state_mut().screens_mut().history.view.open = Some(row.id);
    h.run_steps(3);
    assert!(shows(&h, "Export CSV"));
    press(&mut h, "Confirmation (PDF)");
    wait_for(&mut h, "the confirmation", |h| {
        saved_confirmation(h).is_some()
    });
    let path = downloads.path().join(format!("order-{number}.pdf"));
    assert_eq!(saved_confirmation(&h).as_deref(), Some(path.as_path()));
    let (pages, text) = read_pdf(&path);
    assert_eq!(pages, 1);
    let order = row.record.and_then(|r| r.order).expect("the order");
    for fact in [
        number.clone(),
        "Andersen".to_owned(),
        "Sørensen".to_owned(),
        logodesk::locale::Language::English.money(order.total, &order.currency),
    ] {
        assert!(text.contains(&fact), "{fact}:\n{text}");
    }
    assert!(shows_text(&h, "Confirmation saved as"));
}

/// A design line's proof state is kept by the line, not its place: removing the line before
/// it leaves its selected row, its drawn proof and its open proof sheet panel with it.
#[test]
fn removing_a_line_before_it_leaves_a_lines_proof_and_sheet_panel_with_it() {
    let mut h = app(egui::Theme::Light);
    open_new_order(&mut h);
    add_done_design(&mut h, "M\t1\tAlfa\t1\n");
    add_done_design(&mut h, "M\t1\tÆbelø\t4\nL\t1\tSørensen\t17\n");
    h.run_steps(2);

    // Line 2's second row (only line 2 has one), drawn; its proof sheet panel open.
    press(&mut h, "Show row 2 in the proof");
    assert_eq!(h.state().screens().orders.composer.proof_row(1), Some(1));
    assert_eq!(h.state().screens().orders.composer.proof_row(0), None);
    wait_for(&mut h, "Sørensen's proof", |h| {
        proof_names(h, 1, "Sørensen")
    });
    let soerensen = h.state().screens().orders.composer.proof_shown(1).unwrap();
    press_nth(&mut h, "Proof sheet…", 1);
    assert!(shows(&h, "Create PDF"));

    // Line 1 goes: the line left (line 1 now) shows Sørensen at once, drawn before, with
    // its panel still open.
    press_nth(&mut h, "Remove design", 0);
    let composer = &h.state().screens().orders.composer;
    assert_eq!(composer.form.designs.len(), 1);
    assert_eq!(composer.proof_row(0), Some(1));
    assert_eq!(composer.proof_shown(0), Some(soerensen));
    assert!(shows_text(&h, "Row 2 · Sørensen · 17 · L"));
    assert!(shows(&h, "Create PDF"));
}
