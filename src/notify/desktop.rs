//! The desktop's own notifications through `notify-rust`: on Linux and the BSDs the session
//! bus's `org.freedesktop.Notifications` (with a "default" action: a click on the
//! notification), on Windows a toast whose activation is reported, on macOS the notification
//! centre (shown; a click only brings logodesk up through the system). Each notification is
//! shown and waited for on a thread of its own, never the UI's: showing talks to the desktop,
//! and the click may come minutes later or never.

use super::{Clicks, Note, Notifier};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

/// At most this many notifications are waited on for a click at once; beyond, they are shown
/// and their clicks not followed (each wait holds a thread and a connection to the desktop).
const MAX_WAITING: usize = 8;

/// Shows notifications on the desktop and reports their clicks.
#[derive(Default)]
pub struct DesktopNotifier {
    waiting: Arc<AtomicUsize>,
}

impl Notifier for DesktopNotifier {
    fn show(&mut self, note: Note, clicks: Clicks) {
        let follow = self.waiting.fetch_add(1, Ordering::SeqCst) < MAX_WAITING;
        let waiting = self.waiting.clone();
        let spawned = std::thread::Builder::new()
            .name("logodesk-notify".into())
            .spawn(move || {
                show_and_wait(&note, &clicks, follow);
                waiting.fetch_sub(1, Ordering::SeqCst);
            });
        if let Err(e) = spawned {
            self.waiting.fetch_sub(1, Ordering::SeqCst);
            tracing::warn!(error = %e, "no thread for a desktop notification");
        }
    }
}

/// Shows `note` and, if `follow`, waits until it is clicked or closed (on this thread).
fn show_and_wait(note: &Note, clicks: &Clicks, follow: bool) {
    let mut notification = notify_rust::Notification::new();
    notification
        .summary(&note.title)
        .body(&note.body)
        .appname("logodesk");
    #[cfg(all(unix, not(target_os = "macos")))]
    notification
        .icon("logodesk")
        .hint(notify_rust::Hint::DesktopEntry("logodesk".into()))
        .action("default", &crate::tr!("notify-open"));
    #[cfg(windows)]
    if let Some(id) = super::APP_ID.get() {
        notification.app_id(id);
    }
    let handle = match notification.show() {
        Ok(handle) => handle,
        Err(e) => {
            tracing::warn!(error = %e, "the desktop did not show a notification");
            return;
        }
    };
    if !follow {
        return;
    }
    #[cfg(any(windows, all(unix, not(target_os = "macos"))))]
    {
        let target = note.target;
        let waited = handle.wait_for_response(|response: &notify_rust::NotificationResponse| {
            if matches!(response, notify_rust::NotificationResponse::Default) {
                clicks.clicked(target);
            }
        });
        if let Err(e) = waited {
            tracing::debug!(error = %e, "a desktop notification's click could not be waited for");
        }
    }
    #[cfg(not(any(windows, all(unix, not(target_os = "macos")))))]
    let _ = (handle, clicks);
}

/// The real notifier against a real session bus: a private `dbus-daemon`, a fake
/// notification server on it (zbus) that records `Notify` calls and emits `ActionInvoked`.
/// The notifier reads the bus from `DBUS_SESSION_BUS_ADDRESS`, so the test runs itself again
/// in a child process with that variable set (no environment changed in this one).
#[cfg(all(test, target_os = "linux"))]
mod tests {
    use super::*;
    use crate::notify::Target;
    use crate::store::LocalOrderId;
    use std::collections::HashMap;
    use std::io::{BufRead as _, BufReader};
    use std::process::{Command, Stdio};
    use std::sync::Mutex;
    use std::time::{Duration, Instant};

    const CHILD: &str = "LOGODESK_NOTIFY_TEST_BUS";
    const NAME: &str =
        "notify::desktop::tests::a_notification_goes_over_the_session_bus_and_its_click_comes_back";

    /// What the fake server was asked to show: (summary, body, actions).
    type Calls = Arc<Mutex<Vec<(String, String, Vec<String>)>>>;

    struct FakeServer {
        calls: Calls,
    }

    #[zbus::interface(name = "org.freedesktop.Notifications")]
    impl FakeServer {
        #[allow(clippy::too_many_arguments)]
        fn notify(
            &self,
            _app_name: String,
            _replaces_id: u32,
            _app_icon: String,
            summary: String,
            body: String,
            actions: Vec<String>,
            _hints: HashMap<String, zbus::zvariant::OwnedValue>,
            _expire_timeout: i32,
        ) -> u32 {
            let mut calls = self.calls.lock().unwrap();
            calls.push((summary, body, actions));
            calls.len() as u32
        }

        fn get_capabilities(&self) -> Vec<String> {
            vec!["actions".into(), "body".into()]
        }

        fn get_server_information(&self) -> (String, String, String, String) {
            ("fake".into(), "logodesk".into(), "1".into(), "1.2".into())
        }

        fn close_notification(&self, _id: u32) {}
    }

    /// A private session bus, ended when dropped.
    struct Bus {
        daemon: std::process::Child,
        address: String,
    }

    impl Bus {
        fn start() -> Bus {
            let mut daemon = Command::new("dbus-daemon")
                .args(["--session", "--nofork", "--print-address=1", "--nopidfile"])
                .stdout(Stdio::piped())
                .stderr(Stdio::inherit())
                .spawn()
                .expect("dbus-daemon (Debian's dbus-daemon; .ci/run installs it)");
            let mut line = String::new();
            BufReader::new(daemon.stdout.take().expect("its output"))
                .read_line(&mut line)
                .expect("the bus's address");
            let address = line.trim().to_owned();
            assert!(!address.is_empty(), "dbus-daemon printed no address");
            Bus { daemon, address }
        }
    }

    impl Drop for Bus {
        fn drop(&mut self) {
            let _ = self.daemon.kill();
            let _ = self.daemon.wait();
        }
    }

    #[test]
    fn a_notification_goes_over_the_session_bus_and_its_click_comes_back() {
        if let Ok(address) = std::env::var(CHILD) {
            return round_trip(&address);
        }
        let bus = Bus::start();
        let child = Command::new(std::env::current_exe().expect("this test binary"))
            .args([NAME, "--exact", "--nocapture", "--test-threads=1"])
            .env(CHILD, &bus.address)
            .env("DBUS_SESSION_BUS_ADDRESS", &bus.address)
            .output()
            .expect("the test run again");
        let out = String::from_utf8_lossy(&child.stdout);
        let err = String::from_utf8_lossy(&child.stderr);
        assert!(child.status.success(), "{out}\n{err}");
        // The child really ran the round trip (not zero tests).
        assert!(out.contains("1 passed"), "{out}");
        assert!(out.contains("click came back"), "{out}");
    }

    /// In the child: the fake server on the bus, the real notifier against it.
    fn round_trip(address: &str) {
        let calls = Calls::default();
        let server = zbus::blocking::connection::Builder::address(address)
            .expect("the bus address")
            .name("org.freedesktop.Notifications")
            .expect("the server's name")
            .serve_at(
                "/org/freedesktop/Notifications",
                FakeServer {
                    calls: calls.clone(),
                },
            )
            .expect("the server's object")
            .build()
            .expect("the server on the private bus");

        let (sender, clicked) = std::sync::mpsc::channel();
        let woken = Arc::new(AtomicUsize::new(0));
        let counter = woken.clone();
        let clicks = Clicks {
            sender,
            wake: Arc::new(move || {
                counter.fetch_add(1, Ordering::SeqCst);
            }),
        };
        let note = Note {
            title: "Order completed".into(),
            body: "Order PO-1 for Nordby IF (tracking id 4711) is completed.".into(),
            target: Target::Order(LocalOrderId(7)),
        };
        DesktopNotifier::default().show(note, clicks);

        let deadline = Instant::now() + Duration::from_secs(20);
        while calls.lock().unwrap().is_empty() {
            assert!(
                Instant::now() < deadline,
                "no Notify call reached the server"
            );
            std::thread::sleep(Duration::from_millis(20));
        }
        let (summary, body, actions) = calls.lock().unwrap()[0].clone();
        assert_eq!(summary, "Order completed");
        assert_eq!(
            body,
            "Order PO-1 for Nordby IF (tracking id 4711) is completed."
        );
        assert_eq!(actions.first().map(String::as_str), Some("default"));

        // The person clicks it. The notifier subscribes to the signal after its Notify call
        // returned, so the click is said again until it is heard.
        let click = loop {
            server
                .emit_signal(
                    None::<()>,
                    "/org/freedesktop/Notifications",
                    "org.freedesktop.Notifications",
                    "ActionInvoked",
                    &(1u32, "default"),
                )
                .expect("the click signal");
            match clicked.recv_timeout(Duration::from_millis(100)) {
                Ok(target) => break target,
                Err(_) => assert!(Instant::now() < deadline, "the click did not come back"),
            }
        };
        assert_eq!(click, Target::Order(LocalOrderId(7)));
        // The repaint follows the message on the notifier's thread.
        while woken.load(Ordering::SeqCst) == 0 {
            assert!(Instant::now() < deadline, "no repaint for the click");
            std::thread::sleep(Duration::from_millis(10));
        }
        assert_eq!(woken.load(Ordering::SeqCst), 1, "one repaint for the click");
        assert_eq!(calls.lock().unwrap().len(), 1, "one notification");
        println!("click came back");
    }
}
