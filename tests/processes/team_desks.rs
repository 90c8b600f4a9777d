//! Issue 38 with real processes, a real PostgreSQL and gnome-keyring (each desk's HOME with
//! its own session bus, as `team_kill9` sets them up):
//!
//! - item 4: a data folder copied beside the first (copied files, the same keyring: one
//!   person's second folder) keeps its install id in the copy; both join one team database;
//!   the copy's own order, queued before it joined, must be in the team once, nothing lost,
//!   and the copy must be a desk of its own whose keys still work (it sends the team's
//!   orders with them);
//! - item 6: a second desk's `account add` without `--auth` (the README's command) keeps the
//!   team account's header style, another `--auth` is refused, and a `send-queued
//!   --exit-when-sent` run that leaves held orders says so and exits non-zero.

use crate::common::PATIENCE;
use crate::pg_cluster;
use crate::runner_common::{self, Runner, SandboxProcess, run_with_limit};
use crate::team_kill9::{ACCOUNT, Desk, path};

use std::path::Path;
use std::process::Output;
use std::time::Duration;

/// A key file of the sandbox's vendor, readable by its owner only.
fn key_file(root: &Path) -> std::path::PathBuf {
    use std::os::unix::fs::PermissionsExt as _;
    let file = root.join("vendor.key");
    std::fs::write(
        &file,
        format!(
            "{}\n",
            logodesk::sandbox::fixtures().vendor_api_key.as_str()
        ),
    )
    .unwrap();
    std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o600)).unwrap();
    file
}

/// The sandbox as its own process, its data in `root/service`.
pub(crate) fn sandbox(root: &Path) -> (SandboxProcess, std::path::PathBuf) {
    let service = root.join("service");
    let sandbox = SandboxProcess::start(&[
        "--listen",
        "127.0.0.1:0",
        "--data",
        path(&service.join("sandbox.sqlite")),
        "--placement-delay-ms",
        "200",
    ]);
    (sandbox, service)
}

fn ok(out: &Output, what: &str) -> String {
    assert!(
        out.status.success(),
        "{what} failed: {}\n{}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// `queue-order` of a new order `reference` on data folder `data` (`team`: through the team).
fn queue(desk: &Desk, data: &Path, team: Option<&str>, reference: &str) {
    let file = data.with_extension(format!("{reference}.json"));
    let body = runner_common::done_logo_order(reference);
    std::fs::write(&file, serde_json::to_vec(&body).unwrap()).unwrap();
    let out = runner_common::run_with_limit(
        &mut desk.command_on(
            data,
            team,
            &["queue-order", "--account", ACCOUNT, path(&file)],
        ),
        PATIENCE,
    );
    ok(&out, &format!("queue-order {reference}"));
}

/// The team's rows whose reference starts with `prefix`: (reference, state), by reference.
fn team_rows(database: &str, prefix: &str) -> Vec<(String, String)> {
    let out = pg_cluster::shared()
        .psql(
            database,
            &format!(
                "SELECT reference, state FROM logodesk.local_orders \
                 WHERE reference LIKE '{prefix}%' ORDER BY reference"
            ),
        )
        .unwrap();
    out.lines()
        .filter(|l| !l.is_empty())
        .map(|l| {
            let (r, s) = l.split_once('|').unwrap();
            (r.to_owned(), s.to_owned())
        })
        .collect()
}

/// A data folder's install id and how many order rows of remote accounts it keeps.
fn folder(data: &Path) -> (String, i64) {
    let conn = rusqlite::Connection::open(data.join("logodesk.sqlite")).unwrap();
    let id = conn
        .query_row(
            "SELECT value FROM meta WHERE name = 'install_id'",
            [],
            |r| r.get(0),
        )
        .unwrap();
    let rows = conn
        .query_row(
            "SELECT COUNT(*) FROM local_orders o JOIN accounts a ON a.id = o.account_id
             WHERE a.kind = 'remote'",
            [],
            |r| r.get(0),
        )
        .unwrap();
    (id, rows)
}

#[test]
fn a_copied_data_folder_is_a_desk_of_its_own_and_its_order_reaches_the_team_once() {
    let root = tempfile::tempdir().unwrap();
    let (sandbox, service) = sandbox(root.path());
    let database = pg_cluster::shared().create_database();
    let team = pg_cluster::shared().socket_url(&database);
    let anna = Desk::new(root.path(), "Anna", &team);
    let key = key_file(root.path());

    // A desk of its own first: its account and an order queued.
    let add = [
        "account",
        "add",
        ACCOUNT,
        "--url",
        &sandbox.base,
        "--api-key-file",
        path(&key),
    ];
    ok(
        &runner_common::run_with_limit(&mut anna.command_on(&anna.data, None, &add), PATIENCE),
        "account add",
    );
    queue(&anna, &anna.data, None, "CP-1");

    // The data folder is copied, files and all (the person's second folder, same keyring).
    let copy = root.path().join("Anna").join("copy");
    let copied = std::process::Command::new("cp")
        .args(["-a", path(&anna.data), path(&copy)])
        .status()
        .unwrap();
    assert!(copied.success());
    let (first_id, _) = folder(&anna.data);
    assert_eq!(folder(&copy).0, first_id, "a copy carries the install id");

    // The first folder queues another order and joins the team (any command on the team
    // joins first).
    queue(&anna, &anna.data, None, "CP-2");
    ok(
        &anna.run(&["history", "--account", ACCOUNT, "--format", "json"]),
        "the first folder's join",
    );
    // The copy queues its own order (the next row id of the copied file: the first folder's
    // CP-2 had it), then joins.
    queue(&anna, &copy, None, "CP-3");
    let joined = runner_common::run_with_limit(
        &mut anna.command_on(
            &copy,
            Some(&team),
            &["history", "--account", ACCOUNT, "--format", "json"],
        ),
        PATIENCE,
    );
    let listed = ok(&joined, "the copy's join");
    assert!(
        listed.contains("CP-3"),
        "the copy lists its order: {listed}"
    );

    // In the team once each, nothing lost; the copy is a desk of its own and kept no row.
    let rows = team_rows(&database, "CP-");
    let references: Vec<&str> = rows.iter().map(|(r, _)| r.as_str()).collect();
    assert_eq!(references, ["CP-1", "CP-2", "CP-3"], "{rows:?}");
    let (copy_id, copy_rows) = folder(&copy);
    assert_ne!(copy_id, first_id, "the copy took an identity of its own");
    assert_eq!(
        folder(&anna.data).0,
        first_id,
        "the first folder keeps its own"
    );
    assert_eq!(copy_rows, 0, "what moved is forgotten here, nothing else");

    // The copy's keys work under its new identity: once its person confirms the first
    // folder's desk (it signed the first orders), it sends the team's whole outbox.
    let trust = run_with_limit(
        &mut anna.command_on(&copy, Some(&team), &["team", "trust", &anna.code()]),
        PATIENCE,
    );
    assert!(
        trust.status.success(),
        "the copy trusts the first desk: {}",
        String::from_utf8_lossy(&trust.stderr)
    );
    let sender = Runner::spawn(anna.command_on(
        &copy,
        Some(&team),
        &[
            "send-queued",
            "--account",
            ACCOUNT,
            "--exit-when-sent",
            "--poll-interval",
            "1",
        ],
    ));
    sender.finish_all_sent(PATIENCE);
    assert_eq!(sandbox.terminate(PATIENCE), 0);
    let server = runner_common::server_orders(&service, "CP-");
    server.assert_each_once(3);
    let rows = team_rows(&database, "CP-");
    assert!(
        rows.iter()
            .all(|(_, s)| matches!(s.as_str(), "sent" | "completed")),
        "{rows:?}"
    );
}

#[test]
fn a_second_desk_keeps_the_team_account_s_header_style_and_held_orders_fail_the_run() {
    let root = tempfile::tempdir().unwrap();
    let (sandbox, service) = sandbox(root.path());
    let database = pg_cluster::shared().create_database();
    let team = pg_cluster::shared().socket_url(&database);
    let anna = Desk::new(root.path(), "Anna", &team);
    let bo = Desk::new(root.path(), "Bo", &team);
    let key = key_file(root.path());
    let add = |auth: Option<&str>| {
        let mut args = vec![
            "account",
            "add",
            ACCOUNT,
            "--url",
            &sandbox.base,
            "--api-key-file",
            path(&key),
        ];
        if let Some(auth) = auth {
            args.extend(["--auth", auth]);
        }
        args.iter()
            .map(|s| (*s).to_owned())
            .collect::<Vec<String>>()
    };
    let run = |desk: &Desk, args: Vec<String>| {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        desk.run(&args)
    };
    let auth_style = || {
        pg_cluster::shared()
            .psql(
                &database,
                &format!("SELECT auth_style FROM logodesk.accounts WHERE name = '{ACCOUNT}'"),
            )
            .unwrap()
    };
    ok(&run(&anna, add(Some("x-api-key"))), "desk A's account add");
    assert_eq!(auth_style().trim(), "x-api-key");
    queue(&anna, &anna.data, Some(&team), "HS-1");

    // The README's command for a second desk: no --auth. Its key is attached; the team's
    // account keeps its header style, and nothing of desk A's is held.
    let second = run(&bo, add(None));
    let said = String::from_utf8_lossy(&second.stderr);
    assert_eq!(second.status.code(), Some(0), "{said}");
    assert!(said.contains("this desk's key is kept with it"), "{said}");
    assert_eq!(
        auth_style().trim(),
        "x-api-key",
        "the team's account unchanged"
    );
    // Another header style given is refused with a sentence, nothing saved.
    let other = run(&bo, add(Some("bearer")));
    let said = String::from_utf8_lossy(&other.stderr);
    assert_eq!(other.status.code(), Some(1), "{said}");
    assert!(
        said.contains("x-api-key") && said.contains("--auth bearer"),
        "{said}"
    );
    assert_eq!(auth_style().trim(), "x-api-key");

    // Desk B sends desk A's order with its key (x-api-key) once it trusts A's desk (signed
    // rows, issue 38 item 3): not held, all sent.
    bo.trusts(&anna);
    bo.send_queued(true).finish_all_sent(PATIENCE);

    // The team account's header style is changed behind the queued order's back: it is held
    // on every desk, and a run that leaves it so says so and fails.
    queue(&anna, &anna.data, Some(&team), "HS-2");
    pg_cluster::shared()
        .psql(
            &database,
            &format!("UPDATE logodesk.accounts SET auth_style = 'bearer' WHERE name = '{ACCOUNT}'"),
        )
        .unwrap();
    let (status, lines, stderr) = bo
        .send_queued(true)
        .finish(PATIENCE + Duration::from_secs(30));
    assert_eq!(status.code(), Some(1), "{lines:?}\n{stderr}");
    assert!(
        !lines.iter().any(|l| l == "all queued orders are sent"),
        "{lines:?}"
    );
    assert!(
        lines.iter().any(|l| l.contains("held")),
        "the run says what it left: {lines:?}"
    );
    assert!(stderr.contains("held"), "{stderr}");
    assert_eq!(sandbox.terminate(PATIENCE), 0);
    let server = runner_common::server_orders(&service, "HS-");
    server.assert_each_once(1);
    let rows = team_rows(&database, "HS-");
    assert_eq!(
        rows[1],
        ("HS-2".to_owned(), "queued".to_owned()),
        "{rows:?}"
    );
}
