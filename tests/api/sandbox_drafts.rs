//! Draft logos: change method, change colors, resize, rename, commit, and the rules that tie
//! them together, over real HTTP.

use crate::common;

use common::*;
use logodesk::api::*;
use rust_decimal::Decimal;
use serde_json::json;

fn color_change(from: &str, to: &str) -> ChangeColors {
    ChangeColors {
        color_changes: vec![ColorChange {
            from: from.into(),
            to: to.into(),
        }],
    }
}

fn method(key: &str) -> UpdateMethod {
    UpdateMethod {
        transfer_method_key: key.into(),
    }
}

fn ids(logo: &Logo) -> Vec<String> {
    logo.colors.iter().map(|c| c.id.clone()).collect()
}

fn first_price(logo: &Logo) -> Decimal {
    logo.prices
        .iter()
        .min_by_key(|p| p.min_quantity)
        .expect("prices")
        .unit_price
}

#[tokio::test]
async fn changecolors_before_updatemethod_is_refused() {
    let env = start().await;
    let logo = env.upload_art("Unconfirmed").await;
    let (red, white) = red_and_white(&logo);
    let res = env
        .vendor
        .logos()
        .change_colors(logo.logo_id, &color_change(&red, &white))
        .await;
    let message = expect_status(res, 409);
    assert!(
        message.to_lowercase().contains("method"),
        "names the rule: {message}"
    );
    // Nothing changed.
    let again = env.vendor.logos().get(logo.logo_id).await.unwrap();
    assert_eq!(again.colors, logo.colors);
}

#[tokio::test]
async fn updatemethod_then_changecolors_is_accepted() {
    let env = start().await;
    let logo = env.upload_art("Recolor me").await;
    let before = decode_preview(&logo.low_res_base64);
    assert!(is_reddish(sample(&before, RED_AT)));

    let other_method = if logo.transfer_method_key == "INDUSTRI" {
        "VAND SPORT"
    } else {
        "INDUSTRI"
    };
    let confirmed = env
        .vendor
        .logos()
        .update_method(logo.logo_id, &method(&other_method.to_lowercase()))
        .await
        .unwrap();
    assert_eq!(
        confirmed.transfer_method_key, other_method,
        "canonical spelling"
    );
    assert_eq!(confirmed.status, LogoStatus::Draft);
    assert_ne!(
        confirmed.prices, logo.prices,
        "another method, other prices"
    );

    let (red, white) = red_and_white(&logo);
    let changed = env
        .vendor
        .logos()
        .change_colors(logo.logo_id, &color_change(&red, &white))
        .await
        .unwrap();
    assert_eq!(changed.status, LogoStatus::Draft);
    assert!(
        !changed.colors.iter().any(|c| c.id == red),
        "red replaced: {:?}",
        changed.colors
    );
    assert!(changed.colors.iter().any(|c| c.id == white));
    let after = decode_preview(&changed.low_res_base64);
    assert_eq!(after.dimensions(), before.dimensions());
    assert_ne!(before.as_raw(), after.as_raw(), "the preview changed");
    assert!(is_blackish(sample(&after, BLACK_AT)), "black untouched");
    assert!(is_whitish(sample(&after, WHITE_AT)), "white untouched");
    // Stored.
    let stored = env.vendor.logos().get(logo.logo_id).await.unwrap();
    assert_eq!(stored.colors, changed.colors);
    assert_eq!(stored.low_res_base64, changed.low_res_base64);

    // Rule 1: `from` still names the original colors after a change: red can be mapped again
    // although the current colors no longer contain it.
    let black = logo
        .colors
        .iter()
        .find(|c| is_blackish([c.red, c.green, c.blue, 255]))
        .unwrap()
        .id
        .clone();
    let again = env
        .vendor
        .logos()
        .change_colors(logo.logo_id, &color_change(&red, &black))
        .await
        .unwrap();
    assert!(!again.colors.iter().any(|c| c.id == red));
    assert_ne!(again.low_res_base64, changed.low_res_base64);

    // Method changes are refused once colors were changed.
    let res = env
        .vendor
        .logos()
        .update_method(logo.logo_id, &method("VAND SPORT"))
        .await;
    let message = expect_status(res, 409);
    assert!(
        message.to_lowercase().contains("color"),
        "names the rule: {message}"
    );
}

/// Rule 4: each `to` color replaces its `from` color, so a flat red area of the picture shows
/// the new ink in the preview.
#[tokio::test]
async fn changecolors_paints_the_new_ink_into_the_preview() {
    let env = start().await;
    let logo = env.upload_art("Repaint me").await;
    env.vendor
        .logos()
        .update_method(logo.logo_id, &method("VAND SPORT"))
        .await
        .unwrap();
    let (red, white) = red_and_white(&logo);
    let black = logo
        .colors
        .iter()
        .find(|c| is_blackish([c.red, c.green, c.blue, 255]))
        .unwrap()
        .id
        .clone();
    let to_white = env
        .vendor
        .logos()
        .change_colors(logo.logo_id, &color_change(&red, &white))
        .await
        .unwrap();
    let px = sample(&decode_preview(&to_white.low_res_base64), RED_AT);
    let to_black = env
        .vendor
        .logos()
        .change_colors(logo.logo_id, &color_change(&red, &black))
        .await
        .unwrap();
    let px2 = sample(&decode_preview(&to_black.low_res_base64), RED_AT);
    assert!(
        is_whitish(px) && is_blackish(px2),
        "the red band should show the new ink: red→white gave {px:?}, red→black gave {px2:?}"
    );
}

#[tokio::test]
async fn changecolors_from_must_follow_the_original_colors() {
    let env = start().await;
    let logo = env.upload_art("Color rules").await;
    env.vendor
        .logos()
        .update_method(logo.logo_id, &method("VAND SPORT"))
        .await
        .unwrap();
    let orig = ids(&logo);
    assert_eq!(orig.len(), 3);
    let (_, white) = red_and_white(&logo);
    let path = format!("api/logo/{}/changecolors", logo.logo_id);
    let body = |from: String, to: String| json!({"colorChanges": [{"from": from, "to": to}]});
    // Out of the original order.
    let reversed = format!("{},{}", orig[2], orig[0]);
    let res = env
        .vendor
        .logos()
        .change_colors(
            logo.logo_id,
            &color_change(&reversed, &format!("{white},{white}")),
        )
        .await;
    expect_status(res, 400);
    // Wrong length (the client refuses it; raw).
    let raw = env
        .post_json(
            &path,
            env.key(),
            &body(format!("{},{}", orig[0], orig[1]), white.clone()),
        )
        .await;
    assert_eq!(raw.status, 400, "{}", raw.text);
    raw.error_message();
    // Unknown original color, unknown target ink.
    let res = env
        .vendor
        .logos()
        .change_colors(logo.logo_id, &color_change("NO-SUCH-INK", &white))
        .await;
    expect_status(res, 400);
    let res = env
        .vendor
        .logos()
        .change_colors(logo.logo_id, &color_change(&orig[0], "NO-SUCH-INK"))
        .await;
    expect_status(res, 400);
    // Empty list and malformed JSON.
    let raw = env
        .post_json(&path, env.key(), &json!({"colorChanges": []}))
        .await;
    assert_eq!(raw.status, 400, "{}", raw.text);
    raw.error_message();
    let raw = env
        .raw(
            "POST",
            &path,
            Some(env.key()),
            Some("{\"colorChanges\": [ {\"from\": "),
        )
        .await;
    assert_eq!(raw.status, 400, "{}", raw.text);
    raw.error_message();
    // Nothing changed by the refused requests.
    let stored = env.vendor.logos().get(logo.logo_id).await.unwrap();
    assert_eq!(stored.colors, logo.colors);
    // The full list in the original order is accepted.
    let all = orig.join(",");
    let ok = env
        .vendor
        .logos()
        .change_colors(logo.logo_id, &color_change(&all, &all))
        .await
        .unwrap();
    assert_eq!(ids(&ok), orig);
}

#[tokio::test]
async fn resize_keeps_proportions_or_takes_both_values() {
    let env = start().await;
    let logo = env.upload_art("Resize me").await;
    let (w0, h0) = (logo.width_in_mm, logo.height_in_mm);
    let p0 = first_price(&logo);

    let wider = env
        .vendor
        .logos()
        .resize(logo.logo_id, &Resize::new(Some(120.0), None))
        .await
        .unwrap();
    assert!(
        (wider.width_in_mm - 120.0).abs() < 0.01,
        "{}",
        wider.width_in_mm
    );
    let expected_h = 120.0 * h0 / w0;
    assert!(
        (wider.height_in_mm - expected_h).abs() < 0.1,
        "{} vs {expected_h}",
        wider.height_in_mm
    );
    assert!(first_price(&wider) > p0, "bigger costs more");
    assert_eq!(wider.status, LogoStatus::Draft);

    // Height only, from the current size.
    let taller = env
        .vendor
        .logos()
        .resize(logo.logo_id, &Resize::new(None, Some(40.0)))
        .await
        .unwrap();
    assert!((taller.height_in_mm - 40.0).abs() < 0.01);
    let expected_w = 40.0 * wider.width_in_mm / wider.height_in_mm;
    assert!(
        (taller.width_in_mm - expected_w).abs() < 0.1,
        "{}",
        taller.width_in_mm
    );

    // Both values: as given, not proportional.
    let both = env
        .vendor
        .logos()
        .resize(logo.logo_id, &Resize::new(Some(30.0), Some(90.0)))
        .await
        .unwrap();
    assert!((both.width_in_mm - 30.0).abs() < 0.01);
    assert!((both.height_in_mm - 90.0).abs() < 0.01);
    assert_ne!(first_price(&both), first_price(&taller));
    // Smaller costs less.
    let small = env
        .vendor
        .logos()
        .resize(logo.logo_id, &Resize::new(Some(10.0), Some(10.0)))
        .await
        .unwrap();
    assert!(first_price(&small) < first_price(&both));
    let stored = env.vendor.logos().get(logo.logo_id).await.unwrap();
    assert_eq!((stored.width_in_mm, stored.height_in_mm), (10.0, 10.0));
    assert_eq!(stored.prices, small.prices);

    // A value with an empty string for the other one, sent raw.
    let raw = env
        .post_json(
            &format!("api/logo/{}/resize", logo.logo_id),
            env.key(),
            &json!({"widthInMM": "", "heightInMM": "20"}),
        )
        .await;
    assert_eq!(raw.status, 200, "{}", raw.text);
    assert_eq!(raw.body["heightInMM"].as_f64(), Some(20.0));
    assert_eq!(
        raw.body["widthInMM"].as_f64(),
        Some(20.0),
        "square stays square"
    );
}

#[tokio::test]
async fn resize_refuses_empty_and_invalid_values() {
    let env = start().await;
    let logo = env.upload_art("Bad sizes").await;
    let path = format!("api/logo/{}/resize", logo.logo_id);
    for body in [
        json!({"widthInMM": "", "heightInMM": ""}),
        json!({}),
        json!({"widthInMM": "abc", "heightInMM": ""}),
        json!({"widthInMM": "-5", "heightInMM": ""}),
        json!({"widthInMM": "0", "heightInMM": ""}),
        json!({"widthInMM": "", "heightInMM": "ten"}),
    ] {
        let raw = env.post_json(&path, env.key(), &body).await;
        assert_eq!(raw.status, 400, "{body}: {}", raw.text);
        raw.error_message();
    }
    let stored = env.vendor.logos().get(logo.logo_id).await.unwrap();
    assert_eq!(
        (stored.width_in_mm, stored.height_in_mm),
        (logo.width_in_mm, logo.height_in_mm)
    );
}

#[tokio::test]
async fn rename_changes_the_title() {
    let env = start().await;
    let logo = env.upload_art("Old name").await;
    let renamed = env
        .vendor
        .logos()
        .rename(
            logo.logo_id,
            &Rename {
                title: "New name".into(),
            },
        )
        .await
        .unwrap();
    assert_eq!(renamed.title, "New name");
    assert_eq!(renamed.status, LogoStatus::Draft);
    let page = env
        .vendor
        .logos()
        .list(&ListLogos::new().search("new name"))
        .await
        .unwrap();
    assert!(page.items.iter().any(|l| l.logo_id == logo.logo_id));
    let raw = env
        .raw(
            "PUT",
            &format!("api/logo/{}/rename", logo.logo_id),
            Some(env.key()),
            Some(r#"{"title": "   "}"#),
        )
        .await;
    assert_eq!(raw.status, 400, "{}", raw.text);
    raw.error_message();
}

#[tokio::test]
async fn commit_makes_done_and_freezes_the_logo() {
    let env = start().await;
    let logo = env.upload_art("To commit").await;
    env.vendor
        .logos()
        .update_method(logo.logo_id, &method("VAND SPORT"))
        .await
        .unwrap();
    let done = env.vendor.logos().commit(logo.logo_id).await.unwrap();
    assert_eq!(done.status, LogoStatus::Done);
    let no = done.logo_item_no.expect("item number");
    assert!(no.0 > 0);
    assert_eq!(
        env.vendor.logos().by_item_no(no).await.unwrap().logo_id,
        logo.logo_id
    );
    // Another commit gives another, fresh number.
    let second = env.upload_art("Second commit").await;
    let second = env.vendor.logos().commit(second.logo_id).await.unwrap();
    assert_ne!(second.logo_item_no, Some(no));
    assert_ne!(
        second.logo_item_no.map(|n| n.0),
        Some(env.fx.done_logo_item_no)
    );

    // Every change of colors, method or size is refused after commit.
    let (red, white) = red_and_white(&logo);
    let m = expect_status(
        env.vendor
            .logos()
            .change_colors(logo.logo_id, &color_change(&red, &white))
            .await,
        409,
    );
    assert!(
        m.contains("Done") || m.to_lowercase().contains("draft"),
        "{m}"
    );
    expect_status(
        env.vendor
            .logos()
            .update_method(logo.logo_id, &method("INDUSTRI"))
            .await,
        409,
    );
    expect_status(
        env.vendor
            .logos()
            .resize(logo.logo_id, &Resize::new(Some(50.0), None))
            .await,
        409,
    );
    expect_status(env.vendor.logos().commit(logo.logo_id).await, 409);
    let stored = env.vendor.logos().get(logo.logo_id).await.unwrap();
    assert_eq!(stored, done, "nothing changed");

    // Rename stays allowed after commit (docs/spec-gaps.md).
    let renamed = env
        .vendor
        .logos()
        .rename(
            logo.logo_id,
            &Rename {
                title: "Committed, renamed".into(),
            },
        )
        .await
        .unwrap();
    assert_eq!(renamed.title, "Committed, renamed");
    assert_eq!(renamed.status, LogoStatus::Done);
    assert_eq!(renamed.logo_item_no, Some(no));
}

#[tokio::test]
async fn draft_changes_on_unknown_or_foreign_logos_are_404() {
    let env = start().await;
    let foreign = LogoId(env.fx.other_vendor_logo_id);
    let mine = env.upload_art("Mine").await;
    for id in [foreign, LogoId(999_999)] {
        assert!(
            env.vendor
                .logos()
                .commit(id)
                .await
                .unwrap_err()
                .is_not_found()
        );
        assert!(
            env.vendor
                .logos()
                .update_method(id, &method("INDUSTRI"))
                .await
                .unwrap_err()
                .is_not_found()
        );
        assert!(
            env.vendor
                .logos()
                .rename(id, &Rename { title: "x".into() })
                .await
                .unwrap_err()
                .is_not_found()
        );
    }
    assert!(
        env.other
            .logos()
            .commit(mine.logo_id)
            .await
            .unwrap_err()
            .is_not_found()
    );
    assert!(
        env.other
            .logos()
            .resize(mine.logo_id, &Resize::new(Some(50.0), None))
            .await
            .unwrap_err()
            .is_not_found()
    );
    // Unknown method.
    let m = expect_status(
        env.vendor
            .logos()
            .update_method(mine.logo_id, &method("LASER"))
            .await,
        400,
    );
    assert!(
        m.contains("VAND SPORT") || m.contains("INDUSTRI"),
        "lists the known ones: {m}"
    );
}
