//! Exports through "Save as…" in the real app against the in-process sandbox, the dialog
//! answered for the person: a proof sheet asks where before drawing, and a closed dialog
//! draws nothing. (The order history's exports, shown in Danish, are in
//! `tests/danish/history_exports.rs`.)

use crate::ui_common;

use logodesk::ui::PersistedUi;
use std::sync::Arc;
use ui_common::file_dialog::Scripted;
use ui_common::*;

#[test]
fn a_proof_sheet_asks_where_before_drawing_and_a_closed_dialog_draws_nothing() {
    let dialog = Arc::new(Scripted::default());
    let mut config = config();
    config.file_dialog = Some(dialog.clone());
    let mut h = app_with(config, egui::Theme::Light, PersistedUi::default());
    open_new_order(&mut h);
    let mut form = logodesk::backend::demo_form();
    form.designs[0].rows.truncate(2);
    form.reference = "PO 12".into();
    h.state_mut().screens_mut().orders.composer.form = form;
    h.run_steps(3);

    dialog.will_answer(None);
    press(&mut h, "Proof sheet…");
    press(&mut h, "Create PDF");
    wait_for(&mut h, "the closed dialog", |h| {
        !h.state().screens().orders.composer.sheet_running()
    });
    let asked = dialog.asked();
    assert_eq!(asked.len(), 1);
    assert_eq!(asked[0].title, "Save the proof sheet");
    let today = chrono::Local::now().date_naive().format("%Y-%m-%d");
    assert_eq!(asked[0].file_name, format!("proof-PO-12-{today}.pdf"));
    assert!(!shows_text(&h, "Drawing rows"), "nothing is drawn");
    assert!(
        h.state().notifications().is_empty(),
        "{:?}",
        h.state().notifications()
    );

    let chosen = tempfile::tempdir().unwrap();
    let path = chosen.path().join("club proof.pdf");
    dialog.will_answer(Some(path.clone()));
    // The panel is still open.
    press(&mut h, "Create PDF");
    wait_for(&mut h, "the proof sheet", |h| {
        !h.state().screens().orders.composer.sheet_running() && path.exists()
    });
    assert!(std::fs::read(&path).unwrap().starts_with(b"%PDF"));
    assert_eq!(dialog.asked().len(), 2);
    assert!(shows_text(&h, &format!("Saved {}", path.display())));
}
