//! Point lists and shapes the designs and the font are built from (angles in degrees,
//! 0° = right, 90° = down).

use super::raster::{Pt, Shape};

/// Points on an ellipse arc from `a0` to `a1` degrees (0° = right, 90° = down).
pub(crate) fn arc(cx: f32, cy: f32, rx: f32, ry: f32, a0: f32, a1: f32) -> Vec<Pt> {
    let n = (((a1 - a0).abs() / 7.5).ceil() as usize).max(2);
    (0..=n)
        .map(|i| {
            let t = (a0 + (a1 - a0) * i as f32 / n as f32).to_radians();
            (cx + rx * t.cos(), cy + ry * t.sin())
        })
        .collect()
}

pub(super) fn polar(cx: f32, cy: f32, r: f32, deg: f32) -> Pt {
    let t = deg.to_radians();
    (cx + r * t.cos(), cy + r * t.sin())
}

/// Regular polygon with `n` corners, the first at `rot` degrees.
pub(super) fn ngon(cx: f32, cy: f32, r: f32, n: usize, rot: f32) -> Vec<Pt> {
    (0..n)
        .map(|i| polar(cx, cy, r, rot + 360.0 * i as f32 / n as f32))
        .collect()
}

/// Star with `n` points; outer radius `r`, inner radius `ri`, pointing up.
fn star(cx: f32, cy: f32, r: f32, ri: f32, n: usize) -> Vec<Pt> {
    (0..2 * n)
        .map(|i| {
            let rr = if i % 2 == 0 { r } else { ri };
            polar(cx, cy, rr, -90.0 + 180.0 * i as f32 / n as f32)
        })
        .collect()
}

pub(super) fn star5(cx: f32, cy: f32, r: f32) -> Shape {
    Shape::poly(star(cx, cy, r, r * 0.4, 5))
}

/// Heater shield: flat top, straight sides, curving to a point at the bottom.
pub(super) fn shield(cx: f32, top: f32, w: f32, h: f32) -> Vec<Pt> {
    let (l, r) = (cx - w / 2.0, cx + w / 2.0);
    let side = top + 0.38 * h;
    let bottom = top + h;
    // Quadratic Bézier from (x, side) via (x, bottom - 0.14h) to (cx, bottom), at t in [0, 1].
    let curve = |x: f32, t: f32| {
        let q = |p0: f32, p1: f32, p2: f32| {
            (1.0 - t) * (1.0 - t) * p0 + 2.0 * (1.0 - t) * t * p1 + t * t * p2
        };
        (q(x, x, cx), q(side, bottom - 0.14 * h, bottom))
    };
    let n = 20;
    let mut pts = vec![(l, top), (r, top)];
    pts.extend((0..=n).map(|i| curve(r, i as f32 / n as f32)));
    pts.extend((0..n).rev().map(|i| curve(l, i as f32 / n as f32)));
    pts
}

pub(super) fn rounded_rect(x: f32, y: f32, w: f32, h: f32, r: f32) -> Vec<Pt> {
    let mut pts = arc(x + w - r, y + r, r, r, -90.0, 0.0);
    pts.extend(arc(x + w - r, y + h - r, r, r, 0.0, 90.0));
    pts.extend(arc(x + r, y + h - r, r, r, 90.0, 180.0));
    pts.extend(arc(x + r, y + r, r, r, 180.0, 270.0));
    pts
}

/// Rotated ellipse as a polygon (for leaves).
pub(super) fn leaf(cx: f32, cy: f32, rx: f32, ry: f32, deg: f32) -> Shape {
    let (s, c) = deg.to_radians().sin_cos();
    Shape::poly(
        (0..20)
            .map(|i| {
                let t = (i as f32 * 18.0).to_radians();
                let (x, y) = (rx * t.cos(), ry * t.sin());
                (cx + x * c - y * s, cy + x * s + y * c)
            })
            .collect(),
    )
}
