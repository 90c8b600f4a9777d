//! Orders → History: every order placed from this machine or by the team (and any looked up
//! by tracking id), searchable, with status badges; and one order in full as the service
//! returned it, with a CSV export. The list comes a page at a time, filtered and counted by
//! the store (`OrdersCommand::History`): a team's 100,000 orders open and filter as fast as
//! a few.

use super::composer::state_badge;
use crate::api::{Order, OrderId, TrackingRecord};
use crate::backend::orders::{HistoryList, HistorySummary, OrdersCommand, OrdersEvent};
use crate::backend::proofs::ProofsCommand;
use crate::backend::proofs::{ProofsEvent, SavedKind};
use crate::backend::{Command, Event, SaveTo, UserError};
use crate::orders::csv::{BOM, order_csv};
use crate::orders::form::DraftForm;
use crate::orders::local::{HistoryFilter, OutboxStatus, StatusFilter, copy_is_risky, copy_risk};
use crate::store::{HistoryCursor, HistoryTotals, LocalOrder, LocalOrderId, OrderState};
use crate::ui::theme::{self, field, space};
use crate::ui::widgets::logo_search::Debounce;
use crate::ui::widgets::{IdEntry, UiExt as _, id_entry};
use crate::ui::{Intent, Reply, ScreenView, Shared, Slot, Toast};
use egui::{RichText, Ui};

/// The History screen: the account's orders placed or looked up, a page at a time under its
/// filters (the store filters and counts them), and one in full.
#[derive(Default)]
pub struct HistoryScreen {
    /// The rows of the list loaded so far: pages of the rows matching `listed`, newest first.
    pub orders: Vec<LocalOrder>,
    /// Every row that waits (queued, sent, uncertain, unknown), whatever the list shows: the
    /// outbox line and the notifications follow these.
    waiting: Vec<LocalOrder>,
    pub view: HistoryView,
    loaded: bool,
    /// The outbox's newest send failed on the network (the service is out of reach).
    offline: bool,
    /// The filter `orders` are the rows of.
    listed: HistoryFilter,
    /// More rows match after `orders`.
    more: bool,
    /// How many rows match, their totals, and how many the history has.
    summary: HistorySummary,
    /// The filter of the newest list asked for: lists of another filter are old news.
    asked: HistoryFilter,
    /// The next page is on its way.
    asking_more: bool,
    /// A filter's text was edited: the list is asked once typing pauses.
    debounce: Debounce,
}

impl HistoryScreen {
    /// What the status bar says of the outbox; `None` when no order waits to be sent.
    pub fn outbox_status(&self) -> Option<OutboxStatus> {
        let queued = self
            .waiting
            .iter()
            .filter(|o| o.state == OrderState::Queued)
            .count();
        (queued > 0).then_some(OutboxStatus {
            queued,
            offline: self.offline,
        })
    }

    /// The list has arrived at least once.
    pub fn is_loaded(&self) -> bool {
        self.loaded
    }

    /// The state History knows of row `id` (a row that waits, or one listed).
    pub fn state_of(&self, id: LocalOrderId) -> Option<OrderState> {
        self.waiting
            .iter()
            .chain(&self.orders)
            .find(|o| o.id == id)
            .map(|o| o.state)
    }

    /// Shows a completed order if there is one (`--screen history`); `true` when shown.
    fn show_first_completed(&mut self) -> bool {
        match self
            .orders
            .iter()
            .find(|o| o.state == OrderState::Completed)
        {
            Some(o) => {
                self.view.open = Some(o.id);
                true
            }
            None => false,
        }
    }

    /// A notification when an order completes or fails (not for rows already final).
    fn notify(&self, order: &LocalOrder, shared: &mut Shared<'_>) {
        let before = self.state_of(order.id);
        if before == Some(order.state) {
            return;
        }
        let name = order
            .order_number
            .clone()
            .unwrap_or_else(|| order.reference.clone());
        match order.state {
            OrderState::Completed => {
                shared.notifications.success(crate::tr!(
                    "composer-order-completed",
                    name = name.as_str(),
                    reference = order.reference.as_str()
                ));
            }
            OrderState::Failed => {
                let why = order
                    .error_message
                    .clone()
                    .unwrap_or_else(|| crate::tr!("composer-no-reason"));
                shared.notifications.error(&crate::backend::UserError::new(
                    crate::tr!(
                        "composer-order-failed",
                        name = name.as_str(),
                        reference = order.reference.as_str(),
                        why = why
                    ),
                    None,
                ));
            }
            OrderState::Uncertain => {
                shared.notifications.error(&crate::backend::UserError::new(
                    crate::tr!("composer-order-uncertain", name = name.as_str()),
                    None,
                ));
            }
            OrderState::Unknown => {
                shared.notifications.error(&crate::backend::UserError::new(
                    crate::tr!(
                        "composer-order-unknown",
                        name = name.as_str(),
                        tracking = order.tracking_id.map(|t| t.to_string()).unwrap_or_default()
                    ),
                    None,
                ));
            }
            _ => {}
        }
    }

    /// Takes a list the backend sent, if it is of the filter asked for last.
    fn take_list(&mut self, list: HistoryList) {
        if list.filter != self.asked {
            return;
        }
        match &list.after {
            None => {
                self.orders = list.rows;
                self.summary = list.summary.unwrap_or_default();
                self.more = list.more;
                self.listed = list.filter;
                self.loaded = true;
            }
            // The next page of the rows shown (not of a list replaced meanwhile).
            Some(after) => {
                self.asking_more = false;
                if self.listed != list.filter
                    || self.orders.last().map(HistoryCursor::after).as_ref() != Some(after)
                {
                    return;
                }
                let known: std::collections::HashSet<LocalOrderId> =
                    self.orders.iter().map(|o| o.id).collect();
                self.orders
                    .extend(list.rows.into_iter().filter(|o| !known.contains(&o.id)));
                self.more = list.more;
            }
        }
    }

    /// A row changed: the rows that wait and the list follow it (a row the list's filter no
    /// longer admits leaves it; the counts follow with the next list).
    fn take_changed(&mut self, order: LocalOrder) {
        self.waiting.retain(|o| o.id != order.id);
        if matches!(
            order.state,
            OrderState::Queued | OrderState::Sent | OrderState::Uncertain | OrderState::Unknown
        ) {
            self.waiting.insert(0, order.clone());
        }
        if order.state == OrderState::Draft || !self.listed.admits(&order) {
            self.orders.retain(|o| o.id != order.id);
            return;
        }
        upsert(&mut self.orders, order);
    }

    /// Asks for the first page of the list under the view's filter.
    fn ask_list(&mut self, shared: &mut Shared<'_>) {
        self.debounce.cancel();
        let filter = self.view.filter.clone();
        self.asked = filter.clone();
        self.asking_more = false;
        shared.request(
            Slot::HistoryList,
            &crate::tr!("history-listing"),
            |request| {
                Command::Orders(OrdersCommand::History {
                    request,
                    filter,
                    after: None,
                })
            },
        );
    }

    /// Asks for the page after the rows shown.
    fn ask_more(&mut self, shared: &mut Shared<'_>) {
        let Some(last) = self.orders.last() else {
            return;
        };
        if self.asking_more || !self.more || self.listed != self.asked {
            return;
        }
        self.asking_more = true;
        let (filter, after) = (self.listed.clone(), Some(HistoryCursor::after(last)));
        shared.request(
            Slot::HistoryMore,
            &crate::tr!("history-loading-more"),
            |request| {
                Command::Orders(OrdersCommand::History {
                    request,
                    filter,
                    after,
                })
            },
        );
    }

    /// Applies one answer about orders (the Orders screen has taken what is its own).
    fn on_orders_event(&mut self, event: OrdersEvent, shared: &mut Shared<'_>) {
        match event {
            OrdersEvent::Lists {
                waiting, history, ..
            } => {
                self.waiting = waiting;
                self.take_list(*history);
            }
            OrdersEvent::History(list) => self.take_list(*list),
            OrdersEvent::DraftCreated(order) => {
                self.view.looking_up = false;
                self.view.open = Some(order.id);
                upsert(&mut self.orders, *order);
            }
            OrdersEvent::Changed(order) => {
                self.notify(&order, shared);
                self.take_changed(*order);
            }
            OrdersEvent::Reachability { offline } => self.offline = offline,
            OrdersEvent::Checked(order) => self.view.on_checked(&order),
            OrdersEvent::AttachDiffers {
                id,
                tracking,
                question,
            } => self.view.on_attach_differs(id, tracking, question),
            OrdersEvent::Exported(Some(path)) => {
                shared.notifications.success(crate::tr!(
                    "shell-saved-file",
                    path = path.display().to_string()
                ));
            }
            OrdersEvent::Exported(None) => self.view.on_csv_not_saved(),
            // The composer's answers, taken by the Orders screen.
            OrdersEvent::AddressBook(_)
            | OrdersEvent::RosterFilePicked(_)
            | OrdersEvent::RosterRead(_)
            | OrdersEvent::DraftSaved { .. }
            | OrdersEvent::Editing { .. } => {}
        }
    }
}

impl ScreenView for HistoryScreen {
    /// History: every order and one in full; "Copy to new draft", "Order again" and "Edit"
    /// go to Orders.
    fn ui(&mut self, ui: &mut Ui, shared: &mut Shared<'_>) {
        let before = self.view.filter.clone();
        let listing = Listing {
            rows: &self.orders,
            waiting: &self.waiting,
            more: self.more,
            asking_more: self.asking_more,
            summary: &self.summary,
        };
        let action = self.view.ui(ui, shared, &listing);
        // A new status (or filters cleared) is asked at once; typing once it pauses.
        if self.view.filter != before {
            let typed = HistoryFilter {
                status: before.status,
                ..self.view.filter.clone()
            } != before;
            if typed && self.view.filter.is_set() {
                self.debounce.edited();
            } else {
                self.ask_list(shared);
            }
        }
        if self.debounce.due(ui.ctx()) {
            self.ask_list(shared);
        }
        if std::mem::take(&mut self.view.want_more) {
            self.ask_more(shared);
        }
        match action {
            Some(HistoryAction::CopyToDraft(o)) => {
                shared.intend(Intent::NewDraft(Box::new(super::form_of(&o))));
            }
            Some(HistoryAction::OrderAgain(form)) => shared.intend(Intent::NewDraft(form)),
            Some(HistoryAction::Edit(o)) => shared.intend(Intent::EditOrder(Box::new(o))),
            None => {}
        }
    }

    fn on_event(&mut self, _reply: Reply, event: Event, shared: &mut Shared<'_>) -> Option<Event> {
        match event {
            Event::Orders(event) => self.on_orders_event(event, shared),
            Event::Proofs(ProofsEvent::Saved {
                kind: SavedKind::Confirmation,
                path,
            }) => {
                self.view.on_confirmation_saved(&path);
                let shown = path.display().to_string();
                shared
                    .notifications
                    .success(crate::tr!("composer-saved-confirmation", path = shown));
            }
            Event::Proofs(ProofsEvent::NotSaved {
                kind: SavedKind::Confirmation,
            }) => self.view.on_confirmation_not_saved(),
            other => return Some(other),
        }
        None
    }

    /// A request failed before the service answered it (no account, …).
    fn on_failed(&mut self, reply: Reply, error: &UserError, _: &mut Shared<'_>) -> Toast {
        let view = &mut self.view;
        match reply.slot {
            Some(Slot::OrderConfirmation) => view.saving_pdf = false,
            Some(Slot::HistoryMore) => self.asking_more = false,
            Some(Slot::OrdersLookUp) => {
                view.looking_up = false;
                view.lookup_error = Some(error.message.clone());
            }
            // What the service said (or why it could not be asked), beside the order only.
            Some(Slot::OrdersCheck) => {
                view.checking = false;
                view.attach_question = None;
                view.check_result = Some(Err(error.message.clone()));
                return Toast::Skip;
            }
            _ => {}
        }
        Toast::Show
    }

    fn refresh(&mut self, shared: &mut Shared<'_>) -> bool {
        shared.backend.send(Command::Orders(OrdersCommand::Refresh));
        true
    }

    /// Drops the previous account's rows (the Orders screen asks for both lists).
    fn activated(&mut self, _: &mut Shared<'_>) {
        *self = HistoryScreen::default();
    }

    /// A completed order is shown (the shell placed the demo order).
    fn ready_for_screenshot(&mut self, _shown: bool, _: &Shared<'_>) -> bool {
        self.show_first_completed()
    }
}

/// Replaces the row with the same id, or puts it first.
fn upsert(list: &mut Vec<LocalOrder>, order: LocalOrder) {
    match list.iter_mut().find(|o| o.id == order.id) {
        Some(slot) => *slot = order,
        None => list.insert(0, order),
    }
}

/// What the history screen shows.
#[derive(Default)]
pub struct HistoryView {
    /// What the list shows: search text, status, recipient, days.
    pub filter: HistoryFilter,
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
    /// Why the tracking id typed to attach is not one.
    pub attach_problem: Option<String>,
    /// A look-up or attach under way, and what the service said to the newest.
    pub checking: bool,
    /// The order behind a tracking id to attach may be another one: the row, the tracking id
    /// and the question, until the person answers.
    pub attach_question: Option<(LocalOrderId, OrderId, String)>,
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
    /// The person scrolled to the end of the list or asked for more: the next page is due.
    want_more: bool,
}

/// Which export was not saved because "Save as…" was closed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NotSaved {
    Csv,
    Confirmation,
}

impl NotSaved {
    fn sentence(self) -> String {
        match self {
            NotSaved::Csv => crate::tr!("history-csv-not-saved"),
            NotSaved::Confirmation => crate::tr!("history-confirmation-not-saved"),
        }
    }
}

/// A tracking id typed in History (to look an order up, or to attach to one).
fn parse_tracking_id(text: &str) -> Result<OrderId, String> {
    id_entry::positive(text, || crate::tr!("history-tracking-id-invalid"))
}

/// What History's list shows: the rows loaded and what the store said of every row.
pub struct Listing<'a> {
    /// The rows loaded, newest first.
    pub rows: &'a [LocalOrder],
    /// Every row that waits (an order opened from a notification may be none of `rows`).
    pub waiting: &'a [LocalOrder],
    /// More rows match after `rows`.
    pub more: bool,
    /// The next page is on its way.
    pub asking_more: bool,
    pub summary: &'a HistorySummary,
}

/// What the person asked for on the history screen.
pub enum HistoryAction {
    /// Copy this order's form into a new draft.
    CopyToDraft(LocalOrder),
    /// A new draft ordering a completed order again (its reference marked as a copy).
    OrderAgain(Box<DraftForm>),
    /// Open a draft or an outbox entry in the composer.
    Edit(LocalOrder),
}

impl HistoryView {
    /// Draws the list or the open order.
    pub fn ui(
        &mut self,
        ui: &mut Ui,
        shared: &mut Shared<'_>,
        listing: &Listing<'_>,
    ) -> Option<HistoryAction> {
        if let Some(open) = self.open {
            match listing
                .rows
                .iter()
                .chain(listing.waiting)
                .find(|o| o.id == open)
            {
                Some(o) => return self.order_ui(ui, shared, o),
                None => self.open = None,
            }
        }
        self.list_ui(ui, shared, listing);
        None
    }

    fn list_ui(&mut self, ui: &mut Ui, shared: &mut Shared<'_>, listing: &Listing<'_>) {
        let t = theme::tokens(ui.ctx());
        let history = listing.rows;
        let all = listing.summary.all;
        let pending = listing
            .waiting
            .iter()
            .filter(|o| !o.state.is_final())
            .count();
        ui.horizontal(|ui| {
            // A team's account lists every desk's orders (each row names its desk).
            let subtitle = if history.iter().any(|o| o.placed_by.is_some()) {
                crate::tr!("history-subtitle-team", count = all, pending = pending)
            } else {
                crate::tr!("history-subtitle", count = all, pending = pending)
            };
            ui.screen_title(&crate::tr!("history-title"), Some(&subtitle));
            ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                let tracking = IdEntry::new(
                    &mut self.lookup,
                    &mut self.lookup_error,
                    crate::tr!("history-tracking-id"),
                    crate::tr!("history-look-up"),
                    parse_tracking_id,
                )
                .hint(crate::tr!("history-tracking-id"))
                .width(field::TRACKING_ID)
                .busy(self.looking_up)
                .row(ui);
                if let Some(tracking) = tracking {
                    self.looking_up = true;
                    shared.request(
                        Slot::OrdersLookUp,
                        &crate::tr!("history-looking-up"),
                        |request| Command::Orders(OrdersCommand::LookUp { request, tracking }),
                    );
                }
            });
        });
        id_entry::problem_ui(ui, &self.lookup_error);
        // The team database is out of reach: this is what was last read.
        let away = shared.session.team_data_stale();
        if away {
            ui.add_space(space::S);
            crate::ui::stale::team_away_mark(ui, &crate::tr!("history-team-stale"));
        }
        ui.add_space(space::S);
        ui.add(
            egui::TextEdit::singleline(&mut self.filter.text)
                .hint_text(crate::tr!("history-search-hint"))
                .desired_width(f32::INFINITY),
        )
        .accessible_name(crate::tr!("history-search-name"));
        ui.add_space(space::S);
        self.filters_ui(ui);
        ui.add_space(space::S);
        let shown = history;
        if shown.is_empty() {
            let (title, hint) = if all == 0 && !self.filter.is_set() && away {
                (
                    crate::tr!("history-empty-team-away"),
                    crate::tr!("history-empty-team-away-hint"),
                )
            } else if all == 0 && !self.filter.is_set() {
                (
                    crate::tr!("history-empty"),
                    crate::tr!("history-empty-hint"),
                )
            } else {
                (
                    crate::tr!("history-no-match"),
                    crate::tr!("history-no-match-hint"),
                )
            };
            ui.empty_state("☰", &title, &hint, None);
            return;
        }
        Self::totals_ui(ui, shared, &listing.summary.matching);
        ui.add_space(space::S);
        let row_height = 40.0;
        // The line under the rows while more match: how many are listed, "Show more".
        let more_line = if listing.more {
            ui.spacing().interact_size.y + space::M
        } else {
            0.0
        };
        ui.surface(|ui| {
            let widths = widths(ui.available_width(), ui.spacing().item_spacing.x);
            egui::Grid::new("history-head")
                .num_columns(6)
                .min_col_width(0.0)
                .show(ui, |ui| {
                    for (h, w) in head().into_iter().zip(widths) {
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
                .max_height((ui.available_height() - more_line).max(row_height))
                .show_rows(ui, row_height, shown.len(), |ui, range| {
                    // Scrolled to the end: the next page is asked for.
                    if listing.more && range.end == shown.len() {
                        self.want_more = true;
                    }
                    for o in &shown[range] {
                        let r = ui
                            .horizontal(|ui| {
                                ui.set_height(row_height - 8.0);
                                let number = o.order_number.clone().unwrap_or_else(|| "—".into());
                                ui.add_sized(
                                    [widths[0], 20.0],
                                    egui::Label::new(
                                        RichText::new(number).strong().color(t.text_strong),
                                    ),
                                );
                                // On a team, who placed it goes with the reference.
                                let reference = match &o.placed_by {
                                    Some(by) => crate::tr!(
                                        "history-reference-by",
                                        reference = o.reference.as_str(),
                                        desk = by.as_str()
                                    ),
                                    None => o.reference.clone(),
                                };
                                ui.add_sized(
                                    [widths[1], 20.0],
                                    egui::Label::new(reference).truncate(),
                                );
                                ui.add_sized(
                                    [widths[2], 20.0],
                                    egui::Label::new(&o.recipient).truncate(),
                                );
                                ui.allocate_ui([widths[3], 20.0].into(), |ui| {
                                    state_badge(ui, o.state)
                                });
                                let total = o
                                    .record
                                    .as_ref()
                                    .and_then(|r| r.order.as_ref())
                                    .map(|ord| shared.language().money(ord.total, &ord.currency))
                                    .unwrap_or_default();
                                ui.add_sized([widths[4], 20.0], egui::Label::new(total));
                                let note = match (o.state, &o.last_error, &o.hold) {
                                    _ if o.kept_for_team() => crate::tr!("history-note-kept"),
                                    (_, _, Some(_)) => crate::tr!("history-note-held"),
                                    (OrderState::Uncertain, ..) => {
                                        crate::tr!("history-note-uncertain")
                                    }
                                    (OrderState::Unknown, ..) => {
                                        crate::tr!("history-note-unknown")
                                    }
                                    (OrderState::Queued, Some(e), _) => crate::tr!(
                                        "history-note-waiting",
                                        tries = o.attempts,
                                        error = e.as_str()
                                    ),
                                    (OrderState::Queued, None, _) => {
                                        crate::tr!("history-note-sending")
                                    }
                                    _ => shared.language().time_stamp(&o.updated_at),
                                };
                                ui.add_sized(
                                    [widths[5], 20.0],
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
            if listing.more {
                self.more_ui(ui, listing);
            }
        });
    }

    /// Under the rows while more match: how many are listed, and "Show more" (the next page
    /// also comes when the list is scrolled to its end).
    fn more_ui(&mut self, ui: &mut Ui, listing: &Listing<'_>) {
        ui.add_space(space::S);
        ui.horizontal(|ui| {
            ui.muted(&crate::tr!(
                "history-listed",
                shown = listing.rows.len(),
                count = listing.summary.matching.count.max(listing.rows.len())
            ));
            if listing.asking_more {
                ui.spinner();
                ui.muted(&crate::tr!("history-loading-more"));
            } else if ui.button(crate::tr!("history-show-more")).clicked() {
                self.want_more = true;
            }
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
            if ui.button(crate::tr!("history-back")).clicked() {
                self.open = None;
            }
            let title = match &o.order_number {
                Some(n) => crate::tr!("history-order-title", number = n.as_str()),
                None => crate::tr!("history-order-title", number = o.reference.as_str()),
            };
            ui.screen_title(&title, None);
            state_badge(ui, o.state);
        });
        // The order's actions on a row of their own: beside the title they covered it in a
        // narrow window.
        ui.horizontal(|ui| {
            ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                // A completed order is ordered again; others (failed, uncertain, held) are
                // copied as they were.
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
                if o.draft_json.is_some()
                    && o.state != OrderState::Completed
                    && self.confirm_copy != Some(o.id)
                {
                    let label = if copy_is_risky(o) {
                        crate::tr!("history-copy-to-draft-confirm")
                    } else {
                        crate::tr!("history-copy-to-draft")
                    };
                    if ui.button(label).clicked() {
                        if copy_is_risky(o) {
                            self.confirm_copy = Some(o.id);
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
                if let (Some(record), Some(order)) = (&o.record, order) {
                    if o.state == OrderState::Completed
                        && ui
                            .add_enabled(
                                !self.saving_pdf,
                                egui::Button::new(crate::tr!("history-confirmation-pdf")),
                            )
                            .on_hover_text(crate::tr!("history-confirmation-pdf-hover"))
                            .clicked()
                    {
                        self.save_confirmation(shared, o.id, record, order, SaveTo::Ask);
                    }
                    if ui
                        .button(crate::tr!("history-export-csv"))
                        .on_hover_text(crate::tr!("history-export-csv-hover"))
                        .clicked()
                    {
                        self.export_csv(shared, o.id, record, order, SaveTo::Ask);
                    }
                    if ui.button(crate::tr!("history-copy-csv")).clicked() {
                        match order_csv(record, order, shared.language()) {
                            Ok(csv) => {
                                let text = csv.strip_prefix(BOM).unwrap_or(&csv);
                                ui.ctx()
                                    .copy_text(String::from_utf8_lossy(text).into_owned());
                                shared
                                    .notifications
                                    .success(crate::tr!("history-csv-copied"));
                            }
                            Err(e) => shared.notifications.error(&UserError::from_error(&e)),
                        }
                    }
                }
            });
        });
        ui.add_space(space::M);
        if self.confirm_copy == Some(o.id) {
            ui.label(RichText::new(copy_risk()).color(t.danger));
            ui.horizontal(|ui| {
                let anyway = egui::Button::new(
                    RichText::new(crate::tr!("history-copy-anyway")).color(t.on_accent),
                )
                .fill(t.danger);
                if ui.add(anyway).clicked() {
                    self.confirm_copy = None;
                    action = Some(HistoryAction::CopyToDraft(o.clone()));
                }
                if ui.button(crate::tr!("history-cancel")).clicked() {
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
            ui.muted_small(&crate::tr!(
                "history-confirmation-saved",
                path = path.display().to_string()
            ));
        }
        let not_saved = self.not_saved.filter(|(id, _)| *id == o.id);
        if let (Some((_, what)), Some(record), Some(order)) = (not_saved, &o.record, order) {
            ui.horizontal_wrapped(|ui| {
                ui.muted_small(&what.sentence());
                if ui
                    .small_button(crate::tr!("history-save-in-downloads"))
                    .on_hover_text(crate::tr!("history-save-in-downloads-hover"))
                    .clicked()
                {
                    match what {
                        NotSaved::Csv => {
                            self.export_csv(shared, o.id, record, order, SaveTo::DefaultFolder)
                        }
                        NotSaved::Confirmation => self.save_confirmation(
                            shared,
                            o.id,
                            record,
                            order,
                            SaveTo::DefaultFolder,
                        ),
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
                ui.label(
                    RichText::new(crate::tr!("history-unknown", tracking = tracking))
                        .color(t.danger),
                );
                if let Some(e) = &o.last_error {
                    ui.muted_small(e);
                }
                if ui.button(crate::tr!("history-check-again")).clicked() {
                    self.check_result = None;
                    shared
                        .backend
                        .send(Command::Orders(OrdersCommand::CheckAgain { id: o.id }));
                }
            }
            OrderState::Failed => {
                let why = o
                    .error_message
                    .clone()
                    .unwrap_or_else(|| crate::tr!("history-failed-no-reason"));
                ui.error_box(&crate::backend::UserError::new(why, None), "order-failed");
                ui.muted(&crate::tr!("history-failed-fix"));
            }
            OrderState::Queued => {
                let msg = match &o.last_error {
                    _ if o.kept_for_team() => crate::tr!("history-outbox-kept"),
                    Some(e) => crate::tr!(
                        "history-outbox-waiting",
                        tries = o.attempts,
                        error = e.as_str()
                    ),
                    None => crate::tr!("history-outbox-sending"),
                };
                ui.label(RichText::new(msg).color(t.warning));
            }
            OrderState::Sent => {
                ui.label(RichText::new(crate::tr!("history-pending")).color(t.accent));
            }
            _ => {}
        }
        let Some(order) = order else {
            if let Some(id) = o.tracking_id {
                ui.muted(&crate::tr!(
                    "history-tracking-id-is",
                    tracking = id.to_string()
                ));
            }
            return action;
        };
        // Each order scrolls on its own: one opened from a notification starts at its top.
        egui::ScrollArea::vertical()
            .id_salt(("order-detail", o.id))
            .auto_shrink([false, false])
            .show(ui, |ui| {
                ui.surface(|ui| {
                    // Two label-value pairs a row; a value wraps in its half (a long
                    // address or comment stays inside a narrow window).
                    let value_w = ((ui.available_width() - 3.0 * space::XL) / 2.0
                        - theme::table::FACT_LABEL)
                        .max(theme::table::FACT_LABEL);
                    egui::Grid::new("order-facts")
                        .num_columns(4)
                        .max_col_width(value_w)
                        .spacing([space::XL, space::S])
                        .show(ui, |ui| {
                            fact(
                                ui,
                                &crate::tr!("history-fact-order-number"),
                                order.order_number.as_str(),
                            );
                            fact(
                                ui,
                                &crate::tr!("history-tracking-id"),
                                &o.tracking_id.map(|i| i.to_string()).unwrap_or_default(),
                            );
                            ui.end_row();
                            let language = shared.language();
                            fact(
                                ui,
                                &crate::tr!("history-fact-placed"),
                                &language.date_time(&order.placed_at_utc),
                            );
                            fact(
                                ui,
                                &crate::tr!("history-fact-latest-delivery"),
                                &language.date(order.latest_delivery_date.date()),
                            );
                            ui.end_row();
                            fact(ui, &crate::tr!("history-fact-reference"), &order.reference);
                            fact(ui, &crate::tr!("history-fact-comment"), &order.comment);
                            ui.end_row();
                            let a = &order.delivery_address;
                            let mut address = format!(
                                "{}, {}, {} {}, {}",
                                a.name, a.address, a.zip, a.city, a.country
                            );
                            if let Some(p) = &a.contact_person {
                                address.push(' ');
                                address.push_str(&crate::tr!(
                                    "history-attention",
                                    person = p.as_str()
                                ));
                            }
                            fact(ui, &crate::tr!("history-fact-deliver-to"), &address);
                            fact(
                                ui,
                                &crate::tr!("history-fact-origin"),
                                &order.origin_of_delivery,
                            );
                            ui.end_row();
                            if let Some(by) = &o.placed_by {
                                fact(ui, &crate::tr!("history-fact-placed-by"), by);
                                ui.end_row();
                            }
                        });
                });
                ui.add_space(space::M);
                let lines = crate::orders::lines::OrderLines::of(order);
                let language = shared.language();
                if !lines.designs.is_empty() {
                    ui.surface(|ui| {
                        ui.section_heading(&crate::tr!("history-designs"));
                        for (i, d) in lines.designs.iter().enumerate() {
                            ui.label(RichText::new(format!("{} · {}", d.title, d.item)).strong());
                            egui::Grid::new(("ordered-design", i))
                                .striped(true)
                                .num_columns(5)
                                .spacing([space::XL, space::XS])
                                .show(ui, |ui| {
                                    for h in [
                                        crate::tr!("history-col-size"),
                                        crate::tr!("history-col-qty"),
                                        crate::tr!("history-col-name"),
                                        crate::tr!("history-col-number"),
                                        crate::tr!("history-col-values"),
                                    ] {
                                        ui.label(RichText::new(h).small().strong());
                                    }
                                    ui.end_row();
                                    for r in &d.rows {
                                        ui.label(&r.size);
                                        ui.label(language.integer(r.quantity));
                                        ui.label(&r.name);
                                        ui.label(&r.number);
                                        ui.label(&r.values);
                                        ui.end_row();
                                    }
                                });
                        }
                    });
                    ui.add_space(space::M);
                }
                if !lines.logos.is_empty() {
                    ui.surface(|ui| {
                        ui.section_heading(&crate::tr!("history-loose-transfers"));
                        egui::Grid::new("ordered-logos")
                            .striped(true)
                            .num_columns(4)
                            .spacing([space::XL, space::XS])
                            .show(ui, |ui| {
                                for h in [
                                    crate::tr!("history-col-logo"),
                                    crate::tr!("history-col-item"),
                                    crate::tr!("history-col-qty"),
                                    crate::tr!("history-col-value"),
                                ] {
                                    ui.label(RichText::new(h).small().strong());
                                }
                                ui.end_row();
                                for l in &lines.logos {
                                    ui.label(&l.title);
                                    ui.label(l.item.to_string());
                                    ui.label(language.integer(l.quantity));
                                    ui.label(&l.value);
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
                            total_row(
                                ui,
                                &crate::tr!("history-subtotal"),
                                &language.money(order.sub_total, c),
                                false,
                            );
                            total_row(
                                ui,
                                &crate::tr!(
                                    "history-vat",
                                    rate = language.plain_number(order.vat_rate)
                                ),
                                &language.money(order.vat, c),
                                false,
                            );
                            total_row(
                                ui,
                                &crate::tr!("history-total"),
                                &language.money(order.total, c),
                                true,
                            );
                        });
                    ui.muted_small(&crate::tr!("history-computed-by-service"));
                });
            });
        action
    }
}

/// Column widths of the history list.
const WIDTHS: [f32; 6] = [110.0, 150.0, 170.0, 100.0, 130.0, 260.0];

/// The list's column widths in `width` (`gap` between columns): the order number, state and
/// total keep theirs; the reference, recipient and note share what is left in the same
/// proportions, down to half their width.
fn widths(width: f32, gap: f32) -> [f32; 6] {
    let fixed = WIDTHS[0] + WIDTHS[3] + WIDTHS[4] + 5.0 * gap;
    let shared = WIDTHS[1] + WIDTHS[2] + WIDTHS[5];
    let scale = ((width - fixed) / shared).clamp(0.5, 1.0);
    let mut out = WIDTHS;
    for i in [1, 2, 5] {
        out[i] = WIDTHS[i] * scale;
    }
    out
}

/// Column titles of the history list, in the order of [`WIDTHS`].
fn head() -> [String; 6] {
    [
        crate::tr!("history-col-order"),
        crate::tr!("history-col-reference"),
        crate::tr!("history-col-recipient"),
        crate::tr!("history-col-status"),
        crate::tr!("history-col-total"),
        crate::tr!("history-col-updated"),
    ]
}

impl HistoryView {
    /// The status picker, the recipient and the days of the list, and a way to clear them.
    fn filters_ui(&mut self, ui: &mut Ui) {
        let t = theme::tokens(ui.ctx());
        ui.horizontal_wrapped(|ui| {
            ui.muted(&crate::tr!("history-filter-show"));
            let picker = egui::ComboBox::from_id_salt("history-status")
                .selected_text(self.filter.status.label())
                .show_ui(ui, |ui| {
                    for status in StatusFilter::ALL {
                        ui.selectable_value(&mut self.filter.status, status, status.label());
                    }
                });
            // Named for screen readers (and tests) by the word before it.
            let (enabled, name) = (ui.is_enabled(), crate::tr!("history-filter-show"));
            picker
                .response
                .widget_info(|| egui::WidgetInfo::labeled(egui::Role::ComboBox, enabled, &name));
            ui.add(
                egui::TextEdit::singleline(&mut self.filter.recipient)
                    .hint_text(crate::tr!("history-filter-recipient"))
                    .desired_width(field::S),
            )
            .accessible_name(crate::tr!("history-filter-recipient"));
            for (label, day) in [
                (crate::tr!("history-filter-from"), &mut self.filter.from),
                (crate::tr!("history-filter-to"), &mut self.filter.to),
            ] {
                ui.muted(&label);
                ui.add(
                    egui::TextEdit::singleline(day)
                        .hint_text(crate::tr!("history-filter-day-hint"))
                        .desired_width(field::DAY),
                )
                .accessible_name(label);
            }
            if self.filter.is_set() && ui.button(crate::tr!("history-filter-clear")).clicked() {
                self.filter = HistoryFilter::default();
            }
        });
        if let Some(problem) = self.filter.day_problem() {
            ui.label(RichText::new(problem).small().color(t.danger));
        }
    }

    /// "N found · total …" over the list: every row matching, loaded or not.
    fn totals_ui(ui: &mut Ui, shared: &Shared<'_>, matching: &HistoryTotals) {
        let money: Vec<String> = matching
            .sums
            .iter()
            .map(|(currency, sum)| shared.language().money(*sum, currency))
            .collect();
        let line = if money.is_empty() {
            crate::tr!("history-shown", count = matching.count)
        } else {
            crate::tr!(
                "history-shown-total",
                count = matching.count,
                total = money.join(" + "),
                open = matching.without_total
            )
        };
        ui.label(RichText::new(line).strong());
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
        ui.horizontal(|ui| {
            let address = crate::orders::local::destination_place(now);
            let send_label = crate::tr!("history-send-to", address = address.clone());
            if self.confirm_send == Some(o.id) {
                let question = if o.may_be_placed() {
                    crate::tr!("history-send-question-risky", address = address)
                } else {
                    crate::tr!("history-send-question", address = address)
                };
                ui.label(RichText::new(question).color(t.warning));
                if ui.button(crate::tr!("history-send-yes")).clicked() {
                    self.confirm_send = None;
                    shared
                        .backend
                        .send(Command::Orders(OrdersCommand::SendToCurrent { id: o.id }));
                }
                if ui.button(crate::tr!("history-cancel")).clicked() {
                    self.confirm_send = None;
                }
            } else if ui.button(send_label).clicked() {
                self.confirm_send = Some(o.id);
            }
            if o.can_return_to_draft() && ui.button(crate::tr!("history-back-to-draft")).clicked() {
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
        let sentence = match o.error_message.as_deref() {
            Some(said) => crate::tr!("history-uncertain-said", said = said.trim()),
            None => crate::tr!("history-uncertain"),
        };
        ui.label(RichText::new(sentence).color(t.warning));
        ui.add_space(space::S);
        if let Some((row, asked, question)) = self.attach_question.clone()
            && row == o.id
        {
            ui.label(RichText::new(question).color(t.warning));
            ui.horizontal(|ui| {
                if ui.button(crate::tr!("history-attach-anyway")).clicked() {
                    self.attach_question = None;
                    self.attach(shared, o.id, asked, true);
                }
                if ui.button(crate::tr!("history-cancel")).clicked() {
                    self.attach_question = None;
                }
            });
            ui.add_space(space::S);
            return;
        }
        let busy = self.checking;
        ui.horizontal(|ui| {
            if ui
                .add_enabled(!busy, egui::Button::new(crate::tr!("history-look-up")))
                .on_hover_text(crate::tr!("history-look-up-hover"))
                .clicked()
            {
                self.check_result = None;
                self.checking = true;
                shared.request(
                    Slot::OrdersCheck,
                    &crate::tr!("history-looking-order-up"),
                    |request| Command::Orders(OrdersCommand::AskAgain { request, id: o.id }),
                );
            }
            let tracking = IdEntry::new(
                &mut self.attach,
                &mut self.attach_problem,
                crate::tr!("history-attach-name"),
                crate::tr!("history-attach"),
                parse_tracking_id,
            )
            .hint(crate::tr!("history-tracking-id"))
            .width(field::TRACKING_ID)
            .busy(busy)
            .row(ui);
            if let Some(tracking) = tracking {
                self.check_result = None;
                self.attach(shared, o.id, tracking, false);
            }
        });
        id_entry::problem_ui(ui, &self.attach_problem);
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
            &crate::tr!("history-saving-confirmation"),
            |request| {
                Command::Proofs(ProofsCommand::Confirmation {
                    request,
                    order,
                    tracking,
                    to,
                    language,
                    local: Some(id),
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
    /// Asks the backend to attach `tracking` to row `id` (`confirmed`: after the person was
    /// asked whether it is this order).
    fn attach(
        &mut self,
        shared: &mut Shared<'_>,
        id: LocalOrderId,
        tracking: OrderId,
        confirmed: bool,
    ) {
        self.checking = true;
        shared.request(
            Slot::OrdersCheck,
            &crate::tr!("history-attaching"),
            |request| {
                Command::Orders(OrdersCommand::Attach {
                    request,
                    id,
                    tracking,
                    confirmed,
                })
            },
        );
    }

    /// The order to attach may be another one: ask the person.
    pub fn on_attach_differs(&mut self, id: LocalOrderId, tracking: OrderId, question: String) {
        self.checking = false;
        self.check_result = None;
        self.attach_question = Some((id, tracking, question));
    }

    pub fn on_checked(&mut self, o: &LocalOrder) {
        self.checking = false;
        self.attach_question = None;
        self.check_result = Some(Ok(match (&o.order_number, o.tracking_id) {
            (Some(n), Some(t)) => crate::tr!(
                "history-found-as",
                number = n.as_str(),
                tracking = t.to_string()
            ),
            _ => crate::tr!("history-found"),
        }));
    }
}

fn fact(ui: &mut Ui, label: &str, value: &str) {
    ui.muted(label);
    ui.add(egui::Label::new(value).wrap());
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
