//! Test 1: the Windows exe prints `--version` and `--help` into a pipe (a GUI-subsystem exe
//! must still print where it was started from a terminal or a script).

use crate::wine::{VERSION, Wine, exe};

#[test]
#[ignore = "needs Wine, mingw-w64 and the Windows build: see README"]
fn version_and_help_print_into_a_pipe() {
    let exe = exe();
    let wine = Wine::shared();

    let version = wine.run_ok(&exe, &["--version"]);
    assert!(
        version.starts_with(&format!("logodesk {VERSION} (rev ")),
        "--version printed {version:?}"
    );

    let help = wine.run_ok(&exe, &["--help"]);
    for word in [
        "Usage:",
        "sandbox",
        "send-queued",
        "--data-dir",
        "--screenshot",
    ] {
        assert!(help.contains(word), "--help lacks {word:?}: {help}");
    }
}
