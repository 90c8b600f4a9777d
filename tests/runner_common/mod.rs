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

use logodesk::api::{Client, ClientConfig, DeliveryAddress, LogoId, LogoLine, PlaceOrder};
use logodesk::sandbox::SandboxConfig;
use logodesk::sandbox::records::OrderRec;
use logodesk::sandbox::state::SandboxState;
use logodesk::store::{AccountId, LocalOrder, OrderState, Store};

pub const BIN: &str = env!("CARGO_BIN_EXE_logodesk");

/// Queues `n` orders (references `{prefix}-{i}`) for the built-in Sandbox account of the data
/// folder `dir`, exactly as the composer's "Place order" does: a draft with its key, then its
/// exact body bytes queued in one transaction.
pub fn queue_orders(dir: &Path, prefix: &str, n: usize) -> AccountId {
    let mut store = Store::open(&dir.join("logodesk.sqlite")).unwrap();
    let account = store.ensure_sandbox_account().unwrap().id;
    for i in 0..n {
        queue(
            &mut store,
            account,
            &done_logo_order(&format!("{prefix}-{i}")),
        );
    }
    account
}

/// A minimal valid order: five of the sandbox's done logo to Nordby IF, with `reference`.
pub fn done_logo_order(reference: &str) -> PlaceOrder {
    let fx = logodesk::sandbox::fixtures();
    let address = DeliveryAddress::new("Nordby IF", "Stadionvej 1", "6700", "Esbjerg", "DK");
    PlaceOrder::new(reference, address).with_logo(LogoLine::quantity(LogoId(fx.done_logo_id), 5))
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
        let mut command = Command::new(BIN);
        command
            .args(args)
            .arg("--data-dir")
            .arg(dir)
            .env("RUST_LOG", "warn")
            .env_remove("LOGODESK_DATA_DIR")
            .env_remove("DISPLAY")
            .env_remove("WAYLAND_DISPLAY");
        Runner::spawn(command)
    }

    /// Any logodesk `command` (e.g. the Windows build under Wine), its output read the same way.
    pub fn spawn(mut command: Command) -> Runner {
        let mut child = command
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

    /// Lets a `send-queued` run go on to a random point, where a crash comes: a third of the
    /// time a random moment from its start (opening the databases, starting the sandbox) up
    /// to its first `sent` line; else once it has printed 1–3 `sent` lines, a random moment
    /// more. Answers how many `sent` lines it printed; panics when it sends nothing within
    /// `patience`.
    pub fn go_to_a_random_point(&self, rng: &mut impl rand::Rng, patience: Duration) -> usize {
        let mut printed = 0;
        if rng.random_bool(1.0 / 3.0) {
            let until = Instant::now() + Duration::from_millis(rng.random_range(0..1_500));
            while let Some(line) = self.next_line(until.saturating_duration_since(Instant::now())) {
                if line.starts_with("sent ") {
                    printed += 1;
                    break;
                }
            }
        } else {
            let wanted = rng.random_range(1..=3);
            let limit = Instant::now() + patience;
            while printed < wanted {
                let left = limit.saturating_duration_since(Instant::now());
                match self.next_line(left) {
                    Some(line) if line.starts_with("sent ") => printed += 1,
                    Some(_) => {}
                    None => panic!("the run sent nothing within {patience:?}"),
                }
            }
            std::thread::sleep(Duration::from_micros(rng.random_range(0..2_000)));
        }
        printed
    }

    /// [`Runner::finish`] of a `send-queued --exit-when-sent` run, which must exit 0 with
    /// "all queued orders are sent" last; answers its stdout lines.
    pub fn finish_all_sent(self, limit: Duration) -> Vec<String> {
        let (status, lines, stderr) = self.finish(limit);
        assert!(
            status.success(),
            "send-queued failed ({status:?}): {lines:?}\n{stderr}"
        );
        assert_eq!(
            lines.last().map(String::as_str),
            Some("all queued orders are sent"),
            "{lines:?}\n{stderr}"
        );
        lines
    }

    /// SIGTERM, as a service manager stops it; then [`Runner::finish`].
    pub fn terminate(self, limit: Duration) -> (ExitStatus, Vec<String>, String) {
        sigterm(&self.child);
        self.finish(limit)
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

/// Sends SIGTERM to `child` (Unix: `kill -TERM`), as a service manager stops a process.
pub fn sigterm(child: &Child) {
    let pid = child.id().to_string();
    let sent = Command::new("kill").args(["-TERM", &pid]).status().unwrap();
    assert!(sent.success(), "kill -TERM {pid}");
}

/// A `logodesk sandbox` process (the service on its own, as the real one runs); killed on
/// drop if a test fails before stopping it.
pub struct SandboxProcess {
    child: Child,
    /// `http://127.0.0.1:PORT/`, the port it printed.
    pub base: String,
}

impl SandboxProcess {
    /// `logodesk sandbox ARGS`; waits (bounded) for its `listening on` line.
    pub fn start(args: &[&str]) -> SandboxProcess {
        let mut child = Command::new(BIN)
            .arg("sandbox")
            .args(args)
            .env("RUST_LOG", "error")
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("logodesk starts");
        let stdout = child.stdout.take().unwrap();
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            let mut lines = BufReader::new(stdout).lines();
            if let Some(Ok(line)) = lines.next() {
                tx.send(line).ok();
            }
            // Keep draining so the process never blocks on a full pipe.
            for _ in lines {}
        });
        let line = match rx.recv_timeout(Duration::from_secs(30)) {
            Ok(line) => line,
            Err(_) => {
                child.kill().ok();
                panic!("no `listening on` line within 30 s");
            }
        };
        let url = line
            .strip_prefix("listening on http://127.0.0.1:")
            .unwrap_or_else(|| panic!("unexpected first line: {line:?}"));
        let port: u16 = url.trim().parse().expect("a port number");
        assert_ne!(port, 0, "the real port is printed");
        SandboxProcess {
            child,
            base: format!("http://127.0.0.1:{port}/"),
        }
    }

    /// A client of the sandbox's vendor.
    pub fn client(&self) -> Client {
        let key = logodesk::sandbox::fixtures().vendor_api_key;
        Client::new(
            ClientConfig::parse(&self.base, key.as_str())
                .unwrap()
                .with_poll_interval(Duration::from_millis(50)),
        )
        .unwrap()
    }

    /// Sends SIGTERM and waits (at most `limit`) for the exit code.
    pub fn terminate(mut self, limit: Duration) -> i32 {
        sigterm(&self.child);
        let started = Instant::now();
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                return status
                    .code()
                    .unwrap_or_else(|| panic!("ended by a signal: {status:?}"));
            }
            assert!(
                started.elapsed() < limit,
                "the sandbox did not stop within {limit:?} of SIGTERM"
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

impl Drop for SandboxProcess {
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            self.child.kill().ok();
            self.child.wait().ok();
        }
    }
}

/// The local rows of `account` after the queue was sent: `n` of them, none still queued, each
/// with a tracking id of its own.
pub fn sent_rows(dir: &Path, account: AccountId, n: usize) -> Vec<LocalOrder> {
    let rows = Store::open(&dir.join("logodesk.sqlite"))
        .unwrap()
        .local_orders(account, false)
        .unwrap();
    assert_eq!(rows.len(), n);
    let mut tracking = BTreeSet::new();
    for r in &rows {
        assert_ne!(r.state, OrderState::Queued, "{r:?}");
        let id = r
            .tracking_id
            .unwrap_or_else(|| panic!("no tracking id: {r:?}"));
        assert!(tracking.insert(id.0), "tracking id {id} on two rows");
    }
    rows
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

    /// The order each row's key created is the one the row recorded, with its reference.
    pub fn assert_rows_recorded(&self, rows: &[LocalOrder]) {
        for r in rows {
            let key = r.key.as_ref().expect("a key");
            let on_server = self
                .keys
                .get(key.as_str())
                .unwrap_or_else(|| panic!("the server has no order for the key of {r:?}"));
            assert_eq!(
                Some(*on_server),
                r.tracking_id.map(|t| t.0),
                "the row recorded another order than its key created"
            );
            assert_eq!(
                self.orders[on_server].request.reference, r.reference,
                "the key's order is this row's"
            );
        }
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

/// Stops a test that cannot run on this machine with what it needs. Such tests are
/// `#[ignore = "…"]`d (so `cargo test` says so instead of passing with nothing checked) and CI
/// runs them (`cargo test -- --include-ignored`); one run by hand where `what` is missing
/// fails with this sentence.
#[track_caller]
pub fn need(there: bool, what: &str) {
    assert!(there, "this test needs {what}");
}

/// A private X server (`Xvfb`) for one test, killed and reaped when dropped.
///
/// Started with `-displayfd`: the server picks a free display number itself (no race between
/// two tests choosing the same one, no stale lock file to guess around) and writes it only
/// once it accepts connections. Before anything runs on it, a client connection to its socket
/// is made, so a test never starts its program against a server that is not there yet,
/// however busy the machine is. `xvfb-run` waited on a signal instead and, under load, now and
/// then handed over a display nobody could connect to.
pub struct XServer {
    child: Child,
    display: u32,
    log: std::sync::Arc<std::sync::Mutex<String>>,
}

impl XServer {
    /// How long a busy machine may take to start Xvfb: generous, and never waited out on an
    /// idle one (the server says when it is ready).
    const READY_WITHIN: Duration = Duration::from_secs(120);

    /// Whether `Xvfb` can be started here.
    pub fn available() -> bool {
        cfg!(unix) && have("Xvfb")
    }

    /// Starts a 1280 × 800 × 24 server and waits (bounded) until it takes connections.
    pub fn start() -> XServer {
        let mut child = Command::new("Xvfb")
            .args(["-displayfd", "1", "-screen", "0", "1280x800x24"])
            .args(["-nolisten", "tcp", "-noreset"])
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("Xvfb starts (apt-get install xvfb)");
        let log = std::sync::Arc::new(std::sync::Mutex::new(String::new()));
        let mut err = child.stderr.take().expect("Xvfb's stderr is piped");
        let kept = log.clone();
        std::thread::spawn(move || {
            let mut buf = [0u8; 4096];
            while let Ok(n) = err.read(&mut buf) {
                if n == 0 {
                    break;
                }
                let mut log = kept.lock().unwrap_or_else(|p| p.into_inner());
                log.push_str(&String::from_utf8_lossy(&buf[..n]));
            }
        });
        let out = child.stdout.take().expect("Xvfb's stdout is piped");
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            let mut line = String::new();
            let read = BufReader::new(out).read_line(&mut line);
            tx.send(read.map(|_| line)).ok();
        });
        let said = rx.recv_timeout(Self::READY_WITHIN);
        let display = said
            .ok()
            .and_then(Result::ok)
            .and_then(|line| line.trim().parse::<u32>().ok());
        let mut server = XServer {
            child,
            display: display.unwrap_or(u32::MAX),
            log,
        };
        let Some(display) = display else {
            server.child.kill().ok();
            server.child.wait().ok();
            panic!(
                "Xvfb named no display within {:?}: {}",
                Self::READY_WITHIN,
                server.log()
            );
        };
        server.wait_until_it_answers(display);
        server
    }

    /// Connects to the server's socket until it accepts (bounded): `-displayfd` already
    /// means ready; this makes sure of it before a test's program is started.
    fn wait_until_it_answers(&mut self, display: u32) {
        let socket = format!("/tmp/.X11-unix/X{display}");
        let until = Instant::now() + Self::READY_WITHIN;
        loop {
            // An X server is a Unix program ([`Self::available`] says none elsewhere).
            #[cfg(unix)]
            if std::os::unix::net::UnixStream::connect(&socket).is_ok() {
                return;
            }
            if let Ok(Some(status)) = self.child.try_wait() {
                panic!("Xvfb :{display} exited ({status}): {}", self.log());
            }
            assert!(
                Instant::now() < until,
                "Xvfb :{display} took no connection on {socket} within {:?}: {}",
                Self::READY_WITHIN,
                self.log()
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// `DISPLAY` for its clients, e.g. `:3`.
    pub fn display(&self) -> String {
        format!(":{}", self.display)
    }

    /// `program` set to draw on this server (and not on a Wayland compositor there may be).
    pub fn command(&self, program: impl AsRef<std::ffi::OsStr>) -> Command {
        let mut command = Command::new(program);
        command
            .env("DISPLAY", self.display())
            .env_remove("WAYLAND_DISPLAY");
        command
    }

    /// What the server printed so far (for a failure's message).
    pub fn log(&self) -> String {
        self.log.lock().unwrap_or_else(|p| p.into_inner()).clone()
    }
}

impl Drop for XServer {
    fn drop(&mut self) {
        self.child.kill().ok();
        self.child.wait().ok();
    }
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

/// Runs `cmd` (killed after `limit`) and answers its stdout; panics with `what`, the status and
/// both outputs when it fails.
pub fn run_ok(cmd: &mut Command, limit: Duration, what: &str) -> String {
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

/// `bin --screenshot png --screen screen` on the sandbox account on a private X server, and checks
/// the picture is the whole window and not blank.
pub fn screenshot(bin: &Path, data: &Path, runtime: &Path, screen: &str, png: &Path) {
    screenshot_with(bin, data, runtime, screen, png, &[]);
}

/// An owner-only folder `run` in `parent`, for `XDG_RUNTIME_DIR`.
pub fn runtime_dir(parent: &Path) -> std::path::PathBuf {
    let runtime = parent.join("run");
    std::fs::create_dir_all(&runtime).unwrap();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt as _;
        std::fs::set_permissions(&runtime, std::fs::Permissions::from_mode(0o700)).unwrap();
    }
    runtime
}

/// [`screenshot`] with more environment variables; answers what the app wrote on stderr.
pub fn screenshot_with(
    bin: &Path,
    data: &Path,
    runtime: &Path,
    screen: &str,
    png: &Path,
    env: &[(&str, &str)],
) -> String {
    let x = XServer::start();
    let mut command = x.command(bin);
    command
        .arg("--screenshot")
        .arg(png)
        .args(["--screen", screen, "--account", "sandbox", "--data-dir"])
        .arg(data)
        .env("XDG_RUNTIME_DIR", runtime)
        .env("RUST_LOG", "warn")
        .envs(env.iter().copied());
    let out = run_with_limit(&mut command, Duration::from_secs(240));
    assert!(
        out.status.success(),
        "`logodesk --screenshot` failed: {}\nstdout: {}\nstderr: {}\nXvfb {}: {}",
        out.status,
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr),
        x.display(),
        x.log()
    );
    assert!(String::from_utf8_lossy(&out.stdout).contains("saved"));
    check_screenshot(png);
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// The screenshot at `png` is the whole window and not blank.
pub fn check_screenshot(png: &Path) {
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
