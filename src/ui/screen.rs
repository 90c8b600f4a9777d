//! The one contract every screen keeps. The shell holds each screen's state behind
//! [`ScreenView`] and reaches it by its [`Screen`](super::Screen) id, so drawing, answers,
//! failures, "Refresh", undo, a new account, dropped files and `--screenshot` go through the same methods
//! for every screen instead of a `match` per concern.

use super::{Action, Reply, Shared};
use crate::backend::{Event, UserError};
use egui::Ui;

/// Whether a toast says a failure too, besides the screen that asked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[must_use]
pub enum Toast {
    Show,
    /// The screen says it where it matters (a form's own error line).
    Skip,
}

/// What a screen is to the shell. Its name, icon and slug are its [`Screen`](super::Screen)
/// id's (the navigation shows them without the state).
pub trait ScreenView {
    /// Draws the screen in the central panel.
    fn ui(&mut self, ui: &mut Ui, shared: &mut Shared<'_>);

    /// Offers the screen an event that reached the app (settled: only answers to current
    /// requests of the account shown come). Returns it untouched when it is not the screen's,
    /// or what is left of it for the next screen; `None` once it is used up.
    fn on_event(&mut self, _reply: Reply, event: Event, _: &mut Shared<'_>) -> Option<Event> {
        Some(event)
    }

    /// A request of one of the screen's slots (`reply.slot`) failed: say so in place, and
    /// whether a toast says it too (the shell shows it).
    fn on_failed(&mut self, reply: Reply, error: &UserError, shared: &mut Shared<'_>) -> Toast;

    /// "Refresh": the screen's data again from the service. `false` when the screen has none
    /// of its own (then the gallery behind it reloads).
    fn refresh(&mut self, _: &mut Shared<'_>) -> bool {
        false
    }

    /// Another account is shown: forget the previous one's data and ask for the new one's.
    fn activated(&mut self, shared: &mut Shared<'_>);

    /// The person left the screen for another.
    fn left(&mut self, _: &mut Shared<'_>) {}

    /// Whether there is an edit to undo, and one to redo (menus and the palette).
    fn undo_state(&self) -> (bool, bool) {
        (false, false)
    }

    /// Undoes or redoes (`action`) the screen's last edit.
    fn undo_or_redo(&mut self, _: Action) {}

    /// Files were dropped on the window. The screen in front (`front`) is offered them first,
    /// then the others in [`Screen::all`](super::Screen::all) order; the first that takes
    /// them (answers `true`) is shown. By default a screen takes none.
    fn on_dropped_files(
        &mut self,
        _files: &[egui::DroppedFileHandle],
        _front: bool,
        _: &mut Shared<'_>,
    ) -> bool {
        false
    }

    /// Whether the screen has the data its `--screenshot` picture shows; `shown` is whether
    /// it is the screen shown now.
    fn ready_for_screenshot(&mut self, shown: bool, shared: &Shared<'_>) -> bool;
}
