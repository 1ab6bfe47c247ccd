//! A library's shape search: the job that keeps `item_shape` in step with the library's models
//! (fingerprints computed after start, in the background, with progress) and the in-memory
//! `shape::Index` built from the stored fingerprints, reloaded whenever the table changes.
//! Uploads, "find similar", 2D pictures and thumbnails are answered from here by the routes
//! (`routes::shape`).

use std::collections::{BTreeMap, HashMap, HashSet};
use std::sync::{Arc, Mutex, OnceLock, RwLock};
use std::time::Duration;

use kernel::{ApiError, ApiResult, WorkerPool};
use serde::Serialize;
use sha2::{Digest, Sha256};
use tokio::sync::watch;
use utoipa::ToSchema;

use super::source::{ModelContent, ModelRef, ModelSource};
use super::store::{NewShape, ShapeGeneration, ShapeRepository, ShapeStore};

/// How often the job looks for changed items and for fingerprints written by another replica.
pub const SHAPE_FOLLOW_INTERVAL: Duration = Duration::from_secs(2);
/// Rows written per transaction while a pass computes.
const WRITE_BATCH: usize = 200;
/// During a pass the index is reloaded once this many rows were written since the last load, or
/// as many as it holds if more (the loads grow geometrically: their cost stays under twice the
/// last one), so a long first pass serves what it has computed instead of nothing for a minute.
const PASS_RELOAD_ROWS: usize = 1_000;
/// Thumbnails kept in memory (PNG, a few KB each); the cache is emptied when full.
const THUMBNAIL_CACHE: usize = 512;
/// Side of a thumbnail, in pixels.
pub const THUMBNAIL_SIDE: u32 = 256;

/// The stored fingerprints' format version (rows of another version are computed again).
pub fn fingerprint_version() -> i32 {
    i32::from(shape::codec::VERSION)
}

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum ShapeState {
    /// The first pass has not loaded an index yet.
    #[default]
    Starting,
    /// A pass is computing fingerprints; searches answer from what is indexed.
    Computing,
    /// Every model of the last pass is fingerprinted (or refused) and indexed.
    Ready,
}

/// What the shape job has done (`GET /search3d/status`; tests await it).
#[derive(Debug, Clone, Default, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ShapeStatus {
    pub state: ShapeState,
    /// Items with a model, as of the last pass.
    pub models: usize,
    /// Items whose fingerprint the current (or last) pass had to compute or copy.
    pub pending: usize,
    /// Of those, done so far.
    pub done: usize,
    /// Of those, models that could not be read (stored with the reason, not tried again until
    /// the model changes).
    pub failed: usize,
    /// Items in the in-memory index.
    pub indexed: usize,
    /// Passes completed since start.
    pub passes: u64,
}

/// One ranked item.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ItemHit {
    pub item_id: i64,
    /// 0–100.
    pub score: f32,
}

/// The filters and options of one query.
#[derive(Debug, Clone, Default)]
pub struct ShapeQuery {
    pub min_score: f32,
    pub options: shape::Options,
    /// Only items in these categories (a category subtree), when set.
    pub categories: Option<HashSet<i64>>,
    /// Never this item ("find similar" of it).
    pub exclude: Option<i64>,
    /// Items ranked at most (the answer's `total` counts up to this).
    pub limit: usize,
}

/// The fingerprints in memory: one index entry per distinct model (items sharing a model —
/// thousands of components share a few hundred packages — share an entry), expanded to the
/// items at query time.
pub struct LoadedShapes {
    index: shape::Index<usize>,
    /// Per index entry: its items (id, category), by id.
    groups: Vec<Vec<(i64, Option<i64>)>>,
    items: usize,
    generation: ShapeGeneration,
}

impl LoadedShapes {
    fn empty() -> Self {
        Self {
            index: shape::Index::new(Vec::new()),
            groups: Vec::new(),
            items: 0,
            generation: ShapeGeneration::default(),
        }
    }

    /// Items in the index.
    pub fn items(&self) -> usize {
        self.items
    }

    /// Distinct models in the index.
    pub fn models(&self) -> usize {
        self.groups.len()
    }

    /// Ranks the items against `target`, best first (ties by id).
    pub fn query(&self, target: shape::Target<'_>, query: &ShapeQuery) -> Vec<ItemHit> {
        let keeps = |&(id, category): &(i64, Option<i64>)| {
            query.exclude != Some(id)
                && query.categories.as_ref().is_none_or(|allowed| {
                    category.is_some_and(|category| allowed.contains(&category))
                })
        };
        let filter = |group: &usize| self.groups[*group].iter().any(keeps);
        // Every entry yields at least one item, so `limit` entries fill `limit` items.
        let hits = self.index.query(&shape::Query {
            target,
            limit: query.limit,
            min_score: query.min_score,
            options: query.options,
            filter: &filter,
        });
        hits.iter()
            .flat_map(|hit| {
                self.groups[hit.key]
                    .iter()
                    .filter(|item| keeps(item))
                    .map(|&(item_id, _)| ItemHit {
                        item_id,
                        score: hit.score,
                    })
            })
            .take(query.limit)
            .collect()
    }
}

struct Bound<S> {
    source: S,
    shapes: ShapeRepository,
}

/// A library's shape search, shared by every worker (`web::Data<ShapeSearch<S>>`).
pub struct ShapeSearch<S: ModelSource> {
    label: &'static str,
    loaded: RwLock<Arc<LoadedShapes>>,
    status: watch::Sender<ShapeStatus>,
    /// Fingerprints of uploads, pictures, queries and thumbnails run here, off the HTTP workers.
    pool: OnceLock<WorkerPool>,
    bound: OnceLock<Bound<S>>,
    thumbnails: Mutex<HashMap<String, Arc<Vec<u8>>>>,
    uploads: KeptUploads,
}

/// Uploads a library keeps for asking again: a fingerprint is a few kB, a silhouette less.
const UPLOADS_KEPT: u64 = 2_000;
/// An upload nobody asked again for this long is forgotten.
const UPLOAD_IDLE: Duration = Duration::from_secs(30 * 60);

/// What uploads asked for, by their query token (`routes::shape::upload_token`): a slider move
/// asks again with the token instead of sending the file again (docs/shape-search.md, "Query
/// tokens"). Forgotten after [`UPLOAD_IDLE`] unused, or when more than its capacity are kept.
pub struct KeptUploads(moka::future::Cache<String, Arc<QueryTarget>>);

impl KeptUploads {
    pub fn new(capacity: u64) -> Self {
        Self(
            moka::future::Cache::builder()
                .max_capacity(capacity)
                .time_to_idle(UPLOAD_IDLE)
                .build(),
        )
    }

    /// The query the upload `token` asked for, while it is kept.
    pub async fn get(&self, token: &str) -> Option<Arc<QueryTarget>> {
        self.0.get(token).await
    }

    /// Keeps `target` under `token` and hands it back, shared.
    pub async fn keep(&self, token: &str, target: QueryTarget) -> Arc<QueryTarget> {
        let target = Arc::new(target);
        self.0.insert(token.to_owned(), target.clone()).await;
        target
    }
}

impl<S: ModelSource> ShapeSearch<S> {
    /// `label`: the library's key, for logs and the pool's threads.
    pub fn new(label: &'static str) -> Self {
        Self {
            label,
            loaded: RwLock::new(Arc::new(LoadedShapes::empty())),
            status: watch::Sender::new(ShapeStatus::default()),
            pool: OnceLock::new(),
            bound: OnceLock::new(),
            thumbnails: Mutex::new(HashMap::new()),
            uploads: KeptUploads::new(UPLOADS_KEPT),
        }
    }

    /// The query an upload with this token asked for, while it is kept.
    pub async fn upload(&self, token: &str) -> Option<Arc<QueryTarget>> {
        self.uploads.get(token).await
    }

    /// The query of the upload `token`: kept from an earlier upload of the same bytes, or worked
    /// out by `compute` on the pool (an unreadable upload is not kept: its error is the answer).
    pub async fn upload_or_compute<E: Send + 'static>(
        &self,
        token: &str,
        compute: impl FnOnce() -> Result<QueryTarget, E> + Send + 'static,
    ) -> ApiResult<Result<Arc<QueryTarget>, E>> {
        if let Some(kept) = self.upload(token).await {
            return Ok(Ok(kept));
        }
        Ok(match self.run(compute).await? {
            Ok(target) => Ok(self.uploads.keep(token, target).await),
            Err(error) => Err(error),
        })
    }

    /// The job's progress as it changes (tests await `passes`).
    pub fn subscribe(&self) -> watch::Receiver<ShapeStatus> {
        self.status.subscribe()
    }

    pub fn status(&self) -> ShapeStatus {
        self.status.borrow().clone()
    }

    /// The index as last loaded.
    pub fn loaded(&self) -> Arc<LoadedShapes> {
        self.loaded
            .read()
            .map(|loaded| Arc::clone(&loaded))
            .unwrap_or_else(|poisoned| Arc::clone(&poisoned.into_inner()))
    }

    /// The library's shape table (the routes read an item's fingerprint from it).
    pub fn shapes(&self) -> ApiResult<&ShapeRepository> {
        self.bound
            .get()
            .map(|bound| &bound.shapes)
            .ok_or_else(|| ApiError::internal(anyhow::anyhow!("shape search not started")))
    }

    /// Starts the library's shape search (in its `Service::seed`, after its seed): the worker
    /// pool from the `[search]` settings, then the job — a first pass at once, then a pass
    /// whenever the item change feed moves, and a reload whenever the table changes — in the
    /// background, so that start-up does not wait for fingerprints (no job when
    /// `search.shape_fingerprints` is off). A second start of the same search (a service opened twice) keeps the first.
    pub fn start(
        self: &Arc<Self>,
        context: &kernel::ServiceContext,
        source: S,
    ) -> anyhow::Result<()> {
        if self.bound.get().is_some() {
            return Ok(());
        }
        let settings = &context.settings.search;
        let _ = self.pool.set(WorkerPool::new(
            "shape",
            &format!("{}-shape", self.label),
            settings.threads,
            settings.max_queued,
        )?);
        self.bind(ShapeRepository::new(&context.db), source)?;
        if settings.shape_fingerprints {
            self.follow();
        } else {
            tracing::info!(
                library = self.label,
                "shape search: fingerprinting is off (search.shape_fingerprints)"
            );
        }
        Ok(())
    }

    /// Binds the source and the table without starting the job (tests drive [`Self::pass`]).
    pub fn bind(&self, shapes: ShapeRepository, source: S) -> anyhow::Result<()> {
        self.bound
            .set(Bound { source, shapes })
            .map_err(|_| anyhow::anyhow!("the {} shape search is already started", self.label))
    }

    fn follow(self: &Arc<Self>) {
        let search = Arc::downgrade(self);
        let label = self.label;
        tokio::spawn(async move {
            let mut interval = tokio::time::interval(SHAPE_FOLLOW_INTERVAL);
            let mut seen_change = None;
            loop {
                interval.tick().await;
                // Held for one tick only: a stopped service lets the job end.
                let Some(search) = search.upgrade() else {
                    return;
                };
                if let Err(error) = search.tick(&mut seen_change).await {
                    // The database closed under the pass: the service is stopping, so the job ends.
                    if is_pool_closed(&error) {
                        tracing::debug!(library = label, "shape search: stopped with the database");
                        return;
                    }
                    tracing::warn!(library = label, error = %format!("{error:#}"), "shape search: a pass failed");
                }
            }
        });
    }

    /// A pass when the items changed since `seen_change` (or on the first tick), then a reload
    /// when the table changed.
    async fn tick(&self, seen_change: &mut Option<i64>) -> anyhow::Result<()> {
        let shapes = &self.bound()?.shapes;
        let newest = shapes.newest_change().await?;
        if *seen_change != Some(newest) {
            self.pass().await?;
            *seen_change = Some(newest);
        } else {
            self.reload().await?;
        }
        Ok(())
    }

    fn bound(&self) -> anyhow::Result<&Bound<S>> {
        self.bound
            .get()
            .ok_or_else(|| anyhow::anyhow!("shape search not started"))
    }

    /// One pass: compares the library's models with the stored rows, deletes the rows of items
    /// without a model, computes (or copies from an item with the same model) the missing and
    /// outdated fingerprints, then reloads the index. Answers the status after it.
    pub async fn pass(&self) -> anyhow::Result<ShapeStatus> {
        let Bound { source, shapes } = self.bound()?;
        let version = fingerprint_version();
        let models = source.models().await?;
        let stored: HashMap<i64, (String, i32)> = shapes
            .stored_keys()
            .await?
            .into_iter()
            .map(|row| (row.item_id, (row.model_key, row.version)))
            .collect();
        let with_model: HashSet<i64> = models.iter().map(|model| model.item_id).collect();
        let gone: Vec<i64> = stored
            .keys()
            .copied()
            .filter(|id| !with_model.contains(id))
            .collect();
        shapes.delete(&gone).await?;
        let mut pending: BTreeMap<&str, Vec<&ModelRef>> = BTreeMap::new();
        for model in &models {
            let current = stored
                .get(&model.item_id)
                .is_some_and(|(key, stored_version)| {
                    *key == model.key && *stored_version == version
                });
            if !current {
                pending.entry(model.key.as_str()).or_default().push(model);
            }
        }
        let total: usize = pending.values().map(Vec::len).sum();
        self.status.send_modify(|status| {
            status.models = models.len();
            status.pending = total;
            status.done = 0;
            status.failed = 0;
            if total > 0 {
                status.state = ShapeState::Computing;
            }
        });
        if total > 0 {
            tracing::info!(
                library = self.label,
                models = models.len(),
                pending = total,
                distinct = pending.len(),
                "shape search: computing fingerprints"
            );
        }
        let started = std::time::Instant::now();
        let mut rows = Vec::new();
        let mut written_since_load = 0;
        for (key, items) in pending {
            let computed = match shapes.computed_by_key(key, version).await? {
                Some(found) => (found.fingerprint, found.error),
                None => match self.compute(source, items[0]).await {
                    Ok(Ok(fingerprint)) => (Some(fingerprint), None),
                    Ok(Err(refused)) => (None, Some(refused)),
                    Err(error) => {
                        // Not the model's fault (the blob store is down): not stored,
                        // tried again at the next pass.
                        tracing::warn!(library = self.label, model = %items[0].name, error = %format!("{error:#}"), "shape search: a model could not be loaded");
                        self.status.send_modify(|status| {
                            status.done += items.len();
                            status.failed += items.len();
                        });
                        continue;
                    }
                },
            };
            let failed = computed.0.is_none();
            rows.extend(items.iter().map(|model| NewShape {
                item_id: model.item_id,
                model_key: model.key.clone(),
                model_name: model.name.clone(),
                version,
                fingerprint: computed.0.clone(),
                error: computed.1.clone(),
            }));
            self.status.send_modify(|status| {
                status.done += items.len();
                if failed {
                    status.failed += items.len();
                }
            });
            if rows.len() >= WRITE_BATCH {
                written_since_load += rows.len();
                shapes.put(&std::mem::take(&mut rows), now_millis()).await?;
                if written_since_load >= PASS_RELOAD_ROWS.max(self.loaded().items) {
                    self.reload().await?;
                    written_since_load = 0;
                }
            }
        }
        shapes.put(&rows, now_millis()).await?;
        if total > 0 {
            let status = self.status();
            tracing::info!(
                library = self.label,
                done = status.done,
                failed = status.failed,
                elapsed_ms = started.elapsed().as_millis() as u64,
                "shape search: fingerprints computed"
            );
        }
        self.reload().await?;
        self.status.send_modify(|status| {
            status.state = ShapeState::Ready;
            status.passes += 1;
        });
        Ok(self.status())
    }

    /// Loads the table into a new index when it changed since the last load.
    pub async fn reload(&self) -> anyhow::Result<bool> {
        let shapes = &self.bound()?.shapes;
        let generation = shapes.generation().await?;
        if generation == self.loaded().generation && self.status().passes > 0 {
            return Ok(false);
        }
        let entries = shapes.entries(fingerprint_version()).await?;
        let label = self.label;
        let build = move || {
            let mut slots: HashMap<String, usize> = HashMap::new();
            let mut fingerprints = Vec::new();
            let mut groups: Vec<Vec<(i64, Option<i64>)>> = Vec::new();
            let mut items = 0;
            for entry in entries {
                let slot = match slots.get(&entry.model_key) {
                    Some(slot) => *slot,
                    None => match shape::decode(&entry.fingerprint) {
                        Ok(fingerprint) => {
                            let slot = groups.len();
                            slots.insert(entry.model_key.clone(), slot);
                            fingerprints.push((slot, fingerprint));
                            groups.push(Vec::new());
                            slot
                        }
                        Err(error) => {
                            tracing::warn!(library = label, item = entry.item_id, error = %error, "shape search: a stored fingerprint is unreadable");
                            continue;
                        }
                    },
                };
                groups[slot].push((entry.item_id, entry.category_id));
                items += 1;
            }
            LoadedShapes {
                index: shape::Index::new(fingerprints),
                groups,
                items,
                generation,
            }
        };
        let loaded = tokio::task::spawn_blocking(build).await?;
        let indexed = loaded.items;
        if let Ok(mut current) = self.loaded.write() {
            *current = Arc::new(loaded);
        }
        self.status.send_modify(|status| status.indexed = indexed);
        Ok(true)
    }

    /// Loads and fingerprints one model off the async threads; the inner error is the model's
    /// (unreadable, or refused by the source), the outer one the source's.
    async fn compute(
        &self,
        source: &S,
        model: &ModelRef,
    ) -> anyhow::Result<Result<Vec<u8>, String>> {
        let content = source.load(model).await?;
        let name = model.name.clone();
        Ok(tokio::task::spawn_blocking(move || {
            let mesh = mesh_of(&name, content)?;
            shape::fingerprint(&mesh)
                .map(|fingerprint| shape::encode(&fingerprint))
                .map_err(|refused| refused.to_string())
        })
        .await?)
    }

    /// Runs `work` on the shape pool (inline without one): a full pool answers 503 busy.
    pub async fn run<T: Send + 'static>(
        &self,
        work: impl FnOnce() -> T + Send + 'static,
    ) -> ApiResult<T> {
        match self.pool.get() {
            Some(pool) => Ok(pool.run(work).await.map_err(ApiError::from)?),
            None => Ok(work()),
        }
    }

    /// Ranks the indexed items against `target` on the pool.
    pub async fn query(
        &self,
        target: Arc<QueryTarget>,
        query: ShapeQuery,
    ) -> ApiResult<Vec<ItemHit>> {
        let loaded = self.loaded();
        self.run(move || loaded.query(target.as_target(), &query))
            .await
    }

    /// The PNG thumbnail of an item's model (rendered on first request, kept in memory by
    /// model), `None` when the item has no fingerprinted model.
    pub async fn thumbnail(&self, item_id: i64) -> ApiResult<Option<(String, Arc<Vec<u8>>)>> {
        let bound = self.bound().map_err(ApiError::internal)?;
        let Some(row) = bound.shapes.row(item_id).await? else {
            return Ok(None);
        };
        if row.fingerprint.is_none() {
            return Ok(None);
        }
        // Hashed: a key may hold any text (a generator's key has spaces), an ETag may not.
        let etag = format!(
            "{}-{}-{THUMBNAIL_SIDE}",
            hex::encode(&Sha256::digest(row.model_key.as_bytes())[..16]),
            row.version
        );
        let kept = self
            .thumbnails
            .lock()
            .ok()
            .and_then(|cache| cache.get(&row.model_key).cloned());
        if let Some(png) = kept {
            return Ok(Some((etag, png)));
        }
        let model = ModelRef {
            item_id,
            key: row.model_key.clone(),
            name: row.model_name.clone(),
        };
        let content = bound.source.load(&model).await?;
        let name = row.model_name.clone();
        let png = self
            .run(move || {
                shape::thumbnail_png(&mesh_of(&name, content)?, THUMBNAIL_SIDE)
                    .map_err(|error| error.to_string())
            })
            .await?
            .map_err(|error| {
                ApiError::internal(anyhow::anyhow!("thumbnail of item {item_id}: {error}"))
            })?;
        let png = Arc::new(png);
        if let Ok(mut cache) = self.thumbnails.lock() {
            if cache.len() >= THUMBNAIL_CACHE {
                cache.clear();
            }
            cache.insert(row.model_key, Arc::clone(&png));
        }
        Ok(Some((etag, png)))
    }
}

/// Whether `error` comes from a database pool that was closed (the service stopping).
fn is_pool_closed(error: &anyhow::Error) -> bool {
    error.chain().any(|cause| {
        matches!(
            cause.downcast_ref::<sqlx::Error>(),
            Some(sqlx::Error::PoolClosed)
        )
    })
}

/// What a query compares with, owned (it moves to the pool).
pub enum QueryTarget {
    Model(Box<shape::Fingerprint>),
    Silhouette(Vec<f32>),
}

impl QueryTarget {
    /// What the shape crate's index compares with.
    pub fn as_target(&self) -> shape::Target<'_> {
        match self {
            Self::Model(fingerprint) => shape::Target::Model(fingerprint),
            Self::Silhouette(coefficients) => shape::Target::Silhouette(coefficients),
        }
    }
}

/// The mesh of a model's content, or why it has none (the file is unreadable, the source
/// refused it).
fn mesh_of(name: &str, content: ModelContent) -> Result<shape::Mesh, String> {
    match content {
        ModelContent::File(bytes) => shape::Format::from_file_name(name)
            .and_then(|format| shape::load(&bytes, format))
            .map_err(|error| error.to_string()),
        ModelContent::Mesh(mesh) => Ok(mesh),
        ModelContent::Refused(reason) => Err(reason),
    }
}

fn now_millis() -> i64 {
    chrono::Utc::now().timestamp_millis()
}

#[cfg(test)]
mod tests {
    use anyhow::Context;

    use super::is_pool_closed;

    #[test]
    fn a_closed_pool_is_told_apart_from_other_failures() {
        let closed: anyhow::Result<()> = Err(sqlx::Error::PoolClosed).context("loading the shapes");
        assert!(is_pool_closed(&closed.unwrap_err()));
        let timed_out: anyhow::Result<()> = Err(sqlx::Error::PoolTimedOut).context("loading");
        assert!(!is_pool_closed(&timed_out.unwrap_err()));
        assert!(!is_pool_closed(&anyhow::anyhow!("closed pool")));
    }
}
