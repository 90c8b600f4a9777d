//! The typed client of the print service's HTTP API.
//!
//! No UI and no globals: a [`Client`] is built from a [`ClientConfig`] and is cheap to clone.

pub mod de;
pub mod ids;
pub mod models;

pub use ids::*;
pub use models::*;
