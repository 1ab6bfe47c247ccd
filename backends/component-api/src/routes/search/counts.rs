//! `GET /category/counts`: how many components each category holds (its whole subtree), for
//! the catalogue's cards. Read from the search index's category facet (every level of a
//! component's category path is a facet value), so it costs one facet pass, not a query per
//! category.

use std::collections::BTreeMap;

use actix_web::web;
use kernel::{ApiError, ApiResponse, ApiResult};
use search::{FacetKind, SearchError, SearchRequest};

use crate::search_routes::ComponentSearch;

/// More than any taxonomy holds: every category with a component is counted.
const ALL_CATEGORIES: usize = 100_000;

/// Category code → number of components in that category and everything under it. Categories
/// without components are left out (count 0).
#[utoipa::path(
    get,
    path = "/category/counts",
    tag = "component",
    responses((status = 200, description = "{code: count} for every category holding components (its subtree included)",
        body = ApiResponse<BTreeMap<String, u64>>))
)]
#[tracing::instrument(skip_all)]
pub async fn category_counts(
    search: web::Data<ComponentSearch>,
) -> ApiResult<ApiResponse<BTreeMap<String, u64>>> {
    let request = SearchRequest {
        allow_empty: true,
        size: 1,
        facet_limit: ALL_CATEGORIES,
        ..SearchRequest::default()
    };
    // On the search pool, off the HTTP workers; only the category facet is counted.
    let results = search
        .into_inner()
        .run(move |_, index| index.search_with_facets(&request, &[FacetKind::Category]))
        .await?
        .map_err(|error| match error {
            SearchError::Query(error) => ApiError::bad_request(error),
            other => ApiError::internal(other),
        })?;
    Ok(ApiResponse::ok(
        results
            .facets
            .categories
            .into_iter()
            .map(|facet| (facet.value, facet.count))
            .collect(),
    ))
}
