//! The team outbox's claims: one desk holds a queued row at a time, a lease that ends hands it
//! to another desk with the same key and bytes, and the late desk's writes change nothing.

use super::tests::queued;
use super::*;
use crate::api::OrderStatus;
use crate::store::testing::record;
use crate::store::testing::{each_backend, pg_client, pg_connect};
use std::collections::HashMap;
use std::sync::{Arc, Barrier};
use std::time::Instant;

/// A lease no test outlives.
const LONG: Duration = Duration::from_secs(60);

fn desk(name: &str) -> DeskId {
    DeskId(name.into())
}

/// What a desk with `account`'s key may send: the account's destination now.
fn sendable(store: &Store, account: AccountId) -> Vec<(AccountId, Destination)> {
    vec![(account, store.destination(account).unwrap())]
}

/// The print of the key every desk of these tests sends with, unless a test says otherwise.
fn key() -> KeyPrint {
    KeyPrint::of(&crate::api::ApiKey::new("the team's key"))
}

/// `who`'s claim (lease [`LONG`]) of the next row of `can`, if any.
fn claim(store: &Store, who: &str, can: &[(AccountId, Destination)]) -> Option<Claim> {
    claim_with(store, who, &key(), can)
}

/// [`claim`] by a desk whose key has print `key`.
fn claim_with(
    store: &Store,
    who: &str,
    key: &KeyPrint,
    can: &[(AccountId, Destination)],
) -> Option<Claim> {
    store.claim_next(&desk(who), can, key, LONG).unwrap()
}

/// A queued row of a new account whose send Alice claimed and began.
struct Sending {
    id: LocalOrderId,
    dest: Destination,
    /// What a desk with the account's key may send.
    can: Vec<(AccountId, Destination)>,
    alice: Claim,
}

fn alice_sending(store: &mut Store) -> Sending {
    let (account, id) = queued(store, "A");
    let dest = store.destination(account).unwrap();
    let can = sendable(store, account);
    let alice = claim(store, "alice", &can).expect("a queued row to claim");
    assert!(
        store
            .begin_send(id, &dest, Some(&alice.token), None)
            .unwrap()
    );
    Sending {
        id,
        dest,
        can,
        alice,
    }
}

/// `claimed_by` and whether the row has a claim token.
fn holder(store: &Store, id: LocalOrderId) -> (Option<String>, bool) {
    let r = store
        .db
        .query_row(
            "SELECT claimed_by, claim_token FROM local_orders WHERE id = $1",
            &params![id.0],
        )
        .unwrap();
    (
        r.get(0).unwrap(),
        r.get::<Option<String>>(1).unwrap().is_some(),
    )
}

/// Asks `f` until it answers something (at most 10 s): a condition, not a fixed sleep.
fn wait_for<T>(what: &str, mut f: impl FnMut() -> Option<T>) -> T {
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        if let Some(v) = f() {
            return v;
        }
        assert!(Instant::now() < deadline, "waited 10 s for {what}");
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn a_claimed_row_is_sent_by_its_holder_and_then_claimed_by_no_one() {
    each_backend(|mut store| {
        let (account, id) = queued(&mut store, "A");
        let dest = store.destination(account).unwrap();
        let can = sendable(&store, account);
        let outbox = store.outbox(account).unwrap();

        let held = claim(&store, "alice", &can).expect("a queued row to claim");
        assert_eq!(held.id, id);
        assert_eq!(held.outgoing, outbox[0], "the key and bytes queued");
        assert_eq!(holder(&store, id), (Some("alice".into()), true));
        // Held: another desk does not claim it (the holder asking again would be its next
        // run taking it back: `a_desk_started_again_takes_back_the_row_its_last_run_held`).
        assert!(claim(&store, "bob", &can).is_none());

        assert!(store.renew_lease(id, &held.token, LONG).unwrap());
        assert!(
            store
                .begin_send(id, &dest, Some(&held.token), None)
                .unwrap()
        );
        assert!(
            store
                .record_tracking(id, &record(7, OrderStatus::Pending), Some(&held.token))
                .unwrap()
        );
        let row = store.local_order(id).unwrap();
        assert_eq!(
            (row.state, row.tracking_id),
            (OrderState::Sent, Some(OrderId(7)))
        );
        // The claim ended with the answer; the row names the desk that sent it.
        assert_eq!(holder(&store, id), (Some("alice".into()), false));
        assert!(!store.renew_lease(id, &held.token, LONG).unwrap());
        assert!(!store.release_claim(id, &held.token).unwrap());
        assert!(claim(&store, "bob", &can).is_none());
        assert!(claim(&store, "alice", &can).is_none());
    });
}

#[test]
fn a_desk_whose_lease_ended_is_fenced_out_by_the_next_claim_with_the_same_key() {
    each_backend(|mut store| {
        // Alice starts sending, her lease comes down to 200 ms, and her desk dies mid-send.
        let Sending {
            id,
            dest,
            can,
            alice,
        } = alice_sending(&mut store);
        assert!(
            store
                .renew_lease(id, &alice.token, Duration::from_millis(200))
                .unwrap()
        );
        let bob = wait_for("the lease to end", || claim(&store, "bob", &can));
        assert_eq!(bob.id, id);
        assert_ne!(bob.token, alice.token, "a fresh token per claim");
        assert_eq!(
            (&bob.outgoing.key, &bob.outgoing.body),
            (&alice.outgoing.key, &alice.outgoing.body),
            "the same Idempotency-Key and bytes: the service answers the same order"
        );
        assert_eq!(holder(&store, id), (Some("bob".into()), true));

        // Alice's desk wakes up: nothing it writes lands.
        let before = store.local_order(id).unwrap();
        assert!(!store.renew_lease(id, &alice.token, LONG).unwrap());
        assert!(
            !store
                .begin_send(id, &dest, Some(&alice.token), None)
                .unwrap()
        );
        assert!(
            !store
                .note_send_failure(id, "timed out", true, Some(&alice.token))
                .unwrap()
        );
        assert_eq!(
            store
                .note_unusable_answer(id, "unreadable", 1, Some(&alice.token))
                .unwrap(),
            None
        );
        assert_eq!(
            store.note_refusal(id, "409", Some(&alice.token)).unwrap(),
            None
        );
        assert!(
            !store
                .record_tracking(id, &record(7, OrderStatus::Pending), Some(&alice.token))
                .unwrap()
        );
        assert!(!store.release_claim(id, &alice.token).unwrap());
        assert_eq!(store.local_order(id).unwrap(), before, "unchanged");
        assert_eq!(holder(&store, id), (Some("bob".into()), true));

        // Bob's send: Alice's cut-off send may have reached the service.
        assert!(store.begin_send(id, &dest, Some(&bob.token), None).unwrap());
        assert!(store.local_order(id).unwrap().reached);
        assert!(
            store
                .record_tracking(id, &record(7, OrderStatus::Pending), Some(&bob.token))
                .unwrap()
        );
        // A late answer of Alice's after Bob's changes nothing either.
        assert!(
            !store
                .record_tracking(id, &record(8, OrderStatus::Completed), Some(&alice.token))
                .unwrap()
        );
        let row = store.local_order(id).unwrap();
        assert_eq!(
            (row.state, row.tracking_id),
            (OrderState::Sent, Some(OrderId(7)))
        );
    });
}

#[test]
fn a_released_row_goes_to_another_desk_at_once() {
    each_backend(|mut store| {
        let Sending { id, can, alice, .. } = alice_sending(&mut store);
        // Alice's key is refused for the target (401): not reached, the row is not failed.
        assert!(
            store
                .note_send_failure(id, "401", false, Some(&alice.token))
                .unwrap()
        );
        assert!(store.release_claim(id, &alice.token).unwrap());
        assert_eq!(holder(&store, id), (None, false));
        let row = store.local_order(id).unwrap();
        assert_eq!(row.state, OrderState::Queued);
        assert!(!row.reached, "a refused key reached nothing");

        let bob = claim(&store, "bob", &can).expect("claimed at once, no lease to wait for");
        assert_eq!((bob.id, &bob.outgoing.key), (id, &alice.outgoing.key));
        assert!(!store.release_claim(id, &alice.token).unwrap(), "not hers");
        assert_eq!(holder(&store, id), (Some("bob".into()), true));
    });
}

#[test]
fn a_desk_claims_only_rows_it_has_a_key_for_oldest_first_never_held_ones() {
    each_backend(|mut store| {
        let (a, first) = queued(&mut store, "A");
        let (b, of_b) = queued(&mut store, "B");
        let second = store.create_draft(a, "{}", "PO-2", "Club").unwrap().id;
        assert!(
            store
                .queue_draft(second, "{}", "PO-2", "Club", b"B2")
                .unwrap()
        );
        let only_b = sendable(&store, b);

        assert!(
            store
                .claim_next(&desk("none"), &[], &key(), LONG)
                .unwrap()
                .is_none()
        );
        let got = claim(&store, "bob", &only_b).unwrap();
        assert_eq!(got.id, of_b);
        assert!(
            claim(&store, "carol", &only_b).is_none(),
            "never A's rows (and B's is Bob's)"
        );

        // A's key was replaced: its rows are held, for the old key and the new one alike.
        let old = sendable(&store, a);
        store.bump_key_version(a).unwrap();
        let new = sendable(&store, a);
        assert!(claim(&store, "alice", &old).is_none());
        assert!(claim(&store, "alice", &new).is_none());
        // Sent to the new key: claimed oldest first, from a list naming both accounts.
        assert_eq!(store.retarget_account(a).unwrap(), 2);
        let both = [new[0].clone(), only_b[0].clone()];
        // (Each claim by a desk of its own: a desk asking again would take back its own row.)
        let mut n = 0;
        let ids: Vec<_> = std::iter::from_fn(|| {
            n += 1;
            claim(&store, &format!("desk {n}"), &both)
        })
        .map(|c| c.id)
        .collect();
        assert_eq!(ids, [first, second]);
    });
}

/// Two desks, each with its own connection on its own thread, empty one queue of 200 rows:
/// every row is claimed (and sent) exactly once, none is left.
#[test]
fn two_desks_on_one_team_database_claim_every_row_exactly_once() {
    let (client, name) = pg_client();
    let mut store = Store::open_postgres(client).unwrap();
    let (account, _) = queued(&mut store, "Team");
    for n in 1..200 {
        let id = store.create_draft(account, "{}", "PO", "Club").unwrap().id;
        let body = format!("BODY-{n}");
        assert!(
            store
                .queue_draft(id, "{}", "PO", "Club", body.as_bytes())
                .unwrap()
        );
    }
    let dest = store.destination(account).unwrap();
    let can = sendable(&store, account);
    let start = Arc::new(Barrier::new(2));
    let print = key();
    let desks: Vec<_> = ["alice", "bob"]
        .into_iter()
        .map(|name_of_desk| {
            let (name, can, dest, start, print) = (
                name.clone(),
                can.clone(),
                dest.clone(),
                start.clone(),
                print.clone(),
            );
            std::thread::spawn(move || {
                let store = Store::open_postgres(pg_connect(&name)).unwrap();
                let me = desk(name_of_desk);
                start.wait();
                let mut sent = Vec::new();
                while let Some(c) = store.claim_next(&me, &can, &print, LONG).unwrap() {
                    assert!(store.begin_send(c.id, &dest, Some(&c.token), None).unwrap());
                    let answer = record(10_000 + c.id.0, OrderStatus::Pending);
                    assert!(
                        store
                            .record_tracking(c.id, &answer, Some(&c.token))
                            .unwrap()
                    );
                    sent.push(c.id);
                }
                sent
            })
        })
        .collect();
    let sent: Vec<Vec<LocalOrderId>> = desks.into_iter().map(|d| d.join().unwrap()).collect();
    eprintln!("alice sent {}, bob {}", sent[0].len(), sent[1].len());
    assert!(sent.iter().all(|s| !s.is_empty()), "both desks took part");
    let mut claims: HashMap<LocalOrderId, usize> = HashMap::new();
    for id in sent.iter().flatten() {
        *claims.entry(*id).or_default() += 1;
    }
    assert_eq!(claims.len(), 200, "every row claimed");
    assert!(claims.values().all(|&n| n == 1), "no row twice: {claims:?}");
    assert!(store.outbox(account).unwrap().is_empty(), "no row left");
    let rows = store.local_orders(account, false).unwrap();
    assert_eq!(rows.len(), 200);
    assert!(rows.iter().all(|r| r.state == OrderState::Sent));
}

/// A desk that died mid-send and starts again (the same desk: one data folder) takes its row
/// back at once, under a new token; another desk still waits for the lease.
#[test]
fn a_desk_started_again_takes_back_the_row_its_last_run_held() {
    each_backend(|mut store| {
        let s = alice_sending(&mut store);
        assert!(
            claim(&store, "bob", &s.can).is_none(),
            "Bob waits for the lease"
        );
        let again = claim(&store, "alice", &s.can).expect("Alice's next run takes it back");
        assert_eq!(again.id, s.id);
        assert_eq!(again.outgoing, s.alice.outgoing, "the same key and bytes");
        assert_ne!(again.token, s.alice.token);
        // The dead run's token no longer writes.
        assert!(!store.renew_lease(s.id, &s.alice.token, LONG).unwrap());
        assert!(
            store
                .begin_send(s.id, &s.dest, Some(&again.token), None)
                .unwrap()
        );
        let row = store.local_order(s.id).unwrap();
        assert!(
            row.reached,
            "the dead run's send counts as one that may have reached"
        );
    });
}

/// A row the service keeps failing waits for its back-off with no desk
/// holding it, and the row behind it is claimed meanwhile; once the back-off ends any desk
/// with the key sends it again (the same key and bytes).
#[test]
fn a_row_backing_off_gives_its_turn_to_the_next_one() {
    each_backend(|mut store| {
        let Sending {
            id: bad,
            can,
            alice,
            ..
        } = alice_sending(&mut store);
        let account = can[0].0;
        let next = store
            .create_draft(account, "{}", "PO-2", "Club")
            .unwrap()
            .id;
        assert!(
            store
                .queue_draft(next, "{}", "PO-2", "Club", b"B2")
                .unwrap()
        );

        // A 500: noted, then given back for 3 s (long enough that a busy machine's next two
        // claims come within it).
        assert!(
            store
                .note_send_failure(bad, "500", true, Some(&alice.token))
                .unwrap()
        );
        assert!(
            store
                .back_off(bad, &alice.token, Duration::from_secs(3))
                .unwrap()
        );
        assert_eq!(holder(&store, bad), (None, false), "no desk holds it");
        assert!(!store.renew_lease(bad, &alice.token, LONG).unwrap());

        // Alice goes on with the next row; nobody (Alice neither) takes the bad one meanwhile.
        let second = claim(&store, "alice", &can).expect("the row behind it");
        assert_eq!(second.id, next);
        assert!(claim(&store, "bob", &can).is_none(), "the bad row waits");

        let again = wait_for("the back-off to end", || claim(&store, "bob", &can));
        assert_eq!(again.id, bad);
        assert_eq!(again.outgoing, alice.outgoing, "the same key and bytes");
        assert!(store.local_order(bad).unwrap().reached);
        assert!(
            store
                .begin_send(bad, &can[0].1, Some(&again.token), None)
                .unwrap()
        );
    });
}

/// A send of a body that names no organization goes to the key's own, so
/// only a key with the same print sends the row again — never a desk whose key is another
/// organization's, however long the first desk is gone. A send that provably reached
/// nothing binds the row to no key; a body naming its organization is bound to none.
#[test]
fn a_row_sent_to_a_keys_own_organization_is_sent_again_only_with_that_key() {
    each_backend(|mut store| {
        let child = KeyPrint::of(&crate::api::ApiKey::new("the child organization's key"));
        let vendor = KeyPrint::of(&crate::api::ApiKey::new("the vendor's key"));
        assert_ne!(child, vendor);
        let (account, id) = queued(&mut store, "Team");
        let dest = store.destination(account).unwrap();
        let can = sendable(&store, account);

        // Alice (the child's key) sends; the answer is lost and her desk dies mid-send.
        let alice = claim_with(&store, "alice", &child, &can).unwrap();
        assert!(
            store
                .begin_send(id, &dest, Some(&alice.token), Some(&child))
                .unwrap()
        );
        assert!(
            store
                .renew_lease(id, &alice.token, Duration::from_millis(100))
                .unwrap()
        );
        std::thread::sleep(Duration::from_millis(300));
        assert!(
            claim_with(&store, "bob", &vendor, &can).is_none(),
            "never with the vendor's key"
        );
        assert!(store.sent_with_another_key(id, &vendor).unwrap());
        assert!(!store.sent_with_another_key(id, &child).unwrap());

        // Carol has the child's key too: she sends it again, with the same key and bytes.
        let carol = claim_with(&store, "carol", &child, &can).expect("a desk with the same key");
        assert_eq!(carol.outgoing, alice.outgoing);
        // A claimed send with another key would not start either.
        assert!(
            !store
                .begin_send(id, &dest, Some(&carol.token), Some(&vendor))
                .unwrap()
        );
        assert!(
            store
                .begin_send(id, &dest, Some(&carol.token), Some(&child))
                .unwrap()
        );
        // Placed: followed by the desks with that key only (the vendor's would be told "not
        // found" of another organization's order).
        assert!(
            store
                .record_tracking(id, &record(7, OrderStatus::Pending), Some(&carol.token))
                .unwrap()
        );
        let tracked = [(id, OrderId(7))];
        assert_eq!(
            store
                .pending_tracking_by(account, &dest, Some(&child))
                .unwrap(),
            tracked
        );
        assert!(
            store
                .pending_tracking_by(account, &dest, Some(&vendor))
                .unwrap()
                .is_empty()
        );
        assert_eq!(store.pending_tracking_for(account, &dest).unwrap(), tracked);

        // A send that provably reached nothing (a refused connection) binds the row to no key.
        let fresh = store
            .create_draft(account, "{}", "PO-2", "Club")
            .unwrap()
            .id;
        assert!(
            store
                .queue_draft(fresh, "{}", "PO-2", "Club", b"B2")
                .unwrap()
        );
        let first = claim_with(&store, "dave", &child, &can).unwrap();
        assert_eq!(first.id, fresh);
        assert!(
            store
                .begin_send(fresh, &dest, Some(&first.token), Some(&child))
                .unwrap()
        );
        assert!(
            store
                .note_send_failure(fresh, "connection refused", false, Some(&first.token))
                .unwrap()
        );
        assert!(store.release_claim(fresh, &first.token).unwrap());
        assert!(!store.sent_with_another_key(fresh, &vendor).unwrap());
        assert_eq!(
            claim_with(&store, "bob", &vendor, &can).map(|c| c.id),
            Some(fresh)
        );

        // A body naming its organization is bound to no key: any desk sends it again.
        let named = store
            .create_draft(account, "{}", "PO-3", "Club")
            .unwrap()
            .id;
        assert!(
            store
                .queue_draft(named, "{}", "PO-3", "Club", br#"{"organizationId":1002}"#)
                .unwrap()
        );
        let first = claim_with(&store, "erin", &child, &can).unwrap();
        assert_eq!(first.id, named);
        assert!(
            store
                .begin_send(named, &dest, Some(&first.token), None)
                .unwrap()
        );
        assert!(
            store
                .renew_lease(named, &first.token, Duration::from_millis(100))
                .unwrap()
        );
        let frank = wait_for("the lease to end", || {
            claim_with(&store, "frank", &vendor, &can)
        });
        assert_eq!(frank.id, named);
    });
}
