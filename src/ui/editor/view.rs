//! The editor screen's layout: the upload form when no draft is open, otherwise the header,
//! the picture beside the panels, and the commit confirmation.

use super::EditorScreen;
use super::model::Rules;
use crate::api::LogoStatus;
use crate::backend::editor::{EditorCommand, StagedChanges};
use crate::backend::{Command, LogoRef};
use crate::ui::theme::{self, space};
use crate::ui::undo::Undoable as _;
use crate::ui::widgets::UiExt as _;
use crate::ui::{Intent, Shared, Slot};
use egui::{Align, Layout, RichText, Ui, Vec2};

impl EditorScreen {
    /// The screen.
    pub fn ui(&mut self, ui: &mut Ui, shared: &mut Shared<'_>) {
        self.track_undo(ui.ctx());
        if self.open.is_some() {
            self.request_preview(shared);
        }
        if self.show_upload || (self.open.is_none() && !self.opening) {
            ui.horizontal(|ui| {
                ui.screen_title(
                    "Upload & edit",
                    Some("From a file on disk to a committed logo"),
                );
                if self.open.is_some() {
                    ui.with_layout(Layout::right_to_left(Align::Center), |ui| {
                        if ui.button("Back to the draft").clicked() {
                            self.show_upload = false;
                        }
                    });
                }
            });
            ui.add_space(space::M);
            if let Some(error) = &self.error {
                ui.error_box(error, "editor-open");
                ui.add_space(space::M);
            }
            self.upload.ui(ui, shared);
            ui.add_space(space::M);
            ui.muted("To edit an existing draft, open it from Logos and choose \u{201c}Edit draft\u{201d}.");
            return;
        }
        let Some(open) = &self.open else {
            ui.vertical_centered(|ui| {
                ui.add_space(120.0);
                ui.spinner();
                ui.muted("Opening the draft…");
            });
            return;
        };
        let rules = Rules::of(&open.logo, &open.memory, self.staging.method_staged);
        self.header_ui(ui, shared);
        ui.add_space(space::M);
        if let Some(error) = &self.error {
            ui.error_box(error, "editor-commit");
            ui.add_space(space::M);
        }
        let avail = ui.available_size();
        let controls_w = (avail.x * 0.42).clamp(380.0, 520.0);
        let picture_w = (avail.x - controls_w - space::L).max(240.0);
        let column = Layout::top_down(Align::Min);
        ui.horizontal_top(|ui| {
            ui.allocate_ui_with_layout(Vec2::new(picture_w, avail.y), column, |ui| {
                self.picture_ui(ui);
            });
            ui.add_space(space::S);
            ui.allocate_ui_with_layout(Vec2::new(controls_w, avail.y), column, |ui| {
                // "Apply" stays in view below the scrolling sections.
                egui::Panel::bottom("editor-apply")
                    .frame(egui::Frame::new().inner_margin(egui::Margin {
                        top: space::S as i8,
                        ..egui::Margin::ZERO
                    }))
                    .resizable(false)
                    .show(ui, |ui| self.apply_ui(ui, shared));
                egui::ScrollArea::vertical()
                    .id_salt("editor-controls")
                    .auto_shrink([false, false])
                    .show(ui, |ui| self.controls_ui(ui, &rules, shared.language()));
            });
        });
        self.commit_modal_ui(ui, shared);
    }

    fn header_ui(&mut self, ui: &mut Ui, shared: &mut Shared<'_>) {
        let Some(open) = &self.open else { return };
        let logo = &open.logo;
        let staged = self.staged();
        let nothing_staged = staged == StagedChanges::default();
        let busy = self.is_busy();
        ui.horizontal(|ui| {
            ui.vertical(|ui| {
                ui.horizontal(|ui| {
                    ui.screen_title(&logo.title, None);
                    ui.status_badge(&logo.status);
                    if busy {
                        ui.spinner();
                    }
                });
                ui.muted(&format!(
                    "Draft editor · {} · {} × {} mm",
                    logo.transfer_method_key,
                    shared.language().measure(logo.width_in_mm),
                    shared.language().measure(logo.height_in_mm)
                ));
            });
            ui.with_layout(Layout::right_to_left(Align::Center), |ui| {
                let reason = if logo.status != LogoStatus::Draft {
                    Some("This logo is already committed.")
                } else if busy {
                    Some("Wait for the changes being sent.")
                } else if !nothing_staged {
                    Some("Apply or discard the staged changes first, so the committed logo is what you see.")
                } else {
                    None
                };
                let commit = ui.add_enabled(reason.is_none(), egui::Button::new(
                    RichText::new("Commit…").color(theme::tokens(ui.ctx()).on_accent),
                ).fill(theme::tokens(ui.ctx()).accent));
                let commit = match reason {
                    Some(r) => commit.on_disabled_hover_text(r),
                    None => commit.on_hover_text("Make this draft final: it gets an item number and can be ordered"),
                };
                if commit.clicked() {
                    self.error = None;
                    self.confirm_commit = true;
                }
                if ui
                    .button("Upload logo…")
                    .on_hover_text("Upload another file")
                    .clicked()
                {
                    self.show_upload = true;
                }
                if ui.button("Open in Logos").on_hover_text("The read-only view of this logo").clicked() {
                    shared.intend(Intent::OpenLogo(LogoRef::Id(logo.logo_id)));
                }
            });
        });
    }

    fn commit_modal_ui(&mut self, ui: &mut Ui, shared: &mut Shared<'_>) {
        if !self.confirm_commit {
            return;
        }
        let Some(open) = &self.open else { return };
        let (id, title) = (open.logo.logo_id, open.logo.title.clone());
        let t = theme::tokens(ui.ctx());
        let modal = egui::Modal::new(egui::Id::unique("editor-commit")).show(ui.ctx(), |ui| {
            ui.set_width(440.0);
            ui.label(RichText::new(format!("Commit \u{201c}{title}\u{201d}?")).font(theme::heading_font()).color(t.text_strong));
            ui.add_space(space::S);
            ui.add(egui::Label::new("Committing is irreversible. The logo becomes Done and gets an item number; from then on it can be ordered, and its method, colors and size can never change again.").wrap());
            ui.add_space(space::M);
            ui.horizontal(|ui| {
                if ui.add(egui::Button::new(RichText::new("Commit logo").color(t.on_accent)).fill(t.accent)).clicked() {
                    self.committing = true;
                    shared.request(Slot::EditorCommit, "Committing the logo", |request| {
                        Command::Editor(EditorCommand::Commit { request, logo: id })
                    });
                    self.confirm_commit = false;
                }
                if ui.button("Cancel").clicked() {
                    self.confirm_commit = false;
                }
            });
        });
        if modal.should_close() {
            self.confirm_commit = false;
        }
    }
}
