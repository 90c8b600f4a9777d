//! The release tarball for distributions without `.deb` (`packaging/linux/tarball.sh`), made
//! from the binary this `cargo test` built, tested as a person would use it: its file list; its
//! `install.sh` into a private `HOME` (`~/.local`: binary, desktop entry with the installed
//! binary's full path, icons), the entry validated; the installed binary drawing its window on a
//! private X server (`--screenshot`); a second install over the first while logodesk runs (an
//! upgrade in place); an install under `--prefix` with a space in its path; and the installed
//! uninstaller, after the unpacked tarball is gone, leaving nothing but the person's data.
//!
//! No root needed; it needs `Xvfb`, so it is ignored by a plain `cargo test` (CI runs it).
//! `cargo test --test processes install_tarball -- --nocapture` prints the figures.

// The tarball is a Linux package: its scripts, paths and modes are Unix ones.
#![cfg(target_os = "linux")]

use crate::patience::PATIENCE;
use crate::runner_common;

use std::collections::BTreeSet;
use std::os::unix::fs::PermissionsExt as _;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use runner_common::{BIN, Runner, XServer, have, need, run_ok, screenshot};

const ICON_SIZES: [&str; 7] = [
    "16x16", "24x24", "32x32", "48x48", "64x64", "128x128", "256x256",
];

/// `files` and the icons in every size, relative to the same folder.
fn with_icons(files: &[&str]) -> BTreeSet<PathBuf> {
    let icons = ICON_SIZES.map(|s| format!("share/icons/hicolor/{s}/apps/logodesk.png"));
    files
        .iter()
        .copied()
        .chain(icons.iter().map(String::as_str))
        .map(PathBuf::from)
        .collect()
}

/// The files `install.sh` puts under its prefix, relative to it.
fn installed_files() -> BTreeSet<PathBuf> {
    with_icons(&[
        "bin/logodesk",
        "share/applications/logodesk.desktop",
        "lib/logodesk/uninstall.sh",
    ])
}

/// Every file (and link) under `root`, relative to it; folders themselves are not listed.
fn files_under(root: &Path) -> BTreeSet<PathBuf> {
    fn walk(root: &Path, dir: &Path, out: &mut BTreeSet<PathBuf>) {
        let Ok(entries) = std::fs::read_dir(dir) else {
            return;
        };
        for entry in entries.map(Result::unwrap) {
            let path = entry.path();
            if entry.file_type().unwrap().is_dir() {
                walk(root, &path, out);
            } else {
                out.insert(path.strip_prefix(root).unwrap().to_owned());
            }
        }
    }
    let mut out = BTreeSet::new();
    walk(root, root, &mut out);
    out
}

/// `script` as a person runs it, with `home` as `HOME` and no `XDG_DATA_HOME`.
fn script(script: &Path, home: &Path, args: &[&str]) -> String {
    run_ok(
        Command::new(script)
            .args(args)
            .env("HOME", home)
            .env_remove("XDG_DATA_HOME"),
        Duration::from_secs(120),
        &format!("`{} {}`", script.display(), args.join(" ")),
    )
}

fn validate(desktop: &Path) {
    if have("desktop-file-validate") {
        run_ok(
            Command::new("desktop-file-validate").arg(desktop),
            Duration::from_secs(60),
            "`desktop-file-validate`",
        );
    }
}

fn exec_line(desktop: &Path) -> String {
    let entry = std::fs::read_to_string(desktop).unwrap();
    entry
        .lines()
        .find(|l| l.starts_with("Exec="))
        .unwrap_or_else(|| panic!("an Exec= line in {entry}"))
        .to_owned()
}

/// The installed binary serving its sandbox: a running logodesk whose file an upgrade replaces.
fn start_sandbox(bin: &Path, home: &Path) -> Runner {
    let mut command = Command::new(bin);
    command
        .args(["sandbox", "--ephemeral", "--listen", "127.0.0.1:0"])
        .env("HOME", home)
        .env_remove("XDG_DATA_HOME");
    let mut running = Runner::spawn(command);
    running.wait_for_line(PATIENCE, |l| l.contains("listening"));
    running
}

#[test]
#[ignore = "needs Xvfb for the installed binary's window: CI runs it"]
fn the_tarball_installs_into_home_upgrades_in_place_and_uninstalls_leaving_the_data() {
    need(XServer::available(), "Xvfb (apt-get install xvfb)");
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    let name = format!(
        "logodesk-{}-{}-linux",
        env!("CARGO_PKG_VERSION"),
        std::env::consts::ARCH
    );

    // Made from this build's binary.
    let out = run_ok(
        Command::new(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/packaging/linux/tarball.sh"
        ))
        .args(["--binary", BIN, "--out"])
        .arg(root.join("out")),
        Duration::from_secs(600),
        "`packaging/linux/tarball.sh`",
    );
    let tarball = root.join("out").join(format!("{name}.tar.gz"));
    assert_eq!(out.trim(), tarball.to_str().unwrap(), "it prints its path");
    let tarball_bytes = std::fs::metadata(&tarball).unwrap().len();

    let listing = run_ok(
        Command::new("tar").arg("-tzf").arg(&tarball),
        Duration::from_secs(120),
        "`tar -tzf`",
    );
    let listed: BTreeSet<PathBuf> = listing
        .lines()
        .filter(|l| !l.ends_with('/'))
        .map(PathBuf::from)
        .collect();
    let expected = with_icons(&[
        "bin/logodesk",
        "share/applications/logodesk.desktop",
        "README.md",
        "LICENSE",
        "install.sh",
        "uninstall.sh",
    ]);
    let expected: BTreeSet<PathBuf> = expected.iter().map(|f| Path::new(&name).join(f)).collect();
    assert_eq!(listed, expected, "the tarball's files");

    let unpacked = root.join("unpacked");
    std::fs::create_dir_all(&unpacked).unwrap();
    run_ok(
        Command::new("tar")
            .arg("-xzf")
            .arg(&tarball)
            .arg("-C")
            .arg(&unpacked),
        Duration::from_secs(120),
        "`tar -xzf`",
    );
    let unpacked = unpacked.join(&name);
    for exe in ["bin/logodesk", "install.sh", "uninstall.sh"] {
        let mode = std::fs::metadata(unpacked.join(exe))
            .unwrap()
            .permissions()
            .mode();
        assert_eq!(mode & 0o777, 0o755, "{exe} is executable");
    }

    // Into ~/.local of a person whose HOME is `home`.
    let home = root.join("home");
    std::fs::create_dir_all(&home).unwrap();
    let prefix = home.join(".local");
    let said = script(&unpacked.join("install.sh"), &home, &[]);
    assert!(
        said.contains(&format!("installed in {}", prefix.display())),
        "{said}"
    );
    let in_home = |files: &BTreeSet<PathBuf>| -> BTreeSet<PathBuf> {
        files.iter().map(|f| Path::new(".local").join(f)).collect()
    };
    assert_eq!(files_under(&home), in_home(&installed_files()));
    let bin = prefix.join("bin/logodesk");
    let desktop = prefix.join("share/applications/logodesk.desktop");
    assert_eq!(exec_line(&desktop), format!("Exec={}", bin.display()));
    validate(&desktop);
    assert_eq!(
        std::fs::read(prefix.join("share/icons/hicolor/48x48/apps/logodesk.png")).unwrap(),
        std::fs::read(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/assets/icons/hicolor/48x48/apps/logodesk.png"
        ))
        .unwrap()
    );
    let version = run_ok(
        Command::new(&bin).arg("--version"),
        Duration::from_secs(60),
        "`logodesk --version`",
    );
    assert!(version.contains(env!("CARGO_PKG_VERSION")), "{version}");

    // The installed binary draws its window; its data where the person's data lives.
    let data = prefix.join("share/logodesk");
    let runtime = root.join("run");
    std::fs::create_dir_all(&runtime).unwrap();
    std::fs::set_permissions(&runtime, std::fs::Permissions::from_mode(0o700)).unwrap();
    let started = Instant::now();
    screenshot(
        &bin,
        &data,
        &runtime,
        "gallery",
        &root.join("installed.png"),
    );
    let took = started.elapsed();
    let data_files = files_under(&data);
    assert!(
        data_files.contains(Path::new("logodesk.sqlite")),
        "{data_files:?}"
    );

    // Installed again over itself while logodesk runs (an upgrade): every file put back, the
    // running one undisturbed, the data untouched.
    let mut running = start_sandbox(&bin, &home);
    std::fs::write(&desktop, "damaged").unwrap();
    script(&unpacked.join("install.sh"), &home, &[]);
    assert_eq!(
        running.child.try_wait().unwrap(),
        None,
        "the running logodesk still runs"
    );
    drop(running);
    let mut with_data = in_home(&installed_files());
    with_data.extend(
        data_files
            .iter()
            .map(|f| Path::new(".local/share/logodesk").join(f)),
    );
    assert_eq!(files_under(&home), with_data);
    assert_eq!(exec_line(&desktop), format!("Exec={}", bin.display()));
    validate(&desktop);

    // Elsewhere, by --prefix, with a space in the path: Exec= is quoted.
    let opt = root.join("opt dir");
    script(
        &unpacked.join("install.sh"),
        &home,
        &["--prefix", opt.to_str().unwrap()],
    );
    assert_eq!(files_under(&opt), installed_files());
    let opt_desktop = opt.join("share/applications/logodesk.desktop");
    assert_eq!(
        exec_line(&opt_desktop),
        format!("Exec=\"{}\"", opt.join("bin/logodesk").display())
    );
    validate(&opt_desktop);
    script(
        &unpacked.join("uninstall.sh"),
        &home,
        &["--prefix", opt.to_str().unwrap()],
    );
    assert_eq!(
        files_under(&opt),
        BTreeSet::new(),
        "nothing left in {opt:?}"
    );

    // Removed by the uninstaller it left, with the tarball gone: only the data stays.
    std::fs::remove_dir_all(root.join("unpacked")).unwrap();
    let said = script(&prefix.join("lib/logodesk/uninstall.sh"), &home, &[]);
    assert!(
        said.contains(&format!("Your data is kept in {}", data.display())),
        "{said}"
    );
    let left = files_under(&home);
    assert_eq!(
        left,
        data_files
            .iter()
            .map(|f| Path::new(".local/share/logodesk").join(f))
            .collect(),
        "only the data is left"
    );
    assert!(
        !prefix.join("share/icons/hicolor/48x48").exists(),
        "the icon folders only logodesk used are gone"
    );

    println!(
        "tarball (this build's {} binary, debug info stripped): {:.1} MB; the installed \
         `logodesk --screenshot` of the gallery from start to saved PNG: {:.2} s",
        if cfg!(debug_assertions) {
            "dev"
        } else {
            "release"
        },
        tarball_bytes as f64 / 1e6,
        took.as_secs_f64()
    );
}
