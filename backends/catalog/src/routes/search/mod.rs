//! Keyword search over a library's index (the kit's follower, `crate::search`), generic over
//! the library's [`IndexFeed`](crate::search::IndexFeed):
//!
//! | path | answer |
//! |---|---|
//! | `GET /search?keyWords=a\|b&notAnalyzerKeyWords=&category=&manufacturer=&package=&range=&sort=&pageNo=&pageSize=` | `{list, total, facets}` |
//! | `GET /es/keyword/suggest?keyword=&size=` | up to 15 completions (strings) |
//! | `GET /category/counts` | `{code: count}`: items per category (subtree) |
//!
//! A hit answers from what the library stored with its document ([`StoredHit`]), without
//! reading the database.

pub mod counts;
pub mod query;
pub mod suggest;

use serde::{Deserialize, Serialize};

use crate::routes::view::{ItemSummary, ParameterView};

/// What a hit answers, stored with its search document (`search::SearchDocument::payload`): the
/// item as lists show it and its parameters. A library's `IndexFeed::document_of` writes it with
/// [`StoredHit::payload`].
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct StoredHit {
    pub component: ItemSummary,
    pub parameters: Vec<ParameterView>,
}

impl StoredHit {
    /// The payload text of a document.
    pub fn payload(&self) -> Option<String> {
        serde_json::to_string(self).ok()
    }
}
