//! The editor screen's layout: the upload form when no draft is open, otherwise the header,
//! the picture beside the panels, and the commit confirmation.

use super::model::Rules;
use super::{ClubApproval, EditorScreen};
use crate::api::LogoStatus;
use crate::backend::editor::{EditorCommand, StagedChanges};
use crate::backend::{Command, Event, LogoRef, UserError};
use crate::tr;
use crate::ui::theme::{self, panel, space};
use crate::ui::undo::Undoable;
use crate::ui::widgets::UiExt as _;
use crate::ui::{Action, Intent, Reply, ScreenView, Shared, Slot, Toast};
use egui::{Align, Layout, RichText, Ui, Vec2};

impl ScreenView for EditorScreen {
    /// The screen.
    fn ui(&mut self, ui: &mut Ui, shared: &mut Shared<'_>) {
        self.track_undo(ui.ctx());
        if self.open.is_some() {
            self.request_preview(shared);
            self.ask_club_state(shared);
        }
        if self.show_upload || (self.open.is_none() && !self.opening) {
            ui.horizontal(|ui| {
                ui.screen_title(
                    &tr!("editor-screen-title"),
                    Some(&tr!("editor-screen-subtitle")),
                );
                if self.open.is_some() {
                    ui.with_layout(Layout::right_to_left(Align::Center), |ui| {
                        if ui.button(tr!("editor-back-to-draft")).clicked() {
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
            ui.muted(&tr!("editor-how-to-edit"));
            return;
        }
        let Some(open) = &self.open else {
            ui.vertical_centered(|ui| {
                ui.add_space(space::LOADING_TOP);
                ui.spinner();
                ui.muted(&tr!("editor-opening"));
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
                    .show(ui, |ui| {
                        self.controls_ui(ui, &rules, shared.language());
                        self.club_ui(ui, shared);
                    });
            });
        });
        self.commit_modal_ui(ui, shared);
    }

    fn on_event(&mut self, reply: Reply, event: Event, shared: &mut Shared<'_>) -> Option<Event> {
        let Event::Editor(event) = event else {
            return Some(event);
        };
        let ctx = shared.ctx;
        self.on_editor_event(ctx, reply, event, shared);
        None
    }

    /// The open and the commit say so in place, the upload form in the form.
    fn on_failed(&mut self, reply: Reply, error: &UserError, _: &mut Shared<'_>) -> Toast {
        let Some(slot) = reply.slot else {
            return Toast::Show;
        };
        self.failed(slot, error);
        // "Apply" stops at the refused step: a toast says why; the rest say it in place.
        if slot == Slot::EditorApply {
            Toast::Show
        } else {
            Toast::Skip
        }
    }

    /// Forgets everything.
    fn activated(&mut self, _: &mut Shared<'_>) {
        self.clear();
    }

    fn undo_state(&self) -> (bool, bool) {
        (self.can_undo(), self.can_redo())
    }

    fn undo_or_redo(&mut self, action: Action) {
        Undoable::undo_or_redo(self, action);
    }

    /// A file dropped anywhere on the window (that the screen in front did not take) is the
    /// upload's.
    fn on_dropped_files(
        &mut self,
        files: &[egui::DroppedFileHandle],
        _front: bool,
        shared: &mut Shared<'_>,
    ) -> bool {
        let Some(file) = files.first() else {
            return false;
        };
        self.show_upload = true;
        self.upload.set_path(shared, file.path().to_path_buf());
        true
    }

    fn ready_for_screenshot(&mut self, shown: bool, _: &Shared<'_>) -> bool {
        self.is_loaded() && shown
    }
}

impl EditorScreen {
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
                ui.muted(&tr!(
                    "editor-subtitle",
                    method = logo.transfer_method_key.as_str(),
                    width = shared.language().measure(logo.width_in_mm),
                    height = shared.language().measure(logo.height_in_mm)
                ));
            });
            ui.with_layout(Layout::right_to_left(Align::Center), |ui| {
                let reason = if logo.status != LogoStatus::Draft {
                    Some(tr!("editor-commit-already"))
                } else if busy {
                    Some(tr!("editor-commit-wait"))
                } else if !nothing_staged {
                    Some(tr!("editor-commit-staged-first"))
                } else {
                    None
                };
                let commit = ui.add_enabled(
                    reason.is_none(),
                    egui::Button::new(
                        RichText::new(tr!("editor-commit"))
                            .color(theme::tokens(ui.ctx()).on_accent),
                    )
                    .fill(theme::tokens(ui.ctx()).accent),
                );
                let commit = match reason {
                    Some(r) => commit.on_disabled_hover_text(r),
                    None => commit.on_hover_text(tr!("editor-commit-hover")),
                };
                if commit.clicked() {
                    self.error = None;
                    self.confirm_commit = true;
                }
                if ui
                    .button(tr!("editor-upload-another"))
                    .on_hover_text(tr!("editor-upload-another-hover"))
                    .clicked()
                {
                    self.show_upload = true;
                }
                if ui
                    .button(tr!("editor-open-in-logos"))
                    .on_hover_text(tr!("editor-open-in-logos-hover"))
                    .clicked()
                {
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
        let approval = self.club_approval();
        let t = theme::tokens(ui.ctx());
        let modal = egui::Modal::new(egui::Id::unique("editor-commit")).show(ui.ctx(), |ui| {
            ui.set_width(panel::MODAL);
            ui.label(
                RichText::new(tr!("editor-commit-question", title = title.as_str()))
                    .font(theme::heading_font())
                    .color(t.text_strong),
            );
            ui.add_space(space::S);
            ui.add(egui::Label::new(tr!("editor-commit-irreversible")).wrap());
            // The club's approval, where this desk can ask for one: asked about first.
            let confirm = match &approval {
                ClubApproval::NotOffered => tr!("editor-commit-confirm"),
                ClubApproval::Holds { who, when } => {
                    ui.add_space(space::S);
                    ui.label(
                        RichText::new(tr!(
                            "editor-commit-club-approved",
                            who = who.as_str(),
                            when = when.as_str()
                        ))
                        .color(t.success),
                    );
                    tr!("editor-commit-confirm")
                }
                ClubApproval::Missing { why } => {
                    ui.add_space(space::S);
                    ui.add(egui::Label::new(RichText::new(why).color(t.warning)).wrap());
                    tr!("editor-commit-club-anyway")
                }
            };
            let club_approved = matches!(approval, ClubApproval::Holds { .. });
            // Committing without the club's approval is offered, not suggested: a plain button.
            let button = if matches!(approval, ClubApproval::Missing { .. }) {
                egui::Button::new(confirm)
            } else {
                egui::Button::new(RichText::new(confirm).color(t.on_accent)).fill(t.accent)
            };
            ui.add_space(space::M);
            ui.horizontal(|ui| {
                if ui.add(button).clicked() {
                    self.committing = true;
                    shared.request(Slot::EditorCommit, &tr!("editor-task-commit"), |request| {
                        Command::Editor(EditorCommand::Commit {
                            request,
                            logo: id,
                            club_approved,
                        })
                    });
                    self.confirm_commit = false;
                }
                if ui.button(tr!("editor-cancel")).clicked() {
                    self.confirm_commit = false;
                }
            });
        });
        if modal.should_close() {
            self.confirm_commit = false;
        }
    }
}
