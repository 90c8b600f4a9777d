//! A small page model: each page is a list of drawing operations in points (A4, origin at the
//! top-left, y down), laid out first and written with krilla at the end. Text is measured with
//! the same shaper krilla uses, so right-aligned figures and shortened names come out exact.

use super::{PdfError, Picture};
use krilla::Document;
use krilla::color::rgb;
use krilla::geom::{PathBuilder, Point, Rect, Size, Transform};
use krilla::image::Image;
use krilla::metadata::Metadata;
use krilla::page::PageSettings;
use krilla::paint::{Fill, Stroke};
use krilla::text::{Font, TextDirection};
use std::sync::{Arc, LazyLock};

/// A4 in points.
pub const PAGE_W: f32 = 595.28;
pub const PAGE_H: f32 = 841.89;
/// The page's margin on every side.
pub const MARGIN: f32 = 36.0;
/// Width between the margins.
pub const CONTENT_W: f32 = PAGE_W - 2.0 * MARGIN;

/// The fonts the window uses too (embedded once, `crate::fonts`).
static REGULAR: &[u8] = crate::fonts::DEJAVU_SANS;
static BOLD: &[u8] = crate::fonts::DEJAVU_SANS_BOLD;

static REGULAR_FACE: LazyLock<Option<rustybuzz::Face<'static>>> =
    LazyLock::new(|| rustybuzz::Face::from_slice(REGULAR, 0));
static BOLD_FACE: LazyLock<Option<rustybuzz::Face<'static>>> =
    LazyLock::new(|| rustybuzz::Face::from_slice(BOLD, 0));

/// The narrowest advance of any glyph that takes room, in ems, per weight.
static REGULAR_NARROWEST: LazyLock<f32> = LazyLock::new(|| narrowest(face(Weight::Regular)));
static BOLD_NARROWEST: LazyLock<f32> = LazyLock::new(|| narrowest(face(Weight::Bold)));

/// The rough width of a character in ems when the font cannot be read (see [`text_width`]).
const GUESSED_ADVANCE: f32 = 0.6;

/// Ink colours of the documents (print, not the screen's theme).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ink {
    Text,
    Muted,
    Rule,
    Panel,
    White,
}

impl Ink {
    fn rgb(self) -> rgb::Color {
        match self {
            Ink::Text => rgb::Color::new(0x1f, 0x23, 0x28),
            Ink::Muted => rgb::Color::new(0x5f, 0x66, 0x6d),
            Ink::Rule => rgb::Color::new(0xc8, 0xcd, 0xd2),
            Ink::Panel => rgb::Color::new(0xf3, 0xf4, 0xf6),
            Ink::White => rgb::Color::new(0xff, 0xff, 0xff),
        }
    }
}

/// Regular or bold.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Weight {
    Regular,
    Bold,
}

/// One drawing operation.
#[derive(Debug, Clone)]
pub enum Op {
    /// Text on one line; `y` is its baseline.
    Text {
        x: f32,
        y: f32,
        size: f32,
        weight: Weight,
        ink: Ink,
        text: String,
    },
    /// A rectangle, filled and/or outlined.
    Rect {
        x: f32,
        y: f32,
        w: f32,
        h: f32,
        fill: Option<Ink>,
        stroke: Option<Ink>,
    },
    /// A picture scaled into the box.
    Image {
        x: f32,
        y: f32,
        w: f32,
        h: f32,
        picture: Picture,
    },
}

/// The shaping face of `weight` (`None` if the embedded font could not be read).
fn face(weight: Weight) -> Option<&'static rustybuzz::Face<'static>> {
    match weight {
        Weight::Regular => REGULAR_FACE.as_ref(),
        Weight::Bold => BOLD_FACE.as_ref(),
    }
}

/// The smallest non-zero advance among the glyphs of `face`, in ems.
fn narrowest(face: Option<&rustybuzz::Face<'_>>) -> f32 {
    let Some(face) = face else {
        return GUESSED_ADVANCE;
    };
    let units = (0..face.number_of_glyphs())
        .filter_map(|g| face.glyph_hor_advance(rustybuzz::ttf_parser::GlyphId(g)))
        .filter(|&a| a > 0)
        .min();
    match units {
        Some(units) => f32::from(units) / f32::from(face.units_per_em() as u16),
        None => GUESSED_ADVANCE,
    }
}

/// The width of `text` at `size` points.
pub fn text_width(text: &str, size: f32, weight: Weight) -> f32 {
    let Some(face) = face(weight) else {
        // The fonts are part of the program; a rough guess keeps layout going regardless.
        return text.chars().count() as f32 * size * GUESSED_ADVANCE;
    };
    let mut buffer = rustybuzz::UnicodeBuffer::new();
    buffer.push_str(text);
    let shaped = rustybuzz::shape(face, &[], buffer);
    let units: i32 = shaped.glyph_positions().iter().map(|p| p.x_advance).sum();
    units as f32 * size / f32::from(face.units_per_em() as u16)
}

/// The most characters of a text that can take part in a line of `max` points at `size`:
/// twice as many as the font's narrowest glyph allows, so that kerning and ligatures never
/// cut a text that would fit. Only a text made mostly of characters that take no room
/// (combining marks) can be cut shorter than its room; it still ends in "…".
fn most_chars(max: f32, size: f32, weight: Weight) -> usize {
    let narrowest = match weight {
        Weight::Regular => *REGULAR_NARROWEST,
        Weight::Bold => *BOLD_NARROWEST,
    };
    // Not a number or negative: no room. The cast saturates for an endless room.
    let room = (max / (narrowest * size)).max(0.0);
    (room.ceil() as usize).saturating_mul(2).saturating_add(2)
}

/// `text` shortened with "…" so that it fits in `max` points: the longest prefix (by
/// characters, trailing spaces dropped) that fits with the "…", or nothing if not even the
/// "…" fits. A text longer than could ever fit (by the font's narrowest glyph) is cut before
/// anything is measured, and the prefix is found by halving, so a name of any length costs a
/// few measures of one line.
pub fn fit(text: &str, max: f32, size: f32, weight: Weight) -> String {
    let most = most_chars(max, size, weight);
    // Where each character starts: the prefix of `k` characters is `text[..ends[k]]`.
    let mut ends: Vec<usize> = text
        .char_indices()
        .map(|(i, _)| i)
        .take(most.saturating_add(1))
        .collect();
    // The longest prefix that may be shown: `most` characters of a text longer than that
    // (which cannot fit), else all but the last character of a text that does not fit.
    let longest = if ends.len() > most {
        most
    } else {
        if text_width(text, size, weight) <= max {
            return text.to_owned();
        }
        ends.push(text.len());
        match ends.len().checked_sub(2) {
            Some(longest) => longest,
            None => return String::new(),
        }
    };
    let shortened = |k: usize| text[..ends[k]].trim_end().to_owned() + "…";
    let fits = |k: usize| text_width(&shortened(k), size, weight) <= max;
    if !fits(0) {
        return String::new();
    }
    // A longer prefix is never narrower, so the longest that fits is found by halving
    // between one that fits and one that does not (or is past the longest).
    let (mut fitting, mut too_long) = (0, longest + 1);
    while too_long - fitting > 1 {
        let mid = fitting + (too_long - fitting) / 2;
        if fits(mid) {
            fitting = mid;
        } else {
            too_long = mid;
        }
    }
    shortened(fitting)
}

/// Pages being laid out: a cursor that flows down and starts a new page when a block does
/// not fit.
pub struct Flow {
    pub pages: Vec<Vec<Op>>,
    /// The top of the next block on the current page.
    pub y: f32,
    /// The title at the top of every page after the first.
    running: Option<String>,
    /// The lowest y content may reach (above the footer).
    bottom: f32,
    /// Where content starts on the current page.
    page_top: f32,
}

/// Room kept at the bottom of every page for the footer.
pub const FOOTER_H: f32 = 22.0;

impl Default for Flow {
    fn default() -> Self {
        Flow::new()
    }
}

impl Flow {
    pub fn new() -> Flow {
        Flow {
            pages: vec![Vec::new()],
            y: MARGIN,
            running: None,
            bottom: PAGE_H - MARGIN - FOOTER_H,
            page_top: MARGIN,
        }
    }

    /// `title` at the top of every page after the first.
    pub fn running_title(&mut self, title: &str) {
        self.running = Some(fit(title, CONTENT_W, 9.0, Weight::Bold));
    }

    /// Room left on the current page.
    pub fn left(&self) -> f32 {
        self.bottom - self.y
    }

    /// Starts a new page.
    pub fn new_page(&mut self) {
        let mut ops = Vec::new();
        let mut used = 0.0;
        if let Some(title) = &self.running {
            ops.push(Op::Text {
                x: MARGIN,
                y: MARGIN + 9.0,
                size: 9.0,
                weight: Weight::Bold,
                ink: Ink::Muted,
                text: title.clone(),
            });
            used = 22.0;
        }
        self.pages.push(ops);
        self.y = MARGIN + used;
        self.page_top = self.y;
    }

    /// Makes sure `height` fits on the current page (else starts a new one).
    pub fn ensure(&mut self, height: f32) {
        // A block taller than a page goes on the page it starts, never after an empty one.
        if self.left() < height && self.y > self.page_top {
            self.new_page();
        }
    }

    /// The current page's operations.
    pub fn ops(&mut self) -> &mut Vec<Op> {
        // `pages` always holds at least one page.
        let last = self.pages.len() - 1;
        &mut self.pages[last]
    }

    /// Text at `x` with its top at the cursor plus `dy` (the baseline is placed from the
    /// size).
    pub fn text_at(&mut self, x: f32, top: f32, size: f32, weight: Weight, ink: Ink, text: &str) {
        if text.is_empty() {
            return;
        }
        self.ops().push(Op::Text {
            x,
            y: top + size * 0.8,
            size,
            weight,
            ink,
            text: text.to_owned(),
        });
    }

    /// A line of text at the cursor, which then moves below it.
    pub fn line(&mut self, size: f32, weight: Weight, ink: Ink, text: &str) {
        let h = line_height(size);
        self.ensure(h);
        let y = self.y;
        self.text_at(MARGIN, y, size, weight, ink, text);
        self.y += h;
    }

    /// A horizontal rule across the content width at the cursor.
    pub fn rule(&mut self) {
        let y = self.y;
        self.ops().push(Op::Rect {
            x: MARGIN,
            y,
            w: CONTENT_W,
            h: 0.6,
            fill: Some(Ink::Rule),
            stroke: None,
        });
        self.y += 0.6;
    }

    /// Adds "Page k of n" and `footer` at the bottom of every page.
    pub fn finish(mut self, footer: &str) -> Vec<Vec<Op>> {
        let n = self.pages.len();
        for (k, page) in self.pages.iter_mut().enumerate() {
            let y = PAGE_H - MARGIN - 8.0 * 0.2;
            let label = crate::tr!("pdf-page", page = k + 1, pages = n);
            let w = text_width(&label, 8.0, Weight::Regular);
            page.push(Op::Text {
                x: PAGE_W - MARGIN - w,
                y,
                size: 8.0,
                weight: Weight::Regular,
                ink: Ink::Muted,
                text: label,
            });
            page.push(Op::Text {
                x: MARGIN,
                y,
                size: 8.0,
                weight: Weight::Regular,
                ink: Ink::Muted,
                text: fit(footer, CONTENT_W - w - 12.0, 8.0, Weight::Regular),
            });
        }
        self.pages
    }
}

/// A column of a [`Flow::table`]: its title, its share of the content width and whether its
/// cells are right-aligned (figures).
#[derive(Debug, Clone, Copy)]
pub struct Column<'a> {
    pub title: &'a str,
    pub share: f32,
    pub right: bool,
}

impl Flow {
    /// A table across the content width: the title row, then one line per row (cells
    /// shortened to fit); the title row is repeated on every page the table reaches.
    pub fn table(&mut self, columns: &[Column<'_>], rows: &[Vec<String>]) {
        const SIZE: f32 = 9.0;
        let h = line_height(SIZE) + 2.0;
        let widths = column_widths(columns, SIZE);
        let cells = |flow: &mut Flow, texts: &[&str], weight: Weight, ink: Ink| {
            let (mut x, y) = (MARGIN, flow.y + 1.0);
            for ((c, w), t) in columns.iter().zip(&widths).zip(texts) {
                let t = fit(t, w - CELL_GAP, SIZE, weight);
                let tx = if c.right {
                    x + w - CELL_GAP - text_width(&t, SIZE, weight)
                } else {
                    x
                };
                flow.text_at(tx, y, SIZE, weight, ink, &t);
                x += w;
            }
            flow.y += h;
        };
        let titles: Vec<&str> = columns.iter().map(|c| c.title).collect();
        let head = |flow: &mut Flow| {
            let y = flow.y;
            flow.ops().push(Op::Rect {
                x: MARGIN,
                y,
                w: CONTENT_W,
                h,
                fill: Some(Ink::Panel),
                stroke: None,
            });
            cells(flow, &titles, Weight::Bold, Ink::Muted);
        };
        self.ensure(2.0 * h);
        head(self);
        for row in rows {
            if self.left() < h {
                self.new_page();
                head(self);
            }
            let texts: Vec<&str> = row.iter().map(String::as_str).collect();
            cells(self, &texts, Weight::Regular, Ink::Text);
        }
        self.rule();
    }
}

/// Room between a table's columns (on the right of each cell).
const CELL_GAP: f32 = 6.0;

/// The widths of a table's columns across the content width: each its share, but never
/// narrower than its bold title at `size` (a longer word in another language, "Størrelse" for
/// "Size", is not shortened); what a title needs is taken from the columns with room to spare,
/// in proportion to it. If the titles alone are wider than the page, the shares decide.
pub fn column_widths(columns: &[Column<'_>], size: f32) -> Vec<f32> {
    let total: f32 = columns
        .iter()
        .map(|c| c.share.max(0.0))
        .sum::<f32>()
        .max(f32::EPSILON);
    let shared: Vec<f32> = columns
        .iter()
        .map(|c| c.share.max(0.0) / total * CONTENT_W)
        .collect();
    let needed: Vec<f32> = columns
        .iter()
        .map(|c| text_width(c.title, size, Weight::Bold) + CELL_GAP)
        .collect();
    let short: f32 = shared
        .iter()
        .zip(&needed)
        .map(|(w, n)| (n - w).max(0.0))
        .sum();
    let spare: f32 = shared
        .iter()
        .zip(&needed)
        .map(|(w, n)| (w - n).max(0.0))
        .sum();
    if short <= 0.0 || spare < short {
        return shared;
    }
    shared
        .iter()
        .zip(&needed)
        .map(|(&w, &n)| {
            if w < n {
                n
            } else {
                w - (w - n) / spare * short
            }
        })
        .collect()
}

/// The height of a line of text at `size`.
pub fn line_height(size: f32) -> f32 {
    size * 1.35
}

fn fill(ink: Ink) -> Fill {
    Fill {
        paint: ink.rgb().into(),
        ..Fill::default()
    }
}

/// Writes the pages as a PDF with `title` in its properties.
pub fn render(pages: &[Vec<Op>], title: &str) -> Result<Vec<u8>, PdfError> {
    let regular = Font::new(krilla::Data::from(REGULAR), 0).ok_or(PdfError::Font)?;
    let bold = Font::new(krilla::Data::from(BOLD), 0).ok_or(PdfError::Font)?;
    let mut document = Document::new();
    document.set_metadata(
        Metadata::new()
            .title(title.to_owned())
            .creator("logodesk".to_owned()),
    );
    // One krilla image per picture, however often it is drawn: the file holds it once.
    let mut images: Vec<(Picture, Image)> = Vec::new();
    for ops in pages {
        let settings = PageSettings::from_wh(PAGE_W, PAGE_H).ok_or(PdfError::Shape)?;
        let mut page = document.start_page_with(settings);
        let mut surface = page.surface();
        for op in ops {
            match op {
                Op::Text {
                    x,
                    y,
                    size,
                    weight,
                    ink,
                    text,
                } => {
                    surface.set_fill(Some(fill(*ink)));
                    surface.set_stroke(None);
                    let font = match weight {
                        Weight::Regular => regular.clone(),
                        Weight::Bold => bold.clone(),
                    };
                    surface.draw_text(
                        Point::from_xy(*x, *y),
                        font,
                        *size,
                        text,
                        false,
                        TextDirection::Auto,
                    );
                }
                Op::Rect {
                    x,
                    y,
                    w,
                    h,
                    fill: inside,
                    stroke,
                } => {
                    let mut path = PathBuilder::new();
                    path.push_rect(Rect::from_xywh(*x, *y, *w, *h).ok_or(PdfError::Shape)?);
                    let path = path.finish().ok_or(PdfError::Shape)?;
                    surface.set_fill(inside.map(fill));
                    surface.set_stroke(stroke.map(|ink| Stroke {
                        paint: ink.rgb().into(),
                        width: 0.6,
                        ..Stroke::default()
                    }));
                    surface.draw_path(&path);
                }
                Op::Image {
                    x,
                    y,
                    w,
                    h,
                    picture,
                } => {
                    let image = match images.iter().find(|(p, _)| p.same(picture)) {
                        Some((_, image)) => image.clone(),
                        None => {
                            let image = Image::from_rgba8(
                                picture.rgba().to_vec(),
                                picture.width(),
                                picture.height(),
                            );
                            images.push((picture.clone(), image.clone()));
                            image
                        }
                    };
                    surface.push_transform(&Transform::from_translate(*x, *y));
                    surface.draw_image(image, Size::from_wh(*w, *h).ok_or(PdfError::Shape)?);
                    surface.pop();
                }
            }
        }
        surface.finish();
        page.finish();
    }
    document
        .finish()
        .map_err(|e| PdfError::Layout(e.to_string()))
}

/// The box of `w × h` points that a picture of `pw × ph` pixels takes when fitted into it,
/// centred: `(x offset, y offset, width, height)`.
pub fn fit_picture(pw: u32, ph: u32, w: f32, h: f32) -> (f32, f32, f32, f32) {
    if pw == 0 || ph == 0 {
        return (0.0, 0.0, w, h);
    }
    let scale = (w / pw as f32).min(h / ph as f32);
    let (fw, fh) = (pw as f32 * scale, ph as f32 * scale);
    ((w - fw) / 2.0, (h - fh) / 2.0, fw, fh)
}

/// Shares a picture between the layout and the writer.
impl Picture {
    fn same(&self, other: &Picture) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_is_measured_and_shortened_to_fit() {
        let w = text_width("Sørensen", 10.0, Weight::Regular);
        assert!(w > 30.0 && w < 60.0, "{w}");
        assert!(text_width("Sørensen", 10.0, Weight::Bold) > w);
        assert_eq!(fit("Sørensen", 100.0, 10.0, Weight::Regular), "Sørensen");
        let short = fit("Vestergaard-Christiansen", 60.0, 10.0, Weight::Regular);
        assert!(short.ends_with('…'), "{short}");
        assert!(text_width(&short, 10.0, Weight::Regular) <= 60.0);
    }

    /// What `fit` did before it halved: drop one character at a time from the end.
    fn fit_one_by_one(text: &str, max: f32, size: f32, weight: Weight) -> String {
        if text_width(text, size, weight) <= max {
            return text.to_owned();
        }
        let mut chars: Vec<char> = text.chars().collect();
        while chars.pop().is_some() {
            let candidate = chars.iter().collect::<String>().trim_end().to_owned() + "…";
            if text_width(&candidate, size, weight) <= max {
                return candidate;
            }
        }
        String::new()
    }

    #[test]
    fn names_are_shortened_as_one_by_one_would() {
        let names = [
            "",
            "Æ",
            "Sørensen",
            "Vestergaard-Christiansen",
            "Åse Brænder von Holstein-Gottorp",
            "Anne  Marie   Lund Østergaard",
            "AVAWAVAWAVAWAVAWAVAW Tyyyy",
            "ﬁﬂ office affluent",
            "Ναυσικά Παπαδοπούλου",
        ];
        for name in names {
            for weight in [Weight::Regular, Weight::Bold] {
                for max in [-5.0, 0.0, 4.0, 9.0, 20.0, 37.5, 60.0, 100.0, 170.0, 523.0] {
                    assert_eq!(
                        fit(name, max, 11.0, weight),
                        fit_one_by_one(name, max, 11.0, weight),
                        "{name:?} in {max} pt, {weight:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn a_name_of_any_length_is_cut_to_what_can_show() {
        let long = "Vestergaard-Christiansen ".repeat(4_000) + "x";
        for (max, size) in [(CONTENT_W, 7.0), (150.0, 11.0), (60.0, 18.0)] {
            let most = most_chars(max, size, Weight::Regular);
            // Far more than fit, far fewer than the name has.
            assert!(most as f32 * size * 0.5 > max && most < 5_000, "{most}");
            let short = fit(&long, max, size, Weight::Regular);
            assert!(short.starts_with("Vest") && short.ends_with('…'), "{short}");
            assert!(text_width(&short, size, Weight::Regular) <= max);
            // The same as shortening a copy cut to twice what fits.
            let copy: String = long.chars().take(most + 1).collect();
            assert_eq!(short, fit_one_by_one(&copy, max, size, Weight::Regular));
        }
        assert_eq!(fit(&long, -1.0, 10.0, Weight::Bold), "");
        assert_eq!(fit(&long, f32::NAN, 10.0, Weight::Bold), "");
    }

    #[test]
    fn a_block_that_does_not_fit_starts_a_new_page_with_the_running_title() {
        let mut flow = Flow::new();
        flow.running_title("Roster proof · PO-1");
        flow.ensure(500.0);
        flow.y += 500.0;
        flow.ensure(500.0);
        assert_eq!(flow.pages.len(), 2);
        assert_eq!(flow.y, MARGIN + 22.0);
        assert!(
            matches!(&flow.pages[1][0], Op::Text { text, .. } if text == "Roster proof · PO-1")
        );
        // An empty page is never left behind for a block taller than a page.
        flow.ensure(5000.0);
        assert_eq!(flow.pages.len(), 2);
        let pages = flow.finish("logodesk");
        assert!(pages.iter().all(|p| {
            p.iter()
                .any(|op| matches!(op, Op::Text { text, .. } if text.starts_with("Page ")))
        }));
    }

    #[test]
    fn a_column_is_never_narrower_than_its_title() {
        let column = |title, share| Column {
            title,
            share,
            right: false,
        };
        let columns = [
            column("Størrelse", 0.2),
            column("Navn", 5.0),
            column("Antal", 1.0),
        ];
        let widths = column_widths(&columns, 9.0);
        let sum: f32 = widths.iter().sum();
        assert!((sum - CONTENT_W).abs() < 0.01, "{sum}");
        for (c, w) in columns.iter().zip(&widths) {
            assert!(
                text_width(c.title, 9.0, Weight::Bold) + CELL_GAP <= w + 0.01,
                "{w}"
            );
        }
        // Titles that fit keep their shares.
        let wide = [column("A", 1.0), column("B", 3.0)];
        assert_eq!(
            column_widths(&wide, 9.0),
            vec![CONTENT_W / 4.0, CONTENT_W * 3.0 / 4.0]
        );
    }

    #[test]
    fn pictures_keep_their_proportions() {
        let (x, y, w, h) = fit_picture(1200, 1600, 90.0, 90.0);
        assert_eq!((w, h), (67.5, 90.0));
        assert_eq!((x, y), (11.25, 0.0));
    }
}
