//! What Settings → Team saved (`team.json` in the data folder: the address, the CA file and the
//! desk's name, never the password, which is in the keychain), and the address given for this
//! run (`--team-database`, `LOGODESK_TEAM_DATABASE`), which wins over it. The password is the
//! keychain's (or the run's credentials folder's), else PostgreSQL's `.pgpass`'s.

use super::{TeamAddress, TeamError, TeamSettings, default_desk_name};
use crate::keychain::{Keychain, KeychainError};
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

/// The file's name in the data folder.
pub const FILE: &str = "team.json";

/// Settings → Team as saved.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SavedTeam {
    /// The address as typed (checked before it is saved), or `None`: no team database.
    pub address: Option<String>,
    /// A CA file (PEM) to trust instead of the system's roots.
    pub ca_file: Option<PathBuf>,
    /// The desk's name; `None`: the computer's user.
    pub desk_name: Option<String>,
    /// The person allowed the team's data to travel unencrypted to a server off this
    /// computer, for an address that says `sslmode=disable` ([`TeamSettings::allow_unencrypted`]).
    #[serde(default)]
    pub allow_unencrypted: bool,
}

/// Failures of reading or writing `team.json`, as sentences.
#[derive(Debug, thiserror::Error)]
pub enum SavedError {
    #[error("{}", crate::tr!("team-saved-read", path = .path.as_str(), reason = .reason.as_str()))]
    Read { path: String, reason: String },
    #[error("{}", crate::tr!("team-saved-write", path = .path.as_str(), reason = .reason.as_str()))]
    Write { path: String, reason: String },
    #[error(transparent)]
    Address(#[from] TeamError),
    #[error(transparent)]
    Keychain(#[from] KeychainError),
}

impl SavedTeam {
    /// Reads `team.json` in `dir`; a missing file is an empty one.
    pub fn load(dir: &Path) -> Result<SavedTeam, SavedError> {
        let path = dir.join(FILE);
        let read = |reason: String| SavedError::Read {
            path: path.display().to_string(),
            reason,
        };
        match std::fs::read(&path) {
            Ok(bytes) => serde_json::from_slice(&bytes).map_err(|e| read(e.to_string())),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(SavedTeam::default()),
            Err(e) => Err(read(e.to_string())),
        }
    }

    /// Writes `team.json` in `dir` (through a temporary file, so a crash leaves the old one).
    pub fn save(&self, dir: &Path) -> Result<(), SavedError> {
        let path = dir.join(FILE);
        let write = |reason: String| SavedError::Write {
            path: path.display().to_string(),
            reason,
        };
        if let Some(address) = &self.address {
            address.parse::<TeamAddress>()?;
        }
        let json = serde_json::to_vec_pretty(self).map_err(|e| write(e.to_string()))?;
        let tmp = dir.join(format!("{FILE}.tmp"));
        std::fs::write(&tmp, json).map_err(|e| write(e.to_string()))?;
        std::fs::rename(&tmp, &path).map_err(|e| write(e.to_string()))
    }

    /// The desk's name: the saved one, else the computer's user.
    pub fn desk_name(&self) -> String {
        self.desk_name
            .as_deref()
            .map(str::trim)
            .filter(|n| !n.is_empty())
            .map(str::to_owned)
            .unwrap_or_else(default_desk_name)
    }

    /// The settings to connect with: `run` (this run's address) over the saved one, the
    /// password from the keychain. `None`: no team database.
    pub fn resolve(
        &self,
        run: Option<&TeamAddress>,
        keychain: &Keychain,
    ) -> Result<Option<TeamSettings>, SavedError> {
        let address = match (run, &self.address) {
            (Some(run), _) => run.clone(),
            (None, Some(saved)) => saved.parse()?,
            (None, None) => return Ok(None),
        };
        let password = match keychain.team_password()? {
            Some(password) => Some(password),
            None => pgpass_password(&address),
        };
        Ok(Some(TeamSettings {
            address,
            password,
            ca_file: self.ca_file.clone(),
            desk_name: self.desk_name(),
            allow_unencrypted: self.allow_unencrypted,
        }))
    }
}

/// The password PostgreSQL's own password file (`PGPASSFILE`, `~/.pgpass`) holds for one of
/// the address's targets, matched as libpq matches it (a Unix socket as `localhost`).
fn pgpass_password(address: &TeamAddress) -> Option<secrecy::SecretString> {
    use crate::keychain::files::{PgTarget, pgpass_password};
    let hosts: Vec<(String, u16)> = address
        .targets()
        .into_iter()
        .map(|t| match t.route {
            super::wire::Route::Socket { port, .. } => ("localhost".to_owned(), port),
            super::wire::Route::Tcp { port, .. } => (t.name, port),
        })
        .collect();
    let targets: Vec<PgTarget<'_>> = hosts
        .iter()
        .map(|(host, port)| PgTarget {
            host,
            port: *port,
            database: address.database(),
            user: address.user(),
        })
        .collect();
    pgpass_password(&targets)
}

static RUN_ADDRESS: OnceLock<Option<TeamAddress>> = OnceLock::new();

/// Sets this run's address from the command line (once, in [`crate::cli::run`]).
pub fn set_run_address(address: Option<TeamAddress>) {
    if let Some(address) = &address {
        tracing::info!(address = %address, "team database given for this run");
    }
    let _ = RUN_ADDRESS.set(address);
}

/// This run's address from the command line, if one was given.
pub fn run_address() -> Option<&'static TeamAddress> {
    RUN_ADDRESS.get().and_then(Option::as_ref)
}
