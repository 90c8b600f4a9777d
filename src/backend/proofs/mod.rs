//! The proofs feature: a design drawn by the service with one roster row's name, number and
//! per-placeholder values (the composer's proof strip), a proof sheet PDF with one block per
//! roster row for a club to approve, and the PDF confirmation of a completed order.
//!
//! Pictures are decoded and shrunk, and PDFs made, on the backend's heavy lane (never in the
//! database's way); pictures are kept, per (design, name, number, values), in a cache bounded by bytes; the strip and the
//! sheet share it. A line's newer render aborts its older one; a sheet renders at most
//! [`SHEET_RENDERS`] rows at once, reports its progress, and can be cancelled.
//!
//! The club's approval: "Proof sent" makes the line's sheet and keeps that exact PDF in the
//! data folder (`proofs/<order>/<hash>.pdf`, [`proofs_folder`]), then records the step
//! (`store::approvals`); the club's answer is recorded against the newest sheet sent
//! ([`crate::orders::approval::next`] decides what may follow what). A confirmation of an
//! order placed from here names who approved each line's proof, when, and which sheet.

pub mod club;

use crate::api::{Client, DesignId, DesignView, LogoId, LogoValue, Order, OrderId, RenderDesign};
use crate::backend::StoreLocation;
use crate::backend::designs::Here;
use crate::backend::support::downloads::{Downloads, Export, SaveTo, file_name_part};
use crate::backend::support::fetch::LogoCache;
use crate::backend::support::pictures::{picture_sentence, to_color_image};
use crate::backend::support::{
    Active, Generation, RequestId, Sink, UserError, active, blocking, debug_as_name, heavy,
};
use crate::backend::support::{SharedStore, with_store};
use crate::imaging::{self, Limits};
use crate::locale::Language;
use crate::orders::approval::{
    self, Action, KeptProof, LineKey, LineSnapshot, ProofStatus, ProofStep,
};
use crate::orders::form::DraftForm;
use crate::pdf::confirmation::LineApproval;
use crate::pdf::proof::{ProofHeader, ProofRow, ProofSheet};
use crate::pdf::{self, Picture};
use crate::store::LocalOrderId;
use crate::store::club::ClubSubject;
use crate::sync::Lock as _;
use futures_util::StreamExt as _;
use image::RgbaImage;
use std::collections::{HashMap, VecDeque};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use tokio::task::JoinHandle;

/// Longest side of a proof picture in pixels: sharp in the strip and about 300 dpi in a
/// sheet's block.
pub const PROOF_SIDE: u32 = 400;

/// Rows of a sheet rendered at once.
pub const SHEET_RENDERS: usize = 4;

/// Decoded proof pictures kept (about 25 rows of front and back).
const CACHE_BYTES: usize = 24 * 1024 * 1024;

/// What a proof shows: a design with one row's values. Empty values are `None`/left out, so
/// rows that print the same share one picture.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct ProofKey {
    pub design: DesignId,
    pub name: Option<String>,
    pub number: Option<String>,
    /// Per-placeholder values (placeholder id, text), in id order.
    pub values: Vec<(i64, String)>,
}

impl ProofKey {
    /// The key of `design` with these values (blank ones count as not given).
    pub fn new(
        design: DesignId,
        name: &str,
        number: &str,
        values: impl IntoIterator<Item = (i64, String)>,
    ) -> ProofKey {
        let text = |s: &str| Some(s.trim().to_owned()).filter(|s| !s.is_empty());
        let mut values: Vec<(i64, String)> = values
            .into_iter()
            .filter_map(|(id, v)| Some((id, text(&v)?)))
            .collect();
        values.sort();
        ProofKey {
            design,
            name: text(name),
            number: text(number),
            values,
        }
    }

    /// The render request: the design's own placements, with the row's values.
    pub fn body(&self) -> RenderDesign {
        RenderDesign {
            design_id: Some(self.design),
            design_logos: None,
            name: self.name.clone(),
            number: self.number.clone(),
            logo_values: self
                .values
                .iter()
                .map(|(id, value)| LogoValue {
                    logo_id: LogoId(*id),
                    value: value.clone(),
                })
                .collect(),
        }
    }
}

/// A drawn view, for the strip.
#[derive(Debug, Clone)]
pub struct ProofPicture {
    pub view: String,
    pub image: Arc<egui::ColorImage>,
    /// Drawn by logodesk: the service does not draw design views (a plain garment with the
    /// design's logos and the row's lettering).
    pub drawn_here: bool,
}

/// One roster row of a proof sheet.
#[derive(Debug, Clone)]
pub struct SheetRow {
    pub size: String,
    pub quantity: String,
    pub key: ProofKey,
    /// Per-placeholder values as printed ("Back name: Hansen").
    pub value_labels: Vec<String>,
}

/// The distinct proofs of a sheet's rows, in the order they first appear, and how many rows
/// share each: one pass over the rows, each key looked up by its hash.
fn distinct_keys(rows: &[SheetRow]) -> (Vec<ProofKey>, HashMap<ProofKey, usize>) {
    let mut distinct = Vec::new();
    let mut sharing: HashMap<ProofKey, usize> = HashMap::new();
    for row in rows {
        match sharing.get_mut(&row.key) {
            Some(n) => *n += 1,
            None => {
                distinct.push(row.key.clone());
                sharing.insert(row.key.clone(), 1);
            }
        }
    }
    (distinct, sharing)
}

/// What a proof sheet is made of.
#[derive(Debug, Clone)]
pub struct SheetOrder {
    /// The order's reference (empty for a draft without one).
    pub reference: String,
    /// The club: the delivery address's name.
    pub club: String,
    pub design: DesignId,
    pub rows: Vec<SheetRow>,
}

/// What was saved.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SavedKind {
    ProofSheet,
    Confirmation,
}

/// What the composer and the history ask of the backend.
#[derive(strum::IntoStaticStr)]
pub enum ProofsCommand {
    /// Draw `key` for composer line `line` (answered by `Rendered`); aborts the line's older
    /// render still running.
    Render {
        request: RequestId,
        line: usize,
        key: ProofKey,
    },
    /// Render every row and save a proof sheet PDF (progress as `SheetProgress`, then
    /// `Saved`); replaces a sheet still under way. Where it goes is asked first
    /// ([`SaveTo::Ask`]: "Save as…"); nothing is drawn if the person closes the dialog
    /// (`NotSaved`). The sheet's date and figures are written in `language` (its words in the
    /// process's, which the app keeps the same).
    Sheet {
        request: RequestId,
        sheet: SheetOrder,
        to: SaveTo,
        language: Language,
        /// The club's link shown on this desk, printed on the sheet as a QR code (a file the
        /// person saves; the sheets logodesk keeps never carry the link).
        qr: Option<crate::imaging::qr::QrCode>,
    },
    /// Stop the sheet under way; nothing is saved.
    CancelSheet,
    /// Save the confirmation PDF of a completed order ("Save as…" unless `to` names a path).
    Confirmation {
        request: RequestId,
        order: Box<Order>,
        tracking: Option<OrderId>,
        to: SaveTo,
        language: Language,
        /// The order's row here, when it was placed from here: its proofs' approval is named.
        local: Option<LocalOrderId>,
    },
    /// The approval steps of an order's lines (answered by `Approvals`).
    Approvals { order: LocalOrderId },
    /// Make line `line`'s proof sheet, keep it in the data folder and record it as sent to
    /// the club (progress as `SheetProgress`, then `Approvals`).
    SendProof {
        request: RequestId,
        order: LocalOrderId,
        line: LineKey,
        snapshot: LineSnapshot,
        sheet: SheetOrder,
        language: Language,
    },
    /// Ask the club to approve its design lines on its own phone (`club::ask`): each line's
    /// sheet made, kept and marked sent, the page stored in the team database and a link
    /// made (progress as `SheetProgress`, then `ClubLink`, then `Approvals`).
    AskClub {
        request: RequestId,
        order: LocalOrderId,
        ask: Box<club::ClubAsk>,
        /// The sheets' language (the club's page is in the contact's).
        language: Language,
    },
    /// Revoke `order`'s open link to its club (`Approvals` follows as news).
    WithdrawClub { order: LocalOrderId },
    /// Record the club's answer to the newest proof sent of `line`, the line being
    /// `snapshot` now (`Approvals` follows as news, or a sentence saying why not).
    Answer {
        order: LocalOrderId,
        line: LineKey,
        action: Action,
        who: String,
        note: String,
        snapshot: LineSnapshot,
    },
}

/// What the backend tells them.
#[derive(strum::IntoStaticStr)]
pub enum ProofsEvent {
    /// A line's proof: the views drawn (front and back).
    Rendered {
        line: usize,
        key: ProofKey,
        pictures: Arc<Vec<ProofPicture>>,
    },
    /// A sheet's rows drawn so far (one answer of several to the sheet's request).
    SheetProgress { done: usize, total: usize },
    /// A PDF was saved here.
    Saved { kind: SavedKind, path: PathBuf },
    /// The person closed "Save as…": nothing was made or saved.
    NotSaved { kind: SavedKind },
    /// The newest approval step of each line of `order` (kept proofs with their whole path),
    /// and its newest request to the club's page.
    Approvals {
        order: LocalOrderId,
        steps: Vec<ProofStep>,
        club: Option<Box<club::ClubRequestShown>>,
    },
    /// A link for the club was made (shown once: copy it, mail it, scan it).
    ClubLink {
        order: LocalOrderId,
        link: Box<club::ClubLink>,
    },
}

debug_as_name!(ProofsCommand, ProofsEvent);

impl ProofsCommand {
    /// The request the command answers (`None`: it answers nobody; its failure is a notice).
    pub fn request(&self) -> Option<RequestId> {
        match self {
            ProofsCommand::Render { request, .. }
            | ProofsCommand::Sheet { request, .. }
            | ProofsCommand::Confirmation { request, .. }
            | ProofsCommand::SendProof { request, .. }
            | ProofsCommand::AskClub { request, .. } => Some(*request),
            ProofsCommand::CancelSheet
            | ProofsCommand::WithdrawClub { .. }
            | ProofsCommand::Approvals { .. }
            | ProofsCommand::Answer { .. } => None,
        }
    }
}

/// One row's front and back, decoded and shrunk.
struct Drawn {
    views: Vec<(String, RgbaImage)>,
    /// Drawn here: the service does not draw design views.
    here: bool,
}

/// Decoded pictures by key, bounded by bytes, oldest first out.
#[derive(Default)]
struct Cache {
    entries: HashMap<ProofKey, Arc<Drawn>>,
    order: VecDeque<ProofKey>,
    bytes: usize,
}

impl Cache {
    fn get(&mut self, key: &ProofKey) -> Option<Arc<Drawn>> {
        let found = self.entries.get(key).cloned()?;
        self.order.retain(|k| k != key);
        self.order.push_back(key.clone());
        Some(found)
    }

    fn insert(&mut self, key: ProofKey, views: Arc<Drawn>) {
        let size = |v: &Drawn| -> usize { v.views.iter().map(|(_, i)| i.as_raw().len()).sum() };
        if let Some(old) = self.entries.insert(key.clone(), views.clone()) {
            self.bytes -= size(&old);
            self.order.retain(|k| k != &key);
        }
        self.bytes += size(&views);
        self.order.push_back(key);
        while self.bytes > CACHE_BYTES && self.order.len() > 1 {
            if let Some(oldest) = self.order.pop_front()
                && let Some(gone) = self.entries.remove(&oldest)
            {
                self.bytes -= size(&gone);
            }
        }
    }
}

type SharedCache = Arc<Mutex<Cache>>;

/// The proofs feature: renders per line, the sheet under way, the picture cache.
pub(super) struct Proofs {
    sink: Sink<ProofsEvent>,
    downloads: Downloads,
    store: SharedStore,
    /// Where sent proof sheets are kept ([`proofs_folder`]).
    kept: PathBuf,
    active: Option<Active>,
    cache: SharedCache,
    /// The logos proofs drawn here show (a service without design views), read once each.
    logos: Arc<LogoCache>,
    lines: HashMap<usize, JoinHandle<()>>,
    sheet: Option<JoinHandle<()>>,
    /// The order whose approvals were asked last (the composer's draft): told again when
    /// another desk or the club changes them.
    watched: Arc<Mutex<Option<LocalOrderId>>>,
}

impl Proofs {
    pub(super) fn new(
        sink: Sink<ProofsEvent>,
        downloads: Downloads,
        store: SharedStore,
        kept: PathBuf,
    ) -> Proofs {
        Proofs {
            sink,
            downloads,
            store,
            kept,
            active: None,
            cache: SharedCache::default(),
            logos: Arc::default(),
            lines: HashMap::new(),
            sheet: None,
            watched: Arc::default(),
        }
    }

    /// Tells `order`'s approvals (as news: every screen showing it takes them).
    fn tell_approvals(&self, order: LocalOrderId) {
        let (store, kept, sink) = (self.store.clone(), self.kept.clone(), self.sink.clone());
        tokio::spawn(async move {
            match approvals_of(&store, &kept, order).await {
                Ok(event) => sink.notice(event),
                Err(e) => sink.fail(None, None, e),
            }
        });
    }

    /// Another desk or the club's page changed the team's approvals: the order watched is
    /// told again.
    pub(super) fn team_changed(&self) {
        if let Some(order) = *self.watched.locked() {
            self.tell_approvals(order);
        }
    }

    /// Another account is shown: its designs are others, and so are its pictures.
    pub(super) async fn activate(&mut self, active: &Active) {
        self.lines.drain().for_each(|(_, t)| t.abort());
        if let Some(t) = self.sheet.take() {
            t.abort();
        }
        *self.cache.locked() = Cache::default();
        self.logos.clear();
        self.active = Some(active.clone());
    }

    pub(super) async fn handle(&mut self, command: ProofsCommand) -> Result<(), UserError> {
        let command = match command {
            ProofsCommand::Approvals { order } => {
                *self.watched.locked() = Some(order);
                self.tell_approvals(order);
                return Ok(());
            }
            ProofsCommand::WithdrawClub { order } => {
                let (store, kept, sink) =
                    (self.store.clone(), self.kept.clone(), self.sink.clone());
                tokio::spawn(async move {
                    match club::withdraw(&store, ClubSubject::Order(order)).await {
                        Ok(()) => match approvals_of(&store, &kept, order).await {
                            Ok(event) => sink.notice(event),
                            Err(e) => sink.fail(None, None, e),
                        },
                        Err(e) => sink.fail(None, None, e),
                    }
                });
                return Ok(());
            }
            ProofsCommand::Answer {
                order,
                line,
                action,
                who,
                note,
                snapshot,
            } => {
                let (store, kept, sink) =
                    (self.store.clone(), self.kept.clone(), self.sink.clone());
                tokio::spawn(async move {
                    let recorded = with_store(&store, move |s| {
                        let current = approval::by_line(s.proof_steps(order)?).remove(&line);
                        let status = match approval::next(current.as_ref(), action, &snapshot, &who)
                        {
                            Ok(status) => status,
                            Err(e) => return Ok(Err(UserError::new(e.to_string(), None))),
                        };
                        let step = ProofStep {
                            line,
                            status,
                            who: who.trim().to_owned(),
                            note: note.trim().to_owned(),
                            at: chrono::Utc::now(),
                            proof: current.and_then(|c| c.proof),
                            snapshot,
                        };
                        s.record_proof_step(order, &step.to_stored())?;
                        Ok(Ok(()))
                    })
                    .await
                    .and_then(|r| r);
                    match recorded {
                        Ok(()) => match approvals_of(&store, &kept, order).await {
                            Ok(event) => sink.notice(event),
                            Err(e) => sink.fail(None, None, e),
                        },
                        Err(e) => sink.fail(None, None, e),
                    }
                });
                return Ok(());
            }
            other => other,
        };
        let active = active(&self.active)?;
        let (generation, client) = (active.generation, active.client());
        let sink = self.sink.clone();
        match command {
            ProofsCommand::Render { request, line, key } => {
                if let Some(t) = self.lines.remove(&line) {
                    t.abort();
                }
                let (cache, logos) = (self.cache.clone(), self.logos.clone());
                self.lines.retain(|_, t| !t.is_finished());
                self.lines.insert(
                    line,
                    tokio::spawn(async move {
                        let result = match client {
                            Ok(client) => {
                                let here = Here {
                                    logos: &logos,
                                    generation,
                                };
                                views_of(&client, &cache, here, &key).await
                            }
                            Err(e) => Err(e),
                        };
                        let result = match result {
                            Ok(views) => blocking(move || {
                                views
                                    .views
                                    .iter()
                                    .map(|(view, image)| ProofPicture {
                                        view: view.clone(),
                                        image: Arc::new(to_color_image(image)),
                                        drawn_here: views.here,
                                    })
                                    .collect()
                            })
                            .await
                            .map(Arc::new),
                            Err(e) => Err(e),
                        };
                        let event = result.map(|pictures| ProofsEvent::Rendered {
                            line,
                            key,
                            pictures,
                        });
                        sink.reply(generation, request, event);
                    }),
                );
            }
            ProofsCommand::Sheet {
                request,
                sheet,
                to,
                language,
                qr,
            } => {
                if let Some(t) = self.sheet.take() {
                    t.abort();
                }
                let client = client?;
                let (cache, downloads) = (self.cache.clone(), self.downloads.clone());
                let logos = self.logos.clone();
                self.sheet = Some(tokio::spawn(async move {
                    let today = chrono::Local::now().date_naive();
                    let name = sheet_file_name(&sheet.reference, today);
                    let kind = SavedKind::ProofSheet;
                    let path = match downloads
                        .choose(to, &name, "proof.pdf", Export::ProofSheet)
                        .await
                    {
                        Ok(Some(path)) => path,
                        Ok(None) => {
                            return sink.answer(
                                generation,
                                request,
                                ProofsEvent::NotSaved { kind },
                            );
                        }
                        Err(e) => return sink.fail(Some(generation), Some(request), e),
                    };
                    let job = SheetJob {
                        client,
                        cache,
                        logos,
                        sink: sink.clone(),
                        generation,
                        request,
                    };
                    let saved = match job.run_keeping(sheet, today, language, qr).await {
                        Ok(made) => downloads.write(path, made.pdf, Export::ProofSheet).await,
                        Err(e) => Err(e),
                    };
                    answer_saved(&sink, generation, request, kind, saved);
                }));
            }
            ProofsCommand::CancelSheet => {
                if let Some(t) = self.sheet.take() {
                    t.abort();
                }
            }
            ProofsCommand::SendProof {
                request,
                order,
                line,
                snapshot,
                sheet,
                language,
            } => {
                let client = client?;
                let job = SheetJob {
                    client,
                    cache: self.cache.clone(),
                    logos: self.logos.clone(),
                    sink: sink.clone(),
                    generation,
                    request,
                };
                let (store, kept) = (self.store.clone(), self.kept.clone());
                tokio::spawn(async move {
                    let today = chrono::Local::now().date_naive();
                    let recorded = match job.run(sheet, today, language).await {
                        Ok(bytes) => send_proof(&store, &kept, order, line, snapshot, bytes).await,
                        Err(e) => Err(e),
                    };
                    answer_approvals(&sink, &store, &kept, generation, request, order, recorded)
                        .await;
                });
            }
            ProofsCommand::AskClub {
                request,
                order,
                ask,
                language,
            } => {
                let client = client?;
                // The desk asking shows the order: the club's answer is told to it.
                *self.watched.locked() = Some(order);
                let (cache, logos) = (self.cache.clone(), self.logos.clone());
                let job = move || SheetJob {
                    client: client.clone(),
                    cache: cache.clone(),
                    logos: logos.clone(),
                    sink: sink.clone(),
                    generation,
                    request,
                };
                let (store, kept, sink) =
                    (self.store.clone(), self.kept.clone(), self.sink.clone());
                tokio::spawn(async move {
                    match club::ask(&store, &kept, order, job, *ask, language).await {
                        Ok(link) => {
                            let link = Box::new(link);
                            sink.answer(generation, request, ProofsEvent::ClubLink { order, link });
                            answer_approvals(
                                &sink,
                                &store,
                                &kept,
                                generation,
                                request,
                                order,
                                Ok(()),
                            )
                            .await;
                        }
                        // A line's sheet may have been kept and marked sent before: said with
                        // the steps as they are now.
                        Err(e) => {
                            sink.fail(Some(generation), Some(request), e);
                            if let Ok(event) = approvals_of(&store, &kept, order).await {
                                sink.news(generation, event);
                            }
                        }
                    }
                });
            }
            ProofsCommand::Approvals { .. }
            | ProofsCommand::Answer { .. }
            | ProofsCommand::WithdrawClub { .. } => {}
            ProofsCommand::Confirmation {
                request,
                order,
                tracking,
                to,
                language,
                local,
            } => {
                let downloads = self.downloads.clone();
                let store = self.store.clone();
                tokio::spawn(async move {
                    let approvals = match local {
                        Some(id) => confirmation_approvals(&store, id).await,
                        None => Vec::new(),
                    };
                    let kind = SavedKind::Confirmation;
                    let name = confirmation_file_name(order.order_number.as_str());
                    match downloads
                        .choose(to, &name, "order.pdf", Export::Confirmation)
                        .await
                    {
                        Ok(Some(path)) => {
                            let saved = save_confirmation(
                                &downloads, path, order, tracking, approvals, language,
                            );
                            answer_saved(&sink, generation, request, kind, saved.await);
                        }
                        Ok(None) => {
                            sink.answer(generation, request, ProofsEvent::NotSaved { kind })
                        }
                        Err(e) => sink.fail(Some(generation), Some(request), e),
                    }
                });
            }
        }
        Ok(())
    }
}

/// Answers where a PDF was saved, or why it was not.
fn answer_saved(
    sink: &Sink<ProofsEvent>,
    generation: Generation,
    request: RequestId,
    kind: SavedKind,
    saved: Result<PathBuf, UserError>,
) {
    match saved {
        Ok(path) => sink.answer(generation, request, ProofsEvent::Saved { kind, path }),
        Err(e) => sink.fail(Some(generation), Some(request), e),
    }
}

/// The file name of a proof sheet: `proof-<reference or draft>-<date>.pdf`.
pub fn sheet_file_name(reference: &str, date: chrono::NaiveDate) -> String {
    format!(
        "proof-{}-{}.pdf",
        file_name_part(reference, "draft"),
        date.format("%Y-%m-%d")
    )
}

/// The file name of an order's confirmation: `order-<orderNumber>.pdf`.
pub fn confirmation_file_name(order_number: &str) -> String {
    format!("order-{}.pdf", file_name_part(order_number, "unnumbered"))
}

/// Makes the confirmation (on the heavy lane) and writes it to `path`.
async fn save_confirmation(
    downloads: &Downloads,
    path: PathBuf,
    order: Box<Order>,
    tracking: Option<OrderId>,
    approvals: Vec<LineApproval>,
    language: Language,
) -> Result<PathBuf, UserError> {
    let bytes =
        make_pdf(move || pdf::confirmation::build_with(&order, tracking, &approvals, language))
            .await?;
    downloads.write(path, bytes, Export::Confirmation).await
}

/// Where sent proof sheets are kept: `proofs/` beside `logodesk.sqlite`; for a database in
/// memory (tests), a folder of this process's own in the temporary folder.
pub fn proofs_folder(store: &StoreLocation) -> PathBuf {
    match store {
        StoreLocation::File(path) => path
            .parent()
            .unwrap_or_else(|| Path::new("."))
            .join("proofs"),
        StoreLocation::InMemory => {
            static NEXT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
            let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            std::env::temp_dir().join(format!("logodesk-proofs-{}-{n}", std::process::id()))
        }
    }
}

/// Keeps a sent sheet's exact bytes as `<kept>/<order>/<hash>.pdf` (an existing file of the
/// same hash is the same sheet) and records the line's proof as sent.
async fn send_proof(
    store: &SharedStore,
    kept: &Path,
    order: LocalOrderId,
    line: LineKey,
    snapshot: LineSnapshot,
    bytes: Vec<u8>,
) -> Result<(), UserError> {
    let hash = approval::content_hash(&bytes);
    let relative = PathBuf::from(order.0.to_string()).join(format!("{hash}.pdf"));
    let bytes = std::sync::Arc::new(bytes);
    keep_file(kept.join(&relative), bytes.clone())
        .await?
        .map_err(|e| {
            UserError::new(
                crate::tr!("backend-proof-not-kept", reason = e.to_string()),
                None,
            )
        })?;
    let step = ProofStep {
        line,
        status: ProofStatus::Sent,
        who: String::new(),
        note: String::new(),
        at: chrono::Utc::now(),
        proof: Some(KeptProof {
            path: relative,
            hash: hash.clone(),
        }),
        snapshot,
    };
    with_store(store, move |s| {
        s.record_proof_step(order, &step.to_stored())?;
        // A team's other desks open it from the database.
        s.keep_proof_pdf(order, &hash, &bytes)
    })
    .await
}

/// Writes a kept sheet's `bytes` to `file` unless it is there (the same hash is the same
/// sheet): aside, then renamed, so a kept sheet is whole or absent.
async fn keep_file(
    file: PathBuf,
    bytes: std::sync::Arc<Vec<u8>>,
) -> Result<std::io::Result<()>, UserError> {
    blocking(move || {
        if file.exists() {
            return Ok(());
        }
        if let Some(dir) = file.parent() {
            std::fs::create_dir_all(dir)?;
        }
        let part = file.with_extension("pdf.part");
        std::fs::write(&part, bytes.as_slice())?;
        std::fs::rename(&part, &file)
    })
    .await
}

/// The newest step of each line of `order`, its kept proof with its whole path.
async fn steps_of(
    store: &SharedStore,
    kept: &Path,
    order: LocalOrderId,
) -> Result<Vec<ProofStep>, UserError> {
    let mut steps: Vec<ProofStep> = with_store(store, move |s| s.proof_steps(order))
        .await?
        .into_iter()
        .filter_map(ProofStep::from_stored)
        .collect();
    for step in &mut steps {
        if let Some(p) = &mut step.proof {
            p.path = kept.join(&p.path);
            // Another desk of the team sent it: its bytes come from the team database, once.
            let file = p.path.clone();
            if !blocking(move || file.exists()).await? {
                let hash = p.hash.clone();
                let found = with_store(store, move |s| s.proof_pdf(order, &hash)).await?;
                if let Some(bytes) = found
                    && let Err(e) = keep_file(p.path.clone(), std::sync::Arc::new(bytes)).await?
                {
                    tracing::warn!(error = %e, "a colleague's proof could not be kept here");
                }
            }
        }
    }
    Ok(steps)
}

/// Answers a step recorded (or not) with the order's steps now.
async fn answer_approvals(
    sink: &Sink<ProofsEvent>,
    store: &SharedStore,
    kept: &Path,
    generation: Generation,
    request: RequestId,
    order: LocalOrderId,
    recorded: Result<(), UserError>,
) {
    let answer = match recorded {
        Ok(()) => approvals_of(store, kept, order).await,
        Err(e) => Err(e),
    };
    match answer {
        Ok(event) => sink.answer(generation, request, event),
        Err(e) => sink.fail(Some(generation), Some(request), e),
    }
}

/// `order`'s steps and its newest request to the club, as one event.
async fn approvals_of(
    store: &SharedStore,
    kept: &Path,
    order: LocalOrderId,
) -> Result<ProofsEvent, UserError> {
    let steps = steps_of(store, kept, order).await?;
    let club = club::request_of(store, ClubSubject::Order(order))
        .await
        .map(Box::new);
    Ok(ProofsEvent::Approvals { order, steps, club })
}

/// What the confirmation says of each design line's proof of the order placed from row
/// `id`: nothing when no proof of it was ever sent.
async fn confirmation_approvals(store: &SharedStore, id: LocalOrderId) -> Vec<LineApproval> {
    let found = with_store(store, move |s| {
        let steps = s.proof_steps(id)?;
        let form = if steps.is_empty() {
            None
        } else {
            s.local_order(id)?.draft_json
        };
        Ok((steps, form))
    })
    .await;
    let (steps, form) = match found {
        Ok((steps, Some(json))) => (approval::by_line(steps), json),
        Ok(_) => return Vec::new(),
        Err(e) => {
            tracing::warn!(error = %e.message, "the confirmation is made without the approvals");
            return Vec::new();
        }
    };
    let Ok(form) = serde_json::from_str::<DraftForm>(&form) else {
        return Vec::new();
    };
    approval::line_keys(&form.designs)
        .into_iter()
        .zip(&form.designs)
        .map(|(key, d)| {
            let step = steps.get(&key);
            let shown = approval::shown(step, &LineSnapshot::of(d));
            let reference = d.reference.trim();
            LineApproval {
                line: if d.title.trim().is_empty() {
                    reference.to_owned()
                } else {
                    format!("{} · {reference}", d.title.trim())
                },
                status: step.map_or(ProofStatus::NotSent, |s| s.status),
                stale: matches!(shown, approval::Shown::Stale { .. }),
                who: step.map(|s| s.who.clone()).unwrap_or_default(),
                at: step.map(|s| s.at),
                note: step.map(|s| s.note.clone()).unwrap_or_default(),
                proof: step
                    .and_then(|s| s.proof.as_ref())
                    .map(|p| format!("{}.pdf", p.hash))
                    .unwrap_or_default(),
            }
        })
        .collect()
}

/// Makes a PDF on the heavy lane (behind the other PDFs and big decodes, never in the way of
/// the database); a sheet cancelled while it waits for its place is never made.
async fn make_pdf(
    build: impl FnOnce() -> Result<Vec<u8>, pdf::PdfError> + Send + 'static,
) -> Result<Vec<u8>, UserError> {
    heavy(build).await?.map_err(|e| UserError::from_error(&e))
}

/// A sheet under way: where its progress goes.
struct SheetJob {
    client: Client,
    cache: SharedCache,
    logos: Arc<LogoCache>,
    sink: Sink<ProofsEvent>,
    generation: Generation,
    request: RequestId,
}

impl SheetJob {
    /// Fetches the design's title, draws every distinct row (at most [`SHEET_RENDERS`] at
    /// once, counting progress per row) and lays the sheet of `today` out: the PDF's bytes.
    async fn run(
        self,
        order: SheetOrder,
        today: chrono::NaiveDate,
        language: Language,
    ) -> Result<Vec<u8>, UserError> {
        Ok(self.run_keeping(order, today, language, None).await?.pdf)
    }

    /// [`SheetJob::run`], keeping what it drew: the sheet, the design's title as the sheet
    /// names it, and each distinct row's views (the club's page shows the same pictures).
    /// `qr`: the club's link, printed on the sheet.
    async fn run_keeping(
        self,
        order: SheetOrder,
        today: chrono::NaiveDate,
        language: Language,
        qr: Option<crate::imaging::qr::QrCode>,
    ) -> Result<SheetMade, UserError> {
        let design = self
            .client
            .designs()
            .get(order.design)
            .await
            .map_err(|e| UserError::from_api(&e))?;
        let total = order.rows.len();
        let (distinct, sharing) = distinct_keys(&order.rows);
        self.sink.answer(
            self.generation,
            self.request,
            ProofsEvent::SheetProgress { done: 0, total },
        );
        let mut drawn: HashMap<ProofKey, Vec<(String, Picture)>> = HashMap::new();
        let mut views_drawn: HashMap<ProofKey, Arc<Drawn>> = HashMap::new();
        let mut renders = futures_util::stream::iter(distinct)
            .map(|key| async {
                let here = Here {
                    logos: &self.logos,
                    generation: self.generation,
                };
                let views = views_of(&self.client, &self.cache, here, &key).await;
                (key, views)
            })
            .buffer_unordered(SHEET_RENDERS);
        let mut done = 0;
        while let Some((key, views)) = renders.next().await {
            let views = views.map_err(|e| {
                let who = key.name.clone().or(key.number.clone()).unwrap_or_default();
                UserError::new(
                    crate::tr!(
                        "backend-proof-not-drawn",
                        who = if who.is_empty() {
                            crate::tr!("backend-proof-a-row")
                        } else {
                            who
                        },
                        reason = e.message.trim_end_matches('.').to_owned() + "."
                    ),
                    e.details,
                )
            })?;
            let pictures = views
                .views
                .iter()
                .map(|(view, image)| (view.clone(), Picture::new(image.clone())))
                .collect();
            done += sharing.get(&key).copied().unwrap_or_default();
            views_drawn.insert(key.clone(), views);
            drawn.insert(key, pictures);
            self.sink.answer(
                self.generation,
                self.request,
                ProofsEvent::SheetProgress { done, total },
            );
        }
        drop(renders);
        let header = ProofHeader {
            reference: if order.reference.trim().is_empty() {
                crate::tr!("backend-proof-no-reference")
            } else {
                order.reference.trim().to_owned()
            },
            club: order.club.trim().to_owned(),
            date: today,
            design_title: design.title.clone(),
            design_item: design.design_item_no.as_ref().map_or_else(
                || crate::tr!("backend-proof-design", id = design.design_id.to_string()),
                |m| m.to_string(),
            ),
        };
        let title = format!("{} · {}", header.design_title, header.design_item);
        let sheet = ProofSheet {
            header,
            link: qr,
            rows: order
                .rows
                .iter()
                .map(|r| ProofRow {
                    size: r.size.clone(),
                    quantity: r.quantity.clone(),
                    name: r.key.name.clone().unwrap_or_default(),
                    number: r.key.number.clone().unwrap_or_default(),
                    values: r.value_labels.clone(),
                    views: drawn.get(&r.key).cloned().unwrap_or_default(),
                })
                .collect(),
            language,
        };
        let pdf = make_pdf(move || pdf::proof::build(&sheet)).await?;
        Ok(SheetMade {
            pdf,
            title,
            views: views_drawn,
        })
    }
}

/// A sheet made, with what was drawn for it.
struct SheetMade {
    pdf: Vec<u8>,
    /// "Kit · 20001", as the sheet's header names the design.
    title: String,
    /// Each distinct row's views, by what they show.
    views: HashMap<ProofKey, Arc<Drawn>>,
}

/// The front and back of `key` (from the cache, or drawn by the service, decoded and shrunk
/// to [`PROOF_SIDE`] off the UI thread, then cached). A service that does not draw design
/// views gets them drawn here (`designs::draw_row_here`), the row's lettering in them.
async fn views_of(
    client: &Client,
    cache: &SharedCache,
    here: Here<'_>,
    key: &ProofKey,
) -> Result<Arc<Drawn>, UserError> {
    if let Some(found) = cache.locked().get(key) {
        return Ok(found);
    }
    let body = key.body();
    let drawn = match client.designs().views(key.design, Some(&body)).await {
        Ok(answer) => {
            let wanted = front_and_back(answer.views);
            if wanted.is_empty() {
                return Err(UserError::new(crate::tr!("backend-no-view"), None));
            }
            let views = heavy(move || {
                wanted
                    .into_iter()
                    .map(|v| {
                        let full = v
                            .decode(&Limits::default())
                            .map_err(|e| UserError::new(picture_sentence(&e), None))?;
                        Ok((v.view, imaging::downscale(&full, PROOF_SIDE)))
                    })
                    .collect::<Result<Vec<_>, UserError>>()
            })
            .await??;
            Drawn { views, here: false }
        }
        Err(crate::api::ApiError::NotOffered(not)) => {
            tracing::debug!(design = %key.design, endpoint = %not.endpoint, "drawing the proof here");
            let full = super::designs::draw_row_here(client, here, &body).await?;
            let views = heavy(move || {
                full.into_iter()
                    .map(|(view, image)| (view, imaging::downscale(&image, PROOF_SIDE)))
                    .collect()
            })
            .await?;
            Drawn { views, here: true }
        }
        Err(e) => return Err(UserError::from_api(&e)),
    };
    let views = Arc::new(drawn);
    cache.locked().insert(key.clone(), views.clone());
    Ok(views)
}

/// The views a proof shows: FRONT and BACK (in the service's order); the first two views if
/// the style has neither.
pub fn front_and_back(views: Vec<DesignView>) -> Vec<DesignView> {
    let is_main = |v: &DesignView| {
        let name = v.view.trim().to_ascii_uppercase();
        name == "FRONT" || name == "BACK"
    };
    if views.iter().any(is_main) {
        views.into_iter().filter(is_main).collect()
    } else {
        views.into_iter().take(2).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn view(name: &str) -> DesignView {
        DesignView {
            view: name.into(),
            view_id: None,
            base64: String::new(),
        }
    }

    /// A sheet one desk of a team sent opens on another: its bytes come from the team
    /// database into that desk's own folder (the desks cannot read each other's).
    #[test]
    fn a_colleagues_kept_proof_is_written_from_the_team_database() {
        use crate::team::testing::pg_client;
        // Connected before the runtime runs (the blocking client must not start inside it).
        let store = SharedStore::new(crate::store::Store::open_postgres(pg_client().0).unwrap());
        let (anna, bo) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
        let order = LocalOrderId(crate::store::TEAM_IDS_FROM + 7);
        let sheet = b"%PDF-1.7 Anna's proof sheet".to_vec();
        let runtime = crate::backend::support::lanes::runtime(2).unwrap();
        let steps = runtime.block_on(async {
            send_proof(
                &store,
                anna.path(),
                order,
                LineKey("20001#0".into()),
                LineSnapshot::default(),
                sheet.clone(),
            )
            .await
            .unwrap();
            steps_of(&store, bo.path(), order).await.unwrap()
        });
        let proof = steps[0].proof.as_ref().expect("the step names its proof");
        assert!(proof.path.starts_with(bo.path()), "{proof:?}");
        assert_eq!(std::fs::read(&proof.path).unwrap(), sheet);
    }

    #[test]
    fn keys_ignore_blank_values_and_order() {
        let a = ProofKey::new(
            DesignId(1),
            " Hansen ",
            "",
            [(5, "x".into()), (3, " ".into()), (2, "y".into())],
        );
        assert_eq!(a.name.as_deref(), Some("Hansen"));
        assert_eq!(a.number, None);
        assert_eq!(a.values, vec![(2, "y".into()), (5, "x".into())]);
        let body = serde_json::to_value(a.body()).unwrap();
        // The design's own placements (no designLogos), the row's values.
        assert_eq!(
            body,
            serde_json::json!({"designId": 1, "name": "Hansen",
                "logoValues": [{"logoId": 2, "value": "y"}, {"logoId": 5, "value": "x"}]})
        );
    }

    #[test]
    fn a_sheet_draws_each_distinct_row_once_in_one_pass() {
        let row = |name: &str, number: &str| SheetRow {
            size: "M".into(),
            quantity: "1".into(),
            key: ProofKey::new(DesignId(1), name, number, []),
            value_labels: Vec::new(),
        };
        let rows = [row("Hansen", "7"), row("Berg", "8"), row(" Hansen", "7 ")];
        let (distinct, sharing) = distinct_keys(&rows);
        let names: Vec<_> = distinct.iter().map(|k| k.name.as_deref()).collect();
        assert_eq!(names, [Some("Hansen"), Some("Berg")]);
        assert_eq!(sharing[&rows[0].key], 2);
        assert_eq!(sharing[&rows[1].key], 1);
        // 100,000 distinct rows: a pass, where comparing each with those before took minutes.
        let many: Vec<SheetRow> = (0..100_000)
            .map(|k| row(&format!("Player {k}"), &k.to_string()))
            .collect();
        let started = std::time::Instant::now();
        let (distinct, sharing) = distinct_keys(&many);
        assert_eq!((distinct.len(), sharing.len()), (100_000, 100_000));
        assert!(
            started.elapsed() < std::time::Duration::from_secs(10),
            "{:?}",
            started.elapsed()
        );
    }

    #[test]
    fn a_proof_shows_front_and_back() {
        let names = |v: Vec<DesignView>| v.into_iter().map(|v| v.view).collect::<Vec<_>>();
        let all = vec![view("FRONT"), view("BACK"), view("LEFT SLEEVE")];
        assert_eq!(names(front_and_back(all)), ["FRONT", "BACK"]);
        let legs = vec![view("LEFT LEG"), view("RIGHT LEG"), view("X")];
        assert_eq!(names(front_and_back(legs)), ["LEFT LEG", "RIGHT LEG"]);
    }

    #[test]
    fn file_names_say_what_and_when() {
        let day = chrono::NaiveDate::from_ymd_opt(2026, 3, 1).unwrap();
        assert_eq!(
            sheet_file_name("PO-2026/114 U15", day),
            "proof-PO-2026-114-U15-2026-03-01.pdf"
        );
        assert_eq!(sheet_file_name("", day), "proof-draft-2026-03-01.pdf");
        assert_eq!(confirmation_file_name("SO-10001"), "order-SO-10001.pdf");
    }

    /// Eight sheets of a long roster asked for at once (a person clicking, a slow machine)
    /// take the heavy lane's places in turn; the database answers meanwhile, before any sheet
    /// is done. On one pool of 4 threads for both, it answered only once a sheet was done and
    /// its thread free (at least one, five if the sheets were asked for first).
    #[test]
    fn the_store_answers_while_eight_long_sheets_are_made() {
        use crate::backend::support::lanes::{MAX_HEAVY, SharedStore, runtime, with_store};
        use std::sync::atomic::{AtomicUsize, Ordering};
        use std::time::{Duration, Instant};
        const ROWS: usize = 60;
        let runtime = runtime(2).unwrap();
        let store = SharedStore::new(crate::store::Store::open_in_memory().unwrap());
        let sheet = Arc::new(pdf::proof::sample_sheet(ROWS, [300, 400]));
        let done = Arc::new(AtomicUsize::new(0));
        let (took, done_then) = runtime.block_on(async {
            let (started, mut starts) = tokio::sync::mpsc::unbounded_channel();
            let builds: Vec<_> = (0..8)
                .map(|_| {
                    let (sheet, done, started) = (sheet.clone(), done.clone(), started.clone());
                    tokio::spawn(make_pdf(move || {
                        let begun = Instant::now();
                        started.send(()).ok();
                        let made = pdf::proof::build(&sheet);
                        done.fetch_add(1, Ordering::SeqCst);
                        eprintln!("a sheet made in {:?}", begun.elapsed());
                        made
                    }))
                })
                .collect();
            // The sheets have taken their places (a shared pool's threads, before the fix).
            for _ in 0..MAX_HEAVY {
                let start = tokio::time::timeout(Duration::from_secs(60), starts.recv()).await;
                assert!(matches!(start, Ok(Some(()))), "no sheet started");
            }
            // Under load this task may wake late, after a sheet is done: what counts is that
            // none is done while the store is asked.
            let done_at_ask = done.load(Ordering::SeqCst);
            let asked = Instant::now();
            let answer = tokio::time::timeout(
                Duration::from_secs(300),
                with_store(&store, |s| s.accounts()),
            )
            .await;
            let took = asked.elapsed();
            let done_then = done.load(Ordering::SeqCst);
            assert!(matches!(answer, Ok(Ok(_))), "the store did not answer");
            // The sheets still waiting for a place are never made; the ones under way are
            // (the runtime waits for them).
            builds.iter().for_each(|b| b.abort());
            (took, done_then - done_at_ask)
        });
        runtime.shutdown_timeout(Duration::from_secs(60));
        eprintln!(
            "the store answered in {took:?} while 8 sheets of {ROWS} rows were under way \
             ({done_then} done meanwhile)"
        );
        assert_eq!(done_then, 0, "the store waited for a sheet ({took:?})");
    }

    #[test]
    fn the_cache_is_bounded_by_bytes() {
        let mut cache = Cache::default();
        let big = || {
            Arc::new(Drawn {
                views: vec![("FRONT".to_owned(), RgbaImage::new(1000, 1000))],
                here: false,
            })
        };
        for i in 0..10 {
            cache.insert(ProofKey::new(DesignId(i), "", "", []), big());
        }
        assert!(cache.bytes <= CACHE_BYTES);
        assert!(cache.get(&ProofKey::new(DesignId(0), "", "", [])).is_none());
        assert!(cache.get(&ProofKey::new(DesignId(9), "", "", [])).is_some());
    }
}
