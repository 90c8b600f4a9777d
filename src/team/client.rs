//! [`TeamClient`]: a connection to the team database whose every call has a bound on this
//! side. A silent server — one that took the connection and answers
//! nothing, a backend process stopped mid-call — is one the server's own `statement_timeout`
//! cannot end: only the client can stop waiting. So the connection is the async client driven
//! by a runtime of its own (as the blocking `postgres` client is, under its calls), and each
//! call waits at most [`CALL_BOUND`]; one that finds no answer by then fails with
//! [`StoreError::TeamSilent`], which counts as the team being out of reach: the store marks
//! the connection broken and asks nothing more of it, and the team's watch connects again.
//!
//! What the server sends is read through [`super::wire::Checked`]: a call that met a value or
//! rows over their limits fails with [`StoreError::TeamTooLarge`] (the connection is fine).

use super::Target;
use super::wire::Limits;
use crate::store::StoreError;
use postgres::types::ToSql;
use std::future::Future;
use std::sync::Arc;
use std::time::Duration;

/// The longest wait for the answer to one call: the server's own `statement_timeout`
/// ([`super::connect::STATEMENT_TIMEOUT`]) ends a statement that runs too long with an answer
/// before this; a server that has not answered by then will not.
pub const CALL_BOUND: Duration = Duration::from_secs(25);

/// A connection to the team database (made by [`super::connect`]). Blocks on every call: use
/// it from a blocking lane, never a runtime's worker.
pub struct TeamClient {
    /// `None` only while it is dropped.
    runtime: Option<tokio::runtime::Runtime>,
    client: tokio_postgres::Client,
    limits: Arc<Limits>,
    target: Target,
    bound: Duration,
}

impl std::fmt::Debug for TeamClient {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TeamClient")
            .field("target", &self.target.to_string())
            .finish_non_exhaustive()
    }
}

impl TeamClient {
    pub(super) fn new(
        runtime: tokio::runtime::Runtime,
        client: tokio_postgres::Client,
        limits: Arc<Limits>,
        target: Target,
    ) -> TeamClient {
        TeamClient {
            runtime: Some(runtime),
            client,
            limits,
            target,
            bound: CALL_BOUND,
        }
    }

    /// Where it is connected (the target its socket went to).
    pub fn target(&self) -> &Target {
        &self.target
    }

    /// Whether the connection is encrypted (TLS).
    pub fn encrypted(&self) -> bool {
        self.target.tls == super::Tls::Required
    }

    /// Another bound for every call from now on (tests of a silent server).
    pub fn set_call_bound(&mut self, bound: Duration) {
        self.bound = bound;
    }

    /// Runs one call to its answer, within the bound.
    fn run<'a, T, F>(
        &'a self,
        call: impl FnOnce(&'a tokio_postgres::Client) -> F,
    ) -> Result<T, StoreError>
    where
        F: Future<Output = Result<T, tokio_postgres::Error>> + 'a,
    {
        let bound = self.bound;
        let limits = self.limits.clone();
        limits.reset();
        let runtime = self.runtime.as_ref().ok_or(StoreError::TeamNotConnected)?;
        let call = call(&self.client);
        let answer = runtime.block_on(async move { tokio::time::timeout(bound, call).await });
        let over = limits.take_over();
        match (answer, over) {
            (Err(_), _) => Err(StoreError::TeamSilent {
                seconds: bound.as_secs(),
            }),
            (Ok(_), Some(bytes)) => Err(StoreError::TeamTooLarge {
                bytes,
                most: limits.column as u64,
            }),
            (Ok(answer), None) => answer.map_err(StoreError::from),
        }
    }

    /// Runs one statement; answers the rows it changed.
    pub fn execute(
        &mut self,
        sql: &str,
        params: &[&(dyn ToSql + Sync)],
    ) -> Result<u64, StoreError> {
        self.run(move |c| c.execute(sql, params))
    }

    /// Every row a query answers.
    pub fn query(
        &mut self,
        sql: &str,
        params: &[&(dyn ToSql + Sync)],
    ) -> Result<Vec<tokio_postgres::Row>, StoreError> {
        self.run(move |c| c.query(sql, params))
    }

    /// The one row a query must answer.
    pub fn query_one(
        &mut self,
        sql: &str,
        params: &[&(dyn ToSql + Sync)],
    ) -> Result<tokio_postgres::Row, StoreError> {
        self.run(move |c| c.query_one(sql, params))
    }

    /// Several statements without parameters.
    pub fn batch_execute(&mut self, sql: &str) -> Result<(), StoreError> {
        self.run(move |c| c.batch_execute(sql))
    }

    /// Whether the connection is closed (the server ended it, or it broke).
    pub fn is_closed(&self) -> bool {
        self.client.is_closed()
    }
}

impl crate::store::TeamConnection for TeamClient {
    fn execute(&mut self, sql: &str, params: &[&(dyn ToSql + Sync)]) -> Result<u64, StoreError> {
        TeamClient::execute(self, sql, params)
    }

    fn query(
        &mut self,
        sql: &str,
        params: &[&(dyn ToSql + Sync)],
    ) -> Result<Vec<tokio_postgres::Row>, StoreError> {
        TeamClient::query(self, sql, params)
    }

    fn batch_execute(&mut self, sql: &str) -> Result<(), StoreError> {
        TeamClient::batch_execute(self, sql)
    }
}

impl Drop for TeamClient {
    fn drop(&mut self) {
        // Ends the connection's task without waiting for the server (which may not answer):
        // its socket closes, and the server ends the session when it sees that. Allowed on a
        // thread that drives async tasks, where a plain drop of a runtime panics.
        if let Some(runtime) = self.runtime.take() {
            runtime.shutdown_background();
        }
    }
}
