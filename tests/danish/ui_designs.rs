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
        h.state().screens().designs.is_loaded()
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

/// A service without design views (`--sandbox-without design-views`), in Danish, in the
/// narrowest window a vendor's laptop gives: the views and the clone canvas are drawn here,
/// say so in Danish, never "ikke fundet", and the mark stays inside the window.
#[test]
fn views_drawn_here_say_so_in_danish_in_a_narrow_window() {
    type H = egui_kittest::Harness<'static, logodesk::app::LogodeskApp>;
    let _language = crate::one_language_at_a_time();
    let mut config = config();
    if let Some(sandbox) = config.sandbox.as_mut() {
        sandbox.without = vec![logodesk::api::Feature::DesignViews];
    }
    let danish = PersistedUi {
        language: Some(Language::Danish),
        ..PersistedUi::default()
    };
    let mut h = app_with(config, egui::Theme::Light, danish);
    let narrow = 1024.0;
    h.set_size(egui::vec2(narrow, SIZE.y));
    wait_for(&mut h, "the session", |h| {
        h.state().session().active.is_some()
    });
    h.query_all_by_label("Designs").next().unwrap().click();
    h.run_steps(2);
    type_into(&mut h, "Design-id", &fixtures().done_design_id.to_string());
    press(&mut h, "Åbn design");
    wait_for(&mut h, "the design's views", |h| {
        h.state().screens().designs.views_settled()
    });

    let mark = "Tegnet her — denne tjeneste tegner ikke designvisninger.";
    let mark_inside = |h: &H, place: &str| {
        for node in h.query_all_by_label_contains(mark) {
            let rect = node.rect();
            assert!(
                rect.left() >= 0.0 && rect.right() <= narrow,
                "{place}: the mark {rect:?} runs out of a {narrow} px window"
            );
        }
    };
    assert!(shows_text(&h, mark), "no Danish 'drawn here' mark");
    assert!(!shows_text(&h, "Drawn here"), "English left in Danish");
    assert!(!shows_text(&h, "ikke fundet"), "never 'not found'");
    assert!(h.state().notifications().is_empty());
    h.get_by_label_contains(mark).scroll_to_me();
    h.run_steps(3);
    mark_inside(&h, "the design view");
    h.remove_cursor();
    h.run_steps(2);
    h.snapshot("design_view_drawn_here_da");

    press(&mut h, "Klon…");
    wait_for(&mut h, "the garment drawn here", |h| {
        h.state().screens().designs.canvas_ready()
    });
    h.get_by_label("Klonlærred").scroll_to_me();
    h.run_steps(3);
    assert!(shows_text(&h, mark), "the canvas says it too");
    mark_inside(&h, "the clone canvas");
    assert!(!h.state().screens().designs.canvas_shows_service());
    // The placements' table goes under the canvas: every field inside the window.
    for field in h.get_all_by_role(egui::accesskit::Role::TextInput) {
        let rect = field.rect();
        assert!(
            rect.right() <= narrow,
            "a field runs out of the window: {rect:?}"
        );
    }
    h.get_all_by_label_contains(mark)
        .last()
        .unwrap()
        .scroll_to_me();
    h.run_steps(3);
    h.remove_cursor();
    h.run_steps(2);
    h.snapshot("clone_canvas_drawn_here_da");
}
