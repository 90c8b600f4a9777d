//! The `accounts` table: name, service address, header style, organization context and where
//! the key is kept. Never the key.

use super::{Store, StoreError};
use crate::api::{AuthStyle, OrganizationId};
use rusqlite::{OptionalExtension as _, Row, params};
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
    fn as_sql(self) -> &'static str {
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

/// The name of the built-in sandbox account.
pub const SANDBOX_ACCOUNT_NAME: &str = "Sandbox";

fn auth_to_sql(auth: AuthStyle) -> &'static str {
    match auth {
        AuthStyle::Bearer => "bearer",
        AuthStyle::XApiKey => "x-api-key",
    }
}

const COLUMNS: &str = "id, name, kind, base_url, auth_style, organization_id, key_location";

fn from_row(row: &Row<'_>) -> rusqlite::Result<AccountRecord> {
    let kind: String = row.get(2)?;
    let base_url: Option<String> = row.get(3)?;
    let kind = match (kind.as_str(), base_url) {
        ("remote", Some(url)) => match Url::parse(&url) {
            Ok(base_url) => AccountKind::Remote { base_url },
            Err(e) => {
                return Err(rusqlite::Error::FromSqlConversionFailure(
                    3,
                    rusqlite::types::Type::Text,
                    Box::new(e),
                ));
            }
        },
        _ => AccountKind::Sandbox,
    };
    let auth: String = row.get(4)?;
    let key_location: String = row.get(6)?;
    Ok(AccountRecord {
        id: AccountId(row.get(0)?),
        name: row.get(1)?,
        kind,
        auth: if auth == "x-api-key" {
            AuthStyle::XApiKey
        } else {
            AuthStyle::Bearer
        },
        organization_id: row.get::<_, Option<i64>>(5)?.map(OrganizationId),
        key_location: KeyLocation::from_sql(&key_location),
    })
}

/// Turns a write's result into rows changed, naming a clash of account names.
fn named_write(result: rusqlite::Result<usize>, name: &str) -> Result<usize, StoreError> {
    result.map_err(|e| match e {
        rusqlite::Error::SqliteFailure(f, _)
            if f.extended_code == rusqlite::ffi::SQLITE_CONSTRAINT_UNIQUE =>
        {
            StoreError::DuplicateName(name.trim().to_owned())
        }
        e => e.into(),
    })
}

impl Store {
    /// Every account, the sandbox first, then by name.
    pub fn accounts(&self) -> Result<Vec<AccountRecord>, StoreError> {
        let mut stmt = self.conn().prepare_cached(&format!(
            "SELECT {COLUMNS} FROM accounts ORDER BY kind = 'remote', name"
        ))?;
        let rows = stmt.query_map([], from_row)?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    /// One account.
    pub fn account(&self, id: AccountId) -> Result<AccountRecord, StoreError> {
        self.conn()
            .query_row(
                &format!("SELECT {COLUMNS} FROM accounts WHERE id = ?1"),
                [id.0],
                from_row,
            )
            .optional()?
            .ok_or(StoreError::NoSuchAccount)
    }

    /// The built-in sandbox account, created on first use.
    pub fn ensure_sandbox_account(&self) -> Result<AccountRecord, StoreError> {
        self.conn().execute(
            "INSERT INTO accounts (name, kind, base_url, key_location)
             SELECT ?1, 'sandbox', NULL, 'none'
             WHERE NOT EXISTS (SELECT 1 FROM accounts WHERE kind = 'sandbox')",
            [SANDBOX_ACCOUNT_NAME],
        )?;
        Ok(self.conn().query_row(
            &format!("SELECT {COLUMNS} FROM accounts WHERE kind = 'sandbox'"),
            [],
            from_row,
        )?)
    }

    /// Adds a remote account.
    pub fn insert_account(&self, new: &NewAccount) -> Result<AccountRecord, StoreError> {
        let result = self.conn().execute(
            "INSERT INTO accounts (name, kind, base_url, auth_style, organization_id, key_location)
             VALUES (?1, 'remote', ?2, ?3, ?4, ?5)",
            params![
                new.name.trim(),
                new.base_url.as_str(),
                auth_to_sql(new.auth),
                new.organization_id.map(|o| o.0),
                new.key_location.as_sql()
            ],
        );
        named_write(result, &new.name)?;
        self.account(AccountId(self.conn().last_insert_rowid()))
    }

    /// Changes a remote account; for the sandbox only the organization context can change.
    pub fn update_account(
        &self,
        id: AccountId,
        new: &NewAccount,
    ) -> Result<AccountRecord, StoreError> {
        let current = self.account(id)?;
        let result = if current.is_sandbox() {
            self.conn().execute(
                "UPDATE accounts SET organization_id = ?2 WHERE id = ?1",
                params![id.0, new.organization_id.map(|o| o.0)],
            )
        } else {
            self.conn().execute(
                "UPDATE accounts SET name = ?2, base_url = ?3, auth_style = ?4,
                     organization_id = ?5, key_location = ?6
                 WHERE id = ?1",
                params![
                    id.0,
                    new.name.trim(),
                    new.base_url.as_str(),
                    auth_to_sql(new.auth),
                    new.organization_id.map(|o| o.0),
                    new.key_location.as_sql()
                ],
            )
        };
        match named_write(result, &new.name)? {
            0 => Err(StoreError::NoSuchAccount),
            _ => self.account(id),
        }
    }

    /// Removes a remote account (the caller removes its key from the keychain).
    pub fn delete_account(&self, id: AccountId) -> Result<(), StoreError> {
        if self.account(id)?.is_sandbox() {
            return Err(StoreError::SandboxIsBuiltIn);
        }
        self.conn()
            .execute("DELETE FROM accounts WHERE id = ?1", [id.0])?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn remote(name: &str) -> NewAccount {
        NewAccount {
            name: name.into(),
            base_url: Url::parse("https://api.example.com/").unwrap(),
            auth: AuthStyle::XApiKey,
            organization_id: Some(OrganizationId(1002)),
            key_location: KeyLocation::Keychain,
        }
    }

    #[test]
    fn sandbox_is_created_once_and_listed_first() {
        let store = Store::open_in_memory().unwrap();
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
        let store = Store::open_in_memory().unwrap();
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
    fn no_column_can_hold_a_key() {
        let store = Store::open_in_memory().unwrap();
        let mut stmt = store.conn().prepare("PRAGMA table_info(accounts)").unwrap();
        let names: Vec<String> = stmt
            .query_map([], |r| r.get(1))
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap();
        assert!(
            names
                .iter()
                .all(|n| !n.contains("key") || n == "key_location"),
            "{names:?}"
        );
    }
}
