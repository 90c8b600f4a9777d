//! The transparency checkerboard drawn behind logos, and what stands where a picture is
//! missing.

use crate::ui::theme::{self, space};
use egui::{Painter, Rect, Response, pos2, vec2};

/// Says in `rect` why there is no picture: `sentence` wrapped within it, and given to assistive
/// technology as the picture's label; without one, `fallback` on one line.
pub fn paint_missing_picture(
    painter: &Painter,
    rect: Rect,
    response: &Response,
    sentence: Option<&str>,
    fallback: &str,
) {
    let t = theme::tokens(painter.ctx());
    match sentence {
        Some(sentence) => {
            let galley = painter.layout(
                sentence.to_owned(),
                theme::font::picture_message(),
                t.text_muted,
                (rect.width() - 2.0 * space::XL).max(80.0),
            );
            painter.galley(rect.center() - galley.size() / 2.0, galley, t.text_muted);
            response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Image, true, sentence));
        }
        None => {
            painter.text(
                rect.center(),
                egui::Align2::CENTER_CENTER,
                fallback,
                theme::font::picture_message(),
                t.text_muted,
            );
        }
    }
}

/// Paints a checkerboard of `cell`-point squares over `rect` (clipped to it), anchored at the
/// rect's corner so it does not crawl while panning.
pub fn paint_checkerboard(painter: &Painter, rect: Rect, cell: f32) {
    let t = theme::tokens(painter.ctx());
    let clip = painter.clip_rect().intersect(rect);
    if !clip.is_positive() {
        return;
    }
    painter.rect_filled(clip, 0.0, t.checker[0]);
    let first_col = ((clip.min.x - rect.min.x) / cell).floor() as i64;
    let first_row = ((clip.min.y - rect.min.y) / cell).floor() as i64;
    let cols = (clip.width() / cell).ceil() as i64 + 1;
    let rows = (clip.height() / cell).ceil() as i64 + 1;
    let mut mesh = egui::Mesh::default();
    for row in first_row..first_row + rows {
        for col in first_col..first_col + cols {
            if (row + col) % 2 == 0 {
                continue;
            }
            let min = pos2(
                rect.min.x + col as f32 * cell,
                rect.min.y + row as f32 * cell,
            );
            let square = Rect::from_min_size(min, vec2(cell, cell)).intersect(clip);
            if square.is_positive() {
                mesh.add_colored_rect(square, t.checker[1]);
            }
        }
    }
    painter.add(mesh);
}
