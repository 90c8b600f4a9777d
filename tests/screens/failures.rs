//! Failures reach a screen one way (`Event::Failed` with the request and its slot): each is
//! said where it was before, once, and an answer to a superseded request is dropped before
//! any screen sees it.

use crate::ui_common;

use ui_common::composer::*;
use ui_common::*;

/// The roster file's sentence is said under its line only (no toast), as before failures
/// came as `Event::Failed`.
#[test]
fn an_unreadable_roster_file_is_said_under_its_line_and_not_as_a_toast() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = new_order_with(egui::Theme::Light, |_| {});
    let missing = dir.path().join("gone.csv");
    h.state_mut()
        .screens_mut()
        .orders
        .composer
        .import_roster_from(0, missing);
    wait_for(&mut h, "the import's sentence", |h| {
        shows_text(h, "The file could not be read")
    });
    assert!(
        h.state()
            .screens()
            .orders
            .composer
            .import_preview(0)
            .is_none()
    );
    assert!(
        h.state().notifications().is_empty(),
        "said in place only: {:?}",
        h.state().notifications()
    );
}

/// A newer import supersedes the older one: the older file's failure never reaches the
/// composer, the newer file is previewed.
#[test]
fn a_newer_roster_import_drops_the_older_ones_failure() {
    let dir = tempfile::tempdir().unwrap();
    let good = dir.path().join("roster.csv");
    std::fs::write(&good, "Name;Number;Size\r\nLund;21;M\r\n").unwrap();
    let mut h = new_order_with(egui::Theme::Light, |_| {});
    let composer = &mut h.state_mut().screens_mut().orders.composer;
    composer.import_roster_from(0, dir.path().join("gone.csv"));
    h.step();
    h.state_mut()
        .screens_mut()
        .orders
        .composer
        .import_roster_from(0, good);
    wait_for(&mut h, "the newer file's preview", |h| {
        h.state()
            .screens()
            .orders
            .composer
            .import_preview(0)
            .is_some()
    });
    // Answers still on their way are settled too.
    h.run_steps(10);
    let preview = h
        .state()
        .screens()
        .orders
        .composer
        .import_preview(0)
        .unwrap();
    assert_eq!(preview.len(), 1);
    assert_eq!(&*preview[0].row.name, "Lund");
    assert!(!shows_text(&h, "The file could not be read"));
    assert!(
        h.state().notifications().is_empty(),
        "{:?}",
        h.state().notifications()
    );
}

/// A look-up that fails in the backend before anything is asked of the service (the account
/// shown has no client: the built-in sandbox is off) answers its request: "Looking up" ends
/// and the sentence stands under the field, where the look-up's own failures are said.
#[test]
fn a_look_up_the_backend_cannot_start_ends_with_its_sentence_under_the_field() {
    let config = logodesk::backend::BackendConfig {
        sandbox: None,
        ..config()
    };
    let mut h = app_with(config, egui::Theme::Light, Default::default());
    wait_for(&mut h, "the session", |h| {
        h.state().session().active.is_some()
    });
    press(&mut h, &logodesk::ui::Screen::History.to_string());
    type_into(&mut h, "Tracking id", "50001");
    press(&mut h, "Look up");
    wait_for(&mut h, "the look-up's failure", |h| {
        !h.state().screens().history.view.looking_up || !h.state().notifications().is_empty()
    });
    // Longer than the status bar waits before it shows work in progress.
    std::thread::sleep(logodesk::ui::requests::PROGRESS_AFTER * 2);
    h.run_steps(3);

    let view = &h.state().screens().history.view;
    assert!(!view.looking_up, "the look-up is still waiting");
    let sentence = "The built-in sandbox is switched off";
    assert!(
        view.lookup_error
            .as_deref()
            .is_some_and(|e| e.starts_with(sentence)),
        "{:?}",
        view.lookup_error
    );
    assert!(shows_text(&h, sentence), "said under the field");
    assert!(
        !shows_text(&h, "Looking up the order"),
        "the status bar's progress ended"
    );
}
