//! Test 3: `logodesk.exe send-queued --exit-when-sent` under Wine sends the orders queued in a
//! data folder exactly once (the folder is a Linux path, `Z:\…` to Wine; its embedded sandbox
//! is the service). A second run finds nothing left to send and places nothing.

use crate::runner_common::{Runner, queue_orders, queued, server_orders};
use crate::wine::{Wine, exe, windows_path};

use std::collections::BTreeSet;

use crate::patience::PATIENCE;
use logodesk::store::{OrderState, Store};

const N: usize = 5;

fn send_queued(wine: &Wine, exe: &std::path::Path, data: &std::path::Path) -> Vec<String> {
    let mut command = wine.command(exe);
    command
        .args(["send-queued", "--exit-when-sent", "--data-dir"])
        .arg(windows_path(data));
    let (status, lines, stderr) = Runner::spawn(command).finish(PATIENCE);
    assert!(
        status.success(),
        "send-queued failed ({status:?}): {lines:?}\n{stderr}"
    );
    assert_eq!(
        lines.last().map(String::as_str),
        Some("all queued orders are sent"),
        "{lines:?}\n{stderr}"
    );
    lines
}

#[test]
#[ignore = "needs Wine, mingw-w64 and the Windows build: see README"]
fn send_queued_sends_each_queued_order_once() {
    let exe = exe();
    let wine = Wine::shared();
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path();
    let account = queue_orders(data, "WINE-", N);
    assert_eq!(queued(data, account), N);

    send_queued(&wine, &exe, data);
    assert_eq!(queued(data, account), 0, "nothing is left queued");
    let rows = Store::open(&data.join("logodesk.sqlite"))
        .unwrap()
        .local_orders(account, false)
        .unwrap();
    assert_eq!(rows.len(), N);
    let mut tracking = BTreeSet::new();
    for row in &rows {
        assert_ne!(row.state, OrderState::Queued, "{row:?}");
        let id = row
            .tracking_id
            .unwrap_or_else(|| panic!("no tracking id: {row:?}"));
        assert!(tracking.insert(id.0), "tracking id {id} on two rows");
    }

    // Again: nothing is queued, nothing more reaches the service.
    send_queued(&wine, &exe, data);
    let server = server_orders(data, "WINE-");
    server.assert_each_once(N);
    for row in &rows {
        let key = row.key.as_ref().expect("a key");
        assert_eq!(
            server.keys.get(key.as_str()).copied(),
            row.tracking_id.map(|t| t.0),
            "the order its key created is the one its row recorded: {row:?}"
        );
    }
}
