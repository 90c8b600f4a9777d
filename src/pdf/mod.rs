//! PDF documents made from plain data (no egui, no network): the roster proof sheet a club
//! approves before ordering ([`proof`]) and the confirmation of a completed order
//! ([`confirmation`]). Both are A4, text in the embedded DejaVu Sans (subset by krilla, so
//! Danish letters and any other the font has come out as typed), laid out by [`layout`].

pub mod confirmation;
pub mod layout;
pub mod proof;

use image::RgbaImage;
use std::sync::Arc;

/// Why a document could not be made.
#[derive(Debug, thiserror::Error)]
pub enum PdfError {
    #[error("logodesk could not lay out the PDF ({0}).")]
    Layout(String),
}

/// A picture for a document: RGBA pixels, shared (a row's pictures may be drawn in several
/// places and are stored once in the file).
#[derive(Debug, Clone)]
pub struct Picture(Arc<RgbaImage>);

impl Picture {
    pub fn new(image: RgbaImage) -> Picture {
        Picture(Arc::new(image))
    }

    pub fn width(&self) -> u32 {
        self.0.width()
    }

    pub fn height(&self) -> u32 {
        self.0.height()
    }

    /// The pixels, 4 bytes each, row by row.
    pub fn rgba(&self) -> &[u8] {
        self.0.as_raw()
    }
}

impl From<RgbaImage> for Picture {
    fn from(image: RgbaImage) -> Picture {
        Picture::new(image)
    }
}

/// Money as the documents print it: two decimals (half away from zero), as the service
/// computed it.
pub fn money(value: rust_decimal::Decimal) -> String {
    let rounded =
        value.round_dp_with_strategy(2, rust_decimal::RoundingStrategy::MidpointAwayFromZero);
    format!("{rounded:.2}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use rust_decimal::Decimal;

    #[test]
    fn money_has_two_decimals() {
        assert_eq!(money(Decimal::new(125, 0)), "125.00");
        assert_eq!(money(Decimal::new(12345, 3)), "12.35");
        assert_eq!(money(Decimal::new(-5, 1)), "-0.50");
    }
}
