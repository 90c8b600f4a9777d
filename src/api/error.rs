//! The one error type of the client, [`ApiError`], and the parsing of the service's error bodies.
//!
//! Every variant's `Display` is a sentence a person can act on; none of them ever contains the
//! API key or a `Debug` dump. The details stay available through the variant's fields.

use reqwest::StatusCode;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::time::Duration;

use crate::api::ids::{DesignId, LogoId, OrderId, TaskId};
use crate::api::message::{Arg, Message};
use crate::api::offered::NotOffered;

/// Everything that can go wrong when talking to the service.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ApiError {
    /// The service could not be reached, or the connection broke off.
    Network {
        /// What kind of network failure this was.
        kind: NetworkErrorKind,
        /// The address that was called (scheme, host and path; never a query or a key).
        url: String,
        /// A short, lower-case reason such as `connection refused`.
        reason: String,
        /// The underlying transport error.
        #[source]
        source: reqwest::Error,
    },
    /// The service answered with a non-success HTTP status.
    Status(Box<StatusError>),
    /// Something between the client and the service answered instead of it, or stood in the
    /// way: a proxy or gateway, a captive portal's page, a network that inspects traffic (see
    /// [`crate::api::intermediary`]). Counts as the service being out of reach.
    Intermediary {
        /// What answered, and how.
        kind: crate::api::intermediary::IntermediaryKind,
        /// The address that was called (scheme, host and path; never a query or a key).
        url: String,
        /// The transport error, when there was one (a refused tunnel, a certificate).
        #[source]
        source: Option<reqwest::Error>,
    },
    /// The service answered with success, but the body did not match the model.
    Decode {
        /// `METHOD /path` of the request.
        endpoint: String,
        /// JSON path of the offending value, e.g. `items[3].colors[0].red` (`.` for the root).
        path: String,
        /// What was expected and what was found.
        message: String,
    },
    /// The service answered with success, but a value in it is impossible (a size of `"inf"`
    /// mm, a negative price, a quantity in the trillions): the answer is refused whole rather
    /// than shown or summed.
    Implausible {
        /// `METHOD /path` of the request.
        endpoint: String,
        /// JSON path of the offending value.
        path: String,
        /// What was accepted and what was found (redacted and shortened).
        message: String,
    },
    /// The service's answer was larger than the client reads (see
    /// [`ClientConfig::max_body_bytes`](crate::api::ClientConfig::max_body_bytes)).
    TooLarge {
        /// `METHOD /path` of the request.
        endpoint: String,
        /// The limit in force, in bytes.
        limit: usize,
        /// The size the service announced in `Content-Length`, if it did.
        announced: Option<u64>,
    },
    /// The request was not sent because it breaks rules the client can check itself.
    Validation(Vec<ValidationIssue>),
    /// The client's configuration is unusable (for example a malformed base URL), or a request
    /// could not be prepared.
    Config(ConfigProblem),
    /// The service does not offer the endpoint of a feature (see [`crate::api::offered`]).
    NotOffered(NotOffered),
}

/// Why a client could not be built or a request could not be prepared ([`ApiError::Config`]).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ConfigProblem {
    /// The base address is not a URL at all.
    AddressInvalid {
        /// The address as given.
        address: String,
        /// Why the URL parser refused it.
        reason: String,
    },
    /// The base address is not `http(s)://` or names no host.
    AddressNotWeb {
        /// The address as given.
        address: String,
    },
    /// `http://` to another computer: the key would travel unencrypted.
    AddressUnencrypted {
        /// The address as given.
        address: String,
    },
    /// The base address carries a user name or password.
    AddressHasUser,
    /// No API key.
    NoKey,
    /// The key cannot be put in a header.
    KeyUnsendable,
    /// The HTTP client could not be built.
    HttpClient {
        /// The HTTP library's reason.
        reason: String,
    },
    /// A path could not be joined to the base address.
    Path {
        /// The endpoint's path.
        path: String,
        /// The URL parser's reason.
        reason: String,
    },
    /// The idempotency key cannot be put in a header.
    IdempotencyKeyUnsendable,
    /// A multipart upload was sent already (its body is consumed).
    UploadSentTwice,
    /// The body could not be serialised.
    Body {
        /// The serialiser's reason.
        reason: String,
    },
    /// The query is not a flat set of values.
    Query,
}

/// What a request was about, for the sentence of a 404.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Subject {
    /// A logo by id.
    Logo(LogoId),
    /// A logo by its item number.
    LogoItemNo(String),
    /// A design by id.
    Design(DesignId),
    /// A garment style (sandbox).
    Style(i64),
    /// A vectorize task.
    VectorizeTask(TaskId),
    /// An order by its tracking id.
    Order(OrderId),
    /// `GET /api/health/ping`.
    HealthCheck,
    /// The upload endpoint.
    UploadEndpoint,
    /// The order endpoint.
    OrderEndpoint,
}

/// The kind of a [`ApiError::Network`] failure.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum NetworkErrorKind {
    /// The connection or the whole request took longer than the configured timeout.
    Timeout,
    /// No connection could be made (refused, DNS failure, TLS handshake, ...).
    Connect,
    /// Anything else (the connection broke off while sending or reading).
    Other,
}

/// A non-success answer of the service (kept boxed inside [`ApiError::Status`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StatusError {
    /// The HTTP status.
    pub status: StatusCode,
    /// `METHOD /path` of the request.
    pub endpoint: String,
    /// What the request was about, e.g. logo 42; used for 404 sentences.
    pub subject: Option<Subject>,
    /// What the service said, whatever the body's form.
    pub server: ServerMessage,
    /// The `Retry-After` the service asked for, if any.
    pub retry_after: Option<Duration>,
}

/// One problem found in a request before it was sent, or reported per field by the service.
///
/// `path` names the field in the request's JSON (`designs[0].instances[2].number`,
/// `deliveryAddress.country`, `reference`); `message` is a sentence to show beside it (in
/// English). The client's own checks also say which [`Rule`] was broken, so an application can
/// put the sentence in its person's language; the service's per-field errors have no rule.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ValidationIssue {
    /// JSON path of the field, in the request's own (camelCase) names.
    pub path: String,
    /// A sentence a person can act on.
    pub message: String,
    /// The rule of the client's own checks that was broken, when it was one of them.
    #[serde(skip)]
    pub rule: Option<Rule>,
}

impl ValidationIssue {
    /// A new issue with its sentence (the service's, or an application's own).
    pub fn new(path: impl Into<String>, message: impl Into<String>) -> Self {
        ValidationIssue {
            path: path.into(),
            message: message.into(),
            rule: None,
        }
    }

    /// An issue of the client's own checks: `rule` broken at `path`.
    pub fn broken(path: impl Into<String>, rule: Rule) -> Self {
        ValidationIssue {
            path: path.into(),
            message: rule.to_string(),
            rule: Some(rule),
        }
    }
}

/// A rule the client checks before sending a request; `Display` is the English sentence.
#[derive(Debug, Clone, PartialEq, Eq, Hash, thiserror::Error)]
#[non_exhaustive]
pub enum Rule {
    // Orders.
    /// A quantity below 1.
    QuantityTooSmall {
        /// The quantity given.
        quantity: i64,
    },
    /// A negative storage quantity.
    StorageNegative {
        /// The storage quantity given.
        quantity: i64,
    },
    /// An order without designs and logos.
    NothingToOrder,
    /// An order without a reference.
    NoReference,
    /// An e-mail address that is not one.
    EmailImplausible {
        /// The address given.
        email: String,
    },
    /// No recipient.
    RecipientMissing,
    /// No street address.
    StreetMissing,
    /// No postal code.
    ZipMissing,
    /// No city.
    CityMissing,
    /// No country.
    CountryMissing,
    /// A country code in small letters.
    CountryLowercase {
        /// The code in capitals.
        upper: String,
    },
    /// A country that is not a 2-letter code.
    CountryNotCode {
        /// What was given.
        given: String,
    },
    /// A design line without its item number.
    DesignRefMissing,
    /// A design line without sizes.
    NoSizes,
    /// A design line with more instances than the service takes.
    TooManyInstances {
        /// Instances of the line.
        count: usize,
        /// The most the service takes ([`crate::api::MAX_INSTANCES_PER_DESIGN`]).
        max: usize,
    },
    /// A design instance without a size.
    SizeMissing,
    /// A shirt number with other characters than digits.
    NumberNotDigits {
        /// The number given.
        number: String,
    },
    /// A placeholder logo's value left empty.
    PlaceholderEmpty {
        /// The placeholder logo.
        logo: LogoId,
    },
    /// A logo line without its item number.
    LogoSkuMissing,
    /// A NumberLogo ordered by quantity.
    NumberLogoByQuantity {
        /// The logo, as `logo 5` or `logo SKU`.
        logo: String,
    },
    /// Digits for a logo that is not a NumberLogo.
    DigitsForOtherKind {
        /// The logo, as `logo 5` or `logo SKU`.
        logo: String,
        /// Its kind.
        kind: crate::api::models::LogoType,
    },
    /// Ordered by digits, without digits.
    NoDigits,
    /// An empty digit.
    DigitMissing,
    /// A digit that is not digits.
    DigitNotDigits {
        /// The digit given.
        digit: String,
    },
    // Logos.
    /// An empty file.
    FileEmpty {
        /// The file's name.
        file_name: String,
    },
    /// A file without a name.
    FileUnnamed,
    /// A logo without a title.
    TitleMissing,
    /// A content type the HTTP library refuses.
    ContentTypeInvalid {
        /// The content type.
        content_type: String,
    },
    /// A color change without changes.
    NoColorChange,
    /// A color change without the original colors.
    OriginalColorsMissing,
    /// A color change without the new colors.
    NewColorsMissing,
    /// Not one new color per original color.
    ColorCountMismatch {
        /// Original colors.
        from: usize,
        /// New colors.
        to: usize,
    },
    /// A resize without a side.
    ResizeNoSide,
    /// A size that is not a positive number.
    SizeNotPositive {
        /// What was given.
        given: String,
    },
    /// No transfer method.
    MethodMissing,
    // Designs.
    /// A clone without variations.
    NoVariations,
    /// A variation without a title.
    VariationTitleMissing,
    /// A placement without a view.
    ViewMissing,
    /// A coordinate or angle that is not finite.
    NotFinite,
}

impl fmt::Display for ValidationIssue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.path.is_empty() {
            f.write_str(&self.message)
        } else {
            write!(f, "{}: {}", self.path, self.message)
        }
    }
}

/// What the service said in an error body, whatever its form: the live `{"error","message"}`,
/// ASP.NET problem+json (`title`, `detail`, `errors`), plain text, or nothing.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ServerMessage {
    /// Short error name: the live `error` field or problem+json `title`.
    pub error: Option<String>,
    /// The explanation: the live `message`, problem+json `detail`, or a plain-text body.
    pub message: Option<String>,
    /// Per-field messages of a problem+json `errors` map, in the service's own field names.
    pub field_errors: Vec<FieldError>,
}

/// Messages the service gave for one field.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FieldError {
    /// The field as the service names it, e.g. `DeliveryAddress.Zip` or `$.designs[0].quantity`.
    pub field: String,
    /// The messages for it.
    pub messages: Vec<String>,
}

/// Longest plain-text body kept as a message; beyond it the text is cut at a character boundary.
pub(crate) const MAX_TEXT: usize = 300;

/// Most fields (and messages per field) of a problem+json `errors` map kept.
const MAX_FIELD_ERRORS: usize = 50;

/// What replaces the API key wherever server text quotes it.
pub(crate) const REDACTED: &str = "<redacted>";

/// `32 MiB`, `64 KiB`, `512 bytes`.
pub(crate) fn human_size(n: usize) -> String {
    const KIB: usize = 1024;
    if n >= KIB * KIB && n.is_multiple_of(KIB * KIB) {
        format!("{} MiB", n / (KIB * KIB))
    } else if n >= KIB * KIB {
        format!("{:.1} MiB", n as f64 / (KIB * KIB) as f64)
    } else if n >= KIB && n.is_multiple_of(KIB) {
        format!("{} KiB", n / KIB)
    } else {
        format!("{n} bytes")
    }
}

/// Replaces every occurrence of `secret` in `bytes` with [`REDACTED`]. Runs on whole answers
/// *before* anything is parsed, cut or shown, so no part of server text can carry the key on.
pub(crate) fn redact_bytes<'a>(bytes: &'a [u8], secret: &str) -> std::borrow::Cow<'a, [u8]> {
    let needle = secret.as_bytes();
    if needle.is_empty() || bytes.len() < needle.len() {
        return std::borrow::Cow::Borrowed(bytes);
    }
    let find = |from: usize| -> Option<usize> {
        let first = needle[0];
        let mut i = from;
        while i + needle.len() <= bytes.len() {
            let rel = bytes[i..=bytes.len() - needle.len()]
                .iter()
                .position(|&b| b == first)?;
            i += rel;
            if bytes[i..].starts_with(needle) {
                return Some(i);
            }
            i += 1;
        }
        None
    };
    let Some(mut at) = find(0) else {
        return std::borrow::Cow::Borrowed(bytes);
    };
    let mut out = Vec::with_capacity(bytes.len());
    let mut from = 0;
    loop {
        out.extend_from_slice(&bytes[from..at]);
        out.extend_from_slice(REDACTED.as_bytes());
        from = at + needle.len();
        match find(from) {
            Some(next) => at = next,
            None => break,
        }
    }
    out.extend_from_slice(&bytes[from..]);
    std::borrow::Cow::Owned(out)
}

/// Drops a tail of `bytes` that is the beginning of `secret` (at least 4 bytes of it): what is
/// left when an answer is cut off in the middle of an echoed key.
pub(crate) fn drop_secret_prefix_tail(bytes: &mut Vec<u8>, secret: &str) {
    let needle = secret.as_bytes();
    for len in (4..needle.len().min(bytes.len() + 1)).rev() {
        if bytes.ends_with(&needle[..len]) {
            bytes.truncate(bytes.len() - len);
            return;
        }
    }
}

/// Server text for a sentence: the key redacted first, then whitespace collapsed and the
/// length capped at [`MAX_TEXT`] characters.
pub(crate) fn redact_then_shorten(text: &str, secret: &str) -> String {
    let redacted = if secret.is_empty() {
        text.to_owned()
    } else {
        text.replace(secret, REDACTED)
    };
    non_empty(&redacted).unwrap_or_default()
}

impl ServerMessage {
    /// Parses an error body of any form. HTML pages (proxies, gateways) are ignored.
    pub fn parse(body: &[u8]) -> ServerMessage {
        Self::parse_redacted(body, "")
    }

    /// Like [`parse`](Self::parse), taking `secret` out of every text *before* it is
    /// shortened (also where the service spelled it with JSON escapes).
    pub fn parse_redacted(body: &[u8], secret: &str) -> ServerMessage {
        let clean = |s: &str| -> Option<String> {
            if secret.is_empty() || !s.contains(secret) {
                non_empty(s)
            } else {
                non_empty(&s.replace(secret, REDACTED))
            }
        };
        let text = String::from_utf8_lossy(body);
        let text = text.trim();
        if text.is_empty() || text.starts_with('<') {
            return ServerMessage::default();
        }
        match serde_json::from_str::<serde_json::Value>(text) {
            Ok(serde_json::Value::Object(map)) => Self::from_json_object(&map, &clean),
            Ok(serde_json::Value::String(s)) => ServerMessage {
                message: clean(&s),
                ..Default::default()
            },
            Ok(_) => ServerMessage::default(),
            // JSON that cannot be read (cut off, or nested beyond the parser's depth limit)
            // says nothing a person could use.
            Err(_) if text.starts_with(['{', '[']) => ServerMessage::default(),
            Err(_) => ServerMessage {
                message: clean(text),
                ..Default::default()
            },
        }
    }

    fn from_json_object(
        map: &serde_json::Map<String, serde_json::Value>,
        clean: &dyn Fn(&str) -> Option<String>,
    ) -> ServerMessage {
        // Keys are matched case-insensitively: ASP.NET may write `Title` or `title`.
        let get = |name: &str| {
            map.iter()
                .find(|(k, _)| k.eq_ignore_ascii_case(name))
                .and_then(|(_, v)| v.as_str())
                .and_then(clean)
        };
        let mut field_errors = Vec::new();
        if let Some((_, serde_json::Value::Object(errors))) =
            map.iter().find(|(k, _)| k.eq_ignore_ascii_case("errors"))
        {
            for (field, v) in errors.iter().take(MAX_FIELD_ERRORS) {
                let messages: Vec<String> = match v {
                    serde_json::Value::Array(items) => items
                        .iter()
                        .take(MAX_FIELD_ERRORS)
                        .filter_map(|m| m.as_str().and_then(clean))
                        .collect(),
                    serde_json::Value::String(s) => clean(s).into_iter().collect(),
                    _ => Vec::new(),
                };
                if !messages.is_empty() {
                    field_errors.push(FieldError {
                        field: clean(field).unwrap_or_default(),
                        messages,
                    });
                }
            }
        }
        ServerMessage {
            error: get("error").or_else(|| get("title")),
            message: get("message").or_else(|| get("detail")),
            field_errors,
        }
    }

    /// The best single text to show: the message, else the field errors, else the error name.
    pub fn summary(&self) -> Option<String> {
        if let Some(m) = &self.message {
            return Some(m.clone());
        }
        if !self.field_errors.is_empty() {
            let parts: Vec<String> = self
                .field_errors
                .iter()
                .map(|fe| {
                    let msgs = fe
                        .messages
                        .iter()
                        .map(|m| m.trim_end_matches('.'))
                        .collect::<Vec<_>>()
                        .join("; ");
                    format!("{}: {}", field_to_path(&fe.field), msgs)
                })
                .collect();
            return Some(parts.join("; "));
        }
        self.error.clone()
    }

    /// The field errors as [`ValidationIssue`]s, with field names turned into request paths
    /// (`$.Designs[0].Quantity` → `designs[0].quantity`) so the UI can show them inline.
    pub fn issues(&self) -> Vec<ValidationIssue> {
        self.field_errors
            .iter()
            .flat_map(|fe| {
                let path = field_to_path(&fe.field);
                fe.messages
                    .iter()
                    .map(move |m| ValidationIssue::new(path.clone(), m.clone()))
            })
            .collect()
    }
}

/// `$.DeliveryAddress.Zip` → `deliveryAddress.zip`, `Designs[0].Instances[1].Number` →
/// `designs[0].instances[1].number`.
fn field_to_path(field: &str) -> String {
    let f = field.trim();
    let f = f
        .strip_prefix("$.")
        .or_else(|| f.strip_prefix('$'))
        .unwrap_or(f);
    f.split('.')
        .map(|seg| {
            let mut chars = seg.chars();
            match chars.next() {
                Some(c) => c.to_lowercase().chain(chars).collect::<String>(),
                None => String::new(),
            }
        })
        .collect::<Vec<_>>()
        .join(".")
}

/// Trims, collapses whitespace, caps the length; `None` when nothing is left.
fn non_empty(s: &str) -> Option<String> {
    let collapsed = s.split_whitespace().collect::<Vec<_>>().join(" ");
    if collapsed.is_empty() {
        return None;
    }
    if collapsed.chars().count() > MAX_TEXT {
        let cut: String = collapsed.chars().take(MAX_TEXT).collect();
        Some(format!("{}…", cut.trim_end()))
    } else {
        Some(collapsed)
    }
}

/// The service's words, trimmed, as the end of a sentence: with a full stop unless they end
/// with punctuation already.
fn closed(text: &str) -> String {
    let text = text.trim();
    if text.ends_with(['.', '!', '?', '…']) {
        text.to_owned()
    } else {
        format!("{text}.")
    }
}

/// `s`, with a full stop unless it ends with one, `!` or `?`.
fn end_sentence(s: &str) -> String {
    if s.ends_with(['.', '!', '?']) {
        s.to_owned()
    } else {
        format!("{s}.")
    }
}

pub(crate) fn status_label(status: StatusCode) -> String {
    match status.canonical_reason() {
        Some(reason) => format!("{} {}", status.as_u16(), reason),
        None => status.as_u16().to_string(),
    }
}

/// `Display` is the English sentence of the type's `message()`.
macro_rules! display_in_english {
    ($($ty:ty),+) => {$(
        impl fmt::Display for $ty {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(&self.message().english())
            }
        }
    )+};
}

display_in_english!(ApiError, StatusError, ConfigProblem, Subject, Rule);

impl ApiError {
    /// What to tell a person: a message of `api.ftl` with its arguments.
    pub fn message(&self) -> Message {
        match self {
            ApiError::Network {
                kind, url, reason, ..
            } => match kind {
                NetworkErrorKind::Timeout => Message::new("api-network-timeout"),
                NetworkErrorKind::Connect => {
                    Message::new("api-network-connect").arg("reason", reason.as_str())
                }
                NetworkErrorKind::Other => {
                    Message::new("api-network-other").arg("reason", reason.as_str())
                }
            }
            .arg("url", url.as_str()),
            ApiError::Status(status) => status.message(),
            ApiError::Intermediary { kind, url, .. } => kind.message(url),
            ApiError::Decode {
                endpoint,
                path,
                message,
            } => Message::new("api-decode")
                .arg("endpoint", endpoint.as_str())
                .arg("path", path.as_str())
                .arg("message", message.as_str()),
            ApiError::Implausible {
                endpoint,
                path,
                message,
            } => Message::new("api-implausible")
                .arg("endpoint", endpoint.as_str())
                .arg("path", path.as_str())
                .arg("message", message.as_str()),
            ApiError::TooLarge {
                endpoint, limit, ..
            } => Message::new("api-too-large")
                .arg("endpoint", endpoint.as_str())
                .arg("limit", human_size(*limit)),
            // The paths are for placing messages beside fields; the sentence speaks to a person.
            ApiError::Validation(issues) => match issues.as_slice() {
                [] => Message::new("api-validation-none"),
                [one] => Message::new("api-validation-one").arg("first", one.sentence()),
                [first, ..] => Message::new("api-validation-many")
                    .arg("count", issues.len())
                    .arg("first", first.sentence()),
            },
            ApiError::Config(problem) => problem.message(),
            ApiError::NotOffered(not) => not.message(),
        }
    }
}

impl StatusError {
    /// What to tell a person: a message of `api.ftl` with its arguments.
    pub fn message(&self) -> Message {
        let code = self.status.as_u16();
        let summary = self.server.summary();
        match code {
            401 => match summary {
                Some(said) => {
                    Message::new("api-status-401-said").arg("said", said.trim_end_matches('.'))
                }
                None => Message::new("api-status-401"),
            },
            403 => match summary {
                Some(said) => Message::new("api-status-403-said").arg("said", closed(&said)),
                None => Message::new("api-status-403"),
            },
            404 => match &self.subject {
                Some(subject) => Message::new("api-status-404").arg("subject", subject.message()),
                None => Message::new("api-status-404-unnamed"),
            },
            429 => match self.retry_after {
                Some(d) if !d.is_zero() => {
                    Message::new("api-status-429-in").arg("seconds", d.as_secs_f64().ceil() as u64)
                }
                _ => Message::new("api-status-429"),
            },
            500..=599 => Message::new("api-status-5xx").arg("code", code.to_string()),
            _ => match summary {
                Some(said) => Message::new("api-status-refused-said").arg("said", closed(&said)),
                None => Message::new("api-status-refused"),
            }
            .arg("status", status_label(self.status)),
        }
    }
}

impl Subject {
    /// What a request was about ("Logo 42"), as the start of a sentence.
    pub fn message(&self) -> Message {
        match self {
            Subject::Logo(id) => Message::new("api-subject-logo").arg("id", id.to_string()),
            Subject::LogoItemNo(no) => {
                Message::new("api-subject-logo-item-no").arg("item", no.as_str())
            }
            Subject::Design(id) => Message::new("api-subject-design").arg("id", id.to_string()),
            Subject::Style(id) => Message::new("api-subject-style").arg("id", id.to_string()),
            Subject::VectorizeTask(id) => {
                Message::new("api-subject-task").arg("id", id.to_string())
            }
            Subject::Order(id) => Message::new("api-subject-order").arg("id", id.to_string()),
            Subject::HealthCheck => Message::new("api-subject-health"),
            Subject::UploadEndpoint => Message::new("api-subject-upload"),
            Subject::OrderEndpoint => Message::new("api-subject-orders"),
        }
    }
}

impl ConfigProblem {
    /// What to tell a person: a message of `api.ftl` with its arguments.
    pub fn message(&self) -> Message {
        match self {
            ConfigProblem::AddressInvalid { address, reason } => {
                Message::new("api-config-address-invalid")
                    .arg("address", address.as_str())
                    .arg("reason", reason.as_str())
            }
            ConfigProblem::AddressNotWeb { address } => {
                Message::new("api-config-address-not-web").arg("address", address.as_str())
            }
            ConfigProblem::AddressUnencrypted { address } => {
                Message::new("api-config-address-unencrypted").arg("address", address.as_str())
            }
            ConfigProblem::AddressHasUser => Message::new("api-config-address-has-user"),
            ConfigProblem::NoKey => Message::new("api-config-no-key"),
            ConfigProblem::KeyUnsendable => Message::new("api-config-key-unsendable"),
            ConfigProblem::HttpClient { reason } => {
                Message::new("api-config-http-client").arg("reason", reason.as_str())
            }
            ConfigProblem::Path { path, reason } => Message::new("api-config-path")
                .arg("path", path.as_str())
                .arg("reason", reason.as_str()),
            ConfigProblem::IdempotencyKeyUnsendable => Message::new("api-config-idempotency-key"),
            ConfigProblem::UploadSentTwice => Message::new("api-config-upload-twice"),
            ConfigProblem::Body { reason } => {
                Message::new("api-config-body").arg("reason", reason.as_str())
            }
            ConfigProblem::Query => Message::new("api-config-query"),
        }
    }
}

impl ValidationIssue {
    /// The issue as (the end of) a sentence: the broken rule's message, else the words as given
    /// (the service's, or an application's own), ended with a full stop. Every rule's sentence
    /// ends with one already (`i18n`'s tests hold both languages to that).
    pub fn sentence(&self) -> Arg {
        match &self.rule {
            Some(rule) => rule.message().into(),
            None => Arg::Text(end_sentence(&self.message)),
        }
    }
}

impl Rule {
    /// What to tell a person: a message of `api.ftl` with its arguments.
    pub fn message(&self) -> Message {
        match self {
            Rule::QuantityTooSmall { quantity } => {
                Message::new("api-rule-quantity-too-small").arg("quantity", *quantity)
            }
            Rule::StorageNegative { quantity } => {
                Message::new("api-rule-storage-negative").arg("quantity", *quantity)
            }
            Rule::NothingToOrder => Message::new("api-rule-nothing-to-order"),
            Rule::NoReference => Message::new("api-rule-no-reference"),
            Rule::EmailImplausible { email } => {
                Message::new("api-rule-email-implausible").arg("email", email.as_str())
            }
            Rule::RecipientMissing => Message::new("api-rule-recipient-missing"),
            Rule::StreetMissing => Message::new("api-rule-street-missing"),
            Rule::ZipMissing => Message::new("api-rule-zip-missing"),
            Rule::CityMissing => Message::new("api-rule-city-missing"),
            Rule::CountryMissing => Message::new("api-rule-country-missing"),
            Rule::CountryLowercase { upper } => {
                Message::new("api-rule-country-lowercase").arg("upper", upper.as_str())
            }
            Rule::CountryNotCode { given } => {
                Message::new("api-rule-country-not-code").arg("given", given.as_str())
            }
            Rule::DesignRefMissing => Message::new("api-rule-design-ref-missing"),
            Rule::NoSizes => Message::new("api-rule-no-sizes"),
            Rule::TooManyInstances { count, max } => Message::new("api-rule-too-many-instances")
                .arg("count", *count)
                .arg("max", *max),
            Rule::SizeMissing => Message::new("api-rule-size-missing"),
            Rule::NumberNotDigits { number } => {
                Message::new("api-rule-number-not-digits").arg("number", number.as_str())
            }
            Rule::PlaceholderEmpty { logo } => {
                Message::new("api-rule-placeholder-empty").arg("logo", logo.to_string())
            }
            Rule::LogoSkuMissing => Message::new("api-rule-logo-sku-missing"),
            Rule::NumberLogoByQuantity { logo } => {
                Message::new("api-rule-number-logo-by-quantity").arg("logo", logo.as_str())
            }
            Rule::DigitsForOtherKind { logo, kind } => {
                Message::new("api-rule-digits-for-other-kind")
                    .arg("logo", logo.as_str())
                    .arg("kind", Arg::LogoKind(kind.clone()))
            }
            Rule::NoDigits => Message::new("api-rule-no-digits"),
            Rule::DigitMissing => Message::new("api-rule-digit-missing"),
            Rule::DigitNotDigits { digit } => {
                Message::new("api-rule-digit-not-digits").arg("digit", digit.as_str())
            }
            Rule::FileEmpty { file_name } => {
                Message::new("api-rule-file-empty").arg("file", file_name.as_str())
            }
            Rule::FileUnnamed => Message::new("api-rule-file-unnamed"),
            Rule::TitleMissing => Message::new("api-rule-title-missing"),
            Rule::ContentTypeInvalid { content_type } => {
                Message::new("api-rule-content-type").arg("content_type", content_type.as_str())
            }
            Rule::NoColorChange => Message::new("api-rule-no-color-change"),
            Rule::OriginalColorsMissing => Message::new("api-rule-original-colors-missing"),
            Rule::NewColorsMissing => Message::new("api-rule-new-colors-missing"),
            Rule::ColorCountMismatch { from, to } => Message::new("api-rule-color-count-mismatch")
                .arg("from", *from)
                .arg("to", *to),
            Rule::ResizeNoSide => Message::new("api-rule-resize-no-side"),
            Rule::SizeNotPositive { given } => {
                Message::new("api-rule-size-not-positive").arg("given", given.as_str())
            }
            Rule::MethodMissing => Message::new("api-rule-method-missing"),
            Rule::NoVariations => Message::new("api-rule-no-variations"),
            Rule::VariationTitleMissing => Message::new("api-rule-variation-title-missing"),
            Rule::ViewMissing => Message::new("api-rule-view-missing"),
            Rule::NotFinite => Message::new("api-rule-not-finite"),
        }
    }
}

impl ApiError {
    /// Whether trying again later may succeed: any network failure (timeouts, refused or
    /// broken connections), 5xx and 429.
    pub fn is_retryable(&self) -> bool {
        match self {
            // Any transport failure, a connection that broke off mid-answer included: the
            // change may or may not have been applied, so only calls that are safe to repeat
            // (reads, and orders with their idempotency key) act on this.
            ApiError::Network { .. } => true,
            ApiError::Status(e) => {
                e.status == StatusCode::TOO_MANY_REQUESTS || e.status.is_server_error()
            }
            // A gateway's 5xx passes like the service's own; a portal, a proxy's refusal or a
            // certificate stays until the person does something.
            ApiError::Intermediary { kind, .. } => {
                matches!(
                    kind,
                    crate::api::intermediary::IntermediaryKind::Gateway { .. }
                )
            }
            _ => false,
        }
    }

    /// Whether the service could not be reached: no connection, a time-out, a connection
    /// broken off, or something in between answering instead of it ([`ApiError::Intermediary`]).
    /// The one test of "offline" for cached copies and the status bar.
    pub fn is_unreachable(&self) -> bool {
        matches!(
            self,
            ApiError::Network { .. } | ApiError::Intermediary { .. }
        )
    }

    /// The HTTP status, when the service answered with an error status.
    pub fn status(&self) -> Option<StatusCode> {
        match self {
            ApiError::Status(e) => Some(e.status),
            _ => None,
        }
    }

    /// How long the service asked the client to wait (`Retry-After`), if it did.
    pub fn retry_after(&self) -> Option<Duration> {
        match self {
            ApiError::Status(e) => e.retry_after,
            _ => None,
        }
    }

    /// What the service said, when it answered with an error status.
    pub fn server_message(&self) -> Option<&ServerMessage> {
        match self {
            ApiError::Status(e) => Some(&e.server),
            _ => None,
        }
    }

    /// Problems to show beside fields: the client's own validation issues, or the per-field
    /// errors of a problem+json answer. Empty for other errors.
    pub fn issues(&self) -> Vec<ValidationIssue> {
        match self {
            ApiError::Validation(issues) => issues.clone(),
            ApiError::Status(e) => e.server.issues(),
            _ => Vec::new(),
        }
    }

    /// The kind of network failure, for [`ApiError::Network`].
    pub fn network_kind(&self) -> Option<NetworkErrorKind> {
        match self {
            ApiError::Network { kind, .. } => Some(*kind),
            _ => None,
        }
    }

    /// Whether the service said the thing asked for does not exist (404).
    pub fn is_not_found(&self) -> bool {
        self.status() == Some(StatusCode::NOT_FOUND)
    }

    pub(crate) fn config(problem: ConfigProblem) -> Self {
        ApiError::Config(problem)
    }

    /// Classifies a transport error. `url` must already be free of secrets.
    pub(crate) fn network(source: reqwest::Error, url: String) -> Self {
        let kind = if source.is_timeout() {
            NetworkErrorKind::Timeout
        } else if source.is_connect() {
            NetworkErrorKind::Connect
        } else {
            NetworkErrorKind::Other
        };
        let reason = transport_reason(&source);
        ApiError::Network {
            kind,
            url,
            reason,
            source,
        }
    }
}

/// A short lower-case reason from the innermost cause of a transport error.
fn transport_reason(err: &(dyn std::error::Error + 'static)) -> String {
    let mut inner: &(dyn std::error::Error + 'static) = err;
    let mut io_kind = None;
    while let Some(next) = inner.source() {
        if let Some(io) = next.downcast_ref::<std::io::Error>() {
            io_kind = Some(io.kind());
        }
        inner = next;
    }
    use std::io::ErrorKind as K;
    let known = match io_kind {
        Some(K::ConnectionRefused) => Some("connection refused"),
        Some(K::ConnectionReset) => Some("the connection was reset"),
        Some(K::ConnectionAborted) => Some("the connection was aborted"),
        Some(K::TimedOut) => Some("the connection timed out"),
        Some(K::UnexpectedEof) => Some("the connection closed unexpectedly"),
        _ => None,
    };
    if let Some(k) = known {
        return k.to_owned();
    }
    let text = inner.to_string();
    // `Connection refused (os error 111)` → `connection refused`
    let text = match text.find(" (os error") {
        Some(i) => &text[..i],
        None => text.as_str(),
    };
    let text = text.trim().trim_end_matches('.');
    let mut chars = text.chars();
    match chars.next() {
        Some(c) => c.to_lowercase().chain(chars).collect(),
        None => "unknown network error".to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn status_err(code: u16, body: &str, subject: Option<Subject>) -> ApiError {
        ApiError::Status(Box::new(StatusError {
            status: StatusCode::from_u16(code).unwrap(),
            endpoint: "POST /api/logo/7/changecolors".into(),
            subject,
            server: ServerMessage::parse(body.as_bytes()),
            retry_after: None,
        }))
    }

    #[test]
    fn parses_live_error_body() {
        let m = ServerMessage::parse(br#"{"error": "Unauthorized", "message": "Missing API Key"}"#);
        assert_eq!(m.error.as_deref(), Some("Unauthorized"));
        assert_eq!(m.message.as_deref(), Some("Missing API Key"));
        assert!(m.field_errors.is_empty());
        assert_eq!(m.summary().as_deref(), Some("Missing API Key"));
    }

    #[test]
    fn parses_problem_json() {
        let body = r#"{
            "type": "https://tools.ietf.org/html/rfc9110#section-15.5.1",
            "title": "One or more validation errors occurred.",
            "status": 400,
            "errors": {
                "Reference": ["The Reference field is required."],
                "$.designs[0].instances[0].quantity": ["Must be greater than 0.", "Bad."]
            },
            "traceId": "00-abc"
        }"#;
        let m = ServerMessage::parse(body.as_bytes());
        assert_eq!(
            m.error.as_deref(),
            Some("One or more validation errors occurred.")
        );
        assert_eq!(m.message, None);
        assert_eq!(m.field_errors.len(), 2);
        let issues = m.issues();
        assert!(issues.contains(&ValidationIssue::new(
            "reference",
            "The Reference field is required."
        )));
        assert!(issues.contains(&ValidationIssue::new(
            "designs[0].instances[0].quantity",
            "Must be greater than 0."
        )));
        let s = m.summary().unwrap();
        assert!(
            s.contains("reference: The Reference field is required"),
            "{s}"
        );

        let with_detail =
            ServerMessage::parse(br#"{"title":"Conflict","detail":"Logo 5 is committed."}"#);
        assert_eq!(
            with_detail.summary().as_deref(),
            Some("Logo 5 is committed.")
        );
    }

    #[test]
    fn parses_plain_text_html_and_empty() {
        let m = ServerMessage::parse(b"  Logo is not in Draft\n ");
        assert_eq!(m.message.as_deref(), Some("Logo is not in Draft"));
        assert_eq!(ServerMessage::parse(b""), ServerMessage::default());
        assert_eq!(ServerMessage::parse(b" \n"), ServerMessage::default());
        assert_eq!(
            ServerMessage::parse(b"<html><body>Bad gateway</body></html>"),
            ServerMessage::default()
        );
        let long = "x".repeat(1000);
        let m = ServerMessage::parse(long.as_bytes());
        assert!(m.message.unwrap().chars().count() <= MAX_TEXT + 1);
        let quoted = ServerMessage::parse(br#""Not allowed""#);
        assert_eq!(quoted.message.as_deref(), Some("Not allowed"));
    }

    #[test]
    fn display_sentences() {
        let e = status_err(
            409,
            r#"{"error":"Conflict","message":"Colors can only be changed after the transfer method is confirmed."}"#,
            Some(Subject::Logo(LogoId(7))),
        );
        assert_eq!(
            e.to_string(),
            "The service refused the request (409 Conflict): Colors can only be changed after the transfer method is confirmed."
        );
        let e = status_err(400, "Title is required", None);
        assert_eq!(
            e.to_string(),
            "The service refused the request (400 Bad Request): Title is required."
        );
        let e = status_err(422, "", None);
        assert_eq!(
            e.to_string(),
            "The service refused the request (422 Unprocessable Entity)."
        );
        let e = status_err(401, "", None);
        assert_eq!(
            e.to_string(),
            "Your API key was not accepted (401). Check the key in Settings → Accounts."
        );
        let e = status_err(
            401,
            r#"{"error":"Unauthorized","message":"Missing API Key"}"#,
            None,
        );
        assert_eq!(
            e.to_string(),
            "Your API key was not accepted (401): Missing API Key. Check the key in Settings → Accounts."
        );
        let e = status_err(
            404,
            r#"{"error":"NotFound","message":"x"}"#,
            Some(Subject::Logo(LogoId(42))),
        );
        assert_eq!(
            e.to_string(),
            "Logo 42 was not found, or your account has no access to it."
        );
        let e = status_err(503, "<html>oops</html>", None);
        assert_eq!(
            e.to_string(),
            "The service had a problem (503). Try again in a moment."
        );
        let e = status_err(
            403,
            r#"{"error":"Forbidden","message":"Not your child organization"}"#,
            None,
        );
        assert_eq!(
            e.to_string(),
            "Your account is not allowed to do this (403 Forbidden): Not your child organization."
        );
        let mut e = status_err(429, "", None);
        if let ApiError::Status(s) = &mut e {
            s.retry_after = Some(Duration::from_secs(3));
        }
        assert_eq!(
            e.to_string(),
            "The service is receiving too many requests (429). Try again in 3 seconds."
        );
        assert_eq!(e.retry_after(), Some(Duration::from_secs(3)));

        let v = ApiError::Validation(vec![ValidationIssue::new("reference", "Enter a reference")]);
        assert_eq!(
            v.to_string(),
            "The request was not sent: Enter a reference."
        );
        let two = ApiError::Validation(vec![
            ValidationIssue::new("reference", "Enter a reference."),
            ValidationIssue::new("deliveryAddress.zip", "Enter the postal code."),
        ]);
        assert_eq!(
            two.to_string(),
            "The request was not sent because of 2 problems; the first: Enter a reference."
        );
        assert_eq!(two.issues().len(), 2);
        let cfg = ApiError::config(ConfigProblem::NoKey);
        assert_eq!(
            cfg.to_string(),
            "No API key is set. Enter the key in Settings → Accounts."
        );
        let d = ApiError::Decode {
            endpoint: "GET /api/logo/1".into(),
            path: "colors[0].red".into(),
            message: "expected a number".into(),
        };
        assert!(d.to_string().contains("at `colors[0].red`"));
    }

    #[test]
    fn error_is_send_sync_static() {
        fn check<T: Send + Sync + 'static + std::error::Error>() {}
        check::<ApiError>();
    }

    #[test]
    fn retryable_classification() {
        assert!(status_err(503, "", None).is_retryable());
        assert!(status_err(500, "", None).is_retryable());
        assert!(status_err(429, "", None).is_retryable());
        assert!(!status_err(409, "", None).is_retryable());
        assert!(!status_err(404, "", None).is_retryable());
        assert!(status_err(404, "", None).is_not_found());
        assert!(!ApiError::Validation(vec![]).is_retryable());
        assert_eq!(
            status_err(409, "", None).status(),
            Some(StatusCode::CONFLICT)
        );
    }

    #[test]
    fn redacts_echoed_secret() {
        let m = ServerMessage::parse_redacted(
            br#"{"error":"Unauthorized","message":"Key sk-123 is revoked"}"#,
            "sk-123",
        );
        assert_eq!(m.message.as_deref(), Some("Key <redacted> is revoked"));
    }

    #[test]
    fn the_key_is_redacted_before_the_text_is_shortened() {
        let key = "sk-0123456789abcdefghijklmnopqrstuvwxyz";
        // The key starts at character 290 of 330: shortening first would keep "sk-0123456"
        // and the redaction would no longer find the whole key.
        let body = format!(
            r#"{{"error":"Unauthorized","message":"{} {key} x"}}"#,
            "y".repeat(289)
        );
        let m = ServerMessage::parse_redacted(body.as_bytes(), key);
        let text = m.message.unwrap();
        assert!(!text.contains("sk-0123"), "{text}");
        assert!(text.ends_with('…'), "{text}");
        // Spelled with JSON escapes, only the parsed text holds it.
        let escaped: String = key
            .chars()
            .map(|c| format!("\\u{:04x}", c as u32))
            .collect();
        let body = format!(r#"{{"title":"{escaped}","errors":{{"{escaped}":["{escaped}"]}}}}"#);
        let m = ServerMessage::parse_redacted(body.as_bytes(), key);
        let all = format!("{m:?} {}", m.summary().unwrap_or_default());
        assert!(!all.contains("sk-0123"), "{all}");
        assert!(all.contains(REDACTED), "{all}");
    }

    #[test]
    fn answers_are_redacted_as_bytes() {
        let key = "sk-abc";
        let out = redact_bytes(b"sk-abc and sk-abc, sk-ab", key);
        assert_eq!(&*out, b"<redacted> and <redacted>, sk-ab".as_slice());
        assert!(matches!(
            redact_bytes(b"nothing here", key),
            std::borrow::Cow::Borrowed(_)
        ));
        assert_eq!(&*redact_bytes(b"", key), b"".as_slice());
        assert_eq!(&*redact_bytes(b"sk-abc", ""), b"sk-abc".as_slice());
        let mut cut = b"message: sk-ab".to_vec();
        drop_secret_prefix_tail(&mut cut, key);
        assert_eq!(cut, b"message: ".to_vec());
        let mut fine = b"message: sk".to_vec();
        drop_secret_prefix_tail(&mut fine, key);
        assert_eq!(fine, b"message: sk".to_vec(), "3 bytes are no key");
    }

    #[test]
    fn too_large_and_implausible_are_sentences() {
        let e = ApiError::TooLarge {
            endpoint: "GET /api/logos".into(),
            limit: 32 * 1024 * 1024,
            announced: None,
        };
        assert_eq!(
            e.to_string(),
            "The service's answer to GET /api/logos is larger than 32 MiB, the most logodesk reads, so it was not read. Try again later; if it keeps happening, tell the service's support."
        );
        assert!(!e.is_retryable());
        let e = ApiError::Implausible {
            endpoint: "GET /api/logo/1".into(),
            path: "widthInMM".into(),
            message: "a size in millimetres must be from 0 to 10000, and the service sent inf"
                .into(),
        };
        assert!(e.to_string().starts_with("The service's answer to GET /api/logo/1 holds an impossible value (at `widthInMM`: a size in millimetres"));
        assert_eq!(human_size(64 * 1024), "64 KiB");
        assert_eq!(human_size(1536 * 1024), "1.5 MiB");
        assert_eq!(human_size(100), "100 bytes");
    }

    #[test]
    fn field_paths_are_normalised() {
        assert_eq!(field_to_path("DeliveryAddress.Zip"), "deliveryAddress.zip");
        assert_eq!(
            field_to_path("$.Designs[0].Instances[1].Number"),
            "designs[0].instances[1].number"
        );
        assert_eq!(field_to_path("reference"), "reference");
    }
}
