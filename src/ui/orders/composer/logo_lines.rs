//! The loose logo lines' part of the composer: each line's identity, the note its look-up
//! left and the look-ups on their way, keyed by a [`LineId`] as the design lines are
//! ([`super::lines`]), so removing a logo line never moves another line's note or look-up;
//! and the field that adds a line by id or item number.

use super::lines::{LineId, LineIds};
use crate::backend::RequestId;
use crate::orders::form::LogoForm;
use std::collections::HashMap;

/// The loose logo lines' ids, in the form's order, each line's state, and the add field.
#[derive(Default)]
pub(super) struct LogoLines {
    ids: LineIds,
    /// What a line's look-up said (the logo could not be fetched).
    pub notes: HashMap<LineId, String>,
    /// Look-ups on their way, by the line they are for.
    pub requests: HashMap<RequestId, LineId>,
    /// The reference typed to add a line.
    pub input: String,
    /// Whether `input` is an item number (else a logo id).
    pub by_item_no: bool,
}

impl LogoLines {
    /// Follows `logos`: a line whose reference still sits in order keeps its id, another
    /// gets a new one; the state of lines that are gone is dropped. Answers whether any id
    /// changed.
    pub fn sync(&mut self, logos: &[LogoForm]) -> bool {
        let changed = self.ids.sync(logos.iter().map(|l| l.reference.as_str()));
        if changed {
            self.forget_gone();
        }
        changed
    }

    /// Drops the state of lines no longer in the form.
    fn forget_gone(&mut self) {
        let ids = &self.ids;
        self.notes.retain(|id, _| ids.is_live(*id));
        self.requests.retain(|_, id| ids.is_live(*id));
    }

    /// The id of the line at place `i`.
    pub fn id(&self, i: usize) -> Option<LineId> {
        self.ids.id(i)
    }

    /// The place of line `id` now.
    pub fn index(&self, id: LineId) -> Option<usize> {
        self.ids.index(id)
    }

    /// The note of the line at place `i`.
    pub fn note(&self, i: usize) -> Option<&String> {
        self.id(i).and_then(|id| self.notes.get(&id))
    }

    /// The line at place `i` was removed from the form: its state goes with it, every other
    /// line keeps its own.
    pub fn remove(&mut self, i: usize) {
        if self.ids.remove(i) {
            self.forget_gone();
        }
    }

    /// Forgets every note and look-up on its way (they are asked again).
    pub fn forget_lookups(&mut self) {
        self.notes.clear();
        self.requests.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(reference: &str) -> LogoForm {
        LogoForm {
            reference: reference.into(),
            ..LogoForm::default()
        }
    }

    #[test]
    fn removing_a_middle_logo_line_leaves_every_other_lines_note_and_lookup_with_it() {
        let mut form = vec![line("11"), line("12"), line("13")];
        let mut logos = LogoLines::default();
        assert!(logos.sync(&form));
        let ids: Vec<LineId> = (0..3).filter_map(|i| logos.id(i)).collect();
        assert_eq!(ids.len(), 3);
        for (k, id) in ids.iter().enumerate() {
            logos.notes.insert(*id, format!("note {k}"));
            logos.requests.insert(RequestId(k as u64), *id);
        }
        form.remove(1);
        logos.remove(1);
        assert!(
            !logos.sync(&form),
            "the page's own removal is already followed"
        );
        assert_eq!((logos.id(0), logos.id(1)), (Some(ids[0]), Some(ids[2])));
        assert_eq!(logos.index(ids[2]), Some(1));
        assert_eq!(logos.index(ids[1]), None);
        assert_eq!(logos.note(1).map(String::as_str), Some("note 2"));
        for (k, id) in [(0, ids[0]), (2, ids[2])] {
            assert_eq!(logos.notes[&id], format!("note {k}"));
            assert_eq!(logos.requests[&RequestId(k)], id);
        }
        assert!(!logos.notes.contains_key(&ids[1]));
        assert!(!logos.requests.contains_key(&RequestId(1)));
    }

    #[test]
    fn logo_lines_changed_elsewhere_keep_their_ids_by_reference() {
        let mut logos = LogoLines::default();
        logos.sync(&[line("11"), line("12")]);
        let (a, b) = (logos.id(0), logos.id(1));
        logos.notes.insert(a.unwrap(), "a".into());
        // Reordered, and a line restored (an undo): the two kept, the new one fresh.
        assert!(logos.sync(&[line("12"), line("19"), line("11")]));
        assert_eq!(logos.id(0), b);
        assert_eq!(logos.id(2), a);
        assert!(![a, b].contains(&logos.id(1)));
        assert_eq!(logos.note(2).map(String::as_str), Some("a"));
        // A line gone with its note: the note goes too.
        assert!(logos.sync(&[line("12"), line("19")]));
        assert!(logos.notes.is_empty());
    }
}
