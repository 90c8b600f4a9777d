//! Vectorize tasks.

use crate::api::client::{Call, Client};
use crate::api::error::{ApiError, Subject};
use crate::api::ids::TaskId;
use crate::api::models::VectorizeTask;

/// Vectorize task endpoints; reached through [`Client::vectorize`].
#[derive(Debug, Clone, Copy)]
pub struct VectorizeHandler<'c> {
    client: &'c Client,
}

impl Client {
    /// Vectorize tasks.
    pub fn vectorize(&self) -> VectorizeHandler<'_> {
        VectorizeHandler { client: self }
    }
}

impl<'c> VectorizeHandler<'c> {
    /// `GET /api/vectorize/tasks/{taskId}`.
    pub async fn task(self, id: TaskId) -> Result<VectorizeTask, ApiError> {
        let call =
            Call::get(format!("api/vectorize/tasks/{id}")).subject(Subject::VectorizeTask(id));
        self.client.json(call).await
    }
}
