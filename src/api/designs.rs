//! Designs: read one, clone into variations.

use crate::api::client::{Call, Client};
use crate::api::error::{ApiError, ValidationIssue};
use crate::api::ids::DesignId;
use crate::api::models::{CloneDesign, Design};

/// Design endpoints; reached through [`Client::designs`].
#[derive(Debug, Clone, Copy)]
pub struct DesignsHandler<'c> {
    client: &'c Client,
}

impl<'c> DesignsHandler<'c> {
    pub(crate) fn new(client: &'c Client) -> Self {
        DesignsHandler { client }
    }

    /// `GET /api/design/{designId}`: the design with its placements (whose `logoId`s are the
    /// placeholder ids used in an order's `logoValues`).
    pub async fn get(self, id: DesignId) -> Result<Design, ApiError> {
        let call = Call::get(format!("api/design/{id}")).subject(format!("Design {id}"));
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
            .subject(format!("Design {id}"));
        self.client.json(call).await
    }
}

/// Problems of a clone request: at least one variation, each with a title and a view per
/// placement.
pub fn validate_clone(body: &CloneDesign) -> Vec<ValidationIssue> {
    let mut issues = Vec::new();
    if body.variations.is_empty() {
        issues.push(ValidationIssue::new(
            "variations",
            "Add at least one variation to create.",
        ));
    }
    for (i, v) in body.variations.iter().enumerate() {
        if v.title.trim().is_empty() {
            issues.push(ValidationIssue::new(
                format!("variations[{i}].title"),
                "Enter a title for this variation.",
            ));
        }
        for (j, p) in v.design_logos.iter().enumerate() {
            if p.view.trim().is_empty() {
                issues.push(ValidationIssue::new(
                    format!("variations[{i}].designLogos[{j}].view"),
                    "Choose the view (such as FRONT or BACK) this logo is placed on.",
                ));
            }
        }
    }
    issues
}
