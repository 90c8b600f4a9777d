//! Which problems the composer shows: those of the fields the person left and of what was
//! pasted or imported, and all of them once "Place order…" was tried. Others wait.

use crate::api::ValidationIssue;
use std::collections::BTreeSet;

/// The problems shown.
#[derive(Default)]
pub(super) struct Reveal {
    /// Paths (or prefixes of paths, e.g. a pasted row) whose problems are shown: fields the
    /// person left, and what was pasted. Others wait until "Place order…" is tried.
    paths: BTreeSet<String>,
    /// "Place order…" was tried: every problem is shown.
    tried: bool,
}

impl Reveal {
    /// Shows the problems at `path` and under it.
    pub fn show(&mut self, path: String) {
        self.paths.insert(path);
    }

    /// Shows the problems at each of `paths` and under them.
    pub fn show_all_of(&mut self, paths: impl IntoIterator<Item = String>) {
        self.paths.extend(paths);
    }

    /// Hides again what was shown under paths starting with `prefix` (their lines moved).
    pub fn forget_starting(&mut self, prefix: &str) {
        self.paths.retain(|p| !p.starts_with(prefix));
    }

    /// "Place order…" was tried (or the draft was worked on before): every problem shows.
    pub fn try_all(&mut self) {
        self.tried = true;
    }

    /// The issues to show now: all of them once "Place order…" was tried, else those of the
    /// fields left and of what was pasted.
    pub fn shown(&self, issues: &[ValidationIssue]) -> Vec<ValidationIssue> {
        issues
            .iter()
            .filter(|i| self.tried || is_revealed(&self.paths, &i.path))
            .cloned()
            .collect()
    }
}

/// Whether the issue at `path` is revealed: its own path, or a path under a revealed one
/// (`designs[0].instances[2]` reveals `designs[0].instances[2].number`, not `…[20]…`).
pub(super) fn is_revealed(revealed: &BTreeSet<String>, path: &str) -> bool {
    revealed.iter().any(|r| {
        path.strip_prefix(r.as_str())
            .is_some_and(|rest| rest.is_empty() || rest.starts_with(['.', '[']))
    })
}
