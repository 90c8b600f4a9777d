//! The club room's rows (team migrations 11 and 12): the links made for clubs, the pictures
//! their pages show, the decisions, and the room's own settings. A link asks about one
//! [`ClubSubject`]: an order's design lines, or a logo draft before it is committed. They live in the team database
//! only (the room is served by the team's sender): a desk alone is told what the club room
//! needs ([`StoreError::ClubNeedsTeam`]). Rows are plain text here; [`crate::club`] reads
//! them (`Found::from_stored`) and says what they mean.
//!
//! An order's decision is written with its design lines' `proof_steps` in one transaction
//! (a logo's has none), and only
//! if the request is open and has none yet (`club_decisions`' primary key): a double tap, a
//! retried POST or a sender killed between the two writes leaves exactly one decision or
//! none.

use super::approvals::StoredProofStep;
use super::db::{Db, Dialect, Row, Value, params};
use super::{AccountId, LocalOrderId, Store, StoreError};
use crate::api::LogoId;

/// What a club is asked to approve.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ClubSubject {
    /// An order's design lines (its row's id).
    Order(LocalOrderId),
    /// A logo draft of an account, before *Commit…*.
    Logo { account: AccountId, logo: LogoId },
}

impl ClubSubject {
    /// Its rows' condition on `club_requests r`, and its values (`$1`, `$2`).
    fn condition(self) -> (&'static str, Vec<Value>) {
        match self {
            ClubSubject::Order(order) => ("r.order_id = $1", vec![Value::from(order.0)]),
            ClubSubject::Logo { account, logo } => (
                "r.account_id = $1 AND r.logo_id = $2",
                vec![Value::from(account.0), Value::from(logo.0)],
            ),
        }
    }

    /// Its columns `order_id`, `account_id` and `logo_id` (one subject: the others NULL).
    fn columns(self) -> (Option<i64>, Option<i64>, Option<i64>) {
        match self {
            ClubSubject::Order(order) => (Some(order.0), None, None),
            ClubSubject::Logo { account, logo } => (None, Some(account.0), Some(logo.0)),
        }
    }

    /// The order it is, if it is one.
    pub fn order(self) -> Option<LocalOrderId> {
        match self {
            ClubSubject::Order(order) => Some(order),
            ClubSubject::Logo { .. } => None,
        }
    }
}

impl std::fmt::Display for ClubSubject {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ClubSubject::Order(order) => write!(f, "order {order}"),
            ClubSubject::Logo { account, logo } => {
                write!(f, "logo {} of account {}", logo.0, account.0)
            }
        }
    }
}

/// The room's settings, as the sender that serves it wrote them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClubRoomSettings {
    /// The address in the links (`https://klub.sportigan.dk`).
    pub public_url: String,
    pub shop: String,
    pub terms: String,
    pub link_days: i64,
    pub served_since: String,
}

/// A link to make (times as the store's time text).
#[derive(Debug, Clone, Default)]
pub struct NewClubRequest {
    /// SHA-256 of the link's secret, hex.
    pub token_hash: String,
    pub contact_name: String,
    pub contact_email: String,
    /// `da` or `en`.
    pub language: String,
    pub page_json: String,
    pub shown_hash: String,
    /// The page's pictures, numbered from 0.
    pub pictures: Vec<Vec<u8>>,
    /// Who asked (empty: this desk's name on the team).
    pub asked_by: String,
    pub created_at: String,
    pub expires_at: String,
}

/// A request as stored, with its decision.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredClubRequest {
    pub id: i64,
    pub subject: ClubSubject,
    pub contact_name: String,
    pub contact_email: String,
    pub language: String,
    pub page_json: String,
    pub shown_hash: String,
    pub asked_by: String,
    pub created_at: String,
    pub expires_at: String,
    pub revoked_at: Option<String>,
    /// The request that replaced it (*Resend*); revoked without one: withdrawn.
    pub replaced_by: Option<i64>,
    pub decision: Option<StoredClubDecision>,
}

/// A decision as stored.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct StoredClubDecision {
    /// `approved`, `changes_asked` or `corrected`.
    pub kind: String,
    pub who: String,
    pub note: String,
    pub corrections_json: String,
    pub shown_hash: String,
    pub ip: String,
    pub browser: String,
    pub at: String,
}

const REQUEST_COLUMNS: &str =
    "r.id, r.order_id, r.account_id, r.logo_id, r.contact_name, r.contact_email, r.language,
    r.page_json, r.shown_hash, r.asked_by, r.created_at, r.expires_at, r.revoked_at,
    r.replaced_by, d.kind, d.who, d.note, d.corrections_json, d.shown_hash AS d_shown,
    d.ip, d.browser, d.at AS d_at";

fn read_request(r: &Row) -> Result<StoredClubRequest, StoreError> {
    let kind: Option<String> = r.get("kind")?;
    let decision = match kind {
        None => None,
        Some(kind) => Some(StoredClubDecision {
            kind,
            who: r.get("who")?,
            note: r.get("note")?,
            corrections_json: r.get("corrections_json")?,
            shown_hash: r.get("d_shown")?,
            ip: r.get("ip")?,
            browser: r.get("browser")?,
            at: r.get("d_at")?,
        }),
    };
    let order: Option<i64> = r.get("order_id")?;
    let logo: Option<i64> = r.get("logo_id")?;
    let subject = match (order, logo) {
        (Some(order), _) => ClubSubject::Order(LocalOrderId(order)),
        (None, Some(logo)) => ClubSubject::Logo {
            account: AccountId(r.get::<Option<i64>>("account_id")?.unwrap_or_default()),
            logo: LogoId(logo),
        },
        // The table's CHECK makes every row name one.
        (None, None) => {
            return Err(StoreError::Column {
                column: "club_requests.logo_id".into(),
                wanted: "a subject",
            });
        }
    };
    Ok(StoredClubRequest {
        id: r.get("id")?,
        subject,
        contact_name: r.get("contact_name")?,
        contact_email: r.get("contact_email")?,
        language: r.get("language")?,
        page_json: r.get("page_json")?,
        shown_hash: r.get("shown_hash")?,
        asked_by: r.get("asked_by")?,
        created_at: r.get("created_at")?,
        expires_at: r.get("expires_at")?,
        revoked_at: r.get("revoked_at")?,
        replaced_by: r.get("replaced_by")?,
        decision,
    })
}

impl Store {
    /// The database that keeps the club room: the store's own when it is the team's (the
    /// sender's room), else the attached team database.
    fn club_db(&self) -> Result<&Db, StoreError> {
        if self.db.dialect() == Dialect::Postgres {
            return Ok(&self.db);
        }
        match self.team_db() {
            Err(StoreError::TeamNotConnected) => Err(StoreError::ClubNeedsTeam),
            other => other,
        }
    }

    /// The database of `subject`'s club requests: the team's, where its row is (the order's,
    /// or the logo's account's).
    fn club_db_of(&self, subject: ClubSubject) -> Result<&Db, StoreError> {
        let db = match subject {
            ClubSubject::Order(order) => self.on_order(order)?,
            ClubSubject::Logo { account, .. } => self.on_account(account)?,
        };
        if db.dialect() == Dialect::Postgres {
            Ok(db)
        } else if self.team_db().is_ok() {
            Err(StoreError::ClubDeskRow)
        } else {
            Err(StoreError::ClubNeedsTeam)
        }
    }

    /// Whether `subject` can be asked about on the club's page: its row (its account's, for
    /// a logo) is the team's ([`StoreError::ClubDeskRow`] for a desk's own row,
    /// [`StoreError::ClubNeedsTeam`] on a desk without a team).
    pub fn club_can_ask(&self, subject: ClubSubject) -> Result<(), StoreError> {
        self.club_db_of(subject).map(drop)
    }

    /// Writes the room's settings (the sender serving it, at its start).
    pub fn set_club_room(&self, settings: &ClubRoomSettings) -> Result<(), StoreError> {
        self.club_db()?.execute(
            "INSERT INTO club_room (id, public_url, shop, terms, link_days, served_since)
             VALUES (1, $1, $2, $3, $4, $5)
             ON CONFLICT (id) DO UPDATE SET public_url = EXCLUDED.public_url,
                 shop = EXCLUDED.shop, terms = EXCLUDED.terms,
                 link_days = EXCLUDED.link_days, served_since = EXCLUDED.served_since",
            &params![
                settings.public_url.as_str(),
                settings.shop.as_str(),
                settings.terms.as_str(),
                settings.link_days,
                settings.served_since.as_str(),
            ],
        )?;
        Ok(())
    }

    /// The room's settings, if a sender serves it (at an address: settings without one are
    /// no room a link could go to).
    pub fn club_room(&self) -> Result<Option<ClubRoomSettings>, StoreError> {
        self.club_db()?
            .query_opt(
                "SELECT public_url, shop, terms, link_days, served_since FROM club_room
                 WHERE id = 1 AND btrim(public_url) <> ''",
                &[],
            )?
            .map(|r| {
                Ok(ClubRoomSettings {
                    public_url: r.get("public_url")?,
                    shop: r.get("shop")?,
                    terms: r.get("terms")?,
                    link_days: r.get("link_days")?,
                    served_since: r.get("served_since")?,
                })
            })
            .transpose()
    }

    /// Makes a link's request for `subject`: its older links are revoked (replaced by this
    /// one), the pictures stored with it. One transaction; answers its id.
    pub fn create_club_request(
        &self,
        subject: ClubSubject,
        new: &NewClubRequest,
    ) -> Result<i64, StoreError> {
        let db = self.club_db_of(subject)?;
        let (order, account, logo) = subject.columns();
        // Who asked: as given, else this desk's name on the team.
        let asked_by = Some(new.asked_by.trim().to_owned())
            .filter(|s| !s.is_empty())
            .or_else(|| self.desk_name())
            .unwrap_or_default();
        db.transaction(|db| {
            let id: i64 = db
                .query_row(
                    "INSERT INTO club_requests (token_hash, order_id, account_id, logo_id,
                         contact_name, contact_email, language, page_json, shown_hash, asked_by,
                         created_at, expires_at)
                     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING id",
                    &params![
                        new.token_hash.as_str(),
                        order,
                        account,
                        logo,
                        new.contact_name.trim(),
                        new.contact_email.trim(),
                        new.language.as_str(),
                        new.page_json.as_str(),
                        new.shown_hash.as_str(),
                        asked_by.as_str(),
                        new.created_at.as_str(),
                        new.expires_at.as_str(),
                    ],
                )?
                .get(0)?;
            let (condition, mut values) = subject.condition();
            let n = values.len();
            values.extend([Value::from(id), Value::from(new.created_at.as_str())]);
            db.execute(
                &format!(
                    "UPDATE club_requests r SET revoked_at = ${}, replaced_by = ${}
                     WHERE {condition} AND r.id <> ${} AND r.revoked_at IS NULL",
                    n + 2,
                    n + 1,
                    n + 1
                ),
                &values,
            )?;
            for (n, png) in new.pictures.iter().enumerate() {
                db.execute(
                    "INSERT INTO club_pictures (request_id, n, png) VALUES ($1, $2, $3)",
                    &params![id, n as i64, png.as_slice()],
                )?;
            }
            Ok::<_, StoreError>(id)
        })
    }

    /// Revokes `subject`'s open link at `at` (*Withdraw*); whether there was one. A request
    /// the club answered stays as it is (a desk's stale "waiting" cannot withdraw an answer).
    pub fn withdraw_club_request(
        &self,
        subject: ClubSubject,
        at: &str,
    ) -> Result<bool, StoreError> {
        let (condition, mut values) = subject.condition();
        let n = values.len() + 1;
        values.push(Value::from(at));
        let changed = self.club_db_of(subject)?.execute(
            &format!(
                "UPDATE club_requests r SET revoked_at = ${n}
                 WHERE {condition} AND r.revoked_at IS NULL
                     AND NOT EXISTS (SELECT 1 FROM club_decisions d WHERE d.request_id = r.id)"
            ),
            &values,
        )?;
        Ok(changed > 0)
    }

    /// The newest request of `subject`, with its decision (none for a desk's own row).
    pub fn club_request_of(
        &self,
        subject: ClubSubject,
    ) -> Result<Option<StoredClubRequest>, StoreError> {
        self.newest_club_request(subject, "")
    }

    /// The newest request of `order` whose decision approved rows (an approval, or a
    /// correction's approved rest): which rows the next link need not ask.
    pub fn club_approved_before(
        &self,
        order: LocalOrderId,
    ) -> Result<Option<StoredClubRequest>, StoreError> {
        self.newest_club_request(
            ClubSubject::Order(order),
            "AND d.kind IN ('approved', 'corrected')",
        )
    }

    fn newest_club_request(
        &self,
        subject: ClubSubject,
        filter: &str,
    ) -> Result<Option<StoredClubRequest>, StoreError> {
        let db = match self.club_db_of(subject) {
            Ok(db) => db,
            Err(StoreError::ClubNeedsTeam | StoreError::ClubDeskRow) => return Ok(None),
            Err(e) => return Err(e),
        };
        let (condition, values) = subject.condition();
        let sql = format!(
            "SELECT {REQUEST_COLUMNS} FROM club_requests r
             LEFT JOIN club_decisions d ON d.request_id = r.id
             WHERE {condition} {filter} ORDER BY r.id DESC LIMIT 1"
        );
        db.query_opt(&sql, &values)?
            .map(|r| read_request(&r))
            .transpose()
    }

    /// The request whose link hashes to `token_hash`.
    pub fn club_request(&self, token_hash: &str) -> Result<Option<StoredClubRequest>, StoreError> {
        let sql = format!(
            "SELECT {REQUEST_COLUMNS} FROM club_requests r
             LEFT JOIN club_decisions d ON d.request_id = r.id
             WHERE r.token_hash = $1"
        );
        self.club_db()?
            .query_opt(&sql, &params![token_hash])?
            .map(|r| read_request(&r))
            .transpose()
    }

    /// Picture `n` of request `id`.
    pub fn club_picture(&self, id: i64, n: u32) -> Result<Option<Vec<u8>>, StoreError> {
        self.club_db()?
            .query_opt(
                "SELECT png FROM club_pictures WHERE request_id = $1 AND n = $2",
                &params![id, i64::from(n)],
            )?
            .map(|r| r.get(0))
            .transpose()
    }

    /// Records `decision` on request `request` of `subject`, and for an order `steps` (what
    /// it means for each design line; each names its line's newest proof sheet), unless the
    /// request is no longer open, has a decision or is another subject's: one transaction.
    /// Whether it was recorded now. A logo's decision has no steps (`steps` is then empty).
    pub fn record_club_decision(
        &self,
        request: i64,
        subject: ClubSubject,
        decision: &StoredClubDecision,
        steps: &[StoredProofStep],
    ) -> Result<bool, StoreError> {
        // A logo has no design lines: nothing of `steps` is written for it.
        let (order, steps) = match subject {
            ClubSubject::Order(order) => (order, steps),
            ClubSubject::Logo { .. } => (LocalOrderId(0), &[][..]),
        };
        let (order_id, account_id, logo_id) = subject.columns();
        let db = self.club_db()?;
        db.transaction(|db| {
            let taken = db.execute(
                "INSERT INTO club_decisions (request_id, kind, who, note, corrections_json,
                     shown_hash, ip, browser, at)
                 SELECT $1, $2, $3, $4, $5, $6, $7, $8, $9
                 WHERE EXISTS (SELECT 1 FROM club_requests WHERE id = $1 AND revoked_at IS NULL
                     AND order_id IS NOT DISTINCT FROM $10
                     AND account_id IS NOT DISTINCT FROM $11
                     AND logo_id IS NOT DISTINCT FROM $12)
                 ON CONFLICT (request_id) DO NOTHING",
                &params![
                    request,
                    decision.kind.as_str(),
                    decision.who.as_str(),
                    decision.note.as_str(),
                    decision.corrections_json.as_str(),
                    decision.shown_hash.as_str(),
                    decision.ip.as_str(),
                    decision.browser.as_str(),
                    decision.at.as_str(),
                    order_id,
                    account_id,
                    logo_id,
                ],
            )?;
            if taken == 0 {
                return Ok::<_, StoreError>(false);
            }
            for step in steps {
                let proof = db.query_opt(
                    "SELECT proof_file, proof_hash FROM proof_steps
                     WHERE order_id = $1 AND line_key = $2 AND proof_hash IS NOT NULL
                     ORDER BY id DESC LIMIT 1",
                    &params![order.0, step.line.as_str()],
                )?;
                let (proof_file, proof_hash) = match proof {
                    Some(r) => (r.get("proof_file")?, r.get("proof_hash")?),
                    None => (None, None),
                };
                let step = StoredProofStep {
                    proof_file,
                    proof_hash,
                    ..step.clone()
                };
                let origin = format!("club:{request}:{}", step.line);
                super::approvals::insert_step(db, order, &step, Some(&origin))?;
            }
            Ok(true)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::TEAM_IDS_FROM;
    use crate::store::testing::pg_client;

    fn new_request(hash: &str) -> NewClubRequest {
        NewClubRequest {
            token_hash: hash.into(),
            contact_name: " Mette Hansen ".into(),
            contact_email: "mette@fcn.dk".into(),
            language: "da".into(),
            page_json: r#"{"reference":"FCN-2027"}"#.into(),
            shown_hash: "shown-1".into(),
            pictures: vec![b"png-0".to_vec(), b"png-1".to_vec()],
            asked_by: "Anna".into(),
            created_at: "2026-12-03T14:02:00.000Z".into(),
            expires_at: "2026-12-17T14:02:00.000Z".into(),
        }
    }

    fn approved(who: &str) -> StoredClubDecision {
        StoredClubDecision {
            kind: "approved".into(),
            who: who.into(),
            corrections_json: "[]".into(),
            shown_hash: "shown-1".into(),
            ip: "192.0.2.7".into(),
            browser: "Phone".into(),
            at: "2026-12-03T14:05:00.000Z".into(),
            ..Default::default()
        }
    }

    fn step(who: &str) -> StoredProofStep {
        StoredProofStep {
            line: "20001#0".into(),
            status: "approved".into(),
            who: who.into(),
            at: "2026-12-03T14:05:00.000Z".into(),
            snapshot_json: r#"{"design":"20001","rows":[]}"#.into(),
            ..Default::default()
        }
    }

    /// A link's request is found by its hash only; a second link revokes the first; a
    /// decision is recorded once, with its proof steps naming the sheet sent, whatever
    /// arrives twice; a withdrawn link takes none.
    #[test]
    fn a_decision_is_recorded_once_with_its_proof_steps() {
        let store = Store::open_postgres(pg_client().0).unwrap();
        let order = LocalOrderId(TEAM_IDS_FROM + 41);
        let subject = ClubSubject::Order(order);
        let sent = StoredProofStep {
            status: "sent".into(),
            proof_file: Some("41/abc.pdf".into()),
            proof_hash: Some("abc".into()),
            ..step("")
        };
        store.record_proof_step(order, &sent).unwrap();
        let id = store
            .create_club_request(subject, &new_request("h1"))
            .unwrap();
        let found = store.club_request("h1").unwrap().unwrap();
        assert_eq!((found.id, found.subject), (id, subject));
        assert_eq!(
            (found.contact_name.as_str(), found.revoked_at),
            ("Mette Hansen", None)
        );
        assert_eq!(
            store.club_picture(id, 1).unwrap().as_deref(),
            Some(&b"png-1"[..])
        );
        assert_eq!(store.club_picture(id, 2).unwrap(), None);
        assert!(store.club_request("h0").unwrap().is_none());

        let record = || {
            store
                .record_club_decision(
                    id,
                    subject,
                    &approved("Mette Hansen"),
                    &[step("Mette Hansen")],
                )
                .unwrap()
        };
        assert!(record());
        assert!(
            !record(),
            "a second decision on the same request is not taken"
        );
        let steps = store.proof_history(order).unwrap();
        assert_eq!(steps.len(), 2, "{steps:?}");
        assert_eq!(
            (
                steps[1].status.as_str(),
                steps[1].who.as_str(),
                steps[1].proof_hash.as_deref()
            ),
            ("approved", "Mette Hansen", Some("abc"))
        );
        let newest = store.club_request_of(subject).unwrap().unwrap();
        assert_eq!(newest.decision.unwrap().ip, "192.0.2.7");
        assert_eq!(store.club_approved_before(order).unwrap().unwrap().id, id);

        // Resend: the old link is replaced by the new one, which is open.
        let second = store
            .create_club_request(subject, &new_request("h2"))
            .unwrap();
        let old = store.club_request("h1").unwrap().unwrap();
        assert_eq!(old.replaced_by, Some(second));
        assert!(
            store
                .club_request("h2")
                .unwrap()
                .unwrap()
                .revoked_at
                .is_none()
        );
        assert!(
            store
                .withdraw_club_request(subject, "2026-12-03T15:00:00.000Z")
                .unwrap()
        );
        let withdrawn = store.club_request("h2").unwrap().unwrap();
        assert_eq!(
            (withdrawn.revoked_at.is_some(), withdrawn.replaced_by),
            (true, None)
        );
        assert!(
            !store
                .record_club_decision(second, subject, &approved("X"), &[step("X")])
                .unwrap()
        );
        assert_eq!(store.proof_history(order).unwrap().len(), 2);
    }

    #[test]
    fn a_desk_alone_is_told_what_the_club_room_needs() {
        let store = Store::open_in_memory().unwrap();
        let refused = store
            .create_club_request(ClubSubject::Order(LocalOrderId(3)), &new_request("h"))
            .unwrap_err();
        assert!(matches!(refused, StoreError::ClubNeedsTeam), "{refused:?}");
        assert!(matches!(store.club_room(), Err(StoreError::ClubNeedsTeam)));
        assert_eq!(
            store
                .club_request_of(ClubSubject::Order(LocalOrderId(3)))
                .unwrap(),
            None
        );
    }

    /// A sender that starts serving the room writes its settings; the desks hear it (the
    /// team's `NOTIFY`), so a draft shown as "no sender serves the club room" can be asked
    /// about without being opened again.
    #[test]
    fn the_room_served_is_announced_to_the_desks() {
        let (client, name) = pg_client();
        let store = Store::open_postgres(client).unwrap();
        let mut desk = crate::store::testing::pg_connect(&name);
        desk.batch_execute("LISTEN logodesk").unwrap();
        store
            .set_club_room(&ClubRoomSettings {
                public_url: "https://klub.example.dk".into(),
                shop: "Sportigan".into(),
                terms: String::new(),
                link_days: 14,
                served_since: "2026-12-03T14:00:00.000Z".into(),
            })
            .unwrap();
        use postgres::fallible_iterator::FallibleIterator as _;
        let heard = desk
            .notifications()
            .timeout_iter(std::time::Duration::from_secs(5))
            .find(|n| Ok(n.payload() == "club_room"))
            .unwrap();
        assert!(heard.is_some(), "no notification of the room's settings");
        assert!(
            store.club_room().unwrap().is_some(),
            "the settings are there"
        );
    }

    /// On a team, a draft of the team's may be asked about; a draft the desk kept for itself
    /// may not (its row is not in the database the club room reads).
    #[test]
    fn only_a_teams_row_can_be_asked_about() {
        let (client, _) = pg_client();
        let dir = tempfile::tempdir().unwrap();
        let mut anna = Store::open(&dir.path().join("logodesk.sqlite")).unwrap();
        let own = anna.ensure_sandbox_account().unwrap().id;
        let mine = anna.create_draft(own, "{}", "PO-MINE", "Club").unwrap().id;
        anna.attach_team(client, "Anna").unwrap();
        let account = anna
            .insert_account(&crate::store::NewAccount {
                name: "Club".into(),
                base_url: "http://127.0.0.1:9/".parse().unwrap(),
                auth: crate::api::AuthStyle::Bearer,
                organization_id: None,
                key_location: crate::store::KeyLocation::Keychain,
            })
            .unwrap()
            .id;
        let team = anna
            .create_draft(account, "{}", "PO-TEAM", "Club")
            .unwrap()
            .id;
        anna.club_can_ask(ClubSubject::Order(team)).unwrap();
        let refused = anna.club_can_ask(ClubSubject::Order(mine)).unwrap_err();
        assert!(matches!(refused, StoreError::ClubDeskRow), "{refused:?}");
        assert!(refused.to_string().contains("Sandbox"), "{refused}");
        // A logo draft goes with its account.
        let logo = LogoId(7);
        anna.club_can_ask(ClubSubject::Logo { account, logo })
            .unwrap();
        let refused = anna
            .club_can_ask(ClubSubject::Logo { account: own, logo })
            .unwrap_err();
        assert!(matches!(refused, StoreError::ClubDeskRow), "{refused:?}");
    }

    /// A logo draft's link: found by its hash, its older link of the same logo replaced (not
    /// another logo's nor an order's), its decision recorded once and without proof steps.
    #[test]
    fn a_logo_drafts_request_is_its_own_and_decided_once() {
        let (client, name) = pg_client();
        let store = Store::open_postgres(client).unwrap();
        let account = AccountId(TEAM_IDS_FROM + 3);
        let logo = |n| ClubSubject::Logo {
            account,
            logo: LogoId(n),
        };
        let order = ClubSubject::Order(LocalOrderId(TEAM_IDS_FROM + 5));
        let first = store
            .create_club_request(logo(70), &new_request("l1"))
            .unwrap();
        store
            .create_club_request(logo(71), &new_request("l2"))
            .unwrap();
        store
            .create_club_request(order, &new_request("o1"))
            .unwrap();
        let second = store
            .create_club_request(logo(70), &new_request("l3"))
            .unwrap();
        let read = |h: &str| store.club_request(h).unwrap().unwrap();
        assert_eq!(read("l1").replaced_by, Some(second));
        assert_eq!(read("l1").subject, logo(70));
        assert!(read("l2").revoked_at.is_none(), "another logo's link stays");
        assert!(read("o1").revoked_at.is_none(), "an order's link stays");
        assert_eq!(store.club_request_of(logo(70)).unwrap().unwrap().id, second);
        assert!(
            !store
                .record_club_decision(first, logo(70), &approved("Mette"), &[])
                .unwrap(),
            "a replaced link takes no decision"
        );
        assert!(
            store
                .record_club_decision(second, logo(70), &approved("Mette"), &[step("Mette")])
                .unwrap()
        );
        assert!(
            !store
                .record_club_decision(second, logo(70), &approved("Mette"), &[])
                .unwrap()
        );
        let decided = store.club_request_of(logo(70)).unwrap().unwrap();
        assert_eq!(decided.decision.unwrap().who, "Mette");
        assert!(
            !store
                .withdraw_club_request(logo(70), "2026-12-03T15:00:00.000Z")
                .unwrap(),
            "an answered request is not withdrawn"
        );
        assert!(read("l3").revoked_at.is_none());
        assert!(
            store.proof_history(LocalOrderId(0)).unwrap().is_empty(),
            "a logo's decision writes no proof step"
        );
        assert!(
            store
                .withdraw_club_request(logo(71), "2026-12-03T15:00:00.000Z")
                .unwrap()
        );
        assert!(read("l2").revoked_at.is_some());
        assert!(read("o1").revoked_at.is_none());

        // The same logo id of another account (another organization's, on the same team)
        // is another draft: its request replaces nothing of the first's and takes its own
        // decision.
        let elsewhere = ClubSubject::Logo {
            account: AccountId(TEAM_IDS_FROM + 4),
            logo: LogoId(70),
        };
        let theirs = store
            .create_club_request(elsewhere, &new_request("x1"))
            .unwrap();
        assert!(read("l3").replaced_by.is_none() && read("l3").revoked_at.is_none());
        assert_eq!(
            store.club_request_of(elsewhere).unwrap().unwrap().id,
            theirs
        );
        assert!(
            !store
                .record_club_decision(theirs, logo(70), &approved("Mette"), &[])
                .unwrap(),
            "a decision names its own request's subject"
        );
        assert!(
            store
                .club_request_of(elsewhere)
                .unwrap()
                .unwrap()
                .decision
                .is_none()
        );

        // A row written by hand naming both an order and a logo, or neither, is refused.
        let mut by_hand = crate::store::testing::pg_connect(&name);
        for (order, logo) in [("5", "70"), ("NULL", "NULL")] {
            let sql = format!(
                "INSERT INTO club_requests (token_hash, order_id, account_id, logo_id,
                     contact_name, contact_email, language, page_json, shown_hash, asked_by,
                     created_at, expires_at)
                 VALUES ('h-{order}', {order}, NULL, {logo}, 'M', '', 'da', '{{}}', 's', '',
                     '2026-12-03T14:00:00.000Z', '2026-12-17T14:00:00.000Z')"
            );
            assert!(by_hand.batch_execute(&sql).is_err(), "{sql}");
        }
    }
}
