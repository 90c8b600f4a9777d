//! The logo screens in Danish: the gallery (its count in Danish plural forms, "1 logo" and
//! "N logoer"), a draft's detail, the draft editor, and back through the detail to a search.

use crate::ui_common;

use egui_kittest::kittest::Queryable as _;
use logodesk::locale::Language;
use logodesk::ui::{PersistedUi, Screen};
use ui_common::*;

#[test]
fn gallery_detail_and_editor_speak_danish() {
    let _language = crate::one_language_at_a_time();
    let persisted = PersistedUi {
        language: Some(Language::Danish),
        ..PersistedUi::default()
    };
    let mut h = app_with(config(), egui::Theme::Light, persisted);
    wait_for_gallery(&mut h);
    assert_eq!(h.state().language(), Language::Danish);

    // The gallery: its title, search and count in Danish.
    let total = h.state().screens().gallery.total_count().expect("a total");
    assert!(total > 1, "the demo vendor has many logos");
    assert!(shows_text(&h, &format!("{total} logoer")), "the count");
    assert!(!shows_text(&h, &format!("{total} logos")));
    assert!(shows(&h, "Søg i logoer"));
    assert!(shows(&h, "⟳ Opdatér"));

    // A draft's detail.
    let draft = h
        .state()
        .screens()
        .gallery
        .cards()
        .find(|c| c.status.to_string() == "Draft")
        .expect("a demo draft")
        .clone();
    h.query_all_by_label(&draft.title)
        .next()
        .expect("the draft's card")
        .click();
    h.run_steps(2);
    wait_for(&mut h, "the detail", |h| {
        h.state().screens().detail.is_loaded()
    });
    for label in [
        "← Logoer",
        "Detaljer",
        "Pristrin",
        "Ekstra gebyrer",
        "Bestil…",
    ] {
        assert!(shows(&h, label), "{label} is not on screen");
    }
    assert!(!shows(&h, "Price tiers"));

    // The draft in the editor.
    h.get_by_label("✎ Ret kladde").click_accesskit();
    wait_for(&mut h, "the editor", |h| {
        h.state().screens().editor.is_loaded()
    });
    assert_eq!(h.state().screen(), Screen::Editor);
    for label in [
        "1 · Trykmetode",
        "2 · Farver",
        "3 · Størrelse",
        "4 · Titel",
        "Forberedte ændringer",
        "Anvend",
        "Godkend…",
    ] {
        assert!(shows(&h, label), "{label} is not on screen");
    }
    let first = h.state().screens().editor.memory().unwrap().original_colors[0]
        .id
        .clone();
    assert!(shows(&h, &format!("Ny farve for {first}")));
    assert!(!shows(&h, &format!("Target for {first}")));

    // Back through the detail to the gallery, and a search that finds one logo: "1 logo".
    h.get_by_label("Åbn under Logoer").click();
    wait_for(&mut h, "the detail again", |h| {
        h.state().screen() == Screen::LogoDetail && h.state().screens().detail.is_loaded()
    });
    h.get_by_label("← Logoer").click();
    h.run_steps(2);
    assert_eq!(h.state().screen(), Screen::Gallery);
    h.get_by_label("Søg i logoer").click();
    h.run_steps(2);
    h.get_by_label("Søg i logoer").type_text("Nordby IF crest");
    wait_for(&mut h, "the search result", |h| {
        h.state().screens().gallery.total_count() == Some(1)
            && !h.state().screens().gallery.is_busy()
    });
    assert!(shows_text(&h, "1 logo matcher \"Nordby IF crest\""));
    assert!(!shows_text(&h, "1 logoer"));
}
