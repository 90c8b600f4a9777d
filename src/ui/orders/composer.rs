//! The order composer: header, delivery address, designs with an instances grid (and roster
//! paste), loose logos with a digits editor, inline validation beside every field, an
//! estimate of the logo lines, and "Place order".

use crate::api::{
    ListLogos, Logo, LogoId, LogoItemNo, LogoRef, LogoStatus, LogoType, ValidationIssue,
};
use crate::backend::orders::{DesignInfo, LogoTarget, OrdersCommand};
use crate::backend::{Command, LogoCard, RequestId, UserError};
use crate::orders::countries;
use crate::orders::estimate::estimate;
use crate::orders::form::{
    COMMON_SIZES, DesignForm, DigitForm, DraftForm, LogoForm, PlaceholderForm, RowForm, digit_split,
};
use crate::orders::local::{COPY_RISK, copy_is_risky};
use crate::orders::roster::parse_roster;
use crate::store::{LocalOrder, LocalOrderId, OrderState};
use crate::ui::Shared;
use crate::ui::theme::{self, space};
use crate::ui::widgets::UiExt as _;
use egui::{RichText, Ui};
use std::collections::{BTreeSet, HashMap};
use std::time::{Duration, Instant};

/// A draft is written this long after the last keystroke.
const SAVE_AFTER: Duration = Duration::from_millis(400);

/// The logo picker searches once typing has paused this long.
const SEARCH_AFTER: Duration = Duration::from_millis(300);

/// How many matches the logo picker lists.
const PICKER_LIMIT: i64 = 12;

/// Width of the grid's text cells.
const CELL: f32 = 110.0;
const NARROW: f32 = 56.0;

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
    country_query: String,
    /// The loose-logo picker: the search typed, when it was last edited, the newest
    /// request, the search it answers and its matches (or why there are none).
    picker: LogoPicker,
    /// "Copy to new draft" of an order that may already be placed waits for confirmation.
    confirm_copy: bool,
}

#[derive(Default)]
struct LogoPicker {
    search: String,
    edited_at: Option<Instant>,
    request: Option<RequestId>,
    searched: Option<String>,
    found: Vec<LogoCard>,
    error: Option<String>,
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

    /// Fetches the designs' and logos' details again (after loading a draft).
    fn refetch(&mut self, shared: &mut Shared<'_>) {
        for i in 0..self.form.designs.len() {
            self.fetch_design(i, shared);
        }
        for i in 0..self.form.logos.len() {
            self.fetch_logo(i, shared);
        }
    }

    fn fetch_design(&mut self, i: usize, shared: &mut Shared<'_>) {
        let Some(d) = self.form.designs.get(i) else {
            return;
        };
        if d.reference.trim().is_empty() {
            return;
        }
        let target = d.design_ref();
        let id = shared.request("Fetching the design", |request| {
            Command::Orders(OrdersCommand::FetchDesign { request, target })
        });
        self.design_requests.insert(id, i);
    }

    fn fetch_logo(&mut self, i: usize, shared: &mut Shared<'_>) {
        let Some(l) = self.form.logos.get(i) else {
            return;
        };
        let target = match (l.by_item_no, l.reference.trim().parse::<i64>()) {
            (false, Ok(id)) => LogoTarget::Id(LogoId(id)),
            (true, Ok(n)) => LogoTarget::ItemNo(LogoItemNo(n)),
            _ => return,
        };
        let id = shared.request("Fetching the logo", |request| {
            Command::Orders(OrdersCommand::FetchLogo { request, target })
        });
        self.logo_requests.insert(id, i);
    }

    /// Adds a loose line for a logo (from the gallery's "Order…").
    pub fn add_logo_id(&mut self, logo: LogoId, shared: &mut Shared<'_>) {
        self.form.logos.push(LogoForm {
            reference: logo.0.to_string(),
            quantity: "1".into(),
            ..LogoForm::default()
        });
        self.fetch_logo(self.form.logos.len() - 1, shared);
    }

    /// Adds a design line (from the Designs screen's "Order…") with one instance row.
    pub fn add_design_id(&mut self, design: crate::api::DesignId, shared: &mut Shared<'_>) {
        self.push_design(design.to_string(), shared);
    }

    /// Adds a design line for `reference` (an id or item number) with one instance row, size M
    /// and quantity 1, and fetches the design's placements.
    fn push_design(&mut self, reference: String, shared: &mut Shared<'_>) {
        self.form.designs.push(DesignForm {
            reference,
            rows: vec![RowForm {
                size: "M".into(),
                quantity: "1".into(),
                ..RowForm::default()
            }],
            ..DesignForm::default()
        });
        self.fetch_design(self.form.designs.len() - 1, shared);
    }

    pub(super) fn on_design(
        &mut self,
        request: RequestId,
        result: Result<Box<DesignInfo>, UserError>,
    ) {
        let Some(i) = self.design_requests.remove(&request) else {
            return;
        };
        let Some(d) = self.form.designs.get_mut(i) else {
            return;
        };
        match result {
            Ok(info) => {
                d.title = info.design.title.clone();
                d.placeholders = info
                    .placeholders
                    .into_iter()
                    .map(|p| PlaceholderForm {
                        logo_id: p.logo_id.0,
                        title: p.title,
                        logo_type: p.logo_type,
                        view: p.view,
                    })
                    .collect();
                let note = if info.design.is_orderable() {
                    None
                } else {
                    Some(format!(
                        "This design is not finalized ({}); the service will fail the order.",
                        info.design
                            .status
                            .as_ref()
                            .map_or("no item number", |s| s.as_str())
                    ))
                };
                match note {
                    Some(n) => self.design_notes.insert(i, n),
                    None => self.design_notes.remove(&i),
                };
            }
            Err(e) => {
                self.design_notes.insert(
                    i,
                    format!("{} It will be ordered by the reference typed.", e.message),
                );
            }
        }
    }

    /// Matches of the logo picker's search (only the newest request's are kept).
    pub(super) fn on_found(
        &mut self,
        request: RequestId,
        result: Result<Vec<LogoCard>, UserError>,
    ) {
        if self.picker.request != Some(request) {
            return;
        }
        self.picker.request = None;
        match result {
            Ok(found) => (self.picker.found, self.picker.error) = (found, None),
            Err(e) => (self.picker.found, self.picker.error) = (Vec::new(), Some(e.message)),
        }
    }

    /// Sends the picker's search once typing has paused for [`SEARCH_AFTER`].
    fn search_logos(&mut self, ui: &Ui, shared: &mut Shared<'_>) {
        let Some(edited) = self.picker.edited_at else {
            return;
        };
        let waited = edited.elapsed();
        if waited < SEARCH_AFTER {
            ui.ctx().request_repaint_after(SEARCH_AFTER - waited);
            return;
        }
        self.picker.edited_at = None;
        let search = self.picker.search.trim().to_owned();
        if search.is_empty() {
            self.picker = LogoPicker::default();
            return;
        }
        let query = ListLogos::new()
            .page(1)
            .limit(PICKER_LIMIT)
            .search(search.clone());
        self.picker.request = Some(shared.request("Searching logos", |request| {
            Command::Orders(OrdersCommand::SearchLogos { request, query })
        }));
        self.picker.searched = Some(search);
    }

    /// The picker: a search box and its matches; a Done logo's click adds a loose line.
    fn picker_ui(&mut self, ui: &mut Ui, shared: &mut Shared<'_>) {
        let t = theme::tokens(ui.ctx());
        ui.horizontal(|ui| {
            ui.label("Search logos");
            let edit = ui
                .add(
                    egui::TextEdit::singleline(&mut self.picker.search)
                        .hint_text("Title, e.g. Nordby")
                        .desired_width(240.0),
                )
                .accessible_name("Search logos");
            if edit.changed() {
                self.picker.edited_at = Some(Instant::now());
            }
        });
        self.search_logos(ui, shared);
        let Some(searched) = self.picker.searched.clone() else {
            return;
        };
        let mut picked = None;
        match (&self.picker.error, &self.picker.found) {
            (Some(message), _) => {
                ui.problem(message);
            }
            (None, cards) if cards.is_empty() && self.picker.request.is_none() => {
                ui.muted_small(&format!("No logo's title contains \"{searched}\"."));
            }
            (None, cards) => {
                egui::Grid::new("logo_picker")
                    .num_columns(5)
                    .spacing([space::L, space::XS])
                    .show(ui, |ui| {
                        for card in cards {
                            let done = card.status == LogoStatus::Done;
                            let add = ui
                                .add_enabled(
                                    done,
                                    egui::Button::new(format!("Add {}", card.title)).small(),
                                )
                                .on_disabled_hover_text("commit the draft first");
                            if add.clicked() {
                                picked = Some(card.clone());
                            }
                            ui.label(
                                card.item_no
                                    .map_or_else(|| "no item no.".to_owned(), |n| n.to_string()),
                            );
                            ui.badge(card.status.as_str(), t.accent, t.accent_soft);
                            ui.label(card.logo_type.as_str());
                            if done {
                                ui.label("");
                            } else {
                                ui.muted_small("Draft: commit the draft first");
                            }
                            ui.end_row();
                        }
                    });
            }
        }
        if let Some(card) = picked {
            self.form.logos.push(LogoForm {
                reference: card.logo_id.0.to_string(),
                title: card.title.clone(),
                logo_type: Some(card.logo_type.clone()),
                quantity: "1".into(),
                ..LogoForm::default()
            });
            self.fetch_logo(self.form.logos.len() - 1, shared);
        }
    }

    pub(super) fn on_logo(&mut self, request: RequestId, result: Result<Box<Logo>, UserError>) {
        let Some(i) = self.logo_requests.remove(&request) else {
            return;
        };
        let Some(l) = self.form.logos.get_mut(i) else {
            return;
        };
        match result {
            Ok(logo) => {
                l.title = logo.title.clone();
                l.logo_type = Some(logo.logo_type.clone());
                if l.is_number_logo() && l.digits.is_empty() {
                    l.digits.push(DigitForm {
                        digit: String::new(),
                        quantity: std::mem::take(&mut l.quantity),
                        storage: String::new(),
                    });
                }
                self.logo_notes.remove(&i);
                self.known.insert(l.logo_ref(), *logo);
            }
            Err(e) => {
                self.logo_notes.insert(i, e.message);
            }
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

    /// Freezes the draft and hands its exact body to the outbox.
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
        let issues = self.issues();
        let frozen = self.is_frozen();
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
                    let button = ui.add_enabled_ui(ready, |ui| ui.primary_button("Place order")).inner;
                    let button = if ready {
                        button.on_hover_text("Sends the order once; it is retried with the same key until the service answers.")
                    } else {
                        button.on_disabled_hover_text(format!(
                            "{} to fix first (marked in red).",
                            plural(issues.len(), "problem")
                        ))
                    };
                    if button.clicked() {
                        self.place(shared);
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
                ui.add_space(space::M);
                self.estimate_ui(ui);
                let general: Vec<&ValidationIssue> =
                    issues.iter().filter(|i| i.path == "designs").collect();
                for i in general {
                    ui.problem(&i.message);
                }
                ui.add_space(space::XL);
            });
        self.autosave(ui, shared);
        copy
    }

    fn header_ui(&mut self, ui: &mut Ui, issues: &[ValidationIssue]) {
        let f = &mut self.form;
        ui.surface(|ui| {
            ui.section_heading("Order");
            ui.add_space(space::S);
            egui::Grid::new("order-header")
                .num_columns(4)
                .spacing([space::L, space::S])
                .show(ui, |ui| {
                    field(
                        ui,
                        "Reference *",
                        &mut f.reference,
                        "PO number or your own reference",
                        issues,
                        "reference",
                    );
                    field(
                        ui,
                        "Organization",
                        &mut f.organization,
                        "own (or a child's id)",
                        issues,
                        "organizationId",
                    );
                    ui.end_row();
                    field(
                        ui,
                        "Notification e-mail",
                        &mut f.email,
                        "orders@club.dk",
                        issues,
                        "email",
                    );
                    field(
                        ui,
                        "Contact name",
                        &mut f.contact_name,
                        "",
                        issues,
                        "contactName",
                    );
                    ui.end_row();
                    field(
                        ui,
                        "Origin of delivery",
                        &mut f.origin_of_delivery,
                        "e.g. Webshop",
                        issues,
                        "originOfDelivery",
                    );
                    field(ui, "Comment", &mut f.comment, "", issues, "comment");
                    ui.end_row();
                });
            ui.add_space(space::M);
            ui.section_heading("Delivery address");
            ui.add_space(space::S);
            let a = &mut f.address;
            egui::Grid::new("order-address")
                .num_columns(4)
                .spacing([space::L, space::S])
                .show(ui, |ui| {
                    field(
                        ui,
                        "Name *",
                        &mut a.name,
                        "Club or recipient",
                        issues,
                        "deliveryAddress.name",
                    );
                    field(
                        ui,
                        "Street *",
                        &mut a.street,
                        "",
                        issues,
                        "deliveryAddress.address",
                    );
                    ui.end_row();
                    field(
                        ui,
                        "Postal code *",
                        &mut a.zip,
                        "",
                        issues,
                        "deliveryAddress.zip",
                    );
                    field(
                        ui,
                        "City *",
                        &mut a.city,
                        "",
                        issues,
                        "deliveryAddress.city",
                    );
                    ui.end_row();
                    ui.label("Country *");
                    ui.vertical(|ui| {
                        country_picker(ui, &mut a.country, &mut self.country_query);
                        ui.problem_at(issues, "deliveryAddress.country");
                    });
                    field(
                        ui,
                        "Contact person",
                        &mut a.contact_person,
                        "",
                        issues,
                        "deliveryAddress.contactPerson",
                    );
                    ui.end_row();
                });
        });
    }

    fn designs_ui(&mut self, ui: &mut Ui, shared: &mut Shared<'_>, issues: &[ValidationIssue]) {
        ui.surface(|ui| {
            ui.horizontal(|ui| {
                ui.section_heading("Designs");
                ui.muted_small("Team kits: sizes, names and numbers per garment");
            });
            ui.add_space(space::S);
            let mut remove = None;
            for i in 0..self.form.designs.len() {
                ui.push_id(("design", i), |ui| {
                    if self.design_ui(ui, i, issues) {
                        remove = Some(i);
                    }
                });
                ui.separator();
            }
            if let Some(i) = remove {
                self.form.designs.remove(i);
                self.bad_rows.clear();
                self.design_notes.clear();
                self.design_requests.clear();
                self.refetch_designs(shared);
            }
            ui.horizontal(|ui| {
                let input = ui
                    .add(
                        egui::TextEdit::singleline(&mut self.design_input)
                            .hint_text("Design id or item number (MUL…)")
                            .desired_width(240.0),
                    )
                    .accessible_name("Design to add");
                let enter = input.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
                if (ui.button("Add design").clicked() || enter)
                    && !self.design_input.trim().is_empty()
                {
                    let reference = std::mem::take(&mut self.design_input).trim().to_owned();
                    self.push_design(reference, shared);
                }
            });
        });
    }

    fn refetch_designs(&mut self, shared: &mut Shared<'_>) {
        for i in 0..self.form.designs.len() {
            self.fetch_design(i, shared);
        }
    }

    /// One design line; answers whether it should be removed.
    fn design_ui(&mut self, ui: &mut Ui, i: usize, issues: &[ValidationIssue]) -> bool {
        let t = theme::tokens(ui.ctx());
        let mut remove = false;
        let at = format!("designs[{i}]");
        let d = &mut self.form.designs[i];
        ui.horizontal(|ui| {
            let title = if d.title.is_empty() {
                format!("Design {}", d.reference)
            } else {
                format!("{} · {}", d.title, d.reference)
            };
            ui.label(RichText::new(title).strong().color(t.text_strong));
            let garments: i64 = d
                .rows
                .iter()
                .filter_map(|r| r.quantity.trim().parse::<i64>().ok())
                .sum();
            ui.muted_small(&format!(
                "{} · {garments} garments",
                plural(d.rows.len(), "row")
            ));
            ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                remove = ui.small_button("Remove design").clicked();
            });
        });
        if let Some(note) = self.design_notes.get(&i) {
            ui.label(RichText::new(note).small().color(t.warning));
        }
        ui.problem_at(issues, &format!("{at}.designId"));
        ui.problem_at(issues, &format!("{at}.designMul"));
        ui.problem_at(issues, &format!("{at}.instances"));
        if !d.placeholders.is_empty() {
            let names: Vec<String> = d
                .placeholders
                .iter()
                .map(|p| format!("{} ({}, {})", p.title, p.logo_type, p.view))
                .collect();
            ui.muted_small(&format!("Placements: {}", names.join(" · ")));
        }
        let value_columns: Vec<PlaceholderForm> = if d.needs_values() {
            d.placeholders
                .iter()
                .filter(|p| matches!(p.logo_type, LogoType::NameLogo | LogoType::NumberLogo))
                .cloned()
                .collect()
        } else {
            Vec::new()
        };
        let bad = self.bad_rows.entry(i).or_default();
        let mut duplicate = None;
        let mut delete = None;
        egui::Grid::new(("instances", i))
            .striped(true)
            .num_columns(6 + value_columns.len())
            .spacing([space::S, space::XS])
            .show(ui, |ui| {
                for h in ["#", "Size", "Qty", "Name", "Number"] {
                    ui.label(RichText::new(h).small().strong());
                }
                for p in &value_columns {
                    ui.label(
                        RichText::new(format!("{} ({})", p.title, p.logo_type))
                            .small()
                            .strong(),
                    )
                    .on_hover_text("Per-placeholder value (logoValues)");
                }
                ui.label("");
                ui.end_row();
                for (j, row) in d.rows.iter_mut().enumerate() {
                    let at = format!("{at}.instances[{j}]");
                    let marked = bad.contains(&j);
                    let n = RichText::new(format!("{}", j + 1)).small();
                    ui.label(if marked {
                        n.color(t.danger)
                    } else {
                        n.color(t.text_muted)
                    })
                    .on_hover_text(if marked {
                        "This pasted row could not be read fully; check it."
                    } else {
                        ""
                    });
                    size_cell(
                        ui,
                        &mut row.size,
                        issue_text(issues, &format!("{at}.size")),
                        j,
                    );
                    checked_cell(
                        ui,
                        &mut row.quantity,
                        NARROW,
                        issues,
                        &format!("{at}.quantity"),
                    );
                    checked_cell(ui, &mut row.name, CELL, issues, &format!("{at}.name"));
                    checked_cell(ui, &mut row.number, NARROW, issues, &format!("{at}.number"));
                    for (k, p) in value_columns.iter().enumerate() {
                        let value = row.values.entry(p.logo_id).or_default();
                        let problem = issue_text(issues, &format!("{at}.logoValues[{k}].value"));
                        cell(ui, value, CELL, problem);
                    }
                    ui.horizontal(|ui| {
                        if ui
                            .small_button("Copy")
                            .on_hover_text("Duplicate this row")
                            .clicked()
                        {
                            duplicate = Some(j);
                        }
                        if ui.small_button("✕").on_hover_text("Remove row").clicked() {
                            delete = Some(j);
                        }
                    });
                    ui.end_row();
                }
            });
        if let Some(j) = duplicate {
            let copy = d.rows[j].clone();
            d.rows.insert(j + 1, copy);
            bad.clear();
        }
        if let Some(j) = delete {
            d.rows.remove(j);
            bad.clear();
        }
        let mut rows_problems: Vec<&ValidationIssue> = issues
            .iter()
            .filter(|x| x.path.starts_with(&format!("{at}.instances[")))
            .collect();
        rows_problems.truncate(4);
        for p in rows_problems {
            ui.problem(&format!(
                "Row {}: {}",
                row_of(&p.path).map_or(0, |r| r + 1),
                p.message
            ));
        }
        ui.horizontal(|ui| {
            if ui.button("+ Row").clicked() {
                let size = d
                    .rows
                    .last()
                    .map(|r| r.size.clone())
                    .unwrap_or_else(|| "M".into());
                d.rows.push(RowForm {
                    size,
                    quantity: "1".into(),
                    ..RowForm::default()
                });
            }
            let text = self.roster.entry(i).or_default();
            ui.add(
                egui::TextEdit::multiline(text)
                    .hint_text("Paste a roster: size, qty, name, number (tab or comma)")
                    .desired_rows(1)
                    .desired_width(360.0),
            )
            .accessible_name("Roster");
            if ui
                .add_enabled(
                    !text.trim().is_empty(),
                    egui::Button::new("Add pasted rows"),
                )
                .on_hover_text("Rows that cannot be read are added and marked, never dropped.")
                .clicked()
            {
                let roster = parse_roster(text);
                text.clear();
                // A lone default row is replaced by the roster.
                if d.rows.len() == 1 && d.rows[0].name.is_empty() && d.rows[0].number.is_empty() {
                    d.rows.clear();
                }
                let offset = d.rows.len();
                bad.extend(roster.bad.iter().map(|b| b + offset));
                d.rows.extend(roster.rows);
            }
        });
        remove
    }

    fn logos_ui(&mut self, ui: &mut Ui, shared: &mut Shared<'_>, issues: &[ValidationIssue]) {
        let t = theme::tokens(ui.ctx());
        ui.surface(|ui| {
            ui.horizontal(|ui| {
                ui.section_heading("Loose transfers");
                ui.muted_small(
                    "Logos shipped as they are; search them here, pick them in Logos → Order…, or add them by number",
                );
            });
            ui.add_space(space::S);
            self.picker_ui(ui, shared);
            ui.add_space(space::S);
            let mut remove = None;
            for i in 0..self.form.logos.len() {
                let at = format!("logos[{i}]");
                let l = &mut self.form.logos[i];
                ui.push_id(("logo", i), |ui| {
                    ui.horizontal(|ui| {
                        let title = if l.title.is_empty() {
                            format!("Logo {}", l.reference)
                        } else {
                            format!("{} · {}", l.title, l.reference)
                        };
                        ui.label(RichText::new(title).strong().color(t.text_strong));
                        if let Some(k) = &l.logo_type {
                            ui.badge(k.as_str(), t.accent, t.accent_soft);
                        }
                        ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                            if ui.small_button("Remove").clicked() {
                                remove = Some(i);
                            }
                        });
                    });
                    if let Some(note) = self.logo_notes.get(&i) {
                        ui.label(RichText::new(note).small().color(t.warning));
                    }
                    ui.problem_at(issues, &format!("{at}.logoId"));
                    ui.problem_at(issues, &format!("{at}.logoSku"));
                    ui.problem_at(issues, &format!("{at}.digits"));
                    if l.is_number_logo() {
                        digits_ui(ui, l, &at, issues);
                    } else {
                        ui.horizontal(|ui| {
                            ui.label("Quantity");
                            checked_cell(
                                ui,
                                &mut l.quantity,
                                NARROW,
                                issues,
                                &format!("{at}.quantity"),
                            );
                            ui.label("Storage");
                            checked_cell(
                                ui,
                                &mut l.storage,
                                NARROW,
                                issues,
                                &format!("{at}.storageQuantity"),
                            );
                            if matches!(l.logo_type, Some(LogoType::TextLogo | LogoType::NameLogo))
                            {
                                ui.label("Text");
                                checked_cell(
                                    ui,
                                    &mut l.value,
                                    CELL * 1.5,
                                    issues,
                                    &format!("{at}.value"),
                                );
                            }
                        });
                        ui.problem_at(issues, &format!("{at}.quantity"));
                        ui.problem_at(issues, &format!("{at}.storageQuantity"));
                    }
                });
                ui.separator();
            }
            if let Some(i) = remove {
                self.form.logos.remove(i);
                self.logo_notes.clear();
                self.logo_requests.clear();
            }
            ui.horizontal(|ui| {
                ui.add(
                    egui::TextEdit::singleline(&mut self.logo_input)
                        .hint_text(if self.logo_by_item_no {
                            "Item number, e.g. 300036"
                        } else {
                            "Logo id, e.g. 10036"
                        })
                        .desired_width(200.0),
                )
                .accessible_name("Logo to add");
                ui.checkbox(&mut self.logo_by_item_no, "by item number");
                if ui.button("Add logo").clicked() && !self.logo_input.trim().is_empty() {
                    self.form.logos.push(LogoForm {
                        reference: std::mem::take(&mut self.logo_input).trim().to_owned(),
                        by_item_no: self.logo_by_item_no,
                        quantity: "1".into(),
                        ..LogoForm::default()
                    });
                    self.fetch_logo(self.form.logos.len() - 1, shared);
                }
            });
        });
    }

    fn estimate_ui(&self, ui: &mut Ui) {
        if self.form.logos.is_empty() {
            return;
        }
        let e = estimate(&self.form, |r| self.known.get(r).cloned());
        if e.lines.is_empty() {
            return;
        }
        let t = theme::tokens(ui.ctx());
        ui.surface(|ui| {
            ui.horizontal(|ui| {
                ui.section_heading("Estimate");
                ui.badge("ESTIMATE", t.warning, t.warning_soft);
            });
            ui.muted_small("Loose transfers only, before VAT, from the logos' price tiers and fees. The service's own totals replace it once the order completes.");
            egui::Grid::new("estimate").num_columns(3).spacing([space::XL, space::XS]).show(ui, |ui| {
                for l in &e.lines {
                    ui.label(&l.label);
                    ui.label(format!("{} pcs", l.quantity));
                    ui.label(format!("{} {}", l.amount, e.currency));
                    ui.end_row();
                }
                ui.label(RichText::new("Estimated logo lines").strong());
                ui.label("");
                ui.label(RichText::new(format!("{} {}", e.total, e.currency)).strong());
                ui.end_row();
            });
            if e.unknown > 0 {
                ui.muted_small(&format!("{} not estimated (logo not known in full yet).", plural(e.unknown, "line")));
            }
        });
    }
}

fn digits_ui(ui: &mut Ui, l: &mut LogoForm, at: &str, issues: &[ValidationIssue]) {
    let mut remove = None;
    egui::Grid::new(("digits", at))
        .num_columns(5)
        .spacing([space::S, space::XS])
        .show(ui, |ui| {
            for h in ["Digits", "Qty", "Storage", "", ""] {
                ui.label(RichText::new(h).small().strong());
            }
            ui.end_row();
            for (k, d) in l.digits.iter_mut().enumerate() {
                let p = format!("{at}.digits[{k}]");
                checked_cell(ui, &mut d.digit, NARROW, issues, &format!("{p}.digit"));
                checked_cell(
                    ui,
                    &mut d.quantity,
                    NARROW,
                    issues,
                    &format!("{p}.quantity"),
                );
                checked_cell(
                    ui,
                    &mut d.storage,
                    NARROW,
                    issues,
                    &format!("{p}.storageQuantity"),
                );
                let q = d.quantity.trim().parse::<i64>().unwrap_or(0)
                    + d.storage.trim().parse::<i64>().unwrap_or(0);
                match digit_split(&d.digit, q).filter(|_| q > 0) {
                    Some(split) => ui.muted_small(&split),
                    None => ui.label(""),
                };
                if ui.small_button("✕").clicked() {
                    remove = Some(k);
                }
                ui.end_row();
            }
        });
    if let Some(k) = remove {
        l.digits.remove(k);
    }
    for p in issues
        .iter()
        .filter(|i| i.path.starts_with(&format!("{at}.digits[")))
    {
        ui.problem(&p.message);
    }
    if ui.small_button("+ Digit").clicked() {
        l.digits.push(DigitForm {
            quantity: "1".into(),
            ..DigitForm::default()
        });
    }
}

/// The row index of an `…instances[j]…` path.
fn row_of(path: &str) -> Option<usize> {
    let rest = path.split("instances[").nth(1)?;
    rest.split(']').next()?.parse().ok()
}

fn plural(n: usize, what: &str) -> String {
    if n == 1 {
        format!("1 {what}")
    } else {
        format!("{n} {what}s")
    }
}

fn issue_text<'a>(issues: &'a [ValidationIssue], path: &str) -> Option<&'a str> {
    issues
        .iter()
        .find(|i| i.path == path)
        .map(|i| i.message.as_str())
}

/// A labelled text field with its issue under it.
fn field(
    ui: &mut Ui,
    label: &str,
    value: &mut String,
    hint: &str,
    issues: &[ValidationIssue],
    path: &str,
) {
    ui.label(label);
    ui.vertical(|ui| {
        let problem = issue_text(issues, path);
        hinted_cell(
            ui,
            value,
            220.0,
            (hint, label.trim_end_matches(" *")),
            problem,
        );
        if let Some(m) = problem {
            ui.problem(m);
        }
    });
}

/// A text cell checked against the issue at `path`.
fn checked_cell(
    ui: &mut Ui,
    value: &mut String,
    width: f32,
    issues: &[ValidationIssue],
    path: &str,
) -> egui::Response {
    cell(ui, value, width, issue_text(issues, path))
}

/// A text cell, outlined in the danger color when it has a problem (shown on hover).
fn cell(ui: &mut Ui, value: &mut String, width: f32, problem: Option<&str>) -> egui::Response {
    hinted_cell(ui, value, width, ("", ""), problem)
}

fn hinted_cell(
    ui: &mut Ui,
    value: &mut String,
    width: f32,
    (hint, name): (&str, &str),
    problem: Option<&str>,
) -> egui::Response {
    let t = theme::tokens(ui.ctx());
    let mut edit = egui::TextEdit::singleline(value)
        .desired_width(width)
        .hint_text(hint);
    if problem.is_some() {
        edit = edit.background_color(t.danger_soft);
    }
    let height = ui.spacing().interact_size.y;
    let mut r = ui.add_sized([width, height], edit);
    if !name.is_empty() {
        r = r.accessible_name(name);
    }
    match problem {
        Some(m) => {
            ui.painter().rect_stroke(
                r.rect,
                theme::radius::CONTROL,
                egui::Stroke::new(1.5, t.danger),
                egui::StrokeKind::Inside,
            );
            r.on_hover_text(m)
        }
        None => r,
    }
}

/// Size: free text with the common sizes offered in a menu.
fn size_cell(ui: &mut Ui, size: &mut String, problem: Option<&str>, row: usize) {
    ui.horizontal(|ui| {
        ui.spacing_mut().item_spacing.x = 2.0;
        cell(ui, size, 44.0, problem);
        egui::ComboBox::from_id_salt(("size", row))
            .selected_text("")
            .width(18.0)
            .show_ui(ui, |ui| {
                for s in COMMON_SIZES {
                    ui.selectable_value(size, s.to_owned(), s);
                }
            });
    });
}

/// The country: a searchable list of names and codes.
fn country_picker(ui: &mut Ui, code: &mut String, query: &mut String) {
    let shown = match countries::name_of(code) {
        Some(name) => format!("{name} ({})", code.trim().to_ascii_uppercase()),
        None if code.trim().is_empty() => "Choose…".to_owned(),
        None => code.clone(),
    };
    egui::ComboBox::from_id_salt("country")
        .selected_text(shown)
        .width(220.0)
        .height(280.0)
        .show_ui(ui, |ui| {
            ui.add(egui::TextEdit::singleline(query).hint_text("Search name or code"));
            for (c, n) in countries::search(query) {
                if ui
                    .selectable_label(code.eq_ignore_ascii_case(c), format!("{n} ({c})"))
                    .clicked()
                {
                    *code = c.to_owned();
                    query.clear();
                }
            }
        });
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
