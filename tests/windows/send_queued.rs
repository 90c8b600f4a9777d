//! Test 3: `logodesk.exe send-queued --exit-when-sent` under Wine sends the orders queued in a
//! data folder exactly once (the folder is a Linux path, `Z:\…` to Wine; its embedded sandbox
//! is the service). A second run finds nothing left to send and places nothing.

use crate::runner_common::{Runner, queue_orders, queued, sent_rows, server_orders};
use crate::wine::{Wine, exe, windows_path};

use crate::patience::PATIENCE;

const N: usize = 5;

fn send_queued(wine: &Wine, exe: &std::path::Path, data: &std::path::Path) -> Vec<String> {
    let mut command = wine.command(exe);
    command
        .args(["send-queued", "--exit-when-sent", "--data-dir"])
        .arg(windows_path(data));
    Runner::spawn(command).finish_all_sent(PATIENCE)
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
    let rows = sent_rows(data, account, N);

    // Again: nothing is queued, nothing more reaches the service.
    send_queued(&wine, &exe, data);
    let server = server_orders(data, "WINE-");
    server.assert_each_once(N);
    server.assert_rows_recorded(&rows);
}
