//! Usage statistics of a library (docs/statistics.md): what the search and download routes
//! record, and the statistics the operators read under `/to/stat/<library>`.
//!
//! Recording never slows a request: a route hands its event to [`UsageRecorder::search`] or
//! [`UsageRecorder::download`], which put it on a bounded channel without waiting (when the
//! channel is full the event is dropped and counted, with a warning). One background task, the
//! [`UsageWriter`], takes what is queued and inserts it in batches (one transaction each), and
//! prunes events older than the retention (`[stats] retention_days`, 180 by default) when it
//! starts and then every hour.

pub mod store;

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use chrono::{DateTime, SubsecRound, Utc};
use tokio::sync::{mpsc, oneshot};

use self::store::{UsageRepository, UsageStore};

/// The most events one insert writes.
pub const MAX_BATCH: usize = 500;
/// How often the writer prunes old events.
const PRUNE_EVERY: Duration = Duration::from_secs(3600);

/// A search's text as the statistics count it: trimmed, lower-case, runs of whitespace (and
/// the `|` between keyword tags) collapsed into one space. `"  LM358 | Op Amp "` → `"lm358 op amp"`.
pub fn normalise_query(text: &str) -> String {
    text.split(|c: char| c.is_whitespace() || c == '|')
        .filter(|word| !word.is_empty())
        .map(str::to_lowercase)
        .collect::<Vec<_>>()
        .join(" ")
}

/// One keyword search (first page only).
#[derive(Debug, Clone, PartialEq)]
pub struct SearchEvent {
    pub library: &'static str,
    /// Normalised ([`normalise_query`]).
    pub query: String,
    /// A category, manufacturer, package or range filter was applied.
    pub filtered: bool,
    pub total: i64,
    pub user_id: Option<i64>,
    pub at: DateTime<Utc>,
}

/// One download of an item's file.
#[derive(Debug, Clone, PartialEq)]
pub struct DownloadEvent {
    pub library: &'static str,
    pub item_id: i64,
    pub kind: String,
    pub user_id: Option<i64>,
    pub at: DateTime<Utc>,
}

/// What the writer is handed.
#[derive(Debug)]
enum Message {
    Search(SearchEvent),
    Download(DownloadEvent),
    /// Write everything queued before this, then answer.
    Flush(oneshot::Sender<()>),
}

/// Counters of the recorder and its writer (for logs, tests and the operator).
#[derive(Debug, Default)]
pub struct UsageCounters {
    /// Events dropped because the queue was full.
    pub dropped: AtomicU64,
    /// Events written.
    pub written: AtomicU64,
    /// Inserts (one transaction each).
    pub batches: AtomicU64,
    /// Events lost because an insert failed (logged).
    pub failed: AtomicU64,
    /// Events pruned for their age.
    pub pruned: AtomicU64,
}

/// The sending side, shared by a library's routes.
#[derive(Debug)]
pub struct UsageRecorder {
    library: &'static str,
    sender: mpsc::Sender<Message>,
    counters: Arc<UsageCounters>,
}

/// The receiving side: [`UsageWriter::spawn`] starts the background task.
pub struct UsageWriter {
    receiver: mpsc::Receiver<Message>,
    counters: Arc<UsageCounters>,
}

impl UsageRecorder {
    /// A recorder of `library` whose queue holds `capacity` events, and its writer (not started).
    pub fn new(library: &'static str, capacity: usize) -> (Arc<Self>, UsageWriter) {
        let (sender, receiver) = mpsc::channel(capacity.max(1));
        let counters = Arc::new(UsageCounters::default());
        (
            Arc::new(Self {
                library,
                sender,
                counters: Arc::clone(&counters),
            }),
            UsageWriter { receiver, counters },
        )
    }

    /// A recorder whose writer runs on the service's database with the `[stats]` settings.
    pub fn start(context: &kernel::ServiceContext, library: &'static str) -> Arc<Self> {
        let settings = &context.settings.stats;
        let (recorder, writer) = Self::new(library, settings.queue);
        writer.spawn(
            UsageRepository::new(&context.db),
            settings.retention_days,
            MAX_BATCH,
        );
        recorder
    }

    pub fn library(&self) -> &'static str {
        self.library
    }

    pub fn counters(&self) -> &UsageCounters {
        &self.counters
    }

    /// Records a keyword search (`query` as typed: it is normalised here; an empty one is not
    /// recorded).
    pub fn search(&self, query: &str, filtered: bool, total: i64, user_id: Option<i64>) {
        let query = normalise_query(query);
        if query.is_empty() {
            return;
        }
        self.send(Message::Search(SearchEvent {
            library: self.library,
            query,
            filtered,
            total,
            user_id,
            at: now(),
        }));
    }

    /// Records a download of `item_id`'s file of `kind`.
    pub fn download(&self, item_id: i64, kind: &str, user_id: Option<i64>) {
        self.send(Message::Download(DownloadEvent {
            library: self.library,
            item_id,
            kind: kind.to_owned(),
            user_id,
            at: now(),
        }));
    }

    /// Never waits: a full queue drops the event (counted; warned at the first drop and every
    /// thousandth after it).
    fn send(&self, message: Message) {
        if self.sender.try_send(message).is_err() {
            let dropped = self.counters.dropped.fetch_add(1, Ordering::Relaxed) + 1;
            if dropped == 1 || dropped.is_multiple_of(1000) {
                tracing::warn!(
                    library = self.library,
                    dropped,
                    "usage event queue full: events dropped"
                );
            }
        }
    }

    /// Waits until everything recorded before this call is written (tests, and the statistics
    /// routes before they answer, so an operator sees the search just made).
    pub async fn flush(&self) {
        let (done, written) = oneshot::channel();
        if self.sender.send(Message::Flush(done)).await.is_ok() {
            // The writer answers every flush it takes; gone, it has nothing to write.
            let _ = written.await;
        }
    }
}

fn now() -> DateTime<Utc> {
    Utc::now().trunc_subsecs(6)
}

impl UsageWriter {
    /// Starts the background task: it prunes, then writes what arrives in batches of at most
    /// `max_batch` until every recorder is dropped.
    pub fn spawn(self, store: UsageRepository, retention_days: u32, max_batch: usize) {
        tokio::spawn(self.run(store, retention_days, max_batch.max(1)));
    }

    async fn run(mut self, store: UsageRepository, retention_days: u32, max_batch: usize) {
        let mut last_prune: Option<Instant> = None;
        let mut searches = Vec::new();
        let mut downloads = Vec::new();
        let mut flushes = Vec::new();
        loop {
            if last_prune.is_none_or(|at| at.elapsed() >= PRUNE_EVERY) {
                last_prune = Some(Instant::now());
                self.prune(&store, retention_days).await;
            }
            let Some(first) = self.receiver.recv().await else {
                return;
            };
            let mut message = Some(first);
            // Take what is queued, up to one batch; a flush ends the batch.
            while let Some(next) = message.take() {
                match next {
                    Message::Search(event) => searches.push(event),
                    Message::Download(event) => downloads.push(event),
                    Message::Flush(done) => {
                        flushes.push(done);
                        break;
                    }
                }
                if searches.len() + downloads.len() >= max_batch {
                    break;
                }
                message = self.receiver.try_recv().ok();
            }
            self.write(&store, &mut searches, &mut downloads).await;
            for done in flushes.drain(..) {
                let _ = done.send(());
            }
        }
    }

    async fn write(
        &self,
        store: &UsageRepository,
        searches: &mut Vec<SearchEvent>,
        downloads: &mut Vec<DownloadEvent>,
    ) {
        let count = (searches.len() + downloads.len()) as u64;
        if count == 0 {
            return;
        }
        match store.insert(searches, downloads).await {
            Ok(()) => {
                self.counters.written.fetch_add(count, Ordering::Relaxed);
                self.counters.batches.fetch_add(1, Ordering::Relaxed);
            }
            Err(error) => {
                self.counters.failed.fetch_add(count, Ordering::Relaxed);
                tracing::warn!(error = %format!("{error:#}"), count, "usage events not written");
            }
        }
        searches.clear();
        downloads.clear();
    }

    async fn prune(&self, store: &UsageRepository, retention_days: u32) {
        let before = day_of(Utc::now() - chrono::Duration::days(i64::from(retention_days)));
        match store.prune(&before).await {
            Ok(pruned) => {
                self.counters.pruned.fetch_add(pruned, Ordering::Relaxed);
                if pruned > 0 {
                    tracing::info!(pruned, before, "old usage events pruned");
                }
            }
            Err(error) => {
                tracing::warn!(error = %format!("{error:#}"), "usage events not pruned")
            }
        }
    }
}

/// The signed-in user of a request, if any: never an error (an expired token, a foreign
/// tenant or no token checker count as anonymous), so recording cannot fail a request.
pub async fn user_of(request: &actix_web::HttpRequest) -> Option<i64> {
    // Anonymous requests (most) skip the extractor.
    request
        .headers()
        .get(actix_web::http::header::AUTHORIZATION)?;
    <auth::MaybeAuthUser as actix_web::FromRequest>::extract(request)
        .await
        .ok()
        .and_then(|user| user.0)
        .map(|user| user.user_id())
}

/// The UTC date of `at` as the `day` column holds it (`2026-11-27`).
pub fn day_of(at: DateTime<Utc>) -> String {
    at.format("%Y-%m-%d").to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn queries_are_trimmed_lower_cased_and_collapsed() {
        assert_eq!(normalise_query("  LM358 "), "lm358");
        assert_eq!(normalise_query("Op\t  AMP\n"), "op amp");
        assert_eq!(normalise_query("LM358|op amp"), "lm358 op amp");
        assert_eq!(normalise_query(" | "), "");
        assert_eq!(normalise_query("电容　10UF"), "电容 10uf");
        assert_eq!(normalise_query(""), "");
    }

    #[test]
    fn days_are_utc_dates() {
        let at = DateTime::parse_from_rfc3339("2026-11-27T23:30:00-02:00")
            .map(|at| at.with_timezone(&Utc));
        assert_eq!(at.map(day_of).ok().as_deref(), Some("2026-11-28"));
    }

    async fn memory_store() -> anyhow::Result<(UsageRepository, sqlx::SqlitePool)> {
        let pool = sqlx::sqlite::SqlitePoolOptions::new()
            .max_connections(1)
            .connect("sqlite::memory:")
            .await?;
        crate::SQLITE_MIGRATIONS.run(&pool).await?;
        Ok((
            UsageRepository::Sqlite(store::SqliteUsageStore::new(pool.clone())),
            pool,
        ))
    }

    async fn count(pool: &sqlx::SqlitePool, table: &str) -> anyhow::Result<i64> {
        Ok(sqlx::query_scalar(&format!("SELECT COUNT(*) FROM {table}"))
            .fetch_one(pool)
            .await?)
    }

    #[tokio::test]
    async fn a_full_queue_drops_and_counts_without_waiting() -> anyhow::Result<()> {
        let (recorder, writer) = UsageRecorder::new("component", 3);
        // The writer is not running: the queue fills and the rest is dropped at once.
        for n in 0..5 {
            recorder.search(&format!("query {n}"), false, n, None);
        }
        recorder.download(1, "symbol", Some(7));
        assert_eq!(recorder.counters().dropped.load(Ordering::Relaxed), 3);
        let (store, pool) = memory_store().await?;
        writer.spawn(store, 180, MAX_BATCH);
        recorder.flush().await;
        assert_eq!(count(&pool, "usage_search").await?, 3);
        assert_eq!(count(&pool, "usage_download").await?, 0);
        assert_eq!(recorder.counters().written.load(Ordering::Relaxed), 3);
        Ok(())
    }

    #[tokio::test]
    async fn queued_events_are_written_in_batches() -> anyhow::Result<()> {
        let (recorder, writer) = UsageRecorder::new("component", 100);
        for n in 0..7 {
            recorder.search(&format!("Query  {n}"), n % 2 == 0, n, Some(n));
        }
        for n in 0..3 {
            recorder.download(n, "model-step", None);
        }
        recorder.search("   ", false, 0, None);
        let (store, pool) = memory_store().await?;
        writer.spawn(store, 180, 4);
        recorder.flush().await;
        // Ten events queued before the writer started, at most four per insert.
        assert_eq!(recorder.counters().batches.load(Ordering::Relaxed), 3);
        assert_eq!(recorder.counters().written.load(Ordering::Relaxed), 10);
        assert_eq!(count(&pool, "usage_search").await?, 7);
        assert_eq!(count(&pool, "usage_download").await?, 3);
        let stored: Vec<(String, bool, i64, Option<i64>)> = sqlx::query_as(
            "SELECT query, filtered, total, user_id FROM usage_search ORDER BY id LIMIT 2",
        )
        .fetch_all(&pool)
        .await?;
        assert_eq!(
            stored,
            [
                ("query 0".to_owned(), true, 0, Some(0)),
                ("query 1".to_owned(), false, 1, Some(1))
            ]
        );
        Ok(())
    }

    #[tokio::test]
    async fn events_older_than_the_retention_are_pruned() -> anyhow::Result<()> {
        let (store, pool) = memory_store().await?;
        let old = Utc::now() - chrono::Duration::days(40);
        let event = |at: DateTime<Utc>| SearchEvent {
            library: "component",
            query: "old".into(),
            filtered: false,
            total: 0,
            user_id: None,
            at,
        };
        store.insert(&[event(old), event(Utc::now())], &[]).await?;
        let (recorder, writer) = UsageRecorder::new("component", 10);
        writer.spawn(store, 30, MAX_BATCH);
        recorder.flush().await;
        assert_eq!(recorder.counters().pruned.load(Ordering::Relaxed), 1);
        assert_eq!(count(&pool, "usage_search").await?, 1);
        Ok(())
    }
}
