//! The desks of a team and what they sign. Whoever has the team database's
//! password can write any row there, so the team's outbox never sends a row on the database's
//! word alone.
//!
//! - **A key per desk.** Every desk (data folder) has an Ed25519 key pair ([`DeskKey`]): the
//!   private key lives in the keychain, filed under the data folder's install id like its API
//!   keys, never in a file or a database. When the desk attaches to its team its public key is
//!   registered in the team's `desks` table under its key id (a hash of the key, [`key_id`]).
//! - **What a desk signs.** Wherever a team row becomes `queued` — the composer's *Place
//!   order*, `queue-order`, a join copying a desk's queued rows, a placement kept while the team
//!   was out of reach written back, *Send to …* after a hold — the desk signs, in the same
//!   transaction, the bytes that matter for money ([`order_bytes`]): its key id, the
//!   Idempotency-Key, the account, the destination (service address, header style,
//!   organization) and the body's exact bytes, each length-prefixed. The row keeps `signed_by`
//!   and `signature`.
//! - **Trust is each desk's own**, never the team database's (the password writes that):
//!   `desk_trust` in the desk's own SQLite holds its own keys and the keys its person confirmed
//!   after comparing the other desk's code ([`desk_code`], twenty digits) with the code that
//!   desk shows of itself, or refused. A confirming desk also writes a vouch to the team's
//!   `desk_vouches`: its signature over the confirmed key. A desk trusts a key vouched by a key
//!   it trusts, checked here, to any depth; a key refused here is not trusted whoever vouched
//!   for it. A desk that joins trusts nothing it finds in those tables (someone may have put a
//!   key there before it came): only itself, until its person confirms one desk of the team,
//!   whose vouches then bring the others.
//! - **Checked before any byte goes out.** A desk claims a row only if it was signed by a key it
//!   decided on (trusted or refused here), by no desk registered in the team, or not at all
//!   ([`Store::claim_next`]); right after the claim it checks the signature over the exact bytes
//!   it is about to send, to the destination its client goes to ([`Store::vet_claim`]). A row
//!   signed by a registered desk this desk has not confirmed is left to a desk that trusts it.
//!   A row that fails the check is refused for good: `failed`, or `uncertain` when an earlier
//!   send may have reached the service, with its sentence in `error_message` and its reason in
//!   `refused` (`unsigned`, `changed`, `refused-desk`); every desk's History shows it and every
//!   desk says it once in a notice ([`Store::refusals_to_tell`]). *Ask again* of an uncertain
//!   row is checked the same way ([`Store::vet_outgoing`]).
//!
//! What stays possible with the password alone, and why it spends nothing new: a row once
//! signed and then taken back to a draft can be put back as it was signed (the service is
//! asked for the order a desk once placed, under its key: at most that one order); rows can be
//! deleted, held, or made to wait (a forged registration); an account's settings can be changed
//! (rows queued before are then held, and whoever sends them again signs them again after
//! checking the old signature). See ARCHITECTURE.md, "Rows no desk placed".

use super::accounts::auth_to_sql;
use super::db::{Db, params};
use super::{AccountId, Claim, Destination, LocalOrder, LocalOrderId, Outgoing, Store, StoreError};
use ring::signature::{ED25519, Ed25519KeyPair, KeyPair as _, UnparsedPublicKey};
use secrecy::SecretString;
use std::collections::{HashMap, HashSet};
use std::fmt;

/// How many rows of the team's `desks` and `desk_vouches` are read at most: a team has a few
/// desks; a table someone filled by hand never takes a desk's memory.
const MOST_DESKS: i64 = 500;
const MOST_VOUCHES: i64 = 5000;

/// A desk's Ed25519 signing key (module doc). Its `Debug` shows the key id only.
pub struct DeskKey {
    pair: Ed25519KeyPair,
    id: String,
}

impl fmt::Debug for DeskKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("DeskKey").field(&self.id).finish()
    }
}

impl DeskKey {
    /// A new key pair and its PKCS#8 document in base64 (what the keychain keeps). `None` only
    /// if the system's random source fails.
    pub fn generate() -> Option<(DeskKey, SecretString)> {
        use base64::Engine as _;
        let rng = ring::rand::SystemRandom::new();
        let document = Ed25519KeyPair::generate_pkcs8(&rng).ok()?;
        let text = base64::engine::general_purpose::STANDARD.encode(document.as_ref());
        let key = DeskKey::from_pkcs8(document.as_ref())?;
        Some((key, SecretString::from(text)))
    }

    /// The key kept in the keychain ([`DeskKey::generate`]'s text); `None` if it does not read.
    pub fn from_pkcs8_base64(text: &str) -> Option<DeskKey> {
        use base64::Engine as _;
        let bytes = base64::engine::general_purpose::STANDARD
            .decode(text.trim())
            .ok()?;
        DeskKey::from_pkcs8(&bytes)
    }

    fn from_pkcs8(bytes: &[u8]) -> Option<DeskKey> {
        let pair = Ed25519KeyPair::from_pkcs8(bytes).ok()?;
        let id = key_id(pair.public_key().as_ref());
        Some(DeskKey { pair, id })
    }

    /// The key's id: what rows name in `signed_by` ([`key_id`]).
    pub fn id(&self) -> &str {
        &self.id
    }

    /// The public key (32 bytes).
    pub fn public_key(&self) -> &[u8] {
        self.pair.public_key().as_ref()
    }

    /// The code a person compares ([`desk_code`]).
    pub fn code(&self) -> String {
        desk_code(self.public_key())
    }

    fn sign(&self, message: &[u8]) -> Vec<u8> {
        self.pair.sign(message).as_ref().to_vec()
    }
}

/// A public key's id: the first 16 bytes of its SHA-256, in hex (32 characters).
pub fn key_id(public: &[u8]) -> String {
    let digest = ring::digest::digest(&ring::digest::SHA256, public);
    digest.as_ref()[..16]
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// The code of a desk's public key that a person compares on two desks: four groups of five
/// digits from its SHA-256 (66 bits: no one can make a key of their own with the same code).
pub fn desk_code(public: &[u8]) -> String {
    let digest = ring::digest::digest(
        &ring::digest::SHA256,
        &[b"logodesk desk code v1\n".as_slice(), public].concat(),
    );
    digest.as_ref()[..20]
        .chunks(5)
        .map(|chunk| {
            let n = chunk.iter().fold(0u64, |n, &b| (n << 8) | u64::from(b));
            format!("{:05}", n % 100_000)
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// A code as typed (spaces, dashes or none between the groups) in [`desk_code`]'s form; `None`
/// unless it has exactly its twenty digits.
pub fn normalise_code(typed: &str) -> Option<String> {
    let digits: String = typed.chars().filter(char::is_ascii_digit).collect();
    let only_separators = typed
        .chars()
        .all(|c| c.is_ascii_digit() || c.is_whitespace() || c == '-');
    (digits.len() == 20 && only_separators).then(|| {
        digits
            .as_bytes()
            .chunks(5)
            .map(|c| String::from_utf8_lossy(c).into_owned())
            .collect::<Vec<_>>()
            .join(" ")
    })
}

/// `tag` and then each part with its length before it (8 bytes, big-endian): no two different
/// lists of parts give the same bytes.
fn framed(tag: &[u8], parts: &[&[u8]]) -> Vec<u8> {
    let mut out = tag.to_vec();
    for part in parts {
        out.extend_from_slice(&(part.len() as u64).to_be_bytes());
        out.extend_from_slice(part);
    }
    out
}

/// What a desk signs of a queued row (module doc): the signer's key id, the Idempotency-Key,
/// the account's id, the destination's service address, header style and organization (empty
/// for none), and the body's exact bytes.
pub fn order_bytes(
    signer: &str,
    key: &str,
    account: i64,
    base: &str,
    auth: &str,
    organization: Option<i64>,
    body: &[u8],
) -> Vec<u8> {
    let account = account.to_string();
    let organization = organization.map(|o| o.to_string()).unwrap_or_default();
    framed(
        b"logodesk order v1\n",
        &[
            signer.as_bytes(),
            key.as_bytes(),
            account.as_bytes(),
            base.as_bytes(),
            auth.as_bytes(),
            organization.as_bytes(),
            body,
        ],
    )
}

/// What a desk signs when it vouches for another desk's key.
fn vouch_bytes(voucher: &str, vouched: &str, public: &[u8]) -> Vec<u8> {
    framed(
        b"logodesk vouch v1\n",
        &[voucher.as_bytes(), vouched.as_bytes(), public],
    )
}

fn verifies(public: &[u8], message: &[u8], signature: &[u8]) -> bool {
    UnparsedPublicKey::new(&ED25519, public)
        .verify(message, signature)
        .is_ok()
}

/// How this desk stands to a desk of its team.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DeskTrust {
    /// A key of this desk.
    Own,
    /// Its person confirmed it here.
    Confirmed,
    /// A desk this desk trusts vouched for it (by that desk's name).
    Vouched { by: String },
    /// Registered in the team database, not confirmed here: its orders are not sent from here.
    Untrusted,
    /// Refused here: its orders are refused by this desk.
    Refused,
}

/// A desk registered in the team database, as this desk sees it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TeamDesk {
    pub key_id: String,
    /// Its name in Settings → Team (as it registered it: a name, not a proof).
    pub name: String,
    /// The code to compare ([`desk_code`]).
    pub code: String,
    pub trust: DeskTrust,
    /// It is this desk's key now.
    pub this_desk: bool,
    /// It registered after this desk did (as the team database says: a desk asking to join,
    /// rather than one of the team this desk has not confirmed yet). For the words only.
    pub newer: bool,
}

/// A row this desk refused to send, to be told (every desk tells each once).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RefusedOrder {
    pub id: LocalOrderId,
    pub reference: String,
    pub recipient: String,
    /// The sentence the row holds (why, and what to do).
    pub why: String,
}

/// The keys this desk trusts now (key id → public key, and why) and the keys it refused.
struct Trust {
    trusted: HashMap<String, (Vec<u8>, DeskTrust)>,
    refused: HashSet<String>,
}

impl Trust {
    /// The key ids this desk decided on: what its claims take ([`Store::claim_signers`]).
    fn decided(&self) -> Vec<String> {
        self.trusted
            .keys()
            .chain(self.refused.iter())
            .cloned()
            .collect()
    }
}

/// Why a row may not be sent: the `refused` column's reason and the row's sentence.
struct Refusal {
    reason: &'static str,
    sentence: String,
}

/// A [`Refusal`]'s reason when the row was signed by a desk registered in the team that this
/// desk has not confirmed: nothing is refused then, the row waits for a desk that trusts it.
const UNTRUSTED: &str = "untrusted";

/// The row's signature columns as read.
type Signed = (Option<String>, Option<Vec<u8>>);

/// What a signature was checked over (a row's key, account and body): written again only while
/// the row still holds them.
pub(super) struct Intact {
    id: LocalOrderId,
    key: String,
    account: i64,
    body: Vec<u8>,
}

impl Store {
    /// This desk signs with `key` from now on (the keychain's, `team::join`).
    pub fn set_desk_key(&mut self, key: DeskKey) {
        self.desk_key = Some(key);
    }

    /// Whether this desk has its signing key.
    pub fn has_desk_key(&self) -> bool {
        self.desk_key.is_some()
    }

    /// This desk's code, to compare on another desk ([`desk_code`]).
    pub fn desk_code(&self) -> Option<String> {
        self.desk_key.as_ref().map(DeskKey::code)
    }

    /// On attaching the team: a key for this run if the desk has none yet (every desk signs
    /// what it queues), registered in the team's `desks` under this desk's name, and trusted
    /// here as this desk's own.
    pub(super) fn register_desk(&mut self) -> Result<(), StoreError> {
        if self.desk_key.is_none() {
            self.desk_key = DeskKey::generate().map(|(key, _)| key);
        }
        let (Some(key), Some(team)) = (&self.desk_key, &self.team) else {
            return Ok(());
        };
        let name = team.desk.clone();
        self.team_db()?.execute(
            "INSERT INTO desks (key_id, name, public_key) VALUES ($1, $2, $3)
             ON CONFLICT (key_id) DO UPDATE SET name = EXCLUDED.name,
                public_key = EXCLUDED.public_key
             WHERE desks.name <> EXCLUDED.name OR desks.public_key <> EXCLUDED.public_key",
            &params![key.id(), name.as_str(), key.public_key()],
        )?;
        if self.is_desk() {
            self.db.execute(
                "INSERT INTO desk_trust (key_id, public_key, name, trust) VALUES ($1, $2, $3, 'own')
                 ON CONFLICT (key_id) DO UPDATE SET trust = 'own', name = excluded.name",
                &params![key.id(), key.public_key(), name.as_str()],
            )?;
        }
        Ok(())
    }

    /// The keys this desk trusts and refused now; `None` for a store without a team or whose
    /// own database is not a desk's (a PostgreSQL store on its own: nothing to decide with).
    fn trust(&self) -> Result<Option<Trust>, StoreError> {
        if !self.team_state().is_attached() || !self.is_desk() {
            return Ok(None);
        }
        let mut trusted = HashMap::new();
        let mut refused = HashSet::new();
        for r in self
            .db
            .query_all("SELECT key_id, public_key, trust FROM desk_trust", &[])?
        {
            let (id, public, how): (String, Vec<u8>, String) = (r.get(0)?, r.get(1)?, r.get(2)?);
            if key_id(&public) != id {
                continue;
            }
            match how.as_str() {
                "own" => trusted.insert(id, (public, DeskTrust::Own)),
                "confirmed" => trusted.insert(id, (public, DeskTrust::Confirmed)),
                _ => {
                    refused.insert(id);
                    None
                }
            };
        }
        let vouches = self.team_db()?.query_all(
            "SELECT voucher, key_id, public_key, signature FROM desk_vouches
             ORDER BY at, voucher, key_id LIMIT $1",
            &params![MOST_VOUCHES],
        )?;
        let mut vouches = vouches
            .iter()
            .map(|r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)))
            .collect::<Result<Vec<(String, String, Vec<u8>, Vec<u8>)>, StoreError>>()?;
        let names = self.desk_names()?;
        // Vouched keys, to any depth: each pass adds those a trusted key vouched for.
        loop {
            let before = trusted.len();
            vouches.retain(|(voucher, vouched, public, signature)| {
                if trusted.contains_key(vouched) || refused.contains(vouched) {
                    return false;
                }
                let Some((voucher_key, _)) = trusted.get(voucher) else {
                    return true;
                };
                if key_id(public) == *vouched
                    && verifies(
                        voucher_key,
                        &vouch_bytes(voucher, vouched, public),
                        signature,
                    )
                {
                    let by = names
                        .get(voucher)
                        .cloned()
                        .unwrap_or_else(|| voucher.clone());
                    trusted.insert(vouched.clone(), (public.clone(), DeskTrust::Vouched { by }));
                    return false;
                }
                true
            });
            if trusted.len() == before {
                break;
            }
        }
        Ok(Some(Trust { trusted, refused }))
    }

    /// The desks' names by key id: the team's registrations, else as this desk kept them.
    fn desk_names(&self) -> Result<HashMap<String, String>, StoreError> {
        let mut names = HashMap::new();
        if self.is_desk() {
            for r in self
                .db
                .query_all("SELECT key_id, name FROM desk_trust", &[])?
            {
                names.insert(r.get(0)?, r.get(1)?);
            }
        }
        for desk in self.registered()? {
            names.insert(desk.0, desk.1);
        }
        Ok(names)
    }

    /// The team's registered desks whose key id is their key's (key id, name, public key),
    /// oldest first.
    fn registered(&self) -> Result<Vec<(String, String, Vec<u8>)>, StoreError> {
        let mut out = Vec::new();
        for r in self.team_db()?.query_all(
            "SELECT key_id, substr(name, 1, 100), public_key FROM desks
             ORDER BY registered_at, key_id LIMIT $1",
            &params![MOST_DESKS],
        )? {
            let (id, name, public): (String, String, Vec<u8>) = (r.get(0)?, r.get(1)?, r.get(2)?);
            if key_id(&public) == id {
                out.push((id, name, public));
            }
        }
        Ok(out)
    }

    /// The key ids a claim of this desk may take rows of (`Store::claim_next`): those it
    /// trusts or refused. `None`: no team, nothing to filter.
    pub(super) fn claim_signers(&self) -> Result<Option<Vec<String>>, StoreError> {
        Ok(self.trust()?.as_ref().map(Trust::decided))
    }

    /// The desks registered in the team database and how this desk stands to each: the
    /// desks waiting for a confirmation first, then this desk, then the others by name. Empty
    /// without a team.
    pub fn team_desks(&self) -> Result<Vec<TeamDesk>, StoreError> {
        let Some(trust) = self.trust()? else {
            return Ok(Vec::new());
        };
        let own = self.desk_key.as_ref().map(|k| k.id().to_owned());
        let registered = self.registered()?;
        let own_at = registered
            .iter()
            .position(|(id, _, _)| Some(id) == own.as_ref());
        let mut desks: Vec<TeamDesk> = registered
            .into_iter()
            .enumerate()
            .map(|(at, (key_id, name, public))| {
                let trust_now = if trust.refused.contains(&key_id) {
                    DeskTrust::Refused
                } else {
                    trust
                        .trusted
                        .get(&key_id)
                        .map_or(DeskTrust::Untrusted, |(_, how)| how.clone())
                };
                TeamDesk {
                    this_desk: own.as_deref() == Some(key_id.as_str()),
                    newer: own_at.is_some_and(|own_at| at > own_at),
                    code: desk_code(&public),
                    key_id,
                    name,
                    trust: trust_now,
                }
            })
            .collect();
        desks.sort_by_key(|d| {
            (
                d.trust != DeskTrust::Untrusted,
                !d.this_desk,
                d.name.to_lowercase(),
            )
        });
        Ok(desks)
    }

    /// The registered desk `key_id` (its name and public key).
    fn registered_desk(&self, key_id: &str) -> Result<(String, Vec<u8>), StoreError> {
        self.registered()?
            .into_iter()
            .find(|(id, _, _)| id == key_id)
            .map(|(_, name, public)| (name, public))
            .ok_or(StoreError::NoSuchDesk)
    }

    /// The person confirmed desk `key_id` here after comparing `code` with the code that desk
    /// shows: trusted here from now on, and vouched for in the team database (the desks that
    /// trust this one trust it too). Refused if the key registered now has another code (it
    /// was replaced since the code was shown).
    pub fn confirm_desk(&self, key_id: &str, code: &str) -> Result<(), StoreError> {
        let (name, public) = self.registered_desk(key_id)?;
        if normalise_code(code).as_deref() != Some(desk_code(&public).as_str()) {
            return Err(StoreError::DeskChanged);
        }
        if !self.is_desk() {
            return Err(StoreError::NoSuchDesk);
        }
        self.db.execute(
            "INSERT INTO desk_trust (key_id, public_key, name, trust) VALUES ($1, $2, $3, 'confirmed')
             ON CONFLICT (key_id) DO UPDATE SET public_key = excluded.public_key,
                name = excluded.name,
                trust = CASE WHEN desk_trust.trust = 'own' THEN 'own' ELSE 'confirmed' END,
                at = excluded.at",
            &params![key_id, public.as_slice(), name.as_str()],
        )?;
        if let Some(own) = &self.desk_key
            && own.id() != key_id
        {
            let signature = own.sign(&vouch_bytes(own.id(), key_id, &public));
            self.team_db()?.execute(
                "INSERT INTO desk_vouches (voucher, key_id, public_key, signature)
                 VALUES ($1, $2, $3, $4)
                 ON CONFLICT (voucher, key_id) DO UPDATE SET public_key = EXCLUDED.public_key,
                    signature = EXCLUDED.signature",
                &params![own.id(), key_id, public.as_slice(), signature],
            )?;
        }
        tracing::info!(desk = %key_id, "a desk of the team was confirmed here");
        Ok(())
    }

    /// The registered desk whose code is `typed` (the command line's `team trust`), confirmed
    /// as [`Store::confirm_desk`] does; answers it.
    pub fn confirm_desk_by_code(&self, typed: &str) -> Result<TeamDesk, StoreError> {
        let code = normalise_code(typed).ok_or(StoreError::NoSuchDesk)?;
        let desk = self
            .team_desks()?
            .into_iter()
            .find(|d| d.code == code)
            .ok_or(StoreError::NoSuchDesk)?;
        self.confirm_desk(&desk.key_id, &code)?;
        Ok(desk)
    }

    /// The person refused desk `key_id` here (or stopped trusting it): its orders are refused
    /// by this desk whoever vouched for it, and this desk's vouch for it is withdrawn. This
    /// desk's own key is never refused.
    pub fn refuse_desk(&self, key_id: &str) -> Result<(), StoreError> {
        if self.desk_key.as_ref().is_some_and(|k| k.id() == key_id) {
            return Ok(());
        }
        let (name, public) = self.registered_desk(key_id)?;
        if !self.is_desk() {
            return Err(StoreError::NoSuchDesk);
        }
        self.db.execute(
            "INSERT INTO desk_trust (key_id, public_key, name, trust) VALUES ($1, $2, $3, 'refused')
             ON CONFLICT (key_id) DO UPDATE SET name = excluded.name,
                trust = CASE WHEN desk_trust.trust = 'own' THEN 'own' ELSE 'refused' END,
                at = excluded.at",
            &params![key_id, public.as_slice(), name.as_str()],
        )?;
        if let Some(own) = &self.desk_key {
            self.team_db()?.execute(
                "DELETE FROM desk_vouches WHERE voucher = $1 AND key_id = $2",
                &params![own.id(), key_id],
            )?;
        }
        tracing::info!(desk = %key_id, "a desk of the team was refused here");
        Ok(())
    }

    /// Signs queued (or uncertain) row `id` of `db` as it is now with this desk's key, in the
    /// caller's transaction. With `intact`, only if the row still holds the key, account and
    /// body whose signature was checked before its destination changed. The write is guarded
    /// by what was signed. Answers whether the row is signed now.
    pub(super) fn sign_row(
        &self,
        db: &Db,
        id: LocalOrderId,
        intact: Option<&Intact>,
    ) -> Result<bool, StoreError> {
        let Some(key) = &self.desk_key else {
            return Ok(false);
        };
        let Some(r) = db.query_opt(
            "SELECT idempotency_key, account_id, dest_base, dest_auth, dest_org, body
             FROM local_orders
             WHERE id = $1 AND state IN ('queued', 'uncertain') AND idempotency_key IS NOT NULL
               AND account_id IS NOT NULL AND dest_base IS NOT NULL AND dest_auth IS NOT NULL
               AND body IS NOT NULL",
            &params![id.0],
        )?
        else {
            return Ok(false);
        };
        let (idem, account, base, auth, organization, body): (
            String,
            i64,
            String,
            String,
            Option<i64>,
            Vec<u8>,
        ) = (
            r.get(0)?,
            r.get(1)?,
            r.get(2)?,
            r.get(3)?,
            r.get(4)?,
            r.get(5)?,
        );
        if intact.is_some_and(|i| i.key != idem || i.account != account || i.body != body) {
            return Ok(false);
        }
        let message = order_bytes(key.id(), &idem, account, &base, &auth, organization, &body);
        let n = db.execute(
            "UPDATE local_orders SET signed_by = $2, signature = $3
             WHERE id = $1 AND idempotency_key = $4 AND account_id = $5 AND dest_base = $6
               AND dest_auth = $7 AND dest_org {same} $8 AND body = $9",
            &params![
                id.0,
                key.id(),
                key.sign(&message),
                idem.as_str(),
                account,
                base.as_str(),
                auth.as_str(),
                organization,
                body
            ],
        )?;
        Ok(n == 1)
    }

    /// Why `out` (a team row's key and bytes, for `account`'s `dest`) may not be sent by this
    /// desk, if it may not: its signature (`signed`) is no trusted desk's over exactly these.
    fn refusal(
        &self,
        trust: &Trust,
        signed: Signed,
        out: &Outgoing,
        account: AccountId,
        dest: &Destination,
    ) -> Result<Option<Refusal>, StoreError> {
        let unsigned = || Refusal {
            reason: "unsigned",
            sentence: crate::tr!("store-refused-unsigned"),
        };
        let (Some(signer), Some(signature)) = signed else {
            return Ok(Some(unsigned()));
        };
        let name = || -> Result<String, StoreError> {
            Ok(self
                .desk_names()?
                .remove(&signer)
                .unwrap_or_else(|| signer.clone()))
        };
        if trust.refused.contains(&signer) {
            return Ok(Some(Refusal {
                reason: "refused-desk",
                sentence: crate::tr!("store-refused-desk", desk = name()?),
            }));
        }
        let Some((public, _)) = trust.trusted.get(&signer) else {
            // A desk of the team this desk has not confirmed: its rows are another desk's to
            // send (`vet_claim` gives the row back), not refused.
            let registered = self
                .registered()?
                .into_iter()
                .any(|(id, _, _)| id == signer);
            return Ok(Some(if registered {
                Refusal {
                    reason: UNTRUSTED,
                    sentence: crate::tr!("store-refused-untrusted", desk = name()?),
                }
            } else {
                unsigned()
            }));
        };
        let message = order_bytes(
            &signer,
            out.key.as_str(),
            account.0,
            &dest.base,
            auth_to_sql(dest.auth),
            dest.organization_id.map(|o| o.0),
            &out.body,
        );
        if verifies(public, &message, &signature) {
            return Ok(None);
        }
        Ok(Some(Refusal {
            reason: "changed",
            sentence: crate::tr!("store-refused-changed", desk = name()?),
        }))
    }

    /// The signature columns of row `id` of `db`.
    fn signed(db: &Db, id: LocalOrderId) -> Result<Signed, StoreError> {
        match db.query_opt(
            "SELECT signed_by, signature FROM local_orders WHERE id = $1",
            &params![id.0],
        )? {
            Some(r) => Ok((r.get(0)?, r.get(1)?)),
            None => Ok((None, None)),
        }
    }

    /// Right after a claim, before any byte goes out: whether a trusted desk signed exactly
    /// what `claim` would send for `account` to `dest` (module doc). `None`: send it. Else the
    /// row is refused for good (fenced by the claim: `failed`, or `uncertain` if an earlier
    /// send may have reached the service, with its sentence) and answered as it is now; it is
    /// not sent either way.
    pub fn vet_claim(
        &self,
        claim: &Claim,
        account: AccountId,
        dest: &Destination,
    ) -> Result<Option<LocalOrder>, StoreError> {
        let Some(trust) = self.trust()? else {
            return Ok(None);
        };
        let db = self.on_order(claim.id)?;
        let signed = Self::signed(db, claim.id)?;
        let Some(refusal) = self.refusal(&trust, signed, &claim.outgoing, account, dest)? else {
            return Ok(None);
        };
        if refusal.reason == UNTRUSTED {
            // Registered since the claim picked it: left to a desk that trusts its desk.
            self.release_claim(claim.id, &claim.token)?;
            return self.local_order(claim.id).map(Some);
        }
        tracing::warn!(order = %claim.id, reason = refusal.reason, "a team order was refused: not sent");
        db.execute(
            "UPDATE local_orders SET
                state = CASE WHEN reached <> 0 OR sending <> 0 THEN 'uncertain' ELSE 'failed' END,
                reached = {greatest}(reached, sending), sending = 0,
                error_message = $2, refused = $3, claim_token = NULL, lease_until = NULL,
                updated_at = {now}
             WHERE id = $1 AND state = 'queued' AND claim_token = $4",
            &params![
                claim.id.0,
                refusal.sentence.as_str(),
                refusal.reason,
                claim.token.to_string()
            ],
        )?;
        self.local_order(claim.id).map(Some)
    }

    /// Before *Ask again* sends a team row's key and bytes (`out`) for `account` to `dest`:
    /// refused with the row's sentence unless a trusted desk signed exactly these. A desk's
    /// own rows (not the team's) are not signed and pass.
    pub fn vet_outgoing(
        &self,
        out: &Outgoing,
        account: AccountId,
        dest: &Destination,
    ) -> Result<(), StoreError> {
        if !out.id.is_team() {
            return Ok(());
        }
        let Some(trust) = self.trust()? else {
            return Ok(());
        };
        let signed = Self::signed(self.on_order(out.id)?, out.id)?;
        match self.refusal(&trust, signed, out, account, dest)? {
            None => Ok(()),
            Some(refusal) => Err(StoreError::NotSigned(refusal.sentence)),
        }
    }

    /// Of the team rows of `db` that `filter` picks (SQL over `local_orders`, `$1` bound to
    /// `value`) and that may be sent (queued, uncertain), those whose signature holds now, as
    /// they are: before a change of their destination, to sign them again after it
    /// ([`Store::sign_again`]). Nothing without a team.
    pub(super) fn intact_before(
        &self,
        db: &Db,
        filter: &str,
        value: i64,
    ) -> Result<Vec<Intact>, StoreError> {
        let Some(trust) = self.trust()? else {
            return Ok(Vec::new());
        };
        let mut intact = Vec::new();
        for r in db.query_all(
            &format!(
                "SELECT id, idempotency_key, account_id, dest_base, dest_auth, dest_org, body,
                    signed_by, signature
                 FROM local_orders
                 WHERE {filter} AND id >= {} AND state IN ('queued', 'uncertain')
                   AND idempotency_key IS NOT NULL AND account_id IS NOT NULL
                   AND dest_base IS NOT NULL AND dest_auth IS NOT NULL AND body IS NOT NULL",
                super::TEAM_IDS_FROM
            ),
            &params![value],
        )? {
            let id = LocalOrderId(r.get("id")?);
            let key: String = r.get("idempotency_key")?;
            let Ok(idem) = key.parse() else { continue };
            let out = Outgoing {
                id,
                key: idem,
                body: r.get("body")?,
            };
            let Some(dest) = super::accounts::destination_from(
                r.get("dest_base")?,
                r.get("dest_auth")?,
                r.get("dest_org")?,
                Some(0),
            ) else {
                continue;
            };
            let account = AccountId(r.get("account_id")?);
            let signature = (r.get("signed_by")?, r.get("signature")?);
            if self
                .refusal(&trust, signature, &out, account, &dest)?
                .is_none()
            {
                intact.push(Intact {
                    id,
                    key,
                    account: account.0,
                    body: out.body,
                });
            }
        }
        Ok(intact)
    }

    /// After a change of destination the person chose (*Send to …*): signs again, with this
    /// desk's key, each row of `intact` that still holds what was checked. A row whose
    /// signature did not hold is not signed: no desk sends it.
    pub(super) fn sign_again(&self, db: &Db, intact: &[Intact]) -> Result<(), StoreError> {
        for row in intact {
            self.sign_row(db, row.id, Some(row))?;
        }
        Ok(())
    }

    /// The rows of the team this desk refused, or another desk did, that this desk has not
    /// told its person of yet (each once, kept in this desk's `refusals_told`).
    pub fn refusals_to_tell(&self) -> Result<Vec<RefusedOrder>, StoreError> {
        if !self.is_desk() {
            return Ok(Vec::new());
        }
        let Ok(team) = self.team_db() else {
            return Ok(Vec::new());
        };
        let mut out = Vec::new();
        for r in team.query_all(
            "SELECT id, substr(reference, 1, 200) AS reference,
                substr(recipient, 1, 200) AS recipient,
                substr(COALESCE(error_message, ''), 1, 600) AS why
             FROM local_orders WHERE refused IS NOT NULL ORDER BY id LIMIT 1000",
            &[],
        )? {
            let id: i64 = r.get("id")?;
            let new = self.db.execute(
                "INSERT INTO refusals_told (order_id) VALUES ($1) ON CONFLICT DO NOTHING",
                &params![id],
            )?;
            if new == 1 {
                out.push(RefusedOrder {
                    id: LocalOrderId(id),
                    reference: r.get("reference")?,
                    recipient: r.get("recipient")?,
                    why: r.get("why")?,
                });
            }
        }
        Ok(out)
    }
}

#[cfg(test)]
mod tests;
