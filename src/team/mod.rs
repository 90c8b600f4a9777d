//! The team database: where a desk finds the team's PostgreSQL, how it connects
//! (TLS, password, keepalives, its name on the server) and what "Test connection" reports.
//! No egui here; every call may block on the network, so the backend makes them on a blocking
//! lane, never the UI thread.
//!
//! - [`TeamAddress`]: `postgres://user@host:port/db` (or `postgresql://`; a Unix socket as
//!   `?host=/path`). A password in the address is refused: it belongs in the keychain
//!   ([`crate::keychain::Keychain::set_team_password`]).
//! - [`Tls`]: decided for every address the connection may use ([`TeamAddress::targets`]: the
//!   `hostaddr` it really goes to, else the `host`): required unless that address is loopback
//!   or a Unix socket; `sslmode=disable` off this computer only when Settings allows it
//!   ([`TeamSettings::allow_unencrypted`]). The system's roots or a CA file (PEM) chosen in
//!   Settings.
//! - [`connect`] / [`test_connection`]: a real connection with `application_name` =
//!   `logodesk <desk name>` and TCP keepalives, on a socket of logodesk's own ([`wire`]),
//!   set up within [`CONNECT_BOUND`] and each call within a bound of its own
//!   ([`TeamClient`]); and the report Settings shows.

mod client;
pub(crate) mod connect;
mod join;
mod saved;
mod tls;
pub(crate) mod wire;

pub use client::CALL_BOUND;
pub use client::TeamClient;
pub use connect::{
    CONNECT_BOUND, Connection, Desk, Link, TestReport, connect, connect_to, link, test_connection,
};
pub use join::{JoinError, attach_and_join, join_if_on_a_team, join_on, leave, settings_of};
pub use saved::{SavedError, SavedTeam, run_address, set_run_address};

use secrecy::SecretString;
use std::fmt;
use std::net::IpAddr;
use std::path::PathBuf;
use std::str::FromStr;

/// The prefix of every desk's `application_name`; the rest is the desk's name.
pub const APPLICATION_PREFIX: &str = "logodesk ";

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
    /// The server's certificate has expired.
    #[error("{}", crate::tr!("team-tls-expired", host = .0.as_str()))]
    TlsExpired(String),
    /// The server's certificate is not valid yet (or this computer's clock is wrong).
    #[error("{}", crate::tr!("team-tls-not-yet-valid", host = .0.as_str()))]
    TlsNotYetValid(String),
    /// The server's certificate is for another name.
    #[error("{}", crate::tr!("team-tls-wrong-name", host = .0.as_str()))]
    TlsWrongName(String),
    /// The server's certificate was revoked by its authority.
    #[error("{}", crate::tr!("team-tls-revoked", host = .0.as_str()))]
    TlsRevoked(String),
    /// The server presents an authority's certificate (CA:TRUE) as its own.
    #[error("{}", crate::tr!("team-tls-ca-as-server", host = .0.as_str()))]
    TlsCaAsServer(String),
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
    /// The address turns TLS off (`sslmode=disable`) for a server off this computer, and
    /// Settings → Team does not allow an unencrypted connection.
    #[error("{}", crate::tr!("team-unencrypted-refused", host = .0.as_str()))]
    UnencryptedRefused(String),
    /// The server took the connection but did not finish setting it up (TLS, the start-up,
    /// the password) within the bound.
    #[error("{}", crate::tr!("team-silent", host = .host.as_str(), seconds = .seconds.to_string()))]
    Silent { host: String, seconds: u64 },
}

/// Where the team database is: a parsed, password-free address.
#[derive(Clone)]
pub struct TeamAddress {
    text: String,
    config: tokio_postgres::Config,
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
        let config = tokio_postgres::Config::from_str(text)
            .map_err(|e| TeamError::Invalid(e.to_string()))?;
        if config.get_user().is_none_or(str::is_empty) {
            return Err(TeamError::NoUser);
        }
        let (hosts, addrs) = (config.get_hosts().len(), config.get_hostaddrs().len());
        if hosts == 0 && addrs == 0 {
            return Err(TeamError::NoHost);
        }
        // As the client would refuse them when connecting, said now.
        if hosts > 0 && addrs > 0 && hosts != addrs {
            return Err(TeamError::Invalid(format!(
                "{hosts} hosts and {addrs} hostaddrs: give one hostaddr for each host"
            )));
        }
        let ports = config.get_ports().len();
        if ports > 1 && ports != hosts.max(addrs) {
            return Err(TeamError::Invalid(format!(
                "{ports} ports for {} hosts: give one port, or one for each host",
                hosts.max(addrs)
            )));
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

    /// The hosts as written (`host`), in the order they are tried; where a `hostaddr` is given
    /// too, the connection goes there instead ([`TeamAddress::targets`]).
    pub fn hosts(&self) -> Vec<HostKind> {
        self.config
            .get_hosts()
            .iter()
            .map(|h| match h {
                #[cfg(unix)]
                tokio_postgres::config::Host::Unix(path) => HostKind::Socket(path.clone()),
                tokio_postgres::config::Host::Tcp(name) => HostKind::Tcp(name.clone()),
            })
            .collect()
    }

    /// Where the connection may go, as a person reads it: each target's host, with the
    /// address it really connects to when that is another (`localhost (10.0.0.5)`).
    pub fn host_text(&self) -> String {
        self.targets()
            .iter()
            .map(Target::to_string)
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// Every address the connection may use, in the order they are tried, each with the
    /// decision on TLS made for the address the socket really goes to: `hostaddr` where one
    /// is given (the client connects there, and `host` only names the certificate), else
    /// `host`. TLS is off only where the target stays on this computer (a Unix socket, or
    /// loopback by its address and its host's name alike), or where the address says
    /// `sslmode=disable`; `sslmode=require` asks for it even there.
    pub fn targets(&self) -> Vec<Target> {
        let hosts = self.hosts();
        let addrs = self.config.get_hostaddrs();
        let ports = self.config.get_ports();
        let asked = self.config.get_ssl_mode();
        (0..hosts.len().max(addrs.len()))
            .map(|i| {
                let port = ports.get(i).or(ports.first()).copied().unwrap_or(5432);
                let host = hosts.get(i);
                // On this computer only if everything that names the target says so: the
                // address the socket goes to, and the host's name that the certificate
                // would be checked for (`localhost` sent to another machine by `hostaddr`
                // is not on this computer, nor is a server's name sent to 127.0.0.1, a
                // tunnel's end).
                let (route, local) = match (addrs.get(i), host) {
                    (Some(ip), _) => (
                        wire::Route::Tcp {
                            host: ip.to_string(),
                            port,
                        },
                        ip.is_loopback()
                            && !matches!(host, Some(HostKind::Tcp(name)) if !is_loopback(name)),
                    ),
                    (None, Some(HostKind::Tcp(name))) => (
                        wire::Route::Tcp {
                            host: name.clone(),
                            port,
                        },
                        is_loopback(name),
                    ),
                    (None, Some(HostKind::Socket(dir))) => (
                        wire::Route::Socket {
                            dir: dir.clone(),
                            port,
                        },
                        true,
                    ),
                    (None, None) => unreachable!("a target has a host or a hostaddr"),
                };
                // The name the certificate must be for: the host's name, else the address.
                let name = match (host, addrs.get(i)) {
                    (Some(HostKind::Tcp(name)), _) => name.clone(),
                    (_, Some(ip)) => ip.to_string(),
                    (Some(HostKind::Socket(dir)), None) => dir.display().to_string(),
                    (None, None) => String::new(),
                };
                let tls = tls_for(local, asked);
                Target {
                    route,
                    name,
                    local,
                    tls,
                }
            })
            .collect()
    }

    /// The first target off this computer the connection would reach without TLS
    /// (`sslmode=disable`), if any: only after an explicit choice in Settings
    /// ([`TeamSettings::allow_unencrypted`]).
    pub fn unencrypted_off_this_computer(&self) -> Option<Target> {
        self.targets()
            .into_iter()
            .find(|t| !t.local && t.tls == Tls::Off)
    }

    pub(crate) fn config(&self) -> &tokio_postgres::Config {
        &self.config
    }
}

/// One address a connection may go to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Target {
    /// Where the socket goes.
    pub route: wire::Route,
    /// The name the server's certificate must be for (the host's name, else the address).
    pub name: String,
    /// Whether the socket stays on this computer (a Unix socket or loopback).
    pub local: bool,
    /// TLS on it.
    pub tls: Tls,
}

impl fmt::Display for Target {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.route {
            wire::Route::Socket { dir, .. } => write!(f, "{}", dir.display()),
            wire::Route::Tcp { host, .. } if *host == self.name => f.write_str(host),
            wire::Route::Tcp { host, .. } => write!(f, "{} ({host})", self.name),
        }
    }
}

/// The `key=value` pairs after the address's `?`.
fn query(
    text: &str,
) -> impl Iterator<Item = (std::borrow::Cow<'_, str>, std::borrow::Cow<'_, str>)> {
    let q = text.split_once('?').map_or("", |(_, q)| q);
    url::form_urlencoded::parse(q.as_bytes())
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

/// TLS for an address that stays on this computer (`local`) or not, as `sslmode` asks:
/// `require` anywhere, `disable` nowhere (the person's explicit choice, in the address they
/// typed; off this computer it also needs one in Settings), and by default (`prefer`, or
/// nothing) everywhere but on this computer.
pub fn tls_for(local: bool, asked: tokio_postgres::config::SslMode) -> Tls {
    use tokio_postgres::config::SslMode;
    match asked {
        SslMode::Require => Tls::Required,
        SslMode::Disable => Tls::Off,
        _ if local => Tls::Off,
        _ => Tls::Required,
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
    /// Settings → Team allows the team's data to travel unencrypted to a server off this
    /// computer, for an address that says `sslmode=disable` (the status bar then says the
    /// link is not encrypted). Without it such an address is refused.
    pub allow_unencrypted: bool,
}

impl fmt::Debug for TeamSettings {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("TeamSettings")
            .field("address", &self.address)
            .field("password", &self.password.as_ref().map(|_| "[redacted]"))
            .field("ca_file", &self.ca_file)
            .field("desk_name", &self.desk_name)
            .field("allow_unencrypted", &self.allow_unencrypted)
            .finish()
    }
}

/// The desk's name when Settings names none: the computer's user (`USER`, `USERNAME`,
/// `LOGNAME`), else the computer's name (`COMPUTERNAME` on Windows, `HOSTNAME`, or on Unix the
/// kernel's host name: a server started with a bare environment is named by its machine),
/// else a word in the person's language.
pub fn default_desk_name() -> String {
    desk_name_from(|k| match k {
        HOST_FILE => std::fs::read_to_string("/proc/sys/kernel/hostname")
            .or_else(|_| std::fs::read_to_string("/etc/hostname"))
            .ok(),
        _ => std::env::var(k).ok(),
    })
}

/// The name [`desk_name_from`] asks for the host name the system keeps (not a variable).
const HOST_FILE: &str = "host name file";

fn desk_name_from(var: impl Fn(&str) -> Option<String>) -> String {
    [
        "USER",
        "USERNAME",
        "LOGNAME",
        "COMPUTERNAME",
        "HOSTNAME",
        HOST_FILE,
    ]
    .iter()
    .filter_map(|k| var(k))
    .map(|v| v.trim().to_owned())
    .find(|v| !v.is_empty())
    .unwrap_or_else(|| crate::tr!("team-desk-unnamed"))
}

#[cfg(test)]
pub(crate) mod testing;
#[cfg(test)]
mod tests;
