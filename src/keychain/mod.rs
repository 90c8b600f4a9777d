//! Where API keys live: the OS keychain through `keyring-core` (Secret Service on Linux,
//! Keychain on macOS, Credential Manager on Windows), never a file, a log or the database.
//!
//! A [`Keychain`] is one of:
//! - a credential store: the system's ([`Keychain::system`]) or any other `keyring-core` store,
//!   such as `keyring_core::mock::Store` in tests ([`Keychain::with_store`]);
//! - unavailable, with the reason ([`Keychain::unavailable`]); the person is told and may
//!   accept keeping keys in memory for this session only ([`Keychain::accept_session_only`]).
//!
//! On a server without a keychain, secrets come from files instead ([`files`]): a folder of
//! credentials given for the run ([`Credentials::for_run`], systemd's `$CREDENTIALS_DIRECTORY`)
//! is asked first for an account's key, the team database's password and the desk's signing
//! key; PostgreSQL's `.pgpass` is asked last for the password.
//!
//! Entries are built from the keychain's own store rather than the process-wide default, so
//! tests running side by side can each have theirs. Calls may block (D-Bus, a system prompt):
//! the backend makes them from `spawn_blocking`, never the UI thread.

pub mod files;

pub use files::{Credentials, SecretFileError};

use crate::api::ApiKey;
use crate::store::{AccountId, KeyLocation};
use crate::sync::Lock as _;
use keyring_core::{CredentialStore, Entry};
use secrecy::{ExposeSecret, SecretString};
use std::collections::HashMap;
use std::fmt;
use std::sync::{Arc, Mutex};

/// The `service` logodesk entries were filed under before they were scoped to a data folder;
/// the `user` is `account-<id>`. Entries are now filed under [`scoped_service`].
pub const SERVICE: &str = "logodesk";

/// The `service` of the entries of the data folder with this install id (kept in its
/// `logodesk.sqlite`): two data folders never share a key, even for equal account ids.
pub fn scoped_service(install_id: &str) -> String {
    format!("{SERVICE}-{install_id}")
}

/// What the keychain can do right now, for the UI.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum KeychainStatus {
    /// Keys are stored in this credential store (e.g. "Secret Service").
    Available { store: String },
    /// No keychain; keys are kept in memory until logodesk quits, as the person accepted.
    SessionOnly { reason: String },
    /// No keychain, and the person has not (yet) accepted keeping keys for the session.
    Unavailable { reason: String },
}

/// Failures of the keychain. `Display` is a sentence; it never contains a key.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum KeychainError {
    /// There is no keychain and the person has not accepted session-only keys.
    #[error("{}", crate::tr!("keychain-unavailable", reason = .0.as_str()))]
    Unavailable(String),
    /// The key was kept for an earlier session only and is gone now.
    #[error("{}", crate::tr!("keychain-session-key-gone"))]
    SessionKeyGone,
    /// No key is stored for this account.
    #[error("{}", crate::tr!("keychain-missing"))]
    Missing,
    /// The keychain refused or failed.
    #[error("{}", crate::tr!("keychain-failed", reason = .0.as_str()))]
    Failed(String),
    /// A secret file of the run's credentials folder was refused.
    #[error(transparent)]
    File(#[from] SecretFileError),
    /// There is no keychain to keep the team database's password in.
    #[error("{}", crate::tr!("keychain-unavailable-team", reason = .0.as_str()))]
    UnavailableForTeam(String),
}

/// The home of API keys. Cheap to clone; clones share the session memory.
#[derive(Clone)]
pub struct Keychain {
    inner: Arc<Mutex<Inner>>,
    /// Asked before the keychain, when the run was given a folder of credentials.
    credentials: Option<Credentials>,
}

enum Inner {
    Store {
        store: Arc<CredentialStore>,
        name: String,
        /// The entries' `service`: [`SERVICE`] until [`Keychain::scope_to`].
        service: String,
        /// The `service`s of the data folders this one was copied from, newest first
        /// ([`Keychain::scope_to_folder`]): a key missing here is read there.
        copied_from: Vec<String>,
    },
    Unavailable {
        reason: String,
    },
    SessionOnly {
        reason: String,
        keys: HashMap<AccountId, ApiKey>,
    },
}

impl fmt::Debug for Keychain {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("Keychain").field(&self.status()).finish()
    }
}

fn user(account: AccountId) -> String {
    format!("account-{}", account.0)
}

/// Human text of a `keyring-core` error, without any secret (keyring errors carry none except
/// `BadEncoding`/`BadDataFormat`, whose bytes are not shown).
fn describe(e: &keyring_core::Error) -> String {
    use keyring_core::Error as E;
    match e {
        E::PlatformFailure(p) | E::NoStorageAccess(p) => p.to_string(),
        E::NoEntry => "no entry".into(),
        E::BadEncoding(_) | E::BadDataFormat(..) => "the stored key is damaged".into(),
        E::NoDefaultStore => "no credential store is set".into(),
        other => other.to_string(),
    }
}

/// What a person is shown of a `keyring-core` store: its vendor's name without the crate's
/// address that follows it ("Secret Service store, https://crates.io/…" → "Secret Service
/// store").
fn store_name(vendor: &str) -> String {
    let name = vendor
        .split(", http")
        .next()
        .unwrap_or(vendor)
        .trim()
        .trim_end_matches(',');
    if name.is_empty() { vendor } else { name }.to_owned()
}

impl Keychain {
    /// The operating system's keychain, if one answers; otherwise an unavailable keychain
    /// with the reason. Also makes it `keyring-core`'s default store. May block briefly.
    pub fn system() -> Keychain {
        match system_store() {
            Ok(store) => {
                let keychain = Keychain::with_store(store.clone());
                match keychain.probe() {
                    Ok(()) => {
                        keyring_core::set_default_store(store);
                        keychain
                    }
                    Err(reason) => Keychain::unavailable(reason),
                }
            }
            Err(reason) => Keychain::unavailable(reason),
        }
    }

    /// Keys go to this `keyring-core` store (tests: `keyring_core::mock::Store::new()`).
    pub fn with_store(store: Arc<CredentialStore>) -> Keychain {
        let name = store_name(&store.vendor());
        Keychain {
            credentials: Credentials::for_run().cloned(),
            inner: Arc::new(Mutex::new(Inner::Store {
                store,
                name,
                service: SERVICE.to_owned(),
                copied_from: Vec::new(),
            })),
        }
    }

    /// No keychain, for this reason (a short lower-case phrase).
    pub fn unavailable(reason: impl Into<String>) -> Keychain {
        Keychain {
            credentials: Credentials::for_run().cloned(),
            inner: Arc::new(Mutex::new(Inner::Unavailable {
                reason: reason.into(),
            })),
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Inner> {
        self.inner.locked()
    }

    /// Reads a probe entry: "no entry" means the store works.
    fn probe(&self) -> Result<(), String> {
        let Inner::Store { store, .. } = &*self.lock() else {
            return Ok(());
        };
        let entry = store
            .build(SERVICE, "probe", None)
            .map_err(|e| describe(&e))?;
        match entry.get_password() {
            Ok(_) | Err(keyring_core::Error::NoEntry) => Ok(()),
            Err(e) => Err(describe(&e)),
        }
    }

    /// What the keychain can do now.
    pub fn status(&self) -> KeychainStatus {
        match &*self.lock() {
            Inner::Store { name, .. } => KeychainStatus::Available {
                store: name.clone(),
            },
            Inner::Unavailable { reason } => KeychainStatus::Unavailable {
                reason: reason.clone(),
            },
            Inner::SessionOnly { reason, .. } => KeychainStatus::SessionOnly {
                reason: reason.clone(),
            },
        }
    }

    /// The person accepted keeping keys in memory for this session (only meaningful when no
    /// keychain is available; otherwise nothing changes).
    pub fn accept_session_only(&self) {
        let mut inner = self.lock();
        if let Inner::Unavailable { reason } = &*inner {
            tracing::info!("API keys are kept in memory for this session only");
            *inner = Inner::SessionOnly {
                reason: reason.clone(),
                keys: HashMap::new(),
            };
        }
    }

    fn entry(
        store: &CredentialStore,
        service: &str,
        account: AccountId,
    ) -> Result<Entry, KeychainError> {
        store
            .build(service, &user(account), None)
            .map_err(|e| KeychainError::Failed(describe(&e)))
    }

    /// Files this keychain's entries under the data folder with `install_id`
    /// ([`scoped_service`]); with `move_old`, the keys of `accounts` filed the old,
    /// unscoped way are moved over first (an entry already scoped wins). Answers how many
    /// keys were moved.
    pub fn scope_to(
        &self,
        install_id: &str,
        move_old: Option<&[AccountId]>,
    ) -> Result<usize, KeychainError> {
        let mut inner = self.lock();
        let Inner::Store { store, service, .. } = &mut *inner else {
            return Ok(0);
        };
        let scoped = scoped_service(install_id);
        *service = scoped.clone();
        let mut moved = 0;
        for &account in move_old.unwrap_or_default() {
            let old = Self::entry(store.as_ref(), SERVICE, account)?;
            let key = match old.get_password() {
                Ok(key) => key,
                Err(keyring_core::Error::NoEntry) => continue,
                Err(e) => return Err(KeychainError::Failed(describe(&e))),
            };
            let new = Self::entry(store.as_ref(), &scoped, account)?;
            match new.get_password() {
                Ok(_) => {}
                Err(keyring_core::Error::NoEntry) => {
                    new.set_password(&key)
                        .map_err(|e| KeychainError::Failed(describe(&e)))?;
                    moved += 1;
                }
                Err(e) => return Err(KeychainError::Failed(describe(&e))),
            }
            match old.delete_credential() {
                Ok(()) | Err(keyring_core::Error::NoEntry) => {}
                Err(e) => return Err(KeychainError::Failed(describe(&e))),
            }
        }
        Ok(moved)
    }

    /// Files this keychain's entries under `store`'s data folder (its install id), as every
    /// process on a data folder does before it reads a key: the keys filed the old, unscoped
    /// way are moved over once, and a folder that is a copy of another (`store::identity`)
    /// reads a key it lacks from the entries of the folders it was copied from, copying it to
    /// its own (never moving it: the folder copied from still uses it). A keychain that
    /// refuses is logged and tried again at the next start (the keys of this run are looked
    /// up scoped).
    pub fn scope_to_folder(
        &self,
        store: &crate::store::Store,
    ) -> Result<(), crate::store::StoreError> {
        let install = store.install_id()?;
        let moved_before = store.meta("keychain_scoped")?.is_some();
        let holders = store.key_holders()?;
        match self.scope_to(&install, (!moved_before).then_some(holders.as_slice())) {
            Ok(moved) => {
                if !moved_before {
                    store.set_meta("keychain_scoped", "1")?;
                    if moved > 0 {
                        tracing::info!(moved, "keychain entries moved to this data folder's scope");
                    }
                }
            }
            Err(e) => tracing::warn!(error = %e, "keychain entries could not be moved"),
        }
        let earlier = store.copied_from()?;
        if let Inner::Store { copied_from, .. } = &mut *self.lock() {
            *copied_from = earlier.iter().map(|id| scoped_service(id)).collect();
        }
        Ok(())
    }

    /// Stores `key` for `account`; answers where it went.
    pub fn set(&self, account: AccountId, key: &ApiKey) -> Result<KeyLocation, KeychainError> {
        match &mut *self.lock() {
            Inner::Store { store, service, .. } => {
                Self::entry(store.as_ref(), service, account)?
                    .set_password(key.expose())
                    .map_err(|e| KeychainError::Failed(describe(&e)))?;
                Ok(KeyLocation::Keychain)
            }
            Inner::SessionOnly { keys, .. } => {
                keys.insert(account, key.clone());
                Ok(KeyLocation::Session)
            }
            Inner::Unavailable { reason } => Err(KeychainError::Unavailable(reason.clone())),
        }
    }

    /// This keychain, asking the folder `credentials` first (tests; a run's folder is taken
    /// by every keychain made after [`Credentials::set_for_run`]).
    pub fn with_credentials(mut self, credentials: Credentials) -> Keychain {
        self.credentials = Some(credentials);
        self
    }

    /// The folder of credentials asked first, if the run has one.
    pub fn credentials(&self) -> Option<&Credentials> {
        self.credentials.as_ref()
    }

    /// The key of the account `account` named `name`: the run's credentials folder's
    /// (`api-key.<name>`, else `api-key`) if it has one, else [`Keychain::get`]'s.
    pub fn key_for(
        &self,
        account: AccountId,
        name: &str,
        location: KeyLocation,
    ) -> Result<ApiKey, KeychainError> {
        use secrecy::ExposeSecret as _;
        if let Some(credentials) = &self.credentials
            && let Some(key) = credentials.api_key(name)?
        {
            return Ok(ApiKey::new(key.expose_secret()));
        }
        self.get(account, location)
    }

    /// The key of `account`, which was stored at `location`.
    pub fn get(&self, account: AccountId, location: KeyLocation) -> Result<ApiKey, KeychainError> {
        match (&*self.lock(), location) {
            (Inner::SessionOnly { keys, .. }, KeyLocation::Session) => keys
                .get(&account)
                .cloned()
                .ok_or(KeychainError::SessionKeyGone),
            (_, KeyLocation::Session) => Err(KeychainError::SessionKeyGone),
            (_, KeyLocation::None) => Err(KeychainError::Missing),
            (
                Inner::Store {
                    store,
                    service,
                    copied_from,
                    ..
                },
                KeyLocation::Keychain,
            ) => match read_or_adopt(store.as_ref(), service, copied_from, &user(account))? {
                Some(key) => Ok(ApiKey::new(key)),
                None => Err(KeychainError::Missing),
            },
            (
                Inner::Unavailable { reason } | Inner::SessionOnly { reason, .. },
                KeyLocation::Keychain,
            ) => Err(KeychainError::Unavailable(reason.clone())),
        }
    }

    /// Forgets the key of `account` wherever it is; a missing key is not an error.
    pub fn delete(&self, account: AccountId) -> Result<(), KeychainError> {
        match &mut *self.lock() {
            Inner::Store { store, service, .. } => {
                match Self::entry(store.as_ref(), service, account)?.delete_credential() {
                    Ok(()) | Err(keyring_core::Error::NoEntry) => Ok(()),
                    Err(e) => Err(KeychainError::Failed(describe(&e))),
                }
            }
            Inner::SessionOnly { keys, .. } => {
                keys.remove(&account);
                Ok(())
            }
            Inner::Unavailable { .. } => Ok(()),
        }
    }

    /// The team database's entry of this data folder (`user` = [`TEAM_USER`]).
    fn team_entry(&self) -> Result<Entry, KeychainError> {
        self.folder_entry(TEAM_USER)
    }

    /// This data folder's entry named `user` (the team's password, the desk's signing key).
    fn folder_entry(&self, user: &str) -> Result<Entry, KeychainError> {
        match &*self.lock() {
            Inner::Store { store, service, .. } => store
                .build(service, user, None)
                .map_err(|e| KeychainError::Failed(describe(&e))),
            Inner::Unavailable { reason } | Inner::SessionOnly { reason, .. } => {
                Err(KeychainError::Unavailable(reason.clone()))
            }
        }
    }

    /// This desk's signing key on its team (`store::desks`: a PKCS#8 document in base64), if
    /// one is kept. Without a keychain: [`KeychainError::Unavailable`] (the desk then signs
    /// with a key for this run only).
    pub fn desk_key(&self) -> Result<Option<SecretString>, KeychainError> {
        if let Some(credentials) = &self.credentials
            && let Some(key) = credentials.get(files::names::DESK_KEY)?
        {
            return Ok(Some(key));
        }
        match self.folder_entry(DESK_KEY_USER)?.get_password() {
            Ok(key) => Ok(Some(SecretString::from(key))),
            Err(keyring_core::Error::NoEntry) => Ok(None),
            Err(e) => Err(KeychainError::Failed(describe(&e))),
        }
    }

    /// Keeps this desk's signing key (only ever in a keychain).
    pub fn set_desk_key(&self, key: &SecretString) -> Result<(), KeychainError> {
        self.folder_entry(DESK_KEY_USER)?
            .set_password(key.expose_secret())
            .map_err(|e| KeychainError::Failed(describe(&e)))
    }

    /// Stores the team database's password (only ever in a keychain: a session-only
    /// keychain refuses, as a password is typed once and kept).
    pub fn set_team_password(&self, password: &SecretString) -> Result<(), KeychainError> {
        self.team_entry()
            .map_err(|e| match e {
                KeychainError::Unavailable(reason) => KeychainError::UnavailableForTeam(reason),
                e => e,
            })?
            .set_password(password.expose_secret())
            .map_err(|e| KeychainError::Failed(describe(&e)))
    }

    /// The team database's password, or `None` if none is stored (also without a keychain:
    /// nothing can have been saved there; saving one says why it cannot be kept).
    pub fn team_password(&self) -> Result<Option<SecretString>, KeychainError> {
        if let Some(credentials) = &self.credentials
            && let Some(password) = credentials.get(files::names::TEAM_PASSWORD)?
        {
            return Ok(Some(password));
        }
        match &*self.lock() {
            Inner::Store {
                store,
                service,
                copied_from,
                ..
            } => Ok(
                read_or_adopt(store.as_ref(), service, copied_from, TEAM_USER)?
                    .map(SecretString::from),
            ),
            Inner::Unavailable { .. } | Inner::SessionOnly { .. } => Ok(None),
        }
    }

    /// Forgets the team database's password; a missing one is not an error.
    pub fn delete_team_password(&self) -> Result<(), KeychainError> {
        let entry = match self.team_entry() {
            Ok(entry) => entry,
            // No keychain: no password can be there.
            Err(KeychainError::Unavailable(_)) => return Ok(()),
            Err(e) => return Err(e),
        };
        match entry.delete_credential() {
            Ok(()) | Err(keyring_core::Error::NoEntry) => Ok(()),
            Err(e) => Err(KeychainError::Failed(describe(&e))),
        }
    }
}

/// The `user` of the team database's password entry (beside the accounts' `account-<id>`).
pub const TEAM_USER: &str = "team-database";

/// The secret of `user` in `service`; if there is none, the first of the `earlier` services
/// (the folders this one was copied from) that has one, copied to `service` (a copy that
/// cannot be written is read there again next time).
fn read_or_adopt(
    store: &CredentialStore,
    service: &str,
    earlier: &[String],
    user: &str,
) -> Result<Option<String>, KeychainError> {
    let failed = |e: keyring_core::Error| KeychainError::Failed(describe(&e));
    let here = store.build(service, user, None).map_err(failed)?;
    match here.get_password() {
        Ok(secret) => return Ok(Some(secret)),
        Err(keyring_core::Error::NoEntry) => {}
        Err(e) => return Err(failed(e)),
    }
    for old in earlier {
        let there = store.build(old, user, None).map_err(failed)?;
        match there.get_password() {
            Ok(secret) => {
                if let Err(e) = here.set_password(&secret) {
                    tracing::warn!(error = %describe(&e), "a key of the folder this one was copied from could not be copied");
                }
                return Ok(Some(secret));
            }
            Err(keyring_core::Error::NoEntry) => {}
            Err(e) => return Err(failed(e)),
        }
    }
    Ok(None)
}
/// The `user` of the entry of this desk's signing key on its team (`store::desks`).
pub const DESK_KEY_USER: &str = "desk-signing-key";

#[cfg(target_os = "linux")]
fn system_store() -> Result<Arc<CredentialStore>, String> {
    if std::env::var_os("DBUS_SESSION_BUS_ADDRESS").is_none() {
        return Err(crate::tr!("keychain-reason-no-bus"));
    }
    zbus_secret_service_keyring_store::Store::new()
        .map(|s| s as Arc<CredentialStore>)
        .map_err(|e| {
            crate::tr!(
                "keychain-reason-no-answer",
                store = "Secret Service",
                detail = describe(&e)
            )
        })
}

#[cfg(target_os = "macos")]
fn system_store() -> Result<Arc<CredentialStore>, String> {
    apple_native_keyring_store::keychain::Store::new()
        .map(|s| s as Arc<CredentialStore>)
        .map_err(|e| {
            crate::tr!(
                "keychain-reason-no-answer",
                store = "macOS Keychain",
                detail = describe(&e)
            )
        })
}

#[cfg(target_os = "windows")]
fn system_store() -> Result<Arc<CredentialStore>, String> {
    windows_native_keyring_store::Store::new()
        .map(|s| s as Arc<CredentialStore>)
        .map_err(|e| {
            crate::tr!(
                "keychain-reason-no-answer",
                store = "Windows Credential Manager",
                detail = describe(&e)
            )
        })
}

#[cfg(not(any(target_os = "linux", target_os = "macos", target_os = "windows")))]
fn system_store() -> Result<Arc<CredentialStore>, String> {
    Err(crate::tr!("keychain-reason-unsupported"))
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_store_is_named_without_its_crates_address() {
        assert_eq!(
            store_name(
                "Secret Service store, https://crates.io/crates/zbus-secret-service-keyring-store"
            ),
            "Secret Service store"
        );
        assert_eq!(store_name("Mock store"), "Mock store");
        assert_eq!(store_name(", https://x"), ", https://x");
    }

    use super::*;

    fn mock() -> Keychain {
        Keychain::with_store(keyring_core::mock::Store::new().unwrap())
    }

    #[test]
    fn keys_round_trip_through_the_store() {
        let kc = mock();
        assert!(matches!(kc.status(), KeychainStatus::Available { .. }));
        let id = AccountId(7);
        assert!(matches!(
            kc.get(id, KeyLocation::Keychain),
            Err(KeychainError::Missing)
        ));
        assert_eq!(
            kc.set(id, &ApiKey::new("k-123")).unwrap(),
            KeyLocation::Keychain
        );
        assert_eq!(kc.get(id, KeyLocation::Keychain).unwrap().expose(), "k-123");
        kc.delete(id).unwrap();
        kc.delete(id).unwrap();
        assert!(matches!(
            kc.get(id, KeyLocation::Keychain),
            Err(KeychainError::Missing)
        ));
    }

    #[test]
    fn the_team_password_is_filed_per_data_folder_and_refused_without_a_keychain() {
        let store = keyring_core::mock::Store::new().unwrap();
        let a = Keychain::with_store(store.clone());
        a.scope_to("aaaa", None).unwrap();
        let b = Keychain::with_store(store);
        b.scope_to("bbbb", None).unwrap();
        assert!(a.team_password().unwrap().is_none());
        a.set_team_password(&SecretString::from("s3cret")).unwrap();
        assert_eq!(
            a.team_password().unwrap().unwrap().expose_secret(),
            "s3cret"
        );
        assert!(
            b.team_password().unwrap().is_none(),
            "another folder's password"
        );
        a.delete_team_password().unwrap();
        a.delete_team_password().unwrap();
        assert!(a.team_password().unwrap().is_none());

        // Without a keychain: nothing saved to read or forget; saving says why, about the
        // team's password (not an API key).
        let none = Keychain::unavailable("no keychain here");
        let refused = none.set_team_password(&SecretString::from("x"));
        assert!(
            matches!(refused, Err(KeychainError::UnavailableForTeam(_))),
            "{refused:?}"
        );
        let sentence = refused.unwrap_err().to_string();
        assert!(sentence.contains("no keychain here"), "{sentence}");
        assert!(!sentence.contains("API key"), "{sentence}");
        assert!(none.team_password().unwrap().is_none());
        none.delete_team_password().unwrap();
    }

    #[test]
    fn the_desk_key_is_kept_per_data_folder_and_only_in_a_keychain() {
        let store = keyring_core::mock::Store::new().unwrap();
        let a = Keychain::with_store(store.clone());
        a.scope_to("aaaa", None).unwrap();
        let b = Keychain::with_store(store);
        b.scope_to("bbbb", None).unwrap();
        assert!(a.desk_key().unwrap().is_none());
        a.set_desk_key(&SecretString::from("pkcs8-in-base64"))
            .unwrap();
        assert_eq!(
            a.desk_key().unwrap().unwrap().expose_secret(),
            "pkcs8-in-base64"
        );
        assert!(b.desk_key().unwrap().is_none(), "another folder's key");
        let none = Keychain::unavailable("no keychain here");
        assert!(matches!(
            none.desk_key(),
            Err(KeychainError::Unavailable(_))
        ));
        assert!(none.set_desk_key(&SecretString::from("x")).is_err());
    }

    #[test]
    fn two_data_folders_never_share_a_key_and_old_entries_move_once() {
        let store = keyring_core::mock::Store::new().unwrap();
        let old = Keychain::with_store(store.clone());
        let id = AccountId(1);
        old.set(id, &ApiKey::new("key-of-before")).unwrap();

        // The first data folder to start takes the old entry over.
        let a = Keychain::with_store(store.clone());
        assert_eq!(a.scope_to("aaaa", Some(&[id, AccountId(2)])).unwrap(), 1);
        assert_eq!(
            a.get(id, KeyLocation::Keychain).unwrap().expose(),
            "key-of-before"
        );
        // The other one (same account id) does not see it, and its own key stays its own.
        let b = Keychain::with_store(store.clone());
        assert_eq!(b.scope_to("bbbb", Some(&[id])).unwrap(), 0);
        assert!(matches!(
            b.get(id, KeyLocation::Keychain),
            Err(KeychainError::Missing)
        ));
        b.set(id, &ApiKey::new("key-of-b")).unwrap();
        assert_eq!(
            a.get(id, KeyLocation::Keychain).unwrap().expose(),
            "key-of-before"
        );
        assert_eq!(
            b.get(id, KeyLocation::Keychain).unwrap().expose(),
            "key-of-b"
        );
        // Nothing is left under the old name.
        assert!(matches!(
            old.get(id, KeyLocation::Keychain),
            Err(KeychainError::Missing)
        ));
    }

    /// A copied data folder (a new install id) reads the keys of the
    /// folder it was copied from and keeps copies of its own; the first folder keeps its own.
    #[test]
    fn a_copied_folder_reads_the_keys_of_the_folder_it_was_copied_from() {
        let store = keyring_core::mock::Store::new().unwrap();
        let first = Keychain::with_store(store.clone());
        first.scope_to("aaaa", None).unwrap();
        let id = AccountId(1 << 40);
        first.set(id, &ApiKey::new("team-key")).unwrap();
        first
            .set_team_password(&SecretString::from("db-pass"))
            .unwrap();

        let copy = Keychain::with_store(store.clone());
        copy.scope_to("bbbb", None).unwrap();
        assert!(matches!(
            copy.get(id, KeyLocation::Keychain),
            Err(KeychainError::Missing)
        ));
        if let Inner::Store { copied_from, .. } = &mut *copy.lock() {
            *copied_from = vec![scoped_service("aaaa")];
        }
        assert_eq!(
            copy.get(id, KeyLocation::Keychain).unwrap().expose(),
            "team-key"
        );
        assert_eq!(
            copy.team_password().unwrap().unwrap().expose_secret(),
            "db-pass"
        );
        // Copied, not moved: the first folder keeps its key, and the copy's is its own now.
        first.delete(id).unwrap();
        assert_eq!(
            copy.get(id, KeyLocation::Keychain).unwrap().expose(),
            "team-key"
        );
        copy.set(id, &ApiKey::new("copy-key")).unwrap();
        first.set(id, &ApiKey::new("first-key")).unwrap();
        assert_eq!(
            copy.get(id, KeyLocation::Keychain).unwrap().expose(),
            "copy-key"
        );
        assert_eq!(
            first.get(id, KeyLocation::Keychain).unwrap().expose(),
            "first-key"
        );
    }

    #[test]
    fn without_a_keychain_keys_need_consent_and_stay_in_memory() {
        let kc = Keychain::unavailable("no D-Bus session");
        let id = AccountId(1);
        let err = kc.set(id, &ApiKey::new("secret-key")).unwrap_err();
        assert!(matches!(err, KeychainError::Unavailable(_)));
        assert!(err.to_string().contains("this session only"));
        assert!(!err.to_string().contains("secret-key"));

        kc.accept_session_only();
        assert!(matches!(kc.status(), KeychainStatus::SessionOnly { .. }));
        assert_eq!(
            kc.set(id, &ApiKey::new("secret-key")).unwrap(),
            KeyLocation::Session
        );
        assert_eq!(
            kc.get(id, KeyLocation::Session).unwrap().expose(),
            "secret-key"
        );
        // A key stored in the keychain on another run cannot be read now.
        assert!(matches!(
            kc.get(id, KeyLocation::Keychain),
            Err(KeychainError::Unavailable(_))
        ));
        // A fresh session has forgotten it.
        let next_run = Keychain::unavailable("no D-Bus session");
        next_run.accept_session_only();
        assert!(matches!(
            next_run.get(id, KeyLocation::Session),
            Err(KeychainError::SessionKeyGone)
        ));
    }

    #[test]
    fn debug_shows_no_keys() {
        let kc = Keychain::unavailable("none");
        kc.accept_session_only();
        kc.set(AccountId(1), &ApiKey::new("top-secret")).unwrap();
        assert!(!format!("{kc:?}").contains("top-secret"));
    }
}
