//! The typed client of the print service's HTTP API.
//!
//! No UI and no globals: a [`Client`] is built from a [`ClientConfig`] and is cheap to clone.
//! Each resource has a handler borrowing the client, octocrab style:
//!
//! ```no_run
//! # async fn demo() -> Result<(), logodesk::api::ApiError> {
//! use logodesk::api::*;
//! let client = Client::new(ClientConfig::parse("https://api.example.com/", "my-key")?)?;
//! let page = client.logos().list(&ListLogos::new().search("crest").limit(25)).await?;
//! let order = PlaceOrder::new("PO-1", DeliveryAddress::new("Club", "Street 1", "7400", "Herning", "DK"))
//!     .with_logo(LogoLine::quantity(page.items[0].logo_id, 10));
//! let key = IdempotencyKey::new(); // keep it with the draft
//! let placed = client.orders().place(&order, &key).await?;
//! let done = client.orders().track(placed.id, None, |r| println!("{}", r.status)).await?;
//! # let _ = done; Ok(()) }
//! ```

pub mod client;
pub mod de;
pub mod designs;
pub mod error;
pub mod ids;
pub mod intermediary;
pub mod logos;
pub mod message;
pub mod models;
pub mod offered;
pub mod orders;
pub mod retry;
pub mod vectorize;

#[cfg(test)]
mod http_tests;

pub use client::{ApiKey, AuthStyle, Client, ClientConfig, KeyPrint, Timeouts};
pub use designs::{
    DesignThumbnail, DesignView, DesignViews, DesignsHandler, RenderDesign, decode_picture,
};
pub use error::{
    ApiError, ConfigProblem, FieldError, NetworkErrorKind, Rule, ServerMessage, StatusError,
    Subject, ValidationIssue,
};
pub use ids::*;
pub use intermediary::IntermediaryKind;
pub use logos::{ListLogos, LogosHandler, UploadLogo};
pub use message::{Arg, Message};
pub use models::*;
pub use offered::{Feature, NotOffered};
pub use orders::{
    DesignLine, DesignRef, DigitLine, IdempotencyKey, Instance, LogoAmount, LogoLine, LogoRef,
    MAX_INSTANCES_PER_DESIGN, OrdersHandler, PlaceOrder,
};
pub use retry::{Jitter, RetryPolicy};
pub use vectorize::VectorizeHandler;
