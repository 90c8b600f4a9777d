//! A desk on its team: the team database attached to the desk's store and the desk's own rows
//! moved in (`store::join`), with each moved account's key copied in the keychain to the team
//! account's entry. One blocking function for every caller: the app's start, its reconnects,
//! and the commands without a window.

use super::{SavedError, SavedTeam, TeamError, TeamSettings};
use crate::keychain::{Keychain, KeychainError};
use crate::store::{AccountId, DeskKey, JoinReport, KeyLocation, LeftReport, Store, StoreError};
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
    if !store.has_desk_key()
        && let Some(key) = desk_key(keychain)
    {
        store.set_desk_key(key);
    }
    store.attach_team(client, desk)?;
    let mut report = store.copy_into_team(proofs)?;
    if !report.is_empty() {
        move_keys_and_forget(store, keychain, &mut report)?;
        tracing::info!(?report, "this desk joined the team database");
    }
    // Drafts kept beside the team's while joining (`copy_into_team`), then what this desk
    // kept for the team while it was out of reach.
    let back = store.write_back_kept()?;
    report.kept.written_back += back.written_back;
    report.kept.placed += back.placed;
    report.kept.kept_apart.extend(back.kept_apart);
    store.remember_team_accounts()?;
    Ok(report)
}

/// This desk's signing key on its team (`store::desks`): the keychain's, made and kept there
/// on first use. Without a keychain (or if it fails, or holds something that does not read) a
/// key for this run only: what this desk queues in this run is then sent by this desk, or by a
/// desk whose person confirmed that key. `None` only if the system's random source fails.
fn desk_key(keychain: &Keychain) -> Option<DeskKey> {
    use secrecy::ExposeSecret as _;
    let keep = match keychain.desk_key() {
        Ok(Some(text)) => match DeskKey::from_pkcs8_base64(text.expose_secret()) {
            Some(key) => return Some(key),
            None => {
                tracing::warn!(
                    "this desk's signing key in the keychain does not read; a new one is made"
                );
                true
            }
        },
        Ok(None) => true,
        Err(e) => {
            tracing::warn!(error = %e, "this desk's signing key is kept for this run only");
            false
        }
    };
    if !keep && let Some(credentials) = keychain.credentials() {
        // A server: its key is the folder's, made once by the person.
        let path = credentials.path(crate::keychain::files::names::DESK_KEY);
        tracing::warn!(
            "{}",
            crate::tr!("team-desk-key-missing", path = path.display().to_string())
        );
    }
    let (key, secret) = DeskKey::generate()?;
    if keep && let Err(e) = keychain.set_desk_key(&secret) {
        tracing::warn!(error = %e, "this desk's signing key could not be kept; it is used for this run only");
    }
    Some(key)
}

/// After [`Store::copy_into_team`]: each joined account's key copied to the team account's
/// entry, then the rows forgotten here and the old entries removed. A key that could not be
/// read or copied is never removed: its account stays on this desk with it
/// ([`JoinReport::keys_kept`], said with the join), and the next join tries again.
fn move_keys_and_forget(
    store: &Store,
    keychain: &Keychain,
    report: &mut JoinReport,
) -> Result<(), JoinError> {
    let accounts: HashMap<AccountId, (KeyLocation, String)> = store
        .accounts()?
        .into_iter()
        .map(|a| (a.id, (a.key_location, a.name)))
        .collect();
    for (local, team) in &report.accounts {
        let (location, name) = accounts
            .get(local)
            .cloned()
            .unwrap_or((KeyLocation::Keychain, String::new()));
        let copied = match keychain.get(*local, location) {
            Ok(key) => keychain.set(*team, &key).map(drop),
            // Nothing to copy, nothing lost by forgetting it.
            Err(KeychainError::Missing | KeychainError::SessionKeyGone) => {
                tracing::info!("a joined account has no key on this desk");
                Ok(())
            }
            Err(e) => Err(e),
        };
        if let Err(e) = copied {
            tracing::warn!(error = %e, account = %name, "a joined account's key could not be copied; it stays on this desk");
            report.keys_kept.push((*local, name));
        }
    }
    store.forget_joined(report)?;
    for (local, _) in &report.accounts {
        if !report.keys_kept.iter().any(|(kept, _)| kept == local) {
            keychain.delete(*local).ok();
        }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::ApiKey;
    use crate::store::testing::remote;
    use crate::team::testing::{pg_client, pg_connect};
    use keyring_core::api::CredentialStoreApi as _;

    /// A key the keychain refused to copy to the team account's entry is
    /// never deleted: the desk keeps its account and key, says so in the report, and the next
    /// join copies it.
    #[test]
    fn a_key_that_failed_to_copy_is_kept_with_its_account_until_a_join_copies_it() {
        let (client, name) = pg_client();
        // The team has the account already (another desk made it): its id is known.
        let team = Store::open_postgres(pg_connect(&name)).unwrap();
        let team_account = team.insert_account(&remote("Club")).unwrap().id;

        let dir = tempfile::tempdir().unwrap();
        let mut store = Store::open(&dir.path().join("logodesk.sqlite")).unwrap();
        let local = store.insert_account(&remote("Club")).unwrap().id;
        let draft = store.create_draft(local, "{}", "D-1", "Ann").unwrap().id;
        let mock = keyring_core::mock::Store::new().unwrap();
        let keychain = Keychain::with_store(mock.clone());
        keychain.set(local, &ApiKey::new("desk-key")).unwrap();
        // The team account's entry refuses the next write.
        let entry = mock
            .build(
                crate::keychain::SERVICE,
                &format!("account-{}", team_account.0),
                None,
            )
            .unwrap();
        let cred: &keyring_core::mock::Cred = entry.as_any().downcast_ref().unwrap();
        cred.set_error(keyring_core::Error::NoStorageAccess("locked".into()));

        let report = join_on(&mut store, &keychain, client, "Anna", None).unwrap();
        assert_eq!(report.keys_kept, vec![(local, "Club".to_owned())]);
        assert_eq!(report.drafts, 1, "the rows moved all the same");
        assert_eq!(
            keychain.get(local, KeyLocation::Keychain).unwrap().expose(),
            "desk-key",
            "the key not copied stays"
        );
        assert!(store.account(local).is_ok(), "and its account");
        assert!(
            store.local_order(draft).is_err(),
            "the copied row is forgotten"
        );
        assert!(keychain.get(team_account, KeyLocation::Keychain).is_err());

        // The next connection copies it, and only then lets the desk's own entry go.
        let again = join_on(&mut store, &keychain, pg_connect(&name), "Anna", None).unwrap();
        assert!(again.keys_kept.is_empty(), "{again:?}");
        assert_eq!(
            keychain
                .get(team_account, KeyLocation::Keychain)
                .unwrap()
                .expose(),
            "desk-key"
        );
        assert!(keychain.get(local, KeyLocation::Keychain).is_err());
        assert!(
            store.account(local).is_err(),
            "forgotten once its key is copied"
        );
    }
}
