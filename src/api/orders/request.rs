//! The body of `POST /api/orders`, shaped so that what the spec forbids cannot be built:
//! a design line names its design by id *or* item number, a logo line names its logo by id *or*
//! SKU and orders it by quantity *or* by digits.

use crate::api::ids::{DesignId, DesignMul, LogoId, LogoSku, OrganizationId};
use crate::api::models::{DeliveryAddress, LogoValue};
use serde::{Deserialize, Serialize};
use std::fmt;

/// The `Idempotency-Key` of one logical order: a UUID v4. Keep it with the draft and send the
/// same key when placing the same order again (after a crash, a timeout, a restart): the
/// service then answers the original tracking id instead of creating a second order.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct IdempotencyKey(String);

impl IdempotencyKey {
    /// A fresh random key.
    pub fn new() -> Self {
        IdempotencyKey(uuid::Uuid::new_v4().to_string())
    }

    /// The key as sent in the header.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl Default for IdempotencyKey {
    fn default() -> Self {
        Self::new()
    }
}

impl From<uuid::Uuid> for IdempotencyKey {
    fn from(u: uuid::Uuid) -> Self {
        IdempotencyKey(u.to_string())
    }
}

impl std::str::FromStr for IdempotencyKey {
    type Err = uuid::Error;

    /// Parses a stored key; it must be a UUID.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        uuid::Uuid::parse_str(s.trim()).map(Self::from)
    }
}

impl fmt::Display for IdempotencyKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

fn is_blank(s: &Option<String>) -> bool {
    s.as_deref().is_none_or(|s| s.trim().is_empty())
}

/// Body of `POST /api/orders`. Serialises to exactly the spec's camelCase body: `designs` and
/// `logos` are always present (possibly empty); optional texts that are `None` or blank are
/// left out.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PlaceOrder {
    /// Child vendor organization to order for; the caller's own when `None`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub organization_id: Option<OrganizationId>,
    /// The caller's reference, e.g. a purchase order number. Required.
    #[serde(default)]
    pub reference: String,
    /// Free text.
    #[serde(default, skip_serializing_if = "is_blank")]
    pub comment: Option<String>,
    /// Free text.
    #[serde(default, skip_serializing_if = "is_blank")]
    pub origin_of_delivery: Option<String>,
    /// Address for notifications.
    #[serde(default, skip_serializing_if = "is_blank")]
    pub email: Option<String>,
    /// Contact person for the order.
    #[serde(default, skip_serializing_if = "is_blank")]
    pub contact_name: Option<String>,
    /// Where to deliver.
    #[serde(default)]
    pub delivery_address: DeliveryAddress,
    /// Designs (finished garments).
    #[serde(default)]
    pub designs: Vec<DesignLine>,
    /// Standalone logos (loose transfers).
    #[serde(default)]
    pub logos: Vec<LogoLine>,
}

impl PlaceOrder {
    /// An order with a reference and an address and no lines yet.
    pub fn new(reference: impl Into<String>, delivery_address: DeliveryAddress) -> Self {
        PlaceOrder {
            reference: reference.into(),
            delivery_address,
            ..Default::default()
        }
    }

    /// Orders for a child organization.
    pub fn for_organization(mut self, id: OrganizationId) -> Self {
        self.organization_id = Some(id);
        self
    }

    /// Sets the comment.
    pub fn with_comment(mut self, comment: impl Into<String>) -> Self {
        self.comment = Some(comment.into());
        self
    }

    /// Sets the origin of delivery.
    pub fn with_origin_of_delivery(mut self, origin: impl Into<String>) -> Self {
        self.origin_of_delivery = Some(origin.into());
        self
    }

    /// Sets the notification e-mail.
    pub fn with_email(mut self, email: impl Into<String>) -> Self {
        self.email = Some(email.into());
        self
    }

    /// Sets the contact name.
    pub fn with_contact_name(mut self, name: impl Into<String>) -> Self {
        self.contact_name = Some(name.into());
        self
    }

    /// Adds a design line.
    pub fn with_design(mut self, line: DesignLine) -> Self {
        self.designs.push(line);
        self
    }

    /// Adds a standalone logo line.
    pub fn with_logo(mut self, line: LogoLine) -> Self {
        self.logos.push(line);
        self
    }
}

impl DeliveryAddress {
    /// An address with the required fields (`country` is a 2-letter ISO code such as `DK`).
    pub fn new(
        name: impl Into<String>,
        address: impl Into<String>,
        zip: impl Into<String>,
        city: impl Into<String>,
        country: impl Into<String>,
    ) -> Self {
        DeliveryAddress {
            name: name.into(),
            address: address.into(),
            zip: zip.into(),
            city: city.into(),
            country: country.into(),
            contact_person: None,
        }
    }

    /// Sets the contact person at the address.
    pub fn with_contact_person(mut self, person: impl Into<String>) -> Self {
        self.contact_person = Some(person.into());
        self
    }
}

/// Which design a line orders: `designId` or `designMul`, never both, never neither.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum DesignRef {
    /// Internal id (`designId`).
    #[serde(rename = "designId")]
    Id(DesignId),
    /// External item number (`designMul`, a design's `designItemNo`).
    #[serde(rename = "designMul")]
    Mul(DesignMul),
}

impl From<DesignId> for DesignRef {
    fn from(id: DesignId) -> Self {
        DesignRef::Id(id)
    }
}

impl From<DesignMul> for DesignRef {
    fn from(m: DesignMul) -> Self {
        DesignRef::Mul(m)
    }
}

impl fmt::Display for DesignRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DesignRef::Id(id) => write!(f, "design {id}"),
            DesignRef::Mul(m) => write!(f, "design {m}"),
        }
    }
}

/// A design entry of an order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "RawDesignLine")]
pub struct DesignLine {
    /// The design.
    #[serde(flatten)]
    pub design: DesignRef,
    /// Sizes and quantities (at least one).
    pub instances: Vec<Instance>,
}

impl DesignLine {
    /// A design line.
    pub fn new(design: impl Into<DesignRef>, instances: Vec<Instance>) -> Self {
        DesignLine {
            design: design.into(),
            instances,
        }
    }

    /// Adds an instance.
    pub fn with_instance(mut self, instance: Instance) -> Self {
        self.instances.push(instance);
        self
    }
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct RawDesignLine {
    #[serde(default)]
    design_id: Option<DesignId>,
    #[serde(default)]
    design_mul: Option<DesignMul>,
    #[serde(default)]
    instances: Vec<Instance>,
}

impl TryFrom<RawDesignLine> for DesignLine {
    type Error = String;
    fn try_from(raw: RawDesignLine) -> Result<Self, String> {
        let design = match (raw.design_id, raw.design_mul) {
            (Some(id), None) => DesignRef::Id(id),
            (None, Some(mul)) => DesignRef::Mul(mul),
            (Some(_), Some(_)) => {
                return Err("a design line has both designId and designMul; keep one".into());
            }
            (None, None) => return Err("a design line needs designId or designMul".into()),
        };
        Ok(DesignLine {
            design,
            instances: raw.instances,
        })
    }
}

/// One size of a design line.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Instance {
    /// Garment size, e.g. `M`.
    #[serde(default)]
    pub size: String,
    /// How many garments (more than 0).
    #[serde(default)]
    pub quantity: i64,
    /// Text for every NameLogo placeholder of the design.
    #[serde(default, skip_serializing_if = "is_blank")]
    pub name: Option<String>,
    /// Digits for every NumberLogo placeholder of the design.
    #[serde(default, skip_serializing_if = "is_blank")]
    pub number: Option<String>,
    /// Per-placeholder values (placeholder `logoId` → text), for designs with several.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub logo_values: Vec<LogoValue>,
}

impl Instance {
    /// `quantity` garments of `size`.
    pub fn new(size: impl Into<String>, quantity: i64) -> Self {
        Instance {
            size: size.into(),
            quantity,
            ..Default::default()
        }
    }

    /// Sets the name printed on NameLogo placeholders.
    pub fn with_name(mut self, name: impl Into<String>) -> Self {
        self.name = Some(name.into());
        self
    }

    /// Sets the number printed on NumberLogo placeholders.
    pub fn with_number(mut self, number: impl Into<String>) -> Self {
        self.number = Some(number.into());
        self
    }

    /// Sets the value of one placeholder.
    pub fn with_logo_value(mut self, logo_id: LogoId, value: impl Into<String>) -> Self {
        self.logo_values.push(LogoValue {
            logo_id,
            value: value.into(),
        });
        self
    }
}

/// Which logo a line orders: `logoId` or `logoSku`, never both, never neither.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum LogoRef {
    /// Internal id (`logoId`).
    #[serde(rename = "logoId")]
    Id(LogoId),
    /// External item number (`logoSku`).
    #[serde(rename = "logoSku")]
    Sku(LogoSku),
}

impl From<LogoId> for LogoRef {
    fn from(id: LogoId) -> Self {
        LogoRef::Id(id)
    }
}

impl From<LogoSku> for LogoRef {
    fn from(s: LogoSku) -> Self {
        LogoRef::Sku(s)
    }
}

impl fmt::Display for LogoRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LogoRef::Id(id) => write!(f, "logo {id}"),
            LogoRef::Sku(s) => write!(f, "logo {s}"),
        }
    }
}

/// How much of a standalone logo to order: by quantity, or (NumberLogos) by digits.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum LogoAmount {
    /// `quantity`, optional `storageQuantity` and `value` (for TextLogo/NameLogo).
    Quantity {
        /// Units to order (more than 0).
        quantity: i64,
        /// Additional units kept in storage.
        #[serde(rename = "storageQuantity", skip_serializing_if = "Option::is_none")]
        storage_quantity: Option<i64>,
        /// Typed text, for TextLogo or NameLogo.
        #[serde(skip_serializing_if = "is_blank")]
        value: Option<String>,
    },
    /// `digits`: which digit strings and how many of each (NumberLogo).
    Digits {
        /// The digit entries.
        digits: Vec<DigitLine>,
    },
}

/// A standalone logo entry of an order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "RawLogoLine")]
pub struct LogoLine {
    /// The logo.
    #[serde(flatten)]
    pub logo: LogoRef,
    /// How much of it.
    #[serde(flatten)]
    pub amount: LogoAmount,
}

impl LogoLine {
    /// `quantity` units of a logo.
    pub fn quantity(logo: impl Into<LogoRef>, quantity: i64) -> Self {
        LogoLine {
            logo: logo.into(),
            amount: LogoAmount::Quantity {
                quantity,
                storage_quantity: None,
                value: None,
            },
        }
    }

    /// A NumberLogo ordered by digits.
    pub fn digits(logo: impl Into<LogoRef>, digits: Vec<DigitLine>) -> Self {
        LogoLine {
            logo: logo.into(),
            amount: LogoAmount::Digits { digits },
        }
    }

    /// Sets the units kept in storage (quantity lines only; digit lines carry their own).
    pub fn with_storage_quantity(mut self, n: i64) -> Self {
        if let LogoAmount::Quantity {
            storage_quantity, ..
        } = &mut self.amount
        {
            *storage_quantity = Some(n);
        }
        self
    }

    /// Sets the typed text (quantity lines only).
    pub fn with_value(mut self, text: impl Into<String>) -> Self {
        if let LogoAmount::Quantity { value, .. } = &mut self.amount {
            *value = Some(text.into());
        }
        self
    }
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct RawLogoLine {
    #[serde(default)]
    logo_id: Option<LogoId>,
    #[serde(default)]
    logo_sku: Option<LogoSku>,
    #[serde(default)]
    quantity: Option<i64>,
    #[serde(default)]
    storage_quantity: Option<i64>,
    #[serde(default)]
    value: Option<String>,
    #[serde(default)]
    digits: Option<Vec<DigitLine>>,
}

impl TryFrom<RawLogoLine> for LogoLine {
    type Error = String;
    fn try_from(raw: RawLogoLine) -> Result<Self, String> {
        let logo = match (raw.logo_id, raw.logo_sku) {
            (Some(id), None) => LogoRef::Id(id),
            (None, Some(sku)) => LogoRef::Sku(sku),
            (Some(_), Some(_)) => {
                return Err("a logo line has both logoId and logoSku; keep one".into());
            }
            (None, None) => return Err("a logo line needs logoId or logoSku".into()),
        };
        let amount = match (raw.quantity, raw.digits) {
            (Some(quantity), None) => LogoAmount::Quantity {
                quantity,
                storage_quantity: raw.storage_quantity,
                value: raw.value,
            },
            (None, Some(digits)) => LogoAmount::Digits { digits },
            (Some(_), Some(_)) => {
                return Err("a logo line has both quantity and digits; keep one".into());
            }
            (None, None) => return Err("a logo line needs quantity or digits".into()),
        };
        Ok(LogoLine { logo, amount })
    }
}

/// One digit entry of a NumberLogo line.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct DigitLine {
    /// One or more digits, e.g. `7` or `23` (the service splits multi-digit values).
    #[serde(default)]
    pub digit: String,
    /// How many times to apply it (more than 0).
    #[serde(default)]
    pub quantity: i64,
    /// Additional units kept in storage.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub storage_quantity: Option<i64>,
}

impl DigitLine {
    /// `quantity` of `digit`.
    pub fn new(digit: impl Into<String>, quantity: i64) -> Self {
        DigitLine {
            digit: digit.into(),
            quantity,
            storage_quantity: None,
        }
    }

    /// Sets the units kept in storage.
    pub fn with_storage_quantity(mut self, n: i64) -> Self {
        self.storage_quantity = Some(n);
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn address() -> DeliveryAddress {
        DeliveryAddress::new("Jet Sport", "Industrivej 1", "7400", "Herning", "DK")
            .with_contact_person("Mette")
    }

    #[test]
    fn full_order_serialises_to_the_spec_body() {
        let order = PlaceOrder::new("PO-1001", address())
            .for_organization(OrganizationId(77))
            .with_comment("Rush")
            .with_origin_of_delivery("Webshop")
            .with_email("orders@example.dk")
            .with_contact_name("Lars")
            .with_design(DesignLine::new(
                DesignId(12),
                vec![
                    Instance::new("M", 10),
                    Instance::new("L", 2).with_name("Hansen").with_number("7"),
                    Instance::new("XL", 1).with_logo_value(LogoId(501), "Kaptajn"),
                ],
            ))
            .with_design(DesignLine::new(
                DesignMul::from("MUL123456"),
                vec![Instance::new("S", 3)],
            ))
            .with_logo(
                LogoLine::quantity(LogoId(9), 100)
                    .with_storage_quantity(50)
                    .with_value("HOLD"),
            )
            .with_logo(LogoLine::digits(
                LogoSku::from("1002"),
                vec![
                    DigitLine::new("7", 20).with_storage_quantity(5),
                    DigitLine::new("23", 4),
                ],
            ));
        let expected = json!({
            "organizationId": 77,
            "reference": "PO-1001",
            "comment": "Rush",
            "originOfDelivery": "Webshop",
            "email": "orders@example.dk",
            "contactName": "Lars",
            "deliveryAddress": {
                "name": "Jet Sport", "address": "Industrivej 1", "zip": "7400",
                "city": "Herning", "country": "DK", "contactPerson": "Mette"
            },
            "designs": [
                {"designId": 12, "instances": [
                    {"size": "M", "quantity": 10},
                    {"size": "L", "quantity": 2, "name": "Hansen", "number": "7"},
                    {"size": "XL", "quantity": 1, "logoValues": [{"logoId": 501, "value": "Kaptajn"}]}
                ]},
                {"designMul": "MUL123456", "instances": [{"size": "S", "quantity": 3}]}
            ],
            "logos": [
                {"logoId": 9, "quantity": 100, "storageQuantity": 50, "value": "HOLD"},
                {"logoSku": "1002", "digits": [
                    {"digit": "7", "quantity": 20, "storageQuantity": 5},
                    {"digit": "23", "quantity": 4}
                ]}
            ]
        });
        assert_eq!(serde_json::to_value(&order).unwrap(), expected);
        // Drafts read back to the same value.
        let back: PlaceOrder = serde_json::from_value(expected).unwrap();
        assert_eq!(back, order);
    }

    #[test]
    fn minimal_order_keeps_both_arrays_and_omits_optionals() {
        let order = PlaceOrder::new("R", DeliveryAddress::new("N", "A", "Z", "C", "DK"))
            .with_logo(LogoLine::quantity(LogoId(1), 5))
            .with_comment("  ");
        assert_eq!(
            serde_json::to_value(&order).unwrap(),
            json!({
                "reference": "R",
                "deliveryAddress": {"name": "N", "address": "A", "zip": "Z", "city": "C", "country": "DK"},
                "designs": [],
                "logos": [{"logoId": 1, "quantity": 5}]
            })
        );
    }

    #[test]
    fn design_ref_is_id_or_mul() {
        let by_id = DesignLine::new(DesignId(5), vec![]);
        assert_eq!(
            serde_json::to_value(&by_id).unwrap(),
            json!({"designId": 5, "instances": []})
        );
        let by_mul = DesignLine::new(DesignMul::from("MUL9"), vec![]);
        assert_eq!(
            serde_json::to_value(&by_mul).unwrap(),
            json!({"designMul": "MUL9", "instances": []})
        );
        let both = serde_json::from_value::<DesignLine>(
            json!({"designId": 5, "designMul": "MUL9", "instances": []}),
        );
        assert!(both.unwrap_err().to_string().contains("both"));
        let neither = serde_json::from_value::<DesignLine>(json!({"instances": []}));
        assert!(neither.is_err());
        let lenient: DesignLine =
            serde_json::from_value(json!({"designId": "5", "designMul": null, "instances": []}))
                .unwrap();
        assert_eq!(lenient.design, DesignRef::Id(DesignId(5)));
    }

    #[test]
    fn logo_line_shapes() {
        let digits = LogoLine::digits(LogoId(3), vec![DigitLine::new("10", 2)]);
        assert_eq!(
            serde_json::to_value(&digits).unwrap(),
            json!({"logoId": 3, "digits": [{"digit": "10", "quantity": 2}]})
        );
        // Storage and value setters do not apply to digit lines.
        assert_eq!(
            digits.clone().with_storage_quantity(3).with_value("x"),
            digits
        );
        for bad in [
            json!({"logoId": 3, "logoSku": "9", "quantity": 1}),
            json!({"quantity": 1}),
            json!({"logoId": 3, "quantity": 1, "digits": []}),
            json!({"logoId": 3}),
        ] {
            assert!(
                serde_json::from_value::<LogoLine>(bad.clone()).is_err(),
                "{bad}"
            );
        }
        let sku: LogoLine =
            serde_json::from_value(json!({"logoSku": "1002", "quantity": 4, "storageQuantity": 1}))
                .unwrap();
        assert_eq!(
            sku,
            LogoLine::quantity(LogoSku::from("1002"), 4).with_storage_quantity(1)
        );
    }

    #[test]
    fn idempotency_keys_are_uuid_v4() {
        let a = IdempotencyKey::new();
        let b = IdempotencyKey::default();
        assert_ne!(a, b);
        let u = uuid::Uuid::parse_str(a.as_str()).unwrap();
        assert_eq!(u.get_version_num(), 4);
        let parsed: IdempotencyKey = a.to_string().parse().unwrap();
        assert_eq!(parsed, a);
        assert!("nope".parse::<IdempotencyKey>().is_err());
        assert_eq!(serde_json::to_value(&a).unwrap(), json!(a.as_str()));
    }
}
