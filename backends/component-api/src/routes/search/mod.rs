//! The component library's side of its search index (docs/search.md): how a component becomes a
//! search document and the stored answer of a hit ([`index`]), and its ranking factor
//! ([`quality`]). The search, suggestion and category-count routes are the kit's
//! (`catalog::routes::configure_search` over [`ComponentSearch`]).

pub mod index;
pub mod quality;

pub use index::ComponentSearch;
