//! The order composer: the draft's state, autosave, "Place order" and the page's layout.
//!
//! The page is drawn by job: the header and delivery address (`header`), the designs with
//! an instances grid and roster paste (`designs`), the loose logos with a digits editor
//! (`logos`) and a search (`picker`), each design line's roster proof and proof sheet
//! (`proof`), and the estimate of the whole order in a summary beside the form, shown once
//! more when placing (`estimate`); `lookups` fetches what the lines name, `cells` are the text
//! fields with their issues. The state is kept in owned parts: `save` (the draft's row, what
//! was saved, when to autosave), `reveal` (which problems show; a roster row's by its
//! `RowId`), the lines' parts (`lines`, `logo_lines`), `import`, `proof`, `undo`.

mod cells;
mod club;
mod designs;
mod estimate;
mod header;
mod import;
mod lines;
mod logo_lines;
mod logos;
mod lookups;
mod picker;
mod proof;
mod reveal;
mod save;
mod sharing;
mod twin;
mod undo;

pub use proof::ProofShown;
pub use sharing::who as editor_name;

use crate::api::ValidationIssue;
use crate::backend::orders::OrdersCommand;
use crate::backend::{Command, UserError};
use crate::orders::form::{AddressForm, DraftForm, PlacedEstimate};
use crate::orders::local::copy_risk;
use crate::store::{LocalOrder, LocalOrderId, OrderState};
use crate::ui::Shared;
use crate::ui::theme::{self, space};
use crate::ui::widgets::UiExt as _;
use egui::{RichText, Ui};
use picker::LogoPicker;

/// The composer's state.
#[derive(Default)]
pub struct Composer {
    pub form: DraftForm,
    /// The draft's row and its state, what was saved last, when to save next.
    save: save::SaveState,
    /// The design lines' ids, each line's paste, note and look-ups, and the add field.
    lines: lines::DesignLines,
    /// The loose logo lines' ids, each line's note and look-ups, and the add field.
    logos: logo_lines::LogoLines,
    /// What the look-ups taught: logos and designs known in full (kinds, prices, fees).
    known: lookups::Known,
    /// The address section's state: the address book and the country picker.
    address: header::AddressPart,
    /// Which problems are shown: of fields left and what was pasted, or all once tried.
    reveal: reveal::Reveal,
    /// A roster file being imported into a design line and its preview, a path to read next,
    /// and where a roster file can be dropped.
    import: import::Imports,
    /// The loose-logo picker: the search typed, when it was last edited, the newest
    /// request, the search it answers and its matches (or why there are none).
    picker: LogoPicker,
    /// The question open before going on: copying a placed order, or placing this one.
    question: Question,
    /// Each design line's roster proof, and the proof sheet under way.
    proofs: proof::Proofs,
    /// The order's request to its club's page, and the link made here.
    club: club::ClubState,
    history: undo::FormHistory,
    /// Who edits the draft (a team's), the version the form is based on, and what the
    /// person chooses when another desk edited it too.
    sharing: sharing::Sharing,
    /// The order placed lately that *Place order* of this draft would place again: the
    /// question open about it ([`twin`]).
    alike: Option<Box<LocalOrder>>,
}

/// The question the composer asks before going on (one at a time).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
enum Question {
    #[default]
    None,
    /// "Copy to new draft" of an order that may already be placed waits for confirmation.
    CopyAnyway,
    /// "Place order…" shows the estimate and the address once more before placing.
    Place,
}

impl Question {
    /// Opens question `q` (`open`), or closes it if it is the one open.
    fn set(&mut self, q: Question, open: bool) {
        if open {
            *self = q;
        } else if *self == q {
            *self = Question::None;
        }
    }
}

impl Composer {
    /// The draft being edited.
    pub fn draft_id(&self) -> Option<LocalOrderId> {
        self.save.draft()
    }

    /// The draft made here, if the person has changed nothing in it since: a new order
    /// opened and left is not kept as a draft.
    pub fn untouched_draft(&self) -> Option<LocalOrderId> {
        self.save.untouched(&self.form)
    }

    /// Whether the order can no longer be edited (placed).
    pub fn is_frozen(&self) -> bool {
        self.save.is_frozen()
    }

    /// The address book arrived (the delivery addresses of past orders, newest first).
    pub fn set_address_book(&mut self, addresses: Vec<AddressForm>) {
        self.address.book.entries = addresses;
    }

    /// The country of the newest order's delivery address (a new draft's default).
    pub fn last_country(&self) -> Option<&str> {
        self.address.last_country()
    }

    /// Starts editing a freshly created draft.
    pub fn start(&mut self, id: LocalOrderId, form: DraftForm, shared: &mut Shared<'_>) {
        self.start_at(id, form, 0, shared);
        self.claim_editing(false, shared);
    }

    /// Starts editing draft `id` at `version`, holding `form`.
    fn start_at(
        &mut self,
        id: LocalOrderId,
        form: DraftForm,
        version: i64,
        shared: &mut Shared<'_>,
    ) {
        if let Some(previous) = self.save.draft().filter(|p| *p != id) {
            Composer::stop_editing(previous, shared);
        }
        *self = Composer {
            save: save::SaveState::started(id, &form),
            // The address book stays (it is the account's); the country search starts anew.
            address: header::AddressPart {
                book: std::mem::take(&mut self.address.book),
                ..header::AddressPart::default()
            },
            form,
            sharing: sharing::Sharing::opened(version),
            ..Composer::default()
        };
        self.refetch(shared);
    }

    /// Opens a saved row.
    pub fn load(&mut self, order: &LocalOrder, shared: &mut Shared<'_>) {
        let form = order
            .draft_json
            .as_deref()
            .and_then(|j| serde_json::from_str(j).ok())
            .unwrap_or_default();
        let worked_on = form != DraftForm::default();
        self.start_at(order.id, form, order.version, shared);
        // A saved row is kept as it is, touched or not.
        self.save.loaded(order);
        self.claim_editing(false, shared);
        // A draft opened again shows all its problems: it was worked on before.
        if worked_on {
            self.reveal.try_all();
        }
    }

    /// A row changed in the backend.
    pub fn on_changed(&mut self, order: &LocalOrder) {
        self.save.on_changed(order);
    }

    /// Saves the draft a moment after the last change (not while another desk edits it, or
    /// the person has to choose between versions).
    fn autosave(&mut self, ui: &Ui, shared: &mut Shared<'_>) {
        if self.sharing.locked() {
            return;
        }
        if let Some((id, json)) = self.save.due(&self.form, ui.ctx()) {
            self.save(id, json, shared);
        }
    }

    /// Saves a change not saved yet at once (the composer is left before the autosave's
    /// moment came: the change must not wait for the person to come back).
    pub fn save_now(&mut self, shared: &mut Shared<'_>) {
        if self.sharing.locked() {
            return;
        }
        if let Some((id, json)) = self.save.unsaved(&self.form) {
            self.save(id, json, shared);
        }
    }

    fn save(&mut self, id: LocalOrderId, json: String, shared: &mut Shared<'_>) {
        shared
            .backend
            .send(Command::Orders(OrdersCommand::SaveDraft {
                id,
                draft_json: json.clone(),
                reference: self.form.reference.trim().to_owned(),
                recipient: self.form.recipient(),
                base: self.sharing.base(),
            }));
        self.save.saved(json);
    }

    /// The current issues (the spec's rules and the form's own).
    pub fn issues(&self) -> Vec<ValidationIssue> {
        let mut form = self.form.clone();
        // Kinds learnt from the service count even if the form was saved before.
        for l in &mut form.logos {
            if let Some(k) = self.known.logos.get(&l.logo_ref()) {
                l.logo_type = Some(k.logo_type.clone());
            }
        }
        form.to_order().1
    }

    /// Freezes the draft and hands its exact body to the outbox (after the confirmation, or
    /// at once for the demo of `--screen history`).
    pub(super) fn place(&mut self, shared: &mut Shared<'_>) {
        self.send_place(shared, false);
    }

    /// [`Composer::place`]; `again`: placed although the same order was placed lately.
    fn send_place(&mut self, shared: &mut Shared<'_>, again: bool) {
        let Some(id) = self.save.draft() else { return };
        let (order, issues) = self.form.to_order();
        if !issues.is_empty() || self.is_frozen() || self.sharing.locked() {
            return;
        }
        let body = match serde_json::to_vec(&order) {
            Ok(b) => b,
            Err(e) => {
                return shared.notifications.error(&UserError::new(
                    crate::tr!("composer-prepare-failed"),
                    Some(e.to_string()),
                ));
            }
        };
        // The estimate goes with the placed form: History compares it with what is billed.
        let estimate = self.estimate();
        let mut placed = self.form.clone();
        placed.estimate = Some(PlacedEstimate {
            total: estimate.total,
            currency: estimate.currency,
            left_out: estimate
                .unknown
                .into_iter()
                .chain(estimate.left_out)
                .collect(),
        });
        let draft_json = serde_json::to_string(&placed).unwrap_or_default();
        self.save.placed(draft_json.clone());
        shared.backend.send(Command::Orders(OrdersCommand::Place {
            id,
            draft_json,
            reference: self.form.reference.trim().to_owned(),
            recipient: self.form.recipient(),
            body,
            base: self.sharing.base(),
            again,
        }));
    }

    /// Draws the composer; answers a form to copy into a new draft when asked.
    pub fn ui(&mut self, ui: &mut Ui, shared: &mut Shared<'_>) -> Option<DraftForm> {
        // Rows copied whole into the form (a form set whole) get ids of their own.
        self.follow_rows();
        self.undo_frame(ui.ctx(), shared);
        // Lines changed outside the page (a form set whole) keep their ids by reference;
        // the proofs of lines gone (removed, undone, replaced) are forgotten here, once.
        self.lines.sync(&self.form.designs);
        self.proofs.forget_gone(&self.lines, shared);
        self.logos.sync(&self.form.logos);
        if let Some((line, path)) = self.import.path.take() {
            self.import_roster_file(line, path, shared);
        }
        let issues = self.issues();
        // Watching another desk edit: no problem of theirs marked, no count to fix.
        let watching = self.sharing.watching();
        let shown = if watching {
            Vec::new()
        } else {
            self.reveal.shown(&issues, &self.form.designs)
        };
        let frozen = self.is_frozen();
        // Read-only too while another desk edits the draft or the person has to choose.
        let locked = frozen || self.sharing.locked();
        let estimate = self.estimate();
        let mut copy = None;
        ui.horizontal(|ui| {
            let title = if frozen {
                crate::tr!("composer-title-placed")
            } else {
                crate::tr!("composer-title-new")
            };
            let subtitle = match self.save.state() {
                Some(OrderState::Draft) => crate::tr!("composer-subtitle-draft"),
                Some(_) => crate::tr!("composer-subtitle-placed"),
                None => crate::tr!("composer-subtitle-creating"),
            };
            ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                if frozen {
                    let risky = self.save.copy_risky();
                    if self.question == Question::CopyAnyway {
                        if ui.button(crate::tr!("composer-cancel")).clicked() {
                            self.question.set(Question::CopyAnyway, false);
                        }
                        let t = theme::tokens(ui.ctx());
                        let anyway = egui::Button::new(
                            RichText::new(crate::tr!("composer-copy-anyway")).color(t.on_accent),
                        )
                        .fill(t.danger);
                        if ui.add(anyway).clicked() {
                            self.question.set(Question::CopyAnyway, false);
                            copy = Some(self.form.clone());
                        }
                    } else if ui
                        .primary_button(&crate::tr!("composer-copy-to-draft"))
                        .clicked()
                    {
                        if risky {
                            self.question.set(Question::CopyAnyway, true);
                        } else {
                            copy = Some(self.form.clone());
                        }
                    }
                    state_badge(ui, self.save.state().unwrap_or(OrderState::Queued));
                } else {
                    let ready = issues.is_empty();
                    let button = ui
                        .add_enabled_ui(self.save.draft().is_some() && !locked, |ui| {
                            ui.primary_button(&crate::tr!("composer-place-order-ellipsis"))
                        })
                        .inner;
                    let button = if ready {
                        button.on_hover_text(crate::tr!("composer-place-ready-hover"))
                    } else {
                        button.on_hover_text(crate::tr!("composer-place-problems-hover"))
                    };
                    if button.clicked() {
                        // Tried: every problem shows; only a form without any goes on.
                        self.reveal.try_all();
                        self.question.set(Question::Place, ready);
                    }
                    if !issues.is_empty() && !watching {
                        let t = theme::tokens(ui.ctx());
                        let count = to_fix(issues.len());
                        ui.badge(&count, t.danger, t.danger_soft)
                            .accessible_name(count);
                    }
                    if ui
                        .button(crate::tr!("composer-duplicate"))
                        .on_hover_text(crate::tr!("composer-duplicate-hover"))
                        .clicked()
                    {
                        copy = Some(self.form.clone());
                    }
                }
                // The title in what the actions leave.
                ui.with_layout(egui::Layout::left_to_right(egui::Align::Center), |ui| {
                    ui.screen_title_in_row(&title, &subtitle);
                });
            });
        });
        if self.question == Question::CopyAnyway {
            let t = theme::tokens(ui.ctx());
            ui.label(RichText::new(copy_risk()).color(t.danger));
        }
        // A team's draft while its database is out of reach: typing goes on, kept here.
        if shared.session.team_data_stale() && !frozen {
            crate::ui::stale::team_away_mark(ui, &crate::tr!("composer-team-kept"));
        }
        ui.add_space(space::M);
        if let Some(mine) = self.sharing_ui(ui, shared) {
            copy = Some(mine);
        }
        // The summary stays in view beside the form while the form scrolls; in a narrow
        // window it comes under the form.
        let beside = Composer::estimate_fits_beside(ui.available_width());
        if beside {
            self.estimate_panel(ui, &estimate, shared.language());
        }
        // Each draft scrolls on its own: another draft (a new one, one ordered again) opens
        // at its top, not where the previous one was left. Under the summary, sideways too, in
        // a window narrower than the form.
        let scroll = if beside {
            egui::ScrollArea::vertical()
        } else {
            egui::ScrollArea::both()
        };
        scroll
            .id_salt(("composer", self.save.draft()))
            .auto_shrink([false, false])
            .show(ui, |ui| {
                ui.add_enabled_ui(!locked, |ui| {
                    self.header_ui(ui, &shown, shared.language());
                    ui.add_space(space::M);
                    self.designs_ui(ui, shared, &shown);
                    ui.add_space(space::M);
                    self.logos_ui(ui, shared, &shown);
                    ui.add_space(space::M);
                    self.club_ui(ui, shared);
                });
                let general: Vec<&ValidationIssue> =
                    shown.iter().filter(|i| i.path == "designs").collect();
                for i in general {
                    ui.problem(&i.message);
                }
                if !beside {
                    ui.add_space(space::M);
                    self.estimate_card(ui, &estimate, shared.language());
                }
                ui.add_space(space::XL);
            });
        if locked || !issues.is_empty() {
            self.question.set(Question::Place, false);
        }
        self.confirm_place_ui(ui, shared, &estimate);
        self.approval_dialog_ui(ui, shared);
        self.alike_dialog_ui(ui, shared);
        self.reveal
            .left(cells::take_left(ui.ctx()), &self.form.designs);
        self.autosave(ui, shared);
        // A copy is a new draft: the estimate it was placed with is not its own.
        copy.map(|form| DraftForm {
            estimate: None,
            ..form
        })
    }
}

/// The count of problems beside "Place order…", e.g. "3 things to fix".
fn to_fix(n: usize) -> String {
    crate::tr!("composer-to-fix", count = n)
}

/// A badge for an order's local state.
pub fn state_badge(ui: &mut Ui, state: OrderState) -> egui::Response {
    let t = theme::tokens(ui.ctx());
    let (text, fg, bg) = match state {
        OrderState::Draft => (crate::tr!("composer-state-draft"), t.text_muted, t.chrome),
        OrderState::Queued => (
            crate::tr!("composer-state-queued"),
            t.warning,
            t.warning_soft,
        ),
        OrderState::Sent => (crate::tr!("composer-state-sent"), t.accent, t.accent_soft),
        OrderState::Completed => (
            crate::tr!("composer-state-completed"),
            t.success,
            t.success_soft,
        ),
        OrderState::Failed => (crate::tr!("composer-state-failed"), t.danger, t.danger_soft),
        OrderState::Uncertain => (
            crate::tr!("composer-state-uncertain"),
            t.warning,
            t.warning_soft,
        ),
        OrderState::Unknown => (
            crate::tr!("composer-state-unknown"),
            t.danger,
            t.danger_soft,
        ),
    };
    ui.badge(&text, fg, bg)
}

#[cfg(test)]
mod tests {
    use super::reveal::is_revealed;
    use super::*;
    use std::collections::BTreeSet;

    #[test]
    fn a_revealed_path_reveals_what_is_under_it_only() {
        let revealed: BTreeSet<String> = ["reference", "designs[0].instances[2]"]
            .map(String::from)
            .into();
        assert!(is_revealed(&revealed, "reference"));
        assert!(!is_revealed(&revealed, "referenceX"));
        assert!(is_revealed(&revealed, "designs[0].instances[2].number"));
        assert!(!is_revealed(&revealed, "designs[0].instances[20].number"));
        assert!(!is_revealed(&revealed, "deliveryAddress.name"));
        assert_eq!(to_fix(1), "1 thing to fix");
        assert_eq!(to_fix(3), "3 things to fix");
    }
}
