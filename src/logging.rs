//! Where logodesk's log goes, and the crash note.
//!
//! Everything that opens a data folder logs to stderr and to `<data folder>/logs/`: one file a
//! day (`logodesk.YYYY-MM-DD.log`, written by `tracing-appender` on its own thread, so no UI
//! thread ever waits on the disk), the newest [`KEEP_LOG_FILES`] kept. `RUST_LOG` filters both
//! (default: warnings, and logodesk's own information). Stderr is coloured only when it is a
//! terminal and `NO_COLOR` is not set (<https://no-color.org>: set and not empty); the file
//! never is ([`colour_stderr`]).
//!
//! A panic anywhere writes a short crash note beside the logs (`crash-<UTC time>.txt`: time,
//! version, thread, location, message, nothing of the app's state) and prints a sentence that
//! points at it; the window's next start shows that sentence once more (see
//! [`unseen_crash_note`]). The newest [`KEEP_CRASH_NOTES`] notes are kept.
//!
//! Neither holds an API key: keys only travel as [`crate::api::ApiKey`], whose `Debug` is
//! redacted, and the client redacts server text that echoes them (`tests/processes/instance.rs` greps
//! both files after a flow with a known key).

use std::io::Write as _;
use std::path::{Path, PathBuf};
use tracing_subscriber::EnvFilter;
use tracing_subscriber::layer::SubscriberExt as _;
use tracing_subscriber::util::SubscriberInitExt as _;

/// The folder inside the data folder that holds the logs and crash notes.
pub const LOGS_DIR: &str = "logs";
/// Daily log files kept (older ones are deleted when a new day starts).
pub const KEEP_LOG_FILES: usize = 14;
/// Crash notes kept.
pub const KEEP_CRASH_NOTES: usize = 20;
/// The longest panic message written into a crash note, in bytes.
const MAX_MESSAGE: usize = 2000;
/// Remembers the newest crash note already pointed at on start.
const SEEN_MARKER: &str = "crash-note-shown";

/// Whether what is logged to stderr gets ANSI colour codes: only when stderr is a terminal
/// (`logodesk 2> file` and a pipe get plain text) and `NO_COLOR` is unset or empty, as
/// <https://no-color.org> says. On Windows a console gets them (`tracing-subscriber`
/// writes them, Windows 10's console shows them).
fn colour_stderr(stderr_is_terminal: bool, no_color: Option<&std::ffi::OsStr>) -> bool {
    stderr_is_terminal && no_color.is_none_or(std::ffi::OsStr::is_empty)
}

/// [`colour_stderr`] for this process.
fn colour_this_stderr() -> bool {
    use std::io::IsTerminal as _;
    colour_stderr(
        std::io::stderr().is_terminal(),
        std::env::var_os("NO_COLOR").as_deref(),
    )
}

fn filter() -> EnvFilter {
    EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("warn,logodesk=info"))
}

/// `tracing` output on stderr only (`logodesk sandbox`, which has no data folder of its own).
pub fn init_stderr() {
    tracing_subscriber::fmt()
        .with_env_filter(filter())
        .with_ansi(colour_this_stderr())
        .with_writer(std::io::stderr)
        .try_init()
        .ok();
}

/// Keeps the log file's writer thread; dropping it writes out what is buffered.
pub struct Logging {
    _guard: Option<tracing_appender::non_blocking::WorkerGuard>,
    logs: PathBuf,
}

impl Logging {
    /// The folder of the log files and crash notes.
    pub fn dir(&self) -> &Path {
        &self.logs
    }
}

/// Logs to stderr and into `<data_dir>/logs/`, and installs the panic hook that writes crash
/// notes there. When the folder cannot be written, logging goes to stderr only (with a
/// warning saying so) and nothing else changes.
pub fn init_in(data_dir: &Path) -> Logging {
    init_at(data_dir.join(LOGS_DIR))
}

/// As [`init_in`], with the logs and crash notes in `logs` (macOS keeps an app's logs in
/// `~/Library/Logs/<its id>`, see `cli`).
pub fn init_at(logs: PathBuf) -> Logging {
    let appender = std::fs::create_dir_all(&logs).and_then(|()| {
        tracing_appender::rolling::RollingFileAppender::builder()
            .rotation(tracing_appender::rolling::Rotation::DAILY)
            .filename_prefix("logodesk")
            .filename_suffix("log")
            .max_log_files(KEEP_LOG_FILES)
            .build(&logs)
            .map_err(std::io::Error::other)
    });
    let stderr = tracing_subscriber::fmt::layer()
        .with_ansi(colour_this_stderr())
        .with_writer(std::io::stderr);
    let (file, guard, problem) = match appender {
        Ok(appender) => {
            let (writer, guard) = tracing_appender::non_blocking(appender);
            let layer = tracing_subscriber::fmt::layer()
                .with_ansi(false)
                .with_writer(writer);
            (Some(layer), Some(guard), None)
        }
        Err(e) => (None, None, Some(e)),
    };
    tracing_subscriber::registry()
        .with(filter())
        .with(stderr)
        .with(file)
        .try_init()
        .ok();
    if let Some(e) = problem {
        tracing::warn!(
            "logodesk cannot write its log into {} ({e}); it logs to the terminal only",
            logs.display()
        );
    }
    prune_crash_notes(&logs);
    install_panic_hook(logs.clone());
    tracing::info!(version = crate::VERSION, "logodesk starts");
    Logging {
        _guard: guard,
        logs,
    }
}

/// What a crash note says.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CrashNote {
    /// UTC, RFC 3339.
    pub time: String,
    pub version: String,
    pub thread: String,
    /// `file:line:column`, or "unknown".
    pub location: String,
    pub message: String,
}

impl CrashNote {
    /// The note for a panic happening now on this thread.
    pub fn from_panic(info: &std::panic::PanicHookInfo<'_>) -> CrashNote {
        let thread = std::thread::current();
        let message = info.payload_as_str().unwrap_or("(no message)");
        CrashNote {
            time: chrono::Utc::now().to_rfc3339_opts(chrono::SecondsFormat::Millis, true),
            version: crate::VERSION.to_owned(),
            thread: thread.name().map_or_else(
                || format!("{:?}", thread.id()),
                std::borrow::ToOwned::to_owned,
            ),
            location: info
                .location()
                .map_or_else(|| "unknown".to_owned(), ToString::to_string),
            message: shorten(message, MAX_MESSAGE),
        }
    }

    /// The note's text.
    pub fn text(&self, logs: &Path) -> String {
        format!(
            "logodesk crash note\n\
             time: {}\n\
             version: {}\n\
             thread: {}\n\
             location: {}\n\
             message: {}\n\
             \n\
             The log of the same run is in {} (logodesk.<date>.log).\n",
            self.time,
            self.version,
            self.thread,
            self.location,
            self.message,
            logs.display()
        )
    }

    /// Appends the note to `crash-<time>.txt` in `logs` (two panics in the same second share
    /// a file) and answers its path.
    pub fn write(&self, logs: &Path) -> std::io::Result<PathBuf> {
        std::fs::create_dir_all(logs)?;
        let stamp: String = self
            .time
            .chars()
            .take(19)
            .map(|c| if c == ':' { '-' } else { c })
            .collect();
        let path = logs.join(format!("crash-{stamp}Z.txt"));
        let mut file = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(&path)?;
        file.write_all(self.text(logs).as_bytes())?;
        file.sync_all()?;
        Ok(path)
    }
}

/// The sentence pointing a person at a crash note.
pub fn crash_sentence(note: &Path) -> String {
    crate::tr!("crash-note-written", note = note.display().to_string())
}

fn shorten(s: &str, max: usize) -> String {
    if s.len() <= max {
        return s.to_owned();
    }
    let mut end = max;
    while !s.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}…", &s[..end])
}

/// Writes a crash note on every panic (after Rust's usual message on stderr) and prints the
/// sentence pointing at it.
fn install_panic_hook(logs: PathBuf) {
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        previous(info);
        let note = CrashNote::from_panic(info);
        match note.write(&logs) {
            Ok(path) => eprintln!("{}", crash_sentence(&path)),
            Err(e) => eprintln!(
                "{}",
                crate::tr!(
                    "crash-note-unwritten",
                    folder = logs.display().to_string(),
                    reason = e.to_string()
                )
            ),
        }
    }));
}

/// Crash notes in `logs`, oldest first (their names sort by time).
fn crash_notes(logs: &Path) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(logs) else {
        return Vec::new();
    };
    let mut notes: Vec<PathBuf> = entries
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| {
            p.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| n.starts_with("crash-") && n.ends_with(".txt"))
        })
        .collect();
    notes.sort();
    notes
}

fn prune_crash_notes(logs: &Path) {
    let notes = crash_notes(logs);
    let extra = notes.len().saturating_sub(KEEP_CRASH_NOTES);
    for old in &notes[..extra] {
        std::fs::remove_file(old).ok();
    }
}

/// The newest crash note not pointed at on a start before, if any; remembers it as shown.
pub fn unseen_crash_note(logs: &Path) -> Option<PathBuf> {
    let newest = crash_notes(logs).pop()?;
    let name = newest.file_name()?.to_string_lossy().into_owned();
    let marker = logs.join(SEEN_MARKER);
    let seen = std::fs::read_to_string(&marker).unwrap_or_default();
    if seen.trim() >= name.as_str() {
        return None;
    }
    if let Err(e) = std::fs::write(&marker, &name) {
        tracing::warn!("cannot remember that the crash note {name} was shown: {e}");
    }
    Some(newest)
}

/// The sentence the window shows on start about an earlier crash, if there was one since the
/// last time it said so.
pub fn crash_notice(logs: &Path) -> Option<String> {
    unseen_crash_note(logs)
        .map(|note| crate::tr!("crash-notice-earlier", note = note.display().to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn note(time: &str, message: &str) -> CrashNote {
        CrashNote {
            time: time.into(),
            version: "0.1.0 (rev test)".into(),
            thread: "main".into(),
            location: "src/app.rs:1:1".into(),
            message: message.into(),
        }
    }

    #[test]
    fn stderr_is_coloured_only_on_a_terminal_without_no_color() {
        use std::ffi::OsStr;
        assert!(colour_stderr(true, None));
        assert!(!colour_stderr(false, None), "a file or a pipe");
        assert!(!colour_stderr(true, Some(OsStr::new("1"))));
        assert!(!colour_stderr(false, Some(OsStr::new("1"))));
        assert!(
            colour_stderr(true, Some(OsStr::new(""))),
            "an empty NO_COLOR is not set"
        );
    }

    #[test]
    fn a_crash_note_says_when_where_and_what() {
        let dir = tempfile::tempdir().unwrap();
        let path = note("2026-03-01T10:20:30.123Z", "index out of bounds")
            .write(dir.path())
            .unwrap();
        assert_eq!(
            path.file_name().unwrap().to_str(),
            Some("crash-2026-03-01T10-20-30Z.txt")
        );
        let text = std::fs::read_to_string(&path).unwrap();
        for part in [
            "time: 2026-03-01T10:20:30.123Z",
            "version: 0.1.0",
            "thread: main",
            "location: src/app.rs:1:1",
            "message: index out of bounds",
        ] {
            assert!(text.contains(part), "{part:?} in {text}");
        }
        assert!(crash_sentence(&path).contains(path.to_str().unwrap()));
    }

    #[test]
    fn long_messages_are_shortened_on_a_char_boundary() {
        let long = "é".repeat(MAX_MESSAGE);
        let short = shorten(&long, MAX_MESSAGE);
        assert!(short.len() <= MAX_MESSAGE + '…'.len_utf8());
        assert!(short.ends_with('…'));
        assert_eq!(shorten("short", 10), "short");
    }

    #[test]
    fn the_newest_note_is_pointed_at_once() {
        let dir = tempfile::tempdir().unwrap();
        assert_eq!(crash_notice(dir.path()), None);
        note("2026-03-01T10:20:30.000Z", "first")
            .write(dir.path())
            .unwrap();
        let newer = note("2026-03-02T10:20:30.000Z", "second")
            .write(dir.path())
            .unwrap();
        let notice = crash_notice(dir.path()).expect("a notice");
        assert!(notice.contains(newer.to_str().unwrap()), "{notice}");
        assert_eq!(crash_notice(dir.path()), None, "only once");
        let newest = note("2026-03-03T10:20:30.000Z", "third")
            .write(dir.path())
            .unwrap();
        assert_eq!(unseen_crash_note(dir.path()), Some(newest));
    }

    #[test]
    fn old_crash_notes_are_pruned() {
        let dir = tempfile::tempdir().unwrap();
        for day in 1..=(KEEP_CRASH_NOTES + 3) {
            note(&format!("2026-01-{day:02}T00:00:00.000Z"), "x")
                .write(dir.path())
                .unwrap();
        }
        prune_crash_notes(dir.path());
        let left = crash_notes(dir.path());
        assert_eq!(left.len(), KEEP_CRASH_NOTES);
        assert!(left[0].to_str().unwrap().contains("2026-01-04"));
    }
}
