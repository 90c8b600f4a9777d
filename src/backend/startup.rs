//! Start-up of the backend: the local database, the keychain scoped to this data folder,
//! the embedded sandbox, and the sandbox's identity in order destinations.

use super::support::{UserError, blocking};
use super::{BackendConfig, StoreLocation};
use crate::keychain::Keychain;
use crate::sandbox::{self, SandboxHandle};
use crate::store::{AccountId, KeyLocation, Store};

/// What start-up opened.
pub(super) struct Started {
    pub store: Store,
    pub keychain: Keychain,
    /// The sandbox, or why it does not run.
    pub sandbox: Result<SandboxHandle, UserError>,
}

/// Opens the database and the keychain and starts the sandbox; a sandbox that cannot start
/// is reported in [`Started::sandbox`], not as a failure of start-up.
pub(super) async fn start(config: &BackendConfig) -> Result<Started, UserError> {
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
    .map_err(|e| UserError::from_error(&e))?;
    let keychain = match config.keychain.clone() {
        Some(k) => k,
        None => blocking(Keychain::system).await?,
    };
    let mut store = scope_keychain(store, keychain.clone()).await?;
    if let (true, StoreLocation::File(path)) = (config.join_team_at_start, &config.store)
        && let Some(dir) = path.parent().map(ToOwned::to_owned)
    {
        let kc = keychain.clone();
        store = blocking(move || {
            crate::team::join_if_on_a_team(&mut store, &kc, &dir)
                .map(|_| store)
                .map_err(|e| UserError::from_error(&e))
        })
        .await??;
    }
    let sandbox = match config.sandbox.clone() {
        Some(cfg) => start_sandbox(cfg).await,
        None => Err(UserError::new(crate::tr!("backend-sandbox-off"), None)),
    };
    let store = match &sandbox {
        Ok(sb) => name_sandbox_destination(store, sb.state().instance_id().to_owned()).await?,
        Err(_) => store,
    };
    Ok(Started {
        store,
        keychain,
        sandbox,
    })
}

/// Makes the Sandbox account's destination name the sandbox that just started (its data
/// file's identity), so orders queued for a sandbox started afresh since are held and its
/// tracking ids never meet theirs.
async fn name_sandbox_destination(mut store: Store, instance: String) -> Result<Store, UserError> {
    blocking(move || {
        store
            .set_sandbox_instance(&instance)
            .map_err(|e| UserError::from_error(&e))?;
        Ok(store)
    })
    .await?
}

/// Scopes the keychain's entries to this data folder (its install id), moving the keys
/// filed the old, shared way over once.
async fn scope_keychain(store: Store, keychain: Keychain) -> Result<Store, UserError> {
    blocking(move || {
        let install = store.install_id().map_err(|e| UserError::from_error(&e))?;
        let moved_before = store
            .meta("keychain_scoped")
            .map_err(|e| UserError::from_error(&e))?
            .is_some();
        let accounts: Vec<AccountId> = if moved_before {
            Vec::new()
        } else {
            store
                .accounts()
                .map_err(|e| UserError::from_error(&e))?
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
                        .map_err(|e| UserError::from_error(&e))?;
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
                UserError::new(crate::tr!("backend-sandbox-no-folder"), Some(e.to_string()))
            })?;
    }
    // Loopback only: the sandbox serves this app, not the network.
    cfg.listen.set_ip(std::net::Ipv4Addr::LOCALHOST.into());
    sandbox::spawn(cfg).await.map_err(|e| {
        UserError::new(
            crate::tr!("backend-sandbox-not-started"),
            Some(e.to_string()),
        )
    })
}
