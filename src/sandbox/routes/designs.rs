//! Design endpoints: `GET /api/design/{id}` (from the public docs), clone (12), the pictures
//! `POST /api/design/{id}/view` and `/thumbnail` (public facts), and the sandbox-only
//! `GET /sandbox/styles/{id}`.

use axum::Json;
use axum::extract::{Path, State};
use base64::Engine as _;
use base64::engine::general_purpose::STANDARD;

use super::{blocking, path_id};
use crate::api::{Design, DesignId, DesignThumbnail, DesignView, DesignViews};
use crate::imaging::encode_png_fast;
use crate::sandbox::auth::{Caller, JsonBody, OptionalJson};
use crate::sandbox::designs::{RenderedView, style as find_style};
use crate::sandbox::error::{Result, SandboxError};
use crate::sandbox::garments::thumbnail as compose_thumbnail;
use crate::sandbox::state::SandboxState;
use crate::sandbox::styles::SandboxStyle;

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

/// Plans under the lock, then reads the pictures and draws on the blocking pool.
async fn rendered(
    state: SandboxState,
    caller: Caller,
    id: &str,
    body: serde_json::Value,
) -> Result<(i64, Vec<RenderedView>)> {
    let id = path_id(id, "designId")?;
    let plan = state.lock().plan_render(caller.org, id, &body)?;
    blocking(move || Ok((id, plan.render(state.pictures())?))).await
}

/// `POST /api/design/{id}/view`: one PNG per view of the design's style, in the style's order.
pub async fn views(
    State(state): State<SandboxState>,
    caller: Caller,
    Path(id): Path<String>,
    OptionalJson(body): OptionalJson,
) -> Result<Json<DesignViews>> {
    let (id, views) = rendered(state, caller, &id, body).await?;
    let views = blocking(move || {
        Ok(views
            .iter()
            .map(|v| DesignView {
                view: v.view.to_owned(),
                view_id: Some(v.view_id),
                base64: STANDARD.encode(encode_png_fast(&v.image)),
            })
            .collect())
    })
    .await?;
    Ok(Json(DesignViews {
        design_id: DesignId(id),
        views,
    }))
}

/// `POST /api/design/{id}/thumbnail`: the views side by side in one PNG.
pub async fn thumbnail(
    State(state): State<SandboxState>,
    caller: Caller,
    Path(id): Path<String>,
    OptionalJson(body): OptionalJson,
) -> Result<Json<DesignThumbnail>> {
    let (id, views) = rendered(state, caller, &id, body).await?;
    let base64 = blocking(move || {
        let images: Vec<_> = views.into_iter().map(|v| v.image).collect();
        Ok(STANDARD.encode(encode_png_fast(&compose_thumbnail(&images))))
    })
    .await?;
    Ok(Json(DesignThumbnail {
        design_id: DesignId(id),
        base64,
    }))
}

/// `GET /sandbox/styles/{id}` (sandbox only, no key needed): a style's views with their size
/// in px and scale in px per mm.
pub async fn style(Path(id): Path<String>) -> Result<Json<SandboxStyle>> {
    let id = path_id(&id, "styleId")?;
    find_style(id)
        .map(|s| Json(s.describe()))
        .ok_or_else(|| SandboxError::not_found(format!("Style {id} was not found")))
}
