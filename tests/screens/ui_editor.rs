//! The designer's flow through the real app against an in-process sandbox: a generated PNG
//! uploaded by path and by dropping it on the window, the method confirmed, a recolor
//! previewed locally then sent, resized with and without the proportions lock, renamed and
//! committed; forbidden actions disabled with their reasons; a refusal shown readably;
//! snapshots before and after a recolor.

use crate::ui_common;

use egui::Key;
use egui_kittest::Harness;
use egui_kittest::kittest::{NodeT as _, Queryable as _};
use logodesk::app::LogodeskApp;
use logodesk::ui::Screen;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use ui_common::*;

/// Red 186 C and Navy 282 C of the sandbox's inks.
const RED: [u8; 3] = [0xC8, 0x10, 0x2E];
const NAVY: [u8; 3] = [0x04, 0x1E, 0x42];
/// Sky Blue 299 C.
const SKY: [u8; 3] = [0x00, 0xA3, 0xE0];

type H = Harness<'static, LogodeskApp>;

/// A 300 × 200 px crest: a red field with a navy band, written as `crest.png` in `dir`.
fn crest_png(dir: &Path) -> PathBuf {
    let img = image::RgbaImage::from_fn(300, 200, |x, _| {
        let [r, g, b] = if x < 190 { RED } else { NAVY };
        image::Rgba([r, g, b, 255])
    });
    let path = dir.join("crest.png");
    img.save(&path).expect("the PNG is written");
    path
}

fn click_first(h: &mut H, label: &str) {
    h.query_all_by_label(label)
        .next()
        .unwrap_or_else(|| panic!("no {label:?} on screen"))
        .click();
    h.run_steps(2);
}

/// Replaces the text of the field labelled `label`.
fn type_into(h: &mut H, label: &str, text: &str) {
    h.get_by_label(label).focus();
    h.run_steps(1);
    h.key_press_modifiers(egui::Modifiers::COMMAND, Key::A);
    h.get_by_label(label).type_text(text);
    h.run_steps(2);
}

fn is_disabled(h: &H, label: &str) -> bool {
    h.get_by_label(label).accesskit_node().is_disabled()
}

fn wait_idle(h: &mut H, what: &str) {
    wait_for(h, what, |h| !h.state().screens().editor.is_busy());
}

fn pixel(img: &egui::ColorImage, x: usize, y: usize) -> [u8; 3] {
    let c = img.pixels[y * img.size[0] + x];
    [c.r(), c.g(), c.b()]
}

/// A position whose pixel is exactly `rgb` in `img`.
fn find_pixel(img: &egui::ColorImage, rgb: [u8; 3]) -> (usize, usize) {
    let i = img
        .pixels
        .iter()
        .position(|c| [c.r(), c.g(), c.b()] == rgb)
        .expect("the color is in the picture");
    (i % img.size[0], i / img.size[0])
}

/// Uploads `path` through the form (path typed) and waits for the draft in the editor.
fn upload_by_path(h: &mut H, path: &Path) {
    wait_for_gallery(h);
    click_first(h, "Upload & edit");
    assert_eq!(h.state().screen(), Screen::Editor);
    type_into(h, "File path", &path.display().to_string());
    h.get_by_label("Check file").click_accesskit();
    wait_for(h, "the file check", |h| {
        h.state().screens().editor.upload.checked().is_some()
    });
    assert!(shows_text(h, "crest.png is ready to upload"));
    assert!(shows_text(h, "300 × 200 px"));
    h.get_by_label("Upload").click_accesskit();
    wait_for(h, "the new draft in the editor", |h| {
        h.state().screens().editor.is_loaded()
    });
}

/// Stages a method confirmation and applies it.
fn confirm_method(h: &mut H) {
    h.get_by_label("Confirm method").click_accesskit();
    h.run_steps(2);
    h.get_by_label("Apply").click_accesskit();
    h.run_steps(1);
    wait_idle(h, "the method confirmation");
}

#[test]
fn a_file_goes_from_disk_to_a_committed_logo() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = app(egui::Theme::Light);
    upload_by_path(&mut h, &crest_png(dir.path()));

    let editor = &h.state().screens().editor;
    let logo = editor.logo().expect("the draft").clone();
    assert_eq!(logo.status.to_string(), "Draft");
    assert_eq!(logo.title, "crest", "the title defaults to the file name");
    let memory = editor.memory().unwrap().clone();
    assert_eq!(memory.method_confirmed, Some(false), "a fresh upload");
    let originals: Vec<String> = memory
        .original_colors
        .iter()
        .map(|c| c.id.clone())
        .collect();
    assert_eq!(originals, ["186", "282"]);

    // Colors wait for the method: disabled, with the reason.
    assert!(is_disabled(&h, "Target for 186"));
    assert!(shows_text(&h, "Confirm the transfer method first"));
    confirm_method(&mut h);
    assert_eq!(
        h.state()
            .screens()
            .editor
            .memory()
            .unwrap()
            .method_confirmed,
        Some(true)
    );
    assert!(shows_text(&h, "method VAND SPORT confirmed"));
    assert!(!is_disabled(&h, "Target for 186"));

    // Recolor: the local preview changes before anything is sent.
    let server = h.state().screens().editor.server_image().unwrap().clone();
    let (x, y) = find_pixel(&server, RED);
    type_into(&mut h, "Target for 186", "299");
    wait_for(&mut h, "the local preview", |h| {
        h.state().screens().editor.preview_image().is_some()
    });
    let preview = h.state().screens().editor.preview_image().unwrap().clone();
    assert_eq!(pixel(&preview, x, y), SKY, "red becomes sky blue locally");
    assert_eq!(
        pixel(h.state().screens().editor.server_image().unwrap(), x, y),
        RED,
        "nothing sent yet"
    );
    assert!(shows(&h, "Local preview · not sent yet"));
    assert!(
        is_disabled(&h, "Commit…"),
        "commit waits for staged changes"
    );
    h.get_by_label("Apply").click_accesskit();
    h.run_steps(1);
    wait_idle(&mut h, "the recolor");
    let editor = &h.state().screens().editor;
    assert!(
        editor.preview_image().is_none(),
        "the service's picture replaces the local one"
    );
    assert_eq!(
        pixel(editor.server_image().unwrap(), x, y),
        SKY,
        "the service recolored"
    );
    let now: Vec<&str> = editor
        .logo()
        .unwrap()
        .colors
        .iter()
        .map(|c| c.id.as_str())
        .collect();
    assert_eq!(now, ["299", "282"]);
    // The method is locked once colors changed.
    assert!(is_disabled(&h, "Transfer method"));
    assert!(shows_text(&h, "refuses to change the method after that"));

    // Resize with the lock: only the width is sent, the height follows.
    let before = h.state().screens().editor.logo().unwrap().clone();
    type_into(&mut h, "Width in mm", "100");
    let staged = h.state().screens().editor.staged();
    assert_eq!(staged.size, Some((Some(100.0), None)));
    h.get_by_label("Apply").click_accesskit();
    h.run_steps(1);
    wait_idle(&mut h, "the locked resize");
    let resized = h.state().screens().editor.logo().unwrap().clone();
    assert_eq!(resized.width_in_mm, 100.0);
    let expected = before.height_in_mm * 100.0 / before.width_in_mm;
    assert!(
        (resized.height_in_mm - expected).abs() < 0.02,
        "{}",
        resized.height_in_mm
    );
    assert_ne!(resized.prices, before.prices, "new price tiers are shown");

    // Resize without the lock: both values are sent.
    h.get_by_label("Keep proportions").click_accesskit();
    h.run_steps(1);
    type_into(&mut h, "Width in mm", "50");
    type_into(&mut h, "Height in mm", "50");
    assert_eq!(
        h.state().screens().editor.staged().size,
        Some((Some(50.0), Some(50.0)))
    );
    h.get_by_label("Apply").click_accesskit();
    h.run_steps(1);
    wait_idle(&mut h, "the free resize");
    let logo = h.state().screens().editor.logo().unwrap();
    assert_eq!((logo.width_in_mm, logo.height_in_mm), (50.0, 50.0));

    // Rename.
    type_into(&mut h, "Title", "Crest 2026");
    h.get_by_label("Apply").click_accesskit();
    h.run_steps(1);
    wait_idle(&mut h, "the rename");
    assert_eq!(
        h.state().screens().editor.logo().unwrap().title,
        "Crest 2026"
    );

    // Commit: confirmed, then the logo opens read-only with its item number.
    h.get_by_label("Commit…").click_accesskit();
    h.run_steps(2);
    assert!(shows_text(&h, "irreversible"));
    h.get_by_label("Commit logo").click_accesskit();
    wait_for(&mut h, "the committed logo", |h| {
        h.state().screen() == Screen::LogoDetail
            && h.state()
                .screens()
                .detail
                .logo()
                .is_some_and(|l| l.logo_item_no.is_some())
    });
    let done = h.state().screens().detail.logo().unwrap();
    assert_eq!(done.status.to_string(), "Done");
    assert_eq!(done.title, "Crest 2026");
    assert!(!shows(&h, "✎ Edit draft"), "a Done logo cannot be edited");
}

#[test]
fn an_existing_draft_opens_from_the_detail_and_its_unknowns_are_said() {
    let mut h = app(egui::Theme::Light);
    let draft = open_demo_draft(&mut h);
    assert_eq!(h.state().screen(), Screen::Editor);
    let editor = &h.state().screens().editor;
    assert_eq!(editor.logo().unwrap().logo_id, draft.logo_id);
    assert_eq!(
        editor.memory().unwrap().method_confirmed,
        None,
        "not made in logodesk: unknown"
    );
    assert!(shows_text(&h, "Unknown whether it was confirmed"));
    let first = editor.memory().unwrap().original_colors[0].id.clone();
    assert!(
        !is_disabled(&h, &format!("Target for {first}")),
        "the service decides"
    );
}

#[test]
fn a_dropped_file_is_checked_and_uploaded() {
    let dir = tempfile::tempdir().unwrap();
    let path = crest_png(dir.path());
    let mut h = app(egui::Theme::Light);
    wait_for_gallery(&mut h);
    h.input_mut().dropped_files.push(Arc::new(Dropped(path)));
    h.run_steps(1);
    assert_eq!(
        h.state().screen(),
        Screen::Editor,
        "a drop opens the upload"
    );
    wait_for(&mut h, "the file check", |h| {
        h.state().screens().editor.upload.checked().is_some()
    });
    h.get_by_label("Upload").click_accesskit();
    wait_for(&mut h, "the new draft", |h| {
        h.state().screens().editor.is_loaded()
    });
    assert_eq!(h.state().screens().editor.logo().unwrap().title, "crest");

    // A file that is not a picture is refused locally with a sentence.
    let junk = dir.path().join("notes.png");
    std::fs::write(&junk, b"not a picture at all").unwrap();
    h.input_mut().dropped_files.push(Arc::new(Dropped(junk)));
    h.run_steps(1);
    wait_for(&mut h, "the refusal", |h| {
        h.state().screens().editor.upload.error().is_some()
    });
    let message = h
        .state()
        .screens()
        .editor
        .upload
        .error()
        .unwrap()
        .message
        .clone();
    assert!(message.ends_with('.'), "a sentence: {message}");
    assert!(shows(&h, &message));
    // The refused file is not staged, so there is nothing to upload; the path stays to be
    // corrected and checked again.
    assert!(!shows(&h, "Upload"), "no upload of a refused file");
    assert!(!is_disabled(&h, "Check file"));
}

#[test]
fn a_refusal_names_the_step_and_keeps_the_rest_staged() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = app(egui::Theme::Light);
    upload_by_path(&mut h, &crest_png(dir.path()));
    h.get_by_label("Confirm method").click_accesskit();
    h.run_steps(2);
    type_into(&mut h, "Target for 282", "NOPE");
    type_into(&mut h, "Title", "Never sent");
    h.get_by_label("Apply").click_accesskit();
    h.run_steps(1);
    wait_idle(&mut h, "the refused apply");
    assert!(shows_text(&h, "✔ Method: method VAND SPORT confirmed"));
    assert!(shows_text(&h, "✖ Colors failed"));
    let editor = &h.state().screens().editor;
    assert_eq!(
        editor.logo().unwrap().title,
        "crest",
        "nothing after the failure was sent"
    );
    let staged = editor.staged();
    assert_eq!(staged.method, None, "the confirmed method is done");
    assert_eq!(
        staged.colors,
        Some(vec!["186".to_owned(), "NOPE".to_owned()])
    );
    assert_eq!(staged.title.as_deref(), Some("Never sent"));
    assert!(shows_text(&h, "NOPE"), "the service's reason names the id");
}

/// Colors staged one after the other (`Slot::EditorPreview`: the newest wins): the picture is
/// the newest one's, never the older one's; with nothing staged there is none, and none comes
/// late.
#[test]
fn the_preview_follows_the_newest_staged_colors() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = app(egui::Theme::Light);
    upload_by_path(&mut h, &crest_png(dir.path()));
    confirm_method(&mut h);
    let server = h.state().screens().editor.server_image().unwrap().clone();
    let (x, y) = find_pixel(&server, RED);
    type_into(&mut h, "Target for 186", "299");
    type_into(&mut h, "Target for 186", "282");
    wait_for(&mut h, "the newest preview", |h| {
        h.state()
            .screens()
            .editor
            .preview_image()
            .is_some_and(|p| pixel(p, x, y) == NAVY)
    });
    // Answers still on their way are settled too.
    h.run_steps(10);
    let preview = h.state().screens().editor.preview_image().unwrap();
    assert_eq!(pixel(preview, x, y), NAVY, "red becomes navy, not sky blue");

    type_into(&mut h, "Target for 186", "299");
    type_into(&mut h, "Target for 186", "186");
    h.run_steps(10);
    assert!(
        h.state().screens().editor.preview_image().is_none(),
        "nothing staged: no preview"
    );
}

fn snapshots(theme: egui::Theme, suffix: &str) {
    let dir = tempfile::tempdir().unwrap();
    let mut h = app(theme);
    upload_by_path(&mut h, &crest_png(dir.path()));
    confirm_method(&mut h);
    h.remove_cursor();
    h.run_steps(4);
    h.snapshot(format!("editor_before_recolor_{suffix}"));
    type_into(&mut h, "Target for 186", "299");
    wait_for(&mut h, "the local preview", |h| {
        h.state().screens().editor.preview_image().is_some()
    });
    h.get_by_label("Split").click_accesskit();
    h.remove_cursor();
    h.run_steps(4);
    h.snapshot(format!("editor_after_recolor_{suffix}"));
}

#[test]
fn snapshots_light() {
    snapshots(egui::Theme::Light, "light");
}

#[test]
fn snapshots_dark() {
    snapshots(egui::Theme::Dark, "dark");
}
