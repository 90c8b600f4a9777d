//! The club room: the pages where a club's contact approves a proof from a phone, served by
//! the team's sender (`logodesk send-queued --club-room-url …`) from the team database.
//!
//! - [`token`]: a link's 256-bit secret; only its SHA-256 is stored.
//! - [`page`]: what a page shows (fixed when the link is made) and what a decision means for
//!   the order's design lines.
//! - [`form`]: the club's answer as posted, checked.
//! - [`html`]: the pages (no script, every text escaped, Danish or English).
//! - [`serve`]: the HTTP side (axum): routes, security headers, size and rate limits.
//!
//! What the room reads and writes is behind [`ClubRoom`]: the team database in the sender
//! (`store::club`), memory in tests. Opening a page never changes anything; a decision is a
//! POST, recorded at most once per request ([`ClubRoom::decide`]).

pub mod form;
pub mod html;
pub mod page;
pub mod room;
pub mod serve;
pub mod tls;
pub mod token;

pub use page::{ClubPage, Correction, Decision};
pub use token::{ClubToken, TokenHash};

use crate::locale::Language;
use crate::store::StoreError;
use crate::store::club::{ClubSubject, StoredClubDecision, StoredClubRequest};
use chrono::{DateTime, Utc};

/// The store's time text (ISO-8601 UTC, milliseconds) of `t`.
pub fn time_text(t: DateTime<Utc>) -> String {
    t.format("%Y-%m-%dT%H:%M:%S%.3fZ").to_string()
}

/// A stored time; the epoch for a text that is not one (never written by logodesk).
fn time_of(text: &str) -> DateTime<Utc> {
    DateTime::parse_from_rfc3339(text)
        .map(|t| t.with_timezone(&Utc))
        .unwrap_or_default()
}

/// A request's id in the team database (one link).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ClubRequestId(pub i64);

/// Where a request stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RequestState {
    Open,
    /// A newer link of the order replaced it (*Resend*, or a new version asked).
    Replaced,
    /// The shop withdrew it.
    Withdrawn,
}

/// A request the link names, as the room reads it.
#[derive(Debug, Clone)]
pub struct Found {
    pub id: ClubRequestId,
    /// What the club is asked about: an order's lines or a logo draft.
    pub subject: ClubSubject,
    /// The contact asked (their name).
    pub contact: String,
    pub language: Language,
    pub page: ClubPage,
    pub shown_hash: String,
    pub expires_at: DateTime<Utc>,
    pub state: RequestState,
    pub decision: Option<RecordedDecision>,
}

impl Found {
    /// The club's approval of logo draft `logo` as it is now, if it gave one: the page was a
    /// logo's and the logo is printed as it showed it.
    pub fn logo_approval(&self, logo: &crate::api::Logo) -> Option<&RecordedDecision> {
        self.decision
            .as_ref()
            .filter(|d| d.is_approval() && self.page.approves_logo(logo))
    }

    /// A request as the store keeps it.
    pub fn from_stored(r: StoredClubRequest) -> Found {
        let state = match (&r.revoked_at, r.replaced_by) {
            (None, _) => RequestState::Open,
            (Some(_), Some(_)) => RequestState::Replaced,
            (Some(_), None) => RequestState::Withdrawn,
        };
        Found {
            id: ClubRequestId(r.id),
            subject: r.subject,
            contact: r.contact_name,
            language: if r.language == "en" {
                Language::English
            } else {
                Language::Danish
            },
            page: serde_json::from_str(&r.page_json).unwrap_or_default(),
            shown_hash: r.shown_hash,
            expires_at: time_of(&r.expires_at),
            state,
            decision: r.decision.map(RecordedDecision::from_stored),
        }
    }

    /// Why its page no longer opens, if it does not (`now` by the server's clock).
    pub fn gone(&self, now: DateTime<Utc>) -> Option<Gone> {
        let shop = self.page.shop.clone();
        match self.state {
            RequestState::Replaced => Some(Gone::Replaced { shop }),
            RequestState::Withdrawn => Some(Gone::Withdrawn { shop }),
            // A decided page stays readable (the club sees what it answered) until it expires.
            RequestState::Open if now >= self.expires_at => Some(Gone::Expired {
                shop,
                at: self.expires_at,
            }),
            RequestState::Open => None,
        }
    }
}

/// Why a link opens no page.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Gone {
    /// No request has this link (mistyped, cut off, or guessed).
    Unknown,
    Expired {
        shop: String,
        at: DateTime<Utc>,
    },
    Replaced {
        shop: String,
    },
    Withdrawn {
        shop: String,
    },
}

/// A decision as recorded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RecordedDecision {
    /// `approved`, `changes_asked` or `corrected`.
    pub kind: String,
    pub who: String,
    pub note: String,
    pub corrections: Vec<Correction>,
    /// By the server's clock.
    pub at: DateTime<Utc>,
    /// What the page showed ([`ClubPage::shown_hash`]).
    pub shown_hash: String,
    pub ip: String,
    pub browser: String,
}

impl RecordedDecision {
    /// Whether the club approved everything it was asked (no change asked, no correction).
    pub fn is_approval(&self) -> bool {
        self.kind == "approved"
    }

    /// A decision as the store keeps it.
    pub fn from_stored(d: StoredClubDecision) -> RecordedDecision {
        RecordedDecision {
            kind: d.kind,
            who: d.who,
            note: d.note,
            corrections: serde_json::from_str(&d.corrections_json).unwrap_or_default(),
            at: time_of(&d.at),
            shown_hash: d.shown_hash,
            ip: d.ip,
            browser: d.browser,
        }
    }
}

/// Who sent a decision: the address and the browser, as recorded beside it.
#[derive(Debug, Clone, Default)]
pub struct Sender {
    pub ip: String,
    pub browser: String,
}

/// What [`ClubRoom::decide`] did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Decided {
    /// This decision is now the request's.
    Recorded,
    /// The request had one already (a double tap, a retry): nothing was changed.
    Already,
}

/// Why the room could not answer.
#[derive(Debug, thiserror::Error)]
pub enum RoomError {
    #[error(transparent)]
    Store(#[from] StoreError),
    /// The team database did not answer in time.
    #[error("{}", crate::tr!("club-room-busy"))]
    Busy,
    /// The room's connection to the team database could not be made (its sentence).
    #[error("{0}")]
    Unreachable(String),
}

/// What the club room reads and writes. Calls block (the team database's client): the
/// server runs them off its workers.
pub trait ClubRoom: Send + Sync + 'static {
    /// The request whose link hashes to `hash`.
    fn find(&self, hash: &TokenHash) -> Result<Option<Found>, RoomError>;
    /// Picture `n` of request `id` (PNG).
    fn picture(&self, id: ClubRequestId, n: u32) -> Result<Option<Vec<u8>>, RoomError>;
    /// Records `decision` on `found` (with its lines' proof steps, in one transaction) unless
    /// the request has one: at most one decision per request, whatever arrives twice.
    fn decide(
        &self,
        found: &Found,
        decision: &Decision,
        sender: &Sender,
    ) -> Result<Decided, RoomError>;
}
