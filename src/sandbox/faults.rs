//! Simulated transient faults: a share of requests fails *after* the change was applied,
//! half with `503` + `Retry-After: 1`, half by dropping the connection mid-response.

use axum::body::Body;
use axum::extract::{Request, State};
use axum::middleware::Next;
use axum::response::{IntoResponse as _, Response};
use bytes::Bytes;

use super::error::SandboxError;
use super::state::SandboxState;

/// Path never affected by faults.
pub const HEALTH_PATH: &str = "/api/health/ping";

/// Middleware: lets the request through, then possibly replaces the answer with a fault.
pub async fn inject(State(state): State<SandboxState>, req: Request, next: Next) -> Response {
    let rate = state.knobs().fault_rate;
    if rate <= 0.0 || req.uri().path() == HEALTH_PATH {
        return next.run(req).await;
    }
    let hit = state.random() < rate;
    let resp = next.run(req).await;
    if !hit {
        return resp;
    }
    if state.random() < 0.5 {
        tracing::debug!("simulated fault: 503");
        SandboxError::Unavailable(
            "The service is temporarily unavailable (simulated fault); retry later".into(),
        )
        .into_response()
    } else {
        tracing::debug!("simulated fault: dropped connection");
        dropped(resp)
    }
}

/// Keeps the status and headers but replaces the body with one that fails at once, so the
/// server aborts the connection before a complete answer is sent.
fn dropped(resp: Response) -> Response {
    let (mut parts, _) = resp.into_parts();
    parts.headers.remove(axum::http::header::CONTENT_LENGTH);
    let stream = futures_util::stream::once(async {
        Err::<Bytes, std::io::Error>(std::io::Error::new(
            std::io::ErrorKind::ConnectionAborted,
            "simulated connection drop",
        ))
    });
    Response::from_parts(parts, Body::from_stream(stream))
}
