//! The client's sentences in the person's language.
//!
//! [`crate::api`] is a library of its own and speaks English. What it reports is typed (the
//! variant, the [`Rule`] broken, the [`Subject`] of a 404, the [`ConfigProblem`]), and each type
//! names its sentence once, as a message of `api.ftl` with its arguments ([`Message`]): the
//! library formats it from `assets/i18n/en/api.ftl` for its `Display`, and this module from
//! the app's bundle in the current language, so Danish comes from `assets/i18n/da/api.ftl`.

use crate::api::{ApiError, LogoType, Message, ValidationIssue};
use crate::tr;

/// The sentence for `e` in the current language.
pub fn error(e: &ApiError) -> String {
    say(&e.message())
}

/// The sentence of an issue in the current language: the rule's, or the message as given (the
/// service's own words, or a sentence the app made in the person's language already).
pub fn issue(i: &ValidationIssue) -> String {
    match &i.rule {
        Some(r) => say(&r.message()),
        None => i.message.clone(),
    }
}

/// Puts each issue's message in the current language.
pub fn translate_issues(issues: &mut [ValidationIssue]) {
    for i in issues.iter_mut().filter(|i| i.rule.is_some()) {
        i.message = issue(i);
    }
}

/// A message of the client in the current language.
pub fn say(message: &Message) -> String {
    message.format(&crate::i18n::text_with, &logo_kind)
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::{
        Arg, ConfigProblem, DesignId, IntermediaryKind, LogoId, NetworkErrorKind, OrderId, Rule,
        ServerMessage, StatusError, Subject, TaskId,
    };
    use reqwest::StatusCode;
    use std::collections::BTreeSet;
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

    /// One of each rule whose English is the same in the client and the app.
    fn rules() -> Vec<Rule> {
        vec![
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
        ]
    }

    fn problems() -> Vec<ConfigProblem> {
        vec![
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
        ]
    }

    fn network(kind: NetworkErrorKind) -> ApiError {
        // A transport error made without the network: a request to no address (a client
        // needs the process's TLS provider, which this test may be the first to want).
        crate::api::client::install_tls_provider();
        let Err(source) = reqwest::Client::new().get("no address").build() else {
            panic!("a request to no address was built");
        };
        ApiError::Network {
            kind,
            url: "https://api.example.com/api/logos".into(),
            reason: "connection refused".into(),
            source,
        }
    }

    fn intermediary(kind: IntermediaryKind) -> ApiError {
        ApiError::Intermediary {
            kind,
            url: "https://api.example.com/api/orders".into(),
            source: None,
        }
    }

    fn errors() -> Vec<ApiError> {
        vec![
            network(NetworkErrorKind::Timeout),
            network(NetworkErrorKind::Connect),
            network(NetworkErrorKind::Other),
            intermediary(IntermediaryKind::Gateway {
                status: reqwest::StatusCode::BAD_GATEWAY,
            }),
            intermediary(IntermediaryKind::Page {
                status: Some(reqwest::StatusCode::OK),
            }),
            intermediary(IntermediaryKind::Redirect {
                host: "portal.example".into(),
            }),
            intermediary(IntermediaryKind::Certificate),
            intermediary(IntermediaryKind::ProxyAuth {
                proxy: Some("proxy.example:3128".into()),
            }),
            intermediary(IntermediaryKind::ProxyAuth { proxy: None }),
            intermediary(IntermediaryKind::ProxyRefused {
                proxy: Some("proxy.example:3128".into()),
            }),
            intermediary(IntermediaryKind::ProxyRefused { proxy: None }),
            status(401, "", None, None),
            status(
                401,
                r#"{"error":"Unauthorized","message":"Missing API Key"}"#,
                None,
                None,
            ),
            status(403, r#"{"message":"Not yours"}"#, None, None),
            status(403, "", None, None),
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
        ]
    }

    /// The unit tests of the library run in English (no test of this binary sets Danish).
    #[test]
    fn the_english_texts_are_the_clients_own_sentences() {
        for r in rules() {
            assert_eq!(say(&r.message()), r.to_string());
        }
        for p in problems() {
            let e = ApiError::Config(p);
            assert_eq!(error(&e), e.to_string());
        }
        for e in &errors() {
            assert_eq!(error(e), e.to_string());
        }
    }

    /// Each message with the variables the code gives it, nested ones included.
    fn variables(message: &Message, out: &mut Vec<(&'static str, BTreeSet<String>)>) {
        let mut names = BTreeSet::new();
        for (name, value) in &message.args {
            names.insert((*name).to_owned());
            if let Arg::Message(inner) = value {
                variables(inner, out);
            }
        }
        out.push((message.id, names));
    }

    /// The code gives every message exactly the variables its `.ftl` text uses (the two
    /// languages use the same ones: `i18n`'s tests), and every message exists.
    #[test]
    fn every_message_gets_the_variables_it_uses() {
        let mut messages: Vec<Message> = rules().iter().map(Rule::message).collect();
        messages.push(
            Rule::DigitsForOtherKind {
                logo: "logo 1".into(),
                kind: LogoType::NameLogo,
            }
            .message(),
        );
        messages.extend(errors().iter().map(ApiError::message));
        messages.extend(problems().iter().map(ConfigProblem::message));
        let subjects = [
            Subject::Logo(LogoId(1)),
            Subject::LogoItemNo("L1".into()),
            Subject::Design(DesignId(2)),
            Subject::Style(3),
            Subject::VectorizeTask(TaskId(5)),
            Subject::Order(OrderId(4)),
            Subject::HealthCheck,
            Subject::UploadEndpoint,
            Subject::OrderEndpoint,
        ];
        messages.extend(subjects.iter().map(Subject::message));
        let mut used = Vec::new();
        for m in &messages {
            variables(m, &mut used);
        }
        let english = crate::i18n::tests::messages(crate::locale::Language::English);
        for (id, names) in &used {
            let Some(wanted) = english.get(*id) else {
                panic!("`{id}` is not in assets/i18n/en/api.ftl");
            };
            assert_eq!(
                names, wanted,
                "`{id}` is given other variables than it uses"
            );
        }
        let ids: BTreeSet<&str> = used.iter().map(|(id, _)| *id).collect();
        let sources = crate::i18n::tests::ids_used_in_source();
        let in_code: BTreeSet<&str> = sources
            .iter()
            .filter(|(id, _)| id.starts_with("api-"))
            .map(|(id, _)| id.as_str())
            .collect();
        let untried: Vec<_> = in_code.difference(&ids).collect();
        assert!(untried.is_empty(), "no example above gives {untried:?}");
    }

    /// A rule's sentence closes the sentence of a refused request as it is, so it must end
    /// like one, in both languages.
    #[test]
    fn every_rule_ends_a_sentence() {
        for language in [
            crate::locale::Language::English,
            crate::locale::Language::Danish,
        ] {
            for r in rules() {
                let text = r.message().format(
                    &|id, args| crate::i18n::text_in(language, id, Some(args)),
                    &|kind| kind.to_string(),
                );
                assert!(text.ends_with(['.', '!', '?']), "{language:?}: {text}");
            }
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
