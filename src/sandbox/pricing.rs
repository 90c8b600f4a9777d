//! The sandbox's price list: logo price tiers and fees from size, ink count and transfer
//! method. Every amount is a [`Decimal`] in DKK. The service's rules that apply those prices
//! (tiers, fees, logo and design lines, digits, rounding, totals) and the tables the API does
//! not give (heating fees, VAT by country, [`crate::pricing::facts`]) are in
//! [`crate::pricing`], shared with the app's estimate. Nothing outside `sandbox/` uses this
//! module (`tests/architecture.rs`).
//!
//! The formula (documented in `docs/spec-gaps.md`, with a worked example that the tests
//! below reproduce):
//!
//! - area in cm² = round₂(width mm × height mm / 100);
//! - base unit price = method base + method price per cm² × area + method price per extra
//!   ink × (inks − 1);
//! - tier price = round₂(base unit price × tier factor) for the tiers in [`TIERS`];
//! - transfer logos carry two fees: a `startup` fee (applies when the ordered quantity
//!   reaches its `minQuantity`) and a colour-separation `fee` whose `minQuantity` is the ink
//!   count (a multiplier). Placeholder logos (text, name, number) carry no fees.

use rust_decimal::Decimal;
use rust_decimal::prelude::FromPrimitive;

use crate::api::{Fee, FeeType, LogoType, PriceTier};
use crate::pricing::round2;

/// Currency of every amount.
pub const CURRENCY: &str = "DKK";

/// Price range quoted for a vectorize task (DKK); a finished task costs the middle of it.
pub const VECTORIZE_MIN_PRICE: i64 = 250;
/// See [`VECTORIZE_MIN_PRICE`].
pub const VECTORIZE_MAX_PRICE: i64 = 750;

/// Price tiers: from `minQuantity` on, the base unit price is multiplied by the factor
/// (given in hundredths).
pub const TIERS: [(i64, i64); 6] = [(1, 100), (10, 85), (25, 70), (50, 60), (100, 50), (250, 42)];

/// A transfer method the sandbox knows, with its price parameters (all in DKK, given in øre,
/// i.e. hundredths).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Method {
    /// The `transferMethodKey`.
    pub key: &'static str,
    /// Base unit price.
    pub base: i64,
    /// Price per cm² of print area.
    pub per_cm2: i64,
    /// Price per ink beyond the first.
    pub per_extra_ink: i64,
    /// Smallest ordered quantity at which the startup fee applies.
    pub startup_min_quantity: i64,
    /// The startup fee.
    pub startup_fee: i64,
    /// Colour-separation fee per ink.
    pub separation_fee: i64,
}

/// The known transfer methods. `VAND SPORT` is the default for new uploads.
pub const METHODS: [Method; 2] = [
    Method {
        key: "VAND SPORT",
        base: 900,
        per_cm2: 8,
        per_extra_ink: 200,
        startup_min_quantity: 1,
        startup_fee: 9500,
        separation_fee: 2000,
    },
    Method {
        key: "INDUSTRI",
        base: 400,
        per_cm2: 5,
        per_extra_ink: 100,
        startup_min_quantity: 50,
        startup_fee: 35000,
        separation_fee: 3500,
    },
];

/// The method given to fresh uploads until `updatemethod` confirms one.
pub const DEFAULT_METHOD: &str = "VAND SPORT";

/// Looks a method up by key, ignoring ASCII case and surrounding blanks.
pub fn method(key: &str) -> Option<&'static Method> {
    let key = key.trim();
    METHODS.iter().find(|m| m.key.eq_ignore_ascii_case(key))
}

/// The known method keys, comma-separated, for error messages.
pub fn method_keys() -> String {
    METHODS.iter().map(|m| m.key).collect::<Vec<_>>().join(", ")
}

/// An amount given in hundredths.
fn cents(v: i64) -> Decimal {
    Decimal::new(v, 2)
}

/// A millimetre value as a decimal rounded to 2 places (non-finite values count as 0).
fn mm(v: f64) -> Decimal {
    Decimal::from_f64(v).map(round2).unwrap_or_default()
}

/// Print area in cm², rounded to 2 decimals.
pub fn area_cm2(width_mm: f64, height_mm: f64) -> Decimal {
    round2(mm(width_mm) * mm(height_mm) / Decimal::ONE_HUNDRED)
}

/// Price tiers and fees of a logo.
pub fn logo_pricing(
    kind: &LogoType,
    method_key: &str,
    width_mm: f64,
    height_mm: f64,
    inks: usize,
) -> (Vec<PriceTier>, Vec<Fee>) {
    let m = method(method_key).unwrap_or(&METHODS[0]);
    let inks = i64::try_from(inks.max(1)).unwrap_or(1);
    let base = cents(m.base)
        + cents(m.per_cm2) * area_cm2(width_mm, height_mm)
        + cents(m.per_extra_ink) * Decimal::from(inks - 1);
    let prices = TIERS
        .iter()
        .map(|&(min, factor)| PriceTier {
            min_quantity: min,
            unit_price: round2(base * cents(factor)),
            currency: CURRENCY.to_owned(),
        })
        .collect();
    let fees = if *kind == LogoType::Transfer {
        let code = m.key.split_whitespace().next().unwrap_or("X");
        vec![
            Fee {
                fee_type: FeeType::Startup,
                sku: format!("STARTUP-{code}"),
                name: "Opstartsgebyr".to_owned(),
                prices: vec![PriceTier {
                    min_quantity: m.startup_min_quantity,
                    unit_price: cents(m.startup_fee),
                    currency: CURRENCY.to_owned(),
                }],
            },
            Fee {
                fee_type: FeeType::Fee,
                sku: "COLSEP".to_owned(),
                name: "Farveseparation".to_owned(),
                prices: vec![PriceTier {
                    min_quantity: inks,
                    unit_price: cents(m.separation_fee),
                    currency: CURRENCY.to_owned(),
                }],
            },
        ]
    } else {
        Vec::new()
    };
    (prices, fees)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pricing::facts::{heating, vat};
    use crate::pricing::{design_line, fees_total, logo_line, totals, unit_price_at};
    use std::str::FromStr;

    fn d(s: &str) -> Decimal {
        Decimal::from_str(s).unwrap()
    }

    #[test]
    fn worked_example_from_the_docs() {
        // 80 × 60 mm, 2 inks, VAND SPORT (see docs/spec-gaps.md, "Pricing").
        let (prices, fees) = logo_pricing(&LogoType::Transfer, "VAND SPORT", 80.0, 60.0, 2);
        let units: Vec<_> = prices.iter().map(|t| t.unit_price).collect();
        assert_eq!(
            units,
            ["14.84", "12.61", "10.39", "8.90", "7.42", "6.23"].map(d)
        );
        // 30 ordered + 5 to storage = 35 units → tier 25.
        assert_eq!(unit_price_at(&prices, 35), d("10.39"));
        assert_eq!(fees_total(&fees, 35), d("135.00"));
        let line = logo_line(&prices, &fees, 35);
        assert_eq!(line, d("498.65"));
        let t = totals([line], vat("DK").rate);
        assert_eq!(t.vat_rate, d("25"));
        assert_eq!(t.vat, d("124.66"));
        assert_eq!(t.total, d("623.31"));
    }

    #[test]
    fn tiers_pick_the_largest_reached_threshold() {
        let (prices, _) = logo_pricing(&LogoType::Transfer, "VAND SPORT", 80.0, 60.0, 2);
        assert_eq!(unit_price_at(&prices, 1), d("14.84"));
        assert_eq!(unit_price_at(&prices, 9), d("14.84"));
        assert_eq!(unit_price_at(&prices, 10), d("12.61"));
        assert_eq!(unit_price_at(&prices, 249), d("7.42"));
        assert_eq!(unit_price_at(&prices, 10_000), d("6.23"));
        assert_eq!(unit_price_at(&prices, 0), d("14.84"));
        assert_eq!(unit_price_at(&[], 5), Decimal::ZERO);
    }

    #[test]
    fn startup_fee_has_a_threshold_and_other_fees_multiply() {
        let (_, fees) = logo_pricing(&LogoType::Transfer, "INDUSTRI", 50.0, 50.0, 3);
        // Separation 35.00 × 3 inks always; startup 350.00 only from 50 units.
        assert_eq!(fees_total(&fees, 49), d("105.00"));
        assert_eq!(fees_total(&fees, 50), d("455.00"));
        let (_, none) = logo_pricing(&LogoType::NumberLogo, "VAND SPORT", 50.0, 50.0, 1);
        assert!(none.is_empty());
    }

    #[test]
    fn design_line_prices_placements_and_heating() {
        let (a, _) = logo_pricing(&LogoType::Transfer, "VAND SPORT", 80.0, 60.0, 2);
        let (b, _) = logo_pricing(&LogoType::NumberLogo, "VAND SPORT", 100.0, 150.0, 1);
        // 12 garments: tier 10 for both; heating H2 = 5.00 per garment.
        let h2 = heating(Some("H2")).per_garment();
        let line = design_line([a.as_slice(), b.as_slice()], h2, 12);
        let expected =
            round2(unit_price_at(&a, 12) * d("12") + unit_price_at(&b, 12) * d("12") + d("60.00"));
        assert_eq!(line, expected);
        assert_eq!(line, d("425.52")); // (12.61 + 17.85 + 5.00) × 12
    }

    #[test]
    fn methods_are_found_case_insensitively() {
        assert_eq!(method("vand sport").map(|m| m.key), Some("VAND SPORT"));
        assert!(method("SCREEN").is_none());
        assert_eq!(method_keys(), "VAND SPORT, INDUSTRI");
    }
}
