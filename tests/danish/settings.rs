//! Settings in Danish, in the real app against the in-process sandbox: the sections, buttons
//! and form speak Danish, and the connection test counts the account's logos by the Danish
//! plural rule ("1 logo", "2 logoer").

use crate::ui_common;

use egui_kittest::kittest::Queryable as _;
use logodesk::locale::Language;
use logodesk::ui::{PersistedUi, Screen};
use ui_common::*;

#[test]
fn settings_speak_danish_and_count_logos_by_the_danish_rule() {
    let _language = crate::one_language_at_a_time();
    let persisted = PersistedUi {
        language: Some(Language::Danish),
        last_screen: Screen::Settings,
        ..PersistedUi::default()
    };
    let mut h = app_with(config(), egui::Theme::Light, persisted);
    wait_for(&mut h, "the session", |h| {
        h.state().session().active.is_some()
    });
    assert_eq!(h.state().screen(), Screen::Settings);
    // The offline copies, counted on the blocking lane (none kept in memory only).
    wait_for(&mut h, "the offline copies", |h| {
        shows(
            h,
            "Der gemmes ingen offline-kopier: denne sessions data ligger kun i hukommelsen.",
        )
    });
    for label in [
        "Konti",
        "+ Tilføj konto",
        "Udseende",
        "Følg systemet",
        "Data på denne computer",
        "Om logodesk",
    ] {
        assert!(shows(&h, label), "{label} is not on screen");
    }
    for english in [
        "Accounts",
        "+ Add account",
        "Appearance",
        "Data on this computer",
        "About logodesk",
    ] {
        assert!(!shows(&h, english), "{english} is still on screen");
    }

    // The sandbox account's form and its connection test.
    h.get_by_label("Redigér").click();
    h.run_steps(2);
    assert!(shows(&h, "Organisation"));
    h.get_by_label("Test forbindelsen").click();
    wait_for(&mut h, "the connection report", |h| {
        shows_text(h, "Nøglen virker")
    });
    assert!(shows_text(&h, "Tjenesten svarede på sundhedstjekket"));
    // The count, said by the Danish rule: "1 logo", otherwise "logoer".
    let said = |n: u32, word: &str| shows(&h, &format!("Nøglen virker: kontoen har {n} {word}."));
    let danish = |n: u32| said(n, if n == 1 { "logo" } else { "logoer" });
    assert!((0..1000).any(danish), "the logo count, by the Danish rule");
    assert!(!said(1, "logoer"));
    assert!(!(0..1000).filter(|n| *n != 1).any(|n| said(n, "logo")));
}
