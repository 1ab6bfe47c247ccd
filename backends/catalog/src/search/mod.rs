//! The library kit's keyword search (docs/search.md): the index follower that keeps a library's
//! `search::SearchIndex` in step with its store ([`IndexFollower`], over what the library
//! provides as an [`IndexFeed`]), the facets a library exposes ([`FacetConfig`]) and the
//! operator's "rebuild now" with progress ([`RebuildControl`], routes in
//! `routes::search_index`).

pub mod document;
pub mod facets;
pub mod feed;
pub mod follower;
pub mod item_feed;
pub mod rebuild;

pub use document::{by_dimension, by_label, search_document};
pub use facets::{FacetConfig, FacetEntry, FacetsView};
pub use feed::{FeedEntry, IndexFeed};
pub use follower::{category_digest, IndexFollower, IndexStart, FOLLOW_INTERVAL};
pub use item_feed::ItemFeed;
pub use rebuild::{RebuildControl, RebuildProgress, RebuildStarted, RebuildState};
pub use search::FacetKind;
