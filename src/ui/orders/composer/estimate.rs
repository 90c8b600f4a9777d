//! The estimate: a summary beside the form that does not scroll with it (design and loose
//! lines, sub-total, VAT, total), recomputed every frame from the designs and logos already
//! fetched in full (no request), and shown once more in "Place order…"'s confirmation.

use super::{Composer, Question};
use crate::locale::Language;
use crate::orders::estimate::{Counted, Estimate};
use crate::ui::Shared;
use crate::ui::theme::{self, space};
use crate::ui::widgets::UiExt as _;
use egui::{Align, Layout, RichText, Ui};

/// Width of the summary panel.
const SUMMARY_WIDTH: f32 = 300.0;
/// The width the form needs (its widest part: the order and address fields, two a row).
const FORM_WIDTH: f32 = 712.0;
/// Height of the lines' list before it scrolls (the totals stay in view below it).
const LINES_HEIGHT: f32 = 260.0;
/// Width of the confirmation.
const CONFIRM_WIDTH: f32 = 460.0;

/// The summary's heading, whose prices count, its lines and totals.
fn estimate_body(ui: &mut Ui, e: &Estimate, language: Language) {
    ui.horizontal(|ui| {
        ui.section_heading(&crate::tr!("composer-estimate"));
        badge(ui, e);
    });
    // The note under the heading: whose prices count.
    let note = crate::tr!("composer-estimate-final-note");
    ui.add(egui::Label::new(RichText::new(note).small()).wrap());
    ui.add_space(space::S);
    if e.lines.is_empty() && e.unknown.is_empty() {
        ui.muted_small(&crate::tr!("composer-estimate-empty"));
        return;
    }
    summary_ui(ui, e, "estimate", language);
}

impl Composer {
    /// The estimate of the form as it is now.
    pub fn estimate(&self) -> Estimate {
        self.known.estimate(&self.form)
    }

    /// Whether the summary fits beside the form in `width` (else it goes under the form, in
    /// a narrow window).
    pub(super) fn estimate_fits_beside(width: f32) -> bool {
        width >= FORM_WIDTH + SUMMARY_WIDTH
    }

    /// The summary panel at the right of the composer (outside the form's scroll area).
    pub(super) fn estimate_panel(&self, ui: &mut Ui, e: &Estimate, language: Language) {
        let margin = egui::Margin {
            left: space::L as i8,
            ..egui::Margin::ZERO
        };
        egui::Panel::right("composer-estimate")
            .frame(egui::Frame::new().inner_margin(margin))
            .resizable(false)
            .exact_size(SUMMARY_WIDTH)
            .show(ui, |ui| {
                ui.add_space(space::S);
                estimate_body(ui, e, language);
            });
    }

    /// The summary as a card under the form (a narrow window), as wide as the panel.
    pub(super) fn estimate_card(&self, ui: &mut Ui, e: &Estimate, language: Language) {
        ui.surface(|ui| {
            ui.set_width(SUMMARY_WIDTH);
            estimate_body(ui, e, language);
        });
    }

    /// The confirmation of "Place order…": the summary once more and the delivery address,
    /// with "Place order" (sends it, once) and "Cancel" (sends nothing).
    pub(super) fn confirm_place_ui(&mut self, ui: &mut Ui, shared: &mut Shared<'_>, e: &Estimate) {
        if self.question != Question::Place {
            return;
        }
        let t = theme::tokens(ui.ctx());
        let a = &self.form.address;
        let address: Vec<&str> = [&a.name, &a.contact_person, &a.street]
            .into_iter()
            .map(|s| s.trim())
            .filter(|s| !s.is_empty())
            .collect();
        let city = format!("{} {}", a.zip.trim(), a.city.trim());
        let country = crate::orders::countries::name(&a.country, shared.language()).map_or_else(
            || a.country.trim().to_owned(),
            |n| format!("{n} ({})", a.country.trim()),
        );
        let mut place = false;
        let mut cancel = false;
        let modal =
            egui::Modal::new(egui::Id::unique("composer-confirm-place")).show(ui.ctx(), |ui| {
                ui.set_width(CONFIRM_WIDTH);
                ui.label(
                    RichText::new(crate::tr!(
                        "composer-confirm-title",
                        reference = self.form.reference.trim()
                    ))
                    .font(theme::heading_font())
                    .color(t.text_strong),
                );
                ui.add(egui::Label::new(crate::tr!("composer-confirm-note")).wrap());
                ui.add_space(space::S);
                ui.horizontal(|ui| {
                    ui.label(RichText::new(crate::tr!("composer-estimate")).strong());
                    badge(ui, e);
                });
                summary_ui(ui, e, "confirm", shared.language());
                ui.add_space(space::S);
                ui.label(RichText::new(crate::tr!("composer-deliver-to")).strong());
                for line in address
                    .iter()
                    .copied()
                    .chain([city.trim(), country.as_str()])
                {
                    ui.label(line);
                }
                ui.add_space(space::M);
                ui.horizontal(|ui| {
                    place = ui
                        .primary_button(&crate::tr!("composer-place-order"))
                        .clicked();
                    cancel = ui.button(crate::tr!("composer-cancel")).clicked();
                });
            });
        if place {
            self.question.set(Question::Place, false);
            self.place_checked(shared);
        } else if cancel || modal.should_close() {
            self.question.set(Question::Place, false);
        }
    }
}

/// "ESTIMATE", or "PARTIAL" when something is left out.
fn badge(ui: &mut Ui, e: &Estimate) {
    let t = theme::tokens(ui.ctx());
    if e.is_partial() {
        ui.badge(
            &crate::tr!("composer-badge-partial"),
            t.danger,
            t.danger_soft,
        )
        .on_hover_text(crate::tr!("composer-badge-partial-hover"));
    } else {
        ui.badge(
            &crate::tr!("composer-badge-estimate"),
            t.warning,
            t.warning_soft,
        );
    }
}

/// The lines (scrolling when many), the totals below them, and what is left out.
fn summary_ui(ui: &mut Ui, e: &Estimate, id: &str, language: Language) {
    egui::ScrollArea::vertical()
        .id_salt((id, "lines"))
        .max_height(LINES_HEIGHT)
        .show(ui, |ui| lines_ui(ui, e, language));
    ui.separator();
    totals_ui(ui, e, language);
    missing_ui(ui, e);
}

/// Each priced line: what (wrapping), then how many and the amount (right-aligned).
fn lines_ui(ui: &mut Ui, e: &Estimate, language: Language) {
    ui.spacing_mut().item_spacing.y = 0.0;
    for l in &e.lines {
        ui.add(egui::Label::new(&l.label).wrap());
        let shown = language.integer(l.quantity);
        let how_many = match l.counted {
            Counted::Garments => {
                crate::tr!("composer-line-garments", count = l.quantity, shown = shown)
            }
            Counted::Pieces => {
                crate::tr!("composer-line-pieces", count = l.quantity, shown = shown)
            }
        };
        ui.horizontal(|ui| {
            ui.muted_small(&how_many);
            ui.with_layout(Layout::right_to_left(Align::Center), |ui| {
                ui.label(language.money(l.amount, &e.currency));
            });
        });
        ui.add_space(space::S);
    }
}

/// Sub-total, VAT and total; each amount's label for screen readers (and tests) names its row.
fn totals_ui(ui: &mut Ui, e: &Estimate, language: Language) {
    let money = |amount| language.money(amount, &e.currency);
    let (sub_total, vat, total) = (money(e.sub_total), money(e.vat), money(e.total));
    let rows = [
        (
            crate::tr!("composer-subtotal"),
            crate::tr!("composer-subtotal-spoken", amount = sub_total.as_str()),
            sub_total.as_str(),
            false,
        ),
        (
            crate::tr!("composer-vat", rate = language.plain_number(e.vat_rate)),
            crate::tr!("composer-vat-spoken", amount = vat.as_str()),
            vat.as_str(),
            false,
        ),
        (
            crate::tr!("composer-total"),
            crate::tr!("composer-total-spoken", amount = total.as_str()),
            total.as_str(),
            true,
        ),
    ];
    for (name, spoken, text, strong) in rows {
        let (name_text, amount_text) = if strong {
            (RichText::new(name).strong(), RichText::new(text).strong())
        } else {
            (RichText::new(name), RichText::new(text))
        };
        ui.horizontal(|ui| {
            ui.label(name_text);
            ui.with_layout(Layout::right_to_left(Align::Center), |ui| {
                let shown = ui.label(amount_text);
                shown.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Label, true, &spoken));
            });
        });
    }
}

/// What the estimate does not include, and a guessed VAT rate.
fn missing_ui(ui: &mut Ui, e: &Estimate) {
    let t = theme::tokens(ui.ctx());
    let warn = |ui: &mut Ui, text: &str| {
        ui.add(egui::Label::new(RichText::new(text).small().color(t.warning)).wrap());
    };
    if let Some(guess) = &e.vat_guess {
        warn(ui, guess);
    }
    for note in &e.left_out {
        warn(ui, note);
    }
    if !e.unknown.is_empty() {
        ui.add_space(space::XS);
        warn(ui, &crate::tr!("composer-not-estimated"));
        for line in &e.unknown {
            warn(ui, &format!("• {line}"));
        }
    }
}
