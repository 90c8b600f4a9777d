//! Whom a desk trusts for the team database's TLS when a CA file is chosen: the file's
//! certificates as authorities (a small CA that signed the server's certificate), and a
//! certificate of the file that *is* the server's own — the self-signed one `openssl req -x509`
//! makes — as it is: pinned, as SSH's known hosts pin a host key, its bytes compared whole.
//! Every refusal becomes a sentence that says what is wrong with the certificate
//! ([`refusal`]), never rustls's Debug text.

use rustls::client::WebPkiServerVerifier;
use rustls::client::danger::{HandshakeSignatureValid, ServerCertVerified, ServerCertVerifier};
use rustls::crypto::CryptoProvider;
use rustls::pki_types::{CertificateDer, ServerName, UnixTime};
use rustls::{CertificateError, DigitallySignedStruct, SignatureScheme};
use std::sync::Arc;

use super::TeamError;

/// The verifier of a CA file's certificates (see the module's text).
#[derive(Debug)]
pub struct PinnedOrAuthorities {
    pinned: Vec<CertificateDer<'static>>,
    /// `None` when no certificate of the file can be an authority.
    authorities: Option<Arc<WebPkiServerVerifier>>,
    provider: Arc<CryptoProvider>,
}

impl PinnedOrAuthorities {
    /// Trusts `certificates` (a CA file's, at least one) under `provider`'s algorithms.
    pub fn new(
        certificates: Vec<CertificateDer<'static>>,
        provider: Arc<CryptoProvider>,
    ) -> PinnedOrAuthorities {
        let mut roots = rustls::RootCertStore::empty();
        for cert in &certificates {
            // A certificate that cannot be an authority may still be pinned.
            if let Err(e) = roots.add(cert.clone()) {
                tracing::debug!(error = %e, "a certificate of the CA file is only pinned");
            }
        }
        let authorities = (!roots.is_empty())
            .then(|| {
                WebPkiServerVerifier::builder_with_provider(Arc::new(roots), provider.clone())
                    .build()
                    .ok()
            })
            .flatten();
        PinnedOrAuthorities {
            pinned: certificates,
            authorities,
            provider,
        }
    }
}

impl ServerCertVerifier for PinnedOrAuthorities {
    fn verify_server_cert(
        &self,
        end_entity: &CertificateDer<'_>,
        intermediates: &[CertificateDer<'_>],
        server_name: &ServerName<'_>,
        ocsp_response: &[u8],
        now: UnixTime,
    ) -> Result<ServerCertVerified, rustls::Error> {
        if self
            .pinned
            .iter()
            .any(|p| p.as_ref() == end_entity.as_ref())
        {
            // The very certificate the person chose: its key proves the server (the
            // handshake's signature is checked below), as a pinned host key does.
            return Ok(ServerCertVerified::assertion());
        }
        match &self.authorities {
            Some(authorities) => authorities.verify_server_cert(
                end_entity,
                intermediates,
                server_name,
                ocsp_response,
                now,
            ),
            None => Err(rustls::Error::InvalidCertificate(
                CertificateError::UnknownIssuer,
            )),
        }
    }

    fn verify_tls12_signature(
        &self,
        message: &[u8],
        cert: &CertificateDer<'_>,
        dss: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, rustls::Error> {
        rustls::crypto::verify_tls12_signature(
            message,
            cert,
            dss,
            &self.provider.signature_verification_algorithms,
        )
    }

    fn verify_tls13_signature(
        &self,
        message: &[u8],
        cert: &CertificateDer<'_>,
        dss: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, rustls::Error> {
        rustls::crypto::verify_tls13_signature(
            message,
            cert,
            dss,
            &self.provider.signature_verification_algorithms,
        )
    }

    fn supported_verify_schemes(&self) -> Vec<SignatureScheme> {
        self.provider
            .signature_verification_algorithms
            .supported_schemes()
    }
}

/// The sentence for a TLS failure with `host`: what is wrong with its certificate, and what
/// to do.
pub fn refusal(host: String, error: &rustls::Error) -> TeamError {
    let rustls::Error::InvalidCertificate(problem) = error else {
        return TeamError::Tls {
            host,
            reason: crate::tr!("team-tls-reason-handshake"),
        };
    };
    match problem {
        CertificateError::Expired | CertificateError::ExpiredContext { .. } => {
            TeamError::TlsExpired(host)
        }
        CertificateError::NotValidYet | CertificateError::NotValidYetContext { .. } => {
            TeamError::TlsNotYetValid(host)
        }
        CertificateError::NotValidForName | CertificateError::NotValidForNameContext { .. } => {
            TeamError::TlsWrongName(host)
        }
        CertificateError::Revoked => TeamError::TlsRevoked(host),
        CertificateError::Other(other) if other.to_string().contains("CaUsedAsEndEntity") => {
            TeamError::TlsCaAsServer(host)
        }
        CertificateError::UnknownIssuer => TeamError::TlsUntrusted {
            host,
            reason: crate::tr!("team-tls-reason-unknown-issuer"),
        },
        CertificateError::BadSignature
        | CertificateError::UnsupportedSignatureAlgorithmContext { .. }
        | CertificateError::UnsupportedSignatureAlgorithmForPublicKeyContext { .. } => {
            TeamError::TlsUntrusted {
                host,
                reason: crate::tr!("team-tls-reason-signature"),
            }
        }
        _ => TeamError::TlsUntrusted {
            host,
            reason: crate::tr!("team-tls-reason-other"),
        },
    }
}
