//! The rulers in mm along the top and left of the picture, and where their ticks go.

use crate::api::format_mm;
use crate::ui::theme;
use egui::{Pos2, Rect, Stroke, Vec2, pos2};

/// Width of the rulers around the picture.
pub(super) const RULER: f32 = 22.0;

/// Most ticks one ruler has, whatever the size it is given: a tick every 6 points of the widest
/// screen is far fewer, and `"inf"` or 1e308 mm cannot make the loop run longer.
pub const MAX_RULER_TICKS: usize = 1000;

/// One tick of a ruler: its value, its distance from the ruler's start in points, and whether
/// it is labelled.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Tick {
    pub mm: f64,
    pub offset: f32,
    pub major: bool,
}

/// The ticks of a ruler `len_mm` long drawn over `px` points: a tick at least every 6 points
/// (1, 2, 5, 10, … mm apart), labels at least 44 points apart, never more than
/// [`MAX_RULER_TICKS`] + 1 ticks. Nothing for a length or extent that is not a positive
/// finite number.
pub fn ruler_ticks(len_mm: f64, px: f32) -> Vec<Tick> {
    if !(len_mm.is_finite() && len_mm > 0.0 && px.is_finite() && px > 0.0) {
        return Vec::new();
    }
    let per_mm = f64::from(px) / len_mm;
    let mut step = [1.0, 2.0, 5.0, 10.0, 20.0, 50.0, 100.0, 200.0]
        .into_iter()
        .find(|s| s * per_mm >= 6.0)
        .unwrap_or(500.0);
    let mut label_every = [10.0, 20.0, 50.0, 100.0, 200.0, 500.0]
        .into_iter()
        .find(|s| s * per_mm >= 44.0)
        .unwrap_or(1000.0);
    // A length no picture has (1e308 mm on a few hundred points): wider steps, by tens, until
    // the count fits. `len_mm` is finite, so this ends within about 310 rounds.
    while len_mm / step > MAX_RULER_TICKS as f64 {
        step *= 10.0;
        label_every = label_every.max(step);
    }
    let count = (((len_mm + 1e-6) / step).floor() as usize).min(MAX_RULER_TICKS);
    (0..=count)
        .map(|i| {
            let v = i as f64 * step;
            Tick {
                mm: v,
                offset: ((v * per_mm) as f32).min(px),
                major: (v / label_every).fract().abs() < 1e-6,
            }
        })
        .collect()
}

/// Rulers in mm along the top and left of the picture.
pub(super) fn rulers(
    painter: &egui::Painter,
    rect: Rect,
    image: Rect,
    w_mm: f64,
    h_mm: f64,
    t: &theme::Tokens,
) {
    let top = Rect::from_min_max(
        pos2(rect.left() + RULER, rect.top()),
        pos2(rect.right(), rect.top() + RULER),
    );
    let left = Rect::from_min_max(
        pos2(rect.left(), rect.top() + RULER),
        pos2(rect.left() + RULER, rect.bottom()),
    );
    painter.rect_filled(top, 0.0, t.chrome);
    painter.rect_filled(left, 0.0, t.chrome);
    painter.rect_filled(
        Rect::from_min_size(rect.min, Vec2::splat(RULER)),
        0.0,
        t.chrome,
    );
    let font = theme::font::ruler();
    let ink = Stroke::new(1.0, t.text_muted);
    let bands = [
        (false, w_mm, image.left(), image.width(), top),
        (true, h_mm, image.top(), image.height(), left),
    ];
    for (vertical, len_mm, start, extent, band) in bands {
        let (lo, hi) = if vertical {
            (band.top(), band.bottom())
        } else {
            (band.left(), band.right())
        };
        for Tick {
            mm,
            offset: d,
            major,
        } in ruler_ticks(len_mm, extent)
        {
            let p = start + d;
            if p < lo || p > hi {
                continue;
            }
            let len = if major { 10.0 } else { 4.0 };
            let (a, b, label) = if vertical {
                let r = band.right();
                (
                    pos2(r - len, p),
                    pos2(r, p),
                    pos2(band.left() + 1.0, p + 2.0),
                )
            } else {
                let y = band.bottom();
                (
                    pos2(p, y - len),
                    pos2(p, y),
                    pos2(p + 2.0, band.top() + 1.0),
                )
            };
            painter.line_segment([a, b], ink);
            if major {
                let align = egui::Align2::LEFT_TOP;
                painter.text(label, align, format_mm(mm), font.clone(), t.text_muted);
            }
        }
    }
    // The picture's extent on both rulers, in the accent color.
    let accent = Stroke::new(2.0, t.accent);
    painter.line_segment(
        [
            pos2(image.left(), top.bottom() - 1.0),
            pos2(image.right(), top.bottom() - 1.0),
        ],
        accent,
    );
    painter.line_segment(
        [
            pos2(left.right() - 1.0, image.top()),
            pos2(left.right() - 1.0, image.bottom()),
        ],
        accent,
    );
    painter.text(
        Pos2::new(rect.left() + 3.0, rect.top() + 5.0),
        egui::Align2::LEFT_TOP,
        "mm",
        font,
        t.text_muted,
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_ruler_is_bounded_whatever_the_size() {
        // An ordinary picture: 0, 2, 4 … 80 mm over 400 points, labelled every 10 mm.
        let ticks = ruler_ticks(80.0, 400.0);
        assert_eq!(ticks.len(), 41);
        assert_eq!((ticks[40].mm, ticks[40].offset), (80.0, 400.0));
        assert!(ticks[5].major && !ticks[1].major);
        // What the service could send: no tick, or at most MAX_RULER_TICKS + 1, at once.
        for len in [f64::INFINITY, f64::NEG_INFINITY, f64::NAN, -5.0, 0.0] {
            assert!(ruler_ticks(len, 400.0).is_empty(), "{len}");
        }
        for len in [1e308, f64::MAX, 1e12, 2001.0] {
            let ticks = ruler_ticks(len, 400.0);
            assert!(
                !ticks.is_empty() && ticks.len() <= MAX_RULER_TICKS + 1,
                "{len}"
            );
            assert!(
                ticks
                    .iter()
                    .all(|t| t.offset.is_finite() && t.offset <= 400.0)
            );
        }
        assert!(ruler_ticks(80.0, f32::NAN).is_empty());
        assert!(ruler_ticks(5e-324, 400.0).len() == 1);
    }
}
