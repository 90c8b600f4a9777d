//! The eframe application: owns the backend, drains its events at one point per frame, lays
//! out the shell around the current screen, applies intents at the end of the frame, and
//! (with `--screenshot`) saves a picture of a screen once its data has loaded.

use crate::backend::{
    Backend, BackendConfig, BackendError, Command, Event, LogoRef, StartAccount, UserError,
};
use crate::ui::designs::DesignsScreen;
use crate::ui::editor::EditorScreen;
use crate::ui::gallery::Gallery;
use crate::ui::images::ThumbnailCache;
use crate::ui::logo_detail::LogoDetailScreen;
use crate::ui::notifications::{Notifications, Progress};
use crate::ui::orders::OrdersScreen;
use crate::ui::settings::Settings;
use crate::ui::tasks::TasksScreen;
use crate::ui::widgets::UiExt as _;
use crate::ui::{
    Action, ActiveAccount, Intent, PersistedUi, Screen, Session, Shared, shell, theme,
};
use egui::{ThemePreference, Ui};
use std::path::PathBuf;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

/// A request to save a picture of a screen and quit.
#[derive(Debug, Clone)]
pub struct ScreenshotRequest {
    pub path: PathBuf,
    pub screen: Screen,
    /// How long to wait for the screen's data before giving up.
    pub timeout: Duration,
    /// Set when the picture is saved (or could not be): `Ok` or the sentence to print.
    pub outcome: Arc<Mutex<Option<Result<PathBuf, String>>>>,
}

/// How the app is started.
pub struct AppOptions {
    pub backend: BackendConfig,
    /// Restore the persisted UI state from eframe's storage.
    pub restore_ui: bool,
    /// Overrides the persisted theme.
    pub theme: Option<ThemePreference>,
    /// The screen to open on (the detail shows the gallery's first logo).
    pub start_screen: Option<Screen>,
    pub screenshot: Option<ScreenshotRequest>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum ShotPhase {
    /// Waiting for the screen's data.
    Loading,
    /// Data is there; let a few frames settle layout and textures.
    Settling(u32),
    /// Asked eframe for the picture.
    Requested,
    /// Handed the picture to the backend to write.
    Saving,
}

struct ScreenshotJob {
    request: ScreenshotRequest,
    phase: ShotPhase,
    started: Instant,
    image: Arc<Mutex<Option<Arc<egui::ColorImage>>>>,
}

/// The logodesk window.
pub struct LogodeskApp {
    backend: Backend,
    persisted: PersistedUi,
    screen: Screen,
    session: Session,
    gallery: Gallery,
    detail: LogoDetailScreen,
    settings: Settings,
    thumbs: ThumbnailCache,
    notifications: Notifications,
    progress: Progress,
    screenshot: Option<ScreenshotJob>,
    startup_error: Option<UserError>,
    /// Open the gallery's first logo as soon as it is listed (`--screen detail`).
    open_first_logo: bool,
    editor: EditorScreen,
    orders: OrdersScreen,
    /// Open the gallery's first draft in the editor as soon as it is listed
    /// (`--screenshot … --screen editor`).
    open_first_draft: bool,
    designs: DesignsScreen,
    tasks: TasksScreen,
    /// The demo data of `--screenshot … --screen designs|tasks` was asked for.
    demo_started: bool,
}

impl LogodeskApp {
    /// Builds the app: restores the UI state, installs the style, starts the backend.
    pub fn new(
        cc: &eframe::CreationContext<'_>,
        options: AppOptions,
    ) -> Result<Self, BackendError> {
        let persisted = match (options.restore_ui, cc.storage) {
            (true, Some(storage)) => eframe::get_value::<PersistedUi>(storage, PersistedUi::KEY)
                .unwrap_or_default()
                .sanitized(),
            _ => PersistedUi::default(),
        };
        Self::with_state(&cc.egui_ctx, options, persisted)
    }

    /// Builds the app from a given UI state (tests and benchmarks).
    pub fn with_state(
        ctx: &egui::Context,
        options: AppOptions,
        persisted: PersistedUi,
    ) -> Result<Self, BackendError> {
        theme::apply_style(ctx, options.theme.unwrap_or(persisted.theme));
        let mut config = options.backend;
        if config.start_account == StartAccount::Sandbox
            && let Some(last) = persisted.last_account
        {
            config.start_account = StartAccount::Id(last);
        }
        let backend = Backend::start(config, ctx.clone())?;
        let start = options
            .screenshot
            .as_ref()
            .map(|shot| shot.screen)
            .or(options.start_screen);
        let screen = match start {
            Some(Screen::LogoDetail) => Screen::Gallery,
            Some(s) => s,
            None => persisted.last_screen,
        };
        Ok(LogodeskApp {
            backend,
            gallery: Gallery::new(persisted.gallery_page_size),
            persisted,
            screen,
            session: Session::default(),
            detail: LogoDetailScreen::default(),
            settings: Settings::default(),
            thumbs: ThumbnailCache::default(),
            notifications: Notifications::default(),
            progress: Progress::default(),
            screenshot: options.screenshot.map(|request| ScreenshotJob {
                request,
                phase: ShotPhase::Loading,
                started: Instant::now(),
                image: Arc::default(),
            }),
            startup_error: None,
            open_first_logo: start == Some(Screen::LogoDetail),
            editor: EditorScreen::default(),
            orders: OrdersScreen::default(),
            open_first_draft: start == Some(Screen::Editor),
            designs: DesignsScreen::default(),
            tasks: TasksScreen::default(),
            demo_started: false,
        })
    }

    /// The screen shown.
    pub fn screen(&self) -> Screen {
        self.screen
    }

    /// The gallery's state.
    pub fn gallery(&self) -> &Gallery {
        &self.gallery
    }

    /// The detail screen's state.
    pub fn detail(&self) -> &LogoDetailScreen {
        &self.detail
    }

    /// The Orders and History screens' state.
    pub fn orders(&self) -> &OrdersScreen {
        &self.orders
    }

    /// The Orders and History screens' state, to change (tests fill forms through it).
    pub fn orders_mut(&mut self) -> &mut OrdersScreen {
        &mut self.orders
    }

    /// The Designs screen's state.
    pub fn designs(&self) -> &DesignsScreen {
        &self.designs
    }

    /// The Designs screen's state, to change (tests fill the clone form through it).
    pub fn designs_mut(&mut self) -> &mut DesignsScreen {
        &mut self.designs
    }

    /// The Tasks screen's state.
    pub fn tasks(&self) -> &TasksScreen {
        &self.tasks
    }

    /// The Tasks screen's state, to change (tests type through it).
    pub fn tasks_mut(&mut self) -> &mut TasksScreen {
        &mut self.tasks
    }

    /// The editor's state.
    pub fn editor(&self) -> &EditorScreen {
        &self.editor
    }

    /// Runs `f` with the editor and what screens get (the editor is lent out meanwhile).
    fn with_editor<R>(
        &mut self,
        intents: &mut Vec<Intent>,
        f: impl FnOnce(&mut EditorScreen, &mut Shared<'_>) -> R,
    ) -> R {
        let mut editor = std::mem::take(&mut self.editor);
        let (mut shared, ..) = self.parts(intents);
        let r = f(&mut editor, &mut shared);
        self.editor = editor;
        r
    }

    /// Accounts and the active one.
    pub fn session(&self) -> &Session {
        &self.session
    }

    /// The thumbnail cache.
    pub fn thumbnails(&self) -> &ThumbnailCache {
        &self.thumbs
    }

    /// The sentences of the notifications shown.
    pub fn notifications(&self) -> Vec<&str> {
        self.notifications.messages()
    }

    /// The UI state saved on exit (kept current every frame).
    pub fn persisted(&self) -> &PersistedUi {
        &self.persisted
    }

    fn sync_persisted(&mut self, ctx: &egui::Context) {
        self.persisted = PersistedUi {
            theme: ctx.options(|o| o.theme_preference),
            last_screen: if self.screen.in_navigation() {
                self.screen
            } else {
                Screen::Gallery
            },
            gallery_page_size: self.gallery.page_size,
            last_account: self
                .session
                .active
                .as_ref()
                .map(|a| a.record.id)
                .or(self.persisted.last_account),
        };
    }

    /// Whether the first page of logos is on screen with its thumbnails (the "first frame with
    /// data" of the benchmarks and the screenshot).
    pub fn gallery_ready(&self) -> bool {
        self.gallery.has_loaded()
            && !self.gallery.is_busy()
            && self
                .gallery
                .cards()
                .take(8)
                .all(|c| self.thumbs.contains(&c.thumb))
    }

    /// What screens get, plus the screens themselves (disjoint borrows of `self`).
    fn parts<'a>(
        &'a mut self,
        intents: &'a mut Vec<Intent>,
    ) -> (
        Shared<'a>,
        &'a mut Gallery,
        &'a mut LogoDetailScreen,
        &'a mut Settings,
    ) {
        (
            Shared {
                backend: &mut self.backend,
                thumbs: &mut self.thumbs,
                session: &self.session,
                notifications: &mut self.notifications,
                intents,
                progress: &mut self.progress,
            },
            &mut self.gallery,
            &mut self.detail,
            &mut self.settings,
        )
    }

    /// Applies one backend event: the only place where events are handled.
    fn on_event(&mut self, ctx: &egui::Context, event: Event) {
        let stale = |g| g != self.session.generation;
        match event {
            Event::Ready {
                accounts,
                keychain,
                sandbox_url,
            } => {
                self.session.ready = true;
                self.session.accounts = accounts;
                self.session.keychain = Some(keychain);
                self.session.sandbox_url = sandbox_url;
            }
            Event::AccountsChanged { accounts } => self.session.accounts = accounts,
            Event::KeychainChanged { status } => self.session.keychain = Some(status),
            Event::AccountActivated {
                generation,
                account,
                base_url,
                problem,
            } => {
                self.session.generation = generation;
                self.session.active = Some(ActiveAccount {
                    record: account,
                    base_url,
                    problem,
                });
                self.thumbs.clear();
                self.progress.clear();
                self.detail.clear();
                self.editor.clear();
                let mut orders = std::mem::take(&mut self.orders);
                let mut intents = Vec::new();
                let (mut shared, ..) = self.parts(&mut intents);
                orders.activate(generation, &mut shared);
                self.orders = orders;
                self.designs.activate(generation);
                let mut tasks = std::mem::take(&mut self.tasks);
                let (mut shared, ..) = self.parts(&mut intents);
                tasks.activate(generation, &mut shared);
                self.tasks = tasks;
                self.demo_started = false;
                if self.screen == Screen::LogoDetail && self.screenshot.is_none() {
                    self.screen = Screen::Gallery;
                }
                let mut intents = Vec::new();
                let (mut shared, gallery, _, _) = self.parts(&mut intents);
                gallery.reload(&mut shared);
            }
            Event::LogoPage {
                generation,
                request,
                page,
            } => {
                self.progress.finish(request);
                if !stale(generation) {
                    self.gallery.on_page(request, page, &mut self.thumbs);
                }
            }
            Event::Thumbnail { key, image } => {
                if !stale(key.generation) {
                    self.thumbs.insert(ctx, key, image);
                }
            }
            Event::LogoOpened {
                generation,
                request,
                detail,
            } => {
                self.progress.finish(request);
                if !stale(generation) {
                    self.detail.on_opened(ctx, request, *detail);
                }
            }
            Event::AccountSaved { request, account } => {
                self.progress.finish(request);
                let mut intents = Vec::new();
                let (mut shared, _, _, settings) = self.parts(&mut intents);
                settings.on_saved(request, &account, &mut shared);
            }
            Event::AccountHasOrders {
                request,
                waiting,
                what,
                ..
            } => {
                self.progress.finish(request);
                self.settings.on_has_orders(request, waiting, &what);
            }
            Event::ConnectionTested { request, report } => {
                self.progress.finish(request);
                self.settings.on_tested(request, report);
            }
            Event::Failed {
                generation,
                request,
                error,
            } => {
                if generation.is_some_and(stale) {
                    return;
                }
                if let Some(r) = request {
                    self.progress.finish(r);
                    let taken = self.gallery.on_failed(r, &error)
                        || self.detail.on_failed(r, &error)
                        || self.settings.on_failed(r, &error);
                    if !taken && generation.is_some() {
                        // An answer nobody waits for any more (superseded).
                        return;
                    }
                }
                if !self.session.ready && generation.is_none() && request.is_none() {
                    self.startup_error.get_or_insert_with(|| error.clone());
                }
                if let Some(job) = &self.screenshot {
                    let msg = format!(
                        "The {} screen could not load its data: {}",
                        job.request.screen.slug(),
                        error.message
                    );
                    self.finish_screenshot(ctx, Err(msg));
                }
                self.notifications.error(&error);
            }
            Event::ScreenshotSaved { path, result } => {
                let outcome = result.map(|()| path).map_err(|e| e.message);
                self.finish_screenshot(ctx, outcome);
            }
            Event::Orders(event) => {
                let mut intents = Vec::new();
                if let Some(request) = event.request() {
                    self.progress.finish(request);
                }
                let mut orders = std::mem::take(&mut self.orders);
                let (mut shared, ..) = self.parts(&mut intents);
                if let crate::backend::orders::OrdersEvent::Exported { path } = &event {
                    shared
                        .notifications
                        .success(format!("Saved {}", path.display()));
                }
                orders.on_event(event, &mut shared);
                self.orders = orders;
                // The screenshots show a demo order: a draft, or a placed and completed one.
                let demo = self.screenshot.as_ref().map(|j| j.request.screen);
                if matches!(demo, Some(Screen::Orders | Screen::History)) && self.orders.is_loaded()
                {
                    let place = demo == Some(Screen::History);
                    if !place
                        || !self
                            .orders
                            .history
                            .iter()
                            .any(|o| o.state == crate::store::OrderState::Completed)
                    {
                        let mut orders = std::mem::take(&mut self.orders);
                        let (mut shared, ..) = self.parts(&mut intents);
                        orders.start_demo(place, &mut shared);
                        self.orders = orders;
                    }
                }
            }
            Event::Designs(event) => {
                self.progress.finish(event.request());
                let mut designs = std::mem::take(&mut self.designs);
                let mut intents = Vec::new();
                let (mut shared, ..) = self.parts(&mut intents);
                designs.on_event(event, &mut shared);
                self.designs = designs;
            }
            Event::Tasks(event) => {
                if let Some(request) = event.request() {
                    self.progress.finish(request);
                }
                let mut tasks = std::mem::take(&mut self.tasks);
                let mut intents = Vec::new();
                let (mut shared, ..) = self.parts(&mut intents);
                tasks.on_event(event, &mut shared);
                self.tasks = tasks;
            }
            Event::Editor(event) => {
                let mut intents = Vec::new();
                self.with_editor(&mut intents, |editor, shared| {
                    editor.on_event(ctx, event, shared)
                });
                for intent in intents {
                    self.apply(ctx, intent);
                }
            }
        }
    }

    /// Carries out an intent of a screen, menu or shortcut.
    fn apply(&mut self, ctx: &egui::Context, intent: Intent) {
        let mut intents = Vec::new();
        let mut screen = self.screen;
        let mut edit = None;
        let mut order_logo = None;
        let mut order_design = None;
        let (mut shared, gallery, detail, _) = self.parts(&mut intents);
        let screen = &mut screen;
        match intent {
            Intent::Navigate(target) => {
                if target != Screen::LogoDetail || detail.is_open() {
                    *screen = target;
                }
            }
            Intent::OpenLogo(target) => {
                detail.open(&mut shared, target);
                *screen = Screen::LogoDetail;
            }
            Intent::SwitchAccount(account) => {
                shared.backend.send(Command::SwitchAccount { account });
            }
            Intent::EditDraft(logo) => edit = Some(logo),
            Intent::OrderLogo(logo) => order_logo = Some(logo),
            Intent::OrderDesign(design) => order_design = Some(design),
            Intent::Perform(action) => match action {
                Action::FocusSearch => {
                    *screen = Screen::Gallery;
                    gallery.focus_search();
                }
                Action::Refresh => match *screen {
                    Screen::LogoDetail => {
                        if let Some(logo) = detail.logo() {
                            let target = LogoRef::Id(logo.logo_id);
                            detail.open(&mut shared, target);
                        }
                    }
                    _ => gallery.reload(&mut shared),
                },
                Action::OpenSelected => {
                    if *screen == Screen::Gallery {
                        gallery.open_selected(&mut shared);
                    }
                }
                Action::Back => *screen = Screen::Gallery,
                Action::ShowGallery => *screen = Screen::Gallery,
                Action::ShowSettings => *screen = Screen::Settings,
                Action::ToggleTheme => {
                    let next = match ctx.theme() {
                        egui::Theme::Dark => ThemePreference::Light,
                        egui::Theme::Light => ThemePreference::Dark,
                    };
                    ctx.set_theme(next);
                }
                Action::CopyItemNumber => detail.copy_item_number(ctx, &mut shared),
                Action::Quit => ctx.send_viewport_cmd(egui::ViewportCommand::Close),
            },
        }
        if *screen == Screen::Designs && self.screen != Screen::Designs {
            // The designs seen in orders become quick picks.
            let known = self.orders.known_designs();
            self.designs.add_known(known);
        }
        self.screen = *screen;
        if let Some(design) = order_design {
            let mut orders = std::mem::take(&mut self.orders);
            let (mut shared, ..) = self.parts(&mut intents);
            orders.add_design(design, &mut shared);
            self.orders = orders;
            self.screen = Screen::Orders;
        }
        if let Some(logo) = order_logo {
            let mut orders = std::mem::take(&mut self.orders);
            let (mut shared, ..) = self.parts(&mut intents);
            orders.add_logo(logo, &mut shared);
            self.orders = orders;
            self.screen = Screen::Orders;
        }
        if let Some(logo) = edit {
            self.with_editor(&mut intents, |editor, shared| editor.open(shared, logo));
            self.screen = Screen::Editor;
        }
        for intent in intents {
            self.apply(ctx, intent);
        }
    }

    fn screen_ui(&mut self, ui: &mut Ui, intents: &mut Vec<Intent>) {
        if let Some(error) = &self.startup_error {
            ui.empty_state("⚠", "logodesk could not start", &error.message, None);
            return;
        }
        let screen = self.screen;
        if matches!(screen, Screen::Orders | Screen::History) {
            let mut orders = std::mem::take(&mut self.orders);
            let (mut shared, ..) = self.parts(intents);
            if screen == Screen::Orders {
                orders.orders_ui(ui, &mut shared);
            } else if orders.history_ui(ui, &mut shared) {
                shared.intend(Intent::Navigate(Screen::Orders));
            }
            self.orders = orders;
            return;
        }
        let (mut shared, gallery, detail, settings) = self.parts(intents);
        match screen {
            Screen::Gallery => gallery.ui(ui, &mut shared),
            Screen::LogoDetail => detail.ui(ui, &mut shared),
            Screen::Settings => settings.ui(ui, &mut shared),
            Screen::Editor => {
                self.with_editor(intents, |editor, shared| editor.ui(ui, shared));
            }
            Screen::Designs => {
                let mut designs = std::mem::take(&mut self.designs);
                let (mut shared, ..) = self.parts(intents);
                designs.ui(ui, &mut shared);
                self.designs = designs;
            }
            Screen::Tasks => {
                let mut tasks = std::mem::take(&mut self.tasks);
                let (mut shared, ..) = self.parts(intents);
                tasks.ui(ui, &mut shared);
                self.tasks = tasks;
            }
            // Drawn above.
            Screen::Orders | Screen::History => {}
        }
    }

    /// Advances a `--screenshot` run.
    fn screenshot_step(&mut self, ctx: &egui::Context) {
        let Some(job) = &self.screenshot else { return };
        let (phase, screen) = (job.phase, job.request.screen);
        if job.started.elapsed() > job.request.timeout && phase != ShotPhase::Saving {
            let msg = format!(
                "The {} screen did not finish loading within {} s, so no screenshot was taken.",
                screen.slug(),
                job.request.timeout.as_secs()
            );
            return self.finish_screenshot(ctx, Err(msg));
        }
        ctx.request_repaint_after(Duration::from_millis(100));
        let next = match phase {
            ShotPhase::Loading => {
                let ready = match screen {
                    Screen::Gallery => self.gallery_ready(),
                    Screen::Settings => self.session.ready && self.session.active.is_some(),
                    Screen::LogoDetail => {
                        self.detail.is_loaded() && self.screen == Screen::LogoDetail
                    }
                    Screen::Editor => self.editor.is_loaded() && self.screen == Screen::Editor,
                    Screen::Orders => self.orders.has_draft(),
                    Screen::History => self.orders.show_first_completed(),
                    Screen::Designs => {
                        self.start_demo(screen);
                        self.designs.is_loaded()
                            && self
                                .designs
                                .thumbnails()
                                .iter()
                                .all(|k| self.thumbs.contains(k))
                    }
                    Screen::Tasks => {
                        self.start_demo(screen);
                        self.tasks.tasks().len() >= 2
                    }
                };
                if ready {
                    self.screen = screen;
                    ShotPhase::Settling(5)
                } else {
                    ShotPhase::Loading
                }
            }
            ShotPhase::Settling(0) => {
                let slot = self
                    .screenshot
                    .as_ref()
                    .map(|j| j.image.clone())
                    .unwrap_or_default();
                let waker = ctx.clone();
                ctx.request_screenshot(move |image| {
                    *slot.lock().unwrap_or_else(PoisonError::into_inner) = Some(image);
                    waker.request_repaint();
                });
                ShotPhase::Requested
            }
            ShotPhase::Settling(n) => ShotPhase::Settling(n - 1),
            ShotPhase::Requested => {
                let taken = self.screenshot.as_ref().and_then(|j| {
                    let image = j
                        .image
                        .lock()
                        .unwrap_or_else(PoisonError::into_inner)
                        .take()?;
                    Some((j.request.path.clone(), image))
                });
                match taken {
                    Some((path, image)) => {
                        self.backend.send(Command::SaveScreenshot { path, image });
                        ShotPhase::Saving
                    }
                    None => ShotPhase::Requested,
                }
            }
            ShotPhase::Saving => ShotPhase::Saving,
        };
        if let Some(job) = &mut self.screenshot {
            job.phase = next;
        }
    }

    /// Asks for the demo data of a screenshot of Designs (the sandbox's finalized design) or
    /// Tasks (both demo tasks tracked), once the account is active.
    fn start_demo(&mut self, screen: Screen) {
        if self.demo_started || self.session.active.is_none() || !self.tasks.is_loaded() {
            return;
        }
        self.demo_started = true;
        let fx = crate::sandbox::fixtures();
        let mut intents = Vec::new();
        match screen {
            Screen::Designs => {
                let mut designs = std::mem::take(&mut self.designs);
                let (mut shared, ..) = self.parts(&mut intents);
                designs.id_input = fx.done_design_id.to_string();
                designs.open(crate::api::DesignId(fx.done_design_id), &mut shared);
                self.designs = designs;
            }
            Screen::Tasks => {
                let mut tasks = std::mem::take(&mut self.tasks);
                let (mut shared, ..) = self.parts(&mut intents);
                let ids = [fx.finished_vectorize_task_id, fx.pending_vectorize_task_id];
                for id in ids {
                    if !tasks.tasks().iter().any(|t| t.task.id.0 == id) {
                        tasks.track(crate::api::TaskId(id), &mut shared);
                    }
                }
                self.tasks = tasks;
            }
            _ => {}
        }
    }

    fn finish_screenshot(&mut self, ctx: &egui::Context, outcome: Result<PathBuf, String>) {
        if let Some(job) = self.screenshot.take() {
            *job.request
                .outcome
                .lock()
                .unwrap_or_else(PoisonError::into_inner) = Some(outcome);
            ctx.send_viewport_cmd(egui::ViewportCommand::Close);
        }
    }
}

impl eframe::App for LogodeskApp {
    fn ui(&mut self, ui: &mut Ui, _frame: &mut eframe::Frame) {
        let ctx = ui.ctx().clone();
        while let Some(event) = self.backend.try_recv() {
            self.on_event(&ctx, event);
        }
        let mut intents: Vec<Intent> = Action::pressed(&ctx)
            .into_iter()
            .map(Intent::Perform)
            .collect();
        let t = theme::tokens(&ctx);

        let chrome = egui::Frame::new().fill(t.chrome);
        egui::Panel::top("menu")
            .frame(chrome.inner_margin(egui::Margin::symmetric(8, 2)))
            .show(ui, |ui| {
                let screen = self.screen;
                let (mut shared, _, detail, _) = self.parts(&mut intents);
                let open = detail.logo().is_some();
                shell::menu_bar_ui(ui, &mut shared, screen, open);
            });
        egui::Panel::bottom("status")
            .frame(
                chrome
                    .inner_margin(egui::Margin::symmetric(12, 4))
                    .stroke(egui::Stroke::new(1.0, t.border)),
            )
            .exact_size(28.0)
            .show(ui, |ui| {
                let outbox = self.orders.outbox_status();
                let (mut shared, _, _, _) = self.parts(&mut intents);
                shell::status_bar_ui(ui, &mut shared, outbox);
            });
        egui::Panel::left("navigation")
            .frame(chrome.inner_margin(egui::Margin::symmetric(10, 0)))
            .exact_size(theme::NAV_WIDTH)
            .resizable(false)
            .show(ui, |ui| {
                let open = self.detail.logo().map(|l| l.title.clone());
                let open = open.or_else(|| self.detail.is_open().then(|| "Opening…".to_owned()));
                let screen = self.screen;
                let (mut shared, _, _, _) = self.parts(&mut intents);
                shell::navigation_ui(ui, &mut shared, screen, open.as_deref());
            });
        egui::CentralPanel::default()
            .frame(
                egui::Frame::new()
                    .fill(t.bg)
                    .inner_margin(egui::Margin::symmetric(24, 18)),
            )
            .show(ui, |ui| self.screen_ui(ui, &mut intents));

        self.notifications.ui(&ctx);
        for intent in intents {
            self.apply(&ctx, intent);
        }
        if self.open_first_logo
            && let Some(first) = self.gallery.first_logo()
        {
            self.open_first_logo = false;
            self.apply(&ctx, Intent::OpenLogo(LogoRef::Id(first)));
        }
        if self.open_first_draft
            && let Some(draft) = self.gallery.first_draft()
        {
            self.open_first_draft = false;
            self.apply(&ctx, Intent::EditDraft(draft));
        }
        let mut dropped = Vec::new();
        if self.with_editor(&mut dropped, |editor, shared| {
            editor.take_dropped(&ctx, shared)
        }) {
            self.screen = Screen::Editor;
        }
        let wanted = self.thumbs.end_frame();
        if !wanted.is_empty() {
            self.backend.send(Command::LoadThumbnails { keys: wanted });
        }
        self.screenshot_step(&ctx);
        self.sync_persisted(&ctx);
    }

    fn save(&mut self, storage: &mut dyn eframe::Storage) {
        if self.screenshot.is_some() {
            return;
        }
        eframe::set_value(storage, PersistedUi::KEY, &self.persisted);
    }

    fn persist_egui_memory(&self) -> bool {
        self.screenshot.is_none()
    }

    fn on_exit(&mut self) {
        self.backend.shutdown(Duration::from_secs(5));
    }
}

/// Why the window could not be shown.
#[derive(Debug, thiserror::Error)]
pub enum AppError {
    /// No display server to show a window on.
    #[error(
        "logodesk needs a desktop to show its window, and none was found (neither DISPLAY nor WAYLAND_DISPLAY is set). Start it from a desktop session, or under xvfb-run to take a --screenshot."
    )]
    NoDisplay,
    /// The window or its renderer could not be created.
    #[error(
        "logodesk could not open its window: {0}. Check that a graphics driver is installed (on Linux: Mesa's Vulkan or OpenGL drivers)."
    )]
    Window(String),
}

/// The window's icon.
fn icon() -> egui::IconData {
    eframe::icon_data::from_png_bytes(include_bytes!("../assets/icon.png")).unwrap_or_default()
}

/// How eframe sets up wgpu: only the primary graphics API (Vulkan, Metal, DirectX 12) when it
/// has an adapter, with OpenGL as the fallback for machines without one. Loading the
/// OpenGL backend next to Vulkan costs its driver (Mesa's `swrast_dri.so`, ~8 MB resident),
/// a second set of renderer threads and an OpenGL context that eframe keeps for the whole run,
/// although the window never uses it. `WGPU_BACKEND` still picks the backends by hand.
fn wgpu_options() -> eframe::egui_wgpu::WgpuConfiguration {
    use eframe::egui_wgpu::{WgpuConfiguration, WgpuSetup};
    use eframe::wgpu;
    let mut options = WgpuConfiguration::default();
    if let WgpuSetup::CreateNew(setup) = &mut options.wgpu_setup
        && wgpu::Backends::from_env().is_none()
    {
        setup.instance_descriptor.backends = graphics_backends();
    }
    options
}

/// The primary backends if any of them has an adapter on this machine, else those and
/// OpenGL.
fn graphics_backends() -> eframe::wgpu::Backends {
    use eframe::wgpu::{Backends, Instance, InstanceDescriptor};
    use futures_util::FutureExt as _;
    let primary = Instance::new(InstanceDescriptor {
        backends: Backends::PRIMARY,
        ..InstanceDescriptor::new_without_display_handle()
    });
    // Native enumeration is synchronous: the future is ready at once.
    let found = primary
        .enumerate_adapters(Backends::PRIMARY)
        .now_or_never()
        .is_some_and(|adapters| !adapters.is_empty());
    if found {
        Backends::PRIMARY
    } else {
        tracing::info!("no Vulkan, Metal or DirectX 12 adapter; OpenGL is tried too");
        Backends::PRIMARY | Backends::GL
    }
}

/// What the command line hands the window besides its options.
#[derive(Default)]
pub struct WindowHooks {
    /// Where another logodesk started on the same data folder asks this one to come forward.
    pub come_forward: Option<crate::instance::ForwardHook>,
    /// A sentence shown once the window is up (e.g. where the last crash note is).
    pub notice: Option<String>,
}

/// Brings the window to the front (un-minimized, focused; where the desktop refuses focus,
/// it asks for the person's attention instead). Safe from any thread.
pub fn come_forward(ctx: &egui::Context) {
    ctx.send_viewport_cmd(egui::ViewportCommand::Minimized(false));
    ctx.send_viewport_cmd(egui::ViewportCommand::Focus);
    ctx.send_viewport_cmd(egui::ViewportCommand::RequestUserAttention(
        egui::UserAttentionType::Informational,
    ));
    ctx.request_repaint();
}

/// Opens the window and runs until it is closed. UI state (window, theme, screen, page size,
/// account) is kept in `ui.ron` in `data_dir`.
pub fn run(
    options: AppOptions,
    data_dir: &std::path::Path,
    hooks: WindowHooks,
) -> Result<(), AppError> {
    #[cfg(all(unix, not(target_os = "macos")))]
    if std::env::var_os("DISPLAY").is_none() && std::env::var_os("WAYLAND_DISPLAY").is_none() {
        return Err(AppError::NoDisplay);
    }
    let screenshot = options.screenshot.is_some();
    let native = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            .with_title("logodesk")
            .with_app_id("logodesk")
            .with_inner_size(theme::DEFAULT_WINDOW)
            .with_min_inner_size(theme::MIN_WINDOW)
            .with_icon(icon()),
        persist_window: !screenshot,
        persistence_path: Some(data_dir.join("ui.ron")),
        wgpu_options: wgpu_options(),
        ..Default::default()
    };
    eframe::run_native(
        "logodesk",
        native,
        Box::new(move |cc| {
            let mut app = LogodeskApp::new(cc, options)?;
            if let Some(hook) = hooks.come_forward {
                let ctx = cc.egui_ctx.clone();
                hook.set(move || come_forward(&ctx));
            }
            if let Some(notice) = hooks.notice {
                app.notifications.error(&UserError::new(notice, None));
            }
            Ok(Box::new(app))
        }),
    )
    .map_err(|e| match e {
        eframe::Error::AppCreation(inner) => AppError::Window(inner.to_string()),
        other => AppError::Window(other.to_string()),
    })
}
