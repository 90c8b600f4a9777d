//! The desktop UI: one module per screen, shared widgets, the theme, the thumbnail cache.
//!
//! Screens read state and emit [`Command`](crate::backend::Command)s or [`Intent`]s; they never
//! await, block, sleep, read files or decode big images. Everything a screen needs from
//! outside comes in a [`Shared`].

pub mod actions;
pub mod club;
pub mod designs;
pub mod editor;
pub mod gallery;
pub mod images;
pub mod logo_detail;
pub mod names;
pub mod notifications;
pub mod orders;
pub mod palette;
pub mod requests;
pub mod screen;
pub mod settings;
pub mod settings_team;
pub mod shell;
pub mod stale;
pub mod tasks;
#[cfg(test)]
pub(crate) mod test_bench;
pub mod theme;
pub mod undo;
pub mod upload;
pub mod widgets;

pub use actions::Action;
pub use requests::{Reply, Requests, Slot};
pub use screen::{ScreenView, Toast};

use crate::backend::{Backend, Command, Generation, LogoRef, RequestId};
use crate::keychain::KeychainStatus;
use crate::locale::Language;
use crate::store::{AccountId, AccountRecord};
use notifications::Notifications;
use serde::{Deserialize, Serialize};
use std::fmt;

/// The screens. The left navigation shows those whose [`Screen::in_navigation`] is true;
/// the logo detail appears under the gallery while a logo is open.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize, strum::EnumIter,
)]
pub enum Screen {
    /// The logo gallery.
    #[default]
    Gallery,
    /// One logo in full (opened from the gallery or by number).
    LogoDetail,
    /// Upload a logo and edit a draft until commit.
    Editor,
    /// One design by id: placements, order, clone.
    Designs,
    /// Compose orders; drafts.
    Orders,
    /// Orders placed or looked up, and one in full.
    History,
    /// Vectorize tasks tracked on this computer.
    Tasks,
    /// Accounts, appearance, about.
    Settings,
}

/// What the app shows of a screen without its state: the one table of screens.
struct Facts {
    /// Its name on the command line (`--screen gallery`).
    slug: &'static str,
    /// The glyph before its name in the navigation.
    icon: &'static str,
    /// The key that shows it with Ctrl (Cmd on macOS); none for the logo detail.
    key: Option<egui::Key>,
}

/// A screen's words in the person's language: its name in the navigation, and the menu text
/// and hover text of the action that shows it (none for the logo detail, shown by opening a
/// logo).
pub struct ScreenWords {
    pub name: String,
    pub show: Option<(String, String)>,
}

impl Screen {
    /// Every screen, in navigation order (the order they are declared in).
    pub fn all() -> impl Iterator<Item = Screen> {
        <Screen as strum::IntoEnumIterator>::iter()
    }

    fn facts(self) -> Facts {
        use egui::Key;
        let (slug, icon, key) = match self {
            Screen::Gallery => ("gallery", "▦", Some(Key::Num1)),
            Screen::LogoDetail => ("detail", "◈", None),
            Screen::Editor => ("editor", "✎", Some(Key::Num2)),
            Screen::Designs => ("designs", "▣", Some(Key::Num3)),
            Screen::Orders => ("orders", "✚", Some(Key::Num4)),
            Screen::History => ("history", "☰", Some(Key::Num5)),
            Screen::Tasks => ("tasks", "⟳", Some(Key::Num6)),
            Screen::Settings => ("settings", "⚙", Some(Key::Comma)),
        };
        Facts { slug, icon, key }
    }

    /// The screen's words ([`ScreenWords`]).
    pub fn words(self) -> ScreenWords {
        let show = |text: String, hint: String| Some((text, hint));
        let (name, show) = match self {
            Screen::Gallery => (
                crate::tr!("nav-logos"),
                show(
                    crate::tr!("shell-action-show-gallery"),
                    crate::tr!("shell-action-show-gallery-hint"),
                ),
            ),
            Screen::LogoDetail => (crate::tr!("nav-logo"), None),
            Screen::Editor => (
                crate::tr!("nav-editor"),
                show(
                    crate::tr!("shell-action-show-editor"),
                    crate::tr!("shell-action-show-editor-hint"),
                ),
            ),
            Screen::Designs => (
                crate::tr!("nav-designs"),
                show(
                    crate::tr!("shell-action-show-designs"),
                    crate::tr!("shell-action-show-designs-hint"),
                ),
            ),
            Screen::Orders => (
                crate::tr!("nav-orders"),
                show(
                    crate::tr!("shell-action-show-orders"),
                    crate::tr!("shell-action-show-orders-hint"),
                ),
            ),
            Screen::History => (
                crate::tr!("nav-history"),
                show(
                    crate::tr!("shell-action-show-history"),
                    crate::tr!("shell-action-show-history-hint"),
                ),
            ),
            Screen::Tasks => (
                crate::tr!("nav-tasks"),
                show(
                    crate::tr!("shell-action-show-tasks"),
                    crate::tr!("shell-action-show-tasks-hint"),
                ),
            ),
            Screen::Settings => (
                crate::tr!("nav-settings"),
                show(
                    crate::tr!("shell-action-show-settings"),
                    crate::tr!("shell-action-show-settings-hint"),
                ),
            ),
        };
        ScreenWords { name, show }
    }

    /// Name as typed on the command line (`--screen gallery`).
    pub fn slug(self) -> &'static str {
        self.facts().slug
    }

    /// Parses a command-line name.
    pub fn from_slug(s: &str) -> Option<Screen> {
        Screen::all().find(|sc| sc.slug().eq_ignore_ascii_case(s.trim()))
    }

    /// Whether the screen has its own entry in the left navigation (the detail appears under
    /// the gallery only while a logo is open).
    pub fn in_navigation(self) -> bool {
        self.facts().key.is_some()
    }

    /// Icon glyph shown before the name.
    pub fn icon(self) -> &'static str {
        self.facts().icon
    }

    /// The key that shows the screen with Ctrl (Cmd on macOS), if it has one.
    pub fn key(self) -> Option<egui::Key> {
        self.facts().key
    }
}

impl fmt::Display for Screen {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // The navigation's words, in the person's language.
        f.write_str(&self.words().name)
    }
}

/// UI state that survives a restart (the window itself is restored by eframe).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct PersistedUi {
    pub theme: egui::ThemePreference,
    pub last_screen: Screen,
    /// 12 or 25.
    pub gallery_page_size: i64,
    pub last_account: Option<AccountId>,
    /// The language chosen in Settings; `None` before the first start (then the system's).
    pub language: Option<Language>,
    /// Settings' "Show desktop notifications" (on unless turned off).
    pub desktop_notifications: bool,
}

impl Default for PersistedUi {
    fn default() -> Self {
        PersistedUi {
            theme: egui::ThemePreference::System,
            last_screen: Screen::Gallery,
            gallery_page_size: 25,
            last_account: None,
            language: None,
            desktop_notifications: true,
        }
    }
}

impl PersistedUi {
    /// The key under which eframe stores it.
    pub const KEY: &'static str = "logodesk.ui";

    /// Brings values from an older or hand-edited save into range.
    pub fn sanitized(mut self) -> Self {
        if !gallery::PAGE_SIZES.contains(&self.gallery_page_size) {
            self.gallery_page_size = PersistedUi::default().gallery_page_size;
        }
        if !self.last_screen.in_navigation() {
            self.last_screen = Screen::Gallery;
        }
        self
    }
}

/// What the app knows about accounts and the active one.
#[derive(Debug, Clone, Default)]
pub struct Session {
    /// Start-up is done (the first account is being activated or active).
    pub ready: bool,
    pub accounts: Vec<AccountRecord>,
    pub keychain: Option<KeychainStatus>,
    pub sandbox_url: Option<String>,
    /// The built-in sandbox's demo data, as the backend tells it at start-up.
    pub sandbox_demo: Option<crate::backend::SandboxDemo>,
    pub generation: Generation,
    pub active: Option<ActiveAccount>,
    /// The team database's state (`None` until the backend told it).
    pub team: Option<crate::backend::team::TeamStatus>,
    /// When `team` was told: the status bar counts the next try down from it.
    pub team_told_at: Option<std::time::Instant>,
    /// The service accounts this computer has no API key for (told with the accounts, and
    /// for the account shown when it is activated).
    pub keys_missing: std::collections::HashSet<AccountId>,
}

/// The active account as the UI shows it.
#[derive(Debug, Clone)]
pub struct ActiveAccount {
    pub record: AccountRecord,
    pub base_url: String,
    /// Why its requests will fail, if known (e.g. no key).
    pub problem: Option<crate::backend::UserError>,
}

impl Session {
    /// Whether this computer has no API key for `account` (a team's account joined on another
    /// desk: keys stay on each desk).
    pub fn key_missing(&self, account: AccountId) -> bool {
        self.keys_missing.contains(&account)
    }

    /// Whether what is shown of the active account may be out of date: it is a team's account
    /// and the team database is out of reach now (the screens keep what they last read).
    pub fn team_data_stale(&self) -> bool {
        matches!(
            self.team,
            Some(
                crate::backend::team::TeamStatus::Unreachable { .. }
                    | crate::backend::team::TeamStatus::Refused { .. }
            )
        ) && self.active.as_ref().is_some_and(|a| a.record.id.is_team())
    }

    /// The organization context as shown in the status bar.
    pub fn organization_label(&self) -> Option<String> {
        let active = self.active.as_ref()?;
        let sandbox = self
            .sandbox_demo
            .as_ref()
            .filter(|_| active.record.is_sandbox());
        Some(match (active.record.organization_id, sandbox) {
            (Some(org), _) => crate::tr!("organization-child", id = org.to_string()),
            (None, Some(demo)) => crate::tr!(
                "organization-own-with-id",
                id = demo.vendor_organization_id.to_string()
            ),
            (None, None) => crate::tr!("organization-own"),
        })
    }
}

/// Something a screen wants the app to do once the frame's UI is built.
#[derive(Debug, Clone, PartialEq)]
pub enum Intent {
    /// Show this screen.
    Navigate(Screen),
    /// Open a logo's detail.
    OpenLogo(LogoRef),
    /// Make this account the active one.
    SwitchAccount(AccountId),
    /// Run an action (from a menu or a button).
    Perform(Action),
    /// Open a draft in the editor.
    EditDraft(crate::api::LogoId),
    /// Add this logo to the order being composed, as a loose transfer.
    OrderLogo(crate::api::LogoId),
    /// Add this design to the order being composed.
    OrderDesign(crate::api::DesignId),
    /// Start a new draft with this form (History's "Copy to new draft").
    NewDraft(Box<crate::orders::form::DraftForm>),
    /// Open a saved row in the composer (History's "Edit").
    EditOrder(Box<crate::store::LocalOrder>),
    /// Show money, numbers and dates in this language from now on (and remember it).
    SetLanguage(Language),
    /// Show this order in History (a desktop notification's click).
    OpenOrder(crate::store::LocalOrderId),
}

/// What screens get from the app each frame.
pub struct Shared<'a> {
    /// The window's egui context (textures, repaints).
    pub ctx: &'a egui::Context,
    pub backend: &'a mut Backend,
    pub thumbs: &'a mut images::ThumbnailCache,
    pub session: &'a Session,
    pub notifications: &'a mut Notifications,
    pub intents: &'a mut Vec<Intent>,
    pub requests: &'a mut Requests,
    /// The person's language: every formatted value follows it.
    pub language: Language,
}

impl Shared<'_> {
    /// The person's language (money, numbers and dates are formatted in it).
    pub fn language(&self) -> Language {
        self.language
    }

    /// Sends a command that answers to a request id, recording it as in-flight work of
    /// `slot` (which supersedes the slot's older request: its answer is never shown).
    pub fn request(
        &mut self,
        slot: Slot,
        label: &str,
        make: impl FnOnce(RequestId) -> Command,
    ) -> RequestId {
        let id = self.backend.next_request();
        self.requests.start(id, slot, label);
        self.backend.send(make(id));
        id
    }

    /// Asks the app to do something at the end of the frame.
    pub fn intend(&mut self, intent: Intent) {
        self.intents.push(intent);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn screens_parse_from_their_slugs() {
        for s in Screen::all() {
            assert_eq!(Screen::from_slug(s.slug()), Some(s));
        }
        assert_eq!(Screen::from_slug("DETAIL"), Some(Screen::LogoDetail));
        assert_eq!(Screen::from_slug("orders"), Some(Screen::Orders));
        assert_eq!(Screen::from_slug("nope"), None);
    }

    /// The sandbox account's organization is the one the backend's demo data names.
    #[test]
    fn the_sandbox_account_s_organization_comes_from_the_backend_s_demo_data() {
        let store = crate::store::Store::open_in_memory().unwrap();
        let record = store.ensure_sandbox_account().unwrap();
        let mut session = Session {
            active: Some(ActiveAccount {
                record,
                base_url: "http://127.0.0.1:1/".into(),
                problem: None,
            }),
            ..Session::default()
        };
        let unknown = session.organization_label().unwrap();
        assert_eq!(unknown, crate::tr!("organization-own"));
        session.sandbox_demo = Some(crate::backend::SandboxDemo {
            vendor_organization_id: 4242,
            ..crate::backend::SandboxDemo::of_fixtures()
        });
        let told = session.organization_label().unwrap();
        assert_eq!(told, crate::tr!("organization-own-with-id", id = "4242"));
        assert!(told.contains("4242"), "{told}");
    }

    #[test]
    fn persisted_ui_reads_old_and_odd_saves() {
        let old: PersistedUi = serde_json::from_str(r#"{"theme":"Dark"}"#).unwrap();
        assert_eq!(old.theme, egui::ThemePreference::Dark);
        assert_eq!(old.gallery_page_size, 25);
        let odd = PersistedUi {
            gallery_page_size: 99,
            last_screen: Screen::LogoDetail,
            ..PersistedUi::default()
        }
        .sanitized();
        assert_eq!(odd.gallery_page_size, 25);
        assert_eq!(odd.last_screen, Screen::Gallery);
    }
}
