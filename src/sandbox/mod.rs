//! The sandbox: a stateful emulator of the whole service API over real HTTP (axum).
//!
//! - [`spawn`] binds a listener and serves [`router`] in a tokio task under [`ServeLimits`]
//!   (timeouts and a connection cap, see [`serve`]), returning a [`SandboxHandle`] with the
//!   real address and a graceful [`SandboxHandle::shutdown`].
//! - [`SandboxState`] holds every entity in memory (the source of truth) with write-through
//!   to SQLite when [`SandboxConfig::data`] is set; a change that cannot be written is undone
//!   and answered 503, never reported as failed after it was applied (see [`state`]). One
//!   sandbox at a time uses a data file: it holds an exclusive lock on `<file>.lock` beside it.
//! - [`fixtures()`] names the deterministic demo ids and keys. `GET /sandbox/fixtures` serves
//!   them only with [`SandboxConfig::expose_fixtures`] and a valid key of the sandbox.
//!
//! Choices where the spec says "not shown" are recorded in `docs/spec-gaps.md`.

pub mod artwork;
pub mod auth;
pub mod designs;
pub mod error;
pub mod faults;
pub mod fixtures;
pub mod garments;
pub mod inks;
pub mod logos;
pub mod orders;
pub mod persist;
pub mod pictures;
pub mod pricing;
mod routes;
pub mod serve;
pub mod state;
pub mod vectorize;

#[cfg(test)]
mod tests;

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};
use std::path::PathBuf;
use std::time::Duration;

use tokio::sync::watch;
use tokio::task::JoinHandle;

pub use error::SandboxError;
pub use fixtures::{Fixtures, fixtures};
pub use routes::router;
pub use serve::ServeLimits;
pub use state::SandboxState;

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
}

impl Default for SandboxConfig {
    /// `127.0.0.1:0`, in memory, live-like placement delay, 60 s vectorize delay, no faults,
    /// no `/sandbox/fixtures`, the default [`ServeLimits`].
    fn default() -> Self {
        SandboxConfig {
            listen: SocketAddr::from((Ipv4Addr::LOCALHOST, 0)),
            data: None,
            placement_delay: None,
            vectorize_delay: Duration::from_secs(60),
            fault_rate: 0.0,
            expose_fixtures: false,
            limits: ServeLimits::default(),
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

/// A running sandbox. Dropping it without [`SandboxHandle::shutdown`] still stops the server
/// (without waiting for it).
#[derive(Debug)]
pub struct SandboxHandle {
    addr: SocketAddr,
    state: SandboxState,
    stop: Option<watch::Sender<bool>>,
    server: Option<JoinHandle<()>>,
    ticker: Option<JoinHandle<()>>,
}

/// Builds the state (locking, opening or seeding the database), binds `config.listen` and
/// serves the sandbox in a tokio task, with a background task finishing due orders and
/// vectorize tasks.
///
/// # Errors
/// [`SandboxError::InUse`] when another sandbox holds the data file; otherwise the database
/// or the listener failed.
pub async fn spawn(config: SandboxConfig) -> Result<SandboxHandle, SandboxError> {
    let cfg = config.clone();
    let state = tokio::task::spawn_blocking(move || SandboxState::new(&cfg))
        .await
        .map_err(|e| SandboxError::Internal(format!("sandbox start-up failed: {e}")))??;
    let listener = tokio::net::TcpListener::bind(config.listen).await?;
    let addr = listener.local_addr()?;
    let (stop, stopped) = watch::channel(false);
    let app = router(state.clone());
    let server = tokio::spawn(serve::serve(listener, app, config.limits.clone(), stopped));
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
    tracing::info!(%addr, persistent = config.data.is_some(), "sandbox listening");
    Ok(SandboxHandle {
        addr,
        state,
        stop: Some(stop),
        server: Some(server),
        ticker: Some(ticker),
    })
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

    /// Stops accepting connections, lets in-flight requests finish (each is bounded by the
    /// [`ServeLimits`] and a 30 s request timeout), closes idle connections and waits until
    /// every connection has ended.
    /// When it returns, nothing holds the data file any more: another sandbox may open it.
    pub async fn shutdown(mut self) {
        if let Some(t) = self.ticker.take() {
            t.abort();
            // Waits until the aborted task (and its clone of the state) is gone.
            t.await.ok();
        }
        if let Some(stop) = self.stop.take() {
            stop.send(true).ok();
        }
        if let Some(server) = self.server.take()
            && let Err(e) = server.await
        {
            tracing::error!(error = %e, "sandbox server task failed");
        }
        if let Err(e) = self.state.flush() {
            tracing::error!(error = %e, "sandbox could not write its last changes");
        }
        tracing::info!(addr = %self.addr, "sandbox stopped");
    }
}

impl Drop for SandboxHandle {
    fn drop(&mut self) {
        if let Some(t) = self.ticker.take() {
            t.abort();
        }
        if let Some(stop) = self.stop.take() {
            stop.send(true).ok();
        }
    }
}
