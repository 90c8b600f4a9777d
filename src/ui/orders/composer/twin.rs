//! The question before a second real order for the club: *Place order* of a draft whose
//! reference and lines were placed lately (a twin draft left by *Save mine as a new draft*, or
//! the same form placed on another desk of the team). The backend looked and queued nothing
//! ([`OrdersEvent::PlacedAlike`](crate::backend::orders::OrdersEvent::PlacedAlike)); the
//! person places it again or keeps it as a draft.

use super::Composer;
use crate::store::{LocalOrder, LocalOrderId};
use crate::ui::Shared;
use crate::ui::theme::{self, space};
use crate::ui::widgets::UiExt as _;
use egui::{RichText, Ui};

/// Dialog width in points.
const WIDTH: f32 = 460.0;

impl Composer {
    /// *Place order* of draft `id` met `earlier`: it stays a draft and the question opens.
    pub fn on_placed_alike(&mut self, id: LocalOrderId, earlier: LocalOrder) {
        if self.save.draft() != Some(id) {
            return;
        }
        self.save.unplaced();
        self.alike = Some(Box::new(earlier));
    }

    /// The order placed lately that the open question is about (tests).
    pub fn placed_alike(&self) -> Option<&LocalOrder> {
        self.alike.as_deref()
    }

    /// "Placed already?": which order, when and from which desk; *Place again* (sends it,
    /// once) or *Keep as draft*.
    pub(super) fn alike_dialog_ui(&mut self, ui: &mut Ui, shared: &mut Shared<'_>) {
        if self.is_frozen() {
            self.alike = None;
        }
        let Some(earlier) = self.alike.as_deref() else {
            return;
        };
        let language = shared.language();
        let number = earlier
            .order_number
            .clone()
            .unwrap_or_else(|| crate::tr!("composer-alike-unnumbered", id = earlier.id.0));
        let when = earlier
            .record
            .as_ref()
            .and_then(|r| r.order.as_ref())
            .map(|o| language.date_time(&o.placed_at_utc))
            .unwrap_or_else(|| language.time_stamp(&earlier.updated_at));
        let note = match &earlier.placed_by {
            Some(desk) => crate::tr!(
                "composer-alike-note-desk",
                number = number.as_str(),
                reference = earlier.reference.as_str(),
                when = when.as_str(),
                desk = desk.as_str()
            ),
            None => crate::tr!(
                "composer-alike-note",
                number = number.as_str(),
                reference = earlier.reference.as_str(),
                when = when.as_str()
            ),
        };
        let t = theme::tokens(ui.ctx());
        let (mut again, mut keep) = (false, false);
        let modal =
            egui::Modal::new(egui::Id::unique("composer-placed-alike")).show(ui.ctx(), |ui| {
                ui.set_width(WIDTH);
                ui.label(
                    RichText::new(crate::tr!("composer-alike-title"))
                        .font(theme::heading_font())
                        .color(t.text_strong),
                );
                ui.add(egui::Label::new(note).wrap());
                ui.add_space(space::M);
                ui.horizontal(|ui| {
                    keep = ui
                        .primary_button(&crate::tr!("composer-alike-keep"))
                        .clicked();
                    let anyway = egui::Button::new(
                        RichText::new(crate::tr!("composer-alike-again")).color(t.on_accent),
                    )
                    .fill(t.danger);
                    again = ui.add(anyway).clicked();
                });
            });
        if again {
            self.alike = None;
            self.send_place(shared, true);
        } else if keep || modal.should_close() {
            self.alike = None;
        }
    }
}
