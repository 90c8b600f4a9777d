//! Issue 21, the backend by resource. A design with its logos is one command and one answer
//! (`DesignsCommand::Open` → `DesignView`) for the Designs screen and the composer; a logo's
//! facts for the composer are the logos feature's (`LogosCommand::Fetch`); the emulator's
//! style look-up is asked of the sandbox account only (it is not in `api`); the sandbox's demo
//! data comes from the backend with `Event::Ready`. Each runs the real backend against a
//! sandbox on 127.0.0.1:0.

use crate::common::{self, PATIENCE};
use logodesk::api::{
    ApiKey, AuthStyle, DesignId, DesignMul, DesignRef, LogoId, LogoItemNo, LogoType,
};
use logodesk::backend::designs::{DesignView, DesignsCommand, DesignsEvent, Opener, RenderKind};
use logodesk::backend::{
    Backend, BackendConfig, Command, Event, LogoRef, LogosCommand, LogosEvent, RequestId,
    SandboxDemo, StartAccount, StoreLocation, UserError,
};
use logodesk::keychain::Keychain;
use logodesk::sandbox::SandboxConfig;
use logodesk::store::{KeyLocation, NewAccount, Store};
use std::time::{Duration, Instant};

fn keychain() -> Keychain {
    Keychain::with_store(keyring_core::mock::Store::new().expect("mock store"))
}

/// The backend with its embedded sandbox, the sandbox account active; and the demo data
/// start-up told.
fn on_the_sandbox() -> (Backend, SandboxDemo) {
    let backend = Backend::start(
        BackendConfig::ephemeral(keychain()),
        logodesk::backend::Waker::none(),
    )
    .expect("the backend starts");
    let demo = common::wait_event(&backend, "start-up", |e| match e {
        Event::Ready { sandbox_demo, .. } => Some(*sandbox_demo),
        _ => None,
    });
    common::wait_event(&backend, "the sandbox account", |e| {
        matches!(e, Event::AccountActivated { .. }).then_some(())
    });
    (backend, demo)
}

/// Sends the command `make` builds with request `id` and answers the event answering it (other
/// events, e.g. thumbnails, are handed to `others`).
fn ask(
    backend: &Backend,
    id: u64,
    make: impl FnOnce(RequestId) -> Command,
    mut others: impl FnMut(Event),
) -> Event {
    let request = RequestId(id);
    backend.send(make(request));
    let started = Instant::now();
    loop {
        while let Some(envelope) = backend.try_recv() {
            if envelope.request == Some(request) {
                return envelope.event;
            }
            others(envelope.event);
        }
        assert!(started.elapsed() < PATIENCE, "no answer to request {id}");
        std::thread::sleep(Duration::from_millis(5));
    }
}

fn open(backend: &Backend, id: u64, target: DesignRef, opener: Opener) -> DesignView {
    match open_result(backend, id, target, opener) {
        Ok(view) => view,
        Err(e) => panic!("the design could not be opened: {e}"),
    }
}

fn open_result(
    backend: &Backend,
    id: u64,
    target: DesignRef,
    opener: Opener,
) -> Result<DesignView, UserError> {
    let command = |request| {
        Command::Designs(DesignsCommand::Open {
            request,
            target,
            opener,
        })
    };
    match ask(backend, id, command, |_| {}) {
        Event::Designs(DesignsEvent::Opened(view)) => Ok(*view),
        Event::Failed(error) => Err(error),
        other => panic!("not an open design: {other:?}"),
    }
}

fn fetch_logo(
    backend: &Backend,
    id: u64,
    target: LogoRef,
) -> Result<Box<logodesk::api::Logo>, UserError> {
    let command = |request| Command::Logos(LogosCommand::Fetch { request, target });
    match ask(backend, id, command, |_| {}) {
        Event::Logos(LogosEvent::Fetched(logo)) => Ok(logo),
        Event::Failed(error) => Err(error),
        other => panic!("not a fetched logo: {other:?}"),
    }
}

#[test]
fn a_design_with_its_logos_is_one_answer_for_the_designs_screen_and_the_composer() {
    let (backend, demo) = on_the_sandbox();
    assert_eq!(
        demo,
        SandboxDemo::of_fixtures(),
        "the demo data is the sandbox's"
    );
    let fx = logodesk::sandbox::fixtures();
    let target = DesignRef::Id(demo.design);

    let composer = open(&backend, 1, target.clone(), Opener::Composer);
    let design = &composer.design;
    assert_eq!(design.design_id, demo.design);
    // One card per distinct logo, in order of first placement; the same logos in full.
    let mut placed: Vec<LogoId> = Vec::new();
    for p in &design.design_logos {
        if !placed.contains(&p.logo_id) {
            placed.push(p.logo_id);
        }
    }
    let cards: Vec<LogoId> = composer.logos.iter().map(|l| l.logo_id).collect();
    let priced: Vec<LogoId> = composer.priced.iter().map(|l| l.logo_id).collect();
    assert_eq!(cards, placed);
    assert_eq!(priced, placed);
    assert!(composer.unreadable.is_empty(), "{:?}", composer.unreadable);
    for logo in &composer.priced {
        assert!(
            logo.high_res_base64.is_empty() && logo.low_res_base64.is_empty(),
            "logo {} is sent without pictures",
            logo.logo_id
        );
    }
    // The placeholders a design line asks values for: each logo with its first view.
    let kinds: Vec<(LogoId, LogoType, String)> = composer
        .first_views()
        .map(|(l, view)| (l.logo_id, l.logo_type.clone(), view.to_owned()))
        .collect();
    assert!(kinds.contains(&(
        LogoId(fx.name_logo_id),
        LogoType::NameLogo,
        first_view(&composer, fx.name_logo_id)
    )));
    assert!(kinds.contains(&(
        LogoId(fx.number_logo_id),
        LogoType::NumberLogo,
        first_view(&composer, fx.number_logo_id)
    )));
    assert!(
        kinds.iter().all(|(_, _, view)| !view.is_empty()),
        "{kinds:?}"
    );

    // The Designs screen's open answers the very same, and its thumbnails follow.
    let command = |request| {
        Command::Designs(DesignsCommand::Open {
            request,
            target,
            opener: Opener::DesignsScreen,
        })
    };
    let mut thumbs = Vec::new();
    let screen = match ask(&backend, 2, command, |e| {
        if let Event::Thumbnail(t) = e {
            thumbs.push(t.key)
        }
    }) {
        Event::Designs(DesignsEvent::Opened(view)) => *view,
        other => panic!("not an open design: {other:?}"),
    };
    assert_eq!(screen, composer);
    let started = Instant::now();
    while !composer.logos.iter().all(|l| thumbs.contains(&l.thumb)) {
        while let Some(envelope) = backend.try_recv() {
            if let Event::Thumbnail(t) = envelope.event {
                thumbs.push(t.key);
            }
        }
        assert!(started.elapsed() < PATIENCE, "thumbnails {thumbs:?}");
        std::thread::sleep(Duration::from_millis(5));
    }

    // A design named by its item number is not looked up (the API reads designs by id).
    let mul = DesignMul::from(fx.done_design_mul.as_str());
    let refused = open_result(&backend, 3, DesignRef::Mul(mul), Opener::Composer)
        .expect_err("a design by item number");
    assert!(
        refused.message.contains(&fx.done_design_mul),
        "{}",
        refused.message
    );
}

fn first_view(view: &DesignView, logo: i64) -> String {
    view.design
        .design_logos
        .iter()
        .find(|p| p.logo_id == LogoId(logo))
        .map(|p| p.view.clone())
        .expect("placed")
}

#[test]
fn a_logo_for_the_composer_comes_from_the_logos_feature_without_pictures() {
    let (backend, demo) = on_the_sandbox();
    let fx = logodesk::sandbox::fixtures();
    let number = fetch_logo(&backend, 1, LogoRef::Id(demo.number_logo)).expect("the number logo");
    assert_eq!(number.logo_id, demo.number_logo);
    assert_eq!(number.logo_type, LogoType::NumberLogo);
    assert!(number.high_res_base64.is_empty() && number.low_res_base64.is_empty());
    // Asked again (from the cache): the same.
    let again = fetch_logo(&backend, 2, LogoRef::Id(demo.number_logo)).expect("again");
    assert_eq!(again, number);
    let by_no = fetch_logo(
        &backend,
        3,
        LogoRef::ItemNo(LogoItemNo(fx.done_logo_item_no)),
    )
    .expect("by item number");
    assert_eq!(by_no.logo_id, LogoId(fx.done_logo_id));
    assert!(!by_no.title.is_empty());
    let missing =
        fetch_logo(&backend, 4, LogoRef::Id(LogoId(987_654_321))).expect_err("no such logo");
    assert!(!missing.message.is_empty());
}

/// The views' scale comes from the emulator's own style look-up on the sandbox account; an
/// account of another kind at the same kind of server is never asked for it (the look-up is
/// not the service's API) and gets the assumed scale.
#[test]
fn only_the_sandbox_account_asks_for_the_sandbox_s_styles() {
    let (backend, demo) = on_the_sandbox();
    let views = render_own(&backend, demo.design);
    assert!(!views.is_empty());
    assert!(
        views
            .iter()
            .all(|v| v.geometry.from_style && v.image.is_ok()),
        "{:?}",
        views
            .iter()
            .map(|v| (&v.view, v.geometry))
            .collect::<Vec<_>>()
    );
    drop(backend);

    // A remote account at another sandbox, which does answer the look-up.
    let service = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .enable_all()
        .build()
        .expect("a runtime");
    let env = service.block_on(common::start_with(SandboxConfig::fast()));
    let design = service
        .block_on(env.vendor.designs().get(demo.design))
        .expect("the design");
    let style_id = design.style_id.expect("a style");
    service
        .block_on(logodesk::sandbox::styles::style(&env.vendor, style_id))
        .expect("that server describes its styles");
    let keychain = keychain();
    let dir = tempfile::tempdir().expect("a folder");
    let db = dir.path().join("logodesk.sqlite");
    let remote = Store::open(&db)
        .expect("a store")
        .insert_account(&NewAccount {
            name: "Remote".into(),
            base_url: env.url("").parse().expect("a url"),
            auth: AuthStyle::Bearer,
            organization_id: None,
            key_location: KeyLocation::Keychain,
        })
        .expect("an account")
        .id;
    keychain
        .set(remote, &ApiKey::new(env.key()))
        .expect("a key");
    let backend = Backend::start(
        BackendConfig {
            store: StoreLocation::File(db),
            sandbox: None,
            start_account: StartAccount::Id(remote),
            ..BackendConfig::ephemeral(keychain)
        },
        logodesk::backend::Waker::none(),
    )
    .expect("the backend starts");
    common::wait_event(&backend, "the remote account", |e| match e {
        Event::AccountActivated { account, .. } => (account.id == remote).then_some(()),
        _ => None,
    });
    let views = render_own(&backend, demo.design);
    assert_eq!(views.len(), 4, "one picture per view");
    assert!(
        views
            .iter()
            .all(|v| !v.geometry.from_style && v.image.is_ok()),
        "{:?}",
        views
            .iter()
            .map(|v| (&v.view, v.geometry))
            .collect::<Vec<_>>()
    );
}

fn render_own(backend: &Backend, design: DesignId) -> Vec<logodesk::backend::designs::ViewPicture> {
    let opened = open(backend, 100, DesignRef::Id(design), Opener::DesignsScreen);
    let command = |request| {
        Command::Designs(DesignsCommand::Render {
            request,
            id: design,
            style_id: opened.design.style_id,
            kind: RenderKind::Own,
        })
    };
    match ask(backend, 101, command, |_| {}) {
        Event::Designs(DesignsEvent::Rendered { views, .. }) => views.views,
        other => panic!("not rendered views: {other:?}"),
    }
}
