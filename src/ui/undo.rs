//! Undo and redo of a screen's editable state (the editor's staged changes, the composer's
//! form) with egui's [`Undoer`]: the state is fed every frame, and a pause in editing makes an
//! undo point, so typing a word is one step. The keys are [`Action::undo_keys`]: a focused
//! text field keeps Ctrl+Z for its own text. A screen says what it edits by [`Undoable`].

use super::Action;
use egui::util::undoer::Undoer;

/// One screen's history of edits.
pub struct EditHistory<S> {
    undoer: Undoer<S>,
}

impl<S: Clone + PartialEq> Default for EditHistory<S> {
    fn default() -> Self {
        EditHistory {
            undoer: Undoer::default(),
        }
    }
}

impl<S: Clone + PartialEq> EditHistory<S> {
    /// Takes the state as it is now (once a frame).
    pub fn feed(&mut self, ctx: &egui::Context, state: &S) {
        self.undoer.feed_state(ctx.input(|i| i.time), state);
    }

    /// Whether there is an edit of `state` to undo.
    pub fn can_undo(&self, state: &S) -> bool {
        self.undoer.has_undo(state)
    }

    /// Whether there is an undone edit of `state` to make again.
    pub fn can_redo(&self, state: &S) -> bool {
        self.undoer.has_redo(state)
    }

    /// Undoes or redoes (`action`) the last edit of `state`; answers whether it changed.
    pub fn apply(&mut self, action: Action, state: &mut S) -> bool {
        let restored = match action {
            Action::Undo => self.undoer.undo(state),
            Action::Redo => self.undoer.redo(state),
            _ => None,
        };
        match restored.cloned() {
            Some(restored) => {
                *state = restored;
                true
            }
            None => false,
        }
    }

    /// Undoes or redoes `state` when the keys ask for it this frame (not while a text field
    /// has the keyboard); answers whether it changed.
    pub fn keys(&mut self, ctx: &egui::Context, state: &mut S) -> bool {
        Action::undo_keys(ctx).is_some_and(|action| self.apply(action, state))
    }
}

/// A screen whose editable state has an [`EditHistory`]: the keys, the menus and the palette
/// undo and redo through these methods.
pub trait Undoable {
    /// What undo and redo go back and forth over.
    type State: Clone + PartialEq;

    /// The history and the state, when the state can be edited now.
    fn history(&self) -> Option<(&EditHistory<Self::State>, &Self::State)>;

    /// The same, to change.
    fn history_mut(&mut self) -> Option<(&mut EditHistory<Self::State>, &mut Self::State)>;

    /// Whether there is an edit to undo now.
    fn can_undo(&self) -> bool {
        self.history().is_some_and(|(h, s)| h.can_undo(s))
    }

    /// Whether there is an undone edit to make again now.
    fn can_redo(&self) -> bool {
        self.history().is_some_and(|(h, s)| h.can_redo(s))
    }

    /// Undoes or redoes (`action`) the last edit (menus, the palette); what it restores is
    /// then shown, checked and saved like any edit.
    fn undo_or_redo(&mut self, action: Action) {
        if let Some((history, state)) = self.history_mut() {
            history.apply(action, state);
        }
    }

    /// The undo and redo keys of the frame, then the state fed to the history: call it once a
    /// frame before the state is drawn.
    fn track_undo(&mut self, ctx: &egui::Context) {
        if let Some((history, state)) = self.history_mut() {
            history.keys(ctx, state);
            history.feed(ctx, state);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Feeds `state` at `time` seconds.
    fn feed(history: &mut EditHistory<String>, time: f64, state: &str) {
        history.undoer.feed_state(time, &state.to_owned());
    }

    #[test]
    fn a_pause_makes_an_undo_point_and_redo_makes_it_again() {
        let mut history = EditHistory::default();
        feed(&mut history, 0.0, "");
        for (t, s) in [(0.1, "a"), (0.2, "ab"), (2.0, "ab"), (2.1, "abc")] {
            feed(&mut history, t, s);
        }
        let mut state = "abc".to_owned();
        assert!(history.can_undo(&state));
        assert!(!history.can_redo(&state));
        assert!(history.apply(Action::Undo, &mut state));
        assert_eq!(state, "ab", "typing before the pause is one step");
        assert!(history.apply(Action::Undo, &mut state));
        assert_eq!(state, "");
        assert!(!history.can_undo(&state));
        assert!(!history.apply(Action::Undo, &mut state));
        assert!(history.apply(Action::Redo, &mut state));
        assert_eq!(state, "ab");
        assert!(history.apply(Action::Redo, &mut state));
        assert_eq!(state, "abc");
        assert!(!history.can_redo(&state));
        // A new edit after an undo drops what could be redone.
        assert!(history.apply(Action::Undo, &mut state));
        feed(&mut history, 3.0, "abX");
        assert!(!history.can_redo(&"abX".to_owned()));
    }
}
