//! Orders kept on this machine: drafts, the outbox and the history, as one state machine per
//! row. The API has no "list orders", so this table is the history; it is also the source of
//! truth of the outbox:
//!
//! `draft` → `queued` (the idempotency key and the exact body bytes written in one
//! transaction before the first send) → `sent` (the service answered a tracking id) →
//! `completed` or `failed` (tracked to a final state).
//!
//! Orders looked up by tracking id enter as `sent` without a draft or key.

use super::{AccountId, Store, StoreError};
use crate::api::{IdempotencyKey, OrderId, TrackingRecord};
use rusqlite::{OptionalExtension as _, params};
use std::fmt;

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
    /// Tracked to `Failed`, or refused by the service when sent.
    Failed,
}

impl OrderState {
    fn as_str(self) -> &'static str {
        match self {
            OrderState::Draft => "draft",
            OrderState::Queued => "queued",
            OrderState::Sent => "sent",
            OrderState::Completed => "completed",
            OrderState::Failed => "failed",
        }
    }

    fn parse(s: &str) -> OrderState {
        match s {
            "queued" => OrderState::Queued,
            "sent" => OrderState::Sent,
            "completed" => OrderState::Completed,
            "failed" => OrderState::Failed,
            _ => OrderState::Draft,
        }
    }

    /// Nothing will change any more.
    pub fn is_final(self) -> bool {
        matches!(self, OrderState::Completed | OrderState::Failed)
    }
}

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
}

/// An order waiting in the outbox: exactly what will be sent.
#[derive(Debug, Clone, PartialEq)]
pub struct Outgoing {
    pub id: LocalOrderId,
    pub key: IdempotencyKey,
    pub body: Vec<u8>,
}

const COLUMNS: &str = "id, account_id, state, idempotency_key, draft_json, reference, recipient, \
     tracking_id, order_number, record_json, error_message, last_error, attempts, updated_at";

fn row_to_order(r: &rusqlite::Row<'_>) -> rusqlite::Result<LocalOrder> {
    let key: Option<String> = r.get(3)?;
    let record: Option<String> = r.get(9)?;
    let state: String = r.get(2)?;
    Ok(LocalOrder {
        id: LocalOrderId(r.get(0)?),
        account: r.get::<_, Option<i64>>(1)?.map(AccountId),
        state: OrderState::parse(&state),
        key: key.and_then(|k| k.parse().ok()),
        draft_json: r.get(4)?,
        reference: r.get(5)?,
        recipient: r.get(6)?,
        tracking_id: r.get::<_, Option<i64>>(7)?.map(OrderId),
        order_number: r.get(8)?,
        // A record that no longer reads (older format) is fetched again by the tracker.
        record: record.and_then(|j| serde_json::from_str(&j).ok()),
        error_message: r.get(10)?,
        last_error: r.get(11)?,
        attempts: r.get(12)?,
        updated_at: r.get(13)?,
    })
}

const NOW: &str = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')";

impl Store {
    /// A new draft with a fresh idempotency key.
    pub fn create_draft(
        &self,
        account: AccountId,
        draft_json: &str,
        reference: &str,
        recipient: &str,
    ) -> Result<LocalOrder, StoreError> {
        let key = IdempotencyKey::new();
        self.conn().execute(
            "INSERT INTO local_orders (account_id, state, idempotency_key, draft_json, reference, recipient)
             VALUES (?1, 'draft', ?2, ?3, ?4, ?5)",
            params![account.0, key.as_str(), draft_json, reference, recipient],
        )?;
        self.local_order(LocalOrderId(self.conn().last_insert_rowid()))
    }

    /// Saves a draft's form; answers `false` (and changes nothing) once it is no longer a
    /// draft: a placed order is frozen.
    pub fn save_draft(
        &self,
        id: LocalOrderId,
        draft_json: &str,
        reference: &str,
        recipient: &str,
    ) -> Result<bool, StoreError> {
        let n = self.conn().execute(
            &format!(
                "UPDATE local_orders SET draft_json = ?2, reference = ?3, recipient = ?4, updated_at = {NOW}
                 WHERE id = ?1 AND state = 'draft'"
            ),
            params![id.0, draft_json, reference, recipient],
        )?;
        Ok(n == 1)
    }

    /// Removes a draft (never a placed order).
    pub fn delete_draft(&self, id: LocalOrderId) -> Result<(), StoreError> {
        self.conn().execute(
            "DELETE FROM local_orders WHERE id = ?1 AND state = 'draft'",
            params![id.0],
        )?;
        Ok(())
    }

    /// Moves a draft to the outbox with the exact body to send, in one transaction with its
    /// form. Answers `false` if it was not a draft any more (a second click, a replay): the
    /// first queued body stays.
    pub fn queue_draft(
        &mut self,
        id: LocalOrderId,
        draft_json: &str,
        reference: &str,
        recipient: &str,
        body: &[u8],
    ) -> Result<bool, StoreError> {
        let tx = self.conn_mut().transaction()?;
        let n = tx.execute(
            &format!(
                "UPDATE local_orders SET state = 'queued', draft_json = ?2, reference = ?3,
                    recipient = ?4, body = ?5, queued_at = {NOW}, updated_at = {NOW}
                 WHERE id = ?1 AND state = 'draft'"
            ),
            params![id.0, draft_json, reference, recipient, body],
        )?;
        tx.commit()?;
        Ok(n == 1)
    }

    /// The outbox of `account`: orders queued and not yet answered, oldest first.
    pub fn outbox(&self, account: AccountId) -> Result<Vec<Outgoing>, StoreError> {
        let mut stmt = self.conn().prepare_cached(
            "SELECT id, idempotency_key, body FROM local_orders
             WHERE state = 'queued' AND account_id = ?1 ORDER BY id",
        )?;
        let rows = stmt.query_map(params![account.0], |r| {
            Ok((
                LocalOrderId(r.get(0)?),
                r.get::<_, Option<String>>(1)?,
                r.get::<_, Option<Vec<u8>>>(2)?,
            ))
        })?;
        let mut out = Vec::new();
        for row in rows {
            let (id, key, body) = row?;
            // A queued row always has both (the CHECK of the table); skip anything else.
            if let (Some(key), Some(body)) = (key.and_then(|k| k.parse().ok()), body) {
                out.push(Outgoing { id, key, body });
            }
        }
        Ok(out)
    }

    /// Notes a failed send attempt (the outbox keeps the order and retries).
    pub fn note_send_failure(&self, id: LocalOrderId, error: &str) -> Result<(), StoreError> {
        self.conn().execute(
            &format!(
                "UPDATE local_orders SET attempts = attempts + 1, last_error = ?2, updated_at = {NOW}
                 WHERE id = ?1 AND state = 'queued'"
            ),
            params![id.0, error],
        )?;
        Ok(())
    }

    /// The service refused the order (a 4xx): it was not created, and resending the same
    /// body would be refused again.
    pub fn mark_refused(&self, id: LocalOrderId, message: &str) -> Result<(), StoreError> {
        self.conn().execute(
            &format!(
                "UPDATE local_orders SET state = 'failed', error_message = ?2, attempts = attempts + 1,
                    updated_at = {NOW}
                 WHERE id = ?1 AND state = 'queued'"
            ),
            params![id.0, message],
        )?;
        Ok(())
    }

    /// Records the service's answer for a queued order (its tracking id) or a newer tracking
    /// record of a sent one, moving it to `sent`, `completed` or `failed`.
    pub fn record_tracking(
        &self,
        id: LocalOrderId,
        record: &TrackingRecord,
    ) -> Result<(), StoreError> {
        let state = match record.status {
            crate::api::OrderStatus::Completed => OrderState::Completed,
            crate::api::OrderStatus::Failed => OrderState::Failed,
            _ => OrderState::Sent,
        };
        let json = serde_json::to_string(record).map_err(|e| {
            StoreError::Sqlite(rusqlite::Error::ToSqlConversionFailure(Box::new(e)))
        })?;
        self.conn().execute(
            &format!(
                "UPDATE local_orders SET state = ?2, tracking_id = ?3, order_number = ?4,
                    record_json = ?5, error_message = ?6, last_error = NULL,
                    placed_at = COALESCE(placed_at, {NOW}), updated_at = {NOW}
                 WHERE id = ?1 AND state IN ('queued', 'sent')"
            ),
            params![
                id.0,
                state.as_str(),
                record.id.0,
                record.order_number.to_string(),
                json,
                record.error_message
            ],
        )?;
        Ok(())
    }

    /// Notes a failed poll of a sent order.
    pub fn note_poll_failure(&self, id: LocalOrderId, error: &str) -> Result<(), StoreError> {
        self.conn().execute(
            "UPDATE local_orders SET last_error = ?2 WHERE id = ?1 AND state = 'sent'",
            params![id.0, error],
        )?;
        Ok(())
    }

    /// Orders of `account` the service has and that are not final yet: (row, tracking id).
    pub fn pending_tracking(
        &self,
        account: AccountId,
    ) -> Result<Vec<(LocalOrderId, OrderId)>, StoreError> {
        let mut stmt = self.conn().prepare_cached(
            "SELECT id, tracking_id FROM local_orders
             WHERE state = 'sent' AND account_id = ?1 AND tracking_id IS NOT NULL ORDER BY id",
        )?;
        let rows = stmt.query_map(params![account.0], |r| {
            Ok((LocalOrderId(r.get(0)?), OrderId(r.get(1)?)))
        })?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    /// Adds an order looked up by tracking id (or answers the row that already has it).
    pub fn add_tracked(
        &self,
        account: AccountId,
        record: &TrackingRecord,
    ) -> Result<LocalOrder, StoreError> {
        let existing: Option<i64> = self
            .conn()
            .query_row(
                "SELECT id FROM local_orders WHERE account_id = ?1 AND tracking_id = ?2",
                params![account.0, record.id.0],
                |r| r.get(0),
            )
            .optional()?;
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
                self.conn().execute(
                    "INSERT INTO local_orders (account_id, state, reference, recipient, tracking_id)
                     VALUES (?1, 'sent', ?2, ?3, ?4)",
                    params![account.0, reference, recipient, record.id.0],
                )?;
                LocalOrderId(self.conn().last_insert_rowid())
            }
        };
        self.record_tracking(id, record)?;
        self.local_order(id)
    }

    /// One row.
    pub fn local_order(&self, id: LocalOrderId) -> Result<LocalOrder, StoreError> {
        Ok(self.conn().query_row(
            &format!("SELECT {COLUMNS} FROM local_orders WHERE id = ?1"),
            params![id.0],
            row_to_order,
        )?)
    }

    /// The rows of `account`, newest first: drafts (`drafts = true`) or everything placed.
    pub fn local_orders(
        &self,
        account: AccountId,
        drafts: bool,
    ) -> Result<Vec<LocalOrder>, StoreError> {
        let filter = if drafts {
            "state = 'draft'"
        } else {
            "state <> 'draft'"
        };
        let mut stmt = self.conn().prepare_cached(&format!(
            "SELECT {COLUMNS} FROM local_orders WHERE account_id = ?1 AND {filter}
             ORDER BY updated_at DESC, id DESC"
        ))?;
        let rows = stmt.query_map(params![account.0], row_to_order)?;
        Ok(rows.collect::<Result<_, _>>()?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::{OrderNumber, OrderStatus};

    fn record(id: i64, status: OrderStatus) -> TrackingRecord {
        TrackingRecord {
            id: OrderId(id),
            order_number: OrderNumber::from(format!("{}", 900 + id).as_str()),
            error_message: (status == OrderStatus::Failed).then(|| "Design not final".into()),
            status,
            order: None,
        }
    }

    #[test]
    fn a_draft_goes_through_the_outbox_to_a_final_state() {
        let mut store = Store::open_in_memory().unwrap();
        let account = store.ensure_sandbox_account().unwrap().id;
        let draft = store.create_draft(account, "{}", "PO-1", "Club").unwrap();
        assert_eq!(draft.state, OrderState::Draft);
        assert!(draft.key.is_some());
        assert!(
            store
                .save_draft(draft.id, "{\"a\":1}", "PO-2", "Club")
                .unwrap()
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
        assert!(!store.save_draft(draft.id, "{}", "PO-4", "Club").unwrap());
        let out = store.outbox(account).unwrap();
        assert_eq!(out.len(), 1);
        assert_eq!(out[0].body, b"BODY");
        assert_eq!(Some(&out[0].key), draft.key.as_ref());

        store.note_send_failure(draft.id, "offline").unwrap();
        store
            .record_tracking(draft.id, &record(50001, OrderStatus::Pending))
            .unwrap();
        assert!(store.outbox(account).unwrap().is_empty());
        assert_eq!(
            store.pending_tracking(account).unwrap(),
            vec![(draft.id, OrderId(50001))]
        );
        store
            .record_tracking(draft.id, &record(50001, OrderStatus::Failed))
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
            .record_tracking(draft.id, &record(50001, OrderStatus::Pending))
            .unwrap();
        assert_eq!(
            store.local_order(draft.id).unwrap().state,
            OrderState::Failed
        );
    }

    #[test]
    fn looked_up_orders_are_added_once() {
        let store = Store::open_in_memory().unwrap();
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
    }
}
