//! The `accounts` table: name, service address, header style, organization context and where
//! the key is kept. Never the key.

use super::db::{Row, Value, params, placeholders};
use super::{Store, StoreError};
use crate::api::{AuthStyle, OrganizationId};
use std::fmt;
use url::Url;

/// Local id of an account (a row of `accounts`).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
#[serde(transparent)]
pub struct AccountId(pub i64);

impl fmt::Display for AccountId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

/// Where an account's service runs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AccountKind {
    /// The sandbox embedded in the app; its address is known only once it has started, and its
    /// demo key is built in (a published demo key, not a secret).
    Sandbox,
    /// A service at this address, with the key in the keychain (or this session's memory).
    Remote { base_url: Url },
}

/// Where an account's key is kept.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum KeyLocation {
    /// The OS keychain.
    Keychain,
    /// Memory only, until logodesk quits (the person accepted this when no keychain was there).
    Session,
    /// No key is needed (the sandbox).
    None,
}

impl KeyLocation {
    pub(crate) fn as_sql(self) -> &'static str {
        match self {
            KeyLocation::Keychain => "keychain",
            KeyLocation::Session => "session",
            KeyLocation::None => "none",
        }
    }

    fn from_sql(s: &str) -> KeyLocation {
        match s {
            "session" => KeyLocation::Session,
            "none" => KeyLocation::None,
            _ => KeyLocation::Keychain,
        }
    }
}

/// A stored account.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AccountRecord {
    pub id: AccountId,
    pub name: String,
    pub kind: AccountKind,
    pub auth: AuthStyle,
    /// The organization to act for: `None` is the account's own organization, `Some` one of
    /// its child organizations (used by upload and orders).
    pub organization_id: Option<OrganizationId>,
    pub key_location: KeyLocation,
    /// A team's account whose service address is not the one this desk's key was entered
    /// for (changed on another desk, or by a hand in the team database): that address. This
    /// desk's key is not sent anywhere for the account until its person confirms the new
    /// address (`store::identity`, "A desk's key goes only where its person entered it").
    pub key_entered_for: Option<Url>,
}

impl AccountRecord {
    /// Whether this is the built-in sandbox account.
    pub fn is_sandbox(&self) -> bool {
        self.kind == AccountKind::Sandbox
    }
}

/// The fields of a remote account as entered in Settings.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewAccount {
    pub name: String,
    pub base_url: Url,
    pub auth: AuthStyle,
    pub organization_id: Option<OrganizationId>,
    pub key_location: KeyLocation,
}

/// What an account holds (a team's: on every desk), as the question before removing it says.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct AccountWork {
    /// Orders waiting in the outbox.
    pub queued: usize,
    /// Orders the service has or may have and that are not final: sent (tracked), uncertain,
    /// unknown.
    pub in_flight: usize,
    /// Drafts.
    pub drafts: usize,
}

impl AccountWork {
    /// Orders that wait for the service or a person.
    pub fn waiting(&self) -> usize {
        self.queued + self.in_flight
    }
}

/// Where an account's requests go, as a queued order remembers it: an order is only ever
/// sent to the destination it was queued for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Destination {
    /// The service address, or for the built-in sandbox (whose port changes on every start)
    /// [`SANDBOX_DESTINATION`] followed by `:` and the identity of the sandbox's data file, so
    /// a sandbox started afresh (which hands out the same tracking ids again) is another
    /// destination.
    pub base: String,
    pub auth: AuthStyle,
    pub organization_id: Option<OrganizationId>,
    /// Which key: the account's `credential_version`, bumped whenever its key is replaced. Never
    /// the key or anything derived from it.
    pub key_version: i64,
}

/// A part of a [`Destination`] that can change under queued orders.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DestinationPart {
    /// Another data file of the built-in sandbox (it hands out the same ids again).
    SandboxData,
    /// The service address.
    Address,
    /// How the key is sent (header style).
    KeyHeader,
    /// The organization orders are placed for.
    Organization,
    /// The API key was replaced.
    ApiKey,
}

/// [`Destination::base`] of the built-in sandbox before its identity is known (rows queued
/// then are taken to be the next sandbox's, [`Store::set_sandbox_instance`]).
pub const SANDBOX_DESTINATION: &str = "sandbox";

impl Destination {
    /// Whether this is the built-in sandbox (of whichever data file).
    pub fn is_sandbox(&self) -> bool {
        self.base == SANDBOX_DESTINATION
            || self
                .base
                .strip_prefix(SANDBOX_DESTINATION)
                .is_some_and(|rest| rest.starts_with(':'))
    }

    /// What differs from `other` (words for them: [`crate::orders::local::changed_words`]).
    pub fn differences(&self, other: &Destination) -> Vec<DestinationPart> {
        let mut what = Vec::new();
        if self.base != other.base {
            what.push(if self.is_sandbox() && other.is_sandbox() {
                DestinationPart::SandboxData
            } else {
                DestinationPart::Address
            });
        }
        if self.auth != other.auth {
            what.push(DestinationPart::KeyHeader);
        }
        if self.organization_id != other.organization_id {
            what.push(DestinationPart::Organization);
        }
        if self.key_version != other.key_version {
            what.push(DestinationPart::ApiKey);
        }
        what
    }
}

/// The SQL expression of an `accounts` row's [`Destination::base`] (table alias `a`): the
/// sandbox's names the running sandbox's identity once it is known.
macro_rules! dest_base_sql {
    () => {
        "CASE a.kind WHEN 'sandbox' THEN COALESCE('sandbox:' || \
         (SELECT value FROM meta WHERE name = 'sandbox_instance'), 'sandbox') \
         ELSE a.base_url END"
    };
}
pub(crate) use dest_base_sql;

/// [`dest_base_sql!`] as a constant.
pub(crate) const DEST_BASE_SQL: &str = dest_base_sql!();

/// Reads a destination from four columns: base, header style, organization, key version.
pub(crate) fn destination_from(
    base: Option<String>,
    auth: Option<String>,
    organization: Option<i64>,
    key_version: Option<i64>,
) -> Option<Destination> {
    Some(Destination {
        base: base?,
        auth: auth_from_sql(&auth?),
        organization_id: organization.map(OrganizationId),
        key_version: key_version?,
    })
}

/// The name of the built-in sandbox account.
pub const SANDBOX_ACCOUNT_NAME: &str = "Sandbox";

pub(crate) fn auth_to_sql(auth: AuthStyle) -> &'static str {
    match auth {
        AuthStyle::Bearer => "bearer",
        AuthStyle::XApiKey => "x-api-key",
    }
}

pub(crate) fn auth_from_sql(auth: &str) -> AuthStyle {
    if auth == "x-api-key" {
        AuthStyle::XApiKey
    } else {
        AuthStyle::Bearer
    }
}

/// Every column of an account's row but `created_at` (when the row was made where it is): what
/// is read of an account, and what a desk's copy of a team's account keeps (`offline`).
pub(super) const COLUMNS: &str =
    "id, name, kind, base_url, auth_style, organization_id, key_location, credential_version";

/// The columns a new remote account is written with ([`new_account_values`]); the others
/// (`id`, `credential_version`, `created_at`) the database fills in.
pub(super) const NEW_COLUMNS: &str =
    "name, kind, base_url, auth_style, organization_id, key_location";

/// The values of [`NEW_COLUMNS`] for a remote account named `name` at `base_url`.
pub(super) fn new_account_values(
    name: &str,
    base_url: Option<&str>,
    auth: AuthStyle,
    organization: Option<OrganizationId>,
    key_location: KeyLocation,
) -> Vec<Value> {
    params![
        name,
        "remote",
        base_url,
        auth_to_sql(auth),
        organization.map(|o| o.0),
        key_location.as_sql()
    ]
    .to_vec()
}

pub(super) fn from_row(row: &Row) -> Result<AccountRecord, StoreError> {
    let kind: String = row.get("kind")?;
    let base_url: Option<String> = row.get("base_url")?;
    let kind = match (kind.as_str(), base_url) {
        ("remote", Some(url)) => match Url::parse(&url) {
            Ok(base_url) => AccountKind::Remote { base_url },
            Err(_) => {
                return Err(StoreError::Column {
                    column: "base_url".to_owned(),
                    wanted: "a service address (URL)",
                });
            }
        },
        _ => AccountKind::Sandbox,
    };
    let auth: String = row.get("auth_style")?;
    let key_location: String = row.get("key_location")?;
    Ok(AccountRecord {
        id: AccountId(row.get("id")?),
        name: row.get("name")?,
        kind,
        auth: auth_from_sql(&auth),
        organization_id: row
            .get::<Option<i64>>("organization_id")?
            .map(OrganizationId),
        key_location: KeyLocation::from_sql(&key_location),
        key_entered_for: None,
    })
}

/// Names a clash of account names in a write's error (a UNIQUE violation on either backend:
/// the only unique column an account's write can clash on is its name).
fn named<T>(result: Result<T, StoreError>, name: &str) -> Result<T, StoreError> {
    result.map_err(|e| {
        if e.is_unique_violation() {
            StoreError::DuplicateName(name.trim().to_owned())
        } else {
            e
        }
    })
}

/// Sets a row of `meta` (SQL for both backends).
const SET_META: &str = "INSERT INTO meta (name, value) VALUES ($1, $2)
     ON CONFLICT (name) DO UPDATE SET value = excluded.value";

impl Store {
    /// The account a command means when it names none: the only account besides the
    /// built-in Sandbox (on a team's data folder, the team's), else the Sandbox.
    pub fn account_when_none_named(&self) -> Result<AccountRecord, StoreError> {
        let sandbox = self.ensure_sandbox_account()?;
        let accounts = self.accounts()?;
        let mut remote = accounts.into_iter().filter(|a| !a.is_sandbox());
        Ok(match (remote.next(), remote.next()) {
            (Some(only), None) => only,
            _ => sandbox,
        })
    }

    /// Every account, the sandbox first, then by name (case-insensitively: `lower(name)`
    /// is SQLite's `NOCASE` and PostgreSQL's unique index).
    ///
    /// With a team database attached, this desk's accounts (the sandbox) and then the team's.
    ///
    /// Not listed: a desk's copies of team accounts (`store::offline`), which hold only what
    /// was made here while the team database was out of reach. While it is out of reach, the
    /// team's accounts are listed as last read.
    pub fn accounts(&self) -> Result<Vec<AccountRecord>, StoreError> {
        let mut all = Vec::new();
        for db in self.reachable_dbs() {
            for row in db.query_all(
                &format!("SELECT {COLUMNS} FROM accounts ORDER BY kind = 'remote', lower(name)"),
                &[],
            )? {
                let account = from_row(&row)?;
                if !self.is_copy(db, account.id.0) {
                    all.push(account);
                }
            }
        }
        if self.team_state().is_away() {
            all.extend(self.team_accounts_read()?);
        }
        self.check_key_addresses(&mut all)?;
        Ok(all)
    }

    /// This desk's copies of team accounts (`store::offline`): what joining moves into the
    /// team on reconnect.
    pub(crate) fn team_copies(&self) -> Result<Vec<AccountRecord>, StoreError> {
        if !self.is_desk() {
            return Ok(Vec::new());
        }
        self.db
            .query_all(
                &format!("SELECT {COLUMNS} FROM accounts WHERE id >= $1 ORDER BY id"),
                &params![super::TEAM_IDS_FROM],
            )?
            .iter()
            .map(from_row)
            .collect()
    }

    /// One account (a team's, while its database is out of reach, as last read).
    pub fn account(&self, id: AccountId) -> Result<AccountRecord, StoreError> {
        let mut account = match self.on_account(id) {
            Err(StoreError::TeamUnreachable) => self.team_account_read(id)?,
            db => db?
                .query_opt(
                    &format!("SELECT {COLUMNS} FROM accounts WHERE id = $1"),
                    &params![id.0],
                )?
                .as_ref()
                .map(from_row)
                .transpose()?
                .ok_or(StoreError::NoSuchAccount)?,
        };
        self.check_key_addresses(std::slice::from_mut(&mut account))?;
        Ok(account)
    }

    /// The built-in sandbox account, created on first use.
    pub fn ensure_sandbox_account(&self) -> Result<AccountRecord, StoreError> {
        self.db.execute(
            "INSERT INTO accounts (name, kind, base_url, key_location)
             SELECT $1, 'sandbox', NULL, 'none'
             WHERE NOT EXISTS (SELECT 1 FROM accounts WHERE kind = 'sandbox')",
            &params![SANDBOX_ACCOUNT_NAME],
        )?;
        from_row(&self.db.query_row(
            &format!("SELECT {COLUMNS} FROM accounts WHERE kind = 'sandbox'"),
            &[],
        )?)
    }

    /// Adds a remote account: the team's when a team database is attached (every desk sees
    /// it; each desk keeps its own key).
    pub fn insert_account(&self, new: &NewAccount) -> Result<AccountRecord, StoreError> {
        let db = match &self.team {
            Some(_) => self.team_db()?,
            None => &self.db,
        };
        let row = named(
            db.query_row(
                &format!(
                    "INSERT INTO accounts ({NEW_COLUMNS}) VALUES ({})
                     RETURNING {COLUMNS}",
                    placeholders(NEW_COLUMNS)
                ),
                &new_account_values(
                    new.name.trim(),
                    Some(new.base_url.as_str()),
                    new.auth,
                    new.organization_id,
                    new.key_location,
                ),
            ),
            &new.name,
        )?;
        let mut account = from_row(&row)?;
        // Its person typed the address its key is for.
        self.pin_key_address(&mut account)?;
        if self.team_state().is_attached()
            && let Err(e) = self.remember_team_accounts()
        {
            // Read again at the team's next change of accounts (or the next attach).
            tracing::info!(error = %e, "the team's accounts could not be read again");
        }
        Ok(account)
    }

    /// Changes a remote account; for the sandbox only the organization context can change.
    pub fn update_account(
        &self,
        id: AccountId,
        new: &NewAccount,
    ) -> Result<AccountRecord, StoreError> {
        let current = self.account(id)?;
        let result = if current.is_sandbox() {
            self.on_account(id)?.execute(
                "UPDATE accounts SET organization_id = $2 WHERE id = $1",
                &params![id.0, new.organization_id.map(|o| o.0)],
            )
        } else {
            self.on_account(id)?.execute(
                "UPDATE accounts SET name = $2, base_url = $3, auth_style = $4,
                     organization_id = $5, key_location = $6
                 WHERE id = $1",
                &params![
                    id.0,
                    new.name.trim(),
                    new.base_url.as_str(),
                    auth_to_sql(new.auth),
                    new.organization_id.map(|o| o.0),
                    new.key_location.as_sql()
                ],
            )
        };
        if named(result, &new.name)? == 0 {
            return Err(StoreError::NoSuchAccount);
        }
        let mut account = self.account(id)?;
        // The address its person saved is the one this desk's key is for, unless it is an
        // address this desk has not confirmed, saved as it was (a change of the name only).
        let unconfirmed_kept = current.key_entered_for.is_some() && current.kind == account.kind;
        if !unconfirmed_kept {
            self.pin_key_address(&mut account)?;
        }
        Ok(account)
    }

    /// Where `id`'s requests go now (address or sandbox, header style, organization, key
    /// version).
    pub fn destination(&self, id: AccountId) -> Result<Destination, StoreError> {
        let Some(r) = self.on_account(id)?.query_opt(
            &format!(
                "SELECT {DEST_BASE_SQL}, a.auth_style, a.organization_id, a.credential_version
                 FROM accounts a WHERE a.id = $1"
            ),
            &params![id.0],
        )?
        else {
            return Err(StoreError::NoSuchAccount);
        };
        destination_from(r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)
            .ok_or(StoreError::NoSuchAccount)
    }

    /// The account's key was replaced: orders queued for the old key are held.
    /// Changes account `id` to `new` and its key together: the row is changed (and its key
    /// version bumped) in a transaction that commits only if `write_key` (the keychain write
    /// of the new key) succeeds. A failed key write leaves the account as it was, so a new
    /// address is never paired with the old key. Answers the key write's error, if any.
    pub fn update_account_with_key<E>(
        &self,
        id: AccountId,
        new: &NewAccount,
        write_key: impl FnOnce() -> Result<(), E>,
    ) -> Result<Result<AccountRecord, E>, StoreError> {
        self.change_key(id, Some(new), write_key)
    }

    /// Replaces the key of account `id` and nothing else (`account add` of an account there
    /// already: a second desk of a team attaching its key never changes the team's account):
    /// the key version goes up and `write_key` writes the key, as
    /// [`Store::update_account_with_key`] without the settings.
    pub fn replace_key<E>(
        &self,
        id: AccountId,
        write_key: impl FnOnce() -> Result<(), E>,
    ) -> Result<Result<AccountRecord, E>, StoreError> {
        self.change_key(id, None, write_key)
    }

    /// The key of `id` changes, with the settings `new` if given, in one transaction that
    /// commits only if `write_key` succeeds. A team account's key version is this desk's
    /// (`store::identity`, in this desk's database): it goes up before the key is written, so a
    /// failed write holds rows for nothing rather than a new key sending rows the old one sent.
    fn change_key<E>(
        &self,
        id: AccountId,
        new: Option<&NewAccount>,
        write_key: impl FnOnce() -> Result<(), E>,
    ) -> Result<Result<AccountRecord, E>, StoreError> {
        /// Why the transaction was rolled back.
        enum Undone<E> {
            Store(StoreError),
            Key(E),
        }
        impl<E> From<StoreError> for Undone<E> {
            fn from(e: StoreError) -> Undone<E> {
                Undone::Store(e)
            }
        }
        let changed = self.on_account(id)?.transaction(|_| {
            match new {
                Some(new) => self.update_account(id, new)?,
                None => self.account(id)?,
            };
            self.bump_key_version(id)?;
            write_key().map_err(Undone::Key)
        });
        match changed {
            Ok(()) => {
                // A key its person entered for the address shown.
                let mut account = self.account(id)?;
                self.pin_key_address(&mut account)?;
                Ok(Ok(account))
            }
            Err(Undone::Key(e)) => Ok(Err(e)),
            Err(Undone::Store(e)) => Err(e),
        }
    }

    /// The account's key was replaced: orders queued for the old key are held.
    ///
    /// A team's account: each desk has its own key for it (a key is a person's), so this
    /// desk's version of its key goes up (`store::identity`): the rows this desk's earlier keys
    /// sent are held on this desk, and nothing changes for the other desks' orders.
    pub fn bump_key_version(&self, id: AccountId) -> Result<(), StoreError> {
        if self.route(id.0).is_team() {
            return self.bump_desk_key(id);
        }
        self.on_account(id)?.execute(
            "UPDATE accounts SET credential_version = credential_version + 1 WHERE id = $1",
            &params![id.0],
        )?;
        Ok(())
    }

    /// This data folder's random id (it scopes the keychain entries, so two data folders
    /// never share a key).
    pub fn install_id(&self) -> Result<String, StoreError> {
        self.db
            .query_row("SELECT value FROM meta WHERE name = 'install_id'", &[])?
            .get(0)
    }

    /// A flag of this data folder (e.g. a one-time move done), if set.
    pub fn meta(&self, name: &str) -> Result<Option<String>, StoreError> {
        self.db
            .query_opt("SELECT value FROM meta WHERE name = $1", &params![name])?
            .map(|r| r.get(0))
            .transpose()
    }

    /// Sets a flag of this data folder.
    pub fn set_meta(&self, name: &str, value: &str) -> Result<(), StoreError> {
        self.db.execute(SET_META, &params![name, value])?;
        Ok(())
    }

    /// The built-in sandbox running now has this identity (its data file's): the Sandbox
    /// account's destination names it from now on. Rows queued for "the sandbox" before any
    /// identity was known are taken to be this one's; rows queued for another sandbox's
    /// identity (a data file deleted since) are held, and their tracking ids never clash
    /// with this sandbox's.
    pub fn set_sandbox_instance(&mut self, instance: &str) -> Result<(), StoreError> {
        self.db.transaction(|db| {
            db.execute(SET_META, &params!["sandbox_instance", instance])?;
            // A row whose tracking id the new name already has at its account is left as it
            // is (SQLite's former `UPDATE OR IGNORE`: that unique index is the only one the
            // change can clash with, and NULL accounts or ids never clash).
            db.execute(
                "UPDATE local_orders SET dest_base = $1
                 WHERE dest_base = $2
                   AND NOT EXISTS (SELECT 1 FROM local_orders x
                       WHERE x.account_id = local_orders.account_id AND x.dest_base = $1
                         AND x.tracking_id = local_orders.tracking_id)",
                &params![
                    format!("{SANDBOX_DESTINATION}:{instance}"),
                    SANDBOX_DESTINATION
                ],
            )?;
            Ok(())
        })
    }

    /// What account `id` holds, in the database that holds it (a team's: every desk's).
    pub fn account_work(&self, id: AccountId) -> Result<AccountWork, StoreError> {
        let r = self.on_account(id)?.query_row(
            "SELECT COUNT(CASE WHEN state = 'queued' THEN 1 END),
                COUNT(CASE WHEN state IN ('sent', 'uncertain', 'unknown') THEN 1 END),
                COUNT(CASE WHEN state = 'draft' THEN 1 END)
             FROM local_orders WHERE account_id = $1",
            &params![id.0],
        )?;
        let count = |i: usize| -> Result<usize, StoreError> {
            Ok(usize::try_from(r.get::<i64>(i)?).unwrap_or(0))
        };
        Ok(AccountWork {
            queued: count(0)?,
            in_flight: count(1)?,
            drafts: count(2)?,
        })
    }

    /// Removes a remote account (the caller removes its key from the keychain). A desk's own
    /// account with orders waiting goes, and they are held (sent nowhere). A team's account is
    /// every desk's: it is refused while any desk's order of it waits
    /// ([`StoreError::AccountHasOrders`]), checked in the removing statement itself, so an
    /// order queued meanwhile on another desk is never stranded.
    pub fn delete_account(&self, id: AccountId) -> Result<(), StoreError> {
        let account = self.account(id)?;
        if account.is_sandbox() {
            return Err(StoreError::SandboxIsBuiltIn);
        }
        let team = self.route(id.0).is_team();
        let n = self.on_account(id)?.execute(
            "DELETE FROM accounts WHERE id = $1
               AND ($2 = 0 OR NOT EXISTS (SELECT 1 FROM local_orders
                    WHERE account_id = $1 AND state IN ('queued', 'sent', 'uncertain', 'unknown')))",
            &params![id.0, i64::from(team)],
        )?;
        if n == 0 && team {
            let work = self.account_work(id)?;
            if work.waiting() > 0 {
                return Err(StoreError::AccountHasOrders {
                    name: account.name,
                    queued: work.queued,
                    in_flight: work.in_flight,
                });
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::testing::each_backend;

    /// [`crate::store::testing::remote`] with an `X-API-Key` and an organization.
    fn remote(name: &str) -> NewAccount {
        NewAccount {
            auth: AuthStyle::XApiKey,
            organization_id: Some(OrganizationId(1002)),
            ..crate::store::testing::remote(name)
        }
    }

    #[test]
    fn an_address_and_a_key_change_together_or_not_at_all() {
        each_backend(|store| an_address_and_a_key_change_together(&store));
    }

    fn an_address_and_a_key_change_together(store: &Store) {
        let id = store.insert_account(&remote("Acme")).unwrap().id;
        let before = store.destination(id).unwrap();
        let moved = NewAccount {
            base_url: Url::parse("https://other.example.net/").unwrap(),
            ..remote("Acme")
        };
        // The keychain refuses the new key: the account keeps its old address and key version.
        let refused = store
            .update_account_with_key(id, &moved, || Err("keychain locked"))
            .unwrap();
        assert_eq!(refused.unwrap_err(), "keychain locked");
        assert_eq!(store.destination(id).unwrap(), before);
        // The keychain takes it: both change.
        let saved = store
            .update_account_with_key(id, &moved, || Ok::<(), &str>(()))
            .unwrap();
        assert!(saved.is_ok());
        let after = store.destination(id).unwrap();
        assert_eq!(after.base, "https://other.example.net/");
        assert_eq!(after.key_version, before.key_version + 1);
    }

    #[test]
    fn sandbox_is_created_once_and_listed_first() {
        each_backend(|store| sandbox_is_created_once(&store));
    }

    fn sandbox_is_created_once(store: &Store) {
        let a = store.ensure_sandbox_account().unwrap();
        let b = store.ensure_sandbox_account().unwrap();
        assert_eq!(a, b);
        store.insert_account(&remote("Acme")).unwrap();
        let all = store.accounts().unwrap();
        assert_eq!(all.len(), 2);
        assert!(all[0].is_sandbox());
        assert_eq!(all[0].key_location, KeyLocation::None);
        assert!(matches!(
            store.delete_account(a.id),
            Err(StoreError::SandboxIsBuiltIn)
        ));
    }

    #[test]
    fn remote_accounts_round_trip_and_names_are_unique() {
        each_backend(|store| remote_accounts_round_trip(&store));
    }

    fn remote_accounts_round_trip(store: &Store) {
        let acme = store.insert_account(&remote("Acme")).unwrap();
        assert_eq!(acme.auth, AuthStyle::XApiKey);
        assert_eq!(acme.organization_id, Some(OrganizationId(1002)));
        let err = store.insert_account(&remote("acme ")).unwrap_err();
        assert!(matches!(err, StoreError::DuplicateName(_)), "{err}");

        let mut changed = remote("Acme live");
        changed.auth = AuthStyle::Bearer;
        changed.organization_id = None;
        let updated = store.update_account(acme.id, &changed).unwrap();
        assert_eq!(updated.name, "Acme live");
        assert_eq!(updated.auth, AuthStyle::Bearer);
        assert_eq!(updated.organization_id, None);

        store.delete_account(acme.id).unwrap();
        assert!(matches!(
            store.account(acme.id),
            Err(StoreError::NoSuchAccount)
        ));
    }

    #[test]
    fn destinations_follow_the_account_and_its_key_version() {
        each_backend(|store| destinations_follow_the_account(&store));
    }

    fn destinations_follow_the_account(store: &Store) {
        let sandbox = store.ensure_sandbox_account().unwrap();
        assert_eq!(
            store.destination(sandbox.id).unwrap().base,
            SANDBOX_DESTINATION
        );
        let acme = store.insert_account(&remote("Acme")).unwrap();
        let first = store.destination(acme.id).unwrap();
        assert_eq!(first.base, "https://api.example.com/");
        assert_eq!(first.auth, AuthStyle::XApiKey);
        assert_eq!(first.organization_id, Some(OrganizationId(1002)));
        store.bump_key_version(acme.id).unwrap();
        let second = store.destination(acme.id).unwrap();
        assert_eq!(second.key_version, first.key_version + 1);
        assert_eq!(second.differences(&first), [DestinationPart::ApiKey]);
        let mut moved = remote("Acme");
        moved.base_url = Url::parse("https://other.example.com/").unwrap();
        moved.organization_id = None;
        store.update_account(acme.id, &moved).unwrap();
        assert_eq!(
            store.destination(acme.id).unwrap().differences(&first),
            [
                DestinationPart::Address,
                DestinationPart::Organization,
                DestinationPart::ApiKey
            ]
        );
        store.delete_account(acme.id).unwrap();
        assert!(matches!(
            store.destination(acme.id),
            Err(StoreError::NoSuchAccount)
        ));
    }

    /// A team's account is every desk's; it is not removed while an order
    /// of it waits on any desk, and the refusal says how many. A desk's own account goes, its
    /// orders held.
    #[test]
    fn a_team_account_is_not_removed_while_its_orders_wait() {
        let (client, name) = crate::store::testing::pg_client();
        let dir = tempfile::tempdir().unwrap();
        let mut anna = Store::open(&dir.path().join("logodesk.sqlite")).unwrap();
        anna.attach_team(client, "Anna").unwrap();
        let other = tempfile::tempdir().unwrap();
        let mut bo = Store::open(&other.path().join("logodesk.sqlite")).unwrap();
        bo.attach_team(crate::store::testing::pg_connect(&name), "Bo")
            .unwrap();
        let id = anna.insert_account(&remote("Club")).unwrap().id;
        let draft = bo.create_draft(id, "{}", "PO-1", "Club").unwrap();
        assert!(
            bo.queue_draft(draft.id, "{}", "PO-1", "Club", b"{}")
                .unwrap()
        );
        bo.create_draft(id, "{}", "PO-2", "Club").unwrap();
        assert_eq!(
            anna.account_work(id).unwrap(),
            AccountWork {
                queued: 1,
                in_flight: 0,
                drafts: 1
            }
        );
        let err = anna.delete_account(id).unwrap_err();
        assert!(
            matches!(
                err,
                StoreError::AccountHasOrders {
                    queued: 1,
                    in_flight: 0,
                    ..
                }
            ),
            "{err}"
        );
        assert!(err.to_string().contains("Club"), "{err}");
        assert!(anna.account(id).is_ok(), "not removed");
        assert!(bo.back_to_draft(draft.id).unwrap());
        anna.delete_account(id).unwrap();
        assert!(matches!(anna.account(id), Err(StoreError::NoSuchAccount)));

        // A desk's own account goes with an order waiting: held.
        let own = Store::open_in_memory().unwrap();
        let id = own.insert_account(&remote("Mine")).unwrap().id;
        let mut own = own;
        let draft = own.create_draft(id, "{}", "PO-3", "Club").unwrap();
        assert!(
            own.queue_draft(draft.id, "{}", "PO-3", "Club", b"{}")
                .unwrap()
        );
        own.delete_account(id).unwrap();
        assert!(own.local_order(draft.id).unwrap().hold.is_some());
    }

    /// Every column of `accounts` is read ([`COLUMNS`], what a desk's copy keeps) and written
    /// for a new account ([`NEW_COLUMNS`], also when a desk joins a team or leaves one) or
    /// filled in by the database: a column added to the table and not to these lists fails
    /// here, on both backends.
    #[test]
    fn every_column_of_accounts_is_read_and_written() {
        each_backend(|store| {
            let mut table = store.column_names("accounts");
            table.sort();
            let list = |list: &str, more: &[&str]| {
                let mut all: Vec<String> = list.split(',').map(|c| c.trim().to_owned()).collect();
                all.extend(more.iter().map(|c| (*c).to_owned()));
                all.sort();
                all
            };
            assert_eq!(list(COLUMNS, &["created_at"]), table, "read");
            let filled = ["id", "credential_version", "created_at"];
            assert_eq!(list(NEW_COLUMNS, &filled), table, "written");
        });
    }

    #[test]
    fn no_column_can_hold_a_key() {
        each_backend(|store| {
            let names = store.column_names("accounts");
            assert!(names.len() > 5, "{names:?}");
            assert!(
                names
                    .iter()
                    .all(|n| !n.contains("key") || n == "key_location"),
                "{names:?}"
            );
        });
    }
}
