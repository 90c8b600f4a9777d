//! The thumbnail texture cache: bounded by decoded bytes (width × height × 4), least recently
//! used first out, but never below twice what the window shows at once. Cards ask for their
//! thumbnail every frame; missing ones are collected and requested from the backend once per
//! frame, so scrolling back to an evicted card brings its picture back (the backend keeps
//! compact copies of recent thumbnails and answers those within milliseconds).

use crate::backend::ThumbKey;
use egui::{ColorImage, TextureHandle, TextureOptions};
use std::collections::{HashMap, HashSet};
use std::sync::Arc;

/// Default budget: about 55 thumbnails of 192×192 px or 75 of 192×144 px (8 MB of textures),
/// two to three windows full of cards at 1280×800. The textures live in graphics memory, which
/// is ordinary memory of the process with a software renderer.
pub const DEFAULT_BUDGET_BYTES: usize = 8 * 1024 * 1024;

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
    /// Bytes of the thumbnails shown this frame.
    shown: usize,
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
            shown: 0,
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
                if e.last_used != self.frame {
                    e.last_used = self.frame;
                    self.shown += e.bytes;
                }
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

    /// The texture of `key` if it is loaded (without marking it used), to find it among what
    /// a frame painted.
    pub fn texture_id(&self, key: &ThumbKey) -> Option<egui::TextureId> {
        self.entries.get(key).map(|e| e.texture.id())
    }

    /// Evicts the least recently used thumbnails not shown this frame until within budget
    /// (or twice what this frame showed, if more: a big window keeps the screen above and
    /// below), and answers the keys to request from the backend (now marked expected).
    pub fn end_frame(&mut self) -> Vec<ThumbKey> {
        let budget = self.budget.max(2 * self.shown);
        if self.used > budget {
            let mut candidates: Vec<(u64, ThumbKey)> = self
                .entries
                .iter()
                .filter(|(_, e)| e.last_used < self.frame)
                .map(|(k, e)| (e.last_used, *k))
                .collect();
            candidates.sort_unstable_by_key(|(used, _)| *used);
            for (_, key) in candidates {
                if self.used <= budget {
                    break;
                }
                if let Some(e) = self.entries.remove(&key) {
                    self.used -= e.bytes;
                }
            }
        }
        self.frame += 1;
        self.shown = 0;
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
        let mut cache = ThumbnailCache::new(4 * 400);
        for i in 0..3 {
            cache.insert(&ctx, key(i), img());
        }
        cache.end_frame();
        // Frame 1 shows 1 and 2, and a fourth and a fifth arrive.
        assert!(cache.get(key(1)).is_some());
        assert!(cache.get(key(2)).is_some());
        cache.insert(&ctx, key(3), img());
        cache.insert(&ctx, key(4), img());
        assert!(cache.end_frame().is_empty());
        assert_eq!(cache.len(), 4);
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
        assert!(cache.bytes() <= 4 * 400);
    }

    #[test]
    fn the_budget_grows_to_twice_what_one_frame_shows() {
        let ctx = egui::Context::default();
        // Room for 2 thumbnails, but a frame shows 3: up to 6 stay.
        let mut cache = ThumbnailCache::new(2 * 400);
        for i in 0..8 {
            cache.insert(&ctx, key(i), img());
        }
        assert!(cache.end_frame().is_empty());
        assert_eq!(cache.len(), 8, "nothing older than this frame yet");
        for i in 0..3 {
            assert!(cache.get(key(i)).is_some());
            assert!(cache.get(key(i)).is_some(), "counted once per frame");
        }
        cache.end_frame();
        assert_eq!(cache.len(), 6);
        assert!((0..3).all(|i| cache.contains(&key(i))));
        // A frame that shows nothing falls back to the budget, keeping the most recent.
        cache.end_frame();
        assert_eq!(cache.len(), 2);
        assert!(cache.bytes() <= 2 * 400);
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
