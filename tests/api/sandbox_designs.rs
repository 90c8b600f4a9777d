//! Designs: read, clone into variations, and the clone rules, over real HTTP.

use crate::common;

use common::*;
use logodesk::api::*;
use serde_json::json;

fn placement(view: &str, logo: i64, x: f64, y: f64) -> Placement {
    Placement {
        view: view.into(),
        logo_id: LogoId(logo),
        x_coordinate: x,
        y_coordinate: y,
        angle_rads: None,
    }
}

fn mul_number(d: &Design) -> u64 {
    let mul = d.design_item_no.as_ref().expect("item number").as_str();
    assert!(mul.starts_with("MUL"), "{mul}");
    mul[3..].parse().expect("MUL + digits")
}

#[tokio::test]
async fn a_done_design_has_an_item_number_and_placeholders() {
    let env = start().await;
    let d = env
        .vendor
        .designs()
        .get(DesignId(env.fx.done_design_id))
        .await
        .unwrap();
    assert_eq!(d.design_id, DesignId(env.fx.done_design_id));
    assert_eq!(
        d.design_item_no.as_ref().map(|m| m.as_str()),
        Some(env.fx.done_design_mul.as_str())
    );
    mul_number(&d);
    assert!(!d.title.is_empty());
    assert_eq!(d.status, Some(DesignStatus::Done));
    assert!(d.is_orderable());
    assert!(d.style_id.is_some());
    assert!(!d.design_logos.is_empty());
    let mut kinds = Vec::new();
    for p in &d.design_logos {
        assert!(!p.view.is_empty());
        assert!(p.x_coordinate.is_finite() && p.y_coordinate.is_finite());
        let logo = env.vendor.logos().get(p.logo_id).await.unwrap();
        assert_eq!(p.logo_item_no, logo.logo_item_no);
        kinds.push(logo.logo_type);
    }
    assert!(kinds.contains(&LogoType::NameLogo), "{kinds:?}");
    assert!(kinds.contains(&LogoType::NumberLogo), "{kinds:?}");
    let ids: Vec<_> = d.design_logos.iter().map(|p| p.logo_id.0).collect();
    assert!(ids.contains(&env.fx.name_logo_id) && ids.contains(&env.fx.number_logo_id));

    // The raw form uses the public-facts field names.
    let raw = env
        .get_json(&format!("api/design/{}", env.fx.done_design_id), env.key())
        .await;
    for key in [
        "designId",
        "designItemNo",
        "title",
        "styleId",
        "heatingCode",
        "designLogos",
    ] {
        assert!(raw.body.get(key).is_some(), "design lacks {key}");
    }
    for key in [
        "logoId",
        "logoItemNo",
        "view",
        "viewId",
        "xCoordinate",
        "yCoordinate",
        "angleRads",
    ] {
        assert!(
            raw.body["designLogos"][0].get(key).is_some(),
            "placement lacks {key}"
        );
    }
}

#[tokio::test]
async fn the_draft_design_has_no_item_number() {
    let env = start().await;
    let d = env
        .vendor
        .designs()
        .get(DesignId(env.fx.draft_design_id))
        .await
        .unwrap();
    assert_eq!(d.design_item_no, None);
    assert!(!d.is_orderable());
}

#[tokio::test]
async fn designs_of_another_vendor_are_404_and_unknown_too() {
    let env = start().await;
    let err = env
        .other
        .designs()
        .get(DesignId(env.fx.done_design_id))
        .await
        .unwrap_err();
    assert!(err.is_not_found(), "{err}");
    assert!(
        env.vendor
            .designs()
            .get(DesignId(999_999))
            .await
            .unwrap_err()
            .is_not_found()
    );
    // And the other vendor's design (20007 in docs/spec-gaps.md) for the vendor.
    assert!(env.other.designs().get(DesignId(20007)).await.is_ok());
    let err = env.vendor.designs().get(DesignId(20007)).await.unwrap_err();
    assert!(err.is_not_found(), "{err}");
    // The child's design (20006 in docs/spec-gaps.md) is visible to its parent vendor; the
    // child does not see its parent's design.
    let child_design = DesignId(20006);
    env.child.designs().get(child_design).await.unwrap();
    env.vendor.designs().get(child_design).await.unwrap();
    assert!(
        env.child
            .designs()
            .get(DesignId(env.fx.done_design_id))
            .await
            .unwrap_err()
            .is_not_found()
    );
    let raw = env.get_json("api/design/999999", env.key()).await;
    assert_eq!(raw.status, 404);
    raw.error_message();
    // Cloning someone else's design is 404 as well.
    let body = CloneDesign {
        variations: vec![Variation {
            title: "Nope".into(),
            design_logos: vec![],
        }],
    };
    let err = env
        .other
        .designs()
        .clone_design(DesignId(env.fx.done_design_id), &body)
        .await
        .unwrap_err();
    assert!(err.is_not_found(), "{err}");
}

#[tokio::test]
async fn clone_with_two_variations_gives_two_new_designs_in_order() {
    let env = start().await;
    let fx = &env.fx;
    let src = env
        .vendor
        .designs()
        .get(DesignId(fx.done_design_id))
        .await
        .unwrap();
    let body = CloneDesign {
        variations: vec![
            Variation {
                title: "Away kit".into(),
                design_logos: vec![
                    placement("FRONT", fx.done_logo_id, 422.23, 380.0),
                    Placement {
                        angle_rads: Some(0.25),
                        ..placement("BACK", fx.number_logo_id, 600.0, 722.0)
                    },
                ],
            },
            Variation {
                title: "Third kit".into(),
                design_logos: vec![placement("BACK", fx.name_logo_id, 600.0, 310.5)],
            },
        ],
    };
    let made = env
        .vendor
        .designs()
        .clone_design(src.design_id, &body)
        .await
        .unwrap();
    assert_eq!(made.len(), 2);
    assert_eq!(made[0].title, "Away kit");
    assert_eq!(made[1].title, "Third kit");
    assert_ne!(made[0].design_id, src.design_id);
    assert_ne!(made[1].design_id, src.design_id);
    assert_ne!(made[0].design_id, made[1].design_id);
    // Fresh MUL numbers, in the order of the variations.
    let (m0, m1) = (mul_number(&made[0]), mul_number(&made[1]));
    assert_ne!(made[0].design_item_no, src.design_item_no);
    assert!(m0 < m1, "{m0} then {m1}");
    // Stored with exactly the listed placements.
    let got = env.vendor.designs().get(made[0].design_id).await.unwrap();
    assert_eq!(got.title, "Away kit");
    let p: Vec<_> = got
        .design_logos
        .iter()
        .map(|p| {
            (
                p.view.clone(),
                p.logo_id.0,
                p.x_coordinate,
                p.y_coordinate,
                p.angle_rads,
            )
        })
        .collect();
    assert_eq!(
        p,
        vec![
            ("FRONT".into(), fx.done_logo_id, 422.23, 380.0, 0.0),
            ("BACK".into(), fx.number_logo_id, 600.0, 722.0, 0.25),
        ]
    );
    let got1 = env.vendor.designs().get(made[1].design_id).await.unwrap();
    assert_eq!(got1.design_logos.len(), 1);
    assert_eq!(got1.design_logos[0].logo_id, LogoId(fx.name_logo_id));
    // A clone of a Done design can be ordered by its new MUL.
    let order = PlaceOrder::new("CLONE", address()).with_design(DesignLine::new(
        made[0].design_item_no.clone().unwrap(),
        vec![Instance::new("M", 2).with_number("9")],
    ));
    let placed = env
        .vendor
        .orders()
        .place(&order, &IdempotencyKey::new())
        .await
        .unwrap();
    let done = env.track(&env.vendor, placed.id).await;
    assert_eq!(done.status, OrderStatus::Completed, "{done:?}");
    assert_eq!(done.order.unwrap().designs[0].design_id, made[0].design_id);
    // The source is unchanged.
    assert_eq!(env.vendor.designs().get(src.design_id).await.unwrap(), src);
}

#[tokio::test]
async fn clone_with_empty_design_logos_gives_a_design_without_logos() {
    let env = start().await;
    let body = CloneDesign {
        variations: vec![Variation {
            title: "Blank".into(),
            design_logos: vec![],
        }],
    };
    let made = env
        .vendor
        .designs()
        .clone_design(DesignId(env.fx.done_design_id), &body)
        .await
        .unwrap();
    assert_eq!(made.len(), 1);
    assert!(
        made[0].design_logos.is_empty(),
        "{:?}",
        made[0].design_logos
    );
    let got = env.vendor.designs().get(made[0].design_id).await.unwrap();
    assert!(
        got.design_logos.is_empty(),
        "source logos are not kept unless listed"
    );
}

#[tokio::test]
async fn clone_refuses_inaccessible_logos_unknown_views_and_empty_variations() {
    let env = start().await;
    let fx = &env.fx;
    let path = format!("api/design/{}/clone", fx.done_design_id);
    let one = |logos: Vec<Placement>| CloneDesign {
        variations: vec![Variation {
            title: "V".into(),
            design_logos: logos,
        }],
    };
    // Another vendor's logo.
    let res = env
        .vendor
        .designs()
        .clone_design(
            DesignId(fx.done_design_id),
            &one(vec![placement(
                "FRONT",
                fx.other_vendor_logo_id,
                100.0,
                100.0,
            )]),
        )
        .await;
    expect_status(res, 400);
    // A view the garment does not have.
    let res = env
        .vendor
        .designs()
        .clone_design(
            DesignId(fx.done_design_id),
            &one(vec![placement("LEFT WING", fx.done_logo_id, 100.0, 100.0)]),
        )
        .await;
    let m = expect_status(res, 400);
    assert!(m.to_lowercase().contains("view"), "{m}");
    // No variations (the client refuses it; raw).
    for body in [json!({"variations": []}), json!({})] {
        let raw = env.post_json(&path, env.key(), &body).await;
        assert_eq!(raw.status, 400, "{body}: {}", raw.text);
        raw.error_message();
    }
    // Missing coordinates.
    let raw = env
        .post_json(
            &path,
            env.key(),
            &json!({"variations": [{"title": "V", "designLogos": [{"view": "FRONT", "logoId": fx.done_logo_id}]}]}),
        )
        .await;
    assert_eq!(raw.status, 400, "{}", raw.text);
    // A valid clone still works.
    let ok = env
        .vendor
        .designs()
        .clone_design(DesignId(fx.done_design_id), &one(vec![]))
        .await
        .unwrap();
    assert_eq!(ok.len(), 1);
}
