//! An estimate of the loose logo lines from the logos' price tiers and fees (public-facts.md:
//! the tier with the largest `minQuantity` reached sets the unit price; a `startup` fee
//! applies from its `minQuantity`; any other fee is added `minQuantity` times; each digit
//! value of a NumberLogo is its own line), before VAT. Money stays in `rust_decimal`. The
//! service's computed totals replace it once the order completes.

use super::form::{DraftForm, LogoForm};
use crate::api::{Logo, LogoRef};
use crate::pricing::{logo_line, split_digits};
use rust_decimal::Decimal;

/// One estimated line.
#[derive(Debug, Clone, PartialEq)]
pub struct EstimateLine {
    pub label: String,
    pub quantity: i64,
    pub amount: Decimal,
}

/// The estimate of the logo lines whose logos are known in full.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Estimate {
    pub lines: Vec<EstimateLine>,
    pub total: Decimal,
    pub currency: String,
    /// Logo lines left out: their logo is not known in full yet, or a quantity is unreadable.
    pub unknown: usize,
}

fn count(s: &str) -> Option<i64> {
    let t = s.trim();
    if t.is_empty() {
        Some(0)
    } else {
        t.parse::<i64>().ok().filter(|n| *n >= 0)
    }
}

/// Quantities per single digit, merged in order of first appearance (as the service splits);
/// `None` when a quantity or a digit cannot be read.
fn digit_quantities(line: &LogoForm) -> Option<Vec<(char, i64)>> {
    let mut values = Vec::new();
    for d in &line.digits {
        let q = count(&d.quantity)? + count(&d.storage)?;
        let value = d.digit.trim();
        if !value.chars().all(|c| c.is_ascii_digit()) {
            return None;
        }
        values.push((value, q));
    }
    Some(split_digits(values))
}

/// Estimates the loose logo lines of `form` with the full logos `known` has.
pub fn estimate(form: &DraftForm, known: impl Fn(&LogoRef) -> Option<Logo>) -> Estimate {
    let mut e = Estimate::default();
    for line in &form.logos {
        let Some(logo) = known(&line.logo_ref()) else {
            e.unknown += 1;
            continue;
        };
        if e.currency.is_empty()
            && let Some(t) = logo.prices.first()
        {
            e.currency = t.currency.clone();
        }
        let title = if logo.title.is_empty() {
            line.reference.clone()
        } else {
            logo.title.clone()
        };
        if line.is_number_logo() {
            let Some(digits) = digit_quantities(line) else {
                e.unknown += 1;
                continue;
            };
            for (digit, q) in digits.into_iter().filter(|(_, q)| *q > 0) {
                e.lines.push(EstimateLine {
                    label: format!("{title} \"{digit}\""),
                    quantity: q,
                    amount: logo_line(&logo.prices, &logo.additional_fees, q),
                });
            }
        } else {
            match (count(&line.quantity), count(&line.storage)) {
                (Some(q), Some(s)) if q + s > 0 => e.lines.push(EstimateLine {
                    label: title,
                    quantity: q + s,
                    amount: logo_line(&logo.prices, &logo.additional_fees, q + s),
                }),
                _ => e.unknown += 1,
            }
        }
    }
    e.total = e.lines.iter().map(|l| l.amount).sum();
    e
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::{Fee, FeeType, LogoId, LogoType, PriceTier};
    use crate::orders::form::DigitForm;
    use std::str::FromStr;

    fn d(s: &str) -> Decimal {
        Decimal::from_str(s).unwrap()
    }

    fn tier(min: i64, price: &str) -> PriceTier {
        PriceTier {
            min_quantity: min,
            unit_price: d(price),
            currency: "DKK".into(),
        }
    }

    fn logo() -> Logo {
        let mut l: Logo = serde_json::from_value(serde_json::json!({
            "logoId": 9, "title": "Numbers", "logoType": "NumberLogo", "status": "Done",
            "widthInMM": 40, "heightInMM": 60, "transferMethodKey": "flex", "colors": []
        }))
        .unwrap();
        l.prices = vec![tier(1, "10.00"), tier(10, "8.00")];
        l.additional_fees = vec![
            Fee {
                fee_type: FeeType::Startup,
                sku: "S".into(),
                name: "Startup".into(),
                prices: vec![tier(1, "95.00")],
            },
            Fee {
                fee_type: FeeType::Fee,
                sku: "F".into(),
                name: "Film".into(),
                prices: vec![tier(2, "5.00")],
            },
        ];
        l
    }

    #[test]
    fn digits_are_split_and_priced_per_digit() {
        let form = DraftForm {
            logos: vec![LogoForm {
                reference: "9".into(),
                logo_type: Some(LogoType::NumberLogo),
                digits: vec![
                    DigitForm {
                        digit: "10".into(),
                        quantity: "10".into(),
                        storage: String::new(),
                    },
                    DigitForm {
                        digit: "7".into(),
                        quantity: "1".into(),
                        storage: "1".into(),
                    },
                ],
                ..Default::default()
            }],
            ..Default::default()
        };
        let e = estimate(&form, |r| (*r == LogoRef::Id(LogoId(9))).then(logo));
        let q: Vec<(String, i64)> = e
            .lines
            .iter()
            .map(|l| (l.label.clone(), l.quantity))
            .collect();
        assert_eq!(
            q,
            vec![
                ("Numbers \"1\"".to_owned(), 10),
                ("Numbers \"0\"".to_owned(), 10),
                ("Numbers \"7\"".to_owned(), 2)
            ]
        );
        // 10 × 8 + 95 + 2 × 5 = 185; 2 × 10 + 95 + 10 = 125.
        assert_eq!(e.lines[0].amount, d("185.00"));
        assert_eq!(e.lines[2].amount, d("125.00"));
        assert_eq!(e.total, d("495.00"));
        assert_eq!(e.currency, "DKK");
        let none = estimate(&form, |_| None);
        assert_eq!((none.unknown, none.lines.len()), (1, 0));
    }
}
