//! The Designs screen in the real app against the in-process sandbox: open the demo design by
//! id and see its placements (placeholders marked, logos openable), prefill an order with it,
//! clone it into two variations and open a new one, and see a refused clone as a sentence.
//! The design's views (hover labels, selecting a placement from the picture and the table),
//! and the clone canvas: drag, undo/redo, arrow keys, snapping, Delete, the service's picture
//! replacing the local drawing, and the created design read back through the client.
//! Snapshots of the design view and of the clone canvas, light and dark.

mod ui_common;

use egui::{Event, Key, Modifiers, Pos2, vec2};
use egui_kittest::kittest::{NodeT as _, Queryable as _};
use logodesk::api::DesignId;
use logodesk::sandbox::fixtures;
use logodesk::ui::Screen;
use logodesk::ui::widgets::garment::ViewFrame;
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
    wait_for_thumbnails(&mut h);

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

/// Waits for the thumbnails of the shown design's placements.
fn wait_for_thumbnails(h: &mut H) {
    wait_for(h, "the placements' thumbnails", |h| {
        h.state()
            .designs()
            .thumbnails()
            .iter()
            .all(|k| h.state().thumbnails().contains(k))
    });
}

/// The demo design with its views drawn.
fn demo_with_views(theme: egui::Theme) -> H {
    let mut h = open_demo_design_in(theme);
    wait_for(&mut h, "the design's views", |h| {
        h.state().designs().views_settled()
    });
    h
}

/// The app on the Designs screen with the demo design open, in `theme`.
fn open_demo_design_in(theme: egui::Theme) -> H {
    if theme == egui::Theme::Light {
        return open_demo_design();
    }
    let mut h = app(theme);
    wait_for(&mut h, "the session", |h| {
        h.state().session().active.is_some()
    });
    h.get_by_label("Designs").click();
    h.run_steps(2);
    type_into(&mut h, "Design id", &fixtures().done_design_id.to_string());
    press(&mut h, "Open design");
    wait_for(&mut h, "the demo design", |h| {
        h.state().designs().is_loaded()
    });
    h
}

/// Where view point `p` (px of a 1200 × 1600 top) is in the fitted view `label`.
fn on_view(h: &H, label: &str, p: [f64; 2]) -> Pos2 {
    let rect = h.get_by_label(label).rect();
    ViewFrame::default()
        .mapping(rect, vec2(1200.0, 1600.0))
        .to_screen(p)
}

/// A click of the primary button at `pos`.
fn click_at(h: &mut H, pos: Pos2) {
    h.hover_at(pos);
    h.run_steps(1);
    h.drag_at(pos);
    h.run_steps(1);
    h.drop_at(pos);
    h.run_steps(2);
}

/// Presses, moves in steps and releases the primary button (Alt held when `alt`).
fn drag(h: &mut H, from: Pos2, to: Pos2, alt: bool) {
    h.hover_at(from);
    h.run_steps(1);
    h.drag_at(from);
    h.run_steps(1);
    if alt {
        h.event(Event::ModifiersChanged(Modifiers::ALT));
    }
    for k in 1..=6 {
        h.hover_at(from + (to - from) * (k as f32 / 6.0));
        h.run_steps(1);
    }
    h.drop_at(to);
    if alt {
        h.event(Event::ModifiersChanged(Modifiers::NONE));
    }
    h.run_steps(2);
}

#[test]
fn the_design_view_shows_each_view_and_ties_placements_to_their_rows() {
    let mut h = demo_with_views(egui::Theme::Light);
    let names = h.state().designs().view_names();
    assert_eq!(names, ["FRONT", "BACK", "LEFT SLEEVE", "RIGHT SLEEVE"]);
    for n in &names {
        assert!(shows(&h, &format!("Show view {n}")), "{n}");
    }
    assert!(shows(&h, "Design view FRONT"));
    // Hovering the front logo names it with its view and position.
    let logo = on_view(&h, "Design view FRONT", [422.23, 380.0]);
    h.hover_at(logo);
    h.run_steps(2);
    assert!(shows_text(&h, "FRONT · x 422.23 y 380"), "no hover label");
    h.hover_at(logo + vec2(150.0, 150.0));
    h.run_steps(2);
    assert!(!shows_text(&h, "FRONT · x 422.23 y 380"));
    // Clicking it selects its row.
    assert_eq!(h.state().designs().selected_row(), None);
    click_at(&mut h, logo);
    assert_eq!(h.state().designs().selected_row(), Some(0));
    // Selecting the name placeholder's row shows the back.
    press(&mut h, "Select placement 2");
    assert_eq!(h.state().designs().selected_row(), Some(1));
    assert!(shows(&h, "Design view BACK"));
    // The zoom buttons zoom and fit.
    press(&mut h, "Zoom into the design view");
    assert!(shows_text(&h, "125 %"));
    press(&mut h, "Fit the design view");
    assert!(shows_text(&h, "100 %"));
}

/// The demo design's clone form with the canvas ready (scrolled into view).
fn clone_canvas(theme: egui::Theme) -> H {
    let mut h = demo_with_views(theme);
    press(&mut h, "Clone…");
    wait_for(&mut h, "the bare garment", |h| {
        h.state().designs().canvas_ready()
    });
    h.get_by_label("Clone canvas").scroll_to_me();
    h.run_steps(3);
    h
}

fn placement(h: &H, j: usize) -> logodesk::ui::designs::PlacementForm {
    h.state()
        .designs()
        .clone
        .as_ref()
        .expect("the clone form")
        .variations[0]
        .placements[j]
        .clone()
}

fn center(h: &H, j: usize) -> Pos2 {
    h.state()
        .designs()
        .canvas
        .drawn_center(j)
        .expect("the placement is drawn")
}

#[test]
fn a_logo_dragged_on_the_canvas_is_where_the_clone_puts_it() {
    let mut h = clone_canvas(egui::Theme::Light);
    let before = placement(&h, 0);
    assert_eq!((before.x.as_str(), before.y.as_str()), ("422.23", "380"));
    assert!(shows(&h, "Preview — updating…") || shows(&h, "As the printer will make it"));

    // Hovering names it.
    let from = center(&h, 0);
    h.hover_at(from);
    h.run_steps(2);
    assert!(shows_text(&h, "FRONT · x 422.23 y 380"), "no hover label");

    // Drag it 90 points right and 40 down: the numbers follow (whole px).
    let scale = f64::from(h.get_by_label("Clone canvas").rect().height()) / 1600.0;
    drag(&mut h, from, from + vec2(90.0, 40.0), false);
    let moved = placement(&h, 0);
    let (x, y, _) = moved.numbers().expect("numbers");
    assert!((x - (422.23 + 90.0 / scale)).abs() <= 2.0, "x {x}");
    assert!((y - (380.0 + 40.0 / scale)).abs() <= 2.0, "y {y}");
    assert_eq!(x.fract(), 0.0);
    assert_eq!(
        text_field(&h, "Variation 1 placement 1 x")
            .value()
            .as_deref(),
        Some(moved.x.as_str()),
        "the table shows the canvas's numbers"
    );

    // One drag is one undo step; redo brings it back.
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run_steps(2);
    assert_eq!(placement(&h, 0), before);
    h.key_press_modifiers(Modifiers::COMMAND | Modifiers::SHIFT, Key::Z);
    h.run_steps(2);
    assert_eq!(placement(&h, 0), moved);

    // Arrow keys: 1 px, Shift 10 px; a bracket turns it 15°.
    h.key_press(Key::ArrowRight);
    h.run_steps(1);
    h.key_press_modifiers(Modifiers::SHIFT, Key::ArrowDown);
    h.run_steps(1);
    h.key_press(Key::CloseBracket);
    h.run_steps(2);
    let keyed = placement(&h, 0);
    assert_eq!(keyed.numbers(), Some((x + 1.0, y + 10.0, 15.0)));

    // The service's picture replaces the local drawing once it shows these placements.
    wait_for(&mut h, "the service's picture", |h| {
        h.state().designs().canvas_shows_service()
    });
    assert!(shows(&h, "As the printer will make it"));

    // Create the design: its placements are what the canvas shows.
    press(&mut h, "Create 1 design");
    wait_for(&mut h, "the new design", |h| {
        h.state().designs().cloned().len() == 1
    });
    let id = h.state().designs().cloned()[0].design_id;
    let base = h
        .state()
        .session()
        .sandbox_url
        .clone()
        .expect("the sandbox");
    let client = logodesk::api::Client::new(
        logodesk::api::ClientConfig::parse(&base, fixtures().vendor_api_key).expect("address"),
    )
    .expect("a client");
    let design = tokio::runtime::Runtime::new()
        .expect("a runtime")
        .block_on(client.designs().get(id))
        .expect("the new design");
    let p = &design.design_logos[0];
    assert_eq!(p.view, "FRONT");
    assert_eq!((p.x_coordinate, p.y_coordinate), (x + 1.0, y + 10.0));
    assert!(
        (p.angle_rads - 15f64.to_radians()).abs() < 1e-9,
        "{}",
        p.angle_rads
    );
    assert_eq!(design.design_logos.len(), 3);
}

#[test]
fn the_canvas_snaps_to_the_centre_line_removes_and_adds_logos() {
    let mut h = clone_canvas(egui::Theme::Light);
    // Near the centre line it snaps onto it; with Alt it does not.
    let from = center(&h, 0);
    let scale = h.get_by_label("Clone canvas").rect().height() / 1600.0;
    let to_centre = (603.0 - 422.23) as f32 * scale;
    drag(&mut h, from, from + vec2(to_centre, 0.0), false);
    assert_eq!(placement(&h, 0).x, "600", "snapped");
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run_steps(2);
    let back = center(&h, 0);
    drag(&mut h, back, from + vec2(to_centre, 0.0), true);
    let x = placement(&h, 0).numbers().unwrap().0;
    assert!(
        x != 600.0 && (x - 603.0).abs() <= 2.0,
        "not snapped with Alt: {x}"
    );

    // Delete removes the selected placement; Ctrl+Y after Ctrl+Z redoes it.
    h.key_press(Key::Delete);
    h.run_steps(2);
    let n = |h: &H| {
        h.state().designs().clone.as_ref().unwrap().variations[0]
            .placements
            .len()
    };
    assert_eq!(n(&h), 2);
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run_steps(2);
    assert_eq!(n(&h), 3);
    h.key_press_modifiers(Modifiers::COMMAND, Key::Y);
    h.run_steps(2);
    assert_eq!(n(&h), 2);
    press(&mut h, "↶ Undo");
    assert_eq!(n(&h), 3);

    // "Add logo…" lists Done logos without waiting; picking one drops it in the centre.
    press(&mut h, "Add logo…");
    type_into(&mut h, "Search logos to add", "Nordby");
    wait_for(&mut h, "the picker's matches", |h| {
        h.query_all_by_label_contains("Add Nordby").next().is_some()
    });
    let add = h
        .query_all_by_label_contains("Add Nordby")
        .next()
        .unwrap()
        .accesskit_node()
        .label()
        .unwrap_or_default();
    press(&mut h, &add);
    assert_eq!(n(&h), 4);
    let added = placement(&h, 3);
    assert_eq!(
        (added.view.as_str(), added.x.as_str(), added.y.as_str()),
        ("FRONT", "600", "800")
    );
    assert!(
        h.state().designs().canvas.drawn_center(3).is_some(),
        "drawn on the canvas"
    );
}

#[test]
fn snapshots_light() {
    snapshots(egui::Theme::Light, "light");
}

#[test]
fn snapshots_dark() {
    snapshots(egui::Theme::Dark, "dark");
}

/// The design view and the clone canvas (with the service's picture) in `theme`.
fn snapshots(theme: egui::Theme, suffix: &str) {
    let mut h = demo_with_views(theme);
    wait_for_thumbnails(&mut h);
    h.get_by_label("Design view FRONT").scroll_to_me();
    h.remove_cursor();
    h.run_steps(3);
    h.snapshot(format!("design_view_{suffix}"));
    press(&mut h, "Clone…");
    wait_for(&mut h, "the bare garment", |h| {
        h.state().designs().canvas_ready()
    });
    h.get_by_label("Clone canvas").scroll_to_me();
    h.run_steps(2);
    h.get_by_label("Canvas view FRONT").scroll_to_me();
    h.run_steps(2);
    h.get_by_label("Select placement 1 of variation 1")
        .click_accesskit();
    wait_for(&mut h, "the service's picture", |h| {
        h.state().designs().canvas_shows_service()
    });
    h.remove_cursor();
    h.run_steps(3);
    h.snapshot(format!("clone_canvas_{suffix}"));
}
