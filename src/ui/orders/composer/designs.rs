//! The design lines: each design's placements and its instances grid, with roster paste.

use super::cells::{self, CELL, NARROW, SIZE, name_width, row_cell};
use super::import::{RosterExport, export_roster};
use super::{Composer, proof};
use crate::api::{LogoType, ValidationIssue};
use crate::orders::form::{COMMON_SIZES, PlaceholderForm, RowForm, RowId, check_design_reference};
use crate::orders::roster::{numbers_used_twice, parse_roster, row_problem};
use crate::ui::theme::{self, control, field, space};
use crate::ui::widgets::{IdEntry, UiExt as _};
use crate::ui::{Shared, names};
use egui::{RichText, Ui};
use std::collections::HashSet;
use std::ops::Range;

impl Composer {
    /// Every design line, and a field to add one.
    pub(super) fn designs_ui(
        &mut self,
        ui: &mut Ui,
        shared: &mut Shared<'_>,
        issues: &[ValidationIssue],
    ) {
        ui.surface(|ui| {
            ui.horizontal(|ui| {
                ui.section_heading(&crate::tr!("composer-designs"));
                ui.muted_small(&crate::tr!("composer-designs-hint"));
            });
            ui.add_space(space::S);
            let mut remove = None;
            let mut lines = Vec::with_capacity(self.form.designs.len());
            self.lines.sync(&self.form.designs);
            for i in 0..self.form.designs.len() {
                let id = self.lines.id(i);
                let line = ui.push_id(("design", id), |ui| {
                    // The proof beside the grid when there is room, else below it.
                    let beside = ui.available_width() >= proof::BESIDE_FROM;
                    if beside {
                        ui.horizontal_top(|ui| {
                            let grid_w = ui.available_width() - proof::STRIP_W - space::XL;
                            let top_down = egui::Layout::top_down(egui::Align::Min);
                            let height = ui.available_height();
                            ui.allocate_ui_with_layout(
                                egui::vec2(grid_w, height),
                                top_down,
                                |ui| {
                                    if self.design_ui(ui, shared, i, issues) {
                                        remove = Some(i);
                                    }
                                },
                            );
                            ui.add_space(space::XL);
                            ui.allocate_ui_with_layout(
                                egui::vec2(proof::STRIP_W, height),
                                top_down,
                                |ui| self.proof_ui(ui, shared, i),
                            );
                        });
                    } else {
                        if self.design_ui(ui, shared, i, issues) {
                            remove = Some(i);
                        }
                        self.proof_ui(ui, shared, i);
                    }
                });
                lines.push(line.response.rect);
                ui.separator();
            }
            self.roster_drop_targets(ui, lines);
            if let Some(i) = remove {
                let gone = self.lines.id(i);
                self.form.designs.remove(i);
                self.reveal.forget_starting("designs[");
                // The line's paste, note, look-up and import go with it (its proof at the
                // next frame's sync); every other line keeps its own.
                self.lines.remove(i);
                self.import.forget_line(gone);
            }
            // Only a reference of the right shape is added (and fetched).
            let reference = IdEntry::new(
                &mut self.lines.input,
                &mut self.lines.input_problem,
                crate::tr!("composer-design-to-add"),
                crate::tr!("composer-add-design"),
                |text| check_design_reference(text).map_err(|e| e.to_string()),
            )
            .hint(crate::tr!("composer-design-input-hint"))
            .width(field::L)
            .show(ui);
            if let Some(reference) = reference {
                self.lines.input.clear();
                self.push_design(reference, shared);
            }
        });
    }

    /// One design line; answers whether it should be removed.
    fn design_ui(
        &mut self,
        ui: &mut Ui,
        shared: &mut Shared<'_>,
        i: usize,
        issues: &[ValidationIssue],
    ) -> bool {
        let t = theme::tokens(ui.ctx());
        let mut remove = false;
        let at = format!("designs[{i}]");
        let d = &mut self.form.designs[i];
        ui.horizontal(|ui| {
            let title = if d.title.is_empty() {
                crate::tr!("composer-design-untitled", reference = d.reference.clone())
            } else {
                format!("{} · {}", d.title, d.reference)
            };
            ui.label(RichText::new(title).strong().color(t.text_strong));
            let garments: i64 = d
                .rows
                .iter()
                .filter_map(|r| r.quantity.trim().parse::<i64>().ok())
                .sum();
            ui.muted_small(&crate::tr!(
                "composer-design-counts",
                rows = d.rows.len(),
                garments = garments
            ));
            ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                remove = ui
                    .small_button(crate::tr!("composer-remove-design"))
                    .clicked();
            });
        });
        let line = self.lines.id(i);
        if let Some(note) = line.and_then(|l| self.lines.notes.get(&l)) {
            ui.label(RichText::new(note).small().color(t.warning));
        }
        ui.problem_at(issues, &format!("{at}.designId"));
        ui.problem_at(issues, &format!("{at}.designMul"));
        ui.problem_at(issues, &format!("{at}.instances"));
        if !d.placeholders.is_empty() {
            let names: Vec<String> = d
                .placeholders
                .iter()
                .map(|p| {
                    format!(
                        "{} ({}, {})",
                        p.title,
                        names::logo_type(&p.logo_type),
                        names::view(&p.view)
                    )
                })
                .collect();
            ui.muted_small(&crate::tr!(
                "composer-placements",
                placements = names.join(" · ")
            ));
        }
        let value_columns: Vec<PlaceholderForm> = if d.needs_values() {
            d.placeholders
                .iter()
                .filter(|p| matches!(p.logo_type, LogoType::NameLogo | LogoType::NumberLogo))
                .cloned()
                .collect()
        } else {
            Vec::new()
        };
        // Rows are marked while they have a problem or share their number: a mark clears
        // as soon as the row is fixed.
        let twice = numbers_used_twice(&d.rows);
        let name_w = name_width(ui.available_width(), value_columns.len(), space::S);
        let mut duplicate = None;
        let mut delete = None;
        let mut import = false;
        let mut pasted_note = None;
        let mut export = None;
        let rows = d.rows.len();
        let proofs = &mut self.proofs;
        // The grid with the rows `shown` under its headings.
        let mut grid = |ui: &mut Ui, shown: Range<usize>| {
            egui::Grid::new(("instances", i))
                .striped(true)
                .num_columns(6 + value_columns.len())
                .spacing([space::S, space::XS])
                .show(ui, |ui| {
                    row_headings(ui);
                    for p in &value_columns {
                        ui.label(
                            RichText::new(format!("{} ({})", p.title, p.logo_type))
                                .small()
                                .strong(),
                        )
                        .on_hover_text(crate::tr!("composer-col-value-hover"));
                    }
                    ui.label("");
                    ui.end_row();
                    for j in shown {
                        let Some(row) = d.rows.get_mut(j) else { break };
                        let at = format!("{at}.instances[{j}]");
                        let mark = row_mark(row, &twice);
                        let id = row.id;
                        Composer::proof_row_selector(proofs, ui, line, (j, id), mark);
                        size_cell(ui, &mut row.size, issues, &at, id);
                        let quantity = (format!("{at}.quantity"), id);
                        row_cell(ui, &mut row.quantity, NARROW, issues, quantity);
                        row_cell(
                            ui,
                            &mut row.name,
                            name_w,
                            issues,
                            (format!("{at}.name"), id),
                        );
                        let number = (format!("{at}.number"), id);
                        row_cell(ui, &mut row.number, NARROW, issues, number);
                        for (k, p) in value_columns.iter().enumerate() {
                            let value = row.values.entry(p.logo_id).or_default();
                            let path = format!("{at}.logoValues[{k}].value");
                            row_cell(ui, value, CELL, issues, (path, id));
                        }
                        ui.horizontal(|ui| {
                            if ui
                                .small_button(crate::tr!("composer-row-copy"))
                                .on_hover_text(crate::tr!("composer-row-copy-hover"))
                                .clicked()
                            {
                                duplicate = Some(j);
                            }
                            if ui
                                .small_button("✕")
                                .on_hover_text(crate::tr!("composer-row-remove"))
                                .clicked()
                            {
                                delete = Some(j);
                            }
                        });
                        ui.end_row();
                    }
                });
        };
        if rows > LONG_GRID {
            long_grid(ui, ("instance-rows", i), rows, &mut grid);
        } else {
            grid(ui, 0..rows);
        }
        // The fields left are known by their rows before rows move.
        self.reveal
            .left(cells::take_left(ui.ctx()), &self.form.designs);
        let reveal = &mut self.reveal;
        let d = &mut self.form.designs[i];
        if let Some(j) = duplicate {
            // The copy is a row of its own.
            let copy = RowForm {
                id: RowId::next(),
                ..d.rows[j].clone()
            };
            d.rows.insert(j + 1, copy);
        }
        if let Some(j) = delete {
            d.rows.remove(j);
        }
        let mut rows_problems: Vec<&ValidationIssue> = issues
            .iter()
            .filter(|x| x.path.starts_with(&format!("{at}.instances[")))
            .collect();
        rows_problems.truncate(4);
        for p in rows_problems {
            ui.problem(&crate::tr!(
                "composer-row-problem",
                row = row_of(&p.path).map_or(0, |r| r + 1),
                problem = p.message.clone()
            ));
        }
        // Wrapped: in Danish the buttons' words are longer than the column is wide.
        ui.horizontal_wrapped(|ui| {
            if ui.button(crate::tr!("composer-add-row")).clicked() {
                let size = d
                    .rows
                    .last()
                    .map(|r| r.size.clone())
                    .unwrap_or_else(|| "M".into());
                d.rows.push(RowForm {
                    size,
                    quantity: "1".into(),
                    ..RowForm::default()
                });
            }
            let mut unkept = String::new();
            let text = match line {
                Some(line) => self.lines.pastes.entry(line).or_default(),
                None => &mut unkept,
            };
            ui.add(
                egui::TextEdit::multiline(text)
                    .hint_text(crate::tr!("composer-roster-hint"))
                    .desired_rows(1)
                    .desired_width(field::XXL),
            )
            .accessible_name(crate::tr!("composer-roster"));
            if ui
                .add_enabled(
                    !text.trim().is_empty(),
                    egui::Button::new(crate::tr!("composer-add-pasted-rows")),
                )
                .on_hover_text(crate::tr!("composer-add-pasted-rows-hover"))
                .clicked()
            {
                let roster = parse_roster(text);
                text.clear();
                replace_lone_default_row(&mut d.rows);
                let cut = roster.cut;
                pasted_note = (cut > 0).then(|| crate::tr!("composer-paste-cut", count = cut));
                // What was pasted shows its problems at once, like a field left.
                for r in &roster.rows {
                    reveal.show_row(r.id);
                }
                d.rows.extend(roster.rows);
            }
            import = ui
                .button(crate::tr!("composer-import-roster"))
                .on_hover_text(crate::tr!("composer-import-roster-hover"))
                .clicked();
            let has_rows = !is_lone_default_row(&d.rows) && !d.rows.is_empty();
            if ui
                .add_enabled(
                    has_rows,
                    egui::Button::new(crate::tr!("composer-export-roster")).small(),
                )
                .on_hover_text(crate::tr!("composer-export-roster-hover"))
                .clicked()
            {
                export = Some(RosterExport::Line(d.title.clone(), d.rows.clone()));
            }
            if ui
                .small_button(crate::tr!("composer-roster-template"))
                .on_hover_text(crate::tr!("composer-roster-template-hover"))
                .clicked()
            {
                export = Some(RosterExport::Template);
            }
        });
        if let (Some(note), Some(line)) = (pasted_note, line) {
            self.lines.notes.insert(line, note);
        }
        if let Some(export) = export {
            export_roster(export, shared);
        }
        if import {
            self.pick_roster_file(i, shared);
        }
        self.import_ui(ui, i);
        remove
    }
}

impl Composer {
    /// Gives every roster row an id of its own: rows cloned into the form may share one (the
    /// first keeps it), and per-row state is kept by id.
    pub(super) fn follow_rows(&mut self) {
        let mut seen = HashSet::new();
        for row in self.form.designs.iter_mut().flat_map(|d| &mut d.rows) {
            if !seen.insert(row.id) {
                row.id = RowId::next();
            }
        }
    }

    /// The rows pasted into design line `i` and not added yet.
    pub fn roster_paste(&self, i: usize) -> &str {
        self.lines
            .id(i)
            .and_then(|line| self.lines.pastes.get(&line))
            .map_or("", String::as_str)
    }

    /// The rows of design line `i` the grid marks now (a problem, or a number another row
    /// of the line also carries), by place.
    pub fn marked_rows(&self, i: usize) -> Vec<usize> {
        let Some(d) = self.form.designs.get(i) else {
            return Vec::new();
        };
        let twice = numbers_used_twice(&d.rows);
        (0..d.rows.len())
            .filter(|&j| row_mark(&d.rows[j], &twice).is_some())
            .collect()
    }
}

/// Why a row of the grid is marked, as the row number's hover says it: its problem, or the
/// number another row also carries.
fn row_mark(row: &RowForm, twice: &HashSet<String>) -> Option<String> {
    if let Some(problem) = row_problem(row) {
        return Some(problem);
    }
    let number = row.number.trim();
    twice
        .contains(number)
        .then(|| crate::tr!("composer-row-number-twice", number = number))
}

/// A line with more rows than this draws only those in view ([`long_grid`]).
const LONG_GRID: usize = 40;

/// Rows of a long line's grid in view at once; the others scroll.
const GRID_ROWS: usize = 20;

/// A long grid in a scrolled area [`GRID_ROWS`] rows tall: `grid` draws the headings and the
/// rows in view only ([`egui::ScrollArea::show_rows`]). The area's first slot is the
/// headings', and they stay at the top of the view: slot `k + 1` is row `k`, so the row under
/// them is the one scrolled past.
fn long_grid(
    ui: &mut Ui,
    id: impl std::hash::Hash + std::fmt::Debug,
    rows: usize,
    grid: &mut dyn FnMut(&mut Ui, Range<usize>),
) {
    ui.scope(|ui| {
        ui.spacing_mut().item_spacing.y = space::XS;
        let height = ui.spacing().interact_size.y;
        let tall = (height + space::XS) * GRID_ROWS as f32;
        egui::ScrollArea::both()
            .id_salt(id)
            .min_scrolled_height(tall)
            .max_height(tall)
            .auto_shrink([true, true])
            .show_rows(ui, height, rows + 1, |ui, slots| {
                grid(ui, slots.start..slots.end.saturating_sub(1).min(rows));
            });
    });
}

/// Whether `rows` is a line's lone row without a name or number (the one a new line starts
/// with), which gives way to a pasted or imported roster.
pub(super) fn is_lone_default_row(rows: &[RowForm]) -> bool {
    matches!(rows, [only] if only.name.is_empty() && only.number.is_empty())
}

/// Drops a line's lone default row ([`is_lone_default_row`]) before a roster is added.
pub(super) fn replace_lone_default_row(rows: &mut Vec<RowForm>) {
    if is_lone_default_row(rows) {
        rows.clear();
    }
}

/// The headings of a grid of rows: #, size, quantity, name and number.
pub(super) fn row_heading_texts() -> [String; 5] {
    [
        crate::tr!("composer-col-row"),
        crate::tr!("composer-col-size"),
        crate::tr!("composer-col-qty"),
        crate::tr!("composer-col-name"),
        crate::tr!("composer-col-number"),
    ]
}

/// The headings of a grid of rows, a cell each.
pub(super) fn row_headings(ui: &mut Ui) {
    for h in row_heading_texts() {
        ui.label(RichText::new(h).small().strong());
    }
}

/// The row index of an `…instances[j]…` path.
fn row_of(path: &str) -> Option<usize> {
    let rest = path.split("instances[").nth(1)?;
    rest.split(']').next()?.parse().ok()
}

/// Size: free text with the common sizes offered in a menu; `at` is the row's path.
fn size_cell(ui: &mut Ui, size: &mut String, issues: &[ValidationIssue], at: &str, row: RowId) {
    ui.horizontal(|ui| {
        ui.spacing_mut().item_spacing.x = 2.0;
        row_cell(ui, size, SIZE, issues, (format!("{at}.size"), row));
        egui::ComboBox::from_id_salt(("size", row))
            .selected_text("")
            .width(control::ARROW)
            .show_ui(ui, |ui| {
                for s in COMMON_SIZES {
                    ui.selectable_value(size, s.to_owned(), s);
                }
            });
    });
}
