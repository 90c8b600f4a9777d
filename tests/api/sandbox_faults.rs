//! Simulated faults: with `fault_rate` 0.3 a share of requests fails *after* being applied
//! (503 with `Retry-After`, or a dropped connection). Placing with an idempotency key and
//! retrying with the same key must still create exactly one order per key.

use crate::common;

use std::collections::BTreeSet;
use std::time::Duration;

use crate::common::PATIENCE;
use common::*;
use futures_util::StreamExt as _;
use logodesk::api::*;
use logodesk::sandbox::SandboxConfig;

const N: usize = 100;

fn patient_client(base: &str, key: &str) -> Client {
    Client::new(
        ClientConfig::parse(base, key)
            .unwrap()
            .with_retry(fast_retry().with_max_retries(8))
            .with_poll_interval(Duration::from_millis(50)),
    )
    .unwrap()
}

/// The client retries 503s and broken answers itself, a bounded number of times; should it
/// give up, the order is re-sent here with the same key, as the app's outbox does.
async fn place_until_answered(
    client: &Client,
    order: &PlaceOrder,
    key: &IdempotencyKey,
) -> (TrackingRecord, u32) {
    let mut resends = 0;
    loop {
        match client.orders().place(order, key).await {
            Ok(r) => return (r, resends),
            Err(ApiError::Network { .. }) if resends < 10 => {
                resends += 1;
            }
            Err(e) => panic!("placing {}: {e}", order.reference),
        }
    }
}

/// Reads an order, re-reading after dropped connections; a 503 must never surface because
/// the client retries it.
async fn read_until_answered(client: &Client, id: OrderId) -> TrackingRecord {
    for _ in 0..20 {
        match client.orders().get(id).await {
            Ok(r) => return r,
            Err(ApiError::Network { .. }) => continue,
            Err(e) => panic!("reading order {id}: {e}"),
        }
    }
    panic!("order {id} could not be read 20 times in a row");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_keyed_order_is_created_exactly_once_despite_faults() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("faults.sqlite");
    let env = start_with(SandboxConfig {
        fault_rate: 0.3,
        data: Some(data.clone()),
        ..SandboxConfig::fast()
    })
    .await;
    let client = patient_client(&env.sb.base_url(), env.key());
    let orders: Vec<(PlaceOrder, IdempotencyKey)> = (0..N)
        .map(|i| {
            (
                simple_order(&env, &format!("FAULT-{i}")),
                IdempotencyKey::new(),
            )
        })
        .collect();

    let placed: Vec<(TrackingRecord, u32)> = futures_util::stream::iter(&orders)
        .map(|(o, k)| place_until_answered(&client, o, k))
        .buffered(16)
        .collect()
        .await;
    let ids: Vec<OrderId> = placed.iter().map(|(r, _)| r.id).collect();
    let distinct: BTreeSet<OrderId> = ids.iter().copied().collect();
    assert_eq!(distinct.len(), N, "one distinct tracking id per key");
    // The client re-sends broken answers itself (same key, same body); make sure the faults
    // really happen by reading without the client's retries.
    let raw = reqwest::Client::new();
    let mut failed = 0;
    for _ in 0..40 {
        let answer = raw
            .get(format!("{}api/logos?limit=1", env.sb.base_url()))
            .bearer_auth(env.key())
            .send()
            .await;
        let ok = match answer {
            Ok(r) => r.status().is_success() && r.bytes().await.is_ok(),
            Err(_) => false,
        };
        failed += usize::from(!ok);
    }
    assert!(
        failed > 0,
        "no fault in 40 raw requests: faults not exercised"
    );

    // Reads under faults: 503s are retried by the client; each order reaches a final state.
    let finals: Vec<TrackingRecord> = futures_util::stream::iter(&ids)
        .map(|&id| {
            let client = &client;
            async move {
                wait_for(PATIENCE, || async {
                    let r = read_until_answered(client, id).await;
                    r.is_final().then_some(r)
                })
                .await
            }
        })
        .buffered(16)
        .collect()
        .await;
    for (r, (o, _)) in finals.iter().zip(&orders) {
        assert_eq!(r.status, OrderStatus::Completed, "{r:?}");
        assert_eq!(r.order.as_ref().unwrap().reference, o.reference);
    }
    env.sb.shutdown().await;

    // Faults off: the same data without faults.
    let env = start_with(SandboxConfig {
        data: Some(data),
        ..SandboxConfig::fast()
    })
    .await;
    // Replays answer the same ids.
    for ((o, k), id) in orders.iter().zip(&ids).step_by(10) {
        let again = env.vendor.orders().place(o, k).await.unwrap();
        assert_eq!(again.id, *id);
    }
    // No order beyond the N: tracking ids are handed out in sequence, so the N orders fill
    // the range min..=max exactly and nothing follows it.
    let (min, max) = (distinct.first().unwrap().0, distinct.last().unwrap().0);
    assert_eq!((max - min + 1) as usize, N, "extra orders were created");
    let after = env.vendor.orders().get(OrderId(max + 1)).await.unwrap_err();
    assert!(
        after.is_not_found(),
        "an order beyond the N exists: {after}"
    );
    for &id in &ids {
        let r = env.vendor.orders().get(id).await.unwrap();
        assert_eq!(r.status, OrderStatus::Completed);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn reads_are_retried_through_503s() {
    let env = start_with(SandboxConfig {
        fault_rate: 0.3,
        ..SandboxConfig::fast()
    })
    .await;
    let client = patient_client(&env.sb.base_url(), env.key());
    let id = LogoId(env.fx.done_logo_id);
    let mut ok = 0;
    let mut dropped = 0;
    for _ in 0..60 {
        match client.logos().get(id).await {
            Ok(l) => {
                assert_eq!(l.logo_id, id);
                ok += 1;
            }
            Err(ApiError::Network { .. }) => dropped += 1,
            Err(e) => panic!("a 503 reached the caller although reads are retried: {e}"),
        }
    }
    assert!(ok >= 30, "{ok} successes, {dropped} dropped connections");
    // Without retries the faults are visible: some 503s with Retry-After.
    let bare = Client::new(
        ClientConfig::parse(&env.sb.base_url(), env.key())
            .unwrap()
            .with_retry(RetryPolicy::never()),
    )
    .unwrap();
    let mut saw_503 = false;
    for _ in 0..60 {
        if let Err(e) = bare.logos().get(id).await
            && e.status().map(|s| s.as_u16()) == Some(503)
        {
            assert!(e.is_retryable());
            assert_eq!(e.retry_after(), Some(Duration::from_secs(1)));
            let server = e.server_message().unwrap();
            assert!(server.error.is_some() && server.message.is_some());
            saw_503 = true;
        }
    }
    assert!(saw_503, "fault_rate 0.3 over 60 reads gave no 503");
    // The ping is never faulted.
    for _ in 0..20 {
        bare.ping().await.unwrap();
    }
}
