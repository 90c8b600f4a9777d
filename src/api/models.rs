//! Serde models of every resource of the service.
//!
//! Reading is tolerant: the logo summary's `HeightInMM`/`LowResBase64` and capitalised color keys
//! are accepted beside the full form's camelCase, millimetres may be integers or floats, unknown
//! fields are ignored and absent optional fields default. Writing uses exactly the casing the
//! service documents for each form (the sandbox serialises its answers with these types).

use crate::api::de;
use crate::api::ids::*;
use chrono::{DateTime, NaiveDateTime, Utc};
use rust_decimal::Decimal;
use serde::{Deserialize, Serialize};
use std::fmt;

/// Declares a string enum whose unknown values are kept rather than rejected, because the spec
/// says the full sets of values are "not shown".
macro_rules! open_enum {
    ($(#[$doc:meta])* $name:ident { $($variant:ident => $text:literal),+ $(,)? }) => {
        $(#[$doc])*
        #[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
        #[serde(from = "String", into = "String")]
        pub enum $name {
            $($variant,)+
            /// A value this client does not know; kept verbatim.
            Other(String),
        }

        impl $name {
            /// The wire value.
            pub fn as_str(&self) -> &str {
                match self {
                    $(Self::$variant => $text,)+
                    Self::Other(s) => s,
                }
            }
        }

        impl From<String> for $name {
            fn from(s: String) -> Self {
                $(if s.eq_ignore_ascii_case($text) { return Self::$variant; })+
                Self::Other(s)
            }
        }

        impl From<&str> for $name {
            fn from(s: &str) -> Self {
                Self::from(s.to_owned())
            }
        }

        impl From<$name> for String {
            fn from(v: $name) -> String {
                v.as_str().to_owned()
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.as_str())
            }
        }
    };
}

open_enum!(
    /// Logo lifecycle state.
    LogoStatus { Draft => "Draft", Done => "Done" }
);
open_enum!(
    /// Kind of logo. `TRANSFER` is an ordinary artwork; the others are placeholders whose text
    /// or digits are supplied when ordering.
    LogoType {
        Transfer => "TRANSFER",
        TextLogo => "TextLogo",
        NameLogo => "NameLogo",
        NumberLogo => "NumberLogo",
    }
);
open_enum!(
    /// State of a placed order.
    OrderStatus { Pending => "Pending", Completed => "Completed", Failed => "Failed" }
);
open_enum!(
    /// State of a vectorize task (lower case on the wire).
    TaskStatus { Pending => "pending", Finished => "finished" }
);
open_enum!(
    /// Kind of additional fee: `startup` (threshold) or any other (multiplier).
    FeeType { Startup => "startup", Fee => "fee" }
);
open_enum!(
    /// Design lifecycle state (only `Done` designs can be ordered).
    DesignStatus { Draft => "Draft", Done => "Done" }
);

// The variants come from `open_enum!`, which cannot mark a `#[default]` one.
#[allow(clippy::derivable_impls)]
impl Default for LogoStatus {
    fn default() -> Self {
        Self::Draft
    }
}
#[allow(clippy::derivable_impls)]
impl Default for LogoType {
    fn default() -> Self {
        Self::Transfer
    }
}

/// The transfer methods seen on the live service.
pub const KNOWN_TRANSFER_METHODS: [&str; 2] = ["VAND SPORT", "INDUSTRI"];

// ---------------------------------------------------------------------------------------------
// Logos
// ---------------------------------------------------------------------------------------------

/// An ink color of a logo (full form: camelCase keys).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Color {
    #[serde(alias = "ID", alias = "Id", deserialize_with = "de::lenient_string")]
    pub id: String,
    #[serde(alias = "Name", default, deserialize_with = "de::null_as_empty")]
    pub name: String,
    #[serde(alias = "Red", default, deserialize_with = "de::lenient_u8")]
    pub red: u8,
    #[serde(alias = "Green", default, deserialize_with = "de::lenient_u8")]
    pub green: u8,
    #[serde(alias = "Blue", default, deserialize_with = "de::lenient_u8")]
    pub blue: u8,
}

impl Color {
    pub fn rgb(&self) -> [u8; 3] {
        [self.red, self.green, self.blue]
    }

    /// `#RRGGBB`.
    pub fn hex(&self) -> String {
        format!("#{:02X}{:02X}{:02X}", self.red, self.green, self.blue)
    }
}

/// Writes colors with the summary's capitalised keys (`ID`, `Name`, `Red`, `Green`, `Blue`).
mod summary_colors {
    use super::Color;
    use serde::ser::{SerializeSeq, SerializeStruct};
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    struct Capitalised<'a>(&'a Color);

    impl Serialize for Capitalised<'_> {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            let mut st = s.serialize_struct("Color", 5)?;
            st.serialize_field("ID", &self.0.id)?;
            st.serialize_field("Name", &self.0.name)?;
            st.serialize_field("Red", &self.0.red)?;
            st.serialize_field("Green", &self.0.green)?;
            st.serialize_field("Blue", &self.0.blue)?;
            st.end()
        }
    }

    pub fn serialize<S: Serializer>(colors: &[Color], s: S) -> Result<S::Ok, S::Error> {
        let mut seq = s.serialize_seq(Some(colors.len()))?;
        for c in colors {
            seq.serialize_element(&Capitalised(c))?;
        }
        seq.end()
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<Color>, D::Error> {
        Ok(Option::<Vec<Color>>::deserialize(d)?.unwrap_or_default())
    }
}

fn null_as_default<'de, D, T>(d: D) -> Result<T, D::Error>
where
    D: serde::Deserializer<'de>,
    T: Deserialize<'de> + Default,
{
    Ok(Option::<T>::deserialize(d)?.unwrap_or_default())
}

/// A price tier: from `minQuantity` units on, each costs `unitPrice`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PriceTier {
    #[serde(deserialize_with = "de::quantity")]
    pub min_quantity: i64,
    #[serde(with = "de::money")]
    pub unit_price: Decimal,
    #[serde(default, deserialize_with = "de::null_as_empty")]
    pub currency: String,
}

/// An additional fee. For `startup` fees `minQuantity` is the smallest ordered quantity at
/// which the fee applies; for any other fee it is how many times the price is added.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Fee {
    #[serde(rename = "type")]
    pub fee_type: FeeType,
    #[serde(default, deserialize_with = "de::null_as_empty")]
    pub sku: String,
    #[serde(default, deserialize_with = "de::null_as_empty")]
    pub name: String,
    #[serde(default, deserialize_with = "null_as_default")]
    pub prices: Vec<PriceTier>,
}

/// A logo, full form (`GET /api/logo/{id}` and every logo-changing endpoint).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Logo {
    #[serde(rename = "logoId", alias = "LogoId")]
    pub logo_id: LogoId,
    #[serde(
        rename = "logoItemNo",
        alias = "LogoItemNo",
        default,
        deserialize_with = "de::optional_id"
    )]
    pub logo_item_no: Option<LogoItemNo>,
    #[serde(alias = "Title", default, deserialize_with = "de::null_as_empty")]
    pub title: String,
    #[serde(
        rename = "widthInMM",
        alias = "WidthInMM",
        alias = "widthInMm",
        deserialize_with = "de::mm"
    )]
    pub width_in_mm: f64,
    #[serde(
        rename = "heightInMM",
        alias = "HeightInMM",
        alias = "heightInMm",
        deserialize_with = "de::mm"
    )]
    pub height_in_mm: f64,
    #[serde(
        rename = "logoType",
        alias = "LogoType",
        default,
        deserialize_with = "null_as_default"
    )]
    pub logo_type: LogoType,
    #[serde(
        rename = "transferMethodKey",
        alias = "TransferMethodKey",
        default,
        deserialize_with = "de::null_as_empty"
    )]
    pub transfer_method_key: String,
    #[serde(alias = "Colors", default, deserialize_with = "null_as_default")]
    pub colors: Vec<Color>,
    #[serde(alias = "Status", default, deserialize_with = "null_as_default")]
    pub status: LogoStatus,
    #[serde(
        rename = "storageCount",
        alias = "StorageCount",
        default,
        deserialize_with = "de::quantity_or_zero"
    )]
    pub storage_count: i64,
    #[serde(
        rename = "lowResBase64",
        alias = "LowResBase64",
        default,
        deserialize_with = "de::null_as_empty"
    )]
    pub low_res_base64: String,
    #[serde(
        rename = "highResBase64",
        alias = "HighResBase64",
        default,
        deserialize_with = "de::null_as_empty"
    )]
    pub high_res_base64: String,
    #[serde(alias = "Prices", default, deserialize_with = "null_as_default")]
    pub prices: Vec<PriceTier>,
    #[serde(
        rename = "additionalFees",
        alias = "AdditionalFees",
        default,
        deserialize_with = "null_as_default"
    )]
    pub additional_fees: Vec<Fee>,
}

/// A logo as listed by `GET /api/logos`: no high-resolution image, prices or fees, and the
/// service's own casing (`HeightInMM`, `LowResBase64`, capitalised color keys) when written.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct LogoSummary {
    #[serde(rename = "logoId", alias = "LogoId")]
    pub logo_id: LogoId,
    #[serde(
        rename = "logoItemNo",
        alias = "LogoItemNo",
        default,
        deserialize_with = "de::optional_id"
    )]
    pub logo_item_no: Option<LogoItemNo>,
    #[serde(alias = "Title", default, deserialize_with = "de::null_as_empty")]
    pub title: String,
    #[serde(
        rename = "widthInMM",
        alias = "WidthInMM",
        alias = "widthInMm",
        deserialize_with = "de::mm"
    )]
    pub width_in_mm: f64,
    #[serde(
        rename = "HeightInMM",
        alias = "heightInMM",
        alias = "heightInMm",
        deserialize_with = "de::mm"
    )]
    pub height_in_mm: f64,
    #[serde(
        rename = "logoType",
        alias = "LogoType",
        default,
        deserialize_with = "null_as_default"
    )]
    pub logo_type: LogoType,
    #[serde(
        rename = "transferMethodKey",
        alias = "TransferMethodKey",
        default,
        deserialize_with = "de::null_as_empty"
    )]
    pub transfer_method_key: String,
    #[serde(alias = "Colors", default, with = "summary_colors")]
    pub colors: Vec<Color>,
    #[serde(alias = "Status", default, deserialize_with = "null_as_default")]
    pub status: LogoStatus,
    #[serde(
        rename = "storageCount",
        alias = "StorageCount",
        default,
        deserialize_with = "de::quantity_or_zero"
    )]
    pub storage_count: i64,
    #[serde(
        rename = "LowResBase64",
        alias = "lowResBase64",
        default,
        deserialize_with = "de::null_as_empty"
    )]
    pub low_res_base64: String,
}

impl From<&Logo> for LogoSummary {
    fn from(l: &Logo) -> Self {
        LogoSummary {
            logo_id: l.logo_id,
            logo_item_no: l.logo_item_no,
            title: l.title.clone(),
            width_in_mm: l.width_in_mm,
            height_in_mm: l.height_in_mm,
            logo_type: l.logo_type.clone(),
            transfer_method_key: l.transfer_method_key.clone(),
            colors: l.colors.clone(),
            status: l.status.clone(),
            storage_count: l.storage_count,
            low_res_base64: l.low_res_base64.clone(),
        }
    }
}

/// One page of a list.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Page<T> {
    #[serde(
        default = "Vec::new",
        deserialize_with = "null_as_default",
        bound(deserialize = "T: Deserialize<'de>")
    )]
    pub items: Vec<T>,
    #[serde(deserialize_with = "de::lenient_i64")]
    pub page: i64,
    #[serde(deserialize_with = "de::lenient_i64")]
    pub page_size: i64,
    #[serde(deserialize_with = "de::lenient_i64")]
    pub total_count: i64,
    #[serde(deserialize_with = "de::lenient_i64")]
    pub total_pages: i64,
}

impl<T> Page<T> {
    /// The number of the next page, if there is one.
    pub fn next_page(&self) -> Option<i64> {
        // Lazily: `page + 1` of a page `i64::MAX` (which a server may claim) would overflow.
        (self.page < self.total_pages).then(|| self.page + 1)
    }
}

/// Body of `POST /api/logo/{id}/changecolors`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ChangeColors {
    pub color_changes: Vec<ColorChange>,
}

/// One change: comma-separated original color ids (in original order) and their replacements.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ColorChange {
    pub from: String,
    pub to: String,
}

/// Body of `POST /api/logo/{id}/updatemethod`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct UpdateMethod {
    pub transfer_method_key: String,
}

/// Body of `POST /api/logo/{id}/resize`: values as strings, empty meaning "not defined".
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Resize {
    #[serde(rename = "widthInMM")]
    pub width_in_mm: String,
    #[serde(rename = "heightInMM")]
    pub height_in_mm: String,
}

impl Resize {
    /// Builds the body from optional millimetre values (`None` becomes the empty string).
    pub fn new(width_in_mm: Option<f64>, height_in_mm: Option<f64>) -> Self {
        let s = |v: Option<f64>| v.map(format_mm).unwrap_or_default();
        Resize {
            width_in_mm: s(width_in_mm),
            height_in_mm: s(height_in_mm),
        }
    }
}

/// Formats millimetres without a trailing `.0` (`80`, `80.5`); a value no size can have
/// (infinite, NaN, beyond [`de::MAX_MM`] either way) shows as `?`.
pub fn format_mm(v: f64) -> String {
    if !v.is_finite() || v.abs() > de::MAX_MM {
        return "?".to_owned();
    }
    let r = (v * 100.0).round() / 100.0;
    if r.fract() == 0.0 {
        format!("{}", r as i64)
    } else {
        format!("{r}")
    }
}

/// Body of `PUT /api/logo/{id}/rename`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Rename {
    pub title: String,
}

// ---------------------------------------------------------------------------------------------
// Orders
// ---------------------------------------------------------------------------------------------

/// Delivery address of an order.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct DeliveryAddress {
    #[serde(default, deserialize_with = "de::null_as_empty")]
    pub name: String,
    #[serde(default, deserialize_with = "de::null_as_empty")]
    pub address: String,
    #[serde(default, deserialize_with = "de::null_as_empty")]
    pub zip: String,
    #[serde(default, deserialize_with = "de::null_as_empty")]
    pub city: String,
    #[serde(default, deserialize_with = "de::null_as_empty")]
    pub country: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub contact_person: Option<String>,
}

/// The answer of `POST /api/orders` and `GET /api/orders/{id}`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TrackingRecord {
    pub id: OrderId,
    pub order_number: OrderNumber,
    pub status: OrderStatus,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error_message: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub order: Option<Order>,
}

impl TrackingRecord {
    /// `Completed` or `Failed`: nothing will change any more.
    pub fn is_final(&self) -> bool {
        matches!(self.status, OrderStatus::Completed | OrderStatus::Failed)
    }
}

/// A completed order, with the prices the service computed.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Order {
    pub order_number: OrderNumber,
    #[serde(with = "de::utc")]
    pub placed_at_utc: DateTime<Utc>,
    #[serde(with = "de::naive")]
    pub latest_delivery_date: NaiveDateTime,
    #[serde(default, deserialize_with = "de::null_as_empty")]
    pub reference: String,
    #[serde(default, deserialize_with = "de::null_as_empty")]
    pub comment: String,
    #[serde(default, deserialize_with = "de::null_as_empty")]
    pub origin_of_delivery: String,
    #[serde(default, deserialize_with = "null_as_default")]
    pub delivery_address: DeliveryAddress,
    #[serde(default, deserialize_with = "de::null_as_empty")]
    pub currency: String,
    #[serde(with = "de::money")]
    pub sub_total: Decimal,
    #[serde(with = "de::money")]
    pub vat: Decimal,
    #[serde(with = "de::money")]
    pub vat_rate: Decimal,
    #[serde(with = "de::money")]
    pub total: Decimal,
    #[serde(default, deserialize_with = "null_as_default")]
    pub designs: Vec<OrderedDesign>,
    #[serde(default, deserialize_with = "null_as_default")]
    pub logos: Vec<OrderedLogo>,
}

/// A design line of a completed order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct OrderedDesign {
    pub design_id: DesignId,
    #[serde(default, deserialize_with = "de::optional_str_id")]
    pub design_mul: Option<DesignMul>,
    #[serde(default, deserialize_with = "de::null_as_empty")]
    pub design_title: String,
    #[serde(default, deserialize_with = "null_as_default")]
    pub instances: Vec<OrderedInstance>,
}

/// An instance of a design line as the service echoes it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct OrderedInstance {
    #[serde(default, deserialize_with = "de::null_as_empty")]
    pub size: String,
    #[serde(deserialize_with = "de::quantity")]
    pub quantity: i64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub number: Option<String>,
    #[serde(
        default,
        skip_serializing_if = "Vec::is_empty",
        deserialize_with = "null_as_default"
    )]
    pub logo_values: Vec<LogoValue>,
}

/// A standalone logo line of a completed order (one per digit value for NumberLogos).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct OrderedLogo {
    pub logo_id: LogoId,
    #[serde(default, deserialize_with = "de::optional_str_id")]
    pub logo_sku: Option<LogoSku>,
    #[serde(default, deserialize_with = "de::null_as_empty")]
    pub logo_title: String,
    #[serde(deserialize_with = "de::quantity")]
    pub quantity: i64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub value: Option<String>,
}

/// A per-placeholder value (`logoValues` of an instance).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct LogoValue {
    pub logo_id: LogoId,
    pub value: String,
}

// ---------------------------------------------------------------------------------------------
// Designs
// ---------------------------------------------------------------------------------------------

/// A design (a complete kit: garment style plus placed logos).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Design {
    pub design_id: DesignId,
    #[serde(default, deserialize_with = "de::optional_str_id")]
    pub design_item_no: Option<DesignMul>,
    #[serde(default, deserialize_with = "de::null_as_empty")]
    pub title: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub manufacturer_id: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub style_id: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub heating_code: Option<String>,
    #[serde(default, deserialize_with = "null_as_default")]
    pub is_editable: bool,
    /// Not in the spec's field list; the sandbox sends it and the client tolerates its absence.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub status: Option<DesignStatus>,
    /// The placements; another server of this API names them `logos`.
    #[serde(default, alias = "logos", deserialize_with = "null_as_default")]
    pub design_logos: Vec<DesignLogo>,
    /// Keys of the answer that look like placements but are not read as such (neither
    /// `designLogos` nor `logos`). Never sent; when not empty, `design_logos` may be missing
    /// placements, so "no logos placed" must not be claimed.
    #[serde(
        flatten,
        default,
        skip_serializing,
        deserialize_with = "designs_extra::unread_placement_keys"
    )]
    pub unread_placements: Vec<String>,
}

impl Design {
    /// Whether the service will accept this design in an order, as far as the client can tell:
    /// `Done` where a status is given, otherwise "has an item number".
    pub fn is_orderable(&self) -> bool {
        match &self.status {
            Some(s) => *s == DesignStatus::Done,
            None => self.design_item_no.is_some(),
        }
    }
}

/// Reading `Design` answers whose placements sit under a key this client does not know.
mod designs_extra {
    use serde::Deserialize;
    use serde_json::{Map, Value};

    /// Looks like a list of placements: a non-empty array under a key naming logos or
    /// placements, or of objects with a logo id, a view or coordinates.
    fn looks_like_placements(key: &str, v: &Value) -> bool {
        let Some(items) = v.as_array().filter(|a| !a.is_empty()) else {
            return false;
        };
        let named = |k: &str| {
            let k = k.to_ascii_lowercase();
            k.contains("logo") || k.contains("placement")
        };
        named(key)
            || items.iter().any(|i| {
                i.as_object().is_some_and(|o| {
                    o.keys().any(|k| {
                        named(k)
                            || k.eq_ignore_ascii_case("view")
                            || k.to_ascii_lowercase().contains("coordinate")
                    })
                })
            })
    }

    /// The keys (of the fields no other field took) that hold placement-like lists.
    pub fn unread_placement_keys<'de, D: serde::Deserializer<'de>>(
        d: D,
    ) -> Result<Vec<String>, D::Error> {
        let rest = Map::<String, Value>::deserialize(d)?;
        let keys: Vec<String> = rest
            .iter()
            .filter(|(k, v)| looks_like_placements(k, v))
            .map(|(k, _)| k.clone())
            .collect();
        Ok(keys)
    }
}

/// A logo placed on a design.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct DesignLogo {
    pub logo_id: LogoId,
    #[serde(default, deserialize_with = "de::optional_id")]
    pub logo_item_no: Option<LogoItemNo>,
    #[serde(default, deserialize_with = "de::null_as_empty")]
    pub view: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub view_id: Option<i64>,
    #[serde(deserialize_with = "de::finite_f64")]
    pub x_coordinate: f64,
    #[serde(deserialize_with = "de::finite_f64")]
    pub y_coordinate: f64,
    #[serde(default, deserialize_with = "lenient_f64_or_zero")]
    pub angle_rads: f64,
}

/// A finite number where `null` reads as `0` (e.g. an unset angle).
fn lenient_f64_or_zero<'de, D: serde::Deserializer<'de>>(d: D) -> Result<f64, D::Error> {
    #[derive(Deserialize)]
    struct Lenient(#[serde(deserialize_with = "de::finite_f64")] f64);
    Ok(Option::<Lenient>::deserialize(d)?.map_or(0.0, |l| l.0))
}

/// Body of `POST /api/design/{id}/clone`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CloneDesign {
    pub variations: Vec<Variation>,
}

/// One variation: a new design with exactly these placements.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Variation {
    pub title: String,
    pub design_logos: Vec<Placement>,
}

/// A placement in a clone request.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Placement {
    pub view: String,
    pub logo_id: LogoId,
    pub x_coordinate: f64,
    pub y_coordinate: f64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub angle_rads: Option<f64>,
}

// ---------------------------------------------------------------------------------------------
// Vectorize tasks
// ---------------------------------------------------------------------------------------------

/// A vectorize task.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct VectorizeTask {
    pub id: TaskId,
    pub status: TaskStatus,
    #[serde(default, deserialize_with = "de::null_as_empty")]
    pub logo_name: String,
    #[serde(default, deserialize_with = "de::null_as_empty")]
    pub transfer_method_key: String,
    #[serde(with = "de::money")]
    pub min_price: Decimal,
    #[serde(with = "de::money")]
    pub max_price: Decimal,
    #[serde(default, deserialize_with = "de::null_as_empty")]
    pub currency: String,
    #[serde(with = "de::utc")]
    pub created_at_utc: DateTime<Utc>,
    #[serde(default, with = "de::money::option")]
    pub final_price: Option<Decimal>,
    #[serde(default, with = "de::utc::option")]
    pub finished_at_utc: Option<DateTime<Utc>>,
    #[serde(default, deserialize_with = "null_as_default")]
    pub created_logos: Vec<CreatedLogo>,
}

/// A logo produced by a finished vectorize task.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CreatedLogo {
    pub logo_id: LogoId,
    #[serde(default, deserialize_with = "de::optional_id")]
    pub logo_item_no: Option<LogoItemNo>,
}

// ---------------------------------------------------------------------------------------------
// Error bodies
// ---------------------------------------------------------------------------------------------

/// The live service's error body: `{"error": "Unauthorized", "message": "Missing API Key"}`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ErrorBody {
    pub error: String,
    pub message: String,
}
