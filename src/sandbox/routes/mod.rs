//! The HTTP surface: every endpoint of the live API under `/api`, plus sandbox-only helpers
//! under `/sandbox`.

mod designs;
mod logos;
mod orders;
mod vectorize;

use std::io;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use axum::Json;
use axum::Router;
use axum::body::{Body, HttpBody as _};
use axum::extract::{DefaultBodyLimit, Request, State};
use axum::http::StatusCode;
use axum::middleware::{Next, from_fn_with_state};
use axum::response::{IntoResponse as _, Response};
use axum::routing::{get, post, put};
use futures_util::StreamExt as _;
use tower_http::timeout::TimeoutLayer;

use super::auth;
use super::error::{Result, SandboxError};
use super::faults;
use super::fixtures::{Fixtures, fixtures};
use super::state::SandboxState;
use crate::api::Feature;
use crate::imaging::Limits;

/// Longest a request may take before it is answered 503 (keeps shutdown prompt too).
pub const REQUEST_TIMEOUT: Duration = Duration::from_secs(30);

/// Body limit of the upload endpoint: the largest accepted file plus room for the other
/// multipart fields.
pub fn upload_body_limit() -> usize {
    Limits::default().max_file_bytes + 1024 * 1024
}

/// The sandbox's router over `state`.
pub fn router(state: SandboxState) -> Router {
    Router::new()
        .route(faults::HEALTH_PATH, get(ping))
        .route("/api/orders", post(orders::place))
        .route("/api/orders/{id}", get(orders::get))
        .route("/api/logos", get(logos::list))
        .route(
            "/api/logo/upload",
            post(logos::upload).layer(DefaultBodyLimit::max(upload_body_limit())),
        )
        .route("/api/logo/itemno/{item_no}", get(logos::by_item_no))
        .route("/api/logo/{id}", get(logos::get))
        .route("/api/logo/{id}/commit", put(logos::commit))
        .route("/api/logo/{id}/changecolors", post(logos::change_colors))
        .route("/api/logo/{id}/updatemethod", post(logos::update_method))
        .route("/api/logo/{id}/resize", post(logos::resize))
        .route("/api/logo/{id}/rename", put(logos::rename))
        .route("/api/design/{id}", get(designs::get))
        .route("/api/design/{id}/clone", post(designs::clone))
        .route("/api/design/{id}/view", post(designs::views))
        .route("/api/design/{id}/thumbnail", post(designs::thumbnail))
        .route("/sandbox/styles/{id}", get(designs::style))
        .route("/api/vectorize/tasks/{id}", get(vectorize::get))
        .route("/sandbox/fixtures", get(fixture_ids))
        .route("/sandbox/vectorize/tasks", post(vectorize::create))
        .fallback(not_found)
        .method_not_allowed_fallback(method_not_allowed)
        .layer(from_fn_with_state(state.clone(), withheld))
        .layer(from_fn_with_state(state.clone(), body_deadline))
        .layer(from_fn_with_state(state.clone(), faults::inject))
        .layer(from_fn_with_state(state.clone(), observe))
        .layer(TimeoutLayer::with_status_code(
            StatusCode::SERVICE_UNAVAILABLE,
            REQUEST_TIMEOUT,
        ))
        .with_state(state)
}

/// Moves due orders and tasks on before each request, and logs method, path and status at
/// debug (never headers, so never the key).
async fn observe(State(state): State<SandboxState>, req: Request, next: Next) -> Response {
    let method = req.method().clone();
    let path = req.uri().path().to_owned();
    if let Err(e) = state.advance() {
        tracing::error!(error = %e, "sandbox could not advance orders and tasks");
    }
    let resp = next.run(req).await;
    tracing::debug!(%method, %path, status = resp.status().as_u16(), "sandbox request");
    resp
}

/// The feature whose endpoint `path` is, if a service may lack it.
fn feature_of(path: &str) -> Option<Feature> {
    if path == "/api/health/ping" {
        return Some(Feature::HealthCheck);
    }
    let rest = path.strip_prefix("/api/design/")?;
    match rest.split_once('/')?.1 {
        "view" => Some(Feature::DesignViews),
        "thumbnail" => Some(Feature::DesignThumbnail),
        _ => None,
    }
}

/// Answers the endpoints of the features this sandbox is told to lack
/// ([`super::SandboxConfig::without`]) with a bare 404, as a service without them does.
async fn withheld(State(state): State<SandboxState>, req: Request, next: Next) -> Response {
    match feature_of(req.uri().path()) {
        Some(feature) if state.knobs().without.contains(&feature) => {
            StatusCode::NOT_FOUND.into_response()
        }
        _ => next.run(req).await,
    }
}

/// `GET /api/health/ping`: plain text, no key needed.
async fn ping() -> &'static str {
    "pong"
}

/// Gives each request body [`super::state::Knobs::body_read_timeout`] from the head on to arrive
/// completely; a body still arriving then is answered `408 Request Timeout`.
async fn body_deadline(State(state): State<SandboxState>, req: Request, next: Next) -> Response {
    let limit = state.knobs().body_read_timeout;
    let expired = Arc::new(AtomicBool::new(false));
    let flag = expired.clone();
    let resp = next.run(req.map(|b| deadline_body(b, limit, flag))).await;
    if expired.load(Ordering::Acquire) {
        return SandboxError::RequestTimeout(format!(
            "The request body did not arrive within {} s; send it again",
            limit.as_secs_f64()
        ))
        .into_response();
    }
    resp
}

/// `body`, failing with `TimedOut` (and setting `expired`) once `limit` has passed before its
/// end. An empty body is passed through untouched.
fn deadline_body(body: Body, limit: Duration, expired: Arc<AtomicBool>) -> Body {
    if body.is_end_stream() {
        return body;
    }
    let deadline = tokio::time::Instant::now() + limit;
    let chunks = body.into_data_stream();
    Body::from_stream(futures_util::stream::unfold(Some(chunks), move |chunks| {
        let expired = expired.clone();
        async move {
            let mut chunks = chunks?;
            match tokio::time::timeout_at(deadline, chunks.next()).await {
                Ok(Some(Ok(chunk))) => Some((Ok(chunk), Some(chunks))),
                Ok(Some(Err(e))) => Some((Err(io::Error::other(e)), None)),
                Ok(None) => None,
                Err(_) => {
                    expired.store(true, Ordering::Release);
                    let e = io::Error::new(io::ErrorKind::TimedOut, "request body too slow");
                    Some((Err(e), None))
                }
            }
        }
    }))
}

/// `GET /sandbox/fixtures`: the fixture ids and keys, only when the sandbox was started with
/// [`super::SandboxConfig::expose_fixtures`] and to a caller with a valid key of this sandbox;
/// otherwise the 404 of an unknown path, so it does not even reveal that it exists.
async fn fixture_ids(State(state): State<SandboxState>, req: Request) -> Result<Json<Fixtures>> {
    let allowed = state.knobs().expose_fixtures && auth::has_valid_key(&state, req.headers());
    if allowed {
        Ok(Json(fixtures()))
    } else {
        Err(not_found(req).await)
    }
}

async fn not_found(req: Request) -> SandboxError {
    SandboxError::not_found(format!("No endpoint at {}", req.uri().path()))
}

async fn method_not_allowed(req: Request) -> SandboxError {
    SandboxError::MethodNotAllowed(format!(
        "{} is not allowed on {}",
        req.method(),
        req.uri().path()
    ))
}

/// Parses an integer path segment, naming it in the 400 otherwise.
pub(crate) fn path_id(raw: &str, what: &str) -> Result<i64> {
    raw.trim()
        .parse()
        .map_err(|_| SandboxError::bad(format!("{what} must be an integer (was {raw:?})")))
}

/// Runs CPU-bound work off the async workers.
pub(crate) async fn blocking<T: Send + 'static>(
    f: impl FnOnce() -> Result<T> + Send + 'static,
) -> Result<T> {
    tokio::task::spawn_blocking(f)
        .await
        .map_err(|e| SandboxError::Internal(format!("worker failed: {e}")))?
}
