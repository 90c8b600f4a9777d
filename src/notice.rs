//! A small window with one sentence and OK, for what a person who started logodesk from a
//! desktop menu (no terminal to read stderr) must see before it exits, e.g. that logodesk is
//! already running on this data folder.

use crate::ui::theme::{self, space};
use crate::ui::widgets::UiExt as _;

/// The notice window's inner size: one sentence of a few lines and a button.
pub const NOTICE_WINDOW: [f32; 2] = [460.0, 170.0];

/// Lays out the notice; answers `true` once OK is clicked (or Enter / Escape pressed).
pub fn notice_ui(ui: &mut egui::Ui, message: &str) -> bool {
    let t = theme::tokens(ui.ctx());
    let mut done = false;
    egui::Frame::new()
        .fill(t.bg)
        .inner_margin(egui::Margin::same(space::XL as i8))
        .show(ui, |ui| {
            ui.set_min_size(ui.available_size());
            ui.label(message);
            ui.add_space(space::L);
            ui.with_layout(egui::Layout::right_to_left(egui::Align::Min), |ui| {
                if ui.primary_button("OK").clicked() {
                    done = true;
                }
            });
        });
    let keys = ui.input(|i| i.key_pressed(egui::Key::Enter) || i.key_pressed(egui::Key::Escape));
    done || keys
}

struct Notice {
    message: String,
}

impl eframe::App for Notice {
    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        if notice_ui(ui, &self.message) {
            ui.ctx().send_viewport_cmd(egui::ViewportCommand::Close);
        }
    }
}

/// Whether this process can show a window at all (a display to show it on).
pub fn have_display() -> bool {
    #[cfg(all(unix, not(target_os = "macos")))]
    {
        std::env::var_os("DISPLAY").is_some() || std::env::var_os("WAYLAND_DISPLAY").is_some()
    }
    #[cfg(not(all(unix, not(target_os = "macos"))))]
    {
        true
    }
}

/// Shows `message` in a small window until the person clicks OK. Answers why it could not,
/// if it could not (the caller has already printed the message on stderr). Only one window
/// per process: call it only when logodesk's own window will not open.
pub fn show(title: &str, message: &str) -> Result<(), String> {
    if !have_display() {
        return Err("no display".into());
    }
    let options = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            .with_title(title)
            .with_app_id("logodesk")
            .with_inner_size(NOTICE_WINDOW)
            .with_resizable(false)
            .with_active(true),
        persist_window: false,
        ..Default::default()
    };
    let message = message.to_owned();
    eframe::run_native(
        title,
        options,
        Box::new(move |cc| {
            theme::apply_style(&cc.egui_ctx, egui::ThemePreference::System);
            Ok(Box::new(Notice { message }))
        }),
    )
    .map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use egui_kittest::kittest::Queryable as _;
    use std::cell::Cell;

    #[test]
    fn the_notice_shows_its_sentence_and_ok_closes_it() {
        let closed = Cell::new(false);
        let sentence = "logodesk is already running on the data folder /tmp/x.";
        let mut harness = egui_kittest::Harness::new_ui(|ui| {
            if notice_ui(ui, sentence) {
                closed.set(true);
            }
        });
        harness.run();
        harness.get_by_label(sentence);
        assert!(!closed.get());
        harness.get_by_label("OK").click();
        harness.run();
        assert!(closed.get());
    }
}
