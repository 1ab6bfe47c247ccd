//! The component library's side of its search index (the kit's follower,
//! `catalog::search::IndexFollower`, keeps it under `<data_dir>/index/component` in step with
//! the kit's change feed `item_change`): how a component becomes a search document (the kit's
//! document with the component's own fields) and the feed the follower reads ([`IndexFeed`] for
//! [`ComponentRepository`]).

use std::future::Future;

use catalog::model::CategoryRecord;
use catalog::search::{
    by_dimension, search_document, FacetConfig, FeedEntry, IndexFeed, IndexFollower,
};
use search::SearchDocument;

use crate::items::ComponentItems;
use crate::store::{ComponentDocument, ComponentRepository};

pub use catalog::search::IndexStart;

/// The component library's part of the index's version stamp: bump it whenever
/// [`document_of`] or the stored hit (`catalog::routes::search::StoredHit` of the component's
/// summary) changes, so that an index on disk is rebuilt.
pub const INDEX_OWNER_VERSION: &str = "component 1";

/// The index of the component library, shared by every worker: the kit's follower over the
/// component store, with every facet (category, manufacturer, package, parameters).
pub type ComponentSearch = IndexFollower<ComponentRepository>;

/// The component library's facets: all of them.
pub fn component_facets() -> FacetConfig {
    FacetConfig::all()
}

/// The follower of the component index (not opened yet).
pub fn component_search() -> ComponentSearch {
    IndexFollower::new(component_facets())
}

impl IndexFeed for ComponentRepository {
    type Item = ComponentDocument;

    fn owner_version(&self) -> &'static str {
        INDEX_OWNER_VERSION
    }

    fn label(&self) -> &'static str {
        "component"
    }

    async fn changes_since(&self, after_seq: i64, limit: i64) -> anyhow::Result<Vec<FeedEntry>> {
        let changes = ComponentRepository::changes_since(self, after_seq, limit).await?;
        Ok(changes
            .into_iter()
            .map(|change| FeedEntry {
                seq: change.seq,
                item_id: change.item_id,
            })
            .collect())
    }

    fn item_count(&self) -> impl Future<Output = anyhow::Result<i64>> + Send {
        ComponentRepository::count(self)
    }

    fn index_documents(
        &self,
        after_id: i64,
        limit: i64,
    ) -> impl Future<Output = anyhow::Result<Vec<ComponentDocument>>> + Send {
        ComponentRepository::index_documents(self, after_id, limit)
    }

    fn documents_by_ids(
        &self,
        ids: &[i64],
    ) -> impl Future<Output = anyhow::Result<Vec<ComponentDocument>>> + Send {
        ComponentRepository::documents_by_ids(self, ids)
    }

    fn item_id(item: &ComponentDocument) -> i64 {
        item.item.id
    }

    fn document_of(
        &self,
        document: &ComponentDocument,
        categories: &[CategoryRecord],
    ) -> SearchDocument {
        document_of(&self.library(), document, categories)
    }
}

/// A component as the search index sees it: the kit's document
/// ([`catalog::search::search_document`]: code, name, texts, category path, manufacturer,
/// parameters named by their dimension, the stored hit with the component's summary) with its
/// value as an alias, its package (a facet) and its quality rating.
pub fn document_of(
    library: &ComponentItems,
    document: &ComponentDocument,
    categories: &[CategoryRecord],
) -> SearchDocument {
    let kicad = &document.extension;
    let aliases = kicad
        .value
        .iter()
        .filter(|value| !value.trim().is_empty() && **value != document.item.code)
        // A value such as `4.7kΩ` or `10uF` is no identifier: as one, `4.7k` would hit `47k`
        // exactly (identifier keys drop the dot). Values match through the parameters.
        .filter(|value| {
            search::value_quantity(value).is_none() && search::resistance_shorthand(value).is_none()
        })
        .cloned()
        .collect();
    SearchDocument {
        aliases,
        package: kicad.package.clone(),
        quality: Some(super::quality::quality_of(document)),
        ..search_document(library, document, categories, by_dimension)
    }
}
