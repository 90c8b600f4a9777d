//! The panels on the right: the service's order, one section per staged change (method,
//! colors, size, title) and "Apply" with its log.

use super::EditorScreen;
use super::model::{Rules, find_color, staged_lines, step_name};
use crate::api::Logo;
use crate::backend::Command;
use crate::backend::editor::EditorCommand;
use crate::locale::Language;
use crate::tr;
use crate::ui::theme::{self, control, field, space, swatch, table};
use crate::ui::upload::text_field;
use crate::ui::widgets::UiExt as _;
use crate::ui::{Shared, Slot};
use egui::{RichText, Ui};
use egui_extras::{Column, TableBuilder};

impl EditorScreen {
    pub(super) fn controls_ui(&mut self, ui: &mut Ui, rules: &Rules, language: Language) {
        let t = theme::tokens(ui.ctx());
        egui::Frame::new()
            .fill(t.accent_soft)
            .corner_radius(theme::radius::CONTROL)
            .inner_margin(space::M)
            .show(ui, |ui| {
                ui.set_width(ui.available_width());
                ui.label(RichText::new(tr!("editor-order-heading")).strong());
                ui.add(
                    egui::Label::new(RichText::new(tr!("editor-order-explained")).small()).wrap(),
                );
            });
        ui.add_space(space::M);
        self.method_ui(ui, rules);
        ui.add_space(space::M);
        self.colors_ui(ui, rules);
        ui.add_space(space::M);
        self.size_ui(ui, rules, language);
        ui.add_space(space::M);
        self.title_ui(ui, rules);
    }

    fn method_ui(&mut self, ui: &mut Ui, rules: &Rules) {
        let Some(open) = &self.open else { return };
        let t = theme::tokens(ui.ctx());
        let s = &mut self.staging;
        ui.surface(|ui| {
            ui.set_width(ui.available_width());
            ui.section_heading(&tr!("editor-method-heading"));
            let state = match open.memory.method_confirmed {
                Some(true) => (tr!("editor-method-confirmed"), t.success),
                Some(false) => (tr!("editor-method-not-confirmed"), t.warning),
                None => (tr!("editor-method-unknown"), t.text_muted),
            };
            ui.label(RichText::new(state.0).small().color(state.1));
            ui.add_space(space::XS);
            ui.add_enabled_ui(rules.method.is_none(), |ui| {
                ui.horizontal(|ui| {
                    let combo = egui::ComboBox::from_id_salt("editor-method")
                        .selected_text(&s.method)
                        .width(control::METHOD)
                        .show_ui(ui, |ui| {
                            for m in &open.methods {
                                if ui.selectable_label(s.method == *m, m).clicked() {
                                    s.choose_method(m);
                                }
                            }
                        });
                    let enabled = ui.is_enabled();
                    let name = tr!("editor-method");
                    combo.response.widget_info(|| {
                        egui::WidgetInfo::labeled(egui::Role::ComboBox, enabled, &name)
                    });
                    let label = if s.method_staged {
                        tr!("editor-method-staged")
                    } else {
                        tr!("editor-method-confirm")
                    };
                    if ui
                        .add_enabled(!s.method_staged, egui::Button::new(label))
                        .on_hover_text(tr!("editor-method-confirm-hover"))
                        .clicked()
                    {
                        s.method_staged = true;
                    }
                    if s.method_staged && ui.small_button(tr!("editor-method-undo")).clicked() {
                        s.undo_method(&open.logo.transfer_method_key);
                    }
                });
            })
            .response
            .on_disabled_hover_text(rules.method.clone().unwrap_or_default());
            if let Some(reason) = &rules.method {
                ui.label(RichText::new(reason).small().color(t.text_muted));
            }
        });
    }

    fn colors_ui(&mut self, ui: &mut Ui, rules: &Rules) {
        let Some(open) = &self.open else { return };
        let t = theme::tokens(ui.ctx());
        let current = open.current_targets();
        ui.surface(|ui| {
            ui.set_width(ui.available_width());
            ui.section_heading(&tr!("editor-colors-heading"));
            ui.muted_small(&tr!("editor-colors-explained"));
            ui.add_space(space::XS);
            let inner = ui.add_enabled_ui(rules.colors.is_none(), |ui| {
                for (i, original) in open.memory.original_colors.iter().enumerate() {
                    let (Some(target), Some(search)) =
                        (self.staging.targets.get_mut(i), self.search.get_mut(i))
                    else {
                        continue;
                    };
                    ui.horizontal(|ui| {
                        ui.color_swatch(original, swatch::L);
                        ui.label(RichText::new(&original.id).strong())
                            .on_hover_text(&original.name);
                        ui.label("→");
                        match find_color(&open.palette, target)
                            .or_else(|| find_color(&open.memory.original_colors, target))
                        {
                            Some(c) => {
                                ui.color_swatch(c, swatch::L);
                            }
                            None => {
                                ui.label(RichText::new("?").color(t.warning))
                                    .on_hover_text(tr!("editor-color-unknown"));
                            }
                        }
                        let label = tr!("editor-color-target", color = original.id.as_str());
                        ui.add(
                            egui::TextEdit::singleline(target)
                                .desired_width(field::MM)
                                .hint_text(tr!("editor-color-target-hint")),
                        )
                        .accessible_name(&label)
                        .on_hover_text(tr!("editor-color-target-hover"));
                        ui.menu_button(tr!("editor-palette"), |ui| {
                            ui.add(
                                egui::TextEdit::singleline(search)
                                    .hint_text(tr!("editor-palette-search-hint"))
                                    .desired_width(field::M),
                            )
                            .accessible_name(tr!("editor-palette-search"));
                            egui::ScrollArea::vertical()
                                .max_height(control::PALETTE_HEIGHT)
                                .show(ui, |ui| {
                                    let needle = search.trim().to_lowercase();
                                    for c in open.palette.iter().filter(|c| {
                                        needle.is_empty()
                                            || c.id.to_lowercase().contains(&needle)
                                            || c.name.to_lowercase().contains(&needle)
                                    }) {
                                        let row = ui.horizontal(|ui| {
                                            ui.color_swatch(c, swatch::S);
                                            ui.selectable_label(
                                                target.eq_ignore_ascii_case(&c.id),
                                                format!("{}  {}", c.id, c.name),
                                            )
                                        });
                                        if row.inner.clicked() {
                                            *target = c.id.clone();
                                            ui.close();
                                        }
                                    }
                                });
                        });
                        if current
                            .get(i)
                            .is_some_and(|c| !c.eq_ignore_ascii_case(target.trim()))
                        {
                            ui.badge(&tr!("editor-color-staged"), t.warning, t.warning_soft);
                        }
                    });
                }
                if ui
                    .small_button(tr!("editor-colors-reset"))
                    .on_hover_text(tr!("editor-colors-reset-hover"))
                    .clicked()
                {
                    self.staging.targets = current.clone();
                }
            });
            inner
                .response
                .on_disabled_hover_text(rules.colors.clone().unwrap_or_default());
            if let Some(reason) = &rules.colors {
                ui.label(RichText::new(reason).small().color(t.text_muted));
            } else if open.memory.method_confirmed.is_none() && !self.staging.method_staged {
                ui.label(
                    RichText::new(tr!("editor-colors-if-not-confirmed"))
                        .small()
                        .color(t.text_muted),
                );
            }
        });
    }

    fn size_ui(&mut self, ui: &mut Ui, rules: &Rules, language: Language) {
        let Some(open) = &self.open else { return };
        let logo = &open.logo;
        let ratio = open.ratio();
        let s = &mut self.staging;
        ui.surface(|ui| {
            ui.set_width(ui.available_width());
            ui.section_heading(&tr!("editor-size-heading"));
            let inner = ui.add_enabled_ui(rules.size.is_none(), |ui| {
                ui.horizontal(|ui| {
                    let w = text_field(ui, &tr!("editor-width"), &mut s.width, "mm", field::MM);
                    let h = text_field(ui, &tr!("editor-height"), &mut s.height, "mm", field::MM);
                    if w.changed() {
                        s.width_typed(ratio);
                    }
                    if h.changed() {
                        s.height_typed(ratio);
                    }
                });
                ui.checkbox(&mut s.lock, tr!("editor-keep-proportions"))
                    .on_hover_text(tr!("editor-keep-proportions-hover"));
                for problem in s.size_problems() {
                    ui.label(
                        RichText::new(problem)
                            .small()
                            .color(theme::tokens(ui.ctx()).danger),
                    );
                }
            });
            inner
                .response
                .on_disabled_hover_text(rules.size.clone().unwrap_or_default());
            ui.add_space(space::S);
            prices_ui(ui, logo, language);
        });
    }

    fn title_ui(&mut self, ui: &mut Ui, rules: &Rules) {
        let s = &mut self.staging;
        ui.surface(|ui| {
            ui.set_width(ui.available_width());
            ui.section_heading(&tr!("editor-title-heading"));
            ui.add_enabled_ui(rules.title.is_none(), |ui| {
                text_field(
                    ui,
                    &tr!("editor-title"),
                    &mut s.title,
                    &tr!("editor-title-hint"),
                    field::XL,
                );
            })
            .response
            .on_disabled_hover_text(rules.title.clone().unwrap_or_default());
        });
    }

    pub(super) fn apply_ui(&mut self, ui: &mut Ui, shared: &mut Shared<'_>) {
        let t = theme::tokens(ui.ctx());
        let staged = self.staged();
        let Some(open) = &self.open else { return };
        let logo_id = open.logo.logo_id;
        let busy = self.is_busy();
        ui.surface(|ui| {
            ui.set_width(ui.available_width());
            ui.section_heading(&tr!("editor-staged-heading"));
            let lines = staged_lines(&staged);
            if lines.is_empty() {
                ui.muted(&tr!("editor-nothing-staged"));
            }
            for line in &lines {
                ui.label(format!("• {line}"));
            }
            ui.add_space(space::S);
            ui.horizontal(|ui| {
                let ready = !lines.is_empty() && !busy;
                let apply = ui.add_enabled(
                    ready,
                    egui::Button::new(RichText::new(tr!("editor-apply")).color(t.on_accent))
                        .fill(t.accent),
                );
                let apply = if busy {
                    apply.on_disabled_hover_text(tr!("editor-sending"))
                } else {
                    apply.on_disabled_hover_text(tr!("editor-apply-nothing"))
                };
                if apply.clicked() {
                    self.steps.clear();
                    let changes = staged.clone();
                    self.applying = true;
                    shared.request(Slot::EditorApply, &tr!("editor-task-apply"), |request| {
                        Command::Editor(EditorCommand::Apply {
                            request,
                            logo: logo_id,
                            changes,
                        })
                    });
                }
                if ui
                    .add_enabled(
                        !lines.is_empty() && !busy,
                        egui::Button::new(tr!("editor-discard")),
                    )
                    .on_hover_text(tr!("editor-discard-hover"))
                    .clicked()
                {
                    self.staging = open.fresh_staging();
                }
                if self.applying {
                    ui.spinner();
                }
            });
            if !self.steps.is_empty() {
                ui.add_space(space::S);
                for line in &self.steps {
                    match &line.result {
                        Ok(detail) => {
                            ui.label(
                                RichText::new(tr!(
                                    "editor-step-done",
                                    step = step_name(line.step),
                                    detail = detail.as_str()
                                ))
                                .color(t.success),
                            );
                        }
                        Err(error) => {
                            ui.label(
                                RichText::new(tr!(
                                    "editor-step-failed",
                                    step = step_name(line.step)
                                ))
                                .color(t.danger),
                            );
                            ui.error_box(error, "editor-step");
                        }
                    }
                }
            }
        });
    }
}

/// The price tiers the service answered.
fn prices_ui(ui: &mut Ui, logo: &Logo, language: Language) {
    if logo.prices.is_empty() {
        ui.muted_small(&tr!("editor-no-prices"));
        return;
    }
    ui.muted_small(&tr!("editor-prices-heading"));
    TableBuilder::new(ui)
        .id_salt("editor-prices")
        .column(Column::exact(table::PRICE_LABEL))
        .column(Column::remainder())
        .header(table::ROW_COMPACT, |mut h| {
            h.col(|ui| {
                ui.muted_small(&tr!("editor-from-quantity"));
            });
            h.col(|ui| {
                ui.muted_small(&tr!("editor-unit-price"));
            });
        })
        .body(|mut body| {
            for tier in &logo.prices {
                body.row(table::ROW_COMPACT, |mut row| {
                    row.col(|ui| {
                        ui.label(language.integer(tier.min_quantity));
                    });
                    row.col(|ui| {
                        ui.label(language.money(tier.unit_price, &tier.currency));
                    });
                });
            }
        });
}
