//! The loose logo lines' part of the composer: each line's identity, the note its look-up
//! left and the look-ups on their way ([`Lines`], keyed by a [`super::lines::LineId`] as the
//! design lines are), so removing a logo line never moves another line's note or look-up;
//! and the field that adds a line by id or item number.

use super::lines::Lines;
use crate::orders::form::LogoForm;

/// The loose logo lines' ids, in the form's order, each line's state, and the add field.
#[derive(Default)]
pub(super) struct LogoLines {
    lines: Lines,
    /// The reference typed to add a line.
    pub input: String,
    /// Whether `input` is an item number (else a logo id).
    pub by_item_no: bool,
}

impl std::ops::Deref for LogoLines {
    type Target = Lines;
    fn deref(&self) -> &Lines {
        &self.lines
    }
}

impl std::ops::DerefMut for LogoLines {
    fn deref_mut(&mut self) -> &mut Lines {
        &mut self.lines
    }
}

impl LogoLines {
    /// Follows `logos`: a line whose reference still sits in order keeps its id, another
    /// gets a new one; the state of lines that are gone is dropped. Answers whether any id
    /// changed.
    pub fn sync(&mut self, logos: &[LogoForm]) -> bool {
        self.lines
            .follow(logos.iter().map(|l| l.reference.as_str()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::backend::RequestId;

    fn logos(references: &[&str]) -> Vec<LogoForm> {
        references
            .iter()
            .map(|r| LogoForm {
                reference: (*r).into(),
                ..LogoForm::default()
            })
            .collect()
    }

    /// Each line's note and look-up, read by place: `(note, request)` per line.
    fn by_place(part: &LogoLines, count: usize) -> Vec<(Option<String>, Option<u64>)> {
        (0..count)
            .map(|i| {
                let id = part.id(i);
                let request = part
                    .requests
                    .iter()
                    .find(|(_, l)| Some(**l) == id)
                    .map(|(r, _)| r.0);
                (part.note(i).cloned(), request)
            })
            .collect()
    }

    #[test]
    fn removing_a_logo_line_never_moves_another_lines_note_or_lookup() {
        let mut form = logos(&["11", "12", "13"]);
        let mut part = LogoLines::default();
        assert!(part.sync(&form));
        // The first line has a look-up on its way, the last a note; the middle one both.
        let [a, b, c] = [0, 1, 2].map(|i| part.id(i).unwrap());
        part.requests.insert(RequestId(7), a);
        part.requests.insert(RequestId(8), b);
        part.notes.insert(b, "not found".into());
        part.notes.insert(c, "no prices".into());
        form.remove(1);
        part.remove(1);
        assert!(
            !part.sync(&form),
            "the page's own removal is already followed"
        );
        assert_eq!(
            by_place(&part, 2),
            [(None, Some(7)), (Some("no prices".into()), None)]
        );
        assert!(!part.is_live(b) && part.requests.len() == 1 && part.notes.len() == 1);
        // The last line sits at place 1 now, under its own id.
        assert_eq!(part.index(c), Some(1));
    }

    #[test]
    fn logo_lines_set_elsewhere_keep_their_ids_by_reference() {
        let mut part = LogoLines::default();
        part.sync(&logos(&["11", "12"]));
        let twelve = part.id(1);
        part.notes.insert(twelve.unwrap(), "12's".into());
        // An undo put a line back in front: "12" keeps its id and note at its new place.
        assert!(part.sync(&logos(&["19", "11", "12"])));
        assert_eq!(
            (part.id(2), part.note(2).map(String::as_str)),
            (twelve, Some("12's"))
        );
        assert_eq!(part.note(0), None);
        // "12" gone elsewhere: its note goes too.
        assert!(part.sync(&logos(&["19", "11"])));
        assert!(part.notes.is_empty());
    }
}
