//! The loose logo lines: quantity, storage and text, or a NumberLogo's digits.

use super::Composer;
use super::cells::{CELL, NARROW, checked_cell};
use crate::api::{LogoType, ValidationIssue};
use crate::orders::form::{DigitForm, LogoForm, digit_split};
use crate::ui::Shared;
use crate::ui::theme::{self, field, space};
use crate::ui::widgets::UiExt as _;
use egui::{RichText, Ui};

impl Composer {
    /// The picker, every loose logo line, and a field to add one by id or item number.
    pub(super) fn logos_ui(
        &mut self,
        ui: &mut Ui,
        shared: &mut Shared<'_>,
        issues: &[ValidationIssue],
    ) {
        let t = theme::tokens(ui.ctx());
        ui.surface(|ui| {
            ui.horizontal(|ui| {
                ui.section_heading(&crate::tr!("composer-loose"));
                ui.muted_small(&crate::tr!("composer-loose-hint"));
            });
            ui.add_space(space::S);
            self.picker_ui(ui, shared);
            ui.add_space(space::S);
            let mut remove = None;
            for i in 0..self.form.logos.len() {
                let at = format!("logos[{i}]");
                let l = &mut self.form.logos[i];
                ui.push_id(("logo", i), |ui| {
                    ui.horizontal(|ui| {
                        let title = if l.title.is_empty() {
                            crate::tr!("composer-logo-untitled", reference = l.reference.clone())
                        } else {
                            format!("{} · {}", l.title, l.reference)
                        };
                        ui.label(RichText::new(title).strong().color(t.text_strong));
                        if let Some(k) = &l.logo_type {
                            ui.badge(&crate::ui::names::logo_type(k), t.accent, t.accent_soft);
                        }
                        ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                            if ui
                                .small_button(crate::tr!("composer-remove-logo"))
                                .clicked()
                            {
                                remove = Some(i);
                            }
                        });
                    });
                    if let Some(note) = self.logos.note(i) {
                        ui.label(RichText::new(note).small().color(t.warning));
                    }
                    ui.problem_at(issues, &format!("{at}.logoId"));
                    ui.problem_at(issues, &format!("{at}.logoSku"));
                    ui.problem_at(issues, &format!("{at}.digits"));
                    if l.is_number_logo() {
                        digits_ui(ui, l, &at, issues);
                    } else {
                        ui.horizontal(|ui| {
                            ui.label(crate::tr!("composer-quantity"));
                            checked_cell(
                                ui,
                                &mut l.quantity,
                                NARROW,
                                issues,
                                &format!("{at}.quantity"),
                            );
                            ui.label(crate::tr!("composer-storage"));
                            checked_cell(
                                ui,
                                &mut l.storage,
                                NARROW,
                                issues,
                                &format!("{at}.storageQuantity"),
                            );
                            if matches!(l.logo_type, Some(LogoType::TextLogo | LogoType::NameLogo))
                            {
                                ui.label(crate::tr!("composer-text"));
                                checked_cell(
                                    ui,
                                    &mut l.value,
                                    CELL * 1.5,
                                    issues,
                                    &format!("{at}.value"),
                                );
                            }
                        });
                        ui.problem_at(issues, &format!("{at}.quantity"));
                        ui.problem_at(issues, &format!("{at}.storageQuantity"));
                    }
                });
                ui.separator();
            }
            if let Some(i) = remove {
                self.form.logos.remove(i);
                self.reveal.forget_starting("logos[");
                self.logos.remove(i);
            }
            ui.horizontal(|ui| {
                ui.add(
                    egui::TextEdit::singleline(&mut self.logos.input)
                        .hint_text(if self.logos.by_item_no {
                            crate::tr!("composer-logo-input-item-no-hint")
                        } else {
                            crate::tr!("composer-logo-input-id-hint")
                        })
                        .desired_width(field::M),
                )
                .accessible_name(crate::tr!("composer-logo-to-add"));
                ui.checkbox(
                    &mut self.logos.by_item_no,
                    crate::tr!("composer-by-item-number"),
                );
                if ui.button(crate::tr!("composer-add-logo")).clicked()
                    && !self.logos.input.trim().is_empty()
                {
                    self.form.logos.push(LogoForm {
                        reference: std::mem::take(&mut self.logos.input).trim().to_owned(),
                        by_item_no: self.logos.by_item_no,
                        quantity: "1".into(),
                        ..LogoForm::default()
                    });
                    self.fetch_logo(self.form.logos.len() - 1, shared);
                }
            });
        });
    }
}

/// A NumberLogo's digits grid, with how each value is split.
fn digits_ui(ui: &mut Ui, l: &mut LogoForm, at: &str, issues: &[ValidationIssue]) {
    let mut remove = None;
    egui::Grid::new(("digits", at))
        .num_columns(5)
        .spacing([space::S, space::XS])
        .show(ui, |ui| {
            let headings = [
                crate::tr!("composer-col-digits"),
                crate::tr!("composer-col-qty"),
                crate::tr!("composer-storage"),
                String::new(),
                String::new(),
            ];
            for h in headings {
                ui.label(RichText::new(h).small().strong());
            }
            ui.end_row();
            for (k, d) in l.digits.iter_mut().enumerate() {
                let p = format!("{at}.digits[{k}]");
                checked_cell(ui, &mut d.digit, NARROW, issues, &format!("{p}.digit"));
                checked_cell(
                    ui,
                    &mut d.quantity,
                    NARROW,
                    issues,
                    &format!("{p}.quantity"),
                );
                checked_cell(
                    ui,
                    &mut d.storage,
                    NARROW,
                    issues,
                    &format!("{p}.storageQuantity"),
                );
                let q = d.quantity.trim().parse::<i64>().unwrap_or(0)
                    + d.storage.trim().parse::<i64>().unwrap_or(0);
                match digit_split(&d.digit, q).filter(|_| q > 0) {
                    Some(split) => ui.muted_small(&split),
                    None => ui.label(""),
                };
                if ui.small_button("✕").clicked() {
                    remove = Some(k);
                }
                ui.end_row();
            }
        });
    if let Some(k) = remove {
        l.digits.remove(k);
    }
    for p in issues
        .iter()
        .filter(|i| i.path.starts_with(&format!("{at}.digits[")))
    {
        ui.problem(&p.message);
    }
    if ui.small_button(crate::tr!("composer-add-digit")).clicked() {
        l.digits.push(DigitForm {
            quantity: "1".into(),
            ..DigitForm::default()
        });
    }
}
