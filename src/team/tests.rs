use super::*;
use secrecy::ExposeSecret;

fn address(s: &str) -> TeamAddress {
    s.parse().unwrap_or_else(|e| panic!("{s}: {e}"))
}

#[test]
fn addresses_are_read_with_user_host_port_and_database() {
    let a = address("postgres://desk@db.example.com:6543/team");
    assert_eq!(a.user(), "desk");
    assert_eq!(a.database(), "team");
    assert_eq!(a.hosts(), vec![HostKind::Tcp("db.example.com".into())]);
    assert_eq!(a.config().get_ports(), &[6543]);
    let b = address("postgresql://desk@localhost/team");
    assert_eq!(b.hosts(), vec![HostKind::Tcp("localhost".into())]);
    let socket = address("postgres://desk@/team?host=/run/postgresql");
    assert_eq!(
        socket.hosts(),
        vec![HostKind::Socket(PathBuf::from("/run/postgresql"))]
    );
    assert_eq!(
        format!("{a:?}"),
        r#"TeamAddress("postgres://desk@db.example.com:6543/team")"#
    );
}

#[test]
fn a_password_in_the_address_is_refused_with_a_sentence() {
    for text in [
        "postgres://desk:hunter2@db.example.com/team",
        "postgres://desk@db.example.com/team?password=hunter2",
    ] {
        let e = text.parse::<TeamAddress>().unwrap_err();
        assert_eq!(e, TeamError::PasswordInAddress, "{text}");
        let sentence = e.to_string();
        assert!(sentence.contains("keychain"), "{sentence}");
        assert!(!sentence.contains("hunter2"), "{sentence}");
    }
}

#[test]
fn bad_addresses_are_sentences() {
    let cases = [
        ("mysql://desk@db/team", TeamError::Scheme),
        ("db.example.com", TeamError::Scheme),
        ("postgres://db.example.com/team", TeamError::NoUser),
        ("postgres://desk@db.example.com", TeamError::NoDatabase),
    ];
    for (text, expected) in cases {
        let e = text.parse::<TeamAddress>().unwrap_err();
        assert_eq!(e, expected, "{text}");
        assert!(e.to_string().ends_with('.'), "{text}: {e}");
    }
    let e = "postgres://desk@db.example.com:notaport/team"
        .parse::<TeamAddress>()
        .unwrap_err();
    assert!(matches!(e, TeamError::Invalid(_)), "{e:?}");
    assert!(
        e.to_string()
            .starts_with("The team database's address cannot be read"),
        "{e}"
    );
}

/// `(where the socket goes, TLS, on this computer)` for each target of `text`.
fn plan(text: &str) -> Vec<(String, Tls, bool)> {
    address(text)
        .targets()
        .into_iter()
        .map(|t| {
            let to = match &t.route {
                wire::Route::Tcp { host, port } => format!("{host}:{port}"),
                wire::Route::Socket { dir, port } => format!("{}#{port}", dir.display()),
            };
            (to, t.tls, t.local)
        })
        .collect()
}

fn tcp(to: &str, tls: Tls, local: bool) -> (String, Tls, bool) {
    (to.to_owned(), tls, local)
}

/// TLS is decided for every address the connection may use, the one its
/// socket really goes to (`hostaddr` over `host`), never from the host's name alone.
#[test]
fn tls_is_decided_on_every_address_the_connection_may_use() {
    use Tls::{Off, Required};
    // One host: loopback by address or name, or a socket, is on this computer.
    for host in ["127.0.0.1", "127.8.9.10", "[::1]", "localhost", "LOCALHOST"] {
        let text = format!("postgres://d@{host}/t");
        let [(_, tls, local)] = plan(&text)[..] else {
            panic!("{text}: one target")
        };
        assert_eq!((tls, local), (Off, true), "{text}");
        let text = format!("postgres://d@{host}/t?sslmode=require");
        assert_eq!(plan(&text)[0].1, Required, "{text}");
    }
    for host in [
        "db.example.com",
        "10.0.0.5",
        "128.0.0.1",
        "[::2]",
        "localhost.example.com",
    ] {
        for mode in ["", "?sslmode=prefer", "?sslmode=require"] {
            let text = format!("postgres://d@{host}/t{mode}");
            assert_eq!(plan(&text)[0].1, Required, "{text}");
            assert!(!plan(&text)[0].2, "{text}");
        }
        // sslmode=disable: off, and said to be off this computer (Settings must allow it).
        let text = format!("postgres://d@{host}/t?sslmode=disable");
        assert_eq!(plan(&text)[0].1, Off, "{text}");
        assert!(
            address(&text).unencrypted_off_this_computer().is_some(),
            "{text}"
        );
    }
    assert_eq!(
        plan("postgres://d@/t?host=/run/postgresql"),
        [("/run/postgresql#5432".to_owned(), Off, true)]
    );
    assert!(
        address("postgres://d@localhost/t?sslmode=disable")
            .unencrypted_off_this_computer()
            .is_none(),
        "disable on this computer needs nothing more"
    );

    // The issue's bypass: `localhost` named, the connection sent elsewhere by hostaddr.
    assert_eq!(
        plan("postgres://d@localhost:5433/t?hostaddr=203.0.113.7"),
        [tcp("203.0.113.7:5433", Required, false)]
    );
    // A socket's folder named, the connection sent over TCP by hostaddr.
    assert_eq!(
        plan("postgres://d@/t?host=/run/postgresql&hostaddr=203.0.113.7"),
        [tcp("203.0.113.7:5432", Required, false)]
    );
    // hostaddr alone.
    assert_eq!(
        plan("postgres://d@/t?hostaddr=203.0.113.7"),
        [tcp("203.0.113.7:5432", Required, false)]
    );
    assert_eq!(
        plan("postgres://d@/t?hostaddr=127.0.0.1"),
        [tcp("127.0.0.1:5432", Off, true)]
    );
    // A server's name sent to loopback (a tunnel's end): still TLS, for that name.
    let tunnel = address("postgres://d@db.example.com/t?hostaddr=127.0.0.1");
    assert_eq!(tunnel.targets()[0].tls, Required);
    assert_eq!(tunnel.targets()[0].name, "db.example.com");
    assert_eq!(tunnel.host_text(), "db.example.com (127.0.0.1)");

    // A list of hosts: each decided for itself, ports one each or one for all.
    assert_eq!(
        plan("postgres://d@localhost:5432,db.example.com:6543/t"),
        [
            tcp("localhost:5432", Off, true),
            tcp("db.example.com:6543", Required, false)
        ]
    );
    assert_eq!(
        plan("postgres://d@localhost:5439,localhost:5439/t?hostaddr=127.0.0.1,203.0.113.7"),
        [
            tcp("127.0.0.1:5439", Off, true),
            tcp("203.0.113.7:5439", Required, false)
        ]
    );
    let list = address("postgres://d@localhost,db.example.com/t?sslmode=disable");
    assert_eq!(
        list.unencrypted_off_this_computer().map(|t| t.to_string()),
        Some("db.example.com".to_owned())
    );

    // What the client would refuse when connecting is refused as the address is read.
    for text in [
        "postgres://d@a,b/t?hostaddr=127.0.0.1",
        "postgres://d@a,b,c/t?port=1,2",
        "postgres://d@localhost/t?sslmode=verify-full",
        "postgres://d@localhost/t?hostaddr=not-an-ip",
    ] {
        assert!(
            matches!(text.parse::<TeamAddress>(), Err(TeamError::Invalid(_))),
            "{text}"
        );
    }
    assert_eq!(
        "postgres://d@/t".parse::<TeamAddress>().unwrap_err(),
        TeamError::NoHost
    );
}

#[test]
fn settings_never_show_the_password_in_debug() {
    let settings = TeamSettings {
        address: address("postgres://desk@db.example.com/team"),
        password: Some(SecretString::from("hunter2")),
        ca_file: None,
        desk_name: "Alice".into(),
        allow_unencrypted: false,
    };
    let shown = format!("{settings:?}");
    assert!(!shown.contains("hunter2"), "{shown}");
    assert!(shown.contains("[redacted]"), "{shown}");
    assert_eq!(
        settings.password.as_ref().map(|p| p.expose_secret()),
        Some("hunter2")
    );
}

#[test]
fn the_desk_is_named_after_the_computers_user() {
    let env = |pairs: &'static [(&'static str, &'static str)]| {
        move |k: &str| {
            pairs
                .iter()
                .find(|(n, _)| *n == k)
                .map(|(_, v)| v.to_string())
        }
    };
    assert_eq!(
        desk_name_from(env(&[("USER", "alice"), ("USERNAME", "x")])),
        "alice"
    );
    assert_eq!(
        desk_name_from(env(&[("USER", " "), ("USERNAME", "Bob")])),
        "Bob"
    );
    assert_eq!(
        desk_name_from(env(&[("HOSTNAME", "kontor-pc")])),
        "kontor-pc"
    );
    assert_eq!(
        desk_name_from(env(&[])),
        crate::tr!("team-desk-unnamed"),
        "no user, no computer name: a word in the person's language"
    );
}

#[test]
fn the_run_address_wins_over_the_saved_one_and_the_password_comes_from_the_keychain() {
    let dir = tempfile::tempdir().unwrap();
    let keychain = crate::keychain::Keychain::with_store(keyring_core::mock::Store::new().unwrap());
    assert_eq!(SavedTeam::load(dir.path()).unwrap(), SavedTeam::default());
    assert!(
        SavedTeam::default()
            .resolve(None, &keychain)
            .unwrap()
            .is_none()
    );

    let saved = SavedTeam {
        address: Some("postgres://desk@saved.example.com/team".into()),
        ca_file: Some(PathBuf::from("/etc/team-ca.pem")),
        desk_name: Some("Front desk".into()),
        allow_unencrypted: false,
    };
    saved.save(dir.path()).unwrap();
    let loaded = SavedTeam::load(dir.path()).unwrap();
    assert_eq!(loaded, saved);
    let file = std::fs::read_to_string(dir.path().join("team.json")).unwrap();
    keychain
        .set_team_password(&SecretString::from("hunter2"))
        .unwrap();
    assert!(!file.contains("hunter2"));

    let s = loaded.resolve(None, &keychain).unwrap().unwrap();
    assert_eq!(
        s.address.to_string(),
        "postgres://desk@saved.example.com/team"
    );
    assert_eq!(
        s.password.as_ref().map(|p| p.expose_secret()),
        Some("hunter2")
    );
    assert_eq!(s.desk_name, "Front desk");
    let run = address("postgres://desk@run.example.com/team");
    let s = loaded.resolve(Some(&run), &keychain).unwrap().unwrap();
    assert_eq!(s.address, run);
    assert_eq!(
        s.ca_file.as_deref(),
        Some(std::path::Path::new("/etc/team-ca.pem"))
    );

    // A password never reaches the file.
    let bad = SavedTeam {
        address: Some("postgres://desk:pw@db/team".into()),
        ..SavedTeam::default()
    };
    assert!(matches!(
        bad.save(dir.path()),
        Err(SavedError::Address(TeamError::PasswordInAddress))
    ));
    assert_eq!(SavedTeam::load(dir.path()).unwrap(), saved);
}

/// Against a real PostgreSQL (tests/common/pg_cluster.rs).
mod live {
    use super::super::*;
    use crate::store::testing::pg_cluster::{PgCluster, PgOptions, shared};
    use std::path::Path;
    use std::process::Command;
    use std::sync::OnceLock;

    fn settings(url: &str, desk: &str) -> TeamSettings {
        TeamSettings {
            address: url.parse().unwrap_or_else(|e| panic!("{url}: {e}")),
            password: None,
            ca_file: None,
            desk_name: desk.into(),
            allow_unencrypted: false,
        }
    }

    /// Why these settings cannot connect (a connection is a failed test).
    fn refused(settings: &TeamSettings) -> TeamError {
        match connect(settings) {
            Ok(_) => panic!("{settings:?} connected"),
            Err(e) => e,
        }
    }

    #[test]
    fn test_connection_reports_the_version_the_schema_and_the_desks_connected_now() {
        let cluster = shared();
        let db = cluster.create_database();
        let url = cluster.socket_url(&db);
        // Bob's desk is connected while Alice tests hers.
        let _bob = connect(&settings(&url, "Bob")).unwrap_or_else(|e| panic!("{e}"));
        let report = test_connection(&settings(&url, "Alice")).unwrap_or_else(|e| panic!("{e}"));
        let version = cluster.psql(&db, "SHOW server_version").unwrap();
        assert_eq!(report.server_version, version);
        assert!(!report.tls, "a Unix socket has no TLS");
        assert!(!report.schema_exists);
        assert!(report.may_create_schema, "postgres may create");
        let names: Vec<(&str, bool)> = report
            .desks
            .iter()
            .map(|d| (d.name.as_str(), d.this_desk))
            .collect();
        assert!(names.contains(&("Bob", false)), "{names:?}");
        assert!(names.contains(&("Alice", true)), "{names:?}");
        assert!(
            report
                .desks
                .iter()
                .all(|d| chrono::DateTime::parse_from_rfc3339(&d.since).is_ok()),
            "{report:?}"
        );
        // The name the server sees.
        let seen = cluster
            .psql(
                &db,
                "SELECT count(*) FROM pg_stat_activity WHERE application_name = 'logodesk Bob'",
            )
            .unwrap();
        assert_eq!(seen, "1");

        cluster
            .psql(&db, "CREATE ROLE desk LOGIN; CREATE SCHEMA logodesk")
            .unwrap();
        let desk_url = url.replace("postgres://postgres@", "postgres://desk@");
        let report =
            test_connection(&settings(&desk_url, "Carol")).unwrap_or_else(|e| panic!("{e}"));
        assert!(report.schema_exists);
        assert!(!report.may_create_schema, "a plain role may not create");
    }

    /// A statement of a desk waits at most the lock timeout for a row another session keeps
    /// locked (a hung or hostile server, a frozen colleague's transaction), then fails with a
    /// sentence: the store's lane is never held for good.
    #[test]
    fn a_row_another_session_keeps_locked_is_waited_for_a_bounded_time() {
        use super::super::connect::LOCK_TIMEOUT;
        let cluster = shared();
        let db = cluster.create_database();
        let url = cluster.socket_url(&db);
        let mut holder = connect(&settings(&url, "Frozen")).unwrap_or_else(|e| panic!("{e}"));
        holder
            .batch_execute("CREATE TABLE t (id INT PRIMARY KEY); INSERT INTO t VALUES (1)")
            .unwrap();
        holder
            .batch_execute("BEGIN; SELECT * FROM t WHERE id = 1 FOR UPDATE")
            .unwrap();
        let mut desk = connect(&settings(&url, "Alice")).unwrap_or_else(|e| panic!("{e}"));
        let e = desk
            .execute("UPDATE t SET id = 2 WHERE id = 1", &[])
            .expect_err("the locked row is not waited for forever");
        // Ended by the desk's lock timeout (LOCK_NOT_AVAILABLE), not by anything else.
        let crate::store::StoreError::Postgres(pe) = &e else {
            panic!("{e:?}");
        };
        assert_eq!(
            pe.code(),
            Some(&postgres::error::SqlState::LOCK_NOT_AVAILABLE),
            "{e}"
        );
        let timeout = desk.query_one("SHOW lock_timeout", &[]).unwrap();
        assert_eq!(
            timeout.get::<_, String>(0),
            format!("{}s", LOCK_TIMEOUT.as_secs())
        );
        let said = e.to_string();
        assert!(said.contains("lock timeout"), "{said}");
        holder.batch_execute("ROLLBACK").unwrap();
    }

    #[test]
    fn a_missing_database_and_a_closed_port_are_sentences() {
        let cluster = shared();
        let url = cluster.socket_url("no_such_db");
        let e = refused(&settings(&url, "Alice"));
        assert_eq!(e, TeamError::NoSuchDatabase("no_such_db".into()));
        // A port where nothing listens (the shared cluster has no TCP).
        let e = refused(&settings(
            &format!("postgres://postgres@127.0.0.1:{}/x", cluster.port),
            "Alice",
        ));
        assert!(matches!(e, TeamError::Unreachable { .. }), "{e:?}");
        assert!(e.to_string().contains("127.0.0.1"), "{e}");
    }

    /// A test authority and a server certificate for `db.team.test` it signed (openssl).
    struct Certs {
        ca: std::path::PathBuf,
        cert: String,
        key: String,
    }

    fn openssl(dir: &Path, args: &[&str]) {
        let out = Command::new("openssl")
            .args(args)
            .current_dir(dir)
            .output()
            .unwrap_or_else(|e| panic!("openssl (install the openssl package): {e}"));
        assert!(
            out.status.success(),
            "openssl {args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }

    fn certs(dir: &Path) -> Certs {
        std::fs::create_dir_all(dir).unwrap();
        let ec = [
            "-newkey",
            "ec",
            "-pkeyopt",
            "ec_paramgen_curve:P-256",
            "-nodes",
        ];
        let mut ca = vec!["req", "-x509"];
        ca.extend(ec);
        ca.extend([
            "-keyout",
            "ca.key",
            "-out",
            "ca.crt",
            "-days",
            "2",
            "-subj",
            "/CN=logodesk test CA",
        ]);
        openssl(dir, &ca);
        let mut csr = vec!["req"];
        csr.extend(ec);
        csr.extend([
            "-keyout",
            "server.key",
            "-out",
            "server.csr",
            "-subj",
            "/CN=db.team.test",
        ]);
        openssl(dir, &csr);
        std::fs::write(
            dir.join("ext.cnf"),
            "subjectAltName=DNS:db.team.test\nbasicConstraints=CA:FALSE\n\
             keyUsage=digitalSignature\nextendedKeyUsage=serverAuth\n",
        )
        .unwrap();
        openssl(
            dir,
            &[
                "x509",
                "-req",
                "-in",
                "server.csr",
                "-CA",
                "ca.crt",
                "-CAkey",
                "ca.key",
                "-CAcreateserial",
                "-out",
                "server.crt",
                "-days",
                "2",
                "-extfile",
                "ext.cnf",
            ],
        );
        Certs {
            ca: dir.join("ca.crt"),
            cert: std::fs::read_to_string(dir.join("server.crt")).unwrap(),
            key: std::fs::read_to_string(dir.join("server.key")).unwrap(),
        }
    }

    /// A server with TLS and passwords on 127.0.0.1, its CA file, and a role `desk`.
    fn tls_cluster() -> &'static (PgCluster, std::path::PathBuf) {
        static CLUSTER: OnceLock<(PgCluster, std::path::PathBuf)> = OnceLock::new();
        CLUSTER.get_or_init(|| {
            let dir = std::env::temp_dir().join(format!("ldtls-{}", std::process::id()));
            let certs = certs(&dir);
            let cluster = PgCluster::start(&PgOptions {
                tcp: true,
                tls: Some((certs.cert, certs.key)),
                password_on_tcp: true,
            })
            .unwrap_or_else(|e| panic!("{e}"));
            cluster
                .psql("postgres", "CREATE ROLE desk LOGIN PASSWORD 'team-pw'")
                .unwrap();
            (cluster, certs.ca)
        })
    }

    /// `db.team.test` is not loopback, so TLS is required; `hostaddr` sends the connection to
    /// the test server on 127.0.0.1 while the certificate is checked for the name.
    fn remote_url(cluster: &PgCluster) -> String {
        format!(
            "postgres://desk@db.team.test:{}/postgres?hostaddr=127.0.0.1",
            cluster.port
        )
    }

    #[test]
    fn tls_to_a_trusted_certificate_is_on_and_an_untrusted_one_is_a_sentence() {
        let (cluster, ca) = tls_cluster();
        let mut s = settings(&remote_url(cluster), "Alice");
        s.password = Some(SecretString::from("team-pw"));
        s.ca_file = Some(ca.clone());
        let report = test_connection(&s).unwrap_or_else(|e| panic!("{e}"));
        assert!(report.tls, "{report:?}");

        // The system's roots do not know the test authority.
        s.ca_file = None;
        let e = refused(&s);
        assert!(matches!(e, TeamError::TlsUntrusted { .. }), "{e:?}");
        assert!(
            e.to_string()
                .starts_with("The server's certificate is not trusted"),
            "{e}"
        );

        // A wrong password is a sentence naming the user.
        s.ca_file = Some(ca.clone());
        s.password = Some(SecretString::from("wrong"));
        let e = refused(&s);
        assert_eq!(e, TeamError::Auth("desk".into()));
        s.password = None;
        assert_eq!(refused(&s), TeamError::PasswordMissing);
    }

    /// The usual self-made certificate (`openssl req -x509`, CA:TRUE as OpenSSL makes it) on
    /// the server, chosen as the CA file: trusted as it is (pinned). Another self-made one
    /// chosen instead is a sentence, as is a name the CA-signed certificate is not for.
    #[test]
    fn a_self_signed_certificate_chosen_as_the_ca_file_is_pinned_and_refusals_are_sentences() {
        let dir = std::env::temp_dir().join(format!("ldself-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        for name in ["server", "other"] {
            openssl(
                &dir,
                &[
                    "req",
                    "-x509",
                    "-newkey",
                    "rsa:2048",
                    "-nodes",
                    "-keyout",
                    &format!("{name}.key"),
                    "-out",
                    &format!("{name}.crt"),
                    "-days",
                    "2",
                    "-subj",
                    "/CN=db.team.test",
                    "-addext",
                    "subjectAltName=DNS:db.team.test",
                ],
            );
        }
        let read = |f: &str| std::fs::read_to_string(dir.join(f)).unwrap();
        let cluster = PgCluster::start(&PgOptions {
            tcp: true,
            tls: Some((read("server.crt"), read("server.key"))),
            password_on_tcp: true,
        })
        .unwrap_or_else(|e| panic!("{e}"));
        cluster
            .psql("postgres", "CREATE ROLE desk LOGIN PASSWORD 'team-pw'")
            .unwrap();
        let mut s = settings(&remote_url(&cluster), "Alice");
        s.password = Some(SecretString::from("team-pw"));
        s.ca_file = Some(dir.join("server.crt"));
        let report = test_connection(&s).unwrap_or_else(|e| panic!("{e}"));
        assert!(report.tls, "{report:?}");

        // Another self-made certificate chosen: the server's is an authority's (CA:TRUE) that
        // the file does not hold, said as such, with what to do.
        s.ca_file = Some(dir.join("other.crt"));
        let e = refused(&s);
        assert_eq!(
            e,
            TeamError::TlsCaAsServer("db.team.test (127.0.0.1)".into())
        );
        let text = e.to_string();
        assert!(
            text.contains("CA:TRUE") && text.contains("fingerprint"),
            "{text}"
        );

        // The README's recipe (a small CA and a certificate for the server's name), reached
        // by a name the certificate is not for.
        let (signed, ca) = tls_cluster();
        let mut s = settings(
            &format!(
                "postgres://desk@other.team.test:{}/postgres?hostaddr=127.0.0.1",
                signed.port
            ),
            "Alice",
        );
        s.password = Some(SecretString::from("team-pw"));
        s.ca_file = Some(ca.clone());
        let e = refused(&s);
        assert_eq!(
            e,
            TeamError::TlsWrongName("other.team.test (127.0.0.1)".into())
        );
        assert!(e.to_string().contains("not made out to"), "{e}");
        // Its certificate checked against a CA file that did not sign it.
        s.address = remote_url(signed).parse().unwrap();
        s.ca_file = Some(dir.join("other.crt"));
        let e = refused(&s);
        assert!(matches!(e, TeamError::TlsUntrusted { .. }), "{e:?}");
        let text = e.to_string();
        assert!(text.contains("not signed by the CA file chosen"), "{text}");
        assert!(!text.contains("InvalidCertificate"), "{text}");
    }

    #[test]
    fn a_server_without_tls_on_a_name_off_loopback_is_refused() {
        // A plain server (no TLS) on 127.0.0.1, trust auth.
        static PLAIN: OnceLock<PgCluster> = OnceLock::new();
        let cluster = PLAIN.get_or_init(|| {
            PgCluster::start(&PgOptions {
                tcp: true,
                ..PgOptions::default()
            })
            .unwrap_or_else(|e| panic!("{e}"))
        });
        let url = format!(
            "postgres://postgres@db.team.test:{}/postgres?hostaddr=127.0.0.1",
            cluster.port
        );
        let e = refused(&settings(&url, "Alice"));
        assert_eq!(
            e,
            TeamError::TlsNotOffered("db.team.test (127.0.0.1)".into())
        );
        // The same server by its loopback address: no TLS needed.
        let local = format!("postgres://postgres@127.0.0.1:{}/postgres", cluster.port);
        let report = test_connection(&settings(&local, "Alice")).unwrap_or_else(|e| panic!("{e}"));
        assert!(!report.tls);
    }
    /// A listener on `ip` that takes every connection and never answers (silent
    /// server): what each connection sent first (up to 8 bytes) is passed on; the
    /// connections are held open until the test ends.
    fn silent_listener(ip: std::net::IpAddr) -> (u16, std::sync::mpsc::Receiver<Vec<u8>>) {
        use std::io::Read as _;
        let listener = std::net::TcpListener::bind((ip, 0)).unwrap();
        let port = listener.local_addr().unwrap().port();
        let (tx, rx) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let mut held = Vec::new();
            for stream in listener.incoming() {
                let Ok(mut stream) = stream else { return };
                let mut first = [0u8; 8];
                stream
                    .set_read_timeout(Some(std::time::Duration::from_secs(5)))
                    .ok();
                let n = stream.read(&mut first).unwrap_or(0);
                if tx.send(first[..n].to_vec()).is_err() {
                    return;
                }
                held.push(stream);
            }
        });
        (port, rx)
    }

    /// This machine's address on its network (not loopback): where a "remote" server can
    /// listen in a test.
    fn network_address() -> std::net::IpAddr {
        let probe = std::net::UdpSocket::bind("0.0.0.0:0").unwrap();
        probe
            .connect("192.0.2.255:9")
            .or_else(|_| probe.connect("10.255.255.255:9"))
            .expect("a network address of this machine (a route off loopback)");
        let ip = probe.local_addr().unwrap().ip();
        assert!(!ip.is_loopback() && !ip.is_unspecified(), "{ip}");
        ip
    }

    /// The SSLRequest message: what a client sends first when it asks for TLS.
    const SSL_REQUEST: [u8; 8] = [0, 0, 0, 8, 4, 210, 22, 47];

    /// On a real socket: `localhost` named and another machine's address in
    /// `hostaddr` asks that machine for TLS before anything else (it was the start-up in the
    /// clear); `sslmode=disable` sends nothing there until Settings allows it, and then the
    /// start-up goes in the clear, as chosen.
    #[test]
    fn tls_is_asked_of_the_address_the_connection_really_goes_to() {
        let ip = network_address();
        let (port, first) = silent_listener(ip);
        let wait = std::time::Duration::from_secs(15);
        let mut s = settings(
            &format!("postgres://postgres@localhost:{port}/postgres?hostaddr={ip}"),
            "Alice",
        );
        let e = refused(&s);
        assert!(matches!(e, TeamError::Silent { .. }), "{e:?}");
        assert_eq!(first.recv_timeout(wait).unwrap(), SSL_REQUEST, "TLS first");

        s.address =
            format!("postgres://postgres@localhost:{port}/postgres?hostaddr={ip}&sslmode=disable")
                .parse()
                .unwrap();
        let e = refused(&s);
        assert_eq!(
            e,
            TeamError::UnencryptedRefused(format!("localhost ({ip})"))
        );
        assert!(e.to_string().contains("Settings → Team"), "{e}");
        assert!(first.try_recv().is_err(), "nothing sent");

        s.allow_unencrypted = true;
        let e = refused(&s);
        assert!(matches!(e, TeamError::Silent { .. }), "{e:?}");
        let startup = first.recv_timeout(wait).unwrap();
        assert_eq!(
            &startup[4..8],
            &[0, 3, 0, 0],
            "the start-up in the clear: {startup:?}"
        );
    }

    /// A server that takes the connection and never answers is given up
    /// within the bound, with a sentence naming it — in the clear and when TLS is asked.
    #[test]
    fn a_listener_that_accepts_and_never_answers_is_given_up_within_the_bound() {
        let (port, first) = silent_listener("127.0.0.1".parse().unwrap());
        for url in [
            format!("postgres://postgres@127.0.0.1:{port}/postgres"),
            format!("postgres://postgres@db.team.test:{port}/postgres?hostaddr=127.0.0.1"),
        ] {
            let started = std::time::Instant::now();
            let e = refused(&settings(&url, "Alice"));
            let took = started.elapsed();
            assert!(
                took >= CONNECT_BOUND && took < CONNECT_BOUND + std::time::Duration::from_secs(3),
                "{url}: {took:?}"
            );
            assert!(matches!(e, TeamError::Silent { seconds: 10, .. }), "{e:?}");
            let said = e.to_string();
            assert!(
                said.contains(&port.to_string()) || said.contains("127.0.0.1"),
                "{said}"
            );
            first.recv().unwrap();
        }
    }

    /// A value the team database holds that is larger than logodesk reads
    /// (someone wrote it there with plain SQL) fails the call with a sentence naming its
    /// size, never reaching memory; rows of one call past their limit too; and the
    /// connection goes on answering (nothing is out of step, nothing is broken).
    #[test]
    fn a_value_over_the_limit_fails_the_call_with_a_sentence_and_the_connection_goes_on() {
        use crate::store::StoreError;
        use crate::store::db::{Db, PgClient};
        use crate::team::connect::{CALL_LIMIT, COLUMN_LIMIT};
        use std::cell::RefCell;
        let name = shared().create_database();
        let client = connect_to(&shared().socket_url(&name), "test").unwrap();
        let db = Db::Postgres(RefCell::new(PgClient::new(client)));
        let big = COLUMN_LIMIT + 8 * 1024 * 1024;
        shared()
            .psql(
                &name,
                &format!(
                    "CREATE TABLE t (id BIGINT PRIMARY KEY, body TEXT);
                     INSERT INTO t VALUES (1, 'small'), (2, repeat('x', {big}));"
                ),
            )
            .unwrap();
        let e = db
            .query_all("SELECT id, body FROM t ORDER BY id", &[])
            .unwrap_err();
        assert!(
            matches!(e, StoreError::TeamTooLarge { bytes, .. } if bytes == big as u64),
            "{e:?}"
        );
        let said = e.to_string();
        assert!(
            said.contains("40.0 MiB") && said.contains("32.0 MiB"),
            "{said}"
        );
        assert!(!e.is_team_unreachable() && !db.broken());
        let r = db
            .query_row("SELECT body FROM t WHERE id = 1", &[])
            .unwrap();
        assert_eq!(r.get::<String>(0).unwrap(), "small");

        // Each value under the limit, the rows of the call together over theirs.
        let each = COLUMN_LIMIT - 1024;
        let rows = CALL_LIMIT / each + 1;
        shared()
            .psql(
                &name,
                &format!(
                    "INSERT INTO t SELECT 10 + i, repeat('y', {each}) FROM generate_series(1, {rows}) i"
                ),
            )
            .unwrap();
        let e = db
            .query_all("SELECT body FROM t WHERE id > 10", &[])
            .unwrap_err();
        assert!(matches!(e, StoreError::TeamTooLarge { .. }), "{e:?}");
        assert_eq!(
            db.query_row("SELECT COUNT(*) FROM t", &[])
                .unwrap()
                .get::<i64>(0)
                .unwrap(),
            2 + rows as i64
        );
    }
}

/// Each way a certificate is refused is a sentence of its own, never rustls's Debug text.
#[test]
fn every_certificate_refusal_is_a_sentence_saying_what_is_wrong() {
    use rustls::CertificateError as C;
    let host = || "db.example.com".to_owned();
    let other = rustls::OtherError(std::sync::Arc::new(std::io::Error::other(
        "CaUsedAsEndEntity",
    )));
    let cases: [(C, &str); 6] = [
        (C::Expired, "has expired"),
        (C::NotValidYet, "not valid yet"),
        (C::NotValidForName, "not made out to db.example.com"),
        (C::Revoked, "revoked"),
        (C::Other(other), "CA:TRUE"),
        (C::UnknownIssuer, "not trusted"),
    ];
    for (problem, said) in cases {
        let e = super::tls::refusal(host(), &rustls::Error::InvalidCertificate(problem));
        let text = e.to_string();
        assert!(text.contains(said), "{text}");
        assert!(text.contains("db.example.com"), "{text}");
        assert!(!text.contains("Error") && !text.contains('{'), "{text}");
    }
}
