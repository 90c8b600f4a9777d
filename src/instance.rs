//! One logodesk per data folder.
//!
//! Whatever opens a data folder (the window, `--screenshot`, `logodesk send-queued`) first takes
//! an exclusive lock on `logodesk.lock` there with `fs4` (`flock` on Unix, `LockFileEx` on
//! Windows). The operating system releases it when the process ends in any way, also on
//! `kill -9` or a power cut, so a stale lock never keeps logodesk from starting and there is no
//! pid to check. Only the holder opens `logodesk.sqlite`, runs the outbox and starts the
//! embedded sandbox on `sandbox.sqlite`.
//!
//! The holder also listens for "come forward" requests: on Unix on a Unix domain socket,
//! `logodesk.sock` in the same folder; on Windows on a named pipe whose name is derived from
//! the folder's canonical path ([`pipe_name`]). A second logodesk that finds the folder locked
//! connects, asks the holder to come forward (`forward`) and reads back what the holder is
//! (`window` or `headless`). On Windows it first lets the holder's process take the
//! foreground (`AllowSetForegroundWindow`): Windows gives that right only to the process the
//! person just started. A second desktop app whose running window came forward exits quietly
//! (status [`EXIT_ALREADY_RUNNING`]); one that could not reach the holder, or whose holder has
//! no window, says so. Where there is no such channel (a folder path too long for a socket
//! address) the second one only says that one is running.

use crate::sync::Lock as _;
use std::fs::{File, OpenOptions};
use std::io;
#[cfg(unix)]
use std::io::{BufRead as _, BufReader, Read as _, Write as _};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

/// The lock file in the data folder.
pub const LOCK_FILE: &str = "logodesk.lock";
/// The socket the holder listens on for "come forward" requests (Unix).
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
        let mut slot = self.0.locked();
        if std::mem::take(&mut slot.pending) {
            handler();
        }
        slot.handler = Some(Box::new(handler));
    }

    fn request(&self) {
        let mut slot = self.0.locked();
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
    listener: Option<Listener>,
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
        let listener = match Listener::start(dir, holder, hook.clone()) {
            Ok(l) => Some(l),
            Err(e) => {
                tracing::warn!(
                    "another logodesk started on this data folder cannot bring this one forward: {e}"
                );
                None
            }
        };
        Ok(InstanceLock {
            _file: file,
            dir: dir.to_owned(),
            hook,
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
        if let Some(listener) = self.listener.take() {
            listener.stop();
        }
        // The file closes after this, which releases the lock.
    }
}

/// Asks the logodesk holding `dir` to come forward; answers what it said it is, or `None` if
/// it could not be reached (no channel on this platform, or it did not answer in time).
pub fn ask_to_come_forward(dir: &Path) -> Option<Holder> {
    match ask(dir) {
        Ok(holder) => holder,
        Err(e) => {
            tracing::debug!("the running logodesk could not be asked to come forward: {e}");
            None
        }
    }
}

/// How long a request or its answer may take on the socket or pipe (the holder answers at once; this
/// only bounds a holder that hangs).
const SOCKET_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(2);

/// The longest line read from the socket or pipe.
const MAX_LINE: u64 = 64;

#[cfg(unix)]
fn read_line(stream: impl io::Read) -> io::Result<String> {
    let mut line = String::new();
    BufReader::new(stream).take(MAX_LINE).read_line(&mut line)?;
    Ok(line)
}

#[cfg(unix)]
use unix::{Listener, ask};
#[cfg(windows)]
use windows::{Listener, ask};

/// The name of the named pipe a logodesk holding `dir` listens on (Windows):
/// `\\.\pipe\logodesk-` and 16 hex digits of a hash of the folder's canonical path, in
/// lower case (Windows' paths are case-insensitive). The same folder however it is spelled
/// (relative, `..`, another case) gives the same name; the hash is FNV-1a, fixed here, so
/// every version of logodesk agrees on it. Two folders whose hashes collide only share the
/// come-forward channel: each keeps its own lock.
#[cfg(any(windows, test))]
pub fn pipe_name(dir: &Path) -> String {
    let canonical = std::fs::canonicalize(dir)
        .or_else(|_| std::path::absolute(dir))
        .unwrap_or_else(|_| dir.to_owned());
    pipe_name_of(&canonical.to_string_lossy())
}

/// [`pipe_name`] of a canonical path.
#[cfg(any(windows, test))]
fn pipe_name_of(canonical: &str) -> String {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for byte in canonical.to_lowercase().bytes() {
        hash ^= u64::from(byte);
        hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
    }
    format!(r"\\.\pipe\logodesk-{hash:016x}")
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
        pub(super) fn start(dir: &Path, holder: Holder, hook: ForwardHook) -> io::Result<Self> {
            let path = &dir.join(SOCKET_FILE);
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
    pub(super) fn ask(dir: &Path) -> io::Result<Option<Holder>> {
        let mut stream = UnixStream::connect(dir.join(SOCKET_FILE))?;
        stream.set_read_timeout(Some(SOCKET_TIMEOUT))?;
        stream.set_write_timeout(Some(SOCKET_TIMEOUT))?;
        stream.write_all(b"forward\n")?;
        let line = read_line(&stream)?;
        Ok(Holder::parse(&line))
    }
}

#[cfg(windows)]
mod windows {
    use super::*;
    use std::os::windows::io::AsRawHandle as _;
    use std::thread::JoinHandle;
    use tokio::io::{AsyncBufReadExt as _, AsyncReadExt as _, AsyncWriteExt as _, BufReader};
    use tokio::net::windows::named_pipe::{ClientOptions, NamedPipeServer, ServerOptions};

    /// `ERROR_PIPE_BUSY`: every instance of the pipe is serving another client.
    const PIPE_BUSY: i32 = 231;

    fn runtime() -> io::Result<tokio::runtime::Runtime> {
        tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
    }

    /// The holder's side: a thread serving one short request per connection, one at a time.
    pub(super) struct Listener {
        stop: Option<tokio::sync::oneshot::Sender<()>>,
        thread: Option<JoinHandle<()>>,
    }

    impl Listener {
        pub(super) fn start(dir: &Path, holder: Holder, hook: ForwardHook) -> io::Result<Self> {
            let name = pipe_name(dir);
            let runtime = runtime()?;
            // The first instance is made here, so that a name already taken (by a process
            // that is not the lock's holder) is an error now. Remote clients are refused.
            let first = {
                let _entered = runtime.enter();
                ServerOptions::new()
                    .first_pipe_instance(true)
                    .reject_remote_clients(true)
                    .create(&name)?
            };
            let (stop, mut stopped) = tokio::sync::oneshot::channel();
            let thread = std::thread::Builder::new()
                .name("logodesk-forward".into())
                .spawn(move || {
                    runtime.block_on(async move {
                        let mut server = first;
                        loop {
                            tokio::select! {
                                _ = &mut stopped => break,
                                connected = server.connect() => {
                                    // The next instance exists before this one is answered,
                                    // so that a client never finds no pipe at all.
                                    let next = ServerOptions::new()
                                        .reject_remote_clients(true)
                                        .create(&name);
                                    match connected {
                                        Ok(()) => answer(server, holder, &hook).await,
                                        Err(e) => tracing::debug!("a forward request failed: {e}"),
                                    }
                                    match next {
                                        Ok(next) => server = next,
                                        Err(e) => {
                                            tracing::warn!("the come-forward pipe stopped: {e}");
                                            break;
                                        }
                                    }
                                }
                            }
                        }
                    });
                })?;
            Ok(Listener {
                stop: Some(stop),
                thread: Some(thread),
            })
        }

        /// Ends the thread (the pipe goes with its last handle).
        pub(super) fn stop(mut self) {
            if let Some(stop) = self.stop.take() {
                stop.send(()).ok();
            }
            if let Some(thread) = self.thread.take() {
                thread.join().ok();
            }
        }
    }

    async fn answer(server: NamedPipeServer, holder: Holder, hook: &ForwardHook) {
        let exchange = async {
            let (reader, mut writer) = tokio::io::split(server);
            let mut line = String::new();
            BufReader::new(reader)
                .take(MAX_LINE)
                .read_line(&mut line)
                .await?;
            if line.trim() == "forward" {
                tracing::info!("another logodesk was started on this data folder");
                hook.request();
                writer
                    .write_all(format!("{}\n", holder.as_str()).as_bytes())
                    .await?;
                writer.flush().await?;
            }
            io::Result::Ok(())
        };
        match tokio::time::timeout(SOCKET_TIMEOUT, exchange).await {
            Ok(Ok(())) => {}
            Ok(Err(e)) => tracing::debug!("a forward request failed: {e}"),
            Err(_) => tracing::debug!("a forward request took too long"),
        }
    }

    /// The process id of the pipe's server (the holder), as Windows knows it.
    fn server_pid(client: &tokio::net::windows::named_pipe::NamedPipeClient) -> Option<u32> {
        let mut pid = 0u32;
        // SAFETY: the handle is the client's open pipe handle, borrowed for the call; `pid`
        // is a valid place for the answer.
        let ok = unsafe {
            windows_sys::Win32::System::Pipes::GetNamedPipeServerProcessId(
                client.as_raw_handle(),
                &mut pid,
            )
        };
        (ok != 0).then_some(pid)
    }

    /// The second logodesk's side.
    pub(super) fn ask(dir: &Path) -> io::Result<Option<Holder>> {
        let name = pipe_name(dir);
        let exchange = async {
            let client = loop {
                match ClientOptions::new().open(&name) {
                    Ok(client) => break client,
                    Err(e) if e.raw_os_error() == Some(PIPE_BUSY) => {
                        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
                    }
                    Err(e) => return Err(e),
                }
            };
            // Before asking: the holder may take the foreground only with this process's leave.
            if let Some(pid) = server_pid(&client) {
                crate::platform::allow_foreground(pid);
            }
            let (reader, mut writer) = tokio::io::split(client);
            writer.write_all(b"forward\n").await?;
            writer.flush().await?;
            let mut line = String::new();
            BufReader::new(reader)
                .take(MAX_LINE)
                .read_line(&mut line)
                .await?;
            Ok(Holder::parse(&line))
        };
        runtime()?.block_on(async {
            tokio::time::timeout(SOCKET_TIMEOUT, exchange)
                .await
                .unwrap_or_else(|_| Err(io::ErrorKind::TimedOut.into()))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
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
        #[cfg(unix)]
        assert!(
            !dir.path().join(SOCKET_FILE).exists(),
            "the socket goes with the lock"
        );
        assert_eq!(
            ask_to_come_forward(dir.path()),
            None,
            "nobody answers once the lock is gone"
        );
    }

    #[test]
    fn a_folder_has_one_pipe_name_however_it_is_spelled() {
        let dir = tempfile::tempdir().unwrap();
        let inner = dir.path().join("data");
        std::fs::create_dir(&inner).unwrap();
        let name = pipe_name(&inner);
        assert!(name.starts_with(r"\\.\pipe\logodesk-"), "{name}");
        let hash = name.trim_start_matches(r"\\.\pipe\logodesk-");
        assert_eq!(hash.len(), 16, "{name}");
        assert!(hash.bytes().all(|b| b.is_ascii_hexdigit()), "{name}");
        // The same folder through `..` and `.`: the same name.
        let roundabout = inner.join("..").join(".").join("data");
        assert_eq!(pipe_name(&roundabout), name);
        // Another folder: another name; and the name is stable for the same folder.
        let other = dir.path().join("other");
        std::fs::create_dir(&other).unwrap();
        assert_ne!(pipe_name(&other), name);
        assert_eq!(pipe_name(&inner), name);
    }

    #[test]
    fn the_pipe_name_is_fixed_across_versions_and_ignores_case() {
        // An older and a newer logodesk must find each other: this value never changes.
        let path = r"\\?\C:\Users\Anna\AppData\Local\logodesk\data";
        assert_eq!(pipe_name_of(path), r"\\.\pipe\logodesk-3726742091132be1");
        assert_eq!(pipe_name_of(&path.to_uppercase()), pipe_name_of(path));
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
