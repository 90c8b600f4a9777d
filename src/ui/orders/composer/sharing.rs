//! Two people on one draft (a team's): who edits the draft open here, and what the person
//! chooses when another desk edited it too. Nothing typed is lost without a word: a save the
//! store refuses (another desk saved a newer version, or took the draft over) keeps the
//! person's form on screen, locked, with the choices — keep mine, use theirs, or save mine as
//! a new draft. A draft another desk edits is shown read-only and follows their saves until
//! the person takes it over (or they leave it).

use super::Composer;
use crate::backend::Command;
use crate::backend::orders::OrdersCommand;
use crate::orders::form::DraftForm;
use crate::store::{DraftSave, EditClaim, Editing, LocalOrder, LocalOrderId, OrderState};
use crate::ui::Shared;
use crate::ui::theme::{self, space};
use egui::{RichText, Ui};

/// Who edits the draft, and the version its form is based on.
#[derive(Default)]
pub(super) struct Sharing {
    /// The draft's version the form is based on (loaded, or the newest this desk saved).
    base: i64,
    standing: Standing,
    /// The draft's row as the newest lists had it (another desk's version, to show).
    latest: Option<LocalOrder>,
}

/// The draft's standing with the other desks.
#[derive(Default, Debug, Clone, PartialEq)]
enum Standing {
    /// This desk edits it (or nobody else does).
    #[default]
    Mine,
    /// Another desk edits it: shown read-only, following their saves.
    ReadOnly(Editing),
    /// Another desk took it over while the person edited: their form stays, not saved.
    TakenOver(Editing),
    /// Another desk saved a newer version while the person edited: their form stays, not
    /// saved; the newer row.
    Changed(Box<LocalOrder>),
}

/// What the person chose in the sharing banner.
enum Choice {
    TakeOver,
    KeepMine,
    UseTheirs,
    SaveMineAsNew,
}

impl Sharing {
    /// A draft at `version` opened.
    pub fn opened(version: i64) -> Sharing {
        Sharing {
            base: version,
            ..Sharing::default()
        }
    }

    /// The version the form is based on (what a save names).
    pub fn base(&self) -> i64 {
        self.base
    }

    /// Whether the form is locked: another desk edits the draft, or the person has to choose.
    pub fn locked(&self) -> bool {
        self.standing != Standing::Mine
    }

    /// Whether the person only watches another desk edit the draft: its problems are theirs
    /// to fix, not shown here as if this person had to.
    pub fn watching(&self) -> bool {
        matches!(self.standing, Standing::ReadOnly(_))
    }
}

impl Composer {
    /// Marks the draft open as edited here (the backend keeps the mark while it is open).
    pub(super) fn claim_editing(&self, take_over: bool, shared: &mut Shared<'_>) {
        if let (Some(id), false) = (self.save.draft(), self.is_frozen()) {
            shared
                .backend
                .send(Command::Orders(OrdersCommand::Editing { id, take_over }));
        }
    }

    /// The composer lets go of draft `id` (another opens, the account changes).
    pub(super) fn stop_editing(id: LocalOrderId, shared: &mut Shared<'_>) {
        shared
            .backend
            .send(Command::Orders(OrdersCommand::StopEditing { id }));
    }

    /// Who edits draft `id`, as the backend found.
    pub fn on_editing(&mut self, id: LocalOrderId, claim: EditClaim) {
        if self.save.draft() != Some(id) {
            return;
        }
        match claim {
            EditClaim::Mine => {
                if matches!(self.sharing.standing, Standing::ReadOnly(_)) {
                    self.sharing.standing = Standing::Mine;
                }
            }
            EditClaim::Elsewhere(editing) => {
                // A form with changes not saved yet keeps them, locked, with the choices.
                let typed = self.save.unsaved(&self.form).is_some();
                self.sharing.standing = match self.sharing.standing {
                    Standing::Changed(_) => return,
                    // Nothing can be typed into a read-only form (what the look-ups filled
                    // in differs from the saved text, but nobody typed it).
                    Standing::ReadOnly(_) => Standing::ReadOnly(editing),
                    _ if typed => Standing::TakenOver(editing),
                    _ => Standing::ReadOnly(editing),
                };
            }
            EditClaim::Gone => {}
        }
    }

    /// What a save of draft `id` came to (`placing`: its "Place order", refused).
    pub fn on_saved(&mut self, id: LocalOrderId, outcome: DraftSave, placing: bool) {
        if self.save.draft() != Some(id) {
            return;
        }
        if placing && !matches!(outcome, DraftSave::Saved { .. } | DraftSave::Gone) {
            // Not placed: the draft is open again, the person's form in it.
            self.save.unplaced();
        }
        match outcome {
            DraftSave::Saved { version } => self.sharing.base = self.sharing.base.max(version),
            DraftSave::Changed(theirs) => {
                // The form is not saved: it stays different from what the row holds.
                self.save
                    .saved(theirs.draft_json.clone().unwrap_or_default());
                self.sharing.standing = Standing::Changed(theirs);
            }
            DraftSave::TakenOver(editing) => {
                self.save.saved(String::new());
                self.sharing.standing = Standing::TakenOver(editing);
            }
            DraftSave::Gone => {}
        }
    }

    /// The newest lists came (`placed`: the rows that are no drafts, waiting or in History's
    /// list): a read-only draft follows the other desk's saves, is claimed again once they
    /// leave it, and shows as placed once they placed it.
    pub fn on_drafts(
        &mut self,
        drafts: &[LocalOrder],
        placed: &[&LocalOrder],
        shared: &mut Shared<'_>,
    ) {
        let Some(id) = self.save.draft() else { return };
        let Some(row) = drafts.iter().find(|d| d.id == id) else {
            // Placed by the desk that edited it: a person who only watched sees the order as
            // placed (a person who typed keeps their form and its choices).
            if let (Standing::ReadOnly(_), Some(row)) = (
                &self.sharing.standing,
                placed
                    .iter()
                    .find(|o| o.id == id && o.state != OrderState::Draft),
            ) {
                self.sharing.standing = Standing::Mine;
                self.show_row(row, shared);
                self.on_changed(row);
            }
            return;
        };
        self.sharing.latest = Some(row.clone());
        if let Standing::ReadOnly(_) = self.sharing.standing {
            if row.version != self.sharing.base {
                self.show_row(row, shared);
            }
            match &row.editing {
                None => self.claim_editing(false, shared),
                Some(e) => self.sharing.standing = Standing::ReadOnly(e.clone()),
            }
        }
    }

    /// The composer leaves a draft whose person had to choose between versions: their form
    /// goes into a new draft of its own (said in a notice), never dropped; this draft shows
    /// the other desk's version.
    pub fn keep_unsaved_as_new(&mut self, shared: &mut Shared<'_>) {
        let theirs = match &self.sharing.standing {
            Standing::Changed(row) => Some((**row).clone()),
            Standing::TakenOver(_) => self.sharing.latest.clone(),
            Standing::Mine | Standing::ReadOnly(_) => return,
        };
        let reference = self.form.reference.trim().to_owned();
        let request = shared.backend.next_request();
        shared
            .backend
            .send(Command::Orders(OrdersCommand::NewDraft {
                request,
                draft_json: serde_json::to_string(&self.form).unwrap_or_default(),
                reference: reference.clone(),
                recipient: self.form.recipient(),
            }));
        shared
            .notifications
            .success(crate::tr!("composer-kept-as-new", reference = reference));
        self.sharing.standing = Standing::Mine;
        if let Some(row) = theirs {
            self.show_row(&row, shared);
        }
    }

    /// The composer lets go of its draft (the account changes).
    pub fn let_go(&mut self, shared: &mut Shared<'_>) {
        if let Some(id) = self.save.draft() {
            Composer::stop_editing(id, shared);
        }
    }

    /// Shows `row`'s form as saved (another desk's version), based on its version, and
    /// fetches what its lines name that this desk does not know yet (a logo or design the
    /// other desk added).
    fn show_row(&mut self, row: &LocalOrder, shared: &mut Shared<'_>) {
        let json = row.draft_json.clone().unwrap_or_default();
        self.form = serde_json::from_str(&json).unwrap_or_default();
        self.save
            .saved(serde_json::to_string(&self.form).unwrap_or_default());
        self.sharing.base = row.version;
        self.fetch_unknown(shared);
    }

    /// The banner above the form when another desk edits the draft or edited it meanwhile;
    /// answers a form to copy into a new draft when the person asks.
    pub(super) fn sharing_ui(&mut self, ui: &mut Ui, shared: &mut Shared<'_>) -> Option<DraftForm> {
        if self.save.state() != Some(OrderState::Draft) {
            return None;
        }
        let language = shared.language();
        let (text, choices): (String, &[Choice]) = match &self.sharing.standing {
            Standing::Mine => return None,
            Standing::ReadOnly(e) => (
                crate::tr!(
                    "composer-editing-elsewhere",
                    name = who(e),
                    since = language.time_stamp(&e.since)
                ),
                &[Choice::TakeOver],
            ),
            Standing::TakenOver(e) => (
                crate::tr!(
                    "composer-taken-over",
                    name = who(e),
                    since = language.time_stamp(&e.since)
                ),
                &[Choice::SaveMineAsNew, Choice::TakeOver, Choice::UseTheirs],
            ),
            Standing::Changed(row) => (
                crate::tr!(
                    "composer-changed-elsewhere",
                    name = row
                        .saved_by
                        .clone()
                        .filter(|n| !n.trim().is_empty())
                        .unwrap_or_else(|| crate::tr!("composer-another-desk")),
                    at = language.time_stamp(&row.updated_at)
                ),
                &[Choice::KeepMine, Choice::SaveMineAsNew, Choice::UseTheirs],
            ),
        };
        let t = theme::tokens(ui.ctx());
        let mut chosen = None;
        egui::Frame::new()
            .fill(t.warning_soft)
            .corner_radius(theme::radius::CONTROL)
            .inner_margin(space::M)
            .show(ui, |ui| {
                ui.set_width(ui.available_width());
                ui.add(egui::Label::new(RichText::new(&text).color(t.text)).wrap());
                ui.add_space(space::S);
                ui.horizontal_wrapped(|ui| {
                    for choice in choices {
                        let (label, hover) = match choice {
                            Choice::TakeOver => (
                                crate::tr!("composer-take-over"),
                                crate::tr!("composer-take-over-hover"),
                            ),
                            Choice::KeepMine => (
                                crate::tr!("composer-keep-mine"),
                                crate::tr!("composer-keep-mine-hover"),
                            ),
                            Choice::UseTheirs => (
                                crate::tr!("composer-use-theirs"),
                                crate::tr!("composer-use-theirs-hover"),
                            ),
                            Choice::SaveMineAsNew => (
                                crate::tr!("composer-save-mine-as-new"),
                                crate::tr!("composer-save-mine-as-new-hover"),
                            ),
                        };
                        if ui.button(label).on_hover_text(hover).clicked() {
                            chosen = Some(choice);
                        }
                    }
                });
            });
        ui.add_space(space::M);
        match chosen? {
            Choice::TakeOver => {
                self.claim_editing(true, shared);
                self.sharing.standing = Standing::Mine;
                None
            }
            Choice::KeepMine => {
                // Based on the version shown: the next save writes the person's form.
                if let Standing::Changed(row) = &self.sharing.standing {
                    self.sharing.base = row.version;
                }
                self.sharing.standing = Standing::Mine;
                None
            }
            Choice::UseTheirs => {
                let theirs = match std::mem::take(&mut self.sharing.standing) {
                    Standing::Changed(row) => Some(*row),
                    _ => self.sharing.latest.clone(),
                };
                if let Some(row) = theirs {
                    self.show_row(&row, shared);
                }
                // Still theirs if they edit it: the mark says so.
                self.claim_editing(false, shared);
                None
            }
            Choice::SaveMineAsNew => {
                let mine = self.form.clone();
                // This draft goes back to the other desk's version; the person's form goes
                // into a new draft of its own.
                let theirs = match std::mem::take(&mut self.sharing.standing) {
                    Standing::Changed(row) => Some(*row),
                    _ => self.sharing.latest.clone(),
                };
                if let Some(row) = theirs {
                    self.show_row(&row, shared);
                }
                Some(mine)
            }
        }
    }
}

/// The name of the desk editing, or "another desk" when it has none.
pub fn who(e: &Editing) -> String {
    if e.name.trim().is_empty() {
        crate::tr!("composer-another-desk")
    } else {
        e.name.clone()
    }
}
