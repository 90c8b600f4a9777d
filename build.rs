//! Build script: embeds the version and git revision shown in the About box, and checks that
//! every asset the app embeds is present and well formed, so a broken asset fails the build
//! with a clear message instead of a blank window at run time. For Windows it also puts the
//! icon, the version information and the application manifest into the exe (mingw's `windres`
//! through `winresource`).

use std::fs;
use std::path::Path;
use std::process::Command;

/// Assets the binary embeds with `include_bytes!`, with the pixel size each must have.
const PNG_ASSETS: &[(&str, u32, u32)] = &[("assets/icon.png", 256, 256)];

/// The Windows icon (exe and installer): the hicolor PNGs of `assets/icons`, each stored as a
/// PNG image in the `.ico` (Windows Vista and later read those), smallest first.
const ICO: &str = "assets/logodesk.ico";
const ICO_SIZES: &[u32] = &[16, 24, 32, 48, 64, 128, 256];

/// The exe's application manifest: per-monitor DPI awareness (v2), common controls 6 for the
/// dialogs, no elevation, Windows 10 and 11.
const MANIFEST: &str = r#"<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<assembly xmlns="urn:schemas-microsoft-com:asm.v1" manifestVersion="1.0">
  <assemblyIdentity type="win32" name="dk.logodesk.logodesk" version="1.0.0.0" processorArchitecture="amd64"/>
  <description>logodesk</description>
  <dependency>
    <dependentAssembly>
      <assemblyIdentity type="win32" name="Microsoft.Windows.Common-Controls" version="6.0.0.0" processorArchitecture="*" publicKeyToken="6595b64144ccf1df" language="*"/>
    </dependentAssembly>
  </dependency>
  <trustInfo xmlns="urn:schemas-microsoft-com:asm.v3">
    <security>
      <requestedPrivileges>
        <requestedExecutionLevel level="asInvoker" uiAccess="false"/>
      </requestedPrivileges>
    </security>
  </trustInfo>
  <compatibility xmlns="urn:schemas-microsoft-com:compatibility.v1">
    <application>
      <supportedOS Id="{8e0f7a12-bfb3-4fe8-b9a5-48fd50a15a9a}"/>
    </application>
  </compatibility>
  <application xmlns="urn:schemas-microsoft-com:asm.v3">
    <windowsSettings>
      <dpiAware xmlns="http://schemas.microsoft.com/SMI/2005/WindowsSettings">true/pm</dpiAware>
      <dpiAwareness xmlns="http://schemas.microsoft.com/SMI/2016/WindowsSettings">PerMonitorV2</dpiAwareness>
    </windowsSettings>
  </application>
</assembly>
"#;

fn main() {
    println!("cargo:rerun-if-changed=assets");
    println!("cargo:rerun-if-changed=build.rs");
    emit_git_revision();
    for &(path, w, h) in PNG_ASSETS {
        if let Err(e) = check_png(Path::new(path), w, h) {
            panic!("asset {path} is not usable: {e}");
        }
    }
    check_ico();
    if std::env::var("CARGO_CFG_TARGET_OS").as_deref() == Ok("windows") {
        windows_resources();
    }
}

/// The committed `.ico` must be exactly the hicolor PNGs: a changed icon fails the build until
/// the `.ico` is written again (`LOGODESK_WRITE_ICO=1 cargo build`).
fn check_ico() {
    println!("cargo:rerun-if-env-changed=LOGODESK_WRITE_ICO");
    let mut pngs = Vec::new();
    for &size in ICO_SIZES {
        let path = format!("assets/icons/hicolor/{size}x{size}/apps/logodesk.png");
        if let Err(e) = check_png(Path::new(&path), size, size) {
            panic!("asset {path} is not usable: {e}");
        }
        let bytes = fs::read(&path).unwrap_or_else(|e| panic!("cannot read {path}: {e}"));
        pngs.push((size, bytes));
    }
    let want = ico_of_pngs(&pngs);
    if std::env::var_os("LOGODESK_WRITE_ICO").is_some() {
        fs::write(ICO, &want).unwrap_or_else(|e| panic!("cannot write {ICO}: {e}"));
    }
    match fs::read(ICO) {
        Ok(have) if have == want => {}
        Ok(_) => panic!(
            "{ICO} is not the icons of assets/icons/hicolor: write it again with `LOGODESK_WRITE_ICO=1 cargo build`"
        ),
        Err(e) => {
            panic!("cannot read {ICO} ({e}): write it with `LOGODESK_WRITE_ICO=1 cargo build`")
        }
    }
}

/// An `.ico` file holding these square PNG images (ICONDIR, one ICONDIRENTRY each, the PNGs).
fn ico_of_pngs(pngs: &[(u32, Vec<u8>)]) -> Vec<u8> {
    let count = u16::try_from(pngs.len()).expect("fewer than 65536 icons");
    let mut ico = Vec::new();
    ico.extend_from_slice(&[0, 0, 1, 0]);
    ico.extend_from_slice(&count.to_le_bytes());
    let mut offset = 6 + 16 * pngs.len();
    for (size, png) in pngs {
        // 256 is written as 0.
        let side = u8::try_from(*size).unwrap_or(0);
        ico.extend_from_slice(&[side, side, 0, 0]);
        ico.extend_from_slice(&1u16.to_le_bytes()); // colour planes
        ico.extend_from_slice(&32u16.to_le_bytes()); // bits per pixel
        ico.extend_from_slice(&u32::try_from(png.len()).expect("a small PNG").to_le_bytes());
        ico.extend_from_slice(&u32::try_from(offset).expect("a small icon").to_le_bytes());
        offset += png.len();
    }
    for (_, png) in pngs {
        ico.extend_from_slice(png);
    }
    ico
}

/// Icon, VERSIONINFO and manifest of the Windows exe (`logodesk.exe` only, not the tests).
fn windows_resources() {
    let version = std::env::var("CARGO_PKG_VERSION").unwrap_or_default();
    let mut res = winresource::WindowsResource::new();
    res.set_icon(ICO)
        .set("ProductName", "logodesk")
        .set("FileDescription", "logodesk")
        .set("CompanyName", "The logodesk developers")
        .set("LegalCopyright", "The logodesk developers, MIT license")
        .set("OriginalFilename", "logodesk.exe")
        .set("InternalName", "logodesk")
        .set("ProductVersion", &version)
        .set("FileVersion", &version)
        .set_manifest(MANIFEST);
    if let Err(e) = res.compile_for("logodesk") {
        panic!(
            "the Windows resources (icon, version, manifest) could not be compiled: {e}; \
             cross-building needs mingw-w64's windres (Debian: gcc-mingw-w64-x86-64)"
        );
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
