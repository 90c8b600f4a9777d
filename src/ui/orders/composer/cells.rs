//! The composer's text fields: a cell outlined in red with its issue, and a labelled field.
//!
//! A field's problem is shown only once the person left the field (or tried to place the
//! order): each cell notes the path of its issue when it loses focus, and the composer
//! collects those paths once per frame ([`take_left`]) into what it reveals.

use crate::api::ValidationIssue;
use crate::orders::form::RowId;
use crate::ui::theme::{self, control};
use crate::ui::widgets::UiExt as _;
use egui::Ui;

/// Width of the grid's text cells.
pub(super) const CELL: f32 = 110.0;
pub(super) const NARROW: f32 = 56.0;
/// Width of the size's text cell (its menu button comes beside it).
pub(super) const SIZE: f32 = 44.0;
/// The widest a name cell grows to; it takes the room the other columns leave
/// ([`name_width`]).
const NAME_MAX: f32 = 340.0;
/// What a row's other columns take besides their text cells: the row number, the size's
/// menu button and the row's copy and remove buttons.
const ROW_CHROME: f32 = 28.0 + 26.0 + 110.0;

/// The width of a grid's name cells: the room the other cells leave in `available`, between
/// [`CELL`] and [`NAME_MAX`]. `value_columns` are the cells of name and number logos' values.
pub(super) fn name_width(available: f32, value_columns: usize, spacing: f32) -> f32 {
    let cells = SIZE + 2.0 * NARROW + CELL * value_columns as f32;
    let gaps = spacing * (6 + value_columns) as f32;
    (available - ROW_CHROME - cells - gaps).clamp(CELL, NAME_MAX)
}

/// Where the cells note, during one frame, the paths of the fields that lost focus.
fn left_id() -> egui::Id {
    egui::Id::unique("composer-fields-left")
}

/// Notes that the field of `path` was left (lost focus) this frame.
pub(super) fn note_left(ui: &Ui, response: &egui::Response, path: &str) {
    if response.lost_focus() && !path.is_empty() {
        ui.data_mut(|d| {
            d.get_temp_mut_or_default::<Vec<String>>(left_id())
                .push(path.to_owned());
        });
    }
}

/// The paths of the fields left since the last call.
pub(super) fn take_left(ctx: &egui::Context) -> Vec<String> {
    ctx.data_mut(|d| d.remove_temp::<Vec<String>>(left_id()))
        .unwrap_or_default()
}

/// The message of the issue at `path`, if there is one.
pub(super) fn issue_text<'a>(issues: &'a [ValidationIssue], path: &str) -> Option<&'a str> {
    issues
        .iter()
        .find(|i| i.path == path)
        .map(|i| i.message.as_str())
}

/// A labelled text field with its issue under it.
pub(super) fn field(
    ui: &mut Ui,
    label: &str,
    value: &mut String,
    hint: &str,
    issues: &[ValidationIssue],
    path: &str,
) {
    ui.field_label(label);
    ui.vertical(|ui| {
        let problem = issue_text(issues, path);
        hinted_cell(
            ui,
            value,
            control::WIDE,
            (hint, label.trim_end_matches(" *")),
            (path, problem),
            None,
        );
        ui.set_max_width(control::WIDE);
        ui.problem_line(problem);
    });
}

/// A text cell checked against the issue at `path`, outlined in the danger color when it has
/// one (shown on hover).
pub(super) fn checked_cell(
    ui: &mut Ui,
    value: &mut String,
    width: f32,
    issues: &[ValidationIssue],
    path: &str,
) -> egui::Response {
    hinted_cell(
        ui,
        value,
        width,
        ("", ""),
        (path, issue_text(issues, path)),
        None,
    )
}

/// A cell of roster row `row` checked against the issue at `path`, like [`checked_cell`];
/// its state (focus, cursor, its own undo) is kept by the row's id, so it stays with the row
/// when rows before it are added or removed.
pub(super) fn row_cell(
    ui: &mut Ui,
    value: &mut String,
    width: f32,
    issues: &[ValidationIssue],
    (path, row): (String, RowId),
) -> egui::Response {
    let column = path.rsplit_once(']').map_or("", |(_, column)| column);
    let salt = (row, column);
    let problem = issue_text(issues, &path);
    hinted_cell(ui, value, width, ("", ""), (&path, problem), Some(salt))
}

fn hinted_cell(
    ui: &mut Ui,
    value: &mut String,
    width: f32,
    (hint, name): (&str, &str),
    (path, problem): (&str, Option<&str>),
    salt: Option<(RowId, &str)>,
) -> egui::Response {
    let t = theme::tokens(ui.ctx());
    let mut edit = egui::TextEdit::singleline(value)
        .desired_width(width)
        .hint_text(hint);
    // Named by its path (a roster row's cell by its row), so a cell keeps its state and focus
    // in a grid that draws only the rows in view (auto ids would move to other rows as it
    // scrolls).
    if let Some(salt) = salt {
        edit = edit.id_salt(salt);
    } else if !path.is_empty() {
        edit = edit.id_salt(path);
    }
    if problem.is_some() {
        edit = edit.background_color(t.danger_soft);
    }
    let height = ui.spacing().interact_size.y;
    let mut r = ui.add_sized([width, height], edit);
    note_left(ui, &r, path);
    if !name.is_empty() {
        r = r.accessible_name(name);
    }
    match problem {
        Some(m) => {
            ui.painter().rect_stroke(
                r.rect,
                theme::radius::CONTROL,
                egui::Stroke::new(1.5, t.danger),
                egui::StrokeKind::Inside,
            );
            r.on_hover_text(m)
        }
        None => r,
    }
}

#[cfg(test)]
mod tests {
    use super::{CELL, NAME_MAX, name_width};

    #[test]
    fn the_name_takes_the_room_the_other_columns_leave() {
        // A narrow window: the name keeps its least width.
        assert_eq!(name_width(300.0, 0, 8.0), CELL);
        // A wide one: the name grows, but not without end.
        let wide = name_width(700.0, 0, 8.0);
        assert!(wide > CELL && wide < NAME_MAX, "{wide}");
        assert_eq!(name_width(2_000.0, 0, 8.0), NAME_MAX);
        // Value columns take their share first.
        assert!(name_width(700.0, 2, 8.0) < wide);
    }
}
