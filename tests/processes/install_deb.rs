//! Installable like any desktop program: the `.deb` that `cargo deb` makes from
//! `[package.metadata.deb]` installs with `apt-get` on this machine, puts the binary, the
//! desktop entry and the icons where desktops look, and the installed binary starts and draws
//! its window on a private X server (`--screenshot`). It is removed again afterwards. Its
//! control file declares what the file dialog needs, and apt installs one way to show it.
//!
//! It installs a system package (as root, with `cargo-deb`, which `.ci/run` installs), so it is
//! ignored by a plain `cargo test`; CI runs it (`cargo test -- --include-ignored`). The package is made from the binary
//! this `cargo test` built (`--profile dev --no-build`): what is tested is the packaging, not the
//! optimiser. `cargo test --test processes install_deb -- --nocapture` prints the figures.

// The `.deb` is a Linux package: installed with apt-get, checked with dpkg.
#![cfg(target_os = "linux")]

use crate::runner_common;

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use runner_common::{have, need, run_ok, screenshot};

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

/// What shows the file dialog (rfd 0.17 with `xdg-portal`): a desktop portal backend that
/// implements FileChooser, asked over D-Bus, else `zenity`.
const FILE_DIALOG: [&str; 4] = [
    "xdg-desktop-portal-gtk",
    "xdg-desktop-portal-kde",
    "xdg-desktop-portal-gnome",
    "zenity",
];

/// A control field's relations (`a (>= 1), b | c`): each clause's package names, versions and
/// architectures left out.
fn relations(field: &str) -> Vec<Vec<String>> {
    field
        .split(',')
        .map(|clause| {
            clause
                .split('|')
                .filter_map(|alt| {
                    alt.split(|c: char| c.is_whitespace() || c == '(' || c == ':')
                        .find(|w| !w.is_empty())
                })
                .map(str::to_owned)
                .collect()
        })
        .collect()
}

/// The roster import dead-ends without a file dialog: the package depends on libdbus (which
/// rfd opens at run time, so dpkg-shlibdeps cannot see it) and on one of the dialog's
/// providers, and on nothing that cannot show it in that same clause.
fn the_control_file_declares_what_the_file_dialog_needs(deb: &Path) {
    let depends = run_ok(
        Command::new("dpkg-deb").arg("-f").arg(deb).arg("Depends"),
        Duration::from_secs(60),
        "`dpkg-deb -f logodesk.deb Depends`",
    );
    let clauses = relations(&depends);
    assert!(
        clauses.iter().any(|c| c == &["libdbus-1-3"]),
        "Depends names libdbus-1-3 on its own: {depends}"
    );
    let dialog: Vec<&str> = FILE_DIALOG.to_vec();
    assert!(
        clauses.iter().any(|c| c == &dialog),
        "Depends has the clause `{}`: {depends}",
        FILE_DIALOG.join(" | ")
    );
}

fn build_deb(out_dir: &Path) -> PathBuf {
    let deb = out_dir.join("logodesk.deb");
    run_ok(
        Command::new("cargo")
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            // `--fast`: xz's quick level. What is tested is what the package holds and how it
            // installs; the best compression of a 120 MB test binary took 54 CPU-seconds, the
            // quick one 14 (`cargo deb --no-build --profile dev [--fast]`).
            .args([
                "deb",
                "--no-build",
                "--profile",
                "dev",
                "--fast",
                "--output",
            ])
            .arg(&deb),
        Duration::from_secs(600),
        "`cargo deb`",
    );
    deb
}

#[test]
#[ignore = "installs a system package (root, apt-get, cargo-deb, Xvfb): CI runs it"]
fn the_deb_installs_and_the_installed_binary_draws_its_window() {
    need(
        have("cargo-deb"),
        "cargo-deb (cargo install cargo-deb --locked)",
    );
    need(have("dpkg-deb"), "dpkg-deb (a Debian-like system)");
    need(have("apt-get"), "apt-get (a Debian-like system)");
    need(have("Xvfb"), "Xvfb (apt-get install xvfb)");
    need(is_root(), "root: it installs a .deb");
    let dir = tempfile::tempdir().unwrap();
    let deb = build_deb(dir.path());
    let deb_bytes = std::fs::metadata(&deb).unwrap().len();
    the_control_file_declares_what_the_file_dialog_needs(&deb);

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

    // apt resolved the dialog's dependency: one way to show it is installed.
    let dialog = FILE_DIALOG
        .iter()
        .find(|p| {
            Command::new("dpkg-query")
                .args(["-W", "-f", "${Status}", p])
                .output()
                .is_ok_and(|o| o.stdout == b"install ok installed")
        })
        .unwrap_or_else(|| panic!("none of {FILE_DIALOG:?} is installed with the package"));

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
        "/usr/lib/systemd/system/logodesk-sender.service",
        "/etc/default/logodesk-sender",
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

    // The sender's unit: valid as systemd reads it, its user and its folders made, the
    // user's only (README.md, "A sender on a server").
    if have("systemd-analyze") {
        let verify = Command::new("systemd-analyze")
            .args(["verify", "/usr/lib/systemd/system/logodesk-sender.service"])
            .output()
            .unwrap();
        let said = String::from_utf8_lossy(&verify.stderr);
        // Without a running systemd (a container) `verify` cannot load units it needs
        // (the targets), which it says; a mistake of the unit's own names the unit.
        assert!(
            !said.lines().any(|l| l.contains("logodesk-sender.service:")),
            "systemd-analyze verify: {said}"
        );
    }
    {
        use std::os::unix::fs::MetadataExt as _;
        let user = run_ok(
            Command::new("id").args(["-u", "logodesk"]),
            Duration::from_secs(10),
            "`id -u logodesk`",
        );
        let uid: u32 = user.trim().parse().unwrap();
        for dir in ["/var/lib/logodesk", "/etc/logodesk"] {
            let meta = std::fs::metadata(dir).unwrap();
            assert_eq!(meta.uid(), uid, "{dir} is the sender's");
            assert_eq!(meta.mode() & 0o777, 0o700, "{dir} is the sender's only");
        }
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
        "installed .deb (dev profile, stripped by cargo-deb): {:.1} MB, its file dialog through \
         {dialog}; `logodesk --screenshot` of the gallery from start to saved PNG: {:.2} s",
        deb_bytes as f64 / 1e6,
        took.as_secs_f64()
    );
}
