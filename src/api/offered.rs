//! Endpoints a service may not offer: the live service has endpoints its published list does
//! not name (a design's pictures), and versions of the service in the field lack them. Such
//! an endpoint answers 405 or 501, or a 404 that is not the service's error about the
//! resource (no body, an HTML page, plain text, ASP.NET's default problem) — while the
//! resource itself reads fine. The client says so as [`ApiError::NotOffered`]
//! (`crate::api::ApiError`), names the [`Feature`] and remembers it for a while
//! ([`ClientConfig::not_offered_recheck`](crate::api::ClientConfig::not_offered_recheck)), so
//! a screen asking every frame does not ask the service every frame.

use crate::sync::Lock as _;
use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use reqwest::StatusCode;

use crate::api::message::Message;

/// How long the client believes a service lacks a feature before it asks again.
pub const NOT_OFFERED_RECHECK: Duration = Duration::from_secs(10 * 60);

/// A feature of the service with an endpoint of its own, which a service may lack.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, strum::IntoStaticStr, strum::EnumString)]
#[strum(serialize_all = "kebab-case")]
pub enum Feature {
    /// `POST /api/design/{id}/view`: a design's views drawn by the service.
    DesignViews,
    /// `POST /api/design/{id}/thumbnail`: one composite picture of a design.
    DesignThumbnail,
    /// `GET /api/health/ping`: the health check (the key is checked by another call then).
    HealthCheck,
}

impl Feature {
    /// Every feature, for listing (`logodesk sandbox --without …`).
    pub const ALL: [Feature; 3] = [
        Feature::DesignViews,
        Feature::DesignThumbnail,
        Feature::HealthCheck,
    ];

    /// Its name on the command line (`design-views`).
    pub fn name(self) -> &'static str {
        self.into()
    }

    /// "This service does not draw design views" as a message of `api.ftl`.
    pub fn message(self) -> Message {
        Message::new(match self {
            Feature::DesignViews => "api-not-offered-design-views",
            Feature::DesignThumbnail => "api-not-offered-design-thumbnail",
            Feature::HealthCheck => "api-not-offered-health-check",
        })
    }
}

/// A service answered that it does not offer the endpoint of a feature.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NotOffered {
    /// The feature.
    pub feature: Feature,
    /// `METHOD /path` of the request that found out.
    pub endpoint: String,
    /// The status it answered (404, 405 or 501).
    pub status: StatusCode,
}

impl NotOffered {
    /// What to tell a person: the feature's sentence.
    pub fn message(&self) -> Message {
        self.feature.message()
    }
}

/// Whether an answer of `status` with `body` to an endpoint of a feature of its own says the
/// endpoint is not there: 405 and 501 always; a 404 whose body is not the service's error
/// about the resource (empty, HTML, plain text, a JSON value that is no error object, or
/// ASP.NET's default problem with nothing but `type`/`title`/`status`/`traceId`).
pub fn says_not_offered(status: StatusCode, body: &[u8]) -> bool {
    match status {
        StatusCode::METHOD_NOT_ALLOWED | StatusCode::NOT_IMPLEMENTED => true,
        StatusCode::NOT_FOUND => !is_error_about_resource(body),
        _ => false,
    }
}

/// Whether a 404's body is a JSON error object that says something (`message`, `detail`, or an
/// `error`/`title` other than the status's own name).
fn is_error_about_resource(body: &[u8]) -> bool {
    let Ok(serde_json::Value::Object(map)) = serde_json::from_slice::<serde_json::Value>(body)
    else {
        return false;
    };
    let said = |key: &str| {
        map.iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(key))
            .and_then(|(_, v)| v.as_str())
            .map(str::trim)
            .filter(|s| !s.is_empty())
    };
    let generic = |s: &str| s.eq_ignore_ascii_case("not found") || s == "404";
    said("message").is_some()
        || said("detail").is_some()
        || said("error").is_some_and(|s| !generic(s))
        || said("title").is_some_and(|s| !generic(s))
}

/// What a client remembers of features its service lacks: when each was last found missing.
#[derive(Debug)]
pub(crate) struct Missing {
    recheck: Duration,
    found: Mutex<HashMap<Feature, (Instant, NotOffered)>>,
}

impl Missing {
    pub(crate) fn new(recheck: Duration) -> Self {
        Missing {
            recheck,
            found: Mutex::default(),
        }
    }

    /// The answer remembered for `feature`, while it is younger than the recheck interval.
    pub(crate) fn known(&self, feature: Feature) -> Option<NotOffered> {
        let mut found = self.found.locked();
        match found.get(&feature) {
            Some((at, answer)) if at.elapsed() < self.recheck => Some(answer.clone()),
            Some(_) => {
                found.remove(&feature);
                None
            }
            None => None,
        }
    }

    pub(crate) fn remember(&self, answer: &NotOffered) {
        self.found
            .locked()
            .insert(answer.feature, (Instant::now(), answer.clone()));
    }

    /// The feature answered: it is there (again).
    pub(crate) fn forget(&self, feature: Feature) {
        self.found.locked().remove(&feature);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn status_405_and_501_always_say_not_offered() {
        for status in [StatusCode::METHOD_NOT_ALLOWED, StatusCode::NOT_IMPLEMENTED] {
            assert!(says_not_offered(status, b""));
            assert!(says_not_offered(
                status,
                br#"{"error":"NotFound","message":"Design 3001 was not found"}"#
            ));
        }
    }

    #[test]
    fn a_404_without_the_services_error_says_not_offered() {
        let bodies: [&[u8]; 7] = [
            b"",
            b"  \n",
            b"<!DOCTYPE html><html><body><h1>404 Not Found</h1></body></html>",
            b"Cannot POST /api/design/3001/view",
            b"\"Not Found\"",
            br#"{"type":"https://tools.ietf.org/html/rfc9110#section-15.5.5","title":"Not Found","status":404,"traceId":"00-abc-def-00"}"#,
            br#"{"error":"Not Found"}"#,
        ];
        for body in bodies {
            assert!(
                says_not_offered(StatusCode::NOT_FOUND, body),
                "{}",
                String::from_utf8_lossy(body)
            );
        }
    }

    #[test]
    fn a_404_with_the_services_error_about_the_resource_stays_not_found() {
        let bodies: [&[u8]; 4] = [
            br#"{"error":"NotFound","message":"Design 3001 was not found"}"#,
            br#"{"title":"Not Found","status":404,"detail":"No design with id 3001"}"#,
            br#"{"error":"DesignNotFound"}"#,
            br#"{"Message":"Design 3001 does not exist"}"#,
        ];
        for body in bodies {
            assert!(
                !says_not_offered(StatusCode::NOT_FOUND, body),
                "{}",
                String::from_utf8_lossy(body)
            );
        }
    }

    #[test]
    fn other_statuses_are_not_about_the_endpoint() {
        for status in [
            StatusCode::BAD_REQUEST,
            StatusCode::FORBIDDEN,
            StatusCode::INTERNAL_SERVER_ERROR,
            StatusCode::SERVICE_UNAVAILABLE,
        ] {
            assert!(!says_not_offered(status, b""), "{status}");
        }
    }

    #[test]
    fn missing_features_are_remembered_until_the_recheck() {
        let answer = NotOffered {
            feature: Feature::DesignViews,
            endpoint: "POST /api/design/3001/view".into(),
            status: StatusCode::NOT_FOUND,
        };
        let kept = Missing::new(Duration::from_secs(600));
        assert_eq!(kept.known(Feature::DesignViews), None);
        kept.remember(&answer);
        assert_eq!(kept.known(Feature::DesignViews), Some(answer.clone()));
        assert_eq!(kept.known(Feature::DesignThumbnail), None);
        kept.forget(Feature::DesignViews);
        assert_eq!(kept.known(Feature::DesignViews), None);

        let brief = Missing::new(Duration::ZERO);
        brief.remember(&answer);
        assert_eq!(brief.known(Feature::DesignViews), None, "asked again");
    }

    #[test]
    fn features_have_command_line_names() {
        assert_eq!(Feature::DesignViews.name(), "design-views");
        assert_eq!("design-thumbnail".parse(), Ok(Feature::DesignThumbnail));
        assert!("views".parse::<Feature>().is_err());
    }
}
