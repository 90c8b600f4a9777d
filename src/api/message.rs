//! The client's sentences, written once: in `assets/i18n/en/api.ftl`.
//!
//! Every error and broken rule of the client names a message of that file with its arguments
//! (a [`Message`], from the types' `message()`). Their English `Display` is that message
//! formatted with the file, compiled in and parsed once; an application formats the same
//! [`Message`] in its person's language from its own translation of the file (logodesk does in
//! `crate::i18n::api`, with `assets/i18n/da/api.ftl`). A new variant is one arm of its type's
//! `message()` plus one line in each `.ftl`.

use std::sync::OnceLock;

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource};

use crate::api::models::LogoType;

/// The client's English sentences.
const ENGLISH: &str = include_str!("../../assets/i18n/en/api.ftl");

/// A sentence of the client: a message id of `api.ftl` and the values of its variables.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Message {
    /// The message's id, such as `api-rule-no-reference`.
    pub id: &'static str,
    /// Each variable of the message (without its `$`) and its value.
    pub args: Vec<(&'static str, Arg)>,
}

/// The value of a variable of a [`Message`].
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Arg {
    /// Text put in as it is (an address, the service's own words, a size such as `32 MiB`).
    Text(String),
    /// A number (numbers choose plural forms).
    Number(i64),
    /// Another message, formatted in the same language first: the subject of a 404 ("Logo
    /// 42"), the broken rule of a refused request.
    Message(Box<Message>),
    /// A kind of logo: its name on the wire in the client's English; an application may name it
    /// in its own words.
    LogoKind(LogoType),
}

impl From<String> for Arg {
    fn from(text: String) -> Self {
        Arg::Text(text)
    }
}

impl From<&str> for Arg {
    fn from(text: &str) -> Self {
        Arg::Text(text.to_owned())
    }
}

impl From<i64> for Arg {
    fn from(n: i64) -> Self {
        Arg::Number(n)
    }
}

impl From<usize> for Arg {
    fn from(n: usize) -> Self {
        Arg::Number(i64::try_from(n).unwrap_or(i64::MAX))
    }
}

impl From<u64> for Arg {
    fn from(n: u64) -> Self {
        Arg::Number(i64::try_from(n).unwrap_or(i64::MAX))
    }
}

impl From<Message> for Arg {
    fn from(message: Message) -> Self {
        Arg::Message(Box::new(message))
    }
}

impl Message {
    /// The message `id` without arguments (yet).
    pub(crate) fn new(id: &'static str) -> Self {
        Message {
            id,
            args: Vec::new(),
        }
    }

    /// Adds the value of the variable `$name`.
    pub(crate) fn arg(mut self, name: &'static str, value: impl Into<Arg>) -> Self {
        self.args.push((name, value.into()));
        self
    }

    /// The sentence in a language: `say` formats a message id with its arguments (from that
    /// language's `api.ftl`), `logo_kind` names a kind of logo. Nested messages are formatted
    /// with the same two first.
    pub fn format(
        &self,
        say: &dyn Fn(&str, &FluentArgs) -> String,
        logo_kind: &dyn Fn(&LogoType) -> String,
    ) -> String {
        let mut args = FluentArgs::new();
        for (name, value) in &self.args {
            match value {
                Arg::Text(text) => args.set(*name, text.as_str()),
                Arg::Number(n) => args.set(*name, *n),
                Arg::Message(inner) => args.set(*name, inner.format(say, logo_kind)),
                Arg::LogoKind(kind) => args.set(*name, logo_kind(kind)),
            }
        }
        say(self.id, &args)
    }

    /// The client's own English sentence (what `Display` shows).
    pub fn english(&self) -> String {
        self.format(&english, &|kind| kind.to_string())
    }
}

/// The English message `id` with `args`; a message the file lacks shows as its id.
fn english(id: &str, args: &FluentArgs) -> String {
    static BUNDLE: OnceLock<FluentBundle<FluentResource>> = OnceLock::new();
    let bundle = BUNDLE.get_or_init(|| {
        let resource =
            FluentResource::try_new(ENGLISH.to_owned()).unwrap_or_else(|(resource, errors)| {
                tracing::error!(?errors, "the client's sentences (api.ftl) do not parse");
                resource
            });
        // A valid tag; it chooses English plural forms ("1 second", "2 seconds").
        let mut bundle = FluentBundle::new_concurrent(vec!["en".parse().unwrap_or_default()]);
        // Plain text: no bidi isolation marks around the arguments.
        bundle.set_use_isolating(false);
        if let Err(errors) = bundle.add_resource(resource) {
            tracing::error!(?errors, "the client's sentences (api.ftl) repeat a message");
        }
        bundle
    });
    let Some(pattern) = bundle.get_message(id).and_then(|m| m.value()) else {
        tracing::warn!(id, "the client has no sentence for this message");
        return id.to_owned();
    };
    let mut errors = Vec::new();
    let text = bundle.format_pattern(pattern, Some(args), &mut errors);
    if !errors.is_empty() {
        tracing::warn!(
            id,
            ?errors,
            "a sentence of the client could not be filled in"
        );
    }
    text.into_owned()
}
