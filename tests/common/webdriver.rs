//! A real headless Chromium driven over W3C WebDriver (Debian's `chromium` and
//! `chromium-driver`, which `.ci/run` installs): one `chromedriver` per [`Browser`] on a free
//! port, at a phone's viewport, ended with its Chromium in `Drop` (also when a test panics).
//! The protocol is plain JSON over HTTP on loopback, spoken here with the standard library.

use base64::Engine as _;
use serde_json::{Value, json};
use std::io::{Read as _, Write as _};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// The key W3C WebDriver names an element by.
const ELEMENT: &str = "element-6066-11e4-a52e-4f735466cecf";

/// A browser session.
pub struct Browser {
    driver: Child,
    port: u16,
    session: String,
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free port")
}

/// One call on a connection of its own: the answer's JSON (`null` when there is none).
fn call(port: u16, method: &str, path: &str, body: Option<&Value>) -> Result<Value, String> {
    let mut sock = TcpStream::connect(("127.0.0.1", port)).map_err(|e| e.to_string())?;
    sock.set_read_timeout(Some(Duration::from_secs(60))).ok();
    let body = body.map(Value::to_string).unwrap_or_default();
    write!(
        sock,
        "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n\
         Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    )
    .map_err(|e| e.to_string())?;
    // chromedriver keeps the connection open: the answer is read by its Content-Length.
    let mut answer = Vec::new();
    let mut chunk = [0u8; 8192];
    let body = loop {
        let n = sock.read(&mut chunk).map_err(|e| e.to_string())?;
        if n == 0 {
            return Err("the connection ended before the answer".into());
        }
        answer.extend_from_slice(&chunk[..n]);
        let Some(end) = answer.windows(4).position(|w| w == b"\r\n\r\n") else {
            continue;
        };
        let length = String::from_utf8_lossy(&answer[..end])
            .to_ascii_lowercase()
            .lines()
            .find_map(|l| l.strip_prefix("content-length:"))
            .and_then(|v| v.trim().parse::<usize>().ok())
            .ok_or("an answer without Content-Length")?;
        while answer.len() < end + 4 + length {
            let n = sock.read(&mut chunk).map_err(|e| e.to_string())?;
            if n == 0 {
                return Err("the connection ended inside the answer".into());
            }
            answer.extend_from_slice(&chunk[..n]);
        }
        let body = String::from_utf8_lossy(&answer[end + 4..end + 4 + length]).into_owned();
        break body;
    };
    let value: Value = serde_json::from_str(&body).map_err(|e| format!("{e}: {body}"))?;
    let value = value.get("value").cloned().unwrap_or(Value::Null);
    if let Some(error) = value.get("error") {
        return Err(format!("{error}: {}", value["message"]));
    }
    Ok(value)
}

impl Browser {
    /// Chromium headless at `width` × `height` CSS px (a phone: 390 × 844).
    pub fn start(width: u32, height: u32) -> Browser {
        let port = free_port();
        let driver = Command::new("chromedriver")
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("chromedriver (Debian's chromium-driver; .ci/run installs it)");
        let mut browser = Browser {
            driver,
            port,
            session: String::new(),
        };
        let started = Instant::now();
        while call(port, "GET", "/status", None).is_err() {
            assert!(
                started.elapsed() < Duration::from_secs(30),
                "chromedriver did not start"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
        let caps = json!({"capabilities": {"alwaysMatch": {
            "browserName": "chrome",
            "goog:chromeOptions": {
                "binary": "/usr/bin/chromium",
                "args": ["--headless=new", "--no-sandbox", "--disable-gpu",
                    format!("--window-size={width},{height}"),
                    "--disable-background-networking", "--disable-component-update",
                    "--disable-sync", "--no-first-run", "--hide-scrollbars"]
            }
        }}});
        let session = call(port, "POST", "/session", Some(&caps)).expect("a browser session");
        browser.session = session["sessionId"].as_str().unwrap_or_default().to_owned();
        browser
    }

    fn on(&self, method: &str, path: &str, body: Option<Value>) -> Value {
        let path = format!("/session/{}{path}", self.session);
        call(self.port, method, &path, body.as_ref()).unwrap_or_else(|e| panic!("{path}: {e}"))
    }

    /// Opens `url` and waits until it is loaded.
    pub fn goto(&self, url: &str) {
        self.on("POST", "/url", Some(json!({ "url": url })));
    }

    /// The address shown.
    pub fn url(&self) -> String {
        self.on("GET", "/url", None)
            .as_str()
            .unwrap_or_default()
            .to_owned()
    }

    fn find(&self, css: &str) -> String {
        let found = self.on(
            "POST",
            "/element",
            Some(json!({"using": "css selector", "value": css})),
        );
        found[ELEMENT].as_str().unwrap_or_default().to_owned()
    }

    /// Clicks the first element `css` selects (and waits for the page it loads).
    pub fn click(&self, css: &str) {
        let id = self.find(css);
        self.on("POST", &format!("/element/{id}/click"), Some(json!({})));
    }

    /// Replaces the text of the field `css` selects with `text`, typed.
    pub fn type_into(&self, css: &str, text: &str) {
        let id = self.find(css);
        self.on("POST", &format!("/element/{id}/clear"), Some(json!({})));
        self.on(
            "POST",
            &format!("/element/{id}/value"),
            Some(json!({ "text": text })),
        );
    }

    /// The visible text of the page.
    pub fn text(&self) -> String {
        let id = self.find("body");
        self.on("GET", &format!("/element/{id}/text"), None)
            .as_str()
            .unwrap_or_default()
            .to_owned()
    }

    /// From now on, a slow phone: Chromium's "slow 3G" (400 ms round trips, 50 KB/s down,
    /// 25 KB/s up) and a CPU four times slower (DevTools' throttling, through chromedriver).
    pub fn slow_phone(&self) {
        self.on(
            "POST",
            "/chromium/network_conditions",
            Some(json!({"network_conditions": {
                "offline": false, "latency": 400,
                "download_throughput": 50_000, "upload_throughput": 25_000
            }})),
        );
        self.on(
            "POST",
            "/goog/cdp/execute",
            Some(json!({"cmd": "Emulation.setCPUThrottlingRate", "params": {"rate": 4}})),
        );
    }

    /// Runs `script` in the page (WebDriver's own, not the page's: its policy does not apply).
    pub fn script(&self, script: &str) -> Value {
        self.on(
            "POST",
            "/execute/sync",
            Some(json!({"script": script, "args": []})),
        )
    }

    /// A PNG of the viewport, written to `path`.
    pub fn screenshot(&self, path: &std::path::Path) {
        let png = self.on("GET", "/screenshot", None);
        let bytes = base64::engine::general_purpose::STANDARD
            .decode(png.as_str().unwrap_or_default())
            .expect("a PNG");
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir).ok();
        }
        std::fs::write(path, bytes).expect("the screenshot written");
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        if !self.session.is_empty() {
            let path = format!("/session/{}", self.session);
            call(self.port, "DELETE", &path, None).ok();
        }
        self.driver.kill().ok();
        self.driver.wait().ok();
    }
}
