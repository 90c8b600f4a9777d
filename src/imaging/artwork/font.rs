//! The stroke font: capitals, Danish letters, digits and a few signs as centre-line paths,
//! stroked bold and round by the rasteriser.

use super::geometry::arc;
use super::raster::{Canvas, Pt};
use crate::imaging::inks::Ink;

/// Glyphs on a grid 10 units tall (y down, baseline at 10): advance width and a path of
/// `M x y` (move), `L x y` (line) and `E cx cy rx ry a0 a1` (ellipse arc, degrees, 0° right,
/// 90° down) commands.
fn glyph(c: char) -> Option<(f32, &'static str)> {
    Some(match c {
        'A' => (6.4, "M0 10 L3.2 0 L6.4 10 M1.3 6.6 L5.1 6.6"),
        'B' => (
            6.0,
            "M0 5 L0 0 L3.4 0 E3.4 2.5 2.3 2.5 -90 90 L0 5 L0 10 L3.5 10 E3.5 7.5 2.5 2.5 90 -90 L0 5",
        ),
        'C' => (6.0, "E3.1 5 3.1 5 -45 -315"),
        'D' => (6.0, "M0 0 L0 10 L2.2 10 E2.2 5 3.8 5 90 -90 L0 0"),
        'E' => (5.2, "M5.2 0 L0 0 L0 10 L5.2 10 M0 5 L4.2 5"),
        'F' => (5.0, "M5 0 L0 0 L0 10 M0 5 L4 5"),
        'G' => (6.2, "E3.1 5 3.1 5 -40 -360 L3.6 5"),
        'H' => (6.0, "M0 0 L0 10 M6 0 L6 10 M0 5 L6 5"),
        'I' => (0.0, "M0 0 L0 10"),
        'J' => (5.0, "M5 0 L5 7.5 E2.5 7.5 2.5 2.5 0 180"),
        'K' => (5.8, "M0 0 L0 10 M5.8 0 L0 6.4 M2.1 4.3 L5.8 10"),
        'L' => (5.0, "M0 0 L0 10 L5 10"),
        'M' => (7.2, "M0 10 L0 0 L3.6 6.5 L7.2 0 L7.2 10"),
        'N' => (6.0, "M0 10 L0 0 L6 10 L6 0"),
        'O' => (6.6, "E3.3 5 3.3 5 0 360"),
        'P' => (5.8, "M0 10 L0 0 L3.3 0 E3.3 2.7 2.5 2.7 -90 90 L0 5.4"),
        'Q' => (6.6, "E3.3 5 3.3 5 0 360 M3.9 7.2 L6.6 10.2"),
        'R' => (
            5.9,
            "M0 10 L0 0 L3.3 0 E3.3 2.7 2.5 2.7 -90 90 L0 5.4 M2.9 5.4 L5.9 10",
        ),
        'S' => (5.8, "E2.9 2.6 2.8 2.6 -25 -270 E2.9 7.4 2.9 2.6 -90 155"),
        'T' => (6.0, "M0 0 L6 0 M3 0 L3 10"),
        'U' => (6.0, "M0 0 L0 7 E3 7 3 3 180 0 L6 0"),
        'V' => (6.4, "M0 0 L3.2 10 L6.4 0"),
        'W' => (8.4, "M0 0 L2 10 L4.2 2.5 L6.4 10 L8.4 0"),
        'X' => (6.0, "M0 0 L6 10 M6 0 L0 10"),
        'Y' => (6.2, "M0 0 L3.1 5.2 L6.2 0 M3.1 5.2 L3.1 10"),
        'Z' => (6.0, "M0 0 L6 0 L0 10 L6 10"),
        'Æ' => (
            8.6,
            "M0 10 L4.2 0 L8.6 0 M4.2 0 L4.2 10 L8.6 10 M4.2 5 L7.8 5 M1.4 6.6 L4.2 6.6",
        ),
        'Ø' => (6.6, "E3.3 5 3.3 5 0 360 M0.4 10.2 L6.2 -0.2"),
        'Å' => (
            6.4,
            "M0 10 L3.2 1.8 L6.4 10 M1.3 6.9 L5.1 6.9 M4.45 -1.7 E3.2 -1.7 1.25 1.25 0 360",
        ),
        '0' => (6.0, "E3 5 3 5 0 360"),
        '1' => (3.4, "M0 2.2 L3.4 0 L3.4 10"),
        '2' => (6.0, "E3 3 3 3 -165 35 L0 10 L6 10"),
        '3' => (6.0, "E3 2.6 2.8 2.6 -160 90 E3 7.4 3 2.6 -90 160"),
        '4' => (6.2, "M4.6 10 L4.6 0 L0 7 L6.2 7"),
        '5' => (6.0, "M5.6 0 L0.7 0 L0.3 4.6 E3 6.8 3 3.2 -132 150"),
        '6' => (6.0, "E3 7 3 3 0 360 M0 7 L0 5 E4.6 5 4.6 5 180 265"),
        '7' => (6.0, "M0 0 L6 0 L2 10"),
        '8' => (6.0, "E3 2.6 2.6 2.6 0 360 M5.9 7.4 E3 7.4 2.9 2.6 0 360"),
        '9' => (6.0, "E3 3 3 3 0 360 M6 3 L6 5 E1.4 5 4.6 5 0 85"),
        '-' => (3.4, "M0 5.6 L3.4 5.6"),
        '+' | '&' => (5.0, "M0 5 L5 5 M2.5 2.5 L2.5 7.5"),
        '.' => (0.0, "M0 10 L0 9.99"),
        '\'' => (0.0, "M0 0 L0 2.5"),
        '/' => (4.0, "M0 10 L4 0"),
        ' ' => (3.0, ""),
        _ => return None,
    })
}

/// Parses a glyph path into polylines (glyph units).
fn glyph_paths(path: &str) -> Vec<Vec<Pt>> {
    let num = |t: Option<&str>| t.and_then(|s| s.parse::<f32>().ok()).unwrap_or(0.0);
    let mut out: Vec<Vec<Pt>> = Vec::new();
    let mut cur: Vec<Pt> = Vec::new();
    let mut toks = path.split_whitespace();
    while let Some(tok) = toks.next() {
        let Some(cmd) = tok.chars().next() else {
            continue;
        };
        let first = Some(&tok[cmd.len_utf8()..]);
        match cmd {
            'M' => {
                if cur.len() > 1 {
                    out.push(std::mem::take(&mut cur));
                }
                cur.clear();
                cur.push((num(first), num(toks.next())));
            }
            'L' => cur.push((num(first), num(toks.next()))),
            'E' => {
                let cx = num(first);
                let v: [f32; 5] = std::array::from_fn(|_| num(toks.next()));
                cur.extend(arc(cx, v[0], v[1], v[2], v[3], v[4]));
            }
            _ => {}
        }
    }
    if cur.len() > 1 {
        out.push(cur);
    }
    out
}

/// A bold rounded stroke font at a given cap height (pixels).
pub(super) struct Font {
    /// Cap height in pixels.
    cap: f32,
    /// Pixels per glyph unit.
    pub(super) u: f32,
    /// Stroke width in glyph units.
    pub(super) weight: f32,
    /// Gap between glyph outlines in glyph units.
    gap: f32,
}

impl Font {
    pub(super) fn new(cap: f32) -> Self {
        Self {
            cap,
            u: cap / 10.0,
            weight: 1.75,
            gap: 1.3,
        }
    }

    pub(super) fn with_weight(mut self, weight: f32) -> Self {
        self.weight = weight;
        self
    }

    /// The font of stroke `weight` at the largest cap height at which `text` fits in `max_w`
    /// pixels, at most `max_cap`.
    pub(super) fn fitted(text: &str, max_w: f32, max_cap: f32, weight: f32) -> Self {
        Font::new(fit_cap(text, max_w, max_cap, weight)).with_weight(weight)
    }

    /// Cap height in pixels.
    pub(super) fn cap(&self) -> f32 {
        self.cap
    }

    pub(super) fn stroke(&self) -> f32 {
        self.weight * self.u
    }

    fn chars(text: &str) -> impl Iterator<Item = (f32, &'static str)> + '_ {
        text.chars()
            .flat_map(char::to_uppercase)
            .map(|c| glyph(c).unwrap_or((3.0, "")))
    }

    /// Width in pixels of the inked extent of `text`.
    pub(super) fn measure(&self, text: &str) -> f32 {
        let mut w = 0.0;
        let mut n = 0;
        for (gw, _) in Self::chars(text) {
            w += gw + self.weight;
            n += 1;
        }
        if n == 0 {
            return 0.0;
        }
        (w + self.gap * (n - 1) as f32) * self.u
    }

    /// Every glyph's polylines mapped through `place(glyph_center_x_px, local_pt_px)`.
    fn layout(&self, text: &str) -> Vec<(f32, Vec<Vec<Pt>>)> {
        let total = self.measure(text);
        let mut pen = -total / 2.0;
        let mut out = Vec::new();
        for (gw, path) in Self::chars(text) {
            let left = pen + self.weight * self.u / 2.0;
            let center = left + gw * self.u / 2.0;
            let polys = glyph_paths(path)
                .into_iter()
                .map(|pl| {
                    pl.into_iter()
                        .map(|(x, y)| ((x - gw / 2.0) * self.u, y * self.u))
                        .collect()
                })
                .collect();
            out.push((center, polys));
            pen += (gw + self.weight + self.gap) * self.u;
        }
        out
    }

    /// Draws `text` centred on `cx` with the cap line at `top`. With `outline`, a thicker
    /// pass in that ink (width in pixels on each side) goes underneath.
    pub(super) fn draw(
        &self,
        c: &mut Canvas,
        text: &str,
        cx: f32,
        top: f32,
        paint: Option<&'static Ink>,
        outline: Option<(&'static Ink, f32)>,
    ) {
        let lines: Vec<Vec<Pt>> = self
            .layout(text)
            .into_iter()
            .flat_map(|(gc, polys)| {
                polys
                    .into_iter()
                    .map(move |pl| pl.into_iter().map(|p| (cx + gc + p.0, top + p.1)).collect())
            })
            .collect();
        if let Some((oi, ow)) = outline {
            c.strokes(&lines, self.stroke() + 2.0 * ow, Some(oi), None);
        }
        c.strokes(&lines, self.stroke(), paint, None);
    }

    /// Draws `text` along a circle of radius `r` (the middle of the letters) around
    /// (`cx`, `cy`): on the upper half reading clockwise, or on the lower half reading
    /// counter-clockwise, letters upright either way.
    pub(super) fn draw_on_arc(
        &self,
        c: &mut Canvas,
        text: &str,
        (cx, cy, r): (f32, f32, f32),
        upper: bool,
        paint: Option<&'static Ink>,
    ) {
        let half = 5.0 * self.u;
        let mut lines: Vec<Vec<Pt>> = Vec::new();
        for (gc, polys) in self.layout(text) {
            let deg = gc / r * 180.0 / std::f32::consts::PI;
            let theta = if upper { -90.0 + deg } else { 90.0 - deg };
            let (s, co) = theta.to_radians().sin_cos();
            // Reading direction and the glyph's "down" direction.
            let (t, down) = if upper {
                ((-s, co), (-co, -s))
            } else {
                ((s, -co), (co, s))
            };
            let base = (cx + r * co, cy + r * s);
            for pl in polys {
                lines.push(
                    pl.iter()
                        .map(|&(u, v)| {
                            let v = v - half;
                            (base.0 + u * t.0 + v * down.0, base.1 + u * t.1 + v * down.1)
                        })
                        .collect(),
                );
            }
        }
        c.strokes(&lines, self.stroke(), paint, None);
    }
}

/// Largest cap height at which `text` fits in `max_w` pixels, capped at `max_cap`.
fn fit_cap(text: &str, max_w: f32, max_cap: f32, weight: f32) -> f32 {
    let probe = Font::new(10.0).with_weight(weight);
    let w10 = probe.measure(text);
    if w10 <= 0.0 {
        return max_cap;
    }
    (max_w / w10 * 10.0).min(max_cap)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_glyph_parses() {
        for c in "ABCDEFGHIJKLMNOPQRSTUVWXYZÆØÅ0123456789-+.'/".chars() {
            let (_, path) = glyph(c).expect("glyph");
            let polys = glyph_paths(path);
            assert!(
                !polys.is_empty() && polys.iter().all(|p| p.len() >= 2),
                "{c}"
            );
        }
    }
}
