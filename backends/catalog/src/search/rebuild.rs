//! The operator's "rebuild now": its progress as the operator routes answer it.

use std::sync::Arc;

use serde::Serialize;
use utoipa::ToSchema;

use super::feed::IndexFeed;
use super::follower::IndexFollower;

/// Where the last operator rebuild is.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum RebuildState {
    /// None since the service started.
    #[default]
    Idle,
    Running,
    Done,
    Failed,
}

/// The progress of the last operator rebuild. `indexed` counts documents added to the new
/// index, `total` the items the store held when it started; times are epoch milliseconds.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RebuildProgress {
    pub state: RebuildState,
    pub indexed: u64,
    pub total: u64,
    pub started_time: Option<i64>,
    pub finished_time: Option<i64>,
    /// Why it failed (`state` = `failed`).
    pub error: Option<String>,
}

/// The answer of "rebuild now": whether this request started a rebuild (`false`: one is
/// running already, and `progress` is that one's).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RebuildStarted {
    pub started: bool,
    pub progress: RebuildProgress,
}

/// What the operator routes need of a library's index, whatever its feed.
pub trait RebuildControl: Send + Sync + 'static {
    /// Starts a rebuild unless one is running; whether this call started it, and the progress.
    fn rebuild_now(self: Arc<Self>) -> anyhow::Result<(bool, RebuildProgress)>;
    fn rebuild_progress(&self) -> RebuildProgress;
}

impl<F: IndexFeed> RebuildControl for IndexFollower<F> {
    fn rebuild_now(self: Arc<Self>) -> anyhow::Result<(bool, RebuildProgress)> {
        IndexFollower::rebuild_now(&self)
    }

    fn rebuild_progress(&self) -> RebuildProgress {
        IndexFollower::rebuild_progress(self)
    }
}
