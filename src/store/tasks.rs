//! Vectorize tasks a person tracks (`vectorize_tasks`): per account, the newest answer of the
//! service for each task and when it was fetched. The API has no task list, so this table is
//! the list; the backend's tracker polls the pending rows until they are finished.

use super::db::params;
use super::{AccountId, Store, StoreError};
use crate::api::{TaskId, TaskStatus, VectorizeTask};

/// One tracked task as last fetched.
#[derive(Debug, Clone, PartialEq)]
pub struct TrackedTask {
    pub task: VectorizeTask,
    /// When the task was last fetched (UTC, RFC 3339).
    pub updated_at: String,
}

impl TrackedTask {
    /// Whether the tracker still has to poll it.
    pub fn is_pending(&self) -> bool {
        self.task.status != TaskStatus::Finished
    }
}

impl Store {
    /// Records the newest answer for a task (adding it to the account's list if it is new).
    pub fn save_task(
        &self,
        account: AccountId,
        task: &VectorizeTask,
    ) -> Result<TrackedTask, StoreError> {
        let json = serde_json::to_string(task).unwrap_or_else(|_| "{}".into());
        let updated_at: String = self
            .on_account(account)?
            .query_row(
                "INSERT INTO vectorize_tasks (account_id, task_id, last_json) VALUES ($1, $2, $3)
                 ON CONFLICT (account_id, task_id) DO UPDATE SET
                     last_json = excluded.last_json,
                     updated_at = {now}
                 RETURNING updated_at",
                &params![account.0, task.id.0, json],
            )?
            .get(0)?;
        Ok(TrackedTask {
            task: task.clone(),
            updated_at,
        })
    }

    /// Records a newer answer for a task that is still tracked; answers `None` (and writes
    /// nothing) if it was removed from the list meanwhile.
    pub fn refresh_task(
        &self,
        account: AccountId,
        task: &VectorizeTask,
    ) -> Result<Option<TrackedTask>, StoreError> {
        let json = serde_json::to_string(task).unwrap_or_else(|_| "{}".into());
        let updated_at: Option<String> = self
            .on_account(account)?
            .query_opt(
                "UPDATE vectorize_tasks SET last_json = $3, updated_at = {now}
                 WHERE account_id = $1 AND task_id = $2
                 RETURNING updated_at",
                &params![account.0, task.id.0, json],
            )?
            .map(|r| r.get(0))
            .transpose()?;
        Ok(updated_at.map(|updated_at| TrackedTask {
            task: task.clone(),
            updated_at,
        }))
    }

    /// The account's tracked tasks, the most recently added first. A row whose JSON this
    /// version cannot read is skipped (and logged), not fatal.
    pub fn tracked_tasks(&self, account: AccountId) -> Result<Vec<TrackedTask>, StoreError> {
        // `rowid`: SQLite's own; an identity column of the same name on PostgreSQL.
        let rows = self.on_account(account)?.query_all(
            "SELECT task_id, last_json, updated_at FROM vectorize_tasks
             WHERE account_id = $1 ORDER BY rowid DESC",
            &params![account.0],
        )?;
        let mut tasks = Vec::new();
        for row in rows {
            let (id, json, updated_at): (i64, String, String) =
                (row.get(0)?, row.get(1)?, row.get(2)?);
            match serde_json::from_str::<VectorizeTask>(&json) {
                Ok(task) => tasks.push(TrackedTask { task, updated_at }),
                Err(e) => tracing::warn!(task = id, error = %e, "a tracked task could not be read"),
            }
        }
        Ok(tasks)
    }

    /// Stops tracking a task (nothing happens if it was not tracked).
    pub fn untrack_task(&self, account: AccountId, task: TaskId) -> Result<(), StoreError> {
        self.on_account(account)?.execute(
            "DELETE FROM vectorize_tasks WHERE account_id = $1 AND task_id = $2",
            &params![account.0, task.0],
        )?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::migrations;
    use crate::store::testing::each_place;
    use rusqlite::Connection;

    fn task(id: i64, status: &str) -> VectorizeTask {
        serde_json::from_value(serde_json::json!({
            "id": id,
            "status": status,
            "logoName": "Crest",
            "transferMethodKey": "VAND SPORT",
            "minPrice": 250,
            "maxPrice": 750,
            "currency": "DKK",
            "createdAtUtc": "2026-11-01T10:00:00Z",
            "finalPrice": if status == "finished" { serde_json::json!(500.0) } else { serde_json::Value::Null },
            "finishedAtUtc": if status == "finished" { serde_json::json!("2026-11-01T10:01:00Z") } else { serde_json::Value::Null },
            "createdLogos": if status == "finished" { serde_json::json!([{"logoId": 10044, "logoItemNo": 300099}]) } else { serde_json::json!([]) },
        }))
        .unwrap()
    }

    #[test]
    fn migration_4_adds_tracked_tasks_to_a_version_3_database() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("logodesk.sqlite");
        {
            // A database as version 3 left it.
            let mut conn = Connection::open(&path).unwrap();
            for (i, sql) in migrations::MIGRATIONS.iter().take(3).enumerate() {
                let tx = conn.transaction().unwrap();
                tx.execute_batch(sql).unwrap();
                tx.pragma_update(None, "user_version", i as i64 + 1)
                    .unwrap();
                tx.commit().unwrap();
            }
        }
        let store = Store::open(&path).unwrap();
        assert!(
            store.schema_version().unwrap() >= 4,
            "migration 4 (and any later) ran"
        );
        drop(store);
        tasks_are_tracked_and_kept(&|| Store::open(&path).unwrap());
    }

    #[test]
    fn tasks_are_tracked_and_kept_on_both_backends() {
        each_place(|place| tasks_are_tracked_and_kept(&|| place.open()));
    }

    /// `open` opens the same database each time.
    fn tasks_are_tracked_and_kept(open: &dyn Fn() -> Store) {
        let store = open();
        let account = store.ensure_sandbox_account().unwrap().id;
        assert!(store.tracked_tasks(account).unwrap().is_empty());

        store.save_task(account, &task(70001, "finished")).unwrap();
        store.save_task(account, &task(70002, "pending")).unwrap();
        let listed = store.tracked_tasks(account).unwrap();
        let ids: Vec<i64> = listed.iter().map(|t| t.task.id.0).collect();
        assert_eq!(ids, vec![70002, 70001], "most recently added first");
        assert!(listed[0].is_pending() && !listed[1].is_pending());
        assert_eq!(
            listed[1].task.final_price,
            Some(rust_decimal::Decimal::new(500, 0))
        );

        // An update keeps the place in the list; the data survives a reopen.
        store.save_task(account, &task(70002, "finished")).unwrap();
        drop(store);
        let store = open();
        let listed = store.tracked_tasks(account).unwrap();
        assert_eq!(listed[0].task.id, TaskId(70002));
        assert!(!listed[0].is_pending());
        assert_eq!(listed[0].task.created_logos.len(), 1);

        store.untrack_task(account, TaskId(70002)).unwrap();
        // The tracker's update of a removed task does not bring it back.
        assert_eq!(
            store
                .refresh_task(account, &task(70002, "finished"))
                .unwrap(),
            None
        );
        let ids: Vec<i64> = store
            .tracked_tasks(account)
            .unwrap()
            .iter()
            .map(|t| t.task.id.0)
            .collect();
        assert_eq!(ids, vec![70001]);
        // Another account sees none of them.
        assert!(store.tracked_tasks(AccountId(999)).unwrap().is_empty());
    }
}
