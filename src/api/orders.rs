//! Orders: place (idempotently), read, and follow to completion.

mod request;
mod validate;

pub use request::{
    DesignLine, DesignRef, DigitLine, IdempotencyKey, Instance, LogoAmount, LogoLine, LogoRef,
    PlaceOrder,
};
pub use validate::{MAX_INSTANCES_PER_DESIGN, is_plausible_email};

use crate::api::client::{Call, Client};
use crate::api::error::{ApiError, Subject};
use crate::api::ids::OrderId;
use crate::api::models::TrackingRecord;
use std::time::Duration;

/// Order endpoints; reached through [`Client::orders`].
#[derive(Debug, Clone, Copy)]
pub struct OrdersHandler<'c> {
    client: &'c Client,
}

impl Client {
    /// Orders: place, read, track.
    pub fn orders(&self) -> OrdersHandler<'_> {
        OrdersHandler { client: self }
    }
}

impl<'c> OrdersHandler<'c> {
    /// `POST /api/orders`: places an order after checking it with [`PlaceOrder::validate`]
    /// (failing with [`ApiError::Validation`] and sending nothing when it has issues).
    ///
    /// The key is required: on retryable failures the request is repeated with the same
    /// `Idempotency-Key` and the identical body bytes, so a retry never creates a second order.
    /// Reuse the key when the same order is placed again later (it is reserved forever).
    /// Answers the `Pending` tracking record; follow it with [`track`](Self::track).
    pub async fn place(
        self,
        order: &PlaceOrder,
        key: &IdempotencyKey,
    ) -> Result<TrackingRecord, ApiError> {
        let issues = order.validate();
        if !issues.is_empty() {
            return Err(ApiError::Validation(issues));
        }
        self.place_unchecked(order, key).await
    }

    /// Like [`place`](Self::place) without the client-side checks, so the service's own
    /// answer to an invalid order can be seen (tests of the sandbox, diagnostics).
    pub async fn place_unchecked(
        self,
        order: &PlaceOrder,
        key: &IdempotencyKey,
    ) -> Result<TrackingRecord, ApiError> {
        let call = Call::post("api/orders")
            .json(order)?
            .idempotency_key(key.as_str())
            .subject(Subject::OrderEndpoint);
        self.client.json(call).await
    }

    /// Places an order whose body was serialised earlier and kept (the app's outbox): sends
    /// exactly these bytes with this key, retrying like [`place`](Self::place). The body is
    /// not checked here; check the [`PlaceOrder`] before serialising it.
    pub async fn place_body(
        self,
        body: bytes::Bytes,
        key: &IdempotencyKey,
    ) -> Result<TrackingRecord, ApiError> {
        self.client.json(place_call(body, key)).await
    }

    /// [`place_body`](Self::place_body) as exactly one request, without the client's
    /// retries: the outbox retries itself and remembers whether each attempt may have
    /// reached the service.
    pub async fn place_once(
        self,
        body: bytes::Bytes,
        key: &IdempotencyKey,
    ) -> Result<TrackingRecord, ApiError> {
        self.client.json(place_call(body, key).once()).await
    }

    /// `GET /api/orders/{id}`: the tracking record (`Pending`, `Completed` with the order, or
    /// `Failed` with an error message).
    pub async fn get(self, id: OrderId) -> Result<TrackingRecord, ApiError> {
        let call = Call::get(format!("api/orders/{id}")).subject(Subject::Order(id));
        self.client.json(call).await
    }

    /// Polls `GET /api/orders/{id}` until the order is `Completed` or `Failed`, and answers that
    /// final record (a `Failed` order is an `Ok` answer: look at its `error_message`).
    ///
    /// Polls at once, then every `interval` (`None`: the client's poll interval, 5 s by
    /// default). `on_update` sees every record fetched, including the final one. On retryable
    /// errors it keeps polling with growing pauses (honouring `Retry-After`) and gives up after
    /// more consecutive failures than the retry policy's `max_retries`; other errors end it at
    /// once. It has no overall deadline: wrap it in `tokio::time::timeout` for one; dropping the
    /// future stops the polling.
    pub async fn track(
        self,
        id: OrderId,
        interval: Option<Duration>,
        mut on_update: impl FnMut(&TrackingRecord),
    ) -> Result<TrackingRecord, ApiError> {
        let interval = interval.unwrap_or_else(|| self.client.poll_interval());
        let policy = self.client.retry_policy();
        let mut failures = 0u32;
        loop {
            let pause = match self.get(id).await {
                Ok(record) => {
                    failures = 0;
                    on_update(&record);
                    if record.is_final() {
                        return Ok(record);
                    }
                    interval
                }
                Err(err) if err.is_retryable() && failures < policy.max_retries => {
                    let backoff = policy.delay(failures, err.retry_after(), rand::random::<f64>());
                    failures += 1;
                    tracing::warn!(
                        order = %id,
                        failures,
                        pause_ms = (interval + backoff).as_millis() as u64,
                        error = %err,
                        "tracking an order failed; will poll again"
                    );
                    interval + backoff
                }
                Err(err) => return Err(err),
            };
            tokio::time::sleep(pause).await;
        }
    }
}

/// `POST /api/orders` with these exact bytes and key.
fn place_call(body: bytes::Bytes, key: &IdempotencyKey) -> Call {
    Call::post("api/orders")
        .json_bytes(body)
        .idempotency_key(key.as_str())
        .subject(Subject::OrderEndpoint)
}
