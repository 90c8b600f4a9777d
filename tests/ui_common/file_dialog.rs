//! The backend's file dialogs ("Open" and "Save as…") answered for the person in tests.

use futures_util::future::BoxFuture;
use logodesk::backend::{FileDialog, OpenRequest, SaveRequest};
use std::collections::VecDeque;
use std::path::PathBuf;
use std::sync::Mutex;

/// File dialogs that answer as scripted (a file, or `None`: closed) and remember what they
/// were asked. An unscripted dialog answers `None`, as a closed one.
#[derive(Default)]
pub struct Scripted {
    answers: Mutex<VecDeque<Option<PathBuf>>>,
    asked: Mutex<Vec<SaveRequest>>,
    picks: Mutex<VecDeque<Option<PathBuf>>>,
    opened: Mutex<Vec<OpenRequest>>,
}

impl Scripted {
    /// What the next "Save as…" answers.
    pub fn will_answer(&self, answer: Option<PathBuf>) {
        self.answers.lock().unwrap().push_back(answer);
    }

    /// Every "Save as…" shown so far.
    pub fn asked(&self) -> Vec<SaveRequest> {
        self.asked.lock().unwrap().clone()
    }

    /// The file the next "Open" dialog chooses (`None`: the person closes it).
    pub fn will_pick(&self, answer: Option<PathBuf>) {
        self.picks.lock().unwrap().push_back(answer);
    }

    /// Every "Open" dialog shown so far.
    pub fn opened(&self) -> Vec<OpenRequest> {
        self.opened.lock().unwrap().clone()
    }
}

impl FileDialog for Scripted {
    fn save_file(&self, request: SaveRequest) -> BoxFuture<'static, Option<PathBuf>> {
        self.asked.lock().unwrap().push(request);
        let answer = self.answers.lock().unwrap().pop_front().flatten();
        Box::pin(async move { answer })
    }

    fn open_file(&self, request: OpenRequest) -> BoxFuture<'static, Option<PathBuf>> {
        self.opened.lock().unwrap().push(request);
        let answer = self.picks.lock().unwrap().pop_front().flatten();
        Box::pin(async move { answer })
    }
}
