//! The history of a library's imports (docs/operations.md "Imports"): every finished run of its
//! importer over the seed directory, whether a start found new sources or an operator asked for
//! it, with its report or the reason it failed. The status of [`super::import_control`] shows the
//! last operator run since the service started; this outlives restarts.

use std::future::Future;

use anyhow::Context;
use chrono::{DateTime, SubsecRound, Utc};
use serde::{Deserialize, Serialize};
use sqlx::{PgPool, SqlitePool};
use utoipa::{IntoParams, ToSchema};

use super::import::ImportReport;
use super::import_control::ImportSummary;

/// Why an import ran.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum ImportOrigin {
    /// A start of the service found sources it had not imported.
    Start,
    /// An operator's "import now".
    Operator,
    /// `portal import components` on the server.
    Command,
}

impl ImportOrigin {
    fn as_str(self) -> &'static str {
        match self {
            Self::Start => "start",
            Self::Operator => "operator",
            Self::Command => "command",
        }
    }

    fn parse(text: &str) -> Self {
        match text {
            "operator" => Self::Operator,
            "command" => Self::Command,
            _ => Self::Start,
        }
    }
}

/// How a finished import ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum ImportRunState {
    Done,
    Failed,
}

/// One past import, as the history lists it. Times are epoch milliseconds.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ImportRun {
    pub id: i64,
    pub origin: ImportOrigin,
    pub state: ImportRunState,
    /// The operator who asked for it (`origin` = `operator`).
    pub operator_id: Option<i64>,
    pub started_time: i64,
    pub finished_time: i64,
    /// The report of a run that ended `done`.
    pub report: Option<ImportSummary>,
    /// Why a `failed` run failed.
    pub error: Option<String>,
}

/// The history's page as the operations page asks for it.
#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct ImportHistoryQuery {
    /// From 1 (default 1).
    pub page_no: Option<i64>,
    /// 1–100 (default 10).
    pub page_size: Option<i64>,
}

/// A finished run to record.
#[derive(Debug, Clone)]
pub struct FinishedRun<'a> {
    pub seed: &'a str,
    pub origin: ImportOrigin,
    pub operator_id: Option<i64>,
    pub started_at: DateTime<Utc>,
    pub outcome: Result<&'a ImportSummary, String>,
}

#[derive(sqlx::FromRow)]
struct RunRow {
    id: i64,
    origin: String,
    state: String,
    operator_id: Option<i64>,
    started_at: DateTime<Utc>,
    finished_at: DateTime<Utc>,
    report_json: Option<String>,
    error: Option<String>,
}

impl From<RunRow> for ImportRun {
    fn from(row: RunRow) -> Self {
        Self {
            id: row.id,
            origin: ImportOrigin::parse(&row.origin),
            state: if row.state == "done" {
                ImportRunState::Done
            } else {
                ImportRunState::Failed
            },
            operator_id: row.operator_id,
            started_time: row.started_at.timestamp_millis(),
            finished_time: row.finished_at.timestamp_millis(),
            // A report this build cannot read shows as none rather than failing the page.
            report: row
                .report_json
                .as_deref()
                .and_then(|json| serde_json::from_str(json).ok()),
            error: row.error,
        }
    }
}

#[allow(async_fn_in_trait)] // used with concrete types only; no `dyn`
pub trait ImportHistoryStore {
    /// Writes one finished run.
    async fn record_run(&self, run: &FinishedRun<'_>) -> anyhow::Result<()>;
    /// `seed`'s runs, newest first; the page and the total count.
    async fn page_runs(
        &self,
        seed: &str,
        offset: i64,
        limit: i64,
    ) -> anyhow::Result<(Vec<ImportRun>, i64)>;
}

macro_rules! import_history_store {
    ($store:ident, $pool:ty, $db:ty) => {
        #[derive(Clone)]
        pub struct $store {
            pool: $pool,
        }

        impl $store {
            pub fn new(pool: $pool) -> Self {
                Self { pool }
            }
        }

        impl ImportHistoryStore for $store {
            async fn record_run(&self, run: &FinishedRun<'_>) -> anyhow::Result<()> {
                let (state, report, error) = match &run.outcome {
                    Ok(summary) => (
                        "done",
                        Some(serde_json::to_string(summary).context("encoding a report")?),
                        None,
                    ),
                    Err(error) => ("failed", None, Some(error.as_str())),
                };
                sqlx::query(
                    "INSERT INTO import_run (seed, origin, state, operator_id, started_at, \
                     finished_at, report_json, error) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
                )
                .bind(run.seed)
                .bind(run.origin.as_str())
                .bind(state)
                .bind(run.operator_id)
                .bind(run.started_at.trunc_subsecs(3))
                .bind(Utc::now().trunc_subsecs(3))
                .bind(report)
                .bind(error)
                .execute(&self.pool)
                .await
                .context("recording an import run")?;
                Ok(())
            }

            async fn page_runs(
                &self,
                seed: &str,
                offset: i64,
                limit: i64,
            ) -> anyhow::Result<(Vec<ImportRun>, i64)> {
                let total: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM import_run WHERE seed = $1")
                    .bind(seed)
                    .fetch_one(&self.pool)
                    .await
                    .context("counting import runs")?;
                let rows: Vec<RunRow> = sqlx::query_as(
                    "SELECT id, origin, state, operator_id, started_at, finished_at, \
                     report_json, error FROM import_run WHERE seed = $1 \
                     ORDER BY id DESC LIMIT $2 OFFSET $3",
                )
                .bind(seed)
                .bind(limit)
                .bind(offset)
                .fetch_all(&self.pool)
                .await
                .context("listing import runs")?;
                Ok((rows.into_iter().map(Into::into).collect(), total))
            }
        }
    };
}

pub mod sqlite_impl {
    use super::*;
    import_history_store!(SqliteImportHistoryStore, SqlitePool, sqlx::Sqlite);
}
pub mod postgres_impl {
    use super::*;
    import_history_store!(PgImportHistoryStore, PgPool, sqlx::Postgres);
}
pub use postgres_impl::PgImportHistoryStore;
pub use sqlite_impl::SqliteImportHistoryStore;

kernel::repository! {
    /// The import history of the library's database, whichever backend it is.
    #[derive(Clone)]
    pub enum ImportHistoryRepository: ImportHistoryStore {
        Sqlite(SqliteImportHistoryStore),
        Postgres(PgImportHistoryStore),
    }
    async fn record_run(&self, run: &FinishedRun<'_>) -> anyhow::Result<()>;
    async fn page_runs(&self, seed: &str, offset: i64, limit: i64) -> anyhow::Result<(Vec<ImportRun>, i64)>;
}

/// Writes `run` to the history of `db`. A history that cannot be written is logged, not made the
/// import's failure: the import itself is stored either way.
pub async fn record(db: &kernel::Database, run: &FinishedRun<'_>) {
    if let Err(error) = ImportHistoryRepository::new(db).record_run(run).await {
        tracing::warn!(
            seed = run.seed,
            error = format!("{error:#}"),
            "import history not written"
        );
    }
}

/// Runs an import of `seed` that no operator asked for (a start's, a command's) and records it
/// (done with its report, or failed with the reason, which is then returned as it was).
pub async fn recorded<X, Fut>(
    db: &kernel::Database,
    seed: &str,
    origin: ImportOrigin,
    import: Fut,
) -> anyhow::Result<ImportReport<X>>
where
    X: Serialize,
    Fut: Future<Output = anyhow::Result<ImportReport<X>>>,
{
    let started_at = Utc::now();
    let outcome = import.await;
    let summary = outcome.as_ref().map(ImportSummary::of);
    record(
        db,
        &FinishedRun {
            seed,
            origin,
            operator_id: None,
            started_at,
            outcome: summary.as_ref().map_err(|error| format!("{error:#}")),
        },
    )
    .await;
    outcome
}
