//! One logo in full: the high-resolution picture (zoom and pan on a checkerboard), its facts,
//! colors, price tiers and additional fees with what each fee means.

use super::theme::{self, picture, space, swatch, table};
use super::widgets::{UiExt as _, paint_checkerboard, paint_missing_picture};
use super::{Action, Intent, Reply, Screen, ScreenView, Shared, Slot, Toast, names};
use crate::api::{Fee, FeeType, Logo, LogoStatus, PriceTier};
use crate::backend::{Command, Event, LogoDetail, LogoRef, LogosCommand, LogosEvent, UserError};
use crate::locale::Language;
use crate::tr;
use egui::{Align, Layout, Rect, RichText, Sense, TextureHandle, Ui, Vec2};
use egui_extras::{Column, TableBuilder};

/// Zoom limits (screen points per image pixel).
const MIN_ZOOM: f32 = 0.05;
const MAX_ZOOM: f32 = 16.0;

struct Loaded {
    logo: Logo,
    texture: Option<TextureHandle>,
    image_error: Option<String>,
    /// When it was saved, if it came from the disk cache (offline).
    stale_since: Option<chrono::DateTime<chrono::Utc>>,
}

/// The view of the picture: `None` zoom means "fit".
#[derive(Default)]
struct View {
    zoom: Option<f32>,
    pan: Vec2,
}

/// The detail screen's state.
#[derive(Default)]
pub struct LogoDetailScreen {
    /// The logo being opened.
    pending: Option<LogoRef>,
    loaded: Option<Loaded>,
    error: Option<UserError>,
    view: View,
}

impl LogoDetailScreen {
    /// Fetches a logo (superseding any still on its way).
    pub fn open(&mut self, shared: &mut Shared<'_>, target: LogoRef) {
        let label = match target {
            LogoRef::Id(id) => tr!("detail-task-open-id", id = id.to_string()),
            LogoRef::ItemNo(n) => tr!("detail-task-open-item", item = n.to_string()),
        };
        shared.request(Slot::LogoDetail, &label, |request| {
            Command::Logos(LogosCommand::Open { request, target })
        });
        self.pending = Some(target);
        self.error = None;
    }

    /// The logo shown, if any.
    pub fn logo(&self) -> Option<&Logo> {
        self.loaded.as_ref().map(|l| &l.logo)
    }

    /// Whether a logo is shown and nothing newer is on its way.
    pub fn is_loaded(&self) -> bool {
        self.loaded.is_some() && self.pending.is_none()
    }

    /// Whether a logo is shown or on its way (the navigation shows the screen then).
    pub fn is_open(&self) -> bool {
        self.loaded.is_some() || self.pending.is_some() || self.error.is_some()
    }

    /// Copies the item number to the clipboard.
    pub fn copy_item_number(&self, ctx: &egui::Context, shared: &mut Shared<'_>) {
        match self.logo().map(|l| l.logo_item_no) {
            Some(Some(n)) => {
                ctx.copy_text(n.to_string());
                shared
                    .notifications
                    .success(tr!("detail-item-copied", item = n.to_string()));
            }
            Some(None) => shared
                .notifications
                .error(&UserError::new(tr!("detail-no-item-number-yet"), None)),
            None => {}
        }
    }
}

fn header_ui(ui: &mut Ui, logo: &Logo, shared: &mut Shared<'_>, refreshing: bool) {
    ui.horizontal(|ui| {
        ui.vertical(|ui| {
            ui.horizontal(|ui| {
                ui.screen_title(&logo.title, None);
                ui.status_badge(&logo.status);
                if refreshing {
                    ui.spinner();
                }
            });
            let id = logo.logo_id.to_string();
            ui.muted(&match logo.logo_item_no {
                Some(n) => tr!("detail-subtitle-item", item = n.to_string(), id = id),
                None => tr!("detail-subtitle-no-item", id = id),
            });
        });
        ui.with_layout(Layout::right_to_left(Align::Center), |ui| {
            let draft = logo.status == LogoStatus::Draft;
            let order = ui
                .add_enabled(!draft, egui::Button::new(tr!("detail-order")))
                .on_hover_text(tr!("detail-order-hover"))
                .on_disabled_hover_text(tr!("detail-order-disabled"));
            if order.clicked() {
                shared.intend(Intent::OrderLogo(logo.logo_id));
            }
            if draft
                && ui
                    .button(tr!("detail-edit-draft"))
                    .on_hover_text(tr!("detail-edit-draft-hover"))
                    .clicked()
            {
                shared.intend(Intent::EditDraft(logo.logo_id));
            }
            if logo.logo_item_no.is_some()
                && ui
                    .button(tr!("detail-copy-item-number"))
                    .on_hover_text(Action::CopyItemNumber.tooltip())
                    .clicked()
            {
                shared.intend(Intent::Perform(Action::CopyItemNumber));
            }
        });
    });
}

/// The picture on a checkerboard: scroll to zoom at the pointer, drag to pan, double-click
/// to fit.
fn picture_ui(ui: &mut Ui, texture: Option<&TextureHandle>, error: Option<&str>, view: &mut View) {
    let t = theme::tokens(ui.ctx());
    let bar_h = 30.0;
    let size = ui.available_size() - Vec2::new(0.0, bar_h + space::S);
    let (rect, response) = ui.allocate_exact_size(
        size.max(Vec2::splat(picture::MIN_DETAIL)),
        Sense::click_and_drag(),
    );
    let name = tr!("detail-picture");
    response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Image, true, &name));
    let painter = ui.painter_at(rect);
    paint_checkerboard(&painter, rect, 12.0);
    painter.rect_stroke(
        rect,
        theme::radius::CARD,
        egui::Stroke::new(1.0, t.border),
        egui::StrokeKind::Inside,
    );
    let Some(texture) = texture else {
        paint_missing_picture(&painter, rect, &response, error, &tr!("detail-no-picture"));
        return;
    };
    let img = texture.size_vec2();
    let fit = ((rect.size() - Vec2::splat(2.0 * space::XL)) / img)
        .min_elem()
        .clamp(MIN_ZOOM, 4.0);
    let mut zoom = view.zoom.unwrap_or(fit);
    if response.hovered() {
        let (scroll, pinch, pointer) = ui.input(|i| {
            (
                i.smooth_scroll_delta.y,
                i.zoom_delta(),
                i.pointer.hover_pos(),
            )
        });
        let factor = pinch * (scroll * 0.0025).exp();
        if (factor - 1.0).abs() > f32::EPSILON {
            let new_zoom = (zoom * factor).clamp(MIN_ZOOM, MAX_ZOOM);
            // Keep the point under the pointer where it is.
            if let Some(p) = pointer {
                let from_center = p - rect.center() - view.pan;
                view.pan -= from_center * (new_zoom / zoom - 1.0);
            }
            zoom = new_zoom;
            view.zoom = Some(zoom);
        }
    }
    if response.dragged() {
        view.pan += response.drag_delta();
        view.zoom = Some(zoom);
    }
    if response.double_clicked() {
        *view = View::default();
        zoom = fit;
    }
    let image_rect = Rect::from_center_size(rect.center() + view.pan, img * zoom);
    painter.image(
        texture.id(),
        image_rect,
        Rect::from_min_max(egui::pos2(0.0, 0.0), egui::pos2(1.0, 1.0)),
        egui::Color32::WHITE,
    );

    ui.add_space(space::XS);
    ui.horizontal(|ui| {
        if ui
            .button(tr!("detail-zoom-fit"))
            .on_hover_text(tr!("detail-zoom-fit-hover"))
            .clicked()
        {
            *view = View::default();
        }
        if ui
            .button("100 %")
            .on_hover_text(tr!("detail-zoom-actual-hover"))
            .clicked()
        {
            view.zoom = Some(1.0 / ui.ctx().pixels_per_point());
            view.pan = Vec2::ZERO;
        }
        if ui
            .button("−")
            .on_hover_text(tr!("detail-zoom-out"))
            .clicked()
        {
            view.zoom = Some((zoom / 1.25).clamp(MIN_ZOOM, MAX_ZOOM));
        }
        if ui
            .button("+")
            .on_hover_text(tr!("detail-zoom-in"))
            .clicked()
        {
            view.zoom = Some((zoom * 1.25).clamp(MIN_ZOOM, MAX_ZOOM));
        }
        let percent = zoom * ui.ctx().pixels_per_point() * 100.0;
        let status = tr!(
            "detail-zoom-status",
            percent = format!("{percent:.0}"),
            width = (img.x as u32).to_string(),
            height = (img.y as u32).to_string(),
        );
        // Cut to the picture's width (a narrow window, a long language), whole on hover.
        ui.add(egui::Label::new(RichText::new(&status).color(t.text_muted)).truncate())
            .on_hover_text(status);
    });
}

fn facts_ui(ui: &mut Ui, logo: &Logo, language: Language) {
    ui.surface(|ui| {
        ui.set_width(ui.available_width());
        ui.section_heading(&tr!("detail-facts"));
        ui.add_space(space::XS);
        ui.spacing_mut().interact_size.y = 20.0;
        egui::Grid::new("logo-facts-grid")
            .num_columns(2)
            .spacing([space::L, 2.0])
            .show(ui, |ui| {
                let row = |ui: &mut Ui, k: &str, v: String| {
                    ui.muted(k);
                    ui.label(v);
                    ui.end_row();
                };
                row(ui, &tr!("detail-status"), names::logo_status(&logo.status));
                row(ui, &tr!("detail-type"), names::logo_type(&logo.logo_type));
                let method = if logo.transfer_method_key.is_empty() {
                    tr!("detail-method-not-chosen")
                } else {
                    logo.transfer_method_key.clone()
                };
                row(ui, &tr!("detail-method"), method);
                row(
                    ui,
                    &tr!("detail-size"),
                    names::size_mm(
                        &language.measure(logo.width_in_mm),
                        &language.measure(logo.height_in_mm),
                    ),
                );
                row(
                    ui,
                    &tr!("detail-in-storage"),
                    tr!(
                        "detail-units",
                        count = logo.storage_count,
                        units = language.integer(logo.storage_count)
                    ),
                );
                row(ui, &tr!("detail-logo-id"), logo.logo_id.to_string());
                row(
                    ui,
                    &tr!("detail-item-number"),
                    logo.logo_item_no.map_or("—".into(), |n| n.to_string()),
                );
            });
    });
    ui.add_space(space::M);
    ui.surface(|ui| {
        ui.set_width(ui.available_width());
        ui.section_heading(&tr!("detail-price-tiers"));
        ui.muted_small(&tr!("detail-price-tiers-explained"));
        ui.add_space(space::XS);
        tiers_ui(
            ui,
            "tiers",
            &logo.prices,
            &tr!("detail-from-quantity"),
            language,
        );
    });
    ui.add_space(space::M);
    ui.surface(|ui| {
        ui.set_width(ui.available_width());
        ui.section_heading(&tr!("detail-fees"));
        if logo.additional_fees.is_empty() {
            ui.muted(&tr!("detail-no-fees"));
        }
        for (i, fee) in logo.additional_fees.iter().enumerate() {
            ui.add_space(space::S);
            fee_ui(ui, i, fee, language);
        }
    });
    ui.add_space(space::M);
    ui.surface(|ui| {
        ui.set_width(ui.available_width());
        ui.section_heading(&tr!("detail-colors", count = logo.colors.len()));
        ui.add_space(space::XS);
        if logo.colors.is_empty() {
            ui.muted(&tr!("detail-no-colors"));
            return;
        }
        table(
            ui,
            "colors",
            &[
                "",
                &tr!("detail-color-id"),
                &tr!("detail-color-name"),
                &tr!("detail-color-hex"),
            ],
            logo.colors.len(),
            |i, col, ui| {
                let c = &logo.colors[i];
                match col {
                    0 => {
                        ui.color_swatch(c, swatch::M);
                    }
                    1 => {
                        ui.label(&c.id);
                    }
                    2 => {
                        ui.label(if c.name.is_empty() { "—" } else { &c.name });
                    }
                    _ => {
                        ui.monospace(c.hex());
                    }
                }
            },
        );
    });
}

/// What a fee means, in a sentence.
pub fn fee_meaning(fee: &Fee) -> String {
    match fee.fee_type {
        FeeType::Startup => tr!("detail-fee-startup-meaning"),
        _ => tr!("detail-fee-meaning"),
    }
}

fn fee_ui(ui: &mut Ui, i: usize, fee: &Fee, language: Language) {
    let t = theme::tokens(ui.ctx());
    ui.horizontal(|ui| {
        let name = if fee.name.is_empty() {
            fee.sku.as_str()
        } else {
            fee.name.as_str()
        };
        ui.label(
            RichText::new(name)
                .font(theme::font::fee_title())
                .color(t.text_strong),
        );
        ui.badge(
            &crate::ui::names::fee_type(&fee.fee_type),
            t.accent,
            t.accent_soft,
        );
        if !fee.sku.is_empty() {
            ui.muted_small(&tr!("detail-fee-sku", sku = fee.sku.as_str()));
        }
    });
    ui.muted_small(&fee_meaning(fee));
    let first = match fee.fee_type {
        FeeType::Startup => tr!("detail-fee-threshold"),
        _ => tr!("detail-fee-multiplier"),
    };
    tiers_ui(ui, &format!("fee-{i}"), &fee.prices, &first, language);
}

fn tiers_ui(ui: &mut Ui, id: &str, tiers: &[PriceTier], first: &str, language: Language) {
    if tiers.is_empty() {
        ui.muted(&tr!("detail-no-prices"));
        return;
    }
    table(
        ui,
        id,
        &[first, &tr!("detail-price"), &tr!("detail-currency")],
        tiers.len(),
        |i, col, ui| {
            let tier = &tiers[i];
            match col {
                0 => {
                    ui.label(language.integer(tier.min_quantity));
                }
                1 => {
                    ui.label(language.number(tier.unit_price, 2));
                }
                _ => {
                    ui.label(&tier.currency);
                }
            }
        },
    );
}

/// A plain striped table with a header row.
fn table(
    ui: &mut Ui,
    id: &str,
    headers: &[&str],
    rows: usize,
    mut cell: impl FnMut(usize, usize, &mut Ui),
) {
    let t = theme::tokens(ui.ctx());
    let mut builder = TableBuilder::new(ui)
        .id_salt(id)
        .striped(true)
        .vscroll(false)
        .cell_layout(Layout::left_to_right(Align::Center));
    for (i, _) in headers.iter().enumerate() {
        builder = builder.column(if i + 1 == headers.len() {
            Column::remainder()
        } else if headers[i].is_empty() {
            Column::exact(table::ICON_COLUMN)
        } else {
            Column::auto().at_least(table::MIN_COLUMN)
        });
    }
    builder
        .header(table::ROW, |mut row| {
            for h in headers {
                row.col(|ui| {
                    ui.label(RichText::new(*h).small().color(t.text_muted));
                });
            }
        })
        .body(|body| {
            body.rows(table::ROW, rows, |mut row| {
                let i = row.index();
                for col in 0..headers.len() {
                    row.col(|ui| cell(i, col, ui));
                }
            });
        });
}

impl ScreenView for LogoDetailScreen {
    /// The screen.
    fn ui(&mut self, ui: &mut Ui, shared: &mut Shared<'_>) {
        if ui
            .button(tr!("detail-back"))
            .on_hover_text(Action::Back.tooltip())
            .clicked()
        {
            shared.intend(Intent::Navigate(Screen::Gallery));
        }
        ui.add_space(space::S);
        if let Some(error) = &self.error {
            ui.empty_state("⚠", &tr!("detail-open-failed"), &error.message, None);
            return;
        }
        let Some(loaded) = &mut self.loaded else {
            ui.vertical_centered(|ui| {
                ui.add_space(space::LOADING_TOP);
                ui.spinner();
                ui.muted(&tr!("detail-opening"));
            });
            return;
        };
        let logo = &loaded.logo;
        header_ui(ui, logo, shared, self.pending.is_some());
        ui.add_space(space::M);
        if let Some(since) = loaded.stale_since {
            super::stale::stale_mark(ui, since, shared.language());
            ui.add_space(space::S);
        }

        // Two columns that together take the width there is, and no more: the gap is the
        // only space between them.
        let avail = ui.available_size();
        let info_w = (avail.x * 0.42).clamp(360.0, 520.0);
        let picture_w = (avail.x - info_w - space::L).max(200.0);
        let column = Layout::top_down(Align::Min);
        let spacing = ui.spacing().item_spacing.x;
        ui.horizontal_top(|ui| {
            ui.spacing_mut().item_spacing.x = 0.0;
            ui.allocate_ui_with_layout(Vec2::new(picture_w, avail.y), column, |ui| {
                ui.spacing_mut().item_spacing.x = spacing;
                picture_ui(
                    ui,
                    loaded.texture.as_ref(),
                    loaded.image_error.as_deref(),
                    &mut self.view,
                );
            });
            ui.add_space(space::L);
            ui.allocate_ui_with_layout(Vec2::new(info_w, avail.y), column, |ui| {
                ui.spacing_mut().item_spacing.x = spacing;
                egui::ScrollArea::vertical()
                    .id_salt("logo-facts")
                    .auto_shrink([false, false])
                    .show(ui, |ui| facts_ui(ui, logo, shared.language()));
            });
        });
    }

    fn on_event(&mut self, _reply: Reply, event: Event, shared: &mut Shared<'_>) -> Option<Event> {
        match event {
            Event::Logos(LogosEvent::Opened(detail)) => {
                self.on_opened(shared.ctx, *detail);
                None
            }
            other => Some(other),
        }
    }

    /// The logo could not be opened.
    fn on_failed(&mut self, _reply: Reply, error: &UserError, _: &mut Shared<'_>) -> Toast {
        self.pending = None;
        self.error = Some(error.clone());
        Toast::Show
    }

    /// Fetches the logo shown again.
    fn refresh(&mut self, shared: &mut Shared<'_>) -> bool {
        if let Some(id) = self.logo().map(|l| l.logo_id) {
            self.open(shared, LogoRef::Id(id));
        }
        true
    }

    /// Forgets everything.
    fn activated(&mut self, _: &mut Shared<'_>) {
        *self = LogoDetailScreen::default();
    }

    fn ready_for_screenshot(&mut self, shown: bool, _: &Shared<'_>) -> bool {
        self.is_loaded() && shown
    }
}

impl LogoDetailScreen {
    /// Shows the logo opened (only the newest request's answer reaches the screen).
    fn on_opened(&mut self, ctx: &egui::Context, detail: LogoDetail) {
        self.pending = None;
        let texture = detail.image.map(|img| {
            ctx.load_texture(
                format!("logo-{}", detail.logo.logo_id),
                img,
                egui::TextureOptions::LINEAR,
            )
        });
        self.loaded = Some(Loaded {
            logo: detail.logo,
            texture,
            image_error: detail.image_error,
            stale_since: detail.stale_since,
        });
        self.view = View::default();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fees_explain_threshold_and_multiplier() {
        let fee = |t: &str| Fee {
            fee_type: FeeType::from(t),
            sku: String::new(),
            name: String::new(),
            prices: vec![],
        };
        assert!(fee_meaning(&fee("startup")).contains("threshold"));
        assert!(fee_meaning(&fee("fee")).contains("multiplier"));
        assert!(fee_meaning(&fee("heating")).contains("multiplier"));
    }
}
