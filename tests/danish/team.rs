//! Settings → Team in Danish against a real PostgreSQL: the section, its fields and buttons
//! speak Danish, and so does the report of the connection test.

use crate::pg_cluster;
use crate::ui_common;

use egui_kittest::kittest::Queryable as _;
use logodesk::locale::Language;
use logodesk::ui::{PersistedUi, Screen};
use ui_common::*;

#[test]
fn team_section_and_its_report_speak_danish() {
    let _language = crate::one_language_at_a_time();
    let cluster = pg_cluster::shared();
    let db = cluster.create_database();
    let url = cluster.socket_url(&db);
    let persisted = PersistedUi {
        language: Some(Language::Danish),
        last_screen: Screen::Settings,
        ..PersistedUi::default()
    };
    let mut h = app_with(config(), egui::Theme::Light, persisted);
    wait_for(&mut h, "the session", |h| {
        h.state().session().active.is_some()
    });
    for label in [
        "Teamdatabase",
        "Gem teamdatabase",
        "Test teamdatabase",
        "Glem",
        "Vælg…",
    ] {
        assert!(shows(&h, label), "{label} is not on screen");
    }
    assert!(!shows(&h, "Team database"), "English on screen");
    type_into(&mut h, "Adresse", "mysql://desk@db/team");
    assert!(shows_text(&h, "skal begynde med postgres://"));
    text_field(&h, "Adresse").focus();
    h.run_steps(1);
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::A);
    text_field(&h, "Adresse").type_text(&url);
    h.run_steps(2);
    type_into(&mut h, "Skrivebordets navn", "Kasse 1");
    h.get_by_label("Test teamdatabase").click();
    wait_for(&mut h, "the team report", |h| {
        shows_text(h, "Forbundet: PostgreSQL")
    });
    assert!(shows_text(
        &h,
        "Ikke krypteret: en Unix-sokkel på denne computer"
    ));
    assert!(shows(&h, "Rollen må oprette skemaet logodesk."));
    assert!(shows_text(&h, "Kasse 1 (denne test), siden "));
    assert!(shows_text(&h, "forbundet nu:"));
}
