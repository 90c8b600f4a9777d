//! The app's own data: in SQLite (`logodesk.sqlite` in the data folder) for one person, or in
//! the team's PostgreSQL (schema `logodesk`). One store contract: every method is
//! written once over `db::Db`; the two backends differ only in SQL (its dialect tokens).
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
pub mod club;
pub(crate) mod db;
pub mod desks;
pub mod editor;
pub mod identity;
pub mod join;
pub mod lane;
pub mod migrations;
pub mod offline;
pub mod orders;
pub mod route;
pub mod tasks;
#[cfg(test)]
pub(crate) mod testing;

pub use accounts::{
    AccountId, AccountKind, AccountRecord, AccountWork, Destination, DestinationPart, KeyLocation,
    NewAccount, SANDBOX_ACCOUNT_NAME, SANDBOX_DESTINATION,
};
pub use db::TeamConnection;
pub use desks::{DeskKey, DeskTrust, RefusedOrder, TeamDesk};
pub use join::JoinReport;
pub use lane::{Entered, Lane};
pub use offline::{KeptReport, LeftAccount, LeftReport};
pub use orders::{
    Claim, ClaimToken, DeskId, DraftFields, DraftSave, EDIT_LEASE, EditClaim, Editing,
    HistoryCursor, HistoryPage, HistoryQuery, HistoryStatus, HistoryTotals, Hold, LocalOrder,
    LocalOrderId, OrderState, Outgoing, PLACED_ALIKE_WITHIN, register_sqlite_functions,
};
pub use route::{Route, TEAM_IDS_FROM, TeamState};
pub use tasks::TrackedTask;

use db::Db;
use rusqlite::Connection;
use std::cell::RefCell;
use std::path::{Path, PathBuf};
use std::sync::Arc;

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
    /// The team database's schema is older than this version's, and the role this desk logs
    /// in as may not upgrade it (the owner role does: `logodesk migrate-team`). Nothing is
    /// written to it.
    #[error("{}", crate::tr!("store-team-needs-owner", found = .found.to_string(), known = .known.to_string()))]
    TeamNeedsOwner { found: i64, known: i64 },
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
    #[error("{}", crate::tr!("store-team-failed", reason = pg_reason(.0)))]
    Postgres(#[from] postgres::Error),
    /// A column did not hold what the store wrote there (a damaged or foreign database).
    #[error("{}", crate::tr!("store-column", column = .column.as_str(), wanted = .wanted.to_string()))]
    Column {
        column: String,
        wanted: &'static str,
    },
    /// A query that must answer a row answered none.
    #[error("{}", crate::tr!("store-no-row"))]
    NoRow,
    /// The row or account lives in the team database, which this desk is not connected to
    /// now.
    #[error("{}", crate::tr!("store-team-not-connected"))]
    TeamNotConnected,
    /// The club room keeps its links and decisions in a team database, and this desk has
    /// none.
    #[error("{}", crate::tr!("store-club-needs-team"))]
    ClubNeedsTeam,
    /// On a team, a draft this desk keeps for itself (an account of its own, such as the
    /// sandbox): the club room, on the team database, cannot show it.
    #[error("{}", crate::tr!("store-club-desk-row"))]
    ClubDeskRow,
    /// The row or account lives in the team database, attached but out of reach now (its
    /// connection broke); the desk reconnects by itself.
    #[error("{}", crate::tr!("store-team-not-connected"))]
    TeamUnreachable,
    /// A write reached the team database and its connection broke before the answer came
    /// (the `COMMIT`, or a write statement outside a transaction: `db::PgClient`): it may
    /// have been made or not. Never said as a failure: the caller looks the row up when the
    /// team is back (by its key: known before the write), or says this.
    #[error("{}", crate::tr!("store-team-outcome-unknown", reason = unknown_reason(.0)))]
    OutcomeUnknown(Box<StoreError>),
    /// A team's account is not removed while orders of it wait, on any desk: they would be
    /// sent nowhere.
    #[error("{}", crate::tr!("store-account-has-orders", name = .name.as_str(), queued = *.queued, in_flight = *.in_flight))]
    AccountHasOrders {
        name: String,
        queued: usize,
        in_flight: usize,
    },
    /// The team database did not answer a call within the client's bound (a silent server,
    /// a backend process stopped): counted as out of reach, the connection is let go.
    #[error("{}", crate::tr!("store-team-silent", seconds = .seconds.to_string()))]
    TeamSilent { seconds: u64 },
    /// What the team database sent for a call holds a value (or rows) larger than logodesk
    /// reads: nothing of it was used, the call failed.
    #[error("{}", crate::tr!("store-team-too-large", size = crate::store::mib(*.bytes), most = crate::store::mib(*.most)))]
    TeamTooLarge { bytes: u64, most: u64 },
    /// Joining: the team has an account of this name with another address.
    #[error("{}", crate::tr!("store-join-name-taken", name = .0.as_str()))]
    JoinNameTaken(String),
    /// A team row is not signed by a desk this desk trusts over exactly what would be sent
    /// (`desks`): the row's sentence. Nothing was sent.
    #[error("{0}")]
    NotSigned(String),
    /// No desk of the team has this key or code (it left the team database meanwhile, or the
    /// code was mistyped).
    #[error("{}", crate::tr!("store-no-such-desk"))]
    NoSuchDesk,
    /// The desk's key registered now is not the one whose code was shown: compare again.
    #[error("{}", crate::tr!("store-desk-changed"))]
    DeskChanged,
}

/// What went wrong with the team database, in the server's words when it answered ("canceling
/// statement due to lock timeout"), else the client's with its cause ("error communicating with
/// the server: Connection reset by peer"): never the bare "db error".
fn pg_reason(e: &postgres::Error) -> String {
    if let Some(db) = e.as_db_error() {
        return db.message().to_owned();
    }
    match std::error::Error::source(e) {
        Some(cause) => format!("{e}: {cause}"),
        None => e.to_string(),
    }
}

/// Why a write's outcome is unknown, in the client's words (the cause's own sentence would
/// say "try again").
fn unknown_reason(e: &StoreError) -> String {
    match e {
        StoreError::Postgres(e) => pg_reason(e),
        e => e.to_string(),
    }
}

/// Bytes as MiB with one decimal, for sentences ("300.0 MiB").
pub(crate) fn mib(bytes: u64) -> String {
    format!("{:.1} MiB", bytes as f64 / (1024.0 * 1024.0))
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

/// The schema the team database's tables live in (PostgreSQL; `search_path` of the store's
/// connection).
pub const PG_SCHEMA: &str = "logodesk";

/// The open database: a desk's own (SQLite, or a PostgreSQL one on its own for a sender on a
/// server and the tests), and the team's when one is attached ([`Store::attach_team`]).
#[derive(Debug)]
pub struct Store {
    db: Db,
    team: Option<TeamDb>,
    /// Notified when a call finds the team database's connection broken (`offline`): the
    /// team's watch connects again.
    team_broken: Arc<tokio::sync::Notify>,
    /// This desk's signing key: what it queues for the team is signed with it (`desks`).
    desk_key: Option<DeskKey>,
    /// What the store's lane knows of this store without holding it ([`lane`]).
    lane: Arc<Lane>,
    /// This store is the stand-in of another ([`lane`]): set when it refused a team's row.
    stand_in: Option<Arc<std::sync::atomic::AtomicBool>>,
}

/// The team database attached to a desk's store, and the desk's name (who placed an order).
#[derive(Debug)]
struct TeamDb {
    /// `None`: not reached since this desk started (`offline`: it started while the team
    /// database was out of reach, and lists the team's accounts as last read).
    db: Option<Db>,
    desk: String,
    /// Its connection broke: nothing is asked of it until it is attached again (`offline`).
    away: bool,
}

impl TeamDb {
    /// The team's database if it answers now: attached, not away, its connection not found
    /// broken by a call.
    fn reachable(&self) -> Option<&Db> {
        self.db.as_ref().filter(|db| !self.away && !db.broken())
    }
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
        let store = Self::init(conn, path)?;
        store.take_own_identity(path)?;
        Ok(store)
    }

    /// A database in memory (tests, benchmarks).
    pub fn open_in_memory() -> Result<Store, StoreError> {
        let conn = Connection::open_in_memory()?;
        Self::init(conn, Path::new(":memory:"))
    }

    fn init(mut conn: Connection, path: &Path) -> Result<Store, StoreError> {
        conn.pragma_update(None, "foreign_keys", "ON")?;
        orders::register_sqlite_functions(&conn)?;
        migrations::migrate(&mut conn, path)?;
        let team_broken = Arc::<tokio::sync::Notify>::default();
        // A file can be opened a second time by a stand-in; memory cannot.
        let file = Some(path).filter(|p| *p != Path::new(":memory:"));
        Ok(Store {
            db: Db::Sqlite(conn),
            team: None,
            lane: Arc::new(Lane::new(file.map(Path::to_owned), team_broken.clone())),
            team_broken,
            stand_in: None,
            desk_key: None,
        })
    }

    /// The team's database on `client`'s PostgreSQL: its tables in schema `logodesk` (the
    /// connection's `search_path`), created or brought up to date first
    /// (`migrations::migrate_postgres`). A database from a newer logodesk is refused
    /// ([`StoreError::TooNew`]): this desk writes nothing to it.
    pub fn open_postgres(client: impl TeamConnection + 'static) -> Result<Store, StoreError> {
        let db = Db::Postgres(RefCell::new(db::PgClient::new(client)));
        db.batch(&format!("SET search_path TO {PG_SCHEMA}"))?;
        migrations::migrate_postgres(&db)?;
        let team_broken = Arc::<tokio::sync::Notify>::default();
        Ok(Store {
            db,
            team: None,
            lane: Arc::new(Lane::new(None, team_broken.clone())),
            team_broken,
            stand_in: None,
            desk_key: None,
        })
    }

    /// Attaches the team database on `client` (migrating it first, as
    /// [`Store::open_postgres`]): from now on the team's accounts and their rows are read and
    /// written there; `desk` names this desk on the orders it queues. Replaces a team attached
    /// before (a reconnect). This desk's signing key is registered there (`desks`; a key for
    /// this run if none was set), and the team's accounts are read at once (`offline`).
    pub fn attach_team(
        &mut self,
        client: impl TeamConnection + 'static,
        desk: &str,
    ) -> Result<(), StoreError> {
        if self.stand_in.is_some() {
            // A stand-in never holds the team (`lane`): the store itself does.
            return Err(StoreError::TeamUnreachable);
        }
        let team = Store::open_postgres(client)?;
        team.db
            .on_broken(self.team_broken.clone(), self.lane.waiting.clone());
        let desk = desk.trim().to_owned();
        self.lane.set_team(Some(&desk));
        self.team = Some(TeamDb {
            db: Some(team.db),
            desk,
            away: false,
        });
        self.register_desk()?;
        self.remember_team_accounts()
    }

    /// Lets the team database go (forgotten in Settings): its accounts and rows are no
    /// longer listed; the desk's own stay.
    pub fn detach_team(&mut self) {
        self.team = None;
        self.lane.set_team(None);
    }

    /// What the store's lane needs of this store without holding it ([`lane`]).
    pub fn lane(&self) -> Arc<Lane> {
        self.lane.clone()
    }

    /// A team's row asked of a stand-in ([`lane`]): refused, and said to the store.
    fn refuse_team_row(&self) -> StoreError {
        if let Some(refused) = &self.stand_in {
            refused.store(true, std::sync::atomic::Ordering::SeqCst);
        }
        StoreError::TeamUnreachable
    }

    /// This desk as the team's outbox knows it (who holds a claim): its name and its data
    /// folder's install id (two desks may share a name, never an install id).
    pub fn desk_id(&self) -> Result<DeskId, StoreError> {
        let name = self.team.as_ref().map_or("", |t| t.desk.as_str());
        Ok(DeskId(format!("{name} ({})", self.install_id()?)))
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

#[cfg(test)]
mod tests {
    use super::testing::{each_backend, pg_client, pg_connect, remote};
    use super::*;
    use crate::api::{OrderId, OrderNumber, OrderStatus, TrackingRecord};

    /// Two desks on one team database: what one writes, the other reads at once.
    #[test]
    fn two_stores_on_one_team_database_see_each_others_rows() {
        let (client, name) = pg_client();
        let mut alice = Store::open_postgres(client).unwrap();
        let bob = Store::open_postgres(pg_connect(&name)).unwrap();
        let account = alice.insert_account(&remote("Club")).unwrap();
        assert_eq!(bob.accounts().unwrap(), vec![account.clone()]);
        assert!(matches!(
            bob.insert_account(&remote("CLUB")),
            Err(StoreError::DuplicateName(_))
        ));

        let draft = bob.create_draft(account.id, "{}", "PO-1", "Club").unwrap();
        assert!(
            alice
                .queue_draft(draft.id, "{}", "PO-1", "Club", b"BODY")
                .unwrap()
        );
        let out = bob.outbox(account.id).unwrap();
        assert_eq!(out.len(), 1);
        assert_eq!(out[0].body, b"BODY");
        let record = TrackingRecord {
            id: OrderId(41),
            order_number: OrderNumber::from("941"),
            error_message: None,
            status: OrderStatus::Pending,
            order: None,
        };
        bob.record_tracking(draft.id, &record, None).unwrap();
        assert_eq!(alice.local_order(draft.id).unwrap().state, OrderState::Sent);
        assert_eq!(
            alice.pending_tracking(account.id).unwrap(),
            vec![(draft.id, OrderId(41))]
        );
        // One install id for the database, whoever asks.
        assert_eq!(alice.install_id().unwrap(), bob.install_id().unwrap());
    }

    /// A clash of names inside a transaction (PostgreSQL aborts it at the failed statement)
    /// is the same sentence on both, the key is not written and the account is unchanged.
    #[test]
    fn a_name_clash_while_changing_the_key_changes_nothing() {
        each_backend(|store| {
            store.insert_account(&remote("Taken")).unwrap();
            let id = store.insert_account(&remote("Mine")).unwrap().id;
            let before = store.destination(id).unwrap();
            let mut wrote = false;
            let err = store
                .update_account_with_key(id, &remote("taken"), || {
                    wrote = true;
                    Ok::<(), &str>(())
                })
                .unwrap_err();
            assert!(
                matches!(err, StoreError::DuplicateName(ref n) if n == "taken"),
                "{err}"
            );
            assert!(!wrote, "the key is written only after the row changed");
            assert_eq!(store.account(id).unwrap().name, "Mine");
            assert_eq!(store.destination(id).unwrap(), before);
            // The connection is usable afterwards (no transaction left open or aborted).
            store.bump_key_version(id).unwrap();
            assert_eq!(
                store.destination(id).unwrap().key_version,
                before.key_version + 1
            );
        });
    }
}
