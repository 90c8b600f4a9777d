//! The club's approval as the composer (an order's design lines) and the editor (a logo
//! draft) show it: who is asked ([`ContactForm`]), the link made here ([`LinkShown`]: the
//! address, *Copy*, *Send by e-mail* through `mailto:`, a QR code) and where the request
//! stands on every desk ([`state_ui`]). What is asked about is the screen's own.

use crate::backend::proofs::club::{ClubLink, ClubRequestShown};
use crate::club::{RecordedDecision, RequestState};
use crate::locale::Language;
use crate::orders::form::KnownContact;
use crate::store::club::ClubSubject;
use crate::ui::theme::{self, control, space};
use crate::ui::widgets::UiExt as _;
use egui::{RichText, Ui};
use secrecy::ExposeSecret as _;

/// What the person did with the form.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FormAnswer {
    Nothing,
    Make,
    Cancel,
}

/// Who at the club is asked, in which language.
pub struct ContactForm {
    pub name: String,
    pub email: String,
    pub language: Language,
    /// The club's name, asked where the screen does not know it (a logo draft).
    pub club: Option<String>,
    /// Clubs and contacts of earlier orders, offered where the club is asked (picking one
    /// fills the club, the contact and the e-mail).
    pub known: Vec<KnownContact>,
}

impl ContactForm {
    /// "From an earlier order…": the clubs of earlier orders, where the club is asked.
    fn known_ui(&mut self, ui: &mut Ui) {
        if self.club.is_none() || self.known.is_empty() {
            return;
        }
        let mut picked = None;
        let list = egui::ComboBox::from_id_salt("editor-club-known")
            .selected_text(crate::tr!("editor-club-known"))
            .width(control::WIDE)
            .height(control::ADDRESS_BOOK_HEIGHT)
            .show_ui(ui, |ui| {
                for known in &self.known {
                    let line = if known.email.is_empty() {
                        format!("{} · {}", known.club, known.name)
                    } else {
                        format!("{} · {} · {}", known.club, known.name, known.email)
                    };
                    if ui.selectable_label(false, line).clicked() {
                        picked = Some(known.clone());
                    }
                }
            });
        list.response
            .accessible_name(crate::tr!("editor-club-known"))
            .on_hover_text(crate::tr!("editor-club-known-hover"));
        if let Some(known) = picked {
            self.club = Some(known.club);
            self.name = known.name;
            self.email = known.email;
        }
        ui.add_space(space::XS);
    }

    /// The form's fields, *Make link* (enabled when a name is typed and `ready`) and *Cancel*.
    pub fn ui(&mut self, ui: &mut Ui, ready: bool) -> FormAnswer {
        ui.add_space(space::S);
        self.known_ui(ui);
        egui::Grid::new("club-contact")
            .num_columns(2)
            .spacing([space::S, space::XS])
            .show(ui, |ui| {
                if let Some(club) = &mut self.club {
                    let label = ui.label(crate::tr!("editor-club-club"));
                    ui.add(egui::TextEdit::singleline(club).desired_width(220.0))
                        .labelled_by(label.id);
                    ui.end_row();
                }
                let label = ui.label(crate::tr!("composer-club-contact"));
                ui.add(
                    egui::TextEdit::singleline(&mut self.name)
                        .hint_text(crate::tr!("composer-club-contact-hint"))
                        .desired_width(220.0),
                )
                .labelled_by(label.id);
                ui.end_row();
                let label = ui.label(crate::tr!("composer-club-email"));
                ui.add(egui::TextEdit::singleline(&mut self.email).desired_width(220.0))
                    .labelled_by(label.id);
                ui.end_row();
                ui.label(crate::tr!("composer-club-language"));
                ui.horizontal(|ui| {
                    for l in Language::ALL {
                        ui.radio_value(&mut self.language, l, l.native_name());
                    }
                });
                ui.end_row();
            });
        let named = !self.name.trim().is_empty();
        let mut answer = FormAnswer::Nothing;
        ui.horizontal(|ui| {
            if ui
                .add_enabled(
                    named && ready,
                    egui::Button::new(crate::tr!("composer-club-make")),
                )
                .on_disabled_hover_text(crate::tr!("composer-club-contact-missing"))
                .clicked()
            {
                answer = FormAnswer::Make;
            }
            if ui.button(crate::tr!("composer-cancel")).clicked() {
                answer = FormAnswer::Cancel;
            }
        });
        answer
    }
}

/// Tells the club's decision on `shown` in a toast: an approval as good news, changes asked
/// or a correction as asking for attention.
pub fn tell_decision(
    notifications: &mut crate::ui::notifications::Notifications,
    shown: &ClubRequestShown,
) {
    let Some(line) = shown.decision_line() else {
        return;
    };
    let decision = shown.request.decision.as_ref();
    if decision.is_some_and(RecordedDecision::is_approval) {
        notifications.success(line);
    } else {
        notifications.attention(line);
    }
}

/// The form in `slot` shown, if there is one: answers it, taken out, when *Make link* was
/// clicked; *Cancel* drops it.
pub fn made_form(slot: &mut Option<ContactForm>, ui: &mut Ui, ready: bool) -> Option<ContactForm> {
    match slot.as_mut()?.ui(ui, ready) {
        FormAnswer::Make => slot.take(),
        FormAnswer::Cancel => {
            *slot = None;
            None
        }
        FormAnswer::Nothing => None,
    }
}

/// A link made on this desk, shown until the screen leaves it or it is of no more use.
pub struct LinkShown {
    pub link: ClubLink,
    /// The QR code as a texture, made at its first frame (one module a pixel, drawn sharp).
    qr: Option<egui::TextureHandle>,
}

impl LinkShown {
    pub fn new(link: ClubLink) -> LinkShown {
        LinkShown { link, qr: None }
    }

    /// Whether the link can no longer be used, with the request `shown` as read now: it
    /// expired, or it was answered, withdrawn or replaced (from any desk). A request read
    /// before the link was made names an older one: the link is kept.
    pub fn gone(&self, shown: Option<&ClubRequestShown>) -> bool {
        let now = chrono::Utc::now();
        self.link.expires_at <= now
            || shown.is_some_and(|s| {
                let id = s.request.id.0;
                id > self.link.request || (id == self.link.request && !s.waiting(now))
            })
    }

    /// The address, *Copy*, *Send by e-mail*, the QR code.
    pub fn ui(&mut self, ui: &mut Ui) {
        if self.qr.is_none()
            && let Some(qr) = &self.link.qr
        {
            let options = egui::TextureOptions::NEAREST;
            self.qr = Some(ui.ctx().load_texture("club-link-qr", qr_image(qr), options));
        }
        let t = theme::tokens(ui.ctx());
        let link = &self.link;
        let url = link.url.expose_secret();
        ui.add_space(space::S);
        let until = crate::i18n::language().date_time(&link.expires_at);
        ui.label(match link.subject {
            ClubSubject::Order(_) => crate::tr!(
                "composer-club-link-made",
                name = link.contact.name.as_str(),
                asked = link.asked,
                rows = link.rows,
                until = until
            ),
            ClubSubject::Logo { .. } => crate::tr!(
                "editor-club-link-made",
                name = link.contact.name.as_str(),
                title = link.reference.as_str(),
                until = until
            ),
        });
        ui.horizontal_wrapped(|ui| {
            ui.add(
                egui::Label::new(RichText::new(url).monospace().color(t.text_strong))
                    .selectable(true),
            );
        });
        ui.horizontal(|ui| {
            if ui.button(crate::tr!("composer-club-copy")).clicked() {
                ui.ctx().copy_text(url.to_owned());
            }
            let mail = ui
                .add_enabled(
                    !link.contact.email.trim().is_empty(),
                    egui::Button::new(crate::tr!("composer-club-mail")),
                )
                .on_disabled_hover_text(crate::tr!("composer-club-mail-no-address"));
            if mail.clicked() {
                ui.ctx().open_url(egui::OpenUrl::new_tab(mailto(link)));
            }
        });
        if let Some(texture) = &self.qr {
            // 4 points a module: a phone reads it from the screen.
            let side = texture.size_vec2() * 4.0;
            ui.add(egui::Image::new((texture.id(), side)))
                .on_hover_text(crate::tr!("composer-club-qr-hover"));
        }
    }
}

/// The QR code's picture: its modules and a quiet zone of 4, black on white.
fn qr_image(qr: &crate::imaging::qr::QrCode) -> egui::ColorImage {
    let side = qr.width + 8;
    let mut image = egui::ColorImage::filled([side, side], egui::Color32::WHITE);
    for (x, y) in qr.dark_modules() {
        image[(x + 4, y + 4)] = egui::Color32::BLACK;
    }
    image
}

/// The mail to the club: its subject and text in the club's language, with the link.
pub fn mailto(link: &ClubLink) -> String {
    let language = link.contact.language;
    let mut args = fluent_bundle::FluentArgs::new();
    args.set("name", link.contact.name.clone());
    args.set("shop", link.shop.clone());
    args.set("reference", link.reference.clone());
    args.set("link", link.url.expose_secret().to_owned());
    args.set("until", language.date_time(&link.expires_at));
    let (subject, body) = match (link.subject, link.reference.trim().is_empty()) {
        (ClubSubject::Logo { .. }, _) => ("editor-club-mail-subject", "editor-club-mail-body"),
        (ClubSubject::Order(_), false) => ("composer-club-mail-subject", "composer-club-mail-body"),
        (ClubSubject::Order(_), true) => (
            "composer-club-mail-subject-plain",
            "composer-club-mail-body-plain",
        ),
    };
    let subject = crate::i18n::text_in(language, subject, Some(&args));
    let body = crate::i18n::text_in(language, body, Some(&args));
    let enc = |s: &str| url::form_urlencoded::byte_serialize(s.as_bytes()).collect::<String>();
    // `+` is a space in forms but not in a mail's text.
    let enc = |s: &str| enc(s).replace('+', "%20");
    format!(
        "mailto:{}?subject={}&body={}",
        enc(link.contact.email.trim()).replace("%40", "@"),
        enc(&subject),
        enc(&body)
    )
}

/// Where the request stands: waiting since, answered, withdrawn, replaced or expired; who
/// asked.
pub fn state_ui(ui: &mut Ui, shown: &ClubRequestShown, language: Language) {
    let t = theme::tokens(ui.ctx());
    let r = &shown.request;
    let club = r.page.club.trim();
    let who = if club.is_empty() {
        r.contact.clone()
    } else {
        format!("{} ({club})", r.contact)
    };
    let now = chrono::Utc::now();
    let (text, color) = if let Some(line) = shown.decision_line() {
        let d = r.decision.as_ref();
        let when = d.map(|d| language.date_time(&d.at)).unwrap_or_default();
        let by = d.map(|d| d.who.clone()).unwrap_or_default();
        let color = if d.is_some_and(RecordedDecision::is_approval) {
            t.success
        } else {
            t.warning
        };
        (
            crate::tr!("composer-club-answered", line = line, who = by, when = when),
            color,
        )
    } else {
        match r.state {
            RequestState::Withdrawn => (
                crate::tr!("composer-club-withdrawn", who = who),
                t.text_muted,
            ),
            RequestState::Replaced => (
                crate::tr!("composer-club-replaced", who = who),
                t.text_muted,
            ),
            RequestState::Open if now >= r.expires_at => (
                crate::tr!(
                    "composer-club-expired",
                    who = who,
                    when = language.date_time(&r.expires_at)
                ),
                t.warning,
            ),
            RequestState::Open => (
                crate::tr!(
                    "composer-club-waiting",
                    who = who,
                    since = since(language, shown.asked_at)
                ),
                t.accent,
            ),
        }
    };
    ui.label(RichText::new(text).color(color));
    if let Some(d) = &r.decision
        && !d.note.trim().is_empty()
    {
        ui.muted_small(&crate::tr!("approval-note-shown", note = d.note.trim()));
    }
    if !shown.asked_by.trim().is_empty() {
        if r.page.logo.is_some() {
            ui.muted_small(&crate::tr!(
                "editor-club-asked-by",
                who = shown.asked_by.trim()
            ));
        } else {
            ui.muted_small(&crate::tr!(
                "composer-club-asked-by",
                who = shown.asked_by.trim(),
                rows = r.page.asked_rows(),
                all = r.page.rows()
            ));
        }
    }
}

/// "14:02" today, else the date and time.
pub fn since(language: Language, at: chrono::DateTime<chrono::Utc>) -> String {
    let local = at.with_timezone(&chrono::Local);
    if local.date_naive() == chrono::Local::now().date_naive() {
        local.format("%H:%M").to_string()
    } else {
        language.date_time(&at)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::backend::proofs::club::ClubContact;
    use crate::store::LocalOrderId;
    use secrecy::SecretString;

    fn link(subject: ClubSubject, reference: &str) -> ClubLink {
        ClubLink {
            subject,
            url: SecretString::from("https://klub.sportigan.dk/c/abc-DEF_123".to_owned()),
            contact: ClubContact {
                name: "Mette Hansen".into(),
                email: "mette@fcn.dk".into(),
                language: Language::Danish,
            },
            reference: reference.into(),
            shop: "Sportigan".into(),
            expires_at: chrono::Utc::now(),
            asked: 20,
            rows: 20,
            qr: None,
            request: 1,
        }
    }

    fn order() -> ClubSubject {
        ClubSubject::Order(LocalOrderId(1))
    }

    #[test]
    fn the_qr_picture_has_its_modules_inside_a_white_quiet_zone() {
        let qr = crate::imaging::qr::QrCode::of("https://klub.sportigan.dk/c/abc").unwrap();
        let image = qr_image(&qr);
        assert_eq!(image.size, [qr.width + 8, qr.width + 8]);
        let black = image
            .pixels
            .iter()
            .filter(|p| **p == egui::Color32::BLACK)
            .count();
        assert_eq!(black, qr.dark_modules().count());
        assert!((0..image.size[0]).all(|x| image[(x, 0)] == egui::Color32::WHITE));
    }

    #[test]
    fn the_mail_names_the_address_and_carries_the_link_encoded() {
        let m = mailto(&link(order(), "FCN & co"));
        assert!(m.starts_with("mailto:mette@fcn.dk?subject="), "{m}");
        assert!(
            m.contains("https%3A%2F%2Fklub.sportigan.dk%2Fc%2Fabc-DEF_123"),
            "{m}"
        );
        assert!(!m.contains('+') && !m.contains(' '), "{m}");
        assert_eq!(m.matches('&').count(), 1, "{m}");
        assert!(m.contains("FCN%20%26%20co"), "{m}");
    }

    /// An order without a reference is not mailed as "the order " with a hole; a logo's
    /// mail names the logo.
    #[test]
    fn the_mail_says_what_is_asked_about() {
        let decode = |m: &str| {
            url::form_urlencoded::parse(m.split_once('?').unwrap().1.as_bytes())
                .map(|(k, v)| (k.into_owned(), v.into_owned()))
                .collect::<std::collections::HashMap<_, _>>()
        };
        let plain = decode(&mailto(&link(order(), " ")));
        assert!(!plain["subject"].trim_end().ends_with(':'), "{plain:?}");
        assert!(
            plain["body"].contains("https://klub.sportigan.dk/c/"),
            "{plain:?}"
        );
        let logo = ClubSubject::Logo {
            account: crate::store::AccountId(1),
            logo: crate::api::LogoId(5),
        };
        let mail = decode(&mailto(&link(logo, "FCN crest")));
        assert!(mail["subject"].contains("FCN crest"), "{mail:?}");
        assert!(
            mail["body"].contains("https://klub.sportigan.dk/c/"),
            "{mail:?}"
        );
    }
}
