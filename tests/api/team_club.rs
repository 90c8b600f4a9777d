//! Issue 41, the desk's half of the club room: two desks of a team on a real PostgreSQL, a
//! sandbox service and the club room on the team database. Asking without a sender serving
//! the room is refused with a sentence; *Ask the club to approve…* makes and keeps the sheet,
//! records it sent, stores the page with its pictures and answers with a link (only its hash
//! stored); the club corrects a row on its page and the other desk is told within 2 s; the
//! correction applied, the next link asks only that row.

use crate::common::*;
use crate::pg_cluster;
use crate::team_desks::{desk, history_until, sandbox, start};
use logodesk::backend::orders::{OrdersCommand, OrdersEvent};
use logodesk::backend::proofs::club::{ClubAsk, ClubContact, ClubLine, ClubLink, ClubRequestShown};
use logodesk::backend::proofs::{ProofKey, ProofsCommand, ProofsEvent, SheetOrder, SheetRow};
use logodesk::backend::{Backend, Command, Event, RequestId};
use logodesk::locale::Language;
use logodesk::orders::approval::{self, LineSnapshot, ProofStatus};
use logodesk::orders::form::DraftForm;
use logodesk::store::{LocalOrderId, TEAM_IDS_FROM};
use secrecy::ExposeSecret as _;
use std::net::SocketAddr;
use std::time::{Duration, Instant};

/// A request as the club's phone sends it: the status code and the body.
fn http(addr: SocketAddr, method: &str, path: &str, body: &str) -> (u16, String) {
    let (code, _, body) = crate::common::raw_http::phone(addr, method, path, body);
    (code, body)
}

/// The page's version, from its form.
fn shown_of(html: &str) -> String {
    let at = html
        .find("name=\"shown\" value=\"")
        .expect("the page's version")
        + 20;
    html[at..].split('"').next().unwrap().to_owned()
}

/// Waits for `b`'s event `pick` takes; a failure is returned as its sentence.
fn wait<T>(b: &Backend, what: &str, mut pick: impl FnMut(Event) -> Option<T>) -> Result<T, String> {
    let started = Instant::now();
    loop {
        while let Some(envelope) = b.try_recv() {
            if let Event::Failed(e) = &envelope.event
                && envelope.request.is_some()
            {
                return Err(e.message.clone());
            }
            if let Some(v) = pick(envelope.event) {
                return Ok(v);
            }
        }
        assert!(started.elapsed() < PATIENCE, "no {what}");
        std::thread::sleep(Duration::from_millis(5));
    }
}

/// The club part of `order`'s next approvals.
fn club_of(
    b: &Backend,
    order: LocalOrderId,
    what: &str,
    done: impl Fn(&ClubRequestShown) -> bool,
) -> ClubRequestShown {
    wait(b, what, |e| match e {
        Event::Proofs(ProofsEvent::Approvals {
            order: o,
            club: Some(c),
            ..
        }) if o == order && done(&c) => Some(*c),
        _ => None,
    })
    .unwrap()
}

/// The ask for every design line of `form` (as the composer makes it).
fn ask_of(form: &DraftForm, contact: &str) -> ClubAsk {
    let keys = approval::line_keys(&form.designs);
    let lines = keys
        .into_iter()
        .zip(&form.designs)
        .map(|(line, d)| {
            let design = logodesk::api::DesignId(d.reference.trim().parse().unwrap());
            ClubLine {
                line,
                snapshot: LineSnapshot::of(d),
                sheet: SheetOrder {
                    reference: form.reference.clone(),
                    club: form.address.name.clone(),
                    design,
                    rows: d
                        .rows
                        .iter()
                        .map(|r| SheetRow {
                            size: r.size.clone(),
                            quantity: r.quantity.clone(),
                            key: ProofKey::new(design, &r.name, &r.number, Vec::new()),
                            value_labels: Vec::new(),
                        })
                        .collect(),
                },
            }
        })
        .collect();
    ClubAsk {
        reference: form.reference.clone(),
        club: form.address.name.clone(),
        lines,
        contact: ClubContact {
            name: contact.into(),
            email: "mette@fcn.example".into(),
            language: Language::Danish,
        },
    }
}

fn ask(b: &Backend, order: LocalOrderId, form: &DraftForm, n: u64) -> Result<ClubLink, String> {
    b.send(Command::Proofs(ProofsCommand::AskClub {
        request: RequestId(900 + n),
        order,
        ask: Box::new(ask_of(form, "Mette Hansen")),
        language: Language::English,
    }));
    wait(b, "the club's link", |e| match e {
        Event::Proofs(ProofsEvent::ClubLink { order: o, link }) if o == order => Some(*link),
        _ => None,
    })
}

#[test]
fn a_club_corrects_a_row_on_its_page_and_every_desk_hears_it_within_2_s() {
    let (_service, env) = sandbox();
    let database = pg_cluster::shared().create_database();
    let team = pg_cluster::shared().socket_url(&database);
    let anna = desk(&env, &team, "Anna", "CLUB-A1");
    let bo = desk(&env, &team, "Bo", "CLUB-B1");
    let a = start(&anna);
    history_until(&a, "Anna's desk on the team", PATIENCE, |h| {
        h.iter().any(|o| o.reference == "CLUB-A1")
    });
    let b = start(&bo);
    history_until(&b, "Bo's desk on the team", PATIENCE, |h| {
        h.iter().any(|o| o.reference == "CLUB-B1")
    });

    // A draft of the team with the demo order's design lines, two rows on the first.
    let mut form = logodesk::backend::demo_form();
    form.designs.truncate(1);
    form.designs[0].rows.truncate(2);
    form.designs[0].rows[0].name = "Hansen".into();
    form.designs[0].rows[1].name = "Berg".into();
    a.send(Command::Orders(OrdersCommand::NewDraft {
        request: RequestId(1),
        draft_json: serde_json::to_string(&form).unwrap(),
        reference: form.reference.clone(),
        recipient: form.address.name.clone(),
    }));
    let order = wait(&a, "the draft", |e| match e {
        Event::Orders(OrdersEvent::DraftCreated(row)) => Some(row.id),
        _ => None,
    })
    .unwrap();
    assert!(order.0 >= TEAM_IDS_FROM, "a team's draft");

    // No sender serves the room yet: a sentence, no link.
    let refused = ask(&a, order, &form, 1).unwrap_err();
    assert!(refused.contains("--club-room-url"), "{refused}");

    // The room as the sender serves it (its own connection to the team database).
    let settings = logodesk::team::settings_of(anna.dir.path(), &anna.keychain)
        .unwrap()
        .unwrap();
    let connect = Box::new(move || {
        let client = logodesk::team::connect(&settings)
            .map_err(|e| logodesk::club::RoomError::Unreachable(e.to_string()))?;
        let store = logodesk::store::Store::open_postgres(client)?;
        store.set_club_room(&logodesk::store::club::ClubRoomSettings {
            public_url: "https://klub.sportigan.example".into(),
            shop: "Sportigan".into(),
            terms: "We print exactly what you approve.".into(),
            link_days: 14,
            served_since: logodesk::club::time_text(chrono::Utc::now()),
        })?;
        Ok(store)
    });
    let room = logodesk::club::serve::spawn(
        "127.0.0.1:0".parse().unwrap(),
        std::sync::Arc::new(logodesk::club::room::StoreRoom::new(connect)),
        Default::default(),
    )
    .unwrap();
    // The room writes its settings when it first connects.
    let guess = logodesk::club::ClubToken::generate().unwrap().link("");
    assert_eq!(http(room.addr(), "GET", guess.expose_secret(), "").0, 404);

    let link = ask(&a, order, &form, 2).unwrap();
    let url = link.url.expose_secret().to_owned();
    assert!(
        url.starts_with("https://klub.sportigan.example/c/"),
        "{url}"
    );
    assert_eq!((link.asked, link.rows), (2, 2));
    // Bo's desk shows the request waiting (it opened the draft's approvals).
    b.send(Command::Proofs(ProofsCommand::Approvals { order }));
    let waiting = club_of(&b, order, "the waiting mark on Bo's desk", |c| {
        c.waiting(chrono::Utc::now())
    });
    assert_eq!(waiting.request.contact, "Mette Hansen");
    assert_eq!(waiting.asked_by, "Anna");
    // The line's sheet was kept and recorded sent, as *Proof sent…* does.
    let path = url.trim_start_matches("https://klub.sportigan.example");
    let (code, page) = http(room.addr(), "GET", path, "");
    assert_eq!(code, 200);
    assert!(page.contains("Hansen") && page.contains("Berg"), "{page}");
    assert!(page.contains("/p/0"), "the rows' pictures: {page}");
    let (code, png) = http(room.addr(), "GET", &format!("{path}/p/0"), "");
    assert_eq!(code, 200);
    assert!(!png.is_empty());

    // The club corrects row 2's name and approves the rest; Bo hears it within 2 s.
    let shown = shown_of(&page);
    let body = format!(
        "shown={shown}&who=Mette+Hansen&choice=correct&r-0-0-name=Hansen&r-0-1-name=Bergh&lang=da"
    );
    let sent = Instant::now();
    assert_eq!(http(room.addr(), "POST", path, &body).0, 303);
    let decided = club_of(&b, order, "the club's correction on Bo's desk", |c| {
        c.request.decision.is_some()
    });
    let heard = sent.elapsed();
    eprintln!("Bo's desk heard the club's correction {heard:?} after it was posted");
    assert!(heard < Duration::from_secs(2), "{heard:?}");
    let d = decided.request.decision.unwrap();
    assert_eq!(d.kind, "corrected");
    assert_eq!(
        (d.corrections[0].row, d.corrections[0].now.as_str()),
        (1, "Bergh")
    );

    // The correction applied (as *Apply* does), the next link asks only row 2.
    form.designs[0].rows[1].name = "Bergh".into();
    let again = ask(&a, order, &form, 3).unwrap();
    assert_eq!((again.asked, again.rows), (1, 2));
    // The old link is refused now, with a sentence.
    let (code, gone) = http(room.addr(), "GET", path, "");
    assert_eq!(code, 410, "{gone}");
    let path = again
        .url
        .expose_secret()
        .trim_start_matches("https://klub.sportigan.example")
        .to_owned();
    let (_, page) = http(room.addr(), "GET", &path, "");
    let shown = shown_of(&page);
    let body = format!("shown={shown}&who=Mette+Hansen&choice=approve&lang=da");
    assert_eq!(http(room.addr(), "POST", &path, &body).0, 303);
    club_of(&a, order, "the approval on Anna's desk", |c| {
        c.request.decision.is_some()
    });
    // Every line approved: placing no longer asks.
    a.send(Command::Proofs(ProofsCommand::Approvals { order }));
    let steps = wait(&a, "the steps", |e| match e {
        Event::Proofs(ProofsEvent::Approvals {
            order: o, steps, ..
        }) if o == order => Some(steps),
        _ => None,
    })
    .unwrap();
    assert!(
        steps.iter().all(|s| s.status == ProofStatus::Approved),
        "{steps:?}"
    );
    let by_line = steps.into_iter().map(|s| (s.line.clone(), s)).collect();
    assert!(approval::summarise(&form.designs, &by_line).is_all_approved());
    drop(room);
}
