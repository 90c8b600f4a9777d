//! The background runtime owned by the app: a small tokio runtime on worker threads that talks
//! to the service, the local database, the keychain and the embedded sandbox.
//!
//! The UI sends [`Command`]s with [`Backend::send`] and drains [`Event`]s with
//! [`Backend::try_recv`] once per frame; every event sent wakes the UI with
//! `ctx.request_repaint()`. Answers carry the [`RequestId`] and account [`Generation`] they
//! belong to, so the UI drops stale ones.

pub mod designs;
pub mod editor;
pub mod orders;
mod pictures;
mod protocol;
pub mod tasks;
mod worker;

pub use pictures::{THUMB_SIDE, decode_thumbnail};
pub use protocol::*;

use crate::api::RetryPolicy;
use crate::keychain::Keychain;
use crate::sandbox::SandboxConfig;
use crate::store::AccountId;
use std::path::PathBuf;
use std::sync::mpsc as std_mpsc;
use std::time::Duration;
use tokio::sync::mpsc;
use url::Url;

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
        }
    }
}

/// Failures to start the backend.
#[derive(Debug, thiserror::Error)]
pub enum BackendError {
    #[error("logodesk could not start its background workers ({0}). Restart logodesk.")]
    Runtime(#[from] std::io::Error),
}

/// Sends events to the UI and wakes it.
#[derive(Clone)]
pub(crate) struct EventSink {
    tx: std_mpsc::Sender<Event>,
    ctx: egui::Context,
}

impl EventSink {
    pub(crate) fn send(&self, event: Event) {
        // Fails only when the UI is gone (shutting down); nothing is left to tell then.
        self.tx.send(event).ok();
        self.ctx.request_repaint();
    }
}

/// The UI's handle on the background runtime. Dropping it stops the runtime (the embedded
/// sandbox writes its last changes first).
pub struct Backend {
    commands: mpsc::UnboundedSender<Command>,
    events: std_mpsc::Receiver<Event>,
    runtime: Option<tokio::runtime::Runtime>,
    worker: Option<tokio::task::JoinHandle<()>>,
    next_request: u64,
}

impl Backend {
    /// Starts the runtime and the start-up work (database, sandbox, keychain, first account).
    pub fn start(config: BackendConfig, ctx: egui::Context) -> Result<Backend, BackendError> {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(config.worker_threads.max(1))
            .max_blocking_threads(4)
            .thread_name("logodesk-backend")
            .enable_all()
            .build()?;
        let (commands, rx) = mpsc::unbounded_channel();
        let (tx, events) = std_mpsc::channel();
        let sink = EventSink { tx, ctx };
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

    /// The next pending event, if any; never blocks.
    pub fn try_recv(&self) -> Option<Event> {
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

/// Checks a service address as a person typed it: a full `https://` address, or `http://`
/// for loopback hosts only (a local sandbox). Answers the normalised URL or a sentence.
pub fn validate_base_url(text: &str) -> Result<Url, String> {
    let text = text.trim();
    if text.is_empty() {
        return Err("Enter the service address, e.g. https://api.example.com/.".into());
    }
    let url = Url::parse(text).map_err(|e| {
        format!("\"{text}\" is not a valid address ({e}); enter a full address such as https://api.example.com/.")
    })?;
    let loopback = match url.host() {
        Some(url::Host::Domain(d)) => d.eq_ignore_ascii_case("localhost"),
        Some(url::Host::Ipv4(ip)) => ip.is_loopback(),
        Some(url::Host::Ipv6(ip)) => ip.is_loopback(),
        None => false,
    };
    match url.scheme() {
        "https" => {}
        "http" if loopback => {}
        "http" => {
            return Err(
                "Use https:// for this address: the API key must not travel unencrypted (http:// is allowed only for this computer, e.g. http://127.0.0.1:8787/).".into(),
            );
        }
        other => {
            return Err(format!(
                "\"{other}://\" is not a web address; use https://, e.g. https://api.example.com/."
            ));
        }
    }
    if url.host_str().is_none_or(str::is_empty) {
        return Err("The address names no host; enter e.g. https://api.example.com/.".into());
    }
    if !url.username().is_empty() || url.password().is_some() {
        return Err(
            "The address must not contain a user name or password; put the API key in its own field.".into(),
        );
    }
    if url.query().is_some() || url.fragment().is_some() {
        return Err("Remove the part after ? or # from the address.".into());
    }
    Ok(url)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base_urls_need_https_except_on_loopback() {
        assert!(validate_base_url("https://api.example.com").is_ok());
        assert!(validate_base_url(" https://api.example.com/prefix/ ").is_ok());
        assert!(validate_base_url("http://127.0.0.1:8787/").is_ok());
        assert!(validate_base_url("http://localhost:8787").is_ok());
        assert!(validate_base_url("http://[::1]:8787/").is_ok());
        let plain = validate_base_url("http://api.example.com").unwrap_err();
        assert!(plain.contains("https://"), "{plain}");
        assert!(validate_base_url("").is_err());
        assert!(validate_base_url("api.example.com").is_err());
        assert!(validate_base_url("ftp://api.example.com").is_err());
        assert!(validate_base_url("https://user:pw@api.example.com").is_err());
        assert!(validate_base_url("https://api.example.com/?key=1").is_err());
    }
}
