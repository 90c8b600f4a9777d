//! The picture: before, after (the local recolor preview) or split with a draggable divider,
//! on a checkerboard inside the rulers.

use super::EditorScreen;
use super::model::{PictureMode, parse_mm};
use super::ruler::{RULER, rulers};
use crate::tr;
use crate::ui::theme::{self, picture, space};
use crate::ui::widgets::{UiExt as _, paint_checkerboard, paint_missing_picture};
use egui::{Rect, Sense, Stroke, TextureHandle, Ui, Vec2, pos2};

impl EditorScreen {
    pub(super) fn picture_ui(&mut self, ui: &mut Ui) {
        let t = theme::tokens(ui.ctx());
        let Some(open) = &self.open else { return };
        ui.horizontal(|ui| {
            for (mode, label, tip) in [
                (
                    PictureMode::Before,
                    tr!("editor-picture-before"),
                    tr!("editor-picture-before-hover"),
                ),
                (
                    PictureMode::After,
                    tr!("editor-picture-after"),
                    tr!("editor-picture-after-hover"),
                ),
                (
                    PictureMode::Split,
                    tr!("editor-picture-split"),
                    tr!("editor-picture-split-hover"),
                ),
            ] {
                if ui
                    .selectable_label(self.mode == mode, label)
                    .on_hover_text(tip)
                    .clicked()
                {
                    self.mode = mode;
                }
            }
            ui.add_space(space::S);
            if self.preview.is_some() {
                let text = tr!("editor-picture-local-preview");
                ui.badge(&text, t.warning, t.warning_soft)
                    .widget_info(|| egui::WidgetInfo::labeled(egui::Role::Label, true, &text));
            } else {
                ui.muted_small(&tr!("editor-picture-service"));
            }
        });
        ui.add_space(space::XS);
        let size = ui.available_size() - Vec2::new(0.0, space::S);
        let (rect, response) = ui.allocate_exact_size(
            size.max(Vec2::splat(picture::MIN_EDITOR)),
            Sense::click_and_drag(),
        );
        let name = tr!("editor-picture");
        response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Image, true, &name));
        let painter = ui.painter_at(rect);
        let inner = Rect::from_min_max(rect.min + Vec2::splat(RULER), rect.max);
        paint_checkerboard(&painter, inner, 12.0);
        painter.rect_stroke(
            inner,
            0.0,
            Stroke::new(1.0, t.border),
            egui::StrokeKind::Inside,
        );
        let before = open.texture.as_ref();
        let after = self.preview.as_ref().map(|(_, tex)| tex).or(before);
        let Some(base) = before else {
            paint_missing_picture(
                &painter,
                inner,
                &response,
                open.image_error.as_deref(),
                &tr!("editor-picture-missing"),
            );
            return;
        };
        let img = base.size_vec2();
        let fit = ((inner.size() - Vec2::splat(2.0 * space::XL)) / img)
            .min_elem()
            .max(0.01);
        let image_rect = Rect::from_center_size(inner.center(), img * fit);
        let uv = Rect::from_min_max(pos2(0.0, 0.0), pos2(1.0, 1.0));
        let draw = |tex: &TextureHandle, clip: Rect| {
            painter
                .with_clip_rect(clip)
                .image(tex.id(), image_rect, uv, egui::Color32::WHITE);
        };
        match self.mode {
            PictureMode::Before => draw(base, inner),
            PictureMode::After => draw(after.unwrap_or(base), inner),
            PictureMode::Split => {
                if response.dragged()
                    && let Some(p) = response.interact_pointer_pos()
                {
                    self.split = ((p.x - inner.left()) / inner.width()).clamp(0.02, 0.98);
                }
                let x = inner.left() + inner.width() * self.split;
                draw(base, Rect::from_min_max(inner.min, pos2(x, inner.bottom())));
                draw(
                    after.unwrap_or(base),
                    Rect::from_min_max(pos2(x, inner.top()), inner.max),
                );
                painter.line_segment(
                    [pos2(x, inner.top()), pos2(x, inner.bottom())],
                    Stroke::new(2.0, t.accent),
                );
                painter.text(
                    pos2(x - 6.0, inner.top() + 6.0),
                    egui::Align2::RIGHT_TOP,
                    tr!("editor-picture-split-before"),
                    theme::font::small(),
                    t.text_muted,
                );
                painter.text(
                    pos2(x + 6.0, inner.top() + 6.0),
                    egui::Align2::LEFT_TOP,
                    tr!("editor-picture-split-after"),
                    theme::font::small(),
                    t.text_muted,
                );
            }
        }
        let w_mm = parse_mm(&self.staging.width).unwrap_or(open.logo.width_in_mm);
        let h_mm = parse_mm(&self.staging.height).unwrap_or(open.logo.height_in_mm);
        rulers(&painter, rect, image_rect, w_mm, h_mm, t);
    }
}
