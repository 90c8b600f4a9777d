//! The order composer: the draft's state, autosave, "Place order" and the page's layout.
//!
//! The page is drawn by job: the header and delivery address (`header`), the designs with
//! an instances grid and roster paste (`designs`), the loose logos with a digits editor
//! (`logos`) and a search (`picker`), each design line's roster proof and proof sheet
//! (`proof`), and the estimate of the whole order in a summary beside the form, shown once
//! more when placing (`estimate`); `lookups` fetches what the lines name, `cells` are the text
//! fields with their issues.

mod cells;
mod designs;
mod estimate;
mod header;
mod logos;
mod lookups;
mod picker;
mod proof;
mod undo;

pub use proof::ProofShown;

use crate::api::{DesignId, Logo, LogoRef, ValidationIssue};
use crate::backend::orders::OrdersCommand;
use crate::backend::{Command, RequestId, UserError};
use crate::orders::estimate::DesignPrices;
use crate::orders::form::DraftForm;
use crate::orders::local::{COPY_RISK, copy_is_risky};
use crate::store::{LocalOrder, LocalOrderId, OrderState};
use crate::ui::Shared;
use crate::ui::theme::{self, space};
use crate::ui::widgets::UiExt as _;
use egui::{RichText, Ui};
use picker::LogoPicker;
use std::collections::{BTreeSet, HashMap};
use std::time::{Duration, Instant};

/// A draft is written this long after the last keystroke.
const SAVE_AFTER: Duration = Duration::from_millis(400);

/// The composer's state.
#[derive(Default)]
pub struct Composer {
    draft: Option<LocalOrderId>,
    pub form: DraftForm,
    /// The row's state (a placed order is frozen).
    state: Option<OrderState>,
    saved_json: String,
    changed_at: Option<Instant>,
    design_input: String,
    logo_input: String,
    logo_by_item_no: bool,
    roster: HashMap<usize, String>,
    /// Rows of each design that a paste could not read fully.
    bad_rows: HashMap<usize, BTreeSet<usize>>,
    design_requests: HashMap<RequestId, usize>,
    logo_requests: HashMap<RequestId, usize>,
    design_notes: HashMap<usize, String>,
    logo_notes: HashMap<usize, String>,
    /// Logos known in full (kinds, prices, fees).
    known: HashMap<LogoRef, Logo>,
    /// Designs known with their placements' logos in full (for the estimate).
    design_prices: HashMap<DesignId, DesignPrices>,
    country_query: String,
    /// The loose-logo picker: the search typed, when it was last edited, the newest
    /// request, the search it answers and its matches (or why there are none).
    picker: LogoPicker,
    /// "Copy to new draft" of an order that may already be placed waits for confirmation.
    confirm_copy: bool,
    /// Each design line's roster proof, and the proof sheet under way.
    proofs: proof::Proofs,
    /// "Place order…" shows the estimate and the address once more before placing.
    confirm_place: bool,
    history: undo::FormHistory,
}

impl Composer {
    /// The draft being edited.
    pub fn draft_id(&self) -> Option<LocalOrderId> {
        self.draft
    }

    /// Whether the order can no longer be edited (placed).
    pub fn is_frozen(&self) -> bool {
        self.state.is_some_and(|s| s != OrderState::Draft)
    }

    /// Starts editing a freshly created draft.
    pub fn start(&mut self, id: LocalOrderId, form: DraftForm, shared: &mut Shared<'_>) {
        *self = Composer {
            draft: Some(id),
            state: Some(OrderState::Draft),
            saved_json: serde_json::to_string(&form).unwrap_or_default(),
            form,
            ..Composer::default()
        };
        self.refetch(shared);
    }

    /// Opens a saved row.
    pub fn load(&mut self, order: &LocalOrder, shared: &mut Shared<'_>) {
        let form = order
            .draft_json
            .as_deref()
            .and_then(|j| serde_json::from_str(j).ok())
            .unwrap_or_default();
        self.start(order.id, form, shared);
        self.state = Some(order.state);
    }

    /// A row changed in the backend.
    pub fn on_changed(&mut self, order: &LocalOrder) {
        if self.draft == Some(order.id) {
            self.state = Some(order.state);
        }
    }

    /// Saves the draft a moment after the last change.
    fn autosave(&mut self, ui: &Ui, shared: &mut Shared<'_>) {
        let (Some(id), false) = (self.draft, self.is_frozen()) else {
            return;
        };
        let json = serde_json::to_string(&self.form).unwrap_or_default();
        if json == self.saved_json {
            self.changed_at = None;
            return;
        }
        let since = *self.changed_at.get_or_insert_with(Instant::now);
        if since.elapsed() < SAVE_AFTER {
            ui.ctx().request_repaint_after(SAVE_AFTER);
            return;
        }
        shared
            .backend
            .send(Command::Orders(OrdersCommand::SaveDraft {
                id,
                draft_json: json.clone(),
                reference: self.form.reference.trim().to_owned(),
                recipient: self.form.recipient(),
            }));
        self.saved_json = json;
        self.changed_at = None;
    }

    /// The current issues (the spec's rules and the form's own).
    pub fn issues(&self) -> Vec<ValidationIssue> {
        let mut form = self.form.clone();
        // Kinds learnt from the service count even if the form was saved before.
        for l in &mut form.logos {
            if let Some(k) = self.known.get(&l.logo_ref()) {
                l.logo_type = Some(k.logo_type.clone());
            }
        }
        form.to_order().1
    }

    /// Freezes the draft and hands its exact body to the outbox (after the confirmation, or
    /// at once for the demo of `--screen history`).
    pub(super) fn place(&mut self, shared: &mut Shared<'_>) {
        let Some(id) = self.draft else { return };
        let (order, issues) = self.form.to_order();
        if !issues.is_empty() || self.is_frozen() {
            return;
        }
        let body = match serde_json::to_vec(&order) {
            Ok(b) => b,
            Err(e) => {
                return shared.notifications.error(&UserError::new(
                    "The order could not be prepared for sending.",
                    Some(e.to_string()),
                ));
            }
        };
        let draft_json = serde_json::to_string(&self.form).unwrap_or_default();
        self.saved_json = draft_json.clone();
        shared.backend.send(Command::Orders(OrdersCommand::Place {
            id,
            draft_json,
            reference: self.form.reference.trim().to_owned(),
            recipient: self.form.recipient(),
            body,
        }));
        self.state = Some(OrderState::Queued);
    }

    /// Draws the composer; answers a form to copy into a new draft when asked.
    pub fn ui(&mut self, ui: &mut Ui, shared: &mut Shared<'_>) -> Option<DraftForm> {
        self.undo_frame(ui.ctx(), shared);
        let issues = self.issues();
        let frozen = self.is_frozen();
        let estimate = self.estimate();
        let mut copy = None;
        ui.horizontal(|ui| {
            ui.screen_title(
                if frozen { "Placed order" } else { "New order" },
                Some(match self.state {
                    Some(OrderState::Draft) => "Saved as you type. Place it when every field is fine.",
                    Some(_) => "Placed orders cannot change; copy it to a new draft to fix and resend.",
                    None => "Creating a draft…",
                }),
            );
            ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                if frozen {
                    let risky = self.state.is_some_and(copy_is_risky);
                    if self.confirm_copy {
                        if ui.button("Cancel").clicked() {
                            self.confirm_copy = false;
                        }
                        let t = theme::tokens(ui.ctx());
                        let anyway = egui::Button::new(RichText::new("Copy anyway").color(t.on_accent)).fill(t.danger);
                        if ui.add(anyway).clicked() {
                            self.confirm_copy = false;
                            copy = Some(self.form.clone());
                        }
                    } else if ui.primary_button("Copy to new draft").clicked() {
                        if risky {
                            self.confirm_copy = true;
                        } else {
                            copy = Some(self.form.clone());
                        }
                    }
                    state_badge(ui, self.state.unwrap_or(OrderState::Queued));
                } else {
                    let ready = issues.is_empty() && self.draft.is_some();
                    let button = ui.add_enabled_ui(ready, |ui| ui.primary_button("Place order…")).inner;
                    let button = if ready {
                        button.on_hover_text("Shows the estimate and the address once more; placing sends the order once, retried with the same key until the service answers.")
                    } else {
                        button.on_disabled_hover_text(format!(
                            "{} to fix first (marked in red).",
                            plural(issues.len(), "problem")
                        ))
                    };
                    if button.clicked() {
                        self.confirm_place = true;
                    }
                    if !issues.is_empty() {
                        let t = theme::tokens(ui.ctx());
                        ui.badge(&plural(issues.len(), "problem"), t.danger, t.danger_soft);
                    }
                    if ui.button("Duplicate").on_hover_text("A new draft with the same content").clicked() {
                        copy = Some(self.form.clone());
                    }
                }
            });
        });
        if self.confirm_copy {
            let t = theme::tokens(ui.ctx());
            ui.label(RichText::new(COPY_RISK).color(t.danger));
        }
        ui.add_space(space::M);
        // The summary stays in view beside the form while the form scrolls.
        self.estimate_panel(ui, &estimate);
        egui::ScrollArea::vertical()
            .auto_shrink([false, false])
            .show(ui, |ui| {
                ui.add_enabled_ui(!frozen, |ui| {
                    self.header_ui(ui, &issues);
                    ui.add_space(space::M);
                    self.designs_ui(ui, shared, &issues);
                    ui.add_space(space::M);
                    self.logos_ui(ui, shared, &issues);
                });
                let general: Vec<&ValidationIssue> =
                    issues.iter().filter(|i| i.path == "designs").collect();
                for i in general {
                    ui.problem(&i.message);
                }
                ui.add_space(space::XL);
            });
        if frozen || !issues.is_empty() {
            self.confirm_place = false;
        }
        self.confirm_place_ui(ui, shared, &estimate);
        self.autosave(ui, shared);
        copy
    }
}

fn plural(n: usize, what: &str) -> String {
    if n == 1 {
        format!("1 {what}")
    } else {
        format!("{n} {what}s")
    }
}

/// A badge for an order's local state.
pub fn state_badge(ui: &mut Ui, state: OrderState) -> egui::Response {
    let t = theme::tokens(ui.ctx());
    let (text, fg, bg) = match state {
        OrderState::Draft => ("Draft", t.text_muted, t.chrome),
        OrderState::Queued => ("In outbox", t.warning, t.warning_soft),
        OrderState::Sent => ("Pending", t.accent, t.accent_soft),
        OrderState::Completed => ("Completed", t.success, t.success_soft),
        OrderState::Failed => ("Failed", t.danger, t.danger_soft),
        OrderState::Uncertain => ("Check needed", t.warning, t.warning_soft),
        OrderState::Unknown => ("Unknown", t.danger, t.danger_soft),
    };
    ui.badge(text, fg, bg)
}
