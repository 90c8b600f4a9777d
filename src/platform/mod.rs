//! What the operating systems do differently around the process: the console a Windows GUI
//! program borrows from its terminal, where a fatal start error is shown, and the foreground
//! permission a second start hands to the running one ([`crate::instance`]).

#[cfg(windows)]
mod windows;
#[cfg(windows)]
pub use windows::{StartWaker, allow_foreground, attach_parent_console, set_app_id};

/// Windows only: elsewhere a program prints in its terminal anyway.
#[cfg(not(windows))]
pub fn attach_parent_console() -> bool {
    false
}

/// Windows only: elsewhere the desktop knows the app by its `.desktop` file or bundle.
#[cfg(not(windows))]
pub fn set_app_id(_id: &str) {}

/// Windows only: elsewhere the desktop decides alone which window comes forward.
#[cfg(not(windows))]
pub fn allow_foreground(_pid: u32) {}

/// Windows only (see there): elsewhere the event loop notices an exit request by itself.
#[cfg(not(windows))]
pub struct StartWaker;

#[cfg(not(windows))]
impl StartWaker {
    pub fn start() -> StartWaker {
        StartWaker
    }

    pub fn stop(&mut self) {}
}

/// Shows a fatal start error in a window until the person answers; answers why it could not.
/// Windows' own message box there (it needs no renderer, so it works when the window's
/// graphics failed); elsewhere logodesk's small notice window, where there is a display.
pub fn show_error(title: &str, message: &str) -> Result<(), String> {
    #[cfg(windows)]
    {
        windows::message_box(title, message);
        Ok(())
    }
    #[cfg(not(windows))]
    {
        crate::notice::show(title, message)
    }
}
