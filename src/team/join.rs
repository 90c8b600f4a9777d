//! A desk on its team: the team database attached to the desk's store and the desk's own rows
//! moved in (`store::join`), with each moved account's key copied in the keychain to the team
//! account's entry. One blocking function for every caller: the app's start, its reconnects,
//! and the commands without a window.

use super::{SavedError, SavedTeam, TeamError, TeamSettings};
use crate::keychain::Keychain;
use crate::store::{AccountId, JoinReport, KeyLocation, LeftReport, Store, StoreError};
use std::collections::HashMap;
use std::path::Path;

/// Why a desk is not on its team now.
#[derive(Debug, thiserror::Error)]
pub enum JoinError {
    /// The saved settings could not be read.
    #[error(transparent)]
    Saved(#[from] SavedError),
    /// Connecting failed (the sentence says why).
    #[error(transparent)]
    Connect(#[from] TeamError),
    /// The team database or this desk's refused a step (nothing is lost: a step not done is
    /// done at the next connection).
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// The team settings of the data folder `dir` for this run: `--team-database` (or
/// `LOGODESK_TEAM_DATABASE`) if given, else what Settings → Team saved there; `None`: no team.
pub fn settings_of(dir: &Path, keychain: &Keychain) -> Result<Option<TeamSettings>, SavedError> {
    SavedTeam::load(dir)?.resolve(super::run_address(), keychain)
}

/// Connects to the team database of `settings`, attaches it to `store` and moves this desk's
/// rows in: copied in one transaction, keys copied (an account without a key here leaves its
/// orders to a desk with one), then forgotten here; then what this desk kept for the team
/// while it was out of reach goes back (`store::offline`: the drafts and orders made here
/// moved with the rows, each kept save written back to its draft or kept beside it). Blocks
/// (connecting, both databases, the keychain). Answers what moved: nothing on a desk that
/// joined before and kept nothing.
pub fn attach_and_join(
    store: &mut Store,
    keychain: &Keychain,
    settings: &TeamSettings,
    proofs: Option<&Path>,
) -> Result<JoinReport, JoinError> {
    let client = super::connect(settings)?;
    join_on(store, keychain, client, &settings.desk_name, proofs)
}

/// [`attach_and_join`] on a connection made already (`client`, the team database of this
/// desk named `desk`): the app connects first, outside the store's lane, so a connection
/// that takes its time never holds the store.
pub fn join_on(
    store: &mut Store,
    keychain: &Keychain,
    client: super::TeamClient,
    desk: &str,
    proofs: Option<&Path>,
) -> Result<JoinReport, JoinError> {
    store.attach_team(client, desk)?;
    let mut report = store.copy_into_team(proofs)?;
    if !report.is_empty() {
        move_keys_and_forget(store, keychain, &report)?;
        tracing::info!(?report, "this desk joined the team database");
    }
    report.kept = store.write_back_kept()?;
    store.remember_team_accounts()?;
    Ok(report)
}

/// After [`Store::copy_into_team`]: each joined account's key copied to the team account's
/// entry, then the rows forgotten here and the old entries removed.
fn move_keys_and_forget(
    store: &Store,
    keychain: &Keychain,
    report: &JoinReport,
) -> Result<(), JoinError> {
    let locations: HashMap<AccountId, KeyLocation> = store
        .accounts()?
        .into_iter()
        .map(|a| (a.id, a.key_location))
        .collect();
    for (local, team) in &report.accounts {
        let location = locations
            .get(local)
            .copied()
            .unwrap_or(KeyLocation::Keychain);
        match keychain.get(*local, location) {
            Ok(key) => {
                if let Err(e) = keychain.set(*team, &key) {
                    tracing::warn!(error = %e, "a joined account's key could not be copied");
                }
            }
            Err(e) => tracing::info!(error = %e, "a joined account has no key on this desk"),
        }
    }
    store.forget_joined(report)?;
    for (local, _) in &report.accounts {
        keychain.delete(*local).ok();
    }
    Ok(())
}

/// This desk leaves its team (Settings → Team → Forget): the team database is let go and what
/// was kept here for it becomes this desk's own ([`Store::leave_team`]); the key of each team
/// account that became an account of this desk is copied in the keychain to the new account's
/// entry (the team account's entry stays: it is this desk's key for the team, should it join
/// again). Blocks (the database, the keychain).
pub fn leave(store: &mut Store, keychain: &Keychain) -> Result<LeftReport, StoreError> {
    let report = store.leave_team()?;
    for left in &report.accounts {
        let location = store.account(left.account)?.key_location;
        match keychain.get(left.team, location) {
            Ok(key) => {
                if let Err(e) = keychain.set(left.account, &key) {
                    tracing::warn!(error = %e, "a team account's key could not be copied to this desk's account");
                }
            }
            Err(e) => {
                tracing::info!(error = %e, "a team account kept here has no key on this desk")
            }
        }
    }
    Ok(report)
}

/// [`attach_and_join`] for a data folder's own settings ([`settings_of`]); `None` when the
/// folder has no team.
pub fn join_if_on_a_team(
    store: &mut Store,
    keychain: &Keychain,
    dir: &Path,
) -> Result<Option<JoinReport>, JoinError> {
    let Some(settings) = settings_of(dir, keychain)? else {
        return Ok(None);
    };
    let proofs = dir.join("proofs");
    attach_and_join(store, keychain, &settings, Some(&proofs)).map(Some)
}
