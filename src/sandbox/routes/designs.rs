//! Design endpoints: `GET /api/design/{id}` (from the public docs) and clone (12).

use axum::Json;
use axum::extract::{Path, State};

use super::path_id;
use crate::api::Design;
use crate::sandbox::auth::{Caller, JsonBody};
use crate::sandbox::error::Result;
use crate::sandbox::state::SandboxState;

/// `GET /api/design/{id}`.
pub async fn get(
    State(state): State<SandboxState>,
    caller: Caller,
    Path(id): Path<String>,
) -> Result<Json<Design>> {
    let id = path_id(&id, "designId")?;
    Ok(Json(
        state.lock().visible_design(caller.org, id)?.design.clone(),
    ))
}

/// `POST /api/design/{id}/clone`: the new designs, in the order of the variations.
pub async fn clone(
    State(state): State<SandboxState>,
    caller: Caller,
    Path(id): Path<String>,
    JsonBody(body): JsonBody,
) -> Result<Json<Vec<Design>>> {
    let id = path_id(&id, "designId")?;
    state
        .write(|db| db.clone_design(caller.org, id, &body))
        .map(Json)
}
