//! Fetching what the lines name: a design's title and placeholders, a logo's kind and prices.

use super::Composer;
use crate::api::{Logo, LogoId, LogoItemNo};
use crate::backend::orders::{DesignInfo, OrdersCommand};
use crate::backend::{Command, LogoRef, RequestId, UserError};
use crate::orders::estimate::DesignPrices;
use crate::orders::form::{DesignForm, DigitForm, LogoForm, PlaceholderForm, RowForm};
use crate::ui::{Shared, Slot};

impl Composer {
    /// Fetches the designs' and logos' details again (after loading a draft).
    pub(super) fn refetch(&mut self, shared: &mut Shared<'_>) {
        self.refetch_designs(shared);
        for i in 0..self.form.logos.len() {
            self.fetch_logo(i, shared);
        }
    }

    /// Asks for design line `i`'s title and placeholders (not for an empty reference).
    pub(super) fn fetch_design(&mut self, i: usize, shared: &mut Shared<'_>) {
        let Some(d) = self.form.designs.get(i) else {
            return;
        };
        if d.reference.trim().is_empty() {
            return;
        }
        let target = d.design_ref();
        let label = crate::tr!("composer-fetching-design");
        let id = shared.request(Slot::ComposerLine, &label, |request| {
            Command::Orders(OrdersCommand::FetchDesign { request, target })
        });
        self.lines.sync(&self.form.designs);
        if let Some(line) = self.lines.id(i) {
            self.lines.requests.insert(id, line);
        }
    }

    /// Asks for logo line `i`'s kind and prices (not for a reference that is not a number).
    pub(super) fn fetch_logo(&mut self, i: usize, shared: &mut Shared<'_>) {
        let Some(l) = self.form.logos.get(i) else {
            return;
        };
        let target = match (l.by_item_no, l.reference.trim().parse::<i64>()) {
            (false, Ok(id)) => LogoRef::Id(LogoId(id)),
            (true, Ok(n)) => LogoRef::ItemNo(LogoItemNo(n)),
            _ => return,
        };
        let label = crate::tr!("composer-fetching-logo");
        let id = shared.request(Slot::ComposerLine, &label, |request| {
            Command::Orders(OrdersCommand::FetchLogo { request, target })
        });
        self.logo_requests.insert(id, i);
    }

    /// Adds a loose line for a logo (from the gallery's "Order…").
    pub fn add_logo_id(&mut self, logo: LogoId, shared: &mut Shared<'_>) {
        self.form.logos.push(LogoForm {
            reference: logo.0.to_string(),
            quantity: "1".into(),
            ..LogoForm::default()
        });
        self.fetch_logo(self.form.logos.len() - 1, shared);
    }

    /// Adds a design line (from the Designs screen's "Order…") with one instance row.
    pub fn add_design_id(&mut self, design: crate::api::DesignId, shared: &mut Shared<'_>) {
        self.push_design(design.to_string(), shared);
    }

    /// Adds a design line for `reference` (an id or item number) with one instance row, size M
    /// and quantity 1, and fetches the design's placements.
    pub(super) fn push_design(&mut self, reference: String, shared: &mut Shared<'_>) {
        self.form.designs.push(DesignForm {
            reference,
            rows: vec![RowForm {
                size: "M".into(),
                quantity: "1".into(),
                ..RowForm::default()
            }],
            ..DesignForm::default()
        });
        self.fetch_design(self.form.designs.len() - 1, shared);
    }

    /// Fetches every design line's details again (after one is removed).
    pub(super) fn refetch_designs(&mut self, shared: &mut Shared<'_>) {
        for i in 0..self.form.designs.len() {
            self.fetch_design(i, shared);
        }
    }

    /// A design's details arrived (or could not be fetched).
    pub(in crate::ui::orders) fn on_design(
        &mut self,
        request: RequestId,
        result: Result<Box<DesignInfo>, UserError>,
    ) {
        let Some(line) = self.lines.requests.remove(&request) else {
            return;
        };
        let Some(d) = self
            .lines
            .index(line)
            .and_then(|i| self.form.designs.get_mut(i))
        else {
            return;
        };
        match result {
            Ok(info) => {
                d.title = info.design.title.clone();
                let logos = info.logos.into_iter().map(|l| (l.logo_id, l)).collect();
                self.design_prices.insert(
                    info.design.design_id,
                    DesignPrices {
                        design: info.design.clone(),
                        logos,
                    },
                );
                d.placeholders = info
                    .placeholders
                    .into_iter()
                    .map(|p| PlaceholderForm {
                        logo_id: p.logo_id.0,
                        title: p.title,
                        logo_type: p.logo_type,
                        view: p.view,
                    })
                    .collect();
                let note = if info.design.is_orderable() {
                    None
                } else {
                    let status = info.design.status.as_ref().map_or_else(
                        || crate::tr!("composer-no-item-number"),
                        |s| s.as_str().to_owned(),
                    );
                    Some(crate::tr!("composer-design-not-final", status = status))
                };
                match note {
                    Some(n) => self.lines.notes.insert(line, n),
                    None => self.lines.notes.remove(&line),
                };
            }
            Err(e) => {
                self.lines.notes.insert(
                    line,
                    crate::tr!("composer-design-fetch-failed", reason = e.message),
                );
            }
        }
    }

    /// A logo's details arrived (or could not be fetched).
    pub(in crate::ui::orders) fn on_logo(
        &mut self,
        request: RequestId,
        result: Result<Box<Logo>, UserError>,
    ) {
        let Some(i) = self.logo_requests.remove(&request) else {
            return;
        };
        let Some(l) = self.form.logos.get_mut(i) else {
            return;
        };
        match result {
            Ok(logo) => {
                l.title = logo.title.clone();
                l.logo_type = Some(logo.logo_type.clone());
                if l.is_number_logo() && l.digits.is_empty() {
                    // A line of an order ordered again carries its digit as the value.
                    let v = l.value.trim();
                    let digit = if !v.is_empty() && v.chars().all(|c| c.is_ascii_digit()) {
                        std::mem::take(&mut l.value).trim().to_owned()
                    } else {
                        String::new()
                    };
                    l.digits.push(DigitForm {
                        digit,
                        quantity: std::mem::take(&mut l.quantity),
                        storage: String::new(),
                    });
                }
                self.logo_notes.remove(&i);
                self.known.insert(l.logo_ref(), *logo);
            }
            Err(e) => {
                self.logo_notes.insert(i, e.message);
            }
        }
    }
}
