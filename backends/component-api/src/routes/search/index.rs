//! The component search index: built from the store at start, then kept current from the
//! store's change feed (`component_change`), so imports by another process show up too.

use std::collections::HashMap;
use std::str::FromStr;
use std::sync::{Arc, OnceLock, RwLock};
use std::time::Duration;

use catalog::model::CategoryRecord;
use catalog::store::{CategoryRepository, CategoryStore};
use search::{CategoryRef, SearchDocument, SearchIndex, SearchParameter};

use crate::model::{ComponentRecord, Parameter};
use crate::routes::view::category_path;
use crate::store::{ComponentRepository, ComponentStore};

/// Components read per store call while indexing.
const BATCH: i64 = 1_000;
/// How often the change feed is polled.
pub const FOLLOW_INTERVAL: Duration = Duration::from_secs(2);

/// The index of the component library, shared by every worker.
#[derive(Default)]
pub struct ComponentSearch {
    index: OnceLock<SearchIndex>,
    /// The last change-feed sequence applied.
    applied_seq: tokio::sync::Mutex<i64>,
    /// Category code → (Chinese name, English name), for naming the category facet without reading the
    /// category table per request (it was most of a faceted answer's time, docs/benchmarks.md);
    /// refreshed at every rebuild and every follow tick.
    category_names: RwLock<Arc<HashMap<String, (String, String)>>>,
}

impl ComponentSearch {
    pub fn new() -> Self {
        Self::default()
    }

    /// The index, once [`Self::rebuild`] has created it.
    pub fn index(&self) -> Option<&SearchIndex> {
        self.index.get()
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
            let changes = store.changes_since(seq, 10 * BATCH).await?;
            match changes.last() {
                Some(last) => seq = last.seq,
                None => break,
            }
        }
        let categories = categories.list().await?;
        self.remember_categories(&categories);
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
            let changes = store.changes_since(*applied, BATCH).await?;
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
            *applied = last.seq;
        }
        if changed > 0 {
            index.commit()?;
        }
        Ok(changed)
    }

    /// Follows the change feed every [`FOLLOW_INTERVAL`] for as long as the runtime lives.
    pub fn follow(self: Arc<Self>, store: ComponentRepository, categories: CategoryRepository) {
        tokio::spawn(async move {
            let mut interval = tokio::time::interval(FOLLOW_INTERVAL);
            loop {
                interval.tick().await;
                match self.catch_up(&store, &categories).await {
                    Ok(0) => {}
                    Ok(changed) => tracing::info!(changed, "component search index updated"),
                    Err(error) => {
                        tracing::warn!(error = %format!("{error:#}"), "component search index: catching up failed")
                    }
                }
                match categories.list().await {
                    Ok(records) => self.remember_categories(&records),
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
    }
}
