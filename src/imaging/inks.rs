//! The ink palette (the sandbox's, also the garments drawn here) and reduction of pictures to named inks.
//!
//! The live service names colors Pantone-style: `HVID` (Danish for white), `SORT` (black)
//! and numeric ids such as `186` or `286`. [`INKS`] is the sandbox's fixed palette in that
//! style, [`reduce_to_inks`] finds which of them a picture is printed with.

use std::collections::HashMap;
use std::sync::OnceLock;

use image::RgbaImage;

/// One named transfer ink.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Ink {
    /// Color identifier as the service spells it (`HVID`, `SORT`, `186`, …).
    pub id: &'static str,
    /// Human-readable name.
    pub name: &'static str,
    /// sRGB value used for previews.
    pub rgb: [u8; 3],
}

const fn def(id: &'static str, name: &'static str, hex: u32) -> Ink {
    Ink {
        id,
        name,
        rgb: [(hex >> 16) as u8, (hex >> 8) as u8, hex as u8],
    }
}

/// The sandbox palette: 30 inks with plausible Pantone-coated RGB values.
pub static INKS: &[Ink] = &[
    def("HVID", "White", 0xFFFFFF),
    def("SORT", "Black", 0x000000),
    def("186", "Red 186 C", 0xC8102E),
    def("199", "Red 199 C", 0xD50032),
    def("7621", "Dark Red 7621 C", 0xAB2328),
    def("229", "Burgundy 229 C", 0x6D2037),
    def("021", "Orange 021 C", 0xFE5000),
    def("151", "Orange 151 C", 0xFF8200),
    def("109", "Yellow 109 C", 0xFFD100),
    def("1235", "Amber 1235 C", 0xFFB81C),
    def("348", "Green 348 C", 0x00843D),
    def("342", "Dark Green 342 C", 0x006747),
    def("375", "Lime 375 C", 0x97D700),
    def("802", "Neon Green 802 C", 0x44D62C),
    def("286", "Blue 286 C", 0x0033A0),
    def("282", "Navy 282 C", 0x041E42),
    def("300", "Blue 300 C", 0x005EB8),
    def("299", "Sky Blue 299 C", 0x00A3E0),
    def("290", "Light Blue 290 C", 0xB9D9EB),
    def("2685", "Purple 2685 C", 0x330072),
    def("213", "Pink 213 C", 0xE31C79),
    def("3265", "Turquoise 3265 C", 0x00C7B1),
    def("320", "Teal 320 C", 0x009CA6),
    def("5405", "Steel Blue 5405 C", 0x4F758B),
    def("424", "Grey 424 C", 0x707372),
    def("428", "Light Grey 428 C", 0xC1C6C8),
    def("871", "Gold 871 C", 0x84754E),
    def("877", "Silver 877 C", 0x8A8D8F),
    def("4625", "Brown 4625 C", 0x4F2C1D),
    def("7502", "Sand 7502 C", 0xCEB888),
];

/// Looks an ink up by id, ignoring ASCII case and surrounding whitespace.
pub fn ink(id: &str) -> Option<&'static Ink> {
    let id = id.trim();
    INKS.iter().find(|i| i.id.eq_ignore_ascii_case(id))
}

/// Most inks [`reduce_to_inks`] reports.
pub const MAX_INKS: usize = 8;
/// Share of counted pixels (in 1/1000) an ink must cover to be reported: 1 %.
const MIN_COVERAGE_PERMILLE: u64 = 10;
/// At most this many pixels are examined; larger pictures are sampled on a grid.
const MAX_SAMPLES: u64 = 250_000;
/// Local contrast (sum of |ΔR|+|ΔG|+|ΔB| to the right and lower neighbours) above which a
/// pixel is treated as an anti-aliasing edge and not counted.
const EDGE_CONTRAST: u32 = 48;

/// The inks a logo is printed with: every pixel with alpha ≥ 128 is mapped to its nearest
/// ink (CIE Lab ΔE76) and counted; pixels on sharp color edges (anti-aliasing fringe) are
/// skipped; inks covering at least 1 % of the counted pixels are kept, at most
/// [`MAX_INKS`], ordered by coverage descending and then by id. Deterministic.
///
/// Pictures over 250 000 pixels are sampled on a regular grid.
pub fn reduce_to_inks(img: &RgbaImage) -> Vec<&'static Ink> {
    let (w, h) = img.dimensions();
    if w == 0 || h == 0 {
        return Vec::new();
    }
    let total = u64::from(w) * u64::from(h);
    let mut stride = 1u32;
    while total / (u64::from(stride) * u64::from(stride)) > MAX_SAMPLES {
        stride += 1;
    }
    let raw = img.as_raw();
    let row_len = w as usize * 4;
    let mut flat_counts = [0u64; 64];
    let mut all_counts = [0u64; 64];
    let mut memo: HashMap<[u8; 3], u8> = HashMap::new();
    let mut last = ([0u8; 3], nearest_index([0, 0, 0]));
    let mut y = 0u32;
    while y < h {
        let row = y as usize * row_len;
        let below = if y + 1 < h { row + row_len } else { row };
        let mut x = 0u32;
        while x < w {
            let o = row + x as usize * 4;
            let px = &raw[o..o + 4];
            if px[3] >= 128 {
                let rgb = [px[0], px[1], px[2]];
                // Logos are mostly flat: reuse the previous answer before hashing.
                if rgb != last.0 {
                    last = (rgb, *memo.entry(rgb).or_insert_with(|| nearest_index(rgb)));
                }
                let idx = last.1 as usize;
                all_counts[idx] += 1;
                let right = if x + 1 < w { o + 4 } else { o };
                let down = below + x as usize * 4;
                if contrast(px, &raw[right..right + 4]) + contrast(px, &raw[down..down + 4])
                    <= EDGE_CONTRAST
                {
                    flat_counts[idx] += 1;
                }
            }
            x += stride;
        }
        y += stride;
    }
    let flat_total: u64 = flat_counts.iter().sum();
    // Tiny or very busy pictures have no flat areas: fall back to counting everything.
    let counts = if flat_total * 4 >= all_counts.iter().sum::<u64>() && flat_total > 0 {
        flat_counts
    } else {
        all_counts
    };
    let sum: u64 = counts.iter().sum();
    if sum == 0 {
        return Vec::new();
    }
    let mut found: Vec<(u64, &'static Ink)> = INKS
        .iter()
        .enumerate()
        .filter(|(i, _)| counts[*i] * 1000 >= sum * MIN_COVERAGE_PERMILLE && counts[*i] > 0)
        .map(|(i, ink)| (counts[i], ink))
        .collect();
    found.sort_by(|a, b| b.0.cmp(&a.0).then_with(|| a.1.id.cmp(b.1.id)));
    found.truncate(MAX_INKS);
    found.into_iter().map(|(_, ink)| ink).collect()
}

/// Colour separation, as a printer does it: every pixel becomes the nearest point on a blend
/// between two of `inks` (or one ink), so flat areas take the exact ink colour while
/// anti-aliased edges between inks stay smooth. Alpha is kept. After this, recoloring by ink
/// maps every flat area exactly onto its new ink.
pub fn separate(img: &RgbaImage, inks: &[&Ink]) -> RgbaImage {
    let mut out = img.clone();
    if inks.is_empty() {
        return out;
    }
    let pal: Vec<[f32; 3]> = inks.iter().map(|i| i.rgb.map(f32::from)).collect();
    let mut memo: HashMap<[u8; 3], [u8; 3]> = HashMap::new();
    // Runs of equal pixels are the rule in logo art: the previous answer is checked first.
    let mut last: Option<([u8; 3], [u8; 3])> = None;
    for p in out.pixels_mut() {
        if p.0[3] == 0 {
            continue;
        }
        let rgb = [p.0[0], p.0[1], p.0[2]];
        let snapped = match last {
            Some((from, to)) if from == rgb => to,
            _ => {
                let to = *memo
                    .entry(rgb)
                    .or_insert_with(|| nearest_on_blends(rgb.map(f32::from), &pal));
                last = Some((rgb, to));
                to
            }
        };
        p.0[..3].copy_from_slice(&snapped);
    }
    out
}

/// The point nearest to `c` on any segment between two palette colours (a colour on its own
/// is a segment of length zero).
fn nearest_on_blends(c: [f32; 3], pal: &[[f32; 3]]) -> [u8; 3] {
    let mut best = (f32::INFINITY, pal[0]);
    for (i, a) in pal.iter().enumerate() {
        for b in &pal[i..] {
            let ab = [b[0] - a[0], b[1] - a[1], b[2] - a[2]];
            let ac = [c[0] - a[0], c[1] - a[1], c[2] - a[2]];
            let len2 = ab[0] * ab[0] + ab[1] * ab[1] + ab[2] * ab[2];
            let t = if len2 > 0.0 {
                ((ac[0] * ab[0] + ac[1] * ab[1] + ac[2] * ab[2]) / len2).clamp(0.0, 1.0)
            } else {
                0.0
            };
            let q = [a[0] + t * ab[0], a[1] + t * ab[1], a[2] + t * ab[2]];
            let d = (c[0] - q[0]).powi(2) + (c[1] - q[1]).powi(2) + (c[2] - q[2]).powi(2);
            if d < best.0 {
                best = (d, q);
            }
        }
    }
    best.1.map(|v| v.round().clamp(0.0, 255.0) as u8)
}

fn contrast(a: &[u8], b: &[u8]) -> u32 {
    let d = |i: usize| u32::from(a[i].abs_diff(b[i]));
    d(0) + d(1) + d(2) + d(3)
}

/// Index into [`INKS`] of the ink nearest to `rgb` in CIE Lab.
fn nearest_index(rgb: [u8; 3]) -> u8 {
    let labs = ink_labs();
    let l = lab(rgb);
    let mut best = 0usize;
    let mut best_d = f32::INFINITY;
    for (i, il) in labs.iter().enumerate() {
        let d = dist2(&l, il);
        if d < best_d {
            best = i;
            best_d = d;
        }
    }
    best as u8
}

fn ink_labs() -> &'static [[f32; 3]] {
    static LABS: OnceLock<Vec<[f32; 3]>> = OnceLock::new();
    LABS.get_or_init(|| INKS.iter().map(|i| lab(i.rgb)).collect())
}

fn dist2(a: &[f32; 3], b: &[f32; 3]) -> f32 {
    let d = [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
    d[0] * d[0] + d[1] * d[1] + d[2] * d[2]
}

/// sRGB (D65) to CIE L*a*b*.
fn lab(rgb: [u8; 3]) -> [f32; 3] {
    let lin = |c: u8| {
        let c = f32::from(c) / 255.0;
        if c <= 0.04045 {
            c / 12.92
        } else {
            ((c + 0.055) / 1.055).powf(2.4)
        }
    };
    let [r, g, b] = rgb.map(lin);
    let x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.950_47;
    let y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
    let z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.088_83;
    let f = |t: f32| {
        if t > 0.008_856 {
            t.cbrt()
        } else {
            7.787 * t + 16.0 / 116.0
        }
    };
    let (fx, fy, fz) = (f(x), f(y), f(z));
    [116.0 * fy - 16.0, 500.0 * (fx - fy), 200.0 * (fy - fz)]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_unique_and_lookup_is_case_insensitive() {
        for (i, a) in INKS.iter().enumerate() {
            assert!(INKS[i + 1..].iter().all(|b| b.id != a.id), "{}", a.id);
        }
        assert_eq!(ink("hvid").map(|i| i.rgb), Some([255, 255, 255]));
        assert_eq!(ink(" 186 ").map(|i| i.name), Some("Red 186 C"));
        assert!(ink("nope").is_none());
    }

    #[test]
    fn every_ink_is_its_own_nearest() {
        for (i, k) in INKS.iter().enumerate() {
            assert_eq!(nearest_index(k.rgb) as usize, i, "{}", k.id);
        }
    }

    #[test]
    fn reduce_ignores_anti_aliasing_and_small_specks() {
        let red = ink("186").expect("red").rgb;
        let white = ink("HVID").expect("white").rgb;
        let navy = ink("282").expect("navy").rgb;
        // Left 60 % red, right white, a 1-px blended seam, a tiny navy speck and a
        // transparent border.
        let img = RgbaImage::from_fn(200, 100, |x, y| {
            let rgb = match x {
                _ if (50..53).contains(&x) && (50..53).contains(&y) => navy,
                0..120 => red,
                120 => {
                    std::array::from_fn(|i| ((u16::from(red[i]) + u16::from(white[i])) / 2) as u8)
                }
                _ => white,
            };
            let a = if x < 4 || y < 4 { 0 } else { 255 };
            image::Rgba([rgb[0], rgb[1], rgb[2], a])
        });
        let ids: Vec<&str> = reduce_to_inks(&img).iter().map(|i| i.id).collect();
        assert_eq!(ids, ["186", "HVID"]);
        assert!(reduce_to_inks(&RgbaImage::new(10, 10)).is_empty());
    }

    #[test]
    fn reduce_samples_large_pictures_and_stays_ordered() {
        let img = RgbaImage::from_fn(1024, 1024, |x, _| {
            let id = if x < 300 {
                "286"
            } else if x < 650 {
                "109"
            } else {
                "SORT"
            };
            let c = ink(id).expect("ink").rgb;
            image::Rgba([c[0], c[1], c[2], 255])
        });
        let t = std::time::Instant::now();
        let ids: Vec<&str> = reduce_to_inks(&img).iter().map(|i| i.id).collect();
        eprintln!("reduce_to_inks 1024x1024: {:?}", t.elapsed());
        assert_eq!(ids, ["SORT", "109", "286"]);
        // Equal flat areas (the transparent last column and row keep edges symmetric).
        let close = RgbaImage::from_fn(101, 100, |x, y| {
            let c = if x < 50 { [250, 250, 250] } else { [10, 12, 8] };
            let a = if x == 100 || y == 99 { 0 } else { 255 };
            image::Rgba([c[0], c[1], c[2], a])
        });
        let ids: Vec<&str> = reduce_to_inks(&close).iter().map(|i| i.id).collect();
        assert_eq!(ids, ["HVID", "SORT"], "ties are ordered by id");
    }

    #[test]
    fn separation_gives_exact_inks_and_keeps_blends() {
        let (red, white) = (ink("186").unwrap(), ink("HVID").unwrap());
        let mut img = RgbaImage::new(3, 1);
        img.put_pixel(0, 0, image::Rgba([255, 0, 0, 255])); // off-palette red
        let mid = [
            ((u16::from(red.rgb[0]) + 255) / 2) as u8,
            ((u16::from(red.rgb[1]) + 255) / 2) as u8,
            ((u16::from(red.rgb[2]) + 255) / 2) as u8,
        ];
        img.put_pixel(1, 0, image::Rgba([mid[0], mid[1], mid[2], 255]));
        img.put_pixel(2, 0, image::Rgba([255, 255, 255, 128]));
        let out = separate(&img, &[red, white]);
        assert_eq!(out.get_pixel(0, 0).0[..3], red.rgb);
        assert_eq!(out.get_pixel(1, 0).0[..3], mid);
        assert_eq!(out.get_pixel(2, 0).0, [255, 255, 255, 128]);
    }
}
