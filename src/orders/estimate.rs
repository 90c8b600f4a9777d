//! The full price of a draft before it is placed, by the service's rules ([`crate::pricing`]):
//! design lines (each placement's logo at its tier for the garment count, the design's
//! heating fee per garment) and loose logo lines (tiers and fees; each digit of a NumberLogo
//! its own line), the sub-total, the VAT for the delivery country and the total. Money stays
//! in `rust_decimal`. The service's totals are final: they replace it once the order completes.
//!
//! Everything comes from the designs and logos fetched in full (their tiers and fees are the
//! service's), except the heating fee per code and the VAT by country, which the API does not
//! give ([`crate::pricing::facts`]): an unknown heating code is left out and named, and the
//! estimate is then partial; an unknown country's VAT rate is called a guess. A line that
//! cannot be priced (its design or logo not known in full, a quantity unreadable) is named in
//! [`Estimate::unknown`] and left out.

use super::countries;
use super::form::{DesignForm, DraftForm, LogoForm};
use crate::api::{Design, DesignId, DesignRef, Logo, LogoId, LogoRef};
use crate::pricing::facts::{self, Heating};
use crate::pricing::{design_line, logo_line, split_digits, totals};
use rust_decimal::Decimal;
use std::collections::HashMap;

/// A design and the logos of its placements, in full (tiers and fees), by id.
#[derive(Debug, Clone, PartialEq)]
pub struct DesignPrices {
    pub design: Design,
    pub logos: HashMap<LogoId, Logo>,
}

/// What a line counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Counted {
    /// A design line: garments.
    Garments,
    /// A loose logo line: pieces (ordered plus to storage).
    Pieces,
}

/// One estimated line.
#[derive(Debug, Clone, PartialEq)]
pub struct EstimateLine {
    pub label: String,
    pub quantity: i64,
    pub counted: Counted,
    pub amount: Decimal,
}

/// The estimate of a draft.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Estimate {
    pub lines: Vec<EstimateLine>,
    /// Σ lines (each rounded).
    pub sub_total: Decimal,
    /// VAT rate in percent for the delivery country.
    pub vat_rate: Decimal,
    pub vat: Decimal,
    pub total: Decimal,
    /// The currency of the logos' tiers (empty when no line is priced).
    pub currency: String,
    /// Set when the VAT rate is a guess (no country yet, or a country the table lacks).
    pub vat_guess: Option<String>,
    /// Lines left out, each named with the reason.
    pub unknown: Vec<String>,
    /// Charges left out of priced lines (an unknown heating code), each a sentence.
    pub left_out: Vec<String>,
}

impl Estimate {
    /// Whether something is missing from it (a line or a charge left out).
    pub fn is_partial(&self) -> bool {
        !self.unknown.is_empty() || !self.left_out.is_empty()
    }
}

/// A count as typed: blank is 0; `None` when it is not a whole number ≥ 0.
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
        let q = count(&d.quantity)?.checked_add(count(&d.storage)?)?;
        let value = d.digit.trim();
        if !value.chars().all(|c| c.is_ascii_digit()) {
            return None;
        }
        values.push((value, q));
    }
    Some(split_digits(values))
}

/// Estimates `form` with the logos (`logos`, by the loose lines' references) and designs
/// (`designs`, by id) known in full.
pub fn estimate(
    form: &DraftForm,
    logos: &HashMap<LogoRef, Logo>,
    designs: &HashMap<DesignId, DesignPrices>,
) -> Estimate {
    let mut e = Estimate::default();
    for d in &form.designs {
        design_lines(&mut e, d, designs);
    }
    for line in &form.logos {
        logo_lines(&mut e, line, logos);
    }
    let country = form.address.country.trim();
    let vat = facts::vat(country);
    if !vat.known {
        let rate = vat.rate;
        e.vat_guess = Some(if country.is_empty() {
            crate::tr!("orders-vat-guess-no-country", rate = rate.to_string())
        } else {
            let language = crate::i18n::language();
            let name =
                countries::name(country, language).map_or(String::new(), |n| format!("{n}, "));
            crate::tr!(
                "orders-vat-guess",
                country = format!("{name}{country}"),
                rate = rate.to_string()
            )
        });
    }
    let t = totals(e.lines.iter().map(|l| l.amount), vat.rate);
    (e.sub_total, e.vat_rate, e.vat, e.total) = (t.sub_total, t.vat_rate, t.vat, t.total);
    e
}

/// The currency of the first tier of `logo`, if the estimate has none yet.
fn note_currency(e: &mut Estimate, logo: &Logo) {
    if e.currency.is_empty()
        && let Some(t) = logo.prices.first()
    {
        e.currency = t.currency.clone();
    }
}

/// Prices design line `d`: garments G = Σ row quantities; each placement's logo at its unit
/// price for G, × G; the heating fee per garment.
fn design_lines(e: &mut Estimate, d: &DesignForm, designs: &HashMap<DesignId, DesignPrices>) {
    let known = match d.design_ref() {
        DesignRef::Id(id) => designs.get(&id),
        DesignRef::Mul(_) => None,
    };
    let name = match known.map(|k| k.design.title.as_str()) {
        _ if !d.title.is_empty() => d.title.clone(),
        Some(title) if !title.is_empty() => title.to_owned(),
        _ => crate::tr!("orders-design-named", reference = d.reference.trim()),
    };
    let garments = d
        .rows
        .iter()
        .try_fold(0i64, |sum, r| sum.checked_add(count(&r.quantity)?));
    let Some(garments) = garments else {
        return e.unknown.push(crate::tr!(
            "orders-unknown-garment-quantity",
            name = name.as_str()
        ));
    };
    if garments == 0 {
        return e.unknown.push(crate::tr!(
            "orders-unknown-no-garments",
            name = name.as_str()
        ));
    }
    let Some(DesignPrices { design, logos }) = known else {
        return e
            .unknown
            .push(if matches!(d.design_ref(), DesignRef::Mul(_)) {
                crate::tr!("orders-unknown-by-item-number", name = name.as_str())
            } else {
                crate::tr!("orders-unknown-design", name = name.as_str())
            });
    };
    let mut placements = Vec::with_capacity(design.design_logos.len());
    for p in &design.design_logos {
        match logos.get(&p.logo_id) {
            Some(logo) => {
                note_currency(e, logo);
                placements.push(logo.prices.as_slice());
            }
            None => {
                return e.unknown.push(crate::tr!(
                    "orders-unknown-placement-logo",
                    name = name.as_str(),
                    logo = p.logo_id.to_string()
                ));
            }
        }
    }
    if !design.unread_placements.is_empty() {
        return e.unknown.push(crate::tr!(
            "orders-unknown-placements",
            name = name.as_str(),
            keys = design.unread_placements.join(", ")
        ));
    }
    let heating = facts::heating(design.heating_code.as_deref());
    if let Heating::Unknown(code) = &heating {
        e.left_out.push(crate::tr!(
            "orders-left-out-heating",
            name = name.as_str(),
            code = code.as_str()
        ));
    }
    e.lines.push(EstimateLine {
        label: name,
        quantity: garments,
        counted: Counted::Garments,
        amount: design_line(placements, heating.per_garment(), garments),
    });
}

/// Prices loose line `line` (one line per digit of a NumberLogo).
fn logo_lines(e: &mut Estimate, line: &LogoForm, logos: &HashMap<LogoRef, Logo>) {
    let title = if line.title.is_empty() {
        crate::tr!("orders-logo-named", reference = line.reference.trim())
    } else {
        line.title.clone()
    };
    let Some(logo) = logos.get(&line.logo_ref()) else {
        return e
            .unknown
            .push(crate::tr!("orders-unknown-logo", name = title.as_str()));
    };
    note_currency(e, logo);
    let title = if logo.title.is_empty() {
        title
    } else {
        logo.title.clone()
    };
    let unreadable = || crate::tr!("orders-unknown-unreadable", name = title.as_str());
    // The kind the service gave counts, whatever the form was saved with.
    if logo.logo_type == crate::api::LogoType::NumberLogo {
        let Some(digits) = digit_quantities(line) else {
            return e.unknown.push(unreadable());
        };
        for (digit, q) in digits.into_iter().filter(|(_, q)| *q > 0) {
            e.lines.push(EstimateLine {
                label: format!("{title} \"{digit}\""),
                quantity: q,
                counted: Counted::Pieces,
                amount: logo_line(&logo.prices, &logo.additional_fees, q),
            });
        }
        return;
    }
    match (count(&line.quantity), count(&line.storage)) {
        (Some(q), Some(s)) if q + s > 0 => e.lines.push(EstimateLine {
            label: title,
            quantity: q + s,
            counted: Counted::Pieces,
            amount: logo_line(&logo.prices, &logo.additional_fees, q + s),
        }),
        (Some(_), Some(_)) => e.unknown.push(crate::tr!(
            "orders-unknown-no-quantity",
            name = title.as_str()
        )),
        _ => e.unknown.push(unreadable()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::{DesignLogo, Fee, FeeType, LogoType, PriceTier};
    use crate::orders::form::{DigitForm, RowForm};
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

    fn fee(kind: FeeType, min: i64, price: &str) -> Fee {
        Fee {
            fee_type: kind,
            sku: "S".into(),
            name: "Fee".into(),
            prices: vec![tier(min, price)],
        }
    }

    fn logo(id: i64, title: &str, kind: &str, prices: Vec<PriceTier>, fees: Vec<Fee>) -> Logo {
        let mut l: Logo = serde_json::from_value(serde_json::json!({
            "logoId": id, "title": title, "logoType": kind, "status": "Done",
            "widthInMM": 40, "heightInMM": 60, "transferMethodKey": "VAND SPORT", "colors": []
        }))
        .unwrap();
        l.prices = prices;
        l.additional_fees = fees;
        l
    }

    /// The worked example of docs/spec-gaps.md: 80 × 60 mm, 2 inks, VAND SPORT.
    fn crest() -> Logo {
        logo(
            1,
            "Crest",
            "TRANSFER",
            ["14.84", "12.61", "10.39", "8.90", "7.42", "6.23"]
                .into_iter()
                .zip([1, 10, 25, 50, 100, 250])
                .map(|(p, m)| tier(m, p))
                .collect(),
            vec![
                fee(FeeType::Startup, 1, "95.00"),
                fee(FeeType::Fee, 2, "20.00"),
            ],
        )
    }

    fn numbers() -> Logo {
        logo(
            9,
            "Numbers",
            "NumberLogo",
            vec![tier(1, "10.00"), tier(10, "8.00")],
            vec![
                fee(FeeType::Startup, 1, "95.00"),
                fee(FeeType::Fee, 2, "5.00"),
            ],
        )
    }

    fn placement(id: i64) -> DesignLogo {
        serde_json::from_value(serde_json::json!({
            "logoId": id, "view": "FRONT", "xCoordinate": 1.0, "yCoordinate": 2.0
        }))
        .unwrap()
    }

    fn design(heating: Option<&str>) -> DesignPrices {
        let mut design: Design = serde_json::from_value(serde_json::json!({
            "designId": 7, "title": "Home kit", "designItemNo": "MUL000007"
        }))
        .unwrap();
        design.heating_code = heating.map(str::to_owned);
        design.design_logos = vec![placement(1), placement(2)];
        let name = logo(
            2,
            "Name",
            "NameLogo",
            vec![tier(1, "11.00"), tier(10, "9.35")],
            vec![],
        );
        DesignPrices {
            design,
            logos: [(LogoId(1), crest()), (LogoId(2), name)].into(),
        }
    }

    fn rows(quantities: &[&str]) -> Vec<RowForm> {
        quantities
            .iter()
            .map(|q| RowForm {
                size: "M".into(),
                quantity: (*q).into(),
                ..RowForm::default()
            })
            .collect()
    }

    fn kit_form(country: &str) -> DraftForm {
        let mut form = DraftForm {
            designs: vec![DesignForm {
                reference: "7".into(),
                rows: rows(&["5", "4", "3"]),
                ..DesignForm::default()
            }],
            logos: vec![LogoForm {
                reference: "1".into(),
                quantity: "30".into(),
                storage: "5".into(),
                ..LogoForm::default()
            }],
            ..DraftForm::default()
        };
        form.address.country = country.into();
        form
    }

    fn known() -> (HashMap<LogoRef, Logo>, HashMap<DesignId, DesignPrices>) {
        let logos = [(LogoRef::Id(LogoId(1)), crest())].into();
        let designs = [(DesignId(7), design(Some("H2")))].into();
        (logos, designs)
    }

    #[test]
    fn a_design_line_and_a_loose_line_to_the_øre() {
        let (logos, designs) = known();
        let e = estimate(&kit_form("DK"), &logos, &designs);
        let lines: Vec<(&str, i64, Counted, Decimal)> = e
            .lines
            .iter()
            .map(|l| (l.label.as_str(), l.quantity, l.counted, l.amount))
            .collect();
        assert_eq!(
            lines,
            vec![
                // 12 garments: (12.61 + 9.35 + H2 5.00) × 12.
                ("Home kit", 12, Counted::Garments, d("323.52")),
                // 35 pieces at tier 25: 10.39 × 35 + 95.00 + 20.00 × 2.
                ("Crest", 35, Counted::Pieces, d("498.65")),
            ]
        );
        assert_eq!(e.sub_total, d("822.17"));
        assert_eq!(e.vat_rate, d("25"));
        assert_eq!(e.vat, d("205.54")); // 205.5425
        assert_eq!(e.total, d("1027.71"));
        assert_eq!(e.currency, "DKK");
        assert!(!e.is_partial());
        assert_eq!(e.vat_guess, None);

        // Germany: 19 %; Finland: 25.5 %.
        let de = estimate(&kit_form("de"), &logos, &designs);
        assert_eq!((de.vat, de.total), (d("156.21"), d("978.38"))); // 156.2123
        let fi = estimate(&kit_form("FI"), &logos, &designs);
        assert_eq!((fi.vat, fi.total), (d("209.65"), d("1031.82"))); // 209.65335
    }

    #[test]
    fn the_garment_count_picks_the_tier_of_every_placement() {
        let (logos, designs) = known();
        let mut form = kit_form("DK");
        form.logos.clear();
        form.designs[0].rows = rows(&["4", "5"]);
        // 9 garments, below tier 10: (14.84 + 11.00 + 5.00) × 9.
        let e = estimate(&form, &logos, &designs);
        assert_eq!(e.lines[0].amount, d("277.56"));
        assert_eq!((e.vat, e.total), (d("69.39"), d("346.95")));
    }

    #[test]
    fn an_unknown_heating_code_is_left_out_and_named() {
        let logos = HashMap::new();
        let designs = [(DesignId(7), design(Some("H9")))].into();
        let mut form = kit_form("DK");
        form.logos.clear();
        let e = estimate(&form, &logos, &designs);
        // (12.61 + 9.35) × 12, no heating.
        assert_eq!(e.lines[0].amount, d("263.52"));
        assert!(e.is_partial());
        assert_eq!(
            e.left_out,
            vec!["Home kit: heating fee for code H9 is not known — not included.".to_owned()]
        );
        // No heating code at all is no fee, and nothing is missing.
        let designs = [(DesignId(7), design(None))].into();
        let e = estimate(&form, &logos, &designs);
        assert_eq!(e.lines[0].amount, d("263.52"));
        assert!(!e.is_partial());
    }

    #[test]
    fn an_unknown_country_makes_the_vat_a_guess() {
        let (logos, designs) = known();
        let e = estimate(&kit_form("US"), &logos, &designs);
        assert_eq!(e.vat_rate, d("25"));
        assert_eq!(
            e.vat_guess.as_deref(),
            Some("The VAT rate for United States, US is not known here: 25 % is a guess.")
        );
        let e = estimate(&kit_form(" "), &logos, &designs);
        assert_eq!(
            e.vat_guess.as_deref(),
            Some("No delivery country yet: VAT at 25 % is a guess.")
        );
        assert!(
            !e.is_partial(),
            "a guessed rate is said, the lines are all there"
        );
    }

    #[test]
    fn lines_that_cannot_be_priced_are_named() {
        let (logos, mut designs) = known();
        let mut form = kit_form("DK");
        form.designs.push(DesignForm {
            reference: "MUL000123".into(),
            rows: rows(&["1"]),
            ..DesignForm::default()
        });
        form.designs.push(DesignForm {
            reference: "8".into(),
            title: "Away kit".into(),
            rows: rows(&["2", "x"]),
            ..DesignForm::default()
        });
        form.designs.push(DesignForm {
            reference: "9".into(),
            rows: rows(&["2"]),
            ..DesignForm::default()
        });
        form.logos.push(LogoForm {
            reference: "55".into(),
            quantity: "3".into(),
            ..LogoForm::default()
        });
        form.logos[0].storage = "-1".into();
        // The design's second placement is not known in full.
        designs
            .get_mut(&DesignId(7))
            .unwrap()
            .logos
            .remove(&LogoId(2));
        let e = estimate(&form, &logos, &designs);
        assert!(e.lines.is_empty());
        assert!(e.is_partial());
        assert_eq!(e.sub_total, Decimal::ZERO);
        assert_eq!(
            e.unknown,
            [
                "Home kit: logo 2 of a placement is not known in full.",
                "Design MUL000123: the service cannot look a design up by item number, so it cannot be priced.",
                "Away kit: a garment quantity is not a whole number.",
                "Design 9: the design is not known in full yet.",
                "Crest: a quantity or digit is not readable.",
                "Logo 55: the logo is not known in full yet.",
            ]
        );
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
        let logos = [(LogoRef::Id(LogoId(9)), numbers())].into();
        let e = estimate(&form, &logos, &HashMap::new());
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
        assert_eq!(e.sub_total, d("495.00"));
        assert_eq!((e.vat, e.total), (d("123.75"), d("618.75")));
        let none = estimate(&form, &HashMap::new(), &HashMap::new());
        assert_eq!((none.unknown.len(), none.lines.len()), (1, 0), "{none:?}");
    }
}
