//! The sandbox's records: what it keeps of each entity (organizations, logos, designs, placed
//! orders with their validated request, vectorize tasks, reserved idempotency keys), plain data
//! that the state ([`super::db::Db`]), the parts working on it and the store share. Nothing
//! here knows the state or the store.

use std::time::Duration;

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use super::pictures::{LogoOut, LogoPictures};
use crate::api::{
    Color, DeliveryAddress, Design, Logo, Order, OrderStatus, TrackingRecord, VectorizeTask,
};

/// A vendor organization. Children have a `parent`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Org {
    /// Organization id.
    pub id: i64,
    /// Display name.
    pub name: String,
    /// The parent vendor organization of a child.
    pub parent: Option<i64>,
}

/// A logo with what the service keeps beside its public form.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct LogoRec {
    /// The public full form, kept current (colors, previews, prices …).
    pub logo: Logo,
    /// Owning organization.
    pub owner: i64,
    /// Colors of the uploaded file, in their original order; `changecolors` refers to them.
    pub original_colors: Vec<Color>,
    /// Current replacement per original color id (original id → ink id); absent = unchanged.
    pub color_map: Vec<(String, String)>,
    /// Whether `updatemethod` confirmed the transfer method.
    pub method_confirmed: bool,
    /// Whether `changecolors` succeeded at least once (the method is then fixed).
    pub colors_changed: bool,
    /// Where its pictures are kept; `logo`'s base64 fields stay empty in memory and are
    /// filled in from [`super::pictures::Pictures`] when answering.
    #[serde(default)]
    pub pictures: LogoPictures,
    /// When the logo was created.
    pub created_at: DateTime<Utc>,
}

impl LogoRec {
    /// The logo as answered, its pictures still to be filled in.
    pub fn out(&self) -> LogoOut {
        LogoOut {
            logo: self.logo.clone(),
            pictures: self.pictures,
        }
    }
}

/// A design with its owner.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct DesignRec {
    /// The public form, `status` included.
    pub design: Design,
    /// Owning organization.
    pub owner: i64,
}

/// A placed order: the validated request, its timing and its outcome.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct OrderRec {
    /// Tracking id.
    pub id: i64,
    /// Order number.
    pub order_number: String,
    /// Organization of the key that placed it.
    pub caller_org: i64,
    /// Organization it was placed for.
    pub target_org: i64,
    /// The validated request.
    pub request: OrderRequest,
    /// When it was accepted.
    pub placed_at: DateTime<Utc>,
    /// When placement finishes.
    pub due_at: DateTime<Utc>,
    /// `Pending`, `Completed` or `Failed`.
    pub status: OrderStatus,
    /// Reason of a failure.
    pub error_message: Option<String>,
    /// The completed order.
    pub order: Option<Order>,
}

impl OrderRec {
    /// The tracking record as `GET /api/orders/{id}` answers it.
    pub fn tracking(&self) -> TrackingRecord {
        TrackingRecord {
            id: self.id.into(),
            order_number: self.order_number.as_str().into(),
            status: self.status.clone(),
            error_message: self.error_message.clone(),
            order: self.order.clone(),
        }
    }
}

/// A vectorize task with its owner and due time.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TaskRec {
    /// The public form.
    pub task: VectorizeTask,
    /// Owning organization.
    pub owner: i64,
    /// When a pending task finishes.
    pub due_at: Option<DateTime<Utc>>,
}

/// A reserved idempotency key: the request body it was first used with and its order.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct IdemRec {
    /// The parsed body of the first request.
    pub body: serde_json::Value,
    /// The order it created.
    pub order_id: i64,
}

/// How a design entry names its design.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum DesignRef {
    /// `designId`.
    Id(i64),
    /// `designMul`.
    Mul(String),
}

/// How a logo entry names its logo.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum LogoRef {
    /// `logoId`.
    Id(i64),
    /// `logoSku` (the logo item number as text).
    Sku(String),
}

/// A validated instance of a design entry.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Instance {
    /// Garment size.
    pub size: String,
    /// Garments, > 0.
    pub quantity: i64,
    /// Text for NameLogo placeholders.
    pub name: Option<String>,
    /// Digits for NumberLogo placeholders.
    pub number: Option<String>,
    /// Per-placeholder values.
    pub logo_values: Vec<(i64, String)>,
}

/// A validated design entry.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DesignEntry {
    /// Which design.
    pub design: DesignRef,
    /// One or more instances.
    pub instances: Vec<Instance>,
}

/// A validated digit entry of a NumberLogo.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DigitEntry {
    /// One or more digits.
    pub digit: String,
    /// Times to apply it, > 0.
    pub quantity: i64,
    /// Additional units in storage.
    pub storage_quantity: i64,
}

/// A validated standalone logo entry.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct LogoEntry {
    /// Which logo.
    pub logo: LogoRef,
    /// Units (absent when ordered by digits).
    pub quantity: Option<i64>,
    /// Additional units in storage.
    pub storage_quantity: i64,
    /// Typed text.
    pub value: Option<String>,
    /// Digits of a NumberLogo.
    pub digits: Option<Vec<DigitEntry>>,
}

/// A structurally valid order request.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct OrderRequest {
    /// Organization to order for.
    pub organization_id: Option<i64>,
    /// Caller's reference.
    pub reference: String,
    /// Free text.
    pub comment: String,
    /// Free text.
    pub origin_of_delivery: String,
    /// Notification address.
    pub email: Option<String>,
    /// Contact person.
    pub contact_name: Option<String>,
    /// Where to deliver (country upper-cased).
    pub delivery_address: DeliveryAddress,
    /// Design entries.
    pub designs: Vec<DesignEntry>,
    /// Standalone logo entries.
    pub logos: Vec<LogoEntry>,
}

/// `now + delay`, the delay capped at about a century so that date arithmetic cannot
/// overflow (and panic) for absurd settings such as `--placement-delay-ms 18446744073709551615`.
pub fn due_after(now: DateTime<Utc>, delay: Duration) -> DateTime<Utc> {
    const CENTURY: Duration = Duration::from_secs(100 * 365 * 24 * 60 * 60);
    chrono::Duration::from_std(delay.min(CENTURY))
        .ok()
        .and_then(|d| now.checked_add_signed(d))
        .unwrap_or(now)
}
