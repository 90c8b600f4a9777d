//! The native file dialog where there is none: rfd answers `None` (no dialog service), and the
//! upload form says so and offers the other ways in — a path typed or a file dropped.
//!
//! Its own test binary, because it changes the process environment before anything starts.

#[path = "common/patience.rs"]
mod patience;
mod ui_common;

use egui_kittest::kittest::{NodeT as _, Queryable as _};
use logodesk::ui::Screen;
use ui_common::*;

#[test]
fn without_a_dialog_service_the_form_says_what_else_to_do() {
    // SAFETY: set before the app (and any thread of it) starts; this binary has one test.
    unsafe {
        std::env::set_var(
            "DBUS_SESSION_BUS_ADDRESS",
            "unix:path=/nonexistent/logodesk-bus",
        );
        std::env::remove_var("DISPLAY");
        std::env::remove_var("WAYLAND_DISPLAY");
    }
    let mut h = app(egui::Theme::Light);
    wait_for_gallery(&mut h);
    h.query_all_by_label("Upload & edit")
        .next()
        .expect("the navigation entry")
        .click();
    h.run_steps(2);
    assert_eq!(h.state().screen(), Screen::Editor);
    h.get_by_label("Upload logo…").click_accesskit();
    wait_for(&mut h, "the dialog's answer", |h| {
        shows_text(h, "No file was chosen")
    });
    assert!(shows_text(
        &h,
        "drop the file onto the window or type its path"
    ));
    assert!(!h.get_by_label("File path").accesskit_node().is_disabled());
    assert!(
        !h.get_by_label("Upload logo…")
            .accesskit_node()
            .is_disabled(),
        "the dialog can be tried again"
    );
}
