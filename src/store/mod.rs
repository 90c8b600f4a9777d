//! The app's own data: in SQLite (`logodesk.sqlite` in the data folder) for one person, or in
//! the team's PostgreSQL (schema `logodesk`, issue 29). One store contract: every method is
//! written once over [`db::Db`]; the two backends differ only in SQL (its dialect tokens).
//!
//! - [`migrations`]: the schema, versioned with `PRAGMA user_version` on SQLite and the
//!   `schema_version` table on PostgreSQL; a new table is a new entry at the end of
//!   [`migrations::MIGRATIONS`] and of [`migrations::PG_MIGRATIONS`], never an edit of an old
//!   one.
//! - [`accounts`]: the accounts a person has set up. API keys are never stored here: they live
//!   in the OS keychain ([`crate::keychain`]), and this table only says where to find them.
//!
//! [`Store`] is synchronous (rusqlite, the blocking `postgres` client); the backend calls it from
//! `spawn_blocking`, never the UI.

pub mod accounts;
pub mod approvals;
pub(crate) mod db;
pub mod editor;
pub mod migrations;
pub mod orders;
pub mod tasks;
#[cfg(test)]
pub(crate) mod testing;

pub use accounts::{
    AccountId, AccountKind, AccountRecord, Destination, DestinationPart, KeyLocation, NewAccount,
    SANDBOX_ACCOUNT_NAME, SANDBOX_DESTINATION,
};
pub use orders::{Hold, LocalOrder, LocalOrderId, OrderState, Outgoing};
pub use tasks::TrackedTask;

use db::Db;
use rusqlite::Connection;
use std::cell::RefCell;
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
    /// The database was written by a newer version of logodesk: the local file at `path`, or
    /// (`None`) the team's PostgreSQL database. Nothing is written to it.
    #[error("{}", too_new(.path.as_deref(), *.found, *.known))]
    TooNew {
        path: Option<PathBuf>,
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

fn too_new(path: Option<&Path>, found: i64, known: i64) -> String {
    let (found, known) = (found.to_string(), known.to_string());
    match path {
        Some(path) => crate::tr!(
            "store-too-new",
            found = found,
            known = known,
            path = path.display().to_string()
        ),
        None => crate::tr!("store-team-too-new", found = found, known = known),
    }
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
    db: Db,
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
        Ok(Store {
            db: Db::Sqlite(conn),
        })
    }

    /// The team's database on `client`'s PostgreSQL: its tables in schema `logodesk` (the
    /// connection's `search_path`), created or brought up to date first
    /// ([`migrations::migrate_postgres`]). A database from a newer logodesk is refused
    /// ([`StoreError::TooNew`]): this desk writes nothing to it.
    pub fn open_postgres(client: postgres::Client) -> Result<Store, StoreError> {
        let db = Db::Postgres(RefCell::new(client));
        db.batch(&format!("SET search_path TO {}", crate::team::SCHEMA))?;
        migrations::migrate_postgres(&db)?;
        Ok(Store { db })
    }

    /// The schema version now in force (each backend has its own numbering).
    pub fn schema_version(&self) -> Result<i64, StoreError> {
        match &self.db {
            Db::Sqlite(conn) => Ok(migrations::user_version(conn)?),
            Db::Postgres(_) => migrations::postgres_version(&self.db),
        }
    }

    /// The SQLite connection (tests of what only a file has: pragmas, the migration of old
    /// files).
    #[cfg(test)]
    pub(crate) fn sqlite(&self) -> Option<&Connection> {
        match &self.db {
            Db::Sqlite(conn) => Some(conn),
            Db::Postgres(_) => None,
        }
    }
}
