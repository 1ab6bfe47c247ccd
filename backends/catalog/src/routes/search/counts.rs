//! `GET /category/counts`: how many items each category holds (its whole subtree), for the
//! catalogue's cards. Read from the index's category facet (every level of an item's category
//! path is a facet value): one facet pass, not a query per category.

use std::collections::BTreeMap;

use actix_web::web;
use kernel::{ApiError, ApiResponse, ApiResult};
use search::{FacetKind, SearchError, SearchRequest};

use crate::search::{IndexFeed, IndexFollower};

/// More than any taxonomy holds: every category with an item is counted.
const ALL_CATEGORIES: usize = 100_000;

/// Category code → number of items in that category and everything under it. Categories
/// without items are left out (count 0).
#[utoipa::path(
    get,
    path = "/category/counts",
    tag = "items",
    responses((status = 200, description = "{code: count} for every category holding items (its subtree included)",
        body = ApiResponse<BTreeMap<String, u64>>))
)]
#[tracing::instrument(skip_all)]
pub async fn category_counts<F: IndexFeed>(
    follower: web::Data<IndexFollower<F>>,
) -> ApiResult<ApiResponse<BTreeMap<String, u64>>> {
    let request = SearchRequest {
        allow_empty: true,
        size: 1,
        facet_limit: ALL_CATEGORIES,
        ..SearchRequest::default()
    };
    // On the search pool; only the category facet is counted.
    let results = follower
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
