//! logodesk's entry point: parse the command line, start logging, hand over to the library.

use clap::Parser as _;
use std::process::ExitCode;

fn main() -> ExitCode {
    let cli = logodesk::cli::Cli::parse();
    logodesk::cli::init_tracing();
    match logodesk::cli::run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("logodesk: {e:#}");
            ExitCode::FAILURE
        }
    }
}
