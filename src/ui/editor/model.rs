//! The editor's state, without drawing: the open draft, the staged changes as edited (and
//! their undo), the service's rules, validation of typed sizes, and what the editor does with
//! the backend's answers.

use crate::api::{Color, Logo, LogoId, LogoStatus, format_mm};
use crate::backend::editor::{EditorCommand, EditorDraft, EditorEvent, StagedChanges, Step};
use crate::backend::{Command, LogoRef, UserError};
use crate::store::editor::DraftMemory;
use crate::tr;
use crate::ui::undo::{EditHistory, Undoable};
use crate::ui::upload::UploadForm;
use crate::ui::{Intent, Reply, Requests, Shared, Slot};
use egui::TextureHandle;
use std::sync::Arc;

/// Millimetre differences below this are "unchanged".
const MM_EPSILON: f64 = 0.005;

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
pub(super) enum Side {
    Width,
    Height,
}

/// The staged (not yet sent) changes as edited: what undo and redo go back and forth over.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Staging {
    pub(super) method: String,
    pub(super) method_staged: bool,
    pub(super) targets: Vec<String>,
    /// Millimetres as typed.
    pub(super) width: String,
    pub(super) height: String,
    pub(super) lock: bool,
    pub(super) edited: Option<Side>,
    pub(super) title: String,
}

pub(super) struct Open {
    pub(super) logo: Logo,
    image: Option<Arc<egui::ColorImage>>,
    /// Why there is no picture, as a sentence.
    pub(super) image_error: Option<String>,
    pub(super) texture: Option<TextureHandle>,
    pub(super) memory: DraftMemory,
    pub(super) palette: Vec<Color>,
    pub(super) methods: Vec<String>,
}

/// One line of the "Apply" log.
pub(super) struct StepLine {
    pub(super) step: Step,
    pub(super) result: Result<String, UserError>,
}

/// The editor screen's state.
pub struct EditorScreen {
    /// The upload form (shown when no draft is open, or on request).
    pub upload: UploadForm,
    pub(super) show_upload: bool,
    /// A draft is being opened.
    pub(super) opening: bool,
    pub(super) open: Option<Open>,
    pub(super) error: Option<UserError>,
    pub(super) staging: Staging,
    /// Undo and redo of the staging, since the draft last came from the service.
    pub(super) history: EditHistory<Staging>,
    pub(super) mode: PictureMode,
    pub(super) split: f32,
    /// The mapping of the newest preview asked for (its request is `Slot::EditorPreview`).
    preview_sent: Vec<([u8; 3], [u8; 3])>,
    pub(super) preview: Option<(Arc<egui::ColorImage>, TextureHandle)>,
    /// "Apply" is sending the staged changes.
    pub(super) applying: bool,
    pub(super) steps: Vec<StepLine>,
    /// The commit is on its way.
    pub(super) committing: bool,
    pub(super) confirm_commit: bool,
    pub(super) search: Vec<String>,
    /// The club's approval of the draft.
    pub(super) club: super::club::ClubPart,
}

impl Default for EditorScreen {
    fn default() -> Self {
        EditorScreen {
            upload: UploadForm::default(),
            show_upload: false,
            opening: false,
            open: None,
            error: None,
            staging: Staging::default(),
            history: EditHistory::default(),
            mode: PictureMode::default(),
            split: 0.5,
            preview_sent: Vec::new(),
            preview: None,
            applying: false,
            steps: Vec::new(),
            committing: false,
            confirm_commit: false,
            search: Vec::new(),
            club: Default::default(),
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

impl Rules {
    /// The service's rules for this draft, given what is staged.
    pub(super) fn of(logo: &Logo, memory: &DraftMemory, method_staged: bool) -> Rules {
        if logo.status != LogoStatus::Draft {
            let reason = Some(tr!("editor-rule-not-draft"));
            return Rules {
                method: reason.clone(),
                colors: reason.clone(),
                size: reason.clone(),
                title: reason,
            };
        }
        let method = colors_changed(logo, memory).then(|| tr!("editor-rule-method-locked"));
        let colors = (memory.method_confirmed == Some(false) && !method_staged)
            .then(|| tr!("editor-rule-confirm-method-first"));
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

pub(super) fn find_color<'a>(palette: &'a [Color], id: &str) -> Option<&'a Color> {
    palette
        .iter()
        .find(|c| c.id.eq_ignore_ascii_case(id.trim()))
}

impl Open {
    /// The target each original color has now at the service.
    pub(super) fn current_targets(&self) -> Vec<String> {
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
    pub(super) fn fresh_staging(&self) -> Staging {
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

    /// Height over width as the service has it (1 for a draft without width).
    pub(super) fn ratio(&self) -> f64 {
        if self.logo.width_in_mm > 0.0 {
            self.logo.height_in_mm / self.logo.width_in_mm
        } else {
            1.0
        }
    }

    fn color(&self, id: &str) -> Option<&Color> {
        find_color(&self.palette, id)
            .or_else(|| find_color(&self.logo.colors, id))
            .or_else(|| find_color(&self.memory.original_colors, id))
    }
}

impl Staging {
    /// Another method was chosen: not confirmed (staged) yet.
    pub(super) fn choose_method(&mut self, method: &str) {
        self.method = method.to_owned();
        self.method_staged = false;
    }

    /// Unstages the method confirmation, back to the method the service has.
    pub(super) fn undo_method(&mut self, service_method: &str) {
        self.method_staged = false;
        self.method = service_method.to_owned();
    }

    /// The width was typed; with proportions kept, the height follows (`ratio` is height
    /// over width).
    pub(super) fn width_typed(&mut self, ratio: f64) {
        self.edited = Some(Side::Width);
        if self.lock
            && let Some(v) = parse_mm(&self.width)
        {
            self.height = format_mm(v * ratio);
        }
    }

    /// The height was typed; with proportions kept, the width follows (`ratio` is height
    /// over width).
    pub(super) fn height_typed(&mut self, ratio: f64) {
        self.edited = Some(Side::Height);
        if self.lock
            && ratio > 0.0
            && let Some(v) = parse_mm(&self.height)
        {
            self.width = format_mm(v / ratio);
        }
    }

    /// What is wrong with the typed size: a sentence per side that is not a size.
    pub(super) fn size_problems(&self) -> Vec<String> {
        [(Side::Width, &self.width), (Side::Height, &self.height)]
            .into_iter()
            .filter(|(_, text)| parse_mm(text).is_none())
            .map(|(side, _)| match side {
                Side::Width => tr!("editor-width-problem"),
                Side::Height => tr!("editor-height-problem"),
            })
            .collect()
    }
}

/// The staged changes in words, a line each; none when nothing is staged.
pub(super) fn staged_lines(staged: &StagedChanges) -> Vec<String> {
    let mut lines = Vec::new();
    if let Some(m) = &staged.method {
        lines.push(tr!("editor-staged-method", method = m.as_str()));
    }
    if let Some(c) = &staged.colors {
        lines.push(tr!("editor-staged-colors", colors = c.join(", ")));
    }
    if let Some((w, h)) = staged.size {
        let show = |v: Option<f64>| {
            v.map(format_mm)
                .unwrap_or_else(|| tr!("editor-staged-proportional"))
        };
        lines.push(tr!("editor-staged-size", width = show(w), height = show(h)));
    }
    if let Some(title) = &staged.title {
        lines.push(tr!("editor-staged-title", title = title.as_str()));
    }
    lines
}

/// A step of "Apply" in words.
pub(super) fn step_name(step: Step) -> String {
    match step {
        Step::Method => tr!("editor-step-method"),
        Step::Colors => tr!("editor-step-colors"),
        Step::Size => tr!("editor-step-size"),
        Step::Title => tr!("editor-step-title"),
    }
}

/// Undo and redo of the staged changes, while a draft is shown and nothing is being sent.
impl Undoable for EditorScreen {
    type State = Staging;

    fn history(&self) -> Option<(&EditHistory<Staging>, &Staging)> {
        self.editable().then_some((&self.history, &self.staging))
    }

    fn history_mut(&mut self) -> Option<(&mut EditHistory<Staging>, &mut Staging)> {
        self.editable()
            .then_some((&mut self.history, &mut self.staging))
    }
}

/// Millimetres as typed (`80`, `80.5`, `80,5`), within the service's 0–2000 mm.
pub fn parse_mm(text: &str) -> Option<f64> {
    let v: f64 = text.trim().replace(',', ".").parse().ok()?;
    (v.is_finite() && v > 0.0 && v <= 2000.0).then_some(v)
}

impl EditorScreen {
    /// Opens a logo in the editor (from the gallery's or the detail's "Edit draft").
    pub fn open(&mut self, shared: &mut Shared<'_>, logo: LogoId) {
        self.error = None;
        self.show_upload = false;
        self.opening = true;
        shared.request(
            Slot::EditorOpen,
            &tr!("editor-task-open", id = logo.to_string()),
            |request| Command::Editor(EditorCommand::Open { request, logo }),
        );
    }

    /// Forgets everything (a new account).
    pub fn clear(&mut self) {
        *self = EditorScreen::default();
    }

    /// Whether a draft is shown and nothing newer is on its way (screenshots).
    pub fn is_loaded(&self) -> bool {
        self.open.is_some() && !self.opening
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

    /// Whether the staged changes can be edited now: a draft is shown, nothing is being sent
    /// and the commit is not being confirmed.
    fn editable(&self) -> bool {
        self.open.is_some()
            && !self.opening
            && !self.show_upload
            && !self.is_busy()
            && !self.confirm_commit
    }

    /// Whether "Apply" or the commit is running.
    pub fn is_busy(&self) -> bool {
        self.applying || self.committing
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

    /// Drops the local preview and the one on its way (the colors or the draft it was for
    /// are no longer shown).
    fn forget_preview(&mut self, requests: &mut Requests) {
        self.preview = None;
        self.preview_sent.clear();
        requests.supersede_slot(Slot::EditorPreview);
    }

    fn take_draft(
        &mut self,
        ctx: &egui::Context,
        requests: &mut Requests,
        draft: EditorDraft,
        restage: bool,
    ) {
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
            // What could be undone described the draft before the service changed it.
            self.history = EditHistory::default();
            self.staging = open.fresh_staging();
            self.search = vec![String::new(); self.staging.targets.len()];
            self.steps.clear();
        }
        self.open = Some(open);
        self.forget_preview(requests);
    }

    /// A step of "Apply" succeeded: its staging is done, the rest stays.
    fn step_done(
        &mut self,
        ctx: &egui::Context,
        requests: &mut Requests,
        step: Step,
        draft: EditorDraft,
    ) {
        let detail = match step {
            Step::Method => tr!(
                "editor-step-method-done",
                method = draft.logo.transfer_method_key.as_str()
            ),
            Step::Colors => tr!(
                "editor-step-colors-done",
                colors = draft
                    .logo
                    .colors
                    .iter()
                    .map(|c| c.id.as_str())
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            Step::Size => crate::ui::names::size_mm(
                &format_mm(draft.logo.width_in_mm),
                &format_mm(draft.logo.height_in_mm),
            ),
            Step::Title => tr!("editor-step-title-done", title = draft.logo.title.as_str()),
        };
        let kept = self.staging.clone();
        self.take_draft(ctx, requests, draft, true);
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

    /// Takes an answer of the backend (only answers to current requests come). Intents (open
    /// the committed logo) go to `shared`.
    pub(super) fn on_editor_event(
        &mut self,
        ctx: &egui::Context,
        reply: Reply,
        event: EditorEvent,
        shared: &mut Shared<'_>,
    ) {
        if self.upload.on_event(ctx, reply.slot, &event) {
            return;
        }
        match event {
            EditorEvent::Opened { draft, uploaded } => {
                if uploaded {
                    self.upload.finished();
                    shared
                        .notifications
                        .success(tr!("editor-uploaded", title = draft.logo.title.as_str()));
                }
                self.opening = false;
                self.show_upload = false;
                self.take_draft(ctx, shared.requests, *draft, true);
            }
            // Only the newest preview of the draft shown comes (`Slot::EditorPreview`).
            EditorEvent::Preview(image) => {
                let texture = ctx.load_texture(
                    "editor-preview",
                    image.clone(),
                    egui::TextureOptions::LINEAR,
                );
                self.preview = Some((image, texture));
            }
            EditorEvent::StepDone { step, draft } => {
                if self.applying {
                    self.step_done(ctx, shared.requests, step, *draft);
                }
            }
            EditorEvent::StepFailed { step, error } => {
                if self.applying {
                    self.steps.push(StepLine {
                        step,
                        result: Err(error),
                    });
                }
            }
            EditorEvent::ApplyFinished => self.applying = false,
            EditorEvent::Committed(logo) => {
                self.committing = false;
                let number = logo
                    .logo_item_no
                    .map(|n| n.to_string())
                    .unwrap_or_else(|| tr!("editor-no-item-number"));
                shared.notifications.success(tr!(
                    "editor-committed",
                    title = logo.title.as_str(),
                    item = number
                ));
                let id = logo.logo_id;
                self.clear();
                shared.requests.supersede_slot(Slot::EditorPreview);
                shared.intend(Intent::OpenLogo(LogoRef::Id(id)));
            }
            EditorEvent::Club(state) => self.on_club(*state, shared),
            EditorEvent::ClubLink(link) => self.on_club_link(reply.request, *link),
            EditorEvent::FilePicked(_) | EditorEvent::FileChecked(_) => {}
        }
    }

    /// A request of `slot` failed: the open and the commit say so in place, the upload form
    /// in the form.
    pub(super) fn failed(&mut self, slot: Slot, error: &UserError) {
        match slot {
            Slot::EditorOpen => {
                self.opening = false;
                self.error = Some(error.clone());
            }
            Slot::EditorCommit => {
                self.committing = false;
                self.error = Some(UserError::new(
                    tr!("editor-commit-failed", reason = error.message.as_str()),
                    error.details.clone(),
                ));
            }
            Slot::EditorApply => self.applying = false,
            Slot::EditorClub => self.on_club_failed(&error.message),
            other => {
                self.upload.on_failed(other, error);
            }
        }
    }

    /// Asks for a new local preview when the staged colors changed.
    pub(super) fn request_preview(&mut self, shared: &mut Shared<'_>) {
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
        if mapping.is_empty() {
            self.forget_preview(shared.requests);
            return;
        }
        let logo = open.logo.logo_id;
        self.preview_sent = mapping.clone();
        // A newer preview supersedes the older: its answer is dropped before it comes here.
        shared.request(
            Slot::EditorPreview,
            &tr!("editor-task-preview"),
            |request| {
                Command::Editor(EditorCommand::Preview {
                    request,
                    logo,
                    mapping,
                })
            },
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::backend::RequestId;
    use crate::ui::test_bench::Bench;

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

    impl Bench {
        /// Hands `event`, the answer to `request`, to the editor as `app::answers` does:
        /// settled first, dropped when superseded.
        fn answer(
            &mut self,
            editor: &mut EditorScreen,
            request: Option<RequestId>,
            event: EditorEvent,
        ) {
            let Some(reply) = self.settle(request) else {
                return;
            };
            let ctx = self.ctx.clone();
            editor.on_editor_event(&ctx, reply, event, &mut self.shared());
        }

        /// Opens logo `id` (colors 186 and HVID) as if the backend had sent it.
        fn open(&mut self, editor: &mut EditorScreen, id: i64) {
            let mut logo = logo("Draft", &["186", "HVID"]);
            logo.logo_id = LogoId(id);
            let draft = EditorDraft {
                logo,
                image: None,
                image_error: None,
                memory: memory(Some(true), None),
                palette: Some(vec![ink("299", [0, 163, 224]), ink("282", [4, 30, 66])]),
                methods: None,
            };
            let uploaded = false;
            let draft = Box::new(draft);
            self.answer(editor, None, EditorEvent::Opened { draft, uploaded });
        }

        /// Stages `target` for the first color and lets the editor ask for its preview.
        fn stage(&mut self, editor: &mut EditorScreen, target: &str) {
            editor.staging.targets[0] = target.to_owned();
            editor.request_preview(&mut self.shared());
        }
    }

    fn ink(id: &str, [red, green, blue]: [u8; 3]) -> Color {
        serde_json::from_value(
            serde_json::json!({"id": id, "name": id, "red": red, "green": green, "blue": blue}),
        )
        .unwrap()
    }

    /// A one-pixel picture of `rgb`.
    fn picture(rgb: [u8; 3]) -> EditorEvent {
        let [r, g, b] = rgb;
        EditorEvent::Preview(Arc::new(egui::ColorImage::new(
            [1, 1],
            vec![egui::Color32::from_rgb(r, g, b)],
        )))
    }

    fn shown(editor: &EditorScreen) -> Option<egui::Color32> {
        editor.preview_image().map(|img| img.pixels[0])
    }

    #[test]
    fn only_the_newest_preview_of_the_draft_shown_reaches_the_editor() {
        let mut bench = Bench::new();
        let mut editor = EditorScreen::default();
        bench.open(&mut editor, 5);
        let (sky, navy, red) = ([0, 163, 224], [4, 30, 66], [200, 16, 46]);
        // Two previews asked; the first is answered last (the bench's backend numbers them).
        bench.stage(&mut editor, "299");
        bench.stage(&mut editor, "282");
        let (first, second) = (Some(RequestId(1)), Some(RequestId(2)));
        assert!(
            bench.requests.is_pending(RequestId(2)) && !bench.requests.is_pending(RequestId(1))
        );
        assert_eq!(
            bench.requests.visible(&bench.ctx),
            None,
            "a preview shows no progress"
        );
        bench.answer(&mut editor, second, picture(navy));
        bench.answer(&mut editor, first, picture(sky));
        assert_eq!(shown(&editor), Some(egui::Color32::from_rgb(4, 30, 66)));

        // The staged colors back as they are: the preview on its way is dropped.
        bench.stage(&mut editor, "299");
        bench.stage(&mut editor, "186");
        assert_eq!(shown(&editor), None);
        bench.answer(&mut editor, Some(RequestId(3)), picture(sky));
        assert_eq!(shown(&editor), None);

        // Another draft opened meanwhile: the first one's preview never shows on it.
        bench.stage(&mut editor, "299");
        bench.open(&mut editor, 6);
        bench.answer(&mut editor, Some(RequestId(4)), picture(red));
        assert_eq!(shown(&editor), None);
        assert_eq!(editor.logo().map(|l| l.logo_id), Some(LogoId(6)));
        assert!(!bench.requests.is_running(Slot::EditorPreview));
    }

    #[test]
    fn millimetres_parse_within_the_services_range() {
        assert_eq!(parse_mm(" 80,5 "), Some(80.5));
        assert_eq!(parse_mm("80"), Some(80.0));
        for bad in ["", "0", "-3", "2000.5", "abc", "NaN"] {
            assert_eq!(parse_mm(bad), None, "{bad}");
        }
    }

    #[test]
    fn kept_proportions_follow_the_side_typed_last() {
        let mut s = Staging {
            width: "40".into(),
            height: "60".into(),
            lock: true,
            ..Staging::default()
        };
        s.width_typed(0.75);
        assert_eq!((s.height.as_str(), s.edited), ("30", Some(Side::Width)));
        s.height = "15".into();
        s.height_typed(0.75);
        assert_eq!((s.width.as_str(), s.edited), ("20", Some(Side::Height)));
        // Unlocked, the other side stays as typed.
        s.lock = false;
        s.width = "50".into();
        s.width_typed(0.75);
        assert_eq!(s.height, "15");
        s.height = "abc".into();
        assert_eq!(
            s.size_problems(),
            ["Height must be a number of millimetres above 0 and at most 2000."]
        );
    }
}
