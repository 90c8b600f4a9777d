//! The `logodesk sandbox` command line: fixtures, listening, clean SIGTERM, persistence.

use std::collections::BTreeSet;
use std::process::Command;
use std::time::Duration;

use crate::common::PATIENCE;
use crate::runner_common::SandboxProcess;
use logodesk::api::*;
use serde_json::Value;

const BIN: &str = env!("CARGO_BIN_EXE_logodesk");

#[test]
fn print_fixtures_prints_one_object_with_the_17_keys() {
    let out = Command::new(BIN)
        .args(["sandbox", "--print-fixtures"])
        .env("RUST_LOG", "error")
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(text.trim().lines().count(), 1, "one line: {text}");
    let v: Value = serde_json::from_str(text.trim()).expect("one JSON object");
    let keys: BTreeSet<&str> = v.as_object().unwrap().keys().map(String::as_str).collect();
    let want = BTreeSet::from([
        "vendorOrganizationId",
        "vendorApiKey",
        "childOrganizationId",
        "otherVendorApiKey",
        "otherOrganizationId",
        "doneDesignId",
        "doneDesignMul",
        "draftDesignId",
        "nameLogoId",
        "numberLogoId",
        "textLogoId",
        "doneLogoId",
        "doneLogoItemNo",
        "childLogoId",
        "otherVendorLogoId",
        "pendingVectorizeTaskId",
        "finishedVectorizeTaskId",
    ]);
    assert_eq!(keys, want);
    assert_eq!(
        v,
        serde_json::to_value(logodesk::sandbox::fixtures()).unwrap()
    );
    assert!(v["vendorApiKey"].as_str().is_some_and(|k| !k.is_empty()));
    assert!(v["doneDesignMul"].as_str().unwrap().starts_with("MUL"));
}

#[tokio::test]
async fn listens_answers_and_stops_cleanly_on_sigterm() {
    let sb = SandboxProcess::start(&[
        "--listen",
        "127.0.0.1:0",
        "--ephemeral",
        "--placement-delay-ms",
        "100",
    ]);
    let client = sb.client();
    assert!(!client.ping().await.unwrap().is_empty());
    let page = client.logos().list(&ListLogos::new()).await.unwrap();
    assert!(page.total_count > 0);
    // Orders complete after the given placement delay.
    let fx = logodesk::sandbox::fixtures();
    let order = PlaceOrder::new(
        "CLI-1",
        DeliveryAddress::new("N", "A 1", "6700", "Esbjerg", "DK"),
    )
    .with_logo(LogoLine::quantity(LogoId(fx.done_logo_id), 2));
    let placed = client
        .orders()
        .place(&order, &IdempotencyKey::new())
        .await
        .unwrap();
    let done = tokio::time::timeout(
        Duration::from_secs(10),
        client.orders().track(placed.id, None, |_| {}),
    )
    .await
    .unwrap()
    .unwrap();
    assert_eq!(done.status, OrderStatus::Completed);
    assert_eq!(sb.terminate(PATIENCE), 0, "exit code after SIGTERM");
}

#[tokio::test]
async fn state_persists_across_restarts() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("s.sqlite");
    let data_arg = data.to_str().unwrap();
    let args = [
        "--listen",
        "127.0.0.1:0",
        "--data",
        data_arg,
        "--placement-delay-ms",
        "100",
    ];
    let fx = logodesk::sandbox::fixtures();
    let order = |r: &str| {
        PlaceOrder::new(r, DeliveryAddress::new("N", "A 1", "6700", "Esbjerg", "DK"))
            .with_logo(LogoLine::quantity(LogoId(fx.done_logo_id), 2))
    };
    let key = IdempotencyKey::new();

    let sb = SandboxProcess::start(&args);
    let client = sb.client();
    let placed = client
        .orders()
        .place(&order("PERSIST-1"), &key)
        .await
        .unwrap();
    let done = tokio::time::timeout(
        Duration::from_secs(10),
        client.orders().track(placed.id, None, |_| {}),
    )
    .await
    .unwrap()
    .unwrap();
    assert_eq!(done.status, OrderStatus::Completed);
    let logo = client
        .logos()
        .upload(UploadLogo::new("p.png", tiny_png(), "Persisted draft"))
        .await
        .unwrap();
    // An order still pending when the sandbox stops.
    let pending = client
        .orders()
        .place(&order("PERSIST-2"), &IdempotencyKey::new())
        .await
        .unwrap();
    assert_eq!(sb.terminate(PATIENCE), 0);
    assert!(data.exists());

    let sb = SandboxProcess::start(&args);
    let client = sb.client();
    let again = client.orders().get(placed.id).await.unwrap();
    assert_eq!(again, done, "the completed order is still there");
    assert_eq!(
        client.logos().get(logo.logo_id).await.unwrap().title,
        "Persisted draft"
    );
    // The idempotency key is still reserved for the order.
    let replay = client
        .orders()
        .place(&order("PERSIST-1"), &key)
        .await
        .unwrap();
    assert_eq!(replay.id, placed.id);
    // The pending order resumes and completes.
    let resumed = tokio::time::timeout(
        Duration::from_secs(10),
        client.orders().track(pending.id, None, |_| {}),
    )
    .await
    .unwrap()
    .unwrap();
    assert_eq!(resumed.status, OrderStatus::Completed);
    // New ids continue above the stored ones.
    let next = client
        .orders()
        .place(&order("PERSIST-3"), &IdempotencyKey::new())
        .await
        .unwrap();
    assert!(next.id.0 > pending.id.0 && next.id.0 > placed.id.0);
    assert_ne!(next.order_number, placed.order_number);
    assert_eq!(sb.terminate(PATIENCE), 0);
}

/// A 64 × 32 PNG with two flat colors.
fn tiny_png() -> Vec<u8> {
    let img = image::RgbaImage::from_fn(64, 32, |x, _| {
        if x < 32 {
            image::Rgba([0, 0, 0, 255])
        } else {
            image::Rgba([255, 0, 0, 255])
        }
    });
    let mut out = std::io::Cursor::new(Vec::new());
    img.write_to(&mut out, image::ImageFormat::Png).unwrap();
    out.into_inner()
}

/// `logodesk account add`, `queue-order` and `history` on a data folder, as a server runs them.
mod without_a_window {
    use crate::common::PATIENCE;
    use crate::runner_common::{BIN, Runner, queued};
    use logodesk::store::{OrderState, Store};
    use std::io::Write as _;
    use std::path::Path;
    use std::process::{Command, Output, Stdio};

    /// `logodesk ARGS --data-dir DATA` in English, `stdin` written to it.
    fn run(data: &Path, args: &[&str], stdin: &str) -> Output {
        let mut child = Command::new(BIN)
            .args(args)
            .arg("--data-dir")
            .arg(data)
            .env("RUST_LOG", "error")
            .env("LANG", "en_US.UTF-8")
            .env("LC_ALL", "en_US.UTF-8")
            .env_remove("LOGODESK_DATA_DIR")
            .env_remove("DISPLAY")
            .env_remove("WAYLAND_DISPLAY")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("logodesk starts");
        child.stdin.take().unwrap().write_all(stdin.as_bytes()).ok();
        child.wait_with_output().unwrap()
    }

    fn text(bytes: &[u8]) -> String {
        String::from_utf8_lossy(bytes).into_owned()
    }

    /// The accounts saved in the data folder (the key-file test's, which is Unix's: file modes).
    #[cfg(unix)]
    fn accounts(data: &Path) -> Vec<String> {
        Store::open(&data.join("logodesk.sqlite"))
            .unwrap()
            .accounts()
            .unwrap()
            .into_iter()
            .map(|a| a.name)
            .collect()
    }

    #[cfg(unix)]
    #[test]
    fn a_key_file_other_users_can_read_is_refused_and_nothing_is_saved() {
        use std::os::unix::fs::PermissionsExt as _;
        let dir = tempfile::tempdir().unwrap();
        let data = dir.path().join("data");
        let key = dir.path().join("key");
        std::fs::write(&key, "secret-of-the-team\n").unwrap();
        std::fs::set_permissions(&key, std::fs::Permissions::from_mode(0o640)).unwrap();
        let key_arg = key.to_str().unwrap();
        let out = run(
            &data,
            &[
                "account",
                "add",
                "Team",
                "--url",
                "https://api.example.com",
                "--api-key-file",
                key_arg,
            ],
            "",
        );
        let err = text(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{err}");
        assert!(err.contains(&format!("chmod 600 {key_arg}")), "{err}");
        assert!(
            !err.contains("secret-of-the-team"),
            "the key is never shown: {err}"
        );
        assert!(
            !data.join("logodesk.sqlite").exists() || !accounts(&data).contains(&"Team".to_owned())
        );
    }

    #[test]
    fn an_empty_key_on_standard_input_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let out = run(
            dir.path(),
            &["account", "add", "Team", "--url", "https://api.example.com"],
            "   \n",
        );
        let err = text(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{err}");
        assert!(err.contains("No API key was given"), "{err}");
    }

    fn order_file(dir: &Path, name: &str, json: &serde_json::Value) -> String {
        let path = dir.join(name);
        std::fs::write(&path, serde_json::to_vec_pretty(json).unwrap()).unwrap();
        path.to_str().unwrap().to_owned()
    }

    fn valid_order() -> serde_json::Value {
        let fx = logodesk::sandbox::fixtures();
        serde_json::json!({
            "reference": "SERVER-1",
            "deliveryAddress": {
                "name": "Nordby IF", "address": "Stadionvej 1", "zip": "6700",
                "city": "Esbjerg", "country": "DK"
            },
            "logos": [{ "logoId": fx.done_logo_id, "quantity": 5 }]
        })
    }

    #[test]
    fn a_queued_order_file_is_sent_and_listed_in_the_history() {
        let dir = tempfile::tempdir().unwrap();
        let data = dir.path().join("data");
        let file = order_file(dir.path(), "order.json", &valid_order());
        let out = run(&data, &["queue-order", "--account", "sandbox", &file], "");
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
        let stdout = text(&out.stdout);
        assert_eq!(stdout.lines().count(), 1, "exactly one line: {stdout}");
        let line: serde_json::Value = serde_json::from_str(stdout.trim()).unwrap();
        let id = line["id"].as_i64().unwrap();
        assert_eq!(line["account"], "Sandbox");
        let store = Store::open(&data.join("logodesk.sqlite")).unwrap();
        let row = store
            .local_order(logodesk::store::LocalOrderId(id))
            .unwrap();
        assert_eq!(row.state, OrderState::Queued);
        assert_eq!(
            row.key.unwrap().as_str(),
            line["idempotencyKey"].as_str().unwrap()
        );
        drop(store);

        let (status, lines, stderr) = Runner::send_queued(&data, true).finish(PATIENCE);
        assert!(status.success(), "{lines:?}\n{stderr}");
        assert!(
            lines
                .iter()
                .any(|l| l.contains("SERVER-1") && l.starts_with("sent")),
            "{lines:?}"
        );

        let json = run(
            &data,
            &["history", "--status", "in-progress", "--format", "json"],
            "",
        );
        assert_eq!(json.status.code(), Some(0), "{}", text(&json.stderr));
        let rows: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
        let rows = rows.as_array().unwrap();
        assert!(
            rows.iter()
                .any(|r| r["reference"] == "SERVER-1" && r["trackingId"].is_i64()),
            "{rows:?}"
        );
        let failed = run(
            &data,
            &["history", "--status", "failed", "--format", "csv"],
            "",
        );
        assert_eq!(failed.status.code(), Some(0), "{}", text(&failed.stderr));
        let csv = text(&failed.stdout);
        assert!(csv.starts_with('\u{feff}'), "a spreadsheet's BOM: {csv:?}");
        assert_eq!(
            csv.lines().count(),
            1,
            "only the heading, nothing failed: {csv}"
        );
        assert!(csv.contains("Reference,Recipient,Status"), "{csv}");
        let all = text(&run(&data, &["history"], "").stdout);
        assert!(all.contains("SERVER-1,Nordby IF"), "{all}");
    }

    /// Issue 38, item 8, through the real binary: the desk's team database is a server that
    /// takes the connection and never answers. `history` gives it up within the connection's
    /// bound with a sentence saying so (it waited 90 s without one), and `send-queued` sends
    /// the desk's own queued order at once (it waited 75 s before its own outbox started).
    #[test]
    fn a_silent_team_database_is_a_sentence_and_the_desks_own_outbox_goes_on() {
        let dir = tempfile::tempdir().unwrap();
        let data = dir.path().join("data");
        let file = order_file(dir.path(), "order.json", &valid_order());
        let out = run(&data, &["queue-order", "--account", "sandbox", &file], "");
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));

        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        let port = listener.local_addr().unwrap().port();
        std::thread::spawn(move || {
            let mut held = Vec::new();
            for stream in listener.incoming() {
                held.extend(stream.ok());
            }
        });
        logodesk::team::SavedTeam {
            address: Some(format!("postgres://desk@127.0.0.1:{port}/team")),
            ca_file: None,
            desk_name: Some("Silent".into()),
            allow_unencrypted: false,
        }
        .save(&data)
        .unwrap();

        let started = std::time::Instant::now();
        let out = run(&data, &["history", "--account", "sandbox"], "");
        let took = started.elapsed();
        assert_ne!(out.status.code(), Some(0));
        let said = text(&out.stderr);
        assert!(said.contains("did not set it up within 10 s"), "{said}");
        assert!(took < std::time::Duration::from_secs(15), "{took:?}");

        // The sender sends this desk's own order at once, before the team's connection is
        // even given up (10 s); it does not say "all sent" while the team's orders wait.
        let started = std::time::Instant::now();
        let mut sender = Runner::send_queued(&data, true);
        sender.wait_for_line(std::time::Duration::from_secs(9), |l| {
            l.contains("SERVER-1") && l.starts_with("sent")
        });
        let took = started.elapsed();
        assert!(
            took < std::time::Duration::from_secs(9),
            "the desk's own order waited {took:?}"
        );
        // Past the team's connection bound: still not "all sent".
        let until = std::time::Instant::now() + std::time::Duration::from_secs(12);
        while let Some(line) =
            sender.next_line(until.saturating_duration_since(std::time::Instant::now()))
        {
            assert!(!line.contains("all queued orders are sent"), "{line}");
        }
        let (_, lines, _) = sender.terminate(PATIENCE);
        assert!(
            !lines
                .iter()
                .any(|l| l.contains("all queued orders are sent")),
            "{lines:?}"
        );
    }

    #[test]
    fn an_invalid_order_file_is_refused_with_every_sentence_and_nothing_queued() {
        let dir = tempfile::tempdir().unwrap();
        let data = dir.path().join("data");
        let mut order = valid_order();
        order["reference"] = "".into();
        order["logos"][0]["quantity"] = 0.into();
        let file = order_file(dir.path(), "bad.json", &order);
        let out = run(&data, &["queue-order", "--account", "Sandbox", &file], "");
        let err = text(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{err}");
        assert!(
            out.stdout.is_empty(),
            "nothing on stdout: {}",
            text(&out.stdout)
        );
        assert!(err.contains("reference"), "{err}");
        assert!(err.contains("logos[0].quantity"), "{err}");

        let broken = dir.path().join("broken.json");
        std::fs::write(&broken, "{\n  \"reference\": \"X\",\n  oops\n}").unwrap();
        let out = run(
            &data,
            &[
                "queue-order",
                "--account",
                "Sandbox",
                broken.to_str().unwrap(),
            ],
            "",
        );
        let err = text(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{err}");
        assert!(err.contains("line 3"), "{err}");

        if data.join("logodesk.sqlite").exists() {
            let store = Store::open(&data.join("logodesk.sqlite")).unwrap();
            let sandbox = store.ensure_sandbox_account().unwrap().id;
            drop(store);
            assert_eq!(queued(&data, sandbox), 0, "nothing queued");
        }
    }

    /// Issue 38, item 1: `queue-order` on a team whose connection breaks after the queueing
    /// transaction commits and before its answer arrives (a PostgreSQL wire proxy in front of
    /// the test server drops the answer to that COMMIT). The command never says it failed: it
    /// connects again, finds the row by its key and answers it; the retry answers the same row;
    /// the team holds exactly one order. When the team cannot be asked again, it says the order
    /// may be queued and how to check (exit 4), never "try again".
    // The test server is reached over its Unix socket.
    #[cfg(unix)]
    mod lost_commit {
        use super::*;
        use crate::pg_cluster;
        use crate::pg_proxy::PgProxy;

        const ACCOUNT: &str = "Club shop";

        /// A data folder whose `queue-order` goes to the team database `db` (which has the
        /// team's account) through `proxy` (at `url`), and an order file of `reference`.
        struct Desk {
            db: String,
            proxy: PgProxy,
            url: String,
            dir: tempfile::TempDir,
            data: std::path::PathBuf,
            file: String,
        }

        fn desk(reference: &str) -> Desk {
            let (db, proxy) = team();
            let url = proxy.url(&db);
            let dir = tempfile::tempdir().unwrap();
            let data = dir.path().join("data");
            let file = order_file(dir.path(), "order.json", &with_reference(reference));
            Desk {
                db,
                proxy,
                url,
                dir,
                data,
                file,
            }
        }

        /// A team database with the team's account, and a proxy in front of it.
        fn team() -> (String, PgProxy) {
            let cluster = pg_cluster::shared();
            let db = cluster.create_database();
            let client = logodesk::team::connect_to(&cluster.socket_url(&db), "test").unwrap();
            let team = Store::open_postgres(client).unwrap();
            team.insert_account(&logodesk::store::NewAccount {
                name: ACCOUNT.into(),
                base_url: url::Url::parse("https://api.example.com/").unwrap(),
                auth: logodesk::api::AuthStyle::Bearer,
                organization_id: None,
                key_location: logodesk::store::KeyLocation::Keychain,
            })
            .unwrap();
            let proxy = PgProxy::socket(cluster.socket_dir(), cluster.port);
            (db, proxy)
        }

        /// The team's rows of `reference`: (id, key, state).
        fn rows(db: &str, reference: &str) -> Vec<(i64, String, String)> {
            pg_cluster::shared()
                .psql(
                    db,
                    &format!(
                        "SELECT id, idempotency_key, state FROM logodesk.local_orders \
                         WHERE reference = '{reference}' ORDER BY id"
                    ),
                )
                .unwrap()
                .lines()
                .filter(|l| !l.is_empty())
                .map(|l| {
                    let f: Vec<&str> = l.split('|').collect();
                    (f[0].parse().unwrap(), f[1].to_owned(), f[2].to_owned())
                })
                .collect()
        }

        fn queue(data: &Path, team: &str, file: &str) -> Output {
            run(
                data,
                &[
                    "queue-order",
                    "--account",
                    ACCOUNT,
                    file,
                    "--team-database",
                    team,
                ],
                "",
            )
        }

        /// The one JSON line: id, key, already queued.
        fn answer(out: &Output) -> (i64, String, bool) {
            let stdout = text(&out.stdout);
            let line: serde_json::Value = serde_json::from_str(stdout.trim())
                .unwrap_or_else(|e| panic!("one JSON line, not {stdout:?}: {e}"));
            (
                line["id"].as_i64().unwrap(),
                line["idempotencyKey"].as_str().unwrap().to_owned(),
                line["alreadyQueued"].as_bool().unwrap(),
            )
        }

        fn with_reference(reference: &str) -> serde_json::Value {
            let mut order = valid_order();
            order["reference"] = reference.into();
            order
        }

        #[test]
        fn a_lost_commit_answer_is_found_out_and_the_retry_answers_the_same_order() {
            let d = desk("LOST-1");
            let (db, proxy, url, data, file) = (&d.db, &d.proxy, &d.url, &d.data, &d.file);

            proxy.lose_commit_after("SET state = 'queued'");
            let out = queue(data, url, file);
            let err = text(&out.stderr);
            assert_eq!(
                proxy.commits_lost(),
                1,
                "the COMMIT's answer was lost: {err}"
            );
            assert_eq!(out.status.code(), Some(0), "{err}");
            assert!(!err.to_lowercase().contains("try again"), "{err}");
            let (id, key, already) = answer(&out);
            assert!(!already);
            assert_eq!(rows(db, "LOST-1"), [(id, key.clone(), "queued".to_owned())]);

            // The same file again (laid out otherwise: the same order) answers that order.
            let compact = d.dir.path().join("compact.json");
            std::fs::write(
                &compact,
                serde_json::to_vec(&with_reference("LOST-1")).unwrap(),
            )
            .unwrap();
            let again = queue(data, url, compact.to_str().unwrap());
            let err = text(&again.stderr);
            assert_eq!(again.status.code(), Some(0), "{err}");
            assert!(err.contains("already queued"), "{err}");
            assert_eq!(answer(&again), (id, key.clone(), true));
            assert_eq!(rows(db, "LOST-1").len(), 1, "one order");

            // --again queues a second one on purpose.
            let second = run(
                data,
                &[
                    "queue-order",
                    "--account",
                    ACCOUNT,
                    file,
                    "--again",
                    "--team-database",
                    url,
                ],
                "",
            );
            assert_eq!(second.status.code(), Some(0), "{}", text(&second.stderr));
            assert_ne!(answer(&second).1, key);
            assert_eq!(rows(db, "LOST-1").len(), 2);
        }

        #[test]
        fn a_lost_commit_answer_that_cannot_be_checked_says_how_to_check() {
            let d = desk("LOST-2");
            let (db, proxy, url, data, file) = (&d.db, &d.proxy, &d.url, &d.data, &d.file);

            proxy.refuse_after_loss(true);
            proxy.lose_commit_after("SET state = 'queued'");
            let out = queue(data, url, file);
            let err = text(&out.stderr);
            assert_eq!(proxy.commits_lost(), 1, "{err}");
            assert_eq!(out.status.code(), Some(4), "{err}");
            assert!(out.stdout.is_empty(), "{}", text(&out.stdout));
            assert!(!err.to_lowercase().contains("try again"), "{err}");
            assert!(
                err.contains("may be queued") && err.contains("logodesk history"),
                "{err}"
            );
            let team_rows = rows(db, "LOST-2");
            let [(id, key, state)] = team_rows.as_slice() else {
                panic!("one row: {team_rows:?}")
            };
            assert_eq!(state, "queued");
            assert!(
                err.contains(key.as_str()),
                "the sentence names the key: {err}"
            );

            // The team answers again: the same file answers the order that was queued.
            proxy.refuse(false);
            let again = queue(data, url, file);
            assert_eq!(again.status.code(), Some(0), "{}", text(&again.stderr));
            assert_eq!(answer(&again), (*id, key.clone(), true));
            assert_eq!(rows(db, "LOST-2").len(), 1, "one order");
        }
    }
}
