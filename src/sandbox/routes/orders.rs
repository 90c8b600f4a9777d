//! Order endpoints (1–2).

use axum::Json;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use chrono::Utc;

use super::path_id;
use crate::api::TrackingRecord;
use crate::sandbox::auth::{Caller, JsonBody};
use crate::sandbox::error::{Result, SandboxError};
use crate::sandbox::state::SandboxState;

/// `POST /api/orders`: 202 with the tracking record.
pub async fn place(
    State(state): State<SandboxState>,
    caller: Caller,
    headers: HeaderMap,
    JsonBody(body): JsonBody,
) -> Result<(StatusCode, Json<TrackingRecord>)> {
    let key = match headers.get("idempotency-key") {
        None => None,
        Some(v) => Some(
            v.to_str()
                .map_err(|_| SandboxError::bad("Idempotency-Key must be visible ASCII text"))?
                .to_owned(),
        ),
    };
    let delay = state.placement_delay();
    let accepted =
        state.write(|db| db.accept_order(caller.org, body, key.as_deref(), Utc::now(), delay))?;
    if accepted.replayed {
        tracing::debug!(id = accepted.record.id.0, "idempotent replay");
    }
    Ok((StatusCode::ACCEPTED, Json(accepted.record)))
}

/// `GET /api/orders/{id}`.
pub async fn get(
    State(state): State<SandboxState>,
    caller: Caller,
    Path(id): Path<String>,
) -> Result<Json<TrackingRecord>> {
    let id = path_id(&id, "id")?;
    let db = state.lock();
    db.orders
        .get(&id)
        .filter(|o| db.can_see(caller.org, o.target_org) || o.caller_org == caller.org)
        .map(|o| Json(o.tracking()))
        .ok_or_else(|| SandboxError::not_found(format!("Order {id} was not found")))
}
