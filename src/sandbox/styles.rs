//! The emulator's own look-up of a style's views, `GET /sandbox/styles/{styleId}`: the live
//! service has no such endpoint, so it is not in [`crate::api`]. Its answer's types (served by
//! the sandbox's routes) and a small client call over the app's [`Client`], which the backend
//! makes only when the account shown is the built-in sandbox.

use serde::{Deserialize, Serialize};

use crate::api::client::{Call, Client};
use crate::api::{ApiError, Subject};

/// `GET /sandbox/styles/{styleId}` (sandbox only): a style's views with their size in px and
/// scale in px per mm, for a canvas to draw on.
pub async fn style(client: &Client, style_id: i64) -> Result<SandboxStyle, ApiError> {
    let call = Call::get(format!("sandbox/styles/{style_id}")).subject(Subject::Style(style_id));
    client.json(call).await
}

/// A style as the sandbox answers it on `GET /sandbox/styles/{styleId}` (not part of the live
/// API, whose style object has `id`, `name`, `model`, `manufacturerId`, `ean` and `views`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SandboxStyle {
    pub id: i64,
    #[serde(default)]
    pub name: String,
    #[serde(default)]
    pub model: String,
    #[serde(default)]
    pub manufacturer_id: i64,
    #[serde(default)]
    pub ean: String,
    pub views: Vec<StyleView>,
}

/// One view of a style: what a canvas needs to place logos on it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct StyleView {
    pub view_id: i64,
    /// Canonical capitals (`FRONT`, `LEFT SLEEVE`), as placements name it.
    pub view: String,
    /// Width of the rendered view in px (the coordinate space of placements).
    pub width_px: u32,
    /// Height of the rendered view in px.
    pub height_px: u32,
    /// Pixels per millimetre of garment: a logo `w` mm wide covers `w × pxPerMm` px.
    pub px_per_mm: f64,
    /// x of the garment's centre line, in px.
    pub center_x: f64,
}
