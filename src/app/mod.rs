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

use crate::backend::orders::OrdersCommand;
use crate::backend::tasks::TasksCommand;
use crate::backend::{Backend, BackendConfig, BackendError, Command, LogoRef, StartAccount};
use crate::backend::{LogosCommand, UserError};
use crate::locale::Language;
use crate::orders::form::DraftForm;
use crate::ui::actions::Availability;
use crate::ui::designs::DesignsScreen;
use crate::ui::editor::EditorScreen;
use crate::ui::gallery::Gallery;
use crate::ui::images::ThumbnailCache;
use crate::ui::logo_detail::LogoDetailScreen;
use crate::ui::notifications::Notifications;
use crate::ui::orders::{OrdersScreen, OrdersTab};
use crate::ui::palette::Palette;
use crate::ui::settings::Settings;
use crate::ui::tasks::TasksScreen;
use crate::ui::undo::Undoable as _;
use crate::ui::widgets::UiExt as _;
use crate::ui::{Action, Intent, PersistedUi, Requests, Screen, Session, Shared, shell, theme};
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

/// The screens' state, one field per screen.
pub struct Screens {
    pub gallery: Gallery,
    pub detail: LogoDetailScreen,
    pub settings: Settings,
    pub editor: EditorScreen,
    pub orders: OrdersScreen,
    pub designs: DesignsScreen,
    pub tasks: TasksScreen,
}

impl Screens {
    /// "Refresh" on `screen`: its data again from the service.
    fn refresh(&mut self, screen: Screen, shared: &mut Shared<'_>) {
        match screen {
            Screen::LogoDetail => self.detail.refresh(shared),
            Screen::Orders | Screen::History => {
                shared.backend.send(Command::Orders(OrdersCommand::Refresh));
            }
            Screen::Tasks => shared.backend.send(Command::Tasks(TasksCommand::Refresh)),
            Screen::Designs => self.designs.refresh(shared),
            // The editor keeps its staged changes; the gallery behind it reloads.
            Screen::Gallery | Screen::Editor | Screen::Settings => self.gallery.reload(shared),
        }
    }

    /// Whether `screen` has an edit to undo, and one to redo (the editor's staged changes, the
    /// composer's form; the clone canvas keeps its own buttons and keys).
    fn history(&self, screen: Screen) -> (bool, bool) {
        let composer = &self.orders.composer;
        match screen {
            Screen::Editor => (self.editor.can_undo(), self.editor.can_redo()),
            Screen::Orders if self.orders.tab == OrdersTab::Compose => {
                (composer.can_undo(), composer.can_redo())
            }
            _ => (false, false),
        }
    }

    /// Undo or redo (`action`) on `screen`, from a menu or the palette.
    fn undo_or_redo(&mut self, screen: Screen, action: Action) {
        match screen {
            Screen::Editor => self.editor.undo_or_redo(action),
            Screen::Orders if self.orders.tab == OrdersTab::Compose => {
                self.orders.composer.undo_or_redo(action);
            }
            _ => {}
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
            screens: Screens {
                gallery: Gallery::new(persisted.gallery_page_size),
                detail: LogoDetailScreen::default(),
                settings: Settings::default(),
                editor: EditorScreen::default(),
                orders: OrdersScreen::default(),
                designs: DesignsScreen::default(),
                tasks: TasksScreen::default(),
            },
            cx: AppContext {
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

    /// The gallery's state.
    pub fn gallery(&self) -> &Gallery {
        &self.screens.gallery
    }

    /// The detail screen's state.
    pub fn detail(&self) -> &LogoDetailScreen {
        &self.screens.detail
    }

    /// The Orders and History screens' state.
    pub fn orders(&self) -> &OrdersScreen {
        &self.screens.orders
    }

    /// The Orders and History screens' state, to change (tests fill forms through it).
    pub fn orders_mut(&mut self) -> &mut OrdersScreen {
        &mut self.screens.orders
    }

    /// The Designs screen's state.
    pub fn designs(&self) -> &DesignsScreen {
        &self.screens.designs
    }

    /// The Designs screen's state, to change (tests fill the clone form through it).
    pub fn designs_mut(&mut self) -> &mut DesignsScreen {
        &mut self.screens.designs
    }

    /// The Tasks screen's state.
    pub fn tasks(&self) -> &TasksScreen {
        &self.screens.tasks
    }

    /// The Tasks screen's state, to change (tests type through it).
    pub fn tasks_mut(&mut self) -> &mut TasksScreen {
        &mut self.screens.tasks
    }

    /// The editor's state.
    pub fn editor(&self) -> &EditorScreen {
        &self.screens.editor
    }

    /// Whether the command palette is shown.
    pub fn palette_open(&self) -> bool {
        self.palette.is_open()
    }

    /// What decides which actions can run now (menus and the palette).
    pub fn availability(&self) -> Availability {
        let screen = self.cx.screen;
        let (undo, redo) = self.screens.history(screen);
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
        };
    }

    /// Whether the first page of logos is on screen with its thumbnails (the "first frame with
    /// data" of the benchmarks and the screenshot).
    pub fn gallery_ready(&self) -> bool {
        let gallery = &self.screens.gallery;
        gallery.has_loaded()
            && !gallery.is_busy()
            && gallery
                .cards()
                .take(8)
                .all(|c| self.cx.thumbs.contains(&c.thumb))
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
            Intent::SetLanguage(language) => {
                cx.language = language;
                crate::i18n::set_language(language);
                ctx.request_repaint();
            }
            Intent::Perform(action) => match action {
                Action::ShowGallery
                | Action::ShowEditor
                | Action::ShowDesigns
                | Action::ShowOrders
                | Action::ShowHistory
                | Action::ShowTasks
                | Action::ShowSettings => screen = action.screen().unwrap_or(screen),
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
                Action::Undo | Action::Redo => screens.undo_or_redo(screen, action),
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
        if before == Screen::Orders && screen != Screen::Orders {
            screens.orders.leave_draft(&mut cx.shared(&mut intents));
        }
        if screen == Screen::Designs && before != Screen::Designs {
            // The designs seen in orders become quick picks.
            screens.designs.add_known(screens.orders.known_designs());
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
        let screen = self.cx.screen;
        let screens = &mut self.screens;
        let mut shared = self.cx.shared(intents);
        match screen {
            Screen::Gallery => screens.gallery.ui(ui, &mut shared),
            Screen::LogoDetail => screens.detail.ui(ui, &mut shared),
            Screen::Settings => screens.settings.ui(ui, &mut shared),
            Screen::Editor => screens.editor.ui(ui, &mut shared),
            Screen::Orders => screens.orders.orders_ui(ui, &mut shared),
            Screen::History => {
                if screens.orders.history_ui(ui, &mut shared) {
                    shared.intend(Intent::Navigate(Screen::Orders));
                }
            }
            Screen::Designs => screens.designs.ui(ui, &mut shared),
            Screen::Tasks => screens.tasks.ui(ui, &mut shared),
        }
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
                let outbox = screens.orders.outbox_status();
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

impl eframe::App for LogodeskApp {
    fn ui(&mut self, ui: &mut Ui, _frame: &mut eframe::Frame) {
        let ctx = ui.ctx().clone();
        while let Some(envelope) = self.cx.backend.try_recv() {
            self.on_envelope(&ctx, envelope);
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
        let mut dropped = Vec::new();
        if self
            .screens
            .editor
            .take_dropped(&ctx, &mut self.cx.shared(&mut dropped))
        {
            self.cx.screen = Screen::Editor;
        }
        for intent in dropped {
            self.apply(&ctx, intent);
        }
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
