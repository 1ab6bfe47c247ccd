//! Integration tests of the search engine: relevance on real KiCad/Fritzing records, filters,
//! facets, sorting, suggestions, request errors, incremental updates and the on-disk index.

mod fixture;
mod lifecycle;
mod quality;
mod relevance;
