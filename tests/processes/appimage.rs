//! The AppImage: `packaging/appimage.sh` packs the binaries this `cargo test` built (the dev
//! profile: what is tested is the packing and our runtime, not the optimiser) into one file
//! that carries the type-2 magic, says where its image starts, extracts itself
//! (`--appimage-extract`, with a valid desktop entry and the icon at the root), and, started
//! itself on a private X server (Xvfb), unpacks once into its cache folder and draws the app's window
//! (`--screenshot`); a second start reuses the unpacked folder.
//!
//! Needs `mksquashfs` (Debian: squashfs-tools, which `.ci/run` installs) and `Xvfb`; without
//! them it says `SKIPPED` (and fails in CI). `cargo test --test processes appimage --
//! --nocapture` prints the AppImage's size and the times from start to the first frame.

use crate::install_deb::run_ok;
use crate::runner_common;

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use runner_common::{have, screenshot, skip_or_fail};

const RUNTIME: &str = env!("CARGO_BIN_EXE_logodesk-appimage-runtime");
const LIMIT: Duration = Duration::from_secs(600);
const TEST: &str = "the_appimage_extracts_itself_and_draws_the_window_from_its_cache";

/// `packaging/appimage.sh` on this build's binaries; answers the AppImage's path.
fn pack(dir: &Path) -> PathBuf {
    let appimage = dir.join("logodesk-test-x86_64.AppImage");
    let printed = run_ok(
        Command::new("bash")
            .arg(Path::new(env!("CARGO_MANIFEST_DIR")).join("packaging/appimage.sh"))
            .arg(runner_common::BIN)
            .arg(RUNTIME)
            .arg(&appimage),
        LIMIT,
        "`packaging/appimage.sh`",
    );
    assert!(
        printed.contains(&appimage.display().to_string()) && printed.contains("size: "),
        "the script prints the path and the size: {printed}"
    );
    appimage
}

/// The folders the runtime unpacked into under the cache folder `cache`.
fn unpacked(cache: &Path) -> Vec<PathBuf> {
    let root = cache.join("logodesk/appimage");
    let Ok(entries) = std::fs::read_dir(&root) else {
        return Vec::new();
    };
    let mut found: Vec<PathBuf> = entries.flatten().map(|e| e.path()).collect();
    found.sort();
    found
}

#[test]
fn the_appimage_extracts_itself_and_draws_the_window_from_its_cache() {
    if !have("mksquashfs") {
        skip_or_fail(
            TEST,
            "mksquashfs is not installed (apt-get install squashfs-tools)",
        );
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let appimage = pack(dir.path());
    let bytes = std::fs::read(&appimage).unwrap();
    let runtime_len = std::fs::metadata(RUNTIME).unwrap().len();
    assert_eq!(&bytes[..4], b"\x7fELF", "it is an executable");
    assert_eq!(&bytes[8..11], b"AI\x02", "the type-2 magic");
    {
        use std::os::unix::fs::PermissionsExt as _;
        let mode = std::fs::metadata(&appimage).unwrap().permissions().mode();
        assert_eq!(mode & 0o111, 0o111, "executable by everyone: {mode:o}");
    }

    // The image starts right after the runtime, where the runtime says it does.
    let offset = run_ok(
        Command::new(&appimage).arg("--appimage-offset"),
        LIMIT,
        "`--appimage-offset`",
    );
    assert_eq!(offset.trim(), runtime_len.to_string());
    assert_eq!(
        &bytes[runtime_len as usize..][..4],
        b"hsqs",
        "a squashfs image"
    );

    // Extracted as a person would look inside it.
    let look = dir.path().join("look");
    std::fs::create_dir_all(&look).unwrap();
    run_ok(
        Command::new(&appimage)
            .arg("--appimage-extract")
            .current_dir(&look),
        LIMIT,
        "`--appimage-extract`",
    );
    let root = look.join("squashfs-root");
    assert_eq!(
        std::fs::read_link(root.join("AppRun")).unwrap(),
        PathBuf::from("usr/bin/logodesk")
    );
    let app = std::fs::metadata(root.join("AppRun")).unwrap();
    assert!(app.is_file() && app.len() > 1_000_000, "the app's binary");
    for file in [
        "logodesk.desktop",
        "logodesk.png",
        ".DirIcon",
        "usr/share/applications/logodesk.desktop",
        "usr/share/icons/hicolor/48x48/apps/logodesk.png",
        "usr/share/icons/hicolor/256x256/apps/logodesk.png",
    ] {
        assert!(root.join(file).is_file(), "the AppImage holds {file}");
    }
    let icon = image::open(root.join("logodesk.png")).unwrap();
    assert_eq!((icon.width(), icon.height()), (256, 256), "the 256 px icon");
    assert_eq!(
        std::fs::read(root.join(".DirIcon")).unwrap(),
        std::fs::read(root.join("logodesk.png")).unwrap(),
        ".DirIcon is the icon"
    );
    let desktop = std::fs::read_to_string(root.join("logodesk.desktop")).unwrap();
    assert!(desktop.contains("Exec=logodesk"), "{desktop}");
    assert!(desktop.contains("Icon=logodesk"), "{desktop}");
    if have("desktop-file-validate") {
        run_ok(
            Command::new("desktop-file-validate").arg(root.join("logodesk.desktop")),
            LIMIT,
            "`desktop-file-validate`",
        );
    }
    // A pattern takes only what it matches.
    let some = dir.path().join("some");
    std::fs::create_dir_all(&some).unwrap();
    run_ok(
        Command::new(&appimage)
            .args(["--appimage-extract", "*.desktop"])
            .current_dir(&some),
        LIMIT,
        "`--appimage-extract '*.desktop'`",
    );
    assert!(some.join("squashfs-root/logodesk.desktop").is_file());
    assert!(!some.join("squashfs-root/usr").exists());

    // Started itself, with a cache folder of its own. A small launcher sets it: the shared
    // `screenshot` helper passes no environment of the test's choosing.
    let cache = dir.path().join("cache");
    let launcher = dir.path().join("start-appimage");
    std::fs::write(
        &launcher,
        format!(
            "#!/bin/sh\nXDG_CACHE_HOME='{}' exec '{}' \"$@\"\n",
            cache.display(),
            appimage.display()
        ),
    )
    .unwrap();
    {
        use std::os::unix::fs::PermissionsExt as _;
        std::fs::set_permissions(&launcher, std::fs::Permissions::from_mode(0o755)).unwrap();
    }
    // Arguments reach the app; the first start unpacks, the second runs from the cache.
    let version = |what: &str| {
        let started = Instant::now();
        let printed = run_ok(Command::new(&launcher).arg("--version"), LIMIT, what);
        assert!(printed.contains(env!("CARGO_PKG_VERSION")), "{printed}");
        started.elapsed()
    };
    let unpacking = version("`--version` (unpacking)");
    let folders = unpacked(&cache);
    assert_eq!(folders.len(), 1, "unpacked once: {folders:?}");
    assert!(folders[0].join("AppRun").exists());
    let cached = version("`--version` (cached)");
    assert_eq!(unpacked(&cache), folders);

    if !runner_common::XServer::available() {
        skip_or_fail(TEST, "Xvfb is not installed (apt-get install xvfb)");
        return;
    }
    let runtime = dir.path().join("run");
    std::fs::create_dir_all(&runtime).unwrap();
    {
        use std::os::unix::fs::PermissionsExt as _;
        std::fs::set_permissions(&runtime, std::fs::Permissions::from_mode(0o700)).unwrap();
    }
    // `--screenshot` of the gallery on a new data folder (so that both starts do the same
    // work but the unpacking); answers the time from start to the saved picture.
    let start = |name: &str| {
        let started = Instant::now();
        screenshot(
            &launcher,
            &dir.path().join(format!("data-{name}")),
            &runtime,
            "gallery",
            &dir.path().join(format!("{name}.png")),
        );
        started.elapsed()
    };
    // First start with an empty cache: the time includes unpacking.
    std::fs::remove_dir_all(&cache).unwrap();
    let first = start("first");
    let folders = unpacked(&cache);
    assert_eq!(folders.len(), 1, "unpacked once: {folders:?}");
    // A mark in the unpacked folder: the second start must not unpack again.
    std::fs::write(folders[0].join("mark"), "kept").unwrap();
    let second = start("second");
    assert_eq!(unpacked(&cache), folders, "the same folder, reused");
    assert_eq!(
        std::fs::read_to_string(folders[0].join("mark")).unwrap(),
        "kept",
        "not unpacked again"
    );
    println!(
        "AppImage (dev profile, stripped): {:.1} MB, runtime {:.1} MB; `--version`: {:.2} s \
         unpacking, {:.2} s cached; `--screenshot` of the gallery from start to saved PNG: \
         first start (unpacking) {:.2} s, second start (cached) {:.2} s",
        bytes.len() as f64 / 1e6,
        runtime_len as f64 / 1e6,
        unpacking.as_secs_f64(),
        cached.as_secs_f64(),
        first.as_secs_f64(),
        second.as_secs_f64()
    );
}
