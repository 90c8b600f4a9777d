//! The sandbox: a stateful emulator of the whole service API over real HTTP (axum).
//!
//! - [`spawn`] starts a thread with the sandbox's own tokio runtime (two workers, three
//!   threads for heavy work), binds a listener and serves [`router`] there under [`ServeLimits`]
//!   (timeouts, a connection cap, a smaller share and a short idle limit for connections
//!   without a key, see [`serve`]), returning a [`SandboxHandle`] with the real address and a
//!   graceful, bounded [`SandboxHandle::shutdown`]. Nothing of the sandbox runs on the runtime
//!   of the app that embeds it.
//! - [`SandboxState`] holds every entity in memory (the source of truth) with write-through
//!   to SQLite when [`SandboxConfig::data`] is set; a change that cannot be written is undone
//!   and answered 503, never reported as failed after it was applied (see [`state`]). One
//!   sandbox at a time uses a data file: it holds an exclusive lock on `<file>.lock` beside it.
//! - [`fixtures()`] names the deterministic demo ids and keys. `GET /sandbox/fixtures` serves
//!   them only with [`SandboxConfig::expose_fixtures`] and a valid key of the sandbox.
//!
//! Choices where the spec says "not shown" are recorded in `docs/spec-gaps.md`.

pub mod auth;
pub mod db;
pub mod designs;
pub mod error;
pub mod faults;
pub mod fixtures;
mod ink_colors;
pub mod logos;
pub mod orders;
pub mod persist;
pub mod pictures;
pub mod pricing;
pub mod records;
mod routes;
pub mod serve;
pub mod state;
pub mod styles;
pub mod vectorize;

#[cfg(test)]
mod tests;

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use tokio::sync::{oneshot, watch};

/// The drawing the sandbox shares with the app (garments, demo art, the ink palette) lives in
/// [`crate::imaging`], so the app can draw a design's views itself when a service does not.
pub use crate::imaging::{artwork, garments, inks};
pub use error::SandboxError;
pub use fixtures::{Fixtures, fixtures};
pub use routes::router;
pub use serve::ServeLimits;
pub use state::{SandboxState, UploadLimits};

/// How often the background task moves due orders and tasks on.
const TICK: Duration = Duration::from_millis(250);

/// How a sandbox is started.
#[derive(Debug, Clone, PartialEq)]
pub struct SandboxConfig {
    /// Where to listen; port 0 picks a free port (see [`SandboxHandle::addr`]).
    pub listen: SocketAddr,
    /// SQLite file to persist in; `None` keeps everything in memory.
    pub data: Option<PathBuf>,
    /// Fixed order placement time; `None` = random 3–30 s like the live service.
    pub placement_delay: Option<Duration>,
    /// How long a vectorize task stays `pending`.
    pub vectorize_delay: Duration,
    /// Share (0.0–1.0) of requests that fail after being applied (503 or dropped connection).
    pub fault_rate: f64,
    /// Whether `GET /sandbox/fixtures` (every demo vendor's API key) is served, to callers with
    /// a valid key of this sandbox; otherwise it is a 404 like any unknown path.
    pub expose_fixtures: bool,
    /// Timeouts and the connection cap of the HTTP server.
    pub limits: ServeLimits,
    /// Uploads worked on at once, and how long one waits for its turn.
    pub uploads: UploadLimits,
    /// Features whose endpoints are answered with a bare 404 (no body), as versions of the
    /// service without them answer: to try the app against such a service
    /// (`logodesk sandbox --without design-views`). Empty by default.
    pub without: Vec<crate::api::Feature>,
}

impl Default for SandboxConfig {
    /// `127.0.0.1:0`, in memory, live-like placement delay, 60 s vectorize delay, no faults,
    /// no `/sandbox/fixtures`, the default [`ServeLimits`] and [`UploadLimits`].
    fn default() -> Self {
        SandboxConfig {
            listen: SocketAddr::from((Ipv4Addr::LOCALHOST, 0)),
            data: None,
            placement_delay: None,
            vectorize_delay: Duration::from_secs(60),
            fault_rate: 0.0,
            expose_fixtures: false,
            limits: ServeLimits::default(),
            uploads: UploadLimits::default(),
            without: Vec::new(),
        }
    }
}

impl SandboxConfig {
    /// In memory on a free port, with orders placed after 200 ms and vectorize tasks done
    /// after 500 ms: for tests.
    pub fn fast() -> Self {
        SandboxConfig {
            placement_delay: Some(Duration::from_millis(200)),
            vectorize_delay: Duration::from_millis(500),
            ..Self::default()
        }
    }
}

/// Worker threads of the sandbox's own runtime (accepting, routing, the database).
const WORKER_THREADS: usize = 2;

/// How long the runtime's shutdown waits for heavy work still running after the server
/// stopped (none is left unless a request outlived [`ServeLimits::shutdown_grace`]).
const BLOCKING_GRACE: Duration = Duration::from_millis(500);

/// A running sandbox: its own tokio runtime on threads of its own (named `sandbox…`), so that
/// nothing a client of the sandbox sends can take the threads of the app that embeds it.
/// Dropping it without [`SandboxHandle::shutdown`] still stops the server (without waiting
/// for it).
#[derive(Debug)]
pub struct SandboxHandle {
    addr: SocketAddr,
    state: SandboxState,
    stop: Option<watch::Sender<bool>>,
    /// Tells when the sandbox's thread has stopped the server and its runtime.
    stopped: Option<oneshot::Receiver<()>>,
}

/// What the sandbox's thread hands back once it listens.
type Started = Result<(SocketAddr, SandboxState), SandboxError>;

/// Starts the sandbox on a thread of its own with its own runtime: builds the state (locking,
/// opening or seeding the database), binds `config.listen` and serves the sandbox, with a
/// background task finishing due orders and vectorize tasks. Awaiting this only waits for the
/// start-up to finish; nothing of the sandbox runs on the caller's runtime.
///
/// # Errors
/// [`SandboxError::InUse`] when another sandbox holds the data file; otherwise the runtime,
/// the database or the listener failed.
pub async fn spawn(config: SandboxConfig) -> Result<SandboxHandle, SandboxError> {
    let (started, up) = oneshot::channel();
    let (stop, stopping) = watch::channel(false);
    let (done, stopped) = oneshot::channel();
    let persistent = config.data.is_some();
    std::thread::Builder::new()
        .name("sandbox".into())
        .spawn(move || run(config, started, stopping, done))?;
    let (addr, state) = up.await.map_err(|_| {
        SandboxError::Internal("the sandbox's thread ended before it listened".into())
    })??;
    tracing::info!(%addr, persistent, "sandbox listening");
    Ok(SandboxHandle {
        addr,
        state,
        stop: Some(stop),
        stopped: Some(stopped),
    })
}

/// The sandbox's thread: its runtime serves until `stopping` changes (or its sender is
/// dropped), then is shut down; the state's last changes are written and `done` is told.
fn run(
    config: SandboxConfig,
    started: oneshot::Sender<Started>,
    stopping: watch::Receiver<bool>,
    done: oneshot::Sender<()>,
) {
    // Threads for heavy work (decoding uploads, drawing pictures), apart from the app's
    // blocking pool: one per upload at once, and one more so that other requests' pictures
    // go on meanwhile.
    let blocking_threads = config.uploads.concurrent.max(1) + 1;
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .worker_threads(WORKER_THREADS)
        .max_blocking_threads(blocking_threads)
        .thread_name("sandbox-worker")
        .enable_all()
        .build()
    {
        Ok(rt) => rt,
        Err(e) => {
            started.send(Err(SandboxError::Io(e))).ok();
            return;
        }
    };
    let state = runtime.block_on(serve_until_stopped(config, started, stopping));
    // Heavy work still running (only when a request outlived the grace) is left to end alone.
    runtime.shutdown_timeout(BLOCKING_GRACE);
    if let Some(state) = state {
        if let Err(e) = state.flush() {
            tracing::error!(error = %e, "sandbox could not write its last changes");
        }
        drop(state);
        tracing::info!("sandbox stopped");
    }
    done.send(()).ok();
}

/// Starts the state, the listener and the ticker, tells `started`, and serves until stopped;
/// answers the state to write its last changes, or `None` when start-up failed.
async fn serve_until_stopped(
    config: SandboxConfig,
    started: oneshot::Sender<Started>,
    stopping: watch::Receiver<bool>,
) -> Option<SandboxState> {
    let up = async {
        let cfg = config.clone();
        let state = tokio::task::spawn_blocking(move || SandboxState::new(&cfg))
            .await
            .map_err(|e| SandboxError::Internal(format!("sandbox start-up failed: {e}")))??;
        let listener = tokio::net::TcpListener::bind(config.listen).await?;
        let addr = listener.local_addr()?;
        Ok::<_, SandboxError>((state, listener, addr))
    };
    let (state, listener, addr) = match up.await {
        Ok(up) => up,
        Err(e) => {
            started.send(Err(e)).ok();
            return None;
        }
    };
    if started.send(Ok((addr, state.clone()))).is_err() {
        // Whoever started it is gone: nothing to serve.
        return Some(state);
    }
    let ticking = state.clone();
    let ticker = tokio::spawn(async move {
        let mut every = tokio::time::interval(TICK);
        every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            every.tick().await;
            if let Err(e) = ticking.advance() {
                tracing::error!(error = %e, "sandbox could not advance orders and tasks");
            }
        }
    });
    let keyed = {
        let state = state.clone();
        Arc::new(move |headers: &http::HeaderMap| auth::has_valid_key(&state, headers))
    };
    serve::serve(
        listener,
        router(state.clone()),
        config.limits.clone(),
        keyed,
        stopping,
    )
    .await;
    ticker.abort();
    // Waits until the aborted task (and its clone of the state) is gone.
    ticker.await.ok();
    Some(state)
}

impl SandboxHandle {
    /// The address the sandbox listens on (the real port when 0 was asked for).
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// Base URL for the client, ending in `/`: `http://127.0.0.1:PORT/` (a wildcard listen
    /// address is replaced by loopback).
    pub fn base_url(&self) -> String {
        let ip = match self.addr.ip() {
            IpAddr::V4(v4) if v4.is_unspecified() => IpAddr::V4(Ipv4Addr::LOCALHOST),
            IpAddr::V6(v6) if v6.is_unspecified() => IpAddr::V6(Ipv6Addr::LOCALHOST),
            ip => ip,
        };
        format!("http://{}/", SocketAddr::new(ip, self.addr.port()))
    }

    /// The sandbox's state (shared with the server).
    pub fn state(&self) -> &SandboxState {
        &self.state
    }

    /// Stops accepting connections, lets in-flight requests finish for at most
    /// [`ServeLimits::shutdown_grace`] (then closes them), closes idle connections, stops the
    /// sandbox's runtime and writes the last changes. Bounded: about the grace plus half a
    /// second.
    /// When it returns, nothing holds the data file any more: another sandbox may open it.
    pub async fn shutdown(mut self) {
        if let Some(stop) = self.stop.take() {
            stop.send(true).ok();
        }
        if let Some(stopped) = self.stopped.take()
            && stopped.await.is_err()
        {
            tracing::error!("the sandbox's thread ended without stopping cleanly");
        }
    }
}

impl Drop for SandboxHandle {
    fn drop(&mut self) {
        if let Some(stop) = self.stop.take() {
            stop.send(true).ok();
        }
    }
}
