//! Issue 30 item 1: a service in the seed's shape, without `POST /api/design/{id}/view`. The
//! client says "This service does not draw design views" (never "Design N was not found") for
//! a 405, a 501 or a 404 without the service's error about the design, remembers it for a
//! while instead of asking every time, and the backend then draws the views itself: a plain
//! garment with each logo's own picture at its placement, marked as drawn here.

use crate::common::{self, PATIENCE};
use logodesk::api::{ApiError, DesignId, Feature};
use logodesk::backend::designs::{DesignsCommand, DesignsEvent, RenderKind, RenderedViews};
use logodesk::backend::{Backend, BackendConfig, Command, Event, RequestId, UserError};
use logodesk::keychain::Keychain;
use logodesk::sandbox::SandboxConfig;
use std::io::{BufRead as _, BufReader, Read as _, Write as _};
use std::net::TcpListener;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

const SENTENCE: &str = "This service does not draw design views.";

#[tokio::test]
async fn a_sandbox_without_views_says_so_while_the_design_reads_fine() {
    let env = common::start_with(SandboxConfig {
        without: vec![Feature::DesignViews],
        ..SandboxConfig::fast()
    })
    .await;
    let id = DesignId(env.fx.done_design_id);
    env.vendor
        .designs()
        .get(id)
        .await
        .expect("the design reads");
    let err = env.vendor.designs().views(id, None).await.unwrap_err();
    match &err {
        ApiError::NotOffered(not) => {
            assert_eq!(not.feature, Feature::DesignViews);
            assert_eq!(not.status.as_u16(), 404);
        }
        other => panic!("not 'not offered': {other:?}"),
    }
    assert_eq!(err.to_string(), SENTENCE);
    assert!(!err.to_string().contains("not found"));
    // Its other picture is still offered.
    env.vendor
        .designs()
        .thumbnail(id, None)
        .await
        .expect("the thumbnail is drawn");
    // A sandbox with every endpoint answers as before.
    let full = common::start().await;
    full.vendor.designs().views(id, None).await.expect("views");
}

/// A service in the seed's shape on a socket of the test's own: `GET /api/design/3001` reads,
/// `POST …/view` answers `status` with `body`; every request to it counted.
fn seed_shaped(status: &'static str, body: &'static str) -> (String, Arc<AtomicUsize>) {
    let listener = TcpListener::bind("127.0.0.1:0").expect("a port");
    let base = format!("http://{}/", listener.local_addr().expect("an address"));
    let views = Arc::new(AtomicUsize::new(0));
    let counted = views.clone();
    std::thread::spawn(move || {
        for stream in listener.incoming().flatten() {
            let mut reader = BufReader::new(&stream);
            let mut line = String::new();
            if reader.read_line(&mut line).is_err() {
                continue;
            }
            let mut length = 0usize;
            loop {
                let mut header = String::new();
                if reader.read_line(&mut header).is_err() || header.trim().is_empty() {
                    break;
                }
                if let Some((k, v)) = header.split_once(':')
                    && k.eq_ignore_ascii_case("content-length")
                {
                    length = v.trim().parse().unwrap_or(0);
                }
            }
            let mut rest = vec![0; length];
            let _ = reader.read_exact(&mut rest);
            let (status, body) = if line.starts_with("GET /api/design/3001 ") {
                (
                    "200 OK",
                    r#"{"designId":3001,"title":"Home","status":"Done","designLogos":[]}"#,
                )
            } else if line.contains("/view ") {
                counted.fetch_add(1, Ordering::SeqCst);
                (status, body)
            } else {
                (
                    "404 Not Found",
                    r#"{"error":"NotFound","message":"Design 3002 was not found"}"#,
                )
            };
            let answer = format!(
                "HTTP/1.1 {status}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
                body.len()
            );
            let _ = (&stream).write_all(answer.as_bytes());
        }
    });
    (base, views)
}

#[tokio::test]
async fn an_endpoint_the_service_lacks_is_not_found_only_when_the_service_says_so() {
    let cases: [(&str, &str, bool); 6] = [
        ("404 Not Found", "", true),
        ("404 Not Found", "<html><body>Not Found</body></html>", true),
        ("404 Not Found", "Cannot POST /api/design/3001/view", true),
        ("405 Method Not Allowed", "", true),
        ("501 Not Implemented", "", true),
        (
            "404 Not Found",
            r#"{"error":"NotFound","message":"Design 3001 was not found"}"#,
            false,
        ),
    ];
    for (status, body, lacking) in cases {
        let (base, asked) = seed_shaped(status, body);
        let client = common::client(&base, "key", logodesk::api::AuthStyle::Bearer);
        client.designs().get(DesignId(3001)).await.expect("reads");
        let err = client
            .designs()
            .views(DesignId(3001), None)
            .await
            .unwrap_err();
        let said = err.to_string();
        if lacking {
            assert_eq!(said, SENTENCE, "{status} {body:?}");
            // Asked again at once: answered from what the client remembers.
            let again = client
                .designs()
                .views(DesignId(3001), None)
                .await
                .unwrap_err();
            assert_eq!(again.to_string(), SENTENCE);
            assert_eq!(
                asked.load(Ordering::SeqCst),
                1,
                "{status} {body:?}: asked once"
            );
        } else {
            assert!(said.starts_with("Design 3001 was not found"), "{said}");
        }
    }
}

#[tokio::test]
async fn the_service_is_asked_again_after_the_recheck() {
    let (base, asked) = seed_shaped("404 Not Found", "");
    let client = logodesk::api::Client::new(
        logodesk::api::ClientConfig::parse(&base, "key")
            .unwrap()
            .with_retry(common::fast_retry())
            .with_not_offered_recheck(Duration::from_millis(200)),
    )
    .unwrap();
    for _ in 0..3 {
        client
            .designs()
            .views(DesignId(3001), None)
            .await
            .unwrap_err();
    }
    assert_eq!(asked.load(Ordering::SeqCst), 1);
    tokio::time::sleep(Duration::from_millis(250)).await;
    client
        .designs()
        .views(DesignId(3001), None)
        .await
        .unwrap_err();
    assert_eq!(
        asked.load(Ordering::SeqCst),
        2,
        "asked again after the recheck"
    );
}

/// The backend with its embedded sandbox lacking the design views, the sandbox account shown;
/// and the sandbox's address.
fn backend_without_views() -> (Backend, String) {
    let mut config = BackendConfig::ephemeral(Keychain::with_store(
        keyring_core::mock::Store::new().unwrap(),
    ));
    if let Some(sandbox) = config.sandbox.as_mut() {
        sandbox.without = vec![Feature::DesignViews];
    }
    let backend = Backend::start(config, logodesk::backend::Waker::none()).unwrap();
    let url = common::wait_event(&backend, "start-up", |e| match e {
        Event::Ready { sandbox_url, .. } => Some(sandbox_url.clone().expect("the sandbox runs")),
        _ => None,
    });
    common::wait_event(&backend, "the sandbox account", |e| {
        matches!(e, Event::AccountActivated { .. }).then_some(())
    });
    (backend, url)
}

fn render(
    backend: &Backend,
    id: u64,
    design: i64,
    kind: RenderKind,
) -> Result<RenderedViews, UserError> {
    let request = RequestId(id);
    backend.send(Command::Designs(DesignsCommand::Render {
        request,
        id: DesignId(design),
        style_id: Some(501),
        kind,
    }));
    answer(backend, request, |event| match event {
        Event::Designs(DesignsEvent::Rendered { views, .. }) => Some(views),
        _ => None,
    })
}

/// The backend's answer to `request`: what `pick` takes of it, or its failure.
fn answer<T>(
    backend: &Backend,
    request: RequestId,
    pick: impl Fn(Event) -> Option<T>,
) -> Result<T, UserError> {
    let started = Instant::now();
    loop {
        while let Some(envelope) = backend.try_recv() {
            if envelope.request != Some(request) {
                continue;
            }
            return match envelope.event {
                Event::Failed(e) => Err(e),
                event => {
                    let name = format!("{event:?}");
                    Ok(pick(event).unwrap_or_else(|| panic!("not the answer: {name}")))
                }
            };
        }
        assert!(started.elapsed() < PATIENCE, "no answer");
        std::thread::sleep(Duration::from_millis(5));
    }
}

/// Pixels that differ between `a` and `b` in the square of half side `r` around `(x, y)`.
fn changed_around(a: &egui::ColorImage, b: &egui::ColorImage, x: f64, y: f64, r: usize) -> usize {
    let [w, h] = a.size;
    let (cx, cy) = (x as usize, y as usize);
    let mut n = 0;
    for yy in cy.saturating_sub(r)..(cy + r).min(h) {
        for xx in cx.saturating_sub(r)..(cx + r).min(w) {
            if a.pixels[yy * w + xx] != b.pixels[yy * w + xx] {
                n += 1;
            }
        }
    }
    n
}

#[test]
fn the_backend_draws_the_views_here_when_the_service_does_not() {
    let (backend, url) = backend_without_views();
    let design = logodesk::sandbox::fixtures::DONE_DESIGN;
    let own = render(&backend, 1, design, RenderKind::Own).expect("drawn here");
    assert_eq!(own.drawn_here, Some(Feature::DesignViews));
    let names: Vec<&str> = own.views.iter().map(|v| v.view.as_str()).collect();
    assert_eq!(names, ["FRONT", "BACK", "LEFT SLEEVE", "RIGHT SLEEVE"]);
    let bare = render(&backend, 2, design, RenderKind::Bare).expect("drawn here");
    assert_eq!(bare.drawn_here, Some(Feature::DesignViews));

    // Each logo's own picture where the design places it; the bare garment has none there.
    let client = common::client(
        &url,
        &logodesk::sandbox::fixtures().vendor_api_key,
        logodesk::api::AuthStyle::Bearer,
    );
    let placements = tokio::runtime::Runtime::new()
        .unwrap()
        .block_on(client.designs().get(DesignId(design)))
        .expect("the design reads")
        .design_logos;
    assert!(!placements.is_empty());
    for p in &placements {
        let pick = |v: &RenderedViews| {
            v.views
                .iter()
                .find(|pic| pic.view == p.view)
                .map(|pic| (pic.image.clone().expect("a picture"), pic.geometry))
                .expect("the placement's view")
        };
        let ((with, geometry), (without, _)) = (pick(&own), pick(&bare));
        assert_eq!(geometry.px_per_mm, 2.0);
        let scale = with.size[0] as f64 / geometry.width;
        let (x, y) = (p.x_coordinate * scale, p.y_coordinate * scale);
        let changed = changed_around(&with, &without, x, y, 20);
        assert!(
            changed > 100,
            "{} at ({x}, {y}): {changed} of 1600 px differ from the bare garment",
            p.view
        );
    }

    // A design the service does not have is still "not found" (it is read first).
    let missing = render(&backend, 3, 99_999, RenderKind::Own).unwrap_err();
    assert!(
        missing.message.starts_with("Design 99999 was not found"),
        "{}",
        missing.message
    );
    // A clone's preview is drawn here too, with its temporary placements.
    let moved = vec![logodesk::api::Placement {
        view: "BACK".into(),
        logo_id: placements[0].logo_id,
        x_coordinate: 200.0,
        y_coordinate: 300.0,
        angle_rads: Some(0.5),
    }];
    let preview = render(&backend, 4, design, RenderKind::Preview(moved)).expect("drawn here");
    assert_eq!(preview.drawn_here, Some(Feature::DesignViews));
}

/// Draws the proof of one roster row (`name`, `number`) of `design` through the backend.
fn proof(
    backend: &Backend,
    id: u64,
    design: i64,
    name: &str,
    number: &str,
) -> Result<Vec<logodesk::backend::proofs::ProofPicture>, UserError> {
    use logodesk::backend::proofs::{ProofKey, ProofsCommand, ProofsEvent};
    let request = RequestId(id);
    backend.send(Command::Proofs(ProofsCommand::Render {
        request,
        line: 0,
        key: ProofKey::new(DesignId(design), name, number, []),
    }));
    answer(backend, request, |event| match event {
        Event::Proofs(ProofsEvent::Rendered { pictures, .. }) => Some(pictures.as_ref().clone()),
        _ => None,
    })
}

/// The order's proof against a service without design views: drawn here (front and back,
/// marked so), with the row's own name and number lettered into the design's placeholders,
/// never "Design N was not found".
#[test]
fn a_proof_is_drawn_here_with_the_rows_lettering_when_the_service_draws_no_views() {
    let (backend, _url) = backend_without_views();
    let design = logodesk::sandbox::fixtures::DONE_DESIGN;
    let mikkel = proof(&backend, 1, design, "MIKKEL", "7").expect("drawn here");
    let names: Vec<&str> = mikkel.iter().map(|p| p.view.as_str()).collect();
    assert_eq!(names, ["FRONT", "BACK"]);
    assert!(mikkel.iter().all(|p| p.drawn_here));
    let sofie = proof(&backend, 2, design, "SOFIE", "23").expect("drawn here");
    let differ = |a: &egui::ColorImage, b: &egui::ColorImage| {
        a.pixels
            .iter()
            .zip(&b.pixels)
            .filter(|(x, y)| x != y)
            .count()
    };
    let changed: usize = mikkel
        .iter()
        .zip(&sofie)
        .map(|(a, b)| differ(&a.image, &b.image))
        .sum();
    assert!(changed > 200, "the rows look alike: {changed} px differ");
    let missing = proof(&backend, 3, 99_999, "A", "1").unwrap_err();
    assert!(
        missing.message.contains("99999 was not found"),
        "{}",
        missing.message
    );
}

/// A service without a health check: the ping says the endpoint is missing (not a failure
/// about the key), as the sandbox answers with `--without health-check`.
#[tokio::test]
async fn a_service_without_a_health_check_says_it_is_missing() {
    let env = common::start_with(SandboxConfig {
        without: vec![Feature::HealthCheck],
        ..SandboxConfig::fast()
    })
    .await;
    match env.vendor.ping().await.unwrap_err() {
        ApiError::NotOffered(not) => assert_eq!(not.feature, Feature::HealthCheck),
        other => panic!("not 'not offered': {other:?}"),
    }
    env.vendor
        .logos()
        .list(&logodesk::api::ListLogos::new().limit(1))
        .await
        .expect("the key works");
}
