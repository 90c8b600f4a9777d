//! The club's approval of proofs, without a window: a design line's proof status (not sent,
//! sent, approved, changes asked) with who, when, a note and the proof sheet it concerns.
//!
//! The unit is the **design line** (clubs approve a design with its roster); the order only
//! summarises its lines ([`summarise`]: approved when every line is). A line is named by its
//! design reference and which line with that reference it is ([`line_keys`]), so removing
//! another design's line keeps it. Each step keeps a [`LineSnapshot`] of what the proof showed
//! (design, and each row's size, quantity, name, number and values); when the line no longer
//! matches it, the status is *stale* ([`shown`], with [`changes`] saying what changed) and
//! counts as not approved. Steps are only ever added (`store::approvals`), so the history and
//! the PDFs they name are never lost when the draft changes.

use crate::orders::form::DesignForm;
use crate::store::approvals::StoredProofStep;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::path::PathBuf;

/// Where a line's proof stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum ProofStatus {
    #[default]
    NotSent,
    Sent,
    Approved,
    ChangesAsked,
}

impl ProofStatus {
    /// The word kept in the database.
    pub fn as_str(self) -> &'static str {
        match self {
            ProofStatus::NotSent => "not_sent",
            ProofStatus::Sent => "sent",
            ProofStatus::Approved => "approved",
            ProofStatus::ChangesAsked => "changes_asked",
        }
    }

    /// The status a database word names.
    pub fn parse(word: &str) -> Option<ProofStatus> {
        [
            ProofStatus::NotSent,
            ProofStatus::Sent,
            ProofStatus::Approved,
            ProofStatus::ChangesAsked,
        ]
        .into_iter()
        .find(|s| s.as_str() == word)
    }
}

/// Which design line of a draft: its design reference and its place among the lines with
/// that reference (`"1234#0"`).
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct LineKey(pub String);

/// The key of every design line, in the form's order.
pub fn line_keys(designs: &[DesignForm]) -> Vec<LineKey> {
    let mut seen: HashMap<&str, usize> = HashMap::new();
    designs
        .iter()
        .map(|d| {
            let reference = d.reference.trim();
            let n = seen.entry(reference).or_default();
            let key = LineKey(format!("{reference}#{n}"));
            *n += 1;
            key
        })
        .collect()
}

/// One roster row as the proof showed it.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct SnapshotRow {
    pub size: String,
    pub quantity: String,
    pub name: String,
    pub number: String,
    pub values: Vec<(i64, String)>,
}

/// What a proof showed of a design line (trimmed, blank values left out).
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct LineSnapshot {
    pub design: String,
    pub rows: Vec<SnapshotRow>,
}

impl LineSnapshot {
    /// The line as it is now.
    pub fn of(d: &DesignForm) -> LineSnapshot {
        LineSnapshot {
            design: d.reference.trim().to_owned(),
            rows: d
                .rows
                .iter()
                .map(|r| SnapshotRow {
                    size: r.size.trim().to_owned(),
                    quantity: r.quantity.trim().to_owned(),
                    name: r.name.trim().to_owned(),
                    number: r.number.trim().to_owned(),
                    values: r
                        .values
                        .iter()
                        .filter(|(_, v)| !v.trim().is_empty())
                        .map(|(id, v)| (*id, v.trim().to_owned()))
                        .collect(),
                })
                .collect(),
        }
    }
}

/// What changed in a line since a proof was sent or approved.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Change {
    Design,
    RowsAdded(usize),
    RowsRemoved(usize),
    Sizes,
    Quantities,
    Names,
    Numbers,
    Values,
}

/// What changed from `before` to `now` (nothing: the proof still shows the line).
pub fn changes(before: &LineSnapshot, now: &LineSnapshot) -> Vec<Change> {
    let mut found = Vec::new();
    if before.design != now.design {
        found.push(Change::Design);
    }
    let (b, n) = (before.rows.len(), now.rows.len());
    if n > b {
        found.push(Change::RowsAdded(n - b));
    }
    if b > n {
        found.push(Change::RowsRemoved(b - n));
    }
    let pairs: Vec<_> = before.rows.iter().zip(&now.rows).collect();
    type Differs = fn(&SnapshotRow, &SnapshotRow) -> bool;
    let checks: [(Change, Differs); 5] = [
        (Change::Sizes, |a, b| a.size != b.size),
        (Change::Quantities, |a, b| a.quantity != b.quantity),
        (Change::Names, |a, b| a.name != b.name),
        (Change::Numbers, |a, b| a.number != b.number),
        (Change::Values, |a, b| a.values != b.values),
    ];
    for (change, differ) in checks {
        if pairs.iter().any(|(a, b)| differ(a, b)) {
            found.push(change);
        }
    }
    found
}

/// A proof sheet kept in the data folder: the exact file that was sent.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KeptProof {
    /// The file (the store keeps it relative to the proofs folder; the backend hands it out
    /// whole).
    pub path: PathBuf,
    /// The hash of its bytes (its file name without `.pdf`).
    pub hash: String,
}

/// One step of a line's approval, as recorded.
#[derive(Debug, Clone, PartialEq)]
pub struct ProofStep {
    pub line: LineKey,
    pub status: ProofStatus,
    /// The club's contact as typed (empty for "sent").
    pub who: String,
    pub note: String,
    pub at: DateTime<Utc>,
    /// The sheet sent, or the one the answer concerns.
    pub proof: Option<KeptProof>,
    /// What that proof showed.
    pub snapshot: LineSnapshot,
}

impl ProofStep {
    /// The step as the store keeps it (`path`: relative to the proofs folder).
    pub fn to_stored(&self) -> StoredProofStep {
        StoredProofStep {
            line: self.line.0.clone(),
            status: self.status.as_str().to_owned(),
            who: self.who.clone(),
            note: self.note.clone(),
            at: self.at.to_rfc3339(),
            proof_file: self
                .proof
                .as_ref()
                .map(|p| p.path.to_string_lossy().into_owned()),
            proof_hash: self.proof.as_ref().map(|p| p.hash.clone()),
            snapshot_json: serde_json::to_string(&self.snapshot).unwrap_or_else(|_| "{}".into()),
        }
    }

    /// A stored step (`None`, logged, for a status this version does not know).
    pub fn from_stored(s: StoredProofStep) -> Option<ProofStep> {
        let Some(status) = ProofStatus::parse(&s.status) else {
            tracing::warn!(
                status = s.status,
                "a proof step of an unknown status is skipped"
            );
            return None;
        };
        Some(ProofStep {
            line: LineKey(s.line),
            status,
            who: s.who,
            note: s.note,
            at: DateTime::parse_from_rfc3339(&s.at)
                .map(|t| t.with_timezone(&Utc))
                .unwrap_or_default(),
            proof: s
                .proof_file
                .zip(s.proof_hash)
                .map(|(file, hash)| KeptProof {
                    path: file.into(),
                    hash,
                }),
            snapshot: serde_json::from_str(&s.snapshot_json).unwrap_or_default(),
        })
    }
}

/// The stored newest steps of an order's lines, by line.
pub fn by_line(stored: Vec<StoredProofStep>) -> HashMap<LineKey, ProofStep> {
    stored
        .into_iter()
        .filter_map(ProofStep::from_stored)
        .map(|s| (s.line.clone(), s))
        .collect()
}

/// What a person does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Action {
    MarkSent,
    Approve,
    AskChanges,
}

/// Why a step cannot be recorded.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ApprovalError {
    /// An answer needs a proof sent first.
    #[error("{}", crate::tr!("approval-error-not-sent"))]
    NotSent,
    /// The line changed since the proof was sent: the club would answer for another one.
    #[error("{}", crate::tr!("approval-error-stale"))]
    Stale,
    /// An answer says who gave it.
    #[error("{}", crate::tr!("approval-error-no-name"))]
    NoName,
}

/// The status `action` leads to from the line's newest step `current`, the line being `now`.
/// A proof may be sent again at any time (a new sheet); an answer needs a sent proof that
/// still shows the line, and a name.
pub fn next(
    current: Option<&ProofStep>,
    action: Action,
    now: &LineSnapshot,
    who: &str,
) -> Result<ProofStatus, ApprovalError> {
    let answer = match action {
        Action::MarkSent => return Ok(ProofStatus::Sent),
        Action::Approve => ProofStatus::Approved,
        Action::AskChanges => ProofStatus::ChangesAsked,
    };
    let Some(step) = current.filter(|s| s.status != ProofStatus::NotSent && s.proof.is_some())
    else {
        return Err(ApprovalError::NotSent);
    };
    if &step.snapshot != now {
        return Err(ApprovalError::Stale);
    }
    if who.trim().is_empty() {
        return Err(ApprovalError::NoName);
    }
    Ok(answer)
}

/// What a line shows now.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Shown {
    Current(ProofStatus),
    /// The line changed since its proof was `was`.
    Stale {
        was: ProofStatus,
        changes: Vec<Change>,
    },
}

impl Shown {
    pub fn is_approved(&self) -> bool {
        *self == Shown::Current(ProofStatus::Approved)
    }
}

/// The status of a line whose newest step is `step`, the line being `now`.
pub fn shown(step: Option<&ProofStep>, now: &LineSnapshot) -> Shown {
    match step {
        None => Shown::Current(ProofStatus::NotSent),
        Some(s) if s.status == ProofStatus::NotSent => Shown::Current(ProofStatus::NotSent),
        Some(s) => {
            let changed = changes(&s.snapshot, now);
            if changed.is_empty() {
                Shown::Current(s.status)
            } else {
                Shown::Stale {
                    was: s.status,
                    changes: changed,
                }
            }
        }
    }
}

/// The order's approval: how many lines, and which (indices) are not approved.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct OrderApproval {
    pub lines: usize,
    pub not_approved: Vec<usize>,
}

impl OrderApproval {
    pub fn is_all_approved(&self) -> bool {
        self.not_approved.is_empty()
    }

    pub fn approved(&self) -> usize {
        self.lines - self.not_approved.len()
    }
}

/// Whether every design line of `designs` is approved as it is now, by the newest steps.
pub fn summarise(designs: &[DesignForm], steps: &HashMap<LineKey, ProofStep>) -> OrderApproval {
    let not_approved = line_keys(designs)
        .iter()
        .zip(designs)
        .enumerate()
        .filter(|(_, (key, d))| !shown(steps.get(*key), &LineSnapshot::of(d)).is_approved())
        .map(|(i, _)| i)
        .collect();
    OrderApproval {
        lines: designs.len(),
        not_approved,
    }
}

/// A stable hash of a proof sheet's bytes, its kept file's name: 64-bit FNV-1a in hex (names
/// files, guards against nothing).
pub fn content_hash(bytes: &[u8]) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in bytes {
        h ^= u64::from(*b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    format!("{h:016x}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::orders::form::RowForm;

    fn line(reference: &str, names: &[&str]) -> DesignForm {
        DesignForm {
            reference: reference.into(),
            rows: names
                .iter()
                .map(|n| RowForm {
                    size: "M".into(),
                    quantity: "1".into(),
                    name: (*n).into(),
                    number: "7".into(),
                    ..Default::default()
                })
                .collect(),
            ..Default::default()
        }
    }

    fn step(d: &DesignForm, status: ProofStatus) -> ProofStep {
        ProofStep {
            line: LineKey("x".into()),
            status,
            who: "Mette Jensen".into(),
            note: String::new(),
            at: Utc::now(),
            proof: Some(KeptProof {
                path: "1/abc.pdf".into(),
                hash: "abc".into(),
            }),
            snapshot: LineSnapshot::of(d),
        }
    }

    #[test]
    fn lines_are_named_by_design_and_occurrence() {
        let designs = [line("12", &[]), line(" 40 ", &[]), line("12", &[])];
        let keys: Vec<String> = line_keys(&designs).into_iter().map(|k| k.0).collect();
        assert_eq!(keys, ["12#0", "40#0", "12#1"]);
        // Removing another design's line keeps the key.
        assert_eq!(line_keys(&designs[1..])[0].0, "40#0");
    }

    #[test]
    fn statuses_round_trip_their_words() {
        for s in [
            ProofStatus::NotSent,
            ProofStatus::Sent,
            ProofStatus::Approved,
            ProofStatus::ChangesAsked,
        ] {
            assert_eq!(ProofStatus::parse(s.as_str()), Some(s));
        }
        assert_eq!(ProofStatus::parse("maybe"), None);
    }

    #[test]
    fn an_answer_needs_a_sent_proof_that_still_shows_the_line_and_a_name() {
        let d = line("12", &["Hansen"]);
        let now = LineSnapshot::of(&d);
        assert_eq!(
            next(None, Action::MarkSent, &now, ""),
            Ok(ProofStatus::Sent)
        );
        assert_eq!(
            next(None, Action::Approve, &now, "Mette"),
            Err(ApprovalError::NotSent)
        );
        let sent = step(&d, ProofStatus::Sent);
        assert_eq!(
            next(Some(&sent), Action::Approve, &now, " "),
            Err(ApprovalError::NoName)
        );
        assert_eq!(
            next(Some(&sent), Action::Approve, &now, "Mette Jensen"),
            Ok(ProofStatus::Approved)
        );
        assert_eq!(
            next(Some(&sent), Action::AskChanges, &now, "Mette Jensen"),
            Ok(ProofStatus::ChangesAsked)
        );
        // The club changes its mind on the same proof.
        let approved = step(&d, ProofStatus::Approved);
        assert_eq!(
            next(Some(&approved), Action::AskChanges, &now, "Mette"),
            Ok(ProofStatus::ChangesAsked)
        );
        // Changed since it was sent: send it again first.
        let changed = LineSnapshot::of(&line("12", &["Hansen", "Berg"]));
        assert_eq!(
            next(Some(&sent), Action::Approve, &changed, "Mette"),
            Err(ApprovalError::Stale)
        );
        assert_eq!(
            next(Some(&approved), Action::MarkSent, &changed, ""),
            Ok(ProofStatus::Sent)
        );
        // A step without a kept sheet is no proof.
        let mut unkept = sent.clone();
        unkept.proof = None;
        assert_eq!(
            next(Some(&unkept), Action::Approve, &now, "Mette"),
            Err(ApprovalError::NotSent)
        );
    }

    #[test]
    fn an_approval_goes_stale_when_the_design_sizes_or_names_change() {
        let d = line("12", &["Hansen", "Berg"]);
        let approved = step(&d, ProofStatus::Approved);
        assert!(shown(Some(&approved), &LineSnapshot::of(&d)).is_approved());
        // Spaces typed around a value change nothing printed.
        let mut same = d.clone();
        same.rows[0].name = " Hansen ".into();
        assert!(shown(Some(&approved), &LineSnapshot::of(&same)).is_approved());

        let mut renamed = d.clone();
        renamed.rows[1].name = "Bergh".into();
        renamed.rows[0].size = "L".into();
        assert_eq!(
            shown(Some(&approved), &LineSnapshot::of(&renamed)),
            Shown::Stale {
                was: ProofStatus::Approved,
                changes: vec![Change::Sizes, Change::Names]
            }
        );
        let mut other = line("13", &["Hansen"]);
        other.rows[0].values.insert(5, "U15".into());
        assert_eq!(
            changes(&LineSnapshot::of(&d), &LineSnapshot::of(&other)),
            [Change::Design, Change::RowsRemoved(1), Change::Values]
        );
        assert_eq!(
            changes(&LineSnapshot::of(&other), &LineSnapshot::of(&d)),
            [Change::Design, Change::RowsAdded(1), Change::Values]
        );
    }

    #[test]
    fn the_order_is_approved_when_every_line_is() {
        let designs = vec![line("12", &["Hansen"]), line("40", &["Berg"])];
        let keys = line_keys(&designs);
        let mut steps = HashMap::new();
        assert_eq!(summarise(&designs, &steps).not_approved, [0, 1]);
        steps.insert(keys[0].clone(), step(&designs[0], ProofStatus::Approved));
        steps.insert(keys[1].clone(), step(&designs[1], ProofStatus::Sent));
        let s = summarise(&designs, &steps);
        assert_eq!((s.lines, s.approved(), s.not_approved), (2, 1, vec![1]));
        steps.insert(keys[1].clone(), step(&designs[1], ProofStatus::Approved));
        assert!(summarise(&designs, &steps).is_all_approved());
        // A line changed after approval is not approved.
        let mut changed = designs.clone();
        changed[1].rows[0].number = "8".into();
        assert_eq!(summarise(&changed, &steps).not_approved, [1]);
        assert!(summarise(&[], &steps).is_all_approved());
    }

    #[test]
    fn a_step_reads_back_as_stored() {
        let d = line("12", &["Hansen"]);
        let approved = step(&d, ProofStatus::Approved);
        let stored = approved.to_stored();
        assert_eq!(stored.status, "approved");
        assert_eq!(stored.proof_file.as_deref(), Some("1/abc.pdf"));
        // RFC 3339 keeps the instant (to the nanosecond).
        assert_eq!(
            ProofStep::from_stored(stored.clone()),
            Some(approved.clone())
        );
        let unknown = StoredProofStep {
            status: "maybe".into(),
            ..stored
        };
        assert_eq!(ProofStep::from_stored(unknown), None);
        let lines = by_line(vec![approved.to_stored()]);
        assert_eq!(lines[&approved.line], approved);
    }

    #[test]
    fn content_hashes_are_stable() {
        assert_eq!(content_hash(b""), "cbf29ce484222325");
        assert_eq!(content_hash(b"a"), "af63dc4c8601ec8c");
        assert_ne!(content_hash(b"%PDF-1"), content_hash(b"%PDF-2"));
    }
}
