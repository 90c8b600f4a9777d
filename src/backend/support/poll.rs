//! How the backend's pollers (the order tracker, the task tracker) and the outbox's sender
//! pace themselves: one back-off rule on top of the client's [`RetryPolicy`], and one way to
//! wait that a wake-up cuts short.

use crate::api::RetryPolicy;
use std::time::Duration;
use tokio::sync::Notify;

/// The pace of a poller: its interval, and the longest pause after failures.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Pacing {
    /// Pause between two polls while all goes well.
    pub interval: Duration,
    /// Longest pause after failures (a longer interval still wins).
    pub max_backoff: Duration,
}

impl Pacing {
    /// The pause before the next poll after `failures` failed polls in a row (≥ 1): the
    /// retry policy's back-off (or the service's `Retry-After`), at least the interval, at most
    /// `max_backoff` (or the interval if that is longer). `unit` is the jitter in `[0, 1]`.
    pub fn after_failures(
        &self,
        policy: &RetryPolicy,
        failures: u32,
        retry_after: Option<Duration>,
        unit: f64,
    ) -> Duration {
        let backoff = match retry_after {
            Some(asked) => asked,
            None => policy.delay(failures.min(16), None, unit),
        };
        backoff
            .max(self.interval)
            .min(self.max_backoff.max(self.interval))
    }

    /// The pause before trying again after `failures` rounds in a row with a failure (≥ 1),
    /// for work that is woken when there is more (the outbox's sender): the retry policy's
    /// back-off, at most `max_backoff`.
    pub fn backoff(&self, policy: &RetryPolicy, failures: u32, unit: f64) -> Duration {
        policy
            .delay(failures.min(16), None, unit)
            .min(self.max_backoff)
    }
}

/// Waits `pause`, or less if `wake` is notified meanwhile.
pub async fn wait(pause: Duration, wake: &Notify) {
    tokio::select! {
        _ = tokio::time::sleep(pause) => {}
        _ = wake.notified() => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_back_off_stays_between_the_interval_and_its_ceiling() {
        let pacing = Pacing {
            interval: Duration::from_secs(5),
            max_backoff: Duration::from_secs(60),
        };
        let policy = RetryPolicy::default().with_max_delay(Duration::from_secs(600));
        for failures in 1..200 {
            for unit in [0.0, 0.5, 1.0] {
                for asked in [None, Some(Duration::from_secs(3600))] {
                    let d = pacing.after_failures(&policy, failures, asked, unit);
                    assert!(d <= pacing.max_backoff, "{failures} failures: {d:?}");
                    assert!(d >= pacing.interval, "{failures} failures: {d:?}");
                }
                assert!(pacing.backoff(&policy, failures, unit) <= pacing.max_backoff);
            }
        }
        // A long Retry-After is honoured up to the ceiling.
        let asked = Some(Duration::from_secs(45));
        assert_eq!(
            pacing.after_failures(&policy, 1, asked, 0.5),
            Duration::from_secs(45)
        );
    }
}
