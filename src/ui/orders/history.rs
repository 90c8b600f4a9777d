//! Orders → History: every order placed from this machine (and any looked up by tracking
//! id), searchable, with status badges; and one order in full as the service returned it,
//! with a CSV export.

use super::composer::state_badge;
use crate::api::{Order, OrderId, TrackingRecord};
use crate::backend::orders::OrdersCommand;
use crate::backend::proofs::ProofsCommand;
use crate::backend::{Command, SaveTo, UserError};
use crate::orders::csv::{BOM, order_csv};
use crate::orders::local::{COPY_RISK, copy_is_risky, matches};
use crate::store::{LocalOrder, LocalOrderId, OrderState};
use crate::ui::theme::{self, space};
use crate::ui::widgets::UiExt as _;
use crate::ui::{Shared, Slot};
use egui::{RichText, Ui};

/// What the history screen shows.
#[derive(Default)]
pub struct HistoryView {
    pub search: String,
    /// The order shown in full.
    pub open: Option<LocalOrderId>,
    pub lookup: String,
    /// A look-up by tracking id is on its way.
    pub looking_up: bool,
    pub lookup_error: Option<String>,
    /// "Copy to new draft" of an order that may already be placed waits for confirmation.
    pub confirm_copy: Option<LocalOrderId>,
    /// "Send to …" of a held order waits for confirmation.
    pub confirm_send: Option<LocalOrderId>,
    /// The tracking id typed to attach to an order that may already be placed.
    pub attach: String,
    /// A look-up or attach under way, and what the service said to the newest.
    pub checking: bool,
    pub check_result: Option<Result<String, String>>,
    /// A confirmation PDF is being saved.
    pub saving_pdf: bool,
    /// Where the newest confirmation PDF went, and the order it is of.
    pub saved_pdf: Option<std::path::PathBuf>,
    pdf_for: Option<LocalOrderId>,
    /// The order of the newest CSV export.
    csv_for: Option<LocalOrderId>,
    /// An export of this order that the person chose not to save (closed "Save as…"):
    /// said quietly.
    pub not_saved: Option<(LocalOrderId, NotSaved)>,
}

/// Which export was not saved because "Save as…" was closed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NotSaved {
    Csv,
    Confirmation,
}

impl NotSaved {
    fn sentence(self) -> &'static str {
        match self {
            NotSaved::Csv => "No file was chosen, so the CSV was not saved.",
            NotSaved::Confirmation => "No file was chosen, so the confirmation was not saved.",
        }
    }
}

/// What the person asked for on the history screen.
pub enum HistoryAction {
    /// Copy this order's form into a new draft.
    CopyToDraft(LocalOrder),
    /// Open a draft or an outbox entry in the composer.
    Edit(LocalOrder),
}

impl HistoryView {
    /// Draws the list or the open order.
    pub fn ui(
        &mut self,
        ui: &mut Ui,
        shared: &mut Shared<'_>,
        history: &[LocalOrder],
    ) -> Option<HistoryAction> {
        if let Some(open) = self.open {
            match history.iter().find(|o| o.id == open) {
                Some(o) => return self.order_ui(ui, shared, o),
                None => self.open = None,
            }
        }
        self.list_ui(ui, shared, history);
        None
    }

    fn list_ui(&mut self, ui: &mut Ui, shared: &mut Shared<'_>, history: &[LocalOrder]) {
        let t = theme::tokens(ui.ctx());
        let pending = history.iter().filter(|o| !o.state.is_final()).count();
        ui.horizontal(|ui| {
            ui.screen_title(
                "Order history",
                Some(&format!(
                    "{} placed from this machine or looked up · {pending} in progress",
                    history.len()
                )),
            );
            ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                let busy = self.looking_up;
                let id = self.lookup.trim().parse::<i64>().ok();
                if ui
                    .add_enabled(id.is_some() && !busy, egui::Button::new("Look up"))
                    .clicked()
                    && let Some(id) = id
                {
                    self.lookup_error = None;
                    self.looking_up = true;
                    shared.request(Slot::OrdersLookUp, "Looking up the order", |request| {
                        Command::Orders(OrdersCommand::LookUp {
                            request,
                            tracking: OrderId(id),
                        })
                    });
                }
                ui.add(
                    egui::TextEdit::singleline(&mut self.lookup)
                        .hint_text("Tracking id")
                        .desired_width(110.0),
                )
                .accessible_name("Tracking id");
            });
        });
        if let Some(e) = &self.lookup_error {
            ui.label(RichText::new(e).small().color(t.danger));
        }
        ui.add_space(space::S);
        ui.add(
            egui::TextEdit::singleline(&mut self.search)
                .hint_text("Search order number, reference or recipient")
                .desired_width(f32::INFINITY),
        )
        .accessible_name("Search orders");
        ui.add_space(space::S);
        let shown: Vec<&LocalOrder> = history
            .iter()
            .filter(|o| matches(o, &self.search))
            .collect();
        if shown.is_empty() {
            ui.empty_state(
                "☰",
                if history.is_empty() { "No orders yet" } else { "No order matches" },
                if history.is_empty() {
                    "Orders you place from this machine appear here and are followed until they complete."
                } else {
                    "Try another order number, reference or recipient."
                },
                None,
            );
            return;
        }
        let row_height = 40.0;
        ui.surface(|ui| {
            egui::Grid::new("history-head")
                .num_columns(6)
                .min_col_width(0.0)
                .show(ui, |ui| {
                    for (h, w) in HEAD {
                        ui.add_sized(
                            [w, 16.0],
                            egui::Label::new(RichText::new(h).small().strong()),
                        );
                    }
                    ui.end_row();
                });
            ui.separator();
            egui::ScrollArea::vertical()
                .auto_shrink([false, false])
                .show_rows(ui, row_height, shown.len(), |ui, range| {
                    for o in &shown[range] {
                        let r = ui
                            .horizontal(|ui| {
                                ui.set_height(row_height - 8.0);
                                let number = o.order_number.clone().unwrap_or_else(|| "—".into());
                                ui.add_sized(
                                    [HEAD[0].1, 20.0],
                                    egui::Label::new(
                                        RichText::new(number).strong().color(t.text_strong),
                                    ),
                                );
                                ui.add_sized(
                                    [HEAD[1].1, 20.0],
                                    egui::Label::new(&o.reference).truncate(),
                                );
                                ui.add_sized(
                                    [HEAD[2].1, 20.0],
                                    egui::Label::new(&o.recipient).truncate(),
                                );
                                ui.allocate_ui([HEAD[3].1, 20.0].into(), |ui| {
                                    state_badge(ui, o.state)
                                });
                                let total = o
                                    .record
                                    .as_ref()
                                    .and_then(|r| r.order.as_ref())
                                    .map(|ord| shared.language().money(ord.total, &ord.currency))
                                    .unwrap_or_default();
                                ui.add_sized([HEAD[4].1, 20.0], egui::Label::new(total));
                                let note = match (o.state, &o.last_error, &o.hold) {
                                    (_, _, Some(_)) => {
                                        "held: its account changed — open it".to_owned()
                                    }
                                    (OrderState::Uncertain, ..) => {
                                        "may already be placed — look it up".to_owned()
                                    }
                                    (OrderState::Unknown, ..) => {
                                        "the service does not know it".to_owned()
                                    }
                                    (OrderState::Queued, Some(e), _) => {
                                        format!("waiting to send ({} tries): {e}", o.attempts)
                                    }
                                    (OrderState::Queued, None, _) => "sending…".to_owned(),
                                    _ => shared.language().time_stamp(&o.updated_at),
                                };
                                ui.add_sized(
                                    [HEAD[5].1, 20.0],
                                    egui::Label::new(
                                        RichText::new(note).small().color(t.text_muted),
                                    )
                                    .truncate(),
                                );
                            })
                            .response;
                        let r = ui.interact(
                            r.rect,
                            ui.scope_id().with(("history-row", o.id.0)),
                            egui::Sense::click(),
                        );
                        if r.hovered() {
                            ui.painter().rect_filled(
                                r.rect,
                                theme::radius::CONTROL,
                                t.surface_hover.gamma_multiply(0.5),
                            );
                        }
                        if r.clicked() {
                            self.open = Some(o.id);
                        }
                    }
                });
        });
    }

    fn order_ui(
        &mut self,
        ui: &mut Ui,
        shared: &mut Shared<'_>,
        o: &LocalOrder,
    ) -> Option<HistoryAction> {
        let t = theme::tokens(ui.ctx());
        let mut action = None;
        let order = o.record.as_ref().and_then(|r| r.order.as_ref());
        ui.horizontal(|ui| {
            if ui.button("← History").clicked() {
                self.open = None;
            }
            let title = match &o.order_number {
                Some(n) => format!("Order {n}"),
                None => format!("Order {}", o.reference),
            };
            ui.screen_title(&title, None);
            state_badge(ui, o.state);
            ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                if o.draft_json.is_some() && self.confirm_copy != Some(o.id) {
                    let label = if copy_is_risky(o.state) {
                        "Copy to new draft…"
                    } else {
                        "Copy to new draft"
                    };
                    if ui.button(label).clicked() {
                        if copy_is_risky(o.state) {
                            self.confirm_copy = Some(o.id);
                        } else {
                            action = Some(HistoryAction::CopyToDraft(o.clone()));
                        }
                    }
                }
                if o.state == OrderState::Queued && ui.button("Show in composer").clicked() {
                    action = Some(HistoryAction::Edit(o.clone()));
                }
                if let (Some(record), Some(order)) = (&o.record, order) {
                    if o.state == OrderState::Completed
                        && ui
                            .add_enabled(!self.saving_pdf, egui::Button::new("Confirmation (PDF)"))
                            .on_hover_text("Saves the order's confirmation (lines, totals, VAT, delivery date) as a PDF where you choose")
                            .clicked()
                    {
                        self.save_confirmation(shared, o.id, record, order, SaveTo::Ask);
                    }
                    if ui
                        .button("Export CSV")
                        .on_hover_text("Saves the lines and totals as a CSV file where you choose, for a spreadsheet in your language")
                        .clicked()
                    {
                        self.export_csv(shared, o.id, record, order, SaveTo::Ask);
                    }
                    if ui.button("Copy CSV").clicked() {
                        match order_csv(record, order, shared.language()) {
                            Ok(csv) => {
                                let text = csv.strip_prefix(BOM).unwrap_or(&csv);
                                ui.ctx().copy_text(String::from_utf8_lossy(text).into_owned());
                                shared
                                    .notifications
                                    .success("The order's CSV is on the clipboard.");
                            }
                            Err(e) => shared.notifications.error(&UserError::from_error(&e)),
                        }
                    }
                }
            });
        });
        ui.add_space(space::M);
        if self.confirm_copy == Some(o.id) {
            ui.label(RichText::new(COPY_RISK).color(t.danger));
            ui.horizontal(|ui| {
                let anyway = egui::Button::new(RichText::new("Copy anyway").color(t.on_accent))
                    .fill(t.danger);
                if ui.add(anyway).clicked() {
                    self.confirm_copy = None;
                    action = Some(HistoryAction::CopyToDraft(o.clone()));
                }
                if ui.button("Cancel").clicked() {
                    self.confirm_copy = None;
                }
            });
            ui.add_space(space::S);
        }
        if let Some(path) = self
            .saved_pdf
            .as_ref()
            .filter(|_| self.pdf_for == Some(o.id))
        {
            ui.muted_small(&format!("Confirmation saved as {}", path.display()));
        }
        let not_saved = self.not_saved.filter(|(id, _)| *id == o.id);
        if let (Some((_, what)), Some(record), Some(order)) = (not_saved, &o.record, order) {
            ui.horizontal_wrapped(|ui| {
                ui.muted_small(what.sentence());
                if ui
                    .small_button("Save in Downloads instead")
                    .on_hover_text("Saves it under its usual name in the folder last used, else Downloads, without asking (for when no dialog appears)")
                    .clicked()
                {
                    match what {
                        NotSaved::Csv => self.export_csv(shared, o.id, record, order, SaveTo::DefaultFolder),
                        NotSaved::Confirmation => self.save_confirmation(shared, o.id, record, order, SaveTo::DefaultFolder),
                    }
                }
            });
        }
        if let Some(hold) = &o.hold {
            self.hold_ui(ui, shared, o, hold);
        }
        match &self.check_result {
            Some(Ok(m)) => {
                ui.label(RichText::new(m).color(t.success));
            }
            Some(Err(m)) => {
                ui.label(RichText::new(m).color(t.danger));
            }
            None => {}
        }
        match o.state {
            OrderState::Uncertain => self.uncertain_ui(ui, shared, o),
            OrderState::Unknown => {
                let tracking = o
                    .tracking_id
                    .map(|i| i.to_string())
                    .unwrap_or_else(|| "?".into());
                ui.label(RichText::new(format!(
                    "The service does not know this order: it answered \"not found\" (or something unreadable) for tracking id {tracking} again and again, so it is no longer checked. It may belong to another environment, or the service lost it. \"Check again\" asks once more."
                )).color(t.danger));
                if let Some(e) = &o.last_error {
                    ui.muted_small(e);
                }
                if ui.button("Check again").clicked() {
                    self.check_result = None;
                    shared
                        .backend
                        .send(Command::Orders(OrdersCommand::CheckAgain { id: o.id }));
                }
            }
            OrderState::Failed => {
                let why = o
                    .error_message
                    .as_deref()
                    .unwrap_or("The service gave no reason.");
                ui.error_box(&crate::backend::UserError::new(why, None), "order-failed");
                ui.muted("Fix it in a new draft: \"Copy to new draft\" keeps everything and gets a new key.");
            }
            OrderState::Queued => {
                let msg = match &o.last_error {
                    Some(e) => format!(
                        "In the outbox: not sent yet after {} tries ({e}). It goes out as soon as the service is reachable, with the same key.",
                        o.attempts
                    ),
                    None => "In the outbox: being sent.".to_owned(),
                };
                ui.label(RichText::new(msg).color(t.warning));
            }
            OrderState::Sent => {
                ui.label(RichText::new("Pending: the service is placing the order. It is checked every few seconds.").color(t.accent));
            }
            _ => {}
        }
        let Some(order) = order else {
            if let Some(id) = o.tracking_id {
                ui.muted(&format!("Tracking id {id}"));
            }
            return action;
        };
        egui::ScrollArea::vertical()
            .auto_shrink([false, false])
            .show(ui, |ui| {
                ui.surface(|ui| {
                    egui::Grid::new("order-facts")
                        .num_columns(4)
                        .spacing([space::XL, space::S])
                        .show(ui, |ui| {
                            fact(ui, "Order number", order.order_number.as_str());
                            fact(
                                ui,
                                "Tracking id",
                                &o.tracking_id.map(|i| i.to_string()).unwrap_or_default(),
                            );
                            ui.end_row();
                            let language = shared.language();
                            fact(ui, "Placed", &language.date_time(&order.placed_at_utc));
                            fact(
                                ui,
                                "Latest delivery",
                                &language.date(order.latest_delivery_date.date()),
                            );
                            ui.end_row();
                            fact(ui, "Reference", &order.reference);
                            fact(ui, "Comment", &order.comment);
                            ui.end_row();
                            let a = &order.delivery_address;
                            let mut address = format!(
                                "{}, {}, {} {}, {}",
                                a.name, a.address, a.zip, a.city, a.country
                            );
                            if let Some(p) = &a.contact_person {
                                address.push_str(&format!(" (att. {p})"));
                            }
                            fact(ui, "Deliver to", &address);
                            fact(ui, "Origin", &order.origin_of_delivery);
                            ui.end_row();
                        });
                });
                ui.add_space(space::M);
                if !order.designs.is_empty() {
                    ui.surface(|ui| {
                        ui.section_heading("Designs");
                        for (i, d) in order.designs.iter().enumerate() {
                            let item = d
                                .design_mul
                                .as_ref()
                                .map_or_else(|| d.design_id.to_string(), |m| m.to_string());
                            ui.label(
                                RichText::new(format!("{} · {item}", d.design_title)).strong(),
                            );
                            egui::Grid::new(("ordered-design", i))
                                .striped(true)
                                .num_columns(5)
                                .spacing([space::XL, space::XS])
                                .show(ui, |ui| {
                                    for h in ["Size", "Qty", "Name", "Number", "Values"] {
                                        ui.label(RichText::new(h).small().strong());
                                    }
                                    ui.end_row();
                                    for inst in &d.instances {
                                        ui.label(&inst.size);
                                        ui.label(inst.quantity.to_string());
                                        ui.label(inst.name.as_deref().unwrap_or(""));
                                        ui.label(inst.number.as_deref().unwrap_or(""));
                                        let values: Vec<String> = inst
                                            .logo_values
                                            .iter()
                                            .map(|v| format!("{}: {}", v.logo_id, v.value))
                                            .collect();
                                        ui.label(values.join(", "));
                                        ui.end_row();
                                    }
                                });
                        }
                    });
                    ui.add_space(space::M);
                }
                if !order.logos.is_empty() {
                    ui.surface(|ui| {
                        ui.section_heading("Loose transfers");
                        egui::Grid::new("ordered-logos")
                            .striped(true)
                            .num_columns(4)
                            .spacing([space::XL, space::XS])
                            .show(ui, |ui| {
                                for h in ["Logo", "Item", "Qty", "Value"] {
                                    ui.label(RichText::new(h).small().strong());
                                }
                                ui.end_row();
                                for l in &order.logos {
                                    ui.label(&l.logo_title);
                                    ui.label(
                                        l.logo_sku.as_ref().map_or_else(
                                            || l.logo_id.to_string(),
                                            |s| s.to_string(),
                                        ),
                                    );
                                    ui.label(l.quantity.to_string());
                                    ui.label(l.value.as_deref().unwrap_or(""));
                                    ui.end_row();
                                }
                            });
                    });
                    ui.add_space(space::M);
                }
                ui.surface(|ui| {
                    egui::Grid::new("order-totals")
                        .num_columns(2)
                        .spacing([space::XL, space::XS])
                        .show(ui, |ui| {
                            let (c, language) = (&order.currency, shared.language());
                            total_row(ui, "Subtotal", &language.money(order.sub_total, c), false);
                            total_row(
                                ui,
                                &format!("VAT {} %", language.plain_number(order.vat_rate)),
                                &language.money(order.vat, c),
                                false,
                            );
                            total_row(ui, "Total", &language.money(order.total, c), true);
                        });
                    ui.muted_small("As computed by the service.");
                });
            });
        action
    }
}

/// Column titles and widths of the history list.
const HEAD: [(&str, f32); 6] = [
    ("Order", 110.0),
    ("Reference", 150.0),
    ("Recipient", 170.0),
    ("Status", 100.0),
    ("Total", 130.0),
    ("Updated", 260.0),
];

impl HistoryView {
    /// A held order: why, and what can be done.
    fn hold_ui(
        &mut self,
        ui: &mut Ui,
        shared: &mut Shared<'_>,
        o: &LocalOrder,
        hold: &crate::store::Hold,
    ) {
        let t = theme::tokens(ui.ctx());
        ui.label(RichText::new(hold.sentence(o.may_be_placed())).color(t.warning));
        let crate::store::Hold::Changed { now, .. } = hold else {
            ui.add_space(space::S);
            return;
        };
        ui.horizontal(|ui| {
            let send_label = format!("Send to {}", now.address());
            if self.confirm_send == Some(o.id) {
                let risk = if o.may_be_placed() {
                    " It may already be placed with the old settings."
                } else {
                    ""
                };
                ui.label(
                    RichText::new(format!(
                        "Send it with the account's settings now ({})?{risk}",
                        now.address()
                    ))
                    .color(t.warning),
                );
                if ui.button("Yes, send it there").clicked() {
                    self.confirm_send = None;
                    shared
                        .backend
                        .send(Command::Orders(OrdersCommand::SendToCurrent { id: o.id }));
                }
                if ui.button("Cancel").clicked() {
                    self.confirm_send = None;
                }
            } else if ui.button(send_label).clicked() {
                self.confirm_send = Some(o.id);
            }
            if o.can_return_to_draft() && ui.button("Back to draft").clicked() {
                shared
                    .backend
                    .send(Command::Orders(OrdersCommand::BackToDraft { id: o.id }));
            }
        });
        ui.add_space(space::S);
    }

    /// An order that may already be placed: say so, and offer to look it up.
    fn uncertain_ui(&mut self, ui: &mut Ui, shared: &mut Shared<'_>, o: &LocalOrder) {
        let t = theme::tokens(ui.ctx());
        let said = o
            .error_message
            .as_deref()
            .map(|m| format!(" The service said: {}", m.trim()))
            .unwrap_or_default();
        ui.label(RichText::new(format!(
            "May already be placed — check before resending. An earlier send may have reached the service without its answer reaching logodesk, and then the service refused a resend.{said} It is not sent again by itself. \"Look up\" asks the service again with the same key and the same order; if you know its tracking id, attach it."
        )).color(t.warning));
        ui.add_space(space::S);
        let busy = self.checking;
        ui.horizontal(|ui| {
            if ui
                .add_enabled(!busy, egui::Button::new("Look up"))
                .on_hover_text("Send the same key and the same order once more: a placed order answers its tracking id")
                .clicked()
            {
                self.check_result = None;
                self.checking = true;
                shared.request(Slot::OrdersCheck, "Looking the order up", |request| {
                    Command::Orders(OrdersCommand::AskAgain { request, id: o.id })
                });
            }
            ui.add(
                egui::TextEdit::singleline(&mut self.attach)
                    .hint_text("Tracking id")
                    .desired_width(110.0),
            )
            .accessible_name("Tracking id of this order");
            let tracking = self.attach.trim().parse::<i64>().ok();
            if ui
                .add_enabled(tracking.is_some() && !busy, egui::Button::new("Attach"))
                .clicked()
                && let Some(tracking) = tracking
            {
                self.check_result = None;
                self.checking = true;
                shared.request(Slot::OrdersCheck, "Attaching the tracking id", |request| {
                    Command::Orders(OrdersCommand::Attach {
                        request,
                        id: o.id,
                        tracking: OrderId(tracking),
                    })
                });
            }
            if busy {
                ui.spinner();
            }
        });
        ui.add_space(space::S);
    }

    /// The confirmation PDF was saved at `path`.
    pub fn on_confirmation_saved(&mut self, path: &std::path::Path) {
        self.saving_pdf = false;
        self.saved_pdf = Some(path.to_owned());
    }

    /// The person closed "Save as…" for the confirmation without choosing a file.
    pub fn on_confirmation_not_saved(&mut self) {
        self.saving_pdf = false;
        self.not_saved = self.pdf_for.map(|id| (id, NotSaved::Confirmation));
    }

    /// The person closed "Save as…" for the newest CSV export.
    pub fn on_csv_not_saved(&mut self) {
        self.not_saved = self.csv_for.map(|id| (id, NotSaved::Csv));
    }

    /// Asks the backend to make and save the confirmation of order `id`.
    fn save_confirmation(
        &mut self,
        shared: &mut Shared<'_>,
        id: LocalOrderId,
        record: &TrackingRecord,
        order: &Order,
        to: SaveTo,
    ) {
        self.saving_pdf = true;
        self.saved_pdf = None;
        self.not_saved = None;
        self.pdf_for = Some(id);
        let (order, tracking) = (Box::new(order.clone()), Some(record.id));
        let language = shared.language();
        shared.request(
            Slot::OrderConfirmation,
            "Saving the order confirmation",
            |request| {
                Command::Proofs(ProofsCommand::Confirmation {
                    request,
                    order,
                    tracking,
                    to,
                    language,
                })
            },
        );
    }

    /// Writes order `id` as CSV in the person's language and asks the backend to save it.
    fn export_csv(
        &mut self,
        shared: &mut Shared<'_>,
        id: LocalOrderId,
        record: &TrackingRecord,
        order: &Order,
        to: SaveTo,
    ) {
        self.not_saved = None;
        self.csv_for = Some(id);
        let file_name = format!("order-{}.csv", order.order_number);
        match order_csv(record, order, shared.language()) {
            Ok(csv) => shared
                .backend
                .send(Command::Orders(OrdersCommand::ExportCsv {
                    to,
                    file_name,
                    csv,
                })),
            Err(e) => shared.notifications.error(&UserError::from_error(&e)),
        }
    }

    /// The answer to "Look up" or "Attach" (only the newest one's comes).
    pub fn on_checked(&mut self, result: &Result<Box<LocalOrder>, crate::backend::UserError>) {
        self.checking = false;
        self.check_result = Some(match result {
            Ok(o) => Ok(match (&o.order_number, o.tracking_id) {
                (Some(n), Some(t)) => format!(
                    "Found: the service has this order as {n} (tracking id {t}). It is followed from now on."
                ),
                _ => "Found: the service has this order. It is followed from now on.".to_owned(),
            }),
            Err(e) => Err(e.message.clone()),
        });
    }
}

fn fact(ui: &mut Ui, label: &str, value: &str) {
    ui.muted(label);
    ui.label(value);
}

fn total_row(ui: &mut Ui, label: &str, value: &str, strong: bool) {
    if strong {
        ui.label(RichText::new(label).strong());
        ui.label(RichText::new(value).strong());
    } else {
        ui.label(label);
        ui.label(value);
    }
    ui.end_row();
}
