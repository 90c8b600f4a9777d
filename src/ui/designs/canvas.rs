//! The clone canvas: the placements of the variation being edited, drawn at once on the
//! chosen view (the bare garment with each logo's thumbnail at its real size, turned), or the
//! service's own rendering when it is current. Drag a placement to move it (snapping to the
//! centre line unless Alt is held), drag the round handle to turn it, drag the background to
//! pan, wheel or pinch to zoom; keys act on the selected placement. Every edit is one step of
//! undo (a drag is one step; typing in one field is one step).
//!
//! The canvas edits the same [`PlacementForm`]s as the table beside it, so both stay in sync.

use super::form::{PlacementForm, PlacementId};
use crate::api::LogoId;
use crate::backend::LogoCard;
use crate::backend::designs::ViewGeometry;
use crate::ui::Action;
use crate::ui::theme::{self, space};
use crate::ui::undo::EditHistory;
use crate::ui::widgets::garment::{
    self, Mapping, SNAP_POINTS, ViewFrame, in_quad, paint_quad_image, paint_quad_outline, snap_x,
};
use egui::{Key, Modifiers, Pos2, Rect, Response, Sense, Stroke, TextureId, Ui, Vec2, vec2};
use std::time::Instant;

/// Degrees of one rotate step (keys, and the handle with Shift).
pub const ROTATE_STEP: f64 = 15.0;
/// Distance of the rotate handle above a placement's box, in points.
const HANDLE_OFFSET: f32 = 22.0;
/// Radius of the rotate handle, in points.
const HANDLE_RADIUS: f32 = 6.0;
/// Size drawn for a logo whose size is not known, in mm.
const UNKNOWN_MM: f64 = 60.0;

/// The keys of the canvas, shown under it.
pub fn keys_help() -> String {
    crate::tr!("designs-canvas-keys-help")
}

/// A placed logo as the canvas draws it: the logo as the screens show it (title, size in mm,
/// 0 when not known) and its thumbnail's texture, when loaded.
#[derive(Debug, Clone, PartialEq)]
pub struct CanvasLogo<'a> {
    pub logo: &'a LogoCard,
    pub texture: Option<TextureId>,
}

/// The view the canvas draws on.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CanvasView<'a> {
    /// The view's name (`FRONT`…), as placements name it.
    pub name: &'a str,
    pub geometry: ViewGeometry,
    /// The bare garment.
    pub garment: Option<TextureId>,
    /// The service's rendering of exactly these placements, when current: shown instead of
    /// the local drawing.
    pub service: Option<TextureId>,
}

enum Drag {
    /// Moving placement `id`; `grab` is the pointer minus the logo's centre, in px;
    /// `angle` its turn (read once when the drag starts).
    Move {
        id: PlacementId,
        grab: [f64; 2],
        angle: f64,
    },
    /// Turning placement `id` at `at` (read once when the drag starts) with its handle.
    Rotate { id: PlacementId, at: [f64; 2] },
    /// Panning the view.
    Pan,
}

/// A placement as drawn this frame.
#[derive(Debug, Clone, Copy)]
struct Drawn {
    index: usize,
    id: PlacementId,
    corners: [Pos2; 4],
}

/// The canvas's state: view frame, selection, drag, undo.
#[derive(Default)]
pub struct Canvas {
    pub frame: ViewFrame,
    /// The placement selected (it stays selected when others are added, removed or undone).
    pub selected: Option<PlacementId>,
    drag: Option<Drag>,
    /// The moved placement sits on the centre line.
    pub snapped: bool,
    /// The placements after each edit (the app's one undo stack).
    history: EditHistory<Vec<PlacementForm>>,
    /// The placements as the last frame left them (to see edits made in the table); not
    /// kept up during a drag, which edits one placement in place and is one step.
    last: Option<Vec<PlacementForm>>,
    /// The text field whose typing is the newest undo step (open until the field loses
    /// focus or another edit starts).
    typing: Option<egui::Id>,
    /// When the placements last changed (the service's preview waits for a pause).
    pub changed_at: Option<Instant>,
    /// A drag ended this frame.
    pub released: bool,
    drawn: Vec<Drawn>,
    hovered: Option<usize>,
}

impl Canvas {
    /// Forgets selection and undo (another variation or design is edited).
    pub fn reset(&mut self) {
        *self = Canvas {
            frame: self.frame,
            ..Canvas::default()
        };
    }

    /// Where the selected placement is in `placements`.
    pub fn selected_index(&self, placements: &[PlacementForm]) -> Option<usize> {
        let id = self.selected?;
        placements.iter().position(|p| p.id == id)
    }

    /// Whether a placement is being dragged or turned.
    pub fn dragging(&self) -> bool {
        matches!(self.drag, Some(Drag::Move { .. } | Drag::Rotate { .. }))
    }

    /// Screen corners of placement `index`'s box as last drawn (top-left, top-right,
    /// bottom-right, bottom-left before turning; tests).
    pub fn drawn_corners(&self, index: usize) -> Option<[Pos2; 4]> {
        self.drawn
            .iter()
            .find(|d| d.index == index)
            .map(|d| d.corners)
    }

    /// Screen position of placement `index`'s centre as last drawn (tests, benches).
    pub fn drawn_center(&self, index: usize) -> Option<Pos2> {
        self.drawn_corners(index).map(|corners| {
            Pos2::new(
                corners.iter().map(|c| c.x).sum::<f32>() / 4.0,
                corners.iter().map(|c| c.y).sum::<f32>() / 4.0,
            )
        })
    }

    /// Screen position of the selected placement's rotate handle as last drawn (tests).
    pub fn rotate_handle(&self) -> Option<Pos2> {
        self.handle().map(|(handle, _)| handle)
    }

    /// How many undo and redo steps there are (of the placements as the last frame left
    /// them).
    pub fn history_len(&self) -> (usize, usize) {
        self.last
            .as_ref()
            .map_or((0, 0), |last| self.history.steps(last))
    }

    /// Whether there is an edit of `placements` to undo, and one to redo.
    pub fn undo_state(&self, placements: &Vec<PlacementForm>) -> (bool, bool) {
        let (undo, redo) = self.history.steps(placements);
        (undo > 0, redo > 0)
    }

    /// Closes the step before an edit starting now (the typing in a field included): the
    /// placements `before` it are an undo point.
    fn begin(&mut self, before: &Vec<PlacementForm>) {
        self.history.record(before);
        self.typing = None;
    }

    /// Records an edit made now as one undo step (a new edit clears redo).
    fn end(&mut self, after: &Vec<PlacementForm>) {
        self.history.record(after);
        self.edited(after);
    }

    /// Notes an edit made now to `placements` (copied only when it differs from the last
    /// frame's, reusing the copy's room).
    fn edited(&mut self, placements: &[PlacementForm]) {
        self.changed_at = Some(Instant::now());
        self.keep_last(placements);
    }

    /// Keeps `placements` as the last frame's, copying only what changed.
    fn keep_last(&mut self, placements: &[PlacementForm]) {
        match &mut self.last {
            Some(last) if same_ids(last, placements) && last.as_slice() == placements => {}
            Some(last) => {
                last.truncate(placements.len());
                let n = last.len();
                for (kept, p) in last.iter_mut().zip(placements) {
                    if kept.id != p.id || kept != p {
                        kept.clone_from(p);
                    }
                }
                last.extend_from_slice(&placements[n..]);
            }
            None => self.last = Some(placements.to_vec()),
        }
    }

    /// Takes edits made outside the canvas (the table, add/remove buttons) as undo steps:
    /// typing in one field is one step.
    fn sync(&mut self, placements: &Vec<PlacementForm>, focused: Option<egui::Id>) {
        if self.dragging() {
            // The drag is one step, recorded when it started; `last` waits for its end.
            return;
        }
        match &self.last {
            Some(last) if last != placements => {
                if focused.is_none() || self.typing != focused {
                    // Another field, or a button: the step before is closed.
                    self.history.record(last);
                    self.typing = focused;
                    if focused.is_none() {
                        self.history.record(placements);
                    }
                }
                self.edited(placements);
            }
            Some(_) => {
                if self.typing.is_some() && self.typing != focused {
                    // The field lost focus: its typing is one step.
                    self.history.record(placements);
                    self.typing = None;
                }
            }
            None => {
                self.history.record(placements);
                self.last = Some(placements.clone());
            }
        }
        if self.selected_index(placements).is_none() {
            self.selected = None;
        }
    }

    /// Undoes or redoes (`action`) the newest edit (keys, the buttons, the Edit menu).
    pub fn undo_or_redo(&mut self, action: Action, placements: &mut Vec<PlacementForm>) {
        if self.history.apply(action, placements) {
            self.typing = None;
            self.edited(placements);
        }
    }

    /// Undoes the newest edit.
    pub fn undo(&mut self, placements: &mut Vec<PlacementForm>) {
        self.undo_or_redo(Action::Undo, placements);
    }

    /// Redoes the newest undone edit.
    pub fn redo(&mut self, placements: &mut Vec<PlacementForm>) {
        self.undo_or_redo(Action::Redo, placements);
    }

    /// Adds `logo` in the centre of `view` and selects it.
    pub fn add(
        &mut self,
        placements: &mut Vec<PlacementForm>,
        logo: LogoId,
        view: &str,
        geometry: &ViewGeometry,
    ) {
        self.begin(placements);
        placements.push(PlacementForm::at(
            view,
            logo,
            geometry.center_x.round(),
            (geometry.height / 2.0).round(),
            0.0,
        ));
        self.selected = placements.last().map(|p| p.id);
        self.end(placements);
    }

    /// Removes the selected placement.
    pub fn remove_selected(&mut self, placements: &mut Vec<PlacementForm>) {
        if let Some(i) = self.selected_index(placements) {
            self.selected = None;
            self.begin(placements);
            placements.remove(i);
            self.end(placements);
        }
    }

    /// Changes the selected placement's numbers by `f` (one undo step).
    fn change_selected(
        &mut self,
        placements: &mut Vec<PlacementForm>,
        f: impl FnOnce(f64, f64, f64) -> (f64, f64, f64),
    ) {
        let Some(i) = self.selected_index(placements) else {
            return;
        };
        let Some(p) = placements.get(i) else { return };
        let Some((x, y, a)) = p.numbers() else { return };
        self.begin(placements);
        let (x, y, a) = f(x, y, a);
        if let Some(p) = placements.get_mut(i) {
            p.set_numbers(x, y, a);
        }
        self.end(placements);
    }

    /// The keys of the canvas (when it or nothing has the keyboard focus; undo and redo are
    /// the screen's, [`DesignsScreen`](super::DesignsScreen)).
    fn keys(&mut self, ui: &Ui, placements: &mut Vec<PlacementForm>) {
        let (mut dx, mut dy, mut turn, mut delete) = (0.0, 0.0, 0.0, false);
        ui.input_mut(|i| {
            for (key, x, y) in [
                (Key::ArrowLeft, -1.0, 0.0),
                (Key::ArrowRight, 1.0, 0.0),
                (Key::ArrowUp, 0.0, -1.0),
                (Key::ArrowDown, 0.0, 1.0),
            ] {
                let big = i.count_and_consume_key(Modifiers::SHIFT, key) as f64;
                let small = i.count_and_consume_key(Modifiers::NONE, key) as f64;
                dx += x * (10.0 * big + small);
                dy += y * (10.0 * big + small);
            }
            turn -= i.count_and_consume_key(Modifiers::NONE, Key::OpenBracket) as f64;
            turn += i.count_and_consume_key(Modifiers::NONE, Key::CloseBracket) as f64;
            turn -= i.count_and_consume_key(Modifiers::SHIFT, Key::R) as f64;
            turn += i.count_and_consume_key(Modifiers::NONE, Key::R) as f64;
            delete = i.consume_key(Modifiers::NONE, Key::Delete)
                || i.consume_key(Modifiers::NONE, Key::Backspace);
        });
        if dx != 0.0 || dy != 0.0 || turn != 0.0 {
            self.change_selected(placements, |x, y, a| {
                (x + dx, y + dy, a + turn * ROTATE_STEP)
            });
        }
        if delete {
            self.remove_selected(placements);
        }
    }

    /// The canvas, `size` points large, on `view`. Answers its response (named "Clone
    /// canvas" for assistive technology).
    pub fn ui(
        &mut self,
        ui: &mut Ui,
        size: Vec2,
        placements: &mut Vec<PlacementForm>,
        view: &CanvasView<'_>,
        logos: &[CanvasLogo<'_>],
    ) -> Response {
        let focused = ui.memory(|m| m.focused());
        self.sync(placements, focused);
        self.released = false;
        let (rect, response) = ui.allocate_exact_size(size, Sense::click_and_drag());
        let response = super::labelled(response, &crate::tr!("designs-clone-canvas"));
        let view_size = vec2(view.geometry.width as f32, view.geometry.height as f32);
        garment::zoom_and_pan(ui, &response, &mut self.frame, view_size, false);
        let mapping = self.frame.mapping(rect, view_size);

        self.drawn = self.layout(&mapping, placements, view, logos);
        let pointer = response.hover_pos();
        let handle = self.handle();
        self.hovered = pointer.and_then(|p| self.hit(p));

        // Pointer.
        if response.drag_started() {
            // Where the button went down: the drag starts only after a few points of movement.
            let at = ui
                .input(|i| i.pointer.press_origin())
                .or(response.interact_pointer_pos());
            self.drag = match at {
                Some(p) if handle.is_some_and(|(h, _)| h.distance(p) <= HANDLE_RADIUS * 2.0) => {
                    let index = self.selected_index(placements).unwrap_or_default();
                    let (x, y, _) = placements
                        .get(index)
                        .and_then(PlacementForm::numbers)
                        .unwrap_or_default();
                    let id = placements.get(index).map(|p| p.id);
                    self.begin(placements);
                    id.map(|id| Drag::Rotate { id, at: [x, y] })
                }
                Some(p) => match self.hit(p) {
                    Some(index) => {
                        let id = placements[index].id;
                        self.selected = Some(id);
                        let (x, y, angle) = placements[index].numbers().unwrap_or_default();
                        let v = mapping.to_view(p);
                        self.begin(placements);
                        Some(Drag::Move {
                            id,
                            grab: [v[0] - x, v[1] - y],
                            angle,
                        })
                    }
                    None => Some(Drag::Pan),
                },
                None => None,
            };
            response.request_focus();
        }
        // The placement a drag moved this frame (edited in place).
        let mut moved = None;
        if response.dragged()
            && let Some(p) = response.interact_pointer_pos()
        {
            let alt = ui.input(|i| i.modifiers.alt);
            let shift = ui.input(|i| i.modifiers.shift);
            match self.drag {
                Some(Drag::Move { id, grab, angle }) => {
                    if let Some(index) = placements.iter().position(|p| p.id == id) {
                        let form = &mut placements[index];
                        let v = mapping.to_view(p);
                        let threshold = f64::from(SNAP_POINTS / mapping.scale);
                        let (x, snapped) = if alt {
                            (v[0] - grab[0], false)
                        } else {
                            snap_x((v[0] - grab[0]).round(), view.geometry.center_x, threshold)
                        };
                        self.snapped = snapped;
                        form.set_numbers(x, v[1] - grab[1], angle);
                        self.changed_at = Some(Instant::now());
                        moved = Some(index);
                    }
                }
                Some(Drag::Rotate { id, at: [x, y] }) => {
                    let index = placements.iter().position(|p| p.id == id);
                    if let (Some(index), Some(c)) =
                        (index, index.and_then(|i| self.drawn_center(i)))
                    {
                        let form = &mut placements[index];
                        let d = p - c;
                        let mut degrees = f64::from(d.x.atan2(-d.y)).to_degrees();
                        degrees = if shift {
                            (degrees / ROTATE_STEP).round() * ROTATE_STEP
                        } else {
                            degrees.round()
                        };
                        form.set_numbers(x, y, degrees);
                        self.changed_at = Some(Instant::now());
                        moved = Some(index);
                    }
                }
                Some(Drag::Pan) => self.frame.pan += response.drag_delta(),
                None => {}
            }
        }
        if response.drag_stopped() {
            self.released = self.dragging();
            if self.released {
                // The drag is one step.
                self.history.record(placements);
                self.keep_last(placements);
            }
            self.drag = None;
            self.snapped = false;
        }
        if response.clicked() {
            self.selected = pointer
                .and_then(|p| self.hit(p))
                .and_then(|i| placements.get(i))
                .map(|p| p.id);
            response.request_focus();
        }
        if response.has_focus() || focused.is_none() {
            if response.has_focus() {
                ui.memory_mut(|m| {
                    m.set_focus_lock_filter(
                        response.id,
                        egui::EventFilter {
                            horizontal_arrows: true,
                            vertical_arrows: true,
                            ..Default::default()
                        },
                    );
                });
            }
            self.keys(ui, placements);
        }
        // The drawing follows this frame's edits: a drag frame lays out its one placement.
        match moved {
            Some(index) if self.dragging() => {
                let one = self.layout_one(&mapping, placements, index, view, logos);
                if let (Some(one), Some(d)) =
                    (one, self.drawn.iter_mut().find(|d| d.index == index))
                {
                    *d = one;
                }
            }
            _ => self.drawn = self.layout(&mapping, placements, view, logos),
        }
        self.paint(ui, rect, &mapping, view, logos, placements);
        if let (Some(i), Some(p), None) = (self.hovered, pointer, &self.drag)
            && let Some(form) = placements.get(i)
        {
            let title = logo_of(logos, form.logo_id)
                .map_or_else(|| crate::tr!("designs-logo"), |l| l.logo.title.clone());
            let text = format!(
                "{title} · {} · x {} y {} · {}°",
                form.view.trim(),
                form.x,
                form.y,
                if form.angle.trim().is_empty() {
                    "0"
                } else {
                    form.angle.trim()
                }
            );
            garment::hover_label(ui, response.id.with("hover"), p, &text);
        }
        if !self.dragging() && response.hovered() && self.hovered.is_some() {
            ui.ctx().set_cursor_icon(egui::CursorIcon::Grab);
        }
        if !self.dragging() {
            self.keep_last(placements);
        }
        response
    }

    /// The boxes of the placements on `view`, in drawing order.
    fn layout(
        &self,
        mapping: &Mapping,
        placements: &[PlacementForm],
        view: &CanvasView<'_>,
        logos: &[CanvasLogo<'_>],
    ) -> Vec<Drawn> {
        (0..placements.len())
            .filter_map(|index| self.layout_one(mapping, placements, index, view, logos))
            .collect()
    }

    /// The box of placement `index`, if it is on `view` and its numbers read.
    fn layout_one(
        &self,
        mapping: &Mapping,
        placements: &[PlacementForm],
        index: usize,
        view: &CanvasView<'_>,
        logos: &[CanvasLogo],
    ) -> Option<Drawn> {
        Some(placements.get(index))
            .flatten()
            .filter(|p| p.view.trim().eq_ignore_ascii_case(view.name))
            .and_then(|p| {
                let (x, y, a) = p.numbers()?;
                let mm = logo_of(logos, p.logo_id)
                    .map(|l| [l.logo.width_mm, l.logo.height_mm])
                    .filter(|s| s[0] > 0.0 && s[1] > 0.0)
                    .unwrap_or([UNKNOWN_MM, UNKNOWN_MM]);
                let px = [
                    mm[0] * view.geometry.px_per_mm,
                    mm[1] * view.geometry.px_per_mm,
                ];
                Some(Drawn {
                    index,
                    id: p.id,
                    corners: mapping.corners([x, y], px, a.to_radians()),
                })
            })
    }

    /// The topmost placement under `p`.
    fn hit(&self, p: Pos2) -> Option<usize> {
        self.drawn
            .iter()
            .rev()
            .find(|d| in_quad(p, &d.corners))
            .map(|d| d.index)
    }

    /// The rotate handle of the selected placement (its centre, and the top of its box).
    fn handle(&self) -> Option<(Pos2, Pos2)> {
        let s = self.selected?;
        let d = self.drawn.iter().find(|d| d.id == s)?;
        let top = d.corners[0] + (d.corners[1] - d.corners[0]) / 2.0;
        let center = self.drawn_center(d.index)?;
        let dir = (top - center).normalized();
        let dir = if dir.is_finite() {
            dir
        } else {
            vec2(0.0, -1.0)
        };
        Some((top + dir * HANDLE_OFFSET, top))
    }

    fn paint(
        &self,
        ui: &Ui,
        rect: Rect,
        mapping: &Mapping,
        view: &CanvasView<'_>,
        logos: &[CanvasLogo<'_>],
        placements: &[PlacementForm],
    ) {
        let t = theme::tokens(ui.ctx());
        let painter = ui.painter_at(rect);
        painter.rect_filled(rect, theme::radius::CARD, t.surface_hover);
        let view_size = vec2(view.geometry.width as f32, view.geometry.height as f32);
        let local = view.service.is_none();
        garment::paint_view_picture(&painter, mapping, view_size, view.service.or(view.garment));
        // The centre line: faint, strong while a move sits on it.
        let top = mapping.to_screen([view.geometry.center_x, 0.0]);
        let bottom = mapping.to_screen([view.geometry.center_x, view.geometry.height]);
        if self.dragging() {
            let (color, width) = if self.snapped {
                (t.accent, 2.0)
            } else {
                (t.text_muted, 1.0)
            };
            painter.extend(egui::Shape::dashed_line(
                &[top, bottom],
                Stroke::new(width, color),
                space::S,
                space::XS,
            ));
        }
        for d in &self.drawn {
            let Some(p) = placements.get(d.index) else {
                continue;
            };
            let logo = logo_of(logos, p.logo_id);
            if local {
                match logo.and_then(|l| l.texture) {
                    Some(texture) => paint_quad_image(&painter, texture, &d.corners),
                    None => {
                        painter.add(egui::Shape::convex_polygon(
                            d.corners.to_vec(),
                            t.accent_soft,
                            Stroke::NONE,
                        ));
                    }
                }
            }
            let stroke = if self.selected == Some(d.id) {
                Stroke::new(2.0, t.accent)
            } else if self.hovered == Some(d.index) {
                Stroke::new(1.5, t.accent)
            } else {
                Stroke::new(1.0, t.text_muted.gamma_multiply(0.6))
            };
            paint_quad_outline(&painter, &d.corners, stroke);
        }
        if let Some((handle, top)) = self.handle() {
            painter.line_segment([top, handle], Stroke::new(1.5, t.accent));
            painter.circle(handle, HANDLE_RADIUS, t.surface, Stroke::new(2.0, t.accent));
        }
        painter.rect_stroke(
            rect,
            theme::radius::CARD,
            Stroke::new(1.0, t.border),
            egui::StrokeKind::Inside,
        );
    }
}

/// Whether `a` and `b` hold the same placements by id, in the same order.
fn same_ids(a: &[PlacementForm], b: &[PlacementForm]) -> bool {
    a.len() == b.len() && a.iter().zip(b).all(|(a, b)| a.id == b.id)
}

/// What the canvas knows of logo `id`.
fn logo_of<'l, 'a>(logos: &'l [CanvasLogo<'a>], id: LogoId) -> Option<&'l CanvasLogo<'a>> {
    logos.iter().find(|l| l.logo.logo_id == id)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn geometry() -> ViewGeometry {
        ViewGeometry::of(1200, 1600, None)
    }

    fn forms() -> Vec<PlacementForm> {
        vec![
            PlacementForm::at("FRONT", LogoId(1), 600.0, 400.0, 0.0),
            PlacementForm::at("BACK", LogoId(2), 600.0, 300.0, 0.0),
        ]
    }

    #[test]
    fn undo_and_redo_walk_the_edits_and_a_new_edit_clears_redo() {
        let mut canvas = Canvas::default();
        let mut p = forms();
        canvas.sync(&p, None);
        canvas.selected = Some(p[0].id);
        canvas.change_selected(&mut p, |x, y, a| (x + 1.0, y, a));
        canvas.change_selected(&mut p, |x, y, a| (x, y, a + ROTATE_STEP));
        assert_eq!((p[0].x.as_str(), p[0].angle.as_str()), ("601", "15"));
        canvas.undo(&mut p);
        assert_eq!((p[0].x.as_str(), p[0].angle.as_str()), ("601", "0"));
        canvas.undo(&mut p);
        assert_eq!(p, forms());
        canvas.redo(&mut p);
        assert_eq!(p[0].x, "601");
        canvas.add(&mut p, LogoId(3), "FRONT", &geometry());
        assert_eq!(
            p[2],
            PlacementForm::at("FRONT", LogoId(3), 600.0, 800.0, 0.0)
        );
        assert_eq!(canvas.selected, Some(p[2].id));
        assert_eq!(canvas.history_len(), (2, 0), "a new edit clears redo");
        canvas.remove_selected(&mut p);
        assert_eq!(p.len(), 2);
    }

    #[test]
    fn the_selection_follows_its_placement_when_another_is_removed_and_undone() {
        let mut canvas = Canvas::default();
        let mut p = forms();
        p.push(PlacementForm::at("FRONT", LogoId(3), 500.0, 200.0, 0.0));
        canvas.sync(&p, None);
        let third = p[2].id;
        canvas.selected = Some(third);
        // The first removed in the table (an edit outside the canvas).
        p.remove(0);
        canvas.sync(&p, None);
        assert_eq!(canvas.selected, Some(third));
        assert_eq!(canvas.selected_index(&p), Some(1));
        canvas.change_selected(&mut p, |x, y, a| (x + 1.0, y, a));
        assert_eq!((p[1].logo_id, p[1].x.as_str()), (LogoId(3), "501"));
        // Undone twice: the first is back, the same placement still selected.
        canvas.undo(&mut p);
        canvas.undo(&mut p);
        assert_eq!(p.len(), 3);
        assert_eq!(canvas.selected_index(&p), Some(2));
        assert_eq!((p[2].logo_id, p[2].x.as_str()), (LogoId(3), "500"));
        // Removed itself: nothing is selected.
        canvas.remove_selected(&mut p);
        canvas.sync(&p, None);
        assert_eq!(canvas.selected, None);
    }

    #[test]
    fn typing_in_one_field_is_one_undo_step() {
        let mut canvas = Canvas::default();
        let mut p = forms();
        canvas.sync(&p, None);
        let field = egui::Id::NULL.with("x");
        for text in ["6", "61", "612"] {
            p[0].x = text.into();
            canvas.sync(&p, Some(field));
            canvas.last = Some(p.clone());
        }
        p[1].y = "5".into();
        canvas.sync(&p, Some(egui::Id::NULL.with("y")));
        assert_eq!(canvas.history_len(), (2, 0));
        canvas.undo(&mut p);
        canvas.undo(&mut p);
        assert_eq!(p, forms());
    }

    #[test]
    fn a_field_losing_focus_closes_its_typing_step() {
        let mut canvas = Canvas::default();
        let mut p = forms();
        canvas.sync(&p, None);
        let field = egui::Id::NULL.with("x");
        p[0].x = "7".into();
        canvas.sync(&p, Some(field));
        canvas.sync(&p, None);
        // The same field again after leaving it: a step of its own.
        p[0].x = "70".into();
        canvas.sync(&p, Some(field));
        assert_eq!(canvas.history_len(), (2, 0));
        canvas.undo(&mut p);
        assert_eq!(p[0].x, "7");
        canvas.undo(&mut p);
        assert_eq!(p, forms());
        assert_eq!(canvas.history_len(), (0, 2));
    }
}
