//! The command palette (Ctrl+K): every action that can run now, found by typing part of its
//! name. The search box has the keyboard at once; the arrow keys move, Enter runs, Escape
//! closes, a click runs. What it runs goes the way of the menus ([`Intent::Perform`]).
//!
//! [`Intent::Perform`]: super::Intent::Perform

use super::actions::{Action, Availability};
use super::theme::{self, space};
use super::widgets::UiExt as _;
use egui::{Key, Modifiers};

/// The palette's state.
#[derive(Debug, Default)]
pub struct Palette {
    open: bool,
    query: String,
    /// The highlighted row among the matches.
    selected: usize,
    /// The search box takes the keyboard on the next frame.
    focus: bool,
}

/// The actions that can run now whose label has every word of `query` in it (any case, any
/// order, anywhere in the label), in menu order. The palette itself is not one of them.
pub fn matches(query: &str, now: &Availability) -> Vec<Action> {
    let words: Vec<String> = query.split_whitespace().map(str::to_lowercase).collect();
    Action::all()
        .filter(|a| *a != Action::CommandPalette && a.enabled(now))
        .filter(|a| {
            let label = a.label().to_lowercase();
            words.iter().all(|w| label.contains(w.as_str()))
        })
        .collect()
}

impl Palette {
    /// Whether the palette is shown.
    pub fn is_open(&self) -> bool {
        self.open
    }

    /// Opens the palette, or closes it when it is open.
    pub fn toggle(&mut self) {
        *self = Palette {
            open: !self.open,
            focus: !self.open,
            ..Palette::default()
        };
    }

    /// Draws the palette when it is open; answers the action chosen. Call it before anything
    /// else reads the keys of the frame: it takes the arrow keys, Enter and Escape.
    pub fn ui(&mut self, ctx: &egui::Context, now: &Availability) -> Option<Action> {
        if !self.open {
            return None;
        }
        let (up, down, enter, escape) = ctx.input_mut(|i| {
            (
                i.count_and_consume_key(Modifiers::NONE, Key::ArrowUp),
                i.count_and_consume_key(Modifiers::NONE, Key::ArrowDown),
                i.consume_key(Modifiers::NONE, Key::Enter),
                i.consume_key(Modifiers::NONE, Key::Escape),
            )
        });
        if escape {
            *self = Palette::default();
            return None;
        }
        let mut chosen = None;
        let modal = egui::Modal::new(egui::Id::unique("command-palette")).show(ctx, |ui| {
            ui.set_width(theme::palette::WIDTH);
            let search = ui.add(
                egui::TextEdit::singleline(&mut self.query)
                    .hint_text(crate::tr!("shell-palette-hint"))
                    .desired_width(f32::INFINITY),
            );
            let search = search.accessible_name(crate::tr!("shell-palette-search"));
            if std::mem::take(&mut self.focus) {
                search.request_focus();
            }
            if search.changed() {
                self.selected = 0;
            }
            let found = matches(&self.query, now);
            let last = found.len().saturating_sub(1);
            self.selected = (self.selected + down).saturating_sub(up).min(last);
            if enter {
                chosen = found.get(self.selected).copied();
            }
            ui.add_space(space::S);
            if found.is_empty() {
                ui.muted(&crate::tr!("shell-palette-nothing"));
            }
            egui::ScrollArea::vertical()
                .max_height(theme::palette::LIST_HEIGHT)
                .auto_shrink([false, true])
                .show(ui, |ui| {
                    for (i, action) in found.iter().enumerate() {
                        let mut button = egui::Button::new(action.label())
                            .selected(i == self.selected)
                            .min_size(egui::vec2(ui.available_width(), 0.0));
                        if let Some(s) = action.shortcut() {
                            button = button.shortcut_text(super::actions::shortcut_text(ctx, &s));
                        }
                        let row = ui.add(button).on_hover_text(action.tooltip());
                        if i == self.selected && up + down > 0 {
                            row.scroll_to_me(None);
                        }
                        if row.clicked() {
                            chosen = Some(*action);
                        }
                    }
                });
        });
        if chosen.is_some() || modal.should_close() {
            *self = Palette::default();
        }
        chosen
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ui::Screen;

    fn labels(query: &str, now: &Availability) -> Vec<String> {
        matches(query, now).into_iter().map(Action::label).collect()
    }

    #[test]
    fn words_match_anywhere_in_any_case_and_order() {
        let now = Availability::default();
        assert_eq!(labels("sett", &now), ["Settings"]);
        assert_eq!(labels("SETT", &now), ["Settings"]);
        assert_eq!(labels("dark light", &now), ["Toggle light/dark"]);
        assert_eq!(labels("ord new", &now), ["New order"]);
        assert!(labels("zzz", &now).is_empty());
        // Every action that can run, in menu order, when nothing is typed.
        let all = matches("", &now);
        assert!(all.len() > 10);
        assert!(!all.contains(&Action::CommandPalette));
    }

    #[test]
    fn only_what_can_run_now_is_listed() {
        let gallery = Availability::default();
        assert!(labels("undo", &gallery).is_empty());
        assert!(labels("copy item", &gallery).is_empty());
        let editing = Availability {
            screen: Screen::Editor,
            undo: true,
            ..Availability::default()
        };
        assert_eq!(labels("undo", &editing), ["Undo"]);
        assert!(labels("redo", &editing).is_empty());
    }
}
