//! Designs: garment styles and their views, lookup and cloning into variations.

use serde_json::Value;

use super::error::{Result, SandboxError};
use super::state::{Changed, Db, DesignRec};
use crate::api::{Design, DesignLogo, DesignStatus, LogoStatus};

/// A garment style: the views logos can be placed on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Style {
    /// Style id (`styleId` of a design).
    pub id: i64,
    /// Display name.
    pub name: &'static str,
    /// Model name.
    pub model: &'static str,
    /// Manufacturer.
    pub manufacturer_id: i64,
    /// EAN of the garment.
    pub ean: &'static str,
    /// `(viewId, view)` pairs; views are written in capitals as designs name them.
    pub views: &'static [(i64, &'static str)],
}

const SHIRT_VIEWS: &[(i64, &str)] = &[
    (1, "FRONT"),
    (2, "BACK"),
    (3, "LEFT SLEEVE"),
    (4, "RIGHT SLEEVE"),
];

/// The garment styles of the demo designs.
pub const STYLES: [Style; 3] = [
    Style {
        id: 501,
        name: "Kamptrøje",
        model: "Club Match Jersey",
        manufacturer_id: 12,
        ean: "5701234500011",
        views: SHIRT_VIEWS,
    },
    Style {
        id: 502,
        name: "Træningstrøje",
        model: "Club Training Tee",
        manufacturer_id: 12,
        ean: "5701234500028",
        views: SHIRT_VIEWS,
    },
    Style {
        id: 503,
        name: "Spillershorts",
        model: "Club Match Shorts",
        manufacturer_id: 14,
        ean: "5701234500035",
        views: &[(1, "FRONT"), (2, "BACK"), (5, "LEFT LEG"), (6, "RIGHT LEG")],
    },
];

/// The style with this id.
pub fn style(id: i64) -> Option<&'static Style> {
    STYLES.iter().find(|s| s.id == id)
}

/// Finds a view of a style by name, ignoring case and treating `_`, `-` and runs of blanks
/// as one space (`Left Sleeve`, `LEFT_SLEEVE` → `LEFT SLEEVE`).
pub fn find_view(style: &Style, name: &str) -> Option<(i64, &'static str)> {
    let norm: String = name
        .replace(['_', '-'], " ")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_uppercase();
    style.views.iter().copied().find(|(_, v)| *v == norm)
}

/// Most variations per clone request.
pub const MAX_VARIATIONS: usize = 50;
/// Most placements per variation.
pub const MAX_PLACEMENTS: usize = 50;

fn number(v: Option<&Value>, path: &str, required: bool) -> Result<Option<f64>> {
    match v {
        None | Some(Value::Null) if !required => Ok(None),
        None | Some(Value::Null) => Err(SandboxError::bad(format!("{path} is required"))),
        Some(Value::Number(n)) => n
            .as_f64()
            .filter(|f| f.is_finite())
            .map(Some)
            .ok_or_else(|| SandboxError::bad(format!("{path} must be a finite number"))),
        Some(_) => Err(SandboxError::bad(format!("{path} must be a number"))),
    }
}

impl Db {
    /// A design the caller may see, or 404.
    pub fn visible_design(&self, caller: i64, id: i64) -> Result<&DesignRec> {
        self.designs
            .get(&id)
            .filter(|d| self.can_see(caller, d.owner))
            .ok_or_else(|| SandboxError::not_found(format!("Design {id} was not found")))
    }

    /// `POST /api/design/{id}/clone`: one new design per variation, in order. A clone of a
    /// `Done` design is `Done` with a new item number; a clone of a draft is a draft.
    pub fn clone_design(&mut self, caller: i64, id: i64, body: &Value) -> Result<Vec<Design>> {
        let source = self.visible_design(caller, id)?.clone();
        let style = source.design.style_id.and_then(style);
        let variations = match body.as_object().and_then(|o| o.get("variations")) {
            _ if !body.is_object() => {
                return Err(SandboxError::bad("The request body must be a JSON object"));
            }
            Some(Value::Array(a)) if a.is_empty() => {
                return Err(SandboxError::bad(
                    "variations must contain at least one variation",
                ));
            }
            Some(Value::Array(a)) if a.len() > MAX_VARIATIONS => {
                return Err(SandboxError::bad(format!(
                    "At most {MAX_VARIATIONS} variations are accepted per request"
                )));
            }
            Some(Value::Array(a)) => a.clone(),
            None | Some(Value::Null) => return Err(SandboxError::bad("variations is required")),
            Some(_) => return Err(SandboxError::bad("variations must be an array")),
        };
        // Check everything before creating anything.
        let mut planned: Vec<(String, Vec<DesignLogo>)> = Vec::with_capacity(variations.len());
        for (i, v) in variations.iter().enumerate() {
            let p = format!("variations[{i}]");
            let obj = v
                .as_object()
                .ok_or_else(|| SandboxError::bad(format!("{p} must be a JSON object")))?;
            let title = match obj.get("title") {
                Some(Value::String(s)) if !s.trim().is_empty() => s.trim().to_owned(),
                Some(Value::String(_)) | None | Some(Value::Null) => {
                    return Err(SandboxError::bad(format!("{p}.title is required")));
                }
                Some(_) => return Err(SandboxError::bad(format!("{p}.title must be a string"))),
            };
            let placements = match obj.get("designLogos") {
                None | Some(Value::Null) => Vec::new(),
                Some(Value::Array(a)) if a.len() > MAX_PLACEMENTS => {
                    return Err(SandboxError::bad(format!(
                        "{p}.designLogos has more than {MAX_PLACEMENTS} placements"
                    )));
                }
                Some(Value::Array(a)) => a.clone(),
                Some(_) => {
                    return Err(SandboxError::bad(format!(
                        "{p}.designLogos must be an array"
                    )));
                }
            };
            let mut logos = Vec::with_capacity(placements.len());
            for (j, pl) in placements.iter().enumerate() {
                let q = format!("{p}.designLogos[{j}]");
                let o = pl
                    .as_object()
                    .ok_or_else(|| SandboxError::bad(format!("{q} must be a JSON object")))?;
                let view_name = match o.get("view") {
                    Some(Value::String(s)) if !s.trim().is_empty() => s.clone(),
                    Some(Value::String(_)) | None | Some(Value::Null) => {
                        return Err(SandboxError::bad(format!("{q}.view is required")));
                    }
                    Some(_) => return Err(SandboxError::bad(format!("{q}.view must be a string"))),
                };
                // A design of an unknown style (none in the demo data) keeps the view as given.
                let (view_id, view) = match style {
                    Some(s) => find_view(s, &view_name)
                        .map(|(id, v)| (Some(id), v.to_owned()))
                        .ok_or_else(|| {
                            SandboxError::bad(format!(
                                "{q}.view {view_name:?} is not a view of style {}; known views: {}",
                                s.id,
                                s.views
                                    .iter()
                                    .map(|(_, v)| *v)
                                    .collect::<Vec<_>>()
                                    .join(", ")
                            ))
                        })?,
                    None => (None, view_name.trim().to_uppercase()),
                };
                let logo_id = match o.get("logoId") {
                    Some(Value::Number(n)) if n.is_i64() => n.as_i64().unwrap_or_default(),
                    None | Some(Value::Null) => {
                        return Err(SandboxError::bad(format!("{q}.logoId is required")));
                    }
                    Some(_) => {
                        return Err(SandboxError::bad(format!("{q}.logoId must be an integer")));
                    }
                };
                let logo = self
                    .logos
                    .get(&logo_id)
                    .filter(|l| self.can_see(caller, l.owner))
                    .ok_or_else(|| {
                        SandboxError::bad(format!(
                            "{q}.logoId {logo_id} was not found or is not accessible to the vendor"
                        ))
                    })?;
                if logo.logo.status != LogoStatus::Done {
                    return Err(SandboxError::bad(format!(
                        "{q}.logoId {logo_id} is not committed (status {}); only Done logos can be placed",
                        logo.logo.status
                    )));
                }
                let x = number(o.get("xCoordinate"), &format!("{q}.xCoordinate"), true)?;
                let y = number(o.get("yCoordinate"), &format!("{q}.yCoordinate"), true)?;
                let angle = number(o.get("angleRads"), &format!("{q}.angleRads"), false)?;
                logos.push(DesignLogo {
                    logo_id: logo_id.into(),
                    logo_item_no: logo.logo.logo_item_no,
                    view,
                    view_id,
                    x_coordinate: x.unwrap_or_default(),
                    y_coordinate: y.unwrap_or_default(),
                    angle_rads: angle.unwrap_or(0.0),
                });
            }
            planned.push((title, logos));
        }
        let done = source.design.status == Some(DesignStatus::Done);
        let mut out = Vec::with_capacity(planned.len());
        for (title, design_logos) in planned {
            let new_id = self.next_design_id();
            let design = Design {
                design_id: new_id.into(),
                design_item_no: done.then(|| self.next_design_mul().into()),
                title,
                manufacturer_id: source.design.manufacturer_id,
                style_id: source.design.style_id,
                heating_code: source.design.heating_code.clone(),
                is_editable: source.design.is_editable,
                status: Some(if done {
                    DesignStatus::Done
                } else {
                    DesignStatus::Draft
                }),
                design_logos,
            };
            self.designs.insert(
                new_id,
                DesignRec {
                    design: design.clone(),
                    owner: source.owner,
                },
            );
            self.touch(Changed::Design(new_id));
            out.push(design);
        }
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn views_match_loosely() {
        let s = style(501).unwrap();
        assert_eq!(find_view(s, "front"), Some((1, "FRONT")));
        assert_eq!(find_view(s, "Left Sleeve"), Some((3, "LEFT SLEEVE")));
        assert_eq!(find_view(s, "RIGHT_SLEEVE"), Some((4, "RIGHT SLEEVE")));
        assert_eq!(find_view(s, "LEFT LEG"), None);
    }

    #[test]
    fn a_design_of_unknown_style_keeps_the_view_it_is_given() {
        use crate::sandbox::fixtures::{DONE_DESIGN, DONE_LOGO, VENDOR_ORG};
        let mut db = crate::sandbox::fixtures::demo_db(
            chrono::Utc::now(),
            Default::default(),
            crate::sandbox::pictures::Pictures::in_memory(),
        )
        .unwrap();
        if let Some(d) = db.designs.get_mut(&DONE_DESIGN) {
            d.design.style_id = None;
        }
        let body = serde_json::json!({"variations": [{"title": "V", "designLogos": [
            {"view": "Left chest", "logoId": DONE_LOGO, "xCoordinate": 1.0, "yCoordinate": 2.0}
        ]}]});
        let out = db.clone_design(VENDOR_ORG, DONE_DESIGN, &body).unwrap();
        assert_eq!(out[0].design_logos[0].view, "LEFT CHEST");
        assert_eq!(out[0].design_logos[0].view_id, None);
    }
}
