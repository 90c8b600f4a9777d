//! The client: configuration, authentication and the one place where requests are built, sent,
//! retried, checked and decoded.

use crate::api::error::{
    ApiError, ConfigProblem, ServerMessage, StatusError, Subject, drop_secret_prefix_tail,
    redact_bytes, redact_then_shorten,
};
use crate::api::offered::{Feature, Missing, NOT_OFFERED_RECHECK, NotOffered, says_not_offered};
use crate::api::retry::{RetryPolicy, parse_retry_after};
use bytes::Bytes;
use reqwest::Method;
use reqwest::header::{ACCEPT, AUTHORIZATION, CONTENT_TYPE, HeaderName, HeaderValue, RETRY_AFTER};
use secrecy::{ExposeSecret, SecretString};
use serde::Serialize;
use serde::de::DeserializeOwned;
use std::fmt;
use std::sync::Arc;
use std::time::{Duration, Instant, SystemTime};
use url::Url;

/// The vendor's API key. Its `Debug` prints `ApiKey(<redacted>)`; it is only exposed while the
/// authentication header is built, never logged and never part of an error.
#[derive(Clone)]
pub struct ApiKey(SecretString);

impl ApiKey {
    /// Wraps a key; surrounding whitespace (from pasting) is removed.
    pub fn new(key: impl Into<String>) -> Self {
        let key: String = key.into();
        ApiKey(SecretString::from(key.trim().to_owned()))
    }

    /// Whether the key is empty.
    pub fn is_empty(&self) -> bool {
        self.0.expose_secret().is_empty()
    }

    /// The key itself. Only for building the authentication header or storing it securely.
    pub fn expose(&self) -> &str {
        self.0.expose_secret()
    }
}

impl fmt::Debug for ApiKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("ApiKey(<redacted>)")
    }
}

/// Which key a request went with, as the team's outbox tells keys apart
/// ([`crate::store::orders`], "Organizations"): PBKDF2-HMAC-SHA256 of the key,
/// [`KeyPrint::ROUNDS`] rounds, 128 bits, in hex. Never the key, and of no use to send with;
/// two desks with the same key have the same print, two keys (of one organization or of two)
/// two prints. The rounds make checking a guessed key against a print slow.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct KeyPrint(String);

impl KeyPrint {
    /// PBKDF2 rounds of a print (about 30 ms once per client, when its outbox starts).
    pub const ROUNDS: u32 = 100_000;

    /// The print of `key` (takes the rounds' time: off the async workers).
    pub fn of(key: &ApiKey) -> KeyPrint {
        const SALT: &[u8] = b"logodesk key print 1";
        let mut out = [0u8; 16];
        let rounds = std::num::NonZeroU32::new(Self::ROUNDS).unwrap_or(std::num::NonZeroU32::MIN);
        ring::pbkdf2::derive(
            ring::pbkdf2::PBKDF2_HMAC_SHA256,
            rounds,
            SALT,
            key.expose().as_bytes(),
            &mut out,
        );
        KeyPrint(out.iter().map(|b| format!("{b:02x}")).collect())
    }

    /// The print as stored.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl From<String> for ApiKey {
    fn from(s: String) -> Self {
        ApiKey::new(s)
    }
}

impl From<&str> for ApiKey {
    fn from(s: &str) -> Self {
        ApiKey::new(s)
    }
}

impl From<SecretString> for ApiKey {
    fn from(s: SecretString) -> Self {
        ApiKey::new(s.expose_secret())
    }
}

/// Which header carries the key.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum AuthStyle {
    /// `Authorization: Bearer <key>` (the default).
    #[default]
    Bearer,
    /// `X-Api-Key: <key>`.
    XApiKey,
}

/// Time limits of a request.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Timeouts {
    /// Establishing the connection (default 5 s).
    pub connect: Duration,
    /// A whole ordinary request, from sending to the last byte of the answer (default 30 s).
    pub request: Duration,
    /// A whole logo upload (default 120 s).
    pub upload: Duration,
}

impl Default for Timeouts {
    fn default() -> Self {
        Timeouts {
            connect: Duration::from_secs(5),
            request: Duration::from_secs(30),
            upload: Duration::from_secs(120),
        }
    }
}

/// Everything a [`Client`] needs. Build with [`ClientConfig::new`] or [`ClientConfig::parse`]
/// and adjust with the `with_*` methods.
#[derive(Debug, Clone)]
pub struct ClientConfig {
    /// Base address; the spec's paths (`api/...`) are joined to it, so it may carry a path
    /// prefix such as `http://host/prefix/` (a missing trailing `/` is added).
    pub base_url: Url,
    /// The vendor's key.
    pub key: ApiKey,
    /// Which header carries the key.
    pub auth: AuthStyle,
    /// Time limits.
    pub timeouts: Timeouts,
    /// Retries of reads and of idempotency-keyed order placement.
    pub retry: RetryPolicy,
    /// Default interval of [`OrdersHandler::track`](crate::api::OrdersHandler::track) (5 s, as
    /// the spec recommends).
    pub poll_interval: Duration,
    /// `User-Agent` header.
    pub user_agent: String,
    /// The largest successful answer read, in bytes ([`DEFAULT_MAX_BODY_BYTES`], 32 MiB). A
    /// larger one (announced in `Content-Length` or found while streaming) is not read on:
    /// it becomes [`ApiError::TooLarge`]. Error answers are read up to
    /// [`MAX_ERROR_BODY_BYTES`] only, whatever this says.
    pub max_body_bytes: usize,
    /// How long a feature the service answered it does not offer is taken as missing before
    /// it is asked again ([`crate::api::offered`]); 10 minutes.
    pub not_offered_recheck: Duration,
    /// Certificate authorities trusted besides the system's (a company's own, or a test's).
    pub extra_roots: Vec<reqwest::Certificate>,
}

/// The default of [`ClientConfig::max_body_bytes`]: 32 MiB, room for the largest answer the
/// service sends (a logo with its 10 MiB picture in base64, about 14 MiB, and its preview).
pub const DEFAULT_MAX_BODY_BYTES: usize = 32 * 1024 * 1024;

/// How much of an error answer is read (the sentence shows 300 characters of it at most).
pub const MAX_ERROR_BODY_BYTES: usize = 64 * 1024;

/// Whether `url` names this computer: `localhost`, `127.0.0.0/8` or `::1`.
pub fn is_loopback(url: &Url) -> bool {
    match url.host() {
        Some(url::Host::Domain(d)) => d.eq_ignore_ascii_case("localhost"),
        Some(url::Host::Ipv4(ip)) => ip.is_loopback(),
        Some(url::Host::Ipv6(ip)) => ip.is_loopback(),
        None => false,
    }
}

impl ClientConfig {
    /// A configuration with the defaults: bearer authentication, 5 s / 30 s / 120 s time limits,
    /// 3 retries, 5 s polling, answers up to 32 MiB.
    pub fn new(base_url: Url, key: impl Into<ApiKey>) -> Self {
        ClientConfig {
            base_url,
            key: key.into(),
            auth: AuthStyle::default(),
            timeouts: Timeouts::default(),
            retry: RetryPolicy::default(),
            poll_interval: Duration::from_secs(5),
            user_agent: concat!("logodesk/", env!("CARGO_PKG_VERSION")).to_owned(),
            max_body_bytes: DEFAULT_MAX_BODY_BYTES,
            not_offered_recheck: NOT_OFFERED_RECHECK,
            extra_roots: Vec::new(),
        }
    }

    /// Like [`new`](Self::new), parsing the base address as a person typed it.
    pub fn parse(base_url: &str, key: impl Into<ApiKey>) -> Result<Self, ApiError> {
        let url = Url::parse(base_url.trim()).map_err(|e| {
            ApiError::config(ConfigProblem::AddressInvalid {
                address: base_url.trim().to_owned(),
                reason: e.to_string(),
            })
        })?;
        Ok(ClientConfig::new(url, key))
    }

    /// Sets the authentication style.
    pub fn with_auth(mut self, auth: AuthStyle) -> Self {
        self.auth = auth;
        self
    }

    /// Sets the time limits.
    pub fn with_timeouts(mut self, timeouts: Timeouts) -> Self {
        self.timeouts = timeouts;
        self
    }

    /// Sets the retry policy.
    pub fn with_retry(mut self, retry: RetryPolicy) -> Self {
        self.retry = retry;
        self
    }

    /// Sets the default order polling interval.
    pub fn with_poll_interval(mut self, interval: Duration) -> Self {
        self.poll_interval = interval;
        self
    }

    /// Sets the `User-Agent`.
    pub fn with_user_agent(mut self, user_agent: impl Into<String>) -> Self {
        self.user_agent = user_agent.into();
        self
    }

    /// Sets how long a feature the service does not offer is taken as missing.
    pub fn with_not_offered_recheck(mut self, recheck: Duration) -> Self {
        self.not_offered_recheck = recheck;
        self
    }

    /// Trusts a certificate authority besides the system's (DER), for a service whose
    /// certificate a company's own authority signed (and for tests).
    pub fn with_extra_root_der(mut self, der: &[u8]) -> Result<Self, ApiError> {
        let cert = reqwest::Certificate::from_der(der).map_err(|e| {
            ApiError::config(ConfigProblem::HttpClient {
                reason: e.to_string(),
            })
        })?;
        self.extra_roots.push(cert);
        Ok(self)
    }

    /// Sets the largest successful answer read (at least 1 KiB).
    pub fn with_max_body_bytes(mut self, bytes: usize) -> Self {
        self.max_body_bytes = bytes.max(1024);
        self
    }
}

/// The API client. Cheap to clone: clones share one connection pool.
#[derive(Clone)]
pub struct Client {
    inner: Arc<Inner>,
}

struct Inner {
    http: reqwest::Client,
    base_url: Url,
    key: ApiKey,
    auth: AuthStyle,
    auth_header: (HeaderName, HeaderValue),
    timeouts: Timeouts,
    retry: RetryPolicy,
    poll_interval: Duration,
    max_body_bytes: usize,
    /// Features the service answered it does not offer, and when.
    missing: Missing,
    /// The `host:port` of the proxy requests go through, when the environment names one (for
    /// the sentence of a proxy that refuses or asks for credentials).
    proxy: Option<String>,
    /// The key's print, made on first use.
    print: std::sync::OnceLock<KeyPrint>,
}

impl fmt::Debug for Client {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Client")
            .field("base_url", &self.inner.base_url.as_str())
            .field("auth", &self.inner.auth)
            .field("timeouts", &self.inner.timeouts)
            .field("retry", &self.inner.retry)
            .finish_non_exhaustive()
    }
}

/// rustls needs one process-wide crypto provider before a TLS client is built; logodesk uses
/// `ring`. Installing is idempotent: when one is already in place (ours, or an embedding
/// program's) it stays.
pub(crate) fn install_tls_provider() {
    if rustls::crypto::CryptoProvider::get_default().is_none() {
        // Err only means another thread installed one first, which is as good.
        let _ = rustls::crypto::ring::default_provider().install_default();
    }
}

/// Checks and normalises a base address: `https://` (or `http://` for this computer only, so
/// the key never travels unencrypted, whatever a database row says), a host, no user name, no
/// query or fragment, a trailing `/`.
fn normalise_base_url(mut url: Url) -> Result<Url, ApiError> {
    let shown = url.as_str().to_owned();
    if !matches!(url.scheme(), "http" | "https") || url.host_str().is_none_or(str::is_empty) {
        return Err(ApiError::config(ConfigProblem::AddressNotWeb {
            address: shown,
        }));
    }
    if url.scheme() == "http" && !is_loopback(&url) {
        return Err(ApiError::config(ConfigProblem::AddressUnencrypted {
            address: shown,
        }));
    }
    if !url.username().is_empty() || url.password().is_some() {
        return Err(ApiError::config(ConfigProblem::AddressHasUser));
    }
    url.set_query(None);
    url.set_fragment(None);
    if !url.path().ends_with('/') {
        let path = format!("{}/", url.path());
        url.set_path(&path);
    }
    Ok(url)
}

impl Client {
    /// Builds a client. Fails with [`ApiError::Config`] for an unusable base address or a key
    /// that cannot be sent in a header.
    pub fn new(config: ClientConfig) -> Result<Self, ApiError> {
        let base_url = normalise_base_url(config.base_url)?;
        if config.key.is_empty() {
            return Err(ApiError::config(ConfigProblem::NoKey));
        }
        let auth_header = {
            let (name, value) = match config.auth {
                AuthStyle::Bearer => (AUTHORIZATION, format!("Bearer {}", config.key.expose())),
                AuthStyle::XApiKey => (
                    HeaderName::from_static("x-api-key"),
                    config.key.expose().to_owned(),
                ),
            };
            let mut value = HeaderValue::from_str(&value)
                .map_err(|_| ApiError::config(ConfigProblem::KeyUnsendable))?;
            value.set_sensitive(true);
            (name, value)
        };
        install_tls_provider();
        let mut http = reqwest::Client::builder()
            .connect_timeout(config.timeouts.connect)
            .user_agent(config.user_agent)
            .redirect(same_host_redirects());
        // Any other host goes through the system's proxy (HTTPS_PROXY, ALL_PROXY, NO_PROXY,
        // or the platform's settings), as reqwest reads them.
        let proxy = if is_loopback(&base_url) {
            // A system proxy (HTTP_PROXY, ALL_PROXY, …) must not carry requests for this
            // computer, and with them the key, to another one.
            http = http.no_proxy();
            None
        } else {
            crate::api::intermediary::env_proxy_for(&base_url)
        };
        for root in &config.extra_roots {
            http = http.tls_certs_merge([root.clone()]);
        }
        let http = http.build().map_err(|e| {
            ApiError::config(ConfigProblem::HttpClient {
                reason: e.to_string(),
            })
        })?;
        Ok(Client {
            inner: Arc::new(Inner {
                http,
                base_url,
                key: config.key,
                auth: config.auth,
                auth_header,
                timeouts: config.timeouts,
                retry: config.retry,
                poll_interval: config.poll_interval,
                max_body_bytes: config.max_body_bytes,
                missing: Missing::new(config.not_offered_recheck),
                proxy,
                print: std::sync::OnceLock::new(),
            }),
        })
    }

    /// The print of this client's key ([`KeyPrint`]), made on the first call (which takes
    /// the rounds' time: call it off the async workers).
    pub fn key_print(&self) -> KeyPrint {
        self.inner
            .print
            .get_or_init(|| KeyPrint::of(&self.inner.key))
            .clone()
    }

    /// The normalised base address (always ends with `/`).
    pub fn base_url(&self) -> &Url {
        &self.inner.base_url
    }

    /// The retry policy in force.
    pub fn retry_policy(&self) -> RetryPolicy {
        self.inner.retry
    }

    /// The default interval of order tracking.
    pub fn poll_interval(&self) -> Duration {
        self.inner.poll_interval
    }

    /// The time limits in force.
    pub fn timeouts(&self) -> Timeouts {
        self.inner.timeouts
    }

    /// The largest successful answer read, in bytes.
    pub fn max_body_bytes(&self) -> usize {
        self.inner.max_body_bytes
    }

    /// `GET /api/health/ping`: the service's health check; answers its plain text.
    pub async fn ping(&self) -> Result<String, ApiError> {
        let call = Call::get("api/health/ping")
            .accept("text/plain, */*;q=0.5")
            .subject(Subject::HealthCheck)
            .feature(crate::api::Feature::HealthCheck);
        let bytes = self.send(call).await?;
        Ok(String::from_utf8_lossy(&bytes).trim().to_owned())
    }

    /// The full URL of a relative path with a query.
    pub(crate) fn url_for(&self, path: &str, query: &[(String, String)]) -> Result<Url, ApiError> {
        let mut url = self.inner.base_url.join(path).map_err(|e| {
            ApiError::config(ConfigProblem::Path {
                path: path.to_owned(),
                reason: e.to_string(),
            })
        })?;
        if !query.is_empty() {
            url.query_pairs_mut().extend_pairs(query);
        }
        Ok(url)
    }

    /// Sends a call and decodes its JSON answer, naming the JSON path of any mismatch.
    pub(crate) async fn json<T: DeserializeOwned>(&self, call: Call) -> Result<T, ApiError> {
        let endpoint = format!("{} /{}", call.method, call.path);
        let bytes = self.send(call).await?;
        decode_redacted(&endpoint, &bytes, self.inner.key.expose())
    }

    /// The one place where requests are built, sent, retried and checked. Answers the body of a
    /// 2xx answer; any other status becomes [`ApiError::Status`].
    pub(crate) async fn send(&self, mut call: Call) -> Result<Bytes, ApiError> {
        let url = self.url_for(&call.path, &call.query)?;
        let shown_url = {
            let mut u = url.clone();
            u.set_query(None);
            u.to_string()
        };
        let endpoint = format!("{} {}", call.method, url.path());
        if let Some(known) = call.feature.and_then(|f| self.inner.missing.known(f)) {
            tracing::debug!(%endpoint, feature = known.feature.name(), "not offered (remembered)");
            return Err(ApiError::NotOffered(known));
        }
        let mut retries = 0u32;
        loop {
            let request = self.build(&mut call, &url)?;
            let started = Instant::now();
            let outcome = match request.send().await {
                Ok(response) => self.read(response, &call, &endpoint, &shown_url).await,
                Err(e) => Err(self.transport_error(e.without_url(), &shown_url)),
            };
            let err = match outcome {
                Ok(body) => {
                    if let Some(feature) = call.feature {
                        self.inner.missing.forget(feature);
                    }
                    tracing::debug!(
                        %endpoint,
                        elapsed_ms = started.elapsed().as_millis() as u64,
                        "request succeeded"
                    );
                    return Ok(body);
                }
                Err(err) => err,
            };
            let delay = match call.retry {
                Retry::Safe => self.inner.retry.next_delay(retries, &err),
                Retry::Never => None,
            };
            let Some(delay) = delay else {
                tracing::debug!(%endpoint, error = %err, "request failed");
                return Err(err);
            };
            retries += 1;
            tracing::warn!(
                %endpoint,
                retry = retries,
                of = self.inner.retry.max_retries,
                delay_ms = delay.as_millis() as u64,
                status = err.status().map(|s| s.as_u16()),
                error = %err,
                "request failed; retrying"
            );
            tokio::time::sleep(delay).await;
        }
    }

    /// Builds one attempt of a call (a `reqwest::Request` cannot be cloned, so each attempt
    /// is built anew from the call; JSON bodies are the same bytes every time).
    fn build(&self, call: &mut Call, url: &Url) -> Result<reqwest::RequestBuilder, ApiError> {
        let (name, value) = &self.inner.auth_header;
        let mut rb = self
            .inner
            .http
            .request(call.method.clone(), url.clone())
            .timeout(call.timeout.unwrap_or(self.inner.timeouts.request))
            .header(ACCEPT, call.accept)
            .header(name.clone(), value.clone());
        if let Some(key) = &call.idempotency_key {
            let value = HeaderValue::from_str(key)
                .map_err(|_| ApiError::config(ConfigProblem::IdempotencyKeyUnsendable))?;
            rb = rb.header("Idempotency-Key", value);
        }
        rb = match &mut call.payload {
            Payload::Empty => rb,
            Payload::Json(bytes) => rb
                .header(CONTENT_TYPE, "application/json")
                .body(bytes.clone()),
            Payload::Multipart(form) => match form.take() {
                Some(form) => rb.multipart(form),
                None => {
                    return Err(ApiError::config(ConfigProblem::UploadSentTwice));
                }
            },
        };
        Ok(rb)
    }

    /// Reads an answer: the body on 2xx, otherwise a [`StatusError`] with the parsed body.
    async fn read(
        &self,
        response: reqwest::Response,
        call: &Call,
        endpoint: &str,
        shown_url: &str,
    ) -> Result<Bytes, ApiError> {
        let status = response.status();
        let retry_after = response
            .headers()
            .get(RETRY_AFTER)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| parse_retry_after(v, SystemTime::now()));
        let key = self.inner.key.expose();
        let headers = response.headers().clone();
        let called = response.url().clone();
        let intermediary = |body: &[u8]| {
            crate::api::intermediary::classify_answer(
                status,
                &headers,
                body,
                &called,
                self.inner.proxy.as_deref(),
            )
            .map(|kind| {
                // Never the page itself: a captive portal's HTML says nothing to a person.
                tracing::info!(%endpoint, status = status.as_u16(), ?kind, "something in between answered instead of the service");
                ApiError::Intermediary {
                    kind,
                    url: shown_url.to_owned(),
                    source: None,
                }
            })
        };
        if status.is_success() {
            if crate::api::intermediary::is_html(&headers, b"") {
                return Err(
                    intermediary(b"").unwrap_or_else(|| unreachable_page(status, shown_url))
                );
            }
            let body = self.read_body(response, endpoint, shown_url).await?;
            if crate::api::intermediary::opens_as_html(&body) {
                return Err(
                    intermediary(&body).unwrap_or_else(|| unreachable_page(status, shown_url))
                );
            }
            return Ok(body);
        }
        let mut body: Vec<u8> = read_limited(response, MAX_ERROR_BODY_BYTES, shown_url)
            .await?
            .unwrap_or_else(|partial| {
                // Cut off: what is read suffices for a sentence; a key cut in half at the
                // end must not survive as a fragment.
                let mut partial = partial;
                drop_secret_prefix_tail(&mut partial, key);
                partial
            });
        body = redact_vec(body, key);
        if let Some(feature) = call.feature
            && says_not_offered(status, &body)
        {
            let answer = NotOffered {
                feature,
                endpoint: endpoint.to_owned(),
                status,
            };
            tracing::info!(%endpoint, %status, feature = feature.name(), "the service does not offer this endpoint");
            self.inner.missing.remember(&answer);
            return Err(ApiError::NotOffered(answer));
        }
        if let Some(err) = intermediary(&body) {
            return Err(err);
        }
        let server = ServerMessage::parse_redacted(&body, key);
        Err(ApiError::Status(Box::new(StatusError {
            status,
            endpoint: endpoint.to_owned(),
            subject: call.subject.clone(),
            server,
            retry_after,
        })))
    }
}

/// A web page where the service answers data ([`IntermediaryKind::Page`](crate::api::intermediary::IntermediaryKind::Page)).
fn unreachable_page(status: reqwest::StatusCode, shown_url: &str) -> ApiError {
    ApiError::Intermediary {
        kind: crate::api::intermediary::IntermediaryKind::Page {
            status: Some(status),
        },
        url: shown_url.to_owned(),
        source: None,
    }
}

impl Client {
    /// A transport error: something in between (a certificate the client does not trust, a
    /// proxy refusing the tunnel or asking for credentials) when its causes say so, else
    /// [`ApiError::Network`].
    fn transport_error(&self, e: reqwest::Error, shown_url: &str) -> ApiError {
        match crate::api::intermediary::classify_transport(&e, self.inner.proxy.as_deref()) {
            Some(kind) => {
                tracing::info!(url = %shown_url, ?kind, error = %e, "something in between stood in the way of the service");
                ApiError::Intermediary {
                    kind,
                    url: shown_url.to_owned(),
                    source: Some(e),
                }
            }
            None => ApiError::network(e, shown_url.to_owned()),
        }
    }

    /// Reads a successful answer up to [`ClientConfig::max_body_bytes`]: refused at once when
    /// `Content-Length` announces more, otherwise streamed and stopped at the limit.
    async fn read_body(
        &self,
        response: reqwest::Response,
        endpoint: &str,
        shown_url: &str,
    ) -> Result<Bytes, ApiError> {
        let limit = self.inner.max_body_bytes;
        let too_large = |announced| ApiError::TooLarge {
            endpoint: endpoint.to_owned(),
            limit,
            announced,
        };
        if let Some(announced) = response.content_length()
            && announced > limit as u64
        {
            tracing::warn!(%endpoint, announced, limit, "answer too large; not read");
            return Err(too_large(Some(announced)));
        }
        match read_limited(response, limit, shown_url).await? {
            // The key is taken out of the answer before anything reads it, so no model field
            // and no decode error can quote it.
            Ok(body) => Ok(Bytes::from(redact_vec(body, self.inner.key.expose()))),
            Err(_) => {
                tracing::warn!(%endpoint, limit, "answer too large; stopped reading");
                Err(too_large(None))
            }
        }
    }
}

/// `body` with every occurrence of `secret` replaced (see [`redact_bytes`]).
fn redact_vec(body: Vec<u8>, secret: &str) -> Vec<u8> {
    let redacted = match redact_bytes(&body, secret) {
        std::borrow::Cow::Owned(redacted) => Some(redacted),
        std::borrow::Cow::Borrowed(_) => None,
    };
    redacted.unwrap_or(body)
}

/// Reads a body chunk by chunk, never holding more than `limit` bytes: `Ok(Ok(body))` when it
/// ended within the limit, `Ok(Err(first limit bytes))` when it went on (the rest is not read;
/// the connection is dropped with the response).
async fn read_limited(
    mut response: reqwest::Response,
    limit: usize,
    shown_url: &str,
) -> Result<Result<Vec<u8>, Vec<u8>>, ApiError> {
    let hint = response
        .content_length()
        .map_or(0, |n| n.min(limit as u64) as usize);
    let mut body = Vec::with_capacity(hint.min(1024 * 1024));
    loop {
        let chunk = response
            .chunk()
            .await
            .map_err(|e| ApiError::network(e.without_url(), shown_url.to_owned()))?;
        let Some(chunk) = chunk else {
            return Ok(Ok(body));
        };
        let room = limit - body.len();
        if chunk.len() > room {
            body.extend_from_slice(&chunk[..room]);
            return Ok(Err(body));
        }
        body.extend_from_slice(&chunk);
    }
}

/// Follows at most 5 redirects and only to the same host without leaving https, so the key
/// (which `X-Api-Key` would carry along) never reaches another host.
fn same_host_redirects() -> reqwest::redirect::Policy {
    reqwest::redirect::Policy::custom(|attempt| {
        let Some(first) = attempt.previous().first() else {
            return attempt.follow();
        };
        let same_host = first.host_str() == attempt.url().host_str();
        let downgrade = first.scheme() == "https" && attempt.url().scheme() != "https";
        if attempt.previous().len() > 5 || !same_host || downgrade {
            attempt.stop()
        } else {
            attempt.follow()
        }
    })
}

/// Decodes JSON, naming the path of the first mismatch.
#[cfg(test)]
pub(crate) fn decode<T: DeserializeOwned>(endpoint: &str, bytes: &[u8]) -> Result<T, ApiError> {
    decode_redacted(endpoint, bytes, "")
}

/// Decodes JSON, naming the path of the first mismatch; an impossible value (see
/// [`de::IMPLAUSIBLE`](crate::api::de::IMPLAUSIBLE)) becomes [`ApiError::Implausible`]. Quoted
/// server text has `secret` taken out first, then is shortened.
pub(crate) fn decode_redacted<T: DeserializeOwned>(
    endpoint: &str,
    bytes: &[u8],
    secret: &str,
) -> Result<T, ApiError> {
    let mut de = serde_json::Deserializer::from_slice(bytes);
    serde_path_to_error::deserialize(&mut de).map_err(|e| {
        let path = redact_then_shorten(&e.path().to_string(), secret);
        let message = e.into_inner().to_string();
        match message.strip_prefix(crate::api::de::IMPLAUSIBLE) {
            Some(rest) => ApiError::Implausible {
                endpoint: endpoint.to_owned(),
                path,
                message: redact_then_shorten(rest, secret),
            },
            None => ApiError::Decode {
                endpoint: endpoint.to_owned(),
                path,
                message: redact_then_shorten(&message, secret),
            },
        }
    })
}

/// Whether a call may be repeated automatically.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Retry {
    /// Reads and idempotency-keyed placement.
    Safe,
    /// Every other change.
    Never,
}

pub(crate) enum Payload {
    Empty,
    Json(Bytes),
    Multipart(Option<reqwest::multipart::Form>),
}

/// One request as the handlers describe it.
pub(crate) struct Call {
    method: Method,
    path: String,
    query: Vec<(String, String)>,
    payload: Payload,
    idempotency_key: Option<String>,
    retry: Retry,
    timeout: Option<Duration>,
    subject: Option<Subject>,
    /// The feature whose endpoint this is, when a service may lack it.
    feature: Option<Feature>,
    accept: &'static str,
}

impl Call {
    fn new(method: Method, path: impl Into<String>, retry: Retry) -> Self {
        Call {
            method,
            path: path.into(),
            query: Vec::new(),
            payload: Payload::Empty,
            idempotency_key: None,
            retry,
            timeout: None,
            subject: None,
            feature: None,
            accept: "application/json",
        }
    }

    /// A read: retried on retryable errors.
    pub(crate) fn get(path: impl Into<String>) -> Self {
        Call::new(Method::GET, path, Retry::Safe)
    }

    /// A change: never retried unless an idempotency key is given.
    pub(crate) fn post(path: impl Into<String>) -> Self {
        Call::new(Method::POST, path, Retry::Never)
    }

    /// A change: never retried.
    pub(crate) fn put(path: impl Into<String>) -> Self {
        Call::new(Method::PUT, path, Retry::Never)
    }

    /// Serialises `body` once; every attempt sends these same bytes.
    pub(crate) fn json<B: Serialize + ?Sized>(mut self, body: &B) -> Result<Self, ApiError> {
        let bytes = serde_json::to_vec(body).map_err(|e| {
            ApiError::config(ConfigProblem::Body {
                reason: e.to_string(),
            })
        })?;
        self.payload = Payload::Json(Bytes::from(bytes));
        Ok(self)
    }

    /// A JSON body already serialised (kept byte for byte, e.g. from an outbox).
    pub(crate) fn json_bytes(mut self, bytes: Bytes) -> Self {
        self.payload = Payload::Json(bytes);
        self
    }

    /// A multipart body; such a call is never retried.
    pub(crate) fn multipart(mut self, form: reqwest::multipart::Form) -> Self {
        self.payload = Payload::Multipart(Some(form));
        self.retry = Retry::Never;
        self
    }

    /// Query parameters from a serialisable struct (`None` fields are left out).
    pub(crate) fn query<Q: Serialize + ?Sized>(mut self, query: &Q) -> Result<Self, ApiError> {
        self.query = to_query_pairs(query)?;
        Ok(self)
    }

    /// Sends an `Idempotency-Key` header, which makes the call safe to retry with the same body.
    pub(crate) fn idempotency_key(mut self, key: &str) -> Self {
        self.idempotency_key = Some(key.to_owned());
        if !matches!(self.payload, Payload::Multipart(_)) {
            self.retry = Retry::Safe;
        }
        self
    }

    /// One attempt only, even with an idempotency key: the caller retries (and needs to know
    /// what each attempt did, like the outbox).
    pub(crate) fn once(mut self) -> Self {
        self.retry = Retry::Never;
        self
    }

    /// What the call is about, for "… was not found" sentences (e.g. `Logo 42`).
    pub(crate) fn subject(mut self, subject: Subject) -> Self {
        self.subject = Some(subject);
        self
    }

    /// The endpoint of a feature a service may lack: a 405, a 501 or a bare 404 is
    /// [`ApiError::NotOffered`], remembered for a while.
    pub(crate) fn feature(mut self, feature: Feature) -> Self {
        self.feature = Some(feature);
        self
    }

    /// A time limit other than the ordinary request limit.
    pub(crate) fn timeout(mut self, timeout: Duration) -> Self {
        self.timeout = Some(timeout);
        self
    }

    fn accept(mut self, accept: &'static str) -> Self {
        self.accept = accept;
        self
    }
}

/// Flattens a serialisable struct into query pairs: `None`/`null` left out, scalars as text,
/// arrays as repeated keys; keys in alphabetical order.
pub(crate) fn to_query_pairs<Q: Serialize + ?Sized>(
    query: &Q,
) -> Result<Vec<(String, String)>, ApiError> {
    use serde_json::Value;
    let bad = || ApiError::config(ConfigProblem::Query);
    let value = serde_json::to_value(query).map_err(|_| bad())?;
    let Value::Object(map) = value else {
        return Err(bad());
    };
    let scalar = |v: &Value| -> Result<Option<String>, ApiError> {
        match v {
            Value::Null => Ok(None),
            Value::String(s) => Ok(Some(s.clone())),
            Value::Number(n) => Ok(Some(n.to_string())),
            Value::Bool(b) => Ok(Some(b.to_string())),
            _ => Err(bad()),
        }
    };
    let mut pairs = Vec::new();
    for (k, v) in &map {
        match v {
            Value::Array(items) => {
                for item in items {
                    if let Some(s) = scalar(item)? {
                        pairs.push((k.clone(), s));
                    }
                }
            }
            other => {
                if let Some(s) = scalar(other)? {
                    pairs.push((k.clone(), s));
                }
            }
        }
    }
    Ok(pairs)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_print_tells_keys_apart_and_holds_no_key() {
        let vendor = KeyPrint::of(&ApiKey::new("sk-vendor-0123456789"));
        assert_eq!(
            vendor,
            KeyPrint::of(&ApiKey::new(" sk-vendor-0123456789\n")),
            "the same key, pasted with spaces"
        );
        assert_ne!(vendor, KeyPrint::of(&ApiKey::new("sk-child-0123456789")));
        assert_eq!(vendor.as_str().len(), 32, "128 bits in hex");
        assert!(vendor.as_str().bytes().all(|b| b.is_ascii_hexdigit()));
        assert!(!vendor.as_str().contains("vendor"));
        let client = Client::new(
            ClientConfig::parse("https://api.example.com", "sk-vendor-0123456789").unwrap(),
        )
        .unwrap();
        assert_eq!(client.key_print(), vendor);
    }

    #[test]
    fn api_key_debug_redacts() {
        let key = ApiKey::new("  sk-very-secret \n");
        assert_eq!(format!("{key:?}"), "ApiKey(<redacted>)");
        assert_eq!(key.expose(), "sk-very-secret");
        let cfg = ClientConfig::parse("http://localhost:8080", "sk-very-secret").unwrap();
        let dbg = format!("{cfg:?}");
        assert!(!dbg.contains("sk-very-secret"), "{dbg}");
        let client = Client::new(cfg).unwrap();
        let dbg = format!("{client:?}");
        assert!(!dbg.contains("sk-very-secret"), "{dbg}");
    }

    #[test]
    fn base_url_is_normalised_and_paths_join_under_a_prefix() {
        let c = Client::new(ClientConfig::parse("https://host:9/prefix", "k").unwrap()).unwrap();
        assert_eq!(c.base_url().as_str(), "https://host:9/prefix/");
        assert_eq!(
            c.url_for("api/logo/5", &[]).unwrap().as_str(),
            "https://host:9/prefix/api/logo/5"
        );
        let c = Client::new(ClientConfig::parse("https://host/", "k").unwrap()).unwrap();
        let url = c
            .url_for(
                "api/logos",
                &[("search".into(), "Blå & grøn 100%/x?".into())],
            )
            .unwrap();
        assert_eq!(
            url.as_str(),
            "https://host/api/logos?search=Bl%C3%A5+%26+gr%C3%B8n+100%25%2Fx%3F"
        );
        assert_eq!(url.query_pairs().next().unwrap().1, "Blå & grøn 100%/x?");
    }

    #[test]
    fn bad_configuration_is_reported() {
        for bad in ["not a url", "ftp://host/", "mailto:a@b.c"] {
            let err = ClientConfig::parse(bad, "k")
                .and_then(Client::new)
                .unwrap_err();
            assert!(matches!(err, ApiError::Config(_)), "{bad}: {err:?}");
            assert!(err.to_string().starts_with("The service address"), "{err}");
        }
        let err = Client::new(ClientConfig::parse("https://h/", "  ").unwrap()).unwrap_err();
        assert!(err.to_string().contains("No API key"));
        let err = Client::new(ClientConfig::parse("https://h/", "a\u{7}b").unwrap()).unwrap_err();
        assert!(err.to_string().contains("cannot be sent"));
        assert!(!err.to_string().contains("a\u{7}b"));
    }

    #[test]
    fn plain_http_is_refused_except_for_this_computer() {
        // Every client is built through here, also from an address read from the database.
        for remote in [
            "http://api.example.com/",
            "http://10.0.0.7:8787/",
            "http://[2001:db8::1]/",
        ] {
            let err = Client::new(ClientConfig::parse(remote, "k").unwrap()).unwrap_err();
            assert!(matches!(err, ApiError::Config(_)), "{remote}: {err:?}");
            let text = err.to_string();
            assert!(text.contains("use https://"), "{text}");
            assert!(text.ends_with('.'), "{text}");
        }
        for fine in [
            "https://api.example.com/",
            "http://127.0.0.1:8787/",
            "http://127.8.9.10/",
            "http://localhost:8787/",
            "http://[::1]:8787/",
        ] {
            let client = Client::new(ClientConfig::parse(fine, "k").unwrap());
            assert!(client.is_ok(), "{fine}: {client:?}");
        }
        let url = Url::parse("http://LOCALHOST:1/").unwrap();
        assert!(is_loopback(&url));
        assert!(!is_loopback(
            &Url::parse("http://localhost.example.com/").unwrap()
        ));
    }

    #[test]
    fn decode_quotes_server_values_redacted_then_shortened() {
        let key = "sk-0123456789abcdefghijklmnopqrstuvwxyz";
        #[derive(Debug, serde::Deserialize)]
        struct Sized {
            #[allow(dead_code)]
            #[serde(deserialize_with = "crate::api::de::lenient_f64")]
            width: f64,
        }
        // The key spelled with JSON escapes, so only the decoded text holds it, after 250
        // characters: a cut at 300 before redacting would leave its first part.
        let escaped: String = key
            .chars()
            .map(|c| format!("\\u{:04x}", c as u32))
            .collect();
        let body = format!(r#"{{"width": "{} {escaped}"}}"#, "x".repeat(250));
        let err = decode_redacted::<Sized>("GET /api/x", body.as_bytes(), key).unwrap_err();
        let text = format!("{err} {err:?}");
        assert!(!text.contains(&key[..6]), "{text}");
        let ApiError::Decode { message, .. } = &err else {
            panic!("{err:?}");
        };
        assert!(
            message.chars().count() <= crate::api::error::MAX_TEXT + 1,
            "{message}"
        );
    }

    #[test]
    fn decode_names_the_json_path() {
        #[derive(Debug, serde::Deserialize)]
        struct Inner {
            #[allow(dead_code)]
            red: u8,
        }
        #[derive(Debug, serde::Deserialize)]
        struct Outer {
            #[allow(dead_code)]
            colors: Vec<Inner>,
        }
        let err =
            decode::<Outer>("GET /api/x", br#"{"colors":[{"red":1},{"red":"x"}]}"#).unwrap_err();
        match &err {
            ApiError::Decode { path, message, .. } => {
                assert_eq!(path, "colors[1].red");
                assert!(message.contains("expected u8"), "{message}");
            }
            other => panic!("{other:?}"),
        }
        let err = decode::<Outer>("GET /api/x", b"<html>").unwrap_err();
        assert!(matches!(err, ApiError::Decode { .. }));
    }
}
