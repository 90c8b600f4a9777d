//! The harness: one throwaway Wine prefix per run of this test binary, shared by its tests.
//!
//! Made the way `shared/notes/windows-under-wine.md` found it works with Debian's `wine64` 8.0:
//! a private X server first (Wine's display driver must see `DISPLAY` before the prefix's
//! `wineserver` starts), then `WINEPREFIX=$(mktemp -d)`, `WINEDEBUG=-all`, `wineboot -i`, and
//! `bcryptprimitives.dll` with `ProcessPrng` (Rust's standard library calls it, Wine 8 lacks it)
//! compiled from `processprng.c` with mingw-w64 into the prefix's `system32`. `credtool.exe`
//! (`credtool.c`) reads and writes Credential Manager for the keychain test. Wine's menu
//! builder is off and `HOME` points into the prefix, so nothing is written outside it.
//! `wineserver -k` when the last user drops it (at the latest when the test binary exits).

use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use crate::patience::PATIENCE;
use crate::runner_common::{XServer, have, run_with_limit};

/// The package's version, which `--version`, the installer and "Installed apps" show.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");

/// Where cargo puts what it builds: `$CARGO_TARGET_DIR`, else `target` in the repository.
pub fn target_dir() -> PathBuf {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    match std::env::var_os("CARGO_TARGET_DIR") {
        Some(dir) => root.join(dir),
        None => root.join("target"),
    }
}

/// The Windows exe under test: `$LOGODESK_WINDOWS_EXE` (`.ci/test` names its `windows-test`
/// build), else the release build; a clear failure when it has not been built.
pub fn exe() -> PathBuf {
    let exe = std::env::var_os("LOGODESK_WINDOWS_EXE")
        .map(PathBuf::from)
        .unwrap_or_else(|| target_dir().join("x86_64-pc-windows-gnu/release/logodesk.exe"));
    assert!(
        exe.is_file(),
        "no Windows build at {}: build it first with \
         `cargo build --release --target x86_64-pc-windows-gnu --bin logodesk` \
         (README, \"Run the tests\")",
        exe.display()
    );
    exe
}

/// The installer `packaging/windows/build.sh` made from that exe.
pub fn installer() -> PathBuf {
    let setup = target_dir().join(format!("windows/logodesk-{VERSION}-setup.exe"));
    assert!(
        setup.is_file(),
        "no installer at {}: make it with `packaging/windows/build.sh` after the Windows build \
         (README, \"Run the tests\")",
        setup.display()
    );
    setup
}

/// `Z:\…`: how a Windows program under Wine names an absolute Linux path.
pub fn windows_path(path: &Path) -> String {
    assert!(path.is_absolute(), "{} is not absolute", path.display());
    format!("Z:{}", path.display()).replace('/', "\\")
}

/// A Wine prefix on its own X server.
pub struct Wine {
    prefix: tempfile::TempDir,
    x: XServer,
    loader: PathBuf,
    server: PathBuf,
    credtool: PathBuf,
}

static SHARED: Mutex<Option<Arc<Wine>>> = Mutex::new(None);

/// Drops this run's prefix when the test binary exits (statics are never dropped).
extern "C" fn shut_down_at_exit() {
    let wine = SHARED.lock().unwrap_or_else(PoisonError::into_inner).take();
    drop(wine);
}

/// The first of `names` on the `PATH`, else `fallback` if it exists (Debian's `wine64`
/// package puts `wine64` and `wineserver` in `/usr/lib/wine`, off the `PATH`).
fn find_tool(names: &[&str], fallback: &str) -> Option<PathBuf> {
    names
        .iter()
        .find(|name| have(name))
        .map(PathBuf::from)
        .or_else(|| {
            Path::new(fallback)
                .is_file()
                .then(|| PathBuf::from(fallback))
        })
}

/// Compiles one of this folder's C files with mingw-w64.
fn mingw(source: &str, out: &Path, flags: &[&str]) {
    let source = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/windows")
        .join(source);
    let output = run_with_limit(
        Command::new("x86_64-w64-mingw32-gcc")
            .args(flags)
            .arg("-O2")
            .arg("-o")
            .arg(out)
            .arg(&source)
            .arg("-ladvapi32"),
        PATIENCE,
    );
    assert!(
        output.status.success(),
        "x86_64-w64-mingw32-gcc could not compile {}: {}",
        source.display(),
        String::from_utf8_lossy(&output.stderr)
    );
}

/// Waits (bounded) for `child` to end; kills it after `limit`. Answers whether it ended.
fn reap(mut child: Child, limit: Duration) -> bool {
    let until = Instant::now() + limit;
    loop {
        match child.try_wait() {
            Ok(Some(_)) => return true,
            Ok(None) if Instant::now() < until => std::thread::sleep(Duration::from_millis(50)),
            _ => {
                child.kill().ok();
                child.wait().ok();
                return false;
            }
        }
    }
}

impl Wine {
    /// This run's prefix, made on first use.
    pub fn shared() -> Arc<Wine> {
        let mut slot = SHARED.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(wine) = &*slot {
            return wine.clone();
        }
        let wine = Arc::new(Wine::start());
        // SAFETY: `atexit` takes a plain function; it runs once, after every test has ended.
        unsafe {
            libc::atexit(shut_down_at_exit);
        }
        *slot = Some(wine.clone());
        wine
    }

    fn start() -> Wine {
        let loader = find_tool(&["wine64", "wine"], "/usr/lib/wine/wine64")
            .expect("Wine is missing: apt-get install wine64 (README, \"Run the tests\")");
        let server = find_tool(&["wineserver"], "/usr/lib/wine/wineserver")
            .expect("wineserver is missing: apt-get install wine64 (README, \"Run the tests\")");
        assert!(
            have("x86_64-w64-mingw32-gcc"),
            "mingw-w64 is missing: apt-get install gcc-mingw-w64-x86-64 (README, \"Run the tests\")"
        );
        assert!(
            XServer::available(),
            "Xvfb is missing: apt-get install xvfb (README, \"Run the tests\")"
        );
        let x = XServer::start();
        let prefix = tempfile::Builder::new()
            .prefix("logodesk-wine-")
            .tempdir()
            .expect("a temporary folder for the Wine prefix");
        std::fs::create_dir(prefix.path().join("home")).expect("the prefix's HOME");
        let tools = prefix.path().join("tools");
        std::fs::create_dir(&tools).expect("the prefix's tools folder");
        let wine = Wine {
            credtool: tools.join("credtool.exe"),
            prefix,
            x,
            loader,
            server,
        };
        let started = Instant::now();
        let boot = run_with_limit(wine.command("wineboot").arg("-i"), PATIENCE);
        assert!(
            boot.status.success(),
            "wineboot -i failed ({}): {}",
            boot.status,
            String::from_utf8_lossy(&boot.stderr)
        );
        let system32 = wine.prefix.path().join("drive_c/windows/system32");
        assert!(system32.is_dir(), "wineboot made no system32");
        mingw(
            "processprng.c",
            &system32.join("bcryptprimitives.dll"),
            &["-shared"],
        );
        mingw("credtool.c", &wine.credtool, &["-municode"]);
        eprintln!(
            "wine prefix {} on {} ready in {:.1} s",
            wine.prefix.path().display(),
            wine.x.display(),
            started.elapsed().as_secs_f64()
        );
        wine
    }

    /// `wine <program>` in this prefix, on its X server, without the caller's renderer choice
    /// or data folder.
    pub fn command(&self, program: impl AsRef<OsStr>) -> Command {
        let mut command = Command::new(&self.loader);
        command
            .arg(program)
            .env("WINEPREFIX", self.prefix.path())
            .env("WINEDEBUG", "-all")
            // No Mono or Gecko install prompts, no menu entries in the Linux desktop.
            .env("WINEDLLOVERRIDES", "mscoree,mshtml=;winemenubuilder.exe=d")
            .env("HOME", self.prefix.path().join("home"))
            .env("DISPLAY", self.x.display())
            .env("RUST_LOG", "warn")
            .env_remove("WAYLAND_DISPLAY")
            .env_remove("WGPU_BACKEND")
            .env_remove("LOGODESK_DATA_DIR");
        command
    }

    /// Runs `wine <program> <args>` to its end (bounded by `PATIENCE`).
    pub fn run(&self, program: impl AsRef<OsStr>, args: &[&str]) -> Output {
        run_with_limit(self.command(program).args(args), PATIENCE)
    }

    /// Like [`Wine::run`], and the run must succeed; answers its stdout.
    pub fn run_ok(&self, program: impl AsRef<OsStr>, args: &[&str]) -> String {
        let program = program.as_ref().to_owned();
        let out = self.run(&program, args);
        assert!(
            out.status.success(),
            "`wine {} {}` failed ({}):\nstdout: {}\nstderr: {}",
            program.to_string_lossy(),
            args.join(" "),
            out.status,
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    /// The prefix's `C:\users\<name>`.
    pub fn user_dir(&self) -> PathBuf {
        let users = self.prefix.path().join("drive_c/users");
        std::fs::read_dir(&users)
            .unwrap_or_else(|e| panic!("{}: {e}", users.display()))
            .filter_map(Result::ok)
            .map(|entry| entry.path())
            .find(|path| path.is_dir() && path.file_name() != Some(OsStr::new("Public")))
            .expect("wineboot made the user's folder")
    }

    /// `%LOCALAPPDATA%` as a Linux path.
    pub fn local_app_data(&self) -> PathBuf {
        self.user_dir().join("AppData/Local")
    }

    /// The Start menu's `Programs` folder (per user) as a Linux path.
    pub fn start_menu_programs(&self) -> PathBuf {
        self.user_dir()
            .join("AppData/Roaming/Microsoft/Windows/Start Menu/Programs")
    }

    /// `credtool.exe` (see `credtool.c`).
    pub fn credtool(&self) -> &Path {
        &self.credtool
    }
}

impl Drop for Wine {
    fn drop(&mut self) {
        for flag in ["-k", "-w"] {
            let child = Command::new(&self.server)
                .arg(flag)
                .env("WINEPREFIX", self.prefix.path())
                .stdin(Stdio::null())
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .spawn();
            if let Ok(child) = child {
                reap(child, Duration::from_secs(60));
            }
        }
    }
}
