//! The Designs screen and the window's frame in Danish: the menus, the account corner, the
//! design's facts and placeholders, and the clone form's button counting designs by Danish
//! plural rules ("Opret 1 design", "Opret 2 designs").

use crate::ui_common;

use egui_kittest::kittest::{NodeT as _, Queryable as _};
use logodesk::locale::Language;
use logodesk::sandbox::fixtures;
use logodesk::ui::{PersistedUi, Screen};
use ui_common::*;

#[test]
fn the_designs_screen_and_its_clone_form_speak_danish() {
    let _language = crate::one_language_at_a_time();
    let danish = PersistedUi {
        language: Some(Language::Danish),
        ..PersistedUi::default()
    };
    let mut h = app_with(config(), egui::Theme::Light, danish);
    wait_for(&mut h, "the session", |h| {
        h.state().session().active.is_some()
    });
    // The frame: menus and the account corner.
    for label in ["Filer", "Rediger", "Vis"] {
        assert!(shows(&h, label), "the menu {label}");
    }
    assert!(shows(&h, "Konto"));
    assert!(!shows(&h, "File"));

    // "Designs" is the same word in both languages; the navigation's entry comes first.
    h.query_all_by_label("Designs").next().unwrap().click();
    h.run_steps(2);
    assert_eq!(h.state().screen(), Screen::Designs);
    assert!(shows_text(&h, "Tjenesten har ingen liste over designs"));
    assert!(shows_text(&h, "Intet design åbent"));
    type_into(&mut h, "Design-id", &fixtures().done_design_id.to_string());
    press(&mut h, "Åbn design");
    wait_for(&mut h, "the demo design", |h| {
        h.state().designs().is_loaded()
    });
    assert!(shows_text(&h, "Færdigt: det kan bestilles"));
    assert!(shows(&h, "Pladsholder for navn"));
    assert!(shows(&h, "Åbn logoet for placering 1"));
    assert!(!shows(&h, "Open logo of placement 1"));

    // The clone form counts the designs it will create in Danish.
    press(&mut h, "Klon…");
    assert!(shows(&h, "Opret 1 design"));
    press(&mut h, "Tilføj variant");
    assert!(shows(&h, "Opret 2 designs"));
    assert!(shows(&h, "Titel på variant 2"));
    press(&mut h, "Fjern variant 2");
    assert!(shows(&h, "Opret 1 design"));
    assert!(!shows(&h, "Opret 2 designs"));
    assert!(
        !h.get_by_label("Opret 1 design")
            .accesskit_node()
            .is_disabled()
    );
}
