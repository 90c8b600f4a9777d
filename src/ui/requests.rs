//! The UI's requests in flight, and the one place where answers are settled: an answer
//! finishes its request (its progress in the status bar ends), and an answer to a request
//! that a newer one of the same [`Slot`] superseded is dropped before any screen sees it.
//! (Answers of an account no longer shown are dropped by generation, in `app::answers`.)

use crate::backend::RequestId;
use crate::ui::Screen;
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::time::{Duration, Instant};

/// Work shorter than this shows no progress.
pub const PROGRESS_AFTER: Duration = Duration::from_millis(300);

/// Superseded requests remembered at most (their answers may never come: the backend
/// aborts superseded work).
const MAX_SUPERSEDED: usize = 1024;

/// A kind of request of which only the newest counts: starting one supersedes the one
/// before it. Each belongs to a screen, which gets the failures of its requests.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Slot {
    /// The gallery's list (page 1 of a query; later pages run side by side).
    GalleryList,
    /// A later page of the gallery's list.
    GalleryPage,
    /// The logo shown in the detail.
    LogoDetail,
    /// The draft opened in the editor.
    EditorOpen,
    /// Sending the editor's staged changes.
    EditorApply,
    /// Committing the draft.
    EditorCommit,
    /// Making the club's link for the draft.
    EditorClub,
    /// The editor's local recolor preview of the staged colors (newest staged colors win;
    /// quiet: asked while a color is dragged, too quick to show progress).
    EditorPreview,
    /// The upload form's file dialog.
    UploadPick,
    /// Checking the chosen file.
    UploadCheck,
    /// Uploading it.
    Upload,
    /// Saving an account.
    SettingsSave,
    /// "Test connection".
    SettingsTest,
    /// What an account holds, asked before removing it.
    SettingsRemove,
    /// Counting or emptying the offline copies.
    SettingsCache,
    /// The design shown.
    DesignOpen,
    /// Cloning it.
    DesignClone,
    /// The views of the design shown, with its own placements.
    DesignViews,
    /// The bare garment under the clone canvas.
    DesignBare,
    /// The service's rendering of the clone canvas's placements (newest edit wins).
    DesignPreview,
    /// The clone canvas's logo picker search.
    DesignSearch,
    /// Looking a vectorize task up to track it (the newest look-up's answer or failure is
    /// said; an older look-up's task is tracked all the same: the backend saved it and tells
    /// so as news).
    TaskTrack,
    /// A new draft (a fresh one or a copy).
    OrdersDraft,
    /// An order placed elsewhere, looked up by its tracking id.
    OrdersLookUp,
    /// Asking the service again about an uncertain order, or attaching a tracking id.
    OrdersCheck,
    /// History's first page under its filters (a filter changed: the newest asked wins).
    HistoryList,
    /// The next page of History's list.
    HistoryMore,
    /// The composer's logo picker search.
    ComposerSearch,
    /// A design or logo the composer fetches for one of its lines (several run at once).
    ComposerLine,
    /// The composer's roster import: its file dialog, then reading the file (a new import
    /// supersedes the one before).
    ComposerRoster,
    /// A design line's proof (one per line at once: the composer supersedes a line's older
    /// one itself).
    ProofRender,
    /// A proof sheet PDF being made.
    ProofSheet,
    /// An order's confirmation PDF being saved.
    OrderConfirmation,
    /// What Settings → Team saved.
    TeamLoad,
    /// Saving (or forgetting) the team database.
    TeamSave,
    /// Testing the team database.
    TeamTest,
    /// "Choose…" a CA file.
    TeamPick,
    /// The desks of the team, and confirming or refusing one.
    TeamDesks,
}

impl Slot {
    /// The screen whose request it is.
    pub fn screen(self) -> Screen {
        match self {
            Slot::GalleryList | Slot::GalleryPage => Screen::Gallery,
            Slot::LogoDetail => Screen::LogoDetail,
            Slot::EditorOpen
            | Slot::EditorApply
            | Slot::EditorCommit
            | Slot::EditorClub
            | Slot::EditorPreview
            | Slot::UploadPick
            | Slot::UploadCheck
            | Slot::Upload => Screen::Editor,
            Slot::SettingsSave
            | Slot::SettingsTest
            | Slot::SettingsRemove
            | Slot::SettingsCache
            | Slot::TeamLoad
            | Slot::TeamSave
            | Slot::TeamTest
            | Slot::TeamPick
            | Slot::TeamDesks => Screen::Settings,
            Slot::DesignOpen
            | Slot::DesignClone
            | Slot::DesignViews
            | Slot::DesignBare
            | Slot::DesignPreview
            | Slot::DesignSearch => Screen::Designs,
            Slot::TaskTrack => Screen::Tasks,
            Slot::OrdersDraft
            | Slot::ComposerSearch
            | Slot::ComposerLine
            | Slot::ComposerRoster
            | Slot::ProofRender
            | Slot::ProofSheet => Screen::Orders,
            Slot::OrdersLookUp
            | Slot::OrdersCheck
            | Slot::OrderConfirmation
            | Slot::HistoryList
            | Slot::HistoryMore => Screen::History,
        }
    }

    /// Whether a newer request of this slot supersedes the older one.
    fn newest_only(self) -> bool {
        !matches!(
            self,
            Slot::GalleryPage | Slot::ComposerLine | Slot::ProofRender
        )
    }

    /// Whether its progress is never shown in the status bar: frequent, quick work (a
    /// preview asked while a color is dragged) that would only flash there.
    fn quiet(self) -> bool {
        matches!(self, Slot::EditorPreview)
    }
}

/// What an answer is, once settled.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Settled {
    /// It answers a current request of this slot (or a request of no slot, `None`).
    Current(Option<Slot>),
    /// It answers a request that a newer one superseded: drop it.
    Superseded,
}

/// An answer as a screen gets it, once settled: the request it answers and that request's
/// slot (both `None` for news nobody asked for).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Reply {
    pub request: Option<RequestId>,
    pub slot: Option<Slot>,
}

struct Running {
    label: String,
    since: Instant,
    slot: Slot,
}

/// The requests in flight, by id; which is the newest of each slot; which were superseded.
#[derive(Default)]
pub struct Requests {
    running: BTreeMap<RequestId, Running>,
    newest: HashMap<Slot, RequestId>,
    slots: HashMap<RequestId, Slot>,
    superseded: BTreeSet<RequestId>,
}

impl Requests {
    /// Records the start of request `id` of `slot`, superseding the slot's older one.
    pub fn start(&mut self, id: RequestId, slot: Slot, label: &str) {
        if slot.newest_only()
            && let Some(old) = self.newest.insert(slot, id)
            && old != id
        {
            self.supersede(old);
        }
        self.slots.insert(id, slot);
        self.running.insert(
            id,
            Running {
                label: label.to_owned(),
                since: Instant::now(),
                slot,
            },
        );
    }

    /// Drops request `id`: its progress ends and its answer, should it still come, is not
    /// shown (a screen started something newer, or closed what it was for).
    pub fn supersede(&mut self, id: RequestId) {
        self.running.remove(&id);
        if let Some(slot) = self.slots.remove(&id)
            && self.newest.get(&slot) == Some(&id)
        {
            self.newest.remove(&slot);
        }
        self.superseded.insert(id);
        while self.superseded.len() > MAX_SUPERSEDED {
            self.superseded.pop_first();
        }
    }

    /// Settles an answer to `id`: a final answer ends the request (an interim one, such as
    /// one step of several, leaves it running).
    pub fn settle(&mut self, id: RequestId, interim: bool) -> Settled {
        if self.superseded.contains(&id) {
            if !interim {
                self.superseded.remove(&id);
            }
            return Settled::Superseded;
        }
        let slot = self.slots.get(&id).copied();
        if !interim {
            self.running.remove(&id);
            self.slots.remove(&id);
            if let Some(slot) = slot
                && self.newest.get(&slot) == Some(&id)
            {
                self.newest.remove(&slot);
            }
        }
        Settled::Current(slot)
    }

    /// Drops the running request of newest-only `slot`, if any (what it was for is gone: a
    /// preview of colors no longer staged, of a draft no longer shown).
    pub fn supersede_slot(&mut self, slot: Slot) {
        if let Some(&id) = self.newest.get(&slot) {
            self.supersede(id);
        }
    }

    /// Whether a request of `slot` is running.
    pub fn is_running(&self, slot: Slot) -> bool {
        self.running.values().any(|r| r.slot == slot)
    }

    /// Whether `id` is still running.
    pub fn is_pending(&self, id: RequestId) -> bool {
        self.running.contains_key(&id)
    }

    /// Forgets everything (a new account: its answers are told apart by generation).
    pub fn clear(&mut self) {
        let ids: Vec<RequestId> = self.running.keys().copied().collect();
        ids.into_iter().for_each(|id| self.supersede(id));
    }

    /// What to show: the oldest slow request's label and how many are slow (quiet ones never
    /// count). Asks for a repaint when the next one turns slow.
    pub fn visible(&self, ctx: &egui::Context) -> Option<(String, usize)> {
        let now = Instant::now();
        let shown = || self.running.values().filter(|r| !r.slot.quiet());
        let mut slow = shown().filter(|r| now.duration_since(r.since) >= PROGRESS_AFTER);
        let first = slow.next().map(|r| r.label.clone());
        let count = first.as_ref().map_or(0, |_| 1 + slow.count());
        if let Some(wait) = shown()
            .map(|r| PROGRESS_AFTER.saturating_sub(now.duration_since(r.since)))
            .filter(|d| !d.is_zero())
            .min()
        {
            ctx.request_repaint_after(wait);
        }
        first.map(|label| (label, count))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn progress_shows_only_slow_work() {
        let ctx = egui::Context::default();
        let mut r = Requests::default();
        r.start(RequestId(1), Slot::GalleryList, "Loading logos");
        assert_eq!(r.visible(&ctx), None);
        r.running.get_mut(&RequestId(1)).unwrap().since -= Duration::from_millis(400);
        assert_eq!(r.visible(&ctx), Some(("Loading logos".into(), 1)));
        assert_eq!(
            r.settle(RequestId(1), false),
            Settled::Current(Some(Slot::GalleryList))
        );
        assert!(!r.is_pending(RequestId(1)));
        assert_eq!(r.visible(&ctx), None);
    }

    #[test]
    fn a_newer_request_of_a_slot_supersedes_the_older() {
        let mut r = Requests::default();
        r.start(RequestId(1), Slot::LogoDetail, "Opening");
        r.start(RequestId(2), Slot::LogoDetail, "Opening");
        assert!(!r.is_pending(RequestId(1)));
        assert_eq!(r.settle(RequestId(1), false), Settled::Superseded);
        assert_eq!(
            r.settle(RequestId(2), false),
            Settled::Current(Some(Slot::LogoDetail))
        );
        assert!(!r.is_running(Slot::LogoDetail));
    }

    #[test]
    fn a_new_roster_import_drops_the_older_ones_answer_and_its_failure() {
        let mut r = Requests::default();
        r.start(RequestId(1), Slot::ComposerRoster, "Choosing a roster");
        r.start(RequestId(2), Slot::ComposerLine, "Fetching a design");
        r.start(RequestId(3), Slot::ComposerRoster, "Reading the roster");
        assert_eq!(r.settle(RequestId(1), false), Settled::Superseded);
        assert_eq!(
            r.settle(RequestId(2), false),
            Settled::Current(Some(Slot::ComposerLine)),
            "a line's fetch is not an import"
        );
        assert_eq!(
            r.settle(RequestId(3), false),
            Settled::Current(Some(Slot::ComposerRoster))
        );
        assert_eq!(Slot::ComposerRoster.screen(), Screen::Orders);
    }

    #[test]
    fn side_by_side_slots_and_interim_answers_keep_running() {
        let mut r = Requests::default();
        r.start(RequestId(1), Slot::GalleryPage, "Page 2");
        r.start(RequestId(2), Slot::GalleryPage, "Page 3");
        assert!(r.is_pending(RequestId(1)) && r.is_pending(RequestId(2)));
        r.start(RequestId(3), Slot::EditorApply, "Applying");
        assert_eq!(
            r.settle(RequestId(3), true),
            Settled::Current(Some(Slot::EditorApply))
        );
        assert!(r.is_running(Slot::EditorApply));
        r.settle(RequestId(3), false);
        assert!(!r.is_running(Slot::EditorApply));
    }

    #[test]
    fn a_quiet_request_never_shows_progress_and_the_newest_preview_wins() {
        let ctx = egui::Context::default();
        let mut r = Requests::default();
        r.start(RequestId(1), Slot::EditorPreview, "Recoloring");
        r.start(RequestId(2), Slot::EditorPreview, "Recoloring");
        r.start(RequestId(3), Slot::EditorApply, "Applying");
        for id in [2, 3] {
            r.running.get_mut(&RequestId(id)).unwrap().since -= Duration::from_millis(400);
        }
        assert_eq!(r.visible(&ctx), Some(("Applying".into(), 1)));
        r.settle(RequestId(3), false);
        assert_eq!(r.visible(&ctx), None, "a slow preview shows nothing");
        // The newer answers first, the older last: the older is dropped.
        assert_eq!(
            r.settle(RequestId(2), false),
            Settled::Current(Some(Slot::EditorPreview))
        );
        assert_eq!(r.settle(RequestId(1), false), Settled::Superseded);
        // Colors no longer staged: the preview on its way is dropped.
        r.start(RequestId(4), Slot::EditorPreview, "Recoloring");
        r.supersede_slot(Slot::EditorPreview);
        r.supersede_slot(Slot::EditorPreview);
        assert!(!r.is_running(Slot::EditorPreview));
        assert_eq!(r.settle(RequestId(4), false), Settled::Superseded);
        assert_eq!(Slot::EditorPreview.screen(), Screen::Editor);
    }

    #[test]
    fn only_the_newest_task_look_up_is_answered() {
        let mut r = Requests::default();
        r.start(RequestId(1), Slot::TaskTrack, "Looking up 1");
        r.start(RequestId(2), Slot::TaskTrack, "Looking up 2");
        assert_eq!(r.settle(RequestId(1), false), Settled::Superseded);
        assert!(r.is_running(Slot::TaskTrack));
        assert_eq!(
            r.settle(RequestId(2), false),
            Settled::Current(Some(Slot::TaskTrack))
        );
        assert!(!r.is_running(Slot::TaskTrack));
    }

    #[test]
    fn superseded_requests_are_remembered_within_a_bound() {
        let mut r = Requests::default();
        for i in 0..(MAX_SUPERSEDED as u64 + 10) {
            r.start(RequestId(i), Slot::DesignOpen, "Opening");
        }
        assert!(r.superseded.len() <= MAX_SUPERSEDED);
        r.clear();
        assert!(!r.is_running(Slot::DesignOpen));
    }
}
