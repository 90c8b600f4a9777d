//! The team database (issue 29): where a desk finds the team's PostgreSQL, how it connects
//! (TLS, password, keepalives, its name on the server) and what "Test connection" reports.
//! No egui here; every call may block on the network, so the backend makes them on a blocking
//! lane, never the UI thread.
//!
//! - [`TeamAddress`]: `postgres://user@host:port/db` (or `postgresql://`; a Unix socket as
//!   `?host=/path`). A password in the address is refused: it belongs in the keychain
//!   ([`crate::keychain::Keychain::set_team_password`]).
//! - [`Tls`]: required unless every host is loopback or a Unix socket ([`tls_for`]); the
//!   system's roots or a CA file (PEM) chosen in Settings.
//! - [`connect`] / [`test_connection`]: a real connection with `application_name` =
//!   `logodesk <desk name>` and TCP keepalives, and the report Settings shows.

mod connect;
mod join;
mod saved;

pub use connect::{Desk, TestReport, connect, test_connection};
pub use join::{JoinError, attach_and_join, join_if_on_a_team, join_on, leave, settings_of};
pub use saved::{SavedError, SavedTeam, run_address, set_run_address};

use secrecy::SecretString;
use std::fmt;
use std::net::IpAddr;
use std::path::PathBuf;
use std::str::FromStr;

/// The prefix of every desk's `application_name`; the rest is the desk's name.
pub const APPLICATION_PREFIX: &str = "logodesk ";

/// The schema the team's tables live in (the store's: it creates and migrates them).
pub use crate::store::PG_SCHEMA as SCHEMA;

/// Failures of the team database. `Display` is a sentence saying what happened and what to do;
/// it never contains the password.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TeamError {
    /// The address does not start with `postgres://` or `postgresql://`.
    #[error("{}", crate::tr!("team-address-scheme"))]
    Scheme,
    /// The address could not be read (the parser's reason).
    #[error("{}", crate::tr!("team-address-invalid", reason = .0.as_str()))]
    Invalid(String),
    /// The address holds a password.
    #[error("{}", crate::tr!("team-address-password"))]
    PasswordInAddress,
    /// The address names no user.
    #[error("{}", crate::tr!("team-address-no-user"))]
    NoUser,
    /// The address names no host.
    #[error("{}", crate::tr!("team-address-no-host"))]
    NoHost,
    /// The address names no database.
    #[error("{}", crate::tr!("team-address-no-database"))]
    NoDatabase,
    /// The CA file could not be read or holds no certificate.
    #[error("{}", crate::tr!("team-ca-file", path = .path.as_str(), reason = .reason.as_str()))]
    CaFile { path: String, reason: String },
    /// The server does not offer TLS where it is required.
    #[error("{}", crate::tr!("team-tls-not-offered", host = .0.as_str()))]
    TlsNotOffered(String),
    /// The server's certificate is not trusted (or not for this host).
    #[error("{}", crate::tr!("team-tls-untrusted", host = .host.as_str(), reason = .reason.as_str()))]
    TlsUntrusted { host: String, reason: String },
    /// Another TLS failure.
    #[error("{}", crate::tr!("team-tls-failed", host = .host.as_str(), reason = .reason.as_str()))]
    Tls { host: String, reason: String },
    /// The server could not be reached.
    #[error("{}", crate::tr!("team-unreachable", host = .host.as_str(), reason = .reason.as_str()))]
    Unreachable { host: String, reason: String },
    /// The server refused the user or password.
    #[error("{}", crate::tr!("team-auth", user = .0.as_str()))]
    Auth(String),
    /// The server wants a password and none is stored.
    #[error("{}", crate::tr!("team-password-missing"))]
    PasswordMissing,
    /// The database does not exist.
    #[error("{}", crate::tr!("team-no-database", database = .0.as_str()))]
    NoSuchDatabase(String),
    /// The server answered with an error.
    #[error("{}", crate::tr!("team-server", reason = .0.as_str()))]
    Server(String),
}

/// Where the team database is: a parsed, password-free address.
#[derive(Clone)]
pub struct TeamAddress {
    text: String,
    config: postgres::Config,
}

impl fmt::Debug for TeamAddress {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Holds no password (refused when parsed); the text is what the person typed.
        f.debug_tuple("TeamAddress").field(&self.text).finish()
    }
}

impl PartialEq for TeamAddress {
    fn eq(&self, other: &TeamAddress) -> bool {
        self.text == other.text
    }
}

impl Eq for TeamAddress {}

impl fmt::Display for TeamAddress {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

/// How a host is reached.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum HostKind {
    /// A Unix socket in this folder.
    Socket(PathBuf),
    /// A host name or address over TCP.
    Tcp(String),
}

impl FromStr for TeamAddress {
    type Err = TeamError;

    fn from_str(s: &str) -> Result<TeamAddress, TeamError> {
        let text = s.trim();
        let lower = text.to_ascii_lowercase();
        if !(lower.starts_with("postgres://") || lower.starts_with("postgresql://")) {
            return Err(TeamError::Scheme);
        }
        // A password is refused before the address goes anywhere else (a log, Settings'
        // file): `user:password@` in the authority, or `password=` in the query.
        let rest = &text[text.find("://").map_or(0, |i| i + 3)..];
        let authority = &rest[..rest.find(['/', '?']).unwrap_or(rest.len())];
        let user_info = authority.rfind('@').map(|at| &authority[..at]);
        if user_info.is_some_and(|u| u.contains(':'))
            || query(text).any(|(k, _)| k.eq_ignore_ascii_case("password"))
        {
            return Err(TeamError::PasswordInAddress);
        }
        let config =
            postgres::Config::from_str(text).map_err(|e| TeamError::Invalid(e.to_string()))?;
        if config.get_user().is_none_or(str::is_empty) {
            return Err(TeamError::NoUser);
        }
        if config.get_hosts().is_empty() {
            return Err(TeamError::NoHost);
        }
        if config.get_dbname().is_none_or(str::is_empty) {
            return Err(TeamError::NoDatabase);
        }
        Ok(TeamAddress {
            text: text.to_owned(),
            config,
        })
    }
}

impl TeamAddress {
    /// The role the desk logs in as.
    pub fn user(&self) -> &str {
        self.config.get_user().unwrap_or_default()
    }

    /// The database's name.
    pub fn database(&self) -> &str {
        self.config.get_dbname().unwrap_or_default()
    }

    /// The hosts, in the order they are tried.
    pub fn hosts(&self) -> Vec<HostKind> {
        self.config
            .get_hosts()
            .iter()
            .map(|h| match h {
                #[cfg(unix)]
                postgres::config::Host::Unix(path) => HostKind::Socket(path.clone()),
                postgres::config::Host::Tcp(name) => HostKind::Tcp(name.clone()),
            })
            .collect()
    }

    /// The hosts as a person reads them (`host` or the socket's folder).
    pub fn host_text(&self) -> String {
        self.hosts()
            .iter()
            .map(|h| match h {
                HostKind::Socket(p) => p.display().to_string(),
                HostKind::Tcp(name) => name.clone(),
            })
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// The `sslmode` the address asks for, if any.
    fn ssl_mode(&self) -> Option<SslAsk> {
        query(&self.text)
            .find(|(k, _)| k == "sslmode")
            .map(|(_, v)| match v.as_ref() {
                "disable" => SslAsk::Disable,
                "require" | "verify-ca" | "verify-full" => SslAsk::Require,
                _ => SslAsk::Prefer,
            })
    }

    /// Whether TLS is used with this address ([`tls_for`]).
    pub fn tls(&self) -> Tls {
        tls_for(&self.hosts(), self.ssl_mode())
    }

    pub(crate) fn config(&self) -> &postgres::Config {
        &self.config
    }
}

/// The `key=value` pairs after the address's `?`.
fn query(
    text: &str,
) -> impl Iterator<Item = (std::borrow::Cow<'_, str>, std::borrow::Cow<'_, str>)> {
    let q = text.split_once('?').map_or("", |(_, q)| q);
    url::form_urlencoded::parse(q.as_bytes())
}

/// What `sslmode` in the address asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SslAsk {
    /// `sslmode=disable`: the person turned TLS off on purpose.
    Disable,
    /// `prefer` or `allow`: the same as saying nothing.
    Prefer,
    /// `require`, `verify-ca`, `verify-full`: TLS even on loopback.
    Require,
}

/// Whether a connection uses TLS.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tls {
    /// TLS, with a verified certificate for the host; without it the connection fails.
    Required,
    /// No TLS: loopback or a Unix socket, or `sslmode=disable` in the address.
    Off,
}

/// Whether `host` is loopback: 127.0.0.0/8, ::1 or `localhost`.
pub fn is_loopback(host: &str) -> bool {
    let bare = host.trim_start_matches('[').trim_end_matches(']');
    if bare.eq_ignore_ascii_case("localhost") {
        return true;
    }
    bare.parse::<IpAddr>().is_ok_and(|ip| ip.is_loopback())
}

/// TLS is required unless every host is loopback or a Unix socket; `sslmode=require` asks for
/// it anywhere and `sslmode=disable` turns it off (the person's explicit choice, in the
/// address they typed).
pub fn tls_for(hosts: &[HostKind], asked: Option<SslAsk>) -> Tls {
    match asked {
        Some(SslAsk::Require) => Tls::Required,
        Some(SslAsk::Disable) => Tls::Off,
        Some(SslAsk::Prefer) | None => {
            let local = hosts.iter().all(|h| match h {
                HostKind::Socket(_) => true,
                HostKind::Tcp(name) => is_loopback(name),
            });
            if local { Tls::Off } else { Tls::Required }
        }
    }
}

/// Everything a desk needs to connect. Its `Debug` never shows the password.
#[derive(Clone)]
pub struct TeamSettings {
    pub address: TeamAddress,
    /// From the keychain; `None` when the server needs none (trust, a Unix socket's peer).
    pub password: Option<SecretString>,
    /// A CA file (PEM) to trust instead of the system's roots.
    pub ca_file: Option<PathBuf>,
    /// The desk's name, shown to the other desks.
    pub desk_name: String,
}

impl fmt::Debug for TeamSettings {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("TeamSettings")
            .field("address", &self.address)
            .field("password", &self.password.as_ref().map(|_| "[redacted]"))
            .field("ca_file", &self.ca_file)
            .field("desk_name", &self.desk_name)
            .finish()
    }
}

/// The desk's name when Settings names none: the computer's user (`USER`, `USERNAME`,
/// `LOGNAME`), else the computer's name (`COMPUTERNAME` on Windows, `HOSTNAME`), else a word
/// in the person's language.
pub fn default_desk_name() -> String {
    desk_name_from(|k| std::env::var(k).ok())
}

fn desk_name_from(var: impl Fn(&str) -> Option<String>) -> String {
    ["USER", "USERNAME", "LOGNAME", "COMPUTERNAME", "HOSTNAME"]
        .iter()
        .filter_map(|k| var(k))
        .map(|v| v.trim().to_owned())
        .find(|v| !v.is_empty())
        .unwrap_or_else(|| crate::tr!("team-desk-unnamed"))
}

#[cfg(test)]
mod tests;

/// The test binary's one PostgreSQL server (the store's tests use it too: one server, not two).
#[cfg(test)]
#[path = "../../tests/common/pg_cluster.rs"]
pub(crate) mod pg_cluster;
