//! Issue 22 item 12: what was seen opens without the service. The real backend browses the
//! gallery, a logo's detail and a design with its views on a sandbox over HTTP; then the
//! sandbox stops (a train leaves the station) and the same answers come from the disk cache,
//! each marked with when it was saved, while what was never seen still fails.

use crate::common::PATIENCE;
use crate::common::*;
use logodesk::api::*;
use logodesk::backend::designs::{DesignsCommand, DesignsEvent, RenderKind};
use logodesk::backend::{
    Backend, BackendConfig, CardPage, Command, Event, Lister, LogoDetail, LogoRef, LogosCommand,
    LogosEvent, RequestId, StartAccount, StoreLocation, UserError,
};
use logodesk::keychain::Keychain;
use logodesk::store::Store;
use std::path::Path;
use std::time::{Duration, Instant};

/// The app's backend on `db`, showing the account `start`.
fn backend(db: &Path, keychain: &Keychain, start: StartAccount) -> Backend {
    let mut config = BackendConfig::ephemeral(keychain.clone());
    config.store = StoreLocation::File(db.to_owned());
    config.sandbox = None;
    config.start_account = start;
    config.retry = fast_retry().with_max_retries(0);
    Backend::start(config, logodesk::backend::Waker::none()).unwrap()
}

/// Sends the command `make` builds and waits for its answer (other envelopes are dropped).
fn ask(b: &mut Backend, make: impl FnOnce(RequestId) -> Command) -> Result<Event, UserError> {
    let request = b.next_request();
    b.send(make(request));
    let started = Instant::now();
    loop {
        while let Some(envelope) = b.try_recv() {
            if envelope.request != Some(request) {
                continue;
            }
            return match envelope.event {
                Event::Failed(e) => Err(e),
                event => Ok(event),
            };
        }
        assert!(started.elapsed() < PATIENCE, "no answer");
        std::thread::sleep(Duration::from_millis(5));
    }
}

fn page(b: &mut Backend, query: ListLogos) -> Result<CardPage, UserError> {
    match ask(b, |request| {
        Command::Logos(LogosCommand::List {
            request,
            query,
            lister: Lister::Gallery,
        })
    })? {
        Event::Logos(LogosEvent::Page(p)) => Ok(p),
        other => panic!("not a page: {other:?}"),
    }
}

fn detail(b: &mut Backend, target: LogoRef) -> Result<LogoDetail, UserError> {
    match ask(b, |request| {
        Command::Logos(LogosCommand::Open { request, target })
    })? {
        Event::Logos(LogosEvent::Opened(d)) => Ok(*d),
        other => panic!("not a logo: {other:?}"),
    }
}

fn design(b: &mut Backend, id: DesignId) -> logodesk::backend::designs::DesignView {
    match ask(b, |request| {
        Command::Designs(DesignsCommand::Open {
            request,
            target: logodesk::api::DesignRef::Id(id),
            opener: logodesk::backend::designs::Opener::DesignsScreen,
        })
    }) {
        Ok(Event::Designs(DesignsEvent::Opened(view))) => *view,
        other => panic!("design not opened: {other:?}"),
    }
}

fn views(
    b: &mut Backend,
    id: DesignId,
    style_id: Option<i64>,
) -> logodesk::backend::designs::RenderedViews {
    let answer = ask(b, |request| {
        Command::Designs(DesignsCommand::Render {
            request,
            id,
            style_id,
            kind: RenderKind::Own,
        })
    });
    match answer {
        Ok(Event::Designs(DesignsEvent::Rendered { views, .. })) => views,
        other => panic!("views not drawn: {other:?}"),
    }
}

/// The cache's entry files (written behind the answers).
fn entries(dir: &Path) -> Vec<std::path::PathBuf> {
    let mut out = Vec::new();
    for account in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        for file in std::fs::read_dir(account.path())
            .into_iter()
            .flatten()
            .flatten()
        {
            if file.path().extension().is_some_and(|e| e == "entry") {
                out.push(file.path());
            }
        }
    }
    out
}

#[test]
fn the_gallery_a_logo_and_a_design_seen_open_from_the_cache_when_the_service_is_gone() {
    let service = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    let env = service.block_on(start());
    let keychain = Keychain::with_store(keyring_core::mock::Store::new().unwrap());
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("logodesk.sqlite");
    let account = sandbox_account(&Store::open(&db).unwrap(), &keychain, &env, "Nordby IF");
    let mut b = backend(&db, &keychain, StartAccount::Id(account));
    let first = ListLogos::new().page(1).limit(12);
    let logo = LogoRef::Id(LogoId(env.fx.done_logo_id));
    let design_id = DesignId(env.fx.done_design_id);

    // Online: fresh answers, each kept on disk behind it.
    let online_page = page(&mut b, first.clone()).unwrap();
    assert_eq!(online_page.stale_since, None);
    assert!(!online_page.items.is_empty());
    let online_logo = detail(&mut b, logo).unwrap();
    assert_eq!(online_logo.stale_since, None);
    assert!(online_logo.image.is_some());
    let online_design = design(&mut b, design_id);
    assert_eq!(online_design.stale_since, None);
    let style = online_design.design.style_id;
    let online_views = views(&mut b, design_id, style);
    assert_eq!(online_views.stale_since, None);
    assert!(!online_views.views.is_empty());
    let cache_dir = dir.path().join("cache");
    let started = Instant::now();
    // The list page, the logo, the design and its views (a remote account never asks for the
    // emulator's style, so there is no style to keep).
    while entries(&cache_dir).len() < 4 {
        assert!(
            started.elapsed() < PATIENCE,
            "not cached: {:?}",
            entries(&cache_dir)
        );
        std::thread::sleep(Duration::from_millis(10));
    }
    assert!(
        cache_dir.join(account.0.to_string()).is_dir(),
        "a folder per account"
    );
    for file in entries(&cache_dir) {
        let bytes = std::fs::read(&file).unwrap();
        assert!(
            !bytes
                .windows(env.key().len())
                .any(|w| w == env.key().as_bytes()),
            "{} holds the API key",
            file.display()
        );
    }

    // The service is gone: its port refuses connections.
    let before_stop = chrono::Utc::now();
    let unseen_logo = LogoId(env.fx.text_logo_id);
    service.block_on(env.sb.shutdown());

    let offline_page = page(&mut b, first).unwrap();
    let saved = offline_page.stale_since.expect("marked as not fresh");
    assert!(saved <= before_stop);
    let titles = |p: &CardPage| p.items.iter().map(|c| c.title.clone()).collect::<Vec<_>>();
    assert_eq!(titles(&offline_page), titles(&online_page));
    assert_eq!(offline_page.total_count, online_page.total_count);

    let offline_logo = detail(&mut b, logo).unwrap();
    assert!(offline_logo.stale_since.is_some());
    assert_eq!(offline_logo.logo.title, online_logo.logo.title);
    let (a, b_) = (online_logo.image.unwrap(), offline_logo.image.unwrap());
    assert_eq!(a.size, b_.size, "the picture too");

    let offline_design = design(&mut b, design_id);
    assert!(offline_design.stale_since.is_some());
    assert_eq!(offline_design.design, online_design.design);
    assert_eq!(offline_design.logos.len(), online_design.logos.len());
    let offline_views = views(&mut b, design_id, style);
    assert!(offline_views.stale_since.is_some());
    assert_eq!(offline_views.views.len(), online_views.views.len());
    for (on, off) in online_views.views.iter().zip(&offline_views.views) {
        assert_eq!(on.view, off.view);
        assert_eq!(on.geometry, off.geometry, "the same geometry offline");
        assert_eq!(
            on.image.as_ref().unwrap().size,
            off.image.as_ref().unwrap().size
        );
    }

    // What was never seen is not made up: it fails as before.
    assert!(
        page(
            &mut b,
            ListLogos::new().page(1).limit(12).search("never searched")
        )
        .is_err()
    );
    assert!(detail(&mut b, LogoRef::Id(unseen_logo)).is_err());
    b.shutdown(Duration::from_secs(5));
}
