//! A club's link: 256 random bits, written in the link as 43 characters of base64url; only
//! their SHA-256 is kept ([`TokenHash`]), so the team database, a backup of it or a log
//! line never holds a link that opens a page.

use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use secrecy::{ExposeSecret as _, SecretString};
use sha2::{Digest as _, Sha256};
use std::fmt;

/// How many random bytes a link carries.
const TOKEN_BYTES: usize = 32;

/// The secret part of a club's link (never logged: its `Debug` prints nothing of it).
pub struct ClubToken(SecretString);

impl ClubToken {
    /// A new link's secret, from the operating system's random source; `None` if it could not
    /// be read (nothing is made of a weak one).
    pub fn generate() -> Option<ClubToken> {
        use ring::rand::SecureRandom as _;
        let mut bytes = [0u8; TOKEN_BYTES];
        ring::rand::SystemRandom::new().fill(&mut bytes).ok()?;
        Some(ClubToken(URL_SAFE_NO_PAD.encode(bytes).into()))
    }

    /// The token as it appears in a link the club opened, if it is one's shape (43
    /// characters of base64url): anything else is never looked up.
    pub fn parse(text: &str) -> Option<ClubToken> {
        let decoded = URL_SAFE_NO_PAD.decode(text).ok()?;
        (decoded.len() == TOKEN_BYTES && text.len() == 43).then(|| ClubToken(text.into()))
    }

    /// What the team database keeps of it.
    pub fn hash(&self) -> TokenHash {
        TokenHash(hex(&Sha256::digest(self.0.expose_secret().as_bytes())))
    }

    /// The link to the club's page at `public_url` (the room's address as the club reaches it).
    pub fn link(&self, public_url: &str) -> SecretString {
        format!(
            "{}/c/{}",
            public_url.trim().trim_end_matches('/'),
            self.0.expose_secret()
        )
        .into()
    }

    /// The token's text (the path segment of the link).
    pub fn expose(&self) -> &str {
        self.0.expose_secret()
    }
}

impl fmt::Debug for ClubToken {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("ClubToken(…)")
    }
}

/// The SHA-256 of a link's secret, in hex: how the team database finds a request.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct TokenHash(pub String);

/// Lower-case hex of `bytes`.
pub fn hex(bytes: &[u8]) -> String {
    use fmt::Write as _;
    bytes.iter().fold(String::new(), |mut s, b| {
        let _ = write!(s, "{b:02x}");
        s
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_token_is_random_parses_back_and_is_kept_only_as_its_hash() {
        let a = ClubToken::generate().unwrap();
        let b = ClubToken::generate().unwrap();
        assert_ne!(a.expose(), b.expose());
        assert_eq!(a.expose().len(), 43);
        let again = ClubToken::parse(a.expose()).unwrap();
        assert_eq!(again.hash(), a.hash());
        assert_eq!(a.hash().0.len(), 64);
        assert!(!a.hash().0.contains(a.expose()));
        assert_eq!(format!("{a:?}"), "ClubToken(…)");
        assert_eq!(
            a.link("https://klub.example.dk/ ").expose_secret(),
            format!("https://klub.example.dk/c/{}", a.expose())
        );
    }

    #[test]
    fn only_a_tokens_shape_is_looked_up() {
        for text in [
            "",
            "abc",
            "../../etc/passwd",
            &"A".repeat(44),
            &"+".repeat(43),
        ] {
            assert!(ClubToken::parse(text).is_none(), "{text}");
        }
        assert!(ClubToken::parse(&"A".repeat(43)).is_some());
    }
}
