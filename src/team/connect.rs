//! A real connection to the team database and the report of "Test connection".

use super::{APPLICATION_PREFIX, SCHEMA, TeamError, TeamSettings, Tls};
use rustls::pki_types::CertificateDer;
use rustls::pki_types::pem::PemObject;
use rustls_platform_verifier::BuilderVerifierExt;
use secrecy::ExposeSecret;
use std::error::Error as _;
use std::path::Path;
use std::sync::Arc;
use std::time::Duration;
use tokio_postgres_rustls::MakeRustlsConnect;

/// How long a connection attempt may take before it is given up.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(10);
/// TCP keepalives (research §2): a dead desk or server is noticed within about a minute, not
/// Linux's default two hours.
const KEEPALIVE_IDLE: Duration = Duration::from_secs(30);
const KEEPALIVE_INTERVAL: Duration = Duration::from_secs(10);
const KEEPALIVE_RETRIES: u32 = 3;
/// What the server may make one statement of this desk wait (a hung or hostile server, a row
/// another session keeps locked): the store's lane answers with a sentence instead of
/// waiting for good. A lock is waited for at most [`LOCK_TIMEOUT`]; a transaction left open
/// by a desk that froze is ended by the server after a minute. The listener's connection
/// waits for notifications outside any statement: none of these apply to it.
pub(crate) const STATEMENT_TIMEOUT: Duration = Duration::from_secs(30);
pub(crate) const LOCK_TIMEOUT: Duration = Duration::from_secs(5);
const IDLE_IN_TRANSACTION_TIMEOUT: Duration = Duration::from_secs(60);

/// The rustls client: the CA file's certificates if one is chosen, else the system's roots.
fn tls_config(ca_file: Option<&Path>) -> Result<rustls::ClientConfig, TeamError> {
    let tls_error = |e: rustls::Error| TeamError::Tls {
        host: String::new(),
        reason: e.to_string(),
    };
    let builder = rustls::ClientConfig::builder_with_provider(Arc::new(
        rustls::crypto::ring::default_provider(),
    ))
    .with_safe_default_protocol_versions()
    .map_err(tls_error)?;
    match ca_file {
        Some(path) => {
            let ca_error = |reason: String| TeamError::CaFile {
                path: path.display().to_string(),
                reason,
            };
            let pem = std::fs::read(path).map_err(|e| ca_error(e.to_string()))?;
            let mut roots = rustls::RootCertStore::empty();
            for cert in CertificateDer::pem_slice_iter(&pem) {
                let cert = cert.map_err(|e| ca_error(e.to_string()))?;
                roots.add(cert).map_err(|e| ca_error(e.to_string()))?;
            }
            if roots.is_empty() {
                return Err(ca_error(crate::tr!("team-ca-file-empty")));
            }
            Ok(builder.with_root_certificates(roots).with_no_client_auth())
        }
        None => Ok(builder
            .with_platform_verifier()
            .map_err(tls_error)?
            .with_no_client_auth()),
    }
}

/// The connection settings for these team settings: TLS as [`super::tls_for`] decides,
/// `application_name` = `logodesk <desk name>`, keepalives, the password if any.
fn client_config(settings: &TeamSettings) -> postgres::Config {
    let mut config = settings.address.config().clone();
    config
        .application_name(&format!("{APPLICATION_PREFIX}{}", settings.desk_name))
        .connect_timeout(CONNECT_TIMEOUT)
        .keepalives(true)
        .keepalives_idle(KEEPALIVE_IDLE)
        .keepalives_interval(KEEPALIVE_INTERVAL)
        .keepalives_retries(KEEPALIVE_RETRIES)
        .options(&format!(
            "-c statement_timeout={} -c lock_timeout={} -c idle_in_transaction_session_timeout={}",
            STATEMENT_TIMEOUT.as_millis(),
            LOCK_TIMEOUT.as_millis(),
            IDLE_IN_TRANSACTION_TIMEOUT.as_millis()
        ))
        .ssl_mode(match settings.address.tls() {
            Tls::Required => postgres::config::SslMode::Require,
            Tls::Off => postgres::config::SslMode::Disable,
        });
    if let Some(password) = &settings.password {
        config.password(password.expose_secret());
    }
    config
}

/// Opens a connection to the team database. Blocks: call it from a blocking lane.
pub fn connect(settings: &TeamSettings) -> Result<postgres::Client, TeamError> {
    let config = client_config(settings);
    let tls = MakeRustlsConnect::new(tls_config(settings.ca_file.as_deref())?);
    config.connect(tls).map_err(|e| describe(&e, settings))
}

/// A sentence for a failed connection: walks the error's causes for a certificate problem, a
/// server without TLS, the network, or the server's own refusal.
fn describe(e: &postgres::Error, settings: &TeamSettings) -> TeamError {
    let host = settings.address.host_text();
    if let Some(db) = e.as_db_error() {
        use postgres::error::SqlState;
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
                return match tls {
                    rustls::Error::InvalidCertificate(reason) => TeamError::TlsUntrusted {
                        host,
                        reason: format!("{reason:?}"),
                    },
                    other => TeamError::Tls {
                        host,
                        reason: other.to_string(),
                    },
                };
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
            io_reason = Some(io.to_string());
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
    /// Since when, `YYYY-MM-DD HH:MM UTC` (empty if the server does not show it to this role).
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
    let server = |e: postgres::Error| describe(&e, settings);
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
            &[&SCHEMA],
        )
        .map_err(server)?;
    let (schema_exists, may_create_schema): (bool, bool) = (row.get(0), row.get(1));
    let desks = client
        .query(
            // One row per desk: a running desk holds two connections (its store's and its
            // listener's), since the older one.
            "SELECT substr(application_name, length($1) + 1), \
                    coalesce(to_char(min(backend_start) AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI') \
                             || ' UTC', ''), \
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
        schema_exists,
        may_create_schema,
        desks,
    })
}
