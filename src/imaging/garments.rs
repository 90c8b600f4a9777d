//! Garment pictures and the rendering of a design's placements on them
//! (`POST /api/design/{id}/view` and `/thumbnail`).
//!
//! ## Coordinate system
//!
//! A view is a picture of `width × height` px at [`PX_PER_MM`] px per millimetre of the
//! garment laid flat (so 1 px = 0.5 mm). The origin is the picture's top-left corner, x grows
//! to the right and y downwards, as seen from the outside of the garment. A placement's
//! `xCoordinate`/`yCoordinate` is the centre of its logo in these pixels; the logo is drawn at
//! its real size (`widthInMM × heightInMM` × [`PX_PER_MM`]) and turned by `angleRads`
//! clockwise on the picture (y points down) around that centre. The centre line of every
//! front/back view is `x = width / 2`. [`view_size`] gives each view's size.
//!
//! Garments are drawn from vector shapes with the artwork rasteriser, once per process and
//! view; a rendering copies that picture and composites the placements' pictures, which are
//! decoded and scaled once and kept in a small cache keyed by their content.

use crate::sync::Lock as _;
use std::collections::HashMap;
use std::hash::{Hash as _, Hasher as _};
use std::sync::{Arc, Mutex, OnceLock};

use image::RgbaImage;

use super::artwork::{Canvas, Pt, Shape, arc, text_logo};
use super::inks::{INKS, Ink, ink};
use crate::imaging::{Limits, decode};

/// Pixels per millimetre of every view.
pub const PX_PER_MM: f64 = 2.0;

/// Height of the thumbnail's composite, in px.
pub const THUMBNAIL_HEIGHT: u32 = 400;

/// The cut of a garment: which vector shapes draw it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Cut {
    /// Short-sleeved jersey with a V-neck and side panels.
    Jersey,
    /// Short-sleeved tee with a round neck.
    Tee,
    /// Long-sleeved hoodie with hood, pocket and drawstrings.
    Hoodie,
    /// Shorts with a waistband.
    Shorts,
}

/// How a style looks: its cut and the ink ids of its body, trim and outline.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Look {
    /// The shapes.
    pub cut: Cut,
    /// Body ink id.
    pub body: &'static str,
    /// Trim ink id (collar, cuffs, panels, waistband).
    pub trim: &'static str,
    /// Outline and seam ink id.
    pub line: &'static str,
}

/// Which part of a garment a view shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Part {
    Front,
    Back,
    LeftSide,
    RightSide,
}

fn part(view: &str) -> Part {
    match view {
        "BACK" => Part::Back,
        v if v.starts_with("LEFT") => Part::LeftSide,
        v if v.starts_with("RIGHT") => Part::RightSide,
        _ => Part::Front,
    }
}

/// A view's name in canonical capitals, as placements name it: case ignored, `_`, `-` and
/// runs of blanks as one space (`Left Sleeve`, `LEFT_SLEEVE` → `LEFT SLEEVE`).
pub fn canonical_view(name: &str) -> String {
    name.replace(['_', '-'], " ")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_uppercase()
}

/// A plain garment for a style nobody described (a service that draws no views itself):
/// light grey (white lettering and dark logos both show on it) with a silver trim and a grey
/// outline; shorts when a view is a leg, else a tee.
pub fn plain_look<'a>(views: impl IntoIterator<Item = &'a str>) -> Look {
    let legs = views.into_iter().any(|v| v.contains("LEG"));
    Look {
        cut: if legs { Cut::Shorts } else { Cut::Tee },
        body: "428",
        trim: "877",
        line: "424",
    }
}

/// Width and height in px of view `view` (canonical capitals) of a garment of cut `cut`.
pub fn view_size(cut: Cut, view: &str) -> (u32, u32) {
    match (cut, part(view)) {
        (Cut::Shorts, Part::Front | Part::Back) => (1200, 1000),
        (Cut::Shorts, _) => (600, 700),
        (Cut::Hoodie, Part::LeftSide | Part::RightSide) => (600, 1400),
        (_, Part::LeftSide | Part::RightSide) => (600, 600),
        _ => (1200, 1600),
    }
}

fn k(id: &str) -> &'static Ink {
    ink(id).unwrap_or(&INKS[0])
}

fn mirror(pts: &[Pt], w: f32) -> Vec<Pt> {
    pts.iter().map(|&(x, y)| (w - x, y)).collect()
}

/// The left half of a top's outline from the left neck point to the left hem corner
/// (sleeve included); the right half is its mirror image.
fn top_left_half(cut: Cut) -> Vec<Pt> {
    match cut {
        Cut::Hoodie => vec![
            (470.0, 120.0),
            (210.0, 200.0),
            (20.0, 1180.0),
            (150.0, 1200.0),
            (190.0, 520.0),
            (180.0, 1540.0),
        ],
        _ => vec![
            (470.0, 110.0),
            (210.0, 170.0),
            (20.0, 540.0),
            (150.0, 610.0),
            (150.0, 440.0),
            (160.0, 1530.0),
        ],
    }
}

/// Outline of a top's front or back, neck excluded (the neck is cut out afterwards).
fn top_outline(cut: Cut, w: f32) -> Vec<Pt> {
    let left = top_left_half(cut);
    let mut pts = left.clone();
    let mut right = mirror(&left, w);
    right.reverse();
    pts.extend(right);
    pts
}

/// Draws a view of a garment in `look`, without placements.
fn draw_garment(look: &Look, view: &str) -> RgbaImage {
    let (w, h) = view_size(look.cut, view);
    let (wf, hf) = (w as f32, h as f32);
    let mut c = Canvas::new(w, h);
    let (body, trim, line) = (k(look.body), k(look.trim), k(look.line));
    c.fill(&Shape::rect(0.0, 0.0, wf, hf), Some(k("HVID")), None);
    let p = part(view);
    match (look.cut, p) {
        (Cut::Shorts, Part::Front | Part::Back) => {
            let legs = vec![
                (230.0, 140.0),
                (970.0, 140.0),
                (1050.0, 880.0),
                (650.0, 920.0),
                (600.0, 430.0),
                (550.0, 920.0),
                (150.0, 880.0),
            ];
            let shape = Shape::poly(legs.clone());
            c.fill(&shape, Some(body), None);
            // Side stripes.
            for x in [190.0, 1010.0] {
                c.stroke(
                    &[(x, 140.0), (x, 900.0)],
                    30.0,
                    false,
                    Some(trim),
                    Some(&shape),
                );
            }
            c.fill(&Shape::rect(230.0, 60.0, 740.0, 90.0), Some(trim), None);
            c.stroke(&legs, 4.0, true, Some(line), None);
            c.stroke(
                &[(230.0, 60.0), (970.0, 60.0), (970.0, 150.0), (230.0, 150.0)],
                4.0,
                true,
                Some(line),
                None,
            );
        }
        (Cut::Shorts, _) => {
            let leg = side(
                p,
                wf,
                vec![(80.0, 60.0), (520.0, 60.0), (560.0, 640.0), (40.0, 640.0)],
            );
            c.fill(&Shape::poly(leg.clone()), Some(body), None);
            c.stroke(
                &[(45.0, 620.0), (555.0, 620.0)],
                30.0,
                false,
                Some(trim),
                None,
            );
            c.stroke(&leg, 4.0, true, Some(line), None);
        }
        (_, Part::LeftSide | Part::RightSide) => {
            let cuff_y = if look.cut == Cut::Hoodie {
                1340.0
            } else {
                540.0
            };
            let mut sleeve = arc(300.0, 150.0, 260.0, 120.0, 180.0, 360.0);
            sleeve.push((500.0, cuff_y));
            sleeve.push((100.0, cuff_y));
            let sleeve = side(p, wf, sleeve);
            let shape = Shape::poly(sleeve.clone());
            c.fill(&shape, Some(body), None);
            let band = if look.cut == Cut::Hoodie { 50.0 } else { 36.0 };
            c.stroke(
                &[(60.0, cuff_y - band / 2.0), (540.0, cuff_y - band / 2.0)],
                band,
                false,
                Some(trim),
                Some(&shape),
            );
            c.stroke(&sleeve, 4.0, true, Some(line), None);
        }
        (cut, _) => {
            let outline = top_outline(cut, wf);
            let (neck_y, hood) = (outline[0].1, cut == Cut::Hoodie);
            if hood && p == Part::Front {
                // The hood lies behind the neck.
                let hood = Shape::Ellipse {
                    cx: wf / 2.0,
                    cy: 130.0,
                    rx: 230.0,
                    ry: 120.0,
                };
                c.fill(&hood, Some(body), None);
                c.stroke(
                    &arc(wf / 2.0, 130.0, 230.0, 120.0, 180.0, 360.0),
                    4.0,
                    false,
                    Some(line),
                    None,
                );
            }
            let body_shape = Shape::poly(outline.clone());
            c.fill(&body_shape, Some(body), None);
            if cut == Cut::Jersey {
                // Side panels in the trim color.
                for x in [185.0, wf - 185.0] {
                    c.stroke(
                        &[(x, 420.0), (x, 1540.0)],
                        60.0,
                        false,
                        Some(trim),
                        Some(&body_shape),
                    );
                }
            }
            // Neck opening: deep at the front, shallow at the back.
            let (depth, rx) = match (cut, p) {
                (_, Part::Back) => (40.0, 130.0),
                (Cut::Jersey, _) => (170.0, 130.0),
                (Cut::Hoodie, _) => (120.0, 120.0),
                _ => (110.0, 130.0),
            };
            let neck = if cut == Cut::Jersey && p == Part::Front {
                vec![
                    (wf / 2.0 + rx, neck_y),
                    (wf / 2.0, neck_y + depth),
                    (wf / 2.0 - rx, neck_y),
                ]
            } else {
                arc(wf / 2.0, neck_y, rx, depth, 0.0, 180.0)
            };
            let mut cut_out = neck.clone();
            cut_out.push((wf / 2.0 - rx, neck_y - 200.0));
            cut_out.push((wf / 2.0 + rx, neck_y - 200.0));
            if !(hood && p == Part::Front) {
                c.fill(&Shape::poly(cut_out), Some(k("HVID")), None);
            } else {
                c.fill(&Shape::poly(cut_out), Some(line), Some(&body_shape));
            }
            c.stroke(&neck, 24.0, false, Some(trim), None);
            if hood && p == Part::Back {
                let hood = arc(wf / 2.0, neck_y + 10.0, 220.0, 300.0, 0.0, 180.0);
                c.fill(&Shape::poly(hood.clone()), Some(body), None);
                c.stroke(&hood, 4.0, false, Some(line), None);
            }
            if hood && p == Part::Front {
                let pocket = vec![
                    (380.0, 1080.0),
                    (820.0, 1080.0),
                    (900.0, 1380.0),
                    (300.0, 1380.0),
                ];
                c.stroke(&pocket, 6.0, true, Some(line), None);
                for x in [wf / 2.0 - 50.0, wf / 2.0 + 50.0] {
                    c.stroke(
                        &[(x, neck_y + 100.0), (x, neck_y + 420.0)],
                        10.0,
                        false,
                        Some(k("HVID")),
                        None,
                    );
                }
            }
            // Cuffs and hem.
            let l = top_left_half(cut);
            for cuff in [[l[2], l[3]], [(wf - l[2].0, l[2].1), (wf - l[3].0, l[3].1)]] {
                c.stroke(&cuff, 30.0, false, Some(trim), Some(&body_shape));
            }
            let hem_y = l[5].1 - 12.0;
            c.stroke(
                &[(0.0, hem_y), (wf, hem_y)],
                24.0,
                false,
                Some(trim),
                Some(&body_shape),
            );
            c.stroke(&outline, 4.0, true, Some(line), None);
        }
    }
    c.finish().0
}

/// `pts` as drawn for the left side; mirrored for the right.
fn side(p: Part, w: f32, pts: Vec<Pt>) -> Vec<Pt> {
    if p == Part::RightSide {
        mirror(&pts, w)
    } else {
        pts
    }
}

type GarmentKey = (Cut, &'static str, &'static str, &'static str, String);

/// A view of a garment without placements, drawn once per process.
pub fn garment(look: &Look, view: &str) -> Arc<RgbaImage> {
    static CACHE: OnceLock<Mutex<HashMap<GarmentKey, Arc<RgbaImage>>>> = OnceLock::new();
    let key = (look.cut, look.body, look.trim, look.line, view.to_owned());
    let cache = CACHE.get_or_init(Default::default);
    if let Some(img) = cache.locked().get(&key) {
        return Arc::clone(img);
    }
    let img = Arc::new(draw_garment(look, view));
    cache.locked().insert(key, Arc::clone(&img));
    img
}

/// What a placement shows.
#[derive(Debug, Clone, PartialEq)]
pub enum Art {
    /// The logo's picture (PNG bytes); `None` when it has none.
    Picture(Option<Arc<[u8]>>),
    /// Lettering (NameLogo/NumberLogo placeholders): white capitals fitted into the logo's box.
    Text(String),
}

/// One placement to draw on a view.
#[derive(Debug, Clone, PartialEq)]
pub struct Placed {
    /// Centre, in view px.
    pub x: f64,
    /// Centre, in view px.
    pub y: f64,
    /// Clockwise turn on the picture, in radians.
    pub angle: f64,
    /// The logo's size in mm.
    pub width_mm: f64,
    /// The logo's size in mm.
    pub height_mm: f64,
    /// What it shows.
    pub art: Art,
}

/// Largest side of a placed logo, in px (the service accepts logos up to 2000 mm).
const MAX_LOGO_PX: u32 = 4000;
/// Bytes of scaled logo pictures kept between renderings.
const ART_CACHE_BYTES: usize = 96 * 1024 * 1024;

/// Scaled, premultiplied logo pictures by (content hash, width, height), least recently used
/// out first.
struct ArtCache {
    map: HashMap<(u64, u32, u32), (u64, Arc<RgbaImage>)>,
    bytes: usize,
    tick: u64,
}

fn art_cache() -> &'static Mutex<ArtCache> {
    static CACHE: OnceLock<Mutex<ArtCache>> = OnceLock::new();
    CACHE.get_or_init(|| {
        Mutex::new(ArtCache {
            map: HashMap::new(),
            bytes: 0,
            tick: 0,
        })
    })
}

fn content_hash(art: &Art) -> u64 {
    let mut h = std::collections::hash_map::DefaultHasher::new();
    match art {
        Art::Picture(Some(b)) => {
            0u8.hash(&mut h);
            b.hash(&mut h);
        }
        Art::Picture(None) => 1u8.hash(&mut h),
        Art::Text(t) => {
            2u8.hash(&mut h);
            t.hash(&mut h);
        }
    }
    h.finish()
}

/// The placement's picture at `w × h` px, premultiplied; `None` when it cannot be drawn.
fn scaled_art(art: &Art, w: u32, h: u32) -> Option<Arc<RgbaImage>> {
    let key = (content_hash(art), w, h);
    {
        let mut c = art_cache().locked();
        c.tick += 1;
        let tick = c.tick;
        if let Some(entry) = c.map.get_mut(&key) {
            entry.0 = tick;
            return Some(Arc::clone(&entry.1));
        }
    }
    let src = match art {
        Art::Picture(Some(bytes)) => match decode(bytes, &Limits::default()) {
            Ok(d) => d.image,
            Err(e) => {
                tracing::warn!(error = %e, "a placed logo's picture could not be decoded");
                return None;
            }
        },
        Art::Picture(None) => return None,
        Art::Text(t) => fitted_text(t, w, h)?,
    };
    let mut pre = src;
    premultiply(&mut pre);
    let scaled = if pre.dimensions() == (w, h) {
        pre
    } else {
        image::imageops::resize(&pre, w, h, image::imageops::FilterType::Triangle)
    };
    let scaled = Arc::new(scaled);
    let mut c = art_cache().locked();
    c.bytes += scaled.as_raw().len();
    c.tick += 1;
    let tick = c.tick;
    if let Some((_, old)) = c.map.insert(key, (tick, Arc::clone(&scaled))) {
        c.bytes -= old.as_raw().len();
    }
    while c.bytes > ART_CACHE_BYTES && c.map.len() > 1 {
        let Some(oldest) = c
            .map
            .iter()
            .filter(|(k, _)| **k != key)
            .min_by_key(|(_, v)| v.0)
            .map(|(k, _)| *k)
        else {
            break;
        };
        if let Some((_, old)) = c.map.remove(&oldest) {
            c.bytes -= old.as_raw().len();
        }
    }
    Some(scaled)
}

/// `text` lettered and centred in a transparent `w × h` box, as large as fits.
fn fitted_text(text: &str, w: u32, h: u32) -> Option<RgbaImage> {
    let letters = text_logo(&text.to_uppercase());
    let (lw, lh) = (
        letters.width().max(1) as f64,
        letters.height().max(1) as f64,
    );
    let scale = (f64::from(w) / lw).min(f64::from(h) / lh);
    let (tw, th) = (
        ((lw * scale).round() as u32).clamp(1, w.max(1)),
        ((lh * scale).round() as u32).clamp(1, h.max(1)),
    );
    let mut pre = letters;
    premultiply(&mut pre);
    let fitted = image::imageops::resize(&pre, tw, th, image::imageops::FilterType::Triangle);
    let mut out = RgbaImage::new(w, h);
    image::imageops::replace(
        &mut out,
        &fitted,
        i64::from((w - tw) / 2),
        i64::from((h - th) / 2),
    );
    // Already premultiplied: undo so the caller's premultiply is neutral.
    unpremultiply(&mut out);
    Some(out)
}

fn premultiply(img: &mut RgbaImage) {
    for p in img.pixels_mut() {
        let a = u16::from(p.0[3]);
        for c in &mut p.0[..3] {
            *c = ((u16::from(*c) * a + 127) / 255) as u8;
        }
    }
}

fn unpremultiply(img: &mut RgbaImage) {
    for p in img.pixels_mut() {
        let a = u16::from(p.0[3]);
        if a == 0 {
            p.0 = [0; 4];
            continue;
        }
        for c in &mut p.0[..3] {
            *c = ((u16::from(*c) * 255 + a / 2) / a).min(255) as u8;
        }
    }
}

/// Draws `src` (premultiplied, `w × h`) centred at `(cx, cy)` turned by `angle` over the
/// opaque `dst`, sampling bilinearly.
fn composite(dst: &mut RgbaImage, src: &RgbaImage, cx: f64, cy: f64, angle: f64) {
    let (sw, sh) = (f64::from(src.width()), f64::from(src.height()));
    let (sin, cos) = angle.sin_cos();
    let (hw, hh) = (sw / 2.0, sh / 2.0);
    let ex = (hw * cos).abs() + (hh * sin).abs();
    let ey = (hw * sin).abs() + (hh * cos).abs();
    let (dw, dh) = (f64::from(dst.width()), f64::from(dst.height()));
    let x0 = (cx - ex - 1.0).floor().clamp(0.0, dw) as u32;
    let x1 = (cx + ex + 1.0).ceil().clamp(0.0, dw) as u32;
    let y0 = (cy - ey - 1.0).floor().clamp(0.0, dh) as u32;
    let y1 = (cy + ey + 1.0).ceil().clamp(0.0, dh) as u32;
    let (siw, sih) = (src.width() as i64, src.height() as i64);
    let sraw = src.as_raw();
    let texel = |x: i64, y: i64| -> [f32; 4] {
        if x < 0 || y < 0 || x >= siw || y >= sih {
            return [0.0; 4];
        }
        let i = ((y * siw + x) * 4) as usize;
        [
            f32::from(sraw[i]),
            f32::from(sraw[i + 1]),
            f32::from(sraw[i + 2]),
            f32::from(sraw[i + 3]),
        ]
    };
    let dwid = dst.width() as usize;
    let draw = dst.as_mut();
    for y in y0..y1 {
        let dy = f64::from(y) + 0.5 - cy;
        for x in x0..x1 {
            let dx = f64::from(x) + 0.5 - cx;
            // Back into the logo's frame: turn by -angle.
            let u = dx * cos + dy * sin + hw - 0.5;
            let v = -dx * sin + dy * cos + hh - 0.5;
            if u <= -1.0 || v <= -1.0 || u >= sw || v >= sh {
                continue;
            }
            let (fx, fy) = (u.floor(), v.floor());
            let (tx, ty) = ((u - fx) as f32, (v - fy) as f32);
            let (ix, iy) = (fx as i64, fy as i64);
            let (a, b, c, d) = (
                texel(ix, iy),
                texel(ix + 1, iy),
                texel(ix, iy + 1),
                texel(ix + 1, iy + 1),
            );
            let mut s = [0f32; 4];
            for ch in 0..4 {
                let top = a[ch] + (b[ch] - a[ch]) * tx;
                let bot = c[ch] + (d[ch] - c[ch]) * tx;
                s[ch] = top + (bot - top) * ty;
            }
            if s[3] <= 0.0 {
                continue;
            }
            let keep = 1.0 - s[3] / 255.0;
            let i = (y as usize * dwid + x as usize) * 4;
            for ch in 0..3 {
                let v = s[ch] + f32::from(draw[i + ch]) * keep;
                draw[i + ch] = v.round().clamp(0.0, 255.0) as u8;
            }
        }
    }
}

/// View `view` of a garment in `look` with `placed` drawn on it, in order.
pub fn render_view(look: &Look, view: &str, placed: &[Placed]) -> RgbaImage {
    let mut img = (*garment(look, view)).clone();
    for p in placed {
        let px = |mm: f64| (mm * PX_PER_MM).round().clamp(1.0, f64::from(MAX_LOGO_PX)) as u32;
        if !(p.width_mm.is_finite()
            && p.height_mm.is_finite()
            && p.x.is_finite()
            && p.y.is_finite())
        {
            continue;
        }
        let (w, h) = (px(p.width_mm), px(p.height_mm));
        if let Some(art) = scaled_art(&p.art, w, h) {
            let angle = if p.angle.is_finite() { p.angle } else { 0.0 };
            composite(&mut img, &art, p.x, p.y, angle);
        }
    }
    img
}

/// The views side by side, each scaled to [`THUMBNAIL_HEIGHT`] px high, 20 px apart, on white.
pub fn thumbnail(views: &[RgbaImage]) -> RgbaImage {
    const GAP: u32 = 20;
    let scaled: Vec<RgbaImage> = views
        .iter()
        .map(|v| {
            let w = (f64::from(v.width()) * f64::from(THUMBNAIL_HEIGHT)
                / f64::from(v.height().max(1)))
            .round()
            .max(1.0) as u32;
            image::imageops::thumbnail(v, w, THUMBNAIL_HEIGHT)
        })
        .collect();
    let width = scaled.iter().map(|s| s.width() + GAP).sum::<u32>() + GAP;
    let mut out = RgbaImage::from_pixel(
        width.max(2 * GAP),
        THUMBNAIL_HEIGHT + 2 * GAP,
        image::Rgba([255, 255, 255, 255]),
    );
    let mut x = GAP;
    for s in &scaled {
        image::imageops::replace(&mut out, s, i64::from(x), i64::from(GAP));
        x += s.width() + GAP;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_garments_follow_the_views() {
        assert_eq!(canonical_view(" left_sleeve "), "LEFT SLEEVE");
        assert_eq!(canonical_view("Right-Leg"), "RIGHT LEG");
        assert_eq!(plain_look(["FRONT", "BACK"]).cut, Cut::Tee);
        assert_eq!(plain_look(["FRONT", "LEFT LEG"]).cut, Cut::Shorts);
        let look = plain_look(["FRONT"]);
        assert!(
            [look.body, look.trim, look.line]
                .iter()
                .all(|id| ink(id).is_some())
        );
    }

    const JERSEY: Look = Look {
        cut: Cut::Jersey,
        body: "186",
        trim: "HVID",
        line: "7621",
    };

    fn px(img: &RgbaImage, x: u32, y: u32) -> [u8; 3] {
        let p = img.get_pixel(x, y).0;
        [p[0], p[1], p[2]]
    }

    #[test]
    fn every_cut_and_view_is_drawn_with_the_body_color_at_its_centre() {
        for cut in [Cut::Jersey, Cut::Tee, Cut::Hoodie, Cut::Shorts] {
            let look = Look { cut, ..JERSEY };
            for view in ["FRONT", "BACK", "LEFT SLEEVE", "RIGHT SLEEVE"] {
                let img = garment(&look, view);
                assert_eq!(img.dimensions(), view_size(cut, view), "{cut:?} {view}");
                let (w, h) = img.dimensions();
                assert_eq!(px(&img, 2, 2), [255, 255, 255], "{cut:?} {view} background");
                let y = if cut == Cut::Shorts && w > 600 {
                    h / 4
                } else {
                    h / 2
                };
                assert_eq!(
                    px(&img, w / 2 - 100, y),
                    k("186").rgb,
                    "{cut:?} {view} body"
                );
            }
        }
    }

    #[test]
    fn a_placement_is_drawn_at_its_centre_at_its_size_and_turned() {
        let mut logo = RgbaImage::from_pixel(100, 20, image::Rgba([0, 0, 255, 255]));
        logo.put_pixel(0, 0, image::Rgba([0, 0, 255, 255]));
        let png: Arc<[u8]> = crate::imaging::encode_png(&logo).into();
        let placed = |angle| Placed {
            x: 600.0,
            y: 800.0,
            angle,
            width_mm: 100.0,
            height_mm: 20.0,
            art: Art::Picture(Some(Arc::clone(&png))),
        };
        let flat = render_view(&JERSEY, "BACK", &[placed(0.0)]);
        // 100 mm wide = 200 px: from x 500 to 700; 20 mm high = 40 px: y 780..820.
        assert_eq!(px(&flat, 510, 800), [0, 0, 255]);
        assert_eq!(px(&flat, 690, 810), [0, 0, 255]);
        assert_ne!(px(&flat, 600, 830), [0, 0, 255]);
        assert_ne!(px(&flat, 710, 800), [0, 0, 255]);
        let turned = render_view(&JERSEY, "BACK", &[placed(std::f64::consts::FRAC_PI_2)]);
        assert_eq!(px(&turned, 600, 890), [0, 0, 255]);
        assert_ne!(px(&turned, 690, 800), [0, 0, 255]);
    }

    #[test]
    fn placeholder_text_is_white_lettering_in_the_box() {
        let placed = Placed {
            x: 600.0,
            y: 700.0,
            angle: 0.0,
            width_mm: 200.0,
            height_mm: 100.0,
            art: Art::Text("23".into()),
        };
        let img = render_view(&JERSEY, "BACK", &[placed]);
        let white = (400..800)
            .flat_map(|x| (600..800).map(move |y| (x, y)))
            .filter(|&(x, y)| px(&img, x, y) == [255, 255, 255])
            .count();
        assert!(white > 2000, "{white} white pixels");
        let bare = garment(&JERSEY, "BACK");
        assert_eq!(px(&bare, 600, 700), k("186").rgb);
    }

    #[test]
    fn the_thumbnail_puts_the_views_side_by_side() {
        let views: Vec<RgbaImage> = ["FRONT", "BACK", "LEFT SLEEVE", "RIGHT SLEEVE"]
            .iter()
            .map(|v| (*garment(&JERSEY, v)).clone())
            .collect();
        let t = thumbnail(&views);
        assert_eq!(t.height(), THUMBNAIL_HEIGHT + 40);
        assert_eq!(t.width(), 20 + (300 + 20) * 2 + (400 + 20) * 2);
    }
}
