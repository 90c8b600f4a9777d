//! Fetching what the lines name: a design's title and placeholders, a logo's kind and prices.

use super::Composer;
use crate::api::{DesignId, DesignRef};
use crate::api::{Logo, LogoId, LogoItemNo};
use crate::backend::designs::{DesignView, DesignsCommand, Opener};
use crate::backend::{Command, LogoRef, LogosCommand, RequestId, UserError};
use crate::orders::estimate::{DesignPrices, Estimate, estimate};
use crate::orders::form::{DesignForm, DigitForm, DraftForm, LogoForm, PlaceholderForm, RowForm};
use crate::ui::{Shared, Slot};
use std::collections::HashMap;

/// The composer's prices part: what the look-ups taught, for the issues and the estimate.
#[derive(Default)]
pub(super) struct Known {
    /// Logos known in full (kinds, prices, fees).
    pub logos: HashMap<crate::api::LogoRef, Logo>,
    /// Designs known with their placements' logos in full (for the estimate).
    pub designs: HashMap<DesignId, DesignPrices>,
}

impl Known {
    /// The estimate of `form` from what is known (no request).
    pub fn estimate(&self, form: &DraftForm) -> Estimate {
        estimate(form, &self.logos, &self.designs)
    }
}

impl Composer {
    /// Fetches the designs' and logos' details again (after loading a draft).
    pub(super) fn refetch(&mut self, shared: &mut Shared<'_>) {
        self.refetch_designs(shared);
        for i in 0..self.form.logos.len() {
            self.fetch_logo(i, shared);
        }
    }

    /// Fetches what the lines name that is not known yet (a form another desk saved: its new
    /// lines), without asking again for what is.
    pub(super) fn fetch_unknown(&mut self, shared: &mut Shared<'_>) {
        for i in 0..self.form.designs.len() {
            let known = match self.form.designs[i].design_ref() {
                DesignRef::Id(id) => self.known.designs.contains_key(&id),
                DesignRef::Mul(mul) => self
                    .known
                    .designs
                    .values()
                    .any(|p| p.design.design_item_no.as_ref() == Some(&mul)),
            };
            if !known {
                self.fetch_design(i, shared);
            }
        }
        for i in 0..self.form.logos.len() {
            if !self
                .known
                .logos
                .contains_key(&self.form.logos[i].logo_ref())
            {
                self.fetch_logo(i, shared);
            }
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
            Command::Designs(DesignsCommand::Open {
                request,
                target,
                opener: Opener::Composer,
            })
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
            Command::Logos(LogosCommand::Fetch { request, target })
        });
        self.logos.sync(&self.form.logos);
        if let Some(line) = self.logos.id(i) {
            self.logos.requests.insert(id, line);
        }
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

    /// A design's details arrived.
    pub(in crate::ui::orders) fn on_design(&mut self, request: RequestId, info: Box<DesignView>) {
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
        d.title = info.design.title.clone();
        d.placeholders = info
            .first_views()
            .map(|(logo, view)| PlaceholderForm {
                logo_id: logo.logo_id.0,
                title: logo.title.clone(),
                logo_type: logo.logo_type.clone(),
                view: view.to_owned(),
            })
            .collect();
        let info = *info;
        let logos = info.priced.into_iter().map(|l| (l.logo_id, l)).collect();
        self.known.designs.insert(
            info.design.design_id,
            DesignPrices {
                design: info.design.clone(),
                logos,
            },
        );
        let note = if info.design.is_orderable() {
            None
        } else {
            let status = info.design.status.as_ref().map_or_else(
                || crate::tr!("composer-no-item-number"),
                crate::ui::names::design_status,
            );
            Some(crate::tr!("composer-design-not-final", status = status))
        };
        match note {
            Some(n) => self.lines.notes.insert(line, n),
            None => self.lines.notes.remove(&line),
        };
    }

    /// A design or logo of a line could not be fetched: said beside the line. Whether
    /// `request` was one of those.
    pub(in crate::ui::orders) fn on_fetch_failed(
        &mut self,
        request: RequestId,
        error: &UserError,
    ) -> bool {
        if let Some(line) = self.lines.requests.remove(&request) {
            if self.lines.index(line).is_some() {
                let reason = error.message.as_str();
                let note = crate::tr!("composer-design-fetch-failed", reason = reason);
                self.lines.notes.insert(line, note);
            }
            return true;
        }
        if let Some(line) = self.logos.requests.remove(&request) {
            if self.logos.index(line).is_some() {
                self.logos.notes.insert(line, error.message.clone());
            }
            return true;
        }
        false
    }

    /// A logo's details arrived.
    pub(in crate::ui::orders) fn on_logo(&mut self, request: RequestId, logo: Box<Logo>) {
        let Some(line) = self.logos.requests.remove(&request) else {
            return;
        };
        let Some(i) = self.logos.index(line) else {
            return;
        };
        let Some(l) = self.form.logos.get_mut(i) else {
            return;
        };
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
        self.logos.notes.remove(&line);
        self.known.logos.insert(l.logo_ref(), *logo);
    }
}
