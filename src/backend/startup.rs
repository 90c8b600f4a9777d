//! Start-up of the backend: the local database, the keychain scoped to this data folder,
//! the embedded sandbox, and the sandbox's identity in order destinations.

use super::support::{UserError, blocking};
use super::{BackendConfig, StoreLocation};
use crate::keychain::Keychain;
use crate::sandbox::{self, SandboxHandle};
use crate::store::Store;

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

/// Scopes the keychain's entries to this data folder ([`Keychain::scope_to_folder`]: the keys
/// filed the old, shared way moved over once; a copied folder's keys copied).
async fn scope_keychain(store: Store, keychain: Keychain) -> Result<Store, UserError> {
    blocking(move || {
        keychain
            .scope_to_folder(&store)
            .map_err(|e| UserError::from_error(&e))?;
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
