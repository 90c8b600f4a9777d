//! The sandbox's entities in memory ([`Db`]) and their bookkeeping: the next numbers to hand
//! out, what changed since the last write and its write to the store (or its undoing), the
//! schedule of what is due, who may see what. The parts (`logos`, `designs`, `orders`,
//! `vectorize`) each add their operations on [`Db`]; [`super::state`] guards it and moves what
//! is due on ([`Db::advance`]).

use std::collections::{BTreeMap, BTreeSet, HashMap};

use chrono::{DateTime, Utc};

use super::error::{Result, SandboxError};
use super::persist::{KeyRow, Row, Store};
use super::pictures::Pictures;
use super::records::{DesignRec, IdemRec, LogoRec, OrderRec, Org, TaskRec};
use crate::api::OrderStatus;

/// First logo id.
pub const LOGO_ID_BASE: i64 = 10001;
/// First logo item number.
pub const LOGO_ITEM_NO_BASE: i64 = 300001;
/// First design id.
pub const DESIGN_ID_BASE: i64 = 20001;
/// First design item number (`MUL200001`).
pub const DESIGN_MUL_BASE: i64 = 200001;
/// First order tracking id (order numbers are `SO-` and id + 50000).
pub const ORDER_ID_BASE: i64 = 50001;
/// First vectorize task id.
pub const TASK_ID_BASE: i64 = 70001;

/// Next numbers to hand out. Derived from the stored entities at start.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Counters {
    /// Next logo id.
    pub logo_id: i64,
    /// Next logo item number.
    pub logo_item_no: i64,
    /// Next design id.
    pub design_id: i64,
    /// Next design item number (the digits after `MUL`).
    pub design_mul: i64,
    /// Next order tracking id.
    pub order_id: i64,
    /// Next vectorize task id.
    pub task_id: i64,
}

/// Which entity changed, for write-through.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Changed {
    /// A logo.
    Logo(i64),
    /// A design.
    Design(i64),
    /// An order.
    Order(i64),
    /// A vectorize task.
    Task(i64),
    /// An idempotency key of an organization.
    Idempotency(i64, String),
}

/// Something that moves on by itself once its due time has come.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Due {
    /// A `Pending` order, by tracking id.
    Order(i64),
    /// A `pending` vectorize task, by id.
    Task(i64),
}

/// All state of one sandbox.
#[derive(Debug, Default)]
pub struct Db {
    /// Organizations by id.
    pub orgs: BTreeMap<i64, Org>,
    /// API key → organization.
    pub keys: HashMap<String, i64>,
    /// Logos by id.
    pub logos: BTreeMap<i64, LogoRec>,
    /// Designs by id.
    pub designs: BTreeMap<i64, DesignRec>,
    /// Orders by tracking id.
    pub orders: BTreeMap<i64, OrderRec>,
    /// Vectorize tasks by id.
    pub tasks: BTreeMap<i64, TaskRec>,
    /// Reserved idempotency keys per (target organization, key).
    pub idempotency: HashMap<(i64, String), IdemRec>,
    /// Next numbers.
    pub counters: Counters,
    /// Pending orders and tasks by due time, so that [`Db::advance`] (run before every
    /// request) costs nothing while nothing is due, however many orders there are.
    pub(super) due: BTreeSet<(DateTime<Utc>, Due)>,
    /// Entities changed since the last flush.
    pub(super) dirty: Vec<Changed>,
    /// Write-through store, when persistent.
    pub(super) store: Option<Store>,
    /// Where the pictures are (shared with [`super::SandboxState`], which reads them outside the
    /// state lock).
    pub pictures: Pictures,
}

impl Default for Counters {
    fn default() -> Self {
        Counters {
            logo_id: LOGO_ID_BASE,
            logo_item_no: LOGO_ITEM_NO_BASE,
            design_id: DESIGN_ID_BASE,
            design_mul: DESIGN_MUL_BASE,
            order_id: ORDER_ID_BASE,
            task_id: TASK_ID_BASE,
        }
    }
}

/// Hands out the counter's number and moves the counter on.
fn take_next(counter: &mut i64) -> i64 {
    let n = *counter;
    *counter += 1;
    n
}

impl Db {
    /// Records that an entity changed, so [`Db::flush`] writes it.
    pub fn touch(&mut self, c: Changed) {
        if !self.dirty.contains(&c) {
            self.dirty.push(c);
        }
    }

    /// Writes every changed entity to the store (no-op in memory).
    /// On failure the changes stay recorded, so the next flush tries them again.
    pub fn flush(&mut self) -> Result<()> {
        if self.dirty.is_empty() {
            return Ok(());
        }
        let Some(store) = self.store.as_ref() else {
            self.dirty.clear();
            return Ok(());
        };
        let dirty = &self.dirty;
        let mut rows = Vec::with_capacity(dirty.len());
        for c in dirty {
            let row = match c {
                Changed::Logo(id) => self
                    .logos
                    .get(id)
                    .map(|r| ("logo", *id, serde_json::to_string(r))),
                Changed::Design(id) => self
                    .designs
                    .get(id)
                    .map(|r| ("design", *id, serde_json::to_string(r))),
                Changed::Order(id) => self
                    .orders
                    .get(id)
                    .map(|r| ("order", *id, serde_json::to_string(r))),
                Changed::Task(id) => self
                    .tasks
                    .get(id)
                    .map(|r| ("task", *id, serde_json::to_string(r))),
                Changed::Idempotency(..) => None,
            };
            if let Some((kind, id, json)) = row {
                rows.push((kind, id, json?));
            }
        }
        let mut keys = Vec::new();
        for c in dirty {
            if let Changed::Idempotency(org, key) = c
                && let Some(rec) = self.idempotency.get(&(*org, key.clone()))
            {
                keys.push((
                    *org,
                    key.clone(),
                    serde_json::to_string(&rec.body)?,
                    rec.order_id,
                ));
            }
        }
        store.write(&rows, &keys)?;
        self.dirty.clear();
        Ok(())
    }

    /// Writes every entity (the demo data) to `store` in one transaction.
    pub fn seed(&self, store: &Store) -> Result<()> {
        let mut rows: Vec<Row> = Vec::new();
        for (id, r) in &self.logos {
            rows.push(("logo", *id, serde_json::to_string(r)?));
        }
        for (id, r) in &self.designs {
            rows.push(("design", *id, serde_json::to_string(r)?));
        }
        for (id, r) in &self.orders {
            rows.push(("order", *id, serde_json::to_string(r)?));
        }
        for (id, r) in &self.tasks {
            rows.push(("task", *id, serde_json::to_string(r)?));
        }
        let mut keys: Vec<KeyRow> = Vec::new();
        for ((org, key), rec) in &self.idempotency {
            keys.push((
                *org,
                key.clone(),
                serde_json::to_string(&rec.body)?,
                rec.order_id,
            ));
        }
        store.write(&rows, &keys)
    }

    /// Undoes every change not yet written: each changed entity and idempotency key is read
    /// back from the store as it was last written (or removed when it never was), then the
    /// counters and the schedule are derived again. Everything is read before anything is
    /// replaced, so a failed read leaves the state as it was (changes still pending).
    pub fn undo_unwritten(&mut self) -> Result<()> {
        let Some(store) = self.store.as_ref() else {
            return Ok(());
        };
        fn read<T: serde::de::DeserializeOwned>(
            store: &Store,
            kind: &str,
            id: i64,
        ) -> Result<(i64, Option<T>)> {
            let json = store.entity(kind, id)?;
            Ok((id, json.map(|j| serde_json::from_str(&j)).transpose()?))
        }
        let (mut logos, mut designs, mut orders, mut tasks, mut keys) =
            (Vec::new(), Vec::new(), Vec::new(), Vec::new(), Vec::new());
        for c in &self.dirty {
            match c {
                Changed::Logo(id) => logos.push(read::<LogoRec>(store, "logo", *id)?),
                Changed::Design(id) => designs.push(read::<DesignRec>(store, "design", *id)?),
                Changed::Order(id) => orders.push(read::<OrderRec>(store, "order", *id)?),
                Changed::Task(id) => tasks.push(read::<TaskRec>(store, "task", *id)?),
                Changed::Idempotency(org, key) => {
                    let rec = match store.idempotency_key(*org, key)? {
                        Some((body, order_id)) => Some(IdemRec {
                            body: serde_json::from_str(&body)?,
                            order_id,
                        }),
                        None => None,
                    };
                    keys.push(((*org, key.clone()), rec));
                }
            }
        }
        fn put<K: Ord, V>(map: &mut BTreeMap<K, V>, rows: Vec<(K, Option<V>)>) {
            for (k, v) in rows {
                match v {
                    Some(v) => map.insert(k, v),
                    None => map.remove(&k),
                };
            }
        }
        put(&mut self.logos, logos);
        put(&mut self.designs, designs);
        put(&mut self.orders, orders);
        put(&mut self.tasks, tasks);
        for (k, v) in keys {
            match v {
                Some(v) => self.idempotency.insert(k, v),
                None => self.idempotency.remove(&k),
            };
        }
        self.dirty.clear();
        self.reindex();
        Ok(())
    }

    /// Whether a caller of organization `caller` may see what `owner` owns: its own things
    /// and those of its child organizations.
    pub fn can_see(&self, caller: i64, owner: i64) -> bool {
        owner == caller || self.orgs.get(&owner).and_then(|o| o.parent) == Some(caller)
    }

    /// The organization a request is for: the caller's own when `requested` is absent or
    /// equal to it, a child of the caller's, or a 400 naming the rule.
    pub fn target_org(&self, caller: i64, requested: Option<i64>) -> Result<i64> {
        match requested {
            None => Ok(caller),
            Some(id) if id == caller => Ok(caller),
            Some(id) if self.orgs.get(&id).and_then(|o| o.parent) == Some(caller) => Ok(id),
            Some(id) => Err(SandboxError::bad(format!(
                "organizationId {id} is not the calling vendor's organization nor one of its child \
                 organizations; organizationId must identify an organization whose parentId is the \
                 calling vendor's organization ({caller})"
            ))),
        }
    }

    /// The next logo id.
    pub fn next_logo_id(&mut self) -> i64 {
        take_next(&mut self.counters.logo_id)
    }

    /// The next logo item number.
    pub fn next_logo_item_no(&mut self) -> i64 {
        take_next(&mut self.counters.logo_item_no)
    }

    /// The next design id.
    pub fn next_design_id(&mut self) -> i64 {
        take_next(&mut self.counters.design_id)
    }

    /// The next design item number, `MUL` and six digits.
    pub fn next_design_mul(&mut self) -> String {
        format!("MUL{:06}", take_next(&mut self.counters.design_mul))
    }

    /// The next order tracking id.
    pub fn next_order_id(&mut self) -> i64 {
        take_next(&mut self.counters.order_id)
    }

    /// The next vectorize task id.
    pub fn next_task_id(&mut self) -> i64 {
        take_next(&mut self.counters.task_id)
    }

    /// Schedules a pending order or task to move on at `at`.
    pub fn schedule(&mut self, at: DateTime<Utc>, what: Due) {
        self.due.insert((at, what));
    }

    /// Rebuilds what is derived from the stored entities: the counters (every next number
    /// above all stored ones) and the schedule of pending orders and tasks.
    pub fn reindex(&mut self) {
        self.derive_counters();
        self.due = self
            .orders
            .values()
            .filter(|o| o.status == OrderStatus::Pending)
            .map(|o| (o.due_at, Due::Order(o.id)))
            .chain(
                self.tasks
                    .iter()
                    .filter_map(|(id, t)| t.due_at.map(|d| (d, Due::Task(*id)))),
            )
            .collect();
    }

    /// Recomputes the counters so that every next number is above all stored ones.
    fn derive_counters(&mut self) {
        let base = Counters::default();
        let max_plus_one = |it: &mut dyn Iterator<Item = i64>, floor: i64| {
            it.max().map_or(floor, |m| (m + 1).max(floor))
        };
        self.counters = Counters {
            logo_id: max_plus_one(&mut self.logos.keys().copied(), base.logo_id),
            logo_item_no: max_plus_one(
                &mut self
                    .logos
                    .values()
                    .filter_map(|l| l.logo.logo_item_no.map(|n| n.0)),
                base.logo_item_no,
            ),
            design_id: max_plus_one(&mut self.designs.keys().copied(), base.design_id),
            design_mul: max_plus_one(
                &mut self.designs.values().filter_map(|d| {
                    d.design
                        .design_item_no
                        .as_ref()
                        .and_then(|m| m.as_str().strip_prefix("MUL"))
                        .and_then(|n| n.parse().ok())
                }),
                base.design_mul,
            ),
            order_id: max_plus_one(&mut self.orders.keys().copied(), base.order_id),
            task_id: max_plus_one(&mut self.tasks.keys().copied(), base.task_id),
        };
    }
}
