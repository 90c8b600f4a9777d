//! The sandbox: a stateful emulator of the whole service API over real HTTP (axum).

pub mod artwork;
pub mod inks;
