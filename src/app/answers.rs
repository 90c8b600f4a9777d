//! The one place where the backend's answers are settled and routed. Each [`Envelope`] is
//! settled before any screen sees it: its request ends (progress in the status bar stops),
//! an answer to a superseded request is dropped ([`Requests::settle`]), and account data of
//! an account no longer shown is dropped by generation. What is left goes to the screen
//! that asked, with the request and its slot as a [`Reply`]; screens never check staleness.
//!
//! [`Requests::settle`]: crate::ui::Requests::settle

use super::LogodeskApp;
use crate::backend::editor::EditorEvent;
use crate::backend::proofs::ProofsEvent;
use crate::backend::{AccountsEvent, Envelope, Event, UserError};
use crate::ui::requests::Settled;
use crate::ui::{ActiveAccount, Intent, Reply, Screen, Toast};

/// Whether `event` is one answer of several to its request (the request keeps running).
fn is_interim(event: &Event) -> bool {
    matches!(
        event,
        Event::Editor(EditorEvent::StepDone { .. } | EditorEvent::StepFailed { .. })
            | Event::Proofs(ProofsEvent::SheetProgress { .. })
    )
}

impl LogodeskApp {
    /// Settles one envelope and hands its event to whoever waits for it.
    pub(super) fn on_envelope(&mut self, ctx: &egui::Context, envelope: Envelope) {
        let Envelope {
            generation,
            request,
            event,
        } = envelope;
        let reply = match request {
            Some(id) => match self.cx.requests.settle(id, is_interim(&event)) {
                Settled::Superseded => return,
                Settled::Current(slot) => Reply {
                    request: Some(id),
                    slot,
                },
            },
            None => Reply::default(),
        };
        if generation.is_some_and(|g| g != self.cx.session.generation) {
            return;
        }
        let mut intents = Vec::new();
        self.route(ctx, reply, generation.is_some(), event, &mut intents);
        for intent in intents {
            self.apply(ctx, intent);
        }
    }

    fn route(
        &mut self,
        ctx: &egui::Context,
        reply: Reply,
        account_data: bool,
        event: Event,
        intents: &mut Vec<Intent>,
    ) {
        let screens = &mut self.screens;
        match event {
            Event::Ready {
                accounts,
                keychain,
                sandbox_url,
                sandbox_demo,
            } => {
                let session = &mut self.cx.session;
                session.ready = true;
                session.accounts = accounts;
                session.keychain = Some(keychain);
                session.sandbox_url = sandbox_url;
                session.sandbox_demo = Some(*sandbox_demo);
            }
            Event::AccountActivated {
                generation,
                account,
                base_url,
                problem,
                key_missing,
            } => {
                let cx = &mut self.cx;
                cx.session.generation = generation;
                // What activating found of its key is the newest word on it.
                if key_missing {
                    cx.session.keys_missing.insert(account.id);
                } else {
                    cx.session.keys_missing.remove(&account.id);
                }
                cx.session.active = Some(ActiveAccount {
                    record: account,
                    base_url,
                    problem,
                });
                cx.thumbs.clear();
                cx.requests.clear();
                let mut shared = cx.shared(intents);
                for screen in Screen::all() {
                    screens.get_mut(screen).activated(&mut shared);
                }
                if cx.screen == Screen::LogoDetail && self.screenshot.is_none() {
                    cx.screen = Screen::Gallery;
                }
                if let Some(job) = &mut self.screenshot {
                    job.demo_started = false;
                }
            }
            Event::Failed(error) => self.on_failed(ctx, reply, account_data, error, intents),
            Event::ScreenshotSaved { path } => self.finish_screenshot(ctx, Ok(path)),
            Event::Thumbnail(thumbnail) => {
                self.cx.thumbs.insert(ctx, thumbnail.key, thumbnail.image);
            }
            Event::Accounts(event) => {
                match &event {
                    AccountsEvent::Changed(accounts) => {
                        self.cx.session.accounts = accounts.clone();
                    }
                    AccountsEvent::KeychainChanged(status) => {
                        self.cx.session.keychain = Some(status.clone());
                    }
                    AccountsEvent::KeysMissing(ids) => {
                        self.cx.session.keys_missing = ids.iter().copied().collect();
                    }
                    _ => {}
                }
                self.offer(reply, Event::Accounts(event), intents);
            }
            Event::Team(crate::backend::team::TeamEvent::Status(status)) => {
                self.cx.session.team = Some(status);
                self.cx.session.team_told_at = Some(std::time::Instant::now());
            }
            event @ Event::Orders(_) => {
                self.offer(reply, event, intents);
                self.orders_demo();
            }
            event => self.offer(reply, event, intents),
        }
    }

    /// Offers `event` to each screen in turn until one has used it up.
    fn offer(&mut self, reply: Reply, event: Event, intents: &mut Vec<Intent>) {
        let mut shared = self.cx.shared(intents);
        let mut left = Some(event);
        for screen in Screen::all() {
            let Some(event) = left.take() else { return };
            left = self
                .screens
                .get_mut(screen)
                .on_event(reply, event, &mut shared);
        }
        if let Some(event) = left {
            tracing::debug!(event = ?event, "no screen took the event");
        }
    }

    /// A request failed: the screen that asked shows it in place, and a toast says it unless
    /// the screen says it in place only. Logged here, once.
    fn on_failed(
        &mut self,
        ctx: &egui::Context,
        reply: Reply,
        account_data: bool,
        error: UserError,
        intents: &mut Vec<Intent>,
    ) {
        // The backend passes failures on without logging them: this is where they are handled.
        tracing::info!(message = %error.message, "request failed");
        let toast = match reply.slot {
            Some(slot) => {
                let screen = self.screens.get_mut(slot.screen());
                screen.on_failed(reply, &error, &mut self.cx.shared(intents))
            }
            None => Toast::Show,
        };
        if toast == Toast::Skip {
            // Said in place only (a form's own error line), as the screen's own answer.
            return;
        }
        if !self.cx.session.ready && !account_data && reply.request.is_none() {
            self.cx.startup_error.get_or_insert_with(|| error.clone());
        }
        if let Some(job) = &self.screenshot {
            // Once the picture is taken, what fails is writing it: the reason says so.
            let msg = if job.is_saving() {
                error.message.clone()
            } else {
                crate::tr!(
                    "shell-screenshot-failed",
                    screen = job.request.screen.slug(),
                    reason = error.message.as_str()
                )
            };
            self.finish_screenshot(ctx, Err(msg));
        }
        self.cx.notifications.error(&error);
    }
}
