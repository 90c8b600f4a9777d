//! The club's approval of proofs (`proof_steps`, migration 7): every step a person records
//! for a design line of an order (proof sent, approved, changes asked) with who, when, a note,
//! the kept PDF and what it showed. Steps are only added; a line's status is its newest step.
//! Rows are plain text here; [`crate::orders::approval`] reads them (`ProofStep::from_stored`)
//! and says what they mean.

use super::db::params;
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

impl Store {
    /// Adds `step` to the steps of `order`'s line.
    pub fn record_proof_step(
        &self,
        order: LocalOrderId,
        step: &StoredProofStep,
    ) -> Result<(), StoreError> {
        self.on_order(order)?.execute(
            "INSERT INTO proof_steps
                 (order_id, line_key, status, who, note, at, proof_file, proof_hash, snapshot_json)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
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
            ],
        )?;
        Ok(())
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
                    line: r.get(0)?,
                    status: r.get(1)?,
                    who: r.get(2)?,
                    note: r.get(3)?,
                    at: r.get(4)?,
                    proof_file: r.get(5)?,
                    proof_hash: r.get(6)?,
                    snapshot_json: r.get(7)?,
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

    #[test]
    fn a_status_outside_the_three_steps_is_refused() {
        each_backend(|store| {
            let refused = store.record_proof_step(LocalOrderId(1), &step("1#0", "not_sent", ""));
            assert!(refused.is_err());
        });
    }
}
