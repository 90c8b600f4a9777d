//! The design lines' identities and what the page keeps for each line beside the form: an
//! unsent roster paste, a note from the line's look-up, the look-ups on their way. A line is
//! known by a [`LineId`], not by its place, so removing or reordering lines never moves one
//! line's state to another. Ids live only while the composer is open (the saved draft has
//! none): they are given when the form is loaded and whenever its lines change outside the
//! page (undo, a test), matched by reference so a line that stays keeps its id.

use crate::backend::RequestId;
use crate::orders::form::DesignForm;
use std::collections::HashMap;

/// A design line's identity while the composer is open.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct LineId(u64);

impl LineId {
    /// The id as a number, for the backend to tell one line's work from another's.
    pub fn number(self) -> usize {
        self.0 as usize
    }
}

/// Lines' ids in the form's order, each with the reference it was given for, and each
/// line's note and look-ups on their way: the one bookkeeping of the design lines
/// ([`DesignLines`]) and the loose logo lines ([`super::logo_lines::LogoLines`]).
#[derive(Default)]
pub(super) struct Lines {
    /// Each line's id and the reference it was given for, in the form's order.
    ids: Vec<(LineId, String)>,
    /// The id the next new line gets.
    next: u64,
    /// What a line's look-up said (not finalized, could not be fetched, rows cut).
    pub notes: HashMap<LineId, String>,
    /// Look-ups on their way, by the line they are for.
    pub requests: HashMap<RequestId, LineId>,
}

impl Lines {
    fn fresh(&mut self) -> LineId {
        self.next += 1;
        LineId(self.next)
    }

    /// Follows the lines' references: a line whose reference still sits in order keeps its
    /// id, another gets a new one; the notes and look-ups of lines that are gone are
    /// dropped. Answers whether any id changed.
    pub fn follow<'a>(
        &mut self,
        references: impl ExactSizeIterator<Item = &'a str> + Clone,
    ) -> bool {
        let same = self.ids.len() == references.len()
            && self
                .ids
                .iter()
                .zip(references.clone())
                .all(|((_, r), d)| r == d);
        if same {
            return false;
        }
        let mut old = std::mem::take(&mut self.ids);
        let ids: Vec<(LineId, String)> = references
            .map(|d| {
                let id = match old.iter().position(|(_, r)| r == d) {
                    Some(k) => old.remove(k).0,
                    None => self.fresh(),
                };
                (id, d.to_owned())
            })
            .collect();
        self.ids = ids;
        self.forget_gone();
        true
    }

    /// Drops the notes and look-ups of lines no longer in the form.
    fn forget_gone(&mut self) {
        let ids = &self.ids;
        let live = |id: &LineId| ids.iter().any(|(k, _)| k == id);
        self.notes.retain(|id, _| live(id));
        self.requests.retain(|_, id| live(id));
    }

    /// Whether line `id` is still in the form.
    pub fn is_live(&self, id: LineId) -> bool {
        self.index(id).is_some()
    }

    /// The id of the line at place `i`.
    pub fn id(&self, i: usize) -> Option<LineId> {
        self.ids.get(i).map(|(id, _)| *id)
    }

    /// The place of line `id` now.
    pub fn index(&self, id: LineId) -> Option<usize> {
        self.ids.iter().position(|(k, _)| *k == id)
    }

    /// The note of the line at place `i`.
    pub fn note(&self, i: usize) -> Option<&String> {
        self.id(i).and_then(|id| self.notes.get(&id))
    }

    /// The line at place `i` was removed from the form: its note and look-ups go with it,
    /// every other line keeps its own. Answers whether it was there.
    pub fn remove(&mut self, i: usize) -> bool {
        let there = i < self.ids.len();
        if there {
            self.ids.remove(i);
            self.forget_gone();
        }
        there
    }

    /// Forgets every note and look-up on its way (they are asked again).
    pub fn forget_lookups(&mut self) {
        self.notes.clear();
        self.requests.clear();
    }
}

/// The design lines' ids, in the form's order, each line's state (its note and look-ups
/// ([`Lines`]) and its paste), and the field that adds a line.
#[derive(Default)]
pub(super) struct DesignLines {
    lines: Lines,
    /// Rows pasted into a line and not yet added.
    pub pastes: HashMap<LineId, String>,
    /// The design reference typed to add a line.
    pub input: String,
    /// Why the design reference typed was not added (its shape is wrong).
    pub input_problem: Option<String>,
}

impl std::ops::Deref for DesignLines {
    type Target = Lines;
    fn deref(&self) -> &Lines {
        &self.lines
    }
}

impl std::ops::DerefMut for DesignLines {
    fn deref_mut(&mut self) -> &mut Lines {
        &mut self.lines
    }
}

impl DesignLines {
    /// Follows `designs`: a line whose reference still sits in order keeps its id, another
    /// gets a new one; the state of lines that are gone is dropped. Answers whether any id
    /// changed.
    pub fn sync(&mut self, designs: &[DesignForm]) -> bool {
        let changed = self
            .lines
            .follow(designs.iter().map(|d| d.reference.as_str()));
        if changed {
            self.forget_gone_pastes();
        }
        changed
    }

    fn forget_gone_pastes(&mut self) {
        let lines = &self.lines;
        self.pastes.retain(|id, _| lines.is_live(*id));
    }

    /// The line at place `i` was removed from the form: its state goes with it, every other
    /// line keeps its own.
    pub fn remove(&mut self, i: usize) {
        if self.lines.remove(i) {
            self.forget_gone_pastes();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(reference: &str) -> DesignForm {
        DesignForm {
            reference: reference.into(),
            ..DesignForm::default()
        }
    }

    #[test]
    fn removing_a_middle_line_leaves_every_other_lines_state_with_it() {
        let mut form = vec![line("1"), line("2"), line("3")];
        let mut lines = DesignLines::default();
        assert!(lines.sync(&form));
        let ids: Vec<LineId> = (0..3).filter_map(|i| lines.id(i)).collect();
        for (k, id) in ids.iter().enumerate() {
            lines.pastes.insert(*id, format!("paste {k}"));
            lines.notes.insert(*id, format!("note {k}"));
            lines.requests.insert(RequestId(k as u64), *id);
        }
        form.remove(1);
        lines.remove(1);
        assert!(
            !lines.sync(&form),
            "the page's own removal is already followed"
        );
        assert_eq!((lines.id(0), lines.id(1)), (Some(ids[0]), Some(ids[2])));
        assert_eq!(lines.index(ids[2]), Some(1));
        assert_eq!(lines.index(ids[1]), None);
        for (k, id) in [(0, ids[0]), (2, ids[2])] {
            assert_eq!(lines.pastes[&id], format!("paste {k}"));
            assert_eq!(lines.notes[&id], format!("note {k}"));
            assert_eq!(lines.requests[&RequestId(k)], id);
        }
        assert!(!lines.pastes.contains_key(&ids[1]));
        assert!(!lines.notes.contains_key(&ids[1]));
        assert!(!lines.requests.contains_key(&RequestId(1)));
    }

    #[test]
    fn lines_changed_elsewhere_keep_their_ids_by_reference() {
        let mut lines = DesignLines::default();
        lines.sync(&[line("1"), line("2")]);
        let (a, b) = (lines.id(0), lines.id(1));
        lines.pastes.insert(a.unwrap(), "a".into());
        // Reordered, and a line restored (an undo): the two kept, the new one fresh.
        assert!(lines.sync(&[line("2"), line("9"), line("1")]));
        assert_eq!(lines.id(0), b);
        assert_eq!(lines.id(2), a);
        assert!(![a, b].contains(&lines.id(1)));
        assert_eq!(lines.pastes[&a.unwrap()], "a");
    }
}
