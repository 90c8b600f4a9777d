//! A design line's roster imported from a file: "Import roster…" asks the backend for a file
//! dialog and to read the file (never on the UI thread), then a preview maps the columns,
//! marks the rows with problems and the numbers used twice within the design, and "Add N
//! rows" adds them to the line.

use super::Composer;
use super::designs::{replace_lone_default_row, row_headings};
use crate::backend::orders::OrdersCommand;
use crate::backend::{Command, RequestId, UserError};
use crate::orders::roster_import::{Column, Mapping, PreviewRow, RosterTable, preview};
use crate::ui::theme::{self, space};
use crate::ui::widgets::UiExt as _;
use crate::ui::{Shared, Slot};
use egui::{RichText, Ui};
use std::path::PathBuf;

/// Rows shown in the preview (the rest are counted).
const PREVIEW_ROWS: usize = 12;

/// An import under way for one design line.
pub(super) struct RosterImport {
    line: usize,
    /// The dialog or the read being waited for.
    waiting: Option<RequestId>,
    table: Option<RosterTable>,
    mapping: Mapping,
    /// Why there is nothing to preview (no file chosen, a file that could not be read).
    note: Option<String>,
}

impl RosterImport {
    fn new(line: usize, waiting: RequestId) -> RosterImport {
        RosterImport {
            line,
            waiting: Some(waiting),
            table: None,
            mapping: Mapping {
                columns: Vec::new(),
                has_header: false,
            },
            note: None,
        }
    }
}

impl Composer {
    /// "Import roster…" on design line `line`: a file dialog in the backend.
    pub(super) fn pick_roster_file(&mut self, line: usize, shared: &mut Shared<'_>) {
        let label = crate::tr!("composer-choosing-roster");
        let id = shared.request(Slot::ComposerLine, &label, |request| {
            Command::Orders(OrdersCommand::PickRosterFile { request })
        });
        self.import = Some(RosterImport::new(line, id));
    }

    /// Imports the roster file at `path` into design line `line` from the next frame on: the
    /// way in for a path from elsewhere than the dialog (a dropped file, a test).
    pub fn import_roster_from(&mut self, line: usize, path: PathBuf) {
        self.roster_path = Some((line, path));
    }

    /// Reads the roster file at `path` for design line `line` and previews it.
    pub(super) fn import_roster_file(
        &mut self,
        line: usize,
        path: PathBuf,
        shared: &mut Shared<'_>,
    ) {
        let label = crate::tr!("composer-reading-roster-file");
        let id = shared.request(Slot::ComposerLine, &label, |request| {
            Command::Orders(OrdersCommand::ReadRoster { request, path })
        });
        self.import = Some(RosterImport::new(line, id));
    }

    /// The file dialog answered.
    pub(in crate::ui::orders) fn on_roster_picked(
        &mut self,
        request: RequestId,
        path: Option<PathBuf>,
        shared: &mut Shared<'_>,
    ) {
        let Some(import) = self.import.as_mut().filter(|i| i.waiting == Some(request)) else {
            return;
        };
        match path {
            Some(path) => {
                let line = import.line;
                self.import_roster_file(line, path, shared);
            }
            None => {
                import.waiting = None;
                import.note = Some(crate::tr!("composer-roster-no-file"));
            }
        }
    }

    /// The roster file was read (or could not be).
    pub(in crate::ui::orders) fn on_roster_read(
        &mut self,
        request: RequestId,
        result: Result<Box<RosterTable>, UserError>,
    ) {
        let Some(import) = self.import.as_mut().filter(|i| i.waiting == Some(request)) else {
            return;
        };
        import.waiting = None;
        match result {
            Ok(table) => {
                import.mapping = Mapping::guess(&table);
                import.table = Some(*table);
            }
            Err(e) => import.note = Some(e.message),
        }
    }

    /// A request of the composer failed before it was answered (no account, …).
    pub(in crate::ui::orders) fn on_request_failed(
        &mut self,
        request: RequestId,
        error: &UserError,
    ) {
        if let Some(import) = self.import.as_mut().filter(|i| i.waiting == Some(request)) {
            import.waiting = None;
            import.note = Some(error.message.clone());
        }
    }

    /// The rows of the import under way for line `i`, as they would be added.
    pub fn import_preview(&self, i: usize) -> Option<Vec<PreviewRow>> {
        let import = self.import.as_ref().filter(|x| x.line == i)?;
        let table = import.table.as_ref()?;
        let existing = &self.form.designs.get(i)?.rows;
        let mut existing = existing.clone();
        replace_lone_default_row(&mut existing);
        Some(preview(table, &import.mapping, &existing))
    }

    /// The preview of line `i`'s import, if one is under way for it.
    pub(super) fn import_ui(&mut self, ui: &mut Ui, i: usize) {
        if self.import.as_ref().is_none_or(|x| x.line != i) {
            return;
        }
        let rows = self.import_preview(i);
        let Some(import) = self.import.as_mut() else {
            return;
        };
        let t = theme::tokens(ui.ctx());
        let mut close = false;
        let mut add = false;
        egui::Frame::new()
            .fill(t.chrome)
            .corner_radius(theme::radius::CONTROL)
            .inner_margin(space::M)
            .show(ui, |ui| {
                if import.waiting.is_some() {
                    ui.horizontal(|ui| {
                        ui.spinner();
                        ui.label(crate::tr!("composer-reading-roster"));
                    });
                    return;
                }
                let (Some(table), Some(rows)) = (&import.table, rows) else {
                    ui.problem(import.note.as_deref().unwrap_or_default());
                    close = ui.button(crate::tr!("composer-close")).clicked();
                    return;
                };
                ui.label(
                    RichText::new(crate::tr!(
                        "composer-roster-from",
                        file = table.file_name.as_str()
                    ))
                    .strong()
                    .color(t.text_strong),
                );
                ui.checkbox(
                    &mut import.mapping.has_header,
                    crate::tr!("composer-first-row-header"),
                );
                mapping_ui(ui, table, &mut import.mapping);
                ui.add_space(space::S);
                rows_ui(ui, &rows);
                let mut twice: Vec<&str> = rows
                    .iter()
                    .filter(|r| r.duplicate)
                    .map(|r| r.row.number.trim())
                    .collect();
                twice.sort_by_key(|n| (n.len(), *n));
                twice.dedup();
                if !twice.is_empty() {
                    ui.problem(&crate::tr!(
                        "composer-numbers-twice",
                        numbers = twice.join(", ")
                    ));
                }
                let marked = rows.iter().filter(|r| r.is_marked()).count();
                if marked > 0 {
                    ui.muted_small(&crate::tr!(
                        "composer-rows-marked",
                        marked = marked,
                        count = rows.len()
                    ));
                }
                ui.horizontal(|ui| {
                    let label = crate::tr!("composer-add-rows", count = rows.len());
                    add = ui
                        .add_enabled_ui(!rows.is_empty(), |ui| ui.primary_button(&label))
                        .inner
                        .clicked();
                    close = ui.button(crate::tr!("composer-cancel")).clicked();
                });
            });
        if add {
            self.add_imported_rows(i);
        } else if close {
            self.import = None;
        }
    }

    /// Adds the previewed rows to line `i`, the marked ones marked in the grid too.
    fn add_imported_rows(&mut self, i: usize) {
        let Some(rows) = self.import_preview(i) else {
            return;
        };
        self.import = None;
        let Some(d) = self.form.designs.get_mut(i) else {
            return;
        };
        replace_lone_default_row(&mut d.rows);
        let offset = d.rows.len();
        let bad = self.bad_rows.entry(i).or_default();
        for (k, r) in rows.into_iter().enumerate() {
            if r.is_marked() {
                bad.insert(offset + k);
            }
            // What was imported shows its problems at once, like a field left.
            self.revealed
                .insert(format!("designs[{i}].instances[{}]", offset + k));
            d.rows.push(r.row);
        }
    }
}

/// Which column is which: each file column with its first cell and a choice.
fn mapping_ui(ui: &mut Ui, table: &RosterTable, mapping: &mut Mapping) {
    egui::Grid::new("import-mapping")
        .num_columns(mapping.columns.len())
        .spacing([space::M, space::XS])
        .show(ui, |ui| {
            for k in 0..mapping.columns.len() {
                let first = table
                    .rows
                    .first()
                    .and_then(|r| r.get(k))
                    .map_or("", String::as_str);
                ui.muted_small(&crate::tr!(
                    "composer-column",
                    column = k + 1,
                    first = first
                ));
            }
            ui.end_row();
            for k in 0..mapping.columns.len() {
                let mut chosen = mapping.columns[k];
                egui::ComboBox::from_id_salt(("import-column", k))
                    .selected_text(chosen.label())
                    .width(90.0)
                    .show_ui(ui, |ui| {
                        for c in Column::ALL {
                            ui.selectable_value(&mut chosen, c, c.label());
                        }
                    });
                if chosen != mapping.columns[k] {
                    mapping.set(k, chosen);
                }
            }
            ui.end_row();
        });
}

/// The first rows as they would be added, with their problems.
fn rows_ui(ui: &mut Ui, rows: &[PreviewRow]) {
    let t = theme::tokens(ui.ctx());
    egui::Grid::new("import-rows")
        .striped(true)
        .num_columns(6)
        .spacing([space::M, space::XS])
        .show(ui, |ui| {
            row_headings(ui);
            ui.label("");
            ui.end_row();
            for (k, r) in rows.iter().take(PREVIEW_ROWS).enumerate() {
                ui.label((k + 1).to_string());
                for text in [&r.row.size, &r.row.quantity, &r.row.name, &r.row.number] {
                    ui.label(text.as_str());
                }
                let mut said = Vec::new();
                if let Some(p) = &r.problem {
                    said.push(p.clone());
                }
                if r.duplicate {
                    said.push(crate::tr!(
                        "composer-number-twice",
                        number = r.row.number.trim()
                    ));
                }
                if said.is_empty() {
                    ui.label("");
                } else {
                    ui.label(
                        RichText::new(format!("⚠ {}", said.join(" ")))
                            .small()
                            .color(t.danger),
                    );
                }
                ui.end_row();
            }
        });
    if rows.len() > PREVIEW_ROWS {
        ui.muted_small(&crate::tr!(
            "composer-more-rows",
            count = rows.len() - PREVIEW_ROWS
        ));
    }
}
