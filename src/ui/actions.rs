//! Every action a person can take from a menu, the command palette or the keyboard, with its
//! label, tooltip and shortcut in one place. Menus, the palette and key handling all read
//! [`Action`]; whether one can run now is [`Action::enabled`] for all of them.

use super::Screen;
use egui::{Key, KeyboardShortcut, Modifiers};

/// A user action.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, strum::EnumIter)]
pub enum Action {
    /// Put the cursor in the gallery's search box.
    FocusSearch,
    /// Reload the current screen's data.
    Refresh,
    /// Open the selected logo.
    OpenSelected,
    /// Go back from a logo to the gallery.
    Back,
    /// Show a screen of the navigation.
    Show(Screen),
    /// Start a new order in the composer.
    NewOrder,
    /// Undo the last edit of the draft or order being edited.
    Undo,
    /// Redo the last undone edit.
    Redo,
    /// Open the command palette.
    CommandPalette,
    /// Switch between light and dark.
    ToggleTheme,
    /// Copy the open logo's item number.
    CopyItemNumber,
    /// Quit logodesk.
    Quit,
}

/// What decides whether an action can run now.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Availability {
    /// The screen shown.
    pub screen: Screen,
    /// A logo is open in the detail.
    pub logo_open: bool,
    /// The screen shown has an edit to undo, and one to redo.
    pub undo: bool,
    pub redo: bool,
}

impl Action {
    /// Every action, in menu order (the order they are declared in, with one
    /// [`Action::Show`] per screen of the navigation, in its order).
    pub fn all() -> impl Iterator<Item = Action> {
        <Action as strum::IntoEnumIterator>::iter().flat_map(|action| {
            let shows = matches!(action, Action::Show(_));
            Screen::all()
                .filter(move |s| shows && s.in_navigation())
                .map(Action::Show)
                .chain((!shows).then_some(action))
        })
    }

    /// Menu text and hover text, in the person's language.
    pub fn text_and_tooltip(self) -> (String, String) {
        let words = |text: String, hint: String| (text, hint);
        match self {
            Action::FocusSearch => words(
                crate::tr!("shell-action-search-logos"),
                crate::tr!("shell-action-search-logos-hint"),
            ),
            Action::Refresh => words(
                crate::tr!("shell-action-refresh"),
                crate::tr!("shell-action-refresh-hint"),
            ),
            Action::OpenSelected => words(
                crate::tr!("shell-action-open-selected"),
                crate::tr!("shell-action-open-selected-hint"),
            ),
            Action::Back => words(
                crate::tr!("shell-action-back"),
                crate::tr!("shell-action-back-hint"),
            ),
            // The logo detail has no action of its own: its name stands for both.
            Action::Show(screen) => {
                let words = screen.words();
                words
                    .show
                    .unwrap_or_else(|| (words.name.clone(), words.name))
            }
            Action::NewOrder => words(
                crate::tr!("shell-action-new-order"),
                crate::tr!("shell-action-new-order-hint"),
            ),
            Action::Undo => words(
                crate::tr!("shell-action-undo"),
                crate::tr!("shell-action-undo-hint"),
            ),
            Action::Redo => words(
                crate::tr!("shell-action-redo"),
                crate::tr!("shell-action-redo-hint"),
            ),
            Action::CommandPalette => words(
                crate::tr!("shell-action-command-palette"),
                crate::tr!("shell-action-command-palette-hint"),
            ),
            Action::ToggleTheme => words(
                crate::tr!("shell-action-toggle-theme"),
                crate::tr!("shell-action-toggle-theme-hint"),
            ),
            Action::CopyItemNumber => words(
                crate::tr!("shell-action-copy-item-number"),
                crate::tr!("shell-action-copy-item-number-hint"),
            ),
            Action::Quit => words(
                crate::tr!("shell-action-quit"),
                crate::tr!("shell-action-quit-hint"),
            ),
        }
    }

    /// Menu text.
    pub fn label(self) -> String {
        self.text_and_tooltip().0
    }

    /// Hover text.
    pub fn tooltip(self) -> String {
        self.text_and_tooltip().1
    }

    /// The screen this action shows, for the actions that only show one.
    pub fn screen(self) -> Option<Screen> {
        match self {
            Action::Show(screen) => Some(screen),
            _ => None,
        }
    }

    /// Whether the action can run now (menus disable it, the palette leaves it out).
    pub fn enabled(self, now: &Availability) -> bool {
        match self {
            Action::FocusSearch | Action::OpenSelected => now.screen == Screen::Gallery,
            Action::Back => now.screen == Screen::LogoDetail,
            Action::CopyItemNumber => now.logo_open && now.screen == Screen::LogoDetail,
            Action::Undo => now.undo,
            Action::Redo => now.redo,
            _ => true,
        }
    }

    /// Keyboard shortcut (Ctrl is Cmd on macOS).
    pub fn shortcut(self) -> Option<KeyboardShortcut> {
        let cmd = |key| Some(KeyboardShortcut::new(Modifiers::COMMAND, key));
        match self {
            Action::FocusSearch => cmd(Key::F),
            Action::Refresh => cmd(Key::R),
            Action::OpenSelected => Some(KeyboardShortcut::new(Modifiers::NONE, Key::Enter)),
            Action::Back => Some(KeyboardShortcut::new(Modifiers::ALT, Key::ArrowLeft)),
            Action::Show(screen) => screen.key().and_then(cmd),
            Action::ToggleTheme => Some(KeyboardShortcut::new(
                Modifiers::COMMAND | Modifiers::SHIFT,
                Key::L,
            )),
            Action::CopyItemNumber => Some(KeyboardShortcut::new(
                Modifiers::COMMAND | Modifiers::SHIFT,
                Key::C,
            )),
            Action::NewOrder => cmd(Key::N),
            Action::Undo => cmd(Key::Z),
            Action::Redo => Some(KeyboardShortcut::new(
                Modifiers::COMMAND | Modifiers::SHIFT,
                Key::Z,
            )),
            Action::CommandPalette => cmd(Key::K),
            Action::Quit => cmd(Key::Q),
        }
    }

    /// Whether the shortcut must be left to a focused text field (plain keys only).
    pub fn yields_to_text_input(self) -> bool {
        matches!(self, Action::OpenSelected)
    }

    /// Whether the screen being edited takes the shortcut itself, not the app: undo and redo
    /// belong to whatever is edited (the editor, the composer, the clone canvas), and a focused
    /// text field keeps them for its own text ([`Action::undo_keys`]).
    fn taken_by_screen(self) -> bool {
        matches!(self, Action::Undo | Action::Redo)
    }

    /// Undo or redo asked from the keyboard this frame (Ctrl+Z; Ctrl+Shift+Z or Ctrl+Y),
    /// consumed from the input; none while a text field has the keyboard, which keeps its own
    /// undo of the text being typed (a focused button or checkbox does not).
    pub fn undo_keys(ctx: &egui::Context) -> Option<Action> {
        if ctx.text_edit_focused() {
            return None;
        }
        ctx.input_mut(|i| {
            // Ctrl+Shift+Z first: Ctrl+Z matches it too (extra Shift is ignored).
            let redo = Action::Redo
                .shortcut()
                .is_some_and(|s| i.consume_shortcut(&s))
                || i.consume_key(Modifiers::COMMAND, Key::Y);
            if redo {
                Some(Action::Redo)
            } else if Action::Undo
                .shortcut()
                .is_some_and(|s| i.consume_shortcut(&s))
            {
                Some(Action::Undo)
            } else {
                None
            }
        })
    }

    /// The actions whose shortcut was pressed this frame (consumed from the input).
    pub fn pressed(ctx: &egui::Context) -> Vec<Action> {
        let typing = ctx.egui_wants_keyboard_input();
        Action::all()
            .filter(|a| !a.taken_by_screen())
            .filter(|a| !(typing && a.yields_to_text_input()))
            .filter(|a| {
                a.shortcut()
                    .is_some_and(|s| ctx.input_mut(|i| i.consume_shortcut(&s)))
            })
            .collect()
    }

    /// A menu button for this action; answers whether it was clicked.
    pub fn menu_item(self, ui: &mut egui::Ui, enabled: bool) -> bool {
        let mut button = egui::Button::new(self.label());
        if let Some(s) = self.shortcut() {
            button = button.shortcut_text(shortcut_text(ui.ctx(), &s));
        }
        ui.add_enabled(enabled, button)
            .on_hover_text(self.tooltip())
            .clicked()
    }
}

/// A shortcut as a person reads it on their keyboard: egui's words for punctuation and arrow
/// keys ("Comma", "ArrowLeft") as the marks on the keys, the same in either language.
pub fn shortcut_text(ctx: &egui::Context, shortcut: &KeyboardShortcut) -> String {
    keys_as_marks(&ctx.format_shortcut(shortcut))
}

/// egui's names of punctuation and arrow keys as the marks on the keys.
fn keys_as_marks(text: &str) -> String {
    [
        ("Comma", ","),
        ("Period", "."),
        ("Minus", "-"),
        ("Plus", "+"),
        ("ArrowLeft", "←"),
        ("ArrowRight", "→"),
        ("ArrowUp", "↑"),
        ("ArrowDown", "↓"),
    ]
    .iter()
    .fold(text.to_owned(), |t, (word, mark)| t.replace(word, mark))
}

#[cfg(test)]
mod tests {
    #[test]
    fn key_names_are_said_as_the_keys_marks() {
        assert_eq!(super::keys_as_marks("Ctrl+Comma"), "Ctrl+,");
        assert_eq!(super::keys_as_marks("Alt+ArrowLeft"), "Alt+←");
        assert_eq!(super::keys_as_marks("Ctrl+Shift+Z"), "Ctrl+Shift+Z");
    }

    use super::*;
    use std::collections::HashSet;

    #[test]
    fn shortcuts_are_unique() {
        let all: Vec<_> = Action::all().filter_map(|a| a.shortcut()).collect();
        let unique: HashSet<_> = all.iter().map(|s| (s.modifiers, s.logical_key)).collect();
        assert_eq!(all.len(), unique.len());
    }
}
