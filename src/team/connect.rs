//! A real connection to the team database and the report of "Test connection".
//!
//! The connection is made to each target of the address in turn ([`TeamAddress::targets`]),
//! on a socket logodesk opens itself ([`wire::open`]) to the very address the decision on
//! TLS was made for, and read through the limits of [`wire::Checked`]. Everything up to a
//! connection ready for its first statement — the socket, TLS, the start-up and the
//! password — is bounded together by [`CONNECT_BOUND`]: a server that takes the connection
//! and answers nothing is given up with a sentence ([`TeamError::Silent`]).

use super::wire::{self, Checked, CheckedTls, Limits};
use super::{APPLICATION_PREFIX, Target, TeamAddress, TeamClient, TeamError, TeamSettings, Tls};
use rustls::pki_types::CertificateDer;
use rustls::pki_types::pem::PemObject;
use rustls_platform_verifier::BuilderVerifierExt;
use secrecy::ExposeSecret;
use std::error::Error as _;
use std::path::Path;
use std::sync::Arc;
use std::time::Duration;
use tokio_postgres_rustls::MakeRustlsConnect;

/// How long a connection may take to be ready, from the first socket to the end of the
/// start-up (every target together).
pub const CONNECT_BOUND: Duration = Duration::from_secs(10);
/// What the server may make one statement of this desk wait (a row another session keeps
/// locked, a statement running long): the server answers with a sentence; the client's own
/// bound ([`super::client::CALL_BOUND`]) is for a server that does not answer at all. A lock
/// is waited for at most [`LOCK_TIMEOUT`]; a transaction left open by a desk that froze is
/// ended by the server after a minute. The listener's connection waits for notifications
/// outside any statement: none of these apply to it.
pub(crate) const STATEMENT_TIMEOUT: Duration = Duration::from_secs(20);
pub(crate) const LOCK_TIMEOUT: Duration = Duration::from_secs(5);
const IDLE_IN_TRANSACTION_TIMEOUT: Duration = Duration::from_secs(60);
/// The largest column value a call reads, and the rows of one call at most: a proof sheet's PDF is the largest value logodesk writes (a few MiB); History's page
/// of rows is a few hundred KiB.
pub const COLUMN_LIMIT: usize = 32 * 1024 * 1024;
pub const CALL_LIMIT: usize = 64 * 1024 * 1024;

/// The connection under a [`Link`]: it must be driven (spawned, or polled for its messages)
/// for the client's calls to be answered.
pub type Connection = tokio_postgres::Connection<wire::Wire, wire::TlsWire>;

/// A connection made ([`link`]): the client, the connection to drive, the limits its reader
/// keeps, and the target it went to.
pub struct Link {
    pub client: tokio_postgres::Client,
    pub connection: Connection,
    pub limits: Arc<Limits>,
    pub target: Target,
}

/// The rustls client: the CA file's certificates if one is chosen (as authorities, or pinned:
/// [`super::tls`]), else the system's roots.
fn tls_config(ca_file: Option<&Path>) -> Result<rustls::ClientConfig, TeamError> {
    let tls_error = |e: rustls::Error| TeamError::Tls {
        host: String::new(),
        reason: e.to_string(),
    };
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let builder = rustls::ClientConfig::builder_with_provider(provider.clone())
        .with_safe_default_protocol_versions()
        .map_err(tls_error)?;
    match ca_file {
        Some(path) => {
            let ca_error = |reason: String| TeamError::CaFile {
                path: path.display().to_string(),
                reason,
            };
            let pem = std::fs::read(path).map_err(|e| ca_error(e.to_string()))?;
            let certificates = CertificateDer::pem_slice_iter(&pem)
                .collect::<Result<Vec<_>, _>>()
                .map_err(|e| ca_error(e.to_string()))?;
            if certificates.is_empty() {
                return Err(ca_error(crate::tr!("team-ca-file-empty")));
            }
            let verifier = super::tls::PinnedOrAuthorities::new(certificates, provider);
            Ok(builder
                .dangerous()
                .with_custom_certificate_verifier(Arc::new(verifier))
                .with_no_client_auth())
        }
        None => Ok(builder
            .with_platform_verifier()
            .map_err(tls_error)?
            .with_no_client_auth()),
    }
}

/// The connection settings for these team settings: `application_name` = `logodesk <desk
/// name>`, the server's timeouts, the password if any (TLS is set per target).
fn client_config(settings: &TeamSettings) -> tokio_postgres::Config {
    let mut config = settings.address.config().clone();
    config
        .application_name(format!("{APPLICATION_PREFIX}{}", settings.desk_name))
        .options(format!(
            "-c statement_timeout={} -c lock_timeout={} -c idle_in_transaction_session_timeout={}",
            STATEMENT_TIMEOUT.as_millis(),
            LOCK_TIMEOUT.as_millis(),
            IDLE_IN_TRANSACTION_TIMEOUT.as_millis()
        ));
    if let Some(password) = &settings.password {
        config.password(password.expose_secret());
    }
    config
}

/// Connects to the team database of `settings` (async: the listener's connection lives on
/// the backend's runtime), within [`CONNECT_BOUND`].
pub async fn link(settings: &TeamSettings) -> Result<Link, TeamError> {
    match tokio::time::timeout(CONNECT_BOUND, link_unbounded(settings)).await {
        Ok(linked) => linked,
        Err(_) => Err(TeamError::Silent {
            host: settings.address.host_text(),
            seconds: CONNECT_BOUND.as_secs(),
        }),
    }
}

async fn link_unbounded(settings: &TeamSettings) -> Result<Link, TeamError> {
    check_encryption(settings)?;
    let config = client_config(settings);
    let targets = settings.address.targets();
    // The CA file is read only where a target needs TLS.
    let make = match targets.iter().any(|t| t.tls == Tls::Required) {
        true => Some(MakeRustlsConnect::new(tls_config(
            settings.ca_file.as_deref(),
        )?)),
        false => None,
    };
    let mut failed = None;
    for target in targets {
        match link_to(&config, &target, make.as_ref(), settings).await {
            Ok(link) => return Ok(link),
            Err(e) => {
                tracing::info!(error = %e, target = %target, "the team database's address did not answer");
                failed = Some(e);
            }
        }
    }
    Err(failed.unwrap_or(TeamError::NoHost))
}

/// `sslmode=disable` for a server off this computer is the person's choice twice: in the
/// address, and in Settings → Team.
fn check_encryption(settings: &TeamSettings) -> Result<(), TeamError> {
    match settings.address.unencrypted_off_this_computer() {
        Some(target) if !settings.allow_unencrypted => {
            Err(TeamError::UnencryptedRefused(target.to_string()))
        }
        _ => Ok(()),
    }
}

async fn link_to(
    config: &tokio_postgres::Config,
    target: &Target,
    make: Option<&MakeRustlsConnect>,
    settings: &TeamSettings,
) -> Result<Link, TeamError> {
    let limits = Limits::new(COLUMN_LIMIT, CALL_LIMIT);
    let socket = wire::open(&target.route, CONNECT_BOUND)
        .await
        .map_err(|e| TeamError::Unreachable {
            host: target.to_string(),
            reason: crate::i18n::io_reason(&e),
        })?;
    let encrypted = target.tls == Tls::Required;
    let mut config = config.clone();
    config.ssl_mode(if encrypted {
        tokio_postgres::config::SslMode::Require
    } else {
        tokio_postgres::config::SslMode::Disable
    });
    // Without TLS the protocol runs on the socket itself, checked there; with it, above TLS.
    let stream = Checked::new(socket, !encrypted, limits.clone());
    let make = match make {
        Some(make) => make.clone(),
        // Never asked for TLS (`Disable`), so never used.
        None => MakeRustlsConnect::new(tls_config(None)?),
    };
    let tls = CheckedTls::new(make, &target.name, limits.clone());
    let (client, connection) = config
        .connect_raw(stream, tls)
        .await
        .map_err(|e| describe(&e, settings, target))?;
    Ok(Link {
        client,
        connection,
        limits,
        target: target.clone(),
    })
}

/// Opens a connection to the team database. Blocks (up to [`CONNECT_BOUND`]): call it from a
/// blocking lane.
pub fn connect(settings: &TeamSettings) -> Result<TeamClient, TeamError> {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| TeamError::Unreachable {
            host: settings.address.host_text(),
            reason: e.to_string(),
        })?;
    // The connection's socket belongs to the runtime it is made on: this one, which drives it
    // during each call from now on.
    let Link {
        client,
        connection,
        limits,
        target,
    } = runtime.block_on(link(settings))?;
    runtime.spawn(async move {
        if let Err(e) = connection.await {
            tracing::info!(error = %e, "the team database's connection ended");
        }
    });
    Ok(TeamClient::new(runtime, client, limits, target))
}

/// Settings for an address on this computer without a password, and the connection (tests
/// and benchmarks of the store on a server of their own).
pub fn connect_to(address: &str, desk: &str) -> Result<TeamClient, TeamError> {
    connect(&TeamSettings {
        address: address.parse::<TeamAddress>()?,
        password: None,
        ca_file: None,
        desk_name: desk.to_owned(),
        allow_unencrypted: false,
    })
}

/// A sentence for a failed connection: walks the error's causes for a certificate problem, a
/// server without TLS, the network, or the server's own refusal.
fn describe(e: &tokio_postgres::Error, settings: &TeamSettings, target: &Target) -> TeamError {
    let host = target.to_string();
    if let Some(db) = e.as_db_error() {
        use tokio_postgres::error::SqlState;
        let code = db.code();
        return if *code == SqlState::INVALID_PASSWORD
            || *code == SqlState::INVALID_AUTHORIZATION_SPECIFICATION
        {
            TeamError::Auth(settings.address.user().to_owned())
        } else if *code == SqlState::INVALID_CATALOG_NAME {
            TeamError::NoSuchDatabase(settings.address.database().to_owned())
        } else {
            TeamError::Server(db.message().to_owned())
        };
    }
    let mut cause: Option<&(dyn std::error::Error + 'static)> = e.source();
    let mut io_reason = None;
    while let Some(c) = cause {
        let inner = c
            .downcast_ref::<std::io::Error>()
            .and_then(|io| io.get_ref())
            .map(|inner| inner as &(dyn std::error::Error + 'static));
        for candidate in [Some(c), inner].into_iter().flatten() {
            if let Some(tls) = candidate.downcast_ref::<rustls::Error>() {
                return super::tls::refusal(host, tls);
            }
        }
        let text = c.to_string();
        if text.contains("server does not support TLS") {
            return TeamError::TlsNotOffered(host);
        }
        if text.contains("password missing") {
            return TeamError::PasswordMissing;
        }
        if let Some(io) = c.downcast_ref::<std::io::Error>()
            && io_reason.is_none()
        {
            io_reason = Some(crate::i18n::io_reason(io));
        }
        cause = c.source();
    }
    let text = e.to_string();
    if text.contains("password missing") {
        return TeamError::PasswordMissing;
    }
    match io_reason {
        Some(reason) => TeamError::Unreachable { host, reason },
        None => TeamError::Server(text),
    }
}

/// A desk connected now.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Desk {
    /// Its name (the `application_name` after `logodesk `).
    pub name: String,
    /// Since when, RFC 3339 in UTC (empty if the server does not show it to this role); the
    /// screen says it in the person's time zone and language.
    pub since: String,
    /// Whether it is the connection of this test.
    pub this_desk: bool,
}

/// What "Test connection" found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TestReport {
    /// The server's `server_version`, e.g. "15.18 (Debian 15.18-0+deb12u1)".
    pub server_version: String,
    /// Whether the connection is encrypted (the server's own `pg_stat_ssl`).
    pub tls: bool,
    /// Where the connection went, as a person reads it (the host, with the address it
    /// really went to when that is another; a socket's folder).
    pub target: String,
    /// Whether that address is on this computer (a Unix socket or loopback): an unencrypted
    /// link there stays on it.
    pub local: bool,
    /// Whether it went over a Unix socket.
    pub socket: bool,
    /// Whether the schema is there already.
    pub schema_exists: bool,
    /// Whether the role may create it (`CREATE` on the database).
    pub may_create_schema: bool,
    /// The desks connected now, the oldest first.
    pub desks: Vec<Desk>,
}

/// Connects and reports the server version, TLS, the schema and the desks connected now.
/// Blocks: call it from a blocking lane.
pub fn test_connection(settings: &TeamSettings) -> Result<TestReport, TeamError> {
    let mut client = connect(settings)?;
    let target = client.target().clone();
    let server = |e: crate::store::StoreError| match e {
        crate::store::StoreError::Postgres(e) => describe(&e, settings, &target),
        crate::store::StoreError::TeamSilent { seconds } => TeamError::Silent {
            host: target.to_string(),
            seconds,
        },
        other => TeamError::Server(other.to_string()),
    };
    let server_version: String = client
        .query_one("SHOW server_version", &[])
        .map_err(server)?
        .get(0);
    let tls: bool = client
        .query_one(
            "SELECT coalesce((SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()), false)",
            &[],
        )
        .map_err(server)?
        .get(0);
    let row = client
        .query_one(
            "SELECT EXISTS (SELECT 1 FROM pg_namespace WHERE nspname = $1), \
                    has_database_privilege(current_database(), 'CREATE')",
            &[&crate::store::PG_SCHEMA],
        )
        .map_err(server)?;
    let (schema_exists, may_create_schema): (bool, bool) = (row.get(0), row.get(1));
    let desks = client
        .query(
            // One row per desk: a running desk holds two connections (its store's and its
            // listener's), since the older one.
            "SELECT substr(application_name, length($1) + 1), \
                    coalesce(to_char(min(backend_start) AT TIME ZONE 'UTC', \
                                     'YYYY-MM-DD\"T\"HH24:MI:SS\"Z\"'), ''), \
                    bool_or(pid = pg_backend_pid()) \
               FROM pg_stat_activity \
              WHERE starts_with(application_name, $1) \
              GROUP BY application_name \
              ORDER BY min(backend_start), application_name",
            &[&APPLICATION_PREFIX],
        )
        .map_err(server)?
        .iter()
        .map(|r| Desk {
            name: r.get(0),
            since: r.get(1),
            this_desk: r.get(2),
        })
        .collect();
    Ok(TestReport {
        server_version,
        tls,
        target: target.to_string(),
        local: target.local,
        socket: matches!(target.route, wire::Route::Socket { .. }),
        schema_exists,
        may_create_schema,
        desks,
    })
}
