//! "Add logo…" of the clone canvas: search logos by title as one types (the backend answers;
//! nothing here waits), pick a Done one to drop it in the centre of the chosen view.

use crate::api::LogoStatus;
use crate::backend::designs::DesignsCommand;
use crate::backend::{Command, LogoCard, UserError};
use crate::ui::theme::{self, space};
use crate::ui::widgets::UiExt as _;
use crate::ui::{Shared, Slot};
use egui::Ui;
use std::time::{Duration, Instant};

/// The picker searches once typing has paused this long.
const SEARCH_AFTER: Duration = Duration::from_millis(300);

/// The picker's search and matches.
#[derive(Default)]
pub struct Picker {
    pub open: bool,
    search: String,
    edited_at: Option<Instant>,
    searching: bool,
    /// The search the matches answer (`Some("")`: the first logos, before any typing).
    searched: Option<String>,
    found: Vec<LogoCard>,
    error: Option<String>,
}

impl Picker {
    /// Opens the picker, listing the first logos at once.
    pub fn open(&mut self, shared: &mut Shared<'_>) {
        *self = Picker {
            open: true,
            ..Picker::default()
        };
        self.send(String::new(), shared);
    }

    /// The matches of the newest search.
    pub fn on_found(&mut self, result: Result<Vec<LogoCard>, UserError>) {
        self.searching = false;
        match result {
            Ok(found) => (self.found, self.error) = (found, None),
            Err(e) => (self.found, self.error) = (Vec::new(), Some(e.message)),
        }
    }

    /// A failed search.
    pub fn on_failed(&mut self, error: &UserError) {
        self.on_found(Err(error.clone()));
    }

    fn send(&mut self, search: String, shared: &mut Shared<'_>) {
        self.searching = true;
        self.searched = Some(search.clone());
        shared.request(Slot::DesignSearch, "Searching logos", |request| {
            Command::Designs(DesignsCommand::SearchLogos { request, search })
        });
    }

    /// The search box and the matches; answers the logo picked.
    pub fn ui(&mut self, ui: &mut Ui, shared: &mut Shared<'_>) -> Option<LogoCard> {
        if !self.open {
            return None;
        }
        let t = theme::tokens(ui.ctx());
        let mut picked = None;
        ui.surface(|ui| {
            ui.horizontal(|ui| {
                ui.label("Search logos");
                let edit = ui
                    .add(
                        egui::TextEdit::singleline(&mut self.search)
                            .hint_text("Title, e.g. Nordby")
                            .desired_width(200.0),
                    )
                    .accessible_name("Search logos to add");
                if edit.changed() {
                    self.edited_at = Some(Instant::now());
                }
                if self.searching {
                    ui.spinner();
                }
                if ui
                    .small_button("Close")
                    .accessible_name("Close the logo picker")
                    .clicked()
                {
                    self.open = false;
                }
            });
            if let Some(edited) = self.edited_at {
                let waited = edited.elapsed();
                if waited < SEARCH_AFTER {
                    ui.ctx().request_repaint_after(SEARCH_AFTER - waited);
                } else {
                    self.edited_at = None;
                    let search = self.search.trim().to_owned();
                    self.send(search, shared);
                }
            }
            if let Some(message) = &self.error {
                ui.problem(message);
                return;
            }
            if self.found.is_empty() && !self.searching {
                match self.searched.as_deref() {
                    Some("") | None => ui.muted_small("No logos yet."),
                    Some(s) => ui.muted_small(&format!("No logo's title contains \"{s}\".")),
                };
                return;
            }
            egui::Grid::new("canvas-picker")
                .num_columns(3)
                .spacing([space::M, space::XS])
                .show(ui, |ui| {
                    for card in &self.found {
                        let done = card.status == LogoStatus::Done;
                        let add = ui
                            .add_enabled(
                                done,
                                egui::Button::new(format!("Add {}", card.title)).small(),
                            )
                            .on_hover_text("Drop it in the centre of the view shown")
                            .on_disabled_hover_text(
                                "Only Done logos can be placed: commit the draft first.",
                            );
                        if add.clicked() {
                            picked = Some(card.clone());
                        }
                        ui.label(format!("{:.0} × {:.0} mm", card.width_mm, card.height_mm));
                        ui.badge(card.status.as_str(), t.accent, t.accent_soft);
                        ui.end_row();
                    }
                });
        });
        if picked.is_some() {
            self.open = false;
        }
        picked
    }
}
