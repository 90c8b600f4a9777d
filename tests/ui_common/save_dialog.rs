//! A "Save as…" dialog answered for the person in tests.

use logodesk::backend::{SaveDialog, SaveRequest};
use std::collections::VecDeque;
use std::path::PathBuf;
use std::sync::Mutex;

/// A "Save as…" that answers as scripted (a file, or `None`: closed) and remembers what it
/// was asked.
#[derive(Default)]
pub struct Scripted {
    answers: Mutex<VecDeque<Option<PathBuf>>>,
    asked: Mutex<Vec<SaveRequest>>,
}

impl Scripted {
    pub fn will_answer(&self, answer: Option<PathBuf>) {
        self.answers.lock().unwrap().push_back(answer);
    }

    pub fn asked(&self) -> Vec<SaveRequest> {
        self.asked.lock().unwrap().clone()
    }
}

impl SaveDialog for Scripted {
    fn save_file(
        &self,
        request: SaveRequest,
    ) -> futures_util::future::BoxFuture<'static, Option<PathBuf>> {
        self.asked.lock().unwrap().push(request);
        let answer = self.answers.lock().unwrap().pop_front().flatten();
        Box::pin(async move { answer })
    }
}
