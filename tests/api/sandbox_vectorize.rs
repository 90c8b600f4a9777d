//! Vectorize tasks: pending, finishing after the delay, the finished demo task, over real HTTP.

use crate::common;

use std::time::Duration;

use crate::common::PATIENCE;
use common::*;
use logodesk::api::*;
use logodesk::sandbox::SandboxConfig;
use serde_json::json;

async fn check_created_logos(env: &Env, task: &VectorizeTask) {
    assert_eq!(task.status, TaskStatus::Finished);
    assert!(!task.created_logos.is_empty(), "{task:?}");
    assert!(task.final_price.is_some());
    let finished = task.finished_at_utc.expect("finishedAtUtc");
    assert!(finished >= task.created_at_utc);
    for created in &task.created_logos {
        let logo = env.vendor.logos().get(created.logo_id).await.unwrap();
        assert_eq!(logo.status, LogoStatus::Done, "{logo:?}");
        assert!(logo.logo_item_no.is_some());
        if let Some(no) = created.logo_item_no {
            assert_eq!(logo.logo_item_no, Some(no));
            let by_no = env.vendor.logos().by_item_no(no).await.unwrap();
            assert_eq!(by_no.logo_id, created.logo_id);
        }
    }
}

#[tokio::test]
async fn the_pending_task_stays_pending_then_finishes_with_done_logos() {
    // The demo pending task is due `vectorize_delay` after the state is built; warm the
    // per-process picture cache first so that building it does not eat into the delay.
    start().await.sb.shutdown().await;
    let env = start_with(SandboxConfig {
        vectorize_delay: Duration::from_millis(1500),
        ..SandboxConfig::fast()
    })
    .await;
    let id = env.fx.pending_vectorize_task_id;
    let raw = env
        .get_json(&format!("api/vectorize/tasks/{id}"), env.key())
        .await;
    assert_eq!(raw.status, 200, "{}", raw.text);
    let b = raw.body.as_object().unwrap();
    assert_eq!(b["status"], "pending");
    assert_eq!(b["createdLogos"], json!([]));
    assert!(
        b.contains_key("finalPrice") && b["finalPrice"].is_null(),
        "{b:?}"
    );
    assert!(
        b.contains_key("finishedAtUtc") && b["finishedAtUtc"].is_null(),
        "{b:?}"
    );
    for key in [
        "id",
        "logoName",
        "transferMethodKey",
        "minPrice",
        "maxPrice",
        "currency",
        "createdAtUtc",
    ] {
        assert!(b.contains_key(key), "task lacks {key}");
    }
    assert!(b["createdAtUtc"].as_str().unwrap().ends_with('Z'));

    let pending = env.vendor.vectorize().task(TaskId(id)).await.unwrap();
    assert_eq!(pending.status, TaskStatus::Pending);
    assert!(pending.min_price <= pending.max_price);
    assert!(!pending.currency.is_empty());

    let done = wait_for(PATIENCE, || async {
        let t = env.vendor.vectorize().task(TaskId(id)).await.unwrap();
        (t.status == TaskStatus::Finished).then_some(t)
    })
    .await;
    check_created_logos(&env, &done).await;
    let price = done.final_price.unwrap();
    assert!(
        price >= done.min_price && price <= done.max_price,
        "{price}"
    );
    assert_eq!(done.logo_name, pending.logo_name);
    assert_eq!(done.created_at_utc, pending.created_at_utc);
}

#[tokio::test]
async fn the_finished_demo_task_is_readable() {
    let env = start().await;
    let id = TaskId(env.fx.finished_vectorize_task_id);
    let task = env.xkey.vectorize().task(id).await.unwrap();
    assert_eq!(task.id, id);
    check_created_logos(&env, &task).await;
    let raw = env
        .get_json(&format!("api/vectorize/tasks/{id}"), env.key())
        .await;
    assert_eq!(raw.body["status"], "finished");
    let first = &raw.body["createdLogos"][0];
    assert!(
        first["logoId"].is_i64() && first["logoItemNo"].is_i64(),
        "{first}"
    );
    assert!(raw.body["finishedAtUtc"].as_str().unwrap().ends_with('Z'));
}

#[tokio::test]
async fn a_created_task_finishes_after_the_delay() {
    let env = start().await;
    let created = env
        .post_json(
            "sandbox/vectorize/tasks",
            env.key(),
            &json!({"logoName": "Vectorized crest", "transferMethodKey": "INDUSTRI"}),
        )
        .await;
    assert_eq!(created.status, 201, "{}", created.text);
    let id = TaskId(created.body["id"].as_i64().unwrap());
    let t = env.vendor.vectorize().task(id).await.unwrap();
    assert_eq!(t.status, TaskStatus::Pending);
    assert!(t.created_logos.is_empty() && t.final_price.is_none() && t.finished_at_utc.is_none());
    let done = wait_for(PATIENCE, || async {
        let t = env.vendor.vectorize().task(id).await.unwrap();
        (t.status == TaskStatus::Finished).then_some(t)
    })
    .await;
    check_created_logos(&env, &done).await;
    let logo = env
        .vendor
        .logos()
        .get(done.created_logos[0].logo_id)
        .await
        .unwrap();
    assert_eq!(logo.title, "Vectorized crest");
    assert_eq!(logo.transfer_method_key, "INDUSTRI");
}

#[tokio::test]
async fn unknown_and_foreign_tasks_are_404() {
    let env = start().await;
    let err = env
        .vendor
        .vectorize()
        .task(TaskId(999_999))
        .await
        .unwrap_err();
    assert!(err.is_not_found(), "{err}");
    assert_eq!(
        err.to_string(),
        "Vectorize task 999999 was not found, or your account has no access to it."
    );
    let err = env
        .other
        .vectorize()
        .task(TaskId(env.fx.pending_vectorize_task_id))
        .await
        .unwrap_err();
    assert!(err.is_not_found(), "{err}");
}
