//! Test 4: the NSIS installer (`packaging/windows/build.sh`) under Wine: a silent install puts
//! the program under `%LOCALAPPDATA%\Programs\logodesk`, a Start-menu shortcut and an
//! "Installed apps" entry; the installed exe starts; an upgrade while it runs is refused; a
//! second install upgrades in place and keeps the person's data; a silent uninstall removes
//! the program and keeps the data, unless `/PURGE` is given.

use crate::wine::{VERSION, Wine, exe, installer};

use std::collections::BTreeMap;
use std::path::Path;
use std::time::{Duration, Instant};

use crate::patience::PATIENCE;
use crate::runner_common::{Runner, run_with_limit};

const UNINSTALL_KEY: &str = r"HKCU\Software\Microsoft\Windows\CurrentVersion\Uninstall\logodesk";
/// The app's AppUserModelID, set on the shortcut.
const AUMID: &str = "dk.logodesk.logodesk";

/// The "Installed apps" entry as name → value, or `None` when there is none.
fn uninstall_entry(wine: &Wine) -> Option<BTreeMap<String, String>> {
    let out = wine.run("reg", &["query", UNINSTALL_KEY]);
    if !out.status.success() {
        return None;
    }
    let text = String::from_utf8_lossy(&out.stdout);
    Some(
        text.lines()
            .filter_map(|line| {
                let mut parts = line.trim().splitn(3, "    ");
                let name = parts.next()?.trim();
                let kind = parts.next()?.trim();
                let value = parts.next().unwrap_or("").trim();
                kind.starts_with("REG_")
                    .then(|| (name.to_owned(), value.to_owned()))
            })
            .collect(),
    )
}

fn utf16(text: &str) -> Vec<u8> {
    text.encode_utf16().flat_map(u16::to_le_bytes).collect()
}

fn contains(haystack: &[u8], needle: &[u8]) -> bool {
    haystack.windows(needle.len()).any(|w| w == needle)
}

/// Runs the installer (or uninstaller) silently with `args`; answers its stderr.
fn silent(wine: &Wine, program: &Path, args: &[&str], debug: &str) -> String {
    let out = run_with_limit(
        wine.command(program)
            .arg("/S")
            .args(args)
            .env("WINEDEBUG", debug),
        PATIENCE,
    );
    assert!(
        out.status.success(),
        "`{} /S {}` failed ({}): {}",
        program.display(),
        args.join(" "),
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// NSIS's uninstaller copies itself to `%TEMP%` and returns at once: wait (bounded) until the
/// program folder and the "Installed apps" entry are gone.
fn wait_until_uninstalled(wine: &Wine, programs: &Path) {
    let started = Instant::now();
    while programs.exists() || uninstall_entry(wine).is_some() {
        assert!(
            started.elapsed() < PATIENCE,
            "the uninstaller left {} or its registry entry",
            programs.display()
        );
        std::thread::sleep(Duration::from_millis(100));
    }
}

fn same_file(a: &Path, b: &Path) -> bool {
    std::fs::read(a).ok() == std::fs::read(b).ok()
}

#[test]
#[ignore = "needs Wine, mingw-w64 and the Windows build: see README"]
fn the_installer_installs_upgrades_and_uninstalls_keeping_the_data() {
    let exe = exe();
    let setup = installer();
    let wine = Wine::shared();
    let programs = wine.local_app_data().join("Programs/logodesk");
    let installed = programs.join("logodesk.exe");
    let shortcut = wine.start_menu_programs().join("logodesk.lnk");
    let data = wine.local_app_data().join("logodesk/data");

    // Install. Wine's shell links keep no property store: Wine says so on `fixme:shell`.
    let log = silent(&wine, &setup, &[], "fixme+shell");
    assert!(
        same_file(&installed, &exe),
        "the installed logodesk.exe is not this build: make the installer again \
         (packaging/windows/build.sh)"
    );
    for file in ["README.md", "LICENSE.txt", "uninstall.exe"] {
        assert!(programs.join(file).is_file(), "{file} is installed");
    }
    let link = std::fs::read(&shortcut).expect("the Start-menu shortcut");
    assert!(
        contains(&link, &utf16("logodesk.exe")) || contains(&link, b"logodesk.exe"),
        "the shortcut starts logodesk.exe"
    );
    assert!(
        contains(&link, &utf16(AUMID)) || log.contains("propertystore_SetValue"),
        "the installer sets the shortcut's AppUserModelID: {log}"
    );

    let entry = uninstall_entry(&wine).expect("the \"Installed apps\" entry");
    let value = |name: &str| {
        entry
            .get(name)
            .unwrap_or_else(|| panic!("no {name} in {entry:?}"))
            .as_str()
    };
    assert_eq!(value("DisplayName"), "logodesk");
    assert_eq!(value("DisplayVersion"), VERSION);
    assert_eq!(value("Publisher"), "The logodesk developers");
    let location = value("InstallLocation").to_owned();
    assert!(
        location.ends_with(r"\AppData\Local\Programs\logodesk"),
        "{location}"
    );
    assert!(value("DisplayIcon").contains(r"logodesk\logodesk.exe"));
    assert!(value("UninstallString").contains(r"logodesk\uninstall.exe"));
    assert!(value("QuietUninstallString").ends_with("/S"));
    assert_eq!(value("NoModify"), "0x1");
    assert_eq!(value("NoRepair"), "0x1");
    let kib = u64::from_str_radix(value("EstimatedSize").trim_start_matches("0x"), 16).unwrap();
    let exe_kib = std::fs::metadata(&exe).unwrap().len() / 1024;
    assert!(
        kib >= exe_kib,
        "EstimatedSize {kib} KiB, the exe alone {exe_kib} KiB"
    );

    // The installed exe starts.
    let version = wine.run_ok(&installed, &["--version"]);
    assert!(
        version.starts_with(&format!("logodesk {VERSION} ")),
        "{version}"
    );

    // While it runs, a silent upgrade stops with exit code 2 and changes nothing.
    let mut running = wine.command(&installed);
    running.args(["sandbox", "--ephemeral", "--listen", "127.0.0.1:0"]);
    let mut running = Runner::spawn(running);
    running.wait_for_line(PATIENCE, |l| l.starts_with("listening on "));
    let refused = run_with_limit(wine.command(&setup).arg("/S"), PATIENCE);
    assert_eq!(
        refused.status.code(),
        Some(2),
        "an upgrade while logodesk runs is refused"
    );
    assert!(same_file(&installed, &exe));
    running.kill9();

    // Upgrade in place: the program replaced, the person's data untouched.
    std::fs::create_dir_all(&data).unwrap();
    std::fs::write(data.join("keep.txt"), "orders of Nordby IF").unwrap();
    std::fs::write(&installed, "an older logodesk.exe").unwrap();
    silent(&wine, &setup, &[], "-all");
    assert!(same_file(&installed, &exe), "the upgrade replaced the exe");
    let entry = uninstall_entry(&wine).expect("the entry after the upgrade");
    assert_eq!(entry.get("InstallLocation"), Some(&location), "same folder");
    assert_eq!(
        std::fs::read_to_string(data.join("keep.txt")).unwrap(),
        "orders of Nordby IF"
    );

    // Uninstall: the program, its shortcut and entry go; the data stays.
    silent(&wine, &programs.join("uninstall.exe"), &[], "-all");
    wait_until_uninstalled(&wine, &programs);
    assert!(!shortcut.exists(), "the shortcut is removed");
    assert_eq!(
        std::fs::read_to_string(data.join("keep.txt")).unwrap(),
        "orders of Nordby IF",
        "the data is kept"
    );

    // Asked to, a silent uninstall removes the data too.
    silent(&wine, &setup, &[], "-all");
    silent(&wine, &programs.join("uninstall.exe"), &["/PURGE"], "-all");
    wait_until_uninstalled(&wine, &programs);
    let started = Instant::now();
    while data.exists() {
        assert!(
            started.elapsed() < PATIENCE,
            "/PURGE left {}",
            data.display()
        );
        std::thread::sleep(Duration::from_millis(100));
    }
}
