//! The open order as the service returned it: its facts, its lines (designs with their rows,
//! loose transfers) and the totals the service computed.

use crate::api::Order;
use crate::locale::Language;
use crate::orders::form::PlacedEstimate;
use crate::orders::lines::{DesignLine, LogoRow, OrderLines};
use crate::store::LocalOrder;
use crate::ui::theme::{self, space};
use crate::ui::widgets::UiExt as _;
use egui::{RichText, Ui};

/// Row `o`'s order as the service returned it, scrolling on its own: one opened from a
/// notification starts at its top.
pub(super) fn ui(
    ui: &mut Ui,
    language: Language,
    o: &LocalOrder,
    order: &Order,
    estimate: Option<&PlacedEstimate>,
) {
    egui::ScrollArea::vertical()
        .id_salt(("order-detail", o.id))
        .auto_shrink([false, false])
        .show(ui, |ui| {
            ui.surface(|ui| facts_ui(ui, language, o, order));
            ui.add_space(space::M);
            let lines = OrderLines::of(order);
            if !lines.designs.is_empty() {
                ui.surface(|ui| designs_ui(ui, language, &lines.designs));
                ui.add_space(space::M);
            }
            if !lines.logos.is_empty() {
                ui.surface(|ui| logos_ui(ui, language, &lines.logos));
                ui.add_space(space::M);
            }
            ui.surface(|ui| totals_ui(ui, language, order, estimate));
        });
}

/// The order's facts: two label-value pairs a row; a value wraps in its half (a long address
/// or comment stays inside a narrow window).
fn facts_ui(ui: &mut Ui, language: Language, o: &LocalOrder, order: &Order) {
    let value_w = ((ui.available_width() - 3.0 * space::XL) / 2.0 - theme::table::FACT_LABEL)
        .max(theme::table::FACT_LABEL);
    egui::Grid::new("order-facts")
        .num_columns(4)
        .max_col_width(value_w)
        .spacing([space::XL, space::S])
        .show(ui, |ui| {
            fact(
                ui,
                &crate::tr!("history-fact-order-number"),
                order.order_number.as_str(),
            );
            fact(
                ui,
                &crate::tr!("history-tracking-id"),
                &o.tracking_id.map(|i| i.to_string()).unwrap_or_default(),
            );
            ui.end_row();
            fact(
                ui,
                &crate::tr!("history-fact-placed"),
                &language.date_time(&order.placed_at_utc),
            );
            fact(
                ui,
                &crate::tr!("history-fact-latest-delivery"),
                &language.date(order.latest_delivery_date.date()),
            );
            ui.end_row();
            fact(ui, &crate::tr!("history-fact-reference"), &order.reference);
            fact(ui, &crate::tr!("history-fact-comment"), &order.comment);
            ui.end_row();
            fact(
                ui,
                &crate::tr!("history-fact-deliver-to"),
                &delivery_address(order),
            );
            fact(
                ui,
                &crate::tr!("history-fact-origin"),
                &order.origin_of_delivery,
            );
            ui.end_row();
            if let Some(by) = &o.placed_by {
                fact(ui, &crate::tr!("history-fact-placed-by"), by);
                ui.end_row();
            }
        });
}

/// Where the order goes, on one line (with the person it is for).
fn delivery_address(order: &Order) -> String {
    let a = &order.delivery_address;
    let mut address = format!(
        "{}, {}, {} {}, {}",
        a.name, a.address, a.zip, a.city, a.country
    );
    if let Some(p) = &a.contact_person {
        address.push(' ');
        address.push_str(&crate::tr!("history-attention", person = p.as_str()));
    }
    address
}

/// The design lines: each design's title and item over its rows.
fn designs_ui(ui: &mut Ui, language: Language, designs: &[DesignLine]) {
    ui.section_heading(&crate::tr!("history-designs"));
    for (i, d) in designs.iter().enumerate() {
        ui.label(RichText::new(format!("{} · {}", d.title, d.item)).strong());
        lines_grid(("ordered-design", i), 5).show(ui, |ui| {
            head_row(
                ui,
                [
                    crate::tr!("history-col-size"),
                    crate::tr!("history-col-qty"),
                    crate::tr!("history-col-name"),
                    crate::tr!("history-col-number"),
                    crate::tr!("history-col-values"),
                ],
            );
            for r in &d.rows {
                ui.label(&r.size);
                ui.label(language.integer(r.quantity));
                ui.label(&r.name);
                ui.label(&r.number);
                ui.label(&r.values);
                ui.end_row();
            }
        });
    }
}

/// The loose transfers, a row a logo.
fn logos_ui(ui: &mut Ui, language: Language, logos: &[LogoRow]) {
    ui.section_heading(&crate::tr!("history-loose-transfers"));
    lines_grid("ordered-logos", 4).show(ui, |ui| {
        head_row(
            ui,
            [
                crate::tr!("history-col-logo"),
                crate::tr!("history-col-item"),
                crate::tr!("history-col-qty"),
                crate::tr!("history-col-value"),
            ],
        );
        for l in logos {
            ui.label(&l.title);
            ui.label(l.item.to_string());
            ui.label(language.integer(l.quantity));
            ui.label(&l.value);
            ui.end_row();
        }
    });
}

/// A striped grid of order lines, `columns` wide.
fn lines_grid(id: impl std::hash::Hash + std::fmt::Debug, columns: usize) -> egui::Grid {
    egui::Grid::new(id)
        .striped(true)
        .num_columns(columns)
        .spacing([space::XL, space::XS])
}

/// A grid's row of column titles.
fn head_row<const N: usize>(ui: &mut Ui, titles: [String; N]) {
    for title in titles {
        ui.label(RichText::new(title).small().strong());
    }
    ui.end_row();
}

/// The subtotal, VAT and total, as the service computed them.
fn totals_ui(ui: &mut Ui, language: Language, order: &Order, estimate: Option<&PlacedEstimate>) {
    egui::Grid::new("order-totals")
        .num_columns(2)
        .spacing([space::XL, space::XS])
        .show(ui, |ui| {
            let c = &order.currency;
            total_row(
                ui,
                &crate::tr!("history-subtotal"),
                &language.money(order.sub_total, c),
                false,
            );
            total_row(
                ui,
                &crate::tr!("history-vat", rate = language.plain_number(order.vat_rate)),
                &language.money(order.vat, c),
                false,
            );
            total_row(
                ui,
                &crate::tr!("history-total"),
                &language.money(order.total, c),
                true,
            );
        });
    ui.muted_small(&crate::tr!("history-computed-by-service"));
    // The service billed another total than the order was placed with: said beside it, with
    // what the estimate could not price.
    if let Some(e) = estimate.filter(|e| e.total != order.total || e.currency != order.currency) {
        let t = theme::tokens(ui.ctx());
        let said = crate::tr!(
            "history-estimate-differs",
            estimate = language.money(e.total, &e.currency),
            billed = language.money(order.total, &order.currency)
        );
        ui.label(RichText::new(said).color(t.warning));
        if !e.left_out.is_empty() {
            ui.muted_small(&crate::tr!("history-estimate-left-out"));
            for part in &e.left_out {
                ui.muted_small(&format!("• {part}"));
            }
        }
    }
}

fn fact(ui: &mut Ui, label: &str, value: &str) {
    ui.muted(label);
    ui.add(egui::Label::new(value).wrap());
}

fn total_row(ui: &mut Ui, label: &str, value: &str, strong: bool) {
    if strong {
        ui.label(RichText::new(label).strong());
        ui.label(RichText::new(value).strong());
    } else {
        ui.label(label);
        ui.label(value);
    }
    ui.end_row();
}
