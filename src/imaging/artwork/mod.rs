//! Demo artwork generated deterministically for the fixtures.
//!
//! Every picture is drawn from code, without randomness: vector shapes (polygons, circles,
//! rings, thick strokes and a small stroke font) are filled with exact [`INKS`] colors on a
//! 4× supersampled canvas and box-filtered down, so edges are anti-aliased while the inside
//! of every shape keeps its exact ink color (which is what
//! [`reduce_to_inks`](super::inks::reduce_to_inks) finds again).

mod catalogue;
mod designs;
mod font;
mod geometry;
mod raster;

pub(crate) use geometry::arc;
pub(crate) use raster::{Canvas, Pt, Shape};

use image::RgbaImage;

use super::inks::{INKS, Ink, ink};
use catalogue::catalogue;
use font::Font;

/// Number of distinct demo logos [`demo_logo`] draws.
pub const DEMO_LOGO_COUNT: usize = 40;

/// One generated demo logo.
#[derive(Debug, Clone)]
pub struct DemoArt {
    /// The picture: transparent background, anti-aliased edges.
    pub image: RgbaImage,
    /// A title as a club would name the artwork.
    pub title: String,
    /// Ids of the [`INKS`] the picture is drawn with, by coverage descending then id
    /// (the order [`reduce_to_inks`](super::inks::reduce_to_inks) reports them in).
    pub suggested_inks: Vec<&'static str>,
}

/// Draws demo logo `index` (taken modulo [`DEMO_LOGO_COUNT`]). Deterministic: the same index
/// always gives the same pixels.
pub fn demo_logo(index: usize) -> DemoArt {
    let i = index % DEMO_LOGO_COUNT;
    let (title, design) = catalogue(i);
    let (image, suggested_inks) = design.draw();
    DemoArt {
        image,
        title: title.to_owned(),
        suggested_inks,
    }
}

/// A wide "NAME" lettering sample in white on transparent (NameLogo placeholder).
pub fn name_placeholder() -> RgbaImage {
    lettering("NAME", 150.0)
}

/// A big "10" in white on transparent (NumberLogo placeholder).
pub fn number_placeholder() -> RgbaImage {
    lettering("10", 360.0)
}

/// `text` lettered in bold white capitals on transparent (TextLogo placeholder).
/// Characters the stroke font lacks are drawn as spaces; empty text gives a small blank
/// picture.
pub fn text_logo(text: &str) -> RgbaImage {
    lettering(text, 120.0)
}

fn lettering(text: &str, cap: f32) -> RgbaImage {
    let font = Font::new(cap);
    let pad = (cap * 0.12).ceil();
    let w = (font.measure(text) + 2.0 * pad).ceil().clamp(16.0, 4000.0);
    let h = (cap + 2.0 * pad + font.stroke()).ceil();
    let mut c = Canvas::new(w as u32, h as u32);
    font.draw(
        &mut c,
        text,
        w / 2.0,
        pad + font.stroke() / 2.0,
        Some(k("HVID")),
        None,
    );
    c.finish().0
}

/// Ink by id; the ids used here are constants checked by the tests.
fn k(id: &str) -> &'static Ink {
    ink(id).unwrap_or(&INKS[0])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::imaging::inks::reduce_to_inks;

    #[test]
    fn demo_logos_are_found_again_by_reduce_to_inks() {
        for i in 0..DEMO_LOGO_COUNT {
            let art = demo_logo(i);
            let (w, h) = art.image.dimensions();
            assert!(
                (250..=1000).contains(&w) && (200..=1000).contains(&h),
                "{i}: {w}x{h}"
            );
            assert!(
                (2..=5).contains(&art.suggested_inks.len()),
                "{i}: {:?}",
                art.suggested_inks
            );
            let found: Vec<&str> = reduce_to_inks(&art.image).iter().map(|k| k.id).collect();
            assert_eq!(found, art.suggested_inks, "logo {i} ({})", art.title);
        }
    }

    #[test]
    fn demo_logos_are_deterministic_with_transparent_corners() {
        for i in [0, 7, 13, 39] {
            let a = demo_logo(i);
            let b = demo_logo(i + DEMO_LOGO_COUNT);
            assert_eq!(a.image, b.image);
            assert_eq!(a.image.get_pixel(0, 0).0[3], 0, "{i}");
        }
    }

    #[test]
    fn placeholders_are_white_lettering() {
        for img in [
            name_placeholder(),
            number_placeholder(),
            text_logo("Nordby 2026"),
        ] {
            let found: Vec<&str> = reduce_to_inks(&img).iter().map(|k| k.id).collect();
            assert_eq!(found, ["HVID"]);
        }
        assert!(name_placeholder().width() > 2 * name_placeholder().height());
        assert!(text_logo("").width() >= 16);
    }
}
