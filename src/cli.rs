//! The command line: `logodesk` opens the desktop app, `logodesk sandbox …` runs the sandbox
//! headless.

use crate::sandbox::{self, SandboxConfig};
use anyhow::Context as _;
use clap::{Args, Parser, Subcommand};
use std::net::SocketAddr;
use std::path::PathBuf;
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
#[command(name = "logodesk", version = VERSION, about)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
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
        None => {
            println!(
                "logodesk {VERSION}\nThe desktop app is not built yet. Run the sandbox with `logodesk sandbox`."
            );
            Ok(())
        }
    }
}

/// Where the sandbox keeps its state unless told otherwise.
pub fn default_sandbox_data() -> anyhow::Result<PathBuf> {
    let dirs = directories::ProjectDirs::from("", "", "logodesk")
        .context("no user data folder could be found; pass --data PATH or --ephemeral")?;
    Ok(dirs.data_dir().join("sandbox.sqlite"))
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
}
