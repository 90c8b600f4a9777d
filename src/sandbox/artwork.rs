//! Demo artwork generated deterministically for the fixtures.
//!
//! Every picture is drawn from code, without randomness: vector shapes (polygons, circles,
//! rings, thick strokes and a small stroke font) are filled with exact [`INKS`] colors on a
//! 3× supersampled canvas and box-filtered down, so edges are anti-aliased while the inside
//! of every shape keeps its exact ink color (which is what
//! [`reduce_to_inks`](super::inks::reduce_to_inks) finds again).

use image::RgbaImage;

use super::inks::{INKS, Ink, ink};

/// Number of distinct demo logos [`demo_logo`] draws.
pub const DEMO_LOGO_COUNT: usize = 40;

/// One generated demo logo.
#[derive(Debug, Clone)]
pub struct DemoArt {
    /// The picture: transparent background, anti-aliased edges.
    pub image: RgbaImage,
    /// A title as a club would name the artwork.
    pub title: String,
    /// Ids of the [`INKS`] the picture is drawn with, by coverage descending then id
    /// (the order [`reduce_to_inks`](super::inks::reduce_to_inks) reports them in).
    pub suggested_inks: Vec<&'static str>,
}

/// Draws demo logo `index` (taken modulo [`DEMO_LOGO_COUNT`]). Deterministic: the same index
/// always gives the same pixels.
pub fn demo_logo(index: usize) -> DemoArt {
    let i = index % DEMO_LOGO_COUNT;
    let (title, design) = catalogue(i);
    let (image, suggested_inks) = design.draw();
    DemoArt {
        image,
        title: title.to_owned(),
        suggested_inks,
    }
}

/// A wide "NAME" lettering sample in white on transparent (NameLogo placeholder).
pub fn name_placeholder() -> RgbaImage {
    lettering("NAME", 150.0)
}

/// A big "10" in white on transparent (NumberLogo placeholder).
pub fn number_placeholder() -> RgbaImage {
    lettering("10", 360.0)
}

/// `text` lettered in bold white capitals on transparent (TextLogo placeholder).
/// Characters the stroke font lacks are drawn as spaces; empty text gives a small blank
/// picture.
pub fn text_logo(text: &str) -> RgbaImage {
    lettering(text, 120.0)
}

fn lettering(text: &str, cap: f32) -> RgbaImage {
    let font = Font::new(cap);
    let pad = (cap * 0.12).ceil();
    let w = (font.measure(text) + 2.0 * pad).ceil().clamp(16.0, 4000.0);
    let h = (cap + 2.0 * pad + font.stroke()).ceil();
    let mut c = Canvas::new(w as u32, h as u32);
    font.draw(
        &mut c,
        text,
        w / 2.0,
        pad + font.stroke() / 2.0,
        Some(k("HVID")),
        None,
    );
    c.finish().0
}

/// Ink by id; the ids used here are constants checked by the tests.
fn k(id: &str) -> &'static Ink {
    ink(id).unwrap_or(&INKS[0])
}

// ---------------------------------------------------------------------------------------
// Rasterizer
// ---------------------------------------------------------------------------------------

/// Supersampling factor per axis.
const SS: usize = 4;
const SSF: f32 = SS as f32;

pub(crate) type Pt = (f32, f32);

/// A fillable region, in output pixel coordinates.
#[derive(Debug, Clone)]
pub(crate) enum Shape {
    /// Closed polygons, even-odd rule.
    Poly(Vec<Vec<Pt>>),
    Ellipse {
        cx: f32,
        cy: f32,
        rx: f32,
        ry: f32,
    },
    Ring {
        cx: f32,
        cy: f32,
        outer: f32,
        inner: f32,
    },
}

impl Shape {
    pub(crate) fn poly(pts: Vec<Pt>) -> Self {
        Shape::Poly(vec![pts])
    }

    pub(crate) fn circle(cx: f32, cy: f32, r: f32) -> Self {
        Shape::Ellipse {
            cx,
            cy,
            rx: r,
            ry: r,
        }
    }

    fn ring(cx: f32, cy: f32, outer: f32, inner: f32) -> Self {
        Shape::Ring {
            cx,
            cy,
            outer,
            inner,
        }
    }

    pub(crate) fn rect(x: f32, y: f32, w: f32, h: f32) -> Self {
        Self::poly(vec![(x, y), (x + w, y), (x + w, y + h), (x, y + h)])
    }

    fn y_range(&self) -> (f32, f32) {
        match self {
            Shape::Poly(cs) => {
                let mut lo = f32::INFINITY;
                let mut hi = f32::NEG_INFINITY;
                for p in cs.iter().flatten() {
                    lo = lo.min(p.1);
                    hi = hi.max(p.1);
                }
                (lo, hi)
            }
            Shape::Ellipse { cy, ry, .. } => (cy - ry, cy + ry),
            Shape::Ring { cy, outer, .. } => (cy - outer, cy + outer),
        }
    }

    /// Sorted, disjoint x intervals covered on the horizontal line at `y`.
    fn spans(&self, y: f32, xs: &mut Vec<f32>, out: &mut Vec<Pt>) {
        out.clear();
        match self {
            Shape::Poly(cs) => {
                xs.clear();
                for c in cs {
                    let n = c.len();
                    for i in 0..n {
                        let (a, b) = (c[i], c[(i + 1) % n]);
                        if (a.1 <= y && y < b.1) || (b.1 <= y && y < a.1) {
                            xs.push(a.0 + (y - a.1) * (b.0 - a.0) / (b.1 - a.1));
                        }
                    }
                }
                xs.sort_by(f32::total_cmp);
                for pair in xs.chunks_exact(2) {
                    out.push((pair[0], pair[1]));
                }
            }
            Shape::Ellipse { cx, cy, rx, ry } => {
                let d = (y - cy) / ry;
                if d.abs() < 1.0 {
                    let hw = rx * (1.0 - d * d).sqrt();
                    out.push((cx - hw, cx + hw));
                }
            }
            Shape::Ring {
                cx,
                cy,
                outer,
                inner,
            } => {
                let dy = y - cy;
                if dy.abs() < *outer {
                    let ho = (outer * outer - dy * dy).sqrt();
                    if dy.abs() < *inner {
                        let hi = (inner * inner - dy * dy).sqrt();
                        out.push((cx - ho, cx - hi));
                        out.push((cx + hi, cx + ho));
                    } else {
                        out.push((cx - ho, cx + ho));
                    }
                }
            }
        }
    }
}

/// One run of equal subsamples on a supersampled row: `[start, end)` painted with
/// `Canvas::inks[ink - 1]`.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Run {
    start: u32,
    end: u32,
    ink: u8,
}

/// A canvas at [`SS`]× resolution stored as sorted, non-overlapping, merged runs per
/// subsample row. Painting costs per span, not per subsample, and the box filter only does
/// per-subsample work on pixels that straddle a run boundary.
pub(crate) struct Canvas {
    w: u32,
    h: u32,
    sw: usize,
    sh: usize,
    rows: Vec<Vec<Run>>,
    inks: Vec<&'static Ink>,
    xs: Vec<f32>,
    spans: Vec<Pt>,
    clip_spans: Vec<Pt>,
    joined: Vec<Pt>,
}

impl Canvas {
    pub(crate) fn new(w: u32, h: u32) -> Self {
        let (sw, sh) = (w as usize * SS, h as usize * SS);
        Self {
            w,
            h,
            sw,
            sh,
            rows: vec![Vec::new(); sh],
            inks: Vec::new(),
            xs: Vec::new(),
            spans: Vec::new(),
            clip_spans: Vec::new(),
            joined: Vec::new(),
        }
    }

    fn wf(&self) -> f32 {
        self.w as f32
    }

    fn hf(&self) -> f32 {
        self.h as f32
    }

    fn ink_index(&mut self, paint: Option<&'static Ink>) -> u8 {
        let Some(i) = paint else {
            return 0;
        };
        match self.inks.iter().position(|u| u.id == i.id) {
            Some(p) => p as u8 + 1,
            None => {
                self.inks.push(i);
                self.inks.len() as u8
            }
        }
    }

    /// Paints `shape` with `paint` (`None` erases), restricted to `clip` if given.
    pub(crate) fn fill(
        &mut self,
        shape: &Shape,
        paint: Option<&'static Ink>,
        clip: Option<&Shape>,
    ) {
        let ink = self.ink_index(paint);
        let (mut y0, mut y1) = shape.y_range();
        if let Some(c) = clip {
            let (c0, c1) = c.y_range();
            y0 = y0.max(c0);
            y1 = y1.min(c1);
        }
        let sy0 = (y0 * SSF - 0.5).ceil().max(0.0) as usize;
        let sy1 = ((y1 * SSF - 0.5).ceil().max(0.0) as usize).min(self.sh);
        for sy in sy0..sy1 {
            let y = (sy as f32 + 0.5) / SSF;
            shape.spans(y, &mut self.xs, &mut self.spans);
            if let Some(c) = clip {
                c.spans(y, &mut self.xs, &mut self.clip_spans);
                intersect(&self.spans, &self.clip_spans, &mut self.joined);
                std::mem::swap(&mut self.spans, &mut self.joined);
            }
            for &(a, b) in &self.spans {
                let i0 = (a * SSF - 0.5).ceil().max(0.0) as usize;
                let i1 = ((b * SSF - 0.5).ceil().max(0.0) as usize).min(self.sw);
                if i1 > i0 {
                    paint_run(&mut self.rows[sy], i0 as u32, i1 as u32, ink);
                }
            }
        }
    }

    /// A polyline of width `width` with round joins and caps.
    pub(crate) fn stroke(
        &mut self,
        pts: &[Pt],
        width: f32,
        closed: bool,
        paint: Option<&'static Ink>,
        clip: Option<&Shape>,
    ) {
        let mut line = pts.to_vec();
        if closed && let Some(&first) = pts.first() {
            line.push(first);
        }
        self.strokes(&[line], width, paint, clip);
    }

    /// Several open polylines of width `width` with round joins and caps, painted as one
    /// union (each subsample row gets the merged capsule intervals of every segment).
    fn strokes(
        &mut self,
        lines: &[Vec<Pt>],
        width: f32,
        paint: Option<&'static Ink>,
        clip: Option<&Shape>,
    ) {
        let ink = self.ink_index(paint);
        let r = width / 2.0;
        // Segments with their vertical extent; a lone point is a zero-length segment.
        let mut segs: Vec<(Pt, Pt, f32, f32)> = Vec::new();
        for l in lines {
            match l.len() {
                0 => {}
                1 => segs.push((l[0], l[0], l[0].1 - r, l[0].1 + r)),
                n => {
                    for i in 0..n - 1 {
                        let (a, b) = (l[i], l[i + 1]);
                        segs.push((a, b, a.1.min(b.1) - r, a.1.max(b.1) + r));
                    }
                }
            }
        }
        let mut y0 = f32::INFINITY;
        let mut y1 = f32::NEG_INFINITY;
        for s in &segs {
            y0 = y0.min(s.2);
            y1 = y1.max(s.3);
        }
        if let Some(c) = clip {
            let (c0, c1) = c.y_range();
            y0 = y0.max(c0);
            y1 = y1.min(c1);
        }
        let sy0 = (y0 * SSF - 0.5).ceil().max(0.0) as usize;
        let sy1 = ((y1 * SSF - 0.5).ceil().max(0.0) as usize).min(self.sh);
        // Sweep rows top to bottom keeping only the segments that reach the current row.
        segs.sort_by(|p, q| p.2.total_cmp(&q.2));
        let mut next = 0;
        let mut active: Vec<(Pt, Pt, f32, f32)> = Vec::new();
        for sy in sy0..sy1 {
            let y = (sy as f32 + 0.5) / SSF;
            while next < segs.len() && segs[next].2 <= y {
                active.push(segs[next]);
                next += 1;
            }
            active.retain(|s| s.3 >= y);
            self.joined.clear();
            for &(a, b, _, _) in &active {
                if let Some(span) = capsule_span(a, b, r, y) {
                    self.joined.push(span);
                }
            }
            if self.joined.is_empty() {
                continue;
            }
            self.joined.sort_by(|p, q| p.0.total_cmp(&q.0));
            self.spans.clear();
            let mut cur = self.joined[0];
            for &(a, b) in &self.joined[1..] {
                if a <= cur.1 {
                    cur.1 = cur.1.max(b);
                } else {
                    self.spans.push(cur);
                    cur = (a, b);
                }
            }
            self.spans.push(cur);
            if let Some(c) = clip {
                c.spans(y, &mut self.xs, &mut self.clip_spans);
                intersect(&self.spans, &self.clip_spans, &mut self.joined);
                std::mem::swap(&mut self.spans, &mut self.joined);
            }
            for &(a, b) in &self.spans {
                let i0 = (a * SSF - 0.5).ceil().max(0.0) as usize;
                let i1 = ((b * SSF - 0.5).ceil().max(0.0) as usize).min(self.sw);
                if i1 > i0 {
                    paint_run(&mut self.rows[sy], i0 as u32, i1 as u32, ink);
                }
            }
        }
    }

    /// Box-filters the runs down to straight-alpha RGBA and ranks the used inks by how many
    /// fully covered pixels they have (descending, then id).
    pub(crate) fn finish(self) -> (RgbaImage, Vec<&'static str>) {
        let (w, h) = (self.w as usize, self.h as usize);
        let mut out = vec![0u8; w * h * 4];
        // Per ink: its opaque pixel repeated across a row, for memcpy fills.
        let templates: Vec<Vec<u8>> = self
            .inks
            .iter()
            .map(|i| [i.rgb[0], i.rgb[1], i.rgb[2], 255].repeat(w))
            .collect();
        let mut exact = vec![0usize; self.inks.len()];
        // Partial pixels: coverage count and summed colors of covered subsamples.
        let mut acc = vec![[0u32; 4]; w];
        let mut touched: Vec<usize> = Vec::new();
        let end = self.sw as u32;
        for y in 0..h {
            let sub = &self.rows[y * SS..(y + 1) * SS];
            if sub.iter().all(Vec::is_empty) {
                continue;
            }
            let row_off = y * w * 4;
            // Walk the sub-rows' run boundaries in order (a k-way merge); between two
            // consecutive boundaries every sub-row has one color.
            let mut pos = [0usize; SS];
            let mut p = 0u32;
            while p < end {
                let mut q = end;
                let mut colors = [0u8; SS];
                let mut k = 0;
                while k < SS {
                    let i = pos[k];
                    if i / 2 < sub[k].len() {
                        let run = sub[k][i / 2];
                        let (b, inside) = if i % 2 == 0 {
                            (run.start, false)
                        } else {
                            (run.end, true)
                        };
                        if b < q {
                            q = b;
                        }
                        if inside {
                            colors[k] = run.ink;
                        }
                    }
                    k += 1;
                }
                if q > p {
                    segment(
                        &colors,
                        p,
                        q,
                        &mut Seg {
                            out: &mut out[row_off..row_off + w * 4],
                            templates: &templates,
                            exact: &mut exact,
                            acc: &mut acc,
                            touched: &mut touched,
                            inks: &self.inks,
                        },
                    );
                }
                let mut k = 0;
                while k < SS {
                    let i = pos[k];
                    if i / 2 < sub[k].len() {
                        let run = sub[k][i / 2];
                        if (if i % 2 == 0 { run.start } else { run.end }) == q {
                            pos[k] += 1;
                        }
                    }
                    k += 1;
                }
                p = q;
            }
            for &px in &touched {
                out[row_off + px * 4..row_off + px * 4 + 4].copy_from_slice(&resolve(acc[px]));
                acc[px] = [0; 4];
            }
            touched.clear();
        }
        let mut ranked: Vec<(usize, &'static str)> = exact
            .into_iter()
            .zip(self.inks.iter().map(|i| i.id))
            .filter(|(n, _)| *n > 0)
            .collect();
        ranked.sort_by(|a, b| b.0.cmp(&a.0).then_with(|| a.1.cmp(b.1)));
        let img = RgbaImage::from_raw(w as u32, h as u32, out)
            .unwrap_or_else(|| RgbaImage::new(w as u32, h as u32));
        (img, ranked.into_iter().map(|(_, id)| id).collect())
    }
}

/// Output state shared by the segments of one output row.
struct Seg<'a> {
    out: &'a mut [u8],
    templates: &'a [Vec<u8>],
    exact: &'a mut [usize],
    acc: &'a mut [[u32; 4]],
    touched: &'a mut Vec<usize>,
    inks: &'a [&'static Ink],
}

/// Resolves the subsample interval `[p, q)` of one output row, where sub-row `k` has ink
/// `colors[k]` throughout: whole pixels are written at once, partly covered ones are
/// accumulated.
fn segment(colors: &[u8; SS], p: u32, q: u32, st: &mut Seg<'_>) {
    let mut any = false;
    let mut uniform = true;
    let mut sum = [0u32; 4];
    for &c in colors {
        any |= c != 0;
        uniform &= c == colors[0];
        if c != 0 {
            let v = st.inks[c as usize - 1].rgb;
            sum = [
                sum[0] + 1,
                sum[1] + u32::from(v[0]),
                sum[2] + u32::from(v[1]),
                sum[3] + u32::from(v[2]),
            ];
        }
    }
    if !any {
        return;
    }
    let ss = SS as u32;
    let px0 = p.div_ceil(ss);
    let px1 = q / ss;
    if px1 > px0 {
        let (a, b) = (px0 as usize * 4, px1 as usize * 4);
        if uniform {
            let k = colors[0] as usize - 1;
            st.out[a..b].copy_from_slice(&st.templates[k][..b - a]);
            st.exact[k] += (px1 - px0) as usize;
        } else {
            let px = resolve([sum[0] * ss, sum[1] * ss, sum[2] * ss, sum[3] * ss]);
            for chunk in st.out[a..b].chunks_exact_mut(4) {
                chunk.copy_from_slice(&px);
            }
        }
    }
    let mut add = |x0: u32, x1: u32| {
        if x1 > x0 {
            let n = x1 - x0;
            let px = (x0 / ss) as usize;
            let e = &mut st.acc[px];
            if e[0] == 0 {
                st.touched.push(px);
            }
            *e = [
                e[0] + n * sum[0],
                e[1] + n * sum[1],
                e[2] + n * sum[2],
                e[3] + n * sum[3],
            ];
        }
    };
    if px1 > px0 {
        add(p, px0 * ss);
        add(px1 * ss, q);
    } else {
        add(p, q);
    }
}

/// Straight-alpha pixel from (covered subsamples, Σr, Σg, Σb) over covered subsamples.
fn resolve(a: [u32; 4]) -> [u8; 4] {
    let total = (SS * SS) as u32;
    if a[0] == 0 {
        return [0; 4];
    }
    let avg = |s: u32| ((s + a[0] / 2) / a[0]).min(255) as u8;
    [
        avg(a[1]),
        avg(a[2]),
        avg(a[3]),
        ((a[0] * 255 + total / 2) / total) as u8,
    ]
}

/// Paints `[a, b)` with `ink` (0 erases) into a sorted, merged run list.
fn paint_run(row: &mut Vec<Run>, a: u32, b: u32, ink: u8) {
    if a >= b {
        return;
    }
    let i = row.partition_point(|r| r.end <= a);
    let j = row.partition_point(|r| r.start < b);
    let mut left = (i < j && row[i].start < a).then(|| Run {
        start: row[i].start,
        end: a,
        ink: row[i].ink,
    });
    let mut right = (i < j && row[j - 1].end > b).then(|| Run {
        start: b,
        end: row[j - 1].end,
        ink: row[j - 1].ink,
    });
    let (mut lo, mut hi) = (i, j);
    let mut mid = None;
    if ink != 0 {
        let mut m = Run {
            start: a,
            end: b,
            ink,
        };
        match left {
            Some(l) if l.ink == ink => {
                m.start = l.start;
                left = None;
            }
            None if i > 0 && row[i - 1].end == a && row[i - 1].ink == ink => {
                m.start = row[i - 1].start;
                lo = i - 1;
            }
            _ => {}
        }
        match right {
            Some(r) if r.ink == ink => {
                m.end = r.end;
                right = None;
            }
            None if j < row.len() && row[j].start == b && row[j].ink == ink => {
                m.end = row[j].end;
                hi = j + 1;
            }
            _ => {}
        }
        mid = Some(m);
    }
    let mut pieces = [Run {
        start: 0,
        end: 0,
        ink: 0,
    }; 3];
    let mut n = 0;
    for r in [left, mid, right].into_iter().flatten() {
        pieces[n] = r;
        n += 1;
    }
    let old = hi - lo;
    let common = n.min(old);
    row[lo..lo + common].copy_from_slice(&pieces[..common]);
    if n > old {
        for (t, piece) in pieces.iter().enumerate().take(n).skip(old) {
            row.insert(lo + t, *piece);
        }
    } else if old > n {
        row.drain(lo + n..hi);
    }
}

/// The x interval where the horizontal line at `y` meets the capsule (all points within `r`
/// of the segment `a`–`b`), if any.
fn capsule_span(a: Pt, b: Pt, r: f32, y: f32) -> Option<Pt> {
    let mut lo = f32::INFINITY;
    let mut hi = f32::NEG_INFINITY;
    for c in [a, b] {
        let dy = y - c.1;
        if dy.abs() < r {
            let hw = (r * r - dy * dy).sqrt();
            lo = lo.min(c.0 - hw);
            hi = hi.max(c.0 + hw);
        }
    }
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let l2 = dx * dx + dy * dy;
    if l2 > 1e-8 {
        let l = l2.sqrt();
        let (mut x0, mut x1) = (f32::NEG_INFINITY, f32::INFINITY);
        let mut ok = true;
        // Projection onto the segment within [0, 1]: x·dx ∈ [a.x·dx − k, a.x·dx − k + l²].
        let k = (y - a.1) * dy;
        if dx.abs() > 1e-6 {
            let (u, v) = ((a.0 * dx - k) / dx, (a.0 * dx - k + l2) / dx);
            x0 = x0.max(u.min(v));
            x1 = x1.min(u.max(v));
        } else {
            ok &= (0.0..=l2).contains(&k);
        }
        // Distance from the line within r: x·dy ∈ [a.x·dy + (y − a.y)·dx ± r·l].
        let m = a.0 * dy + (y - a.1) * dx;
        if dy.abs() > 1e-6 {
            let (u, v) = ((m - r * l) / dy, (m + r * l) / dy);
            x0 = x0.max(u.min(v));
            x1 = x1.min(u.max(v));
        } else {
            ok &= (y - a.1).abs() <= r;
        }
        if ok && x0 < x1 {
            lo = lo.min(x0);
            hi = hi.max(x1);
        }
    }
    (lo < hi).then_some((lo, hi))
}

/// Intersection of two sorted lists of disjoint intervals.
fn intersect(a: &[Pt], b: &[Pt], out: &mut Vec<Pt>) {
    out.clear();
    let (mut i, mut j) = (0, 0);
    while i < a.len() && j < b.len() {
        let lo = a[i].0.max(b[j].0);
        let hi = a[i].1.min(b[j].1);
        if lo < hi {
            out.push((lo, hi));
        }
        if a[i].1 < b[j].1 {
            i += 1;
        } else {
            j += 1;
        }
    }
}

// ---------------------------------------------------------------------------------------
// Geometry helpers
// ---------------------------------------------------------------------------------------

/// Points on an ellipse arc from `a0` to `a1` degrees (0° = right, 90° = down).
pub(crate) fn arc(cx: f32, cy: f32, rx: f32, ry: f32, a0: f32, a1: f32) -> Vec<Pt> {
    let n = (((a1 - a0).abs() / 7.5).ceil() as usize).max(2);
    (0..=n)
        .map(|i| {
            let t = (a0 + (a1 - a0) * i as f32 / n as f32).to_radians();
            (cx + rx * t.cos(), cy + ry * t.sin())
        })
        .collect()
}

fn polar(cx: f32, cy: f32, r: f32, deg: f32) -> Pt {
    let t = deg.to_radians();
    (cx + r * t.cos(), cy + r * t.sin())
}

/// Regular polygon with `n` corners, the first at `rot` degrees.
fn ngon(cx: f32, cy: f32, r: f32, n: usize, rot: f32) -> Vec<Pt> {
    (0..n)
        .map(|i| polar(cx, cy, r, rot + 360.0 * i as f32 / n as f32))
        .collect()
}

/// Star with `n` points; outer radius `r`, inner radius `ri`, pointing up.
fn star(cx: f32, cy: f32, r: f32, ri: f32, n: usize) -> Vec<Pt> {
    (0..2 * n)
        .map(|i| {
            let rr = if i % 2 == 0 { r } else { ri };
            polar(cx, cy, rr, -90.0 + 180.0 * i as f32 / n as f32)
        })
        .collect()
}

fn star5(cx: f32, cy: f32, r: f32) -> Shape {
    Shape::poly(star(cx, cy, r, r * 0.4, 5))
}

/// Heater shield: flat top, straight sides, curving to a point at the bottom.
fn shield(cx: f32, top: f32, w: f32, h: f32) -> Vec<Pt> {
    let (l, r) = (cx - w / 2.0, cx + w / 2.0);
    let side = top + 0.38 * h;
    let bottom = top + h;
    let mut pts = vec![(l, top), (r, top)];
    // Quadratic Bézier from (r, side) via (r, bottom - 0.12h) to (cx, bottom).
    let n = 20;
    for i in 0..=n {
        let t = i as f32 / n as f32;
        let q = |p0: f32, p1: f32, p2: f32| {
            (1.0 - t) * (1.0 - t) * p0 + 2.0 * (1.0 - t) * t * p1 + t * t * p2
        };
        pts.push((q(r, r, cx), q(side, bottom - 0.14 * h, bottom)));
    }
    for i in (0..n).rev() {
        let t = i as f32 / n as f32;
        let q = |p0: f32, p1: f32, p2: f32| {
            (1.0 - t) * (1.0 - t) * p0 + 2.0 * (1.0 - t) * t * p1 + t * t * p2
        };
        pts.push((q(l, l, cx), q(side, bottom - 0.14 * h, bottom)));
    }
    pts
}

fn rounded_rect(x: f32, y: f32, w: f32, h: f32, r: f32) -> Vec<Pt> {
    let mut pts = arc(x + w - r, y + r, r, r, -90.0, 0.0);
    pts.extend(arc(x + w - r, y + h - r, r, r, 0.0, 90.0));
    pts.extend(arc(x + r, y + h - r, r, r, 90.0, 180.0));
    pts.extend(arc(x + r, y + r, r, r, 180.0, 270.0));
    pts
}

/// Rotated ellipse as a polygon (for leaves).
fn leaf(cx: f32, cy: f32, rx: f32, ry: f32, deg: f32) -> Shape {
    let (s, c) = deg.to_radians().sin_cos();
    Shape::poly(
        (0..20)
            .map(|i| {
                let t = (i as f32 * 18.0).to_radians();
                let (x, y) = (rx * t.cos(), ry * t.sin());
                (cx + x * c - y * s, cy + x * s + y * c)
            })
            .collect(),
    )
}

// ---------------------------------------------------------------------------------------
// Stroke font
// ---------------------------------------------------------------------------------------

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
struct Font {
    /// Pixels per glyph unit.
    u: f32,
    /// Stroke width in glyph units.
    weight: f32,
    /// Gap between glyph outlines in glyph units.
    gap: f32,
}

impl Font {
    fn new(cap: f32) -> Self {
        Self {
            u: cap / 10.0,
            weight: 1.75,
            gap: 1.3,
        }
    }

    fn with_weight(mut self, weight: f32) -> Self {
        self.weight = weight;
        self
    }

    fn stroke(&self) -> f32 {
        self.weight * self.u
    }

    fn chars(text: &str) -> impl Iterator<Item = (f32, &'static str)> + '_ {
        text.chars()
            .flat_map(char::to_uppercase)
            .map(|c| glyph(c).unwrap_or((3.0, "")))
    }

    /// Width in pixels of the inked extent of `text`.
    fn measure(&self, text: &str) -> f32 {
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
    fn draw(
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
    fn draw_on_arc(
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

// ---------------------------------------------------------------------------------------
// Designs
// ---------------------------------------------------------------------------------------

#[derive(Debug, Clone, Copy)]
enum Pattern {
    VStripes,
    HBands,
    Chevron,
    Quartered,
    Diagonal,
}

#[derive(Debug, Clone, Copy)]
enum Emblem {
    None,
    Star,
    Ball,
    Stars3,
}

#[derive(Debug, Clone, Copy)]
enum Icon {
    Bolt,
    House,
    Wheat,
    Wave,
}

#[derive(Debug, Clone, Copy)]
enum Design {
    /// Shield: border, field with a pattern, chief with initials, emblem.
    Crest {
        w: u32,
        h: u32,
        border: &'static str,
        field: &'static str,
        pattern_ink: &'static str,
        pattern: Pattern,
        text: &'static str,
        initials: &'static str,
        emblem: Emblem,
    },
    /// Round badge: ring with lettering around, inner disc with initials.
    Roundel {
        size: u32,
        ring: &'static str,
        ring_text: &'static str,
        disc: &'static str,
        center: &'static str,
        upper: &'static str,
        lower: &'static str,
        initials: &'static str,
    },
    /// Football: black and white panels, optional club-colored ring.
    Football {
        size: u32,
        ring: Option<&'static str>,
        caption: Option<&'static str>,
    },
    /// Handball with curved seams and a ribbon caption.
    Handball {
        size: u32,
        ball: &'static str,
        seams: &'static str,
        banner: &'static str,
        caption: &'static str,
    },
    /// Ribbon banner with a word.
    Banner {
        w: u32,
        h: u32,
        band: &'static str,
        tails: &'static str,
        text_ink: &'static str,
        text: &'static str,
    },
    /// Big jersey number with outline and drop shadow.
    Number {
        digits: &'static str,
        fill: &'static str,
        outline: &'static str,
        shadow: Option<&'static str>,
    },
    /// Sponsor plate: rounded rectangle, inner rule, two lines, icon.
    Sponsor {
        w: u32,
        h: u32,
        plate: &'static str,
        accent: &'static str,
        small_ink: &'static str,
        big: &'static str,
        small: &'static str,
        icon: Icon,
    },
    /// Laurel wreath around a number with a ribbon.
    Laurel {
        size: u32,
        leaves: &'static str,
        text_ink: &'static str,
        ribbon_text: &'static str,
        big: &'static str,
        ribbon: &'static str,
    },
    /// Sun over mountains with lettering (camp / event).
    Camp {
        w: u32,
        h: u32,
        sun: &'static str,
        hills: &'static str,
        text_ink: &'static str,
        line1: &'static str,
        line2: &'static str,
    },
    /// Pennant flag with hoist band and initials.
    Pennant {
        w: u32,
        h: u32,
        flag: &'static str,
        hoist: &'static str,
        text_ink: &'static str,
        text: &'static str,
    },
    /// Hexagonal badge with a big word and a small line.
    Hexagon {
        size: u32,
        outer: &'static str,
        inner: &'static str,
        text_ink: &'static str,
        big: &'static str,
        small: &'static str,
    },
    /// Stars over a wordmark with an underline bar.
    StarsWordmark {
        w: u32,
        h: u32,
        stars: &'static str,
        text_ink: &'static str,
        bar: &'static str,
        text: &'static str,
    },
    /// Two-line stacked wordmark with outline.
    Stacked {
        w: u32,
        h: u32,
        fill: &'static str,
        outline: &'static str,
        line1: &'static str,
        line2: &'static str,
    },
}

/// The 40 demo logos: a title and a design each.
fn catalogue(i: usize) -> (&'static str, Design) {
    use Design::*;
    match i {
        0 => (
            "Nordby IF crest",
            Crest {
                w: 440,
                h: 520,
                border: "282",
                field: "186",
                pattern_ink: "HVID",
                pattern: Pattern::VStripes,
                text: "HVID",
                initials: "NIF",
                emblem: Emblem::None,
            },
        ),
        1 => (
            "Home jersey chest logo",
            Roundel {
                size: 520,
                ring: "186",
                ring_text: "HVID",
                disc: "HVID",
                center: "186",
                upper: "NORDBY IDRÆTSFORENING",
                lower: "STIFTET 1923",
                initials: "NIF",
            },
        ),
        2 => (
            "Away jersey chest logo",
            Roundel {
                size: 520,
                ring: "282",
                ring_text: "HVID",
                disc: "299",
                center: "HVID",
                upper: "NORDBY IDRÆTSFORENING",
                lower: "STIFTET 1923",
                initials: "NIF",
            },
        ),
        3 => (
            "Sponsor: Bager Hansen",
            Sponsor {
                w: 760,
                h: 300,
                plate: "4625",
                accent: "7502",
                small_ink: "HVID",
                big: "BAGER HANSEN",
                small: "NORDBY SIDEN 1961",
                icon: Icon::Wheat,
            },
        ),
        4 => (
            "Handball section badge",
            Handball {
                size: 500,
                ball: "109",
                seams: "282",
                banner: "186",
                caption: "HÅNDBOLD",
            },
        ),
        5 => (
            "Youth camp 2026",
            Camp {
                w: 560,
                h: 520,
                sun: "151",
                hills: "348",
                text_ink: "282",
                line1: "YOUTH CAMP",
                line2: "2026",
            },
        ),
        6 => (
            "Football section crest",
            Crest {
                w: 440,
                h: 520,
                border: "SORT",
                field: "186",
                pattern_ink: "HVID",
                pattern: Pattern::Chevron,
                text: "HVID",
                initials: "FCN",
                emblem: Emblem::Ball,
            },
        ),
        7 => (
            "Back number 10",
            Number {
                digits: "10",
                fill: "HVID",
                outline: "186",
                shadow: Some("282"),
            },
        ),
        8 => (
            "Back print NORDBY",
            Banner {
                w: 860,
                h: 250,
                band: "186",
                tails: "7621",
                text_ink: "HVID",
                text: "NORDBY",
            },
        ),
        9 => (
            "Sponsor: Nordby El-service",
            Sponsor {
                w: 760,
                h: 280,
                plate: "SORT",
                accent: "109",
                small_ink: "HVID",
                big: "NORDBY EL",
                small: "EL - VVS - SERVICE",
                icon: Icon::Bolt,
            },
        ),
        10 => (
            "Centenary wreath",
            Laurel {
                size: 540,
                leaves: "871",
                text_ink: "282",
                ribbon_text: "HVID",
                big: "100",
                ribbon: "1923-2023",
            },
        ),
        11 => (
            "Old boys 40+ badge",
            Hexagon {
                size: 500,
                outer: "282",
                inner: "HVID",
                text_ink: "282",
                big: "40+",
                small: "OLDBOYS",
            },
        ),
        12 => (
            "Women's first team crest",
            Crest {
                w: 420,
                h: 500,
                border: "282",
                field: "HVID",
                pattern_ink: "186",
                pattern: Pattern::HBands,
                text: "HVID",
                initials: "NIF",
                emblem: Emblem::Star,
            },
        ),
        13 => (
            "Training wear small logo",
            StarsWordmark {
                w: 600,
                h: 340,
                stars: "871",
                text_ink: "282",
                bar: "186",
                text: "NIF",
            },
        ),
        14 => (
            "Football section ball",
            Football {
                size: 480,
                ring: Some("186"),
                caption: None,
            },
        ),
        15 => (
            "Supporters' pennant",
            Pennant {
                w: 780,
                h: 360,
                flag: "186",
                hoist: "HVID",
                text_ink: "HVID",
                text: "NORDBY",
            },
        ),
        16 => (
            "Goalkeeper jersey logo",
            Roundel {
                size: 500,
                ring: "348",
                ring_text: "HVID",
                disc: "SORT",
                center: "HVID",
                upper: "NORDBY IF",
                lower: "MÅLMAND",
                initials: "NIF",
            },
        ),
        17 => (
            "Handball jersey number 7",
            Number {
                digits: "7",
                fill: "109",
                outline: "282",
                shadow: None,
            },
        ),
        18 => (
            "Sponsor: Tømrer Madsen",
            Sponsor {
                w: 740,
                h: 300,
                plate: "HVID",
                accent: "342",
                small_ink: "SORT",
                big: "TØMRER MADSEN",
                small: "TLF 12 34 56 78",
                icon: Icon::House,
            },
        ),
        19 => (
            "Handball section crest",
            Crest {
                w: 440,
                h: 520,
                border: "282",
                field: "109",
                pattern_ink: "282",
                pattern: Pattern::Diagonal,
                text: "HVID",
                initials: "NIF",
                emblem: Emblem::None,
            },
        ),
        20 => (
            "Cup final 2026 patch",
            StarsWordmark {
                w: 640,
                h: 360,
                stars: "109",
                text_ink: "SORT",
                bar: "186",
                text: "2026",
            },
        ),
        21 => (
            "Youth team crest U13",
            Crest {
                w: 420,
                h: 500,
                border: "286",
                field: "299",
                pattern_ink: "HVID",
                pattern: Pattern::Quartered,
                text: "HVID",
                initials: "U13",
                emblem: Emblem::None,
            },
        ),
        22 => (
            "Sleeve wordmark",
            Stacked {
                w: 760,
                h: 380,
                fill: "HVID",
                outline: "186",
                line1: "NORDBY",
                line2: "IF",
            },
        ),
        23 => (
            "Football school 2026",
            Football {
                size: 500,
                ring: Some("348"),
                caption: Some("FODBOLDSKOLE"),
            },
        ),
        24 => (
            "Sponsor: Nordby Havn",
            Sponsor {
                w: 760,
                h: 280,
                plate: "286",
                accent: "299",
                small_ink: "HVID",
                big: "NORDBY HAVN",
                small: "FISK - FRAGT - FÆRGE",
                icon: Icon::Wave,
            },
        ),
        25 => (
            "Volunteer crew back print",
            Banner {
                w: 860,
                h: 240,
                band: "348",
                tails: "342",
                text_ink: "HVID",
                text: "FRIVILLIG",
            },
        ),
        26 => (
            "Gymnastics section badge",
            Roundel {
                size: 500,
                ring: "2685",
                ring_text: "HVID",
                disc: "213",
                center: "HVID",
                upper: "NORDBY GYMNASTIK",
                lower: "SPRING",
                initials: "NG",
            },
        ),
        27 => (
            "Back number 23",
            Number {
                digits: "23",
                fill: "186",
                outline: "HVID",
                shadow: Some("SORT"),
            },
        ),
        28 => (
            "Club anniversary 75 years",
            Laurel {
                size: 520,
                leaves: "348",
                text_ink: "186",
                ribbon_text: "HVID",
                big: "75",
                ribbon: "NORDBY IF",
            },
        ),
        29 => (
            "Tennis section badge",
            Hexagon {
                size: 480,
                outer: "348",
                inner: "375",
                text_ink: "HVID",
                big: "NIF",
                small: "TENNIS",
            },
        ),
        30 => (
            "Summer cup 2026",
            Camp {
                w: 560,
                h: 500,
                sun: "109",
                hills: "299",
                text_ink: "286",
                line1: "SUMMER CUP",
                line2: "2026",
            },
        ),
        31 => (
            "Junior pennant",
            Pennant {
                w: 760,
                h: 340,
                flag: "282",
                hoist: "109",
                text_ink: "HVID",
                text: "JUNIOR",
            },
        ),
        32 => (
            "Padel section crest",
            Crest {
                w: 440,
                h: 520,
                border: "SORT",
                field: "021",
                pattern_ink: "SORT",
                pattern: Pattern::VStripes,
                text: "HVID",
                initials: "NIF",
                emblem: Emblem::Stars3,
            },
        ),
        33 => (
            "Team name banner",
            Banner {
                w: 880,
                h: 250,
                band: "282",
                tails: "286",
                text_ink: "109",
                text: "NORDBY IF",
            },
        ),
        34 => (
            "Sponsor: Kiosken ved Hallen",
            Sponsor {
                w: 760,
                h: 300,
                plate: "186",
                accent: "109",
                small_ink: "HVID",
                big: "KIOSKEN",
                small: "VED HALLEN",
                icon: Icon::Wheat,
            },
        ),
        35 => (
            "Coach jacket wordmark",
            Stacked {
                w: 760,
                h: 380,
                fill: "282",
                outline: "HVID",
                line1: "TRÆNER",
                line2: "NIF",
            },
        ),
        36 => (
            "Futsal badge",
            Football {
                size: 460,
                ring: None,
                caption: None,
            },
        ),
        37 => (
            "Beach handball 2026",
            Handball {
                size: 520,
                ball: "021",
                seams: "HVID",
                banner: "299",
                caption: "BEACH 2026",
            },
        ),
        38 => (
            "Esports team crest",
            Crest {
                w: 440,
                h: 520,
                border: "SORT",
                field: "2685",
                pattern_ink: "802",
                pattern: Pattern::Chevron,
                text: "HVID",
                initials: "NIF",
                emblem: Emblem::Star,
            },
        ),
        _ => (
            "Back number 9",
            Number {
                digits: "9",
                fill: "HVID",
                outline: "282",
                shadow: Some("186"),
            },
        ),
    }
}

impl Design {
    fn draw(&self) -> (RgbaImage, Vec<&'static str>) {
        self.draw_canvas().finish()
    }

    fn draw_canvas(&self) -> Canvas {
        match *self {
            Design::Crest {
                w,
                h,
                border,
                field,
                pattern_ink,
                pattern,
                text,
                initials,
                emblem,
            } => crest(
                w,
                h,
                [border, field, pattern_ink, text],
                pattern,
                initials,
                emblem,
            ),
            Design::Roundel {
                size,
                ring,
                ring_text,
                disc,
                center,
                upper,
                lower,
                initials,
            } => roundel(
                size,
                [ring, ring_text, disc, center],
                upper,
                lower,
                initials,
            ),
            Design::Football {
                size,
                ring,
                caption,
            } => football(size, ring, caption),
            Design::Handball {
                size,
                ball,
                seams,
                banner,
                caption,
            } => handball(size, [ball, seams, banner], caption),
            Design::Banner {
                w,
                h,
                band,
                tails,
                text_ink,
                text,
            } => banner(w, h, [band, tails, text_ink], text),
            Design::Number {
                digits,
                fill,
                outline,
                shadow,
            } => number(digits, fill, outline, shadow),
            Design::Sponsor {
                w,
                h,
                plate,
                accent,
                small_ink,
                big,
                small,
                icon,
            } => sponsor(w, h, [plate, accent, small_ink], big, small, icon),
            Design::Laurel {
                size,
                leaves,
                text_ink,
                ribbon_text,
                big,
                ribbon,
            } => laurel(size, [leaves, text_ink, ribbon_text], big, ribbon),
            Design::Camp {
                w,
                h,
                sun,
                hills,
                text_ink,
                line1,
                line2,
            } => camp(w, h, [sun, hills, text_ink], line1, line2),
            Design::Pennant {
                w,
                h,
                flag,
                hoist,
                text_ink,
                text,
            } => pennant(w, h, [flag, hoist, text_ink], text),
            Design::Hexagon {
                size,
                outer,
                inner,
                text_ink,
                big,
                small,
            } => hexagon(size, [outer, inner, text_ink], big, small),
            Design::StarsWordmark {
                w,
                h,
                stars,
                text_ink,
                bar,
                text,
            } => stars_wordmark(w, h, [stars, text_ink, bar], text),
            Design::Stacked {
                w,
                h,
                fill,
                outline,
                line1,
                line2,
            } => stacked(w, h, [fill, outline], line1, line2),
        }
    }
}

fn crest(
    w: u32,
    h: u32,
    [border, field, pat, text]: [&'static str; 4],
    pattern: Pattern,
    initials: &str,
    emblem: Emblem,
) -> Canvas {
    let mut c = Canvas::new(w, h);
    let (wf, hf) = (c.wf(), c.hf());
    let m = 6.0;
    let cx = wf / 2.0;
    let outer = Shape::poly(shield(cx, m, wf - 2.0 * m, hf - 2.0 * m));
    c.fill(&outer, Some(k(border)), None);
    let b = (wf * 0.05).max(14.0);
    let chief_h = hf * 0.25;
    let field_top = m + b + chief_h;
    let inner = Shape::poly(shield(
        cx,
        m + b,
        wf - 2.0 * (m + b),
        hf - 2.0 * m - 2.2 * b,
    ));
    c.fill(&inner, Some(k(field)), None);
    // Chief: the border ink continues across the top as a band with the initials.
    c.fill(
        &Shape::rect(0.0, 0.0, wf, field_top),
        Some(k(border)),
        Some(&inner),
    );
    let (x0, x1) = (m + b, wf - m - b);
    let fw = x1 - x0;
    let bottom = hf - m;
    let p = Some(k(pat));
    match pattern {
        Pattern::VStripes => {
            let n = 5;
            let sw = fw / n as f32;
            for i in (1..n).step_by(2) {
                let r = Shape::rect(x0 + i as f32 * sw, field_top, sw, bottom - field_top);
                c.fill(&r, p, Some(&inner));
            }
        }
        Pattern::HBands => {
            let bh = (bottom - field_top) / 5.0;
            for i in [1, 3] {
                let r = Shape::rect(0.0, field_top + i as f32 * bh, wf, bh * 0.9);
                c.fill(&r, p, Some(&inner));
            }
        }
        Pattern::Chevron => {
            let y = field_top + (bottom - field_top) * 0.38;
            let t = (bottom - field_top) * 0.16;
            let chevron = Shape::poly(vec![
                (0.0, y + 0.55 * wf),
                (cx, y),
                (wf, y + 0.55 * wf),
                (wf, y + 0.55 * wf + t),
                (cx, y + t),
                (0.0, y + 0.55 * wf + t),
            ]);
            c.fill(&chevron, p, Some(&inner));
        }
        Pattern::Quartered => {
            let my = field_top + (bottom - field_top) * 0.42;
            c.fill(
                &Shape::rect(cx, field_top, wf, my - field_top),
                p,
                Some(&inner),
            );
            c.fill(&Shape::rect(0.0, my, cx, hf), p, Some(&inner));
        }
        Pattern::Diagonal => {
            let t = fw * 0.16;
            for off in [-0.45f32, 0.45] {
                let x = cx + off * fw;
                let band = Shape::poly(vec![
                    (x - fw, field_top + fw * 1.1),
                    (x + fw * 0.1 - t / 2.0, field_top),
                    (x + fw * 0.1 + t / 2.0, field_top),
                    (x - fw + t, field_top + fw * 1.1),
                ]);
                c.fill(&band, p, Some(&inner));
            }
        }
    }
    // Initials in the chief.
    let cap = fit_cap(initials, fw * 0.8, chief_h * 0.62, 1.9);
    let font = Font::new(cap).with_weight(1.9);
    let ty = m + b + (chief_h - cap) / 2.0;
    font.draw(&mut c, initials, cx, ty, Some(k(text)), None);
    let ey = field_top + (bottom - field_top) * 0.36;
    match emblem {
        Emblem::None => {}
        Emblem::Star => {
            c.fill(&star5(cx, ey, fw * 0.27), Some(k(border)), None);
            c.fill(&star5(cx, ey + 2.0, fw * 0.19), Some(k(text)), None);
        }
        Emblem::Stars3 => {
            for dx in [-0.27f32, 0.0, 0.27] {
                let yy = ey - if dx == 0.0 { 14.0 } else { 0.0 };
                c.fill(&star5(cx + dx * fw, yy, fw * 0.12), Some(k(text)), None);
            }
        }
        Emblem::Ball => {
            let r = fw * 0.22;
            ball_panels(&mut c, cx, ey + r * 0.2, r, k(border), k(text));
        }
    }
    c
}

/// A classic football of radius `r`: `dark` outline, central pentagon, five pentagons at the
/// rim and the seams between the white hexagons.
fn ball_panels(c: &mut Canvas, cx: f32, cy: f32, r: f32, dark: &'static Ink, light: &'static Ink) {
    let line = (r * 0.06).max(4.0);
    c.fill(&Shape::circle(cx, cy, r), Some(dark), None);
    let face = Shape::circle(cx, cy, r - line);
    c.fill(&face, Some(light), None);
    let pr = r * 0.28;
    let opr = pr * 0.95;
    let orad = r * 0.9;
    c.fill(&Shape::poly(ngon(cx, cy, pr, 5, -90.0)), Some(dark), None);
    let mut seams: Vec<Vec<Pt>> = Vec::new();
    for i in 0..5 {
        let a = -90.0 + 72.0 * i as f32;
        let pc = polar(cx, cy, orad, a);
        c.fill(
            &Shape::poly(ngon(pc.0, pc.1, opr, 5, a + 180.0)),
            Some(dark),
            Some(&face),
        );
        // Seam from the central pentagon's corner to the rim pentagon's inner corner.
        seams.push(vec![polar(cx, cy, pr, a), polar(cx, cy, orad - opr, a)]);
        // Outer edges of the hexagon between rim pentagons i and i + 1.
        let next = polar(cx, cy, orad, a + 72.0);
        let p = polar(pc.0, pc.1, opr, a + 180.0 - 72.0);
        let q = polar(next.0, next.1, opr, a + 72.0 + 180.0 + 72.0);
        seams.push(vec![p, q]);
    }
    c.strokes(&seams, line * 0.75, Some(dark), Some(&face));
}

fn roundel(
    size: u32,
    [ring, ring_text, disc, center]: [&'static str; 4],
    upper: &str,
    lower: &str,
    initials: &str,
) -> Canvas {
    let mut c = Canvas::new(size, size);
    let s = c.wf();
    let (cx, cy) = (s / 2.0, s / 2.0);
    let r = s / 2.0 - 4.0;
    c.fill(&Shape::circle(cx, cy, r), Some(k(ring)), None);
    let band = r * 0.26;
    let rin = r - band;
    // Thin inner line in the lettering ink, then the disc.
    c.fill(
        &Shape::ring(cx, cy, rin, rin - r * 0.035),
        Some(k(ring_text)),
        None,
    );
    c.fill(&Shape::circle(cx, cy, rin - r * 0.06), Some(k(disc)), None);
    let text_r = r - band / 2.0;
    // Letters at most half the band tall, and the longer text within ~150° of the circle.
    let longest = if upper.len() > lower.len() {
        upper
    } else {
        lower
    };
    let cap = fit_cap(longest, text_r * 2.6, band * 0.5, 1.6);
    let font = Font::new(cap).with_weight(1.6);
    font.draw_on_arc(&mut c, upper, (cx, cy, text_r), true, Some(k(ring_text)));
    font.draw_on_arc(&mut c, lower, (cx, cy, text_r), false, Some(k(ring_text)));
    // Stars between the two texts.
    for a in [0.0f32, 180.0] {
        let p = polar(cx, cy, text_r, a);
        c.fill(&star5(p.0, p.1, band * 0.3), Some(k(ring_text)), None);
    }
    let dr = rin - r * 0.06;
    let icap = fit_cap(initials, dr * 1.35, dr * 0.62, 2.1);
    let ifont = Font::new(icap).with_weight(2.1);
    ifont.draw(
        &mut c,
        initials,
        cx,
        cy - icap / 2.0 - dr * 0.08,
        Some(k(center)),
        None,
    );
    // Three small stars under the initials.
    for dx in [-1.0f32, 0.0, 1.0] {
        c.fill(
            &star5(cx + dx * dr * 0.3, cy + dr * 0.62, dr * 0.11),
            Some(k(center)),
            None,
        );
    }
    c
}

fn football(size: u32, ring: Option<&'static str>, caption: Option<&'static str>) -> Canvas {
    let h = if caption.is_some() {
        (size as f32 * 1.18) as u32
    } else {
        size
    };
    let mut c = Canvas::new(size, h);
    let s = c.wf();
    let cx = s / 2.0;
    let cy = s / 2.0;
    let mut r = s / 2.0 - 4.0;
    if let Some(ri) = ring {
        c.fill(&Shape::circle(cx, cy, r), Some(k(ri)), None);
        // Motion stripes on the left side of the ring.
        r *= 0.84;
        c.fill(&Shape::ring(cx, cy, r + 10.0, r), Some(k("HVID")), None);
    }
    ball_panels(&mut c, cx, cy, r, k("SORT"), k("HVID"));
    if let Some(text) = caption {
        let ink = ring.unwrap_or("SORT");
        let y = s * 0.98;
        let bh = h as f32 - y - 4.0;
        let plate = Shape::poly(rounded_rect(s * 0.04, y, s * 0.92, bh, bh * 0.3));
        c.fill(&plate, Some(k(ink)), None);
        let cap = fit_cap(text, s * 0.8, bh * 0.6, 1.8);
        Font::new(cap).with_weight(1.8).draw(
            &mut c,
            text,
            cx,
            y + (bh - cap) / 2.0,
            Some(k("HVID")),
            None,
        );
    }
    c
}

fn handball(size: u32, [ball, seams, banner_ink]: [&'static str; 3], caption: &str) -> Canvas {
    let mut c = Canvas::new(size, (size as f32 * 0.95) as u32);
    let s = c.wf();
    let (cx, cy) = (s / 2.0, s * 0.46);
    let r = s * 0.43;
    c.fill(&Shape::circle(cx, cy, r + 12.0), Some(k(seams)), None);
    let face = Shape::circle(cx, cy, r);
    c.fill(&face, Some(k(ball)), None);
    let sw = r * 0.075;
    // Curved seams swirling out of the centre: three groups of concentric arcs, each the part
    // of a ring (through the centre) that lies in its own 120° sector.
    for i in 0..3 {
        let beta = -90.0 + 120.0 * i as f32;
        let o = polar(cx, cy, r, beta);
        let mut sector = vec![(cx, cy)];
        sector.extend(arc(cx, cy, r * 1.2, r * 1.2, beta + 60.0, beta + 180.0));
        let sector = Shape::poly(sector);
        let ring = Shape::ring(o.0, o.1, r + sw / 2.0, r - sw / 2.0);
        c.fill(&ring, Some(k(seams)), Some(&sector));
    }
    // Ribbon across the lower part.
    let by = cy + r * 0.55;
    let bh = r * 0.5;
    let tail = s * 0.06;
    let ribbon = Shape::poly(vec![
        (s * 0.02, by),
        (s * 0.98, by),
        (s * 0.98 - tail, by + bh / 2.0),
        (s * 0.98, by + bh),
        (s * 0.02, by + bh),
        (s * 0.02 + tail, by + bh / 2.0),
    ]);
    c.fill(&ribbon, Some(k(banner_ink)), None);
    let cap = fit_cap(caption, s * 0.74, bh * 0.58, 1.8);
    Font::new(cap).with_weight(1.8).draw(
        &mut c,
        caption,
        cx,
        by + (bh - cap) / 2.0 + cap * 0.04,
        Some(k("HVID")),
        None,
    );
    c
}

fn banner(w: u32, h: u32, [band, tails, text_ink]: [&'static str; 3], text: &str) -> Canvas {
    let mut c = Canvas::new(w, h);
    let (wf, hf) = (c.wf(), c.hf());
    let th = hf * 0.62;
    let ty = hf - th - 4.0;
    let tw = wf * 0.16;
    // Tails behind, with a V notch.
    c.fill(
        &Shape::poly(vec![
            (4.0, ty),
            (tw + wf * 0.08, ty),
            (tw + wf * 0.08, ty + th),
            (4.0, ty + th),
            (tw * 0.45, ty + th / 2.0),
        ]),
        Some(k(tails)),
        None,
    );
    c.fill(
        &Shape::poly(vec![
            (wf - 4.0, ty),
            (wf - tw - wf * 0.08, ty),
            (wf - tw - wf * 0.08, ty + th),
            (wf - 4.0, ty + th),
            (wf - tw * 0.45, ty + th / 2.0),
        ]),
        Some(k(tails)),
        None,
    );
    let bx0 = tw;
    let bx1 = wf - tw;
    let band_shape = Shape::poly(vec![
        (bx0, 4.0),
        (bx1, 4.0),
        (bx1, 4.0 + th),
        (bx0, 4.0 + th),
    ]);
    c.fill(&band_shape, Some(k(band)), None);
    // Folds linking band and tails.
    c.fill(
        &Shape::poly(vec![
            (bx0, 4.0 + th),
            (bx0 + wf * 0.08, ty + th),
            (bx0 + wf * 0.08, 4.0 + th),
        ]),
        Some(k(tails)),
        None,
    );
    c.fill(
        &Shape::poly(vec![
            (bx1, 4.0 + th),
            (bx1 - wf * 0.08, ty + th),
            (bx1 - wf * 0.08, 4.0 + th),
        ]),
        Some(k(tails)),
        None,
    );
    let cap = fit_cap(text, (bx1 - bx0) * 0.86, th * 0.6, 1.9);
    Font::new(cap).with_weight(1.9).draw(
        &mut c,
        text,
        wf / 2.0,
        4.0 + (th - cap) / 2.0,
        Some(k(text_ink)),
        None,
    );
    c
}

fn number(
    digits: &str,
    fill: &'static str,
    outline: &'static str,
    shadow: Option<&'static str>,
) -> Canvas {
    let cap = 340.0;
    let font = Font::new(cap).with_weight(2.3);
    let ow = cap * 0.045;
    let sh = if shadow.is_some() { cap * 0.05 } else { 0.0 };
    let pad = 8.0 + ow + font.stroke() / 2.0;
    let w = (font.measure(digits) + 2.0 * pad + sh).max(260.0);
    let h = cap + 2.0 * pad + sh;
    let mut c = Canvas::new(w.ceil() as u32, h.ceil() as u32);
    let cx = (w - sh) / 2.0;
    if let Some(si) = shadow {
        // The shadow is the outlined number's silhouette, offset.
        let bold = Font::new(cap).with_weight(font.weight + 2.0 * ow / font.u);
        bold.draw(&mut c, digits, cx + sh, pad + sh, Some(k(si)), None);
    }
    font.draw(
        &mut c,
        digits,
        cx,
        pad,
        Some(k(fill)),
        Some((k(outline), ow)),
    );
    c
}

fn sponsor(
    w: u32,
    h: u32,
    [plate, accent, small_ink]: [&'static str; 3],
    big: &str,
    small: &str,
    icon: Icon,
) -> Canvas {
    let mut c = Canvas::new(w, h);
    let (wf, hf) = (c.wf(), c.hf());
    let m = 4.0;
    c.fill(
        &Shape::poly(rounded_rect(m, m, wf - 2.0 * m, hf - 2.0 * m, hf * 0.16)),
        Some(k(plate)),
        None,
    );
    let rule = hf * 0.035;
    let ins = hf * 0.07;
    let outer = rounded_rect(ins, ins, wf - 2.0 * ins, hf - 2.0 * ins, hf * 0.11);
    c.stroke(&outer, rule, true, Some(k(accent)), None);
    let icon_w = hf * 0.5;
    let text_x0 = ins + hf * 0.12 + icon_w;
    let text_w = wf - text_x0 - ins - hf * 0.1;
    let tcx = text_x0 + text_w / 2.0;
    let cap = fit_cap(big, text_w, hf * 0.3, 1.9);
    Font::new(cap).with_weight(1.9).draw(
        &mut c,
        big,
        tcx,
        hf * 0.2 + (hf * 0.3 - cap) / 2.0,
        Some(k(accent)),
        None,
    );
    let scap = fit_cap(small, text_w * 0.9, hf * 0.14, 1.5);
    Font::new(scap)
        .with_weight(1.5)
        .draw(&mut c, small, tcx, hf * 0.62, Some(k(small_ink)), None);
    let (ix, iy, is) = (ins + hf * 0.1 + icon_w / 2.0, hf / 2.0, icon_w * 0.5);
    let a = Some(k(accent));
    match icon {
        Icon::Bolt => c.fill(
            &Shape::poly(vec![
                (ix + 0.25 * is, iy - is),
                (ix - 0.55 * is, iy + 0.15 * is),
                (ix - 0.02 * is, iy + 0.15 * is),
                (ix - 0.3 * is, iy + is),
                (ix + 0.6 * is, iy - 0.2 * is),
                (ix + 0.05 * is, iy - 0.2 * is),
            ]),
            a,
            None,
        ),
        Icon::House => {
            c.fill(
                &Shape::poly(vec![
                    (ix, iy - is),
                    (ix + is, iy - 0.05 * is),
                    (ix + 0.72 * is, iy - 0.05 * is),
                    (ix + 0.72 * is, iy + 0.9 * is),
                    (ix - 0.72 * is, iy + 0.9 * is),
                    (ix - 0.72 * is, iy - 0.05 * is),
                    (ix - is, iy - 0.05 * is),
                ]),
                a,
                None,
            );
            c.fill(
                &Shape::rect(ix - 0.2 * is, iy + 0.35 * is, 0.4 * is, 0.55 * is),
                Some(k(plate)),
                None,
            );
        }
        Icon::Wheat => {
            c.stroke(
                &[(ix, iy + is), (ix, iy - 0.6 * is)],
                is * 0.12,
                false,
                a,
                None,
            );
            for j in 0..4 {
                let y = iy - 0.7 * is + j as f32 * 0.36 * is;
                c.fill(&leaf(ix - 0.2 * is, y, 0.3 * is, 0.13 * is, -50.0), a, None);
                c.fill(
                    &leaf(ix + 0.2 * is, y, 0.3 * is, 0.13 * is, 50.0 + 180.0),
                    a,
                    None,
                );
            }
            c.fill(
                &leaf(ix, iy - 0.95 * is, 0.13 * is, 0.28 * is, 0.0),
                a,
                None,
            );
        }
        Icon::Wave => {
            for j in 0..3 {
                let y = iy - 0.55 * is + j as f32 * 0.55 * is;
                let pts: Vec<Pt> = (0..=16)
                    .map(|t| {
                        let x = ix - is + 2.0 * is * t as f32 / 16.0;
                        (
                            x,
                            y + 0.18 * is * (t as f32 / 16.0 * std::f32::consts::TAU).sin(),
                        )
                    })
                    .collect();
                c.stroke(&pts, is * 0.2, false, a, None);
            }
        }
    }
    c
}

fn laurel(
    size: u32,
    [leaves, text_ink, ribbon_text]: [&'static str; 3],
    big: &str,
    ribbon: &str,
) -> Canvas {
    let mut c = Canvas::new(size, size);
    let s = c.wf();
    let (cx, cy) = (s / 2.0, s * 0.47);
    let r = s * 0.38;
    let l = Some(k(leaves));
    for side in [-1.0f32, 1.0] {
        // Stem along the arc from the bottom up each side.
        let stem: Vec<Pt> = (0..=20)
            .map(|i| {
                let a = 100.0 + 150.0 * i as f32 / 20.0;
                let a = if side < 0.0 { a } else { 180.0 - a };
                polar(cx, cy, r, a)
            })
            .collect();
        c.stroke(&stem, s * 0.016, false, l, None);
        // Pairs of leaves pointing up along the stem, smaller towards the tips.
        for j in 0..8 {
            let a = 106.0 + 18.0 * j as f32;
            let (a, up) = if side < 0.0 {
                (a, a + 90.0)
            } else {
                (180.0 - a, 180.0 - a - 90.0)
            };
            let lr = s * (0.056 - 0.003 * j as f32);
            let p = polar(cx, cy, r, a);
            for tilt in [38.0f32, -38.0] {
                let ang = up + tilt;
                let q = polar(p.0, p.1, lr * 1.05, ang);
                c.fill(&leaf(q.0, q.1, lr * 1.1, lr * 0.42, ang), l, None);
            }
        }
        let tip = polar(cx, cy, r, if side < 0.0 { 250.0 } else { -70.0 });
        let up = if side < 0.0 { 340.0 } else { -160.0 };
        let q = polar(tip.0, tip.1, s * 0.04, up);
        c.fill(&leaf(q.0, q.1, s * 0.045, s * 0.018, up), l, None);
    }
    let cap = fit_cap(big, r * 1.2, r * 0.85, 2.2);
    Font::new(cap)
        .with_weight(2.2)
        .draw(&mut c, big, cx, cy - cap * 0.6, Some(k(text_ink)), None);
    // Ribbon across the bottom of the wreath.
    let by = cy + r * 0.55;
    let bh = s * 0.13;
    let ribbon_shape = Shape::poly(vec![
        (s * 0.12, by),
        (s * 0.88, by),
        (s * 0.82, by + bh / 2.0),
        (s * 0.88, by + bh),
        (s * 0.12, by + bh),
        (s * 0.18, by + bh / 2.0),
    ]);
    c.fill(&ribbon_shape, Some(k(text_ink)), None);
    let rcap = fit_cap(ribbon, s * 0.56, bh * 0.56, 1.7);
    Font::new(rcap).with_weight(1.7).draw(
        &mut c,
        ribbon,
        cx,
        by + (bh - rcap) / 2.0,
        Some(k(ribbon_text)),
        None,
    );
    c
}

fn camp(
    w: u32,
    h: u32,
    [sun, hills, text_ink]: [&'static str; 3],
    line1: &str,
    line2: &str,
) -> Canvas {
    let mut c = Canvas::new(w, h);
    let (wf, hf) = (c.wf(), c.hf());
    let cx = wf / 2.0;
    let horizon = hf * 0.55;
    let sr = wf * 0.2;
    let sky = Shape::rect(0.0, 0.0, wf, horizon);
    // Sun with rays.
    c.fill(
        &Shape::circle(cx, horizon - sr * 0.35, sr),
        Some(k(sun)),
        None,
    );
    for i in 0..9 {
        let a = 180.0 + 22.5 * i as f32;
        let p0 = polar(cx, horizon - sr * 0.35, sr * 1.22, a);
        let p1 = polar(cx, horizon - sr * 0.35, sr * 1.55, a);
        c.stroke(&[p0, p1], sr * 0.13, false, Some(k(sun)), Some(&sky));
    }
    // Mountains.
    c.fill(
        &Shape::poly(vec![
            (wf * 0.06, horizon + 6.0),
            (wf * 0.33, horizon - hf * 0.26),
            (wf * 0.5, horizon - hf * 0.1),
            (wf * 0.66, horizon - hf * 0.3),
            (wf * 0.94, horizon + 6.0),
        ]),
        Some(k(hills)),
        None,
    );
    // Snow caps cut out (transparent) for a lighter look.
    c.fill(
        &Shape::poly(vec![
            (wf * 0.66, horizon - hf * 0.3),
            (wf * 0.715, horizon - hf * 0.235),
            (wf * 0.68, horizon - hf * 0.245),
            (wf * 0.655, horizon - hf * 0.22),
            (wf * 0.615, horizon - hf * 0.24),
        ]),
        None,
        None,
    );
    let cap1 = fit_cap(line1, wf * 0.9, hf * 0.13, 1.9);
    Font::new(cap1).with_weight(1.9).draw(
        &mut c,
        line1,
        cx,
        horizon + hf * 0.06,
        Some(k(text_ink)),
        None,
    );
    let cap2 = fit_cap(line2, wf * 0.7, hf * 0.2, 2.2);
    Font::new(cap2).with_weight(2.2).draw(
        &mut c,
        line2,
        cx,
        horizon + hf * 0.08 + cap1 + hf * 0.05,
        Some(k(text_ink)),
        None,
    );
    c
}

fn pennant(w: u32, h: u32, [flag, hoist, text_ink]: [&'static str; 3], text: &str) -> Canvas {
    let mut c = Canvas::new(w, h);
    let (wf, hf) = (c.wf(), c.hf());
    let m = 4.0;
    let shape = Shape::poly(vec![(m, m), (wf - m, hf / 2.0), (m, hf - m)]);
    c.fill(&shape, Some(k(flag)), None);
    let hw = wf * 0.1;
    c.fill(&Shape::rect(0.0, 0.0, hw, hf), Some(k(hoist)), Some(&shape));
    // Border stripe along the two long edges.
    let t = hf * 0.04;
    let inner = Shape::poly(vec![
        (m, m + t * 2.6),
        (wf - m - t * 9.0, hf / 2.0),
        (m, hf - m - t * 2.6),
    ]);
    let mut edge = shape.clone();
    if let (Shape::Poly(a), Shape::Poly(b)) = (&mut edge, &inner) {
        a.extend(b.iter().cloned());
    }
    c.fill(&edge, Some(k(hoist)), None);
    let cap = fit_cap(text, wf * 0.42, hf * 0.2, 1.9);
    Font::new(cap).with_weight(1.9).draw(
        &mut c,
        text,
        hw + wf * 0.26,
        hf / 2.0 - cap / 2.0,
        Some(k(text_ink)),
        None,
    );
    c
}

fn hexagon(
    size: u32,
    [outer, inner, text_ink]: [&'static str; 3],
    big: &str,
    small: &str,
) -> Canvas {
    let mut c = Canvas::new(size, size);
    let s = c.wf();
    let (cx, cy) = (s / 2.0, s / 2.0);
    let r = s / 2.0 - 4.0;
    c.fill(
        &Shape::poly(ngon(cx, cy, r, 6, -90.0)),
        Some(k(outer)),
        None,
    );
    c.fill(
        &Shape::poly(ngon(cx, cy, r * 0.84, 6, -90.0)),
        Some(k(inner)),
        None,
    );
    let cap = fit_cap(big, r * 1.3, r * 0.6, 2.2);
    Font::new(cap)
        .with_weight(2.2)
        .draw(&mut c, big, cx, cy - cap * 0.72, Some(k(text_ink)), None);
    let bar_y = cy + cap * 0.42;
    let bh = r * 0.3;
    c.fill(
        &Shape::rect(cx - r * 0.75, bar_y, r * 1.5, bh),
        Some(k(outer)),
        Some(&Shape::poly(ngon(cx, cy, r * 0.84, 6, -90.0))),
    );
    let scap = fit_cap(small, r * 1.2, bh * 0.58, 1.7);
    let small_ink = if inner == "HVID" || outer == "HVID" {
        "HVID"
    } else {
        inner
    };
    Font::new(scap).with_weight(1.7).draw(
        &mut c,
        small,
        cx,
        bar_y + (bh - scap) / 2.0,
        Some(k(small_ink)),
        None,
    );
    c
}

fn stars_wordmark(w: u32, h: u32, [stars, text_ink, bar]: [&'static str; 3], text: &str) -> Canvas {
    let mut c = Canvas::new(w, h);
    let (wf, hf) = (c.wf(), c.hf());
    let cx = wf / 2.0;
    for (i, dx) in [-1.0f32, 0.0, 1.0].into_iter().enumerate() {
        let r = if i == 1 { hf * 0.12 } else { hf * 0.09 };
        let y = if i == 1 { hf * 0.14 } else { hf * 0.17 };
        c.fill(&star5(cx + dx * wf * 0.16, y, r), Some(k(stars)), None);
    }
    let cap = fit_cap(text, wf * 0.88, hf * 0.46, 2.3);
    let font = Font::new(cap).with_weight(2.3);
    font.draw(&mut c, text, cx, hf * 0.31, Some(k(text_ink)), None);
    let by = hf * 0.31 + cap + font.stroke() / 2.0 + hf * 0.05;
    let bh = hf * 0.08;
    let tw = font.measure(text).max(wf * 0.4);
    c.fill(
        &Shape::poly(rounded_rect(cx - tw / 2.0, by, tw, bh, bh / 2.0)),
        Some(k(bar)),
        None,
    );
    c
}

fn stacked(w: u32, h: u32, [fill, outline]: [&'static str; 2], line1: &str, line2: &str) -> Canvas {
    let mut c = Canvas::new(w, h);
    let (wf, hf) = (c.wf(), c.hf());
    let cap1 = fit_cap(line1, wf * 0.86, hf * 0.38, 2.0);
    let f1 = Font::new(cap1).with_weight(2.0);
    let ow = cap1 * 0.06;
    f1.draw(
        &mut c,
        line1,
        wf / 2.0,
        hf * 0.1,
        Some(k(fill)),
        Some((k(outline), ow)),
    );
    let cap2 = fit_cap(line2, wf * 0.5, hf * 0.3, 2.0);
    let f2 = Font::new(cap2).with_weight(2.0);
    let y2 = hf * 0.1 + cap1 + f1.stroke() + hf * 0.08;
    // Underline bars either side of the second line.
    let tw = f2.measure(line2);
    let bar_h = cap2 * 0.2;
    for side in [-1.0f32, 1.0] {
        let x = if side < 0.0 {
            wf * 0.1
        } else {
            wf / 2.0 + tw / 2.0 + wf * 0.04
        };
        let bw = wf * 0.4 - tw / 2.0 - wf * 0.04;
        c.fill(
            &Shape::poly(rounded_rect(
                x - ow,
                y2 + cap2 / 2.0 - bar_h / 2.0 - ow,
                bw + 2.0 * ow,
                bar_h + 2.0 * ow,
                bar_h / 2.0 + ow,
            )),
            Some(k(outline)),
            None,
        );
        c.fill(
            &Shape::poly(rounded_rect(
                x,
                y2 + cap2 / 2.0 - bar_h / 2.0,
                bw,
                bar_h,
                bar_h / 2.0,
            )),
            Some(k(fill)),
            None,
        );
    }
    f2.draw(
        &mut c,
        line2,
        wf / 2.0,
        y2,
        Some(k(fill)),
        Some((k(outline), ow)),
    );
    c
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sandbox::inks::reduce_to_inks;

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

    #[test]
    fn demo_logos_are_found_again_by_reduce_to_inks() {
        for i in 0..DEMO_LOGO_COUNT {
            let art = demo_logo(i);
            let (w, h) = art.image.dimensions();
            assert!(
                (250..=1000).contains(&w) && (200..=1000).contains(&h),
                "{i}: {w}x{h}"
            );
            assert!(
                (2..=5).contains(&art.suggested_inks.len()),
                "{i}: {:?}",
                art.suggested_inks
            );
            let found: Vec<&str> = reduce_to_inks(&art.image).iter().map(|k| k.id).collect();
            assert_eq!(found, art.suggested_inks, "logo {i} ({})", art.title);
        }
    }

    #[test]
    fn demo_logos_are_deterministic_with_transparent_corners() {
        for i in [0, 7, 13, 39] {
            let a = demo_logo(i);
            let b = demo_logo(i + DEMO_LOGO_COUNT);
            assert_eq!(a.image, b.image);
            assert_eq!(a.image.get_pixel(0, 0).0[3], 0, "{i}");
        }
    }

    #[test]
    fn placeholders_are_white_lettering() {
        for img in [
            name_placeholder(),
            number_placeholder(),
            text_logo("Nordby 2026"),
        ] {
            let found: Vec<&str> = reduce_to_inks(&img).iter().map(|k| k.id).collect();
            assert_eq!(found, ["HVID"]);
        }
        assert!(name_placeholder().width() > 2 * name_placeholder().height());
        assert!(text_logo("").width() >= 16);
    }
}
