//! The club room as the team's sender serves it (issue 41, README "The club room"): the real
//! binary with `--club-room-url`, a real PostgreSQL, a link kept in the team database as a
//! desk keeps it (only its hash), and plain HTTP as a phone, a mail scanner or a guesser sends
//! it. Opening changes nothing; two answers at once make one decision and one proof step; a
//! roster name `<script>` is text; guessing is answered 429; the link is in no log; SIGTERM
//! stops the sender.

use crate::common::PATIENCE;
use crate::common::raw_http::phone as http;
use crate::pg_cluster;
use crate::runner_common::Runner;
use logodesk::club::ClubToken;
use logodesk::club::page::{ClubPage, PageLine, PageRow};
use std::io::{Read as _, Write as _};
use std::net::{SocketAddr, TcpStream};
use std::time::{Duration, Instant};

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// The sender on the data folder `dir` of the team database `db`, serving the club room on
/// `addr`; answers once the room does (its connection made, the schema with it).
fn start_sender(dir: &std::path::Path, db: &str, addr: SocketAddr) -> Runner {
    let sender = spawn_sender(dir, db, addr);
    let unknown = format!("/c/{}", ClubToken::generate().unwrap().expose());
    let start = Instant::now();
    loop {
        if TcpStream::connect(addr).is_ok() && http(addr, "GET", &unknown, "").0 == 404 {
            return sender;
        }
        assert!(start.elapsed() < PATIENCE, "the club room never answered");
        std::thread::sleep(Duration::from_millis(100));
    }
}

/// The sender on the data folder `dir` of the team database `db`, serving the club room on
/// `addr`, as it starts.
fn spawn_sender(dir: &std::path::Path, db: &str, addr: SocketAddr) -> Runner {
    let team = pg_cluster::shared().socket_url(db);
    let listen = addr.to_string();
    Runner::start(
        dir,
        &[
            "--team-database",
            &team,
            "send-queued",
            "--club-room-url",
            "https://klub.example.dk",
            "--club-room-listen",
            &listen,
            "--club-room-shop",
            "Sportigan",
        ],
    )
}

/// A link of order `order` kept in the team database `db` as a desk keeps it (only its
/// hash): its token and the page's shown hash.
fn keep_link(db: &str, order: i64) -> (ClubToken, String) {
    let token = ClubToken::generate().unwrap();
    let page = ClubPage {
        shop: "Sportigan".into(),
        reference: "FCN-2027".into(),
        club: "FC Nørrebro".into(),
        lines: vec![PageLine {
            key: "20001#0".into(),
            title: "Hjemmebane".into(),
            rows: vec![PageRow {
                name: "<script>alert(1)</script>".into(),
                number: "7".into(),
                size: "M".into(),
                quantity: "1".into(),
                asked: true,
                ..Default::default()
            }],
            ..Default::default()
        }],
        ..Default::default()
    };
    let shown = page.shown_hash(&[]);
    let json = serde_json::to_string(&page).unwrap().replace('\'', "''");
    pg_cluster::shared()
        .psql(
            db,
            &format!(
                "INSERT INTO logodesk.club_requests (token_hash, order_id, contact_name, language,
                     page_json, shown_hash, created_at, expires_at)
                 VALUES ('{}', {order}, 'Mette Hansen', 'da', '{json}', '{shown}',
                     '2026-12-01T00:00:00.000Z', '2999-01-01T00:00:00.000Z')",
                token.hash().0
            ),
        )
        .unwrap();
    (token, shown)
}

fn decisions(db: &str) -> String {
    pg_cluster::shared()
        .psql(db, "SELECT count(*) FROM logodesk.club_decisions")
        .unwrap()
        .trim()
        .to_owned()
}

/// A desk can make a link only once the room's settings are in the team database, and a club
/// opens a page only once it has a link: the sender writes them as it starts, before anyone
/// opens a page.
#[test]
fn the_sender_says_the_room_is_served_before_any_page_is_opened() {
    let cluster = pg_cluster::shared();
    let db = cluster.create_database();
    let dir = tempfile::tempdir().unwrap();
    let addr = SocketAddr::from(([127, 0, 0, 1], free_port()));
    let _sender = spawn_sender(dir.path(), &db, addr);
    let start = Instant::now();
    loop {
        let served = cluster
            .psql(&db, "SELECT public_url FROM logodesk.club_room")
            .unwrap_or_default();
        if served.trim() == "https://klub.example.dk" {
            break;
        }
        assert!(
            start.elapsed() < Duration::from_secs(30),
            "no room in the team database 30 s after the sender started: {served:?}"
        );
        std::thread::sleep(Duration::from_millis(100));
    }
    eprintln!(
        "the room's settings were written {:?} after the sender started",
        start.elapsed()
    );
}

#[test]
fn the_senders_club_room_takes_one_decision_and_keeps_no_link() {
    let cluster = pg_cluster::shared();
    let db = cluster.create_database();
    let dir = tempfile::tempdir().unwrap();
    let addr = SocketAddr::from(([127, 0, 0, 1], free_port()));
    let sender = start_sender(dir.path(), &db, addr);
    let settings = cluster
        .psql(
            &db,
            "SELECT public_url || ' ' || shop FROM logodesk.club_room",
        )
        .unwrap();
    assert_eq!(settings.trim(), "https://klub.example.dk Sportigan");
    let (token, shown) = keep_link(&db, 1099511627800);
    let path = format!("/c/{}", token.expose());
    let decisions = || decisions(&db);

    // A mail scanner opens the link first: nothing changes.
    let (code, head, body) = http(addr, "GET", &path, "");
    assert_eq!(code, 200, "{head}");
    assert!(
        head.contains("content-security-policy: default-src 'none'"),
        "{head}"
    );
    assert!(head.contains("referrer-policy: no-referrer"), "{head}");
    assert!(
        body.contains("&lt;script&gt;alert(1)&lt;/script&gt;"),
        "{body}"
    );
    assert!(!body.contains("<script"), "{body}");
    assert_eq!(decisions(), "0");

    // A double tap: two answers at once make one decision.
    let answer = format!("shown={shown}&who=Mette+Hansen&choice=approve&lang=da");
    let taps: Vec<_> = (0..2)
        .map(|_| {
            let (path, answer) = (path.clone(), answer.clone());
            std::thread::spawn(move || http(addr, "POST", &path, &answer).0)
        })
        .collect();
    for tap in taps {
        assert_eq!(tap.join().unwrap(), 303);
    }
    assert_eq!(decisions(), "1");
    let steps = cluster
        .psql(
            &db,
            "SELECT status || ' ' || who FROM logodesk.proof_steps WHERE order_id = 1099511627800",
        )
        .unwrap();
    assert_eq!(steps.trim(), "approved Mette Hansen");
    let (_, _, body) = http(addr, "GET", &path, "");
    assert!(body.contains("Godkendt af Mette Hansen"), "{body}");

    // A guesser is answered 429 after a few links that open nothing.
    let mut last = 0;
    for _ in 0..30 {
        let guess = format!("/c/{}", ClubToken::generate().unwrap().expose());
        last = http(addr, "GET", &guess, "").0;
    }
    assert_eq!(last, 429);

    let (status, _, stderr) = sender.terminate(PATIENCE);
    assert!(status.success(), "{stderr}");
    assert!(
        !stderr.contains(token.expose()),
        "the link is in the log: {stderr}"
    );
    for entry in walk(dir.path()) {
        let bytes = std::fs::read(&entry).unwrap_or_default();
        let text = String::from_utf8_lossy(&bytes);
        assert!(
            !text.contains(token.expose()),
            "the link is in {}",
            entry.display()
        );
    }
}

fn walk(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let path = entry.path();
        if path.is_dir() {
            out.extend(walk(&path));
        } else {
            out.push(path);
        }
    }
    out
}

/// The sender killed (`kill -9`) while a club's answer waits for the team database: the answer
/// is not recorded (its transaction never committed); the club opens the link again after the
/// restart, answers, and there is exactly one decision.
#[test]
fn a_sender_killed_during_an_answer_records_it_once_after_the_restart() {
    let cluster = pg_cluster::shared();
    let db = cluster.create_database();
    let dir = tempfile::tempdir().unwrap();
    let addr = SocketAddr::from(([127, 0, 0, 1], free_port()));
    let sender = start_sender(dir.path(), &db, addr);
    let (token, shown) = keep_link(&db, 1099511627900);
    let path = format!("/c/{}", token.expose());
    let answer = format!("shown={shown}&who=Mette+Hansen&choice=approve&lang=da");
    // Another session holds the decisions' table: the answer's INSERT waits for it.
    let holder = {
        let db = db.clone();
        std::thread::spawn(move || {
            pg_cluster::shared()
                .psql(
                    &db,
                    "BEGIN; LOCK TABLE logodesk.club_decisions IN ACCESS EXCLUSIVE MODE; \
                     SELECT pg_sleep(4); COMMIT;",
                )
                .unwrap()
        })
    };
    std::thread::sleep(Duration::from_millis(500));
    let posting = {
        let (path, answer) = (path.clone(), answer.clone());
        std::thread::spawn(move || {
            let mut sock = TcpStream::connect(addr).unwrap();
            write!(
                sock,
                "POST {path} HTTP/1.1\r\nHost: k\r\nContent-Type: application/x-www-form-urlencoded\r\n\
                 Content-Length: {}\r\n\r\n{answer}",
                answer.len()
            )
            .unwrap();
            let mut rest = Vec::new();
            sock.read_to_end(&mut rest).ok();
            rest
        })
    };
    std::thread::sleep(Duration::from_millis(1000));
    sender.kill9();
    let cut = posting.join().unwrap();
    assert!(
        cut.is_empty(),
        "the answer was answered: {}",
        String::from_utf8_lossy(&cut)
    );
    holder.join().unwrap();
    std::thread::sleep(Duration::from_millis(500));
    assert_eq!(decisions(&db), "0", "a killed answer is not recorded");

    let sender = start_sender(dir.path(), &db, addr);
    let (code, _, body) = http(addr, "GET", &path, "");
    assert_eq!(code, 200);
    assert!(
        body.contains("name=\"choice\""),
        "the page still asks: {body}"
    );
    for _ in 0..2 {
        assert_eq!(http(addr, "POST", &path, &answer).0, 303);
    }
    assert_eq!(decisions(&db), "1");
    let (status, _, stderr) = sender.terminate(PATIENCE);
    assert!(status.success(), "{stderr}");
}
