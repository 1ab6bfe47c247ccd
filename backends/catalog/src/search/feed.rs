//! What a library gives the index follower: its change feed, its items as search documents and
//! the version of its mapping.

use std::future::Future;

use search::SearchDocument;

use crate::model::CategoryRecord;

/// One entry of a library's change feed: the item was inserted, updated or deleted (an item
/// the store no longer has is deleted from the index). Sequences increase.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FeedEntry {
    pub seq: i64,
    pub item_id: i64,
}

/// A library's side of its search index. The follower reads items in pages by id (a full
/// rebuild), by id (what the feed names) and maps each onto a [`SearchDocument`] whose
/// `payload` holds the library's stored answer of a hit.
pub trait IndexFeed: Send + Sync + 'static {
    /// One item as the store reads it for indexing.
    type Item: Send;

    /// The library's part of the index's version stamp (`component 1`): bump it whenever
    /// [`Self::document_of`] or the stored answer changes, so that an index on disk is rebuilt.
    fn owner_version(&self) -> &'static str;

    /// What the log lines name (`component`).
    fn label(&self) -> &'static str;

    /// The feed's entries after `after_seq`, oldest first, at most `limit`.
    fn changes_since(
        &self,
        after_seq: i64,
        limit: i64,
    ) -> impl Future<Output = anyhow::Result<Vec<FeedEntry>>> + Send;

    /// How many items the store holds (a rebuild's `total`).
    fn item_count(&self) -> impl Future<Output = anyhow::Result<i64>> + Send;

    /// Items by id after `after_id`, at most `limit`, in id order (a rebuild reads these pages).
    fn index_documents(
        &self,
        after_id: i64,
        limit: i64,
    ) -> impl Future<Output = anyhow::Result<Vec<Self::Item>>> + Send;

    /// The items of `ids` the store still has (the others were deleted).
    fn documents_by_ids(
        &self,
        ids: &[i64],
    ) -> impl Future<Output = anyhow::Result<Vec<Self::Item>>> + Send;

    /// The id of an item (its document's `id` is its decimal text).
    fn item_id(item: &Self::Item) -> i64;

    /// An item as the index sees it, with its category path named from `categories`.
    fn document_of(&self, item: &Self::Item, categories: &[CategoryRecord]) -> SearchDocument;
}
