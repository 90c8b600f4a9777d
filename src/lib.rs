//! logodesk: a desktop app for the vendors of a transfer-print service.
//!
//! - [`api`]: the typed HTTP client (no UI, no globals).
//! - [`imaging`]: pure pixel work shared by the sandbox and the app (decode under limits, recolor).
//! - [`sandbox`]: a faithful emulator of the whole service over real HTTP.

pub mod api;
pub mod cli;
pub mod imaging;
pub mod sandbox;
