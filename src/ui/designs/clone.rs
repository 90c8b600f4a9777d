//! The clone part: the form, one surface per variation with its placements as numbers; the
//! variation being edited also on the canvas beside them (the bare garment drawn at once with
//! the logos, replaced by the service's rendering of the same placements once it arrives);
//! the clone sent, and the designs it created.

use super::canvas::{Canvas, CanvasLogo, CanvasView, keys_help};
use super::form::{self, CloneForm, PlacementId, VariationForm};
use super::labelled;
use super::picker::Picker;
use super::views::{Loading, Views};
use crate::api::{Design, DesignId, Placement, ValidationIssue};
use crate::backend::designs::{DesignView, DesignsCommand, RenderKind, RenderedViews, Rendering};
use crate::backend::{Command, LogoCard, RequestId, UserError};
use crate::ui::theme::{self, control, field, space};
use crate::ui::widgets::UiExt as _;
use crate::ui::widgets::garment;
use crate::ui::{Action, Requests, Shared, Slot};
use egui::{Align, Layout, RichText, Ui, vec2};
use std::time::Duration;

/// The service is asked to draw the canvas's placements once edits pause this long (or at
/// once when a drag ends).
pub const SETTLE: Duration = Duration::from_millis(250);

/// Size of the canvas.
const CANVAS: egui::Vec2 = vec2(400.0, 500.0);

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

/// The clone canvas: the bare garment under it, the canvas itself (selection, drag, undo),
/// the view it shows, the service's rendering of its placements, and the logo picker.
#[derive(Default)]
struct CloneCanvas {
    bare: Loading,
    canvas: Canvas,
    view_name: String,
    preview: Preview,
    picker: Picker,
}

/// The service's rendering of the canvas's placements.
#[derive(Default)]
struct Preview {
    /// The placements of the newest rendering asked for, and its request while on its way.
    sent: Option<Vec<Placement>>,
    request: Option<RequestId>,
    /// The rendering of `sent`, once it came.
    views: Option<Views>,
    /// Why the newest rendering failed.
    error: Option<String>,
}

impl Preview {
    /// Whether the service's pictures show exactly `current`.
    fn is_current(&self, current: Option<&Vec<Placement>>) -> bool {
        current.is_some() && self.sent.as_ref() == current && self.views.is_some()
    }

    /// Asks the service to draw `placements` of design `id` (a new request of
    /// [`Slot::DesignPreview`]: the one still on its way is superseded, its answer never
    /// comes).
    fn ask(
        &mut self,
        shared: &mut Shared<'_>,
        design: (DesignId, Option<i64>),
        placements: Vec<Placement>,
    ) {
        self.sent = Some(placements.clone());
        self.views = None;
        let (slot, label) = (
            Slot::DesignPreview,
            crate::tr!("designs-drawing-preview-request"),
        );
        let kind = RenderKind::Preview(placements);
        self.request = Some(super::ask_render(shared, slot, &label, design, kind));
    }

    /// The newest rendering came.
    fn on_rendered(&mut self, views: Views) {
        self.request = None;
        self.views = Some(views);
        self.error = None;
    }

    /// The newest rendering failed.
    fn on_failed(&mut self, error: &UserError) {
        self.request = None;
        self.error = Some(error.message.clone());
    }

    /// Starts over (another variation on the canvas, a new form, the form closed): the
    /// rendering on its way is superseded, its answer never comes.
    fn reset(&mut self, requests: &mut Requests) {
        if let Some(request) = self.request.take() {
            requests.supersede(request);
        }
        *self = Preview::default();
    }
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
                        ui.horizontal_top(|ui| {
                            ui.vertical(|ui| {
                                ui.set_max_width(CANVAS.x);
                                picked = canvas.ui(ui, shared, &logos, design, v);
                            });
                            ui.vertical(|ui| {
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

impl CloneCanvas {
    /// The canvas of variation `v` of `design` (its id and style) with its tools, `logos` the
    /// ones it may show; answers a logo picked to add.
    fn ui(
        &mut self,
        ui: &mut Ui,
        shared: &mut Shared<'_>,
        logos: &[&LogoCard],
        design: (DesignId, Option<i64>),
        v: &mut VariationForm,
    ) -> Option<LogoCard> {
        let t = theme::tokens(ui.ctx());
        let views = match &mut self.bare {
            Loading::Ready(views) if !views.is_empty() => views,
            Loading::Ready(_) => {
                ui.muted(&crate::tr!("designs-garment-no-views"));
                return None;
            }
            Loading::Failed(e) => {
                ui.problem(&crate::tr!(
                    "designs-garment-failed",
                    reason = e.message.as_str()
                ));
                return None;
            }
            Loading::Idle | Loading::Pending(_) => {
                ui.horizontal(|ui| {
                    ui.spinner();
                    ui.muted(&crate::tr!("designs-drawing-garment"));
                });
                return None;
            }
        };
        // The view shown: the chosen one, else the first placement's, else the first.
        let k = views
            .find(&self.view_name)
            .or_else(|| v.placements.first().and_then(|p| views.find(&p.view)))
            .unwrap_or(0);
        let garment_texture = views.texture(ui.ctx(), k);
        let picture = views.get(k)?;
        let (name, geometry) = (picture.view.clone(), picture.geometry);
        self.view_name = name.clone();
        let names: Vec<String> = views
            .rendered
            .views
            .iter()
            .map(|p| p.view.clone())
            .collect();

        // The service's picture when it shows exactly these placements.
        // (Not read while a drag moves a logo: the service's picture is not of them then.)
        let fresh =
            !self.canvas.dragging() && self.preview.is_current(form::placements(v).as_ref());
        let service = if fresh {
            self.preview
                .views
                .as_mut()
                .and_then(|views| views.find(&name).and_then(|i| views.texture(ui.ctx(), i)))
        } else {
            None
        };

        let mut picked = None;
        ui.horizontal_wrapped(|ui| {
            for n in &names {
                if ui
                    .selectable_label(*n == name, n.as_str())
                    .accessible_name(crate::tr!("designs-canvas-view", name = n.as_str()))
                    .clicked()
                {
                    self.view_name = n.clone();
                }
            }
        });
        let size = egui::vec2(geometry.width as f32, geometry.height as f32);
        ui.horizontal(|ui| {
            let rect = egui::Rect::from_min_size(ui.cursor().min, CANVAS);
            let zoomed = crate::tr!("designs-zoom-canvas");
            garment::zoom_buttons(ui, &mut self.canvas.frame, rect, size, &zoomed);
            ui.separator();
            let (undo, redo) = self.canvas.history_len();
            if ui
                .add_enabled(
                    undo > 0,
                    egui::Button::new(crate::tr!("designs-undo")).small(),
                )
                .on_hover_text(crate::tr!("designs-undo-hint"))
                .clicked()
            {
                self.canvas.undo(&mut v.placements);
            }
            if ui
                .add_enabled(
                    redo > 0,
                    egui::Button::new(crate::tr!("designs-redo")).small(),
                )
                .on_hover_text(crate::tr!("designs-redo-hint"))
                .clicked()
            {
                self.canvas.redo(&mut v.placements);
            }
            if ui
                .small_button(crate::tr!("designs-add-logo"))
                .on_hover_text(crate::tr!("designs-add-logo-hint"))
                .clicked()
            {
                self.picker.open(shared);
            }
        });
        if let Some(card) = self.picker.ui(ui, shared) {
            self.canvas
                .add(&mut v.placements, card.logo_id, &name, &geometry);
            picked = Some(card);
        }
        let logos: Vec<CanvasLogo> = logos
            .iter()
            .copied()
            .chain(picked.as_ref())
            .map(|l| CanvasLogo {
                logo: l,
                texture: shared.thumbs.get(l.thumb).map(|t| t.id()),
            })
            .collect();
        let canvas_view = CanvasView {
            name: &name,
            geometry,
            garment: garment_texture,
            service,
        };
        self.canvas
            .ui(ui, CANVAS, &mut v.placements, &canvas_view, &logos);

        // Badge, and asking the service to draw the placements once edits settle.
        let current = form::placements(v);
        ui.horizontal_wrapped(|ui| {
            if self.preview.is_current(current.as_ref()) {
                let text = crate::tr!("designs-preview-service");
                labelled(ui.badge(&text, t.success, t.success_soft), &text)
                    .on_hover_text(crate::tr!("designs-preview-service-hint"));
            } else if current.is_none() {
                let text = crate::tr!("designs-preview-fix");
                labelled(ui.badge(&text, t.warning, t.warning_soft), &text);
            } else {
                let text = crate::tr!("designs-preview-updating");
                labelled(ui.badge(&text, t.accent, t.accent_soft), &text)
                    .on_hover_text(crate::tr!("designs-preview-updating-hint"));
            }
            if !geometry.from_style {
                ui.muted_small(&crate::tr!("designs-scale-assumed"));
            }
        });
        if let Some(e) = &self.preview.error {
            ui.muted_small(&crate::tr!(
                "designs-preview-failed",
                reason = e.trim_end_matches('.')
            ));
        }
        ui.label(
            RichText::new(keys_help())
                .font(theme::font::small())
                .color(t.text_muted),
        );
        self.ask_preview(ui, shared, design, current);
        picked
    }

    /// Asks the service to draw `current` once edits have settled (or a drag ended).
    fn ask_preview(
        &mut self,
        ui: &Ui,
        shared: &mut Shared<'_>,
        design: (DesignId, Option<i64>),
        current: Option<Vec<Placement>>,
    ) {
        let Some(current) = current else { return };
        if self.preview.sent.as_ref() == Some(&current) || self.canvas.dragging() {
            return;
        }
        let waited = self.canvas.changed_at.map_or(SETTLE, |at| at.elapsed());
        if !self.canvas.released && waited < SETTLE {
            ui.ctx().request_repaint_after(SETTLE - waited);
            return;
        }
        self.preview.ask(shared, design, current);
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::LogoId;
    use crate::ui::designs::tests::Shell;
    use crate::ui::requests::Settled;

    fn at(x: f64) -> Vec<Placement> {
        vec![Placement {
            view: "FRONT".into(),
            logo_id: LogoId(10001),
            x_coordinate: x,
            y_coordinate: 80.0,
            angle_rads: None,
        }]
    }

    fn drawn() -> Views {
        Views::new(RenderedViews {
            views: Vec::new(),
            stale_since: None,
        })
    }

    #[test]
    fn the_preview_shows_only_the_newest_edit_and_a_reset_drops_the_one_on_its_way() {
        let mut shell = Shell::new();
        let design = (DesignId(1), None);
        let mut preview = Preview::default();
        preview.ask(&mut shell.shared(), design, at(100.0));
        assert!(!preview.is_current(Some(&at(100.0))), "not drawn yet");
        // Another variation on the canvas: the rendering on its way never comes.
        let first = preview.request.expect("on its way");
        preview.reset(&mut shell.requests);
        assert_eq!(shell.requests.settle(first, false), Settled::Superseded);
        assert!(!preview.is_current(Some(&at(100.0))));

        preview.ask(&mut shell.shared(), design, at(100.0));
        let second = preview.request.expect("on its way");
        assert_eq!(
            shell.requests.settle(second, false),
            Settled::Current(Some(Slot::DesignPreview))
        );
        preview.on_rendered(drawn());
        assert!(preview.is_current(Some(&at(100.0))));
        assert!(!preview.is_current(Some(&at(120.0))), "an edit since");
        // The edit is asked for: the earlier picture is not of it, nor counted as current.
        preview.ask(&mut shell.shared(), design, at(120.0));
        assert!(!preview.is_current(Some(&at(120.0))));
        assert!(!preview.is_current(Some(&at(100.0))));
        // A newer ask supersedes the one on its way (the slot keeps the newest only).
        let third = preview.request.expect("on its way");
        preview.ask(&mut shell.shared(), design, at(140.0));
        assert_eq!(shell.requests.settle(third, false), Settled::Superseded);
        preview.on_rendered(drawn());
        assert!(preview.is_current(Some(&at(140.0))));
    }
}
