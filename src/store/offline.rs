//! A desk whose team database is out of reach (issue 29, "When the database is gone"): what a
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

use super::db::{Value, params};
use super::{
    AccountId, DraftFields, DraftSave, LocalOrder, LocalOrderId, OrderState, Store, StoreError,
    TEAM_IDS_FROM,
};

/// The columns of a team's account that its copy on this desk keeps (with the team's id).
const ACCOUNT_COLUMNS: &str =
    "id, name, kind, base_url, auth_style, organization_id, key_location, credential_version";

/// The columns of `team_kept` read back, in this order.
const KEPT_COLUMNS: &str =
    "order_id, account_id, draft_json, reference, recipient, body, base_version, kept_at";

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
}

impl Kept {
    fn read(row: &super::db::Row) -> Result<Kept, StoreError> {
        Ok(Kept {
            id: LocalOrderId(row.get(0)?),
            account: AccountId(row.get(1)?),
            draft_json: row.get(2)?,
            reference: row.get(3)?,
            recipient: row.get(4)?,
            body: row.get(5)?,
            base_version: row.get(6)?,
            kept_at: row.get(7)?,
        })
    }
}

impl LocalOrder {
    /// Kept on this desk for a team's account while the team database could not be reached,
    /// waiting to go to the team: made here (a row of this desk's database under a team's
    /// account), or a team draft placed here meanwhile (a queued row without its key, which
    /// only the team's row holds; every queued row of a database has its key).
    pub fn kept_for_team(&self) -> bool {
        self.account.is_some_and(|a| a.0 >= TEAM_IDS_FROM)
            && (self.id.0 < TEAM_IDS_FROM
                || (self.state == OrderState::Queued && self.key.is_none()))
    }
}

impl StoreError {
    /// Whether the team database could not be reached (no connection, a connection that broke
    /// or a server shutting down), as opposed to a statement it refused.
    pub fn is_team_unreachable(&self) -> bool {
        match self {
            StoreError::TeamUnreachable | StoreError::TeamNotConnected => true,
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

    /// Whether a team database is attached and out of reach now.
    pub fn team_away(&self) -> bool {
        self.team.as_ref().is_some_and(|t| t.away)
    }

    /// Reads the team's accounts as they are now (kept in memory): a new draft of one of them
    /// made while the team database is out of reach goes under a copy of it on this desk.
    pub fn remember_team_accounts(&mut self) -> Result<(), StoreError> {
        let Some(team) = &mut self.team else {
            return Ok(());
        };
        let rows = team.db.query_all(
            &format!("SELECT {ACCOUNT_COLUMNS} FROM accounts WHERE kind = 'remote'"),
            &[],
        )?;
        team.known = rows
            .iter()
            .map(|r| Ok((r.get::<i64>(0)?, r.values().to_vec())))
            .collect::<Result<_, StoreError>>()?;
        Ok(())
    }

    /// The copy on this desk of the team's `account` (same id, name, address, header style,
    /// organization and key version), made from the team's accounts as last read.
    fn ensure_copy(&self, account: AccountId) -> Result<(), StoreError> {
        let team = self.team.as_ref().ok_or(StoreError::TeamNotConnected)?;
        if self
            .db
            .query_opt("SELECT 1 FROM accounts WHERE id = $1", &params![account.0])?
            .is_some()
        {
            return Ok(());
        }
        let values = team
            .known
            .get(&account.0)
            .ok_or(StoreError::TeamUnreachable)?;
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
                &format!("INSERT INTO accounts ({ACCOUNT_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)"),
                values,
            );
            if let Err(e) = result {
                return Err(match (e.is_unique_violation(), values.get(1)) {
                    (true, Some(Value::Text(name))) => StoreError::DuplicateName(name.clone()),
                    _ => e,
                });
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
        self.keep_here.set(true);
        let made = self.create_draft(account, draft_json, reference, recipient);
        self.keep_here.set(false);
        made
    }

    /// Whether a failure of a call about row or account `id` means "keep it here": the row is
    /// the team's, a team database is attached, and it cannot be reached.
    fn keeps(&self, id: i64, error: &StoreError) -> bool {
        id >= TEAM_IDS_FROM && self.team.is_some() && error.is_team_unreachable()
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
        if account.0 >= TEAM_IDS_FROM && self.team_away() {
            return self.create_here(account, draft_json, reference, recipient);
        }
        match self.create_draft(account, draft_json, reference, recipient) {
            Err(e) if self.keeps(account.0, &e) => {
                tracing::info!(error = %e, "the team database is out of reach: a new draft is made on this desk");
                self.create_here(account, draft_json, reference, recipient)
            }
            made => made,
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
            let row = self.keep(id, account, &form, None, base)?;
            Ok((DraftSave::Saved { version: base }, Some(row)))
        };
        if id.0 >= TEAM_IDS_FROM && self.team_away() {
            return kept(id);
        }
        match self.save_draft(id, draft_json, reference, recipient, base) {
            Ok(DraftSave::Gone) if id.0 < TEAM_IDS_FROM => match self.moved(id)? {
                Some(team) => {
                    self.save_draft_kept(team, account, draft_json, reference, recipient, base)
                }
                None => Ok((DraftSave::Gone, None)),
            },
            Ok(saved) => {
                if id.0 >= TEAM_IDS_FROM && matches!(saved, DraftSave::Saved { .. }) {
                    // The newest text is the team's now: nothing older goes back later.
                    self.forget_kept(id)?;
                }
                Ok((saved, None))
            }
            Err(e) if self.keeps(id.0, &e) => {
                tracing::info!(error = %e, "the team database is out of reach: a draft's save is kept on this desk");
                kept(id)
            }
            Err(e) => Err(e),
        }
    }

    /// Places a draft of `account` based on its version `base` ([`Store::queue_draft_based`])
    /// and answers what came of it and the row. A team draft placed while the team database
    /// cannot be reached is kept here with its body (queued in the team's outbox on reconnect,
    /// [`Store::write_back_kept`]); a draft made here is queued here, sent by no desk until it
    /// has moved into the team.
    pub fn place_kept(
        &mut self,
        id: LocalOrderId,
        account: AccountId,
        form: &DraftFields<'_>,
        body: &[u8],
        base: i64,
    ) -> Result<(DraftSave, LocalOrder), StoreError> {
        let kept = |store: &Store, id| {
            let row = store.keep(id, account, form, Some(body), base)?;
            Ok((DraftSave::Saved { version: base }, row))
        };
        if id.0 >= TEAM_IDS_FROM && self.team_away() {
            return kept(self, id);
        }
        match self.queue_draft_based(id, form, body, base) {
            Ok(DraftSave::Gone) if id.0 < TEAM_IDS_FROM => match self.moved(id)? {
                Some(team) => self.place_kept(team, account, form, body, base),
                None => Ok((DraftSave::Gone, self.local_order(id)?)),
            },
            Ok(placed) => {
                if id.0 >= TEAM_IDS_FROM && matches!(placed, DraftSave::Saved { .. }) {
                    self.forget_kept(id)?;
                }
                Ok((placed, self.local_order(id)?))
            }
            Err(e) if self.keeps(id.0, &e) => {
                tracing::info!(error = %e, "the team database is out of reach: an order is kept on this desk");
                kept(self, id)
            }
            Err(e) => Err(e),
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
        if self.team.is_none() || self.team_away() {
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
    /// save's base stays); `body`: it was placed. Answers the row as kept.
    fn keep(
        &self,
        id: LocalOrderId,
        account: AccountId,
        form: &DraftFields<'_>,
        body: Option<&[u8]>,
        base: i64,
    ) -> Result<LocalOrder, StoreError> {
        self.db.execute(
            "INSERT INTO team_kept (order_id, account_id, draft_json, reference, recipient, body,
                base_version)
             VALUES ($1, $2, $3, $4, $5, $6, $7)
             ON CONFLICT (order_id) DO UPDATE SET draft_json = excluded.draft_json,
                reference = excluded.reference, recipient = excluded.recipient,
                body = COALESCE(excluded.body, team_kept.body), kept_at = {now}",
            &params![
                id.0,
                account.0,
                form.draft_json,
                form.reference,
                form.recipient,
                body,
                base
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

    /// Writes back to the attached team database what was kept here while it was out of
    /// reach (module doc): each kept text to its team draft if nobody changed that row
    /// meanwhile (and queues it if it was placed here), else as a new draft. Each kept row is
    /// forgotten here once the team has it.
    pub fn write_back_kept(&mut self) -> Result<KeptReport, StoreError> {
        let mut report = KeptReport::default();
        if self.team.is_none() || self.team_away() {
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
            let team = &self.team.as_ref().ok_or(StoreError::TeamNotConnected)?.db;
            let now = team.query_opt(
                "SELECT state, draft_json FROM local_orders WHERE id = $1",
                &params![k.id.0],
            )?;
            let (state, text): (Option<String>, Option<String>) = match &now {
                Some(r) => (Some(r.get(0)?), r.get(1)?),
                None => (None, None),
            };
            // Written back already (a write-back whose end here was cut short): nothing twice.
            let already = text.as_deref() == Some(k.draft_json.as_str())
                && (k.body.is_none() || state.as_deref() != Some("draft"));
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

/// A draft's form (JSON) with its reference set to `reference` (the kept copy's), so the
/// composer shows what the list says; any other JSON is kept as it is.
fn with_reference(draft_json: &str, reference: &str) -> String {
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
    use crate::api::AuthStyle;
    use crate::store::{KeyLocation, NewAccount};
    use crate::team::pg_cluster::{PgCluster, PgOptions};

    /// A team database of its own on a server of its own (it is stopped and started again), and
    /// a desk on it with the team's account "Club shop" and a team draft "PO-1".
    struct Team {
        cluster: PgCluster,
        db: String,
        _dir: tempfile::TempDir,
        desk: Store,
        account: AccountId,
        draft: LocalOrderId,
        /// The draft's version as the desk read it (what its composer's saves are based on).
        base: i64,
    }

    fn connect(cluster: &PgCluster, db: &str) -> postgres::Client {
        postgres::Client::connect(&cluster.conninfo(db), postgres::NoTls)
            .unwrap_or_else(|e| panic!("connecting to {db}: {e}"))
    }

    /// A desk that joined the team: its account and its draft moved into the team database
    /// (so the draft's id here, 1, is a joined row's origin there and is handed out again).
    fn team() -> Team {
        let cluster = PgCluster::start(&PgOptions::default()).unwrap_or_else(|e| panic!("{e}"));
        let db = cluster.create_database();
        let dir = tempfile::tempdir().unwrap();
        let mut desk = Store::open(&dir.path().join("logodesk.sqlite")).unwrap();
        desk.ensure_sandbox_account().unwrap();
        let local = desk
            .insert_account(&NewAccount {
                name: "Club shop".into(),
                base_url: url::Url::parse("https://api.example.com/").unwrap(),
                auth: AuthStyle::Bearer,
                organization_id: None,
                key_location: KeyLocation::Keychain,
            })
            .unwrap()
            .id;
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
            _dir: dir,
            desk,
            account,
            draft,
            base,
        }
    }

    impl Team {
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
        let form = DraftFields {
            draft_json: r#"{"reference":"PO-1"}"#,
            reference: "PO-1",
            recipient: "Nordby IF",
        };
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
}
