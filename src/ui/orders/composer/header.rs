//! The order's header fields and its delivery address, with the country picker.

use super::Composer;
use super::cells::field;
use crate::api::ValidationIssue;
use crate::orders::countries;
use crate::ui::theme::space;
use crate::ui::widgets::UiExt as _;
use egui::Ui;

impl Composer {
    /// The reference, contacts and comment, and the delivery address.
    pub(super) fn header_ui(&mut self, ui: &mut Ui, issues: &[ValidationIssue]) {
        let f = &mut self.form;
        ui.surface(|ui| {
            ui.section_heading("Order");
            ui.add_space(space::S);
            egui::Grid::new("order-header")
                .num_columns(4)
                .spacing([space::L, space::S])
                .show(ui, |ui| {
                    field(
                        ui,
                        "Reference *",
                        &mut f.reference,
                        "PO number or your own reference",
                        issues,
                        "reference",
                    );
                    field(
                        ui,
                        "Organization",
                        &mut f.organization,
                        "own (or a child's id)",
                        issues,
                        "organizationId",
                    );
                    ui.end_row();
                    field(
                        ui,
                        "Notification e-mail",
                        &mut f.email,
                        "orders@club.dk",
                        issues,
                        "email",
                    );
                    field(
                        ui,
                        "Contact name",
                        &mut f.contact_name,
                        "",
                        issues,
                        "contactName",
                    );
                    ui.end_row();
                    field(
                        ui,
                        "Origin of delivery",
                        &mut f.origin_of_delivery,
                        "e.g. Webshop",
                        issues,
                        "originOfDelivery",
                    );
                    field(ui, "Comment", &mut f.comment, "", issues, "comment");
                    ui.end_row();
                });
            ui.add_space(space::M);
            ui.section_heading("Delivery address");
            ui.add_space(space::S);
            let a = &mut f.address;
            egui::Grid::new("order-address")
                .num_columns(4)
                .spacing([space::L, space::S])
                .show(ui, |ui| {
                    field(
                        ui,
                        "Name *",
                        &mut a.name,
                        "Club or recipient",
                        issues,
                        "deliveryAddress.name",
                    );
                    field(
                        ui,
                        "Street *",
                        &mut a.street,
                        "",
                        issues,
                        "deliveryAddress.address",
                    );
                    ui.end_row();
                    field(
                        ui,
                        "Postal code *",
                        &mut a.zip,
                        "",
                        issues,
                        "deliveryAddress.zip",
                    );
                    field(
                        ui,
                        "City *",
                        &mut a.city,
                        "",
                        issues,
                        "deliveryAddress.city",
                    );
                    ui.end_row();
                    ui.label("Country *");
                    ui.vertical(|ui| {
                        country_picker(ui, &mut a.country, &mut self.country_query);
                        ui.problem_at(issues, "deliveryAddress.country");
                    });
                    field(
                        ui,
                        "Contact person",
                        &mut a.contact_person,
                        "",
                        issues,
                        "deliveryAddress.contactPerson",
                    );
                    ui.end_row();
                });
        });
    }
}

/// The country: a searchable list of names and codes.
fn country_picker(ui: &mut Ui, code: &mut String, query: &mut String) {
    let shown = match countries::name_of(code) {
        Some(name) => format!("{name} ({})", code.trim().to_ascii_uppercase()),
        None if code.trim().is_empty() => "Choose…".to_owned(),
        None => code.clone(),
    };
    egui::ComboBox::from_id_salt("country")
        .selected_text(shown)
        .width(220.0)
        .height(280.0)
        .show_ui(ui, |ui| {
            ui.add(egui::TextEdit::singleline(query).hint_text("Search name or code"));
            for (c, n) in countries::search(query) {
                if ui
                    .selectable_label(code.eq_ignore_ascii_case(c), format!("{n} ({c})"))
                    .clicked()
                {
                    *code = c.to_owned();
                    query.clear();
                }
            }
        });
}
