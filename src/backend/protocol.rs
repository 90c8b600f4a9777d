//! The only bridge between the UI and the background runtime: [`Command`]s go down, each
//! feature's own command inside; [`Envelope`]s come back, each carrying one [`Event`] with
//! the generation and request it answers. Their `Debug` prints the variant name only, since
//! payloads can hold API keys or image pixels.

use super::accounts::{AccountsCommand, AccountsEvent};
use super::cache::{CacheCommand, CacheEvent};
use super::designs::{DesignsCommand, DesignsEvent};
use super::editor::{EditorCommand, EditorEvent};
use super::logos::{LogosCommand, LogosEvent};
use super::orders::{OrdersCommand, OrdersEvent};
use super::proofs::{ProofsCommand, ProofsEvent};
use super::support::pictures::Thumbnail;
use super::support::{Answer, Generation, RequestId, UserError};
use super::tasks::{TasksCommand, TasksEvent};
use super::team::{TeamCommand, TeamEvent};
use crate::keychain::KeychainStatus;
use crate::store::{AccountId, AccountRecord};
use std::fmt;
use std::path::PathBuf;
use std::sync::Arc;

/// What the UI asks of the backend.
#[derive(strum::IntoStaticStr)]
pub enum Command {
    /// Make this account the active one; every feature reloads under a new generation.
    SwitchAccount { account: AccountId },
    /// Write this picture of the window as a PNG file.
    SaveScreenshot {
        path: PathBuf,
        image: Arc<egui::ColorImage>,
    },
    /// The logo list, thumbnails, one logo in full (see [`super::logos`]).
    Logos(LogosCommand),
    /// Accounts and keys (see [`super::accounts`]).
    Accounts(AccountsCommand),
    /// The designer's flow: upload, the draft editor, commit (see [`super::editor`]).
    Editor(EditorCommand),
    /// The account manager's flow: drafts, placing, tracking (see [`super::orders`]).
    Orders(OrdersCommand),
    /// Designs: open one, clone it (see [`super::designs`]).
    Designs(DesignsCommand),
    /// Vectorize tasks: track, remove (see [`super::tasks`]).
    Tasks(TasksCommand),
    /// Roster proofs, proof sheets and order confirmations (see [`super::proofs`]).
    Proofs(ProofsCommand),
    /// The offline copies: their size, emptying them (see [`super::cache`]).
    Cache(CacheCommand),
    /// The team database: save, test, forget (see [`super::team`]).
    Team(TeamCommand),
}

/// What the backend tells the UI, inside an [`Envelope`]. Every envelope is followed by a
/// call of the backend's [`super::Waker`].
#[derive(strum::IntoStaticStr)]
pub enum Event {
    /// Start-up finished: the accounts, the keychain's state, the embedded sandbox's
    /// address (if it runs) and its demo data. An [`Event::AccountActivated`] follows.
    Ready {
        accounts: Vec<AccountRecord>,
        keychain: KeychainStatus,
        sandbox_url: Option<String>,
        sandbox_demo: Box<super::SandboxDemo>,
    },
    /// This account is now active under `generation`; drop everything older and reload.
    /// `problem` says why its requests will fail (e.g. no key), if it is known already;
    /// `key_missing`: this computer has no key for it yet (a team's account another desk
    /// added).
    AccountActivated {
        generation: Generation,
        account: AccountRecord,
        base_url: String,
        problem: Option<UserError>,
        key_missing: bool,
    },
    /// A request failed (the envelope says which, and for which account generation).
    Failed(UserError),
    /// The screenshot file was written (a file that could not be is an [`Event::Failed`]).
    ScreenshotSaved {
        path: PathBuf,
    },
    /// A decoded, downscaled thumbnail (of the gallery, a design, …).
    Thumbnail(Thumbnail),
    Logos(LogosEvent),
    Accounts(AccountsEvent),
    Editor(EditorEvent),
    Orders(OrdersEvent),
    Designs(DesignsEvent),
    Tasks(TasksEvent),
    Proofs(ProofsEvent),
    Cache(CacheEvent),
    Team(TeamEvent),
}

/// An event with the generation and request it answers: what the UI drains.
pub type Envelope = Answer<Event>;

impl Command {
    /// The request the command answers, if any: a failure of its feature's handling is
    /// addressed to it, so the screen waiting for that request stops waiting.
    pub fn request(&self) -> Option<RequestId> {
        match self {
            Command::SwitchAccount { .. } | Command::SaveScreenshot { .. } => None,
            Command::Logos(c) => c.request(),
            Command::Accounts(c) => c.request(),
            Command::Editor(c) => c.request(),
            Command::Orders(c) => c.request(),
            Command::Designs(c) => c.request(),
            Command::Tasks(c) => c.request(),
            Command::Proofs(c) => c.request(),
            Command::Cache(c) => c.request(),
            Command::Team(c) => c.request(),
        }
    }
}

impl fmt::Debug for Command {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Command::Logos(c) => write!(f, "Logos::{c:?}"),
            Command::Accounts(c) => write!(f, "Accounts::{c:?}"),
            Command::Editor(c) => write!(f, "Editor::{c:?}"),
            Command::Orders(c) => write!(f, "Orders::{c:?}"),
            Command::Designs(c) => write!(f, "Designs::{c:?}"),
            Command::Tasks(c) => write!(f, "Tasks::{c:?}"),
            Command::Proofs(c) => write!(f, "Proofs::{c:?}"),
            Command::Cache(c) => write!(f, "Cache::{c:?}"),
            Command::Team(c) => write!(f, "Team::{c:?}"),
            other => f.write_str(other.into()),
        }
    }
}

impl fmt::Debug for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Event::Logos(e) => write!(f, "Logos::{e:?}"),
            Event::Accounts(e) => write!(f, "Accounts::{e:?}"),
            Event::Editor(e) => write!(f, "Editor::{e:?}"),
            Event::Orders(e) => write!(f, "Orders::{e:?}"),
            Event::Designs(e) => write!(f, "Designs::{e:?}"),
            Event::Tasks(e) => write!(f, "Tasks::{e:?}"),
            Event::Proofs(e) => write!(f, "Proofs::{e:?}"),
            Event::Cache(e) => write!(f, "Cache::{e:?}"),
            Event::Team(e) => write!(f, "Team::{e:?}"),
            other => f.write_str(other.into()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::{ApiKey, AuthStyle};
    use crate::backend::accounts::{AccountDraft, WaitingOrders};
    use crate::backend::support::RequestId;

    #[test]
    fn debug_prints_the_variant_name_only() {
        let cmd = Command::Accounts(AccountsCommand::Save {
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
        });
        assert_eq!(format!("{cmd:?}"), "Accounts::Save");
        let ev = Event::Failed(UserError::new("x", None));
        assert_eq!(format!("{ev:?}"), "Failed");
        let envelope = Envelope {
            generation: None,
            request: Some(RequestId(2)),
            event: ev,
        };
        assert!(!format!("{envelope:?}").contains('x'));
    }
}
