//! *Ask the club to approve…*: the desk's half of the club room (`crate::club`, served by the
//! team's sender). Each design line's proof sheet is made, kept and marked sent as *Proof
//! sent…* does; the page the club will see is fixed from the very pictures the sheets were
//! drawn from, stored with them in the team database, and a link made for one contact. Only
//! the link's hash is stored: the link itself exists in this desk's memory until the person
//! copies or mails it (a lost link is replaced by *Resend*, which revokes the old one).
//!
//! Rows the club approved on an earlier page and that are unchanged since are shown as
//! approved and not asked again ([`crate::club::page::PageRow::asked`]).

use super::{Drawn, ProofKey, SheetJob, SheetOrder, send_proof};
use crate::backend::support::{SharedStore, UserError, heavy, with_store};
use crate::club::page::{self, ClubPage, PageLine, PagePicture, PageRow};
use crate::club::{ClubToken, Found, RequestState, time_text};
use crate::imaging;
use crate::imaging::qr::QrCode;
use crate::locale::Language;
use crate::orders::approval::{LineKey, LineSnapshot};
use crate::store::LocalOrderId;
use crate::store::club::{ClubRoomSettings, ClubSubject, NewClubRequest, StoredClubRequest};
use chrono::{DateTime, Utc};
use secrecy::{ExposeSecret as _, SecretString};
use std::collections::HashMap;
use std::path::Path;
use std::sync::Arc;

/// Longest side of a picture on the club's page: two side by side on a phone, sharp at
/// twice its CSS size, small enough that a 20-row page stays well under 1.5 MB.
pub const PAGE_SIDE: u32 = 240;

/// Who at the club is asked, and in which language their page and mail are.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClubContact {
    pub name: String,
    pub email: String,
    pub language: Language,
}

/// One design line the club is asked about: its key, what it is now and its sheet.
#[derive(Debug, Clone)]
pub struct ClubLine {
    pub line: LineKey,
    pub snapshot: LineSnapshot,
    pub sheet: SheetOrder,
}

/// What *Ask the club to approve…* sends.
#[derive(Debug, Clone)]
pub struct ClubAsk {
    pub reference: String,
    /// The delivery address's name.
    pub club: String,
    pub lines: Vec<ClubLine>,
    pub contact: ClubContact,
}

/// A link made: shown once, to be copied, mailed or scanned. Never logged.
#[derive(Clone)]
pub struct ClubLink {
    /// What the club is asked about.
    pub subject: ClubSubject,
    pub url: SecretString,
    pub contact: ClubContact,
    /// The order's reference, or the logo's title.
    pub reference: String,
    pub shop: String,
    pub expires_at: DateTime<Utc>,
    /// Rows the page asks about, of all its rows (none for a logo).
    pub asked: usize,
    pub rows: usize,
    /// The link as a QR code (shown by the composer, printed on a sheet saved while it is
    /// shown).
    pub qr: Option<QrCode>,
    /// The request it opens (a newer one, from any desk, revokes it).
    pub request: i64,
}

impl std::fmt::Debug for ClubLink {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ClubLink")
            .field("contact", &self.contact.name)
            .field("expires_at", &self.expires_at)
            .finish_non_exhaustive()
    }
}

/// An order's newest request to its club, as every desk shows it.
#[derive(Debug, Clone)]
pub struct ClubRequestShown {
    pub request: Found,
    pub contact_email: String,
    /// The desk that asked.
    pub asked_by: String,
    pub asked_at: DateTime<Utc>,
}

impl ClubRequestShown {
    pub(crate) fn of(r: StoredClubRequest) -> ClubRequestShown {
        let contact_email = r.contact_email.clone();
        let asked_by = r.asked_by.clone();
        let asked_at = DateTime::parse_from_rfc3339(&r.created_at)
            .map(|t| t.with_timezone(&Utc))
            .unwrap_or_default();
        ClubRequestShown {
            request: Found::from_stored(r),
            contact_email,
            asked_by,
            asked_at,
        }
    }

    /// "FC Nørrebro approved 14 of 15 rows, 1 correction" — what the club decided, in a line
    /// (in the window's language).
    pub fn decision_line(&self) -> Option<String> {
        let d = self.request.decision.as_ref()?;
        let page = &self.request.page;
        let club = if page.club.trim().is_empty() {
            self.request.contact.clone()
        } else {
            page.club.trim().to_owned()
        };
        let asked = page.asked_rows();
        Some(match d.kind.as_str() {
            "approved" if page.logo.is_some() => {
                crate::tr!("composer-club-logo-approved", club = club)
            }
            "approved" => crate::tr!("composer-club-approved", club = club, rows = asked),
            "corrected" => {
                let rows: std::collections::BTreeSet<(usize, usize)> =
                    d.corrections.iter().map(|c| (c.line, c.row)).collect();
                crate::tr!(
                    "composer-club-corrected",
                    club = club,
                    approved = asked.saturating_sub(rows.len()),
                    rows = asked,
                    count = d.corrections.len()
                )
            }
            _ => crate::tr!("composer-club-changes", club = club),
        })
    }

    /// Open, undecided and not expired: the club has the page in front of it.
    pub fn waiting(&self, now: DateTime<Utc>) -> bool {
        self.request.state == RequestState::Open
            && self.request.decision.is_none()
            && now < self.request.expires_at
    }
}

/// `subject`'s newest request, if it has one (a desk without a team has none).
pub(super) async fn request_of(
    store: &SharedStore,
    subject: ClubSubject,
) -> Option<ClubRequestShown> {
    match with_store(store, move |s| s.club_request_of(subject)).await {
        Ok(found) => found.map(ClubRequestShown::of),
        Err(e) => {
            tracing::info!(error = %e.message, "the club's request could not be read");
            None
        }
    }
}

/// Revokes `subject`'s open link now.
pub(crate) async fn withdraw(store: &SharedStore, subject: ClubSubject) -> Result<(), UserError> {
    let at = time_text(Utc::now());
    with_store(store, move |s| s.withdraw_club_request(subject, &at))
        .await
        .map(drop)
}

/// The club room's settings, if `subject` can be asked about there: checked before anything
/// is drawn or recorded (a sentence saying what the room needs, if not).
pub(crate) async fn room_for(
    store: &SharedStore,
    subject: ClubSubject,
) -> Result<ClubRoomSettings, UserError> {
    let settings = with_store(store, move |s| {
        s.club_can_ask(subject)?;
        s.club_room()
    })
    .await?;
    settings.ok_or_else(|| UserError::new(crate::tr!("backend-club-no-room"), None))
}

/// A link's secret, its address in the room and its QR code.
pub(crate) struct NewLink {
    token: ClubToken,
    url: SecretString,
    qr: Option<QrCode>,
}

impl NewLink {
    /// A new secret for the room at `settings`.
    pub(crate) fn new(settings: &ClubRoomSettings) -> Result<NewLink, UserError> {
        let token = ClubToken::generate()
            .ok_or_else(|| UserError::new(crate::tr!("backend-club-no-randomness"), None))?;
        let url = token.link(&settings.public_url);
        let qr = QrCode::of(url.expose_secret());
        Ok(NewLink { token, url, qr })
    }
}

/// What a made page is published with: for whom, and what it is.
pub(crate) struct Publish {
    pub subject: ClubSubject,
    pub contact: ClubContact,
    /// The order's reference, or the logo's title.
    pub reference: String,
    pub page: ClubPage,
    pub pictures: Vec<Vec<u8>>,
}

/// Stores `what`'s page with its pictures as the request `link` opens (the subject's older
/// links revoked), and answers the link to show.
pub(crate) async fn publish(
    store: &SharedStore,
    settings: ClubRoomSettings,
    link: NewLink,
    what: Publish,
) -> Result<ClubLink, UserError> {
    let Publish {
        subject,
        contact,
        reference,
        page,
        pictures,
    } = what;
    let now = Utc::now();
    let expires_at = now + chrono::Duration::days(settings.link_days.clamp(1, 365));
    let new = NewClubRequest {
        token_hash: link.token.hash().0,
        contact_name: contact.name.trim().to_owned(),
        contact_email: contact.email.trim().to_owned(),
        language: contact.language.code().to_owned(),
        page_json: serde_json::to_string(&page).map_err(|e| UserError::from_error(&e))?,
        shown_hash: page.shown_hash(&pictures),
        pictures,
        asked_by: String::new(),
        created_at: time_text(now),
        expires_at: time_text(expires_at),
    };
    let request = with_store(store, move |s| s.create_club_request(subject, &new)).await?;
    tracing::info!(%subject, rows = page.rows(), asked = page.asked_rows(), "a club's link was made");
    Ok(ClubLink {
        subject,
        url: link.url,
        contact,
        reference,
        shop: settings.shop,
        expires_at,
        asked: page.asked_rows(),
        rows: page.rows(),
        qr: link.qr,
        request,
    })
}

/// Makes and keeps each line's sheet (each recorded as sent), then the page from the
/// pictures drawn for them, and the link. `job` makes the sheets one after the other.
pub(super) async fn ask(
    store: &SharedStore,
    kept: &Path,
    order: LocalOrderId,
    job: impl Fn() -> SheetJob,
    ask: ClubAsk,
    language: Language,
) -> Result<ClubLink, UserError> {
    // What the room needs is checked before anything is drawn or recorded.
    let subject = ClubSubject::Order(order);
    let settings = room_for(store, subject).await?;
    let before = with_store(store, move |s| s.club_approved_before(order))
        .await?
        .map(Found::from_stored);
    let link = NewLink::new(&settings)?;
    let today = chrono::Local::now().date_naive();
    // Every sheet drawn first: a line that cannot be drawn leaves nothing marked sent. The
    // sheets kept (in the data folder and the team database) never carry the link: only its
    // hash is stored anywhere.
    let mut made = Vec::with_capacity(ask.lines.len());
    for line in &ask.lines {
        made.push(
            job()
                .run_keeping(line.sheet.clone(), today, language, None)
                .await?,
        );
    }
    let mut drawn = Vec::with_capacity(made.len());
    for (line, sheet) in ask.lines.iter().zip(made) {
        send_proof(
            store,
            kept,
            order,
            line.line.clone(),
            line.snapshot.clone(),
            sheet.pdf,
        )
        .await?;
        drawn.push((sheet.title, sheet.views));
    }
    let made = drawn;
    let (page, pictures) = heavy({
        let (lines, shop, terms) = (
            ask.lines.clone(),
            settings.shop.clone(),
            settings.terms.clone(),
        );
        let (reference, club) = (ask.reference.clone(), ask.club.clone());
        move || {
            let mut pictures = Pictures::default();
            let lines = lines
                .iter()
                .zip(made)
                .map(|(line, (title, views))| {
                    page_line(line, title, &views, before.as_ref(), &mut pictures)
                })
                .collect();
            let page = ClubPage {
                shop,
                reference,
                club,
                terms,
                lines,
                logo: None,
            };
            (page, pictures.png)
        }
    })
    .await?;
    let what = Publish {
        subject,
        contact: ask.contact,
        reference: ask.reference,
        page,
        pictures,
    };
    publish(store, settings, link, what).await
}

/// The page's pictures, each distinct view once, in their numbers' order.
#[derive(Default)]
struct Pictures {
    png: Vec<Vec<u8>>,
    /// By what they show: the same row drawn twice is one picture.
    known: HashMap<(ProofKey, String), PagePicture>,
}

impl Pictures {
    fn of(&mut self, key: &ProofKey, drawn: Option<&Arc<Drawn>>) -> Vec<PagePicture> {
        let Some(drawn) = drawn else {
            return Vec::new();
        };
        drawn
            .views
            .iter()
            .map(|(view, image)| {
                let id = (key.clone(), view.clone());
                if let Some(p) = self.known.get(&id) {
                    return p.clone();
                }
                let small = imaging::downscale(image, PAGE_SIDE);
                let picture = PagePicture {
                    n: u32::try_from(self.png.len()).unwrap_or(u32::MAX),
                    view: view.clone(),
                    width: small.width(),
                    height: small.height(),
                };
                self.png.push(imaging::encode_png(&small));
                self.known.insert(id, picture.clone());
                picture
            })
            .collect()
    }
}

/// One design line of the page: its rows with their pictures; a row the club approved on
/// `before` and unchanged since is not asked again.
fn page_line(
    line: &ClubLine,
    title: String,
    views: &HashMap<ProofKey, Arc<Drawn>>,
    before: Option<&Found>,
    pictures: &mut Pictures,
) -> PageLine {
    let approved = before.and_then(|b| Approved::on(b, line.line.0.as_str()));
    let rows = line
        .sheet
        .rows
        .iter()
        .enumerate()
        .map(|(i, r)| PageRow {
            size: r.size.clone(),
            quantity: r.quantity.clone(),
            name: r.key.name.clone().unwrap_or_default(),
            number: r.key.number.clone().unwrap_or_default(),
            values: r.value_labels.clone(),
            pictures: pictures.of(&r.key, views.get(&r.key)),
            asked: !approved.as_ref().is_some_and(|a| a.row(&line.snapshot, i)),
        })
        .collect();
    PageLine {
        key: line.line.0.clone(),
        title,
        snapshot: line.snapshot.clone(),
        rows,
    }
}

/// What the club approved of one line on an earlier page: the line as that page showed it,
/// less the rows it corrected.
struct Approved {
    snapshot: LineSnapshot,
    corrected: std::collections::BTreeSet<usize>,
}

impl Approved {
    /// Line `key` of `before`, if its decision approved rows of it (an approval, or a
    /// correction's rest; a page whose rows were not asked had them approved before).
    fn on(before: &Found, key: &str) -> Option<Approved> {
        let decision = before.decision.as_ref()?;
        let (n, line) = before
            .page
            .lines
            .iter()
            .enumerate()
            .find(|(_, l)| l.key == key)?;
        let corrected = match decision.kind.as_str() {
            "approved" => Default::default(),
            "corrected" => decision
                .corrections
                .iter()
                .filter(|c| c.line == n)
                .map(|c| c.row)
                .collect(),
            _ => return None,
        };
        Some(Approved {
            snapshot: line.snapshot.clone(),
            corrected,
        })
    }

    /// Whether row `row` of the line as it is `now` was approved as it is.
    fn row(&self, now: &LineSnapshot, row: usize) -> bool {
        !self.corrected.contains(&row) && page::row_approved(&self.snapshot, now, row)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::club::RecordedDecision;
    use crate::club::page::{Correction, Field};
    use crate::orders::approval::SnapshotRow;

    fn snapshot(names: &[&str]) -> LineSnapshot {
        LineSnapshot {
            design: "20001".into(),
            rows: names
                .iter()
                .map(|n| SnapshotRow {
                    size: "M".into(),
                    quantity: "1".into(),
                    name: (*n).into(),
                    number: "7".into(),
                    values: Vec::new(),
                })
                .collect(),
        }
    }

    fn found(kind: &str, corrections: Vec<Correction>, names: &[&str]) -> Found {
        Found {
            id: crate::club::ClubRequestId(1),
            subject: ClubSubject::Order(LocalOrderId(1)),
            contact: "Mette".into(),
            language: Language::Danish,
            page: ClubPage {
                lines: vec![PageLine {
                    key: "20001#0".into(),
                    snapshot: snapshot(names),
                    ..Default::default()
                }],
                ..Default::default()
            },
            shown_hash: String::new(),
            expires_at: Utc::now(),
            state: RequestState::Open,
            decision: Some(RecordedDecision {
                kind: kind.into(),
                who: "Mette".into(),
                note: String::new(),
                corrections,
                at: Utc::now(),
                shown_hash: String::new(),
                ip: String::new(),
                browser: String::new(),
            }),
        }
    }

    fn asked(before: &Found, now: &[&str]) -> Vec<bool> {
        let approved = Approved::on(before, "20001#0");
        let now = snapshot(now);
        (0..now.rows.len())
            .map(|i| !approved.as_ref().is_some_and(|a| a.row(&now, i)))
            .collect()
    }

    #[test]
    fn after_a_correction_is_applied_only_that_row_is_asked_again() {
        let before = found(
            "corrected",
            vec![Correction {
                line: 0,
                row: 1,
                field: Field::Name,
                was: "Berg".into(),
                now: "Bergh".into(),
            }],
            &["Hansen", "Berg", "Olsen"],
        );
        assert_eq!(
            asked(&before, &["Hansen", "Bergh", "Olsen"]),
            [false, true, false]
        );
        // Not applied, another row changed: those two are asked.
        assert_eq!(
            asked(&before, &["Hansen", "Berg", "Olsson"]),
            [false, true, true]
        );
    }

    #[test]
    fn an_approval_asks_only_rows_changed_or_added_since() {
        let before = found("approved", Vec::new(), &["Hansen", "Berg"]);
        assert_eq!(
            asked(&before, &["Hansen", "Berg", "Nyholm"]),
            [false, false, true]
        );
        assert_eq!(asked(&before, &["Hansen", "Bergh"]), [false, true]);
    }

    #[test]
    fn changes_asked_approve_no_row() {
        let before = found("changes_asked", Vec::new(), &["Hansen", "Berg"]);
        assert_eq!(asked(&before, &["Hansen", "Berg"]), [true, true]);
    }
}
