//! The club room over the team database: the sender's own connection (never the backend's,
//! so a club's page never waits behind an outbox), made again when it broke.

use super::page::{self, Choice, Correction, Field};
use super::{
    ClubRequestId, ClubRoom, Decided, Decision, Found, RoomError, Sender, TokenHash, time_text,
};
use crate::store::approvals::StoredProofStep;
use crate::store::club::StoredClubDecision;
use crate::store::{Store, StoreError};
use crate::sync::Lock as _;
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// Opens the room's connection to the team database.
pub type Connect = Box<dyn Fn() -> Result<Store, RoomError> + Send + Sync>;

/// [`ClubRoom`] on the team database.
pub struct StoreRoom {
    store: Mutex<Option<Store>>,
    connect: Connect,
}

impl StoreRoom {
    /// A room that connects with `connect` when it is first asked (and again after its
    /// connection broke).
    pub fn new(connect: Connect) -> StoreRoom {
        StoreRoom {
            store: Mutex::new(None),
            connect,
        }
    }

    /// A room on `store` (tests; `connect` for after it broke).
    pub fn on(store: Store, connect: Connect) -> StoreRoom {
        StoreRoom {
            store: Mutex::new(Some(store)),
            connect,
        }
    }

    /// Connects now in a thread of its own, trying again (after 1 s, doubling up to a minute)
    /// until it has: connecting writes the room's settings, which the desks read before they
    /// make a link — so the room cannot wait for a first page to be opened. The thread ends
    /// once connected, or once the room is gone.
    pub fn connect_soon(room: &Arc<StoreRoom>) {
        let weak = Arc::downgrade(room);
        let spawned = std::thread::Builder::new()
            .name("club-room-connect".into())
            .spawn(move || {
                let mut pause = Duration::from_secs(1);
                while let Some(room) = weak.upgrade() {
                    if room.store.locked().is_some() {
                        return;
                    }
                    // Connected outside the lock: a page asked for meanwhile is not held up
                    // by a database slow to answer.
                    match (room.connect)() {
                        Ok(store) => {
                            room.store.locked().get_or_insert(store);
                            return;
                        }
                        Err(e) => tracing::warn!(
                            error = %e,
                            retry_in = ?pause,
                            "the club room cannot reach the team database yet"
                        ),
                    }
                    drop(room);
                    std::thread::sleep(pause);
                    pause = (pause * 2).min(Duration::from_secs(60));
                }
            });
        if let Err(e) = spawned {
            // The first page opened connects instead.
            tracing::warn!(error = %e, "the club room's connection could not be started now");
        }
    }

    fn with<T>(&self, f: impl FnOnce(&Store) -> Result<T, StoreError>) -> Result<T, RoomError> {
        let mut held = self.store.locked();
        if held.is_none() {
            *held = Some((self.connect)()?);
        }
        let Some(store) = held.as_ref() else {
            return Err(RoomError::Busy);
        };
        let result = f(store);
        if let Err(e) = &result
            && e.is_team_unreachable()
        {
            // Connected again at the next call.
            *held = None;
        }
        Ok(result?)
    }
}

/// A line's corrections as the shop reads them in its note ("Row 7: Name “Berg” → “Bergh”."),
/// in the sender's language.
pub fn describe(corrections: &[&Correction]) -> String {
    corrections
        .iter()
        .map(|c| {
            let field = match c.field {
                Field::Name => crate::tr!("club-name"),
                Field::Number => crate::tr!("club-number"),
                Field::Size => crate::tr!("club-size"),
            };
            crate::tr!(
                "club-done-correction",
                n = (c.row + 1).to_string(),
                field = field,
                was = c.was.as_str(),
                now = c.now.as_str()
            ) + "."
        })
        .collect::<Vec<_>>()
        .join(" ")
}

impl ClubRoom for StoreRoom {
    fn find(&self, hash: &TokenHash) -> Result<Option<Found>, RoomError> {
        Ok(self
            .with(|s| s.club_request(&hash.0))?
            .map(Found::from_stored))
    }

    fn picture(&self, id: ClubRequestId, n: u32) -> Result<Option<Vec<u8>>, RoomError> {
        self.with(|s| s.club_picture(id.0, n))
    }

    fn decide(
        &self,
        found: &Found,
        decision: &Decision,
        sender: &Sender,
    ) -> Result<Decided, RoomError> {
        let at = time_text(chrono::Utc::now());
        let lines = page::outcomes(&found.page, decision, describe);
        let (note, corrections) = match &decision.choice {
            Choice::AskChanges { note } => (note.clone(), Vec::new()),
            Choice::Correct { corrections } => (decision.note.clone(), corrections.clone()),
            Choice::Approve => (decision.note.clone(), Vec::new()),
        };
        let stored = StoredClubDecision {
            kind: decision.choice.kind().to_owned(),
            who: decision.who.clone(),
            note,
            corrections_json: serde_json::to_string(&corrections).unwrap_or_else(|_| "[]".into()),
            shown_hash: found.shown_hash.clone(),
            ip: sender.ip.clone(),
            browser: sender.browser.clone(),
            at: at.clone(),
        };
        let steps: Vec<StoredProofStep> = lines
            .iter()
            .map(|line| StoredProofStep {
                line: line.key.clone(),
                status: line.status.as_str().to_owned(),
                who: decision.who.clone(),
                note: line.note.clone(),
                at: at.clone(),
                proof_file: None,
                proof_hash: None,
                snapshot_json: serde_json::to_string(&line.snapshot)
                    .unwrap_or_else(|_| "{}".into()),
            })
            .collect();
        let recorded =
            self.with(|s| s.record_club_decision(found.id.0, found.subject, &stored, &steps))?;
        Ok(if recorded {
            Decided::Recorded
        } else {
            Decided::Already
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::club::page::{ClubPage, PageLine, PageRow};
    use crate::club::{ClubToken, RequestState};
    use crate::orders::approval::{LineSnapshot, SnapshotRow};
    use crate::store::club::NewClubRequest;
    use crate::store::testing::pg_client;
    use crate::store::{LocalOrderId, TEAM_IDS_FROM};

    /// The sender's room on a real PostgreSQL: a correction of one row is recorded once, as
    /// "changes asked" of its line with the correction in the note, the other line approved.
    #[test]
    fn a_correction_reaches_the_lines_proof_steps_once() {
        let row = |name: &str| SnapshotRow {
            size: "M".into(),
            quantity: "1".into(),
            name: name.into(),
            number: "7".into(),
            values: Vec::new(),
        };
        let line = |key: &str, names: &[&str]| PageLine {
            key: key.into(),
            title: key.into(),
            snapshot: LineSnapshot {
                design: key.into(),
                rows: names.iter().map(|n| row(n)).collect(),
            },
            rows: names
                .iter()
                .map(|n| PageRow {
                    name: (*n).into(),
                    number: "7".into(),
                    size: "M".into(),
                    asked: true,
                    ..Default::default()
                })
                .collect(),
        };
        let page = ClubPage {
            shop: "Sportigan".into(),
            lines: vec![
                line("20001#0", &["Hansen", "Berg"]),
                line("30001#0", &["Ib"]),
            ],
            ..Default::default()
        };
        let store = crate::store::Store::open_postgres(pg_client().0).unwrap();
        let order = LocalOrderId(TEAM_IDS_FROM + 7);
        let token = ClubToken::generate().unwrap();
        store
            .create_club_request(
                crate::store::club::ClubSubject::Order(order),
                &NewClubRequest {
                    token_hash: token.hash().0,
                    contact_name: "Mette".into(),
                    language: "da".into(),
                    page_json: serde_json::to_string(&page).unwrap(),
                    shown_hash: page.shown_hash(&[]),
                    created_at: time_text(chrono::Utc::now()),
                    expires_at: time_text(chrono::Utc::now() + chrono::Duration::days(14)),
                    ..Default::default()
                },
            )
            .unwrap();
        let room = StoreRoom::on(store, Box::new(|| Err(RoomError::Busy)));
        let found = room.find(&token.hash()).unwrap().unwrap();
        assert_eq!(
            (found.state, found.page.clone()),
            (RequestState::Open, page)
        );
        let posted = super::super::form::Posted::parse(
            format!(
                "shown={}&who=Mette+Hansen&choice=correct&r-0-1-name=Bergh&r-0-0-name=Hansen",
                found.shown_hash
            )
            .as_bytes(),
        );
        let decision = posted.decision(&found.page, &found.shown_hash).unwrap();
        let sender = Sender::default();
        assert_eq!(
            room.decide(&found, &decision, &sender).unwrap(),
            Decided::Recorded
        );
        assert_eq!(
            room.decide(&found, &decision, &sender).unwrap(),
            Decided::Already
        );
        let steps = room.with(|s| s.proof_steps(order)).unwrap();
        assert_eq!(steps.len(), 2, "{steps:?}");
        assert_eq!(steps[0].status, "changes_asked");
        assert!(steps[0].note.contains("Bergh"), "{}", steps[0].note);
        assert_eq!(steps[1].status, "approved");
        let again = room.find(&token.hash()).unwrap().unwrap();
        let recorded = again.decision.unwrap();
        assert_eq!(
            (recorded.kind.as_str(), recorded.corrections.len()),
            ("corrected", 1)
        );
    }
}
