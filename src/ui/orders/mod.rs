//! The account manager's screens: Orders (the composer and the drafts) and History (every
//! order placed from this machine or looked up, and one order in full).
//!
//! Drafts are saved to the local database as they are edited; "Place order" freezes the
//! draft and hands its exact body to the backend's outbox ([`crate::backend::orders`]).

pub mod composer;
pub mod history;

use crate::backend::designs::DesignsEvent;
use crate::backend::orders::{OrdersCommand, OrdersEvent};
use crate::backend::proofs::{ProofsEvent, SavedKind};
use crate::backend::{Command, Event, LogosEvent, UserError};
use crate::orders::form::{self, DraftForm};
use crate::store::{LocalOrder, LocalOrderId, OrderState};
use composer::Composer;

use super::undo::Undoable;
use super::{Action, Reply, Screen, ScreenView, Shared, Slot, Toast};
pub use history::HistoryScreen;

/// The tab of the Orders screen.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum OrdersTab {
    #[default]
    Compose,
    Drafts,
}

/// The Orders screen: the composer and the drafts (History is [`HistoryScreen`]).
#[derive(Default)]
pub struct OrdersScreen {
    pub tab: OrdersTab,
    pub composer: Composer,
    pub drafts: Vec<LocalOrder>,
    loaded: bool,
    /// Waiting for a new draft (a fresh one or a copy) with this form.
    creating: Option<DraftForm>,
    /// Place the draft being created at once (the demo of `--screen history`).
    place_when_created: bool,
}

impl OrdersScreen {
    /// The lists have arrived at least once.
    pub fn is_loaded(&self) -> bool {
        self.loaded
    }

    /// The composer has a draft with content (for the screenshot of `--screen orders`).
    pub fn has_draft(&self) -> bool {
        self.composer.draft_id().is_some() && !self.composer.form.designs.is_empty()
    }

    /// The composer leaves its draft: a change not saved yet is saved now, and a new order
    /// opened and left untouched is not kept.
    pub fn leave_draft(&mut self, shared: &mut Shared<'_>) {
        self.composer.keep_unsaved_as_new(shared);
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

    /// The draft with this id.
    pub fn order(&self, id: LocalOrderId) -> Option<&LocalOrder> {
        self.drafts.iter().find(|o| o.id == id)
    }

    /// A new draft with the form of `order` (new key).
    fn copy(&mut self, order: &LocalOrder, shared: &mut Shared<'_>) {
        self.new_draft(form_of(order), shared);
    }

    /// The designs named by id in the composer, the drafts and `history`, with their titles
    /// where known, each once (the Designs screen's quick picks).
    pub fn known_designs(&self, history: &[LocalOrder]) -> Vec<(crate::api::DesignId, String)> {
        let saved = self
            .drafts
            .iter()
            .chain(history)
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
}

/// The form of a saved row (empty when it has none).
pub fn form_of(order: &LocalOrder) -> DraftForm {
    let form: DraftForm = order
        .draft_json
        .as_deref()
        .and_then(|j| serde_json::from_str(j).ok())
        .unwrap_or_default();
    // The estimate it was placed with is that order's, not a new draft's.
    DraftForm {
        estimate: None,
        ..form
    }
}

/// Replaces the row with the same id, or puts it first.
fn upsert(list: &mut Vec<LocalOrder>, order: LocalOrder) {
    match list.iter_mut().find(|o| o.id == order.id) {
        Some(slot) => *slot = order,
        None => list.insert(0, order),
    }
}

impl ScreenView for OrdersScreen {
    /// Orders: the composer and the drafts.
    fn ui(&mut self, ui: &mut egui::Ui, shared: &mut Shared<'_>) {
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
                if shared.session.team_data_stale() {
                    crate::tr!("composer-tab-drafts-stale", count = self.drafts.len())
                } else {
                    crate::tr!("composer-tab-drafts", count = self.drafts.len())
                },
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

    /// Applies one answer of the backend (only answers to current requests come). The lists,
    /// a changed row and answers to History's requests go on to History.
    fn on_event(&mut self, reply: Reply, event: Event, shared: &mut Shared<'_>) -> Option<Event> {
        if reply.slot.is_some_and(|s| s.screen() == Screen::History) {
            return Some(event);
        }
        match event {
            Event::Orders(event) => self
                .on_orders_event(reply, event, shared)
                .map(Event::Orders),
            Event::Proofs(event) => self.on_proofs(reply, event, shared).map(Event::Proofs),
            Event::Logos(LogosEvent::Page(page)) if reply.slot == Some(Slot::ComposerSearch) => {
                self.composer.on_found(Ok(page.items));
                None
            }
            // A design line's design and a logo line's logo, asked of their resources.
            Event::Designs(DesignsEvent::Opened(view))
                if reply.slot == Some(Slot::ComposerLine) =>
            {
                if let Some(request) = reply.request {
                    self.composer.on_design(request, view);
                }
                None
            }
            Event::Logos(LogosEvent::Fetched(logo)) if reply.slot == Some(Slot::ComposerLine) => {
                if let Some(request) = reply.request {
                    self.composer.on_logo(request, logo);
                }
                None
            }
            other => Some(other),
        }
    }

    /// A request failed before the service answered it (no account, …).
    fn on_failed(&mut self, reply: Reply, error: &UserError, _: &mut Shared<'_>) -> Toast {
        match reply.slot {
            // A proof being kept for the club's approval says its failure itself.
            Some(Slot::ProofSheet)
                if !self
                    .composer
                    .on_proof_send_failed(reply.request, &error.message) =>
            {
                self.composer.on_sheet_done(Err(error.message.clone()));
            }
            Some(Slot::OrdersDraft) => self.creating = None,
            // Said beside the line only.
            Some(Slot::ProofRender) if self.composer.on_proof_failed(reply.request, error) => {
                return Toast::Skip;
            }
            // The search ends with the reason beside it (said there only), not a search
            // marked running forever.
            Some(Slot::ComposerSearch) => {
                self.composer.on_found(Err(error.clone()));
                return Toast::Skip;
            }
            // A line's design or logo, the roster import: said beside the line only.
            Some(Slot::ComposerLine) => {
                if let Some(request) = reply.request
                    && self.composer.on_fetch_failed(request, error)
                {
                    return Toast::Skip;
                }
            }
            Some(Slot::ComposerRoster) => {
                self.composer.on_roster_failed(error);
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

    /// Drops everything of the previous account and asks for the new one's lists (for
    /// History too).
    fn activated(&mut self, shared: &mut Shared<'_>) {
        self.composer.let_go(shared);
        *self = OrdersScreen::default();
        shared.backend.send(Command::Orders(OrdersCommand::Refresh));
    }

    /// Leaving the composer saves its draft (or drops it when untouched).
    fn left(&mut self, shared: &mut Shared<'_>) {
        self.leave_draft(shared);
    }

    /// The composer's form, while the composer is shown.
    fn undo_state(&self) -> (bool, bool) {
        match self.tab {
            OrdersTab::Compose => (self.composer.can_undo(), self.composer.can_redo()),
            OrdersTab::Drafts => (false, false),
        }
    }

    fn undo_or_redo(&mut self, action: Action) {
        if self.tab == OrdersTab::Compose {
            Undoable::undo_or_redo(&mut self.composer, action);
        }
    }

    /// The composer has a draft with content (the shell started the demo draft).
    /// A roster file dropped on the composer shown in front goes to the line under it.
    fn on_dropped_files(
        &mut self,
        files: &[egui::DroppedFileHandle],
        front: bool,
        shared: &mut Shared<'_>,
    ) -> bool {
        let composing = self.tab == OrdersTab::Compose && self.composer.draft_id().is_some();
        front && composing && self.composer.take_dropped_roster(files, shared)
    }

    fn ready_for_screenshot(&mut self, _shown: bool, _: &Shared<'_>) -> bool {
        self.has_draft()
    }
}

impl OrdersScreen {
    /// Applies one answer about orders; what is History's goes back.
    fn on_orders_event(
        &mut self,
        reply: Reply,
        event: OrdersEvent,
        shared: &mut Shared<'_>,
    ) -> Option<OrdersEvent> {
        match event {
            OrdersEvent::Lists {
                drafts,
                waiting,
                history,
            } => {
                let placed: Vec<&LocalOrder> = waiting.iter().chain(&history.rows).collect();
                self.composer.on_drafts(&drafts, &placed, shared);
                self.drafts = drafts;
                self.loaded = true;
                return Some(OrdersEvent::Lists {
                    drafts: Vec::new(),
                    waiting,
                    history,
                });
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
                _ => upsert(&mut self.drafts, *order),
            },
            OrdersEvent::Changed(order) => {
                self.drafts.retain(|d| d.id != order.id);
                if order.state == OrderState::Draft {
                    upsert(&mut self.drafts, (*order).clone());
                } else {
                    self.composer.on_changed(&order);
                }
                return Some(OrdersEvent::Changed(order));
            }
            OrdersEvent::DraftSaved {
                id,
                outcome,
                placing,
            } => self.composer.on_saved(id, outcome, placing),
            OrdersEvent::PlacedAlike { id, earlier } => self.composer.on_placed_alike(id, *earlier),
            OrdersEvent::Editing { id, claim } => self.composer.on_editing(id, claim),
            OrdersEvent::AddressBook(addresses) => self.composer.set_address_book(addresses),
            OrdersEvent::RosterFilePicked(path) => self.composer.on_roster_picked(path, shared),
            OrdersEvent::RosterRead(table) => self.composer.on_roster_read(table),
            other => return Some(other),
        }
        None
    }

    /// Applies an answer about proof sheets; the confirmation PDFs are History's.
    fn on_proofs(
        &mut self,
        reply: Reply,
        event: ProofsEvent,
        shared: &mut Shared<'_>,
    ) -> Option<ProofsEvent> {
        match event {
            ProofsEvent::Rendered { key, pictures, .. } => {
                self.composer.on_proof(reply.request, key, pictures);
            }
            ProofsEvent::SheetProgress { done, total } => {
                self.composer.on_sheet_progress(done, total);
            }
            ProofsEvent::Saved {
                kind: SavedKind::ProofSheet,
                path,
            } => {
                let shown = path.display().to_string();
                self.composer.on_sheet_done(Ok(path));
                shared
                    .notifications
                    .success(crate::tr!("composer-saved-proof-sheet", path = shown));
            }
            ProofsEvent::NotSaved {
                kind: SavedKind::ProofSheet,
            } => self.composer.on_sheet_not_saved(),
            ProofsEvent::Approvals { order, steps, club } => {
                if self.composer.draft_id() == Some(order) {
                    self.composer.on_club(club.map(|c| *c), shared);
                }
                self.composer.on_approvals(reply.request, order, steps);
            }
            ProofsEvent::ClubLink { order, link } => {
                if self.composer.draft_id() == Some(order) {
                    self.composer.on_club_link(reply.request, *link);
                }
            }
            other => return Some(other),
        }
        None
    }

    fn drafts_ui(&mut self, ui: &mut egui::Ui, shared: &mut Shared<'_>) {
        use crate::ui::widgets::UiExt as _;
        // The team database is out of reach: these are the drafts last read (or none yet).
        let away = shared.session.team_data_stale();
        if away {
            crate::ui::stale::team_away_mark(ui, &crate::tr!("composer-drafts-team-stale"));
        }
        if self.drafts.is_empty() {
            let (title, body) = if away {
                (
                    crate::tr!("composer-drafts-empty-team-away"),
                    crate::tr!("composer-drafts-empty-team-away-body"),
                )
            } else {
                (
                    crate::tr!("composer-drafts-empty-title"),
                    crate::tr!("composer-drafts-empty-body"),
                )
            };
            ui.empty_state("✎", &title, &body, None);
            return;
        }
        let mut open = None;
        let mut copy = None;
        let mut delete = None;
        let language = shared.language();
        let open_here = self.composer.draft_id();
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
                        let mut changed = language.time_stamp(&d.updated_at);
                        // Another desk of the team has it open.
                        if let Some(e) = d.editing.as_ref().filter(|_| Some(d.id) != open_here) {
                            changed = crate::tr!(
                                "composer-drafts-editing",
                                changed = changed,
                                name = composer::editor_name(e)
                            );
                        }
                        ui.muted_small(&changed);
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
}

impl OrdersScreen {
    /// Starts the demo draft; `place` sends it as soon as it exists.
    /// The demo order comes from the backend, on its sandbox's data
    /// ([`crate::backend::SandboxDemo`]); nothing happens before start-up told it.
    pub fn start_demo(&mut self, place: bool, shared: &mut Shared<'_>) {
        let Some(demo) = shared.session.sandbox_demo.as_ref() else {
            return;
        };
        if self.creating.is_none() && self.composer.draft_id().is_none() {
            self.new_draft(demo.order(), shared);
            self.place_when_created = place;
        }
    }
}
