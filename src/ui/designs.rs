//! Designs: open one by id (the service has no list of designs and no look-up by item
//! number), see its placements with their logos, order it, or clone it into variations.

use super::theme::{self, space};
use super::widgets::{UiExt as _, paint_checkerboard};
use super::{Intent, Shared, Slot};
use crate::api::designs::validate_clone;
use crate::api::{
    CloneDesign, Design, DesignId, DesignStatus, LogoId, LogoType, Placement, ValidationIssue,
    Variation,
};
use crate::backend::designs::{DesignView, DesignsCommand, DesignsEvent, PlacedLogo};
use crate::backend::{Command, LogoRef, ThumbKey, UserError};
use egui::{Align, Layout, Rect, RichText, Sense, Ui, Vec2};

/// Side of a placement's thumbnail in the table.
const THUMB: f32 = 40.0;

/// One placement of a variation being edited (coordinates as typed).
#[derive(Debug, Clone, PartialEq)]
pub struct PlacementForm {
    pub view: String,
    pub logo_id: LogoId,
    pub x: String,
    pub y: String,
    /// Kept as the source had it (not edited here).
    pub angle_rads: Option<f64>,
}

/// One variation: a new design with these placements.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct VariationForm {
    pub title: String,
    pub placements: Vec<PlacementForm>,
    /// The logo id typed to add a placement.
    pub add_logo: String,
    pub add_error: Option<String>,
}

/// The clone form of the open design.
#[derive(Debug, Clone, PartialEq)]
pub struct CloneForm {
    pub source: DesignId,
    pub variations: Vec<VariationForm>,
}

impl CloneForm {
    /// A variation starting from the source's placements.
    fn variation_of(design: &Design, n: usize) -> VariationForm {
        VariationForm {
            title: format!("{} – variation {n}", design.title),
            placements: design
                .design_logos
                .iter()
                .map(|p| PlacementForm {
                    view: p.view.clone(),
                    logo_id: p.logo_id,
                    x: fmt_coord(p.x_coordinate),
                    y: fmt_coord(p.y_coordinate),
                    angle_rads: (p.angle_rads != 0.0).then_some(p.angle_rads),
                })
                .collect(),
            ..VariationForm::default()
        }
    }

    /// The form with one variation of `design`.
    pub fn new(design: &Design) -> CloneForm {
        CloneForm {
            source: design.design_id,
            variations: vec![CloneForm::variation_of(design, 1)],
        }
    }

    /// The request body, and every problem found: numbers that do not read, then
    /// [`validate_clone`]'s rules.
    pub fn body(&self) -> (CloneDesign, Vec<ValidationIssue>) {
        let mut issues = Vec::new();
        let mut coord = |text: &str, path: String, axis: &str| -> f64 {
            match text.trim().replace(',', ".").parse::<f64>() {
                Ok(v) if v.is_finite() => v,
                _ => {
                    issues.push(ValidationIssue::new(
                        path,
                        format!("Enter the {axis} coordinate as a number, e.g. 120 or 85.5."),
                    ));
                    0.0
                }
            }
        };
        let variations = self
            .variations
            .iter()
            .enumerate()
            .map(|(i, v)| Variation {
                title: v.title.trim().to_owned(),
                design_logos: v
                    .placements
                    .iter()
                    .enumerate()
                    .map(|(j, p)| {
                        let at = format!("variations[{i}].designLogos[{j}]");
                        Placement {
                            view: p.view.trim().to_uppercase(),
                            logo_id: p.logo_id,
                            x_coordinate: coord(&p.x, format!("{at}.xCoordinate"), "X"),
                            y_coordinate: coord(&p.y, format!("{at}.yCoordinate"), "Y"),
                            angle_rads: p.angle_rads,
                        }
                    })
                    .collect(),
            })
            .collect();
        let body = CloneDesign { variations };
        issues.extend(validate_clone(&body));
        (body, issues)
    }
}

fn fmt_coord(v: f64) -> String {
    let s = format!("{v:.2}");
    s.trim_end_matches('0').trim_end_matches('.').to_owned()
}

/// The Designs screen's state.
#[derive(Default)]
pub struct DesignsScreen {
    /// The design id as typed.
    pub id_input: String,
    input_error: Option<String>,
    /// The design being opened.
    pending: Option<DesignId>,
    view: Option<DesignView>,
    error: Option<UserError>,
    /// Designs this app has seen (orders, opened, cloned), newest first: the quick picks.
    known: Vec<(DesignId, String)>,
    /// The clone form, while open.
    pub clone: Option<CloneForm>,
    /// A clone is on its way.
    cloning: bool,
    clone_error: Option<UserError>,
    /// The designs the newest clone created.
    cloned: Vec<Design>,
}

impl DesignsScreen {
    /// Forgets the previous account's designs.
    pub fn activate(&mut self) {
        *self = DesignsScreen::default();
    }

    /// Adds designs seen elsewhere (order history, composer) to the quick picks.
    pub fn add_known(&mut self, designs: impl IntoIterator<Item = (DesignId, String)>) {
        for (id, title) in designs {
            self.remember(id, &title, false);
        }
    }

    fn remember(&mut self, id: DesignId, title: &str, first: bool) {
        match self.known.iter().position(|(k, _)| *k == id) {
            Some(i) => {
                let (_, old) = self.known.remove(i);
                let title = if title.is_empty() {
                    old
                } else {
                    title.to_owned()
                };
                self.known.insert(if first { 0 } else { i }, (id, title));
            }
            None if first => self.known.insert(0, (id, title.to_owned())),
            None => self.known.push((id, title.to_owned())),
        }
    }

    /// The design shown, if any.
    pub fn design(&self) -> Option<&DesignView> {
        self.view.as_ref()
    }

    /// The designs the newest clone created.
    pub fn cloned(&self) -> &[Design] {
        &self.cloned
    }

    /// A design is shown and nothing newer is on its way.
    pub fn is_loaded(&self) -> bool {
        self.view.is_some() && self.pending.is_none()
    }

    /// The thumbnails of the shown design's logos (for the screenshot's readiness).
    pub fn thumbnails(&self) -> Vec<ThumbKey> {
        self.view
            .iter()
            .flat_map(|v| v.logos.iter().map(|l| l.thumb))
            .collect()
    }

    /// Fetches a design (superseding one still on its way).
    pub fn open(&mut self, id: DesignId, shared: &mut Shared<'_>) {
        shared.request(
            Slot::DesignOpen,
            &format!("Opening design {id}"),
            |request| Command::Designs(DesignsCommand::Open { request, id }),
        );
        self.pending = Some(id);
        self.error = None;
        self.input_error = None;
    }

    /// Fetches the design shown again.
    pub fn refresh(&mut self, shared: &mut Shared<'_>) {
        if let Some(id) = self.view.as_ref().map(|v| v.design.design_id) {
            self.open(id, shared);
        }
    }

    /// Applies one answer of the backend (only answers to the newest open and clone come).
    pub fn on_event(&mut self, event: DesignsEvent, shared: &mut Shared<'_>) {
        match event {
            DesignsEvent::Opened(result) => {
                self.pending = None;
                match result {
                    Ok(view) => {
                        let (id, title) = (view.design.design_id, view.design.title.clone());
                        self.remember(id, &title, true);
                        if self.clone.as_ref().is_some_and(|c| c.source != id) {
                            self.clone = None;
                            self.clone_error = None;
                        }
                        self.view = Some(*view);
                        self.error = None;
                    }
                    Err(e) => {
                        self.view = None;
                        self.clone = None;
                        self.error = Some(e);
                    }
                }
            }
            DesignsEvent::Cloned(result) => {
                self.cloning = false;
                match result {
                    Ok(designs) => {
                        for d in designs.iter().rev() {
                            self.remember(d.design_id, &d.title, true);
                        }
                        shared.notifications.success(match designs.len() {
                            1 => "1 design created.".to_owned(),
                            n => format!("{n} designs created."),
                        });
                        self.cloned = designs;
                        self.clone = None;
                        self.clone_error = None;
                    }
                    Err(e) => self.clone_error = Some(e),
                }
            }
        }
    }

    /// A request failed before the service answered (no account, …).
    pub fn on_failed(&mut self, slot: Slot, error: &UserError) {
        match slot {
            Slot::DesignClone => {
                self.cloning = false;
                self.clone_error = Some(error.clone());
            }
            _ => {
                self.pending = None;
                self.error = Some(error.clone());
            }
        }
    }

    /// The screen.
    pub fn ui(&mut self, ui: &mut Ui, shared: &mut Shared<'_>) {
        ui.screen_title(
            "Designs",
            Some(
                "Open a design by its id. The service has no list of designs and cannot look one up by item number (MUL…), so the quick picks are the designs this app has seen in orders, opened or cloned.",
            ),
        );
        ui.add_space(space::S);
        self.open_bar_ui(ui, shared);
        ui.add_space(space::M);
        egui::ScrollArea::vertical()
            .id_salt("design-scroll")
            .auto_shrink([false, false])
            .show(ui, |ui| {
                if !self.cloned.is_empty() {
                    self.cloned_ui(ui, shared);
                    ui.add_space(space::M);
                }
                if let Some(error) = &self.error {
                    ui.error_box(error, "design-open");
                    return;
                }
                if self.view.is_none() {
                    if self.pending.is_some() {
                        ui.horizontal(|ui| {
                            ui.spinner();
                            ui.muted("Opening the design…");
                        });
                    } else {
                        ui.empty_state(
                            "▣",
                            "No design open",
                            "Type a design id above, or pick one the app has seen.",
                            None,
                        );
                    }
                    return;
                }
                self.design_ui(ui, shared);
                if self.clone.is_some() {
                    ui.add_space(space::L);
                    self.clone_ui(ui, shared);
                }
            });
    }

    fn open_bar_ui(&mut self, ui: &mut Ui, shared: &mut Shared<'_>) {
        ui.horizontal(|ui| {
            ui.label("Design id");
            let input = ui
                .add(
                    egui::TextEdit::singleline(&mut self.id_input)
                        .hint_text("e.g. 20001")
                        .desired_width(140.0),
                )
                .accessible_name("Design id");
            let enter = input.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
            if ui.button("Open design").clicked() || enter {
                let text = self.id_input.trim();
                match text.parse::<i64>() {
                    Ok(n) if n > 0 => self.open(DesignId(n), shared),
                    _ if text.to_ascii_uppercase().starts_with("MUL") => {
                        self.input_error = Some(format!(
                            "The service cannot look designs up by item number, so {text} cannot be opened; type the design's id (a number such as 20001)."
                        ));
                    }
                    _ => {
                        self.input_error = Some(
                            "Type the design's id, a whole number such as 20001.".to_owned(),
                        );
                    }
                }
            }
            if self.pending.is_some() {
                ui.spinner();
            }
        });
        if let Some(e) = &self.input_error {
            let t = theme::tokens(ui.ctx());
            ui.label(RichText::new(format!("⚠ {e}")).small().color(t.danger));
        }
        if !self.known.is_empty() {
            let mut pick = None;
            ui.horizontal_wrapped(|ui| {
                ui.muted_small("Seen here:");
                for (id, title) in &self.known {
                    let text = if title.is_empty() {
                        id.to_string()
                    } else {
                        format!("{id} · {title}")
                    };
                    if ui
                        .small_button(text)
                        .on_hover_text(format!("Open design {id}"))
                        .clicked()
                    {
                        pick = Some(*id);
                    }
                }
            });
            if let Some(id) = pick {
                self.id_input = id.to_string();
                self.open(id, shared);
            }
        }
    }

    fn cloned_ui(&mut self, ui: &mut Ui, shared: &mut Shared<'_>) {
        let mut open = None;
        let mut dismiss = false;
        ui.surface(|ui| {
            ui.horizontal(|ui| {
                ui.section_heading("New designs");
                ui.with_layout(Layout::right_to_left(Align::Center), |ui| {
                    dismiss = ui.small_button("Dismiss").clicked();
                });
            });
            egui::Grid::new("cloned-designs")
                .striped(true)
                .spacing([space::L, space::S])
                .show(ui, |ui| {
                    ui.strong("Design id");
                    ui.strong("Item no.");
                    ui.strong("Title");
                    ui.label("");
                    ui.end_row();
                    for d in &self.cloned {
                        ui.label(d.design_id.to_string());
                        match &d.design_item_no {
                            Some(m) => ui.label(m.as_str()),
                            None => ui.muted("none (not finalized)"),
                        };
                        ui.label(&d.title);
                        if ui
                            .button("Open")
                            .accessible_name(format!("Open design {}", d.design_id))
                            .clicked()
                        {
                            open = Some(d.design_id);
                        }
                        ui.end_row();
                    }
                });
        });
        if let Some(id) = open {
            self.id_input = id.to_string();
            self.open(id, shared);
        }
        if dismiss {
            self.cloned.clear();
        }
    }

    fn design_ui(&mut self, ui: &mut Ui, shared: &mut Shared<'_>) {
        let Some(view) = &self.view else { return };
        let design = &view.design;
        let t = theme::tokens(ui.ctx());
        let mut start_clone = false;
        ui.horizontal(|ui| {
            ui.vertical(|ui| {
                ui.horizontal(|ui| {
                    let title = if design.title.is_empty() {
                        "Untitled design"
                    } else {
                        &design.title
                    };
                    ui.screen_title(title, None);
                    design_status_badge(ui, design);
                    if self.pending.is_some() {
                        ui.spinner();
                    }
                });
                ui.horizontal(|ui| {
                    ui.muted(&format!("Design id {}", design.design_id));
                    match &design.design_item_no {
                        Some(mul) => {
                            ui.muted(&format!("· Item no. {mul}"));
                            if ui
                                .small_button("❐ Copy")
                                .on_hover_text("Copy the item number (designMul in orders)")
                                .clicked()
                            {
                                ui.ctx().copy_text(mul.to_string());
                                shared
                                    .notifications
                                    .success(format!("Item number {mul} copied."));
                            }
                        }
                        None => {
                            ui.muted("· no item number yet");
                        }
                    }
                });
                let mut facts = Vec::new();
                if let Some(style) = design.style_id {
                    facts.push(format!("Style {style}"));
                }
                if let Some(h) = design.heating_code.as_deref().filter(|h| !h.is_empty()) {
                    facts.push(format!("Heating code {h}"));
                }
                if !facts.is_empty() {
                    ui.muted(&facts.join(" · "));
                }
                let (sentence, color) = if design.is_orderable() {
                    (
                        "Finalized: it can be ordered by its id or item number.".to_owned(),
                        t.success,
                    )
                } else {
                    let status = design
                        .status
                        .as_ref()
                        .map_or("no item number", DesignStatus::as_str);
                    (
                        format!(
                            "Not finalized ({status}): the service fails orders of it until it is Done with an item number."
                        ),
                        t.warning,
                    )
                };
                ui.label(RichText::new(sentence).color(color));
            });
            ui.with_layout(Layout::right_to_left(Align::Center), |ui| {
                let clone = ui
                    .add_enabled(self.clone.is_none(), egui::Button::new("Clone…"))
                    .on_hover_text("Create new designs from this one, with changed placements");
                start_clone = clone.clicked();
                let order = ui
                    .add_enabled(design.is_orderable(), egui::Button::new("Order…"))
                    .on_hover_text("Add it to the order being composed")
                    .on_disabled_hover_text("Only finalized (Done) designs can be ordered.");
                if order.clicked() {
                    shared.intend(Intent::OrderDesign(design.design_id));
                }
            });
        });
        if start_clone {
            self.clone = Some(CloneForm::new(design));
            self.clone_error = None;
        }
        ui.add_space(space::M);
        ui.section_heading("Placements");
        if design.design_logos.is_empty() {
            ui.muted("This design has no logos placed.");
            return;
        }
        ui.add_space(space::XS);
        ui.surface(|ui| {
            egui::Grid::new("placements")
                .striped(true)
                .min_col_width(60.0)
                .spacing([space::L, space::S])
                .show(ui, |ui| {
                    for h in ["View", "Logo", "Logo id / item no.", "X", "Y"] {
                        ui.strong(h);
                    }
                    ui.end_row();
                    for (i, p) in design.design_logos.iter().enumerate() {
                        ui.label(&p.view);
                        let logo = view.logo(p.logo_id);
                        ui.horizontal(|ui| {
                            thumb_ui(ui, shared, logo);
                            ui.vertical(|ui| {
                                let title = logo.map_or("(logo not readable)", |l| &l.title);
                                let link = ui
                                    .link(title)
                                    .accessible_name(format!("Open logo of placement {}", i + 1))
                                    .on_hover_text("Open the logo");
                                if link.clicked() {
                                    shared.intend(Intent::OpenLogo(LogoRef::Id(p.logo_id)));
                                }
                                if let Some(l) = logo {
                                    logo_kind_ui(ui, &l.logo_type);
                                } else if let Some((_, why)) =
                                    view.unreadable.iter().find(|(id, _)| *id == p.logo_id)
                                {
                                    ui.muted_small(why);
                                }
                            });
                        });
                        let item = logo
                            .and_then(|l| l.item_no)
                            .or(p.logo_item_no)
                            .map_or_else(|| "—".to_owned(), |n| n.to_string());
                        ui.label(format!("{} / {item}", p.logo_id));
                        ui.label(fmt_coord(p.x_coordinate));
                        ui.label(fmt_coord(p.y_coordinate));
                        ui.end_row();
                    }
                });
        });
    }

    fn clone_ui(&mut self, ui: &mut Ui, shared: &mut Shared<'_>) {
        let Some(form) = &mut self.clone else { return };
        let view = self.view.as_ref();
        let (body, issues) = form.body();
        let mut cancel = false;
        let mut send = false;
        ui.section_heading("Clone into new designs");
        ui.muted(
            "Each variation becomes a new design with exactly the placements listed (remove the ones it should not have). A finalized source gives finalized clones with new item numbers.",
        );
        ui.add_space(space::S);
        let mut remove_variation = None;
        let n_variations = form.variations.len();
        for (i, v) in form.variations.iter_mut().enumerate() {
            let n = i + 1;
            ui.push_id(("variation", i), |ui| {
                ui.surface(|ui| {
                    ui.horizontal(|ui| {
                        ui.label(RichText::new(format!("Variation {n}")).strong());
                        ui.label("Title");
                        ui.add(egui::TextEdit::singleline(&mut v.title).desired_width(320.0))
                            .accessible_name(format!("Variation {n} title"));
                        if n_variations > 1
                            && ui
                                .small_button("Remove variation")
                                .accessible_name(format!("Remove variation {n}"))
                                .clicked()
                        {
                            remove_variation = Some(i);
                        }
                    });
                    ui.problem_at(&issues, &format!("variations[{i}].title"));
                    ui.add_space(space::XS);
                    placements_form_ui(ui, i, v, view, &issues);
                    ui.horizontal(|ui| {
                        ui.label("Logo id");
                        let input = ui
                            .add(
                                egui::TextEdit::singleline(&mut v.add_logo)
                                    .hint_text("e.g. 10001")
                                    .desired_width(100.0),
                            )
                            .accessible_name(format!("Variation {n} logo to add"));
                        let enter =
                            input.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
                        if ui
                            .small_button("Add logo")
                            .accessible_name(format!("Add logo to variation {n}"))
                            .clicked()
                            || enter
                        {
                            match v.add_logo.trim().parse::<i64>() {
                                Ok(id) if id > 0 => {
                                    let view_name = v
                                        .placements
                                        .first()
                                        .map_or_else(|| "FRONT".to_owned(), |p| p.view.clone());
                                    v.placements.push(PlacementForm {
                                        view: view_name,
                                        logo_id: LogoId(id),
                                        x: "0".into(),
                                        y: "0".into(),
                                        angle_rads: None,
                                    });
                                    v.add_logo.clear();
                                    v.add_error = None;
                                }
                                _ => {
                                    v.add_error = Some(
                                        "Type the logo's id, a whole number such as 10001.".into(),
                                    )
                                }
                            }
                        }
                    });
                    if let Some(e) = &v.add_error {
                        ui.problem(e);
                    }
                });
            });
            ui.add_space(space::S);
        }
        if let Some(i) = remove_variation {
            form.variations.remove(i);
        }
        ui.problem_at(&issues, "variations");
        if let Some(error) = &self.clone_error {
            ui.error_box(error, "clone");
            ui.add_space(space::S);
        }
        ui.horizontal(|ui| {
            if ui.button("Add variation").clicked()
                && let Some(v) = view
            {
                let n = form.variations.len() + 1;
                form.variations.push(CloneForm::variation_of(&v.design, n));
            }
            let busy = self.cloning;
            let label = match body.variations.len() {
                1 => "Create 1 design".to_owned(),
                n => format!("Create {n} designs"),
            };
            let create = ui
                .add_enabled_ui(issues.is_empty() && !busy, |ui| ui.primary_button(&label))
                .inner
                .on_disabled_hover_text("Fix the problems marked above first.");
            send = create.clicked();
            cancel = ui.button("Cancel").clicked();
            if busy {
                ui.spinner();
            }
        });
        if cancel {
            self.clone = None;
            self.clone_error = None;
        } else if send && issues.is_empty() {
            let source = form.source;
            self.clone_error = None;
            self.cloning = true;
            shared.request(Slot::DesignClone, "Cloning the design", |request| {
                Command::Designs(DesignsCommand::Clone {
                    request,
                    source,
                    body,
                })
            });
        }
    }
}

/// The placements of variation `i` as an editable table; a cell with a problem is tinted
/// and its sentence listed under the table.
fn placements_form_ui(
    ui: &mut Ui,
    i: usize,
    v: &mut VariationForm,
    view: Option<&DesignView>,
    issues: &[ValidationIssue],
) {
    let n = i + 1;
    if v.placements.is_empty() {
        ui.muted("No logos: the new design will have none. Add one by its id below.");
        return;
    }
    let mut remove = None;
    let mut problems = Vec::new();
    egui::Grid::new(("clone-placements", i))
        .spacing([space::M, space::XS])
        .show(ui, |ui| {
            for h in ["View", "Logo", "X", "Y", ""] {
                ui.strong(h);
            }
            ui.end_row();
            for (j, p) in v.placements.iter_mut().enumerate() {
                let m = j + 1;
                let at = format!("variations[{i}].designLogos[{j}]");
                let mut cell = |ui: &mut Ui, value: &mut String, width: f32, key: &str, name| {
                    let issue = issues.iter().find(|x| x.path == format!("{at}.{key}"));
                    let mut edit = egui::TextEdit::singleline(value);
                    if let Some(issue) = issue {
                        edit = edit.background_color(theme::tokens(ui.ctx()).danger_soft);
                        problems.push(format!("Placement {m}: {}", issue.message));
                    }
                    let height = ui.spacing().interact_size.y;
                    ui.add_sized([width, height], edit).accessible_name(name);
                };
                cell(
                    ui,
                    &mut p.view,
                    110.0,
                    "view",
                    format!("Variation {n} placement {m} view"),
                );
                let title = view
                    .and_then(|v| v.logo(p.logo_id))
                    .map_or_else(String::new, |l| format!(" · {}", l.title));
                ui.label(format!("{}{title}", p.logo_id));
                cell(
                    ui,
                    &mut p.x,
                    80.0,
                    "xCoordinate",
                    format!("Variation {n} placement {m} x"),
                );
                cell(
                    ui,
                    &mut p.y,
                    80.0,
                    "yCoordinate",
                    format!("Variation {n} placement {m} y"),
                );
                if ui
                    .small_button("✕")
                    .accessible_name(format!("Remove placement {m} of variation {n}"))
                    .on_hover_text("Remove this logo from the variation")
                    .clicked()
                {
                    remove = Some(j);
                }
                ui.end_row();
            }
        });
    for p in problems {
        ui.problem(&p);
    }
    if let Some(j) = remove {
        v.placements.remove(j);
    }
}

/// `Done` (orderable) or another status.
fn design_status_badge(ui: &mut Ui, design: &Design) {
    let t = theme::tokens(ui.ctx());
    let text = match &design.status {
        Some(s) => s.as_str().to_owned(),
        None if design.design_item_no.is_some() => "Done".to_owned(),
        None => "Not finalized".to_owned(),
    };
    if design.is_orderable() {
        labelled(ui.badge(&text, t.success, t.success_soft), &text)
            .on_hover_text("Finalized: can be ordered");
    } else {
        labelled(ui.badge(&text, t.warning, t.warning_soft), &text)
            .on_hover_text("Not finalized: cannot be ordered yet");
    }
}

/// The kind of a placed logo; placeholders are marked.
fn logo_kind_ui(ui: &mut Ui, kind: &LogoType) {
    let t = theme::tokens(ui.ctx());
    let (text, tip) = match kind {
        LogoType::NameLogo => (
            "Name placeholder",
            "Each garment's name is printed here (given when ordering)",
        ),
        LogoType::NumberLogo => (
            "Number placeholder",
            "Each garment's number is printed here (given when ordering)",
        ),
        LogoType::TextLogo => (
            "Text placeholder",
            "A text given when ordering is printed here",
        ),
        LogoType::Transfer => {
            ui.muted_small("Transfer");
            return;
        }
        LogoType::Other(k) => {
            ui.muted_small(k);
            return;
        }
    };
    labelled(ui.badge(text, t.accent, t.accent_soft), text).on_hover_text(tip);
}

/// A painted widget named for screen readers (and kittest).
pub(crate) fn labelled(response: egui::Response, text: &str) -> egui::Response {
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Label, true, text));
    response
}

/// A placed logo's thumbnail on a checkerboard (from the shared thumbnail cache).
fn thumb_ui(ui: &mut Ui, shared: &mut Shared<'_>, logo: Option<&PlacedLogo>) {
    let (rect, _) = ui.allocate_exact_size(Vec2::splat(THUMB), Sense::hover());
    if !ui.is_rect_visible(rect) {
        return;
    }
    let painter = ui.painter_at(rect);
    paint_checkerboard(&painter, rect, 6.0);
    let Some(texture) = logo.and_then(|l| shared.thumbs.get(l.thumb)) else {
        return;
    };
    let size = texture.size_vec2();
    let fit = (rect.shrink(2.0).size() / size).min_elem();
    painter.image(
        texture.id(),
        Rect::from_center_size(rect.center(), size * fit),
        Rect::from_min_max(egui::pos2(0.0, 0.0), egui::pos2(1.0, 1.0)),
        egui::Color32::WHITE,
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    fn design() -> Design {
        serde_json::from_value(serde_json::json!({
            "designId": 20001, "designItemNo": "MUL200001", "title": "Home kit",
            "status": "Done",
            "designLogos": [
                {"logoId": 10001, "view": "FRONT", "xCoordinate": 120, "yCoordinate": 80.5},
                {"logoId": 10035, "view": "BACK", "xCoordinate": 150, "yCoordinate": 60}
            ]
        }))
        .unwrap()
    }

    #[test]
    fn the_clone_form_starts_from_the_source_and_checks_what_is_typed() {
        let mut form = CloneForm::new(&design());
        let (body, issues) = form.body();
        assert!(issues.is_empty(), "{issues:?}");
        assert_eq!(body.variations[0].design_logos.len(), 2);
        assert_eq!(body.variations[0].design_logos[0].y_coordinate, 80.5);

        form.variations[0].title = " ".into();
        form.variations[0].placements[1].x = "left".into();
        form.variations[0].placements[0].view.clear();
        let (_, issues) = form.body();
        let paths: Vec<&str> = issues.iter().map(|i| i.path.as_str()).collect();
        assert!(paths.contains(&"variations[0].title"), "{paths:?}");
        assert!(paths.contains(&"variations[0].designLogos[1].xCoordinate"));
        assert!(paths.contains(&"variations[0].designLogos[0].view"));

        form.variations.clear();
        let (_, issues) = form.body();
        assert_eq!(issues[0].path, "variations");
    }

    #[test]
    fn coordinates_print_without_trailing_zeros() {
        assert_eq!(fmt_coord(120.0), "120");
        assert_eq!(fmt_coord(80.5), "80.5");
        assert_eq!(fmt_coord(-3.25), "-3.25");
    }
}
