//! Desktop notifications outside the window: when an order completes or fails, or a vectorize
//! task finishes, while the window is not in front, the desktop's own notification says so,
//! and clicking it brings the window forward on that order (History) or on the Tasks screen.
//!
//! The app hands every backend event to [`DesktopNotices::observe`] before it is routed, with
//! whether the window is in front and the order's state before the event (History's list);
//! what to say is decided here ([`note_for`]), shown by a [`Notifier`] — the desktop's
//! ([`DesktopNotifier`]) or a recording one in tests ([`Recording`]) — and a click comes back
//! from the notifier's thread through [`Clicks`] (a channel, then a repaint), to be taken by
//! the UI with [`DesktopNotices::clicked`]. In front, nothing is shown here: the in-app toast
//! says it.

mod desktop;

pub use desktop::DesktopNotifier;

use crate::api::{TaskId, VectorizeTask};
use crate::backend::Event;
use crate::backend::editor::EditorEvent;
use crate::backend::orders::OrdersEvent;
use crate::backend::proofs::ProofsEvent;
use crate::backend::tasks::TasksEvent;
use crate::store::club::ClubSubject;
use crate::store::{LocalOrder, LocalOrderId, OrderState};
use crate::sync::Lock as _;
use std::collections::HashSet;
use std::sync::mpsc::{Receiver, Sender, channel};
use std::sync::{Arc, Mutex, OnceLock};

/// How old a club's decision may be and still be news.
const CLUB_NEWS: chrono::TimeDelta = chrono::TimeDelta::minutes(10);

/// What a click on a notification opens.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Target {
    /// This order in History.
    Order(LocalOrderId),
    /// The Tasks screen (this task is on it).
    Task(TaskId),
    /// The club answered on its page about this order's draft (the Orders screen) or this
    /// logo draft (the editor).
    Club(ClubSubject),
}

/// One notification: a title, a sentence, and what clicking it opens.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Note {
    pub title: String,
    pub body: String,
    pub target: Target,
}

/// Where a click on a notification goes: to the UI's channel, then a repaint so the UI takes
/// it at once. Cloned into the thread that waits for the click.
#[derive(Clone)]
pub struct Clicks {
    sender: Sender<Target>,
    wake: Arc<dyn Fn() + Send + Sync>,
}

impl Clicks {
    /// The person clicked the notification of `target`.
    pub fn clicked(&self, target: Target) {
        if self.sender.send(target).is_ok() {
            (self.wake)();
        }
    }
}

/// Shows notifications. `show` must not block: a desktop notifier talks to the desktop and
/// waits for the click on a thread of its own.
pub trait Notifier: Send {
    fn show(&mut self, note: Note, clicks: Clicks);
}

/// The app's notifications outside the window: a notifier and the clicks coming back.
pub struct DesktopNotices {
    notifier: Box<dyn Notifier>,
    clicks: Clicks,
    clicked: Receiver<Target>,
    /// The clubs' decisions already told (each is told again with every reading of the
    /// draft's approvals, on every desk).
    club_told: HashSet<i64>,
}

impl DesktopNotices {
    /// Notices shown by `notifier`; `wake` is called after each click (the UI's repaint).
    pub fn new(notifier: Box<dyn Notifier>, wake: Arc<dyn Fn() + Send + Sync>) -> DesktopNotices {
        let (sender, clicked) = channel();
        DesktopNotices {
            notifier,
            clicks: Clicks { sender, wake },
            clicked,
            club_told: HashSet::new(),
        }
    }

    /// Shows notifications through `notifier` from now on.
    pub fn set_notifier(&mut self, notifier: Box<dyn Notifier>) {
        self.notifier = notifier;
    }

    /// Shows the notification `event` calls for, if any, unless `show` is false (the window is
    /// in front, or the person turned them off). `before` gives an order's state before the
    /// event, as the app knew it.
    pub fn observe(
        &mut self,
        event: &Event,
        before: impl Fn(LocalOrderId) -> Option<OrderState>,
        show: bool,
    ) {
        // A club's decision is told once, when it is new; in front, the composer says it.
        let club = self.club_note(event, chrono::Utc::now());
        if !show {
            return;
        }
        if let Some(note) = club.or_else(|| note_for(event, before)) {
            tracing::debug!(target_ = ?note.target, "desktop notification");
            self.notifier.show(note, self.clicks.clone());
        }
    }

    /// The notification of a club's decision `event` brings, the first time it is seen and
    /// made within [`CLUB_NEWS`] of `now` (one read later, as a draft is opened, is not news).
    fn club_note(&mut self, event: &Event, now: chrono::DateTime<chrono::Utc>) -> Option<Note> {
        let (subject, club) = match event {
            Event::Proofs(ProofsEvent::Approvals {
                order,
                club: Some(club),
                ..
            }) => (ClubSubject::Order(*order), &**club),
            Event::Editor(EditorEvent::Club(state)) => {
                (state.shown.as_ref()?.request.subject, state.shown.as_ref()?)
            }
            _ => return None,
        };
        let decided = club.request.decision.as_ref()?;
        if !self.club_told.insert(club.request.id.0) || now - decided.at > CLUB_NEWS {
            return None;
        }
        Some(Note {
            title: crate::tr!("notify-club-title"),
            body: club.decision_line()?,
            target: Target::Club(subject),
        })
    }

    /// A notification the person clicked since the last call.
    pub fn clicked(&self) -> Option<Target> {
        self.clicked.try_recv().ok()
    }
}

/// Whether the window is in front: focused and not minimised. Unknown (no window system said
/// it, as in tests) counts as in front.
pub fn in_front(ctx: &egui::Context) -> bool {
    ctx.input(|i| {
        let viewport = i.viewport();
        viewport.focused != Some(false) && viewport.minimized != Some(true)
    })
}

/// The notification an event calls for: an order that became completed or failed (it was
/// known in another state before), or a task that finished just now.
pub fn note_for(
    event: &Event,
    before: impl Fn(LocalOrderId) -> Option<OrderState>,
) -> Option<Note> {
    match event {
        Event::Orders(OrdersEvent::Changed(order)) => {
            let was = before(order.id)?;
            let ended = matches!(order.state, OrderState::Completed | OrderState::Failed);
            (ended && was != order.state).then(|| order_note(order))
        }
        Event::Tasks(TasksEvent::Changed {
            task,
            finished_now: true,
        }) => Some(task_note(&task.task)),
        _ => None,
    }
}

/// The notification of an order that completed or failed.
fn order_note(order: &LocalOrder) -> Note {
    let tracking = order
        .tracking_id
        .map_or_else(|| "none".to_owned(), |t| t.to_string());
    let (title, body) = if order.state == OrderState::Completed {
        (
            crate::tr!("notify-order-completed-title"),
            crate::tr!(
                "notify-order-completed",
                reference = order.reference.as_str(),
                recipient = order.recipient.as_str(),
                tracking = tracking
            ),
        )
    } else {
        let why = order
            .error_message
            .clone()
            .unwrap_or_else(|| crate::tr!("composer-no-reason"));
        (
            crate::tr!("notify-order-failed-title"),
            crate::tr!(
                "notify-order-failed",
                reference = order.reference.as_str(),
                recipient = order.recipient.as_str(),
                tracking = tracking,
                why = why
            ),
        )
    };
    Note {
        title,
        body,
        target: Target::Order(order.id),
    }
}

/// The notification of a vectorize task that finished.
fn task_note(task: &VectorizeTask) -> Note {
    let name = if task.logo_name.is_empty() {
        crate::tr!("tasks-no-logo-name")
    } else {
        task.logo_name.clone()
    };
    Note {
        title: crate::tr!("notify-task-finished-title"),
        body: crate::tr!(
            "tasks-finished",
            id = task.id.to_string(),
            name = name,
            count = task.created_logos.len()
        ),
        target: Target::Task(task.id),
    }
}

/// The AppUserModelID Windows shows a toast under (the Start menu shortcut carries it); set
/// once at start, next to the process's own.
static APP_ID: OnceLock<String> = OnceLock::new();

/// Names the app to the desktop's notifications (Windows: its AppUserModelID).
pub fn set_app_id(id: &str) {
    let _ = APP_ID.set(id.to_owned());
}

/// A notifier that records what it was asked to show, for tests; [`Recording::click`] plays
/// the person clicking one.
#[derive(Clone, Default)]
pub struct Recording {
    shown: Arc<Mutex<Vec<(Note, Clicks)>>>,
}

impl Recording {
    /// The notifications shown so far, oldest first.
    pub fn notes(&self) -> Vec<Note> {
        self.lock().iter().map(|(note, _)| note.clone()).collect()
    }

    /// Clicks the `index`th notification shown (as the desktop would report it, from another
    /// thread); `false` if there is none.
    pub fn click(&self, index: usize) -> bool {
        let shown = self.lock().get(index).cloned();
        match shown {
            Some((note, clicks)) => std::thread::spawn(move || clicks.clicked(note.target))
                .join()
                .is_ok(),
            None => false,
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Vec<(Note, Clicks)>> {
        self.shown.locked()
    }
}

impl Notifier for Recording {
    fn show(&mut self, note: Note, clicks: Clicks) {
        self.lock().push((note, clicks));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn order(state: OrderState, tracking: Option<i64>) -> LocalOrder {
        LocalOrder {
            id: LocalOrderId(7),
            account: None,
            state,
            key: None,
            draft_json: None,
            reference: "PO-U15-2026".into(),
            recipient: "Nordby IF".into(),
            tracking_id: tracking.map(crate::api::OrderId),
            order_number: None,
            record: None,
            error_message: Some("Design 12 is not finalized".into()),
            last_error: None,
            attempts: 1,
            updated_at: String::new(),
            destination: None,
            reached: true,
            placed_by: None,
            version: 0,
            saved_by: None,
            editing: None,
            hold: None,
        }
    }

    fn changed(order: LocalOrder) -> Event {
        Event::Orders(OrdersEvent::Changed(Box::new(order)))
    }

    #[test]
    fn an_order_that_ends_is_told_once_with_what_names_it() {
        let sent = |_| Some(OrderState::Sent);
        let note = note_for(&changed(order(OrderState::Completed, Some(4711))), sent)
            .expect("a completed order is told");
        assert_eq!(note.title, "Order completed");
        assert_eq!(
            note.body,
            "Order PO-U15-2026 for Nordby IF (tracking id 4711) is completed."
        );
        assert_eq!(note.target, Target::Order(LocalOrderId(7)));
        let failed = note_for(&changed(order(OrderState::Failed, None)), |_| {
            Some(OrderState::Queued)
        })
        .expect("a failed order is told");
        assert_eq!(failed.title, "Order failed");
        assert_eq!(
            failed.body,
            "Order PO-U15-2026 for Nordby IF failed: Design 12 is not finalized"
        );
        // Already completed before, unknown before, or not an end: nothing.
        let done = |_| Some(OrderState::Completed);
        assert!(note_for(&changed(order(OrderState::Completed, Some(1))), done).is_none());
        assert!(note_for(&changed(order(OrderState::Completed, Some(1))), |_| None).is_none());
        assert!(note_for(&changed(order(OrderState::Sent, Some(1))), sent).is_none());
    }

    #[test]
    fn nothing_is_shown_in_front_and_a_click_comes_back_with_a_repaint() {
        let woken = Arc::new(std::sync::atomic::AtomicUsize::new(0));
        let counter = woken.clone();
        let recording = Recording::default();
        let mut notices = DesktopNotices::new(
            Box::new(recording.clone()),
            Arc::new(move || {
                counter.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
            }),
        );
        let event = changed(order(OrderState::Completed, Some(4711)));
        let sent = |_| Some(OrderState::Sent);
        notices.observe(&event, sent, false);
        assert!(recording.notes().is_empty());
        notices.observe(&event, sent, true);
        let notes = recording.notes();
        assert_eq!(notes.len(), 1);
        assert_eq!(notes[0].title, "Order completed");
        assert_eq!(notices.clicked(), None);
        assert!(recording.click(0));
        assert_eq!(notices.clicked(), Some(Target::Order(LocalOrderId(7))));
        assert_eq!(woken.load(std::sync::atomic::Ordering::SeqCst), 1);
        assert!(!recording.click(1));
    }

    #[test]
    fn the_sentences_are_danish_too() {
        use crate::i18n::text_in;
        use crate::locale::Language::Danish;
        let mut args = fluent_bundle::FluentArgs::new();
        args.set("reference", "PO-U15-2026");
        args.set("recipient", "Nordby IF");
        args.set("tracking", "4711");
        args.set("why", "designet er ikke færdigt");
        assert_eq!(
            text_in(Danish, "notify-order-completed", Some(&args)),
            "Ordre PO-U15-2026 til Nordby IF (sporings-id 4711) er gennemført."
        );
        assert_eq!(
            text_in(Danish, "notify-order-failed", Some(&args)),
            "Ordre PO-U15-2026 til Nordby IF (sporings-id 4711) mislykkedes: designet er ikke færdigt"
        );
        args.set("tracking", "none");
        assert_eq!(
            text_in(Danish, "notify-order-completed", Some(&args)),
            "Ordre PO-U15-2026 til Nordby IF er gennemført."
        );
        assert_eq!(
            text_in(Danish, "notify-order-completed-title", None),
            "Ordre gennemført"
        );
    }

    #[test]
    fn a_clubs_new_decision_is_told_once_and_an_old_one_not_at_all() {
        use crate::backend::proofs::club::ClubRequestShown;
        use crate::club::page::{ClubPage, PageLine, PageRow};
        use crate::club::{ClubRequestId, Found, RecordedDecision, RequestState};
        let shown = |id: i64, at: chrono::DateTime<chrono::Utc>| ClubRequestShown {
            request: Found {
                id: ClubRequestId(id),
                subject: crate::store::club::ClubSubject::Order(LocalOrderId(7)),
                contact: "Mette Hansen".into(),
                language: crate::locale::Language::Danish,
                page: ClubPage {
                    club: "FC Nørrebro".into(),
                    lines: vec![PageLine {
                        rows: vec![
                            PageRow {
                                asked: true,
                                ..Default::default()
                            };
                            15
                        ],
                        ..Default::default()
                    }],
                    ..Default::default()
                },
                shown_hash: String::new(),
                expires_at: at,
                state: RequestState::Open,
                decision: Some(RecordedDecision {
                    kind: "corrected".into(),
                    who: "Mette Hansen".into(),
                    note: String::new(),
                    corrections: vec![crate::club::page::Correction {
                        line: 0,
                        row: 6,
                        field: crate::club::page::Field::Name,
                        was: "Berg".into(),
                        now: "Bergh".into(),
                    }],
                    at,
                    shown_hash: String::new(),
                    ip: String::new(),
                    browser: String::new(),
                }),
            },
            contact_email: String::new(),
            asked_by: "Anna".into(),
            asked_at: at,
        };
        let event = |club: ClubRequestShown| {
            Event::Proofs(ProofsEvent::Approvals {
                order: LocalOrderId(7),
                steps: Vec::new(),
                club: Some(Box::new(club)),
            })
        };
        let recording = Recording::default();
        let mut notices = DesktopNotices::new(Box::new(recording.clone()), Arc::new(|| {}));
        let now = chrono::Utc::now();
        let fresh = event(shown(1, now));
        notices.observe(&fresh, |_| None, true);
        notices.observe(&fresh, |_| None, true);
        let notes = recording.notes();
        assert_eq!(notes.len(), 1, "{notes:?}");
        assert_eq!(notes[0].title, "The club answered");
        assert_eq!(
            notes[0].body,
            "FC Nørrebro approved 14 of 15 rows, 1 correction"
        );
        assert_eq!(
            notes[0].target,
            Target::Club(ClubSubject::Order(LocalOrderId(7)))
        );
        // Decided an hour ago (the draft opened later): not news.
        notices.observe(
            &event(shown(2, now - chrono::TimeDelta::hours(1))),
            |_| None,
            true,
        );
        // Seen in front first: the composer said it; not told again behind.
        notices.observe(&event(shown(3, now)), |_| None, false);
        notices.observe(&event(shown(3, now)), |_| None, true);
        assert_eq!(recording.notes().len(), 1);

        // A logo draft approved, heard by the editor: told once, opening the draft.
        let subject = ClubSubject::Logo {
            account: crate::store::AccountId(3),
            logo: crate::api::LogoId(40),
        };
        let mut logo = shown(4, now);
        logo.request.subject = subject;
        logo.request.page.lines.clear();
        logo.request.page.logo = Some(crate::club::page::PageLogo::default());
        if let Some(d) = logo.request.decision.as_mut() {
            d.kind = "approved".into();
            d.corrections.clear();
        }
        let heard = Event::Editor(EditorEvent::Club(Box::new(
            crate::backend::editor::club::LogoClub {
                logo: crate::api::LogoId(40),
                shown: Some(logo),
                unavailable: None,
                unreadable: None,
                contacts: None,
            },
        )));
        notices.observe(&heard, |_| None, true);
        notices.observe(&heard, |_| None, true);
        let notes = recording.notes();
        assert_eq!(notes.len(), 2, "{notes:?}");
        assert_eq!(notes[1].body, "FC Nørrebro approved the logo");
        assert_eq!(notes[1].target, Target::Club(subject));
    }
}
