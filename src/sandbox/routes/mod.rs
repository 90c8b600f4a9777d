//! The HTTP surface: every endpoint of the live API under `/api`, plus sandbox-only helpers
//! under `/sandbox`.

mod designs;
mod logos;
mod orders;
mod vectorize;

use std::time::Duration;

use axum::Json;
use axum::Router;
use axum::extract::{DefaultBodyLimit, Request, State};
use axum::http::StatusCode;
use axum::middleware::{Next, from_fn_with_state};
use axum::response::Response;
use axum::routing::{get, post, put};
use tower_http::timeout::TimeoutLayer;

use super::error::{Result, SandboxError};
use super::faults;
use super::fixtures::{Fixtures, fixtures};
use super::state::SandboxState;
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

/// `GET /api/health/ping`: plain text, no key needed.
async fn ping() -> &'static str {
    "pong"
}

/// `GET /sandbox/fixtures`: the fixture ids and keys (sandbox only, no key needed).
async fn fixture_ids() -> Json<Fixtures> {
    Json(fixtures())
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
