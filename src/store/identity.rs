//! Who this desk is: its data folder's install id — which scopes its keychain
//! entries, names the rows it moves into a team (`origin`) and the claims it holds — and the
//! version of each key it keeps for a team's account.
//!
//! - **A copied folder takes an identity of its own.** A data folder copied to a second
//!   laptop (or beside the first) carries the install id in its `logodesk.sqlite`. The file
//!   remembers where it is (`meta` `folder`: the machine and the file's path); opened
//!   anywhere else, it is a copy (or the folder moved) and takes a new install id,
//!   remembering the old ones (`copied_from`): a key missing under its own id is read from
//!   the entries filed under them and copied, never moved, to its own (the folder it was
//!   copied from still uses them; `Keychain::scope_to_folder`). Two folders never share an
//!   id, so they are two desks for the team's claims and joining never takes one's row for
//!   the other's. The file's creation time is not part of the mark: Wine reports the last
//!   change of the file's inode as its creation time (every write moved it, and each start
//!   took the folder for a copy), and a folder restored in place from a backup is the same
//!   desk.
//! - **A team row remembers the desks' keys that sent it** (`sent_with`, SQLite migration 15,
//!   PostgreSQL 8). Each desk keeps its own key of a team account, so the team account's
//!   `credential_version` says nothing about a desk's key: this desk's version of its key is
//!   kept here (`meta` `team_key:<account id>`), bumped when its key is replaced. A send
//!   stamps ` <install id>:<version> ` on the row; a row stamped by this desk with an older
//!   version only is **held on this desk** ([`super::Hold`], "the API key"): its new key may
//!   target another organization, and the service scopes an Idempotency-Key to the
//!   organization, so a resend could make a second order. Other desks, whose keys did not
//!   change, still send it; the person's "Send to …" (or "send them with the new settings")
//!   stamps the key of now.
//! - **A desk's key goes only where its person entered it.** Whoever has the team database's
//!   password can change a team account's service address, and every desk would then send its
//!   API key to that address with its next request. So each desk remembers, in its own
//!   database (`meta` `team_key_url:<account id>`), the address its key of a team account is
//!   for: the one shown when its person added the account, attached a key or saved the
//!   account's settings here, or (a desk of before this check) the one it first read. A team
//!   account that names another address now is read with
//!   [`AccountRecord::key_entered_for`](super::AccountRecord::key_entered_for), and no
//!   client is made for it (`backend::support::clients`) until this desk's person confirms
//!   the new address ([`Store::confirm_key_address`]) or enters the key again.

use super::db::{Value, params};
use super::{AccountId, AccountKind, AccountRecord, Store, StoreError};
use std::path::Path;
use url::Url;

/// Whether `id` is an account of the team this store is attached to (or out of reach of).
fn is_team(store: &Store, id: AccountId) -> bool {
    store.route(id.0).is_team()
}

/// This desk's key of a team account, as a row that key sent remembers it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Credential {
    /// This data folder's install id.
    install: String,
    /// The key's version on this desk (one more at every replacement).
    version: i64,
}

impl Credential {
    /// The word a send of this key stamps on a row (`sent_with` is a list of them, each
    /// between spaces).
    fn word(&self) -> String {
        format!("{}:{}", self.install, self.version)
    }

    /// The `LIKE` pattern of a row this desk sent with any of its keys (install ids are hex).
    pub(crate) fn any_of_mine(&self) -> String {
        format!("% {}:%", self.install)
    }

    /// The `LIKE` pattern of a row sent with this very key.
    pub(crate) fn this_key(&self) -> String {
        format!("% {} %", self.word())
    }

    /// What a send of this key appends to `sent_with` (after the space that ends the list).
    pub(crate) fn stamp(&self) -> String {
        format!("{} ", self.word())
    }

    /// `sent_with` of a row only this key sent (joining: a row this desk's key sent before).
    pub(crate) fn alone(&self) -> String {
        format!(" {} ", self.word())
    }

    /// Whether a row whose `sent_with` is `sent_with` is held on this desk: this desk sent it
    /// with an earlier key, and not with the key it has now.
    pub(crate) fn holds(&self, sent_with: Option<&str>) -> bool {
        let Some(words) = sent_with else {
            return false;
        };
        let mine = format!(" {}:", self.install);
        words.contains(&mine) && !words.contains(&self.alone())
    }
}

/// The SQL and parameter values of the "not held on this desk" condition and of stamping a
/// send ([`Credential`]): three values, NULL for an account of the desk's own.
pub(crate) fn here_values(here: Option<&Credential>) -> [Value; 3] {
    match here {
        Some(c) => [
            Value::Text(c.any_of_mine()),
            Value::Text(c.this_key()),
            Value::Text(c.stamp()),
        ],
        None => [Value::Null, Value::Null, Value::Null],
    }
}

/// The parameter values of [`not_held_here`]: [`here_values`]' first two.
pub(crate) fn held_values(here: Option<&Credential>) -> [Value; 2] {
    let [mine, this_key, _] = here_values(here);
    [mine, this_key]
}

/// The row (alias `o`, or `col` given) is not held on this desk for its key: `$p` and `$p+1`
/// are [`held_values`] (NULL: an account of the desk's own, never held so).
pub(crate) fn not_held_here(col: &str, p: usize) -> String {
    let q = p + 1;
    format!(
        "(CAST(${p} AS TEXT) IS NULL OR {col} IS NULL OR {col} NOT LIKE ${p} OR {col} LIKE ${q})"
    )
}

/// `sent_with` with this desk's key of now added (unchanged for an account of the desk's own,
/// or if it is there already): `$p`…`$p+2` are [`here_values`].
pub(crate) fn stamp_value(p: usize) -> String {
    let (q, t) = (p + 1, p + 2);
    format!(
        "CASE WHEN CAST(${p} AS TEXT) IS NULL OR CAST(${t} AS TEXT) IS NULL \
         OR sent_with LIKE ${q} THEN sent_with ELSE COALESCE(sent_with, ' ') || ${t} END"
    )
}

/// The `SET` of a send's stamp ([`stamp_value`]).
pub(crate) fn stamp_sent_with(p: usize) -> String {
    format!("sent_with = {}", stamp_value(p))
}

/// Where the file at `path` is: the machine and the file's canonical path. A copy of the
/// file on another machine or in another folder has another mark.
fn folder_mark(path: &Path) -> String {
    let place = std::fs::canonicalize(path).unwrap_or_else(|_| path.to_owned());
    format!("{}|{}", machine(), place.display())
}

/// This machine's id, where the system keeps a stable one: Linux's machine id, the Mac's
/// hardware UUID, Windows' `MachineGuid` (its computer name where that cannot be read); else
/// nothing (the path still tells a copy apart). Never the host name a network may change.
fn machine() -> String {
    #[cfg(target_os = "linux")]
    for file in ["/etc/machine-id", "/var/lib/dbus/machine-id"] {
        if let Ok(id) = std::fs::read_to_string(file)
            && !id.trim().is_empty()
        {
            return id.trim().to_owned();
        }
    }
    #[cfg(target_os = "macos")]
    {
        let mut id = [0u8; 16];
        let wait = libc::timespec {
            tv_sec: 1,
            tv_nsec: 0,
        };
        // SAFETY: `id` is the 16 bytes gethostuuid writes; `wait` lives across the call.
        if unsafe { libc::gethostuuid(id.as_mut_ptr(), &wait) } == 0 {
            return id.iter().map(|b| format!("{b:02x}")).collect();
        }
    }
    #[cfg(windows)]
    {
        if let Some(id) = windows_machine_guid() {
            return id;
        }
        if let Some(name) = std::env::var_os("COMPUTERNAME") {
            return name.to_string_lossy().into_owned();
        }
    }
    String::new()
}

/// `HKLM\SOFTWARE\Microsoft\Cryptography\MachineGuid`: made when Windows is installed, the
/// same for every user and every start.
#[cfg(windows)]
fn windows_machine_guid() -> Option<String> {
    use windows_sys::Win32::Foundation::ERROR_SUCCESS;
    use windows_sys::Win32::System::Registry::{
        HKEY_LOCAL_MACHINE, RRF_RT_REG_SZ, RRF_SUBKEY_WOW6464KEY, RegGetValueW,
    };
    let wide = |s: &str| s.encode_utf16().chain(Some(0)).collect::<Vec<u16>>();
    let (key, value) = (
        wide(r"SOFTWARE\Microsoft\Cryptography"),
        wide("MachineGuid"),
    );
    let mut buf = [0u16; 128];
    let mut size = u32::try_from(std::mem::size_of_val(&buf)).ok()?;
    // SAFETY: `key` and `value` are NUL-terminated UTF-16; `buf` is `size` bytes long and
    // outlives the call, which writes at most `size` bytes and sets `size` to what it wrote.
    let status = unsafe {
        RegGetValueW(
            HKEY_LOCAL_MACHINE,
            key.as_ptr(),
            value.as_ptr(),
            RRF_RT_REG_SZ | RRF_SUBKEY_WOW6464KEY,
            std::ptr::null_mut(),
            buf.as_mut_ptr().cast(),
            &mut size,
        )
    };
    if status != ERROR_SUCCESS {
        return None;
    }
    let len = usize::try_from(size).ok()? / 2;
    let text = String::from_utf16_lossy(buf.get(..len)?);
    let id = text.trim_end_matches('\0').trim();
    (!id.is_empty()).then(|| id.to_owned())
}

/// The `meta` name of the address this desk's key of team account `id` was entered for.
fn key_address_name(id: AccountId) -> String {
    format!("team_key_url:{}", id.0)
}

/// How many install ids of the folders a data folder was copied from it remembers.
const COPIED_FROM_KEPT: usize = 8;

/// The `meta` name of this desk's key version of team account `id`.
fn key_version_name(id: AccountId) -> String {
    format!("team_key:{}", id.0)
}

impl Store {
    /// The file at `path` was opened: if it is not where it was made (copied, or its folder
    /// moved), this data folder takes a new install id (module doc). Answers the old id if
    /// so. A file of before this check is taken to be where it was made.
    pub(super) fn take_own_identity(&self, path: &Path) -> Result<Option<String>, StoreError> {
        let mark = folder_mark(path);
        match self.meta("folder")? {
            Some(known) if known == mark => Ok(None),
            None => {
                self.set_meta("folder", &mark)?;
                Ok(None)
            }
            Some(_) => {
                let old = self.install_id()?;
                self.db.transaction(|db| -> Result<(), StoreError> {
                    db.execute(
                        "UPDATE meta SET value = lower(hex(randomblob(16))) WHERE name = 'install_id'",
                        &[],
                    )?;
                    // Newest first: a copy of a copy reads a key it lacks from the folder it
                    // was copied from, then from that one's (the last few).
                    let mut earlier = self.copied_from()?;
                    earlier.insert(0, old.clone());
                    earlier.truncate(COPIED_FROM_KEPT);
                    db.execute(
                        "INSERT INTO meta (name, value) VALUES ('copied_from', $1)
                         ON CONFLICT (name) DO UPDATE SET value = excluded.value",
                        &params![earlier.join(" ")],
                    )?;
                    db.execute(
                        "INSERT INTO meta (name, value) VALUES ('folder', $1)
                         ON CONFLICT (name) DO UPDATE SET value = excluded.value",
                        &params![mark.as_str()],
                    )?;
                    Ok(())
                })?;
                tracing::warn!(
                    path = %path.display(),
                    "this data folder was copied or moved here: it is a desk of its own from now on (a new install id)"
                );
                Ok(Some(old))
            }
        }
    }

    /// The install ids of the data folders this one was copied from, newest first: its
    /// keychain reads a key it lacks from theirs (`Keychain::scope_to_folder`).
    pub fn copied_from(&self) -> Result<Vec<String>, StoreError> {
        Ok(self
            .meta("copied_from")?
            .map(|ids| ids.split_whitespace().map(str::to_owned).collect())
            .unwrap_or_default())
    }

    /// Every account whose key this data folder may keep in the keychain: its own accounts,
    /// its copies of team accounts and the team's accounts as last read.
    pub fn key_holders(&self) -> Result<Vec<AccountId>, StoreError> {
        self.db
            .query_all(
                "SELECT id FROM accounts WHERE key_location = 'keychain'
                 UNION SELECT id FROM team_accounts_read WHERE key_location = 'keychain'
                 ORDER BY 1",
                &[],
            )?
            .iter()
            .map(|r| Ok(AccountId(r.get(0)?)))
            .collect()
    }

    /// This desk's key of `account` if it is a team's (attached, or out of reach): `None` for
    /// the desk's own accounts, whose key is the account's (`credential_version`).
    pub(crate) fn credential(&self, account: AccountId) -> Result<Option<Credential>, StoreError> {
        if !is_team(self, account) {
            return Ok(None);
        }
        let version = self
            .meta(&key_version_name(account))?
            .and_then(|v| v.parse().ok())
            .unwrap_or(1);
        Ok(Some(Credential {
            install: self.install_id()?,
            version,
        }))
    }

    /// This desk's key of team account `account` was replaced: the rows its earlier keys sent
    /// are held on this desk (module doc).
    pub(super) fn bump_desk_key(&self, account: AccountId) -> Result<(), StoreError> {
        self.db.execute(
            "INSERT INTO meta (name, value) VALUES ($1, '2')
             ON CONFLICT (name) DO UPDATE SET value = CAST(CAST(meta.value AS INTEGER) + 1 AS TEXT)",
            &params![key_version_name(account)],
        )?;
        Ok(())
    }

    /// This desk's key of team account `account` is for the account's service address of now
    /// (module doc): its person added the account, attached a key or confirmed the address.
    /// Nothing for an account of the desk's own. `account` is then read as confirmed.
    pub(super) fn pin_key_address(&self, account: &mut AccountRecord) -> Result<(), StoreError> {
        if let (true, AccountKind::Remote { base_url }) = (is_team(self, account.id), &account.kind)
        {
            self.set_meta(&key_address_name(account.id), base_url.as_str())?;
            account.key_entered_for = None;
        }
        Ok(())
    }

    /// The team's accounts as read (`remember_team_accounts`): the address of each account
    /// this desk has no address for yet is taken as the one its key is for (a desk of before
    /// the check, or an account another desk just added: this desk has no key of it yet, and
    /// attaching one pins the address again).
    pub(super) fn pin_unpinned_key_addresses(
        &self,
        accounts: &[AccountRecord],
    ) -> Result<(), StoreError> {
        for account in accounts {
            if let AccountKind::Remote { base_url } = &account.kind {
                self.db.execute(
                    "INSERT INTO meta (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING",
                    &params![key_address_name(account.id), base_url.as_str()],
                )?;
            }
        }
        Ok(())
    }

    /// Sets [`AccountRecord::key_entered_for`] of each team account in `accounts` whose
    /// address is not the one this desk's key was entered for.
    pub(super) fn check_key_addresses(
        &self,
        accounts: &mut [AccountRecord],
    ) -> Result<(), StoreError> {
        if !accounts.iter().any(|a| is_team(self, a.id)) {
            return Ok(());
        }
        let pins: std::collections::HashMap<String, String> = self
            .db
            .query_all(
                "SELECT name, value FROM meta WHERE substr(name, 1, 13) = 'team_key_url:'",
                &[],
            )?
            .iter()
            .map(|r| Ok((r.get(0)?, r.get(1)?)))
            .collect::<Result<_, StoreError>>()?;
        for account in accounts.iter_mut() {
            account.key_entered_for = None;
            let AccountKind::Remote { base_url } = &account.kind else {
                continue;
            };
            if !is_team(self, account.id) {
                continue;
            }
            // A kept address that does not parse (only a hand in this desk's own file writes
            // one) is no address.
            if let Some(pinned) = pins
                .get(&key_address_name(account.id))
                .and_then(|p| Url::parse(p).ok())
                && pinned != *base_url
            {
                account.key_entered_for = Some(pinned);
            }
        }
        Ok(())
    }

    /// This desk's person confirmed that its key of team account `id` goes to the account's
    /// address of now (module doc). Answers the account.
    pub fn confirm_key_address(&self, id: AccountId) -> Result<AccountRecord, StoreError> {
        let mut account = self.account(id)?;
        self.pin_key_address(&mut account)?;
        tracing::info!(account = %account.name, "this desk's key of the team's account goes to its new address");
        Ok(account)
    }

    /// How many waiting orders of team account `account` (queued, sent, uncertain) a key of
    /// this desk sent: what replacing this desk's key holds. 0 for an account of the desk's
    /// own (its question counts every waiting order, `orders_in_flight`).
    pub fn orders_sent_with_my_key(&self, account: AccountId) -> Result<usize, StoreError> {
        let Some(here) = self.credential(account)? else {
            return Ok(0);
        };
        let n: i64 = self
            .on_account(account)?
            .query_row(
                "SELECT COUNT(*) FROM local_orders
                 WHERE account_id = $1 AND state IN ('queued', 'sent', 'uncertain')
                   AND sent_with LIKE $2",
                &params![account.0, here.any_of_mine()],
            )?
            .get(0)?;
        Ok(usize::try_from(n).unwrap_or(0))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::testing::{pg_client, pg_connect, remote};
    use crate::store::{DestinationPart, HistoryQuery, HistoryStatus, Hold, LocalOrderId};
    use std::time::Duration;

    /// A desk of a team: its own data folder, attached to the team database `name`.
    fn team_desk(
        dir: &tempfile::TempDir,
        client: impl crate::store::TeamConnection + 'static,
        desk: &str,
    ) -> Store {
        let mut store = Store::open(&dir.path().join("logodesk.sqlite")).unwrap();
        store.attach_team(client, desk).unwrap();
        store
    }

    fn queue(store: &mut Store, account: AccountId, reference: &str) -> LocalOrderId {
        let draft = store
            .create_draft(account, "{}", reference, "Club")
            .unwrap();
        assert!(
            store
                .queue_draft(draft.id, "{}", reference, "Club", b"BODY")
                .unwrap()
        );
        draft.id
    }

    const LEASE: Duration = Duration::from_secs(60);

    /// The print of the key the desks send with (`sent_key` plays no part here: the sends
    /// below bind no row to a key, `store::orders`, "Organizations").
    fn print() -> crate::api::KeyPrint {
        crate::api::KeyPrint::of(&crate::api::ApiKey::new("a desk's key"))
    }

    /// Each desk keeps its own key of a team account; a desk whose key is
    /// replaced holds the rows its earlier key sent (a resend could reach another
    /// organization), as a desk of its own holds rows queued for an older key; the other
    /// desks, whose keys did not change, still send them.
    #[test]
    fn a_key_replaced_on_a_team_account_holds_the_rows_that_key_sent_on_that_desk() {
        let (client, name) = pg_client();
        let (dir_a, dir_b) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
        let mut anna = team_desk(&dir_a, client, "Anna");
        let bo = team_desk(&dir_b, pg_connect(&name), "Bo");
        // Bo's desk trusts what Anna's signs (`store::desks`).
        crate::store::testing::confirm(&bo, &anna);
        let account = anna.insert_account(&remote("Club")).unwrap().id;
        assert!(account.is_team());
        let sent = queue(&mut anna, account, "PO-1");
        let unsent = queue(&mut anna, account, "PO-2");

        // Anna's desk sends PO-1; the answer is lost (it may have reached the service).
        let dest = anna.destination(account).unwrap();
        let can = [(account, dest.clone())];
        let claim = anna
            .claim_next(&anna.desk_id().unwrap(), &can, &print(), LEASE)
            .unwrap()
            .unwrap();
        assert_eq!(claim.id, sent);
        assert!(
            anna.begin_send(sent, &dest, Some(&claim.token), None)
                .unwrap()
        );
        assert!(
            anna.note_send_failure(sent, "timed out", true, Some(&claim.token))
                .unwrap()
        );
        assert!(anna.release_claim(sent, &claim.token).unwrap());
        assert_eq!(anna.orders_sent_with_my_key(account).unwrap(), 1);

        // Anna replaces her key (another organization's, maybe).
        anna.replace_key(account, || Ok::<(), ()>(()))
            .unwrap()
            .unwrap();
        let held = anna.local_order(sent).unwrap();
        assert!(
            matches!(&held.hold, Some(Hold::Changed { what, .. }) if what == &[DestinationPart::ApiKey]),
            "{:?}",
            held.hold
        );
        assert_eq!(
            anna.local_order(unsent).unwrap().hold,
            None,
            "no key of hers sent it"
        );
        // Her outbox never claims, sends or tracks the held row; History says it waits.
        let dest = anna.destination(account).unwrap();
        let can = [(account, dest.clone())];
        let next = anna
            .claim_next(&anna.desk_id().unwrap(), &can, &print(), LEASE)
            .unwrap()
            .unwrap();
        assert_eq!(next.id, unsent, "the held row is left out");
        assert!(!anna.begin_send(sent, &dest, None, None).unwrap());
        assert_eq!(
            anna.outbox(account)
                .unwrap()
                .iter()
                .map(|o| o.id)
                .collect::<Vec<_>>(),
            vec![unsent]
        );
        let attention = HistoryQuery {
            status: HistoryStatus::NeedsAttention,
            ..HistoryQuery::default()
        };
        let page = anna.history_page(account, &attention, None, 50).unwrap();
        assert_eq!(
            page.rows.iter().map(|o| o.id).collect::<Vec<_>>(),
            vec![sent]
        );
        assert!(anna.release_claim(unsent, &next.token).unwrap());

        // Bo's key did not change: the row is not held on his desk, and he sends it.
        assert_eq!(bo.local_order(sent).unwrap().hold, None);
        let bo_dest = bo.destination(account).unwrap();
        let bo_claim = bo
            .claim_next(
                &bo.desk_id().unwrap(),
                &[(account, bo_dest.clone())],
                &print(),
                LEASE,
            )
            .unwrap()
            .unwrap();
        assert_eq!(bo_claim.id, sent);
        assert!(
            bo.begin_send(sent, &bo_dest, Some(&bo_claim.token), None)
                .unwrap()
        );
        assert!(bo.release_claim(sent, &bo_claim.token).unwrap());
        assert!(
            anna.local_order(sent).unwrap().hold.is_some(),
            "still held on Anna's desk"
        );

        // Anna chooses "Send to …": her key of now may send it.
        assert!(anna.retarget(sent).unwrap());
        assert_eq!(anna.local_order(sent).unwrap().hold, None);
        assert!(anna.begin_send(sent, &dest, None, None).unwrap());
        // And replaced once more, the row is held again: both her keys sent it.
        anna.replace_key(account, || Ok::<(), ()>(()))
            .unwrap()
            .unwrap();
        assert!(anna.local_order(sent).unwrap().hold.is_some());
        // "Send them with the new settings" stamps her rows only.
        assert_eq!(anna.retarget_account(account).unwrap(), 2);
        assert_eq!(anna.local_order(sent).unwrap().hold, None);
    }

    #[test]
    fn a_row_is_held_on_the_desk_whose_key_changed_since_it_sent_it() {
        let old = Credential {
            install: "aa".into(),
            version: 1,
        };
        let new = Credential {
            install: "aa".into(),
            version: 2,
        };
        let other = Credential {
            install: "bb".into(),
            version: 1,
        };
        assert!(!new.holds(None), "never sent");
        let sent = old.alone();
        assert!(new.holds(Some(&sent)));
        assert!(!old.holds(Some(&sent)));
        assert!(
            !other.holds(Some(&sent)),
            "another desk's key did not change"
        );
        let both = format!("{sent}{}", new.stamp());
        assert!(!new.holds(Some(&both)), "sent with the key of now too");
        // An install id that begins another's is not it.
        let longer = Credential {
            install: "aab".into(),
            version: 1,
        };
        assert!(!new.holds(Some(&longer.alone())));
    }

    #[test]
    fn a_copied_file_takes_a_new_install_id_and_remembers_the_old() {
        let dir = tempfile::tempdir().unwrap();
        let first = dir.path().join("a").join("logodesk.sqlite");
        std::fs::create_dir_all(first.parent().unwrap()).unwrap();
        let id = {
            let store = Store::open(&first).unwrap();
            store.install_id().unwrap()
        };
        // Opened again where it was made: the same desk.
        let again = Store::open(&first).unwrap();
        assert_eq!(again.install_id().unwrap(), id);
        assert!(again.copied_from().unwrap().is_empty());
        drop(again);

        let copy = dir.path().join("b").join("logodesk.sqlite");
        std::fs::create_dir_all(copy.parent().unwrap()).unwrap();
        std::fs::copy(&first, &copy).unwrap();
        let copied = Store::open(&copy).unwrap();
        let new = copied.install_id().unwrap();
        assert_ne!(new, id, "a desk of its own");
        assert_eq!(new.len(), 32);
        assert_eq!(copied.copied_from().unwrap(), vec![id.clone()]);
        drop(copied);
        // The copy is where it is now: opened again, it keeps its new id.
        let copied = Store::open(&copy).unwrap();
        assert_eq!(copied.install_id().unwrap(), new);
        drop(copied);
        // A copy of the copy reads keys from the copy first, then from the first folder.
        let again = dir.path().join("c").join("logodesk.sqlite");
        std::fs::create_dir_all(again.parent().unwrap()).unwrap();
        std::fs::copy(&copy, &again).unwrap();
        let third = Store::open(&again).unwrap();
        assert_eq!(third.copied_from().unwrap(), vec![new.clone(), id.clone()]);
        // The folder copied from keeps its own.
        assert_eq!(Store::open(&first).unwrap().install_id().unwrap(), id);
    }
}
