//! Orders → History: every order placed from this machine or by the team (and any looked up
//! by tracking id), searchable, with status badges; and one order in full as the service
//! returned it, with a CSV export. The list comes a page at a time, filtered and counted by
//! the store (`OrdersCommand::History`): a team's 100,000 orders open and filter as fast as
//! a few.

mod list;
mod open_order;

pub use open_order::OpenOrder;

use crate::api::OrderId;
use crate::backend::orders::{HistoryList, HistorySummary, OrdersCommand, OrdersEvent};
use crate::backend::proofs::{ProofsEvent, SavedKind};
use crate::backend::{Command, Event, UserError};
use crate::orders::form::DraftForm;
use crate::orders::local::{HistoryFilter, OutboxStatus};
use crate::store::{HistoryCursor, LocalOrder, LocalOrderId, OrderState};
use crate::ui::widgets::id_entry;
use crate::ui::widgets::logo_search::Debounce;
use crate::ui::{Intent, Reply, ScreenView, Shared, Slot, Toast};
use egui::Ui;

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
    /// `team_away`: the account is a team's whose database is out of reach.
    pub fn outbox_status(&self, team_away: bool) -> Option<OutboxStatus> {
        OutboxStatus::of(&self.waiting, self.offline, team_away)
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

    /// Applies one answer about orders (the Orders screen has taken what is its own); what
    /// answers a request of the open order goes to it.
    fn on_orders_event(&mut self, reply: Reply, event: OrdersEvent, shared: &mut Shared<'_>) {
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
            OrdersEvent::Checked(order) => {
                if let Some(open) = self.view.open_order_mut() {
                    open.on_checked(reply.request, &order);
                }
            }
            OrdersEvent::AttachDiffers {
                tracking, question, ..
            } => {
                if let Some(open) = self.view.open_order_mut() {
                    open.on_attach_differs(reply.request, tracking, question);
                }
            }
            OrdersEvent::Exported(Some(path)) => {
                shared.notifications.success(crate::tr!(
                    "shell-saved-file",
                    path = path.display().to_string()
                ));
            }
            OrdersEvent::Exported(None) => {
                if let Some(open) = self.view.open_order_mut() {
                    open.on_csv_not_saved();
                }
            }
            // The composer's answers, taken by the Orders screen.
            OrdersEvent::AddressBook(_)
            | OrdersEvent::RosterFilePicked(_)
            | OrdersEvent::RosterRead(_)
            | OrdersEvent::DraftSaved { .. }
            | OrdersEvent::PlacedAlike { .. }
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

    fn on_event(&mut self, reply: Reply, event: Event, shared: &mut Shared<'_>) -> Option<Event> {
        match event {
            Event::Orders(event) => self.on_orders_event(reply, event, shared),
            Event::Proofs(ProofsEvent::Saved {
                kind: SavedKind::Confirmation,
                path,
            }) => {
                if let Some(open) = self.view.open_order_mut() {
                    open.on_confirmation_saved(reply.request, &path);
                }
                let shown = path.display().to_string();
                shared
                    .notifications
                    .success(crate::tr!("composer-saved-confirmation", path = shown));
            }
            Event::Proofs(ProofsEvent::NotSaved {
                kind: SavedKind::Confirmation,
            }) => {
                if let Some(open) = self.view.open_order_mut() {
                    open.on_confirmation_not_saved(reply.request);
                }
            }
            other => return Some(other),
        }
        None
    }

    /// A request failed before the service answered it (no account, …).
    fn on_failed(&mut self, reply: Reply, error: &UserError, _: &mut Shared<'_>) -> Toast {
        let view = &mut self.view;
        match reply.slot {
            Some(Slot::OrderConfirmation) => {
                if let Some(open) = view.open_order_mut() {
                    open.on_confirmation_failed(reply.request);
                }
            }
            Some(Slot::HistoryMore) => self.asking_more = false,
            Some(Slot::OrdersLookUp) => {
                view.looking_up = false;
                view.lookup_error = Some(error.message.clone());
            }
            // What the service said (or why it could not be asked), beside the order only;
            // a toast once the order that asked is no longer shown.
            Some(Slot::OrdersCheck) => {
                let beside = view
                    .open_order_mut()
                    .is_some_and(|open| open.on_check_failed(reply.request, &error.message));
                if beside {
                    return Toast::Skip;
                }
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
    /// The order shown in full (set it to show another: its part starts afresh).
    pub open: Option<LocalOrderId>,
    /// The part of the order shown in full: of `open`, or of an order shown before `open`
    /// changed (then dropped before it is drawn or answered).
    order: Option<OpenOrder>,
    pub lookup: String,
    /// A look-up by tracking id is on its way.
    pub looking_up: bool,
    pub lookup_error: Option<String>,
    /// The person scrolled to the end of the list or asked for more: the next page is due.
    want_more: bool,
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
    /// The part of the order shown in full, once drawn.
    pub fn open_order(&self) -> Option<&OpenOrder> {
        self.order
            .as_ref()
            .filter(|part| Some(part.id) == self.open)
    }

    /// The part of the order shown in full: a fresh one when `open` names another order than
    /// the part is of (nothing of one order's state shows on, or answers for, another).
    fn open_order_mut(&mut self) -> Option<&mut OpenOrder> {
        if self.order.as_ref().map(|part| part.id) != self.open {
            self.order = self.open.map(OpenOrder::new);
        }
        self.order.as_mut()
    }

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

    /// Draws order `o` in full (its part afresh if it was not shown before).
    fn order_ui(
        &mut self,
        ui: &mut Ui,
        shared: &mut Shared<'_>,
        o: &LocalOrder,
    ) -> Option<HistoryAction> {
        let back = open_order::header_ui(ui, o);
        let action = self.open_order_mut()?.ui(ui, shared, o);
        if back {
            self.open = None;
        }
        action
    }
}
