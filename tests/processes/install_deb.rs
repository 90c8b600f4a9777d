//! Installable like any desktop program: the `.deb` that `cargo deb` makes from
//! `[package.metadata.deb]` installs with `apt-get` on this machine, puts the binary, the
//! desktop entry and the icons where desktops look, and the installed binary starts and draws
//! its window on a private X server (`--screenshot`). It is removed again afterwards.
//!
//! It installs a system package, so it runs only in CI (`CI` set, as root, with `cargo-deb`,
//! which `.ci/run` installs); elsewhere it says `SKIPPED`. The package is made from the binary
//! this `cargo test` built (`--profile dev --no-build`): what is tested is the packaging, not the
//! optimiser. `cargo test --test processes install_deb -- --nocapture` prints the figures.

// The `.deb` is a Linux package: installed with apt-get, checked with dpkg.
#![cfg(target_os = "linux")]

use crate::runner_common;

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use runner_common::{have, in_ci, run_with_limit, screenshot, skip_or_fail};

const PACKAGE: &str = "logodesk";

fn is_root() -> bool {
    Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|o| String::from_utf8_lossy(&o.stdout).trim() == "0")
}

/// Removes the package when the test ends, passed or not.
struct Installed;

impl Drop for Installed {
    fn drop(&mut self) {
        let _ = Command::new("dpkg").args(["--purge", PACKAGE]).output();
    }
}

pub(crate) fn run_ok(cmd: &mut Command, limit: Duration, what: &str) -> String {
    let out = run_with_limit(cmd, limit);
    assert!(
        out.status.success(),
        "{what} failed: {}\nstdout: {}\nstderr: {}",
        out.status,
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn build_deb(out_dir: &Path) -> PathBuf {
    let deb = out_dir.join("logodesk.deb");
    run_ok(
        Command::new("cargo")
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .args(["deb", "--no-build", "--profile", "dev", "--output"])
            .arg(&deb),
        Duration::from_secs(600),
        "`cargo deb`",
    );
    deb
}

#[test]
fn the_deb_installs_and_the_installed_binary_draws_its_window() {
    const TEST: &str = "the_deb_installs_and_the_installed_binary_draws_its_window";
    if !in_ci() {
        skip_or_fail(
            TEST,
            "it installs a system package; it runs only in CI (CI=true)",
        );
        return;
    }
    for (tool, why) in [
        (
            "cargo-deb",
            "cargo-deb is not installed (cargo install cargo-deb --locked)",
        ),
        (
            "apt-get",
            "apt-get is not available: this is not a Debian-like system",
        ),
        ("Xvfb", "Xvfb is not installed (apt-get install xvfb)"),
    ] {
        if !have(tool) {
            skip_or_fail(TEST, why);
            return;
        }
    }
    if !is_root() {
        skip_or_fail(TEST, "installing a .deb needs root");
        return;
    }

    let dir = tempfile::tempdir().unwrap();
    let deb = build_deb(dir.path());
    let deb_bytes = std::fs::metadata(&deb).unwrap().len();

    // Installed as a person would: apt resolves the declared dependencies.
    let _ = Command::new("dpkg").args(["--purge", PACKAGE]).output();
    let installed = Installed;
    run_ok(
        Command::new("apt-get")
            .args(["install", "-y", "-qq", "--no-install-recommends"])
            .arg(&deb)
            .env("DEBIAN_FRONTEND", "noninteractive"),
        Duration::from_secs(600),
        "`apt-get install ./logodesk.deb`",
    );

    let files = run_ok(
        Command::new("dpkg").args(["-L", PACKAGE]),
        Duration::from_secs(60),
        "`dpkg -L logodesk`",
    );
    for expected in [
        "/usr/bin/logodesk",
        "/usr/share/applications/logodesk.desktop",
        "/usr/share/icons/hicolor/48x48/apps/logodesk.png",
        "/usr/share/icons/hicolor/256x256/apps/logodesk.png",
        "/usr/share/doc/logodesk/copyright",
    ] {
        assert!(
            files.lines().any(|l| l == expected),
            "the package installs {expected}:\n{files}"
        );
    }
    let desktop = std::fs::read_to_string("/usr/share/applications/logodesk.desktop").unwrap();
    assert!(desktop.contains("Exec=logodesk"), "{desktop}");
    assert!(desktop.contains("StartupWMClass=logodesk"), "{desktop}");
    if have("desktop-file-validate") {
        run_ok(
            Command::new("desktop-file-validate").arg("/usr/share/applications/logodesk.desktop"),
            Duration::from_secs(60),
            "`desktop-file-validate`",
        );
    }

    // The installed binary, by the name a desktop entry runs it with.
    let runtime = dir.path().join("run");
    std::fs::create_dir_all(&runtime).unwrap();
    {
        use std::os::unix::fs::PermissionsExt as _;
        std::fs::set_permissions(&runtime, std::fs::Permissions::from_mode(0o700)).unwrap();
    }
    let version = run_ok(
        Command::new("/usr/bin/logodesk").arg("--version"),
        Duration::from_secs(60),
        "`logodesk --version`",
    );
    assert!(version.contains(env!("CARGO_PKG_VERSION")), "{version}");
    let started = Instant::now();
    screenshot(
        Path::new("/usr/bin/logodesk"),
        &dir.path().join("data"),
        &runtime,
        "gallery",
        &dir.path().join("installed.png"),
    );
    let took = started.elapsed();
    drop(installed);
    let after = Command::new("dpkg").args(["-s", PACKAGE]).output().unwrap();
    assert!(!after.status.success(), "the package is removed again");
    println!(
        "installed .deb (dev profile, stripped by cargo-deb): {:.1} MB; \
         `logodesk --screenshot` of the gallery from start to saved PNG: {:.2} s",
        deb_bytes as f64 / 1e6,
        took.as_secs_f64()
    );
}
