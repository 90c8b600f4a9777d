//! Where a row lives: the one place that decides it.
//!
//! A row's id says which database numbered it ([`TEAM_IDS_FROM`]); the store's own database
//! says what it is ([`Own`]); the team database attached to a desk says whether it answers
//! now ([`TeamState`]). [`Store::route`] puts the three together for an id, and every read
//! and write of a row asks it (through [`Store::on_account`] and [`Store::on_order`]); a write
//! that must not be lost while the team is away goes through [`Store::write_or_keep`].

use super::db::Db;
use super::{AccountId, LocalOrderId, Store, StoreError};

/// Ids the team database hands out start here (its identities are restarted there by its
/// third migration); a desk's own SQLite ids stay far below. So an [`AccountId`] or a
/// [`LocalOrderId`] says by itself which database numbered its row.
pub const TEAM_IDS_FROM: i64 = 1 << 40;

/// Whether `id` was numbered by a team database.
pub(crate) fn is_team_id(id: i64) -> bool {
    id >= TEAM_IDS_FROM
}

impl AccountId {
    /// Whether this is a team's account (numbered by the team database), wherever it is read.
    pub fn is_team(self) -> bool {
        is_team_id(self.0)
    }
}

impl LocalOrderId {
    /// Whether this row was numbered by the team database (made there, not on a desk).
    pub fn is_team(self) -> bool {
        is_team_id(self.0)
    }
}

/// What the store's own database is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Own {
    /// A desk's file (SQLite): its own rows, copies of team accounts it keeps for an outage,
    /// and what it keeps for a team that is out of reach (`offline`).
    Desk,
    /// The team's database itself (PostgreSQL opened as the store, as a sender on a server
    /// and tests do): every row is its own.
    Team,
}

/// What a desk knows of its team database now.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TeamState {
    /// No team database is attached.
    Alone,
    /// Taken as attached, but not reached since the desk started: its accounts are listed as
    /// last read, and there is nothing else of it to show.
    NeverReached,
    /// Attached and answering.
    Reachable,
    /// Attached, and a call found its connection broken; the watch has not heard it yet (it
    /// is told through [`Store::team_broken_signal`]).
    Broken,
    /// Attached, and its connection broke: nothing is asked of it until it is attached again.
    Away,
}

impl TeamState {
    /// A team database is attached (reachable or not).
    pub fn is_attached(self) -> bool {
        self != TeamState::Alone
    }

    /// A team database is attached and out of reach now: what a person makes or saves for it
    /// is kept on this desk.
    pub fn is_away(self) -> bool {
        matches!(
            self,
            TeamState::NeverReached | TeamState::Broken | TeamState::Away
        )
    }
}

/// Which database holds a row, by its id ([`Store::route`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Route {
    /// The store's own database.
    Own,
    /// The team database, attached and answering.
    Team,
    /// The team database, attached and out of reach: the row itself cannot be read now; what
    /// is made or saved for it is kept on this desk (`offline`).
    Away,
    /// A team's row on a desk with no team database attached.
    NoTeam,
}

impl Route {
    /// The row is the team's (its database reachable or not).
    pub fn is_team(self) -> bool {
        matches!(self, Route::Team | Route::Away)
    }
}

/// What came of a write of a team's row tried through [`Store::write_or_keep`].
pub(crate) enum Reach<T> {
    /// The write was made where the row lives (or it answered why not).
    Written(T),
    /// The team database is out of reach: keep the write on this desk. `unknown`: the write
    /// reached it and its answer was lost ([`StoreError::OutcomeUnknown`]): it may be made.
    KeepHere { unknown: bool },
}

impl Store {
    /// What the store's own database is: a desk's file is SQLite; a store opened on
    /// PostgreSQL is the team's database itself.
    fn own(&self) -> Own {
        match self.db {
            Db::Sqlite(_) => Own::Desk,
            Db::Postgres(_) => Own::Team,
        }
    }

    /// What the team database attached to this store is now.
    pub fn team_state(&self) -> TeamState {
        let Some(team) = &self.team else {
            return TeamState::Alone;
        };
        match &team.db {
            // A stand-in (`store::lane`) stands for a store that reached it: the screens keep
            // what they read.
            None if self.stand_in.is_some() => TeamState::Away,
            None => TeamState::NeverReached,
            Some(_) if team.away => TeamState::Away,
            Some(db) if db.broken() => TeamState::Broken,
            Some(_) => TeamState::Reachable,
        }
    }

    /// Which database holds the row (or account) numbered `id`.
    pub fn route(&self, id: i64) -> Route {
        if !is_team_id(id) || (self.own() == Own::Team && self.team.is_none()) {
            return Route::Own;
        }
        match self.team_state() {
            TeamState::Alone => Route::NoTeam,
            TeamState::Reachable => Route::Team,
            _ => Route::Away,
        }
    }

    /// The database that holds the row numbered `id`: a team's row the team's, unless it is
    /// out of reach ([`StoreError::TeamUnreachable`] at once, no wait on a broken connection).
    fn holding(&self, id: i64) -> Result<&Db, StoreError> {
        match self.route(id) {
            Route::Own => Ok(&self.db),
            Route::Team => self.team_db(),
            Route::Away => Err(self.refuse_team_row()),
            Route::NoTeam => Err(StoreError::TeamNotConnected),
        }
    }

    /// The database that holds `account` and its rows.
    pub(super) fn on_account(&self, account: AccountId) -> Result<&Db, StoreError> {
        self.holding(account.0)
    }

    /// The database that holds order row `id` (and its proof steps).
    pub(super) fn on_order(&self, id: LocalOrderId) -> Result<&Db, StoreError> {
        self.holding(id.0)
    }

    /// The databases that answer now: the store's own, then the team's unless it is out of
    /// reach (work this desk can do meanwhile).
    pub(super) fn reachable_dbs(&self) -> impl Iterator<Item = &Db> {
        std::iter::once(&self.db).chain(self.team.as_ref().and_then(super::TeamDb::reachable))
    }

    /// The team database, attached and answering now.
    pub(super) fn team_db(&self) -> Result<&Db, StoreError> {
        let team = self.team.as_ref().ok_or(StoreError::TeamNotConnected)?;
        team.reachable().ok_or_else(|| self.refuse_team_row())
    }

    /// Whether account `id` read from `db` is a desk's copy of a team account (`offline`): a
    /// team's id in a desk's own database.
    pub(super) fn is_copy(&self, db: &Db, id: i64) -> bool {
        is_team_id(id) && self.is_desk() && std::ptr::eq(db, &self.db)
    }

    /// Whether the store's own database is a desk's (its file keeps what the desk knows of
    /// its team: copies, rows kept for an outage, trusted keys); a store that is the team's
    /// database keeps nothing beside itself.
    pub(super) fn is_desk(&self) -> bool {
        self.own() == Own::Desk
    }

    /// This desk's name on a team row numbered `id` (who placed it); `None` for the desk's
    /// own rows.
    pub(super) fn desk_of(&self, id: i64) -> Option<String> {
        self.desk_name().filter(|_| is_team_id(id))
    }

    /// This desk's name on its team, if a team database is attached.
    pub(super) fn desk_name(&self) -> Option<String> {
        self.team.as_ref().map(|t| t.desk.clone())
    }

    /// Whether a failure of a call about row or account `id` means "keep it here": the row is
    /// the team's, a team database is attached, and it cannot be reached.
    pub(super) fn keeps(&self, id: i64, error: &StoreError) -> bool {
        is_team_id(id) && self.team_state().is_attached() && error.is_team_unreachable()
    }

    /// Tries `write` of the row (or account) numbered `id` where it lives, unless the team
    /// database is known to be out of reach ([`Store::reached`]).
    pub(super) fn write_or_keep<T>(
        &self,
        id: i64,
        what: &str,
        write: impl FnOnce() -> Result<T, StoreError>,
    ) -> Result<Reach<T>, StoreError> {
        if self.route(id) == Route::Away {
            return Ok(Reach::KeepHere { unknown: false });
        }
        self.reached(id, what, write())
    }

    /// What the write of row (or account) `id` that answered `result` came to: a failure that
    /// says the team database is out of reach (`what`: what is kept, for the log) is
    /// [`Reach::KeepHere`], not an error.
    pub(super) fn reached<T>(
        &self,
        id: i64,
        what: &str,
        result: Result<T, StoreError>,
    ) -> Result<Reach<T>, StoreError> {
        match result {
            Ok(done) => Ok(Reach::Written(done)),
            Err(e) if self.keeps(id, &e) => {
                tracing::info!(error = %e, "the team database is out of reach: {what} is kept on this desk");
                Ok(Reach::KeepHere {
                    unknown: matches!(e, StoreError::OutcomeUnknown(_)),
                })
            }
            Err(e) => Err(e),
        }
    }
}
