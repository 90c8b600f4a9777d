//! The thumbnail texture cache: bounded by decoded bytes (width × height × 4), least recently
//! used first out. Cards ask for their thumbnail every frame; missing ones are collected and
//! requested from the backend once per frame, so scrolling back to an evicted card brings its
//! picture back.

use crate::backend::ThumbKey;
use egui::{ColorImage, TextureHandle, TextureOptions};
use std::collections::{HashMap, HashSet};
use std::sync::Arc;

/// Default budget: about 150 thumbnails of 192×144 px (16 MB of textures), several windows
/// full of cards.
pub const DEFAULT_BUDGET_BYTES: usize = 16 * 1024 * 1024;

struct Entry {
    texture: TextureHandle,
    bytes: usize,
    last_used: u64,
}

/// Thumbnails as GPU textures, keyed by account generation, logo and revision.
pub struct ThumbnailCache {
    budget: usize,
    used: usize,
    frame: u64,
    entries: HashMap<ThumbKey, Entry>,
    /// Asked of the backend (or announced by a page) and not arrived yet.
    expected: HashSet<ThumbKey>,
    /// Needed this frame, neither here nor expected.
    wanted: Vec<ThumbKey>,
}

impl Default for ThumbnailCache {
    fn default() -> Self {
        ThumbnailCache::new(DEFAULT_BUDGET_BYTES)
    }
}

impl ThumbnailCache {
    pub fn new(budget_bytes: usize) -> ThumbnailCache {
        ThumbnailCache {
            budget: budget_bytes,
            used: 0,
            frame: 0,
            entries: HashMap::new(),
            expected: HashSet::new(),
            wanted: Vec::new(),
        }
    }

    /// Notes thumbnails the backend is already sending (a page just arrived).
    pub fn expect(&mut self, keys: impl IntoIterator<Item = ThumbKey>) {
        self.expected.extend(keys);
    }

    /// Uploads a thumbnail that arrived.
    pub fn insert(&mut self, ctx: &egui::Context, key: ThumbKey, image: Arc<ColorImage>) {
        self.expected.remove(&key);
        let bytes = image.width() * image.height() * 4;
        let texture = ctx.load_texture(
            format!("thumb-{}-{}", key.logo, key.revision),
            image,
            TextureOptions::LINEAR,
        );
        if let Some(old) = self.entries.insert(
            key,
            Entry {
                texture,
                bytes,
                last_used: self.frame,
            },
        ) {
            self.used -= old.bytes;
        }
        self.used += bytes;
    }

    /// The texture for `key`, marking it used this frame; `None` (and a request at frame end)
    /// if it is not here.
    pub fn get(&mut self, key: ThumbKey) -> Option<&TextureHandle> {
        match self.entries.get_mut(&key) {
            Some(e) => {
                e.last_used = self.frame;
                Some(&e.texture)
            }
            None => {
                if !self.expected.contains(&key) {
                    self.wanted.push(key);
                }
                None
            }
        }
    }

    /// Whether `key` is loaded (without marking it used).
    pub fn contains(&self, key: &ThumbKey) -> bool {
        self.entries.contains_key(key)
    }

    /// Evicts the least recently used thumbnails not shown this frame until within budget,
    /// and answers the keys to request from the backend (now marked expected).
    pub fn end_frame(&mut self) -> Vec<ThumbKey> {
        if self.used > self.budget {
            let mut candidates: Vec<(u64, ThumbKey)> = self
                .entries
                .iter()
                .filter(|(_, e)| e.last_used < self.frame)
                .map(|(k, e)| (e.last_used, *k))
                .collect();
            candidates.sort_unstable_by_key(|(used, _)| *used);
            for (_, key) in candidates {
                if self.used <= self.budget {
                    break;
                }
                if let Some(e) = self.entries.remove(&key) {
                    self.used -= e.bytes;
                }
            }
        }
        self.frame += 1;
        let mut wanted = std::mem::take(&mut self.wanted);
        wanted.sort_unstable_by_key(|k| (k.logo, k.revision));
        wanted.dedup();
        self.expected.extend(wanted.iter().copied());
        wanted
    }

    /// Drops everything (a new account generation).
    pub fn clear(&mut self) {
        self.entries.clear();
        self.expected.clear();
        self.wanted.clear();
        self.used = 0;
    }

    /// Number of thumbnails held.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether none are held.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Decoded bytes held.
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

    fn img() -> Arc<ColorImage> {
        Arc::new(ColorImage::filled([10, 10], egui::Color32::RED))
    }

    #[test]
    fn evicts_least_recently_used_but_never_what_is_on_screen() {
        let ctx = egui::Context::default();
        let mut cache = ThumbnailCache::new(3 * 400);
        for i in 0..3 {
            cache.insert(&ctx, key(i), img());
        }
        cache.end_frame();
        // Frame 1 shows 1 and 2, and a fourth arrives.
        assert!(cache.get(key(1)).is_some());
        assert!(cache.get(key(2)).is_some());
        cache.insert(&ctx, key(3), img());
        assert!(cache.end_frame().is_empty());
        assert_eq!(cache.len(), 3);
        assert!(
            !cache.contains(&key(0)),
            "the least recently used went first"
        );
        // Frame 2: the evicted one is needed again, so it is requested once.
        assert!(cache.get(key(0)).is_none());
        assert!(cache.get(key(0)).is_none());
        assert_eq!(cache.end_frame(), vec![key(0)]);
        assert!(cache.get(key(0)).is_none());
        assert!(cache.end_frame().is_empty(), "already expected");
        assert!(cache.bytes() <= 3 * 400);
    }

    #[test]
    fn announced_thumbnails_are_not_requested() {
        let mut cache = ThumbnailCache::default();
        cache.expect([key(5)]);
        assert!(cache.get(key(5)).is_none());
        assert!(cache.end_frame().is_empty());
        cache.clear();
        assert!(cache.get(key(5)).is_none());
        assert_eq!(cache.end_frame(), vec![key(5)]);
    }
}
