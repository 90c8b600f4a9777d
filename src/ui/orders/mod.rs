//! The account manager's screens: Orders (the composer and the drafts) and History (every
//! order placed from this machine or looked up, and one order in full).
//!
//! Drafts are saved to the local database as they are edited; "Place order" freezes the
//! draft and hands its exact body to the backend's outbox ([`crate::backend::orders`]).

pub mod composer;
pub mod history;

use crate::backend::orders::{OrdersCommand, OrdersEvent};
use crate::backend::proofs::{ProofsEvent, SavedKind};
use crate::backend::{Command, UserError};
use crate::orders::form::{self, DraftForm};
use crate::orders::local::OutboxStatus;
use crate::orders::roster::{DEMO_ROSTER, parse_roster};
use crate::store::{LocalOrder, LocalOrderId, OrderState};
use composer::Composer;

use super::{Reply, Shared, Slot};

/// The tab of the Orders screen.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum OrdersTab {
    #[default]
    Compose,
    Drafts,
}

/// The state of both order screens.
#[derive(Default)]
pub struct OrdersScreen {
    pub tab: OrdersTab,
    pub composer: Composer,
    pub drafts: Vec<LocalOrder>,
    pub history: Vec<LocalOrder>,
    pub history_view: history::HistoryView,
    loaded: bool,
    /// Waiting for a new draft (a fresh one or a copy) with this form.
    creating: Option<DraftForm>,
    /// Place the draft being created at once (the demo of `--screen history`).
    place_when_created: bool,
    /// The outbox's newest send failed on the network (the service is out of reach).
    offline: bool,
}

impl OrdersScreen {
    /// Drops everything of the previous account and asks for the new one's lists.
    pub fn activate(&mut self, shared: &mut Shared<'_>) {
        *self = OrdersScreen::default();
        shared.backend.send(Command::Orders(OrdersCommand::Refresh));
    }

    /// What the status bar says of the outbox; `None` when no order waits to be sent.
    pub fn outbox_status(&self) -> Option<OutboxStatus> {
        let queued = self
            .history
            .iter()
            .filter(|o| o.state == OrderState::Queued)
            .count();
        (queued > 0).then_some(OutboxStatus {
            queued,
            offline: self.offline,
        })
    }

    /// The lists have arrived at least once.
    pub fn is_loaded(&self) -> bool {
        self.loaded
    }

    /// The composer has a draft with content (for the screenshot of `--screen orders`).
    pub fn has_draft(&self) -> bool {
        self.composer.draft_id().is_some() && !self.composer.form.designs.is_empty()
    }

    /// Shows a completed order if there is one (`--screen history`); `true` when shown.
    pub fn show_first_completed(&mut self) -> bool {
        match self
            .history
            .iter()
            .find(|o| o.state == OrderState::Completed)
        {
            Some(o) => {
                self.history_view.open = Some(o.id);
                true
            }
            None => false,
        }
    }

    /// The row with this id, from either list.
    pub fn order(&self, id: LocalOrderId) -> Option<&LocalOrder> {
        self.history.iter().chain(&self.drafts).find(|o| o.id == id)
    }

    /// The composer leaves its draft: a change not saved yet is saved now, and a new order
    /// opened and left untouched is not kept.
    pub fn leave_draft(&mut self, shared: &mut Shared<'_>) {
        self.composer.save_now(shared);
        if let Some(id) = self.composer.untouched_draft() {
            self.composer = Composer::default();
            self.drafts.retain(|d| d.id != id);
            shared
                .backend
                .send(Command::Orders(OrdersCommand::DeleteDraft { id }));
        }
    }

    /// Starts a new draft with `form` (fresh idempotency key).
    pub fn new_draft(&mut self, mut form: DraftForm, shared: &mut Shared<'_>) {
        self.leave_draft(shared);
        // The country of the newest order is the default of a new one; before any order,
        // the computer's country.
        if form.address.country.trim().is_empty()
            && let Some(country) = self
                .composer
                .last_country()
                .map(str::to_owned)
                .or_else(|| crate::orders::countries::of_system().map(str::to_owned))
        {
            form.address.country = country;
        }
        let (draft_json, reference, recipient) = (
            serde_json::to_string(&form).unwrap_or_default(),
            form.reference.trim().to_owned(),
            form.recipient(),
        );
        let label = crate::tr!("composer-creating-draft");
        shared.request(Slot::OrdersDraft, &label, |request| {
            Command::Orders(OrdersCommand::NewDraft {
                request,
                draft_json,
                reference,
                recipient,
            })
        });
        self.creating = Some(form);
        self.tab = OrdersTab::Compose;
    }

    /// Opens a saved row in the composer (frozen unless it is a draft).
    pub fn edit(&mut self, order: &LocalOrder, shared: &mut Shared<'_>) {
        if self.composer.draft_id() != Some(order.id) {
            self.leave_draft(shared);
        }
        self.composer.load(order, shared);
        self.tab = OrdersTab::Compose;
    }

    /// Adds a logo from the gallery to the composer as a loose line.
    pub fn add_logo(&mut self, logo: crate::api::LogoId, shared: &mut Shared<'_>) {
        self.tab = OrdersTab::Compose;
        self.composer.add_logo_id(logo, shared);
    }

    /// Adds a design (from the Designs screen's "Order…") to the composer.
    /// With no draft open (or a placed order shown), a new draft is started with it.
    pub fn add_design(&mut self, design: crate::api::DesignId, shared: &mut Shared<'_>) {
        self.tab = OrdersTab::Compose;
        if self.composer.draft_id().is_some() && !self.composer.is_frozen() {
            self.composer.add_design_id(design, shared);
            return;
        }
        let line = form::DesignForm {
            reference: design.to_string(),
            rows: vec![form::RowForm {
                size: "M".into(),
                quantity: "1".into(),
                ..form::RowForm::default()
            }],
            ..form::DesignForm::default()
        };
        match &mut self.creating {
            Some(form) => form.designs.push(line),
            None => self.new_draft(
                DraftForm {
                    designs: vec![line],
                    ..DraftForm::default()
                },
                shared,
            ),
        }
    }

    /// The designs named by id in the composer, the drafts and the history, with their titles
    /// where known, each once (the Designs screen's quick picks).
    pub fn known_designs(&self) -> Vec<(crate::api::DesignId, String)> {
        let saved = self
            .drafts
            .iter()
            .chain(&self.history)
            .filter_map(|o| o.draft_json.as_deref())
            .filter_map(|json| serde_json::from_str::<DraftForm>(json).ok());
        let mut known: Vec<(crate::api::DesignId, String)> = Vec::new();
        for form in std::iter::once(self.composer.form.clone()).chain(saved) {
            for d in form.designs {
                if let Ok(id) = d.reference.trim().parse::<crate::api::DesignId>()
                    && !known.iter().any(|(k, _)| *k == id)
                {
                    known.push((id, d.title));
                }
            }
        }
        known
    }

    /// Applies one answer of the backend (only answers to current requests come).
    pub fn on_event(&mut self, reply: Reply, event: OrdersEvent, shared: &mut Shared<'_>) {
        match event {
            OrdersEvent::Lists { drafts, history } => {
                self.drafts = drafts;
                self.history = history;
                self.loaded = true;
            }
            OrdersEvent::DraftCreated(order) => match reply.slot {
                Some(Slot::OrdersDraft) => {
                    let form = self.creating.take().unwrap_or_default();
                    self.composer.start(order.id, form, shared);
                    if std::mem::take(&mut self.place_when_created) {
                        self.composer.place(shared);
                    }
                    upsert(&mut self.drafts, *order);
                }
                Some(Slot::OrdersLookUp) => {
                    self.history_view.looking_up = false;
                    self.history_view.open = Some(order.id);
                    upsert(&mut self.history, *order);
                }
                _ => upsert(&mut self.drafts, *order),
            },
            OrdersEvent::Changed(order) => {
                let order = *order;
                self.notify(&order, shared);
                self.drafts.retain(|d| d.id != order.id);
                if order.state == OrderState::Draft {
                    upsert(&mut self.drafts, order);
                } else {
                    self.composer.on_changed(&order);
                    upsert(&mut self.history, order);
                }
            }
            OrdersEvent::DesignFetched(result) => {
                if let Some(request) = reply.request {
                    self.composer.on_design(request, result);
                }
            }
            OrdersEvent::LogoFetched(result) => {
                if let Some(request) = reply.request {
                    self.composer.on_logo(request, result);
                }
            }
            OrdersEvent::AddressBook(addresses) => self.composer.set_address_book(addresses),
            OrdersEvent::RosterFilePicked(path) => {
                if let Some(request) = reply.request {
                    self.composer.on_roster_picked(request, path, shared);
                }
            }
            OrdersEvent::RosterRead(result) => {
                if let Some(request) = reply.request {
                    self.composer.on_roster_read(request, result);
                }
            }
            OrdersEvent::Reachability { offline } => self.offline = offline,
            OrdersEvent::LogosFound(result) => self.composer.on_found(result),
            OrdersEvent::Problem(error) => shared.notifications.error(&error),
            OrdersEvent::Checked(result) => self.history_view.on_checked(&result),
            OrdersEvent::AttachDiffers {
                id,
                tracking,
                question,
            } => self.history_view.on_attach_differs(id, tracking, question),
            OrdersEvent::Failed(error) => {
                self.on_failed(reply, &error);
                shared.notifications.error(&error);
            }
            // The app says where it went (a toast with the path).
            OrdersEvent::Exported(Some(_)) => {}
            OrdersEvent::Exported(None) => self.history_view.on_csv_not_saved(),
        }
    }

    /// Applies an answer about proofs and PDFs.
    pub fn on_proofs(&mut self, reply: Reply, event: ProofsEvent, shared: &mut Shared<'_>) {
        match event {
            ProofsEvent::Rendered { line, key, result } => {
                self.composer.on_proof(reply.request, line, key, result);
            }
            ProofsEvent::SheetProgress { done, total } => {
                self.composer.on_sheet_progress(done, total);
            }
            ProofsEvent::Saved { kind, path } => {
                let shown = path.display().to_string();
                let saved = match kind {
                    SavedKind::ProofSheet => {
                        self.composer.on_sheet_done(Ok(path.clone()));
                        crate::tr!("composer-saved-proof-sheet", path = shown)
                    }
                    SavedKind::Confirmation => {
                        self.history_view.on_confirmation_saved(&path);
                        crate::tr!("composer-saved-confirmation", path = shown)
                    }
                };
                shared.notifications.success(saved);
            }
            ProofsEvent::NotSaved { kind } => match kind {
                SavedKind::ProofSheet => self.composer.on_sheet_not_saved(),
                SavedKind::Confirmation => self.history_view.on_confirmation_not_saved(),
            },
        }
    }

    /// A request failed before the service answered it (no account, …).
    pub fn on_failed(&mut self, reply: Reply, error: &UserError) {
        match reply.slot {
            Some(Slot::ProofSheet) => self.composer.on_sheet_done(Err(error.message.clone())),
            Some(Slot::OrderConfirmation) => self.history_view.saving_pdf = false,
            Some(Slot::OrdersLookUp) => {
                self.history_view.looking_up = false;
                self.history_view.lookup_error = Some(error.message.clone());
            }
            Some(Slot::OrdersCheck) => {
                self.history_view.checking = false;
                self.history_view.check_result = Some(Err(error.message.clone()));
            }
            Some(Slot::OrdersDraft) => self.creating = None,
            // The search ends with the reason beside it, not a search marked running forever.
            Some(Slot::ComposerSearch) => self.composer.on_found(Err(error.clone())),
            Some(Slot::ComposerLine) => {
                if let Some(request) = reply.request {
                    self.composer.on_request_failed(request, error);
                }
            }
            _ => {}
        }
    }

    /// A notification when an order completes or fails (not for rows already final).
    fn notify(&self, order: &LocalOrder, shared: &mut Shared<'_>) {
        let before = self
            .history
            .iter()
            .find(|o| o.id == order.id)
            .map(|o| o.state);
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
}

/// Replaces the row with the same id, or puts it first.
fn upsert(list: &mut Vec<LocalOrder>, order: LocalOrder) {
    match list.iter_mut().find(|o| o.id == order.id) {
        Some(slot) => *slot = order,
        None => list.insert(0, order),
    }
}

impl OrdersScreen {
    /// Orders: the composer and the drafts.
    pub fn orders_ui(&mut self, ui: &mut egui::Ui, shared: &mut Shared<'_>) {
        use crate::ui::widgets::UiExt as _;
        ui.horizontal(|ui| {
            ui.selectable_value(
                &mut self.tab,
                OrdersTab::Compose,
                crate::tr!("composer-tab-compose"),
            );
            ui.selectable_value(
                &mut self.tab,
                OrdersTab::Drafts,
                crate::tr!("composer-tab-drafts", count = self.drafts.len()),
            );
            ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                if ui.button(crate::tr!("composer-new-order-button")).clicked() {
                    self.new_draft(DraftForm::default(), shared);
                }
            });
        });
        ui.separator();
        match self.tab {
            OrdersTab::Compose => {
                if self.composer.draft_id().is_none() {
                    if self.creating.is_none()
                        && ui.empty_state(
                            "✚",
                            &crate::tr!("composer-empty-title"),
                            &crate::tr!("composer-empty-body"),
                            Some(crate::tr!("composer-title-new").as_str()),
                        )
                    {
                        self.new_draft(DraftForm::default(), shared);
                    }
                    return;
                }
                if let Some(copy) = self.composer.ui(ui, shared) {
                    self.new_draft(copy, shared);
                }
            }
            OrdersTab::Drafts => self.drafts_ui(ui, shared),
        }
    }

    fn drafts_ui(&mut self, ui: &mut egui::Ui, shared: &mut Shared<'_>) {
        use crate::ui::widgets::UiExt as _;
        if self.drafts.is_empty() {
            ui.empty_state(
                "✎",
                &crate::tr!("composer-drafts-empty-title"),
                &crate::tr!("composer-drafts-empty-body"),
                None,
            );
            return;
        }
        let mut open = None;
        let mut copy = None;
        let mut delete = None;
        let language = shared.language();
        ui.surface(|ui| {
            egui::Grid::new("drafts")
                .striped(true)
                .num_columns(5)
                .spacing([crate::ui::theme::space::XL, crate::ui::theme::space::S])
                .show(ui, |ui| {
                    let headings = [
                        crate::tr!("composer-drafts-reference"),
                        crate::tr!("composer-drafts-recipient"),
                        crate::tr!("composer-drafts-last-change"),
                        String::new(),
                        String::new(),
                    ];
                    for h in headings {
                        ui.label(egui::RichText::new(h).small().strong());
                    }
                    ui.end_row();
                    for d in &self.drafts {
                        let reference = if d.reference.is_empty() {
                            crate::tr!("composer-drafts-no-reference")
                        } else {
                            d.reference.clone()
                        };
                        ui.label(reference);
                        ui.label(&d.recipient);
                        ui.muted_small(&language.time_stamp(&d.updated_at));
                        ui.horizontal(|ui| {
                            if ui.button(crate::tr!("composer-drafts-open")).clicked() {
                                open = Some(d.clone());
                            }
                            if ui.button(crate::tr!("composer-duplicate")).clicked() {
                                copy = Some(d.clone());
                            }
                        });
                        if ui
                            .small_button(crate::tr!("composer-drafts-delete"))
                            .clicked()
                        {
                            delete = Some(d.id);
                        }
                        ui.end_row();
                    }
                });
        });
        if let Some(d) = open {
            self.edit(&d, shared);
        }
        if let Some(d) = copy {
            self.copy(&d, shared);
        }
        if let Some(id) = delete {
            if self.composer.draft_id() == Some(id) {
                self.composer = Composer::default();
            }
            shared
                .backend
                .send(Command::Orders(OrdersCommand::DeleteDraft { id }));
        }
    }

    /// A new draft with the form of `order` (new key).
    fn copy(&mut self, order: &LocalOrder, shared: &mut Shared<'_>) {
        let form: DraftForm = order
            .draft_json
            .as_deref()
            .and_then(|j| serde_json::from_str(j).ok())
            .unwrap_or_default();
        self.new_draft(form, shared);
    }

    /// History: every order and one in full.
    pub fn history_ui(&mut self, ui: &mut egui::Ui, shared: &mut Shared<'_>) -> bool {
        match self.history_view.ui(ui, shared, &self.history) {
            Some(history::HistoryAction::CopyToDraft(o)) => {
                self.copy(&o, shared);
                true
            }
            Some(history::HistoryAction::Edit(o)) => {
                self.edit(&o, shared);
                true
            }
            None => false,
        }
    }
}

/// A complete demo order on the sandbox's data: the finished kit for 20 players and loose
/// number transfers (the screenshots of `--screen orders` and `--screen history`).
pub fn demo_form() -> DraftForm {
    use form::{AddressForm, DesignForm, DigitForm, LogoForm};
    let fx = crate::sandbox::fixtures();
    DraftForm {
        reference: "PO-2026-114 U15 kits".into(),
        email: "kit@nordby-if.dk".into(),
        contact_name: "Mette Lund".into(),
        comment: "Deliver before the spring season".into(),
        address: AddressForm {
            name: "Nordby IF".into(),
            street: "Stadionvej 1".into(),
            zip: "6700".into(),
            city: "Esbjerg".into(),
            country: "DK".into(),
            contact_person: "Mette Lund".into(),
        },
        designs: vec![DesignForm {
            reference: fx.done_design_id.to_string(),
            rows: parse_roster(DEMO_ROSTER).rows,
            ..DesignForm::default()
        }],
        logos: vec![LogoForm {
            reference: fx.number_logo_id.to_string(),
            logo_type: Some(crate::api::LogoType::NumberLogo),
            digits: vec![
                DigitForm {
                    digit: "7".into(),
                    quantity: "10".into(),
                    storage: "2".into(),
                },
                DigitForm {
                    digit: "10".into(),
                    quantity: "4".into(),
                    storage: String::new(),
                },
            ],
            ..LogoForm::default()
        }],
        ..DraftForm::default()
    }
}

impl OrdersScreen {
    /// Starts the demo draft; `place` sends it as soon as it exists.
    pub fn start_demo(&mut self, place: bool, shared: &mut Shared<'_>) {
        if self.creating.is_none() && self.composer.draft_id().is_none() {
            self.new_draft(demo_form(), shared);
            self.place_when_created = place;
        }
    }
}
