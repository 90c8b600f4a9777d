//! The one error type of the client, [`ApiError`], and the parsing of the service's error bodies.
//!
//! Every variant's `Display` is a sentence a person can act on; none of them ever contains the
//! API key or a `Debug` dump. The details stay available through the variant's fields.

use reqwest::StatusCode;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::time::Duration;

use crate::api::ids::{DesignId, LogoId, OrderId, TaskId};

/// Everything that can go wrong when talking to the service.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ApiError {
    /// The service could not be reached, or the connection broke off.
    #[error("{}", network_sentence(.kind, .url, .reason))]
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
    #[error("{0}")]
    Status(Box<StatusError>),
    /// The service answered with success, but the body did not match the model.
    #[error(
        "The service's answer to {endpoint} could not be read (at `{path}`: {message}); this version of logodesk may need an update."
    )]
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
    #[error(
        "The service's answer to {endpoint} holds an impossible value (at `{path}`: {message}), so logodesk did not use it. Try again later; if it keeps happening, tell the service's support."
    )]
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
    #[error(
        "The service's answer to {endpoint} is larger than {}, the most logodesk reads, so it was not read. Try again later; if it keeps happening, tell the service's support.",
        human_size(*.limit)
    )]
    TooLarge {
        /// `METHOD /path` of the request.
        endpoint: String,
        /// The limit in force, in bytes.
        limit: usize,
        /// The size the service announced in `Content-Length`, if it did.
        announced: Option<u64>,
    },
    /// The request was not sent because it breaks rules the client can check itself.
    #[error("{}", validation_sentence(.0))]
    Validation(Vec<ValidationIssue>),
    /// The client's configuration is unusable (for example a malformed base URL), or a request
    /// could not be prepared.
    #[error("{0}")]
    Config(ConfigProblem),
}

/// Why a client could not be built or a request could not be prepared ([`ApiError::Config`]).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ConfigProblem {
    /// The base address is not a URL at all.
    #[error(
        "The service address \"{address}\" is not valid ({reason}). Enter a full address such as https://api.example.com/."
    )]
    AddressInvalid {
        /// The address as given.
        address: String,
        /// Why the URL parser refused it.
        reason: String,
    },
    /// The base address is not `http(s)://` or names no host.
    #[error(
        "The service address \"{address}\" is not valid: it must start with https:// and name a host."
    )]
    AddressNotWeb {
        /// The address as given.
        address: String,
    },
    /// `http://` to another computer: the key would travel unencrypted.
    #[error(
        "The service address \"{address}\" uses http://, so the API key would travel unencrypted; use https:// (http:// is allowed only for this computer, e.g. http://127.0.0.1:8787/). Change it in Settings → Accounts."
    )]
    AddressUnencrypted {
        /// The address as given.
        address: String,
    },
    /// The base address carries a user name or password.
    #[error(
        "The service address must not contain a user name or password; put the API key in the key field instead."
    )]
    AddressHasUser,
    /// No API key.
    #[error("No API key is set. Enter the key in Settings → Accounts.")]
    NoKey,
    /// The key cannot be put in a header.
    #[error(
        "The API key contains characters that cannot be sent, such as spaces or line breaks. Paste it again in Settings → Accounts."
    )]
    KeyUnsendable,
    /// The HTTP client could not be built.
    #[error("The HTTP client could not be set up ({reason}). Restart logodesk and try again.")]
    HttpClient {
        /// The HTTP library's reason.
        reason: String,
    },
    /// A path could not be joined to the base address.
    #[error("The address for {path} could not be formed from the service address ({reason}).")]
    Path {
        /// The endpoint's path.
        path: String,
        /// The URL parser's reason.
        reason: String,
    },
    /// The idempotency key cannot be put in a header.
    #[error("The idempotency key contains characters that cannot be sent.")]
    IdempotencyKeyUnsendable,
    /// A multipart upload was sent already (its body is consumed).
    #[error("An upload cannot be sent twice; start the upload again.")]
    UploadSentTwice,
    /// The body could not be serialised.
    #[error("The request could not be prepared ({reason}).")]
    Body {
        /// The serialiser's reason.
        reason: String,
    },
    /// The query is not a flat set of values.
    #[error("The query could not be prepared: it must be a flat set of values.")]
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

impl fmt::Display for Subject {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Subject::Logo(id) => write!(f, "Logo {id}"),
            Subject::LogoItemNo(no) => write!(f, "The logo with item number {no}"),
            Subject::Design(id) => write!(f, "Design {id}"),
            Subject::Style(id) => write!(f, "Style {id}"),
            Subject::VectorizeTask(id) => write!(f, "Vectorize task {id}"),
            Subject::Order(id) => write!(f, "Order {id}"),
            Subject::HealthCheck => f.write_str("The health check"),
            Subject::UploadEndpoint => f.write_str("The upload endpoint"),
            Subject::OrderEndpoint => f.write_str("The order endpoint"),
        }
    }
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
    #[error("Quantity must be at least 1, not {quantity}.")]
    QuantityTooSmall {
        /// The quantity given.
        quantity: i64,
    },
    /// A negative storage quantity.
    #[error("Storage quantity cannot be negative (it is {quantity}); use 0 or leave it empty.")]
    StorageNegative {
        /// The storage quantity given.
        quantity: i64,
    },
    /// An order without designs and logos.
    #[error("Add at least one design or logo to the order.")]
    NothingToOrder,
    /// An order without a reference.
    #[error("Enter a reference, such as your purchase order number.")]
    NoReference,
    /// An e-mail address that is not one.
    #[error("\"{email}\" does not look like an e-mail address; correct it or leave it empty.")]
    EmailImplausible {
        /// The address given.
        email: String,
    },
    /// No recipient.
    #[error("Enter the recipient's name.")]
    RecipientMissing,
    /// No street address.
    #[error("Enter the street address.")]
    StreetMissing,
    /// No postal code.
    #[error("Enter the postal code.")]
    ZipMissing,
    /// No city.
    #[error("Enter the city.")]
    CityMissing,
    /// No country.
    #[error("Enter the 2-letter country code, such as DK.")]
    CountryMissing,
    /// A country code in small letters.
    #[error("Write the country code in capitals: \"{upper}\".")]
    CountryLowercase {
        /// The code in capitals.
        upper: String,
    },
    /// A country that is not a 2-letter code.
    #[error("\"{given}\" is not a 2-letter country code; use one such as DK, SE or DE.")]
    CountryNotCode {
        /// What was given.
        given: String,
    },
    /// A design line without its item number.
    #[error("Enter the design's item number (such as MUL123456).")]
    DesignRefMissing,
    /// A design line without sizes.
    #[error("Add at least one size and quantity for this design.")]
    NoSizes,
    /// A design line with more instances than the service takes.
    #[error(
        "This design has {count} rows of sizes and names; the service takes at most {max} per design. Remove rows, or order the rest in another order."
    )]
    TooManyInstances {
        /// Instances of the line.
        count: usize,
        /// The most the service takes ([`crate::api::MAX_INSTANCES_PER_DESIGN`]).
        max: usize,
    },
    /// A design instance without a size.
    #[error("Enter a garment size, such as M, L or XL.")]
    SizeMissing,
    /// A shirt number with other characters than digits.
    #[error("Number \"{number}\" may only contain digits 0–9.")]
    NumberNotDigits {
        /// The number given.
        number: String,
    },
    /// A placeholder logo's value left empty.
    #[error("Enter the text for placeholder logo {logo}, or remove this value.")]
    PlaceholderEmpty {
        /// The placeholder logo.
        logo: LogoId,
    },
    /// A logo line without its item number.
    #[error("Enter the logo's item number.")]
    LogoSkuMissing,
    /// A NumberLogo ordered by quantity.
    #[error(
        "The {logo} is a number logo: order it by digits (which digits, and how many of each) instead of by quantity."
    )]
    NumberLogoByQuantity {
        /// The logo, as `logo 5` or `logo SKU`.
        logo: String,
    },
    /// Digits for a logo that is not a NumberLogo.
    #[error(
        "Only number logos are ordered by digits, and the {logo} is a {kind}; order it by quantity instead."
    )]
    DigitsForOtherKind {
        /// The logo, as `logo 5` or `logo SKU`.
        logo: String,
        /// Its kind.
        kind: crate::api::models::LogoType,
    },
    /// Ordered by digits, without digits.
    #[error("Add at least one digit and how many of it to order.")]
    NoDigits,
    /// An empty digit.
    #[error("Enter the digits to print, such as 7 or 23.")]
    DigitMissing,
    /// A digit that is not digits.
    #[error("Digit \"{digit}\" may only contain digits 0–9.")]
    DigitNotDigits {
        /// The digit given.
        digit: String,
    },
    // Logos.
    /// An empty file.
    #[error("The file \"{file_name}\" is empty; choose an image file to upload.")]
    FileEmpty {
        /// The file's name.
        file_name: String,
    },
    /// A file without a name.
    #[error("The file has no name; choose the file again.")]
    FileUnnamed,
    /// A logo without a title.
    #[error("Enter a title for the logo.")]
    TitleMissing,
    /// A content type the HTTP library refuses.
    #[error("\"{content_type}\" is not a valid file type; choose the file again.")]
    ContentTypeInvalid {
        /// The content type.
        content_type: String,
    },
    /// A color change without changes.
    #[error("Choose at least one color to change.")]
    NoColorChange,
    /// A color change without the original colors.
    #[error("Choose the original colors to replace.")]
    OriginalColorsMissing,
    /// A color change without the new colors.
    #[error("Choose the new colors.")]
    NewColorsMissing,
    /// Not one new color per original color.
    #[error("Give exactly one new color for each original color ({from} original, {to} new).")]
    ColorCountMismatch {
        /// Original colors.
        from: usize,
        /// New colors.
        to: usize,
    },
    /// A resize without a side.
    #[error("Give a width or a height; the other side follows proportionally.")]
    ResizeNoSide,
    /// A size that is not a positive number.
    #[error("\"{given}\" is not a size; enter a positive number of millimetres.")]
    SizeNotPositive {
        /// What was given.
        given: String,
    },
    /// No transfer method.
    #[error("Choose a transfer method.")]
    MethodMissing,
    // Designs.
    /// A clone without variations.
    #[error("Add at least one variation to create.")]
    NoVariations,
    /// A variation without a title.
    #[error("Enter a title for this variation.")]
    VariationTitleMissing,
    /// A placement without a view.
    #[error("Choose the view (such as FRONT or BACK) this logo is placed on.")]
    ViewMissing,
    /// A coordinate or angle that is not finite.
    #[error("Enter a finite number.")]
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

/// Appends `text` after `": "`, ending the sentence with a full stop unless it already ends
/// with punctuation.
pub(crate) fn with_reason(head: &str, text: Option<&str>) -> String {
    match text {
        Some(t) => {
            let t = t.trim();
            if t.ends_with(['.', '!', '?', '…']) {
                format!("{head}: {t}")
            } else {
                format!("{head}: {t}.")
            }
        }
        None => format!("{head}."),
    }
}

pub(crate) fn status_label(status: StatusCode) -> String {
    match status.canonical_reason() {
        Some(reason) => format!("{} {}", status.as_u16(), reason),
        None => status.as_u16().to_string(),
    }
}

fn seconds(d: Duration) -> String {
    let s = d.as_secs_f64().ceil() as u64;
    if s == 1 {
        "1 second".to_owned()
    } else {
        format!("{s} seconds")
    }
}

impl fmt::Display for StatusError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let code = self.status.as_u16();
        let summary = self.server.summary();
        let summary = summary.as_deref();
        let text = match code {
            401 => match summary {
                Some(m) => format!(
                    "Your API key was not accepted (401): {}. Check the key in Settings → Accounts.",
                    m.trim_end_matches('.')
                ),
                None => {
                    "Your API key was not accepted (401). Check the key in Settings → Accounts."
                        .to_owned()
                }
            },
            403 => with_reason(
                "Your account is not allowed to do this (403 Forbidden)",
                summary,
            ),
            404 => {
                let subject = self
                    .subject
                    .as_ref()
                    .map_or_else(|| "What you asked for".to_owned(), ToString::to_string);
                format!("{subject} was not found, or your account has no access to it.")
            }
            429 => match self.retry_after {
                Some(d) if !d.is_zero() => format!(
                    "The service is receiving too many requests (429). Try again in {}.",
                    seconds(d)
                ),
                _ => "The service is receiving too many requests (429). Try again in a moment."
                    .to_owned(),
            },
            500..=599 => {
                format!("The service had a problem ({code}). Try again in a moment.")
            }
            _ => with_reason(
                &format!(
                    "The service refused the request ({})",
                    status_label(self.status)
                ),
                summary,
            ),
        };
        f.write_str(&text)
    }
}

fn network_sentence(kind: &NetworkErrorKind, url: &str, reason: &str) -> String {
    match kind {
        NetworkErrorKind::Timeout => format!(
            "The service at {url} did not answer in time. Check your network, then try again."
        ),
        NetworkErrorKind::Connect => format!(
            "Could not reach {url}: {reason}. Check the address and your network, then try again."
        ),
        NetworkErrorKind::Other => format!(
            "The connection to {url} broke off: {reason}. Check your network, then try again."
        ),
    }
}

fn validation_sentence(issues: &[ValidationIssue]) -> String {
    // The paths are for placing messages beside fields; the sentence speaks to a person.
    match issues {
        [] => "The request was not sent because it is incomplete.".to_owned(),
        [one] => format!("The request was not sent: {}", end_sentence(&one.message)),
        [first, rest @ ..] => format!(
            "The request was not sent because of {} problems; the first: {}",
            rest.len() + 1,
            end_sentence(&first.message)
        ),
    }
}

pub(crate) fn end_sentence(s: &str) -> String {
    if s.ends_with(['.', '!', '?']) {
        s.to_owned()
    } else {
        format!("{s}.")
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
            _ => false,
        }
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
