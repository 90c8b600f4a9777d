//! One logodesk per data folder.
//!
//! Whatever opens a data folder (the window, `--screenshot`, `logodesk send-queued`) first takes
//! an exclusive lock on `logodesk.lock` there with `fs4` (`flock` on Unix, `LockFileEx` on
//! Windows). The operating system releases it when the process ends in any way, also on
//! `kill -9` or a power cut, so a stale lock never keeps logodesk from starting and there is no
//! pid to check. Only the holder opens `logodesk.sqlite`, runs the outbox and starts the
//! embedded sandbox on `sandbox.sqlite`.
//!
//! The holder also listens on a Unix domain socket, `logodesk.sock` in the same folder. A
//! second logodesk that finds the folder locked connects, asks the holder to come forward
//! (`forward`) and reads back what the holder is (`window` or `headless`), so that it can tell
//! the person which logodesk is already running. Where there is no such socket (Windows, a
//! folder path too long for a socket address) the second one only says that one is running.

use std::fs::{File, OpenOptions};
use std::io;
#[cfg(unix)]
use std::io::{BufRead as _, BufReader, Read as _, Write as _};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, PoisonError};

/// The lock file in the data folder.
pub const LOCK_FILE: &str = "logodesk.lock";
/// The socket the holder listens on for "come forward" requests.
pub const SOCKET_FILE: &str = "logodesk.sock";
/// The exit status of a logodesk that found another one running on its data folder.
pub const EXIT_ALREADY_RUNNING: u8 = 3;

/// What holds a data folder.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Holder {
    /// The desktop window (also `--screenshot`).
    Window,
    /// `logodesk send-queued`, without a window.
    Headless,
}

#[cfg(unix)]
impl Holder {
    fn as_str(self) -> &'static str {
        match self {
            Holder::Window => "window",
            Holder::Headless => "headless",
        }
    }

    fn parse(s: &str) -> Option<Holder> {
        match s.trim() {
            "window" => Some(Holder::Window),
            "headless" => Some(Holder::Headless),
            _ => None,
        }
    }
}

/// Why a data folder could not be taken.
#[derive(Debug, thiserror::Error)]
pub enum InstanceError {
    /// Another logodesk holds the folder; `holder` is what it said it is, when it answered.
    #[error("{}", already_running_sentence(dir, *holder))]
    AlreadyRunning {
        dir: PathBuf,
        holder: Option<Holder>,
    },
    /// The lock file could not be created or locked.
    #[error("{}", crate::tr!("shell-lock-failed", dir = .dir.display().to_string(), reason = .source.to_string()))]
    Lock { dir: PathBuf, source: io::Error },
}

fn already_running_sentence(dir: &Path, holder: Option<Holder>) -> String {
    let dir = dir.display().to_string();
    match holder {
        Some(Holder::Window) => crate::tr!("shell-already-open-window", dir = dir),
        Some(Holder::Headless) => crate::tr!("shell-already-open-headless", dir = dir),
        None => crate::tr!("shell-already-open", dir = dir),
    }
}

impl InstanceError {
    /// The process exit status for this error.
    pub fn exit_code(&self) -> u8 {
        match self {
            InstanceError::AlreadyRunning { .. } => EXIT_ALREADY_RUNNING,
            InstanceError::Lock { .. } => 1,
        }
    }
}

type Handler = Box<dyn Fn() + Send + Sync>;

/// Where "come forward" requests go: the handler once one is set; until then a request is
/// remembered and handed to the handler when it comes.
#[derive(Default)]
struct ForwardSlot {
    handler: Option<Handler>,
    pending: bool,
}

/// Sets what happens when another logodesk asks this one to come forward (the window sets it
/// once it has its egui context). Cheap to clone.
#[derive(Clone, Default)]
pub struct ForwardHook(Arc<Mutex<ForwardSlot>>);

impl ForwardHook {
    /// `handler` runs (on the listener's thread) for every request from now on, and at once
    /// if one came before.
    pub fn set(&self, handler: impl Fn() + Send + Sync + 'static) {
        let mut slot = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        if std::mem::take(&mut slot.pending) {
            handler();
        }
        slot.handler = Some(Box::new(handler));
    }

    #[cfg(unix)]
    fn request(&self) {
        let mut slot = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        match &slot.handler {
            Some(handler) => handler(),
            None => slot.pending = true,
        }
    }
}

/// The exclusive hold on a data folder, for as long as it lives.
pub struct InstanceLock {
    /// Holds the OS lock; closing it (on drop or at process exit) releases it.
    _file: File,
    dir: PathBuf,
    hook: ForwardHook,
    #[cfg(unix)]
    listener: Option<unix::Listener>,
}

impl std::fmt::Debug for InstanceLock {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("InstanceLock")
            .field("dir", &self.dir)
            .finish_non_exhaustive()
    }
}

impl InstanceLock {
    /// Takes `dir` (which must exist) for `holder`, or says who has it. On success the
    /// holder listens for "come forward" requests; set their handler with [`Self::hook`].
    pub fn acquire(dir: &Path, holder: Holder) -> Result<InstanceLock, InstanceError> {
        let lock_error = |source| InstanceError::Lock {
            dir: dir.to_owned(),
            source,
        };
        let file = OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false)
            .open(dir.join(LOCK_FILE))
            .map_err(lock_error)?;
        match fs4::FileExt::try_lock(&file) {
            Ok(()) => {}
            Err(fs4::TryLockError::WouldBlock) => {
                return Err(InstanceError::AlreadyRunning {
                    dir: dir.to_owned(),
                    holder: ask_to_come_forward(dir),
                });
            }
            Err(fs4::TryLockError::Error(e)) => return Err(lock_error(e)),
        }
        let hook = ForwardHook::default();
        #[cfg(unix)]
        let listener = match unix::Listener::start(&dir.join(SOCKET_FILE), holder, hook.clone()) {
            Ok(l) => Some(l),
            Err(e) => {
                tracing::warn!(
                    "another logodesk started on this data folder cannot bring this one forward: {e}"
                );
                None
            }
        };
        #[cfg(not(unix))]
        let _ = holder;
        Ok(InstanceLock {
            _file: file,
            dir: dir.to_owned(),
            hook,
            #[cfg(unix)]
            listener,
        })
    }

    /// The data folder held.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// Where "come forward" requests go.
    pub fn hook(&self) -> ForwardHook {
        self.hook.clone()
    }
}

impl Drop for InstanceLock {
    fn drop(&mut self) {
        #[cfg(unix)]
        if let Some(listener) = self.listener.take() {
            listener.stop();
        }
        // The file closes after this, which releases the lock.
    }
}

/// Asks the logodesk holding `dir` to come forward; answers what it said it is, or `None` if
/// it could not be reached (no socket on this platform, or it did not answer in time).
pub fn ask_to_come_forward(dir: &Path) -> Option<Holder> {
    #[cfg(unix)]
    {
        match unix::ask(&dir.join(SOCKET_FILE)) {
            Ok(holder) => holder,
            Err(e) => {
                tracing::debug!("the running logodesk could not be asked to come forward: {e}");
                None
            }
        }
    }
    #[cfg(not(unix))]
    {
        let _ = dir;
        None
    }
}

/// How long a request or its answer may take on the socket (the holder answers at once; this
/// only bounds a holder that hangs).
#[cfg(unix)]
const SOCKET_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(2);

/// The longest line read from the socket.
#[cfg(unix)]
const MAX_LINE: u64 = 64;

#[cfg(unix)]
fn read_line(stream: impl io::Read) -> io::Result<String> {
    let mut line = String::new();
    BufReader::new(stream).take(MAX_LINE).read_line(&mut line)?;
    Ok(line)
}

#[cfg(unix)]
mod unix {
    use super::*;
    use std::os::unix::net::{UnixListener, UnixStream};
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::thread::JoinHandle;

    /// The holder's side: a thread accepting one short request per connection.
    pub(super) struct Listener {
        path: PathBuf,
        stop: Arc<AtomicBool>,
        thread: Option<JoinHandle<()>>,
    }

    impl Listener {
        pub(super) fn start(path: &Path, holder: Holder, hook: ForwardHook) -> io::Result<Self> {
            // Only the lock's holder gets here, so a socket file left behind is stale.
            match std::fs::remove_file(path) {
                Err(e) if e.kind() != io::ErrorKind::NotFound => return Err(e),
                _ => {}
            }
            let listener = UnixListener::bind(path)?;
            let stop = Arc::new(AtomicBool::new(false));
            let stopping = stop.clone();
            let thread = std::thread::Builder::new()
                .name("logodesk-forward".into())
                .spawn(move || {
                    for stream in listener.incoming() {
                        if stopping.load(Ordering::Acquire) {
                            break;
                        }
                        match stream {
                            Ok(stream) => answer(stream, holder, &hook),
                            Err(e) => tracing::debug!("a forward request failed: {e}"),
                        }
                    }
                })?;
            Ok(Listener {
                path: path.to_owned(),
                stop,
                thread: Some(thread),
            })
        }

        /// Ends the thread and removes the socket.
        pub(super) fn stop(mut self) {
            self.stop.store(true, Ordering::Release);
            // Wakes `accept`; if connecting fails the thread is already gone.
            let woke = UnixStream::connect(&self.path).is_ok();
            if let Some(thread) = self.thread.take()
                && woke
            {
                thread.join().ok();
            }
            std::fs::remove_file(&self.path).ok();
        }
    }

    fn answer(mut stream: UnixStream, holder: Holder, hook: &ForwardHook) {
        stream.set_read_timeout(Some(SOCKET_TIMEOUT)).ok();
        stream.set_write_timeout(Some(SOCKET_TIMEOUT)).ok();
        match read_line(&stream) {
            Ok(line) if line.trim() == "forward" => {
                tracing::info!("another logodesk was started on this data folder");
                hook.request();
                writeln!(stream, "{}", holder.as_str()).ok();
            }
            Ok(_) => {}
            Err(e) => tracing::debug!("a forward request failed: {e}"),
        }
    }

    /// The second logodesk's side.
    pub(super) fn ask(path: &Path) -> io::Result<Option<Holder>> {
        let mut stream = UnixStream::connect(path)?;
        stream.set_read_timeout(Some(SOCKET_TIMEOUT))?;
        stream.set_write_timeout(Some(SOCKET_TIMEOUT))?;
        stream.write_all(b"forward\n")?;
        let line = read_line(&stream)?;
        Ok(Holder::parse(&line))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    #[cfg(unix)]
    use std::sync::mpsc;

    #[test]
    fn a_second_holder_is_refused_until_the_first_lets_go() {
        let dir = tempfile::tempdir().unwrap();
        let first = InstanceLock::acquire(dir.path(), Holder::Headless).unwrap();
        let err = InstanceLock::acquire(dir.path(), Holder::Window).unwrap_err();
        assert!(
            matches!(err, InstanceError::AlreadyRunning { .. }),
            "{err:?}"
        );
        assert_eq!(err.exit_code(), EXIT_ALREADY_RUNNING);
        let sentence = err.to_string();
        assert!(sentence.contains("already running"), "{sentence}");
        assert!(sentence.contains("--data-dir"), "{sentence}");
        drop(first);
        let again = InstanceLock::acquire(dir.path(), Holder::Window).unwrap();
        assert_eq!(again.dir(), dir.path());
    }

    #[cfg(unix)]
    #[test]
    fn the_holder_is_asked_to_come_forward_and_says_what_it_is() {
        let dir = tempfile::tempdir().unwrap();
        let first = InstanceLock::acquire(dir.path(), Holder::Window).unwrap();
        // A request before the window has set its handler is kept for it.
        let err = InstanceLock::acquire(dir.path(), Holder::Window).unwrap_err();
        let InstanceError::AlreadyRunning { holder, .. } = &err else {
            panic!("{err:?}")
        };
        assert_eq!(*holder, Some(Holder::Window));
        assert!(err.to_string().contains("come forward"), "{err}");
        let (tx, rx) = mpsc::channel();
        let tx = Mutex::new(tx);
        first.hook().set(move || {
            tx.lock().unwrap().send(()).unwrap();
        });
        rx.try_recv()
            .expect("the earlier request reached the handler");
        InstanceLock::acquire(dir.path(), Holder::Headless).unwrap_err();
        rx.try_recv().expect("a later request reaches it at once");
        drop(first);
        assert!(
            !dir.path().join(SOCKET_FILE).exists(),
            "the socket goes with the lock"
        );
    }

    #[cfg(unix)]
    #[test]
    fn a_stale_socket_is_replaced_and_a_silent_one_is_not_a_holder() {
        let dir = tempfile::tempdir().unwrap();
        // Left behind by a killed holder: a socket file nobody listens on.
        drop(std::os::unix::net::UnixListener::bind(dir.path().join(SOCKET_FILE)).unwrap());
        assert_eq!(ask_to_come_forward(dir.path()), None);
        let lock = InstanceLock::acquire(dir.path(), Holder::Headless).unwrap();
        assert_eq!(ask_to_come_forward(dir.path()), Some(Holder::Headless));
        drop(lock);
    }
}
