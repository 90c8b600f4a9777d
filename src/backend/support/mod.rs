//! What every backend feature stands on, and nothing that knows a feature: the ids that tag
//! answers, the error a person sees, the typed way a feature's answers reach the UI, the lanes
//! of blocking work (the database's; PDFs and big decodes; the rest), the active account,
//! clients, pictures, polling and the design look-up two features share. Features import from here; this imports no
//! feature, so imports inside `backend/` only go down.

mod cards;
pub mod clients;
pub mod dialog;
pub mod disk_cache;
pub mod downloads;
mod error;
pub mod fetch;
pub mod lanes;
pub mod pictures;
pub mod poll;

pub use cards::{CardPage, LogoCard, LogoRef, ThumbKey};
pub use error::UserError;
pub use lanes::{SharedStore, blocking, heavy, with_store, with_team_store};

use crate::api::Client;
use crate::store::{AccountId, AccountRecord};
use std::sync::Arc;

/// Identifies one request of the UI, so that only the answer to the newest one is shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct RequestId(pub u64);

/// Counts account activations. Everything tagged with an older generation belongs to an
/// account that is no longer shown and is dropped.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Generation(pub u64);

/// The one envelope every answer of the backend travels in: the account generation it
/// belongs to (`None`: not tied to an account's data) and the request it answers (`None`:
/// news nobody asked for). The UI settles staleness and progress from these two fields,
/// once, before any screen sees the event.
#[derive(Debug)]
pub struct Answer<E> {
    pub generation: Option<Generation>,
    pub request: Option<RequestId>,
    pub event: E,
}

/// A feature's answer: its event, or a failure.
pub type Outcome<E> = Answer<Result<E, UserError>>;

/// Where a feature's answers go: each is wrapped into the UI's event type and sent with a
/// repaint. `Err` answers travel as the protocol's common failure.
pub struct Sink<E> {
    send: Arc<dyn Fn(Outcome<E>) + Send + Sync>,
}

impl<E> Clone for Sink<E> {
    fn clone(&self) -> Self {
        Sink {
            send: self.send.clone(),
        }
    }
}

impl<E> Sink<E> {
    /// A sink that hands every answer to `send`.
    pub fn new(send: impl Fn(Outcome<E>) + Send + Sync + 'static) -> Sink<E> {
        Sink {
            send: Arc::new(send),
        }
    }

    /// Sends `event` for account data of `generation`, answering `request`.
    pub fn answer(&self, generation: Generation, request: RequestId, event: E) {
        self.emit(Some(generation), Some(request), Ok(event));
    }

    /// Answers `request` with its event, or with its failure (the protocol's common one):
    /// events carry successes only.
    pub fn reply(&self, generation: Generation, request: RequestId, result: Result<E, UserError>) {
        self.emit(Some(generation), Some(request), result);
    }

    /// Sends `event` for account data of `generation`, asked by nobody.
    pub fn news(&self, generation: Generation, event: E) {
        self.emit(Some(generation), None, Ok(event));
    }

    /// Sends `event`, tied to no account and no request.
    pub fn notice(&self, event: E) {
        self.emit(None, None, Ok(event));
    }

    /// Reports that `request` (or work of `generation`) failed. The error is passed on, not
    /// logged: whoever receives it handles it once.
    pub fn fail(
        &self,
        generation: Option<Generation>,
        request: Option<RequestId>,
        error: UserError,
    ) {
        self.emit(generation, request, Err(error));
    }

    /// Sends anything, as tagged.
    pub fn emit(
        &self,
        generation: Option<Generation>,
        request: Option<RequestId>,
        event: Result<E, UserError>,
    ) {
        (self.send)(Answer {
            generation,
            request,
            event,
        });
    }
}

/// The account shown, as every feature sees it after an activation: its id and record, the
/// generation its answers carry and its client (or why there is none).
#[derive(Clone)]
pub struct Active {
    pub record: AccountRecord,
    pub generation: Generation,
    pub client: Result<Client, UserError>,
}

impl Active {
    /// The account's id.
    pub fn account(&self) -> AccountId {
        self.record.id
    }

    /// Its client, or the sentence why there is none.
    pub fn client(&self) -> Result<Client, UserError> {
        self.client.clone()
    }
}

/// The active account, or the sentence for a command that came before any activation.
pub fn active(active: &Option<Active>) -> Result<&Active, UserError> {
    active
        .as_ref()
        .ok_or_else(|| UserError::new(crate::tr!("backend-no-account-yet"), None))
}

/// What a feature asks of the worker: work that touches every feature, done after the
/// command at hand and before the next one.
#[derive(Debug)]
pub enum WorkerRequest {
    /// Make this account the active one (every feature is activated anew).
    Activate(Box<AccountRecord>),
    /// Run an outbox for every account with orders to send or track (and none for an
    /// account that is gone).
    SyncOutboxes,
    /// The team database was attached (or let go: `moved` empty and no team): the accounts
    /// changed, and each of this desk's accounts in `moved` is the team account beside it now.
    TeamAttached(Vec<(AccountId, AccountId)>),
    /// Another desk (or this one) changed these tables of the team database.
    TeamChanged(std::collections::BTreeSet<String>),
    /// Read the active account's lists of orders again (another desk's mark on a draft lapsed).
    ReadLists,
}

/// A feature's line to the worker.
#[derive(Clone)]
pub struct WorkerLink(tokio::sync::mpsc::UnboundedSender<WorkerRequest>);

impl WorkerLink {
    pub fn new(tx: tokio::sync::mpsc::UnboundedSender<WorkerRequest>) -> WorkerLink {
        WorkerLink(tx)
    }

    /// Asks; a worker that has stopped has nothing left to do.
    pub fn ask(&self, request: WorkerRequest) {
        self.0.send(request).ok();
    }
}

/// Stops an account's outbox (its settings are about to change, or it is going away); the
/// orders feature runs the outboxes, the accounts feature changes accounts.
pub type StopOutbox = Arc<dyn Fn(AccountId) + Send + Sync>;

/// Declares `Debug` for an enum as its variant's name only (from `strum::IntoStaticStr`):
/// commands and events can hold API keys or pixels, which must never reach a log.
macro_rules! debug_as_name {
    ($($ty:ty),+ $(,)?) => {$(
        impl ::std::fmt::Debug for $ty {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                f.write_str(<&'static str>::from(self))
            }
        }
    )+};
}
pub(crate) use debug_as_name;
