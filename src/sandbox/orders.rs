//! Orders: structural validation of `POST /api/orders` bodies (answered 400 at once),
//! idempotency, and the asynchronous placement that ends `Completed` with prices or
//! `Failed` with a reason.

use chrono::{DateTime, Datelike as _, NaiveDate, NaiveDateTime, Utc, Weekday};
use serde_json::{Map, Value};

use super::db::{Changed, Db, Due};
use super::error::{Result, SandboxError};
use super::pricing;
use super::records::{
    DesignEntry, DesignRef, DigitEntry, IdemRec, Instance, LogoEntry, LogoRef, OrderRec,
    OrderRequest, due_after,
};
use crate::api::{
    DeliveryAddress, DesignStatus, LogoStatus, LogoType, LogoValue, Order, OrderStatus,
    OrderedDesign, OrderedInstance, OrderedLogo, TrackingRecord,
};
use crate::pricing::{Units, design_line, facts, logo_line, split_digits, totals};

/// Most design entries per order.
pub const MAX_DESIGNS: usize = 100;
/// Most standalone logo entries per order.
pub const MAX_LOGOS: usize = 100;
/// Most instances per design entry.
pub const MAX_INSTANCES: usize = 500;
/// Most digit entries per logo entry, and most `logoValues` per instance.
pub const MAX_DIGITS: usize = 50;
/// Largest quantity (or storage quantity) of one instance, logo or digit entry.
pub const MAX_QUANTITY: i64 = 100_000;
/// Longest accepted `Idempotency-Key`.
pub const MAX_KEY_LEN: usize = 255;
/// Business days from placement to the latest delivery date.
pub const DELIVERY_BUSINESS_DAYS: u32 = 10;

// ---------------------------------------------------------------------------------------------
// Structural validation
// ---------------------------------------------------------------------------------------------

fn bad(msg: impl Into<String>) -> SandboxError {
    SandboxError::bad(msg)
}

/// Reads fields of one JSON object, naming them by their path in error messages.
struct Fields<'a> {
    obj: &'a Map<String, Value>,
    path: String,
}

impl<'a> Fields<'a> {
    fn of(v: &'a Value, path: impl Into<String>) -> Result<Self> {
        let path = path.into();
        match v {
            Value::Object(obj) => Ok(Fields { obj, path }),
            _ => Err(bad(format!("{path} must be a JSON object"))),
        }
    }

    fn name(&self, key: &str) -> String {
        if self.path.is_empty() {
            key.to_owned()
        } else {
            format!("{}.{key}", self.path)
        }
    }

    /// A present, non-null value.
    fn get(&self, key: &str) -> Option<&'a Value> {
        self.obj.get(key).filter(|v| !v.is_null())
    }

    fn opt_str(&self, key: &str) -> Result<Option<String>> {
        match self.get(key) {
            None => Ok(None),
            Some(Value::String(s)) => Ok(Some(s.clone())),
            Some(_) => Err(bad(format!("{} must be a string", self.name(key)))),
        }
    }

    /// A string that is present and not blank.
    fn req_str(&self, key: &str) -> Result<String> {
        match self.opt_str(key)? {
            Some(s) if !s.trim().is_empty() => Ok(s),
            _ => Err(bad(format!("{} is required", self.name(key)))),
        }
    }

    /// A string id where blank counts as absent; numbers are taken as their digits.
    fn opt_id_str(&self, key: &str) -> Result<Option<String>> {
        match self.get(key) {
            None => Ok(None),
            Some(Value::String(s)) if s.trim().is_empty() => Ok(None),
            Some(Value::String(s)) => Ok(Some(s.trim().to_owned())),
            Some(Value::Number(n)) if n.is_i64() => Ok(Some(n.to_string())),
            Some(_) => Err(bad(format!("{} must be a string", self.name(key)))),
        }
    }

    fn opt_int(&self, key: &str) -> Result<Option<i64>> {
        match self.get(key) {
            None => Ok(None),
            Some(Value::Number(n)) => n
                .as_i64()
                .or_else(|| {
                    n.as_f64()
                        .filter(|f| f.fract() == 0.0 && f.abs() < 9.0e15)
                        .map(|f| f as i64)
                })
                .map(Some)
                .ok_or_else(|| bad(format!("{} must be an integer", self.name(key)))),
            Some(_) => Err(bad(format!("{} must be an integer", self.name(key)))),
        }
    }

    /// An integer in `1..=MAX_QUANTITY`.
    fn positive(&self, key: &str) -> Result<Option<i64>> {
        match self.opt_int(key)? {
            None => Ok(None),
            Some(q) if q <= 0 => Err(bad(format!(
                "{} must be greater than 0 (was {q})",
                self.name(key)
            ))),
            Some(q) if q > MAX_QUANTITY => Err(bad(format!(
                "{} must be at most {MAX_QUANTITY} (was {q})",
                self.name(key)
            ))),
            Some(q) => Ok(Some(q)),
        }
    }

    /// A storage quantity: absent = 0, else `0..=MAX_QUANTITY`.
    fn storage(&self, key: &str) -> Result<i64> {
        match self.opt_int(key)? {
            None => Ok(0),
            Some(q) if !(0..=MAX_QUANTITY).contains(&q) => Err(bad(format!(
                "{} must be between 0 and {MAX_QUANTITY} (was {q})",
                self.name(key)
            ))),
            Some(q) => Ok(q),
        }
    }

    /// An array; absent or null reads as empty.
    fn array(&self, key: &str) -> Result<&'a [Value]> {
        match self.get(key) {
            None => Ok(&[]),
            Some(Value::Array(a)) => Ok(a),
            Some(_) => Err(bad(format!("{} must be an array", self.name(key)))),
        }
    }
}

/// The 400 for an entry that names its design or logo both ways (`both`) or neither way.
fn not_exactly_one(path: &str, first: &str, second: &str, both: bool) -> SandboxError {
    let (gives, joint) = if both {
        ("both", "and")
    } else {
        ("neither", "nor")
    };
    bad(format!(
        "{path} gives {gives} {first} {joint} {second}; give exactly one of them"
    ))
}

fn is_digits(s: &str) -> bool {
    !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit())
}

/// Checks an order body against every structural rule; the first broken rule is answered
/// with a 400 naming it. Business rules (existence, access, status, NumberLogo digits) are
/// left to placement.
pub fn validate(body: &Value) -> Result<OrderRequest> {
    let f = Fields::of(body, "").map_err(|_| bad("The request body must be a JSON object"))?;
    let organization_id = f.opt_int("organizationId")?;
    let reference = f.req_str("reference")?;
    let comment = f.opt_str("comment")?.unwrap_or_default();
    let origin_of_delivery = f.opt_str("originOfDelivery")?.unwrap_or_default();
    // Free text as far as the service is concerned; the app checks its shape before sending.
    let email = f.opt_str("email")?.filter(|s| !s.trim().is_empty());
    let contact_name = f.opt_str("contactName")?;

    let addr = f
        .get("deliveryAddress")
        .ok_or_else(|| bad("deliveryAddress is required"))?;
    let a = Fields::of(addr, "deliveryAddress")?;
    let country = a.req_str("country")?.trim().to_owned();
    if country.len() != 2 || !country.bytes().all(|b| b.is_ascii_alphabetic()) {
        return Err(bad(format!(
            "deliveryAddress.country must be a 2-letter ISO country code (was {country:?})"
        )));
    }
    let delivery_address = DeliveryAddress {
        name: a.req_str("name")?,
        address: a.req_str("address")?,
        zip: a.req_str("zip")?,
        city: a.req_str("city")?,
        country: country.to_ascii_uppercase(),
        contact_person: a.opt_str("contactPerson")?,
    };

    let design_values = f.array("designs")?;
    let logo_values = f.array("logos")?;
    if design_values.is_empty() && logo_values.is_empty() {
        return Err(bad(
            "At least one of designs and logos must contain at least one entry",
        ));
    }
    if design_values.len() > MAX_DESIGNS {
        return Err(bad(format!(
            "At most {MAX_DESIGNS} design entries are accepted per order"
        )));
    }
    if logo_values.len() > MAX_LOGOS {
        return Err(bad(format!(
            "At most {MAX_LOGOS} logo entries are accepted per order"
        )));
    }
    let designs = design_values
        .iter()
        .enumerate()
        .map(|(i, v)| design_entry(v, &format!("designs[{i}]")))
        .collect::<Result<Vec<_>>>()?;
    let logos = logo_values
        .iter()
        .enumerate()
        .map(|(i, v)| logo_entry(v, &format!("logos[{i}]")))
        .collect::<Result<Vec<_>>>()?;

    Ok(OrderRequest {
        organization_id,
        reference,
        comment,
        origin_of_delivery,
        email,
        contact_name,
        delivery_address,
        designs,
        logos,
    })
}

fn design_entry(v: &Value, path: &str) -> Result<DesignEntry> {
    let f = Fields::of(v, path)?;
    let design = match (f.opt_int("designId")?, f.opt_id_str("designMul")?) {
        (Some(id), None) => DesignRef::Id(id),
        (None, Some(mul)) => DesignRef::Mul(mul),
        (id, _) => return Err(not_exactly_one(path, "designId", "designMul", id.is_some())),
    };
    let raw = f.array("instances")?;
    if raw.is_empty() {
        return Err(bad(format!(
            "{path}.instances must contain at least one instance"
        )));
    }
    if raw.len() > MAX_INSTANCES {
        return Err(bad(format!(
            "{path}.instances has {} entries; at most {MAX_INSTANCES} are accepted",
            raw.len()
        )));
    }
    let instances = raw
        .iter()
        .enumerate()
        .map(|(i, v)| instance(v, &format!("{path}.instances[{i}]")))
        .collect::<Result<Vec<_>>>()?;
    Ok(DesignEntry { design, instances })
}

fn instance(v: &Value, path: &str) -> Result<Instance> {
    let f = Fields::of(v, path)?;
    let size = f.req_str("size")?;
    let quantity = f
        .positive("quantity")?
        .ok_or_else(|| bad(format!("{path}.quantity is required")))?;
    let name = f.opt_str("name")?;
    let number = f.opt_str("number")?;
    if let Some(n) = &number
        && !is_digits(n)
    {
        return Err(bad(format!(
            "{path}.number must contain digits only (was {n:?})"
        )));
    }
    let raw = f.array("logoValues")?;
    if raw.len() > MAX_DIGITS {
        return Err(bad(format!(
            "{path}.logoValues has more than {MAX_DIGITS} entries"
        )));
    }
    let mut logo_values = Vec::with_capacity(raw.len());
    for (i, v) in raw.iter().enumerate() {
        let lv = Fields::of(v, format!("{path}.logoValues[{i}]"))?;
        let id = lv
            .opt_int("logoId")?
            .ok_or_else(|| bad(format!("{path}.logoValues[{i}].logoId is required")))?;
        let value = lv
            .opt_str("value")?
            .ok_or_else(|| bad(format!("{path}.logoValues[{i}].value is required")))?;
        logo_values.push((id, value));
    }
    Ok(Instance {
        size,
        quantity,
        name,
        number,
        logo_values,
    })
}

fn logo_entry(v: &Value, path: &str) -> Result<LogoEntry> {
    let f = Fields::of(v, path)?;
    let logo = match (f.opt_int("logoId")?, f.opt_id_str("logoSku")?) {
        (Some(id), None) => LogoRef::Id(id),
        (None, Some(sku)) => LogoRef::Sku(sku),
        (id, _) => return Err(not_exactly_one(path, "logoId", "logoSku", id.is_some())),
    };
    let quantity = f.positive("quantity")?;
    let storage_quantity = f.storage("storageQuantity")?;
    let value = f.opt_str("value")?;
    let digits = match f.get("digits") {
        None => None,
        Some(Value::Array(raw)) => {
            if raw.is_empty() {
                return Err(bad(format!(
                    "{path}.digits must contain at least one entry"
                )));
            }
            if raw.len() > MAX_DIGITS {
                return Err(bad(format!(
                    "{path}.digits has more than {MAX_DIGITS} entries"
                )));
            }
            let mut out = Vec::with_capacity(raw.len());
            for (i, v) in raw.iter().enumerate() {
                let p = format!("{path}.digits[{i}]");
                let d = Fields::of(v, p.clone())?;
                let digit = match d.get("digit") {
                    Some(Value::String(s)) => s.trim().to_owned(),
                    Some(Value::Number(n)) if n.is_u64() => n.to_string(),
                    None => return Err(bad(format!("{p}.digit is required"))),
                    Some(_) => return Err(bad(format!("{p}.digit must be a string of digits"))),
                };
                if !is_digits(&digit) {
                    return Err(bad(format!(
                        "{p}.digit must consist of one or more digits 0-9 (was {digit:?})"
                    )));
                }
                let quantity = d
                    .positive("quantity")?
                    .ok_or_else(|| bad(format!("{p}.quantity is required")))?;
                let storage_quantity = d.storage("storageQuantity")?;
                out.push(DigitEntry {
                    digit,
                    quantity,
                    storage_quantity,
                });
            }
            Some(out)
        }
        Some(_) => return Err(bad(format!("{path}.digits must be an array"))),
    };
    if quantity.is_none() && digits.is_none() {
        return Err(bad(format!(
            "{path}.quantity is required (a NumberLogo is ordered with digits instead)"
        )));
    }
    // Digits are "used instead of quantity / value": when both are given, digits win and the
    // others are ignored (docs/spec-gaps.md).
    let (quantity, value) = if digits.is_some() {
        (None, None)
    } else {
        (quantity, value)
    };
    Ok(LogoEntry {
        logo,
        quantity,
        storage_quantity,
        value,
        digits,
    })
}

/// Splits digit entries into single digits and adds them up per digit value, in order of
/// first appearance: `[("10", 2, 0), ("7", 1, 0)]` gives `1`×2, `0`×2, `7`×1. Returns
/// `(digit, quantity, storage quantity)`.
pub fn aggregate_digits(entries: &[DigitEntry]) -> Vec<(char, i64, i64)> {
    let units = entries.iter().map(|e| {
        let units = Units {
            ordered: e.quantity,
            storage: e.storage_quantity,
        };
        (e.digit.as_str(), units)
    });
    split_digits(units)
        .into_iter()
        .map(|(c, u)| (c, u.ordered, u.storage))
        .collect()
}

/// The latest delivery date: `business_days` weekdays after the placement date, 00:00:00.
pub fn delivery_date(placed: DateTime<Utc>, business_days: u32) -> NaiveDateTime {
    let mut d: NaiveDate = placed.date_naive();
    let mut left = business_days;
    while left > 0 {
        d = d.succ_opt().unwrap_or(d);
        if !matches!(d.weekday(), Weekday::Sat | Weekday::Sun) {
            left -= 1;
        }
    }
    d.and_time(chrono::NaiveTime::MIN)
}

/// The order number of tracking id `id`.
pub fn order_number(id: i64) -> String {
    format!("SO-{}", id + 50_000)
}

// ---------------------------------------------------------------------------------------------
// Accepting and placing
// ---------------------------------------------------------------------------------------------

/// What `POST /api/orders` answers: a new order or the one an idempotency key points at.
#[derive(Debug, Clone, PartialEq)]
pub struct Accepted {
    /// The tracking record to send with 202.
    pub record: TrackingRecord,
    /// Whether an existing order was returned for a repeated key.
    pub replayed: bool,
}

impl Db {
    /// The answer to a repeated idempotency key `k` in organization `target`: the original
    /// order for the same body, 409 for a different one; `None` for a new key.
    fn replay(&self, target: i64, k: &str, body: &Value) -> Result<Option<Accepted>> {
        let Some(idem) = self.idempotency.get(&(target, k.to_owned())) else {
            return Ok(None);
        };
        if &idem.body != body {
            return Err(SandboxError::conflict(format!(
                "Idempotency-Key {k:?} was already used for a different order body in \
                 organization {target}; send the original body to get order {} back, or \
                 use a new key for a new order",
                idem.order_id
            )));
        }
        let rec = self.orders.get(&idem.order_id).ok_or_else(|| {
            SandboxError::Internal(format!(
                "idempotency key points at missing order {}",
                idem.order_id
            ))
        })?;
        // The POST answer always has the acceptance shape (`Pending`, as the spec says); the
        // current state is read with GET /api/orders/{id}.
        Ok(Some(Accepted {
            record: TrackingRecord {
                status: OrderStatus::Pending,
                error_message: None,
                order: None,
                ..rec.tracking()
            },
            replayed: true,
        }))
    }

    /// Accepts an order: applies the idempotency key first (same body → the original order,
    /// whatever the body would be judged now; different body → 409), then validates it
    /// structurally (400), checks the target organization (400) and creates a `Pending`
    /// order due after `delay`. The key is looked up in the organization the body names
    /// (read leniently, before validation), so a replay of an order that exists always
    /// answers its tracking id.
    pub fn accept_order(
        &mut self,
        caller: i64,
        body: Value,
        key: Option<&str>,
        now: DateTime<Utc>,
        delay: std::time::Duration,
    ) -> Result<Accepted> {
        let key = key.map(str::trim).filter(|k| !k.is_empty());
        if let Some(k) = key {
            if k.len() > MAX_KEY_LEN {
                return Err(bad(format!(
                    "Idempotency-Key is longer than {MAX_KEY_LEN} characters"
                )));
            }
            let requested = match body.get("organizationId") {
                None | Some(Value::Null) => Some(None),
                Some(v) => v.as_i64().map(Some),
            };
            if let Some(target) = requested.and_then(|r| self.target_org(caller, r).ok())
                && let Some(replay) = self.replay(target, k, &body)?
            {
                return Ok(replay);
            }
        }
        let request = validate(&body)?;
        let target = self.target_org(caller, request.organization_id)?;
        // The organization as validated (e.g. written `1002.0`) may differ from the lenient
        // reading: the key is checked there too before anything is created.
        if let Some(k) = key
            && let Some(replay) = self.replay(target, k, &body)?
        {
            return Ok(replay);
        }
        let id = self.next_order_id();
        let due = due_after(now, delay);
        let rec = OrderRec {
            id,
            order_number: order_number(id),
            caller_org: caller,
            target_org: target,
            request,
            placed_at: now,
            due_at: due,
            status: OrderStatus::Pending,
            error_message: None,
            order: None,
        };
        let record = rec.tracking();
        self.orders.insert(id, rec);
        self.schedule(due, Due::Order(id));
        self.touch(Changed::Order(id));
        if let Some(k) = key {
            self.idempotency
                .insert((target, k.to_owned()), IdemRec { body, order_id: id });
            self.touch(Changed::Idempotency(target, k.to_owned()));
        }
        Ok(Accepted {
            record,
            replayed: false,
        })
    }

    /// Finishes placement of a pending order: `Completed` with the priced order, or `Failed`
    /// with the first business rule it breaks.
    pub fn complete_order(&mut self, id: i64) {
        let Some(rec) = self.orders.get(&id) else {
            return;
        };
        if rec.status != OrderStatus::Pending {
            return;
        }
        let outcome = self.price_order(rec);
        let Some(rec) = self.orders.get_mut(&id) else {
            return;
        };
        match outcome {
            Ok(order) => {
                rec.status = OrderStatus::Completed;
                rec.order = Some(order);
            }
            Err(msg) => {
                rec.status = OrderStatus::Failed;
                rec.error_message = Some(msg);
            }
        }
        self.touch(Changed::Order(id));
    }

    /// Prices an order against the current logos and designs, or names why it fails.
    fn price_order(&self, rec: &OrderRec) -> std::result::Result<Order, String> {
        let usable = |owner: i64| owner == rec.caller_org || owner == rec.target_org;
        let req = &rec.request;
        let mut lines = Vec::new();

        let mut designs = Vec::with_capacity(req.designs.len());
        for entry in &req.designs {
            let found = match &entry.design {
                DesignRef::Id(id) => self.designs.get(id),
                DesignRef::Mul(mul) => self.designs.values().find(|d| {
                    d.design
                        .design_item_no
                        .as_ref()
                        .is_some_and(|m| m.as_str().eq_ignore_ascii_case(mul))
                }),
            };
            let label = match &entry.design {
                DesignRef::Id(id) => format!("Design {id}"),
                DesignRef::Mul(mul) => format!("Design {mul}"),
            };
            let d = match found {
                Some(d) if usable(d.owner) => d,
                _ => {
                    return Err(format!(
                        "{label} was not found or is not accessible to the vendor"
                    ));
                }
            };
            let design = &d.design;
            let status = design.status.clone().unwrap_or(DesignStatus::Draft);
            if status != DesignStatus::Done || design.design_item_no.is_none() {
                let name = design.design_item_no.as_ref().map_or_else(
                    || format!("Design {}", design.design_id),
                    |m| format!("Design {m}"),
                );
                return Err(format!(
                    "{name} is not finalized (status {status}); only designs in status Done with an \
                     assigned product number can be ordered"
                ));
            }
            let mul = design.design_item_no.clone();
            let label = mul.as_ref().map_or(label, |m| format!("design {m}"));
            // Placeholders of the design, for logoValues.
            let placeholder = |logo_id: i64| -> Option<LogoType> {
                design
                    .design_logos
                    .iter()
                    .any(|p| p.logo_id.0 == logo_id)
                    .then(|| self.logos.get(&logo_id).map(|l| l.logo.logo_type.clone()))
                    .flatten()
                    .filter(|t| matches!(t, LogoType::NameLogo | LogoType::NumberLogo))
            };
            let mut instances = Vec::with_capacity(entry.instances.len());
            for inst in &entry.instances {
                for (logo_id, value) in &inst.logo_values {
                    match placeholder(*logo_id) {
                        None => {
                            return Err(format!(
                                "logoValues names logo {logo_id}, which is not a NameLogo or \
                                 NumberLogo placeholder of {label}"
                            ));
                        }
                        Some(LogoType::NumberLogo) if !is_digits(value) => {
                            return Err(format!(
                                "logoValues gives {value:?} for NumberLogo {logo_id} of {label}; \
                                 a number must contain digits only"
                            ));
                        }
                        Some(_) => {}
                    }
                }
                instances.push(OrderedInstance {
                    size: inst.size.clone(),
                    quantity: inst.quantity,
                    name: inst.name.clone(),
                    number: inst.number.clone(),
                    logo_values: inst
                        .logo_values
                        .iter()
                        .map(|(id, v)| LogoValue {
                            logo_id: (*id).into(),
                            value: v.clone(),
                        })
                        .collect(),
                });
            }
            let garments: i64 = entry.instances.iter().map(|i| i.quantity).sum();
            let placements: Vec<&[crate::api::PriceTier]> = design
                .design_logos
                .iter()
                .filter_map(|p| self.logos.get(&p.logo_id.0))
                .map(|l| l.logo.prices.as_slice())
                .collect();
            let heating = facts::heating(design.heating_code.as_deref()).per_garment();
            lines.push(design_line(placements, heating, garments));
            designs.push(OrderedDesign {
                design_id: design.design_id,
                design_mul: mul,
                design_title: design.title.clone(),
                instances,
            });
        }

        let mut logos = Vec::new();
        for entry in &req.logos {
            let (found, label) = match &entry.logo {
                LogoRef::Id(id) => (self.logos.get(id), format!("Logo {id}")),
                LogoRef::Sku(sku) => (
                    sku.parse::<i64>().ok().and_then(|n| {
                        self.logos
                            .values()
                            .find(|l| l.logo.logo_item_no.is_some_and(|i| i.0 == n))
                    }),
                    format!("Logo with SKU {sku}"),
                ),
            };
            let l = match found {
                Some(l) if usable(l.owner) => l,
                _ => {
                    return Err(format!(
                        "{label} was not found or is not accessible to the vendor"
                    ));
                }
            };
            let logo = &l.logo;
            if logo.status != LogoStatus::Done {
                return Err(format!(
                    "Logo {} is not committed (status {}); only logos in status Done can be ordered",
                    logo.logo_id, logo.status
                ));
            }
            let sku = logo.logo_item_no.map(Into::into);
            let is_number = logo.logo_type == LogoType::NumberLogo;
            match (&entry.digits, is_number) {
                (None, true) => {
                    return Err(format!(
                        "Logo {} is a NumberLogo and must be ordered with digits",
                        logo.logo_id
                    ));
                }
                (Some(_), false) => {
                    return Err(format!(
                        "Logo {} is not a NumberLogo (it is {}); digits can only be ordered for a \
                         NumberLogo",
                        logo.logo_id, logo.logo_type
                    ));
                }
                (Some(digits), true) => {
                    for (digit, qty, storage) in aggregate_digits(digits) {
                        lines.push(logo_line(
                            &logo.prices,
                            &logo.additional_fees,
                            qty + storage,
                        ));
                        logos.push(OrderedLogo {
                            logo_id: logo.logo_id,
                            logo_sku: sku.clone(),
                            logo_title: logo.title.clone(),
                            quantity: qty,
                            value: Some(digit.to_string()),
                        });
                    }
                }
                (None, false) => {
                    let qty = entry.quantity.unwrap_or(0);
                    lines.push(logo_line(
                        &logo.prices,
                        &logo.additional_fees,
                        qty + entry.storage_quantity,
                    ));
                    let typed = matches!(logo.logo_type, LogoType::TextLogo | LogoType::NameLogo);
                    logos.push(OrderedLogo {
                        logo_id: logo.logo_id,
                        logo_sku: sku,
                        logo_title: logo.title.clone(),
                        quantity: qty,
                        value: entry.value.clone().filter(|_| typed),
                    });
                }
            }
        }

        let t = totals(lines, facts::vat(&req.delivery_address.country).rate);
        Ok(Order {
            order_number: rec.order_number.as_str().into(),
            placed_at_utc: rec.placed_at,
            latest_delivery_date: delivery_date(rec.placed_at, DELIVERY_BUSINESS_DAYS),
            reference: req.reference.clone(),
            comment: req.comment.clone(),
            origin_of_delivery: req.origin_of_delivery.clone(),
            delivery_address: req.delivery_address.clone(),
            currency: pricing::CURRENCY.to_owned(),
            sub_total: t.sub_total,
            vat: t.vat,
            vat_rate: t.vat_rate,
            total: t.total,
            designs,
            logos,
        })
    }
}
