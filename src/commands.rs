//! The commands without a window that change or read a data folder: `logodesk account add`,
//! `logodesk queue-order` and `logodesk history`. They go through the store's and the
//! keychain's own methods only, on a store the caller opened (the command line opens it in
//! one place, `cli::open_store`, so a team database can take its place).

use crate::api::{ApiKey, AuthStyle, IdempotencyKey, PlaceOrder};
use crate::backend::accounts::validate_base_url;
use crate::keychain::{Keychain, KeychainError};
use crate::locale::Language;
use crate::orders::csv::{BOM, CsvError, separator, text_cell};
use crate::orders::local::StatusFilter;
use crate::store::{
    AccountKind, AccountRecord, HistoryCursor, HistoryQuery, KeyLocation, LocalOrder, LocalOrderId,
    NewAccount, OrderState, PLACED_ALIKE_WITHIN, Store, StoreError,
};
use std::io::BufRead;
use std::path::{Path, PathBuf};

/// Why a command without a window did nothing.
#[derive(Debug, thiserror::Error)]
pub enum CommandError {
    #[error("{}", crate::tr!("backend-cli-key-file-unreadable", path = .path.display().to_string(), reason = .reason.as_str()))]
    KeyFileUnreadable { path: PathBuf, reason: String },
    #[error("{}", crate::tr!("backend-cli-key-file-shared", path = .0.display().to_string()))]
    KeyFileShared(PathBuf),
    #[error("{}", crate::tr!("backend-cli-key-empty"))]
    KeyEmpty,
    /// The address as the app refuses it.
    #[error("{0}")]
    Address(String),
    #[error("{}", crate::tr!("backend-account-need-name"))]
    NoName,
    #[error("{}", crate::tr!("backend-cli-account-elsewhere", name = .name.as_str(), address = .address.as_str()))]
    OtherAddress { name: String, address: String },
    /// The account is there with another header style than `--auth` says: attaching a key
    /// never changes it.
    #[error("{}", crate::tr!("backend-cli-account-other-auth", name = .name.as_str(), theirs = auth_name(*.theirs), given = auth_name(*.given)))]
    OtherAuth {
        name: String,
        theirs: AuthStyle,
        given: AuthStyle,
    },
    #[error("{}", crate::tr!("backend-cli-no-such-account", name = .name.as_str(), accounts = .known.join(", ")))]
    NoSuchAccount { name: String, known: Vec<String> },
    #[error("{}", crate::tr!("backend-cli-order-unreadable", path = .path.display().to_string(), reason = .reason.as_str()))]
    OrderUnreadable { path: PathBuf, reason: String },
    #[error("{}", crate::tr!("backend-cli-order-not-json", path = .path.display().to_string(), line = .line.to_string(), column = .column.to_string(), reason = .reason.as_str()))]
    OrderNotJson {
        path: PathBuf,
        line: usize,
        column: usize,
        reason: String,
    },
    /// Every sentence of the composer's rules the body breaks, one a line.
    #[error("{}\n{}", crate::tr!("backend-cli-order-invalid", count = .0.len()), .0.join("\n"))]
    OrderInvalid(Vec<String>),
    #[error("{}", crate::tr!("backend-cli-migrate-needs-address"))]
    MigrateNeedsAddress,
    #[error("{}", crate::tr!("backend-cli-password-file-unreadable", path = .path.display().to_string(), reason = .reason.as_str()))]
    PasswordFileUnreadable { path: PathBuf, reason: String },
    #[error("{}", crate::tr!("backend-cli-password-file-shared", path = .0.display().to_string()))]
    PasswordFileShared(PathBuf),
    #[error(transparent)]
    Team(#[from] crate::team::TeamError),
    /// `queue-order` sent the order to the team database, whose connection broke before it
    /// confirmed it, and the team could not be asked again: the order may be queued.
    #[error("{}", crate::tr!("backend-cli-order-may-be-queued", id = .id.to_string(), key = .key.as_str(), account = .account.as_str()))]
    MayBeQueued {
        id: i64,
        key: String,
        account: String,
    },
    /// The same reference and lines (another body) were queued lately: not queued again
    /// without `--again`.
    #[error("{}", crate::tr!("backend-cli-order-placed-alike", reference = .reference.as_str(), id = .id.to_string(), when = .when.as_str()))]
    PlacedAlike {
        reference: String,
        id: i64,
        when: String,
    },
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error(transparent)]
    Keychain(#[from] KeychainError),
    #[error(transparent)]
    Csv(#[from] CsvError),
    #[error(transparent)]
    Json(#[from] serde_json::Error),
}

/// The process exit status of `queue-order` when it could not learn whether the team database
/// took the order ([`CommandError::MayBeQueued`]).
pub const EXIT_MAY_BE_QUEUED: u8 = 4;

impl CommandError {
    /// The process exit status for this error: [`EXIT_MAY_BE_QUEUED`], else 1.
    pub fn exit_code(&self) -> u8 {
        match self {
            CommandError::MayBeQueued { .. } => EXIT_MAY_BE_QUEUED,
            _ => 1,
        }
    }
}

/// A header style as `--auth` spells it.
fn auth_name(auth: AuthStyle) -> &'static str {
    match auth {
        AuthStyle::Bearer => "bearer",
        AuthStyle::XApiKey => "x-api-key",
    }
}

/// Where `account add` reads the key from.
pub enum KeySource<'a> {
    /// A file that only its owner may read.
    File(&'a Path),
    /// One line of standard input (or of a test's bytes).
    Lines(&'a mut dyn BufRead),
}

/// Reads the key: a file's text or one line, trimmed; an empty key is refused, and so is a
/// file other users can read.
pub fn read_key(source: KeySource<'_>) -> Result<ApiKey, CommandError> {
    let text = match source {
        KeySource::File(path) => {
            let unreadable = |e: std::io::Error| CommandError::KeyFileUnreadable {
                path: path.to_owned(),
                reason: crate::i18n::io_reason(&e),
            };
            read_owner_only(path)
                .map_err(unreadable)?
                .ok_or_else(|| CommandError::KeyFileShared(path.to_owned()))?
        }
        KeySource::Lines(input) => {
            let mut line = String::new();
            input
                .read_line(&mut line)
                .map_err(|e| CommandError::KeyFileUnreadable {
                    path: PathBuf::from("-"),
                    reason: crate::i18n::io_reason(&e),
                })?;
            line
        }
    };
    let key = text.trim();
    if key.is_empty() {
        return Err(CommandError::KeyEmpty);
    }
    Ok(ApiKey::new(key))
}

/// The text of the file at `path` if only its owner, this process's user, may read it (`None`
/// if others may; [`crate::keychain::files::read_owner_only`]: what is checked is what is read).
fn read_owner_only(path: &Path) -> std::io::Result<Option<String>> {
    use crate::keychain::files::{self, Owner, SecretFileError};
    match files::read_owner_only(path, Owner::Me) {
        Ok(Some(text)) => Ok(Some(text)),
        Ok(None) => Err(std::io::Error::from(std::io::ErrorKind::NotFound)),
        Err(SecretFileError::Shared { .. }) => Ok(None),
        Err(e) => Err(std::io::Error::other(e.to_string())),
    }
}

/// The password in the file at `path` (its first line, trimmed), refused unless only its owner
/// may read it ([`read_owner_only`]).
pub fn read_password_file(path: &Path) -> Result<secrecy::SecretString, CommandError> {
    let text = read_owner_only(path)
        .map_err(|e| CommandError::PasswordFileUnreadable {
            path: path.to_owned(),
            reason: crate::i18n::io_reason(&e),
        })?
        .ok_or_else(|| CommandError::PasswordFileShared(path.to_owned()))?;
    let password = text.lines().next().unwrap_or("").trim();
    Ok(secrecy::SecretString::from(password.to_owned()))
}

/// `logodesk migrate-team`: connects to the team database as `settings` says (the team's
/// owner role) and creates or upgrades its tables ([`Store::open_postgres`]); no data folder
/// is read or written and no desk joins. Answers the schema version now in force.
pub fn migrate_team(settings: &crate::team::TeamSettings) -> Result<i64, CommandError> {
    let client = crate::team::connect(settings)?;
    let store = Store::open_postgres(client)?;
    Ok(store.schema_version()?)
}

/// Unix: no permission bit for the group or others. Windows: a file in the person's profile
/// is theirs by its inherited ACL, so it is taken as it is (the README says so).
/// What `account add` did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Added {
    /// A new account with its key.
    New(AccountRecord),
    /// The account was there with this address: its key was replaced (orders queued with the
    /// old key are held, as when the key is replaced in Settings), nothing else.
    KeyAttached(AccountRecord),
    /// The account was there with this address (a team's, added by another desk) and this
    /// desk had no key of it: this desk's key is attached, nothing else.
    KeyFirst(AccountRecord),
}

/// The fields of `account add`.
pub struct AccountAdd {
    pub name: String,
    pub url: String,
    /// `--auth`; `None`: bearer for a new account, the account's own for one there already.
    pub auth: Option<AuthStyle>,
}

/// Adds a remote account with its key in the keychain, as Settings adds one; the same name
/// with the same address (as the app normalises it) gets this key instead, and nothing of
/// its settings changes (a team's account is every desk's: a second desk attaching its key
/// must not change where the others' orders go). A `--auth` other than the account's is
/// refused with a sentence.
pub fn account_add(
    store: &Store,
    keychain: &Keychain,
    add: &AccountAdd,
    key: &ApiKey,
) -> Result<Added, CommandError> {
    let base_url = validate_base_url(&add.url).map_err(CommandError::Address)?;
    let name = add.name.trim();
    if name.is_empty() {
        return Err(CommandError::NoName);
    }
    store.ensure_sandbox_account()?;
    let new = NewAccount {
        name: name.to_owned(),
        base_url: base_url.clone(),
        auth: add.auth.unwrap_or(AuthStyle::Bearer),
        organization_id: None,
        key_location: KeyLocation::Keychain,
    };
    let same_name = store
        .accounts()?
        .into_iter()
        .find(|a| a.name.trim().to_lowercase() == name.to_lowercase());
    match same_name {
        Some(existing) => match &existing.kind {
            AccountKind::Remote { base_url: there } if *there == base_url => {
                if let Some(given) = add.auth.filter(|a| *a != existing.auth) {
                    return Err(CommandError::OtherAuth {
                        name: existing.name.clone(),
                        theirs: existing.auth,
                        given,
                    });
                }
                let had_key = keychain.get(existing.id, KeyLocation::Keychain).is_ok();
                let saved = store
                    .replace_key(existing.id, || keychain.set(existing.id, key).map(drop))??;
                Ok(if had_key {
                    Added::KeyAttached(saved)
                } else {
                    Added::KeyFirst(saved)
                })
            }
            AccountKind::Remote { base_url: there } => Err(CommandError::OtherAddress {
                name: existing.name.clone(),
                address: there.to_string(),
            }),
            // The sandbox's name is taken: the store says so as Settings shows it.
            AccountKind::Sandbox => Err(StoreError::DuplicateName(name.to_owned()).into()),
        },
        None => {
            let saved = store.insert_account(&new)?;
            if let Err(e) = keychain.set(saved.id, key) {
                // No account is left behind whose key went nowhere.
                store.delete_account(saved.id).ok();
                return Err(e.into());
            }
            Ok(Added::New(saved))
        }
    }
}

/// The account named `name` (case-insensitively), or a sentence naming those there are.
pub fn account_named(store: &Store, name: &str) -> Result<AccountRecord, CommandError> {
    store.ensure_sandbox_account()?;
    let accounts = store.accounts()?;
    let wanted = name.trim().to_lowercase();
    accounts
        .iter()
        .find(|a| a.name.trim().to_lowercase() == wanted)
        .cloned()
        .ok_or_else(|| CommandError::NoSuchAccount {
            name: name.to_owned(),
            known: accounts.iter().map(|a| a.name.clone()).collect(),
        })
}

/// Reads an order body from `path` and checks it by the composer's rules (the order's own
/// validator, its sentences in the process's language).
pub fn read_order(path: &Path) -> Result<PlaceOrder, CommandError> {
    let text = std::fs::read_to_string(path).map_err(|e| CommandError::OrderUnreadable {
        path: path.to_owned(),
        reason: crate::i18n::io_reason(&e),
    })?;
    let order: PlaceOrder =
        serde_json::from_str(&text).map_err(|e| CommandError::OrderNotJson {
            path: path.to_owned(),
            line: e.line(),
            column: e.column(),
            reason: e.to_string(),
        })?;
    let mut issues = order.validate_with(|_| None);
    crate::i18n::api::translate_issues(&mut issues);
    if !issues.is_empty() {
        return Err(CommandError::OrderInvalid(
            issues
                .iter()
                .map(|i| format!("{}: {}", i.path, i.message))
                .collect(),
        ));
    }
    Ok(order)
}

/// What `queue-order` prints: the queued row's id and idempotency key.
#[derive(Debug, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Queued {
    pub id: i64,
    pub idempotency_key: String,
    pub account: String,
    /// The same body was queued for this account within [`SAME_BODY_WITHIN`]: this is that
    /// order, and nothing was queued again.
    pub already_queued: bool,
}

/// How long a second `queue-order` of the same body for the same account answers the order
/// queued first instead of queueing another (unless `--again`).
pub const SAME_BODY_WITHIN: std::time::Duration = std::time::Duration::from_secs(24 * 60 * 60);

/// Connects the store to its team database again after a call found the connection broken
/// (the command line joins as at its start); the error is why it could not.
pub type Reconnect<'a> = dyn FnMut(&mut Store) -> Result<(), String> + 'a;

/// Queues `order` for `account` as "Place order" does: a draft with a fresh key, then its
/// exact body and the account's destination in one transaction. The same body queued for the
/// account within [`SAME_BODY_WITHIN`] and not given up is answered instead (`already_queued`)
/// unless `again`: the bytes compared are the body as queued (`order` written again), so a file
/// laid out differently with the same order is the same.
///
/// The queueing transaction's COMMIT whose answer is lost ([`StoreError::OutcomeUnknown`]:
/// the team database committed it or not) is never said as a failure: the store is connected
/// again (`reconnect`) and the row looked up by its key, which was made before the write:
/// queued, it is answered; still a draft, it is queued now (the same draft, the same key).
/// When the team cannot be asked, [`CommandError::MayBeQueued`] says how to check.
pub fn queue_order(
    store: &mut Store,
    account: &AccountRecord,
    order: &PlaceOrder,
    again: bool,
    reconnect: &mut Reconnect<'_>,
) -> Result<Queued, CommandError> {
    let body = serde_json::to_vec(order)?;
    let reference = order.reference.trim();
    let recipient = order.delivery_address.name.trim();
    let answer = |id: LocalOrderId, key: &IdempotencyKey, already_queued| Queued {
        id: id.0,
        idempotency_key: key.as_str().to_owned(),
        account: account.name.clone(),
        already_queued,
    };
    if !again
        && let Some(row) = store.queued_with_body(account.id, &body, SAME_BODY_WITHIN)?
        && let Some(key) = &row.key
    {
        return Ok(answer(row.id, key, true));
    }
    // The same order in another body (another comment, address or date): asked, as the
    // window's *Place order* asks.
    if !again && let Some(row) = store.placed_alike(account.id, None, order, PLACED_ALIKE_WITHIN)? {
        return Err(CommandError::PlacedAlike {
            reference: row.reference,
            id: row.id.0,
            when: crate::i18n::language().time_stamp(&row.updated_at),
        });
    }
    // No form was typed: "Order again" rebuilds one from the service's order.
    let draft = store
        .create_draft(account.id, "", reference, recipient)
        .map_err(|e| match e {
            // A draft is no order: made or not, nothing was queued, and queueing again is safe.
            StoreError::OutcomeUnknown(cause) => *cause,
            e => e,
        })?;
    let key = draft.key.clone().ok_or(StoreError::NoRow)?;
    let may_be_queued = || CommandError::MayBeQueued {
        id: draft.id.0,
        key: key.as_str().to_owned(),
        account: account.name.clone(),
    };
    let mut tries = 0;
    loop {
        tries += 1;
        match store.queue_draft(draft.id, "", reference, recipient, &body) {
            Ok(true) => return Ok(answer(draft.id, &key, false)),
            // Not a draft any more: queued by the try whose answer was lost (below), or
            // another desk placed it: either way once, with this key.
            Ok(false) => {}
            Err(StoreError::OutcomeUnknown(cause)) if tries < 3 => {
                tracing::warn!(error = %cause, "the team database did not confirm the queued order: it is looked up by its key");
                if let Err(why) = reconnect(store) {
                    tracing::warn!(
                        reason = why.as_str(),
                        "the team database could not be asked whether the order was queued"
                    );
                    return Err(may_be_queued());
                }
            }
            Err(StoreError::OutcomeUnknown(_)) => return Err(may_be_queued()),
            Err(e) => return Err(e.into()),
        }
        match store.order_by_key(account.id, &key) {
            Ok(Some(row)) if row.state == OrderState::Draft => continue,
            Ok(Some(row)) => return Ok(answer(row.id, &key, false)),
            // Its draft is gone (deleted meanwhile): nothing was queued.
            Ok(None) => return Err(StoreError::NoRow.into()),
            Err(e) if e.is_team_unreachable() => return Err(may_be_queued()),
            Err(e) => return Err(e.into()),
        }
    }
}

/// How many rows the command line reads from the store at a time.
const HISTORY_PAGE: usize = 1000;

/// Every row of `account`'s history under `status`, as the History screen lists them (newest
/// first), read from the store a page at a time.
pub fn history(
    store: &Store,
    account: &AccountRecord,
    status: StatusFilter,
) -> Result<Vec<LocalOrder>, CommandError> {
    let query = HistoryQuery {
        status,
        ..HistoryQuery::default()
    };
    let mut rows: Vec<LocalOrder> = Vec::new();
    loop {
        let after = rows.last().map(HistoryCursor::after);
        let page = store.history_page(account.id, &query, after.as_ref(), HISTORY_PAGE)?;
        rows.extend(page.rows);
        if !page.more {
            return Ok(rows);
        }
    }
}

/// A row's state in the process's language, as History's badge says it.
fn state_word(state: OrderState) -> String {
    match state {
        OrderState::Draft => crate::tr!("composer-state-draft"),
        OrderState::Queued => crate::tr!("composer-state-queued"),
        OrderState::Sent => crate::tr!("composer-state-sent"),
        OrderState::Completed => crate::tr!("composer-state-completed"),
        OrderState::Failed => crate::tr!("composer-state-failed"),
        OrderState::Uncertain => crate::tr!("composer-state-uncertain"),
        OrderState::Unknown => crate::tr!("composer-state-unknown"),
    }
}

/// The history as JSON lines' array: stable English keys, money as decimal strings.
pub fn history_json(rows: &[LocalOrder]) -> Result<String, CommandError> {
    let rows: Vec<serde_json::Value> = rows
        .iter()
        .map(|o| {
            let ord = o.record.as_ref().and_then(|r| r.order.as_ref());
            serde_json::json!({
                "id": o.id.0,
                "orderNumber": o.order_number,
                "reference": o.reference,
                "recipient": o.recipient,
                "status": o.state.as_str(),
                "held": o.hold.is_some(),
                "trackingId": o.tracking_id.map(|t| t.0),
                "total": ord.map(|ord| ord.total.to_string()),
                "currency": ord.map(|ord| ord.currency.trim().to_owned()),
                "updatedAt": o.updated_at,
            })
        })
        .collect();
    Ok(serde_json::to_string(&rows)?)
}

/// The history as CSV for a spreadsheet in `language`: History's columns (order, reference,
/// recipient, status, total, updated) and the tracking id.
pub fn history_csv(rows: &[LocalOrder], language: Language) -> Result<Vec<u8>, CommandError> {
    let mut out = BOM.to_vec();
    {
        let mut w = csv::WriterBuilder::new()
            .delimiter(separator(language))
            .from_writer(&mut out);
        let word = |id: &str| crate::i18n::text_in(language, id, None);
        let head = [
            "history-col-order",
            "history-col-reference",
            "history-col-recipient",
            "history-col-status",
            "history-col-total",
            "csv-currency",
            "csv-tracking-id",
            "history-col-updated",
        ]
        .map(word);
        w.write_record(&head).map_err(CsvError::from)?;
        for o in rows {
            let ord = o.record.as_ref().and_then(|r| r.order.as_ref());
            w.write_record([
                text_cell(o.order_number.as_deref().unwrap_or("")),
                text_cell(&o.reference),
                text_cell(&o.recipient),
                state_word(o.state),
                ord.map(|ord| language.plain_number(ord.total))
                    .unwrap_or_default(),
                ord.map(|ord| text_cell(ord.currency.trim()))
                    .unwrap_or_default(),
                o.tracking_id.map(|t| t.0.to_string()).unwrap_or_default(),
                o.updated_at.clone(),
            ])
            .map_err(CsvError::from)?;
        }
        w.flush().map_err(|e| CsvError::from(csv::Error::from(e)))?;
    }
    Ok(out)
}

/// How this desk stands to `desk`, as `logodesk team desks` says it.
pub fn desk_state(desk: &crate::store::TeamDesk) -> String {
    use crate::store::DeskTrust;
    match &desk.trust {
        _ if desk.this_desk => crate::tr!("cli-team-desk-this"),
        DeskTrust::Own => crate::tr!("cli-team-desk-earlier"),
        DeskTrust::Confirmed => crate::tr!("cli-team-desk-confirmed"),
        DeskTrust::Vouched { by } => crate::tr!("cli-team-desk-vouched", by = by.as_str()),
        DeskTrust::Untrusted => crate::tr!("cli-team-desk-untrusted"),
        DeskTrust::Refused => crate::tr!("cli-team-desk-refused"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mock() -> Keychain {
        Keychain::with_store(keyring_core::mock::Store::new().unwrap())
    }

    fn add(name: &str, url: &str) -> AccountAdd {
        AccountAdd {
            name: name.into(),
            url: url.into(),
            auth: None,
        }
    }

    /// `logodesk history` prints every row, however many pages of the store they take.
    #[test]
    fn the_history_command_reads_every_row_page_after_page() {
        let mut store = Store::open_in_memory().unwrap();
        let account = store.ensure_sandbox_account().unwrap();
        let rows = HISTORY_PAGE * 2 + 3;
        for n in 0..rows {
            let reference = format!("PO-{n}");
            let draft = store
                .create_draft(account.id, "{}", &reference, "Club")
                .unwrap();
            store
                .queue_draft(draft.id, "{}", &reference, "Club", b"{}")
                .unwrap();
        }
        let listed = history(&store, &account, StatusFilter::All).unwrap();
        assert_eq!(listed.len(), rows);
        let all = store.local_orders(account.id, false).unwrap();
        let ids = |rows: &[LocalOrder]| rows.iter().map(|o| o.id).collect::<Vec<_>>();
        assert_eq!(ids(&listed), ids(&all), "newest first, each once");
        assert_eq!(
            history(&store, &account, StatusFilter::Completed)
                .unwrap()
                .len(),
            0
        );
    }

    #[test]
    fn the_same_name_and_address_attaches_the_key_another_address_is_refused() {
        let store = Store::open_in_memory().unwrap();
        let kc = mock();
        let first = account_add(
            &store,
            &kc,
            &add("Team", "https://api.example.com"),
            &ApiKey::new("k1"),
        )
        .unwrap();
        let Added::New(record) = first else {
            panic!("a new account")
        };
        let version = store.destination(record.id).unwrap().key_version;
        // The address as the app normalises it: a trailing slash and spaces are the same.
        let again = account_add(
            &store,
            &kc,
            &add("team", " https://api.example.com/ "),
            &ApiKey::new("k2"),
        )
        .unwrap();
        assert!(
            matches!(again, Added::KeyAttached(ref r) if r.id == record.id),
            "{again:?}"
        );
        assert_eq!(
            kc.get(record.id, KeyLocation::Keychain).unwrap().expose(),
            "k2"
        );
        assert_eq!(
            store.destination(record.id).unwrap().key_version,
            version + 1
        );
        let other = account_add(
            &store,
            &kc,
            &add("Team", "https://other.example.com"),
            &ApiKey::new("k3"),
        )
        .unwrap_err();
        assert!(
            matches!(other, CommandError::OtherAddress { .. }),
            "{other}"
        );
        assert_eq!(
            kc.get(record.id, KeyLocation::Keychain).unwrap().expose(),
            "k2"
        );
        let sandbox = account_add(
            &store,
            &kc,
            &add("sandbox", "https://api.example.com"),
            &ApiKey::new("k4"),
        )
        .unwrap_err();
        assert!(
            matches!(sandbox, CommandError::Store(StoreError::DuplicateName(_))),
            "{sandbox}"
        );
    }

    /// A second desk's `account add` (no `--auth`) attaches its key and
    /// keeps the account's header style; another `--auth` given is refused, nothing saved.
    #[test]
    fn attaching_a_key_never_changes_the_account_and_another_header_style_is_refused() {
        let (client, _) = crate::team::testing::pg_client();
        let dir = tempfile::tempdir().unwrap();
        let mut store = Store::open(&dir.path().join("logodesk.sqlite")).unwrap();
        store.attach_team(client, "Bo").unwrap();
        let kc = mock();
        let first = AccountAdd {
            auth: Some(AuthStyle::XApiKey),
            ..add("Team", "https://api.example.com")
        };
        let Added::New(team) = account_add(&store, &kc, &first, &ApiKey::new("k1")).unwrap() else {
            panic!("a new account")
        };
        assert_eq!(team.auth, AuthStyle::XApiKey);
        let draft = store.create_draft(team.id, "{}", "PO-1", "Club").unwrap();
        assert!(
            store
                .queue_draft(draft.id, "{}", "PO-1", "Club", b"{}")
                .unwrap()
        );

        // The README's second desk: no --auth.
        let again = account_add(
            &store,
            &kc,
            &add("Team", "https://api.example.com"),
            &ApiKey::new("k2"),
        )
        .unwrap();
        assert!(
            matches!(again, Added::KeyAttached(ref r) if r.auth == AuthStyle::XApiKey),
            "{again:?}"
        );
        // A desk whose keychain had no key of the team's account is told so, not of held orders.
        let elsewhere = account_add(
            &store,
            &mock(),
            &add("Team", "https://api.example.com"),
            &ApiKey::new("k3"),
        )
        .unwrap();
        assert!(matches!(elsewhere, Added::KeyFirst(_)), "{elsewhere:?}");
        assert_eq!(store.account(team.id).unwrap().auth, AuthStyle::XApiKey);
        assert_eq!(
            kc.get(team.id, KeyLocation::Keychain).unwrap().expose(),
            "k2"
        );
        assert_eq!(
            store.local_order(draft.id).unwrap().hold,
            None,
            "nothing held"
        );

        // Another header style given: refused with a sentence; key and account unchanged.
        let bearer = AccountAdd {
            auth: Some(AuthStyle::Bearer),
            ..add("Team", "https://api.example.com")
        };
        let err = account_add(&store, &kc, &bearer, &ApiKey::new("k3")).unwrap_err();
        assert!(matches!(err, CommandError::OtherAuth { .. }), "{err}");
        let sentence = err.to_string();
        assert!(
            sentence.contains("x-api-key") && sentence.contains("bearer"),
            "{sentence}"
        );
        assert_eq!(
            kc.get(team.id, KeyLocation::Keychain).unwrap().expose(),
            "k2"
        );
        assert_eq!(store.account(team.id).unwrap().auth, AuthStyle::XApiKey);
    }

    #[test]
    fn a_key_from_a_line_is_trimmed_and_an_empty_one_refused() {
        let mut input: &[u8] = b"  secret-key \nmore\n";
        assert_eq!(
            read_key(KeySource::Lines(&mut input)).unwrap().expose(),
            "secret-key"
        );
        let mut empty: &[u8] = b"   \n";
        assert!(matches!(
            read_key(KeySource::Lines(&mut empty)),
            Err(CommandError::KeyEmpty)
        ));
    }

    #[cfg(unix)]
    #[test]
    fn a_key_file_others_can_read_is_refused() {
        use std::os::unix::fs::PermissionsExt as _;
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("key");
        std::fs::write(&path, "k\n").unwrap();
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o640)).unwrap();
        let err = read_key(KeySource::File(&path)).unwrap_err();
        assert!(err.to_string().contains("chmod 600"), "{err}");
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o600)).unwrap();
        assert_eq!(read_key(KeySource::File(&path)).unwrap().expose(), "k");
    }

    /// On the store call `queue-order` makes: a team desk whose connection
    /// to the team database goes through a proxy that loses the answer to the queueing
    /// transaction's COMMIT (the team committed it).
    // The test server is reached over its Unix socket.
    #[cfg(unix)]
    mod lost_commit {
        use super::*;
        use crate::store::testing::pg_cluster;
        use crate::store::testing::pg_proxy::PgProxy;
        use crate::store::testing::remote;
        use crate::team::testing::pg_connect;

        struct Desk {
            proxy: PgProxy,
            db: String,
            store: Store,
            account: AccountRecord,
        }

        fn through(proxy: &PgProxy, db: &str) -> crate::team::TeamClient {
            crate::team::connect_to(&proxy.url(db), "test").unwrap()
        }

        fn desk() -> Desk {
            let cluster = pg_cluster::shared();
            let db = cluster.create_database();
            let team = Store::open_postgres(pg_connect(&db)).unwrap();
            let id = team.insert_account(&remote("Club shop")).unwrap().id;
            let proxy = PgProxy::socket(cluster.socket_dir(), cluster.port);
            let mut store = Store::open_in_memory().unwrap();
            store
                .attach_team(through(&proxy, &db), "Front desk")
                .unwrap();
            let account = store.account(id).unwrap();
            Desk {
                proxy,
                db,
                store,
                account,
            }
        }

        fn order(reference: &str) -> PlaceOrder {
            serde_json::from_value(serde_json::json!({
                "reference": reference,
                "deliveryAddress": {
                    "name": "Nordby IF", "address": "Stadionvej 1", "zip": "6700",
                    "city": "Esbjerg", "country": "DK"
                },
                "logos": [{ "logoId": 1, "quantity": 5 }]
            }))
            .unwrap()
        }

        /// The team's rows of `reference` (id, key, state), read with a connection of its own.
        fn team_rows(db: &str, reference: &str) -> Vec<(i64, String, String)> {
            pg_connect(db)
                .query(
                    "SELECT id, idempotency_key, state FROM logodesk.local_orders
                     WHERE reference = $1 ORDER BY id",
                    &[&reference],
                )
                .unwrap()
                .iter()
                .map(|r| (r.get(0), r.get(1), r.get(2)))
                .collect()
        }

        /// The lost answer is found out (connected again, the row looked up by its key) and
        /// answered as queued; the same body again answers that row; `--again` queues another.
        #[test]
        fn a_lost_commit_answer_is_found_out_and_a_second_run_answers_the_same_row() {
            let mut d = desk();
            let (proxy, db) = (&d.proxy, d.db.clone());
            let mut reconnect = |s: &mut Store| {
                s.attach_team(through(proxy, &db), "Front desk")
                    .map_err(|e| e.to_string())
            };
            d.proxy.lose_commit_after("SET state = 'queued'");
            let first = queue_order(
                &mut d.store,
                &d.account,
                &order("LOST-1"),
                false,
                &mut reconnect,
            )
            .unwrap_or_else(|e| panic!("said as failed: {e}"));
            assert_eq!(d.proxy.commits_lost(), 1, "the COMMIT's answer was lost");
            assert!(!first.already_queued);
            assert_eq!(
                team_rows(&d.db, "LOST-1"),
                [(first.id, first.idempotency_key.clone(), "queued".to_owned())]
            );

            let second = queue_order(
                &mut d.store,
                &d.account,
                &order("LOST-1"),
                false,
                &mut reconnect,
            )
            .unwrap();
            assert!(second.already_queued);
            assert_eq!(
                (second.id, &second.idempotency_key),
                (first.id, &first.idempotency_key)
            );
            assert_eq!(team_rows(&d.db, "LOST-1").len(), 1, "one order");

            let third = queue_order(
                &mut d.store,
                &d.account,
                &order("LOST-1"),
                true,
                &mut reconnect,
            )
            .unwrap();
            assert!(!third.already_queued);
            assert_ne!(third.idempotency_key, first.idempotency_key);
            assert_eq!(
                team_rows(&d.db, "LOST-1").len(),
                2,
                "--again queues another"
            );
            // Another body is another order.
            let other = queue_order(
                &mut d.store,
                &d.account,
                &order("LOST-2"),
                false,
                &mut reconnect,
            )
            .unwrap();
            assert!(!other.already_queued);
            // The same order in another body (another comment) is asked about, not queued.
            let mut changed = order("LOST-1");
            changed.comment = Some("another comment".into());
            let e =
                queue_order(&mut d.store, &d.account, &changed, false, &mut reconnect).unwrap_err();
            assert!(matches!(e, CommandError::PlacedAlike { .. }), "{e:?}");
            assert!(e.to_string().contains("--again"), "{e}");
            assert_eq!(team_rows(&d.db, "LOST-1").len(), 2, "not queued");
        }

        /// The team cannot be asked again: the command says the order may be queued and how
        /// to check, never "try again"; once the team answers, the same body answers that row.
        #[test]
        fn a_lost_commit_answer_that_cannot_be_checked_says_how_to_check() {
            let mut d = desk();
            d.proxy.lose_commit_after("SET state = 'queued'");
            let mut unreachable =
                |_: &mut Store| Err("the team database does not answer".to_owned());
            let e = queue_order(
                &mut d.store,
                &d.account,
                &order("LOST-3"),
                false,
                &mut unreachable,
            )
            .unwrap_err();
            let CommandError::MayBeQueued { id, ref key, .. } = e else {
                panic!("not an unknown outcome: {e:?}")
            };
            let said = e.to_string();
            assert!(!said.to_lowercase().contains("try again"), "{said}");
            assert!(
                said.contains("logodesk history") && said.contains(key.as_str()),
                "{said}"
            );
            assert_eq!(e.exit_code(), EXIT_MAY_BE_QUEUED);
            let rows = team_rows(&d.db, "LOST-3");
            assert_eq!(rows.len(), 1);

            d.store
                .attach_team(through(&d.proxy, &d.db), "Front desk")
                .unwrap();
            let mut reconnect = |_: &mut Store| Ok(());
            let again = queue_order(
                &mut d.store,
                &d.account,
                &order("LOST-3"),
                false,
                &mut reconnect,
            )
            .unwrap();
            assert!(again.already_queued);
            assert_eq!(again.id, id);
            assert_eq!(team_rows(&d.db, "LOST-3").len(), 1, "one order");
        }
    }
}
