//! Lenient deserializers for the service's quirks: numbers that arrive as strings or floats,
//! item numbers that are `0`, `null` or `""` before commit, and the two date-time forms.

use chrono::{DateTime, NaiveDate, NaiveDateTime, Utc};
use serde::de::{self, Deserializer, Visitor};
use serde::{Deserialize, Serializer};
use std::fmt;

/// How the bounded readers below begin their messages, so the client can tell an impossible
/// value (refused with [`ApiError::Implausible`](crate::api::ApiError::Implausible)) from an
/// answer of another shape.
pub const IMPLAUSIBLE: &str = "impossible value: ";

/// Largest size in millimetres read from the service. The service itself allows 2000 mm; the
/// client accepts five times that so a change of the service's limit does not lock it out,
/// while `"inf"`, NaN, negative sizes and 1e308 are refused.
pub const MAX_MM: f64 = 10_000.0;

/// Largest quantity (ordered, stored, tier threshold, fee multiplier) read from the service.
pub const MAX_QUANTITY: i64 = 1_000_000_000;

/// Largest amount of money (a unit price, a fee, an order's total) read from the service.
/// Far above any real order, and small enough that sums and products of such amounts with
/// any quantity stay far inside `Decimal`'s range (about 7.9e28).
pub const MAX_MONEY: i64 = 1_000_000_000;

fn implausible<E: de::Error>(what: std::fmt::Arguments<'_>) -> E {
    E::custom(format!("{IMPLAUSIBLE}{what}"))
}

/// Millimetres: a number (or numeric string) from 0 to [`MAX_MM`]; `"inf"`, NaN, negative and
/// absurd sizes are refused with a sentence.
pub fn mm<'de, D: Deserializer<'de>>(d: D) -> Result<f64, D::Error> {
    let v = lenient_f64(d)?;
    if v.is_finite() && (0.0..=MAX_MM).contains(&v) {
        Ok(v)
    } else {
        Err(implausible(format_args!(
            "a size in millimetres must be from 0 to {MAX_MM}, and the service sent {v:?}"
        )))
    }
}

/// A finite number (a coordinate, an angle); `"inf"` and NaN are refused.
pub fn finite_f64<'de, D: Deserializer<'de>>(d: D) -> Result<f64, D::Error> {
    let v = lenient_f64(d)?;
    if v.is_finite() {
        Ok(v)
    } else {
        Err(implausible(format_args!(
            "a number must be finite, and the service sent {v:?}"
        )))
    }
}

fn check_quantity<E: de::Error>(q: i64) -> Result<i64, E> {
    if (0..=MAX_QUANTITY).contains(&q) {
        Ok(q)
    } else {
        Err(implausible(format_args!(
            "a quantity must be from 0 to {MAX_QUANTITY}, and the service sent {q}"
        )))
    }
}

/// A quantity: an integer (lenient as [`lenient_i64`]) from 0 to [`MAX_QUANTITY`].
pub fn quantity<'de, D: Deserializer<'de>>(d: D) -> Result<i64, D::Error> {
    check_quantity(lenient_i64(d)?)
}

/// Like [`quantity`], with `null` reading as `0` (e.g. `storageCount`).
pub fn quantity_or_zero<'de, D: Deserializer<'de>>(d: D) -> Result<i64, D::Error> {
    check_quantity(lenient_i64_or_zero(d)?)
}

/// One JSON scalar, whatever its type; the building block of the lenient readers.
#[derive(Debug, Clone, Deserialize)]
#[serde(untagged)]
enum Scalar {
    Int(i64),
    Float(f64),
    Str(String),
    Bool(bool),
}

/// An integer given as an integer, a whole float (`12.0`) or a numeric string (`"12"`).
pub fn lenient_i64<'de, D: Deserializer<'de>>(d: D) -> Result<i64, D::Error> {
    match Scalar::deserialize(d)? {
        Scalar::Int(i) => Ok(i),
        Scalar::Float(f) if f.fract() == 0.0 && f.abs() < 9.0e15 => Ok(f as i64),
        Scalar::Str(s) => s
            .trim()
            .parse()
            .map_err(|_| de::Error::custom(format!("expected an integer, found {s:?}"))),
        other => Err(de::Error::custom(format!(
            "expected an integer, found {other:?}"
        ))),
    }
}

/// Like [`lenient_i64`], with `null` reading as `0`.
pub fn lenient_i64_or_zero<'de, D: Deserializer<'de>>(d: D) -> Result<i64, D::Error> {
    match Option::<Scalar>::deserialize(d)? {
        None => Ok(0),
        Some(Scalar::Int(i)) => Ok(i),
        Some(Scalar::Float(f)) if f.fract() == 0.0 => Ok(f as i64),
        Some(Scalar::Str(s)) => s
            .trim()
            .parse()
            .map_err(|_| de::Error::custom(format!("expected an integer, found {s:?}"))),
        Some(other) => Err(de::Error::custom(format!(
            "expected an integer, found {other:?}"
        ))),
    }
}

/// A number given as an integer, a float or a numeric string.
pub fn lenient_f64<'de, D: Deserializer<'de>>(d: D) -> Result<f64, D::Error> {
    match Scalar::deserialize(d)? {
        Scalar::Int(i) => Ok(i as f64),
        Scalar::Float(f) => Ok(f),
        Scalar::Str(s) => s
            .trim()
            .parse()
            .map_err(|_| de::Error::custom(format!("expected a number, found {s:?}"))),
        Scalar::Bool(b) => Err(de::Error::custom(format!("expected a number, found {b}"))),
    }
}

/// A color channel 0–255; out-of-range values are clamped rather than rejected.
pub fn lenient_u8<'de, D: Deserializer<'de>>(d: D) -> Result<u8, D::Error> {
    let v = lenient_f64(d)?;
    Ok(v.round().clamp(0.0, 255.0) as u8)
}

/// A string, also accepting a number (ids such as color `200` sometimes arrive as numbers).
pub fn lenient_string<'de, D: Deserializer<'de>>(d: D) -> Result<String, D::Error> {
    match Scalar::deserialize(d)? {
        Scalar::Str(s) => Ok(s),
        Scalar::Int(i) => Ok(i.to_string()),
        Scalar::Float(f) => Ok(f.to_string()),
        Scalar::Bool(b) => Ok(b.to_string()),
    }
}

/// A string where `null` reads as empty.
pub fn null_as_empty<'de, D: Deserializer<'de>>(d: D) -> Result<String, D::Error> {
    Ok(Option::<Scalar>::deserialize(d)?
        .map(|s| match s {
            Scalar::Str(s) => s,
            Scalar::Int(i) => i.to_string(),
            Scalar::Float(f) => f.to_string(),
            Scalar::Bool(b) => b.to_string(),
        })
        .unwrap_or_default())
}

/// An optional id newtype where `null`, `0`, `""` and absence all mean "not assigned yet".
pub fn optional_id<'de, D, T>(d: D) -> Result<Option<T>, D::Error>
where
    D: Deserializer<'de>,
    T: From<i64>,
{
    match Option::<Scalar>::deserialize(d)? {
        None | Some(Scalar::Int(0)) => Ok(None),
        Some(Scalar::Int(i)) => Ok(Some(T::from(i))),
        Some(Scalar::Float(0.0)) => Ok(None),
        Some(Scalar::Float(f)) if f.fract() == 0.0 => Ok(Some(T::from(f as i64))),
        Some(Scalar::Str(s)) if s.trim().is_empty() || s.trim() == "0" => Ok(None),
        Some(Scalar::Str(s)) => s
            .trim()
            .parse::<i64>()
            .map(|i| Some(T::from(i)))
            .map_err(|_| de::Error::custom(format!("expected an item number, found {s:?}"))),
        Some(other) => Err(de::Error::custom(format!(
            "expected an item number, found {other:?}"
        ))),
    }
}

/// An optional string id where `null` and `""` mean "not assigned yet".
pub fn optional_str_id<'de, D, T>(d: D) -> Result<Option<T>, D::Error>
where
    D: Deserializer<'de>,
    T: From<String>,
{
    Ok(Option::<Scalar>::deserialize(d)?.and_then(|s| {
        let s = match s {
            Scalar::Str(s) => s,
            Scalar::Int(i) => i.to_string(),
            Scalar::Float(f) => f.to_string(),
            Scalar::Bool(b) => b.to_string(),
        };
        (!s.trim().is_empty()).then(|| T::from(s))
    }))
}

/// Parses a UTC timestamp: RFC 3339 with `Z` or an offset, or a naive date-time read as UTC.
pub fn parse_utc(s: &str) -> Option<DateTime<Utc>> {
    let s = s.trim();
    if let Ok(dt) = DateTime::parse_from_rfc3339(s) {
        return Some(dt.with_timezone(&Utc));
    }
    parse_naive(s).map(|n| n.and_utc())
}

/// Parses a zone-less date-time (`2026-11-30T00:00:00`, fractional seconds allowed), a plain
/// date, or a zoned one (whose local wall-clock time is kept).
pub fn parse_naive(s: &str) -> Option<NaiveDateTime> {
    let s = s.trim();
    for fmt in [
        "%Y-%m-%dT%H:%M:%S%.f",
        "%Y-%m-%d %H:%M:%S%.f",
        "%Y-%m-%dT%H:%M",
    ] {
        if let Ok(n) = NaiveDateTime::parse_from_str(s, fmt) {
            return Some(n);
        }
    }
    if let Ok(d) = NaiveDate::parse_from_str(s, "%Y-%m-%d") {
        return d.and_hms_opt(0, 0, 0);
    }
    DateTime::parse_from_rfc3339(s)
        .ok()
        .map(|dt| dt.naive_local())
}

struct DateVisitor<T>(fn(&str) -> Option<T>, &'static str);

impl<T> Visitor<'_> for DateVisitor<T> {
    type Value = T;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.1)
    }
    fn visit_str<E: de::Error>(self, v: &str) -> Result<T, E> {
        (self.0)(v).ok_or_else(|| E::custom(format!("expected {}, found {v:?}", self.1)))
    }
}

/// `placedAtUtc`-style timestamps, tolerant of a missing `Z`.
pub mod utc {
    use super::*;
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<DateTime<Utc>, D::Error> {
        d.deserialize_str(DateVisitor(parse_utc, "an ISO 8601 UTC timestamp"))
    }
    pub fn serialize<S: Serializer>(v: &DateTime<Utc>, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&v.format("%Y-%m-%dT%H:%M:%SZ").to_string())
    }
    /// The same for `Option`, `null` or absent reading as `None`.
    pub mod option {
        use super::*;
        pub fn deserialize<'de, D: Deserializer<'de>>(
            d: D,
        ) -> Result<Option<DateTime<Utc>>, D::Error> {
            match Option::<String>::deserialize(d)? {
                None => Ok(None),
                Some(s) if s.trim().is_empty() => Ok(None),
                Some(s) => parse_utc(&s).map(Some).ok_or_else(|| {
                    de::Error::custom(format!("expected an ISO 8601 UTC timestamp, found {s:?}"))
                }),
            }
        }
        pub fn serialize<S: Serializer>(
            v: &Option<DateTime<Utc>>,
            s: S,
        ) -> Result<S::Ok, S::Error> {
            match v {
                Some(v) => super::serialize(v, s),
                None => s.serialize_none(),
            }
        }
    }
}

/// `latestDeliveryDate`-style date-times without a zone designator.
pub mod naive {
    use super::*;
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<NaiveDateTime, D::Error> {
        d.deserialize_str(DateVisitor(parse_naive, "an ISO 8601 date-time"))
    }
    pub fn serialize<S: Serializer>(v: &NaiveDateTime, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&v.format("%Y-%m-%dT%H:%M:%S").to_string())
    }
}

/// Money: written as a JSON number, read from a number or a numeric string, from 0 to
/// [`MAX_MONEY`](super::MAX_MONEY); negative and absurd amounts are refused with a sentence.
pub mod money {
    use rust_decimal::Decimal;
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(v: &Decimal, s: S) -> Result<S::Ok, S::Error> {
        rust_decimal::serde::float::serialize(v, s)
    }
    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Decimal, D::Error> {
        check(<Decimal as Deserialize>::deserialize(d)?)
    }
    fn check<E: serde::de::Error>(v: Decimal) -> Result<Decimal, E> {
        if v >= Decimal::ZERO && v <= Decimal::from(super::MAX_MONEY) {
            Ok(v)
        } else {
            Err(super::implausible(format_args!(
                "an amount of money must be from 0 to {}, and the service sent {v}",
                super::MAX_MONEY
            )))
        }
    }
    /// The same for `Option`, `null` or absent reading as `None`.
    pub mod option {
        use super::*;
        pub fn serialize<S: Serializer>(v: &Option<Decimal>, s: S) -> Result<S::Ok, S::Error> {
            match v {
                Some(v) => super::serialize(v, s),
                None => s.serialize_none(),
            }
        }
        pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Decimal>, D::Error> {
            Option::<Decimal>::deserialize(d)?.map(check).transpose()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, Deserialize)]
    #[allow(dead_code)]
    struct Mm(#[serde(deserialize_with = "mm")] f64);
    #[derive(Debug, Deserialize)]
    #[allow(dead_code)]
    struct Qty(#[serde(deserialize_with = "quantity")] i64);
    #[derive(Debug, Deserialize)]
    #[allow(dead_code)]
    struct Money(#[serde(with = "money")] rust_decimal::Decimal);

    #[test]
    fn impossible_sizes_are_refused_with_a_sentence() {
        for fine in ["0", "80", "80.5", "\"80\"", "2000", "10000"] {
            assert!(serde_json::from_str::<Mm>(fine).is_ok(), "{fine}");
        }
        for bad in [
            "\"inf\"",
            "\"-inf\"",
            "\"NaN\"",
            "-5",
            "1e308",
            "10000.5",
            "\"1e308\"",
        ] {
            let err = serde_json::from_str::<Mm>(bad).unwrap_err().to_string();
            assert!(err.starts_with(IMPLAUSIBLE), "{bad}: {err}");
            assert!(err.contains("millimetres must be from 0 to 10000"), "{err}");
            assert!(err.len() < 120, "{err}");
        }
        #[derive(Debug, Deserialize)]
        #[allow(dead_code)]
        struct Finite(#[serde(deserialize_with = "finite_f64")] f64);
        assert!(serde_json::from_str::<Finite>("-1e300").is_ok());
        assert!(serde_json::from_str::<Finite>("\"inf\"").is_err());
    }

    #[test]
    fn impossible_quantities_and_money_are_refused() {
        for fine in ["0", "1", "1000000000", "\"12\""] {
            assert!(serde_json::from_str::<Qty>(fine).is_ok(), "{fine}");
        }
        for bad in ["-1", "1000000001", "1e12", "\"1000000000000\""] {
            let err = serde_json::from_str::<Qty>(bad).unwrap_err().to_string();
            assert!(err.starts_with(IMPLAUSIBLE), "{bad}: {err}");
        }
        for fine in ["0", "12.5", "\"99.95\"", "1000000000"] {
            assert!(serde_json::from_str::<Money>(fine).is_ok(), "{fine}");
        }
        for bad in ["-0.01", "1000000000.01", "1e20"] {
            let err = serde_json::from_str::<Money>(bad).unwrap_err().to_string();
            assert!(err.starts_with(IMPLAUSIBLE), "{bad}: {err}");
        }
    }

    #[test]
    fn both_date_forms_parse() {
        let z = parse_utc("2026-11-21T10:15:30Z").unwrap();
        assert_eq!(z.to_rfc3339(), "2026-11-21T10:15:30+00:00");
        let frac = parse_utc("2026-11-21T10:15:30.1234567Z").unwrap();
        assert_eq!(frac.timestamp(), z.timestamp());
        let naive_utc = parse_utc("2026-11-21T10:15:30").unwrap();
        assert_eq!(naive_utc, z);
        let d = parse_naive("2026-12-01T00:00:00").unwrap();
        assert_eq!(d.to_string(), "2026-12-01 00:00:00");
        assert_eq!(parse_naive("2026-12-01").unwrap(), d);
        assert!(parse_utc("yesterday").is_none());
    }
}
