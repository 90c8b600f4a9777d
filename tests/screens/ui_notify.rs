//! Notifications outside the window, in the real app against the in-process sandbox with a
//! recording notifier: an order that completes while the window is not in front is told once
//! (reference, recipient, tracking id), and its click brings the window forward on History
//! with that order open; in front, or with Settings' "Show desktop notifications" off, only
//! the in-app toast says it; a vectorize task that finishes while the window is minimised is
//! told, and its click opens the Tasks screen.

use crate::ui_common;

use egui::{ViewportCommand, ViewportId};
use egui_kittest::kittest::Queryable as _;
use logodesk::notify::{Recording, Target};
use logodesk::sandbox::fixtures;
use logodesk::store::OrderState;
use logodesk::ui::Screen;
use ui_common::composer::*;
use ui_common::*;

/// The window as the window system says it is: focused or not, minimised or not.
fn window(h: &mut H, focused: bool, minimized: bool) {
    let viewport = h.input_mut().viewports.entry(ViewportId::ROOT).or_default();
    viewport.focused = Some(focused);
    viewport.minimized = Some(minimized);
}

/// A demo order ready to place, its notifications recorded.
fn ready_order() -> (H, Recording) {
    let mut h = new_order_with(egui::Theme::Light, |_| {});
    let recording = Recording::default();
    h.state_mut().set_notifier(Box::new(recording.clone()));
    assert!(can_place(&h));
    (h, recording)
}

/// The in-app toast says the order completed.
#[track_caller]
fn assert_toast_says_completed(h: &H) {
    let toasts = h.state().notifications();
    assert!(toasts.iter().any(|n| n.contains("completed")), "{toasts:?}");
}

/// Whether the last frame asked the window to come forward.
fn asked_to_come_forward(h: &H) -> bool {
    h.output()
        .viewport_output
        .get(&ViewportId::ROOT)
        .is_some_and(|v| v.commands.contains(&ViewportCommand::Focus))
}

#[test]
fn an_order_completed_outside_the_window_is_told_and_its_click_opens_it() {
    let (mut h, recording) = ready_order();
    place(&mut h);
    wait_for(&mut h, "the order to be sent", |h| {
        h.state()
            .screens()
            .history
            .orders
            .iter()
            .any(|o| o.state == OrderState::Sent)
    });
    assert!(recording.notes().is_empty(), "nothing before it ends");
    window(&mut h, false, false);
    wait_for_completed(&mut h);
    h.run_steps(3);
    let row = h.state().screens().history.orders[0].clone();
    let tracking = row.tracking_id.expect("a tracking id");
    let notes = recording.notes();
    assert_eq!(notes.len(), 1, "{notes:?}");
    assert_eq!(notes[0].title, "Order completed");
    assert_eq!(
        notes[0].body,
        format!(
            "Order {} for {} (tracking id {tracking}) is completed.",
            row.reference, row.recipient
        )
    );
    assert_eq!(notes[0].target, Target::Order(row.id));
    // The in-app toast says it too.
    assert_toast_says_completed(&h);

    // The person clicks it (the desktop reports it on another thread).
    assert_ne!(h.state().screen(), Screen::History);
    assert!(recording.click(0));
    h.step();
    assert!(asked_to_come_forward(&h));
    assert_eq!(h.state().screen(), Screen::History);
    assert_eq!(h.state().screens().history.view.open, Some(row.id));
    window(&mut h, true, false);
    h.run_steps(3);
    assert!(shows_text(&h, &row.reference));
    assert!(shows(&h, "Export CSV"), "the order is shown in full");
    assert_eq!(recording.notes().len(), 1, "told once");
}

#[test]
fn in_front_only_the_toast_says_it() {
    let (mut h, recording) = ready_order();
    window(&mut h, true, false);
    place(&mut h);
    wait_for_completed(&mut h);
    h.run_steps(3);
    assert_toast_says_completed(&h);
    assert!(recording.notes().is_empty(), "{:?}", recording.notes());
}

#[test]
fn with_desktop_notifications_turned_off_none_is_shown_and_the_choice_is_kept() {
    let (mut h, recording) = ready_order();
    assert!(h.state().persisted().desktop_notifications, "on by default");
    h.get_by_label("Settings").click();
    h.run_steps(2);
    // By accessibility, as a screen reader would: a pointer click could land while the
    // scroll to the box is still moving on a busy machine.
    press(&mut h, "Show desktop notifications");
    assert!(!h.state().persisted().desktop_notifications);
    h.get_by_label("Orders").click();
    h.run_steps(2);
    place(&mut h);
    window(&mut h, false, true);
    wait_for_completed(&mut h);
    h.run_steps(3);
    assert!(recording.notes().is_empty(), "{:?}", recording.notes());

    // Saved off, it starts off.
    let saved = h.state().persisted().clone();
    let h = app_with(config(), egui::Theme::Light, saved);
    assert!(!h.state().persisted().desktop_notifications);
}

#[test]
fn a_task_finished_while_minimised_is_told_and_its_click_opens_tasks() {
    let mut h = crate::ui_tasks::tasks_app();
    let recording = Recording::default();
    h.state_mut().set_notifier(Box::new(recording.clone()));
    let id = fixtures().pending_vectorize_task_id;
    crate::ui_tasks::track(&mut h, id);
    h.get_by_label("Logos").click();
    h.run_steps(2);
    window(&mut h, false, true);
    wait_for(&mut h, "the notification of the finished task", |_| {
        !recording.notes().is_empty()
    });
    let notes = recording.notes();
    assert_eq!(notes.len(), 1, "{notes:?}");
    assert_eq!(notes[0].title, "Vectorizing finished");
    let body = &notes[0].body;
    assert!(
        body.starts_with(&format!("Vectorize task {id} (")),
        "{body}"
    );
    assert!(body.ends_with("1 logo created."), "{body}");
    assert!(recording.click(0));
    h.step();
    assert!(asked_to_come_forward(&h));
    assert_eq!(h.state().screen(), Screen::Tasks);
}
