//! Windows: the console of the terminal logodesk was started from, the message box for a
//! fatal start error, and the foreground permission a second start hands to the running one.
//!
//! The exe is a GUI program (`#![windows_subsystem = "windows"]` in `main.rs`), so starting it
//! from the Start menu opens no console window. Started from a terminal (`logodesk sandbox`,
//! `send-queued`, `--help`), it attaches to that terminal's console so that what it prints
//! appears there. As with every GUI program, `cmd.exe` does not wait for it: its prompt may
//! come back before logodesk's output (PowerShell's `Start-Process -Wait` or
//! `logodesk … | more` wait).

use std::ffi::OsStr;
use std::os::windows::ffi::OsStrExt as _;
use windows_sys::Win32::Foundation::{GENERIC_READ, GENERIC_WRITE, HANDLE, INVALID_HANDLE_VALUE};
use windows_sys::Win32::Storage::FileSystem::{
    CreateFileW, FILE_SHARE_READ, FILE_SHARE_WRITE, OPEN_EXISTING,
};
use windows_sys::Win32::System::Console::{
    ATTACH_PARENT_PROCESS, AttachConsole, GetStdHandle, STD_ERROR_HANDLE, STD_HANDLE,
    STD_OUTPUT_HANDLE, SetStdHandle,
};
use windows_sys::Win32::UI::Shell::SetCurrentProcessExplicitAppUserModelID;
use windows_sys::Win32::UI::WindowsAndMessaging::{
    AllowSetForegroundWindow, MB_ICONERROR, MB_OK, MB_SETFOREGROUND, MessageBoxW,
};

/// A UTF-16 string with its terminating NUL, as Windows' `W` functions take them.
fn wide(s: impl AsRef<OsStr>) -> Vec<u16> {
    s.as_ref().encode_wide().chain(std::iter::once(0)).collect()
}

/// Gives the process logodesk's AppUserModelID ([`crate::cli::APP_ID`]), the one its
/// Start-menu shortcut carries: the taskbar then groups the window with the pinned shortcut
/// and shows its icon and name. Cosmetic, so a refusal is left as it is.
pub fn set_app_id(id: &str) {
    let id = wide(id);
    // SAFETY: `id` is a NUL-terminated UTF-16 string that outlives the call, which copies it.
    let _ = unsafe { SetCurrentProcessExplicitAppUserModelID(id.as_ptr()) };
}

/// Makes stdout and stderr reach the console of the process that started logodesk (a
/// terminal), where they have nowhere else to go. Answers whether there is such a console.
///
/// A standard handle the parent passed on (output redirected to a file or a pipe, as tests
/// and scripts do) is kept as it is; only a missing one is pointed at the console.
pub fn attach_parent_console() -> bool {
    let missing = |which: STD_HANDLE| {
        // SAFETY: GetStdHandle only reads the process's standard handle table.
        let handle = unsafe { GetStdHandle(which) };
        handle.is_null() || handle == INVALID_HANDLE_VALUE
    };
    if !missing(STD_OUTPUT_HANDLE) && !missing(STD_ERROR_HANDLE) {
        return false;
    }
    // SAFETY: AttachConsole takes a process id (here the parent's) and has no pointers; it
    // fails when the parent has no console (started from Explorer or the Start menu).
    if unsafe { AttachConsole(ATTACH_PARENT_PROCESS) } == 0 {
        return false;
    }
    let console_output = || {
        let name = wide("CONOUT$");
        // SAFETY: `name` is a NUL-terminated UTF-16 string that outlives the call; the
        // other arguments are plain flags and null pointers CreateFileW accepts.
        unsafe {
            CreateFileW(
                name.as_ptr(),
                GENERIC_READ | GENERIC_WRITE,
                FILE_SHARE_READ | FILE_SHARE_WRITE,
                std::ptr::null(),
                OPEN_EXISTING,
                0,
                std::ptr::null_mut(),
            )
        }
    };
    for which in [STD_OUTPUT_HANDLE, STD_ERROR_HANDLE] {
        if missing(which) {
            let handle: HANDLE = console_output();
            if handle != INVALID_HANDLE_VALUE {
                // SAFETY: the handle was just opened and stays open for the process's life
                // (the standard handle table owns it from now on).
                unsafe { SetStdHandle(which, handle) };
            }
        }
    }
    true
}

/// Shows `message` in Windows' own message box (an error icon and OK) until the person
/// answers. It needs no renderer, so it works when the window's graphics failed.
pub fn message_box(title: &str, message: &str) {
    let (title, message) = (wide(title), wide(message));
    // SAFETY: both strings are NUL-terminated UTF-16 that outlive the call; no owner window.
    unsafe {
        MessageBoxW(
            std::ptr::null_mut(),
            message.as_ptr(),
            title.as_ptr(),
            MB_OK | MB_ICONERROR | MB_SETFOREGROUND,
        );
    }
}

/// Lets process `pid` (the logodesk that holds the data folder) take the foreground: Windows
/// gives that right only to the process the person just started, which is this one.
pub fn allow_foreground(pid: u32) {
    // SAFETY: plain integer argument; a refusal only means the running window flashes in the
    // taskbar instead of coming to the front.
    if unsafe { AllowSetForegroundWindow(pid) } == 0 {
        tracing::debug!(
            "Windows did not let the running logodesk take the foreground: {}",
            std::io::Error::last_os_error()
        );
    }
}

/// Wakes the thread that made it (the window's) four times a second with an empty message
/// until [`StartWaker::stop`] or drop.
///
/// winit 0.30 on Windows checks whether the event loop should end only after a message has
/// woken it: when eframe cannot create the window or its renderer, it asks the loop to exit
/// while no window exists to send a message, and `run_native` never returns (seen under
/// Wine: the process logged "Exiting because of error" and kept running for minutes). An
/// empty thread message (`WM_NULL`) lets the loop see the request and return the error. It is
/// needed only until the window is up; then the window's own messages do it.
pub struct StartWaker {
    stop: Option<std::sync::mpsc::Sender<()>>,
}

impl StartWaker {
    /// Starts waking the calling thread.
    pub fn start() -> StartWaker {
        use windows_sys::Win32::System::Threading::GetCurrentThreadId;
        use windows_sys::Win32::UI::WindowsAndMessaging::{PostThreadMessageW, WM_NULL};
        // SAFETY: no arguments; answers the calling thread's id.
        let thread = unsafe { GetCurrentThreadId() };
        let (stop, stopped) = std::sync::mpsc::channel::<()>();
        let spawned = std::thread::Builder::new()
            .name("logodesk-start-waker".into())
            .spawn(move || {
                while let Err(std::sync::mpsc::RecvTimeoutError::Timeout) =
                    stopped.recv_timeout(std::time::Duration::from_millis(250))
                {
                    // SAFETY: plain values; a thread without a message queue yet, or gone,
                    // only makes the call fail.
                    unsafe { PostThreadMessageW(thread, WM_NULL, 0, 0) };
                }
            });
        if let Err(e) = spawned {
            tracing::debug!("no start waker: {e}");
        }
        StartWaker { stop: Some(stop) }
    }

    /// Stops waking (the window is up).
    pub fn stop(&mut self) {
        self.stop.take();
    }
}

impl Drop for StartWaker {
    fn drop(&mut self) {
        self.stop();
    }
}
