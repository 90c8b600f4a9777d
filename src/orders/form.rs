//! The order form: a draft as typed, and how it becomes a [`PlaceOrder`] and its issues.
//!
//! What a person typed is kept as text (so a half-typed quantity is never lost), saved as JSON
//! with the draft, and turned into a [`PlaceOrder`] plus every issue (the spec's rules from
//! [`PlaceOrder::validate_with`] and the form's own parse errors), each with the JSON path of
//! its field.

use crate::api::{
    DeliveryAddress, DesignId, DesignLine, DesignMul, DesignRef, DigitLine, Instance, LogoId,
    LogoLine, LogoRef, LogoSku, LogoType, LogoValue, Order, OrganizationId, PlaceOrder,
    ValidationIssue,
};
use crate::pricing::split_digits;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// Sizes offered in the grid (free text is allowed too).
pub const COMMON_SIZES: [&str; 12] = [
    "116", "128", "140", "152", "164", "XS", "S", "M", "L", "XL", "XXL", "3XL",
];

/// The whole form.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct DraftForm {
    /// Child organization id as typed; empty = the account's own.
    pub organization: String,
    pub reference: String,
    pub comment: String,
    pub origin_of_delivery: String,
    pub email: String,
    pub contact_name: String,
    pub address: AddressForm,
    pub designs: Vec<DesignForm>,
    pub logos: Vec<LogoForm>,
    /// What the composer estimated as the order was placed (kept with the placed form, so
    /// History can say when the service billed another total); `None` for a draft.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub estimate: Option<PlacedEstimate>,
}

/// The estimate an order was placed with: its total and the parts it could not price.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct PlacedEstimate {
    pub total: rust_decimal::Decimal,
    pub currency: String,
    /// What the estimate left out or could not price (a line, a fee), as it said them.
    pub left_out: Vec<String>,
}

impl PlacedEstimate {
    /// The estimate kept with the form of placed row `draft_json`, if it has one.
    pub fn of_placed(draft_json: Option<&str>) -> Option<PlacedEstimate> {
        serde_json::from_str::<DraftForm>(draft_json?)
            .ok()?
            .estimate
    }
}

#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct AddressForm {
    pub name: String,
    pub street: String,
    pub zip: String,
    pub city: String,
    /// ISO 3166-1 alpha-2 code.
    pub country: String,
    pub contact_person: String,
}

/// A design line: the design named by id or item number, and its instances.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct DesignForm {
    /// Internal id or item number (MUL…), as typed.
    pub reference: String,
    /// Title of the design, once fetched.
    pub title: String,
    /// Placeholders of the design's placements (id, title, kind), once fetched.
    pub placeholders: Vec<PlaceholderForm>,
    pub rows: Vec<RowForm>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PlaceholderForm {
    pub logo_id: i64,
    pub title: String,
    pub logo_type: LogoType,
    pub view: String,
}

/// A roster row's identity while the form is open (the UI's own: neither the saved draft
/// nor the service has one), so what the composer keeps for a row beside the form follows
/// the row when rows before it are added or removed. A new id for every row made or loaded.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct RowId(u64);

impl RowId {
    /// A new id, unlike every other in this run.
    pub fn next() -> RowId {
        static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);
        RowId(NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed))
    }
}

impl Default for RowId {
    fn default() -> RowId {
        RowId::next()
    }
}

/// One instance row of the grid.
///
/// Equality is of what is typed, not of [`id`](Self::id) (which is not saved either): two
/// rows typed alike are the same form (undo steps, an untouched draft).
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct RowForm {
    /// Stable while the form is open; kept through undo (the undo steps hold whole rows).
    #[serde(skip)]
    pub id: RowId,
    pub size: String,
    pub quantity: String,
    pub name: String,
    pub number: String,
    /// Per-placeholder values (placeholder logo id → text).
    pub values: BTreeMap<i64, String>,
}

impl PartialEq for RowForm {
    fn eq(&self, other: &Self) -> bool {
        (
            &self.size,
            &self.quantity,
            &self.name,
            &self.number,
            &self.values,
        ) == (
            &other.size,
            &other.quantity,
            &other.name,
            &other.number,
            &other.values,
        )
    }
}

/// A loose logo line.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct LogoForm {
    /// Logo id, or item number when `by_item_no`.
    pub reference: String,
    pub by_item_no: bool,
    /// Known once the logo is fetched.
    pub title: String,
    pub logo_type: Option<LogoType>,
    pub quantity: String,
    pub storage: String,
    pub value: String,
    pub digits: Vec<DigitForm>,
}

#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct DigitForm {
    pub digit: String,
    pub quantity: String,
    pub storage: String,
}

impl DesignForm {
    /// Which design the line orders: an item number if it starts with letters, else an id.
    pub fn design_ref(&self) -> DesignRef {
        let t = self.reference.trim();
        match t.parse::<i64>() {
            Ok(id) => DesignRef::Id(DesignId(id)),
            Err(_) => DesignRef::Mul(DesignMul::from(t)),
        }
    }

    /// Placeholders of `kind`.
    pub fn placeholders_of(&self, kind: &LogoType) -> impl Iterator<Item = &PlaceholderForm> {
        self.placeholders
            .iter()
            .filter(move |p| &p.logo_type == kind)
    }

    /// Whether instances need per-placeholder values: several NameLogo or NumberLogo
    /// placeholders.
    pub fn needs_values(&self) -> bool {
        self.placeholders_of(&LogoType::NameLogo).count() > 1
            || self.placeholders_of(&LogoType::NumberLogo).count() > 1
    }
}

impl LogoForm {
    pub fn logo_ref(&self) -> LogoRef {
        let t = self.reference.trim();
        match (self.by_item_no, t.parse::<i64>()) {
            (false, Ok(id)) => LogoRef::Id(LogoId(id)),
            _ => LogoRef::Sku(LogoSku::from(t)),
        }
    }

    pub fn is_number_logo(&self) -> bool {
        self.logo_type == Some(LogoType::NumberLogo)
    }
}

/// Why a design reference typed in the design box was refused (nothing is added or fetched).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DesignReferenceError {
    #[error("{}", crate::tr!("orders-design-ref-shape", text = .0.as_str()))]
    Shape(String),
}

/// Checks the shape of a design reference as typed: the service's design id (a positive
/// whole number, `designId`) or an item number (`MUL` and digits, any case, `designMul`).
/// Spaces are ignored. Answers the reference as the service writes it (`20001`,
/// `MUL123456`).
pub fn check_design_reference(typed: &str) -> Result<String, DesignReferenceError> {
    let compact: String = typed.chars().filter(|c| !c.is_whitespace()).collect();
    let refused = || DesignReferenceError::Shape(typed.trim().to_owned());
    let is_digits = |s: &str| !s.is_empty() && s.chars().all(|c| c.is_ascii_digit());
    let upper = compact.to_ascii_uppercase();
    if let Some(digits) = upper.strip_prefix("MUL") {
        return if is_digits(digits) {
            Ok(upper)
        } else {
            Err(refused())
        };
    }
    match compact.parse::<i64>() {
        Ok(id) if id > 0 && is_digits(&compact) => Ok(id.to_string()),
        _ => Err(refused()),
    }
}

/// Parses an optional whole number; an issue at `path` if it is not one.
fn parse_count(
    text: &str,
    path: String,
    required: bool,
    issues: &mut Vec<ValidationIssue>,
) -> Option<i64> {
    let t = text.trim();
    if t.is_empty() {
        if required {
            issues.push(ValidationIssue::new(
                path,
                crate::tr!("orders-enter-quantity"),
            ));
        }
        return None;
    }
    match t.parse::<i64>() {
        Ok(n) => Some(n),
        Err(_) => {
            issues.push(ValidationIssue::new(
                path,
                crate::tr!("orders-not-whole-number", text = t),
            ));
            None
        }
    }
}

fn some_text(s: &str) -> Option<String> {
    let t = s.trim();
    (!t.is_empty()).then(|| t.to_owned())
}

impl DraftForm {
    /// The order body and every issue, each with its JSON path (parse errors replace the
    /// spec rule for the same field).
    pub fn to_order(&self) -> (PlaceOrder, Vec<ValidationIssue>) {
        let mut own = Vec::new();
        let a = &self.address;
        let mut address = DeliveryAddress::new(
            a.name.trim(),
            a.street.trim(),
            a.zip.trim(),
            a.city.trim(),
            a.country.trim(),
        );
        address.contact_person = some_text(&a.contact_person);
        let mut order = PlaceOrder::new(self.reference.trim(), address);
        let org = self.organization.trim();
        if !org.is_empty() {
            match org.parse::<i64>() {
                Ok(id) => order.organization_id = Some(OrganizationId(id)),
                Err(_) => own.push(ValidationIssue::new(
                    "organizationId",
                    format!("\"{org}\" is not an organization id (a whole number)."),
                )),
            }
        }
        order.comment = some_text(&self.comment);
        order.origin_of_delivery = some_text(&self.origin_of_delivery);
        order.email = some_text(&self.email);
        order.contact_name = some_text(&self.contact_name);
        for (i, d) in self.designs.iter().enumerate() {
            if d.reference.trim().is_empty() {
                own.push(ValidationIssue::new(
                    format!("designs[{i}].designId"),
                    crate::tr!("orders-enter-design"),
                ));
            }
            let instances = d
                .rows
                .iter()
                .enumerate()
                .map(|(j, r)| {
                    let path = format!("designs[{i}].instances[{j}].quantity");
                    let quantity = parse_count(&r.quantity, path, true, &mut own).unwrap_or(1);
                    Instance {
                        size: r.size.trim().to_owned(),
                        quantity,
                        name: some_text(&r.name),
                        number: some_text(&r.number),
                        logo_values: r
                            .values
                            .iter()
                            .filter(|(_, v)| !v.trim().is_empty())
                            .map(|(id, v)| LogoValue {
                                logo_id: LogoId(*id),
                                value: v.trim().to_owned(),
                            })
                            .collect(),
                    }
                })
                .collect();
            order
                .designs
                .push(DesignLine::new(d.design_ref(), instances));
        }
        for (i, l) in self.logos.iter().enumerate() {
            if l.reference.trim().is_empty() {
                own.push(ValidationIssue::new(
                    format!("logos[{i}].logoId"),
                    crate::tr!("orders-enter-logo"),
                ));
            }
            let line = if l.is_number_logo() {
                let digits = l
                    .digits
                    .iter()
                    .enumerate()
                    .map(|(k, d)| {
                        let at = format!("logos[{i}].digits[{k}]");
                        let quantity =
                            parse_count(&d.quantity, format!("{at}.quantity"), true, &mut own)
                                .unwrap_or(1);
                        let storage = parse_count(
                            &d.storage,
                            format!("{at}.storageQuantity"),
                            false,
                            &mut own,
                        );
                        DigitLine {
                            digit: d.digit.trim().to_owned(),
                            quantity,
                            storage_quantity: storage,
                        }
                    })
                    .collect();
                LogoLine::digits(l.logo_ref(), digits)
            } else {
                let quantity =
                    parse_count(&l.quantity, format!("logos[{i}].quantity"), true, &mut own)
                        .unwrap_or(1);
                let mut line = LogoLine::quantity(l.logo_ref(), quantity);
                if let Some(n) = parse_count(
                    &l.storage,
                    format!("logos[{i}].storageQuantity"),
                    false,
                    &mut own,
                ) {
                    line = line.with_storage_quantity(n);
                }
                if let Some(v) = some_text(&l.value) {
                    line = line.with_value(v);
                }
                line
            };
            order.logos.push(line);
        }
        let kinds: Vec<(LogoRef, LogoType)> = self
            .logos
            .iter()
            .filter_map(|l| Some((l.logo_ref(), l.logo_type.clone()?)))
            .collect();
        let mut issues =
            order.validate_with(|r| kinds.iter().find(|(k, _)| k == r).map(|(_, t)| t.clone()));
        crate::i18n::api::translate_issues(&mut issues);
        issues.retain(|i| !own.iter().any(|o| o.path == i.path));
        issues.extend(own);
        (order, issues)
    }

    /// Who receives the order, as listed in the history.
    pub fn recipient(&self) -> String {
        self.address.name.trim().to_owned()
    }
}

/// The reference of a copy: "PO-114 (copy)" ("(kopi)" in Danish); a reference already
/// marked as a copy, or an empty one, stays as it is.
pub fn copy_reference(reference: &str) -> String {
    let t = reference.trim();
    let marked = crate::tr!("orders-reference-copy", reference = t);
    let suffix = marked.strip_prefix(t).unwrap_or_default();
    if t.is_empty() || (!suffix.is_empty() && t.ends_with(suffix)) {
        t.to_owned()
    } else {
        marked
    }
}

impl DraftForm {
    /// "Order again": a new draft with the lines, the address and the comment of an order
    /// the service completed, its reference marked as a copy. The form stored with the order
    /// (`draft_json`, what was sent) is taken when it can be read, else the service's order
    /// object; `None` when there is neither. Prices, order number, tracking id and dates are
    /// not part of a form, so none of them carries over.
    pub fn order_again(draft_json: Option<&str>, order: Option<&Order>) -> Option<DraftForm> {
        let stored = draft_json.and_then(|j| serde_json::from_str::<DraftForm>(j).ok());
        let mut form = stored.or_else(|| order.map(DraftForm::from_order))?;
        form.reference = copy_reference(&form.reference);
        Some(form)
    }

    /// The form of an order known from the service's order object (looked up by tracking
    /// id). What the object does not echo is left empty: storage quantities, e-mail,
    /// contact name, organization; the composer fetches titles, placeholders and kinds.
    /// A number logo's per-digit entries become one line each, the digit as the value (the
    /// composer makes it the line's digit once it learns the logo is a number logo).
    pub fn from_order(order: &Order) -> DraftForm {
        let a = &order.delivery_address;
        let designs = order
            .designs
            .iter()
            .map(|d| DesignForm {
                reference: match &d.design_mul {
                    Some(mul) if d.design_id.0 <= 0 => mul.to_string(),
                    _ => d.design_id.to_string(),
                },
                title: d.design_title.clone(),
                placeholders: Vec::new(),
                rows: d
                    .instances
                    .iter()
                    .map(|i| RowForm {
                        id: RowId::next(),
                        size: i.size.clone(),
                        quantity: i.quantity.to_string(),
                        name: i.name.clone().unwrap_or_default(),
                        number: i.number.clone().unwrap_or_default(),
                        values: i
                            .logo_values
                            .iter()
                            .map(|v| (v.logo_id.0, v.value.clone()))
                            .collect(),
                    })
                    .collect(),
            })
            .collect();
        let logos = order
            .logos
            .iter()
            .map(|l| {
                let (reference, by_item_no) = match &l.logo_sku {
                    Some(sku) if l.logo_id.0 <= 0 => (sku.to_string(), true),
                    _ => (l.logo_id.to_string(), false),
                };
                LogoForm {
                    reference,
                    by_item_no,
                    title: l.logo_title.clone(),
                    quantity: l.quantity.to_string(),
                    value: l.value.clone().unwrap_or_default(),
                    ..Default::default()
                }
            })
            .collect();
        DraftForm {
            reference: order.reference.clone(),
            comment: order.comment.clone(),
            origin_of_delivery: order.origin_of_delivery.clone(),
            address: AddressForm {
                name: a.name.clone(),
                street: a.address.clone(),
                zip: a.zip.clone(),
                city: a.city.clone(),
                country: a.country.clone(),
                contact_person: a.contact_person.clone().unwrap_or_default(),
            },
            designs,
            logos,
            ..Default::default()
        }
    }
}

/// At most this many addresses are offered in the composer's address book.
pub const ADDRESS_BOOK_SIZE: usize = 50;

impl AddressForm {
    /// The address with its text trimmed.
    fn trimmed(&self) -> AddressForm {
        AddressForm {
            name: self.name.trim().to_owned(),
            street: self.street.trim().to_owned(),
            zip: self.zip.trim().to_owned(),
            city: self.city.trim().to_owned(),
            country: self.country.trim().to_ascii_uppercase(),
            contact_person: self.contact_person.trim().to_owned(),
        }
    }

    /// The address on one line, as the address book lists it.
    pub fn one_line(&self) -> String {
        [
            self.name.as_str(),
            self.street.as_str(),
            &format!("{} {}", self.zip, self.city),
            self.country.as_str(),
        ]
        .iter()
        .map(|s| s.trim())
        .filter(|s| !s.is_empty())
        .collect::<Vec<_>>()
        .join(", ")
    }

    /// Whether `query` (any case) is found in any of its fields.
    pub fn matches(&self, query: &str) -> bool {
        let q = query.trim().to_lowercase();
        q.is_empty()
            || [
                &self.name,
                &self.street,
                &self.zip,
                &self.city,
                &self.country,
                &self.contact_person,
            ]
            .iter()
            .any(|f| f.to_lowercase().contains(&q))
    }
}

/// The delivery addresses of saved forms (JSON, newest first), each once (the same address
/// in another case or with other spaces counts as the same), newest first, at most
/// [`ADDRESS_BOOK_SIZE`]. Forms that cannot be read and addresses without a name or street
/// are left out.
pub fn address_book<'a>(forms: impl IntoIterator<Item = &'a str>) -> Vec<AddressForm> {
    let mut book: Vec<AddressForm> = Vec::new();
    let mut seen = std::collections::HashSet::new();
    for json in forms {
        let Ok(form) = serde_json::from_str::<DraftForm>(json) else {
            continue;
        };
        let a = form.address.trimmed();
        if a.name.is_empty() || a.street.is_empty() {
            continue;
        }
        let key = serde_json::to_string(&a).unwrap_or_default().to_lowercase();
        if seen.insert(key) {
            book.push(a);
            if book.len() == ADDRESS_BOOK_SIZE {
                break;
            }
        }
    }
    book
}

/// A club's contact as a placed order named them: offered when the club is asked to approve
/// a logo draft, which has no order to take them from.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct KnownContact {
    /// The club (the delivery address's name).
    pub club: String,
    /// Its contact person, else the order's contact name.
    pub name: String,
    pub email: String,
}

/// The clubs of placed forms (JSON, newest first), each once (in any case) with the contact
/// its newest order named, at most [`ADDRESS_BOOK_SIZE`]. Forms that cannot be read, and
/// clubs without a name or a contact, are left out.
pub fn club_contacts<'a>(forms: impl IntoIterator<Item = &'a str>) -> Vec<KnownContact> {
    let mut known: Vec<KnownContact> = Vec::new();
    let mut seen = std::collections::HashSet::new();
    for json in forms {
        let Ok(form) = serde_json::from_str::<DraftForm>(json) else {
            continue;
        };
        let club = form.address.name.trim();
        let name = [form.address.contact_person.trim(), form.contact_name.trim()]
            .into_iter()
            .find(|s| !s.is_empty());
        let Some(name) = name.filter(|_| !club.is_empty()) else {
            continue;
        };
        if seen.insert(club.to_lowercase()) {
            known.push(KnownContact {
                club: club.to_owned(),
                name: name.to_owned(),
                email: form.email.trim().to_owned(),
            });
            if known.len() == ADDRESS_BOOK_SIZE {
                break;
            }
        }
    }
    known
}

/// How the service will split a multi-digit value into single-digit transfers, as a
/// sentence (docs/spec-gaps.md: single digits, merged per digit in order of first appearance).
pub fn digit_split(digit: &str, quantity: i64) -> Option<String> {
    let d = digit.trim();
    if d.chars().count() < 2 || !d.chars().all(|c| c.is_ascii_digit()) {
        return None;
    }
    let counts = split_digits([(d, quantity.max(0))]);
    let parts: Vec<String> = counts
        .iter()
        .map(|(c, n)| format!("{n} × \"{c}\""))
        .collect();
    Some(crate::tr!(
        "orders-digit-split",
        digit = d,
        parts = parts.join(" + ")
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn filled() -> DraftForm {
        DraftForm {
            reference: "PO-7".into(),
            address: AddressForm {
                name: "Nordby IF".into(),
                street: "Stadionvej 1".into(),
                zip: "6700".into(),
                city: "Esbjerg".into(),
                country: "DK".into(),
                contact_person: String::new(),
            },
            designs: vec![DesignForm {
                reference: "20001".into(),
                rows: vec![RowForm {
                    id: RowId::next(),
                    size: "M".into(),
                    quantity: "2".into(),
                    name: "Hansen".into(),
                    number: "7".into(),
                    values: BTreeMap::new(),
                }],
                ..Default::default()
            }],
            ..Default::default()
        }
    }

    #[test]
    fn a_filled_form_is_a_valid_order() {
        let (order, issues) = filled().to_order();
        assert!(issues.is_empty(), "{issues:?}");
        assert_eq!(order.designs[0].design, DesignRef::Id(DesignId(20001)));
        assert_eq!(order.designs[0].instances[0].number.as_deref(), Some("7"));
    }

    #[test]
    fn parse_errors_replace_the_rule_of_their_field() {
        let mut f = filled();
        f.designs[0].rows[0].quantity = "two".into();
        f.designs[0].rows[0].number = "7a".into();
        f.reference.clear();
        let (_, issues) = f.to_order();
        let paths: Vec<&str> = issues.iter().map(|i| i.path.as_str()).collect();
        assert!(paths.contains(&"reference"));
        assert!(paths.contains(&"designs[0].instances[0].number"));
        let q: Vec<_> = issues
            .iter()
            .filter(|i| i.path == "designs[0].instances[0].quantity")
            .collect();
        assert_eq!(q.len(), 1);
        assert!(q[0].message.contains("\"two\""));
    }

    #[test]
    fn number_logos_are_ordered_by_digits() {
        let mut f = filled();
        f.logos.push(LogoForm {
            reference: "10036".into(),
            logo_type: Some(LogoType::NumberLogo),
            digits: vec![DigitForm {
                digit: "10".into(),
                quantity: "3".into(),
                storage: String::new(),
            }],
            ..Default::default()
        });
        let (order, issues) = f.to_order();
        assert!(issues.is_empty(), "{issues:?}");
        assert_eq!(
            serde_json::to_value(&order.logos[0]).unwrap(),
            serde_json::json!({"logoId": 10036, "digits": [{"digit": "10", "quantity": 3}]})
        );
        assert_eq!(
            digit_split("10", 3).unwrap(),
            "\"10\" is printed as 3 × \"1\" + 3 × \"0\""
        );
        assert_eq!(digit_split("7", 3), None);
    }

    #[test]
    fn design_references_are_checked_for_their_shape() {
        assert_eq!(check_design_reference(" 20001 ").as_deref(), Ok("20001"));
        assert_eq!(check_design_reference("020001").as_deref(), Ok("20001"));
        assert_eq!(
            check_design_reference("mul123456").as_deref(),
            Ok("MUL123456")
        );
        assert_eq!(
            check_design_reference(" MUL 123 456").as_deref(),
            Ok("MUL123456")
        );
        for bad in [
            "",
            "MUL",
            "MULX12",
            "ABC123",
            "12a",
            "-5",
            "0",
            "1.5",
            "99999999999999999999",
        ] {
            let e = check_design_reference(bad).unwrap_err();
            assert!(e.to_string().contains("MUL and digits"), "{bad}: {e}");
        }
    }

    #[test]
    fn the_address_book_is_deduplicated_newest_first_and_bounded() {
        let form = |name: &str, street: &str| {
            let mut f = filled();
            f.address.name = name.into();
            f.address.street = street.into();
            serde_json::to_string(&f).unwrap()
        };
        let forms = [
            form("Nordby IF", "Stadionvej 1"),
            form(" nordby if ", "STADIONVEJ 1"),
            form("Sønderby BK", "Banevej 2"),
            form("", "No name 3"),
            "not json".to_owned(),
            form("Nordby IF", "Stadionvej 1"),
        ];
        let book = address_book(forms.iter().map(String::as_str));
        let names: Vec<&str> = book.iter().map(|a| a.name.as_str()).collect();
        assert_eq!(names, ["Nordby IF", "Sønderby BK"]);
        assert_eq!(
            book[0].one_line(),
            "Nordby IF, Stadionvej 1, 6700 Esbjerg, DK"
        );
        assert!(book[1].matches("sønder"));
        assert!(book[1].matches("banevej"));
        assert!(!book[1].matches("Esbjerg X"));
        let many: Vec<String> = (0..80).map(|n| form("Club", &format!("Vej {n}"))).collect();
        let book = address_book(many.iter().map(String::as_str));
        assert_eq!(book.len(), ADDRESS_BOOK_SIZE);
        assert_eq!(book[0].street, "Vej 0");
    }

    #[test]
    fn a_clubs_contact_is_the_one_its_newest_order_named() {
        let form = |club: &str, person: &str, contact: &str, email: &str| {
            let mut f = filled();
            f.address.name = club.into();
            f.address.contact_person = person.into();
            f.contact_name = contact.into();
            f.email = email.into();
            serde_json::to_string(&f).unwrap()
        };
        let forms = [
            form(" Nordby IF ", "Mette Hansen", "", " mette@nordby.example "),
            form("NORDBY IF", "Ole Berg", "", "ole@nordby.example"),
            form("Sønderby BK", "", "Jens Bo", "jens@sbk.example"),
            form("No contact", "", "", "x@example.com"),
            form("", "Nobody's", "", ""),
            "not json".to_owned(),
        ];
        let known = club_contacts(forms.iter().map(String::as_str));
        assert_eq!(
            known,
            [
                KnownContact {
                    club: "Nordby IF".into(),
                    name: "Mette Hansen".into(),
                    email: "mette@nordby.example".into(),
                },
                KnownContact {
                    club: "Sønderby BK".into(),
                    name: "Jens Bo".into(),
                    email: "jens@sbk.example".into(),
                },
            ]
        );
        let many: Vec<String> = (0..80)
            .map(|n| form(&format!("Club {n}"), "C", "", ""))
            .collect();
        assert_eq!(
            club_contacts(many.iter().map(String::as_str)).len(),
            ADDRESS_BOOK_SIZE
        );
    }

    /// A completed order as the service returns it (spec: Order object), with a NumberLogo
    /// ordered by digits (one entry per digit value) and a design known by id and item no.
    fn completed() -> Order {
        serde_json::from_value(serde_json::json!({
            "orderNumber": "SO-777", "placedAtUtc": "2026-01-02T10:00:00Z",
            "latestDeliveryDate": "2026-01-09T00:00:00", "reference": "PO-114",
            "comment": "Before the cup", "originOfDelivery": "Shop 3",
            "deliveryAddress": {"name": "Nordby IF", "address": "Stadionvej 1", "zip": "6700",
                "city": "Esbjerg", "country": "DK", "contactPerson": "Mette"},
            "currency": "DKK", "subTotal": 1464.6, "vat": 366.15, "vatRate": 25.0,
            "total": 1830.75,
            "designs": [{"designId": 20001, "designMul": "MUL123456", "designTitle": "U15 home",
                "instances": [
                    {"size": "M", "quantity": 2, "name": "Hansen", "number": "7",
                        "logoValues": [{"logoId": 4, "value": "Sønderå"}]},
                    {"size": "152", "quantity": 1}
                ]}],
            "logos": [
                {"logoId": 10036, "logoSku": "300036", "logoTitle": "Numbers", "quantity": 3,
                    "value": "7"},
                {"logoId": 10002, "logoSku": "300002", "logoTitle": "Crest", "quantity": 5}
            ]
        }))
        .unwrap()
    }

    #[test]
    fn an_order_from_the_service_becomes_a_form_with_its_lines_and_address() {
        let order = completed();
        let f = DraftForm::order_again(None, Some(&order)).expect("a form");
        assert_eq!(f.reference, "PO-114 (copy)");
        assert_eq!(f.comment, "Before the cup");
        assert_eq!(f.origin_of_delivery, "Shop 3");
        assert_eq!(
            f.address,
            AddressForm {
                name: "Nordby IF".into(),
                street: "Stadionvej 1".into(),
                zip: "6700".into(),
                city: "Esbjerg".into(),
                country: "DK".into(),
                contact_person: "Mette".into(),
            }
        );
        assert_eq!(f.designs.len(), 1);
        let d = &f.designs[0];
        assert_eq!(
            (d.reference.as_str(), d.title.as_str()),
            ("20001", "U15 home")
        );
        assert_eq!(
            d.rows,
            [
                RowForm {
                    id: RowId::next(),
                    size: "M".into(),
                    quantity: "2".into(),
                    name: "Hansen".into(),
                    number: "7".into(),
                    values: BTreeMap::from([(4, "Sønderå".to_owned())]),
                },
                RowForm {
                    size: "152".into(),
                    quantity: "1".into(),
                    ..Default::default()
                }
            ]
        );
        let logos: Vec<_> = f
            .logos
            .iter()
            .map(|l| {
                (
                    l.reference.as_str(),
                    l.by_item_no,
                    l.quantity.as_str(),
                    l.value.as_str(),
                )
            })
            .collect();
        assert_eq!(
            logos,
            [("10036", false, "3", "7"), ("10002", false, "5", "")]
        );
        assert_eq!(f.logos[1].title, "Crest");

        // Sent as it is, it orders the same lines to the same address.
        let (body, issues) = f.to_order();
        assert!(issues.is_empty(), "{issues:?}");
        assert_eq!(body.delivery_address.address, "Stadionvej 1");
        assert_eq!(
            body.delivery_address.contact_person.as_deref(),
            Some("Mette")
        );
        assert_eq!(body.designs[0].design, DesignRef::Id(DesignId(20001)));
        let instances = serde_json::to_value(&body.designs[0].instances).unwrap();
        assert_eq!(
            instances,
            serde_json::to_value(&order.designs[0].instances).unwrap()
        );
        assert_eq!(
            serde_json::to_value(&body.logos).unwrap(),
            serde_json::json!([
                {"logoId": 10036, "quantity": 3, "value": "7"},
                {"logoId": 10002, "quantity": 5}
            ])
        );
    }

    #[test]
    fn what_the_service_computed_or_assigned_is_not_copied() {
        let f = DraftForm::order_again(None, Some(&completed())).expect("a form");
        let json = serde_json::to_string(&f).unwrap();
        for assigned in ["SO-777", "1830.75", "1464.6", "366.15", "2026-01-0", "DKK"] {
            assert!(!json.contains(assigned), "{assigned} was copied: {json}");
        }
        // Nor what the order object does not echo.
        assert_eq!(
            (
                f.organization.as_str(),
                f.email.as_str(),
                f.contact_name.as_str()
            ),
            ("", "", "")
        );
        assert!(
            f.logos
                .iter()
                .all(|l| l.storage.is_empty() && l.logo_type.is_none())
        );
    }

    #[test]
    fn an_item_number_is_used_only_without_an_id() {
        let mut order = completed();
        order.designs[0].design_id = DesignId(0);
        order.logos[1].logo_id = LogoId(0);
        let f = DraftForm::from_order(&order);
        assert_eq!(f.designs[0].reference, "MUL123456");
        assert_eq!(
            f.designs[0].design_ref(),
            DesignRef::Mul(DesignMul::from("MUL123456"))
        );
        assert_eq!(
            (f.logos[1].reference.as_str(), f.logos[1].by_item_no),
            ("300002", true)
        );
        assert_eq!(f.logos[1].logo_ref(), LogoRef::Sku(LogoSku::from("300002")));
    }

    #[test]
    fn the_stored_form_is_ordered_again_before_the_services_echo() {
        let mut stored = filled();
        stored.email = "kit@nordby-if.dk".into();
        stored.logos.push(LogoForm {
            reference: "10002".into(),
            quantity: "5".into(),
            storage: "2".into(),
            ..Default::default()
        });
        let json = serde_json::to_string(&stored).unwrap();
        let again = DraftForm::order_again(Some(&json), Some(&completed())).expect("a form");
        assert_eq!(again.reference, "PO-7 (copy)");
        let mut expected = stored.clone();
        expected.reference = "PO-7 (copy)".into();
        assert_eq!(
            again, expected,
            "storage and e-mail carry over from the stored form"
        );

        // A stored form that cannot be read: the service's order; neither: nothing.
        let again = DraftForm::order_again(Some("not json"), Some(&completed())).unwrap();
        assert_eq!(again.reference, "PO-114 (copy)");
        assert_eq!(DraftForm::order_again(Some("not json"), None), None);
        assert_eq!(DraftForm::order_again(None, None), None);
    }

    #[test]
    fn a_copy_is_marked_once() {
        assert_eq!(copy_reference(" PO-114 "), "PO-114 (copy)");
        assert_eq!(copy_reference("PO-114 (copy)"), "PO-114 (copy)");
        assert_eq!(copy_reference("  "), "");
        assert_eq!(
            crate::i18n::text_in(
                crate::locale::Language::Danish,
                "orders-reference-copy",
                Some(&fluent_bundle::FluentArgs::from_iter([(
                    "reference",
                    "PO-114"
                )]))
            ),
            "PO-114 (kopi)"
        );
    }

    #[test]
    fn forms_round_trip_as_json() {
        let f = filled();
        let json = serde_json::to_string(&f).unwrap();
        assert_eq!(serde_json::from_str::<DraftForm>(&json).unwrap(), f);
        // Older or partial drafts read with defaults.
        let partial: DraftForm = serde_json::from_str(r#"{"reference":"X"}"#).unwrap();
        assert_eq!(partial.reference, "X");
    }
}
