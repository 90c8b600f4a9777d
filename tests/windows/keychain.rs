//! Test 6: an account's key stored and read back through Windows Credential Manager under Wine,
//! by the real `logodesk.exe` (no Windows build of the test suite needed).
//!
//! A remote account (an in-process sandbox on Linux is its service) has an order queued and its
//! key filed the way logodesk filed keys before they were scoped to a data folder
//! (`account-<id>.logodesk`), written with `credtool.exe` (plain `CredWriteW`). At start,
//! `logodesk.exe send-queued` moves the key to this data folder's scope (`CredReadW`,
//! `CredWriteW`, `CredDeleteW` through `windows-native-keyring-store`), then reads it to place
//! the order. The order reaching the service under that key shows the read; `credtool.exe`
//! reading the scoped entry back, equal to the key, shows the store; the old entry is gone.

use crate::common::address;
use crate::runner_common::{Runner, queue};
use crate::wine::{Wine, exe, windows_path};

use crate::patience::PATIENCE;
use logodesk::api::{AuthStyle, LogoId, LogoLine, PlaceOrder};
use logodesk::keychain::{SERVICE, scoped_service};
use logodesk::sandbox::{self, SandboxConfig};
use logodesk::store::{KeyLocation, NewAccount, OrderState, Store};

#[test]
#[ignore = "needs Wine, mingw-w64 and the Windows build: see README"]
fn an_accounts_key_is_stored_and_read_back_through_credential_manager() {
    let exe = exe();
    let wine = Wine::shared();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .enable_all()
        .build()
        .unwrap();
    let service = runtime
        .block_on(sandbox::spawn(SandboxConfig::fast()))
        .expect("the service starts");
    let fx = sandbox::fixtures();

    let dir = tempfile::tempdir().unwrap();
    let data = dir.path();
    let mut store = Store::open(&data.join("logodesk.sqlite")).unwrap();
    let account = store
        .insert_account(&NewAccount {
            name: "Wine keychain".into(),
            base_url: service.base_url().parse().unwrap(),
            auth: AuthStyle::Bearer,
            organization_id: None,
            key_location: KeyLocation::Keychain,
        })
        .unwrap()
        .id;
    let install = store.install_id().unwrap();
    let order = PlaceOrder::new("WINE-KEY-1", address())
        .with_logo(LogoLine::quantity(LogoId(fx.done_logo_id), 5));
    queue(&mut store, account, &order);
    drop(store);
    // The file was made through Linux's view of it: another machine and path than the exe's,
    // which would take it for a copy and give it an identity of its own (`store::identity`).
    // Made by a logodesk of before that check instead, it is where it was made.
    rusqlite::Connection::open(data.join("logodesk.sqlite"))
        .unwrap()
        .execute("DELETE FROM meta WHERE name = 'folder'", [])
        .unwrap();

    let user = format!("account-{}", account.0);
    let old_target = format!("{user}.{SERVICE}");
    let scoped_target = format!("{user}.{}", scoped_service(&install));
    let credtool = wine.credtool().to_owned();
    wine.run_ok(
        &credtool,
        &["write", &old_target, &user, &fx.vendor_api_key],
    );

    let mut command = wine.command(&exe);
    command
        .args([
            "send-queued",
            "--exit-when-sent",
            "--account",
            "Wine keychain",
        ])
        .arg("--data-dir")
        .arg(windows_path(data));
    let (status, lines, stderr) = Runner::spawn(command).finish(PATIENCE);
    assert!(
        status.success(),
        "send-queued failed ({status:?}): {lines:?}\n{stderr}"
    );

    // Read: the order reached the service, which takes only the vendor's key.
    let rows = Store::open(&data.join("logodesk.sqlite"))
        .unwrap()
        .local_orders(account, false)
        .unwrap();
    assert_eq!(rows.len(), 1);
    assert_ne!(rows[0].state, OrderState::Queued, "{:?}\n{stderr}", rows[0]);
    assert!(rows[0].tracking_id.is_some(), "{:?}\n{stderr}", rows[0]);
    let on_service = service
        .state()
        .lock()
        .orders
        .values()
        .filter(|o| o.request.reference == "WINE-KEY-1")
        .count();
    assert_eq!(on_service, 1);

    // Stored: under this data folder's scope, the same key; the unscoped entry is gone.
    let stored = wine.run_ok(&credtool, &["read", &scoped_target]);
    assert_eq!(stored, fx.vendor_api_key, "the key logodesk.exe stored");
    let old = wine.run(&credtool, &["read", &old_target]);
    assert_eq!(old.status.code(), Some(2), "the unscoped entry was moved");

    runtime.block_on(service.shutdown());
}
