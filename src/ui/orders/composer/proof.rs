//! A design line's roster proof: its front and back as the service draws them with the
//! selected row's name, number and per-placeholder values (no row selected: the design's
//! sample text), and "Proof sheet…", a PDF with one block per row for the club to approve.
//!
//! Pictures are drawn and decoded by the backend ([`crate::backend::proofs`]); the strip only
//! uploads finished pixels. A line asks again once its wanted proof has stayed the same for
//! [`SETTLE`] (typing a name does not send a request per key), and its newer request
//! supersedes the older one, so the newest wins per line.
//!
//! The club's approval of each line's proof ([`Approval`], kept apart from the form): "Proof
//! sent" makes the sheet and keeps it with the order, the club's answer (approved or changes
//! asked, by whom, with a note) is recorded against it, a badge shows where each line stands
//! (stale once the line changed), and placing an order with lines not approved asks first
//! ([`Composer::place_checked`]). The rules are [`crate::orders::approval`]'s.

use super::Composer;
use super::lines::{LineId, Lines};
use crate::api::DesignId;
use crate::backend::proofs::{ProofKey, ProofPicture, ProofsCommand, SheetOrder, SheetRow};
use crate::backend::{Command, RequestId, SaveTo, UserError};
use crate::orders::approval::{
    self, Action, Change, LineKey, LineSnapshot, ProofStatus, ProofStep, Shown,
};
use crate::orders::form::{DesignForm, RowId};
use crate::store::LocalOrderId;
use crate::ui::theme::{self, control, space};
use crate::ui::widgets::UiExt as _;
use crate::ui::{Shared, Slot};
use egui::{RichText, Ui};
use std::collections::{HashMap, VecDeque};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// A line's wanted proof is asked for once it has not changed for this long.
const SETTLE: Duration = Duration::from_millis(250);

/// Drawn proofs kept for a quick way back to a row (pixels and their textures).
const KEPT: usize = 16;

/// Height of a proof picture in the strip.
const PICTURE_H: f32 = 190.0;

/// Width of the strip: front and back of a top (3 : 4) side by side.
pub(super) const STRIP_W: f32 = 2.0 * PICTURE_H * 0.75 + space::M;

/// The strip goes beside the grid from this width of the line on (else below it).
pub(super) const BESIDE_FROM: f32 = 900.0;

/// The proofs of every design line.
#[derive(Default)]
pub(super) struct Proofs {
    /// The row of each design line its proof shows (none: the sample text), by the row's
    /// id: rows added or removed before it leave the proof on the same row. Every line's
    /// state is kept by the line's id: removing a line leaves the others' as they were.
    selected: HashMap<LineId, RowId>,
    lines: HashMap<LineId, LineProof>,
    /// Proofs drawn lately, newest last.
    kept: VecDeque<Kept>,
    /// The line whose proof sheet panel is open.
    panel: Option<LineId>,
    sheet: Option<SheetState>,
    approval: Approval,
}

/// The club's approval of the lines' proofs.
#[derive(Default)]
struct Approval {
    /// The order whose steps were asked for (once per draft opened).
    asked: Option<LocalOrderId>,
    /// The newest step of each line of that order.
    steps: HashMap<LineKey, ProofStep>,
    /// The line whose answer form is open, and what is typed in it.
    answer: Option<AnswerForm>,
    /// The line whose proof is being made and kept, with its request.
    sending: Option<(LineId, RequestId)>,
    /// Why the newest proof could not be kept or an answer recorded.
    problem: Option<(LineId, String)>,
    /// "Place order" waits: the lines whose proofs are not approved, named.
    ask_place: Option<Vec<String>>,
}

struct AnswerForm {
    line: LineId,
    who: String,
    note: String,
}

struct LineProof {
    key: ProofKey,
    changed: Instant,
    request: Option<RequestId>,
    state: ProofState,
}

enum ProofState {
    /// Waiting for the wanted proof to settle.
    Waiting,
    Loading,
    Ready,
    Failed(String),
}

struct Kept {
    key: ProofKey,
    pictures: Arc<Vec<ProofPicture>>,
    textures: Option<Vec<(String, egui::TextureHandle)>>,
}

/// A proof sheet under way or done.
struct SheetState {
    line: LineId,
    request: Option<RequestId>,
    done: usize,
    total: usize,
    outcome: Option<Result<PathBuf, String>>,
}

/// What a line's proof shows now, for tests and the screenshot.
#[derive(Debug, Clone, PartialEq)]
pub struct ProofShown {
    pub key: ProofKey,
    /// The views shown, with a fingerprint of each picture's pixels.
    pub views: Vec<(String, u64)>,
}

impl Proofs {
    /// Forgets the lines no longer in the form (their requests are superseded); every other
    /// line keeps its proof, selected row, open panel and answer form. Drawn proofs stay.
    pub(super) fn forget_gone(&mut self, live: &Lines, shared: &mut Shared<'_>) {
        self.lines.retain(|id, line| {
            let keep = live.is_live(*id);
            if let Some(r) = line.request.filter(|_| !keep) {
                shared.requests.supersede(r);
            }
            keep
        });
        self.selected.retain(|id, _| live.is_live(*id));
        self.panel = self.panel.filter(|id| live.is_live(*id));
        let a = &mut self.approval;
        a.answer = a.answer.take().filter(|f| live.is_live(f.line));
        a.problem = a.problem.take().filter(|(id, _)| live.is_live(*id));
    }

    fn kept(&self, key: &ProofKey) -> Option<&Kept> {
        self.kept.iter().find(|k| &k.key == key)
    }

    /// The line waiting for `request`.
    fn line_of(&mut self, request: Option<RequestId>) -> Option<&mut LineProof> {
        let request = request?;
        self.lines.values_mut().find(|l| l.request == Some(request))
    }

    fn keep(&mut self, key: ProofKey, pictures: Arc<Vec<ProofPicture>>) {
        self.kept.retain(|k| k.key != key);
        self.kept.push_back(Kept {
            key,
            pictures,
            textures: None,
        });
        while self.kept.len() > KEPT {
            self.kept.pop_front();
        }
    }
}

/// The design a line's proof is drawn from (the service renders by id only).
pub(super) fn design_id(d: &DesignForm) -> Option<DesignId> {
    d.reference.trim().parse::<i64>().ok().map(DesignId)
}

/// The place in line `d` (design line `line`) of the row its proof shows, if it is still there.
fn selected_place(proofs: &Proofs, line: LineId, d: &DesignForm) -> Option<usize> {
    let id = proofs.selected.get(&line)?;
    d.rows.iter().position(|r| r.id == *id)
}

/// What line `d`'s proof should show with `selected` row.
fn wanted(d: &DesignForm, design: DesignId, selected: Option<usize>) -> ProofKey {
    match selected.and_then(|j| d.rows.get(j)) {
        Some(row) => ProofKey::new(
            design,
            &row.name,
            &row.number,
            row.values.iter().map(|(id, v)| (*id, v.clone())),
        ),
        None => ProofKey::new(design, "", "", []),
    }
}

/// A cheap fingerprint of a picture's pixels (to tell two proofs apart in tests).
fn fingerprint(image: &egui::ColorImage) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    image.size.hash(&mut h);
    for p in &image.pixels {
        p.to_array().hash(&mut h);
    }
    h.finish()
}

impl Composer {
    /// The row of design line `i` its proof shows, by its place now.
    pub fn proof_row(&self, i: usize) -> Option<usize> {
        let d = self.form.designs.get(i)?;
        selected_place(&self.proofs, self.lines.id(i)?, d)
    }

    /// Shows row `row` of design line `i` in its proof (`None`: the sample text).
    pub fn select_proof_row(&mut self, i: usize, row: Option<usize>) {
        self.follow_rows();
        self.lines.sync(&self.form.designs);
        let Some(line) = self.lines.id(i) else {
            return;
        };
        let id = row
            .and_then(|j| self.form.designs.get(i)?.rows.get(j))
            .map(|r| r.id);
        match id {
            Some(id) => self.proofs.selected.insert(line, id),
            None => self.proofs.selected.remove(&line),
        };
    }

    /// What design line `i`'s proof shows now, once drawn.
    pub fn proof_shown(&self, i: usize) -> Option<ProofShown> {
        let line = self.proofs.lines.get(&self.lines.id(i)?)?;
        if !matches!(line.state, ProofState::Ready) {
            return None;
        }
        let kept = self.proofs.kept(&line.key)?;
        Some(ProofShown {
            key: line.key.clone(),
            views: kept
                .pictures
                .iter()
                .map(|p| (p.view.clone(), fingerprint(&p.image)))
                .collect(),
        })
    }

    /// Why design line `i`'s proof could not be drawn, if it could not.
    pub fn proof_problem(&self, i: usize) -> Option<&str> {
        match &self.proofs.lines.get(&self.lines.id(i)?)?.state {
            ProofState::Failed(why) => Some(why),
            _ => None,
        }
    }

    /// The row selector of the grid: the row's number, selected when its proof is shown.
    pub(super) fn proof_row_selector(
        proofs: &mut Proofs,
        ui: &mut Ui,
        line: Option<LineId>,
        (row, id): (usize, RowId),
        mark: Option<String>,
    ) {
        let t = theme::tokens(ui.ctx());
        let selected = line.is_some_and(|line| proofs.selected.get(&line) == Some(&id));
        let n = RichText::new(format!("{}", row + 1)).small();
        let n = if mark.is_some() {
            n.color(t.danger)
        } else if selected {
            n.strong()
        } else {
            n.color(t.text_muted)
        };
        let response = ui
            .selectable_label(selected, n)
            .accessible_name(crate::tr!("composer-proof-show-row", row = row + 1))
            .on_hover_text(if let Some(mark) = mark {
                crate::tr!("composer-proof-row-marked-hover", why = mark)
            } else {
                crate::tr!("composer-proof-row-hover")
            });
        if let Some(line) = line.filter(|_| response.clicked()) {
            if selected {
                proofs.selected.remove(&line);
            } else {
                proofs.selected.insert(line, id);
            }
        }
    }

    /// Design line `i`'s proof strip and its proof sheet panel.
    pub(super) fn proof_ui(&mut self, ui: &mut Ui, shared: &mut Shared<'_>, i: usize) {
        let t = theme::tokens(ui.ctx());
        self.ask_approvals(shared);
        let (Some(d), Some(id)) = (self.form.designs.get(i), self.lines.id(i)) else {
            return;
        };
        let Some(design) = design_id(d) else {
            ui.muted_small(&crate::tr!("composer-proof-needs-id"));
            return;
        };
        // A link being made draws the lines' sheets: no other sheet meanwhile.
        let club_asking = self.club_asking();
        let proofs = &mut self.proofs;
        // The row shown was removed: the sample text.
        let selected = selected_place(proofs, id, d);
        if selected.is_none() {
            proofs.selected.remove(&id);
        }
        let key = wanted(d, design, selected);
        let now = Instant::now();
        let known = proofs.kept(&key).is_some();
        let line = proofs.lines.entry(id).or_insert_with(|| LineProof {
            key: key.clone(),
            changed: now.checked_sub(SETTLE).unwrap_or(now),
            request: None,
            state: ProofState::Waiting,
        });
        if line.key != key {
            if let Some(r) = line.request.take() {
                shared.requests.supersede(r);
            }
            line.key = key.clone();
            line.changed = now;
            line.state = ProofState::Waiting;
        }
        if matches!(line.state, ProofState::Waiting) {
            if known {
                line.state = ProofState::Ready;
            } else if now.duration_since(line.changed) >= SETTLE {
                let wanted = key.clone();
                let label = crate::tr!("composer-proof-drawing");
                line.request = Some(shared.request(Slot::ProofRender, &label, |request| {
                    Command::Proofs(ProofsCommand::Render {
                        request,
                        line: id.number(),
                        key: wanted,
                    })
                }));
                line.state = ProofState::Loading;
            } else {
                ui.ctx()
                    .request_repaint_after(SETTLE.saturating_sub(now.duration_since(line.changed)));
            }
        }

        ui.add_space(space::S);
        ui.horizontal(|ui| {
            ui.label(
                RichText::new(crate::tr!("composer-proof"))
                    .strong()
                    .color(t.text_strong),
            );
            ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                let open = proofs.panel == Some(id);
                if ui
                    .add_enabled(
                        !d.rows.is_empty() && !club_asking,
                        egui::Button::new(crate::tr!("composer-proof-sheet")),
                    )
                    .on_hover_text(crate::tr!("composer-proof-sheet-hover"))
                    .on_disabled_hover_text(crate::tr!("composer-proof-sheet-disabled"))
                    .clicked()
                {
                    proofs.panel = if open { None } else { Some(id) };
                }
            });
        });
        let caption = match selected.and_then(|j| d.rows.get(j).map(|r| (j, r))) {
            Some((j, r)) => {
                let mut parts = vec![crate::tr!("composer-proof-row", row = j + 1)];
                for s in [&r.name, &r.number, &r.size] {
                    if !s.trim().is_empty() {
                        parts.push(s.trim().to_owned());
                    }
                }
                parts.join(" · ")
            }
            None => crate::tr!("composer-proof-sample"),
        };
        ui.muted_small(&caption);
        self.approval_ui(ui, shared, i, design);
        let proofs = &mut self.proofs;
        let Some(line) = proofs.lines.get(&id) else {
            return;
        };
        match &line.state {
            ProofState::Waiting | ProofState::Loading => {
                ui.horizontal(|ui| {
                    ui.spinner();
                    ui.muted_small(&crate::tr!("composer-proof-drawing-ellipsis"));
                });
            }
            ProofState::Failed(why) => {
                ui.label(RichText::new(why).small().color(t.danger));
                if ui.small_button(crate::tr!("composer-try-again")).clicked()
                    && let Some(line) = proofs.lines.get_mut(&id)
                {
                    line.state = ProofState::Waiting;
                    line.changed = now.checked_sub(SETTLE).unwrap_or(now);
                }
            }
            ProofState::Ready => {
                let key = line.key.clone();
                if let Some(kept) = proofs.kept.iter_mut().find(|k| k.key == key) {
                    let textures = kept.textures.get_or_insert_with(|| {
                        kept.pictures
                            .iter()
                            .enumerate()
                            .map(|(n, p)| {
                                let texture = ui.ctx().load_texture(
                                    format!("proof-{i}-{n}"),
                                    p.image.clone(),
                                    egui::TextureOptions::LINEAR,
                                );
                                (p.view.clone(), texture)
                            })
                            .collect()
                    });
                    if kept.pictures.iter().any(|p| p.drawn_here) {
                        crate::ui::widgets::drawn_here_mark(ui, crate::api::Feature::DesignViews);
                    }
                    ui.horizontal(|ui| {
                        for (view, texture) in textures.iter() {
                            ui.vertical(|ui| {
                                let size = texture.size_vec2();
                                let scale = PICTURE_H / size.y.max(1.0);
                                ui.add(egui::Image::new((texture.id(), size * scale)).alt_text(
                                    crate::tr!("composer-proof-view-alt", view = view.as_str()),
                                ));
                                ui.muted_small(view);
                            });
                        }
                    });
                }
            }
        }
        if proofs.panel == Some(id) {
            self.sheet_panel(ui, shared, (i, id), design);
        }
    }

    /// "Proof sheet…": what the PDF holds, and making it (progress, cancel, where it went).
    fn sheet_panel(
        &mut self,
        ui: &mut Ui,
        shared: &mut Shared<'_>,
        (i, id): (usize, LineId),
        design: DesignId,
    ) {
        let t = theme::tokens(ui.ctx());
        let Some(d) = self.form.designs.get(i) else {
            return;
        };
        let rows = d.rows.len();
        ui.add_space(space::XS);
        ui.group(|ui| {
            ui.label(crate::tr!("composer-sheet-about", rows = rows));
            let running = self
                .proofs
                .sheet
                .as_ref()
                .is_some_and(|s| s.line == id && s.outcome.is_none());
            ui.horizontal(|ui| {
                if running {
                    let (done, total) = self
                        .proofs
                        .sheet
                        .as_ref()
                        .map_or((0, 0), |s| (s.done, s.total));
                    let share = if total == 0 {
                        0.0
                    } else {
                        done as f32 / total as f32
                    };
                    ui.add(
                        egui::ProgressBar::new(share)
                            .desired_width(control::WIDE)
                            .text(crate::tr!(
                                "composer-sheet-progress",
                                done = done,
                                total = total
                            )),
                    );
                    if ui.button(crate::tr!("composer-cancel")).clicked() {
                        self.cancel_sheet(shared);
                    }
                } else {
                    if ui
                        .primary_button(&crate::tr!("composer-sheet-create"))
                        .clicked()
                    {
                        self.start_sheet(shared, i, design);
                    }
                    if ui.button(crate::tr!("composer-close")).clicked() {
                        self.proofs.panel = None;
                    }
                }
            });
            match self
                .proofs
                .sheet
                .as_ref()
                .filter(|s| s.line == id)
                .and_then(|s| s.outcome.as_ref())
            {
                Some(Ok(path)) => {
                    ui.label(
                        RichText::new(crate::tr!(
                            "composer-sheet-saved",
                            path = path.display().to_string()
                        ))
                        .small()
                        .color(t.success),
                    );
                }
                Some(Err(why)) => {
                    ui.label(RichText::new(why).small().color(t.danger));
                }
                None => {}
            }
        });
    }

    /// Sends design line `i`'s rows to be made into a proof sheet.
    pub fn start_sheet(&mut self, shared: &mut Shared<'_>, i: usize, design: DesignId) {
        self.lines.sync(&self.form.designs);
        let (Some(sheet), Some(id)) = (self.sheet_order(i, design), self.lines.id(i)) else {
            return;
        };
        let total = sheet.rows.len();
        let language = shared.language();
        // A link made here and still open goes on the sheet the person saves.
        let qr = self.club_link().and_then(|l| l.qr.clone());
        let label = crate::tr!("composer-sheet-making");
        let request = shared.request(Slot::ProofSheet, &label, |request| {
            Command::Proofs(ProofsCommand::Sheet {
                request,
                sheet,
                to: SaveTo::Ask,
                language,
                qr,
            })
        });
        self.proofs.panel = Some(id);
        self.proofs.sheet = Some(SheetState {
            line: id,
            request: Some(request),
            done: 0,
            total,
            outcome: None,
        });
    }

    /// What design line `i`'s proof sheet holds.
    pub(super) fn sheet_order(&self, i: usize, design: DesignId) -> Option<SheetOrder> {
        let d = self.form.designs.get(i)?;
        let titles: HashMap<i64, &str> = d
            .placeholders
            .iter()
            .map(|p| (p.logo_id, p.title.as_str()))
            .collect();
        let rows: Vec<SheetRow> = d
            .rows
            .iter()
            .map(|r| SheetRow {
                size: r.size.trim().to_owned(),
                quantity: r.quantity.trim().to_owned(),
                key: ProofKey::new(
                    design,
                    &r.name,
                    &r.number,
                    r.values.iter().map(|(id, v)| (*id, v.clone())),
                ),
                value_labels: r
                    .values
                    .iter()
                    .filter(|(_, v)| !v.trim().is_empty())
                    .map(|(id, v)| {
                        let title = titles.get(id).map_or_else(
                            || crate::tr!("composer-sheet-value"),
                            |t| (*t).to_owned(),
                        );
                        format!("{title}: {}", v.trim())
                    })
                    .collect(),
            })
            .collect();
        Some(SheetOrder {
            reference: self.form.reference.trim().to_owned(),
            club: self.form.address.name.trim().to_owned(),
            design,
            rows,
        })
    }

    /// Stops the sheet under way.
    fn cancel_sheet(&mut self, shared: &mut Shared<'_>) {
        if let Some(r) = self.proofs.sheet.take().and_then(|s| s.request) {
            shared.requests.supersede(r);
        }
        shared
            .backend
            .send(Command::Proofs(ProofsCommand::CancelSheet));
    }

    /// A line's proof arrived. Only the line's current request's comes: a line supersedes
    /// its older request when its key changes or it is removed.
    pub(in crate::ui::orders) fn on_proof(
        &mut self,
        request: Option<RequestId>,
        key: ProofKey,
        pictures: Arc<Vec<ProofPicture>>,
    ) {
        let proofs = &mut self.proofs;
        let Some(l) = proofs.line_of(request) else {
            return;
        };
        l.request = None;
        l.state = ProofState::Ready;
        proofs.keep(key, pictures);
    }

    /// A line's proof could not be drawn: said beside the line. Whether `request` was one.
    pub(in crate::ui::orders) fn on_proof_failed(
        &mut self,
        request: Option<RequestId>,
        error: &UserError,
    ) -> bool {
        let Some(l) = self.proofs.line_of(request) else {
            return false;
        };
        l.request = None;
        l.state = ProofState::Failed(error.message.clone());
        true
    }

    /// How far the sheet under way is.
    pub(in crate::ui::orders) fn on_sheet_progress(&mut self, done: usize, total: usize) {
        if let Some(s) = &mut self.proofs.sheet {
            s.done = done;
            s.total = total;
        }
    }

    /// The sheet was saved (`Ok`) or not.
    pub(in crate::ui::orders) fn on_sheet_done(&mut self, outcome: Result<PathBuf, String>) {
        if let Some(s) = &mut self.proofs.sheet {
            s.request = None;
            s.outcome = Some(outcome);
        }
    }

    /// The person closed "Save as…": no sheet is made, nothing to say.
    pub(in crate::ui::orders) fn on_sheet_not_saved(&mut self) {
        self.proofs.sheet = None;
    }

    /// Whether a proof sheet is being made.
    pub fn sheet_running(&self) -> bool {
        self.proofs
            .sheet
            .as_ref()
            .is_some_and(|s| s.outcome.is_none())
    }
}

impl Composer {
    /// Asks for the approval steps of the draft shown, once per draft.
    fn ask_approvals(&mut self, shared: &mut Shared<'_>) {
        let draft = self.draft_id();
        if self.proofs.approval.asked == draft {
            return;
        }
        self.forget_club();
        let a = &mut self.proofs.approval;
        a.asked = draft;
        a.steps.clear();
        a.answer = None;
        a.sending = None;
        a.problem = None;
        a.ask_place = None;
        if let Some(order) = draft {
            shared
                .backend
                .send(Command::Proofs(ProofsCommand::Approvals { order }));
        }
    }

    /// The key of design line `i` and what it is now.
    fn line_now(&self, i: usize) -> Option<(LineKey, LineSnapshot)> {
        let d = self.form.designs.get(i)?;
        let key = approval::line_keys(&self.form.designs).into_iter().nth(i)?;
        Some((key, LineSnapshot::of(d)))
    }

    /// Where design line `i`'s proof stands with the club.
    pub fn proof_status(&self, i: usize) -> Shown {
        let Some((key, now)) = self.line_now(i) else {
            return Shown::Current(ProofStatus::NotSent);
        };
        approval::shown(self.proofs.approval.steps.get(&key), &now)
    }

    /// The newest approval step of design line `i`.
    pub fn proof_step(&self, i: usize) -> Option<&ProofStep> {
        let (key, _) = self.line_now(i)?;
        self.proofs.approval.steps.get(&key)
    }

    /// The lines "Place order" asks about (the question is open), named.
    pub fn placing_asks_about(&self) -> Option<&[String]> {
        self.proofs.approval.ask_place.as_deref()
    }

    /// Whether a proof is being made and kept.
    pub fn proof_sending(&self) -> bool {
        self.proofs.approval.sending.is_some()
    }

    /// A line as the question before placing names it: "Line 1 · Kit (20001)".
    fn line_name(&self, i: usize) -> String {
        let Some(d) = self.form.designs.get(i) else {
            return String::new();
        };
        let design = if d.title.trim().is_empty() {
            d.reference.trim().to_owned()
        } else {
            format!("{} ({})", d.title.trim(), d.reference.trim())
        };
        crate::tr!("approval-line", line = i + 1, design = design)
    }

    /// Places the order, after asking when a line's proof is not approved by the club. An
    /// order none of whose proofs was ever sent is placed without asking (the shop does not
    /// ask this club for approval); once one was, every line not approved is named.
    pub(super) fn place_checked(&mut self, shared: &mut Shared<'_>) {
        let steps = &self.proofs.approval.steps;
        let summary = approval::summarise(&self.form.designs, steps);
        if summary.is_all_approved() || steps.is_empty() {
            return self.place(shared);
        }
        let named = summary
            .not_approved
            .iter()
            .map(|&i| {
                let why = shown_word(&self.proof_status(i));
                format!("{} — {why}", self.line_name(i))
            })
            .collect();
        self.proofs.approval.ask_place = Some(named);
    }

    /// The question before placing an order whose proofs are not all approved.
    pub(super) fn approval_dialog_ui(&mut self, ui: &mut Ui, shared: &mut Shared<'_>) {
        if self.is_frozen() {
            self.proofs.approval.ask_place = None;
        }
        let Some(lines) = self.proofs.approval.ask_place.clone() else {
            return;
        };
        let t = theme::tokens(ui.ctx());
        let (mut place, mut cancel) = (false, false);
        let modal =
            egui::Modal::new(egui::Id::unique("composer-approval-ask")).show(ui.ctx(), |ui| {
                ui.set_width(460.0);
                ui.label(
                    RichText::new(crate::tr!("approval-ask-title"))
                        .font(theme::heading_font())
                        .color(t.text_strong),
                );
                ui.add(
                    egui::Label::new(crate::tr!("approval-ask-note", count = lines.len())).wrap(),
                );
                ui.add_space(space::S);
                for line in &lines {
                    ui.add(egui::Label::new(format!("• {line}")).wrap());
                }
                ui.add_space(space::M);
                ui.horizontal(|ui| {
                    let anyway = egui::Button::new(
                        RichText::new(crate::tr!("approval-place-anyway")).color(t.on_accent),
                    )
                    .fill(t.danger);
                    place = ui.add(anyway).clicked();
                    cancel = ui.button(crate::tr!("composer-cancel")).clicked();
                });
            });
        if place {
            self.proofs.approval.ask_place = None;
            self.place(shared);
        } else if cancel || modal.should_close() {
            self.proofs.approval.ask_place = None;
        }
    }

    /// Design line `i`'s approval: its badge, who and when, and what can be done.
    fn approval_ui(&mut self, ui: &mut Ui, shared: &mut Shared<'_>, i: usize, design: DesignId) {
        let t = theme::tokens(ui.ctx());
        let (Some((key, now)), Some(id)) = (self.line_now(i), self.lines.id(i)) else {
            return;
        };
        let language = shared.language();
        let step = self.proofs.approval.steps.get(&key).cloned();
        let shown = approval::shown(step.as_ref(), &now);
        let has_rows = !now.rows.is_empty();
        let sending = self.proofs.approval.sending;
        let mut send = false;
        let mut answer = false;
        let mut open = None;
        ui.horizontal_wrapped(|ui| {
            let (fg, bg) = match &shown {
                Shown::Current(ProofStatus::Approved) => (t.success, t.success_soft),
                Shown::Current(ProofStatus::Sent) => (t.accent, t.accent_soft),
                Shown::Current(ProofStatus::ChangesAsked) | Shown::Stale { .. } => {
                    (t.warning, t.warning_soft)
                }
                Shown::Current(ProofStatus::NotSent) => (t.text_muted, t.chrome),
            };
            let word = shown_word(&shown);
            ui.badge(&word, fg, bg).accessible_name(word);
            if sending.is_some_and(|(line, _)| line == id) {
                ui.spinner();
                ui.muted_small(&crate::tr!("approval-sending"));
            } else {
                send = ui
                    .add_enabled(
                        has_rows
                            && sending.is_none()
                            && !self.sheet_running()
                            && !self.club_asking(),
                        egui::Button::new(crate::tr!("approval-mark-sent")).small(),
                    )
                    .on_hover_text(crate::tr!("approval-mark-sent-hover"))
                    .on_disabled_hover_text(crate::tr!("composer-proof-sheet-disabled"))
                    .clicked();
            }
            let answerable = step.as_ref().is_some_and(|s| s.proof.is_some())
                && matches!(shown, Shown::Current(s) if s != ProofStatus::NotSent);
            answer = ui
                .add_enabled(
                    answerable,
                    egui::Button::new(crate::tr!("approval-record")).small(),
                )
                .on_hover_text(crate::tr!("approval-record-hover"))
                .on_disabled_hover_text(crate::tr!("approval-record-disabled"))
                .clicked();
            if let Some(proof) = step.as_ref().and_then(|s| s.proof.as_ref())
                && ui
                    .small_button(crate::tr!("approval-open-proof"))
                    .on_hover_text(proof.path.display().to_string())
                    .clicked()
            {
                open = Some(proof.path.clone());
            }
        });
        if let Some(s) = &step {
            let when = language.date_time(&s.at);
            let said = match s.status {
                ProofStatus::Approved => {
                    crate::tr!("approval-approved-by", who = s.who.as_str(), when = when)
                }
                ProofStatus::ChangesAsked => {
                    crate::tr!("approval-changes-by", who = s.who.as_str(), when = when)
                }
                _ => crate::tr!("approval-sent-at", when = when),
            };
            ui.muted_small(&said);
            if !s.note.trim().is_empty() {
                ui.muted_small(&crate::tr!("approval-note-shown", note = s.note.trim()));
            }
        }
        if let Shown::Stale { changes, .. } = &shown {
            let what: Vec<String> = changes.iter().map(change_word).collect();
            ui.label(
                RichText::new(crate::tr!("approval-stale", changes = what.join(", ")))
                    .small()
                    .color(t.warning),
            );
        }
        if let Some((line, why)) = &self.proofs.approval.problem
            && *line == id
        {
            ui.label(RichText::new(why).small().color(t.danger));
        }
        if send {
            self.send_proof(shared, i, design, key.clone(), now.clone());
        }
        if answer {
            self.proofs.approval.answer = Some(AnswerForm {
                line: id,
                who: step.as_ref().map(|s| s.who.clone()).unwrap_or_default(),
                note: String::new(),
            });
        }
        if let Some(path) = open {
            match url::Url::from_file_path(&path) {
                Ok(url) => ui.ctx().open_url(egui::OpenUrl::new_tab(url)),
                Err(()) => {
                    self.proofs.approval.problem = Some((
                        id,
                        crate::tr!("approval-open-failed", path = path.display().to_string()),
                    ));
                }
            }
        }
        self.answer_form_ui(ui, shared, id, key, now, step.as_ref());
    }

    /// The club's answer to line `id`'s proof: who, a note, approved or changes asked.
    fn answer_form_ui(
        &mut self,
        ui: &mut Ui,
        shared: &mut Shared<'_>,
        id: LineId,
        key: LineKey,
        now: LineSnapshot,
        step: Option<&ProofStep>,
    ) {
        let Some(form) = self
            .proofs
            .approval
            .answer
            .as_mut()
            .filter(|f| f.line == id)
        else {
            return;
        };
        let mut chosen = None;
        let mut close = false;
        ui.group(|ui| {
            ui.label(crate::tr!("approval-record-about"));
            ui.horizontal(|ui| {
                let label = ui.label(crate::tr!("approval-who"));
                ui.add(
                    egui::TextEdit::singleline(&mut form.who)
                        .hint_text(crate::tr!("approval-who-hint"))
                        .desired_width(200.0),
                )
                .labelled_by(label.id);
            });
            ui.horizontal(|ui| {
                let label = ui.label(crate::tr!("approval-note"));
                ui.add(egui::TextEdit::singleline(&mut form.note).desired_width(260.0))
                    .labelled_by(label.id);
            });
            let named = !form.who.trim().is_empty();
            ui.horizontal(|ui| {
                if ui
                    .add_enabled(named, egui::Button::new(crate::tr!("approval-approved")))
                    .on_disabled_hover_text(crate::tr!("approval-error-no-name"))
                    .clicked()
                {
                    chosen = Some(Action::Approve);
                }
                if ui
                    .add_enabled(
                        named,
                        egui::Button::new(crate::tr!("approval-changes-asked")),
                    )
                    .on_disabled_hover_text(crate::tr!("approval-error-no-name"))
                    .clicked()
                {
                    chosen = Some(Action::AskChanges);
                }
                close = ui.button(crate::tr!("composer-cancel")).clicked();
            });
        });
        if close {
            self.proofs.approval.answer = None;
        }
        let (Some(action), Some(order)) = (chosen, self.draft_id()) else {
            return;
        };
        let Some(form) = self.proofs.approval.answer.take() else {
            return;
        };
        // The same rule the backend applies, so a refusal is said in place.
        if let Err(e) = approval::next(step, action, &now, &form.who) {
            self.proofs.approval.problem = Some((id, e.to_string()));
            return;
        }
        self.proofs.approval.problem = None;
        shared.backend.send(Command::Proofs(ProofsCommand::Answer {
            order,
            line: key,
            action,
            who: form.who,
            note: form.note,
            snapshot: now,
        }));
    }

    /// Makes design line `i`'s proof sheet, keeps it with the order and marks it sent.
    fn send_proof(
        &mut self,
        shared: &mut Shared<'_>,
        i: usize,
        design: DesignId,
        line: LineKey,
        snapshot: LineSnapshot,
    ) {
        let (Some(order), Some(sheet), Some(id)) = (
            self.draft_id(),
            self.sheet_order(i, design),
            self.lines.id(i),
        ) else {
            return;
        };
        let language = shared.language();
        let label = crate::tr!("approval-sending");
        let request = shared.request(Slot::ProofSheet, &label, |request| {
            Command::Proofs(ProofsCommand::SendProof {
                request,
                order,
                line,
                snapshot,
                sheet,
                language,
            })
        });
        self.proofs.approval.problem = None;
        self.proofs.approval.sending = Some((id, request));
    }

    /// The steps of an order's lines arrived (after asking, or after a step was recorded).
    pub(in crate::ui::orders) fn on_approvals(
        &mut self,
        request: Option<RequestId>,
        order: LocalOrderId,
        steps: Vec<ProofStep>,
    ) {
        let draft = self.draft_id();
        let a = &mut self.proofs.approval;
        if request.is_some() && a.sending.map(|(_, r)| r) == request {
            a.sending = None;
        }
        if draft != Some(order) {
            return;
        }
        a.steps = steps.into_iter().map(|s| (s.line.clone(), s)).collect();
    }

    /// Making or keeping a proof failed (said in place, as well as in a toast).
    pub(in crate::ui::orders) fn on_proof_send_failed(
        &mut self,
        request: Option<RequestId>,
        why: &str,
    ) -> bool {
        if self.on_club_failed(request, why) {
            return true;
        }
        let a = &mut self.proofs.approval;
        match a.sending {
            Some((line, r)) if Some(r) == request => {
                a.sending = None;
                a.problem = Some((line, why.to_owned()));
                true
            }
            _ => false,
        }
    }
}

/// The badge's word for where a line stands.
fn shown_word(shown: &Shown) -> String {
    match shown {
        Shown::Current(ProofStatus::NotSent) => crate::tr!("approval-status-not-sent"),
        Shown::Current(ProofStatus::Sent) => crate::tr!("approval-status-sent"),
        Shown::Current(ProofStatus::Approved) => crate::tr!("approval-status-approved"),
        Shown::Current(ProofStatus::ChangesAsked) => crate::tr!("approval-status-changes"),
        Shown::Stale { .. } => crate::tr!("approval-status-stale"),
    }
}

/// What changed, in a word or two.
fn change_word(change: &Change) -> String {
    match *change {
        Change::Design => crate::tr!("approval-change-design"),
        Change::RowsAdded(n) => crate::tr!("approval-change-added", count = n),
        Change::RowsRemoved(n) => crate::tr!("approval-change-removed", count = n),
        Change::Sizes => crate::tr!("approval-change-sizes"),
        Change::Quantities => crate::tr!("approval-change-quantities"),
        Change::Names => crate::tr!("approval-change-names"),
        Change::Numbers => crate::tr!("approval-change-numbers"),
        Change::Values => crate::tr!("approval-change-values"),
    }
}
