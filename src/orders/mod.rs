//! Orders without a window: the draft form, rosters, countries, the estimate, CSV export.
//!
//! Nothing here draws or talks to the service: the screens in `ui::orders` show these types,
//! the backend's outbox sends what [`form::DraftForm::to_order`] builds. Pricing rules come from
//! [`crate::pricing`], shared with the sandbox.

pub mod approval;
pub mod countries;
pub mod csv;
pub mod demo;
pub mod estimate;
pub mod form;
pub mod lines;
pub mod local;
pub mod roster;
pub mod roster_import;
