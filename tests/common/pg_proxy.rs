//! A PostgreSQL wire proxy for tests: a TCP listener on `127.0.0.1:0` in front of a real test
//! server (its Unix socket, or a TCP address), passing every message through until it is told
//! to lose the answer to a COMMIT — the server committed, the client never hears it (issue 38,
//! item 1: what a connection that breaks between the two looks like to a desk).
//!
//! It reads PostgreSQL's framing both ways (after the untyped start-up message: one type byte
//! and a four-byte big-endian length that counts itself). [`PgProxy::lose_commit_after`] arms a
//! one-shot cut: on the first connection whose client then sends a message holding the given
//! text (a statement of the write that matters, say `SET state = 'queued'`), the server's next
//! `CommandComplete` with the tag `COMMIT` is dropped instead of relayed and both sides of that
//! connection are closed. An `SSLRequest` (or `GSSENCRequest`) is answered `N` by the proxy
//! itself: the link to the test server is plain.
//!
//! Used by the library's unit tests (`store::testing`) and by integration tests (`mod
//! pg_proxy;` next to `pg_cluster`), so it depends on nothing but `std`. Each connection is two
//! threads; dropping the proxy stops taking connections and closes the open ones.

#![allow(dead_code)]

use std::io::{Read, Write};
use std::net::{Shutdown, SocketAddr, TcpListener, TcpStream};
#[cfg(unix)]
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

/// Where the proxy connects to.
#[derive(Debug, Clone)]
pub enum Upstream {
    /// A server's Unix socket file (`<dir>/.s.PGSQL.<port>`).
    #[cfg(unix)]
    Unix(PathBuf),
    Tcp(SocketAddr),
}

impl Upstream {
    /// The Unix socket of a server whose socket folder is `dir` and port `port` (as
    /// `pg_cluster::PgCluster` has them).
    #[cfg(unix)]
    pub fn socket(dir: &std::path::Path, port: u16) -> Upstream {
        Upstream::Unix(dir.join(format!(".s.PGSQL.{port}")))
    }
}

/// One side of a relayed connection.
enum Stream {
    Tcp(TcpStream),
    #[cfg(unix)]
    Unix(std::os::unix::net::UnixStream),
}

impl Stream {
    fn connect(to: &Upstream) -> std::io::Result<Stream> {
        Ok(match to {
            #[cfg(unix)]
            Upstream::Unix(path) => Stream::Unix(std::os::unix::net::UnixStream::connect(path)?),
            Upstream::Tcp(addr) => Stream::Tcp(TcpStream::connect(addr)?),
        })
    }

    fn try_clone(&self) -> std::io::Result<Stream> {
        Ok(match self {
            Stream::Tcp(s) => Stream::Tcp(s.try_clone()?),
            #[cfg(unix)]
            Stream::Unix(s) => Stream::Unix(s.try_clone()?),
        })
    }

    fn shutdown(&self) {
        let _ = match self {
            Stream::Tcp(s) => s.shutdown(Shutdown::Both),
            #[cfg(unix)]
            Stream::Unix(s) => s.shutdown(Shutdown::Both),
        };
    }
}

impl Read for Stream {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        match self {
            Stream::Tcp(s) => s.read(buf),
            #[cfg(unix)]
            Stream::Unix(s) => s.read(buf),
        }
    }
}

impl Write for Stream {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        match self {
            Stream::Tcp(s) => s.write(buf),
            #[cfg(unix)]
            Stream::Unix(s) => s.write(buf),
        }
    }

    fn flush(&mut self) -> std::io::Result<()> {
        match self {
            Stream::Tcp(s) => s.flush(),
            #[cfg(unix)]
            Stream::Unix(s) => s.flush(),
        }
    }
}

/// What the proxy's threads share.
#[derive(Default)]
struct Shared {
    /// Armed: the text a client's message must hold for its connection to be cut at its next
    /// COMMIT answer (taken by the first connection that sends it), and how.
    armed: Mutex<Option<(Vec<u8>, Cut)>>,
    /// COMMIT answers lost so far.
    lost: AtomicUsize,
    /// New connections are closed at once (the database out of reach).
    refuse: AtomicBool,
    /// Once a COMMIT answer is lost, `refuse` is set (the database stays out of reach).
    refuse_after_loss: AtomicBool,
    stopped: AtomicBool,
    /// Every side of every connection, to close them all on drop.
    open: Mutex<Vec<Stream>>,
    /// Connections taken so far.
    accepted: AtomicUsize,
}

impl Shared {
    /// A connection is cut at a COMMIT's answer.
    fn cut(&self) {
        self.lost.fetch_add(1, Ordering::SeqCst);
        if self.refuse_after_loss.load(Ordering::SeqCst) {
            self.refuse.store(true, Ordering::SeqCst);
        }
    }
}

/// Where a connection is cut at a COMMIT's answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Cut {
    /// The answer is dropped: the server committed, the client never hears it.
    Before,
    /// The answer is relayed, and the connection is cut when the client asks its next
    /// statement (that one is not relayed): the client knows it committed and loses what it
    /// asks next (reading the row back).
    After,
}

/// A running proxy.
pub struct PgProxy {
    addr: SocketAddr,
    shared: Arc<Shared>,
}

impl PgProxy {
    /// Listens on `127.0.0.1:0` and relays each connection to `upstream`.
    pub fn start(upstream: Upstream) -> PgProxy {
        let listener = TcpListener::bind("127.0.0.1:0").expect("a port on 127.0.0.1");
        let addr = listener.local_addr().expect("the proxy's address");
        let shared = Arc::new(Shared::default());
        let accepting = shared.clone();
        std::thread::Builder::new()
            .name("pg-proxy".into())
            .spawn(move || {
                for client in listener.incoming() {
                    if accepting.stopped.load(Ordering::SeqCst) {
                        return;
                    }
                    let Ok(client) = client else { continue };
                    accepting.accepted.fetch_add(1, Ordering::SeqCst);
                    if accepting.refuse.load(Ordering::SeqCst) {
                        let _ = client.shutdown(Shutdown::Both);
                        continue;
                    }
                    let shared = accepting.clone();
                    let upstream = upstream.clone();
                    std::thread::spawn(move || relay(Stream::Tcp(client), &upstream, &shared));
                }
            })
            .expect("the proxy's thread starts");
        PgProxy { addr, shared }
    }

    /// In front of the Unix socket of the server with socket folder `dir` and `port`.
    #[cfg(unix)]
    pub fn socket(dir: &std::path::Path, port: u16) -> PgProxy {
        PgProxy::start(Upstream::socket(dir, port))
    }

    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    pub fn port(&self) -> u16 {
        self.addr.port()
    }

    /// A libpq-style connection string to database `db` through the proxy as `postgres`.
    pub fn conninfo(&self, db: &str) -> String {
        format!(
            "host=127.0.0.1 port={} user=postgres dbname={db} sslmode=disable",
            self.port()
        )
    }

    /// A `postgres://` address of `db` through the proxy as `postgres`, as a person types it.
    pub fn url(&self, db: &str) -> String {
        format!("postgres://postgres@127.0.0.1:{}/{db}", self.port())
    }

    /// Arms the one-shot cut: the next connection whose client sends a message holding
    /// `text` loses the server's next COMMIT answer and is closed on both sides.
    pub fn lose_commit_after(&self, text: &str) {
        *self.shared.armed.lock().unwrap() = Some((text.as_bytes().to_vec(), Cut::Before));
    }

    /// As [`PgProxy::lose_commit_after`], but the COMMIT's answer is relayed: the connection
    /// is cut at the client's next statement instead (counted in [`PgProxy::commits_lost`]
    /// too).
    pub fn cut_after_commit_after(&self, text: &str) {
        *self.shared.armed.lock().unwrap() = Some((text.as_bytes().to_vec(), Cut::After));
    }

    /// Whether a cut is armed and not yet taken.
    pub fn armed(&self) -> bool {
        self.shared.armed.lock().unwrap().is_some()
    }

    /// How many connections were cut at a COMMIT's answer.
    pub fn commits_lost(&self) -> usize {
        self.shared.lost.load(Ordering::SeqCst)
    }

    /// How many connections were taken (refused ones too).
    pub fn connections(&self) -> usize {
        self.shared.accepted.load(Ordering::SeqCst)
    }

    /// New connections are closed at once while `refuse` (the open ones go on).
    pub fn refuse(&self, refuse: bool) {
        self.shared.refuse.store(refuse, Ordering::SeqCst);
    }

    /// From the next lost COMMIT answer on, new connections are refused (until
    /// [`PgProxy::refuse`]`(false)`): the database is out of reach right after the loss.
    pub fn refuse_after_loss(&self, refuse: bool) {
        self.shared
            .refuse_after_loss
            .store(refuse, Ordering::SeqCst);
    }
}

impl Drop for PgProxy {
    fn drop(&mut self) {
        self.shared.stopped.store(true, Ordering::SeqCst);
        // Wakes the accepting thread, which sees `stopped`.
        let _ = TcpStream::connect(self.addr);
        for s in self.shared.open.lock().unwrap().drain(..) {
            s.shutdown();
        }
    }
}

/// Reads exactly `n` bytes, or `None` at the end of the stream (or an error).
fn read_n(from: &mut impl Read, n: usize) -> Option<Vec<u8>> {
    let mut buf = vec![0; n];
    from.read_exact(&mut buf).ok()?;
    Some(buf)
}

/// One typed message: its type byte and its whole bytes (type, length, body).
fn read_message(from: &mut impl Read) -> Option<(u8, Vec<u8>)> {
    let head = read_n(from, 5)?;
    let len = u32::from_be_bytes([head[1], head[2], head[3], head[4]]) as usize;
    let body = read_n(from, len.checked_sub(4)?)?;
    let mut whole = head;
    whole.extend_from_slice(&body);
    Some((whole[0], whole))
}

/// The untyped start-up packet (length, then its body), answering `N` to any number of
/// SSL / GSSAPI encryption requests before it.
fn read_startup(client: &mut Stream) -> Option<Vec<u8>> {
    const SSL_REQUEST: u32 = 80_877_103;
    const GSSENC_REQUEST: u32 = 80_877_104;
    loop {
        let head = read_n(client, 4)?;
        let len = u32::from_be_bytes([head[0], head[1], head[2], head[3]]) as usize;
        let body = read_n(client, len.checked_sub(4)?)?;
        let code = body
            .get(..4)
            .map(|c| u32::from_be_bytes([c[0], c[1], c[2], c[3]]));
        if len == 8 && matches!(code, Some(SSL_REQUEST | GSSENC_REQUEST)) {
            client.write_all(b"N").ok()?;
            continue;
        }
        let mut whole = head;
        whole.extend_from_slice(&body);
        return Some(whole);
    }
}

fn holds(haystack: &[u8], needle: &[u8]) -> bool {
    !needle.is_empty() && haystack.windows(needle.len()).any(|w| w == needle)
}

/// Relays one connection until either side closes it (or a cut closes both).
fn relay(mut client: Stream, upstream: &Upstream, shared: &Arc<Shared>) {
    let Ok(mut server) = Stream::connect(upstream) else {
        client.shutdown();
        return;
    };
    {
        let mut open = shared.open.lock().unwrap();
        for s in [&client, &server] {
            if let Ok(s) = s.try_clone() {
                open.push(s);
            }
        }
    }
    let Some(startup) = read_startup(&mut client) else {
        server.shutdown();
        return;
    };
    if server.write_all(&startup).is_err() {
        client.shutdown();
        return;
    }
    // Set by the client's side once this connection took the armed cut.
    let cut: Arc<Mutex<Option<Cut>>> = Arc::default();
    let (Ok(mut client_out), Ok(mut server_in)) = (client.try_clone(), server.try_clone()) else {
        client.shutdown();
        server.shutdown();
        return;
    };
    // Cut::After: the COMMIT was answered; the client's next statement cuts the connection.
    let answered = Arc::new(AtomicBool::new(false));
    let answers = {
        let cut = cut.clone();
        let answered = answered.clone();
        let shared = shared.clone();
        std::thread::spawn(move || {
            while let Some((kind, message)) = read_message(&mut server_in) {
                let how = *cut.lock().unwrap();
                if let Some(how) = how
                    && kind == b'C'
                    && message[5..].starts_with(b"COMMIT\0")
                {
                    if how == Cut::After {
                        // Relayed; the client's next statement cuts (below).
                        *cut.lock().unwrap() = None;
                        answered.store(true, Ordering::SeqCst);
                        if client_out.write_all(&message).is_err() {
                            break;
                        }
                        continue;
                    }
                    shared.cut();
                    break;
                }
                if client_out.write_all(&message).is_err() {
                    break;
                }
            }
            client_out.shutdown();
            server_in.shutdown();
        })
    };
    while let Some((kind, message)) = read_message(&mut client) {
        if answered.load(Ordering::SeqCst) && matches!(kind, b'Q' | b'P') {
            shared.cut();
            break;
        }
        let mut taken = cut.lock().unwrap();
        if taken.is_none() {
            let mut armed = shared.armed.lock().unwrap();
            if let Some((text, how)) = armed.as_ref()
                && holds(&message, text)
            {
                *taken = Some(*how);
                *armed = None;
            }
        }
        drop(taken);
        if server.write_all(&message).is_err() {
            break;
        }
    }
    client.shutdown();
    server.shutdown();
    let _ = answers.join();
}
