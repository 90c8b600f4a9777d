//! The open-by-id bar: the design id as typed, its problem, and the designs this app has
//! seen (the quick picks).

use crate::api::DesignId;
use crate::ui::widgets::{IdEntry, UiExt as _, id_entry};
use egui::Ui;

/// The open-by-id bar's state.
#[derive(Default)]
pub struct OpenBar {
    /// The design id as typed.
    pub id_input: String,
    input_error: Option<String>,
    /// Designs this app has seen (orders, opened, cloned), newest first: the quick picks.
    known: Vec<(DesignId, String)>,
}

impl OpenBar {
    /// Adds designs seen elsewhere (order history, composer) to the quick picks.
    pub fn add_known(&mut self, designs: impl IntoIterator<Item = (DesignId, String)>) {
        for (id, title) in designs {
            self.remember(id, &title, false);
        }
    }

    /// Keeps `id` among the quick picks (first when `first`), with its newest title.
    pub fn remember(&mut self, id: DesignId, title: &str, first: bool) {
        match self.known.iter().position(|(k, _)| *k == id) {
            Some(i) => {
                let (_, old) = self.known.remove(i);
                let title = if title.is_empty() {
                    old
                } else {
                    title.to_owned()
                };
                self.known.insert(if first { 0 } else { i }, (id, title));
            }
            None if first => self.known.insert(0, (id, title.to_owned())),
            None => self.known.push((id, title.to_owned())),
        }
    }

    /// Forgets the problem with what was typed (a design is being opened).
    pub fn clear_error(&mut self) {
        self.input_error = None;
    }

    /// A design's id typed in the open bar; an item number (`MUL…`) cannot open one.
    fn parse_id(text: &str) -> Result<DesignId, String> {
        id_entry::positive(text, || {
            if text.to_ascii_uppercase().starts_with("MUL") {
                crate::tr!("designs-mul-not-id", text = text)
            } else {
                crate::tr!("designs-id-invalid")
            }
        })
    }

    /// The bar (a spinner while `opening`); answers the design to open.
    pub fn ui(&mut self, ui: &mut Ui, opening: bool) -> Option<DesignId> {
        let id = IdEntry::new(
            &mut self.id_input,
            &mut self.input_error,
            crate::tr!("designs-id-label"),
            crate::tr!("designs-open-button"),
            Self::parse_id,
        )
        .labelled()
        .hint(crate::tr!("designs-id-hint"))
        .spinner(opening)
        .show(ui);
        if self.known.is_empty() {
            return id;
        }
        let mut pick = None;
        ui.horizontal_wrapped(|ui| {
            ui.muted_small(&crate::tr!("designs-seen-here"));
            for (id, title) in &self.known {
                let text = if title.is_empty() {
                    id.to_string()
                } else {
                    format!("{id} · {title}")
                };
                if ui
                    .small_button(text)
                    .on_hover_text(crate::tr!("designs-open-id", id = id.to_string()))
                    .clicked()
                {
                    pick = Some(*id);
                }
            }
        });
        if let Some(id) = pick {
            self.id_input = id.to_string();
        }
        id.or(pick)
    }
}
