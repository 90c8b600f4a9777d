//! Logos: upload processing, the draft rules (method, colors, size, title), commit, lookup
//! and listing.

use std::sync::Arc;

use chrono::{DateTime, Utc};
use image::RgbaImage;
use serde_json::Value;

use super::db::{Changed, Db};
use super::error::{Result, SandboxError};
use super::inks;
use super::pictures::{LogoOut, LogoPictures, PictureId, Pictures, SummariesOut};
use super::pricing;
use super::records::LogoRec;
use crate::api::{Color, Logo, LogoStatus, LogoSummary, LogoType, Page};
use crate::imaging::{self, ImagingError, Limits};

/// Longest side of the kept original picture and of the high-resolution preview.
pub const HIGH_RES_SIDE: u32 = 1024;
/// Longest side of the low-resolution preview.
pub const LOW_RES_SIDE: u32 = 256;
/// Default page size of the logo list.
pub const DEFAULT_LIMIT: i64 = 12;
/// Largest page size of the logo list; larger requests are clamped to it.
pub const MAX_LIMIT: i64 = 25;
/// Largest accepted width or height in a resize, in millimetres.
pub const MAX_MM: f64 = 2000.0;
/// Longest accepted title, in characters.
pub const MAX_TITLE_CHARS: usize = 200;

/// An upload decoded and prepared outside the state lock.
#[derive(Debug, Clone)]
pub struct PreparedUpload {
    /// Title, trimmed.
    pub title: String,
    /// Size in millimetres at [`imaging::DEFAULT_DPI`].
    pub width_mm: f64,
    /// Size in millimetres at [`imaging::DEFAULT_DPI`].
    pub height_mm: f64,
    /// Inks found in the picture, in [`inks::reduce_to_inks`] order.
    pub colors: Vec<Color>,
    /// The kept original (at most [`HIGH_RES_SIDE`] px), PNG; also the high-res preview.
    pub original_png: Arc<[u8]>,
    /// Low-resolution preview, PNG.
    pub low_res: Arc<[u8]>,
}

impl PreparedUpload {
    /// Stores the pictures in `pictures`, answering where they are.
    pub fn store(&self, pictures: &Pictures) -> Result<LogoPictures> {
        let original = pictures.put(Arc::clone(&self.original_png))?;
        let low = pictures.put(Arc::clone(&self.low_res))?;
        Ok(LogoPictures {
            original: Some(original),
            high: Some(original),
            low: Some(low),
        })
    }
}

/// The HTTP form of a refused picture: too large → 413, not a supported picture → 415,
/// anything else wrong with it → 400.
pub fn imaging_error(e: ImagingError) -> SandboxError {
    let msg = e.to_string();
    match e {
        ImagingError::TooLarge { .. } | ImagingError::TooManyPixels { .. } => {
            SandboxError::PayloadTooLarge(msg)
        }
        ImagingError::UnsupportedFormat => SandboxError::UnsupportedMediaType(msg),
        _ => SandboxError::BadRequest(msg),
    }
}

/// Checks a title: non-blank after trimming, at most [`MAX_TITLE_CHARS`] characters.
pub fn check_title(title: &str) -> Result<String> {
    let t = title.trim();
    if t.is_empty() {
        return Err(SandboxError::bad("title is required and must not be empty"));
    }
    if t.chars().count() > MAX_TITLE_CHARS {
        return Err(SandboxError::bad(format!(
            "title must be at most {MAX_TITLE_CHARS} characters"
        )));
    }
    Ok(t.to_owned())
}

/// Decodes an uploaded file under the default limits and builds its previews. CPU-bound:
/// call it off the async workers.
pub fn prepare_upload(bytes: &[u8], title: &str) -> Result<PreparedUpload> {
    let decoded = imaging::decode(bytes, &Limits::default()).map_err(imaging_error)?;
    let (width_mm, height_mm) =
        imaging::size_mm(decoded.width, decoded.height, imaging::DEFAULT_DPI);
    Ok(prepare_image(&decoded.image, title, width_mm, height_mm))
}

/// Builds previews and colors of a picture printed at the given size.
pub fn prepare_image(
    img: &RgbaImage,
    title: &str,
    width_mm: f64,
    height_mm: f64,
) -> PreparedUpload {
    let scaled = imaging::downscale(img, HIGH_RES_SIDE);
    let found = inks::reduce_to_inks(&scaled);
    // The stored original is the ink-separated picture, so previews show the inks that will
    // be printed and a recolor maps each flat area exactly onto its new ink.
    let master = inks::separate(&scaled, &found);
    let colors = found.into_iter().map(Color::from).collect();
    let low = imaging::downscale(&master, LOW_RES_SIDE);
    PreparedUpload {
        title: title.to_owned(),
        width_mm,
        height_mm,
        colors,
        original_png: imaging::encode_png(&master).into(),
        low_res: imaging::encode_png(&low).into(),
    }
}

/// Everything needed to create a logo record.
#[derive(Debug, Clone)]
pub struct NewLogo {
    /// Id to use.
    pub id: i64,
    /// Owner.
    pub owner: i64,
    /// Kind.
    pub kind: LogoType,
    /// Transfer method.
    pub method: String,
    /// Whether the method counts as confirmed.
    pub method_confirmed: bool,
    /// `Draft` or `Done`.
    pub status: LogoStatus,
    /// Item number (Done logos).
    pub item_no: Option<i64>,
    /// Units in storage.
    pub storage_count: i64,
    /// Creation time.
    pub created_at: DateTime<Utc>,
}

/// Builds a logo record from a prepared picture stored at `pictures`, with prices for its
/// size, inks and method.
pub fn build_logo(n: NewLogo, p: PreparedUpload, pictures: LogoPictures) -> LogoRec {
    let (prices, fees) =
        pricing::logo_pricing(&n.kind, &n.method, p.width_mm, p.height_mm, p.colors.len());
    LogoRec {
        logo: Logo {
            logo_id: n.id.into(),
            logo_item_no: n.item_no.map(Into::into),
            title: p.title,
            width_in_mm: p.width_mm,
            height_in_mm: p.height_mm,
            logo_type: n.kind,
            transfer_method_key: n.method,
            colors: p.colors.clone(),
            status: n.status,
            storage_count: n.storage_count,
            low_res_base64: String::new(),
            high_res_base64: String::new(),
            prices,
            additional_fees: fees,
        },
        owner: n.owner,
        original_colors: p.colors,
        color_map: Vec::new(),
        method_confirmed: n.method_confirmed,
        colors_changed: false,
        pictures,
        created_at: n.created_at,
    }
}

/// A planned color change: what the logo will look like, computed under the lock, rendered
/// outside it.
#[derive(Debug, Clone)]
pub struct ColorPlan {
    /// Merged replacement per original color id.
    pub map: Vec<(String, String)>,
    /// Resulting colors.
    pub colors: Vec<Color>,
    /// Source → target RGB for every changed color.
    pub pairs: Vec<([u8; 3], [u8; 3])>,
    /// RGB of the original colors.
    pub palette: Vec<[u8; 3]>,
    /// The original picture.
    pub original: Option<PictureId>,
}

/// Renders the previews of a planned color change and stores them: (high-res, low-res).
/// Blocking (SQLite and CPU): call it off the async workers.
pub fn render(plan: &ColorPlan, pictures: &Pictures) -> Result<Option<(PictureId, PictureId)>> {
    let Some(original) = plan.original else {
        return Ok(None);
    };
    let png = pictures.get(original)?.ok_or_else(|| {
        SandboxError::Internal(format!("stored original picture {} is missing", original.0))
    })?;
    let img = imaging::decode(&png, &Limits::default())
        .map_err(|e| SandboxError::Internal(format!("stored original picture unreadable: {e}")))?
        .image;
    let out = imaging::recolor(&img, &plan.pairs, &plan.palette);
    let low = imaging::downscale(&out, LOW_RES_SIDE);
    let high = pictures.put(imaging::encode_png(&out).into())?;
    let low = pictures.put(imaging::encode_png(&low).into())?;
    Ok(Some((high, low)))
}

fn split_ids(s: &str) -> Vec<String> {
    s.split(',').map(|p| p.trim().to_owned()).collect()
}

/// A millimetre value of a resize body: absent, `null` or `""` = undefined; a numeric string
/// (`.` or `,` as decimal mark) or a number; must be positive and at most [`MAX_MM`].
fn mm_value(body: &serde_json::Map<String, Value>, key: &str) -> Result<Option<f64>> {
    let v = match body.get(key) {
        None | Some(Value::Null) => return Ok(None),
        Some(Value::String(s)) if s.trim().is_empty() => return Ok(None),
        Some(Value::String(s)) => s.trim().replace(',', ".").parse::<f64>().map_err(|_| {
            SandboxError::bad(format!("{key} must be a number of millimetres (was {s:?})"))
        })?,
        Some(Value::Number(n)) => n
            .as_f64()
            .ok_or_else(|| SandboxError::bad(format!("{key} must be a number of millimetres")))?,
        Some(_) => {
            return Err(SandboxError::bad(format!(
                "{key} must be a string holding a number of millimetres"
            )));
        }
    };
    if !v.is_finite() || v <= 0.0 {
        return Err(SandboxError::bad(format!(
            "{key} must be greater than 0 (was {v})"
        )));
    }
    if v > MAX_MM {
        return Err(SandboxError::bad(format!(
            "{key} must be at most {MAX_MM} mm (was {v})"
        )));
    }
    Ok(Some(v))
}

fn round_mm(v: f64) -> f64 {
    (v * 100.0).round() / 100.0
}

fn object(body: &Value) -> Result<&serde_json::Map<String, Value>> {
    body.as_object()
        .ok_or_else(|| SandboxError::bad("The request body must be a JSON object"))
}

impl Db {
    /// A logo the caller may see, or 404.
    pub fn visible_logo(&self, caller: i64, id: i64) -> Result<&LogoRec> {
        self.logos
            .get(&id)
            .filter(|l| self.can_see(caller, l.owner))
            .ok_or_else(|| SandboxError::not_found(format!("Logo {id} was not found")))
    }

    /// A Done logo with this item number that the caller may see, or 404.
    pub fn visible_logo_by_item_no(&self, caller: i64, item_no: i64) -> Result<&LogoRec> {
        self.logos
            .values()
            .find(|l| {
                l.logo.logo_item_no.is_some_and(|n| n.0 == item_no) && self.can_see(caller, l.owner)
            })
            .ok_or_else(|| {
                SandboxError::not_found(format!("Logo with item number {item_no} was not found"))
            })
    }

    fn draft_logo_mut(&mut self, caller: i64, id: i64, what: &str) -> Result<&mut LogoRec> {
        let status = self.visible_logo(caller, id)?.logo.status.clone();
        if status != LogoStatus::Draft {
            return Err(SandboxError::conflict(format!(
                "Logo {id} is not in Draft (status {status}); {what} is only allowed for logos in \
                 Draft, and changes after commit are not allowed"
            )));
        }
        self.logos
            .get_mut(&id)
            .ok_or_else(|| SandboxError::not_found(format!("Logo {id} was not found")))
    }

    /// Logos the caller may see whose title contains `search` (any case), newest (highest
    /// id) first, one page of them.
    pub fn list_logos(
        &self,
        caller: i64,
        page: i64,
        limit: i64,
        search: Option<&str>,
    ) -> SummariesOut {
        let needle = search
            .map(|s| s.trim().to_lowercase())
            .filter(|s| !s.is_empty());
        let all: Vec<&LogoRec> = self
            .logos
            .values()
            .rev()
            .filter(|l| self.can_see(caller, l.owner))
            .filter(|l| {
                needle
                    .as_ref()
                    .is_none_or(|n| l.logo.title.to_lowercase().contains(n.as_str()))
            })
            .collect();
        let total = i64::try_from(all.len()).unwrap_or(i64::MAX);
        let skip = usize::try_from((page - 1).saturating_mul(limit)).unwrap_or(usize::MAX);
        let (items, lows) = all
            .into_iter()
            .skip(skip)
            .take(usize::try_from(limit).unwrap_or(0))
            .map(|l| (LogoSummary::from(&l.logo), l.pictures.low))
            .unzip();
        SummariesOut {
            page: Page {
                items,
                page,
                page_size: limit,
                total_count: total,
                total_pages: (total + limit - 1) / limit,
            },
            lows,
        }
    }

    /// Inserts an uploaded logo for `owner` as a fresh Draft, storing its pictures.
    pub fn insert_upload(
        &mut self,
        owner: i64,
        p: PreparedUpload,
        now: DateTime<Utc>,
    ) -> Result<LogoOut> {
        let pictures = p.store(&self.pictures)?;
        let id = self.next_logo_id();
        let rec = build_logo(
            NewLogo {
                id,
                owner,
                kind: LogoType::Transfer,
                method: pricing::DEFAULT_METHOD.to_owned(),
                method_confirmed: false,
                status: LogoStatus::Draft,
                item_no: None,
                storage_count: 0,
                created_at: now,
            },
            p,
            pictures,
        );
        let out = rec.out();
        self.logos.insert(id, rec);
        self.touch(Changed::Logo(id));
        Ok(out)
    }

    /// `PUT /api/logo/{id}/commit`: Draft → Done with a fresh item number.
    pub fn commit_logo(&mut self, caller: i64, id: i64) -> Result<LogoOut> {
        let status = self.visible_logo(caller, id)?.logo.status.clone();
        if status != LogoStatus::Draft {
            return Err(SandboxError::conflict(format!(
                "Logo {id} is already committed (status {status}); only logos in Draft can be committed"
            )));
        }
        let item_no = self.next_logo_item_no();
        let rec = self
            .logos
            .get_mut(&id)
            .ok_or_else(|| SandboxError::not_found(format!("Logo {id} was not found")))?;
        rec.logo.status = LogoStatus::Done;
        rec.logo.logo_item_no = Some(item_no.into());
        let logo = rec.out();
        self.touch(Changed::Logo(id));
        Ok(logo)
    }

    /// `POST /api/logo/{id}/updatemethod`: confirms a known method on a Draft whose colors
    /// were not changed.
    pub fn update_method(&mut self, caller: i64, id: i64, body: &Value) -> Result<LogoOut> {
        let rec = self.draft_logo_mut(caller, id, "changing the transfer method")?;
        if rec.colors_changed {
            return Err(SandboxError::conflict(format!(
                "The transfer method of logo {id} cannot be changed because its colors were changed"
            )));
        }
        let key = match object(body)?.get("transferMethodKey") {
            Some(Value::String(s)) if !s.trim().is_empty() => s.clone(),
            Some(Value::String(_)) | None | Some(Value::Null) => {
                return Err(SandboxError::bad("transferMethodKey is required"));
            }
            Some(_) => return Err(SandboxError::bad("transferMethodKey must be a string")),
        };
        let method = pricing::method(&key).ok_or_else(|| {
            SandboxError::bad(format!(
                "Unknown transferMethodKey {key:?}; known methods: {}",
                pricing::method_keys()
            ))
        })?;
        rec.logo.transfer_method_key = method.key.to_owned();
        rec.method_confirmed = true;
        reprice(rec);
        let logo = rec.out();
        self.touch(Changed::Logo(id));
        Ok(logo)
    }

    /// Checks a `changecolors` request and plans its result (nothing changes yet).
    pub fn plan_color_change(&self, caller: i64, id: i64, body: &Value) -> Result<ColorPlan> {
        let rec = self.visible_logo(caller, id)?;
        if rec.logo.status != LogoStatus::Draft {
            return Err(SandboxError::conflict(format!(
                "Logo {id} is not in Draft (status {}); changing colors is only allowed for logos \
                 in Draft, and changes after commit are not allowed",
                rec.logo.status
            )));
        }
        if !rec.method_confirmed {
            return Err(SandboxError::conflict(format!(
                "The transfer method of logo {id} is not confirmed; confirm it with updatemethod \
                 before changing colors"
            )));
        }
        let changes = match object(body)?.get("colorChanges") {
            Some(Value::Array(a)) if !a.is_empty() => a,
            Some(Value::Array(_)) => {
                return Err(SandboxError::bad(
                    "colorChanges must contain at least one change",
                ));
            }
            None | Some(Value::Null) => return Err(SandboxError::bad("colorChanges is required")),
            Some(_) => return Err(SandboxError::bad("colorChanges must be an array")),
        };
        let originals = &rec.original_colors;
        let mut new_pairs: Vec<(usize, String)> = Vec::new();
        for (i, change) in changes.iter().enumerate() {
            let field = |k: &str| -> Result<String> {
                match change.get(k) {
                    Some(Value::String(s)) if !s.trim().is_empty() => Ok(s.clone()),
                    Some(Value::String(_)) | None | Some(Value::Null) => Err(SandboxError::bad(
                        format!("colorChanges[{i}].{k} is required"),
                    )),
                    Some(_) => Err(SandboxError::bad(format!(
                        "colorChanges[{i}].{k} must be a comma-separated string of color ids"
                    ))),
                }
            };
            let from = split_ids(&field("from")?);
            let to = split_ids(&field("to")?);
            if from.iter().chain(&to).any(String::is_empty) {
                return Err(SandboxError::bad(format!(
                    "colorChanges[{i}] has an empty color id in its comma-separated list"
                )));
            }
            if from.len() != to.len() {
                return Err(SandboxError::bad(format!(
                    "colorChanges[{i}]: to lists {} colors but from lists {}; they must have the \
                     same number of colors",
                    to.len(),
                    from.len()
                )));
            }
            let mut last: Option<usize> = None;
            for (f, t) in from.iter().zip(&to) {
                let pos = originals
                    .iter()
                    .position(|c| c.id.eq_ignore_ascii_case(f))
                    .ok_or_else(|| {
                        SandboxError::bad(format!(
                            "colorChanges[{i}].from names {f:?}, which is not an original color of \
                             logo {id} (original colors: {})",
                            originals
                                .iter()
                                .map(|c| c.id.as_str())
                                .collect::<Vec<_>>()
                                .join(",")
                        ))
                    })?;
                if last.is_some_and(|l| pos <= l) {
                    return Err(SandboxError::bad(format!(
                        "colorChanges[{i}].from must list original colors once each, in the same \
                         order as in the original file"
                    )));
                }
                last = Some(pos);
                if new_pairs.iter().any(|(p, _)| *p == pos) {
                    return Err(SandboxError::bad(format!(
                        "Original color {f:?} is named in more than one colorChanges entry"
                    )));
                }
                let ink = inks::ink(t).ok_or_else(|| {
                    SandboxError::bad(format!(
                        "colorChanges[{i}].to names {t:?}, which is not a known color id"
                    ))
                })?;
                new_pairs.push((pos, ink.id.to_owned()));
            }
        }
        // Merge with earlier changes: keyed by original color, identity removes the entry.
        let mut map = rec.color_map.clone();
        for (pos, ink_id) in new_pairs {
            let orig = &originals[pos].id;
            map.retain(|(o, _)| o != orig);
            if !orig.eq_ignore_ascii_case(&ink_id) {
                map.push((orig.clone(), ink_id));
            }
        }
        map.sort_by_key(|(o, _)| originals.iter().position(|c| &c.id == o));
        let mut colors: Vec<Color> = Vec::new();
        let mut pairs = Vec::new();
        for c in originals {
            let now = match map
                .iter()
                .find(|(o, _)| o == &c.id)
                .and_then(|(_, t)| inks::ink(t))
            {
                Some(ink) => {
                    if ink.rgb != c.rgb() {
                        pairs.push((c.rgb(), ink.rgb));
                    }
                    Color::from(ink)
                }
                None => c.clone(),
            };
            if !colors.iter().any(|k| k.id == now.id) {
                colors.push(now);
            }
        }
        Ok(ColorPlan {
            map,
            colors,
            pairs,
            palette: originals.iter().map(Color::rgb).collect(),
            original: rec.pictures.original,
        })
    }

    /// Applies a planned and rendered color change (re-checking the rules first, since the
    /// lock was released while rendering).
    pub fn apply_color_change(
        &mut self,
        caller: i64,
        id: i64,
        body: &Value,
        rendered: Option<(PictureId, PictureId)>,
    ) -> Result<LogoOut> {
        let plan = self.plan_color_change(caller, id, body)?;
        let rec = self.draft_logo_mut(caller, id, "changing colors")?;
        rec.color_map = plan.map;
        rec.logo.colors = plan.colors;
        if let Some((high, low)) = rendered {
            rec.pictures.high = Some(high);
            rec.pictures.low = Some(low);
        }
        rec.colors_changed = true;
        reprice(rec);
        let logo = rec.out();
        self.touch(Changed::Logo(id));
        Ok(logo)
    }

    /// `POST /api/logo/{id}/resize`.
    pub fn resize_logo(&mut self, caller: i64, id: i64, body: &Value) -> Result<LogoOut> {
        let rec = self.draft_logo_mut(caller, id, "resizing")?;
        let obj = object(body)?;
        let w = mm_value(obj, "widthInMM")?;
        let h = mm_value(obj, "heightInMM")?;
        let (cw, ch) = (rec.logo.width_in_mm, rec.logo.height_in_mm);
        let (nw, nh) = match (w, h) {
            (None, None) => {
                return Err(SandboxError::bad(
                    "Give widthInMM, heightInMM or both; an empty string means not defined",
                ));
            }
            (Some(w), Some(h)) => (w, h),
            (Some(w), None) if cw > 0.0 => (w, w * ch / cw),
            (None, Some(h)) if ch > 0.0 => (h * cw / ch, h),
            _ => {
                return Err(SandboxError::bad(
                    "Both widthInMM and heightInMM are needed for this logo",
                ));
            }
        };
        let (nw, nh) = (round_mm(nw), round_mm(nh));
        if nw <= 0.0 || nh <= 0.0 || nw > MAX_MM || nh > MAX_MM {
            return Err(SandboxError::bad(format!(
                "The resulting size {nw} × {nh} mm is outside 0.01–{MAX_MM} mm"
            )));
        }
        rec.logo.width_in_mm = nw;
        rec.logo.height_in_mm = nh;
        reprice(rec);
        let logo = rec.out();
        self.touch(Changed::Logo(id));
        Ok(logo)
    }

    /// `PUT /api/logo/{id}/rename`: allowed in Draft and Done.
    pub fn rename_logo(&mut self, caller: i64, id: i64, body: &Value) -> Result<LogoOut> {
        self.visible_logo(caller, id)?;
        let title = match object(body)?.get("title") {
            Some(Value::String(s)) => check_title(s)?,
            None | Some(Value::Null) => return Err(SandboxError::bad("title is required")),
            Some(_) => return Err(SandboxError::bad("title must be a string")),
        };
        let rec = self
            .logos
            .get_mut(&id)
            .ok_or_else(|| SandboxError::not_found(format!("Logo {id} was not found")))?;
        rec.logo.title = title;
        let logo = rec.out();
        self.touch(Changed::Logo(id));
        Ok(logo)
    }
}

/// Recomputes prices and fees from the logo's current size, colors and method.
fn reprice(rec: &mut LogoRec) {
    let l = &mut rec.logo;
    let (prices, fees) = pricing::logo_pricing(
        &l.logo_type,
        &l.transfer_method_key,
        l.width_in_mm,
        l.height_in_mm,
        l.colors.len(),
    );
    l.prices = prices;
    l.additional_fees = fees;
}
