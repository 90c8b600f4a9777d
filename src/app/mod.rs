//! The eframe application, in three parts: the context every screen shares ([`AppContext`]:
//! the backend, the session, caches, toasts, requests in flight), the screens themselves
//! ([`Screens`], plain fields that borrow apart from the context), and the shell that lays
//! the frame out, drains the backend's answers at one point per frame ([`answers`]) and
//! applies intents at its end. `--screenshot` runs are driven by [`screenshot`]; opening the
//! window is [`window`]'s.

mod answers;
mod screenshot;
mod window;

pub use screenshot::ScreenshotRequest;
pub use window::{
    AppError, TEST_FAIL_RENDERER, WindowHooks, backend_name, backend_order, come_forward, run,
};

use crate::backend::{Backend, BackendConfig, BackendError, Command, LogoRef, StartAccount};
use crate::backend::{LogosCommand, UserError};
use crate::locale::Language;
use crate::notify::{DesktopNotices, DesktopNotifier, Notifier, Target};
use crate::orders::form::DraftForm;
use crate::store::club::ClubSubject;
use crate::ui::actions::Availability;
use crate::ui::designs::DesignsScreen;
use crate::ui::editor::EditorScreen;
use crate::ui::gallery::Gallery;
use crate::ui::images::ThumbnailCache;
use crate::ui::logo_detail::LogoDetailScreen;
use crate::ui::notifications::Notifications;
use crate::ui::orders::{HistoryScreen, OrdersScreen};
use crate::ui::palette::Palette;
use crate::ui::settings::Settings;
use crate::ui::tasks::TasksScreen;
use crate::ui::widgets::UiExt as _;
use crate::ui::{Action, Intent, PersistedUi, Requests, Screen, ScreenView, Session, Shared};
use crate::ui::{shell, theme};
use egui::{ThemePreference, Ui};
use screenshot::ScreenshotJob;
use std::time::Duration;

/// How the app is started.
pub struct AppOptions {
    pub backend: BackendConfig,
    /// Restore the persisted UI state from eframe's storage.
    pub restore_ui: bool,
    /// Overrides the persisted theme.
    pub theme: Option<ThemePreference>,
    /// Overrides the persisted language (else the persisted one, else the system's).
    pub language: Option<Language>,
    /// The screen to open on (the detail shows the gallery's first logo).
    pub start_screen: Option<Screen>,
    pub screenshot: Option<ScreenshotRequest>,
}

/// What every screen shares: lent to screens as a [`Shared`] while they run.
pub struct AppContext {
    egui: egui::Context,
    backend: Backend,
    persisted: PersistedUi,
    /// The person's language: money, numbers and dates on every screen and in exports.
    language: Language,
    screen: Screen,
    session: Session,
    thumbs: ThumbnailCache,
    notifications: Notifications,
    requests: Requests,
    startup_error: Option<UserError>,
}

impl AppContext {
    /// What screens get, collecting their intents in `intents`.
    fn shared<'a>(&'a mut self, intents: &'a mut Vec<Intent>) -> Shared<'a> {
        Shared {
            ctx: &self.egui,
            backend: &mut self.backend,
            thumbs: &mut self.thumbs,
            session: &self.session,
            notifications: &mut self.notifications,
            intents,
            requests: &mut self.requests,
            language: self.language,
        }
    }
}

/// Declares [`Screens`] from one list of the screens' states — each [`Screen`] id, its field
/// and its type — and reaches each by its id as a [`ScreenView`].
macro_rules! screens {
    ($($id:ident => $field:ident: $ty:ty),+ $(,)?) => {
        /// The screens' state, one field per screen (tests read and fill them through
        /// [`LogodeskApp::screens`] and [`LogodeskApp::screens_mut`]).
        pub struct Screens {
            $(pub $field: $ty,)+
        }

        impl Screens {
            /// The screen `id`.
            fn get(&self, id: Screen) -> &dyn ScreenView {
                match id {
                    $(Screen::$id => &self.$field,)+
                }
            }

            /// The screen `id`, to change.
            fn get_mut(&mut self, id: Screen) -> &mut dyn ScreenView {
                match id {
                    $(Screen::$id => &mut self.$field,)+
                }
            }
        }
    };
}

screens! {
    Gallery => gallery: Gallery,
    LogoDetail => detail: LogoDetailScreen,
    Editor => editor: EditorScreen,
    Designs => designs: DesignsScreen,
    Orders => orders: OrdersScreen,
    History => history: HistoryScreen,
    Tasks => tasks: TasksScreen,
    Settings => settings: Settings,
}

impl Screens {
    /// "Refresh" on `screen`: its data again from the service; a screen without data of its
    /// own (the editor keeps its staged changes, settings) reloads the gallery behind it.
    fn refresh(&mut self, screen: Screen, shared: &mut Shared<'_>) {
        if !self.get_mut(screen).refresh(shared) {
            self.gallery.refresh(shared);
        }
    }
}

/// What the command line asked to open once the data is there.
#[derive(Default)]
struct Opening {
    /// Open the gallery's first logo as soon as it is listed (`--screen detail`).
    first_logo: bool,
    /// Open the gallery's first draft in the editor as soon as it is listed
    /// (`--screen editor`).
    first_draft: bool,
}

/// The logodesk window.
pub struct LogodeskApp {
    cx: AppContext,
    screens: Screens,
    opening: Opening,
    /// The command palette (Ctrl+K).
    palette: Palette,
    screenshot: Option<ScreenshotJob>,
    /// Notifications outside the window, and their clicks coming back.
    desktop: DesktopNotices,
}

impl LogodeskApp {
    /// Builds the app: restores the UI state, installs the style, starts the backend.
    pub fn new(
        cc: &eframe::CreationContext<'_>,
        mut options: AppOptions,
    ) -> Result<Self, BackendError> {
        // The backend's file dialogs belong to this window.
        options.backend.dialog_parent = crate::backend::DialogParent::of(cc);
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
        let language = options
            .language
            .or(persisted.language)
            .unwrap_or_else(Language::from_system);
        crate::i18n::set_language(language);
        let mut config = options.backend;
        if config.start_account == StartAccount::Sandbox
            && let Some(last) = persisted.last_account
        {
            config.start_account = StartAccount::Id(last);
        }
        let repaint = ctx.clone();
        let waker = crate::backend::Waker::new(move || repaint.request_repaint());
        let backend = Backend::start(config, waker)?;
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
        let repaint = ctx.clone();
        let desktop = DesktopNotices::new(
            Box::new(DesktopNotifier::default()),
            std::sync::Arc::new(move || repaint.request_repaint()),
        );
        Ok(LogodeskApp {
            desktop,
            screens: Screens {
                gallery: Gallery::new(persisted.gallery_page_size),
                detail: LogoDetailScreen::default(),
                settings: Settings::new(persisted.desktop_notifications),
                editor: EditorScreen::default(),
                orders: OrdersScreen::default(),
                history: HistoryScreen::default(),
                designs: DesignsScreen::default(),
                tasks: TasksScreen::default(),
            },
            cx: AppContext {
                egui: ctx.clone(),
                backend,
                persisted,
                language,
                screen,
                session: Session::default(),
                thumbs: ThumbnailCache::default(),
                notifications: Notifications::default(),
                requests: Requests::default(),
                startup_error: None,
            },
            opening: Opening {
                first_logo: start == Some(Screen::LogoDetail),
                first_draft: start == Some(Screen::Editor),
            },
            palette: Palette::default(),
            screenshot: options.screenshot.map(ScreenshotJob::new),
        })
    }

    /// The language money, numbers and dates are shown in.
    pub fn language(&self) -> Language {
        self.cx.language
    }

    /// The screen shown.
    pub fn screen(&self) -> Screen {
        self.cx.screen
    }

    /// Every screen's state (tests read what a screen shows through it).
    pub fn screens(&self) -> &Screens {
        &self.screens
    }

    /// Every screen's state, to change (tests fill forms and open orders through it).
    pub fn screens_mut(&mut self) -> &mut Screens {
        &mut self.screens
    }

    /// Whether the command palette is shown.
    pub fn palette_open(&self) -> bool {
        self.palette.is_open()
    }

    /// What decides which actions can run now (menus and the palette).
    pub fn availability(&self) -> Availability {
        let screen = self.cx.screen;
        let (undo, redo) = self.screens.get(screen).undo_state();
        Availability {
            screen,
            logo_open: self.screens.detail.logo().is_some(),
            undo,
            redo,
        }
    }

    /// Accounts and the active one.
    pub fn session(&self) -> &Session {
        &self.cx.session
    }

    /// The thumbnail cache.
    pub fn thumbnails(&self) -> &ThumbnailCache {
        &self.cx.thumbs
    }

    /// The sentences of the notifications shown.
    pub fn notifications(&self) -> Vec<&str> {
        self.cx.notifications.messages()
    }

    /// Shows notifications outside the window through `notifier` (tests record them).
    pub fn set_notifier(&mut self, notifier: Box<dyn Notifier>) {
        self.desktop.set_notifier(notifier);
    }

    /// Shows an error toast.
    pub fn notify(&mut self, error: &UserError) {
        self.cx.notifications.error(error);
    }

    /// The UI state saved on exit (kept current every frame).
    pub fn persisted(&self) -> &PersistedUi {
        &self.cx.persisted
    }

    fn sync_persisted(&mut self, ctx: &egui::Context) {
        let cx = &mut self.cx;
        cx.persisted = PersistedUi {
            theme: ctx.options(|o| o.theme_preference),
            last_screen: if cx.screen.in_navigation() {
                cx.screen
            } else {
                Screen::Gallery
            },
            gallery_page_size: self.screens.gallery.page_size,
            last_account: cx
                .session
                .active
                .as_ref()
                .map(|a| a.record.id)
                .or(cx.persisted.last_account),
            language: Some(cx.language),
            desktop_notifications: self.screens.settings.desktop_notifications,
        };
    }

    /// Whether the first page of logos is on screen with its thumbnails (the "first frame with
    /// data" of the benchmarks and the screenshot).
    pub fn gallery_ready(&self) -> bool {
        self.screens.gallery.ready(&self.cx.thumbs)
    }

    /// Carries out an intent of a screen, menu or shortcut.
    fn apply(&mut self, ctx: &egui::Context, intent: Intent) {
        let mut intents = Vec::new();
        let before = self.cx.screen;
        let (cx, screens) = (&mut self.cx, &mut self.screens);
        let mut screen = cx.screen;
        let mut shared = cx.shared(&mut intents);
        match intent {
            Intent::Navigate(target) => {
                if target != Screen::LogoDetail || screens.detail.is_open() {
                    screen = target;
                }
            }
            Intent::OpenLogo(target) => {
                screens.detail.open(&mut shared, target);
                screen = Screen::LogoDetail;
            }
            Intent::SwitchAccount(account) => {
                shared.backend.send(Command::SwitchAccount { account });
            }
            Intent::EditDraft(logo) => {
                screens.editor.open(&mut shared, logo);
                screen = Screen::Editor;
            }
            Intent::OrderLogo(logo) => {
                screens.orders.add_logo(logo, &mut shared);
                screen = Screen::Orders;
            }
            Intent::OrderDesign(design) => {
                screens.orders.add_design(design, &mut shared);
                screen = Screen::Orders;
            }
            Intent::NewDraft(form) => {
                screens.orders.new_draft(*form, &mut shared);
                screen = Screen::Orders;
            }
            Intent::EditOrder(order) => {
                screens.orders.edit(&order, &mut shared);
                screen = Screen::Orders;
            }
            Intent::OpenOrder(id) => {
                screens.history.view.open = Some(id);
                screen = Screen::History;
            }
            Intent::SetLanguage(language) => {
                cx.language = language;
                crate::i18n::set_language(language);
                ctx.request_repaint();
            }
            Intent::Perform(action) => match action {
                Action::Show(shown) => screen = shown,
                Action::FocusSearch => {
                    screen = Screen::Gallery;
                    screens.gallery.focus_search();
                }
                Action::Refresh => screens.refresh(screen, &mut shared),
                Action::OpenSelected => {
                    if screen == Screen::Gallery {
                        screens.gallery.open_selected(&mut shared);
                    }
                }
                Action::Back => screen = Screen::Gallery,
                Action::NewOrder => {
                    screens.orders.new_draft(DraftForm::default(), &mut shared);
                    screen = Screen::Orders;
                }
                Action::Undo | Action::Redo => screens.get_mut(screen).undo_or_redo(action),
                Action::CommandPalette => self.palette.toggle(),
                Action::ToggleTheme => {
                    let next = match ctx.theme() {
                        egui::Theme::Dark => ThemePreference::Light,
                        egui::Theme::Light => ThemePreference::Dark,
                    };
                    ctx.set_theme(next);
                }
                Action::CopyItemNumber => screens.detail.copy_item_number(ctx, &mut shared),
                Action::Quit => ctx.send_viewport_cmd(egui::ViewportCommand::Close),
            },
        }
        if screen != before {
            screens.get_mut(before).left(&mut cx.shared(&mut intents));
        }
        if screen == Screen::Designs && before != Screen::Designs {
            // The designs seen in orders become quick picks.
            let known = screens.orders.known_designs(&screens.history.orders);
            screens.designs.add_known(known);
        }
        cx.screen = screen;
        for intent in intents {
            self.apply(ctx, intent);
        }
    }

    /// The screen shown, in the central panel.
    fn screen_ui(&mut self, ui: &mut Ui, intents: &mut Vec<Intent>) {
        if let Some(error) = &self.cx.startup_error {
            ui.empty_state(
                "⚠",
                &crate::tr!("shell-could-not-start"),
                &error.message,
                None,
            );
            return;
        }
        let screen = self.screens.get_mut(self.cx.screen);
        screen.ui(ui, &mut self.cx.shared(intents));
    }

    /// The menu bar, the status bar and the navigation around the screen.
    fn shell_ui(&mut self, ui: &mut Ui, intents: &mut Vec<Intent>) {
        let t = theme::tokens(ui.ctx());
        let chrome = egui::Frame::new().fill(t.chrome);
        let screen = self.cx.screen;
        let now = self.availability();
        let screens = &self.screens;
        let mut shared = self.cx.shared(intents);
        egui::Panel::top("menu")
            .frame(chrome.inner_margin(egui::Margin::symmetric(8, 2)))
            .show(ui, |ui| shell::menu_bar_ui(ui, &mut shared, &now));
        egui::Panel::bottom("status")
            .frame(
                chrome
                    .inner_margin(egui::Margin::symmetric(12, 4))
                    .stroke(egui::Stroke::new(1.0, t.border)),
            )
            .exact_size(28.0)
            .show(ui, |ui| {
                let outbox = screens
                    .history
                    .outbox_status(shared.session.team_data_stale());
                shell::status_bar_ui(ui, &mut shared, outbox);
            });
        egui::Panel::left("navigation")
            .frame(chrome.inner_margin(egui::Margin::symmetric(10, 0)))
            .exact_size(theme::NAV_WIDTH)
            .resizable(false)
            .show(ui, |ui| {
                let detail = &screens.detail;
                let open = detail.logo().map(|l| l.title.clone());
                let open = open.or_else(|| detail.is_open().then(|| crate::tr!("shell-opening")));
                shell::navigation_ui(ui, &mut shared, screen, open.as_deref());
            });
    }

    /// A desktop notification for `envelope` if it calls for one and `show` (the window is
    /// not in front, and the person wants them); before it is routed, so History still has
    /// the order's earlier state.
    fn notice_outside(&mut self, envelope: &crate::backend::Envelope, show: bool) {
        if envelope
            .generation
            .is_some_and(|g| g != self.cx.session.generation)
        {
            return;
        }
        let history = &self.screens.history;
        let before = |id| history.state_of(id);
        self.desktop.observe(&envelope.event, before, show);
    }

    /// A desktop notification was clicked: the window comes forward on what it told of.
    fn open_clicked(&mut self, ctx: &egui::Context, target: Target) {
        ctx.send_viewport_cmd(egui::ViewportCommand::Minimized(false));
        ctx.send_viewport_cmd(egui::ViewportCommand::Focus);
        let intent = match target {
            Target::Order(id) => Intent::OpenOrder(id),
            Target::Task(_) => Intent::Navigate(Screen::Tasks),
            Target::Club(ClubSubject::Order(_)) => Intent::Navigate(Screen::Orders),
            // The draft opens in the editor while its account is the one shown.
            Target::Club(ClubSubject::Logo { account, logo }) => {
                let shown = self.cx.session.active.as_ref().map(|a| a.record.id);
                if shown == Some(account) {
                    Intent::EditDraft(logo)
                } else {
                    Intent::Navigate(Screen::Editor)
                }
            }
        };
        self.apply(ctx, intent);
    }

    /// Opens what the command line asked for once the gallery lists it.
    fn open_from_command_line(&mut self, ctx: &egui::Context) {
        if self.opening.first_logo
            && let Some(first) = self.screens.gallery.first_logo()
        {
            self.opening.first_logo = false;
            self.apply(ctx, Intent::OpenLogo(LogoRef::Id(first)));
        }
        if self.opening.first_draft
            && let Some(draft) = self.screens.gallery.first_draft()
        {
            self.opening.first_draft = false;
            self.apply(ctx, Intent::EditDraft(draft));
        }
    }
}

impl LogodeskApp {
    /// Files dropped on the window this frame: offered to the screen in front, then to the
    /// others ([`ScreenView::on_dropped_files`]); the one that takes them is shown.
    fn offer_dropped_files(&mut self, ctx: &egui::Context) {
        let files = ctx.input_mut(|i| std::mem::take(&mut i.raw.dropped_files));
        if files.is_empty() {
            return;
        }
        let front = self.cx.screen;
        let others = Screen::all().filter(|s| *s != front);
        let mut intents = Vec::new();
        for screen in std::iter::once(front).chain(others) {
            let mut shared = self.cx.shared(&mut intents);
            if self
                .screens
                .get_mut(screen)
                .on_dropped_files(&files, screen == front, &mut shared)
            {
                intents.push(Intent::Navigate(screen));
                break;
            }
        }
        for intent in intents {
            self.apply(ctx, intent);
        }
    }
}

impl eframe::App for LogodeskApp {
    fn ui(&mut self, ui: &mut Ui, _frame: &mut eframe::Frame) {
        let ctx = ui.ctx().clone();
        let show_outside =
            self.screens.settings.desktop_notifications && !crate::notify::in_front(&ctx);
        while let Some(envelope) = self.cx.backend.try_recv() {
            self.notice_outside(&envelope, show_outside);
            self.on_envelope(&ctx, envelope);
        }
        while let Some(target) = self.desktop.clicked() {
            self.open_clicked(&ctx, target);
        }
        // The palette first: its keys (arrows, Enter, Escape) are its own while it is open.
        let chosen = self.palette.ui(&ctx, &self.availability());
        let mut intents: Vec<Intent> = chosen
            .into_iter()
            .chain(Action::pressed(&ctx))
            .map(Intent::Perform)
            .collect();
        self.shell_ui(ui, &mut intents);
        let bg = theme::tokens(&ctx).bg;
        egui::CentralPanel::default()
            .frame(
                egui::Frame::new()
                    .fill(bg)
                    .inner_margin(egui::Margin::symmetric(24, 18)),
            )
            .show(ui, |ui| self.screen_ui(ui, &mut intents));
        self.cx.notifications.ui(&ctx);
        for intent in intents {
            self.apply(&ctx, intent);
        }
        self.open_from_command_line(&ctx);
        self.offer_dropped_files(&ctx);
        let wanted = self.cx.thumbs.end_frame();
        if !wanted.is_empty() {
            let command = Command::Logos(LogosCommand::LoadThumbnails { keys: wanted });
            self.cx.backend.send(command);
        }
        self.screenshot_step(&ctx);
        self.sync_persisted(&ctx);
    }

    fn save(&mut self, storage: &mut dyn eframe::Storage) {
        if self.screenshot.is_some() {
            return;
        }
        eframe::set_value(storage, PersistedUi::KEY, &self.cx.persisted);
    }

    fn persist_egui_memory(&self) -> bool {
        self.screenshot.is_none()
    }

    fn on_exit(&mut self) {
        self.cx.backend.shutdown(Duration::from_secs(5));
    }
}
