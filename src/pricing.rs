//! The service's pricing rules (public-facts.md), shared by the sandbox and the app's estimate.
//!
//! - the tier with the largest `minQuantity` reached sets the unit price;
//! - a `startup` fee applies from its `minQuantity`; any other fee is added `minQuantity` times;
//! - a NumberLogo's digit values are split into single digits, merged per digit in order of
//!   first appearance (docs/spec-gaps.md), and each digit is its own line;
//! - amounts are rounded to 2 decimals, half away from zero.
//!
//! No price list lives here: the sandbox's tiers, fees and VAT table are in
//! `sandbox::pricing`.

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
