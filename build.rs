//! Build script: embeds the version and git revision shown in the About box, and checks that
//! every asset the app embeds is present and well formed, so a broken asset fails the build
//! with a clear message instead of a blank window at run time.

use std::fs;
use std::path::Path;
use std::process::Command;

/// Assets the binary embeds with `include_bytes!`, with the pixel size each must have.
const PNG_ASSETS: &[(&str, u32, u32)] = &[("assets/icon.png", 256, 256)];

fn main() {
    println!("cargo:rerun-if-changed=assets");
    println!("cargo:rerun-if-changed=build.rs");
    emit_git_revision();
    for &(path, w, h) in PNG_ASSETS {
        if let Err(e) = check_png(Path::new(path), w, h) {
            panic!("asset {path} is not usable: {e}");
        }
    }
}

fn emit_git_revision() {
    // Rebuild when HEAD moves so the About box never shows a stale revision.
    if let Some(git_dir) = git(&["rev-parse", "--git-dir"]) {
        println!("cargo:rerun-if-changed={git_dir}/HEAD");
        if let Some(head_ref) = git(&["symbolic-ref", "-q", "HEAD"]) {
            println!("cargo:rerun-if-changed={git_dir}/{head_ref}");
        }
    }
    let rev = git(&["rev-parse", "--short=10", "HEAD"]).unwrap_or_else(|| "unknown".into());
    let dirty = git(&["status", "--porcelain", "--untracked-files=no"])
        .map(|s| !s.is_empty())
        .unwrap_or(false);
    let rev = if dirty {
        format!("{rev}-modified")
    } else {
        rev
    };
    println!("cargo:rustc-env=LOGODESK_GIT_REV={rev}");
    let date = git(&["log", "-1", "--format=%cs"]).unwrap_or_else(|| "unknown".into());
    println!("cargo:rustc-env=LOGODESK_COMMIT_DATE={date}");
}

fn git(args: &[&str]) -> Option<String> {
    let out = Command::new("git").args(args).output().ok()?;
    out.status
        .success()
        .then(|| String::from_utf8_lossy(&out.stdout).trim().to_owned())
}

/// Reads a PNG's signature and IHDR by hand (no dependencies in the build script).
fn check_png(path: &Path, want_w: u32, want_h: u32) -> Result<(), String> {
    let bytes = fs::read(path).map_err(|e| format!("cannot read it ({e})"))?;
    const SIG: &[u8] = b"\x89PNG\r\n\x1a\n";
    if bytes.len() < 33 || &bytes[..8] != SIG || &bytes[12..16] != b"IHDR" {
        return Err("it is not a PNG file".into());
    }
    let w = u32::from_be_bytes([bytes[16], bytes[17], bytes[18], bytes[19]]);
    let h = u32::from_be_bytes([bytes[20], bytes[21], bytes[22], bytes[23]]);
    let (bit_depth, color_type) = (bytes[24], bytes[25]);
    if (w, h) != (want_w, want_h) {
        return Err(format!("it is {w}×{h} px, expected {want_w}×{want_h}"));
    }
    if bit_depth != 8 || color_type != 6 {
        return Err("it must be 8-bit RGBA".into());
    }
    Ok(())
}
