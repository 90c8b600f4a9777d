//! Which problems the composer shows: those of the fields the person left and of what was
//! pasted or imported, and all of them once "Place order…" was tried. Others wait.
//!
//! What is shown of a roster row is kept by the row's [`RowId`], not by its place: a row
//! added or removed before it leaves its problems shown, and no other row's.

use crate::api::ValidationIssue;
use crate::orders::form::{DesignForm, RowId};
use std::collections::BTreeSet;

/// The problems shown.
#[derive(Default)]
pub(super) struct Reveal {
    /// Paths (or prefixes of paths, e.g. a pasted row) whose problems are shown: fields the
    /// person left, and what was pasted. Others wait until "Place order…" is tried.
    paths: BTreeSet<String>,
    /// Roster rows' fields shown, by the row's id: the path under the row (`.name`), or
    /// `""` for the whole row (pasted or imported).
    rows: BTreeSet<(RowId, String)>,
    /// "Place order…" was tried: every problem is shown.
    tried: bool,
}

impl Reveal {
    /// Shows the problems at `path` and under it (not a roster row's: [`Reveal::left`]).
    pub fn show(&mut self, path: String) {
        self.paths.insert(path);
    }

    /// Shows every problem of the roster row `row`.
    pub fn show_row(&mut self, row: RowId) {
        self.rows.insert((row, String::new()));
    }

    /// Shows the problems of the fields at `paths`, which the person left, in `designs` as
    /// they were drawn: a roster row's field is kept by the row's id.
    pub fn left(&mut self, paths: impl IntoIterator<Item = String>, designs: &[DesignForm]) {
        for path in paths {
            match row_at(&path, designs) {
                Some((row, rest)) => {
                    self.rows.insert((row, rest.to_owned()));
                }
                None => {
                    self.paths.insert(path);
                }
            }
        }
    }

    /// Hides again what was shown under paths starting with `prefix` (their lines moved).
    pub fn forget_starting(&mut self, prefix: &str) {
        self.paths.retain(|p| !p.starts_with(prefix));
    }

    /// "Place order…" was tried (or the draft was worked on before): every problem shows.
    pub fn try_all(&mut self) {
        self.tried = true;
    }

    /// The issues of the form whose lines are `designs` to show now: all of them once
    /// "Place order…" was tried, else those of the fields left and of what was pasted.
    pub fn shown(
        &self,
        issues: &[ValidationIssue],
        designs: &[DesignForm],
    ) -> Vec<ValidationIssue> {
        issues
            .iter()
            .filter(|i| self.tried || self.is_shown(&i.path, designs))
            .cloned()
            .collect()
    }

    fn is_shown(&self, path: &str, designs: &[DesignForm]) -> bool {
        if is_revealed(&self.paths, path) {
            return true;
        }
        let Some((row, rest)) = row_at(path, designs) else {
            return false;
        };
        self.rows
            .range((row, String::new())..)
            .take_while(|(r, _)| *r == row)
            .any(|(_, shown)| is_under(rest, shown))
    }
}

/// The roster row a `designs[i].instances[j]…` path is in, and the path under the row.
fn row_at<'a>(path: &'a str, designs: &[DesignForm]) -> Option<(RowId, &'a str)> {
    let rest = path.strip_prefix("designs[")?;
    let (i, rest) = rest.split_once(']')?;
    let rest = rest.strip_prefix(".instances[")?;
    let (j, rest) = rest.split_once(']')?;
    let d = designs.get(i.parse::<usize>().ok()?)?;
    let row = d.rows.get(j.parse::<usize>().ok()?)?;
    Some((row.id, rest))
}

/// Whether `rest` is `shown` or under it (`.logoValues[0]` is under `""`, not `.name`).
fn is_under(rest: &str, shown: &str) -> bool {
    rest.strip_prefix(shown)
        .is_some_and(|rest| rest.is_empty() || rest.starts_with(['.', '[']))
}

/// Whether the issue at `path` is revealed: its own path, or a path under a revealed one
/// (`designs[0].instances[2]` reveals `designs[0].instances[2].number`, not `…[20]…`).
pub(super) fn is_revealed(revealed: &BTreeSet<String>, path: &str) -> bool {
    revealed.iter().any(|r| is_under(path, r))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::orders::form::RowForm;

    #[test]
    fn a_rows_shown_problems_stay_with_it_when_a_row_before_it_goes() {
        let mut designs = vec![DesignForm {
            rows: (0..4).map(|_| RowForm::default()).collect(),
            ..DesignForm::default()
        }];
        let mut reveal = Reveal::default();
        // Row 4's name was left, row 3 was pasted, and a field of the header left.
        let left = ["designs[0].instances[3].name", "reference"].map(String::from);
        reveal.left(left, &designs);
        reveal.show_row(designs[0].rows[2].id);
        let shown = |reveal: &Reveal, designs: &[DesignForm], path: &str| {
            !reveal
                .shown(&[ValidationIssue::new(path, "")], designs)
                .is_empty()
        };
        assert!(shown(&reveal, &designs, "designs[0].instances[3].name"));
        assert!(!shown(&reveal, &designs, "designs[0].instances[1].name"));

        // Row 2 goes: rows 3 and 4 are rows 2 and 3 now, and keep what they showed.
        designs[0].rows.remove(1);
        assert!(shown(&reveal, &designs, "designs[0].instances[2].name"));
        assert!(!shown(&reveal, &designs, "designs[0].instances[2].number"));
        assert!(shown(&reveal, &designs, "designs[0].instances[1].size"));
        assert!(shown(
            &reveal,
            &designs,
            "designs[0].instances[1].logoValues[0].value"
        ));
        assert!(!shown(&reveal, &designs, "designs[0].instances[0].name"));
        assert!(!shown(&reveal, &designs, "designs[0].instances[3].name"));
        assert!(shown(&reveal, &designs, "reference"));
        assert!(!shown(&reveal, &designs, "referenceX"));

        // Tried: everything shows.
        reveal.try_all();
        assert!(shown(&reveal, &designs, "designs[0].instances[0].name"));
    }
}
