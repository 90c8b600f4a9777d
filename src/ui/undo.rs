//! The one undo stack of the app ([`EditHistory`]): the editor's staged changes, the
//! composer's form and the clone canvas's placements go back and forth through it. A screen
//! either feeds its state every frame ([`EditHistory::feed`]: a pause in editing makes an undo
//! point, so typing a word is one step) or records the state after each discrete edit
//! ([`EditHistory::record`]: a drag, a key, a button). The keys are [`Action::undo_keys`]: a
//! focused text field keeps Ctrl+Z for its own text. A screen says what it edits by
//! [`Undoable`].

use super::Action;
use std::collections::VecDeque;

/// Undo points kept.
const MAX_UNDOS: usize = 200;
/// Seconds without a change that make the state an undo point.
const STABLE_SECS: f64 = 1.0;
/// Seconds of continuous change after which the state is an undo point anyway.
const AUTO_SAVE_SECS: f64 = 30.0;

/// Edits being made, not yet an undo point.
#[derive(Clone)]
struct Flux<S> {
    start: f64,
    latest_change: f64,
    latest: S,
}

/// One screen's history of edits: the undo points (the newest last; the state matching the
/// newest is not a change) and what undo took back.
pub struct EditHistory<S> {
    undos: VecDeque<S>,
    redos: Vec<S>,
    flux: Option<Flux<S>>,
}

impl<S> Default for EditHistory<S> {
    fn default() -> Self {
        EditHistory {
            undos: VecDeque::new(),
            redos: Vec::new(),
            flux: None,
        }
    }
}

impl<S: Clone + PartialEq> EditHistory<S> {
    /// Takes the state as it is now (once a frame).
    pub fn feed(&mut self, ctx: &egui::Context, state: &S) {
        self.feed_at(ctx.input(|i| i.time), state);
    }

    /// Takes the state as it is at `time` seconds: it becomes an undo point once it has not
    /// changed for [`STABLE_SECS`], or when it changes after [`AUTO_SAVE_SECS`] of changes
    /// (egui's `Undoer` timing, kept).
    fn feed_at(&mut self, time: f64, state: &S) {
        if self.undos.is_empty() {
            self.push(state);
            return;
        }
        if self.undos.back() == Some(state) {
            self.flux = None;
            return;
        }
        self.redos.clear();
        match &mut self.flux {
            None => {
                self.flux = Some(Flux {
                    start: time,
                    latest_change: time,
                    latest: state.clone(),
                });
            }
            Some(flux) if flux.latest == *state => {
                if time - flux.latest_change >= STABLE_SECS {
                    self.push(state);
                }
            }
            Some(flux) if time - flux.start >= AUTO_SAVE_SECS => self.push(state),
            Some(flux) => {
                flux.latest_change = time;
                flux.latest.clone_from(state);
            }
        }
    }

    /// Records `state` as an undo point now (the state before or after a discrete edit; the
    /// same state twice is one point). A new point drops what could be redone.
    pub fn record(&mut self, state: &S) {
        if self.undos.back() != Some(state) {
            self.push(state);
            self.redos.clear();
        }
        self.flux = None;
    }

    fn push(&mut self, state: &S) {
        self.undos.push_back(state.clone());
        if self.undos.len() > MAX_UNDOS {
            self.undos.pop_front();
        }
        self.flux = None;
    }

    /// How many edits of `state` there are to undo and to redo.
    pub fn steps(&self, state: &S) -> (usize, usize) {
        match self.undos.back() {
            None => (0, 0),
            Some(newest) if newest == state => (self.undos.len() - 1, self.redos.len()),
            Some(_) => (self.undos.len(), 0),
        }
    }

    /// Whether there is an edit of `state` to undo.
    pub fn can_undo(&self, state: &S) -> bool {
        self.steps(state).0 > 0
    }

    /// Whether there is an undone edit of `state` to make again.
    pub fn can_redo(&self, state: &S) -> bool {
        self.steps(state).1 > 0
    }

    /// Undoes or redoes (`action`) the last edit of `state`; answers whether it changed.
    pub fn apply(&mut self, action: Action, state: &mut S) -> bool {
        let restored = match action {
            Action::Undo => self.undo(state),
            Action::Redo => self.redo(state),
            _ => None,
        };
        match restored {
            Some(restored) => {
                *state = restored;
                true
            }
            None => false,
        }
    }

    /// The state before the newest edit of `state` (which can then be redone).
    fn undo(&mut self, state: &S) -> Option<S> {
        if !self.can_undo(state) {
            return None;
        }
        self.flux = None;
        if self.undos.back() == Some(state) {
            self.redos.extend(self.undos.pop_back());
        } else {
            self.redos.push(state.clone());
        }
        self.undos.back().cloned()
    }

    /// The state the newest undo took back, when `state` has not changed since.
    fn redo(&mut self, state: &S) -> Option<S> {
        if self.undos.back().is_some_and(|newest| newest != state) {
            self.redos.clear();
            return None;
        }
        let redone = self.redos.pop()?;
        self.undos.push_back(redone.clone());
        Some(redone)
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
        history.feed_at(time, &state.to_owned());
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

    #[test]
    fn recorded_steps_undo_one_by_one_and_an_open_change_is_a_step_too() {
        let mut history = EditHistory::default();
        for s in ["", "a", "a", "ab"] {
            history.record(&s.to_owned());
        }
        let mut state = "ab".to_owned();
        assert_eq!(
            history.steps(&state),
            (2, 0),
            "the same state twice is one point"
        );
        // A change not recorded yet (typing in a field still focused) is undone first.
        state = "abc".to_owned();
        assert_eq!(history.steps(&state), (3, 0));
        assert!(history.apply(Action::Undo, &mut state));
        assert_eq!(state, "ab");
        assert_eq!(history.steps(&state), (2, 1));
        assert!(history.apply(Action::Undo, &mut state));
        assert_eq!(state, "a");
        assert!(history.apply(Action::Redo, &mut state));
        assert!(history.apply(Action::Redo, &mut state));
        assert_eq!(state, "abc");
        assert!(!history.can_redo(&state));
        // Undone, then a new step: what could be redone is dropped.
        assert!(history.apply(Action::Undo, &mut state));
        history.record(&"abX".to_owned());
        state = "abX".to_owned();
        assert_eq!(history.steps(&state), (3, 0));
        assert!(!history.apply(Action::Redo, &mut state));
    }

    #[test]
    fn the_oldest_points_go_past_the_limit() {
        let mut history = EditHistory::default();
        for n in 0..MAX_UNDOS + 10 {
            history.record(&n.to_string());
        }
        let mut state = (MAX_UNDOS + 9).to_string();
        assert_eq!(history.steps(&state), (MAX_UNDOS - 1, 0));
        while history.apply(Action::Undo, &mut state) {}
        assert_eq!(state, "10");
    }

    #[test]
    fn edits_that_never_pause_still_make_a_point_after_a_while() {
        let mut history = EditHistory::default();
        feed(&mut history, 0.0, "");
        let mut text = String::new();
        for t in 1..=80 {
            text.push('a');
            feed(&mut history, f64::from(t) * 0.5, &text);
        }
        let mut state = text.clone();
        assert_eq!(
            history.steps(&state),
            (2, 0),
            "a point after 30 s of typing"
        );
        assert!(history.apply(Action::Undo, &mut state));
        assert!(state.len() > 1 && state.len() < text.len(), "{state}");
    }
}
