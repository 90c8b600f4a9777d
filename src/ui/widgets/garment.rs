//! A garment view: a picture whose pixels are the design's coordinate space, shown fitted to
//! a rectangle at a zoom and pan, with the mapping between screen points and view px, the
//! snapping to the garment's centre line and the rotated box of a placed logo.
//!
//! Coordinates of a view (see `docs/spec-gaps.md`): px of the picture the service drew,
//! origin top-left, y down; a placement's point is its logo's centre and its angle a
//! clockwise turn on the picture.

use crate::ui::theme::{self, space};
use egui::epaint::{Mesh, Vertex};
use egui::{Color32, Pos2, Rect, Response, TextureId, Ui, Vec2, pos2, vec2};

/// Zoom limits, relative to "fit".
pub const ZOOM_MIN: f32 = 0.5;
pub const ZOOM_MAX: f32 = 8.0;
/// One step of the zoom buttons.
pub const ZOOM_STEP: f32 = 1.25;
/// A move snaps to the centre line within this many screen points.
pub const SNAP_POINTS: f32 = 6.0;

/// How a view is shown: zoom relative to fitting the rectangle, and pan in screen points.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ViewFrame {
    pub zoom: f32,
    pub pan: Vec2,
}

impl Default for ViewFrame {
    fn default() -> Self {
        ViewFrame {
            zoom: 1.0,
            pan: Vec2::ZERO,
        }
    }
}

impl ViewFrame {
    /// The mapping of a view of `size` px shown in `rect`.
    pub fn mapping(&self, rect: Rect, size: Vec2) -> Mapping {
        let fit = if size.x > 0.0 && size.y > 0.0 {
            (rect.width() / size.x).min(rect.height() / size.y)
        } else {
            1.0
        };
        let scale = fit * self.zoom;
        Mapping {
            origin: rect.center() - size * scale / 2.0 + self.pan,
            scale,
        }
    }

    /// Zooms by `factor` keeping the view point under `anchor` where it is.
    pub fn zoom_at(&mut self, rect: Rect, size: Vec2, factor: f32, anchor: Pos2) {
        let before = self.mapping(rect, size);
        let under = before.to_view(anchor);
        self.zoom = (self.zoom * factor).clamp(ZOOM_MIN, ZOOM_MAX);
        let after = self.mapping(rect, size);
        self.pan += anchor - after.to_screen(under);
    }

    /// Back to the whole view fitted.
    pub fn fit(&mut self) {
        *self = ViewFrame::default();
    }
}

/// Screen = `origin` + view px × `scale`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Mapping {
    pub origin: Pos2,
    /// Screen points per view px.
    pub scale: f32,
}

impl Mapping {
    /// Where view point `p` (px) is on the screen.
    pub fn to_screen(&self, p: [f64; 2]) -> Pos2 {
        self.origin + vec2(p[0] as f32, p[1] as f32) * self.scale
    }

    /// The view point (px) under screen point `p`.
    pub fn to_view(&self, p: Pos2) -> [f64; 2] {
        let v = (p - self.origin) / self.scale;
        [f64::from(v.x), f64::from(v.y)]
    }

    /// The whole view of `size` px on the screen.
    pub fn view_rect(&self, size: Vec2) -> Rect {
        Rect::from_min_size(self.origin, size * self.scale)
    }

    /// The four corners (top-left, top-right, bottom-right, bottom-left before turning) of a
    /// box of `size` px centred on `center`, turned `angle_rads` clockwise.
    pub fn corners(&self, center: [f64; 2], size: [f64; 2], angle_rads: f64) -> [Pos2; 4] {
        let c = self.to_screen(center);
        let (hw, hh) = (size[0] / 2.0, size[1] / 2.0);
        let (sin, cos) = angle_rads.sin_cos();
        [(-hw, -hh), (hw, -hh), (hw, hh), (-hw, hh)].map(|(dx, dy)| {
            let (x, y) = (dx * cos - dy * sin, dx * sin + dy * cos);
            c + vec2(x as f32, y as f32) * self.scale
        })
    }
}

/// `x` moved onto the centre line `center_x` when within `threshold` px of it; whether it
/// snapped.
pub fn snap_x(x: f64, center_x: f64, threshold: f64) -> (f64, bool) {
    if (x - center_x).abs() <= threshold {
        (center_x, true)
    } else {
        (x, false)
    }
}

/// Whether `p` is inside the convex quadrilateral `q` (corners in order).
pub fn in_quad(p: Pos2, q: &[Pos2; 4]) -> bool {
    let mut sign = 0.0_f32;
    for i in 0..4 {
        let (a, b) = (q[i], q[(i + 1) % 4]);
        let cross = (b - a).x * (p - a).y - (b - a).y * (p - a).x;
        if cross != 0.0 {
            if sign != 0.0 && cross.signum() != sign {
                return false;
            }
            sign = cross.signum();
        }
    }
    true
}

/// Paints `texture` on the quadrilateral `q` (its top-left corner first).
pub fn paint_quad_image(painter: &egui::Painter, texture: TextureId, q: &[Pos2; 4]) {
    let mut mesh = Mesh::with_texture(texture);
    let uvs = [
        pos2(0.0, 0.0),
        pos2(1.0, 0.0),
        pos2(1.0, 1.0),
        pos2(0.0, 1.0),
    ];
    for (p, uv) in q.iter().zip(uvs) {
        mesh.vertices.push(Vertex {
            pos: *p,
            uv,
            color: Color32::WHITE,
        });
    }
    mesh.add_triangle(0, 1, 2);
    mesh.add_triangle(0, 2, 3);
    painter.add(mesh);
}

/// Outlines the quadrilateral `q`.
pub fn paint_quad_outline(painter: &egui::Painter, q: &[Pos2; 4], stroke: egui::Stroke) {
    painter.add(egui::Shape::closed_line(q.to_vec(), stroke));
}

/// Paints the picture of a view (or its sentence) into the mapped rectangle.
pub fn paint_view_picture(
    painter: &egui::Painter,
    mapping: &Mapping,
    size: Vec2,
    texture: Option<TextureId>,
) {
    let t = theme::tokens(painter.ctx());
    let rect = mapping.view_rect(size);
    match texture {
        Some(texture) => {
            painter.image(
                texture,
                rect,
                Rect::from_min_max(pos2(0.0, 0.0), pos2(1.0, 1.0)),
                Color32::WHITE,
            );
        }
        None => {
            painter.rect_filled(rect, 0.0, t.surface_hover);
        }
    }
}

/// Wheel or pinch over `response` zooms about the pointer (the wheel is taken from the page's
/// scrolling while over the view); dragging it pans when `drag_pans`.
pub fn zoom_and_pan(
    ui: &Ui,
    response: &Response,
    frame: &mut ViewFrame,
    size: Vec2,
    drag_pans: bool,
) {
    let rect = response.rect;
    if let Some(pointer) = response.hover_pos() {
        let (pinch, wheel) = ui.ctx().input_mut(|i| {
            let wheel = i.smooth_scroll_delta.y;
            i.smooth_scroll_delta = Vec2::ZERO;
            (i.zoom_delta(), wheel)
        });
        let factor = if pinch != 1.0 {
            pinch
        } else {
            (wheel / 200.0).exp()
        };
        if factor != 1.0 {
            frame.zoom_at(rect, size, factor, pointer);
        }
    }
    if drag_pans && response.dragged() {
        frame.pan += response.drag_delta();
    }
}

/// The zoom buttons (−, +, Fit) and the zoom in percent; `name` tells them apart for
/// assistive technology.
pub fn zoom_buttons(ui: &mut Ui, frame: &mut ViewFrame, rect: Rect, size: Vec2, name: &str) {
    ui.spacing_mut().item_spacing.x = space::XS;
    if ui
        .small_button("−")
        .accessible_name(crate::tr!("shell-zoom-out-of", name = name))
        .on_hover_text(crate::tr!("shell-zoom-out-hint"))
        .clicked()
    {
        frame.zoom_at(rect, size, 1.0 / ZOOM_STEP, rect.center());
    }
    if ui
        .small_button("+")
        .accessible_name(crate::tr!("shell-zoom-into", name = name))
        .on_hover_text(crate::tr!("shell-zoom-in-hint"))
        .clicked()
    {
        frame.zoom_at(rect, size, ZOOM_STEP, rect.center());
    }
    if ui
        .small_button(crate::tr!("shell-zoom-fit"))
        .accessible_name(crate::tr!("shell-zoom-fit-name", name = name))
        .on_hover_text(crate::tr!("shell-zoom-fit-hint"))
        .clicked()
    {
        frame.fit();
    }
    ui.label(
        egui::RichText::new(format!("{:.0} %", frame.zoom * 100.0))
            .font(theme::font::small())
            .color(theme::tokens(ui.ctx()).text_muted),
    );
}

/// A label that follows the pointer over the view (a placement's title, view and position),
/// named for assistive technology.
pub fn hover_label(ui: &Ui, id: egui::Id, at: Pos2, text: &str) {
    egui::Area::new(id)
        .order(egui::Order::Tooltip)
        .fixed_pos(at + vec2(space::M, space::M))
        .interactable(false)
        .show(ui.ctx(), |ui| {
            egui::Frame::popup(ui.style()).show(ui, |ui| {
                ui.label(text);
            });
        });
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: Pos2, b: Pos2) -> bool {
        (a - b).length() < 1e-3
    }

    #[test]
    fn screen_and_view_points_map_both_ways_at_any_zoom_and_pan() {
        let rect = Rect::from_min_size(pos2(100.0, 50.0), vec2(400.0, 400.0));
        let size = vec2(1200.0, 1600.0);
        let mut frame = ViewFrame::default();
        // Fitted: 1600 px high into 400 points → 0.25 points per px, centred.
        let m = frame.mapping(rect, size);
        assert!((m.scale - 0.25).abs() < 1e-6);
        assert!(close(m.to_screen([0.0, 0.0]), pos2(150.0, 50.0)));
        assert!(close(m.to_screen([600.0, 800.0]), rect.center()));
        let back = m.to_view(pos2(200.0, 150.0));
        assert!((back[0] - 200.0).abs() < 1e-3 && (back[1] - 400.0).abs() < 1e-3);

        // Zooming about a point keeps that point where it is.
        let anchor = pos2(180.0, 120.0);
        let under = m.to_view(anchor);
        frame.zoom_at(rect, size, 2.0, anchor);
        let m2 = frame.mapping(rect, size);
        assert!((m2.scale - 0.5).abs() < 1e-6);
        assert!(close(m2.to_screen(under), anchor));
        // Panning moves every point by the pan.
        frame.pan += vec2(30.0, -10.0);
        let m3 = frame.mapping(rect, size);
        assert!(close(
            m3.to_screen([10.0, 20.0]),
            m2.to_screen([10.0, 20.0]) + vec2(30.0, -10.0)
        ));
        let p = m3.to_view(m3.to_screen([321.0, 654.0]));
        assert!((p[0] - 321.0).abs() < 1e-3 && (p[1] - 654.0).abs() < 1e-3);
        // Zoom stays within its limits; fit restores.
        frame.zoom_at(rect, size, 100.0, anchor);
        assert_eq!(frame.zoom, ZOOM_MAX);
        frame.fit();
        assert_eq!(frame, ViewFrame::default());
    }

    #[test]
    fn a_box_turns_clockwise_on_the_picture() {
        let m = Mapping {
            origin: pos2(0.0, 0.0),
            scale: 1.0,
        };
        let q = m.corners([100.0, 100.0], [40.0, 20.0], 0.0);
        assert!(close(q[0], pos2(80.0, 90.0)) && close(q[2], pos2(120.0, 110.0)));
        // A quarter turn clockwise: the top-left corner goes to the top-right.
        let q = m.corners([100.0, 100.0], [40.0, 20.0], std::f64::consts::FRAC_PI_2);
        assert!(close(q[0], pos2(110.0, 80.0)), "{q:?}");
        assert!(in_quad(pos2(105.0, 115.0), &q));
        assert!(!in_quad(pos2(115.0, 100.0), &q));
    }

    #[test]
    fn moves_snap_to_the_centre_line_within_the_threshold_only() {
        assert_eq!(snap_x(604.0, 600.0, 6.0), (600.0, true));
        assert_eq!(snap_x(594.0, 600.0, 6.0), (600.0, true));
        assert_eq!(snap_x(607.0, 600.0, 6.0), (607.0, false));
    }
}
