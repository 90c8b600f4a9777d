//! The design shown: its views side by side (a strip of small pictures, one large with zoom
//! and pan, each placement outlined and labelled on hover) and its placements table; clicking
//! a placement selects its row, selecting a row marks the placement.

use super::form::fmt_coord;
use super::views::Loading;
use super::{DesignsScreen, labelled, logo_kind_ui, thumb_ui};
use crate::backend::LogoRef;
use crate::ui::theme::{self, space, table};
use crate::ui::widgets::UiExt as _;
use crate::ui::widgets::garment::{self, in_quad, paint_quad_outline};
use crate::ui::{Intent, Shared};
use egui::{Rect, Sense, Stroke, Ui, Vec2, vec2};

/// Size of a picture in the strip.
const STRIP: Vec2 = vec2(66.0, 84.0);
/// Height of the large view.
const LARGE_HEIGHT: f32 = 440.0;
/// Widest the large view gets.
const LARGE_MAX_WIDTH: f32 = 640.0;
/// Size drawn for a logo whose size is not known, in mm.
const UNKNOWN_MM: f64 = 60.0;

impl DesignsScreen {
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
        match &self.own {
            Loading::Idle | Loading::Pending => {
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
                let name = v.view.clone();
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
                ui.strong(&name);
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
                        let text = egui::RichText::new(&p.view);
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
    pub fn select_row(&mut self, i: usize) {
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
