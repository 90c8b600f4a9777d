//! Ctrl-C and SIGTERM (Unix), and the console's close, log-off and shutdown events
//! (Windows), for the commands that run without a window.

/// Waits for one kind of stop request, or forever when it cannot be listened for (with a
/// warning naming it).
async fn wait_for<S, F>(name: &str, listen: std::io::Result<S>, recv: F)
where
    F: AsyncFnOnce(S),
{
    match listen {
        Ok(signal) => recv(signal).await,
        Err(e) => {
            tracing::warn!("cannot listen for {name}: {e}");
            std::future::pending::<()>().await;
        }
    }
}

/// Resolves on Ctrl-C (or never, with a warning, where it cannot be listened for).
#[cfg(not(windows))]
async fn ctrl_c() {
    if let Err(e) = tokio::signal::ctrl_c().await {
        tracing::warn!("cannot listen for Ctrl-C: {e}");
        std::future::pending::<()>().await;
    }
}

/// Resolves on Ctrl-C or SIGTERM.
#[cfg(unix)]
pub async fn shutdown_signal() {
    use tokio::signal::unix::{SignalKind, signal};
    tokio::select! {
        () = ctrl_c() => {},
        () = wait_for("SIGTERM", signal(SignalKind::terminate()), async |mut s| { s.recv().await; }) => {},
    }
}

/// Resolves on Ctrl-C, Ctrl-Break, or when the console window is closed, the person logs off
/// or Windows shuts down. Windows ends the process a few seconds after the last three (it
/// waits while the handler runs: tokio keeps it running until the process exits), which is
/// time enough to stop the outbox between two requests and close the database.
///
/// Windows sends log-off and shutdown to a console handler only in processes without
/// `user32.dll`; logodesk links it (the window), so for `send-queued` those two arrive as the
/// console's close when its terminal goes, and otherwise the process ends like any killed one:
/// the outbox is built for that (an order is sent exactly once even across `kill -9`).
#[cfg(windows)]
pub async fn shutdown_signal() {
    use tokio::signal::windows::{ctrl_break, ctrl_c, ctrl_close, ctrl_logoff, ctrl_shutdown};
    tokio::select! {
        () = wait_for("Ctrl-C", ctrl_c(), async |mut s| { s.recv().await; }) => {},
        () = wait_for("Ctrl-Break", ctrl_break(), async |mut s| { s.recv().await; }) => {},
        () = wait_for("the console's close", ctrl_close(), async |mut s| { s.recv().await; }) => {},
        () = wait_for("log-off", ctrl_logoff(), async |mut s| { s.recv().await; }) => {},
        () = wait_for("shutdown", ctrl_shutdown(), async |mut s| { s.recv().await; }) => {},
    }
}

/// Elsewhere: Ctrl-C.
#[cfg(not(any(unix, windows)))]
pub async fn shutdown_signal() {
    ctrl_c().await;
}
