//! The portal's library search engine (design: `docs/search.md`).
//!
//! - [`SearchDocument`]: what a library (components, parts, materials) gives the index per item.
//! - [`SearchIndex`]: a tantivy index in memory or under `<data_dir>/index/<library>`, safe to
//!   share across actix workers; incremental upserts/deletes, full rebuild, reader reload on
//!   commit.
//! - [`SearchRequest`]: keywords under the spec's tag rules, unit keywords
//!   (`notAnalyzerKeyWords`: 10uF ≡ 10μF ≡ 0.01mF ≡ 10000nF), category / manufacturer /
//!   package filters, numeric ranges on any parameter in any unit prefix, sorting, paging.
//! - Matching: Chinese segmentation (jieba, one dictionary per process) with engineering
//!   synonyms (运放 ≡ 运算放大器), part-number prefixes (`STM32F10`, `GRM155`) through an
//!   edge-n-gram field, values through ordered numeric terms; exact part numbers rank first.
//! - [`SearchIndex::suggest`]: prefix completions (≤ 15) from an `fst` map.

mod analysis;
mod document;
mod facets;
mod index;
mod manufacturers;
mod request;
mod schema;
mod suggest;
mod synonyms;
pub mod workload;

pub use analysis::{identifier_key, parameter_key};
pub use document::{CategoryRef, SearchDocument, SearchParameter};
pub use facets::FacetValue;
pub use index::{
    resistance_shorthand, value_quantity, FacetKind, Facets, ParameterInfo, SearchError, SearchHit,
    SearchIndex, SearchResults,
};
pub use manufacturers::{
    glossary_manufacturer, manufacturer_name_zh, GlossaryManufacturer, MANUFACTURERS,
};
pub use request::{
    split_keywords, validate_keywords, QueryError, RangeFilter, SearchRequest, SortOrder,
    DEFAULT_FACET_LIMIT, MAX_KEYWORDS, MAX_KEYWORD_CHARS, MAX_PAGE_SIZE, MAX_RANGE_FILTERS,
    MAX_RESULT_WINDOW, MAX_SUGGESTIONS,
};
pub use units::Dimension;
