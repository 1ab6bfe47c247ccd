//! The index follower: a library's search index persisted under `<data_dir>/index/<library>`,
//! reopened at start when its version stamp and checkpoint still fit the database, else rebuilt
//! from the store; then kept current from the library's change feed, so imports by another
//! process show up too. Searches run on a bounded pool of their own ([`kernel::WorkerPool`]),
//! off the HTTP workers. What a library provides is an [`IndexFeed`].

use std::collections::{HashMap, HashSet};
use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, OnceLock, RwLock};
use std::time::Duration;

use kernel::{ApiError, ApiResult, WorkerPool};
use search::{SearchIndex, SearchRequest, SearchResults};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use tokio::sync::watch;

use super::facets::FacetConfig;
use super::feed::IndexFeed;
use super::rebuild::{RebuildProgress, RebuildState};
use crate::model::CategoryRecord;
use crate::store::{CategoryRepository, CategoryStore, SyncStamp};

/// Items read per store call while indexing.
const BATCH: i64 = 1_000;
/// How often the change feed is polled.
pub const FOLLOW_INTERVAL: Duration = Duration::from_secs(2);

/// The checkpoint committed with the index: how far of the change feed it reflects, and what
/// the category names it holds were.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
struct Checkpoint {
    /// The last change-feed sequence applied (0: none).
    seq: i64,
    /// The item of that change: a database whose feed says otherwise at `seq` is not the one
    /// this index followed. (`componentId` in indexes the component library wrote before the kit.)
    #[serde(alias = "componentId")]
    item_id: Option<i64>,
    /// SHA-256 of the category table (codes, parents, names): documents hold the names.
    categories: String,
}

/// How the index came to be at start (also logged): reopened from disk, or rebuilt and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum IndexStart {
    /// The index on disk was current: reopened, then `caught_up` changes applied from the feed.
    Reopened { caught_up: usize },
    /// Rebuilt from the store: `reason` says why (no index, another version, requested, …).
    Rebuilt { reason: String, indexed: usize },
}

/// The category table as the follower last read it, and the sync stamp it was read at: while
/// the stamp is unchanged the table is (every write to it is a sync, which stamps anew), so a
/// follow tick reads one row instead of the table.
struct CategoryCache {
    stamp: Option<SyncStamp>,
    records: Arc<Vec<CategoryRecord>>,
    /// Code → (Chinese name, English name), for naming the category facet.
    names: Arc<HashMap<String, (String, String)>>,
}

/// The feed and categories the index was opened with: what an operator's rebuild reads.
struct Source<F> {
    feed: F,
    categories: CategoryRepository,
}

/// A library's search index, shared by every worker.
pub struct IndexFollower<F: IndexFeed> {
    /// The facets the library's searches count and answer.
    facets: FacetConfig,
    index: OnceLock<SearchIndex>,
    /// The last change-feed sequence applied and its item.
    applied_seq: tokio::sync::Mutex<(i64, Option<i64>)>,
    /// The last sequence applied, published after every catch-up or rebuild that reached the
    /// index (subscribers await it instead of a timing).
    applied_events: watch::Sender<i64>,
    /// The categories and their names, for naming the category facet without reading the
    /// category table per request (it was most of a faceted answer's time, docs/benchmarks.md)
    /// and for the documents of a catch-up. Read at open and at every rebuild, and again when a
    /// follow tick or a catch-up finds the table's sync stamp changed; `None` before the first
    /// read.
    categories: RwLock<Option<CategoryCache>>,
    /// Digest of the category table the documents were built with.
    category_digest: Mutex<String>,
    /// The threads searches run on (set when the service opens; without it they run inline).
    pool: OnceLock<WorkerPool>,
    /// How the index started.
    start: OnceLock<IndexStart>,
    /// Set by [`Self::open`].
    source: OnceLock<Source<F>>,
    /// The operator's "rebuild now" ([`Self::rebuild_now`]).
    progress: Mutex<RebuildProgress>,
    /// Documents added by the rebuild under way (its progress).
    rebuild_indexed: AtomicU64,
}

impl<F: IndexFeed> IndexFollower<F> {
    pub fn new(facets: FacetConfig) -> Self {
        Self {
            facets,
            index: OnceLock::new(),
            applied_seq: tokio::sync::Mutex::new((0, None)),
            applied_events: watch::Sender::new(0),
            categories: RwLock::new(None),
            category_digest: Mutex::default(),
            pool: OnceLock::new(),
            start: OnceLock::new(),
            source: OnceLock::new(),
            progress: Mutex::new(RebuildProgress::default()),
            rebuild_indexed: AtomicU64::new(0),
        }
    }

    /// The index, once [`Self::open`] or [`Self::rebuild`] has created it.
    pub fn index(&self) -> Option<&SearchIndex> {
        self.index.get()
    }

    /// How the index started ([`Self::open`]); `None` before.
    pub fn start(&self) -> Option<&IndexStart> {
        self.start.get()
    }

    pub fn facets(&self) -> &FacetConfig {
        &self.facets
    }

    /// Runs searches on `pool` from now on.
    pub fn set_pool(&self, pool: WorkerPool) {
        let _ = self.pool.set(pool);
    }

    /// The last change-feed sequence the index has applied, as it changes: a receiver sees the
    /// value after every catch-up or rebuild that reached the index.
    pub fn subscribe(&self) -> watch::Receiver<i64> {
        self.applied_events.subscribe()
    }

    /// Searches `index` counting the library's configured facets only.
    pub fn search(
        &self,
        index: &SearchIndex,
        request: &SearchRequest,
    ) -> Result<SearchResults, search::SearchError> {
        index.search_with_facets(request, self.facets.kinds())
    }

    /// Runs `work` with the index on the search pool (inline without one). A full pool answers
    /// 503 busy with `Retry-After`; no index yet answers 500.
    pub async fn run<T: Send + 'static>(
        self: Arc<Self>,
        work: impl FnOnce(&Self, &SearchIndex) -> T + Send + 'static,
    ) -> ApiResult<T> {
        let job = {
            let follower = Arc::clone(&self);
            move || -> Result<T, &'static str> {
                let index = follower.index().ok_or("search index not built")?;
                Ok(work(&follower, index))
            }
        };
        let outcome = match self.pool.get() {
            Some(pool) => pool.run(job).await.map_err(ApiError::from)?,
            None => job(),
        };
        outcome.map_err(|missing| ApiError::internal(anyhow::anyhow!(missing)))
    }

    /// The category names as of the last read of the category table (at open, at a rebuild, or
    /// when a follow tick or a catch-up found it synchronised since).
    pub fn category_names(&self) -> Arc<HashMap<String, (String, String)>> {
        self.categories
            .read()
            .ok()
            .and_then(|cache| cache.as_ref().map(|cache| Arc::clone(&cache.names)))
            .unwrap_or_default()
    }

    /// Reads the category table and keeps it. The stamp is read first: a sync that commits in
    /// between leaves a newer stamp than the one kept, so the next check reads the table again.
    async fn read_categories(
        &self,
        categories: &CategoryRepository,
    ) -> anyhow::Result<Arc<Vec<CategoryRecord>>> {
        let stamp = categories.last_sync().await?;
        self.read_categories_at(stamp, categories).await
    }

    async fn read_categories_at(
        &self,
        stamp: Option<SyncStamp>,
        categories: &CategoryRepository,
    ) -> anyhow::Result<Arc<Vec<CategoryRecord>>> {
        let records = Arc::new(categories.list_all().await?);
        let names = records
            .iter()
            .map(|record| {
                (
                    record.code.clone(),
                    (record.name.clone(), record.name_en.clone()),
                )
            })
            .collect();
        if let Ok(mut cache) = self.categories.write() {
            *cache = Some(CategoryCache {
                stamp,
                records: Arc::clone(&records),
                names: Arc::new(names),
            });
        }
        Ok(records)
    }

    /// The categories as the table holds them now: the kept ones while its sync stamp is the one
    /// they were read at (one row read), else read again. Answers whether the table was read.
    async fn current_categories(
        &self,
        categories: &CategoryRepository,
    ) -> anyhow::Result<(Arc<Vec<CategoryRecord>>, bool)> {
        let stamp = categories.last_sync().await?;
        let kept = self.categories.read().ok().and_then(|cache| {
            cache
                .as_ref()
                .filter(|cache| cache.stamp == stamp)
                .map(|cache| Arc::clone(&cache.records))
        });
        match kept {
            Some(records) => Ok((records, false)),
            None => Ok((self.read_categories_at(stamp, categories).await?, true)),
        }
    }

    /// Reads the category table again if it was synchronised since the follower last read it
    /// (what every follow tick does); answers whether it did. The documents already indexed keep
    /// the names they were built with until they change or the index is rebuilt (the checkpoint's
    /// category digest makes the next start rebuild it).
    pub async fn refresh_categories(
        &self,
        categories: &CategoryRepository,
    ) -> anyhow::Result<bool> {
        Ok(self.current_categories(categories).await?.1)
    }

    /// Records the checkpoint that the index's next commit carries.
    fn checkpoint(&self, index: &SearchIndex, seq: i64, item_id: Option<i64>) {
        let categories = self
            .category_digest
            .lock()
            .map(|digest| digest.clone())
            .unwrap_or_default();
        let checkpoint = Checkpoint {
            seq,
            item_id,
            categories,
        };
        if let Ok(json) = serde_json::to_string(&checkpoint) {
            index.set_commit_payload(json);
        }
    }

    /// Opens the index at start: from `dir` (`<data_dir>/index/<library>`; `None`: in memory)
    /// when its version stamp is current, its checkpoint matches this database's change feed
    /// and category table, and no rebuild is `requested` — then catches up from the feed;
    /// otherwise rebuilds it from the store. A directory another process holds (tantivy's lock)
    /// falls back to an index in memory. Keeps `feed` and `categories` for [`Self::rebuild_now`].
    pub async fn open(
        &self,
        dir: Option<&Path>,
        requested: bool,
        feed: &F,
        categories: &CategoryRepository,
    ) -> anyhow::Result<IndexStart>
    where
        F: Clone,
    {
        let (index, mut reason) = match dir {
            Some(dir) => match SearchIndex::open_versioned(dir, feed.owner_version()) {
                Ok(index) => {
                    let reason = index
                        .needs_rebuild()
                        .then(|| "no index of this version on disk".to_string());
                    (index, reason)
                }
                Err(error) => {
                    tracing::warn!(library = feed.label(), dir = %dir.display(), error = %error, "search index: the directory cannot be used; indexing in memory");
                    (SearchIndex::in_memory()?, Some(format!("{error}")))
                }
            },
            None => (SearchIndex::in_memory()?, Some("in memory".to_string())),
        };
        let category_records = self.read_categories(categories).await?;
        let digest = category_digest(&category_records);
        if reason.is_none() && requested {
            reason = Some("requested (search.rebuild_on_start)".to_string());
        }
        let mut resume = None;
        if reason.is_none() {
            let checkpoint = index
                .committed_payload()?
                .and_then(|payload| serde_json::from_str::<Checkpoint>(&payload).ok());
            match checkpoint {
                None => reason = Some("no checkpoint".to_string()),
                Some(checkpoint) if checkpoint.categories != digest => {
                    reason = Some("the categories changed".to_string())
                }
                Some(checkpoint) => {
                    let at = match checkpoint.seq {
                        0 => None,
                        seq => feed
                            .changes_since(seq - 1, 1)
                            .await?
                            .first()
                            .filter(|change| change.seq == seq)
                            .map(|change| change.item_id),
                    };
                    if at == checkpoint.item_id {
                        resume = Some((checkpoint.seq, checkpoint.item_id));
                    } else {
                        reason =
                            Some("the change feed is not the one the index followed".to_string());
                    }
                }
            }
        }
        if let Ok(mut current) = self.category_digest.lock() {
            *current = digest;
        }
        if self.index.set(index).is_err() {
            anyhow::bail!("the {} search index is already open", feed.label());
        }
        let _ = self.source.set(Source {
            feed: feed.clone(),
            categories: categories.clone(),
        });
        let start = match (resume, reason) {
            (Some(applied), None) => {
                *self.applied_seq.lock().await = applied;
                let caught_up = self.catch_up(feed, categories).await?;
                // What the reopened index reflects, unless the catch-up published more.
                self.applied_events.send_if_modified(|seq| {
                    let behind = *seq < applied.0;
                    if behind {
                        *seq = applied.0;
                    }
                    behind
                });
                IndexStart::Reopened { caught_up }
            }
            (_, reason) => {
                let reason = reason.unwrap_or_default();
                let indexed = self.rebuild(feed, categories).await?;
                IndexStart::Rebuilt { reason, indexed }
            }
        };
        let _ = self.start.set(start.clone());
        Ok(start)
    }

    /// Creates the index (in memory) when missing and fills it with every item of the store.
    /// Searches keep answering from the previous content until the new one is committed.
    pub async fn rebuild(
        &self,
        feed: &F,
        categories: &CategoryRepository,
    ) -> anyhow::Result<usize> {
        self.rebuild_on(feed, categories, None).await
    }

    /// [`Self::rebuild`]; with `shared` (the follower itself) the CPU-bound indexing runs on a
    /// blocking thread, so that the HTTP worker that started an operator's rebuild keeps serving.
    async fn rebuild_on(
        &self,
        feed: &F,
        categories: &CategoryRepository,
        shared: Option<&Arc<Self>>,
    ) -> anyhow::Result<usize> {
        if self.index.get().is_none() {
            // A concurrent rebuild may have set it meanwhile: either index is empty and equal.
            let _ = self.index.set(SearchIndex::in_memory()?);
        }
        let index = self
            .index
            .get()
            .ok_or_else(|| anyhow::anyhow!("search index not created"))?;
        let mut applied = self.applied_seq.lock().await;
        // Changes up to here are part of what is read below.
        let mut seq = *applied;
        loop {
            let changes = feed.changes_since(seq.0, 10 * BATCH).await?;
            match changes.last() {
                Some(last) => seq = (last.seq, Some(last.item_id)),
                None => break,
            }
        }
        let categories = self.read_categories(categories).await?;
        if let Ok(mut current) = self.category_digest.lock() {
            *current = category_digest(&categories);
        }
        let mut documents = Vec::new();
        let mut after = 0;
        loop {
            let page = feed.index_documents(after, BATCH).await?;
            let Some(last) = page.last() else {
                break;
            };
            after = F::item_id(last);
            documents.extend(page.iter().map(|item| feed.document_of(item, &categories)));
        }
        self.checkpoint(index, seq.0, seq.1);
        self.rebuild_indexed.store(0, Ordering::Relaxed);
        let count = match shared {
            Some(follower) => {
                let follower = Arc::clone(follower);
                tokio::task::spawn_blocking(move || follower.index_all(documents)).await??
            }
            None => match tokio::runtime::Handle::try_current().map(|h| h.runtime_flavor()) {
                // CPU-bound for a while: on a multi-threaded runtime the other tasks move on.
                Ok(tokio::runtime::RuntimeFlavor::MultiThread) => {
                    tokio::task::block_in_place(|| self.index_all(documents))?
                }
                _ => self.index_all(documents)?,
            },
        };
        *applied = seq;
        self.applied_events.send_replace(seq.0);
        Ok(count)
    }

    /// Replaces the index's content with `documents`, counting them into the progress.
    fn index_all(&self, documents: Vec<search::SearchDocument>) -> anyhow::Result<usize> {
        let index = self
            .index
            .get()
            .ok_or_else(|| anyhow::anyhow!("search index not created"))?;
        let counted = documents.into_iter().inspect(|_| {
            self.rebuild_indexed.fetch_add(1, Ordering::Relaxed);
        });
        Ok(index.rebuild(counted)?)
    }

    /// Applies the store's changes since the last call; answers how many items changed.
    pub async fn catch_up(
        &self,
        feed: &F,
        categories: &CategoryRepository,
    ) -> anyhow::Result<usize> {
        let Some(index) = self.index.get() else {
            return Ok(0);
        };
        let mut applied = self.applied_seq.lock().await;
        let mut changed = 0;
        let mut category_records: Option<Arc<Vec<CategoryRecord>>> = None;
        loop {
            let changes = feed.changes_since(applied.0, BATCH).await?;
            let Some(last) = changes.last() else {
                break;
            };
            let mut ids: Vec<i64> = changes.iter().map(|c| c.item_id).collect();
            ids.sort_unstable();
            ids.dedup();
            let items = feed.documents_by_ids(&ids).await?;
            if category_records.is_none() {
                // After the feed was read: an importer syncs the taxonomy before it writes
                // items, so the items read here never name categories newer than these.
                category_records = Some(self.current_categories(categories).await?.0);
            }
            let category_records = category_records.as_deref().map_or(&[][..], Vec::as_slice);
            // Named by the feed, no longer in the store: deleted.
            let present: HashSet<i64> = items.iter().map(F::item_id).collect();
            for id in ids.iter().filter(|id| !present.contains(id)) {
                index.delete(&id.to_string())?;
            }
            index.upsert(
                items
                    .iter()
                    .map(|item| feed.document_of(item, category_records)),
            )?;
            changed += ids.len();
            *applied = (last.seq, Some(last.item_id));
        }
        if changed > 0 {
            self.checkpoint(index, applied.0, applied.1);
            index.commit()?;
            self.applied_events.send_replace(applied.0);
        }
        Ok(changed)
    }

    /// A library service's start of its index (in its `Service::seed`, after its seed): the query
    /// pool from the `[search]` settings, [`Self::open`] under `<data_dir>/index/<library>`
    /// (logged: reopened and caught up, or rebuilt and why), then [`Self::follow`].
    pub async fn open_and_follow(
        self: &Arc<Self>,
        context: &kernel::ServiceContext,
        library: &'static str,
        feed: F,
        categories: CategoryRepository,
    ) -> anyhow::Result<()>
    where
        F: Clone,
    {
        let settings = &context.settings.search;
        self.set_pool(WorkerPool::new(
            "search",
            &format!("{library}-search"),
            settings.threads,
            settings.max_queued,
        )?);
        let started = std::time::Instant::now();
        let dir = context.settings.data_dir.join("index").join(library);
        let start = self
            .open(Some(&dir), settings.rebuild_on_start, &feed, &categories)
            .await?;
        let elapsed_ms = started.elapsed().as_millis() as u64;
        match start {
            IndexStart::Reopened { caught_up } => tracing::info!(
                library,
                caught_up,
                elapsed_ms,
                dir = %dir.display(),
                "search index reopened"
            ),
            IndexStart::Rebuilt { reason, indexed } => tracing::info!(
                library,
                indexed,
                elapsed_ms,
                reason,
                dir = %dir.display(),
                "search index rebuilt"
            ),
        }
        Arc::clone(self).follow(feed, categories);
        Ok(())
    }

    /// Follows the change feed every [`FOLLOW_INTERVAL`] for as long as the runtime lives and
    /// someone else holds the index (a stopped service releases it, and with it the index
    /// directory's lock).
    pub fn follow(self: Arc<Self>, feed: F, categories: CategoryRepository) {
        let follower = Arc::downgrade(&self);
        drop(self);
        tokio::spawn(async move {
            let mut interval = tokio::time::interval(FOLLOW_INTERVAL);
            loop {
                interval.tick().await;
                let Some(follower) = follower.upgrade() else {
                    return;
                };
                match follower.catch_up(&feed, &categories).await {
                    Ok(0) => {}
                    Ok(changed) => {
                        tracing::info!(library = feed.label(), changed, "search index updated")
                    }
                    Err(error) => {
                        tracing::warn!(library = feed.label(), error = %format!("{error:#}"), "search index: catching up failed")
                    }
                }
                // One row unless the categories were synchronised since they were last read.
                if let Err(error) = follower.refresh_categories(&categories).await {
                    tracing::warn!(library = feed.label(), error = %format!("{error:#}"), "search: reading the category names failed")
                }
            }
        });
    }

    /// The operator's "rebuild now": starts a rebuild from the store in the background unless
    /// one is running. Answers whether this call started it, and the progress. Searches keep
    /// answering from the current index until the rebuilt one is committed.
    pub fn rebuild_now(self: &Arc<Self>) -> anyhow::Result<(bool, RebuildProgress)> {
        if self.source.get().is_none() {
            anyhow::bail!("the search index is not open");
        }
        let mut progress = self
            .progress
            .lock()
            .map_err(|_| anyhow::anyhow!("rebuild progress poisoned"))?;
        if progress.state == RebuildState::Running {
            return Ok((false, self.with_count(progress.clone())));
        }
        *progress = RebuildProgress {
            state: RebuildState::Running,
            indexed: 0,
            total: 0,
            started_time: Some(now_millis()),
            finished_time: None,
            error: None,
        };
        self.rebuild_indexed.store(0, Ordering::Relaxed);
        let answer = progress.clone();
        drop(progress);
        let follower = Arc::clone(self);
        tokio::spawn(async move {
            let outcome = follower.rebuild_from_source().await;
            let indexed = follower.rebuild_indexed.load(Ordering::Relaxed);
            if let Ok(mut progress) = follower.progress.lock() {
                progress.finished_time = Some(now_millis());
                progress.indexed = indexed;
                match outcome {
                    Ok(count) => {
                        progress.state = RebuildState::Done;
                        progress.indexed = count as u64;
                        progress.total = progress.total.max(count as u64);
                    }
                    Err(error) => {
                        progress.state = RebuildState::Failed;
                        progress.error = Some(format!("{error:#}"));
                    }
                }
                tracing::info!(state = ?progress.state, indexed = progress.indexed, error = ?progress.error, "search index rebuild by an operator ended");
            }
        });
        Ok((true, answer))
    }

    async fn rebuild_from_source(self: &Arc<Self>) -> anyhow::Result<usize> {
        let source = self
            .source
            .get()
            .ok_or_else(|| anyhow::anyhow!("the search index is not open"))?;
        let total = source.feed.item_count().await?;
        if let Ok(mut progress) = self.progress.lock() {
            progress.total = total.max(0) as u64;
        }
        self.rebuild_on(&source.feed, &source.categories, Some(self))
            .await
    }

    /// The progress of the last operator rebuild (`idle` before any).
    pub fn rebuild_progress(&self) -> RebuildProgress {
        let progress = self
            .progress
            .lock()
            .map(|progress| progress.clone())
            .unwrap_or_default();
        self.with_count(progress)
    }

    fn with_count(&self, mut progress: RebuildProgress) -> RebuildProgress {
        if progress.state == RebuildState::Running {
            progress.indexed = self.rebuild_indexed.load(Ordering::Relaxed);
        }
        progress
    }
}

fn now_millis() -> i64 {
    chrono::Utc::now().timestamp_millis()
}

/// SHA-256 (hex) of the category table as the documents use it: codes, parents and names.
pub fn category_digest(records: &[CategoryRecord]) -> String {
    let mut sorted: Vec<&CategoryRecord> = records.iter().collect();
    sorted.sort_by_key(|record| record.id);
    let mut hasher = Sha256::new();
    for record in sorted {
        for part in [
            record.id.to_string(),
            format!("{:?}", record.parent_id),
            record.code.clone(),
            record.name.clone(),
            record.name_en.clone(),
        ] {
            hasher.update(part.as_bytes());
            hasher.update([0]);
        }
    }
    hasher
        .finalize()
        .iter()
        .map(|byte| format!("{byte:02x}"))
        .collect()
}
