//! The roster proof sheet: the order's header, then one compact block per roster row (name,
//! number, size, quantity, per-placeholder values, front and back as the service drew them
//! with that row's values), three blocks a row, several rows a page, for a club to approve
//! before the order is placed. Words in the process's language (`tr!`), the date and counts in
//! the sheet's [`Language`].

use super::layout::{
    CONTENT_W, Flow, Ink, MARGIN, Op, PAGE_W, Weight, fit, fit_picture, line_height, render,
    text_width,
};
use super::{PdfError, Picture};
use crate::locale::Language;
use crate::tr;
use chrono::NaiveDate;

/// What the sheet says at the top.
#[derive(Debug, Clone, Default)]
pub struct ProofHeader {
    /// The order's reference, or a word saying it has none yet.
    pub reference: String,
    /// The club (the delivery address's name).
    pub club: String,
    /// The day the sheet was made (written in the sheet's language).
    pub date: NaiveDate,
    pub design_title: String,
    /// The design's item number (MUL…), or its id when it has none.
    pub design_item: String,
}

/// One roster row with its pictures (front and back, in the style's order).
#[derive(Debug, Clone, Default)]
pub struct ProofRow {
    pub size: String,
    pub quantity: String,
    pub name: String,
    pub number: String,
    /// Per-placeholder values as printed (e.g. "Back name: Hansen").
    pub values: Vec<String>,
    /// The views drawn for this row, by name (at most two are shown).
    pub views: Vec<(String, Picture)>,
}

/// A whole sheet.
#[derive(Debug, Clone, Default)]
pub struct ProofSheet {
    pub header: ProofHeader,
    /// The club's link to approve it on its phone, as a QR code in the header's corner.
    pub link: Option<crate::imaging::qr::QrCode>,
    pub rows: Vec<ProofRow>,
    /// The language of its date and figures (its words are the process's, as `tr!` gives
    /// them: the app passes the same language).
    pub language: Language,
}

/// Blocks side by side.
pub const COLUMNS: usize = 3;
const GAP: f32 = 10.0;
const PAD: f32 = 6.0;
const PICTURE_H: f32 = 94.0;
/// Height of one block.
const BLOCK_H: f32 = PAD + 15.0 + 11.0 + 10.0 + PICTURE_H + 10.0 + PAD;

fn block_w() -> f32 {
    (CONTENT_W - GAP * (COLUMNS as f32 - 1.0)) / COLUMNS as f32
}

/// The sheet as a PDF.
pub fn build(sheet: &ProofSheet) -> Result<Vec<u8>, PdfError> {
    let pages = lay_out(sheet);
    let title = tr!(
        "pdf-proof-document-title",
        reference = sheet.header.reference.as_str(),
        design = sheet.header.design_title.as_str()
    );
    render(&pages, &title)
}

/// The pages of the sheet (also what the tests count).
pub fn lay_out(sheet: &ProofSheet) -> Vec<Vec<Op>> {
    let h = &sheet.header;
    let mut flow = Flow::new();
    let running = tr!(
        "pdf-proof-running",
        reference = h.reference.as_str(),
        club = h.club.as_str(),
        design = h.design_title.as_str()
    );
    flow.running_title(&running);
    header(&mut flow, sheet);
    let w = block_w();
    for (c, chunk) in sheet.rows.chunks(COLUMNS).enumerate() {
        flow.ensure(BLOCK_H);
        let top = flow.y;
        for (i, row) in chunk.iter().enumerate() {
            let x = MARGIN + i as f32 * (w + GAP);
            block(
                flow.ops(),
                x,
                top,
                w,
                row,
                c * COLUMNS + i + 1,
                sheet.language,
            );
        }
        flow.y = top + BLOCK_H + GAP;
    }
    if sheet.rows.is_empty() {
        flow.line(10.0, Weight::Regular, Ink::Muted, &tr!("pdf-proof-no-rows"));
    }
    flow.finish(&tr!("pdf-proof-footer", running = running))
}

fn header(flow: &mut Flow, sheet: &ProofSheet) {
    let h = &sheet.header;
    let language = sheet.language;
    // The link's QR code takes the header's right corner.
    let room = if sheet.link.is_some() {
        QR_SIDE + 8.0
    } else {
        0.0
    };
    let content_w = CONTENT_W - room;
    flow.line(18.0, Weight::Bold, Ink::Text, &tr!("pdf-proof-title"));
    flow.y += 2.0;
    let facts = [
        (tr!("pdf-proof-reference"), h.reference.clone()),
        (tr!("pdf-proof-club"), h.club.clone()),
        (tr!("pdf-proof-date"), language.date_long(h.date)),
    ];
    let mut x = MARGIN;
    let y = flow.y;
    for (label, value) in facts {
        let label = format!("{label}: ");
        flow.text_at(x, y, 10.0, Weight::Regular, Ink::Muted, &label);
        x += text_width(&label, 10.0, Weight::Regular);
        let value = fit(&value, PAGE_W - MARGIN - room - x, 10.0, Weight::Bold);
        flow.text_at(x, y, 10.0, Weight::Bold, Ink::Text, &value);
        x += text_width(&value, 10.0, Weight::Bold) + 18.0;
    }
    flow.y += line_height(10.0);
    let design = tr!(
        "pdf-proof-design",
        title = h.design_title.as_str(),
        item = h.design_item.as_str()
    );
    let garments: i64 = sheet
        .rows
        .iter()
        .filter_map(|r| r.quantity.trim().parse::<i64>().ok())
        .sum();
    flow.line(
        10.0,
        Weight::Regular,
        Ink::Text,
        &fit(&design, content_w, 10.0, Weight::Regular),
    );
    let rows = i64::try_from(sheet.rows.len()).unwrap_or(i64::MAX);
    flow.line(
        9.0,
        Weight::Regular,
        Ink::Muted,
        &fit(
            &tr!(
                "pdf-proof-summary",
                rows = rows,
                rows_shown = language.integer(rows),
                garments = garments,
                garments_shown = language.integer(garments)
            ),
            content_w,
            9.0,
            Weight::Regular,
        ),
    );
    flow.y += 4.0;
    // "Approved by (…):" and a line to sign on, to the right margin whatever the label's length.
    let approved = tr!("pdf-proof-approved-by");
    let top = flow.y;
    flow.text_at(MARGIN, top, 9.0, Weight::Regular, Ink::Text, &approved);
    let line_x = MARGIN + text_width(&approved, 9.0, Weight::Regular) + 6.0;
    flow.ops().push(Op::Rect {
        x: line_x,
        y: top + 9.0,
        w: (PAGE_W - MARGIN - room - line_x).max(0.0),
        h: 0.6,
        fill: Some(Ink::Text),
        stroke: None,
    });
    flow.y += line_height(9.0) + 4.0;
    if let Some(qr) = &sheet.link {
        qr_code(flow.ops(), qr, PAGE_W - MARGIN - QR_SIDE, MARGIN);
        let caption = tr!("pdf-proof-qr");
        let x = PAGE_W - MARGIN - text_width(&caption, 7.0, Weight::Regular);
        flow.text_at(
            x,
            MARGIN + QR_SIDE + 1.0,
            7.0,
            Weight::Regular,
            Ink::Muted,
            &caption,
        );
        flow.y = flow.y.max(MARGIN + QR_SIDE + line_height(7.0) + 4.0);
    }
    flow.rule();
    flow.y += GAP;
}

/// The side of the link's QR code on the sheet, in points (about 2.5 cm: a phone reads it
/// from a printout).
const QR_SIDE: f32 = 72.0;

/// `qr`'s dark modules as squares, its quiet zone included in `QR_SIDE`, at `(x, y)`.
fn qr_code(ops: &mut Vec<Op>, qr: &crate::imaging::qr::QrCode, x: f32, y: f32) {
    let module = QR_SIDE / (qr.width as f32 + 8.0);
    for (cx, cy) in qr.dark_modules() {
        ops.push(Op::Rect {
            x: x + (cx as f32 + 4.0) * module,
            y: y + (cy as f32 + 4.0) * module,
            w: module,
            h: module,
            fill: Some(Ink::Text),
            stroke: None,
        });
    }
}

/// Row `n`'s block at `(x, y)`, `w` wide, its figures in `language`.
fn block(ops: &mut Vec<Op>, x: f32, y: f32, w: f32, row: &ProofRow, n: usize, language: Language) {
    ops.push(Op::Rect {
        x,
        y,
        w,
        h: BLOCK_H,
        fill: Some(Ink::Panel),
        stroke: Some(Ink::Rule),
    });
    let inner = w - 2.0 * PAD;
    // A number takes at most half the block's width; the name gets the rest.
    let number = if row.number.trim().is_empty() {
        String::new()
    } else {
        fit(
            &format!("#{}", row.number.trim()),
            inner / 2.0,
            13.0,
            Weight::Bold,
        )
    };
    let number_w = text_width(&number, 13.0, Weight::Bold);
    let mut top = y + PAD;
    let name = if row.name.trim().is_empty() {
        tr!("pdf-proof-no-name")
    } else {
        row.name.trim().to_owned()
    };
    ops.push(text(
        x + PAD,
        top,
        11.0,
        Weight::Bold,
        Ink::Text,
        fit(&name, inner - number_w - 6.0, 11.0, Weight::Bold),
    ));
    ops.push(text(
        x + w - PAD - number_w,
        top - 1.5,
        13.0,
        Weight::Bold,
        Ink::Text,
        number,
    ));
    top += 15.0;
    // A quantity as typed, grouped when it is a whole number ("1.200" / "1,200").
    let quantity = row.quantity.trim();
    let quantity = quantity
        .parse::<i64>()
        .map_or_else(|_| quantity.to_owned(), |q| language.integer(q));
    let facts = tr!(
        "pdf-proof-row-facts",
        size = row.size.trim(),
        quantity = quantity,
        row = language.integer(i64::try_from(n).unwrap_or(i64::MAX))
    );
    ops.push(text(
        x + PAD,
        top,
        8.0,
        Weight::Regular,
        Ink::Muted,
        fit(&facts, inner, 8.0, Weight::Regular),
    ));
    top += 11.0;
    if !row.values.is_empty() {
        ops.push(text(
            x + PAD,
            top,
            7.5,
            Weight::Regular,
            Ink::Muted,
            fit(&row.values.join(" · "), inner, 7.5, Weight::Regular),
        ));
    }
    top += 10.0;
    let shown: Vec<&(String, Picture)> = row.views.iter().take(2).collect();
    let pw = (inner - PAD) / 2.0;
    for (k, (view, picture)) in shown.iter().enumerate() {
        let px = x + PAD + k as f32 * (pw + PAD);
        ops.push(Op::Rect {
            x: px,
            y: top,
            w: pw,
            h: PICTURE_H,
            fill: Some(Ink::White),
            stroke: None,
        });
        let (dx, dy, fw, fh) = fit_picture(picture.width(), picture.height(), pw, PICTURE_H);
        ops.push(Op::Image {
            x: px + dx,
            y: top + dy,
            w: fw,
            h: fh,
            picture: picture.clone(),
        });
        let label = fit(view, pw, 7.0, Weight::Regular);
        let lw = text_width(&label, 7.0, Weight::Regular);
        ops.push(text(
            px + (pw - lw) / 2.0,
            top + PICTURE_H + 2.0,
            7.0,
            Weight::Regular,
            Ink::Muted,
            label,
        ));
    }
    if shown.is_empty() {
        ops.push(text(
            x + PAD,
            top + PICTURE_H / 2.0,
            8.0,
            Weight::Regular,
            Ink::Muted,
            tr!("pdf-proof-no-picture"),
        ));
    }
}

/// Text whose top is at `top`.
fn text(x: f32, top: f32, size: f32, weight: Weight, ink: Ink, text: String) -> Op {
    Op::Text {
        x,
        y: top + size * 0.8,
        size,
        weight,
        ink,
        text,
    }
}

/// A sheet of `rows` sample players ("Spiller 0"…, size M, one each), each with its own
/// FRONT and BACK picture of `size` px (each picture a pattern of its own, as the service's
/// are), dated 1 March 2026 in English: for the tests and the bench.
#[doc(hidden)]
pub fn sample_sheet(rows: usize, size: [u32; 2]) -> ProofSheet {
    ProofSheet {
        link: None,
        header: ProofHeader {
            reference: "PO-1".into(),
            club: "Nordby IF".into(),
            date: NaiveDate::from_ymd_opt(2026, 3, 1).unwrap_or_default(),
            design_title: "Hjemmebanetrøje".into(),
            design_item: "MUL000001".into(),
        },
        rows: (0..rows)
            .map(|i| ProofRow {
                size: "M".into(),
                quantity: "1".into(),
                name: format!("Spiller {i}"),
                number: i.to_string(),
                values: Vec::new(),
                views: ["FRONT", "BACK"]
                    .into_iter()
                    .zip(0u8..)
                    .map(|(view, k)| {
                        let shade = (i % 256) as u8;
                        let picture = image::RgbaImage::from_fn(size[0], size[1], |x, y| {
                            image::Rgba([
                                shade.wrapping_mul(11),
                                (x % 256) as u8,
                                (y % 256) as u8,
                                255 - k,
                            ])
                        });
                        (view.to_owned(), Picture::new(picture))
                    })
                    .collect(),
            })
            .collect(),
        language: Language::English,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sheet(rows: usize) -> ProofSheet {
        sample_sheet(rows, [30, 40])
    }

    #[test]
    fn twelve_blocks_fit_a_page() {
        assert_eq!(lay_out(&sheet(0)).len(), 1);
        assert_eq!(lay_out(&sheet(12)).len(), 1);
        assert_eq!(lay_out(&sheet(13)).len(), 2);
        assert_eq!(lay_out(&sheet(20)).len(), 2);
        assert_eq!(lay_out(&sheet(24)).len(), 2);
        assert_eq!(lay_out(&sheet(25)).len(), 3);
    }

    #[test]
    fn every_block_stays_on_its_page() {
        for page in lay_out(&sheet(40)) {
            for op in page {
                if let Op::Rect { y, h, .. } = op {
                    assert!(y + h <= super::super::layout::PAGE_H - MARGIN, "{y} + {h}");
                }
            }
        }
    }

    #[test]
    fn the_clubs_link_is_a_qr_code_in_the_headers_corner_and_nothing_runs_under_it() {
        let qr = crate::imaging::qr::QrCode::of("https://klub.sportigan.dk/c/abc").unwrap();
        let corner = PAGE_W - MARGIN - QR_SIDE;
        let with = ProofSheet {
            link: Some(qr.clone()),
            ..sheet(3)
        };
        let page = &lay_out(&with)[0];
        let module = QR_SIDE / (qr.width as f32 + 8.0);
        let squares: Vec<(f32, f32)> = page
            .iter()
            .filter_map(|op| match op {
                Op::Rect { x, y, w, .. } if (*w - module).abs() < 1e-3 => Some((*x, *y)),
                _ => None,
            })
            .collect();
        assert_eq!(squares.len(), qr.dark_modules().count());
        assert!(squares.iter().all(|(x, y)| *x >= corner
            && *x < PAGE_W - MARGIN
            && *y >= MARGIN
            && *y < MARGIN + QR_SIDE));
        // The line to sign on stops before the code; without a link it reaches the margin.
        let line_end = |page: &[Op]| {
            page.iter()
                .find_map(|op| match op {
                    Op::Rect { x, w, h, .. } if (*h - 0.6).abs() < 1e-3 => Some(x + w),
                    _ => None,
                })
                .unwrap()
        };
        assert!(line_end(page) < corner);
        assert!((line_end(&lay_out(&sheet(3))[0]) - (PAGE_W - MARGIN)).abs() < 1e-3);
        // The blocks start under it.
        let first_block = page
            .iter()
            .filter_map(|op| match op {
                Op::Image { y, .. } => Some(*y),
                _ => None,
            })
            .fold(f32::MAX, f32::min);
        assert!(first_block > MARGIN + QR_SIDE, "{first_block}");
    }
}
