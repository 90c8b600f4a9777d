//! The club room's own TLS, for a shop without a reverse proxy: the shop's certificate chain
//! and private key as PEM files (what Let's Encrypt's clients and every CA hand out), read once
//! at the start; TLS 1.2 and 1.3 on the ring provider the rest of logodesk uses.

use rustls::pki_types::pem::PemObject as _;
use rustls::pki_types::{CertificateDer, PrivateKeyDer};
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// Why the room's certificate cannot be used: a sentence naming the file and what to do.
#[derive(Debug, thiserror::Error)]
pub enum TlsFilesError {
    #[error("{}", crate::tr!("club-tls-unreadable", path = path.display().to_string(), reason = crate::i18n::io_reason(source)))]
    Unreadable {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("{}", crate::tr!("club-tls-no-certificate", path = path.display().to_string()))]
    NoCertificate { path: PathBuf },
    #[error("{}", crate::tr!("club-tls-no-key", path = path.display().to_string()))]
    NoKey { path: PathBuf },
    /// The key does not belong to the certificate, or is of a kind rustls does not take.
    #[error("{}", crate::tr!("club-tls-refused", reason = .0.to_string()))]
    Refused(rustls::Error),
}

/// The acceptor of the room's connections with the certificate chain in `cert` (the server's
/// certificate first, then its intermediates) and the private key in `key`.
pub fn acceptor(cert: &Path, key: &Path) -> Result<tokio_rustls::TlsAcceptor, TlsFilesError> {
    let read = |path: &Path| {
        std::fs::read(path).map_err(|source| TlsFilesError::Unreadable {
            path: path.to_owned(),
            source,
        })
    };
    let chain: Vec<CertificateDer<'static>> = CertificateDer::pem_slice_iter(&read(cert)?)
        .filter_map(Result::ok)
        .collect();
    if chain.is_empty() {
        return Err(TlsFilesError::NoCertificate {
            path: cert.to_owned(),
        });
    }
    let key = PrivateKeyDer::from_pem_slice(&read(key)?).map_err(|_| TlsFilesError::NoKey {
        path: key.to_owned(),
    })?;
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let config = rustls::ServerConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .map_err(TlsFilesError::Refused)?
        .with_no_client_auth()
        .with_single_cert(chain, key)
        .map_err(TlsFilesError::Refused)?;
    Ok(tokio_rustls::TlsAcceptor::from(Arc::new(config)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn files_that_are_not_a_certificate_and_a_key_are_refused_with_a_sentence() {
        let dir = tempfile::tempdir().unwrap();
        let (cert, key) = (dir.path().join("cert.pem"), dir.path().join("key.pem"));
        let missing = acceptor(&cert, &key).err().unwrap();
        assert!(matches!(missing, TlsFilesError::Unreadable { .. }));
        assert!(missing.to_string().contains("cert.pem"), "{missing}");
        std::fs::write(&cert, "not a certificate").unwrap();
        std::fs::write(&key, "not a key").unwrap();
        assert!(matches!(
            acceptor(&cert, &key).err().unwrap(),
            TlsFilesError::NoCertificate { .. }
        ));
    }
}
