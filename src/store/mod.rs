//! The app's own local data in SQLite (`logodesk.sqlite` in the data folder).
//!
//! - [`migrations`]: the schema, versioned with `PRAGMA user_version`; a new table is a new
//!   entry at the end of [`migrations::MIGRATIONS`], never an edit of an old one.
//! - [`accounts`]: the accounts a person has set up. API keys are never stored here: they live
//!   in the OS keychain ([`crate::keychain`]), and this table only says where to find them.
//!
//! [`Store`] is synchronous (rusqlite); the backend calls it from `spawn_blocking`, never the UI.

pub mod accounts;
pub mod approvals;
pub(crate) mod db;
pub mod editor;
pub mod migrations;
pub mod orders;
pub mod tasks;

pub use accounts::{
    AccountId, AccountKind, AccountRecord, Destination, DestinationPart, KeyLocation, NewAccount,
    SANDBOX_ACCOUNT_NAME, SANDBOX_DESTINATION,
};
pub use orders::{Hold, LocalOrder, LocalOrderId, OrderState, Outgoing};
pub use tasks::TrackedTask;

use rusqlite::Connection;
use std::path::{Path, PathBuf};

/// What can go wrong with the local database. `Display` is a sentence saying what happened
/// and what to do.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// The database file could not be opened or created.
    #[error("{}", crate::tr!("store-open-failed", path = .path.display().to_string(), reason = .source.to_string()))]
    Open {
        path: PathBuf,
        #[source]
        source: rusqlite::Error,
    },
    /// The database was written by a newer version of logodesk.
    #[error("{}", crate::tr!("store-too-new", found = .found.to_string(), known = .known.to_string(), path = .path.display().to_string()))]
    TooNew {
        path: PathBuf,
        found: i64,
        known: i64,
    },
    /// The database says its schema version is negative: not a file logodesk wrote.
    #[error("{}", crate::tr!("store-bad-version", found = .found.to_string(), path = .path.display().to_string()))]
    BadVersion { path: PathBuf, found: i64 },
    /// Another account already has this name.
    #[error("{}", crate::tr!("store-duplicate-name", name = .0.as_str()))]
    DuplicateName(String),
    /// The account no longer exists (removed meanwhile).
    #[error("{}", crate::tr!("store-no-such-account"))]
    NoSuchAccount,
    /// The built-in sandbox account cannot be removed or renamed.
    #[error("{}", crate::tr!("store-sandbox-built-in"))]
    SandboxIsBuiltIn,
    /// Any other SQLite failure.
    #[error("{}", crate::tr!("store-failed", reason = .0.to_string()))]
    Sqlite(#[from] rusqlite::Error),
    /// Any failure of the team's PostgreSQL database.
    #[error("{}", crate::tr!("store-team-failed", reason = .0.to_string()))]
    Postgres(#[from] postgres::Error),
    /// A column did not hold what the store wrote there (a damaged or foreign database).
    #[error("{}", crate::tr!("store-column", index = .index.to_string(), wanted = .wanted.to_string()))]
    Column { index: usize, wanted: &'static str },
    /// A query that must answer a row answered none.
    #[error("{}", crate::tr!("store-no-row"))]
    NoRow,
}

/// The outbox is a money ledger: a queued order, its idempotency key and the tracking id the
/// service answered must survive a power cut once logodesk has said "queued" or "placed".
/// In WAL mode `synchronous = NORMAL` (SQLite's usual WAL choice) may lose the last commits
/// on power loss; `FULL` syncs the WAL on every commit, which for a few orders a minute costs
/// nothing anyone notices. macOS's `fsync` does not reach the disk's platters, so there
/// `fullfsync` (F_FULLFSYNC) is asked for as well, also for checkpoints.
fn durable(conn: &Connection) -> rusqlite::Result<()> {
    conn.pragma_update(None, "synchronous", "FULL")?;
    if cfg!(target_os = "macos") {
        conn.pragma_update(None, "fullfsync", "ON")?;
        conn.pragma_update(None, "checkpoint_fullfsync", "ON")?;
    }
    Ok(())
}

/// The open database.
#[derive(Debug)]
pub struct Store {
    conn: Connection,
}

impl Store {
    /// Opens (creating if needed) the database at `path` and brings its schema up to date.
    pub fn open(path: &Path) -> Result<Store, StoreError> {
        let conn = Connection::open(path).map_err(|source| StoreError::Open {
            path: path.to_owned(),
            source,
        })?;
        conn.busy_timeout(std::time::Duration::from_secs(2))?;
        conn.pragma_update(None, "journal_mode", "WAL")?;
        durable(&conn)?;
        Self::init(conn, path)
    }

    /// A database in memory (tests, benchmarks).
    pub fn open_in_memory() -> Result<Store, StoreError> {
        let conn = Connection::open_in_memory()?;
        Self::init(conn, Path::new(":memory:"))
    }

    fn init(mut conn: Connection, path: &Path) -> Result<Store, StoreError> {
        conn.pragma_update(None, "foreign_keys", "ON")?;
        migrations::migrate(&mut conn, path)?;
        Ok(Store { conn })
    }

    /// The schema version now in force.
    pub fn schema_version(&self) -> Result<i64, StoreError> {
        Ok(migrations::user_version(&self.conn)?)
    }

    pub(crate) fn conn(&self) -> &Connection {
        &self.conn
    }

    pub(crate) fn conn_mut(&mut self) -> &mut Connection {
        &mut self.conn
    }
}
