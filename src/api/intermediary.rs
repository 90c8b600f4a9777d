//! Telling apart an answer of the service from one of something in between: a proxy or gateway
//! answering an error page, a captive portal's or a block page's HTML, a redirect to another
//! host, a proxy that refuses the tunnel or asks for credentials, a TLS certificate the client
//! does not trust (a network that inspects traffic). Each becomes
//! [`ApiError::Intermediary`](crate::api::ApiError::Intermediary), a sentence of its own that
//! never quotes the page, and counts as "service unreachable"
//! ([`ApiError::is_unreachable`](crate::api::ApiError::is_unreachable)).

use reqwest::StatusCode;
use reqwest::header::{CONTENT_TYPE, HeaderMap, LOCATION};
use url::Url;

use crate::api::message::Message;

/// What stood between the client and the service ([`ApiError::Intermediary`](crate::api::ApiError::Intermediary)).
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum IntermediaryKind {
    /// A proxy or gateway answered 502, 503 or 504 with a page of its own (HTML, or marked
    /// with `Via`/`Proxy-*` headers), not the service's JSON.
    Gateway {
        /// The status it answered.
        status: StatusCode,
    },
    /// A web page answered where the service answers JSON or text: a captive portal's login
    /// page, a company proxy's block page (also one answered in plain HTTP where the TLS
    /// handshake of the service was expected).
    Page {
        /// The status it answered with (usually 200), when it was read.
        status: Option<StatusCode>,
    },
    /// A redirect to another host (a captive portal sending the browser to its login page).
    Redirect {
        /// The host it redirected to.
        host: String,
    },
    /// The TLS certificate is not one the client trusts for the service's address.
    Certificate,
    /// The proxy asks for a user name and password (407).
    ProxyAuth {
        /// The proxy's `host:port`, when known.
        proxy: Option<String>,
    },
    /// The proxy would not open a connection to the service (its `CONNECT` was answered with
    /// something other than 200).
    ProxyRefused {
        /// The proxy's `host:port`, when known.
        proxy: Option<String>,
    },
}

impl IntermediaryKind {
    /// What to tell a person; `url` is the address that was called.
    pub fn message(&self, url: &str) -> Message {
        match self {
            IntermediaryKind::Gateway { status } => Message::new("api-intermediary-gateway")
                .arg("code", status.as_u16().to_string())
                .arg("url", url),
            IntermediaryKind::Page { .. } | IntermediaryKind::Redirect { .. } => {
                Message::new("api-intermediary-page").arg("url", url)
            }
            IntermediaryKind::Certificate => {
                Message::new("api-intermediary-certificate").arg("url", url)
            }
            // The proxy's settings are the person's to change, whatever the address called.
            IntermediaryKind::ProxyAuth { proxy } => match proxy {
                Some(p) => Message::new("api-intermediary-proxy-auth").arg("proxy", p.as_str()),
                None => Message::new("api-intermediary-proxy-auth-unnamed"),
            },
            IntermediaryKind::ProxyRefused { proxy } => match proxy {
                Some(p) => Message::new("api-intermediary-proxy-refused")
                    .arg("proxy", p.as_str())
                    .arg("url", url),
                None => Message::new("api-intermediary-proxy-refused-unnamed").arg("url", url),
            },
        }
    }

    /// Whether the request may have reached the service (and, for an order, placed it). See
    /// ARCHITECTURE "Orders: exactly once": only a gateway's 5xx may come after the request was
    /// passed on; a refused or unauthorised tunnel, an untrusted certificate, a page or a
    /// redirect answered *instead of* passing it on.
    pub fn may_have_reached(&self) -> bool {
        matches!(self, IntermediaryKind::Gateway { .. })
    }
}

/// Whether `headers`/`body` are a web page rather than what the service answers (JSON, text,
/// pictures): `Content-Type: text/html`, or a body that opens as an HTML document.
pub(crate) fn is_html(headers: &HeaderMap, body: &[u8]) -> bool {
    let typed_html = headers
        .get(CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|t| {
            let t = t.trim_start().to_ascii_lowercase();
            t.starts_with("text/html") || t.starts_with("application/xhtml")
        });
    typed_html || opens_as_html(body)
}

/// Whether `body` starts (after a byte-order mark and white space) with `<!doctype html` or
/// `<html`, in any case.
pub(crate) fn opens_as_html(body: &[u8]) -> bool {
    let body = body.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(body);
    let start = body
        .iter()
        .position(|b| !b.is_ascii_whitespace())
        .unwrap_or(body.len());
    let head: Vec<u8> = body[start..]
        .iter()
        .take(14)
        .map(u8::to_ascii_lowercase)
        .collect();
    head.starts_with(b"<!doctype html") || head.starts_with(b"<html")
}

/// An intermediary's answer to a request, told by its status, headers and body; `None` when it
/// is the service's own (a 503 with its JSON and `Retry-After` included).
pub(crate) fn classify_answer(
    status: StatusCode,
    headers: &HeaderMap,
    body: &[u8],
    called: &Url,
    proxy: Option<&str>,
) -> Option<IntermediaryKind> {
    if status == StatusCode::PROXY_AUTHENTICATION_REQUIRED {
        return Some(IntermediaryKind::ProxyAuth {
            proxy: proxy.map(str::to_owned),
        });
    }
    if status.is_redirection()
        && let Some(host) = redirect_host(headers, called)
        && Some(host.as_str()) != called.host_str()
    {
        return Some(IntermediaryKind::Redirect { host });
    }
    let gateway_status = matches!(status.as_u16(), 502..=504);
    let marked = headers.contains_key("via")
        || headers
            .keys()
            .any(|k| k.as_str().starts_with("proxy-") || k.as_str().starts_with("x-squid"));
    let json = {
        let t = String::from_utf8_lossy(body);
        t.trim_start().starts_with(['{', '[', '"'])
    };
    let html = is_html(headers, body);
    if gateway_status && (html || (marked && !json)) {
        return Some(IntermediaryKind::Gateway { status });
    }
    if html {
        return Some(IntermediaryKind::Page {
            status: Some(status),
        });
    }
    None
}

/// The host a redirect points to (a relative `Location` stays on the called host).
fn redirect_host(headers: &HeaderMap, called: &Url) -> Option<String> {
    let location = headers.get(LOCATION)?.to_str().ok()?;
    let target = called.join(location.trim()).ok()?;
    target.host_str().map(str::to_owned)
}

/// An intermediary found in a transport error's chain of causes: a certificate the client
/// does not trust, a tunnel the proxy refused or wants credentials for.
pub(crate) fn classify_transport(
    err: &(dyn std::error::Error + 'static),
    proxy: Option<&str>,
) -> Option<IntermediaryKind> {
    // Every cause, following `source()` and what an `io::Error` wraps (its `source()` skips
    // the error it wraps, which may be another `io::Error`).
    let mut pending: Vec<&(dyn std::error::Error + 'static)> = vec![err];
    let mut seen = 0;
    while let Some(candidate) = pending.pop() {
        seen += 1;
        if seen > 64 {
            break;
        }
        if let Some(tls) = candidate.downcast_ref::<rustls::Error>() {
            if is_certificate_error(tls) {
                return Some(IntermediaryKind::Certificate);
            }
            // Not TLS at all where the handshake was expected: something answered in
            // plain text (a portal or a proxy's page through an "open" tunnel).
            if matches!(tls, rustls::Error::InvalidMessage(_)) {
                return Some(IntermediaryKind::Page { status: None });
            }
        }
        // hyper-util's tunnel error is not exported; its text is all there is to go by.
        let text = candidate.to_string();
        if text.starts_with("tunnel error: proxy authorization required") {
            return Some(IntermediaryKind::ProxyAuth {
                proxy: proxy.map(str::to_owned),
            });
        }
        if text.starts_with("tunnel error: unsuccessful") {
            return Some(IntermediaryKind::ProxyRefused {
                proxy: proxy.map(str::to_owned),
            });
        }
        if let Some(inner) = candidate
            .downcast_ref::<std::io::Error>()
            .and_then(|io| io.get_ref())
        {
            pending.push(inner as &(dyn std::error::Error + 'static));
        }
        if let Some(next) = candidate.source() {
            pending.push(next);
        }
    }
    None
}

fn is_certificate_error(e: &rustls::Error) -> bool {
    matches!(
        e,
        rustls::Error::InvalidCertificate(_) | rustls::Error::NoCertificatesPresented
    )
}

/// The `host:port` of the proxy the system would use for `target` (`HTTPS_PROXY`,
/// `ALL_PROXY` and their lower-case forms; `NO_PROXY` honoured), without user name or
/// password; `None` when there is none or it is only in the platform's own settings.
pub(crate) fn env_proxy_for(target: &Url) -> Option<String> {
    let var = |names: &[&str]| {
        names
            .iter()
            .find_map(|n| std::env::var(n).ok().filter(|v| !v.trim().is_empty()))
    };
    let host = target.host_str()?;
    if let Some(no) = var(&["NO_PROXY", "no_proxy"])
        && no.split(',').map(str::trim).any(|entry| {
            let entry = entry.trim_start_matches('.');
            entry == "*"
                || (!entry.is_empty()
                    && (host.eq_ignore_ascii_case(entry)
                        || host
                            .to_ascii_lowercase()
                            .ends_with(&format!(".{}", entry.to_ascii_lowercase()))))
        })
    {
        return None;
    }
    let names: &[&str] = if target.scheme() == "https" {
        &["HTTPS_PROXY", "https_proxy", "ALL_PROXY", "all_proxy"]
    } else {
        &["HTTP_PROXY", "http_proxy", "ALL_PROXY", "all_proxy"]
    };
    let raw = var(names)?;
    let raw = raw.trim();
    let parsed = Url::parse(raw)
        .or_else(|_| Url::parse(&format!("http://{raw}")))
        .ok()?;
    let proxy_host = parsed.host_str()?;
    Some(match parsed.port_or_known_default() {
        Some(port) => format!("{proxy_host}:{port}"),
        None => proxy_host.to_owned(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use reqwest::header::HeaderValue;

    fn headers(pairs: &[(&'static str, &'static str)]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for (k, v) in pairs {
            h.insert(*k, HeaderValue::from_static(v));
        }
        h
    }

    fn called() -> Url {
        Url::parse("https://api.example.com/api/orders").unwrap()
    }

    #[test]
    fn the_services_own_503_stays_the_services() {
        let body = br#"{"error":"Service Unavailable","message":"Maintenance"}"#;
        let h = headers(&[("content-type", "application/json"), ("retry-after", "5")]);
        assert_eq!(
            classify_answer(StatusCode::SERVICE_UNAVAILABLE, &h, body, &called(), None),
            None
        );
        // Even behind a gateway that marks what it relays.
        let h = headers(&[("content-type", "application/json"), ("via", "1.1 edge")]);
        assert_eq!(
            classify_answer(StatusCode::BAD_GATEWAY, &h, body, &called(), None),
            None
        );
        assert_eq!(
            classify_answer(
                StatusCode::INTERNAL_SERVER_ERROR,
                &HeaderMap::new(),
                b"oops",
                &called(),
                None
            ),
            None
        );
    }

    #[test]
    fn gateways_pages_and_redirects_are_told_apart() {
        let page = b"\n  <!DOCTYPE html><html><body>Bad gateway</body></html>";
        for code in [502, 503, 504] {
            let status = StatusCode::from_u16(code).unwrap();
            assert_eq!(
                classify_answer(status, &HeaderMap::new(), page, &called(), None),
                Some(IntermediaryKind::Gateway { status })
            );
            let via = headers(&[("via", "1.1 squid")]);
            assert_eq!(
                classify_answer(status, &via, b"", &called(), None),
                Some(IntermediaryKind::Gateway { status })
            );
        }
        let html = headers(&[("content-type", "text/html; charset=utf-8")]);
        assert_eq!(
            classify_answer(StatusCode::OK, &html, b"Log in", &called(), None),
            Some(IntermediaryKind::Page {
                status: Some(StatusCode::OK)
            })
        );
        assert_eq!(
            classify_answer(
                StatusCode::OK,
                &HeaderMap::new(),
                b"<HTML><p>blocked",
                &called(),
                None
            ),
            Some(IntermediaryKind::Page {
                status: Some(StatusCode::OK)
            })
        );
        // An SVG picture is not a page.
        assert!(!opens_as_html(b"<?xml version=\"1.0\"?><svg/>"));
        let away = headers(&[("location", "http://portal.hotel.example/login?x=1")]);
        assert_eq!(
            classify_answer(StatusCode::FOUND, &away, b"", &called(), None),
            Some(IntermediaryKind::Redirect {
                host: "portal.hotel.example".into()
            })
        );
        let same = headers(&[("location", "/api/orders/")]);
        assert_eq!(
            classify_answer(StatusCode::FOUND, &same, b"", &called(), None),
            None
        );
        assert_eq!(
            classify_answer(
                StatusCode::PROXY_AUTHENTICATION_REQUIRED,
                &HeaderMap::new(),
                b"",
                &called(),
                Some("proxy:3128")
            ),
            Some(IntermediaryKind::ProxyAuth {
                proxy: Some("proxy:3128".into())
            })
        );
    }

    #[test]
    fn only_a_gateway_may_have_passed_the_request_on() {
        assert!(
            IntermediaryKind::Gateway {
                status: StatusCode::BAD_GATEWAY
            }
            .may_have_reached()
        );
        for kind in [
            IntermediaryKind::Page { status: None },
            IntermediaryKind::Redirect { host: "x".into() },
            IntermediaryKind::Certificate,
            IntermediaryKind::ProxyAuth { proxy: None },
            IntermediaryKind::ProxyRefused { proxy: None },
        ] {
            assert!(!kind.may_have_reached(), "{kind:?}");
        }
    }
}
