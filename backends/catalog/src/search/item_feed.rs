//! The index feed of a library whose items need nothing but the kit's store: no extension table
//! (`ItemLibrary::Extension = ()`; what its lists add comes from the item itself, e.g. its
//! `attributes`). A library with an extension table (components: its package feeds a facet)
//! writes its own [`IndexFeed`], as component-api does.

use std::future::Future;
use std::str::FromStr;
use std::sync::Arc;

use search::{CategoryRef, SearchDocument, SearchParameter};

use super::feed::{FeedEntry, IndexFeed};
use crate::item::display::is_label;
use crate::item::library::ItemLibrary;
use crate::item::model::{IndexDocument, Parameter};
use crate::item::store::{ItemRepository, ItemStore};
use crate::model::CategoryRecord;
use crate::routes::search::StoredHit;
use crate::routes::view::{category_path, ItemSummary, ParameterView};

/// The kit's store as library `L`'s index feed. Documents carry the item's code, name,
/// description, keywords, category path, manufacturer and parameters, and what the library adds
/// through [`ItemLibrary::search_extras`] (aliases, package, quality; by default none, none
/// and 1). A parameter is indexed under its label when it has one (`dk`, `Flash`: several
/// lengths of one part stay apart and each can be filtered), else under its dimension. Hits
/// answer `L`'s summary.
pub struct ItemFeed<L> {
    store: ItemRepository,
    library: Arc<L>,
    owner_version: &'static str,
}

impl<L> ItemFeed<L> {
    /// `owner_version`: the library's part of the index's version stamp (`mat 1`); bump it when
    /// what its summaries hold changes, so that an index on disk is rebuilt.
    pub fn new(store: ItemRepository, library: Arc<L>, owner_version: &'static str) -> Self {
        Self {
            store,
            library,
            owner_version,
        }
    }
}

impl<L> Clone for ItemFeed<L> {
    fn clone(&self) -> Self {
        Self {
            store: self.store.clone(),
            library: Arc::clone(&self.library),
            owner_version: self.owner_version,
        }
    }
}

/// The name a parameter is searched, filtered and faceted by: its label (`dk`, `Flash`) when its
/// conditions are one (`item::display::is_label`), else its dimension (`capacitance`).
pub fn search_name(parameter: &Parameter) -> String {
    parameter
        .conditions
        .as_deref()
        .map(str::trim)
        .filter(|conditions| is_label(conditions))
        .map_or_else(|| parameter.dimension.clone(), str::to_string)
}

impl<L: ItemLibrary<Extension = ()>> IndexFeed for ItemFeed<L> {
    type Item = IndexDocument;

    fn owner_version(&self) -> &'static str {
        self.owner_version
    }

    fn label(&self) -> &'static str {
        self.library.library().key
    }

    async fn changes_since(&self, after_seq: i64, limit: i64) -> anyhow::Result<Vec<FeedEntry>> {
        Ok(self
            .store
            .changes_since(after_seq, limit)
            .await?
            .into_iter()
            .map(|change| FeedEntry {
                seq: change.seq,
                item_id: change.item_id,
            })
            .collect())
    }

    fn item_count(&self) -> impl Future<Output = anyhow::Result<i64>> + Send {
        let store = self.store.clone();
        async move { store.count().await }
    }

    fn index_documents(
        &self,
        after_id: i64,
        limit: i64,
    ) -> impl Future<Output = anyhow::Result<Vec<IndexDocument>>> + Send {
        let store = self.store.clone();
        async move { store.index_documents(after_id, limit).await }
    }

    async fn documents_by_ids(&self, ids: &[i64]) -> anyhow::Result<Vec<IndexDocument>> {
        let items = self.store.get_many(ids).await?;
        let mut parameters = self.store.parameters_of(ids).await?;
        Ok(items
            .into_iter()
            .map(|item| IndexDocument {
                parameters: parameters.remove(&item.id).unwrap_or_default(),
                item,
                extension: (),
            })
            .collect())
    }

    fn item_id(item: &IndexDocument) -> i64 {
        item.item.id
    }

    fn document_of(
        &self,
        document: &IndexDocument,
        categories: &[CategoryRecord],
    ) -> SearchDocument {
        let item = &document.item;
        // A summary that does not serialise (a library's extras that are no JSON object) is
        // logged and the hit answers the kit's fields alone rather than dropping the item.
        let summary = ItemSummary::of(self.library.as_ref(), item, None).unwrap_or_else(|error| {
            tracing::error!(library = self.label(), item = item.id, error = %error.message(), "search summary");
            ItemSummary::default()
        });
        let extras = self.library.search_extras(item);
        SearchDocument {
            id: item.id.to_string(),
            part_number: item.code.clone(),
            aliases: extras.aliases,
            package: extras.package,
            quality: extras.quality,
            name: item.name.clone(),
            description: item.description.clone(),
            keywords: item
                .keywords
                .split_whitespace()
                .map(str::to_string)
                .collect(),
            categories: category_path(categories, item.category_id)
                .into_iter()
                .map(|crumb| CategoryRef {
                    code: crumb.code,
                    name: crumb.name,
                    name_en: crumb.name_en,
                })
                .collect(),
            manufacturer: item.manufacturer_name.clone(),
            parameters: document
                .parameters
                .iter()
                .filter_map(|parameter| {
                    Some(SearchParameter {
                        name: search_name(parameter),
                        dimension: units::Dimension::from_str(&parameter.dimension).ok()?,
                        min: parameter.min,
                        typ: parameter.typ,
                        max: parameter.max,
                    })
                })
                .collect(),
            payload: StoredHit {
                component: summary,
                parameters: document
                    .parameters
                    .iter()
                    .map(ParameterView::from)
                    .collect(),
            }
            .payload(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parameter(dimension: &str, conditions: Option<&str>) -> Parameter {
        Parameter {
            dimension: dimension.into(),
            min: None,
            typ: Some(0.01),
            max: None,
            original: "10 mm".into(),
            conditions: conditions.map(str::to_string),
        }
    }

    #[test]
    fn a_labelled_parameter_is_searched_by_its_label_else_by_its_dimension() {
        assert_eq!(search_name(&parameter("length", Some("dk"))), "dk");
        assert_eq!(search_name(&parameter("length", Some("d₁"))), "d₁");
        // Measuring conditions are no label.
        assert_eq!(
            search_name(&parameter("resistance", Some("4.5V"))),
            "resistance"
        );
        assert_eq!(search_name(&parameter("capacitance", None)), "capacitance");
    }
}
