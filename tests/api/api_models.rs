//! The serde models against samples of what the service sends: both casings of logos (the list's
//! `HeightInMM`/`LowResBase64`/`ID`/`Name`/`Red` and the full form's camelCase), lenient numbers,
//! money and dates, unknown and absent fields.

use chrono::{NaiveDate, TimeZone, Utc};
use logodesk::api::*;
use rust_decimal::Decimal;
use serde_json::{Value, json};
use std::str::FromStr;

fn dec(s: &str) -> Decimal {
    Decimal::from_str(s).unwrap()
}

fn full_logo() -> Value {
    json!({
        "logoId": 501,
        "logoItemNo": 1002,
        "title": "Club crest",
        "widthInMM": 80,
        "heightInMM": 60.5,
        "logoType": "TRANSFER",
        "transferMethodKey": "VAND SPORT",
        "colors": [
            {"id": "HVID", "name": "White", "red": 255, "green": 255, "blue": 255},
            {"id": 200, "name": "Red", "red": 200.0, "green": 16, "blue": 46}
        ],
        "status": "Done",
        "storageCount": 12,
        "lowResBase64": "bG93",
        "highResBase64": "aGlnaA==",
        "prices": [
            {"minQuantity": 1, "unitPrice": 12.5, "currency": "DKK"},
            {"minQuantity": 100, "unitPrice": "9.95", "currency": "DKK"}
        ],
        "additionalFees": [
            {"type": "startup", "sku": "ST-1", "name": "Startup", "prices": [{"minQuantity": 50, "unitPrice": 150, "currency": "DKK"}]},
            {"type": "fee", "sku": "HEAT", "name": "Heating", "prices": [{"minQuantity": 2, "unitPrice": "25.00", "currency": "DKK"}]}
        ],
        "somethingNew": {"nested": true}
    })
}

fn summary_logo() -> Value {
    json!({
        "logoId": 7,
        "logoItemNo": 0,
        "title": "Number",
        "widthInMM": 30.25,
        "HeightInMM": 45,
        "logoType": "NumberLogo",
        "transferMethodKey": "INDUSTRI",
        "colors": [{"ID": "HVID", "Name": "White", "Red": 255, "Green": 254, "Blue": 253}],
        "status": "Draft",
        "storageCount": 0,
        "LowResBase64": "c21hbGw=",
        "unknownFlag": 1
    })
}

#[test]
fn full_logo_in_camel_case() {
    let logo: Logo = serde_json::from_value(full_logo()).unwrap();
    assert_eq!(logo.logo_id, LogoId(501));
    assert_eq!(logo.logo_item_no, Some(LogoItemNo(1002)));
    assert_eq!(logo.width_in_mm, 80.0);
    assert_eq!(logo.height_in_mm, 60.5);
    assert_eq!(logo.logo_type, LogoType::Transfer);
    assert_eq!(logo.status, LogoStatus::Done);
    assert_eq!(logo.colors[1].id, "200");
    assert_eq!(logo.colors[1].rgb(), [200, 16, 46]);
    assert_eq!(logo.colors[0].hex(), "#FFFFFF");
    assert_eq!(logo.storage_count, 12);
    assert_eq!(logo.high_res_base64, "aGlnaA==");
    assert_eq!(logo.prices[0].unit_price, dec("12.5"));
    assert_eq!(logo.prices[1].unit_price, dec("9.95"));
    assert_eq!(logo.additional_fees[0].fee_type, FeeType::Startup);
    assert_eq!(logo.additional_fees[1].fee_type, FeeType::Fee);
    assert_eq!(logo.additional_fees[1].prices[0].unit_price, dec("25.00"));
}

#[test]
fn full_logo_in_summary_casing() {
    let mut v = summary_logo();
    v["Prices"] = json!([{"minQuantity": 1, "unitPrice": 3, "currency": "DKK"}]);
    let logo: Logo = serde_json::from_value(v).unwrap();
    assert_eq!(logo.height_in_mm, 45.0);
    assert_eq!(logo.low_res_base64, "c21hbGw=");
    assert_eq!(logo.colors[0].name, "White");
    assert_eq!(logo.colors[0].rgb(), [255, 254, 253]);
    assert_eq!(logo.logo_type, LogoType::NumberLogo);
    assert_eq!(logo.high_res_base64, "");
    assert_eq!(logo.prices.len(), 1);
    assert!(logo.additional_fees.is_empty());
}

#[test]
fn summary_in_both_casings() {
    let s: LogoSummary = serde_json::from_value(summary_logo()).unwrap();
    assert_eq!(s.logo_id, LogoId(7));
    assert_eq!(s.logo_item_no, None);
    assert_eq!(s.width_in_mm, 30.25);
    assert_eq!(s.height_in_mm, 45.0);
    assert_eq!(s.colors[0].id, "HVID");
    assert_eq!(s.low_res_base64, "c21hbGw=");
    assert_eq!(s.status, LogoStatus::Draft);

    // A full logo read as a summary: camelCase accepted, the extras ignored.
    let from_full: LogoSummary = serde_json::from_value(full_logo()).unwrap();
    assert_eq!(from_full.height_in_mm, 60.5);
    assert_eq!(from_full.low_res_base64, "bG93");
    assert_eq!(from_full.colors.len(), 2);
    let logo: Logo = serde_json::from_value(full_logo()).unwrap();
    assert_eq!(LogoSummary::from(&logo), from_full);
}

#[test]
fn summary_serialises_with_the_quirky_keys_only() {
    let logo: Logo = serde_json::from_value(full_logo()).unwrap();
    let v = serde_json::to_value(LogoSummary::from(&logo)).unwrap();
    let obj = v.as_object().unwrap();
    let mut keys: Vec<&str> = obj.keys().map(String::as_str).collect();
    keys.sort_unstable();
    assert_eq!(
        keys,
        [
            "HeightInMM",
            "LowResBase64",
            "colors",
            "logoId",
            "logoItemNo",
            "logoType",
            "status",
            "storageCount",
            "title",
            "transferMethodKey",
            "widthInMM",
        ]
    );
    assert_eq!(
        v["colors"][0],
        json!({"ID": "HVID", "Name": "White", "Red": 255, "Green": 255, "Blue": 255})
    );
    assert_eq!(v["HeightInMM"], json!(60.5));
    assert_eq!(v["logoItemNo"], json!(1002));
    for absent in [
        "highResBase64",
        "prices",
        "additionalFees",
        "heightInMM",
        "lowResBase64",
    ] {
        assert!(!obj.contains_key(absent), "{absent}");
    }
    // And reads back to itself.
    let back: LogoSummary = serde_json::from_value(v).unwrap();
    assert_eq!(back, LogoSummary::from(&logo));
}

#[test]
fn full_logo_round_trips_in_camel_case() {
    let logo: Logo = serde_json::from_value(full_logo()).unwrap();
    let v = serde_json::to_value(&logo).unwrap();
    assert_eq!(v["heightInMM"], json!(60.5));
    assert_eq!(v["colors"][0]["id"], json!("HVID"));
    assert_eq!(v["prices"][1]["unitPrice"], json!(9.95));
    let back: Logo = serde_json::from_value(v).unwrap();
    assert_eq!(back, logo);
}

#[test]
fn item_numbers_null_zero_absent_or_blank_mean_none() {
    for item_no in [json!(null), json!(0), json!(""), json!("0"), json!(0.0)] {
        let mut v = full_logo();
        v["logoItemNo"] = item_no.clone();
        let logo: Logo = serde_json::from_value(v).unwrap();
        assert_eq!(logo.logo_item_no, None, "{item_no}");
    }
    let mut v = full_logo();
    v.as_object_mut().unwrap().remove("logoItemNo");
    assert_eq!(
        serde_json::from_value::<Logo>(v).unwrap().logo_item_no,
        None
    );
    let mut v = summary_logo();
    v["logoItemNo"] = json!("1003");
    assert_eq!(
        serde_json::from_value::<LogoSummary>(v)
            .unwrap()
            .logo_item_no,
        Some(LogoItemNo(1003))
    );
}

#[test]
fn millimetres_as_int_float_or_string() {
    for (w, expected) in [
        (json!(80), 80.0),
        (json!(80.75), 80.75),
        (json!("81.5"), 81.5),
    ] {
        let mut v = full_logo();
        v["widthInMM"] = w;
        assert_eq!(
            serde_json::from_value::<Logo>(v).unwrap().width_in_mm,
            expected
        );
    }
}

#[test]
fn absent_optionals_default() {
    let minimal = json!({"logoId": "9", "widthInMM": 10, "heightInMM": 10});
    let logo: Logo = serde_json::from_value(minimal).unwrap();
    assert_eq!(logo.logo_id, LogoId(9));
    assert_eq!(logo.title, "");
    assert_eq!(logo.status, LogoStatus::Draft);
    assert_eq!(logo.logo_type, LogoType::Transfer);
    assert!(logo.colors.is_empty() && logo.prices.is_empty() && logo.additional_fees.is_empty());
    assert_eq!(logo.storage_count, 0);

    let with_nulls = json!({"logoId": 9, "widthInMM": 10, "heightInMM": 10, "title": null,
        "colors": null, "status": null, "storageCount": null, "prices": null, "logoType": null});
    let logo: Logo = serde_json::from_value(with_nulls).unwrap();
    assert!(logo.colors.is_empty());
    assert_eq!(logo.status, LogoStatus::Draft);

    let unknown_kind = json!({"logoId": 9, "widthInMM": 1, "heightInMM": 1, "logoType": "SEQUINS", "status": "Archived"});
    let logo: Logo = serde_json::from_value(unknown_kind).unwrap();
    assert_eq!(logo.logo_type, LogoType::Other("SEQUINS".into()));
    assert_eq!(logo.status.as_str(), "Archived");
}

#[test]
fn page_of_summaries() {
    let v = json!({"items": [summary_logo(), summary_logo()], "page": 1, "pageSize": 12,
        "totalCount": 30, "totalPages": 3, "extra": "x"});
    let page: Page<LogoSummary> = serde_json::from_value(v).unwrap();
    assert_eq!(page.items.len(), 2);
    assert_eq!(page.next_page(), Some(2));
    let empty: Page<LogoSummary> = serde_json::from_value(
        json!({"items": null, "page": 1, "pageSize": 12, "totalCount": 0, "totalPages": 0}),
    )
    .unwrap();
    assert!(empty.items.is_empty());
    assert_eq!(empty.next_page(), None);
}

fn completed_order() -> Value {
    json!({
        "id": 41,
        "orderNumber": "SO-100234",
        "status": "Completed",
        "order": {
            "orderNumber": "SO-100234",
            "placedAtUtc": "2026-11-21T10:15:30Z",
            "latestDeliveryDate": "2026-12-01T00:00:00",
            "reference": "PO-1",
            "comment": "Rush",
            "originOfDelivery": "Webshop",
            "deliveryAddress": {"name": "Club", "address": "Street 1", "zip": "7400",
                "city": "Herning", "country": "DK", "contactPerson": "Mette"},
            "currency": "DKK",
            "subTotal": 1234.5,
            "vat": "308.625",
            "vatRate": 25,
            "total": "1543.125",
            "designs": [{"designId": 12, "designMul": "MUL123456", "designTitle": "Home kit",
                "instances": [{"size": "M", "quantity": 10}, {"size": "L", "quantity": 1, "name": "Hansen", "number": "7"}]}],
            "logos": [
                {"logoId": 3, "logoSku": "1002", "logoTitle": "Crest", "quantity": 100},
                {"logoId": 4, "logoSku": 1003, "logoTitle": "Digits", "quantity": 20, "value": "7"}
            ],
            "internalNote": "ignored"
        }
    })
}

#[test]
fn tracking_records_in_every_state() {
    let pending: TrackingRecord =
        serde_json::from_value(json!({"id": 41, "orderNumber": "SO-1", "status": "Pending"}))
            .unwrap();
    assert_eq!(pending.status, OrderStatus::Pending);
    assert!(!pending.is_final());
    assert!(pending.order.is_none() && pending.error_message.is_none());

    let failed: TrackingRecord = serde_json::from_value(json!({"id": "41", "orderNumber": "SO-1",
        "status": "Failed", "errorMessage": "Design is not finalized."}))
    .unwrap();
    assert!(failed.is_final());
    assert_eq!(
        failed.error_message.as_deref(),
        Some("Design is not finalized.")
    );

    let done: TrackingRecord = serde_json::from_value(completed_order()).unwrap();
    assert!(done.is_final());
    let order = done.order.unwrap();
    assert_eq!(
        order.placed_at_utc,
        Utc.with_ymd_and_hms(2026, 11, 21, 10, 15, 30).unwrap()
    );
    assert_eq!(
        order.latest_delivery_date,
        NaiveDate::from_ymd_opt(2026, 12, 1)
            .unwrap()
            .and_hms_opt(0, 0, 0)
            .unwrap()
    );
    assert_eq!(order.sub_total, dec("1234.5"));
    assert_eq!(order.vat, dec("308.625"));
    assert_eq!(order.vat_rate, dec("25"));
    assert_eq!(order.total, dec("1543.125"));
    assert_eq!(
        order.delivery_address.contact_person.as_deref(),
        Some("Mette")
    );
    assert_eq!(
        order.designs[0].design_mul,
        Some(DesignMul::from("MUL123456"))
    );
    assert_eq!(order.designs[0].instances[1].number.as_deref(), Some("7"));
    assert_eq!(order.logos[1].logo_sku, Some(LogoSku::from("1003")));
    assert_eq!(order.logos[1].value.as_deref(), Some("7"));
}

#[test]
fn dates_in_both_forms_for_each_field() {
    let mut v = completed_order();
    v["order"]["placedAtUtc"] = json!("2026-11-21T10:15:30");
    v["order"]["latestDeliveryDate"] = json!("2026-12-01T00:00:00Z");
    let order = serde_json::from_value::<TrackingRecord>(v)
        .unwrap()
        .order
        .unwrap();
    assert_eq!(
        order.placed_at_utc,
        Utc.with_ymd_and_hms(2026, 11, 21, 10, 15, 30).unwrap()
    );
    assert_eq!(
        order.latest_delivery_date.to_string(),
        "2026-12-01 00:00:00"
    );
    // Written back in the documented forms.
    let back = serde_json::to_value(&order).unwrap();
    assert_eq!(back["placedAtUtc"], json!("2026-11-21T10:15:30Z"));
    assert_eq!(back["latestDeliveryDate"], json!("2026-12-01T00:00:00"));
    assert_eq!(back["total"], json!(1543.125));
}

#[test]
fn vectorize_tasks_pending_and_finished() {
    let pending: VectorizeTask = serde_json::from_value(json!({
        "id": 9, "status": "pending", "logoName": "Crest", "transferMethodKey": "INDUSTRI",
        "minPrice": 100, "maxPrice": "250.50", "currency": "DKK",
        "createdAtUtc": "2026-11-21T10:15:30", "finalPrice": null, "finishedAtUtc": null,
        "createdLogos": []
    }))
    .unwrap();
    assert_eq!(pending.status, TaskStatus::Pending);
    assert_eq!(pending.max_price, dec("250.50"));
    assert_eq!(pending.final_price, None);
    assert_eq!(pending.finished_at_utc, None);

    let finished: VectorizeTask = serde_json::from_value(json!({
        "id": 9, "status": "finished", "minPrice": 100.0, "maxPrice": 250,
        "createdAtUtc": "2026-11-21T10:15:30Z", "finalPrice": "180.00",
        "finishedAtUtc": "2026-11-22T08:00:00Z",
        "createdLogos": [{"logoId": 600, "logoItemNo": 1004}, {"logoId": 601, "logoItemNo": null}]
    }))
    .unwrap();
    assert_eq!(finished.status, TaskStatus::Finished);
    assert_eq!(finished.final_price, Some(dec("180.00")));
    assert!(finished.finished_at_utc.is_some());
    assert_eq!(
        finished.created_logos[0].logo_item_no,
        Some(LogoItemNo(1004))
    );
    assert_eq!(finished.created_logos[1].logo_item_no, None);
    assert_eq!(finished.logo_name, "");
}

#[test]
fn designs_with_and_without_the_documented_extras() {
    let d: Design = serde_json::from_value(json!({
        "designId": 12, "designItemNo": "MUL123456", "title": "Home kit", "manufacturerId": 3,
        "styleId": 44, "heatingCode": "H1", "isEditable": true, "status": "Done",
        "designLogos": [{"logoId": 501, "logoItemNo": 1002, "view": "FRONT", "viewId": 1,
            "xCoordinate": 422.23, "yCoordinate": "1222.33", "angleRads": 0.5}],
        "futureField": []
    }))
    .unwrap();
    assert!(d.is_orderable());
    assert_eq!(d.design_logos[0].y_coordinate, 1222.33);
    assert_eq!(d.design_logos[0].logo_item_no, Some(LogoItemNo(1002)));

    let bare: Design =
        serde_json::from_value(json!({"designId": 13, "designItemNo": "", "title": "Draft"}))
            .unwrap();
    assert_eq!(bare.design_item_no, None);
    assert!(!bare.is_orderable());
    assert!(bare.design_logos.is_empty());
    assert!(!bare.is_editable);
    let v = serde_json::to_value(&bare).unwrap();
    assert!(v.get("manufacturerId").is_none() && v.get("status").is_none());
}

#[test]
fn request_bodies_serialise_as_documented() {
    let clone = CloneDesign {
        variations: vec![Variation {
            title: "Away".into(),
            design_logos: vec![Placement {
                view: "BACK".into(),
                logo_id: LogoId(501),
                x_coordinate: 400.0,
                y_coordinate: 300.5,
                angle_rads: None,
            }],
        }],
    };
    assert_eq!(
        serde_json::to_value(&clone).unwrap(),
        json!({"variations": [{"title": "Away", "designLogos": [
            {"view": "BACK", "logoId": 501, "xCoordinate": 400.0, "yCoordinate": 300.5}]}]})
    );
    assert_eq!(
        serde_json::to_value(Resize::new(Some(80.0), None)).unwrap(),
        json!({"widthInMM": "80", "heightInMM": ""})
    );
    assert_eq!(
        serde_json::to_value(ChangeColors {
            color_changes: vec![ColorChange {
                from: "HVID,200".into(),
                to: "300,185".into()
            }]
        })
        .unwrap(),
        json!({"colorChanges": [{"from": "HVID,200", "to": "300,185"}]})
    );
    assert_eq!(
        serde_json::to_value(UpdateMethod {
            transfer_method_key: "INDUSTRI".into()
        })
        .unwrap(),
        json!({"transferMethodKey": "INDUSTRI"})
    );
    assert_eq!(
        serde_json::to_value(Rename {
            title: "New".into()
        })
        .unwrap(),
        json!({"title": "New"})
    );
}

#[test]
fn error_body_and_orders_as_drafts() {
    let e: ErrorBody =
        serde_json::from_value(json!({"error": "Unauthorized", "message": "Missing API Key"}))
            .unwrap();
    assert_eq!(e.message, "Missing API Key");

    // A draft stored by the app reads back, with its idempotency key.
    let order = PlaceOrder::new("PO-2", DeliveryAddress::new("N", "A", "Z", "C", "DK"))
        .with_design(DesignLine::new(DesignId(1), vec![Instance::new("M", 2)]));
    let key = IdempotencyKey::new();
    let draft = json!({"order": order, "key": key});
    let back_order: PlaceOrder = serde_json::from_value(draft["order"].clone()).unwrap();
    let back_key: IdempotencyKey = serde_json::from_value(draft["key"].clone()).unwrap();
    assert_eq!(back_order, order);
    assert_eq!(back_key, key);
    // An incomplete draft still loads; validation says what is missing.
    let partial: PlaceOrder =
        serde_json::from_value(json!({"designs": [{"designMul": "MUL1"}]})).unwrap();
    let paths: Vec<String> = partial.validate().into_iter().map(|i| i.path).collect();
    assert!(paths.contains(&"reference".to_owned()));
    assert!(paths.contains(&"designs[0].instances".to_owned()));
}

#[test]
fn nulls_where_the_service_may_send_them() {
    let d: Design = serde_json::from_value(json!({
        "designId": 1, "designItemNo": null, "title": "T", "isEditable": null,
        "designLogos": [{"logoId": 2, "view": "FRONT", "xCoordinate": 1, "yCoordinate": 2, "angleRads": null},
                        {"logoId": 3, "view": "BACK", "xCoordinate": 1, "yCoordinate": 2, "angleRads": "0.25"}]
    }))
    .unwrap();
    assert!(!d.is_editable);
    assert_eq!(d.design_logos[0].angle_rads, 0.0);
    assert_eq!(d.design_logos[1].angle_rads, 0.25);
    let mut v = completed_order();
    v["order"]["deliveryAddress"] = json!(null);
    let order = serde_json::from_value::<TrackingRecord>(v)
        .unwrap()
        .order
        .unwrap();
    assert_eq!(order.delivery_address, DeliveryAddress::default());
}
