//! The estimate panel: the loose logo lines priced from the logos known in full.

use super::{Composer, plural};
use crate::orders::estimate::estimate;
use crate::ui::theme::{self, space};
use crate::ui::widgets::UiExt as _;
use egui::{RichText, Ui};

impl Composer {
    /// The estimate, when a logo line can be priced.
    pub(super) fn estimate_ui(&self, ui: &mut Ui) {
        if self.form.logos.is_empty() {
            return;
        }
        let e = estimate(&self.form, |r| self.known.get(r).cloned());
        if e.lines.is_empty() {
            return;
        }
        let t = theme::tokens(ui.ctx());
        ui.surface(|ui| {
            ui.horizontal(|ui| {
                ui.section_heading("Estimate");
                ui.badge("ESTIMATE", t.warning, t.warning_soft);
            });
            ui.muted_small("Loose transfers only, before VAT, from the logos' price tiers and fees. The service's own totals replace it once the order completes.");
            egui::Grid::new("estimate").num_columns(3).spacing([space::XL, space::XS]).show(ui, |ui| {
                for l in &e.lines {
                    ui.label(&l.label);
                    ui.label(format!("{} pcs", l.quantity));
                    ui.label(format!("{} {}", l.amount, e.currency));
                    ui.end_row();
                }
                ui.label(RichText::new("Estimated logo lines").strong());
                ui.label("");
                ui.label(RichText::new(format!("{} {}", e.total, e.currency)).strong());
                ui.end_row();
            });
            if e.unknown > 0 {
                ui.muted_small(&format!("{} not estimated (logo not known in full yet).", plural(e.unknown, "line")));
            }
        });
    }
}
