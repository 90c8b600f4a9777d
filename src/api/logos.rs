//! Logos: list, look up, upload, edit while in `Draft`, commit.

use crate::api::client::{Call, Client};
use crate::api::error::{ApiError, Rule, Subject, ValidationIssue};
use crate::api::ids::{LogoId, LogoItemNo, OrganizationId};
use crate::api::models::{ChangeColors, Logo, LogoSummary, Page, Rename, Resize, UpdateMethod};
use bytes::Bytes;
use serde::{Deserialize, Serialize};
use std::fmt;

/// Query of `GET /api/logos`. It serialises to exactly the query string: fields left `None` are
/// not sent, so the service's defaults (page 1, 12 per page) apply.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ListLogos {
    /// Page number, from 1.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub page: Option<i64>,
    /// Items per page; the service allows at most [`ListLogos::MAX_LIMIT`].
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub limit: Option<i64>,
    /// Case-insensitive partial match on the title.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub search: Option<String>,
}

impl ListLogos {
    /// The largest page size the service allows.
    pub const MAX_LIMIT: i64 = 25;

    /// An empty query (first page, default size, no search).
    pub fn new() -> Self {
        Self::default()
    }

    /// Sets the page number.
    pub fn page(mut self, page: i64) -> Self {
        self.page = Some(page);
        self
    }

    /// Sets the page size.
    pub fn limit(mut self, limit: i64) -> Self {
        self.limit = Some(limit);
        self
    }

    /// Sets the title search; blank text means no search.
    pub fn search(mut self, search: impl Into<String>) -> Self {
        let s: String = search.into();
        self.search = (!s.trim().is_empty()).then_some(s);
        self
    }
}

/// A logo file to upload (`POST /api/logo/upload`, multipart fields `File`, `title`,
/// `organizationId`).
#[derive(Clone, PartialEq, Eq)]
pub struct UploadLogo {
    /// File name sent with the `File` part, e.g. `crest.png`.
    pub file_name: String,
    /// Content type of the `File` part, e.g. `image/png`.
    pub content_type: String,
    /// The file's bytes.
    pub bytes: Bytes,
    /// Title of the new logo.
    pub title: String,
    /// Organization to upload for (a vendor child); the caller's own when `None`.
    pub organization_id: Option<OrganizationId>,
}

impl fmt::Debug for UploadLogo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("UploadLogo")
            .field("file_name", &self.file_name)
            .field("content_type", &self.content_type)
            .field("bytes", &format_args!("{} bytes", self.bytes.len()))
            .field("title", &self.title)
            .field("organization_id", &self.organization_id)
            .finish()
    }
}

impl UploadLogo {
    /// An upload whose content type is guessed from the file name's extension.
    pub fn new(
        file_name: impl Into<String>,
        bytes: impl Into<Bytes>,
        title: impl Into<String>,
    ) -> Self {
        let file_name = file_name.into();
        UploadLogo {
            content_type: content_type_for(&file_name).to_owned(),
            file_name,
            bytes: bytes.into(),
            title: title.into(),
            organization_id: None,
        }
    }

    /// Sets the content type explicitly.
    pub fn with_content_type(mut self, content_type: impl Into<String>) -> Self {
        self.content_type = content_type.into();
        self
    }

    /// Uploads for a child organization.
    pub fn with_organization(mut self, organization_id: OrganizationId) -> Self {
        self.organization_id = Some(organization_id);
        self
    }

    /// Problems that would make the service refuse the upload.
    pub fn validate(&self) -> Vec<ValidationIssue> {
        let mut issues = Vec::new();
        if self.bytes.is_empty() {
            issues.push(ValidationIssue::broken(
                "File",
                Rule::FileEmpty {
                    file_name: self.file_name.clone(),
                },
            ));
        }
        if self.file_name.trim().is_empty() {
            issues.push(ValidationIssue::broken("File", Rule::FileUnnamed));
        }
        if self.title.trim().is_empty() {
            issues.push(ValidationIssue::broken("title", Rule::TitleMissing));
        }
        issues
    }
}

/// A content type for a file name, from its extension (`application/octet-stream` if unknown).
pub fn content_type_for(file_name: &str) -> &'static str {
    let ext = file_name
        .rsplit_once('.')
        .map(|(_, e)| e.to_ascii_lowercase())
        .unwrap_or_default();
    match ext.as_str() {
        "png" => "image/png",
        "jpg" | "jpeg" => "image/jpeg",
        "webp" => "image/webp",
        "gif" => "image/gif",
        "bmp" => "image/bmp",
        "tif" | "tiff" => "image/tiff",
        "svg" => "image/svg+xml",
        "pdf" => "application/pdf",
        "ai" => "application/postscript",
        "eps" => "application/postscript",
        _ => "application/octet-stream",
    }
}

fn check(issues: Vec<ValidationIssue>) -> Result<(), ApiError> {
    if issues.is_empty() {
        Ok(())
    } else {
        Err(ApiError::Validation(issues))
    }
}

/// Problems of a color change body (rules 3 and 4 of the spec: same number of colors).
pub fn validate_change_colors(body: &ChangeColors) -> Vec<ValidationIssue> {
    let mut issues = Vec::new();
    if body.color_changes.is_empty() {
        issues.push(ValidationIssue::broken("colorChanges", Rule::NoColorChange));
    }
    let count = |s: &str| s.split(',').filter(|c| !c.trim().is_empty()).count();
    for (i, change) in body.color_changes.iter().enumerate() {
        let (from, to) = (count(&change.from), count(&change.to));
        if from == 0 {
            issues.push(ValidationIssue::broken(
                format!("colorChanges[{i}].from"),
                Rule::OriginalColorsMissing,
            ));
        }
        if to == 0 {
            issues.push(ValidationIssue::broken(
                format!("colorChanges[{i}].to"),
                Rule::NewColorsMissing,
            ));
        } else if from != 0 && from != to {
            issues.push(ValidationIssue::broken(
                format!("colorChanges[{i}].to"),
                Rule::ColorCountMismatch { from, to },
            ));
        }
    }
    issues
}

/// Problems of a resize body: at least one size, each a positive number of millimetres.
pub fn validate_resize(body: &Resize) -> Vec<ValidationIssue> {
    let mut issues = Vec::new();
    let (w, h) = (body.width_in_mm.trim(), body.height_in_mm.trim());
    if w.is_empty() && h.is_empty() {
        issues.push(ValidationIssue::broken("widthInMM", Rule::ResizeNoSide));
    }
    for (path, v) in [("widthInMM", w), ("heightInMM", h)] {
        if v.is_empty() {
            continue;
        }
        match v.replace(',', ".").parse::<f64>() {
            Ok(mm) if mm.is_finite() && mm > 0.0 => {}
            _ => issues.push(ValidationIssue::broken(
                path,
                Rule::SizeNotPositive {
                    given: v.to_owned(),
                },
            )),
        }
    }
    issues
}

/// Logo endpoints; reached through [`Client::logos`].
#[derive(Debug, Clone, Copy)]
pub struct LogosHandler<'c> {
    client: &'c Client,
}

impl Client {
    /// Logos: list, look up, upload, edit drafts, commit.
    pub fn logos(&self) -> LogosHandler<'_> {
        LogosHandler { client: self }
    }
}

impl<'c> LogosHandler<'c> {
    /// `GET /api/logos`: one page of logo summaries.
    pub async fn list(self, query: &ListLogos) -> Result<Page<LogoSummary>, ApiError> {
        let call = Call::get("api/logos").query(query)?;
        self.client.json(call).await
    }

    /// Every logo matching `search`, page by page at the largest page size, stopping after
    /// `max_pages` pages (for export and tests; the UI asks for one page at a time).
    pub async fn list_all(
        self,
        search: Option<&str>,
        max_pages: usize,
    ) -> Result<Vec<LogoSummary>, ApiError> {
        let mut query = ListLogos::new().limit(ListLogos::MAX_LIMIT).page(1);
        if let Some(s) = search {
            query = query.search(s);
        }
        let mut all = Vec::new();
        for _ in 0..max_pages {
            let page = self.list(&query).await?;
            let next = page.next_page();
            let empty = page.items.is_empty();
            all.extend(page.items);
            match next {
                Some(n) if !empty => query.page = Some(n),
                _ => break,
            }
        }
        Ok(all)
    }

    /// `GET /api/logo/{logoId}`: the full logo.
    pub async fn get(self, id: LogoId) -> Result<Logo, ApiError> {
        let call = Call::get(format!("api/logo/{id}")).subject(Subject::Logo(id));
        self.client.json(call).await
    }

    /// `GET /api/logo/itemno/{logoItemNo}`: the full logo by its external item number.
    pub async fn by_item_no(self, item_no: LogoItemNo) -> Result<Logo, ApiError> {
        let call = Call::get(format!("api/logo/itemno/{item_no}"))
            .subject(Subject::LogoItemNo(item_no.to_string()));
        self.client.json(call).await
    }

    /// `POST /api/logo/upload`: creates a `Draft` logo. Never retried automatically.
    pub async fn upload(self, upload: UploadLogo) -> Result<Logo, ApiError> {
        check(upload.validate())?;
        let part = reqwest::multipart::Part::bytes(Vec::from(upload.bytes))
            .file_name(upload.file_name)
            .mime_str(&upload.content_type)
            .map_err(|_| {
                ApiError::Validation(vec![ValidationIssue::broken(
                    "File",
                    Rule::ContentTypeInvalid {
                        content_type: upload.content_type.clone(),
                    },
                )])
            })?;
        let mut form = reqwest::multipart::Form::new()
            .part("File", part)
            .text("title", upload.title);
        if let Some(org) = upload.organization_id {
            form = form.text("organizationId", org.to_string());
        }
        let call = Call::post("api/logo/upload")
            .multipart(form)
            .timeout(self.client.timeouts().upload)
            .subject(Subject::UploadEndpoint);
        self.client.json(call).await
    }

    /// `PUT /api/logo/{logoId}/commit`: `Draft` → `Done`, assigning the item number.
    pub async fn commit(self, id: LogoId) -> Result<Logo, ApiError> {
        let call = Call::put(format!("api/logo/{id}/commit")).subject(Subject::Logo(id));
        self.client.json(call).await
    }

    /// `POST /api/logo/{logoId}/changecolors` (only in `Draft`, after the method is confirmed).
    pub async fn change_colors(self, id: LogoId, body: &ChangeColors) -> Result<Logo, ApiError> {
        check(validate_change_colors(body))?;
        let call = Call::post(format!("api/logo/{id}/changecolors"))
            .json(body)?
            .subject(Subject::Logo(id));
        self.client.json(call).await
    }

    /// `POST /api/logo/{logoId}/updatemethod` (only in `Draft`, not after a color change).
    pub async fn update_method(self, id: LogoId, body: &UpdateMethod) -> Result<Logo, ApiError> {
        if body.transfer_method_key.trim().is_empty() {
            return Err(ApiError::Validation(vec![ValidationIssue::broken(
                "transferMethodKey",
                Rule::MethodMissing,
            )]));
        }
        let call = Call::post(format!("api/logo/{id}/updatemethod"))
            .json(body)?
            .subject(Subject::Logo(id));
        self.client.json(call).await
    }

    /// `POST /api/logo/{logoId}/resize` (only in `Draft`); see [`Resize::new`].
    pub async fn resize(self, id: LogoId, body: &Resize) -> Result<Logo, ApiError> {
        check(validate_resize(body))?;
        let call = Call::post(format!("api/logo/{id}/resize"))
            .json(body)?
            .subject(Subject::Logo(id));
        self.client.json(call).await
    }

    /// `PUT /api/logo/{logoId}/rename`.
    pub async fn rename(self, id: LogoId, body: &Rename) -> Result<Logo, ApiError> {
        if body.title.trim().is_empty() {
            return Err(ApiError::Validation(vec![ValidationIssue::broken(
                "title",
                Rule::TitleMissing,
            )]));
        }
        let call = Call::put(format!("api/logo/{id}/rename"))
            .json(body)?
            .subject(Subject::Logo(id));
        self.client.json(call).await
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::client::to_query_pairs;
    use crate::api::models::ColorChange;
    use serde_json::json;

    #[test]
    fn list_query_is_the_query_string() {
        let full = ListLogos::new().page(2).limit(25).search("Blå hjerte");
        assert_eq!(
            serde_json::to_value(&full).unwrap(),
            json!({"page": 2, "limit": 25, "search": "Blå hjerte"})
        );
        assert_eq!(
            to_query_pairs(&full).unwrap(),
            vec![
                ("limit".to_owned(), "25".to_owned()),
                ("page".to_owned(), "2".to_owned()),
                ("search".to_owned(), "Blå hjerte".to_owned()),
            ]
        );
        assert_eq!(serde_json::to_value(ListLogos::new()).unwrap(), json!({}));
        assert!(to_query_pairs(&ListLogos::new()).unwrap().is_empty());
        assert_eq!(
            serde_json::to_value(ListLogos::new().search("   ")).unwrap(),
            json!({})
        );
        let only_search = ListLogos::new().search("a&b=c");
        let client =
            Client::new(crate::api::ClientConfig::parse("https://h/p/", "k").unwrap()).unwrap();
        let url = client
            .url_for("api/logos", &to_query_pairs(&only_search).unwrap())
            .unwrap();
        assert_eq!(url.as_str(), "https://h/p/api/logos?search=a%26b%3Dc");
    }

    #[test]
    fn content_types_follow_extensions() {
        assert_eq!(content_type_for("a.PNG"), "image/png");
        assert_eq!(content_type_for("a.jpeg"), "image/jpeg");
        assert_eq!(content_type_for("crest.svg"), "image/svg+xml");
        assert_eq!(content_type_for("noext"), "application/octet-stream");
        let u = UploadLogo::new("x.webp", vec![1u8, 2, 3], "Crest");
        assert_eq!(u.content_type, "image/webp");
        assert!(format!("{u:?}").contains("3 bytes"));
        assert!(u.validate().is_empty());
        let bad = UploadLogo::new("x.png", Vec::<u8>::new(), " ");
        let paths: Vec<_> = bad.validate().into_iter().map(|i| i.path).collect();
        assert_eq!(paths, ["File", "title"]);
    }

    #[test]
    fn color_change_and_resize_rules() {
        let ok = ChangeColors {
            color_changes: vec![ColorChange {
                from: "HVID,200".into(),
                to: "300,185".into(),
            }],
        };
        assert!(validate_change_colors(&ok).is_empty());
        let bad = ChangeColors {
            color_changes: vec![ColorChange {
                from: "HVID,200".into(),
                to: "300".into(),
            }],
        };
        let issues = validate_change_colors(&bad);
        assert_eq!(issues.len(), 1);
        assert_eq!(issues[0].path, "colorChanges[0].to");
        assert!(validate_resize(&Resize::new(Some(80.0), None)).is_empty());
        assert_eq!(validate_resize(&Resize::new(None, None)).len(), 1);
        let neg = Resize {
            width_in_mm: "-3".into(),
            height_in_mm: "abc".into(),
        };
        let paths: Vec<_> = validate_resize(&neg).into_iter().map(|i| i.path).collect();
        assert_eq!(paths, ["widthInMM", "heightInMM"]);
    }
}
