//! The demo order: the finished kit for 20 players and loose number transfers, on a design
//! and a number logo the caller names (the backend names the built-in sandbox's, see
//! `backend::SandboxDemo`). The screenshots of `--screen orders` and `--screen history` show it.

use crate::api::{DesignId, LogoId, LogoType};
use crate::orders::form::{AddressForm, DesignForm, DigitForm, DraftForm, LogoForm};
use crate::orders::roster::{DEMO_ROSTER, parse_roster};

/// The demo order on `design` (with [`DEMO_ROSTER`]'s rows) and the number logo
/// `number_logo` (digits 7 and 10).
pub fn demo_form(design: DesignId, number_logo: LogoId) -> DraftForm {
    DraftForm {
        reference: "PO-2026-114 U15 kits".into(),
        email: "kit@nordby-if.dk".into(),
        contact_name: "Mette Lund".into(),
        comment: "Deliver before the spring season".into(),
        address: AddressForm {
            name: "Nordby IF".into(),
            street: "Stadionvej 1".into(),
            zip: "6700".into(),
            city: "Esbjerg".into(),
            country: "DK".into(),
            contact_person: "Mette Lund".into(),
        },
        designs: vec![DesignForm {
            reference: design.to_string(),
            rows: parse_roster(DEMO_ROSTER).rows,
            ..DesignForm::default()
        }],
        logos: vec![LogoForm {
            reference: number_logo.to_string(),
            logo_type: Some(LogoType::NumberLogo),
            digits: vec![
                DigitForm {
                    digit: "7".into(),
                    quantity: "10".into(),
                    storage: "2".into(),
                },
                DigitForm {
                    digit: "10".into(),
                    quantity: "4".into(),
                    storage: String::new(),
                },
            ],
            ..LogoForm::default()
        }],
        ..DraftForm::default()
    }
}
