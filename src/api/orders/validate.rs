//! The rules of the spec that the order body's types cannot express, checked before sending.
//!
//! Every problem is reported (not just the first), each with the JSON path of its field in the
//! request's own camelCase names, so the UI can show the message beside the field.

use super::request::{DesignRef, LogoAmount, LogoRef, PlaceOrder};
use crate::api::error::{Rule, ValidationIssue};
use crate::api::models::LogoType;

/// The most instances one design line may have: what the service takes per design. The spec
/// does not show the live service's number; this is the sandbox's (`docs/spec-gaps.md`,
/// "Maximums per order"), and an order with more is refused before it is sent.
pub const MAX_INSTANCES_PER_DESIGN: usize = 500;

fn only_digits(s: &str) -> bool {
    !s.is_empty() && s.chars().all(|c| c.is_ascii_digit())
}

/// A plausible e-mail address: one `@`, something before it, a dotted domain after it, no spaces.
pub fn is_plausible_email(s: &str) -> bool {
    let s = s.trim();
    let Some((local, domain)) = s.split_once('@') else {
        return false;
    };
    !local.is_empty()
        && !domain.contains('@')
        && !s.chars().any(char::is_whitespace)
        && domain.contains('.')
        && !domain.starts_with('.')
        && !domain.ends_with('.')
        && !domain.contains("..")
}

fn quantity_issue(issues: &mut Vec<ValidationIssue>, path: String, quantity: i64) {
    if quantity <= 0 {
        issues.push(ValidationIssue::broken(
            path,
            Rule::QuantityTooSmall { quantity },
        ));
    }
}

fn storage_issue(issues: &mut Vec<ValidationIssue>, path: String, storage: Option<i64>) {
    if let Some(n) = storage.filter(|n| *n < 0) {
        issues.push(ValidationIssue::broken(
            path,
            Rule::StorageNegative { quantity: n },
        ));
    }
}

impl PlaceOrder {
    /// Every rule of the spec that the types leave open; empty when the order may be sent.
    pub fn validate(&self) -> Vec<ValidationIssue> {
        self.validate_with(|_| None)
    }

    /// Like [`validate`](Self::validate), also checking lines against the logos' kinds where
    /// `kind_of` knows them: a NumberLogo must be ordered by digits, and only a NumberLogo may be.
    pub fn validate_with(
        &self,
        kind_of: impl Fn(&LogoRef) -> Option<LogoType>,
    ) -> Vec<ValidationIssue> {
        let mut issues = Vec::new();
        self.check_header(&mut issues);
        self.check_designs(&mut issues);
        self.check_logos(&mut issues, &kind_of);
        issues
    }

    fn check_header(&self, issues: &mut Vec<ValidationIssue>) {
        if self.designs.is_empty() && self.logos.is_empty() {
            issues.push(ValidationIssue::broken("designs", Rule::NothingToOrder));
        }
        if self.reference.trim().is_empty() {
            issues.push(ValidationIssue::broken("reference", Rule::NoReference));
        }
        if let Some(email) = self
            .email
            .as_deref()
            .filter(|e| !e.trim().is_empty() && !is_plausible_email(e))
        {
            issues.push(ValidationIssue::broken(
                "email",
                Rule::EmailImplausible {
                    email: email.trim().to_owned(),
                },
            ));
        }
        let a = &self.delivery_address;
        for (field, value, rule) in [
            ("name", &a.name, Rule::RecipientMissing),
            ("address", &a.address, Rule::StreetMissing),
            ("zip", &a.zip, Rule::ZipMissing),
            ("city", &a.city, Rule::CityMissing),
        ] {
            if value.trim().is_empty() {
                issues.push(ValidationIssue::broken(
                    format!("deliveryAddress.{field}"),
                    rule,
                ));
            }
        }
        let country = a.country.trim();
        let rule = if country.is_empty() {
            Some(Rule::CountryMissing)
        } else if country.len() == 2 && country.chars().all(|c| c.is_ascii_uppercase()) {
            None
        } else if country.len() == 2 && country.chars().all(|c| c.is_ascii_alphabetic()) {
            Some(Rule::CountryLowercase {
                upper: country.to_ascii_uppercase(),
            })
        } else {
            Some(Rule::CountryNotCode {
                given: country.to_owned(),
            })
        };
        if let Some(rule) = rule {
            issues.push(ValidationIssue::broken("deliveryAddress.country", rule));
        }
    }

    fn check_designs(&self, issues: &mut Vec<ValidationIssue>) {
        for (i, line) in self.designs.iter().enumerate() {
            let at = format!("designs[{i}]");
            if matches!(&line.design, DesignRef::Mul(m) if m.as_str().trim().is_empty()) {
                issues.push(ValidationIssue::broken(
                    format!("{at}.designMul"),
                    Rule::DesignRefMissing,
                ));
            }
            if line.instances.is_empty() {
                issues.push(ValidationIssue::broken(
                    format!("{at}.instances"),
                    Rule::NoSizes,
                ));
            } else if line.instances.len() > MAX_INSTANCES_PER_DESIGN {
                issues.push(ValidationIssue::broken(
                    format!("{at}.instances"),
                    Rule::TooManyInstances {
                        count: line.instances.len(),
                        max: MAX_INSTANCES_PER_DESIGN,
                    },
                ));
            }
            for (j, inst) in line.instances.iter().enumerate() {
                let at = format!("{at}.instances[{j}]");
                if inst.size.trim().is_empty() {
                    issues.push(ValidationIssue::broken(
                        format!("{at}.size"),
                        Rule::SizeMissing,
                    ));
                }
                quantity_issue(issues, format!("{at}.quantity"), inst.quantity);
                if let Some(n) = inst
                    .number
                    .as_deref()
                    .filter(|n| !n.trim().is_empty() && !only_digits(n))
                {
                    issues.push(ValidationIssue::broken(
                        format!("{at}.number"),
                        Rule::NumberNotDigits {
                            number: n.to_owned(),
                        },
                    ));
                }
                for (k, lv) in inst.logo_values.iter().enumerate() {
                    if lv.value.trim().is_empty() {
                        issues.push(ValidationIssue::broken(
                            format!("{at}.logoValues[{k}].value"),
                            Rule::PlaceholderEmpty { logo: lv.logo_id },
                        ));
                    }
                }
            }
        }
    }

    fn check_logos(
        &self,
        issues: &mut Vec<ValidationIssue>,
        kind_of: &impl Fn(&LogoRef) -> Option<LogoType>,
    ) {
        for (i, line) in self.logos.iter().enumerate() {
            let at = format!("logos[{i}]");
            if matches!(&line.logo, LogoRef::Sku(s) if s.as_str().trim().is_empty()) {
                issues.push(ValidationIssue::broken(
                    format!("{at}.logoSku"),
                    Rule::LogoSkuMissing,
                ));
            }
            let kind = kind_of(&line.logo);
            match &line.amount {
                LogoAmount::Quantity {
                    quantity,
                    storage_quantity,
                    ..
                } => {
                    if kind == Some(LogoType::NumberLogo) {
                        issues.push(ValidationIssue::broken(
                            format!("{at}.digits"),
                            Rule::NumberLogoByQuantity {
                                logo: line.logo.to_string(),
                            },
                        ));
                    } else {
                        quantity_issue(issues, format!("{at}.quantity"), *quantity);
                    }
                    storage_issue(issues, format!("{at}.storageQuantity"), *storage_quantity);
                }
                LogoAmount::Digits { digits } => {
                    if let Some(k) = kind.as_ref().filter(|k| **k != LogoType::NumberLogo) {
                        issues.push(ValidationIssue::broken(
                            format!("{at}.digits"),
                            Rule::DigitsForOtherKind {
                                logo: line.logo.to_string(),
                                kind: k.clone(),
                            },
                        ));
                    }
                    if digits.is_empty() {
                        issues.push(ValidationIssue::broken(
                            format!("{at}.digits"),
                            Rule::NoDigits,
                        ));
                    }
                    for (k, d) in digits.iter().enumerate() {
                        let at = format!("{at}.digits[{k}]");
                        let digit = d.digit.trim();
                        if digit.is_empty() {
                            issues.push(ValidationIssue::broken(
                                format!("{at}.digit"),
                                Rule::DigitMissing,
                            ));
                        } else if !only_digits(&d.digit) {
                            issues.push(ValidationIssue::broken(
                                format!("{at}.digit"),
                                Rule::DigitNotDigits {
                                    digit: d.digit.clone(),
                                },
                            ));
                        }
                        quantity_issue(issues, format!("{at}.quantity"), d.quantity);
                        storage_issue(issues, format!("{at}.storageQuantity"), d.storage_quantity);
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::ids::{DesignId, DesignMul, LogoId, LogoSku};
    use crate::api::models::DeliveryAddress;
    use crate::api::orders::request::{DesignLine, DigitLine, Instance, LogoLine};

    fn good() -> PlaceOrder {
        PlaceOrder::new(
            "PO-1",
            DeliveryAddress::new("N", "Street 1", "7400", "Herning", "DK"),
        )
        .with_email("a@b.dk")
        .with_design(DesignLine::new(
            DesignId(1),
            vec![
                Instance::new("M", 1)
                    .with_number("10")
                    .with_logo_value(LogoId(4), "Ole"),
            ],
        ))
        .with_logo(LogoLine::quantity(LogoId(2), 3).with_storage_quantity(0))
        .with_logo(LogoLine::digits(LogoId(3), vec![DigitLine::new("7", 1)]))
    }

    fn paths(order: &PlaceOrder) -> Vec<String> {
        order.validate().into_iter().map(|i| i.path).collect()
    }

    fn message_at(order: &PlaceOrder, path: &str) -> String {
        order
            .validate()
            .into_iter()
            .find(|i| i.path == path)
            .unwrap_or_else(|| panic!("no issue at {path}: {:?}", order.validate()))
            .message
    }

    #[test]
    fn a_good_order_has_no_issues() {
        assert_eq!(good().validate(), vec![]);
    }

    #[test]
    fn needs_a_design_or_a_logo() {
        let mut o = good();
        o.designs.clear();
        o.logos.clear();
        assert_eq!(paths(&o), ["designs"]);
        assert_eq!(
            message_at(&o, "designs"),
            "Add at least one design or logo to the order."
        );
    }

    #[test]
    fn design_rules() {
        let mut o = good();
        o.designs
            .push(DesignLine::new(DesignMul::from(" "), vec![]));
        o.designs.push(DesignLine::new(
            DesignId(2),
            vec![
                Instance::new("L", 1),
                Instance::new("", 1),
                Instance::new("XL", 0).with_number("1O"),
                Instance::new("S", -2).with_logo_value(LogoId(4), " "),
            ],
        ));
        assert_eq!(
            paths(&o),
            [
                "designs[1].designMul",
                "designs[1].instances",
                "designs[2].instances[1].size",
                "designs[2].instances[2].quantity",
                "designs[2].instances[2].number",
                "designs[2].instances[3].quantity",
                "designs[2].instances[3].logoValues[0].value",
            ]
        );
        assert_eq!(
            message_at(&o, "designs[2].instances[2].number"),
            "Number \"1O\" may only contain digits 0–9."
        );
        assert_eq!(
            message_at(&o, "designs[2].instances[3].quantity"),
            "Quantity must be at least 1, not -2."
        );
    }

    #[test]
    fn a_design_line_takes_as_many_instances_as_the_service_and_no_more() {
        let line = |n: usize| {
            let mut o = good();
            o.designs = vec![DesignLine::new(
                DesignId(1),
                (0..n).map(|_| Instance::new("M", 1)).collect(),
            )];
            o
        };
        assert_eq!(line(MAX_INSTANCES_PER_DESIGN).validate(), vec![]);
        let over = line(MAX_INSTANCES_PER_DESIGN + 1);
        assert_eq!(paths(&over), ["designs[0].instances"]);
        assert_eq!(
            message_at(&over, "designs[0].instances"),
            "This design has 501 rows of sizes and names; the service takes at most 500 per design. Remove rows, or order the rest in another order."
        );
    }

    #[test]
    fn logo_rules() {
        let mut o = good();
        o.logos = vec![
            LogoLine::quantity(LogoSku::from(""), 0).with_storage_quantity(-1),
            LogoLine::digits(
                LogoId(3),
                vec![
                    DigitLine::new("", 1),
                    DigitLine::new("1a", 0),
                    DigitLine::new("5", 2).with_storage_quantity(-4),
                ],
            ),
            LogoLine::digits(LogoId(5), vec![]),
        ];
        assert_eq!(
            paths(&o),
            [
                "logos[0].logoSku",
                "logos[0].quantity",
                "logos[0].storageQuantity",
                "logos[1].digits[0].digit",
                "logos[1].digits[1].digit",
                "logos[1].digits[1].quantity",
                "logos[1].digits[2].storageQuantity",
                "logos[2].digits",
            ]
        );
        assert_eq!(
            message_at(&o, "logos[1].digits[1].digit"),
            "Digit \"1a\" may only contain digits 0–9."
        );
        assert!(message_at(&o, "logos[0].storageQuantity").contains("cannot be negative"));
    }

    #[test]
    fn header_and_address_rules() {
        let mut o = good();
        o.reference = "  ".into();
        o.email = Some("not-an-email".into());
        o.delivery_address = DeliveryAddress::new("", " ", "", "", "Denmark");
        assert_eq!(
            paths(&o),
            [
                "reference",
                "email",
                "deliveryAddress.name",
                "deliveryAddress.address",
                "deliveryAddress.zip",
                "deliveryAddress.city",
                "deliveryAddress.country",
            ]
        );
        o.delivery_address.country = "dk".into();
        assert_eq!(
            message_at(&o, "deliveryAddress.country"),
            "Write the country code in capitals: \"DK\"."
        );
        o.delivery_address.country = "".into();
        assert!(message_at(&o, "deliveryAddress.country").contains("2-letter"));
        o.delivery_address.country = "D1".into();
        assert!(message_at(&o, "deliveryAddress.country").contains("\"D1\""));
        // A blank e-mail is "not given", and is not sent.
        o.email = Some(" ".into());
        assert!(!paths(&o).contains(&"email".to_owned()));
    }

    #[test]
    fn email_shapes() {
        for ok in ["a@b.dk", "first.last+tag@sub.example.com"] {
            assert!(is_plausible_email(ok), "{ok}");
        }
        for bad in [
            "", "a", "a@", "@b.dk", "a@b", "a@@b.dk", "a b@c.dk", "a@b..dk", "a@.b.dk", "a@b.dk.",
        ] {
            assert!(!is_plausible_email(bad), "{bad}");
        }
    }

    #[test]
    fn logo_kinds_when_known() {
        let o = PlaceOrder::new("R", DeliveryAddress::new("N", "A", "Z", "C", "DK"))
            .with_logo(LogoLine::quantity(LogoId(1), 5))
            .with_logo(LogoLine::digits(LogoId(2), vec![DigitLine::new("3", 1)]))
            .with_logo(LogoLine::quantity(LogoId(3), 5));
        let kinds = |r: &LogoRef| match r {
            LogoRef::Id(LogoId(1)) => Some(LogoType::NumberLogo),
            LogoRef::Id(LogoId(2)) => Some(LogoType::NameLogo),
            _ => None,
        };
        let issues = o.validate_with(kinds);
        let p: Vec<_> = issues.iter().map(|i| i.path.as_str()).collect();
        assert_eq!(p, ["logos[0].digits", "logos[1].digits"]);
        assert_eq!(
            issues[0].message,
            "The logo 1 is a number logo: order it by digits (which digits, and how many of each) instead of by quantity."
        );
        assert!(
            issues[1].message.contains("NameLogo"),
            "{}",
            issues[1].message
        );
        // Without knowledge of the kinds, nothing is reported.
        assert_eq!(o.validate(), vec![]);
    }
}
