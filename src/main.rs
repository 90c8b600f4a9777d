//! logodesk's entry point: parse the command line, hand over to the library (which sets up
//! logging), report an error and exit with its status (see `logodesk --help`).
//!
//! On Windows the exe is a GUI program: started from the Start menu it opens no console
//! window; started from a terminal it prints there (`logodesk::platform`).

#![windows_subsystem = "windows"]

use std::process::ExitCode;

fn main() -> ExitCode {
    tune_malloc();
    owner_only_files();
    logodesk::platform::attach_parent_console();
    logodesk::platform::set_app_id(logodesk::cli::APP_ID);
    logodesk::notify::set_app_id(logodesk::cli::APP_ID);
    let cli = logodesk::cli::Cli::parse_args();
    match logodesk::cli::run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            logodesk::cli::report(&e);
            ExitCode::from(logodesk::cli::exit_code(&e))
        }
    }
}

/// Tunes glibc's allocator for how logodesk uses memory: pixel buffers of 100 KB and more
/// (decoded previews, thumbnails on their way to the window) are made on the blocking pool
/// and freed on another thread, which by default leaves them as free but resident memory in
/// up to 8 arenas per core. A fixed mmap threshold gives every such buffer back to the system
/// when it is freed, and two arenas keep the rest from spreading. `cargo bench --bench
/// ui_memory` after paging through 1,042 logos: RssAnon 239–244 MB by default, 220 MB tuned.
/// Someone who sets `GLIBC_TUNABLES` gets exactly what they asked for.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
fn tune_malloc() {
    if std::env::var_os("GLIBC_TUNABLES").is_some() {
        return;
    }
    // SAFETY: mallopt only sets allocator parameters; it runs first in `main`, before any
    // other thread exists. A refused setting (answer 0) leaves glibc's default in place.
    unsafe {
        libc::mallopt(libc::M_MMAP_THRESHOLD, 128 * 1024);
        libc::mallopt(libc::M_ARENA_MAX, 2);
    }
}

/// Other allocators are left as they are.
#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
fn tune_malloc() {}

/// Every file and folder logodesk makes is its owner's only (files 0600, folders 0700): the
/// databases and their `-wal`/`-shm` files, the logs and crash notes hold club members' names
/// and addresses, and so do the CSV and PDF exports. Set first in `main`, before any thread
/// or file exists.
#[cfg(unix)]
fn owner_only_files() {
    // SAFETY: umask only sets the process's file-creation mask; it cannot fail.
    unsafe {
        libc::umask(0o077);
    }
}

/// Windows: files in the user's Local AppData are the user's already.
#[cfg(not(unix))]
fn owner_only_files() {}
