//! The club's answer as its browser posts it (`application/x-www-form-urlencoded`), read
//! through limits and checked against the page it answers.
//!
//! Fields: `shown` (the page's [`super::ClubPage::shown_hash`]), `who`, `choice`
//! (`approve`, `changes`, `correct`), `note`, and for a correction `r-LINE-ROW-FIELD`
//! (`r-0-6-name`) with the row's value as the club wants it printed.

use super::page::{Choice, ClubPage, Correction, Decision, Field};

/// The longest name a person types, a note, and one value of a row, in characters.
pub const WHO_MOST: usize = 120;
pub const NOTE_MOST: usize = 2000;
pub const VALUE_MOST: usize = 60;

/// Why an answer is not taken (the page is shown again with the sentence and what was typed).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FormProblem {
    /// No name typed.
    NoName,
    /// "Ask for changes" without saying which.
    NoNote,
    /// "Correct a row" with nothing changed.
    NothingCorrected,
    /// Longer than a person types.
    TooLong,
    /// Not one of the three choices (a form of another page, or a robot).
    NoChoice,
    /// The answer is for another version of the page.
    OtherVersion,
}

impl FormProblem {
    /// Its sentence's id (`club.ftl`).
    pub fn id(self) -> &'static str {
        match self {
            FormProblem::NoName => "club-problem-no-name",
            FormProblem::NoNote => "club-problem-no-note",
            FormProblem::NothingCorrected => "club-problem-nothing-corrected",
            FormProblem::TooLong => "club-problem-too-long",
            FormProblem::NoChoice => "club-problem-no-choice",
            FormProblem::OtherVersion => "club-problem-other-version",
        }
    }
}

/// The fields as posted (what the page shows again when the answer is not taken).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Posted {
    pub shown: String,
    pub who: String,
    pub choice: String,
    pub note: String,
    /// `(line, row, field, value)` for every row field posted.
    pub values: Vec<(usize, usize, Field, String)>,
}

impl Posted {
    /// Reads a form body; unknown fields are left out, a field posted twice counts once.
    pub fn parse(body: &[u8]) -> Posted {
        let mut posted = Posted::default();
        for (key, value) in url::form_urlencoded::parse(body) {
            let value = value.into_owned();
            match key.as_ref() {
                "shown" => posted.shown = value,
                "who" => posted.who = value,
                "choice" => posted.choice = value,
                "note" => posted.note = value,
                other => {
                    if let Some(cell) = row_field(other)
                        && !posted
                            .values
                            .iter()
                            .any(|(l, r, f, _)| (*l, *r, *f) == cell)
                    {
                        posted.values.push((cell.0, cell.1, cell.2, value));
                    }
                }
            }
        }
        posted
    }

    /// The value posted for a row's field, if any.
    pub fn value(&self, line: usize, row: usize, field: Field) -> Option<&str> {
        self.values
            .iter()
            .find(|(l, r, f, _)| (*l, *r, *f) == (line, row, field))
            .map(|(_, _, _, v)| v.as_str())
    }

    /// The decision these fields make on `page` (shown with `shown_hash`).
    pub fn decision(&self, page: &ClubPage, shown_hash: &str) -> Result<Decision, FormProblem> {
        if self.shown != shown_hash {
            return Err(FormProblem::OtherVersion);
        }
        let who = one_line(&self.who);
        let note = self.note.trim().to_owned();
        if who.chars().count() > WHO_MOST || note.chars().count() > NOTE_MOST {
            return Err(FormProblem::TooLong);
        }
        let choice = match self.choice.as_str() {
            "approve" => Choice::Approve,
            "changes" => {
                if note.is_empty() {
                    return Err(FormProblem::NoNote);
                }
                Choice::AskChanges { note: note.clone() }
            }
            "correct" => Choice::Correct {
                corrections: self.corrections(page)?,
            },
            _ => return Err(FormProblem::NoChoice),
        };
        if who.is_empty() {
            return Err(FormProblem::NoName);
        }
        let note = if matches!(choice, Choice::AskChanges { .. }) {
            String::new()
        } else {
            note
        };
        Ok(Decision { who, choice, note })
    }

    /// The values that differ from the page's, of the rows asked.
    fn corrections(&self, page: &ClubPage) -> Result<Vec<Correction>, FormProblem> {
        let mut found = Vec::new();
        for (l, r, field, value) in &self.values {
            let Some(row) = page.lines.get(*l).and_then(|line| line.rows.get(*r)) else {
                continue;
            };
            if !row.asked {
                continue;
            }
            let now = one_line(value);
            if now.chars().count() > VALUE_MOST {
                return Err(FormProblem::TooLong);
            }
            let was = field.of(row);
            if now != was.trim() {
                found.push(Correction {
                    line: *l,
                    row: *r,
                    field: *field,
                    was: was.to_owned(),
                    now,
                });
            }
        }
        if found.is_empty() {
            return Err(FormProblem::NothingCorrected);
        }
        found.sort_by_key(|c| (c.line, c.row, c.field.word()));
        Ok(found)
    }
}

/// `r-LINE-ROW-FIELD` read.
fn row_field(key: &str) -> Option<(usize, usize, Field)> {
    let mut parts = key.strip_prefix("r-")?.splitn(3, '-');
    let line = parts.next()?.parse().ok()?;
    let row = parts.next()?.parse().ok()?;
    let word = parts.next()?;
    let field = Field::ALL.into_iter().find(|f| f.word() == word)?;
    Some((line, row, field))
}

/// The field's name for a row's value.
pub fn field_name(line: usize, row: usize, field: Field) -> String {
    format!("r-{line}-{row}-{}", field.word())
}

/// Text typed on one line: trimmed, control characters (a pasted line break) as spaces.
fn one_line(text: &str) -> String {
    text.trim()
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::club::page::{PageLine, PageRow};

    fn page() -> ClubPage {
        let row = |name: &str, asked| PageRow {
            size: "M".into(),
            quantity: "1".into(),
            name: name.into(),
            number: "7".into(),
            asked,
            ..Default::default()
        };
        ClubPage {
            lines: vec![PageLine {
                key: "20001#0".into(),
                rows: vec![row("Hansen", true), row("Berg", true), row("Ib", false)],
                ..Default::default()
            }],
            ..Default::default()
        }
    }

    fn decide(body: &str) -> Result<Decision, FormProblem> {
        Posted::parse(body.as_bytes()).decision(&page(), "h1")
    }

    #[test]
    fn the_three_choices_read_with_the_name_typed() {
        let yes = decide("shown=h1&who=+Mette+Hansen+&choice=approve&note=").unwrap();
        assert_eq!(
            (yes.who.as_str(), yes.choice),
            ("Mette Hansen", Choice::Approve)
        );
        let ask = decide("shown=h1&who=Mette&choice=changes&note=M%C3%B8rkere+bl%C3%A5").unwrap();
        assert_eq!(
            ask.choice,
            Choice::AskChanges {
                note: "Mørkere blå".into()
            }
        );
        let fix = decide(
            "shown=h1&who=Mette&choice=correct&r-0-0-name=Hansen&r-0-1-name=Bergh&r-0-1-number=7&r-0-2-name=X",
        )
        .unwrap();
        let Choice::Correct { corrections } = fix.choice else {
            panic!("{fix:?}")
        };
        // Only what changed, of the rows asked (row 2 was approved before and is not asked).
        assert_eq!(corrections.len(), 1);
        assert_eq!(
            (
                corrections[0].row,
                corrections[0].field,
                corrections[0].was.as_str(),
                corrections[0].now.as_str()
            ),
            (1, Field::Name, "Berg", "Bergh")
        );
    }

    #[test]
    fn an_answer_that_says_too_little_or_too_much_is_not_taken() {
        assert_eq!(
            decide("shown=h1&who=+&choice=approve"),
            Err(FormProblem::NoName)
        );
        assert_eq!(
            decide("shown=h1&who=M&choice=changes&note=+"),
            Err(FormProblem::NoNote)
        );
        assert_eq!(
            decide("shown=h1&who=M&choice=correct&r-0-0-name=Hansen"),
            Err(FormProblem::NothingCorrected)
        );
        assert_eq!(
            decide("shown=h1&who=M&choice=delete"),
            Err(FormProblem::NoChoice)
        );
        assert_eq!(
            decide("shown=h0&who=M&choice=approve"),
            Err(FormProblem::OtherVersion)
        );
        let long = format!("shown=h1&who={}&choice=approve", "a".repeat(WHO_MOST + 1));
        assert_eq!(decide(&long), Err(FormProblem::TooLong));
        // A pasted line break is a space; a field for no row is left out.
        let ok =
            decide("shown=h1&who=Mette%0AHansen&choice=approve&r-9-9-name=x&r-a-b-c=1").unwrap();
        assert_eq!(ok.who, "Mette Hansen");
    }
}
