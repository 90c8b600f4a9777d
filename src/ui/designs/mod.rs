//! Designs: open one by id (the service has no list of designs and no look-up by item
//! number), see its placements with their logos, order it, or clone it into variations.

mod canvas;
mod clone;
mod design_view;
mod form;
mod open_bar;
mod picker;
mod views;

pub use canvas::{Canvas, CanvasLogo, CanvasView, keys_help};
pub use form::{CloneForm, PlacementForm, PlacementId, VariationForm, fmt_coord};

use super::theme::{self, space};
use super::widgets::garment::ViewFrame;
use super::widgets::{UiExt as _, paint_checkerboard};
use super::{Action, Intent, Reply, Screen, ScreenView, Shared, Slot, Toast};
use crate::api::{Design, DesignId, DesignRef, LogoType};
use crate::backend::designs::{DesignView, DesignsCommand, DesignsEvent, Opener, RenderKind};
use crate::backend::{Command, Event, LogoCard, LogosEvent, ThumbKey, UserError};
use clone::Preview;
use egui::{Align, Layout, Rect, RichText, Sense, Ui, Vec2};
pub use open_bar::OpenBar;
use picker::Picker;
use views::{Loading, Views};

/// Side of a placement's thumbnail in the table.
const THUMB: f32 = 40.0;

/// The Designs screen's state.
#[derive(Default)]
pub struct DesignsScreen {
    /// The open-by-id bar and its quick picks.
    pub bar: OpenBar,
    /// The design being opened.
    pending: Option<DesignId>,
    view: Option<DesignView>,
    error: Option<UserError>,
    /// The clone form, while open.
    pub clone: Option<CloneForm>,
    /// A clone is on its way.
    cloning: bool,
    clone_error: Option<UserError>,
    /// The designs the newest clone created.
    cloned: Vec<Design>,
    /// The design's views with its own placements.
    own: Loading,
    /// The view shown large, its zoom and pan, the placement selected.
    shown: usize,
    frame: ViewFrame,
    selected_row: Option<usize>,
    /// The bare garment under the clone canvas.
    bare: Loading,
    /// The clone canvas, the view it shows, the service's rendering of its placements.
    pub canvas: Canvas,
    canvas_view: String,
    preview: Preview,
    picker: Picker,
    /// Logos added with the picker (size and thumbnail for the canvas).
    extra_logos: Vec<LogoCard>,
}

impl DesignsScreen {
    /// Adds designs seen elsewhere (order history, composer) to the quick picks.
    pub fn add_known(&mut self, designs: impl IntoIterator<Item = (DesignId, String)>) {
        self.bar.add_known(designs);
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

    /// The design's views are drawn (or could not be), for the screenshot's readiness.
    pub fn views_settled(&self) -> bool {
        matches!(self.own, Loading::Ready(_) | Loading::Failed(_))
    }

    /// The views of the design shown, as the service drew them (names).
    pub fn view_names(&self) -> Vec<String> {
        self.own
            .ready()
            .map(|v| v.rendered.views.iter().map(|p| p.view.clone()).collect())
            .unwrap_or_default()
    }

    /// The placement selected in the design view's table.
    pub fn selected_row(&self) -> Option<usize> {
        self.selected_row
    }

    /// The bare garment under the canvas is here.
    pub fn canvas_ready(&self) -> bool {
        self.bare.ready().is_some_and(|v| !v.is_empty())
    }

    /// Whether the canvas shows the service's picture of its placements.
    pub fn canvas_shows_service(&self) -> bool {
        let current = self
            .clone
            .as_ref()
            .and_then(|f| f.variations.get(f.active))
            .and_then(form::placements);
        self.preview.is_current(current.as_ref())
    }

    /// Fetches a design (superseding one still on its way).
    pub fn open(&mut self, id: DesignId, shared: &mut Shared<'_>) {
        shared.request(
            Slot::DesignOpen,
            &crate::tr!("designs-opening-request", id = id.to_string()),
            |request| {
                Command::Designs(DesignsCommand::Open {
                    request,
                    target: DesignRef::Id(id),
                    opener: Opener::DesignsScreen,
                })
            },
        );
        self.pending = Some(id);
        self.error = None;
        self.bar.clear_error();
    }

    /// Applies one answer of the backend (only answers to the newest open and clone come).
    fn on_designs_event(&mut self, event: DesignsEvent, shared: &mut Shared<'_>) {
        match event {
            DesignsEvent::Opened(view) => {
                self.pending = None;
                let (id, title) = (view.design.design_id, view.design.title.clone());
                self.bar.remember(id, &title, true);
                if self.clone.as_ref().is_some_and(|c| c.source != id) {
                    self.clone = None;
                    self.clone_error = None;
                }
                let style_id = view.design.style_id;
                let same = self.view.as_ref().map(|v| v.design.design_id) == Some(id);
                if !same {
                    self.shown = 0;
                    self.frame = ViewFrame::default();
                    self.selected_row = None;
                    self.bare = Loading::Idle;
                }
                self.view = Some(*view);
                self.error = None;
                self.own = Loading::Pending;
                let kind = RenderKind::Own;
                let (slot, label) = (Slot::DesignViews, crate::tr!("designs-drawing-request"));
                ask_render(shared, slot, &label, (id, style_id), kind);
                if self.clone.is_some() {
                    self.ask_bare(shared);
                }
            }
            DesignsEvent::Cloned(designs) => {
                self.cloning = false;
                for d in designs.iter().rev() {
                    self.bar.remember(d.design_id, &d.title, true);
                }
                shared
                    .notifications
                    .success(crate::tr!("designs-created", count = designs.len()));
                self.cloned = designs;
                self.clone = None;
                self.clone_error = None;
            }
            DesignsEvent::Rendered {
                design,
                kind,
                views,
            } => {
                if self.view.as_ref().map(|v| v.design.design_id) != Some(design) {
                    return;
                }
                match kind {
                    RenderKind::Own => self.own = Loading::Ready(Views::new(views)),
                    RenderKind::Bare => self.bare = Loading::Ready(Views::new(views)),
                    RenderKind::Preview { revision, .. } => {
                        if self.clone.as_ref().is_some_and(|c| c.source == design) {
                            self.preview.on_rendered(revision, Views::new(views));
                        }
                    }
                }
            }
        }
    }

    fn open_bar_ui(&mut self, ui: &mut Ui, shared: &mut Shared<'_>) {
        if let Some(id) = self.bar.ui(ui, self.pending.is_some()) {
            self.open(id, shared);
        }
    }

    fn cloned_ui(&mut self, ui: &mut Ui, shared: &mut Shared<'_>) {
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
                    for d in &self.cloned {
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
        if let Some(id) = open {
            self.bar.id_input = id.to_string();
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
                        crate::tr!("designs-untitled")
                    } else {
                        design.title.clone()
                    };
                    ui.screen_title(&title, None);
                    design_status_badge(ui, design);
                    if self.pending.is_some() {
                        ui.spinner();
                    }
                });
                ui.horizontal(|ui| {
                    ui.muted(&crate::tr!(
                        "designs-id-fact",
                        id = design.design_id.to_string()
                    ));
                    match &design.design_item_no {
                        Some(mul) => {
                            ui.muted(&crate::tr!("designs-item-no-fact", mul = mul.to_string()));
                            if ui
                                .small_button(crate::tr!("designs-copy"))
                                .on_hover_text(crate::tr!("designs-copy-hint"))
                                .clicked()
                            {
                                ui.ctx().copy_text(mul.to_string());
                                shared
                                    .notifications
                                    .success(crate::tr!("designs-copied", mul = mul.to_string()));
                            }
                        }
                        None => {
                            ui.muted(&crate::tr!("designs-no-item-no-yet"));
                        }
                    }
                });
                let mut facts = Vec::new();
                if let Some(style) = design.style_id {
                    facts.push(crate::tr!("designs-style", style = style.to_string()));
                }
                if let Some(h) = design.heating_code.as_deref().filter(|h| !h.is_empty()) {
                    facts.push(crate::tr!("designs-heating-code", code = h));
                }
                if !facts.is_empty() {
                    ui.muted(&facts.join(" · "));
                }
                let (sentence, color) = if design.is_orderable() {
                    (crate::tr!("designs-finalized"), t.success)
                } else {
                    let status = design.status.as_ref().map_or_else(
                        || crate::tr!("designs-status-no-item-no"),
                        |s| s.as_str().to_owned(),
                    );
                    (
                        crate::tr!("designs-not-finalized", status = status),
                        t.warning,
                    )
                };
                ui.label(RichText::new(sentence).color(color));
            });
            ui.with_layout(Layout::right_to_left(Align::Center), |ui| {
                let clone = ui
                    .add_enabled(
                        self.clone.is_none(),
                        egui::Button::new(crate::tr!("designs-clone")),
                    )
                    .on_hover_text(crate::tr!("designs-clone-hint"));
                start_clone = clone.clicked();
                let order = ui
                    .add_enabled(
                        design.is_orderable(),
                        egui::Button::new(crate::tr!("designs-order")),
                    )
                    .on_hover_text(crate::tr!("designs-order-hint"))
                    .on_disabled_hover_text(crate::tr!("designs-order-disabled-hint"));
                if order.clicked() {
                    shared.intend(Intent::OrderDesign(design.design_id));
                }
            });
        });
        if start_clone {
            self.clone = Some(CloneForm::new(design));
            self.clone_error = None;
            self.canvas.reset();
            self.preview = Preview::default();
            self.canvas_view.clear();
            self.ask_bare(shared);
        }
        ui.add_space(space::M);
        self.views_ui(ui, shared);
        ui.add_space(space::M);
        self.placements_ui(ui, shared);
    }
}

impl ScreenView for DesignsScreen {
    /// The screen.
    fn ui(&mut self, ui: &mut Ui, shared: &mut Shared<'_>) {
        // Ctrl+Z and the like undo the clone canvas's edits (a text field keeps its own).
        if self.clone.is_some()
            && let Some(action) = Action::undo_keys(ui.ctx())
        {
            self.undo_or_redo(action);
        }
        ui.screen_title(
            &crate::tr!("designs-title"),
            Some(&crate::tr!("designs-intro")),
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
                            ui.muted(&crate::tr!("designs-opening"));
                        });
                    } else {
                        ui.empty_state(
                            "▣",
                            &crate::tr!("designs-none-open"),
                            &crate::tr!("designs-none-open-body"),
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

    fn on_event(&mut self, reply: Reply, event: Event, shared: &mut Shared<'_>) -> Option<Event> {
        match event {
            // The composer's design look-ups are answered the same way: not this screen's.
            Event::Designs(event) if reply.slot.is_none_or(|s| s.screen() == Screen::Designs) => {
                self.on_designs_event(event, shared)
            }
            Event::Logos(LogosEvent::Page(page)) if reply.slot == Some(Slot::DesignSearch) => {
                self.picker.on_found(Ok(page.items));
            }
            other => return Some(other),
        }
        None
    }

    /// A request failed: each says why in place only (the clone form, the views, the
    /// preview, the search, the open bar).
    fn on_failed(&mut self, reply: Reply, error: &UserError, _: &mut Shared<'_>) -> Toast {
        match reply.slot {
            Some(Slot::DesignClone) => {
                self.cloning = false;
                self.clone_error = Some(error.clone());
            }
            Some(Slot::DesignViews) => self.own = Loading::Failed(error.clone()),
            Some(Slot::DesignBare) => self.bare = Loading::Failed(error.clone()),
            Some(Slot::DesignPreview) => self.preview.error = Some(error.message.clone()),
            Some(Slot::DesignSearch) => self.picker.on_failed(error),
            _ => {
                self.pending = None;
                self.view = None;
                self.clone = None;
                self.error = Some(error.clone());
            }
        }
        Toast::Skip
    }

    /// Fetches the design shown again.
    fn refresh(&mut self, shared: &mut Shared<'_>) -> bool {
        if let Some(id) = self.view.as_ref().map(|v| v.design.design_id) {
            self.open(id, shared);
        }
        true
    }

    /// Forgets the previous account's designs.
    fn activated(&mut self, _: &mut Shared<'_>) {
        *self = DesignsScreen::default();
    }

    /// The design the shell opened is shown with its views and thumbnails.
    /// The clone canvas's edits of the variation on it (the Edit menu, the palette).
    fn undo_state(&self) -> (bool, bool) {
        self.clone
            .as_ref()
            .and_then(|form| form.variations.get(form.active))
            .map_or((false, false), |v| self.canvas.undo_state(&v.placements))
    }

    fn undo_or_redo(&mut self, action: Action) {
        if let Some(v) = self.clone.as_mut().and_then(CloneForm::active_mut) {
            self.canvas.undo_or_redo(action, &mut v.placements);
        }
    }

    fn ready_for_screenshot(&mut self, _shown: bool, shared: &Shared<'_>) -> bool {
        self.is_loaded()
            && self.views_settled()
            && self.thumbnails().iter().all(|k| shared.thumbs.contains(k))
    }
}

/// Asks the backend to draw the views of design `id` (of style `style`) as `kind` says.
fn ask_render(
    shared: &mut Shared<'_>,
    slot: Slot,
    label: &str,
    (id, style_id): (DesignId, Option<i64>),
    kind: RenderKind,
) {
    shared.request(slot, label, |request| {
        Command::Designs(DesignsCommand::Render {
            request,
            id,
            style_id,
            kind,
        })
    });
}

/// `Done` (orderable) or another status.
fn design_status_badge(ui: &mut Ui, design: &Design) {
    let t = theme::tokens(ui.ctx());
    let text = match &design.status {
        Some(s) => crate::ui::names::design_status(s),
        None if design.design_item_no.is_some() => crate::tr!("status-done"),
        None => crate::tr!("designs-badge-not-finalized"),
    };
    if design.is_orderable() {
        labelled(ui.badge(&text, t.success, t.success_soft), &text)
            .on_hover_text(crate::tr!("designs-badge-finalized-hint"));
    } else {
        labelled(ui.badge(&text, t.warning, t.warning_soft), &text)
            .on_hover_text(crate::tr!("designs-badge-not-finalized-hint"));
    }
}

/// The kind of a placed logo; placeholders are marked.
fn logo_kind_ui(ui: &mut Ui, kind: &LogoType) {
    let t = theme::tokens(ui.ctx());
    let (text, tip) = match kind {
        LogoType::NameLogo => (
            crate::tr!("designs-kind-name"),
            crate::tr!("designs-kind-name-hint"),
        ),
        LogoType::NumberLogo => (
            crate::tr!("designs-kind-number"),
            crate::tr!("designs-kind-number-hint"),
        ),
        LogoType::TextLogo => (
            crate::tr!("designs-kind-text"),
            crate::tr!("designs-kind-text-hint"),
        ),
        LogoType::Transfer => {
            ui.muted_small(&crate::tr!("designs-kind-transfer"));
            return;
        }
        LogoType::Other(k) => {
            ui.muted_small(k);
            return;
        }
    };
    labelled(ui.badge(&text, t.accent, t.accent_soft), &text).on_hover_text(tip);
}

/// A painted widget named for screen readers (and kittest).
pub(crate) fn labelled(response: egui::Response, text: &str) -> egui::Response {
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Label, true, text));
    response
}

/// A placed logo's thumbnail on a checkerboard (from the shared thumbnail cache).
fn thumb_ui(ui: &mut Ui, shared: &mut Shared<'_>, logo: Option<&LogoCard>) {
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
