//! The component search index: persisted under `<data_dir>/index/component` and reopened at
//! start when its version stamp and checkpoint still fit the database, else rebuilt from the
//! store; then kept current from the store's change feed (`component_change`), so imports by
//! another process show up too. Searches run on a bounded pool of their own
//! ([`kernel::WorkerPool`], `[search]` settings), off the HTTP workers.

use std::collections::HashMap;
use std::path::Path;
use std::str::FromStr;
use std::sync::{Arc, Mutex, OnceLock, RwLock};
use std::time::Duration;

use catalog::model::CategoryRecord;
use catalog::store::{CategoryRepository, CategoryStore};
use kernel::{ApiError, ApiResult, WorkerPool};
use search::{CategoryRef, SearchDocument, SearchIndex, SearchParameter};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use crate::model::{ComponentRecord, Parameter};
use crate::routes::view::{category_path, ComponentSummary, ParameterView};
use crate::store::{ComponentRepository, ComponentStore};

/// Components read per store call while indexing.
const BATCH: i64 = 1_000;
/// How often the change feed is polled.
pub const FOLLOW_INTERVAL: Duration = Duration::from_secs(2);
/// The component library's part of the index's version stamp: bump it whenever
/// [`document_of`] or [`StoredHit`] changes, so that an index on disk is rebuilt.
pub const INDEX_OWNER_VERSION: &str = "component 1";

/// What a hit answers, stored with the document ([`SearchDocument::payload`]): the search route
/// answers from it without reading the database.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct StoredHit {
    pub component: ComponentSummary,
    pub parameters: Vec<ParameterView>,
}

/// The checkpoint committed with the index: how far of the change feed it reflects, and what
/// the category names it holds were.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
struct Checkpoint {
    /// The last change-feed sequence applied (0: none).
    seq: i64,
    /// The component of that change: a database whose feed says otherwise at `seq` is not the
    /// one this index followed.
    component_id: Option<i64>,
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

/// The index of the component library, shared by every worker.
#[derive(Default)]
pub struct ComponentSearch {
    index: OnceLock<SearchIndex>,
    /// The last change-feed sequence applied and its component.
    applied_seq: tokio::sync::Mutex<(i64, Option<i64>)>,
    /// Category code → (Chinese name, English name), for naming the category facet without reading the
    /// category table per request (it was most of a faceted answer's time, docs/benchmarks.md);
    /// refreshed at every rebuild and every follow tick.
    category_names: RwLock<Arc<HashMap<String, (String, String)>>>,
    /// Digest of the category table the documents were built with.
    category_digest: Mutex<String>,
    /// The threads searches run on (set when the service opens; without it they run inline).
    pool: OnceLock<WorkerPool>,
    /// How the index started.
    start: OnceLock<IndexStart>,
}

impl ComponentSearch {
    pub fn new() -> Self {
        Self::default()
    }

    /// The index, once [`Self::open`] or [`Self::rebuild`] has created it.
    pub fn index(&self) -> Option<&SearchIndex> {
        self.index.get()
    }

    /// How the index started ([`Self::open`]); `None` before.
    pub fn start(&self) -> Option<&IndexStart> {
        self.start.get()
    }

    /// Runs searches on `pool` from now on.
    pub fn set_pool(&self, pool: WorkerPool) {
        let _ = self.pool.set(pool);
    }

    /// Runs `work` with the index on the search pool (inline without one). A full pool answers
    /// 503 busy with `Retry-After`; no index yet answers 500.
    pub async fn run<T: Send + 'static>(
        self: Arc<Self>,
        work: impl FnOnce(&ComponentSearch, &SearchIndex) -> T + Send + 'static,
    ) -> ApiResult<T> {
        let job = {
            let search = Arc::clone(&self);
            move || -> Result<T, &'static str> {
                let index = search.index().ok_or("component search index not built")?;
                Ok(work(&search, index))
            }
        };
        let outcome = match self.pool.get() {
            Some(pool) => pool.run(job).await.map_err(ApiError::from)?,
            None => job(),
        };
        outcome.map_err(|missing| ApiError::internal(anyhow::anyhow!(missing)))
    }

    /// The category names as of the last rebuild or follow tick.
    pub fn category_names(&self) -> Arc<HashMap<String, (String, String)>> {
        self.category_names
            .read()
            .map(|names| Arc::clone(&names))
            .unwrap_or_default()
    }

    fn remember_categories(&self, records: &[CategoryRecord]) {
        let names = records
            .iter()
            .map(|record| {
                (
                    record.code.clone(),
                    (record.name.clone(), record.name_en.clone()),
                )
            })
            .collect();
        if let Ok(mut current) = self.category_names.write() {
            *current = Arc::new(names);
        }
    }

    /// Records the checkpoint that the index's next commit carries.
    fn checkpoint(&self, index: &SearchIndex, seq: i64, component_id: Option<i64>) {
        let categories = self
            .category_digest
            .lock()
            .map(|digest| digest.clone())
            .unwrap_or_default();
        let checkpoint = Checkpoint {
            seq,
            component_id,
            categories,
        };
        if let Ok(json) = serde_json::to_string(&checkpoint) {
            index.set_commit_payload(json);
        }
    }

    /// Opens the index at start: from `dir` (`<data_dir>/index/component`; `None`: in memory)
    /// when its version stamp is current, its checkpoint matches this database's change feed
    /// and category table, and no rebuild is `requested` — then catches up from the feed;
    /// otherwise rebuilds it from the store. A directory another process holds (tantivy's lock)
    /// falls back to an index in memory.
    pub async fn open(
        &self,
        dir: Option<&Path>,
        requested: bool,
        store: &ComponentRepository,
        categories: &CategoryRepository,
    ) -> anyhow::Result<IndexStart> {
        let (index, mut reason) = match dir {
            Some(dir) => match SearchIndex::open_versioned(dir, INDEX_OWNER_VERSION) {
                Ok(index) => {
                    let reason = index
                        .needs_rebuild()
                        .then(|| "no index of this version on disk".to_string());
                    (index, reason)
                }
                Err(error) => {
                    tracing::warn!(dir = %dir.display(), error = %error, "component search index: the directory cannot be used; indexing in memory");
                    (SearchIndex::in_memory()?, Some(format!("{error}")))
                }
            },
            None => (SearchIndex::in_memory()?, Some("in memory".to_string())),
        };
        let category_records = categories.list().await?;
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
                        seq => store
                            .changes_since(seq - 1, 1)
                            .await?
                            .first()
                            .filter(|change| change.seq == seq)
                            .map(|change| change.component_id),
                    };
                    if at == checkpoint.component_id {
                        resume = Some((checkpoint.seq, checkpoint.component_id));
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
        self.remember_categories(&category_records);
        if self.index.set(index).is_err() {
            anyhow::bail!("the component search index is already open");
        }
        let start = match (resume, reason) {
            (Some(applied), None) => {
                *self.applied_seq.lock().await = applied;
                let caught_up = self.catch_up(store, categories).await?;
                IndexStart::Reopened { caught_up }
            }
            (_, reason) => {
                let reason = reason.unwrap_or_default();
                let indexed = self.rebuild(store, categories).await?;
                IndexStart::Rebuilt { reason, indexed }
            }
        };
        let _ = self.start.set(start.clone());
        Ok(start)
    }

    /// Creates the index (in memory) when missing and fills it with every component of the store.
    pub async fn rebuild(
        &self,
        store: &ComponentRepository,
        categories: &CategoryRepository,
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
            let changes = store.changes_since(seq.0, 10 * BATCH).await?;
            match changes.last() {
                Some(last) => seq = (last.seq, Some(last.component_id)),
                None => break,
            }
        }
        let categories = categories.list().await?;
        self.remember_categories(&categories);
        if let Ok(mut current) = self.category_digest.lock() {
            *current = category_digest(&categories);
        }
        let mut documents = Vec::new();
        let mut after = 0;
        loop {
            let page = store.index_documents(after, BATCH).await?;
            let Some(last) = page.last() else {
                break;
            };
            after = last.component.id;
            documents.extend(
                page.iter()
                    .map(|d| document_of(&d.component, &d.parameters, &categories)),
            );
        }
        self.checkpoint(index, seq.0, seq.1);
        let count = index.rebuild(documents)?;
        *applied = seq;
        Ok(count)
    }

    /// Applies the store's changes since the last call; answers how many components changed.
    pub async fn catch_up(
        &self,
        store: &ComponentRepository,
        categories: &CategoryRepository,
    ) -> anyhow::Result<usize> {
        let Some(index) = self.index.get() else {
            return Ok(0);
        };
        let mut applied = self.applied_seq.lock().await;
        let mut changed = 0;
        let mut category_records: Option<Vec<CategoryRecord>> = None;
        loop {
            let changes = store.changes_since(applied.0, BATCH).await?;
            let Some(last) = changes.last() else {
                break;
            };
            let mut ids: Vec<i64> = changes.iter().map(|c| c.component_id).collect();
            ids.sort_unstable();
            ids.dedup();
            let records = store.get_many(&ids).await?;
            let mut parameters = store.parameters_of(&ids).await?;
            if category_records.is_none() {
                category_records = Some(categories.list().await?);
            }
            let category_records = category_records.as_deref().unwrap_or_default();
            for id in &ids {
                if !records.iter().any(|r| r.id == *id) {
                    index.delete(&id.to_string())?;
                }
            }
            index.upsert(records.iter().map(|record| {
                let parameters = parameters.remove(&record.id).unwrap_or_default();
                document_of(record, &parameters, category_records)
            }))?;
            changed += ids.len();
            *applied = (last.seq, Some(last.component_id));
        }
        if changed > 0 {
            self.checkpoint(index, applied.0, applied.1);
            index.commit()?;
        }
        Ok(changed)
    }
    /// Follows the change feed every [`FOLLOW_INTERVAL`] for as long as the runtime lives and
    /// someone else holds the index (a stopped service releases it, and with it the index
    /// directory's lock).
    pub fn follow(self: Arc<Self>, store: ComponentRepository, categories: CategoryRepository) {
        let search = Arc::downgrade(&self);
        drop(self);
        tokio::spawn(async move {
            let mut interval = tokio::time::interval(FOLLOW_INTERVAL);
            loop {
                interval.tick().await;
                let Some(search) = search.upgrade() else {
                    return;
                };
                match search.catch_up(&store, &categories).await {
                    Ok(0) => {}
                    Ok(changed) => tracing::info!(changed, "component search index updated"),
                    Err(error) => {
                        tracing::warn!(error = %format!("{error:#}"), "component search index: catching up failed")
                    }
                }
                match categories.list().await {
                    Ok(records) => search.remember_categories(&records),
                    Err(error) => {
                        tracing::warn!(error = %format!("{error:#}"), "component search: reading the category names failed")
                    }
                }
            }
        });
    }
}

/// A component as the search index sees it. Parameters are named by their dimension
/// (`capacitance`, `voltage`): the component model has one parameter per dimension.
pub fn document_of(
    component: &ComponentRecord,
    parameters: &[Parameter],
    categories: &[CategoryRecord],
) -> SearchDocument {
    let aliases = component
        .value
        .iter()
        .filter(|value| !value.trim().is_empty() && **value != component.part_number)
        // A value such as `4.7kΩ` or `10uF` is no identifier: as one, `4.7k` would hit `47k`
        // exactly (identifier keys drop the dot). Values match through the parameters.
        .filter(|value| {
            search::value_quantity(value).is_none() && search::resistance_shorthand(value).is_none()
        })
        .cloned()
        .collect();
    SearchDocument {
        id: component.id.to_string(),
        part_number: component.part_number.clone(),
        aliases,
        name: component.name.clone(),
        description: component.description.clone(),
        keywords: component
            .keywords
            .split_whitespace()
            .map(str::to_string)
            .collect(),
        categories: category_path(categories, component.category_id)
            .into_iter()
            .map(|crumb| CategoryRef {
                code: crumb.code,
                name: crumb.name,
                name_en: crumb.name_en,
            })
            .collect(),
        manufacturer: component.manufacturer_name.clone(),
        package: component.package.clone(),
        parameters: parameters
            .iter()
            .filter_map(|parameter| {
                let dimension = units::Dimension::from_str(&parameter.dimension).ok()?;
                Some(SearchParameter {
                    name: parameter.dimension.clone(),
                    dimension,
                    min: parameter.min,
                    typ: parameter.typ,
                    max: parameter.max,
                })
            })
            .collect(),
        quality: Some(super::quality::quality_of(component, parameters)),
        payload: serde_json::to_string(&StoredHit {
            component: ComponentSummary::from(component),
            parameters: parameters.iter().map(ParameterView::from).collect(),
        })
        .ok(),
    }
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
