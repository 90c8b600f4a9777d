//! Orders kept on this machine: drafts, the outbox and the history, as one state machine per
//! row. The API has no "list orders", so this table is the history; it is also the source of
//! truth of the outbox:
//!
//! ```text
//! draft ──place──▶ queued ──tracking id──▶ sent ──▶ completed | failed
//!   ▲                │ ╲                     │ ╲
//!   └─back to draft──┘  ╲ 4xx, no send        │  ╲ "not found" ≥ N polls over ≥ 10 min
//!     (never reached)    ╲ ever reached:      │   ▼
//!                         ▼ failed            │  unknown ──check again──▶ sent
//!                  4xx after a send that      │
//!                  may have reached it:       │
//!                  uncertain ──look up / attach a tracking id──▶ sent
//! ```
//!
//! - `queued`: the idempotency key and the exact body bytes are written in one transaction
//!   with the [`Destination`] (address or `sandbox`, header style, organization, key
//!   version) before the first send. A row is only ever sent to, and tracked at, that
//!   destination; while its account no longer matches it (edited, removed, key replaced)
//!   it is *held* ([`Hold`]) until the person sends it to the new settings or takes it back.
//! - `reached`: whether any send may have reached the service (a timeout, a broken
//!   connection, a 5xx, a 2xx that could not be read). `sending` is set before each send and
//!   read as `reached` if the app stopped mid-send. A refused TCP connection or a DNS failure
//!   provably reached nothing.
//! - `uncertain`: the service refused a resend (409, 400, 422…) after an earlier send may
//!   have placed it: it may already be placed. Not failed, not resent automatically; key
//!   and body are kept for a look-up.
//! - `unknown`: the service kept answering "not found" (or something unreadable) for the
//!   tracking id: no longer polled until the person asks to check again.
//!
//! Orders looked up by tracking id enter as `sent` without a draft or key.
//!
//! # Claims: one desk at a time sends a queued row (the team outbox)
//!
//! On the team's database several desks send from one outbox. A desk takes a row with
//! [`Store::claim_next`]: one statement picks the oldest queued row of an account the desk has
//! a key for (queued for the destination that key goes to, not held) that no desk holds, and
//! writes `claimed_by`, a fresh [`ClaimToken`] and `lease_until`. On PostgreSQL it picks `FOR
//! UPDATE SKIP LOCKED` and re-checks state and lease in the same statement; no lock outlives
//! it, so none is held across an HTTP send. The holder renews the lease while it sends
//! ([`Store::renew_lease`]) and gives the row back at once on a 401/403 for its key
//! ([`Store::release_claim`]). A send to be tried again gives the row back for its back-off
//! ([`Store::back_off`]): no desk claims it before the back-off ends, and meanwhile the desk
//! claims the next row, so one order the service keeps failing never stops the others. Why no
//! order is placed twice across desks:
//!
//! - Every send of a row, from any desk, carries the key and bytes written when it was
//!   queued: the service answers a resend with the original order — in the organization the
//!   first send targeted. That is the guarantee; the lease only keeps desks from sending at
//!   the same time.
//! - The service scopes an Idempotency-Key to the target organization: the body's
//!   `organizationId`, or the caller's own — the key's — without one. A send of a body that
//!   names none writes its key's print ([`crate::api::KeyPrint`]) in `sent_key` before it
//!   goes out ([`Store::begin_send`]); from then on only a desk whose key has that
//!   print claims the row ([`Store::claim_next`]), so a desk whose key is another
//!   organization's never resends it there (two keys of one organization cannot be told
//!   apart without the service saying whose a key is, so they are kept apart too). A send
//!   that provably reached nothing drops the print again. A body that names its organization
//!   targets it with every key allowed to order for it, and any desk may resend it.
//! - A desk that dies or sleeps mid-send loses the row when its lease ends; the next claim
//!   has a new token, and its `begin_send` reads the dead desk's `sending` as `reached`.
//! - The writes after a send (`fence: Some(token)`) name the token and change nothing once another
//!   desk claimed the row: a late desk never overwrites the holder's result (never makes a
//!   resent row `failed`). A row leaving the outbox drops its token; `claimed_by` stays.
//! - Leases are written and compared by the database on the statement's clock
//!   (`clock_timestamp()`; `now()` is frozen at a transaction's start): desks' clocks need
//!   not agree.
//!
//! One desk alone never claims: the same writes without a token (`begin_send`, …) behave as
//! before claims.

use super::accounts::{
    DEST_BASE_SQL, Destination, DestinationPart, auth_to_sql, dest_base_sql, destination_from,
};
use super::db::{Db, FromValue, Row, Value, params};
use super::identity::{
    Credential, held_values, here_values, not_held_here, stamp_sent_with, stamp_value,
};
use super::{AccountId, Store, StoreError};
use crate::api::{IdempotencyKey, KeyPrint, OrderId, TrackingRecord};
use std::fmt;
use std::time::Duration;

/// The local id of an order row (a draft, an outbox entry, a history entry).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct LocalOrderId(pub i64);

impl fmt::Display for LocalOrderId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{}", self.0)
    }
}

/// Where an order is in its life.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum OrderState {
    /// Being edited; nothing sent.
    Draft,
    /// In the outbox: key and body are fixed, waiting for the service's tracking id.
    Queued,
    /// The service has it (`Pending`); being tracked.
    Sent,
    /// Tracked to `Completed`.
    Completed,
    /// Tracked to `Failed`, or refused by the service when no send had reached it before.
    Failed,
    /// May already be placed: a send may have reached the service, then it refused a
    /// resend. Kept with its key and body, not resent automatically; check before resending.
    Uncertain,
    /// The service does not know this tracking id (it said so for a long time): no longer
    /// polled until the person asks to check again.
    Unknown,
}

impl OrderState {
    /// The state as the database and the command line's JSON spell it.
    pub fn as_str(self) -> &'static str {
        match self {
            OrderState::Draft => "draft",
            OrderState::Queued => "queued",
            OrderState::Sent => "sent",
            OrderState::Completed => "completed",
            OrderState::Failed => "failed",
            OrderState::Uncertain => "uncertain",
            OrderState::Unknown => "unknown",
        }
    }

    fn parse(s: &str) -> OrderState {
        match s {
            "queued" => OrderState::Queued,
            "sent" => OrderState::Sent,
            "completed" => OrderState::Completed,
            "failed" => OrderState::Failed,
            "uncertain" => OrderState::Uncertain,
            "unknown" => OrderState::Unknown,
            _ => OrderState::Draft,
        }
    }

    /// Nothing will change any more by itself (the person may still look an `unknown` order
    /// up again).
    pub fn is_final(self) -> bool {
        matches!(
            self,
            OrderState::Completed | OrderState::Failed | OrderState::Unknown
        )
    }
}

/// Why a row is not sent or tracked now although it waits: its account no longer matches the
/// destination it was queued for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Hold {
    /// The account was removed (or the row's destination was never known).
    AccountGone,
    /// The account's settings changed since the order was queued.
    Changed {
        /// What changed.
        what: Vec<DestinationPart>,
        /// The destination it was queued for.
        queued_for: Destination,
        /// The account's destination now.
        now: Destination,
    },
}

impl Hold {
    /// `key_replaced`: this desk's key of a team account was replaced since one of its keys
    /// sent the row (`store::identity`); the destinations compare the same then.
    fn of(
        row: Option<&Destination>,
        account: Option<&Destination>,
        key_replaced: bool,
    ) -> Option<Hold> {
        match (row, account) {
            (_, None) | (None, _) => Some(Hold::AccountGone),
            (Some(row), Some(now)) if row != now || key_replaced => {
                let mut what = now.differences(row);
                if key_replaced && !what.contains(&DestinationPart::ApiKey) {
                    what.push(DestinationPart::ApiKey);
                }
                Some(Hold::Changed {
                    what,
                    queued_for: row.clone(),
                    now: now.clone(),
                })
            }
            _ => None,
        }
    }
}

/// How far back *Place order* and `queue-order` look for the same order placed before
/// ([`Store::placed_alike`]): a club's reference names one order, so a twin within a week is
/// far likelier a mistake than a repeat.
pub const PLACED_ALIKE_WITHIN: Duration = Duration::from_secs(7 * 24 * 60 * 60);

/// One row as the screens see it.
#[derive(Debug, Clone, PartialEq)]
pub struct LocalOrder {
    pub id: LocalOrderId,
    pub account: Option<AccountId>,
    pub state: OrderState,
    /// `None` for orders looked up by tracking id.
    pub key: Option<IdempotencyKey>,
    /// The composer's form as JSON (drafts and orders placed from here).
    pub draft_json: Option<String>,
    pub reference: String,
    pub recipient: String,
    pub tracking_id: Option<OrderId>,
    pub order_number: Option<String>,
    /// The newest tracking record fetched.
    pub record: Option<TrackingRecord>,
    /// The service's `errorMessage` of a failed order, or why it refused it.
    pub error_message: Option<String>,
    /// The last failure to reach the service (the outbox keeps retrying).
    pub last_error: Option<String>,
    /// Send attempts so far.
    pub attempts: i64,
    /// When the row was last changed (UTC, RFC 3339).
    pub updated_at: String,
    /// Where it was queued for (`None` for drafts).
    pub destination: Option<Destination>,
    /// Whether a send may have reached the service (so it may be placed already).
    pub reached: bool,
    /// Why it waits although it could go out, for rows not final and not drafts.
    pub hold: Option<Hold>,
    /// The desk of the team that wrote the draft or queued the order (its name in Settings →
    /// Team); `None` on a desk of its own.
    pub placed_by: Option<String>,
    /// A draft's version: one more at every save ([`Store::save_draft`]).
    pub version: i64,
    /// The desk of the team that saved the draft last; `None` on a desk of its own.
    pub saved_by: Option<String>,
    /// Who is editing the draft now (their mark is live), if anyone.
    pub editing: Option<Editing>,
}

impl LocalOrder {
    /// A send may have reached the service: copying it to a new draft could place it twice.
    pub fn may_be_placed(&self) -> bool {
        self.reached || self.tracking_id.is_some()
    }

    /// Placed at another address than `now`: it has a tracking id there, so it can't follow
    /// the account to `now`.
    pub fn placed_elsewhere(&self, now: &Destination) -> bool {
        self.tracking_id.is_some()
            && self
                .destination
                .as_ref()
                .is_some_and(|d| d.base != now.base)
    }

    /// "Back to draft" is safe: it waits in the outbox and no send ever reached the service.
    pub fn can_return_to_draft(&self) -> bool {
        self.state == OrderState::Queued && !self.reached
    }
}

/// An order waiting in the outbox: exactly what will be sent.
#[derive(Debug, Clone, PartialEq)]
pub struct Outgoing {
    pub id: LocalOrderId,
    pub key: IdempotencyKey,
    pub body: Vec<u8>,
}

/// A running desk on the team database: who holds a claim (`claimed_by`). Any text the desk
/// keeps for its run; never shown as a person's name.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct DeskId(pub String);

impl fmt::Display for DeskId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// One claim of one queued row: fresh for every claim, so the writes of a desk whose lease
/// ran out and whose row another desk claimed since change nothing (they name an old token).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct ClaimToken(uuid::Uuid);

impl ClaimToken {
    fn fresh() -> ClaimToken {
        ClaimToken(uuid::Uuid::new_v4())
    }
}

impl fmt::Display for ClaimToken {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

/// A queued row this desk holds until its lease ends ([`Store::claim_next`]).
#[derive(Debug, Clone, PartialEq)]
pub struct Claim {
    pub id: LocalOrderId,
    /// What every write after the send names ([`Store::record_tracking`], …).
    pub token: ClaimToken,
    /// Exactly what to send: the same key and bytes whichever desk sends it.
    pub outgoing: Outgoing,
}

const COLUMNS: &str = "o.id, o.account_id, o.state, o.idempotency_key, o.draft_json, o.reference, \
     o.recipient, o.tracking_id, o.order_number, o.record_json, o.error_message, o.last_error, \
     o.attempts, o.updated_at, o.dest_base, o.dest_auth, o.dest_org, o.dest_key_version, \
     CASE WHEN o.reached <> 0 OR o.sending <> 0 THEN 1 ELSE 0 END AS reached_or_sending";

/// After [`COLUMNS`] (`LEFT JOIN accounts a`): the account's destination now, the desk that
/// placed the row, then the draft's version, last saver and editor (whether its mark is live),
/// and the desks' keys that sent it (`store::identity`).
fn account_columns() -> String {
    format!(
        "{DEST_BASE_SQL} AS account_base, a.auth_style AS account_auth, \
         a.organization_id AS account_org, a.credential_version AS account_key_version, \
         o.placed_by, o.version, o.saved_name, o.editing_desk, o.editing_name, o.editing_since, \
         CASE WHEN o.editing_until >= {NOW} THEN 1 ELSE 0 END AS editing_live, o.sent_with"
    )
}

/// `FROM` clause of row queries: each row with its account as it is now.
const FROM: &str = "FROM local_orders o LEFT JOIN accounts a ON a.id = o.account_id";

/// The row's destination equals its account's now (in SQL, for the outbox and tracker).
const MATCHES_ACCOUNT: &str = concat!(
    "o.dest_base {same} (",
    dest_base_sql!(),
    ") AND o.dest_auth {same} a.auth_style AND o.dest_org {same} a.organization_id
     AND o.dest_key_version {same} a.credential_version"
);

/// The row's destination equals `$first`…`$first+3` (base, header style, organization, key
/// version: [`dest_params`] after its head).
fn matches_given(first: usize) -> String {
    let [base, auth, org, key] = [first, first + 1, first + 2, first + 3];
    format!(
        "o.dest_base {{same}} ${base} AND o.dest_auth {{same}} ${auth} \
         AND o.dest_org {{same}} ${org} AND o.dest_key_version {{same}} ${key}"
    )
}

/// The fence of a sender's write: with no claim (`$n` NULL: a desk's own outbox) any
/// row; with a claim's token only the row that claim still holds. (The cast tells
/// PostgreSQL the type of a parameter only tested for NULL.)
fn fenced(n: usize) -> String {
    format!("({} OR claim_token = ${n})", no_claim(n))
}

/// `$n`, a claim's token, is NULL: the write is not a claimed one.
fn no_claim(n: usize) -> String {
    format!("CAST(${n} AS TEXT) IS NULL")
}

/// A row of [`COLUMNS`] and [`account_columns`]; `here`: this desk's key of the row's account
/// if it is a team's (a row an earlier key of this desk sent is held here).
fn row_to_order(r: &Row, here: Option<&Credential>) -> Result<LocalOrder, StoreError> {
    let key: Option<String> = r.get("idempotency_key")?;
    let record: Option<String> = r.get("record_json")?;
    let state = OrderState::parse(&r.get::<String>("state")?);
    let destination = destination_from(
        r.get("dest_base")?,
        r.get("dest_auth")?,
        r.get("dest_org")?,
        r.get("dest_key_version")?,
    );
    let account_now = destination_from(
        r.get("account_base")?,
        r.get("account_auth")?,
        r.get("account_org")?,
        r.get("account_key_version")?,
    );
    let waiting = matches!(
        state,
        OrderState::Queued | OrderState::Sent | OrderState::Uncertain | OrderState::Unknown
    );
    Ok(LocalOrder {
        id: LocalOrderId(r.get("id")?),
        account: r.get::<Option<i64>>("account_id")?.map(AccountId),
        state,
        key: key.and_then(|k| k.parse().ok()),
        draft_json: r.get("draft_json")?,
        reference: r.get("reference")?,
        recipient: r.get("recipient")?,
        tracking_id: r.get::<Option<i64>>("tracking_id")?.map(OrderId),
        order_number: r.get("order_number")?,
        // A record that no longer reads (older format) is fetched again by the tracker.
        record: record.and_then(|j| serde_json::from_str(&j).ok()),
        error_message: r.get("error_message")?,
        last_error: r.get("last_error")?,
        attempts: r.get("attempts")?,
        updated_at: r.get("updated_at")?,
        hold: if waiting {
            let sent_with: Option<String> = r.get("sent_with")?;
            let key_replaced = here.is_some_and(|c| c.holds(sent_with.as_deref()));
            Hold::of(destination.as_ref(), account_now.as_ref(), key_replaced)
        } else {
            None
        },
        destination,
        reached: r.get("reached_or_sending")?,
        placed_by: r.get("placed_by")?,
        version: r.get("version")?,
        saved_by: r.get("saved_name")?,
        editing: match (
            r.get::<Option<String>>("editing_desk")?,
            r.get::<bool>("editing_live")?,
        ) {
            (Some(desk), true) => Some(Editing {
                desk,
                name: r.get::<Option<String>>("editing_name")?.unwrap_or_default(),
                since: r
                    .get::<Option<String>>("editing_since")?
                    .unwrap_or_default(),
            }),
            _ => None,
        },
    })
}

/// `head` (`$1`), then `$2`…`$5` of [`matches_given`]`(2)`.
fn dest_params(head: Value, d: &Destination) -> Vec<Value> {
    params![
        head,
        d.base.as_str(),
        auth_to_sql(d.auth),
        d.organization_id.map(|o| o.0),
        d.key_version
    ]
    .to_vec()
}

/// Sets a row's destination to its account's now (`SET` clause, account in `account_id`).
const SET_DEST_FROM_ACCOUNT: &str = concat!(
    "dest_base = (SELECT ",
    dest_base_sql!(),
    " FROM accounts a WHERE a.id = account_id),
     dest_auth = (SELECT a.auth_style FROM accounts a WHERE a.id = account_id),
     dest_org = (SELECT a.organization_id FROM accounts a WHERE a.id = account_id),
     dest_key_version = (SELECT a.credential_version FROM accounts a WHERE a.id = account_id)"
);

/// The time now, as the dialect writes it ([`super::db::dialect`]).
const NOW: &str = "{now}";

/// What a refused send did to a row.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    /// No earlier send could have reached the service: the order was not created.
    Failed,
    /// An earlier send may have placed it: check before resending.
    Uncertain,
}

/// An [`Outgoing`] from a row's id, key and body (columns 0–2); `None` if it lacks either or
/// the key does not read.
fn outgoing_from(row: &Row) -> Result<Option<Outgoing>, StoreError> {
    let key: Option<String> = row.get("idempotency_key")?;
    let body: Option<Vec<u8>> = row.get("body")?;
    Ok(match (key.and_then(|k| k.parse().ok()), body) {
        (Some(key), Some(body)) => Some(Outgoing {
            id: LocalOrderId(row.get("id")?),
            key,
            body,
        }),
        _ => None,
    })
}

/// The SHA-256 of an order's exact body, as hex (`local_orders.body_sha256`).
pub(crate) fn body_sha256(body: &[u8]) -> String {
    use sha2::Digest as _;
    sha2::Sha256::digest(body)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// The first column of the row a statement answered, if it answered one.
fn first<T: FromValue>(row: Option<Row>) -> Result<Option<T>, StoreError> {
    row.map(|r| r.get(0)).transpose()
}

impl Store {
    /// A new draft with a fresh idempotency key.
    pub fn create_draft(
        &self,
        account: AccountId,
        draft_json: &str,
        reference: &str,
        recipient: &str,
    ) -> Result<LocalOrder, StoreError> {
        let form = DraftFields {
            draft_json,
            reference,
            recipient,
        };
        self.create_draft_in(
            self.on_account(account)?,
            account,
            &IdempotencyKey::new(),
            &form,
        )
    }

    /// A new draft of `account` in `db` (where the account lives, or this desk's copy of a
    /// team's account, `offline`) with idempotency key `key`: an order that may already exist
    /// under it (a placement the team database may hold) keeps it.
    pub(super) fn create_draft_in(
        &self,
        db: &Db,
        account: AccountId,
        key: &IdempotencyKey,
        form: &DraftFields<'_>,
    ) -> Result<LocalOrder, StoreError> {
        let id: i64 = db
            .query_row(
                "INSERT INTO local_orders (account_id, state, idempotency_key, draft_json, reference,
                    recipient, placed_by)
                 VALUES ($1, 'draft', $2, $3, $4, $5, $6)
                 RETURNING id",
                &params![
                    account.0,
                    key.as_str(),
                    form.draft_json,
                    form.reference,
                    form.recipient,
                    self.desk_of(account.0)
                ],
            )?
            .get(0)?;
        self.local_order(LocalOrderId(id))
    }

    /// Removes a draft (never a placed order).
    pub fn delete_draft(&self, id: LocalOrderId) -> Result<(), StoreError> {
        self.on_order(id)?.execute(
            "DELETE FROM local_orders WHERE id = $1 AND state = 'draft'",
            &params![id.0],
        )?;
        Ok(())
    }

    /// Moves a draft to the outbox with the exact body to send and the destination its
    /// account has now, in one transaction with its form. Answers `false` if it was not a
    /// draft any more (a second click, a replay): the first queued body stays.
    pub fn queue_draft(
        &mut self,
        id: LocalOrderId,
        draft_json: &str,
        reference: &str,
        recipient: &str,
        body: &[u8],
    ) -> Result<bool, StoreError> {
        let form = editing::DraftFields {
            draft_json,
            reference,
            recipient,
        };
        Ok(self.queue_guarded(id, &form, body, None)? == 1)
    }

    /// The newest order of `account` queued with exactly `body` within the last `within`
    /// and not given up (queued, sent, done, or possibly placed: not a draft, not failed):
    /// what `queue-order` answers for a second run of the same body instead of a second order.
    /// Looked up by the body's hash (`body_sha256`, indexed), the bytes compared too.
    pub fn queued_with_body(
        &self,
        account: AccountId,
        body: &[u8],
        within: Duration,
    ) -> Result<Option<LocalOrder>, StoreError> {
        let rows = self.on_account(account)?.query_all(
            "SELECT id, body FROM local_orders
             WHERE account_id = $1 AND body_sha256 = $2 AND state NOT IN ('draft', 'failed')
                AND queued_at IS NOT NULL AND {seconds_since(queued_at)} < $3
             ORDER BY id DESC",
            &params![account.0, body_sha256(body), within.as_secs_f64()],
        )?;
        for row in rows {
            if row.get::<Option<Vec<u8>>>(1)?.as_deref() == Some(body) {
                return self.local_order(LocalOrderId(row.get(0)?)).map(Some);
            }
        }
        Ok(None)
    }

    /// The newest order of `account` placed within the last `within` (queued, sent, done, or
    /// possibly placed: not a draft, not failed) that is `order` again: the same reference and
    /// the same design and logo lines, whatever its comment, address or dates say. What
    /// *Place order* asks about before a second real order goes to the club (a twin draft, the
    /// same form on another desk of the team). Rows other than `except` (the draft being
    /// placed) with that reference are read and their bodies compared.
    pub fn placed_alike(
        &self,
        account: AccountId,
        except: Option<LocalOrderId>,
        order: &crate::api::PlaceOrder,
        within: Duration,
    ) -> Result<Option<LocalOrder>, StoreError> {
        let rows = self.on_account(account)?.query_all(
            "SELECT id, body FROM local_orders
             WHERE account_id = $1 AND reference = $2 AND id <> $3
                AND state NOT IN ('draft', 'failed')
                AND queued_at IS NOT NULL AND {seconds_since(queued_at)} < $4
             ORDER BY id DESC",
            &params![
                account.0,
                order.reference.trim(),
                // Row ids start at 1.
                except.map_or(0, |id| id.0),
                within.as_secs_f64()
            ],
        )?;
        for row in rows {
            let Some(body) = row.get::<Option<Vec<u8>>>(1)? else {
                continue;
            };
            // A body this version cannot read is no evidence either way.
            let Ok(earlier) = serde_json::from_slice::<crate::api::PlaceOrder>(&body) else {
                continue;
            };
            if earlier.designs == order.designs && earlier.logos == order.logos {
                return self.local_order(LocalOrderId(row.get(0)?)).map(Some);
            }
        }
        Ok(None)
    }

    /// The row of `account` with idempotency key `key`, if there is one: where a write whose
    /// answer was lost ([`StoreError::OutcomeUnknown`]) is looked for once the database answers
    /// again.
    pub fn order_by_key(
        &self,
        account: AccountId,
        key: &IdempotencyKey,
    ) -> Result<Option<LocalOrder>, StoreError> {
        let here = self.credential(account)?;
        self.on_account(account)?
            .query_opt(
                &format!(
                    "SELECT {COLUMNS}, {} {FROM} WHERE o.account_id = $1 AND o.idempotency_key = $2",
                    account_columns()
                ),
                &params![account.0, key.as_str()],
            )?
            .as_ref()
            .map(|r| row_to_order(r, here.as_ref()))
            .transpose()
    }

    /// The outbox of `account`: orders queued for the destination the account has now and
    /// not yet answered, oldest first (held ones are left out).
    pub fn outbox(&self, account: AccountId) -> Result<Vec<Outgoing>, StoreError> {
        match self.destination(account) {
            Ok(dest) => self.outbox_for(account, &dest),
            Err(StoreError::NoSuchAccount) => Ok(Vec::new()),
            Err(e) => Err(e),
        }
    }

    /// The orders of `account` queued for `dest`, while the account still has that
    /// destination: what an outbox whose client goes to `dest` may send.
    pub fn outbox_for(
        &self,
        account: AccountId,
        dest: &Destination,
    ) -> Result<Vec<Outgoing>, StoreError> {
        let mut values = dest_params(account.0.into(), dest);
        values.extend(held_values(self.credential(account)?.as_ref()));
        let rows = self.on_account(account)?.query_all(
            &format!(
                "SELECT o.id, o.idempotency_key, o.body {FROM}
                 WHERE o.state = 'queued' AND o.account_id = $1 AND {} AND {MATCHES_ACCOUNT}
                   AND {}
                 ORDER BY o.id",
                matches_given(2),
                not_held_here("o.sent_with", 6)
            ),
            &values,
        )?;
        let mut out = Vec::new();
        for row in rows {
            // A queued row always has both (the CHECK of the table); skip anything else.
            if let Some(outgoing) = outgoing_from(&row)? {
                out.push(outgoing);
            }
        }
        Ok(out)
    }

    /// A send of `id` to `dest` starts: answers `false` (send nothing) unless it is still
    /// queued for `dest` and its account still has that destination. A send that was under
    /// way when the app stopped counts as one that may have reached the service.
    ///
    /// `fence`: the claim's token of a claimed send (`None`: a desk's own outbox, no claim);
    /// a claimed send starts only inside its lease: a desk whose lease ran out renews it first.
    ///
    /// `key`: the print of the key this send goes with when the body names no organization
    /// (the service then scopes its Idempotency-Key to the key's own): written as the row's
    /// `sent_key` unless an earlier send wrote one, before anything goes out. A claimed send
    /// of a row whose `sent_key` is another key's does not start (module doc,
    /// "Organizations"); a desk of its own only records it (its person decides where a held
    /// row goes).
    pub fn begin_send(
        &self,
        id: LocalOrderId,
        dest: &Destination,
        fence: Option<&ClaimToken>,
        key: Option<&KeyPrint>,
    ) -> Result<bool, StoreError> {
        let mut values = dest_params(id.0.into(), dest);
        values.push(fence.map(ClaimToken::to_string).into());
        // A team row remembers this desk's key (`store::identity`), and a row an earlier key
        // of this desk sent is not sent with this one.
        values.extend(here_values(self.credential_of_row(id)?.as_ref()));
        values.push(key.map(KeyPrint::as_str).into());
        let n = self.on_order(id)?.execute(
            &format!(
                "UPDATE local_orders SET reached = {{greatest}}(reached, sending), sending = 1, {},
                    sent_key = COALESCE(sent_key, $10)
                 WHERE id = $1 AND state = 'queued' AND {}
                   AND ({no} OR lease_until >= {NOW})
                   AND ({no} OR sent_key IS NULL OR sent_key = $10)
                   AND id IN (SELECT o.id {FROM} WHERE o.id = $1 AND {} AND {MATCHES_ACCOUNT}
                       AND {})",
                stamp_sent_with(7),
                fenced(6),
                matches_given(2),
                not_held_here("o.sent_with", 7),
                no = no_claim(6),
            ),
            &values,
        )?;
        Ok(n == 1)
    }

    /// Notes a failed send attempt (the outbox keeps the order and retries); `reached`:
    /// whether this attempt may have reached the service. `fence`: the claim's token, if the
    /// send was claimed; answers whether the row took the note.
    pub fn note_send_failure(
        &self,
        id: LocalOrderId,
        error: &str,
        reached: bool,
        fence: Option<&ClaimToken>,
    ) -> Result<bool, StoreError> {
        // A row no send of which may have reached the service is bound to no key's
        // organization (`sent_key`, module doc): any desk may send it.
        let n = self.on_order(id)?.execute(
            &format!(
                "UPDATE local_orders SET attempts = attempts + 1, last_error = $2,
                    reached = {{greatest}}(reached, $3), sending = 0, updated_at = {NOW},
                    sent_key = CASE WHEN {{greatest}}(reached, $3) = 0 THEN NULL ELSE sent_key END
                 WHERE id = $1 AND state = 'queued' AND {}",
                fenced(4)
            ),
            &params![id.0, error, reached, fence.map(ClaimToken::to_string)],
        )?;
        Ok(n == 1)
    }

    /// The service answered a send with success, but the answer could not be used (unreadable,
    /// implausible, too large): the order exists. After `limit` such answers in a row the row
    /// ends `uncertain` (its key and body kept for a look-up) instead of being sent again;
    /// before that it stays queued, marked as reached. Answers the row's state, if queued.
    /// `fence`: the claim's token, if the send was claimed; a row that ends `uncertain`
    /// leaves its claim.
    pub fn note_unusable_answer(
        &self,
        id: LocalOrderId,
        error: &str,
        limit: u32,
        fence: Option<&ClaimToken>,
    ) -> Result<Option<OrderState>, StoreError> {
        let state: Option<String> = first(self.on_order(id)?.query_opt(
            &format!(
                "UPDATE local_orders SET
                    unusable_answers = unusable_answers + 1,
                    state = CASE WHEN unusable_answers + 1 >= $3 THEN 'uncertain' ELSE state END,
                    error_message = CASE WHEN unusable_answers + 1 >= $3 THEN $2 ELSE error_message END,
                    claim_token = CASE WHEN unusable_answers + 1 >= $3 THEN NULL ELSE claim_token END,
                    lease_until = CASE WHEN unusable_answers + 1 >= $3 THEN NULL ELSE lease_until END,
                    last_error = $2, attempts = attempts + 1, reached = 1, sending = 0,
                    updated_at = {NOW}
                 WHERE id = $1 AND state = 'queued' AND {}
                 RETURNING state",
                fenced(4)
            ),
            &params![id.0, error, limit.max(1), fence.map(ClaimToken::to_string)],
        )?)?;
        Ok(state.map(|s| OrderState::parse(&s)))
    }

    /// The service refused the order (a 4xx). If no earlier send may have reached it, the
    /// order was not created: `failed`. Otherwise it may be placed already: `uncertain`,
    /// keeping its key and body.
    /// `fence`: the claim's token, if the send was claimed; the row leaves the outbox and its
    /// claim.
    pub fn note_refusal(
        &self,
        id: LocalOrderId,
        message: &str,
        fence: Option<&ClaimToken>,
    ) -> Result<Option<Refusal>, StoreError> {
        let state: Option<String> = first(self.on_order(id)?.query_opt(
            &format!(
                "UPDATE local_orders SET
                    state = CASE WHEN reached <> 0 THEN 'uncertain' ELSE 'failed' END,
                    error_message = $2, attempts = attempts + 1, sending = 0,
                    claim_token = NULL, lease_until = NULL, updated_at = {NOW}
                 WHERE id = $1 AND state = 'queued' AND {}
                 RETURNING state",
                fenced(3)
            ),
            &params![id.0, message, fence.map(ClaimToken::to_string)],
        )?)?;
        Ok(state.map(|s| match OrderState::parse(&s) {
            OrderState::Uncertain => Refusal::Uncertain,
            _ => Refusal::Failed,
        }))
    }

    /// Records the service's answer for a queued order (its tracking id) or a newer tracking
    /// record of a sent one, moving it to `sent`, `completed` or `failed`. An `uncertain`
    /// or `unknown` row found again is tracked again; final rows do not move back.
    /// `fence`: the claim's token, if the send was claimed; answers whether the row took the
    /// record. A row that took it leaves its claim (`claimed_by` stays: the desk that sent it).
    pub fn record_tracking(
        &self,
        id: LocalOrderId,
        record: &TrackingRecord,
        fence: Option<&ClaimToken>,
    ) -> Result<bool, StoreError> {
        let fence = fence.map(ClaimToken::to_string);
        let state = match record.status {
            crate::api::OrderStatus::Completed => OrderState::Completed,
            crate::api::OrderStatus::Failed => OrderState::Failed,
            _ => OrderState::Sent,
        };
        let json = serde_json::to_string(record).map_err(|e| {
            StoreError::Sqlite(rusqlite::Error::ToSqlConversionFailure(Box::new(e)))
        })?;
        self.on_order(id)?.transaction(|db| {
            // The same order looked up by hand before this row learnt its tracking id (a row
            // without key or draft, of the same account and destination): one order, one row.
            // Left there, it would clash with the unique tracking id for good.
            db.execute(
                "DELETE FROM local_orders
                 WHERE tracking_id = $2 AND id <> $1 AND idempotency_key IS NULL AND draft_json IS NULL
                   AND EXISTS (SELECT 1 FROM local_orders o WHERE o.id = $1
                       AND o.account_id {same} local_orders.account_id
                       AND o.dest_base {same} local_orders.dest_base
                       AND o.state IN ('queued', 'uncertain', 'unknown')
                       AND (CAST($3 AS TEXT) IS NULL OR o.claim_token = $3))",
                &params![id.0, record.id.0, fence.as_deref()],
            )?;
            // In a savepoint: on PostgreSQL the clash would otherwise abort the transaction.
            let updated = db.savepoint(|db| {
                db.execute(
                    &format!(
                        "UPDATE local_orders SET state = $2, tracking_id = $3, order_number = $4,
                            record_json = $5, error_message = $6, last_error = NULL,
                            reached = 1, sending = 0, unknown_since = NULL, unknown_polls = 0,
                            claim_token = NULL, lease_until = NULL,
                            placed_at = COALESCE(placed_at, {NOW}), updated_at = {NOW}
                         WHERE id = $1 AND state IN ('queued', 'sent', 'uncertain', 'unknown')
                           AND {}",
                        fenced(7)
                    ),
                    &params![
                        id.0,
                        state.as_str(),
                        record.id.0,
                        record.order_number.to_string(),
                        json,
                        record.error_message.as_deref(),
                        fence.as_deref()
                    ],
                )
            });
            match updated {
                Ok(n) => Ok(n == 1),
                // Another order of this machine, with its own key, already has this tracking
                // id: the service answered an id that is not this order's alone. Not sent again
                // (it would clash for ever) and not merged: uncertain, for a person to look up.
                Err(e) if e.is_unique_violation() => {
                    let n = db.execute(
                        &format!(
                            "UPDATE local_orders SET state = 'uncertain', error_message = $2,
                                reached = 1, sending = 0, claim_token = NULL, lease_until = NULL,
                                updated_at = {NOW}
                             WHERE id = $1 AND state = 'queued' AND {}",
                            fenced(3)
                        ),
                        &params![
                            id.0,
                            crate::tr!(
                                "store-tracking-id-taken",
                                tracking = record.id.0.to_string()
                            ),
                            fence.as_deref()
                        ],
                    )?;
                    Ok(n == 1)
                }
                Err(e) => Err(e),
            }
        })
    }

    /// Notes a failed poll of a sent order.
    pub fn note_poll_failure(&self, id: LocalOrderId, error: &str) -> Result<(), StoreError> {
        self.on_order(id)?.execute(
            "UPDATE local_orders SET last_error = $2 WHERE id = $1 AND state = 'sent'",
            &params![id.0, error],
        )?;
        Ok(())
    }

    /// The service did not know a sent order (404) or answered something unreadable. After
    /// at least `polls` such answers in a row spanning at least `span`, the order is
    /// `unknown` and no longer polled; answers whether that happened now.
    pub fn note_not_found(
        &self,
        id: LocalOrderId,
        error: &str,
        polls: u32,
        span: Duration,
    ) -> Result<bool, StoreError> {
        let state: Option<String> = first(self.on_order(id)?.query_opt(
            &format!(
                "UPDATE local_orders SET last_error = $2,
                    unknown_since = COALESCE(unknown_since, {NOW}),
                    unknown_polls = unknown_polls + 1,
                    state = CASE
                        WHEN unknown_polls + 1 >= $3
                         AND unknown_since IS NOT NULL
                         AND {{seconds_since(unknown_since)}} >= $4
                        THEN 'unknown' ELSE state END,
                    error_message = CASE
                        WHEN unknown_polls + 1 >= $3
                         AND unknown_since IS NOT NULL
                         AND {{seconds_since(unknown_since)}} >= $4
                        THEN $2 ELSE error_message END,
                    updated_at = {NOW}
                 WHERE id = $1 AND state = 'sent'
                 RETURNING state"
            ),
            &params![id.0, error, polls, span.as_secs_f64()],
        )?)?;
        Ok(state.as_deref() == Some("unknown"))
    }

    /// A poll answered: the "not found" streak (if any) is over.
    pub fn clear_not_found(&self, id: LocalOrderId) -> Result<(), StoreError> {
        self.on_order(id)?.execute(
            "UPDATE local_orders SET unknown_since = NULL, unknown_polls = 0, last_error = NULL
             WHERE id = $1 AND unknown_polls > 0",
            &params![id.0],
        )?;
        Ok(())
    }

    /// "Check again": an `unknown` order is tracked again.
    pub fn check_again(&self, id: LocalOrderId) -> Result<bool, StoreError> {
        let n = self.on_order(id)?.execute(
            &format!(
                "UPDATE local_orders SET state = 'sent', unknown_since = NULL, unknown_polls = 0,
                    error_message = NULL, updated_at = {NOW}
                 WHERE id = $1 AND state = 'unknown' AND tracking_id IS NOT NULL"
            ),
            &params![id.0],
        )?;
        Ok(n == 1)
    }

    /// Orders of `account` the service has and that are not final yet, tracked at the
    /// destination the account has now: (row, tracking id).
    pub fn pending_tracking(
        &self,
        account: AccountId,
    ) -> Result<Vec<(LocalOrderId, OrderId)>, StoreError> {
        match self.destination(account) {
            Ok(dest) => self.pending_tracking_for(account, &dest),
            Err(StoreError::NoSuchAccount) => Ok(Vec::new()),
            Err(e) => Err(e),
        }
    }

    /// [`Store::pending_tracking`] for an outbox whose client goes to `dest`.
    pub fn pending_tracking_for(
        &self,
        account: AccountId,
        dest: &Destination,
    ) -> Result<Vec<(LocalOrderId, OrderId)>, StoreError> {
        self.pending_tracking_by(account, dest, None)
    }

    /// [`Store::pending_tracking_for`] by a desk of a team whose key has print `key`: not the
    /// orders placed in another key's own organization (`sent_key`, module doc,
    /// "Organizations"), which this key may not see (the service would answer "not found",
    /// and they would end `unknown`). `None`: every one (a desk of its own).
    pub fn pending_tracking_by(
        &self,
        account: AccountId,
        dest: &Destination,
        key: Option<&KeyPrint>,
    ) -> Result<Vec<(LocalOrderId, OrderId)>, StoreError> {
        let mut values = dest_params(account.0.into(), dest);
        values.extend(held_values(self.credential(account)?.as_ref()));
        values.push(key.map(KeyPrint::as_str).into());
        self.on_account(account)?
            .query_all(
                &format!(
                    "SELECT o.id, o.tracking_id {FROM}
                     WHERE o.state = 'sent' AND o.account_id = $1 AND o.tracking_id IS NOT NULL
                       AND {} AND {MATCHES_ACCOUNT} AND {}
                       AND (CAST($8 AS TEXT) IS NULL OR o.sent_key IS NULL OR o.sent_key = $8)
                     ORDER BY o.id",
                    matches_given(2),
                    not_held_here("o.sent_with", 6)
                ),
                &values,
            )?
            .iter()
            .map(|r| Ok((LocalOrderId(r.get(0)?), OrderId(r.get(1)?))))
            .collect()
    }

    /// Adds an order looked up by tracking id at the account's destination now (or answers
    /// the row that already has it there).
    pub fn add_tracked(
        &self,
        account: AccountId,
        record: &TrackingRecord,
    ) -> Result<LocalOrder, StoreError> {
        let dest = self.destination(account)?;
        let existing: Option<i64> = first(self.on_account(account)?.query_opt(
            "SELECT id FROM local_orders
             WHERE account_id = $1 AND dest_base {same} $2 AND tracking_id = $3",
            &params![account.0, dest.base.as_str(), record.id.0],
        )?)?;
        let id = match existing {
            Some(id) => LocalOrderId(id),
            None => {
                let reference = record
                    .order
                    .as_ref()
                    .map(|o| o.reference.clone())
                    .unwrap_or_default();
                let recipient = record
                    .order
                    .as_ref()
                    .map(|o| o.delivery_address.name.clone())
                    .unwrap_or_default();
                let mut values = dest_params(account.0.into(), &dest);
                values.extend(params![reference, recipient, record.id.0]);
                let id: i64 = self
                    .on_account(account)?
                    .query_row(
                        "INSERT INTO local_orders (account_id, dest_base, dest_auth, dest_org,
                            dest_key_version, state, reference, recipient, tracking_id, reached)
                         VALUES ($1, $2, $3, $4, $5, 'sent', $6, $7, $8, 1)
                         RETURNING id",
                        &values,
                    )?
                    .get(0)?;
                LocalOrderId(id)
            }
        };
        self.record_tracking(id, record, None)?;
        self.local_order(id)
    }

    /// Sends a held row to the destination its account has now (the person confirmed). A row
    /// the service already answered a tracking id for is never moved to another address: that
    /// id names another order (or none) there. Answers whether the row moved. A team row whose
    /// signature held is signed again by this desk for its new destination; one whose did not
    /// stays refused to every desk (`store::desks`).
    ///
    /// A team row takes this desk's key of now as one that may send it (`store::identity`).
    pub fn retarget(&self, id: LocalOrderId) -> Result<bool, StoreError> {
        let mut values = params![id.0].to_vec();
        values.extend(here_values(self.credential_of_row(id)?.as_ref()));
        let db = self.on_order(id)?;
        let intact = self.intact_before(db, "id = $1", id.0)?;
        let n = db.execute(
            &format!(
                "UPDATE local_orders SET {SET_DEST_FROM_ACCOUNT}, {}, updated_at = {NOW}
                 WHERE id = $1 AND state IN ('queued', 'sent', 'uncertain', 'unknown')
                   AND EXISTS (SELECT 1 FROM accounts a WHERE a.id = account_id)
                   AND (tracking_id IS NULL
                        OR dest_base {{same}} (SELECT {DEST_BASE_SQL} FROM accounts a WHERE a.id = account_id))",
                stamp_sent_with(2)
            ),
            &values,
        )?;
        if n == 1 {
            self.sign_again(db, &intact)?;
        }
        Ok(n == 1)
    }

    /// The waiting orders of `account` follow it to its destination now (the person chose
    /// so when changing the account): every queued order no send of which reached a service,
    /// and every waiting order of the same address (a new key, header style or organization
    /// on the same service). Orders that may already be at another address stay held: sent
    /// or looked up elsewhere, they could be placed twice. Team rows are signed again as in
    /// [`Store::retarget`].
    ///
    /// A team account: the rows an earlier key of this desk sent take its key of now as one
    /// that may send them (`store::identity`); the other desks' rows are not this desk's to
    /// stamp.
    pub fn retarget_account(&self, account: AccountId) -> Result<usize, StoreError> {
        let mut values = params![account.0].to_vec();
        values.extend(here_values(self.credential(account)?.as_ref()));
        let db = self.on_account(account)?;
        let intact = self.intact_before(db, "account_id = $1", account.0)?;
        let n = db.execute(
            &format!(
                "UPDATE local_orders SET {SET_DEST_FROM_ACCOUNT},
                    sent_with = CASE WHEN sent_with LIKE $2 THEN {} ELSE sent_with END,
                    updated_at = {NOW}
                 WHERE account_id = $1 AND state IN ('queued', 'sent', 'uncertain', 'unknown')
                   AND ((state = 'queued' AND reached = 0 AND sending = 0)
                        OR dest_base {{same}} (SELECT {DEST_BASE_SQL} FROM accounts a WHERE a.id = account_id))",
                stamp_value(2)
            ),
            &values,
        )?;
        if n > 0 {
            self.sign_again(db, &intact)?;
        }
        Ok(usize::try_from(n).unwrap_or(usize::MAX))
    }

    /// Takes a queued order that never reached the service back to a draft (same key).
    pub fn back_to_draft(&self, id: LocalOrderId) -> Result<bool, StoreError> {
        let n = self.on_order(id)?.execute(
            &format!(
                "UPDATE local_orders SET state = 'draft', body = NULL, queued_at = NULL,
                    dest_base = NULL, dest_auth = NULL, dest_org = NULL, dest_key_version = NULL,
                    claimed_by = NULL, claim_token = NULL, lease_until = NULL, sent_with = NULL,
                    sent_key = NULL,
                    last_error = NULL, updated_at = {NOW}
                 WHERE id = $1 AND state = 'queued' AND reached = 0 AND sending = 0"
            ),
            &params![id.0],
        )?;
        Ok(n == 1)
    }

    /// Accounts (that still exist) with orders to send or to track, in the databases that
    /// answer now (a team's out of reach has none meanwhile).
    pub fn accounts_with_work(&self) -> Result<Vec<AccountId>, StoreError> {
        let mut all = Vec::new();
        for db in self.reachable_dbs() {
            for r in db.query_all(
                "SELECT DISTINCT o.account_id FROM local_orders o JOIN accounts a ON a.id = o.account_id
                 WHERE o.state IN ('queued', 'sent') ORDER BY o.account_id",
                &[],
            )? {
                let id: i64 = r.get(0)?;
                // What a desk made for a team while it was out of reach waits for the team.
                if !self.is_copy(db, id) {
                    all.push(AccountId(id));
                }
            }
        }
        Ok(all)
    }

    /// Orders of `account` queued or placed and not confirmed yet (queued, sent,
    /// uncertain): what changing the account's settings affects.
    pub fn orders_in_flight(&self, account: AccountId) -> Result<usize, StoreError> {
        let n: i64 = self
            .on_account(account)?
            .query_row(
                "SELECT COUNT(*) FROM local_orders
                 WHERE account_id = $1 AND state IN ('queued', 'sent', 'uncertain')",
                &params![account.0],
            )?
            .get(0)?;
        Ok(usize::try_from(n).unwrap_or(0))
    }

    /// Notes on every queued order of `account` why it cannot be sent now (e.g. its key
    /// cannot be read); answers the rows changed.
    pub fn note_waiting(
        &self,
        account: AccountId,
        why: &str,
    ) -> Result<Vec<LocalOrder>, StoreError> {
        let rows = self.on_account(account)?.query_all(
            "UPDATE local_orders SET last_error = $2
             WHERE account_id = $1 AND state = 'queued' AND NOT (last_error {same} $2)
             RETURNING id",
            &params![account.0, why],
        )?;
        rows.iter()
            .map(|r| self.local_order(LocalOrderId(r.get(0)?)))
            .collect()
    }

    /// Whether a send of `id` that may have reached the service went with another key than
    /// `key` (a print), to that key's own organization (`sent_key`, module doc,
    /// "Organizations"): sent again with `key`, it could be placed a second time, in another
    /// organization.
    pub fn sent_with_another_key(
        &self,
        id: LocalOrderId,
        key: &KeyPrint,
    ) -> Result<bool, StoreError> {
        Ok(self
            .on_order(id)?
            .query_opt(
                "SELECT 1 FROM local_orders WHERE id = $1 AND sent_key <> $2",
                &params![id.0, key.as_str()],
            )?
            .is_some())
    }

    /// The key and exact body of an `uncertain` order, to ask the service again.
    pub fn uncertain_outgoing(&self, id: LocalOrderId) -> Result<Option<Outgoing>, StoreError> {
        match self.on_order(id)?.query_opt(
            "SELECT id, idempotency_key, body FROM local_orders WHERE id = $1 AND state = 'uncertain'",
            &params![id.0],
        )? {
            Some(row) => outgoing_from(&row),
            None => Ok(None),
        }
    }

    /// One row.
    pub fn local_order(&self, id: LocalOrderId) -> Result<LocalOrder, StoreError> {
        let row = self.on_order(id)?.query_row(
            &format!(
                "SELECT {COLUMNS}, {} {FROM} WHERE o.id = $1",
                account_columns()
            ),
            &params![id.0],
        )?;
        let here = match row.get::<Option<i64>>(1)? {
            Some(account) => self.credential(AccountId(account))?,
            None => None,
        };
        row_to_order(&row, here.as_ref())
    }

    /// This desk's key of the account of team row `id` ([`Store::credential`]); `None` for a
    /// row of the desk's own.
    fn credential_of_row(&self, id: LocalOrderId) -> Result<Option<Credential>, StoreError> {
        if !self.route(id.0).is_team() {
            return Ok(None);
        }
        let account: Option<Option<i64>> = first(self.on_order(id)?.query_opt(
            "SELECT account_id FROM local_orders WHERE id = $1",
            &params![id.0],
        )?)?;
        match account.flatten() {
            Some(account) => self.credential(AccountId(account)),
            None => Ok(None),
        }
    }

    /// The rows of `account`, newest first: drafts (`drafts = true`) or everything placed.
    pub fn local_orders(
        &self,
        account: AccountId,
        drafts: bool,
    ) -> Result<Vec<LocalOrder>, StoreError> {
        self.local_orders_in(self.on_account(account)?, account, drafts)
    }

    /// [`Store::local_orders`] read from `db` (this desk's, for the rows it made under its
    /// copy of a team's account, `offline`).
    pub(super) fn local_orders_in(
        &self,
        db: &Db,
        account: AccountId,
        drafts: bool,
    ) -> Result<Vec<LocalOrder>, StoreError> {
        let filter = if drafts {
            "o.state = 'draft'"
        } else {
            "o.state <> 'draft'"
        };
        let here = self.credential(account)?;
        db.query_all(
            &format!(
                "SELECT {COLUMNS}, {} {FROM} WHERE o.account_id = $1 AND {filter}
                     ORDER BY o.updated_at DESC, o.id DESC",
                account_columns()
            ),
            &params![account.0],
        )?
        .iter()
        .map(|r| row_to_order(r, here.as_ref()))
        .collect()
    }

    /// The saved forms (`draft_json`) of `account`'s placed orders, newest placed first, at
    /// most `limit` (the composer's address book reads its addresses from them).
    pub fn placed_forms(
        &self,
        account: AccountId,
        limit: usize,
    ) -> Result<Vec<String>, StoreError> {
        let limit = i64::try_from(limit).unwrap_or(i64::MAX);
        self.on_account(account)?
            .query_all(
                "SELECT draft_json FROM local_orders
                 WHERE account_id = $1 AND state <> 'draft' AND draft_json IS NOT NULL
                 ORDER BY COALESCE(queued_at, updated_at) DESC, id DESC LIMIT $2",
                &params![account.0, limit],
            )?
            .iter()
            .map(|r| r.get(0))
            .collect()
    }
}

/// The team outbox: claims of queued rows, each held by one desk under a lease, and the
/// sender's writes fenced by the claim's token (module doc, "Claims").
impl Store {
    /// Claims the oldest queued row this desk may send — of one of `sendable`'s accounts,
    /// queued for the destination given with it, which the account still has (held rows are
    /// left out) — that no other desk holds: never claimed, released, its lease ended, or held
    /// by `desk` itself. A desk is one data folder, run by one process at a time (the instance
    /// lock), so a row `desk` holds when it asks is one its previous run was sending when it
    /// died: taken back at once rather than after the lease (the dead run writes nothing, and
    /// a fresh token would fence it anyway). A running sender asks only when it holds none.
    /// A row a send of which went with another key than `key` (the print of the key this desk
    /// sends with) to the caller's own organization is never claimed (`sent_key`, module doc,
    /// "Organizations"). A row waiting for its back-off ([`Store::back_off`]) is claimed by
    /// no desk before it ends.
    /// The claim gets a fresh token and a lease of `lease` from the statement's time. One
    /// statement: on PostgreSQL the row is picked `FOR UPDATE SKIP LOCKED` (a row another
    /// desk is claiming this instant is skipped, not waited for) and no lock outlives it.
    /// `None`: nothing to claim now. On a desk of a team only rows signed by a desk this desk
    /// decided on, by no registered desk or by none are claimed; [`Store::vet_claim`] checks
    /// the claimed row before anything is sent (`store::desks`).
    pub fn claim_next(
        &self,
        desk: &DeskId,
        sendable: &[(AccountId, Destination)],
        key: &KeyPrint,
        lease: Duration,
    ) -> Result<Option<Claim>, StoreError> {
        if sendable.is_empty() {
            return Ok(None);
        }
        let token = ClaimToken::fresh();
        let mut values = params![
            desk.0.as_str(),
            token.to_string(),
            lease.as_secs_f64(),
            key.as_str()
        ]
        .to_vec();
        let mut any = Vec::with_capacity(sendable.len());
        for (account, dest) in sendable {
            let at = values.len() + 1;
            any.push(format!(
                "(o.account_id = ${at} AND {} AND {})",
                matches_given(at + 1),
                not_held_here("o.sent_with", at + 5)
            ));
            values.extend(dest_params(account.0.into(), dest));
            values.extend(held_values(self.credential(*account)?.as_ref()));
        }
        // Rows signed by a desk registered in the team that this desk has not decided on are
        // left to a desk that trusts it (`store::desks`); the rest is checked after the claim.
        let signers = match self.claim_signers()? {
            Some(keys) => {
                let first = values.len() + 1;
                let holes: Vec<String> = (first..first + keys.len())
                    .map(|i| format!("${i}"))
                    .collect();
                values.extend(keys.into_iter().map(Value::from));
                format!(
                    "(o.signed_by IS NULL OR o.signed_by IN ({}) OR NOT EXISTS
                        (SELECT 1 FROM desks d WHERE d.key_id = o.signed_by))",
                    if holes.is_empty() {
                        "NULL".to_owned()
                    } else {
                        holes.join(", ")
                    }
                )
            }
            None => "1 = 1".to_owned(),
        };
        let row = self.on_account(sendable[0].0)?.query_opt(
            &format!(
                "UPDATE local_orders SET claimed_by = $1, claim_token = $2,
                    lease_until = {{seconds_from_now($3)}}
                 WHERE id = (
                    SELECT o.id FROM local_orders o
                    WHERE o.state = 'queued'
                      AND (o.lease_until IS NULL OR o.lease_until < {NOW} OR o.claimed_by = $1)
                      AND (o.sent_key IS NULL OR o.sent_key = $4)
                      AND ({}) AND {signers}
                      AND EXISTS (SELECT 1 FROM accounts a
                                  WHERE a.id = o.account_id AND {MATCHES_ACCOUNT})
                    ORDER BY o.id LIMIT 1{{skip_locked}})
                   AND state = 'queued'
                   AND (lease_until IS NULL OR lease_until < {NOW} OR claimed_by = $1)
                 RETURNING id, idempotency_key, body",
                any.join(" OR ")
            ),
            &values,
        )?;
        let Some(row) = row else {
            return Ok(None);
        };
        // A queued row always has both (the CHECK of the table).
        let outgoing = outgoing_from(&row)?.ok_or(StoreError::Column {
            column: "idempotency_key".to_owned(),
            wanted: "IdempotencyKey",
        })?;
        Ok(Some(Claim {
            id: outgoing.id,
            token,
            outgoing,
        }))
    }

    /// Extends a claim's lease to `lease` from now. `false`: the claim is lost (another desk
    /// holds the row, or it left the outbox): stop sending it.
    pub fn renew_lease(
        &self,
        id: LocalOrderId,
        token: &ClaimToken,
        lease: Duration,
    ) -> Result<bool, StoreError> {
        let n = self.on_order(id)?.execute(
            "UPDATE local_orders SET lease_until = {seconds_from_now($3)}
             WHERE id = $1 AND state = 'queued' AND claim_token = $2",
            &params![id.0, token.to_string(), lease.as_secs_f64()],
        )?;
        Ok(n == 1)
    }

    /// Gives a claimed row back to the outbox at once, for another desk (this desk's key may
    /// not send it: a 401/403 for its key). Note the attempt first
    /// ([`Store::note_send_failure`], not reached for a 401/403): a row released
    /// while `sending` counts as one a send may have reached. `false`: the claim was lost.
    pub fn release_claim(&self, id: LocalOrderId, token: &ClaimToken) -> Result<bool, StoreError> {
        self.back_off(id, token, Duration::ZERO)
    }

    /// Gives a claimed row back to the outbox after a send to be tried again (noted first,
    /// [`Store::note_send_failure`]): no desk claims it for `pause`, its back-off (the
    /// lease ends then, and no desk holds it), then whichever desk may send it does. The
    /// holder meanwhile claims the next row: one order the service keeps failing holds up
    /// none behind it. `false`: the claim was lost.
    pub fn back_off(
        &self,
        id: LocalOrderId,
        token: &ClaimToken,
        pause: Duration,
    ) -> Result<bool, StoreError> {
        let n = self.on_order(id)?.execute(
            "UPDATE local_orders SET claimed_by = NULL, claim_token = NULL,
                lease_until = CASE WHEN CAST($3 AS DOUBLE PRECISION) > 0 THEN {seconds_from_now($3)} END
             WHERE id = $1 AND state = 'queued' AND claim_token = $2",
            &params![id.0, token.to_string(), pause.as_secs_f64()],
        )?;
        Ok(n == 1)
    }
}

mod history;
pub use history::register_sqlite_functions;
pub use history::{HistoryCursor, HistoryPage, HistoryQuery, HistoryStatus, HistoryTotals};

#[cfg(test)]
mod claim_tests;
mod editing;
pub use editing::{DraftFields, DraftSave, EDIT_LEASE, EditClaim, Editing};
#[cfg(test)]
mod history_tests;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::OrderStatus;
    use crate::store::testing::{account as remote_account, each_backend, minutes_ago, record};

    #[test]
    fn a_sandbox_started_afresh_is_another_destination() {
        each_backend(|mut store| {
            let account = store.ensure_sandbox_account().unwrap().id;
            // Queued before the sandbox's identity was known: taken to be the first sandbox's.
            let early = store.create_draft(account, "{}", "PO-1", "Club").unwrap();
            assert!(
                store
                    .queue_draft(early.id, "{}", "PO-1", "Club", b"A")
                    .unwrap()
            );
            store.set_sandbox_instance("first").unwrap();
            let dest = store.destination(account).unwrap();
            assert_eq!(dest.base, "sandbox:first");
            assert!(dest.is_sandbox());
            assert_eq!(store.outbox(account).unwrap().len(), 1, "adopted, not held");
            store
                .record_tracking(early.id, &record(7, OrderStatus::Pending), None)
                .unwrap();
            let queued = store.create_draft(account, "{}", "PO-2", "Club").unwrap();
            assert!(
                store
                    .queue_draft(queued.id, "{}", "PO-2", "Club", b"B")
                    .unwrap()
            );

            // The sandbox's file was deleted: a new sandbox hands out tracking id 7 again.
            store.set_sandbox_instance("second").unwrap();
            assert!(
                store.outbox(account).unwrap().is_empty(),
                "the old queue is held"
            );
            let held = store.local_order(queued.id).unwrap();
            assert!(
                matches!(&held.hold, Some(Hold::Changed { what, .. }) if what.contains(&DestinationPart::SandboxData)),
                "{:?}",
                held.hold
            );
            assert!(store.pending_tracking(account).unwrap().is_empty());
            let fresh = store.create_draft(account, "{}", "PO-3", "Club").unwrap();
            assert!(
                store
                    .queue_draft(fresh.id, "{}", "PO-3", "Club", b"C")
                    .unwrap()
            );
            store
                .record_tracking(fresh.id, &record(7, OrderStatus::Pending), None)
                .unwrap();
            assert_eq!(
                store.local_order(fresh.id).unwrap().tracking_id,
                Some(OrderId(7))
            );
            assert_eq!(
                store.local_order(early.id).unwrap().tracking_id,
                Some(OrderId(7))
            );
            assert_eq!(
                store.pending_tracking(account).unwrap(),
                vec![(fresh.id, OrderId(7))]
            );
        });
    }

    /// A twin of a placed order (the same reference and lines, another comment) is found on
    /// either backend; other lines, another reference, a failed row, the draft itself or an
    /// order older than the window are not.
    #[test]
    fn an_order_placed_again_is_found_by_its_reference_and_lines() {
        fn order(reference: &str, quantity: u32, comment: &str) -> crate::api::PlaceOrder {
            serde_json::from_value(serde_json::json!({
                "reference": reference, "comment": comment,
                "deliveryAddress": { "name": "Nordby IF", "address": "Stadionvej 1",
                    "zip": "6700", "city": "Esbjerg", "country": "DK" },
                "logos": [{ "logoId": 1, "quantity": quantity }]
            }))
            .unwrap()
        }
        each_backend(|mut store| {
            let account = store.ensure_sandbox_account().unwrap().id;
            let mut place = |o: &crate::api::PlaceOrder| {
                let d = store
                    .create_draft(account, "{}", &o.reference, "Nordby IF")
                    .unwrap();
                let body = serde_json::to_vec(o).unwrap();
                assert!(
                    store
                        .queue_draft(d.id, "{}", &o.reference, "Nordby IF", &body)
                        .unwrap()
                );
                d.id
            };
            let first = place(&order("PO-7", 5, "first"));
            let twin = store
                .create_draft(account, "{}", "PO-7", "Nordby IF")
                .unwrap();
            let week = PLACED_ALIKE_WITHIN;
            let found = store
                .placed_alike(
                    account,
                    Some(twin.id),
                    &order("PO-7", 5, "another comment"),
                    week,
                )
                .unwrap();
            assert_eq!(found.map(|o| o.id), Some(first));
            for other in [order("PO-7", 6, "first"), order("PO-8", 5, "first")] {
                assert_eq!(
                    store
                        .placed_alike(account, Some(twin.id), &other, week)
                        .unwrap(),
                    None
                );
            }
            assert_eq!(
                store
                    .placed_alike(account, Some(first), &order("PO-7", 5, "first"), week)
                    .unwrap(),
                None,
                "the row itself"
            );
            assert_eq!(
                store
                    .placed_alike(
                        account,
                        Some(twin.id),
                        &order("PO-7", 5, "x"),
                        Duration::ZERO
                    )
                    .unwrap(),
                None,
                "older than the window"
            );
            store.note_refusal(first, "no", None).unwrap();
            assert_eq!(
                store
                    .placed_alike(account, Some(twin.id), &order("PO-7", 5, "x"), week)
                    .unwrap(),
                None,
                "a failed order placed nothing"
            );
        });
    }

    #[test]
    fn a_draft_goes_through_the_outbox_to_a_final_state() {
        each_backend(|mut store| {
            let account = store.ensure_sandbox_account().unwrap().id;
            let draft = store.create_draft(account, "{}", "PO-1", "Club").unwrap();
            assert_eq!(draft.state, OrderState::Draft);
            assert!(draft.key.is_some());
            assert_eq!(
                store
                    .save_draft(draft.id, "{\"a\":1}", "PO-2", "Club", 0)
                    .unwrap(),
                DraftSave::Saved { version: 1 }
            );
            assert!(store.outbox(account).unwrap().is_empty());

            assert!(
                store
                    .queue_draft(draft.id, "{\"a\":1}", "PO-2", "Club", b"BODY")
                    .unwrap()
            );
            // A second click changes nothing: the first body stays.
            assert!(
                !store
                    .queue_draft(draft.id, "{}", "PO-3", "Club", b"OTHER")
                    .unwrap()
            );
            assert_eq!(
                store.save_draft(draft.id, "{}", "PO-4", "Club", 1).unwrap(),
                DraftSave::Gone
            );
            let out = store.outbox(account).unwrap();
            assert_eq!(out.len(), 1);
            assert_eq!(out[0].body, b"BODY");
            assert_eq!(Some(&out[0].key), draft.key.as_ref());

            store
                .note_send_failure(draft.id, "offline", false, None)
                .unwrap();
            store
                .record_tracking(draft.id, &record(50001, OrderStatus::Pending), None)
                .unwrap();
            assert!(store.outbox(account).unwrap().is_empty());
            assert_eq!(
                store.pending_tracking(account).unwrap(),
                vec![(draft.id, OrderId(50001))]
            );
            store
                .record_tracking(draft.id, &record(50001, OrderStatus::Failed), None)
                .unwrap();
            let done = store.local_order(draft.id).unwrap();
            assert_eq!(done.state, OrderState::Failed);
            assert_eq!(done.error_message.as_deref(), Some("Design not final"));
            assert_eq!(done.attempts, 1);
            assert!(store.pending_tracking(account).unwrap().is_empty());
            assert_eq!(store.local_orders(account, false).unwrap().len(), 1);
            assert!(store.local_orders(account, true).unwrap().is_empty());
            // Final rows do not move back.
            store
                .record_tracking(draft.id, &record(50001, OrderStatus::Pending), None)
                .unwrap();
            assert_eq!(
                store.local_order(draft.id).unwrap().state,
                OrderState::Failed
            );
        });
    }

    /// A queued order of a new remote account, and the account.
    pub(super) fn queued(store: &mut Store, name: &str) -> (AccountId, LocalOrderId) {
        let account = remote_account(store, name);
        let draft = store.create_draft(account, "{}", "PO", "Club").unwrap();
        assert!(
            store
                .queue_draft(draft.id, "{}", "PO", "Club", b"BODY")
                .unwrap()
        );
        (account, draft.id)
    }

    #[test]
    fn unusable_success_answers_end_uncertain_after_the_limit() {
        each_backend(|mut store| {
            let (account, id) = queued(&mut store, "A");
            let dest = store.destination(account).unwrap();
            for n in 1..=3u32 {
                assert!(store.begin_send(id, &dest, None, None).unwrap());
                let state = store
                    .note_unusable_answer(id, "unreadable", 3, None)
                    .unwrap();
                let row = store.local_order(id).unwrap();
                assert!(row.reached, "the order exists from the first answer on");
                assert!(!row.can_return_to_draft());
                if n < 3 {
                    assert_eq!(state, Some(OrderState::Queued));
                    assert_eq!(store.outbox(account).unwrap().len(), 1, "sent again");
                } else {
                    assert_eq!(state, Some(OrderState::Uncertain));
                    assert_eq!(row.error_message.as_deref(), Some("unreadable"));
                    assert!(store.outbox(account).unwrap().is_empty(), "not sent again");
                }
            }
            // A row no longer queued is not touched.
            assert_eq!(store.note_unusable_answer(id, "x", 3, None).unwrap(), None);
        });
    }

    #[test]
    fn a_tracking_id_looked_up_by_hand_first_is_merged_into_the_queued_row() {
        each_backend(|mut store| {
            let (account, id) = queued(&mut store, "A");
            // The person looked the order up by its tracking id before the outbox recorded it.
            let looked_up = store
                .add_tracked(account, &record(4242, OrderStatus::Pending))
                .unwrap();
            assert_ne!(looked_up.id, id);
            // The outbox's answer now names the same order: one row, the queued one, with its key.
            store
                .record_tracking(id, &record(4242, OrderStatus::Pending), None)
                .unwrap();
            let row = store.local_order(id).unwrap();
            assert_eq!(row.state, OrderState::Sent);
            assert_eq!(row.tracking_id, Some(OrderId(4242)));
            assert!(row.key.is_some());
            assert!(store.local_order(looked_up.id).is_err(), "merged away");
            assert!(store.outbox(account).unwrap().is_empty());
        });
    }

    #[test]
    fn a_tracking_id_another_keyed_order_has_leaves_the_row_uncertain() {
        each_backend(|mut store| {
            let (account, first) = queued(&mut store, "A");
            store
                .record_tracking(first, &record(77, OrderStatus::Pending), None)
                .unwrap();
            let second = store.create_draft(account, "{}", "PO-2", "Club").unwrap();
            assert!(
                store
                    .queue_draft(second.id, "{}", "PO-2", "Club", b"BODY2")
                    .unwrap()
            );
            // The service answers the second order with the first one's id: no loop, no merge.
            store
                .record_tracking(second.id, &record(77, OrderStatus::Pending), None)
                .unwrap();
            let row = store.local_order(second.id).unwrap();
            assert_eq!(row.state, OrderState::Uncertain);
            assert!(row.error_message.is_some_and(|m| m.contains("77")));
            assert!(store.outbox(account).unwrap().is_empty(), "not resent");
            assert_eq!(
                store.local_order(first).unwrap().tracking_id,
                Some(OrderId(77))
            );
        });
    }

    #[test]
    fn a_refusal_is_final_only_if_no_send_may_have_reached_the_service() {
        each_backend(|mut store| {
            let (account, id) = queued(&mut store, "A");
            let dest = store.destination(account).unwrap();
            // Refused connections reached nothing: the 4xx is a refusal.
            assert!(store.begin_send(id, &dest, None, None).unwrap());
            store
                .note_send_failure(id, "connection refused", false, None)
                .unwrap();
            assert!(store.begin_send(id, &dest, None, None).unwrap());
            assert_eq!(
                store.note_refusal(id, "bad body", None).unwrap(),
                Some(Refusal::Failed)
            );
            assert_eq!(store.local_order(id).unwrap().state, OrderState::Failed);

            // A timeout may have placed it: a later 4xx leaves it uncertain, key and body kept.
            let draft = store.create_draft(account, "{}", "PO", "Club").unwrap();
            store
                .queue_draft(draft.id, "{}", "PO", "Club", b"BODY")
                .unwrap();
            assert!(store.begin_send(draft.id, &dest, None, None).unwrap());
            store
                .note_send_failure(draft.id, "timed out", true, None)
                .unwrap();
            assert!(store.begin_send(draft.id, &dest, None, None).unwrap());
            assert_eq!(
                store.note_refusal(draft.id, "key in use", None).unwrap(),
                Some(Refusal::Uncertain)
            );
            let row = store.local_order(draft.id).unwrap();
            assert_eq!(row.state, OrderState::Uncertain);
            assert!(!row.state.is_final());
            assert!(row.may_be_placed());
            assert!(
                store.outbox(account).unwrap().is_empty(),
                "not resent by itself"
            );
            let out = store.uncertain_outgoing(draft.id).unwrap().unwrap();
            assert_eq!(
                (out.body.as_slice(), Some(&out.key)),
                (&b"BODY"[..], row.key.as_ref())
            );
            // A look-up that finds it tracks it.
            store
                .record_tracking(draft.id, &record(77, OrderStatus::Pending), None)
                .unwrap();
            assert_eq!(store.local_order(draft.id).unwrap().state, OrderState::Sent);
        });
    }

    #[test]
    fn a_send_cut_off_by_a_crash_counts_as_reached() {
        each_backend(|mut store| {
            let (account, id) = queued(&mut store, "A");
            let dest = store.destination(account).unwrap();
            assert!(store.begin_send(id, &dest, None, None).unwrap());
            // The app stopped here; the next start sends again, and the service refuses.
            assert!(!store.local_order(id).unwrap().can_return_to_draft());
            assert!(store.begin_send(id, &dest, None, None).unwrap());
            assert_eq!(
                store.note_refusal(id, "409", None).unwrap(),
                Some(Refusal::Uncertain)
            );
        });
    }

    #[test]
    fn a_placed_order_never_follows_its_account_to_another_address() {
        each_backend(|mut store| {
            let (account, id) = queued(&mut store, "A");
            store
                .record_tracking(id, &record(31, OrderStatus::Pending), None)
                .unwrap();
            let placed_at = store.local_order(id).unwrap().destination;
            // The account now points at another environment, where id 31 is someone else's.
            store
                .update_account(
                    account,
                    &crate::store::NewAccount {
                        base_url: url::Url::parse("https://staging.example.com/").unwrap(),
                        ..crate::store::testing::remote("A")
                    },
                )
                .unwrap();
            let row = store.local_order(id).unwrap();
            let Some(Hold::Changed { now, .. }) = &row.hold else {
                panic!("held: {row:?}")
            };
            assert!(row.placed_elsewhere(now));
            assert!(!store.retarget(id).unwrap(), "not moved");
            assert_eq!(store.local_order(id).unwrap().destination, placed_at);
            assert_eq!(store.retarget_account(account).unwrap(), 0);

            // Back at its own address with a new key: the same service, so it follows.
            store
                .update_account(
                    account,
                    &crate::store::NewAccount {
                        name: "A".into(),
                        base_url: url::Url::parse("https://api.example.com/").unwrap(),
                        auth: crate::api::AuthStyle::Bearer,
                        organization_id: None,
                        key_location: crate::store::KeyLocation::Keychain,
                    },
                )
                .unwrap();
            store.bump_key_version(account).unwrap();
            let row = store.local_order(id).unwrap();
            let Some(Hold::Changed { now, .. }) = &row.hold else {
                panic!("held for the new key: {row:?}")
            };
            assert!(!row.placed_elsewhere(now));
            assert!(store.retarget(id).unwrap());
            assert_eq!(store.local_order(id).unwrap().hold, None);
        });
    }

    #[test]
    fn orders_go_only_to_the_destination_they_were_queued_for() {
        each_backend(|mut store| {
            let (account, id) = queued(&mut store, "A");
            let first = store.destination(account).unwrap();
            assert_eq!(store.outbox(account).unwrap().len(), 1);
            assert_eq!(store.local_order(id).unwrap().hold, None);

            // The key is replaced: held, and an outbox of the old or the new key sends nothing.
            store.bump_key_version(account).unwrap();
            let second = store.destination(account).unwrap();
            assert!(store.outbox(account).unwrap().is_empty());
            assert!(store.outbox_for(account, &first).unwrap().is_empty());
            assert!(store.outbox_for(account, &second).unwrap().is_empty());
            assert!(!store.begin_send(id, &first, None, None).unwrap());
            assert!(!store.begin_send(id, &second, None, None).unwrap());
            let row = store.local_order(id).unwrap();
            let Some(Hold::Changed { what, .. }) = &row.hold else {
                panic!("held: {row:?}")
            };
            assert_eq!(what, &[DestinationPart::ApiKey]);
            assert!(row.can_return_to_draft());

            // The person sends it there: it goes out with the new key only.
            assert!(store.retarget(id).unwrap());
            assert_eq!(store.outbox_for(account, &second).unwrap().len(), 1);
            assert!(store.outbox_for(account, &first).unwrap().is_empty());

            // Back to a draft (nothing reached the service), then the account is removed.
            assert!(store.back_to_draft(id).unwrap());
            assert_eq!(store.local_order(id).unwrap().state, OrderState::Draft);
            store.queue_draft(id, "{}", "PO", "Club", b"BODY").unwrap();
            store.delete_account(account).unwrap();
            assert_eq!(store.local_order(id).unwrap().hold, Some(Hold::AccountGone));
            assert!(store.outbox(account).unwrap().is_empty());
            assert!(!store.begin_send(id, &second, None, None).unwrap());
            assert!(!store.retarget(id).unwrap());

            // A new account never gets the old id, so the old row stays held.
            let (again, _) = queued(&mut store, "A again");
            assert_ne!(again, account);
            assert_eq!(store.local_order(id).unwrap().hold, Some(Hold::AccountGone));
            assert!(store.accounts_with_work().unwrap().contains(&again));
            assert!(!store.accounts_with_work().unwrap().contains(&account));
        });
    }

    #[test]
    fn an_order_that_reached_the_service_never_goes_back_to_a_draft() {
        each_backend(|mut store| {
            let (account, id) = queued(&mut store, "A");
            let dest = store.destination(account).unwrap();
            store.begin_send(id, &dest, None, None).unwrap();
            store.note_send_failure(id, "503", true, None).unwrap();
            assert!(!store.back_to_draft(id).unwrap());
            assert_eq!(store.local_order(id).unwrap().state, OrderState::Queued);
        });
    }

    #[test]
    fn tracking_ids_are_unique_per_destination_not_per_account() {
        each_backend(|mut store| {
            let (account, id) = queued(&mut store, "A");
            store
                .record_tracking(id, &record(5, OrderStatus::Completed), None)
                .unwrap();
            // Another environment (same account, new address) hands out the same tracking id.
            let mut moved = store.account(account).unwrap();
            if let crate::store::AccountKind::Remote { base_url } = &mut moved.kind {
                *base_url = url::Url::parse("https://staging.example.com/").unwrap();
            }
            let crate::store::AccountKind::Remote { base_url } = moved.kind else {
                unreachable!()
            };
            store
                .update_account(
                    account,
                    &crate::store::NewAccount {
                        name: "A".into(),
                        base_url,
                        auth: moved.auth,
                        organization_id: None,
                        key_location: moved.key_location,
                    },
                )
                .unwrap();
            let draft = store.create_draft(account, "{}", "PO-2", "Club").unwrap();
            store
                .queue_draft(draft.id, "{}", "PO-2", "Club", b"B2")
                .unwrap();
            store
                .record_tracking(draft.id, &record(5, OrderStatus::Pending), None)
                .unwrap();
            assert_eq!(
                store.local_order(draft.id).unwrap().tracking_id,
                Some(OrderId(5))
            );
            // A look-up of 5 now finds the new environment's row.
            let found = store
                .add_tracked(account, &record(5, OrderStatus::Pending))
                .unwrap();
            assert_eq!(found.id, draft.id);
        });
    }

    #[test]
    fn an_order_the_service_does_not_know_is_given_up_after_enough_polls_and_time() {
        each_backend(|mut store| {
            let (account, id) = queued(&mut store, "A");
            store
                .record_tracking(id, &record(9, OrderStatus::Pending), None)
                .unwrap();
            let ten_minutes = Duration::from_secs(600);
            // Many "not found" in a short time: still polled.
            for _ in 0..20 {
                assert!(!store.note_not_found(id, "404", 5, ten_minutes).unwrap());
            }
            assert_eq!(store.pending_tracking(account).unwrap().len(), 1);
            // An answer ends the streak.
            store.clear_not_found(id).unwrap();
            // A streak that began 11 minutes ago, with enough polls: unknown.
            store.note_not_found(id, "404", 5, ten_minutes).unwrap();
            store.execute_for_test(
                "UPDATE local_orders SET unknown_since = $2 WHERE id = $1",
                &params![id.0, minutes_ago(11)],
            );
            for _ in 0..3 {
                assert!(!store.note_not_found(id, "404", 5, ten_minutes).unwrap());
            }
            assert!(store.note_not_found(id, "404", 5, ten_minutes).unwrap());
            let row = store.local_order(id).unwrap();
            assert_eq!(row.state, OrderState::Unknown);
            assert!(row.state.is_final());
            assert!(store.pending_tracking(account).unwrap().is_empty());
            // "Check again" tracks it again, from a fresh streak.
            assert!(store.check_again(id).unwrap());
            assert_eq!(store.pending_tracking(account).unwrap().len(), 1);
            assert!(!store.note_not_found(id, "404", 5, ten_minutes).unwrap());
        });
    }

    #[test]
    fn looked_up_orders_are_added_once() {
        each_backend(|store| {
            let account = store.ensure_sandbox_account().unwrap().id;
            let a = store
                .add_tracked(account, &record(7, OrderStatus::Pending))
                .unwrap();
            let b = store
                .add_tracked(account, &record(7, OrderStatus::Completed))
                .unwrap();
            assert_eq!(a.id, b.id);
            assert_eq!(b.state, OrderState::Completed);
            assert!(b.key.is_none());
        });
    }

    #[test]
    fn placed_forms_are_read_newest_first_without_drafts() {
        each_backend(|mut store| {
            let account = store.ensure_sandbox_account().unwrap().id;
            let mut placed = Vec::new();
            for n in 1..=3 {
                let json = format!(r#"{{"reference":"PO-{n}"}}"#);
                let row = store.create_draft(account, &json, "PO", "Club").unwrap();
                if n != 2 {
                    assert!(
                        store
                            .queue_draft(row.id, &json, "PO", "Club", b"{}")
                            .unwrap()
                    );
                    placed.push(json);
                }
            }
            placed.reverse();
            assert_eq!(store.placed_forms(account, 10).unwrap(), placed);
            assert_eq!(store.placed_forms(account, 1).unwrap(), placed[..1]);
        });
    }
}
