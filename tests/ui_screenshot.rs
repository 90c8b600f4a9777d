//! The real binary in a real window: `logodesk --screenshot` under `xvfb-run` (the CI smoke
//! test of the built app), and the sentence it prints without any display.
//!
//! Without `xvfb-run` the window test says `SKIPPED` on a developer machine, and fails when
//! `CI` is set: CI must install it (see `.ci/run`).

mod runner_common;

use std::path::Path;
use std::process::{Command, Output};
use std::time::{Duration, Instant};

use runner_common::{BIN, have, skip_or_fail, xvfb_run};

/// Runs `cmd`, killing it after `limit`.
fn run_with_limit(cmd: &mut Command, limit: Duration) -> Output {
    let mut child = cmd
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("the command starts");
    let start = Instant::now();
    loop {
        if child.try_wait().expect("wait").is_some() {
            return child.wait_with_output().expect("output");
        }
        if start.elapsed() > limit {
            child.kill().ok();
            let out = child.wait_with_output().expect("output");
            panic!(
                "timed out after {limit:?}\nstdout: {}\nstderr: {}",
                String::from_utf8_lossy(&out.stdout),
                String::from_utf8_lossy(&out.stderr)
            );
        }
        std::thread::sleep(Duration::from_millis(50));
    }
}

fn screenshot(data: &Path, runtime: &Path, screen: &str, png: &Path) {
    let out = run_with_limit(
        xvfb_run()
            .args([BIN, "--screenshot"])
            .arg(png)
            .args(["--screen", screen, "--account", "sandbox", "--data-dir"])
            .arg(data)
            .env("XDG_RUNTIME_DIR", runtime)
            .env("RUST_LOG", "warn")
            .env_remove("WAYLAND_DISPLAY"),
        Duration::from_secs(240),
    );
    assert!(
        out.status.success(),
        "`logodesk --screenshot` failed: {}\nstdout: {}\nstderr: {}",
        out.status,
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(String::from_utf8_lossy(&out.stdout).contains("saved"));
    let img = image::open(png).expect("a PNG was written").into_rgba8();
    let (w, h) = img.dimensions();
    assert!(w >= 960 && h >= 620, "the whole window: {w}×{h}");
    let colors: std::collections::HashSet<[u8; 4]> =
        img.pixels().step_by(97).map(|p| p.0).collect();
    assert!(
        colors.len() > 50,
        "a real picture, not a blank window ({} colors)",
        colors.len()
    );
}

#[test]
fn the_real_window_takes_screenshots_of_every_screen() {
    if !have("xvfb-run") {
        skip_or_fail(
            "the_real_window_takes_screenshots_of_every_screen",
            "xvfb-run is not installed (apt-get install xvfb xauth)",
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
    screenshot(&data, &runtime, "gallery", &dir.path().join("gallery.png"));
    assert!(
        data.join("sandbox.sqlite").exists(),
        "the embedded sandbox keeps its data"
    );
    assert!(
        data.join("logodesk.sqlite").exists(),
        "the app keeps its own database"
    );
    screenshot(&data, &runtime, "detail", &dir.path().join("detail.png"));
    // The draft editor on the gallery's first demo draft.
    screenshot(&data, &runtime, "editor", &dir.path().join("editor.png"));
    // The composer on a demo draft; the history with the demo order placed and completed.
    screenshot(&data, &runtime, "orders", &dir.path().join("orders.png"));
    screenshot(&data, &runtime, "history", &dir.path().join("history.png"));
    // The sandbox's finalized design with its placements; both demo vectorize tasks tracked.
    screenshot(&data, &runtime, "designs", &dir.path().join("designs.png"));
    screenshot(&data, &runtime, "tasks", &dir.path().join("tasks.png"));
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
