//! How long a test waits for something that must happen (each test binary declares this
//! module once at its root; `common` and `ui_common` re-export it).

use std::time::Duration;

/// The bound of every test's wait for a condition (a line printed, a row recorded, a screen
/// loaded, a process ended): far longer than an idle machine needs, since a wait ends as soon
/// as its condition holds, so that a loaded 2-core CI machine never fails a test that would
/// pass given time. Only a hang reaches it.
pub const PATIENCE: Duration = Duration::from_secs(180);
