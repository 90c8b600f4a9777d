//! Serving the router over HTTP/1.1 so that no slow client can hold the sandbox: hyper's
//! connection builder with a timer, instead of `axum::serve` (which has no knobs for this).
//!
//! | limit | default | what happens |
//! |---|---|---|
//! | [`ServeLimits::header_read_timeout`] | 10 s | a request head (request line and headers) not complete 10 s after the connection was accepted closes the connection |
//! | idle keep-alive | 10 s (the same clock) | hyper starts the next head's clock as soon as an answer is sent, so a kept-alive connection that sends nothing for 10 s is closed |
//! | [`ServeLimits::body_read_timeout`] | 20 s | a request body not complete 20 s after its head is answered `408 Request Timeout` |
//! | [`ServeLimits::write_timeout`] | 10 s | a client that takes no byte of its answer for 10 s is disconnected |
//! | [`ServeLimits::max_connections`] | 256 | further connections wait in the listen queue (they are not accepted) until one closes |
//! | [`super::routes::REQUEST_TIMEOUT`] | 30 s | a handler that takes longer is answered `503` |
//!
//! Every connection therefore ends within bounded time, which also bounds
//! [`super::SandboxHandle::shutdown`]: it stops accepting, lets in-flight requests finish, closes
//! idle connections and waits until every connection has ended.

use std::io;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Duration;

use axum::Router;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{Semaphore, watch};
use tokio::time::Sleep;

/// How long the accept loop pauses after the operating system refused a connection (e.g. out
/// of file descriptors), so that it does not spin while the condition lasts.
const ACCEPT_ERROR_PAUSE: Duration = Duration::from_millis(100);

/// The largest connection cap taken (more than any system's open-file limit).
const MAX_CAP: u32 = 1 << 20;

/// The limits that keep one slow or stalled client from holding the sandbox (see the module
/// documentation for what each does).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ServeLimits {
    /// Longest time from accepting a connection, or from the end of the previous answer on a
    /// kept-alive connection, until a request's head is complete.
    pub header_read_timeout: Duration,
    /// Longest time from a request's head until its whole body has arrived.
    pub body_read_timeout: Duration,
    /// Longest time a client may leave its answer unread before it is disconnected.
    pub write_timeout: Duration,
    /// Most connections served at once (1 to 2²⁰); more wait to be accepted.
    pub max_connections: usize,
}

impl Default for ServeLimits {
    /// 10 s to send a head (and the idle keep-alive limit), 20 s for a body, 10 s to take
    /// an answer, 256 connections.
    fn default() -> Self {
        ServeLimits {
            header_read_timeout: Duration::from_secs(10),
            body_read_timeout: Duration::from_secs(20),
            write_timeout: Duration::from_secs(10),
            max_connections: 256,
        }
    }
}

/// Serves `app` on `listener` under `limits` until `stop` changes (or its sender is dropped),
/// then stops accepting, shuts every connection down gracefully and waits for them to end.
pub async fn serve(
    listener: TcpListener,
    app: Router,
    limits: ServeLimits,
    mut stop: watch::Receiver<bool>,
) {
    let cap = u32::try_from(limits.max_connections)
        .unwrap_or(MAX_CAP)
        .clamp(1, MAX_CAP);
    let permits = Arc::new(Semaphore::new(cap as usize));
    let mut http = http1::Builder::new();
    http.timer(TokioTimer::new())
        .header_read_timeout(limits.header_read_timeout)
        .keep_alive(true);
    loop {
        // A permit first: beyond the cap, connections wait in the listen queue.
        let permit = tokio::select! {
            p = permits.clone().acquire_owned() => match p {
                Ok(p) => p,
                Err(_) => break,
            },
            _ = stop.changed() => break,
        };
        let (tcp, peer) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(a) => a,
                Err(e) => {
                    tracing::warn!(error = %e, "sandbox could not accept a connection");
                    tokio::time::sleep(ACCEPT_ERROR_PAUSE).await;
                    continue;
                }
            },
            _ = stop.changed() => break,
        };
        if let Err(e) = tcp.set_nodelay(true) {
            tracing::debug!(error = %e, "TCP_NODELAY not set");
        }
        let io = TokioIo::new(WriteTimeout::new(tcp, limits.write_timeout));
        let conn = http.serve_connection(io, TowerToHyperService::new(app.clone()));
        let mut stop = stop.clone();
        tokio::spawn(async move {
            let _permit = permit;
            tokio::pin!(conn);
            let result = tokio::select! {
                r = conn.as_mut() => r,
                _ = stop.changed() => {
                    conn.as_mut().graceful_shutdown();
                    conn.await
                }
            };
            if let Err(e) = result {
                tracing::debug!(%peer, error = %e, "sandbox connection ended with an error");
            }
        });
    }
    drop(listener);
    // Every connection holds a permit until it ends: having them all back means all ended.
    if permits.acquire_many(cap).await.is_err() {
        tracing::warn!("sandbox stopped without waiting for its connections");
    }
}

/// A TCP stream whose writes fail with `TimedOut` when the peer takes none of them for
/// `timeout` (a client that stopped reading its answer), so the connection is closed.
struct WriteTimeout {
    inner: TcpStream,
    timeout: Duration,
    stalled: Option<Pin<Box<Sleep>>>,
}

impl WriteTimeout {
    fn new(inner: TcpStream, timeout: Duration) -> Self {
        WriteTimeout {
            inner,
            timeout,
            stalled: None,
        }
    }

    /// Passes a finished write through (and forgets the stall); a pending one arms the stall
    /// clock and fails once it has run out.
    fn check<T>(&mut self, cx: &mut Context<'_>, poll: Poll<io::Result<T>>) -> Poll<io::Result<T>> {
        if poll.is_ready() {
            self.stalled = None;
            return poll;
        }
        let timeout = self.timeout;
        let clock = self
            .stalled
            .get_or_insert_with(|| Box::pin(tokio::time::sleep(timeout)));
        match clock.as_mut().poll(cx) {
            Poll::Ready(()) => Poll::Ready(Err(io::Error::new(
                io::ErrorKind::TimedOut,
                format!("the client took no byte of its answer for {timeout:?}"),
            ))),
            Poll::Pending => Poll::Pending,
        }
    }
}

impl AsyncRead for WriteTimeout {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        Pin::new(&mut self.inner).poll_read(cx, buf)
    }
}

impl AsyncWrite for WriteTimeout {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        let poll = Pin::new(&mut self.inner).poll_write(cx, buf);
        self.check(cx, poll)
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        let poll = Pin::new(&mut self.inner).poll_write_vectored(cx, bufs);
        self.check(cx, poll)
    }

    fn is_write_vectored(&self) -> bool {
        self.inner.is_write_vectored()
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let poll = Pin::new(&mut self.inner).poll_flush(cx);
        self.check(cx, poll)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let poll = Pin::new(&mut self.inner).poll_shutdown(cx);
        self.check(cx, poll)
    }
}
