//! The club's approval of proofs (`proof_steps`, migration 7): every step a person records
//! for a design line of an order (proof sent, approved, changes asked) with who, when, a note,
//! the kept PDF and what it showed. Steps are only added; a line's status is its newest step.
//! Rows are plain text here; [`crate::orders::approval`] reads them (`ProofStep::from_stored`)
//! and says what they mean.

use super::db::{Db, params};
use super::{LocalOrderId, Store, StoreError};

/// One step as stored.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct StoredProofStep {
    /// The design line (`orders::approval::LineKey`).
    pub line: String,
    /// `sent`, `approved` or `changes_asked`.
    pub status: String,
    pub who: String,
    pub note: String,
    /// When (RFC 3339).
    pub at: String,
    /// The kept PDF, relative to the data folder's `proofs/`, and the hash of its bytes.
    pub proof_file: Option<String>,
    pub proof_hash: Option<String>,
    /// What that proof showed of the line (JSON).
    pub snapshot_json: String,
}

/// Writes `step` of `order` to `db`; `origin` names a step made elsewhere (the club room's
/// `club:<request>:<line>`), unique.
pub(super) fn insert_step(
    db: &Db,
    order: LocalOrderId,
    step: &StoredProofStep,
    origin: Option<&str>,
) -> Result<(), StoreError> {
    db.execute(
        "INSERT INTO proof_steps (order_id, line_key, status, who, note, at, proof_file,
             proof_hash, snapshot_json, origin)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)",
        &params![
            order.0,
            &step.line,
            &step.status,
            &step.who,
            &step.note,
            &step.at,
            step.proof_file.as_deref(),
            step.proof_hash.as_deref(),
            &step.snapshot_json,
            origin,
        ],
    )?;
    Ok(())
}

impl Store {
    /// Adds `step` to the steps of `order`'s line.
    pub fn record_proof_step(
        &self,
        order: LocalOrderId,
        step: &StoredProofStep,
    ) -> Result<(), StoreError> {
        insert_step(self.on_order(order)?, order, step, None)
    }

    /// Keeps a sent proof's bytes (`hash`) with the steps of `order` that name it, on a team's
    /// row only: the team's desks cannot read each other's folders ([`Store::proof_pdf`]). A
    /// desk's own rows keep only the file.
    pub fn keep_proof_pdf(
        &self,
        order: LocalOrderId,
        hash: &str,
        bytes: &[u8],
    ) -> Result<(), StoreError> {
        if !order.is_team() {
            return Ok(());
        }
        self.on_order(order)?.execute(
            "UPDATE proof_steps SET proof_pdf = $3
             WHERE order_id = $1 AND proof_hash = $2 AND proof_pdf IS NULL",
            &params![order.0, hash, bytes],
        )?;
        Ok(())
    }

    /// The bytes of `order`'s proof `hash` as the database keeps them (a sheet another desk of
    /// the team sent, or one moved in by joining), if it does.
    pub fn proof_pdf(
        &self,
        order: LocalOrderId,
        hash: &str,
    ) -> Result<Option<Vec<u8>>, StoreError> {
        self.on_order(order)?
            .query_opt(
                "SELECT proof_pdf FROM proof_steps
                 WHERE order_id = $1 AND proof_hash = $2 AND proof_pdf IS NOT NULL LIMIT 1",
                &params![order.0, hash],
            )?
            .map(|r| r.get(0))
            .transpose()
    }

    /// Every step of `order`, oldest first.
    pub fn proof_history(&self, order: LocalOrderId) -> Result<Vec<StoredProofStep>, StoreError> {
        self.on_order(order)?
            .query_all(
                "SELECT line_key, status, who, note, at, proof_file, proof_hash, snapshot_json
                 FROM proof_steps WHERE order_id = $1 ORDER BY id",
                &params![order.0],
            )?
            .iter()
            .map(|r| {
                Ok(StoredProofStep {
                    line: r.get("line_key")?,
                    status: r.get("status")?,
                    who: r.get("who")?,
                    note: r.get("note")?,
                    at: r.get("at")?,
                    proof_file: r.get("proof_file")?,
                    proof_hash: r.get("proof_hash")?,
                    snapshot_json: r.get("snapshot_json")?,
                })
            })
            .collect()
    }

    /// The newest step of each line of `order`, by line.
    pub fn proof_steps(&self, order: LocalOrderId) -> Result<Vec<StoredProofStep>, StoreError> {
        let mut newest: Vec<StoredProofStep> = Vec::new();
        for step in self.proof_history(order)? {
            match newest.iter_mut().find(|s| s.line == step.line) {
                Some(older) => *older = step,
                None => newest.push(step),
            }
        }
        newest.sort_by(|a, b| a.line.cmp(&b.line));
        Ok(newest)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::testing::{each_backend, each_place};

    fn step(line: &str, status: &str, who: &str) -> StoredProofStep {
        StoredProofStep {
            line: line.into(),
            status: status.into(),
            who: who.into(),
            note: "Fine — go ahead".into(),
            at: "2026-11-26T09:30:00+00:00".into(),
            proof_file: Some("7/0123abcd.pdf".into()),
            proof_hash: Some("0123abcd".into()),
            snapshot_json: r#"{"design":"20001","rows":[]}"#.into(),
        }
    }

    #[test]
    fn the_newest_step_of_each_line_counts_and_the_history_is_kept() {
        each_backend(|store| the_newest_step_counts(&store));
    }

    fn the_newest_step_counts(store: &Store) {
        let (order, other) = (LocalOrderId(7), LocalOrderId(8));
        assert!(store.proof_steps(order).unwrap().is_empty());
        store
            .record_proof_step(order, &step("20001#0", "sent", ""))
            .unwrap();
        let approved = step("20001#0", "approved", "Mette Jensen");
        store.record_proof_step(order, &approved).unwrap();
        store
            .record_proof_step(order, &step("40#0", "changes_asked", "Ib"))
            .unwrap();
        store
            .record_proof_step(other, &step("20001#0", "sent", ""))
            .unwrap();
        let now = store.proof_steps(order).unwrap();
        assert_eq!(now.len(), 2);
        assert_eq!(now[0], approved);
        assert_eq!(now[1].status, "changes_asked");
        let history = store.proof_history(order).unwrap();
        let statuses: Vec<&str> = history.iter().map(|s| s.status.as_str()).collect();
        assert_eq!(statuses, ["sent", "approved", "changes_asked"]);
        assert_eq!(store.proof_history(other).unwrap().len(), 1);
    }

    #[test]
    fn steps_survive_reopening_the_file() {
        each_place(|place| {
            let approved = step("20001#0", "approved", "Mette Jensen");
            place
                .open()
                .record_proof_step(LocalOrderId(1), &approved)
                .unwrap();
            let again = place.open();
            assert_eq!(again.proof_steps(LocalOrderId(1)).unwrap(), [approved]);
        });
    }

    /// A team's sheet is kept in the database with its steps (the desks cannot read each
    /// other's folders); a desk's own row keeps only its file.
    #[test]
    fn a_teams_proof_is_kept_in_the_database_a_desks_own_is_not() {
        use crate::store::testing::pg_client;
        let store = Store::open_postgres(pg_client().0).unwrap();
        let (team, own) = (
            LocalOrderId(crate::store::TEAM_IDS_FROM + 7),
            LocalOrderId(7),
        );
        for order in [team, own] {
            store
                .record_proof_step(order, &step("20001#0", "sent", ""))
                .unwrap();
            store
                .keep_proof_pdf(order, "0123abcd", b"%PDF-1.7 sheet")
                .unwrap();
            // The answer recorded later names the same proof.
            store
                .record_proof_step(order, &step("20001#0", "approved", "Mette"))
                .unwrap();
        }
        assert_eq!(
            store.proof_pdf(team, "0123abcd").unwrap().as_deref(),
            Some(&b"%PDF-1.7 sheet"[..])
        );
        assert_eq!(store.proof_pdf(team, "ffff").unwrap(), None);
        assert_eq!(store.proof_pdf(own, "0123abcd").unwrap(), None);
    }

    #[test]
    fn a_status_outside_the_three_steps_is_refused() {
        each_backend(|store| {
            let refused = store.record_proof_step(LocalOrderId(1), &step("1#0", "not_sent", ""));
            assert!(refused.is_err());
        });
    }
}
