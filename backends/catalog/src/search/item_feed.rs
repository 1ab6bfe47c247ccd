//! The index feed of a library whose items need nothing but the kit's store: no extension table
//! (`ItemLibrary::Extension = ()`; what its lists add comes from the item itself, e.g. its
//! `attributes`). A library with an extension table (components: its package feeds a facet)
//! writes its own [`IndexFeed`], as component-api does.

use std::future::Future;
use std::sync::Arc;

use search::SearchDocument;

use super::document::{by_label, search_document};
use super::feed::{FeedEntry, IndexFeed};
use crate::item::library::ItemLibrary;
use crate::item::model::IndexDocument;
use crate::item::store::{ItemRepository, ItemStore};
use crate::model::CategoryRecord;

/// The kit's store as library `L`'s index feed. Documents carry the item's code, name,
/// description, keywords, category path, manufacturer and parameters, and what the library adds
/// through [`ItemLibrary::search_extras`] (aliases, package, quality; by default none, none
/// and 1). A parameter is indexed under its label when it has one (`dk`, `Flash`: several
/// lengths of one part stay apart and each can be filtered), else under its dimension
/// ([`by_label`]). Hits answer `L`'s summary.
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
        let extras = self.library.search_extras(&document.item);
        SearchDocument {
            aliases: extras.aliases,
            package: extras.package,
            quality: extras.quality,
            ..search_document(self.library.as_ref(), document, categories, by_label)
        }
    }
}
