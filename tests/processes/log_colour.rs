//! The log without a terminal: `logodesk send-queued 2> file` writes plain text to the file,
//! and the daily log in `logs/` is plain text too (no ANSI colour codes in either).

use std::process::{Command, Stdio};

const BIN: &str = env!("CARGO_BIN_EXE_logodesk");

/// An ANSI escape sequence's start (CSI), as a colour code begins.
const CSI: &[u8] = b"\x1b[";

fn has_csi(bytes: &[u8]) -> bool {
    bytes.windows(CSI.len()).any(|w| w == CSI)
}

#[test]
fn stderr_to_a_file_and_the_log_file_have_no_colour_codes() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let stderr_path = dir.path().join("stderr.txt");
    let stderr = std::fs::File::create(&stderr_path).unwrap();
    let status = Command::new(BIN)
        .args(["send-queued", "--exit-when-sent", "--data-dir"])
        .arg(&data)
        // Information is logged (the start line), and NO_COLOR is not what keeps it plain.
        .env("RUST_LOG", "info")
        .env_remove("NO_COLOR")
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(stderr)
        .status()
        .expect("logodesk runs");
    assert!(
        status.success(),
        "send-queued with nothing queued: {status:?}"
    );

    let written = std::fs::read(&stderr_path).unwrap();
    let text = String::from_utf8_lossy(&written);
    assert!(text.contains("logodesk starts"), "stderr: {text}");
    assert!(!has_csi(&written), "colour codes on stderr: {text:?}");

    let logs: Vec<_> = std::fs::read_dir(data.join(logodesk::logging::LOGS_DIR))
        .unwrap()
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "log"))
        .collect();
    assert_eq!(logs.len(), 1, "one log file: {logs:?}");
    let log = std::fs::read(&logs[0]).unwrap();
    assert!(
        String::from_utf8_lossy(&log).contains("logodesk starts"),
        "the log file"
    );
    assert!(!has_csi(&log), "colour codes in {}", logs[0].display());
}
