//! The rasteriser: [`Shape`]s and thick strokes painted with exact inks into a supersampled
//! [`Canvas`] of ink runs, then box-filtered down to anti-aliased straight-alpha RGBA.

use image::RgbaImage;
use std::ops::Range;

use crate::imaging::inks::Ink;

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

    pub(crate) fn ring(cx: f32, cy: f32, outer: f32, inner: f32) -> Self {
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

    pub(super) fn wf(&self) -> f32 {
        self.w as f32
    }

    pub(super) fn hf(&self) -> f32 {
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
        for sy in self.sub_rows(shape.y_range(), clip) {
            let y = (sy as f32 + 0.5) / SSF;
            shape.spans(y, &mut self.xs, &mut self.spans);
            self.paint_spans(sy, y, ink, clip);
        }
    }

    /// The subsample rows whose centres lie in `[y0, y1)` and within `clip`'s extent.
    fn sub_rows(&self, (mut y0, mut y1): (f32, f32), clip: Option<&Shape>) -> Range<usize> {
        if let Some(c) = clip {
            let (c0, c1) = c.y_range();
            y0 = y0.max(c0);
            y1 = y1.min(c1);
        }
        let sy0 = (y0 * SSF - 0.5).ceil().max(0.0) as usize;
        let sy1 = ((y1 * SSF - 0.5).ceil().max(0.0) as usize).min(self.sh);
        sy0..sy1
    }

    /// Paints `self.spans` (the covered intervals on subsample row `sy`, whose centre is at
    /// `y`), cut to `clip`, with `ink`.
    fn paint_spans(&mut self, sy: usize, y: f32, ink: u8, clip: Option<&Shape>) {
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
    pub(super) fn strokes(
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
        // Sweep rows top to bottom keeping only the segments that reach the current row.
        segs.sort_by(|p, q| p.2.total_cmp(&q.2));
        let mut next = 0;
        let mut active: Vec<(Pt, Pt, f32, f32)> = Vec::new();
        for sy in self.sub_rows((y0, y1), clip) {
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
            self.paint_spans(sy, y, ink, clip);
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
