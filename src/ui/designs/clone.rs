//! The clone form: one surface per variation with its placements as numbers; the variation
//! being edited also on the canvas beside them (the bare garment drawn at once with the
//! logos, replaced by the service's rendering of the same placements once it arrives).

use super::canvas::{Canvas, CanvasLogo, CanvasView, keys_help};
use super::form::{self, CloneForm, PlacementId, VariationForm};
use super::picker::Picker;
use super::views::{Loading, Views};
use super::{DesignsScreen, labelled};
use crate::api::{DesignId, Placement, ValidationIssue};
use crate::backend::designs::{DesignsCommand, RenderKind};
use crate::backend::{Command, LogoCard};
use crate::ui::theme::{self, control, field, space};
use crate::ui::widgets::UiExt as _;
use crate::ui::widgets::garment;
use crate::ui::{Shared, Slot};
use egui::{RichText, Ui, vec2};
use std::time::Duration;

/// The service is asked to draw the canvas's placements once edits pause this long (or at
/// once when a drag ends).
pub const SETTLE: Duration = Duration::from_millis(250);

/// Size of the canvas.
const CANVAS: egui::Vec2 = vec2(400.0, 500.0);

/// The service's rendering of the canvas's placements.
#[derive(Default)]
pub struct Preview {
    /// Revision of the newest rendering asked for.
    pub asked: u64,
    /// The placements it was asked with.
    pub sent: Option<Vec<Placement>>,
    /// The newest rendering that came, with its revision.
    pub views: Option<(u64, Views)>,
    /// Why the newest rendering failed.
    pub error: Option<String>,
}

impl Preview {
    /// Whether the service's pictures show exactly `current`.
    pub fn is_current(&self, current: Option<&Vec<Placement>>) -> bool {
        current.is_some()
            && self.sent.as_ref() == current
            && self.views.as_ref().is_some_and(|(r, _)| *r == self.asked)
    }

    /// A rendering came (only the newest asked's comes: each ask is a new
    /// [`Slot::DesignPreview`] request, superseding the one before).
    pub fn on_rendered(&mut self, revision: u64, views: Views) {
        self.views = Some((revision, views));
        self.error = None;
    }
}

/// What the canvas needs of the screen, apart from the form.
struct CanvasParts<'a> {
    canvas: &'a mut Canvas,
    view_name: &'a mut String,
    bare: &'a mut Loading,
    preview: &'a mut Preview,
    picker: &'a mut Picker,
    logos: Vec<&'a LogoCard>,
    source: DesignId,
    style_id: Option<i64>,
}

impl DesignsScreen {
    /// Asks for the bare garment under the canvas (once per design: the backend keeps it).
    pub(super) fn ask_bare(&mut self, shared: &mut Shared<'_>) {
        let Some(design) = self.view.as_ref().map(|v| &v.design) else {
            return;
        };
        if matches!(self.bare, Loading::Pending | Loading::Ready(_)) {
            return;
        }
        let (id, style_id) = (design.design_id, design.style_id);
        self.bare = Loading::Pending;
        let (slot, label) = (
            Slot::DesignBare,
            crate::tr!("designs-drawing-garment-request"),
        );
        super::ask_render(shared, slot, &label, (id, style_id), RenderKind::Bare);
    }

    pub(super) fn clone_ui(&mut self, ui: &mut Ui, shared: &mut Shared<'_>) {
        let DesignsScreen {
            clone,
            view,
            canvas,
            canvas_view,
            bare,
            preview,
            picker,
            extra_logos,
            cloning,
            clone_error,
            ..
        } = self;
        let Some(form) = clone else { return };
        let view = view.as_ref();
        let mut cancel = false;
        let mut send = false;
        ui.section_heading(&crate::tr!("designs-clone-heading"));
        ui.muted(&crate::tr!("designs-clone-intro"));
        ui.add_space(space::S);
        let mut remove_variation = None;
        let mut make_active = None;
        let n_variations = form.variations.len();
        if form.active >= n_variations {
            form.active = 0;
        }
        let active = form.active;
        let mut logos: Vec<&LogoCard> = view.map(|v| v.logos.iter().collect()).unwrap_or_default();
        logos.extend(extra_logos.iter());
        let mut parts = CanvasParts {
            canvas,
            view_name: canvas_view,
            bare,
            preview,
            picker,
            logos,
            source: form.source,
            style_id: view.and_then(|v| v.design.style_id),
        };
        let (_, issues) = form.body();
        let mut picked = None;
        for (i, v) in form.variations.iter_mut().enumerate() {
            let n = i + 1;
            ui.push_id(("variation", i), |ui| {
                ui.surface(|ui| {
                    ui.horizontal(|ui| {
                        ui.label(RichText::new(crate::tr!("designs-variation", n = n)).strong());
                        ui.label(crate::tr!("designs-column-title"));
                        ui.add(egui::TextEdit::singleline(&mut v.title).desired_width(field::XL))
                            .accessible_name(crate::tr!("designs-variation-title-name", n = n));
                        if i == active {
                            let t = theme::tokens(ui.ctx());
                            ui.badge(&crate::tr!("designs-on-canvas"), t.accent, t.accent_soft);
                        } else if ui
                            .small_button(crate::tr!("designs-edit-on-canvas"))
                            .accessible_name(crate::tr!("designs-edit-variation-on-canvas", n = n))
                            .clicked()
                        {
                            make_active = Some(i);
                        }
                        if n_variations > 1
                            && ui
                                .small_button(crate::tr!("designs-remove-variation"))
                                .accessible_name(crate::tr!("designs-remove-variation-n", n = n))
                                .clicked()
                        {
                            remove_variation = Some(i);
                        }
                    });
                    ui.problem_at(&issues, &format!("variations[{i}].title"));
                    ui.add_space(space::XS);
                    if i == active {
                        ui.horizontal_top(|ui| {
                            ui.vertical(|ui| {
                                ui.set_max_width(CANVAS.x);
                                picked = canvas_ui(ui, shared, &mut parts, v);
                            });
                            ui.vertical(|ui| {
                                let selected = parts.canvas.selected;
                                if let Some(id) =
                                    placements_form_ui(ui, i, v, &parts.logos, &issues, selected)
                                {
                                    parts.canvas.selected = Some(id);
                                    if let Some(p) = v.placements.iter().find(|p| p.id == id) {
                                        *parts.view_name = p.view.trim().to_uppercase();
                                    }
                                }
                            });
                        });
                    } else {
                        placements_form_ui(ui, i, v, &parts.logos, &issues, None);
                    }
                });
            });
            ui.add_space(space::S);
        }
        if let Some(card) = picked {
            extra_logos.retain(|l| l.logo_id != card.logo_id);
            extra_logos.push(card);
        }
        if let Some(i) = remove_variation {
            form.variations.remove(i);
            if form.active >= form.variations.len() || form.active == i {
                make_active = Some(0);
            } else if form.active > i {
                form.active -= 1;
            }
        }
        if let Some(i) = make_active {
            form.active = i;
            canvas.reset();
            *preview = Preview::default();
        }
        let (body, issues) = form.body();
        ui.problem_at(&issues, "variations");
        if let Some(error) = &*clone_error {
            ui.error_box(error, "clone");
            ui.add_space(space::S);
        }
        ui.horizontal(|ui| {
            if ui.button(crate::tr!("designs-add-variation")).clicked()
                && let Some(v) = view
            {
                let n = form.variations.len() + 1;
                form.variations.push(CloneForm::variation_of(&v.design, n));
            }
            let busy = *cloning;
            let label = crate::tr!("designs-create", count = body.variations.len());
            let create = ui
                .add_enabled_ui(issues.is_empty() && !busy, |ui| ui.primary_button(&label))
                .inner
                .on_disabled_hover_text(crate::tr!("designs-fix-problems-first"));
            send = create.clicked();
            cancel = ui.button(crate::tr!("common-cancel")).clicked();
            if busy {
                ui.spinner();
            }
        });
        if cancel {
            *clone = None;
            *clone_error = None;
        } else if send && issues.is_empty() {
            let source = form.source;
            *clone_error = None;
            *cloning = true;
            shared.request(
                Slot::DesignClone,
                &crate::tr!("designs-cloning-request"),
                |request| {
                    Command::Designs(DesignsCommand::Clone {
                        request,
                        source,
                        body,
                    })
                },
            );
        }
    }
}

/// The canvas of the variation being edited, with its tools; answers a logo picked to add.
fn canvas_ui(
    ui: &mut Ui,
    shared: &mut Shared<'_>,
    parts: &mut CanvasParts<'_>,
    v: &mut VariationForm,
) -> Option<LogoCard> {
    let t = theme::tokens(ui.ctx());
    let views = match parts.bare {
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
        Loading::Idle | Loading::Pending => {
            ui.horizontal(|ui| {
                ui.spinner();
                ui.muted(&crate::tr!("designs-drawing-garment"));
            });
            return None;
        }
    };
    // The view shown: the chosen one, else the first placement's, else the first.
    let k = views
        .find(parts.view_name)
        .or_else(|| v.placements.first().and_then(|p| views.find(&p.view)))
        .unwrap_or(0);
    let garment_texture = views.texture(ui.ctx(), k);
    let picture = views.get(k)?;
    let (name, geometry) = (picture.view.clone(), picture.geometry);
    *parts.view_name = name.clone();
    let names: Vec<String> = views
        .rendered
        .views
        .iter()
        .map(|p| p.view.clone())
        .collect();

    // The service's picture when it shows exactly these placements.
    // (Not read while a drag moves a logo: the service's picture is not of them then.)
    let fresh = !parts.canvas.dragging() && parts.preview.is_current(form::placements(v).as_ref());
    let service = if fresh {
        parts
            .preview
            .views
            .as_mut()
            .and_then(|(_, views)| views.find(&name).and_then(|i| views.texture(ui.ctx(), i)))
    } else {
        None
    };

    let mut picked = None;
    ui.horizontal_wrapped(|ui| {
        for n in &names {
            if ui
                .selectable_label(*n == name, n.as_str())
                .accessible_name(crate::tr!("designs-canvas-view", name = n.as_str()))
                .clicked()
            {
                *parts.view_name = n.clone();
            }
        }
    });
    let size = egui::vec2(geometry.width as f32, geometry.height as f32);
    ui.horizontal(|ui| {
        let rect = egui::Rect::from_min_size(ui.cursor().min, CANVAS);
        let zoomed = crate::tr!("designs-zoom-canvas");
        garment::zoom_buttons(ui, &mut parts.canvas.frame, rect, size, &zoomed);
        ui.separator();
        let (undo, redo) = parts.canvas.history_len();
        if ui
            .add_enabled(
                undo > 0,
                egui::Button::new(crate::tr!("designs-undo")).small(),
            )
            .on_hover_text(crate::tr!("designs-undo-hint"))
            .clicked()
        {
            parts.canvas.undo(&mut v.placements);
        }
        if ui
            .add_enabled(
                redo > 0,
                egui::Button::new(crate::tr!("designs-redo")).small(),
            )
            .on_hover_text(crate::tr!("designs-redo-hint"))
            .clicked()
        {
            parts.canvas.redo(&mut v.placements);
        }
        if ui
            .small_button(crate::tr!("designs-add-logo"))
            .on_hover_text(crate::tr!("designs-add-logo-hint"))
            .clicked()
        {
            parts.picker.open(shared);
        }
    });
    if let Some(card) = parts.picker.ui(ui, shared) {
        parts
            .canvas
            .add(&mut v.placements, card.logo_id, &name, &geometry);
        picked = Some(card);
    }
    let logos: Vec<CanvasLogo> = parts
        .logos
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
    parts
        .canvas
        .ui(ui, CANVAS, &mut v.placements, &canvas_view, &logos);

    // Badge, and asking the service to draw the placements once edits settle.
    let current = form::placements(v);
    ui.horizontal_wrapped(|ui| {
        if parts.preview.is_current(current.as_ref()) {
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
    if let Some(e) = &parts.preview.error {
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
    ask_preview(ui, shared, parts, current);
    picked
}

/// Asks the service to draw `current` once edits have settled (or a drag ended).
fn ask_preview(
    ui: &Ui,
    shared: &mut Shared<'_>,
    parts: &mut CanvasParts<'_>,
    current: Option<Vec<Placement>>,
) {
    let Some(current) = current else { return };
    if parts.preview.sent.as_ref() == Some(&current) || parts.canvas.dragging() {
        return;
    }
    let waited = parts.canvas.changed_at.map_or(SETTLE, |at| at.elapsed());
    if !parts.canvas.released && waited < SETTLE {
        ui.ctx().request_repaint_after(SETTLE - waited);
        return;
    }
    parts.preview.asked += 1;
    parts.preview.sent = Some(current.clone());
    let (revision, id, style_id) = (parts.preview.asked, parts.source, parts.style_id);
    let kind = RenderKind::Preview {
        revision,
        placements: current,
    };
    let (slot, label) = (
        Slot::DesignPreview,
        crate::tr!("designs-drawing-preview-request"),
    );
    super::ask_render(shared, slot, &label, (id, style_id), kind);
}

/// The placements of variation `i` as an editable table; a cell with a problem is tinted
/// and its sentence listed under the table. `selected` is the canvas's selection (the
/// variation on the canvas); answers a row picked to select.
fn placements_form_ui(
    ui: &mut Ui,
    i: usize,
    v: &mut VariationForm,
    logos: &[&LogoCard],
    issues: &[ValidationIssue],
    selected: Option<PlacementId>,
) -> Option<PlacementId> {
    let n = i + 1;
    if v.placements.is_empty() {
        ui.muted(&crate::tr!("designs-variation-no-logos"));
        return None;
    }
    let mut remove = None;
    let mut pick = None;
    let mut problems = Vec::new();
    egui::Grid::new(("clone-placements", i))
        .spacing([space::S, space::XS])
        .show(ui, |ui| {
            for h in [
                crate::tr!("designs-column-view"),
                crate::tr!("designs-logo"),
                crate::tr!("designs-column-x"),
                crate::tr!("designs-column-y"),
                crate::tr!("designs-column-angle"),
                String::new(),
            ] {
                ui.strong(h);
            }
            ui.end_row();
            for (j, p) in v.placements.iter_mut().enumerate() {
                let m = j + 1;
                let at = format!("variations[{i}].designLogos[{j}]");
                let mut cell = |ui: &mut Ui, value: &mut String, width: f32, key: &str, name| {
                    let issue = issues.iter().find(|x| x.path == format!("{at}.{key}"));
                    let mut edit = egui::TextEdit::singleline(value);
                    if let Some(issue) = issue {
                        edit = edit.background_color(theme::tokens(ui.ctx()).danger_soft);
                        problems.push(crate::tr!(
                            "designs-placement-problem",
                            m = m,
                            problem = issue.message.as_str()
                        ));
                    }
                    let height = ui.spacing().interact_size.y;
                    ui.add_sized([width, height], edit).accessible_name(name);
                };
                cell(
                    ui,
                    &mut p.view,
                    control::COLUMN,
                    "view",
                    crate::tr!("designs-cell-view", n = n, m = m),
                );
                let title = logos
                    .iter()
                    .find(|l| l.logo_id == p.logo_id)
                    .map_or_else(|| p.logo_id.to_string(), |l| l.title.clone());
                if ui
                    .selectable_label(selected == Some(p.id), title)
                    .accessible_name(crate::tr!("designs-select-placement-of", m = m, n = n))
                    .on_hover_text(crate::tr!(
                        "designs-select-on-canvas-hint",
                        id = p.logo_id.to_string()
                    ))
                    .clicked()
                {
                    pick = Some(p.id);
                }
                cell(
                    ui,
                    &mut p.x,
                    control::NARROW,
                    "xCoordinate",
                    crate::tr!("designs-cell-x", n = n, m = m),
                );
                cell(
                    ui,
                    &mut p.y,
                    control::NARROW,
                    "yCoordinate",
                    crate::tr!("designs-cell-y", n = n, m = m),
                );
                cell(
                    ui,
                    &mut p.angle,
                    control::ANGLE,
                    "angleRads",
                    crate::tr!("designs-cell-angle", n = n, m = m),
                );
                if ui
                    .small_button("✕")
                    .accessible_name(crate::tr!("designs-remove-placement-of", m = m, n = n))
                    .on_hover_text(crate::tr!("designs-remove-placement-hint"))
                    .clicked()
                {
                    remove = Some(j);
                }
                ui.end_row();
            }
        });
    for p in problems {
        ui.problem(&p);
    }
    if let Some(j) = remove {
        v.placements.remove(j);
    }
    pick
}
