//! Authentication, tenancy, the logo list, logo lookups and uploads, over real HTTP.

use crate::common;

use std::collections::BTreeSet;

use common::*;
use logodesk::api::error::{ServerMessage, StatusError};
use logodesk::api::*;
use reqwest::multipart::{Form, Part};
use serde_json::json;

// ---------------------------------------------------------------------------------------------
// Authentication
// ---------------------------------------------------------------------------------------------

#[tokio::test]
async fn ping_needs_no_key() {
    let env = start().await;
    let raw = env.raw("GET", "api/health/ping", None, None).await;
    assert_eq!(raw.status, 200, "{}", raw.text);
    assert!(!raw.text.trim().is_empty());
    assert_eq!(env.vendor.ping().await.unwrap(), raw.text.trim());
}

#[tokio::test]
async fn missing_key_is_401_with_error_body_and_a_readable_sentence() {
    let env = start().await;
    for path in ["api/logos", "api/logo/10001", "api/orders/50001"] {
        let raw = env.raw("GET", path, None, None).await;
        assert_eq!(raw.status, 401, "{path}: {}", raw.text);
        let message = raw.error_message();
        assert_eq!(raw.body["error"], "Unauthorized", "{}", raw.text);
        let sentence = StatusError {
            status: reqwest::StatusCode::UNAUTHORIZED,
            endpoint: format!("GET /{path}"),
            subject: None,
            server: ServerMessage::parse(raw.text.as_bytes()),
            retry_after: None,
        }
        .to_string();
        assert!(
            sentence.starts_with("Your API key was not accepted (401)")
                && sentence.contains(message.trim_end_matches('.')),
            "{sentence}"
        );
    }
    let raw = env
        .raw("POST", "api/orders", None, Some(&json!({}).to_string()))
        .await;
    assert_eq!(raw.status, 401, "{}", raw.text);
    raw.error_message();
}

#[tokio::test]
async fn wrong_key_is_401_in_both_header_styles() {
    let env = start().await;
    let base = env.sb.base_url();
    for auth in [AuthStyle::Bearer, AuthStyle::XApiKey] {
        let c = client(&base, "sbx_not_a_key_at_all", auth);
        let err = c.logos().list(&ListLogos::new()).await.unwrap_err();
        assert_eq!(status(&err), 401, "{auth:?}: {err}");
        assert!(!err.is_retryable());
        assert!(
            err.to_string()
                .starts_with("Your API key was not accepted (401)"),
            "{err}"
        );
        assert!(
            !err.to_string().contains("sbx_not_a_key_at_all"),
            "key leaked: {err}"
        );
        let server = err.server_message().unwrap();
        assert!(
            server.error.is_some() && server.message.is_some(),
            "{server:?}"
        );
    }
}

#[tokio::test]
async fn bearer_and_x_api_key_both_authenticate() {
    let env = start().await;
    let id = LogoId(env.fx.done_logo_id);
    let a = env.vendor.logos().get(id).await.unwrap();
    let b = env.xkey.logos().get(id).await.unwrap();
    assert_eq!(a, b);
    let pa = env.vendor.logos().list(&ListLogos::new()).await.unwrap();
    let pb = env.xkey.logos().list(&ListLogos::new()).await.unwrap();
    assert_eq!(pa.total_count, pb.total_count);
    // Raw X-Api-Key header, no Authorization.
    let resp = env
        .http
        .get(env.url("api/logos"))
        .header("X-Api-Key", env.key())
        .send()
        .await
        .unwrap();
    assert_eq!(resp.status().as_u16(), 200);
}

// ---------------------------------------------------------------------------------------------
// Tenancy
// ---------------------------------------------------------------------------------------------

#[tokio::test]
async fn another_vendors_logo_design_order_and_task_are_404_both_ways() {
    let env = start().await;
    let fx = &env.fx;
    // The other vendor's logo for the vendor, and the vendor's logo for the other vendor.
    let err = env
        .vendor
        .logos()
        .get(LogoId(fx.other_vendor_logo_id))
        .await
        .unwrap_err();
    assert!(err.is_not_found(), "{err}");
    assert_eq!(
        err.to_string(),
        format!(
            "Logo {} was not found, or your account has no access to it.",
            fx.other_vendor_logo_id
        )
    );
    env.other
        .logos()
        .get(LogoId(fx.other_vendor_logo_id))
        .await
        .expect("the owner sees its logo");
    let err = env
        .other
        .logos()
        .get(LogoId(fx.done_logo_id))
        .await
        .unwrap_err();
    assert!(err.is_not_found(), "{err}");
    // By item number as well.
    let err = env
        .other
        .logos()
        .by_item_no(LogoItemNo(fx.done_logo_item_no))
        .await
        .unwrap_err();
    assert!(err.is_not_found(), "{err}");

    // Designs.
    let err = env
        .other
        .designs()
        .get(DesignId(fx.done_design_id))
        .await
        .unwrap_err();
    assert!(err.is_not_found(), "{err}");

    // Orders placed by each side.
    let mine = env
        .vendor
        .orders()
        .place(&simple_order(&env, "T-1"), &IdempotencyKey::new())
        .await
        .unwrap();
    let theirs = env
        .other
        .orders()
        .place(
            &PlaceOrder::new("T-2", address())
                .with_logo(LogoLine::quantity(LogoId(fx.other_vendor_logo_id), 3)),
            &IdempotencyKey::new(),
        )
        .await
        .unwrap();
    assert!(
        env.other
            .orders()
            .get(mine.id)
            .await
            .unwrap_err()
            .is_not_found()
    );
    assert!(
        env.vendor
            .orders()
            .get(theirs.id)
            .await
            .unwrap_err()
            .is_not_found()
    );
    env.vendor.orders().get(mine.id).await.unwrap();
    env.other.orders().get(theirs.id).await.unwrap();

    // Vectorize tasks (the other vendor's task is created with the sandbox-only endpoint).
    let err = env
        .other
        .vectorize()
        .task(TaskId(fx.finished_vectorize_task_id))
        .await
        .unwrap_err();
    assert!(err.is_not_found(), "{err}");
    let created = env
        .post_json(
            "sandbox/vectorize/tasks",
            env.other_key(),
            &json!({"logoName": "Vestkyst crest"}),
        )
        .await;
    assert_eq!(created.status, 201, "{}", created.text);
    let task = TaskId(created.body["id"].as_i64().unwrap());
    env.other.vectorize().task(task).await.unwrap();
    assert!(
        env.vendor
            .vectorize()
            .task(task)
            .await
            .unwrap_err()
            .is_not_found()
    );
}

#[tokio::test]
async fn the_vendor_sees_its_childs_logo_but_not_the_reverse() {
    let env = start().await;
    let child_logo = LogoId(env.fx.child_logo_id);
    let seen = env.vendor.logos().get(child_logo).await.unwrap();
    assert_eq!(seen.logo_id, child_logo);
    let listed = env.vendor.logos().list_all(None, 20).await.unwrap();
    assert!(listed.iter().any(|l| l.logo_id == child_logo));
    // The child sees its own logo, but not its parent's.
    env.child.logos().get(child_logo).await.unwrap();
    let err = env
        .child
        .logos()
        .get(LogoId(env.fx.done_logo_id))
        .await
        .unwrap_err();
    assert!(err.is_not_found(), "{err}");
    // Nobody else sees it.
    assert!(
        env.other
            .logos()
            .get(child_logo)
            .await
            .unwrap_err()
            .is_not_found()
    );
}

#[tokio::test]
async fn upload_for_own_or_child_organization_but_not_another_vendors() {
    let env = start().await;
    let fx = &env.fx;
    let own = env
        .vendor
        .logos()
        .upload(
            UploadLogo::new("a.png", png(&art()), "Own org")
                .with_organization(OrganizationId(fx.vendor_organization_id)),
        )
        .await
        .unwrap();
    assert_eq!(own.status, LogoStatus::Draft);
    let child = env
        .vendor
        .logos()
        .upload(
            UploadLogo::new("a.png", png(&art()), "For the child")
                .with_organization(OrganizationId(fx.child_organization_id)),
        )
        .await
        .unwrap();
    assert_eq!(child.status, LogoStatus::Draft);
    // Owned by the child: the child sees it, the vendor (parent) too.
    env.child.logos().get(child.logo_id).await.unwrap();
    env.vendor.logos().get(child.logo_id).await.unwrap();
    // The vendor's own upload is not the child's.
    assert!(
        env.child
            .logos()
            .get(own.logo_id)
            .await
            .unwrap_err()
            .is_not_found()
    );

    let refused = env
        .vendor
        .logos()
        .upload(
            UploadLogo::new("a.png", png(&art()), "Not mine")
                .with_organization(OrganizationId(fx.other_organization_id)),
        )
        .await;
    let message = expect_status(refused, 400);
    assert!(message.contains("organizationId"), "{message}");
}

// ---------------------------------------------------------------------------------------------
// Logo list
// ---------------------------------------------------------------------------------------------

/// A sandbox whose logo list stays as it started while a test reads it twice: the demo's
/// pending vectorize task, which adds logos when it finishes (after 500 ms in
/// [`logodesk::sandbox::SandboxConfig::fast`]: between the two reads on a busy machine), stays
/// pending.
async fn start_with_a_still_list() -> Env {
    start_with(logodesk::sandbox::SandboxConfig {
        vectorize_delay: std::time::Duration::from_secs(3600),
        ..logodesk::sandbox::SandboxConfig::fast()
    })
    .await
}

#[tokio::test]
async fn list_defaults_to_page_1_of_12() {
    let env = start_with_a_still_list().await;
    let raw = env.get_json("api/logos", env.key()).await;
    assert_eq!(raw.status, 200, "{}", raw.text);
    let b = &raw.body;
    assert_eq!(b["page"], 1);
    assert_eq!(b["pageSize"], 12);
    let total = b["totalCount"].as_i64().unwrap();
    assert!(
        total > 12,
        "the demo vendor has more than one page of logos"
    );
    assert_eq!(b["items"].as_array().unwrap().len(), 12);
    assert_eq!(b["totalPages"].as_i64().unwrap(), (total + 11) / 12);
    let page = env.vendor.logos().list(&ListLogos::new()).await.unwrap();
    assert_eq!(
        (page.page, page.page_size, page.total_count),
        (1, 12, total)
    );
}

#[tokio::test]
async fn list_limit_25_is_the_maximum() {
    let env = start().await;
    let page = env
        .vendor
        .logos()
        .list(&ListLogos::new().limit(25))
        .await
        .unwrap();
    assert_eq!(page.page_size, 25);
    assert_eq!(page.items.len() as i64, page.total_count.min(25));
    // Above the maximum: clamped to 25 (docs/spec-gaps.md).
    for limit in [26, 100] {
        let p = env
            .vendor
            .logos()
            .list(&ListLogos::new().limit(limit))
            .await
            .unwrap();
        assert_eq!(p.page_size, 25, "limit={limit}");
        assert!(
            p.items.len() <= 25,
            "limit={limit}: {} items",
            p.items.len()
        );
        assert_eq!(p.total_pages, (p.total_count + 24) / 25);
    }
    // Nonsense paging values are refused (docs/spec-gaps.md).
    for q in ["limit=0", "page=0", "limit=abc", "page=-1"] {
        let raw = env.get_json(&format!("api/logos?{q}"), env.key()).await;
        assert_eq!(raw.status, 400, "{q}: {}", raw.text);
        raw.error_message();
    }
}

#[tokio::test]
async fn list_pages_are_consistent_distinct_and_complete() {
    // The demo's pending vectorize task must not finish (and add its logo) while the pages are
    // read: under load it did, between the first page and the last (43 of 42).
    let env = start_with(logodesk::sandbox::SandboxConfig {
        vectorize_delay: std::time::Duration::from_secs(3600),
        ..logodesk::sandbox::SandboxConfig::fast()
    })
    .await;
    let limit = 5;
    let first = env
        .vendor
        .logos()
        .list(&ListLogos::new().limit(limit))
        .await
        .unwrap();
    let total = first.total_count;
    assert_eq!(first.total_pages, (total + limit - 1) / limit);
    let mut ids = Vec::new();
    for n in 1..=first.total_pages {
        let p = env
            .vendor
            .logos()
            .list(&ListLogos::new().limit(limit).page(n))
            .await
            .unwrap();
        assert_eq!(p.page, n);
        assert_eq!(p.page_size, limit);
        assert_eq!(p.total_count, total, "page {n}");
        assert_eq!(p.total_pages, first.total_pages, "page {n}");
        let expected = if n < p.total_pages {
            limit
        } else {
            total - limit * (n - 1)
        };
        assert_eq!(p.items.len() as i64, expected, "page {n}");
        ids.extend(p.items.iter().map(|l| l.logo_id));
    }
    let distinct: BTreeSet<_> = ids.iter().copied().collect();
    assert_eq!(distinct.len(), ids.len(), "an item appeared on two pages");
    assert_eq!(ids.len() as i64, total);
    // The same set at the largest page size.
    let all: BTreeSet<_> = env
        .vendor
        .logos()
        .list_all(None, 50)
        .await
        .unwrap()
        .into_iter()
        .map(|l| l.logo_id)
        .collect();
    assert_eq!(all, distinct);
    // Visibility: the vendor's and its children's logos, not the other vendor's.
    assert!(distinct.contains(&LogoId(env.fx.done_logo_id)));
    assert!(distinct.contains(&LogoId(env.fx.child_logo_id)));
    assert!(!distinct.contains(&LogoId(env.fx.other_vendor_logo_id)));

    // A page past the end is empty but keeps the totals.
    let past = env
        .vendor
        .logos()
        .list(&ListLogos::new().limit(limit).page(first.total_pages + 1))
        .await
        .unwrap();
    assert!(past.items.is_empty());
    assert_eq!(past.total_count, total);
    assert_eq!(past.total_pages, first.total_pages);
}

#[tokio::test]
async fn list_search_is_case_insensitive_and_partial() {
    let env = start().await;
    let a = env.upload_art("Zebracrest Alpha").await;
    let b = env.upload_art("ZEBRACREST beta").await;
    env.upload_art("Something else").await;
    let page = env
        .vendor
        .logos()
        .list(&ListLogos::new().search("bRACrE").limit(25))
        .await
        .unwrap();
    let ids: BTreeSet<_> = page.items.iter().map(|l| l.logo_id).collect();
    assert_eq!(ids, BTreeSet::from([a.logo_id, b.logo_id]), "{page:?}");
    assert_eq!(page.total_count, 2);
    assert_eq!(page.total_pages, 1);
    let one = env
        .vendor
        .logos()
        .list(&ListLogos::new().search("ALPHA"))
        .await
        .unwrap();
    assert_eq!(one.total_count, 1);
    assert_eq!(one.items[0].logo_id, a.logo_id);
    // Every hit of a broader search contains the text, case-insensitively.
    let broad = env.vendor.logos().list_all(Some("e"), 20).await.unwrap();
    assert!(!broad.is_empty());
    assert!(broad.iter().all(|l| l.title.to_lowercase().contains('e')));
    // No match.
    let none = env
        .vendor
        .logos()
        .list(&ListLogos::new().search("no such title qq"))
        .await
        .unwrap();
    assert!(none.items.is_empty());
    assert_eq!(none.total_count, 0);
    assert_eq!(none.total_pages, 0);
    // The other vendor does not find the vendor's logos.
    let theirs = env
        .other
        .logos()
        .list(&ListLogos::new().search("zebracrest"))
        .await
        .unwrap();
    assert_eq!(theirs.total_count, 0);
}

#[tokio::test]
async fn list_items_are_summaries_with_the_quirky_casing() {
    let env = start_with_a_still_list().await;
    let raw = env.get_json("api/logos?limit=25", env.key()).await;
    assert_eq!(raw.status, 200);
    let items = raw.body["items"].as_array().unwrap();
    assert!(!items.is_empty());
    let mut saw_colors = false;
    for item in items {
        let o = item.as_object().unwrap();
        for key in [
            "logoId",
            "logoItemNo",
            "title",
            "widthInMM",
            "HeightInMM",
            "logoType",
            "transferMethodKey",
            "colors",
            "status",
            "storageCount",
            "LowResBase64",
        ] {
            assert!(o.contains_key(key), "summary lacks {key}: {:?}", o.keys());
        }
        for absent in [
            "heightInMM",
            "lowResBase64",
            "highResBase64",
            "HighResBase64",
            "prices",
            "additionalFees",
        ] {
            assert!(!o.contains_key(absent), "summary has {absent}");
        }
        for c in o["colors"].as_array().unwrap() {
            saw_colors = true;
            let keys: BTreeSet<_> = c.as_object().unwrap().keys().cloned().collect();
            let want: BTreeSet<String> = ["ID", "Name", "Red", "Green", "Blue"]
                .map(String::from)
                .into();
            assert_eq!(keys, want);
            assert!(c["Red"].as_u64().unwrap() <= 255);
        }
    }
    assert!(saw_colors);
    // The client reads the same items.
    let page = env
        .vendor
        .logos()
        .list(&ListLogos::new().limit(25))
        .await
        .unwrap();
    assert_eq!(page.items.len(), items.len());
    for (s, raw) in page.items.iter().zip(items) {
        assert_eq!(s.logo_id.0, raw["logoId"].as_i64().unwrap());
        assert!(s.height_in_mm > 0.0 && s.width_in_mm > 0.0);
        assert_eq!(s.height_in_mm, raw["HeightInMM"].as_f64().unwrap());
        assert_eq!(s.low_res_base64, raw["LowResBase64"].as_str().unwrap());
        assert_eq!(s.colors.len(), raw["colors"].as_array().unwrap().len());
        if let Some(c) = s.colors.first() {
            assert_eq!(c.id, raw["colors"][0]["ID"].as_str().unwrap());
            assert_eq!(c.name, raw["colors"][0]["Name"].as_str().unwrap());
        }
    }
    // A summary matches the full form of the same logo.
    let s = &page.items[0];
    let full = env.vendor.logos().get(s.logo_id).await.unwrap();
    assert_eq!(LogoSummary::from(&full), *s);
}

// ---------------------------------------------------------------------------------------------
// Logo by id / by item number
// ---------------------------------------------------------------------------------------------

#[tokio::test]
async fn logo_by_id_is_the_full_form() {
    let env = start().await;
    let raw = env
        .get_json(&format!("api/logo/{}", env.fx.done_logo_id), env.key())
        .await;
    assert_eq!(raw.status, 200, "{}", raw.text);
    let o = raw.body.as_object().unwrap();
    for key in [
        "logoId",
        "logoItemNo",
        "title",
        "widthInMM",
        "heightInMM",
        "logoType",
        "transferMethodKey",
        "colors",
        "status",
        "storageCount",
        "lowResBase64",
        "highResBase64",
        "prices",
        "additionalFees",
    ] {
        assert!(o.contains_key(key), "full logo lacks {key}");
    }
    for c in o["colors"].as_array().unwrap() {
        let keys: BTreeSet<_> = c.as_object().unwrap().keys().cloned().collect();
        let want: BTreeSet<String> = ["id", "name", "red", "green", "blue"]
            .map(String::from)
            .into();
        assert_eq!(keys, want);
    }
    let logo = env
        .vendor
        .logos()
        .get(LogoId(env.fx.done_logo_id))
        .await
        .unwrap();
    assert_eq!(logo.status, LogoStatus::Done);
    assert_eq!(
        logo.logo_item_no,
        Some(LogoItemNo(env.fx.done_logo_item_no))
    );
    assert!(!logo.high_res_base64.is_empty());
    assert!(!logo.prices.is_empty());
    assert!(logo.prices.iter().all(|p| !p.currency.is_empty()));
    decode_preview(&logo.low_res_base64);
}

#[tokio::test]
async fn logo_by_item_number_finds_done_logos_only() {
    let env = start().await;
    let by_no = env
        .vendor
        .logos()
        .by_item_no(LogoItemNo(env.fx.done_logo_item_no))
        .await
        .unwrap();
    assert_eq!(by_no.logo_id, LogoId(env.fx.done_logo_id));
    let by_id = env.vendor.logos().get(by_no.logo_id).await.unwrap();
    assert_eq!(by_no, by_id);
    // Unknown item number and unknown id.
    let err = env
        .vendor
        .logos()
        .by_item_no(LogoItemNo(987_654))
        .await
        .unwrap_err();
    assert!(err.is_not_found(), "{err}");
    assert!(
        err.to_string()
            .starts_with("The logo with item number 987654 was not found"),
        "{err}"
    );
    let raw = env.get_json("api/logo/itemno/987654", env.key()).await;
    assert_eq!(raw.status, 404);
    raw.error_message();
    let raw = env.get_json("api/logo/999999", env.key()).await;
    assert_eq!(raw.status, 404);
    raw.error_message();
    // A Draft has no item number; committing gives one, found by number.
    let draft = env.upload_art("Item number probe").await;
    assert_eq!(draft.logo_item_no, None);
    let done = env.vendor.logos().commit(draft.logo_id).await.unwrap();
    let no = done.logo_item_no.expect("commit assigns an item number");
    let found = env.vendor.logos().by_item_no(no).await.unwrap();
    assert_eq!(found.logo_id, draft.logo_id);
}

// ---------------------------------------------------------------------------------------------
// Upload
// ---------------------------------------------------------------------------------------------

fn check_fresh_upload(logo: &Logo, title: &str) {
    assert_eq!(logo.title, title);
    assert_eq!(logo.status, LogoStatus::Draft);
    assert_eq!(logo.storage_count, 0);
    assert_eq!(logo.logo_item_no, None, "no item number before commit");
    assert!(
        !logo.colors.is_empty() && logo.colors.len() <= 8,
        "{:?}",
        logo.colors
    );
    assert!(!logo.transfer_method_key.is_empty());
    // Size: 300 × 200 px, so a 3:2 logo of a plausible print size.
    let (w, h) = (logo.width_in_mm, logo.height_in_mm);
    assert!(
        (5.0..=300.0).contains(&w) && (5.0..=300.0).contains(&h),
        "{w} × {h} mm"
    );
    assert!((w / h - 1.5).abs() < 0.03, "aspect {w} × {h}");
    // Previews.
    let low = decode_preview(&logo.low_res_base64);
    assert!(
        low.width() <= 256 && low.height() <= 256,
        "{}×{}",
        low.width(),
        low.height()
    );
    let ratio = f64::from(low.width()) / f64::from(low.height());
    assert!((ratio - 1.5).abs() < 0.05, "preview aspect {ratio}");
    assert!(!logo.high_res_base64.is_empty());
    // Prices and fees.
    assert!(!logo.prices.is_empty());
    assert!(logo.prices.iter().all(|p| p.unit_price > 0.into()));
    assert!(!logo.additional_fees.is_empty());
}

#[tokio::test]
async fn upload_png_gives_a_draft_with_the_drawn_colors() {
    let env = start().await;
    let logo = env
        .vendor
        .logos()
        .upload(UploadLogo::new("crest.png", png(&art()), "PNG crest"))
        .await
        .unwrap();
    check_fresh_upload(&logo, "PNG crest");
    assert_eq!(logo.colors.len(), 3, "black, red, white: {:?}", logo.colors);
    let rgb = |c: &Color| [c.red, c.green, c.blue, 255];
    assert!(
        logo.colors.iter().any(|c| is_blackish(rgb(c))),
        "{:?}",
        logo.colors
    );
    assert!(
        logo.colors.iter().any(|c| is_reddish(rgb(c))),
        "{:?}",
        logo.colors
    );
    assert!(
        logo.colors.iter().any(|c| is_whitish(rgb(c))),
        "{:?}",
        logo.colors
    );
    // 300 px at 300 DPI (docs/spec-gaps.md): 25.4 × 16.9 mm.
    assert!(
        (logo.width_in_mm - 25.4).abs() < 0.11,
        "{}",
        logo.width_in_mm
    );
    // The preview shows the bands.
    let low = decode_preview(&logo.low_res_base64);
    assert!(is_blackish(sample(&low, BLACK_AT)));
    assert!(is_reddish(sample(&low, RED_AT)));
    assert!(is_whitish(sample(&low, WHITE_AT)));
    // Stored as uploaded.
    assert_eq!(env.vendor.logos().get(logo.logo_id).await.unwrap(), logo);
}

#[tokio::test]
async fn upload_jpeg_and_webp() {
    let env = start().await;
    let j = env
        .vendor
        .logos()
        .upload(UploadLogo::new("crest.jpg", jpeg(&art()), "JPEG crest"))
        .await
        .unwrap();
    check_fresh_upload(&j, "JPEG crest");
    let rgb = |c: &Color| [c.red, c.green, c.blue, 255];
    assert!(
        j.colors.iter().any(|c| is_reddish(rgb(c))),
        "{:?}",
        j.colors
    );
    assert!(
        j.colors.iter().any(|c| is_blackish(rgb(c))),
        "{:?}",
        j.colors
    );
    let w = env
        .vendor
        .logos()
        .upload(UploadLogo::new("crest.webp", webp(&art()), "WebP crest"))
        .await
        .unwrap();
    check_fresh_upload(&w, "WebP crest");
    assert_eq!(w.colors.len(), 3, "{:?}", w.colors);
    assert!(
        w.colors.iter().any(|c| is_reddish(rgb(c))),
        "{:?}",
        w.colors
    );
}

#[tokio::test]
async fn upload_for_the_child_with_the_childs_own_key() {
    let env = start().await;
    let logo = env
        .child
        .logos()
        .upload(UploadLogo::new("c.png", png(&art()), "Child's own"))
        .await
        .unwrap();
    check_fresh_upload(&logo, "Child's own");
    env.vendor.logos().get(logo.logo_id).await.unwrap();
}

fn file_form(bytes: Vec<u8>, name: &str, mime: &str, title: Option<&str>) -> Form {
    let mut form = Form::new().part(
        "File",
        Part::bytes(bytes)
            .file_name(name.to_owned())
            .mime_str(mime)
            .unwrap(),
    );
    if let Some(t) = title {
        form = form.text("title", t.to_owned());
    }
    form
}

#[tokio::test]
async fn upload_refuses_garbage_and_empty_files() {
    let env = start().await;
    // Garbage through the client: 415 per docs/spec-gaps.md (not PNG/JPEG/WebP).
    let garbage = env
        .vendor
        .logos()
        .upload(UploadLogo::new(
            "crest.png",
            b"this is not an image at all, just text".to_vec(),
            "Garbage",
        ))
        .await;
    let m = expect_status(garbage, 415);
    assert!(m.len() > 10, "{m}");
    // A damaged PNG (valid signature, cut short): 400.
    let mut damaged = png(&art());
    damaged.truncate(60);
    let damaged = env
        .vendor
        .logos()
        .upload(UploadLogo::new("crest.png", damaged, "Damaged"))
        .await;
    expect_status(damaged, 400);
    // Empty file: the client refuses it itself; the service too.
    let err = env
        .vendor
        .logos()
        .upload(UploadLogo::new("e.png", Vec::<u8>::new(), "Empty"))
        .await
        .unwrap_err();
    assert!(matches!(err, ApiError::Validation(_)), "{err}");
    let raw = env
        .upload_raw(
            env.key(),
            file_form(Vec::new(), "e.png", "image/png", Some("Empty")),
        )
        .await;
    assert_eq!(raw.status, 400, "{}", raw.text);
    raw.error_message();
}

#[tokio::test]
async fn upload_refuses_a_missing_title_or_file() {
    let env = start().await;
    let raw = env
        .upload_raw(
            env.key(),
            file_form(png(&art()), "a.png", "image/png", None),
        )
        .await;
    assert_eq!(raw.status, 400, "{}", raw.text);
    assert!(
        raw.error_message().to_lowercase().contains("title"),
        "{}",
        raw.text
    );
    let raw = env
        .upload_raw(
            env.key(),
            file_form(png(&art()), "a.png", "image/png", Some("   ")),
        )
        .await;
    assert_eq!(raw.status, 400, "{}", raw.text);
    raw.error_message();
    let raw = env
        .upload_raw(env.key(), Form::new().text("title", "No file"))
        .await;
    assert_eq!(raw.status, 400, "{}", raw.text);
    raw.error_message();
    // Not multipart at all: 415 (docs/spec-gaps.md).
    let raw = env
        .raw(
            "POST",
            "api/logo/upload",
            Some(env.key()),
            Some(r#"{"title":"x"}"#),
        )
        .await;
    assert_eq!(raw.status, 415, "{}", raw.text);
    raw.error_message();
}

#[tokio::test]
async fn upload_refuses_an_oversized_file_and_a_decompression_bomb() {
    let env = start().await;
    let big = png_over_10_mib();
    let raw = env
        .upload_raw(
            env.key(),
            file_form(big, "big.png", "image/png", Some("Big")),
        )
        .await;
    assert_eq!(raw.status, 413, "{}", raw.text);
    raw.error_message();

    let bomb = env
        .vendor
        .logos()
        .upload(UploadLogo::new("bomb.png", png_bomb(), "Bomb"))
        .await;
    let m = expect_status(bomb, 413);
    assert!(m.len() > 10, "{m}");
    // The sandbox is still well.
    env.vendor
        .logos()
        .get(LogoId(env.fx.done_logo_id))
        .await
        .unwrap();
}

#[tokio::test]
async fn non_integer_and_unknown_paths() {
    let env = start().await;
    let raw = env.get_json("api/logo/abc", env.key()).await;
    assert!(matches!(raw.status, 400 | 404), "{}", raw.text);
    raw.error_message();
    let raw = env.get_json("api/nothing/here", env.key()).await;
    assert_eq!(raw.status, 404, "{}", raw.text);
    raw.error_message();
    let raw = env.raw("DELETE", "api/logos", Some(env.key()), None).await;
    assert_eq!(raw.status, 405, "{}", raw.text);
    raw.error_message();
}
