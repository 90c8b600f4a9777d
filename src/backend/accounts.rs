//! The accounts feature: add, edit and remove accounts (keys go to the keychain only),
//! test a connection, and accept session-only keys when there is no keychain. Switching the
//! active account is the worker's (it activates every feature); this feature asks for it.

use crate::api::{ApiKey, AuthStyle, ListLogos, OrganizationId};
use crate::backend::support::clients::Clients;
use crate::backend::support::{
    Active, RequestId, SharedStore, Sink, StopOutbox, UserError, WorkerLink, WorkerRequest,
    blocking, debug_as_name, with_store,
};
use crate::keychain::{KeychainError, KeychainStatus};
use crate::store::{AccountId, AccountKind, AccountRecord, KeyLocation, NewAccount};
use url::Url;

/// What Settings asks of the backend.
#[derive(strum::IntoStaticStr)]
pub enum AccountsCommand {
    /// Add (`id: None`) or change an account; a key in the draft goes to the keychain only.
    Save {
        request: RequestId,
        id: Option<AccountId>,
        draft: AccountDraft,
    },
    /// What removing an account would leave behind: answered with
    /// [`AccountsEvent::RemoveAsked`], for the question before [`AccountsCommand::Remove`].
    AskRemove {
        request: RequestId,
        account: AccountId,
    },
    /// Remove an account and its key (a team's account is refused while orders of it wait).
    Remove { account: AccountId },
    /// Call the health check and a one-item logo list with these settings (a missing key in
    /// the draft means the stored key of `existing`).
    TestConnection {
        request: RequestId,
        existing: Option<AccountId>,
        draft: AccountDraft,
    },
    /// The person accepted keeping keys in memory for this session (no keychain available).
    AcceptSessionKeys,
    /// This desk's key of team account `account` may go to the account's service address of
    /// now, which someone changed ([`AccountRecord::key_entered_for`]).
    ConfirmAddress { account: AccountId },
}

/// What the backend answers.
#[derive(strum::IntoStaticStr)]
pub enum AccountsEvent {
    /// The list of accounts changed (added, edited, removed).
    Changed(Vec<AccountRecord>),
    /// The keychain's state changed (session-only keys were accepted).
    KeychainChanged(KeychainStatus),
    /// The service accounts this computer has no API key for (a team's account joined on
    /// another desk, whose key stays there): sent after each [`AccountsEvent::Changed`].
    KeysMissing(Vec<AccountId>),
    /// An account was saved.
    Saved(AccountRecord),
    /// The save was not done: it changes where `waiting` orders of `account` go (`what`:
    /// "address", "API key"…). Save again with [`AccountDraft::orders`] chosen.
    HasOrders {
        account: AccountId,
        waiting: usize,
        what: String,
    },
    /// The result of "Test connection".
    ConnectionTested(ConnectionReport),
    /// What `account` holds (a team's: on every desk), asked before removing it; `team`:
    /// it is the team's account (refused while orders of it wait).
    RemoveAsked {
        account: AccountId,
        work: crate::store::AccountWork,
        team: bool,
    },
}

debug_as_name!(AccountsCommand, AccountsEvent);

impl AccountsCommand {
    /// The request the command answers (`None`: it answers nobody; its failure is a notice).
    pub fn request(&self) -> Option<RequestId> {
        match self {
            AccountsCommand::Save { request, .. }
            | AccountsCommand::AskRemove { request, .. }
            | AccountsCommand::TestConnection { request, .. } => Some(*request),
            AccountsCommand::Remove { .. }
            | AccountsCommand::AcceptSessionKeys
            | AccountsCommand::ConfirmAddress { .. } => None,
        }
    }
}

/// An account as entered in Settings.
#[derive(Clone)]
pub struct AccountDraft {
    pub name: String,
    /// As typed; checked with [`validate_base_url`].
    pub base_url: String,
    pub auth: AuthStyle,
    pub organization_id: Option<OrganizationId>,
    /// A new key; `None` keeps the stored one (when editing).
    pub key: Option<ApiKey>,
    /// What becomes of the account's orders in flight if the save changes where they go.
    pub orders: WaitingOrders,
}

/// What a change of an account's address, header style, organization or key does to its
/// orders that are queued or placed and not confirmed yet.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum WaitingOrders {
    /// Save only if no such order exists; otherwise the backend asks
    /// ([`AccountsEvent::HasOrders`]).
    #[default]
    Ask,
    /// They follow the account: sent to and tracked at its new settings.
    Follow,
    /// They stay with the settings they were queued for and are held (not sent elsewhere).
    Hold,
}

/// What "Test connection" found: two independent checks, shown side by side (one can pass
/// while the other fails), so they travel as data of one answer, not as a failure.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConnectionReport {
    /// The health check's text.
    pub ping: Check<String>,
    /// How many logos the account sees.
    pub logos: Check<i64>,
}

/// One check of "Test connection".
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Check<T> {
    /// It worked; what it found.
    Passed(T),
    /// It failed; the sentence why.
    Failed(String),
    /// The service has no such endpoint (it answered 404 for it): nothing to check there,
    /// which says nothing about the key.
    Missing,
}

impl<T> Check<T> {
    fn of<E>(result: Result<T, E>, say: impl FnOnce(E) -> UserError) -> Check<T> {
        match result {
            Ok(found) => Check::Passed(found),
            Err(e) => Check::Failed(say(e).message),
        }
    }
}

impl ConnectionReport {
    /// Both checks failed for one reason (no client to ask with).
    fn failed(error: &UserError) -> ConnectionReport {
        ConnectionReport {
            ping: Check::Failed(error.message.clone()),
            logos: Check::Failed(error.message.clone()),
        }
    }

    /// Both calls worked (the health check, or the service has none).
    pub fn is_ok(&self) -> bool {
        matches!(
            (&self.ping, &self.logos),
            (Check::Passed(_) | Check::Missing, Check::Passed(_))
        )
    }
}

/// The accounts feature.
pub(super) struct Accounts {
    sink: Sink<AccountsEvent>,
    store: SharedStore,
    clients: Clients,
    stop_outbox: StopOutbox,
    worker: WorkerLink,
    active: Option<Active>,
}

impl Sink<AccountsEvent> {
    /// Answers `request` with `event`, tied to no account generation (Settings' answers
    /// stay valid across switches).
    fn notice_answer(&self, request: RequestId, event: AccountsEvent) {
        self.emit(None, Some(request), Ok(event));
    }
}

impl Accounts {
    pub(super) fn new(
        sink: Sink<AccountsEvent>,
        store: SharedStore,
        clients: Clients,
        stop_outbox: StopOutbox,
        worker: WorkerLink,
    ) -> Accounts {
        Accounts {
            sink,
            store,
            clients,
            stop_outbox,
            worker,
            active: None,
        }
    }

    /// Another account is shown.
    pub(super) async fn activate(&mut self, active: &Active) {
        self.active = Some(active.clone());
    }

    pub(super) async fn handle(&mut self, command: AccountsCommand) -> Result<(), UserError> {
        match command {
            AccountsCommand::Save { request, id, draft } => {
                let saved = self.save_account(request, id, draft).await;
                // Whatever was saved, the outboxes follow the accounts as they are now.
                self.worker.ask(WorkerRequest::SyncOutboxes);
                if let Err(e) = saved {
                    self.sink.fail(None, Some(request), e);
                }
            }
            AccountsCommand::AskRemove { request, account } => {
                match with_store(&self.store, move |s| s.account_work(account)).await {
                    Ok(work) => self.sink.notice_answer(
                        request,
                        AccountsEvent::RemoveAsked {
                            account,
                            work,
                            team: account.is_team(),
                        },
                    ),
                    Err(e) => self.sink.fail(None, Some(request), e),
                }
            }
            AccountsCommand::Remove { account } => {
                let removed = self.remove_account(account).await;
                self.worker.ask(WorkerRequest::SyncOutboxes);
                if let Err(e) = removed {
                    self.sink.fail(None, None, e);
                }
            }
            AccountsCommand::TestConnection {
                request,
                existing,
                draft,
            } => self.test_connection(request, existing, draft).await,
            AccountsCommand::ConfirmAddress { account } => {
                let confirmed =
                    with_store(&self.store, move |s| s.confirm_key_address(account)).await?;
                // Its outbox had no client: made again with one.
                (self.stop_outbox)(account);
                self.send_accounts().await?;
                if self.active.as_ref().is_some_and(|a| a.account() == account) {
                    self.worker
                        .ask(WorkerRequest::Activate(Box::new(confirmed)));
                }
                self.worker.ask(WorkerRequest::SyncOutboxes);
            }
            AccountsCommand::AcceptSessionKeys => {
                self.clients.keychain.accept_session_only();
                let status = self.clients.keychain.status();
                self.sink.notice(AccountsEvent::KeychainChanged(status));
            }
        }
        Ok(())
    }

    /// Sends the accounts as they are now (the team's changed); a failure is logged.
    pub(super) async fn announce(&self) {
        if let Err(e) = self.send_accounts().await {
            tracing::info!(error = %e.message, "the accounts could not be read");
        }
    }

    /// Sends the accounts as they are now; answers them too.
    async fn send_accounts(&self) -> Result<Vec<AccountRecord>, UserError> {
        let accounts = with_store(&self.store, |s| s.accounts()).await?;
        self.sink.notice(AccountsEvent::Changed(accounts.clone()));
        self.tell_keys_missing(&accounts).await;
        Ok(accounts)
    }

    /// Says which of `accounts` this computer has no API key for.
    pub(super) async fn tell_keys_missing(&self, accounts: &[AccountRecord]) {
        let mut missing = Vec::new();
        for account in accounts {
            if self.clients.key_missing(account).await {
                missing.push(account.id);
            }
        }
        self.sink.notice(AccountsEvent::KeysMissing(missing));
    }

    async fn save_account(
        &mut self,
        request: RequestId,
        id: Option<AccountId>,
        draft: AccountDraft,
    ) -> Result<(), UserError> {
        let existing = match id {
            Some(id) => Some(with_store(&self.store, move |s| s.account(id)).await?),
            None => None,
        };
        let is_sandbox = existing.as_ref().is_some_and(AccountRecord::is_sandbox);
        let base_url = if is_sandbox {
            // The sandbox's address is its own; only the organization context can change.
            url::Url::parse("http://127.0.0.1/").map_err(|e| UserError::from_error(&e))?
        } else {
            validate_base_url(&draft.base_url).map_err(|m| UserError::new(m, None))?
        };
        let name = draft.name.trim().to_owned();
        if name.is_empty() {
            return Err(UserError::new(
                crate::tr!("backend-account-need-name"),
                None,
            ));
        }
        let key = draft.key.filter(|k| !k.is_empty());
        if existing.is_none() && key.is_none() {
            return Err(UserError::new(crate::tr!("backend-account-need-key"), None));
        }
        let key_location = match (&key, self.clients.keychain.status(), &existing) {
            (None, _, Some(old)) => old.key_location,
            (Some(_), KeychainStatus::Available { .. }, _) => KeyLocation::Keychain,
            (Some(_), KeychainStatus::SessionOnly { .. }, _) => KeyLocation::Session,
            (Some(_), KeychainStatus::Unavailable { reason }, _)
            | (None, KeychainStatus::Unavailable { reason }, None) => {
                return Err(UserError::from_error(&KeychainError::Unavailable(reason)));
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
            let (old, waiting, sent_with_my_key) = with_store(&self.store, move |s| {
                Ok((
                    s.destination(id)?,
                    s.orders_in_flight(id)?,
                    s.orders_sent_with_my_key(id)?,
                ))
            })
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
            let what = next.differences(&old);
            // A team account's new key is this desk's only: it holds the rows this desk's
            // earlier keys sent (`store::identity`), not the other desks' orders.
            let waiting = if id.is_team() && what == [crate::store::DestinationPart::ApiKey] {
                sent_with_my_key
            } else {
                waiting
            };
            if next != old && waiting > 0 && draft.orders == WaitingOrders::Ask {
                let what = crate::orders::local::changed_words(&what);
                self.sink.notice_answer(
                    request,
                    AccountsEvent::HasOrders {
                        account: id,
                        waiting,
                        what,
                    },
                );
                return Ok(());
            }
            // Its outbox stops before anything changes; the next one goes to the new settings.
            (self.stop_outbox)(id);
        }
        let saved = match (id, key) {
            // A new key for an existing account: the settings and the key change together or
            // not at all (the key is written inside the settings' transaction). Orders queued
            // for the old key are held unless the person lets them follow.
            (Some(id), Some(key)) => {
                let kc = self.clients.keychain.clone();
                let saved = with_store(&self.store, move |s| {
                    s.update_account_with_key(id, &new, || kc.set(id, &key).map(drop))
                })
                .await?;
                match saved {
                    Ok(saved) => saved,
                    Err(e) => {
                        // Nothing changed: its outbox goes on with the old settings.
                        self.worker.ask(WorkerRequest::SyncOutboxes);
                        return Err(UserError::from_error(&e));
                    }
                }
            }
            (Some(id), None) => {
                with_store(&self.store, move |s| s.update_account(id, &new)).await?
            }
            (None, key) => {
                let saved = with_store(&self.store, move |s| s.insert_account(&new)).await?;
                if let Some(key) = key {
                    let (kc, account) = (self.clients.keychain.clone(), saved.id);
                    let stored = blocking(move || kc.set(account, &key)).await?;
                    if let Err(e) = stored {
                        // Do not leave an account behind whose key went nowhere.
                        with_store(&self.store, move |s| s.delete_account(account))
                            .await
                            .ok();
                        return Err(UserError::from_error(&e));
                    }
                }
                saved
            }
        };
        if id.is_some() && draft.orders == WaitingOrders::Follow {
            let account = saved.id;
            let moved = with_store(&self.store, move |s| s.retarget_account(account)).await?;
            tracing::info!(account = %account, moved, "waiting orders follow the account's new settings");
        }
        self.send_accounts().await?;
        self.sink
            .notice_answer(request, AccountsEvent::Saved(saved.clone()));
        let is_active = self
            .active
            .as_ref()
            .is_some_and(|a| a.account() == saved.id);
        if is_active || id.is_none() {
            // A new account is switched to at once; an edited active one reloads.
            self.worker.ask(WorkerRequest::Activate(Box::new(saved)));
        }
        Ok(())
    }

    async fn remove_account(&mut self, account: AccountId) -> Result<(), UserError> {
        // A team's account with orders waiting on any desk is refused by the store (nothing
        // changes); its outbox goes on.
        if account.is_team() {
            with_store(&self.store, move |s| s.delete_account(account)).await?;
            (self.stop_outbox)(account);
        } else {
            // Its outbox stops first: its waiting orders are held, never sent with another
            // account.
            (self.stop_outbox)(account);
            with_store(&self.store, move |s| s.delete_account(account)).await?;
        }
        let kc = self.clients.keychain.clone();
        if let Err(e) = blocking(move || kc.delete(account)).await? {
            // The account is gone; a key left behind in the keychain is worth telling.
            self.sink.fail(None, None, UserError::from_error(&e));
        }
        let accounts = self.send_accounts().await?;
        if self.active.as_ref().is_some_and(|a| a.account() == account)
            && let Some(sandbox) = accounts.into_iter().find(AccountRecord::is_sandbox)
        {
            self.worker.ask(WorkerRequest::Activate(Box::new(sandbox)));
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
            Some(id) => with_store(&self.store, move |s| s.account(id)).await,
            None => Ok(AccountRecord {
                id: AccountId(0),
                name: draft.name.clone(),
                kind: AccountKind::Sandbox,
                auth: draft.auth,
                organization_id: draft.organization_id,
                key_location: KeyLocation::None,
                key_entered_for: None,
            }),
        };
        let client = match record {
            Ok(mut record) => {
                if !record.is_sandbox() || existing.is_none() {
                    match validate_base_url(&draft.base_url) {
                        Ok(base_url) => {
                            // An address typed here is the person's own choice; the one
                            // someone else changed, left as it is, is still not confirmed.
                            if record.kind
                                != (AccountKind::Remote {
                                    base_url: base_url.clone(),
                                })
                            {
                                record.key_entered_for = None;
                            }
                            record.kind = AccountKind::Remote { base_url };
                        }
                        Err(m) => {
                            let report = ConnectionReport::failed(&UserError::new(m, None));
                            return self
                                .sink
                                .notice_answer(request, AccountsEvent::ConnectionTested(report));
                        }
                    }
                    record.auth = draft.auth;
                }
                let key = draft.key.clone().filter(|k| !k.is_empty());
                if existing.is_none() && key.is_none() {
                    Err(UserError::new(
                        crate::tr!("backend-account-need-key-to-test"),
                        None,
                    ))
                } else {
                    self.clients.for_account(&record, key).await.0
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
                    let say = |e: crate::api::ApiError| UserError::from_api(&e);
                    // A service without a health check answers its path with 404: said as
                    // missing, not as a failure beside a working key.
                    let missing = |e: &crate::api::ApiError| {
                        e.is_not_found() || matches!(e, crate::api::ApiError::NotOffered(_))
                    };
                    ConnectionReport {
                        ping: match ping {
                            Err(e) if missing(&e) => Check::Missing,
                            other => Check::of(other, say),
                        },
                        // The list of a service at another path (a base address one level
                        // off) is missing too: said so, with what to check.
                        logos: match list {
                            Err(e) if missing(&e) => Check::Missing,
                            other => Check::of(other.map(|p| p.total_count), say),
                        },
                    }
                }
                Err(e) => ConnectionReport::failed(&e),
            };
            sink.notice_answer(request, AccountsEvent::ConnectionTested(report));
        });
    }
}

/// Checks a service address as a person typed it: a full `https://` address, or `http://`
/// for loopback hosts only (a local sandbox). Answers the normalised URL or a sentence.
pub fn validate_base_url(text: &str) -> Result<Url, String> {
    let text = text.trim();
    if text.is_empty() {
        return Err(crate::tr!("backend-address-empty"));
    }
    let url = Url::parse(text).map_err(|e| {
        crate::tr!(
            "backend-address-invalid",
            text = text,
            reason = e.to_string()
        )
    })?;
    let loopback = match url.host() {
        Some(url::Host::Domain(d)) => d.eq_ignore_ascii_case("localhost"),
        Some(url::Host::Ipv4(ip)) => ip.is_loopback(),
        Some(url::Host::Ipv6(ip)) => ip.is_loopback(),
        None => false,
    };
    match url.scheme() {
        "https" => {}
        "http" if loopback => {}
        "http" => {
            return Err(crate::tr!("backend-address-needs-https"));
        }
        other => {
            return Err(crate::tr!("backend-address-not-web", scheme = other));
        }
    }
    if url.host_str().is_none_or(str::is_empty) {
        return Err(crate::tr!("backend-address-no-host"));
    }
    if !url.username().is_empty() || url.password().is_some() {
        return Err(crate::tr!("backend-address-has-user"));
    }
    if url.query().is_some() || url.fragment().is_some() {
        return Err(crate::tr!("backend-address-has-query"));
    }
    Ok(url)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base_urls_need_https_except_on_loopback() {
        assert!(validate_base_url("https://api.example.com").is_ok());
        assert!(validate_base_url(" https://api.example.com/prefix/ ").is_ok());
        assert!(validate_base_url("http://127.0.0.1:8787/").is_ok());
        assert!(validate_base_url("http://localhost:8787").is_ok());
        assert!(validate_base_url("http://[::1]:8787/").is_ok());
        let plain = validate_base_url("http://api.example.com").unwrap_err();
        assert!(plain.contains("https://"), "{plain}");
        assert!(validate_base_url("").is_err());
        assert!(validate_base_url("api.example.com").is_err());
        assert!(validate_base_url("ftp://api.example.com").is_err());
        assert!(validate_base_url("https://user:pw@api.example.com").is_err());
        assert!(validate_base_url("https://api.example.com/?key=1").is_err());
    }
}
