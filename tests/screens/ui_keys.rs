//! The keyboard in the real app against an in-process sandbox: undo and redo of the draft
//! editor's staged changes and of the composer's form (Ctrl+Z, Ctrl+Shift+Z, Ctrl+Y, the Edit
//! menu), a focused text field keeping Ctrl+Z for its own text, an undone edit saved like any
//! edit, and the command palette (Ctrl+K): search focused at once, typing filters, arrows
//! move, Enter and a click run, Escape closes without running anything.

use crate::ui_common;

use crate::common::PATIENCE;
use egui::accesskit::Role;
use egui::{Key, Modifiers};
use egui_kittest::kittest::Queryable as _;
use logodesk::ui::Screen;
use logodesk::ui::undo::Undoable as _;
use std::time::{Duration, Instant};
use ui_common::*;

type H = egui_kittest::Harness<'static, logodesk::app::LogodeskApp>;

/// The text field named `field`.
fn text_field<'a>(h: &'a H, field: &'a str) -> egui_kittest::Node<'a> {
    h.query_by_role_and_label(Role::TextInput, field)
        .unwrap_or_else(|| panic!("no text field {field}"))
}

/// Replaces the text of the field named `field`; the field keeps the keyboard.
fn type_into(h: &mut H, field: &str, text: &str) {
    text_field(h, field).scroll_to_me();
    h.run_steps(2);
    text_field(h, field).focus();
    h.run_steps(1);
    h.key_press_modifiers(Modifiers::COMMAND, Key::A);
    text_field(h, field).type_text(text);
    h.run_steps(2);
}

/// Leaves the focused text field (the screen's keys apply again).
fn leave_field(h: &mut H) {
    h.key_press(Key::Escape);
    h.run_steps(2);
    assert!(
        !h.ctx.egui_wants_keyboard_input(),
        "no field has the keyboard"
    );
}

fn undo(h: &mut H) {
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run_steps(2);
}

fn redo(h: &mut H) {
    h.key_press_modifiers(Modifiers::COMMAND | Modifiers::SHIFT, Key::Z);
    h.run_steps(2);
}

fn staged_size(h: &H) -> Option<(Option<f64>, Option<f64>)> {
    h.state().screens().editor.staged().size
}

#[test]
fn the_editor_undoes_and_redoes_staged_changes_and_a_field_keeps_its_own_undo() {
    let mut h = app(egui::Theme::Light);
    open_demo_draft(&mut h);
    assert_eq!(h.state().screen(), Screen::Editor);
    assert!(!edit_menu_enabled(&mut h, "Undo"), "nothing to undo yet");
    assert!(!edit_menu_enabled(&mut h, "Redo"));

    // A change, then Ctrl+Z outside any field restores it and Ctrl+Shift+Z makes it again.
    let typed = Some((Some(123.0), None));
    type_into(&mut h, "Width in mm", "123");
    leave_field(&mut h);
    assert_eq!(staged_size(&h), typed);
    assert!(edit_menu_enabled(&mut h, "Undo"));
    undo(&mut h);
    assert_eq!(staged_size(&h), None, "the size is the service's again");
    assert!(edit_menu_enabled(&mut h, "Redo"));
    redo(&mut h);
    assert_eq!(staged_size(&h), typed);
    // Ctrl+Y redoes too; the Edit menu's Undo does what Ctrl+Z does.
    undo(&mut h);
    h.key_press_modifiers(Modifiers::COMMAND, Key::Y);
    h.run_steps(2);
    assert_eq!(staged_size(&h), typed);
    h.get_by_label("Edit").click();
    h.run_steps(2);
    h.get_by_label(&entry(&h, "Undo")).click();
    h.run_steps(2);
    assert_eq!(staged_size(&h), None);
    redo(&mut h);
    assert_eq!(staged_size(&h), typed);

    // Typing in the title field: Ctrl+Z there undoes the text only.
    type_into(&mut h, "Title", "Typed, then taken back");
    assert_eq!(
        h.state().screens().editor.staged().title.as_deref(),
        Some("Typed, then taken back")
    );
    undo(&mut h);
    assert!(
        text_field(&h, "Title").is_focused(),
        "the field keeps the keyboard"
    );
    assert_eq!(
        h.state().screens().editor.staged().title,
        None,
        "the field's own undo"
    );
    assert_eq!(staged_size(&h), typed, "the staged width is left alone");
    assert!(
        !h.state().screens().editor.can_redo(),
        "the editor's undo did not run"
    );
    // Out of the field, Ctrl+Z undoes the editor's edits again.
    leave_field(&mut h);
    undo(&mut h);
    assert_eq!(staged_size(&h), None);
}

/// The open draft's reference as the local database has it.
fn saved_reference(h: &H) -> Option<String> {
    let orders = &h.state().screens().orders;
    let id = orders.composer.draft_id()?;
    orders.order(id).map(|o| o.reference.clone())
}

/// Reloads the lists (Ctrl+R) until the open draft is saved with `reference`.
fn wait_saved(h: &mut H, reference: &str) {
    let start = Instant::now();
    while saved_reference(h).as_deref() != Some(reference) {
        assert!(
            start.elapsed() < PATIENCE,
            "timed out waiting for the draft saved with {reference:?}; saved: {:?}",
            saved_reference(h)
        );
        h.key_press_modifiers(Modifiers::COMMAND, Key::R);
        for _ in 0..10 {
            h.step();
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

/// The app with a new order open in the composer, started with Ctrl+N (the way File → New
/// order goes).
fn new_order() -> H {
    let mut h = app(egui::Theme::Light);
    wait_for(&mut h, "the session", |h| {
        h.state().session().active.is_some()
    });
    h.key_press_modifiers(Modifiers::COMMAND, Key::N);
    wait_for(&mut h, "a new draft", |h| {
        h.state().screens().orders.composer.draft_id().is_some()
    });
    h
}

#[test]
fn the_composer_undoes_a_reference_saves_it_and_starts_anew_with_another_draft() {
    let mut h = new_order();
    assert_eq!(h.state().screen(), Screen::Orders);
    let first = h.state().screens().orders.composer.draft_id();

    type_into(&mut h, "Reference", "PO-KEYS-1");
    leave_field(&mut h);
    wait_saved(&mut h, "PO-KEYS-1");
    undo(&mut h);
    assert_eq!(h.state().screens().orders.composer.form.reference, "");
    wait_saved(&mut h, "");
    redo(&mut h);
    assert_eq!(
        h.state().screens().orders.composer.form.reference,
        "PO-KEYS-1"
    );
    assert!(h.state().screens().orders.composer.can_undo());

    // Another draft: its history starts empty.
    h.key_press_modifiers(Modifiers::COMMAND, Key::N);
    wait_for(&mut h, "another draft", |h| {
        let id = h.state().screens().orders.composer.draft_id();
        id.is_some() && id != first
    });
    assert!(!h.state().screens().orders.composer.can_undo());
    assert!(!h.state().screens().orders.composer.can_redo());
    undo(&mut h);
    assert_eq!(h.state().screens().orders.composer.form.reference, "");
}

#[test]
fn an_undone_line_removal_looks_its_design_up_again() {
    let mut h = new_order();
    let fx = logodesk::sandbox::fixtures();
    let not_finalized = "This design is not finalized";
    // A design that is not finalized (noted under its line), then a finalized one.
    for (design, n) in [(fx.draft_design_id, 1), (fx.done_design_id, 2)] {
        type_into(&mut h, "Design to add", &design.to_string());
        h.get_by_label("Add design").click();
        wait_for(&mut h, "the design looked up", |h| {
            let designs = &h.state().screens().orders.composer.form.designs;
            designs.len() == n && designs.iter().all(|d| !d.title.is_empty())
        });
    }
    assert!(shows_text(&h, not_finalized));
    // The first line removed: the note goes with it (its button scrolled into view first:
    // the lines with their proof strips are taller than the test's window).
    h.query_all_by_label("Remove design")
        .next()
        .expect("a design line")
        .scroll_to_me();
    h.run_steps(3);
    h.query_all_by_label("Remove design")
        .next()
        .expect("a design line")
        .click();
    wait_for(&mut h, "the line removed", |h| {
        !shows_text(h, not_finalized)
    });
    assert_eq!(h.state().screens().orders.composer.form.designs.len(), 1);
    // Undone: the line is back, looked up again, its note with it.
    undo(&mut h);
    let designs = &h.state().screens().orders.composer.form.designs;
    assert_eq!(designs.len(), 2);
    assert_eq!(designs[0].reference, fx.draft_design_id.to_string());
    wait_for(&mut h, "the note again", |h| shows_text(h, not_finalized));
}

fn open_palette(h: &mut H) {
    h.key_press_modifiers(Modifiers::COMMAND, Key::K);
    h.run_steps(2);
    assert!(h.state().palette_open());
    assert!(
        h.get_by_label("Search actions").is_focused(),
        "the search has the keyboard at once"
    );
}

#[test]
fn the_palette_finds_runs_and_closes() {
    let mut h = app(egui::Theme::Light);
    wait_for_gallery(&mut h);

    // Typing filters; Enter runs the first match.
    open_palette(&mut h);
    h.get_by_label("Search actions").type_text("sett");
    h.run_steps(2);
    assert!(shows(&h, &entry(&h, "Settings")));
    assert!(!shows(&h, &entry(&h, "Toggle light/dark")), "filtered out");
    h.key_press(Key::Enter);
    h.run_steps(2);
    assert_eq!(h.state().screen(), Screen::Settings);
    assert!(!h.state().palette_open());

    // Escape closes without running anything.
    open_palette(&mut h);
    h.get_by_label("Search actions").type_text("logos");
    h.run_steps(2);
    h.key_press(Key::Escape);
    h.run_steps(2);
    assert!(!h.state().palette_open());
    assert_eq!(h.state().screen(), Screen::Settings);

    // Arrows move: "order" lists Orders, then New order.
    open_palette(&mut h);
    h.get_by_label("Search actions").type_text("ORDER");
    h.run_steps(2);
    h.key_press(Key::ArrowDown);
    h.key_press(Key::Enter);
    h.run_steps(2);
    assert_eq!(h.state().screen(), Screen::Orders);
    wait_for(&mut h, "the new draft", |h| {
        h.state().screens().orders.composer.draft_id().is_some()
    });

    // A click runs.
    open_palette(&mut h);
    h.get_by_label("Search actions").type_text("dark");
    h.run_steps(2);
    let before = h.ctx.theme();
    h.get_by_label(&entry(&h, "Toggle light/dark")).click();
    h.run_steps(2);
    assert_ne!(h.ctx.theme(), before);
    assert!(!h.state().palette_open());
}

#[test]
fn removing_a_middle_line_leaves_every_other_lines_paste_note_and_import_with_it() {
    let mut h = new_order();
    let fx = logodesk::sandbox::fixtures();
    let not_finalized = "This design is not finalized";
    let designs = [fx.draft_design_id, fx.done_design_id, fx.draft_design_id];
    for (n, design) in designs.iter().enumerate() {
        type_into(&mut h, "Design to add", &design.to_string());
        h.get_by_label("Add design").click();
        wait_for(&mut h, "the design looked up", |h| {
            let designs = &h.state().screens().orders.composer.form.designs;
            designs.len() == n + 1 && designs.iter().all(|d| !d.title.is_empty())
        });
    }
    let notes = |h: &H| h.query_all_by_label_contains(not_finalized).count();
    let noted = notes(&h);
    assert!(noted > 0, "the first and the last line are not finalized");
    // An import under way into the last line.
    let dir = tempfile::tempdir().expect("a temporary folder");
    let file = dir.path().join("roster.csv");
    std::fs::write(&file, "Number;Name\n9;Dora\n").expect("the roster file is written");
    h.state_mut()
        .screens_mut()
        .orders
        .composer
        .import_roster_from(2, file);
    wait_for(&mut h, "the import's preview", |h| {
        h.state()
            .screens()
            .orders
            .composer
            .import_preview(2)
            .is_some()
    });
    // A paste not yet added under each line (the last first: the view ends at the top).
    for (k, text) in [(2, "3;Carl"), (1, "2;Bo"), (0, "1;Anna")] {
        let field = h
            .query_all_by_label("Roster")
            .nth(k)
            .expect("a roster field");
        field.scroll_to_me();
        h.run_steps(2);
        h.query_all_by_label("Roster")
            .nth(k)
            .expect("a roster field")
            .focus();
        h.run_steps(1);
        h.query_all_by_label("Roster")
            .nth(k)
            .expect("a roster field")
            .type_text(text);
        h.run_steps(2);
    }
    // The middle line removed.
    fn remove(h: &H) -> egui_kittest::Node<'_> {
        let second = h.query_all_by_label("Remove design").nth(1);
        second.expect("a second design line")
    }
    leave_field(&mut h);
    remove(&h).scroll_to_me();
    h.run_steps(2);
    remove(&h).click_accesskit();
    h.run_steps(3);
    let c = &h.state().screens().orders.composer;
    assert_eq!(c.form.designs.len(), 2);
    assert_eq!(c.roster_paste(0), "1;Anna");
    assert_eq!(
        c.roster_paste(1),
        "3;Carl",
        "the last line's paste stays with it"
    );
    assert!(c.import_preview(0).is_none());
    assert!(
        c.import_preview(1).is_some(),
        "the import stays with the line it was for"
    );
    assert_eq!(notes(&h), noted, "both notes stay with their lines");
}
