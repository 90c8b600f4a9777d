//! The command line: `logodesk` opens the desktop app (`--screenshot PATH` saves a picture of
//! a screen and exits), `logodesk sandbox …` runs the sandbox headless.

use crate::app::{self, AppOptions, ScreenshotRequest};
use crate::backend::{BackendConfig, StartAccount};
use crate::sandbox::{self, SandboxConfig};
use crate::ui::Screen;
use anyhow::Context as _;
use clap::{Args, Parser, Subcommand};
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

/// Version string shown by `--version` and in the About box: `0.1.0 (rev 1a2b3c4d5e, 2026-11-21)`.
pub const VERSION: &str = concat!(
    env!("CARGO_PKG_VERSION"),
    " (rev ",
    env!("LOGODESK_GIT_REV"),
    ", ",
    env!("LOGODESK_COMMIT_DATE"),
    ")"
);

/// logodesk: logos, drafts and orders for the vendors of a transfer-print service.
#[derive(Debug, Parser)]
#[command(name = "logodesk", version = VERSION, about, args_conflicts_with_subcommands = true)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
    #[command(flatten)]
    pub app: AppArgs,
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
}

fn parse_screen(s: &str) -> Result<Screen, String> {
    Screen::from_slug(s).ok_or_else(|| {
        let names: Vec<&str> = Screen::ALL.iter().map(|s| s.slug()).collect();
        format!(
            "\"{s}\" is not a screen; choose one of {}",
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
pub enum Command {
    /// Run the sandbox (an emulator of the whole service API) without the desktop app.
    Sandbox(SandboxArgs),
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

/// Starts `tracing` output on stderr, filtered by `RUST_LOG` (default: info for logodesk).
pub fn init_tracing() {
    use tracing_subscriber::EnvFilter;
    let filter =
        EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("warn,logodesk=info"));
    tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .init();
}

/// Runs the parsed command line.
pub fn run(cli: Cli) -> anyhow::Result<()> {
    match cli.command {
        Some(Command::Sandbox(args)) => run_sandbox(args),
        None => run_app(cli.app),
    }
}

/// The user's data folder for logodesk (e.g. `~/.local/share/logodesk/`).
pub fn default_data_dir() -> anyhow::Result<PathBuf> {
    let dirs = directories::ProjectDirs::from("", "", "logodesk")
        .context("no user data folder could be found; pass --data-dir PATH")?;
    Ok(dirs.data_dir().to_owned())
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
    let data_dir = match args.data_dir {
        Some(d) => d,
        None => default_data_dir()?,
    };
    std::fs::create_dir_all(&data_dir)
        .with_context(|| format!("cannot create the data folder {}", data_dir.display()))?;
    let mut backend = BackendConfig::in_data_dir(&data_dir);
    if let Some(name) = args.account {
        backend.start_account = StartAccount::Name(name);
    }
    if let Some(secs) = args.poll_interval {
        backend.order_poll = Duration::from_secs(secs);
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
        start_screen: args.screen,
        screenshot,
    };
    app::run(options, &data_dir)?;
    if !taking_screenshot {
        return Ok(());
    }
    match outcome
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .take()
    {
        Some(Ok(path)) => {
            println!("saved {}", path.display());
            Ok(())
        }
        Some(Err(message)) => Err(anyhow::anyhow!(message)),
        None => Err(anyhow::anyhow!(
            "The window was closed before the screenshot was taken."
        )),
    }
}

fn absolute(path: &Path) -> PathBuf {
    std::path::absolute(path).unwrap_or_else(|_| path.to_owned())
}

fn run_sandbox(args: SandboxArgs) -> anyhow::Result<()> {
    use std::io::Write as _;
    if args.print_fixtures {
        let json = serde_json::to_string(&sandbox::fixtures())?;
        println!("{json}");
        return Ok(());
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
        ..SandboxConfig::default()
    };
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .context("cannot start the async runtime")?;
    runtime.block_on(async move {
        let handle = sandbox::spawn(config)
            .await
            .context("the sandbox could not start")?;
        println!("listening on http://{}", handle.addr());
        std::io::stdout().flush().ok();
        shutdown_signal().await;
        tracing::info!("stopping the sandbox");
        handle.shutdown().await;
        anyhow::Ok(())
    })
}

/// Resolves on Ctrl-C or SIGTERM.
async fn shutdown_signal() {
    let ctrl_c = async {
        if let Err(e) = tokio::signal::ctrl_c().await {
            tracing::warn!("cannot listen for Ctrl-C: {e}");
            std::future::pending::<()>().await;
        }
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(e) => {
                tracing::warn!("cannot listen for SIGTERM: {e}");
                std::future::pending::<()>().await;
            }
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => {},
        () = terminate => {},
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory as _;

    #[test]
    fn cli_is_well_formed() {
        Cli::command().debug_assert();
    }

    #[test]
    fn sandbox_flags_parse() {
        let cli = Cli::try_parse_from([
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
        let Some(Command::Sandbox(a)) = cli.command else {
            panic!("expected the sandbox subcommand")
        };
        assert!(a.ephemeral);
        assert_eq!(a.placement_delay_ms, Some(50));
        assert_eq!(a.fault_rate, 0.3);
        assert!(Cli::try_parse_from(["logodesk", "sandbox", "--fault-rate", "2"]).is_err());
        assert!(
            Cli::try_parse_from(["logodesk", "sandbox", "--ephemeral", "--data", "x.db"]).is_err()
        );
    }

    #[test]
    fn app_flags_parse() {
        let cli = Cli::try_parse_from([
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
        let err = Cli::try_parse_from(["logodesk", "--screen", "nowhere"]).unwrap_err();
        assert!(err.to_string().contains("gallery, detail, editor"), "{err}");
        assert!(Cli::try_parse_from(["logodesk", "--screenshot", "x.png", "sandbox"]).is_err());
    }
}
