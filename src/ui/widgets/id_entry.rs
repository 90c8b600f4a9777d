//! The one "type an id and open it" row: a text field, its button, a spinner while the answer
//! is on its way, and the sentence saying what to type when the text is not an id. The gallery
//! (a logo by item number or `#id`), Designs (a design by id), Tasks (a task by id), History
//! (an order by tracking id, a tracking id attached to an order) and the composer (a design
//! line by id or `MUL` item number) all use it.

use super::UiExt;
use egui::{Key, Ui};

/// Reads an id from what was typed (already trimmed, never empty), or says what to type.
pub type ParseId<T> = fn(&str) -> Result<T, String>;

/// A positive whole number as the id newtype `T` (`TaskId`, `DesignId`, `OrderId`…), or
/// `problem` (the sentence that says what to type).
pub fn positive<T: From<i64>>(text: &str, problem: impl FnOnce() -> String) -> Result<T, String> {
    match text.parse::<i64>() {
        Ok(n) if n > 0 => Ok(T::from(n)),
        _ => Err(problem()),
    }
}

/// An id-entry row over a screen's own text and problem fields. [`IdEntry::show`] draws it as a
/// row with the problem under it; [`IdEntry::row`] only the row's widgets, in the layout it is
/// given (reversed in a right-to-left one), for a row that sits in a header.
#[must_use = "draw it with `show` or `row`"]
pub struct IdEntry<'a, T> {
    text: &'a mut String,
    problem: &'a mut Option<String>,
    parse: ParseId<T>,
    name: String,
    button: String,
    labelled: bool,
    hint: Option<String>,
    field_hover: Option<String>,
    button_hover: Option<String>,
    width: f32,
    busy: bool,
    spinner: bool,
}

impl<'a, T> IdEntry<'a, T> {
    /// A field named `name` (its accessible name) with the button `button`; `parse` reads the
    /// id. `problem` holds the sentence shown under the row: a text that is not an id, or
    /// whatever the screen puts there (a failed look-up); typing clears it.
    pub fn new(
        text: &'a mut String,
        problem: &'a mut Option<String>,
        name: String,
        button: String,
        parse: ParseId<T>,
    ) -> Self {
        Self {
            text,
            problem,
            parse,
            name,
            button,
            labelled: false,
            hint: None,
            field_hover: None,
            button_hover: None,
            width: crate::ui::theme::field::ID,
            busy: false,
            spinner: false,
        }
    }

    /// Shows the field's name as a label before it.
    pub fn labelled(mut self) -> Self {
        self.labelled = true;
        self
    }

    /// The grey text in the empty field.
    pub fn hint(mut self, hint: String) -> Self {
        self.hint = Some(hint);
        self
    }

    /// The field's tooltip.
    pub fn field_hover(mut self, text: String) -> Self {
        self.field_hover = Some(text);
        self
    }

    /// The button's tooltip.
    pub fn button_hover(mut self, text: String) -> Self {
        self.button_hover = Some(text);
        self
    }

    /// The field's width.
    pub fn width(mut self, width: f32) -> Self {
        self.width = width;
        self
    }

    /// An answer is on its way and another cannot be asked: the button waits, a spinner turns.
    pub fn busy(mut self, busy: bool) -> Self {
        self.busy = busy;
        self.spinner |= busy;
        self
    }

    /// An answer is on its way (a spinner turns); a newer id may still be asked for.
    pub fn spinner(mut self, spinner: bool) -> Self {
        self.spinner |= spinner;
        self
    }

    /// The row, then the problem under it. The id when the person asked for one (button or
    /// Enter) and the text is one.
    pub fn show(self, ui: &mut Ui) -> Option<T> {
        let (id, problem) = ui.horizontal(|ui| self.row_parts(ui)).inner;
        problem_ui(ui, problem);
        id
    }

    /// Only the row's widgets, in `ui`'s layout; the caller shows the problem with
    /// [`problem_ui`] under the row it sits in.
    pub fn row(self, ui: &mut Ui) -> Option<T> {
        self.row_parts(ui).0
    }

    fn row_parts(self, ui: &mut Ui) -> (Option<T>, &'a Option<String>) {
        let reversed = ui.layout().prefer_right_to_left();
        let Self {
            text,
            problem,
            parse,
            name,
            button,
            labelled,
            hint,
            field_hover,
            button_hover,
            width,
            busy,
            spinner,
        } = self;
        let field = |ui: &mut Ui| {
            if labelled {
                ui.label(&name);
            }
            let mut edit = egui::TextEdit::singleline(text).desired_width(width);
            if let Some(hint) = hint {
                edit = edit.hint_text(hint);
            }
            let response = ui.add(edit).accessible_name(&name);
            match field_hover {
                Some(h) => response.on_hover_text(h),
                None => response,
            }
        };
        let button = |ui: &mut Ui| {
            let response = ui.add_enabled(!busy, egui::Button::new(button));
            match button_hover {
                Some(h) => response.on_hover_text(h),
                None => response,
            }
        };
        let (field, clicked) = if reversed {
            if spinner {
                ui.spinner();
            }
            let clicked = button(ui).clicked();
            (field(ui), clicked)
        } else {
            let field = field(ui);
            let clicked = button(ui).clicked();
            if spinner {
                ui.spinner();
            }
            (field, clicked)
        };
        if field.changed() {
            *problem = None;
        }
        let entered = field.lost_focus() && ui.input(|i| i.key_pressed(Key::Enter));
        let typed = text.trim();
        let mut id = None;
        if (clicked || entered) && !busy && !typed.is_empty() {
            match parse(typed) {
                Ok(v) => {
                    *problem = None;
                    id = Some(v);
                }
                Err(e) => *problem = Some(e),
            }
        }
        (id, problem)
    }
}

/// The sentence under an id-entry row, if there is one.
pub fn problem_ui(ui: &mut Ui, problem: &Option<String>) {
    if let Some(p) = problem {
        ui.problem(p);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::TaskId;

    #[test]
    fn positive_whole_numbers_are_ids_and_the_rest_a_sentence() {
        let problem = || "type a number".to_owned();
        assert_eq!(positive::<TaskId>("70001", problem), Ok(TaskId(70001)));
        for bad in ["0", "-3", "MUL1", "1.5", "seven"] {
            assert_eq!(
                positive::<TaskId>(bad, problem),
                Err("type a number".into()),
                "{bad}"
            );
        }
    }
}
