//! The background runtime owned by the app: a small tokio runtime on worker threads that talks
//! to the service, the local database, the keychain and the embedded sandbox.
//!
//! The UI sends [`Command`]s with [`Backend::send`] and drains [`Envelope`]s with
//! [`Backend::try_recv`] once per frame; every envelope sent calls the [`Waker`] the
//! backend was started with (the window's asks egui for a repaint). Each carries the [`RequestId`] and account [`Generation`] it
//! belongs to, so the UI drops stale ones in one place.
//!
//! Layout: one module per feature ([`logos`], [`accounts`], [`editor`], [`orders`],
//! [`designs`], [`tasks`], [`proofs`], [`cache`]), each with its own command and event enums and the same surface
//! (`new`, `activate(&Active)`, `handle(command)`); [`protocol`] wraps their enums; the
//! worker only dispatches; [`support`] is what they all stand on. Imports only go down:
//! worker → features → support.

pub mod accounts;
pub mod cache;
pub mod demo;
pub mod designs;
pub mod editor;
pub mod logos;
pub mod orders;
pub mod proofs;
pub mod protocol;
mod startup;
pub mod support;
pub mod tasks;
pub mod team;
mod waker;
mod worker;

pub use accounts::{
    AccountDraft, AccountsCommand, AccountsEvent, ConnectionReport, WaitingOrders,
    validate_base_url,
};
pub use demo::{SandboxDemo, demo_form};
pub use logos::{Lister, LogoDetail, LogosCommand, LogosEvent};
pub use protocol::{Command, Envelope, Event};
pub use support::dialog::{DialogParent, FileDialog, OpenRequest, SaveRequest};
pub use support::downloads::{SaveTo, file_name_part};
pub use support::{CardPage, Generation, LogoCard, LogoRef, RequestId, ThumbKey, UserError};
pub use waker::Waker;

use crate::api::RetryPolicy;
use crate::keychain::Keychain;
use crate::sandbox::SandboxConfig;
use crate::store::{AccountId, AccountRecord};
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::mpsc as std_mpsc;
use std::time::Duration;
use tokio::sync::mpsc;

/// Where the local database lives.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StoreLocation {
    /// A file (normally `logodesk.sqlite` in the data folder).
    File(PathBuf),
    /// Memory only (tests, benchmarks).
    InMemory,
}

/// Which account to activate at start.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum StartAccount {
    /// The built-in sandbox account.
    #[default]
    Sandbox,
    /// This account, if it still exists (else the sandbox).
    Id(AccountId),
    /// The account with this name, case-insensitively (else the sandbox).
    Name(String),
}

impl StartAccount {
    /// The account among `accounts` this start names; `None` for the sandbox, or when the
    /// named account is not there.
    pub fn pick<'a>(&self, accounts: &'a [AccountRecord]) -> Option<&'a AccountRecord> {
        match self {
            StartAccount::Sandbox => None,
            StartAccount::Id(id) => accounts.iter().find(|a| a.id == *id),
            StartAccount::Name(name) => accounts
                .iter()
                .find(|a| a.name.trim().eq_ignore_ascii_case(name.trim())),
        }
    }
}

/// How the backend is set up.
#[derive(Clone)]
pub struct BackendConfig {
    pub store: StoreLocation,
    /// The embedded sandbox to start, or `None` for none (its account then reports that).
    pub sandbox: Option<SandboxConfig>,
    /// Where keys live; [`Keychain::system`] is probed at start when `None`.
    pub keychain: Option<Keychain>,
    pub start_account: StartAccount,
    /// Retries of the API client (tests shorten them).
    pub retry: RetryPolicy,
    /// Worker threads of the runtime.
    pub worker_threads: usize,
    /// Pause between two polls of a pending order (the spec recommends 5 s).
    pub order_poll: Duration,
    /// Pause between two polls of a pending vectorize task.
    pub task_poll: Duration,
    /// A folder exports (CSV, PDF) are saved in without asking (tests, benchmarks); `None`:
    /// a "Save as…" dialog asks, opening on the last folder used, else Downloads.
    pub downloads: Option<PathBuf>,
    /// What answers "Open" and "Save as…" (when no fixed folder is set): the system's dialog
    /// when `None` (tests answer for the person).
    pub file_dialog: Option<Arc<dyn FileDialog>>,
    /// The window the system's file dialogs belong to; `None` without a window.
    pub dialog_parent: Option<DialogParent>,
    /// Join the data folder's team database before anything starts, failing the start if it
    /// cannot be reached (a sender without a window: its work is the team's outbox). The app
    /// joins in the background instead and shows this desk's own data meanwhile.
    pub join_team_at_start: bool,
}

impl BackendConfig {
    /// The app's defaults for a data folder: `logodesk.sqlite` and the sandbox's persistent
    /// `sandbox.sqlite` there, live-like placement delay, the system keychain.
    pub fn in_data_dir(dir: &std::path::Path) -> BackendConfig {
        BackendConfig {
            store: StoreLocation::File(dir.join("logodesk.sqlite")),
            sandbox: Some(SandboxConfig {
                data: Some(dir.join("sandbox.sqlite")),
                ..SandboxConfig::default()
            }),
            keychain: None,
            start_account: StartAccount::Sandbox,
            retry: RetryPolicy::default(),
            worker_threads: 2,
            order_poll: Duration::from_secs(5),
            task_poll: Duration::from_secs(5),
            downloads: None,
            file_dialog: None,
            dialog_parent: None,
            join_team_at_start: false,
        }
    }

    /// Everything in memory, a fast ephemeral sandbox, quick retries: for tests.
    pub fn ephemeral(keychain: Keychain) -> BackendConfig {
        BackendConfig {
            store: StoreLocation::InMemory,
            sandbox: Some(SandboxConfig::fast()),
            keychain: Some(keychain),
            start_account: StartAccount::Sandbox,
            retry: RetryPolicy::default()
                .with_max_retries(1)
                .with_base_delay(Duration::from_millis(10))
                .with_max_delay(Duration::from_millis(50)),
            worker_threads: 2,
            order_poll: Duration::from_secs(5),
            task_poll: Duration::from_secs(5),
            downloads: None,
            file_dialog: None,
            dialog_parent: None,
            join_team_at_start: false,
        }
    }
}

/// Failures to start the backend.
#[derive(Debug, thiserror::Error)]
pub enum BackendError {
    #[error("{}", crate::tr!("backend-runtime-failed", reason = .0.to_string()))]
    Runtime(#[from] std::io::Error),
}

/// Sends envelopes to the UI and wakes it.
#[derive(Clone)]
pub(crate) struct EventSink {
    tx: std_mpsc::Sender<Envelope>,
    waker: Waker,
}

impl EventSink {
    pub(crate) fn send(&self, envelope: Envelope) {
        // Fails only when the UI is gone (shutting down); nothing is left to tell then.
        self.tx.send(envelope).ok();
        self.waker.wake();
    }
}

/// The UI's handle on the background runtime. Dropping it stops the runtime (the embedded
/// sandbox writes its last changes first).
pub struct Backend {
    commands: mpsc::UnboundedSender<Command>,
    events: std_mpsc::Receiver<Envelope>,
    runtime: Option<tokio::runtime::Runtime>,
    worker: Option<tokio::task::JoinHandle<()>>,
    next_request: u64,
}

impl Backend {
    /// Starts the runtime and the start-up work (database, sandbox, keychain, first account);
    /// `waker` is called after every envelope sent.
    pub fn start(config: BackendConfig, waker: Waker) -> Result<Backend, BackendError> {
        let runtime = support::lanes::runtime(config.worker_threads)?;
        let (commands, rx) = mpsc::unbounded_channel();
        let (tx, events) = std_mpsc::channel();
        let sink = EventSink { tx, waker };
        let worker = runtime.spawn(worker::run(config, sink, rx));
        Ok(Backend {
            commands,
            events,
            runtime: Some(runtime),
            worker: Some(worker),
            next_request: 0,
        })
    }

    /// A fresh request id.
    pub fn next_request(&mut self) -> RequestId {
        self.next_request += 1;
        RequestId(self.next_request)
    }

    /// Sends a command; never blocks.
    pub fn send(&self, command: Command) {
        tracing::debug!(?command, "command");
        // Fails only once the worker has stopped (shutdown); the command is moot then.
        self.commands.send(command).ok();
    }

    /// The next pending envelope, if any; never blocks.
    pub fn try_recv(&self) -> Option<Envelope> {
        self.events.try_recv().ok()
    }

    /// Stops the worker (which shuts the sandbox down cleanly) and the runtime, waiting at
    /// most `timeout`.
    pub fn shutdown(&mut self, timeout: Duration) {
        let Some(runtime) = self.runtime.take() else {
            return;
        };
        // Closing the channel ends the worker's loop; it then stops the sandbox.
        let (closed, _) = mpsc::unbounded_channel();
        drop(std::mem::replace(&mut self.commands, closed));
        if let Some(worker) = self.worker.take() {
            let waited = runtime.block_on(async { tokio::time::timeout(timeout, worker).await });
            if waited.is_err() {
                tracing::warn!("the background worker did not stop in time");
            }
        }
        runtime.shutdown_timeout(timeout);
    }
}

impl Drop for Backend {
    fn drop(&mut self) {
        self.shutdown(Duration::from_secs(3));
    }
}
