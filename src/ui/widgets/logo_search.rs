//! A search of logos by title as one types: the box, the search sent once typing has paused
//! (the caller sends it as its own feature's command; nothing here waits), the newest
//! search's matches or why there are none, and a grid of them where a Done logo can be picked.
//! The composer's loose-logo picker and the clone canvas's "Add logo…" are this search; the
//! gallery's paged list keeps its own box but waits with the same [`Debounce`]. All of them
//! send [`crate::backend::LogosCommand::List`].

use super::UiExt as _;
use crate::api::LogoStatus;
use crate::backend::{LogoCard, UserError};
use crate::ui::theme::space;
use egui::{Response, Ui};
use std::time::{Duration, Instant};

/// A search is sent once typing has paused this long.
pub const SEARCH_AFTER: Duration = Duration::from_millis(300);

/// When a search box was last edited: a search is due once typing has paused for
/// [`SEARCH_AFTER`]. The one debouncer of logo searches.
#[derive(Debug, Default, Clone, Copy)]
pub struct Debounce {
    edited_at: Option<Instant>,
}

impl Debounce {
    /// The box was edited just now.
    pub fn edited(&mut self) {
        self.edited_at = Some(Instant::now());
    }

    /// Forgets an edit still waiting (the search was sent another way).
    pub fn cancel(&mut self) {
        self.edited_at = None;
    }

    /// Whether an edit waits for its pause.
    pub fn waiting(&self) -> bool {
        self.edited_at.is_some()
    }

    /// Whether typing has paused long enough: `true` once per edit (the edit is then
    /// forgotten); until then asks for a repaint when it will be.
    pub fn due(&mut self, ctx: &egui::Context) -> bool {
        let Some(edited_at) = self.edited_at else {
            return false;
        };
        let waited = edited_at.elapsed();
        if waited < SEARCH_AFTER {
            ctx.request_repaint_after(SEARCH_AFTER - waited);
            return false;
        }
        self.edited_at = None;
        true
    }
}

/// What a search of nothing (or only spaces) does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EmptySearch {
    /// Clears the matches and sends nothing.
    Clears,
    /// Lists the first logos.
    ListsFirst,
}

/// The text typed, when it was last edited, and the matches of the newest search sent.
#[derive(Debug, Default)]
pub struct LogoSearch {
    text: String,
    debounce: Debounce,
    /// The newest search is on its way.
    searching: bool,
    /// The search the matches answer (`Some("")`: the first logos).
    searched: Option<String>,
    found: Vec<LogoCard>,
    error: Option<String>,
}

impl LogoSearch {
    /// Whether the newest search is on its way.
    pub fn searching(&self) -> bool {
        self.searching
    }

    /// "Search logos" and the box, named `accessible_name` for assistive technology.
    pub fn search_box(&mut self, ui: &mut Ui, accessible_name: &str) -> Response {
        ui.label(crate::tr!("shell-logo-search-label"));
        let edit = ui
            .add(
                egui::TextEdit::singleline(&mut self.text)
                    .hint_text(crate::tr!("shell-logo-search-hint"))
                    .desired_width(220.0),
            )
            .accessible_name(accessible_name);
        if edit.changed() {
            self.debounce.edited();
        }
        edit
    }

    /// The search to send now, once typing has paused for [`SEARCH_AFTER`] (asking for a
    /// repaint until then); an empty one does what `empty` says.
    pub fn due(&mut self, ctx: &egui::Context, empty: EmptySearch) -> Option<String> {
        if !self.debounce.due(ctx) {
            return None;
        }
        if self.text.trim().is_empty() && empty == EmptySearch::Clears {
            *self = LogoSearch::default();
            return None;
        }
        Some(self.search_now())
    }

    /// The search typed, to send at once (a pause still awaited is forgotten).
    pub fn search_now(&mut self) -> String {
        let search = self.text.trim().to_owned();
        self.debounce.cancel();
        self.searching = true;
        self.searched = Some(search.clone());
        search
    }

    /// The matches of the newest search (only the newest search's answer comes), or why
    /// there are none.
    pub fn on_found(&mut self, result: Result<Vec<LogoCard>, UserError>) {
        self.searching = false;
        match result {
            Ok(found) => (self.found, self.error) = (found, None),
            Err(e) => (self.found, self.error) = (Vec::new(), Some(e.message)),
        }
    }

    /// The matches, one row each: "Add <title>" (`add_hint` on hover; only a Done logo can
    /// be picked), its status, then what `cells` adds. Nothing before a search was sent.
    /// Answers the logo picked.
    pub fn matches_ui(
        &self,
        ui: &mut Ui,
        id_salt: &str,
        add_hint: &str,
        mut cells: impl FnMut(&mut Ui, &LogoCard),
    ) -> Option<LogoCard> {
        let searched = self.searched.as_deref()?;
        if let Some(message) = &self.error {
            ui.problem(message);
            return None;
        }
        if self.found.is_empty() {
            if !self.searching {
                ui.muted_small(&if searched.is_empty() {
                    crate::tr!("shell-logo-search-none")
                } else {
                    crate::tr!("shell-logo-search-no-match", searched = searched)
                });
            }
            return None;
        }
        let mut picked = None;
        egui::Grid::new(id_salt)
            .spacing([space::L, space::XS])
            .show(ui, |ui| {
                for card in &self.found {
                    let add = ui
                        .add_enabled(
                            card.status == LogoStatus::Done,
                            egui::Button::new(crate::tr!(
                                "shell-logo-search-add",
                                title = card.title.as_str()
                            ))
                            .small(),
                        )
                        .on_hover_text(add_hint)
                        .on_disabled_hover_text(crate::tr!("shell-logo-search-only-done"));
                    if add.clicked() {
                        picked = Some(card.clone());
                    }
                    ui.status_badge(&card.status);
                    cells(ui, card);
                    ui.end_row();
                }
            });
        picked
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A search whose typing paused long enough ago.
    fn typed(text: &str) -> LogoSearch {
        LogoSearch {
            text: text.into(),
            debounce: Debounce {
                edited_at: Instant::now().checked_sub(SEARCH_AFTER),
            },
            ..LogoSearch::default()
        }
    }

    #[test]
    fn a_search_is_sent_once_typing_has_paused_trimmed() {
        let ctx = egui::Context::default();
        let mut search = LogoSearch {
            debounce: Debounce {
                edited_at: Some(Instant::now()),
            },
            ..typed(" Nordby ")
        };
        assert_eq!(search.due(&ctx, EmptySearch::Clears), None, "still typing");
        assert!(!search.searching());
        let mut search = typed(" Nordby ");
        assert_eq!(
            search.due(&ctx, EmptySearch::Clears).as_deref(),
            Some("Nordby")
        );
        assert!(search.searching());
        assert_eq!(search.due(&ctx, EmptySearch::Clears), None, "sent once");
        search.on_found(Ok(Vec::new()));
        assert!(!search.searching());
        assert_eq!(search.searched.as_deref(), Some("Nordby"));
    }

    #[test]
    fn an_empty_search_clears_or_lists_the_first_logos() {
        let ctx = egui::Context::default();
        let mut search = typed("  ");
        search.searched = Some("Nordby".into());
        search.error = Some("The service could not be reached.".into());
        assert_eq!(search.due(&ctx, EmptySearch::Clears), None);
        assert_eq!((search.searched, search.error), (None, None));
        let mut search = typed("  ");
        assert_eq!(
            search.due(&ctx, EmptySearch::ListsFirst).as_deref(),
            Some("")
        );
        assert_eq!(search.searched.as_deref(), Some(""));
    }
}
