//! The team feature (issue 29): Settings → Team's save, test and forget, and a watch on the
//! team database that tells the status bar whether it is reachable, reconnecting with backoff.
//! Every PostgreSQL call is blocking and runs on the blocking lane ([`blocking`]), never on the
//! UI thread or a runtime worker. This session the store does not route data to the team
//! database yet: the watch holds a real connection and checks it, nothing more.

use crate::backend::support::dialog::OpenRequest;
use crate::backend::support::downloads::Downloads;
use crate::backend::support::{
    Active, Generation, RequestId, Sink, UserError, blocking, debug_as_name,
};
use crate::keychain::Keychain;
use crate::team::{self, SavedTeam, TeamAddress, TeamSettings, TestReport};
use secrecy::SecretString;
use std::path::PathBuf;
use std::time::Duration;
use tokio::task::JoinHandle;

/// How often a connected desk checks its connection.
const CHECK_EVERY: Duration = Duration::from_secs(30);
/// Longest pause between two reconnects.
const MAX_BACKOFF: Duration = Duration::from_secs(60);

/// What Settings → Team asks of the backend.
#[derive(strum::IntoStaticStr)]
pub enum TeamCommand {
    /// Send what is saved (answered by `Loaded`).
    Load { request: RequestId },
    /// Save the form (the password, if typed, to the keychain) and connect with it.
    Save {
        request: RequestId,
        saved: SavedTeam,
        password: Option<SecretString>,
    },
    /// Test the form's values (the typed password, else the keychain's).
    Test {
        request: RequestId,
        saved: SavedTeam,
        password: Option<SecretString>,
    },
    /// Forget the team database: the settings and the password.
    Forget { request: RequestId },
    /// "Choose…" a CA file (answered by `CaFilePicked`).
    PickCaFile { request: RequestId },
}

/// What the backend tells Settings and the status bar.
#[derive(strum::IntoStaticStr)]
pub enum TeamEvent {
    /// What is saved; `run_address` when `--team-database` overrides it for this run.
    Loaded {
        saved: SavedTeam,
        run_address: Option<String>,
        has_password: bool,
    },
    /// Saved (or forgotten).
    Saved,
    /// The report of "Test connection".
    Tested(TestReport),
    /// Whether the team database is reachable (a notice, for the status bar).
    Status(TeamStatus),
    /// The CA file chosen, or `None` when the dialog was closed.
    CaFilePicked(Option<PathBuf>),
}

debug_as_name!(TeamCommand, TeamEvent);

impl TeamCommand {
    /// The request the command answers.
    pub fn request(&self) -> Option<RequestId> {
        match self {
            TeamCommand::Load { request }
            | TeamCommand::Save { request, .. }
            | TeamCommand::Test { request, .. }
            | TeamCommand::Forget { request }
            | TeamCommand::PickCaFile { request } => Some(*request),
        }
    }
}

/// The team database as the status bar shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TeamStatus {
    /// None is configured.
    Off,
    /// Connected.
    Connected,
    /// Configured and not reachable: why, and when the next try is.
    Unreachable { reason: String, retry_in: Duration },
}

/// The team feature.
pub(super) struct Team {
    sink: Sink<TeamEvent>,
    keychain: Keychain,
    downloads: Downloads,
    /// The data folder (`team.json`); `None` for an in-memory store, whose settings are kept
    /// in memory only.
    dir: Option<PathBuf>,
    in_memory: SavedTeam,
    run_address: Option<TeamAddress>,
    generation: Generation,
    watch: Option<JoinHandle<()>>,
}

impl Team {
    pub(super) fn new(
        sink: Sink<TeamEvent>,
        keychain: Keychain,
        downloads: Downloads,
        dir: Option<PathBuf>,
        run_address: Option<TeamAddress>,
    ) -> Team {
        Team {
            sink,
            keychain,
            downloads,
            dir,
            in_memory: SavedTeam::default(),
            run_address,
            generation: Generation(0),
            watch: None,
        }
    }

    /// Answers go out under the account shown's generation (the team is the same for all).
    pub(super) async fn activate(&mut self, active: &Active) {
        self.generation = active.generation;
        if self.watch.is_none() {
            self.restart_watch().await;
        }
    }

    async fn load(&self) -> Result<SavedTeam, UserError> {
        match self.dir.clone() {
            Some(dir) => blocking(move || SavedTeam::load(&dir))
                .await?
                .map_err(|e| UserError::from_error(&e)),
            None => Ok(self.in_memory.clone()),
        }
    }

    async fn settings(
        &self,
        saved: SavedTeam,
        password: Option<SecretString>,
        run: bool,
    ) -> Result<Option<TeamSettings>, UserError> {
        let keychain = self.keychain.clone();
        let run_address = if run { self.run_address.clone() } else { None };
        blocking(move || {
            saved.resolve(run_address.as_ref(), &keychain).map(|s| {
                s.map(|mut s| {
                    if password.is_some() {
                        s.password = password;
                    }
                    s
                })
            })
        })
        .await?
        .map_err(|e| UserError::from_error(&e))
    }

    /// (Re)starts the watch with what is saved now.
    async fn restart_watch(&mut self) {
        if let Some(t) = self.watch.take() {
            t.abort();
        }
        let settings = match self.load().await {
            Ok(saved) => self.settings(saved, None, true).await,
            Err(e) => Err(e),
        };
        let sink = self.sink.clone();
        self.watch = Some(tokio::spawn(async move {
            match settings {
                Ok(Some(settings)) => watch(settings, sink).await,
                Ok(None) => sink.notice(TeamEvent::Status(TeamStatus::Off)),
                Err(e) => sink.notice(TeamEvent::Status(TeamStatus::Unreachable {
                    reason: e.message,
                    retry_in: MAX_BACKOFF,
                })),
            }
        }));
    }

    /// Carries out `command`; every outcome, a failure too, answers its request (so the
    /// screen's "Testing…" or "Saving…" always ends).
    pub(super) async fn handle(&mut self, command: TeamCommand) -> Result<(), UserError> {
        let generation = self.generation;
        match command {
            TeamCommand::Load { request } => {
                let loaded = self.loaded().await;
                self.sink.reply(generation, request, loaded);
            }
            TeamCommand::Save {
                request,
                saved,
                password,
            } => {
                let saved = self.save(saved, password).await.map(|()| TeamEvent::Saved);
                self.sink.reply(generation, request, saved);
            }
            TeamCommand::Test {
                request,
                saved,
                password,
            } => {
                let settings = match self.settings(saved, password, false).await {
                    Ok(settings) => settings,
                    Err(e) => {
                        self.sink.reply(generation, request, Err(e));
                        return Ok(());
                    }
                };
                let sink = self.sink.clone();
                tokio::spawn(async move {
                    let result = match settings {
                        None => Err(UserError::new(crate::tr!("team-no-address"), None)),
                        Some(settings) => {
                            match blocking(move || team::test_connection(&settings)).await {
                                Ok(Ok(report)) => Ok(TeamEvent::Tested(report)),
                                Ok(Err(e)) => Err(UserError::from_error(&e)),
                                Err(e) => Err(e),
                            }
                        }
                    };
                    sink.reply(generation, request, result);
                });
            }
            TeamCommand::PickCaFile { request } => {
                let picked = self.downloads.pick_file(OpenRequest {
                    title: crate::tr!("team-ca-pick-title"),
                    filter: crate::tr!("team-ca-pick-filter"),
                    extensions: &["pem", "crt", "cer"],
                });
                let sink = self.sink.clone();
                tokio::spawn(async move {
                    sink.answer(generation, request, TeamEvent::CaFilePicked(picked.await));
                });
            }
            TeamCommand::Forget { request } => {
                let forgotten = self.forget().await.map(|()| TeamEvent::Saved);
                self.sink.reply(generation, request, forgotten);
            }
        }
        Ok(())
    }

    /// What is saved, for Settings.
    async fn loaded(&self) -> Result<TeamEvent, UserError> {
        let saved = self.load().await?;
        let keychain = self.keychain.clone();
        let has_password = blocking(move || keychain.team_password())
            .await?
            .map_err(|e| UserError::from_error(&e))?
            .is_some();
        Ok(TeamEvent::Loaded {
            saved,
            run_address: self.run_address.as_ref().map(ToString::to_string),
            has_password,
        })
    }

    /// Saves `saved` (and `password` to the keychain), then watches the database saved.
    async fn save(
        &mut self,
        saved: SavedTeam,
        password: Option<SecretString>,
    ) -> Result<(), UserError> {
        let (keychain, dir) = (self.keychain.clone(), self.dir.clone());
        let to_save = saved.clone();
        blocking(move || -> Result<(), team::SavedError> {
            if let Some(dir) = &dir {
                to_save.save(dir)?;
            } else if let Some(address) = &to_save.address {
                address.parse::<TeamAddress>()?;
            }
            if let Some(password) = &password {
                keychain.set_team_password(password)?;
            }
            Ok(())
        })
        .await?
        .map_err(|e| UserError::from_error(&e))?;
        if self.dir.is_none() {
            self.in_memory = saved;
        }
        self.restart_watch().await;
        Ok(())
    }

    /// Forgets the team database: the settings and the password.
    async fn forget(&mut self) -> Result<(), UserError> {
        let (keychain, dir) = (self.keychain.clone(), self.dir.clone());
        blocking(move || -> Result<(), team::SavedError> {
            if let Some(dir) = &dir {
                SavedTeam::default().save(dir)?;
            }
            keychain.delete_team_password()?;
            Ok(())
        })
        .await?
        .map_err(|e| UserError::from_error(&e))?;
        self.in_memory = SavedTeam::default();
        self.restart_watch().await;
        Ok(())
    }
}

impl Drop for Team {
    fn drop(&mut self) {
        if let Some(t) = self.watch.take() {
            t.abort();
        }
    }
}

/// A connection held by the watch. The blocking client closes itself on its own runtime when
/// dropped, which must not happen on a runtime worker (the watch is aborted there): it is
/// dropped on a thread of its own.
struct Held(Option<postgres::Client>);

impl Drop for Held {
    fn drop(&mut self) {
        if let Some(client) = self.0.take() {
            let _ = std::thread::Builder::new()
                .name("logodesk-team-close".into())
                .spawn(move || drop(client));
        }
    }
}

/// The pause before the `failures`-th reconnect: 1, 2, 4 … seconds, at most [`MAX_BACKOFF`].
fn backoff(failures: u32) -> Duration {
    let secs = 1u64 << failures.saturating_sub(1).min(6);
    Duration::from_secs(secs).min(MAX_BACKOFF)
}

/// Keeps a connection to the team database and tells each change of its state.
async fn watch(settings: TeamSettings, sink: Sink<TeamEvent>) {
    let mut held = Held(None);
    let mut failures: u32 = 0;
    let mut told: Option<TeamStatus> = None;
    loop {
        let s = settings.clone();
        let client = held.0.take();
        let checked = blocking(move || -> Result<postgres::Client, team::TeamError> {
            let mut client = match client {
                Some(mut c) => {
                    if c.is_valid(Duration::from_secs(10)).is_ok() {
                        return Ok(c);
                    }
                    drop(c);
                    team::connect(&s)?
                }
                None => team::connect(&s)?,
            };
            client
                .simple_query("SELECT 1")
                .map_err(|e| team::TeamError::Server(e.to_string()))?;
            Ok(client)
        })
        .await;
        let status = match checked {
            Ok(Ok(client)) => {
                held.0 = Some(client);
                failures = 0;
                TeamStatus::Connected
            }
            Ok(Err(e)) => {
                failures = failures.saturating_add(1);
                tracing::info!(error = %e, failures, "the team database is not reachable");
                TeamStatus::Unreachable {
                    reason: e.to_string(),
                    retry_in: backoff(failures),
                }
            }
            // The runtime is stopping.
            Err(_) => return,
        };
        let pause = match &status {
            TeamStatus::Unreachable { retry_in, .. } => *retry_in,
            _ => CHECK_EVERY,
        };
        if told.as_ref() != Some(&status) {
            sink.notice(TeamEvent::Status(status.clone()));
            told = Some(status);
        }
        tokio::time::sleep(pause).await;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reconnects_back_off_to_a_minute() {
        let secs: Vec<u64> = (1..=9).map(|n| backoff(n).as_secs()).collect();
        assert_eq!(secs, [1, 2, 4, 8, 16, 32, 60, 60, 60]);
    }
}
