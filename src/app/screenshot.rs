//! `--screenshot`: waits until the asked screen has its data (starting the demo data some
//! screens need), lets layout settle, takes a picture of the window, has the backend write
//! it and closes the window.

use super::LogodeskApp;
use crate::backend::Command;
use crate::sync::Lock as _;
use crate::ui::Screen;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
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

/// A `--screenshot` run in progress.
pub(super) struct ScreenshotJob {
    pub(super) request: ScreenshotRequest,
    phase: ShotPhase,
    started: Instant,
    image: Arc<Mutex<Option<Arc<egui::ColorImage>>>>,
    /// The demo data of Designs or Tasks was asked for (for the account shown).
    pub(super) demo_started: bool,
}

impl ScreenshotJob {
    pub(super) fn new(request: ScreenshotRequest) -> ScreenshotJob {
        ScreenshotJob {
            request,
            phase: ShotPhase::Loading,
            started: Instant::now(),
            image: Arc::default(),
            demo_started: false,
        }
    }

    /// Whether the picture is taken and handed to the backend to write.
    pub(super) fn is_saving(&self) -> bool {
        self.phase == ShotPhase::Saving
    }
}

impl LogodeskApp {
    /// Advances a `--screenshot` run.
    pub(super) fn screenshot_step(&mut self, ctx: &egui::Context) {
        let Some(job) = &self.screenshot else { return };
        let (phase, screen) = (job.phase, job.request.screen);
        if job.started.elapsed() > job.request.timeout && phase != ShotPhase::Saving {
            let msg = crate::tr!(
                "shell-screenshot-timeout",
                screen = screen.slug(),
                seconds = job.request.timeout.as_secs()
            );
            return self.finish_screenshot(ctx, Err(msg));
        }
        ctx.request_repaint_after(Duration::from_millis(100));
        let next = match phase {
            ShotPhase::Loading => {
                if self.shot_ready(screen) {
                    self.cx.screen = screen;
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
                    *slot.locked() = Some(image);
                    waker.request_repaint();
                });
                ShotPhase::Requested
            }
            ShotPhase::Settling(n) => ShotPhase::Settling(n - 1),
            ShotPhase::Requested => {
                let taken = self.screenshot.as_ref().and_then(|j| {
                    let image = j.image.locked().take()?;
                    Some((j.request.path.clone(), image))
                });
                match taken {
                    Some((path, image)) => {
                        self.cx
                            .backend
                            .send(Command::SaveScreenshot { path, image });
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

    /// Whether `screen` has the data its picture shows (Designs and Tasks once their demo
    /// data is asked for).
    fn shot_ready(&mut self, screen: Screen) -> bool {
        self.start_demo(screen);
        let shown = self.cx.screen == screen;
        let mut intents = Vec::new();
        let shared = self.cx.shared(&mut intents);
        self.screens
            .get_mut(screen)
            .ready_for_screenshot(shown, &shared)
    }

    /// Asks for the demo data of a screenshot of Designs (the sandbox's finalized design) or
    /// Tasks (both demo tasks tracked), once the account is active.
    fn start_demo(&mut self, screen: Screen) {
        let Some(job) = &mut self.screenshot else {
            return;
        };
        if job.demo_started || self.cx.session.active.is_none() || !self.screens.tasks.is_loaded() {
            return;
        }
        let Some(demo) = self.cx.session.sandbox_demo.clone() else {
            return;
        };
        job.demo_started = true;
        let mut intents = Vec::new();
        let mut shared = self.cx.shared(&mut intents);
        match screen {
            Screen::Designs => {
                let designs = &mut self.screens.designs;
                designs.bar.id_input = demo.design.to_string();
                designs.open(demo.design, &mut shared);
            }
            Screen::Tasks => {
                let tasks = &mut self.screens.tasks;
                for id in demo.tasks {
                    if !tasks.tasks().iter().any(|t| t.task.id == id) {
                        tasks.track(id, &mut shared);
                    }
                }
            }
            _ => {}
        }
    }

    /// The screenshots of Orders and History show a demo order: a draft, or a placed and
    /// completed one. Called after each orders answer.
    pub(super) fn orders_demo(&mut self) {
        let demo = self.screenshot.as_ref().map(|j| j.request.screen);
        let orders = &mut self.screens.orders;
        if !matches!(demo, Some(Screen::Orders | Screen::History)) || !orders.is_loaded() {
            return;
        }
        let place = demo == Some(Screen::History);
        let completed = self
            .screens
            .history
            .orders
            .iter()
            .any(|o| o.state == crate::store::OrderState::Completed);
        if !place || !completed {
            let mut intents = Vec::new();
            orders.start_demo(place, &mut self.cx.shared(&mut intents));
        }
    }

    pub(super) fn finish_screenshot(
        &mut self,
        ctx: &egui::Context,
        outcome: Result<PathBuf, String>,
    ) {
        if let Some(job) = self.screenshot.take() {
            *job.request.outcome.locked() = Some(outcome);
            ctx.send_viewport_cmd(egui::ViewportCommand::Close);
        }
    }
}
