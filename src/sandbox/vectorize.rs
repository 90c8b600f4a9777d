//! Vectorize tasks: sandbox-only creation, and completion that creates real Done logos.

use chrono::{DateTime, Utc};
use rust_decimal::Decimal;
use serde_json::Value;

use super::db::{Changed, Db, Due};
use super::error::{Result, SandboxError};
use super::fixtures;
use super::logos::{NewLogo, build_logo};
use super::pricing;
use super::records::TaskRec;
use crate::api::{CreatedLogo, LogoStatus, LogoType, TaskStatus, VectorizeTask};

impl Db {
    /// A task the caller may see, or 404.
    pub fn visible_task(&self, caller: i64, id: i64) -> Result<&TaskRec> {
        self.tasks
            .get(&id)
            .filter(|t| self.can_see(caller, t.owner))
            .ok_or_else(|| SandboxError::not_found(format!("Vectorize task {id} was not found")))
    }

    /// Creates a pending task (`POST /sandbox/vectorize/tasks`, not part of the live API)
    /// from `{logoName, transferMethodKey?, organizationId?}`, due at `due`.
    pub fn create_task(
        &mut self,
        caller: i64,
        body: &Value,
        now: DateTime<Utc>,
        due: DateTime<Utc>,
    ) -> Result<VectorizeTask> {
        let obj = body
            .as_object()
            .ok_or_else(|| SandboxError::bad("The request body must be a JSON object"))?;
        let name = match obj.get("logoName") {
            Some(Value::String(s)) if !s.trim().is_empty() => super::logos::check_title(s)?,
            Some(Value::String(_)) | None | Some(Value::Null) => {
                return Err(SandboxError::bad("logoName is required"));
            }
            Some(_) => return Err(SandboxError::bad("logoName must be a string")),
        };
        let method = match obj.get("transferMethodKey") {
            None | Some(Value::Null) => pricing::DEFAULT_METHOD,
            Some(Value::String(s)) => pricing::method(s).map(|m| m.key).ok_or_else(|| {
                SandboxError::bad(format!(
                    "Unknown transferMethodKey {s:?}; known methods: {}",
                    pricing::method_keys()
                ))
            })?,
            Some(_) => return Err(SandboxError::bad("transferMethodKey must be a string")),
        };
        let org = match obj.get("organizationId") {
            None | Some(Value::Null) => None,
            Some(Value::Number(n)) if n.is_i64() => n.as_i64(),
            Some(_) => return Err(SandboxError::bad("organizationId must be an integer")),
        };
        let owner = self.target_org(caller, org)?;
        let id = self.next_task_id();
        let task = VectorizeTask {
            id: id.into(),
            status: TaskStatus::Pending,
            logo_name: name,
            transfer_method_key: method.to_owned(),
            min_price: Decimal::from(pricing::VECTORIZE_MIN_PRICE),
            max_price: Decimal::from(pricing::VECTORIZE_MAX_PRICE),
            currency: pricing::CURRENCY.to_owned(),
            created_at_utc: now,
            final_price: None,
            finished_at_utc: None,
            created_logos: Vec::new(),
        };
        self.tasks.insert(
            id,
            TaskRec {
                task: task.clone(),
                owner,
                due_at: Some(due),
            },
        );
        self.schedule(due, Due::Task(id));
        self.touch(Changed::Task(id));
        Ok(task)
    }

    /// Finishes a pending task: creates its Done logo (demo artwork) owned by the task's
    /// organization and fills `createdLogos`, `finalPrice` and `finishedAtUtc`.
    pub fn finish_task(&mut self, id: i64, now: DateTime<Utc>) {
        let Some(t) = self.tasks.get(&id) else {
            return;
        };
        if t.task.status != TaskStatus::Pending {
            return;
        }
        let finished_at = t.due_at.unwrap_or(now).min(now);
        let (owner, name, method) = (
            t.owner,
            t.task.logo_name.clone(),
            t.task.transfer_method_key.clone(),
        );
        let logo_id = self.next_logo_id();
        let item_no = self.next_logo_item_no();
        let mut art = fixtures::vectorized_art(id);
        art.title = name;
        // A picture that cannot be stored leaves the logo without previews rather than the
        // task pending forever.
        let pictures = art.store(&self.pictures).unwrap_or_else(|e| {
            tracing::warn!(task = id, error = %e, "vectorized logo's pictures not stored");
            Default::default()
        });
        let rec = build_logo(
            NewLogo {
                id: logo_id,
                owner,
                kind: LogoType::Transfer,
                method,
                method_confirmed: true,
                status: LogoStatus::Done,
                item_no: Some(item_no),
                storage_count: 0,
                created_at: finished_at,
            },
            art,
            pictures,
        );
        self.logos.insert(logo_id, rec);
        self.touch(Changed::Logo(logo_id));
        if let Some(t) = self.tasks.get_mut(&id) {
            t.task.status = TaskStatus::Finished;
            t.task.final_price = Some(
                Decimal::from(pricing::VECTORIZE_MIN_PRICE + pricing::VECTORIZE_MAX_PRICE)
                    / Decimal::TWO,
            );
            t.task.finished_at_utc = Some(finished_at);
            t.task.created_logos = vec![CreatedLogo {
                logo_id: logo_id.into(),
                logo_item_no: Some(item_no.into()),
            }];
            t.due_at = None;
        }
        self.touch(Changed::Task(id));
    }
}
