//! The order's header fields and its delivery address, with the country picker.

use super::Composer;
use super::cells::field;
use crate::api::ValidationIssue;
use crate::locale::Language;
use crate::orders::countries;
use crate::orders::form::AddressForm;
use crate::ui::theme::{control, space};
use crate::ui::widgets::UiExt as _;
use egui::Ui;

impl Composer {
    /// The reference, contacts and comment, and the delivery address.
    pub(super) fn header_ui(
        &mut self,
        ui: &mut Ui,
        issues: &[ValidationIssue],
        language: Language,
    ) {
        let f = &mut self.form;
        ui.surface(|ui| {
            ui.section_heading(&crate::tr!("composer-order"));
            ui.add_space(space::S);
            egui::Grid::new("order-header")
                .num_columns(4)
                .spacing([space::L, space::S])
                .show(ui, |ui| {
                    field(
                        ui,
                        &crate::tr!("composer-field-reference"),
                        &mut f.reference,
                        &crate::tr!("composer-field-reference-hint"),
                        issues,
                        "reference",
                    );
                    field(
                        ui,
                        &crate::tr!("composer-field-organization"),
                        &mut f.organization,
                        &crate::tr!("composer-field-organization-hint"),
                        issues,
                        "organizationId",
                    );
                    ui.end_row();
                    field(
                        ui,
                        &crate::tr!("composer-field-email"),
                        &mut f.email,
                        &crate::tr!("composer-field-email-hint"),
                        issues,
                        "email",
                    );
                    field(
                        ui,
                        &crate::tr!("composer-field-contact-name"),
                        &mut f.contact_name,
                        "",
                        issues,
                        "contactName",
                    );
                    ui.end_row();
                    field(
                        ui,
                        &crate::tr!("composer-field-origin"),
                        &mut f.origin_of_delivery,
                        &crate::tr!("composer-field-origin-hint"),
                        issues,
                        "originOfDelivery",
                    );
                    field(
                        ui,
                        &crate::tr!("composer-field-comment"),
                        &mut f.comment,
                        "",
                        issues,
                        "comment",
                    );
                    ui.end_row();
                });
            ui.add_space(space::M);
            ui.horizontal(|ui| {
                ui.section_heading(&crate::tr!("composer-delivery-address"));
                self.address.book.ui(ui, &mut f.address, language);
            });
            ui.add_space(space::S);
            let a = &mut f.address;
            egui::Grid::new("order-address")
                .num_columns(4)
                .spacing([space::L, space::S])
                .show(ui, |ui| {
                    field(
                        ui,
                        &crate::tr!("composer-field-name"),
                        &mut a.name,
                        &crate::tr!("composer-field-name-hint"),
                        issues,
                        "deliveryAddress.name",
                    );
                    field(
                        ui,
                        &crate::tr!("composer-field-street"),
                        &mut a.street,
                        "",
                        issues,
                        "deliveryAddress.address",
                    );
                    ui.end_row();
                    field(
                        ui,
                        &crate::tr!("composer-field-zip"),
                        &mut a.zip,
                        "",
                        issues,
                        "deliveryAddress.zip",
                    );
                    field(
                        ui,
                        &crate::tr!("composer-field-city"),
                        &mut a.city,
                        "",
                        issues,
                        "deliveryAddress.city",
                    );
                    ui.end_row();
                    ui.field_label(&crate::tr!("composer-field-country"));
                    ui.vertical(|ui| {
                        let picker = &mut self.address.country;
                        if picker.ui(ui, &mut a.country, language) {
                            self.reveal.show("deliveryAddress.country".to_owned());
                        }
                        ui.problem_line(
                            issues
                                .iter()
                                .find(|i| i.path == "deliveryAddress.country")
                                .map(|i| i.message.as_str()),
                        );
                    });
                    field(
                        ui,
                        &crate::tr!("composer-field-contact-person"),
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

/// The composer's address part: the address book and the country picker.
#[derive(Default)]
pub(super) struct AddressPart {
    /// Recent delivery addresses, offered in the address section.
    pub(super) book: AddressBook,
    /// The country picker's search and whether its list is open.
    pub(super) country: CountryPicker,
}

impl AddressPart {
    /// The country of the newest order's delivery address (a new draft's default).
    pub(super) fn last_country(&self) -> Option<&str> {
        self.book
            .entries
            .first()
            .map(|a| a.country.as_str())
            .filter(|c| !c.is_empty())
    }
}

/// The address book: the delivery addresses of past orders (newest first, each once, read
/// by the backend), offered as a searchable list that fills the address fields.
#[derive(Default)]
pub(super) struct AddressBook {
    pub(super) entries: Vec<AddressForm>,
    query: String,
}

impl AddressBook {
    /// "Use a recent address…" (only when there is one); picking one fills `address`.
    fn ui(&mut self, ui: &mut Ui, address: &mut AddressForm, language: Language) {
        if self.entries.is_empty() {
            return;
        }
        let mut picked = None;
        let list = egui::ComboBox::from_id_salt("address-book")
            .selected_text(crate::tr!("composer-recent-address"))
            .width(control::WIDE)
            .height(control::ADDRESS_BOOK_HEIGHT)
            .close_behavior(egui::PopupCloseBehavior::CloseOnClickOutside)
            .show_ui(ui, |ui| {
                ui.add(
                    egui::TextEdit::singleline(&mut self.query)
                        .hint_text(crate::tr!("composer-address-search-hint")),
                )
                .accessible_name(crate::tr!("composer-address-search"));
                let hits: Vec<&AddressForm> = self
                    .entries
                    .iter()
                    .filter(|a| a.matches(&self.query))
                    .collect();
                if hits.is_empty() {
                    ui.weak(crate::tr!("composer-address-none"));
                }
                for a in hits {
                    let country = countries::name(&a.country, language).unwrap_or(&a.country);
                    let line = format!("{} ({country})", a.one_line());
                    if ui.selectable_label(false, line).clicked() {
                        picked = Some(a.clone());
                        ui.close();
                    }
                }
            });
        list.response
            .accessible_name(crate::tr!("composer-recent-addresses"));
        if let Some(a) = picked {
            *address = a;
            self.query.clear();
        }
    }
}

/// The country picker: a list of every country by name in the person's language, with a
/// search box that has the keyboard as soon as the list opens.
#[derive(Default)]
pub(super) struct CountryPicker {
    query: String,
    /// The list was open last frame (so the search box takes focus once, when it opens).
    open: bool,
}

impl CountryPicker {
    /// Draws the picker for `code`; answers whether the list closed this frame (the field
    /// was left: its problem may show). Typing searches Danish and English names, codes and
    /// aliases; Enter picks the first match, Escape closes the list.
    pub(super) fn ui(&mut self, ui: &mut Ui, code: &mut String, language: Language) -> bool {
        let shown = match countries::name(code, language) {
            Some(name) => format!("{name} ({})", code.trim().to_ascii_uppercase()),
            None if code.trim().is_empty() => crate::tr!("composer-country-choose"),
            None => code.clone(),
        };
        let was_open = self.open;
        let inner = egui::ComboBox::from_id_salt("country")
            .selected_text(shown)
            .width(control::WIDE)
            .height(control::COUNTRY_HEIGHT)
            // A click into the search box must not close the list.
            .close_behavior(egui::PopupCloseBehavior::CloseOnClickOutside)
            .show_ui(ui, |ui| {
                let search = ui
                    .add(
                        egui::TextEdit::singleline(&mut self.query)
                            .hint_text(crate::tr!("composer-country-search-hint")),
                    )
                    .accessible_name(crate::tr!("composer-country-search"));
                if !was_open {
                    search.request_focus();
                }
                let hits = countries::search(&self.query, language);
                let enter = search.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
                let mut picked = enter.then(|| hits.first().map(|(c, _)| *c)).flatten();
                if hits.is_empty() {
                    ui.weak(crate::tr!("composer-country-none"));
                }
                for (c, n) in hits {
                    if ui
                        .selectable_label(code.eq_ignore_ascii_case(c), format!("{n} ({c})"))
                        .clicked()
                    {
                        picked = Some(c);
                    }
                }
                if let Some(c) = picked {
                    *code = c.to_owned();
                    ui.close();
                }
            });
        inner
            .response
            .accessible_name(crate::tr!("composer-country"));
        self.open = inner.inner.is_some();
        if was_open && !self.open {
            self.query.clear();
        }
        was_open && !self.open
    }
}
