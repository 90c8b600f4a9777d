//! The one pricing model of the service, shared by the sandbox and the app's estimate (the
//! app never imports the sandbox's price list, `tests/architecture.rs` checks it).
//!
//! The rules (public-facts.md, and docs/spec-gaps.md "Pricing" where it is silent):
//!
//! - the tier with the largest `minQuantity` reached sets the unit price;
//! - a `startup` fee applies from its `minQuantity`; any other fee is added `minQuantity` times;
//! - a NumberLogo's digit values are split into single digits, merged per digit in order of
//!   first appearance (docs/spec-gaps.md), and each digit is its own line;
//! - a design line: garments G = Σ instance quantities; each placement's logo at its unit
//!   price for G, × G; the design's heating fee per garment; no logo fees;
//! - amounts are rounded to 2 decimals, half away from zero; lines are rounded, the VAT once
//!   on the sub-total.
//!
//! Every price here comes from the logos themselves (their `prices` and `additionalFees`,
//! which the API gives), except two tables of the service that the API does not give: the
//! heating fee per code and the VAT rate per country, in [`facts`]. No price list lives here:
//! the sandbox's formula for logo tiers and fees is `sandbox::pricing`.

pub mod facts;

use std::ops::AddAssign;

use rust_decimal::{Decimal, RoundingStrategy};

use crate::api::{Fee, FeeType, PriceTier};

/// Rounds to 2 decimals, half away from zero.
pub fn round2(d: Decimal) -> Decimal {
    d.round_dp_with_strategy(2, RoundingStrategy::MidpointAwayFromZero)
}

/// Unit price for `quantity` units: the tier with the largest `minQuantity` not above the
/// quantity (the smallest tier when the quantity is below all of them; 0 without tiers).
pub fn unit_price_at(prices: &[PriceTier], quantity: i64) -> Decimal {
    prices
        .iter()
        .filter(|t| t.min_quantity <= quantity)
        .max_by_key(|t| t.min_quantity)
        .or_else(|| prices.iter().min_by_key(|t| t.min_quantity))
        .map(|t| t.unit_price)
        .unwrap_or_default()
}

/// What the fees of a line cost for `quantity` units: a `startup` fee costs the price of its
/// largest tier whose `minQuantity` the quantity reaches (nothing below all tiers); any other
/// fee costs price × `minQuantity` for each of its tiers, once per line.
pub fn fees_total(fees: &[Fee], quantity: i64) -> Decimal {
    fees.iter()
        .map(|f| match f.fee_type {
            FeeType::Startup => f
                .prices
                .iter()
                .filter(|t| t.min_quantity <= quantity)
                .max_by_key(|t| t.min_quantity)
                .map(|t| t.unit_price)
                .unwrap_or_default(),
            _ => f
                .prices
                .iter()
                .map(|t| t.unit_price * Decimal::from(t.min_quantity))
                .sum(),
        })
        .sum()
}

/// Total of a standalone logo line of `quantity` units (ordered plus storage), rounded.
pub fn logo_line(prices: &[PriceTier], fees: &[Fee], quantity: i64) -> Decimal {
    round2(unit_price_at(prices, quantity) * Decimal::from(quantity) + fees_total(fees, quantity))
}

/// Total of a design line of `garments` garments: each placement's logo (its tiers, one per
/// placement, a logo placed twice counts twice) at its unit price for `garments` units ×
/// `garments`, plus `heating_per_garment` × `garments`; rounded.
pub fn design_line<'a>(
    placements: impl IntoIterator<Item = &'a [PriceTier]>,
    heating_per_garment: Decimal,
    garments: i64,
) -> Decimal {
    let g = Decimal::from(garments);
    let logos: Decimal = placements
        .into_iter()
        .map(|p| unit_price_at(p, garments) * g)
        .sum();
    round2(logos + heating_per_garment * g)
}

/// Sub-total, VAT and total of an order whose lines are already rounded.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Totals {
    /// Sum of the lines.
    pub sub_total: Decimal,
    /// VAT rate in percent (normalized: `25`, `25.5`).
    pub vat_rate: Decimal,
    /// round₂(sub-total × rate / 100).
    pub vat: Decimal,
    /// Sub-total plus VAT.
    pub total: Decimal,
}

/// Totals of an order from its (rounded) line totals and its VAT rate in percent.
pub fn totals(lines: impl IntoIterator<Item = Decimal>, vat_rate: Decimal) -> Totals {
    let sub_total: Decimal = lines.into_iter().sum();
    let vat = round2(sub_total * vat_rate / Decimal::ONE_HUNDRED);
    Totals {
        sub_total,
        vat_rate: vat_rate.normalize(),
        vat,
        total: sub_total + vat,
    }
}

/// Units of a line: ordered and to storage (a line is priced at their sum).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Units {
    pub ordered: i64,
    pub storage: i64,
}

impl AddAssign for Units {
    fn add_assign(&mut self, other: Units) {
        self.ordered += other.ordered;
        self.storage += other.storage;
    }
}

/// Splits digit values into single digits, each with the quantity of every value it appears
/// in (once per appearance), merged per digit in order of first appearance: `("10", 3)` and
/// `("7", 1)` give `'1'`: 3, `'0'`: 3, `'7'`: 1. Every character counts as a digit; callers
/// check the values first.
pub fn split_digits<'a, Q: Copy + AddAssign>(
    values: impl IntoIterator<Item = (&'a str, Q)>,
) -> Vec<(char, Q)> {
    let mut out: Vec<(char, Q)> = Vec::new();
    for (value, quantity) in values {
        for c in value.chars() {
            match out.iter_mut().find(|(k, _)| *k == c) {
                Some((_, q)) => *q += quantity,
                None => out.push((c, quantity)),
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::str::FromStr;

    fn d(s: &str) -> Decimal {
        Decimal::from_str(s).unwrap()
    }

    #[test]
    fn rounding_is_half_away_from_zero() {
        assert_eq!(round2(d("1.005")), d("1.01"));
        assert_eq!(round2(d("1.004")), d("1.00"));
        assert_eq!(round2(d("-1.005")), d("-1.01"));
        let en = crate::locale::Language::English;
        assert_eq!(
            en.money(d("0.125"), "DKK"),
            en.money(round2(d("0.125")), "DKK"),
            "the formatter and the pricing model round alike"
        );
    }

    fn tier(min: i64, price: &str) -> PriceTier {
        PriceTier {
            min_quantity: min,
            unit_price: d(price),
            currency: "DKK".into(),
        }
    }

    #[test]
    fn design_line_prices_each_placement_at_the_garment_count_plus_heating() {
        // docs/spec-gaps.md: unit prices at 12 garments 12.61 and 9.35, heating H2 5.00:
        // (12.61 + 9.35 + 5.00) × 12 = 323.52.
        let a = [tier(1, "14.84"), tier(10, "12.61"), tier(25, "10.39")];
        let b = [tier(1, "11.00"), tier(10, "9.35")];
        assert_eq!(design_line([&a[..], &b[..]], d("5.00"), 12), d("323.52"));
        // 9 garments: below tier 10, no heating.
        assert_eq!(design_line([&a[..]], Decimal::ZERO, 9), d("133.56"));
        // A logo placed twice counts twice; no placements leave the heating alone.
        assert_eq!(
            design_line([&b[..], &b[..]], Decimal::ZERO, 10),
            d("187.00")
        );
        assert_eq!(design_line([], d("3.50"), 4), d("14.00"));
    }

    #[test]
    fn vat_is_rounded_once_on_the_sub_total() {
        let t = totals([d("10.05"), d("0.05")], d("19"));
        assert_eq!(t.sub_total, d("10.10"));
        assert_eq!(t.vat, d("1.92")); // 1.919
        assert_eq!(t.total, d("12.02"));
        let t = totals([d("498.65")], d("25.50"));
        assert_eq!(t.vat_rate.to_string(), "25.5");
        assert_eq!(t.vat, d("127.16")); // 127.15575
        assert_eq!(t.total, d("625.81"));
    }

    #[test]
    fn digits_merge_in_order_of_first_appearance() {
        assert_eq!(
            split_digits([("10", 3), ("7", 1), ("11", 2)]),
            vec![('1', 7), ('0', 3), ('7', 1)]
        );
        let u = |ordered, storage| Units { ordered, storage };
        assert_eq!(
            split_digits([("71", u(1, 3)), ("1", u(2, 0))]),
            vec![('7', u(1, 3)), ('1', u(3, 3))]
        );
        assert!(split_digits::<i64>([]).is_empty());
    }
}
