//! The client's sentences in the person's language.
//!
//! [`crate::api`] is a library of its own and speaks English: every [`ApiError`] and every
//! [`ValidationIssue`] of its checks has an English `Display`. What it reports is typed (the
//! variant, the [`Rule`] broken, the [`Subject`] of a 404, the [`ConfigProblem`]), so the app
//! can say the same thing in Danish. The English texts in `assets/i18n/en/api.ftl` are the
//! client's own sentences, word for word (the tests below hold them to that).

use crate::api::error::{end_sentence, human_size, status_label, with_reason};
use crate::api::{
    ApiError, ConfigProblem, LogoType, NetworkErrorKind, Rule, StatusError, Subject,
    ValidationIssue,
};
use crate::tr;

/// The sentence for `e` in the current language.
pub fn error(e: &ApiError) -> String {
    match e {
        ApiError::Network {
            kind, url, reason, ..
        } => {
            let url = url.as_str();
            let reason = reason.as_str();
            match kind {
                NetworkErrorKind::Timeout => tr!("api-network-timeout", url = url),
                NetworkErrorKind::Connect => tr!("api-network-connect", url = url, reason = reason),
                NetworkErrorKind::Other => tr!("api-network-other", url = url, reason = reason),
            }
        }
        ApiError::Status(s) => status(s),
        ApiError::Decode {
            endpoint,
            path,
            message,
        } => tr!(
            "api-decode",
            endpoint = endpoint.as_str(),
            path = path.as_str(),
            message = message.as_str()
        ),
        ApiError::Implausible {
            endpoint,
            path,
            message,
        } => tr!(
            "api-implausible",
            endpoint = endpoint.as_str(),
            path = path.as_str(),
            message = message.as_str()
        ),
        ApiError::TooLarge {
            endpoint, limit, ..
        } => tr!(
            "api-too-large",
            endpoint = endpoint.as_str(),
            limit = human_size(*limit)
        ),
        ApiError::Validation(issues) => match issues.as_slice() {
            [] => tr!("api-validation-none"),
            [one] => tr!("api-validation-one", first = end_sentence(&issue(one))),
            [first, ..] => tr!(
                "api-validation-many",
                count = issues.len(),
                first = end_sentence(&issue(first))
            ),
        },
        ApiError::Config(problem) => config(problem),
    }
}

fn status(s: &StatusError) -> String {
    let code = s.status.as_u16();
    let summary = s.server.summary();
    let summary = summary.as_deref();
    match code {
        401 => match summary {
            Some(m) => tr!("api-status-401-said", said = m.trim_end_matches('.')),
            None => tr!("api-status-401"),
        },
        403 => with_reason(&tr!("api-status-403"), summary),
        404 => match &s.subject {
            Some(subject) => tr!("api-status-404", subject = self::subject(subject)),
            None => tr!("api-status-404-unnamed"),
        },
        429 => match s.retry_after {
            Some(d) if !d.is_zero() => {
                tr!("api-status-429-in", seconds = d.as_secs_f64().ceil() as u64)
            }
            _ => tr!("api-status-429"),
        },
        500..=599 => tr!("api-status-5xx", code = code.to_string()),
        _ => with_reason(
            &tr!("api-status-refused", status = status_label(s.status)),
            summary,
        ),
    }
}

/// What a request was about ("Logo 42"), as the start of a sentence.
pub fn subject(s: &Subject) -> String {
    match s {
        Subject::Logo(id) => tr!("api-subject-logo", id = id.to_string()),
        Subject::LogoItemNo(no) => tr!("api-subject-logo-item-no", item = no.as_str()),
        Subject::Design(id) => tr!("api-subject-design", id = id.to_string()),
        Subject::Style(id) => tr!("api-subject-style", id = id.to_string()),
        Subject::VectorizeTask(id) => tr!("api-subject-task", id = id.to_string()),
        Subject::Order(id) => tr!("api-subject-order", id = id.to_string()),
        Subject::HealthCheck => tr!("api-subject-health"),
        Subject::UploadEndpoint => tr!("api-subject-upload"),
        Subject::OrderEndpoint => tr!("api-subject-orders"),
    }
}

fn config(p: &ConfigProblem) -> String {
    match p {
        ConfigProblem::AddressInvalid { address, reason } => tr!(
            "api-config-address-invalid",
            address = address.as_str(),
            reason = reason.as_str()
        ),
        ConfigProblem::AddressNotWeb { address } => {
            tr!("api-config-address-not-web", address = address.as_str())
        }
        ConfigProblem::AddressUnencrypted { address } => {
            tr!("api-config-address-unencrypted", address = address.as_str())
        }
        ConfigProblem::AddressHasUser => tr!("api-config-address-has-user"),
        ConfigProblem::NoKey => tr!("api-config-no-key"),
        ConfigProblem::KeyUnsendable => tr!("api-config-key-unsendable"),
        ConfigProblem::HttpClient { reason } => {
            tr!("api-config-http-client", reason = reason.as_str())
        }
        ConfigProblem::Path { path, reason } => tr!(
            "api-config-path",
            path = path.as_str(),
            reason = reason.as_str()
        ),
        ConfigProblem::IdempotencyKeyUnsendable => tr!("api-config-idempotency-key"),
        ConfigProblem::UploadSentTwice => tr!("api-config-upload-twice"),
        ConfigProblem::Body { reason } => tr!("api-config-body", reason = reason.as_str()),
        ConfigProblem::Query => tr!("api-config-query"),
    }
}

/// The sentence of an issue in the current language: the rule's, or the message as given (the
/// service's own words, or a sentence the app made in the person's language already).
pub fn issue(i: &ValidationIssue) -> String {
    match &i.rule {
        Some(r) => rule(r),
        None => i.message.clone(),
    }
}

/// Puts each issue's message in the current language.
pub fn translate_issues(issues: &mut [ValidationIssue]) {
    for i in issues.iter_mut().filter(|i| i.rule.is_some()) {
        i.message = issue(i);
    }
}

fn logo_kind(kind: &LogoType) -> String {
    match kind {
        LogoType::NameLogo => tr!("designs-kind-name"),
        LogoType::NumberLogo => tr!("designs-kind-number"),
        LogoType::TextLogo => tr!("designs-kind-text"),
        LogoType::Transfer => tr!("designs-kind-transfer"),
        other => other.to_string(),
    }
}

/// The sentence of a broken rule in the current language.
pub fn rule(r: &Rule) -> String {
    match r {
        Rule::QuantityTooSmall { quantity } => {
            tr!("api-rule-quantity-too-small", quantity = *quantity)
        }
        Rule::StorageNegative { quantity } => {
            tr!("api-rule-storage-negative", quantity = *quantity)
        }
        Rule::NothingToOrder => tr!("api-rule-nothing-to-order"),
        Rule::NoReference => tr!("api-rule-no-reference"),
        Rule::EmailImplausible { email } => {
            tr!("api-rule-email-implausible", email = email.as_str())
        }
        Rule::RecipientMissing => tr!("api-rule-recipient-missing"),
        Rule::StreetMissing => tr!("api-rule-street-missing"),
        Rule::ZipMissing => tr!("api-rule-zip-missing"),
        Rule::CityMissing => tr!("api-rule-city-missing"),
        Rule::CountryMissing => tr!("api-rule-country-missing"),
        Rule::CountryLowercase { upper } => {
            tr!("api-rule-country-lowercase", upper = upper.as_str())
        }
        Rule::CountryNotCode { given } => tr!("api-rule-country-not-code", given = given.as_str()),
        Rule::DesignRefMissing => tr!("api-rule-design-ref-missing"),
        Rule::NoSizes => tr!("api-rule-no-sizes"),
        Rule::TooManyInstances { count, max } => {
            tr!("api-rule-too-many-instances", count = *count, max = *max)
        }
        Rule::SizeMissing => tr!("api-rule-size-missing"),
        Rule::NumberNotDigits { number } => {
            tr!("api-rule-number-not-digits", number = number.as_str())
        }
        Rule::PlaceholderEmpty { logo } => {
            tr!("api-rule-placeholder-empty", logo = logo.to_string())
        }
        Rule::LogoSkuMissing => tr!("api-rule-logo-sku-missing"),
        Rule::NumberLogoByQuantity { logo } => {
            tr!("api-rule-number-logo-by-quantity", logo = logo.as_str())
        }
        Rule::DigitsForOtherKind { logo, kind } => tr!(
            "api-rule-digits-for-other-kind",
            logo = logo.as_str(),
            kind = logo_kind(kind)
        ),
        Rule::NoDigits => tr!("api-rule-no-digits"),
        Rule::DigitMissing => tr!("api-rule-digit-missing"),
        Rule::DigitNotDigits { digit } => tr!("api-rule-digit-not-digits", digit = digit.as_str()),
        Rule::FileEmpty { file_name } => tr!("api-rule-file-empty", file = file_name.as_str()),
        Rule::FileUnnamed => tr!("api-rule-file-unnamed"),
        Rule::TitleMissing => tr!("api-rule-title-missing"),
        Rule::ContentTypeInvalid { content_type } => {
            tr!(
                "api-rule-content-type",
                content_type = content_type.as_str()
            )
        }
        Rule::NoColorChange => tr!("api-rule-no-color-change"),
        Rule::OriginalColorsMissing => tr!("api-rule-original-colors-missing"),
        Rule::NewColorsMissing => tr!("api-rule-new-colors-missing"),
        Rule::ColorCountMismatch { from, to } => {
            tr!("api-rule-color-count-mismatch", from = *from, to = *to)
        }
        Rule::ResizeNoSide => tr!("api-rule-resize-no-side"),
        Rule::SizeNotPositive { given } => {
            tr!("api-rule-size-not-positive", given = given.as_str())
        }
        Rule::MethodMissing => tr!("api-rule-method-missing"),
        Rule::NoVariations => tr!("api-rule-no-variations"),
        Rule::VariationTitleMissing => tr!("api-rule-variation-title-missing"),
        Rule::ViewMissing => tr!("api-rule-view-missing"),
        Rule::NotFinite => tr!("api-rule-not-finite"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::{LogoId, OrderId, ServerMessage};
    use reqwest::StatusCode;
    use std::time::Duration;

    fn status(code: u16, body: &str, subject: Option<Subject>, wait: Option<u64>) -> ApiError {
        ApiError::Status(Box::new(StatusError {
            status: StatusCode::from_u16(code).unwrap(),
            endpoint: "GET /api/orders/7".into(),
            subject,
            server: ServerMessage::parse(body.as_bytes()),
            retry_after: wait.map(Duration::from_secs),
        }))
    }

    /// The unit tests of the library run in English (no test of this binary sets Danish).
    #[test]
    fn the_english_texts_are_the_clients_own_sentences() {
        let rules = [
            Rule::QuantityTooSmall { quantity: -2 },
            Rule::StorageNegative { quantity: -1 },
            Rule::NothingToOrder,
            Rule::NoReference,
            Rule::EmailImplausible {
                email: "a@b".into(),
            },
            Rule::RecipientMissing,
            Rule::StreetMissing,
            Rule::ZipMissing,
            Rule::CityMissing,
            Rule::CountryMissing,
            Rule::CountryLowercase { upper: "DK".into() },
            Rule::CountryNotCode {
                given: "Denmark".into(),
            },
            Rule::DesignRefMissing,
            Rule::NoSizes,
            Rule::TooManyInstances {
                count: 501,
                max: 500,
            },
            Rule::SizeMissing,
            Rule::NumberNotDigits {
                number: "1O".into(),
            },
            Rule::PlaceholderEmpty { logo: LogoId(4) },
            Rule::LogoSkuMissing,
            Rule::NumberLogoByQuantity {
                logo: "logo 1".into(),
            },
            Rule::NoDigits,
            Rule::DigitMissing,
            Rule::DigitNotDigits { digit: "1a".into() },
            Rule::FileEmpty {
                file_name: "a.png".into(),
            },
            Rule::FileUnnamed,
            Rule::TitleMissing,
            Rule::ContentTypeInvalid {
                content_type: "x".into(),
            },
            Rule::NoColorChange,
            Rule::OriginalColorsMissing,
            Rule::NewColorsMissing,
            Rule::ColorCountMismatch { from: 2, to: 3 },
            Rule::ResizeNoSide,
            Rule::SizeNotPositive { given: "-1".into() },
            Rule::MethodMissing,
            Rule::NoVariations,
            Rule::VariationTitleMissing,
            Rule::ViewMissing,
            Rule::NotFinite,
        ];
        for r in &rules {
            assert_eq!(rule(r), r.to_string());
        }
        let problems = [
            ConfigProblem::AddressInvalid {
                address: "x".into(),
                reason: "relative URL".into(),
            },
            ConfigProblem::AddressNotWeb {
                address: "ftp://x".into(),
            },
            ConfigProblem::AddressUnencrypted {
                address: "http://x".into(),
            },
            ConfigProblem::AddressHasUser,
            ConfigProblem::NoKey,
            ConfigProblem::KeyUnsendable,
            ConfigProblem::HttpClient { reason: "r".into() },
            ConfigProblem::Path {
                path: "api/x".into(),
                reason: "r".into(),
            },
            ConfigProblem::IdempotencyKeyUnsendable,
            ConfigProblem::UploadSentTwice,
            ConfigProblem::Body { reason: "r".into() },
            ConfigProblem::Query,
        ];
        for p in problems {
            let e = ApiError::Config(p);
            assert_eq!(error(&e), e.to_string());
        }
        let errors = [
            status(401, "", None, None),
            status(
                401,
                r#"{"error":"Unauthorized","message":"Missing API Key"}"#,
                None,
                None,
            ),
            status(403, r#"{"message":"Not yours"}"#, None, None),
            status(404, "", Some(Subject::Order(OrderId(7))), None),
            status(404, "", Some(Subject::Logo(LogoId(42))), None),
            status(404, "", Some(Subject::LogoItemNo("L1".into())), None),
            status(404, "", Some(Subject::HealthCheck), None),
            status(404, "", None, None),
            status(429, "", None, Some(1)),
            status(429, "", None, Some(3)),
            status(429, "", None, None),
            status(503, "<html>oops</html>", None, None),
            status(409, r#"{"message":"Logo 5 is committed."}"#, None, None),
            status(422, "", None, None),
            ApiError::Decode {
                endpoint: "GET /api/logo/1".into(),
                path: "colors[0]".into(),
                message: "expected a number".into(),
            },
            ApiError::Implausible {
                endpoint: "GET /api/logo/1".into(),
                path: "widthInMM".into(),
                message: "inf".into(),
            },
            ApiError::TooLarge {
                endpoint: "GET /api/logo/1".into(),
                limit: 32 * 1024 * 1024,
                announced: None,
            },
            ApiError::Validation(vec![]),
            ApiError::Validation(vec![ValidationIssue::broken(
                "reference",
                Rule::NoReference,
            )]),
            ApiError::Validation(vec![
                ValidationIssue::broken("reference", Rule::NoReference),
                ValidationIssue::new("zip", "Enter the postal code"),
            ]),
        ];
        for e in &errors {
            assert_eq!(error(e), e.to_string());
        }
    }

    #[test]
    fn danish_sentences_are_danish_and_keep_the_facts() {
        let danish = |id: &str, args: &[(&str, &str)]| {
            let mut fluent = crate::i18n::FluentArgs::new();
            for (k, v) in args {
                fluent.set(*k, *v);
            }
            crate::i18n::text_in(crate::locale::Language::Danish, id, Some(&fluent))
        };
        assert_eq!(
            danish("api-rule-no-reference", &[]),
            "Skriv en reference, f.eks. jeres indkøbsnummer."
        );
        assert_eq!(
            danish("api-status-404", &[("subject", "Ordre 7")]),
            "Ordre 7 blev ikke fundet, eller din konto har ikke adgang til det."
        );
    }

    #[test]
    fn issues_of_the_service_keep_its_words() {
        let mut issues = vec![
            ValidationIssue::new("Reference", "The Reference field is required."),
            ValidationIssue::broken("reference", Rule::NoReference),
        ];
        translate_issues(&mut issues);
        assert_eq!(issues[0].message, "The Reference field is required.");
        assert_eq!(issues[1].message, Rule::NoReference.to_string());
    }
}
