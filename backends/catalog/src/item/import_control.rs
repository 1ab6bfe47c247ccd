//! The operator's "import now" (docs/operations.md "Imports"): a library's importer run over its
//! seed directory on request, in the background, one at a time, with its progress and its report
//! (counts and the reasons records were rejected) readable while it runs and after it ended.
//! It runs under the seed's lock ([`import_now`]): a portal starting meanwhile waits and then
//! finds the sources imported.

use std::future::Future;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use futures_util::future::BoxFuture;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::import::{import_now, ImportProgress, ImportReport, ProgressState};
use super::import_history::{self, FinishedRun, ImportOrigin};
use crate::search::RebuildState;

/// What one import stored and refused, whatever its library.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ImportSummary {
    /// Records read from the sources.
    pub read: usize,
    pub inserted: usize,
    pub updated: usize,
    pub unchanged: usize,
    pub rejected: usize,
    /// The first reasons (`<record>: <reason>`); `rejected` counts them all.
    pub reasons: Vec<String>,
    pub elapsed_ms: u64,
    /// The library's own counters (components: uncategorised, without manufacturer, …).
    #[schema(value_type = Object)]
    pub extra: serde_json::Value,
}

impl<X: Serialize> From<ImportReport<X>> for ImportSummary {
    fn from(report: ImportReport<X>) -> Self {
        Self::of(&report)
    }
}

impl ImportSummary {
    /// The summary of `report` (the history keeps it as well as the status).
    pub fn of<X: Serialize>(report: &ImportReport<X>) -> Self {
        Self {
            read: report.read,
            inserted: report.stored.inserted,
            updated: report.stored.updated,
            unchanged: report.stored.unchanged,
            rejected: report.rejected,
            reasons: report.reasons.clone(),
            elapsed_ms: u64::try_from(report.elapsed.as_millis()).unwrap_or(u64::MAX),
            extra: serde_json::to_value(&report.extra).unwrap_or_default(),
        }
    }
}

/// Where the last operator import is. Times are epoch milliseconds.
#[derive(Debug, Clone, Default, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ImportStatus {
    /// `idle`: none since the service started.
    pub state: RebuildState,
    /// Whether the library has a seed directory to import from.
    pub source_available: bool,
    /// What the importer reads now (a source, a table, a library).
    pub phase: String,
    /// Steps done and planned (the library's step: a source, a table, a symbol library).
    pub done: u64,
    pub total: u64,
    /// Records read and rejected so far.
    pub read: usize,
    pub rejected: usize,
    pub started_time: Option<i64>,
    pub finished_time: Option<i64>,
    /// The finished import's report.
    pub report: Option<ImportSummary>,
    /// Why it failed (`state` = `failed`).
    pub error: Option<String>,
}

/// The answer of "import now": whether this request started one (`false`: one is running, or
/// there is nothing to import from) and the status.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ImportStarted {
    pub started: bool,
    pub status: ImportStatus,
}

/// A library's import of a seed directory, reporting to the progress it is given.
pub type ImportFn = Arc<
    dyn Fn(PathBuf, ImportProgress) -> BoxFuture<'static, anyhow::Result<ImportSummary>>
        + Send
        + Sync,
>;

/// The digest of a seed directory (the library's `source_digest`).
pub type DigestFn = fn(&Path) -> anyhow::Result<String>;

/// One library's "import now": at most one run at a time per service.
pub struct ImportControl {
    db: kernel::Database,
    seed: &'static str,
    dir: Option<PathBuf>,
    digest: DigestFn,
    import: ImportFn,
    run: Mutex<Run>,
}

#[derive(Default)]
struct Run {
    status: ImportStatus,
    /// The running import's progress (read live by [`ImportControl::status`]).
    progress: Option<ImportProgress>,
}

impl ImportControl {
    /// `dir`: the seed directory the library imports on start (`None`: it has none).
    pub fn new(
        db: kernel::Database,
        seed: &'static str,
        dir: Option<PathBuf>,
        digest: DigestFn,
        import: ImportFn,
    ) -> Self {
        Self {
            db,
            seed,
            dir,
            digest,
            import,
            run: Mutex::new(Run::default()),
        }
    }

    /// The control of a library whose importer runs over `store` (a clone per run), reporting
    /// to the progress it is given: what every library builds.
    pub fn over<S, X, F, Fut>(
        db: &kernel::Database,
        seed: &'static str,
        dir: Option<PathBuf>,
        digest: DigestFn,
        store: S,
        import: F,
    ) -> Self
    where
        S: Clone + Send + Sync + 'static,
        X: Serialize,
        F: Fn(S, PathBuf, ImportProgress) -> Fut + Send + Sync + 'static,
        Fut: Future<Output = anyhow::Result<ImportReport<X>>> + Send + 'static,
    {
        let import = Arc::new(import);
        let run: ImportFn = Arc::new(move |dir, progress| {
            let (store, import) = (store.clone(), Arc::clone(&import));
            Box::pin(async move { Ok(import(store, dir, progress).await?.into()) })
        });
        Self::new(db.clone(), seed, dir, digest, run)
    }

    /// The seed name the library imports under (the history's key).
    pub fn seed(&self) -> &'static str {
        self.seed
    }

    fn source(&self) -> Option<&Path> {
        self.dir.as_deref().filter(|dir| dir.is_dir())
    }

    /// The last import's status; a running one's progress as of now.
    pub fn status(&self) -> ImportStatus {
        let run = self
            .run
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        let mut status = run.status.clone();
        if let Some(progress) = &run.progress {
            with_progress(&mut status, &progress.state());
        }
        status.source_available = self.source().is_some();
        status
    }

    /// Starts an import of the seed directory unless one is running or there is none; whether
    /// this call started it, and the status. `operator`: who asked (the history records it).
    pub fn start(self: &Arc<Self>, operator: i64) -> ImportStarted {
        let Some(dir) = self.source().map(Path::to_path_buf) else {
            return ImportStarted {
                started: false,
                status: self.status(),
            };
        };
        {
            let mut run = self
                .run
                .lock()
                .unwrap_or_else(|poisoned| poisoned.into_inner());
            if run.status.state == RebuildState::Running {
                drop(run);
                return ImportStarted {
                    started: false,
                    status: self.status(),
                };
            }
            let progress = ImportProgress::hidden();
            let started_at = chrono::Utc::now();
            run.status = ImportStatus {
                state: RebuildState::Running,
                started_time: Some(started_at.timestamp_millis()),
                ..ImportStatus::default()
            };
            run.progress = Some(progress.clone());
            let control = Arc::clone(self);
            tokio::spawn(async move {
                // The run in a task of its own: an importer that panics ends as `failed`
                // instead of leaving the status `running` for good.
                let run = {
                    let (control, progress) = (Arc::clone(&control), progress.clone());
                    tokio::spawn(async move { control.run_import(dir, progress).await })
                };
                let outcome = run.await.unwrap_or_else(|stopped| {
                    Err(anyhow::anyhow!("the import stopped: {stopped}"))
                });
                // In the history before the status says it ended: a page that sees the end
                // finds it there.
                import_history::record(
                    &control.db,
                    &FinishedRun {
                        seed: control.seed,
                        origin: ImportOrigin::Operator,
                        operator_id: Some(operator),
                        started_at,
                        outcome: outcome.as_ref().map_err(|error| format!("{error:#}")),
                    },
                )
                .await;
                control.finish(outcome, &progress.state());
            });
        }
        ImportStarted {
            started: true,
            status: self.status(),
        }
    }

    async fn run_import(
        &self,
        dir: PathBuf,
        progress: ImportProgress,
    ) -> anyhow::Result<ImportSummary> {
        let digest = {
            let dir = dir.clone();
            let digest = self.digest;
            tokio::task::spawn_blocking(move || digest(&dir)).await??
        };
        let import = Arc::clone(&self.import);
        import_now(&self.db, self.seed, &digest, || import(dir, progress)).await
    }

    fn finish(&self, outcome: anyhow::Result<ImportSummary>, last: &ProgressState) {
        let mut run = self
            .run
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        run.progress = None;
        let status = &mut run.status;
        with_progress(status, last);
        status.finished_time = Some(chrono::Utc::now().timestamp_millis());
        match outcome {
            Ok(summary) => {
                status.state = RebuildState::Done;
                status.read = summary.read;
                status.rejected = summary.rejected;
                status.report = Some(summary);
            }
            Err(error) => {
                status.state = RebuildState::Failed;
                status.error = Some(format!("{error:#}"));
            }
        }
        tracing::info!(seed = self.seed, state = ?status.state, read = status.read, rejected = status.rejected, error = ?status.error, "import by an operator ended");
    }
}

fn with_progress(status: &mut ImportStatus, progress: &ProgressState) {
    status.phase.clone_from(&progress.phase);
    status.done = progress.done;
    status.total = progress.total;
    status.read = progress.read;
    status.rejected = progress.rejected;
}
