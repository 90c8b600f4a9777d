//! Undo and redo of the composer's form (Ctrl+Z; Ctrl+Shift+Z or Ctrl+Y; the Edit menu and
//! the palette) while a draft is open, not placed, not read-only (another desk edits it) and
//! not being confirmed: a pause in editing makes an undo point. An undone edit is saved like any edit (autosave sees the form
//! change). When an undo or redo changes what the lines name, their lookups are made again,
//! as after removing a line. The history starts anew with each draft opened, since
//! [`Composer::start`] starts from a fresh composer.

use super::Composer;
use crate::orders::form::DraftForm;
use crate::ui::undo::{EditHistory, Undoable};
use crate::ui::{Action, Shared};

/// The composer's history of edits of its form.
#[derive(Default)]
pub struct FormHistory {
    edits: EditHistory<DraftForm>,
    /// An undo or redo changed what the lines name: their lookups are to be made again.
    lines_changed: bool,
}

/// What the form's lines name, in order (what their lookups and notes belong to).
fn named_lines(form: &DraftForm) -> Vec<(String, bool)> {
    let designs = form.designs.iter().map(|d| (d.reference.clone(), false));
    let logos = form
        .logos
        .iter()
        .map(|l| (l.reference.clone(), l.by_item_no));
    designs.chain(logos).collect()
}

impl Composer {
    /// Whether the form can be edited: a draft is open, not placed and not being confirmed.
    pub(super) fn editable(&self) -> bool {
        self.draft_id().is_some()
            && !self.is_frozen()
            && !self.sharing.locked()
            && self.question != super::Question::Place
    }

    /// Once a frame before the form is drawn: the undo and redo keys, the form fed to the
    /// history, and the lines' lookups again when an undo or redo changed what they name.
    pub(super) fn undo_frame(&mut self, ctx: &egui::Context, shared: &mut Shared<'_>) {
        if self.editable() {
            if let Some(action) = Action::undo_keys(ctx) {
                self.undo_or_redo(action);
            }
            self.history.edits.feed(ctx, &self.form);
        }
        if std::mem::take(&mut self.history.lines_changed) {
            // What the lines name may have changed: drop the answers on their way, ask again.
            self.lines.forget_lookups();
            self.lines.sync(&self.form.designs);
            self.logos.forget_lookups();
            self.logos.sync(&self.form.logos);
            self.refetch(shared);
        }
    }
}

impl Undoable for Composer {
    type State = DraftForm;

    fn history(&self) -> Option<(&EditHistory<DraftForm>, &DraftForm)> {
        self.editable().then_some((&self.history.edits, &self.form))
    }

    fn history_mut(&mut self) -> Option<(&mut EditHistory<DraftForm>, &mut DraftForm)> {
        self.editable()
            .then_some((&mut self.history.edits, &mut self.form))
    }

    fn undo_or_redo(&mut self, action: Action) {
        let before = named_lines(&self.form);
        if let Some((history, form)) = self.history_mut()
            && history.apply(action, form)
        {
            self.history.lines_changed |= named_lines(&self.form) != before;
        }
    }
}
