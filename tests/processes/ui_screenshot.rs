//! The real binary in a real window: `logodesk --screenshot` on a private X server (the CI smoke
//! test of the built app), and the sentence it prints without any display.
//!
//! Without `Xvfb` the window test says `SKIPPED` on a developer machine, and fails when
//! `CI` is set: CI must install it (see `.ci/run`).

use crate::runner_common;

use std::path::Path;
use std::process::Command;
use std::time::Duration;

use runner_common::{BIN, run_with_limit, screenshot, skip_or_fail};

#[test]
fn the_real_window_takes_screenshots_of_every_screen() {
    if !runner_common::XServer::available() {
        skip_or_fail(
            "the_real_window_takes_screenshots_of_every_screen",
            "Xvfb is not installed (apt-get install xvfb)",
        );
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let runtime = dir.path().join("run");
    std::fs::create_dir_all(&runtime).unwrap();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt as _;
        std::fs::set_permissions(&runtime, std::fs::Permissions::from_mode(0o700)).unwrap();
    }
    let data = dir.path().join("data");
    screenshot(
        Path::new(BIN),
        &data,
        &runtime,
        "gallery",
        &dir.path().join("gallery.png"),
    );
    assert!(
        data.join("sandbox.sqlite").exists(),
        "the embedded sandbox keeps its data"
    );
    assert!(
        data.join("logodesk.sqlite").exists(),
        "the app keeps its own database"
    );
    screenshot(
        Path::new(BIN),
        &data,
        &runtime,
        "detail",
        &dir.path().join("detail.png"),
    );
    // The draft editor on the gallery's first demo draft.
    screenshot(
        Path::new(BIN),
        &data,
        &runtime,
        "editor",
        &dir.path().join("editor.png"),
    );
    // The composer on a demo draft; the history with the demo order placed and completed.
    screenshot(
        Path::new(BIN),
        &data,
        &runtime,
        "orders",
        &dir.path().join("orders.png"),
    );
    screenshot(
        Path::new(BIN),
        &data,
        &runtime,
        "history",
        &dir.path().join("history.png"),
    );
    // The sandbox's finalized design with its placements; both demo vectorize tasks tracked.
    screenshot(
        Path::new(BIN),
        &data,
        &runtime,
        "designs",
        &dir.path().join("designs.png"),
    );
    screenshot(
        Path::new(BIN),
        &data,
        &runtime,
        "tasks",
        &dir.path().join("tasks.png"),
    );
}

#[test]
fn without_a_display_the_app_says_so() {
    let dir = tempfile::tempdir().unwrap();
    let out = run_with_limit(
        Command::new(BIN)
            .arg("--data-dir")
            .arg(dir.path())
            .env_remove("DISPLAY")
            .env_remove("WAYLAND_DISPLAY"),
        Duration::from_secs(60),
    );
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("needs a desktop"), "{err}");
}
