//! The club room over HTTP (axum), for phones on the open internet.
//!
//! | path | method | what |
//! |---|---|---|
//! | `/c/{token}` | GET | the page (never changes anything: mail scanners and chat previews open links first) |
//! | `/c/{token}/correct` | GET | the page for correcting rows |
//! | `/c/{token}` | POST | the decision: recorded once per request, then `303` back to the page |
//! | `/c/{token}/p/{n}` | GET | one of the page's pictures (stored with the request) |
//! | `/club.css` | GET | the stylesheet |
//!
//! Every answer carries a strict Content-Security-Policy (nothing but our own pictures and
//! stylesheet; no script), `Referrer-Policy: no-referrer`, `X-Robots-Tag: noindex`,
//! `X-Content-Type-Options: nosniff`, `Cache-Control: no-store` and no framing. A body is
//! read up to [`BODY_MOST`]; an address that asks for links that open nothing
//! ([`RateLimits::misses`]), or asks too often, is answered `429`; so is a link posted to too
//! often. A link is never logged: its path is not in any log line.

use super::form::Posted;
use super::html::{self, Here};
use super::{ClubRoom, ClubToken, Decided, Found, Gone, RoomError, Sender};
use crate::locale::Language;
use crate::sync::Lock as _;
use axum::Router;
use axum::body::Body;
use axum::extract::{ConnectInfo, Path, Query, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::get;
use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// The largest body a decision may have (a 60-row correction is about 8 KiB).
pub const BODY_MOST: usize = 32 * 1024;
/// How long the team database may take for one call of a page.
const ROOM_CALL: Duration = Duration::from_secs(10);
/// The most addresses and links the limits remember (beyond, the oldest windows go).
const REMEMBERED: usize = 20_000;

/// The security headers of every answer.
const CSP: &str = "default-src 'none'; img-src 'self'; style-src 'self'; form-action 'self'; \
                   base-uri 'none'; frame-ancestors 'none'";

/// How often an address and a link may ask, each within [`RateLimits::window`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RateLimits {
    pub window: Duration,
    /// Requests of one address (a page of 20 rows loads about 45).
    pub requests: u32,
    /// Links of one address that open no page (mistyped or guessed).
    pub misses: u32,
    /// Decisions posted to one link.
    pub posts: u32,
}

impl Default for RateLimits {
    /// Per ten minutes: 600 requests and 20 links that open nothing per address, 20 posts
    /// per link.
    fn default() -> Self {
        RateLimits {
            window: Duration::from_secs(600),
            requests: 600,
            misses: 20,
            posts: 20,
        }
    }
}

/// How the room is served.
#[derive(Clone, Default)]
pub struct RoomOptions {
    /// The room sits behind the shop's reverse proxy: the club's address is the last one in
    /// `X-Forwarded-For` (the proxy's own entry), not the connection's.
    pub behind_proxy: bool,
    pub limits: RateLimits,
    /// TLS with the shop's certificate ([`super::tls::acceptor`]); `None`: plain HTTP (behind
    /// the shop's proxy, on loopback).
    pub tls: Option<tokio_rustls::TlsAcceptor>,
}

impl std::fmt::Debug for RoomOptions {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("RoomOptions")
            .field("behind_proxy", &self.behind_proxy)
            .field("limits", &self.limits)
            .field("tls", &self.tls.is_some())
            .finish()
    }
}

/// Counts in fixed windows, per key.
struct Counts<K> {
    windows: HashMap<K, (Instant, u32)>,
}

impl<K> Default for Counts<K> {
    fn default() -> Self {
        Counts {
            windows: HashMap::new(),
        }
    }
}

impl<K: std::hash::Hash + Eq + Clone> Counts<K> {
    /// Counts one for `key`; whether it is within `most` in the window.
    fn count(&mut self, key: &K, most: u32, window: Duration, now: Instant) -> bool {
        if self.windows.len() >= REMEMBERED {
            self.windows
                .retain(|_, (start, _)| now.duration_since(*start) < window);
            if self.windows.len() >= REMEMBERED {
                self.windows.clear();
            }
        }
        let entry = self.windows.entry(key.clone()).or_insert((now, 0));
        if now.duration_since(entry.0) >= window {
            *entry = (now, 0);
        }
        entry.1 = entry.1.saturating_add(1);
        entry.1 <= most
    }

    /// Whether `key` has counted more than `most` in its window (without counting).
    fn over(&self, key: &K, most: u32, window: Duration, now: Instant) -> bool {
        self.windows
            .get(key)
            .is_some_and(|(start, n)| now.duration_since(*start) < window && *n >= most)
    }
}

#[derive(Default)]
struct Limiter {
    requests: Counts<IpAddr>,
    misses: Counts<IpAddr>,
    posts: Counts<String>,
}

struct Room {
    room: Arc<dyn ClubRoom>,
    options: RoomOptions,
    limiter: Mutex<Limiter>,
}

type Shared = Arc<Room>;

/// The club room's routes on `room`.
pub fn router(room: Arc<dyn ClubRoom>, options: RoomOptions) -> Router {
    let state = Arc::new(Room {
        room,
        options,
        limiter: Mutex::default(),
    });
    Router::new()
        .route("/c/{token}", get(show).post(decide))
        .route("/c/{token}/correct", get(show_correct))
        .route("/c/{token}/p/{n}", get(picture))
        .route("/club.css", get(stylesheet))
        .fallback(not_found)
        .with_state(state)
        .layer(axum::middleware::map_response(secure))
}

/// Adds the security headers to every answer.
async fn secure(mut response: Response) -> Response {
    let h = response.headers_mut();
    let set = |h: &mut HeaderMap, name: &'static str, value: &'static str| {
        h.insert(name, HeaderValue::from_static(value));
    };
    set(h, "content-security-policy", CSP);
    set(h, "referrer-policy", "no-referrer");
    set(h, "x-robots-tag", "noindex, nofollow");
    set(h, "x-content-type-options", "nosniff");
    set(h, "x-frame-options", "DENY");
    set(h, "cache-control", "no-store");
    set(h, "cross-origin-resource-policy", "same-origin");
    set(
        h,
        "permissions-policy",
        "camera=(), microphone=(), geolocation=(), interest-cohort=()",
    );
    response
}

#[derive(serde::Deserialize, Default)]
struct Lang {
    lang: Option<String>,
}

fn language_of(asked: Option<&str>, found: Option<&Found>) -> Language {
    match asked {
        Some("da") => Language::Danish,
        Some("en") => Language::English,
        _ => found.map_or(Language::Danish, |f| f.language),
    }
}

fn html_answer(status: StatusCode, body: String) -> Response {
    (
        status,
        [(header::CONTENT_TYPE, "text/html; charset=utf-8")],
        body,
    )
        .into_response()
}

/// The club's address: the connection's, or behind the shop's proxy the one it forwards.
fn client_ip(
    room: &Room,
    headers: &HeaderMap,
    peer: Option<&ConnectInfo<SocketAddr>>,
) -> Option<IpAddr> {
    if room.options.behind_proxy
        && let Some(ip) = headers
            .get_all("x-forwarded-for")
            .iter()
            .filter_map(|v| v.to_str().ok())
            .flat_map(|v| v.split(','))
            .filter_map(|s| s.trim().parse::<IpAddr>().ok())
            .next_back()
    {
        return Some(ip);
    }
    peer.map(|ConnectInfo(addr)| addr.ip())
}

/// A request of the address `ip` counted; `429` if it asked too often or guessed too many
/// links.
fn admit(room: &Room, ip: Option<IpAddr>, language: Language) -> Result<(), Box<Response>> {
    let Some(ip) = ip else { return Ok(()) };
    let l = room.options.limits;
    let now = Instant::now();
    let mut limiter = room.limiter.locked();
    let guessed = limiter.misses.over(&ip, l.misses, l.window, now);
    if guessed || !limiter.requests.count(&ip, l.requests, l.window, now) {
        return Err(Box::new(too_many(language, l.window)));
    }
    Ok(())
}

fn too_many(language: Language, window: Duration) -> Response {
    let mut answer = html_answer(
        StatusCode::TOO_MANY_REQUESTS,
        html::notice(language, "club-too-many"),
    );
    if let Ok(v) = HeaderValue::from_str(&window.as_secs().to_string()) {
        answer.headers_mut().insert(header::RETRY_AFTER, v);
    }
    answer
}

/// A link that opens nothing, counted against the address.
fn miss(room: &Room, ip: Option<IpAddr>) {
    if let Some(ip) = ip {
        let l = room.options.limits;
        room.limiter
            .locked()
            .misses
            .count(&ip, u32::MAX, l.window, Instant::now());
    }
}

/// Runs a call of the room off the server's workers, within [`ROOM_CALL`].
async fn call<T: Send + 'static>(
    room: &Room,
    f: impl FnOnce(&dyn ClubRoom) -> Result<T, RoomError> + Send + 'static,
) -> Result<T, RoomError> {
    let inner = room.room.clone();
    let task = tokio::task::spawn_blocking(move || f(inner.as_ref()));
    match tokio::time::timeout(ROOM_CALL, task).await {
        Ok(Ok(result)) => result,
        Ok(Err(e)) => {
            tracing::error!(error = %e, "a club room call ended abnormally");
            Err(RoomError::Busy)
        }
        Err(_) => Err(RoomError::Busy),
    }
}

fn busy(language: Language, e: &RoomError, posted: bool) -> Response {
    tracing::warn!(error = %e, "the club room could not read the team database");
    let id = if posted {
        "club-busy-posted"
    } else {
        "club-busy"
    };
    html_answer(StatusCode::SERVICE_UNAVAILABLE, html::notice(language, id))
}

/// What a link opens: the request, or why none (an answer to send instead).
async fn open(
    room: &Room,
    token: &str,
    ip: Option<IpAddr>,
    language: Option<&str>,
    posted: bool,
) -> Result<Found, Box<Response>> {
    let asked = language_of(language, None);
    admit(room, ip, asked)?;
    let Some(token) = ClubToken::parse(token) else {
        miss(room, ip);
        return Err(Box::new(gone(asked, &Gone::Unknown)));
    };
    let hash = token.hash();
    let found = match call(room, move |r| r.find(&hash)).await {
        Ok(Some(found)) => found,
        Ok(None) => {
            miss(room, ip);
            return Err(Box::new(gone(asked, &Gone::Unknown)));
        }
        Err(e) => return Err(Box::new(busy(asked, &e, posted))),
    };
    let l = language_of(language, Some(&found));
    if let Some(why) = found.gone(chrono::Utc::now()) {
        miss(room, ip);
        return Err(Box::new(gone(l, &why)));
    }
    Ok(found)
}

fn gone(language: Language, why: &Gone) -> Response {
    let status = match why {
        Gone::Unknown => StatusCode::NOT_FOUND,
        _ => StatusCode::GONE,
    };
    html_answer(status, html::gone(language, why))
}

/// The page a `GET` of `token` shows: [`html::page`], or the correction page.
async fn shown(
    room: &Room,
    token: &str,
    lang: Option<&str>,
    ip: Option<IpAddr>,
    correcting: bool,
) -> Response {
    let found = match open(room, token, ip, lang, false).await {
        Ok(found) => found,
        Err(answer) => return *answer,
    };
    let path = format!("/c/{token}");
    let l = language_of(lang, Some(&found));
    let here = Here {
        path: &path,
        language: l,
    };
    if !correcting {
        return html_answer(StatusCode::OK, html::page(&here, &found, None, None));
    }
    if found.decision.is_some() || found.page.logo.is_some() {
        // Decided, or a logo's page (no rows to correct): the page says what (303 See Other).
        return Redirect::to(&format!("{path}?lang={}", html::tag(l))).into_response();
    }
    html_answer(StatusCode::OK, html::correct(&here, &found, None, None))
}

async fn show(
    State(room): State<Shared>,
    Path(token): Path<String>,
    Query(lang): Query<Lang>,
    headers: HeaderMap,
    peer: Option<axum::Extension<ConnectInfo<SocketAddr>>>,
) -> Response {
    let ip = client_ip(&room, &headers, peer.as_deref());
    shown(&room, &token, lang.lang.as_deref(), ip, false).await
}

async fn show_correct(
    State(room): State<Shared>,
    Path(token): Path<String>,
    Query(lang): Query<Lang>,
    headers: HeaderMap,
    peer: Option<axum::Extension<ConnectInfo<SocketAddr>>>,
) -> Response {
    let ip = client_ip(&room, &headers, peer.as_deref());
    shown(&room, &token, lang.lang.as_deref(), ip, true).await
}

async fn decide(
    State(room): State<Shared>,
    Path(token): Path<String>,
    headers: HeaderMap,
    peer: Option<axum::Extension<ConnectInfo<SocketAddr>>>,
    body: Body,
) -> Response {
    let ip = client_ip(&room, &headers, peer.as_deref());
    let Ok(bytes) = axum::body::to_bytes(body, BODY_MOST).await else {
        return html_answer(
            StatusCode::PAYLOAD_TOO_LARGE,
            html::notice(Language::Danish, "club-too-large"),
        );
    };
    let posted = Posted::parse(&bytes);
    let lang = url::form_urlencoded::parse(&bytes)
        .find(|(k, _)| k == "lang")
        .map(|(_, v)| v.into_owned());
    let found = match open(&room, &token, ip, lang.as_deref(), true).await {
        Ok(found) => found,
        Err(answer) => return *answer,
    };
    let l = language_of(lang.as_deref(), Some(&found));
    let path = format!("/c/{token}");
    let back = format!("{path}?lang={}", html::tag(l));
    if found.decision.is_some() {
        return Redirect::to(&back).into_response();
    }
    {
        let limits = room.options.limits;
        let mut limiter = room.limiter.locked();
        if !limiter.posts.count(
            &found.shown_hash,
            limits.posts,
            limits.window,
            Instant::now(),
        ) {
            return too_many(l, limits.window);
        }
    }
    let decision = match posted.decision(&found.page, &found.shown_hash) {
        Ok(d) => d,
        Err(problem) => {
            let here = Here {
                path: &path,
                language: l,
            };
            let page = if posted.choice == "correct" {
                html::correct(&here, &found, Some(&posted), Some(problem))
            } else {
                html::page(&here, &found, Some(&posted), Some(problem))
            };
            return html_answer(StatusCode::UNPROCESSABLE_ENTITY, page);
        }
    };
    let sender = Sender {
        ip: ip.map(|i| i.to_string()).unwrap_or_default(),
        browser: headers
            .get(header::USER_AGENT)
            .and_then(|v| v.to_str().ok())
            .unwrap_or_default()
            .chars()
            .take(300)
            .collect(),
    };
    let id = found.id;
    match call(&room, move |r| r.decide(&found, &decision, &sender)).await {
        Ok(Decided::Recorded) => {
            tracing::info!(request = id.0, "a club's decision was recorded");
            Redirect::to(&back).into_response()
        }
        Ok(Decided::Already) => Redirect::to(&back).into_response(),
        // The write may have been made: the sentence says to open the link to see.
        Err(e) => busy(l, &e, true),
    }
}

async fn picture(
    State(room): State<Shared>,
    Path((token, n)): Path<(String, String)>,
    headers: HeaderMap,
    peer: Option<axum::Extension<ConnectInfo<SocketAddr>>>,
) -> Response {
    let ip = client_ip(&room, &headers, peer.as_deref());
    let found = match open(&room, &token, ip, None, false).await {
        Ok(found) => found,
        Err(answer) => return (answer.status(), "").into_response(),
    };
    let Ok(n) = n.parse::<u32>() else {
        return StatusCode::NOT_FOUND.into_response();
    };
    let id = found.id;
    match call(&room, move |r| r.picture(id, n)).await {
        Ok(Some(png)) => {
            (StatusCode::OK, [(header::CONTENT_TYPE, "image/png")], png).into_response()
        }
        Ok(None) => StatusCode::NOT_FOUND.into_response(),
        Err(_) => StatusCode::SERVICE_UNAVAILABLE.into_response(),
    }
}

async fn stylesheet() -> Response {
    (
        StatusCode::OK,
        [(header::CONTENT_TYPE, "text/css; charset=utf-8")],
        html::STYLESHEET,
    )
        .into_response()
}

async fn not_found() -> Response {
    html_answer(
        StatusCode::NOT_FOUND,
        html::gone(Language::Danish, &Gone::Unknown),
    )
}

/// The club room served on a thread of its own (its own runtime: a page never waits behind
/// the backend's work); stopped, within the server's grace, when dropped.
pub struct RoomHandle {
    addr: SocketAddr,
    stop: Option<tokio::sync::watch::Sender<bool>>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl RoomHandle {
    /// Where it listens.
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }
}

impl Drop for RoomHandle {
    fn drop(&mut self) {
        if let Some(stop) = self.stop.take() {
            stop.send(true).ok();
        }
        if let Some(thread) = self.thread.take()
            && thread.join().is_err()
        {
            tracing::error!("the club room's thread ended abnormally");
        }
    }
}

/// Serves `room` on `listen` (the sandbox's server and its limits: slow clients, idle
/// connections and the stop are bounded the same way).
pub fn spawn(
    listen: SocketAddr,
    room: Arc<dyn ClubRoom>,
    options: RoomOptions,
) -> std::io::Result<RoomHandle> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .max_blocking_threads(8)
        .thread_name("club-room")
        .enable_all()
        .build()?;
    let listener = runtime.block_on(tokio::net::TcpListener::bind(listen))?;
    let addr = listener.local_addr()?;
    let (stop, stopped) = tokio::sync::watch::channel(false);
    let tls = options.tls.clone();
    let app = router(room, options);
    let thread = std::thread::Builder::new()
        .name("club-room".into())
        .spawn(move || {
            runtime.block_on(crate::sandbox::serve::serve_tls(
                listener,
                app,
                crate::sandbox::ServeLimits::default(),
                Arc::new(|_| false),
                stopped,
                tls,
            ));
        })?;
    Ok(RoomHandle {
        addr,
        stop: Some(stop),
        thread: Some(thread),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::club::page::{ClubPage, PageLine, PagePicture, PageRow};
    use crate::club::{ClubRequestId, Decision, RecordedDecision, RequestState, TokenHash};
    use crate::store::LocalOrderId;
    use axum::http::Request;
    use tower::ServiceExt as _;

    /// A room in memory: one request, the decisions it was asked to record.
    struct MemoryRoom {
        found: Mutex<Found>,
        hash: TokenHash,
        recorded: Mutex<u32>,
    }

    impl ClubRoom for MemoryRoom {
        fn find(&self, hash: &TokenHash) -> Result<Option<Found>, RoomError> {
            Ok((*hash == self.hash).then(|| self.found.locked().clone()))
        }
        fn picture(&self, _: ClubRequestId, n: u32) -> Result<Option<Vec<u8>>, RoomError> {
            Ok((n == 0).then(|| b"\x89PNG".to_vec()))
        }
        fn decide(&self, _: &Found, d: &Decision, s: &Sender) -> Result<Decided, RoomError> {
            let mut found = self.found.locked();
            if found.decision.is_some() {
                return Ok(Decided::Already);
            }
            *self.recorded.locked() += 1;
            found.decision = Some(RecordedDecision {
                kind: d.choice.kind().into(),
                who: d.who.clone(),
                note: d.note.clone(),
                corrections: Vec::new(),
                at: chrono::Utc::now(),
                shown_hash: found.shown_hash.clone(),
                ip: s.ip.clone(),
                browser: s.browser.clone(),
            });
            Ok(Decided::Recorded)
        }
    }

    fn room(token: &ClubToken) -> Arc<MemoryRoom> {
        let page = ClubPage {
            shop: "Sportigan".into(),
            reference: "FCN-2027".into(),
            club: "FC Nørrebro".into(),
            lines: vec![PageLine {
                key: "20001#0".into(),
                title: "Hjemmebane".into(),
                rows: vec![PageRow {
                    name: "<script>alert(1)</script>".into(),
                    number: "7".into(),
                    size: "M".into(),
                    quantity: "1".into(),
                    asked: true,
                    pictures: vec![PagePicture {
                        n: 0,
                        view: "FRONT".into(),
                        width: 10,
                        height: 10,
                    }],
                    ..Default::default()
                }],
                ..Default::default()
            }],
            ..Default::default()
        };
        Arc::new(MemoryRoom {
            found: Mutex::new(Found {
                id: ClubRequestId(1),
                subject: crate::store::club::ClubSubject::Order(LocalOrderId(1)),
                contact: "Mette".into(),
                language: Language::Danish,
                shown_hash: page.shown_hash(&[]),
                page,
                expires_at: chrono::Utc::now() + chrono::Duration::days(1),
                state: RequestState::Open,
                decision: None,
            }),
            hash: token.hash(),
            recorded: Mutex::new(0),
        })
    }

    async fn send(app: &Router, req: Request<Body>) -> (StatusCode, HeaderMap, String) {
        let answer = app.clone().oneshot(req).await.unwrap();
        let (parts, body) = answer.into_parts();
        let bytes = axum::body::to_bytes(body, usize::MAX).await.unwrap();
        (
            parts.status,
            parts.headers,
            String::from_utf8_lossy(&bytes).into_owned(),
        )
    }

    fn get(path: &str, from: [u8; 4]) -> Request<Body> {
        let mut req = Request::get(path).body(Body::empty()).unwrap();
        req.extensions_mut()
            .insert(ConnectInfo(SocketAddr::from((from, 5000))));
        req
    }

    fn post(path: &str, body: String) -> Request<Body> {
        let mut req = Request::post(path)
            .header("content-type", "application/x-www-form-urlencoded")
            .body(Body::from(body))
            .unwrap();
        req.extensions_mut()
            .insert(ConnectInfo(SocketAddr::from(([192, 0, 2, 1], 5000))));
        req
    }

    #[tokio::test]
    async fn opening_changes_nothing_and_a_decision_is_taken_once() {
        let token = ClubToken::generate().unwrap();
        let memory = room(&token);
        let app = router(memory.clone(), RoomOptions::default());
        let path = format!("/c/{}", token.expose());
        let (status, headers, page) = send(&app, get(&path, [192, 0, 2, 1])).await;
        assert_eq!(status, StatusCode::OK);
        assert!(
            page.contains("&lt;script&gt;alert(1)&lt;/script&gt;"),
            "{page}"
        );
        assert!(!page.contains("<script"), "{page}");
        for (name, value) in [
            ("content-security-policy", CSP),
            ("referrer-policy", "no-referrer"),
            ("x-robots-tag", "noindex, nofollow"),
            ("x-content-type-options", "nosniff"),
            ("cache-control", "no-store"),
        ] {
            assert_eq!(headers.get(name).unwrap(), value, "{name}");
        }
        // The correction page and a picture are only read, too.
        let (status, _, _) = send(&app, get(&format!("{path}/correct"), [192, 0, 2, 1])).await;
        assert_eq!(status, StatusCode::OK);
        let (status, headers, _) = send(&app, get(&format!("{path}/p/0"), [192, 0, 2, 1])).await;
        assert_eq!(
            (
                status,
                headers.get("content-type").unwrap().to_str().unwrap()
            ),
            (StatusCode::OK, "image/png")
        );
        assert_eq!(*memory.recorded.locked(), 0);

        let shown = memory.found.locked().shown_hash.clone();
        // No name: shown again with its sentence, nothing recorded.
        let (status, _, page) = send(
            &app,
            post(&path, format!("shown={shown}&who=&choice=approve")),
        )
        .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
        assert!(page.contains("Skriv dit navn"), "{page}");
        let answer = format!("shown={shown}&who=Mette+Hansen&choice=approve");
        let (status, headers, _) = send(&app, post(&path, answer.clone())).await;
        assert_eq!(status, StatusCode::SEE_OTHER);
        assert_eq!(headers.get("location").unwrap(), &format!("{path}?lang=da"));
        // A double tap: the same answer again records nothing more.
        let (status, _, _) = send(&app, post(&path, answer)).await;
        assert_eq!(status, StatusCode::SEE_OTHER);
        assert_eq!(*memory.recorded.locked(), 1);
        let (_, _, page) = send(&app, get(&path, [192, 0, 2, 1])).await;
        assert!(page.contains("Godkendt af Mette Hansen"), "{page}");
        assert!(
            !page.contains("name=\"choice\""),
            "decided: no form\n{page}"
        );
        // In English when asked.
        let (_, _, page) = send(&app, get(&format!("{path}?lang=en"), [192, 0, 2, 1])).await;
        assert!(page.contains("Approved by Mette Hansen"), "{page}");
    }

    #[tokio::test]
    async fn guessing_links_is_answered_429_and_a_large_body_413() {
        let token = ClubToken::generate().unwrap();
        let app = router(room(&token), RoomOptions::default());
        let mut statuses = Vec::new();
        for _ in 0..200 {
            let guess = ClubToken::generate().unwrap();
            let (status, _, _) = send(
                &app,
                get(&format!("/c/{}", guess.expose()), [198, 51, 100, 9]),
            )
            .await;
            statuses.push(status);
        }
        assert_eq!(statuses[0], StatusCode::NOT_FOUND);
        assert!(
            statuses[25..]
                .iter()
                .all(|s| *s == StatusCode::TOO_MANY_REQUESTS),
            "{statuses:?}"
        );
        // The guesser's address is refused even the right link; another address is not.
        let path = format!("/c/{}", token.expose());
        let (status, headers, _) = send(&app, get(&path, [198, 51, 100, 9])).await;
        assert_eq!(status, StatusCode::TOO_MANY_REQUESTS);
        assert!(headers.get("retry-after").is_some());
        let (status, _, _) = send(&app, get(&path, [192, 0, 2, 1])).await;
        assert_eq!(status, StatusCode::OK);
        let huge = format!("who={}", "a".repeat(BODY_MOST + 1));
        let (status, _, _) = send(&app, post(&path, huge)).await;
        assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE);
    }

    #[tokio::test]
    async fn a_replaced_or_expired_link_says_so() {
        let token = ClubToken::generate().unwrap();
        let memory = room(&token);
        let app = router(memory.clone(), RoomOptions::default());
        let path = format!("/c/{}", token.expose());
        memory.found.locked().state = RequestState::Replaced;
        let (status, _, page) = send(&app, get(&path, [192, 0, 2, 1])).await;
        assert_eq!(status, StatusCode::GONE);
        assert!(page.contains("nyere link"), "{page}");
        memory.found.locked().state = RequestState::Open;
        memory.found.locked().expires_at = chrono::Utc::now() - chrono::Duration::hours(1);
        let (status, _, page) = send(&app, get(&path, [192, 0, 2, 1])).await;
        assert_eq!(status, StatusCode::GONE);
        assert!(page.contains("Linket udløb"), "{page}");
    }

    /// The room with the shop's certificate (a self-made one, `openssl req -x509`): a phone
    /// that trusts it gets the page over TLS; plain HTTP to the same port gets no page.
    #[test]
    fn the_room_speaks_tls_with_the_shops_certificate_files() {
        use rustls::pki_types::pem::PemObject as _;
        use secrecy::ExposeSecret as _;
        use std::io::{Read as _, Write as _};
        let dir = tempfile::tempdir().unwrap();
        let out = std::process::Command::new("openssl")
            .args([
                "req",
                "-x509",
                "-newkey",
                "rsa:2048",
                "-nodes",
                "-keyout",
                "room.key",
                "-out",
                "room.crt",
                "-days",
                "2",
                "-subj",
                "/CN=klub.test",
                "-addext",
                "subjectAltName=DNS:klub.test",
                // A server's own certificate (not an authority's), trusted as it is below.
                "-addext",
                "basicConstraints=critical,CA:FALSE",
                "-addext",
                "extendedKeyUsage=serverAuth",
            ])
            .current_dir(dir.path())
            .output()
            .expect("openssl (the openssl package)");
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let (cert, key) = (dir.path().join("room.crt"), dir.path().join("room.key"));
        let token = ClubToken::generate().unwrap();
        let options = RoomOptions {
            tls: Some(super::super::tls::acceptor(&cert, &key).unwrap()),
            ..Default::default()
        };
        let handle = spawn("127.0.0.1:0".parse().unwrap(), room(&token), options).unwrap();
        let addr = handle.addr();

        // A client trusting the shop's certificate, as a phone trusts the shop's CA.
        let mut roots = rustls::RootCertStore::empty();
        let pem = std::fs::read(&cert).unwrap();
        for c in rustls::pki_types::CertificateDer::pem_slice_iter(&pem) {
            roots.add(c.unwrap()).unwrap();
        }
        let provider = Arc::new(rustls::crypto::ring::default_provider());
        let config = rustls::ClientConfig::builder_with_provider(provider)
            .with_safe_default_protocol_versions()
            .unwrap()
            .with_root_certificates(roots)
            .with_no_client_auth();
        let name = rustls::pki_types::ServerName::try_from("klub.test").unwrap();
        let tls = rustls::ClientConnection::new(Arc::new(config), name).unwrap();
        let tcp = std::net::TcpStream::connect(addr).unwrap();
        tcp.set_read_timeout(Some(std::time::Duration::from_secs(20)))
            .unwrap();
        let mut stream = rustls::StreamOwned::new(tls, tcp);
        let path = token.link("");
        write!(
            stream,
            "GET {} HTTP/1.1\r\nHost: klub.test\r\nConnection: close\r\n\r\n",
            path.expose_secret()
        )
        .unwrap();
        let mut answer = Vec::new();
        // The server ends the TLS session with the connection; what came before is the page.
        let _ = stream.read_to_end(&mut answer);
        let answer = String::from_utf8_lossy(&answer);
        assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
        assert!(answer.contains("Sportigan"), "{answer}");

        // Plain HTTP to the TLS port: no page.
        let mut plain = std::net::TcpStream::connect(addr).unwrap();
        plain
            .set_read_timeout(Some(std::time::Duration::from_secs(20)))
            .unwrap();
        write!(plain, "GET /club.css HTTP/1.1\r\nHost: klub.test\r\n\r\n").unwrap();
        let mut got = Vec::new();
        let _ = plain.read_to_end(&mut got);
        assert!(!String::from_utf8_lossy(&got).contains("HTTP/1.1 200"));
        drop(handle);
    }
}
