//! Issue 29's check with real processes: two desks of a team on one PostgreSQL and a sandbox
//! whose requests fail after being applied. Each desk is a data folder and a HOME of its own,
//! with its own session bus and unlocked gnome-keyring (the Secret Service its keys live in),
//! set up with the real command line: `account add` on both (the second attaches its key to
//! the team's account), `queue-order` on both. Then `logodesk send-queued` runs on desk B the
//! whole time while desk A's is started and killed with SIGKILL again and again, and a last
//! run of A finishes the queue. Every queued key must have created exactly one order on the
//! sandbox (read back from its data file), and every row in the team database must be sent
//! with the tracking id the sandbox has for its key.
//!
//! A killed desk holds the row it claimed until its lease ends (60 s, `outbox::LEASE`) or
//! until that desk starts again, whichever comes first: a desk's next run takes its own claims
//! back at once, under a new token (a data folder is one process, so a claim of this desk that
//! it did not make in this run is a dead run's). Each kill is followed by the next run of A, so
//! the rows a killed run held are sent again by A itself, or by B once their lease ends.
//!
//! Desks with keys of two organizations (issue 38): desk A with the child organization's key
//! and desk B with the vendor's. Then A queues orders of the child's own logo, half of them
//! naming the child's organization (`organizationId`: both keys place them there) and half
//! naming none (placed in the organization of whichever key sends first: a row whose send may
//! have reached the service is sent again only with that key), and B the vendor's logo with
//! none. An order placed in an organization that may not order its logo ends `failed` at the
//! service — once, like every other.
//!
//! `cargo test --test processes team_kill9:: -- --nocapture` prints the figures.

use crate::common::PATIENCE;
use crate::pg_cluster;
use crate::runner_common::{self, BIN, Runner, SandboxProcess, run_with_limit};

use rand::Rng as _;
use std::collections::{BTreeMap, BTreeSet};
use std::io::{BufRead as _, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

use logodesk::api::{LogoId, LogoLine, OrderStatus, OrganizationId, PlaceOrder};
use logodesk::backend::orders::outbox::LEASE;

/// Orders queued from each desk.
const PER_DESK: usize = 40;
/// SIGKILLs of desk A while both send (at least 10).
const KILLS: usize = 12;
/// The account both desks send from.
pub(crate) const ACCOUNT: &str = "Club shop";
/// How long one command (account add, queue-order) may take.
const COMMAND_LIMIT: Duration = Duration::from_secs(60);

/// A session bus with an unlocked gnome-keyring on it, for one HOME: as a desktop login
/// gives one. `dbus-run-session` runs a script that unlocks the keyring (an empty password;
/// the keyring file is made in HOME on first use and kept there), waits until the Secret
/// Service answers, prints the bus's address and then waits on its standard input: closing
/// it (on drop, or when the test process dies) ends the session, its bus and its keyring.
pub(crate) struct KeyringSession {
    child: Child,
    address: String,
}

/// The session's script (`sh`).
const SESSION: &str = r#"
echo | gnome-keyring-daemon --unlock --components=secrets >/dev/null || exit 1
i=0
until dbus-send --session --print-reply --dest=org.freedesktop.DBus /org/freedesktop/DBus \
    org.freedesktop.DBus.NameHasOwner string:org.freedesktop.secrets 2>/dev/null | grep -q true; do
  i=$((i + 1))
  [ "$i" -gt 600 ] && { echo "the Secret Service did not start within 30 s" >&2; exit 1; }
  sleep 0.05
done
echo "$DBUS_SESSION_BUS_ADDRESS"
exec cat >/dev/null
"#;

impl KeyringSession {
    fn start(home: &Path, runtime: &Path) -> KeyringSession {
        let log = home.join("session.log");
        let mut child = Command::new("dbus-run-session")
            .args(["--", "sh", "-c", SESSION])
            .env("HOME", home)
            .env("XDG_RUNTIME_DIR", runtime)
            .env_remove("DBUS_SESSION_BUS_ADDRESS")
            .env_remove("XDG_DATA_HOME")
            .env_remove("XDG_CONFIG_HOME")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(std::fs::File::create(&log).unwrap())
            .spawn()
            .expect("dbus-run-session starts (apt-get install dbus-daemon gnome-keyring)");
        let stdout = child.stdout.take().unwrap();
        let (tx, rx) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let mut line = String::new();
            BufReader::new(stdout).read_line(&mut line).ok();
            tx.send(line).ok();
        });
        let address = rx
            .recv_timeout(Duration::from_secs(60))
            .unwrap_or_default()
            .trim()
            .to_owned();
        if address.is_empty() {
            child.kill().ok();
            child.wait().ok();
            panic!(
                "no session bus with gnome-keyring: {}",
                std::fs::read_to_string(&log).unwrap_or_default()
            );
        }
        KeyringSession { child, address }
    }
}

impl Drop for KeyringSession {
    fn drop(&mut self) {
        drop(self.child.stdin.take());
        let until = Instant::now() + Duration::from_secs(5);
        while Instant::now() < until {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        self.child.kill().ok();
        self.child.wait().ok();
    }
}

/// A desk of the team: its data folder, its HOME with its keyring session, its name (the
/// computer's user, which names the desk on the team: `USER`).
pub(crate) struct Desk {
    pub(crate) name: &'static str,
    pub(crate) home: PathBuf,
    pub(crate) data: PathBuf,
    team: String,
    session: KeyringSession,
}

impl Desk {
    pub(crate) fn new(root: &Path, name: &'static str, team: &str) -> Desk {
        let home = root.join(name).join("home");
        std::fs::create_dir_all(&home).unwrap();
        let session = KeyringSession::start(&home, &runner_common::runtime_dir(&home));
        Desk {
            name,
            data: root.join(name).join("data"),
            home,
            team: team.to_owned(),
            session,
        }
    }

    /// `logodesk ARGS --data-dir DATA --team-database TEAM` in this desk's session.
    fn command(&self, args: &[&str]) -> Command {
        self.command_on(&self.data, Some(&self.team), args)
    }

    /// `logodesk ARGS --data-dir DATA [--team-database TEAM]` in this desk's session (its
    /// HOME and keyring) on any data folder `data`: a copy of the desk's, or before it joins.
    pub(crate) fn command_on(&self, data: &Path, team: Option<&str>, args: &[&str]) -> Command {
        let mut command = Command::new(BIN);
        command.args(args).arg("--data-dir").arg(data);
        if let Some(team) = team {
            command.args(["--team-database", team]);
        }
        command
            .env("HOME", &self.home)
            .env("XDG_RUNTIME_DIR", self.home.join("run"))
            .env("DBUS_SESSION_BUS_ADDRESS", &self.session.address)
            .env("USER", self.name)
            .env("RUST_LOG", "warn")
            .env("LANG", "en_US.UTF-8")
            .env("LC_ALL", "en_US.UTF-8")
            .env_remove("XDG_DATA_HOME")
            .env_remove("XDG_CONFIG_HOME")
            .env_remove("LOGODESK_DATA_DIR")
            .env_remove("LOGODESK_TEAM_DATABASE")
            .env_remove("DISPLAY")
            .env_remove("WAYLAND_DISPLAY")
            .stdin(Stdio::null());
        command
    }

    /// This desk's code, as `logodesk team desks` says it first.
    pub(crate) fn code(&self) -> String {
        own_code(&self.run_ok(&["team", "desks"]), self.name)
    }

    /// This desk's person confirms `other` by its code (`logodesk team trust CODE`, as
    /// Settings → Team does): this desk sends what `other` queues from now on.
    pub(crate) fn trusts(&self, other: &Desk) {
        self.run_ok(&["team", "trust", &other.code()]);
    }

    /// Runs a command to its end (bounded) and answers its output.
    pub(crate) fn run(&self, args: &[&str]) -> Output {
        run_with_limit(&mut self.command(args), COMMAND_LIMIT)
    }

    /// [`Desk::run`] that must succeed; answers its stdout.
    fn run_ok(&self, args: &[&str]) -> String {
        let out = self.run(args);
        assert!(
            out.status.success(),
            "desk {}: logodesk {args:?} failed: {}\n{}",
            self.name,
            out.status,
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    /// `logodesk send-queued --account ACCOUNT` as a child process.
    pub(crate) fn send_queued(&self, exit_when_sent: bool) -> Runner {
        let mut args = vec!["send-queued", "--account", ACCOUNT, "--poll-interval", "1"];
        if exit_when_sent {
            args.push("--exit-when-sent");
        }
        Runner::spawn(self.command(&args))
    }

    /// Queues `n` orders (references `TK9-{name}-{i}`, the `i`-th of `order(i)`) with
    /// `queue-order`; answers each one's idempotency key with its reference.
    fn queue(
        &self,
        n: usize,
        order: impl Fn(usize, &str) -> PlaceOrder,
    ) -> BTreeMap<String, String> {
        let dir = self.home.join("orders");
        std::fs::create_dir_all(&dir).unwrap();
        (0..n)
            .map(|i| {
                let reference = format!("TK9-{}-{i}", self.name);
                let file = dir.join(format!("{reference}.json"));
                let body = order(i, &reference);
                std::fs::write(&file, serde_json::to_vec(&body).unwrap()).unwrap();
                let out = self.run_ok(&["queue-order", "--account", ACCOUNT, path(&file)]);
                let line: serde_json::Value = serde_json::from_str(out.trim())
                    .unwrap_or_else(|e| panic!("one JSON line, not {out:?}: {e}"));
                let key = line["idempotencyKey"].as_str().expect("a key").to_owned();
                (key, reference)
            })
            .collect()
    }
}

/// The code `logodesk team desks` says first (this desk's own), of the desk `who`.
pub(crate) fn own_code(listed: &str, who: &str) -> String {
    let first = listed.lines().next().unwrap_or_default();
    first
        .rsplit_once(": ")
        .map(|(_, code)| code.trim().to_owned())
        .unwrap_or_else(|| panic!("{who}'s code, not {listed:?}"))
}

pub(crate) fn path(p: &Path) -> &str {
    p.to_str().expect("a UTF-8 path")
}

/// A row of the team's outbox and history.
struct TeamRow {
    key: String,
    reference: String,
    state: String,
    tracking_id: Option<i64>,
    claimed_by: String,
    placed_by: String,
    attempts: u32,
}

fn team_rows(team: &TeamDatabase) -> Vec<TeamRow> {
    let out = team
        .cluster()
        .psql(
            &team.database,
            "SELECT idempotency_key, reference, state, COALESCE(tracking_id::text, ''), \
             COALESCE(claimed_by, ''), COALESCE(placed_by, ''), attempts \
             FROM logodesk.local_orders WHERE reference LIKE 'TK9-%' ORDER BY id",
        )
        .unwrap();
    out.lines()
        .filter(|l| !l.is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split('|').collect();
            assert_eq!(f.len(), 7, "{l}");
            TeamRow {
                key: f[0].to_owned(),
                reference: f[1].to_owned(),
                state: f[2].to_owned(),
                tracking_id: f[3].parse().ok(),
                claimed_by: f[4].to_owned(),
                placed_by: f[5].to_owned(),
                attempts: f[6].parse().unwrap(),
            }
        })
        .collect()
}

/// How many of the team's orders are still queued.
fn team_queued(team: &TeamDatabase) -> usize {
    team_rows(team)
        .iter()
        .filter(|r| r.state == "queued")
        .count()
}

/// How many queued rows a run of `desk` holds (a killed one's until its lease ends).
fn held_by(team: &TeamDatabase, desk: &str) -> usize {
    team.cluster()
        .psql(
            &team.database,
            &format!(
                "SELECT count(*) FROM logodesk.local_orders WHERE state = 'queued' \
                 AND claimed_by LIKE '{desk} (%' \
                 AND CAST(lease_until AS timestamptz) > clock_timestamp()"
            ),
        )
        .unwrap()
        .parse()
        .unwrap()
}

/// The team database of a run: on the test binary's shared server, logged in as its
/// superuser; or on a server of the run's own (which it may stop and start), set up as the
/// README says with `packaging/team/roles.sql`, its tables made by `logodesk migrate-team` as
/// the owner role and every desk logged in as the desk role.
struct TeamDatabase {
    own: Option<pg_cluster::PgCluster>,
    database: String,
    /// The address every desk is given (`--team-database`).
    url: String,
}

impl TeamDatabase {
    fn shared() -> TeamDatabase {
        let database = pg_cluster::shared().create_database();
        let url = pg_cluster::shared().socket_url(&database);
        TeamDatabase {
            own: None,
            database,
            url,
        }
    }

    fn with_two_roles() -> TeamDatabase {
        let cluster = pg_cluster::PgCluster::start(&pg_cluster::PgOptions::default())
            .unwrap_or_else(|e| panic!("{e}"));
        let roles = Path::new(env!("CARGO_MANIFEST_DIR")).join("packaging/team/roles.sql");
        cluster
            .psql_file("postgres", &roles)
            .unwrap_or_else(|e| panic!("the README's roles script: {e}"));
        let as_role = |role: &str| {
            cluster
                .socket_url("logodesk")
                .replace("postgres://postgres@", &format!("postgres://{role}@"))
        };
        let migrate = run_with_limit(
            Command::new(BIN)
                .args([
                    "--team-database",
                    &as_role("logodesk_owner"),
                    "migrate-team",
                ])
                .env("RUST_LOG", "warn")
                .env("LC_ALL", "en_US.UTF-8")
                .env_remove("LOGODESK_TEAM_DATABASE")
                .stdin(Stdio::null()),
            COMMAND_LIMIT,
        );
        let said = String::from_utf8_lossy(&migrate.stderr);
        assert!(
            migrate.status.success(),
            "migrate-team as the owner: {said}"
        );
        assert!(said.contains("this version's"), "{said}");
        TeamDatabase {
            url: as_role("logodesk"),
            database: "logodesk".into(),
            own: Some(cluster),
        }
    }

    fn cluster(&self) -> &pg_cluster::PgCluster {
        self.own.as_ref().unwrap_or_else(|| pg_cluster::shared())
    }
}

/// The API keys of the two desks, and the orders each queues.
struct Keys {
    a: String,
    b: String,
    orders_a: fn(usize, &str) -> PlaceOrder,
    orders_b: fn(usize, &str) -> PlaceOrder,
}

impl Keys {
    /// Both desks with the vendor's key, ordering its Done logo.
    fn vendor() -> Keys {
        let vendor = logodesk::sandbox::fixtures().vendor_api_key;
        Keys {
            a: vendor.clone(),
            b: vendor,
            orders_a: vendor_order,
            orders_b: vendor_order,
        }
    }
}

/// The vendor's Done logo, naming no organization.
fn vendor_order(_: usize, reference: &str) -> PlaceOrder {
    runner_common::done_logo_order(reference)
}

/// The child organization's own Done logo; every other one names the child's organization.
fn child_order(i: usize, reference: &str) -> PlaceOrder {
    let fx = logodesk::sandbox::fixtures();
    let order = PlaceOrder {
        logos: vec![LogoLine::quantity(LogoId(fx.child_logo_id), 5)],
        ..runner_common::done_logo_order(reference)
    };
    if i.is_multiple_of(2) {
        order.for_organization(OrganizationId(fx.child_organization_id))
    } else {
        order
    }
}

/// A key in a file only its owner may read.
fn key_file(dir: &Path, name: &str, key: &str) -> PathBuf {
    let file = dir.join(name);
    std::fs::write(&file, format!("{key}\n")).unwrap();
    use std::os::unix::fs::PermissionsExt as _;
    std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o600)).unwrap();
    file
}

/// What a run of [`two_desks_through_kill_9`] does besides the kills.
struct Scenario {
    team: TeamDatabase,
    keys: Keys,
    /// Stop the team database (immediately, as a crash) and start it again around some kills:
    /// desk A's sender is killed while it is down and started again while it is down (it says
    /// so and exits) and once it is back; desk B's sender goes on through it.
    restart_database: bool,
}

#[test]
fn two_desks_send_one_team_outbox_through_kill_9_and_each_order_is_placed_once() {
    two_desks_through_kill_9(Scenario {
        team: TeamDatabase::shared(),
        keys: Keys::vendor(),
        restart_database: false,
    });
}

/// Issue 38 item 2: desk A with the child organization's key, desk B with the vendor's.
#[test]
fn desks_with_keys_of_two_organizations_send_through_kill_9_placing_each_once() {
    two_desks_through_kill_9(Scenario {
        team: TeamDatabase::shared(),
        keys: Keys {
            a: logodesk::sandbox::fixtures::CHILD_KEY.to_owned(),
            b: logodesk::sandbox::fixtures().vendor_api_key,
            orders_a: child_order,
            orders_b: vendor_order,
        },
        restart_database: false,
    });
}

/// The same with the README's two roles (every desk logged in as the desk role alone), and the
/// team database stopped and started again while both send.
#[test]
fn two_desks_on_the_desk_role_send_through_kill_9_and_database_restarts_placing_each_once() {
    two_desks_through_kill_9(Scenario {
        team: TeamDatabase::with_two_roles(),
        keys: Keys::vendor(),
        restart_database: true,
    });
}

fn two_desks_through_kill_9(scenario: Scenario) {
    let Scenario {
        team: database,
        keys,
        restart_database,
    } = scenario;
    let started = Instant::now();
    let root = tempfile::tempdir().unwrap();
    let mut rng = rand::rng();

    // The service, on its own: a third of the requests fail after their change was applied
    // (a 503 or a dropped connection), so resends with the same key are real here.
    let service = root.path().join("service");
    let sandbox = SandboxProcess::start(&[
        "--listen",
        "127.0.0.1:0",
        "--data",
        path(&service.join("sandbox.sqlite")),
        "--fault-rate",
        "0.3",
        "--placement-delay-ms",
        "200",
    ]);
    let team = database.url.clone();

    // Two desks; the same account added on both, each with its key (read from a file only its
    // owner may read). The second finds the team's account and attaches its key.
    let a = Desk::new(root.path(), "Anna", &team);
    let b = Desk::new(root.path(), "Bo", &team);
    let add = |file: &Path| {
        [
            "account",
            "add",
            ACCOUNT,
            "--url",
            &sandbox.base,
            "--api-key-file",
            path(file),
        ]
        .map(str::to_owned)
    };
    let add_a = add(&key_file(root.path(), "a.key", &keys.a));
    let add_b = add(&key_file(root.path(), "b.key", &keys.b));
    let first = a.run(&add_a.each_ref().map(String::as_str));
    let said = String::from_utf8_lossy(&first.stderr);
    assert!(first.status.success(), "desk A's account add: {said}");
    assert!(said.contains("was added"), "{said}");
    let second = b.run(&add_b.each_ref().map(String::as_str));
    let said = String::from_utf8_lossy(&second.stderr);
    assert_eq!(
        second.status.code(),
        Some(0),
        "desk B's account add: {said}"
    );
    assert!(
        said.contains("is the team's") && said.contains("this desk's key is kept with it"),
        "desk B keeps its first key of the team's account: {said}"
    );

    // Each desk's person confirms the other desk by its code (as Settings → Team does; a
    // sender on a server with `logodesk team trust CODE`): each then sends what the other
    // queued, which no desk would on the team database's word alone (issue 38, item 3).
    let (code_a, code_b) = (a.code(), b.code());
    let trusted = b.run(&["team", "trust", &code_a]);
    let said = String::from_utf8_lossy(&trusted.stderr);
    assert!(trusted.status.success(), "desk B trusts A: {said}");
    assert!(said.contains("Anna"), "{said}");
    a.run_ok(&["team", "trust", &code_b]);
    assert!(
        b.run_ok(&["team", "desks"])
            .contains("confirmed on this desk"),
        "desk B lists A as confirmed"
    );

    // Orders queued from both desks at once.
    let (queued_a, queued_b) = std::thread::scope(|s| {
        let from_a = s.spawn(|| a.queue(PER_DESK, keys.orders_a));
        let from_b = s.spawn(|| b.queue(PER_DESK, keys.orders_b));
        (from_a.join().unwrap(), from_b.join().unwrap())
    });
    let mut queued: BTreeMap<String, String> = queued_a;
    queued.extend(queued_b);
    let n = 2 * PER_DESK;
    assert_eq!(queued.len(), n, "one key per queued order");
    assert_eq!(
        team_queued(&database),
        n,
        "the team's outbox holds them all"
    );
    let set_up = started.elapsed();

    // Desk B sends the whole time; desk A is started and killed again and again.
    let mut sender_b = b.send_queued(false);
    let killing = Instant::now();
    let mut kills = 0;
    let mut kills_after_sent_lines = 0;
    let mut held_after_kills = Vec::new();
    let mut restarts = 0;
    for round in 0..KILLS {
        let runner = a.send_queued(false);
        let printed = runner.go_to_a_random_point(&mut rng, PATIENCE);
        let restart = restart_database && round % 4 == 1;
        if restart {
            database.cluster().stop().unwrap_or_else(|e| panic!("{e}"));
        }
        let status = runner.kill9();
        if restart {
            // Started while the team database is down: it waits for its team and sends none
            // of the team's orders meanwhile; once the database is back it goes on, and is
            // killed at a random point like the others.
            let mut waiting = a.send_queued(false);
            std::thread::sleep(Duration::from_millis(rng.random_range(200..1_500)));
            assert!(
                waiting.child.try_wait().is_ok_and(|s| s.is_none()),
                "a sender started without its team database waits for it"
            );
            database
                .cluster()
                .restart()
                .unwrap_or_else(|e| panic!("{e}"));
            restarts += 1;
            waiting.go_to_a_random_point(&mut rng, PATIENCE);
            waiting.kill9();
        }
        assert!(!status.success(), "killed, not finished: {status:?}");
        kills += 1;
        if printed > 0 {
            kills_after_sent_lines += 1;
        }
        held_after_kills.push(held_by(&database, a.name));
        assert!(
            sender_b.child.try_wait().unwrap().is_none(),
            "desk B's sender stopped"
        );
        let left = team_queued(&database);
        assert!(
            left > 0,
            "kill {kills} came after the team's whole outbox was sent; queue more orders"
        );
    }
    let killing = killing.elapsed();
    let left_after_kills = team_queued(&database);

    // A last run of desk A finishes the queue with B (rows the killed runs held come free
    // when their lease ends) and exits on its own.
    let finishing = Instant::now();
    let last = a.send_queued(true);
    let limit = finishing + LEASE + PATIENCE;
    while team_queued(&database) > 0 {
        assert!(Instant::now() < limit, "the team's outbox was not sent");
        std::thread::sleep(Duration::from_millis(200));
    }
    let emptied = finishing.elapsed();
    // It heard of the orders desk B sent, and exits.
    last.finish_all_sent(Duration::from_secs(30));
    assert_eq!(team_queued(&database), 0, "the team's outbox is empty");
    let (status, _, stderr) = sender_b.terminate(PATIENCE);
    assert!(status.success(), "desk B's sender: {status:?}\n{stderr}");
    assert_eq!(
        sandbox.terminate(PATIENCE),
        0,
        "the sandbox stops on SIGTERM"
    );

    // The sandbox: exactly one order per queued key, each with its reference.
    let server = runner_common::server_orders(&service, "TK9-");
    server.assert_each_once(n);
    assert_eq!(server.keys.len(), n, "one key per order on the server");
    for (key, reference) in &queued {
        let order = server
            .keys
            .get(key)
            .unwrap_or_else(|| panic!("the sandbox has no order for the key of {reference}"));
        assert_eq!(&server.orders[order].request.reference, reference);
    }

    // The team database: every row sent with the order its key created, placed by its desk.
    let rows = team_rows(&database);
    assert_eq!(rows.len(), n);
    let row_keys: BTreeSet<&str> = rows.iter().map(|r| r.key.as_str()).collect();
    assert_eq!(row_keys.len(), n, "one row per key");
    for r in &rows {
        // Failed only as the service failed it (an organization that may not order the logo).
        let failed_there = r
            .tracking_id
            .and_then(|t| server.orders.get(&t))
            .is_some_and(|o| o.status == OrderStatus::Failed);
        assert!(
            matches!(r.state.as_str(), "sent" | "completed")
                || (r.state == "failed" && failed_there),
            "{} is {}",
            r.reference,
            r.state
        );
        assert_eq!(queued.get(&r.key), Some(&r.reference), "the row's own key");
        assert_eq!(
            r.tracking_id,
            server.keys.get(&r.key).copied(),
            "{}: the tracking id the sandbox has for its key",
            r.reference
        );
        let desk = r.reference.split('-').nth(1).unwrap_or_default();
        assert_eq!(r.placed_by, desk, "{}: placed by its desk", r.reference);
    }
    // An order naming its organization is placed there, whichever key sent it.
    for o in server.orders.values() {
        if let Some(named) = o.request.organization_id {
            assert_eq!(o.target_org, named, "{}", o.request.reference);
        }
    }
    let mut by_org: BTreeMap<i64, usize> = BTreeMap::new();
    for o in server.orders.values() {
        *by_org.entry(o.target_org).or_default() += 1;
    }
    let failed = rows.iter().filter(|r| r.state == "failed").count();
    let sent_by = |desk: &str| {
        rows.iter()
            .filter(|r| r.claimed_by.starts_with(&format!("{desk} (")))
            .count()
    };
    // Desk B sent orders desk A queued (and signed): A's killed runs left them to B.
    let by_b_for_a = rows
        .iter()
        .filter(|r| r.placed_by == a.name && r.claimed_by.starts_with(&format!("{} (", b.name)))
        .count();
    assert!(by_b_for_a > 0, "desk B sent none of desk A's orders");
    let retried = rows.iter().filter(|r| r.attempts > 0).count();
    let failed_attempts: u32 = rows.iter().map(|r| r.attempts).sum();
    let completed = rows.iter().filter(|r| r.state == "completed").count();
    eprintln!(
        "team kill -9: {kills} kills of desk A in {killing:.1?} while desk B sent ({kills_after_sent_lines} \
         once the run had printed 'sent' lines, of either desk's orders); rows held by killed runs \
         of A after each kill: {held_after_kills:?}; {left_after_kills} still queued after the \
         kills, the outbox empty {emptied:.1?} later (the killed runs' leases: {LEASE:?}); {n} \
         orders queued ({PER_DESK} per desk), exactly {n} on the sandbox, one per key; sent by \
         A {}, by B {} (claimed_by; {by_b_for_a} of A's by B); {retried} orders needed resending ({failed_attempts} failed \
         attempts); {completed} completed, {failed} failed by the service; orders by \
         organization {by_org:?}; {restarts} restarts of the team database; set-up \
         {set_up:.1?}, total {:.1?}",
        sent_by(a.name),
        sent_by(b.name),
        started.elapsed()
    );
    assert!(kills >= 10);
}
