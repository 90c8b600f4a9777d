//! Uploading a logo: a file from the native dialog, dropped onto the window or typed as a
//! path; checked locally (it decodes, its size and dimensions are within the service's
//! limits) and previewed before it is sent; the new draft then opens in the editor.

use super::theme::{self, field, space};
use super::widgets::{UiExt as _, paint_checkerboard};
use super::{Shared, Slot};
use crate::api::OrganizationId;
use crate::backend::editor::{CheckedFile, EditorCommand, EditorEvent};
use crate::backend::{Command, UserError};
use crate::tr;
use egui::{RichText, TextureHandle, Ui, Vec2};
use rust_decimal::Decimal;
use std::path::PathBuf;

/// The upload form's state.
#[derive(Default)]
pub struct UploadForm {
    path: String,
    title: String,
    /// The title is still the file name (follows the file until edited).
    title_is_file_name: bool,
    organization: String,
    /// The file dialog is open.
    pick: bool,
    /// The file is being checked.
    check: bool,
    checked: Option<(CheckedFile, TextureHandle)>,
    error: Option<UserError>,
    note: Option<String>,
    /// The upload is on its way.
    upload: bool,
}

/// A labelled single-line text field.
pub(super) fn text_field(
    ui: &mut Ui,
    label: &str,
    text: &mut String,
    hint: &str,
    width: f32,
) -> egui::Response {
    let label = ui.muted(label);
    ui.add(
        egui::TextEdit::singleline(text)
            .hint_text(hint)
            .desired_width(width),
    )
    .labelled_by(label.id)
}

impl UploadForm {
    /// Whether an upload is on its way.
    pub fn is_uploading(&self) -> bool {
        self.upload
    }

    /// The file checked and ready to send, if any.
    pub fn checked(&self) -> Option<&CheckedFile> {
        self.checked.as_ref().map(|(c, _)| c)
    }

    /// The last problem with the file or the upload.
    pub fn error(&self) -> Option<&UserError> {
        self.error.as_ref()
    }

    /// Takes a file (dropped, picked or typed) and checks it.
    pub fn set_path(&mut self, shared: &mut Shared<'_>, path: PathBuf) {
        self.path = path.display().to_string();
        self.check_path(shared);
    }

    fn check_path(&mut self, shared: &mut Shared<'_>) {
        let path = PathBuf::from(self.path.trim());
        self.checked = None;
        self.error = None;
        self.note = None;
        self.check = true;
        shared.request(Slot::UploadCheck, &tr!("upload-task-check"), |request| {
            Command::Editor(EditorCommand::CheckFile { request, path })
        });
    }

    /// Takes the backend's answers to this form's requests (`slot`); answers whether it did.
    /// An upload's success (`Opened` with `uploaded`) is taken by the editor, which calls
    /// [`UploadForm::finished`].
    pub fn on_event(
        &mut self,
        ctx: &egui::Context,
        slot: Option<Slot>,
        event: &EditorEvent,
    ) -> bool {
        match (slot, event) {
            (Some(Slot::UploadPick), EditorEvent::FilePicked(path)) => {
                self.pick = false;
                match path {
                    Some(p) => self.path = p.display().to_string(),
                    None => {
                        self.note = Some(tr!("upload-no-file-chosen"));
                    }
                }
                true
            }
            (Some(Slot::UploadCheck), EditorEvent::FileChecked(file)) => {
                self.check = false;
                let texture = ctx.load_texture(
                    "upload-preview",
                    file.preview.clone(),
                    egui::TextureOptions::LINEAR,
                );
                if self.title.trim().is_empty() || self.title_is_file_name {
                    self.title = file_stem(&file.file_name);
                    self.title_is_file_name = true;
                }
                self.checked = Some(((**file).clone(), texture));
                true
            }
            _ => false,
        }
    }

    /// Takes a failure of this form's request of `slot`; answers whether it was one.
    pub fn on_failed(&mut self, slot: Slot, error: &UserError) -> bool {
        match slot {
            Slot::UploadPick => self.pick = false,
            Slot::UploadCheck => self.check = false,
            Slot::Upload => self.upload = false,
            _ => return false,
        }
        self.error = Some(error.clone());
        true
    }

    /// The upload landed in the editor: start afresh.
    pub fn finished(&mut self) {
        *self = UploadForm::default();
    }

    /// The form.
    pub fn ui(&mut self, ui: &mut Ui, shared: &mut Shared<'_>) {
        let t = theme::tokens(ui.ctx());
        ui.surface(|ui| {
            ui.set_width(ui.available_width());
            ui.section_heading(&tr!("upload-heading"));
            ui.muted(&tr!("upload-limits"));
            ui.add_space(space::M);
            ui.horizontal(|ui| {
                let picking = self.pick;
                if ui
                    .add_enabled(!picking, egui::Button::new(tr!("upload-pick")))
                    .on_hover_text(tr!("upload-pick-hover"))
                    .clicked()
                {
                    self.note = None;
                    self.pick = true;
                    shared.request(Slot::UploadPick, &tr!("upload-task-pick"), |request| {
                        Command::Editor(EditorCommand::PickFile { request })
                    });
                }
                if picking {
                    ui.spinner();
                    ui.muted(&tr!("upload-picking"));
                }
            });
            ui.add_space(space::S);
            ui.horizontal(|ui| {
                let field = text_field(
                    ui,
                    &tr!("upload-path"),
                    &mut self.path,
                    &tr!("upload-path-hint"),
                    field::PATH,
                );
                let enter = field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
                let ready = !self.path.trim().is_empty() && !self.check;
                if (ui
                    .add_enabled(ready, egui::Button::new(tr!("upload-check")))
                    .clicked()
                    || enter)
                    && ready
                {
                    self.check_path(shared);
                }
                if self.check {
                    ui.spinner();
                }
            });
            if let Some(note) = &self.note {
                ui.add_space(space::XS);
                ui.label(RichText::new(note).color(t.warning));
            }
            if let Some(error) = &self.error {
                ui.add_space(space::S);
                ui.error_box(error, "upload");
            }
            if let Some((file, texture)) = self.checked.clone() {
                ui.add_space(space::M);
                ui.horizontal_top(|ui| {
                    let side = 180.0;
                    let (rect, _) = ui.allocate_exact_size(Vec2::splat(side), egui::Sense::hover());
                    paint_checkerboard(ui.painter(), rect, 10.0);
                    let size = texture.size_vec2();
                    let scale = (side / size.x).min(side / size.y);
                    let img = egui::Rect::from_center_size(rect.center(), size * scale);
                    ui.painter().image(
                        texture.id(),
                        img,
                        egui::Rect::from_min_max(egui::pos2(0.0, 0.0), egui::pos2(1.0, 1.0)),
                        egui::Color32::WHITE,
                    );
                    ui.add_space(space::L);
                    ui.vertical(|ui| {
                        ui.label(
                            RichText::new(tr!("upload-ready", file = file.file_name.as_str()))
                                .color(t.success),
                        );
                        ui.muted(&tr!(
                            "upload-file-facts",
                            format = file.format,
                            width = file.width.to_string(),
                            height = file.height.to_string(),
                            kib = shared
                                .language()
                                .number(Decimal::from(file.bytes) / Decimal::from(1024), 1),
                            width_mm = shared.language().measure(file.size_mm.0),
                            height_mm = shared.language().measure(file.size_mm.1),
                        ));
                        ui.add_space(space::S);
                        if text_field(
                            ui,
                            &tr!("upload-title"),
                            &mut self.title,
                            &tr!("upload-title-hint"),
                            field::XL,
                        )
                        .changed()
                        {
                            self.title_is_file_name = false;
                        }
                        ui.add_space(space::XS);
                        let own = shared
                            .session
                            .organization_label()
                            .unwrap_or_else(|| tr!("upload-own-organization"));
                        text_field(
                            ui,
                            &tr!("upload-organization"),
                            &mut self.organization,
                            &own,
                            field::S,
                        )
                        .on_hover_text(tr!("upload-organization-hover"));
                        ui.add_space(space::S);
                        self.send_ui(ui, shared);
                    });
                });
            }
        });
    }

    fn send_ui(&mut self, ui: &mut Ui, shared: &mut Shared<'_>) {
        let organization = match self.organization.trim() {
            "" => Ok(shared
                .session
                .active
                .as_ref()
                .and_then(|a| a.record.organization_id)),
            text => text
                .parse::<i64>()
                .map(|n| Some(OrganizationId(n)))
                .map_err(|_| tr!("upload-organization-not-number")),
        };
        let title_ok = !self.title.trim().is_empty();
        let reason = match (&organization, title_ok) {
            (Err(e), _) => Some(e.clone()),
            (_, false) => Some(tr!("upload-needs-title")),
            _ if self.upload => Some(tr!("upload-uploading")),
            _ => None,
        };
        ui.horizontal(|ui| {
            let button = ui.add_enabled(reason.is_none(), egui::Button::new(tr!("upload-send")));
            let button = match reason {
                Some(r) => button.on_disabled_hover_text(r),
                None => button.on_hover_text(tr!("upload-send-hover")),
            };
            if button.clicked()
                && let (Ok(organization), Some((file, _))) = (organization, &self.checked)
            {
                let (path, title) = (file.path.clone(), self.title.trim().to_owned());
                self.error = None;
                self.upload = true;
                shared.request(Slot::Upload, &tr!("upload-task-upload"), |request| {
                    Command::Editor(EditorCommand::Upload {
                        request,
                        path,
                        title,
                        organization,
                    })
                });
            }
            if self.upload {
                ui.spinner();
                ui.muted(&tr!("upload-uploading-wait"));
            }
        });
    }
}

/// The file name without its extension, as a default title.
fn file_stem(file_name: &str) -> String {
    std::path::Path::new(file_name)
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default()
}
