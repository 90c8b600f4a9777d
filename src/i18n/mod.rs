//! Every sentence a person reads, in Danish and English.
//!
//! The texts live in `assets/i18n/da/*.ftl` and `assets/i18n/en/*.ftl` (Fluent, one file per
//! area of the app), compiled into the binary. Code asks for a message by its id with [`tr!`](crate::tr): `tr!("nav-logos")`, or
//! with arguments, `tr!("garments", count = n)`; Fluent picks the plural form by the
//! language's own rules ("1 trøje", "2 trøjer"; "1 garment", "2 garments").
//!
//! The language is the process's: the window shows one language at a time, and the backend's
//! sentences (errors, notices) must be in the same one. The app sets it at start and when the
//! person changes it in Settings ([`set_language`]); until then it is English. Tests that show
//! Danish therefore run in a binary of their own (`tests/danish/`), taking turns.
//!
//! A message id that is missing shows as the id itself (and is logged once), never as an empty
//! label; `tests` below fail the build's tests for any id used in `src/` that either file lacks,
//! and for any message whose two languages take different arguments.

pub mod api;

use crate::sync::Lock as _;
use std::collections::HashSet;
use std::sync::atomic::{AtomicBool, AtomicU8, Ordering};
use std::sync::{Mutex, OnceLock};

use fluent_bundle::FluentResource;
use fluent_bundle::concurrent::FluentBundle;

pub use fluent_bundle::FluentArgs;

use crate::locale::Language;

/// The texts, one file per area of the app and language (`assets/i18n/<da|en>/<area>.ftl`),
/// compiled in. Message ids are unique across the files of a language.
macro_rules! areas {
    ($($area:literal),+ $(,)?) => {
        const DANISH: &[(&str, &str)] = &[$(
            ($area, include_str!(concat!("../../assets/i18n/da/", $area, ".ftl"))),
        )+];
        const ENGLISH: &[(&str, &str)] = &[$(
            ($area, include_str!(concat!("../../assets/i18n/en/", $area, ".ftl"))),
        )+];
    };
}

areas!(
    "common", "shell", "gallery", "detail", "upload", "editor", "designs", "composer", "history",
    "tasks", "settings", "backend", "pdf", "api", "notify", "team", "club",
);

type Bundle = FluentBundle<FluentResource>;

struct Bundles {
    danish: Bundle,
    english: Bundle,
}

impl Bundles {
    fn get(&self, language: Language) -> &Bundle {
        match language {
            Language::Danish => &self.danish,
            Language::English => &self.english,
        }
    }
}

fn bundles() -> &'static Bundles {
    static BUNDLES: OnceLock<Bundles> = OnceLock::new();
    BUNDLES.get_or_init(|| Bundles {
        danish: bundle(Language::Danish),
        english: bundle(Language::English),
    })
}

/// The FTL files of a language (area, text), as compiled in.
fn sources(language: Language) -> &'static [(&'static str, &'static str)] {
    match language {
        Language::Danish => DANISH,
        Language::English => ENGLISH,
    }
}

fn bundle(language: Language) -> Bundle {
    let tag = match language {
        Language::Danish => "da",
        Language::English => "en",
    };
    // Both tags are valid identifiers; the default (und) only changes the plural rules.
    let id = tag.parse().unwrap_or_default();
    let mut bundle = FluentBundle::new_concurrent(vec![id]);
    // egui draws text left to right; the bidi isolation marks Fluent adds around arguments
    // would only show as gaps.
    bundle.set_use_isolating(false);
    for (area, text) in sources(language) {
        let resource = match FluentResource::try_new((*text).to_owned()) {
            Ok(resource) => resource,
            Err((resource, errors)) => {
                tracing::error!(
                    language = tag,
                    area,
                    ?errors,
                    "the translations do not parse"
                );
                resource
            }
        };
        if let Err(errors) = bundle.add_resource(resource) {
            tracing::error!(
                language = tag,
                area,
                ?errors,
                "the translations repeat a message"
            );
        }
    }
    bundle
}

const ENGLISH_CODE: u8 = 1;
const DANISH_CODE: u8 = 2;

static LANGUAGE: AtomicU8 = AtomicU8::new(ENGLISH_CODE);

/// Chooses the language of every sentence from now on.
pub fn set_language(language: Language) {
    let code = match language {
        Language::Danish => DANISH_CODE,
        Language::English => ENGLISH_CODE,
    };
    LANGUAGE.store(code, Ordering::Relaxed);
}

/// The language sentences are in now.
pub fn language() -> Language {
    match LANGUAGE.load(Ordering::Relaxed) {
        DANISH_CODE => Language::Danish,
        _ => Language::English,
    }
}

/// Opens a translated text while marking is on ([`set_marking`]).
pub const MARK_OPEN: char = '⟦';
/// Closes a translated text while marking is on ([`set_marking`]).
pub const MARK_CLOSE: char = '⟧';

static MARKING: AtomicBool = AtomicBool::new(false);

/// For tests only (pseudo-localisation): while on, every translated text comes wrapped in
/// [`MARK_OPEN`] … [`MARK_CLOSE`], so a test walking the screens (`tests/danish/every_screen.rs`)
/// can tell what came through [`tr!`](crate::tr) from a literal that did not. Process-global
/// like the language; the app never turns it on.
pub fn set_marking(on: bool) {
    MARKING.store(on, Ordering::Relaxed);
}

/// Whether translated texts are marked now ([`set_marking`]).
pub fn marking() -> bool {
    MARKING.load(Ordering::Relaxed)
}

/// `text` between the marks if `mark`, else as it is.
fn marked(text: String, mark: bool) -> String {
    if mark {
        format!("{MARK_OPEN}{text}{MARK_CLOSE}")
    } else {
        text
    }
}

/// The message `id` in the current language.
pub fn text(id: &str) -> String {
    text_in(language(), id, None)
}

/// The message `id` in the current language, with its arguments.
pub fn text_with(id: &str, args: &FluentArgs) -> String {
    text_in(language(), id, Some(args))
}

/// The message `id` in `language`.
pub fn text_in(language: Language, id: &str, args: Option<&FluentArgs>) -> String {
    format_message(language, id, args, marking())
}

/// The message `id` in `language`, between the marks if `mark`.
fn format_message(language: Language, id: &str, args: Option<&FluentArgs>, mark: bool) -> String {
    let bundle = bundles().get(language);
    let Some(pattern) = bundle.get_message(id).and_then(|m| m.value()) else {
        missing(language, id);
        return marked(id.to_owned(), mark);
    };
    let mut errors = Vec::new();
    let text = bundle.format_pattern(pattern, args, &mut errors);
    if !errors.is_empty() {
        tracing::warn!(id, ?errors, "a translation could not be filled in");
    }
    marked(text.into_owned(), mark)
}

/// Logs a missing message once per language and id.
fn missing(language: Language, id: &str) {
    static SEEN: Mutex<Option<HashSet<(Language, String)>>> = Mutex::new(None);
    let mut seen = SEEN.locked();
    if seen
        .get_or_insert_with(HashSet::new)
        .insert((language, id.to_owned()))
    {
        tracing::warn!(?language, id, "no translation for this message");
    }
}

/// A view of a garment as the service names it (`FRONT`, `LEFT SLEEVE`) in `language`:
/// "Forside", "Venstre ærme"; a view this version does not know as the service wrote it.
/// The window's names and the club's pages both say views this way.
pub fn view_name_in(language: Language, name: &str) -> String {
    let id = match name.trim().to_uppercase().as_str() {
        "FRONT" => "view-front",
        "BACK" => "view-back",
        "LEFT SLEEVE" => "view-left-sleeve",
        "RIGHT SLEEVE" => "view-right-sleeve",
        "LEFT LEG" => "view-left-leg",
        "RIGHT LEG" => "view-right-leg",
        _ => return name.trim().to_owned(),
    };
    text_in(language, id, None)
}

/// Why a file could not be read or written, or a connection made, in the current language: the common cases said
/// as a person says them ("the file does not exist"), others as the system says them.
pub fn io_reason(e: &std::io::Error) -> String {
    use std::io::ErrorKind;
    match e.kind() {
        ErrorKind::NotFound => text("io-not-found"),
        ErrorKind::PermissionDenied => text("io-permission-denied"),
        ErrorKind::IsADirectory => text("io-is-a-directory"),
        ErrorKind::InvalidData => text("io-invalid-data"),
        ErrorKind::ConnectionRefused => text("io-refused"),
        ErrorKind::ConnectionReset | ErrorKind::ConnectionAborted | ErrorKind::BrokenPipe => {
            text("io-reset")
        }
        ErrorKind::TimedOut => text("io-timed-out"),
        ErrorKind::HostUnreachable | ErrorKind::NetworkUnreachable => text("io-no-route"),
        _ => e.to_string(),
    }
}

/// A translated sentence: `tr!("id")`, or `tr!("id", name = value, …)` where each value is a
/// string or a number (numbers choose plural forms).
#[macro_export]
macro_rules! tr {
    ($id:literal) => {
        $crate::i18n::text($id)
    };
    ($id:literal, $($name:ident = $value:expr),+ $(,)?) => {{
        let mut args = $crate::i18n::FluentArgs::new();
        $( args.set(stringify!($name), $value); )+
        $crate::i18n::text_with($id, &args)
    }};
}

#[cfg(test)]
mod tests {
    use super::*;
    use fluent_syntax::ast;
    use std::collections::{BTreeMap, BTreeSet};

    fn in_language(language: Language, id: &str, args: &[(&str, i64)]) -> String {
        let mut fluent = FluentArgs::new();
        for (name, value) in args {
            fluent.set(*name, *value);
        }
        text_in(language, id, Some(&fluent))
    }

    /// Every message id of a language with the variables its value and variants use.
    pub(super) fn messages(language: Language) -> BTreeMap<String, BTreeSet<String>> {
        let mut out = BTreeMap::new();
        for (area, text) in sources(language) {
            let resource = match FluentResource::try_new((*text).to_owned()) {
                Ok(resource) => resource,
                Err((_, errors)) => panic!("{language:?} {area}.ftl does not parse: {errors:?}"),
            };
            area_messages(language, &resource, &mut out);
        }
        out
    }

    fn area_messages(
        language: Language,
        resource: &FluentResource,
        out: &mut BTreeMap<String, BTreeSet<String>>,
    ) {
        for entry in resource.entries() {
            match entry {
                ast::Entry::Message(message) => {
                    let mut vars = BTreeSet::new();
                    if let Some(pattern) = &message.value {
                        pattern_vars(pattern, &mut vars);
                    }
                    let id = message.id.name.to_owned();
                    assert!(
                        out.insert(id.clone(), vars).is_none(),
                        "{language:?}: `{id}` twice"
                    );
                }
                ast::Entry::Junk { content } => panic!("{language:?}: cannot read {content:?}"),
                _ => {}
            }
        }
    }

    fn pattern_vars(pattern: &ast::Pattern<&str>, vars: &mut BTreeSet<String>) {
        for element in &pattern.elements {
            if let ast::PatternElement::Placeable { expression } = element {
                expression_vars(expression, vars);
            }
        }
    }

    fn expression_vars(expression: &ast::Expression<&str>, vars: &mut BTreeSet<String>) {
        match expression {
            ast::Expression::Select { selector, variants } => {
                inline_vars(selector, vars);
                for variant in variants {
                    pattern_vars(&variant.value, vars);
                }
            }
            ast::Expression::Inline(inline) => inline_vars(inline, vars),
        }
    }

    fn inline_vars(inline: &ast::InlineExpression<&str>, vars: &mut BTreeSet<String>) {
        match inline {
            ast::InlineExpression::VariableReference { id } => {
                vars.insert(id.name.to_owned());
            }
            ast::InlineExpression::FunctionReference { arguments, .. } => {
                for positional in &arguments.positional {
                    inline_vars(positional, vars);
                }
                for named in &arguments.named {
                    inline_vars(&named.value, vars);
                }
            }
            ast::InlineExpression::Placeable { expression } => expression_vars(expression, vars),
            _ => {}
        }
    }

    #[test]
    fn both_languages_have_the_same_messages_with_the_same_arguments() {
        let danish = messages(Language::Danish);
        let english = messages(Language::English);
        let only_danish: Vec<_> = danish
            .keys()
            .filter(|k| !english.contains_key(*k))
            .collect();
        let only_english: Vec<_> = english
            .keys()
            .filter(|k| !danish.contains_key(*k))
            .collect();
        assert!(
            only_danish.is_empty() && only_english.is_empty(),
            "only in da/: {only_danish:?}; only in en/: {only_english:?}"
        );
        for (id, vars) in &english {
            assert_eq!(
                &danish[id], vars,
                "`{id}` takes different arguments in Danish and English"
            );
        }
    }

    /// The ids the code asks for: `tr!("…"` anywhere under `src/`, and the client's
    /// `Message::new("…"` (`src/api`).
    pub(super) fn ids_used_in_source() -> BTreeSet<(String, String)> {
        fn walk(dir: &std::path::Path, out: &mut BTreeSet<(String, String)>) {
            let Ok(entries) = std::fs::read_dir(dir) else {
                return;
            };
            for entry in entries.flatten() {
                let path = entry.path();
                if path.is_dir() {
                    walk(&path, out);
                } else if path.extension().is_some_and(|e| e == "rs") {
                    let text = std::fs::read_to_string(&path).unwrap_or_default();
                    for call in ["tr!(", "Message::new("] {
                        let mut rest = text.as_str();
                        while let Some(at) = rest.find(call) {
                            // `tr!(` in `include_str!(` is no call.
                            let inside_a_name = rest[..at]
                                .chars()
                                .next_back()
                                .is_some_and(|c| c.is_alphanumeric() || c == '_');
                            rest = &rest[at + call.len()..];
                            if inside_a_name {
                                continue;
                            }
                            let trimmed = rest.trim_start();
                            if let Some(literal) = trimmed.strip_prefix('"')
                                && let Some(end) = literal.find('"')
                            {
                                out.insert((literal[..end].to_owned(), path.display().to_string()));
                            }
                        }
                    }
                }
            }
        }
        let mut out = BTreeSet::new();
        walk(
            &std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src"),
            &mut out,
        );
        out
    }

    #[test]
    fn every_message_the_code_asks_for_exists() {
        let english = messages(Language::English);
        let used = ids_used_in_source();
        let missing: Vec<_> = used
            .iter()
            // This module's own examples in its documentation.
            .filter(|(id, file)| !file.ends_with("i18n/mod.rs") && !english.contains_key(id))
            .collect();
        assert!(
            missing.is_empty(),
            "asked for but not in assets/i18n: {missing:?}"
        );
    }

    #[test]
    fn plurals_follow_each_languages_rules() {
        assert_eq!(
            in_language(Language::English, "count-garments", &[("count", 1)]),
            "1 garment"
        );
        assert_eq!(
            in_language(Language::English, "count-garments", &[("count", 2)]),
            "2 garments"
        );
        assert_eq!(
            in_language(Language::Danish, "count-garments", &[("count", 1)]),
            "1 trøje"
        );
        assert_eq!(
            in_language(Language::Danish, "count-garments", &[("count", 0)]),
            "0 trøjer"
        );
    }

    #[test]
    fn marking_wraps_every_translated_text() {
        // The global switch is left alone: the other tests here compare texts unmarked, in
        // parallel. `tests/danish/every_screen.rs` turns it on for the whole app.
        let mut args = FluentArgs::new();
        args.set("count", 2);
        assert_eq!(
            format_message(Language::Danish, "count-garments", Some(&args), true),
            format!("{MARK_OPEN}2 trøjer{MARK_CLOSE}")
        );
        assert_eq!(
            format_message(Language::English, "no-such-message", None, true),
            format!("{MARK_OPEN}no-such-message{MARK_CLOSE}")
        );
        assert_eq!(
            format_message(Language::Danish, "count-garments", Some(&args), false),
            "2 trøjer"
        );
        assert!(!marking(), "the app and the tests start unmarked");
    }

    #[test]
    fn a_missing_message_shows_its_id() {
        assert_eq!(
            text_in(Language::Danish, "no-such-message", None),
            "no-such-message"
        );
    }
}
