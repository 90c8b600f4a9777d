//! Turning the service's base64 previews into pixels the UI can upload, off the UI thread, and
//! a bounded cache of compact thumbnails for re-sending evicted ones.

use super::protocol::ThumbKey;
use crate::imaging;
use std::collections::{HashMap, VecDeque};
use std::sync::Arc;

/// Longest side of a gallery thumbnail in pixels (cards show them at up to ~150 points).
pub const THUMB_SIDE: u32 = 192;

/// Longest side of the detail picture sent to the UI.
pub const DETAIL_SIDE: u32 = 2048;

/// Converts RGBA pixels to an egui image.
pub fn to_color_image(img: &image::RgbaImage) -> egui::ColorImage {
    egui::ColorImage::from_rgba_unmultiplied(
        [img.width() as usize, img.height() as usize],
        img.as_raw(),
    )
}

/// Decodes a base64 PNG preview and shrinks it to a thumbnail; also answers the thumbnail as
/// a compact PNG for [`ThumbCache`].
pub fn decode_thumbnail(
    base64_png: &str,
) -> Result<(egui::ColorImage, Vec<u8>), imaging::ImagingError> {
    let full = imaging::decode_base64_png(base64_png)?;
    let small = imaging::downscale(&full, THUMB_SIDE);
    Ok((to_color_image(&small), imaging::encode_png(&small)))
}

/// Decodes a thumbnail kept by [`ThumbCache`].
pub fn decode_cached(png: &[u8]) -> Option<egui::ColorImage> {
    let img = image::load_from_memory_with_format(png, image::ImageFormat::Png).ok()?;
    Some(to_color_image(&img.into_rgba8()))
}

/// Decodes the detail picture, shrunk to at most [`DETAIL_SIDE`].
pub fn decode_detail(base64_png: &str) -> Result<Arc<egui::ColorImage>, imaging::ImagingError> {
    let full = imaging::decode_base64_png(base64_png)?;
    let img = imaging::downscale(&full, DETAIL_SIDE);
    Ok(Arc::new(to_color_image(&img)))
}

/// Compact PNG thumbnails by key, bounded by total bytes; the oldest go first.
#[derive(Debug)]
pub struct ThumbCache {
    budget: usize,
    used: usize,
    map: HashMap<ThumbKey, Arc<[u8]>>,
    order: VecDeque<ThumbKey>,
}

impl ThumbCache {
    pub fn new(budget_bytes: usize) -> ThumbCache {
        ThumbCache {
            budget: budget_bytes,
            used: 0,
            map: HashMap::new(),
            order: VecDeque::new(),
        }
    }

    pub fn insert(&mut self, key: ThumbKey, png: Vec<u8>) {
        if png.is_empty() || self.map.contains_key(&key) {
            return;
        }
        self.used += png.len();
        self.map.insert(key, png.into());
        self.order.push_back(key);
        while self.used > self.budget {
            let Some(old) = self.order.pop_front() else {
                break;
            };
            if let Some(bytes) = self.map.remove(&old) {
                self.used -= bytes.len();
            }
        }
    }

    pub fn get(&self, key: &ThumbKey) -> Option<Arc<[u8]>> {
        self.map.get(key).cloned()
    }

    /// Drops everything (a new account generation).
    pub fn clear(&mut self) {
        self.map.clear();
        self.order.clear();
        self.used = 0;
    }

    #[cfg(test)]
    pub fn bytes(&self) -> usize {
        self.used
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(i: i64) -> ThumbKey {
        ThumbKey::of_logo(i)
    }

    #[test]
    fn cache_stays_within_budget_dropping_the_oldest() {
        let mut c = ThumbCache::new(250);
        for i in 0..5 {
            c.insert(key(i), vec![0; 100]);
        }
        assert!(c.bytes() <= 250);
        assert!(c.get(&key(0)).is_none());
        assert!(c.get(&key(4)).is_some());
        c.clear();
        assert_eq!(c.bytes(), 0);
    }

    #[test]
    fn thumbnails_are_shrunk_and_round_trip() {
        let img = image::RgbaImage::from_pixel(400, 200, image::Rgba([200, 10, 10, 255]));
        let (color, png) = decode_thumbnail(&imaging::png_base64(&img)).unwrap();
        assert_eq!(color.size, [THUMB_SIDE as usize, THUMB_SIDE as usize / 2]);
        assert_eq!(decode_cached(&png).unwrap().size, color.size);
        assert!(decode_thumbnail("not base64!").is_err());
    }
}
