//! *Ask the club to approve…*: the order's request to its club's page (served by the team's
//! sender, [`crate::club`]), as the composer shows it on every desk of the team.
//!
//! The person names the contact (prefilled from the order's contact and the address book)
//! and the language; the backend makes each design line's sheet, keeps it, stores the page
//! and answers with the link ([`crate::backend::proofs::club`]), shown once here with *Copy*,
//! *Send by e-mail* (`mailto:`, a short text in the club's language) and a QR code. While the
//! club has the page: "waiting for Mette Hansen (FC Nørrebro) since 14:02", *Resend* (a new
//! link; the old one stops working) and *Withdraw*. Once the club answered, what it decided;
//! a correction of a row is offered as a suggestion applied with one click.

use super::Composer;
use crate::backend::proofs::ProofsCommand;
use crate::backend::proofs::club::{ClubAsk, ClubContact, ClubLine, ClubLink, ClubRequestShown};
use crate::backend::{Command, RequestId};
use crate::club::page::{Correction, Field};
use crate::locale::Language;
use crate::orders::approval::{self, LineSnapshot};
use crate::ui::club::{ContactForm, LinkShown, made_form, state_ui, tell_decision};
use crate::ui::theme::{self, space};
use crate::ui::widgets::UiExt as _;
use crate::ui::{Shared, Slot};
use egui::{RichText, Ui};

/// The order's request to its club, and the form asking for one.
#[derive(Default)]
pub(super) struct ClubState {
    /// The newest request of the draft shown (from the team database).
    pub(super) shown: Option<ClubRequestShown>,
    /// The form open: who is asked, in which language.
    form: Option<ContactForm>,
    /// The link being made.
    asking: Option<RequestId>,
    /// The link made here, shown until the draft is left or a new one is made.
    link: Option<LinkShown>,
    /// Why the link could not be made.
    problem: Option<String>,
    /// The decision already told (a toast once per decision).
    told: Option<i64>,
}

impl Composer {
    /// The club part of the composer: the request's state and what can be done with it.
    pub(super) fn club_ui(&mut self, ui: &mut Ui, shared: &mut Shared<'_>) {
        let Some(order) = self.draft_id() else {
            return;
        };
        if self.form.designs.is_empty() {
            return;
        }
        let t = theme::tokens(ui.ctx());
        let language = shared.language();
        let mut ask = false;
        let mut withdraw = false;
        let mut apply: Vec<Correction> = Vec::new();
        ui.surface(|ui| {
            ui.section_heading(&crate::tr!("composer-club-title"));
            if self.club.shown.is_none() && self.club.link.is_none() {
                ui.muted_small(&crate::tr!("composer-club-intro"));
            }
            ui.add_space(space::S);
            ui.horizontal_wrapped(|ui| {
                let asking = self.club.asking.is_some();
                if asking {
                    ui.spinner();
                    ui.muted_small(&crate::tr!("composer-club-making"));
                }
                let waiting = self
                    .club
                    .shown
                    .as_ref()
                    .is_some_and(|s| s.waiting(chrono::Utc::now()));
                let word = if waiting {
                    crate::tr!("composer-club-resend")
                } else {
                    crate::tr!("composer-club-ask")
                };
                let ready = self.can_ask();
                ask = ui
                    .add_enabled(ready, egui::Button::new(word))
                    .on_hover_text(crate::tr!("composer-club-ask-hover"))
                    .on_disabled_hover_text(crate::tr!("composer-club-ask-disabled"))
                    .clicked();
                if waiting {
                    withdraw = ui
                        .add_enabled(
                            !asking,
                            egui::Button::new(crate::tr!("composer-club-withdraw")),
                        )
                        .on_hover_text(crate::tr!("composer-club-withdraw-hover"))
                        .clicked();
                }
            });
            if let Some(shown) = &self.club.shown {
                state_ui(ui, shown, language);
                if let Some(d) = &shown.request.decision
                    && self.editable()
                {
                    apply = self.corrections_ui(ui, shown, &d.corrections);
                }
            }
            if let Some(why) = &self.club.problem {
                ui.label(RichText::new(why).small().color(t.danger));
            }
            self.contact_form_ui(ui, shared, order);
            self.link_ui(ui);
        });
        if ask && self.club.form.is_none() {
            let from_book = self
                .address
                .book
                .entries
                .iter()
                .find(|a| a.name.trim() == self.form.address.name.trim())
                .map(|a| a.contact_person.clone())
                .unwrap_or_default();
            let name = [
                self.form.address.contact_person.as_str(),
                self.form.contact_name.as_str(),
                from_book.as_str(),
            ]
            .into_iter()
            .map(str::trim)
            .find(|s| !s.is_empty())
            .unwrap_or_default()
            .to_owned();
            let (name, email) = match &self.club.shown {
                Some(s) => (s.request.contact.clone(), s.contact_email.clone()),
                None => (name, self.form.email.trim().to_owned()),
            };
            let language = self
                .club
                .shown
                .as_ref()
                .map_or(Language::Danish, |s| s.request.language);
            self.club.form = Some(ContactForm {
                name,
                email,
                language,
                club: None,
                known: Vec::new(),
            });
        }
        if withdraw {
            self.club.link = None;
            shared
                .backend
                .send(Command::Proofs(ProofsCommand::WithdrawClub { order }));
        }
        if !apply.is_empty() {
            self.apply_corrections(&apply);
        }
    }

    /// Whether a link can be asked for now: the draft editable, every line with rows, no
    /// sheet or link being made.
    fn can_ask(&self) -> bool {
        self.editable()
            && self.club.asking.is_none()
            && !self.sheet_running()
            && !self.proof_sending()
            && self.form.designs.iter().all(|d| !d.rows.is_empty())
    }

    /// Whether a link is being made (its sheets drawn).
    pub(super) fn club_asking(&self) -> bool {
        self.club.asking.is_some()
    }

    /// Who is asked, in which language; *Make link*.
    fn contact_form_ui(
        &mut self,
        ui: &mut Ui,
        shared: &mut Shared<'_>,
        order: crate::store::LocalOrderId,
    ) {
        let ready = self.can_ask();
        let Some(form) = made_form(&mut self.club.form, ui, ready) else {
            return;
        };
        let mut lines = Vec::new();
        let keys = approval::line_keys(&self.form.designs);
        for (i, (key, d)) in keys.into_iter().zip(&self.form.designs).enumerate() {
            let Some(design) = super::proof::design_id(d) else {
                self.club.problem = Some(crate::tr!("composer-proof-needs-id"));
                return;
            };
            let Some(sheet) = self.sheet_order(i, design) else {
                return;
            };
            lines.push(ClubLine {
                line: key,
                snapshot: LineSnapshot::of(d),
                sheet,
            });
        }
        let ask = ClubAsk {
            reference: self.form.reference.trim().to_owned(),
            club: self.form.address.name.trim().to_owned(),
            lines,
            contact: ClubContact {
                name: form.name.trim().to_owned(),
                email: form.email.trim().to_owned(),
                language: form.language,
            },
        };
        let language = shared.language();
        let label = crate::tr!("composer-club-making");
        let request = shared.request(Slot::ProofSheet, &label, |request| {
            Command::Proofs(ProofsCommand::AskClub {
                request,
                order,
                ask: Box::new(ask),
                language,
            })
        });
        self.club.problem = None;
        self.club.link = None;
        self.club.asking = Some(request);
    }

    /// The link made here: the address, *Copy*, *Send by e-mail*, the QR code.
    fn link_ui(&mut self, ui: &mut Ui) {
        if let Some(shown) = &mut self.club.link {
            shown.ui(ui);
        }
    }

    /// The club's corrections still to apply, each with *Apply*; the ones clicked.
    fn corrections_ui(
        &self,
        ui: &mut Ui,
        shown: &ClubRequestShown,
        corrections: &[Correction],
    ) -> Vec<Correction> {
        let open: Vec<&Correction> = corrections
            .iter()
            .filter(|c| self.correction_open(shown, c))
            .collect();
        let mut chosen = Vec::new();
        if open.is_empty() {
            return chosen;
        }
        for c in &open {
            ui.horizontal_wrapped(|ui| {
                ui.label(crate::tr!(
                    "composer-club-suggestion",
                    line = c.line + 1,
                    row = c.row + 1,
                    field = field_word(c.field),
                    was = c.was.as_str(),
                    now = c.now.as_str()
                ));
                if ui.small_button(crate::tr!("composer-club-apply")).clicked() {
                    chosen.push((*c).clone());
                }
            });
        }
        if open.len() > 1 && ui.button(crate::tr!("composer-club-apply-all")).clicked() {
            chosen = open.into_iter().cloned().collect();
        }
        chosen
    }

    /// Whether correction `c` of the page `shown` still applies to the form: its line is
    /// the page's line and the row still has the value the club corrected.
    fn correction_open(&self, shown: &ClubRequestShown, c: &Correction) -> bool {
        let Some(page_line) = shown.request.page.lines.get(c.line) else {
            return false;
        };
        let keys = approval::line_keys(&self.form.designs);
        let Some(i) = keys.iter().position(|k| k.0 == page_line.key) else {
            return false;
        };
        let Some(row) = self.form.designs.get(i).and_then(|d| d.rows.get(c.row)) else {
            return false;
        };
        // The row is still the one the club saw (rows added or removed before it move it):
        // all its values as the page showed them.
        let Some(seen) = page_line.snapshot.rows.get(c.row) else {
            return false;
        };
        let same = |now: &str, then: &str| now.trim() == then.trim();
        let now = match c.field {
            Field::Name => &row.name,
            Field::Number => &row.number,
            Field::Size => &row.size,
        };
        same(&row.name, &seen.name)
            && same(&row.number, &seen.number)
            && same(&row.size, &seen.size)
            && same(now, &c.was)
    }

    /// Writes the club's corrections into the form (the rows' approvals go stale, so the
    /// next link asks about those rows only).
    fn apply_corrections(&mut self, corrections: &[Correction]) {
        let Some(shown) = self.club.shown.clone() else {
            return;
        };
        let keys = approval::line_keys(&self.form.designs);
        for c in corrections {
            if !self.correction_open(&shown, c) {
                continue;
            }
            let Some(page_line) = shown.request.page.lines.get(c.line) else {
                continue;
            };
            let Some(i) = keys.iter().position(|k| k.0 == page_line.key) else {
                continue;
            };
            if let Some(row) = self
                .form
                .designs
                .get_mut(i)
                .and_then(|d| d.rows.get_mut(c.row))
            {
                let value = c.now.trim().to_owned();
                match c.field {
                    Field::Name => row.name = value,
                    Field::Number => row.number = value,
                    Field::Size => row.size = value,
                }
            }
        }
    }

    /// The order's request to its club arrived with its approvals.
    pub(in crate::ui::orders) fn on_club(
        &mut self,
        shown: Option<ClubRequestShown>,
        shared: &mut Shared<'_>,
    ) {
        if let Some(s) = &shown
            && s.request.decision.is_some()
            && self.club.told != Some(s.request.id.0)
        {
            // Told once per decision, and not for one decided before the draft was opened.
            let first = self.club.told.is_none() && self.club.shown.is_none();
            self.club.told = Some(s.request.id.0);
            if !first {
                tell_decision(shared.notifications, s);
            }
        } else if let Some(s) = &shown {
            self.club.told.get_or_insert(0);
            if s.request.decision.is_none() && self.club.told == Some(s.request.id.0) {
                self.club.told = Some(0);
            }
        }
        // A link answered, withdrawn, replaced (from any desk) or expired is no use to copy.
        if self
            .club
            .link
            .as_ref()
            .is_some_and(|l| l.gone(shown.as_ref()))
        {
            self.club.link = None;
        }
        self.club.shown = shown;
    }

    /// The link was made.
    pub(in crate::ui::orders) fn on_club_link(
        &mut self,
        request: Option<RequestId>,
        link: ClubLink,
    ) {
        if request.is_some() && self.club.asking == request {
            self.club.asking = None;
        }
        self.club.link = Some(LinkShown::new(link));
    }

    /// Making the link failed: said in place.
    pub(super) fn on_club_failed(&mut self, request: Option<RequestId>, why: &str) -> bool {
        if request.is_some() && self.club.asking == request {
            self.club.asking = None;
            self.club.problem = Some(why.to_owned());
            true
        } else {
            false
        }
    }

    /// Another draft is shown: its own request, none made here.
    pub(super) fn forget_club(&mut self) {
        self.club = ClubState::default();
    }

    /// The request shown (tests, the screenshot).
    pub fn club_shown(&self) -> Option<&ClubRequestShown> {
        self.club.shown.as_ref()
    }

    /// The link made here, if one is shown (tests).
    pub fn club_link(&self) -> Option<&ClubLink> {
        self.club.link.as_ref().map(|l| &l.link)
    }
}

fn field_word(field: Field) -> String {
    match field {
        Field::Name => crate::tr!("composer-club-field-name"),
        Field::Number => crate::tr!("composer-club-field-number"),
        Field::Size => crate::tr!("composer-club-field-size"),
    }
}
