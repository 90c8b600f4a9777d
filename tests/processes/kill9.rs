//! Exactly once through real crashes: N orders are queued in a data folder the way "Place
//! order" queues them, then `logodesk send-queued` (the built binary: the app's backend, its
//! embedded sandbox on `sandbox.sqlite`, the outbox) is started on that folder and killed with
//! SIGKILL at a random point, again and again. The embedded sandbox dies with it, so an order
//! the server has applied and written while the client has not yet recorded the answer is a
//! real case here, as are kills in the middle of a SQLite write on either side. A last run
//! finishes the queue. Then the server (read back from `sandbox.sqlite`) must hold exactly
//! the N orders, one per idempotency key, each the one the local row recorded, and both
//! databases must pass `PRAGMA integrity_check`.
//!
//! `cargo test --test processes kill9:: -- --nocapture` prints the figures.

use crate::runner_common;

use std::time::Instant;

use crate::common::PATIENCE;
use runner_common::*;

/// Orders queued.
const N: usize = 1000;
/// SIGKILLs while sending (at least 20).
const KILLS: usize = 24;

#[test]
fn queued_orders_are_placed_exactly_once_through_kill_9() {
    let started = Instant::now();
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path();
    let account = queue_orders(data, "KILL9", N);
    let mut rng = rand::rng();

    // Each round: start, let it run to a random point, SIGKILL.
    let mut kills = 0;
    let mut kills_after_sending = 0;
    let mut sent_per_run = Vec::new();
    let mut ambiguous = 0;
    for _ in 0..KILLS {
        let before = queued(data, account);
        let runner = Runner::send_queued(data, false);
        let printed = runner.go_to_a_random_point(&mut rng, PATIENCE);
        let status = runner.kill9();
        assert!(!status.success(), "killed, not finished: {status:?}");
        kills += 1;
        if printed > 0 {
            kills_after_sending += 1;
        }
        let left = queued(data, account);
        assert!(
            left > 0,
            "kill {kills} came after the whole queue was sent; queue more orders"
        );
        sent_per_run.push(before - left);
        // Orders the server applied whose answer the killed run never recorded: the
        // ambiguous window the next run must close with the same key.
        let server = server_orders(data, "KILL9-").orders.len();
        ambiguous += server.saturating_sub(N - left);
    }
    let killing = started.elapsed();

    // The last run finishes the queue and exits on its own.
    let last = Runner::send_queued(data, true);
    last.finish_all_sent(PATIENCE);

    // The local rows: every one answered, each with its own tracking id.
    let rows = sent_rows(data, account, N);

    // The server: exactly the N orders, one per key, each the one its row recorded.
    let server = server_orders(data, "KILL9-");
    server.assert_each_once(N);
    server.assert_rows_recorded(&rows);
    assert_eq!(server.keys.len(), N, "one key per order");

    assert_eq!(integrity(&data.join("logodesk.sqlite")), "ok");
    assert_eq!(integrity(&data.join("sandbox.sqlite")), "ok");

    eprintln!(
        "kill -9: {kills} kills ({kills_after_sending} after the run had sent orders) in {killing:.1?}; \
         {N} orders, exactly {N} on the server; {ambiguous} applied by the server but not \
         recorded when killed; \
         answered per killed run: {sent_per_run:?}; total {:.1?}",
        started.elapsed()
    );
    assert!(kills >= 20);
}
