//! The club's approval of proofs (`proof_steps`, migration 7): every step a person records
//! for a design line of an order (proof sent, approved, changes asked) with who, when, a note,
//! the kept PDF and what it showed. Steps are only added; a line's status is its newest step
//! ([`crate::orders::approval`] says what it means).

use super::{LocalOrderId, Store, StoreError};
use crate::orders::approval::{KeptProof, LineKey, LineSnapshot, ProofStatus, ProofStep};
use chrono::{DateTime, Utc};
use rusqlite::params;
use std::collections::HashMap;

impl Store {
    /// Adds `step` to the steps of `order`'s line. The proof's path is kept as given
    /// (relative to the proofs folder).
    pub fn record_proof_step(
        &self,
        order: LocalOrderId,
        step: &ProofStep,
    ) -> Result<(), StoreError> {
        let snapshot = serde_json::to_string(&step.snapshot).unwrap_or_else(|_| "{}".into());
        self.conn().execute(
            "INSERT INTO proof_steps
                 (order_id, line_key, status, who, note, at, proof_file, proof_hash, snapshot_json)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
            params![
                order.0,
                step.line.0,
                step.status.as_str(),
                step.who,
                step.note,
                step.at.to_rfc3339(),
                step.proof
                    .as_ref()
                    .map(|p| p.path.to_string_lossy().into_owned()),
                step.proof.as_ref().map(|p| p.hash.clone()),
                snapshot,
            ],
        )?;
        Ok(())
    }

    /// Every step of `order`, oldest first.
    pub fn proof_history(&self, order: LocalOrderId) -> Result<Vec<ProofStep>, StoreError> {
        let mut stmt = self.conn().prepare(
            "SELECT line_key, status, who, note, at, proof_file, proof_hash, snapshot_json
             FROM proof_steps WHERE order_id = ?1 ORDER BY id",
        )?;
        let rows = stmt.query_map(params![order.0], |r| {
            Ok((
                r.get::<_, String>(0)?,
                r.get::<_, String>(1)?,
                r.get::<_, String>(2)?,
                r.get::<_, String>(3)?,
                r.get::<_, String>(4)?,
                r.get::<_, Option<String>>(5)?,
                r.get::<_, Option<String>>(6)?,
                r.get::<_, String>(7)?,
            ))
        })?;
        let mut steps = Vec::new();
        for row in rows {
            let (line, status, who, note, at, file, hash, snapshot) = row?;
            let Some(status) = ProofStatus::parse(&status) else {
                tracing::warn!(status, "a proof step of an unknown status is skipped");
                continue;
            };
            let at = DateTime::parse_from_rfc3339(&at)
                .map(|t| t.with_timezone(&Utc))
                .unwrap_or_default();
            let snapshot: LineSnapshot = serde_json::from_str(&snapshot).unwrap_or_default();
            steps.push(ProofStep {
                line: LineKey(line),
                status,
                who,
                note,
                at,
                proof: file.zip(hash).map(|(file, hash)| KeptProof {
                    path: file.into(),
                    hash,
                }),
                snapshot,
            });
        }
        Ok(steps)
    }

    /// The newest step of each line of `order`.
    pub fn proof_steps(
        &self,
        order: LocalOrderId,
    ) -> Result<HashMap<LineKey, ProofStep>, StoreError> {
        Ok(self
            .proof_history(order)?
            .into_iter()
            .map(|s| (s.line.clone(), s))
            .collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn step(line: &str, status: ProofStatus, who: &str) -> ProofStep {
        ProofStep {
            line: LineKey(line.into()),
            status,
            who: who.into(),
            note: "Fine — go ahead".into(),
            at: DateTime::parse_from_rfc3339("2026-11-26T09:30:00Z")
                .unwrap()
                .with_timezone(&Utc),
            proof: Some(KeptProof {
                path: "7/0123abcd.pdf".into(),
                hash: "0123abcd".into(),
            }),
            snapshot: LineSnapshot {
                design: "20001".into(),
                rows: vec![Default::default()],
            },
        }
    }

    #[test]
    fn the_newest_step_of_each_line_counts_and_the_history_is_kept() {
        let store = Store::open_in_memory().unwrap();
        let (order, other) = (LocalOrderId(7), LocalOrderId(8));
        assert!(store.proof_steps(order).unwrap().is_empty());
        store
            .record_proof_step(order, &step("20001#0", ProofStatus::Sent, ""))
            .unwrap();
        let approved = step("20001#0", ProofStatus::Approved, "Mette Jensen");
        store.record_proof_step(order, &approved).unwrap();
        store
            .record_proof_step(order, &step("40#0", ProofStatus::ChangesAsked, "Ib"))
            .unwrap();
        store
            .record_proof_step(other, &step("20001#0", ProofStatus::Sent, ""))
            .unwrap();
        let now = store.proof_steps(order).unwrap();
        assert_eq!(now.len(), 2);
        assert_eq!(now[&LineKey("20001#0".into())], approved);
        assert_eq!(
            now[&LineKey("40#0".into())].status,
            ProofStatus::ChangesAsked
        );
        let history = store.proof_history(order).unwrap();
        let statuses: Vec<_> = history.iter().map(|s| s.status).collect();
        assert_eq!(
            statuses,
            [
                ProofStatus::Sent,
                ProofStatus::Approved,
                ProofStatus::ChangesAsked
            ]
        );
        assert_eq!(store.proof_history(other).unwrap().len(), 1);
    }

    #[test]
    fn steps_survive_reopening_the_file() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("logodesk.sqlite");
        let approved = step("20001#0", ProofStatus::Approved, "Mette Jensen");
        Store::open(&path)
            .unwrap()
            .record_proof_step(LocalOrderId(1), &approved)
            .unwrap();
        let again = Store::open(&path).unwrap();
        assert_eq!(
            again.proof_steps(LocalOrderId(1)).unwrap()[&approved.line],
            approved
        );
    }

    #[test]
    fn a_status_outside_the_three_steps_is_refused() {
        let store = Store::open_in_memory().unwrap();
        let refused =
            store.record_proof_step(LocalOrderId(1), &step("1#0", ProofStatus::NotSent, ""));
        assert!(refused.is_err());
    }
}
