//! A throwaway PostgreSQL server for tests, from Debian's `postgresql` package (no Docker, no
//! download): `initdb` and `pg_ctl` on a temporary folder, listening on a Unix socket in that
//! folder (and, when asked, on `127.0.0.1` for TLS tests), one server per test binary and one
//! database per test.
//!
//! Used by integration tests (`mod pg_cluster;` next to `common`) and by the library's unit tests
//! (`#[cfg(test)] #[path = "../../tests/common/pg_cluster.rs"] mod pg_cluster;`), so it depends on
//! nothing but `std`.
//!
//! - The programs are looked for in `$LOGODESK_PG_BIN`, then `pg_config --bindir`, then
//!   `/usr/lib/postgresql/<newest>/bin`, then the `PATH`.
//! - PostgreSQL refuses to run as root: as root (CI), the folder is given to the `postgres` user
//!   and both programs run through `runuser -u postgres --`.
//! - The server outlives no test binary: a small watchdog shell started beside it stops it
//!   (`pg_ctl -m immediate`) and removes the folder as soon as the test process is gone, also
//!   after a panic or a SIGKILL (statics are never dropped, so a `Drop` could not do it).
//! - `fsync=off` is for tests only; what people run keeps PostgreSQL's defaults.
//! - Without the programs a test fails with a sentence saying how to install them, under CI and
//!   elsewhere: a green test must have checked something.

#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::OnceLock;
use std::sync::atomic::{AtomicUsize, Ordering};

/// A running test server.
#[derive(Debug)]
pub struct PgCluster {
    /// The cluster's folder (data, socket, log); removed by the watchdog.
    pub dir: PathBuf,
    /// The port (also names the Unix socket file).
    pub port: u16,
    /// Whether it listens on `127.0.0.1` too.
    pub tcp: bool,
    bin: PathBuf,
    as_postgres: bool,
}

/// What to start.
#[derive(Debug, Default, Clone)]
pub struct PgOptions {
    /// Also listen on `127.0.0.1:<port>` (TLS and password tests need TCP).
    pub tcp: bool,
    /// `ssl = on` with this certificate and key (PEM), for TCP connections.
    pub tls: Option<(String, String)>,
    /// Password authentication (`scram-sha-256`) for TCP connections instead of trust.
    pub password_on_tcp: bool,
}

static SHARED: OnceLock<PgCluster> = OnceLock::new();
static DATABASES: AtomicUsize = AtomicUsize::new(0);

/// The test binary's server (plain: Unix socket, trust), started on first use.
pub fn shared() -> &'static PgCluster {
    SHARED.get_or_init(|| PgCluster::start(&PgOptions::default()).unwrap_or_else(|e| panic!("{e}")))
}

fn is_root() -> bool {
    Command::new("id")
        .arg("-u")
        .output()
        .map(|o| String::from_utf8_lossy(&o.stdout).trim() == "0")
        .unwrap_or(false)
}

fn has_initdb(dir: &Path) -> bool {
    dir.join("initdb").is_file() && dir.join("pg_ctl").is_file()
}

/// Where `initdb` and `pg_ctl` are.
pub fn bin_dir() -> Result<PathBuf, String> {
    if let Some(dir) = std::env::var_os("LOGODESK_PG_BIN") {
        let dir = PathBuf::from(dir);
        return if has_initdb(&dir) {
            Ok(dir)
        } else {
            Err(format!(
                "LOGODESK_PG_BIN={} has no initdb and pg_ctl",
                dir.display()
            ))
        };
    }
    if let Ok(out) = Command::new("pg_config").arg("--bindir").output() {
        let dir = PathBuf::from(String::from_utf8_lossy(&out.stdout).trim());
        if out.status.success() && has_initdb(&dir) {
            return Ok(dir);
        }
    }
    if let Ok(entries) = std::fs::read_dir("/usr/lib/postgresql") {
        let mut versions: Vec<(u32, PathBuf)> = entries
            .flatten()
            .filter_map(|e| {
                let v = e.file_name().to_string_lossy().parse::<u32>().ok()?;
                let bin = e.path().join("bin");
                has_initdb(&bin).then_some((v, bin))
            })
            .collect();
        versions.sort();
        if let Some((_, bin)) = versions.pop() {
            return Ok(bin);
        }
    }
    if let Some(path) = std::env::var_os("PATH") {
        for dir in std::env::split_paths(&path) {
            if has_initdb(&dir) {
                return Ok(dir);
            }
        }
    }
    Err(
        "PostgreSQL's initdb and pg_ctl were not found: install Debian's `postgresql` package \
         (apt-get install postgresql; .ci/run does), or set LOGODESK_PG_BIN to their folder"
            .to_owned(),
    )
}

fn free_port() -> Result<u16, String> {
    let l = std::net::TcpListener::bind("127.0.0.1:0").map_err(|e| format!("no free port: {e}"))?;
    l.local_addr().map(|a| a.port()).map_err(|e| e.to_string())
}

impl PgCluster {
    /// Makes and starts a new cluster.
    pub fn start(options: &PgOptions) -> Result<PgCluster, String> {
        let bin = bin_dir()?;
        let as_postgres = is_root();
        // Short and under /tmp: a Unix socket path has at most 107 bytes.
        let base = std::env::temp_dir().join(format!(
            "ldpg-{}-{}",
            std::process::id(),
            DATABASES.fetch_add(1, Ordering::SeqCst)
        ));
        let _ = std::fs::remove_dir_all(&base);
        std::fs::create_dir_all(&base).map_err(|e| format!("{}: {e}", base.display()))?;
        let port = free_port()?;
        let cluster = PgCluster {
            dir: base.clone(),
            port,
            tcp: options.tcp,
            bin,
            as_postgres,
        };
        cluster.watch()?;
        if as_postgres {
            let ok = Command::new("chown")
                .args(["-R", "postgres:postgres"])
                .arg(&base)
                .status()
                .map_err(|e| format!("chown: {e}"))?;
            if !ok.success() {
                return Err(format!("chown postgres {} failed", base.display()));
            }
        }
        let data = base.join("data");
        let initdb = cluster.run(
            "initdb",
            &[
                "-D",
                &data.to_string_lossy(),
                "-U",
                "postgres",
                "-A",
                "trust",
                "-E",
                "UTF8",
                "--no-instructions",
                "-N",
            ],
        )?;
        if !initdb.status.success() {
            return Err(format!(
                "initdb failed: {}",
                String::from_utf8_lossy(&initdb.stderr)
            ));
        }
        let mut conf = String::from("fsync = off\nmax_connections = 200\n");
        conf += &format!("unix_socket_directories = '{}'\n", base.display());
        conf += &format!(
            "listen_addresses = '{}'\nport = {port}\n",
            if options.tcp { "127.0.0.1" } else { "" }
        );
        if let Some((cert, key)) = &options.tls {
            cluster.write_owned(&data.join("server.crt"), cert)?;
            cluster.write_owned(&data.join("server.key"), key)?;
            conf += "ssl = on\nssl_cert_file = 'server.crt'\nssl_key_file = 'server.key'\n";
        }
        cluster.append(&data.join("postgresql.conf"), &conf)?;
        if options.password_on_tcp {
            // Unix socket: trust (the tests' own set-up); TCP: a password.
            cluster.write_owned(
                &data.join("pg_hba.conf"),
                "local all all trust\nhost all all 127.0.0.1/32 scram-sha-256\n",
            )?;
        }
        cluster.restart()?;
        Ok(cluster)
    }

    /// Runs one of the server's programs (as `postgres` when we are root).
    fn run(&self, program: &str, args: &[&str]) -> Result<std::process::Output, String> {
        let exe = self.bin.join(program);
        let mut cmd = if self.as_postgres {
            let mut c = Command::new("runuser");
            c.args(["-u", "postgres", "--"]).arg(&exe);
            c
        } else {
            Command::new(&exe)
        };
        cmd.args(args)
            .stdin(Stdio::null())
            .output()
            .map_err(|e| format!("{}: {e}", exe.display()))
    }

    fn write_owned(&self, path: &Path, text: &str) -> Result<(), String> {
        std::fs::write(path, text).map_err(|e| format!("{}: {e}", path.display()))?;
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt as _;
            let _ = std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o600));
        }
        if self.as_postgres {
            let _ = Command::new("chown")
                .arg("postgres:postgres")
                .arg(path)
                .status();
        }
        Ok(())
    }

    fn append(&self, path: &Path, text: &str) -> Result<(), String> {
        use std::io::Write as _;
        let mut f = std::fs::OpenOptions::new()
            .append(true)
            .open(path)
            .map_err(|e| format!("{}: {e}", path.display()))?;
        f.write_all(text.as_bytes())
            .map_err(|e| format!("{}: {e}", path.display()))
    }

    /// Starts the watchdog: once this test process is gone, the server is stopped at once
    /// and its folder removed.
    fn watch(&self) -> Result<(), String> {
        let pg_ctl = self.bin.join("pg_ctl");
        let data = self.dir.join("data");
        let stop = format!(
            "{} '{}' -D '{}' -m immediate stop",
            if self.as_postgres {
                "runuser -u postgres --"
            } else {
                ""
            },
            pg_ctl.display(),
            data.display()
        );
        let script = format!(
            "while kill -0 {pid} 2>/dev/null; do sleep 0.5; done; {stop} >/dev/null 2>&1; rm -rf '{dir}'",
            pid = std::process::id(),
            dir = self.dir.display()
        );
        Command::new("sh")
            .args(["-c", &script])
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .map(|_| ())
            .map_err(|e| format!("watchdog: {e}"))
    }

    /// The Unix socket's folder (`host=` of a connection string).
    pub fn socket_dir(&self) -> &Path {
        &self.dir
    }

    /// A libpq-style connection string to `db` over the Unix socket as `postgres`.
    pub fn conninfo(&self, db: &str) -> String {
        format!(
            "host={} port={} user=postgres dbname={db}",
            self.dir.display(),
            self.port
        )
    }

    /// A `postgres://` address of `db` over the Unix socket as `postgres`, as a person types
    /// it in Settings → Team.
    pub fn socket_url(&self, db: &str) -> String {
        format!(
            "postgres://postgres@/{db}?host={}&port={}",
            self.dir.display(),
            self.port
        )
    }

    /// Runs SQL through `psql` over the Unix socket (set-up that the code under test must
    /// not do itself: roles, grants, databases). Fails with psql's words.
    pub fn psql(&self, db: &str, sql: &str) -> Result<String, String> {
        self.psql_with(db, &["-c", sql])
    }

    /// Runs the SQL file `path` through `psql` as `postgres`, starting in `db` (a script that
    /// `\connect`s on by itself, as the README's roles script does).
    pub fn psql_file(&self, db: &str, path: &Path) -> Result<String, String> {
        self.psql_with(db, &["-f", &path.to_string_lossy()])
    }

    fn psql_with(&self, db: &str, what: &[&str]) -> Result<String, String> {
        let psql = if self.bin.join("psql").is_file() {
            self.bin.join("psql")
        } else {
            PathBuf::from("psql")
        };
        let out = Command::new(psql)
            .args(["-X", "-q", "-t", "-A", "-v", "ON_ERROR_STOP=1"])
            .arg("-h")
            .arg(&self.dir)
            .arg("-p")
            .arg(self.port.to_string())
            .args(["-U", "postgres", "-d", db])
            .args(what)
            .stdin(Stdio::null())
            .output()
            .map_err(|e| format!("psql: {e}"))?;
        if out.status.success() {
            Ok(String::from_utf8_lossy(&out.stdout).trim().to_owned())
        } else {
            Err(format!("psql: {}", String::from_utf8_lossy(&out.stderr)))
        }
    }

    /// The whole of database `db` as `pg_dump` writes it (plain SQL, every table's rows):
    /// what a backup of the team database would hold.
    pub fn dump(&self, db: &str) -> Result<Vec<u8>, String> {
        let pg_dump = if self.bin.join("pg_dump").is_file() {
            self.bin.join("pg_dump")
        } else {
            PathBuf::from("pg_dump")
        };
        let out = Command::new(pg_dump)
            .arg("-h")
            .arg(&self.dir)
            .arg("-p")
            .arg(self.port.to_string())
            .args(["-U", "postgres", "--no-owner", db])
            .stdin(Stdio::null())
            .output()
            .map_err(|e| format!("pg_dump: {e}"))?;
        if out.status.success() {
            Ok(out.stdout)
        } else {
            Err(format!("pg_dump: {}", String::from_utf8_lossy(&out.stderr)))
        }
    }

    /// A new empty database of its own for one test; answers its name.
    pub fn create_database(&self) -> String {
        let name = format!("t_{}", DATABASES.fetch_add(1, Ordering::SeqCst));
        self.psql("postgres", &format!("CREATE DATABASE {name}"))
            .unwrap_or_else(|e| panic!("{e}"));
        name
    }

    /// Stops the server abruptly (as a crash or a restart would), keeping its data.
    pub fn stop(&self) -> Result<(), String> {
        let data = self.dir.join("data");
        let out = self.run(
            "pg_ctl",
            &[
                "-D",
                &data.to_string_lossy(),
                "-m",
                "immediate",
                "-w",
                "stop",
            ],
        )?;
        if out.status.success() {
            Ok(())
        } else {
            Err(String::from_utf8_lossy(&out.stderr).into_owned())
        }
    }

    /// Starts the server (again, after [`stop`](Self::stop): on the same port and data),
    /// waiting until it takes connections; fails with pg_ctl's words and the server's log.
    pub fn restart(&self) -> Result<(), String> {
        let data = self.dir.join("data");
        let log = self.dir.join("log");
        let out = self.run(
            "pg_ctl",
            &[
                "-D",
                &data.to_string_lossy(),
                "-w",
                "-t",
                "60",
                "-l",
                &log.to_string_lossy(),
                "start",
            ],
        )?;
        if out.status.success() {
            Ok(())
        } else {
            let log = std::fs::read_to_string(&log).unwrap_or_default();
            Err(format!(
                "pg_ctl start failed: {}{log}",
                String::from_utf8_lossy(&out.stderr)
            ))
        }
    }
}
