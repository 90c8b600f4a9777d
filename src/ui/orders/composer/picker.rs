//! The loose-logo picker: search logos by title as one types, add a Done one as a line.

use super::Composer;
use crate::api::{ListLogos, LogoStatus};
use crate::backend::orders::OrdersCommand;
use crate::backend::{Command, LogoCard, UserError};
use crate::orders::form::LogoForm;
use crate::ui::theme::{self, space};
use crate::ui::widgets::UiExt as _;
use crate::ui::{Shared, Slot};
use egui::Ui;
use std::time::{Duration, Instant};

/// The logo picker searches once typing has paused this long.
const SEARCH_AFTER: Duration = Duration::from_millis(300);

/// How many matches the logo picker lists.
const PICKER_LIMIT: i64 = 12;

/// The search typed, when it was last edited, the newest request, the search it answers
/// and its matches (or why there are none).
#[derive(Default)]
pub(super) struct LogoPicker {
    search: String,
    edited_at: Option<Instant>,
    /// The newest search is on its way.
    searching: bool,
    searched: Option<String>,
    found: Vec<LogoCard>,
    error: Option<String>,
}

impl Composer {
    /// Matches of the logo picker's search (only the newest search's come).
    pub(in crate::ui::orders) fn on_found(&mut self, result: Result<Vec<LogoCard>, UserError>) {
        self.picker.searching = false;
        match result {
            Ok(found) => (self.picker.found, self.picker.error) = (found, None),
            Err(e) => (self.picker.found, self.picker.error) = (Vec::new(), Some(e.message)),
        }
    }

    /// Sends the picker's search once typing has paused for [`SEARCH_AFTER`].
    fn search_logos(&mut self, ui: &Ui, shared: &mut Shared<'_>) {
        let Some(edited) = self.picker.edited_at else {
            return;
        };
        let waited = edited.elapsed();
        if waited < SEARCH_AFTER {
            ui.ctx().request_repaint_after(SEARCH_AFTER - waited);
            return;
        }
        self.picker.edited_at = None;
        let search = self.picker.search.trim().to_owned();
        if search.is_empty() {
            self.picker = LogoPicker::default();
            return;
        }
        let query = ListLogos::new()
            .page(1)
            .limit(PICKER_LIMIT)
            .search(search.clone());
        self.picker.searching = true;
        shared.request(Slot::ComposerSearch, "Searching logos", |request| {
            Command::Orders(OrdersCommand::SearchLogos { request, query })
        });
        self.picker.searched = Some(search);
    }

    /// The picker: a search box and its matches; a Done logo's click adds a loose line.
    pub(super) fn picker_ui(&mut self, ui: &mut Ui, shared: &mut Shared<'_>) {
        let t = theme::tokens(ui.ctx());
        ui.horizontal(|ui| {
            ui.label("Search logos");
            let edit = ui
                .add(
                    egui::TextEdit::singleline(&mut self.picker.search)
                        .hint_text("Title, e.g. Nordby")
                        .desired_width(240.0),
                )
                .accessible_name("Search logos");
            if edit.changed() {
                self.picker.edited_at = Some(Instant::now());
            }
        });
        self.search_logos(ui, shared);
        let Some(searched) = self.picker.searched.clone() else {
            return;
        };
        let mut picked = None;
        match (&self.picker.error, &self.picker.found) {
            (Some(message), _) => {
                ui.problem(message);
            }
            (None, cards) if cards.is_empty() && !self.picker.searching => {
                ui.muted_small(&format!("No logo's title contains \"{searched}\"."));
            }
            (None, cards) => {
                egui::Grid::new("logo_picker")
                    .num_columns(5)
                    .spacing([space::L, space::XS])
                    .show(ui, |ui| {
                        for card in cards {
                            let done = card.status == LogoStatus::Done;
                            let add = ui
                                .add_enabled(
                                    done,
                                    egui::Button::new(format!("Add {}", card.title)).small(),
                                )
                                .on_disabled_hover_text("commit the draft first");
                            if add.clicked() {
                                picked = Some(card.clone());
                            }
                            ui.label(
                                card.item_no
                                    .map_or_else(|| "no item no.".to_owned(), |n| n.to_string()),
                            );
                            ui.badge(card.status.as_str(), t.accent, t.accent_soft);
                            ui.label(card.logo_type.as_str());
                            if done {
                                ui.label("");
                            } else {
                                ui.muted_small("Draft: commit the draft first");
                            }
                            ui.end_row();
                        }
                    });
            }
        }
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
