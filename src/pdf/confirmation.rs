//! The confirmation of a completed order, as the service returned it: its header (number,
//! placed at, reference, delivery address, latest delivery date), its design lines with
//! their instances, its loose logo lines, and the service's own subtotal, VAT and total.
//! Words in the process's language (`tr!`), amounts, counts and dates in the [`Language`]
//! passed.

use super::PdfError;
use super::layout::{
    CONTENT_W, Column, Flow, Ink, MARGIN, PAGE_W, Weight, fit, line_height, render, text_width,
};
use crate::api::{Order, OrderId};
use crate::locale::Language;
use crate::orders::approval::ProofStatus;
use crate::orders::lines::{Item, OrderLines};
use crate::tr;
use chrono::{DateTime, Utc};

/// The order as a PDF, its amounts and dates in `language`'s formats; `tracking` is the
/// service's tracking id, when known.
pub fn build(
    order: &Order,
    tracking: Option<OrderId>,
    language: Language,
) -> Result<Vec<u8>, PdfError> {
    build_with(order, tracking, &[], language)
}

/// The club's answer to one design line's proof, as the confirmation names it.
#[derive(Debug, Clone, PartialEq)]
pub struct LineApproval {
    /// The design line as the person knows it ("Kit · 20001").
    pub line: String,
    /// Its status now (stale: the line changed after the club's answer).
    pub status: ProofStatus,
    pub stale: bool,
    /// Who answered (the club's contact as typed), when, and their note.
    pub who: String,
    pub at: Option<DateTime<Utc>>,
    pub note: String,
    /// The kept proof sheet's file name (its hash).
    pub proof: String,
}

/// [`build`] with the club's approval of each design line's proof (none: no section).
pub fn build_with(
    order: &Order,
    tracking: Option<OrderId>,
    approvals: &[LineApproval],
    language: Language,
) -> Result<Vec<u8>, PdfError> {
    let pages = lay_out_with(order, tracking, approvals, language);
    let title = tr!(
        "pdf-confirmation-title",
        number = order.order_number.to_string()
    );
    render(&pages, &title)
}

/// The pages of the confirmation.
pub fn lay_out(
    order: &Order,
    tracking: Option<OrderId>,
    language: Language,
) -> Vec<Vec<super::layout::Op>> {
    lay_out_with(order, tracking, &[], language)
}

/// The pages of the confirmation with the club's approvals.
pub fn lay_out_with(
    order: &Order,
    tracking: Option<OrderId>,
    approvals: &[LineApproval],
    language: Language,
) -> Vec<Vec<super::layout::Op>> {
    let mut flow = Flow::new();
    let running = tr!(
        "pdf-confirmation-running",
        number = order.order_number.to_string(),
        reference = order.reference.as_str()
    );
    flow.running_title(&running);
    let title = tr!(
        "pdf-confirmation-title",
        number = order.order_number.to_string()
    );
    flow.line(
        18.0,
        Weight::Bold,
        Ink::Text,
        &fit(&title, CONTENT_W, 18.0, Weight::Bold),
    );
    flow.y += 4.0;
    let placed = language.date_time(&order.placed_at_utc);
    let a = &order.delivery_address;
    let mut address = vec![
        a.name.clone(),
        a.address.clone(),
        format!("{} {}", a.zip, a.city).trim().to_owned(),
        a.country.clone(),
    ];
    if let Some(p) = a.contact_person.as_deref().filter(|p| !p.trim().is_empty()) {
        address.push(tr!("pdf-confirmation-attention", person = p));
    }
    let mut facts: Vec<(String, String)> = vec![
        (
            tr!("pdf-confirmation-order-number"),
            order.order_number.to_string(),
        ),
        (tr!("pdf-confirmation-placed"), placed),
        (tr!("pdf-confirmation-reference"), order.reference.clone()),
        (
            tr!("pdf-confirmation-latest-delivery"),
            language.date_long(order.latest_delivery_date.date()),
        ),
    ];
    if let Some(t) = tracking {
        facts.push((tr!("pdf-confirmation-tracking-id"), t.to_string()));
    }
    if !order.comment.trim().is_empty() {
        facts.push((tr!("pdf-confirmation-comment"), order.comment.clone()));
    }
    if !order.origin_of_delivery.trim().is_empty() {
        facts.push((
            tr!("pdf-confirmation-origin"),
            order.origin_of_delivery.clone(),
        ));
    }
    // Facts on the left, the delivery address on the right; the values start after the
    // longest label (of this language), at least where the English ones always did.
    let top = flow.y;
    let facts_w = CONTENT_W * 0.6;
    let label_w = facts
        .iter()
        .map(|(label, _)| text_width(label, 10.0, Weight::Regular) + 10.0)
        .fold(88.0_f32, f32::max)
        .min(facts_w / 2.0);
    for (label, value) in &facts {
        let y = flow.y;
        let label = fit(label, label_w - 6.0, 10.0, Weight::Regular);
        flow.text_at(MARGIN, y, 10.0, Weight::Regular, Ink::Muted, &label);
        let value = fit(value, facts_w - label_w - 8.0, 10.0, Weight::Bold);
        flow.text_at(MARGIN + label_w, y, 10.0, Weight::Bold, Ink::Text, &value);
        flow.y += line_height(10.0);
    }
    let left_end = flow.y;
    flow.y = top;
    let x = MARGIN + facts_w;
    let deliver_to = tr!("pdf-confirmation-deliver-to");
    flow.text_at(x, top, 10.0, Weight::Regular, Ink::Muted, &deliver_to);
    flow.y += line_height(10.0);
    for (i, line) in address.iter().filter(|l| !l.trim().is_empty()).enumerate() {
        let weight = if i == 0 {
            Weight::Bold
        } else {
            Weight::Regular
        };
        let line = fit(line, CONTENT_W - facts_w, 10.0, weight);
        let y = flow.y;
        flow.text_at(x, y, 10.0, weight, Ink::Text, &line);
        flow.y += line_height(10.0);
    }
    flow.y = flow.y.max(left_end) + 8.0;
    flow.rule();
    flow.y += 10.0;

    let lines = OrderLines::of(order);
    for d in &lines.designs {
        let item = match &d.item {
            Item::Code(code) => code.clone(),
            Item::Id(id) => tr!("pdf-confirmation-design-id", id = id.to_string()),
        };
        flow.ensure(60.0);
        let garments = d.garments();
        flow.line(
            12.0,
            Weight::Bold,
            Ink::Text,
            &fit(
                &format!("{} · {item}", d.title),
                CONTENT_W,
                12.0,
                Weight::Bold,
            ),
        );
        let instances = i64::try_from(d.rows.len()).unwrap_or(i64::MAX);
        flow.line(
            9.0,
            Weight::Regular,
            Ink::Muted,
            &tr!(
                "pdf-confirmation-design-summary",
                instances = instances,
                instances_shown = language.integer(instances),
                garments = garments,
                garments_shown = language.integer(garments)
            ),
        );
        let rows: Vec<Vec<String>> = d
            .rows
            .iter()
            .map(|r| {
                vec![
                    r.size.clone(),
                    r.name.clone(),
                    r.number.clone(),
                    r.values.clone(),
                    language.integer(r.quantity),
                ]
            })
            .collect();
        let titles = [
            tr!("pdf-confirmation-col-size"),
            tr!("pdf-confirmation-col-name"),
            tr!("pdf-confirmation-col-number"),
            tr!("pdf-confirmation-col-values"),
            tr!("pdf-confirmation-col-quantity"),
        ];
        flow.table(
            &[
                col(&titles[0], 1.0, false),
                col(&titles[1], 3.0, false),
                col(&titles[2], 1.2, false),
                col(&titles[3], 3.0, false),
                col(&titles[4], 1.2, true),
            ],
            &rows,
        );
        flow.y += 10.0;
    }
    if !lines.logos.is_empty() {
        flow.ensure(60.0);
        flow.line(
            12.0,
            Weight::Bold,
            Ink::Text,
            &tr!("pdf-confirmation-loose-transfers"),
        );
        let rows: Vec<Vec<String>> = lines
            .logos
            .iter()
            .map(|l| {
                vec![
                    l.title.clone(),
                    match &l.item {
                        Item::Code(code) => code.clone(),
                        Item::Id(id) => tr!("pdf-confirmation-logo-id", id = id.to_string()),
                    },
                    l.value.clone(),
                    language.integer(l.quantity),
                ]
            })
            .collect();
        let titles = [
            tr!("pdf-confirmation-col-logo"),
            tr!("pdf-confirmation-col-sku"),
            tr!("pdf-confirmation-col-value"),
            tr!("pdf-confirmation-col-quantity"),
        ];
        flow.table(
            &[
                col(&titles[0], 4.0, false),
                col(&titles[1], 1.6, false),
                col(&titles[2], 2.4, false),
                col(&titles[3], 1.2, true),
            ],
            &rows,
        );
        flow.y += 10.0;
    }

    approvals_section(&mut flow, approvals, language);

    // Totals, right-aligned: the service's figures.
    let c = &order.currency;
    let totals = [
        (
            tr!("pdf-confirmation-subtotal"),
            language.money(order.sub_total, c),
            Weight::Regular,
        ),
        (
            tr!(
                "pdf-confirmation-vat",
                rate = language.plain_number(order.vat_rate)
            ),
            language.money(order.vat, c),
            Weight::Regular,
        ),
        (
            tr!("pdf-confirmation-total"),
            language.money(order.total, c),
            Weight::Bold,
        ),
    ];
    flow.ensure(4.0 * line_height(11.0) + 20.0);
    let right = PAGE_W - MARGIN;
    for (label, value, weight) in totals {
        let y = flow.y;
        let vw = text_width(&value, 11.0, weight);
        flow.text_at(right - vw, y, 11.0, weight, Ink::Text, &value);
        let lw = text_width(&label, 11.0, weight);
        flow.text_at(right - 150.0 - lw, y, 11.0, weight, Ink::Muted, &label);
        flow.y += line_height(11.0);
    }
    flow.y += 4.0;
    flow.line(
        8.0,
        Weight::Regular,
        Ink::Muted,
        &tr!("pdf-confirmation-figures-note"),
    );
    flow.finish(&tr!("pdf-confirmation-footer", running = running))
}

/// "Proof approval": who approved each design line's proof, when, and which sheet; or that
/// it was not approved.
fn approvals_section(flow: &mut Flow, approvals: &[LineApproval], language: Language) {
    if approvals.is_empty() {
        return;
    }
    flow.ensure(60.0);
    flow.line(
        12.0,
        Weight::Bold,
        Ink::Text,
        &tr!("pdf-confirmation-approval"),
    );
    for a in approvals {
        let when = a.at.map(|t| language.date_time(&t)).unwrap_or_default();
        let (text, ink) = match (a.status, a.stale) {
            (ProofStatus::Approved, false) => (
                tr!(
                    "pdf-confirmation-approved",
                    line = a.line.as_str(),
                    who = a.who.as_str(),
                    when = when,
                    proof = a.proof.as_str()
                ),
                Ink::Text,
            ),
            (status, stale) => {
                let why = if stale {
                    tr!("pdf-confirmation-approval-stale")
                } else {
                    match status {
                        ProofStatus::Sent => tr!("pdf-confirmation-approval-sent"),
                        ProofStatus::ChangesAsked => tr!(
                            "pdf-confirmation-approval-changes",
                            who = a.who.as_str(),
                            when = when
                        ),
                        _ => tr!("pdf-confirmation-approval-none"),
                    }
                };
                (
                    tr!(
                        "pdf-confirmation-not-approved",
                        line = a.line.as_str(),
                        why = why
                    ),
                    Ink::Muted,
                )
            }
        };
        flow.ensure(2.0 * line_height(10.0));
        flow.line(
            10.0,
            Weight::Regular,
            ink,
            &fit(&text, CONTENT_W, 10.0, Weight::Regular),
        );
        if !a.note.trim().is_empty() {
            let note = tr!("pdf-confirmation-approval-note", note = a.note.trim());
            flow.line(
                9.0,
                Weight::Regular,
                Ink::Muted,
                &fit(&note, CONTENT_W, 9.0, Weight::Regular),
            );
        }
    }
    flow.y += 10.0;
}

fn col(title: &str, share: f32, right: bool) -> Column<'_> {
    Column {
        title,
        share,
        right,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn order(instances: usize) -> Order {
        let instances: Vec<serde_json::Value> = (0..instances)
            .map(|i| serde_json::json!({"size": "M", "quantity": 1, "name": format!("Spiller {i}"), "number": i.to_string()}))
            .collect();
        serde_json::from_value(serde_json::json!({
            "orderNumber": "SO-1", "placedAtUtc": "2026-01-02T10:00:00Z",
            "latestDeliveryDate": "2026-01-09T00:00:00", "reference": "PO 7",
            "deliveryAddress": {"name": "Nordby IF", "address": "Stadionvej 1", "zip": "6700", "city": "Esbjerg", "country": "DK"},
            "currency": "DKK", "subTotal": 100.0, "vat": 25.0, "vatRate": 25.0, "total": 125.0,
            "designs": [{"designId": 1, "designMul": "MUL1", "designTitle": "Kit", "instances": instances}],
            "logos": [{"logoId": 9, "logoSku": "300036", "logoTitle": "Numbers", "quantity": 3}]
        }))
        .unwrap()
    }

    /// The PDF's text, read back.
    fn text_of(bytes: &[u8]) -> String {
        let doc = lopdf::Document::load_mem(bytes).unwrap();
        let pages: Vec<u32> = doc.get_pages().keys().copied().collect();
        doc.extract_text(&pages).unwrap()
    }

    #[test]
    fn the_confirmation_names_who_approved_each_proof_and_which_sheet() {
        let at = "2026-11-20T09:30:00Z".parse::<DateTime<Utc>>().unwrap();
        let approvals = [
            LineApproval {
                line: "Kit · MUL1".into(),
                status: ProofStatus::Approved,
                stale: false,
                who: "Mette Jensen".into(),
                at: Some(at),
                note: "Numbers in white".into(),
                proof: "0123abcd.pdf".into(),
            },
            LineApproval {
                line: "Warm-up · 40".into(),
                status: ProofStatus::Sent,
                stale: false,
                who: String::new(),
                at: Some(at),
                note: String::new(),
                proof: "ffff0000.pdf".into(),
            },
        ];
        let bytes = build_with(&order(3), None, &approvals, Language::English).unwrap();
        let text = text_of(&bytes);
        for fact in [
            "Mette Jensen",
            "0123abcd.pdf",
            "Numbers in white",
            "2026",
            "Warm-up",
        ] {
            assert!(text.contains(fact), "{fact}:\n{text}");
        }
        // Without approvals: no section.
        let plain = text_of(&build(&order(3), None, Language::English).unwrap());
        assert!(!plain.contains("Mette Jensen"), "{plain}");
    }

    #[test]
    fn long_orders_flow_onto_more_pages() {
        assert_eq!(lay_out(&order(20), None, Language::English).len(), 1);
        assert!(lay_out(&order(200), None, Language::Danish).len() > 2);
    }
}
