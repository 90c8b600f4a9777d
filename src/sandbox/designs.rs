//! Designs: garment styles and their views, lookup, cloning into variations, and the plan of
//! a rendering of its views (`POST /api/design/{id}/view` and `/thumbnail`; the pixels are
//! drawn by [`super::garments`]).

use std::collections::BTreeMap;
use std::sync::Arc;

use image::RgbaImage;
use serde_json::Value;

use super::db::{Changed, Db};
use super::error::{Result, SandboxError};
use super::garments::{self, Art, Cut, Look, PX_PER_MM, Placed};
use super::pictures::{PictureId, Pictures};
use super::records::DesignRec;
use super::styles::{SandboxStyle, StyleView};
use crate::api::{Design, DesignLogo, DesignStatus, LogoStatus, LogoType};

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
    /// How its views are drawn.
    pub look: Look,
}

impl Style {
    /// The style with each view's size and scale (`GET /sandbox/styles/{id}`).
    pub fn describe(&self) -> SandboxStyle {
        SandboxStyle {
            id: self.id,
            name: self.name.to_owned(),
            model: self.model.to_owned(),
            manufacturer_id: self.manufacturer_id,
            ean: self.ean.to_owned(),
            views: self
                .views
                .iter()
                .map(|&(view_id, view)| {
                    let (w, h) = garments::view_size(self.look.cut, view);
                    StyleView {
                        view_id,
                        view: view.to_owned(),
                        width_px: w,
                        height_px: h,
                        px_per_mm: PX_PER_MM,
                        center_x: f64::from(w) / 2.0,
                    }
                })
                .collect(),
        }
    }
}

const SHIRT_VIEWS: &[(i64, &str)] = &[
    (1, "FRONT"),
    (2, "BACK"),
    (3, "LEFT SLEEVE"),
    (4, "RIGHT SLEEVE"),
];

/// The hoodie's views (long sleeves).
const HOODIE_VIEWS: &[(i64, &str)] = SHIRT_VIEWS;

/// The hoodie style.
pub const HOODIE_STYLE: i64 = 504;

/// The garment styles of the demo designs.
pub const STYLES: [Style; 4] = [
    Style {
        id: 501,
        name: "Kamptrøje",
        model: "Club Match Jersey",
        manufacturer_id: 12,
        ean: "5701234500011",
        views: SHIRT_VIEWS,
        look: Look {
            cut: Cut::Jersey,
            body: "186",
            trim: "HVID",
            line: "7621",
        },
    },
    Style {
        id: 502,
        name: "Træningstrøje",
        model: "Club Training Tee",
        manufacturer_id: 12,
        ean: "5701234500028",
        views: SHIRT_VIEWS,
        look: Look {
            cut: Cut::Tee,
            body: "300",
            trim: "282",
            line: "282",
        },
    },
    Style {
        id: 503,
        name: "Spillershorts",
        model: "Club Match Shorts",
        manufacturer_id: 14,
        ean: "5701234500035",
        views: &[(1, "FRONT"), (2, "BACK"), (5, "LEFT LEG"), (6, "RIGHT LEG")],
        look: Look {
            cut: Cut::Shorts,
            body: "282",
            trim: "HVID",
            line: "SORT",
        },
    },
    Style {
        id: HOODIE_STYLE,
        name: "Hættetrøje",
        model: "Club Hoodie",
        manufacturer_id: 12,
        ean: "5701234500042",
        views: HOODIE_VIEWS,
        look: Look {
            cut: Cut::Hoodie,
            body: "424",
            trim: "282",
            line: "282",
        },
    },
];

/// The style with this id.
pub fn style(id: i64) -> Option<&'static Style> {
    STYLES.iter().find(|s| s.id == id)
}

/// Finds a view of a style by name, ignoring case and treating `_`, `-` and runs of blanks
/// as one space (`Left Sleeve`, `LEFT_SLEEVE` → `LEFT SLEEVE`).
pub fn find_view(style: &Style, name: &str) -> Option<(i64, &'static str)> {
    let norm = garments::canonical_view(name);
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

    /// Reads placement `pl` (at request path `q`) of a design of `style`: a view of the style
    /// (a design of unknown style keeps the view as given, capitalised), a logo the caller may
    /// see (`Done` when `require_done`), finite coordinates and angle.
    fn read_placement(
        &self,
        caller: i64,
        style: Option<&Style>,
        pl: &Value,
        q: &str,
        require_done: bool,
    ) -> Result<DesignLogo> {
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
        if require_done && logo.logo.status != LogoStatus::Done {
            return Err(SandboxError::bad(format!(
                "{q}.logoId {logo_id} is not committed (status {}); only Done logos can be placed",
                logo.logo.status
            )));
        }
        let x = number(o.get("xCoordinate"), &format!("{q}.xCoordinate"), true)?;
        let y = number(o.get("yCoordinate"), &format!("{q}.yCoordinate"), true)?;
        let angle = number(o.get("angleRads"), &format!("{q}.angleRads"), false)?;
        Ok(DesignLogo {
            logo_id: logo_id.into(),
            logo_item_no: logo.logo.logo_item_no,
            view,
            view_id,
            x_coordinate: x.unwrap_or_default(),
            y_coordinate: y.unwrap_or_default(),
            angle_rads: angle.unwrap_or(0.0),
        })
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
                logos.push(self.read_placement(caller, style, pl, &q, true)?);
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
                unread_placements: Vec::new(),
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

/// Sample text of a NameLogo placeholder without a value.
pub const SAMPLE_NAME: &str = "NAME";
/// Sample digits of a NumberLogo placeholder without a value.
pub const SAMPLE_NUMBER: &str = "10";

/// What one placement shows, before its picture is read.
#[derive(Debug, Clone, PartialEq)]
pub enum PlannedArt {
    /// The logo's high-resolution picture.
    Picture(Option<PictureId>),
    /// Lettering (NameLogo/NumberLogo placeholders).
    Text(String),
}

/// One placement of a rendering, before its picture is read.
#[derive(Debug, Clone, PartialEq)]
pub struct PlannedLogo {
    /// Centre in view px.
    pub x: f64,
    /// Centre in view px.
    pub y: f64,
    /// Clockwise turn in radians.
    pub angle: f64,
    /// The logo's size in mm.
    pub width_mm: f64,
    /// The logo's size in mm.
    pub height_mm: f64,
    /// What it shows.
    pub art: PlannedArt,
}

/// What a rendering draws, read under the state lock; [`RenderPlan::render`] reads the
/// pictures and draws after the lock is released.
#[derive(Debug, Clone)]
pub struct RenderPlan {
    /// The design.
    pub design_id: i64,
    /// Its style.
    pub style: &'static Style,
    /// Every view of the style, in the style's order, with its placements in drawing order.
    pub views: Vec<(i64, &'static str, Vec<PlannedLogo>)>,
}

/// One rendered view.
#[derive(Debug, Clone)]
pub struct RenderedView {
    /// The view's id in the style.
    pub view_id: i64,
    /// Its name (canonical capitals).
    pub view: &'static str,
    /// The picture.
    pub image: RgbaImage,
}

impl RenderPlan {
    /// Reads the pictures from `pictures` and draws every view.
    pub fn render(&self, pictures: &Pictures) -> Result<Vec<RenderedView>> {
        let mut bytes: BTreeMap<PictureId, Arc<[u8]>> = BTreeMap::new();
        let mut out = Vec::with_capacity(self.views.len());
        for (view_id, view, logos) in &self.views {
            let mut placed = Vec::with_capacity(logos.len());
            for l in logos {
                let art = match &l.art {
                    PlannedArt::Text(t) => Art::Text(t.clone()),
                    PlannedArt::Picture(None) => Art::Picture(None),
                    PlannedArt::Picture(Some(id)) => {
                        if !bytes.contains_key(id)
                            && let Some(b) = pictures.get(*id)?
                        {
                            bytes.insert(*id, b);
                        }
                        Art::Picture(bytes.get(id).cloned())
                    }
                };
                placed.push(Placed {
                    x: l.x,
                    y: l.y,
                    angle: l.angle,
                    width_mm: l.width_mm,
                    height_mm: l.height_mm,
                    art,
                });
            }
            out.push(RenderedView {
                view_id: *view_id,
                view,
                image: garments::render_view(&self.style.look, view, &placed),
            });
        }
        Ok(out)
    }
}

/// Values drawn into placeholders: `name`, `number` and `logoValues` as in an order instance.
#[derive(Debug, Default)]
struct Values {
    name: Option<String>,
    number: Option<String>,
    per_logo: BTreeMap<i64, String>,
}

fn digits_only(s: &str) -> bool {
    !s.is_empty() && s.chars().all(|c| c.is_ascii_digit())
}

fn read_values(o: &serde_json::Map<String, Value>) -> Result<Values> {
    let text = |key: &str| -> Result<Option<String>> {
        match o.get(key) {
            None | Some(Value::Null) => Ok(None),
            Some(Value::String(s)) => Ok(Some(s.trim().to_owned()).filter(|s| !s.is_empty())),
            Some(_) => Err(SandboxError::bad(format!("{key} must be a string"))),
        }
    };
    let mut v = Values {
        name: text("name")?,
        number: text("number")?,
        per_logo: BTreeMap::new(),
    };
    if let Some(n) = &v.number
        && !digits_only(n)
    {
        return Err(SandboxError::bad(format!(
            "number {n:?} must contain digits only"
        )));
    }
    match o.get("logoValues") {
        None | Some(Value::Null) => {}
        Some(Value::Array(a)) => {
            for (i, e) in a.iter().enumerate() {
                let q = format!("logoValues[{i}]");
                let id = e
                    .get("logoId")
                    .and_then(Value::as_i64)
                    .ok_or_else(|| SandboxError::bad(format!("{q}.logoId must be an integer")))?;
                let value = e
                    .get("value")
                    .and_then(Value::as_str)
                    .ok_or_else(|| SandboxError::bad(format!("{q}.value must be a string")))?;
                v.per_logo.insert(id, value.trim().to_owned());
            }
        }
        Some(_) => return Err(SandboxError::bad("logoValues must be an array")),
    }
    Ok(v)
}

impl Db {
    /// Plans `POST /api/design/{id}/view` and `/thumbnail`: the design must be visible to the
    /// caller (404 otherwise). The optional body may name the design (`designId`, which must
    /// be the path's) and give temporary `designLogos` drawn instead of the design's own (any
    /// logo the caller may see, Draft too; a view of the style; finite numbers), and, as a
    /// sandbox extension, `name`, `number` and `logoValues` for the placeholders. Nothing is
    /// changed.
    pub fn plan_render(&self, caller: i64, id: i64, body: &Value) -> Result<RenderPlan> {
        let rec = self.visible_design(caller, id)?;
        let o = body
            .as_object()
            .ok_or_else(|| SandboxError::bad("The request body must be a JSON object"))?;
        match o.get("designId") {
            None | Some(Value::Null) => {}
            Some(Value::Number(n)) if n.as_i64() == Some(id) => {}
            Some(Value::Number(n)) => {
                return Err(SandboxError::bad(format!(
                    "designId {n} in the body differs from design {id} in the address"
                )));
            }
            Some(_) => return Err(SandboxError::bad("designId must be an integer")),
        }
        let style = rec.design.style_id.and_then(style).ok_or_else(|| {
            SandboxError::bad(format!(
                "Design {id} has no garment style the sandbox can draw"
            ))
        })?;
        let placements = match o.get("designLogos") {
            None | Some(Value::Null) => rec.design.design_logos.clone(),
            Some(Value::Array(a)) if a.len() > MAX_PLACEMENTS => {
                return Err(SandboxError::bad(format!(
                    "designLogos has more than {MAX_PLACEMENTS} placements"
                )));
            }
            Some(Value::Array(a)) => a
                .iter()
                .enumerate()
                .map(|(j, pl)| {
                    self.read_placement(
                        caller,
                        Some(style),
                        pl,
                        &format!("designLogos[{j}]"),
                        false,
                    )
                })
                .collect::<Result<Vec<_>>>()?,
            Some(_) => return Err(SandboxError::bad("designLogos must be an array")),
        };
        let values = read_values(o)?;
        let kind = |logo: i64| self.logos.get(&logo).map(|l| &l.logo.logo_type);
        for (&logo, value) in &values.per_logo {
            let k = kind(logo);
            let placed = placements.iter().any(|p| p.logo_id.0 == logo);
            if !placed || !matches!(k, Some(LogoType::NameLogo | LogoType::NumberLogo)) {
                return Err(SandboxError::bad(format!(
                    "logoValues: logo {logo} is not a NameLogo or NumberLogo placeholder placed on this design"
                )));
            }
            if k == Some(&LogoType::NumberLogo) && !digits_only(value) {
                return Err(SandboxError::bad(format!(
                    "logoValues: the value {value:?} of NumberLogo {logo} must contain digits only"
                )));
            }
        }
        let mut views: Vec<(i64, &'static str, Vec<PlannedLogo>)> = style
            .views
            .iter()
            .map(|&(i, v)| (i, v, Vec::new()))
            .collect();
        for p in &placements {
            let Some(logo) = self.logos.get(&p.logo_id.0) else {
                tracing::warn!(
                    design = id,
                    logo = p.logo_id.0,
                    "a placed logo does not exist"
                );
                continue;
            };
            let Some(slot) = find_view(style, &p.view)
                .and_then(|(_, v)| views.iter_mut().find(|(_, name, _)| *name == v))
            else {
                continue;
            };
            let value = values.per_logo.get(&p.logo_id.0).cloned();
            let art = match logo.logo.logo_type {
                LogoType::NameLogo => PlannedArt::Text(
                    value
                        .or_else(|| values.name.clone())
                        .unwrap_or_else(|| SAMPLE_NAME.to_owned()),
                ),
                LogoType::NumberLogo => PlannedArt::Text(
                    value
                        .or_else(|| values.number.clone())
                        .unwrap_or_else(|| SAMPLE_NUMBER.to_owned()),
                ),
                _ => PlannedArt::Picture(logo.pictures.high.or(logo.pictures.original)),
            };
            slot.2.push(PlannedLogo {
                x: p.x_coordinate,
                y: p.y_coordinate,
                angle: p.angle_rads,
                width_mm: logo.logo.width_in_mm,
                height_mm: logo.logo.height_in_mm,
                art,
            });
        }
        Ok(RenderPlan {
            design_id: id,
            style,
            views,
        })
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
