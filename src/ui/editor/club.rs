//! The club's approval of a draft, before *Commit…*: *Ask the club to approve…* (the club's
//! name, the contact and the language), the link made here, where the request stands on
//! every desk, and whether the club's approval holds for the draft as it is now (a change of
//! method, size or colors since makes it an earlier version's). *Commit…* asks first when
//! it does not ([`EditorScreen::club_approval`]).

use super::EditorScreen;
use crate::api::{Logo, LogoId, LogoStatus};
use crate::backend::editor::club::{LogoAsk, LogoClub};
use crate::backend::editor::{EditorCommand, StagedChanges};
use crate::backend::proofs::club::{ClubContact, ClubLink};
use crate::backend::{Command, RequestId};
use crate::club::RecordedDecision;
use crate::locale::Language;
use crate::orders::form::KnownContact;
use crate::tr;
use crate::ui::club::{ContactForm, LinkShown, made_form, state_ui, tell_decision};
use crate::ui::theme::{self, space};
use crate::ui::widgets::UiExt as _;
use crate::ui::{Shared, Slot};
use egui::{RichText, Ui};

/// The draft's request to its club, and the form asking for one.
#[derive(Default)]
pub(super) struct ClubPart {
    /// The draft whose state was asked for (asked again for another draft).
    asked_for: Option<LogoId>,
    /// Its state, as the backend read it.
    pub(super) state: Option<LogoClub>,
    form: Option<ContactForm>,
    asking: Option<RequestId>,
    link: Option<LinkShown>,
    problem: Option<String>,
    /// The decision already told (a toast once per decision).
    told: Option<i64>,
    /// The clubs of the account's earlier orders with their contacts, offered by the form.
    contacts: Vec<KnownContact>,
}

/// Whether the club approved the draft as it is now.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ClubApproval {
    /// This desk cannot ask the club (no team, a desk's own account, no club room): the
    /// commit asks nothing of it.
    NotOffered,
    /// Approved by `who` at `when` (the desk's words), the draft printed as they saw it.
    Holds { who: String, when: String },
    /// Not approved as it is now: never asked, waiting, changes asked or an earlier version
    /// approved (the sentence says which).
    Missing { why: String },
}

impl EditorScreen {
    /// Asks for the open draft's club state when it is another draft than the one known.
    pub(super) fn ask_club_state(&mut self, shared: &mut Shared<'_>) {
        let Some(open) = &self.open else { return };
        let logo = open.logo.logo_id;
        if self.club.asked_for != Some(logo) {
            self.club = ClubPart {
                asked_for: Some(logo),
                ..ClubPart::default()
            };
            shared
                .backend
                .send(Command::Editor(EditorCommand::Club { logo }));
        }
    }

    /// The club's approval of the draft shown, as the commit weighs it (still being read:
    /// not counted on).
    pub fn club_approval(&self) -> ClubApproval {
        let Some(open) = &self.open else {
            return ClubApproval::NotOffered;
        };
        match &self.club.state {
            Some(state) if state.logo == open.logo.logo_id => {
                approval_of(&open.logo, state, crate::i18n::language())
            }
            _ => ClubApproval::Missing {
                why: tr!("editor-commit-club-reading"),
            },
        }
    }

    /// The club part, under the draft's changes.
    pub(super) fn club_ui(&mut self, ui: &mut Ui, shared: &mut Shared<'_>) {
        let Some(open) = &self.open else { return };
        let Some(state) = &self.club.state else {
            return;
        };
        if state.logo != open.logo.logo_id {
            return;
        }
        let draft = open.logo.status == LogoStatus::Draft;
        if !draft && state.shown.is_none() {
            return;
        }
        let t = theme::tokens(ui.ctx());
        let language = shared.language();
        let nothing_staged = self.staged() == StagedChanges::default();
        let ready = draft
            && nothing_staged
            && self.club.asking.is_none()
            && !self.is_busy()
            && state.unavailable.is_none();
        let (mut ask, mut withdraw) = (false, false);
        ui.add_space(space::M);
        ui.section_heading(&tr!("editor-club-title"));
        if let Some(why) = &state.unreadable {
            ui.label(RichText::new(why).small().color(t.danger));
            return;
        }
        if let Some(why) = &state.unavailable {
            ui.muted_small(why);
            // An earlier request still says where the club stands.
            if state.shown.is_none() {
                return;
            }
        }
        if state.shown.is_none() && self.club.link.is_none() {
            ui.muted_small(&tr!("editor-club-intro"));
        }
        if let Some(shown) = &state.shown {
            state_ui(ui, shown, language);
            match approval_of(&open.logo, state, language) {
                ClubApproval::Holds { .. } => {
                    ui.label(
                        RichText::new(tr!("editor-club-holds"))
                            .small()
                            .color(t.success),
                    );
                }
                ClubApproval::Missing { why }
                    if shown
                        .request
                        .decision
                        .as_ref()
                        .is_some_and(RecordedDecision::is_approval) =>
                {
                    ui.label(RichText::new(why).small().color(t.warning));
                }
                _ => {}
            }
        }
        if draft {
            ui.horizontal_wrapped(|ui| {
                if self.club.asking.is_some() {
                    ui.spinner();
                    ui.muted_small(&tr!("editor-club-making"));
                }
                let waiting = state
                    .shown
                    .as_ref()
                    .is_some_and(|s| s.waiting(chrono::Utc::now()));
                let word = if waiting {
                    tr!("composer-club-resend")
                } else {
                    tr!("composer-club-ask")
                };
                let disabled_why = if !nothing_staged {
                    tr!("editor-club-ask-disabled")
                } else if let Some(why) = &state.unavailable {
                    why.clone()
                } else {
                    tr!("editor-club-ask-busy")
                };
                ask = ui
                    .add_enabled(ready, egui::Button::new(word))
                    .on_hover_text(tr!("editor-club-ask-hover"))
                    .on_disabled_hover_text(disabled_why)
                    .clicked();
                if waiting {
                    withdraw = ui
                        .add_enabled(
                            self.club.asking.is_none(),
                            egui::Button::new(tr!("composer-club-withdraw")),
                        )
                        .on_hover_text(tr!("composer-club-withdraw-hover"))
                        .clicked();
                }
            });
        }
        if let Some(why) = &self.club.problem {
            ui.label(RichText::new(why).small().color(t.danger));
        }
        let logo = open.logo.logo_id;
        if ask && self.club.form.is_none() {
            let (name, email, language, club) = match &state.shown {
                Some(s) => (
                    s.request.contact.clone(),
                    s.contact_email.clone(),
                    s.request.language,
                    s.request.page.club.clone(),
                ),
                None => (
                    String::new(),
                    String::new(),
                    Language::Danish,
                    String::new(),
                ),
            };
            self.club.form = Some(ContactForm {
                name,
                email,
                language,
                club: Some(club),
                known: self.club.contacts.clone(),
            });
        }
        if withdraw {
            self.club.link = None;
            shared
                .backend
                .send(Command::Editor(EditorCommand::WithdrawClub { logo }));
        }
        self.contact_form_ui(ui, shared, ready);
        if let Some(link) = &mut self.club.link {
            link.ui(ui);
        }
    }

    /// Who is asked; *Make link* sends the draft as the editor has it.
    fn contact_form_ui(&mut self, ui: &mut Ui, shared: &mut Shared<'_>, ready: bool) {
        let Some(form) = made_form(&mut self.club.form, ui, ready) else {
            return;
        };
        let Some(open) = &self.open else { return };
        let ask = LogoAsk {
            logo: Box::new(open.logo.clone()),
            original_colors: open.memory.original_colors.clone(),
            club: form.club.unwrap_or_default().trim().to_owned(),
            contact: ClubContact {
                name: form.name.trim().to_owned(),
                email: form.email.trim().to_owned(),
                language: form.language,
            },
        };
        let label = tr!("editor-club-making");
        let request = shared.request(Slot::EditorClub, &label, |request| {
            Command::Editor(EditorCommand::AskClub {
                request,
                ask: Box::new(ask),
            })
        });
        self.club.problem = None;
        self.club.link = None;
        self.club.asking = Some(request);
    }

    /// The draft's club state arrived (asked, or news from another desk or the club).
    pub(super) fn on_club(&mut self, mut state: LogoClub, shared: &mut Shared<'_>) {
        if self.club.asked_for != Some(state.logo) {
            return;
        }
        if let Some(contacts) = state.contacts.take() {
            self.club.contacts = contacts;
        }
        if let Some(s) = &state.shown {
            let id = s.request.id.0;
            if s.request.decision.is_some() && self.club.told != Some(id) {
                // Told once per decision, and not for one decided before the draft was opened.
                let first = self.club.state.is_none();
                self.club.told = Some(id);
                if !first {
                    tell_decision(shared.notifications, s);
                }
            } else if s.request.decision.is_none() {
                self.club.told = Some(0);
            }
        }
        if self
            .club
            .link
            .as_ref()
            .is_some_and(|l| l.gone(state.shown.as_ref()))
        {
            self.club.link = None;
        }
        self.club.state = Some(state);
    }

    /// The link was made.
    pub(super) fn on_club_link(&mut self, request: Option<RequestId>, link: ClubLink) {
        if request.is_some() && self.club.asking == request {
            self.club.asking = None;
        }
        self.club.link = Some(LinkShown::new(link));
    }

    /// Making the link failed: said in place.
    pub(super) fn on_club_failed(&mut self, why: &str) {
        self.club.asking = None;
        self.club.problem = Some(why.to_owned());
    }

    /// The link made here, if one is shown (tests).
    pub fn club_link(&self) -> Option<&ClubLink> {
        self.club.link.as_ref().map(|l| &l.link)
    }
}

/// Whether `state`'s newest request approved `logo` as it is now, in `language`'s words. A
/// desk that cannot ask (and never asked) is not asked about it; one that could not read the
/// team database does not count on an approval.
fn approval_of(logo: &Logo, state: &LogoClub, language: Language) -> ClubApproval {
    if let Some(why) = &state.unreadable {
        return ClubApproval::Missing {
            why: tr!("editor-commit-club-unreadable", reason = why.as_str()),
        };
    }
    let Some(shown) = &state.shown else {
        if state.unavailable.is_some() {
            return ClubApproval::NotOffered;
        }
        return ClubApproval::Missing {
            why: tr!("editor-commit-club-never"),
        };
    };
    let request = &shown.request;
    if let Some(d) = request.logo_approval(logo) {
        return ClubApproval::Holds {
            who: d.who.clone(),
            when: language.date_time(&d.at),
        };
    }
    let why = if request
        .decision
        .as_ref()
        .is_some_and(RecordedDecision::is_approval)
    {
        tr!("editor-club-stale")
    } else {
        tr!("editor-commit-club-missing")
    };
    ClubApproval::Missing { why }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::backend::proofs::club::ClubRequestShown;
    use crate::club::page::{ClubPage, LogoPrinted, PageLogo};
    use crate::club::{ClubRequestId, Found, RecordedDecision, RequestState};
    use crate::store::AccountId;
    use crate::store::club::ClubSubject;

    fn logo(width: f64) -> Logo {
        let mut logo: Logo = serde_json::from_str(
            r#"{"logoId": 5, "title": "Crest", "widthInMM": 60, "heightInMM": 40,
                "transferMethodKey": "VAND SPORT", "status": "Draft"}"#,
        )
        .unwrap();
        logo.width_in_mm = width;
        logo
    }

    /// A club's approval of the 60 mm draft, as the editor reads it.
    fn approved(unavailable: Option<&str>, unreadable: Option<&str>) -> LogoClub {
        let now = chrono::Utc::now();
        let page = ClubPage {
            logo: Some(PageLogo {
                printed: LogoPrinted::of(&logo(60.0)),
                ..PageLogo::default()
            }),
            ..ClubPage::default()
        };
        LogoClub {
            logo: crate::api::LogoId(5),
            shown: Some(ClubRequestShown {
                request: Found {
                    id: ClubRequestId(1),
                    subject: ClubSubject::Logo {
                        account: AccountId(3),
                        logo: crate::api::LogoId(5),
                    },
                    contact: "Mette Hansen".into(),
                    language: Language::English,
                    page,
                    shown_hash: String::new(),
                    expires_at: now,
                    state: RequestState::Open,
                    decision: Some(RecordedDecision {
                        kind: "approved".into(),
                        who: "Mette Hansen".into(),
                        note: String::new(),
                        corrections: Vec::new(),
                        at: now,
                        shown_hash: String::new(),
                        ip: String::new(),
                        browser: String::new(),
                    }),
                },
                contact_email: String::new(),
                asked_by: "Anna".into(),
                asked_at: now,
            }),
            unavailable: unavailable.map(str::to_owned),
            unreadable: unreadable.map(str::to_owned),
            contacts: None,
        }
    }

    /// The commit counts on the club's approval only when it approved the draft as it is and
    /// the team database could be read; an earlier request still counts where the room is
    /// no longer served; a desk that cannot ask and never did is not asked about it.
    #[test]
    fn the_commit_counts_on_an_approval_only_when_it_is_known_to_hold() {
        let en = Language::English;
        assert!(matches!(
            approval_of(&logo(60.0), &approved(None, None), en),
            ClubApproval::Holds { .. }
        ));
        assert!(matches!(
            approval_of(&logo(80.0), &approved(None, None), en),
            ClubApproval::Missing { .. }
        ));
        assert!(matches!(
            approval_of(&logo(60.0), &approved(Some("no room"), None), en),
            ClubApproval::Holds { .. }
        ));
        let ClubApproval::Missing { why } =
            approval_of(&logo(60.0), &approved(None, Some("out of reach")), en)
        else {
            panic!("an approval counted while the team database could not be read");
        };
        assert!(why.contains("out of reach"), "{why}");
        let mut never = approved(Some("no team"), None);
        never.shown = None;
        assert_eq!(
            approval_of(&logo(60.0), &never, en),
            ClubApproval::NotOffered
        );
    }
}
