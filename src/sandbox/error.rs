//! The sandbox's error type and its HTTP form: the live service's `{"error", "message"}` body.

use axum::Json;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};

use crate::api::ErrorBody;

/// Everything that can go wrong in the sandbox, from a refused request to a broken database.
///
/// Client-side variants carry the message the caller sees; [`SandboxError::Internal`] and the
/// start-up variants are logged and answered with a generic 500 that reveals no details.
#[derive(Debug, thiserror::Error)]
pub enum SandboxError {
    /// 401: no key, or an unknown one.
    #[error("{0}")]
    Unauthorized(String),
    /// 400: the request is malformed or breaks a structural rule.
    #[error("{0}")]
    BadRequest(String),
    /// 404: the resource does not exist or belongs to another vendor.
    #[error("{0}")]
    NotFound(String),
    /// 405: the path exists but not with this method.
    #[error("{0}")]
    MethodNotAllowed(String),
    /// 409: the resource is in a state that forbids the change.
    #[error("{0}")]
    Conflict(String),
    /// 413: the upload is larger than accepted.
    #[error("{0}")]
    PayloadTooLarge(String),
    /// 415: the body has a content type or format the endpoint does not take.
    #[error("{0}")]
    UnsupportedMediaType(String),
    /// 408: the request body did not arrive in time.
    #[error("{0}")]
    RequestTimeout(String),
    /// 503: a simulated transient fault, or a change that could not be saved (and was undone).
    #[error("{0}")]
    Unavailable(String),
    /// 500: a bug or an I/O failure inside the sandbox; details are only logged.
    #[error("internal error: {0}")]
    Internal(String),
    /// The persistent store could not be opened, read or written.
    #[error("sandbox database error: {0}")]
    Database(#[from] rusqlite::Error),
    /// A stored row could not be decoded or an entity could not be encoded.
    #[error("sandbox data error: {0}")]
    Data(#[from] serde_json::Error),
    /// The listener could not be bound, or another I/O failure at start.
    #[error("sandbox I/O error: {0}")]
    Io(#[from] std::io::Error),
    /// Another sandbox holds the data file's lock: two sandboxes on one file would overwrite
    /// each other's rows.
    #[error(
        "Another sandbox is already using {}. Stop that one first, or start this one with \
         another file (--data PATH) or in memory (--ephemeral).",
        data.display()
    )]
    InUse {
        /// The data file in use.
        data: std::path::PathBuf,
    },
}

impl SandboxError {
    /// The HTTP status this error is answered with.
    pub fn status(&self) -> StatusCode {
        match self {
            Self::Unauthorized(_) => StatusCode::UNAUTHORIZED,
            Self::BadRequest(_) => StatusCode::BAD_REQUEST,
            Self::NotFound(_) => StatusCode::NOT_FOUND,
            Self::MethodNotAllowed(_) => StatusCode::METHOD_NOT_ALLOWED,
            Self::Conflict(_) => StatusCode::CONFLICT,
            Self::PayloadTooLarge(_) => StatusCode::PAYLOAD_TOO_LARGE,
            Self::UnsupportedMediaType(_) => StatusCode::UNSUPPORTED_MEDIA_TYPE,
            Self::RequestTimeout(_) => StatusCode::REQUEST_TIMEOUT,
            Self::Unavailable(_) => StatusCode::SERVICE_UNAVAILABLE,
            Self::Internal(_)
            | Self::Database(_)
            | Self::Data(_)
            | Self::Io(_)
            | Self::InUse { .. } => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    /// The error body the live service would send for this error.
    pub fn body(&self) -> ErrorBody {
        let status = self.status();
        let error = status.canonical_reason().unwrap_or("Error").to_owned();
        let message = if status == StatusCode::INTERNAL_SERVER_ERROR {
            "An internal error occurred.".to_owned()
        } else {
            self.to_string()
        };
        ErrorBody { error, message }
    }

    /// Shorthand for a 400.
    pub fn bad(msg: impl Into<String>) -> Self {
        Self::BadRequest(msg.into())
    }

    /// Shorthand for a 409.
    pub fn conflict(msg: impl Into<String>) -> Self {
        Self::Conflict(msg.into())
    }

    /// Shorthand for a 404.
    pub fn not_found(msg: impl Into<String>) -> Self {
        Self::NotFound(msg.into())
    }
}

impl IntoResponse for SandboxError {
    fn into_response(self) -> Response {
        let status = self.status();
        if status.is_server_error() && status != StatusCode::SERVICE_UNAVAILABLE {
            tracing::error!(error = %self, "sandbox request failed");
        }
        let mut resp = (status, Json(self.body())).into_response();
        if status == StatusCode::SERVICE_UNAVAILABLE {
            resp.headers_mut()
                .insert(header::RETRY_AFTER, HeaderValue::from_static("1"));
        }
        resp
    }
}

/// Result of a sandbox operation.
pub type Result<T, E = SandboxError> = std::result::Result<T, E>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn internal_errors_hide_details() {
        let e = SandboxError::Internal("disk on fire at /secret/path".into());
        let b = e.body();
        assert_eq!(b.error, "Internal Server Error");
        assert!(!b.message.contains("secret"));
    }

    #[test]
    fn unauthorized_body_matches_live() {
        let b = SandboxError::Unauthorized("Missing API Key".into()).body();
        assert_eq!(b.error, "Unauthorized");
        assert_eq!(b.message, "Missing API Key");
    }
}
