//! The loose-logo picker: the shared logo search ([`LogoSearch`]; an empty search shows
//! nothing and asks nothing), a Done logo's click adds it as a line.

use super::Composer;
use crate::api::{ListLogos, LogoStatus};
use crate::backend::{Command, Lister, LogoCard, LogosCommand, UserError};
use crate::orders::form::LogoForm;
use crate::ui::widgets::UiExt as _;
use crate::ui::widgets::logo_search::{EmptySearch, LogoSearch};
use crate::ui::{Shared, Slot};
use egui::Ui;

/// How many matches the logo picker lists.
const PICKER_LIMIT: i64 = 12;

/// The composer's picker is the shared logo search.
pub(super) type LogoPicker = LogoSearch;

impl Composer {
    /// Matches of the logo picker's search (only the newest search's come).
    pub(in crate::ui::orders) fn on_found(&mut self, result: Result<Vec<LogoCard>, UserError>) {
        self.picker.on_found(result);
    }

    /// The picker: a search box and its matches; a Done logo's click adds a loose line.
    pub(super) fn picker_ui(&mut self, ui: &mut Ui, shared: &mut Shared<'_>) {
        ui.horizontal(|ui| {
            self.picker
                .search_box(ui, &crate::tr!("composer-search-logos"))
        });
        if let Some(search) = self.picker.due(ui.ctx(), EmptySearch::Clears) {
            let query = ListLogos::new().page(1).limit(PICKER_LIMIT).search(search);
            let label = crate::tr!("composer-searching-logos");
            shared.request(Slot::ComposerSearch, &label, |request| {
                Command::Logos(LogosCommand::List {
                    request,
                    query,
                    lister: Lister::Composer,
                })
            });
        }
        let hint = crate::tr!("composer-picker-add-hint");
        let picked = self
            .picker
            .matches_ui(ui, "logo_picker", &hint, |ui, card| {
                ui.label(
                    card.item_no
                        .map_or_else(|| crate::tr!("composer-no-item-no"), |n| n.to_string()),
                );
                ui.label(crate::ui::names::logo_type(&card.logo_type));
                if card.status != LogoStatus::Done {
                    ui.muted_small(&crate::tr!("composer-picker-draft"));
                }
            });
        if let Some(card) = picked {
            self.form.logos.push(LogoForm {
                reference: card.logo_id.0.to_string(),
                title: card.title.clone(),
                logo_type: Some(card.logo_type.clone()),
                quantity: "1".into(),
                ..LogoForm::default()
            });
            self.fetch_logo(self.form.logos.len() - 1, shared);
        }
    }
}
