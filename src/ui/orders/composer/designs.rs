//! The design lines: each design's placements and its instances grid, with roster paste.

use super::cells::{CELL, NARROW, cell, checked_cell, issue_text};
use super::{Composer, plural, proof};
use crate::api::{LogoType, ValidationIssue};
use crate::orders::form::{COMMON_SIZES, PlaceholderForm, RowForm};
use crate::orders::roster::parse_roster;
use crate::ui::Shared;
use crate::ui::theme::{self, space};
use crate::ui::widgets::UiExt as _;
use egui::{RichText, Ui};

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
                ui.section_heading("Designs");
                ui.muted_small("Team kits: sizes, names and numbers per garment");
            });
            ui.add_space(space::S);
            let mut remove = None;
            for i in 0..self.form.designs.len() {
                ui.push_id(("design", i), |ui| {
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
                                    if self.design_ui(ui, i, issues) {
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
                        if self.design_ui(ui, i, issues) {
                            remove = Some(i);
                        }
                        self.proof_ui(ui, shared, i);
                    }
                });
                ui.separator();
            }
            if let Some(i) = remove {
                self.form.designs.remove(i);
                self.bad_rows.clear();
                self.design_notes.clear();
                self.design_requests.clear();
                self.proofs.forget_lines(shared);
                self.refetch_designs(shared);
            }
            ui.horizontal(|ui| {
                let input = ui
                    .add(
                        egui::TextEdit::singleline(&mut self.design_input)
                            .hint_text("Design id or item number (MUL…)")
                            .desired_width(240.0),
                    )
                    .accessible_name("Design to add");
                let enter = input.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
                if (ui.button("Add design").clicked() || enter)
                    && !self.design_input.trim().is_empty()
                {
                    let reference = std::mem::take(&mut self.design_input).trim().to_owned();
                    self.push_design(reference, shared);
                }
            });
        });
    }

    /// One design line; answers whether it should be removed.
    fn design_ui(&mut self, ui: &mut Ui, i: usize, issues: &[ValidationIssue]) -> bool {
        let t = theme::tokens(ui.ctx());
        let mut remove = false;
        let at = format!("designs[{i}]");
        let d = &mut self.form.designs[i];
        ui.horizontal(|ui| {
            let title = if d.title.is_empty() {
                format!("Design {}", d.reference)
            } else {
                format!("{} · {}", d.title, d.reference)
            };
            ui.label(RichText::new(title).strong().color(t.text_strong));
            let garments: i64 = d
                .rows
                .iter()
                .filter_map(|r| r.quantity.trim().parse::<i64>().ok())
                .sum();
            ui.muted_small(&format!(
                "{} · {garments} garments",
                plural(d.rows.len(), "row")
            ));
            ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                remove = ui.small_button("Remove design").clicked();
            });
        });
        if let Some(note) = self.design_notes.get(&i) {
            ui.label(RichText::new(note).small().color(t.warning));
        }
        ui.problem_at(issues, &format!("{at}.designId"));
        ui.problem_at(issues, &format!("{at}.designMul"));
        ui.problem_at(issues, &format!("{at}.instances"));
        if !d.placeholders.is_empty() {
            let names: Vec<String> = d
                .placeholders
                .iter()
                .map(|p| format!("{} ({}, {})", p.title, p.logo_type, p.view))
                .collect();
            ui.muted_small(&format!("Placements: {}", names.join(" · ")));
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
        let bad = self.bad_rows.entry(i).or_default();
        let mut duplicate = None;
        let mut delete = None;
        egui::Grid::new(("instances", i))
            .striped(true)
            .num_columns(6 + value_columns.len())
            .spacing([space::S, space::XS])
            .show(ui, |ui| {
                for h in ["#", "Size", "Qty", "Name", "Number"] {
                    ui.label(RichText::new(h).small().strong());
                }
                for p in &value_columns {
                    ui.label(
                        RichText::new(format!("{} ({})", p.title, p.logo_type))
                            .small()
                            .strong(),
                    )
                    .on_hover_text("Per-placeholder value (logoValues)");
                }
                ui.label("");
                ui.end_row();
                for (j, row) in d.rows.iter_mut().enumerate() {
                    let at = format!("{at}.instances[{j}]");
                    let marked = bad.contains(&j);
                    Composer::proof_row_selector(&mut self.proofs, ui, i, j, marked);
                    size_cell(
                        ui,
                        &mut row.size,
                        issue_text(issues, &format!("{at}.size")),
                        j,
                    );
                    checked_cell(
                        ui,
                        &mut row.quantity,
                        NARROW,
                        issues,
                        &format!("{at}.quantity"),
                    );
                    checked_cell(ui, &mut row.name, CELL, issues, &format!("{at}.name"));
                    checked_cell(ui, &mut row.number, NARROW, issues, &format!("{at}.number"));
                    for (k, p) in value_columns.iter().enumerate() {
                        let value = row.values.entry(p.logo_id).or_default();
                        let problem = issue_text(issues, &format!("{at}.logoValues[{k}].value"));
                        cell(ui, value, CELL, problem);
                    }
                    ui.horizontal(|ui| {
                        if ui
                            .small_button("Copy")
                            .on_hover_text("Duplicate this row")
                            .clicked()
                        {
                            duplicate = Some(j);
                        }
                        if ui.small_button("✕").on_hover_text("Remove row").clicked() {
                            delete = Some(j);
                        }
                    });
                    ui.end_row();
                }
            });
        if let Some(j) = duplicate {
            let copy = d.rows[j].clone();
            d.rows.insert(j + 1, copy);
            bad.clear();
        }
        if let Some(j) = delete {
            d.rows.remove(j);
            bad.clear();
        }
        let mut rows_problems: Vec<&ValidationIssue> = issues
            .iter()
            .filter(|x| x.path.starts_with(&format!("{at}.instances[")))
            .collect();
        rows_problems.truncate(4);
        for p in rows_problems {
            ui.problem(&format!(
                "Row {}: {}",
                row_of(&p.path).map_or(0, |r| r + 1),
                p.message
            ));
        }
        ui.horizontal(|ui| {
            if ui.button("+ Row").clicked() {
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
            let text = self.roster.entry(i).or_default();
            ui.add(
                egui::TextEdit::multiline(text)
                    .hint_text("Paste a roster: size, qty, name, number (tab or comma)")
                    .desired_rows(1)
                    .desired_width(360.0),
            )
            .accessible_name("Roster");
            if ui
                .add_enabled(
                    !text.trim().is_empty(),
                    egui::Button::new("Add pasted rows"),
                )
                .on_hover_text("Rows that cannot be read are added and marked, never dropped.")
                .clicked()
            {
                let roster = parse_roster(text);
                text.clear();
                // A lone default row is replaced by the roster.
                if d.rows.len() == 1 && d.rows[0].name.is_empty() && d.rows[0].number.is_empty() {
                    d.rows.clear();
                }
                let offset = d.rows.len();
                bad.extend(roster.bad.iter().map(|b| b + offset));
                d.rows.extend(roster.rows);
            }
        });
        remove
    }
}

/// The row index of an `…instances[j]…` path.
fn row_of(path: &str) -> Option<usize> {
    let rest = path.split("instances[").nth(1)?;
    rest.split(']').next()?.parse().ok()
}

/// Size: free text with the common sizes offered in a menu.
fn size_cell(ui: &mut Ui, size: &mut String, problem: Option<&str>, row: usize) {
    ui.horizontal(|ui| {
        ui.spacing_mut().item_spacing.x = 2.0;
        cell(ui, size, 44.0, problem);
        egui::ComboBox::from_id_salt(("size", row))
            .selected_text("")
            .width(18.0)
            .show_ui(ui, |ui| {
                for s in COMMON_SIZES {
                    ui.selectable_value(size, s.to_owned(), s);
                }
            });
    });
}
