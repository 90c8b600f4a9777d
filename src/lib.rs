//! logodesk: a desktop app for the vendors of a transfer-print service.
//!
//! - [`api`]: the typed HTTP client (no UI, no globals).
//! - [`imaging`]: pure pixel work shared by the sandbox and the app (decode under limits, recolor).
//! - [`sandbox`]: a faithful emulator of the whole service over real HTTP.
//! - [`backend`]: the background runtime the UI talks to with typed commands and events.
//! - [`store`]: the app's data (accounts, orders, drafts, approvals; never keys) behind one
//!   contract on two backends: a desk's SQLite file, and a team's PostgreSQL, attached to a
//!   desk's store or opened as the store itself; `store::route` decides which holds a row.
//! - [`team`]: how a desk reaches its team's PostgreSQL (address, TLS, a bounded client) and
//!   joins it.
//! - [`orders`]: the order form, rosters, countries, estimate and CSV (no UI);
//!   [`pricing`]: the service's pricing model, shared by the sandbox and the estimate.
//! - [`keychain`]: where API keys live (the OS keychain, or this session's memory).
//! - [`ui`] and [`app`]: the desktop window (eframe/egui).
//! - [`instance`]: one logodesk per data folder; [`logging`]: the log file and crash notes;
//!   [`headless`]: `logodesk send-queued`; [`notice`]: a one-sentence window; [`signals`]:
//!   Ctrl-C and SIGTERM (and Windows' console events); [`platform`]: the console, the
//!   message box and the foreground on Windows.
//! - [`cli`]: the command line; `main.rs` only calls [`cli::run`]; [`fonts`]: the DejaVu fonts
//!   of the window and the PDFs, embedded once.

pub mod api;
pub mod app;
pub mod backend;
pub mod cli;
pub mod club;
pub mod commands;
pub mod fonts;
pub mod headless;
pub mod i18n;
pub mod imaging;
pub mod instance;
pub mod keychain;
pub mod locale;
pub mod logging;
pub mod notice;
pub mod notify;
pub mod orders;
pub mod pdf;
pub mod platform;
pub mod pricing;
pub mod sandbox;
pub mod signals;
pub mod store;
pub mod sync;
pub mod team;
pub mod ui;

/// Version string shown by `--version` and in the About box: `0.1.0 (rev 1a2b3c4d5e, 2026-11-21)`.
pub const VERSION: &str = concat!(
    env!("CARGO_PKG_VERSION"),
    " (rev ",
    env!("LOGODESK_GIT_REV"),
    ", ",
    env!("LOGODESK_COMMIT_DATE"),
    ")"
);
