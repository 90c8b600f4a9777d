//! The error as a person sees it.

use crate::api::ApiError;
use std::error::Error as StdError;
use std::fmt;

/// An error as a person sees it: one sentence saying what happened and what to do, and
/// details for the curious (the causes, never a key or a `Debug` dump).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UserError {
    pub message: String,
    pub details: Option<String>,
}

impl UserError {
    /// From any error: its `Display` is the sentence, its sources the details.
    pub fn from_error(e: &(dyn StdError + 'static)) -> UserError {
        let mut causes = Vec::new();
        let mut source = e.source();
        while let Some(s) = source {
            let text = s.to_string();
            if !causes.contains(&text) {
                causes.push(text);
            }
            source = s.source();
        }
        let details = causes.split_first().map(|(first, rest)| {
            let mut out = first.clone();
            for cause in rest {
                out.push('\n');
                out.push_str(&crate::tr!(
                    "backend-detail-caused-by",
                    cause = cause.as_str()
                ));
            }
            out
        });
        UserError {
            message: e.to_string(),
            details,
        }
    }

    /// From a client error: its sentence, and as details what was called and what came back
    /// (endpoint, HTTP status, the service's own words, the transport's reason). Never a key:
    /// the client keeps keys out of its errors.
    pub fn from_api(e: &ApiError) -> UserError {
        let mut lines = Vec::new();
        match e {
            ApiError::Status(s) => {
                lines.push(crate::tr!(
                    "backend-detail-request",
                    endpoint = s.endpoint.to_string()
                ));
                lines.push(crate::tr!(
                    "backend-detail-status",
                    status = s.status.to_string()
                ));
                if let Some(said) = s.server.summary() {
                    lines.push(crate::tr!("backend-detail-service-said", said = said));
                }
                if let Some(wait) = s.retry_after {
                    lines.push(crate::tr!(
                        "backend-detail-retry-after",
                        seconds = wait.as_secs().to_string()
                    ));
                }
            }
            ApiError::Network { url, reason, .. } => {
                lines.push(crate::tr!("backend-detail-address", url = url.to_string()));
                lines.push(crate::tr!(
                    "backend-detail-reason",
                    reason = reason.to_string()
                ));
            }
            ApiError::Decode {
                endpoint,
                path,
                message,
            } => {
                lines.push(crate::tr!(
                    "backend-detail-request",
                    endpoint = endpoint.to_string()
                ));
                lines.push(crate::tr!(
                    "backend-detail-at",
                    path = path.to_string(),
                    message = message.to_string()
                ));
            }
            ApiError::Validation(issues) => {
                lines.extend(issues.iter().map(|i| {
                    let sentence = crate::i18n::api::issue(i);
                    if i.path.is_empty() {
                        sentence
                    } else {
                        format!("{}: {sentence}", i.path)
                    }
                }));
            }
            _ => {}
        }
        let chained = UserError::from_error(e);
        lines.extend(chained.details);
        UserError {
            message: crate::i18n::api::error(e),
            details: (!lines.is_empty()).then(|| lines.join("\n")),
        }
    }

    /// A sentence with optional details.
    pub fn new(message: impl Into<String>, details: Option<String>) -> UserError {
        UserError {
            message: message.into(),
            details,
        }
    }
}

impl fmt::Display for UserError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn user_error_lists_causes_as_details() {
        let io = std::io::Error::other("disk on fire");
        let e = crate::store::StoreError::Open {
            path: "/x/logodesk.sqlite".into(),
            source: rusqlite::Error::InvalidPath("/x".into()),
        };
        let u = UserError::from_error(&e);
        assert!(
            u.message
                .starts_with("logodesk could not open its local database")
        );
        assert!(u.details.is_some());
        assert_eq!(UserError::from_error(&io).details, None);
    }
}
