//! Shared helpers of the UI tests: the real app in a kittest harness against an in-process
//! sandbox, and waiting (in real time) for the background runtime's answers.

#![allow(dead_code)]

pub mod composer;
pub mod file_dialog;

use egui_kittest::Harness;
use egui_kittest::kittest::Queryable as _;
use logodesk::app::{AppOptions, LogodeskApp};
use logodesk::backend::BackendConfig;
use logodesk::backend::demo_form;
use logodesk::keychain::Keychain;
use logodesk::locale::Language;
use logodesk::store::LocalOrder;
use logodesk::ui::PersistedUi;
use std::time::{Duration, Instant};

pub use crate::patience::PATIENCE;

/// A client of the sandbox the app in `h` runs, as the demo vendor: what "someone else" (the
/// web shop, another designer) or the test itself sees of the service.
pub fn sandbox_client(h: &Harness<'static, LogodeskApp>) -> logodesk::api::Client {
    let base = h
        .state()
        .session()
        .sandbox_url
        .clone()
        .expect("the sandbox runs");
    let key = logodesk::sandbox::fixtures().vendor_api_key;
    logodesk::api::Client::new(
        logodesk::api::ClientConfig::parse(&base, key).expect("the sandbox's address"),
    )
    .expect("a client")
}

/// The window size of every test.
pub const SIZE: egui::Vec2 = egui::vec2(1280.0, 800.0);

/// A keychain backed by `keyring-core`'s mock store.
pub fn mock_keychain() -> Keychain {
    Keychain::with_store(keyring_core::mock::Store::new().expect("mock store"))
}

/// Everything in memory, a fast sandbox and the mock keychain. The demo data stays as it is
/// during a test: the sandbox's pending vectorize task, which would add a logo after half a
/// second, is left pending (counts and snapshots would depend on the machine's speed).
pub fn config() -> BackendConfig {
    let mut config = BackendConfig::ephemeral(mock_keychain());
    if let Some(sandbox) = &mut config.sandbox {
        sandbox.vectorize_delay = Duration::from_secs(24 * 3600);
    }
    config
}

/// The real app on [`config`].
pub fn app(theme: egui::Theme) -> Harness<'static, LogodeskApp> {
    app_with(config(), theme, PersistedUi::default())
}

pub fn app_with(
    config: BackendConfig,
    theme: egui::Theme,
    persisted: PersistedUi,
) -> Harness<'static, LogodeskApp> {
    Harness::builder()
        .with_size(SIZE)
        .with_theme(theme)
        .with_max_steps(40)
        .build_eframe(move |cc| {
            let options = AppOptions {
                backend: config,
                restore_ui: false,
                theme: None,
                // Tests read English values unless the state they start from names a language
                // (the system's would make them depend on the machine's locale).
                language: Some(persisted.language.unwrap_or(Language::English)),
                start_screen: None,
                screenshot: None,
            };
            LogodeskApp::with_state(&cc.egui_ctx, options, persisted).expect("the app starts")
        })
}

/// Steps the app in real time until `done` holds; panics naming `what` after [`PATIENCE`].
#[track_caller]
pub fn wait_for(
    h: &mut Harness<'static, LogodeskApp>,
    what: &str,
    done: impl Fn(&Harness<'static, LogodeskApp>) -> bool,
) {
    let start = Instant::now();
    while !done(h) {
        assert!(
            start.elapsed() < PATIENCE,
            "timed out waiting for {what}; notifications: {:?}",
            h.state().notifications()
        );
        h.step();
        std::thread::sleep(Duration::from_millis(10));
    }
    // A couple of frames more so layout settles and answers that arrived are shown.
    h.run_steps(3);
}

/// Waits until the gallery shows its first page with the first thumbnails.
#[track_caller]
pub fn wait_for_gallery(h: &mut Harness<'static, LogodeskApp>) {
    wait_for(h, "the gallery", |h| h.state().gallery_ready());
}

/// Places the demo kit order from a new draft ("Place order…", then "Place order" in its
/// confirmation) and waits until the service completes it: its history row.
pub fn place_demo_order(h: &mut Harness<'static, LogodeskApp>) -> LocalOrder {
    open_new_order(h);
    h.state_mut().screens_mut().orders.composer.form = demo_form();
    h.run_steps(3);
    place(h);
    wait_for_completed(h);
    h.state().screens().history.orders[0].clone()
}

/// Where the confirmation PDF of the order History shows in full went, once saved.
pub fn saved_confirmation(h: &Harness<'static, LogodeskApp>) -> Option<std::path::PathBuf> {
    let open = h.state().screens().history.view.open_order()?;
    open.saved_pdf.clone()
}

/// Whether a node with this exact label is shown (once or more).
pub fn shows(h: &Harness<'static, LogodeskApp>, label: &str) -> bool {
    h.query_all_by_label(label).next().is_some()
}

/// Whether any shown node's label contains `text`.
pub fn shows_text(h: &Harness<'static, LogodeskApp>, text: &str) -> bool {
    h.query_all_by_label_contains(text).next().is_some()
}

/// The real app on [`config`], saving exports (CSV, PDFs) into `dir`.
pub fn app_saving_to(dir: &std::path::Path) -> Harness<'static, LogodeskApp> {
    let mut config = config();
    config.downloads = Some(dir.to_owned());
    app_with(config, egui::Theme::Light, PersistedUi::default())
}

/// The text field named `field` (one line or several, or a password's).
#[track_caller]
pub fn text_field<'a>(
    h: &'a Harness<'static, LogodeskApp>,
    field: &'a str,
) -> egui_kittest::Node<'a> {
    use egui::accesskit::Role;
    h.query_by_role_and_label(Role::TextInput, field)
        .or_else(|| h.query_by_role_and_label(Role::MultilineTextInput, field))
        .or_else(|| h.query_by_role_and_label(Role::PasswordInput, field))
        .unwrap_or_else(|| panic!("no text field {field}"))
}

/// Scrolls to the text field named `field`, focuses it and types `text`.
#[track_caller]
pub fn type_into(h: &mut Harness<'static, LogodeskApp>, field: &str, text: &str) {
    text_field(h, field).scroll_to_me();
    h.run_steps(2);
    text_field(h, field).focus();
    h.run_steps(1);
    text_field(h, field).type_text(text);
    h.run_steps(2);
}

/// The label of an action's menu entry or palette row: its name and its shortcut.
pub fn entry(h: &Harness<'static, LogodeskApp>, label: &str) -> String {
    let shortcut = logodesk::ui::Action::all()
        .find(|a| a.label() == label)
        .and_then(|a| a.shortcut())
        .unwrap_or_else(|| panic!("no shortcut for {label}"));
    format!(
        "{label} {}",
        logodesk::ui::actions::shortcut_text(&h.ctx, &shortcut)
    )
}

/// Whether the Edit menu's entry `label` (shown with its shortcut) can be clicked.
pub fn edit_menu_enabled(h: &mut Harness<'static, LogodeskApp>, label: &str) -> bool {
    use egui_kittest::kittest::NodeT as _;
    h.get_by_label("Edit").click();
    h.run_steps(2);
    let enabled = !h
        .get_by_label(&entry(h, label))
        .accesskit_node()
        .is_disabled();
    h.key_press(egui::Key::Escape);
    h.run_steps(2);
    enabled
}

/// Scrolls to the widget labelled `label` and clicks it.
#[track_caller]
pub fn press(h: &mut Harness<'static, LogodeskApp>, label: &str) {
    h.get_by_label(label).scroll_to_me();
    h.run_steps(2);
    h.get_by_label(label).click_accesskit();
    h.run_steps(2);
}

/// Scrolls to the `n`th widget labelled `label` (from 0) and clicks it.
#[track_caller]
pub fn press_nth(h: &mut Harness<'static, LogodeskApp>, label: &str, n: usize) {
    #[track_caller]
    fn nth<'h>(
        h: &'h Harness<'static, LogodeskApp>,
        label: &'h str,
        n: usize,
    ) -> egui_kittest::Node<'h> {
        let node = h.query_all_by_label(label).nth(n);
        node.unwrap_or_else(|| panic!("no widget {n} labelled {label:?}"))
    }
    nth(h, label, n).scroll_to_me();
    h.run_steps(2);
    nth(h, label, n).click_accesskit();
    h.run_steps(2);
}

/// Orders → "New order", once the session is there; waits for the new draft.
#[track_caller]
pub fn open_new_order(h: &mut Harness<'static, LogodeskApp>) {
    wait_for(h, "the session", |h| h.state().session().active.is_some());
    h.get_by_label(&logodesk::ui::Screen::Orders.to_string())
        .click();
    h.run_steps(2);
    // The composer's labels in the process's language (a test may start the app in Danish).
    h.get_by_label(&logodesk::i18n::text("composer-title-new"))
        .click();
    wait_for(h, "a new draft", |h| {
        h.state().screens().orders.composer.draft_id().is_some()
    });
}

/// "Place order…" and the confirmation, laid out (a modal settles its size over a few frames).
#[track_caller]
pub fn confirm(h: &mut Harness<'static, LogodeskApp>) {
    press(h, &logodesk::i18n::text("composer-place-order-ellipsis"));
    h.run_steps(3);
    assert!(
        shows(h, &logodesk::i18n::text("composer-deliver-to")),
        "the confirmation"
    );
}

/// "Place order…", then "Place order" in its confirmation.
#[track_caller]
pub fn place(h: &mut Harness<'static, LogodeskApp>) {
    confirm(h);
    h.get_by_label(&logodesk::i18n::text("composer-place-order"))
        .click();
    h.run_steps(2);
}

/// Waits until an order of the history is completed.
#[track_caller]
pub fn wait_for_completed(h: &mut Harness<'static, LogodeskApp>) {
    wait_for(h, "the order to complete", |h| {
        h.state()
            .screens()
            .history
            .orders
            .iter()
            .any(|o| o.state == logodesk::store::OrderState::Completed)
    });
}

/// Opens the gallery's first demo draft's detail; answers its card.
#[track_caller]
pub fn open_demo_draft_detail(
    h: &mut Harness<'static, LogodeskApp>,
) -> logodesk::backend::LogoCard {
    wait_for_gallery(h);
    let draft = h
        .state()
        .screens()
        .gallery
        .cards()
        .find(|c| c.status == logodesk::api::LogoStatus::Draft)
        .expect("a demo draft")
        .clone();
    h.query_all_by_label(&draft.title)
        .next()
        .expect("the draft's card")
        .click();
    h.run_steps(2);
    wait_for(h, "the detail", |h| h.state().screens().detail.is_loaded());
    draft
}

/// Opens the gallery's first demo draft in the editor (from its detail's "Edit draft");
/// answers its card.
#[track_caller]
pub fn open_demo_draft(h: &mut Harness<'static, LogodeskApp>) -> logodesk::backend::LogoCard {
    let draft = open_demo_draft_detail(h);
    h.get_by_label(&logodesk::i18n::text("gallery-edit-draft"))
        .click_accesskit();
    wait_for(h, "the editor", |h| h.state().screens().editor.is_loaded());
    draft
}

/// A file dropped on the window (push it on `h.input_mut().dropped_files`).
#[derive(Debug)]
pub struct Dropped(pub std::path::PathBuf);

impl egui::DroppedFile for Dropped {
    fn path(&self) -> &std::path::Path {
        &self.0
    }

    fn bytes(&self) -> Result<Vec<u8>, String> {
        std::fs::read(&self.0).map_err(|e| e.to_string())
    }
}
