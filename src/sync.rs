//! Mutexes a panic elsewhere does not put out of use. What logodesk keeps behind a mutex is
//! whole between two statements (a holder that panics leaves the last complete write), so
//! every lock takes the guard whether or not an earlier holder panicked, in one place.

use std::sync::{Mutex, MutexGuard, PoisonError};

/// [`Mutex::lock`] that takes the guard of a poisoned mutex too.
pub trait Lock<T> {
    /// The guard, whatever happened to an earlier holder.
    fn locked(&self) -> MutexGuard<'_, T>;
}

impl<T> Lock<T> for Mutex<T> {
    fn locked(&self) -> MutexGuard<'_, T> {
        self.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_poisoned_mutex_still_gives_its_value() {
        let m = std::sync::Arc::new(Mutex::new(1));
        let held = m.clone();
        let _ = std::thread::spawn(move || {
            let mut g = held.locked();
            *g = 2;
            panic!("a holder panics");
        })
        .join();
        assert!(m.is_poisoned());
        assert_eq!(*m.locked(), 2);
    }
}
