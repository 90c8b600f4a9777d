//! `logodesk-appimage-runtime`: the program at the front of logodesk's AppImage.
//!
//! An AppImage (type 2) is one file: this runtime, an ELF executable, followed by a squashfs
//! image of the AppDir (`AppRun`, the desktop entry, the icon, `usr/`). `packaging/appimage.sh`
//! concatenates the two and writes the magic `AI\x02` into bytes 8..11 of the file (the ELF
//! header's padding). The image starts where the runtime's ELF ends, computed as the official
//! runtime does: `e_shoff + e_shentsize * e_shnum` from the ELF header of `/proc/self/exe`.
//!
//! **Why our own runtime.** The official type-2 runtime and appimagetool are only distributed
//! from GitHub, which neither this project's machines nor its CI can reach (they are not in
//! Debian, PyPI, npm or crates.io), and other projects' code is not copied into ours. This one is
//! std plus `backhand` (squashfs, gzip only) and does what the specification asks of a runtime
//! in its **extract-and-run mode** (the official runtime's `--appimage-extract-and-run`): no FUSE
//! mount, so it needs nothing on the target machine — no `libfuse2`, no `fusermount`, no
//! privileges. The image is extracted once into
//! `$XDG_CACHE_HOME/logodesk/appimage/v<version>-<key>` (`~/.cache/…` without the variable),
//! where the key is a hash of the file's size and modification time, the image's offset and its
//! squashfs superblock; the next start of the same file reuses that folder. Extraction goes to a
//! temporary folder beside it that is then renamed into place, so a folder under that name is
//! always complete, and two instances started together are both served (the second rename
//! loses and its copy is removed).
//!
//! Then `AppRun` is executed (`exec`, so the app is the process) with every argument passed
//! through and the specification's environment: `APPIMAGE` (the AppImage's absolute path),
//! `APPDIR` (the extracted folder), `ARGV0` (the name it was started by) and `OWD` (the working
//! directory it was started in).
//!
//! Options, as the official runtime names them (only as the first argument):
//! `--appimage-offset` prints where the image starts; `--appimage-extract [PATTERN]` extracts
//! everything, or what matches the shell pattern (`*` and `?` stop at `/`; a matching folder
//! brings its contents), into `./squashfs-root`; `--appimage-extract-and-run` is what a start
//! does anyway; `--appimage-help`, `--appimage-version`. Another `--appimage-…` is refused.
//!
//! Errors are one sentence on stderr and a non-zero exit status (1; 2 for an unknown option).
//! The sentences are English only: the runtime is std-only and runs before the app (and its
//! translations) exist on disk.

use std::ffi::OsString;
use std::fmt;
use std::fs::{self, File, OpenOptions};
use std::io::{self, BufReader, Read as _, Seek as _, SeekFrom, Write as _};
use std::os::unix::fs::{OpenOptionsExt as _, PermissionsExt as _};
use std::os::unix::process::CommandExt as _;
use std::path::{Component, Path, PathBuf};
use std::process::{Command, ExitCode};
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::{Duration, SystemTime};

use backhand::{FilesystemReader, InnerNode};

/// Bytes 8..11 of an AppImage of type 2.
const MAGIC: [u8; 3] = *b"AI\x02";
/// The part of a squashfs (version 4) superblock that identifies an image: sizes, counts,
/// creation time and the tables' positions.
const SUPERBLOCK_LEN: usize = 96;
/// Leftovers of an extraction that was interrupted are removed after this long.
const STALE_PARTIAL: Duration = Duration::from_secs(3600);
const VERSION: &str = env!("CARGO_PKG_VERSION");

/// Everything that can stop the runtime; each is one sentence for a person.
#[derive(Debug)]
enum RuntimeError {
    /// The runtime cannot read its own file.
    SelfUnreadable { path: PathBuf, err: io::Error },
    /// The file does not start with a usable ELF header.
    NotElf(ElfError),
    /// No magic, or nothing follows the ELF part: this is the bare runtime, not an AppImage.
    NoImage { path: PathBuf, offset: u64 },
    /// The squashfs image cannot be read (damaged, or a compression this runtime lacks).
    Image { path: PathBuf, reason: String },
    /// An entry of the image would land outside the folder it is extracted to.
    UnsafePath(PathBuf),
    /// Writing the extracted files failed (disk full, no permission…).
    Write { path: PathBuf, err: io::Error },
    /// Neither `XDG_CACHE_HOME` nor `HOME` names a folder to extract to.
    NoCacheFolder,
    /// The image has no `AppRun` at its root.
    NoAppRun(PathBuf),
    /// `AppRun` could not be executed.
    Exec { path: PathBuf, err: io::Error },
    /// An `--appimage-…` option this runtime does not have.
    UnknownOption(String),
}

impl fmt::Display for RuntimeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::SelfUnreadable { path, err } => {
                write!(
                    f,
                    "cannot read the AppImage's own file {}: {err}.",
                    path.display()
                )
            }
            Self::NotElf(err) => write!(f, "this file is not a runnable AppImage: {err}."),
            Self::NoImage { path, offset } => write!(
                f,
                "{} is not a finished AppImage (no AppImage mark, or nothing after its runtime's \
                 {offset} bytes); make it with packaging/appimage.sh.",
                path.display()
            ),
            Self::Image { path, reason } => write!(
                f,
                "the image inside {} cannot be read ({reason}); the file may be damaged or \
                 incomplete, so download or build it again.",
                path.display()
            ),
            Self::UnsafePath(path) => write!(
                f,
                "the image names a file outside its own folder ({}), so it is not extracted.",
                path.display()
            ),
            Self::Write { path, err } => write!(f, "cannot write {}: {err}.", path.display()),
            Self::NoCacheFolder => write!(
                f,
                "neither XDG_CACHE_HOME nor HOME is set, so there is no folder to unpack the \
                 app into; set one of them."
            ),
            Self::NoAppRun(path) => write!(
                f,
                "the image has no AppRun at its root (unpacked to {}).",
                path.display()
            ),
            Self::Exec { path, err } => write!(f, "cannot start {}: {err}.", path.display()),
            Self::UnknownOption(option) => write!(
                f,
                "{option} is not an option of this runtime; --appimage-help lists them."
            ),
        }
    }
}

impl RuntimeError {
    fn exit_status(&self) -> u8 {
        match self {
            Self::UnknownOption(_) => 2,
            _ => 1,
        }
    }
}

/// Why an ELF header was not understood.
#[derive(Debug, PartialEq, Eq)]
enum ElfError {
    TooShort,
    NoMagic,
    UnknownClass(u8),
    UnknownByteOrder(u8),
    Overflow,
}

impl fmt::Display for ElfError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::TooShort => write!(f, "its ELF header is cut short"),
            Self::NoMagic => write!(f, "it does not start with an ELF header"),
            Self::UnknownClass(c) => write!(f, "its ELF class {c} is neither 32 nor 64 bit"),
            Self::UnknownByteOrder(b) => write!(f, "its ELF byte order {b} is unknown"),
            Self::Overflow => write!(f, "its ELF section table lies beyond any file size"),
        }
    }
}

/// Where the ELF file described by `header` ends, i.e. where an AppImage's image starts: the
/// end of the section header table (`e_shoff + e_shentsize * e_shnum`), which linkers put last.
fn elf_end(header: &[u8]) -> Result<u64, ElfError> {
    if header.len() < 6 {
        return Err(ElfError::TooShort);
    }
    if header[..4] != *b"\x7fELF" {
        return Err(ElfError::NoMagic);
    }
    let little = match header[5] {
        1 => true,
        2 => false,
        other => return Err(ElfError::UnknownByteOrder(other)),
    };
    let bytes = |at: usize, len: usize| -> Result<u64, ElfError> {
        let field = header.get(at..at + len).ok_or(ElfError::TooShort)?;
        let mut value = 0u64;
        for i in 0..len {
            let byte = if little { field[len - 1 - i] } else { field[i] };
            value = (value << 8) | u64::from(byte);
        }
        Ok(value)
    };
    // (e_shoff, its width, e_shentsize, e_shnum) by class.
    let (shoff, shentsize, shnum) = match header[4] {
        1 => (bytes(0x20, 4)?, bytes(0x2E, 2)?, bytes(0x30, 2)?),
        2 => (bytes(0x28, 8)?, bytes(0x3A, 2)?, bytes(0x3C, 2)?),
        other => return Err(ElfError::UnknownClass(other)),
    };
    shentsize
        .checked_mul(shnum)
        .and_then(|table| shoff.checked_add(table))
        .ok_or(ElfError::Overflow)
}

/// 64-bit FNV-1a: small, stable across Rust versions (unlike `DefaultHasher`), enough to tell
/// images apart.
fn fnv1a(hash: u64, bytes: &[u8]) -> u64 {
    bytes.iter().fold(hash, |h, b| {
        (h ^ u64::from(*b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// The name of an image's folder in the cache: the runtime's version and a hash of the file's
/// size and modification time, the image's offset and its superblock.
fn cache_key(size: u64, modified: Duration, offset: u64, superblock: &[u8]) -> String {
    let mut hash = 0xcbf2_9ce4_8422_2325;
    hash = fnv1a(hash, &size.to_le_bytes());
    hash = fnv1a(hash, &modified.as_secs().to_le_bytes());
    hash = fnv1a(hash, &modified.subsec_nanos().to_le_bytes());
    hash = fnv1a(hash, &offset.to_le_bytes());
    hash = fnv1a(hash, superblock);
    format!("v{VERSION}-{hash:016x}")
}

/// `$XDG_CACHE_HOME/logodesk/appimage` (an absolute one only, as the XDG specification says),
/// else `$HOME/.cache/logodesk/appimage`.
fn cache_root(xdg_cache_home: Option<OsString>, home: Option<OsString>) -> Option<PathBuf> {
    let base = match xdg_cache_home.map(PathBuf::from) {
        Some(xdg) if xdg.is_absolute() => xdg,
        _ => {
            let home = PathBuf::from(home.filter(|h| !h.is_empty())?);
            home.join(".cache")
        }
    };
    Some(base.join("logodesk").join("appimage"))
}

/// An image entry's path relative to the folder it is extracted to; refuses `..`.
fn relative(full: &Path) -> Result<PathBuf, RuntimeError> {
    let mut out = PathBuf::new();
    for component in full.components() {
        match component {
            Component::RootDir | Component::CurDir => {}
            Component::Normal(part) => out.push(part),
            Component::ParentDir | Component::Prefix(_) => {
                return Err(RuntimeError::UnsafePath(full.to_path_buf()));
            }
        }
    }
    Ok(out)
}

/// Shell-style matching of one path: `*` (any run) and `?` (one character) do not cross `/`.
fn glob(pattern: &[u8], text: &[u8]) -> bool {
    match (pattern.first(), text.first()) {
        (None, None) => true,
        (Some(b'*'), _) => {
            glob(&pattern[1..], text)
                || matches!(text.first(), Some(c) if *c != b'/') && glob(pattern, &text[1..])
        }
        (Some(b'?'), Some(c)) if *c != b'/' => glob(&pattern[1..], &text[1..]),
        (Some(p), Some(c)) if p == c && *p != b'?' => glob(&pattern[1..], &text[1..]),
        _ => false,
    }
}

/// Whether `--appimage-extract PATTERN` takes `path` (relative, `/`-separated): the pattern
/// matches it or one of the folders it is in.
fn pattern_takes(pattern: &str, path: &str) -> bool {
    let pattern = pattern.trim_start_matches('/').as_bytes();
    glob(pattern, path.as_bytes())
        || path
            .match_indices('/')
            .any(|(at, _)| glob(pattern, &path.as_bytes()[..at]))
}

/// Which side of a copy failed.
enum Copied {
    Read(io::Error),
    Write(io::Error),
}

/// Copies `from` into `to` in 1 MiB steps, telling a damaged image from a full disk.
fn copy(from: &mut impl io::Read, to: &mut File) -> Result<(), Copied> {
    let mut buf = vec![0u8; 1 << 20];
    loop {
        let n = match from.read(&mut buf) {
            Ok(0) => return Ok(()),
            Ok(n) => n,
            Err(err) if err.kind() == io::ErrorKind::Interrupted => continue,
            Err(err) => return Err(Copied::Read(err)),
        };
        to.write_all(&buf[..n]).map_err(Copied::Write)?;
    }
}

fn write_err(path: &Path) -> impl FnOnce(io::Error) -> RuntimeError + '_ {
    move |err| RuntimeError::Write {
        path: path.to_path_buf(),
        err,
    }
}

/// Removes whatever is at `path` (a file, a link, a folder), if anything.
fn remove_existing(path: &Path) -> Result<(), RuntimeError> {
    match fs::symlink_metadata(path) {
        Ok(meta) if meta.is_dir() => fs::remove_dir_all(path).map_err(write_err(path)),
        Ok(_) => fs::remove_file(path).map_err(write_err(path)),
        Err(_) => Ok(()),
    }
}

/// Extracts the squashfs image found at `offset` in `image` into `dest` (all of it, or what
/// `pattern` takes); answers how many entries were written. Devices, pipes and sockets (never
/// in an AppDir) are skipped; modes are kept without set-id bits, folders stay writable by
/// their owner so that the cache can be cleaned.
fn extract(
    image: &Path,
    offset: u64,
    dest: &Path,
    pattern: Option<&str>,
) -> Result<usize, RuntimeError> {
    let unreadable = |reason: String| RuntimeError::Image {
        path: image.to_path_buf(),
        reason,
    };
    let file = File::open(image).map_err(|err| RuntimeError::SelfUnreadable {
        path: image.to_path_buf(),
        err,
    })?;
    let squashfs = FilesystemReader::from_reader_with_offset(BufReader::new(file), offset)
        .map_err(|e| unreadable(e.to_string()))?;
    fs::create_dir_all(dest).map_err(write_err(dest))?;
    let mut folders = Vec::new();
    let mut written = 0;
    for node in squashfs.files() {
        let rel = relative(&node.fullpath)?;
        if rel.as_os_str().is_empty() {
            continue;
        }
        if let Some(pattern) = pattern
            && !pattern_takes(pattern, &rel.to_string_lossy())
        {
            continue;
        }
        let target = dest.join(&rel);
        if let Some(parent) = target.parent() {
            fs::create_dir_all(parent).map_err(write_err(parent))?;
        }
        let mode = u32::from(node.header.permissions) & 0o777;
        match &node.inner {
            InnerNode::Dir(_) => {
                if !target.is_dir() {
                    remove_existing(&target)?;
                    fs::create_dir(&target).map_err(write_err(&target))?;
                }
                folders.push((target, mode | 0o700));
            }
            InnerNode::File(entry) => {
                remove_existing(&target)?;
                let out = OpenOptions::new()
                    .write(true)
                    .create_new(true)
                    .mode(0o600)
                    .open(&target)
                    .map_err(write_err(&target))?;
                let mut reader = squashfs
                    .file(entry)
                    .reader_checked()
                    .map_err(|e| unreadable(e.to_string()))?;
                let mut out = out;
                copy(&mut reader, &mut out).map_err(|e| match e {
                    Copied::Read(err) => unreadable(err.to_string()),
                    Copied::Write(err) => write_err(&target)(err),
                })?;
                out.set_permissions(fs::Permissions::from_mode(mode))
                    .map_err(write_err(&target))?;
            }
            InnerNode::Symlink(link) => {
                remove_existing(&target)?;
                std::os::unix::fs::symlink(&link.link, &target).map_err(write_err(&target))?;
            }
            InnerNode::CharacterDevice(_)
            | InnerNode::BlockDevice(_)
            | InnerNode::NamedPipe
            | InnerNode::Socket => continue,
        }
        written += 1;
    }
    // Deepest first, so that a folder's mode is set after everything was written into it.
    for (folder, mode) in folders.iter().rev() {
        fs::set_permissions(folder, fs::Permissions::from_mode(*mode))
            .map_err(write_err(folder))?;
    }
    Ok(written)
}

/// The image's identity: the file's size and modification time, and its superblock.
fn image_key(image: &Path, offset: u64) -> Result<String, RuntimeError> {
    let unreadable = |err| RuntimeError::SelfUnreadable {
        path: image.to_path_buf(),
        err,
    };
    let mut file = File::open(image).map_err(unreadable)?;
    let meta = file.metadata().map_err(unreadable)?;
    let modified = meta
        .modified()
        .ok()
        .and_then(|t| t.duration_since(SystemTime::UNIX_EPOCH).ok())
        .unwrap_or_default();
    let mut superblock = [0u8; SUPERBLOCK_LEN];
    file.seek(SeekFrom::Start(offset)).map_err(unreadable)?;
    let read = file.read(&mut superblock).map_err(unreadable)?;
    if read == 0 {
        return Err(RuntimeError::NoImage {
            path: image.to_path_buf(),
            offset,
        });
    }
    Ok(cache_key(meta.len(), modified, offset, &superblock[..read]))
}

/// Removes extractions that were interrupted (a crash, a full disk) long ago.
fn remove_stale_partials(root: &Path) {
    let Ok(entries) = fs::read_dir(root) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let stale = entry
            .metadata()
            .ok()
            .and_then(|m| m.modified().ok())
            .and_then(|t| t.elapsed().ok())
            .is_some_and(|age| age > STALE_PARTIAL);
        if name.to_string_lossy().contains(".partial-") && stale {
            fs::remove_dir_all(entry.path()).ok();
        }
    }
}

/// The image's folder in the cache `root`, extracted now unless a complete one is there.
fn extracted(image: &Path, offset: u64, root: &Path, key: &str) -> Result<PathBuf, RuntimeError> {
    let done = root.join(key);
    if fs::symlink_metadata(done.join("AppRun")).is_ok() {
        return Ok(done);
    }
    fs::create_dir_all(root).map_err(write_err(root))?;
    remove_stale_partials(root);
    let nanos = SystemTime::now()
        .duration_since(SystemTime::UNIX_EPOCH)
        .unwrap_or_default()
        .subsec_nanos();
    static NEXT: AtomicU32 = AtomicU32::new(0);
    let partial = root.join(format!(
        ".{key}.partial-{}-{nanos}-{}",
        std::process::id(),
        NEXT.fetch_add(1, Ordering::Relaxed)
    ));
    let result = extract(image, offset, &partial, None).and_then(|_| {
        if fs::symlink_metadata(partial.join("AppRun")).is_err() {
            return Err(RuntimeError::NoAppRun(partial.clone()));
        }
        // A folder under the final name without AppRun is a broken leftover (someone emptied
        // it); a complete one was renamed in by an instance started at the same time.
        if done.exists() && fs::symlink_metadata(done.join("AppRun")).is_err() {
            fs::remove_dir_all(&done).ok();
        }
        match fs::rename(&partial, &done) {
            Ok(()) => Ok(()),
            Err(_) if fs::symlink_metadata(done.join("AppRun")).is_ok() => Ok(()),
            Err(err) => Err(write_err(&done)(err)),
        }
    });
    if partial.exists() {
        fs::remove_dir_all(&partial).ok();
    }
    result.map(|()| done)
}

/// Whether an AppImage's first bytes carry the type-2 magic.
fn has_magic(head: &[u8]) -> bool {
    head.get(8..11) == Some(&MAGIC[..])
}

/// Where the AppImage is (absolute, links resolved), where its image starts and whether the
/// packer marked it (the magic).
fn locate() -> Result<(PathBuf, u64, bool), RuntimeError> {
    let exe = Path::new("/proc/self/exe");
    let unreadable = |err| RuntimeError::SelfUnreadable {
        path: exe.to_path_buf(),
        err,
    };
    let mut header = [0u8; 64];
    let mut file = File::open(exe).map_err(unreadable)?;
    let read = file.read(&mut header).map_err(unreadable)?;
    let offset = elf_end(&header[..read]).map_err(RuntimeError::NotElf)?;
    let path = fs::read_link(exe).map_err(unreadable)?;
    Ok((path, offset, has_magic(&header[..read])))
}

fn help() -> String {
    format!(
        "logodesk AppImage runtime {VERSION} (extract-and-run: no FUSE needed)\n\
         \n\
         Started without an --appimage- option it unpacks the app once into\n\
         $XDG_CACHE_HOME/logodesk/appimage/ (~/.cache/… without the variable) and runs it with\n\
         all arguments.\n\
         \n\
         Options (first argument only):\n\
         \x20 --appimage-extract [PATTERN]  unpack everything, or what matches PATTERN, into ./squashfs-root\n\
         \x20 --appimage-extract-and-run    unpack into the cache and run (what a start does anyway)\n\
         \x20 --appimage-offset             print where the image starts in this file\n\
         \x20 --appimage-help               print this help\n\
         \x20 --appimage-version            print the runtime's version\n"
    )
}

fn run() -> Result<(), RuntimeError> {
    let mut args = std::env::args_os();
    let argv0 = args.next().unwrap_or_default();
    let mut rest: Vec<OsString> = args.collect();
    let option = rest
        .first()
        .and_then(|a| a.to_str())
        .filter(|a| a.starts_with("--appimage-"))
        .map(str::to_owned);
    match option.as_deref() {
        Some("--appimage-help") => {
            print!("{}", help());
            return Ok(());
        }
        Some("--appimage-version") => {
            println!("{VERSION}");
            return Ok(());
        }
        Some("--appimage-offset" | "--appimage-extract" | "--appimage-extract-and-run") | None => {}
        Some(other) => return Err(RuntimeError::UnknownOption(other.to_owned())),
    }
    let (image, offset, marked) = locate()?;
    let size = fs::metadata(&image)
        .map_err(|err| RuntimeError::SelfUnreadable {
            path: image.clone(),
            err,
        })?
        .len();
    if option.as_deref() == Some("--appimage-offset") {
        println!("{offset}");
        return Ok(());
    }
    if offset >= size || !marked {
        return Err(RuntimeError::NoImage {
            path: image,
            offset,
        });
    }
    if option.as_deref() == Some("--appimage-extract") {
        let dest = PathBuf::from("squashfs-root");
        let pattern = rest.get(1).map(|p| p.to_string_lossy().into_owned());
        let written = extract(&image, offset, &dest, pattern.as_deref())?;
        println!("{written} entries extracted to squashfs-root");
        return Ok(());
    }
    if option.is_some() {
        rest.remove(0);
    }
    let root = cache_root(std::env::var_os("XDG_CACHE_HOME"), std::env::var_os("HOME"))
        .ok_or(RuntimeError::NoCacheFolder)?;
    let key = image_key(&image, offset)?;
    let appdir = extracted(&image, offset, &root, &key)?;
    let app_run = appdir.join("AppRun");
    let mut command = Command::new(&app_run);
    command
        .arg0(&argv0)
        .args(&rest)
        .env("APPIMAGE", &image)
        .env("APPDIR", &appdir)
        .env("ARGV0", &argv0);
    if let Ok(owd) = std::env::current_dir() {
        command.env("OWD", owd);
    }
    // Only returns when the exec failed.
    let err = command.exec();
    Err(RuntimeError::Exec { path: app_run, err })
}

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("logodesk AppImage: {err}");
            ExitCode::from(err.exit_status())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use backhand::compression::Compressor;
    use backhand::{FilesystemCompressor, FilesystemWriter, NodeHeader};
    use std::io::Cursor;

    fn os(s: &str) -> Option<OsString> {
        Some(OsString::from(s))
    }

    /// An ELF header of `len` bytes: magic, class (1: 32-bit, 2: 64-bit), byte order (1: little
    /// endian, 2: big endian), the rest zero.
    fn ident(class: u8, order: u8, len: usize) -> Vec<u8> {
        let mut h = vec![0u8; len];
        h[..4].copy_from_slice(b"\x7fELF");
        h[4] = class;
        h[5] = order;
        h
    }

    /// A 64-bit little-endian ELF header with the given section table.
    fn elf64(shoff: u64, shentsize: u16, shnum: u16) -> Vec<u8> {
        let mut h = ident(2, 1, 64);
        h[0x28..0x30].copy_from_slice(&shoff.to_le_bytes());
        h[0x3A..0x3C].copy_from_slice(&shentsize.to_le_bytes());
        h[0x3C..0x3E].copy_from_slice(&shnum.to_le_bytes());
        h
    }

    #[test]
    fn the_image_starts_where_the_section_table_ends() {
        assert_eq!(elf_end(&elf64(0x1000, 64, 10)), Ok(0x1000 + 640));
        assert_eq!(elf_end(&elf64(123_456, 64, 0)), Ok(123_456));

        let mut h32 = ident(1, 1, 52);
        h32[0x20..0x24].copy_from_slice(&5000u32.to_le_bytes());
        h32[0x2E..0x30].copy_from_slice(&40u16.to_le_bytes());
        h32[0x30..0x32].copy_from_slice(&3u16.to_le_bytes());
        assert_eq!(elf_end(&h32), Ok(5120), "32-bit little endian");

        let mut big = ident(2, 2, 64);
        big[0x28..0x30].copy_from_slice(&0x2000u64.to_be_bytes());
        big[0x3A..0x3C].copy_from_slice(&64u16.to_be_bytes());
        big[0x3C..0x3E].copy_from_slice(&2u16.to_be_bytes());
        assert_eq!(elf_end(&big), Ok(0x2080), "64-bit big endian");
    }

    #[test]
    fn the_magic_does_not_change_the_offset() {
        let mut h = elf64(0x1000, 64, 10);
        h[8..11].copy_from_slice(&MAGIC);
        assert!(has_magic(&h));
        assert_eq!(elf_end(&h), Ok(0x1280));
    }

    #[test]
    fn a_broken_header_is_an_error_not_a_panic() {
        assert_eq!(elf_end(b""), Err(ElfError::TooShort));
        assert_eq!(elf_end(b"#!/bin/sh\necho"), Err(ElfError::NoMagic));
        assert_eq!(elf_end(&elf64(1, 64, 1)[..40]), Err(ElfError::TooShort));
        let mut h = elf64(1, 64, 1);
        h[4] = 7;
        assert_eq!(elf_end(&h), Err(ElfError::UnknownClass(7)));
        let mut h = elf64(1, 64, 1);
        h[5] = 0;
        assert_eq!(elf_end(&h), Err(ElfError::UnknownByteOrder(0)));
        assert_eq!(elf_end(&elf64(u64::MAX, 64, 2)), Err(ElfError::Overflow));
    }

    /// On a real executable (this test's own), the section table is the end of the file: the
    /// rule finds exactly where a concatenated image would start.
    #[test]
    fn on_a_real_executable_the_rule_gives_its_length() {
        let exe = std::env::current_exe().unwrap();
        let bytes = fs::read(&exe).unwrap();
        assert_eq!(elf_end(&bytes[..64]), Ok(bytes.len() as u64));
    }

    #[test]
    fn the_cache_key_changes_with_each_part_of_the_identity() {
        let superblock = [7u8; SUPERBLOCK_LEN];
        let t = Duration::new(1_700_000_000, 5);
        let key = cache_key(1000, t, 400, &superblock);
        assert_eq!(key, cache_key(1000, t, 400, &superblock), "stable");
        assert!(key.starts_with(&format!("v{VERSION}-")), "{key}");
        assert!(
            key.chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '.' || c == '-'),
            "a plain folder name: {key}"
        );
        let mut other_superblock = superblock;
        other_superblock[40] = 8;
        let others = [
            cache_key(1001, t, 400, &superblock),
            cache_key(1000, Duration::new(1_700_000_001, 5), 400, &superblock),
            cache_key(1000, Duration::new(1_700_000_000, 6), 400, &superblock),
            cache_key(1000, t, 401, &superblock),
            cache_key(1000, t, 400, &other_superblock),
        ];
        for other in &others {
            assert_ne!(&key, other);
        }
        let distinct: std::collections::HashSet<_> = others.iter().collect();
        assert_eq!(distinct.len(), others.len());
    }

    #[test]
    fn the_cache_is_under_xdg_cache_home_or_home() {
        assert_eq!(
            cache_root(os("/x/cache"), os("/home/a")),
            Some(PathBuf::from("/x/cache/logodesk/appimage"))
        );
        // A relative XDG_CACHE_HOME is ignored, as the XDG specification says.
        assert_eq!(
            cache_root(os("cache"), os("/home/a")),
            Some(PathBuf::from("/home/a/.cache/logodesk/appimage"))
        );
        assert_eq!(
            cache_root(None, os("/home/a")),
            Some(PathBuf::from("/home/a/.cache/logodesk/appimage"))
        );
        assert_eq!(cache_root(None, None), None);
        assert_eq!(cache_root(os(""), os("")), None);
    }

    #[test]
    fn paths_stay_inside_the_folder() {
        assert_eq!(
            relative(Path::new("/usr/bin/logodesk")).unwrap(),
            PathBuf::from("usr/bin/logodesk")
        );
        assert_eq!(relative(Path::new("/")).unwrap(), PathBuf::new());
        assert!(matches!(
            relative(Path::new("/usr/../../etc/passwd")),
            Err(RuntimeError::UnsafePath(_))
        ));
    }

    #[test]
    fn patterns_match_like_the_shell_and_take_folders_whole() {
        assert!(pattern_takes("*.desktop", "logodesk.desktop"));
        assert!(!pattern_takes(
            "*.desktop",
            "usr/share/applications/logodesk.desktop"
        ));
        assert!(pattern_takes(
            "usr/share/*/*.desktop",
            "usr/share/applications/logodesk.desktop"
        ));
        assert!(pattern_takes("usr/bin", "usr/bin/logodesk"));
        assert!(pattern_takes("/usr/bin", "usr/bin/logodesk"));
        assert!(!pattern_takes("usr/bi", "usr/bin/logodesk"));
        assert!(pattern_takes("AppRu?", "AppRun"));
        assert!(!pattern_takes("usr?bin", "usr/bin"));
        assert!(pattern_takes("*", "usr/lib/x"), "the folder usr matches");
        assert!(!pattern_takes("x*", "usr/lib/x"));
    }

    /// An AppImage-like file: `prefix` bytes, then a gzip squashfs with an AppDir in it.
    fn fake_appimage(dir: &Path, prefix: usize) -> PathBuf {
        let mut writer = FilesystemWriter::default();
        writer.set_compressor(FilesystemCompressor::new(Compressor::Gzip, None).unwrap());
        let dir_header = NodeHeader::new(0o755, 0, 0, 0);
        writer.push_dir("usr", dir_header).unwrap();
        writer.push_dir("usr/bin", dir_header).unwrap();
        let big: Vec<u8> = (0..300_000u32).map(|i| (i * 7 % 251) as u8).collect();
        writer
            .push_file(
                Cursor::new(b"#!/bin/sh\necho hello \"$@\"\n".to_vec()),
                "usr/bin/app",
                NodeHeader::new(0o755, 0, 0, 0),
            )
            .unwrap();
        writer
            .push_file(
                Cursor::new(big),
                "usr/big.bin",
                NodeHeader::new(0o644, 0, 0, 0),
            )
            .unwrap();
        writer
            .push_file(
                Cursor::new(b"[Desktop Entry]\n".to_vec()),
                "app.desktop",
                NodeHeader::new(0o644, 0, 0, 0),
            )
            .unwrap();
        writer
            .push_symlink("usr/bin/app", "AppRun", NodeHeader::new(0o777, 0, 0, 0))
            .unwrap();
        let mut image = Cursor::new(Vec::new());
        writer.write(&mut image).unwrap();
        let path = dir.join("fake.AppImage");
        let mut file = File::create(&path).unwrap();
        file.write_all(&vec![0xEE; prefix]).unwrap();
        file.write_all(image.get_ref()).unwrap();
        path
    }

    #[test]
    fn extraction_writes_files_links_and_modes() {
        let dir = tempfile::tempdir().unwrap();
        let image = fake_appimage(dir.path(), 4321);
        let dest = dir.path().join("squashfs-root");
        assert_eq!(extract(&image, 4321, &dest, None).unwrap(), 6);
        let app = dest.join("usr/bin/app");
        assert_eq!(
            fs::read_to_string(&app).unwrap(),
            "#!/bin/sh\necho hello \"$@\"\n"
        );
        assert_eq!(
            fs::metadata(&app).unwrap().permissions().mode() & 0o777,
            0o755
        );
        let big = fs::read(dest.join("usr/big.bin")).unwrap();
        assert_eq!(big.len(), 300_000);
        assert!(
            big.iter()
                .enumerate()
                .all(|(i, b)| *b == (i * 7 % 251) as u8)
        );
        assert_eq!(
            fs::read_link(dest.join("AppRun")).unwrap(),
            PathBuf::from("usr/bin/app")
        );
        // Extracting again over it works (files replaced).
        assert_eq!(extract(&image, 4321, &dest, None).unwrap(), 6);

        let only = dir.path().join("only");
        assert_eq!(extract(&image, 4321, &only, Some("*.desktop")).unwrap(), 1);
        assert!(only.join("app.desktop").is_file());
        assert!(!only.join("usr").exists());
    }

    #[test]
    fn a_wrong_offset_or_damaged_image_is_a_sentence() {
        let dir = tempfile::tempdir().unwrap();
        let image = fake_appimage(dir.path(), 100);
        let err = extract(&image, 99, &dir.path().join("out"), None).unwrap_err();
        assert!(matches!(err, RuntimeError::Image { .. }), "{err:?}");
        assert!(err.to_string().contains("cannot be read"), "{err}");
        assert_eq!(err.exit_status(), 1);
    }

    #[test]
    fn the_cache_is_extracted_once_and_reused() {
        let dir = tempfile::tempdir().unwrap();
        let image = fake_appimage(dir.path(), 512);
        let root = dir.path().join("cache");
        let key = image_key(&image, 512).unwrap();
        let first = extracted(&image, 512, &root, &key).unwrap();
        assert_eq!(first, root.join(&key));
        assert!(first.join("AppRun").symlink_metadata().is_ok());
        // A mark left in the folder survives the second start: nothing was extracted again.
        fs::write(first.join("mark"), "x").unwrap();
        let second = extracted(&image, 512, &root, &key).unwrap();
        assert_eq!(first, second);
        assert!(second.join("mark").exists());
        let names: Vec<_> = fs::read_dir(&root).unwrap().flatten().collect();
        assert_eq!(names.len(), 1, "no partial folder is left behind");
    }

    #[test]
    fn two_instances_started_together_share_one_folder() {
        let dir = tempfile::tempdir().unwrap();
        let image = fake_appimage(dir.path(), 512);
        let root = dir.path().join("cache");
        let key = image_key(&image, 512).unwrap();
        let results: Vec<_> = std::thread::scope(|s| {
            let handles: Vec<_> = (0..4)
                .map(|_| s.spawn(|| extracted(&image, 512, &root, &key)))
                .collect();
            handles.into_iter().map(|h| h.join().unwrap()).collect()
        });
        for result in results {
            assert_eq!(result.unwrap(), root.join(&key));
        }
        assert_eq!(
            fs::read_to_string(root.join(&key).join("usr/bin/app")).unwrap(),
            "#!/bin/sh\necho hello \"$@\"\n"
        );
        let names: Vec<_> = fs::read_dir(&root).unwrap().flatten().collect();
        assert_eq!(names.len(), 1, "only the finished folder remains");
    }

    #[test]
    fn an_image_without_app_run_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let mut writer = FilesystemWriter::default();
        writer.set_compressor(FilesystemCompressor::new(Compressor::Gzip, None).unwrap());
        writer
            .push_file(
                Cursor::new(b"x".to_vec()),
                "readme",
                NodeHeader::new(0o644, 0, 0, 0),
            )
            .unwrap();
        let image = dir.path().join("img");
        writer.write(File::create(&image).unwrap()).unwrap();
        let root = dir.path().join("cache");
        let err = extracted(&image, 0, &root, "k").unwrap_err();
        assert!(matches!(err, RuntimeError::NoAppRun(_)), "{err:?}");
        assert_eq!(fs::read_dir(&root).unwrap().count(), 0, "nothing left");
    }
}
