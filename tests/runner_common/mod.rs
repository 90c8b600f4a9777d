//! Helpers of the tests that run the real `logodesk` binary on a data folder: orders queued
//! the way "Place order" queues them, `logodesk send-queued` as a child process with its
//! output read line by line, and the server's orders counted afterwards from
//! `sandbox.sqlite`.

#![allow(dead_code)]

use std::collections::{BTreeMap, BTreeSet};
use std::io::{BufRead as _, BufReader, Read as _};
use std::path::Path;
use std::process::{Child, Command, ExitStatus, Output, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use logodesk::api::{DeliveryAddress, LogoId, LogoLine, PlaceOrder};
use logodesk::sandbox::SandboxConfig;
use logodesk::sandbox::state::{OrderRec, SandboxState};
use logodesk::store::{AccountId, Store};

pub const BIN: &str = env!("CARGO_BIN_EXE_logodesk");

/// Queues `n` orders (references `{prefix}-{i}`) for the built-in Sandbox account of the data
/// folder `dir`, exactly as the composer's "Place order" does: a draft with its key, then its
/// exact body bytes queued in one transaction.
pub fn queue_orders(dir: &Path, prefix: &str, n: usize) -> AccountId {
    let fx = logodesk::sandbox::fixtures();
    let mut store = Store::open(&dir.join("logodesk.sqlite")).unwrap();
    let account = store.ensure_sandbox_account().unwrap().id;
    let address = DeliveryAddress::new("Nordby IF", "Stadionvej 1", "6700", "Esbjerg", "DK");
    for i in 0..n {
        let order = PlaceOrder::new(format!("{prefix}-{i}"), address.clone())
            .with_logo(LogoLine::quantity(LogoId(fx.done_logo_id), 5));
        queue(&mut store, account, &order);
    }
    account
}

/// Queues `order` for `account` as "Place order" does: a draft with its key, then its exact
/// body bytes in one transaction.
pub fn queue(store: &mut Store, account: AccountId, order: &PlaceOrder) {
    let body = serde_json::to_vec(order).unwrap();
    let draft = store
        .create_draft(account, "{}", &order.reference, "Nordby IF")
        .unwrap();
    assert!(
        store
            .queue_draft(draft.id, "{}", &order.reference, "Nordby IF", &body)
            .unwrap()
    );
}

/// How many orders of `account` are still queued in the data folder's database.
pub fn queued(dir: &Path, account: AccountId) -> usize {
    Store::open(&dir.join("logodesk.sqlite"))
        .unwrap()
        .outbox(account)
        .unwrap()
        .len()
}

/// A `logodesk` child process with its stdout lines on a channel.
pub struct Runner {
    pub child: Child,
    pub lines: mpsc::Receiver<String>,
    stderr: Option<std::thread::JoinHandle<String>>,
}

impl Runner {
    /// `logodesk <args>` on the data folder `dir`, without a display.
    pub fn start(dir: &Path, args: &[&str]) -> Runner {
        let mut child = Command::new(BIN)
            .args(args)
            .arg("--data-dir")
            .arg(dir)
            .env("RUST_LOG", "warn")
            .env_remove("LOGODESK_DATA_DIR")
            .env_remove("DISPLAY")
            .env_remove("WAYLAND_DISPLAY")
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("logodesk starts");
        let stdout = child.stdout.take().unwrap();
        let (tx, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let mut err = child.stderr.take().unwrap();
        let stderr = std::thread::spawn(move || {
            let mut text = String::new();
            err.read_to_string(&mut text).ok();
            text
        });
        Runner {
            child,
            lines,
            stderr: Some(stderr),
        }
    }

    /// `logodesk send-queued` on `dir`.
    pub fn send_queued(dir: &Path, exit_when_sent: bool) -> Runner {
        let mut args = vec!["send-queued"];
        if exit_when_sent {
            args.push("--exit-when-sent");
        }
        Runner::start(dir, &args)
    }

    /// The next line within `limit`, or `None` at the end of the output or on time-out.
    pub fn next_line(&self, limit: Duration) -> Option<String> {
        self.lines.recv_timeout(limit).ok()
    }

    /// Reads lines until one satisfies `done`; panics after `limit` or at the end of output.
    pub fn wait_for_line(&mut self, limit: Duration, done: impl Fn(&str) -> bool) -> String {
        let until = Instant::now() + limit;
        loop {
            let left = until.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) if done(&line) => return line,
                Ok(_) => {}
                Err(_) => {
                    self.child.kill().ok();
                    let status = self.child.wait().ok();
                    panic!(
                        "no such line within {limit:?} (exit {status:?}); stderr: {}",
                        self.take_stderr()
                    );
                }
            }
        }
    }

    /// Waits (bounded) for the exit; answers the status, every remaining stdout line and stderr.
    pub fn finish(mut self, limit: Duration) -> (ExitStatus, Vec<String>, String) {
        let until = Instant::now() + limit;
        let status = loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                break status;
            }
            if Instant::now() > until {
                self.child.kill().ok();
                self.child.wait().ok();
                panic!(
                    "logodesk did not exit within {limit:?}; stderr: {}",
                    self.take_stderr()
                );
            }
            std::thread::sleep(Duration::from_millis(20));
        };
        let lines = self.lines.iter().collect();
        let stderr = self.take_stderr();
        (status, lines, stderr)
    }

    /// SIGKILL, as `kill -9` does; waits for the process to be gone.
    pub fn kill9(mut self) -> ExitStatus {
        self.child.kill().unwrap();
        self.child.wait().unwrap()
    }

    fn take_stderr(&mut self) -> String {
        self.stderr
            .take()
            .and_then(|h| h.join().ok())
            .unwrap_or_default()
    }
}

impl Drop for Runner {
    fn drop(&mut self) {
        // A failing test never leaves a process behind.
        self.child.kill().ok();
        self.child.wait().ok();
    }
}

/// The orders the server holds whose reference starts with `prefix`, read from the data
/// folder's `sandbox.sqlite` (the embedded sandbox is not running then), with the
/// idempotency key each was created under.
pub fn server_orders(dir: &Path, prefix: &str) -> ServerOrders {
    let state = SandboxState::new(&SandboxConfig {
        data: Some(dir.join("sandbox.sqlite")),
        ..SandboxConfig::fast()
    })
    .expect("the sandbox's state loads");
    let db = state.lock();
    let orders: BTreeMap<i64, OrderRec> = db
        .orders
        .iter()
        .filter(|(_, o)| o.request.reference.starts_with(prefix))
        .map(|(id, o)| (*id, o.clone()))
        .collect();
    let keys = db
        .idempotency
        .iter()
        .filter(|(_, rec)| orders.contains_key(&rec.order_id))
        .map(|((_, key), rec)| (key.clone(), rec.order_id))
        .collect();
    ServerOrders { orders, keys }
}

/// What the server holds.
pub struct ServerOrders {
    /// By tracking id.
    pub orders: BTreeMap<i64, OrderRec>,
    /// Idempotency key → tracking id of the order it created.
    pub keys: BTreeMap<String, i64>,
}

impl ServerOrders {
    /// Exactly `n` orders, no two with the same reference (each test order has its own).
    pub fn assert_each_once(&self, n: usize) {
        let references: BTreeSet<&str> = self
            .orders
            .values()
            .map(|o| o.request.reference.as_str())
            .collect();
        assert_eq!(
            self.orders.len(),
            n,
            "orders on the server (duplicates or losses)"
        );
        assert_eq!(references.len(), n, "an order was placed twice");
    }
}

/// `PRAGMA integrity_check` of a SQLite file.
pub fn integrity(path: &Path) -> String {
    let conn = rusqlite::Connection::open(path).unwrap();
    conn.query_row("PRAGMA integrity_check", [], |r| r.get::<_, String>(0))
        .unwrap()
}

/// Whether `tool` is on the `PATH`.
pub fn have(tool: &str) -> bool {
    Command::new("sh")
        .args(["-c", &format!("command -v {tool}")])
        .output()
        .is_ok_and(|o| o.status.success())
}

/// Whether the tests run in CI (`CI` set, as `.ci/run` does, and not `false` or `0`).
pub fn in_ci() -> bool {
    std::env::var("CI").is_ok_and(|v| !matches!(v.trim(), "" | "0" | "false"))
}

/// A test that cannot run here: fails in CI, which must be able to run every test; elsewhere
/// prints `SKIPPED: <test>: <why>` on the process's stderr, so that `cargo test` shows it even
/// though the test passes (the harness keeps a passing test's `eprintln!` to itself).
pub fn skip_or_fail(test: &str, why: &str) {
    assert!(!in_ci(), "{test} cannot run in CI: {why}");
    use std::io::Write as _;
    let _ = writeln!(std::io::stderr().lock(), "SKIPPED: {test}: {why}");
}

/// Held by every test that starts an X server (`xvfb-run`) for its whole run. Two Xvfb servers
/// started side by side in one test binary have, now and then, lost their clients ("Failed
/// to open connection to X server" halfway through a test); one at a time they do not.
pub fn one_x_server_at_a_time() -> std::sync::MutexGuard<'static, ()> {
    static X_SERVER: std::sync::Mutex<()> = std::sync::Mutex::new(());
    X_SERVER
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// `xvfb-run` with a display number of its own: `-a` alone lets two runs started at the same
/// moment (tests run in parallel) pick the same free number, and one of them then cannot
/// open its X display. `-a` still moves on from the number given if it is taken.
pub fn xvfb_run() -> Command {
    static NEXT: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
    let n = 100
        + (std::process::id() % 500) * 20
        + NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed) % 20;
    let mut command = Command::new("xvfb-run");
    command.args(["-a", "-n", &n.to_string(), "-s", "-screen 0 1280x800x24"]);
    command
}

/// Runs `cmd`, killing it after `limit`.
pub fn run_with_limit(cmd: &mut Command, limit: Duration) -> Output {
    let mut child = cmd
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
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

/// `bin --screenshot png --screen screen` on the sandbox account under `xvfb-run`, and checks
/// the picture is the whole window and not blank.
pub fn screenshot(bin: &Path, data: &Path, runtime: &Path, screen: &str, png: &Path) {
    let out = run_with_limit(
        xvfb_run()
            .arg(bin)
            .arg("--screenshot")
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
