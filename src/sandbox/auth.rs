//! Authentication: the API key from `Authorization: Bearer <key>` or `X-Api-Key: <key>`,
//! resolved to the caller's organization. Never logged.

use axum::extract::{FromRequest, FromRequestParts, Request};
use axum::http::header::AUTHORIZATION;
use axum::http::{HeaderMap, request::Parts};
use bytes::Bytes;
use serde_json::Value;

use super::error::SandboxError;
use super::state::SandboxState;

/// The authenticated caller: the vendor organization its key belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Caller {
    /// The caller's organization.
    pub org: i64,
}

/// The API key of a request: a `Bearer` token in `Authorization` (scheme in any case), else
/// the `X-Api-Key` header. Blank values count as absent.
pub fn api_key(headers: &HeaderMap) -> Option<&str> {
    let bearer = headers
        .get(AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| {
            let v = v.trim();
            let (scheme, rest) = v.split_once(' ')?;
            scheme.eq_ignore_ascii_case("bearer").then(|| rest.trim())
        })
        .filter(|k| !k.is_empty());
    bearer.or_else(|| {
        headers
            .get("x-api-key")
            .and_then(|v| v.to_str().ok())
            .map(str::trim)
            .filter(|k| !k.is_empty())
    })
}

/// Whether `headers` carry a key of this sandbox (a connection that sent one is no longer
/// treated as keyless, see [`super::serve`]).
pub fn has_valid_key(state: &SandboxState, headers: &HeaderMap) -> bool {
    api_key(headers).is_some_and(|k| state.lock().keys.contains_key(k))
}

impl FromRequestParts<SandboxState> for Caller {
    type Rejection = SandboxError;

    async fn from_request_parts(
        parts: &mut Parts,
        state: &SandboxState,
    ) -> Result<Self, Self::Rejection> {
        let key = api_key(&parts.headers)
            .ok_or_else(|| SandboxError::Unauthorized("Missing API Key".into()))?;
        let org = state.lock().keys.get(key).copied();
        org.map(|org| Caller { org })
            .ok_or_else(|| SandboxError::Unauthorized("Invalid API Key".into()))
    }
}

/// A JSON request body, read whatever the `Content-Type` says (the spec only says "bodies
/// are JSON", so a JSON body sent as `text/plain` or by `curl -d` is still read), and
/// answered with the live error body when malformed (400) or too large (413).
#[derive(Debug, Clone, PartialEq)]
pub struct JsonBody(pub Value);

impl<S: Send + Sync> FromRequest<S> for JsonBody {
    type Rejection = SandboxError;

    async fn from_request(req: Request, state: &S) -> Result<Self, Self::Rejection> {
        let bytes = Bytes::from_request(req, state).await.map_err(|e| {
            if e.status() == axum::http::StatusCode::PAYLOAD_TOO_LARGE {
                SandboxError::PayloadTooLarge("The request body is too large".into())
            } else {
                SandboxError::bad(format!("The request body could not be read: {e}"))
            }
        })?;
        if bytes.iter().all(u8::is_ascii_whitespace) {
            return Err(SandboxError::bad("A JSON request body is required"));
        }
        serde_json::from_slice(&bytes)
            .map(JsonBody)
            .map_err(|e| SandboxError::bad(format!("The request body is not valid JSON: {e}")))
    }
}

/// A JSON body that may be absent (empty body reads as `{}`), for endpoints without a
/// required body.
#[derive(Debug, Clone, PartialEq)]
pub struct OptionalJson(pub Value);

impl<S: Send + Sync> FromRequest<S> for OptionalJson {
    type Rejection = SandboxError;

    async fn from_request(req: Request, state: &S) -> Result<Self, Self::Rejection> {
        let bytes = Bytes::from_request(req, state)
            .await
            .map_err(|e| SandboxError::bad(format!("The request body could not be read: {e}")))?;
        if bytes.iter().all(u8::is_ascii_whitespace) {
            return Ok(OptionalJson(Value::Object(Default::default())));
        }
        serde_json::from_slice(&bytes)
            .map(OptionalJson)
            .map_err(|e| SandboxError::bad(format!("The request body is not valid JSON: {e}")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    #[test]
    fn key_from_either_header() {
        let mut h = HeaderMap::new();
        assert_eq!(api_key(&h), None);
        h.insert("x-api-key", HeaderValue::from_static(" k2 "));
        assert_eq!(api_key(&h), Some("k2"));
        h.insert(AUTHORIZATION, HeaderValue::from_static("bearer k1"));
        assert_eq!(api_key(&h), Some("k1"));
        h.insert(AUTHORIZATION, HeaderValue::from_static("Basic abc"));
        assert_eq!(api_key(&h), Some("k2"));
        h.remove("x-api-key");
        assert_eq!(api_key(&h), None);
    }
}
