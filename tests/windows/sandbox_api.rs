//! Test 2: `logodesk.exe sandbox --ephemeral --listen 127.0.0.1:0` under Wine serves, and the
//! Linux client (`logodesk::api`) runs the paths that matter for money against it: list and
//! search logos, upload → edit → commit, an order with a design and names to `Completed`, an
//! idempotent replay, and the same key with another body refused.

use crate::common::{
    address, art, client, design_with_names, expect_status, png, red_and_white, track,
};
use crate::runner_common::Runner;
use crate::wine::{Wine, exe};

use crate::patience::PATIENCE;
use logodesk::api::*;
use rust_decimal::Decimal;

/// The sandbox's published demo fixtures (the same build's, so the same ids and keys).
fn fixtures() -> logodesk::sandbox::Fixtures {
    logodesk::sandbox::fixtures()
}

#[tokio::test]
#[ignore = "needs Wine, mingw-w64 and the Windows build: see README"]
async fn the_windows_sandbox_serves_the_money_paths() {
    let exe = exe();
    let wine = Wine::shared();
    let mut command = wine.command(&exe);
    command.args([
        "sandbox",
        "--ephemeral",
        "--listen",
        "127.0.0.1:0",
        "--placement-delay-ms",
        "300",
    ]);
    let mut sandbox = Runner::spawn(command);
    let line = sandbox.wait_for_line(PATIENCE, |l| l.starts_with("listening on http://"));
    let base = format!("{}/", line.trim_start_matches("listening on ").trim());
    let fx = fixtures();
    let vendor = client(&base, &fx.vendor_api_key, AuthStyle::Bearer);

    // List and search.
    let all = vendor.logos().list_all(None, 50).await.unwrap();
    assert!(all.len() >= 3, "the demo logos: {all:?}");
    let word = all[0]
        .title
        .split_whitespace()
        .next()
        .expect("a titled logo")
        .to_lowercase();
    let found = vendor.logos().list_all(Some(&word), 50).await.unwrap();
    assert!(found.iter().any(|l| l.logo_id == all[0].logo_id));
    assert!(found.iter().all(|l| l.title.to_lowercase().contains(&word)));
    let none = vendor
        .logos()
        .list(&ListLogos::new().search("no such title qq"))
        .await
        .unwrap();
    assert_eq!(none.total_count, 0);

    // Upload → edit (method, colours, title) → commit.
    let logo = vendor
        .logos()
        .upload(UploadLogo::new("art.png", png(&art()), "Wine crest"))
        .await
        .unwrap();
    assert_eq!(logo.status, LogoStatus::Draft);
    vendor
        .logos()
        .update_method(
            logo.logo_id,
            &UpdateMethod {
                transfer_method_key: "VAND SPORT".into(),
            },
        )
        .await
        .unwrap();
    let (red, white) = red_and_white(&logo);
    let recolored = vendor
        .logos()
        .change_colors(
            logo.logo_id,
            &ChangeColors {
                color_changes: vec![ColorChange {
                    from: red.clone(),
                    to: white,
                }],
            },
        )
        .await
        .unwrap();
    assert!(!recolored.colors.iter().any(|c| c.id == red));
    let done = vendor.logos().commit(logo.logo_id).await.unwrap();
    assert_eq!(done.status, LogoStatus::Done);
    assert!(done.logo_item_no.is_some_and(|n| n.0 > 0));

    // An order with a design and names, to Completed.
    let order = PlaceOrder::new("WINE-PO-1", address())
        .with_design(design_with_names(&fx))
        .with_logo(LogoLine::quantity(done.logo_id, 10));
    let key = IdempotencyKey::new();
    let placed = vendor.orders().place(&order, &key).await.unwrap();
    assert_eq!(placed.status, OrderStatus::Pending);
    let completed = track(&vendor, placed.id).await;
    assert_eq!(completed.status, OrderStatus::Completed, "{completed:?}");
    let o = completed
        .order
        .expect("a Completed record carries the order");
    assert_eq!(o.reference, "WINE-PO-1");
    assert!(o.sub_total > Decimal::ZERO);
    assert_eq!(o.sub_total + o.vat, o.total);
    assert_eq!(o.designs.len(), 1);
    assert_eq!(o.designs[0].design_id, DesignId(fx.done_design_id));

    // The same key and body again: the same order, none created.
    let replay = vendor.orders().place(&order, &key).await.unwrap();
    assert_eq!(replay.id, placed.id);
    assert_eq!(replay.order_number, placed.order_number);

    // The same key with another body: refused, the original untouched.
    let other = PlaceOrder::new("WINE-PO-2", address())
        .with_logo(LogoLine::quantity(LogoId(fx.done_logo_id), 5));
    expect_status(vendor.orders().place(&other, &key).await, 409);
    let again = vendor.orders().get(placed.id).await.unwrap();
    assert_eq!(again.order.expect("still the order").reference, "WINE-PO-1");
    let next = vendor
        .orders()
        .place(&other, &IdempotencyKey::new())
        .await
        .unwrap();
    assert_eq!(next.id.0, placed.id.0 + 1, "the replay created no order");

    sandbox.kill9();
}
