//! PDF documents made from plain data (no egui, no network): the roster proof sheet a club
//! approves before ordering ([`proof`]) and the confirmation of a completed order
//! ([`confirmation`]). Both are A4, text in the embedded DejaVu Sans (subset by krilla, so
//! Danish letters and any other the font has come out as typed), laid out by [`layout`].
//! Money, numbers and dates are written by [`crate::locale`] in the person's language.

pub mod confirmation;
pub mod layout;
pub mod proof;

use image::RgbaImage;
use std::sync::Arc;

/// Why a document could not be made.
#[derive(Debug, thiserror::Error)]
pub enum PdfError {
    #[error("{}", crate::tr!("backend-pdf-layout", reason = .0.as_str()))]
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
