//! The open order's exports: its confirmation PDF and its CSV, saved where the person
//! chooses (or in the downloads folder once a "Save as…" was closed) or copied, and what
//! became of them.

use super::{OpenOrder, answers};
use crate::api::{Order, TrackingRecord};
use crate::backend::orders::OrdersCommand;
use crate::backend::proofs::ProofsCommand;
use crate::backend::{Command, RequestId, SaveTo, UserError};
use crate::orders::csv::{BOM, order_csv};
use crate::store::{LocalOrder, OrderState};
use crate::ui::widgets::UiExt as _;
use crate::ui::{Shared, Slot};
use egui::Ui;
use std::path::Path;

/// Which export was not saved because "Save as…" was closed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum NotSaved {
    Csv,
    Confirmation,
}

impl NotSaved {
    fn sentence(self) -> String {
        match self {
            NotSaved::Csv => crate::tr!("history-csv-not-saved"),
            NotSaved::Confirmation => crate::tr!("history-confirmation-not-saved"),
        }
    }
}

impl OpenOrder {
    /// Its confirmation PDF is being saved.
    pub fn saving_pdf(&self) -> bool {
        self.saving_pdf.is_some()
    }

    /// The exports of an order the service returned: its confirmation PDF (once completed),
    /// its CSV saved or copied.
    pub(super) fn export_buttons_ui(
        &mut self,
        ui: &mut Ui,
        shared: &mut Shared<'_>,
        o: &LocalOrder,
        record: &TrackingRecord,
        order: &Order,
    ) {
        if o.state == OrderState::Completed
            && ui
                .add_enabled(
                    self.saving_pdf.is_none(),
                    egui::Button::new(crate::tr!("history-confirmation-pdf")),
                )
                .on_hover_text(crate::tr!("history-confirmation-pdf-hover"))
                .clicked()
        {
            self.save_confirmation(shared, record, order, SaveTo::Ask);
        }
        if ui
            .button(crate::tr!("history-export-csv"))
            .on_hover_text(crate::tr!("history-export-csv-hover"))
            .clicked()
        {
            self.export_csv(shared, record, order, SaveTo::Ask);
        }
        if ui.button(crate::tr!("history-copy-csv")).clicked() {
            copy_csv(ui, shared, record, order);
        }
    }

    /// Where the confirmation PDF went, and an export not saved (its "Save as…" closed) with
    /// a way to save it in the downloads folder instead.
    pub(super) fn export_notes_ui(
        &mut self,
        ui: &mut Ui,
        shared: &mut Shared<'_>,
        o: &LocalOrder,
        order: Option<&Order>,
    ) {
        if let Some(path) = &self.saved_pdf {
            ui.muted_small(&crate::tr!(
                "history-confirmation-saved",
                path = path.display().to_string()
            ));
        }
        let (Some(what), Some(record), Some(order)) = (self.not_saved, &o.record, order) else {
            return;
        };
        ui.horizontal_wrapped(|ui| {
            ui.muted_small(&what.sentence());
            if ui
                .small_button(crate::tr!("history-save-in-downloads"))
                .on_hover_text(crate::tr!("history-save-in-downloads-hover"))
                .clicked()
            {
                match what {
                    NotSaved::Csv => self.export_csv(shared, record, order, SaveTo::DefaultFolder),
                    NotSaved::Confirmation => {
                        self.save_confirmation(shared, record, order, SaveTo::DefaultFolder)
                    }
                }
            }
        });
    }

    /// The confirmation PDF of request `request` was saved at `path`.
    pub(in crate::ui::orders::history) fn on_confirmation_saved(
        &mut self,
        request: Option<RequestId>,
        path: &Path,
    ) {
        if answers(&mut self.saving_pdf, request) {
            self.saved_pdf = Some(path.to_owned());
        }
    }

    /// The person closed "Save as…" for the confirmation of request `request` without
    /// choosing a file.
    pub(in crate::ui::orders::history) fn on_confirmation_not_saved(
        &mut self,
        request: Option<RequestId>,
    ) {
        if answers(&mut self.saving_pdf, request) {
            self.not_saved = Some(NotSaved::Confirmation);
        }
    }

    /// The confirmation of request `request` could not be saved (the failure is said as a
    /// toast).
    pub(in crate::ui::orders::history) fn on_confirmation_failed(
        &mut self,
        request: Option<RequestId>,
    ) {
        answers(&mut self.saving_pdf, request);
    }

    /// The person closed "Save as…" for the newest CSV export (of this order, if it asked
    /// one).
    pub(in crate::ui::orders::history) fn on_csv_not_saved(&mut self) {
        if self.exported_csv {
            self.not_saved = Some(NotSaved::Csv);
        }
    }

    /// Asks the backend to make and save the order's confirmation.
    fn save_confirmation(
        &mut self,
        shared: &mut Shared<'_>,
        record: &TrackingRecord,
        order: &Order,
        to: SaveTo,
    ) {
        self.saved_pdf = None;
        self.not_saved = None;
        let id = self.id;
        let (order, tracking) = (Box::new(order.clone()), Some(record.id));
        let language = shared.language();
        let request = shared.request(
            Slot::OrderConfirmation,
            &crate::tr!("history-saving-confirmation"),
            |request| {
                Command::Proofs(ProofsCommand::Confirmation {
                    request,
                    order,
                    tracking,
                    to,
                    language,
                    local: Some(id),
                })
            },
        );
        self.saving_pdf = Some(request);
    }

    /// Writes the order as CSV in the person's language and asks the backend to save it.
    fn export_csv(
        &mut self,
        shared: &mut Shared<'_>,
        record: &TrackingRecord,
        order: &Order,
        to: SaveTo,
    ) {
        self.not_saved = None;
        self.exported_csv = true;
        let file_name = format!("order-{}.csv", order.order_number);
        match order_csv(record, order, shared.language()) {
            Ok(csv) => shared
                .backend
                .send(Command::Orders(OrdersCommand::ExportCsv {
                    to,
                    file_name,
                    csv,
                })),
            Err(e) => shared.notifications.error(&UserError::from_error(&e)),
        }
    }
}

/// Copies the order as CSV (without its byte order mark) for pasting elsewhere.
fn copy_csv(ui: &Ui, shared: &mut Shared<'_>, record: &TrackingRecord, order: &Order) {
    match order_csv(record, order, shared.language()) {
        Ok(csv) => {
            let text = csv.strip_prefix(BOM).unwrap_or(&csv);
            ui.ctx()
                .copy_text(String::from_utf8_lossy(text).into_owned());
            shared
                .notifications
                .success(crate::tr!("history-csv-copied"));
        }
        Err(e) => shared.notifications.error(&UserError::from_error(&e)),
    }
}
