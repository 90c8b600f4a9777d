//! The README's "A sender on a server", step by step on this machine: a server with no session
//! bus and no keychain, its secrets only in files — a credentials folder as systemd's
//! `LoadCredential=` gives it (`$CREDENTIALS_DIRECTORY`), or PostgreSQL's `PGPASSFILE` — and
//! the sender started as `packaging/linux/logodesk-sender.service` starts it (its `Environment=`,
//! `/etc/default/logodesk-sender`'s settings and its `ExecStart=`). A desk of the team queues;
//! the server sends; SIGTERM stops it; a restart sends the next one; nothing is placed twice
//! and no secret lands in the server's data folder.

use crate::common::PATIENCE;
use crate::pg_cluster::{PgCluster, PgOptions};
use crate::runner_common::{self, BIN, Runner, run_with_limit};
use crate::team_kill9::{ACCOUNT, Desk, own_code, path};

use std::os::unix::fs::PermissionsExt as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

const DESK_PASSWORD: &str = "desk-role-pw";

/// What the unit file says the service runs with.
struct Unit {
    /// `Environment=` lines, as (name, value).
    environment: Vec<(String, String)>,
    /// `ExecStart=`'s arguments after the program.
    args: Vec<String>,
    /// The names of `LoadCredential=`.
    credentials: Vec<String>,
}

fn unit() -> Unit {
    let file =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("packaging/linux/logodesk-sender.service");
    let text = std::fs::read_to_string(&file).unwrap();
    let mut unit = Unit {
        environment: Vec::new(),
        args: Vec::new(),
        credentials: Vec::new(),
    };
    for line in text.lines().map(str::trim) {
        if let Some(v) = line.strip_prefix("Environment=") {
            let (name, value) = v.split_once('=').unwrap();
            unit.environment.push((name.into(), value.into()));
        } else if let Some(v) = line.strip_prefix("ExecStart=") {
            let mut words = v.split_whitespace();
            assert_eq!(words.next(), Some("/usr/bin/logodesk"));
            unit.args = words.map(str::to_owned).collect();
        } else if let Some(v) = line.strip_prefix("LoadCredential=") {
            unit.credentials.push(v.split_once(':').unwrap().0.into());
        }
    }
    unit
}

/// The server: a HOME without a keyring, a data folder, a credentials folder.
struct Server {
    home: PathBuf,
    data: PathBuf,
    credentials: PathBuf,
    team: String,
    pgpass: Option<PathBuf>,
}

impl Server {
    fn new(root: &Path, team: &str) -> Server {
        let home = root.join("server");
        let credentials = home.join("credentials");
        std::fs::create_dir_all(&credentials).unwrap();
        std::fs::set_permissions(&credentials, std::fs::Permissions::from_mode(0o700)).unwrap();
        Server {
            data: home.join("data"),
            home,
            credentials,
            team: team.to_owned(),
            pgpass: None,
        }
    }

    /// `logodesk ARGS` in the environment systemd gives the unit: nothing of a desktop (no
    /// session bus, no display), the unit's `Environment=`, the settings file's two lines and
    /// `$CREDENTIALS_DIRECTORY`.
    fn command(&self, args: &[&str]) -> Command {
        let mut command = Command::new(BIN);
        command.args(args).env_clear();
        for (name, value) in unit().environment {
            command.env(name, value);
        }
        command
            .env("LOGODESK_DATA_DIR", &self.data)
            .env("LOGODESK_TEAM_DATABASE", &self.team)
            .env("LOGODESK_ACCOUNT", ACCOUNT)
            .env("CREDENTIALS_DIRECTORY", &self.credentials)
            .env("HOME", &self.home)
            .env("USER", "sender")
            .env("PATH", "/usr/bin:/bin")
            .env("LANG", "C.UTF-8")
            .env("RUST_LOG", "info")
            .stdin(Stdio::null());
        if let Some(pgpass) = &self.pgpass {
            command.env("PGPASSFILE", pgpass);
        }
        command
    }

    /// A command a person runs on the server (as the README's `sudo -u logodesk logodesk
    /// --credentials /etc/logodesk …`): the folder given on the command line.
    fn run(&self, args: &[&str]) -> Output {
        let mut command = self.command(args);
        command
            .env_remove("CREDENTIALS_DIRECTORY")
            .arg("--credentials")
            .arg(&self.credentials);
        run_with_limit(&mut command, PATIENCE)
    }

    fn run_ok(&self, args: &[&str]) -> String {
        let out = self.run(args);
        assert!(
            out.status.success(),
            "server: logodesk {args:?} failed: {}\n{}",
            out.status,
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    /// A secret in the credentials folder, its owner's only.
    fn credential(&self, name: &str, text: &str) {
        let file = self.credentials.join(name);
        std::fs::write(&file, text).unwrap();
        std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o600)).unwrap();
    }

    /// The sender as the unit starts it (`ExecStart=`).
    fn start(&self) -> Runner {
        let args = unit().args;
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        Runner::spawn(self.command(&args))
    }

    /// Its code, as `team desks` says it first.
    fn code(&self) -> String {
        own_code(&self.run_ok(&["team", "desks"]), "the server")
    }
}

/// A team database set up as the README says: the roles script, the owner's `migrate-team`,
/// the desk role's password; TCP on 127.0.0.1 asks for it, the Unix socket does not.
fn team_database() -> PgCluster {
    let cluster = PgCluster::start(&PgOptions {
        tcp: true,
        tls: None,
        password_on_tcp: true,
    })
    .unwrap_or_else(|e| panic!("{e}"));
    let roles = Path::new(env!("CARGO_MANIFEST_DIR")).join("packaging/team/roles.sql");
    cluster.psql_file("postgres", &roles).unwrap();
    cluster
        .psql(
            "postgres",
            &format!("ALTER ROLE logodesk PASSWORD '{DESK_PASSWORD}'"),
        )
        .unwrap();
    let owner = cluster
        .socket_url("logodesk")
        .replace("postgres://postgres@", "postgres://logodesk_owner@");
    let migrate = run_with_limit(
        Command::new(BIN)
            .args(["--team-database", &owner, "migrate-team"])
            .env("RUST_LOG", "warn")
            .env_remove("LOGODESK_TEAM_DATABASE")
            .stdin(Stdio::null()),
        PATIENCE,
    );
    assert!(
        migrate.status.success(),
        "migrate-team: {}",
        String::from_utf8_lossy(&migrate.stderr)
    );
    cluster
}

fn queue(desk: &Desk, reference: &str) {
    let file = desk.home.join(format!("{reference}.json"));
    let body = runner_common::done_logo_order(reference);
    std::fs::write(&file, serde_json::to_vec(&body).unwrap()).unwrap();
    let out = desk.run(&["queue-order", "--account", ACCOUNT, path(&file)]);
    assert!(
        out.status.success(),
        "queue-order {reference}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// Every file under `dir`, read whole.
fn files_under(dir: &Path) -> Vec<(PathBuf, Vec<u8>)> {
    let mut found = Vec::new();
    let mut todo = vec![dir.to_owned()];
    while let Some(d) = todo.pop() {
        for entry in std::fs::read_dir(&d).unwrap().flatten() {
            let p = entry.path();
            if p.is_dir() {
                todo.push(p);
            } else if let Ok(bytes) = std::fs::read(&p) {
                found.push((p, bytes));
            }
        }
    }
    found
}

#[test]
fn a_sender_on_a_server_without_a_keychain_sends_a_desks_orders_once_across_a_restart() {
    let unit = unit();
    for name in ["api-key", "team-password", "desk-key"] {
        assert!(
            unit.credentials.iter().any(|c| c == name),
            "the unit loads the credential {name}"
        );
    }
    let root = tempfile::tempdir().unwrap();
    let (sandbox, service) = crate::team_desks::sandbox(root.path());
    let cluster = team_database();
    let desk_url = cluster
        .socket_url("logodesk")
        .replace("postgres://postgres@", "postgres://logodesk@");
    let server_url = format!("postgres://logodesk@127.0.0.1:{}/logodesk", cluster.port);

    // A desk of the team, with its account and key (a laptop, with its keyring).
    let anna = Desk::new(root.path(), "Anna", &desk_url);
    let key = logodesk::sandbox::fixtures().vendor_api_key;
    let key_file = anna.home.join("vendor.key");
    std::fs::write(&key_file, format!("{key}\n")).unwrap();
    std::fs::set_permissions(&key_file, std::fs::Permissions::from_mode(0o600)).unwrap();
    let out = anna.run(&[
        "account",
        "add",
        ACCOUNT,
        "--url",
        &sandbox.base,
        "--api-key-file",
        path(&key_file),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );

    // The server: its secrets as files, its desk key made once.
    let server = Server::new(root.path(), &server_url);
    let made = server.run_ok(&["team", "new-desk-key"]);
    server.credential("desk-key", &made);
    server.credential("api-key", &format!("{key}\n"));

    // A shared password file is refused with a sentence, and nothing connects.
    server.credential("team-password", &format!("{DESK_PASSWORD}\n"));
    let file = server.credentials.join("team-password");
    std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o644)).unwrap();
    let refused = server.run(&["team", "desks"]);
    let said = String::from_utf8_lossy(&refused.stderr);
    assert!(!refused.status.success(), "{said}");
    assert!(said.contains("chmod 600"), "{said}");
    assert!(!said.contains(DESK_PASSWORD), "{said}");
    std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o600)).unwrap();

    // The server trusts the desk (the README's `team trust`), and keeps one code across runs.
    let code = server.code();
    server.run_ok(&["team", "trust", &anna.code()]);
    assert_eq!(
        server.code(),
        code,
        "the desk key in the folder is the server's for good"
    );

    // A desk queues; the sender, started as the unit starts it, sends it.
    queue(&anna, "SRV-1");
    let mut sender = server.start();
    sender.wait_for_line(PATIENCE, |l| l.starts_with("sent") && l.contains("SRV-1"));
    let (status, lines, stderr) = sender.terminate(PATIENCE);
    assert!(
        status.success(),
        "SIGTERM ends it cleanly: {status:?}\n{stderr}"
    );
    assert!(
        !stderr.contains(key.as_str()) && !stderr.contains(DESK_PASSWORD),
        "no secret in the log"
    );
    drop(lines);

    // Restarted (Restart=on-failure, or a reboot) with PostgreSQL's own password file instead
    // of the credential: the next order goes, the first is not sent again.
    std::fs::remove_file(&file).unwrap();
    let pgpass = server.home.join("pgpass");
    std::fs::write(
        &pgpass,
        format!(
            "127.0.0.1:{}:logodesk:logodesk:{DESK_PASSWORD}\n",
            cluster.port
        ),
    )
    .unwrap();
    std::fs::set_permissions(&pgpass, std::fs::Permissions::from_mode(0o600)).unwrap();
    let server = Server {
        pgpass: Some(pgpass),
        ..server
    };
    queue(&anna, "SRV-2");
    let mut sender = server.start();
    let line = sender.wait_for_line(PATIENCE, |l| l.starts_with("sent"));
    assert!(line.contains("SRV-2"), "only the new order is sent: {line}");
    let (status, lines, stderr) = sender.terminate(PATIENCE);
    assert!(status.success(), "{status:?}\n{stderr}");
    assert!(
        lines.iter().all(|l| !l.contains("SRV-1")),
        "the first order is not sent again: {lines:?}"
    );

    assert_eq!(sandbox.terminate(PATIENCE), 0);
    runner_common::server_orders(&service, "SRV-").assert_each_once(2);

    // Kept where they are: neither the key, the password nor the desk key in a file of ours.
    let desk_key = made.trim();
    for (file, bytes) in files_under(&server.data) {
        let text = String::from_utf8_lossy(&bytes);
        for secret in [key.as_str(), DESK_PASSWORD, desk_key] {
            assert!(!text.contains(secret), "{} holds a secret", file.display());
        }
    }
}
