//! The Designs screen in the real app against the in-process sandbox: open the demo design by
//! id and see its placements (placeholders marked, logos openable), prefill an order with it,
//! clone it into two variations and open a new one, and see a refused clone as a sentence.
//! The design's views (hover labels, selecting a placement from the picture and the table,
//! wheel and pinch zoom about the pointer, drag to pan), and the clone canvas: drag, the
//! rotate handle (Shift: 15° steps) and keys, undo/redo, arrow keys, snapping, Delete, zoom
//! by wheel and buttons, pan, the service's picture replacing the local drawing (and its
//! refusal said in a sentence while the local drawing stays), and the created design read
//! back through the client.
//! Snapshots of the design view and of the clone canvas, light and dark.

use crate::ui_common;

use egui::{Event, Key, Modifiers, Pos2, vec2};
use egui_kittest::kittest::{NodeT as _, Queryable as _};
use logodesk::api::DesignId;
use logodesk::sandbox::fixtures;
use logodesk::ui::Screen;
use logodesk::ui::widgets::garment::ViewFrame;
use ui_common::*;

type H = egui_kittest::Harness<'static, logodesk::app::LogodeskApp>;

/// The app on the Designs screen with the demo design open.
fn open_demo_design() -> H {
    open_demo_design_in(egui::Theme::Light)
}

/// The app on the Designs screen with the demo design open, in `theme`.
fn open_demo_design_in(theme: egui::Theme) -> H {
    let mut h = app(theme);
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
        h.state().screens().designs.is_loaded()
    });
    h
}

#[test]
fn the_demo_design_shows_its_placements_and_opens_their_logos_and_an_order() {
    let mut h = open_demo_design();
    let fx = fixtures();
    let view = h
        .state()
        .screens()
        .designs
        .design()
        .expect("a design")
        .clone();
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
        h.state().screens().detail.is_loaded()
    });
    assert_eq!(h.state().screen(), Screen::LogoDetail);
    assert_eq!(
        h.state().screens().detail.logo().map(|l| l.logo_id),
        Some(view.design.design_logos[0].logo_id)
    );

    // "Order…" starts an order with the design, its placeholders fetched.
    h.get_by_label("Designs").click();
    h.run_steps(2);
    press(&mut h, "Order…");
    assert_eq!(h.state().screen(), Screen::Orders);
    wait_for(&mut h, "the composer with the design", |h| {
        h.state()
            .screens()
            .orders
            .composer
            .form
            .designs
            .first()
            .is_some_and(|d| !d.placeholders.is_empty())
    });
    let form = &h.state().screens().orders.composer.form;
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
    let source = h.state().screens().designs.design().unwrap().design.clone();
    press(&mut h, "Clone…");
    press(&mut h, "Add variation");
    {
        let form = h
            .state_mut()
            .screens_mut()
            .designs
            .clone_form_mut()
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
        .screens_mut()
        .designs
        .clone_form_mut()
        .unwrap()
        .variations[1]
        .placements[0]
        .x = "99.5".into();
    h.run_steps(2);
    assert!(!shows_text(&h, "Enter a title"));
    press(&mut h, "Create 2 designs");
    wait_for(&mut h, "the new designs", |h| {
        h.state().screens().designs.cloned().len() == 2
    });
    let cloned = h.state().screens().designs.cloned().to_vec();
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
        h.state().screens().designs.is_loaded()
            && h.state()
                .screens()
                .designs
                .design()
                .map(|v| v.design.design_id)
                == Some(cloned[1].design_id)
    });
    let opened = h.state().screens().designs.design().unwrap().design.clone();
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
        .screens_mut()
        .designs
        .clone_form_mut()
        .unwrap()
        .variations[0]
        .placements[0]
        .view = "COLLAR".into();
    h.run_steps(2);
    press(&mut h, "Create 1 design");
    wait_for(&mut h, "the refusal", |h| {
        shows_text(h, "is not a view of style")
    });
    assert!(h.state().screens().designs.cloned().is_empty());
    // The form stays for a fix.
    assert!(h.state().screens().designs.clone_form().is_some());
}

/// Waits for the thumbnails of the shown design's placements.
fn wait_for_thumbnails(h: &mut H) {
    wait_for(h, "the placements' thumbnails", |h| {
        h.state()
            .screens()
            .designs
            .thumbnails()
            .iter()
            .all(|k| h.state().thumbnails().contains(k))
    });
}

/// The demo design with its views drawn.
fn demo_with_views(theme: egui::Theme) -> H {
    let mut h = open_demo_design_in(theme);
    wait_for(&mut h, "the design's views", |h| {
        h.state().screens().designs.views_settled()
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

/// Presses, moves in steps and releases the primary button, `held` (Alt, Shift…) held while
/// moving.
fn drag(h: &mut H, from: Pos2, to: Pos2, held: Modifiers) {
    h.hover_at(from);
    h.run_steps(1);
    h.drag_at(from);
    h.run_steps(1);
    if !held.is_none() {
        h.event(Event::ModifiersChanged(held));
    }
    for k in 1..=6 {
        h.hover_at(from + (to - from) * (k as f32 / 6.0));
        h.run_steps(1);
    }
    h.drop_at(to);
    if !held.is_none() {
        h.event(Event::ModifiersChanged(Modifiers::NONE));
    }
    h.run_steps(2);
}

/// Turns the mouse wheel over `at`, `notches` small steps of 5 points (one a frame; up, which
/// zooms in, when positive): each zooms by e^(5/200).
fn wheel(h: &mut H, at: Pos2, notches: i32) {
    h.hover_at(at);
    h.run_steps(1);
    for _ in 0..notches.abs() {
        h.event(Event::MouseWheel {
            unit: egui::MouseWheelUnit::Point,
            delta: vec2(0.0, 5.0 * notches.signum() as f32),
            phase: egui::TouchPhase::Move,
            source: egui::MouseWheelSource::Wheel,
            modifiers: Modifiers::NONE,
        });
        h.run_steps(1);
    }
    h.run_steps(2);
}

/// Hovers `at` and answers whether the hover label of the demo design's front logo shows.
fn hover_names_front_logo(h: &mut H, at: Pos2) -> bool {
    h.hover_at(at);
    h.run_steps(2);
    shows_text(h, "FRONT · x 422.23 y 380")
}

#[test]
fn the_design_view_shows_each_view_and_ties_placements_to_their_rows() {
    let mut h = demo_with_views(egui::Theme::Light);
    let names = h.state().screens().designs.view_names();
    assert_eq!(names, ["FRONT", "BACK", "LEFT SLEEVE", "RIGHT SLEEVE"]);
    // Said as a person says them.
    for n in ["Front", "Back", "Left sleeve", "Right sleeve"] {
        assert!(shows(&h, &format!("Show view {n}")), "{n}");
    }
    assert!(shows(&h, "Design view FRONT"));
    // Hovering the front logo names it with its view and position.
    let logo = on_view(&h, "Design view FRONT", [422.23, 380.0]);
    assert!(hover_names_front_logo(&mut h, logo), "no hover label");
    assert!(!hover_names_front_logo(&mut h, logo + vec2(150.0, 150.0)));
    // Clicking it selects its row.
    assert_eq!(h.state().screens().designs.selected_row(), None);
    click_at(&mut h, logo);
    assert_eq!(h.state().screens().designs.selected_row(), Some(0));
    // Selecting the name placeholder's row shows the back.
    press(&mut h, "Select placement 2");
    assert_eq!(h.state().screens().designs.selected_row(), Some(1));
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
        h.state().screens().designs.canvas_ready()
    });
    scroll_into_view(&mut h, "Clone canvas");
    h
}

/// Scrolls the page to the widget labelled `label` (which it does two frames later) and
/// waits until it stops moving.
fn scroll_into_view(h: &mut H, label: &str) {
    h.get_by_label(label).scroll_to_me();
    h.run_steps(3);
    let mut rect = h.get_by_label(label).rect();
    for _ in 0..20 {
        h.run_steps(1);
        let now = h.get_by_label(label).rect();
        if now == rect {
            return;
        }
        rect = now;
    }
    panic!("{label} keeps moving");
}

fn placement(h: &H, j: usize) -> logodesk::ui::designs::PlacementForm {
    h.state()
        .screens()
        .designs
        .clone_form()
        .expect("the clone form")
        .variations[0]
        .placements[j]
        .clone()
}

fn center(h: &H, j: usize) -> Pos2 {
    h.state()
        .screens()
        .designs
        .canvas()
        .drawn_center(j)
        .expect("the placement is drawn")
}

#[test]
fn a_logo_dragged_on_the_canvas_is_where_the_clone_puts_it() {
    let mut h = clone_canvas(egui::Theme::Light);
    let before = placement(&h, 0);
    assert_eq!((before.x.as_str(), before.y.as_str()), ("422.23", "380"));
    // The service draws the opened placements once; the badge says so.
    wait_for(&mut h, "the service's first picture", |h| {
        h.state().screens().designs.canvas_shows_service()
    });
    assert!(shows(&h, "As the printer will make it"));
    assert!(!shows(&h, "Preview — updating…"));

    // Hovering names it.
    let from = center(&h, 0);
    assert!(hover_names_front_logo(&mut h, from), "no hover label");

    // Drag it 90 points right and 40 down: the numbers follow (whole px).
    let scale = f64::from(h.get_by_label("Clone canvas").rect().height()) / 1600.0;
    drag(&mut h, from, from + vec2(90.0, 40.0), Modifiers::NONE);
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
        h.state().screens().designs.canvas_shows_service()
    });
    assert!(shows(&h, "As the printer will make it"));

    // Create the design: its placements are what the canvas shows.
    press(&mut h, "Create 1 design");
    wait_for(&mut h, "the new design", |h| {
        h.state().screens().designs.cloned().len() == 1
    });
    let id = h.state().screens().designs.cloned()[0].design_id;
    let client = sandbox_client(&h);
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

/// Clicks the Edit menu's entry `label`.
fn edit_menu(h: &mut H, label: &str) {
    h.get_by_label("Edit").click();
    h.run_steps(2);
    h.get_by_label(&entry(h, label)).click();
    h.run_steps(2);
}

#[test]
fn the_edit_menu_and_ctrl_z_undo_a_canvas_move_through_the_shell() {
    let mut h = clone_canvas(egui::Theme::Light);
    let before = placement(&h, 0);
    assert!(!edit_menu_enabled(&mut h, "Undo"), "nothing to undo yet");
    let from = center(&h, 0);
    drag(&mut h, from, from + vec2(60.0, 30.0), Modifiers::NONE);
    let moved = placement(&h, 0);
    assert_ne!(moved.numbers(), before.numbers(), "the drag moved it");

    // Edit → Undo puts it back; Edit → Redo moves it again.
    assert!(edit_menu_enabled(&mut h, "Undo"));
    assert!(!edit_menu_enabled(&mut h, "Redo"));
    edit_menu(&mut h, "Undo");
    assert_eq!(placement(&h, 0), before);
    assert!(!edit_menu_enabled(&mut h, "Undo"), "one drag is one step");
    assert!(edit_menu_enabled(&mut h, "Redo"));
    edit_menu(&mut h, "Redo");
    assert_eq!(placement(&h, 0), moved);

    // Ctrl+Z after the menu (the canvas no longer has the focus) and Ctrl+Y.
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run_steps(2);
    assert_eq!(placement(&h, 0), before);
    h.key_press_modifiers(Modifiers::COMMAND, Key::Y);
    h.run_steps(2);
    assert_eq!(placement(&h, 0), moved);
    assert_eq!(h.state().screens().designs.canvas().history_len(), (1, 0));
}

#[test]
fn the_canvas_snaps_to_the_centre_line_removes_and_adds_logos() {
    let mut h = clone_canvas(egui::Theme::Light);
    // Near the centre line it snaps onto it; with Alt it does not.
    let from = center(&h, 0);
    let scale = h.get_by_label("Clone canvas").rect().height() / 1600.0;
    let to_centre = (603.0 - 422.23) as f32 * scale;
    drag(&mut h, from, from + vec2(to_centre, 0.0), Modifiers::NONE);
    assert_eq!(placement(&h, 0).x, "600", "snapped");
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run_steps(2);
    let back = center(&h, 0);
    drag(&mut h, back, from + vec2(to_centre, 0.0), Modifiers::ALT);
    let x = placement(&h, 0).numbers().unwrap().0;
    assert!(
        x != 600.0 && (x - 603.0).abs() <= 2.0,
        "not snapped with Alt: {x}"
    );

    // Delete removes the selected placement; Ctrl+Y after Ctrl+Z redoes it.
    h.key_press(Key::Delete);
    h.run_steps(2);
    let n = |h: &H| {
        h.state().screens().designs.clone_form().unwrap().variations[0]
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
        h.state()
            .screens()
            .designs
            .canvas()
            .drawn_center(3)
            .is_some(),
        "drawn on the canvas"
    );
}

/// Half the width, in points, of the demo design's front logo in the fitted view `label`
/// (a 1200 × 1600 px top at the sandbox's 2 px per mm).
fn front_logo_half_width(h: &H, label: &str) -> f32 {
    let view = h.state().screens().designs.design().expect("the design");
    let front = &view.design.design_logos[0];
    let mm = view.logo(front.logo_id).expect("the front logo").width_mm;
    let rect = h.get_by_label(label).rect();
    let scale = ViewFrame::default()
        .mapping(rect, vec2(1200.0, 1600.0))
        .scale;
    (mm * logodesk::sandbox::garments::PX_PER_MM) as f32 * scale / 2.0
}

#[test]
fn the_wheel_zooms_the_design_view_about_the_pointer_and_a_drag_pans_it() {
    let mut h = demo_with_views(egui::Theme::Light);
    scroll_into_view(&mut h, "Design view FRONT");
    let rect = h.get_by_label("Design view FRONT").rect();
    let logo = on_view(&h, "Design view FRONT", [422.23, 380.0]);
    // A point just right of the logo: not on it at the fitted zoom.
    let beside = logo + vec2(front_logo_half_width(&h, "Design view FRONT") * 1.3, 0.0);
    assert!(!hover_names_front_logo(&mut h, beside));

    // 20 wheel steps up over the logo: ×e^0.5 about it, the page does not scroll; the logo
    // grew about the pointer, so the point beside it is now on it.
    wheel(&mut h, logo, 20);
    assert!(shows_text(&h, "165 %"), "zoomed in by the wheel");
    assert_eq!(
        h.get_by_label("Design view FRONT").rect(),
        rect,
        "the page stayed"
    );
    assert!(
        hover_names_front_logo(&mut h, logo),
        "still under the pointer"
    );
    assert!(hover_names_front_logo(&mut h, beside), "the logo grew");
    // A pinch zooms too; wheel steps down zoom out.
    h.event(Event::Zoom(0.5));
    h.run_steps(2);
    assert!(shows_text(&h, "82 %"), "pinched out");
    wheel(&mut h, logo, -4);
    assert!(shows_text(&h, "75 %"), "zoomed out by the wheel");

    // Dragging the background pans the view: the logo is found where it moved to.
    press(&mut h, "Fit the design view");
    assert!(shows_text(&h, "100 %"));
    scroll_into_view(&mut h, "Design view FRONT");
    let rect = h.get_by_label("Design view FRONT").rect();
    let logo = on_view(&h, "Design view FRONT", [422.23, 380.0]);
    let from = rect.min + vec2(30.0, 30.0);
    drag(&mut h, from, from + vec2(120.0, 60.0), Modifiers::NONE);
    assert!(hover_names_front_logo(&mut h, logo + vec2(120.0, 60.0)));
    assert!(!hover_names_front_logo(&mut h, logo));
    assert_eq!(
        h.state().screens().designs.selected_row(),
        None,
        "a drag selects nothing"
    );
}

#[test]
fn the_wheel_zooms_the_canvas_a_background_drag_pans_it_and_hovering_still_finds_the_logo() {
    let mut h = clone_canvas(egui::Theme::Light);
    let before = placement(&h, 0);
    let c = center(&h, 0);
    let corners = h
        .state()
        .screens()
        .designs
        .canvas()
        .drawn_corners(0)
        .unwrap();
    let half = (corners[1] - corners[0]).length() / 2.0;
    let beside = c + vec2(half * 1.3, 0.0);
    assert!(!hover_names_front_logo(&mut h, beside));

    // 20 wheel steps up over the logo: ×e^0.5 about it.
    wheel(&mut h, c, 20);
    let frame = h.state().screens().designs.canvas().frame;
    assert!((frame.zoom - 0.5f32.exp()).abs() < 1e-3, "{frame:?}");
    assert!(shows_text(&h, "165 %"));
    assert!(
        (center(&h, 0) - c).length() < 0.5,
        "zoomed about the pointer"
    );
    assert!(hover_names_front_logo(&mut h, beside), "the logo grew");

    // Dragging the background (beside the garment) pans; the placement does not move.
    let rect = h.get_by_label("Clone canvas").rect();
    let from = rect.min + vec2(6.0, 6.0);
    drag(&mut h, from, from + vec2(60.0, 40.0), Modifiers::NONE);
    let moved = center(&h, 0);
    assert!((moved - (c + vec2(60.0, 40.0))).length() < 1.0, "{moved:?}");
    assert!(hover_names_front_logo(&mut h, moved));
    assert_eq!(placement(&h, 0), before, "panning moves no logo");
    assert_eq!(h.state().screens().designs.canvas().history_len(), (0, 0));
    assert_eq!(h.state().screens().designs.canvas().selected, None);
}

#[test]
fn the_canvas_zoom_buttons_zoom_about_its_centre_and_fit_it() {
    let mut h = clone_canvas(egui::Theme::Light);
    // The logo's offset from the canvas's centre (the page may scroll to the buttons).
    let offset = |h: &H| center(h, 0) - h.get_by_label("Clone canvas").rect().center();
    let fitted = offset(&h);
    press(&mut h, "Zoom into the canvas");
    assert!(shows_text(&h, "125 %"));
    assert!(
        (offset(&h) - fitted * 1.25).length() < 0.5,
        "the logo moved away from the centre: {:?} → {:?}",
        fitted,
        offset(&h)
    );
    press(&mut h, "Zoom out of the canvas");
    press(&mut h, "Zoom out of the canvas");
    assert!(shows_text(&h, "80 %"));
    assert!((offset(&h) - fitted * 0.8).length() < 0.5);
    press(&mut h, "Fit the canvas");
    assert!(shows_text(&h, "100 %"));
    assert_eq!(
        h.state().screens().designs.canvas().frame,
        ViewFrame::default()
    );
    assert!((offset(&h) - fitted).length() < 0.01);
}

#[test]
fn dragging_the_rotate_handle_turns_a_placement_in_one_undo_step() {
    let mut h = clone_canvas(egui::Theme::Light);
    let before = placement(&h, 0);
    let (x, y, _) = before.numbers().unwrap();
    assert!(
        h.state()
            .screens()
            .designs
            .canvas()
            .rotate_handle()
            .is_none(),
        "none selected"
    );
    // Clicking the logo selects it; its handle stands above it.
    let c = center(&h, 0);
    click_at(&mut h, c);
    assert_eq!(
        h.state().screens().designs.canvas().selected,
        Some(placement(&h, 0).id)
    );
    let handle = h
        .state()
        .screens()
        .designs
        .canvas()
        .rotate_handle()
        .expect("a handle");
    assert!(
        handle.y < c.y && (handle.x - c.x).abs() < 0.5,
        "{handle:?} above {c:?}"
    );

    // Dragged round to the right of the centre: a quarter turn clockwise, drawn turned.
    drag(&mut h, handle, c + vec2(80.0, 0.0), Modifiers::NONE);
    // (What the canvas moves or turns is set in whole px.)
    let (x, y) = (x.round(), y.round());
    assert_eq!(placement(&h, 0).numbers(), Some((x, y, 90.0)));
    let turned = h
        .state()
        .screens()
        .designs
        .canvas()
        .rotate_handle()
        .unwrap();
    assert!(turned.x > c.x && (turned.y - c.y).abs() < 0.5, "{turned:?}");
    assert_eq!(
        text_field(&h, "Variation 1 placement 1 angle")
            .value()
            .as_deref(),
        Some("90")
    );
    assert_eq!(
        h.state().screens().designs.canvas().history_len(),
        (1, 0),
        "one step"
    );
    h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
    h.run_steps(2);
    assert_eq!(placement(&h, 0), before);

    // With Shift it turns in 15° steps: 69° up and right of the centre gives 75°.
    drag(&mut h, handle, c + vec2(80.0, -30.0), Modifiers::SHIFT);
    assert_eq!(placement(&h, 0).numbers(), Some((x, y, 75.0)));
}

#[test]
fn the_rotate_keys_turn_the_selected_placement_each_a_step_of_undo() {
    let mut h = clone_canvas(egui::Theme::Light);
    let before = placement(&h, 0);
    let (x, y, _) = before.numbers().unwrap();
    let c = center(&h, 0);
    click_at(&mut h, c);
    let angle = |h: &H| placement(h, 0).numbers().map(|(_, _, a)| a);
    for (modifiers, key, expected) in [
        (Modifiers::NONE, Key::R, 15.0),
        (Modifiers::NONE, Key::R, 30.0),
        (Modifiers::SHIFT, Key::R, 15.0),
        (Modifiers::NONE, Key::OpenBracket, 0.0),
        (Modifiers::NONE, Key::OpenBracket, -15.0),
    ] {
        h.key_press_modifiers(modifiers, key);
        h.run_steps(2);
        assert_eq!(angle(&h), Some(expected), "{modifiers:?} {key:?}");
    }
    assert_eq!(
        placement(&h, 0).numbers(),
        Some((x.round(), y.round(), -15.0)),
        "only turned (set in whole px)"
    );
    assert_eq!(h.state().screens().designs.canvas().history_len(), (5, 0));
    for _ in 0..5 {
        h.key_press_modifiers(Modifiers::COMMAND, Key::Z);
        h.run_steps(1);
    }
    h.run_steps(1);
    assert_eq!(placement(&h, 0), before);
}

#[test]
fn a_preview_the_service_refuses_is_a_sentence_and_the_local_drawing_stays() {
    let mut h = clone_canvas(egui::Theme::Light);
    wait_for(&mut h, "the service's picture", |h| {
        h.state().screens().designs.canvas_shows_service()
    });
    // A typo in the number's view: the placements read, but the service refuses to draw them.
    type_into(&mut h, "Variation 1 placement 3 view", "X");
    assert_eq!(placement(&h, 2).view, "BACKX");
    let refused = "The service's picture could not be made";
    wait_for(&mut h, "the service's refusal", |h| shows_text(h, refused));
    assert!(shows_text(&h, "\"BACKX\" is not a view of style"));
    assert!(shows_text(&h, "the drawing here stays"));
    // The canvas draws the placements itself: the front logo is still there to drag.
    assert!(!h.state().screens().designs.canvas_shows_service());
    assert!(shows(&h, "Preview — updating…"));
    let before = placement(&h, 0);
    let from = center(&h, 0);
    drag(&mut h, from, from + vec2(0.0, 30.0), Modifiers::NONE);
    assert_ne!(
        placement(&h, 0).y,
        before.y,
        "the local drawing still edits"
    );

    // Fixed: the service draws again and the sentence goes.
    text_field(&h, "Variation 1 placement 3 view").focus();
    h.run_steps(1);
    h.key_press(Key::Backspace);
    h.run_steps(2);
    assert_eq!(placement(&h, 2).view, "BACK");
    wait_for(&mut h, "the service's picture again", |h| {
        h.state().screens().designs.canvas_shows_service()
    });
    assert!(!shows_text(&h, refused));
}

/// The demo design opened on a sandbox that does not draw design views (issue 30 item 1).
fn demo_without_service_views() -> H {
    let mut config = config();
    if let Some(sandbox) = config.sandbox.as_mut() {
        sandbox.without = vec![logodesk::api::Feature::DesignViews];
    }
    let mut h = app_with(config, egui::Theme::Light, Default::default());
    wait_for(&mut h, "the session", |h| {
        h.state().session().active.is_some()
    });
    h.get_by_label("Designs").click();
    h.run_steps(2);
    let id = fixtures().done_design_id;
    type_into(&mut h, "Design id", &id.to_string());
    press(&mut h, "Open design");
    wait_for(&mut h, "the design's views", |h| {
        h.state().screens().designs.views_settled()
    });
    h
}

#[test]
fn a_service_without_views_gets_them_drawn_here_and_the_canvas_still_drags() {
    let mut h = demo_without_service_views();
    let drawn_here = "Drawn here — this service does not draw design views.";
    // The design view: the garment drawn here with its logos, marked, never "not found".
    assert!(shows_text(&h, drawn_here), "no 'drawn here' mark");
    assert!(!shows_text(&h, "was not found"));
    assert!(
        h.state().notifications().is_empty(),
        "{:?}",
        h.state().notifications()
    );
    let names = h.state().screens().designs.view_names();
    assert_eq!(names, ["FRONT", "BACK", "LEFT SLEEVE", "RIGHT SLEEVE"]);
    assert!(shows(&h, "Design view FRONT"));

    // The clone canvas on the garment drawn here: marked once, no service preview waited for.
    press(&mut h, "Clone…");
    wait_for(&mut h, "the bare garment", |h| {
        h.state().screens().designs.canvas_ready()
    });
    scroll_into_view(&mut h, "Clone canvas");
    assert!(shows_text(&h, drawn_here));
    assert!(!shows(&h, "Preview — updating…"));
    let before = placement(&h, 0);
    let from = center(&h, 0);
    drag(&mut h, from, from + vec2(60.0, 30.0), Modifiers::NONE);
    let moved = placement(&h, 0);
    assert_ne!(moved.numbers(), before.numbers(), "the drag moved the logo");
    // Edits settle; still no preview asked of the service and no error.
    for _ in 0..30 {
        h.step();
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    assert!(!h.state().screens().designs.canvas_shows_service());
    assert!(!shows(&h, "Preview — updating…"));
    assert!(!shows_text(&h, "could not be made"));
    assert!(
        h.state().notifications().is_empty(),
        "{:?}",
        h.state().notifications()
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
        h.state().screens().designs.canvas_ready()
    });
    h.get_by_label("Clone canvas").scroll_to_me();
    h.run_steps(2);
    h.get_by_label("Canvas view Front").scroll_to_me();
    h.run_steps(2);
    h.get_by_label("Select placement 1 of variation 1")
        .click_accesskit();
    wait_for(&mut h, "the service's picture", |h| {
        h.state().screens().designs.canvas_shows_service()
    });
    h.remove_cursor();
    h.run_steps(3);
    h.snapshot(format!("clone_canvas_{suffix}"));
}
