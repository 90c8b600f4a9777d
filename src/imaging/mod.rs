//! Pure pixel work shared by the sandbox and the app.
//!
//! - [`decode`]: turn uploaded bytes (PNG, JPEG or WebP) into RGBA pixels under [`Limits`],
//!   refusing decompression bombs before allocating.
//! - [`downscale`], [`encode_png`], [`png_base64`], [`decode_base64_png`]: previews.
//! - [`recolor`] / [`recolor_into`]: swap ink colors while keeping anti-aliased edges smooth.
//! - [`size_mm`]: physical print size from pixels and DPI.
//! - [`garments`]: garments drawn from vector shapes and a design's logos placed on them (the
//!   sandbox's views, and the app's own when a service draws none), with [`artwork`] (the
//!   rasteriser, lettering and demo art) and [`inks`] (the palette).
//!
//! Nothing here knows about the sandbox, the API or the UI.

pub mod artwork;
mod codec;
pub mod garments;
pub mod inks;
pub mod qr;
mod recolor;

pub use codec::{
    Decoded, ImagingError, Limits, MIN_SIDE, decode, decode_base64_png, decode_base64_png_with,
    downscale, encode_png, encode_png_fast, human_bytes, png_base64,
};
pub use recolor::{recolor, recolor_into};

/// Print resolution assumed when a picture carries no better information: 300 DPI.
pub const DEFAULT_DPI: f64 = 300.0;

/// Physical size in millimetres of a `width_px` × `height_px` picture printed at `dpi`,
/// each side rounded to 0.1 mm. A non-positive or non-finite `dpi` falls back to
/// [`DEFAULT_DPI`].
pub fn size_mm(width_px: u32, height_px: u32, dpi: f64) -> (f64, f64) {
    let dpi = if dpi.is_finite() && dpi > 0.0 {
        dpi
    } else {
        DEFAULT_DPI
    };
    let mm = |px: u32| (f64::from(px) * 25.4 / dpi * 10.0).round() / 10.0;
    (mm(width_px), mm(height_px))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn size_mm_at_300_dpi() {
        assert_eq!(size_mm(300, 600, DEFAULT_DPI), (25.4, 50.8));
        assert_eq!(size_mm(1000, 1, 300.0), (84.7, 0.1));
        assert_eq!(size_mm(0, 0, 300.0), (0.0, 0.0));
    }

    #[test]
    fn size_mm_bad_dpi_falls_back() {
        assert_eq!(size_mm(300, 300, 0.0), (25.4, 25.4));
        assert_eq!(size_mm(300, 300, f64::NAN), (25.4, 25.4));
    }
}
