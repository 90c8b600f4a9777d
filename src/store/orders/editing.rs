//! Two people on one draft: who is editing a draft, and saves that never write
//! over a newer version without a word.
//!
//! - **Versions.** Every save of a draft makes its `version` one more and names the desk that
//!   saved it (`saved_desk`, `saved_name`). A save names the version its form was based on;
//!   it is written only if the row is still that version, or if this desk made every version
//!   since (its own saves in flight: the form holds all of them). Otherwise nothing is
//!   written and the save answers the row as it is now ([`DraftSave::Changed`]): the person
//!   chooses what to keep. Placing a draft is guarded the same way.
//! - **Who is editing.** Opening a draft marks it as this desk's (`editing_desk`, its name,
//!   since when) under a lease the backend renews while the draft is open
//!   ([`EDIT_LEASE`]), so a desk that died holding it lets go by itself. A draft another
//!   desk holds is shown read-only until the person *takes over* ([`Store::start_editing`]
//!   with `take_over`); from then the other desk's saves are refused
//!   ([`DraftSave::TakenOver`]) and its person is told, their text kept on their screen.
//!
//! On a desk of its own (SQLite, one process per data folder) the draft is always its own;
//! the same SQL runs, and a conflict cannot arise.

use super::super::db::params;
use super::super::{AccountId, Store, StoreError};
use super::{LocalOrder, LocalOrderId, NOW, SET_DEST_FROM_ACCOUNT};
use std::time::Duration;

/// How long a desk's mark on a draft lasts without renewal (the backend renews it every
/// third of it while the draft is open).
pub const EDIT_LEASE: Duration = Duration::from_secs(90);

/// Someone editing a draft.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Editing {
    /// The desk that holds the draft (never shown: [`Editing::name`] is).
    pub desk: String,
    /// Its name in Settings → Team (the computer's user by default).
    pub name: String,
    /// Since when it edits the draft (UTC, RFC 3339).
    pub since: String,
}

/// A draft's form as the composer saves it: the form as JSON, and the reference and
/// recipient the lists show.
#[derive(Debug, Clone, Copy)]
pub struct DraftFields<'a> {
    pub draft_json: &'a str,
    pub reference: &'a str,
    pub recipient: &'a str,
}

/// What a save (or "Place order") of a draft came to.
#[derive(Debug, Clone, PartialEq)]
pub enum DraftSave {
    /// Written: the draft's version now.
    Saved { version: i64 },
    /// Not written: another desk saved the draft since the version the form was based on.
    /// The row as it is now.
    Changed(Box<LocalOrder>),
    /// Not written: another desk took the draft over; who, since when.
    TakenOver(Editing),
    /// Not written: the row is no longer a draft (placed, deleted).
    Gone,
}

/// What opening a draft for editing came to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EditClaim {
    /// This desk edits it.
    Mine,
    /// Another desk edits it (its mark is live): shown read-only unless taken over.
    Elsewhere(Editing),
    /// The row is no longer a draft.
    Gone,
}

/// The guard of a write to a draft (parameters `$1` id, `$2` base version, `$3` this desk):
/// still a draft, no other desk's save since `$2`, and no other desk holding it.
const MAY_WRITE: &str = "id = $1 AND state = 'draft'
    AND (version = $2 OR saved_desk = $3)
    AND (editing_desk IS NULL OR editing_desk = $3 OR editing_until < {now})";

impl Store {
    /// Saves a draft's form, based on the draft's `base` version (module doc, "Versions").
    pub fn save_draft(
        &self,
        id: LocalOrderId,
        draft_json: &str,
        reference: &str,
        recipient: &str,
        base: i64,
    ) -> Result<DraftSave, StoreError> {
        let desk = self.desk_id()?;
        let n = self.on_order(id)?.execute(
            &format!(
                "UPDATE local_orders SET draft_json = $4, reference = $5, recipient = $6,
                    version = version + 1, saved_desk = $3, saved_name = $7, updated_at = {NOW}
                 WHERE {MAY_WRITE}"
            ),
            &params![
                id.0,
                base,
                desk.0.as_str(),
                draft_json,
                reference,
                recipient,
                self.desk_of(id.0)
            ],
        )?;
        if n == 1 {
            let version = self
                .on_order(id)?
                .query_row(
                    "SELECT version FROM local_orders WHERE id = $1",
                    &params![id.0],
                )?
                .get(0)?;
            return Ok(DraftSave::Saved { version });
        }
        self.refused(id, &desk.0)
    }

    /// Moves a draft to the outbox as [`Store::queue_draft`] does, guarded as a save is: the
    /// form placed must be the one based on the draft's `base` version (module doc).
    pub fn queue_draft_based(
        &mut self,
        id: LocalOrderId,
        form: &DraftFields<'_>,
        body: &[u8],
        base: i64,
    ) -> Result<DraftSave, StoreError> {
        if self.queue_guarded(id, form, body, Some(base))? == 1 {
            return Ok(DraftSave::Saved { version: base + 1 });
        }
        let desk = self.desk_id()?;
        self.refused(id, &desk.0)
    }

    /// Queues draft `id` with `form` and the exact `body`, its destination its account's now,
    /// in one transaction; guarded by `base` (a version) if given; signed by this desk in the
    /// same transaction (`store::desks`). Answers the rows written.
    pub(super) fn queue_guarded(
        &mut self,
        id: LocalOrderId,
        form: &DraftFields<'_>,
        body: &[u8],
        base: Option<i64>,
    ) -> Result<u64, StoreError> {
        let desk = self.desk_id()?;
        let placed_by = self.desk_of(id.0);
        let guard = if base.is_some() {
            MAY_WRITE
        } else {
            // Unguarded (the commands, the tests); `$2` named all the same, typed by the cast.
            "id = $1 AND state = 'draft' AND CAST($2 AS BIGINT) IS NOT NULL"
        };
        self.on_order(id)?.transaction(|db| {
            let n = db.execute(
                &format!(
                    "UPDATE local_orders SET state = 'queued', draft_json = $4, reference = $5,
                        recipient = $6, body = $7, body_sha256 = $9, queued_at = {NOW},
                        updated_at = {NOW},
                        placed_by = COALESCE($8, placed_by), version = version + 1,
                        saved_desk = $3, saved_name = $8, editing_desk = NULL,
                        editing_name = NULL, editing_since = NULL, editing_until = NULL,
                        {SET_DEST_FROM_ACCOUNT}
                     WHERE {guard}"
                ),
                &params![
                    id.0,
                    base.unwrap_or(0),
                    desk.0.as_str(),
                    form.draft_json,
                    form.reference,
                    form.recipient,
                    body,
                    placed_by,
                    super::body_sha256(body)
                ],
            )?;
            if n == 1 {
                self.sign_row(db, id, None)?;
            }
            Ok(n)
        })
    }

    /// Why a guarded write to draft `id` by `desk` was refused.
    fn refused(&self, id: LocalOrderId, desk: &str) -> Result<DraftSave, StoreError> {
        let row = match self.local_order(id) {
            Ok(row) => row,
            Err(StoreError::NoRow) => return Ok(DraftSave::Gone),
            Err(e) => return Err(e),
        };
        Ok(match row.editing {
            _ if row.state != super::OrderState::Draft => DraftSave::Gone,
            Some(e) if e.desk != desk => DraftSave::TakenOver(e),
            _ => DraftSave::Changed(Box::new(row)),
        })
    }

    /// Marks draft `id` as edited at this desk for [`EDIT_LEASE`] (and renews the mark):
    /// unless another desk's mark is live, or `take_over` (the person chose to). The mark
    /// keeps its "since" while this desk renews it.
    pub fn start_editing(
        &self,
        id: LocalOrderId,
        take_over: bool,
    ) -> Result<EditClaim, StoreError> {
        self.mark_editing(id, take_over, false)
    }

    fn mark_editing(
        &self,
        id: LocalOrderId,
        take_over: bool,
        retried: bool,
    ) -> Result<EditClaim, StoreError> {
        let desk = self.desk_id()?;
        let free = if take_over {
            ""
        } else {
            "AND (editing_desk IS NULL OR editing_desk = $2 OR editing_until < {now})"
        };
        let n = self.on_order(id)?.execute(
            &format!(
                "UPDATE local_orders SET editing_desk = $2, editing_name = $3,
                    editing_since = CASE WHEN editing_desk = $2 AND editing_until >= {NOW}
                        THEN editing_since ELSE {NOW} END,
                    editing_until = {{seconds_from_now($4)}}
                 WHERE id = $1 AND state = 'draft' {free}"
            ),
            &params![
                id.0,
                desk.0.as_str(),
                self.desk_of(id.0).unwrap_or_default(),
                EDIT_LEASE.as_secs_f64()
            ],
        )?;
        if n == 1 {
            return Ok(EditClaim::Mine);
        }
        match self.local_order(id) {
            Ok(row) if row.state == super::OrderState::Draft => match row.editing {
                Some(e) if e.desk != desk.0 => Ok(EditClaim::Elsewhere(e)),
                // Let go between the two statements: ask again (once).
                _ if !retried => self.mark_editing(id, take_over, true),
                _ => Err(StoreError::NoRow),
            },
            Ok(_) | Err(StoreError::NoRow) => Ok(EditClaim::Gone),
            Err(e) => Err(e),
        }
    }

    /// How long until the soonest live mark another desk holds on one of `account`'s drafts
    /// lapses, by the database's clock; `None` when no other desk holds one. A desk that died
    /// holding a draft lets go without a write anybody is told of: the lists are read again
    /// then, so its mark does not stay on the screen.
    pub fn next_mark_lapse(&self, account: AccountId) -> Result<Option<Duration>, StoreError> {
        let desk = self.desk_id()?;
        let row = self.on_account(account)?.query_row(
            "SELECT CAST(MIN(-{seconds_since(editing_until)}) * 1000 AS BIGINT) AS left_ms
               FROM local_orders
              WHERE account_id = $1 AND state = 'draft' AND editing_desk <> $2
                AND editing_until >= {now}",
            &params![account.0, desk.0.as_str()],
        )?;
        let left: Option<i64> = row.get("left_ms")?;
        // A lease is never longer than EDIT_LEASE: a bigger figure (a clock set back) is
        // read as a whole lease.
        Ok(left.map(|ms| Duration::from_millis(ms.max(0).unsigned_abs()).min(EDIT_LEASE)))
    }

    /// This desk no longer edits draft `id` (left, closed): the mark goes, if it is still
    /// this desk's.
    pub fn stop_editing(&self, id: LocalOrderId) -> Result<(), StoreError> {
        let desk = self.desk_id()?;
        self.on_order(id)?.execute(
            "UPDATE local_orders SET editing_desk = NULL, editing_name = NULL,
                editing_since = NULL, editing_until = NULL
             WHERE id = $1 AND editing_desk = $2",
            &params![id.0, desk.0.as_str()],
        )?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::super::super::testing::{each_backend, pg_client, pg_connect};
    use super::*;

    fn account(store: &Store) -> AccountId {
        store
            .insert_account(&crate::store::testing::remote("Club"))
            .unwrap()
            .id
    }

    fn saved(outcome: DraftSave) -> i64 {
        match outcome {
            DraftSave::Saved { version } => version,
            other => panic!("not saved: {other:?}"),
        }
    }

    #[test]
    fn a_desk_saves_its_own_versions_in_a_row_and_never_a_placed_order() {
        each_backend(|mut store| {
            let account = account(&store);
            let draft = store.create_draft(account, "{}", "PO-1", "Club").unwrap();
            assert_eq!(draft.version, 0);
            assert_eq!(
                store.start_editing(draft.id, false).unwrap(),
                EditClaim::Mine
            );
            let v1 = saved(
                store
                    .save_draft(draft.id, "{\"a\":1}", "PO-1", "Club", 0)
                    .unwrap(),
            );
            // A second save sent before the first's answer names version 0 too: this desk
            // made version 1, so its form holds it.
            let v2 = saved(
                store
                    .save_draft(draft.id, "{\"a\":2}", "PO-2", "Club", 0)
                    .unwrap(),
            );
            assert_eq!((v1, v2), (1, 2));
            let row = store.local_order(draft.id).unwrap();
            assert_eq!(
                (
                    row.draft_json.as_deref(),
                    row.reference.as_str(),
                    row.version
                ),
                (Some("{\"a\":2}"), "PO-2", 2)
            );
            assert!(row.editing.is_some(), "marked as edited here");
            let form = DraftFields {
                draft_json: "{\"a\":2}",
                reference: "PO-2",
                recipient: "Club",
            };
            assert_eq!(
                store
                    .queue_draft_based(draft.id, &form, b"BODY", 2)
                    .unwrap(),
                DraftSave::Saved { version: 3 }
            );
            let row = store.local_order(draft.id).unwrap();
            assert_eq!(row.editing, None, "a placed order is nobody's draft");
            assert_eq!(
                store.save_draft(draft.id, "{}", "PO-9", "Club", 3).unwrap(),
                DraftSave::Gone
            );
            assert_eq!(
                store.start_editing(draft.id, false).unwrap(),
                EditClaim::Gone
            );
        });
    }

    /// Two desks (each its own SQLite, attached to one team database) on one draft.
    fn two_desks() -> (Store, Store, LocalOrderId) {
        let (client, name) = pg_client();
        let mut anna = Store::open_in_memory().unwrap();
        anna.attach_team(client, "Anna").unwrap();
        let mut bo = Store::open_in_memory().unwrap();
        bo.attach_team(pg_connect(&name), "Bo").unwrap();
        let account = account(&anna);
        let draft = anna.create_draft(account, "{}", "PO-1", "Club").unwrap();
        (anna, bo, draft.id)
    }

    #[test]
    fn a_draft_edited_on_another_desk_is_read_only_until_taken_over() {
        let (anna, bo, id) = two_desks();
        assert_eq!(anna.start_editing(id, false).unwrap(), EditClaim::Mine);
        let since = anna.local_order(id).unwrap().editing.unwrap().since;
        // Renewing keeps "since".
        assert_eq!(anna.start_editing(id, false).unwrap(), EditClaim::Mine);
        let EditClaim::Elsewhere(editing) = bo.start_editing(id, false).unwrap() else {
            panic!("Bo must see Anna editing");
        };
        assert_eq!((editing.name.as_str(), editing.since), ("Anna", since));
        // Bo takes over: Anna's next save (and her renewal) is refused, with who took it.
        assert_eq!(bo.start_editing(id, true).unwrap(), EditClaim::Mine);
        let refused = anna
            .save_draft(id, "{\"anna\":1}", "PO-1", "Club", 0)
            .unwrap();
        assert!(
            matches!(&refused, DraftSave::TakenOver(e) if e.name == "Bo"),
            "{refused:?}"
        );
        assert!(matches!(
            anna.start_editing(id, false).unwrap(),
            EditClaim::Elsewhere(e) if e.name == "Bo"
        ));
        assert_eq!(
            saved(bo.save_draft(id, "{\"bo\":1}", "PO-1", "Club", 0).unwrap()),
            1
        );
        // Leaving lets go: Anna may edit again, and sees Bo's version.
        bo.stop_editing(id).unwrap();
        assert_eq!(anna.start_editing(id, false).unwrap(), EditClaim::Mine);
        let row = anna.local_order(id).unwrap();
        assert_eq!(
            (row.draft_json.as_deref(), row.saved_by.as_deref()),
            (Some("{\"bo\":1}"), Some("Bo"))
        );
    }

    #[test]
    fn the_lists_learn_when_another_desks_mark_lapses() {
        let (anna, bo, id) = two_desks();
        let account = anna.local_order(id).unwrap().account.unwrap();
        assert_eq!(anna.next_mark_lapse(account).unwrap(), None, "nobody edits");
        assert_eq!(bo.start_editing(id, false).unwrap(), EditClaim::Mine);
        assert_eq!(bo.next_mark_lapse(account).unwrap(), None, "its own mark");
        let left = anna.next_mark_lapse(account).unwrap().expect("Bo's mark");
        assert!(
            left > EDIT_LEASE - Duration::from_secs(10) && left <= EDIT_LEASE,
            "{left:?}"
        );
        // Bo's desk dies: its lease ends with nobody writing (here: ended by hand).
        bo.team_db()
            .unwrap()
            .execute(
                "UPDATE local_orders SET editing_until = {seconds_from_now($2)} WHERE id = $1",
                &params![id.0, -1.0_f64],
            )
            .unwrap();
        assert_eq!(anna.next_mark_lapse(account).unwrap(), None);
        assert_eq!(anna.local_order(id).unwrap().editing, None);
    }

    #[test]
    fn a_save_based_on_an_older_version_is_refused_with_the_newer_row() {
        let (anna, bo, id) = two_desks();
        // Both opened version 0; Bo saves first (no one holds the draft: Anna's lease ended).
        assert_eq!(
            saved(bo.save_draft(id, "{\"bo\":1}", "PO-B", "Club", 0).unwrap()),
            1
        );
        let DraftSave::Changed(theirs) = anna
            .save_draft(id, "{\"anna\":1}", "PO-A", "Club", 0)
            .unwrap()
        else {
            panic!("Anna's save must be refused");
        };
        assert_eq!(
            (
                theirs.version,
                theirs.draft_json.as_deref(),
                theirs.saved_by.as_deref()
            ),
            (1, Some("{\"bo\":1}"), Some("Bo"))
        );
        // Nothing of Anna's was written; placing on the old version is refused too.
        assert_eq!(anna.local_order(id).unwrap().reference, "PO-B");
        let mut anna = anna;
        let form = DraftFields {
            draft_json: "{\"anna\":1}",
            reference: "PO-A",
            recipient: "Club",
        };
        assert!(matches!(
            anna.queue_draft_based(id, &form, b"A", 0).unwrap(),
            DraftSave::Changed(_)
        ));
        // Anna keeps hers knowingly: based on the version she was shown.
        assert_eq!(
            saved(
                anna.save_draft(id, "{\"anna\":1}", "PO-A", "Club", 1)
                    .unwrap()
            ),
            2
        );
        assert_eq!(bo.local_order(id).unwrap().reference, "PO-A");
    }
}
