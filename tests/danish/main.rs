//! The screens in Danish (and the switch between Danish and English), as a Danish account
//! manager sees them.
//!
//! A binary of its own: the language is the process's (`logodesk::i18n`), so a test that shows
//! Danish would change the words under every English test running beside it. Here the tests
//! take turns ([`one_language_at_a_time`]).

#[path = "../common/mod.rs"]
mod common;
#[path = "../common/patience.rs"]
mod patience;
#[path = "../common/pg_cluster.rs"]
mod pg_cluster;
#[path = "../ui_common/mod.rs"]
mod ui_common;

mod every_screen;
mod first_order;
mod first_order_da;
mod history_exports;
mod offline;
mod pdfs;
mod roster_files;
mod settings;
mod team;
mod ui_composer;
mod ui_designs;
mod ui_locale;
mod ui_logos;

use logodesk::locale::Language;
use logodesk::ui::{PersistedUi, Screen};
use std::sync::{Mutex, MutexGuard};
use ui_common::*;

/// Held for a whole test: one language in the process at a time. A test that failed while
/// holding it does not stop the others.
pub fn one_language_at_a_time() -> MutexGuard<'static, ()> {
    static LANGUAGE: Mutex<()> = Mutex::new(());
    LANGUAGE
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// The real app in Danish whose "Gem som…" dialog is `Scripted`: the test says where a file
/// goes (or that the dialog was closed) and reads what the dialog was asked.
pub fn danish_app_with_save_dialog() -> (
    egui_kittest::Harness<'static, logodesk::app::LogodeskApp>,
    std::sync::Arc<ui_common::file_dialog::Scripted>,
) {
    let dialog = std::sync::Arc::new(ui_common::file_dialog::Scripted::default());
    let mut config = config();
    config.file_dialog = Some(dialog.clone());
    let persisted = PersistedUi {
        language: Some(Language::Danish),
        ..PersistedUi::default()
    };
    (app_with(config, egui::Theme::Light, persisted), dialog)
}

/// The real app in Danish, started on Orders, with a new draft made by "Ny ordre" (the
/// English helper, `open_new_order`, goes by the English labels).
pub fn danish_new_order() -> egui_kittest::Harness<'static, logodesk::app::LogodeskApp> {
    let persisted = PersistedUi {
        language: Some(Language::Danish),
        last_screen: Screen::Orders,
        ..PersistedUi::default()
    };
    let mut h = app_with(config(), egui::Theme::Light, persisted);
    wait_for(&mut h, "the session", |h| {
        h.state().session().active.is_some()
    });
    press(&mut h, "Ny ordre");
    wait_for(&mut h, "a new draft", |h| {
        h.state().screens().orders.composer.draft_id().is_some()
    });
    h
}
