//! "Add logo…" of the clone canvas: the shared logo search ([`LogoSearch`]), listing the
//! first logos when opened or when the search is emptied; pick a Done one to drop it in the
//! centre of the chosen view.

use crate::api::ListLogos;
use crate::backend::{Command, Lister, LogoCard, LogosCommand, UserError};
use crate::ui::widgets::UiExt as _;
use crate::ui::widgets::logo_search::{EmptySearch, LogoSearch};
use crate::ui::{Shared, Slot};
use egui::Ui;

/// How many logos the picker lists.
const PICKER_LIMIT: i64 = 12;

/// The picker: whether it is open, and its search.
#[derive(Default)]
pub struct Picker {
    pub open: bool,
    search: LogoSearch,
}

impl Picker {
    /// Opens the picker, listing the first logos at once.
    pub fn open(&mut self, shared: &mut Shared<'_>) {
        *self = Picker {
            open: true,
            ..Picker::default()
        };
        let search = self.search.search_now();
        send(search, shared);
    }

    /// The matches of the newest search.
    pub fn on_found(&mut self, result: Result<Vec<LogoCard>, UserError>) {
        self.search.on_found(result);
    }

    /// A failed search.
    pub fn on_failed(&mut self, error: &UserError) {
        self.search.on_found(Err(error.clone()));
    }

    /// The search box and the matches; answers the logo picked.
    pub fn ui(&mut self, ui: &mut Ui, shared: &mut Shared<'_>) -> Option<LogoCard> {
        if !self.open {
            return None;
        }
        let picked = ui.surface(|ui| {
            ui.horizontal(|ui| {
                self.search
                    .search_box(ui, &crate::tr!("designs-picker-search"));
                if self.search.searching() {
                    ui.spinner();
                }
                if ui
                    .small_button(crate::tr!("common-close"))
                    .accessible_name(crate::tr!("designs-picker-close"))
                    .clicked()
                {
                    self.open = false;
                }
            });
            if let Some(search) = self.search.due(ui.ctx(), EmptySearch::ListsFirst) {
                send(search, shared);
            }
            let hint = crate::tr!("designs-picker-add-hint");
            self.search
                .matches_ui(ui, "canvas-picker", &hint, |ui, card| {
                    ui.label(crate::ui::names::size_mm(
                        &format!("{:.0}", card.width_mm),
                        &format!("{:.0}", card.height_mm),
                    ));
                })
        });
        if picked.is_some() {
            self.open = false;
        }
        picked
    }
}

/// Asks the backend for the logos whose title contains `search` (a newer search supersedes);
/// their thumbnails come behind them.
fn send(search: String, shared: &mut Shared<'_>) {
    let query = ListLogos::new().page(1).limit(PICKER_LIMIT).search(search);
    shared.request(
        Slot::DesignSearch,
        &crate::tr!("designs-searching-logos"),
        |request| {
            Command::Logos(LogosCommand::List {
                request,
                query,
                lister: Lister::Canvas,
            })
        },
    );
}
