//! Where exported files go: the Downloads folder, else the home folder (or a folder the
//! backend was configured with, e.g. a test's temporary one). Only a file name is taken from
//! what a person typed or the service sent; it never chooses the folder.

use super::UserError;
use std::path::{Path, PathBuf};

/// The folder exports are written to.
#[derive(Debug, Clone, Default)]
pub struct Downloads {
    /// A fixed folder instead of the person's Downloads (tests, benchmarks).
    fixed: Option<PathBuf>,
}

impl Downloads {
    /// Exports go to `fixed` when given, else to the Downloads (or home) folder.
    pub fn new(fixed: Option<PathBuf>) -> Downloads {
        Downloads { fixed }
    }

    /// The folder, or the sentence why there is none.
    pub fn dir(&self) -> Result<PathBuf, UserError> {
        if let Some(dir) = &self.fixed {
            return Ok(dir.clone());
        }
        directories::UserDirs::new()
            .and_then(|u| {
                u.download_dir()
                    .map(ToOwned::to_owned)
                    .or_else(|| Some(u.home_dir().to_owned()))
            })
            .ok_or_else(|| {
                UserError::new(
                    "There is no Downloads or home folder to save the file in.",
                    None,
                )
            })
    }

    /// Writes `bytes` as `file_name` (its file name part only; `fallback` if it has none)
    /// and answers the path; `what` names the file in the sentence if it fails.
    pub async fn save(
        &self,
        file_name: &str,
        fallback: &str,
        bytes: impl AsRef<[u8]>,
        what: &str,
    ) -> Result<PathBuf, UserError> {
        let name = Path::new(file_name)
            .file_name()
            .map(ToOwned::to_owned)
            .unwrap_or_else(|| fallback.into());
        let path = self.dir()?.join(name);
        tokio::fs::write(&path, bytes).await.map_err(|e| {
            UserError::new(
                format!(
                    "The {what} could not be written to {}. Check that the folder is writable.",
                    path.display()
                ),
                Some(e.to_string()),
            )
        })?;
        Ok(path)
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
        let downloads = Downloads::new(Some(dir.path().to_owned()));
        let path = downloads
            .save("../elsewhere/order.csv", "order.csv", "a,b\n", "CSV")
            .await
            .unwrap();
        assert_eq!(path, dir.path().join("order.csv"));
        assert_eq!(std::fs::read_to_string(path).unwrap(), "a,b\n");
    }
}
