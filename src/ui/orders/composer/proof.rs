//! A design line's roster proof: its front and back as the service draws them with the
//! selected row's name, number and per-placeholder values (no row selected: the design's
//! sample text), and "Proof sheet…", a PDF with one block per row for the club to approve.
//!
//! Pictures are drawn and decoded by the backend ([`crate::backend::proofs`]); the strip only
//! uploads finished pixels. A line asks again once its wanted proof has stayed the same for
//! [`SETTLE`] (typing a name does not send a request per key), and its newer request
//! supersedes the older one, so the newest wins per line.

use super::Composer;
use crate::api::DesignId;
use crate::backend::proofs::{ProofKey, ProofPicture, ProofsCommand, SheetOrder, SheetRow};
use crate::backend::{Command, RequestId, SaveTo, UserError};
use crate::orders::form::DesignForm;
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
    /// The row of each design line its proof shows (none: the sample text).
    selected: HashMap<usize, usize>,
    lines: HashMap<usize, LineProof>,
    /// Proofs drawn lately, newest last.
    kept: VecDeque<Kept>,
    /// The line whose proof sheet panel is open.
    panel: Option<usize>,
    sheet: Option<SheetState>,
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
    line: usize,
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
    /// Forgets the lines (one was removed: indices moved); drawn proofs stay.
    pub(super) fn forget_lines(&mut self, shared: &mut Shared<'_>) {
        for (_, line) in self.lines.drain() {
            if let Some(r) = line.request {
                shared.requests.supersede(r);
            }
        }
        self.selected.clear();
        self.panel = None;
    }

    fn kept(&self, key: &ProofKey) -> Option<&Kept> {
        self.kept.iter().find(|k| &k.key == key)
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
fn design_id(d: &DesignForm) -> Option<DesignId> {
    d.reference.trim().parse::<i64>().ok().map(DesignId)
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
    /// The row of design line `i` its proof shows.
    pub fn proof_row(&self, i: usize) -> Option<usize> {
        self.proofs.selected.get(&i).copied()
    }

    /// Shows row `row` of design line `i` in its proof (`None`: the sample text).
    pub fn select_proof_row(&mut self, i: usize, row: Option<usize>) {
        match row {
            Some(r) => self.proofs.selected.insert(i, r),
            None => self.proofs.selected.remove(&i),
        };
    }

    /// What design line `i`'s proof shows now, once drawn.
    pub fn proof_shown(&self, i: usize) -> Option<ProofShown> {
        let line = self.proofs.lines.get(&i)?;
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
        match &self.proofs.lines.get(&i)?.state {
            ProofState::Failed(why) => Some(why),
            _ => None,
        }
    }

    /// The row selector of the grid: the row's number, selected when its proof is shown.
    pub(super) fn proof_row_selector(
        proofs: &mut Proofs,
        ui: &mut Ui,
        line: usize,
        row: usize,
        mark: Option<String>,
    ) {
        let t = theme::tokens(ui.ctx());
        let selected = proofs.selected.get(&line) == Some(&row);
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
        if response.clicked() {
            if selected {
                proofs.selected.remove(&line);
            } else {
                proofs.selected.insert(line, row);
            }
        }
    }

    /// Design line `i`'s proof strip and its proof sheet panel.
    pub(super) fn proof_ui(&mut self, ui: &mut Ui, shared: &mut Shared<'_>, i: usize) {
        let t = theme::tokens(ui.ctx());
        let Some(d) = self.form.designs.get(i) else {
            return;
        };
        let Some(design) = design_id(d) else {
            ui.muted_small(&crate::tr!("composer-proof-needs-id"));
            return;
        };
        let proofs = &mut self.proofs;
        if proofs.selected.get(&i).is_some_and(|&j| j >= d.rows.len()) {
            proofs.selected.remove(&i);
        }
        let selected = proofs.selected.get(&i).copied();
        let key = wanted(d, design, selected);
        let now = Instant::now();
        let known = proofs.kept(&key).is_some();
        let line = proofs.lines.entry(i).or_insert_with(|| LineProof {
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
                        line: i,
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
                let open = proofs.panel == Some(i);
                if ui
                    .add_enabled(
                        !d.rows.is_empty(),
                        egui::Button::new(crate::tr!("composer-proof-sheet")),
                    )
                    .on_hover_text(crate::tr!("composer-proof-sheet-hover"))
                    .on_disabled_hover_text(crate::tr!("composer-proof-sheet-disabled"))
                    .clicked()
                {
                    proofs.panel = if open { None } else { Some(i) };
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
        let line = &proofs.lines[&i];
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
                    && let Some(line) = proofs.lines.get_mut(&i)
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
        if proofs.panel == Some(i) {
            self.sheet_panel(ui, shared, i, design);
        }
    }

    /// "Proof sheet…": what the PDF holds, and making it (progress, cancel, where it went).
    fn sheet_panel(&mut self, ui: &mut Ui, shared: &mut Shared<'_>, i: usize, design: DesignId) {
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
                .is_some_and(|s| s.line == i && s.outcome.is_none());
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
                .filter(|s| s.line == i)
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
        let Some(d) = self.form.designs.get(i) else {
            return;
        };
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
        let sheet = SheetOrder {
            reference: self.form.reference.trim().to_owned(),
            club: self.form.address.name.trim().to_owned(),
            design,
            rows,
        };
        let total = sheet.rows.len();
        let language = shared.language();
        let label = crate::tr!("composer-sheet-making");
        let request = shared.request(Slot::ProofSheet, &label, |request| {
            Command::Proofs(ProofsCommand::Sheet {
                request,
                sheet,
                to: SaveTo::Ask,
                language,
            })
        });
        self.proofs.panel = Some(i);
        self.proofs.sheet = Some(SheetState {
            line: i,
            request: Some(request),
            done: 0,
            total,
            outcome: None,
        });
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

    /// A line's proof arrived (only the newest request's comes).
    pub(in crate::ui::orders) fn on_proof(
        &mut self,
        request: Option<RequestId>,
        line: usize,
        key: ProofKey,
        result: Result<Arc<Vec<ProofPicture>>, UserError>,
    ) {
        let proofs = &mut self.proofs;
        let Some(l) = proofs.lines.get_mut(&line) else {
            return;
        };
        if request.is_none() || l.request != request || l.key != key {
            return;
        }
        l.request = None;
        match result {
            Ok(pictures) => {
                l.state = ProofState::Ready;
                proofs.keep(key, pictures);
            }
            Err(e) => l.state = ProofState::Failed(e.message),
        }
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
