//! Test 5: the window under Wine on the prefix's X server: `logodesk.exe --screenshot` of the
//! gallery with the app's own renderer choice (no `WGPU_BACKEND`). Under Wine, DX12 (vkd3d)
//! fails after the adapter is chosen; the app must go on to the next backend by itself.
//! A copy of the picture is kept in `<target>/windows/screenshots/` for a person to look at.

use crate::runner_common::{check_screenshot, run_with_limit};
use crate::wine::{Wine, exe, target_dir, windows_path};

use crate::patience::PATIENCE;

#[test]
#[ignore = "needs Wine, mingw-w64 and the Windows build: see README"]
fn the_gallery_is_drawn_with_the_apps_own_renderer_choice() {
    let exe = exe();
    let wine = Wine::shared();
    let dir = tempfile::tempdir().unwrap();
    let png = dir.path().join("gallery.png");
    let data = dir.path().join("data");
    let out = run_with_limit(
        wine.command(&exe)
            .arg("--screenshot")
            .arg(windows_path(&png))
            .args(["--screen", "gallery", "--account", "sandbox", "--data-dir"])
            .arg(windows_path(&data)),
        PATIENCE,
    );
    assert!(
        out.status.success(),
        "`logodesk.exe --screenshot` failed under Wine ({}):\nstdout: {}\nstderr: {}",
        out.status,
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(String::from_utf8_lossy(&out.stdout).contains("saved"));
    check_screenshot(&png);
    let keep = target_dir().join("windows/screenshots");
    if std::fs::create_dir_all(&keep).is_ok() {
        std::fs::copy(&png, keep.join("gallery-wine.png")).ok();
    }
}
