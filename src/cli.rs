//! The command line: `logodesk` opens the desktop app (`--screenshot PATH` saves a picture of
//! a screen and exits), `logodesk send-queued` sends the outbox without a window,
//! `logodesk sandbox …` runs the sandbox headless.
//!
//! Everything that opens a data folder takes it first ([`crate::instance`]): a second
//! logodesk on the same folder exits with [`EXIT_ALREADY_RUNNING`] and a sentence.

use crate::api::Feature;
use crate::app::{self, AppOptions, ScreenshotRequest, WindowHooks};
use crate::backend::{BackendConfig, StartAccount};
pub use crate::commands::EXIT_MAY_BE_QUEUED;
use crate::commands::{self, AccountAdd, Added, KeySource};
use crate::headless::{self, SendQueued};
pub use crate::instance::EXIT_ALREADY_RUNNING;
use crate::instance::{Holder, InstanceError, InstanceLock};
use crate::keychain::Keychain;
use crate::logging;
use crate::sandbox::{self, SandboxConfig};
use crate::store::Store;
use crate::sync::Lock as _;
use crate::ui::Screen;
use anyhow::Context as _;
use clap::{Args, Parser, Subcommand};
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::Duration;

pub use crate::VERSION;

/// What `--help` says about exit codes, the data folder and its log.
const AFTER_HELP: &str = "\
Exit status: 0 done; 1 an error (the sentence on stderr says which: a key file others can \
read, an order the service would refuse, an account of that name at another address…); 2 the \
command line was not understood; 3 another logodesk is already running on this data folder \
(it was asked to come forward; a second window whose first came forward exits so, quietly). \
account add, queue-order and history also exit 3 while the window runs on the folder: close \
it, or do the same in the window. 4 queue-order sent the order to the team database, whose \
connection broke before it confirmed it, and could not ask it again: the order may be queued \
(the sentence says how to check; the same file queued again answers that order if it is there).

Only one logodesk at a time uses a data folder. Its log is written to logs/ in the data \
folder (on macOS, for the usual folder: ~/Library/Logs/dk.logodesk.logodesk), one file a \
day, two weeks kept, as is a crash note if logodesk ever hits a bug.";

/// logodesk: logos, drafts and orders for the vendors of a transfer-print service.
#[derive(Debug, Parser)]
#[command(name = "logodesk", version = VERSION, about, after_help = AFTER_HELP)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<CliCommand>,
    #[command(flatten)]
    pub app: AppArgs,
    /// The team's PostgreSQL for this run, over what Settings → Team saved: postgres://user@host:port/database (the password stays in the keychain).
    #[arg(long, global = true, value_name = "URL", env = "LOGODESK_TEAM_DATABASE", value_parser = TeamDatabaseParser)]
    pub team_database: Option<crate::team::TeamAddress>,
    /// A folder of secrets for a server without a keychain, each the owner's only (chmod 600): api-key.NAME or api-key, team-password, desk-key [default: systemd's $CREDENTIALS_DIRECTORY].
    #[arg(long, global = true, value_name = "DIR", env = "LOGODESK_CREDENTIALS")]
    pub credentials: Option<PathBuf>,
}

impl Cli {
    /// The command line of this process, parsed; a mistake is printed with the usage and
    /// exits 2 (as clap's own `parse`).
    pub fn parse_args() -> Cli {
        Cli::try_parse_args_from(std::env::args_os()).unwrap_or_else(|e| e.exit())
    }

    /// Parses `args`: the window's options ([`AppArgs`]) go with no subcommand, a global
    /// option (`--team-database`) with either and on either side of the subcommand's name.
    /// (clap's `args_conflicts_with_subcommands` would also refuse a global option before the
    /// name, so the window's options are checked here instead.)
    pub fn try_parse_args_from<I, T>(args: I) -> Result<Cli, clap::Error>
    where
        I: IntoIterator<Item = T>,
        T: Into<std::ffi::OsString> + Clone,
    {
        use clap::{CommandFactory as _, FromArgMatches as _};
        let mut command = Cli::command();
        let matches = command.try_get_matches_from_mut(args)?;
        let given =
            |id: &str| matches.value_source(id) == Some(clap::parser::ValueSource::CommandLine);
        let mut cli = Cli::from_arg_matches(&matches).map_err(|e| e.format(&mut command))?;
        // `--data-dir` before the subcommand's name is the subcommand's, as after it.
        let root_dir = (cli.command.is_some() && given("data_dir"))
            .then(|| cli.app.data_dir.take())
            .flatten();
        let mut root_dir_taken = root_dir.is_none();
        let mut deepest = &matches;
        while let Some((_, sub)) = deepest.subcommand() {
            deepest = sub;
        }
        // Its own `--data-dir` wins; one from `LOGODESK_DATA_DIR` does not.
        let own_given = deepest.ids().any(|id| id == "data_dir")
            && deepest.value_source("data_dir") == Some(clap::parser::ValueSource::CommandLine);
        if let (Some(sub), Some(root)) = (cli.command.as_mut(), root_dir)
            && let Some(slot) = sub.data_dir_mut()
        {
            if !own_given {
                *slot = Some(root);
            }
            root_dir_taken = true;
        }
        if matches.subcommand().is_some() {
            // The whole subcommand's name (`team new-desk-key`), as the person typed it.
            let mut names = Vec::new();
            let mut level = &matches;
            while let Some((name, sub)) = level.subcommand() {
                names.push(name);
                level = sub;
            }
            let name = names.join(" ");
            let window_option = command.get_arguments().find(|arg| {
                let id = arg.get_id().as_str();
                !arg.is_global_set() && given(id) && (id != "data_dir" || !root_dir_taken)
            });
            if let Some(arg) = window_option {
                let option = arg
                    .get_long()
                    .map_or_else(|| arg.get_id().to_string(), |l| format!("--{l}"));
                let sentence = if arg.get_id() == "data_dir" {
                    crate::tr!("cli-option-no-data-folder", command = name.as_str())
                } else {
                    crate::tr!(
                        "cli-option-of-window",
                        option = option.as_str(),
                        command = name.as_str()
                    )
                };
                return Err(command.error(clap::error::ErrorKind::ArgumentConflict, sentence));
            }
        }
        Ok(cli)
    }
}

/// Parses `--team-database` into a [`crate::team::TeamAddress`]. A refusal is said without
/// the value (clap's own message repeats it, and it may hold a password).
#[derive(Debug, Clone, Copy)]
struct TeamDatabaseParser;

impl clap::builder::TypedValueParser for TeamDatabaseParser {
    type Value = crate::team::TeamAddress;

    fn parse_ref(
        &self,
        _command: &clap::Command,
        _arg: Option<&clap::Arg>,
        value: &std::ffi::OsStr,
    ) -> Result<Self::Value, clap::Error> {
        use clap::error::ErrorKind;
        let refused =
            |sentence: String| clap::Error::raw(ErrorKind::ValueValidation, sentence + "\n");
        let text = value
            .to_str()
            .ok_or_else(|| refused(crate::tr!("team-address-not-text")))?;
        text.parse().map_err(|e| match e {
            crate::team::TeamError::PasswordInAddress => {
                refused(crate::tr!("cli-team-address-password"))
            }
            other => refused(other.to_string()),
        })
    }
}

/// Options of the desktop app (no subcommand).
#[derive(Debug, Args, Default)]
pub struct AppArgs {
    /// Save a PNG of the window once the screen has loaded its data, then exit.
    #[arg(long, value_name = "PATH")]
    pub screenshot: Option<PathBuf>,
    /// Screen to open: gallery, detail (the first logo), editor, designs (the demo design), orders (a demo draft), history (a completed demo order), tasks (the demo tasks tracked) or settings.
    #[arg(long, value_name = "SCREEN", value_parser = parse_screen)]
    pub screen: Option<Screen>,
    /// Account to use, by name, e.g. sandbox [default: the last one used].
    #[arg(long, value_name = "NAME")]
    pub account: Option<String>,
    /// Theme: light, dark or system [default: the last one chosen; light for --screenshot].
    #[arg(long, value_name = "THEME", value_parser = parse_theme)]
    pub theme: Option<egui::ThemePreference>,
    /// Folder for logodesk's data: logodesk.sqlite, sandbox.sqlite, ui.ron [default: the user's data folder].
    #[arg(long, value_name = "PATH", env = "LOGODESK_DATA_DIR")]
    pub data_dir: Option<PathBuf>,
    /// Seconds between two checks of a pending order (the service recommends 5).
    #[arg(long, value_name = "SECONDS", env = "LOGODESK_POLL_INTERVAL", value_parser = clap::value_parser!(u64).range(1..=3600))]
    pub poll_interval: Option<u64>,
    /// Make the embedded sandbox answer a feature's endpoints with a bare 404, like a service without them: design-views or design-thumbnail (repeatable).
    #[arg(long, value_name = "FEATURE", value_parser = parse_feature)]
    pub sandbox_without: Vec<Feature>,
}

fn parse_screen(s: &str) -> Result<Screen, String> {
    Screen::from_slug(s).ok_or_else(|| {
        let names: Vec<&str> = Screen::all().map(|s| s.slug()).collect();
        format!(
            "\"{s}\" is not a screen; choose one of {}",
            names.join(", ")
        )
    })
}

fn parse_feature(s: &str) -> Result<Feature, String> {
    s.trim().parse().map_err(|_| {
        let names: Vec<&str> = Feature::ALL.iter().map(|f| f.name()).collect();
        format!(
            "\"{s}\" is not a feature; choose one of {}",
            names.join(", ")
        )
    })
}

fn parse_theme(s: &str) -> Result<egui::ThemePreference, String> {
    match s.trim().to_ascii_lowercase().as_str() {
        "light" => Ok(egui::ThemePreference::Light),
        "dark" => Ok(egui::ThemePreference::Dark),
        "system" => Ok(egui::ThemePreference::System),
        _ => Err(format!(
            "\"{s}\" is not a theme; choose light, dark or system"
        )),
    }
}

#[derive(Debug, Subcommand)]
pub enum CliCommand {
    /// Run the sandbox (an emulator of the whole service API) without the desktop app.
    Sandbox(SandboxArgs),
    /// Send the queued orders of the data folder without a window (its embedded sandbox, outbox
    /// and tracker, as the app runs them), printing a line per order sent.
    SendQueued(SendQueuedArgs),
    /// Accounts of the data folder.
    #[command(subcommand)]
    Account(AccountCommand),
    /// Queue an order body (the service's JSON) for an account's outbox, checked by the
    /// composer's rules; prints one JSON line with the queued order's id and key.
    QueueOrder(QueueOrderArgs),
    /// Print the order history as the History screen lists it, as CSV or JSON.
    History(HistoryArgs),
    /// Create or upgrade the team database's tables as the team's owner role (the role in
    /// --team-database); the desks' role may not change the schema. Reads no data folder.
    MigrateTeam(MigrateTeamArgs),
    /// The desks of the team: this desk's code, and which desks it trusts to have queued what
    /// it sends (a sender on a server trusts a desk here, as Settings → Team does).
    #[command(subcommand)]
    Team(TeamCliCommand),
}

impl CliCommand {
    /// The subcommand's `--data-dir`, if it reads a data folder.
    fn data_dir_mut(&mut self) -> Option<&mut Option<PathBuf>> {
        match self {
            CliCommand::Sandbox(_) | CliCommand::MigrateTeam(_) => None,
            CliCommand::SendQueued(args) => Some(&mut args.data_dir),
            CliCommand::Account(AccountCommand::Add(args)) => Some(&mut args.data_dir),
            CliCommand::QueueOrder(args) => Some(&mut args.data_dir),
            CliCommand::History(args) => Some(&mut args.data_dir),
            CliCommand::Team(TeamCliCommand::Desks(args)) => Some(&mut args.data_dir),
            CliCommand::Team(TeamCliCommand::Trust(args) | TeamCliCommand::Refuse(args)) => {
                Some(&mut args.data_dir)
            }
            CliCommand::Team(TeamCliCommand::NewDeskKey) => None,
        }
    }
}

/// Options of `logodesk migrate-team`.
#[derive(Debug, Args)]
pub struct MigrateTeamArgs {
    /// A file holding the owner role's password, readable by its owner only (chmod 600); without it no password is sent (a Unix socket's peer authentication).
    #[arg(long, value_name = "PATH")]
    pub password_file: Option<PathBuf>,
    /// A CA file (PEM) to trust for the server's certificate instead of the system's roots.
    #[arg(long, value_name = "PATH")]
    pub ca_file: Option<PathBuf>,
}

/// `logodesk team …`.
#[derive(Debug, Subcommand)]
pub enum TeamCliCommand {
    /// List the team's desks with their codes, and this desk's own code.
    Desks(DataDirArgs),
    /// Trust the desk whose code (as Settings → Team shows it on that desk) is CODE.
    Trust(DeskCodeArgs),
    /// Refuse the desk whose code is CODE: its orders are not sent from this desk.
    Refuse(DeskCodeArgs),
    /// Print a new signing key for a desk without a keychain (a server), to keep in its credentials folder as desk-key: umask 077; logodesk team new-desk-key > DIR/desk-key.
    NewDeskKey,
}

/// A data folder, for a command that needs nothing else.
#[derive(Debug, Args)]
pub struct DataDirArgs {
    /// Folder for logodesk's data [default: the user's data folder].
    #[arg(long, value_name = "PATH", env = "LOGODESK_DATA_DIR")]
    pub data_dir: Option<PathBuf>,
}

/// Options of `logodesk team trust` and `team refuse`.
#[derive(Debug, Args)]
pub struct DeskCodeArgs {
    /// The desk's code: its twenty digits, with or without spaces (quote it).
    #[arg(value_name = "CODE")]
    pub code: String,
    /// Folder for logodesk's data [default: the user's data folder].
    #[arg(long, value_name = "PATH", env = "LOGODESK_DATA_DIR")]
    pub data_dir: Option<PathBuf>,
}

/// `logodesk account …`.
#[derive(Debug, Subcommand)]
pub enum AccountCommand {
    /// Add an account with its key in the keychain (the key from --api-key-file, else one
    /// line of standard input). The same name and address again attaches this desk's key.
    Add(AccountAddArgs),
}

/// Options of `logodesk account add`.
#[derive(Debug, Args)]
pub struct AccountAddArgs {
    /// The account's name, as Settings lists it.
    pub name: String,
    /// The service's address, e.g. https://api.example.com.
    #[arg(long, value_name = "URL")]
    pub url: String,
    /// How the key is sent: bearer (Authorization: Bearer) or x-api-key [default: bearer for a new account; an account there already keeps its own, and another style is refused].
    #[arg(long, value_name = "STYLE", value_parser = parse_auth)]
    pub auth: Option<crate::api::AuthStyle>,
    /// A file holding the key, readable by its owner only (chmod 600).
    #[arg(long, value_name = "PATH")]
    pub api_key_file: Option<PathBuf>,
    /// Folder for logodesk's data [default: the user's data folder].
    #[arg(long, value_name = "PATH", env = "LOGODESK_DATA_DIR")]
    pub data_dir: Option<PathBuf>,
}

/// Options of `logodesk queue-order`.
#[derive(Debug, Args)]
pub struct QueueOrderArgs {
    /// The account whose outbox sends it, by name.
    #[arg(long, value_name = "NAME")]
    pub account: String,
    /// The order body as the service takes it (POST /api/order), a JSON file.
    #[arg(value_name = "FILE.json")]
    pub file: PathBuf,
    /// Queue it even if the same order was queued for this account within a day (without
    /// it, that order is answered and nothing is queued again).
    #[arg(long)]
    pub again: bool,
    /// Folder for logodesk's data [default: the user's data folder].
    #[arg(long, value_name = "PATH", env = "LOGODESK_DATA_DIR")]
    pub data_dir: Option<PathBuf>,
}

/// Options of `logodesk history`.
#[derive(Debug, Args)]
pub struct HistoryArgs {
    /// Which orders: all, needs-attention, in-progress, completed or failed.
    #[arg(long, value_name = "S", default_value = "all", value_parser = parse_status)]
    pub status: crate::orders::local::StatusFilter,
    /// csv (a spreadsheet of the process's language) or json (English keys).
    #[arg(long, value_name = "FORMAT", default_value = "csv", value_parser = ["csv", "json"])]
    pub format: String,
    /// Account whose history is printed, by name [default: the built-in Sandbox account].
    #[arg(long, value_name = "NAME")]
    pub account: Option<String>,
    /// Folder for logodesk's data [default: the user's data folder].
    #[arg(long, value_name = "PATH", env = "LOGODESK_DATA_DIR")]
    pub data_dir: Option<PathBuf>,
}

fn parse_auth(s: &str) -> Result<crate::api::AuthStyle, String> {
    match s.trim().to_ascii_lowercase().as_str() {
        "bearer" => Ok(crate::api::AuthStyle::Bearer),
        "x-api-key" => Ok(crate::api::AuthStyle::XApiKey),
        _ => Err(format!(
            "\"{s}\" is not a header style; choose bearer or x-api-key"
        )),
    }
}

fn parse_status(s: &str) -> Result<crate::orders::local::StatusFilter, String> {
    use crate::orders::local::StatusFilter as F;
    match s.trim().to_ascii_lowercase().as_str() {
        "all" => Ok(F::All),
        "needs-attention" => Ok(F::NeedsAttention),
        "in-progress" => Ok(F::InProgress),
        "completed" => Ok(F::Completed),
        "failed" => Ok(F::Failed),
        _ => Err(format!(
            "\"{s}\" is not a status; choose all, needs-attention, in-progress, completed or failed"
        )),
    }
}

/// Options of `logodesk send-queued`.
#[derive(Debug, Args, Default)]
pub struct SendQueuedArgs {
    /// Folder for logodesk's data [default: the user's data folder].
    #[arg(long, value_name = "PATH", env = "LOGODESK_DATA_DIR")]
    pub data_dir: Option<PathBuf>,
    /// Account whose queued orders are sent, by name [default: the built-in Sandbox account].
    #[arg(long, value_name = "NAME", env = "LOGODESK_ACCOUNT")]
    pub account: Option<String>,
    /// Exit (status 0) once every queued order has its tracking id, instead of tracking the
    /// placed orders until stopped with Ctrl-C or SIGTERM.
    #[arg(long)]
    pub exit_when_sent: bool,
    /// Seconds between two checks of a pending order (the service recommends 5).
    #[arg(long, value_name = "SECONDS", env = "LOGODESK_POLL_INTERVAL", value_parser = clap::value_parser!(u64).range(1..=3600))]
    pub poll_interval: Option<u64>,
    /// Serve the club room (the pages where clubs approve proofs) with this public address,
    /// the one in the links (https://klub.example.dk); needs a team database. Off when not given.
    #[arg(long, value_name = "URL", env = "LOGODESK_CLUB_ROOM_URL")]
    pub club_room_url: Option<url::Url>,
    /// Where the club room listens (behind the shop's reverse proxy: loopback) [default:
    /// 127.0.0.1:8790].
    #[arg(long, value_name = "ADDRESS", env = "LOGODESK_CLUB_ROOM_LISTEN")]
    pub club_room_listen: Option<SocketAddr>,
    /// The club room sits behind the shop's reverse proxy: a club's address is the one the
    /// proxy forwards (X-Forwarded-For).
    #[arg(long, env = "LOGODESK_CLUB_ROOM_BEHIND_PROXY")]
    pub club_room_behind_proxy: bool,
    /// The shop's name on the club's pages.
    #[arg(
        long,
        value_name = "NAME",
        default_value = "",
        env = "LOGODESK_CLUB_ROOM_SHOP"
    )]
    pub club_room_shop: String,
    /// The shop's line of terms on the pages [default: "We print exactly what you approve."].
    #[arg(
        long,
        value_name = "TEXT",
        default_value = "",
        env = "LOGODESK_CLUB_ROOM_TERMS"
    )]
    pub club_room_terms: String,
    /// Days a club's link lasts.
    #[arg(long, value_name = "DAYS", default_value_t = 14, value_parser = clap::value_parser!(i64).range(1..=365))]
    pub club_room_link_days: i64,
    /// Serve the club room over TLS with this certificate chain (PEM: the server's certificate
    /// first, then its intermediates), without a reverse proxy; with --club-room-tls-key.
    #[arg(
        long,
        value_name = "FILE",
        env = "LOGODESK_CLUB_ROOM_TLS_CERT",
        requires = "club_room_tls_key",
        conflicts_with = "club_room_behind_proxy"
    )]
    pub club_room_tls_cert: Option<PathBuf>,
    /// The private key of --club-room-tls-cert (PEM), readable by the sender's user only.
    #[arg(
        long,
        value_name = "FILE",
        env = "LOGODESK_CLUB_ROOM_TLS_KEY",
        requires = "club_room_tls_cert"
    )]
    pub club_room_tls_key: Option<PathBuf>,
}

/// Options of `logodesk sandbox`.
#[derive(Debug, Args)]
pub struct SandboxArgs {
    /// Address to listen on; port 0 picks a free port.
    #[arg(long, default_value = "127.0.0.1:8787")]
    pub listen: SocketAddr,
    /// Keep all state in memory; nothing is written to disk.
    #[arg(long, conflicts_with = "data")]
    pub ephemeral: bool,
    /// SQLite file holding the sandbox's state [default: sandbox.sqlite in the user's data folder].
    #[arg(long, value_name = "PATH")]
    pub data: Option<PathBuf>,
    /// Fixed time from placing an order to its final state [default: random 3–30 s, like the live service].
    #[arg(long, value_name = "MS")]
    pub placement_delay_ms: Option<u64>,
    /// Time a vectorize task stays pending.
    #[arg(long, value_name = "MS", default_value_t = 60_000)]
    pub vectorize_delay_ms: u64,
    /// Share of requests (0–1) that fail after their change was applied (503 or a dropped connection).
    #[arg(long, value_name = "P", default_value_t = 0.0, value_parser = parse_rate)]
    pub fault_rate: f64,
    /// Print the ids and keys of the demo data as one JSON object and exit.
    #[arg(long)]
    pub print_fixtures: bool,
    /// Serve GET /sandbox/fixtures (every demo vendor's API key) to callers with a valid key; off by default.
    #[arg(long)]
    pub expose_fixtures: bool,
    /// Answer a feature's endpoints with a bare 404, like a service without them: design-views or design-thumbnail (repeatable).
    #[arg(long, value_name = "FEATURE", value_parser = parse_feature)]
    pub without: Vec<Feature>,
}

fn parse_rate(s: &str) -> Result<f64, String> {
    let p: f64 = s
        .parse()
        .map_err(|_| format!("{s:?} is not a number; give a share between 0 and 1, e.g. 0.3"))?;
    if (0.0..=1.0).contains(&p) {
        Ok(p)
    } else {
        Err(format!("{p} is outside 0–1; give a share such as 0.3"))
    }
}

/// Runs the parsed command line (and sets up logging for it).
pub fn run(cli: Cli) -> anyhow::Result<()> {
    // Sentences before the window knows the person's choice (a second instance, no display)
    // follow the system's language; the app sets the chosen one when it starts.
    crate::i18n::set_language(crate::locale::Language::from_system());
    crate::team::set_run_address(cli.team_database);
    crate::keychain::Credentials::set_for_run(cli.credentials);
    match cli.command {
        Some(CliCommand::Sandbox(args)) => {
            logging::init_stderr();
            run_sandbox(args)
        }
        Some(CliCommand::SendQueued(args)) => run_send_queued(args),
        Some(CliCommand::Account(AccountCommand::Add(args))) => run_account_add(args),
        Some(CliCommand::QueueOrder(args)) => run_queue_order(args),
        Some(CliCommand::History(args)) => run_history(args),
        Some(CliCommand::MigrateTeam(args)) => {
            logging::init_stderr();
            run_migrate_team(args)
        }
        Some(CliCommand::Team(command)) => run_team(command),
        None => run_app(cli.app),
    }
}

/// An error that ended the desktop app's start: a person who started it from a desktop menu
/// has no terminal to read it in, so [`report`] shows it in a window as well as on stderr.
#[derive(Debug, thiserror::Error)]
#[error("{0:#}")]
struct StartError(anyhow::Error);

/// The process exit status for an error of [`run`]: [`EXIT_ALREADY_RUNNING`] when another
/// logodesk holds the data folder, [`EXIT_MAY_BE_QUEUED`], else 1.
pub fn exit_code(error: &anyhow::Error) -> u8 {
    let error = match error.downcast_ref() {
        Some(StartError(inner)) => inner,
        None => error,
    };
    if let Some(error) = error.downcast_ref::<commands::CommandError>() {
        return error.exit_code();
    }
    error
        .downcast_ref::<InstanceError>()
        .map_or(1, InstanceError::exit_code)
}

/// Tells the person about an error of [`run`]: on stderr, and, when the desktop app could not
/// start, in a window too (Windows' own message box there; elsewhere a small notice window
/// where there is a display). A second start whose running window came forward says nothing
/// in a window: the running window is the answer.
pub fn report(error: &anyhow::Error) {
    eprintln!("logodesk: {error:#}");
    if let Some(StartError(inner)) = error.downcast_ref()
        && !came_forward(inner)
        && let Err(why) = crate::platform::show_error("logodesk", &format!("{inner:#}"))
    {
        eprintln!("logodesk: (the message could not be shown in a window: {why})");
    }
}

/// Whether `error` says that the window already running on the data folder came forward.
fn came_forward(error: &anyhow::Error) -> bool {
    matches!(
        error.downcast_ref(),
        Some(InstanceError::AlreadyRunning {
            holder: Some(Holder::Window),
            ..
        })
    )
}

/// Creates the data folder (`--data-dir`, else the user's) and takes it for `holder`.
fn take_data_dir(dir: Option<PathBuf>, holder: Holder) -> anyhow::Result<InstanceLock> {
    let dir = match dir {
        Some(d) => d,
        None => default_data_dir()?,
    };
    std::fs::create_dir_all(&dir)
        .with_context(|| format!("cannot create the data folder {}", dir.display()))?;
    owner_only(&dir);
    Ok(InstanceLock::acquire(&dir, holder)?)
}

/// The data folder is its owner's only (0700), also one made by an earlier version with the
/// default permissions: what is in it (databases, logs, crash notes) names people.
#[cfg(unix)]
fn owner_only(dir: &Path) {
    use std::os::unix::fs::PermissionsExt as _;
    if let Err(e) = std::fs::set_permissions(dir, std::fs::Permissions::from_mode(0o700)) {
        tracing::warn!(folder = %dir.display(), error = %e, "the data folder could not be made owner-only");
    }
}

#[cfg(not(unix))]
fn owner_only(_dir: &Path) {}

/// logodesk's identifier (reverse DNS): on macOS its bundle identifier and the name of its
/// folders in `~/Library`; on Windows its AppUserModelID, which the running process takes
/// ([`crate::platform::set_app_id`]) and the installer's Start-menu shortcut carries
/// (`packaging/windows/logodesk.nsi`), so the taskbar groups and pins them as one app.
pub const APP_ID: &str = "dk.logodesk.logodesk";

/// The user's data folder for logodesk: `~/.local/share/logodesk` on Linux (or under
/// `$XDG_DATA_HOME`), `%LOCALAPPDATA%\logodesk\data` on Windows (Local AppData: the SQLite
/// files in WAL mode must not sit on a roaming profile that may be redirected to a network
/// share), `~/Library/Application Support/dk.logodesk.logodesk` on macOS.
///
/// Earlier versions kept it in Roaming AppData on Windows (`%APPDATA%\logodesk\data`) and
/// in `~/Library/Application Support/logodesk` on macOS: when that folder exists and the
/// new one does not, it is moved to the new place (one rename, so a folder is either wholly
/// here or wholly there); when it cannot be moved (another drive, a file still open) it goes
/// on being used where it is, so nobody's data is left behind.
pub fn default_data_dir() -> anyhow::Result<PathBuf> {
    #[cfg(target_vendor = "apple")]
    let dirs = directories::ProjectDirs::from_path(PathBuf::from(APP_ID));
    #[cfg(not(target_vendor = "apple"))]
    let dirs = directories::ProjectDirs::from("", "", "logodesk");
    let dir = dirs
        .context("no user data folder could be found; pass --data-dir PATH")?
        .data_local_dir()
        .to_owned();
    let earlier =
        directories::ProjectDirs::from("", "", "logodesk").map(|d| d.data_dir().to_owned());
    Ok(adopt_earlier_folder(earlier, dir))
}

/// Where the logs and crash notes of `data_dir` go: `logs/` in it; on macOS, for the user's
/// usual data folder, `~/Library/Logs/dk.logodesk.logodesk`, where Console.app looks.
fn logs_dir(data_dir: &Path) -> PathBuf {
    #[cfg(target_vendor = "apple")]
    if default_data_dir().is_ok_and(|usual| usual == data_dir)
        && let Some(base) = directories::BaseDirs::new()
    {
        return base.home_dir().join("Library/Logs").join(APP_ID);
    }
    data_dir.join(logging::LOGS_DIR)
}

/// `new`, after moving `earlier` there when only `earlier` exists; `earlier` when that move
/// fails. See [`default_data_dir`].
fn adopt_earlier_folder(earlier: Option<PathBuf>, new: PathBuf) -> PathBuf {
    let Some(earlier) = earlier.filter(|e| *e != new && e.is_dir()) else {
        return new;
    };
    if new.exists() {
        return new;
    }
    let moved = new
        .parent()
        .map_or(Ok(()), std::fs::create_dir_all)
        .and_then(|()| std::fs::rename(&earlier, &new));
    match moved {
        Ok(()) => new,
        Err(e) => {
            eprintln!(
                "logodesk: the data folder {} could not be moved to {} ({e}); it is used where it is",
                earlier.display(),
                new.display()
            );
            earlier
        }
    }
}

/// Where the sandbox keeps its state unless told otherwise.
pub fn default_sandbox_data() -> anyhow::Result<PathBuf> {
    default_data_dir()
        .map(|d| d.join("sandbox.sqlite"))
        .context("pass --data PATH or --ephemeral")
}

/// How long `--screenshot` waits for the screen's data.
const SCREENSHOT_TIMEOUT: Duration = Duration::from_secs(120);

fn run_app(args: AppArgs) -> anyhow::Result<()> {
    // Started from a desktop menu nobody reads stderr: [`report`] says it in a window too (not
    // for --screenshot, which scripts run).
    let in_window = args.screenshot.is_none();
    run_window(args).map_err(|e| if in_window { StartError(e).into() } else { e })
}

fn run_window(args: AppArgs) -> anyhow::Result<()> {
    let lock = take_data_dir(args.data_dir, Holder::Window)?;
    let data_dir = lock.dir().to_owned();
    let logging = logging::init_at(logs_dir(&data_dir));
    let mut backend = BackendConfig::in_data_dir(&data_dir);
    if let Some(name) = args.account {
        backend.start_account = StartAccount::Name(name);
    }
    if let Some(secs) = args.poll_interval {
        backend.order_poll = Duration::from_secs(secs);
    }
    if let Some(sandbox) = backend.sandbox.as_mut() {
        sandbox.without = args.sandbox_without;
    }
    let outcome = Arc::new(Mutex::new(None));
    let screenshot = args.screenshot.map(|path| ScreenshotRequest {
        path: absolute(&path),
        screen: args.screen.unwrap_or_default(),
        timeout: SCREENSHOT_TIMEOUT,
        outcome: outcome.clone(),
    });
    let taking_screenshot = screenshot.is_some();
    let theme = args
        .theme
        .or(taking_screenshot.then_some(egui::ThemePreference::Light));
    let options = AppOptions {
        backend,
        restore_ui: !taking_screenshot,
        theme,
        language: None,
        start_screen: args.screen,
        screenshot,
    };
    let hooks = WindowHooks {
        come_forward: Some(lock.hook()),
        // A screenshot shows the screen, not a toast about an earlier run.
        notice: if taking_screenshot {
            None
        } else {
            logging::crash_notice(logging.dir())
        },
    };
    app::run(options, &data_dir, hooks)?;
    drop(lock);
    if !taking_screenshot {
        return Ok(());
    }
    match outcome.locked().take() {
        Some(Ok(path)) => say(format_args!("saved {}", path.display())),
        Some(Err(message)) => Err(anyhow::anyhow!(message)),
        None => Err(anyhow::anyhow!(
            "The window was closed before the screenshot was taken."
        )),
    }
}

fn run_send_queued(args: SendQueuedArgs) -> anyhow::Result<()> {
    let lock = take_data_dir(args.data_dir, Holder::Headless)?;
    let logging = logging::init_at(logs_dir(lock.dir()));
    if let Some(notice) = logging::crash_notice(logging.dir()) {
        tracing::warn!("{notice}");
    }
    lock.hook().set(|| {
        tracing::info!(
            "another logodesk was started on this data folder; this one (send-queued) has no window to bring forward"
        );
    });
    // A sender on a server works for its team, and for this desk's own accounts: the team
    // database is attached by the backend's watch in the background, so this desk's own
    // orders are sent at once however the team database answers, and "all sent"
    // waits for the team (`headless::send_queued`).
    let mut backend = BackendConfig::in_data_dir(lock.dir());
    if let Some(name) = args.account {
        backend.start_account = StartAccount::Name(name);
    }
    if let Some(secs) = args.poll_interval {
        backend.order_poll = Duration::from_secs(secs);
    }
    let club_room = args.club_room_url.map(|url| headless::ClubRoomConfig {
        public_url: url.as_str().trim_end_matches('/').to_owned(),
        listen: args
            .club_room_listen
            .unwrap_or_else(|| SocketAddr::from(([127, 0, 0, 1], 8790))),
        behind_proxy: args.club_room_behind_proxy,
        shop: args.club_room_shop,
        terms: args.club_room_terms,
        link_days: args.club_room_link_days,
        tls: args.club_room_tls_cert.zip(args.club_room_tls_key),
    });
    let config = SendQueued {
        backend,
        exit_when_sent: args.exit_when_sent,
        club_room,
    };
    headless::send_queued(config, &mut std::io::stdout().lock())?;
    drop(lock);
    Ok(())
}

/// The data folder's store and its keychain for a command without a window: the one place
/// these commands open a store (a team database plugs in here). The folder is held for the
/// command's whole run, like `send-queued` holds it: while the window or a sender runs on it,
/// the command exits with status 3 and the sentence saying who has it.
fn open_store(dir: Option<PathBuf>) -> anyhow::Result<(Held, Store, Keychain)> {
    let lock = take_data_dir(dir, Holder::Headless)?;
    let logging = logging::init_at(logs_dir(lock.dir()));
    lock.hook().set(|| {
        tracing::info!("another logodesk was started on this data folder; this command has no window to bring forward");
    });
    let mut store = Store::open(&lock.dir().join("logodesk.sqlite"))?;
    let keychain = Keychain::system();
    keychain.scope_to_folder(&store)?;
    // On a team, the team's accounts and history: the desk joins first (nothing to move on a
    // desk that joined before). A team out of reach is a failure here, not a silent fall back
    // to this desk's own rows: a command that says "queued" or prints a history must mean the
    // team's.
    if let Some(report) = crate::team::join_if_on_a_team(&mut store, &keychain, lock.dir())?
        && !report.is_empty()
    {
        tracing::info!(?report, "this desk joined its team");
        for (_, name) in &report.keys_kept {
            eprintln!(
                "{}",
                crate::tr!("settings-team-key-kept", name = name.as_str())
            );
        }
    }
    Ok((Held(lock, logging), store, keychain))
}

/// The data folder taken and its log open, for as long as a command runs.
struct Held(
    #[allow(dead_code)] InstanceLock,
    #[allow(dead_code)] logging::Logging,
);

fn run_account_add(args: AccountAddArgs) -> anyhow::Result<()> {
    // The key is read before the folder is taken: a refused key file changes nothing.
    let key = match &args.api_key_file {
        Some(path) => commands::read_key(KeySource::File(path))?,
        None => commands::read_key(KeySource::Lines(&mut std::io::stdin().lock()))?,
    };
    let (lock, store, keychain) = open_store(args.data_dir)?;
    let add = AccountAdd {
        name: args.name,
        url: args.url,
        auth: args.auth,
    };
    let sentence = match commands::account_add(&store, &keychain, &add, &key)? {
        Added::New(a) => crate::tr!("backend-cli-account-added", name = a.name.as_str()),
        Added::KeyAttached(a) => crate::tr!("backend-cli-key-attached", name = a.name.as_str()),
        Added::KeyFirst(a) => crate::tr!("backend-cli-key-first", name = a.name.as_str()),
    };
    eprintln!("{sentence}");
    drop(lock);
    Ok(())
}

fn run_queue_order(args: QueueOrderArgs) -> anyhow::Result<()> {
    let order = commands::read_order(&args.file)?;
    let (lock, mut store, keychain) = open_store(args.data_dir)?;
    let account = commands::account_named(&store, &args.account)?;
    let dir = lock.0.dir().to_owned();
    // As at the start: a few tries over a few seconds (a server restarting, a blip).
    let mut reconnect = |store: &mut Store| -> Result<(), String> {
        let mut why = String::new();
        for pause in [0, 1, 3] {
            std::thread::sleep(Duration::from_secs(pause));
            match crate::team::join_if_on_a_team(store, &keychain, &dir) {
                Ok(_) => return Ok(()),
                Err(e) => why = e.to_string(),
            }
        }
        Err(why)
    };
    let queued = commands::queue_order(&mut store, &account, &order, args.again, &mut reconnect)?;
    if queued.already_queued {
        eprintln!(
            "{}",
            crate::tr!(
                "backend-cli-order-already-queued",
                account = account.name.as_str(),
                id = queued.id.to_string()
            )
        );
    }
    drop(lock);
    say(serde_json::to_string(&queued)?)?;
    Ok(())
}

fn run_migrate_team(args: MigrateTeamArgs) -> anyhow::Result<()> {
    let address = crate::team::run_address()
        .cloned()
        .ok_or(commands::CommandError::MigrateNeedsAddress)?;
    let password = args
        .password_file
        .as_deref()
        .map(commands::read_password_file)
        .transpose()?;
    let settings = crate::team::TeamSettings {
        address,
        password,
        ca_file: args.ca_file,
        desk_name: "migrate-team".into(),
        allow_unencrypted: false,
    };
    let version = commands::migrate_team(&settings)?;
    eprintln!(
        "{}",
        crate::tr!("backend-cli-team-migrated", version = version.to_string())
    );
    Ok(())
}

fn run_history(args: HistoryArgs) -> anyhow::Result<()> {
    use std::io::Write as _;
    let (lock, store, _) = open_store(args.data_dir)?;
    let name = match args.account {
        Some(name) => name,
        None => {
            let name = store.account_when_none_named()?.name;
            eprintln!(
                "{}",
                crate::tr!("cli-account-default", name = name.as_str())
            );
            name
        }
    };
    let account = commands::account_named(&store, &name)?;
    let rows = commands::history(&store, &account, args.status)?;
    let mut out = std::io::stdout().lock();
    if args.format == "json" {
        writeln!(out, "{}", commands::history_json(&rows)?)?;
    } else {
        out.write_all(&commands::history_csv(&rows, crate::i18n::language())?)?;
    }
    out.flush()?;
    drop(lock);
    Ok(())
}

/// `logodesk team new-desk-key`: a new signing key on standard output, for a server's
/// credentials folder (the only place it is written is where the person sends it).
fn print_new_desk_key() -> anyhow::Result<()> {
    use secrecy::ExposeSecret as _;
    let (_, secret) = crate::store::desks::DeskKey::generate()
        .ok_or_else(|| anyhow::anyhow!(crate::tr!("cli-team-no-random")))?;
    say(secret.expose_secret())
}

/// `logodesk team desks|trust|refuse`: on the data folder's team (joined first, as every
/// command on a team). Lines to stdout for `desks`, a sentence to stderr otherwise.
fn run_team(command: TeamCliCommand) -> anyhow::Result<()> {
    let dir = match &command {
        // Needs no data folder: answered before one is opened.
        TeamCliCommand::NewDeskKey => return print_new_desk_key(),
        TeamCliCommand::Desks(args) => args.data_dir.clone(),
        TeamCliCommand::Trust(args) | TeamCliCommand::Refuse(args) => args.data_dir.clone(),
    };
    let (lock, store, _) = open_store(dir)?;
    let Some(own) = store
        .team_state()
        .is_attached()
        .then(|| store.desk_code())
        .flatten()
    else {
        anyhow::bail!(crate::tr!("cli-team-none"));
    };
    match command {
        TeamCliCommand::Desks(_) => {
            say(crate::tr!("cli-team-own-code", code = own.as_str()))?;
            for desk in store.team_desks()? {
                say(format_args!(
                    "{}  {}  {}",
                    desk.code,
                    desk.name,
                    commands::desk_state(&desk)
                ))?;
            }
        }
        TeamCliCommand::Trust(args) => {
            let desk = store.confirm_desk_by_code(&args.code)?;
            eprintln!(
                "{}",
                crate::tr!("cli-team-trusted", name = desk.name.as_str())
            );
        }
        TeamCliCommand::Refuse(args) => {
            let code = crate::store::desks::normalise_code(&args.code)
                .ok_or(crate::store::StoreError::NoSuchDesk)?;
            let desk = store
                .team_desks()?
                .into_iter()
                .find(|d| d.code == code && !d.this_desk)
                .ok_or(crate::store::StoreError::NoSuchDesk)?;
            store.refuse_desk(&desk.key_id)?;
            eprintln!(
                "{}",
                crate::tr!("cli-team-refused", name = desk.name.as_str())
            );
        }
        TeamCliCommand::NewDeskKey => print_new_desk_key()?,
    }
    drop(lock);
    Ok(())
}

/// Writes `text` and a newline to standard output, flushed. A reader that went away
/// (`logodesk team desks | head -1`) has taken what it wanted: the command ends there, quietly
/// and successfully, as Unix tools do (never a crash note). Any other failure is a sentence.
fn say(text: impl std::fmt::Display) -> anyhow::Result<()> {
    use std::io::Write as _;
    let mut out = std::io::stdout().lock();
    match writeln!(out, "{text}").and_then(|()| out.flush()) {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => std::process::exit(0),
        Err(e) => Err(anyhow::anyhow!(crate::tr!(
            "cli-stdout-failed",
            reason = e.to_string()
        ))),
    }
}

fn absolute(path: &Path) -> PathBuf {
    std::path::absolute(path).unwrap_or_else(|_| path.to_owned())
}

fn run_sandbox(args: SandboxArgs) -> anyhow::Result<()> {
    if args.print_fixtures {
        let json = serde_json::to_string(&sandbox::fixtures())?;
        return say(json);
    }
    let data = if args.ephemeral {
        None
    } else {
        let path = match args.data {
            Some(p) => p,
            None => default_sandbox_data()?,
        };
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir)
                .with_context(|| format!("cannot create the folder {}", dir.display()))?;
        }
        Some(path)
    };
    let config = SandboxConfig {
        listen: args.listen,
        data,
        placement_delay: args.placement_delay_ms.map(Duration::from_millis),
        vectorize_delay: Duration::from_millis(args.vectorize_delay_ms),
        fault_rate: args.fault_rate,
        expose_fixtures: args.expose_fixtures,
        without: args.without,
        ..SandboxConfig::default()
    };
    // The sandbox runs on a runtime of its own; this one only waits for it and for a signal.
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .context("cannot start the async runtime")?;
    runtime.block_on(async move {
        let handle = sandbox::spawn(config)
            .await
            .context("the sandbox could not start")?;
        say(format_args!("listening on http://{}", handle.addr()))?;
        crate::signals::shutdown_signal().await;
        tracing::info!("stopping the sandbox");
        handle.shutdown().await;
        anyhow::Ok(())
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory as _;

    /// The installer's shortcut carries the id the running process takes (else the taskbar
    /// shows two apps).
    #[test]
    fn the_installer_s_shortcut_carries_the_app_s_id() {
        let nsi = include_str!("../packaging/windows/logodesk.nsi");
        let define = format!("!define AUMID \"{}\"", APP_ID);
        assert!(
            nsi.contains(&define),
            "packaging/windows/logodesk.nsi: {define}"
        );
    }

    #[test]
    fn cli_is_well_formed() {
        Cli::command().debug_assert();
    }

    #[test]
    fn the_team_commands_take_a_code_and_the_data_folder() {
        let cli = Cli::try_parse_args_from([
            "logodesk",
            "team",
            "trust",
            "12345 67890 12345 67890",
            "--data-dir",
            "/tmp/desk",
        ])
        .unwrap();
        let Some(CliCommand::Team(TeamCliCommand::Trust(args))) = cli.command else {
            panic!("team trust: {:?}", cli.command)
        };
        assert_eq!(args.code, "12345 67890 12345 67890");
        assert_eq!(args.data_dir.as_deref(), Some(Path::new("/tmp/desk")));
        assert!(matches!(
            Cli::try_parse_args_from(["logodesk", "team", "desks"])
                .unwrap()
                .command,
            Some(CliCommand::Team(TeamCliCommand::Desks(_)))
        ));
        assert!(Cli::try_parse_args_from(["logodesk", "team", "refuse"]).is_err());
    }

    #[test]
    fn the_data_folder_goes_on_either_side_of_the_subcommand() {
        let dir_of = |args: &[&str]| {
            let mut cli = Cli::try_parse_args_from(args.iter().copied()).unwrap();
            let command = cli.command.as_mut().expect("a subcommand");
            command.data_dir_mut().expect("a data folder").clone()
        };
        let desk = Some(PathBuf::from("/tmp/desk"));
        for args in [
            &["logodesk", "--data-dir", "/tmp/desk", "send-queued"][..],
            &["logodesk", "send-queued", "--data-dir", "/tmp/desk"],
            &["logodesk", "--data-dir", "/tmp/desk", "team", "desks"],
            &[
                "logodesk",
                "--data-dir=/tmp/desk",
                "account",
                "add",
                "A",
                "--url",
                "https://x",
            ],
            &[
                "logodesk",
                "--data-dir",
                "/tmp/other",
                "history",
                "--data-dir",
                "/tmp/desk",
            ],
        ] {
            assert_eq!(dir_of(args), desk, "{args:?}");
        }
        // Without a subcommand it is the window's.
        let window = Cli::try_parse_args_from(["logodesk", "--data-dir", "/tmp/desk"]).unwrap();
        assert_eq!(window.app.data_dir, desk);
        // A subcommand that reads no data folder refuses it, as before.
        let e = Cli::try_parse_args_from(["logodesk", "--data-dir", "/tmp/d", "sandbox"])
            .unwrap_err()
            .to_string();
        assert!(e.contains("reads no data folder"), "{e}");
        let e =
            Cli::try_parse_args_from(["logodesk", "--data-dir", "/tmp/d", "team", "new-desk-key"])
                .unwrap_err()
                .to_string();
        assert!(
            e.contains("'logodesk team new-desk-key' reads no data folder"),
            "{e}"
        );
    }

    #[test]
    fn a_password_in_the_team_address_is_refused_without_being_repeated() {
        for args in [
            &[
                "logodesk",
                "--team-database",
                "postgres://desk:hunter2@db/team",
                "history",
            ][..],
            &[
                "logodesk",
                "history",
                "--team-database=postgres://desk@db/team?password=hunter2",
            ],
        ] {
            let e = Cli::try_parse_args_from(args.iter().copied())
                .unwrap_err()
                .to_string();
            assert!(!e.contains("hunter2"), "{e}");
            assert!(
                e.contains("team-password") || e.contains("~/.pgpass"),
                "{e}"
            );
        }
    }

    #[test]
    fn sandbox_flags_parse() {
        let cli = Cli::try_parse_args_from([
            "logodesk",
            "sandbox",
            "--listen",
            "127.0.0.1:0",
            "--ephemeral",
            "--placement-delay-ms",
            "50",
            "--fault-rate",
            "0.3",
        ])
        .unwrap();
        let Some(CliCommand::Sandbox(a)) = cli.command else {
            panic!("expected the sandbox subcommand")
        };
        assert!(a.ephemeral);
        assert_eq!(a.placement_delay_ms, Some(50));
        assert_eq!(a.fault_rate, 0.3);
        assert!(Cli::try_parse_args_from(["logodesk", "sandbox", "--fault-rate", "2"]).is_err());
        assert!(
            Cli::try_parse_args_from(["logodesk", "sandbox", "--ephemeral", "--data", "x.db"])
                .is_err()
        );
    }

    #[test]
    fn app_flags_parse() {
        let cli = Cli::try_parse_args_from([
            "logodesk",
            "--screenshot",
            "shot.png",
            "--screen",
            "detail",
            "--account",
            "sandbox",
            "--theme",
            "dark",
        ])
        .unwrap();
        assert!(cli.command.is_none());
        assert_eq!(cli.app.screen, Some(Screen::LogoDetail));
        assert_eq!(cli.app.account.as_deref(), Some("sandbox"));
        assert_eq!(cli.app.theme, Some(egui::ThemePreference::Dark));
        let err = Cli::try_parse_args_from(["logodesk", "--screen", "nowhere"]).unwrap_err();
        assert!(err.to_string().contains("gallery, detail, editor"), "{err}");
        assert!(
            Cli::try_parse_args_from(["logodesk", "--screenshot", "x.png", "sandbox"]).is_err()
        );
    }

    #[test]
    fn the_team_database_is_an_option_of_the_app_and_of_every_subcommand() {
        let url = "postgres://desk@db.example.com:5432/team";
        let app = Cli::try_parse_args_from(["logodesk", "--team-database", url]).unwrap();
        assert_eq!(
            app.team_database.map(|a| a.to_string()).as_deref(),
            Some(url)
        );
        let sub =
            Cli::try_parse_args_from(["logodesk", "send-queued", "--team-database", url]).unwrap();
        assert!(matches!(sub.command, Some(CliCommand::SendQueued(_))));
        assert_eq!(
            sub.team_database.map(|a| a.to_string()).as_deref(),
            Some(url)
        );
        // On either side of the subcommand's name.
        for args in [
            ["logodesk", "sandbox", "--ephemeral", "--team-database", url],
            ["logodesk", "--team-database", url, "sandbox", "--ephemeral"],
        ] {
            let sandbox = Cli::try_parse_args_from(args).unwrap();
            assert!(matches!(sandbox.command, Some(CliCommand::Sandbox(_))));
            assert_eq!(
                sandbox.team_database.map(|a| a.to_string()).as_deref(),
                Some(url)
            );
        }
        // The window's own options still do not go with a subcommand.
        let err = Cli::try_parse_args_from(["logodesk", "--theme", "dark", "history"]).unwrap_err();
        assert!(err.to_string().contains("--theme"), "{err}");
        let err = Cli::try_parse_args_from([
            "logodesk",
            "--team-database",
            "postgres://desk:hunter2@db.example.com/team",
        ])
        .unwrap_err();
        let text = err.to_string();
        assert!(text.contains("team-password"), "{text}");
        assert!(!text.contains("hunter2"), "{text}");
    }

    #[test]
    fn an_earlier_data_folder_is_moved_to_the_new_place_once() {
        let root = tempfile::tempdir().unwrap();
        let earlier = root.path().join("Roaming").join("logodesk").join("data");
        let new = root.path().join("Local").join("logodesk").join("data");
        std::fs::create_dir_all(&earlier).unwrap();
        std::fs::write(earlier.join("logodesk.sqlite"), b"orders").unwrap();
        assert_eq!(
            adopt_earlier_folder(Some(earlier.clone()), new.clone()),
            new
        );
        assert_eq!(
            std::fs::read(new.join("logodesk.sqlite")).unwrap(),
            b"orders"
        );
        assert!(!earlier.exists(), "moved, not copied");
        // Both there (an earlier version ran again): the new one is used, the earlier left.
        std::fs::create_dir_all(&earlier).unwrap();
        assert_eq!(
            adopt_earlier_folder(Some(earlier.clone()), new.clone()),
            new
        );
        assert!(earlier.exists());
    }

    #[test]
    fn without_an_earlier_folder_the_new_place_is_used() {
        let root = tempfile::tempdir().unwrap();
        let new = root.path().join("new");
        assert_eq!(adopt_earlier_folder(None, new.clone()), new);
        let missing = root.path().join("missing");
        assert_eq!(adopt_earlier_folder(Some(missing), new.clone()), new);
        assert_eq!(adopt_earlier_folder(Some(new.clone()), new.clone()), new);
        assert!(!new.exists(), "nothing is made here; the caller creates it");
    }

    #[test]
    fn an_earlier_folder_that_cannot_be_moved_is_used_where_it_is() {
        let root = tempfile::tempdir().unwrap();
        let earlier = root.path().join("earlier");
        std::fs::create_dir(&earlier).unwrap();
        // The new place's parent is a file: the move fails.
        let blocker = root.path().join("blocker");
        std::fs::write(&blocker, b"").unwrap();
        let new = blocker.join("logodesk");
        assert_eq!(adopt_earlier_folder(Some(earlier.clone()), new), earlier);
        assert!(earlier.is_dir());
    }

    #[test]
    fn only_a_start_error_whose_window_came_forward_is_kept_out_of_a_window() {
        let forward = |holder| -> anyhow::Error {
            InstanceError::AlreadyRunning {
                dir: PathBuf::from("/data"),
                holder,
            }
            .into()
        };
        assert!(came_forward(&forward(Some(Holder::Window))));
        assert!(!came_forward(&forward(Some(Holder::Headless))));
        assert!(!came_forward(&forward(None)));
        assert!(!came_forward(&anyhow::anyhow!("no renderer")));
        let wrapped: anyhow::Error = StartError(forward(Some(Holder::Window))).into();
        assert_eq!(exit_code(&wrapped), EXIT_ALREADY_RUNNING);
        assert_eq!(exit_code(&StartError(anyhow::anyhow!("x")).into()), 1);
    }

    #[test]
    fn an_order_that_may_be_queued_exits_with_its_own_status() {
        let may_be_queued = commands::CommandError::MayBeQueued {
            id: 7,
            key: "k".into(),
            account: "Club".into(),
        };
        assert_eq!(exit_code(&may_be_queued.into()), EXIT_MAY_BE_QUEUED);
        let other = commands::CommandError::MigrateNeedsAddress;
        assert_eq!(exit_code(&other.into()), 1);
    }
}
