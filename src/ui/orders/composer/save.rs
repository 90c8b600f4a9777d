//! The composer's save state: which row the draft is and where it stands (a placed order is
//! frozen), what was saved last, whether a draft made here is still untouched, and when the
//! next autosave is due. What decides "saved / unsaved / untouched / frozen".

use crate::orders::form::DraftForm;
use crate::orders::local::copy_is_risky;
use crate::store::{LocalOrder, LocalOrderId, OrderState};
use std::time::{Duration, Instant};

/// A draft is written this long after the last keystroke.
const SAVE_AFTER: Duration = Duration::from_millis(400);

/// The draft's row and what of the form it holds.
#[derive(Default)]
pub(super) struct SaveState {
    draft: Option<LocalOrderId>,
    /// The row's state (a placed order is frozen).
    state: Option<OrderState>,
    /// Copying the row to a new draft may place it twice ([`copy_is_risky`]).
    copy_risky: bool,
    saved_json: String,
    /// The form of a draft made here, as it was made: while the form still equals it, the
    /// draft was left untouched and is not kept ([`SaveState::untouched`]).
    created_json: Option<String>,
    changed_at: Option<Instant>,
}

impl SaveState {
    /// A freshly created draft `id` holding `form` (saved as it is).
    pub fn started(id: LocalOrderId, form: &DraftForm) -> SaveState {
        let json = serde_json::to_string(form).unwrap_or_default();
        // Only a blank new order (its default country aside) counts as untouched: one made
        // with a logo or a design, or copied, has content from the start.
        let mut blank = form.clone();
        blank.address.country.clear();
        let blank = blank == DraftForm::default();
        SaveState {
            draft: Some(id),
            state: Some(OrderState::Draft),
            created_json: blank.then(|| json.clone()),
            saved_json: json,
            ..SaveState::default()
        }
    }

    /// The draft is a saved row, `order`: kept as it is, touched or not.
    pub fn loaded(&mut self, order: &LocalOrder) {
        self.created_json = None;
        self.state = Some(order.state);
        self.copy_risky = copy_is_risky(order);
    }

    /// A row changed in the backend.
    pub fn on_changed(&mut self, order: &LocalOrder) {
        if self.draft == Some(order.id) {
            self.state = Some(order.state);
            self.copy_risky = copy_is_risky(order);
        }
    }

    /// The draft being edited.
    pub fn draft(&self) -> Option<LocalOrderId> {
        self.draft
    }

    /// The row's state (none while the draft is being created).
    pub fn state(&self) -> Option<OrderState> {
        self.state
    }

    /// Whether copying the row to a new draft may place it twice.
    pub fn copy_risky(&self) -> bool {
        self.copy_risky
    }

    /// Whether the order can no longer be edited (placed).
    pub fn is_frozen(&self) -> bool {
        self.state.is_some_and(|s| s != OrderState::Draft)
    }

    /// The draft made here, if `form` is still as it was made.
    pub fn untouched(&self, form: &DraftForm) -> Option<LocalOrderId> {
        let created = self.created_json.as_deref()?;
        let now = serde_json::to_string(form).ok()?;
        (self.state == Some(OrderState::Draft) && now == created)
            .then_some(self.draft)
            .flatten()
    }

    /// The draft and `form` as JSON, when it can be saved and differs from what was saved.
    pub fn unsaved(&self, form: &DraftForm) -> Option<(LocalOrderId, String)> {
        let (Some(id), false) = (self.draft, self.is_frozen()) else {
            return None;
        };
        let json = serde_json::to_string(form).unwrap_or_default();
        (json != self.saved_json).then_some((id, json))
    }

    /// What to save now, a moment after the last change of `form` (a repaint is asked for
    /// the moment to come).
    pub fn due(&mut self, form: &DraftForm, ctx: &egui::Context) -> Option<(LocalOrderId, String)> {
        let (Some(id), false) = (self.draft, self.is_frozen()) else {
            return None;
        };
        let json = serde_json::to_string(form).unwrap_or_default();
        if json == self.saved_json {
            self.changed_at = None;
            return None;
        }
        let since = *self.changed_at.get_or_insert_with(Instant::now);
        if since.elapsed() < SAVE_AFTER {
            ctx.request_repaint_after(SAVE_AFTER);
            return None;
        }
        Some((id, json))
    }

    /// `json` was sent to be saved.
    pub fn saved(&mut self, json: String) {
        self.saved_json = json;
        self.changed_at = None;
    }

    /// Placing was refused (another desk changed or took the draft): a draft again.
    pub fn unplaced(&mut self) {
        self.state = Some(OrderState::Draft);
    }

    /// The form `json` was handed to the outbox: the row is queued.
    pub fn placed(&mut self, json: String) {
        self.saved_json = json;
        self.state = Some(OrderState::Queued);
        self.copy_risky = false;
    }
}
