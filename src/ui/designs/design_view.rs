//! The design part: the design opened (or being opened, or why it could not be), its facts
//! with "Clone…" and "Order…", its views side by side (a strip of small pictures, one large
//! with zoom and pan, each placement outlined and labelled on hover) and its placements
//! table; clicking a placement selects its row, selecting a row marks the placement.

use super::form::fmt_coord;
use super::labelled;
use super::views::{Loading, Views};
use crate::api::{Design, DesignId, DesignRef, LogoType};
use crate::backend::designs::{DesignView, DesignsCommand, Opener, RenderKind, RenderedViews};
use crate::backend::{Command, LogoCard, LogoRef, ThumbKey, UserError};
use crate::ui::theme::{self, space, table};
use crate::ui::widgets::garment::{self, ViewFrame, in_quad, paint_quad_outline};
use crate::ui::widgets::{UiExt as _, paint_checkerboard};
use crate::ui::{Intent, Requests, Shared, Slot};
use egui::{Align, Layout, Rect, RichText, Sense, Stroke, Ui, Vec2, vec2};

/// Size of a picture in the strip.
const STRIP: Vec2 = vec2(66.0, 84.0);
/// Height of the large view.
const LARGE_HEIGHT: f32 = 440.0;
/// Widest the large view gets.
const LARGE_MAX_WIDTH: f32 = 640.0;
/// Size drawn for a logo whose size is not known, in mm.
const UNKNOWN_MM: f64 = 60.0;
/// Side of a placement's thumbnail in the table.
const THUMB: f32 = 40.0;

/// The design part: the design opened (or being opened, or why it could not be), its views
/// with its own placements, the view shown large with its zoom and pan, and the placement
/// selected.
#[derive(Default)]
pub struct ShownDesign {
    /// The design being opened.
    pending: Option<DesignId>,
    view: Option<DesignView>,
    error: Option<UserError>,
    /// The design's views with its own placements.
    own: Loading,
    /// The view shown large, its zoom and pan, the placement selected.
    shown: usize,
    frame: ViewFrame,
    selected_row: Option<usize>,
}

impl ShownDesign {
    /// The design shown, if any.
    pub fn view(&self) -> Option<&DesignView> {
        self.view.as_ref()
    }

    /// A design is on its way.
    pub fn is_opening(&self) -> bool {
        self.pending.is_some()
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

    /// The placement selected in the table.
    pub fn selected_row(&self) -> Option<usize> {
        self.selected_row
    }

    /// Fetches design `id` (superseding one still on its way).
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
    }

    /// The design opened: shown, its views asked for (superseding the views of the design
    /// shown before, still on their way). Answers whether it is another design than the one
    /// shown (which starts with the first view, fitted, nothing selected).
    pub fn on_opened(&mut self, view: DesignView, shared: &mut Shared<'_>) -> bool {
        self.pending = None;
        let design = (view.design.design_id, view.design.style_id);
        let another = self.view.as_ref().map(|v| v.design.design_id) != Some(design.0);
        if another {
            self.shown = 0;
            self.frame = ViewFrame::default();
            self.selected_row = None;
        }
        self.view = Some(view);
        self.error = None;
        let (slot, label) = (Slot::DesignViews, crate::tr!("designs-drawing-request"));
        self.own = Loading::Pending(super::ask_render(
            shared,
            slot,
            &label,
            design,
            RenderKind::Own,
        ));
        another
    }

    /// The design's views came (only those of the design shown come: opening another asks
    /// anew, superseding them; a failed open supersedes them).
    pub fn on_rendered(&mut self, views: RenderedViews) {
        self.own = Loading::Ready(Views::new(views));
    }

    /// Its views could not be drawn.
    pub fn on_views_failed(&mut self, error: &UserError) {
        self.own = Loading::Failed(error.clone());
    }

    /// The design could not be opened: nothing is shown but why, and its views still on
    /// their way are not wanted.
    pub fn on_open_failed(&mut self, error: &UserError, requests: &mut Requests) {
        self.pending = None;
        self.view = None;
        self.error = Some(error.clone());
        self.own.forget(requests);
    }

    /// The design shown (or where it is): its facts with "Clone…" (enabled when
    /// `can_clone`) and "Order…", its views and its placements; answers whether "Clone…" was
    /// pressed.
    pub fn ui(&mut self, ui: &mut Ui, shared: &mut Shared<'_>, can_clone: bool) -> bool {
        if let Some(error) = &self.error {
            ui.error_box(error, "design-open");
            return false;
        }
        let Some(view) = &self.view else {
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
            return false;
        };
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
                        crate::ui::names::design_status,
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
                    .add_enabled(can_clone, egui::Button::new(crate::tr!("designs-clone")))
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
        ui.add_space(space::M);
        self.views_ui(ui, shared);
        ui.add_space(space::M);
        self.placements_ui(ui, shared);
        start_clone
    }

    /// The views of the design shown, or where they are.
    pub(super) fn views_ui(&mut self, ui: &mut Ui, shared: &mut Shared<'_>) {
        ui.section_heading(&crate::tr!("designs-views"));
        ui.add_space(space::XS);
        let views_saved = match &self.own {
            Loading::Ready(v) => v.rendered.stale_since,
            _ => None,
        };
        if let Some(since) = views_saved.or(self.view.as_ref().and_then(|d| d.stale_since)) {
            crate::ui::stale::stale_mark(ui, since, shared.language());
            ui.add_space(space::XS);
        }
        if let Loading::Ready(v) = &self.own
            && let Some(feature) = v.rendered.drawn_here
        {
            crate::ui::widgets::drawn_here_mark(ui, feature);
            ui.add_space(space::XS);
        }
        match &self.own {
            Loading::Idle | Loading::Pending(_) => {
                ui.horizontal(|ui| {
                    ui.spinner();
                    ui.muted(&crate::tr!("designs-views-drawing"));
                });
                return;
            }
            Loading::Failed(e) => {
                let e = e.clone();
                ui.error_box(&e, "design-views");
                return;
            }
            Loading::Ready(v) if v.is_empty() => {
                ui.muted(&crate::tr!("designs-views-none"));
                return;
            }
            Loading::Ready(_) => {}
        }
        ui.horizontal_top(|ui| {
            self.strip_ui(ui);
            self.large_view_ui(ui, shared);
        });
    }

    /// One small picture per view; a click shows it large.
    fn strip_ui(&mut self, ui: &mut Ui) {
        let Loading::Ready(views) = &mut self.own else {
            return;
        };
        let mut pick = None;
        ui.vertical(|ui| {
            for i in 0..views.len() {
                let texture = views.texture(ui.ctx(), i);
                let Some(v) = views.get(i) else { continue };
                let name = crate::ui::names::view(&v.view);
                let size = vec2(v.geometry.width as f32, v.geometry.height as f32);
                let (rect, response) = ui.allocate_exact_size(STRIP, Sense::click());
                let response = labelled(
                    response,
                    &crate::tr!("designs-show-view", name = name.as_str()),
                );
                let t = theme::tokens(ui.ctx());
                let painter = ui.painter_at(rect);
                painter.rect_filled(rect, theme::radius::CONTROL, t.surface);
                let mapping = garment::ViewFrame::default().mapping(rect.shrink(space::XS), size);
                garment::paint_view_picture(&painter, &mapping, size, texture);
                let stroke = if self.shown == i {
                    Stroke::new(2.0, t.accent)
                } else {
                    Stroke::new(1.0, t.border)
                };
                painter.rect_stroke(
                    rect,
                    theme::radius::CONTROL,
                    stroke,
                    egui::StrokeKind::Inside,
                );
                ui.muted_small(&name);
                if response
                    .on_hover_text(crate::tr!("designs-show-view-large", name = name.as_str()))
                    .clicked()
                {
                    pick = Some(i);
                }
            }
        });
        if let Some(i) = pick {
            self.shown = i;
            self.frame.fit();
        }
    }

    /// The view shown large, its placements outlined.
    fn large_view_ui(&mut self, ui: &mut Ui, shared: &mut Shared<'_>) {
        let Some(design) = self.view.as_ref() else {
            return;
        };
        let Loading::Ready(views) = &mut self.own else {
            return;
        };
        if self.shown >= views.len() {
            self.shown = 0;
        }
        let texture = views.texture(ui.ctx(), self.shown);
        let Some(picture) = views.get(self.shown) else {
            return;
        };
        let geometry = picture.geometry;
        let size = vec2(geometry.width as f32, geometry.height as f32);
        let name = picture.view.clone();
        let failed = picture.image.as_ref().err().cloned();
        let mut select = None;
        ui.vertical(|ui| {
            let width = ui.available_width().min(LARGE_MAX_WIDTH);
            let rect_size = vec2(width, LARGE_HEIGHT);
            ui.horizontal(|ui| {
                ui.strong(crate::ui::names::view(&name));
                let rect = Rect::from_min_size(ui.cursor().min, rect_size);
                let zoomed = crate::tr!("designs-zoom-design-view");
                garment::zoom_buttons(ui, &mut self.frame, rect, size, &zoomed);
            });
            let (rect, response) = ui.allocate_exact_size(rect_size, Sense::click_and_drag());
            let response = labelled(
                response,
                &crate::tr!("designs-design-view", name = name.as_str()),
            );
            garment::zoom_and_pan(ui, &response, &mut self.frame, size, true);
            let mapping = self.frame.mapping(rect, size);
            let t = theme::tokens(ui.ctx());
            let painter = ui.painter_at(rect);
            painter.rect_filled(rect, theme::radius::CARD, t.surface_hover);
            garment::paint_view_picture(&painter, &mapping, size, texture);
            if let Some(sentence) = &failed {
                crate::ui::widgets::paint_missing_picture(
                    &painter,
                    rect,
                    &response,
                    Some(sentence),
                    "",
                );
            }
            let pointer = response.hover_pos();
            let mut hovered = None;
            for (j, p) in design.design.design_logos.iter().enumerate() {
                if !p.view.trim().eq_ignore_ascii_case(name.trim()) {
                    continue;
                }
                let logo = design.logo(p.logo_id);
                let mm = logo
                    .map(|l| [l.width_mm, l.height_mm])
                    .filter(|s| s[0] > 0.0 && s[1] > 0.0)
                    .unwrap_or([UNKNOWN_MM, UNKNOWN_MM]);
                let q = mapping.corners(
                    [p.x_coordinate, p.y_coordinate],
                    [mm[0] * geometry.px_per_mm, mm[1] * geometry.px_per_mm],
                    p.angle_rads,
                );
                let over = pointer.is_some_and(|at| in_quad(at, &q));
                if over {
                    hovered = Some(j);
                }
                let stroke = if self.selected_row == Some(j) {
                    Stroke::new(2.5, t.accent)
                } else if over {
                    Stroke::new(1.5, t.accent)
                } else {
                    Stroke::new(1.0, t.text_muted.gamma_multiply(0.5))
                };
                paint_quad_outline(&painter, &q, stroke);
            }
            painter.rect_stroke(
                rect,
                theme::radius::CARD,
                Stroke::new(1.0, t.border),
                egui::StrokeKind::Inside,
            );
            if let (Some(j), Some(at)) = (hovered, pointer)
                && let Some(p) = design.design.design_logos.get(j)
            {
                let title = design
                    .logo(p.logo_id)
                    .map_or_else(|| crate::tr!("designs-logo"), |l| l.title.clone());
                let text = format!(
                    "{title} · {} · x {} y {}",
                    p.view,
                    fmt_coord(p.x_coordinate),
                    fmt_coord(p.y_coordinate)
                );
                garment::hover_label(ui, response.id.with("hover"), at, &text);
                ui.ctx().set_cursor_icon(egui::CursorIcon::PointingHand);
            }
            if response.clicked() {
                select = Some(hovered);
            }
            ui.muted_small(&crate::tr!("designs-view-help"));
        });
        if let Some(row) = select {
            self.selected_row = row;
        }
        let _ = shared;
    }

    /// The placements table; a row's view selects it (and shows its view large).
    pub(super) fn placements_ui(&mut self, ui: &mut Ui, shared: &mut Shared<'_>) {
        let Some(view) = &self.view else { return };
        let design = &view.design;
        let t = theme::tokens(ui.ctx());
        ui.section_heading(&crate::tr!("designs-placements"));
        if !design.unread_placements.is_empty() {
            let keys = design
                .unread_placements
                .iter()
                .map(|k| format!("\"{k}\""))
                .collect::<Vec<_>>()
                .join(", ");
            ui.label(
                egui::RichText::new(crate::tr!("designs-unread-placements", keys = keys))
                    .color(t.warning),
            );
        }
        if design.design_logos.is_empty() && design.unread_placements.is_empty() {
            ui.muted(&crate::tr!("designs-placements-none"));
            return;
        }
        let mut select = None;
        ui.add_space(space::XS);
        ui.surface(|ui| {
            egui::Grid::new("placements")
                .striped(true)
                .min_col_width(table::PLACEMENT_COLUMN)
                .spacing([space::L, space::S])
                .show(ui, |ui| {
                    for h in [
                        crate::tr!("designs-column-view"),
                        crate::tr!("designs-logo"),
                        crate::tr!("designs-column-logo-id"),
                        crate::tr!("designs-column-x"),
                        crate::tr!("designs-column-y"),
                    ] {
                        ui.strong(h);
                    }
                    ui.end_row();
                    for (i, p) in design.design_logos.iter().enumerate() {
                        let selected = self.selected_row == Some(i);
                        let text = egui::RichText::new(crate::ui::names::view(&p.view));
                        let text = if selected {
                            text.color(t.accent).strong()
                        } else {
                            text
                        };
                        if ui
                            .selectable_label(selected, text)
                            .accessible_name(crate::tr!("designs-select-placement", n = i + 1))
                            .on_hover_text(crate::tr!("designs-select-placement-hint"))
                            .clicked()
                        {
                            select = Some(i);
                        }
                        let logo = view.logo(p.logo_id);
                        ui.horizontal(|ui| {
                            thumb_ui(ui, shared, logo);
                            ui.vertical(|ui| {
                                let title = logo.map_or_else(
                                    || crate::tr!("designs-logo-unreadable"),
                                    |l| l.title.clone(),
                                );
                                let link = ui
                                    .link(title)
                                    .accessible_name(crate::tr!(
                                        "designs-open-placement-logo",
                                        n = i + 1
                                    ))
                                    .on_hover_text(crate::tr!("designs-open-logo-hint"));
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
        if let Some(i) = select {
            self.select_row(i);
        }
    }

    /// Selects placement `i` and shows its view.
    fn select_row(&mut self, i: usize) {
        self.selected_row = Some(i);
        let name = self
            .view
            .as_ref()
            .and_then(|v| v.design.design_logos.get(i))
            .map(|p| p.view.clone());
        if let (Some(name), Some(views)) = (name, self.own.ready())
            && let Some(k) = views.find(&name)
            && k != self.shown
        {
            self.shown = k;
            self.frame.fit();
        }
    }
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
