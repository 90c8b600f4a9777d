//! Turning the service's base64 previews into pixels the UI can upload, off the UI thread, and
//! a bounded cache of compact thumbnails for re-sending evicted ones.

use super::{Sink, ThumbKey, UserError, heavy};
use crate::api::LogoSummary;
use crate::imaging;
use crate::sync::Lock as _;
use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex};

/// Longest side of a gallery thumbnail in pixels (cards show them at up to ~150 points).
pub const THUMB_SIDE: u32 = 192;

/// Longest side of the detail picture sent to the UI.
pub const DETAIL_SIDE: u32 = 2048;

/// A sentence for a picture of the service's that is not shown.
pub fn picture_sentence(e: &imaging::ImagingError) -> String {
    use imaging::ImagingError as E;
    match e {
        E::TooManyPixels { w, h, max_w, max_h } => crate::tr!(
            "backend-service-picture-too-many-pixels",
            w = *w,
            h = *h,
            max_w = *max_w,
            max_h = *max_h
        ),
        E::TooLarge { bytes, max } => crate::tr!(
            "backend-service-picture-too-large",
            mib = bytes.div_ceil(1024 * 1024),
            max = max / (1024 * 1024)
        ),
        other => crate::tr!(
            "backend-service-picture-unreadable",
            reason = imaging_sentence(other).trim_end_matches('.').to_owned()
        ),
    }
}

/// Why a picture was refused, in the person's language (the [`imaging`] module's own
/// sentences are English: the sandbox answers with them, as the service would).
pub fn imaging_sentence(e: &imaging::ImagingError) -> String {
    use imaging::ImagingError as E;
    match e {
        E::TooLarge { bytes, max } => crate::tr!(
            "backend-picture-file-too-large",
            size = imaging::human_bytes(*bytes),
            max = imaging::human_bytes(*max)
        ),
        E::UnsupportedFormat => crate::tr!("backend-picture-unsupported"),
        E::TooManyPixels { w, h, max_w, max_h } => crate::tr!(
            "backend-picture-too-many-pixels",
            w = *w,
            h = *h,
            max_w = *max_w,
            max_h = *max_h
        ),
        E::Corrupt(reason) => crate::tr!("backend-picture-corrupt", reason = reason.as_str()),
        E::Empty => crate::tr!("backend-picture-empty"),
        E::TooSmall { w, h } => crate::tr!(
            "backend-picture-small",
            w = *w,
            h = *h,
            min = imaging::MIN_SIDE
        ),
        E::FullyTransparent => crate::tr!("backend-picture-transparent"),
    }
}

/// Takes a logo's picture out of it: the high-resolution one, or the low-resolution one if
/// that is all there is; `None` if the service sent neither.
pub fn take_picture(logo: &mut crate::api::Logo) -> Option<String> {
    let high = std::mem::take(&mut logo.high_res_base64);
    let low = std::mem::take(&mut logo.low_res_base64);
    let source = if high.trim().is_empty() { low } else { high };
    (!source.trim().is_empty()).then_some(source)
}

/// The sentence for a logo without a picture.
pub fn no_picture() -> String {
    crate::tr!("backend-no-picture")
}

/// Converts RGBA pixels to an egui image.
pub fn to_color_image(img: &image::RgbaImage) -> egui::ColorImage {
    egui::ColorImage::from_rgba_unmultiplied(
        [img.width() as usize, img.height() as usize],
        img.as_raw(),
    )
}

/// Decodes a base64 PNG preview (under [`imaging::Limits::preview`]) and shrinks it to a
/// thumbnail; also answers the thumbnail as a compact PNG for [`ThumbCache`].
pub fn decode_thumbnail(
    base64_png: &str,
) -> Result<(egui::ColorImage, Vec<u8>), imaging::ImagingError> {
    let full = imaging::decode_base64_png_with(base64_png, &imaging::Limits::preview())?;
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

/// A decoded, downscaled thumbnail for the UI's texture cache.
pub struct Thumbnail {
    pub key: ThumbKey,
    pub image: Arc<egui::ColorImage>,
}

/// The thumbnails kept for re-sending, shared by the features that show logos.
pub type SharedThumbs = Arc<Mutex<ThumbCache>>;

/// Decodes previews one by one on the heavy lane, sending each thumbnail as soon as it is
/// ready and keeping its compact PNG in `thumbs`.
pub async fn stream_thumbnails(
    sink: Sink<Thumbnail>,
    thumbs: SharedThumbs,
    items: Vec<(ThumbKey, LogoSummary)>,
) {
    if items.is_empty() {
        return;
    }
    heavy(move || {
        for (key, summary) in items {
            match decode_thumbnail(&summary.low_res_base64) {
                Ok((image, png)) => {
                    thumbs.locked().insert(key, png);
                    send_thumbnail(&sink, key, image);
                }
                Err(e) => tracing::debug!(logo = %key.logo, error = %e, "no thumbnail"),
            }
        }
    })
    .await
    .ok();
}

/// Sends one thumbnail (tagged with its generation, so a stale one is dropped).
pub fn send_thumbnail(sink: &Sink<Thumbnail>, key: ThumbKey, image: egui::ColorImage) {
    sink.emit(
        Some(key.generation),
        None,
        Ok(Thumbnail {
            key,
            image: Arc::new(image),
        }),
    );
}

/// Writes `image` as a PNG file (a screenshot of the window).
pub fn save_png(path: &std::path::Path, image: &egui::ColorImage) -> Result<(), UserError> {
    let [w, h] = image.size;
    let bytes: Vec<u8> = image
        .pixels
        .iter()
        .flat_map(|c| c.to_srgba_unmultiplied())
        .collect();
    let rgba = image::RgbaImage::from_raw(w as u32, h as u32, bytes)
        .ok_or_else(|| UserError::new(crate::tr!("backend-screenshot-empty"), None))?;
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).ok();
    }
    rgba.save_with_format(path, image::ImageFormat::Png)
        .map_err(|e| {
            UserError::new(
                crate::tr!(
                    "backend-screenshot-write-failed",
                    path = path.display().to_string()
                ),
                Some(e.to_string()),
            )
        })
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
    fn a_bomb_from_the_service_is_said_with_its_claimed_size() {
        let e = imaging::ImagingError::TooManyPixels {
            w: 100_000,
            h: 100_000,
            max_w: 8000,
            max_h: 8000,
        };
        assert_eq!(
            picture_sentence(&e),
            "The service sent a picture of 100000 × 100000 pixels, more than logodesk decodes (8000 × 8000), so it is not shown."
        );
        assert_eq!(
            picture_sentence(&imaging::ImagingError::UnsupportedFormat),
            "The logo's picture could not be read: The file is not a PNG, JPEG or WebP picture; save it in one of those formats and try again."
        );
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
