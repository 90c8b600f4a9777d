//! The clone canvas: the variation being edited drawn on the bare garment at once with its
//! logos (dragged, turned, zoomed, undone), replaced by the service's rendering of the same
//! placements once it arrives; the logo picker beside it.

use super::canvas::{Canvas, CanvasLogo, CanvasView, keys_help};
use super::form::{self, VariationForm};
use super::labelled;
use super::picker::Picker;
use super::views::{Loading, Views};
use crate::api::{DesignId, Placement};
use crate::backend::designs::RenderKind;
use crate::backend::{LogoCard, UserError};
use crate::ui::theme;
use crate::ui::widgets::UiExt as _;
use crate::ui::widgets::garment;
use crate::ui::{Requests, Shared, Slot};
use egui::{RichText, Ui, vec2};
use std::time::Duration;

/// The service is asked to draw the canvas's placements once edits pause this long (or at
/// once when a drag ends).
pub const SETTLE: Duration = Duration::from_millis(250);

/// Size of the canvas.
pub(super) const CANVAS: egui::Vec2 = vec2(400.0, 500.0);

/// The clone canvas: the bare garment under it, the canvas itself (selection, drag, undo),
/// the view it shows, the service's rendering of its placements, and the logo picker.
#[derive(Default)]
pub(super) struct CloneCanvas {
    pub(super) bare: Loading,
    pub(super) canvas: Canvas,
    pub(super) view_name: String,
    pub(super) preview: Preview,
    pub(super) picker: Picker,
    /// The width of the placements table beside the canvas, as last drawn (0 before it is):
    /// a window narrower than the canvas and the table side by side puts the table under it.
    pub(super) table_width: f32,
}

/// The service's rendering of the canvas's placements.
#[derive(Default)]
pub(super) struct Preview {
    /// The placements of the newest rendering asked for (on its way in
    /// [`Slot::DesignPreview`] until its views or its failure come).
    sent: Option<Vec<Placement>>,
    /// The rendering of `sent`, once it came.
    views: Option<Views>,
    /// Why the newest rendering failed.
    error: Option<String>,
}

impl Preview {
    /// Whether the service's pictures show exactly `current`.
    pub(super) fn is_current(&self, current: Option<&Vec<Placement>>) -> bool {
        current.is_some() && self.sent.as_ref() == current && self.views.is_some()
    }

    /// Asks the service to draw `placements` of design `id` (a new request of
    /// [`Slot::DesignPreview`]: the one still on its way is superseded, its answer never
    /// comes).
    fn ask(
        &mut self,
        shared: &mut Shared<'_>,
        design: (DesignId, Option<i64>),
        placements: Vec<Placement>,
    ) {
        self.sent = Some(placements.clone());
        self.views = None;
        let (slot, label) = (
            Slot::DesignPreview,
            crate::tr!("designs-drawing-preview-request"),
        );
        let kind = RenderKind::Preview(placements);
        super::ask_render(shared, slot, &label, design, kind);
    }

    /// The newest rendering came.
    pub(super) fn on_rendered(&mut self, views: Views) {
        self.views = Some(views);
        self.error = None;
    }

    /// The newest rendering failed.
    pub(super) fn on_failed(&mut self, error: &UserError) {
        self.error = Some(error.message.clone());
    }

    /// Starts over (another variation on the canvas, a new form, the form closed): the
    /// rendering on its way is superseded, its answer never comes.
    pub(super) fn reset(&mut self, requests: &mut Requests) {
        requests.supersede_slot(Slot::DesignPreview);
        *self = Preview::default();
    }
}

impl CloneCanvas {
    /// The canvas of variation `v` of `design` (its id and style) with its tools, `logos` the
    /// ones it may show; answers a logo picked to add.
    pub(super) fn ui(
        &mut self,
        ui: &mut Ui,
        shared: &mut Shared<'_>,
        logos: &[&LogoCard],
        design: (DesignId, Option<i64>),
        v: &mut VariationForm,
    ) -> Option<LogoCard> {
        let t = theme::tokens(ui.ctx());
        let views = match &mut self.bare {
            Loading::Ready(views) if !views.is_empty() => views,
            Loading::Ready(_) => {
                ui.muted(&crate::tr!("designs-garment-no-views"));
                return None;
            }
            Loading::Failed(e) => {
                ui.problem(&crate::tr!(
                    "designs-garment-failed",
                    reason = e.message.as_str()
                ));
                return None;
            }
            Loading::Idle | Loading::Pending(_) => {
                ui.horizontal(|ui| {
                    ui.spinner();
                    ui.muted(&crate::tr!("designs-drawing-garment"));
                });
                return None;
            }
        };
        // The view shown: the chosen one, else the first placement's, else the first.
        let k = views
            .find(&self.view_name)
            .or_else(|| v.placements.first().and_then(|p| views.find(&p.view)))
            .unwrap_or(0);
        // A service that does not draw views: the garment was drawn here, and so is every
        // edit (no service preview is asked, so no badge waits for one).
        let drawn_here = views.rendered.drawn_here;
        if let Some(feature) = drawn_here {
            crate::ui::widgets::drawn_here_mark(ui, feature);
        }
        let garment_texture = views.texture(ui.ctx(), k);
        let picture = views.get(k)?;
        let (name, geometry) = (picture.view.clone(), picture.geometry);
        self.view_name = name.clone();
        let names: Vec<String> = views
            .rendered
            .views
            .iter()
            .map(|p| p.view.clone())
            .collect();

        // The service's picture when it shows exactly these placements.
        // (Not read while a drag moves a logo: the service's picture is not of them then.)
        let fresh =
            !self.canvas.dragging() && self.preview.is_current(form::placements(v).as_ref());
        let service = if fresh {
            self.preview
                .views
                .as_mut()
                .and_then(|views| views.find(&name).and_then(|i| views.texture(ui.ctx(), i)))
        } else {
            None
        };

        let mut picked = None;
        ui.horizontal_wrapped(|ui| {
            for n in &names {
                if ui
                    .selectable_label(*n == name, crate::ui::names::view(n))
                    .accessible_name(crate::tr!(
                        "designs-canvas-view",
                        name = crate::ui::names::view(n)
                    ))
                    .clicked()
                {
                    self.view_name = n.clone();
                }
            }
        });
        let size = egui::vec2(geometry.width as f32, geometry.height as f32);
        ui.horizontal(|ui| {
            let rect = egui::Rect::from_min_size(ui.cursor().min, CANVAS);
            let zoomed = crate::tr!("designs-zoom-canvas");
            garment::zoom_buttons(ui, &mut self.canvas.frame, rect, size, &zoomed);
            ui.separator();
            let (undo, redo) = self.canvas.history_len();
            if ui
                .add_enabled(
                    undo > 0,
                    egui::Button::new(crate::tr!("designs-undo")).small(),
                )
                .on_hover_text(crate::tr!("designs-undo-hint"))
                .clicked()
            {
                self.canvas.undo(&mut v.placements);
            }
            if ui
                .add_enabled(
                    redo > 0,
                    egui::Button::new(crate::tr!("designs-redo")).small(),
                )
                .on_hover_text(crate::tr!("designs-redo-hint"))
                .clicked()
            {
                self.canvas.redo(&mut v.placements);
            }
            if ui
                .small_button(crate::tr!("designs-add-logo"))
                .on_hover_text(crate::tr!("designs-add-logo-hint"))
                .clicked()
            {
                self.picker.open(shared);
            }
        });
        if let Some(card) = self.picker.ui(ui, shared) {
            self.canvas
                .add(&mut v.placements, card.logo_id, &name, &geometry);
            picked = Some(card);
        }
        let logos: Vec<CanvasLogo> = logos
            .iter()
            .copied()
            .chain(picked.as_ref())
            .map(|l| CanvasLogo {
                logo: l,
                texture: shared.thumbs.get(l.thumb).map(|t| t.id()),
            })
            .collect();
        let canvas_view = CanvasView {
            name: &name,
            geometry,
            garment: garment_texture,
            service,
        };
        self.canvas
            .ui(ui, CANVAS, &mut v.placements, &canvas_view, &logos);

        // Badge, and asking the service to draw the placements once edits settle.
        let current = form::placements(v);
        ui.horizontal_wrapped(|ui| {
            if drawn_here.is_some() {
                // Said once, above the canvas.
            } else if self.preview.is_current(current.as_ref()) {
                let text = crate::tr!("designs-preview-service");
                labelled(ui.badge(&text, t.success, t.success_soft), &text)
                    .on_hover_text(crate::tr!("designs-preview-service-hint"));
            } else if current.is_none() {
                let text = crate::tr!("designs-preview-fix");
                labelled(ui.badge(&text, t.warning, t.warning_soft), &text);
            } else {
                let text = crate::tr!("designs-preview-updating");
                labelled(ui.badge(&text, t.accent, t.accent_soft), &text)
                    .on_hover_text(crate::tr!("designs-preview-updating-hint"));
            }
            if !geometry.from_style {
                ui.muted_small(&crate::tr!("designs-scale-assumed"));
            }
        });
        if let Some(e) = &self.preview.error {
            ui.muted_small(&crate::tr!(
                "designs-preview-failed",
                reason = e.trim_end_matches('.')
            ));
        }
        ui.label(
            RichText::new(keys_help())
                .font(theme::font::small())
                .color(t.text_muted),
        );
        self.ask_preview(ui, shared, design, current);
        picked
    }

    /// Asks the service to draw `current` once edits have settled (or a drag ended); never
    /// when it does not draw views (the bare garment was drawn here).
    fn ask_preview(
        &mut self,
        ui: &Ui,
        shared: &mut Shared<'_>,
        design: (DesignId, Option<i64>),
        current: Option<Vec<Placement>>,
    ) {
        let Some(current) = current else { return };
        // A service that does not draw views: the canvas's own drawing is all there is.
        if matches!(&self.bare, Loading::Ready(v) if v.rendered.drawn_here.is_some()) {
            return;
        }
        if self.preview.sent.as_ref() == Some(&current) || self.canvas.dragging() {
            return;
        }
        let waited = self.canvas.changed_at.map_or(SETTLE, |at| at.elapsed());
        if !self.canvas.released && waited < SETTLE {
            ui.ctx().request_repaint_after(SETTLE - waited);
            return;
        }
        self.preview.ask(shared, design, current);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::LogoId;
    use crate::backend::RequestId;
    use crate::backend::designs::RenderedViews;
    use crate::ui::requests::Settled;
    use crate::ui::test_bench::Bench;

    fn at(x: f64) -> Vec<Placement> {
        vec![Placement {
            view: "FRONT".into(),
            logo_id: LogoId(10001),
            x_coordinate: x,
            y_coordinate: 80.0,
            angle_rads: None,
        }]
    }

    fn drawn() -> Views {
        Views::new(RenderedViews {
            views: Vec::new(),
            stale_since: None,
            drawn_here: None,
        })
    }

    #[test]
    fn the_preview_shows_only_the_newest_edit_and_a_reset_drops_the_one_on_its_way() {
        let mut shell = Bench::new();
        let design = (DesignId(1), None);
        let mut preview = Preview::default();
        preview.ask(&mut shell.shared(), design, at(100.0));
        assert!(!preview.is_current(Some(&at(100.0))), "not drawn yet");
        // Another variation on the canvas: the rendering on its way never comes.
        let first = RequestId(1);
        assert!(shell.requests.is_pending(first), "on its way");
        preview.reset(&mut shell.requests);
        assert_eq!(shell.requests.settle(first, false), Settled::Superseded);
        assert!(!preview.is_current(Some(&at(100.0))));

        preview.ask(&mut shell.shared(), design, at(100.0));
        let second = RequestId(2);
        assert!(shell.requests.is_pending(second), "on its way");
        assert_eq!(
            shell.requests.settle(second, false),
            Settled::Current(Some(Slot::DesignPreview))
        );
        preview.on_rendered(drawn());
        assert!(preview.is_current(Some(&at(100.0))));
        assert!(!preview.is_current(Some(&at(120.0))), "an edit since");
        // The edit is asked for: the earlier picture is not of it, nor counted as current.
        preview.ask(&mut shell.shared(), design, at(120.0));
        assert!(!preview.is_current(Some(&at(120.0))));
        assert!(!preview.is_current(Some(&at(100.0))));
        // A newer ask supersedes the one on its way (the slot keeps the newest only).
        let third = RequestId(3);
        assert!(shell.requests.is_pending(third), "on its way");
        preview.ask(&mut shell.shared(), design, at(140.0));
        assert_eq!(shell.requests.settle(third, false), Settled::Superseded);
        preview.on_rendered(drawn());
        assert!(preview.is_current(Some(&at(140.0))));
    }
}
