//! Widgets shared by the screens, as methods on `egui::Ui` through [`UiExt`].

mod checkerboard;
pub mod garment;
pub mod id_entry;
pub mod logo_search;

pub use checkerboard::{paint_checkerboard, paint_missing_picture};
pub use id_entry::IdEntry;

use super::theme::{self, space};
use crate::api::{Color, LogoStatus, ValidationIssue};
use crate::backend::UserError;
use egui::{Color32, Response, RichText, Sense, Stroke, Ui, Vec2};

/// logodesk's widgets.
pub trait UiExt {
    fn ui(&mut self) -> &mut Ui;

    /// A small rounded label in `fg` on `bg`.
    fn badge(&mut self, text: &str, fg: Color32, bg: Color32) -> Response {
        let ui = self.ui();
        let galley = ui
            .painter()
            .layout_no_wrap(text.to_owned(), theme::badge_font(), fg);
        let size = galley.size() + egui::vec2(14.0, 6.0);
        let (rect, response) = ui.allocate_exact_size(size, Sense::hover());
        if ui.is_rect_visible(rect) {
            ui.painter().rect_filled(rect, theme::radius::BADGE, bg);
            ui.painter()
                .galley(rect.center() - galley.size() / 2.0, galley, fg);
        }
        response
    }

    /// The `Draft`/`Done` badge of a logo.
    fn status_badge(&mut self, status: &LogoStatus) -> Response {
        let t = theme::tokens(self.ui().ctx());
        let (fg, bg, tip) = match status {
            LogoStatus::Done => (
                t.success,
                t.success_soft,
                crate::tr!("shell-status-done-hint"),
            ),
            LogoStatus::Draft => (
                t.warning,
                t.warning_soft,
                crate::tr!("shell-status-draft-hint"),
            ),
            LogoStatus::Other(_) => (
                t.text_muted,
                t.chrome,
                crate::tr!("shell-status-unknown-hint"),
            ),
        };
        self.badge(&crate::ui::names::logo_status(status), fg, bg)
            .on_hover_text(tip)
    }

    /// A round ink swatch with the color's name, id and hex on hover.
    fn color_swatch(&mut self, color: &Color, diameter: f32) -> Response {
        let ui = self.ui();
        let t = theme::tokens(ui.ctx());
        let (rect, response) = ui.allocate_exact_size(Vec2::splat(diameter), Sense::hover());
        if ui.is_rect_visible(rect) {
            let [r, g, b] = color.rgb();
            ui.painter().circle(
                rect.center(),
                diameter / 2.0 - 0.5,
                Color32::from_rgb(r, g, b),
                Stroke::new(1.0, t.swatch_stroke),
            );
        }
        response.on_hover_text(swatch_text(color))
    }

    /// Up to `max` swatches in a row, then "+N".
    fn swatch_row(&mut self, colors: &[Color], max: usize) {
        let ui = self.ui();
        ui.horizontal(|ui| {
            ui.spacing_mut().item_spacing.x = 3.0;
            for c in colors.iter().take(max) {
                ui.color_swatch(c, 14.0);
            }
            if colors.len() > max {
                ui.muted_small(&format!("+{}", colors.len() - max));
            }
        });
    }

    /// Text in the muted color.
    fn muted(&mut self, text: &str) -> Response {
        let ui = self.ui();
        let c = theme::tokens(ui.ctx()).text_muted;
        ui.label(RichText::new(text).color(c))
    }

    /// One line of a check's report: ✔ and `text` in the success color, or ✖ and `text` in
    /// the danger color.
    fn check_line(&mut self, ok: bool, text: &str) {
        let ui = self.ui();
        let t = theme::tokens(ui.ctx());
        let (icon, c) = if ok {
            ("✔", t.success)
        } else {
            ("✖", t.danger)
        };
        ui.horizontal_wrapped(|ui| {
            ui.label(RichText::new(icon).color(c));
            ui.label(RichText::new(text).color(c));
        });
    }

    /// Small text in the muted color.
    fn muted_small(&mut self, text: &str) -> Response {
        let ui = self.ui();
        let c = theme::tokens(ui.ctx()).text_muted;
        ui.label(RichText::new(text).small().color(c))
    }

    /// A section heading inside a screen.
    fn section_heading(&mut self, text: &str) -> Response {
        let ui = self.ui();
        let c = theme::tokens(ui.ctx()).text_strong;
        ui.label(RichText::new(text).font(theme::heading_font()).color(c))
    }

    /// A screen title with its subtitle beside it, in the room a row's actions (placed first,
    /// from the right) leave: both are cut to fit, whole on hover.
    fn screen_title_in_row(&mut self, title: &str, subtitle: &str) {
        let ui = self.ui();
        let t = theme::tokens(ui.ctx());
        ui.add(
            egui::Label::new(
                RichText::new(title)
                    .text_style(theme::title_style())
                    .color(t.text_strong),
            )
            .truncate(),
        );
        ui.add(egui::Label::new(RichText::new(subtitle).color(t.text_muted)).truncate())
            .on_hover_text(subtitle);
    }

    /// A screen title with an optional subtitle under it.
    fn screen_title(&mut self, title: &str, subtitle: Option<&str>) {
        let ui = self.ui();
        let t = theme::tokens(ui.ctx());
        ui.label(
            RichText::new(title)
                .text_style(theme::title_style())
                .color(t.text_strong),
        );
        if let Some(s) = subtitle {
            ui.muted(s);
        }
    }

    /// A filled accent button for the main action of an area.
    fn primary_button(&mut self, text: &str) -> Response {
        let ui = self.ui();
        let t = theme::tokens(ui.ctx());
        ui.add(
            egui::Button::new(RichText::new(text).color(t.on_accent))
                .fill(t.accent)
                .stroke(Stroke::NONE),
        )
    }

    /// A framed surface (cards, tables, forms).
    fn surface<R>(&mut self, add: impl FnOnce(&mut Ui) -> R) -> R {
        let ui = self.ui();
        let t = theme::tokens(ui.ctx());
        egui::Frame::new()
            .fill(t.surface)
            .stroke(Stroke::new(1.0, t.border))
            .corner_radius(theme::radius::CARD)
            .inner_margin(space::L)
            .show(ui, add)
            .inner
    }

    /// A centred message for an empty or failed area, with an optional action button;
    /// answers whether the button was clicked.
    fn empty_state(&mut self, icon: &str, title: &str, body: &str, button: Option<&str>) -> bool {
        let ui = self.ui();
        let t = theme::tokens(ui.ctx());
        let mut clicked = false;
        ui.vertical_centered(|ui| {
            ui.add_space(ui.available_height().min(400.0) * 0.25);
            ui.label(
                RichText::new(icon)
                    .font(theme::font::empty_icon())
                    .color(t.text_muted),
            );
            ui.add_space(space::S);
            ui.label(
                RichText::new(title)
                    .font(theme::heading_font())
                    .color(t.text_strong),
            );
            ui.add(egui::Label::new(RichText::new(body).color(t.text_muted)).wrap());
            if let Some(b) = button {
                ui.add_space(space::S);
                clicked = ui.primary_button(b).clicked();
            }
        });
        clicked
    }

    /// A problem with what was typed, under its field: "⚠ sentence" in the danger colour.
    fn problem(&mut self, message: &str) -> Response {
        let ui = self.ui();
        let t = theme::tokens(ui.ctx());
        ui.label(
            RichText::new(format!("⚠ {message}"))
                .small()
                .color(t.danger),
        )
    }

    /// The problem of a field that is always laid out with one (a form's fields): on one line
    /// (the whole sentence on hover), and that line kept empty when there is none, so the
    /// fields below never move under the pointer as problems come and go while a person types.
    fn problem_line(&mut self, message: Option<&str>) {
        let ui = self.ui();
        let width = ui.available_width();
        let height = ui.text_style_height(&egui::TextStyle::Small);
        let (rect, response) =
            ui.allocate_exact_size(egui::vec2(width, height), egui::Sense::hover());
        let Some(message) = message else { return };
        let t = theme::tokens(ui.ctx());
        let text = format!("⚠ {message}");
        let galley = egui::WidgetText::from(RichText::new(&text).small().color(t.danger))
            .into_galley(
                ui,
                Some(egui::TextWrapMode::Truncate),
                width,
                egui::TextStyle::Small,
            );
        ui.painter().galley(rect.left_top(), galley, t.danger);
        response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Label, true, &text));
        response.on_hover_text(message);
    }

    /// A form field's label, level with its field: the field's cell also holds the line of
    /// its problem ([`UiExt::problem_line`]), and a grid centres a row's cells on each other.
    fn field_label(&mut self, text: &str) -> Response {
        let ui = self.ui();
        let field = ui.spacing().interact_size.y;
        let problem = ui.text_style_height(&egui::TextStyle::Small) + ui.spacing().item_spacing.y;
        let label = ui.text_style_height(&egui::TextStyle::Body);
        ui.vertical(|ui| {
            ui.set_min_height(field + problem);
            ui.add_space(((field - label) / 2.0).max(0.0));
            ui.add(egui::Label::new(text).wrap_mode(egui::TextWrapMode::Extend))
        })
        .inner
    }

    /// The problem reported for `path` (e.g. `designs[0].instances[2].number`), if any.
    fn problem_at(&mut self, issues: &[ValidationIssue], path: &str) {
        if let Some(issue) = issues.iter().find(|i| i.path == path) {
            self.problem(&issue.message);
        }
    }

    /// An inline error: the sentence, and its details behind a toggle.
    fn error_box(&mut self, error: &UserError, id_salt: &str) {
        let ui = self.ui();
        let t = theme::tokens(ui.ctx());
        egui::Frame::new()
            .fill(t.danger_soft)
            .corner_radius(theme::radius::CONTROL)
            .inner_margin(space::M)
            .show(ui, |ui| {
                ui.add(egui::Label::new(RichText::new(&error.message).color(t.danger)).wrap());
                if let Some(details) = &error.details {
                    egui::CollapsingHeader::new(
                        RichText::new(crate::tr!("common-details")).small(),
                    )
                    .id_salt(("error-details", id_salt))
                    .show(ui, |ui| {
                        ui.add(
                            egui::Label::new(RichText::new(details).small().color(t.text)).wrap(),
                        );
                    });
                }
            });
    }
}

impl UiExt for Ui {
    fn ui(&mut self) -> &mut Ui {
        self
    }
}

/// The mark of views drawn here because the service does not offer `feature`: "Drawn here —
/// this service does not draw design views", its hover saying what is drawn and that the
/// service is asked again later.
pub fn drawn_here_mark(ui: &mut Ui, feature: crate::api::Feature) {
    let t = theme::tokens(ui.ctx());
    let text = match feature {
        crate::api::Feature::DesignViews => crate::tr!("designs-drawn-here-views"),
        crate::api::Feature::DesignThumbnail => crate::tr!("designs-drawn-here-thumbnail"),
        // Nothing of it is drawn: its message says it is missing.
        crate::api::Feature::HealthCheck => crate::i18n::api::say(&feature.message()),
    };
    egui::Frame::new()
        .fill(t.accent_soft)
        .corner_radius(theme::radius::CONTROL)
        .inner_margin(space::S)
        .show(ui, |ui| {
            ui.label(RichText::new(format!("✎ {text}")).color(t.text_strong))
                .on_hover_text(crate::tr!("designs-drawn-here-hover"));
        });
}

/// Hover text of a swatch: `Red (200) #C8102E`.
pub fn swatch_text(color: &Color) -> String {
    if color.name.is_empty() {
        format!("{} {}", color.id, color.hex())
    } else {
        format!("{} ({}) {}", color.name, color.id, color.hex())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn swatch_text_names_the_ink() {
        let c = Color {
            id: "200".into(),
            name: "Red".into(),
            red: 200,
            green: 16,
            blue: 46,
        };
        assert_eq!(swatch_text(&c), "Red (200) #C8102E");
        let unnamed = Color {
            name: String::new(),
            ..c
        };
        assert_eq!(swatch_text(&unnamed), "200 #C8102E");
    }
}
