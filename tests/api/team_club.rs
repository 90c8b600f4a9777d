//! Issue 41, the desk's half of the club room: two desks of a team on a real PostgreSQL, a
//! sandbox service and the club room on the team database. Asking without a sender serving
//! the room is refused with a sentence; *Ask the club to approve…* makes and keeps the sheet,
//! records it sent, stores the page with its pictures and answers with a link (only its hash
//! stored); the club corrects a row on its page and the other desk is told within 2 s; the
//! correction applied, the next link asks only that row.

use crate::common::*;
use crate::pg_cluster;
use crate::team_desks::{desk, history_until, sandbox, start};
use logodesk::backend::editor::club::{LogoAsk, LogoClub};
use logodesk::backend::editor::{EditorCommand, EditorDraft, EditorEvent, StagedChanges};
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

/// `order`'s approval steps as `b` reads them now.
fn steps_of(b: &Backend, order: LocalOrderId) -> Vec<logodesk::orders::approval::ProofStep> {
    b.send(Command::Proofs(ProofsCommand::Approvals { order }));
    wait(b, "the steps", |e| match e {
        Event::Proofs(ProofsEvent::Approvals {
            order: o, steps, ..
        }) if o == order => Some(steps),
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

/// Two desks of a team on a real PostgreSQL and a sandbox, and a draft of the team's with
/// `form` made on Anna's desk.
struct Team {
    _service: tokio::runtime::Runtime,
    _env: Env,
    anna: crate::team_desks::Desk,
    _bo: crate::team_desks::Desk,
    a: Backend,
    b: Backend,
    order: LocalOrderId,
}

impl Team {
    fn with_draft(form: &DraftForm) -> Team {
        let (service, env) = sandbox();
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
        a.send(Command::Orders(OrdersCommand::NewDraft {
            request: RequestId(1),
            draft_json: serde_json::to_string(form).unwrap(),
            reference: form.reference.clone(),
            recipient: form.address.name.clone(),
        }));
        let order = wait(&a, "the draft", |e| match e {
            Event::Orders(OrdersEvent::DraftCreated(row)) => Some(row.id),
            _ => None,
        })
        .unwrap();
        assert!(order.0 >= TEAM_IDS_FROM, "a team's draft");
        Team {
            _service: service,
            _env: env,
            anna,
            _bo: bo,
            a,
            b,
            order,
        }
    }
}

/// The club room as the team's sender serves it: its own connection to the team database
/// (`desk`'s settings), its settings written when it first connects — here at once.
fn room_of(desk: &crate::team_desks::Desk) -> logodesk::club::serve::RoomHandle {
    let settings = logodesk::team::settings_of(desk.dir.path(), &desk.keychain)
        .unwrap()
        .unwrap();
    let connect = Box::new(move || {
        let client = logodesk::team::connect(&settings)
            .map_err(|e| logodesk::club::RoomError::Unreachable(e.to_string()))?;
        let store = logodesk::store::Store::open_postgres(client)?;
        store.set_club_room(&logodesk::store::club::ClubRoomSettings {
            public_url: PUBLIC.into(),
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
    // A well-formed link no request has: the room connects (and writes its settings).
    let guess = logodesk::club::ClubToken::generate().unwrap().link("");
    assert_eq!(http(room.addr(), "GET", guess.expose_secret(), "").0, 404);
    room
}

/// The address the links name (the room itself listens on loopback).
const PUBLIC: &str = "https://klub.sportigan.example";

/// A link's path on the room.
fn path_of(link: &ClubLink) -> String {
    link.url
        .expose_secret()
        .trim_start_matches(PUBLIC)
        .to_owned()
}

#[test]
fn a_club_corrects_a_row_on_its_page_and_every_desk_hears_it_within_2_s() {
    let mut form = logodesk::backend::demo_form();
    form.designs.truncate(1);
    form.designs[0].rows.truncate(2);
    form.designs[0].rows[0].name = "Hansen".into();
    form.designs[0].rows[1].name = "Berg".into();
    let team = Team::with_draft(&form);
    let (anna, a, b, order) = (&team.anna, &team.a, &team.b, team.order);

    // No sender serves the room yet: a sentence, no link.
    let refused = ask(a, order, &form, 1).unwrap_err();
    assert!(refused.contains("--club-room-url"), "{refused}");

    let room = room_of(anna);

    let link = ask(a, order, &form, 2).unwrap();
    let url = link.url.expose_secret().to_owned();
    assert!(url.starts_with(&format!("{PUBLIC}/c/")), "{url}");
    assert_eq!((link.asked, link.rows), (2, 2));
    // Bo's desk shows the request waiting (it opened the draft's approvals).
    b.send(Command::Proofs(ProofsCommand::Approvals { order }));
    let waiting = club_of(b, order, "the waiting mark on Bo's desk", |c| {
        c.waiting(chrono::Utc::now())
    });
    assert_eq!(waiting.request.contact, "Mette Hansen");
    assert_eq!(waiting.asked_by, "Anna");
    // The line's sheet was kept and recorded sent, as *Proof sent…* does.
    let path = path_of(&link);
    let path = path.as_str();
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
    let decided = club_of(b, order, "the club's correction on Bo's desk", |c| {
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
    let again = ask(a, order, &form, 3).unwrap();
    assert_eq!((again.asked, again.rows), (1, 2));
    // The old link is refused now, with a sentence.
    let (code, gone) = http(room.addr(), "GET", path, "");
    assert_eq!(code, 410, "{gone}");
    let path = path_of(&again);
    let (_, page) = http(room.addr(), "GET", &path, "");
    let shown = shown_of(&page);
    let body = format!("shown={shown}&who=Mette+Hansen&choice=approve&lang=da");
    assert_eq!(http(room.addr(), "POST", &path, &body).0, 303);
    club_of(a, order, "the approval on Anna's desk", |c| {
        c.request.decision.is_some()
    });
    // Every line approved: placing no longer asks.
    let steps = steps_of(a, order);
    assert!(
        steps.iter().all(|s| s.status == ProofStatus::Approved),
        "{steps:?}"
    );
    let by_line = steps.into_iter().map(|s| (s.line.clone(), s)).collect();
    assert!(approval::summarise(&form.designs, &by_line).is_all_approved());
    drop(room);
}

/// Where the browser test's screenshots go (looked at by a person; CI keeps them).
fn shots() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("club-room")
}

/// The page's whole weight: the HTML, its stylesheet and every picture it shows.
fn page_weight(room: SocketAddr, path: &str, html: &str) -> usize {
    let css = http(room, "GET", "/club.css", "").1.len();
    let pictures: usize = html
        .match_indices("/p/")
        .filter_map(|(at, _)| {
            let n: String = html[at + 3..]
                .chars()
                .take_while(char::is_ascii_digit)
                .collect();
            n.parse::<u32>().ok()
        })
        .collect::<std::collections::BTreeSet<_>>()
        .into_iter()
        .map(|n| {
            crate::common::raw_http::phone(room, "GET", &format!("{path}/p/{n}"), "")
                .2
                .len()
        })
        .sum();
    html.len() + css + pictures
}

#[test]
fn a_club_corrects_row_7_of_20_in_a_real_chromium_and_approves_the_rest() {
    let mut form = logodesk::backend::demo_form();
    form.designs.truncate(1);
    let template = form.designs[0].rows[0].clone();
    form.designs[0].rows = (1..=20)
        .map(|n| logodesk::orders::form::RowForm {
            name: format!("Spiller {n}"),
            number: n.to_string(),
            size: ["S", "M", "L", "XL"][n % 4].into(),
            quantity: "1".into(),
            ..template.clone()
        })
        .collect();
    form.designs[0].rows[6].name = "Berg".into();
    let team = Team::with_draft(&form);
    let (a, b, order) = (&team.a, &team.b, team.order);
    let room = room_of(&team.anna);
    let link = ask(a, order, &form, 1).unwrap();
    assert_eq!((link.asked, link.rows), (20, 20));
    let path = path_of(&link);
    let base = format!("http://{}", room.addr());

    // A mail scanner fetches the link first: nothing changes.
    let (code, html) = http(room.addr(), "GET", &path, "");
    assert_eq!(code, 200);
    let weight = page_weight(room.addr(), &path, &html);
    eprintln!(
        "a 20-row page with its pictures: {weight} bytes (HTML {} bytes)",
        html.len()
    );
    assert!(weight <= 1_500_000, "{weight} bytes");
    b.send(Command::Proofs(ProofsCommand::Approvals { order }));
    assert!(
        club_of(b, order, "the request on Bo's desk", |_| true)
            .request
            .decision
            .is_none()
    );

    let browser = crate::common::webdriver::Browser::start(390, 844);
    browser.goto(&format!("{base}{path}"));
    let timing = browser.script(
        "const n = performance.getEntriesByType('navigation')[0]; \
         return [n.responseStart - n.requestStart, n.loadEventEnd - n.startTime];",
    );
    eprintln!(
        "first byte {} ms, loaded {} ms (debug build, 2 cores)",
        timing[0], timing[1]
    );
    let text = browser.text();
    assert!(
        text.contains("Spiller 20") && text.contains("Berg"),
        "{text}"
    );
    browser.screenshot(&shots().join("da-open.png"));
    browser.goto(&format!("{base}{path}?lang=en"));
    browser.screenshot(&shots().join("en-open.png"));

    // Row 7's name corrected, the rest approved.
    browser.click("p.correct a");
    assert!(browser.url().contains("/correct"), "{}", browser.url());
    browser.type_into("input[name='r-0-6-name']", "Bergh");
    browser.type_into("input[name='who']", "Mette Hansen");
    browser.screenshot(&shots().join("en-correct.png"));
    let sent = Instant::now();
    browser.click("button.primary");
    let decided = club_of(b, order, "the correction on Bo's desk", |c| {
        c.request.decision.is_some()
    });
    let heard = sent.elapsed();
    eprintln!("Bo's desk heard the club's correction {heard:?} after the tap");
    assert!(heard < Duration::from_secs(2), "{heard:?}");
    browser.screenshot(&shots().join("en-decided.png"));
    let d = decided.request.decision.unwrap();
    assert_eq!(d.kind, "corrected");
    assert_eq!(d.corrections.len(), 1, "{:?}", d.corrections);
    assert_eq!(
        (d.corrections[0].row, d.corrections[0].now.as_str()),
        (6, "Bergh")
    );
    assert!(d.browser.contains("Chrome"), "{}", d.browser);

    // The correction applied; the new link asks only row 7, and the club approves it.
    form.designs[0].rows[6].name = "Bergh".into();
    let again = ask(a, order, &form, 2).unwrap();
    assert_eq!((again.asked, again.rows), (1, 20));
    browser.goto(&format!("{base}{path}"));
    assert!(browser.text().contains("newer") || browser.text().contains("nyere"));
    browser.screenshot(&shots().join("da-replaced.png"));
    browser.goto(&format!("{base}{}", path_of(&again)));
    browser.screenshot(&shots().join("da-again.png"));
    browser.type_into("input[name='who']", "Mette Hansen");
    browser.click("button.primary[value='approve']");
    club_of(a, order, "the approval on Anna's desk", |c| {
        c.request
            .decision
            .as_ref()
            .is_some_and(|d| d.kind == "approved")
    });
    browser.screenshot(&shots().join("da-approved.png"));

    // On a slow phone the page is usable before its pictures arrive: its text and the form
    // are painted first (the pictures load lazily, their boxes sized); measured, not asserted.
    let slow = crate::common::webdriver::Browser::start(390, 844);
    slow.slow_phone();
    slow.goto(&format!("{base}{}", path_of(&again)));
    let timing = slow.script(
        "const n = performance.getEntriesByType('navigation')[0]; \
         const bytes = performance.getEntriesByType('resource') \
             .reduce((s, r) => s + r.transferSize, n.transferSize); \
         return [n.responseStart, n.domContentLoadedEventEnd, n.loadEventEnd, bytes];",
    );
    eprintln!(
        "slow phone (slow 3G, CPU ×4): first byte {} ms, page ready {} ms, loaded {} ms, \
         {} bytes fetched by then",
        timing[0], timing[1], timing[2], timing[3]
    );
    slow.screenshot(&shots().join("da-slow-phone.png"));
    let text = slow.text();
    assert!(text.contains("Bergh"), "the rows are there to read: {text}");

    // Placing no longer asks: every line approved, as the composer counts it.
    let steps = steps_of(a, order);
    let by_line = steps.into_iter().map(|s| (s.line.clone(), s)).collect();
    assert!(approval::summarise(&form.designs, &by_line).is_all_approved());
}

/// `b`'s news of `logo`'s club state until `done` holds.
fn logo_club_of(
    b: &Backend,
    logo: logodesk::api::LogoId,
    what: &str,
    done: impl Fn(&LogoClub) -> bool,
) -> LogoClub {
    wait(b, what, |e| match e {
        Event::Editor(EditorEvent::Club(c)) if c.logo == logo && done(&c) => Some(*c),
        _ => None,
    })
    .unwrap()
}

/// A draft opened in `b`'s editor.
fn open_draft(b: &Backend, logo: logodesk::api::LogoId) -> EditorDraft {
    b.send(Command::Editor(EditorCommand::Open {
        request: RequestId(700),
        logo,
    }));
    wait(b, "the draft opened", |e| match e {
        Event::Editor(EditorEvent::Opened { draft, .. }) => Some(*draft),
        _ => None,
    })
    .unwrap()
}

/// `changes` applied to draft `logo` on `b`: the draft as the service answers after the last
/// step.
fn apply_to(
    b: &Backend,
    logo: logodesk::api::LogoId,
    request: u64,
    changes: StagedChanges,
) -> logodesk::api::Logo {
    b.send(Command::Editor(EditorCommand::Apply {
        request: RequestId(request),
        logo,
        changes,
    }));
    wait(b, "the change applied", |e| match e {
        Event::Editor(EditorEvent::StepDone { draft, .. }) => Some(draft.logo),
        Event::Editor(EditorEvent::StepFailed { error, .. }) => {
            panic!("the change was refused: {}", error.message)
        }
        _ => None,
    })
    .unwrap()
}

fn ask_logo(
    b: &Backend,
    logo: &logodesk::api::Logo,
    uploaded: &[logodesk::api::Color],
    n: u64,
) -> Result<ClubLink, String> {
    b.send(Command::Editor(EditorCommand::AskClub {
        request: RequestId(800 + n),
        ask: Box::new(LogoAsk {
            logo: Box::new(logo.clone()),
            original_colors: uploaded.to_vec(),
            club: "FC Nørrebro".into(),
            contact: ClubContact {
                name: "Mette Hansen".into(),
                email: "mette@fcn.example".into(),
                language: Language::English,
            },
        }),
    }));
    wait(b, "the club's link for the draft", |e| match e {
        Event::Editor(EditorEvent::ClubLink(link)) => Some(*link),
        _ => None,
    })
}

/// A logo draft asked about before *Commit…*, recolored since it was uploaded: the page shows
/// it as uploaded and as it will be printed, with its method and size; the club approves on
/// its phone and the other desk hears it within 2 s; the draft resized, the approval no
/// longer holds.
#[test]
fn a_club_approves_a_logo_draft_and_a_resize_makes_it_stale() {
    let mut form = logodesk::backend::demo_form();
    form.designs.truncate(1);
    let team = Team::with_draft(&form);
    let (a, b) = (&team.a, &team.b);
    let id = logodesk::api::LogoId(logodesk::sandbox::fixtures::FRESH_DRAFT_LOGO);
    let draft = open_draft(a, id);
    let uploaded = draft.memory.original_colors.clone();
    // Its first color changed to another of its method's (a real before and after).
    let first = &draft.logo.colors[0];
    let other = draft
        .palette
        .as_ref()
        .and_then(|p| p.iter().find(|c| c.rgb() != first.rgb() && c.red > 150))
        .expect("another color of the method")
        .clone();
    let mut targets: Vec<String> = draft.logo.colors.iter().map(|c| c.id.clone()).collect();
    targets[0] = other.id.clone();
    let logo = apply_to(
        a,
        id,
        705,
        StagedChanges {
            colors: Some(targets),
            ..StagedChanges::default()
        },
    );
    assert_eq!(logo.colors[0].id, other.id);

    // No sender serves the room: the desk says why and asking is refused with a sentence.
    b.send(Command::Editor(EditorCommand::Club { logo: id }));
    let none = logo_club_of(b, id, "the draft's club state", |_| true);
    assert!(none.shown.is_none());
    let why = none.unavailable.expect("no room served");
    assert!(why.contains("--club-room-url"), "{why}");
    let refused = ask_logo(a, &logo, &uploaded, 1).unwrap_err();
    assert!(refused.contains("--club-room-url"), "{refused}");

    // The sender starts serving the room: the desk showing the draft hears it without
    // asking again. (Once the desks' own orders are completed, nothing else of the team
    // changes meanwhile that would make it read the draft's state again.)
    history_until(b, "the desks' orders completed", PATIENCE, |h| {
        h.iter()
            .filter(|o| o.reference.starts_with("CLUB-"))
            .filter(|o| o.state == logodesk::store::OrderState::Completed)
            .count()
            == 2
    });
    let room = room_of(&team.anna);
    let served = logo_club_of(b, id, "the room served, on Bo's desk", |c| {
        c.unavailable.is_none()
    });
    assert!(served.shown.is_none());
    let link = ask_logo(a, &logo, &uploaded, 2).unwrap();
    assert_eq!(link.reference, logo.title.trim());
    let waiting = logo_club_of(b, id, "the draft's request on Bo's desk", |c| {
        c.shown.is_some()
    });
    assert!(waiting.unavailable.is_none());
    let shown = waiting.shown.unwrap();
    assert!(shown.waiting(chrono::Utc::now()));
    assert_eq!(
        (shown.asked_by.as_str(), shown.request.contact.as_str()),
        ("Anna", "Mette Hansen")
    );

    let path = path_of(&link);
    let (code, page) = http(room.addr(), "GET", &path, "");
    assert_eq!(code, 200);
    let printed = logodesk::club::page::LogoPrinted::of(&logo);
    assert!(page.contains(&printed.method), "the method: {page}");
    assert!(page.contains("/p/0"), "the picture as printed: {page}");
    assert!(page.contains("/p/1"), "the picture as uploaded: {page}");
    assert!(
        page.contains(&logodesk::club::page::PageColor::words(&uploaded[0])),
        "the uploaded color beside the new one: {page}"
    );
    assert!(
        !page.contains("/correct"),
        "a logo has no rows to correct: {page}"
    );
    let (code, png) = http(room.addr(), "GET", &format!("{path}/p/0"), "");
    assert_eq!(code, 200);
    assert!(png.contains("PNG"), "a PNG");
    assert_eq!(
        http(room.addr(), "GET", &format!("{path}/correct"), "").0,
        303
    );
    // Those GETs (a mail scanner's, a chat preview's) decided nothing.
    b.send(Command::Editor(EditorCommand::Club { logo: id }));
    let opened = logo_club_of(b, id, "the draft's state after the GETs", |_| true);
    let opened = opened.shown.expect("the request");
    assert!(opened.request.decision.is_none() && opened.waiting(chrono::Utc::now()));

    // On the club's phone, in a real Chromium: looked at in both languages, then approved.
    let base = format!("http://{}", room.addr());
    let browser = crate::common::webdriver::Browser::start(390, 844);
    browser.goto(&format!("{base}{path}"));
    let text = browser.text();
    assert!(
        text.contains(&printed.method) && text.contains("mm"),
        "{text}"
    );
    browser.screenshot(&shots().join("en-logo.png"));
    browser.goto(&format!("{base}{path}?lang=da"));
    assert!(browser.text().contains("Godkend"), "{}", browser.text());
    browser.screenshot(&shots().join("da-logo.png"));
    browser.type_into("input[name='who']", "Mette Hansen");
    let sent = Instant::now();
    browser.click("button.primary[value='approve']");
    let approved = logo_club_of(b, id, "the club's approval on Bo's desk", |c| {
        c.shown
            .as_ref()
            .is_some_and(|s| s.request.decision.is_some())
    });
    let heard = sent.elapsed();
    eprintln!("Bo's desk heard the club approve the draft {heard:?} after the tap");
    assert!(heard < Duration::from_secs(2), "{heard:?}");
    browser.screenshot(&shots().join("da-logo-approved.png"));
    let request = approved.shown.unwrap().request;
    let decision = request.decision.as_ref().unwrap();
    assert_eq!(
        (decision.kind.as_str(), decision.who.as_str()),
        ("approved", "Mette Hansen")
    );
    assert!(request.page.approves_logo(&logo));
    // The same answer again (a retry, a double tap) changes nothing: the page says it was
    // decided.
    let body = format!(
        "shown={}&who=Someone+Else&choice=changes&note=x",
        shown_of(&page)
    );
    assert_eq!(http(room.addr(), "POST", &path, &body).0, 303);
    b.send(Command::Editor(EditorCommand::Club { logo: id }));
    let again = logo_club_of(b, id, "the draft's club state again", |_| true);
    let kept = again.shown.unwrap().request.decision.unwrap();
    assert_eq!(
        (kept.kind.as_str(), kept.who.as_str()),
        ("approved", "Mette Hansen")
    );

    // Resized on Anna's desk: what the club approved is no longer what will be printed.
    let resized = apply_to(
        a,
        id,
        710,
        StagedChanges {
            size: Some((Some(logo.width_in_mm + 20.0), None)),
            ..StagedChanges::default()
        },
    );
    assert!(
        !request.page.approves_logo(&resized),
        "a resize makes it stale"
    );

    // Bo's desk still shows the version the club approved (it never heard of the resize):
    // asking about it is refused, and so is committing it as approved — nothing committed.
    let stale = ask_logo(b, &logo, &uploaded, 3).unwrap_err();
    assert!(stale.contains("changed on the service"), "{stale}");
    b.send(Command::Editor(EditorCommand::Commit {
        request: RequestId(720),
        logo: id,
        club_approved: true,
    }));
    let refused = wait(b, "the commit refused", |e| match e {
        Event::Editor(EditorEvent::Committed(logo)) => Some(logo.status.clone()),
        _ => None,
    })
    .unwrap_err();
    assert!(refused.contains("so it was not committed"), "{refused}");
    let fresh = team._env.vendor.logos().get(id);
    let fresh = team._service.block_on(fresh).unwrap();
    assert_eq!(fresh.status, logodesk::api::LogoStatus::Draft);
    drop(room);
}
