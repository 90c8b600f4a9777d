//! What a club's page shows — fixed when the link is made, so what the club approved is
//! exactly what was shown — and what a decision on it means for the order's design lines.
//!
//! The unit the club decides on is the page (one request, one version of the proof); what
//! it means is recorded per design line as [`crate::orders::approval`] steps: every line
//! approved, every line "changes asked" with the club's note, or — a correction of some rows
//! — those rows' lines "changes asked" with the corrections as a suggestion, the others
//! approved. Rows the club approved on an earlier page and that did not change since are
//! shown as approved and not asked again ([`PageRow::asked`]).
//!
//! A logo draft's page ([`PageLogo`]) shows the logo as uploaded and as it will be printed,
//! its method and size; its decision is the request's alone (no design line, no
//! correction): the editor reads it, and an approval holds while the draft is printed as it
//! was shown ([`LogoPrinted`]).

use super::token::hex;
use crate::api::{Color, Logo, format_mm};
use crate::orders::approval::{LineSnapshot, ProofStatus, SnapshotRow};
use serde::{Deserialize, Serialize};
use sha2::{Digest as _, Sha256};

/// A club's page.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct ClubPage {
    /// The shop asking (the room's name for itself).
    pub shop: String,
    /// The order's reference.
    pub reference: String,
    /// The club (the delivery address's name).
    pub club: String,
    /// The shop's line of terms ("We print exactly what you approve").
    pub terms: String,
    pub lines: Vec<PageLine>,
    /// A logo draft's page (then `lines` is empty).
    pub logo: Option<PageLogo>,
}

/// A logo draft as the club's page shows it.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct PageLogo {
    pub title: String,
    /// What an approval approves.
    pub printed: LogoPrinted,
    /// Each color as uploaded and as it will be printed (`"186 Rød"`).
    pub colors: Vec<PageColor>,
    /// As uploaded, before its colors were changed; none while they are the uploaded ones.
    pub before: Option<PagePicture>,
    /// As it will be printed (the service's picture of the draft).
    pub after: Option<PagePicture>,
}

/// One color of a logo: as uploaded, and as it will be printed.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct PageColor {
    pub was: String,
    pub now: String,
}

impl PageColor {
    /// A color's words: its id, and its name when that says more.
    pub fn words(color: &Color) -> String {
        let (id, name) = (color.id.trim(), color.name.trim());
        if name.is_empty() || name.eq_ignore_ascii_case(id) {
            id.to_owned()
        } else {
            format!("{id} {name}")
        }
    }

    /// Whether the color changed.
    pub fn changed(&self) -> bool {
        self.was != self.now
    }
}

/// What of a logo draft decides how it is printed: its method, size and colors. A club's
/// approval holds while these are the same (a new title does not change the print).
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct LogoPrinted {
    pub method: String,
    /// Millimetres as the service gives them, written as [`format_mm`] does (`"60"`, `"42.5"`).
    pub width_mm: String,
    pub height_mm: String,
    /// The colors' ids and RGB, in the logo's order.
    pub colors: Vec<String>,
}

impl LogoPrinted {
    /// How `logo` is printed now.
    pub fn of(logo: &Logo) -> LogoPrinted {
        LogoPrinted {
            method: logo.transfer_method_key.trim().to_owned(),
            width_mm: format_mm(logo.width_in_mm),
            height_mm: format_mm(logo.height_in_mm),
            colors: logo
                .colors
                .iter()
                .map(|c| format!("{} {}", c.id.trim(), c.hex()))
                .collect(),
        }
    }
}

/// One design line of the order.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct PageLine {
    /// `orders::approval::LineKey`.
    pub key: String,
    /// The design's title and item number as the proof sheet names it.
    pub title: String,
    /// The line as the desk had it when the link was made (what an approval approves).
    pub snapshot: LineSnapshot,
    pub rows: Vec<PageRow>,
}

/// One roster row as the page shows it.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct PageRow {
    pub size: String,
    pub quantity: String,
    pub name: String,
    pub number: String,
    /// Other values as printed ("Back name: Hansen").
    pub values: Vec<String>,
    /// Its pictures (front and back as drawn for this row): numbers of the request's
    /// pictures.
    pub pictures: Vec<PagePicture>,
    /// Asked now; `false`: the club approved this very row on an earlier page.
    pub asked: bool,
}

/// One of the request's pictures.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct PagePicture {
    pub n: u32,
    /// The view's name as the service gives it (`FRONT`).
    pub view: String,
    pub width: u32,
    pub height: u32,
}

impl ClubPage {
    /// The rows asked, over every line.
    pub fn asked_rows(&self) -> usize {
        self.lines
            .iter()
            .map(|l| l.rows.iter().filter(|r| r.asked).count())
            .sum()
    }

    /// All rows, over every line.
    pub fn rows(&self) -> usize {
        self.lines.iter().map(|l| l.rows.len()).sum()
    }

    /// Whether a club that approved this page approved `logo` as it is now: the page is a
    /// logo's, and the logo is printed as the page showed it.
    pub fn approves_logo(&self, logo: &Logo) -> bool {
        self.logo
            .as_ref()
            .is_some_and(|l| l.printed == LogoPrinted::of(logo))
    }

    /// The hash of exactly what the page shows: its text and the bytes of its pictures
    /// (`pictures` in their numbers' order). Recorded with the decision.
    pub fn shown_hash(&self, pictures: &[Vec<u8>]) -> String {
        let mut h = Sha256::new();
        h.update(serde_json::to_vec(self).unwrap_or_default());
        for p in pictures {
            h.update((p.len() as u64).to_le_bytes());
            h.update(p);
        }
        hex(&h.finalize())
    }
}

/// Which field of a row the club corrected.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Field {
    Name,
    Number,
    Size,
}

impl Field {
    pub const ALL: [Field; 3] = [Field::Name, Field::Number, Field::Size];

    /// Its word in a form field's name.
    pub fn word(self) -> &'static str {
        match self {
            Field::Name => "name",
            Field::Number => "number",
            Field::Size => "size",
        }
    }

    /// The row's value of this field.
    pub fn of(self, row: &PageRow) -> &str {
        match self {
            Field::Name => &row.name,
            Field::Number => &row.number,
            Field::Size => &row.size,
        }
    }

    /// Sets this field of a roster row.
    pub fn set(self, row: &mut SnapshotRow, value: &str) {
        let v = value.to_owned();
        match self {
            Field::Name => row.name = v,
            Field::Number => row.number = v,
            Field::Size => row.size = v,
        }
    }
}

/// One value the club corrected: row `row` (0-based) of line `line`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Correction {
    pub line: usize,
    pub row: usize,
    pub field: Field,
    pub was: String,
    pub now: String,
}

/// What the club chose.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Choice {
    Approve,
    /// Changes asked, in the club's words (never empty).
    AskChanges {
        note: String,
    },
    /// These values corrected, the rest approved (never empty).
    Correct {
        corrections: Vec<Correction>,
    },
}

impl Choice {
    /// Its word in the database (`club_decisions.kind`).
    pub fn kind(&self) -> &'static str {
        match self {
            Choice::Approve => "approved",
            Choice::AskChanges { .. } => "changes_asked",
            Choice::Correct { .. } => "corrected",
        }
    }
}

/// A decision as the club sent it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Decision {
    /// The name the person typed.
    pub who: String,
    pub choice: Choice,
    /// An optional note beside an approval or a correction.
    pub note: String,
}

/// What a decision records of one design line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LineOutcome {
    pub key: String,
    pub status: ProofStatus,
    pub note: String,
    /// What was approved or asked about (the line as shown).
    pub snapshot: LineSnapshot,
}

/// What `decision` on `page` means for each line: `describe` words a line's corrections
/// for its note (the desk's language is not the club's: the caller chooses).
pub fn outcomes(
    page: &ClubPage,
    decision: &Decision,
    describe: impl Fn(&[&Correction]) -> String,
) -> Vec<LineOutcome> {
    page.lines
        .iter()
        .enumerate()
        .map(|(i, line)| {
            let (status, note) = match &decision.choice {
                Choice::Approve => (ProofStatus::Approved, decision.note.clone()),
                Choice::AskChanges { note } => (ProofStatus::ChangesAsked, note.clone()),
                Choice::Correct { corrections } => {
                    let here: Vec<&Correction> =
                        corrections.iter().filter(|c| c.line == i).collect();
                    if here.is_empty() {
                        (ProofStatus::Approved, decision.note.clone())
                    } else {
                        let mut note = describe(&here);
                        if !decision.note.trim().is_empty() {
                            note = format!("{note} {}", decision.note.trim());
                        }
                        (ProofStatus::ChangesAsked, note)
                    }
                }
            };
            LineOutcome {
                key: line.key.clone(),
                status,
                note,
                snapshot: line.snapshot.clone(),
            }
        })
        .collect()
}

/// The line `snapshot` with `corrections` of it applied: what the club asks to be printed.
pub fn corrected(snapshot: &LineSnapshot, corrections: &[Correction]) -> LineSnapshot {
    let mut out = snapshot.clone();
    for c in corrections {
        if let Some(row) = out.rows.get_mut(c.row) {
            c.field.set(row, &c.now);
        }
    }
    out
}

/// Whether row `row` of the line `now` is a row the club approved: the same values at the
/// same place in the line `approved` (the snapshot of an approval, or of the rows a
/// correction left approved).
pub fn row_approved(approved: &LineSnapshot, now: &LineSnapshot, row: usize) -> bool {
    approved.design == now.design
        && approved.rows.get(row).is_some()
        && approved.rows.get(row) == now.rows.get(row)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(name: &str) -> PageRow {
        PageRow {
            size: "M".into(),
            quantity: "1".into(),
            name: name.into(),
            number: "7".into(),
            asked: true,
            ..Default::default()
        }
    }

    fn snapshot(names: &[&str]) -> LineSnapshot {
        LineSnapshot {
            design: "20001".into(),
            rows: names
                .iter()
                .map(|n| SnapshotRow {
                    size: "M".into(),
                    quantity: "1".into(),
                    name: (*n).into(),
                    number: "7".into(),
                    values: Vec::new(),
                })
                .collect(),
        }
    }

    fn page() -> ClubPage {
        ClubPage {
            shop: "Sportigan".into(),
            reference: "FCN-2027".into(),
            lines: vec![
                PageLine {
                    key: "20001#0".into(),
                    snapshot: snapshot(&["Hansen", "Berg"]),
                    rows: vec![row("Hansen"), row("Berg")],
                    ..Default::default()
                },
                PageLine {
                    key: "30001#0".into(),
                    snapshot: snapshot(&["Ib"]),
                    rows: vec![row("Ib")],
                    ..Default::default()
                },
            ],
            ..Default::default()
        }
    }

    #[test]
    fn the_shown_hash_covers_the_text_and_the_pictures() {
        let p = page();
        let h = p.shown_hash(&[b"png-1".to_vec()]);
        assert_eq!(h, p.shown_hash(&[b"png-1".to_vec()]));
        assert_ne!(h, p.shown_hash(&[b"png-2".to_vec()]));
        let mut renamed = p.clone();
        renamed.lines[0].rows[1].name = "Bergh".into();
        assert_ne!(h, renamed.shown_hash(&[b"png-1".to_vec()]));
        assert_eq!((p.rows(), p.asked_rows()), (3, 3));
    }

    #[test]
    fn a_correction_asks_changes_of_its_line_only_and_approves_the_rest() {
        let p = page();
        let fix = Correction {
            line: 0,
            row: 1,
            field: Field::Name,
            was: "Berg".into(),
            now: "Bergh".into(),
        };
        let decision = Decision {
            who: "Mette Hansen".into(),
            choice: Choice::Correct {
                corrections: vec![fix.clone()],
            },
            note: "Tak!".into(),
        };
        let out = outcomes(&p, &decision, |c| format!("{} corrected.", c.len()));
        assert_eq!(out[0].status, ProofStatus::ChangesAsked);
        assert_eq!(out[0].note, "1 corrected. Tak!");
        assert_eq!(out[1].status, ProofStatus::Approved);
        assert_eq!(out[1].note, "Tak!");
        // Applied, the line is what the club asked for; its other row stays approved.
        let applied = corrected(&p.lines[0].snapshot, &[fix]);
        assert_eq!(applied.rows[1].name, "Bergh");
        assert!(row_approved(&p.lines[0].snapshot, &applied, 0));
        assert!(!row_approved(&p.lines[0].snapshot, &applied, 1));
        assert!(!row_approved(&p.lines[0].snapshot, &applied, 2));
    }

    #[test]
    fn approving_or_asking_changes_speaks_for_every_line() {
        let p = page();
        let ask = Decision {
            who: "Mette".into(),
            choice: Choice::AskChanges {
                note: "Mørkere blå".into(),
            },
            note: String::new(),
        };
        let out = outcomes(&p, &ask, |_| String::new());
        assert!(out.iter().all(|o| o.status == ProofStatus::ChangesAsked));
        assert!(out.iter().all(|o| o.note == "Mørkere blå"));
        let yes = Decision {
            choice: Choice::Approve,
            ..ask
        };
        assert!(
            outcomes(&p, &yes, |_| String::new())
                .iter()
                .all(|o| o.status == ProofStatus::Approved)
        );
    }
}
