//! Tables of the service that its API does not give: the heating fee per design heating code,
//! and the VAT rate per delivery country.
//!
//! A design names its `heatingCode` ("a fee code used in pricing", public-facts.md), but no
//! endpoint says what a code costs; an order's VAT rate is only known once the service has
//! completed it. The values below are the sandbox's (docs/spec-gaps.md, "Pricing"); the live
//! service may charge otherwise. So the app's estimate uses them and says so: it names a
//! heating code not in [`HEATING_FEES`] ("not known — not included", the estimate is then
//! partial) and calls the VAT rate of a country not in [`VAT_RATES`] a guess. The sandbox
//! charges nothing for an unknown code and [`DEFAULT_VAT`] for an unknown country.

use rust_decimal::Decimal;

/// Heating fee per garment by a design's `heatingCode`, in hundredths (DKK).
pub const HEATING_FEES: [(&str, i64); 3] = [("H1", 350), ("H2", 500), ("H3", 750)];

/// VAT rates in hundredths of a percent by delivery country (ISO 3166-1 alpha-2).
pub const VAT_RATES: [(&str, i64); 9] = [
    ("DK", 2500),
    ("SE", 2500),
    ("NO", 2500),
    ("DE", 1900),
    ("FI", 2550),
    ("NL", 2100),
    ("ES", 2100),
    ("FR", 2000),
    ("GB", 2000),
];

/// VAT rate (hundredths of a percent) the sandbox charges for a country not in [`VAT_RATES`].
pub const DEFAULT_VAT: i64 = 2500;

/// What a design's heating code costs per garment.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Heating {
    /// The design names no heating code (absent or blank): no fee.
    NoCode,
    /// A known code and its fee per garment.
    Fee(Decimal),
    /// A code not in [`HEATING_FEES`] (as given, trimmed): its fee is not known.
    Unknown(String),
}

impl Heating {
    /// The fee per garment, 0 when there is no code or it is not known (the sandbox's rule).
    pub fn per_garment(&self) -> Decimal {
        match self {
            Heating::Fee(fee) => *fee,
            Heating::NoCode | Heating::Unknown(_) => Decimal::ZERO,
        }
    }
}

/// The heating fee of a design's heating code (any case, blanks around ignored).
pub fn heating(code: Option<&str>) -> Heating {
    let Some(code) = code.map(str::trim).filter(|c| !c.is_empty()) else {
        return Heating::NoCode;
    };
    HEATING_FEES
        .iter()
        .find(|(k, _)| k.eq_ignore_ascii_case(code))
        .map_or_else(
            || Heating::Unknown(code.to_owned()),
            |&(_, v)| Heating::Fee(Decimal::new(v, 2)),
        )
}

/// The VAT rate for a delivery country.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Vat {
    /// The rate in percent (normalized: `25`, `25.5`).
    pub rate: Decimal,
    /// Whether the country is in [`VAT_RATES`]; otherwise the rate is [`DEFAULT_VAT`], a guess.
    pub known: bool,
}

/// The VAT rate for a delivery country (2-letter code, any case, blanks around ignored).
pub fn vat(country: &str) -> Vat {
    let c = country.trim();
    match VAT_RATES.iter().find(|(k, _)| k.eq_ignore_ascii_case(c)) {
        Some(&(_, v)) => Vat {
            rate: Decimal::new(v, 2).normalize(),
            known: true,
        },
        None => Vat {
            rate: Decimal::new(DEFAULT_VAT, 2).normalize(),
            known: false,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::str::FromStr;

    fn d(s: &str) -> Decimal {
        Decimal::from_str(s).unwrap()
    }

    #[test]
    fn heating_codes() {
        assert_eq!(heating(Some("H2")), Heating::Fee(d("5.00")));
        assert_eq!(heating(Some(" h3 ")), Heating::Fee(d("7.50")));
        assert_eq!(heating(None), Heating::NoCode);
        assert_eq!(heating(Some("  ")), Heating::NoCode);
        assert_eq!(heating(Some(" H9")), Heating::Unknown("H9".into()));
        assert_eq!(heating(Some("H9")).per_garment(), Decimal::ZERO);
        assert_eq!(heating(Some("H1")).per_garment(), d("3.50"));
    }

    #[test]
    fn vat_table() {
        let rate = |c: &str| vat(c).rate.to_string();
        assert_eq!(rate("dk"), "25");
        assert_eq!(rate("DE"), "19");
        assert_eq!(rate("FI"), "25.5");
        assert_eq!(rate("NL"), "21");
        assert_eq!(rate(" GB "), "20");
        assert!(vat("SE").known);
        assert_eq!(
            vat("US"),
            Vat {
                rate: d("25"),
                known: false
            }
        );
        assert!(!vat("").known);
    }
}
