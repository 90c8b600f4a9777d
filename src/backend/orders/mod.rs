//! The orders feature, the account manager's flow: drafts and history in the local
//! database, placing (queued first, then sent by the account's outbox, see [`outbox`]),
//! tracking, the composer's CSV export and roster files, and the orders that need a person's
//! decision (uncertain, unknown, held). A design's or a logo's look-up is its own feature's
//! (`designs`, `logos`).

pub mod outbox;

pub use crate::backend::support::SharedStore;
pub use outbox::{
    OnChange, OnProblem, OnReach, Outbox, OutboxConfig, OutboxReports, OutboxStats,
    may_have_reached,
};

use crate::api::{Client, OrderId, TrackingRecord};
use crate::backend::support::clients::Clients;
use crate::backend::support::dialog::OpenRequest;
use crate::backend::support::downloads::{Downloads, Export, SaveTo};
use crate::backend::support::{
    Active, Generation, RequestId, Sink, StopOutbox, UserError, WorkerLink, WorkerRequest, active,
    debug_as_name, with_store,
};
use crate::orders::form::{AddressForm, address_book};
use crate::orders::local::HistoryFilter;
use crate::orders::roster_import::{RosterTable, read_file};
use crate::store::{
    AccountId, Destination, DraftFields, DraftSave, EDIT_LEASE, EditClaim, HistoryCursor,
    HistoryTotals, LocalOrder, LocalOrderId, PLACED_ALIKE_WITHIN, Route, Store, StoreError,
    TeamState,
};
use crate::sync::Lock as _;
use outbox::is_refusal;
use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// How long after another desk's mark on a draft lapses the lists are read again.
const MARK_LAPSE_MARGIN: Duration = Duration::from_millis(500);

/// What the Orders screens ask of the backend.
#[derive(strum::IntoStaticStr)]
pub enum OrdersCommand {
    /// Reload the drafts and the history of the active account.
    Refresh,
    /// History's list of the active account under `filter`: from the newest row (`after`
    /// `None`: the first page and what every matching row adds up to; the filter History
    /// shows from now on, also in the lists sent again) or the page after `after`. Answered
    /// by `History`.
    History {
        request: RequestId,
        filter: HistoryFilter,
        after: Option<HistoryCursor>,
    },
    /// A new draft (fresh idempotency key) with this form; answered by `DraftCreated`.
    NewDraft {
        request: RequestId,
        draft_json: String,
        reference: String,
        recipient: String,
    },
    /// Save a draft's form, based on the draft's version `base` (the one the form was
    /// loaded at, or the newest this desk saved); answered by `DraftSaved`.
    SaveDraft {
        id: LocalOrderId,
        draft_json: String,
        reference: String,
        recipient: String,
        base: i64,
    },
    /// The composer opened draft `id` (or the person chose to take it over from the desk
    /// editing it): mark it as edited here, and keep the mark while it stays open; answered
    /// by `Editing`, again whenever the mark is lost.
    Editing { id: LocalOrderId, take_over: bool },
    /// The composer left draft `id`: the mark goes.
    StopEditing { id: LocalOrderId },
    /// Remove a draft.
    DeleteDraft { id: LocalOrderId },
    /// Freeze the draft and queue it with this exact body; the outbox sends it. Guarded as
    /// a save based on `base`; a refusal is answered by `DraftSaved` (`placing`). Unless
    /// `again`, the same order placed within [`PLACED_ALIKE_WITHIN`] (on this desk or another
    /// of the team) is answered by `PlacedAlike` and nothing is queued.
    Place {
        id: LocalOrderId,
        draft_json: String,
        reference: String,
        recipient: String,
        body: Vec<u8>,
        base: i64,
        again: bool,
    },
    /// Add an order placed elsewhere to the history by its tracking id.
    LookUp {
        request: RequestId,
        tracking: OrderId,
    },
    /// Save an order's CSV where the person chooses ("Save as…", named `file_name` unless
    /// they rename it; see [`Downloads`]), or at `to`'s path.
    ExportCsv {
        to: SaveTo,
        file_name: String,
        csv: Vec<u8>,
    },
    /// Show a file dialog for a design line's roster file; answered by `RosterFilePicked`.
    PickRosterFile { request: RequestId },
    /// Read a roster file (CSV or a spreadsheet) into a table, off the UI thread; answered by
    /// `RosterRead`. The dialog is one way to the path; a test or a dropped file is another.
    ReadRoster { request: RequestId, path: PathBuf },
    /// Ask the service once more about an `uncertain` order: the same key and the same
    /// bytes, to its own destination. A tracking id in the answer moves it to `sent`.
    AskAgain {
        request: RequestId,
        id: LocalOrderId,
    },
    /// The person knows the tracking id of an `uncertain` order: fetch it and attach it.
    /// Unless `confirmed`, an order whose reference or recipient is not this row's is not
    /// attached: [`OrdersEvent::AttachDiffers`] asks first.
    Attach {
        request: RequestId,
        id: LocalOrderId,
        tracking: OrderId,
        confirmed: bool,
    },
    /// Track an `unknown` order again.
    CheckAgain { id: LocalOrderId },
    /// Send (or track) a held order with its account's settings now (the person confirmed).
    SendToCurrent { id: LocalOrderId },
    /// Take a queued order that never reached the service back to a draft.
    BackToDraft { id: LocalOrderId },
}

/// What the backend tells the Orders screens.
#[derive(strum::IntoStaticStr)]
pub enum OrdersEvent {
    /// The drafts, the rows that wait (queued, sent, uncertain, unknown) and History's list
    /// (under the filter it shows, as many rows as it had) of the account shown, newest first.
    Lists {
        drafts: Vec<LocalOrder>,
        waiting: Vec<LocalOrder>,
        history: Box<HistoryList>,
    },
    /// A page of History's list (the answer to `History`).
    History(Box<HistoryList>),
    /// The composer's address book: the delivery addresses of the account's placed orders,
    /// each once, newest first (sent with the lists).
    AddressBook(Vec<AddressForm>),
    /// A new draft exists (or an order looked up by its tracking id joined the history).
    DraftCreated(Box<LocalOrder>),
    /// A row changed (queued, sent, tracked, failed to send).
    Changed(Box<LocalOrder>),
    /// What a save of draft `id` came to (`placing`: its "Place order"; only a refusal is
    /// said then, the placed row comes as `Changed`).
    DraftSaved {
        id: LocalOrderId,
        outcome: DraftSave,
        placing: bool,
    },
    /// Who edits draft `id`: this desk, or another (then the composer shows it read-only).
    Editing { id: LocalOrderId, claim: EditClaim },
    /// *Place order* of draft `id` found `earlier`, the same reference and lines placed
    /// lately: nothing was queued; the composer asks whether to place it again.
    PlacedAlike {
        id: LocalOrderId,
        earlier: Box<LocalOrder>,
    },
    /// A CSV export was written here; `None`: the person closed "Save as…" (nothing saved).
    Exported(Option<PathBuf>),
    /// The roster file chosen, or `None`: the dialog was cancelled, or this desktop has no
    /// file dialog.
    RosterFilePicked(Option<PathBuf>),
    /// A roster file's cells.
    RosterRead(Box<RosterTable>),
    /// Whether the service is out of reach: the newest send of the outbox failed on the
    /// network (`true`), or the service answered (`false`). Sent when it changes.
    Reachability { offline: bool },
    /// The answer to `AskAgain` or `Attach`: the row as the service's record left it.
    Checked(Box<LocalOrder>),
    /// The order behind the tracking id to attach is not obviously this one (another
    /// reference or recipient, or the service did not say): nothing was attached; `question`
    /// asks the person.
    AttachDiffers {
        id: LocalOrderId,
        tracking: OrderId,
        question: String,
    },
}

debug_as_name!(OrdersCommand, OrdersEvent);

impl OrdersCommand {
    /// The request the command answers (`None`: it answers nobody; its failure is a notice).
    pub fn request(&self) -> Option<RequestId> {
        match self {
            OrdersCommand::NewDraft { request, .. }
            | OrdersCommand::History { request, .. }
            | OrdersCommand::LookUp { request, .. }
            | OrdersCommand::PickRosterFile { request }
            | OrdersCommand::ReadRoster { request, .. }
            | OrdersCommand::AskAgain { request, .. }
            | OrdersCommand::Attach { request, .. } => Some(*request),
            OrdersCommand::Refresh
            | OrdersCommand::SaveDraft { .. }
            | OrdersCommand::Editing { .. }
            | OrdersCommand::StopEditing { .. }
            | OrdersCommand::DeleteDraft { .. }
            | OrdersCommand::Place { .. }
            | OrdersCommand::ExportCsv { .. }
            | OrdersCommand::CheckAgain { .. }
            | OrdersCommand::SendToCurrent { .. }
            | OrdersCommand::BackToDraft { .. } => None,
        }
    }
}

/// How many placed orders (newest first) the address book is read from.
pub(crate) const ADDRESS_SOURCES: usize = 500;

/// How many rows of History one page holds.
pub const HISTORY_PAGE: usize = 200;

/// Rows of History's list: a page of the rows matching `filter`, newest first.
#[derive(Debug, Clone, PartialEq)]
pub struct HistoryList {
    pub filter: HistoryFilter,
    /// `None`: the list from its newest row; else the page after this row.
    pub after: Option<HistoryCursor>,
    pub rows: Vec<LocalOrder>,
    /// More rows match after these.
    pub more: bool,
    /// What the list says of every row (lists from the newest row only).
    pub summary: Option<HistorySummary>,
}

/// What History says of the rows of an account.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct HistorySummary {
    /// The rows matching the filter: how many, their totals.
    pub matching: HistoryTotals,
    /// How many rows the account's history has (the screen's subtitle).
    pub all: usize,
}

/// The list History shows: its filter, and how many rows it has been sent (a list sent
/// again holds as many, so nothing scrolled to disappears).
#[derive(Debug, Default)]
struct Listed {
    filter: HistoryFilter,
    rows: usize,
}

/// The account shown and its generation: rows of other accounts are not sent to the UI.
type Shown = Arc<Mutex<Option<(AccountId, Generation)>>>;

/// The outboxes running, by account.
type Outboxes = Arc<Mutex<HashMap<AccountId, Running>>>;

/// The orders feature: one outbox per account with orders (each with that account's
/// client) and the account shown.
pub(super) struct Orders {
    sink: Sink<OrdersEvent>,
    store: SharedStore,
    clients: Clients,
    config: OutboxConfig,
    active: Option<Active>,
    shown: Shown,
    outboxes: Outboxes,
    downloads: Downloads,
    /// The draft open in the composer and the task renewing its mark.
    editing: Option<(LocalOrderId, tokio::task::JoinHandle<()>)>,
    /// History's list of the account shown.
    listed: Listed,
    /// The worker, asked to read the lists again when another desk's mark on a draft lapses.
    worker: WorkerLink,
    /// That re-read, while one is due (replaced by each reading of the lists).
    mark_lapse: Mutex<Option<tokio::task::JoinHandle<()>>>,
}

/// An account's outbox, the destination its client goes to, and the client.
struct Running {
    dest: Destination,
    client: Client,
    outbox: Outbox,
}

impl Orders {
    pub(super) fn new(
        sink: Sink<OrdersEvent>,
        store: SharedStore,
        clients: Clients,
        poll_interval: Duration,
        downloads: Downloads,
        worker: WorkerLink,
    ) -> Orders {
        Orders {
            sink,
            store,
            clients,
            config: OutboxConfig {
                poll_interval,
                ..OutboxConfig::default()
            },
            active: None,
            shown: Arc::default(),
            outboxes: Arc::default(),
            downloads,
            editing: None,
            listed: Listed::default(),
            worker,
            mark_lapse: Mutex::default(),
        }
    }

    /// Another account is shown; its outbox runs (and the other accounts' keep running).
    pub(super) async fn activate(&mut self, active: &Active) {
        let (account, generation) = (active.account(), active.generation);
        *self.shown.locked() = Some((account, generation));
        self.active = Some(active.clone());
        self.listed = Listed::default();
        if let Ok(dest) = with_store(&self.store, move |s| s.destination(account)).await {
            self.ensure(account, dest, active.client()).await;
        }
    }

    /// Runs an outbox for every account with orders to send or track, each with its own
    /// client (an account whose key cannot be read gets none: its orders wait with a
    /// sentence and go nowhere else); an account that is gone has none.
    pub(super) async fn sync_outboxes(&mut self) {
        let work = with_store(&self.store, |s| {
            let mut work = Vec::new();
            for id in s.accounts_with_work()? {
                work.push((s.account(id)?, s.destination(id)?));
            }
            let accounts: Vec<AccountId> = s.accounts()?.iter().map(|a| a.id).collect();
            Ok((work, accounts))
        })
        .await;
        let (work, accounts) = match work {
            Ok(w) => w,
            Err(e) => {
                tracing::error!(error = %e.message, "the accounts with orders could not be read");
                return;
            }
        };
        let gone: Vec<AccountId> = self
            .lock_outboxes()
            .keys()
            .filter(|id| !accounts.contains(id))
            .copied()
            .collect();
        gone.into_iter().for_each(|id| self.stop(id));
        for (record, dest) in work {
            if self.runs(record.id, &dest) {
                continue;
            }
            let (client, _) = self.clients.for_account(&record, None).await;
            self.ensure(record.id, dest, client).await;
        }
    }

    fn lock_outboxes(&self) -> std::sync::MutexGuard<'_, HashMap<AccountId, Running>> {
        self.outboxes.locked()
    }

    /// Whether `account` has an outbox for `dest` running.
    fn runs(&self, account: AccountId, dest: &Destination) -> bool {
        self.lock_outboxes()
            .get(&account)
            .is_some_and(|r| &r.dest == dest)
    }

    /// Makes sure `account`'s outbox runs with a client for `dest` (restarting it if its
    /// destination changed). Without a client, its queued orders wait with a sentence.
    async fn ensure(
        &mut self,
        account: AccountId,
        dest: Destination,
        client: Result<Client, UserError>,
    ) {
        if self.runs(account, &dest) {
            return;
        }
        self.stop(account);
        match client {
            Ok(client) => {
                let reports = self.reports(account);
                let outbox = Outbox::start_for(
                    self.store.clone(),
                    client.clone(),
                    account,
                    Some(dest.clone()),
                    self.config,
                    reports,
                );
                tracing::info!(account = %account, "outbox started");
                self.lock_outboxes().insert(
                    account,
                    Running {
                        dest,
                        client,
                        outbox,
                    },
                );
            }
            // A team's orders wait for any desk whose key may send them: this desk having no key
            // is not the orders' state (the other desks would read it on every row).
            Err(problem) if account.is_team() => {
                tracing::info!(account = %account, reason = %problem.message, "this desk does not send the team's orders of this account");
            }
            Err(problem) => {
                // The reason only (in the person's words): History frames it as the queued
                // row's wait in the language it is shown in.
                let why = problem.message;
                match with_store(&self.store, move |s| s.note_waiting(account, &why)).await {
                    Ok(rows) => rows.iter().for_each(|r| self.changed(r)),
                    Err(e) => tracing::error!(error = %e.message, "waiting orders not noted"),
                }
            }
        }
    }

    /// Stops `account`'s outbox (its account changed or is gone).
    fn stop(&self, account: AccountId) {
        stop_outbox(&self.outboxes, account);
    }

    /// How the accounts feature stops an outbox before its account's settings change.
    pub(super) fn stopper(&self) -> StopOutbox {
        let outboxes = self.outboxes.clone();
        Arc::new(move |account| stop_outbox(&outboxes, account))
    }

    /// Tells the UI about a row if it belongs to the account shown.
    fn changed(&self, row: &LocalOrder) {
        emit_if_shown(&self.shown, &self.sink, row);
    }

    fn reports(&self, account: AccountId) -> OutboxReports {
        let (shown, sink) = (self.shown.clone(), self.sink.clone());
        let on_change: OnChange = Arc::new(move |row: &LocalOrder| {
            emit_if_shown(&shown, &sink, row);
        });
        let (shown, sink) = (self.shown.clone(), self.sink.clone());
        let on_reach: OnReach = Arc::new(move |offline| {
            let now = *shown.locked();
            if let Some((a, generation)) = now
                && a == account
            {
                sink.news(generation, OrdersEvent::Reachability { offline });
            }
        });
        let sink = self.sink.clone();
        // Said once, as a failure of no request: a toast, whichever screen is shown.
        let on_problem: OnProblem = Arc::new(move |error| sink.fail(None, None, error));
        OutboxReports {
            on_change,
            on_reach,
            on_problem,
        }
    }

    /// Marks draft `id` as edited here (taking it over if asked) and says who edits it; while
    /// it is this desk's, renews the mark every third of its lease, and says so at once if
    /// the mark was lost (another desk took it over), then stops. One draft at a time: the
    /// composer's.
    fn edit(&mut self, id: LocalOrderId, take_over: bool, generation: Generation) {
        if let Some((_, renewal)) = self.editing.take() {
            renewal.abort();
        }
        let (store, sink) = (self.store.clone(), self.sink.clone());
        let renewal = tokio::spawn(async move {
            let (mut take_over, mut told) = (take_over, false);
            loop {
                let claim = with_store(&store, move |s| s.start_editing(id, take_over)).await;
                take_over = false;
                match claim {
                    Ok(EditClaim::Mine) => {}
                    Ok(claim) => {
                        sink.news(generation, OrdersEvent::Editing { id, claim });
                        return;
                    }
                    // Not said: the draft stays editable here and its saves say what fails
                    // (a team database out of reach says itself in the status bar).
                    Err(e) => {
                        tracing::warn!(error = %e.message, "a draft's edit mark was not renewed")
                    }
                }
                if !std::mem::replace(&mut told, true) {
                    sink.news(
                        generation,
                        OrdersEvent::Editing {
                            id,
                            claim: EditClaim::Mine,
                        },
                    );
                }
                tokio::time::sleep(EDIT_LEASE / 3).await;
            }
        });
        self.editing = Some((id, renewal));
    }

    /// Reads the lists again once another desk's mark on a draft lapses (`lapse` from now):
    /// a desk that died holding a draft lets go without a change anybody is told of, and its
    /// "… is editing" would stay on every other desk's screen. One re-read is due at a time,
    /// the one the newest lists asked for.
    fn read_again_after(&self, lapse: Option<Duration>) {
        let mut due = self.mark_lapse.locked();
        if let Some(task) = due.take() {
            task.abort();
        }
        let Some(lapse) = lapse else { return };
        let worker = self.worker.clone();
        *due = Some(tokio::spawn(async move {
            // A moment past the lease's end, so the mark reads as lapsed.
            tokio::time::sleep(lapse + MARK_LAPSE_MARGIN).await;
            worker.ask(WorkerRequest::ReadLists);
        }));
    }

    fn wake(&self, account: AccountId) {
        if let Some(r) = self.lock_outboxes().get(&account) {
            r.outbox.wake();
        }
    }

    pub(super) async fn handle(&mut self, command: OrdersCommand) -> Result<(), UserError> {
        let active = active(&self.active)?;
        let (account, generation, client) = (active.account(), active.generation, active.client());
        let sink = self.sink.clone();
        match command {
            OrdersCommand::Refresh => self.send_lists(account, generation).await?,
            OrdersCommand::History {
                request,
                filter,
                after,
            } => {
                self.history(account, generation, request, filter, after)
                    .await?;
            }
            OrdersCommand::NewDraft {
                request,
                draft_json,
                reference,
                recipient,
            } => {
                let order = with_store(&self.store, move |s| {
                    s.create_draft_kept(account, &draft_json, &reference, &recipient)
                })
                .await?;
                sink.answer(
                    generation,
                    request,
                    OrdersEvent::DraftCreated(Box::new(order)),
                );
                self.send_lists(account, generation).await?;
            }
            OrdersCommand::SaveDraft {
                id,
                draft_json,
                reference,
                recipient,
                base,
            } => {
                let (outcome, kept) = with_store(&self.store, move |s| {
                    s.save_draft_kept(id, account, &draft_json, &reference, &recipient, base)
                })
                .await?;
                sink.news(
                    generation,
                    OrdersEvent::DraftSaved {
                        id,
                        outcome,
                        placing: false,
                    },
                );
                // Kept on this desk (the team database is out of reach): the lists show it.
                if let Some(row) = kept {
                    sink.news(generation, OrdersEvent::Changed(Box::new(row)));
                }
            }
            OrdersCommand::Editing { id, take_over } => self.edit(id, take_over, generation),
            OrdersCommand::StopEditing { id } => {
                if self.editing.as_ref().is_some_and(|(open, _)| *open == id)
                    && let Some((_, renewal)) = self.editing.take()
                {
                    renewal.abort();
                }
                // A team database out of reach: its mark lapses by itself (the lease).
                with_store(&self.store, move |s| match s.stop_editing(id) {
                    Err(e) if e.is_team_unreachable() => Ok(()),
                    done => done,
                })
                .await?;
            }
            OrdersCommand::DeleteDraft { id } => {
                with_store(&self.store, move |s| s.delete_draft(id)).await?;
                self.send_lists(account, generation).await?;
            }
            OrdersCommand::Place {
                id,
                draft_json,
                reference,
                recipient,
                body,
                base,
                again,
            } => {
                if !again && let Some(earlier) = self.placed_alike(account, id, &body).await? {
                    self.sink.news(
                        generation,
                        OrdersEvent::PlacedAlike {
                            id,
                            earlier: Box::new(earlier),
                        },
                    );
                    return Ok(());
                }
                let fields = (draft_json, reference, recipient);
                self.place(account, generation, id, fields, body, base)
                    .await?;
            }
            OrdersCommand::AskAgain { request, id } => {
                self.ask_again(account, generation, request, id).await?;
            }
            OrdersCommand::Attach {
                request,
                id,
                tracking,
                confirmed,
            } => {
                self.attach(
                    account, generation, client, request, id, tracking, confirmed,
                )
                .await?;
            }
            OrdersCommand::CheckAgain { id } => {
                self.alter(id, account, move |s| s.check_again(id)).await?;
            }
            OrdersCommand::SendToCurrent { id } => {
                if !self.alter(id, account, move |s| s.retarget(id)).await? {
                    return Err(UserError::new(crate::tr!("backend-placed-elsewhere"), None));
                }
            }
            OrdersCommand::BackToDraft { id } => {
                self.own_row(id, account).await?;
                let back = with_store(&self.store, move |s| s.back_to_draft(id)).await?;
                if !back {
                    return Err(UserError::new(crate::tr!("backend-no-back-to-draft"), None));
                }
                self.send_lists(account, generation).await?;
            }
            OrdersCommand::LookUp { request, tracking } => {
                self.look_up(account, generation, client?, request, tracking);
            }
            OrdersCommand::ExportCsv { to, file_name, csv } => self.export_csv(to, file_name, csv),
            OrdersCommand::PickRosterFile { request } => {
                self.pick_roster_file(generation, request);
            }
            OrdersCommand::ReadRoster { request, path } => {
                read_roster(sink, generation, request, path);
            }
        }
        Ok(())
    }

    /// A page of History: the first of a filter (`after: None`), or the next.
    async fn history(
        &mut self,
        account: AccountId,
        generation: Generation,
        request: RequestId,
        filter: HistoryFilter,
        after: Option<HistoryCursor>,
    ) -> Result<(), UserError> {
        let sink = self.sink.clone();
        let fresh = after.is_none();
        let list = match self.kept_rows(account).await? {
            // Out of reach since the desk started: what this desk kept, in one page.
            Some(kept) if fresh => kept_history(kept, filter),
            Some(_) => HistoryList {
                filter,
                after,
                rows: Vec::new(),
                more: false,
                summary: None,
            },
            None => history_list(&self.store, account, filter, after, HISTORY_PAGE).await?,
        };
        if fresh {
            self.listed = Listed {
                filter: list.filter.clone(),
                rows: list.rows.len(),
            };
        } else if list.filter == self.listed.filter {
            self.listed.rows += list.rows.len();
        }
        sink.answer(generation, request, OrdersEvent::History(Box::new(list)));
        Ok(())
    }

    /// *Place order…*: the draft saved as it is and queued with its exact body, in one step.
    async fn place(
        &mut self,
        account: AccountId,
        generation: Generation,
        id: LocalOrderId,
        (draft_json, reference, recipient): (String, String, String),
        body: Vec<u8>,
        base: i64,
    ) -> Result<(), UserError> {
        let sink = self.sink.clone();
        let (outcome, row) = with_store(&self.store, move |s| {
            let fields = DraftFields {
                draft_json: &draft_json,
                reference: &reference,
                recipient: &recipient,
            };
            s.place_kept(id, account, &fields, &body, base)
        })
        .await?;
        if !matches!(outcome, DraftSave::Saved { .. }) {
            sink.news(
                generation,
                OrdersEvent::DraftSaved {
                    id,
                    outcome,
                    placing: true,
                },
            );
            return Ok(());
        }
        if let Some((_, renewal)) = self.editing.take_if(|(open, _)| *open == id) {
            renewal.abort();
        }
        sink.news(generation, OrdersEvent::Changed(Box::new(row)));
        self.wake(account);
        self.send_lists(account, generation).await?;
        Ok(())
    }

    /// The order of `account` placed lately that `body` (draft `id`'s) places again, if any.
    /// A team database out of reach cannot say: the order is kept here as always, unasked.
    async fn placed_alike(
        &self,
        account: AccountId,
        id: LocalOrderId,
        body: &[u8],
    ) -> Result<Option<LocalOrder>, UserError> {
        let Ok(order) = serde_json::from_slice::<crate::api::PlaceOrder>(body) else {
            return Ok(None);
        };
        with_store(&self.store, move |s| {
            match s.placed_alike(account, Some(id), &order, PLACED_ALIKE_WITHIN) {
                Err(e) if e.is_team_unreachable() => Ok(None),
                found => found,
            }
        })
        .await
    }

    /// *Ask again* of an order that may be placed: the same key and bytes, once, where its
    /// outbox sends.
    async fn ask_again(
        &mut self,
        account: AccountId,
        generation: Generation,
        request: RequestId,
        id: LocalOrderId,
    ) -> Result<(), UserError> {
        let row = self.own_row(id, account).await?;
        let running = self
            .lock_outboxes()
            .get(&account)
            .map(|r| (r.dest.clone(), r.client.clone()));
        let (running, outgoing) = match (&row.hold, running) {
            (None, Some((dest, client))) if row.destination.as_ref() == Some(&dest) => {
                let print = {
                    let client = client.clone();
                    tokio::task::spawn_blocking(move || client.key_print()).await
                }
                .unwrap_or_else(|_| client.key_print());
                // A team's row goes out only as a desk of the team signed it for this
                // destination (`store::desks`).
                let (outgoing, elsewhere) = with_store(&self.store, move |s| {
                    let outgoing = s.uncertain_outgoing(id)?;
                    if let Some(out) = &outgoing {
                        s.vet_outgoing(out, account, &dest)?;
                    }
                    Ok((outgoing, s.sent_with_another_key(id, &print)?))
                })
                .await?;
                // Sent with another desk's key to that key's own organization: this
                // key's would ask (and place it) in its own.
                if elsewhere {
                    return Err(UserError::new(crate::tr!("backend-lookup-other-key"), None));
                }
                (client, outgoing)
            }
            (Some(hold), _) => {
                return Err(UserError::new(
                    crate::orders::local::hold_sentence(hold, row.may_be_placed()),
                    None,
                ));
            }
            _ => {
                return Err(UserError::new(
                    crate::tr!("backend-lookup-no-service"),
                    None,
                ));
            }
        };
        let Some(outgoing) = outgoing else {
            return Err(UserError::new(crate::tr!("backend-lookup-changed"), None));
        };
        let reply = self.reply(generation, request);
        tokio::spawn(async move {
            let answer = running
                .orders()
                .place_once(bytes::Bytes::from(outgoing.body), &outgoing.key)
                .await
                .map_err(|e| {
                    if is_refusal(&e) {
                        UserError::new(
                            crate::tr!(
                                "backend-lookup-still-refused",
                                reason =
                                    crate::i18n::api::error(&e).trim_end_matches('.').to_owned()
                            ),
                            None,
                        )
                    } else {
                        UserError::from_api(&e)
                    }
                });
            reply.found(id, answer).await;
        });
        Ok(())
    }

    /// A tracking id the person found attached to an order that may be placed.
    #[allow(clippy::too_many_arguments)]
    async fn attach(
        &mut self,
        account: AccountId,
        generation: Generation,
        client: Result<Client, UserError>,
        request: RequestId,
        id: LocalOrderId,
        tracking: OrderId,
        confirmed: bool,
    ) -> Result<(), UserError> {
        let row = self.own_row(id, account).await?;
        if row.state != crate::store::OrderState::Uncertain {
            return Err(UserError::new(
                crate::tr!("backend-attach-not-uncertain"),
                None,
            ));
        }
        // Held (queued for other settings): the id would be looked up at one address
        // and tracked at another; as "Ask again", it waits for the person's decision.
        if let Some(hold) = &row.hold {
            return Err(UserError::new(
                crate::orders::local::hold_sentence(hold, row.may_be_placed()),
                None,
            ));
        }
        let client = client?;
        let reply = self.reply(generation, request);
        tokio::spawn(async move {
            let answer = client
                .orders()
                .get(tracking)
                .await
                .map_err(|e| UserError::from_api(&e));
            if let Ok(record) = &answer
                && !confirmed
                && let Some(question) = attach_question(&row, record)
            {
                reply.differs(id, tracking, question);
                return;
            }
            reply.found(id, answer).await;
        });
        Ok(())
    }

    /// An order looked up by its tracking id, added to History.
    fn look_up(
        &self,
        account: AccountId,
        generation: Generation,
        client: Client,
        request: RequestId,
        tracking: OrderId,
    ) {
        let sink = self.sink.clone();
        let store = self.store.clone();
        tokio::spawn(async move {
            let result = match client.orders().get(tracking).await {
                Ok(record) => with_store(&store, move |s| s.add_tracked(account, &record)).await,
                Err(e) => Err(UserError::from_api(&e)),
            };
            match result {
                Ok(order) => {
                    let event = OrdersEvent::DraftCreated(Box::new(order));
                    sink.answer(generation, request, event);
                }
                Err(error) => sink.fail(Some(generation), Some(request), error),
            }
        });
    }

    /// The CSV of an order saved where the person chooses.
    fn export_csv(&self, to: SaveTo, file_name: String, csv: Vec<u8>) {
        let sink = self.sink.clone();
        // The dialog may stay open for minutes: the worker goes on meanwhile.
        let downloads = self.downloads.clone();
        tokio::spawn(async move {
            match downloads
                .save(to, &file_name, "order.csv", csv, Export::Csv)
                .await
            {
                Ok(path) => sink.notice(OrdersEvent::Exported(path)),
                Err(e) => sink.fail(None, None, e),
            }
        });
    }

    /// The roster file the person picks.
    fn pick_roster_file(&self, generation: Generation, request: RequestId) {
        let sink = self.sink.clone();
        let picked = self.downloads.pick_file(OpenRequest {
            title: crate::tr!("backend-roster-dialog-title"),
            filter: crate::tr!("backend-roster-dialog-filter"),
            extensions: &["csv", "txt", "tsv", "xlsx", "xls", "ods"],
        });
        tokio::spawn(async move {
            let path = picked.await;
            sink.answer(generation, request, OrdersEvent::RosterFilePicked(path));
        });
    }

    /// What this desk kept for a team's `account` (newest first) when its database was not
    /// reached since the desk started: all the lists can show of it. `None` otherwise.
    async fn kept_rows(
        &self,
        account: AccountId,
    ) -> Result<Option<Vec<crate::store::LocalOrder>>, UserError> {
        with_store(&self.store, move |s| {
            if account.is_team() && s.team_state() == TeamState::NeverReached {
                s.kept_for_account(account).map(Some)
            } else {
                Ok(None)
            }
        })
        .await
    }

    async fn send_lists(
        &self,
        account: AccountId,
        generation: Generation,
    ) -> Result<(), UserError> {
        // Out of reach since this desk started: nothing of the team's was read to keep, so
        // the lists are what this desk kept for the account (`store::offline`).
        if let Some(kept) = self.kept_rows(account).await? {
            let filter = self.listed.filter.clone();
            let lists = kept_lists(kept, filter);
            self.sink.news(generation, lists);
            return Ok(());
        }
        let lists = with_store(&self.store, move |s| {
            // A team's account while its database is out of reach: the screens keep what they
            // last read (marked not fresh), with what is kept here meanwhile added as made.
            if s.route(account.0) == Route::Away {
                return Ok(None);
            }
            Ok(Some((
                s.local_orders(account, true)?,
                s.waiting_orders(account)?,
                s.placed_forms(account, ADDRESS_SOURCES)?,
                s.desk_id()?,
                s.next_mark_lapse(account)?,
            )))
        })
        .await?;
        let Some((mut drafts, waiting, forms, desk, lapse)) = lists else {
            return Ok(());
        };
        self.read_again_after(lapse);
        let open = self.editing.as_ref().map(|(id, _)| *id);
        // This desk's own mark on a draft it does not have open (left there when it quit
        // without letting go, before its lease ends) is nobody editing: opened, it is this
        // desk's again.
        for d in &mut drafts {
            if Some(d.id) != open && d.editing.as_ref().is_some_and(|e| e.desk == desk.0) {
                d.editing = None;
            }
        }
        // The draft open here, taken over on another desk (its mark came with the lists, as
        // its NOTIFY did): said now, not at the next renewal of this desk's mark.
        if let Some(e) = drafts
            .iter()
            .find(|d| Some(d.id) == open)
            .and_then(|d| d.editing.clone())
            .filter(|e| e.desk != desk.0)
            && let Some(id) = open
        {
            self.sink.news(
                generation,
                OrdersEvent::Editing {
                    id,
                    claim: EditClaim::Elsewhere(e),
                },
            );
        }
        let filter = self.listed.filter.clone();
        let rows = self.listed.rows.max(HISTORY_PAGE);
        let history = Box::new(history_list(&self.store, account, filter, None, rows).await?);
        self.sink.news(
            generation,
            OrdersEvent::Lists {
                drafts,
                waiting,
                history,
            },
        );
        let book = address_book(forms.iter().map(String::as_str));
        self.sink.news(generation, OrdersEvent::AddressBook(book));
        Ok(())
    }
}

/// The lists of a team's account whose database is out of reach since the desk started:
/// only what this desk kept for it (`rows`, [`crate::store::Store::kept_for_account`]), the
/// drafts, the rows that wait and History's rows under `filter`.
fn kept_lists(
    rows: Vec<crate::store::LocalOrder>,
    filter: crate::orders::local::HistoryFilter,
) -> OrdersEvent {
    use crate::store::OrderState;
    let (drafts, placed): (Vec<_>, Vec<_>) =
        rows.into_iter().partition(|o| o.state == OrderState::Draft);
    let waiting = placed
        .iter()
        .filter(|o| {
            matches!(
                o.state,
                OrderState::Queued | OrderState::Sent | OrderState::Uncertain | OrderState::Unknown
            )
        })
        .cloned()
        .collect();
    OrdersEvent::Lists {
        drafts,
        waiting,
        history: Box::new(kept_history(placed, filter)),
    }
}

/// History's list of the rows this desk kept for a team's account (`kept`, newest first; its
/// drafts left out) under `filter`: every one in one page (a desk keeps few), with what they
/// add up to.
fn kept_history(
    kept: Vec<crate::store::LocalOrder>,
    filter: crate::orders::local::HistoryFilter,
) -> HistoryList {
    let placed: Vec<_> = kept
        .into_iter()
        .filter(|o| o.state != crate::store::OrderState::Draft)
        .collect();
    let all = placed.len();
    let rows: Vec<_> = placed.into_iter().filter(|o| filter.admits(o)).collect();
    let (sums, without_total) = crate::orders::local::totals(&rows);
    let matching = crate::store::HistoryTotals {
        count: rows.len(),
        sums: sums.into_iter().map(|(c, s)| (c, s.normalize())).collect(),
        without_total,
        of_all: all,
    };
    HistoryList {
        filter,
        after: None,
        rows,
        more: false,
        summary: Some(HistorySummary { matching, all }),
    }
}

/// At most `rows` rows of `account`'s history under `filter` after `after` (`None`: from
/// the newest, with what every row adds up to).
async fn history_list(
    store: &SharedStore,
    account: AccountId,
    filter: HistoryFilter,
    after: Option<HistoryCursor>,
    rows: usize,
) -> Result<HistoryList, UserError> {
    let query = filter.query();
    let cursor = after.clone();
    let (page, summary) = with_store(store, move |s| {
        let page = s.history_page(account, &query, cursor.as_ref(), rows)?;
        let summary = match cursor {
            Some(_) => None,
            None => {
                let matching = s.history_totals_after(account, &query, &page)?;
                let all = matching.of_all;
                Some(HistorySummary { matching, all })
            }
        };
        Ok((page, summary))
    })
    .await?;
    Ok(HistoryList {
        filter,
        after,
        rows: page.rows,
        more: page.more,
        summary,
    })
}

/// Sends a changed row to the UI if it belongs to the account shown (tagged with its
/// generation); other accounts' rows are read again when they are shown.
fn emit_if_shown(shown: &Shown, sink: &Sink<OrdersEvent>, row: &LocalOrder) {
    let now = *shown.locked();
    if let Some((account, generation)) = now
        && row.account == Some(account)
    {
        sink.news(generation, OrdersEvent::Changed(Box::new(row.clone())));
    }
}

/// Stops `account`'s outbox, if it runs.
fn stop_outbox(outboxes: &Outboxes, account: AccountId) {
    let stopped = outboxes.locked().remove(&account);
    if stopped.is_some() {
        tracing::info!(account = %account, "outbox stopped");
    }
}

/// Where the answer to a look-up goes: the row to the UI if shown, and the answer.
struct Reply {
    store: SharedStore,
    shown: Shown,
    sink: Sink<OrdersEvent>,
    generation: Generation,
    request: RequestId,
}

/// Whether the service's order `record` is obviously the order of `row` (the same reference
/// and recipient, ignoring case and spaces at the ends); if not, the question to ask before
/// attaching it.
fn attach_question(row: &LocalOrder, record: &TrackingRecord) -> Option<String> {
    let same = |a: &str, b: &str| a.trim().to_lowercase() == b.trim().to_lowercase();
    let tracking = record.id.0.to_string();
    match &record.order {
        Some(o)
            if same(&o.reference, &row.reference)
                && same(&o.delivery_address.name, &row.recipient) =>
        {
            None
        }
        Some(o) => Some(crate::tr!(
            "history-attach-differs",
            tracking = tracking,
            reference = o.reference.trim(),
            recipient = o.delivery_address.name.trim(),
            own_reference = row.reference.trim(),
            own_recipient = row.recipient.trim()
        )),
        None => Some(crate::tr!("history-attach-unsaid", tracking = tracking)),
    }
}

impl Reply {
    /// Tells the person that the order to attach may be another one (nothing recorded).
    fn differs(self, id: LocalOrderId, tracking: OrderId, question: String) {
        let event = OrdersEvent::AttachDiffers {
            id,
            tracking,
            question,
        };
        self.sink.answer(self.generation, self.request, event);
    }

    /// Records the tracking record found for row `id` (or tells why there is none).
    async fn found(self, id: LocalOrderId, answer: Result<TrackingRecord, UserError>) {
        let result = match answer {
            Ok(record) => with_store(&self.store, move |s| {
                s.record_tracking(id, &record, None)?;
                s.local_order(id)
            })
            .await
            .map(Box::new),
            Err(e) => Err(e),
        };
        if let Ok(row) = &result {
            emit_if_shown(&self.shown, &self.sink, row);
        }
        let event = result.map(OrdersEvent::Checked);
        self.sink.reply(self.generation, self.request, event);
    }
}

impl Orders {
    fn reply(&self, generation: Generation, request: RequestId) -> Reply {
        Reply {
            store: self.store.clone(),
            shown: self.shown.clone(),
            sink: self.sink.clone(),
            generation,
            request,
        }
    }

    /// Changes row `id` of `account` with `change`, tells the UI and wakes the outbox.
    async fn alter(
        &self,
        id: LocalOrderId,
        account: AccountId,
        change: impl FnOnce(&mut Store) -> Result<bool, StoreError> + Send + 'static,
    ) -> Result<bool, UserError> {
        self.own_row(id, account).await?;
        let (changed, row) = with_store(&self.store, move |s| {
            let changed = change(s)?;
            Ok((changed, s.local_order(id)?))
        })
        .await?;
        self.changed(&row);
        self.wake(account);
        Ok(changed)
    }

    /// Row `id`, if it belongs to `account` (the UI only acts on the shown account's rows).
    async fn own_row(&self, id: LocalOrderId, account: AccountId) -> Result<LocalOrder, UserError> {
        let row = with_store(&self.store, move |s| s.local_order(id)).await?;
        if row.account == Some(account) {
            Ok(row)
        } else {
            Err(UserError::new(
                crate::tr!("backend-order-other-account"),
                None,
            ))
        }
    }
}

/// A roster file read into a table off the runtime's threads.
fn read_roster(
    sink: Sink<OrdersEvent>,
    generation: Generation,
    request: RequestId,
    path: std::path::PathBuf,
) {
    tokio::spawn(async move {
        let read = tokio::task::spawn_blocking(move || read_file(&path)).await;
        let result = match read {
            Ok(Ok(table)) => Ok(Box::new(table)),
            Ok(Err(e)) => Err(UserError::new(e.to_string(), None)),
            Err(e) => Err(UserError::new(
                crate::tr!("backend-roster-read-failed"),
                Some(e.to_string()),
            )),
        };
        sink.reply(generation, request, result.map(OrdersEvent::RosterRead));
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::{DeliveryAddress, OrderNumber, OrderStatus};

    fn row(reference: &str, recipient: &str) -> LocalOrder {
        let mut store = crate::store::Store::open_in_memory().unwrap();
        let account = store.ensure_sandbox_account().unwrap().id;
        let draft = store
            .create_draft(account, "{}", reference, recipient)
            .unwrap();
        store
            .queue_draft(draft.id, "{}", reference, recipient, b"{}")
            .unwrap();
        store.local_order(draft.id).unwrap()
    }

    fn record(reference: &str, recipient: &str) -> TrackingRecord {
        let order = serde_json::json!({
            "orderNumber": "SO-9", "placedAtUtc": "2026-11-21T10:15:30Z",
            "latestDeliveryDate": "2026-12-01T00:00:00", "reference": reference,
            "currency": "DKK", "subTotal": 100, "vat": 25, "vatRate": 25, "total": 125,
            "deliveryAddress": DeliveryAddress::new(recipient, "Vej 1", "6700", "Esbjerg", "DK"),
        });
        TrackingRecord {
            id: OrderId(9),
            order_number: OrderNumber::from("SO-9"),
            status: OrderStatus::Pending,
            error_message: None,
            order: Some(serde_json::from_value(order).unwrap()),
        }
    }

    /// History at a cold start while the team database is out of reach: the rows this desk
    /// kept, counted and added up as the store counts them (the subtitle and the totals).
    #[test]
    fn the_history_of_what_a_desk_kept_counts_and_adds_up_its_rows() {
        let mut answered = row("PO-1", "Nordby IF");
        answered.record = Some(record("PO-1", "Nordby IF"));
        let queued = row("PO-2", "Sønderby FC");
        let summary = |list: HistoryList| {
            let s = list.summary.expect("a summary");
            (
                list.rows.len(),
                s.matching.count,
                s.matching.without_total,
                s.matching.sums,
                s.matching.of_all,
                s.all,
            )
        };
        let all = kept_history(
            vec![answered.clone(), queued.clone()],
            HistoryFilter::default(),
        );
        assert_eq!(
            summary(all),
            (
                2,
                2,
                1,
                vec![("DKK".to_owned(), rust_decimal::Decimal::from(125))],
                2,
                2
            )
        );
        let filter = HistoryFilter {
            recipient: "sønderby".into(),
            ..HistoryFilter::default()
        };
        assert_eq!(
            summary(kept_history(vec![answered, queued], filter)),
            (1, 1, 1, vec![], 2, 2)
        );
    }

    #[test]
    fn attaching_asks_first_unless_reference_and_recipient_match() {
        let own = row("PO-77", "Nordby IF");
        // The same order (case and spaces aside): attached without a question.
        assert_eq!(attach_question(&own, &record(" po-77 ", "NORDBY IF")), None);
        // Another reference or another recipient: asked, naming both.
        let asked = attach_question(&own, &record("PO-78", "Nordby IF")).unwrap();
        assert!(
            asked.contains("PO-78") && asked.contains("PO-77"),
            "{asked}"
        );
        assert!(attach_question(&own, &record("PO-77", "Sønderby BK")).is_some());
        // The service did not say which order it is: asked too.
        let unsaid = TrackingRecord {
            order: None,
            ..record("PO-77", "Nordby IF")
        };
        assert!(attach_question(&own, &unsaid).is_some());
    }
}
