//! The Designs screen in the real app against the in-process sandbox: open the demo design by
//! id and see its placements (placeholders marked, logos openable), prefill an order with it,
//! clone it into two variations and open a new one, and see a refused clone as a sentence.

mod ui_common;

use egui_kittest::kittest::{NodeT as _, Queryable as _};
use logodesk::api::DesignId;
use logodesk::sandbox::fixtures;
use logodesk::ui::Screen;
use ui_common::*;

type H = egui_kittest::Harness<'static, logodesk::app::LogodeskApp>;

fn text_field<'a>(h: &'a H, field: &'a str) -> egui_kittest::Node<'a> {
    h.query_by_role_and_label(egui::accesskit::Role::TextInput, field)
        .unwrap_or_else(|| panic!("no text field {field}"))
}

fn type_into(h: &mut H, field: &str, text: &str) {
    text_field(h, field).focus();
    h.run_steps(1);
    text_field(h, field).type_text(text);
    h.run_steps(2);
}

fn press(h: &mut H, label: &str) {
    h.get_by_label(label).scroll_to_me();
    h.run_steps(2);
    h.get_by_label(label).click_accesskit();
    h.run_steps(2);
}

/// The app on the Designs screen with the demo design open.
fn open_demo_design() -> H {
    let mut h = app(egui::Theme::Light);
    wait_for(&mut h, "the session", |h| {
        h.state().session().active.is_some()
    });
    h.get_by_label("Designs").click();
    h.run_steps(2);
    assert_eq!(h.state().screen(), Screen::Designs);
    assert!(shows_text(&h, "no list of designs"));
    let id = fixtures().done_design_id;
    type_into(&mut h, "Design id", &id.to_string());
    press(&mut h, "Open design");
    wait_for(&mut h, "the demo design", |h| {
        h.state().designs().is_loaded()
    });
    h
}

#[test]
fn the_demo_design_shows_its_placements_and_opens_their_logos_and_an_order() {
    let mut h = open_demo_design();
    let fx = fixtures();
    let view = h.state().designs().design().expect("a design").clone();
    assert_eq!(view.design.design_id, DesignId(fx.done_design_id));
    assert!(view.unreadable.is_empty(), "{:?}", view.unreadable);
    assert!(shows_text(&h, &fx.done_design_mul));
    assert!(shows_text(&h, "Finalized: it can be ordered"));
    // Every placement is a row; the name and number placeholders are marked.
    for i in 1..=view.design.design_logos.len() {
        assert!(shows(&h, &format!("Open logo of placement {i}")));
    }
    assert!(shows(&h, "Name placeholder"));
    assert!(shows(&h, "Number placeholder"));
    wait_for(&mut h, "the placements' thumbnails", |h| {
        h.state()
            .designs()
            .thumbnails()
            .iter()
            .all(|k| h.state().thumbnails().contains(k))
    });

    // A placement's logo opens in the logo detail.
    press(&mut h, "Open logo of placement 1");
    wait_for(&mut h, "the placement's logo", |h| {
        h.state().detail().is_loaded()
    });
    assert_eq!(h.state().screen(), Screen::LogoDetail);
    assert_eq!(
        h.state().detail().logo().map(|l| l.logo_id),
        Some(view.design.design_logos[0].logo_id)
    );

    // "Order…" starts an order with the design, its placeholders fetched.
    h.get_by_label("Designs").click();
    h.run_steps(2);
    press(&mut h, "Order…");
    assert_eq!(h.state().screen(), Screen::Orders);
    wait_for(&mut h, "the composer with the design", |h| {
        h.state()
            .orders()
            .composer
            .form
            .designs
            .first()
            .is_some_and(|d| !d.placeholders.is_empty())
    });
    let form = &h.state().orders().composer.form;
    assert_eq!(form.designs[0].reference, fx.done_design_id.to_string());
    // The design is now a quick pick on the Designs screen (the navigation's entry comes
    // first; the composer has a "Designs" heading too).
    h.query_all_by_label("Designs").next().unwrap().click();
    h.run_steps(2);
    assert!(shows_text(&h, &format!("{} · ", fx.done_design_id)));
}

#[test]
fn a_clone_into_two_variations_lists_the_new_designs_and_opens_them() {
    let mut h = open_demo_design();
    let source = h.state().designs().design().unwrap().design.clone();
    press(&mut h, "Clone…");
    press(&mut h, "Add variation");
    {
        let form = h
            .state_mut()
            .designs_mut()
            .clone
            .as_mut()
            .expect("the form");
        assert_eq!(form.variations.len(), 2);
        form.variations[0].title.clear();
        form.variations[1].title.clear();
    }
    h.run_steps(2);
    // Checked inline before anything is sent.
    assert!(shows_text(&h, "Enter a title for this variation."));
    assert!(
        h.get_by_label("Create 2 designs")
            .accesskit_node()
            .is_disabled()
    );
    type_into(&mut h, "Variation 1 title", "Away kit 2027");
    type_into(&mut h, "Variation 2 title", "Third kit 2027");
    // The second variation without its first placement, one moved.
    press(&mut h, "Remove placement 1 of variation 2");
    text_field(&h, "Variation 2 placement 1 x").focus();
    h.run_steps(1);
    h.state_mut()
        .designs_mut()
        .clone
        .as_mut()
        .unwrap()
        .variations[1]
        .placements[0]
        .x = "99.5".into();
    h.run_steps(2);
    assert!(!shows_text(&h, "Enter a title"));
    press(&mut h, "Create 2 designs");
    wait_for(&mut h, "the new designs", |h| {
        h.state().designs().cloned().len() == 2
    });
    let cloned = h.state().designs().cloned().to_vec();
    assert_eq!(cloned[0].title, "Away kit 2027");
    assert_eq!(cloned[1].title, "Third kit 2027");
    for d in &cloned {
        assert_ne!(d.design_id, source.design_id);
        assert!(
            d.design_item_no.is_some(),
            "a Done source gives Done clones"
        );
        assert!(shows(&h, &format!("Open design {}", d.design_id)));
    }
    assert!(shows_text(&h, "2 designs created."));

    press(&mut h, &format!("Open design {}", cloned[1].design_id));
    wait_for(&mut h, "the second new design", |h| {
        h.state().designs().is_loaded()
            && h.state().designs().design().map(|v| v.design.design_id) == Some(cloned[1].design_id)
    });
    let opened = h.state().designs().design().unwrap().design.clone();
    assert_eq!(
        opened.design_logos.len(),
        source.design_logos.len() - 1,
        "exactly the placements listed"
    );
    assert_eq!(opened.design_logos[0].x_coordinate, 99.5);
    assert!(shows_text(&h, "Third kit 2027"));
}

#[test]
fn a_refused_clone_is_shown_as_the_services_sentence() {
    let mut h = open_demo_design();
    press(&mut h, "Clone…");
    let view = text_field(&h, "Variation 1 placement 1 view");
    view.focus();
    h.run_steps(1);
    h.state_mut()
        .designs_mut()
        .clone
        .as_mut()
        .unwrap()
        .variations[0]
        .placements[0]
        .view = "COLLAR".into();
    h.run_steps(2);
    press(&mut h, "Create 1 design");
    wait_for(&mut h, "the refusal", |h| {
        shows_text(h, "is not a view of style")
    });
    assert!(h.state().designs().cloned().is_empty());
    // The form stays for a fix.
    assert!(h.state().designs().clone.is_some());
}
