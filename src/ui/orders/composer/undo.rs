//! Undo and redo of the composer's form (Ctrl+Z; Ctrl+Shift+Z or Ctrl+Y; the Edit menu and
//! the palette) while a draft is open and not placed: a pause in editing makes an undo point.
//! An undone edit is saved like any edit (autosave sees the form change). The history starts
//! anew with each draft opened, since [`Composer::start`] starts from a fresh composer.

use super::Composer;
use crate::orders::form::DraftForm;
use crate::ui::undo::{EditHistory, Undoable};

/// The composer's history of edits of its form.
pub type FormHistory = EditHistory<DraftForm>;

impl Composer {
    /// Whether the form can be edited: a draft is open, not placed and not being confirmed.
    fn editable(&self) -> bool {
        self.draft.is_some() && !self.is_frozen() && !self.confirm_place
    }
}

impl Undoable for Composer {
    type State = DraftForm;

    fn history(&self) -> Option<(&FormHistory, &DraftForm)> {
        self.editable().then_some((&self.history, &self.form))
    }

    fn history_mut(&mut self) -> Option<(&mut FormHistory, &mut DraftForm)> {
        self.editable()
            .then_some((&mut self.history, &mut self.form))
    }
}
