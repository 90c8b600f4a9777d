//! The backend's "Open" dialogs through the one file-dialog seam, the dialog answered for the
//! person: a roster CSV chosen for a design line reaches the import preview, and a picture
//! chosen for the upload lands in its path field and checks.

use crate::ui_common;

use egui_kittest::kittest::Queryable as _;
use logodesk::ui::{PersistedUi, Screen};
use std::sync::Arc;
use ui_common::file_dialog::Scripted;
use ui_common::*;

/// The app with its file dialogs answered by `dialog`.
fn app_choosing(
    dialog: &Arc<Scripted>,
) -> egui_kittest::Harness<'static, logodesk::app::LogodeskApp> {
    let mut config = config();
    config.file_dialog = Some(dialog.clone());
    app_with(config, egui::Theme::Light, PersistedUi::default())
}

#[test]
fn a_roster_file_chosen_in_the_dialog_is_previewed_for_its_line() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let file = dir.path().join("club.csv");
    std::fs::write(&file, "Number,Name,Size\n21,Lund,M\n22,Berg,XL\n").expect("the CSV");
    let dialog = Arc::new(Scripted::default());
    let mut h = app_choosing(&dialog);
    open_new_order(&mut h);
    h.state_mut().screens_mut().orders.composer.form = logodesk::backend::demo_form();
    h.run_steps(3);

    dialog.will_pick(Some(file));
    press(&mut h, "Import roster…");
    wait_for(&mut h, "the roster's preview", |h| {
        h.state()
            .screens()
            .orders
            .composer
            .import_preview(0)
            .is_some()
    });
    assert!(shows_text(&h, "Roster from club.csv"));
    let rows = h
        .state()
        .screens()
        .orders
        .composer
        .import_preview(0)
        .unwrap();
    let names: Vec<&str> = rows.iter().map(|r| r.row.name.as_str()).collect();
    assert_eq!(names, ["Lund", "Berg"]);
    let opened = dialog.opened();
    assert_eq!(opened.len(), 1, "one dialog");
    assert_eq!(opened[0].title, "Import roster");
    assert!(opened[0].extensions.contains(&"csv"));
}

#[test]
fn a_picture_chosen_in_the_dialog_is_the_upload_s_file() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let path = dir.path().join("crest.png");
    image::RgbaImage::from_pixel(300, 200, image::Rgba([0xC8, 0x10, 0x2E, 255]))
        .save(&path)
        .expect("the PNG is written");
    let dialog = Arc::new(Scripted::default());
    let mut h = app_choosing(&dialog);
    wait_for_gallery(&mut h);
    h.query_all_by_label(&Screen::Editor.to_string())
        .next()
        .expect("the navigation entry")
        .click();
    h.run_steps(2);
    assert_eq!(h.state().screen(), Screen::Editor);

    dialog.will_pick(Some(path.clone()));
    press(&mut h, "Upload logo…");
    wait_for(&mut h, "the chosen file in the path field", |h| {
        text_field(h, "File path").value().as_deref() == Some(path.display().to_string().as_str())
    });
    assert_eq!(dialog.opened()[0].title, "Upload logo");
    press(&mut h, "Check file");
    wait_for(&mut h, "the file check", |h| {
        h.state().screens().editor.upload.checked().is_some()
    });
    assert!(shows_text(&h, "crest.png is ready to upload"));
}
