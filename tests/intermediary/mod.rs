//! What stands between a vendor and the service, for the tests: a TLS service on 127.0.0.1
//! with a certificate of a test authority (`tests/fixtures/tls`: `ca.der` signed `service.der`
//! for `service.test` and `127.0.0.1`), and a small `CONNECT` proxy on 127.0.0.1 that passes
//! through, refuses, asks for credentials (407) or answers a web page, as [`ProxyMode`] says.
//! The proxy resolves every host to 127.0.0.1, so a client can name the service
//! `service.test` (not loopback, so the client goes through the system's proxy) while the
//! service runs here. Each runs on its own thread and runtime; dropping it stops it.

#![allow(dead_code)]

use std::net::SocketAddr;
use std::sync::atomic::{AtomicU8, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use tokio::io::{AsyncReadExt as _, AsyncWriteExt as _};

/// The test authority's certificate (DER), for `ClientConfig::with_extra_root_der`.
pub const CA: &[u8] = include_bytes!("../fixtures/tls/ca.der");
const SERVICE_CERT: &[u8] = include_bytes!("../fixtures/tls/service.der");
const SERVICE_KEY: &[u8] = include_bytes!("../fixtures/tls/service.key.der");

/// A web page as a captive portal or a block page sends it.
pub const PAGE: &str = "<!DOCTYPE html><html><head><title>Hotel Wi-Fi</title></head>\
<body><h1>Welcome</h1><form action=\"/login\">Room number <input name=room></form></body></html>";

/// A server on its own thread; dropping it stops the thread's runtime.
pub struct Running {
    pub addr: SocketAddr,
    stop: Option<tokio::sync::oneshot::Sender<()>>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Drop for Running {
    fn drop(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// Serves on 127.0.0.1:0 with `serve` on a thread and runtime of its own until dropped.
pub fn run<F, Fut>(serve: F) -> Running
where
    F: FnOnce(tokio::net::TcpListener) -> Fut + Send + 'static,
    Fut: std::future::Future<Output = ()>,
{
    let (addr_tx, addr_rx) = std::sync::mpsc::channel();
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let thread = std::thread::spawn(move || {
        let rt = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap();
        rt.block_on(async move {
            let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
            addr_tx.send(listener.local_addr().unwrap()).unwrap();
            tokio::select! {
                _ = serve(listener) => {}
                _ = stopped => {}
            }
        });
    });
    Running {
        addr: addr_rx.recv().unwrap(),
        stop: Some(stop),
        thread: Some(thread),
    }
}

/// The `Content-Length` an HTTP head declares (0 when it declares none).
pub fn content_length(head: &str) -> usize {
    head.lines()
        .find_map(|l| {
            let (name, value) = l.split_once(':')?;
            name.eq_ignore_ascii_case("content-length")
                .then(|| value.trim().parse::<usize>().ok())
                .flatten()
        })
        .unwrap_or(0)
}

/// Reads an HTTP/1.1 request head (and a body of `Content-Length` bytes); the head as text.
async fn read_request<S: tokio::io::AsyncRead + Unpin>(conn: &mut S) -> Option<String> {
    let mut buf = Vec::new();
    let mut chunk = [0u8; 4096];
    let end = loop {
        if let Some(i) = buf.windows(4).position(|w| w == b"\r\n\r\n") {
            break i + 4;
        }
        let n = conn.read(&mut chunk).await.ok()?;
        if n == 0 || buf.len() > 64 * 1024 {
            return None;
        }
        buf.extend_from_slice(&chunk[..n]);
    };
    let head = String::from_utf8_lossy(&buf[..end]).into_owned();
    let length = content_length(&head);
    let mut have = buf.len() - end;
    while have < length {
        let n = conn.read(&mut chunk).await.ok()?;
        if n == 0 {
            return None;
        }
        have += n;
    }
    Some(head)
}

/// The TLS service: answers `Healthy` to every request, over a certificate of the test
/// authority. `handshakes` counts the TLS handshakes that completed.
pub struct TlsService {
    pub running: Running,
    pub handshakes: Arc<AtomicUsize>,
}

impl TlsService {
    pub fn start() -> TlsService {
        let provider = Arc::new(rustls::crypto::ring::default_provider());
        let config = rustls::ServerConfig::builder_with_provider(provider)
            .with_safe_default_protocol_versions()
            .unwrap()
            .with_no_client_auth()
            .with_single_cert(
                vec![rustls::pki_types::CertificateDer::from(
                    SERVICE_CERT.to_vec(),
                )],
                rustls::pki_types::PrivateKeyDer::Pkcs8(SERVICE_KEY.to_vec().into()),
            )
            .unwrap();
        let acceptor = tokio_rustls::TlsAcceptor::from(Arc::new(config));
        let handshakes = Arc::new(AtomicUsize::new(0));
        let count = handshakes.clone();
        let running = run(move |listener| async move {
            while let Ok((conn, _)) = listener.accept().await {
                let acceptor = acceptor.clone();
                let count = count.clone();
                tokio::spawn(async move {
                    let Ok(mut tls) = acceptor.accept(conn).await else {
                        return;
                    };
                    count.fetch_add(1, Ordering::SeqCst);
                    while read_request(&mut tls).await.is_some() {
                        let answer = "HTTP/1.1 200 OK\r\ncontent-type: text/plain\r\ncontent-length: 7\r\n\r\nHealthy";
                        if tls.write_all(answer.as_bytes()).await.is_err() {
                            return;
                        }
                    }
                });
            }
        });
        TlsService {
            running,
            handshakes,
        }
    }
}

/// How the proxy answers a `CONNECT`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[repr(u8)]
pub enum ProxyMode {
    /// Opens the tunnel to 127.0.0.1 at the port asked for.
    PassThrough = 0,
    /// `403 Forbidden` (a company proxy's rule).
    Refuse403 = 1,
    /// `502 Bad Gateway` (the proxy could not reach the host).
    Refuse502 = 2,
    /// `407 Proxy Authentication Required`.
    AskCredentials = 3,
    /// A tunnel that answers a web page in plain HTTP instead of the service's TLS (a block
    /// page).
    Page = 4,
}

/// The `CONNECT` proxy. Its mode can be changed while it runs; `requests` keeps the request
/// lines it was sent.
pub struct ConnectProxy {
    pub running: Running,
    mode: Arc<AtomicU8>,
    pub requests: Arc<Mutex<Vec<String>>>,
}

impl ConnectProxy {
    pub fn start(mode: ProxyMode) -> ConnectProxy {
        let mode = Arc::new(AtomicU8::new(mode as u8));
        let requests = Arc::new(Mutex::new(Vec::new()));
        let (m, seen) = (mode.clone(), requests.clone());
        let running = run(move |listener| async move {
            while let Ok((conn, _)) = listener.accept().await {
                let (m, seen) = (m.clone(), seen.clone());
                tokio::spawn(async move {
                    let _ = tunnel(conn, m.load(Ordering::SeqCst), &seen).await;
                });
            }
        });
        ConnectProxy {
            running,
            mode,
            requests,
        }
    }

    pub fn set(&self, mode: ProxyMode) {
        self.mode.store(mode as u8, Ordering::SeqCst);
    }

    /// `http://127.0.0.1:PORT`, for `HTTPS_PROXY`.
    pub fn url(&self) -> String {
        format!("http://{}", self.running.addr)
    }

    pub fn seen(&self) -> Vec<String> {
        self.requests.lock().unwrap().clone()
    }
}

async fn tunnel(
    mut conn: tokio::net::TcpStream,
    mode: u8,
    seen: &Mutex<Vec<String>>,
) -> std::io::Result<()> {
    let Some(head) = read_request(&mut conn).await else {
        return Ok(());
    };
    let line = head.lines().next().unwrap_or_default().to_owned();
    seen.lock().unwrap().push(line.clone());
    let answer = |status: &str, extra: &str, body: &str| {
        format!(
            "HTTP/1.1 {status}\r\n{extra}content-length: {}\r\nconnection: close\r\n\r\n{body}",
            body.len()
        )
    };
    let reply = match mode {
        1 => answer("403 Forbidden", "content-type: text/html\r\n", PAGE),
        2 => answer("502 Bad Gateway", "content-type: text/html\r\n", PAGE),
        3 => answer(
            "407 Proxy Authentication Required",
            "proxy-authenticate: Basic realm=\"office\"\r\ncontent-type: text/html\r\n",
            PAGE,
        ),
        _ => String::new(),
    };
    if mode == 4 {
        // The tunnel "opens", and the page comes in plain HTTP where the service's TLS
        // handshake was expected.
        conn.write_all(b"HTTP/1.1 200 Connection established\r\n\r\n")
            .await?;
        let mut hello = [0u8; 512];
        let _ = conn.read(&mut hello).await?;
        conn.write_all(answer("200 OK", "content-type: text/html\r\n", PAGE).as_bytes())
            .await?;
        return conn.shutdown().await;
    }
    if !reply.is_empty() {
        conn.write_all(reply.as_bytes()).await?;
        return conn.shutdown().await;
    }
    // CONNECT service.test:PORT HTTP/1.1: every host is this computer.
    let port = line
        .split_whitespace()
        .nth(1)
        .and_then(|target| target.rsplit_once(':'))
        .and_then(|(_, port)| port.parse::<u16>().ok());
    let Some(port) = port.filter(|_| line.starts_with("CONNECT ")) else {
        conn.write_all(answer("400 Bad Request", "", "").as_bytes())
            .await?;
        return Ok(());
    };
    let mut upstream = match tokio::net::TcpStream::connect(("127.0.0.1", port)).await {
        Ok(up) => up,
        Err(_) => {
            conn.write_all(answer("502 Bad Gateway", "", "").as_bytes())
                .await?;
            return Ok(());
        }
    };
    conn.write_all(b"HTTP/1.1 200 Connection established\r\n\r\n")
        .await?;
    tokio::io::copy_bidirectional(&mut conn, &mut upstream).await?;
    Ok(())
}

/// Fails when `text` shows any of a web page.
pub fn no_html(text: &str) {
    let lower = text.to_ascii_lowercase();
    assert!(
        !lower.contains("<html") && !lower.contains("<!doctype") && !lower.contains("room number"),
        "{text}"
    );
}

/// Sends a queued order once through an outbox whose client is built now (so through the
/// proxy of the environment); the row after the send failed, and what the status bar was told.
pub async fn send_once(
    base: &str,
    client: logodesk::api::Client,
) -> (logodesk::store::LocalOrder, Option<bool>) {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("logodesk.sqlite");
    let (account, id) = {
        let mut store = logodesk::store::Store::open(&db).unwrap();
        let account = store
            .insert_account(&logodesk::store::NewAccount {
                name: "Service".into(),
                base_url: base.parse().unwrap(),
                auth: logodesk::api::AuthStyle::Bearer,
                organization_id: None,
                key_location: logodesk::store::KeyLocation::Keychain,
            })
            .unwrap()
            .id;
        let draft = store
            .create_draft(account, "{}", "PO-PROXY", "Nordby IF")
            .unwrap();
        store
            .queue_draft(
                draft.id,
                "{}",
                "PO-PROXY",
                "Nordby IF",
                br#"{"reference":"PO-PROXY"}"#,
            )
            .unwrap();
        (account, draft.id)
    };
    let store =
        logodesk::backend::orders::SharedStore::new(logodesk::store::Store::open(&db).unwrap());
    let offline = Arc::new(Mutex::new(None));
    let told = offline.clone();
    let reports = logodesk::backend::orders::OutboxReports {
        on_reach: Arc::new(move |off| *told.lock().unwrap() = Some(off)),
        ..logodesk::backend::orders::OutboxReports::changes(Arc::new(|_| {}))
    };
    let outbox = logodesk::backend::orders::Outbox::start_for(
        store.clone(),
        client,
        account,
        None,
        logodesk::backend::orders::OutboxConfig::default(),
        reports,
    );
    let started = std::time::Instant::now();
    let row = loop {
        let s = store.clone();
        let row = tokio::task::spawn_blocking(move || s.lock().unwrap().local_order(id).unwrap())
            .await
            .unwrap();
        if row.last_error.is_some() {
            break row;
        }
        assert!(
            started.elapsed() < std::time::Duration::from_secs(30),
            "never sent"
        );
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    };
    drop(outbox);
    let offline = *offline.lock().unwrap();
    (row, offline)
}
