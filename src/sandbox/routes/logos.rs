//! Logo endpoints (3–11).

use std::collections::HashMap;

use axum::Json;
use axum::extract::{FromRequest as _, Multipart, Path, RawQuery, Request, State};
use axum::http::header::{CONTENT_LENGTH, CONTENT_TYPE};
use chrono::Utc;

use super::{blocking, path_id};
use crate::api::{Logo, LogoSummary, Page};
use crate::imaging::Limits;
use crate::sandbox::auth::{Caller, JsonBody, OptionalJson};
use crate::sandbox::error::{Result, SandboxError};
use crate::sandbox::logos::{self as ops, DEFAULT_LIMIT, MAX_LIMIT};
use crate::sandbox::pictures::LogoOut;
use crate::sandbox::state::SandboxState;

/// A positive integer query parameter; absent or blank gives `default`.
fn positive_param(q: &HashMap<String, String>, name: &str, default: i64) -> Result<i64> {
    let raw = q
        .iter()
        .find(|(k, _)| k.eq_ignore_ascii_case(name))
        .map(|(_, v)| v.trim())
        .filter(|v| !v.is_empty());
    let Some(raw) = raw else {
        return Ok(default);
    };
    match raw.parse::<i64>() {
        Ok(v) if v > 0 => Ok(v),
        _ => Err(SandboxError::bad(format!(
            "{name} must be a positive integer (was {raw:?})"
        ))),
    }
}

/// `GET /api/logos?page&limit&search`.
pub async fn list(
    State(state): State<SandboxState>,
    caller: Caller,
    RawQuery(raw): RawQuery,
) -> Result<Json<Page<LogoSummary>>> {
    let q: HashMap<String, String> =
        url::form_urlencoded::parse(raw.unwrap_or_default().as_bytes())
            .into_owned()
            .collect();
    let page = positive_param(&q, "page", 1)?;
    let limit = positive_param(&q, "limit", DEFAULT_LIMIT)?.min(MAX_LIMIT);
    let search = q
        .iter()
        .find(|(k, _)| k.eq_ignore_ascii_case("search"))
        .map(|(_, v)| v.as_str());
    let out = state.lock().list_logos(caller.org, page, limit, search);
    let pictures = state.pictures().clone();
    blocking(move || pictures.fill_summaries(out))
        .await
        .map(Json)
}

/// Answers a logo with its pictures, read from the store outside the state lock.
async fn answer(state: &SandboxState, out: LogoOut) -> Result<Json<Logo>> {
    let pictures = state.pictures().clone();
    blocking(move || pictures.fill_logo(out)).await.map(Json)
}

/// `GET /api/logo/{id}`.
pub async fn get(
    State(state): State<SandboxState>,
    caller: Caller,
    Path(id): Path<String>,
) -> Result<Json<Logo>> {
    let id = path_id(&id, "logoId")?;
    let out = state.lock().visible_logo(caller.org, id)?.out();
    answer(&state, out).await
}

/// `GET /api/logo/itemno/{logoItemNo}`.
pub async fn by_item_no(
    State(state): State<SandboxState>,
    caller: Caller,
    Path(item_no): Path<String>,
) -> Result<Json<Logo>> {
    let item_no = path_id(&item_no, "logoItemNo")?;
    let out = state
        .lock()
        .visible_logo_by_item_no(caller.org, item_no)?
        .out();
    answer(&state, out).await
}

/// The 413 of an upload larger than accepted.
fn too_large() -> SandboxError {
    SandboxError::PayloadTooLarge(format!(
        "The upload is larger than accepted; files may be at most {} MiB",
        Limits::default().max_file_bytes / (1024 * 1024)
    ))
}

fn multipart_error(e: axum::extract::multipart::MultipartError) -> SandboxError {
    if e.status() == axum::http::StatusCode::PAYLOAD_TOO_LARGE {
        too_large()
    } else {
        SandboxError::bad(format!("The multipart body could not be read: {e}"))
    }
}

/// `POST /api/logo/upload` (multipart: `File`, `title`, `organizationId`).
pub async fn upload(
    State(state): State<SandboxState>,
    caller: Caller,
    req: Request,
) -> Result<Json<Logo>> {
    let ct = req
        .headers()
        .get(CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default()
        .to_ascii_lowercase();
    if !ct.starts_with("multipart/form-data") {
        return Err(SandboxError::UnsupportedMediaType(
            "Upload a logo as multipart/form-data with the parts File, title and (optionally) \
             organizationId"
                .into(),
        ));
    }
    // A body declared too large is refused before it is read or waits for a turn.
    let declared = req
        .headers()
        .get(CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.trim().parse::<u64>().ok());
    if declared.is_some_and(|n| n > super::upload_body_limit() as u64) {
        return Err(too_large());
    }
    // The body is read only with a turn, so at most that many are in memory and decoded.
    let turn = state.upload_turn().await?;
    let mut mp = Multipart::from_request(req, &state)
        .await
        .map_err(|e| SandboxError::bad(format!("The multipart body could not be read: {e}")))?;
    let (mut file, mut title, mut org) = (None, None, None);
    while let Some(field) = mp.next_field().await.map_err(multipart_error)? {
        let name = field.name().unwrap_or_default().to_ascii_lowercase();
        match name.as_str() {
            "file" => file = Some(field.bytes().await.map_err(multipart_error)?),
            "title" => title = Some(field.text().await.map_err(multipart_error)?),
            "organizationid" => org = Some(field.text().await.map_err(multipart_error)?),
            _ => {}
        }
    }
    let title = ops::check_title(title.as_deref().unwrap_or_default())?;
    let file = file.ok_or_else(|| SandboxError::bad("The File part is required"))?;
    let org = match org.as_deref().map(str::trim).filter(|s| !s.is_empty()) {
        None => None,
        Some(s) => Some(s.parse::<i64>().map_err(|_| {
            SandboxError::bad(format!("organizationId must be an integer (was {s:?})"))
        })?),
    };
    let target = state.lock().target_org(caller.org, org)?;
    let prepared = blocking(move || {
        // Given back when decoding ends, even if the request was given up meanwhile.
        let _turn = turn;
        ops::prepare_upload(&file, &title)
    })
    .await?;
    let out = state.write(|db| db.insert_upload(target, prepared, Utc::now()))?;
    answer(&state, out).await
}

/// `PUT /api/logo/{id}/commit`.
pub async fn commit(
    State(state): State<SandboxState>,
    caller: Caller,
    Path(id): Path<String>,
    OptionalJson(_): OptionalJson,
) -> Result<Json<Logo>> {
    let id = path_id(&id, "logoId")?;
    let out = state.write(|db| db.commit_logo(caller.org, id))?;
    answer(&state, out).await
}

/// `POST /api/logo/{id}/updatemethod`.
pub async fn update_method(
    State(state): State<SandboxState>,
    caller: Caller,
    Path(id): Path<String>,
    JsonBody(body): JsonBody,
) -> Result<Json<Logo>> {
    let id = path_id(&id, "logoId")?;
    let out = state.write(|db| db.update_method(caller.org, id, &body))?;
    answer(&state, out).await
}

/// `POST /api/logo/{id}/changecolors`: planned under the lock, rendered outside it, applied
/// under it again.
pub async fn change_colors(
    State(state): State<SandboxState>,
    caller: Caller,
    Path(id): Path<String>,
    JsonBody(body): JsonBody,
) -> Result<Json<Logo>> {
    let id = path_id(&id, "logoId")?;
    let plan = state.lock().plan_color_change(caller.org, id, &body)?;
    let pictures = state.pictures().clone();
    let rendered = blocking(move || ops::render(&plan, &pictures)).await?;
    let out = state.write(|db| db.apply_color_change(caller.org, id, &body, rendered))?;
    answer(&state, out).await
}

/// `POST /api/logo/{id}/resize`.
pub async fn resize(
    State(state): State<SandboxState>,
    caller: Caller,
    Path(id): Path<String>,
    JsonBody(body): JsonBody,
) -> Result<Json<Logo>> {
    let id = path_id(&id, "logoId")?;
    let out = state.write(|db| db.resize_logo(caller.org, id, &body))?;
    answer(&state, out).await
}

/// `PUT /api/logo/{id}/rename`.
pub async fn rename(
    State(state): State<SandboxState>,
    caller: Caller,
    Path(id): Path<String>,
    JsonBody(body): JsonBody,
) -> Result<Json<Logo>> {
    let id = path_id(&id, "logoId")?;
    let out = state.write(|db| db.rename_logo(caller.org, id, &body))?;
    answer(&state, out).await
}
