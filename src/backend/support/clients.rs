//! API clients for accounts: the built-in sandbox's address and key, or a remote address
//! with the key from the keychain.

use super::{UserError, blocking};
use crate::api::{ApiKey, Client, ClientConfig, RetryPolicy};
use crate::keychain::{Keychain, KeychainError};
use crate::sandbox;
use crate::store::{AccountKind, AccountRecord};

/// Everything needed to build an account's client.
#[derive(Clone)]
pub struct Clients {
    pub keychain: Keychain,
    /// The embedded sandbox's address, or why it does not run.
    pub sandbox: Result<String, UserError>,
    /// Retries of every client (tests shorten them).
    pub retry: RetryPolicy,
}

impl Clients {
    /// Whether remote `account` has no key on this computer: none in the keychain (or the
    /// run's credentials) for it, as on a later desk of a team before its person enters one.
    pub async fn key_missing(&self, account: &AccountRecord) -> bool {
        if !matches!(account.kind, AccountKind::Remote { .. }) {
            return false;
        }
        let (kc, id, name, loc) = (
            self.keychain.clone(),
            account.id,
            account.name.clone(),
            account.key_location,
        );
        matches!(
            blocking(move || kc.key_for(id, &name, loc)).await,
            Ok(Err(KeychainError::Missing))
        )
    }

    /// A client for `account`, with `key` or else its stored key; also its address as shown.
    pub async fn for_account(
        &self,
        account: &AccountRecord,
        key: Option<ApiKey>,
    ) -> (Result<Client, UserError>, String) {
        let (base_url, key) = match &account.kind {
            AccountKind::Sandbox => match &self.sandbox {
                Ok(url) => (url.clone(), Ok(sandbox::fixtures().vendor_api_key.into())),
                Err(problem) => {
                    return (
                        Err(problem.clone()),
                        "built-in sandbox (not running)".into(),
                    );
                }
            },
            AccountKind::Remote { base_url } => {
                if let Some(entered_for) = &account.key_entered_for {
                    // Someone changed where the team's account goes: this desk's key is not
                    // sent there before its person says so (`store::identity`).
                    let problem = UserError::new(
                        crate::tr!(
                            "backend-key-address-changed",
                            name = account.name.as_str(),
                            address = base_url.as_str(),
                            entered = entered_for.as_str()
                        ),
                        None,
                    );
                    return (Err(problem), base_url.to_string());
                }
                let key = match key {
                    Some(k) => Ok(k),
                    None => {
                        let (kc, id, name, loc) = (
                            self.keychain.clone(),
                            account.id,
                            account.name.clone(),
                            account.key_location,
                        );
                        match blocking(move || kc.key_for(id, &name, loc)).await {
                            Ok(r) => r.map_err(|e: KeychainError| UserError::from_error(&e)),
                            Err(e) => Err(e),
                        }
                    }
                };
                (base_url.to_string(), key)
            }
        };
        let client = key.and_then(|key| {
            let config = ClientConfig::parse(&base_url, key)
                .map_err(|e| UserError::from_api(&e))?
                .with_auth(account.auth)
                .with_retry(self.retry);
            Client::new(config).map_err(|e| UserError::from_api(&e))
        });
        (client, base_url)
    }
}
