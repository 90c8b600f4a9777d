//! Design pictures over real HTTP: `POST /api/design/{id}/view` and `/thumbnail` with and
//! without temporary placements, tenancy, bad placements, the sandbox-only style endpoint, and
//! the tolerant reading of design answers (`logos`, `NAMELOGO`, unknown keys).

use crate::common;

use common::*;
use image::RgbaImage;
use logodesk::api::*;
use logodesk::imaging::{ImagingError, Limits};
use logodesk::sandbox::fixtures::{HOODIE_DESIGN, OTHER_KEY};
use serde_json::json;

fn placement(view: &str, logo: i64, x: f64, y: f64, angle: Option<f64>) -> Placement {
    Placement {
        view: view.into(),
        logo_id: LogoId(logo),
        x_coordinate: x,
        y_coordinate: y,
        angle_rads: angle,
    }
}

fn decoded(views: &DesignViews) -> Vec<(String, RgbaImage)> {
    views
        .views
        .iter()
        .map(|v| {
            (
                v.view.clone(),
                v.decode(&Limits::default()).expect("decodes"),
            )
        })
        .collect()
}

fn view<'a>(all: &'a [(String, RgbaImage)], name: &str) -> &'a RgbaImage {
    &all.iter().find(|(v, _)| v == name).expect(name).1
}

/// Pixels that differ between `a` and `b` in the square of half side `r` around `(x, y)`.
fn changed_around(a: &RgbaImage, b: &RgbaImage, x: u32, y: u32, r: u32) -> usize {
    let mut n = 0;
    for yy in y.saturating_sub(r)..(y + r).min(a.height()) {
        for xx in x.saturating_sub(r)..(x + r).min(a.width()) {
            if a.get_pixel(xx, yy) != b.get_pixel(xx, yy) {
                n += 1;
            }
        }
    }
    n
}

fn bare(id: i64) -> RenderDesign {
    RenderDesign::with_placements(DesignId(id), Vec::new())
}

#[tokio::test]
async fn the_demo_design_has_one_picture_per_view_with_its_placements_drawn_where_they_are() {
    let env = start().await;
    let id = DesignId(env.fx.done_design_id);
    let design = env.vendor.designs().get(id).await.unwrap();
    let style = logodesk::sandbox::styles::style(&env.vendor, design.style_id.unwrap())
        .await
        .unwrap();
    let names: Vec<&str> = style.views.iter().map(|v| v.view.as_str()).collect();
    assert_eq!(names, ["FRONT", "BACK", "LEFT SLEEVE", "RIGHT SLEEVE"]);

    let answer = env.vendor.designs().views(id, None).await.unwrap();
    assert_eq!(answer.design_id, id);
    let pictures = decoded(&answer);
    assert_eq!(pictures.len(), style.views.len());
    for (sv, (name, img)) in style.views.iter().zip(&pictures) {
        assert_eq!(&sv.view, name);
        assert_eq!(img.dimensions(), (sv.width_px, sv.height_px), "{name}");
        assert!(sv.px_per_mm > 0.0);
        assert_eq!(sv.center_x, f64::from(sv.width_px) / 2.0);
    }
    let (w, h) = view(&pictures, "FRONT").dimensions();
    assert!(
        (600..=4000).contains(&w) && (600..=4000).contains(&h),
        "{w}×{h}"
    );

    // Each placement's pixels are visible at its coordinates, and nowhere else changes much.
    let garment = decoded(
        &env.vendor
            .designs()
            .views(id, Some(&bare(id.0)))
            .await
            .unwrap(),
    );
    for p in &design.design_logos {
        let logo = env.vendor.logos().get(p.logo_id).await.unwrap();
        let (with, without) = (view(&pictures, &p.view), view(&garment, &p.view));
        let (x, y) = (p.x_coordinate as u32, p.y_coordinate as u32);
        let n = changed_around(with, without, x, y, 20);
        assert!(
            n > 400,
            "{} at ({x}, {y}) on {}: {n} px changed",
            p.logo_id,
            p.view
        );
        // Drawn at its real size: a picture reaches to half its width (in px) beyond the
        // centre; nothing (placeholder lettering included) is drawn well beyond it.
        let half = (logo.width_in_mm * style.views[0].px_per_mm / 2.0) as u32;
        if logo.logo_type == LogoType::Transfer {
            assert!(
                changed_around(with, without, x + half - 6, y, 4) > 0,
                "{}",
                p.logo_id
            );
        }
        assert_eq!(
            changed_around(with, without, x + half + 40, y, 4),
            0,
            "{}",
            p.logo_id
        );
    }
    assert_eq!(
        changed_around(
            view(&pictures, "LEFT SLEEVE"),
            view(&garment, "LEFT SLEEVE"),
            300,
            300,
            300
        ),
        0,
        "nothing is placed on the sleeve"
    );
}

#[tokio::test]
async fn temporary_placements_are_drawn_but_do_not_change_the_design() {
    let env = start().await;
    let id = DesignId(env.fx.done_design_id);
    let before = env.vendor.designs().get(id).await.unwrap();
    let own = decoded(&env.vendor.designs().views(id, None).await.unwrap());

    let moved = RenderDesign::with_placements(
        id,
        vec![
            placement("front", env.fx.done_logo_id, 800.0, 1000.0, Some(0.5)),
            placement("LEFT SLEEVE", env.fx.done_logo_id, 300.0, 300.0, None),
        ],
    );
    let temp = decoded(&env.vendor.designs().views(id, Some(&moved)).await.unwrap());
    let garment = decoded(
        &env.vendor
            .designs()
            .views(id, Some(&bare(id.0)))
            .await
            .unwrap(),
    );
    let (f_temp, f_own, f_bare) = (
        view(&temp, "FRONT"),
        view(&own, "FRONT"),
        view(&garment, "FRONT"),
    );
    assert!(changed_around(f_temp, f_bare, 800, 1000, 20) > 400);
    assert_eq!(
        changed_around(f_temp, f_bare, 422, 380, 20),
        0,
        "moved away"
    );
    assert!(changed_around(f_own, f_bare, 422, 380, 20) > 400);
    assert!(
        changed_around(
            view(&temp, "LEFT SLEEVE"),
            view(&garment, "LEFT SLEEVE"),
            300,
            300,
            20
        ) > 400
    );
    // The placeholders are not in the temporary set, so the back is bare.
    assert_eq!(
        changed_around(view(&temp, "BACK"), view(&garment, "BACK"), 600, 722, 100),
        0
    );

    let thumb = env
        .vendor
        .designs()
        .thumbnail(id, Some(&moved))
        .await
        .unwrap();
    assert_eq!(thumb.design_id, id);
    let t = thumb.decode(&Limits::default()).unwrap();
    assert!(t.width() > t.height(), "{}×{}", t.width(), t.height());
    let own_thumb = env.vendor.designs().thumbnail(id, None).await.unwrap();
    assert_ne!(own_thumb.base64, thumb.base64);

    let after = env.vendor.designs().get(id).await.unwrap();
    assert_eq!(before, after);
    // Rendering the design's own placements again gives the same pictures.
    let again = decoded(&env.vendor.designs().views(id, None).await.unwrap());
    assert_eq!(own, again);
}

#[tokio::test]
async fn placeholders_show_sample_text_or_the_values_given() {
    let env = start().await;
    let id = DesignId(env.fx.done_design_id);
    let sample = decoded(&env.vendor.designs().views(id, None).await.unwrap());
    let body = RenderDesign {
        design_id: Some(id),
        number: Some("7".into()),
        ..RenderDesign::default()
    };
    let seven = decoded(&env.vendor.designs().views(id, Some(&body)).await.unwrap());
    let (a, b) = (view(&sample, "BACK"), view(&seven, "BACK"));
    assert!(
        changed_around(a, b, 600, 722, 150) > 500,
        "the number changed"
    );
    assert_eq!(changed_around(a, b, 600, 310, 40), 0, "the name did not");
    let body = RenderDesign {
        design_id: Some(id),
        logo_values: vec![LogoValue {
            logo_id: LogoId(env.fx.name_logo_id),
            value: "Hansen".into(),
        }],
        ..RenderDesign::default()
    };
    let named = decoded(&env.vendor.designs().views(id, Some(&body)).await.unwrap());
    assert!(changed_around(a, view(&named, "BACK"), 600, 310, 40) > 200);
    let bad = RenderDesign {
        number: Some("7a".into()),
        ..RenderDesign::default()
    };
    let msg = expect_status(env.vendor.designs().views(id, Some(&bad)).await, 400);
    assert!(msg.contains("digits"), "{msg}");
}

#[tokio::test]
async fn another_vendors_design_is_not_found_and_a_key_is_needed() {
    let env = start().await;
    let id = DesignId(env.fx.done_design_id);
    expect_status(env.other.designs().views(id, None).await, 404);
    expect_status(env.other.designs().thumbnail(id, None).await, 404);
    let theirs = DesignId(20007);
    expect_status(env.vendor.designs().views(theirs, None).await, 404);
    expect_status(env.vendor.designs().thumbnail(theirs, None).await, 404);
    // The other vendor does see its own.
    let own = env.other.designs().views(theirs, None).await.unwrap();
    assert_eq!(own.views.len(), 4);
    let raw = env
        .raw("POST", &format!("api/design/{id}/view"), None, None)
        .await;
    assert_eq!(raw.status, 401);
    raw.error_message();
    let raw = env
        .raw(
            "POST",
            &format!("api/design/{id}/view"),
            Some(OTHER_KEY),
            Some("{}"),
        )
        .await;
    assert_eq!(raw.status, 404);
}

#[tokio::test]
async fn bad_placements_are_refused_with_sentences() {
    let env = start().await;
    let id = DesignId(env.fx.done_design_id);
    let views = |p: Vec<Placement>| RenderDesign::with_placements(id, p);

    let unknown = views(vec![placement("FRONT", 99_999, 10.0, 10.0, None)]);
    let msg = expect_status(env.vendor.designs().views(id, Some(&unknown)).await, 400);
    assert!(msg.contains("designLogos[0].logoId 99999"), "{msg}");
    let foreign = views(vec![placement(
        "FRONT",
        env.fx.other_vendor_logo_id,
        10.0,
        10.0,
        None,
    )]);
    let msg = expect_status(
        env.vendor.designs().thumbnail(id, Some(&foreign)).await,
        400,
    );
    assert!(msg.contains("not accessible"), "{msg}");
    let leg = views(vec![
        placement("FRONT", env.fx.done_logo_id, 10.0, 10.0, None),
        placement("LEFT LEG", env.fx.done_logo_id, 10.0, 10.0, None),
    ]);
    let msg = expect_status(env.vendor.designs().views(id, Some(&leg)).await, 400);
    assert!(
        msg.contains("designLogos[1].view") && msg.contains("LEFT SLEEVE"),
        "names the known views: {msg}"
    );

    // Numbers the client refuses to send are refused by the sandbox too.
    let nan = views(vec![placement(
        "FRONT",
        env.fx.done_logo_id,
        f64::NAN,
        1.0,
        None,
    )]);
    let err = env
        .vendor
        .designs()
        .views(id, Some(&nan))
        .await
        .unwrap_err();
    assert_eq!(err.issues()[0].path, "designLogos[0].xCoordinate", "{err}");
    let path = format!("api/design/{id}/view");
    for (body, needle) in [
        (
            json!({"designLogos": [{"logoId": env.fx.done_logo_id, "view": "FRONT", "xCoordinate": "1", "yCoordinate": 2}]}),
            "designLogos[0].xCoordinate must be a number",
        ),
        (
            json!({"designLogos": [{"logoId": env.fx.done_logo_id, "view": "FRONT", "xCoordinate": 1}]}),
            "designLogos[0].yCoordinate is required",
        ),
        (json!({"designId": 1, "designLogos": []}), "differs"),
        (json!({"designLogos": {}}), "designLogos must be an array"),
    ] {
        let raw = env.post_json(&path, env.key(), &body).await;
        assert_eq!(raw.status, 400, "{body}");
        let m = raw.error_message();
        assert!(m.contains(needle), "{m}");
    }
    let raw = env
        .raw(
            "POST",
            &path,
            Some(env.key()),
            Some(r#"{"designLogos": [{"logoId": 10001, "view": "FRONT", "xCoordinate": 1e999, "yCoordinate": 1}]}"#),
        )
        .await;
    assert_eq!(raw.status, 400);
    raw.error_message();
    // A refused request changed nothing.
    let d = env.vendor.designs().get(id).await.unwrap();
    assert_eq!(d.design_logos.len(), 3);
}

#[tokio::test]
async fn the_hoodie_and_integer_coordinates() {
    let env = start().await;
    let id = DesignId(HOODIE_DESIGN);
    let d = env.vendor.designs().get(id).await.unwrap();
    let style = logodesk::sandbox::styles::style(&env.vendor, d.style_id.unwrap())
        .await
        .unwrap();
    assert_eq!(style.views.len(), 4);
    let answer = env.vendor.designs().views(id, None).await.unwrap();
    for (sv, (name, img)) in style.views.iter().zip(decoded(&answer)) {
        assert_eq!(img.dimensions(), (sv.width_px, sv.height_px), "{name}");
    }
    // Integer coordinates are accepted in a request as numbers.
    let raw = env
        .post_json(
            &format!("api/design/{id}/thumbnail"),
            env.key(),
            &json!({"designId": HOODIE_DESIGN, "designLogos": [{"logoId": env.fx.done_logo_id, "view": "Left Sleeve", "xCoordinate": 300, "yCoordinate": 400, "angleRads": 0}]}),
        )
        .await;
    assert_eq!(raw.status, 200, "{}", raw.text);
    let raw = env.raw("GET", "sandbox/styles/999", None, None).await;
    assert_eq!(raw.status, 404);
    raw.error_message();
}

#[tokio::test]
async fn pictures_are_decoded_under_limits() {
    let env = start().await;
    let id = DesignId(env.fx.done_design_id);
    let answer = env.vendor.designs().views(id, None).await.unwrap();
    let small = Limits {
        max_width: 500,
        max_height: 500,
        ..Limits::default()
    };
    let err = answer.views[0].decode(&small).unwrap_err();
    assert!(matches!(err, ImagingError::TooManyPixels { .. }), "{err}");
    let tiny = Limits {
        max_file_bytes: 100,
        ..Limits::default()
    };
    assert!(matches!(
        decode_picture(&answer.views[0].base64, &tiny),
        Err(ImagingError::TooLarge { .. })
    ));
    assert!(decode_picture("not base64!", &Limits::default()).is_err());
    assert!(decode_picture("", &Limits::default()).is_err());
}

#[test]
fn design_answers_with_logos_namelogo_and_unknown_keys() {
    let d: Design = serde_json::from_value(json!({
        "designId": 1, "title": "Other server",
        "logos": [
            {"logoId": 5, "view": "BACK", "xCoordinate": 600, "yCoordinate": 310, "angleRads": null},
            {"logoId": 6, "view": "FRONT", "xCoordinate": 422.23, "yCoordinate": 1222}
        ]
    }))
    .unwrap();
    assert_eq!(d.design_logos.len(), 2);
    assert_eq!(d.design_logos[0].x_coordinate, 600.0);
    assert_eq!(d.design_logos[1].y_coordinate, 1222.0);
    assert!(d.unread_placements.is_empty());

    for (wire, kind) in [
        ("NAMELOGO", LogoType::NameLogo),
        ("NUMBERLOGO", LogoType::NumberLogo),
        ("TEXTLOGO", LogoType::TextLogo),
    ] {
        let s: LogoSummary = serde_json::from_value(json!({
            "logoId": 5, "title": "x", "widthInMM": 250, "HeightInMM": 60, "logoType": wire
        }))
        .unwrap();
        assert_eq!(s.logo_type, kind, "{wire}");
    }

    let hidden: Design = serde_json::from_value(json!({
        "designId": 2, "title": "Unknown key", "designLogos": [],
        "placements": [{"logoId": 5, "view": "BACK", "x": 1, "y": 2}],
        "tags": ["a", "b"], "meta": {"k": 1}
    }))
    .unwrap();
    assert!(hidden.design_logos.is_empty());
    assert_eq!(hidden.unread_placements, ["placements"]);
    // Never sent back.
    let out = serde_json::to_value(&hidden).unwrap();
    assert!(out.get("unreadPlacements").is_none() && out.get("placements").is_none());

    let views: DesignViews = serde_json::from_value(json!({
        "designId": 3, "views": [{"view": "FRONT", "base64": "AAAA"}, {"view": "BACK", "base64": null}]
    }))
    .unwrap();
    assert_eq!(views.views.len(), 2);
    assert_eq!(views.views[1].base64, "");
}
