//! Designs: read one, clone into variations, render its views and thumbnail.
//!
//! The pictures of [`DesignViews`] and [`DesignThumbnail`] stay base64 text in the answer;
//! [`decode_picture`] turns one into pixels under [`Limits`], to be called off the UI thread
//! (e.g. in `spawn_blocking`).
//!
//! Coordinates of placements are px of the rendered view (the sandbox draws 2 px per mm;
//! its own `crate::sandbox::styles` gives each view's size and scale), origin top-left, y down, a placement's
//! point being its logo's centre and `angleRads` a clockwise turn on the picture.

use image::RgbaImage;
use serde::{Deserialize, Serialize};

use crate::api::client::{Call, Client};
use crate::api::de;
use crate::api::error::{ApiError, Rule, Subject, ValidationIssue};
use crate::api::ids::DesignId;
use crate::api::models::{CloneDesign, Design, LogoValue, Placement};
use crate::api::offered::Feature;
use crate::imaging::{ImagingError, Limits};

/// Design endpoints; reached through [`Client::designs`].
#[derive(Debug, Clone, Copy)]
pub struct DesignsHandler<'c> {
    client: &'c Client,
}

impl Client {
    /// Designs: read, clone.
    pub fn designs(&self) -> DesignsHandler<'_> {
        DesignsHandler { client: self }
    }
}

impl<'c> DesignsHandler<'c> {
    /// `GET /api/design/{designId}`: the design with its placements (whose `logoId`s are the
    /// placeholder ids used in an order's `logoValues`).
    pub async fn get(self, id: DesignId) -> Result<Design, ApiError> {
        let call = Call::get(format!("api/design/{id}")).subject(Subject::Design(id));
        let design: Design = self.client.json(call).await?;
        warn_unread(&design);
        Ok(design)
    }

    /// `POST /api/design/{designId}/view`: one picture per view of the design, drawn with the
    /// temporary placements of `body` when it has any (the design itself is not changed).
    /// Decode the pictures with [`decode_picture`], off the UI thread. A service without the
    /// endpoint answers [`ApiError::NotOffered`] ([`Feature::DesignViews`]).
    pub async fn views(
        self,
        id: DesignId,
        body: Option<&RenderDesign>,
    ) -> Result<DesignViews, ApiError> {
        let call =
            render_call(format!("api/design/{id}/view"), id, body)?.feature(Feature::DesignViews);
        self.client.json(call).await
    }

    /// `POST /api/design/{designId}/thumbnail`: one composite picture of the design's views,
    /// with the temporary placements of `body` when it has any.
    pub async fn thumbnail(
        self,
        id: DesignId,
        body: Option<&RenderDesign>,
    ) -> Result<DesignThumbnail, ApiError> {
        let call = render_call(format!("api/design/{id}/thumbnail"), id, body)?
            .feature(Feature::DesignThumbnail);
        self.client.json(call).await
    }

    /// `POST /api/design/{designId}/clone`: one new design per variation, in order. Never
    /// retried automatically (a retry could create the designs twice).
    pub async fn clone_design(
        self,
        id: DesignId,
        body: &CloneDesign,
    ) -> Result<Vec<Design>, ApiError> {
        let issues = validate_clone(body);
        if !issues.is_empty() {
            return Err(ApiError::Validation(issues));
        }
        let call = Call::post(format!("api/design/{id}/clone"))
            .json(body)?
            .subject(Subject::Design(id));
        let designs: Vec<Design> = self.client.json(call).await?;
        designs.iter().for_each(warn_unread);
        Ok(designs)
    }
}

/// Logs a design answer whose placements are (partly) under keys this client does not read.
fn warn_unread(design: &Design) {
    if !design.unread_placements.is_empty() {
        tracing::warn!(
            design = %design.design_id,
            keys = ?design.unread_placements,
            "a design answer lists placements under keys logodesk does not read"
        );
    }
}

/// Problems of a clone request: at least one variation, each with a title and a view per
/// placement.
pub fn validate_clone(body: &CloneDesign) -> Vec<ValidationIssue> {
    let mut issues = Vec::new();
    if body.variations.is_empty() {
        issues.push(ValidationIssue::broken("variations", Rule::NoVariations));
    }
    for (i, v) in body.variations.iter().enumerate() {
        if v.title.trim().is_empty() {
            issues.push(ValidationIssue::broken(
                format!("variations[{i}].title"),
                Rule::VariationTitleMissing,
            ));
        }
        for (j, p) in v.design_logos.iter().enumerate() {
            if p.view.trim().is_empty() {
                issues.push(ValidationIssue::broken(
                    format!("variations[{i}].designLogos[{j}].view"),
                    Rule::ViewMissing,
                ));
            }
        }
    }
    issues
}

/// Builds a render call: checked body, or none.
fn render_call(path: String, id: DesignId, body: Option<&RenderDesign>) -> Result<Call, ApiError> {
    let call = Call::post(path).subject(Subject::Design(id));
    match body {
        None => Ok(call),
        Some(b) => {
            let issues = validate_render(b);
            if !issues.is_empty() {
                return Err(ApiError::Validation(issues));
            }
            call.json(b)
        }
    }
}

/// Problems of a render request the service would refuse: each temporary placement needs a
/// view and finite coordinates and angle.
pub fn validate_render(body: &RenderDesign) -> Vec<ValidationIssue> {
    let mut issues = Vec::new();
    for (j, p) in body.design_logos.iter().flatten().enumerate() {
        let path = |f: &str| format!("designLogos[{j}].{f}");
        if p.view.trim().is_empty() {
            issues.push(ValidationIssue::broken(path("view"), Rule::ViewMissing));
        }
        for (f, v) in [
            ("xCoordinate", p.x_coordinate),
            ("yCoordinate", p.y_coordinate),
            ("angleRads", p.angle_rads.unwrap_or(0.0)),
        ] {
            if !v.is_finite() {
                issues.push(ValidationIssue::broken(path(f), Rule::NotFinite));
            }
        }
    }
    issues
}

/// Optional body of the view and thumbnail endpoints.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RenderDesign {
    /// The design rendered (the path's id).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub design_id: Option<DesignId>,
    /// Temporary placements drawn instead of the design's own (for this rendering only);
    /// `None` draws the design's own, `Some(vec![])` the bare garment.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub design_logos: Option<Vec<Placement>>,
    /// Sandbox extension (not documented for the live service): the text drawn into every
    /// NameLogo placeholder, as an order instance's `name`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// Sandbox extension: the digits drawn into every NumberLogo placeholder (`number`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub number: Option<String>,
    /// Sandbox extension: per-placeholder values, as an order instance's `logoValues`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub logo_values: Vec<LogoValue>,
}

impl RenderDesign {
    /// Renders design `id` with these temporary placements instead of its own.
    pub fn with_placements(id: DesignId, placements: Vec<Placement>) -> Self {
        RenderDesign {
            design_id: Some(id),
            design_logos: Some(placements),
            ..Self::default()
        }
    }

    /// Draws `name` and `number` into the placeholders (a roster row).
    pub fn with_values(mut self, name: Option<String>, number: Option<String>) -> Self {
        self.name = name;
        self.number = number;
        self
    }
}

/// Answer of `POST /api/design/{designId}/view`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct DesignViews {
    pub design_id: DesignId,
    #[serde(default, deserialize_with = "null_as_empty_vec")]
    pub views: Vec<DesignView>,
}

/// One rendered view.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct DesignView {
    /// The view's name as the service writes it (e.g. `FRONT`, `LEFT SLEEVE`).
    #[serde(default, deserialize_with = "de::null_as_empty")]
    pub view: String,
    /// The view's id, when the service gives it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub view_id: Option<i64>,
    /// The PNG, base64; decode with [`decode_picture`].
    #[serde(default, deserialize_with = "de::null_as_empty")]
    pub base64: String,
}

/// Answer of `POST /api/design/{designId}/thumbnail`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct DesignThumbnail {
    pub design_id: DesignId,
    /// The PNG, base64; decode with [`decode_picture`].
    #[serde(default, deserialize_with = "de::null_as_empty")]
    pub base64: String,
}

fn null_as_empty_vec<'de, D, T>(d: D) -> Result<Vec<T>, D::Error>
where
    D: serde::Deserializer<'de>,
    T: Deserialize<'de>,
{
    Ok(Option::<Vec<T>>::deserialize(d)?.unwrap_or_default())
}

/// Decodes one picture of a [`DesignViews`] or [`DesignThumbnail`] answer (a base64 PNG; an
/// optional `data:…;base64,` prefix is tolerated) under `limits`, before any pixel buffer is
/// allocated: [`crate::imaging::decode_base64_png_with`]. CPU work: call it off the UI thread.
pub fn decode_picture(base64: &str, limits: &Limits) -> Result<RgbaImage, ImagingError> {
    crate::imaging::decode_base64_png_with(base64, limits)
}

impl DesignView {
    /// This view's pixels; see [`decode_picture`].
    pub fn decode(&self, limits: &Limits) -> Result<RgbaImage, ImagingError> {
        decode_picture(&self.base64, limits)
    }
}

impl DesignThumbnail {
    /// The composite's pixels; see [`decode_picture`].
    pub fn decode(&self, limits: &Limits) -> Result<RgbaImage, ImagingError> {
        decode_picture(&self.base64, limits)
    }
}
