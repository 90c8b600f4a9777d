//! The backend's one long-running task: it owns the database, the keychain, the embedded
//! sandbox and the active account's client, handles [`Command`]s in order, and runs network
//! work as tasks of their own so the next command is taken at once.

use super::pictures::{self, ThumbCache};
use super::protocol::*;
use super::{BackendConfig, EventSink, StartAccount, StoreLocation, validate_base_url};
use crate::api::{ApiError, Client, ClientConfig, ListLogos, LogoSummary, RetryPolicy};
use crate::keychain::{Keychain, KeychainError, KeychainStatus};
use crate::sandbox::{self, SandboxHandle};
use crate::store::{
    AccountId, AccountKind, AccountRecord, KeyLocation, NewAccount, Store, StoreError,
};
use std::sync::{Arc, Mutex, PoisonError};
use tokio::sync::mpsc::UnboundedReceiver;
use tokio::task::JoinHandle;

/// Compact thumbnails kept for re-sending evicted ones (~800 cards' worth).
const THUMB_CACHE_BYTES: usize = 8 * 1024 * 1024;

/// Runs until the command channel closes, then stops the sandbox cleanly.
pub(super) async fn run(
    config: BackendConfig,
    sink: EventSink,
    mut rx: UnboundedReceiver<Command>,
) {
    let mut worker = match Worker::start(config, sink.clone()).await {
        Ok(w) => w,
        Err(error) => {
            tracing::error!(%error, "start-up failed");
            sink.send(Event::Failed {
                generation: None,
                request: None,
                error,
            });
            return;
        }
    };
    while let Some(command) = rx.recv().await {
        worker.handle(command).await;
    }
    worker.stop().await;
}

/// The active account and its client (or why there is none).
struct Active {
    account: AccountRecord,
    client: Result<Client, UserError>,
}

struct Worker {
    sink: EventSink,
    store: Arc<Mutex<Store>>,
    keychain: Keychain,
    sandbox: Option<SandboxHandle>,
    sandbox_problem: Option<UserError>,
    retry: RetryPolicy,
    generation: Generation,
    active: Option<Active>,
    /// Pages of the list being fetched; a new query (page 1) supersedes them all.
    list_tasks: Vec<JoinHandle<()>>,
    detail_task: Option<JoinHandle<()>>,
    thumbs: Arc<Mutex<ThumbCache>>,
    editor: super::editor::EditorBackend,
    orders: super::orders::Orders,
    designs: super::designs::Designs,
    tasks: super::tasks::Tasks,
}

fn user_error(e: &(dyn std::error::Error + 'static)) -> UserError {
    UserError::from_error(e)
}

fn api_error(e: &ApiError) -> UserError {
    UserError::from_api(e)
}

impl EventSink {
    /// Reports a failed request of account `generation`.
    fn failed(&self, generation: Generation, request: RequestId, e: &ApiError) {
        self.send(Event::Failed {
            generation: Some(generation),
            request: Some(request),
            error: api_error(e),
        });
    }
}

/// Runs blocking work (SQLite, keychain, pixels) on the blocking pool.
pub(super) async fn blocking<T: Send + 'static>(
    f: impl FnOnce() -> T + Send + 'static,
) -> Result<T, UserError> {
    tokio::task::spawn_blocking(f).await.map_err(|e| {
        UserError::new(
            "A background job of logodesk stopped unexpectedly. Try again; restart logodesk if it keeps happening.",
            Some(e.to_string()),
        )
    })
}

impl Worker {
    async fn start(config: BackendConfig, sink: EventSink) -> Result<Worker, UserError> {
        let location = config.store.clone();
        let store = blocking(move || match location {
            StoreLocation::File(path) => {
                if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
                    std::fs::create_dir_all(dir).ok();
                }
                Store::open(&path)
            }
            StoreLocation::InMemory => Store::open_in_memory(),
        })
        .await?
        .map_err(|e| user_error(&e))?;
        let keychain = match config.keychain {
            Some(k) => k,
            None => blocking(Keychain::system).await?,
        };
        let store = scope_keychain(store, keychain.clone()).await?;
        let (sandbox, sandbox_problem) = match config.sandbox {
            Some(cfg) => match start_sandbox(cfg).await {
                Ok(handle) => (Some(handle), None),
                Err(e) => {
                    sink.send(Event::Failed {
                        generation: None,
                        request: None,
                        error: e.clone(),
                    });
                    (None, Some(e))
                }
            },
            None => (
                None,
                Some(UserError::new(
                    "The built-in sandbox is switched off in this run, so the Sandbox account cannot be used. Choose another account in Settings → Accounts.",
                    None,
                )),
            ),
        };
        let store = match &sandbox {
            Some(sb) => {
                name_sandbox_destination(store, sb.state().instance_id().to_owned()).await?
            }
            None => store,
        };
        let store = Arc::new(Mutex::new(store));
        let mut worker = Worker {
            orders: super::orders::Orders::new(
                store.clone(),
                orders_emit(&sink),
                config.order_poll,
            ),
            tasks: super::tasks::Tasks::new(store.clone(), tasks_emit(&sink), config.task_poll),
            designs: Default::default(),
            sink,
            store,
            keychain,
            sandbox,
            sandbox_problem,
            retry: config.retry,
            generation: Generation(0),
            active: None,
            list_tasks: Vec::new(),
            detail_task: None,
            thumbs: Arc::new(Mutex::new(ThumbCache::new(THUMB_CACHE_BYTES))),
            editor: Default::default(),
        };
        let (sandbox_account, accounts) = worker
            .with_store(|s| Ok((s.ensure_sandbox_account()?, s.accounts()?)))
            .await?;
        worker.sink.send(Event::Ready {
            accounts: accounts.clone(),
            keychain: worker.keychain.status(),
            sandbox_url: worker.sandbox.as_ref().map(SandboxHandle::base_url),
        });
        let first = match &config.start_account {
            StartAccount::Sandbox => None,
            StartAccount::Id(id) => accounts.iter().find(|a| a.id == *id),
            StartAccount::Name(name) => accounts
                .iter()
                .find(|a| a.name.trim().eq_ignore_ascii_case(name.trim())),
        };
        if let StartAccount::Name(name) = &config.start_account
            && first.is_none()
        {
            worker.sink.send(Event::Failed {
                generation: None,
                request: None,
                error: UserError::new(
                    format!("There is no account named \"{name}\"; the Sandbox account is used instead. Add the account in Settings → Accounts."),
                    None,
                ),
            });
        }
        let first = first.cloned().unwrap_or(sandbox_account);
        worker.activate(first).await;
        worker.sync_outboxes().await;
        Ok(worker)
    }

    /// Runs an outbox for every account with orders to send or track, each with its own
    /// client (an account whose key cannot be read gets none: its orders wait with a
    /// sentence and go nowhere else).
    async fn sync_outboxes(&mut self) {
        let work = self
            .with_store(|s| {
                let mut work = Vec::new();
                for id in s.accounts_with_work()? {
                    work.push((s.account(id)?, s.destination(id)?));
                }
                Ok(work)
            })
            .await;
        let work = match work {
            Ok(w) => w,
            Err(e) => {
                tracing::error!(error = %e.message, "the accounts with orders could not be read");
                return;
            }
        };
        for (record, dest) in work {
            if self.orders.runs(record.id, &dest) {
                continue;
            }
            let (client, _) = self.client_for(&record, None).await;
            self.orders.ensure(record.id, dest, client).await;
        }
    }

    async fn stop(mut self) {
        self.abort_tasks();
        if let Some(sandbox) = self.sandbox.take() {
            sandbox.shutdown().await;
        }
    }

    fn fail(&self, generation: Option<Generation>, request: Option<RequestId>, error: UserError) {
        tracing::info!(message = %error.message, "request failed");
        self.sink.send(Event::Failed {
            generation,
            request,
            error,
        });
    }

    async fn with_store<T: Send + 'static>(
        &self,
        f: impl FnOnce(&Store) -> Result<T, StoreError> + Send + 'static,
    ) -> Result<T, UserError> {
        let store = self.store.clone();
        blocking(move || {
            let guard = store.lock().unwrap_or_else(PoisonError::into_inner);
            f(&guard)
        })
        .await?
        .map_err(|e| user_error(&e))
    }

    fn abort_tasks(&mut self) {
        for task in self.list_tasks.drain(..).chain(self.detail_task.take()) {
            task.abort();
        }
    }

    async fn handle(&mut self, command: Command) {
        match command {
            Command::ListLogos { request, query } => self.list_logos(request, query),
            Command::LoadThumbnails { keys } => self.load_thumbnails(keys),
            Command::OpenLogo { request, target } => self.open_logo(request, target),
            Command::SwitchAccount { account } => {
                match self.with_store(move |s| s.account(account)).await {
                    Ok(record) => self.activate(record).await,
                    Err(e) => self.fail(None, None, e),
                }
            }
            Command::SaveAccount { request, id, draft } => {
                if let Err(e) = self.save_account(request, id, draft).await {
                    self.fail(None, Some(request), e);
                }
                self.sync_outboxes().await;
            }
            Command::RemoveAccount { account } => {
                if let Err(e) = self.remove_account(account).await {
                    self.fail(None, None, e);
                }
                self.sync_outboxes().await;
            }
            Command::TestConnection {
                request,
                existing,
                draft,
            } => self.test_connection(request, existing, draft).await,
            Command::AcceptSessionKeys => {
                self.keychain.accept_session_only();
                self.sink.send(Event::KeychainChanged {
                    status: self.keychain.status(),
                });
            }
            Command::SaveScreenshot { path, image } => {
                let sink = self.sink.clone();
                tokio::spawn(async move {
                    let target = path.clone();
                    let result = blocking(move || save_png(&target, &image))
                        .await
                        .and_then(|r| r);
                    sink.send(Event::ScreenshotSaved { path, result });
                });
            }
            Command::Editor(command) => {
                let cx = super::editor::EditorContext {
                    sink: self.sink.clone(),
                    store: self.store.clone(),
                    client: self.active_client(),
                    generation: self.generation,
                    account: self.active.as_ref().map(|a| a.account.id),
                };
                self.editor.handle(command, cx);
            }
            Command::Orders(command) => {
                if let Err(e) = self.orders.handle(command).await {
                    self.fail(Some(self.generation), None, e);
                }
            }
            Command::Designs(command) => {
                let cx = super::designs::DesignsContext {
                    sink: self.sink.clone(),
                    thumbs: self.thumbs.clone(),
                    client: self.active_client(),
                    generation: self.generation,
                };
                self.designs.handle(command, cx);
            }
            Command::Tasks(command) => {
                if let Err(e) = self.tasks.handle(command).await {
                    self.fail(Some(self.generation), None, e);
                }
            }
        }
    }

    /// Makes `account` the active one under a new generation.
    async fn activate(&mut self, account: AccountRecord) {
        self.abort_tasks();
        self.generation.0 += 1;
        self.thumbs
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clear();
        let (client, base_url) = self.client_for(&account, None).await;
        tracing::info!(account = %account.name, %base_url, generation = self.generation.0, "account activated");
        self.sink.send(Event::AccountActivated {
            generation: self.generation,
            account: account.clone(),
            base_url,
            problem: client.as_ref().err().cloned(),
        });
        let id = account.id;
        let dest = self.with_store(move |s| s.destination(id)).await.ok();
        self.orders
            .activate(account.id, self.generation, client.clone(), dest)
            .await;
        self.designs.abort();
        self.tasks
            .activate(account.id, self.generation, client.clone());
        self.active = Some(Active { account, client });
    }

    /// A client for `account`, with `key` or else its stored key; also its address as shown.
    async fn client_for(
        &self,
        account: &AccountRecord,
        key: Option<crate::api::ApiKey>,
    ) -> (Result<Client, UserError>, String) {
        let (base_url, key) = match &account.kind {
            AccountKind::Sandbox => match &self.sandbox {
                Some(sb) => (sb.base_url(), Ok(sandbox::fixtures().vendor_api_key.into())),
                None => {
                    let problem = self.sandbox_problem.clone().unwrap_or_else(|| {
                        UserError::new("The built-in sandbox is not running.", None)
                    });
                    return (Err(problem), "built-in sandbox (not running)".into());
                }
            },
            AccountKind::Remote { base_url } => {
                let key = match key {
                    Some(k) => Ok(k),
                    None => {
                        let (kc, id, loc) =
                            (self.keychain.clone(), account.id, account.key_location);
                        match blocking(move || kc.get(id, loc)).await {
                            Ok(r) => r.map_err(|e: KeychainError| user_error(&e)),
                            Err(e) => Err(e),
                        }
                    }
                };
                (base_url.to_string(), key)
            }
        };
        let client = key.and_then(|key| {
            let config = ClientConfig::parse(&base_url, key)
                .map_err(|e| api_error(&e))?
                .with_auth(account.auth)
                .with_retry(self.retry);
            Client::new(config).map_err(|e| api_error(&e))
        });
        (client, base_url)
    }

    fn active_client(&self) -> Result<Client, UserError> {
        match &self.active {
            Some(a) => a.client.clone(),
            None => Err(UserError::new("No account is active yet.", None)),
        }
    }

    fn list_logos(&mut self, request: RequestId, query: ListLogos) {
        if query.page.unwrap_or(1) <= 1 {
            // A new query: the pages of the old one are of no use any more.
            self.list_tasks.drain(..).for_each(|t| t.abort());
        } else {
            self.list_tasks.retain(|t| !t.is_finished());
        }
        let generation = self.generation;
        let client = match self.active_client() {
            Ok(c) => c,
            Err(e) => return self.fail(Some(generation), Some(request), e),
        };
        let sink = self.sink.clone();
        let thumbs = self.thumbs.clone();
        self.list_tasks.push(tokio::spawn(async move {
            let page = match client.logos().list(&query).await {
                Ok(p) => p,
                Err(e) => return sink.failed(generation, request, &e),
            };
            let cards = CardPage {
                items: page
                    .items
                    .iter()
                    .map(|s| LogoCard::from_summary(s, generation))
                    .collect(),
                page: page.page,
                page_size: page.page_size,
                total_count: page.total_count,
                total_pages: page.total_pages,
            };
            let keys: Vec<ThumbKey> = cards.items.iter().map(|c| c.thumb).collect();
            sink.send(Event::LogoPage {
                generation,
                request,
                page: cards,
            });
            stream_thumbnails(sink, thumbs, keys.into_iter().zip(page.items).collect()).await;
        }));
    }

    fn load_thumbnails(&self, keys: Vec<ThumbKey>) {
        let keys: Vec<ThumbKey> = keys
            .into_iter()
            .filter(|k| k.generation == self.generation)
            .collect();
        if keys.is_empty() {
            return;
        }
        let (sink, thumbs) = (self.sink.clone(), self.thumbs.clone());
        let client = self.active_client();
        tokio::spawn(async move {
            let cache = thumbs.clone();
            let keys_for_cache = keys.clone();
            let missing = blocking(move || {
                let mut missing = Vec::new();
                for key in keys_for_cache {
                    let png = cache
                        .lock()
                        .unwrap_or_else(PoisonError::into_inner)
                        .get(&key);
                    match png.as_deref().and_then(pictures::decode_cached) {
                        Some(image) => sink_thumbnail(&sink, key, image),
                        None => missing.push(key),
                    }
                }
                (missing, sink)
            })
            .await;
            let Ok((missing, sink)) = missing else { return };
            let Ok(client) = client else { return };
            // Evicted from both caches: fetch the logos again (rare: only after long scrolling).
            let mut refetched = Vec::new();
            for key in missing {
                match client.logos().get(key.logo).await {
                    Ok(logo) => refetched.push((key, LogoSummary::from(&logo))),
                    Err(e) => {
                        tracing::debug!(logo = %key.logo, error = %e, "thumbnail refetch failed")
                    }
                }
            }
            stream_thumbnails(sink, thumbs, refetched).await;
        });
    }

    fn open_logo(&mut self, request: RequestId, target: LogoRef) {
        if let Some(t) = self.detail_task.take() {
            t.abort();
        }
        let generation = self.generation;
        let client = match self.active_client() {
            Ok(c) => c,
            Err(e) => return self.fail(Some(generation), Some(request), e),
        };
        let sink = self.sink.clone();
        self.detail_task = Some(tokio::spawn(async move {
            let fetched = match target {
                LogoRef::Id(id) => client.logos().get(id).await,
                LogoRef::ItemNo(n) => client.logos().by_item_no(n).await,
            };
            let mut logo = match fetched {
                Ok(l) => l,
                Err(e) => return sink.failed(generation, request, &e),
            };
            let high = std::mem::take(&mut logo.high_res_base64);
            let low = std::mem::take(&mut logo.low_res_base64);
            let source = if high.trim().is_empty() { low } else { high };
            let decoded = pictures::decoding(move || {
                if source.trim().is_empty() {
                    Err("The service sent no picture for this logo.".to_owned())
                } else {
                    pictures::decode_detail(&source).map_err(|e| pictures::picture_sentence(&e))
                }
            })
            .await;
            let (image, image_error) = match decoded {
                Ok(Ok(img)) => (Some(img), None),
                Ok(Err(msg)) => (None, Some(msg)),
                Err(e) => (None, Some(e.message)),
            };
            sink.send(Event::LogoOpened {
                generation,
                request,
                detail: Box::new(LogoDetail {
                    logo,
                    image,
                    image_error,
                }),
            });
        }));
    }

    async fn save_account(
        &mut self,
        request: RequestId,
        id: Option<AccountId>,
        draft: AccountDraft,
    ) -> Result<(), UserError> {
        let existing = match id {
            Some(id) => Some(self.with_store(move |s| s.account(id)).await?),
            None => None,
        };
        let is_sandbox = existing.as_ref().is_some_and(AccountRecord::is_sandbox);
        let base_url = if is_sandbox {
            // The sandbox's address is its own; only the organization context can change.
            url::Url::parse("http://127.0.0.1/").map_err(|e| user_error(&e))?
        } else {
            validate_base_url(&draft.base_url).map_err(|m| UserError::new(m, None))?
        };
        let name = draft.name.trim().to_owned();
        if name.is_empty() {
            return Err(UserError::new("Enter a name for the account.", None));
        }
        let key = draft.key.filter(|k| !k.is_empty());
        if existing.is_none() && key.is_none() {
            return Err(UserError::new("Enter the account's API key.", None));
        }
        let key_location = match (&key, self.keychain.status(), &existing) {
            (None, _, Some(old)) => old.key_location,
            (Some(_), KeychainStatus::Available { .. }, _) => KeyLocation::Keychain,
            (Some(_), KeychainStatus::SessionOnly { .. }, _) => KeyLocation::Session,
            (Some(_), KeychainStatus::Unavailable { reason }, _)
            | (None, KeychainStatus::Unavailable { reason }, None) => {
                return Err(user_error(&KeychainError::Unavailable(reason)));
            }
            (None, _, None) => KeyLocation::Keychain,
        };
        let new = NewAccount {
            name,
            base_url,
            auth: draft.auth,
            organization_id: draft.organization_id,
            key_location,
        };
        if let Some(id) = id {
            // A change of where the account's orders go asks first what becomes of the
            // orders in flight; they are never sent to new settings without that.
            let (old, waiting) = self
                .with_store(move |s| Ok((s.destination(id)?, s.orders_in_flight(id)?)))
                .await?;
            let next = crate::store::Destination {
                base: if is_sandbox {
                    old.base.clone()
                } else {
                    new.base_url.to_string()
                },
                auth: if is_sandbox { old.auth } else { new.auth },
                organization_id: new.organization_id,
                key_version: old.key_version + i64::from(key.is_some()),
            };
            if next != old && waiting > 0 && draft.orders == WaitingOrders::Ask {
                self.sink.send(Event::AccountHasOrders {
                    request,
                    account: id,
                    waiting,
                    what: next.differences(&old),
                });
                return Ok(());
            }
            // Its outbox stops before anything changes; the next one goes to the new settings.
            self.orders.stop(id);
        }
        let saved = match id {
            Some(id) => self.with_store(move |s| s.update_account(id, &new)).await?,
            None => self.with_store(move |s| s.insert_account(&new)).await?,
        };
        if let Some(key) = key {
            let (kc, account) = (self.keychain.clone(), saved.id);
            let stored = blocking(move || kc.set(account, &key)).await?;
            if let Err(e) = stored {
                if id.is_none() {
                    // Do not leave an account behind whose key went nowhere.
                    self.with_store(move |s| s.delete_account(account))
                        .await
                        .ok();
                }
                return Err(user_error(&e));
            }
            if id.is_some() {
                // Orders queued for the old key are held unless the person lets them follow.
                self.with_store(move |s| s.bump_key_version(account))
                    .await?;
            }
        }
        if id.is_some() && draft.orders == WaitingOrders::Follow {
            let account = saved.id;
            let moved = self
                .with_store(move |s| s.retarget_account(account))
                .await?;
            tracing::info!(account = %account, moved, "waiting orders follow the account's new settings");
        }
        let accounts = self.with_store(|s| s.accounts()).await?;
        self.sink.send(Event::AccountsChanged { accounts });
        self.sink.send(Event::AccountSaved {
            request,
            account: saved.clone(),
        });
        let is_active = self
            .active
            .as_ref()
            .is_some_and(|a| a.account.id == saved.id);
        if is_active || id.is_none() {
            // A new account is switched to at once; an edited active one reloads.
            self.activate(saved).await;
        }
        Ok(())
    }

    async fn remove_account(&mut self, account: AccountId) -> Result<(), UserError> {
        // Its outbox stops: its waiting orders are held, never sent with another account.
        self.orders.stop(account);
        self.with_store(move |s| s.delete_account(account)).await?;
        let kc = self.keychain.clone();
        if let Err(e) = blocking(move || kc.delete(account)).await? {
            // The account is gone; a key left behind in the keychain is worth telling.
            self.fail(None, None, user_error(&e));
        }
        let accounts = self.with_store(|s| s.accounts()).await?;
        self.sink.send(Event::AccountsChanged {
            accounts: accounts.clone(),
        });
        if self
            .active
            .as_ref()
            .is_some_and(|a| a.account.id == account)
            && let Some(sandbox) = accounts.into_iter().find(AccountRecord::is_sandbox)
        {
            self.activate(sandbox).await;
        }
        Ok(())
    }

    async fn test_connection(
        &self,
        request: RequestId,
        existing: Option<AccountId>,
        draft: AccountDraft,
    ) {
        let record = match existing {
            Some(id) => self.with_store(move |s| s.account(id)).await,
            None => Ok(AccountRecord {
                id: AccountId(0),
                name: draft.name.clone(),
                kind: AccountKind::Sandbox,
                auth: draft.auth,
                organization_id: draft.organization_id,
                key_location: KeyLocation::None,
            }),
        };
        let client = match record {
            Ok(mut record) => {
                if !record.is_sandbox() || existing.is_none() {
                    match validate_base_url(&draft.base_url) {
                        Ok(base_url) => record.kind = AccountKind::Remote { base_url },
                        Err(m) => {
                            let e = UserError::new(m, None);
                            return self.sink.send(Event::ConnectionTested {
                                request,
                                report: ConnectionReport {
                                    ping: Err(e.clone()),
                                    logos: Err(e),
                                },
                            });
                        }
                    }
                    record.auth = draft.auth;
                }
                let key = draft.key.clone().filter(|k| !k.is_empty());
                if existing.is_none() && key.is_none() {
                    Err(UserError::new(
                        "Enter the account's API key to test it.",
                        None,
                    ))
                } else {
                    self.client_for(&record, key).await.0
                }
            }
            Err(e) => Err(e),
        };
        let sink = self.sink.clone();
        tokio::spawn(async move {
            let report = match client {
                Ok(client) => {
                    let one = ListLogos::new().limit(1);
                    let (ping, list) = tokio::join!(client.ping(), client.logos().list(&one));
                    ConnectionReport {
                        ping: ping.map_err(|e| api_error(&e)),
                        logos: list.map(|p| p.total_count).map_err(|e| api_error(&e)),
                    }
                }
                Err(e) => ConnectionReport {
                    ping: Err(e.clone()),
                    logos: Err(e),
                },
            };
            sink.send(Event::ConnectionTested { request, report });
        });
    }
}

/// Scopes the keychain's entries to this data folder (its install id), moving the keys
/// filed the old, shared way over once.
/// Makes the Sandbox account's destination name the sandbox that just started (its data
/// file's identity), so orders queued for a sandbox started afresh since are held and its
/// tracking ids never meet theirs.
async fn name_sandbox_destination(mut store: Store, instance: String) -> Result<Store, UserError> {
    blocking(move || {
        store
            .set_sandbox_instance(&instance)
            .map_err(|e| user_error(&e))?;
        Ok(store)
    })
    .await?
}

async fn scope_keychain(store: Store, keychain: Keychain) -> Result<Store, UserError> {
    blocking(move || {
        let install = store.install_id().map_err(|e| user_error(&e))?;
        let moved_before = store
            .meta("keychain_scoped")
            .map_err(|e| user_error(&e))?
            .is_some();
        let accounts: Vec<AccountId> = if moved_before {
            Vec::new()
        } else {
            store
                .accounts()
                .map_err(|e| user_error(&e))?
                .into_iter()
                .filter(|a| a.key_location == KeyLocation::Keychain)
                .map(|a| a.id)
                .collect()
        };
        match keychain.scope_to(&install, (!moved_before).then_some(accounts.as_slice())) {
            Ok(moved) => {
                if !moved_before {
                    store
                        .set_meta("keychain_scoped", "1")
                        .map_err(|e| user_error(&e))?;
                    if moved > 0 {
                        tracing::info!(moved, "keychain entries moved to this data folder's scope");
                    }
                }
            }
            // Tried again at the next start; the keys of this start are looked up scoped.
            Err(e) => tracing::warn!(error = %e, "keychain entries could not be moved"),
        }
        Ok(store)
    })
    .await?
}

async fn start_sandbox(mut cfg: sandbox::SandboxConfig) -> Result<SandboxHandle, UserError> {
    if let Some(dir) = cfg
        .data
        .as_ref()
        .and_then(|p| p.parent())
        .map(ToOwned::to_owned)
    {
        blocking(move || std::fs::create_dir_all(&dir))
            .await?
            .map_err(|e| {
                UserError::new(
                    "The built-in sandbox could not create its data folder. Check that your user data folder is writable.",
                    Some(e.to_string()),
                )
            })?;
    }
    // Loopback only: the sandbox serves this app, not the network.
    cfg.listen.set_ip(std::net::Ipv4Addr::LOCALHOST.into());
    sandbox::spawn(cfg).await.map_err(|e| {
        UserError::new(
            "The built-in sandbox could not start, so the Sandbox account cannot be used. Restart logodesk; if it keeps happening, move sandbox.sqlite in the data folder aside.",
            Some(e.to_string()),
        )
    })
}

/// Sends the tasks side's events to the UI.
fn tasks_emit(sink: &EventSink) -> super::tasks::Emit {
    let sink = sink.clone();
    Arc::new(move |event| sink.send(Event::Tasks(event)))
}

/// Sends the orders side's events to the UI.
fn orders_emit(sink: &EventSink) -> super::orders::Emit {
    let sink = sink.clone();
    Arc::new(move |event| sink.send(Event::Orders(event)))
}

fn sink_thumbnail(sink: &EventSink, key: ThumbKey, image: egui::ColorImage) {
    sink.send(Event::Thumbnail {
        key,
        image: Arc::new(image),
    });
}

/// Decodes previews one by one on the blocking pool, sending each thumbnail as soon as it is
/// ready and keeping its compact PNG.
pub(super) async fn stream_thumbnails(
    sink: EventSink,
    thumbs: Arc<Mutex<ThumbCache>>,
    items: Vec<(ThumbKey, LogoSummary)>,
) {
    if items.is_empty() {
        return;
    }
    pictures::decoding(move || {
        for (key, summary) in items {
            match pictures::decode_thumbnail(&summary.low_res_base64) {
                Ok((image, png)) => {
                    thumbs
                        .lock()
                        .unwrap_or_else(PoisonError::into_inner)
                        .insert(key, png);
                    sink_thumbnail(&sink, key, image);
                }
                Err(e) => tracing::debug!(logo = %key.logo, error = %e, "no thumbnail"),
            }
        }
    })
    .await
    .ok();
}

/// Writes `image` as a PNG file.
fn save_png(path: &std::path::Path, image: &egui::ColorImage) -> Result<(), UserError> {
    let [w, h] = image.size;
    let bytes: Vec<u8> = image
        .pixels
        .iter()
        .flat_map(|c| c.to_srgba_unmultiplied())
        .collect();
    let rgba = image::RgbaImage::from_raw(w as u32, h as u32, bytes)
        .ok_or_else(|| UserError::new("The screenshot had no usable pixels.", None))?;
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).ok();
    }
    rgba.save_with_format(path, image::ImageFormat::Png)
        .map_err(|e| {
            UserError::new(
                format!("The screenshot could not be written to {}. Check that the folder exists and is writable.", path.display()),
                Some(e.to_string()),
            )
        })
}
