//! Vectorize tasks: `GET /api/vectorize/tasks/{id}` (13) and the sandbox-only creation.

use axum::Json;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use chrono::Utc;

use super::path_id;
use crate::api::VectorizeTask;
use crate::sandbox::auth::{Caller, JsonBody};
use crate::sandbox::error::Result;
use crate::sandbox::records::due_after;
use crate::sandbox::state::SandboxState;

/// `GET /api/vectorize/tasks/{id}`.
pub async fn get(
    State(state): State<SandboxState>,
    caller: Caller,
    Path(id): Path<String>,
) -> Result<Json<VectorizeTask>> {
    let id = path_id(&id, "taskId")?;
    Ok(Json(
        state.lock().visible_task(caller.org, id)?.task.clone(),
    ))
}

/// `POST /sandbox/vectorize/tasks` (not part of the live API): 201 with a pending task that
/// finishes after the configured vectorize delay.
pub async fn create(
    State(state): State<SandboxState>,
    caller: Caller,
    JsonBody(body): JsonBody,
) -> Result<(StatusCode, Json<VectorizeTask>)> {
    let now = Utc::now();
    let due = due_after(now, state.knobs().vectorize_delay);
    let task = state.write(|db| db.create_task(caller.org, &body, now, due))?;
    Ok((StatusCode::CREATED, Json(task)))
}
