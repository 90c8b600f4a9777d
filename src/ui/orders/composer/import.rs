//! A design line's roster imported from a file: "Import roster…" asks the backend for a file
//! dialog and to read the file (never on the UI thread), then a preview maps the columns,
//! marks the rows with problems and the numbers used twice within the design, and "Add N
//! rows" adds them to the line — unless the line would then have more rows than the service
//! takes for one design.
//!
//! The preview is computed once for each mapping and each change of the line's numbers, not
//! each frame, and its rows scroll: only those in view are drawn.

use super::Composer;
use super::designs::{is_lone_default_row, replace_lone_default_row, row_heading_texts};
use super::lines::LineId;
use crate::api::MAX_INSTANCES_PER_DESIGN;
use crate::backend::orders::OrdersCommand;
use crate::backend::{Command, RequestId, SaveTo, UserError, file_name_part};
use crate::orders::csv::roster_csv;
use crate::orders::form::RowForm;
use crate::orders::roster_import::{
    Column, Mapping, PreviewRow, RememberedMappings, RosterTable, is_roster_file_name, preview,
};
use crate::ui::theme::{self, control, field, space};
use crate::ui::widgets::UiExt as _;
use crate::ui::{Shared, Slot};
use egui::{RichText, Ui};
use std::path::PathBuf;

/// Rows of the preview in view at once; the others scroll.
const PREVIEW_ROWS: usize = 12;

/// Widths of the preview's columns: row, size, quantity, name and number (what is wrong with
/// a row takes the rest).
const PREVIEW_WIDTHS: [f32; 5] = [28.0, 48.0, 40.0, 140.0, 56.0];

/// Characters of a column's first cell shown above its choice.
const FIRST_CELL_CHARS: usize = 24;

/// An import under way for one design line.
pub(super) struct RosterImport {
    /// The line it is for (by id: it stays with its line when another is removed).
    pub(super) line: LineId,
    /// The dialog or the read being waited for.
    waiting: Option<RequestId>,
    table: Option<RosterTable>,
    mapping: Mapping,
    /// Why there is nothing to preview (no file chosen, a file that could not be read).
    note: Option<String>,
    /// The path typed when the dialog gave none.
    path: String,
    /// The table came and its mapping is still the guess: the first frame that draws it
    /// looks for a mapping the person chose for the same headings before.
    unmapped: bool,
    /// The preview drawn, and what it was computed from.
    shown: Option<Shown>,
}

impl RosterImport {
    fn new(line: LineId, waiting: RequestId) -> RosterImport {
        RosterImport {
            line,
            waiting: Some(waiting),
            table: None,
            mapping: Mapping {
                columns: Vec::new(),
                has_header: false,
            },
            note: None,
            unmapped: false,
            path: String::new(),
            shown: None,
        }
    }
}

/// The preview of a table for a mapping and the numbers of the line's rows (which make
/// numbers used twice), with what the page says about it.
struct Shown {
    mapping: Mapping,
    numbers: Vec<String>,
    rows: Vec<PreviewRow>,
    /// The numbers used twice, shortest first.
    twice: Vec<String>,
    /// Rows with a problem or a number used twice.
    marked: usize,
}

/// The numbers of a line's rows, as the preview compares them.
fn numbers(rows: &[RowForm]) -> impl Iterator<Item = &str> {
    rows.iter().map(|r| r.number.trim())
}

impl Shown {
    fn of(table: &RosterTable, mapping: &Mapping, existing: &[RowForm]) -> Shown {
        let rows = preview(table, mapping, existing);
        let mut twice: Vec<String> = rows
            .iter()
            .filter(|r| r.duplicate)
            .map(|r| r.row.number.trim().to_owned())
            .collect();
        twice.sort_by(|a, b| (a.len(), a).cmp(&(b.len(), b)));
        twice.dedup();
        Shown {
            mapping: mapping.clone(),
            numbers: numbers(existing).map(str::to_owned).collect(),
            marked: rows.iter().filter(|r| r.is_marked()).count(),
            rows,
            twice,
        }
    }

    fn is_for(&self, mapping: &Mapping, existing: &[RowForm]) -> bool {
        self.mapping == *mapping
            && self
                .numbers
                .iter()
                .map(String::as_str)
                .eq(numbers(existing))
    }
}

/// The preview for `mapping` and `existing`: the one kept in `shown` when it is for them,
/// else computed and kept.
fn refreshed<'a>(
    shown: &'a mut Option<Shown>,
    table: &RosterTable,
    mapping: &Mapping,
    existing: &[RowForm],
) -> &'a Shown {
    if !shown.as_ref().is_some_and(|s| s.is_for(mapping, existing)) {
        *shown = None;
    }
    shown.get_or_insert_with(|| Shown::of(table, mapping, existing))
}

/// The composer's import part: the roster file being imported into a design line and its
/// preview, a file given by path to read at the next frame, and where each design line was
/// drawn (where a roster file can be dropped). Imports are keyed by the line's [`LineId`].
#[derive(Default)]
pub(super) struct Imports {
    /// The import under way, and its preview.
    pub current: Option<RosterImport>,
    /// A roster file to import into a design line, given by path (read at the next frame).
    pub path: Option<(LineId, PathBuf)>,
    /// Where each design line was drawn in the newest frame: where a roster file can be
    /// dropped.
    pub drop_lines: Vec<egui::Rect>,
}

impl Imports {
    /// Design line `line` was removed: its import goes with it.
    pub fn forget_line(&mut self, line: Option<LineId>) {
        if self.current.as_ref().is_some_and(|x| Some(x.line) == line) {
            self.current = None;
        }
    }
}

impl Composer {
    /// "Import roster…" on design line `line`: a file dialog in the backend.
    pub(super) fn pick_roster_file(&mut self, line: usize, shared: &mut Shared<'_>) {
        let Some(line) = self.line_id(line) else {
            return;
        };
        let label = crate::tr!("composer-choosing-roster");
        let id = shared.request(Slot::ComposerRoster, &label, |request| {
            Command::Orders(OrdersCommand::PickRosterFile { request })
        });
        self.import.current = Some(RosterImport::new(line, id));
    }

    /// Imports the roster file at `path` into design line `line` from the next frame on: the
    /// way in for a path from elsewhere than the dialog (a dropped file, a test).
    pub fn import_roster_from(&mut self, line: usize, path: PathBuf) {
        if let Some(line) = self.line_id(line) {
            self.import.path = Some((line, path));
        }
    }

    /// The id of design line `i`.
    fn line_id(&mut self, i: usize) -> Option<LineId> {
        self.lines.sync(&self.form.designs);
        self.lines.id(i)
    }

    /// Reads the roster file at `path` for design line `line` and previews it.
    pub(super) fn import_roster_file(
        &mut self,
        line: LineId,
        path: PathBuf,
        shared: &mut Shared<'_>,
    ) {
        let label = crate::tr!("composer-reading-roster-file");
        let id = shared.request(Slot::ComposerRoster, &label, |request| {
            Command::Orders(OrdersCommand::ReadRoster { request, path })
        });
        self.import.current = Some(RosterImport::new(line, id));
    }

    /// The file dialog answered (only the newest import's answers come:
    /// [`Slot::ComposerRoster`]).
    pub(in crate::ui::orders) fn on_roster_picked(
        &mut self,
        path: Option<PathBuf>,
        shared: &mut Shared<'_>,
    ) {
        let Some(import) = self.import.current.as_mut() else {
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

    /// The roster file was read.
    pub(in crate::ui::orders) fn on_roster_read(&mut self, table: Box<RosterTable>) {
        let Some(import) = self.import.current.as_mut() else {
            return;
        };
        import.waiting = None;
        import.mapping = Mapping::guess(&table);
        import.unmapped = true;
        import.table = Some(*table);
    }

    /// The import's dialog or file failed (the file could not be read, no account…): said
    /// under the line's import only.
    pub(in crate::ui::orders) fn on_roster_failed(&mut self, error: &UserError) {
        if let Some(import) = self.import.current.as_mut() {
            import.waiting = None;
            import.note = Some(error.message.clone());
        }
    }

    /// The rows of the import under way for line `i`, as they would be added (computed
    /// afresh; the page keeps the one it draws).
    pub fn import_preview(&self, i: usize) -> Option<Vec<PreviewRow>> {
        let line = self.lines.id(i);
        let import = self
            .import
            .current
            .as_ref()
            .filter(|x| Some(x.line) == line)?;
        let table = import.table.as_ref()?;
        Some(preview(
            table,
            &import.mapping,
            &self.form.designs.get(i)?.rows,
        ))
    }

    /// The preview of line `i`'s import, if one is under way for it.
    pub(super) fn import_ui(&mut self, ui: &mut Ui, i: usize) {
        let line = self.lines.id(i);
        let Some(import) = self
            .import
            .current
            .as_mut()
            .filter(|x| Some(x.line) == line)
        else {
            return;
        };
        let import_line = import.line;
        let existing = self.form.designs.get(i).map_or(&[][..], |d| &d.rows);
        let t = theme::tokens(ui.ctx());
        let mut close = false;
        let mut add = false;
        let mut typed = None;
        // The first frame of a table read (a file chosen or dropped): the preview comes into
        // view, as it is drawn below the line's rows, often under the fold.
        let arrived = import.unmapped && import.table.is_some();
        let frame = egui::Frame::new()
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
                let RosterImport {
                    table,
                    mapping,
                    shown,
                    note,
                    unmapped,
                    path,
                    ..
                } = import;
                let Some(table) = table else {
                    ui.problem(note.as_deref().unwrap_or_default());
                    // No dialog (a desktop without a file-dialog service) is not a dead end:
                    // the file's path can be typed or pasted, or the file dropped.
                    ui.horizontal(|ui| {
                        let label = ui.muted(&crate::tr!("composer-roster-path"));
                        let field = ui
                            .add(
                                egui::TextEdit::singleline(path)
                                    .hint_text(crate::tr!("composer-roster-path-hint"))
                                    .desired_width(field::XL),
                            )
                            .labelled_by(label.id);
                        let entered =
                            field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
                        let read = ui
                            .add_enabled(
                                !path.trim().is_empty(),
                                egui::Button::new(crate::tr!("composer-roster-read")),
                            )
                            .clicked();
                        if (read || entered) && !path.trim().is_empty() {
                            typed = Some(PathBuf::from(path.trim()));
                        }
                    });
                    ui.muted_small(&crate::tr!("composer-roster-drop-hint"));
                    close = ui.button(crate::tr!("composer-close")).clicked();
                    return;
                };
                if std::mem::take(unmapped) {
                    *mapping = remembered_mappings(ui.ctx()).mapping_for(table);
                }
                ui.label(
                    RichText::new(crate::tr!(
                        "composer-roster-from",
                        file = table.file_name.as_str()
                    ))
                    .strong()
                    .color(t.text_strong),
                );
                ui.checkbox(
                    &mut mapping.has_header,
                    crate::tr!("composer-first-row-header"),
                );
                egui::ScrollArea::horizontal()
                    .id_salt("import-mapping")
                    .show(ui, |ui| mapping_ui(ui, table, mapping));
                ui.add_space(space::S);
                let shown = refreshed(shown, table, mapping, existing);
                rows_ui(ui, &shown.rows, arrived);
                if !shown.twice.is_empty() {
                    ui.problem(&crate::tr!(
                        "composer-numbers-twice",
                        numbers = shown.twice.join(", ")
                    ));
                }
                if shown.marked > 0 {
                    ui.muted_small(&crate::tr!(
                        "composer-rows-marked",
                        marked = shown.marked,
                        count = shown.rows.len()
                    ));
                }
                let count = shown.rows.len();
                let total = count
                    + if is_lone_default_row(existing) {
                        0
                    } else {
                        existing.len()
                    };
                let fits = total <= MAX_INSTANCES_PER_DESIGN;
                if !fits {
                    ui.problem(&crate::tr!(
                        "composer-roster-over-line",
                        count = count,
                        total = total,
                        max = MAX_INSTANCES_PER_DESIGN
                    ));
                }
                ui.horizontal(|ui| {
                    let label = crate::tr!("composer-add-rows", count = count);
                    add = ui
                        .add_enabled_ui(count > 0 && fits, |ui| ui.primary_button(&label))
                        .inner
                        .clicked();
                    close = ui.button(crate::tr!("composer-cancel")).clicked();
                });
            });
        if arrived {
            frame.response.scroll_to_me(Some(egui::Align::Min));
        }
        if let Some(path) = typed {
            self.import.path = Some((import_line, path));
        } else if add {
            if let Some(RosterImport {
                table: Some(table),
                mapping,
                ..
            }) = &self.import.current
            {
                let mut remembered = remembered_mappings(ui.ctx());
                remembered.remember(table, mapping);
                ui.ctx()
                    .data_mut(|d| d.insert_persisted(remembered_mappings_id(), remembered));
            }
            self.add_imported_rows(i);
        } else if close {
            self.import.current = None;
        }
    }

    /// Adds the previewed rows to line `i` (the grid marks those with a problem or a number
    /// used twice until they are fixed).
    fn add_imported_rows(&mut self, i: usize) {
        let Some(rows) = self.import_preview(i) else {
            return;
        };
        self.import.current = None;
        let Some(d) = self.form.designs.get_mut(i) else {
            return;
        };
        replace_lone_default_row(&mut d.rows);
        for r in rows {
            // What was imported shows its problems at once, like a field left.
            self.reveal.show_row(r.row.id);
            d.rows.push(r.row);
        }
    }
}

/// What "Export roster…" or "Roster template…" saves.
pub(super) enum RosterExport {
    /// A design line's rows, with the design's title for the file name.
    Line(String, Vec<RowForm>),
    /// The headings alone, for a club to fill in.
    Template,
}

/// Writes the roster as CSV in the person's language and asks the backend to save it
/// ("Save as…"; the toast says where it went).
pub(super) fn export_roster(export: RosterExport, shared: &mut Shared<'_>) {
    let (rows, file_name) = match &export {
        RosterExport::Line(title, rows) => {
            let title = file_name_part(title, "design");
            let name = crate::tr!("composer-roster-file-name", title = title);
            (&rows[..], name)
        }
        RosterExport::Template => (&[][..], crate::tr!("composer-roster-template-file-name")),
    };
    match roster_csv(rows, shared.language()) {
        Ok(csv) => shared
            .backend
            .send(Command::Orders(OrdersCommand::ExportCsv {
                to: SaveTo::Ask,
                file_name,
                csv,
            })),
        Err(e) => shared.notifications.error(&UserError::from_error(&e)),
    }
}

impl Composer {
    /// While a roster file is dragged over the window, the design line it would go to (the
    /// one under the pointer, else the last) is outlined; `lines` are where the lines were
    /// drawn, kept for the drop.
    pub(super) fn roster_drop_targets(&mut self, ui: &Ui, lines: Vec<egui::Rect>) {
        let ctx = ui.ctx();
        let (hovering, pointer) = ctx.input(|i| {
            let hovering = i
                .raw
                .hovered_files
                .iter()
                .any(|f| f.path.as_deref().is_none_or(is_roster_file_name));
            (hovering, i.pointer.latest_pos())
        });
        if hovering && !self.is_frozen() {
            let t = theme::tokens(ctx);
            let target = pointer
                .and_then(|p| lines.iter().find(|r| r.contains(p)))
                .or(lines.last());
            if let Some(rect) = target {
                ui.painter().rect_stroke(
                    rect.expand(space::XS),
                    theme::radius::CONTROL,
                    egui::Stroke::new(2.0, t.accent),
                    egui::StrokeKind::Outside,
                );
            }
        }
        self.import.drop_lines = lines;
    }

    /// A roster file (CSV, XLSX, ODS…) dropped on the composer: it is imported into the
    /// design line it was dropped on — else the last line — and previewed. Answers whether
    /// one was among `files`; other files are left for the logo upload.
    pub fn take_dropped_roster(
        &mut self,
        files: &[egui::DroppedFileHandle],
        shared: &mut Shared<'_>,
    ) -> bool {
        let Some(path) = files
            .iter()
            .map(|f| f.path().to_path_buf())
            .find(|p| is_roster_file_name(p))
        else {
            return false;
        };
        let pointer = shared.ctx.input(|i| i.pointer.latest_pos());
        let lines = &self.import.drop_lines;
        let line = pointer
            .and_then(|p| lines.iter().position(|r| r.contains(p)))
            .or_else(|| lines.len().checked_sub(1));
        match line {
            _ if self.is_frozen() => shared.notifications.error(&UserError::new(
                crate::tr!("composer-drop-roster-placed"),
                None,
            )),
            None => shared.notifications.error(&UserError::new(
                crate::tr!("composer-drop-roster-no-line"),
                None,
            )),
            Some(line) => {
                if let Some(line) = self.lines.id(line) {
                    self.import_roster_file(line, path, shared);
                }
            }
        }
        true
    }
}

/// Where the mappings people chose are kept (egui's memory, saved with the window's state).
fn remembered_mappings_id() -> egui::Id {
    egui::Id::unique("logodesk.roster-mappings")
}

/// The mappings people chose for files with headings (none before the first).
fn remembered_mappings(ctx: &egui::Context) -> RememberedMappings {
    ctx.data_mut(|d| d.get_persisted::<RememberedMappings>(remembered_mappings_id()))
        .unwrap_or_default()
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
                let first = match first.char_indices().nth(FIRST_CELL_CHARS) {
                    Some((cut, _)) => format!("{}…", &first[..cut]),
                    None => first.to_owned(),
                };
                ui.muted_small(&crate::tr!(
                    "composer-column",
                    column = k + 1,
                    first = first
                ));
            }
            ui.end_row();
            for k in 0..mapping.columns.len() {
                let mut chosen = mapping.columns[k];
                let choice = egui::ComboBox::from_id_salt(("import-column", k))
                    .selected_text(chosen.label())
                    .width(control::COLUMN)
                    .show_ui(ui, |ui| {
                        for c in Column::ALL {
                            ui.selectable_value(&mut chosen, c, c.label());
                        }
                    });
                choice
                    .response
                    .accessible_name(crate::tr!("composer-column-choice", column = k + 1));
                if chosen != mapping.columns[k] {
                    mapping.set(k, chosen);
                }
            }
            ui.end_row();
        });
}

/// The rows as they would be added, with their problems: the headings, then
/// [`PREVIEW_ROWS`] rows in view and the others scrolled to (only those in view are drawn);
/// a table just read starts at its first row, not where an earlier import was left.
fn rows_ui(ui: &mut Ui, rows: &[PreviewRow], from_top: bool) {
    let t = theme::tokens(ui.ctx());
    let height = ui.spacing().interact_size.y;
    let headings = row_heading_texts().map(|h| RichText::new(h).small().strong());
    preview_row(ui, height, headings, None, None);
    // As tall as PREVIEW_ROWS rows, however little room the line's column has left.
    let tall = (height + ui.spacing().item_spacing.y) * PREVIEW_ROWS as f32;
    let mut area = egui::ScrollArea::vertical()
        .id_salt("import-rows")
        .min_scrolled_height(tall)
        .max_height(tall)
        .auto_shrink([false, true]);
    if from_top {
        area = area.vertical_scroll_offset(0.0);
    }
    area.show_rows(ui, height, rows.len(), |ui, range| {
        for k in range {
            let Some(r) = rows.get(k) else { break };
            let cells = [
                (k + 1).to_string(),
                r.row.size.clone(),
                r.row.quantity.clone(),
                r.row.name.clone(),
                r.row.number.clone(),
            ]
            .map(RichText::new);
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
            let problem = (!said.is_empty()).then(|| {
                RichText::new(format!("⚠ {}", said.join(" ")))
                    .small()
                    .color(t.danger)
            });
            let stripe = (k % 2 == 1).then_some(ui.visuals().faint_bg_color);
            preview_row(ui, height, cells, problem, stripe);
        }
    });
}

/// One line of the preview: `cells` in the columns of [`PREVIEW_WIDTHS`], each cut to its
/// width, then what is wrong; on a `stripe` of colour.
fn preview_row(
    ui: &mut Ui,
    height: f32,
    cells: [RichText; 5],
    problem: Option<RichText>,
    stripe: Option<egui::Color32>,
) {
    let background = ui.painter().add(egui::Shape::Noop);
    let line = ui.horizontal(|ui| {
        for (text, width) in cells.into_iter().zip(PREVIEW_WIDTHS) {
            let size = egui::vec2(width, height);
            let layout = egui::Layout::left_to_right(egui::Align::Center);
            ui.allocate_ui_with_layout(size, layout, |ui| {
                ui.set_min_size(size);
                ui.add(egui::Label::new(text).truncate());
            });
        }
        if let Some(problem) = problem {
            ui.add(egui::Label::new(problem).truncate());
        }
    });
    if let Some(color) = stripe {
        let shape = egui::Shape::rect_filled(line.response.rect, 0.0, color);
        ui.painter().set(background, shape);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The preview is computed once for a mapping and the line's numbers, not each frame.
    #[test]
    fn the_preview_is_kept_until_the_mapping_or_the_line_s_numbers_change() {
        let table = RosterTable {
            file_name: "hold.csv".into(),
            rows: vec![
                vec!["Size".into(), "Name".into(), "Number".into()],
                vec!["M".into(), "Hansen".into(), "7".into()],
            ],
        };
        let mut mapping = Mapping::guess(&table);
        let mut existing = vec![RowForm {
            size: "L".into(),
            quantity: "1".into(),
            number: "8".into(),
            ..RowForm::default()
        }];
        let mut shown = None;
        let first = refreshed(&mut shown, &table, &mapping, &existing)
            .rows
            .as_ptr();
        for _ in 0..3 {
            let again = refreshed(&mut shown, &table, &mapping, &existing);
            assert_eq!(again.rows.as_ptr(), first, "kept, not computed again");
        }
        // A number of the line changes: number 7 is now used twice.
        existing[0].number = " 7".into();
        let again = refreshed(&mut shown, &table, &mapping, &existing);
        assert_eq!(again.twice, ["7"]);
        assert_eq!(again.marked, 1);
        // The mapping changes: the header is a row too.
        mapping.has_header = false;
        assert_eq!(
            refreshed(&mut shown, &table, &mapping, &existing)
                .rows
                .len(),
            2
        );
    }
}
