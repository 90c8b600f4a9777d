//! Test 7 (issue 29): the Windows exe under Wine on a team's PostgreSQL (over TCP on loopback,
//! as a Windows desk reaches a server). `account add` with `--team-database` joins the team and
//! keeps the key in Credential Manager; `queue-order` queues into the team's outbox (a team id);
//! `send-queued --exit-when-sent` claims and sends it to a sandbox running on Linux; the order is
//! placed once and the team's row records it.

use crate::common::{PATIENCE, start_with};
use crate::pg_cluster::{PgCluster, PgOptions};
use crate::runner_common::{Runner, done_logo_order};
use crate::wine::{Wine, exe, windows_path};
use logodesk::sandbox::SandboxConfig;
use logodesk::store::TEAM_IDS_FROM;

#[test]
#[ignore = "needs Wine, mingw-w64 and the Windows build: see README"]
fn the_windows_exe_joins_a_team_database_queues_and_sends() {
    let exe = exe();
    let wine = Wine::shared();
    let cluster = PgCluster::start(&PgOptions {
        tcp: true,
        ..PgOptions::default()
    })
    .unwrap_or_else(|e| panic!("{e}"));
    let db = cluster.create_database();
    let team = format!("postgres://postgres@127.0.0.1:{}/{db}", cluster.port);
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let env = runtime.block_on(start_with(SandboxConfig::fast()));

    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let key_file = dir.path().join("key.txt");
    std::fs::write(&key_file, env.key()).unwrap();
    let order = dir.path().join("order.json");
    std::fs::write(
        &order,
        serde_json::to_string(&done_logo_order("WINE-TEAM-1")).unwrap(),
    )
    .unwrap();
    let run = |args: &[&str]| {
        let mut command = wine.command(&exe);
        command
            .args(["--team-database", &team])
            .args(args)
            .arg("--data-dir")
            .arg(windows_path(&data));
        let (status, lines, stderr) = Runner::spawn(command).finish(PATIENCE);
        assert!(
            status.success(),
            "{args:?} failed ({status:?}): {lines:?}\n{stderr}"
        );
        lines
    };

    run(&[
        "account",
        "add",
        "Club shop",
        "--url",
        &env.sb.base_url(),
        "--api-key-file",
        &windows_path(&key_file),
    ]);
    let queued = run(&[
        "queue-order",
        "--account",
        "Club shop",
        &windows_path(&order),
    ]);
    let line: serde_json::Value = serde_json::from_str(&queued[0]).unwrap();
    let id = line["id"].as_i64().unwrap();
    assert!(id >= TEAM_IDS_FROM, "queued into the team's outbox: {line}");

    let sent = run(&["send-queued", "--exit-when-sent", "--account", "Club shop"]);
    assert_eq!(
        sent.last().map(String::as_str),
        Some("all queued orders are sent"),
        "{sent:?}"
    );
    let placed = env
        .sb
        .state()
        .lock()
        .orders
        .values()
        .filter(|o| o.request.reference == "WINE-TEAM-1")
        .count();
    assert_eq!(placed, 1, "placed once");
    let row = cluster
        .psql(
            &db,
            &format!(
                "SELECT state, tracking_id IS NOT NULL FROM logodesk.local_orders WHERE id = {id}"
            ),
        )
        .unwrap();
    assert!(
        row == "sent|t" || row == "completed|t",
        "the team's row: {row}"
    );
}
