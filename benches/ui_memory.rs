//! Resident memory of the real app: the release binary in a real window (under `xvfb-run`),
//! its embedded sandbox holding 1,000 more logos, after paging through them with the keyboard
//! (`xdotool`). Prints the process's resident memory, split into its own (anonymous) memory and
//! mapped files (code: logodesk itself and, with the software renderer, Mesa's LLVM), and after
//! scrolling the resident memory of each mapping of 1 MB and more.
//!
//! Run: `cargo bench --bench ui_memory` (needs `xvfb-run` and `xdotool`; skipped without them).
//! `UI_MEMORY_DATA=DIR` keeps the seeded data folder, to look into the process afterwards.

use logodesk::api::{AuthStyle, Client, ClientConfig, UploadLogo};
use logodesk::sandbox::{artwork, fixtures};
use std::io::{BufRead as _, BufReader};
use std::path::Path;
use std::process::{Command, Stdio};

const BIN: &str = env!("CARGO_BIN_EXE_logodesk");
const EXTRA_LOGOS: usize = 1_000;

fn have(tool: &str) -> bool {
    Command::new("sh")
        .args(["-c", &format!("command -v {tool}")])
        .output()
        .is_ok_and(|o| o.status.success())
}

/// Starts `logodesk sandbox` on `data`; answers the process and its base URL.
fn start_sandbox(data: &Path) -> (std::process::Child, String) {
    let mut child = Command::new(BIN)
        .args(["sandbox", "--listen", "127.0.0.1:0", "--data"])
        .arg(data)
        .env("RUST_LOG", "error")
        .stdout(Stdio::piped())
        .spawn()
        .expect("the sandbox starts");
    let mut line = String::new();
    BufReader::new(child.stdout.take().expect("stdout"))
        .read_line(&mut line)
        .expect("the sandbox prints its address");
    let base = line.trim().trim_start_matches("listening on ").to_owned();
    (child, base)
}

/// Stops a sandbox with SIGTERM, so it writes everything.
fn stop(mut child: std::process::Child) {
    Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .expect("kill");
    child.wait().expect("the sandbox stops");
}

/// The `VmRSS`, `RssAnon` and `RssFile` lines of a process.
fn rss(pid: u32) -> Vec<String> {
    std::fs::read_to_string(format!("/proc/{pid}/status"))
        .unwrap_or_default()
        .lines()
        .filter(|l| l.starts_with("VmRSS") || l.starts_with("RssAnon") || l.starts_with("RssFile"))
        .map(str::to_owned)
        .collect()
}

/// Uploads [`EXTRA_LOGOS`] logos to a sandbox on `data` through the API.
fn seed(data: &Path) {
    let (child, base) = start_sandbox(data);
    let pictures: Vec<Vec<u8>> = (0..artwork::DEMO_LOGO_COUNT)
        .map(|i| {
            logodesk::imaging::encode_png(&logodesk::imaging::downscale(
                &artwork::demo_logo(i).image,
                400,
            ))
        })
        .collect();
    let config = ClientConfig::parse(&base, fixtures().vendor_api_key)
        .expect("config")
        .with_auth(AuthStyle::Bearer);
    let client = Client::new(config).expect("client");
    let rt = tokio::runtime::Runtime::new().expect("runtime");
    rt.block_on(async {
        let mut uploads = futures_util::stream::iter((0..EXTRA_LOGOS).map(|i| {
            let client = client.clone();
            let bytes = pictures[i % pictures.len()].clone();
            async move {
                let upload = UploadLogo::new(
                    format!("logo-{i}.png"),
                    bytes,
                    format!("Club logo {}", i + 1),
                );
                client.logos().upload(upload).await.expect("upload")
            }
        }))
        .buffer_unordered(8);
        use futures_util::StreamExt as _;
        while uploads.next().await.is_some() {}
    });
    stop(child);
}

fn main() {
    if !(have("xvfb-run") && have("xdotool")) {
        eprintln!("ui_memory needs xvfb-run and xdotool; skipped");
        return;
    }
    let dir = tempfile::tempdir().expect("temp dir");
    // `UI_MEMORY_DATA=DIR` keeps the seeded data in DIR (seeded once) for looking into later.
    let data = std::env::var_os("UI_MEMORY_DATA")
        .map(std::path::PathBuf::from)
        .unwrap_or_else(|| dir.path().join("data"));
    std::fs::create_dir_all(&data).expect("data dir");
    if !data.join("sandbox.sqlite").exists() {
        seed(&data.join("sandbox.sqlite"));
    }
    // The sandbox's own share: the same data served by `logodesk sandbox` alone.
    let (alone, _) = start_sandbox(&data.join("sandbox.sqlite"));
    std::thread::sleep(std::time::Duration::from_secs(2));
    let sandbox_alone = rss(alone.id());
    stop(alone);

    // 1,043 logos in 5 columns: ~70 presses of Page Down (3 rows each) reach the end.
    let script = format!(
        r#"{bin} --data-dir {data} --account sandbox --theme light &
APP=$!
sleep 5
WID=$(xdotool search --name logodesk | head -1)
xdotool windowfocus "$WID" 2>/dev/null
grep -E "VmRSS|RssAnon|RssFile" /proc/$APP/status | sed 's/^/start /'
for i in $(seq 75); do xdotool key --window "$WID" Page_Down; sleep 0.25; done
sleep 2
grep -E "VmRSS|RssAnon|RssFile" /proc/$APP/status | sed 's/^/after /'
awk '/^[0-9a-f]+-[0-9a-f]+ /{{n=$6; if(n=="")n="[anonymous]"}} /^Rss:/{{r[n]+=$2}} END{{for(k in r) if(r[k]>=1024) printf "%8d kB %s\n", r[k], k}}' /proc/$APP/smaps | sort -rn | sed 's/^/mapped /'
kill $APP; wait
"#,
        bin = BIN,
        data = data.display()
    );
    let runtime = dir.path().join("run");
    std::fs::create_dir_all(&runtime).expect("runtime dir");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt as _;
        std::fs::set_permissions(&runtime, std::fs::Permissions::from_mode(0o700)).expect("chmod");
    }
    let out = Command::new("xvfb-run")
        .args(["-a", "-s", "-screen 0 1280x800x24", "sh", "-c", &script])
        .env("RUST_LOG", "error")
        .env("XDG_RUNTIME_DIR", &runtime)
        .output()
        .expect("xvfb-run runs");
    let text = String::from_utf8_lossy(&out.stdout);
    println!(
        "resident memory of the real window (logodesk, {} logos in its sandbox):",
        EXTRA_LOGOS + 42
    );
    for line in text
        .lines()
        .filter(|l| l.starts_with("start ") || l.starts_with("after "))
    {
        println!("  {line}");
    }
    println!("after scrolling, resident memory by mapping (1 MB and more):");
    for line in text.lines().filter_map(|l| l.strip_prefix("mapped ")) {
        println!("  {line}");
    }
    println!("the same sandbox data served by `logodesk sandbox` alone:");
    for line in sandbox_alone {
        println!("  {line}");
    }
}
