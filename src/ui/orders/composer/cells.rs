//! The composer's text fields: a cell outlined in red with its issue, and a labelled field.

use crate::api::ValidationIssue;
use crate::ui::theme;
use crate::ui::widgets::UiExt as _;
use egui::Ui;

/// Width of the grid's text cells.
pub(super) const CELL: f32 = 110.0;
pub(super) const NARROW: f32 = 56.0;

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
    ui.label(label);
    ui.vertical(|ui| {
        let problem = issue_text(issues, path);
        hinted_cell(
            ui,
            value,
            220.0,
            (hint, label.trim_end_matches(" *")),
            problem,
        );
        if let Some(m) = problem {
            ui.problem(m);
        }
    });
}

/// A text cell checked against the issue at `path`.
pub(super) fn checked_cell(
    ui: &mut Ui,
    value: &mut String,
    width: f32,
    issues: &[ValidationIssue],
    path: &str,
) -> egui::Response {
    cell(ui, value, width, issue_text(issues, path))
}

/// A text cell, outlined in the danger color when it has a problem (shown on hover).
pub(super) fn cell(
    ui: &mut Ui,
    value: &mut String,
    width: f32,
    problem: Option<&str>,
) -> egui::Response {
    hinted_cell(ui, value, width, ("", ""), problem)
}

pub(super) fn hinted_cell(
    ui: &mut Ui,
    value: &mut String,
    width: f32,
    (hint, name): (&str, &str),
    problem: Option<&str>,
) -> egui::Response {
    let t = theme::tokens(ui.ctx());
    let mut edit = egui::TextEdit::singleline(value)
        .desired_width(width)
        .hint_text(hint);
    if problem.is_some() {
        edit = edit.background_color(t.danger_soft);
    }
    let height = ui.spacing().interact_size.y;
    let mut r = ui.add_sized([width, height], edit);
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
