//! The property tests of test 5, with the number of cases as a parameter: `tests/api/props.rs`
//! runs each with 256 cases in `cargo test`, `benches/props.rs` with 10,000
//! (`cargo bench --bench props`).
//!
//! - Every response model: arbitrary JSON in the shapes the service sends (right and wrong
//!   types, `"inf"`, NaN, 1e308, negative and huge numbers, nulls, missing fields) never makes
//!   deserialising panic, and whatever is accepted has plausible numbers; valid models
//!   round-trip through JSON unchanged.
//! - The gallery's paging arithmetic on any numbers the service reports.
//! - The editor's ruler on any length and extent.

#![allow(dead_code)]

use chrono::{DateTime, NaiveDateTime, Utc};
use logodesk::api::de::{MAX_MM, MAX_MONEY, MAX_QUANTITY};
use logodesk::api::*;
use logodesk::backend::{CardPage, Generation, LogoCard};
use logodesk::ui::editor::{MAX_RULER_TICKS, ruler_ticks};
use logodesk::ui::gallery::{Gallery, MAX_LISTED, paging};
use proptest::prelude::*;
use proptest::strategy::BoxedStrategy;
use proptest::test_runner::{Config, TestCaseError, TestRunner};
use rust_decimal::Decimal;
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::{Map, Value, json};

/// Runs `test` on `cases` values of `strategy`; panics with the smallest failing input.
pub fn check<S: Strategy>(
    name: &str,
    cases: u32,
    strategy: S,
    test: impl Fn(S::Value) -> Result<(), TestCaseError>,
) where
    S::Value: std::fmt::Debug,
{
    let config = Config {
        cases,
        failure_persistence: None,
        ..Config::default()
    };
    let mut runner = TestRunner::new(config);
    if let Err(e) = runner.run(&strategy, test) {
        panic!("{name}: {e}");
    }
}

// ---------------------------------------------------------------------------------------------
// Arbitrary JSON in the service's shapes
// ---------------------------------------------------------------------------------------------

/// Any JSON scalar a broken or hostile service could put where a number or a string belongs.
fn scalar() -> BoxedStrategy<Value> {
    prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::from),
        any::<i64>().prop_map(Value::from),
        (-5i64..5000).prop_map(Value::from),
        any::<f64>().prop_map(|f| json!(f)),
        (-10.0f64..3000.0).prop_map(|f| json!(f)),
        prop_oneof![
            Just(1e308),
            Just(-1e308),
            Just(f64::MIN_POSITIVE),
            Just(-0.0),
            Just(9.3e15),
            Just(1e20)
        ]
        .prop_map(|f| json!(f)),
        prop_oneof![
            Just("inf"),
            Just("-inf"),
            Just("infinity"),
            Just("NaN"),
            Just("1e308"),
            Just("-1"),
            Just(" 80 "),
            Just("80,5"),
            Just("12.5"),
            Just(""),
            Just("0"),
            Just("9999999999999999999999"),
            Just("2026-11-21T10:15:30Z"),
            Just("2026-12-01T00:00:00"),
            Just("Draft"),
            Just("Done"),
            Just("Completed"),
            Just("startup")
        ]
        .prop_map(Value::from),
        "\\PC{0,12}".prop_map(Value::from),
    ]
    .boxed()
}

/// A scalar, or now and then an array or object of scalars (the wrong shape).
fn value() -> BoxedStrategy<Value> {
    prop_oneof![
        8 => scalar(),
        1 => prop::collection::vec(scalar(), 0..3).prop_map(Value::Array),
        1 => prop::collection::btree_map("[a-zA-Z]{1,6}", scalar(), 0..3)
            .prop_map(|m| Value::Object(m.into_iter().collect())),
    ]
    .boxed()
}

/// An object with some of `fields` (name and the strategy of its value) and perhaps an
/// unknown one.
fn obj(fields: Vec<(&'static str, BoxedStrategy<Value>)>) -> BoxedStrategy<Value> {
    let parts: Vec<BoxedStrategy<Option<(&'static str, Value)>>> = fields
        .into_iter()
        .map(|(name, s)| proptest::option::weighted(0.85, s.prop_map(move |v| (name, v))).boxed())
        .collect();
    (parts, proptest::option::of(value()))
        .prop_map(|(parts, extra)| {
            let mut map = Map::new();
            for (k, v) in parts.into_iter().flatten() {
                map.insert(k.to_owned(), v);
            }
            if let Some(extra) = extra {
                map.insert("unknownField".to_owned(), extra);
            }
            Value::Object(map)
        })
        .boxed()
}

/// An array of `item`s, or now and then something else.
fn arr(item: BoxedStrategy<Value>) -> BoxedStrategy<Value> {
    prop_oneof![
        6 => prop::collection::vec(item, 0..4).prop_map(Value::Array),
        1 => value(),
    ]
    .boxed()
}

fn v() -> BoxedStrategy<Value> {
    value()
}

fn color_json() -> BoxedStrategy<Value> {
    obj(vec![
        ("ID", v()),
        ("id", v()),
        ("Name", v()),
        ("name", v()),
        ("Red", v()),
        ("green", v()),
        ("Blue", v()),
    ])
}

fn tier_json() -> BoxedStrategy<Value> {
    obj(vec![
        ("minQuantity", v()),
        ("unitPrice", v()),
        ("currency", v()),
    ])
}

fn fee_json() -> BoxedStrategy<Value> {
    obj(vec![
        ("type", v()),
        ("sku", v()),
        ("name", v()),
        ("prices", arr(tier_json())),
    ])
}

fn summary_json() -> BoxedStrategy<Value> {
    obj(vec![
        ("logoId", v()),
        ("logoItemNo", v()),
        ("title", v()),
        ("widthInMM", v()),
        ("HeightInMM", v()),
        ("logoType", v()),
        ("transferMethodKey", v()),
        ("colors", arr(color_json())),
        ("status", v()),
        ("storageCount", v()),
        ("LowResBase64", v()),
    ])
}

fn logo_json() -> BoxedStrategy<Value> {
    obj(vec![
        ("logoId", v()),
        ("logoItemNo", v()),
        ("title", v()),
        ("widthInMM", v()),
        ("heightInMM", v()),
        ("logoType", v()),
        ("transferMethodKey", v()),
        ("colors", arr(color_json())),
        ("status", v()),
        ("storageCount", v()),
        ("lowResBase64", v()),
        ("highResBase64", v()),
        ("prices", arr(tier_json())),
        ("additionalFees", arr(fee_json())),
    ])
}

fn page_json() -> BoxedStrategy<Value> {
    obj(vec![
        ("items", arr(summary_json())),
        ("page", v()),
        ("pageSize", v()),
        ("totalCount", v()),
        ("totalPages", v()),
    ])
}

fn order_json() -> BoxedStrategy<Value> {
    let instance = obj(vec![
        ("size", v()),
        ("quantity", v()),
        ("name", v()),
        ("number", v()),
        (
            "logoValues",
            arr(obj(vec![("logoId", v()), ("value", v())])),
        ),
    ]);
    let design = obj(vec![
        ("designId", v()),
        ("designMul", v()),
        ("designTitle", v()),
        ("instances", arr(instance)),
    ]);
    let logo = obj(vec![
        ("logoId", v()),
        ("logoSku", v()),
        ("logoTitle", v()),
        ("quantity", v()),
        ("value", v()),
    ]);
    let address = obj(vec![
        ("name", v()),
        ("address", v()),
        ("zip", v()),
        ("city", v()),
        ("country", v()),
        ("contactPerson", v()),
    ]);
    obj(vec![
        ("orderNumber", v()),
        ("placedAtUtc", v()),
        ("latestDeliveryDate", v()),
        ("reference", v()),
        ("comment", v()),
        ("originOfDelivery", v()),
        ("deliveryAddress", address),
        ("currency", v()),
        ("subTotal", v()),
        ("vat", v()),
        ("vatRate", v()),
        ("total", v()),
        ("designs", arr(design)),
        ("logos", arr(logo)),
    ])
}

fn tracking_json() -> BoxedStrategy<Value> {
    obj(vec![
        ("id", v()),
        ("orderNumber", v()),
        ("status", v()),
        ("errorMessage", v()),
        ("order", order_json()),
    ])
}

fn design_json() -> BoxedStrategy<Value> {
    let placement = obj(vec![
        ("logoId", v()),
        ("logoItemNo", v()),
        ("view", v()),
        ("viewId", v()),
        ("xCoordinate", v()),
        ("yCoordinate", v()),
        ("angleRads", v()),
    ]);
    obj(vec![
        ("designId", v()),
        ("designItemNo", v()),
        ("title", v()),
        ("manufacturerId", v()),
        ("styleId", v()),
        ("heatingCode", v()),
        ("isEditable", v()),
        ("status", v()),
        ("designLogos", arr(placement)),
    ])
}

fn task_json() -> BoxedStrategy<Value> {
    obj(vec![
        ("id", v()),
        ("status", v()),
        ("logoName", v()),
        ("transferMethodKey", v()),
        ("minPrice", v()),
        ("maxPrice", v()),
        ("currency", v()),
        ("createdAtUtc", v()),
        ("finalPrice", v()),
        ("finishedAtUtc", v()),
        (
            "createdLogos",
            arr(obj(vec![("logoId", v()), ("logoItemNo", v())])),
        ),
    ])
}

// ---------------------------------------------------------------------------------------------
// What an accepted model must satisfy
// ---------------------------------------------------------------------------------------------

fn mm_ok(v: f64) -> bool {
    v.is_finite() && (0.0..=MAX_MM).contains(&v)
}

fn qty_ok(q: i64) -> bool {
    (0..=MAX_QUANTITY).contains(&q)
}

fn money_ok(d: &Decimal) -> bool {
    *d >= Decimal::ZERO && *d <= Decimal::from(MAX_MONEY)
}

fn tiers_ok(tiers: &[PriceTier]) -> bool {
    tiers
        .iter()
        .all(|t| qty_ok(t.min_quantity) && money_ok(&t.unit_price))
}

fn plausible_summary(s: &LogoSummary) -> bool {
    mm_ok(s.width_in_mm) && mm_ok(s.height_in_mm) && qty_ok(s.storage_count)
}

fn plausible_logo(l: &Logo) -> bool {
    plausible_summary(&LogoSummary::from(l))
        && tiers_ok(&l.prices)
        && l.additional_fees.iter().all(|f| tiers_ok(&f.prices))
}

fn plausible_order(o: &Order) -> bool {
    [&o.sub_total, &o.vat, &o.vat_rate, &o.total]
        .into_iter()
        .all(money_ok)
        && o.logos.iter().all(|l| qty_ok(l.quantity))
        && o.designs
            .iter()
            .flat_map(|d| &d.instances)
            .all(|i| qty_ok(i.quantity))
}

/// Deserialises `json` (from the value and from its bytes); never panics; checks `ok` on what
/// is accepted.
fn reads<T: DeserializeOwned>(json: &Value, ok: impl Fn(&T) -> bool) -> Result<(), TestCaseError> {
    let bytes = serde_json::to_vec(json).map_err(|e| TestCaseError::fail(e.to_string()))?;
    if let Ok(model) = serde_json::from_slice::<T>(&bytes) {
        prop_assert!(ok(&model), "implausible numbers accepted from {json}");
    }
    if let Ok(model) = serde_json::from_value::<T>(json.clone()) {
        prop_assert!(ok(&model), "implausible numbers accepted from {json}");
    }
    Ok(())
}

/// Every response model on arbitrary JSON in its shape.
pub fn models_read_arbitrary_json(cases: u32) {
    check("logo summary", cases, summary_json(), |j| {
        reads::<LogoSummary>(&j, plausible_summary)
    });
    check("logo", cases, logo_json(), |j| {
        reads::<Logo>(&j, plausible_logo)
    });
    check("page of summaries", cases, page_json(), |j| {
        reads::<Page<LogoSummary>>(&j, |p| p.items.iter().all(plausible_summary))?;
        // Paging on whatever numbers were accepted never panics.
        if let Ok(p) = serde_json::from_value::<Page<LogoSummary>>(j) {
            let _ = p.next_page();
            prop_assert!(paging::listed_len(p.total_count) <= MAX_LISTED);
            let _ = paging::page_start(p.page, p.page_size);
        }
        Ok(())
    });
    check("tracking record", cases, tracking_json(), |j| {
        reads::<TrackingRecord>(&j, |r| r.order.as_ref().is_none_or(plausible_order))
    });
    check("order", cases, order_json(), |j| {
        reads::<Order>(&j, plausible_order)
    });
    check("design", cases, design_json(), |j| {
        reads::<Design>(&j, |d| {
            d.design_logos.iter().all(|p| {
                p.x_coordinate.is_finite() && p.y_coordinate.is_finite() && p.angle_rads.is_finite()
            })
        })
    });
    check("vectorize task", cases, task_json(), |j| {
        reads::<VectorizeTask>(&j, |t| {
            money_ok(&t.min_price)
                && money_ok(&t.max_price)
                && t.final_price.as_ref().is_none_or(money_ok)
        })
    });
    check("fee", cases, fee_json(), |j| {
        reads::<Fee>(&j, |f| tiers_ok(&f.prices))
    });
    check(
        "error body",
        cases,
        obj(vec![("error", v()), ("message", v())]),
        |j| {
            reads::<ErrorBody>(&j, |_| true)?;
            let bytes = serde_json::to_vec(&j).unwrap_or_default();
            let said = ServerMessage::parse_redacted(&bytes, "sk-secret");
            if let Some(text) = said.summary() {
                prop_assert!(text.chars().count() <= 301 || !said.field_errors.is_empty());
            }
            Ok(())
        },
    );
    check(
        "error body bytes",
        cases,
        prop::collection::vec(any::<u8>(), 0..600),
        |bytes| {
            let said = ServerMessage::parse_redacted(&bytes, "sk-secret");
            let text = said.summary().unwrap_or_default();
            prop_assert!(!text.contains("sk-secret"));
            Ok(())
        },
    );
}

// ---------------------------------------------------------------------------------------------
// Valid models round-trip
// ---------------------------------------------------------------------------------------------

/// A number with two decimals within ±`max`/100 (exact through JSON).
fn centi(max: i64) -> impl Strategy<Value = f64> {
    (-max..=max).prop_map(|c| c as f64 / 100.0)
}

fn mm() -> impl Strategy<Value = f64> {
    (0u32..=1_000_000).prop_map(|c| f64::from(c) / 100.0)
}

fn money() -> impl Strategy<Value = Decimal> {
    (0i64..=MAX_MONEY * 100).prop_map(|c| Decimal::new(c, 2))
}

fn qty() -> impl Strategy<Value = i64> {
    0..=MAX_QUANTITY
}

fn text() -> impl Strategy<Value = String> {
    "\\PC{0,16}"
}

/// A value of an open enum: one of `known`, or one it does not know.
fn open<T: From<String> + std::fmt::Debug>(
    known: &'static [&'static str],
) -> impl Strategy<Value = T> {
    prop_oneof![
        prop::sample::select(known).prop_map(str::to_owned),
        "[A-Z]{2}-[a-z]{0,6}",
    ]
    .prop_map(T::from)
}

fn color() -> impl Strategy<Value = Color> {
    ("[A-Z0-9]{1,6}", text(), any::<[u8; 3]>()).prop_map(|(id, name, [red, green, blue])| Color {
        id,
        name,
        red,
        green,
        blue,
    })
}

fn tier() -> impl Strategy<Value = PriceTier> {
    (qty(), money(), "[A-Z]{3}").prop_map(|(min_quantity, unit_price, currency)| PriceTier {
        min_quantity,
        unit_price,
        currency,
    })
}

fn item_no() -> impl Strategy<Value = Option<LogoItemNo>> {
    proptest::option::of((1i64..i64::MAX).prop_map(LogoItemNo))
}

fn logo() -> impl Strategy<Value = Logo> {
    let head = (
        any::<i64>(),
        item_no(),
        text(),
        mm(),
        mm(),
        open::<LogoType>(&["TRANSFER", "TextLogo", "NameLogo", "NumberLogo"]),
        text(),
        prop::collection::vec(color(), 0..3),
    );
    let tail = (
        open::<LogoStatus>(&["Draft", "Done"]),
        qty(),
        "[A-Za-z0-9+/]{0,12}",
        prop::collection::vec(tier(), 0..3),
        prop::collection::vec(
            (
                open::<FeeType>(&["startup", "fee"]),
                text(),
                text(),
                prop::collection::vec(tier(), 0..2),
            )
                .prop_map(|(fee_type, sku, name, prices)| Fee {
                    fee_type,
                    sku,
                    name,
                    prices,
                }),
            0..2,
        ),
    );
    (head, tail).prop_map(
        |(
            (id, logo_item_no, title, width_in_mm, height_in_mm, logo_type, method, colors),
            (status, storage_count, picture, prices, additional_fees),
        )| Logo {
            logo_id: LogoId(id),
            logo_item_no,
            title,
            width_in_mm,
            height_in_mm,
            logo_type,
            transfer_method_key: method,
            colors,
            status,
            storage_count,
            low_res_base64: picture.clone(),
            high_res_base64: picture,
            prices,
            additional_fees,
        },
    )
}

fn utc() -> impl Strategy<Value = DateTime<Utc>> {
    (0i64..4_000_000_000).prop_map(|s| DateTime::from_timestamp(s, 0).unwrap_or_default())
}

fn naive() -> impl Strategy<Value = NaiveDateTime> {
    utc().prop_map(|d| d.naive_utc())
}

fn tracking() -> impl Strategy<Value = TrackingRecord> {
    let instance = (
        "[A-Z]{1,3}",
        qty(),
        proptest::option::of(text()),
        proptest::option::of("[0-9]{1,2}"),
    )
        .prop_map(|(size, quantity, name, number)| OrderedInstance {
            size,
            quantity,
            name,
            number,
            logo_values: vec![],
        });
    let design = (any::<i64>(), text(), prop::collection::vec(instance, 0..3)).prop_map(
        |(id, title, instances)| OrderedDesign {
            design_id: DesignId(id),
            design_mul: Some(DesignMul(format!("MUL{}", id.unsigned_abs()))),
            design_title: title,
            instances,
        },
    );
    let line = (any::<i64>(), text(), qty(), proptest::option::of("[0-9]")).prop_map(
        |(id, title, quantity, value)| OrderedLogo {
            logo_id: LogoId(id),
            logo_sku: Some(LogoSku(format!("{}", id.unsigned_abs()))),
            logo_title: title,
            quantity,
            value,
        },
    );
    let order = (
        (utc(), naive(), text(), text()),
        (money(), money(), money(), money()),
        prop::collection::vec(design, 0..2),
        prop::collection::vec(line, 0..3),
    )
        .prop_map(
            |(
                (placed, latest, reference, comment),
                (sub_total, vat, vat_rate, total),
                designs,
                logos,
            )| {
                Order {
                    order_number: OrderNumber("SO-1".into()),
                    placed_at_utc: placed,
                    latest_delivery_date: latest,
                    reference,
                    comment,
                    origin_of_delivery: String::new(),
                    delivery_address: DeliveryAddress::new(
                        "Club", "Street 1", "7400", "Herning", "DK",
                    ),
                    currency: "DKK".into(),
                    sub_total,
                    vat,
                    vat_rate,
                    total,
                    designs,
                    logos,
                }
            },
        );
    (
        any::<i64>(),
        open::<OrderStatus>(&["Pending", "Completed", "Failed"]),
        proptest::option::of(text()),
        proptest::option::of(order),
    )
        .prop_map(|(id, status, error_message, order)| TrackingRecord {
            id: OrderId(id),
            order_number: OrderNumber(format!("SO-{}", id.unsigned_abs())),
            status,
            error_message,
            order,
        })
}

fn design() -> impl Strategy<Value = Design> {
    let placement = (
        any::<i64>(),
        item_no(),
        "[A-Z]{0,6}",
        centi(100_000_000),
        centi(100_000_000),
        centi(700),
    )
        .prop_map(|(id, logo_item_no, view, x, y, a)| DesignLogo {
            logo_id: LogoId(id),
            logo_item_no,
            view,
            view_id: None,
            x_coordinate: x,
            y_coordinate: y,
            angle_rads: a,
        });
    (
        any::<i64>(),
        text(),
        any::<bool>(),
        prop::collection::vec(placement, 0..3),
    )
        .prop_map(|(id, title, is_editable, design_logos)| Design {
            design_id: DesignId(id),
            design_item_no: Some(DesignMul(format!("MUL{}", id.unsigned_abs()))),
            title,
            manufacturer_id: None,
            style_id: None,
            heating_code: None,
            is_editable,
            status: Some(DesignStatus::Done),
            design_logos,
            unread_placements: Vec::new(),
        })
}

fn task() -> impl Strategy<Value = VectorizeTask> {
    (
        (
            any::<i64>(),
            open::<TaskStatus>(&["pending", "finished"]),
            text(),
        ),
        (money(), money(), proptest::option::of(money())),
        (utc(), proptest::option::of(utc())),
    )
        .prop_map(
            |(
                (id, status, logo_name),
                (min_price, max_price, final_price),
                (created, finished),
            )| {
                VectorizeTask {
                    id: TaskId(id),
                    status,
                    logo_name,
                    transfer_method_key: "VAND SPORT".into(),
                    min_price,
                    max_price,
                    currency: "DKK".into(),
                    created_at_utc: created,
                    final_price,
                    finished_at_utc: finished,
                    created_logos: vec![],
                }
            },
        )
}

fn round_trips<T>(value: &T) -> Result<(), TestCaseError>
where
    T: Serialize + DeserializeOwned + PartialEq + std::fmt::Debug,
{
    let bytes = serde_json::to_vec(value).map_err(|e| TestCaseError::fail(e.to_string()))?;
    let back: T = serde_json::from_slice(&bytes)
        .map_err(|e| TestCaseError::fail(format!("{e} in {}", String::from_utf8_lossy(&bytes))))?;
    prop_assert_eq!(&back, value);
    Ok(())
}

/// Valid values of every response model survive JSON unchanged.
pub fn valid_models_round_trip(cases: u32) {
    check("logo round trip", cases, logo(), |l| {
        round_trips(&l)?;
        round_trips(&LogoSummary::from(&l))
    });
    check(
        "page round trip",
        cases,
        (
            prop::collection::vec(logo(), 0..3),
            any::<i64>(),
            any::<i64>(),
        ),
        |(logos, page, total)| {
            round_trips(&Page {
                items: logos.iter().map(LogoSummary::from).collect(),
                page,
                page_size: 25,
                total_count: total,
                total_pages: total / 25,
            })
        },
    );
    check("tracking round trip", cases, tracking(), |r| {
        round_trips(&r)
    });
    check("design round trip", cases, design(), |d| round_trips(&d));
    check("task round trip", cases, task(), |t| round_trips(&t));
}

// ---------------------------------------------------------------------------------------------
// The gallery's paging and the ruler
// ---------------------------------------------------------------------------------------------

fn card_page(page: i64, page_size: i64, total: i64, n: usize) -> CardPage {
    let items = (0..n)
        .map(|i| {
            let summary = LogoSummary {
                logo_id: LogoId(i as i64 + 1),
                logo_item_no: None,
                title: format!("Logo {i}"),
                width_in_mm: 80.0,
                height_in_mm: 60.0,
                logo_type: LogoType::Transfer,
                transfer_method_key: String::new(),
                colors: vec![],
                status: LogoStatus::Draft,
                storage_count: 0,
                low_res_base64: String::new(),
            };
            LogoCard::from_summary(&summary, Generation(1))
        })
        .collect();
    CardPage {
        items,
        page,
        page_size,
        total_count: total,
        total_pages: 0,
        stale_since: None,
    }
}

/// Numbers as a service might report them: any at all, or near the edges.
fn reported() -> BoxedStrategy<i64> {
    prop_oneof![
        any::<i64>(),
        -3i64..200,
        Just(i64::MAX),
        Just(i64::MIN),
        Just(1 << 62),
        (MAX_LISTED as i64 - 3)..(MAX_LISTED as i64 + 3),
    ]
    .boxed()
}

/// The gallery's arithmetic on any reported numbers.
pub fn gallery_paging(cases: u32) {
    check(
        "gallery pages",
        cases,
        prop::collection::vec((reported(), reported(), reported(), 0usize..30), 1..4),
        |pages| {
            let mut g = Gallery::new(25);
            for (page, size, total, n) in pages {
                g.apply_page(card_page(page, size, total, n));
                prop_assert!(g.slots() <= MAX_LISTED);
                prop_assert_eq!(g.slots(), paging::listed_len(total));
                prop_assert!(g.cards().count() <= g.slots());
            }
            Ok(())
        },
    );
    check(
        "visible pages",
        cases,
        (
            0usize..=MAX_LISTED,
            1usize..=100,
            0usize..=MAX_LISTED,
            0usize..500,
            1usize..12,
        ),
        |(len, size, from, span, columns)| {
            let from = from.min(len);
            let visible = from..(from + span).min(len);
            let rows = paging::rows(len, columns);
            prop_assert!(rows <= len.max(1));
            // The grid's height in points stays exact in f32 at any listed length.
            let height = rows as f32 * 220.0;
            prop_assert!(height.is_finite() && (height / 220.0).round() as usize == rows);
            match paging::pages_of(&visible, size) {
                None => prop_assert!(visible.is_empty()),
                Some(pages) => {
                    let mut covered = Vec::new();
                    for p in pages {
                        let slots = paging::page_slots(p, size, len);
                        prop_assert!(slots.end <= len && slots.start <= slots.end);
                        covered.push(slots);
                    }
                    for i in visible {
                        prop_assert!(covered.iter().any(|r| r.contains(&i)), "{i} uncovered");
                    }
                }
            }
            Ok(())
        },
    );
}

/// Any length and extent, the strange ones often.
fn length() -> BoxedStrategy<f64> {
    prop_oneof![
        any::<f64>(),
        0.0f64..3000.0,
        Just(f64::INFINITY),
        Just(f64::NEG_INFINITY),
        Just(f64::NAN),
        Just(1e308),
        Just(f64::MAX),
        Just(f64::MIN_POSITIVE),
        Just(5e-324),
    ]
    .boxed()
}

fn extent() -> BoxedStrategy<f32> {
    prop_oneof![
        any::<f32>(),
        0.0f32..5000.0,
        Just(f32::INFINITY),
        Just(f32::NAN),
        Just(f32::MAX),
    ]
    .boxed()
}

/// The ruler is bounded by construction and its ticks lie on it.
pub fn ruler(cases: u32) {
    check("ruler", cases, (length(), extent()), |(len, px)| {
        let ticks = ruler_ticks(len, px);
        prop_assert!(ticks.len() <= MAX_RULER_TICKS + 1, "{} ticks", ticks.len());
        for w in ticks.windows(2) {
            prop_assert!(w[0].mm < w[1].mm);
            prop_assert!(w[0].offset <= w[1].offset);
        }
        for t in &ticks {
            prop_assert!(t.mm.is_finite() && t.mm >= 0.0 && t.mm <= len + 1e-6 * len.max(1.0));
            prop_assert!(t.offset.is_finite() && t.offset >= 0.0 && t.offset <= px);
        }
        if len.is_finite() && (1.0..=2000.0).contains(&len) && (50.0..=5000.0).contains(&px) {
            // A real picture: a tick at 0, at least 6 points apart.
            prop_assert_eq!(ticks.first().map(|t| t.mm), Some(0.0));
            for w in ticks.windows(2) {
                prop_assert!(w[1].offset - w[0].offset >= 5.99);
            }
        }
        Ok(())
    });
}
