//! Serving the router over HTTP/1.1 so that no slow client, and no client without a key, can
//! hold the sandbox: hyper's connection builder with a timer, instead of `axum::serve` (which
//! has no knobs for this).
//!
//! | limit | default | what happens |
//! |---|---|---|
//! | [`ServeLimits::header_read_timeout`] | 10 s | a request head (request line and headers) not complete 10 s after the connection was accepted closes the connection |
//! | idle keep-alive | 10 s (the same clock) | hyper starts the next head's clock as soon as an answer is sent, so a kept-alive connection that sends nothing for 10 s is closed |
//! | [`ServeLimits::keyless_idle_timeout`] | 5 s | a connection that has not yet sent a request with a valid key of this sandbox (a *keyless* one) and has no request in flight for 5 s, from its accept or from the end of its last answer, is closed |
//! | [`ServeLimits::max_keyless_connections`] | 128 | keyless connections kept open after an answer: beyond this, the answer to a keyless request closes its connection (`Connection: close`), so between requests keyless clients hold at most half of the slots |
//! | [`ServeLimits::body_read_timeout`] | 20 s | a request body not complete 20 s after its head is answered `408 Request Timeout` |
//! | [`ServeLimits::write_timeout`] | 10 s | a client that takes no byte of its answer for 10 s is disconnected |
//! | [`ServeLimits::max_connections`] | 256 | further connections wait in the listen queue (they are not accepted) until one closes |
//! | [`ServeLimits::shutdown_grace`] | 2 s | after the stop, requests in flight may finish for 2 s; then their connections are closed |
//! | [`super::routes::REQUEST_TIMEOUT`] | 30 s | a handler that takes longer is answered `503` |
//!
//! Every connection therefore ends within bounded time, and
//! [`super::SandboxHandle::shutdown`] within the grace: it stops accepting, closes idle
//! connections, lets in-flight requests finish for the grace and waits until every connection
//! has ended.

use std::convert::Infallible;
use std::future::Future;
use std::io;
use std::pin::Pin;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::task::{Context, Poll};
use std::time::Duration;

use axum::Router;
use axum::body::{Body, HttpBody};
use axum::http::header::CONNECTION;
use axum::http::{HeaderMap, HeaderValue, Request, Response};
use bytes::Bytes;
use hyper::body::{Frame, Incoming, SizeHint};
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::TcpListener;
use tokio::sync::{Semaphore, watch};
use tokio::time::{Instant, Sleep};
use tower::ServiceExt as _;

/// How long the accept loop pauses after the operating system refused a connection (e.g. out
/// of file descriptors), so that it does not spin while the condition lasts.
const ACCEPT_ERROR_PAUSE: Duration = Duration::from_millis(100);

/// The largest connection cap taken (more than any system's open-file limit).
const MAX_CAP: u32 = 1 << 20;

/// The limits that keep one slow, stalled or keyless client from holding the sandbox (see the
/// module documentation for what each does).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ServeLimits {
    /// Longest time from accepting a connection, or from the end of the previous answer on a
    /// kept-alive connection, until a request's head is complete.
    pub header_read_timeout: Duration,
    /// Longest time a keyless connection (no request with a valid key yet) may stay without a
    /// request in flight.
    pub keyless_idle_timeout: Duration,
    /// Most keyless connections kept open after an answer (at least 1, at most
    /// [`ServeLimits::max_connections`]).
    pub max_keyless_connections: usize,
    /// Longest time from a request's head until its whole body has arrived.
    pub body_read_timeout: Duration,
    /// Longest time a client may leave its answer unread before it is disconnected.
    pub write_timeout: Duration,
    /// Most connections served at once (1 to 2²⁰); more wait to be accepted.
    pub max_connections: usize,
    /// Longest time requests in flight may take to finish once the sandbox is stopped.
    pub shutdown_grace: Duration,
}

impl Default for ServeLimits {
    /// 10 s to send a head (and the idle keep-alive limit), 5 s idle for a keyless
    /// connection, 20 s for a body, 10 s to take an answer, 256 connections of which 128
    /// keyless ones kept alive, 2 s to finish at the stop.
    fn default() -> Self {
        ServeLimits {
            header_read_timeout: Duration::from_secs(10),
            keyless_idle_timeout: Duration::from_secs(5),
            max_keyless_connections: 128,
            body_read_timeout: Duration::from_secs(20),
            write_timeout: Duration::from_secs(10),
            max_connections: 256,
            shutdown_grace: Duration::from_secs(2),
        }
    }
}

/// Tells whether a request's headers present a valid key of the sandbox.
pub type KeyCheck = Arc<dyn Fn(&HeaderMap) -> bool + Send + Sync>;

/// Serves `app` on `listener` under `limits` until `stop` changes (or its sender is dropped),
/// then stops accepting, shuts every connection down gracefully (for at most
/// [`ServeLimits::shutdown_grace`]) and waits for them to end. `keyed` tells the requests that
/// make a connection keyed.
pub async fn serve(
    listener: TcpListener,
    app: Router,
    limits: ServeLimits,
    keyed: KeyCheck,
    stop: watch::Receiver<bool>,
) {
    serve_tls(listener, app, limits, keyed, stop, None).await;
}

/// [`serve`], each connection over TLS with `tls` when it is given (the club room with the
/// shop's certificate): the handshake is done in the connection's own task, within
/// [`ServeLimits::header_read_timeout`]; one that fails or lingers is dropped.
pub async fn serve_tls(
    listener: TcpListener,
    app: Router,
    limits: ServeLimits,
    keyed: KeyCheck,
    mut stop: watch::Receiver<bool>,
    tls: Option<tokio_rustls::TlsAcceptor>,
) {
    let cap = u32::try_from(limits.max_connections)
        .unwrap_or(MAX_CAP)
        .clamp(1, MAX_CAP);
    let permits = Arc::new(Semaphore::new(cap as usize));
    let keyless = Arc::new(Keyless {
        open: AtomicUsize::new(0),
        max: limits.max_keyless_connections.clamp(1, cap as usize),
    });
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
        let track = Arc::new(Track::new(keyless.clone()));
        let service = ConnService {
            app: app.clone(),
            keyed: keyed.clone(),
            track: track.clone(),
            peer,
        };
        let (mut stop, limits, http, tls) =
            (stop.clone(), limits.clone(), http.clone(), tls.clone());
        tokio::spawn(async move {
            let _permit = permit;
            let ended = match tls {
                None => {
                    let io = TokioIo::new(WriteTimeout::new(tcp, limits.write_timeout));
                    drive(http.serve_connection(io, service), &track, &limits, stop).await
                }
                Some(tls) => {
                    // A handshake under way at the stop is dropped at once.
                    let shaken = tokio::select! {
                        r = tokio::time::timeout(limits.header_read_timeout, tls.accept(tcp)) => r,
                        _ = stop.changed() => return,
                    };
                    let stream = match shaken {
                        Ok(Ok(stream)) => stream,
                        Ok(Err(e)) => {
                            return tracing::debug!(%peer, error = %e, "a TLS handshake failed");
                        }
                        Err(_) => return tracing::debug!(%peer, "a TLS handshake took too long"),
                    };
                    let io = TokioIo::new(WriteTimeout::new(stream, limits.write_timeout));
                    drive(http.serve_connection(io, service), &track, &limits, stop).await
                }
            };
            if let Err(e) = ended {
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

/// Runs one connection to its end: closed by hyper's own limits, by the keyless idle limit
/// (watched through `track`), or by the stop (after the grace at most).
async fn drive<C>(
    conn: C,
    track: &Track,
    limits: &ServeLimits,
    mut stop: watch::Receiver<bool>,
) -> hyper::Result<()>
where
    C: Future<Output = hyper::Result<()>> + GracefulShutdown,
{
    tokio::pin!(conn);
    let mut activity = track.activity.subscribe();
    loop {
        let idle_until = activity
            .borrow_and_update()
            .keyless_idle_until(limits.keyless_idle_timeout);
        let idle_over = async {
            match idle_until {
                Some(at) => tokio::time::sleep_until(at).await,
                None => std::future::pending().await,
            }
        };
        tokio::select! {
            r = conn.as_mut() => return r,
            _ = stop.changed() => {
                conn.as_mut().graceful_shutdown();
                return match tokio::time::timeout(limits.shutdown_grace, conn.as_mut()).await {
                    Ok(r) => r,
                    // Dropped (closed) with what was in flight: the sandbox is stopping.
                    Err(_) => Ok(()),
                };
            }
            // Something changed (a request began or ended): the idle clock again.
            _ = activity.changed() => {}
            () = idle_over => {
                // Closes at once when idle; a request that just began still finishes.
                conn.as_mut().graceful_shutdown();
                return conn.await;
            }
        }
    }
}

/// hyper's graceful shutdown of a connection, as a trait so that [`drive`] can name it.
trait GracefulShutdown {
    fn graceful_shutdown(self: Pin<&mut Self>);
}

impl<I, S> GracefulShutdown for http1::Connection<I, S>
where
    S: hyper::service::HttpService<Incoming>,
    S::Error: Into<Box<dyn std::error::Error + Send + Sync>>,
    I: hyper::rt::Read + hyper::rt::Write + Unpin,
    S::ResBody: HttpBody + 'static,
    <S::ResBody as HttpBody>::Error: Into<Box<dyn std::error::Error + Send + Sync>>,
{
    fn graceful_shutdown(self: Pin<&mut Self>) {
        http1::Connection::graceful_shutdown(self);
    }
}

/// How many keyless connections are open, and how many may be kept open after an answer.
#[derive(Debug)]
struct Keyless {
    open: AtomicUsize,
    max: usize,
}

/// Where a connection stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Standing {
    /// No request with a valid key yet: counted in [`Keyless::open`].
    Keyless,
    /// Sent a request with a valid key: hyper's own limits only.
    Keyed,
    /// Keyless, and closing after its answer (no longer counted).
    Leaving,
}

/// What a connection is doing, watched by its task.
#[derive(Debug, Clone, Copy)]
struct Activity {
    standing: Standing,
    in_flight: usize,
    /// Since when nothing has been in flight (the accept, or the end of the last answer).
    idle_since: Instant,
}

impl Activity {
    /// When a keyless connection without a request in flight has been idle for `limit`.
    fn keyless_idle_until(&self, limit: Duration) -> Option<Instant> {
        (self.standing != Standing::Keyed && self.in_flight == 0).then(|| self.idle_since + limit)
    }
}

/// One connection's standing and activity; counts it among the keyless ones until it
/// presents a key, leaves or ends.
#[derive(Debug)]
struct Track {
    keyless: Arc<Keyless>,
    activity: watch::Sender<Activity>,
}

impl Track {
    fn new(keyless: Arc<Keyless>) -> Track {
        keyless.open.fetch_add(1, Ordering::AcqRel);
        Track {
            keyless,
            activity: watch::Sender::new(Activity {
                standing: Standing::Keyless,
                in_flight: 0,
                idle_since: Instant::now(),
            }),
        }
    }

    /// A request with these `headers` began; its [`Busy`] ends it. Only a keyless connection's
    /// requests are checked for a key (the check may take the state's lock).
    fn begin(self: &Arc<Self>, headers: &HeaderMap, check: &KeyCheck) -> Busy {
        let keyed = self.activity.borrow().standing == Standing::Keyless && check(headers);
        self.activity.send_modify(|a| {
            a.in_flight += 1;
            if keyed && a.standing == Standing::Keyless {
                a.standing = Standing::Keyed;
                self.keyless.open.fetch_sub(1, Ordering::AcqRel);
            }
        });
        Busy(self.clone())
    }

    /// Whether the answer about to be sent should close the connection: a keyless one while
    /// more keyless connections are open than may be kept (it then leaves the count).
    fn leaves_after_answer(&self) -> bool {
        let mut leaves = false;
        self.activity.send_if_modified(|a| {
            if a.standing != Standing::Keyless {
                return false;
            }
            let max = self.keyless.max;
            leaves = self
                .keyless
                .open
                .fetch_update(Ordering::AcqRel, Ordering::Acquire, |n| {
                    (n > max).then(|| n - 1)
                })
                .is_ok();
            if leaves {
                a.standing = Standing::Leaving;
            }
            leaves
        });
        leaves
    }
}

impl Drop for Track {
    fn drop(&mut self) {
        if self.activity.borrow().standing == Standing::Keyless {
            self.keyless.open.fetch_sub(1, Ordering::AcqRel);
        }
    }
}

/// A request in flight on a connection, until its answer has been sent (or dropped).
#[derive(Debug)]
struct Busy(Arc<Track>);

impl Drop for Busy {
    fn drop(&mut self) {
        self.0.activity.send_modify(|a| {
            a.in_flight = a.in_flight.saturating_sub(1);
            if a.in_flight == 0 {
                a.idle_since = Instant::now();
            }
        });
    }
}

/// An answer's body that keeps its request [`Busy`] until hyper has sent (or dropped) it.
struct Answer {
    body: Body,
    _busy: Busy,
}

impl HttpBody for Answer {
    type Data = Bytes;
    type Error = axum::Error;

    fn poll_frame(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, axum::Error>>> {
        Pin::new(&mut self.get_mut().body).poll_frame(cx)
    }

    fn is_end_stream(&self) -> bool {
        self.body.is_end_stream()
    }

    fn size_hint(&self) -> SizeHint {
        self.body.size_hint()
    }
}

/// The router as one connection's hyper service: marks the connection keyed on a request with
/// a valid key, tracks what is in flight and closes a keyless connection after its answer
/// when keyless ones hold more than their share.
#[derive(Clone)]
struct ConnService {
    app: Router,
    keyed: KeyCheck,
    track: Arc<Track>,
    /// The client's address, for the handlers that ask (`ConnectInfo`).
    peer: std::net::SocketAddr,
}

impl hyper::service::Service<Request<Incoming>> for ConnService {
    type Response = Response<Body>;
    type Error = Infallible;
    type Future = Pin<Box<dyn Future<Output = Result<Response<Body>, Infallible>> + Send>>;

    fn call(&self, mut req: Request<Incoming>) -> Self::Future {
        req.extensions_mut()
            .insert(axum::extract::ConnectInfo(self.peer));
        let busy = self.track.begin(req.headers(), &self.keyed);
        let app = self.app.clone();
        Box::pin(async move {
            let answer = app.oneshot(req).await?;
            let leaves = busy.0.leaves_after_answer();
            let (mut parts, body) = answer.into_parts();
            if leaves {
                parts
                    .headers
                    .insert(CONNECTION, HeaderValue::from_static("close"));
            }
            Ok(Response::from_parts(
                parts,
                Body::new(Answer { body, _busy: busy }),
            ))
        })
    }
}

/// A TCP stream whose writes fail with `TimedOut` when the peer takes none of them for
/// `timeout` (a client that stopped reading its answer), so the connection is closed.
struct WriteTimeout<S> {
    inner: S,
    timeout: Duration,
    stalled: Option<Pin<Box<Sleep>>>,
}

impl<S> WriteTimeout<S> {
    fn new(inner: S, timeout: Duration) -> Self {
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

impl<S: AsyncRead + Unpin> AsyncRead for WriteTimeout<S> {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        Pin::new(&mut self.inner).poll_read(cx, buf)
    }
}

impl<S: AsyncWrite + Unpin> AsyncWrite for WriteTimeout<S> {
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
