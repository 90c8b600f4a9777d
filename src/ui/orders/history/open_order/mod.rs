//! The order shown in full: its title and state, what can be done with it (order again,
//! copy, exports, sending a held order, looking an uncertain one up or attaching its
//! tracking id), and the order as the service returned it.
//!
//! [`OpenOrder`] keeps what the person started on the order; its parts draw themselves: the
//! actions, confirmations and state here, the exports in `exports.rs`, looking the order up
//! or attaching its tracking id in `check.rs`, and the order as the service returned it
//! (no state of its own) in `detail.rs`.

mod check;
mod detail;
mod exports;

use super::HistoryAction;
use crate::api::{Order, OrderId};
use crate::backend::orders::OrdersCommand;
use crate::backend::{Command, RequestId};
use crate::orders::form::DraftForm;
use crate::orders::local::{copy_is_risky, copy_risk};
use crate::store::{Destination, LocalOrder, LocalOrderId, OrderState};
use crate::ui::Shared;
use crate::ui::orders::composer::state_badge;
use crate::ui::theme::{self, space};
use crate::ui::widgets::UiExt as _;
use egui::{RichText, Ui};
use exports::NotSaved;
use std::path::PathBuf;

/// The order shown in full and what the person started on it: the confirmations asked, the
/// tracking id typed to attach, a look-up under way and what the service said to it, the
/// exports and what became of them. Opening another order starts a fresh one, so nothing of
/// one order shows on another, and an answer to a request of an order no longer shown (or
/// shown afresh since) is dropped.
pub struct OpenOrder {
    /// The order shown.
    pub id: LocalOrderId,
    /// "Copy to new draft" of an order that may already be placed waits for confirmation.
    confirm_copy: bool,
    /// "Send to …" of a held order waits for confirmation.
    confirm_send: bool,
    /// The tracking id typed to attach to an order that may already be placed.
    attach: String,
    /// Why the tracking id typed to attach is not one.
    attach_problem: Option<String>,
    /// The look-up or attach under way.
    checking: Option<RequestId>,
    /// The order behind a tracking id to attach may be another one: the tracking id and the
    /// question, until the person answers.
    pub attach_question: Option<(OrderId, String)>,
    /// What the service said to the newest look-up or attach.
    check_result: Option<Result<String, String>>,
    /// The confirmation PDF being saved.
    saving_pdf: Option<RequestId>,
    /// Where the newest confirmation PDF went.
    pub saved_pdf: Option<PathBuf>,
    /// A CSV export was asked (its "Save as…" may be closed without a file).
    exported_csv: bool,
    /// An export that the person chose not to save (closed "Save as…"): said quietly.
    not_saved: Option<NotSaved>,
    /// The estimate the order was placed with, read from its form (the form it was read
    /// from, and `None` when it has none, as an order looked up by tracking id): read again
    /// only when the row's form is another.
    estimate: Option<(Option<String>, Option<crate::orders::form::PlacedEstimate>)>,
}

/// The open order's title and state, with "Back" to the list; `true` when it is pressed.
pub(super) fn header_ui(ui: &mut Ui, o: &LocalOrder) -> bool {
    ui.horizontal(|ui| {
        let back = ui.button(crate::tr!("history-back")).clicked();
        let title = match &o.order_number {
            Some(n) => crate::tr!("history-order-title", number = n.as_str()),
            None => crate::tr!("history-order-title", number = o.reference.as_str()),
        };
        ui.screen_title(&title, None);
        state_badge(ui, o.state);
        back
    })
    .inner
}

impl OpenOrder {
    /// Order `id`, shown afresh.
    pub(super) fn new(id: LocalOrderId) -> Self {
        OpenOrder {
            id,
            confirm_copy: false,
            confirm_send: false,
            attach: String::new(),
            attach_problem: None,
            checking: None,
            attach_question: None,
            check_result: None,
            saving_pdf: None,
            saved_pdf: None,
            exported_csv: false,
            not_saved: None,
            estimate: None,
        }
    }

    /// Draws row `o` in full under its header: its actions, what the person is asked or was
    /// told, what its state means, and the order as the service returned it.
    pub(super) fn ui(
        &mut self,
        ui: &mut Ui,
        shared: &mut Shared<'_>,
        o: &LocalOrder,
    ) -> Option<HistoryAction> {
        let order = o.record.as_ref().and_then(|r| r.order.as_ref());
        let action = self.actions_ui(ui, shared, o, order);
        ui.add_space(space::M);
        let action = self.confirm_copy_ui(ui, o).or(action);
        self.export_notes_ui(ui, shared, o, order);
        if let Some(hold) = &o.hold {
            self.hold_ui(ui, shared, o, hold);
        }
        self.check_result_ui(ui);
        self.state_ui(ui, shared, o);
        match order {
            Some(order) => {
                if self
                    .estimate
                    .as_ref()
                    .is_none_or(|(json, _)| *json != o.draft_json)
                {
                    let read =
                        crate::orders::form::PlacedEstimate::of_placed(o.draft_json.as_deref());
                    self.estimate = Some((o.draft_json.clone(), read));
                }
                let estimate = self.estimate.as_ref().and_then(|(_, e)| e.as_ref());
                detail::ui(ui, shared.language(), o, order, estimate);
            }
            None => {
                if let Some(id) = o.tracking_id {
                    ui.muted(&crate::tr!(
                        "history-tracking-id-is",
                        tracking = id.to_string()
                    ));
                }
            }
        }
        action
    }

    /// The order's actions on a row of their own: beside the title they covered it in a
    /// narrow window.
    fn actions_ui(
        &mut self,
        ui: &mut Ui,
        shared: &mut Shared<'_>,
        o: &LocalOrder,
        order: Option<&Order>,
    ) -> Option<HistoryAction> {
        ui.horizontal(|ui| {
            ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                let action = self.draft_buttons_ui(ui, o, order);
                if let (Some(record), Some(order)) = (&o.record, order) {
                    self.export_buttons_ui(ui, shared, o, record, order);
                }
                action
            })
            .inner
        })
        .inner
    }

    /// "Order again" (a completed order), "Copy to new draft" (others: failed, uncertain,
    /// held, copied as they were) and "Show in composer" (a queued one).
    fn draft_buttons_ui(
        &mut self,
        ui: &mut Ui,
        o: &LocalOrder,
        order: Option<&Order>,
    ) -> Option<HistoryAction> {
        let mut action = None;
        if o.state == OrderState::Completed
            && (o.draft_json.is_some() || order.is_some())
            && ui
                .button(crate::tr!("history-order-again"))
                .on_hover_text(crate::tr!("history-order-again-hover"))
                .clicked()
            && let Some(form) = DraftForm::order_again(o.draft_json.as_deref(), order)
        {
            action = Some(HistoryAction::OrderAgain(Box::new(form)));
        }
        if o.draft_json.is_some() && o.state != OrderState::Completed && !self.confirm_copy {
            let label = if copy_is_risky(o) {
                crate::tr!("history-copy-to-draft-confirm")
            } else {
                crate::tr!("history-copy-to-draft")
            };
            if ui.button(label).clicked() {
                if copy_is_risky(o) {
                    self.confirm_copy = true;
                } else {
                    action = Some(HistoryAction::CopyToDraft(o.clone()));
                }
            }
        }
        if o.state == OrderState::Queued
            && ui.button(crate::tr!("history-show-in-composer")).clicked()
        {
            action = Some(HistoryAction::Edit(o.clone()));
        }
        action
    }

    /// "Copy to new draft" of an order that may already be placed: the risk, and a way on.
    fn confirm_copy_ui(&mut self, ui: &mut Ui, o: &LocalOrder) -> Option<HistoryAction> {
        if !self.confirm_copy {
            return None;
        }
        let t = theme::tokens(ui.ctx());
        let mut action = None;
        ui.label(RichText::new(copy_risk()).color(t.danger));
        ui.horizontal(|ui| {
            let anyway = egui::Button::new(
                RichText::new(crate::tr!("history-copy-anyway")).color(t.on_accent),
            )
            .fill(t.danger);
            if ui.add(anyway).clicked() {
                self.confirm_copy = false;
                action = Some(HistoryAction::CopyToDraft(o.clone()));
            }
            if ui.button(crate::tr!("history-cancel")).clicked() {
                self.confirm_copy = false;
            }
        });
        ui.add_space(space::S);
        action
    }

    /// What the order's state means, and what can be done about it.
    fn state_ui(&mut self, ui: &mut Ui, shared: &mut Shared<'_>, o: &LocalOrder) {
        let t = theme::tokens(ui.ctx());
        match o.state {
            OrderState::Uncertain => self.uncertain_ui(ui, shared, o),
            OrderState::Unknown => self.unknown_ui(ui, shared, o),
            OrderState::Failed => {
                let why = o
                    .error_message
                    .clone()
                    .unwrap_or_else(|| crate::tr!("history-failed-no-reason"));
                ui.error_box(&crate::backend::UserError::new(why, None), "order-failed");
                ui.muted(&crate::tr!("history-failed-fix"));
            }
            OrderState::Queued => {
                ui.label(RichText::new(outbox_sentence(o)).color(t.warning));
            }
            OrderState::Sent => {
                ui.label(RichText::new(crate::tr!("history-pending")).color(t.accent));
            }
            _ => {}
        }
    }

    /// A held order: why, and what can be done.
    fn hold_ui(
        &mut self,
        ui: &mut Ui,
        shared: &mut Shared<'_>,
        o: &LocalOrder,
        hold: &crate::store::Hold,
    ) {
        let t = theme::tokens(ui.ctx());
        ui.label(
            RichText::new(crate::orders::local::hold_sentence(hold, o.may_be_placed()))
                .color(t.warning),
        );
        let crate::store::Hold::Changed { now, .. } = hold else {
            ui.add_space(space::S);
            return;
        };
        if o.placed_elsewhere(now) {
            ui.label(
                RichText::new(crate::tr!(
                    "history-placed-elsewhere",
                    address = crate::orders::local::destination_place(now)
                ))
                .color(t.warning),
            );
            ui.add_space(space::S);
            return;
        }
        self.send_held_ui(ui, shared, o, now);
        ui.add_space(space::S);
    }

    /// "Send to …" the account's destination now (once confirmed), and "Back to draft".
    fn send_held_ui(
        &mut self,
        ui: &mut Ui,
        shared: &mut Shared<'_>,
        o: &LocalOrder,
        now: &Destination,
    ) {
        let t = theme::tokens(ui.ctx());
        ui.horizontal(|ui| {
            let address = crate::orders::local::destination_place(now);
            let send_label = crate::tr!("history-send-to", address = address.clone());
            if self.confirm_send {
                let question = if o.may_be_placed() {
                    crate::tr!("history-send-question-risky", address = address)
                } else {
                    crate::tr!("history-send-question", address = address)
                };
                ui.label(RichText::new(question).color(t.warning));
                if ui.button(crate::tr!("history-send-yes")).clicked() {
                    self.confirm_send = false;
                    shared
                        .backend
                        .send(Command::Orders(OrdersCommand::SendToCurrent { id: o.id }));
                }
                if ui.button(crate::tr!("history-cancel")).clicked() {
                    self.confirm_send = false;
                }
            } else if ui.button(send_label).clicked() {
                self.confirm_send = true;
            }
            if o.can_return_to_draft() && ui.button(crate::tr!("history-back-to-draft")).clicked() {
                shared
                    .backend
                    .send(Command::Orders(OrdersCommand::BackToDraft { id: o.id }));
            }
        });
    }
}

/// Whether `request` answers the request `asked` (then it is asked no more).
fn answers(asked: &mut Option<RequestId>, request: Option<RequestId>) -> bool {
    let answered = asked.is_some() && *asked == request;
    if answered {
        *asked = None;
    }
    answered
}

/// What the outbox says of a queued order: kept for the team, waiting to be sent again, or
/// being sent.
fn outbox_sentence(o: &LocalOrder) -> String {
    match &o.last_error {
        _ if o.kept_for_team() => crate::tr!("history-outbox-kept"),
        Some(e) => crate::tr!(
            "history-outbox-waiting",
            tries = o.attempts,
            error = e.as_str()
        ),
        None => crate::tr!("history-outbox-sending"),
    }
}
