//! The backend's file dialogs: one seam ([`FileDialog`]) for "Open" and "Save as…", the
//! system's dialog through rfd in front of the app's window ([`SystemDialog`] carrying the
//! [`DialogParent`]), run in backend tasks, never on the UI thread. Tests put a dialog of their
//! own in its place and choose the file for the person.

use futures_util::FutureExt as _;
use futures_util::future::BoxFuture;
use raw_window_handle::{
    DisplayHandle, HandleError, HasDisplayHandle, HasWindowHandle, RawDisplayHandle,
    RawWindowHandle, WindowHandle,
};
use std::path::PathBuf;

/// What a "Save as…" dialog shows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SaveRequest {
    pub title: String,
    /// The folder it opens on.
    pub folder: Option<PathBuf>,
    /// The name it proposes.
    pub file_name: String,
    /// The kind of file, offered as the dialog's filter (`csv`, `pdf`).
    pub extension: Option<String>,
}

/// What an "Open" dialog shows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OpenRequest {
    pub title: String,
    /// The name of the kinds of file it offers (its filter).
    pub filter: String,
    /// The file name extensions it offers (`csv`, `png`…).
    pub extensions: &'static [&'static str],
}

/// The backend's one seam for file dialogs: "Open" (a roster, a logo to upload) and "Save
/// as…" (exports). Each answers the file the person chose, or `None` when they closed the
/// dialog (or none could be shown). The app uses the system's ([`SystemDialog`]); tests give
/// one that answers for the person (`BackendConfig::file_dialog`).
pub trait FileDialog: Send + Sync + 'static {
    fn save_file(&self, request: SaveRequest) -> BoxFuture<'static, Option<PathBuf>>;
    fn open_file(&self, request: OpenRequest) -> BoxFuture<'static, Option<PathBuf>>;
}

/// The window the backend's file dialogs belong to (their parent), so that they open in
/// front of it and block it as the system's dialogs do. The window's raw handles, captured
/// once when the app is created ([`DialogParent::of`]) and handed to the backend.
///
/// Safety: a raw handle says nothing of the window's lifetime, so the window must outlive
/// every use. rfd reads the handles only when a dialog is created, in a backend task; the
/// backend is owned by the app, and eframe drops the app (whose `Backend` shuts its runtime
/// down, ending those tasks) before it destroys the window. What rfd reads is an id, not a
/// pointer, where logodesk builds rfd: an `HWND` on Windows and an X11 window id on Linux
/// (rfd's Wayland support, which would use pointers, is not built); on macOS rfd retains the
/// window it finds from the view while the dialog is open.
#[derive(Debug, Clone, Copy)]
pub struct DialogParent {
    window: RawWindowHandle,
    display: RawDisplayHandle,
}

// SAFETY: the handles are only read (by rfd, when a dialog is created) while the window exists
// (see above); on Windows and X11 they are ids that any thread may use.
unsafe impl Send for DialogParent {}
// SAFETY: as for `Send`: nothing is mutated through a shared `DialogParent`.
unsafe impl Sync for DialogParent {}

impl DialogParent {
    /// The handles of `window` (eframe's `CreationContext`), when it has them.
    pub fn of(window: &(impl HasWindowHandle + HasDisplayHandle)) -> Option<DialogParent> {
        Some(DialogParent {
            window: window.window_handle().ok()?.as_raw(),
            display: window.display_handle().ok()?.as_raw(),
        })
    }
}

impl HasWindowHandle for DialogParent {
    fn window_handle(&self) -> Result<WindowHandle<'_>, HandleError> {
        // SAFETY: the window outlives every dialog that reads this (see the type's docs).
        Ok(unsafe { WindowHandle::borrow_raw(self.window) })
    }
}

impl HasDisplayHandle for DialogParent {
    fn display_handle(&self) -> Result<DisplayHandle<'_>, HandleError> {
        // SAFETY: as for the window handle.
        Ok(unsafe { DisplayHandle::borrow_raw(self.display) })
    }
}

/// An rfd file dialog that belongs to `parent` when there is one (none without a window).
fn file_dialog(parent: Option<&DialogParent>) -> rfd::AsyncFileDialog {
    let dialog = rfd::AsyncFileDialog::new();
    match parent {
        Some(parent) => dialog.set_parent(parent),
        None => dialog,
    }
}

/// The system's dialog through rfd (the desktop portal, else zenity; `None` at once when
/// there is neither), in front of `parent`.
#[derive(Default)]
pub struct SystemDialog {
    pub parent: Option<DialogParent>,
}

impl FileDialog for SystemDialog {
    fn save_file(&self, request: SaveRequest) -> BoxFuture<'static, Option<PathBuf>> {
        let mut dialog = file_dialog(self.parent.as_ref())
            .set_title(request.title)
            .set_file_name(request.file_name);
        if let Some(folder) = request.folder {
            dialog = dialog.set_directory(folder);
        }
        if let Some(ext) = &request.extension {
            dialog = dialog.add_filter(ext.to_uppercase(), &[ext.as_str()]);
        }
        dialog
            .save_file()
            .map(|picked| picked.map(|f| f.path().to_path_buf()))
            .boxed()
    }

    fn open_file(&self, request: OpenRequest) -> BoxFuture<'static, Option<PathBuf>> {
        file_dialog(self.parent.as_ref())
            .set_title(request.title)
            .add_filter(request.filter, request.extensions)
            .pick_file()
            .map(|picked| picked.map(|f| f.path().to_path_buf()))
            .boxed()
    }
}
