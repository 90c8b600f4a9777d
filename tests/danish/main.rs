//! The screens in Danish (and the switch between Danish and English), as a Danish account
//! manager sees them.
//!
//! A binary of its own: the language is the process's (`logodesk::i18n`), so a test that shows
//! Danish would change the words under every English test running beside it. Here the tests
//! take turns ([`one_language_at_a_time`]).

#[path = "../ui_common/mod.rs"]
mod ui_common;

mod first_order;
mod history_exports;
mod settings;
mod ui_locale;

use std::sync::{Mutex, MutexGuard};

/// Held for a whole test: one language in the process at a time. A test that failed while
/// holding it does not stop the others.
pub fn one_language_at_a_time() -> MutexGuard<'static, ()> {
    static LANGUAGE: Mutex<()> = Mutex::new(());
    LANGUAGE
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}
