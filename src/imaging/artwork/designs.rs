//! How each kind of [`Design`] is drawn: shapes and lettering on a [`Canvas`].

use image::RgbaImage;

use super::catalogue::{Design, Emblem, Icon, Pattern};
use super::font::Font;
use super::geometry::{arc, leaf, ngon, polar, rounded_rect, shield, star5};
use super::k;
use super::raster::{Canvas, Pt, Shape};
use crate::imaging::inks::Ink;

impl Design {
    pub(super) fn draw(&self) -> (RgbaImage, Vec<&'static str>) {
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
    let font = Font::fitted(initials, fw * 0.8, chief_h * 0.62, 1.9);
    let cap = font.cap();
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
    let font = Font::fitted(longest, text_r * 2.6, band * 0.5, 1.6);
    font.draw_on_arc(&mut c, upper, (cx, cy, text_r), true, Some(k(ring_text)));
    font.draw_on_arc(&mut c, lower, (cx, cy, text_r), false, Some(k(ring_text)));
    // Stars between the two texts.
    for a in [0.0f32, 180.0] {
        let p = polar(cx, cy, text_r, a);
        c.fill(&star5(p.0, p.1, band * 0.3), Some(k(ring_text)), None);
    }
    let dr = rin - r * 0.06;
    let ifont = Font::fitted(initials, dr * 1.35, dr * 0.62, 2.1);
    let icap = ifont.cap();
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
        let font = Font::fitted(text, s * 0.8, bh * 0.6, 1.8);
        let cap = font.cap();
        font.draw(
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
    let font = Font::fitted(caption, s * 0.74, bh * 0.58, 1.8);
    let cap = font.cap();
    font.draw(
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
    let font = Font::fitted(text, (bx1 - bx0) * 0.86, th * 0.6, 1.9);
    let cap = font.cap();
    font.draw(
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
    let font = Font::fitted(big, text_w, hf * 0.3, 1.9);
    let cap = font.cap();
    font.draw(
        &mut c,
        big,
        tcx,
        hf * 0.2 + (hf * 0.3 - cap) / 2.0,
        Some(k(accent)),
        None,
    );
    let sfont = Font::fitted(small, text_w * 0.9, hf * 0.14, 1.5);
    sfont.draw(&mut c, small, tcx, hf * 0.62, Some(k(small_ink)), None);
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
    let font = Font::fitted(big, r * 1.2, r * 0.85, 2.2);
    let cap = font.cap();
    font.draw(&mut c, big, cx, cy - cap * 0.6, Some(k(text_ink)), None);
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
    let rfont = Font::fitted(ribbon, s * 0.56, bh * 0.56, 1.7);
    let rcap = rfont.cap();
    rfont.draw(
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
    let font1 = Font::fitted(line1, wf * 0.9, hf * 0.13, 1.9);
    let cap1 = font1.cap();
    font1.draw(
        &mut c,
        line1,
        cx,
        horizon + hf * 0.06,
        Some(k(text_ink)),
        None,
    );
    let font2 = Font::fitted(line2, wf * 0.7, hf * 0.2, 2.2);
    font2.draw(
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
    let font = Font::fitted(text, wf * 0.42, hf * 0.2, 1.9);
    let cap = font.cap();
    font.draw(
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
    let font = Font::fitted(big, r * 1.3, r * 0.6, 2.2);
    let cap = font.cap();
    font.draw(&mut c, big, cx, cy - cap * 0.72, Some(k(text_ink)), None);
    let bar_y = cy + cap * 0.42;
    let bh = r * 0.3;
    c.fill(
        &Shape::rect(cx - r * 0.75, bar_y, r * 1.5, bh),
        Some(k(outer)),
        Some(&Shape::poly(ngon(cx, cy, r * 0.84, 6, -90.0))),
    );
    let sfont = Font::fitted(small, r * 1.2, bh * 0.58, 1.7);
    let scap = sfont.cap();
    let small_ink = if inner == "HVID" || outer == "HVID" {
        "HVID"
    } else {
        inner
    };
    sfont.draw(
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
    let font = Font::fitted(text, wf * 0.88, hf * 0.46, 2.3);
    let cap = font.cap();
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
    let f1 = Font::fitted(line1, wf * 0.86, hf * 0.38, 2.0);
    let cap1 = f1.cap();
    let ow = cap1 * 0.06;
    f1.draw(
        &mut c,
        line1,
        wf / 2.0,
        hf * 0.1,
        Some(k(fill)),
        Some((k(outline), ow)),
    );
    let f2 = Font::fitted(line2, wf * 0.5, hf * 0.3, 2.0);
    let cap2 = f2.cap();
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
