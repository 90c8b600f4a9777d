//! When and how long to wait before trying a request again.
//!
//! The policy is pure: [`RetryPolicy::decide`] takes the number of retries already made, the
//! error and a random unit value, so it is tested without clocks or networks. Which requests may
//! be retried at all is decided by the client: reads (GET) and `POST /api/orders` with its
//! `Idempotency-Key`; other changes never.

use crate::api::error::ApiError;
use std::time::{Duration, SystemTime};

/// How the exponential delay is randomised so that many clients do not retry in lock-step.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Jitter {
    /// The exact exponential delay (useful in tests).
    None,
    /// Anywhere between zero and the exponential delay.
    Full,
    /// Half the exponential delay plus a random share of the other half.
    #[default]
    Equal,
}

/// Retry settings: up to `max_retries` further attempts, waiting `base_delay · 2ⁿ` (jittered,
/// at most `max_delay`) or what the service's `Retry-After` asks for (also at most `max_delay`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct RetryPolicy {
    /// Further attempts after the first one. `0` disables retrying.
    pub max_retries: u32,
    /// Delay before the first retry, before jitter.
    pub base_delay: Duration,
    /// Upper bound of every delay, including one asked for by `Retry-After`.
    pub max_delay: Duration,
    /// How the delay is randomised.
    pub jitter: Jitter,
}

impl Default for RetryPolicy {
    fn default() -> Self {
        RetryPolicy {
            max_retries: 3,
            base_delay: Duration::from_millis(200),
            max_delay: Duration::from_secs(8),
            jitter: Jitter::Equal,
        }
    }
}

impl RetryPolicy {
    /// A policy that never retries.
    pub const fn never() -> Self {
        RetryPolicy {
            max_retries: 0,
            base_delay: Duration::ZERO,
            max_delay: Duration::ZERO,
            jitter: Jitter::None,
        }
    }

    /// Sets the number of retries.
    pub fn with_max_retries(mut self, n: u32) -> Self {
        self.max_retries = n;
        self
    }

    /// Sets the first delay.
    pub fn with_base_delay(mut self, d: Duration) -> Self {
        self.base_delay = d;
        self
    }

    /// Sets the largest delay.
    pub fn with_max_delay(mut self, d: Duration) -> Self {
        self.max_delay = d;
        self
    }

    /// Sets the jitter.
    pub fn with_jitter(mut self, j: Jitter) -> Self {
        self.jitter = j;
        self
    }

    /// The un-jittered delay before retry number `retry` (0 for the first retry):
    /// `base_delay · 2^retry`, at most `max_delay`.
    pub fn exponential(&self, retry: u32) -> Duration {
        let factor = 2u32.saturating_pow(retry.min(31));
        self.base_delay
            .checked_mul(factor)
            .unwrap_or(Duration::MAX)
            .min(self.max_delay)
    }

    /// The jittered delay before retry number `retry`, with `unit` a random value in `[0, 1)`.
    pub fn backoff(&self, retry: u32, unit: f64) -> Duration {
        let exp = self.exponential(retry);
        let unit = if unit.is_finite() {
            unit.clamp(0.0, 1.0)
        } else {
            0.0
        };
        match self.jitter {
            Jitter::None => exp,
            Jitter::Full => exp.mul_f64(unit),
            Jitter::Equal => {
                let half = exp / 2;
                half + (exp - half).mul_f64(unit)
            }
        }
    }

    /// The delay before retry number `retry`: the service's `Retry-After` when given (at most
    /// `max_delay`), otherwise [`backoff`](Self::backoff).
    pub fn delay(&self, retry: u32, retry_after: Option<Duration>, unit: f64) -> Duration {
        match retry_after {
            Some(d) => d.min(self.max_delay),
            None => self.backoff(retry, unit),
        }
    }

    /// Whether to retry after `retries_done` retries failed with `err`, and how long to wait.
    /// `None` when the error is not retryable or the retries are used up.
    pub fn decide(&self, retries_done: u32, err: &ApiError, unit: f64) -> Option<Duration> {
        if retries_done >= self.max_retries || !err.is_retryable() {
            return None;
        }
        Some(self.delay(retries_done, err.retry_after(), unit))
    }

    /// [`decide`](Self::decide) with a fresh random unit.
    pub fn next_delay(&self, retries_done: u32, err: &ApiError) -> Option<Duration> {
        self.decide(retries_done, err, rand::random::<f64>())
    }
}

/// Reads a `Retry-After` header value: delay seconds (`"120"`) or an HTTP date
/// (`"Wed, 21 Oct 2015 07:28:00 GMT"`, relative to `now`; a past date means no wait).
pub fn parse_retry_after(value: &str, now: SystemTime) -> Option<Duration> {
    let value = value.trim();
    if value.is_empty() {
        return None;
    }
    if let Ok(secs) = value.parse::<u64>() {
        return Some(Duration::from_secs(secs));
    }
    if let Ok(secs) = value.parse::<f64>() {
        return (secs.is_finite() && secs >= 0.0).then(|| Duration::from_secs_f64(secs.min(1e9)));
    }
    let when = parse_http_date(value)?;
    Some(when.duration_since(now).unwrap_or(Duration::ZERO))
}

/// The three date forms HTTP allows (IMF-fixdate, RFC 850, asctime), all in GMT.
fn parse_http_date(value: &str) -> Option<SystemTime> {
    use chrono::{DateTime, NaiveDateTime};
    let dt = DateTime::parse_from_rfc2822(value)
        .map(|d| d.to_utc())
        .ok()
        .or_else(|| {
            NaiveDateTime::parse_from_str(value, "%A, %d-%b-%y %H:%M:%S GMT")
                .ok()
                .map(|n| n.and_utc())
        })
        .or_else(|| {
            NaiveDateTime::parse_from_str(value, "%a %b %e %H:%M:%S %Y")
                .ok()
                .map(|n| n.and_utc())
        })?;
    Some(SystemTime::from(dt))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::error::{ServerMessage, StatusError};
    use reqwest::StatusCode;

    fn status(code: u16, retry_after: Option<Duration>) -> ApiError {
        ApiError::Status(Box::new(StatusError {
            status: StatusCode::from_u16(code).unwrap(),
            endpoint: "GET /api/logos".into(),
            subject: None,
            server: ServerMessage::default(),
            retry_after,
        }))
    }

    #[test]
    fn defaults() {
        let p = RetryPolicy::default();
        assert_eq!(p.max_retries, 3);
        assert_eq!(p.base_delay, Duration::from_millis(200));
        assert_eq!(p.max_delay, Duration::from_secs(8));
    }

    #[test]
    fn delays_grow_exponentially_and_are_capped() {
        let p = RetryPolicy::default().with_jitter(Jitter::None);
        let d: Vec<u128> = (0..8).map(|n| p.backoff(n, 0.5).as_millis()).collect();
        assert_eq!(d, [200, 400, 800, 1600, 3200, 6400, 8000, 8000]);
        assert_eq!(p.exponential(1000), Duration::from_secs(8));
    }

    #[test]
    fn jitter_is_bounded() {
        let full = RetryPolicy::default().with_jitter(Jitter::Full);
        let equal = RetryPolicy::default().with_jitter(Jitter::Equal);
        for retry in 0..6 {
            let exp = full.exponential(retry);
            for unit in [0.0, 0.1, 0.5, 0.9, 0.999_999, 1.0] {
                let f = full.backoff(retry, unit);
                assert!(f <= exp, "full {f:?} > {exp:?}");
                let e = equal.backoff(retry, unit);
                assert!(
                    e >= exp / 2 && e <= exp,
                    "equal {e:?} outside [{:?}, {exp:?}]",
                    exp / 2
                );
            }
            assert_eq!(full.backoff(retry, 0.0), Duration::ZERO);
            assert_eq!(equal.backoff(retry, 0.0), exp / 2);
        }
        // Out-of-range units are clamped rather than trusted.
        assert!(full.backoff(2, 7.0) <= full.exponential(2));
        assert_eq!(full.backoff(2, f64::NAN), Duration::ZERO);
        // Random delays stay in bounds too.
        for _ in 0..100 {
            let d = equal.next_delay(1, &status(503, None)).unwrap();
            assert!(d >= Duration::from_millis(200) && d <= Duration::from_millis(400));
        }
    }

    #[test]
    fn retry_after_is_honoured_and_capped() {
        let p = RetryPolicy::default();
        assert_eq!(
            p.decide(0, &status(429, Some(Duration::from_secs(2))), 0.3),
            Some(Duration::from_secs(2))
        );
        assert_eq!(
            p.decide(0, &status(503, Some(Duration::from_secs(3600))), 0.3),
            Some(Duration::from_secs(8))
        );
    }

    #[test]
    fn only_retryable_errors_are_retried_and_attempts_are_capped() {
        let p = RetryPolicy::default();
        assert!(p.decide(0, &status(503, None), 0.5).is_some());
        assert!(p.decide(2, &status(500, None), 0.5).is_some());
        assert!(p.decide(3, &status(503, None), 0.5).is_none());
        for code in [400, 401, 403, 404, 409, 422] {
            assert!(p.decide(0, &status(code, None), 0.5).is_none(), "{code}");
        }
        assert!(p.decide(0, &ApiError::Validation(vec![]), 0.5).is_none());
        assert!(
            RetryPolicy::never()
                .decide(0, &status(503, None), 0.5)
                .is_none()
        );
    }

    #[test]
    fn parses_retry_after_forms() {
        let now =
            SystemTime::from(chrono::DateTime::parse_from_rfc3339("2015-10-21T07:27:00Z").unwrap());
        assert_eq!(
            parse_retry_after("120", now),
            Some(Duration::from_secs(120))
        );
        assert_eq!(parse_retry_after(" 0 ", now), Some(Duration::ZERO));
        assert_eq!(
            parse_retry_after("Wed, 21 Oct 2015 07:28:00 GMT", now),
            Some(Duration::from_secs(60))
        );
        assert_eq!(
            parse_retry_after("Wednesday, 21-Oct-15 07:28:30 GMT", now),
            Some(Duration::from_secs(90))
        );
        assert_eq!(
            parse_retry_after("Wed Oct 21 07:29:00 2015", now),
            Some(Duration::from_secs(120))
        );
        assert_eq!(
            parse_retry_after("Wed, 21 Oct 2015 07:00:00 GMT", now),
            Some(Duration::ZERO)
        );
        assert_eq!(parse_retry_after("soon", now), None);
        assert_eq!(parse_retry_after("-5", now), None);
        assert_eq!(parse_retry_after("", now), None);
    }
}
