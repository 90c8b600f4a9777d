//! A desk whose team database is out of reach: what a
//! person types for the team is kept on this desk, never refused, and goes to the team when
//! the database is back.
//!
//! - **A team draft saved** (or placed) while the team database cannot be reached is kept in
//!   this desk's `team_kept` (SQLite migration 11): one row per team draft, the newest text,
//!   the draft's version the first kept save was based on (`store::orders::editing`), and for
//!   a draft placed meanwhile the exact body to queue. The screens get the row as kept here.
//! - **A new draft** of a team's account is made on this desk, in this desk's `local_orders`,
//!   under a copy of the team's account with the team's id (made when first needed from the
//!   team's accounts as last read): its rows have this desk's ids, so the store keeps routing
//!   them here, and no outbox of this desk ever sends them (the team's account's outbox only
//!   claims rows in the team database). Placing it queues it here, with its key.
//! - **On reconnect** ([`crate::team::join::attach_and_join`]) joining moves the copy's rows
//!   into the team's account with their keys, as any joined row (each row once, by its
//!   origin), and [`Store::write_back_kept`] writes each kept text back to its team draft as a
//!   save based on the kept base version — refused if another desk saved (or holds) that
//!   draft meanwhile: then the team's row stays as the other desk left it and the kept text
//!   becomes a new draft ("PO-1 (kept from this desk)"), which the report names so the person
//!   is told. A draft placed meanwhile is queued in the team's outbox with the draft's own key
//!   only on the same guard; otherwise it too is kept as a new draft, never placed twice.
//! - **Started while it is out of reach** ([`Store::team_out_of_reach`]): the team's accounts
//!   as last read are kept in this desk's file (`team_accounts_read`, SQLite migration 13,
//!   rewritten at each read), so the team is taken as attached and away from the start: its
//!   accounts are listed as last read, and everything above holds until the first attach.
//! - **Its connection found broken by a call** (the server ended that one session, a blip on
//!   its socket, while the watch's own connection stays up): the connection is marked broken
//!   at that call (`db::PgClient`), so from then on the team counts as away here as if the
//!   watch had heard it, and [`Store::team_broken_signal`] tells the watch, which attaches
//!   the team again (the kept rows go back as on any reconnect).
//! - **Leaving the team** ([`Store::leave_team`], Settings → Team → Forget) with something
//!   kept here: it becomes this desk's own — each team account with kept rows an account of
//!   this desk, its rows and kept texts this desk's drafts (an order placed meanwhile, which
//!   no desk sent, a draft again) — and a notice says so ([`LeftReport`]).

use super::accounts::{COLUMNS, NEW_COLUMNS, new_account_values};
use super::db::{params, placeholders};
use super::route::Reach;
use super::{
    AccountId, AccountRecord, DraftFields, DraftSave, LocalOrder, LocalOrderId, OrderState, Store,
    StoreError, TEAM_IDS_FROM, TeamState,
};
use crate::api::IdempotencyKey;

/// The columns of `team_kept` read back, in this order.
const KEPT_COLUMNS: &str = "order_id, account_id, draft_json, reference, recipient, body, \
     base_version, kept_at, idempotency_key";

/// What went back to the team database from this desk on reconnect.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct KeptReport {
    /// Team drafts whose text kept here was written back to their row.
    pub written_back: usize,
    /// Of those, drafts placed meanwhile: queued now in the team's outbox with their key.
    pub placed: usize,
    /// Kept texts of rows another desk changed (or placed, or deleted) meanwhile, each kept as
    /// a new team draft.
    pub kept_apart: Vec<KeptApart>,
}

/// A text kept here that another desk's change kept from its draft: it is a new draft now.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KeptApart {
    /// The draft's reference.
    pub reference: String,
    /// The new draft's ("PO-1 (kept from this desk)").
    pub kept: String,
    /// It was placed here: the order was not sent, the new draft waits to be placed again.
    pub placed: bool,
}

impl KeptReport {
    /// Whether nothing was kept here.
    pub fn is_empty(&self) -> bool {
        self.written_back == 0 && self.kept_apart.is_empty()
    }
}

/// What became of what this desk kept for its team when it left the team (Settings → Team →
/// Forget, [`Store::leave_team`]): it is this desk's own now, nothing of it is dropped.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct LeftReport {
    /// Each team account this desk kept something for, and the desk's own account that holds
    /// it now.
    pub accounts: Vec<LeftAccount>,
    /// Drafts that are this desk's own now: made here for the team, or a team draft's text
    /// saved here (each a new draft).
    pub drafts: usize,
    /// Of those, orders placed here meanwhile, never sent by any desk: drafts again, to be
    /// placed anew from this desk if still wanted.
    pub unplaced: usize,
    /// Of those, orders placed here whose COMMIT the team database never confirmed (issue
    /// 38): they may be in the team's outbox. Drafts again with the order's own key (never a
    /// new one), to be checked against the team's History before they are placed again.
    pub may_be_placed: usize,
}

impl LeftReport {
    /// Whether nothing was kept.
    pub fn is_empty(&self) -> bool {
        self.accounts.is_empty()
    }
}

/// A team account that became this desk's own account when the desk left the team.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LeftAccount {
    /// The team's account (its key on this desk is filed under this id).
    pub team: AccountId,
    /// This desk's own account now.
    pub account: AccountId,
    /// Its name here (the team's, or "… (from the team)" if this desk had that name already).
    pub name: String,
}

/// One row of `team_kept`.
struct Kept {
    id: LocalOrderId,
    account: AccountId,
    draft_json: String,
    reference: String,
    recipient: String,
    body: Option<Vec<u8>>,
    base_version: i64,
    kept_at: String,
    /// Placed here and its COMMIT went unanswered: the team's row may be queued. Its key (the
    /// team draft's, read before the write), which names that row.
    key: Option<IdempotencyKey>,
}

impl Kept {
    fn read(row: &super::db::Row) -> Result<Kept, StoreError> {
        Ok(Kept {
            id: LocalOrderId(row.get("order_id")?),
            account: AccountId(row.get("account_id")?),
            draft_json: row.get("draft_json")?,
            reference: row.get("reference")?,
            recipient: row.get("recipient")?,
            body: row.get("body")?,
            base_version: row.get("base_version")?,
            kept_at: row.get("kept_at")?,
            key: row
                .get::<Option<String>>("idempotency_key")?
                .and_then(|k| k.parse().ok()),
        })
    }

    /// Whether the team's row, read from `team`, is this kept placement queued: its COMMIT
    /// was made after all. The key and the exact body are the ones placed here (another
    /// desk's placement of the same draft has the key and another body).
    fn queued_in(&self, team: &super::db::Db) -> Result<bool, StoreError> {
        let (Some(key), Some(body)) = (&self.key, &self.body) else {
            return Ok(false);
        };
        let row = team.query_opt(
            "SELECT 1 FROM local_orders
             WHERE id = $1 AND idempotency_key = $2 AND body = $3 AND state <> 'draft'",
            &params![self.id.0, key.as_str(), body.as_slice()],
        )?;
        Ok(row.is_some())
    }
}

impl LocalOrder {
    /// Kept on this desk for a team's account while the team database could not be reached,
    /// waiting to go to the team: made here (a row of this desk's database under a team's
    /// account), or a team draft placed here meanwhile (a queued row without its key, which
    /// only the team's row holds; every queued row of a database has its key).
    pub fn kept_for_team(&self) -> bool {
        self.account.is_some_and(AccountId::is_team)
            && (!self.id.is_team() || (self.state == OrderState::Queued && self.key.is_none()))
    }
}

impl StoreError {
    /// Whether the team database could not be reached (no connection, a connection that broke
    /// or a server shutting down), as opposed to a statement it refused.
    pub fn is_team_unreachable(&self) -> bool {
        match self {
            StoreError::TeamUnreachable
            | StoreError::TeamNotConnected
            | StoreError::OutcomeUnknown(_)
            | StoreError::TeamSilent { .. } => true,
            StoreError::Postgres(e) => {
                let io = std::error::Error::source(e).is_some_and(|s| s.is::<std::io::Error>());
                // 08: connection exception; 57P: the server shutting down or restarting.
                let class = e
                    .code()
                    .is_some_and(|c| c.code().starts_with("08") || c.code().starts_with("57P"));
                e.is_closed() || io || class
            }
            _ => false,
        }
    }
}

impl Store {
    /// The team database's connection broke (the watch heard it): until the next
    /// [`Store::attach_team`], the team's rows are not asked for (each call answers
    /// [`StoreError::TeamUnreachable`] at once) and what a person saves for the team is kept
    /// here.
    pub fn team_unreachable(&mut self) {
        if let Some(team) = &mut self.team {
            team.away = true;
        }
    }

    /// The team database of this desk (its name on the team `desk`) is out of reach and was
    /// not reached since the desk started: it is taken as attached and away, so the team's
    /// accounts are listed as last read ([`Store::accounts`]) and what a person makes or
    /// saves for them is kept here until the first [`Store::attach_team`]. Answers whether
    /// that changed anything (no team was attached); an attached team is only marked away.
    pub fn team_out_of_reach(&mut self, desk: &str) -> bool {
        if self.team.is_some() {
            self.team_unreachable();
            return false;
        }
        self.team = Some(super::TeamDb {
            db: None,
            desk: desk.trim().to_owned(),
            away: true,
        });
        self.lane.set_team(Some(desk.trim()));
        true
    }

    /// Notified when a call of this store finds the team database's connection broken while
    /// nothing else said it was (the server ended that one session, a blip on its socket):
    /// the watch then marks the team away and attaches it again ([`TeamState::Broken`]).
    pub fn team_broken_signal(&self) -> std::sync::Arc<tokio::sync::Notify> {
        self.team_broken.clone()
    }

    /// Reads the team's accounts as they are now and keeps them in this desk's file
    /// (`team_accounts_read`): listed while the team database is out of reach, also after a
    /// restart, and a new draft of one of them made meanwhile goes under a copy of it here.
    pub fn remember_team_accounts(&self) -> Result<(), StoreError> {
        if !self.team_state().is_attached() {
            return Ok(());
        }
        let rows = self.team_db()?.query_all(
            &format!("SELECT {COLUMNS} FROM accounts WHERE kind = 'remote'"),
            &[],
        )?;
        let read = rows
            .iter()
            .map(super::accounts::from_row)
            .collect::<Result<Vec<_>, _>>()?;
        self.pin_unpinned_key_addresses(&read)?;
        if !self.is_desk() {
            return Ok(());
        }
        self.db.transaction(|db| -> Result<(), StoreError> {
            db.execute("DELETE FROM team_accounts_read", &[])?;
            for row in &rows {
                db.execute(
                    &format!(
                        "INSERT INTO team_accounts_read ({COLUMNS}) VALUES ({})",
                        placeholders(COLUMNS)
                    ),
                    row.values(),
                )?;
            }
            Ok(())
        })
    }

    /// The team's accounts as this desk last read them, by name.
    pub(super) fn team_accounts_read(&self) -> Result<Vec<AccountRecord>, StoreError> {
        if !self.is_desk() {
            return Ok(Vec::new());
        }
        self.db
            .query_all(
                &format!("SELECT {COLUMNS} FROM team_accounts_read ORDER BY lower(name)"),
                &[],
            )?
            .iter()
            .map(super::accounts::from_row)
            .collect()
    }

    /// The team's account `id` as this desk last read it; [`StoreError::TeamUnreachable`] if
    /// it has not read it.
    pub(super) fn team_account_read(&self, id: AccountId) -> Result<AccountRecord, StoreError> {
        self.team_accounts_read()?
            .into_iter()
            .find(|a| a.id == id)
            .ok_or(StoreError::TeamUnreachable)
    }

    /// The copy on this desk of the team's `account` (same id, name, address, header style,
    /// organization and key version), made from the team's accounts as last read.
    fn ensure_copy(&self, account: AccountId) -> Result<(), StoreError> {
        if !self.team_state().is_attached() {
            return Err(StoreError::TeamNotConnected);
        }
        if self
            .db
            .query_opt("SELECT 1 FROM accounts WHERE id = $1", &params![account.0])?
            .is_some()
        {
            return Ok(());
        }
        let read = self
            .db
            .query_opt(
                &format!("SELECT {COLUMNS} FROM team_accounts_read WHERE id = $1"),
                &params![account.0],
            )?
            .ok_or(StoreError::TeamUnreachable)?;
        let values = read.values();
        self.db.transaction(|db| -> Result<(), StoreError> {
            // The copy has the team's id; this file's own accounts go on numbering from where
            // they were (AUTOINCREMENT would go on from the largest id written).
            let seq: Option<i64> = db
                .query_opt(
                    "SELECT seq FROM sqlite_sequence WHERE name = 'accounts'",
                    &[],
                )?
                .map(|r| r.get(0))
                .transpose()?;
            let result = db.execute(
                &format!(
                    "INSERT INTO accounts ({COLUMNS}) VALUES ({})",
                    placeholders(COLUMNS)
                ),
                values,
            );
            if let Err(e) = result {
                return Err(
                    match (e.is_unique_violation(), read.get::<String>("name")) {
                        (true, Ok(name)) => StoreError::DuplicateName(name),
                        _ => e,
                    },
                );
            }
            db.execute(
                "UPDATE sqlite_sequence SET seq = $1 WHERE name = 'accounts'",
                &params![seq.unwrap_or(0)],
            )?;
            Ok(())
        })
    }

    /// A new draft of `account` made on this desk (its copy of the team's account).
    fn create_here(
        &self,
        account: AccountId,
        draft_json: &str,
        reference: &str,
        recipient: &str,
    ) -> Result<LocalOrder, StoreError> {
        self.ensure_copy(account)?;
        let form = DraftFields {
            draft_json,
            reference,
            recipient,
        };
        self.create_draft_in(&self.db, account, &IdempotencyKey::new(), &form)
    }

    /// A new draft of `account` ([`Store::create_draft`]); for a team's account while the
    /// team database cannot be reached, made on this desk (module doc).
    pub fn create_draft_kept(
        &self,
        account: AccountId,
        draft_json: &str,
        reference: &str,
        recipient: &str,
    ) -> Result<LocalOrder, StoreError> {
        let made = self.write_or_keep(account.0, "a new draft", || {
            self.create_draft(account, draft_json, reference, recipient)
        })?;
        match made {
            Reach::Written(made) => Ok(made),
            Reach::KeepHere { .. } => self.create_here(account, draft_json, reference, recipient),
        }
    }

    /// Saves a draft's form of `account` based on its version `base` ([`Store::save_draft`]).
    /// A team draft's save while the team database cannot be reached is kept here: answered
    /// as saved at `base` (the form's base stays until the save really reaches the team), with
    /// the row as kept (for the screens). A row of this desk moved into the team meanwhile
    /// (joined on reconnect) is saved in its team row.
    pub fn save_draft_kept(
        &self,
        id: LocalOrderId,
        account: AccountId,
        draft_json: &str,
        reference: &str,
        recipient: &str,
        base: i64,
    ) -> Result<(DraftSave, Option<LocalOrder>), StoreError> {
        let form = DraftFields {
            draft_json,
            reference,
            recipient,
        };
        let kept = |id| {
            let row = self.keep(id, account, &form, None, None, base)?;
            Ok((DraftSave::Saved { version: base }, Some(row)))
        };
        let saved = self.write_or_keep(id.0, "a draft's save", || {
            self.save_draft(id, draft_json, reference, recipient, base)
        })?;
        match saved {
            Reach::KeepHere { .. } => kept(id),
            Reach::Written(DraftSave::Gone) => match self.moved(id)? {
                Some(team) => {
                    self.save_draft_kept(team, account, draft_json, reference, recipient, base)
                }
                None => Ok((DraftSave::Gone, None)),
            },
            Reach::Written(saved) => {
                if id.is_team() && matches!(saved, DraftSave::Saved { .. }) {
                    // The newest text is the team's now: nothing older goes back later.
                    self.forget_kept(id)?;
                }
                Ok((saved, None))
            }
        }
    }

    /// Places a draft of `account` based on its version `base` ([`Store::queue_draft_based`])
    /// and answers what came of it and the row. A team draft placed while the team database
    /// cannot be reached is kept here with its body (queued in the team's outbox on reconnect,
    /// [`Store::write_back_kept`]); a draft made here is queued here, sent by no desk until it
    /// has moved into the team. A placement whose COMMIT went unanswered
    /// ([`StoreError::OutcomeUnknown`]: the team may hold it queued) is kept the same way with
    /// the draft's key, read before the write: on reconnect the team's row with that key and
    /// body is taken as placed, and Forget never gives it a new key.
    pub fn place_kept(
        &mut self,
        id: LocalOrderId,
        account: AccountId,
        form: &DraftFields<'_>,
        body: &[u8],
        base: i64,
    ) -> Result<(DraftSave, LocalOrder), StoreError> {
        let kept = |store: &Store, id, key: Option<&IdempotencyKey>| {
            let row = store.keep(id, account, form, Some(body), key, base)?;
            Ok((DraftSave::Saved { version: base }, row))
        };
        // A team draft as it is before the write: its key names the team's row if the
        // COMMIT goes unanswered, and it is the row answered if only the read after is lost.
        let before = self.write_or_keep(id.0, "an order", || {
            match id.is_team().then(|| self.local_order(id)) {
                None | Some(Err(StoreError::NoRow)) => Ok(None),
                Some(read) => read.map(Some),
            }
        })?;
        // Nothing was written: kept as any placement while the team is out of reach.
        let Reach::Written(before) = before else {
            return kept(self, id, None);
        };
        let key = before.as_ref().and_then(|row| row.key.clone());
        let placed = self.queue_draft_based(id, form, body, base);
        let placed = self.reached(id.0, "an order", placed)?;
        match placed {
            Reach::KeepHere { unknown } => kept(self, id, key.as_ref().filter(|_| unknown)),
            Reach::Written(DraftSave::Gone) => match self.moved(id)? {
                Some(team) => self.place_kept(team, account, form, body, base),
                None => Ok((DraftSave::Gone, self.local_order(id)?)),
            },
            Reach::Written(placed) => {
                let queued = matches!(placed, DraftSave::Saved { .. });
                if id.is_team() && queued {
                    self.forget_kept(id)?;
                }
                match (self.local_order(id), before) {
                    (Ok(row), _) => Ok((placed, row)),
                    // Queued (the team answered the COMMIT); only the row's read after it was
                    // lost: the row as it was, queued now, never a failure.
                    (Err(e), Some(before)) if queued && self.keeps(id.0, &e) => {
                        tracing::info!(error = %e, "an order was queued in the team database; reading it back failed");
                        Ok((placed, queued_as(before, form, base)))
                    }
                    (Err(e), _) => Err(e),
                }
            }
        }
    }

    /// Forgets what this desk kept of team draft `id` (the team has newer).
    fn forget_kept(&self, id: LocalOrderId) -> Result<(), StoreError> {
        self.db
            .execute("DELETE FROM team_kept WHERE order_id = $1", &params![id.0])?;
        Ok(())
    }

    /// The team row this desk's row `id` moved into, if it is gone from here because joining
    /// moved it (the composer still has this desk's id).
    fn moved(&self, id: LocalOrderId) -> Result<Option<LocalOrderId>, StoreError> {
        if id.is_team() || self.team_state() != TeamState::Reachable {
            return Ok(None);
        }
        let here = self
            .db
            .query_opt("SELECT 1 FROM local_orders WHERE id = $1", &params![id.0])?;
        if here.is_some() {
            return Ok(None);
        }
        self.joined_as(id)
    }

    /// Keeps `form` of team draft `id` here, based on its version `base` (the first kept
    /// save's base stays); `body`: it was placed; `key`: its COMMIT went unanswered, the team
    /// may hold it with this key. Answers the row as kept.
    fn keep(
        &self,
        id: LocalOrderId,
        account: AccountId,
        form: &DraftFields<'_>,
        body: Option<&[u8]>,
        key: Option<&IdempotencyKey>,
        base: i64,
    ) -> Result<LocalOrder, StoreError> {
        self.db.execute(
            "INSERT INTO team_kept (order_id, account_id, draft_json, reference, recipient, body,
                base_version, idempotency_key)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
             ON CONFLICT (order_id) DO UPDATE SET draft_json = excluded.draft_json,
                reference = excluded.reference, recipient = excluded.recipient,
                body = COALESCE(excluded.body, team_kept.body),
                idempotency_key = COALESCE(excluded.idempotency_key, team_kept.idempotency_key),
                kept_at = {now}",
            &params![
                id.0,
                account.0,
                form.draft_json,
                form.reference,
                form.recipient,
                body,
                base,
                key.map(IdempotencyKey::as_str)
            ],
        )?;
        self.kept_order(id)?.ok_or(StoreError::NoRow)
    }

    /// Team row `id` as this desk keeps it while the team database is out of reach, if it
    /// keeps it.
    pub fn kept_order(&self, id: LocalOrderId) -> Result<Option<LocalOrder>, StoreError> {
        let Some(row) = self.db.query_opt(
            &format!("SELECT {KEPT_COLUMNS} FROM team_kept WHERE order_id = $1"),
            &params![id.0],
        )?
        else {
            return Ok(None);
        };
        let kept = Kept::read(&row)?;
        Ok(Some(LocalOrder {
            id: kept.id,
            account: Some(kept.account),
            state: if kept.body.is_some() {
                OrderState::Queued
            } else {
                OrderState::Draft
            },
            key: None,
            draft_json: Some(kept.draft_json),
            reference: kept.reference,
            recipient: kept.recipient,
            tracking_id: None,
            order_number: None,
            record: None,
            error_message: None,
            last_error: None,
            attempts: 0,
            updated_at: kept.kept_at,
            destination: None,
            reached: false,
            hold: None,
            placed_by: self.desk_of(kept.id.0),
            version: kept.base_version,
            saved_by: self.desk_of(kept.id.0),
            editing: None,
        }))
    }

    /// What this desk keeps for the team's `account` while the team database is out of
    /// reach: the rows made here under its copy and the team drafts saved (or placed) here, as
    /// the screens show them.
    pub fn kept_for_account(&self, account: AccountId) -> Result<Vec<LocalOrder>, StoreError> {
        let mut rows = Vec::new();
        let copy = self
            .db
            .query_opt("SELECT 1 FROM accounts WHERE id = $1", &params![account.0])?;
        if account.is_team() && copy.is_some() {
            rows = self.local_orders_in(&self.db, account, true)?;
            rows.extend(self.local_orders_in(&self.db, account, false)?);
        }
        for row in self.db.query_all(
            "SELECT order_id FROM team_kept WHERE account_id = $1 ORDER BY kept_at DESC",
            &params![account.0],
        )? {
            if let Some(kept) = self.kept_order(LocalOrderId(row.get(0)?))? {
                rows.push(kept);
            }
        }
        Ok(rows)
    }

    /// This desk leaves its team (Settings → Team → Forget): the team database is let go,
    /// and what was kept here for it and never reached it (module doc) becomes this desk's
    /// own, in one transaction: each team account with something kept becomes an account of
    /// this desk (same name and address; its key is the caller's to copy, [`LeftAccount`]),
    /// the rows made here under its copy are its rows, an order placed here meanwhile (never
    /// sent by any desk) is a draft again with its key, and each team draft's text saved here
    /// is a new draft. The team's accounts as last read are forgotten.
    pub fn leave_team(&mut self) -> Result<LeftReport, StoreError> {
        if !self.is_desk() {
            self.detach_team();
            return Ok(LeftReport::default());
        }
        // A placement whose COMMIT went unanswered and which the team holds queued, if the
        // team answers now: the team's order, nothing of it stays here.
        for id in self.kept_queued_in_team() {
            self.forget_kept(id)?;
        }
        self.detach_team();
        let copies = self.team_copies()?;
        let read = self.team_accounts_read()?;
        let mut ids: Vec<i64> = copies.iter().map(|a| a.id.0).collect();
        for row in self
            .db
            .query_all("SELECT DISTINCT account_id FROM team_kept", &[])?
        {
            ids.push(row.get(0)?);
        }
        ids.sort_unstable();
        ids.dedup();
        self.db.transaction(|db| -> Result<LeftReport, StoreError> {
            let mut report = LeftReport::default();
            // Ids change inside the transaction; the editor's memory and the tasks follow.
            db.batch("PRAGMA defer_foreign_keys = ON")?;
            // Never an id this file handed out before (keychain entries are filed by id).
            let mut next: i64 = db
                .query_row(
                    "SELECT MAX(COALESCE((SELECT seq FROM sqlite_sequence WHERE name = 'accounts'), 0),
                        COALESCE((SELECT MAX(id) FROM accounts WHERE id < $1), 0))",
                    &params![TEAM_IDS_FROM],
                )?
                .get(0)?;
            for team in ids {
                let copy = copies.iter().find(|a| a.id.0 == team);
                let Some(source) = copy.or_else(|| read.iter().find(|a| a.id.0 == team)) else {
                    tracing::warn!(account = team, "kept rows of a team account this desk never read stay kept");
                    continue;
                };
                next += 1;
                let taken = db
                    .query_opt(
                        "SELECT 1 FROM accounts WHERE lower(name) = lower($1) AND id < $2",
                        &params![source.name.as_str(), TEAM_IDS_FROM],
                    )?
                    .is_some();
                let name = if taken {
                    crate::tr!("team-left-account-name", name = source.name.as_str())
                } else {
                    source.name.clone()
                };
                if copy.is_some() {
                    db.execute(
                        "UPDATE accounts SET id = $1, name = $2 WHERE id = $3",
                        &params![next, name.as_str(), team],
                    )?;
                    for table in ["local_orders", "editor_drafts", "vectorize_tasks"] {
                        db.execute(
                            &format!("UPDATE {table} SET account_id = $1 WHERE account_id = $2"),
                            &params![next, team],
                        )?;
                    }
                } else {
                    let base_url = match &source.kind {
                        super::AccountKind::Remote { base_url } => Some(base_url.to_string()),
                        super::AccountKind::Sandbox => None,
                    };
                    let mut values = params![next].to_vec();
                    values.extend(new_account_values(
                        &name,
                        base_url.as_deref(),
                        source.auth,
                        source.organization_id,
                        source.key_location,
                    ));
                    db.execute(
                        &format!(
                            "INSERT INTO accounts (id, {NEW_COLUMNS}) VALUES ({})",
                            placeholders(&format!("id, {NEW_COLUMNS}"))
                        ),
                        &values,
                    )?;
                }
                db.execute(
                    "UPDATE sqlite_sequence SET seq = $1 WHERE name = 'accounts' AND seq < $1",
                    &params![next],
                )?;
                // Placed here while the team was out of reach: no desk ever sent it.
                report.unplaced += usize::try_from(db.execute(
                    "UPDATE local_orders SET state = 'draft', body = NULL, queued_at = NULL,
                        dest_base = NULL, dest_auth = NULL, dest_org = NULL,
                        dest_key_version = NULL, claimed_by = NULL, claim_token = NULL,
                        lease_until = NULL, last_error = NULL, updated_at = {now}
                     WHERE account_id = $1 AND state = 'queued'",
                    &params![next],
                )?)
                .unwrap_or(usize::MAX);
                report.drafts += usize::try_from(
                    db.query_row(
                        "SELECT COUNT(*) FROM local_orders WHERE account_id = $1 AND state = 'draft'",
                        &params![next],
                    )?
                    .get::<i64>(0)?,
                )
                .unwrap_or(usize::MAX);
                // A team draft's text saved here: a new draft of this desk (the team's row
                // stays the team's).
                let kept: Vec<Kept> = db
                    .query_all(
                        &format!(
                            "SELECT {KEPT_COLUMNS} FROM team_kept WHERE account_id = $1
                             ORDER BY kept_at, order_id"
                        ),
                        &params![team],
                    )?
                    .iter()
                    .map(Kept::read)
                    .collect::<Result<_, _>>()?;
                for k in &kept {
                    report.drafts += 1;
                    let key = match (&k.body, &k.key) {
                        // It may be the team's order: a draft again with its key, never a new
                        // one (placed from here it is the same order to the service).
                        (Some(_), Some(key)) => {
                            report.may_be_placed += 1;
                            key.clone()
                        }
                        (Some(_), None) => {
                            report.unplaced += 1;
                            IdempotencyKey::new()
                        }
                        (None, _) => IdempotencyKey::new(),
                    };
                    let form = DraftFields {
                        draft_json: &k.draft_json,
                        reference: &k.reference,
                        recipient: &k.recipient,
                    };
                    self.create_draft_in(db, AccountId(next), &key, &form)?;
                }
                db.execute(
                    "DELETE FROM team_kept WHERE account_id = $1",
                    &params![team],
                )?;
                report.accounts.push(LeftAccount {
                    team: AccountId(team),
                    account: AccountId(next),
                    name,
                });
            }
            db.execute("DELETE FROM team_accounts_read", &[])?;
            Ok(report)
        })
        .inspect(|report| {
            if !report.is_empty() {
                tracing::info!(?report, "what was kept for the team is this desk's own now");
            }
        })
    }

    /// The kept placements whose COMMIT went unanswered that the team holds queued
    /// ([`Kept::queued_in`]), if the team database answers now; none if it does not.
    fn kept_queued_in_team(&self) -> Vec<LocalOrderId> {
        let Some(team) = self.team.as_ref().and_then(super::TeamDb::reachable) else {
            return Vec::new();
        };
        let kept = self.db.query_all(
            &format!("SELECT {KEPT_COLUMNS} FROM team_kept WHERE idempotency_key IS NOT NULL"),
            &[],
        );
        let mut found = Vec::new();
        for row in kept.unwrap_or_default() {
            match Kept::read(&row).and_then(|k| Ok((k.queued_in(team)?, k.id))) {
                Ok((true, id)) => found.push(id),
                Ok((false, _)) => {}
                Err(e) => {
                    tracing::info!(error = %e, "a kept placement could not be looked up in the team")
                }
            }
        }
        found
    }

    /// Writes back to the attached team database what was kept here while it was out of
    /// reach (module doc): each kept text to its team draft if nobody changed that row
    /// meanwhile (and queues it if it was placed here), else as a new draft. Each kept row is
    /// forgotten here once the team has it.
    pub fn write_back_kept(&mut self) -> Result<KeptReport, StoreError> {
        let mut report = KeptReport::default();
        if self.team_state() != TeamState::Reachable {
            return Ok(report);
        }
        let kept: Vec<Kept> = self
            .db
            .query_all(
                &format!("SELECT {KEPT_COLUMNS} FROM team_kept ORDER BY kept_at, order_id"),
                &[],
            )?
            .iter()
            .map(Kept::read)
            .collect::<Result<_, _>>()?;
        for k in kept {
            let team = self.team_db()?;
            let now = team.query_opt(
                "SELECT state, draft_json FROM local_orders WHERE id = $1",
                &params![k.id.0],
            )?;
            let (state, text): (Option<String>, Option<String>) = match &now {
                Some(r) => (Some(r.get(0)?), r.get(1)?),
                None => (None, None),
            };
            // Written back already (a write-back whose end here was cut short), or placed here
            // with a COMMIT that was made though unanswered: nothing twice.
            let already = (text.as_deref() == Some(k.draft_json.as_str())
                && (k.body.is_none() || state.as_deref() != Some("draft")))
                || k.queued_in(team)?;
            let form = DraftFields {
                draft_json: &k.draft_json,
                reference: &k.reference,
                recipient: &k.recipient,
            };
            // A save based on the version this desk's text was based on: refused if another
            // desk saved (or holds) the draft since, or it is no draft any more.
            let outcome = match (&k.body, already) {
                (_, true) => DraftSave::Saved {
                    version: k.base_version,
                },
                (None, false) => self.save_draft(
                    k.id,
                    &k.draft_json,
                    &k.reference,
                    &k.recipient,
                    k.base_version,
                )?,
                (Some(body), false) => self.queue_draft_based(k.id, &form, body, k.base_version)?,
            };
            if matches!(outcome, DraftSave::Saved { .. }) {
                report.written_back += 1;
                if k.body.is_some() {
                    report.placed += 1;
                }
            } else {
                let apart = crate::tr!("team-kept-reference", reference = k.reference.as_str());
                let json = with_reference(&k.draft_json, &apart);
                self.create_draft(k.account, &json, &apart, &k.recipient)?;
                report.kept_apart.push(KeptApart {
                    reference: k.reference.clone(),
                    kept: apart,
                    placed: k.body.is_some(),
                });
            }
            self.forget_kept(k.id)?;
        }
        if !report.is_empty() {
            tracing::info!(?report, "what was kept on this desk went back to the team");
        }
        Ok(report)
    }
}

/// Draft `row` as queued with `form` on its version `base` (what the team's row is then).
fn queued_as(row: LocalOrder, form: &DraftFields<'_>, base: i64) -> LocalOrder {
    LocalOrder {
        state: OrderState::Queued,
        draft_json: Some(form.draft_json.to_owned()),
        reference: form.reference.to_owned(),
        recipient: form.recipient.to_owned(),
        version: base + 1,
        editing: None,
        ..row
    }
}

/// A draft's form (JSON) with its reference set to `reference` (the kept copy's), so the
/// composer shows what the list says; any other JSON is kept as it is.
pub(super) fn with_reference(draft_json: &str, reference: &str) -> String {
    match serde_json::from_str::<serde_json::Value>(draft_json) {
        Ok(serde_json::Value::Object(mut form)) => {
            form.insert("reference".into(), reference.into());
            serde_json::Value::Object(form).to_string()
        }
        _ => draft_json.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::testing::pg_cluster::{PgCluster, PgOptions};
    use crate::store::testing::remote;

    /// Every copy of `accounts` a desk keeps has the table's columns: one added to `accounts`
    /// but not to `team_accounts_read`, or to the list a copy is read and written by, would be
    /// dropped without a word while the team is out of reach.
    #[test]
    fn the_copies_of_accounts_have_every_column_of_accounts() {
        let store = Store::open_in_memory().unwrap();
        let mut accounts = store.column_names("accounts");
        // When the row was made: the team's, not copied.
        accounts.retain(|c| c != "created_at");
        assert_eq!(store.column_names("team_accounts_read"), accounts);
        let listed: Vec<String> = COLUMNS.split(',').map(|c| c.trim().to_owned()).collect();
        assert_eq!(listed, accounts, "accounts::COLUMNS");
    }

    /// A team database of its own on a server of its own (it is stopped and started again), and
    /// a desk on it with the team's account "Club shop" and a team draft "PO-1".
    struct Team {
        cluster: PgCluster,
        db: String,
        dir: tempfile::TempDir,
        desk: Store,
        account: AccountId,
        draft: LocalOrderId,
        /// The draft's version as the desk read it (what its composer's saves are based on).
        base: i64,
    }

    fn connect(cluster: &PgCluster, db: &str) -> crate::store::testing::TestConnection {
        crate::store::testing::connect_to(&cluster.socket_url(db))
    }

    /// A desk that joined the team: its account and its draft moved into the team database
    /// (so the draft's id here, 1, is a joined row's origin there and is handed out again).
    fn team() -> Team {
        let cluster = PgCluster::start(&PgOptions::default()).unwrap_or_else(|e| panic!("{e}"));
        let db = cluster.create_database();
        let dir = tempfile::tempdir().unwrap();
        let mut desk = Store::open(&dir.path().join("logodesk.sqlite")).unwrap();
        desk.ensure_sandbox_account().unwrap();
        let local = desk.insert_account(&remote("Club shop")).unwrap().id;
        let local_draft = desk
            .create_draft(local, r#"{"reference":"PO-1"}"#, "PO-1", "Nordby IF")
            .unwrap()
            .id;
        desk.attach_team(connect(&cluster, &db), "Front desk")
            .unwrap();
        let joined = desk.copy_into_team(None).unwrap();
        desk.forget_joined(&joined).unwrap();
        desk.remember_team_accounts().unwrap();
        let account = joined.accounts[0].1;
        let draft = desk.joined_as(local_draft).unwrap().unwrap();
        assert!(draft.0 >= TEAM_IDS_FROM && account.0 >= TEAM_IDS_FROM);
        let base = desk.local_order(draft).unwrap().version;
        Team {
            cluster,
            db,
            dir,
            desk,
            account,
            draft,
            base,
        }
    }

    impl Team {
        /// The desk's file opened again: the desk as it starts, attached to no team yet.
        fn restart_desk(&mut self) {
            self.desk = Store::open(&self.dir.path().join("logodesk.sqlite")).unwrap();
        }

        /// Ends the store's own session on the server (as `pg_terminate_backend` from the
        /// server's side would for any reason), and waits until it is gone.
        fn end_the_stores_session(&self) {
            let mut admin = connect(&self.cluster, &self.db);
            let others = "SELECT pid FROM pg_stat_activity
                          WHERE datname = current_database() AND pid <> pg_backend_pid()";
            let ended = admin
                .query(
                    &format!("SELECT pg_terminate_backend(pid) FROM ({others}) o"),
                    &[],
                )
                .unwrap();
            assert_eq!(ended.len(), 1, "the desk's store has one session");
            let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
            while !admin.query(others, &[]).unwrap().is_empty() {
                assert!(
                    std::time::Instant::now() < deadline,
                    "the session did not end"
                );
                std::thread::sleep(std::time::Duration::from_millis(20));
            }
        }

        /// Another desk's view of the team database.
        fn other_desk(&self) -> Store {
            Store::open_postgres(connect(&self.cluster, &self.db)).unwrap()
        }

        /// The database is back and the desk attached again (what the watch does on Up).
        fn reconnect(&mut self) -> KeptReport {
            self.cluster.restart().unwrap();
            self.attach_again()
        }

        /// The desk attached again to the database running (its join on Up).
        fn attach_again(&mut self) -> KeptReport {
            self.desk
                .attach_team(connect(&self.cluster, &self.db), "Front desk")
                .unwrap();
            let joined = self.desk.copy_into_team(None).unwrap();
            self.desk.forget_joined(&joined).unwrap();
            self.desk.write_back_kept().unwrap()
        }
    }

    /// Typed while the server is stopped (the desk not told yet: the save itself finds the
    /// connection broken): kept on this desk and read back from there, then written to the
    /// team's row on reconnect, once.
    #[test]
    fn a_team_draft_saved_while_the_database_is_stopped_goes_back_on_reconnect() {
        let mut t = team();
        t.cluster.stop().unwrap();
        let typed = r#"{"reference":"PO-1","comment":"typed offline"}"#;
        let (saved, kept) = t
            .desk
            .save_draft_kept(t.draft, t.account, typed, "PO-1", "Nordby IF", t.base)
            .unwrap();
        assert_eq!(
            saved,
            DraftSave::Saved { version: t.base },
            "the base stays"
        );
        let kept = kept.expect("kept on this desk");
        assert_eq!(kept.draft_json.as_deref(), Some(typed));
        assert_eq!(kept.state, OrderState::Draft);
        assert_eq!(kept.placed_by.as_deref(), Some("Front desk"));
        // The watch hears it too: later saves are kept at once, the newest text wins.
        t.desk.team_unreachable();
        let newer = r#"{"reference":"PO-1","comment":"typed offline, more"}"#;
        t.desk
            .save_draft_kept(t.draft, t.account, newer, "PO-1", "Nordby IF", t.base)
            .unwrap();
        let read = t.desk.kept_order(t.draft).unwrap().unwrap();
        assert_eq!(
            read.draft_json.as_deref(),
            Some(newer),
            "read back from here"
        );
        assert!(matches!(
            t.desk.local_order(t.draft),
            Err(StoreError::TeamUnreachable)
        ));

        let report = t.reconnect();
        assert_eq!(report.written_back, 1, "{report:?}");
        assert!(report.kept_apart.is_empty(), "{report:?}");
        let team_row = t.other_desk().local_order(t.draft).unwrap();
        assert_eq!(team_row.draft_json.as_deref(), Some(newer));
        assert_eq!(t.desk.kept_order(t.draft).unwrap(), None, "forgotten here");
        assert!(t.desk.write_back_kept().unwrap().is_empty(), "once");
    }

    /// Another desk changed the row while this one was cut off: its text stays, this desk's
    /// is kept as a new draft, and the report names both.
    #[test]
    fn a_draft_changed_elsewhere_meanwhile_keeps_both_texts() {
        let mut t = team();
        t.cluster.stop().unwrap();
        t.desk.team_unreachable();
        let mine = r#"{"reference":"PO-1","comment":"mine"}"#;
        t.desk
            .save_draft_kept(t.draft, t.account, mine, "PO-1", "Nordby IF", t.base)
            .unwrap();
        t.cluster.restart().unwrap();
        let theirs = r#"{"reference":"PO-1","comment":"theirs"}"#;
        assert_eq!(
            t.other_desk()
                .save_draft(t.draft, theirs, "PO-1", "Nordby IF", t.base)
                .unwrap(),
            DraftSave::Saved {
                version: t.base + 1
            }
        );

        let report = t.attach_again();
        assert_eq!(report.written_back, 0, "{report:?}");
        assert_eq!(
            report.kept_apart,
            [KeptApart {
                reference: "PO-1".to_owned(),
                kept: "PO-1 (kept from this desk)".to_owned(),
                placed: false
            }]
        );
        let other = t.other_desk();
        assert_eq!(
            other.local_order(t.draft).unwrap().draft_json.as_deref(),
            Some(theirs),
            "their text is not written over"
        );
        let drafts = other.local_orders(t.account, true).unwrap();
        let apart = drafts
            .iter()
            .find(|d| d.reference == "PO-1 (kept from this desk)")
            .expect("mine kept as a new draft");
        let form: serde_json::Value =
            serde_json::from_str(apart.draft_json.as_deref().unwrap()).unwrap();
        assert_eq!(form["comment"], "mine");
        assert_eq!(form["reference"], "PO-1 (kept from this desk)");
        assert_eq!(drafts.len(), 2);
    }

    /// A new draft placed while the team database is out of reach: queued on this desk under
    /// the team's account (never in an outbox of this desk), then moved into the team's
    /// outbox with its key on reconnect, once however often the join runs.
    #[test]
    fn an_order_placed_while_stopped_moves_into_the_team_outbox_with_its_key_once() {
        let mut t = team();
        t.cluster.stop().unwrap();
        t.desk.team_unreachable();
        let draft = t
            .desk
            .create_draft_kept(t.account, "{}", "PO-2", "Nordby IF")
            .unwrap();
        assert!(draft.id.0 < TEAM_IDS_FROM, "made on this desk");
        assert_eq!(draft.account, Some(t.account), "for the team's account");
        let key = draft.key.clone().expect("its key");
        let form = DraftFields {
            draft_json: "{}",
            reference: "PO-2",
            recipient: "Nordby IF",
        };
        let (outcome, placed) = t
            .desk
            .place_kept(draft.id, t.account, &form, b"BODY", draft.version)
            .unwrap();
        assert!(matches!(outcome, DraftSave::Saved { .. }), "{outcome:?}");
        assert_eq!(placed.state, OrderState::Queued);
        assert!(placed.kept_for_team());
        assert!(
            placed.hold.is_none(),
            "queued for the team account's destination"
        );
        assert!(
            t.desk.accounts_with_work().unwrap().is_empty(),
            "no outbox of this desk sends it"
        );

        t.cluster.restart().unwrap();
        t.desk
            .attach_team(connect(&t.cluster, &t.db), "Front desk")
            .unwrap();
        let joined = t.desk.copy_into_team(None).unwrap();
        assert_eq!((joined.queued, joined.drafts), (1, 0), "{joined:?}");
        assert_eq!(joined.copies, [t.account]);
        assert!(joined.accounts.is_empty(), "no account of this desk joined");
        // A second run (a crash before forgetting) copies nothing twice.
        let again = t.desk.copy_into_team(None).unwrap();
        assert_eq!((again.queued, again.already_there), (0, 1));
        t.desk.forget_joined(&joined).unwrap();

        let out = t.other_desk().outbox(t.account).unwrap();
        assert_eq!(out.len(), 1);
        assert_eq!(out[0].key, key, "the same Idempotency-Key");
        assert_eq!(out[0].body, b"BODY");
        assert!(
            matches!(t.desk.local_order(draft.id), Err(StoreError::NoRow)),
            "forgotten here"
        );
        // The copy is gone with its rows; this desk lists the team's account once.
        let names: Vec<_> = t
            .desk
            .accounts()
            .unwrap()
            .into_iter()
            .map(|a| a.id)
            .collect();
        assert_eq!(names.iter().filter(|id| **id == t.account).count(), 1);
        assert!(t.desk.team_copies().unwrap().is_empty());
        // A save the composer still sends for this desk's id reaches the team's row.
        let team_row = t.desk.joined_as(draft.id).unwrap().unwrap();
        assert_eq!(t.desk.local_order(team_row).unwrap().key, Some(key));
    }

    /// Placing a team draft while the database is out of reach: kept with its body, shown as
    /// waiting here, and queued in the team's outbox with the draft's own key on reconnect.
    #[test]
    fn a_team_draft_placed_while_stopped_is_queued_with_its_own_key_on_reconnect() {
        let mut t = team();
        let key = t.desk.local_order(t.draft).unwrap().key;
        t.cluster.stop().unwrap();
        let form = po1();
        let (_, row) = t
            .desk
            .place_kept(t.draft, t.account, &form, b"BODY", t.base)
            .unwrap();
        assert_eq!(row.state, OrderState::Queued);
        assert!(row.kept_for_team());

        let report = t.reconnect();
        assert_eq!((report.written_back, report.placed), (1, 1), "{report:?}");
        let out = t.other_desk().outbox(t.account).unwrap();
        assert_eq!(out.len(), 1);
        assert_eq!(Some(out[0].key.clone()), key);
        assert_eq!(out[0].body, b"BODY");
    }

    /// A team draft placed here while cut off, and placed meanwhile on another desk: this
    /// desk's order is not queued as well (never two orders): it is kept as a new draft, said
    /// as not sent.
    #[test]
    fn a_draft_placed_here_and_elsewhere_meanwhile_is_placed_once() {
        let mut t = team();
        t.cluster.stop().unwrap();
        t.desk.team_unreachable();
        let mine = DraftFields {
            draft_json: r#"{"reference":"PO-1","comment":"mine"}"#,
            reference: "PO-1",
            recipient: "Nordby IF",
        };
        t.desk
            .place_kept(t.draft, t.account, &mine, b"MINE", t.base)
            .unwrap();
        t.cluster.restart().unwrap();
        let theirs = DraftFields {
            draft_json: r#"{"reference":"PO-1","comment":"theirs"}"#,
            ..mine
        };
        let mut other = t.other_desk();
        assert!(matches!(
            other
                .queue_draft_based(t.draft, &theirs, b"THEIRS", t.base)
                .unwrap(),
            DraftSave::Saved { .. }
        ));

        let report = t.attach_again();
        assert_eq!((report.written_back, report.placed), (0, 0), "{report:?}");
        assert_eq!(report.kept_apart.len(), 1);
        assert!(report.kept_apart[0].placed, "said as not sent");
        let out = other.outbox(t.account).unwrap();
        assert_eq!(out.len(), 1, "one order");
        assert_eq!(out[0].body, b"THEIRS");
        let drafts = other.local_orders(t.account, true).unwrap();
        assert_eq!(drafts.len(), 1);
        assert_eq!(drafts[0].reference, "PO-1 (kept from this desk)");
    }

    /// A desk that starts while the team database is stopped (a laptop on a
    /// train): the team's accounts are listed as last read, a new draft is kept here under a
    /// copy, the lists show it; on reconnect it moves into the team with its key.
    #[test]
    fn a_desk_started_while_the_database_is_stopped_lists_the_teams_accounts_and_keeps_new_drafts()
    {
        let mut t = team();
        // An account added to the team from this desk is read along.
        let second = t.desk.insert_account(&remote("Second shop")).unwrap();
        assert!(second.id.0 >= TEAM_IDS_FROM);
        t.cluster.stop().unwrap();
        t.restart_desk();
        assert!(
            !t.desk.accounts().unwrap().iter().any(|a| a.id == t.account),
            "no team attached yet"
        );
        assert!(t.desk.team_out_of_reach("Front desk"), "taken as away");
        assert!((t.desk.team_state() == TeamState::NeverReached) && t.desk.team_state().is_away());
        let listed = t.desk.accounts().unwrap();
        let club = listed
            .iter()
            .find(|a| a.id == t.account)
            .expect("the team's account as last read");
        assert_eq!(club.name, "Club shop");
        assert_eq!(t.desk.account(t.account).unwrap(), *club);
        assert!(listed.contains(&second), "{listed:?}");
        assert!(
            !t.desk.team_out_of_reach("Front desk"),
            "a second Down changes nothing"
        );

        let draft = t
            .desk
            .create_draft_kept(t.account, "{}", "PO-TRAIN", "Nordby IF")
            .unwrap();
        assert!(draft.id.0 < TEAM_IDS_FROM, "made on this desk");
        assert_eq!(draft.placed_by.as_deref(), Some("Front desk"));
        // A team draft's save meanwhile is kept too, and both are listed from here.
        t.desk
            .save_draft_kept(
                t.draft,
                t.account,
                r#"{"comment":"x"}"#,
                "PO-1",
                "Nordby IF",
                t.base,
            )
            .unwrap();
        let kept = t.desk.kept_for_account(t.account).unwrap();
        let mut references: Vec<&str> = kept.iter().map(|o| o.reference.as_str()).collect();
        references.sort_unstable();
        assert_eq!(references, ["PO-1", "PO-TRAIN"]);
        assert!(t.desk.accounts_with_work().unwrap().is_empty());

        let report = t.reconnect();
        assert_eq!(report.written_back, 1, "{report:?}");
        assert!(
            !(t.desk.team_state() == TeamState::NeverReached) && !t.desk.team_state().is_away()
        );
        let moved = t
            .desk
            .joined_as(draft.id)
            .unwrap()
            .expect("moved into the team");
        let team_row = t.other_desk().local_order(moved).unwrap();
        assert_eq!(team_row.reference, "PO-TRAIN");
        assert_eq!(team_row.key, draft.key, "with its key");
        assert!(t.desk.team_copies().unwrap().is_empty());
        assert!(t.desk.kept_for_account(t.account).unwrap().is_empty());
    }

    /// The server ends the store's own session (the listener's may be fine):
    /// the call that finds it broken keeps what was typed, the store counts the team as away
    /// from then on (no call waits on the dead connection) and says so to the watch, which
    /// attaches it again; the kept text then goes back.
    #[test]
    fn a_store_connection_the_server_ended_is_taken_as_away_and_nothing_typed_is_lost() {
        use futures_util::FutureExt as _;
        let mut t = team();
        let signal = t.desk.team_broken_signal();
        assert!(
            signal.notified().now_or_never().is_none(),
            "nothing broke yet"
        );
        t.end_the_stores_session();
        assert!(!t.desk.team_state().is_away(), "not known before a call");

        let typed = r#"{"reference":"PO-1","comment":"typed as the session ended"}"#;
        let (saved, kept) = t
            .desk
            .save_draft_kept(t.draft, t.account, typed, "PO-1", "Nordby IF", t.base)
            .unwrap();
        assert_eq!(saved, DraftSave::Saved { version: t.base });
        assert!(kept.is_some(), "kept on this desk");
        assert!((t.desk.team_state() == TeamState::Broken) && t.desk.team_state().is_away());
        assert!(
            signal.notified().now_or_never().is_some(),
            "the watch is told"
        );
        assert!(matches!(
            t.desk.local_order(t.draft),
            Err(StoreError::TeamUnreachable)
        ));
        assert!(
            t.desk.accounts().unwrap().iter().any(|a| a.id == t.account),
            "the team's account stays listed"
        );
        t.desk.team_unreachable();
        assert!(!(t.desk.team_state() == TeamState::Broken), "dealt with");

        let report = t.attach_again();
        assert_eq!(report.written_back, 1, "{report:?}");
        let team_row = t.other_desk().local_order(t.draft).unwrap();
        assert_eq!(team_row.draft_json.as_deref(), Some(typed));
        assert!(!t.desk.team_state().is_away());
    }

    /// A desk that leaves its team (Forget) while it keeps a team draft's
    /// text and an order placed here for the team: nothing is dropped; the team's account
    /// is this desk's own account (a local id, its numbering going on below the team's), with
    /// the kept text as a new draft and the order, never sent, a draft again with its key.
    #[test]
    fn leaving_the_team_makes_what_was_kept_this_desks_own_drafts() {
        let mut t = team();
        t.cluster.stop().unwrap();
        t.desk.team_unreachable();
        t.desk
            .save_draft_kept(
                t.draft,
                t.account,
                r#"{"reference":"PO-1","comment":"kept"}"#,
                "PO-1",
                "Nordby IF",
                t.base,
            )
            .unwrap();
        let made = t
            .desk
            .create_draft_kept(t.account, "{}", "PO-2", "Nordby IF")
            .unwrap();
        let form = DraftFields {
            draft_json: "{}",
            reference: "PO-2",
            recipient: "Nordby IF",
        };
        t.desk
            .place_kept(made.id, t.account, &form, b"BODY", made.version)
            .unwrap();

        let report = t.desk.leave_team().unwrap();
        assert_eq!((report.drafts, report.unplaced), (2, 1), "{report:?}");
        let [left] = report.accounts.as_slice() else {
            panic!("one account: {report:?}")
        };
        assert_eq!((left.team, left.name.as_str()), (t.account, "Club shop"));
        assert!(left.account.0 < TEAM_IDS_FROM);
        assert!(!t.desk.team_state().is_attached());

        let accounts = t.desk.accounts().unwrap();
        let names: Vec<_> = accounts.iter().map(|a| (a.id, a.name.as_str())).collect();
        assert_eq!(names.len(), 2, "the sandbox and the account: {names:?}");
        assert!(names.contains(&(left.account, "Club shop")));
        let drafts = t.desk.local_orders(left.account, true).unwrap();
        let mut references: Vec<&str> = drafts.iter().map(|o| o.reference.as_str()).collect();
        references.sort_unstable();
        assert_eq!(references, ["PO-1", "PO-2"]);
        let unplaced = drafts.iter().find(|o| o.reference == "PO-2").unwrap();
        assert_eq!(unplaced.id, made.id);
        assert_eq!(unplaced.key, made.key, "its key stays");
        let kept = drafts.iter().find(|o| o.reference == "PO-1").unwrap();
        assert!(kept.draft_json.as_deref().unwrap().contains("kept"));
        assert!(t.desk.local_orders(left.account, false).unwrap().is_empty());
        assert!(
            t.desk.accounts_with_work().unwrap().is_empty(),
            "nothing sent"
        );
        assert_eq!(t.desk.kept_order(t.draft).unwrap(), None);
        assert!(t.desk.team_copies().unwrap().is_empty());
        // Nothing is said twice; the desk's next account is numbered after it.
        assert!(t.desk.leave_team().unwrap().is_empty());
        let next = t.desk.insert_account(&remote("Another shop")).unwrap();
        assert!(next.id.0 > left.account.0 && next.id.0 < TEAM_IDS_FROM);
        // The team's row was never changed by this desk.
        t.cluster.restart().unwrap();
        let team_row = t.other_desk().local_order(t.draft).unwrap();
        assert_eq!(
            team_row.draft_json.as_deref(),
            Some(r#"{"reference":"PO-1"}"#)
        );
    }

    /// The team draft's form as it was made (placed unchanged).
    fn po1() -> DraftFields<'static> {
        DraftFields {
            draft_json: r#"{"reference":"PO-1"}"#,
            reference: "PO-1",
            recipient: "Nordby IF",
        }
    }

    /// The desk's store on the team database through a proxy that loses the answer
    /// to the COMMIT of the placement ("SET state = 'queued'") — the team committed it, the
    /// desk never hears it. Answers the proxy and the draft's key.
    #[cfg(unix)]
    fn place_with_commit_answer_lost(
        t: &mut Team,
    ) -> (crate::store::testing::pg_proxy::PgProxy, IdempotencyKey) {
        let proxy = crate::store::testing::pg_proxy::PgProxy::socket(
            t.cluster.socket_dir(),
            t.cluster.port,
        );
        let client = crate::store::testing::connect_to(&proxy.url(&t.db));
        t.desk.attach_team(client, "Front desk").unwrap();
        let key = t.desk.local_order(t.draft).unwrap().key.unwrap();
        proxy.lose_commit_after("SET state = 'queued'");
        let form = po1();
        let (outcome, row) = t
            .desk
            .place_kept(t.draft, t.account, &form, b"BODY", t.base)
            .unwrap();
        assert_eq!(proxy.commits_lost(), 1, "the COMMIT's answer was lost");
        assert!(matches!(outcome, DraftSave::Saved { .. }), "{outcome:?}");
        assert_eq!(row.state, OrderState::Queued, "never said as failed");
        assert!(row.kept_for_team(), "kept on this desk: {row:?}");
        let team_row = t.other_desk().local_order(t.draft).unwrap();
        assert_eq!(
            (team_row.state, team_row.key.as_ref()),
            (OrderState::Queued, Some(&key)),
            "the team committed it"
        );
        (proxy, key)
    }

    /// A placement whose COMMIT was made but not answered is kept with its key; on reconnect
    /// the team's row with that key and body is taken as placed: not queued again, not kept
    /// apart as a new draft, one row in the team's outbox.
    #[test]
    #[cfg(unix)]
    fn a_placement_whose_commit_answer_was_lost_is_taken_as_placed_on_reconnect() {
        let mut t = team();
        let (_proxy, key) = place_with_commit_answer_lost(&mut t);
        let report = t.attach_again();
        assert_eq!((report.written_back, report.placed), (1, 1), "{report:?}");
        assert!(report.kept_apart.is_empty(), "{report:?}");
        let other = t.other_desk();
        let out = other.outbox(t.account).unwrap();
        assert_eq!(out.len(), 1, "one order");
        assert_eq!((&out[0].key, out[0].body.as_slice()), (&key, &b"BODY"[..]));
        assert!(
            other.local_orders(t.account, true).unwrap().is_empty(),
            "no new draft"
        );
        assert_eq!(t.desk.kept_order(t.draft).unwrap(), None, "forgotten here");
    }

    /// Forget (leaving the team) after such a placement, the team out of reach: the kept
    /// order is a draft again with the key it was placed with — never a new key, which would
    /// make a second order when placed from here — and the report says it may be in the
    /// team's outbox (not "never sent").
    #[test]
    #[cfg(unix)]
    fn forgetting_the_team_after_a_placement_whose_commit_answer_was_lost_keeps_its_key() {
        let mut t = team();
        let (proxy, key) = place_with_commit_answer_lost(&mut t);
        proxy.refuse(true);
        assert!(
            t.desk.team_state().is_away(),
            "the broken connection counts as away"
        );
        let report = t.desk.leave_team().unwrap();
        assert_eq!(
            (report.drafts, report.unplaced, report.may_be_placed),
            (1, 0, 1),
            "{report:?}"
        );
        let [left] = report.accounts.as_slice() else {
            panic!("one account: {report:?}")
        };
        let drafts = t.desk.local_orders(left.account, true).unwrap();
        let keys: Vec<_> = drafts.iter().map(|d| d.key.clone()).collect();
        assert_eq!(keys, [Some(key)], "the order's own key, not a new one");
        assert!(
            t.desk.accounts_with_work().unwrap().is_empty(),
            "nothing sent"
        );
    }

    /// Forget while the team answers again: the kept placement it holds queued is the team's
    /// order; nothing of it becomes a draft here.
    #[test]
    #[cfg(unix)]
    fn forgetting_a_team_that_holds_the_placement_makes_no_draft_of_it() {
        let mut t = team();
        let (_proxy, key) = place_with_commit_answer_lost(&mut t);
        t.desk
            .attach_team(connect(&t.cluster, &t.db), "Front desk")
            .unwrap();
        let report = t.desk.leave_team().unwrap();
        assert!(report.is_empty(), "{report:?}");
        assert_eq!(t.desk.kept_order(t.draft).unwrap(), None);
        let team_row = t.other_desk().local_order(t.draft).unwrap();
        assert_eq!(
            (team_row.state, team_row.key),
            (OrderState::Queued, Some(key))
        );
    }

    /// The COMMIT answered, and the connection cut right after (before the row is read back):
    /// the placement is answered as queued, not said as failed, and nothing is kept here to go
    /// to the team again.
    #[cfg(unix)]
    #[test]
    fn a_placement_whose_read_back_is_lost_is_answered_as_queued() {
        let mut t = team();
        let proxy = crate::store::testing::pg_proxy::PgProxy::socket(
            t.cluster.socket_dir(),
            t.cluster.port,
        );
        let client = crate::store::testing::connect_to(&proxy.url(&t.db));
        t.desk.attach_team(client, "Front desk").unwrap();
        let key = t.desk.local_order(t.draft).unwrap().key;
        proxy.cut_after_commit_after("SET state = 'queued'");
        let (outcome, row) = t
            .desk
            .place_kept(t.draft, t.account, &po1(), b"BODY", t.base)
            .unwrap_or_else(|e| panic!("said as failed: {e}"));
        assert_eq!(proxy.commits_lost(), 1);
        assert_eq!(
            outcome,
            DraftSave::Saved {
                version: t.base + 1
            }
        );
        assert_eq!((row.state, &row.key), (OrderState::Queued, &key));
        assert!(!row.kept_for_team(), "in the team's outbox: {row:?}");
        assert_eq!(t.desk.kept_order(t.draft).unwrap(), None);
        let out = t.other_desk().outbox(t.account).unwrap();
        assert_eq!(out.len(), 1);
    }
}
