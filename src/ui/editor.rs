//! The draft editor: the picture (before/after/split, rulers in mm) on the left, the staged
//! changes on the right — method, colors, size, title — applied with one "Apply" in the
//! service's order, and the irreversible commit. Controls a rule forbids are disabled with
//! the reason on hover. With no draft open it shows the upload form.

use super::theme::{self, space};
use super::upload::{UploadForm, text_field};
use super::widgets::{UiExt as _, paint_checkerboard};
use super::{Intent, Shared};
use crate::api::{Color, Logo, LogoId, LogoStatus, format_mm};
use crate::backend::editor::{EditorCommand, EditorDraft, EditorEvent, StagedChanges, Step};
use crate::backend::{Command, Generation, LogoRef, RequestId, UserError};
use crate::store::editor::DraftMemory;
use egui::{Align, Layout, Pos2, Rect, RichText, Sense, Stroke, TextureHandle, Ui, Vec2, pos2};
use egui_extras::{Column, TableBuilder};
use std::sync::Arc;

/// Millimetre differences below this are "unchanged".
const MM_EPSILON: f64 = 0.005;
/// Width of the rulers around the picture.
const RULER: f32 = 22.0;

/// What the picture shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum PictureMode {
    /// The service's current picture.
    Before,
    /// With the staged colors, recolored locally.
    #[default]
    After,
    /// Before on the left, after on the right of a draggable divider.
    Split,
}

/// Which side was typed last while proportions are locked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Side {
    Width,
    Height,
}

/// The staged (not yet sent) changes as edited.
#[derive(Debug, Clone, Default)]
struct Staging {
    method: String,
    method_staged: bool,
    targets: Vec<String>,
    /// Millimetres as typed.
    width: String,
    height: String,
    lock: bool,
    edited: Option<Side>,
    title: String,
}

struct Open {
    logo: Logo,
    image: Option<Arc<egui::ColorImage>>,
    /// Why there is no picture, as a sentence.
    image_error: Option<String>,
    texture: Option<TextureHandle>,
    memory: DraftMemory,
    palette: Vec<Color>,
    methods: Vec<String>,
}

/// One line of the "Apply" log.
struct StepLine {
    step: Step,
    result: Result<String, UserError>,
}

/// The editor screen's state.
pub struct EditorScreen {
    /// The upload form (shown when no draft is open, or on request).
    pub upload: UploadForm,
    show_upload: bool,
    generation: Generation,
    opening: Option<RequestId>,
    open: Option<Open>,
    error: Option<UserError>,
    staging: Staging,
    mode: PictureMode,
    split: f32,
    preview_sent: Vec<([u8; 3], [u8; 3])>,
    preview_revision: u64,
    preview: Option<(Arc<egui::ColorImage>, TextureHandle)>,
    applying: Option<RequestId>,
    steps: Vec<StepLine>,
    committing: Option<RequestId>,
    confirm_commit: bool,
    search: Vec<String>,
}

impl Default for EditorScreen {
    fn default() -> Self {
        EditorScreen {
            upload: UploadForm::default(),
            show_upload: false,
            generation: Generation::default(),
            opening: None,
            open: None,
            error: None,
            staging: Staging::default(),
            mode: PictureMode::default(),
            split: 0.5,
            preview_sent: Vec::new(),
            preview_revision: 0,
            preview: None,
            applying: None,
            steps: Vec::new(),
            committing: None,
            confirm_commit: false,
            search: Vec::new(),
        }
    }
}

/// Why a part of the draft cannot be changed now, if it cannot.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rules {
    pub method: Option<String>,
    pub colors: Option<String>,
    pub size: Option<String>,
    pub title: Option<String>,
}

const NOT_DRAFT: &str = "This logo is committed (Done): its method, colors and size can no longer change, and the editor changes drafts only.";

impl Rules {
    /// The service's rules for this draft, given what is staged.
    fn of(logo: &Logo, memory: &DraftMemory, method_staged: bool) -> Rules {
        if logo.status != LogoStatus::Draft {
            let reason = Some(NOT_DRAFT.to_owned());
            return Rules {
                method: reason.clone(),
                colors: reason.clone(),
                size: reason.clone(),
                title: reason,
            };
        }
        let method = colors_changed(logo, memory).then(|| {
            "The colors of this draft were already changed, and the service refuses to change the method after that.".to_owned()
        });
        let colors = (memory.method_confirmed == Some(false) && !method_staged).then(|| {
            "Confirm the transfer method first: the service changes colors only after the method is confirmed.".to_owned()
        });
        Rules {
            method,
            colors,
            size: None,
            title: None,
        }
    }
}

/// Whether the draft's colors were changed: by this app (recorded), or as seen (its colors
/// are no longer the original ones).
pub fn colors_changed(logo: &Logo, memory: &DraftMemory) -> bool {
    let originals: Vec<&str> = memory
        .original_colors
        .iter()
        .map(|c| c.id.as_str())
        .collect();
    let applied = memory
        .applied_targets
        .as_ref()
        .is_some_and(|t| t.iter().map(String::as_str).ne(originals.iter().copied()));
    let now: Vec<&str> = logo.colors.iter().map(|c| c.id.as_str()).collect();
    let seen = !now
        .iter()
        .zip(&originals)
        .all(|(a, b)| a.eq_ignore_ascii_case(b))
        || now.len() != originals.len();
    applied || seen
}

fn find_color<'a>(palette: &'a [Color], id: &str) -> Option<&'a Color> {
    palette
        .iter()
        .find(|c| c.id.eq_ignore_ascii_case(id.trim()))
}

impl Open {
    /// The target each original color has now at the service.
    fn current_targets(&self) -> Vec<String> {
        match &self.memory.applied_targets {
            Some(t) if t.len() == self.memory.original_colors.len() => t.clone(),
            _ => self
                .memory
                .original_colors
                .iter()
                .map(|c| c.id.clone())
                .collect(),
        }
    }

    /// Nothing staged: everything as the service has it now.
    fn fresh_staging(&self) -> Staging {
        Staging {
            method: self.logo.transfer_method_key.clone(),
            method_staged: false,
            targets: self.current_targets(),
            width: format_mm(self.logo.width_in_mm),
            height: format_mm(self.logo.height_in_mm),
            lock: true,
            edited: None,
            title: self.logo.title.clone(),
        }
    }

    fn color(&self, id: &str) -> Option<&Color> {
        find_color(&self.palette, id)
            .or_else(|| find_color(&self.logo.colors, id))
            .or_else(|| find_color(&self.memory.original_colors, id))
    }
}

impl EditorScreen {
    /// Opens a logo in the editor (from the gallery's or the detail's "Edit draft").
    pub fn open(&mut self, shared: &mut Shared<'_>, logo: LogoId) {
        if let Some(old) = self.opening.take() {
            shared.progress.finish(old);
        }
        self.generation = shared.session.generation;
        self.error = None;
        self.show_upload = false;
        self.opening = Some(shared.request(
            &format!("Opening logo id {logo} in the editor"),
            |request| Command::Editor(EditorCommand::Open { request, logo }),
        ));
    }

    /// Forgets everything (a new account).
    pub fn clear(&mut self) {
        *self = EditorScreen::default();
    }

    /// Whether a draft is shown and nothing newer is on its way (screenshots).
    pub fn is_loaded(&self) -> bool {
        self.open.is_some() && self.opening.is_none()
    }

    /// The logo being edited.
    pub fn logo(&self) -> Option<&Logo> {
        self.open.as_ref().map(|o| &o.logo)
    }

    /// What the editor remembers of the draft.
    pub fn memory(&self) -> Option<&DraftMemory> {
        self.open.as_ref().map(|o| &o.memory)
    }

    /// The service's picture.
    pub fn server_image(&self) -> Option<&egui::ColorImage> {
        self.open.as_ref()?.image.as_deref()
    }

    /// The local recolor preview of the staged colors, when there is one.
    pub fn preview_image(&self) -> Option<&egui::ColorImage> {
        self.preview.as_ref().map(|(img, _)| img.as_ref())
    }

    /// Whether "Apply" or the commit is running.
    pub fn is_busy(&self) -> bool {
        self.applying.is_some() || self.committing.is_some()
    }

    /// The staged changes as they would be sent.
    pub fn staged(&self) -> StagedChanges {
        let Some(open) = &self.open else {
            return StagedChanges::default();
        };
        let s = &self.staging;
        let logo = &open.logo;
        let method = s.method_staged.then(|| s.method.clone());
        let colors = (s.targets != open.current_targets()).then(|| {
            s.targets
                .iter()
                .map(|t| t.trim().to_uppercase())
                .collect::<Vec<_>>()
        });
        let (w, h) = (parse_mm(&s.width), parse_mm(&s.height));
        let dw = w.is_some_and(|w| (w - logo.width_in_mm).abs() > MM_EPSILON);
        let dh = h.is_some_and(|h| (h - logo.height_in_mm).abs() > MM_EPSILON);
        let size = match (dw || dh, s.lock, s.edited) {
            (false, ..) => None,
            (true, true, Some(Side::Height)) => Some((None, h)),
            (true, true, _) => Some((w, None)),
            (true, false, _) => w.zip(h).map(|(w, h)| (Some(w), Some(h))),
        };
        let title = (s.title.trim() != logo.title.trim()).then(|| s.title.trim().to_owned());
        StagedChanges {
            method,
            colors,
            size,
            title,
        }
    }

    /// The rules in force for the open draft.
    pub fn rules(&self) -> Option<Rules> {
        let open = self.open.as_ref()?;
        Some(Rules::of(
            &open.logo,
            &open.memory,
            self.staging.method_staged,
        ))
    }

    fn take_draft(&mut self, ctx: &egui::Context, draft: EditorDraft, restage: bool) {
        let texture = draft.image.clone().map(|img| {
            ctx.load_texture(
                format!("editor-{}", draft.logo.logo_id),
                img,
                egui::TextureOptions::LINEAR,
            )
        });
        let (palette, methods) = match self.open.take() {
            Some(old) if old.logo.logo_id == draft.logo.logo_id => (old.palette, old.methods),
            _ => (Vec::new(), Vec::new()),
        };
        let open = Open {
            palette: draft.palette.unwrap_or(palette),
            methods: draft.methods.unwrap_or(methods),
            logo: draft.logo,
            image: draft.image,
            image_error: draft.image_error,
            texture,
            memory: draft.memory,
        };
        if restage {
            self.staging = open.fresh_staging();
            self.search = vec![String::new(); self.staging.targets.len()];
            self.steps.clear();
        }
        self.open = Some(open);
        self.preview = None;
        self.preview_sent.clear();
    }

    /// A step of "Apply" succeeded: its staging is done, the rest stays.
    fn step_done(&mut self, ctx: &egui::Context, step: Step, draft: EditorDraft) {
        let detail = match step {
            Step::Method => format!("method {} confirmed", draft.logo.transfer_method_key),
            Step::Colors => format!(
                "colors now {}",
                draft
                    .logo
                    .colors
                    .iter()
                    .map(|c| c.id.as_str())
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            Step::Size => format!(
                "{} × {} mm",
                format_mm(draft.logo.width_in_mm),
                format_mm(draft.logo.height_in_mm)
            ),
            Step::Title => format!("titled \u{201c}{}\u{201d}", draft.logo.title),
        };
        let kept = self.staging.clone();
        self.take_draft(ctx, draft, true);
        if let Some(open) = &self.open {
            let s = &mut self.staging;
            // Keep what is still to be sent.
            if step < Step::Colors {
                s.targets = kept.targets.clone();
            }
            if step < Step::Size {
                (s.width, s.height, s.lock, s.edited) = (
                    kept.width.clone(),
                    kept.height.clone(),
                    kept.lock,
                    kept.edited,
                );
            }
            if step < Step::Title {
                s.title = kept.title.clone();
            }
            if kept.targets.len() != open.memory.original_colors.len() {
                s.targets = open.current_targets();
            }
        }
        self.steps.push(StepLine {
            step,
            result: Ok(detail),
        });
    }

    /// Takes an answer of the backend; answers whether it was this screen's. Intents (open
    /// the committed logo) go to `shared`.
    pub fn on_event(&mut self, ctx: &egui::Context, event: EditorEvent, shared: &mut Shared<'_>) {
        let stale = |g: Generation| g != shared.session.generation;
        if let EditorEvent::FilePicked { request, .. }
        | EditorEvent::FileChecked { request, .. }
        | EditorEvent::Failed { request, .. } = &event
        {
            shared.progress.finish(*request);
        }
        if self.upload.on_event(ctx, &event) {
            return;
        }
        match event {
            EditorEvent::Opened {
                generation,
                request,
                draft,
                uploaded,
            } => {
                shared.progress.finish(request);
                let mine = self.opening == Some(request) || self.upload.is_upload(request);
                if stale(generation) || !mine {
                    return;
                }
                if uploaded {
                    self.upload.finished();
                    shared.notifications.success(format!(
                        "Uploaded \u{201c}{}\u{201d}: a new draft, ready to edit.",
                        draft.logo.title
                    ));
                }
                self.opening = None;
                self.show_upload = false;
                self.generation = generation;
                self.take_draft(ctx, *draft, true);
            }
            EditorEvent::Preview {
                logo,
                revision,
                image,
            } => {
                let current = self.open.as_ref().map(|o| o.logo.logo_id) == Some(logo);
                if current && revision == self.preview_revision && !self.preview_sent.is_empty() {
                    let texture = ctx.load_texture(
                        format!("editor-preview-{logo}"),
                        image.clone(),
                        egui::TextureOptions::LINEAR,
                    );
                    self.preview = Some((image, texture));
                }
            }
            EditorEvent::StepDone {
                generation,
                request,
                step,
                draft,
            } => {
                if !stale(generation) && self.applying == Some(request) {
                    self.step_done(ctx, step, *draft);
                }
            }
            EditorEvent::StepFailed {
                generation,
                request,
                step,
                error,
            } => {
                if !stale(generation) && self.applying == Some(request) {
                    self.steps.push(StepLine {
                        step,
                        result: Err(error),
                    });
                }
            }
            EditorEvent::ApplyFinished { request } => {
                shared.progress.finish(request);
                if self.applying == Some(request) {
                    self.applying = None;
                }
            }
            EditorEvent::Committed {
                generation,
                request,
                logo,
            } => {
                shared.progress.finish(request);
                if stale(generation) || self.committing != Some(request) {
                    return;
                }
                self.committing = None;
                let number = logo
                    .logo_item_no
                    .map(|n| n.to_string())
                    .unwrap_or_else(|| "(none given)".into());
                shared.notifications.success(format!(
                    "Committed \u{201c}{}\u{201d}: item number {number}. It can be ordered now.",
                    logo.title
                ));
                let id = logo.logo_id;
                self.clear();
                shared.intend(Intent::OpenLogo(LogoRef::Id(id)));
            }
            EditorEvent::Failed { request, error } => {
                if self.opening == Some(request) {
                    self.opening = None;
                    self.error = Some(error);
                } else if self.committing == Some(request) {
                    self.committing = None;
                    self.error = Some(UserError::new(
                        format!("The commit failed: {}", error.message),
                        error.details,
                    ));
                } else if self.applying == Some(request) {
                    self.applying = None;
                    shared.notifications.error(&error);
                }
            }
            EditorEvent::FilePicked { .. } | EditorEvent::FileChecked { .. } => {}
        }
    }

    /// Takes files dropped anywhere on the window (called every frame); answers whether one
    /// was taken, so the app can show this screen.
    pub fn take_dropped(&mut self, ctx: &egui::Context, shared: &mut Shared<'_>) -> bool {
        let dropped = ctx.input(|i| i.raw.dropped_files.first().map(|f| f.path().to_path_buf()));
        match dropped {
            Some(path) => {
                self.show_upload = true;
                self.upload.set_path(shared, path);
                true
            }
            None => false,
        }
    }

    /// Asks for a new local preview when the staged colors changed.
    fn request_preview(&mut self, shared: &mut Shared<'_>) {
        let Some(open) = &self.open else { return };
        let mut mapping = Vec::new();
        for (current, target) in open.current_targets().iter().zip(&self.staging.targets) {
            if current.trim().eq_ignore_ascii_case(target.trim()) {
                continue;
            }
            if let (Some(from), Some(to)) = (open.color(current), open.color(target)) {
                mapping.push((from.rgb(), to.rgb()));
            }
        }
        if mapping == self.preview_sent {
            return;
        }
        self.preview_sent = mapping.clone();
        self.preview_revision += 1;
        if mapping.is_empty() {
            self.preview = None;
            return;
        }
        shared.backend.send(Command::Editor(EditorCommand::Preview {
            logo: open.logo.logo_id,
            revision: self.preview_revision,
            mapping,
        }));
    }

    /// The screen.
    pub fn ui(&mut self, ui: &mut Ui, shared: &mut Shared<'_>) {
        if self.open.is_some() {
            self.request_preview(shared);
        }
        if self.show_upload || (self.open.is_none() && self.opening.is_none()) {
            ui.horizontal(|ui| {
                ui.screen_title(
                    "Upload & edit",
                    Some("From a file on disk to a committed logo"),
                );
                if self.open.is_some() {
                    ui.with_layout(Layout::right_to_left(Align::Center), |ui| {
                        if ui.button("Back to the draft").clicked() {
                            self.show_upload = false;
                        }
                    });
                }
            });
            ui.add_space(space::M);
            if let Some(error) = &self.error {
                ui.error_box(error, "editor-open");
                ui.add_space(space::M);
            }
            self.upload.ui(ui, shared);
            ui.add_space(space::M);
            ui.muted("To edit an existing draft, open it from Logos and choose \u{201c}Edit draft\u{201d}.");
            return;
        }
        let Some(open) = &self.open else {
            ui.vertical_centered(|ui| {
                ui.add_space(120.0);
                ui.spinner();
                ui.muted("Opening the draft…");
            });
            return;
        };
        let rules = Rules::of(&open.logo, &open.memory, self.staging.method_staged);
        self.header_ui(ui, shared);
        ui.add_space(space::M);
        if let Some(error) = &self.error {
            ui.error_box(error, "editor-commit");
            ui.add_space(space::M);
        }
        let avail = ui.available_size();
        let controls_w = (avail.x * 0.42).clamp(380.0, 520.0);
        let picture_w = (avail.x - controls_w - space::L).max(240.0);
        let column = Layout::top_down(Align::Min);
        ui.horizontal_top(|ui| {
            ui.allocate_ui_with_layout(Vec2::new(picture_w, avail.y), column, |ui| {
                self.picture_ui(ui);
            });
            ui.add_space(space::S);
            ui.allocate_ui_with_layout(Vec2::new(controls_w, avail.y), column, |ui| {
                // "Apply" stays in view below the scrolling sections.
                egui::Panel::bottom("editor-apply")
                    .frame(egui::Frame::new().inner_margin(egui::Margin {
                        top: space::S as i8,
                        ..egui::Margin::ZERO
                    }))
                    .resizable(false)
                    .show(ui, |ui| self.apply_ui(ui, shared));
                egui::ScrollArea::vertical()
                    .id_salt("editor-controls")
                    .auto_shrink([false, false])
                    .show(ui, |ui| self.controls_ui(ui, &rules));
            });
        });
        self.commit_modal_ui(ui, shared);
    }

    fn header_ui(&mut self, ui: &mut Ui, shared: &mut Shared<'_>) {
        let Some(open) = &self.open else { return };
        let logo = &open.logo;
        let staged = self.staged();
        let nothing_staged = staged == StagedChanges::default();
        let busy = self.is_busy();
        ui.horizontal(|ui| {
            ui.vertical(|ui| {
                ui.horizontal(|ui| {
                    ui.screen_title(&logo.title, None);
                    ui.status_badge(&logo.status);
                    if busy {
                        ui.spinner();
                    }
                });
                ui.muted(&format!(
                    "Draft editor · {} · {} × {} mm",
                    logo.transfer_method_key,
                    format_mm(logo.width_in_mm),
                    format_mm(logo.height_in_mm)
                ));
            });
            ui.with_layout(Layout::right_to_left(Align::Center), |ui| {
                let reason = if logo.status != LogoStatus::Draft {
                    Some("This logo is already committed.")
                } else if busy {
                    Some("Wait for the changes being sent.")
                } else if !nothing_staged {
                    Some("Apply or discard the staged changes first, so the committed logo is what you see.")
                } else {
                    None
                };
                let commit = ui.add_enabled(reason.is_none(), egui::Button::new(
                    RichText::new("Commit…").color(theme::tokens(ui.ctx()).on_accent),
                ).fill(theme::tokens(ui.ctx()).accent));
                let commit = match reason {
                    Some(r) => commit.on_disabled_hover_text(r),
                    None => commit.on_hover_text("Make this draft final: it gets an item number and can be ordered"),
                };
                if commit.clicked() {
                    self.error = None;
                    self.confirm_commit = true;
                }
                if ui
                    .button("Upload logo…")
                    .on_hover_text("Upload another file")
                    .clicked()
                {
                    self.show_upload = true;
                }
                if ui.button("Open in Logos").on_hover_text("The read-only view of this logo").clicked() {
                    shared.intend(Intent::OpenLogo(LogoRef::Id(logo.logo_id)));
                }
            });
        });
    }

    fn picture_ui(&mut self, ui: &mut Ui) {
        let t = theme::tokens(ui.ctx());
        let Some(open) = &self.open else { return };
        ui.horizontal(|ui| {
            for (mode, label, tip) in [
                (
                    PictureMode::Before,
                    "Before",
                    "The service's current picture",
                ),
                (
                    PictureMode::After,
                    "After",
                    "With the staged colors, previewed locally",
                ),
                (
                    PictureMode::Split,
                    "Split",
                    "Before on the left, after on the right; drag the divider",
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
                let text = "Local preview · not sent yet";
                ui.badge(text, t.warning, t.warning_soft)
                    .widget_info(|| egui::WidgetInfo::labeled(egui::Role::Label, true, text));
            } else {
                ui.muted_small("The service's picture");
            }
        });
        ui.add_space(space::XS);
        let size = ui.available_size() - Vec2::new(0.0, space::S);
        let (rect, response) =
            ui.allocate_exact_size(size.max(Vec2::splat(160.0)), Sense::click_and_drag());
        response
            .widget_info(|| egui::WidgetInfo::labeled(egui::Role::Image, true, "Draft picture"));
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
            match open.image_error.as_deref() {
                // Why there is no picture, wrapped within it and readable by assistive
                // technology.
                Some(sentence) => {
                    let galley = painter.layout(
                        sentence.to_owned(),
                        egui::FontId::proportional(14.0),
                        t.text_muted,
                        (inner.width() - 2.0 * space::XL).max(80.0),
                    );
                    painter.galley(inner.center() - galley.size() / 2.0, galley, t.text_muted);
                    response.widget_info(|| {
                        egui::WidgetInfo::labeled(egui::Role::Image, true, sentence)
                    });
                }
                None => {
                    painter.text(
                        inner.center(),
                        egui::Align2::CENTER_CENTER,
                        "The service sent no picture for this logo",
                        egui::FontId::proportional(14.0),
                        t.text_muted,
                    );
                }
            }
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
                    "before",
                    egui::FontId::proportional(11.0),
                    t.text_muted,
                );
                painter.text(
                    pos2(x + 6.0, inner.top() + 6.0),
                    egui::Align2::LEFT_TOP,
                    "after",
                    egui::FontId::proportional(11.0),
                    t.text_muted,
                );
            }
        }
        let w_mm = parse_mm(&self.staging.width).unwrap_or(open.logo.width_in_mm);
        let h_mm = parse_mm(&self.staging.height).unwrap_or(open.logo.height_in_mm);
        rulers(&painter, rect, image_rect, w_mm, h_mm, t);
    }

    fn controls_ui(&mut self, ui: &mut Ui, rules: &Rules) {
        let t = theme::tokens(ui.ctx());
        egui::Frame::new()
            .fill(t.accent_soft)
            .corner_radius(theme::radius::CONTROL)
            .inner_margin(space::M)
            .show(ui, |ui| {
                ui.set_width(ui.available_width());
                ui.label(RichText::new("The service's order: method → colors → size → title").strong());
                ui.add(egui::Label::new(RichText::new(
                    "Colors can change only after the method is confirmed, and the method can no longer change once the colors have changed. Changes are staged here, previewed, and sent with one Apply in this order.",
                ).small()).wrap());
            });
        ui.add_space(space::M);
        self.method_ui(ui, rules);
        ui.add_space(space::M);
        self.colors_ui(ui, rules);
        ui.add_space(space::M);
        self.size_ui(ui, rules);
        ui.add_space(space::M);
        self.title_ui(ui, rules);
    }

    fn method_ui(&mut self, ui: &mut Ui, rules: &Rules) {
        let Some(open) = &self.open else { return };
        let t = theme::tokens(ui.ctx());
        let s = &mut self.staging;
        ui.surface(|ui| {
            ui.set_width(ui.available_width());
            ui.section_heading("1 · Transfer method");
            let state = match open.memory.method_confirmed {
                Some(true) => ("✔ Confirmed in logodesk", t.success),
                Some(false) => ("Not confirmed yet: confirm it before changing colors", t.warning),
                None => ("Unknown whether it was confirmed (the draft was not made in logodesk); the service will say", t.text_muted),
            };
            ui.label(RichText::new(state.0).small().color(state.1));
            ui.add_space(space::XS);
            ui.add_enabled_ui(rules.method.is_none(), |ui| {
                ui.horizontal(|ui| {
                    let combo = egui::ComboBox::from_id_salt("editor-method")
                        .selected_text(&s.method)
                        .width(180.0)
                        .show_ui(ui, |ui| {
                            for m in &open.methods {
                                if ui.selectable_label(s.method == *m, m).clicked() {
                                    s.method = m.clone();
                                    s.method_staged = false;
                                }
                            }
                        });
                    let enabled = ui.is_enabled();
                    combo.response.widget_info(|| {
                        egui::WidgetInfo::labeled(egui::Role::ComboBox, enabled, "Transfer method")
                    });
                    let label = if s.method_staged { "✔ Staged" } else { "Confirm method" };
                    if ui
                        .add_enabled(!s.method_staged, egui::Button::new(label))
                        .on_hover_text("Stage updatemethod with this method (sent with Apply)")
                        .clicked()
                    {
                        s.method_staged = true;
                    }
                    if s.method_staged && ui.small_button("Undo").clicked() {
                        s.method_staged = false;
                        s.method = open.logo.transfer_method_key.clone();
                    }
                });
            })
            .response
            .on_disabled_hover_text(rules.method.clone().unwrap_or_default());
            if let Some(reason) = &rules.method {
                ui.label(RichText::new(reason).small().color(t.text_muted));
            }
        });
    }

    fn colors_ui(&mut self, ui: &mut Ui, rules: &Rules) {
        let Some(open) = &self.open else { return };
        let t = theme::tokens(ui.ctx());
        let current = open.current_targets();
        ui.surface(|ui| {
            ui.set_width(ui.available_width());
            ui.section_heading("2 · Colors");
            ui.muted_small("The original colors in their original order. Choose a target for each; the picture is recolored here at once, and sent with Apply.");
            ui.add_space(space::XS);
            let inner = ui.add_enabled_ui(rules.colors.is_none(), |ui| {
                for (i, original) in open.memory.original_colors.iter().enumerate() {
                    let (Some(target), Some(search)) =
                        (self.staging.targets.get_mut(i), self.search.get_mut(i))
                    else {
                        continue;
                    };
                    ui.horizontal(|ui| {
                        ui.color_swatch(original, 18.0);
                        ui.label(RichText::new(&original.id).strong()).on_hover_text(&original.name);
                        ui.label("→");
                        match find_color(&open.palette, target).or_else(|| find_color(&open.memory.original_colors, target)) {
                            Some(c) => {
                                ui.color_swatch(c, 18.0);
                            }
                            None => {
                                ui.label(RichText::new("?").color(t.warning))
                                    .on_hover_text("Not a color seen on this account: no preview; the service decides whether it knows this id.");
                            }
                        }
                        let label = format!("Target for {}", original.id);
                        ui.add(egui::TextEdit::singleline(target).desired_width(70.0).hint_text("id"))
                            .accessible_name(&label)
                            .on_hover_text("Type an ink id, or choose from the palette");
                        ui.menu_button("Palette", |ui| {
                            ui.add(egui::TextEdit::singleline(search).hint_text("Search id or name").desired_width(200.0))
                                .accessible_name("Search palette");
                            egui::ScrollArea::vertical().max_height(260.0).show(ui, |ui| {
                                let needle = search.trim().to_lowercase();
                                for c in open.palette.iter().filter(|c| {
                                    needle.is_empty()
                                        || c.id.to_lowercase().contains(&needle)
                                        || c.name.to_lowercase().contains(&needle)
                                }) {
                                    let row = ui.horizontal(|ui| {
                                        ui.color_swatch(c, 14.0);
                                        ui.selectable_label(target.eq_ignore_ascii_case(&c.id), format!("{}  {}", c.id, c.name))
                                    });
                                    if row.inner.clicked() {
                                        *target = c.id.clone();
                                        ui.close();
                                    }
                                }
                            });
                        });
                        if current.get(i).is_some_and(|c| !c.eq_ignore_ascii_case(target.trim())) {
                            ui.badge("staged", t.warning, t.warning_soft);
                        }
                    });
                }
                if ui.small_button("Reset colors").on_hover_text("Back to the colors the service has now").clicked() {
                    self.staging.targets = current.clone();
                }
            });
            inner.response.on_disabled_hover_text(rules.colors.clone().unwrap_or_default());
            if let Some(reason) = &rules.colors {
                ui.label(RichText::new(reason).small().color(t.text_muted));
            } else if open.memory.method_confirmed.is_none() && !self.staging.method_staged {
                ui.label(RichText::new("If the service says the method is not confirmed, confirm it above and apply again.").small().color(t.text_muted));
            }
        });
    }

    fn size_ui(&mut self, ui: &mut Ui, rules: &Rules) {
        let Some(open) = &self.open else { return };
        let logo = &open.logo;
        let s = &mut self.staging;
        ui.surface(|ui| {
            ui.set_width(ui.available_width());
            ui.section_heading("3 · Size");
            let inner = ui.add_enabled_ui(rules.size.is_none(), |ui| {
                let ratio = if logo.width_in_mm > 0.0 {
                    logo.height_in_mm / logo.width_in_mm
                } else {
                    1.0
                };
                ui.horizontal(|ui| {
                    let w = text_field(ui, "Width in mm", &mut s.width, "mm", 70.0);
                    let h = text_field(ui, "Height in mm", &mut s.height, "mm", 70.0);
                    if w.changed() {
                        s.edited = Some(Side::Width);
                        if s.lock
                            && let Some(v) = parse_mm(&s.width)
                        {
                            s.height = format_mm(v * ratio);
                        }
                    }
                    if h.changed() {
                        s.edited = Some(Side::Height);
                        if s.lock
                            && ratio > 0.0
                            && let Some(v) = parse_mm(&s.height)
                        {
                            s.width = format_mm(v / ratio);
                        }
                    }
                });
                ui.checkbox(&mut s.lock, "Keep proportions").on_hover_text(
                    "Send only the value you typed; the service sizes the other proportionally",
                );
                for (name, text) in [("Width", &s.width), ("Height", &s.height)] {
                    if parse_mm(text).is_none() {
                        ui.label(
                            RichText::new(format!(
                                "{name} must be a number of millimetres above 0 and at most 2000."
                            ))
                            .small()
                            .color(theme::tokens(ui.ctx()).danger),
                        );
                    }
                }
            });
            inner
                .response
                .on_disabled_hover_text(rules.size.clone().unwrap_or_default());
            ui.add_space(space::S);
            prices_ui(ui, logo);
        });
    }

    fn title_ui(&mut self, ui: &mut Ui, rules: &Rules) {
        let s = &mut self.staging;
        ui.surface(|ui| {
            ui.set_width(ui.available_width());
            ui.section_heading("4 · Title");
            ui.add_enabled_ui(rules.title.is_none(), |ui| {
                text_field(ui, "Title", &mut s.title, "Title of the logo", 320.0);
            })
            .response
            .on_disabled_hover_text(rules.title.clone().unwrap_or_default());
        });
    }

    fn apply_ui(&mut self, ui: &mut Ui, shared: &mut Shared<'_>) {
        let t = theme::tokens(ui.ctx());
        let staged = self.staged();
        let Some(open) = &self.open else { return };
        let logo_id = open.logo.logo_id;
        let busy = self.is_busy();
        ui.surface(|ui| {
            ui.set_width(ui.available_width());
            ui.section_heading("Staged changes");
            let mut lines = Vec::new();
            if let Some(m) = &staged.method {
                lines.push(format!("Method: confirm {m}"));
            }
            if let Some(c) = &staged.colors {
                lines.push(format!("Colors: {}", c.join(", ")));
            }
            if let Some((w, h)) = staged.size {
                let show =
                    |v: Option<f64>| v.map(format_mm).unwrap_or_else(|| "proportional".into());
                lines.push(format!("Size: {} × {} mm", show(w), show(h)));
            }
            if let Some(title) = &staged.title {
                lines.push(format!("Title: \u{201c}{title}\u{201d}"));
            }
            if lines.is_empty() {
                ui.muted("Nothing staged. Change something above to preview it here.");
            }
            for line in &lines {
                ui.label(format!("• {line}"));
            }
            ui.add_space(space::S);
            ui.horizontal(|ui| {
                let ready = !lines.is_empty() && !busy;
                let apply = ui.add_enabled(
                    ready,
                    egui::Button::new(RichText::new("Apply").color(t.on_accent)).fill(t.accent),
                );
                let apply = if busy {
                    apply.on_disabled_hover_text("Sending…")
                } else {
                    apply.on_disabled_hover_text("Nothing is staged")
                };
                if apply.clicked() {
                    self.steps.clear();
                    let changes = staged.clone();
                    self.applying =
                        Some(shared.request("Applying the staged changes", |request| {
                            Command::Editor(EditorCommand::Apply {
                                request,
                                logo: logo_id,
                                changes,
                            })
                        }));
                }
                if ui
                    .add_enabled(!lines.is_empty() && !busy, egui::Button::new("Discard"))
                    .on_hover_text("Forget the staged changes")
                    .clicked()
                {
                    self.staging = open.fresh_staging();
                }
                if self.applying.is_some() {
                    ui.spinner();
                }
            });
            if !self.steps.is_empty() {
                ui.add_space(space::S);
                for line in &self.steps {
                    match &line.result {
                        Ok(detail) => {
                            ui.label(
                                RichText::new(format!("✔ {}: {detail}", line.step))
                                    .color(t.success),
                            );
                        }
                        Err(error) => {
                            ui.label(
                                RichText::new(format!(
                                    "✖ {} failed — nothing after it was sent; it stays staged.",
                                    line.step
                                ))
                                .color(t.danger),
                            );
                            ui.error_box(error, "editor-step");
                        }
                    }
                }
            }
        });
    }

    fn commit_modal_ui(&mut self, ui: &mut Ui, shared: &mut Shared<'_>) {
        if !self.confirm_commit {
            return;
        }
        let Some(open) = &self.open else { return };
        let (id, title) = (open.logo.logo_id, open.logo.title.clone());
        let t = theme::tokens(ui.ctx());
        let modal = egui::Modal::new(egui::Id::unique("editor-commit")).show(ui.ctx(), |ui| {
            ui.set_width(440.0);
            ui.label(RichText::new(format!("Commit \u{201c}{title}\u{201d}?")).font(theme::heading_font()).color(t.text_strong));
            ui.add_space(space::S);
            ui.add(egui::Label::new("Committing is irreversible. The logo becomes Done and gets an item number; from then on it can be ordered, and its method, colors and size can never change again.").wrap());
            ui.add_space(space::M);
            ui.horizontal(|ui| {
                if ui.add(egui::Button::new(RichText::new("Commit logo").color(t.on_accent)).fill(t.accent)).clicked() {
                    self.committing = Some(shared.request("Committing the logo", |request| {
                        Command::Editor(EditorCommand::Commit { request, logo: id })
                    }));
                    self.confirm_commit = false;
                }
                if ui.button("Cancel").clicked() {
                    self.confirm_commit = false;
                }
            });
        });
        if modal.should_close() {
            self.confirm_commit = false;
        }
    }
}

/// The price tiers the service answered.
fn prices_ui(ui: &mut Ui, logo: &Logo) {
    if logo.prices.is_empty() {
        ui.muted_small("The service gave no prices for this size.");
        return;
    }
    ui.muted_small("Prices per unit (from the service, for the size it has now)");
    TableBuilder::new(ui)
        .id_salt("editor-prices")
        .column(Column::exact(120.0))
        .column(Column::remainder())
        .header(18.0, |mut h| {
            h.col(|ui| {
                ui.muted_small("From quantity");
            });
            h.col(|ui| {
                ui.muted_small("Unit price");
            });
        })
        .body(|mut body| {
            for tier in &logo.prices {
                body.row(18.0, |mut row| {
                    row.col(|ui| {
                        ui.label(tier.min_quantity.to_string());
                    });
                    row.col(|ui| {
                        ui.label(format!("{} {}", tier.unit_price, tier.currency));
                    });
                });
            }
        });
}

/// Millimetres as typed (`80`, `80.5`, `80,5`), within the service's 0–2000 mm.
pub fn parse_mm(text: &str) -> Option<f64> {
    let v: f64 = text.trim().replace(',', ".").parse().ok()?;
    (v.is_finite() && v > 0.0 && v <= 2000.0).then_some(v)
}

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
fn rulers(
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
    let font = egui::FontId::proportional(9.5);
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

    fn logo(status: &str, colors: &[&str]) -> Logo {
        let colors: Vec<serde_json::Value> = colors
            .iter()
            .map(|id| serde_json::json!({"id": id, "name": id, "red": 0, "green": 0, "blue": 0}))
            .collect();
        serde_json::from_value(serde_json::json!({
            "logoId": 5, "title": "Crest", "widthInMM": 80.0, "heightInMM": 60.0,
            "logoType": "TRANSFER", "transferMethodKey": "VAND SPORT", "colors": colors,
            "status": status, "storageCount": 0, "lowResBase64": "", "highResBase64": "",
            "prices": [], "additionalFees": []
        }))
        .unwrap()
    }

    fn memory(confirmed: Option<bool>, applied: Option<&[&str]>) -> DraftMemory {
        DraftMemory {
            original_colors: logo("Draft", &["186", "HVID"]).colors,
            method_confirmed: confirmed,
            applied_targets: applied.map(|a| a.iter().map(|s| s.to_string()).collect()),
        }
    }

    #[test]
    fn a_done_logo_forbids_every_change() {
        let rules = Rules::of(
            &logo("Done", &["186", "HVID"]),
            &memory(Some(true), None),
            false,
        );
        for reason in [rules.method, rules.colors, rules.size, rules.title] {
            assert!(reason.is_some_and(|r| r.contains("committed")));
        }
    }

    #[test]
    fn colors_wait_for_the_method_and_the_method_for_nothing_after_colors() {
        let fresh = logo("Draft", &["186", "HVID"]);
        let rules = Rules::of(&fresh, &memory(Some(false), None), false);
        assert!(
            rules
                .colors
                .is_some_and(|r| r.contains("Confirm the transfer method"))
        );
        assert_eq!(rules.method, None);
        // A staged confirmation is sent first, so colors may be staged with it.
        assert_eq!(
            Rules::of(&fresh, &memory(Some(false), None), true).colors,
            None
        );
        // Unknown: the service decides.
        assert_eq!(Rules::of(&fresh, &memory(None, None), false).colors, None);
        // Colors changed (seen on the logo, or recorded): the method is locked.
        let recolored = logo("Draft", &["286", "HVID"]);
        let rules = Rules::of(&recolored, &memory(Some(true), None), false);
        assert!(rules.method.is_some_and(|r| r.contains("already changed")));
        let recorded = memory(Some(true), Some(&["286", "HVID"]));
        assert!(Rules::of(&fresh, &recorded, false).method.is_some());
        assert_eq!(Rules::of(&fresh, &recorded, false).colors, None);
    }

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

    #[test]
    fn millimetres_parse_within_the_services_range() {
        assert_eq!(parse_mm(" 80,5 "), Some(80.5));
        assert_eq!(parse_mm("80"), Some(80.0));
        for bad in ["", "0", "-3", "2000.5", "abc", "NaN"] {
            assert_eq!(parse_mm(bad), None, "{bad}");
        }
    }
}
