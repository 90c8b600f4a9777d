//! Rows no desk placed are never sent: desks of a team on one real
//! PostgreSQL, each with its own SQLite (its trust), and rows written with plain SQL by the
//! team's role (`psql`, as anyone with the password could).

use super::*;
use crate::store::testing::pg_cluster;
use crate::store::testing::{confirm, pg_client, pg_connect, remote};
use crate::store::{OrderState, TEAM_IDS_FROM};
use std::time::Duration;

const LEASE: Duration = Duration::from_secs(60);

/// A desk named `name` of the team database `db`: its own SQLite in memory, attached (its key
/// made and registered there).
fn desk(name: &str, db: &str) -> Store {
    let mut store = Store::open_in_memory().unwrap();
    store.attach_team(pg_connect(db), name).unwrap();
    store
}

/// Anna's and Bo's desks on a fresh team database with one account "Club"; the database's
/// name and the account.
fn team() -> (Store, Store, String, AccountId) {
    let (client, db) = pg_client();
    let mut anna = Store::open_in_memory().unwrap();
    anna.attach_team(client, "Anna").unwrap();
    let bo = desk("Bo", &db);
    let account = anna.insert_account(&remote("Club")).unwrap().id;
    (anna, bo, db, account)
}

/// A row of `account` queued by `store` (signed by it), with `body`.
fn queue(store: &mut Store, account: AccountId, reference: &str, body: &[u8]) -> LocalOrderId {
    let draft = store
        .create_draft(account, "{}", reference, "Nordby IF")
        .unwrap();
    assert!(
        store
            .queue_draft(draft.id, "{}", reference, "Nordby IF", body)
            .unwrap()
    );
    draft.id
}

/// Plain SQL on the team database, as its role: what anyone with the password can do.
fn psql(db: &str, sql: &str) -> String {
    pg_cluster::shared()
        .psql(db, &format!("SET search_path TO logodesk; {sql}"))
        .unwrap_or_else(|e| panic!("{e}"))
}

/// What `store`'s team outbox does with `account`'s next row: claims it and checks it as the
/// sender does before a byte goes out. `Ok(claim)`: it would be sent; `Err(row)`: refused;
/// `None`: nothing this desk may claim.
fn next(store: &Store, account: AccountId) -> Option<Result<Claim, LocalOrder>> {
    let dest = store.destination(account).unwrap();
    let desk = store.desk_id().unwrap();
    let claim = store
        .claim_next(
            &desk,
            &[(account, dest.clone())],
            &crate::api::KeyPrint::of(&crate::api::ApiKey::new("the team's key")),
            LEASE,
        )
        .unwrap()?;
    Some(match store.vet_claim(&claim, account, &dest).unwrap() {
        None => Ok(claim),
        Some(row) => Err(row),
    })
}

/// The claim `store` would send now (panics if it would refuse or has none).
fn sends(store: &Store, account: AccountId) -> Claim {
    match next(store, account) {
        Some(Ok(claim)) => claim,
        other => panic!("nothing to send: {other:?}"),
    }
}

/// The row `store` refuses now (panics if it would send one or has none).
fn refuses(store: &Store, account: AccountId) -> LocalOrder {
    match next(store, account) {
        Some(Err(row)) => row,
        other => panic!("nothing refused: {other:?}"),
    }
}

fn desk_named<'a>(desks: &'a [TeamDesk], name: &str) -> &'a TeamDesk {
    desks
        .iter()
        .find(|d| d.name == name)
        .unwrap_or_else(|| panic!("no desk {name}: {desks:?}"))
}

fn refused(row: &LocalOrder) -> String {
    row.error_message.clone().unwrap_or_default()
}

#[test]
fn codes_are_twenty_digits_and_signatures_cover_every_part() {
    let (key, secret) = DeskKey::generate().unwrap();
    use secrecy::ExposeSecret as _;
    let again = DeskKey::from_pkcs8_base64(secret.expose_secret()).unwrap();
    assert_eq!(again.id(), key.id());
    assert_eq!(key.id().len(), 32);
    let code = key.code();
    assert_eq!(code.len(), 23, "{code}");
    assert_eq!(normalise_code(&code.replace(' ', "-")), Some(code.clone()));
    assert_eq!(normalise_code(&code.replace(' ', "")), Some(code.clone()));
    assert_eq!(normalise_code("1234"), None);
    assert_eq!(normalise_code(&format!("{code}x")), None);
    assert!(!format!("{key:?}").contains(secret.expose_secret()));
    let message = order_bytes(key.id(), "k", 1, "https://a/", "bearer", None, b"{}");
    let signature = key.sign(&message);
    assert!(verifies(key.public_key(), &message, &signature));
    // Any part changed (also moved from one part to the next) is another message.
    for other in [
        order_bytes(key.id(), "k", 2, "https://a/", "bearer", None, b"{}"),
        order_bytes(key.id(), "k", 1, "https://b/", "bearer", None, b"{}"),
        order_bytes(key.id(), "k", 1, "https://a/", "x-api-key", None, b"{}"),
        order_bytes(key.id(), "k", 1, "https://a/", "bearer", Some(7), b"{}"),
        order_bytes(key.id(), "k", 1, "https://a/", "bearer", None, b"{ }"),
        order_bytes(key.id(), "k1", 1, "https://a/", "bearer", None, b"{}"),
        order_bytes(key.id(), "", 11, "https://a/", "bearer", None, b"{}"),
    ] {
        assert!(!verifies(key.public_key(), &other, &signature));
    }
}

/// A queued row INSERTed with plain SQL by the team's role (no desk's signature) is claimed
/// only to be refused before anything is sent, never again, and named once on every desk.
#[test]
fn a_row_written_with_plain_sql_is_never_sent_and_named_on_every_desk() {
    let (anna, bo, db, account) = team();
    psql(
        &db,
        &format!(
            "INSERT INTO logodesk.local_orders (account_id, state, idempotency_key, body,
                reference, recipient, dest_base, dest_auth, dest_org, dest_key_version, placed_by)
             SELECT id, 'queued', '{}', '{{\"reference\":\"SQL-1\"}}', 'SQL-1', 'Mallory',
                base_url, auth_style, organization_id, credential_version, 'Anna'
             FROM logodesk.accounts WHERE id = {}",
            crate::api::IdempotencyKey::new().as_str(),
            account.0
        ),
    );
    let row = refuses(&anna, account);
    assert_eq!(row.reference, "SQL-1");
    assert_eq!(row.state, OrderState::Failed, "no send reached the service");
    assert!(
        refused(&row).contains("no desk of this team signed"),
        "{row:?}"
    );
    assert!(next(&anna, account).is_none(), "not claimed again");
    assert!(next(&bo, account).is_none(), "nor by another desk");
    // Flipped back to queued by hand: refused again, never sent.
    psql(
        &db,
        "UPDATE logodesk.local_orders SET state = 'queued', refused = NULL WHERE reference = 'SQL-1'",
    );
    assert_eq!(refuses(&bo, account).reference, "SQL-1");

    // Every desk tells it once.
    for desk in [&anna, &bo] {
        let told = desk.refusals_to_tell().unwrap();
        assert_eq!(told.len(), 1, "{told:?}");
        assert_eq!(
            (told[0].reference.as_str(), told[0].recipient.as_str()),
            ("SQL-1", "Mallory")
        );
        assert!(told[0].why.contains("Not sent"), "{told:?}");
        assert!(desk.refusals_to_tell().unwrap().is_empty(), "told once");
    }
}

/// A key someone registered in the team database by hand, signing rows of its own and even
/// "vouched for" in Anna's name: no desk trusts it, its rows are never sent; refused on a
/// desk, they are refused there.
#[test]
fn a_key_put_in_the_team_database_by_hand_is_trusted_by_no_desk() {
    let (anna, _bo, db, account) = team();
    let anna_id = anna.desk_key.as_ref().unwrap().id().to_owned();
    let (mallory, _) = DeskKey::generate().unwrap();
    let hex = |b: &[u8]| b.iter().map(|b| format!("{b:02x}")).collect::<String>();
    let idem = crate::api::IdempotencyKey::new();
    let dest = anna.destination(account).unwrap();
    let body = br#"{"reference":"FORGED"}"#;
    let message = order_bytes(
        mallory.id(),
        idem.as_str(),
        account.0,
        &dest.base,
        "bearer",
        None,
        body,
    );
    psql(
        &db,
        &format!(
            "INSERT INTO logodesk.desks (key_id, name, public_key) VALUES ('{id}', 'Anna', '\\x{public}');
             INSERT INTO logodesk.desk_vouches (voucher, key_id, public_key, signature)
                 VALUES ('{anna_id}', '{id}', '\\x{public}', '\\x{garbage}');
             INSERT INTO logodesk.local_orders (account_id, state, idempotency_key, body, reference,
                recipient, dest_base, dest_auth, dest_org, dest_key_version, signed_by, signature)
             SELECT id, 'queued', '{idem}', '\\x{body}', 'FORGED', 'Mallory', base_url, auth_style,
                organization_id, credential_version, '{id}', '\\x{signature}'
             FROM logodesk.accounts WHERE id = {account}",
            id = mallory.id(),
            public = hex(mallory.public_key()),
            garbage = hex(&[7u8; 64]),
            idem = idem.as_str(),
            body = hex(body),
            signature = hex(&mallory.sign(&message)),
            account = account.0,
        ),
    );
    // A third desk joining now trusts nothing it finds there either.
    let carl = desk("Carl", &db);
    for store in [&anna, &carl] {
        assert!(
            next(store, account).is_none(),
            "left for a desk that trusts it"
        );
        let desks = store.team_desks().unwrap();
        let forged = desks
            .iter()
            .find(|d| d.key_id == mallory.id())
            .expect("listed");
        assert_eq!(forged.trust, DeskTrust::Untrusted);
        let decided = desks
            .iter()
            .position(|d| d.trust != DeskTrust::Untrusted)
            .unwrap_or(desks.len());
        assert!(
            desks[decided..]
                .iter()
                .all(|d| d.trust != DeskTrust::Untrusted),
            "the desks waiting for a confirmation come first: {desks:?}"
        );
    }
    // Anna refuses it: the row she claims now is refused, not sent.
    anna.refuse_desk(mallory.id()).unwrap();
    let row = refuses(&anna, account);
    assert_eq!(row.reference, "FORGED");
    assert!(refused(&row).contains("refused that desk"), "{row:?}");
}

/// A colleague's queued row changed with plain SQL after it was queued — its body (the
/// delivery address is in it), its account, or its service address with the account's — is
/// never sent; the rows left as they were go out.
#[test]
fn a_colleagues_row_changed_with_plain_sql_is_never_sent() {
    let (mut anna, mut bo, db, account) = team();
    confirm(&anna, &bo);
    let other = anna.insert_account(&remote("Second club")).unwrap().id;
    let body = br#"{"deliveryAddress":{"name":"Nordby IF","street":"Skolevej 1"}}"#;
    let address = queue(&mut bo, account, "ADDRESS", body);
    let moved = queue(&mut bo, account, "MOVED", body);
    let untouched = queue(&mut bo, account, "UNTOUCHED", body);
    psql(
        &db,
        &format!(
            "UPDATE logodesk.local_orders
                SET body = convert_to(replace(convert_from(body, 'UTF8'), 'Skolevej 1', 'Elsewhere 9'), 'UTF8')
              WHERE id = {};
             UPDATE logodesk.local_orders SET account_id = {} WHERE id = {};",
            address.0, other.0, moved.0
        ),
    );
    let row = refuses(&anna, account);
    assert_eq!(row.id, address);
    assert!(refused(&row).contains("changed"), "{row:?}");
    assert!(refused(&row).contains("Bo"), "names who queued it: {row:?}");
    let claim = sends(&anna, account);
    assert_eq!(claim.id, untouched);
    assert!(anna.release_claim(untouched, &claim.token).unwrap());
    assert_eq!(refuses(&anna, other).id, moved);
    // The service's address, changed on the account and the row alike (the desks' clients
    // would go there): refused too.
    let evil = queue(&mut anna, account, "EVIL", body);
    psql(
        &db,
        &format!(
            "UPDATE logodesk.accounts SET base_url = 'https://evil.example.com/' WHERE id = {a};
             UPDATE logodesk.local_orders SET dest_base = 'https://evil.example.com/'
              WHERE account_id = {a} AND state = 'queued';",
            a = account.0
        ),
    );
    let mut refused_ids = Vec::new();
    while let Some(Err(row)) = next(&anna, account) {
        refused_ids.push(row.id);
    }
    refused_ids.sort();
    assert_eq!(refused_ids, vec![untouched, evil]);
    for id in [address, moved, untouched, evil] {
        let row = anna.local_order(id).unwrap();
        assert_eq!(row.state, OrderState::Failed, "{row:?}");
        assert!(row.state.is_final());
    }
}

/// A desk not yet confirmed is trusted by no other desk: its rows wait for itself or for a
/// desk that confirmed it. Confirming writes a vouch, and a desk that trusts the confirming
/// desk trusts the new one too (checked on that desk); a wrong code confirms nothing.
#[test]
fn a_desk_is_trusted_once_confirmed_and_its_vouches_carry_to_the_desks_that_trust_it() {
    let (anna, mut bo, db, account) = team();
    let id = queue(&mut bo, account, "BO-1", b"{\"bo\":1}");
    assert!(
        next(&anna, account).is_none(),
        "Bo is not confirmed on Anna's desk"
    );
    // Nor asked again from Anna's desk.
    let out = Outgoing {
        id,
        key: bo.local_order(id).unwrap().key.unwrap(),
        body: b"{\"bo\":1}".to_vec(),
    };
    let dest = anna.destination(account).unwrap();
    match anna.vet_outgoing(&out, account, &dest) {
        Err(StoreError::NotSigned(said)) => assert!(said.contains("not confirmed"), "{said}"),
        other => panic!("asked again for an unconfirmed desk's row: {other:?}"),
    }
    let desks = anna.team_desks().unwrap();
    let bo_desk = desk_named(&desks, "Bo");
    assert_eq!(bo_desk.trust, DeskTrust::Untrusted);
    assert_eq!(bo_desk.code, bo.desk_code().unwrap());
    assert!(desk_named(&desks, "Anna").this_desk);
    // A code read wrong (or a key replaced since) confirms nothing.
    let (other, _) = DeskKey::generate().unwrap();
    assert!(matches!(
        anna.confirm_desk(&bo_desk.key_id, &other.code()),
        Err(StoreError::DeskChanged)
    ));
    assert!(next(&anna, account).is_none());

    // Bo sends his own row himself.
    let own = sends(&bo, account);
    assert_eq!(own.id, id);
    assert!(bo.release_claim(id, &own.token).unwrap());

    confirm(&anna, &bo);
    assert_eq!(
        desk_named(&anna.team_desks().unwrap(), "Bo").trust,
        DeskTrust::Confirmed
    );
    let claim = sends(&anna, account);
    assert_eq!(claim.id, id);
    assert_eq!(claim.outgoing.body, b"{\"bo\":1}");
    assert!(anna.release_claim(id, &claim.token).unwrap());

    // Carl joins and confirms Anna only: Anna's vouch brings Bo.
    let carl = desk("Carl", &db);
    assert!(next(&carl, account).is_none());
    confirm(&carl, &anna);
    let desks = carl.team_desks().unwrap();
    assert_eq!(
        desk_named(&desks, "Bo").trust,
        DeskTrust::Vouched { by: "Anna".into() }
    );
    let claim = sends(&carl, account);
    assert_eq!(claim.id, id);
    assert!(carl.release_claim(id, &claim.token).unwrap());

    // Carl stops trusting Bo: whoever vouched for him, Carl refuses what he queued.
    let bo_id = desk_named(&desks, "Bo").key_id.clone();
    carl.refuse_desk(&bo_id).unwrap();
    assert_eq!(
        desk_named(&carl.team_desks().unwrap(), "Bo").trust,
        DeskTrust::Refused
    );
    assert_eq!(refuses(&carl, account).id, id);
    // And the command line's way: a code typed with dashes.
    let dana = desk("Dana", &db);
    let code = anna.desk_code().unwrap().replace(' ', "-");
    assert_eq!(dana.confirm_desk_by_code(&code).unwrap().name, "Anna");
    assert!(matches!(
        dana.confirm_desk_by_code("00000 00000 00000 00000"),
        Err(StoreError::NoSuchDesk)
    ));
}

/// What a desk moves into its team on joining is signed by it for the team's account; *Send
/// to …* after a change of the account signs an intact row again and leaves a changed one
/// refused; *Ask again* of a changed uncertain row sends nothing.
#[test]
fn joined_and_retargeted_rows_are_signed_and_a_changed_one_is_not_laundered() {
    let (client, db) = pg_client();
    let mut anna = Store::open_in_memory().unwrap();
    let own = anna.insert_account(&remote("Club")).unwrap().id;
    let joined = queue(&mut anna, own, "JOINED", b"{\"j\":1}");
    anna.attach_team(client, "Anna").unwrap();
    let report = anna.copy_into_team(None).unwrap();
    let team_account = report.accounts[0].1;
    assert!(team_account.0 >= TEAM_IDS_FROM);
    let team_row = anna.joined_as(joined).unwrap().unwrap();
    let claim = sends(&anna, team_account);
    assert_eq!(claim.id, team_row);
    assert!(anna.release_claim(team_row, &claim.token).unwrap());

    // The account's address changes (a person's edit): the rows are held; one is changed by
    // hand meanwhile. Sending both to the new address signs only the intact one again.
    let tampered = queue(&mut anna, team_account, "TAMPERED", b"{\"t\":1}");
    let mut new = remote("Club");
    new.base_url = url::Url::parse("https://staging.example.com/").unwrap();
    anna.update_account(team_account, &new).unwrap();
    psql(
        &db,
        &format!(
            "UPDATE logodesk.local_orders SET body = '\\x7b7d' WHERE id = {}",
            tampered.0
        ),
    );
    assert!(anna.retarget(team_row).unwrap());
    assert!(anna.retarget(tampered).unwrap());
    let claim = sends(&anna, team_account);
    assert_eq!(claim.id, team_row);
    assert!(anna.release_claim(team_row, &claim.token).unwrap());
    assert!(anna.back_to_draft(team_row).unwrap(), "out of the way");
    assert_eq!(refuses(&anna, team_account).id, tampered);

    // An uncertain row changed by hand: asking again would send other bytes than were signed.
    let uncertain = queue(&mut anna, team_account, "UNCERTAIN", b"{\"u\":1}");
    psql(
        &db,
        &format!(
            "UPDATE logodesk.local_orders SET state = 'uncertain', reached = 1,
                body = '\\x7b7d' WHERE id = {}",
            uncertain.0
        ),
    );
    let out = anna.uncertain_outgoing(uncertain).unwrap().unwrap();
    let dest = anna.destination(team_account).unwrap();
    assert!(matches!(
        anna.vet_outgoing(&out, team_account, &dest),
        Err(StoreError::NotSigned(_))
    ));
}

/// A team account's service address changed with plain SQL: every desk would send its API
/// key there with its next request. Each desk remembers the address its key was entered for:
/// the account is read as moved (and no client is made for it, `backend::support::clients`)
/// until that desk's person confirms the new address or types one.
#[test]
fn an_address_changed_with_plain_sql_gets_no_desks_key_until_its_person_confirms() {
    let (anna, bo, db, account) = team();
    // Bo reads the account Anna added and attaches his key to it (`account add`).
    bo.remember_team_accounts().unwrap();
    bo.replace_key(account, || Ok::<(), ()>(()))
        .unwrap()
        .unwrap();
    for desk in [&anna, &bo] {
        assert_eq!(desk.account(account).unwrap().key_entered_for, None);
    }

    psql(
        &db,
        &format!(
            "UPDATE accounts SET base_url = 'https://mallory.example/' WHERE id = {}",
            account.0
        ),
    );
    let entered = Some(url::Url::parse("https://api.example.com/").unwrap());
    for desk in [&anna, &bo] {
        // As the listener has each desk read the team's accounts again.
        desk.remember_team_accounts().unwrap();
        assert_eq!(desk.account(account).unwrap().key_entered_for, entered);
        let listed = desk.accounts().unwrap();
        let listed = listed.iter().find(|a| a.id == account).unwrap();
        assert_eq!(listed.key_entered_for, entered, "as Settings lists it");
    }

    // Bo saves the account with a new name only: the address he never typed stays unconfirmed.
    let mallory = crate::store::NewAccount {
        base_url: url::Url::parse("https://mallory.example/").unwrap(),
        ..remote("Club 2")
    };
    bo.update_account(account, &mallory).unwrap();
    assert_eq!(bo.account(account).unwrap().key_entered_for, entered);
    // He confirms it: his key goes there; Anna's desk still refuses.
    bo.confirm_key_address(account).unwrap();
    assert_eq!(bo.account(account).unwrap().key_entered_for, None);
    assert_eq!(anna.account(account).unwrap().key_entered_for, entered);
    // Anna types the address back herself: hers is confirmed, and Bo's desk now asks him.
    anna.update_account(account, &remote("Club 2")).unwrap();
    assert_eq!(anna.account(account).unwrap().key_entered_for, None);
    bo.remember_team_accounts().unwrap();
    assert_eq!(
        bo.account(account).unwrap().key_entered_for,
        Some(url::Url::parse("https://mallory.example/").unwrap())
    );
}
