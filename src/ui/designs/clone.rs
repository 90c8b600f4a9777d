//! The clone part: the form, one surface per variation with its placements as numbers, the
//! variation being edited also on the canvas beside them ([`CloneCanvas`]); the clone sent,
//! why it was refused, and the designs it created.

use super::canvas::Canvas;
use super::clone_canvas::{CANVAS, CloneCanvas};
use super::form::{self, CloneForm, PlacementId, VariationForm};
use super::views::{Loading, Views};
use crate::api::{Design, DesignId, ValidationIssue};
use crate::backend::designs::{DesignView, DesignsCommand, RenderKind, RenderedViews, Rendering};
use crate::backend::{Command, LogoCard, UserError};
use crate::ui::theme::{self, control, field, space};
use crate::ui::widgets::UiExt as _;
use crate::ui::{Action, Shared, Slot};
use egui::{Align, Layout, RichText, Ui};

/// The clone part: the form while open (its canvas beside it), the clone on its way or why
/// it was refused, and the designs the newest clone created.
#[derive(Default)]
pub struct Cloning {
    /// The clone form, while open.
    form: Option<CloneForm>,
    /// A clone is on its way.
    sending: bool,
    error: Option<UserError>,
    /// The designs the newest clone created.
    created: Vec<Design>,
    /// Logos added with the picker (size and thumbnail for the canvas, titles for the table).
    extra_logos: Vec<LogoCard>,
    /// The canvas of the variation being edited and what it draws on.
    canvas: CloneCanvas,
}

impl Cloning {
    /// The clone form, while open.
    pub fn form(&self) -> Option<&CloneForm> {
        self.form.as_ref()
    }

    /// The clone form, to change.
    pub fn form_mut(&mut self) -> Option<&mut CloneForm> {
        self.form.as_mut()
    }

    /// The clone canvas.
    pub fn canvas(&self) -> &Canvas {
        &self.canvas.canvas
    }

    /// The designs the newest clone created.
    pub fn created(&self) -> &[Design] {
        &self.created
    }

    /// The bare garment under the canvas is here.
    pub fn canvas_ready(&self) -> bool {
        self.canvas.bare.ready().is_some_and(|v| !v.is_empty())
    }

    /// Whether the canvas shows the service's picture of its placements.
    pub fn canvas_shows_service(&self) -> bool {
        let current = self
            .form
            .as_ref()
            .and_then(|f| f.variations.get(f.active))
            .and_then(form::placements);
        self.canvas.preview.is_current(current.as_ref())
    }

    /// Opens the form on `design` (one variation of it) with a fresh canvas.
    pub fn start(&mut self, design: &DesignView, shared: &mut Shared<'_>) {
        self.form = Some(CloneForm::new(&design.design));
        self.error = None;
        self.canvas.canvas.reset();
        self.canvas.preview.reset(shared.requests);
        self.canvas.view_name.clear();
        self.ask_bare(design, shared);
    }

    /// Closes the form (the canvas's rendering on its way is not wanted any more).
    fn close(&mut self, shared: &mut Shared<'_>) {
        self.form = None;
        self.error = None;
        self.canvas.preview.reset(shared.requests);
    }

    /// Design `design` was opened (`another`: not the one shown before): a form on another
    /// design closes, another design's garment is dropped, an open form gets its garment.
    pub fn on_opened(&mut self, design: &DesignView, another: bool, shared: &mut Shared<'_>) {
        let id = design.design.design_id;
        if self.form.as_ref().is_some_and(|c| c.source != id) {
            self.close(shared);
        }
        if another {
            self.canvas.bare.forget(shared.requests);
            self.canvas.bare = Loading::Idle;
        }
        if self.form.is_some() {
            self.ask_bare(design, shared);
        }
    }

    /// No design is shown (opening one failed): the form closes, its garment on its way is
    /// not wanted any more.
    pub fn on_design_gone(&mut self, shared: &mut Shared<'_>) {
        self.close(shared);
        self.canvas.bare.forget(shared.requests);
    }

    /// The designs of the clone sent.
    pub fn on_cloned(&mut self, designs: Vec<Design>, shared: &mut Shared<'_>) {
        self.sending = false;
        shared
            .notifications
            .success(crate::tr!("designs-created", count = designs.len()));
        self.created = designs;
        self.close(shared);
    }

    /// A rendering of the canvas came: the bare garment or the service's picture of its
    /// placements (only answers to the newest ask come: a new form, variation or edit
    /// supersedes the one on its way).
    pub fn on_rendered(&mut self, kind: Rendering, views: RenderedViews) {
        match kind {
            Rendering::Bare => self.canvas.bare = Loading::Ready(Views::new(views)),
            Rendering::Preview => self.canvas.preview.on_rendered(Views::new(views)),
            Rendering::Own => {}
        }
    }

    /// The newest matches of the picker's search.
    pub fn on_found(&mut self, logos: Vec<LogoCard>) {
        self.canvas.picker.on_found(Ok(logos));
    }

    /// A request of the clone part failed (`slot`): each says why in place.
    pub fn on_failed(&mut self, slot: Slot, error: &UserError) {
        match slot {
            Slot::DesignClone => {
                self.sending = false;
                self.error = Some(error.clone());
            }
            Slot::DesignBare => self.canvas.bare = Loading::Failed(error.clone()),
            Slot::DesignPreview => self.canvas.preview.on_failed(error),
            Slot::DesignSearch => self.canvas.picker.on_failed(error),
            _ => {}
        }
    }

    /// The canvas's undo and redo of the variation on it.
    pub fn undo_state(&self) -> (bool, bool) {
        self.form
            .as_ref()
            .and_then(|form| form.variations.get(form.active))
            .map_or((false, false), |v| {
                self.canvas.canvas.undo_state(&v.placements)
            })
    }

    pub fn undo_or_redo(&mut self, action: Action) {
        if let Some(v) = self.form.as_mut().and_then(CloneForm::active_mut) {
            self.canvas.canvas.undo_or_redo(action, &mut v.placements);
        }
    }

    /// Asks for the bare garment under the canvas (once per design: the backend keeps it).
    fn ask_bare(&mut self, design: &DesignView, shared: &mut Shared<'_>) {
        if matches!(self.canvas.bare, Loading::Pending(_) | Loading::Ready(_)) {
            return;
        }
        let design = (design.design.design_id, design.design.style_id);
        let (slot, label) = (
            Slot::DesignBare,
            crate::tr!("designs-drawing-garment-request"),
        );
        let request = super::ask_render(shared, slot, &label, design, RenderKind::Bare);
        self.canvas.bare = Loading::Pending(request);
    }

    /// The designs the newest clone created (if any), each with a button to open it;
    /// answers the design to open.
    pub fn created_ui(&mut self, ui: &mut Ui) -> Option<DesignId> {
        if self.created.is_empty() {
            return None;
        }
        let mut open = None;
        let mut dismiss = false;
        ui.surface(|ui| {
            ui.horizontal(|ui| {
                ui.section_heading(&crate::tr!("designs-new-designs"));
                ui.with_layout(Layout::right_to_left(Align::Center), |ui| {
                    dismiss = ui.small_button(crate::tr!("common-dismiss")).clicked();
                });
            });
            egui::Grid::new("cloned-designs")
                .striped(true)
                .spacing([space::L, space::S])
                .show(ui, |ui| {
                    ui.strong(crate::tr!("designs-id-label"));
                    ui.strong(crate::tr!("designs-item-no"));
                    ui.strong(crate::tr!("designs-column-title"));
                    ui.label("");
                    ui.end_row();
                    for d in &self.created {
                        ui.label(d.design_id.to_string());
                        match &d.design_item_no {
                            Some(m) => ui.label(m.as_str()),
                            None => ui.muted(&crate::tr!("designs-none-not-finalized")),
                        };
                        ui.label(&d.title);
                        if ui
                            .button(crate::tr!("designs-open"))
                            .accessible_name(crate::tr!(
                                "designs-open-id",
                                id = d.design_id.to_string()
                            ))
                            .clicked()
                        {
                            open = Some(d.design_id);
                        }
                        ui.end_row();
                    }
                });
        });
        if dismiss {
            self.created.clear();
        }
        ui.add_space(space::M);
        open
    }

    /// The form (when open) for design `view`: a surface per variation, the one being edited
    /// on the canvas beside its table.
    pub fn ui(&mut self, ui: &mut Ui, shared: &mut Shared<'_>, view: &DesignView) {
        let Cloning {
            form,
            sending,
            error,
            extra_logos,
            canvas,
            ..
        } = self;
        let Some(form) = form else { return };
        let mut cancel = false;
        let mut send = false;
        ui.add_space(space::L);
        ui.section_heading(&crate::tr!("designs-clone-heading"));
        ui.muted(&crate::tr!("designs-clone-intro"));
        ui.add_space(space::S);
        let mut remove_variation = None;
        let mut make_active = None;
        let n_variations = form.variations.len();
        if form.active >= n_variations {
            form.active = 0;
        }
        let active = form.active;
        let mut logos: Vec<&LogoCard> = view.logos.iter().collect();
        logos.extend(extra_logos.iter());
        let design = (form.source, view.design.style_id);
        let (_, issues) = form.body();
        let mut picked = None;
        for (i, v) in form.variations.iter_mut().enumerate() {
            let n = i + 1;
            ui.push_id(("variation", i), |ui| {
                ui.surface(|ui| {
                    ui.horizontal(|ui| {
                        ui.label(RichText::new(crate::tr!("designs-variation", n = n)).strong());
                        ui.label(crate::tr!("designs-column-title"));
                        ui.add(egui::TextEdit::singleline(&mut v.title).desired_width(field::XL))
                            .accessible_name(crate::tr!("designs-variation-title-name", n = n));
                        if i == active {
                            let t = theme::tokens(ui.ctx());
                            ui.badge(&crate::tr!("designs-on-canvas"), t.accent, t.accent_soft);
                        } else if ui
                            .small_button(crate::tr!("designs-edit-on-canvas"))
                            .accessible_name(crate::tr!("designs-edit-variation-on-canvas", n = n))
                            .clicked()
                        {
                            make_active = Some(i);
                        }
                        if n_variations > 1
                            && ui
                                .small_button(crate::tr!("designs-remove-variation"))
                                .accessible_name(crate::tr!("designs-remove-variation-n", n = n))
                                .clicked()
                        {
                            remove_variation = Some(i);
                        }
                    });
                    ui.problem_at(&issues, &format!("variations[{i}].title"));
                    ui.add_space(space::XS);
                    if i == active {
                        // The table beside the canvas where the window has room for both
                        // (a 1024 px laptop has not), else under it.
                        let beside = ui.available_width()
                            >= CANVAS.x + ui.spacing().item_spacing.x + canvas.table_width;
                        let layout = if beside {
                            egui::Layout::left_to_right(egui::Align::Min)
                        } else {
                            egui::Layout::top_down(egui::Align::Min)
                        };
                        ui.with_layout(layout, |ui| {
                            ui.vertical(|ui| {
                                ui.set_max_width(CANVAS.x);
                                picked = canvas.ui(ui, shared, &logos, design, v);
                            });
                            let table = ui.vertical(|ui| {
                                let selected = canvas.canvas.selected;
                                if let Some(id) =
                                    placements_form_ui(ui, i, v, &logos, &issues, selected)
                                {
                                    canvas.canvas.selected = Some(id);
                                    if let Some(p) = v.placements.iter().find(|p| p.id == id) {
                                        canvas.view_name = p.view.trim().to_uppercase();
                                    }
                                }
                            });
                            canvas.table_width = table.response.rect.width();
                        });
                    } else {
                        placements_form_ui(ui, i, v, &logos, &issues, None);
                    }
                });
            });
            ui.add_space(space::S);
        }
        if let Some(card) = picked {
            extra_logos.retain(|l| l.logo_id != card.logo_id);
            extra_logos.push(card);
        }
        if let Some(i) = remove_variation {
            form.variations.remove(i);
            if form.active >= form.variations.len() || form.active == i {
                make_active = Some(0);
            } else if form.active > i {
                form.active -= 1;
            }
        }
        if let Some(i) = make_active {
            form.active = i;
            canvas.canvas.reset();
            canvas.preview.reset(shared.requests);
        }
        let (body, issues) = form.body();
        ui.problem_at(&issues, "variations");
        if let Some(error) = &*error {
            ui.error_box(error, "clone");
            ui.add_space(space::S);
        }
        ui.horizontal(|ui| {
            if ui.button(crate::tr!("designs-add-variation")).clicked() {
                let n = form.variations.len() + 1;
                form.variations
                    .push(CloneForm::variation_of(&view.design, n));
            }
            let busy = *sending;
            let label = crate::tr!("designs-create", count = body.variations.len());
            let create = ui
                .add_enabled_ui(issues.is_empty() && !busy, |ui| ui.primary_button(&label))
                .inner
                .on_disabled_hover_text(crate::tr!("designs-fix-problems-first"));
            send = create.clicked();
            cancel = ui.button(crate::tr!("common-cancel")).clicked();
            if busy {
                ui.spinner();
            }
        });
        if cancel {
            self.close(shared);
        } else if send && issues.is_empty() {
            let source = form.source;
            *error = None;
            *sending = true;
            shared.request(
                Slot::DesignClone,
                &crate::tr!("designs-cloning-request"),
                |request| {
                    Command::Designs(DesignsCommand::Clone {
                        request,
                        source,
                        body,
                    })
                },
            );
        }
    }
}

/// The placements of variation `i` as an editable table; a cell with a problem is tinted
/// and its sentence listed under the table. `selected` is the canvas's selection (the
/// variation on the canvas); answers a row picked to select.
fn placements_form_ui(
    ui: &mut Ui,
    i: usize,
    v: &mut VariationForm,
    logos: &[&LogoCard],
    issues: &[ValidationIssue],
    selected: Option<PlacementId>,
) -> Option<PlacementId> {
    let n = i + 1;
    if v.placements.is_empty() {
        ui.muted(&crate::tr!("designs-variation-no-logos"));
        return None;
    }
    let mut remove = None;
    let mut pick = None;
    let mut problems = Vec::new();
    egui::Grid::new(("clone-placements", i))
        .spacing([space::S, space::XS])
        .show(ui, |ui| {
            for h in [
                crate::tr!("designs-column-view"),
                crate::tr!("designs-logo"),
                crate::tr!("designs-column-x"),
                crate::tr!("designs-column-y"),
                crate::tr!("designs-column-angle"),
                String::new(),
            ] {
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
                        problems.push(crate::tr!(
                            "designs-placement-problem",
                            m = m,
                            problem = issue.message.as_str()
                        ));
                    }
                    let height = ui.spacing().interact_size.y;
                    ui.add_sized([width, height], edit).accessible_name(name);
                };
                cell(
                    ui,
                    &mut p.view,
                    control::COLUMN,
                    "view",
                    crate::tr!("designs-cell-view", n = n, m = m),
                );
                let title = logos
                    .iter()
                    .find(|l| l.logo_id == p.logo_id)
                    .map_or_else(|| p.logo_id.to_string(), |l| l.title.clone());
                if ui
                    .selectable_label(selected == Some(p.id), title)
                    .accessible_name(crate::tr!("designs-select-placement-of", m = m, n = n))
                    .on_hover_text(crate::tr!(
                        "designs-select-on-canvas-hint",
                        id = p.logo_id.to_string()
                    ))
                    .clicked()
                {
                    pick = Some(p.id);
                }
                cell(
                    ui,
                    &mut p.x,
                    control::NARROW,
                    "xCoordinate",
                    crate::tr!("designs-cell-x", n = n, m = m),
                );
                cell(
                    ui,
                    &mut p.y,
                    control::NARROW,
                    "yCoordinate",
                    crate::tr!("designs-cell-y", n = n, m = m),
                );
                cell(
                    ui,
                    &mut p.angle,
                    control::ANGLE,
                    "angleRads",
                    crate::tr!("designs-cell-angle", n = n, m = m),
                );
                if ui
                    .small_button("✕")
                    .accessible_name(crate::tr!("designs-remove-placement-of", m = m, n = n))
                    .on_hover_text(crate::tr!("designs-remove-placement-hint"))
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
    pick
}
