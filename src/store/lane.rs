//! How the store's lane reaches a store: the desk's own accounts never
//! wait on the team database's network.
//!
//! One [`Store`] holds the desk's SQLite and the team's PostgreSQL, behind one mutex (its
//! methods route each row by its id, and some use both). A call waiting for the team's server
//! therefore holds the store; every call of the team's connection is bounded
//! ([`crate::team::CALL_BOUND`]), but a silent server would still hold it that long, and the
//! desk's own accounts with it. So while a call has waited for the team's server longer than
//! [`STAND_IN_AFTER`], a call that finds the store taken runs on a **stand-in** instead: a
//! second connection to the same SQLite file, with the team attached and away
//! (`store::offline`: the team's accounts as last read, what is saved for the team kept here).
//! The desk's own accounts answer from it as from the store itself (SQLite in WAL mode takes
//! the second connection's reads and writes beside the first's); a team's row is refused at
//! once ([`StoreError::TeamUnreachable`]), the truth about a server that does not answer.
//!
//! When the store is free again and the stand-in refused a team's row meanwhile, the team's
//! connection is taken as broken ([`super::db::Db::abandon`]): the watch connects again and
//! writes back what was kept here meanwhile, as after any break. What changes which team is
//! attached (attach, detach, away, leave) runs on the store itself ([`Lane::enter_itself`]).
//!
//! A store in memory has no file to open twice: its calls wait for it.

use super::db::Waiting;
use super::{Store, StoreError};
use crate::sync::Lock as _;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, TryLockError};
use std::time::Duration;

/// How long a call of the team's connection may have waited for the server before calls
/// that find the store taken go to the stand-in. Longer than a statement of a healthy team
/// database takes (milliseconds), so its calls are not refused while it merely works.
pub const STAND_IN_AFTER: Duration = Duration::from_secs(1);

/// What the lane knows of one store without holding it.
#[derive(Debug)]
pub struct Lane {
    /// Since when a call of the team's connection waits for the server.
    pub(crate) waiting: Arc<Waiting>,
    /// The data file; `None` in memory (no stand-in).
    path: Option<PathBuf>,
    /// The desk's name on its team while one is attached (or taken as away).
    desk: Mutex<Option<String>>,
    /// Set by the stand-in when it refused a team's row.
    refused: Arc<AtomicBool>,
    /// The store's signal of a broken team connection (the stand-in's is the same).
    team_broken: Arc<tokio::sync::Notify>,
    stand_in: Mutex<Option<Store>>,
}

impl Lane {
    pub(crate) fn new(path: Option<PathBuf>, team_broken: Arc<tokio::sync::Notify>) -> Lane {
        Lane {
            waiting: Arc::default(),
            path,
            desk: Mutex::new(None),
            refused: Arc::default(),
            team_broken,
            stand_in: Mutex::new(None),
        }
    }

    /// The team attached to the store is now this desk's `desk`, or none.
    pub(crate) fn set_team(&self, desk: Option<&str>) {
        *self.desk.locked() = desk.map(str::to_owned);
    }

    /// The store itself, or its stand-in while the store waits for the team's server.
    pub fn enter<'a>(&'a self, store: &'a Mutex<Store>) -> Entered<'a> {
        if self.path.is_none() {
            return self.enter_itself(store);
        }
        let mut pause = Duration::from_micros(100);
        loop {
            match store.try_lock() {
                Ok(guard) => return self.entered(guard),
                Err(TryLockError::Poisoned(p)) => return self.entered(p.into_inner()),
                Err(TryLockError::WouldBlock) => {}
            }
            if self.waiting.longer_than(STAND_IN_AFTER) {
                match self.stand_in() {
                    Ok(guard) => return Entered::StandIn(guard),
                    Err(e) => {
                        tracing::warn!(error = %e, "no stand-in for the store: waiting for it");
                        return self.enter_itself(store);
                    }
                }
            }
            std::thread::sleep(pause);
            pause = (pause * 2).min(Duration::from_millis(2));
        }
    }

    /// The store itself, waiting for it however long it is held (what changes the team
    /// attached must happen to the store, never its stand-in).
    pub fn enter_itself<'a>(&'a self, store: &'a Mutex<Store>) -> Entered<'a> {
        self.entered(store.locked())
    }

    fn entered<'a>(&'a self, guard: MutexGuard<'a, Store>) -> Entered<'a> {
        if self.refused.swap(false, Ordering::SeqCst)
            && let Some(team) = guard.team.as_ref()
            && let Some(db) = &team.db
        {
            tracing::info!(
                "the team database did not answer while the desk went on without it: connecting again"
            );
            db.abandon();
        }
        Entered::Store(guard)
    }

    /// The stand-in (opened at its first use), its team as the store's is now.
    fn stand_in(&self) -> Result<MutexGuard<'_, Option<Store>>, StoreError> {
        let mut guard = self.stand_in.locked();
        if guard.is_none() {
            let path = self.path.as_deref().expect("a stand-in only for a file");
            let mut store = Store::open(path)?;
            store.team_broken = self.team_broken.clone();
            store.stand_in = Some(self.refused.clone());
            *guard = Some(store);
        }
        let desk = self.desk.locked().clone();
        if let Some(store) = guard.as_mut() {
            match desk {
                Some(desk) => {
                    store.team_out_of_reach(&desk);
                }
                None => store.team = None,
            }
        }
        Ok(guard)
    }
}

/// A store entered by the lane: the store itself, or its stand-in.
pub enum Entered<'a> {
    Store(MutexGuard<'a, Store>),
    StandIn(MutexGuard<'a, Option<Store>>),
}

impl std::ops::Deref for Entered<'_> {
    type Target = Store;

    fn deref(&self) -> &Store {
        match self {
            Entered::Store(s) => s,
            Entered::StandIn(s) => s.as_ref().expect("a stand-in once made stays"),
        }
    }
}

impl std::ops::DerefMut for Entered<'_> {
    fn deref_mut(&mut self) -> &mut Store {
        match self {
            Entered::Store(s) => s,
            Entered::StandIn(s) => s.as_mut().expect("a stand-in once made stays"),
        }
    }
}

impl Entered<'_> {
    /// Whether this is the stand-in.
    pub fn is_stand_in(&self) -> bool {
        matches!(self, Entered::StandIn(_))
    }
}
