//! Where exported files go. A person chooses with a "Save as…" dialog (rfd, run here in the
//! backend, never on the UI thread) that opens on the last folder used, else Downloads (else
//! home), with a default file name; closing it saves nothing. A backend configured with a
//! fixed folder (tests, benchmarks) saves there under the default name without asking, and
//! [`SaveTo::Path`] names the file outright: the path a dialog would have answered. Only the
//! file name part of a default name is taken from what a person typed or the service sent.

use super::UserError;
use super::dialog::{DialogParent, FileDialog, OpenRequest, SaveRequest, SystemDialog};
use crate::sync::Lock as _;
use futures_util::future::BoxFuture;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

/// Where an export goes.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum SaveTo {
    /// Ask with a "Save as…" dialog (or, with a fixed folder configured, save there).
    #[default]
    Ask,
    /// Exactly this file, chosen beforehand.
    Path(PathBuf),
    /// The default name in the folder a dialog would open on, without asking (for when no
    /// dialog can be shown).
    DefaultFolder,
}

/// Where exports are written, and the folder of the newest "Save as…".
#[derive(Clone)]
pub struct Downloads {
    /// A fixed folder instead of asking (tests, benchmarks).
    fixed: Option<PathBuf>,
    /// The folder the newest dialog saved in: the next one opens there.
    last_folder: Arc<Mutex<Option<PathBuf>>>,
    dialog: Arc<dyn FileDialog>,
}

impl Downloads {
    /// Exports go to `fixed` without asking when given; else `dialog` (the system's, in front
    /// of `parent`, when `None`) asks where.
    pub fn new(
        fixed: Option<PathBuf>,
        dialog: Option<Arc<dyn FileDialog>>,
        parent: Option<DialogParent>,
    ) -> Downloads {
        Downloads {
            fixed,
            last_folder: Arc::default(),
            dialog: dialog.unwrap_or_else(|| Arc::new(SystemDialog { parent })),
        }
    }

    /// Asks for a file to open (a roster, a logo to upload) with the same dialog as "Save
    /// as…": the file chosen, or `None` when the person closed it (or none could be shown).
    pub fn pick_file(&self, request: OpenRequest) -> BoxFuture<'static, Option<PathBuf>> {
        self.dialog.open_file(request)
    }

    /// The folder a dialog opens on: the last one used, else Downloads, else home; or the
    /// sentence why there is none.
    pub fn dir(&self) -> Result<PathBuf, UserError> {
        if let Some(dir) = &self.fixed {
            return Ok(dir.clone());
        }
        if let Some(last) = self.last_folder() {
            return Ok(last);
        }
        directories::UserDirs::new()
            .and_then(|u| {
                u.download_dir()
                    .map(ToOwned::to_owned)
                    .or_else(|| Some(u.home_dir().to_owned()))
            })
            .ok_or_else(|| UserError::new(crate::tr!("backend-no-downloads-folder"), None))
    }

    /// The folder the newest "Save as…" went to, if any.
    pub fn last_folder(&self) -> Option<PathBuf> {
        self.last_folder.locked().clone()
    }

    /// Where to write the file: `to`'s path, the fixed folder with `default_name`'s file name
    /// part (`fallback` if it has none), or what the person chose in a "Save as…" dialog
    /// titled after `what`. `None`: the person closed the dialog (nothing is to be saved).
    pub async fn choose(
        &self,
        to: SaveTo,
        default_name: &str,
        fallback: &str,
        what: Export,
    ) -> Result<Option<PathBuf>, UserError> {
        let name = Path::new(default_name)
            .file_name()
            .map(ToOwned::to_owned)
            .unwrap_or_else(|| fallback.into());
        let path = match to {
            SaveTo::Path(path) => path,
            SaveTo::DefaultFolder => self.dir()?.join(name),
            SaveTo::Ask if self.fixed.is_some() => self.dir()?.join(name),
            SaveTo::Ask => {
                let extension = Path::new(&name)
                    .extension()
                    .and_then(|e| e.to_str())
                    .map(str::to_owned);
                let request = SaveRequest {
                    title: what.dialog_title(),
                    folder: self.dir().ok(),
                    file_name: name.to_string_lossy().into_owned(),
                    extension: extension.clone(),
                };
                let Some(mut path) = self.dialog.save_file(request).await else {
                    tracing::info!(?what, "not saved: no file was chosen");
                    return Ok(None);
                };
                if path.extension().is_none()
                    && let Some(ext) = extension
                {
                    path.set_extension(ext);
                }
                if let Some(parent) = path.parent() {
                    *self.last_folder.locked() = Some(parent.to_owned());
                }
                path
            }
        };
        Ok(Some(path))
    }

    /// Writes `bytes` to `path` and answers it; `what` names the file in the sentence if it
    /// fails.
    pub async fn write(
        &self,
        path: PathBuf,
        bytes: impl AsRef<[u8]>,
        what: Export,
    ) -> Result<PathBuf, UserError> {
        tokio::fs::write(&path, bytes)
            .await
            .map_err(|e| UserError::new(what.write_failed(&path), Some(e.to_string())))?;
        Ok(path)
    }

    /// [`choose`](Self::choose), then [`write`](Self::write): the path written, or `None`
    /// when the person closed the dialog.
    pub async fn save(
        &self,
        to: SaveTo,
        default_name: &str,
        fallback: &str,
        bytes: impl AsRef<[u8]>,
        what: Export,
    ) -> Result<Option<PathBuf>, UserError> {
        match self.choose(to, default_name, fallback, what).await? {
            Some(path) => self.write(path, bytes, what).await.map(Some),
            None => Ok(None),
        }
    }
}

/// What is being saved: it names the "Save as…" dialog and the sentence when writing fails.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Export {
    /// An order as CSV.
    Csv,
    /// A roster's proof sheet (PDF).
    ProofSheet,
    /// An order's confirmation (PDF).
    Confirmation,
}

impl Export {
    fn dialog_title(self) -> String {
        match self {
            Export::Csv => crate::tr!("backend-save-csv"),
            Export::ProofSheet => crate::tr!("backend-save-proof-sheet"),
            Export::Confirmation => crate::tr!("backend-save-confirmation"),
        }
    }

    fn write_failed(self, path: &Path) -> String {
        let path = path.display().to_string();
        match self {
            Export::Csv => crate::tr!("backend-write-csv-failed", path = path),
            Export::ProofSheet => crate::tr!("backend-write-proof-sheet-failed", path = path),
            Export::Confirmation => crate::tr!("backend-write-confirmation-failed", path = path),
        }
    }
}

/// A piece of a file name made of what a person typed or the service sent: letters, digits,
/// `-` and `_` kept (any alphabet), everything else a `-`, runs of `-` folded, at most 60
/// characters; `fallback` when nothing is left.
pub fn file_name_part(text: &str, fallback: &str) -> String {
    let mut out = String::new();
    for c in text.trim().chars() {
        let c = if c.is_alphanumeric() || c == '_' {
            c
        } else {
            '-'
        };
        if c == '-' && (out.is_empty() || out.ends_with('-')) {
            continue;
        }
        out.push(c);
        if out.chars().count() >= 60 {
            break;
        }
    }
    let out = out.trim_end_matches('-').to_owned();
    if out.is_empty() {
        fallback.to_owned()
    } else {
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn file_names_keep_letters_and_digits_only() {
        assert_eq!(
            file_name_part("PO-2026/114 U15 kits", "x"),
            "PO-2026-114-U15-kits"
        );
        assert_eq!(file_name_part("../../etc", "x"), "etc");
        assert_eq!(file_name_part("Sønderå IF", "x"), "Sønderå-IF");
        assert_eq!(file_name_part("  ", "draft"), "draft");
    }

    #[tokio::test]
    async fn only_the_file_name_is_taken() {
        let dir = tempfile::tempdir().unwrap();
        let downloads = Downloads::new(Some(dir.path().to_owned()), None, None);
        let path = downloads
            .save(
                SaveTo::Ask,
                "../elsewhere/order.csv",
                "order.csv",
                "a,b\n",
                Export::Csv,
            )
            .await
            .unwrap()
            .unwrap();
        assert_eq!(path, dir.path().join("order.csv"));
        assert_eq!(std::fs::read_to_string(path).unwrap(), "a,b\n");
        let path = downloads
            .save(SaveTo::Ask, "..", "order.csv", "x", Export::Csv)
            .await
            .unwrap();
        assert_eq!(path, Some(dir.path().join("order.csv")));
        let path = downloads
            .save(
                SaveTo::DefaultFolder,
                "a/b.pdf",
                "x.pdf",
                "y",
                Export::Confirmation,
            )
            .await
            .unwrap();
        assert_eq!(path, Some(dir.path().join("b.pdf")));
    }

    #[tokio::test]
    async fn a_chosen_path_is_written_as_it_is() {
        let dir = tempfile::tempdir().unwrap();
        let fixed = tempfile::tempdir().unwrap();
        let downloads = Downloads::new(Some(fixed.path().to_owned()), None, None);
        let chosen = dir.path().join("my name.pdf");
        let path = downloads
            .save(
                SaveTo::Path(chosen.clone()),
                "order.pdf",
                "order.pdf",
                "%PDF",
                Export::Confirmation,
            )
            .await
            .unwrap();
        assert_eq!(path, Some(chosen.clone()));
        assert_eq!(std::fs::read_to_string(&chosen).unwrap(), "%PDF");
        assert_eq!(std::fs::read_dir(fixed.path()).unwrap().count(), 0);
    }

    #[tokio::test]
    async fn an_unwritable_place_is_a_sentence() {
        let dir = tempfile::tempdir().unwrap();
        let downloads = Downloads::new(None, None, None);
        let missing = dir.path().join("no such folder").join("order.csv");
        let error = downloads
            .save(
                SaveTo::Path(missing),
                "order.csv",
                "order.csv",
                "x",
                Export::Csv,
            )
            .await
            .unwrap_err();
        assert!(
            error
                .message
                .starts_with("The CSV file could not be written to "),
            "{}",
            error.message
        );
    }
}
