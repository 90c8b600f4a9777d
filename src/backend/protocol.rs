//! The only bridge between the UI and the background runtime: [`Command`]s go down, [`Event`]s
//! come back. Their `Debug` prints the variant name only, since payloads can hold API keys or
//! image pixels.

use crate::api::{
    ApiError, ApiKey, AuthStyle, Color, ListLogos, Logo, LogoId, LogoItemNo, LogoStatus,
    LogoSummary, LogoType, OrganizationId,
};
use crate::keychain::KeychainStatus;
use crate::store::{AccountId, AccountRecord};
use std::error::Error as StdError;
use std::fmt;
use std::path::PathBuf;
use std::sync::Arc;

/// Identifies one request of the UI, so that only the answer to the newest one is shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct RequestId(pub u64);

/// Counts account activations. Everything tagged with an older generation belongs to an
/// account that is no longer shown and is dropped.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Generation(pub u64);

/// Names one thumbnail: the account generation, the logo and a revision (a hash of the
/// preview), so an edited logo gets a fresh picture.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ThumbKey {
    pub generation: Generation,
    pub logo: LogoId,
    pub revision: u64,
}

#[cfg(test)]
impl ThumbKey {
    /// A key of generation 1 for logo `id` (tests).
    pub(crate) fn of_logo(id: i64) -> ThumbKey {
        ThumbKey {
            generation: Generation(1),
            logo: LogoId(id),
            revision: 0,
        }
    }
}

/// What the gallery shows of a logo: the summary without its picture (which comes separately
/// as a [`Event::Thumbnail`]), so thousands of cards stay small.
#[derive(Debug, Clone, PartialEq)]
pub struct LogoCard {
    pub logo_id: LogoId,
    pub item_no: Option<LogoItemNo>,
    pub title: String,
    pub status: LogoStatus,
    pub logo_type: LogoType,
    pub transfer_method: String,
    pub width_mm: f64,
    pub height_mm: f64,
    pub colors: Vec<Color>,
    pub storage_count: i64,
    pub thumb: ThumbKey,
}

impl LogoCard {
    /// A card for `summary`; the revision hashes its preview.
    pub fn from_summary(summary: &LogoSummary, generation: Generation) -> LogoCard {
        use std::hash::{Hash as _, Hasher as _};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        summary.low_res_base64.hash(&mut h);
        LogoCard {
            logo_id: summary.logo_id,
            item_no: summary.logo_item_no,
            title: summary.title.clone(),
            status: summary.status.clone(),
            logo_type: summary.logo_type.clone(),
            transfer_method: summary.transfer_method_key.clone(),
            width_mm: summary.width_in_mm,
            height_mm: summary.height_in_mm,
            colors: summary.colors.clone(),
            storage_count: summary.storage_count,
            thumb: ThumbKey {
                generation,
                logo: summary.logo_id,
                revision: h.finish(),
            },
        }
    }
}

/// One page of the logo list, as cards.
#[derive(Debug, Clone, PartialEq)]
pub struct CardPage {
    pub items: Vec<LogoCard>,
    pub page: i64,
    pub page_size: i64,
    pub total_count: i64,
    pub total_pages: i64,
}

/// A logo in full, its pictures decoded.
#[derive(Clone)]
pub struct LogoDetail {
    /// The logo, with `low_res_base64` and `high_res_base64` emptied (the pixels are below).
    pub logo: Logo,
    /// The high-resolution picture (or the low-resolution one if that is all there is).
    pub image: Option<Arc<egui::ColorImage>>,
    /// Why there is no picture, if there is none.
    pub image_error: Option<String>,
}

/// Which logo to open.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum LogoRef {
    /// By internal id (`GET /api/logo/{id}`).
    Id(LogoId),
    /// By item number (`GET /api/logo/itemno/{n}`).
    ItemNo(LogoItemNo),
}

impl fmt::Display for LogoRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LogoRef::Id(id) => write!(f, "logo id {id}"),
            LogoRef::ItemNo(n) => write!(f, "item number {n}"),
        }
    }
}

/// An account as entered in Settings.
#[derive(Clone)]
pub struct AccountDraft {
    pub name: String,
    /// As typed; checked with [`super::validate_base_url`].
    pub base_url: String,
    pub auth: AuthStyle,
    pub organization_id: Option<OrganizationId>,
    /// A new key; `None` keeps the stored one (when editing).
    pub key: Option<ApiKey>,
    /// What becomes of the account's orders in flight if the save changes where they go.
    pub orders: WaitingOrders,
}

/// What a change of an account's address, header style, organization or key does to its
/// orders that are queued or placed and not confirmed yet.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum WaitingOrders {
    /// Save only if no such order exists; otherwise the backend asks
    /// ([`Event::AccountHasOrders`]).
    #[default]
    Ask,
    /// They follow the account: sent to and tracked at its new settings.
    Follow,
    /// They stay with the settings they were queued for and are held (not sent elsewhere).
    Hold,
}

/// What "Test connection" found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConnectionReport {
    /// The health check's text, or why it failed.
    pub ping: Result<String, UserError>,
    /// How many logos the account sees, or why the list failed.
    pub logos: Result<i64, UserError>,
}

impl ConnectionReport {
    /// Both calls worked.
    pub fn is_ok(&self) -> bool {
        self.ping.is_ok() && self.logos.is_ok()
    }
}

/// An error as a person sees it: one sentence saying what happened and what to do, and
/// details for the curious (the causes, never a key or a `Debug` dump).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UserError {
    pub message: String,
    pub details: Option<String>,
}

impl UserError {
    /// From any error: its `Display` is the sentence, its sources the details.
    pub fn from_error(e: &(dyn StdError + 'static)) -> UserError {
        let mut causes = Vec::new();
        let mut source = e.source();
        while let Some(s) = source {
            let text = s.to_string();
            if !causes.contains(&text) {
                causes.push(text);
            }
            source = s.source();
        }
        UserError {
            message: e.to_string(),
            details: (!causes.is_empty()).then(|| causes.join("\ncaused by: ")),
        }
    }

    /// From a client error: its sentence, and as details what was called and what came back
    /// (endpoint, HTTP status, the service's own words, the transport's reason). Never a key:
    /// the client keeps keys out of its errors.
    pub fn from_api(e: &ApiError) -> UserError {
        let mut lines = Vec::new();
        match e {
            ApiError::Status(s) => {
                lines.push(format!("Request: {}", s.endpoint));
                lines.push(format!("HTTP status: {}", s.status));
                if let Some(said) = s.server.summary() {
                    lines.push(format!("The service said: {said}"));
                }
                if let Some(wait) = s.retry_after {
                    lines.push(format!("It asked to retry after {} s", wait.as_secs()));
                }
            }
            ApiError::Network { url, reason, .. } => {
                lines.push(format!("Address: {url}"));
                lines.push(format!("Reason: {reason}"));
            }
            ApiError::Decode {
                endpoint,
                path,
                message,
            } => {
                lines.push(format!("Request: {endpoint}"));
                lines.push(format!("At {path}: {message}"));
            }
            ApiError::Validation(issues) => {
                lines.extend(issues.iter().map(ToString::to_string));
            }
            _ => {}
        }
        let chained = UserError::from_error(e);
        lines.extend(chained.details);
        UserError {
            message: chained.message,
            details: (!lines.is_empty()).then(|| lines.join("\n")),
        }
    }

    /// A sentence with optional details.
    pub fn new(message: impl Into<String>, details: Option<String>) -> UserError {
        UserError {
            message: message.into(),
            details,
        }
    }
}

impl fmt::Display for UserError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl<E: StdError + 'static> From<&E> for UserError {
    fn from(e: &E) -> Self {
        UserError::from_error(e)
    }
}

/// What the UI asks of the backend.
pub enum Command {
    /// Fetch one page of the logo list. Page 1 (a new query) supersedes the list requests
    /// still running; later pages are fetched side by side.
    ListLogos {
        request: RequestId,
        query: ListLogos,
    },
    /// Send these thumbnails again (the UI evicted them); from the backend's cache, or
    /// fetched anew.
    LoadThumbnails { keys: Vec<ThumbKey> },
    /// Fetch one logo in full. Supersedes any detail request still running.
    OpenLogo { request: RequestId, target: LogoRef },
    /// Make this account the active one; everything is reloaded under a new generation.
    SwitchAccount { account: AccountId },
    /// Add (`id: None`) or change an account; a key in the draft goes to the keychain only.
    SaveAccount {
        request: RequestId,
        id: Option<AccountId>,
        draft: AccountDraft,
    },
    /// Remove an account and its key.
    RemoveAccount { account: AccountId },
    /// Call the health check and a one-item logo list with these settings (a missing key in
    /// the draft means the stored key of `existing`).
    TestConnection {
        request: RequestId,
        existing: Option<AccountId>,
        draft: AccountDraft,
    },
    /// The person accepted keeping keys in memory for this session (no keychain available).
    AcceptSessionKeys,
    /// Write this picture of the window as a PNG file.
    SaveScreenshot {
        path: PathBuf,
        image: Arc<egui::ColorImage>,
    },
    /// The designer's flow: upload, the draft editor, commit (see [`super::editor`]).
    Editor(super::editor::EditorCommand),
    /// The account manager's flow: drafts, placing, tracking (see [`super::orders`]).
    Orders(super::orders::OrdersCommand),
    /// Designs: open one, clone it (see [`super::designs`]).
    Designs(super::designs::DesignsCommand),
    /// Vectorize tasks: track, remove (see [`super::tasks`]).
    Tasks(super::tasks::TasksCommand),
}

impl Command {
    fn name(&self) -> &'static str {
        match self {
            Command::ListLogos { .. } => "ListLogos",
            Command::LoadThumbnails { .. } => "LoadThumbnails",
            Command::OpenLogo { .. } => "OpenLogo",
            Command::SwitchAccount { .. } => "SwitchAccount",
            Command::SaveAccount { .. } => "SaveAccount",
            Command::RemoveAccount { .. } => "RemoveAccount",
            Command::TestConnection { .. } => "TestConnection",
            Command::AcceptSessionKeys => "AcceptSessionKeys",
            Command::SaveScreenshot { .. } => "SaveScreenshot",
            Command::Editor(c) => c.name(),
            Command::Orders(c) => c.name(),
            Command::Designs(c) => c.name(),
            Command::Tasks(c) => c.name(),
        }
    }
}

impl fmt::Debug for Command {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What the backend tells the UI. Every event is followed by `ctx.request_repaint()`.
pub enum Event {
    /// Start-up finished: the accounts, the keychain's state and the embedded sandbox's
    /// address (if it runs). An [`Event::AccountActivated`] follows.
    Ready {
        accounts: Vec<AccountRecord>,
        keychain: KeychainStatus,
        sandbox_url: Option<String>,
    },
    /// The list of accounts changed (added, edited, removed).
    AccountsChanged { accounts: Vec<AccountRecord> },
    /// This account is now active under `generation`; drop everything older and reload.
    /// `problem` says why its requests will fail (e.g. no key), if it is known already.
    AccountActivated {
        generation: Generation,
        account: AccountRecord,
        base_url: String,
        problem: Option<UserError>,
    },
    /// The keychain's state changed (session-only keys were accepted).
    KeychainChanged { status: KeychainStatus },
    /// A page of the logo list.
    LogoPage {
        generation: Generation,
        request: RequestId,
        page: CardPage,
    },
    /// A decoded, downscaled thumbnail.
    Thumbnail {
        key: ThumbKey,
        image: Arc<egui::ColorImage>,
    },
    /// A logo in full.
    LogoOpened {
        generation: Generation,
        request: RequestId,
        detail: Box<LogoDetail>,
    },
    /// An account was saved; `activated` says whether it is now the active one.
    AccountSaved {
        request: RequestId,
        account: AccountRecord,
    },
    /// The save was not done: it changes where `waiting` orders of `account` go (`what`:
    /// "address", "API key"…). Save again with [`AccountDraft::orders`] chosen.
    AccountHasOrders {
        request: RequestId,
        account: AccountId,
        waiting: usize,
        what: String,
    },
    /// The result of "Test connection".
    ConnectionTested {
        request: RequestId,
        report: ConnectionReport,
    },
    /// A request failed. `generation` is set for account data (dropped if stale); `request`
    /// names the request that failed, if any.
    Failed {
        generation: Option<Generation>,
        request: Option<RequestId>,
        error: UserError,
    },
    /// The screenshot file was written (or not).
    ScreenshotSaved {
        path: PathBuf,
        result: Result<(), UserError>,
    },
    /// An answer of the designer's flow (see [`super::editor`]).
    Editor(super::editor::EditorEvent),
    /// An answer of the account manager's flow (see [`super::orders`]).
    Orders(super::orders::OrdersEvent),
    /// An answer about designs (see [`super::designs`]).
    Designs(super::designs::DesignsEvent),
    /// The tracked vectorize tasks and their changes (see [`super::tasks`]).
    Tasks(super::tasks::TasksEvent),
}

impl Event {
    fn name(&self) -> &'static str {
        match self {
            Event::Ready { .. } => "Ready",
            Event::AccountsChanged { .. } => "AccountsChanged",
            Event::AccountActivated { .. } => "AccountActivated",
            Event::KeychainChanged { .. } => "KeychainChanged",
            Event::LogoPage { .. } => "LogoPage",
            Event::Thumbnail { .. } => "Thumbnail",
            Event::LogoOpened { .. } => "LogoOpened",
            Event::AccountSaved { .. } => "AccountSaved",
            Event::AccountHasOrders { .. } => "AccountHasOrders",
            Event::ConnectionTested { .. } => "ConnectionTested",
            Event::Failed { .. } => "Failed",
            Event::ScreenshotSaved { .. } => "ScreenshotSaved",
            Event::Editor(e) => e.name(),
            Event::Orders(e) => e.name(),
            Event::Designs(e) => e.name(),
            Event::Tasks(e) => e.name(),
        }
    }
}

impl fmt::Debug for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn debug_prints_the_variant_name_only() {
        let cmd = Command::SaveAccount {
            request: RequestId(1),
            id: None,
            draft: AccountDraft {
                name: "Acme".into(),
                base_url: "https://api.example.com".into(),
                auth: AuthStyle::Bearer,
                organization_id: None,
                key: Some(ApiKey::new("super-secret-key")),
                orders: WaitingOrders::Ask,
            },
        };
        assert_eq!(format!("{cmd:?}"), "SaveAccount");
        let ev = Event::Failed {
            generation: None,
            request: None,
            error: UserError::new("x", None),
        };
        assert_eq!(format!("{ev:?}"), "Failed");
    }

    #[test]
    fn user_error_lists_causes_as_details() {
        let io = std::io::Error::other("disk on fire");
        let e = crate::store::StoreError::Open {
            path: "/x/logodesk.sqlite".into(),
            source: rusqlite::Error::InvalidPath("/x".into()),
        };
        let u = UserError::from_error(&e);
        assert!(
            u.message
                .starts_with("logodesk could not open its local database")
        );
        assert!(u.details.is_some());
        assert_eq!(UserError::from_error(&io).details, None);
    }
}
