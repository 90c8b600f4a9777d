//! Ink recoloring that keeps anti-aliased edges smooth.

use image::RgbaImage;

/// Returns a copy of `img` with its ink colors swapped; see [`recolor_into`].
pub fn recolor(img: &RgbaImage, mapping: &[([u8; 3], [u8; 3])], palette: &[[u8; 3]]) -> RgbaImage {
    let mut out = img.clone();
    recolor_into(&mut out, mapping, palette);
    out
}

/// Recolors, in place, a picture whose ink colors are `palette`, replacing each `mapping`
/// source color by its target.
///
/// Every pixel that is not fully transparent is attributed to its two nearest palette
/// colors `a` and `b`: with `t` the position of the pixel projected onto the segment from
/// `a` to `b` (clamped to 0..=1), the pixel is shifted by
/// `(1 − t)·(target(a) − a) + t·(target(b) − b)`. A pixel exactly equal to a source color
/// therefore becomes exactly its target, a 50 % blend of two inks moves half-way for each,
/// palette colors absent from `mapping` stay, and alpha is never changed. Colors farther
/// than 48 RGB units from every segment between two inks get a proportionally smaller
/// shift, and none beyond 96 (a photo inside a logo is not tinted).
///
/// Mapping sources that are not in `palette` are added to it. Work is cached per distinct
/// color, so flat logos cost little more than one pass over memory.
pub fn recolor_into(img: &mut RgbaImage, mapping: &[([u8; 3], [u8; 3])], palette: &[[u8; 3]]) {
    let Some(plan) = Plan::new(mapping, palette) else {
        return;
    };
    let mut cache = Cache::new();
    for px in img.as_mut().chunks_exact_mut(4) {
        if px[3] == 0 {
            continue;
        }
        let rgb = [px[0], px[1], px[2]];
        let out = cache.get_or_insert(rgb, |c| plan.apply(c));
        px[0] = out[0];
        px[1] = out[1];
        px[2] = out[2];
    }
}

/// Palette colors with their shifts, precomputed once per call.
struct Plan {
    colors: Vec<[f32; 3]>,
    deltas: Vec<[f32; 3]>,
}

impl Plan {
    fn new(mapping: &[([u8; 3], [u8; 3])], palette: &[[u8; 3]]) -> Option<Self> {
        let mut colors: Vec<[u8; 3]> = Vec::with_capacity(palette.len() + mapping.len());
        for c in palette.iter().chain(mapping.iter().map(|(s, _)| s)) {
            if !colors.contains(c) {
                colors.push(*c);
            }
        }
        let mut any_change = false;
        let deltas = colors
            .iter()
            .map(|c| {
                let target = mapping.iter().find(|(s, _)| s == c).map_or(*c, |(_, t)| *t);
                any_change |= target != *c;
                std::array::from_fn(|i| f32::from(target[i]) - f32::from(c[i]))
            })
            .collect();
        if !any_change {
            return None;
        }
        let colors = colors
            .iter()
            .map(|c| c.map(f32::from))
            .collect::<Vec<[f32; 3]>>();
        Some(Self { colors, deltas })
    }

    fn apply(&self, rgb: [u8; 3]) -> [u8; 3] {
        let p = rgb.map(f32::from);
        let (mut ia, mut da) = (0usize, f32::INFINITY);
        let (mut ib, mut db) = (usize::MAX, f32::INFINITY);
        for (i, c) in self.colors.iter().enumerate() {
            let d = dist2(&p, c);
            if d < da {
                (ib, db) = (ia, da);
                (ia, da) = (i, d);
            } else if d < db {
                (ib, db) = (i, d);
            }
        }
        let a = &self.colors[ia];
        let (shift, off) = match self.colors.get(ib) {
            Some(b) if da > 0.0 => {
                let (t, off) = project(&p, a, b);
                let (sa, sb) = (&self.deltas[ia], &self.deltas[ib]);
                (std::array::from_fn(|i| (1.0 - t) * sa[i] + t * sb[i]), off)
            }
            _ => (self.deltas[ia], da.sqrt()),
        };
        // Colors far from every ink edge (foreign colors) are left alone, with a smooth
        // fall-off so that nothing bands.
        let k = ((FALLOFF_END - off) / (FALLOFF_END - FALLOFF_START)).clamp(0.0, 1.0);
        std::array::from_fn(|i| (p[i] + k * shift[i]).round().clamp(0.0, 255.0) as u8)
    }
}

/// Position `t` (0..=1) of `p` projected onto the segment `a`–`b`, and the distance from `p`
/// to that projection.
fn project(p: &[f32; 3], a: &[f32; 3], b: &[f32; 3]) -> (f32, f32) {
    let ab = [b[0] - a[0], b[1] - a[1], b[2] - a[2]];
    let len2 = ab[0] * ab[0] + ab[1] * ab[1] + ab[2] * ab[2];
    let t = if len2 > 0.0 {
        (((p[0] - a[0]) * ab[0] + (p[1] - a[1]) * ab[1] + (p[2] - a[2]) * ab[2]) / len2)
            .clamp(0.0, 1.0)
    } else {
        0.0
    };
    let q = [a[0] + t * ab[0], a[1] + t * ab[1], a[2] + t * ab[2]];
    (t, dist2(p, &q).sqrt())
}

/// Distance (RGB units) from the nearest ink edge up to which the full shift applies.
const FALLOFF_START: f32 = 48.0;
/// Distance beyond which a color is considered foreign and left unchanged.
const FALLOFF_END: f32 = 96.0;

fn dist2(a: &[f32; 3], b: &[f32; 3]) -> f32 {
    let d = [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
    d[0] * d[0] + d[1] * d[1] + d[2] * d[2]
}

/// Direct-mapped cache from an input color to its recolored output.
struct Cache {
    keys: Vec<u32>,
    values: Vec<[u8; 3]>,
}

const CACHE_BITS: u32 = 12;
const EMPTY: u32 = u32::MAX;

impl Cache {
    fn new() -> Self {
        Self {
            keys: vec![EMPTY; 1 << CACHE_BITS],
            values: vec![[0; 3]; 1 << CACHE_BITS],
        }
    }

    #[inline]
    fn get_or_insert(&mut self, rgb: [u8; 3], f: impl FnOnce([u8; 3]) -> [u8; 3]) -> [u8; 3] {
        let key = u32::from(rgb[0]) << 16 | u32::from(rgb[1]) << 8 | u32::from(rgb[2]);
        let slot = (key.wrapping_mul(0x9E37_79B1) >> (32 - CACHE_BITS)) as usize;
        if self.keys[slot] == key {
            return self.values[slot];
        }
        let v = f(rgb);
        self.keys[slot] = key;
        self.values[slot] = v;
        v
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::Rgba;

    const RED: [u8; 3] = [200, 16, 46];
    const WHITE: [u8; 3] = [255, 255, 255];
    const BLUE: [u8; 3] = [0, 51, 160];
    const YELLOW: [u8; 3] = [255, 209, 0];

    fn px(rgb: [u8; 3], a: u8) -> Rgba<u8> {
        Rgba([rgb[0], rgb[1], rgb[2], a])
    }

    fn mix(a: [u8; 3], b: [u8; 3], t: f32) -> [u8; 3] {
        std::array::from_fn(|i| (f32::from(a[i]) * (1.0 - t) + f32::from(b[i]) * t).round() as u8)
    }

    #[test]
    fn exact_source_becomes_exact_target_and_alpha_is_kept() {
        let mut img = RgbaImage::new(4, 1);
        img.put_pixel(0, 0, px(RED, 255));
        img.put_pixel(1, 0, px(RED, 77));
        img.put_pixel(2, 0, px(WHITE, 255));
        img.put_pixel(3, 0, px(RED, 0));
        let out = recolor(&img, &[(RED, BLUE)], &[RED, WHITE]);
        assert_eq!(*out.get_pixel(0, 0), px(BLUE, 255));
        assert_eq!(*out.get_pixel(1, 0), px(BLUE, 77));
        assert_eq!(*out.get_pixel(2, 0), px(WHITE, 255), "unmapped ink stays");
        assert_eq!(
            *out.get_pixel(3, 0),
            px(RED, 0),
            "fully transparent untouched"
        );
    }

    #[test]
    fn anti_aliased_edge_moves_proportionally() {
        for t in [0.25f32, 0.5, 0.75] {
            let edge = mix(RED, WHITE, t);
            let img = RgbaImage::from_pixel(1, 1, px(edge, 200));
            let out = recolor(&img, &[(RED, BLUE)], &[RED, WHITE]);
            let want = mix(BLUE, WHITE, t);
            let got = out.get_pixel(0, 0).0;
            for i in 0..3 {
                assert!(
                    got[i].abs_diff(want[i]) <= 1,
                    "t={t} got {got:?} want {want:?}"
                );
            }
            assert_eq!(got[3], 200);
        }
    }

    #[test]
    fn both_sides_of_an_edge_can_move() {
        let edge = mix(RED, WHITE, 0.5);
        let img = RgbaImage::from_pixel(1, 1, px(edge, 255));
        let out = recolor(&img, &[(RED, BLUE), (WHITE, YELLOW)], &[RED, WHITE]);
        let want = mix(BLUE, YELLOW, 0.5);
        let got = out.get_pixel(0, 0).0;
        for i in 0..3 {
            assert!(got[i].abs_diff(want[i]) <= 1, "got {got:?} want {want:?}");
        }
    }

    #[test]
    fn swap_and_unmapped_colors() {
        let img = RgbaImage::from_fn(3, 1, |x, _| px([RED, WHITE, YELLOW][x as usize], 255));
        let out = recolor(&img, &[(RED, WHITE), (WHITE, RED)], &[RED, WHITE, YELLOW]);
        assert_eq!(out.get_pixel(0, 0).0, px(WHITE, 255).0);
        assert_eq!(out.get_pixel(1, 0).0, px(RED, 255).0);
        assert_eq!(out.get_pixel(2, 0).0, px(YELLOW, 255).0);
        // Identity / empty mappings leave the picture alone.
        assert_eq!(recolor(&img, &[], &[RED]), img);
        assert_eq!(recolor(&img, &[(RED, RED)], &[RED, WHITE]), img);
        assert_eq!(recolor(&img, &[(BLUE, RED)], &[]), img);
    }

    #[test]
    fn foreign_colors_are_left_alone() {
        let green = [0u8, 132, 61];
        let img = RgbaImage::from_fn(2, 1, |x, _| px(if x == 0 { green } else { RED }, 255));
        let out = recolor(&img, &[(RED, BLUE)], &[RED, WHITE]);
        assert_eq!(out.get_pixel(0, 0).0, px(green, 255).0);
        assert_eq!(out.get_pixel(1, 0).0, px(BLUE, 255).0);
        // Slightly off (e.g. JPEG noise) still moves by the full shift.
        let noisy = RgbaImage::from_pixel(1, 1, px([205, 20, 40], 255));
        let out = recolor(&noisy, &[(RED, BLUE)], &[RED, WHITE]);
        assert_eq!(out.get_pixel(0, 0).0, px([5, 55, 154], 255).0);
    }

    #[test]
    fn in_place_matches_copy() {
        let img = RgbaImage::from_fn(64, 64, |x, y| {
            px(mix(RED, WHITE, (x + y) as f32 / 126.0), 255)
        });
        let mut inplace = img.clone();
        recolor_into(&mut inplace, &[(RED, BLUE)], &[RED, WHITE]);
        assert_eq!(inplace, recolor(&img, &[(RED, BLUE)], &[RED, WHITE]));
    }
}
