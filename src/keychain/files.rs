//! Secrets a server keeps in files, as server software takes them: a file only its owner may
//! read, a folder of systemd credentials (`LoadCredential=`, `$CREDENTIALS_DIRECTORY`), and
//! PostgreSQL's own password file (`PGPASSFILE`, `~/.pgpass`). They are read where they are,
//! when needed, and never copied into a file of logodesk's.
//!
//! Every file is opened once and checked on the open file (its owner and mode), so what was
//! checked is what is read: nothing can be put in its place between the two.

use std::io::Read as _;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use secrecy::SecretString;

/// The most a secret file may hold: a key or a password is a line, not a document.
pub const MAX_SECRET_BYTES: u64 = 64 * 1024;

/// Names of the credentials a server's folder may hold.
pub mod names {
    /// The API key of the account named `<name>`: `api-key.<name>`.
    pub const API_KEY_PREFIX: &str = "api-key.";
    /// The API key of whichever account the server sends for, when it has one key only.
    pub const API_KEY: &str = "api-key";
    /// The team database's password.
    pub const TEAM_PASSWORD: &str = "team-password";
    /// The desk's signing key on its team (`logodesk team new-desk-key` makes one).
    pub const DESK_KEY: &str = "desk-key";
}

/// Why a secret file was not taken.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SecretFileError {
    #[error("{}", crate::tr!("secret-file-unreadable", path = .path.display().to_string(), reason = .reason.as_str()))]
    Unreadable { path: PathBuf, reason: String },
    #[error("{}", crate::tr!("secret-file-shared", path = .path.display().to_string()))]
    Shared { path: PathBuf },
    #[error("{}", crate::tr!("secret-file-not-owner", path = .path.display().to_string()))]
    NotOwner { path: PathBuf },
    #[error("{}", crate::tr!("secret-file-too-big", path = .path.display().to_string()))]
    TooBig { path: PathBuf },
}

/// Who may own a secret file besides the user this process runs as.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Owner {
    /// Only this process's user (a file a person made with `chmod 600`).
    Me,
    /// This process's user or root: systemd writes credentials as root and lets the unit's
    /// user read them, in a folder no one else may enter.
    MeOrRoot,
}

/// The text of the file at `path`, refused unless only its owner may read it and the owner is
/// as `owner` says. `Ok(None)`: there is no such file.
pub fn read_owner_only(path: &Path, owner: Owner) -> Result<Option<String>, SecretFileError> {
    let unreadable = |e: std::io::Error| SecretFileError::Unreadable {
        path: path.to_owned(),
        reason: e.to_string(),
    };
    let file = match std::fs::File::open(path) {
        Ok(file) => file,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(unreadable(e)),
    };
    let meta = file.metadata().map_err(unreadable)?;
    check(path, &meta, owner)?;
    if meta.len() > MAX_SECRET_BYTES {
        return Err(SecretFileError::TooBig {
            path: path.to_owned(),
        });
    }
    let mut text = String::new();
    file.take(MAX_SECRET_BYTES + 1)
        .read_to_string(&mut text)
        .map_err(unreadable)?;
    if text.len() as u64 > MAX_SECRET_BYTES {
        return Err(SecretFileError::TooBig {
            path: path.to_owned(),
        });
    }
    Ok(Some(text))
}

/// The first line of the file at `path`, trimmed, as a secret ([`read_owner_only`]); an empty
/// file is no secret.
pub fn read_secret(path: &Path, owner: Owner) -> Result<Option<SecretString>, SecretFileError> {
    Ok(read_owner_only(path, owner)?
        .map(|text| text.lines().next().unwrap_or("").trim().to_owned())
        .filter(|line| !line.is_empty())
        .map(SecretString::from))
}

#[cfg(unix)]
fn check(path: &Path, meta: &std::fs::Metadata, owner: Owner) -> Result<(), SecretFileError> {
    use std::os::unix::fs::MetadataExt as _;
    if !meta.is_file() {
        return Err(SecretFileError::Unreadable {
            path: path.to_owned(),
            reason: "not a regular file".into(),
        });
    }
    if meta.mode() & 0o077 != 0 {
        return Err(SecretFileError::Shared {
            path: path.to_owned(),
        });
    }
    // SAFETY: geteuid has no preconditions and cannot fail.
    let me = unsafe { libc::geteuid() };
    let allowed = meta.uid() == me || (owner == Owner::MeOrRoot && meta.uid() == 0);
    if !allowed {
        return Err(SecretFileError::NotOwner {
            path: path.to_owned(),
        });
    }
    Ok(())
}

/// On Windows a file in the person's profile is theirs by its inherited ACL.
#[cfg(not(unix))]
fn check(path: &Path, meta: &std::fs::Metadata, _owner: Owner) -> Result<(), SecretFileError> {
    if meta.is_file() {
        Ok(())
    } else {
        Err(SecretFileError::Unreadable {
            path: path.to_owned(),
            reason: "not a regular file".into(),
        })
    }
}

/// A folder of credentials: systemd's (`$CREDENTIALS_DIRECTORY`) or one given with
/// `--credentials DIR` (`LOGODESK_CREDENTIALS`), each secret a file named as [`names`] says.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Credentials {
    dir: PathBuf,
    owner: Owner,
}

static RUN_CREDENTIALS: OnceLock<Option<Credentials>> = OnceLock::new();

impl Credentials {
    /// The folder at `dir`; its files must be the owner's only.
    pub fn at(dir: impl Into<PathBuf>) -> Credentials {
        Credentials {
            dir: dir.into(),
            owner: Owner::Me,
        }
    }

    /// systemd's folder of this unit's credentials, written by root for the unit's user.
    pub fn systemd(dir: impl Into<PathBuf>) -> Credentials {
        Credentials {
            dir: dir.into(),
            owner: Owner::MeOrRoot,
        }
    }

    /// The folder.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// The path of the credential `name`.
    pub fn path(&self, name: &str) -> PathBuf {
        self.dir.join(name)
    }

    /// The credential `name`, if the folder has it.
    pub fn get(&self, name: &str) -> Result<Option<SecretString>, SecretFileError> {
        read_secret(&self.path(name), self.owner)
    }

    /// The API key of the account `account`: `api-key.<account>`, else `api-key`.
    pub fn api_key(&self, account: &str) -> Result<Option<SecretString>, SecretFileError> {
        // A name with a path separator cannot be a file of this folder.
        if !account.contains(['/', '\\']) && !account.starts_with('.') {
            let named = format!("{}{account}", names::API_KEY_PREFIX);
            if let Some(key) = self.get(&named)? {
                return Ok(Some(key));
            }
        }
        self.get(names::API_KEY)
    }

    /// Sets this run's folder (once, in [`crate::cli::run`]): `given` (the command line's),
    /// else systemd's `$CREDENTIALS_DIRECTORY`.
    pub fn set_for_run(given: Option<PathBuf>) {
        let chosen = given.map(Credentials::at).or_else(|| {
            std::env::var_os("CREDENTIALS_DIRECTORY")
                .filter(|d| !d.is_empty())
                .map(Credentials::systemd)
        });
        if let Some(c) = &chosen {
            tracing::info!(folder = %c.dir.display(), "secrets are read from a credentials folder");
        }
        let _ = RUN_CREDENTIALS.set(chosen);
    }

    /// This run's folder, if one was given.
    pub fn for_run() -> Option<&'static Credentials> {
        RUN_CREDENTIALS.get().and_then(Option::as_ref)
    }
}

/// Where PostgreSQL's password file is: `PGPASSFILE`, else `~/.pgpass`
/// (`%APPDATA%\postgresql\pgpass.conf` on Windows).
pub fn pgpass_path() -> Option<PathBuf> {
    if let Some(path) = std::env::var_os("PGPASSFILE").filter(|p| !p.is_empty()) {
        return Some(PathBuf::from(path));
    }
    #[cfg(windows)]
    {
        std::env::var_os("APPDATA").map(|d| PathBuf::from(d).join("postgresql/pgpass.conf"))
    }
    #[cfg(not(windows))]
    {
        std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".pgpass"))
    }
}

/// One connection a password is looked up for, as `.pgpass` names it.
#[derive(Debug, Clone, Copy)]
pub struct PgTarget<'a> {
    /// The host name, or `localhost` for a Unix socket (as libpq matches it).
    pub host: &'a str,
    pub port: u16,
    pub database: &'a str,
    pub user: &'a str,
}

/// The password of the first line of `text` (a `.pgpass`: `host:port:database:user:password`,
/// `*` matching anything, `\` escaping `:` and `\`, `#` starting a comment) that matches one of
/// `targets`, tried in order.
pub fn pgpass_lookup(text: &str, targets: &[PgTarget<'_>]) -> Option<SecretString> {
    let port_text: Vec<String> = targets.iter().map(|t| t.port.to_string()).collect();
    for line in text.lines() {
        let line = line.trim_end_matches('\r');
        if line.trim_start().starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let fields = split_pgpass(line);
        let [host, port, database, user, password] = fields.as_slice() else {
            continue;
        };
        let matches = |field: &str, value: &str| field == "*" || field == value;
        let hit = targets.iter().zip(&port_text).any(|(t, p)| {
            matches(host, t.host)
                && matches(port, p)
                && matches(database, t.database)
                && matches(user, t.user)
        });
        if hit {
            return Some(SecretString::from(password.clone()));
        }
    }
    None
}

/// The five fields of a `.pgpass` line; as libpq reads it, an unescaped `:` ends the password.
fn split_pgpass(line: &str) -> Vec<String> {
    let mut fields = vec![String::new()];
    let mut chars = line.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => {
                if let (Some(next), Some(f)) = (chars.next(), fields.last_mut()) {
                    f.push(next);
                }
            }
            ':' if fields.len() < 5 => fields.push(String::new()),
            ':' => break,
            c => {
                if let Some(f) = fields.last_mut() {
                    f.push(c);
                }
            }
        }
    }
    fields
}

/// The password `.pgpass` holds for one of `targets`. A file others may read is ignored, as
/// libpq ignores it, and said in the log; a missing file is no password.
pub fn pgpass_password(targets: &[PgTarget<'_>]) -> Option<SecretString> {
    let path = pgpass_path()?;
    match read_owner_only(&path, Owner::Me) {
        Ok(Some(text)) => pgpass_lookup(&text, targets),
        Ok(None) => None,
        Err(e) => {
            tracing::warn!(file = %path.display(), error = %e, "the PostgreSQL password file is not used");
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use secrecy::ExposeSecret as _;

    fn write(dir: &Path, name: &str, text: &str, mode: u32) -> PathBuf {
        let path = dir.join(name);
        std::fs::write(&path, text).unwrap();
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt as _;
            std::fs::set_permissions(&path, std::fs::Permissions::from_mode(mode)).unwrap();
        }
        #[cfg(not(unix))]
        let _ = mode;
        path
    }

    fn target<'a>(host: &'a str, port: u16) -> PgTarget<'a> {
        PgTarget {
            host,
            port,
            database: "logodesk",
            user: "logodesk",
        }
    }

    #[test]
    fn a_secret_file_is_its_first_line_and_missing_is_none() {
        let dir = tempfile::tempdir().unwrap();
        let path = write(dir.path(), "k", "  s3cret  \nsecond line\n", 0o600);
        let got = read_secret(&path, Owner::Me).unwrap().unwrap();
        assert_eq!(got.expose_secret(), "s3cret");
        assert!(
            read_secret(&dir.path().join("none"), Owner::Me)
                .unwrap()
                .is_none()
        );
        let empty = write(dir.path(), "e", "\n", 0o600);
        assert!(read_secret(&empty, Owner::Me).unwrap().is_none());
    }

    #[cfg(unix)]
    #[test]
    fn a_file_others_may_read_is_refused_with_a_sentence_naming_it() {
        let dir = tempfile::tempdir().unwrap();
        for mode in [0o640, 0o604, 0o644] {
            let path = write(dir.path(), "k", "s3cret", mode);
            let e = read_secret(&path, Owner::Me).unwrap_err();
            assert!(matches!(e, SecretFileError::Shared { .. }), "{mode:o}");
            let text = e.to_string();
            assert!(text.contains(&path.display().to_string()), "{text}");
            assert!(text.contains("chmod 600"), "{text}");
            assert!(!text.contains("s3cret"), "{text}");
        }
    }

    #[cfg(unix)]
    #[test]
    fn a_folder_or_a_huge_file_is_not_a_secret() {
        let dir = tempfile::tempdir().unwrap();
        let sub = dir.path().join("sub");
        std::fs::create_dir(&sub).unwrap();
        assert!(matches!(
            read_secret(&sub, Owner::Me),
            Err(SecretFileError::Unreadable { .. } | SecretFileError::Shared { .. })
        ));
        let big = "x".repeat(MAX_SECRET_BYTES as usize + 1);
        let path = write(dir.path(), "big", &big, 0o600);
        assert!(matches!(
            read_secret(&path, Owner::Me),
            Err(SecretFileError::TooBig { .. })
        ));
    }

    #[test]
    fn a_credentials_folder_gives_the_named_key_before_the_single_one() {
        let dir = tempfile::tempdir().unwrap();
        let creds = Credentials::at(dir.path());
        assert!(creds.api_key("Club shop").unwrap().is_none());
        write(dir.path(), names::API_KEY, "any\n", 0o600);
        assert_eq!(
            creds.api_key("Club shop").unwrap().unwrap().expose_secret(),
            "any"
        );
        write(dir.path(), "api-key.Club shop", "named\n", 0o600);
        assert_eq!(
            creds.api_key("Club shop").unwrap().unwrap().expose_secret(),
            "named"
        );
        assert_eq!(
            creds
                .api_key("../Club shop")
                .unwrap()
                .unwrap()
                .expose_secret(),
            "any",
            "a name with a separator never leaves the folder"
        );
        write(dir.path(), names::TEAM_PASSWORD, "pw\n", 0o600);
        assert_eq!(
            creds
                .get(names::TEAM_PASSWORD)
                .unwrap()
                .unwrap()
                .expose_secret(),
            "pw"
        );
    }

    #[test]
    fn pgpass_takes_the_first_matching_line_with_wildcards_and_escapes() {
        let text = "# comment\n\
                    other.example.com:5432:logodesk:logodesk:wrong\n\
                    db.example.com:*:logodesk:logodesk:pa\\:ss\\\\word\n\
                    *:*:*:*:fallback\n";
        let got = |host, port| {
            pgpass_lookup(text, &[target(host, port)]).map(|s| s.expose_secret().to_owned())
        };
        assert_eq!(got("db.example.com", 6543).as_deref(), Some("pa:ss\\word"));
        assert_eq!(got("elsewhere", 5432).as_deref(), Some("fallback"));
        assert_eq!(
            pgpass_lookup("db:5432:logodesk:someone:x\n", &[target("db", 5432)]).map(|_| ()),
            None,
            "another role's line is not this one's"
        );
        assert_eq!(
            pgpass_lookup("a:b:c\n", &[target("a", 5432)]).map(|_| ()),
            None,
            "a line of fewer fields matches nothing"
        );
        assert_eq!(
            pgpass_lookup("db:5432:logodesk:logodesk:a:b\n", &[target("db", 5432)])
                .map(|s| s.expose_secret().to_owned())
                .as_deref(),
            Some("a"),
            "an unescaped colon ends the password, as in libpq"
        );
    }
}
