//! One logodesk per data folder, with the real binary: while `logodesk send-queued` sends a
//! folder's queue, a second `send-queued` and the desktop app on the same folder refuse with
//! a sentence and exit status 3, and the server ends up with each order once.

mod runner_common;

use std::time::Duration;

use logodesk::instance::EXIT_ALREADY_RUNNING;
use runner_common::*;

const N: usize = 150;

#[test]
fn a_second_logodesk_on_the_same_data_folder_refuses_and_nothing_is_sent_twice() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path();
    let account = queue_orders(data, "TWICE", N);

    // The first one holds the folder once it has listed the queue.
    let mut first = Runner::send_queued(data, false);
    first.wait_for_line(Duration::from_secs(30), |l| {
        l.ends_with("queued orders to send")
    });

    // A second runner refuses at once, sends nothing, and says who holds the folder.
    let (status, lines, stderr) = Runner::send_queued(data, true).finish(Duration::from_secs(30));
    assert_eq!(
        status.code(),
        Some(i32::from(EXIT_ALREADY_RUNNING)),
        "{stderr}"
    );
    assert!(lines.is_empty(), "the second one printed {lines:?}");
    assert!(
        stderr.contains("logodesk is already running without a window on the data folder"),
        "{stderr}"
    );
    assert!(stderr.contains("--data-dir"), "{stderr}");

    // So does the desktop app (here as a --screenshot run, which needs no display to refuse).
    let shot = data.join("shot.png");
    let (status, _, stderr) = Runner::start(data, &["--screenshot", shot.to_str().unwrap()])
        .finish(Duration::from_secs(30));
    assert_eq!(
        status.code(),
        Some(i32::from(EXIT_ALREADY_RUNNING)),
        "{stderr}"
    );
    assert!(stderr.contains("already running"), "{stderr}");

    // The first one sends the whole queue, then stops cleanly on SIGTERM.
    while queued(data, account) > 0 {
        first.wait_for_line(Duration::from_secs(30), |l| l.starts_with("sent "));
    }
    let pid = first.child.id().to_string();
    assert!(
        std::process::Command::new("kill")
            .args(["-TERM", &pid])
            .status()
            .unwrap()
            .success()
    );
    let (status, _, stderr) = first.finish(Duration::from_secs(30));
    assert!(status.success(), "{status:?} {stderr}");

    // Once it has stopped, the folder is free again.
    let (status, lines, stderr) = Runner::send_queued(data, true).finish(Duration::from_secs(30));
    assert!(status.success(), "{status:?} {stderr}");
    assert_eq!(
        lines,
        ["0 queued orders to send", "all queued orders are sent"]
    );

    server_orders(data, "TWICE-").assert_each_once(N);
}
