//! What the backend calls after each envelope it sends, so that whoever drains them looks:
//! the window builds one that asks egui for a repaint, `send-queued` one that wakes its
//! loop, tests one that does nothing (they poll). The backend knows nothing of egui's
//! `Context`.

use std::fmt;
use std::sync::Arc;

/// Wakes the receiver of the backend's envelopes; cheap to clone, callable from any thread.
#[derive(Clone)]
pub struct Waker(Arc<dyn Fn() + Send + Sync>);

impl Waker {
    /// A waker that calls `wake`.
    pub fn new(wake: impl Fn() + Send + Sync + 'static) -> Waker {
        Waker(Arc::new(wake))
    }

    /// A waker that wakes nobody: for a receiver that polls.
    pub fn none() -> Waker {
        Waker::new(|| {})
    }

    /// Wakes the receiver.
    pub fn wake(&self) {
        (self.0)();
    }
}

impl fmt::Debug for Waker {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Waker")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};

    #[test]
    fn every_clone_calls_the_same_function() {
        let count = Arc::new(AtomicUsize::new(0));
        let seen = count.clone();
        let waker = Waker::new(move || {
            seen.fetch_add(1, Ordering::SeqCst);
        });
        waker.wake();
        waker.clone().wake();
        Waker::none().wake();
        assert_eq!(count.load(Ordering::SeqCst), 2);
    }
}
