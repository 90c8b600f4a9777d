//! Every action a person can take from a menu or the keyboard, with its label, tooltip and
//! shortcut in one place. Menus and key handling both read [`Action`].

use egui::{Key, KeyboardShortcut, Modifiers};

/// A user action.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Action {
    /// Put the cursor in the gallery's search box.
    FocusSearch,
    /// Reload the current screen's data.
    Refresh,
    /// Open the selected logo.
    OpenSelected,
    /// Go back from a logo to the gallery.
    Back,
    /// Show the gallery.
    ShowGallery,
    /// Show Settings.
    ShowSettings,
    /// Switch between light and dark.
    ToggleTheme,
    /// Copy the open logo's item number.
    CopyItemNumber,
    /// Quit logodesk.
    Quit,
}

impl Action {
    /// Every action, in menu order.
    pub const ALL: [Action; 9] = [
        Action::FocusSearch,
        Action::Refresh,
        Action::OpenSelected,
        Action::Back,
        Action::ShowGallery,
        Action::ShowSettings,
        Action::ToggleTheme,
        Action::CopyItemNumber,
        Action::Quit,
    ];

    /// Menu text.
    pub fn label(self) -> &'static str {
        match self {
            Action::FocusSearch => "Search logos",
            Action::Refresh => "Refresh",
            Action::OpenSelected => "Open selected logo",
            Action::Back => "Back to logos",
            Action::ShowGallery => "Logos",
            Action::ShowSettings => "Settings",
            Action::ToggleTheme => "Toggle light/dark",
            Action::CopyItemNumber => "Copy item number",
            Action::Quit => "Quit",
        }
    }

    /// Hover text.
    pub fn tooltip(self) -> &'static str {
        match self {
            Action::FocusSearch => "Search the account's logos by title",
            Action::Refresh => "Load what this screen shows again from the service",
            Action::OpenSelected => "Show the selected logo with its pricing",
            Action::Back => "Return to the logo gallery",
            Action::ShowGallery => "Browse the account's logos",
            Action::ShowSettings => "Accounts, appearance and version",
            Action::ToggleTheme => "Switch between the light and the dark theme",
            Action::CopyItemNumber => "Copy the logo's item number to the clipboard",
            Action::Quit => "Close logodesk",
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
            Action::ShowGallery => cmd(Key::Num1),
            Action::ShowSettings => cmd(Key::Comma),
            Action::ToggleTheme => Some(KeyboardShortcut::new(
                Modifiers::COMMAND | Modifiers::SHIFT,
                Key::L,
            )),
            Action::CopyItemNumber => Some(KeyboardShortcut::new(
                Modifiers::COMMAND | Modifiers::SHIFT,
                Key::C,
            )),
            Action::Quit => cmd(Key::Q),
        }
    }

    /// Whether the shortcut must be left to a focused text field (plain keys only).
    pub fn yields_to_text_input(self) -> bool {
        matches!(self, Action::OpenSelected)
    }

    /// The actions whose shortcut was pressed this frame (consumed from the input).
    pub fn pressed(ctx: &egui::Context) -> Vec<Action> {
        let typing = ctx.egui_wants_keyboard_input();
        Action::ALL
            .into_iter()
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
            button = button.shortcut_text(ui.ctx().format_shortcut(&s));
        }
        ui.add_enabled(enabled, button)
            .on_hover_text(self.tooltip())
            .clicked()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn shortcuts_are_unique() {
        let all: Vec<_> = Action::ALL.iter().filter_map(|a| a.shortcut()).collect();
        let unique: HashSet<_> = all.iter().map(|s| (s.modifiers, s.logical_key)).collect();
        assert_eq!(all.len(), unique.len());
    }
}
