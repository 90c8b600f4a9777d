//! The editor feature, the designer's flow: checking and uploading a file, opening a draft with
//! what the editor must know (original colors, whether the method was confirmed, the palette
//! of the account), the local recolor preview (a superseded one's work is skipped), applying
//! staged changes in the order the service requires, and the commit; and the club's
//! approval of a draft before it is committed ([`club`]).

pub mod club;

use crate::api::{
    ChangeColors, Client, Color, ColorChange, KNOWN_TRANSFER_METHODS, Logo, LogoId, LogoStatus,
    OrganizationId, Rename, Resize, UpdateMethod, UploadLogo,
};
use crate::backend::proofs::club as proofs_club;
use crate::backend::support::dialog::OpenRequest;
use crate::backend::support::downloads::Downloads;
use crate::backend::support::pictures;
use crate::backend::support::{
    Active, Generation, RequestId, SharedStore, Sink, UserError, active, blocking, debug_as_name,
    heavy, with_store,
};
use crate::imaging::{self, Limits};
use crate::store::club::ClubSubject;
use crate::store::editor::DraftMemory;
use crate::store::{AccountId, Store, StoreError};
use crate::sync::Lock as _;
use image::RgbaImage;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

/// Longest side of the picture checked before an upload, as previewed.
const CHECK_PREVIEW_SIDE: u32 = 512;
/// Pages of the logo list read to collect the account's palette and methods (25 logos each).
const PALETTE_PAGES: usize = 8;

/// One step of "Apply", in the order the service requires.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Step {
    Method,
    Colors,
    Size,
    Title,
}

/// Changes to send with one "Apply"; `None` leaves that part as it is.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct StagedChanges {
    /// The transfer method to confirm.
    pub method: Option<String>,
    /// The target id of every original color, in original order.
    pub colors: Option<Vec<String>>,
    /// Width and height in mm; one of them `None` means "proportional".
    pub size: Option<(Option<f64>, Option<f64>)>,
    pub title: Option<String>,
}

/// A draft as the editor needs it.
#[derive(Clone)]
pub struct EditorDraft {
    /// The logo, its base64 pictures emptied.
    pub logo: Logo,
    /// The service's high-resolution preview.
    pub image: Option<Arc<egui::ColorImage>>,
    /// Why there is no `image`, as a sentence (no picture sent, or one refused).
    pub image_error: Option<String>,
    /// What this app remembers of the draft.
    pub memory: DraftMemory,
    /// Colors seen across the account's logos (only when opened, not after each step).
    pub palette: Option<Vec<Color>>,
    /// Transfer methods: the known ones plus any seen on the account's logos.
    pub methods: Option<Vec<String>>,
}

/// A file checked before upload.
#[derive(Clone)]
pub struct CheckedFile {
    pub path: PathBuf,
    pub file_name: String,
    pub bytes: usize,
    pub format: &'static str,
    pub width: u32,
    pub height: u32,
    /// Printed size at the service's 300 DPI.
    pub size_mm: (f64, f64),
    pub preview: Arc<egui::ColorImage>,
}

/// What the editor and the upload form ask of the backend.
#[derive(strum::IntoStaticStr)]
pub enum EditorCommand {
    /// Open a logo in the editor.
    Open { request: RequestId, logo: LogoId },
    /// Recolor the draft's picture locally (`from` RGB → `to` RGB). A newer preview
    /// supersedes this one: its work is skipped if it has not started.
    Preview {
        request: RequestId,
        logo: LogoId,
        mapping: Vec<([u8; 3], [u8; 3])>,
    },
    /// Send the staged changes, step by step.
    Apply {
        request: RequestId,
        logo: LogoId,
        changes: StagedChanges,
    },
    /// Commit the draft (irreversible). `club_approved`: the person was told that the club
    /// approved the draft as it is; the service's draft is checked against what the club saw
    /// first, and left uncommitted if it changed since.
    Commit {
        request: RequestId,
        logo: LogoId,
        club_approved: bool,
    },
    /// Show the native file dialog.
    PickFile { request: RequestId },
    /// Check a file locally (decodes, size, dimensions) and preview it.
    CheckFile { request: RequestId, path: PathBuf },
    /// Upload a checked file.
    Upload {
        request: RequestId,
        path: PathBuf,
        title: String,
        organization: Option<OrganizationId>,
    },
    /// The draft's request to its club (answered by `Club`, and again as news whenever the
    /// team's requests change while it is the draft shown).
    Club { logo: LogoId },
    /// Ask the club to approve the draft on its own phone (`ClubLink`, then `Club`).
    AskClub {
        request: RequestId,
        ask: Box<club::LogoAsk>,
    },
    /// Revoke the draft's open link to its club (`Club` follows as news).
    WithdrawClub { logo: LogoId },
}

/// What the backend answers.
#[derive(strum::IntoStaticStr)]
pub enum EditorEvent {
    /// A draft opened (or uploaded: `uploaded` is true).
    Opened {
        draft: Box<EditorDraft>,
        uploaded: bool,
    },
    /// A local recolor preview, the answer to a `Preview`.
    Preview(Arc<egui::ColorImage>),
    /// One step of "Apply" succeeded.
    StepDone { step: Step, draft: Box<EditorDraft> },
    /// One step of "Apply" failed; the steps after it were not sent.
    StepFailed { step: Step, error: UserError },
    /// Every staged step was sent.
    ApplyFinished,
    /// The draft was committed.
    Committed(Box<Logo>),
    /// The file dialog closed: the chosen file, or `None` (cancelled, or no dialog service).
    FilePicked(Option<PathBuf>),
    /// A file was checked.
    FileChecked(Box<CheckedFile>),
    /// A draft's newest request to its club, and whether this desk can make one.
    Club(Box<club::LogoClub>),
    /// A link for the club was made (shown once: copy it, mail it, scan it).
    ClubLink(Box<crate::backend::proofs::club::ClubLink>),
}

debug_as_name!(EditorCommand, EditorEvent);

impl EditorCommand {
    /// The request the command answers.
    pub fn request(&self) -> Option<RequestId> {
        match self {
            EditorCommand::Open { request, .. }
            | EditorCommand::Preview { request, .. }
            | EditorCommand::Apply { request, .. }
            | EditorCommand::Commit { request, .. }
            | EditorCommand::PickFile { request }
            | EditorCommand::CheckFile { request, .. }
            | EditorCommand::Upload { request, .. }
            | EditorCommand::AskClub { request, .. } => Some(*request),
            EditorCommand::Club { .. } | EditorCommand::WithdrawClub { .. } => None,
        }
    }
}

/// What one command works with: the account shown when it came.
#[derive(Clone)]
struct EditorContext {
    sink: Sink<EditorEvent>,
    store: SharedStore,
    client: Result<Client, UserError>,
    generation: Generation,
    account: AccountId,
}

/// The picture local previews recolor: the draft's latest server preview and its inks.
struct PreviewBase {
    logo: LogoId,
    image: Arc<RgbaImage>,
    inks: Vec<[u8; 3]>,
}

/// The editor feature: the preview base and the newest preview asked for (request ids grow:
/// a preview whose id is older was superseded by the UI, so its work is skipped).
pub(super) struct Editor {
    sink: Sink<EditorEvent>,
    store: SharedStore,
    active: Option<Active>,
    base: Arc<Mutex<Option<PreviewBase>>>,
    newest_preview: Arc<AtomicU64>,
    /// Its "Open" dialog belongs to the window.
    downloads: Downloads,
    /// The draft whose club request the editor shows.
    watched: club::Watched,
}

impl EditorContext {
    /// Answers `request` for the account of this command.
    fn answer(&self, request: RequestId, event: EditorEvent) {
        self.sink.answer(self.generation, request, event);
    }

    /// Answers `request`, whichever account is shown by then.
    fn reply(&self, request: RequestId, event: EditorEvent) {
        self.sink.emit(None, Some(request), Ok(event));
    }

    /// `request` failed, whichever account is shown by then.
    fn fail(&self, request: RequestId, error: UserError) {
        self.sink.fail(None, Some(request), error);
    }

    async fn with_store<T: Send + 'static>(
        &self,
        f: impl FnOnce(&Store, AccountId) -> Result<T, StoreError> + Send + 'static,
    ) -> Result<T, UserError> {
        let account = self.account;
        with_store(&self.store, move |s| f(s, account)).await
    }
}

impl Editor {
    pub(super) fn new(sink: Sink<EditorEvent>, store: SharedStore, downloads: Downloads) -> Editor {
        Editor {
            sink,
            store,
            active: None,
            base: Arc::default(),
            newest_preview: Arc::default(),
            downloads,
            watched: Arc::default(),
        }
    }

    /// Another desk or the club's page changed the team's requests: the draft watched is
    /// told again.
    pub(super) fn team_changed(&self) {
        let Some(active) = &self.active else {
            return;
        };
        if let Some((account, logo)) = *self.watched.locked()
            && account == active.account()
        {
            club::tell(&self.context(active), logo, false);
        }
    }

    fn context(&self, active: &Active) -> EditorContext {
        EditorContext {
            sink: self.sink.clone(),
            store: self.store.clone(),
            client: active.client(),
            generation: active.generation,
            account: active.account(),
        }
    }

    /// Another account is shown.
    pub(super) async fn activate(&mut self, active: &Active) {
        self.active = Some(active.clone());
    }

    pub(super) async fn handle(&mut self, command: EditorCommand) -> Result<(), UserError> {
        let active = active(&self.active)?;
        let cx = self.context(active);
        let base = self.base.clone();
        match command {
            EditorCommand::Club { logo } => {
                *self.watched.locked() = Some((cx.account, logo));
                club::tell(&cx, logo, true);
            }
            EditorCommand::WithdrawClub { logo } => {
                tokio::spawn(async move {
                    let subject = ClubSubject::Logo {
                        account: cx.account,
                        logo,
                    };
                    if let Err(e) = proofs_club::withdraw(&cx.store, subject).await {
                        cx.sink.fail(Some(cx.generation), None, e);
                    }
                    club::tell(&cx, logo, false);
                });
            }
            EditorCommand::AskClub { request, ask } => {
                let logo = ask.logo.logo_id;
                *self.watched.locked() = Some((cx.account, logo));
                tokio::spawn(async move {
                    match club::ask(&cx, &base, *ask).await {
                        Ok(link) => cx.answer(request, EditorEvent::ClubLink(Box::new(link))),
                        Err(e) => cx.fail(request, e),
                    }
                    club::tell(&cx, logo, false);
                });
            }
            EditorCommand::Preview {
                request,
                logo,
                mapping,
            } => {
                self.newest_preview.store(request.0, Ordering::SeqCst);
                let newest = self.newest_preview.clone();
                tokio::task::spawn_blocking(move || {
                    preview(&cx, &base, &newest, request, logo, &mapping)
                });
            }
            EditorCommand::PickFile { request } => {
                let picked = self.downloads.pick_file(OpenRequest {
                    title: crate::tr!("backend-upload-dialog-title"),
                    filter: crate::tr!("backend-upload-dialog-filter"),
                    extensions: &["png", "jpg", "jpeg", "webp"],
                });
                tokio::spawn(async move {
                    let path = picked.await;
                    cx.reply(request, EditorEvent::FilePicked(path));
                });
            }
            EditorCommand::CheckFile { request, path } => {
                tokio::spawn(async move {
                    let result = heavy(move || check_file(path)).await.and_then(|r| r);
                    match result {
                        Ok(file) => cx.reply(request, EditorEvent::FileChecked(Box::new(file))),
                        Err(error) => cx.fail(request, error),
                    }
                });
            }
            EditorCommand::Open { request, logo } => {
                tokio::spawn(async move {
                    let client = match &cx.client {
                        Ok(c) => c.clone(),
                        Err(e) => return cx.fail(request, e.clone()),
                    };
                    match client.logos().get(logo).await {
                        Ok(found) => match load_draft(&cx, &base, &client, found, None).await {
                            Ok(draft) => cx.answer(
                                request,
                                EditorEvent::Opened {
                                    draft: Box::new(draft),
                                    uploaded: false,
                                },
                            ),
                            Err(e) => cx.fail(request, e),
                        },
                        Err(e) => cx.fail(request, UserError::from_api(&e)),
                    }
                });
            }
            EditorCommand::Upload {
                request,
                path,
                title,
                organization,
            } => {
                tokio::spawn(async move {
                    if let Err(e) = upload(&cx, &base, request, path, title, organization).await {
                        cx.fail(request, e);
                    }
                });
            }
            EditorCommand::Apply {
                request,
                logo,
                changes,
            } => {
                tokio::spawn(async move {
                    apply(&cx, &base, request, logo, changes).await;
                    cx.reply(request, EditorEvent::ApplyFinished);
                });
            }
            EditorCommand::Commit {
                request,
                logo,
                club_approved,
            } => {
                tokio::spawn(async move {
                    if club_approved && let Err(e) = club::still_approved(&cx, logo).await {
                        return cx.fail(request, e);
                    }
                    let committed = match &cx.client {
                        Ok(c) => c
                            .logos()
                            .commit(logo)
                            .await
                            .map_err(|e| UserError::from_api(&e)),
                        Err(e) => Err(e.clone()),
                    };
                    match committed {
                        Ok(mut logo) => {
                            logo.high_res_base64.clear();
                            logo.low_res_base64.clear();
                            cx.answer(request, EditorEvent::Committed(Box::new(logo)));
                        }
                        Err(e) => cx.fail(request, e),
                    }
                });
            }
        }
        Ok(())
    }
}

/// Recolors the preview base unless a newer preview came meanwhile (the UI drops this one's
/// answer then: skipping it only saves the work). Unanswered too when the base is another
/// logo's (another draft is being opened): the UI supersedes this request when it takes that
/// draft, and its progress is never shown.
fn preview(
    cx: &EditorContext,
    base: &Mutex<Option<PreviewBase>>,
    newest: &AtomicU64,
    request: RequestId,
    logo: LogoId,
    mapping: &[([u8; 3], [u8; 3])],
) {
    let (image, inks) = {
        let guard = base.locked();
        match guard.as_ref() {
            Some(b) if b.logo == logo => (b.image.clone(), b.inks.clone()),
            _ => return,
        }
    };
    let superseded = || newest.load(Ordering::SeqCst) != request.0;
    if superseded() {
        return;
    }
    let recolored = imaging::recolor(&image, mapping, &inks);
    if superseded() {
        return;
    }
    let image = Arc::new(pictures::to_color_image(&recolored));
    cx.answer(request, EditorEvent::Preview(image));
}

/// Reads and checks a file as the service would, and previews it.
fn check_file(path: PathBuf) -> Result<CheckedFile, UserError> {
    let limits = Limits::default();
    let shown = path.display().to_string();
    let meta = std::fs::metadata(&path).map_err(|e| {
        UserError::new(
            crate::tr!(
                "backend-file-unreadable-check",
                path = shown.as_str(),
                reason = e.to_string()
            ),
            None,
        )
    })?;
    if !meta.is_file() {
        return Err(UserError::new(
            crate::tr!("backend-not-a-file", path = shown.as_str()),
            None,
        ));
    }
    if meta.len() > limits.max_file_bytes as u64 {
        return Err(UserError::new(
            crate::tr!(
                "backend-file-too-big",
                size = crate::i18n::language().number(
                    rust_decimal::Decimal::from(meta.len())
                        / rust_decimal::Decimal::from(1024 * 1024),
                    1
                ),
                max = (limits.max_file_bytes / (1024 * 1024)).to_string()
            ),
            None,
        ));
    }
    let bytes = std::fs::read(&path).map_err(|e| {
        UserError::new(
            crate::tr!(
                "backend-file-unreadable",
                path = shown.as_str(),
                reason = e.to_string()
            ),
            None,
        )
    })?;
    let decoded = imaging::decode(&bytes, &limits)
        .map_err(|e| UserError::new(pictures::imaging_sentence(&e), None))?;
    if decoded.width < imaging::MIN_SIDE || decoded.height < imaging::MIN_SIDE {
        return Err(UserError::new(
            crate::tr!(
                "backend-picture-too-small",
                width = decoded.width.to_string(),
                height = decoded.height.to_string(),
                min = imaging::MIN_SIDE.to_string()
            ),
            None,
        ));
    }
    let preview = imaging::downscale(&decoded.image, CHECK_PREVIEW_SIDE);
    Ok(CheckedFile {
        file_name: path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_else(|| "logo.png".into()),
        path,
        bytes: bytes.len(),
        format: decoded.format,
        width: decoded.width,
        height: decoded.height,
        size_mm: imaging::size_mm(decoded.width, decoded.height, imaging::DEFAULT_DPI),
        preview: Arc::new(pictures::to_color_image(&preview)),
    })
}

async fn upload(
    cx: &EditorContext,
    base: &Mutex<Option<PreviewBase>>,
    request: RequestId,
    path: PathBuf,
    title: String,
    organization: Option<OrganizationId>,
) -> Result<(), UserError> {
    let client = cx.client.clone()?;
    let checked_path = path.clone();
    let checked = blocking(move || check_file(checked_path)).await??;
    let bytes = tokio::fs::read(&path).await.map_err(|e| {
        UserError::new(
            crate::tr!(
                "backend-file-unreadable",
                path = path.display().to_string(),
                reason = e.to_string()
            ),
            None,
        )
    })?;
    let mut body = UploadLogo::new(checked.file_name, bytes, title.trim());
    if let Some(org) = organization {
        body = body.with_organization(org);
    }
    let logo = client
        .logos()
        .upload(body)
        .await
        .map_err(|e| UserError::from_api(&e))?;
    let draft = load_draft(cx, base, &client, logo, Some(false)).await?;
    cx.answer(
        request,
        EditorEvent::Opened {
            draft: Box::new(draft),
            uploaded: true,
        },
    );
    Ok(())
}

/// Decodes the logo's picture (keeping it as the preview base), loads or starts the editor's
/// memory of it, and collects the account's palette and methods.
async fn load_draft(
    cx: &EditorContext,
    base: &Mutex<Option<PreviewBase>>,
    client: &Client,
    logo: Logo,
    fresh_upload: Option<bool>,
) -> Result<EditorDraft, UserError> {
    let mut draft = into_draft(cx, base, logo, fresh_upload).await?;
    let seen = client
        .logos()
        .list_all(None, PALETTE_PAGES)
        .await
        .map_err(|e| UserError::from_api(&e))?;
    let mut palette: Vec<Color> = Vec::new();
    let mut methods: Vec<String> = KNOWN_TRANSFER_METHODS
        .iter()
        .map(|m| m.to_string())
        .collect();
    let own = draft
        .logo
        .colors
        .iter()
        .chain(&draft.memory.original_colors);
    for color in own.chain(seen.iter().flat_map(|s| &s.colors)) {
        if !palette.iter().any(|p| p.id.eq_ignore_ascii_case(&color.id)) {
            palette.push(color.clone());
        }
    }
    for method in seen.iter().map(|s| &s.transfer_method_key) {
        if !method.trim().is_empty() && !methods.iter().any(|m| m.eq_ignore_ascii_case(method)) {
            methods.push(method.clone());
        }
    }
    palette.sort_by(|a, b| a.id.cmp(&b.id));
    draft.palette = Some(palette);
    draft.methods = Some(methods);
    Ok(draft)
}

/// The logo as the editor needs it, without the account's palette.
async fn into_draft(
    cx: &EditorContext,
    base: &Mutex<Option<PreviewBase>>,
    mut logo: Logo,
    fresh_upload: Option<bool>,
) -> Result<EditorDraft, UserError> {
    let source = pictures::take_picture(&mut logo);
    let decoded = heavy(move || match source {
        Some(source) => {
            imaging::decode_base64_png(&source).map_err(|e| pictures::picture_sentence(&e))
        }
        None => Err(pictures::no_picture()),
    })
    .await?;
    let (decoded, image_error) = match decoded {
        Ok(img) => (Some(img), None),
        Err(sentence) => (None, Some(sentence)),
    };
    let image = decoded
        .as_ref()
        .map(|img| Arc::new(pictures::to_color_image(img)));
    // Without a picture of this version, none of an earlier one is kept to recolor (or to
    // show the club).
    *base.locked() = decoded.map(|img| PreviewBase {
        logo: logo.logo_id,
        image: Arc::new(img),
        inks: logo.colors.iter().map(Color::rgb).collect(),
    });
    let (id, colors) = (logo.logo_id, logo.colors.clone());
    let memory = if logo.status == LogoStatus::Draft {
        cx.with_store(move |s, account| s.remember_draft(account, id, &colors, fresh_upload))
            .await?
    } else {
        cx.with_store(move |s, account| s.draft_memory(account, id))
            .await?
            .unwrap_or(DraftMemory {
                original_colors: colors,
                method_confirmed: None,
                applied_targets: None,
            })
    };
    Ok(EditorDraft {
        logo,
        image,
        image_error,
        memory,
        palette: None,
        methods: None,
    })
}

/// Sends the staged changes in the service's order; stops at the first failure.
async fn apply(
    cx: &EditorContext,
    base: &Mutex<Option<PreviewBase>>,
    request: RequestId,
    logo: LogoId,
    changes: StagedChanges,
) {
    let client = match &cx.client {
        Ok(c) => c.clone(),
        Err(e) => return cx.fail(request, e.clone()),
    };
    let memory = match cx.with_store(move |s, a| s.draft_memory(a, logo)).await {
        Ok(m) => m,
        Err(e) => return cx.fail(request, e),
    };
    let steps = [
        (Step::Method, changes.method.is_some()),
        (Step::Colors, changes.colors.is_some()),
        (Step::Size, changes.size.is_some()),
        (Step::Title, changes.title.is_some()),
    ];
    for (step, wanted) in steps {
        if !wanted {
            continue;
        }
        let sent = send_step(cx, &client, logo, step, &changes, memory.as_ref()).await;
        let outcome = match sent {
            Ok(updated) => into_draft(cx, base, updated, None).await,
            Err(e) => Err(e),
        };
        match outcome {
            Ok(draft) => cx.answer(
                request,
                EditorEvent::StepDone {
                    step,
                    draft: Box::new(draft),
                },
            ),
            Err(error) => return cx.answer(request, EditorEvent::StepFailed { step, error }),
        }
    }
}

/// The body of `changecolors`: every original color, in original order, to its target.
pub fn color_change(originals: &[Color], targets: &[String]) -> ChangeColors {
    let ids: Vec<&str> = originals.iter().map(|c| c.id.as_str()).collect();
    ChangeColors {
        color_changes: vec![ColorChange {
            from: ids.join(","),
            to: targets.join(","),
        }],
    }
}

async fn send_step(
    cx: &EditorContext,
    client: &Client,
    logo: LogoId,
    step: Step,
    changes: &StagedChanges,
    memory: Option<&DraftMemory>,
) -> Result<Logo, UserError> {
    let logos = || client.logos();
    let api = |e: crate::api::ApiError| UserError::from_api(&e);
    match step {
        Step::Method => {
            let key = changes.method.clone().unwrap_or_default();
            let body = UpdateMethod {
                transfer_method_key: key,
            };
            let updated = logos().update_method(logo, &body).await.map_err(api)?;
            cx.with_store(move |s, a| s.set_method_confirmed(a, logo))
                .await?;
            Ok(updated)
        }
        Step::Colors => {
            let targets = changes.colors.clone().unwrap_or_default();
            let originals = memory.map(|m| m.original_colors.as_slice()).unwrap_or(&[]);
            if originals.len() != targets.len() || originals.is_empty() {
                return Err(UserError::new(
                    crate::tr!("backend-original-colors-unknown"),
                    None,
                ));
            }
            let body = color_change(originals, &targets);
            let updated = logos().change_colors(logo, &body).await.map_err(api)?;
            cx.with_store(move |s, a| s.set_applied_targets(a, logo, &targets))
                .await?;
            Ok(updated)
        }
        Step::Size => {
            let (w, h) = changes.size.unwrap_or_default();
            logos().resize(logo, &Resize::new(w, h)).await.map_err(api)
        }
        Step::Title => {
            let title = changes.title.clone().unwrap_or_default();
            logos().rename(logo, &Rename { title }).await.map_err(api)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn color_change_names_every_original_in_order() {
        let c = |id: &str| Color {
            id: id.into(),
            name: String::new(),
            red: 0,
            green: 0,
            blue: 0,
        };
        let body = color_change(&[c("RED"), c("WHITE")], &["BLUE".into(), "WHITE".into()]);
        assert_eq!(body.color_changes.len(), 1);
        assert_eq!(body.color_changes[0].from, "RED,WHITE");
        assert_eq!(body.color_changes[0].to, "BLUE,WHITE");
        assert!(crate::api::logos::validate_change_colors(&body).is_empty());
    }

    #[test]
    fn a_missing_or_damaged_file_is_refused_with_a_sentence() {
        let dir = tempfile::tempdir().unwrap();
        let Err(missing) = check_file(dir.path().join("nope.png")) else {
            panic!("a missing file was accepted");
        };
        assert!(missing.message.contains("cannot be read"));
        let junk = dir.path().join("junk.png");
        std::fs::write(&junk, b"not a picture").unwrap();
        assert!(check_file(junk).is_err());
    }
}
